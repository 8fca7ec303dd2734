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


def make_rooms(base: str, game: str, seats: int, count: int) -> list[dict[str, Any]]:
    """Create ``count`` rooms with every seat taken; returns code, host token and seat tokens."""
    rooms = []
    with httpx.Client(base_url=base, timeout=60) as http:
        for n in range(count):
            made = http.post(
                "/api/rooms", json={"game": game, "seats": seats, "name": f"p{n}-0"}
            ).json()
            tokens = [made["token"]]
            for seat in range(1, seats):
                joined = http.post(
                    f"/api/rooms/{made['code']}/join", json={"name": f"p{n}-{seat}"}
                ).json()
                tokens.append(joined["token"])
            rooms.append({"code": made["code"], "host": made["host_token"], "tokens": tokens})
    return rooms


async def play_seat(
    base: str,
    code: str,
    token: str,
    think: float,
    rng: random.Random,
    stats: dict[str, Any],
    stop_at: float,
    measure_from: float,
) -> None:
    """One simulated person: connect, then think and play until ``stop_at``."""
    url = base.replace("http://", "ws://") + f"/ws/{code}?token={token}"
    async with connect(url, max_size=1 << 22, open_timeout=60, ping_interval=None) as ws:
        stats["connected"] += 1
        sent: dict[int, float] = {}
        latest: dict[str, Any] | None = None
        loop = asyncio.get_running_loop()
        next_move: asyncio.TimerHandle | None = None
        my_seat: int | None = None

        async def move(update: dict[str, Any]) -> None:
            if latest is not update or loop.time() > stop_at:
                return
            action = rng.choice(update["view"]["legal"])
            sent[update["version"]] = time.perf_counter()
            with contextlib.suppress(Exception):
                await ws.send(
                    json.dumps({"type": "act", "action": action, "version": update["version"]})
                )

        try:
            while loop.time() < stop_at:
                try:
                    text = await asyncio.wait_for(ws.recv(), max(0.01, stop_at - loop.time()))
                except TimeoutError:
                    break
                now = time.perf_counter()
                if now >= measure_from:
                    stats["messages"] += 1
                message = json.loads(text)
                kind = message["type"]
                if kind == "welcome":
                    my_seat = message["seat"]
                elif kind == "update":
                    if message["actor"] == my_seat and message["by"] == "person":
                        made_at = sent.pop(message["version"] - 1, None)
                        if made_at is not None and now >= measure_from:
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
                            headers={"Authorization": f"Bearer {stats['hosts'][code]}"},
                        )
                elif kind == "error" and message["code"] not in ("stale_version",):
                    stats["errors"] += 1
        finally:
            if next_move is not None:
                next_move.cancel()
            stats["held"] += 1 if loop.time() >= stop_at - 0.5 else 0


def worker(
    base: str,
    rooms: list[dict[str, Any]],
    think: float,
    start_at: float,
    measure_from: float,
    stop_at: float,
    out: Any,
) -> None:
    """Play ``rooms`` in one process; put the figures on ``out``."""
    stats: dict[str, Any] = {
        "latencies": [],
        "messages": 0,
        "actions": 0,
        "finished": 0,
        "errors": 0,
        "connected": 0,
        "held": 0,
        "hosts": {r["code"]: r["host"] for r in rooms},
    }

    async def main() -> None:
        rng = random.Random(os.getpid())
        loop = asyncio.get_running_loop()
        offset = time.time() - loop.time()
        tasks = [
            play_seat(
                base,
                room["code"],
                token,
                think,
                random.Random(rng.getrandbits(64)),
                stats,
                stop_at - offset,
                measure_from,
            )
            for room in rooms
            for token in room["tokens"]
        ]
        await asyncio.gather(*tasks, return_exceptions=True)

    while time.time() < start_at:
        time.sleep(0.01)
    asyncio.run(main())
    stats.pop("hosts")
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
    args = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="gamenight-bench-"))
    db = args.db or f"sqlite:///{folder / 'bench.db'}"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = {**os.environ, "GAMENIGHT_BOT_DELAY": "1"}
    log = (folder / "server.log").open("wb")
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gamenight.server",
            "--port",
            str(port),
            "--db",
            db,
            "--log-level",
            "warning",
        ],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.time() + 60
        while True:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(base + "/healthz", timeout=2).status_code == 200:
                    break
            if time.time() > deadline or server.poll() is not None:
                raise SystemExit("the server did not start")
            time.sleep(0.1)
        made = time.perf_counter()
        rooms = make_rooms(base, args.game, args.seats, args.matches)
        print(f"{len(rooms)} rooms made in {time.perf_counter() - made:.1f} s", flush=True)

        start_at = time.time() + 1.0
        connect_time = max(5.0, args.matches * args.seats / 400)
        measure_from_wall = start_at + connect_time + args.warmup
        stop_at = measure_from_wall + args.duration
        measure_from = time.perf_counter() + (measure_from_wall - time.time())
        queue: Any = multiprocessing.Queue()
        shares = [rooms[i :: args.workers] for i in range(args.workers)]
        procs = [
            multiprocessing.Process(
                target=worker,
                args=(base, share, args.think, start_at, measure_from, stop_at, queue),
            )
            for share in shares
        ]
        for proc in procs:
            proc.start()
        # Start every match once its seats are connected (a little after the workers start).
        time.sleep(max(0.0, start_at - time.time()) + connect_time * 0.8)
        with httpx.Client(base_url=base, timeout=60) as http:
            for room in rooms:
                http.post(
                    f"/api/rooms/{room['code']}/start",
                    headers={"Authorization": f"Bearer {room['host']}"},
                )
        time.sleep(max(0.0, measure_from_wall - time.time()))
        cpu_before, rss_samples = cpu_seconds(server.pid), []
        while time.time() < stop_at:
            rss_samples.append(rss_kib(server.pid))
            time.sleep(1.0)
        cpu_used = cpu_seconds(server.pid) - cpu_before
        results = [queue.get(timeout=120) for _ in procs]
        for proc in procs:
            proc.join(timeout=60)
    finally:
        server.send_signal(signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            server.wait(timeout=30)
        if server.poll() is None:
            server.kill()

    latencies = [x for r in results for x in r["latencies"]]
    messages = sum(r["messages"] for r in results)
    actions = sum(r["actions"] for r in results)
    held = sum(r["held"] for r in results) // args.seats
    errors = sum(r["errors"] for r in results)
    finished = sum(r["finished"] for r in results)
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
        f"server memory: {max(rss_samples) / 1024:.0f} MiB RSS at most; "
        f"server CPU: {100 * cpu_used / args.duration:.0f}% of one core"
    )


if __name__ == "__main__":
    main()
