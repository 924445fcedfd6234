"""How the table server bears load: N tables of four bot clients over WebSockets.

Run from the repository root (with the ``server`` extra, or ``PYTHONPATH=src``)::

    python benchmarks/bench_server.py --tables 500 --think 0.5:1.5 --duration 600
    python benchmarks/bench_server.py --tables 40 --think 0 --duration 60

A server (``doppelkopf serve``) starts in a subprocess on 127.0.0.1 with a
fresh SQLite file; N tables are created, and at each four clients sit down and
play deal after deal, each acting with its first legal action (no
announcements) after a think time drawn uniformly from ``--think MIN:MAX``
seconds, and never sending more than the server's limit of messages a
connection (20 a second), so that without think time a table plays as fast
as the limits allow.  Once ``--duration`` seconds have passed, each table finishes the deal
in play and its clients leave (``--deals D`` instead plays exactly D deals).
The clients run in ``--client-processes`` processes, tables split evenly, so
the load generator is not one process's event loop.  Reported:

- the round trip of an action: from the client sending it until every seat
  at the table has received the state that follows it (median, p99, max);
- the actions a second over all tables;
- lost or doubled actions: each acknowledged action is compared with the
  stored entry of its number, and the stored log with the actions sent;
- the server's processor time per action (user + system, from ``/proc``);
- the server's memory per table: its resident set after the tables are
  played, less before (after one warm-up table), divided by N.

Every socket is on the loopback address.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import gc
import json
import multiprocessing
import os
import random
import resource
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import websockets

from doppelkopf.server.app import RATE

SRC = str(Path(__file__).resolve().parent.parent / "src")


class Seat:
    """One client's record: when it sent what, and when each state reached it."""

    def __init__(self) -> None:
        self.sent: dict[int, float] = {}  # the acknowledged entry number -> send time
        self.received: list[tuple[int, float]] = []  # (state's seq, arrival time), in order
        self.refused = 0
        self.last_send = 0.0
        self.acted_at = -1  # the seq of the state last acted on


class Plan:
    """What every client of a run shares: think times, when to stop, how many deals."""

    def __init__(self, think: tuple[float, float], deals: int, stop_at: float) -> None:
        self.think = think
        self.deals = deals
        self.stop_at = stop_at
        # The answer for each table and deal, given to the first of its seats to ask,
        # so all four leave after the same deal (a table's clients share a process).
        self.decided: dict[tuple[str, int], bool] = {}

    def done(self, table: str, deal_number: int) -> bool:
        """Whether ``table``, whose deal ``deal_number`` just finished, plays no more."""
        if self.deals:
            return deal_number + 1 >= self.deals
        key = (table, deal_number)
        if key not in self.decided:
            self.decided[key] = time.perf_counter() >= self.stop_at
        return self.decided[key]


async def client(url: str, seat: int, record: Seat, plan: Plan, rng: random.Random) -> None:
    low, high = plan.think
    async with websockets.connect(url, max_size=None, compression=None) as ws:
        await ws.send(json.dumps({"type": "sit", "seat": seat, "name": f"bench {seat}"}))
        async for frame in ws:
            now = time.perf_counter()
            message: dict[str, Any] = json.loads(frame)
            kind = message["type"]
            if kind == "accepted":
                record.sent[message["seq"]] = record.last_send
            elif kind == "error":
                record.refused += 1
            elif kind == "state" and message["seat"] == seat:
                record.received.append((message["seq"], now))
                if message["finished"]:
                    if message["session_finished"] or plan.done(
                        message["table"], message["deal_number"]
                    ):
                        return
                    if seat == 0:
                        wait = record.last_send + 1 / RATE - time.perf_counter()
                        if wait > 0:
                            await asyncio.sleep(wait)
                        record.last_send = time.perf_counter()
                        await ws.send(json.dumps({"type": "next"}))
                elif (
                    message["turn"] == seat
                    and message["seq"] > record.acted_at
                    and None not in message["seats"]
                ):
                    record.acted_at = message["seq"]
                    view = message["view"]
                    pairs = zip(view["legal_actions"], message["legal_text"], strict=True)
                    text = next(text for action, text in pairs if action["type"] != "announce")
                    if high:
                        await asyncio.sleep(rng.uniform(low, high))
                    # Never faster than the server's limit of messages a connection
                    # (RATE a second): a refused action would stall the table.
                    wait = record.last_send + 1 / RATE - time.perf_counter()
                    if wait > 0:
                        await asyncio.sleep(wait)
                    record.last_send = time.perf_counter()
                    await ws.send(json.dumps({"type": "act", "action": text}))


