"""Load generator: N four-seat matches on loopback, every seat sending a message every 2 s.

Starts ``--servers`` server processes on free loopback ports (one: SQLite in a temporary folder,
or ``--db URL``; two or more: cluster mode on one PostgreSQL, ``--db postgresql://...`` or
``--pg`` for a throwaway cluster made with the test suite's ``tests/server/pgcluster.py``), makes
``--matches`` Toss Up! rooms of 4 people (spread over the processes, each room's seats connected
to the process that owns it, so nothing is relayed), starts them and plays: every seat, on its
own WebSocket, sends one message every ``--period`` seconds (its phase drawn at random): a random
legal move when its view offers one, else a ``ping``. A match that ends is followed by a rematch.

Printed: the action round trip (a move sent to the update that applies it, on the same
connection) p50/p95/p99/max, the ping round trip p50/p99, messages/s sent by the servers,
their CPU (% of a core, ms per message sent) and memory, and the machine's load average before
and after, since the load generator (``--workers`` processes) shares the cores. The last line is
one JSON object of the same figures.

Bounded: at most 1,500 matches, 600 s measured, loopback only (the servers it starts, or
``--url`` on 127.0.0.1). Run from the project's root:

    python bench/load_server.py --matches 200                    # one process, SQLite
    python bench/load_server.py --matches 1000 --servers 2 --pg  # cluster mode, PostgreSQL
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
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
from websockets.asyncio.client import connect

from bench_server import cpu_seconds, free_port, percentile, rss_kib

MAX_MATCHES = 1500
MAX_DURATION = 600.0
SEATS = 4
#: The servers' settings for a load test: everything comes from one loopback address, and in
#: cluster mode a process starved of CPU for a few seconds keeps its rooms (a 5 s lease lapsed
#: under a load average of 15 and rooms moved between the processes mid-run).
SERVER_ENV = {
    "GAMENIGHT_BOT_DELAY": "1",
    "GAMENIGHT_ROOMS_PER_MINUTE": "0",
    "GAMENIGHT_ADDRESS_SOCKETS": "0",
    "GAMENIGHT_LEASE_SECONDS": "30",
}


class Shared:
    """Times and counts shared by the main process and the workers."""

    def __init__(self) -> None:
        self.measure_from: Any = multiprocessing.Value("d", 0.0)
        self.stop_at: Any = multiprocessing.Value("d", 0.0)
        self.connected: Any = multiprocessing.Value("i", 0)

    def measuring(self, now: float) -> bool:
        """Whether ``now`` is inside the measured window."""
        start, stop = self.measure_from.value, self.stop_at.value
        return 0 < start <= now and (stop == 0 or now < stop)

    def stopped(self) -> bool:
        """Whether the run is over."""
        return 0 < self.stop_at.value <= time.time()


async def make_rooms(base: str, count: int, first: int) -> list[dict[str, Any]]:
    """``count`` rooms of 4 people made on the server at ``base`` (16 requests at a time)."""
    gate = asyncio.Semaphore(16)

    async def one(http: httpx.AsyncClient, n: int) -> dict[str, Any]:
        async with gate:
            body = {"game": "toss-up", "seats": SEATS, "name": f"p{n}"}
            made = (await http.post("/api/rooms", json=body)).raise_for_status().json()
            tokens = [made["token"]]
            for seat in range(1, SEATS):
                joined = await http.post(
                    f"/api/rooms/{made['code']}/join", json={"name": f"p{n}-{seat}"}
                )
                tokens.append(joined.raise_for_status().json()["token"])
            return {
                "base": base,
                "code": made["code"],
                "host": made["host_token"],
                "tokens": tokens,
            }

    async with httpx.AsyncClient(base_url=base, timeout=120) as http:
        return list(await asyncio.gather(*(one(http, first + n) for n in range(count))))


async def start_rooms(rooms: list[dict[str, Any]]) -> None:
    """Start every match (16 requests at a time)."""
    gate = asyncio.Semaphore(16)

    async def one(room: dict[str, Any]) -> None:
        async with gate, httpx.AsyncClient(base_url=room["base"], timeout=120) as http:
            answer = await http.post(
                f"/api/rooms/{room['code']}/start",
                headers={"Authorization": f"Bearer {room['host']}"},
            )
            answer.raise_for_status()

    await asyncio.gather(*(one(room) for room in rooms))


class Phase:
    """The shared times as one worker process reads them, ten times a second (reading the
    shared values at every message would cost the load generator a lock each time)."""

    def __init__(self, shared: Shared) -> None:
        self.shared = shared
        self.measuring = False
        self.stopped = False

    async def follow(self) -> None:
        """Keep ``measuring`` and ``stopped`` up to date until the run stops."""
        while not self.stopped:
            self.measuring = self.shared.measuring(time.time())
            self.stopped = self.shared.stopped()
            await asyncio.sleep(0.1)


async def play_seat(
    room: dict[str, Any],
    seat: int,
    period: float,
    rng: random.Random,
    stats: dict[str, Any],
    shared: Shared,
    phase: Phase,
) -> None:
    """One person: connect, then send a move (or a ping) every ``period`` seconds."""
    base, code = room["base"], room["code"]
    url = base.replace("http://", "ws://") + f"/ws/{code}?token={room['tokens'][seat]}"
    async with connect(url, max_size=1 << 22, open_timeout=300, ping_interval=None) as ws:
        with shared.connected.get_lock():
            shared.connected.value += 1
        latest: dict[str, Any] = {}
        moves: dict[int, float] = {}
        pings: dict[str, float] = {}

        async def tick() -> None:
            loop = asyncio.get_running_loop()
            due = loop.time() + rng.random() * period
            n = 0
            while not phase.stopped:
                await asyncio.sleep(max(0.0, due - loop.time()))
                due += period
                update = latest.get("update")
                version = update["version"] if update else -1
                n += 1
                if update and update["view"]["legal"] and version not in moves:
                    action = rng.choice(update["view"]["legal"])
                    moves[version] = time.perf_counter()
                    message = {"type": "act", "action": action, "version": version}
                else:
                    pings[f"{n}"] = time.perf_counter()
                    message = {"type": "ping", "ref": f"{n}"}
                with contextlib.suppress(Exception):
                    await ws.send(json.dumps(message))
            await ws.close()  # ends the reading below

        ticker = asyncio.create_task(tick())
        try:
            async for text in ws:
                now = time.perf_counter()
                measuring = phase.measuring
                if measuring:
                    stats["messages"] += 1
                message = json.loads(text)
                kind = message["type"]
                if kind == "update":
                    if message["actor"] == seat and message["by"] == "person":
                        made_at = moves.pop(message["version"] - 1, None)
                        if made_at is not None and measuring:
                            stats["moves"].append(now - made_at)
                    latest["update"] = message
                elif kind == "pong":
                    sent = pings.pop(message["ref"], None)
                    if sent is not None and measuring:
                        stats["pings"].append(now - sent)
                elif kind == "over" and seat == 0:
                    stats["finished"] += 1
                    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
                        await http.post(
                            f"/api/rooms/{code}/rematch",
                            headers={"Authorization": f"Bearer {room['host']}"},
                        )
                elif kind == "error" and message["code"] not in ("stale_version",):
                    stats["errors"] += 1
            if phase.stopped:
                stats["held"] += 1
        finally:
            ticker.cancel()


def worker(rooms: list[dict[str, Any]], period: float, shared: Shared, out: Any) -> None:
    """Play ``rooms`` in one process; put the figures on ``out``."""
    stats: dict[str, Any] = {
        "moves": [],
        "pings": [],
        "messages": 0,
        "finished": 0,
        "errors": 0,
        "held": 0,
    }

    async def main() -> None:
        rng = random.Random(os.getpid())
        phase = Phase(shared)
        follower = asyncio.create_task(phase.follow())
        await asyncio.gather(
            *(
                play_seat(
                    room, seat, period, random.Random(rng.getrandbits(64)), stats, shared, phase
                )
                for room in rooms
                for seat in range(SEATS)
            ),
            return_exceptions=True,
        )
        await follower

    asyncio.run(main())
    stats["cpu"] = time.process_time()
    out.put(stats)


def loopback(url: str) -> str:
    """``url`` if it is on this machine's loopback; the load generator goes nowhere else."""
    host = urlsplit(url).hostname
    if host not in ("127.0.0.1", "localhost", "::1"):
        raise SystemExit(f"--url must be a loopback address (127.0.0.1), not {host}")
    return url.rstrip("/")


