"""The table server's entry points fed every value of the hostile catalogue.

A :class:`~doppelkopf.server.Table` and a :class:`~doppelkopf.server.SQLiteStorage`
change as messages arrive, so the generic sweep of ``tests/test_hostile.py``
leaves them here: every message field, every constructor argument and the
storage's file name get each value of :data:`test_hostile.CATALOGUE`, on a
table of its own.  A value must be answered with a refusal (an ``error``
message and no stored entry) or a :class:`~doppelkopf.DoppelkopfError`, and a
refused message leaves the table as it was.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from doppelkopf import DoppelkopfError
from doppelkopf.server import RateLimit, SQLiteStorage, Table, read_create
from test_hostile import CATALOGUE

FIELDS = (
    ("sit", "seat"),
    ("sit", "name"),
    ("resume", "token"),
    ("bot", "seat"),
    ("bot", "bot"),
    ("act", "action"),
    ("next", "deal"),
)


def _library_error_or_nothing(call: Callable[[object], object], value: object) -> str:
    try:
        call(value)
    except DoppelkopfError:
        return ""
    except Exception as error:  # finding what escapes is the point
        return type(error).__name__
    return ""


def _snapshot(table: Table) -> str:
    return json.dumps([table.state(seat) for seat in (None, 0)], sort_keys=True, default=str)


def test_every_message_field_refuses_every_hostile_value() -> None:
    escapes: dict[tuple[str, str, str], str] = {}
    for (kind, key), (label, make) in itertools.product(FIELDS, CATALOGUE.items()):
        table = Table.new("t", seed="s", bots={"1": "heuristic", "2": "heuristic"})
        before, seq = _snapshot(table), table.seq
        for seat in (None, 0):
            try:
                reply = table.handle({"type": kind, key: make()}, seat)
            except Exception as error:  # a message never raises: it is answered
                escapes[(kind, key, label)] = type(error).__name__
                continue
            if reply.entries:
                # Accepted: a hostile value may happen to be valid (a seat 0, a name).
                before, seq = _snapshot(table), table.seq
                continue
            # Refused (an error message) or answered without a change (a state).
            assert reply.messages, (kind, key, label)
            assert (_snapshot(table), table.seq) == (before, seq), (kind, key, label)
    assert not escapes


def test_a_whole_hostile_message_is_refused() -> None:
    for label, make in CATALOGUE.items():
        table = Table.new("t", seed="s")
        reply = table.handle(make(), None)
        assert not reply.entries, label
        assert reply.messages[0]["error"] == "ProtocolError", label


def test_constructors_and_readers_raise_only_library_errors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    calls: dict[str, Callable[[object], object]] = {
        "read_create": read_create,
        "read_create bots": lambda v: read_create({"type": "create", "bots": {"1": v}}),
        "read_create rules": lambda v: read_create({"type": "create", "rules": v}),
        "read_create seed": lambda v: read_create({"type": "create", "seed": v}),
        "Table.new name": Table.new,  # type: ignore[dict-item]
        "Table.new seed": lambda v: Table.new("t", seed=v),
        "Table.new bots": lambda v: Table.new("t", bots=v),
        "RateLimit rate": RateLimit,  # type: ignore[dict-item]
        "RateLimit allow": lambda v: RateLimit().allow(v),  # type: ignore[arg-type]
        "SQLiteStorage": SQLiteStorage,  # type: ignore[dict-item]
    }
    escapes = {
        (name, label): escaped
        for (name, call), (label, make) in itertools.product(calls.items(), CATALOGUE.items())
        if (escaped := _library_error_or_nothing(call, make()))
    }
    assert not escapes
