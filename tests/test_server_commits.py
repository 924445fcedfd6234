"""What lets one server process carry many tables: group commit, state text, idle bots.

Each piece changes how the server does its work, never what it answers; so
each is tested against the plain form it replaces.
"""

from __future__ import annotations

import asyncio
import json
import random
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from doppelkopf.server import SQLiteStorage, StorageConflictError, Table
from doppelkopf.server._commits import GroupCommit

Batch = tuple[str, int, Sequence[dict[str, Any]]]


class _SlowStorage(SQLiteStorage):
    """A storage whose commits wait for a gate, so appends pile up behind one."""

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.gate = threading.Event()
        self.batches: list[int] = []

    def append_batch(self, batches: Sequence[Batch]) -> list[StorageConflictError | None]:
        self.gate.wait(timeout=10)
        self.batches.append(len(batches))
        return super().append_batch(batches)


class _BrokenStorage(SQLiteStorage):
    def append_batch(self, batches: Sequence[Batch]) -> list[StorageConflictError | None]:
        raise OSError("the disk is full")


# --- SQLiteStorage.append_batch -------------------------------------------------------


def test_a_refused_batch_is_undone_alone_and_the_others_are_stored(tmp_path: Path) -> None:
    store = SQLiteStorage(str(tmp_path / "t.db"))
    store.create_table("a", {})
    store.create_table("b", {})
    store.append("a", 0, [{"kind": "x"}])
    refusals = store.append_batch(
        [
            ("a", 1, [{"kind": "sit", "seat": 0, "name": "A"}]),
            ("a", 0, [{"kind": "y"}, {"kind": "z"}]),  # entry 0 is taken: all of it refused
            ("b", 0, [{"kind": "bot", "seat": 2, "name": "Bot 2"}, {"kind": "w"}]),
        ]
    )
    assert [refusal is None for refusal in refusals] == [True, False, True]
    assert isinstance(refusals[1], StorageConflictError)
    assert "already holds entry 0" in str(refusals[1])
    store.close()
    again = SQLiteStorage(str(tmp_path / "t.db"))
    assert [entry["kind"] for entry in again.entries("a")] == ["x", "sit"]
    assert [entry["kind"] for entry in again.entries("b")] == ["bot", "w"]


def test_append_raises_the_conflict_of_its_one_batch() -> None:
    store = SQLiteStorage(":memory:")
    store.create_table("t", {})
    store.append("t", 0, [{"kind": "a"}])
    with pytest.raises(StorageConflictError, match="already holds entry 0"):
        store.append("t", 0, [{"kind": "b"}])
    assert store.entries("t") == [{"kind": "a"}]


# --- GroupCommit -------------------------------------------------------------------


def _adder(into: list[str], name: str) -> Callable[[], None]:
    return lambda: into.append(name)


def test_appends_waiting_during_a_commit_share_the_next_one(tmp_path: Path) -> None:
    store = _SlowStorage(str(tmp_path / "t.db"))
    for name in "abcdef":
        store.create_table(name, {})
    commits = GroupCommit(store)
    applied: list[str] = []

    async def run() -> None:
        first = asyncio.ensure_future(
            commits.append("a", 0, [{"kind": "a"}], lambda: applied.append("a"))
        )
        await asyncio.sleep(0.05)  # the writer now waits at the gate with "a" alone
        rest = [
            asyncio.ensure_future(commits.append(name, 0, [{"kind": name}], _adder(applied, name)))
            for name in "bcdef"
        ]
        await asyncio.sleep(0.05)
        assert applied == []  # nothing is applied before its commit
        store.gate.set()
        await asyncio.gather(first, *rest)

    asyncio.run(run())
    commits.close()
    assert store.batches == [1, 5]
    assert sorted(applied) == list("abcdef")
    assert commits.commits == 2
    assert commits.appends == 6
    for name in "abcdef":
        assert store.entries(name) == [{"kind": name}]


def test_a_conflict_reaches_its_own_table_and_nothing_is_applied() -> None:
    store = SQLiteStorage(":memory:")
    store.create_table("t", {})
    store.append("t", 0, [{"kind": "a"}])
    commits = GroupCommit(store)
    applied: list[int] = []

    async def run() -> None:
        with pytest.raises(StorageConflictError):
            await commits.append("t", 0, [{"kind": "b"}], lambda: applied.append(0))
        await commits.append("t", 1, [{"kind": "c"}], lambda: applied.append(1))

    asyncio.run(run())
    commits.close()
    assert applied == [1]


def test_a_failing_disk_reaches_every_waiting_table() -> None:
    store = _BrokenStorage(":memory:")
    commits = GroupCommit(store)

    async def run() -> list[BaseException | None]:
        return await asyncio.gather(
            *(commits.append(name, 0, [{"kind": "x"}], lambda: None) for name in "ab"),
            return_exceptions=True,
        )

    outcomes = asyncio.run(run())
    commits.close()
    assert [type(outcome) for outcome in outcomes] == [OSError, OSError]


def test_a_commit_is_applied_even_when_its_waiter_is_cancelled(tmp_path: Path) -> None:
    # The table in memory must never fall behind its stored log: the entry was
    # written, so it is applied, whoever waited for it.
    store = _SlowStorage(str(tmp_path / "t.db"))
    store.create_table("t", {})
    commits = GroupCommit(store)
    applied: list[str] = []

    async def run() -> None:
        waiter = asyncio.ensure_future(
            commits.append("t", 0, [{"kind": "a"}], lambda: applied.append("a"))
        )
        await asyncio.sleep(0.05)
        waiter.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiter
        store.gate.set()
        for _ in range(100):
            if applied:
                break
            await asyncio.sleep(0.01)

    asyncio.run(run())
    commits.close()
    assert applied == ["a"]
    assert store.entries("t") == [{"kind": "a"}]