def start_servers(args: Any, folder: Path, db: str) -> list[tuple[str, subprocess.Popen[bytes]]]:
    """Start the server processes (cluster mode when more than one) and wait for each."""
    servers = []
    for n in range(args.servers):
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        command = [sys.executable, "-m", "gamenight.server", "--port", str(port), "--db", db]
        command += ["--log-level", "warning"]
        if args.servers > 1:
            command += ["--cluster", "--advertise-url", base]
        log = (folder / f"server{n}.log").open("wb")
        process = subprocess.Popen(
            command, env={**os.environ, **SERVER_ENV}, stdout=log, stderr=subprocess.STDOUT
        )
        servers.append((base, process))
        healthy(base, process)
    return servers


def healthy(base: str, process: subprocess.Popen[bytes] | None) -> None:
    """Wait until ``/healthz`` answers (60 s at most)."""
    deadline = time.time() + 60
    while True:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(base + "/healthz", timeout=2).status_code == 200:
                return
        if time.time() > deadline or (process is not None and process.poll() is not None):
            raise SystemExit(f"the server at {base} did not start")
        time.sleep(0.1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=200, help=f"at most {MAX_MATCHES}")
    parser.add_argument("--period", type=float, default=2.0, help="seconds between a seat's sends")
    parser.add_argument("--duration", type=float, default=60.0, help="seconds measured")
    parser.add_argument("--warmup", type=float, default=15.0, help="seconds before measuring")
    parser.add_argument("--workers", type=int, default=2, help="load-generator processes")
    parser.add_argument("--servers", type=int, default=1, help="server processes (2+: cluster)")
    parser.add_argument("--db", default=None, help="database URL (default: a SQLite file)")
    parser.add_argument("--pg", action="store_true", help="a throwaway PostgreSQL for the run")
    parser.add_argument("--url", default=None, help="load a server already running (loopback)")
    parser.add_argument("--pid", type=int, default=None, help="its process id (for CPU, RSS)")
    args = parser.parse_args()
    if not 1 <= args.matches <= MAX_MATCHES:
        parser.error(f"--matches must be from 1 to {MAX_MATCHES}")
    if not 0 < args.duration <= MAX_DURATION or not 0 <= args.warmup <= 120:
        parser.error(f"--duration must be up to {MAX_DURATION:.0f} s and --warmup up to 120 s")
    if args.url:
        base = loopback(args.url)
        healthy(base, None)
        run(args, [base], [args.pid] if args.pid else [], "given server")
        return
    folder = Path(tempfile.mkdtemp(prefix="gamenight-load-"))
    with contextlib.ExitStack() as stack:
        db = args.db
        if args.pg:
            sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
            from tests.server.pgcluster import running_cluster

            db = stack.enter_context(running_cluster()).new_database()
        if args.servers > 1 and not (db or "").startswith("postgresql"):
            parser.error(
                "two or more servers share one PostgreSQL: give --pg or --db postgresql://"
            )
        db = db or f"sqlite:///{folder / 'load.db'}"
        servers = start_servers(args, folder, db)
        try:
            kind = db.split(":", 1)[0] + (
                f", cluster of {args.servers}" if args.servers > 1 else ""
            )
            run(args, [b for b, _ in servers], [p.pid for _, p in servers], kind)
        finally:
            for _, process in servers:
                process.send_signal(signal.SIGTERM)
            for _, process in servers:
                with contextlib.suppress(subprocess.TimeoutExpired):
                    process.wait(timeout=30)
                if process.poll() is None:
                    process.kill()


