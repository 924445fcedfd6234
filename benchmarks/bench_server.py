"""How the table server bears load: N tables of four bot clients over WebSockets.

Run from the repository root (with the ``server`` extra, or ``PYTHONPATH=src``)::

    python benchmarks/bench_server.py [--tables N] [--deals D] [--think SECONDS]

A server (``doppelkopf serve``) starts in a subprocess on 127.0.0.1 with a
fresh SQLite file; N tables are created, and at each four clients sit down and
play D deals, each acting with its first legal action (no announcements)
after ``--think`` seconds.  Reported:

- the round trip of an action: from the client sending it until every seat
  at the table has received the state that follows it (median, p99, max);
- the actions a second over all tables;
- lost or doubled actions: each acknowledged action is compared with the
  stored entry of its number, and the stored log with the actions sent;
- the server's memory per table: its resident set after the tables are
  played, less before (after one warm-up table), divided by N.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
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

SRC = str(Path(__file__).resolve().parent.parent / "src")


class Seat:
    """One client's record: when it sent what, and when each state reached it."""

    def __init__(self) -> None:
        self.sent: dict[int, float] = {}  # the acknowledged entry number -> send time
        self.received: list[tuple[int, float]] = []  # (state's seq, arrival time)
        self.refused = 0
        self.last_send = 0.0
        self.acted_at = -1  # the seq of the state last acted on


async def client(url: str, seat: int, record: Seat, deals: int, think: float) -> None:
    async with websockets.connect(url, max_size=None) as ws:
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
                    if message["deal_number"] + 1 >= deals:
                        return
                    if seat == 0:
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
                    if think:
                        await asyncio.sleep(think)
                    record.last_send = time.perf_counter()
                    await ws.send(json.dumps({"type": "act", "action": text}))


def round_trips(seats: list[Seat]) -> list[float]:
    """Seconds from each acknowledged action's sending until all four seats had its state."""
    trips = []
    for record in seats:
        for seq, sent in record.sent.items():
            arrivals = [
                next(arrived for got, arrived in other.received if got > seq) for other in seats
            ]
            trips.append(max(arrivals) - sent)
    return trips


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


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
    return lost, doubled


async def run(
    port: int, names: list[str], tables: list[list[Seat]], deals: int, think: float
) -> None:
    await asyncio.gather(
        *(
            client(f"ws://127.0.0.1:{port}/ws/{name}", seat, record, deals, think)
            for name, seats in zip(names, tables, strict=True)
            for seat, record in enumerate(seats)
        )
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=4, help="tables at once (default: 4)")
    parser.add_argument("--deals", type=int, default=1, help="deals per table (default: 1)")
    parser.add_argument("--think", type=float, default=0.0, help="seconds before each action")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "bench.db"
        port = free_port()
        process = start(db, port)
        try:
            # One table played first, so imports and caches are not counted as a table's.
            warm = [post(port, {"type": "create", "seed": "warm-up"})["table"]]
            asyncio.run(run(port, warm, [[Seat() for _ in range(4)]], 1, 0.0))
            before = rss_kib(process.pid)
            names = [
                post(port, {"type": "create", "seed": f"bench-{n}"})["table"]
                for n in range(args.tables)
            ]
            tables = [[Seat() for _ in range(4)] for _ in names]
            began = time.perf_counter()
            asyncio.run(run(port, names, tables, args.deals, args.think))
            elapsed = time.perf_counter() - began
            after = rss_kib(process.pid)
        finally:
            process.terminate()
            process.wait(timeout=10)
        trips = sorted(trip for seats in tables for trip in round_trips(seats))
        lost, doubled = check_log(db, names, tables)
    refused = sum(seat.refused for seats in tables for seat in seats)
    p99 = trips[min(len(trips) - 1, int(len(trips) * 0.99))]
    print(f"tables {args.tables}, deals each {args.deals}, think {args.think:g} s")
    print(f"actions {len(trips)} in {elapsed:.2f} s: {len(trips) / elapsed:.0f} a second")
    print(
        f"round trip ms: median {statistics.median(trips) * 1e3:.1f}, "
        f"p99 {p99 * 1e3:.1f}, max {trips[-1] * 1e3:.1f}"
    )
    print(f"lost {lost}, doubled {doubled}, refused {refused}")
    per_table = (after - before) / args.tables
    print(f"server memory: {before} KiB before, {after} KiB after: {per_table:.0f} KiB a table")


if __name__ == "__main__":
    main()
