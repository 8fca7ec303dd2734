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
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx

from bench_server import cpu_seconds, free_port, percentile, rss_kib
from wsclient import LeanSocket, connect_lean

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
    """Start every match (16 requests at a time, on one HTTP client per server)."""
    gate = asyncio.Semaphore(16)
    clients = {
        room["base"]: httpx.AsyncClient(base_url=room["base"], timeout=120) for room in rooms
    }

    async def one(room: dict[str, Any]) -> None:
        async with gate:
            answer = await clients[room["base"]].post(
                f"/api/rooms/{room['code']}/start",
                headers={"Authorization": f"Bearer {room['host']}"},
            )
            answer.raise_for_status()

    try:
        await asyncio.gather(*(one(room) for room in rooms))
    finally:
        for client in clients.values():
            await client.aclose()


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


#: A server message's ``type`` and an update's ``version``, read without decoding the view (the
#: server writes ``type`` first and ``version`` before ``view``, as the protocol's models order
#: them; a message these do not fit is decoded whole).
TYPE = re.compile(rb'\{\s*"type"\s*:\s*"([a-z_]+)"')
VERSION = re.compile(rb'"version"\s*:\s*(\d+)')


class Seat:
    """One person on a :class:`~wsclient.LeanSocket`: a move (or a ping) every ``period``
    seconds, on timer callbacks (no task per seat). Updates are kept as received, undecoded;
    the newest is decoded only when the seat acts, and the one answering a move of its own only
    then, to check it is that move."""

    def __init__(
        self,
        room: dict[str, Any],
        seat: int,
        period: float,
        rng: random.Random,
        stats: dict[str, Any],
        phase: Phase,
        rematch: Callable[[dict[str, Any]], None],
    ) -> None:
        self.room, self.seat, self.period, self.rng = room, seat, period, rng
        self.stats, self.phase, self.rematch = stats, phase, rematch
        self.sock: LeanSocket | None = None
        self.latest: bytes | None = None
        self.latest_version = -1
        self.legal: tuple[int, list[Any]] = (-2, [])
        self.moves: dict[int, float] = {}
        self.pings: dict[str, float] = {}
        self.sent = 0
        self.due = 0.0

    async def play(self, gate: asyncio.Semaphore) -> None:
        """Connect, play until the run stops, count the seat as held if it was still open."""
        room = self.room
        path = f"/ws/{room['code']}?token={room['tokens'][self.seat]}"
        async with gate:  # a bounded number of handshakes at a time
            self.sock = await connect_lean(room["base"], path, self.receive, timeout=300)
        with self.phase.shared.connected.get_lock():
            self.phase.shared.connected.value += 1
        loop = asyncio.get_running_loop()
        self.due = loop.time() + self.rng.random() * self.period
        timer = loop.call_at(self.due, self.tick)
        try:
            await self.sock.closed
        finally:
            timer.cancel()
        if self.phase.stopped:
            self.stats["held"] += 1

    def tick(self) -> None:
        """Send this period's message, and set the timer for the next."""
        sock = self.sock
        if sock is None or sock.closed.done():
            return
        if self.phase.stopped:
            sock.close()
            return
        self.due += self.period
        asyncio.get_running_loop().call_at(self.due, self.tick)
        version = self.latest_version
        self.sent += 1
        if self.latest is not None and version not in self.moves:
            if self.legal[0] != version:
                self.legal = (version, json.loads(self.latest)["view"]["legal"])
            legal = self.legal[1]
        else:
            legal = []
        if legal:
            action = self.rng.choice(legal)
            self.moves[version] = time.perf_counter()
            message: dict[str, Any] = {"type": "act", "action": action, "version": version}
        else:
            ref = f"{self.sent}"
            self.pings[ref] = time.perf_counter()
            message = {"type": "ping", "ref": ref}
        sock.send(json.dumps(message).encode())

    def receive(self, data: bytes) -> None:
        """One message from the server."""
        now = time.perf_counter()
        stats = self.stats
        measuring = self.phase.measuring
        if measuring:
            stats["messages"] += 1
        found = TYPE.match(data)
        decoded: dict[str, Any] | None = None
        if found is None:
            decoded = json.loads(data)
            kind = decoded["type"].encode()
        else:
            kind = found.group(1)
        if kind == b"update":
            number = VERSION.search(data)
            if number is None or decoded is not None:
                decoded = decoded or json.loads(data)
                version = int(decoded["version"])
            else:
                version = int(number.group(1))
            made_at = self.moves.get(version - 1)
            if made_at is not None:
                decoded = decoded or json.loads(data)
                if decoded["actor"] == self.seat and decoded["by"] == "person":
                    del self.moves[version - 1]
                    if measuring:
                        stats["moves"].append(now - made_at)
            self.latest, self.latest_version = data, version
        elif kind == b"pong":
            sent = self.pings.pop((decoded or json.loads(data))["ref"], None)
            if sent is not None and measuring:
                stats["pings"].append(now - sent)
        elif kind == b"over" and self.seat == 0:
            stats["finished"] += 1
            self.rematch(self.room)
        elif kind == b"error" and (decoded or json.loads(data))["code"] != "stale_version":
            stats["errors"] += 1


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
        rematches: set[asyncio.Task[None]] = set()
        async with httpx.AsyncClient(timeout=60) as http:

            async def post_rematch(room: dict[str, Any]) -> None:
                with contextlib.suppress(httpx.HTTPError):
                    await http.post(
                        f"{room['base']}/api/rooms/{room['code']}/rematch",
                        headers={"Authorization": f"Bearer {room['host']}"},
                    )

            def rematch(room: dict[str, Any]) -> None:
                task = asyncio.create_task(post_rematch(room))
                rematches.add(task)
                task.add_done_callback(rematches.discard)

            seats = [
                Seat(room, seat, period, random.Random(rng.getrandbits(64)), stats, phase, rematch)
                for room in rooms
                for seat in range(SEATS)
            ]
            gate = asyncio.Semaphore(64)
            await asyncio.gather(*(seat.play(gate) for seat in seats), return_exceptions=True)
            await follower

    run_loop: Callable[[Any], Any] = asyncio.run
    with contextlib.suppress(ImportError):  # uvloop (uvicorn[standard] brings it) costs less
        import uvloop

        run_loop = uvloop.run
    run_loop(main())
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
    parser.add_argument("--workers", type=int, default=1, help="load-generator processes")
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