def test_a_failure_to_apply_is_the_waiters_error() -> None:
    store = SQLiteStorage(":memory:")
    store.create_table("t", {})
    commits = GroupCommit(store)

    def broken() -> None:
        raise KeyError("kind")

    async def run() -> None:
        with pytest.raises(KeyError):
            await commits.append("t", 0, [{"kind": "a"}], broken)

    asyncio.run(run())
    commits.close()


def test_a_closed_group_commit_takes_nothing_more() -> None:
    store = SQLiteStorage(":memory:")
    store.create_table("t", {})
    commits = GroupCommit(store)
    commits.close()
    commits.close()  # closing twice is harmless

    async def run() -> None:
        with pytest.raises(RuntimeError, match="closed"):
            await commits.append("t", 0, [{"kind": "a"}], lambda: None)

    asyncio.run(run())
    assert store.entries("t") == []


# --- Table.state_text -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "rules"),
    [(4, {}), (5, {}), (4, {"nines": False, "armut": True}), (4, {"compulsory_solo": True})],
)
def test_state_text_reads_back_as_the_state_at_every_step(
    players: int, rules: dict[str, Any]
) -> None:
    table = Table.new("t", seed=f"text-{players}", players=players, rules=rules)
    for seat in range(players):
        reply = table.handle({"type": "sit", "seat": seat, "name": f"Jörg «{seat}»"}, None)
        for entry in reply.entries:
            table.apply(entry)
    rng = random.Random(players)
    for _ in range(140):
        for onlooker in (None, *range(players)):
            assert json.loads(table.state_text(onlooker)) == table.state(onlooker)
        actor: int | None
        if table.deal.is_finished:
            message: dict[str, Any] = {"type": "next"}
            actor = 0
        else:
            actor = table.table_seat(table.deal.turn)
            message = {"type": "act", "action": rng.choice(table.state(actor)["legal_text"])}
        reply = table.handle(message, actor)
        assert reply.entries, reply.messages
        for entry in reply.entries:
            table.apply(entry)
    assert table.deal_number >= 2  # the sheet's kept text changed with the session


# --- Table.bots_due -------------------------------------------------------------------


def test_bots_due_is_false_only_when_no_bot_has_an_entry_to_make() -> None:
    # It may be true when a bot offered an announcement declines it; never false
    # when a bot would act, or the table would stall.
    table = Table.new("t", seed="due", bots={"1": "heuristic", "3": "heuristic"})
    for seat in (0, 2):
        reply = table.handle({"type": "sit", "seat": seat, "name": f"P{seat}"}, None)
        for entry in reply.entries:
            table.apply(entry)
    rng = random.Random(5)
    checked = 0
    while table.deal_number < 2:
        due = table.bots_due
        offered = bool(table.offers)
        made = table.bot_entry()
        if made is not None:
            assert due
            checked += 1
            table.apply(made)
            continue
        assert due == offered
        actor: int | None
        if table.deal.is_finished:
            assert not due
            message: dict[str, Any] = {"type": "next"}
            actor = 0
        else:
            actor = table.table_seat(table.deal.turn)
            assert actor in (0, 2)
            message = {"type": "act", "action": rng.choice(table.state(actor)["legal_text"])}
        for entry in table.handle(message, actor).entries:
            table.apply(entry)
    assert checked > 40


# --- the sheet's contract, named by the client -------------------------------------


def test_each_sheet_row_names_its_game_and_soloist_and_a_replay_gives_the_same() -> None:
    bots = {str(seat): "heuristic" for seat in range(4)}
    table = Table.new("t", seed="games", rules={"compulsory_solo": True}, bots=bots)
    entries = table.initial_entries()
    finished = []
    while not table.session.is_finished:
        while (entry := table.bot_entry()) is not None:
            entries.append(entry)
            table.apply(entry)
        finished.append(table.deal)
        if not table.session.is_finished:
            entries.append({"kind": "next", "deal": table.deal_number + 1})
            table.apply(entries[-1])
    rows = table.state(None)["sheet"]["rows"]
    assert len(rows) == len(finished) >= 12
    solos = 0
    for row, deal in zip(rows, finished, strict=True):
        if deal.is_void:
            assert (row["game"], row["soloist"]) == (None, None)
            continue
        assert deal.game_type is not None
        assert row["game"] == deal.game_type.value
        soloist = deal.declarer if deal.game_type.is_solo else None
        solos += soloist is not None
        assert row["soloist"] == soloist
    assert solos >= 4  # the compulsory solos, each with its table seat
    again = Table.replay("t", table.config, entries)
    assert again.state(None)["sheet"] == table.state(None)["sheet"]


# --- the cycle collector's pauses ------------------------------------------------------


def test_the_server_freezes_the_objects_alive_at_start_and_then_often(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import gc
    import warnings

    with warnings.catch_warnings():
        # Starlette's test client asks for httpx2 where httpx is installed; both work.
        warnings.filterwarnings("ignore", "Using `httpx` with", UserWarning)
        from starlette.testclient import TestClient

    from doppelkopf.server import app as app_module

    freezes: list[float] = []
    monkeypatch.setattr(gc, "freeze", lambda: freezes.append(0.0))
    with TestClient(app_module.create_app()) as client:
        assert client.get("/").status_code == 200
        assert len(freezes) == 1  # the replayed tables, before the first message

    async def a_while() -> None:
        task = asyncio.ensure_future(app_module.freeze_often(every=0.01))
        await asyncio.sleep(0.1)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(a_while())
    assert len(freezes) >= 4
