"""Kill the server with SIGKILL mid-deal, start it again on the same file, finish the deal.

Every action the server acknowledged is in the file exactly once, at the
number it was acknowledged with, and the deal goes on from the exact position.
"""

from __future__ import annotations

import json
import os
import signal
import sys
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from doppelkopf import Play
from doppelkopf.server import SQLiteStorage, Table
from doppelkopf.wire import load_action
from server_helpers import create, free_port, start, stop

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")

BOTS = {"1": "heuristic", "2": "heuristic", "3": "heuristic"}


def _next(socket: ClientConnection) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(socket.recv(timeout=20))
    return message


def _play(socket: ClientConnection, acked: dict[int, str], until: int) -> dict[str, Any]:
    """Act at seat 0 on turn until ``until`` actions of ours are acknowledged or the deal ends."""
    for _ in range(3000):
        message = _next(socket)
        if message["type"] == "accepted":
            acked[message["seq"]] = message["action"]
            if len(acked) >= until:
                return message
        elif message["type"] == "state":
            if message["finished"]:
                return message
            if message["turn"] == 0 and message["seat"] == 0:
                plays = [text for text in message["legal_text"] if not text[0].isalpha()]
                socket.send(
                    json.dumps({"type": "act", "action": (plays or message["legal_text"])[0]})
                )
    raise AssertionError("the deal did not move")


def test_no_acknowledged_action_is_lost_or_applied_twice(tmp_path: Path) -> None:
    db = tmp_path / "tables.db"
    port = free_port()
    process = start(db, port)
    acked: dict[int, str] = {}
    try:
        name = create(port, seed="crash", bots=BOTS)
        with connect(f"ws://127.0.0.1:{port}/ws/{name}", open_timeout=10) as socket:
            _next(socket)
            socket.send(json.dumps({"type": "sit", "seat": 0, "name": "Anna"}))
            token = next(m for m in iter(lambda: _next(socket), None) if m["type"] == "seated")[
                "token"
            ]
            _play(socket, acked, 5)
            os.kill(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
    finally:
        stop(process)
    assert len(acked) == 5
    process = start(db, port)
    try:
        with connect(f"ws://127.0.0.1:{port}/ws/{name}", open_timeout=10) as socket:
            first = _next(socket)
            assert first["seq"] > max(acked)
            socket.send(json.dumps({"type": "resume", "token": token}))
            socket.send(json.dumps({"type": "state"}))
            finished = _play(socket, acked, 10**6)
    finally:
        stop(process)
    assert finished["finished"]
    store = SQLiteStorage(str(db))
    entries = store.entries(name)  # refuses a gap in the numbers
    for seq in acked:
        assert entries[seq]["kind"] == "act"
        assert load_action(entries[seq]["action"]).seat == 0
    [(_, config)] = store.tables()
    table = Table.replay(name, config, entries)
    assert table.deal.is_finished
    ours = [
        entry
        for entry in entries
        if entry["kind"] == "act"
        and type(action := load_action(entry["action"])) is Play
        and table.table_seat(action.seat) == 0
    ]
    # Twelve cards of seat 0 (ten without nines): none lost, none twice.
    assert len(ours) == len(table.deal.played_cards) // 4
    assert len(table.session.rows) == 1
