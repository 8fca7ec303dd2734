"""Load test of the game server over real WebSockets on loopback.

Starts ``python -m gamenight.server`` on a free loopback port (SQLite in a temporary folder, or
``--db URL``), opens ``--matches`` rooms of ``--seats`` people each, and has every seat played by
a simulated person: when their view offers a move, they think for a while (``--think`` seconds
on average, uniform from half to one and a half times that) and send a random legal one. A match
that ends is followed by a rematch, so every match stays held for the whole run.

Printed: matches held, the action round trip (from sending a move to receiving the update that
applies it, on the same connection) p50/p90/p99/max, messages/s sent by the server, actions/s,
and the server's memory (peak RSS) and CPU. The load generator runs in ``--workers`` processes
beside the server, on the same machine, so it shares the cores.

    python bench/bench_server.py --matches 500 --seats 4 --duration 60
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

LOG = ("--log-level", "warning")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def rss_kib(pid: int) -> int:
    """Resident memory of a process in KiB (from /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a process, in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


async def make_rooms(base: str, game: str, seats: int, count: int) -> list[dict[str, Any]]:
    """Create ``count`` rooms with every seat taken (16 at a time); code, host and seat tokens."""
    limit = asyncio.Semaphore(16)

    async def one(http: httpx.AsyncClient, n: int) -> dict[str, Any]:
        async with limit:
            made = (
                await http.post("/api/rooms", json={"game": game, "seats": seats, "name": f"p{n}"})
            ).json()
            tokens = [made["token"]]
            for seat in range(1, seats):
                joined = await http.post(
                    f"/api/rooms/{made['code']}/join", json={"name": f"p{n}-{seat}"}
                )
                tokens.append(joined.json()["token"])
            return {"code": made["code"], "host": made["host_token"], "tokens": tokens}

    async with httpx.AsyncClient(base_url=base, timeout=120) as http:
        return list(await asyncio.gather(*(one(http, n) for n in range(count))))


async def start_rooms(base: str, rooms: list[dict[str, Any]]) -> None:
    """Start every match (16 requests at a time)."""
    limit = asyncio.Semaphore(16)

    async def one(http: httpx.AsyncClient, room: dict[str, Any]) -> None:
        async with limit:
            answer = await http.post(
                f"/api/rooms/{room['code']}/start",
                headers={"Authorization": f"Bearer {room['host']}"},
            )
            answer.raise_for_status()

    async with httpx.AsyncClient(base_url=base, timeout=120) as http:
        await asyncio.gather(*(one(http, room) for room in rooms))


class Clock:
    """Times shared by the main process and the workers (wall clock; 0: not yet)."""

    def __init__(self) -> None:
        self.measure_from: Any = multiprocessing.Value("d", 0.0)
        self.stop_at: Any = multiprocessing.Value("d", 0.0)
        self.connected: Any = multiprocessing.Value("i", 0)

    def measuring(self, now: float) -> bool:
        """Whether ``now`` is inside the measured window."""
        start, stop = self.measure_from.value, self.stop_at.value
        return 0 < start <= now and (stop == 0 or now < stop)

    def stopped(self, now: float) -> bool:
        """Whether the run is over."""
        return 0 < self.stop_at.value <= now


async def play_seat(
    base: str,
    room: dict[str, Any],
    token: str,
    think: float,
    rng: random.Random,
    stats: dict[str, Any],
    clock: Clock,
) -> None:
    """One simulated person: connect, then think and play until the run stops."""
    code = room["code"]
    url = base.replace("http://", "ws://") + f"/ws/{code}?token={token}"
    async with connect(url, max_size=1 << 22, open_timeout=120, ping_interval=None) as ws:
        with clock.connected.get_lock():
            clock.connected.value += 1
        sent: dict[int, float] = {}
        latest: dict[str, Any] | None = None
        loop = asyncio.get_running_loop()
        next_move: asyncio.TimerHandle | None = None
        my_seat: int | None = None

        async def move(update: dict[str, Any]) -> None:
            if latest is not update or clock.stopped(time.time()):
                return
            action = rng.choice(update["view"]["legal"])
            sent[update["version"]] = time.perf_counter()
            with contextlib.suppress(Exception):
                await ws.send(
                    json.dumps({"type": "act", "action": action, "version": update["version"]})
                )

        try:
            while not clock.stopped(time.time()):
                try:
                    text = await asyncio.wait_for(ws.recv(), 1.0)
                except TimeoutError:
                    continue
                now = time.perf_counter()
                measuring = clock.measuring(time.time())
                if measuring:
                    stats["messages"] += 1
                message = json.loads(text)
                kind = message["type"]
                if kind == "welcome":
                    my_seat = message["seat"]
                elif kind == "update":
                    if message["actor"] == my_seat and message["by"] == "person":
                        made_at = sent.pop(message["version"] - 1, None)
                        if made_at is not None and measuring:
                            stats["latencies"].append(now - made_at)
                            stats["actions"] += 1
                    latest = message
                    if next_move is not None:
                        next_move.cancel()
                        next_move = None
                    if message["view"]["legal"]:
                        delay = think * (0.5 + rng.random())
                        update = message
                        next_move = loop.call_later(
                            delay, lambda u=update: asyncio.ensure_future(move(u))
                        )
                elif kind == "over" and my_seat == 0:
                    stats["finished"] += 1
                    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
                        await http.post(
                            f"/api/rooms/{code}/rematch",
                            headers={"Authorization": f"Bearer {room['host']}"},
                        )
                elif kind == "error" and message["code"] != "stale_version":
                    stats["errors"] += 1
            stats["held"] += 1
        finally:
            if next_move is not None:
                next_move.cancel()


def worker(base: str, rooms: list[dict[str, Any]], think: float, clock: Clock, out: Any) -> None:
    """Play ``rooms`` in one process; put the figures on ``out``."""
    stats: dict[str, Any] = {
        "latencies": [],
        "messages": 0,
        "actions": 0,
        "finished": 0,
        "errors": 0,
        "held": 0,
    }

    async def main() -> None:
        rng = random.Random(os.getpid())
        tasks = [
            play_seat(base, room, token, think, random.Random(rng.getrandbits(64)), stats, clock)
            for room in rooms
            for token in room["tokens"]
        ]
        await asyncio.gather(*tasks, return_exceptions=True)

    asyncio.run(main())
    stats["cpu"] = time.process_time()
    out.put(stats)


def percentile(values: list[float], p: float) -> float:
    """The ``p``-th percentile (nearest rank) of ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered)) - 1))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=500)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--game", default="toss-up")
    parser.add_argument("--think", type=float, default=2.0, help="mean seconds before a move")
    parser.add_argument("--duration", type=float, default=60.0, help="seconds measured")
    parser.add_argument("--warmup", type=float, default=10.0, help="seconds before measuring")
    parser.add_argument("--workers", type=int, default=2, help="load-generator processes")
    parser.add_argument("--db", default=None, help="database URL (default: a SQLite file)")
    parser.add_argument("--url", default=None, help="load a server already running here")
    parser.add_argument("--pid", type=int, default=None, help="its process id (for CPU, RSS)")
    args = parser.parse_args()
    if args.url:
        run(args, args.url, None, args.pid, args.db or "(given server)")
        return

    folder = Path(tempfile.mkdtemp(prefix="gamenight-bench-"))
    db = args.db or f"sqlite:///{folder / 'bench.db'}"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = {
        **os.environ,
        "GAMENIGHT_BOT_DELAY": "1",
        # Every socket and room comes from one loopback address.
        "GAMENIGHT_ROOMS_PER_MINUTE": "0",
        "GAMENIGHT_ADDRESS_SOCKETS": "0",
    }
    log = (folder / "server.log").open("wb")
    server = subprocess.Popen(
        [sys.executable, "-m", "gamenight.server", "--port", str(port), "--db", db, *LOG],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        run(args, base, server, server.pid, db)
    finally:
        server.send_signal(signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            server.wait(timeout=30)
        if server.poll() is None:
            server.kill()


def run(args: Any, base: str, server: Any, pid: int | None, db: str) -> None:
    """Make the rooms, connect every seat, start, measure, print."""
    if True:
        deadline = time.time() + 60
        while True:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(base + "/healthz", timeout=2).status_code == 200:
                    break
            if time.time() > deadline or (server is not None and server.poll() is not None):
                raise SystemExit("the server did not start")
            time.sleep(0.1)
        began = time.perf_counter()
        rooms = asyncio.run(make_rooms(base, args.game, args.seats, args.matches))
        print(f"{len(rooms)} rooms made in {time.perf_counter() - began:.1f} s", flush=True)
        clock = Clock()
        queue: Any = multiprocessing.Queue()
        procs = [
            multiprocessing.Process(
                target=worker, args=(base, rooms[i :: args.workers], args.think, clock, queue)
            )
            for i in range(args.workers)
        ]
        for proc in procs:
            proc.start()
        seats = args.matches * args.seats
        began = time.perf_counter()
        while clock.connected.value < seats:
            if time.perf_counter() - began > 300:
                raise SystemExit(f"only {clock.connected.value} of {seats} seats connected")
            time.sleep(0.2)
        print(f"{seats} seats connected in {time.perf_counter() - began:.1f} s", flush=True)
        began = time.perf_counter()
        asyncio.run(start_rooms(base, rooms))
        print(f"{len(rooms)} matches started in {time.perf_counter() - began:.1f} s", flush=True)
        time.sleep(args.warmup)
        load_before = os.getloadavg()[0]
        cpu_before = cpu_seconds(pid) if pid else 0.0
        clock.measure_from.value = time.time()
        rss_samples = []
        while time.time() < clock.measure_from.value + args.duration:
            rss_samples.append(rss_kib(pid) if pid else 0)
            time.sleep(1.0)
        clock.stop_at.value = time.time()
        cpu_used = (cpu_seconds(pid) if pid else 0.0) - cpu_before
        load_after = os.getloadavg()[0]
        results = [queue.get(timeout=300) for _ in procs]
        for proc in procs:
            proc.join(timeout=60)

    latencies = [x for r in results for x in r["latencies"]]
    messages = sum(r["messages"] for r in results)
    actions = sum(r["actions"] for r in results)
    held = sum(r["held"] for r in results) // args.seats
    errors = sum(r["errors"] for r in results)
    finished = sum(r["finished"] for r in results)
    client_cpu = sum(r["cpu"] for r in results)
    ms = [1000 * x for x in latencies] or [float("nan")]
    print(f"game {args.game}, {args.matches} matches x {args.seats} seats, think {args.think} s")
    print(f"database: {db.split(':', 1)[0]}; measured {args.duration:.0f} s after warm-up")
    print(f"matches held: {held} of {args.matches} ({finished} games finished and rematched)")
    print(
        f"action round trip: p50 {percentile(ms, 50):.1f} ms, p90 {percentile(ms, 90):.1f} ms, "
        f"p99 {percentile(ms, 99):.1f} ms, max {max(ms):.1f} ms, mean "
        f"{statistics.fmean(ms):.1f} ms ({len(latencies)} actions)"
    )
    print(f"messages/s sent by the server: {messages / args.duration:.0f}")
    print(f"actions/s by people: {actions / args.duration:.0f}; refused (not too slow): {errors}")
    print(
        f"server memory: {max(rss_samples) / 1024:.0f} MiB RSS at most; server CPU: "
        f"{100 * cpu_used / args.duration:.0f}% of one core "
        f"({1000 * cpu_used / max(messages, 1):.2f} ms per message sent)"
    )
    print(
        f"load generator CPU: {client_cpu:.0f} s in all; machine load average "
        f"{load_before:.1f} -> {load_after:.1f} on {os.cpu_count()} cores"
    )


if __name__ == "__main__":
    main()