def round_trips(seats: list[Seat]) -> list[float]:
    """Seconds from each acknowledged action's sending until all four seats had its state."""
    arrivals = [([seq for seq, _ in record.received], record.received) for record in seats]
    trips = []
    for record in seats:
        for seq, sent in record.sent.items():
            last = max(received[bisect.bisect_right(seqs, seq)][1] for seqs, received in arrivals)
            trips.append(last - sent)
    return trips


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """The processor time (user + system) process ``pid`` has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def post(port: int, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/tables",
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        created: dict[str, Any] = json.loads(answer.read())
        return created


def start(db: Path, port: int) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "doppelkopf", "serve", "--host", "127.0.0.1"]
    command += ["--port", str(port), "--db", str(db), "--bot-delay", "0"]
    process = subprocess.Popen(command, env=dict(os.environ, PYTHONPATH=SRC))
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2):
                return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not start")


def check_log(db: Path, names: list[str], tables: list[list[Seat]]) -> tuple[int, int]:
    """Lost and doubled actions: acknowledged ones missing from the log, and stored ones twice."""
    lost = doubled = 0
    store = sqlite3.connect(db)
    for name, seats in zip(names, tables, strict=True):
        rows = store.execute(
            "SELECT seq, body FROM actions WHERE table_id = ? ORDER BY seq", (name,)
        ).fetchall()
        stored = {seq: json.loads(body) for seq, body in rows}
        doubled += len(rows) - len(stored)
        acked = {seq for seat in seats for seq in seat.sent}
        lost += sum(1 for seq in acked if stored.get(seq, {}).get("kind") != "act")
        doubled += sum(1 for seq, entry in stored.items() if entry["kind"] == "act") - len(acked)
    store.close()
    return lost, doubled


async def run(port: int, names: list[str], plan: Plan, seed: int) -> list[list[Seat]]:
    tables = [[Seat() for _ in range(4)] for _ in names]
    rng = random.Random(seed)
    await asyncio.gather(
        *(
            client(f"ws://127.0.0.1:{port}/ws/{name}", seat, record, plan, rng)
            for name, seats in zip(names, tables, strict=True)
            for seat, record in enumerate(seats)
        )
    )
    return tables


def play_share(job: tuple[int, list[str], Plan, int]) -> list[list[Seat]]:
    """One client process's tables, played to the end (run in a worker process).

    The clients' records grow to millions of numbers, which CPython's cycle
    collector would scan at each full collection, pausing every client and
    lengthening the round trips it measures; they hold no cycles, so the
    collector is off while they play.
    """
    port, names, plan, seed = job
    gc.disable()
    try:
        return asyncio.run(run(port, names, plan, seed))
    finally:
        gc.enable()


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--tables",
        type=lambda text: [int(part) for part in text.split(",")],
        default=[4],
        help="tables at once; several, comma-separated, run one after another (default: 4)",
    )
    parser.add_argument(
        "--deals", type=int, default=0, help="deals per table (default: play for --duration)"
    )
    parser.add_argument(
        "--duration", type=float, default=30.0, help="seconds of play (default: 30)"
    )
    parser.add_argument(
        "--think", default="0", help="seconds before each action, MIN:MAX or one number"
    )
    parser.add_argument(
        "--client-processes", type=int, default=1, help="processes the clients run in"
    )
    return parser.parse_args(argv)


class Outcome:
    """What one run measured."""

    def __init__(self, tables: int, trips: list[float], elapsed: float, window: int) -> None:
        self.tables = tables
        self.trips = trips
        self.elapsed = elapsed
        self.window = window  # actions sent while every table was still playing
        self.lost = self.doubled = self.refused = 0
        self.server_cpu = self.client_cpu = 0.0
        self.memory = (0, 0)

    @property
    def p99(self) -> float:
        return self.trips[min(len(self.trips) - 1, int(len(self.trips) * 0.99))]


def client_cpu_seconds() -> float:
    """The processor time of this process and of its finished child processes."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def measure(count: int, args: argparse.Namespace, think: tuple[float, float]) -> Outcome:
    """One run: a fresh server, ``count`` tables played as ``args`` say."""
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "bench.db"
        port = free_port()
        process = start(db, port)
        try:
            # One table played first, so imports and caches are not counted as a table's.
            warm = [post(port, {"type": "create", "seed": "warm-up"})["table"]]
            play_share((port, warm, Plan((0.0, 0.0), 1, 0.0), 0))
            before = rss_kib(process.pid)
            # Sessions long enough that no table runs out of deals while it plays.
            create = {"type": "create", "rules": {"session_length": 10_000}}
            names = [post(port, {**create, "seed": f"bench-{n}"})["table"] for n in range(count)]
            shares = max(1, min(args.client_processes, len(names)))
            cpu_before = cpu_seconds(process.pid)
            clients_before = client_cpu_seconds()
            began = time.perf_counter()
            plan = Plan(think, args.deals, began + args.duration)
            jobs = [(port, names[k::shares], plan, k) for k in range(shares)]
            if shares == 1:
                played = [play_share(jobs[0])]
            else:
                with multiprocessing.get_context("fork").Pool(shares) as pool:
                    played = pool.map(play_share, jobs)
            elapsed = time.perf_counter() - began
            server_cpu = cpu_seconds(process.pid) - cpu_before
            client_cpu = client_cpu_seconds() - clients_before
            after = rss_kib(process.pid)
        finally:
            process.terminate()
            process.wait(timeout=30)
        order = [name for k in range(shares) for name in names[k::shares]]
        tables = [seats for share in played for seats in share]
        window = sum(
            1
            for seats in tables
            for seat in seats
            for sent in seat.sent.values()
            if args.deals or sent <= plan.stop_at
        )
        outcome = Outcome(
            count,
            sorted(trip for seats in tables for trip in round_trips(seats)),
            elapsed,
            window,
        )
        outcome.lost, outcome.doubled = check_log(db, order, tables)
    outcome.refused = sum(seat.refused for seats in tables for seat in seats)
    outcome.server_cpu, outcome.client_cpu = server_cpu, client_cpu
    outcome.memory = (before, after)
    return outcome


