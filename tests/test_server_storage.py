"""The server's storage and replay: every entry stored once, a table rebuilt exactly."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from doppelkopf.server import SQLiteStorage, StorageConflictError, Table


def _play(table: Table, store: SQLiteStorage, steps: int, rng: random.Random) -> None:
    """Let bots and a random person at seat 0 act ``steps`` times, storing each entry."""
    for _ in range(steps):
        entry = table.bot_entry()
        if entry is None:
            message: dict[str, Any]
            if table.deal.is_finished:
                message = {"type": "next"}
            else:
                message = {"type": "act", "action": rng.choice(table.state(0)["legal_text"])}
            reply = table.handle(message, 0)
            assert reply.entries, reply.messages
            entries = list(reply.entries)
        else:
            entries = [entry]
        store.append(table.name, table.seq, entries)
        for one in entries:
            table.apply(one)


@pytest.mark.parametrize("players", [4, 5])
def test_a_table_replayed_from_its_file_is_the_same_table(tmp_path: Path, players: int) -> None:
    path = str(tmp_path / "tables.db")
    store = SQLiteStorage(path)
    table = Table.new("t", seed="replay", players=players, bots={"1": "heuristic"})
    store.create_table("t", table.config)
    store.append("t", 0, table.initial_entries())
    reply = table.handle({"type": "sit", "seat": 0, "name": "Anna"}, None)
    store.append("t", table.seq, list(reply.entries))
    for entry in reply.entries:
        table.apply(entry)
    for seat in range(2, players):
        reply = table.handle({"type": "bot", "seat": seat, "bot": "heuristic"}, None)
        store.append("t", table.seq, list(reply.entries))
        for entry in reply.entries:
            table.apply(entry)
    _play(table, store, 150, random.Random(players))
    store.close()
    reopened = SQLiteStorage(path)
    [(name, config)] = reopened.tables()
    again = Table.replay(name, config, reopened.entries(name))
    assert again.seq == table.seq
    assert again.deal == table.deal
    assert again.session.totals == table.session.totals
    for seat in range(players):
        assert again.state(seat) == table.state(seat)
    rows = sqlite3.connect(path).execute("SELECT seat, kind FROM seats ORDER BY seat").fetchall()
    assert rows[:2] == [(0, "human"), (1, "bot")]


def test_an_entry_is_never_stored_twice_and_a_batch_is_all_or_nothing() -> None:
    store = SQLiteStorage(":memory:")
    store.create_table("t", {"rules": {}, "seed": "s"})
    store.append("t", 0, [{"kind": "sit", "seat": 0, "name": "A", "token": "x"}])
    with pytest.raises(StorageConflictError, match="entry 0"):
        store.append("t", 0, [{"kind": "next", "deal": 1}])
    store.append("t", 1, [{"kind": "a"}, {"kind": "b"}])
    assert [entry["kind"] for entry in store.entries("t")] == ["sit", "a", "b"]
    with pytest.raises(StorageConflictError, match="exists already"):
        store.create_table("t", {})


def test_a_batch_with_a_taken_number_inside_leaves_nothing() -> None:
    store = SQLiteStorage(":memory:")
    store.create_table("t", {})
    store.append("t", 1, [{"kind": "x"}])
    with pytest.raises(StorageConflictError):
        store.append("t", 0, [{"kind": "y"}, {"kind": "z"}])
    with pytest.raises(StorageConflictError, match="misses entry 0"):
        store.entries("t")


def test_the_file_is_write_ahead_logged(tmp_path: Path) -> None:
    SQLiteStorage(str(tmp_path / "w.db")).close()
    mode = sqlite3.connect(tmp_path / "w.db").execute("PRAGMA journal_mode").fetchone()
    assert mode == ("wal",)


def test_an_entry_for_another_deal_is_refused_on_replay() -> None:
    table = Table.new("t", seed="s")
    with pytest.raises(Exception, match="is for deal 3"):
        table.apply({"kind": "next", "deal": 3})
    with pytest.raises(Exception, match="no entry is of kind"):
        table.apply({"kind": "nonsense"})
    assert table.seq == 0


def test_a_bot_seat_that_is_no_text_is_refused_not_crashed() -> None:
    from doppelkopf.server import ProtocolError

    with pytest.raises(ProtocolError, match="a bot's seat is text"):
        Table.new("t", bots={1: "heuristic"})


class _Unequal:
    """A value whose comparison raises, as a caller's own object may."""

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("compared")

    __hash__ = None  # type: ignore[assignment]


@pytest.mark.parametrize(
    "message",
    [
        {"type": "resume", "token": "\ud800"},
        {"type": "resume", "token": "tök"},
        {"type": "bot", "seat": 1, "bot": _Unequal()},
    ],
)
def test_a_hostile_value_in_a_message_is_refused(message: dict[str, object]) -> None:
    reply = Table.new("t", seed="s").handle(message, None)
    assert reply.messages[0]["error"] == "ProtocolError"
    assert not reply.entries


def test_a_bot_kind_that_compares_badly_is_refused_at_creation() -> None:
    from doppelkopf.server import ProtocolError

    with pytest.raises(ProtocolError, match="a bot is one of"):
        Table.new("t", bots={"1": _Unequal()})


@pytest.mark.parametrize("path", ["a\x00b", "\ud800.db"])
def test_a_file_name_sqlite_cannot_take_is_refused(path: str) -> None:
    from doppelkopf.errors import InvalidValueError

    with pytest.raises(InvalidValueError, match="not a file name"):
        SQLiteStorage(path)


@pytest.mark.parametrize("name", ["x" * 100_000, "no-such-folder/t.db", "."])
def test_a_file_sqlite_cannot_open_is_a_storage_file_error(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from doppelkopf.server import StorageFileError

    monkeypatch.chdir(tmp_path)
    with pytest.raises(StorageFileError, match="cannot"):
        SQLiteStorage(name)


def test_a_file_that_is_no_database_is_refused_and_kept(tmp_path: Path) -> None:
    from doppelkopf.server import StorageFileError

    path = tmp_path / "notes.txt"
    path.write_bytes(b"not a database, but somebody's notes\n" * 200)
    with pytest.raises(StorageFileError, match="as the tables' database"):
        SQLiteStorage(str(path))
    assert path.read_bytes() == b"not a database, but somebody's notes\n" * 200