def run(args: Any, bases: list[str], pids: list[int], kind: str) -> None:
    """Make the rooms, connect every seat, start, measure, print."""
    began = time.perf_counter()
    share = -(-args.matches // len(bases))
    rooms: list[dict[str, Any]] = []
    for base in bases:
        count = min(share, args.matches - len(rooms))
        rooms += asyncio.run(make_rooms(base, count, len(rooms)))
    print(f"{len(rooms)} rooms made in {time.perf_counter() - began:.1f} s", flush=True)
    shared = Shared()
    queue: Any = multiprocessing.Queue()
    procs = [
        multiprocessing.Process(
            target=worker, args=(rooms[i :: args.workers], args.period, shared, queue)
        )
        for i in range(args.workers)
    ]
    for proc in procs:
        proc.start()
    seats = len(rooms) * SEATS
    began = time.perf_counter()
    while shared.connected.value < seats:
        if time.perf_counter() - began > 300:
            shared.stop_at.value = time.time()
            raise SystemExit(f"only {shared.connected.value} of {seats} seats connected")
        time.sleep(0.2)
    print(f"{seats} seats connected in {time.perf_counter() - began:.1f} s", flush=True)
    began = time.perf_counter()
    asyncio.run(start_rooms(rooms))
    print(f"{len(rooms)} matches started in {time.perf_counter() - began:.1f} s", flush=True)
    time.sleep(args.warmup)
    load_before = os.getloadavg()[0]
    cpu_before = sum(cpu_seconds(pid) for pid in pids)
    shared.measure_from.value = time.time()
    rss: list[int] = []
    while time.time() < shared.measure_from.value + args.duration:
        rss.append(sum(rss_kib(pid) for pid in pids))
        time.sleep(1.0)
    shared.stop_at.value = time.time()
    cpu_used = sum(cpu_seconds(pid) for pid in pids) - cpu_before
    load_after = os.getloadavg()[0]
    results = [queue.get(timeout=300) for _ in procs]
    for proc in procs:
        proc.join(timeout=60)
    report(args, kind, len(bases), results, cpu_used, max(rss or [0]), load_before, load_after)


def report(
    args: Any,
    kind: str,
    servers: int,
    results: list[dict[str, Any]],
    cpu_used: float,
    rss: int,
    load_before: float,
    load_after: float,
) -> None:
    """Print the figures, then one JSON line of them."""
    moves = [1000 * x for r in results for x in r["moves"]] or [float("nan")]
    pings = [1000 * x for r in results for x in r["pings"]] or [float("nan")]
    messages = sum(r["messages"] for r in results)
    figures = {
        "matches": args.matches,
        "servers": servers,
        "database": kind,
        "held": sum(r["held"] for r in results) // SEATS,
        "finished": sum(r["finished"] for r in results),
        "moves": len(moves),
        "move_p50_ms": round(percentile(moves, 50), 1),
        "move_p95_ms": round(percentile(moves, 95), 1),
        "move_p99_ms": round(percentile(moves, 99), 1),
        "move_max_ms": round(max(moves), 1),
        "ping_p50_ms": round(percentile(pings, 50), 1),
        "ping_p99_ms": round(percentile(pings, 99), 1),
        "messages_per_s": round(messages / args.duration),
        "server_cpu_percent": round(100 * cpu_used / args.duration),
        "server_ms_per_message": round(1000 * cpu_used / max(messages, 1), 3),
        "server_rss_mib": round(rss / 1024),
        "refused": sum(r["errors"] for r in results),
        "load_before": round(load_before, 1),
        "load_after": round(load_after, 1),
        "cores": os.cpu_count(),
        "client_cpu_s": round(sum(r["cpu"] for r in results)),
    }
    f = figures
    print(
        f"{f['matches']} matches x {SEATS} seats, a message per seat every {args.period:g} s; "
        f"{kind}; {args.duration:.0f} s measured after {args.warmup:.0f} s"
    )
    print(f"matches held: {f['held']} of {f['matches']} ({f['finished']} finished and rematched)")
    print(
        f"move round trip: p50 {f['move_p50_ms']} ms, p95 {f['move_p95_ms']} ms, p99 "
        f"{f['move_p99_ms']} ms, max {f['move_max_ms']} ms ({f['moves']} moves)"
    )
    print(f"ping round trip: p50 {f['ping_p50_ms']} ms, p99 {f['ping_p99_ms']} ms")
    print(f"messages/s sent by the server(s): {f['messages_per_s']}; refused: {f['refused']}")
    print(
        f"server CPU: {f['server_cpu_percent']}% of one core in all, "
        f"{f['server_ms_per_message']} ms per message sent; memory {f['server_rss_mib']} MiB"
    )
    print(
        f"load average {f['load_before']} -> {f['load_after']} on {f['cores']} cores "
        f"(load generator: {f['client_cpu_s']} s of CPU)"
    )
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