def report(outcome: Outcome, args: argparse.Namespace, think: tuple[float, float]) -> None:
    """Print one run's figures."""
    trips, actions = outcome.trips, len(outcome.trips)
    played = f"deals each {args.deals}" if args.deals else f"{args.duration:g} s of play"
    print(
        f"tables {outcome.tables}, think {think[0]:g}-{think[1]:g} s, {played}, "
        f"client processes {args.client_processes}"
    )
    print(f"actions {actions} in {outcome.elapsed:.1f} s: {actions / outcome.elapsed:.0f} a second")
    if not args.deals:
        rate = outcome.window / args.duration
        print(f"while every table played ({args.duration:g} s): {rate:.0f} a second")
    print(
        f"round trip ms: median {statistics.median(trips) * 1e3:.1f}, "
        f"p99 {outcome.p99 * 1e3:.1f}, max {trips[-1] * 1e3:.1f}"
    )
    print(f"lost {outcome.lost}, doubled {outcome.doubled}, refused {outcome.refused}")
    print(
        f"processor time per action: server {outcome.server_cpu / actions * 1e3:.2f} ms, "
        f"clients {outcome.client_cpu / actions * 1e3:.2f} ms"
    )
    before, after = outcome.memory
    per_table = (after - before) / outcome.tables
    print(f"server memory: {before} KiB before, {after} KiB after: {per_table:.0f} KiB a table")


def main(argv: list[str] | None = None) -> None:
    args = parse(argv)
    low, _, high = args.think.partition(":")
    think = (float(low), float(high or low))
    outcomes = []
    for count in args.tables:
        outcome = measure(count, args, think)
        report(outcome, args, think)
        outcomes.append(outcome)
        print()
    if len(outcomes) > 1:
        print("tables  actions/s  median ms  p99 ms  lost  doubled")
        for outcome in outcomes:
            rate = outcome.window / (args.duration if not args.deals else outcome.elapsed)
            print(
                f"{outcome.tables:6}  {rate:9.0f}  {statistics.median(outcome.trips) * 1e3:9.1f}"
                f"  {outcome.p99 * 1e3:6.1f}  {outcome.lost:4}  {outcome.doubled:7}"
            )
        within = [outcome for outcome in outcomes if outcome.p99 <= 0.050]
        if within:
            best = max(within, key=lambda outcome: outcome.window)
            rate = best.window / (args.duration if not args.deals else best.elapsed)
            print(f"highest rate with p99 <= 50 ms: {rate:.0f} actions a second")


if __name__ == "__main__":
    main()
