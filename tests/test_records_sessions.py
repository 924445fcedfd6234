"""Session records of every mode: the table bookkeeping, replayed and checked (V§8-V§11)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from doppelkopf import RandomPlayer, Rules, Session, play_deal
from doppelkopf.records import (
    RecordError,
    dump_session,
    dumps_session,
    load_session,
    record_schema,
    replay_session,
)

FIVE = Rules(players=5)
BOCK = Rules(bock={"tie", "lost_announcement", "lost_solo"}, bock_stacking="multiply")


def played_session(rules: Rules, count: int, first: int = 0, seed: int = 1) -> Session:
    session = Session.new(first, rules=rules)
    players = [RandomPlayer(seed=seed + seat) for seat in range(4)]
    for number in range(count):
        session = session.add(play_deal(session.next_deal(seed + number), players))
    return session


def validator() -> Any:
    """A validator of the shipped schema (the test is skipped without ``jsonschema``)."""
    jsonschema = pytest.importorskip("jsonschema")
    schema = record_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@pytest.mark.parametrize("rules", [Rules.DDV, FIVE, BOCK, Rules(players=5, bock={"tie"})])
def test_a_session_record_replays_to_the_same_session(rules: Rules) -> None:
    session = played_session(rules, 8, first=rules.players - 1)
    record = dump_session(session)
    validator().validate(record)
    assert [deal["table"] for deal in record["deals"]] == [
        {
            "number": row.number,
            "dealer": row.dealer,
            "seats": list(row.seats),
            "owing": [],
            "forced": False,
            "void": False,
            "solo_kind": None if row.solo_kind is None else row.solo_kind.value,
            "soloist": row.soloist,
            "multiplier": row.multiplier,
            "scores": list(row.scores),
        }
        for row in session.rows
    ]
    assert record["totals"] == list(session.totals)
    assert replay_session(record) == session
    assert replay_session(json.loads(dumps_session(session))).rows == session.rows
    assert load_session(record) == (session.first_dealer, session.deals)


def test_five_player_records_state_the_sitting_out_dealer() -> None:
    session = played_session(FIVE, 3, first=4)
    record = dump_session(session)
    assert [deal["dealer"] for deal in record["deals"]] == [3, 3, 3]
    assert [deal["table"]["dealer"] for deal in record["deals"]] == [4, 0, 1]
    assert [deal["table"]["scores"][deal["table"]["dealer"]] for deal in record["deals"]] == [0] * 3
    assert len(record["totals"]) == 5


def find_bock_session() -> Session:
    for seed in range(200):
        session = played_session(BOCK, 6, seed=seed)
        if any(row.multiplier > 1 for row in session.rows):
            return session
    raise AssertionError("no seed gives a Bock deal")


def test_a_changed_bock_multiplier_or_score_is_refused() -> None:
    session = find_bock_session()
    record = dump_session(session)
    index = next(n for n, row in enumerate(session.rows) if row.multiplier > 1)
    changed = copy.deepcopy(record)
    changed["deals"][index]["table"]["multiplier"] = 1
    with pytest.raises(RecordError, match=rf"^deal {index}, table: the record says multiplier=1"):
        replay_session(changed)
    changed = copy.deepcopy(record)
    changed["deals"][index]["table"]["scores"] = list(session.settlements[index].scores)
    with pytest.raises(
        RecordError, match=rf"^deal {index}, table: the record says scores="
    ) as info:
        replay_session(changed)
    assert info.value.path == ("deals", index, "table", "scores")
    changed = copy.deepcopy(record)
    changed["totals"] = [
        sum(deal["settlement"]["scores"][seat] for deal in record["deals"]) for seat in range(4)
    ]
    with pytest.raises(RecordError, match=r"^record: the record says totals="):
        replay_session(changed)


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("owing", [0], r"the record says owing=\[0\]"),
        ("forced", True, "the record says forced=true"),
        ("void", "no", "'void' must be true or false"),
        ("solo_kind", ["forced"], "'solo_kind' must be null, 'compulsory'"),
        ("solo_kind", "lust", "'solo_kind' must be null, 'compulsory'"),
        ("dealer", 2, "the record says dealer=2"),
        ("extra", 1, 'unknown key "extra"'),
    ],
)
def test_the_table_bookkeeping_must_be_the_replays(key: str, value: Any, message: str) -> None:
    record = dump_session(played_session(Rules.DDV, 2))
    record["deals"][1]["table"][key] = value
    with pytest.raises(RecordError, match=rf"^deal 1, table: {message}"):
        load_session(record)
    del record["deals"][1]["table"][key]
    if key != "extra":
        with pytest.raises(RecordError, match=rf"^deal 1, table: missing key '{key}'"):
            load_session(record)


def test_an_older_version_2_record_without_the_procedure_options_still_loads() -> None:
    session = played_session(Rules.DDV, 3, first=2)
    record = dump_session(session)
    for name in ("armut", "armut_max_trumps", "schmeissen", "compulsory_solo", "players",
                 "session_length", "bock", "bock_stacking"):  # fmt: skip
        del record["rules"][name]
    for deal in record["deals"]:
        del deal["table"]
    assert replay_session(record) == session
    some = copy.deepcopy(record)
    some["rules"]["armut"] = False
    with pytest.raises(RecordError, match="missing option 'armut_max_trumps'"):
        replay_session(some)
    record["rules"].pop("solos")
    with pytest.raises(RecordError, match="missing option 'solos'"):
        replay_session(record)


def test_a_session_record_holds_no_more_than_the_session() -> None:
    rules = Rules(session_length=2)
    session = played_session(rules, 2)
    record = dump_session(session)
    record["deals"].append(record["deals"][0])
    with pytest.raises(RecordError, match=r"'deals' must hold 0-2 entries, not 3"):
        replay_session(record)


def test_a_record_stating_the_procedure_options_must_state_each_table() -> None:
    record = dump_session(played_session(Rules.DDV, 2, first=1))
    del record["deals"][1]["table"]
    with pytest.raises(RecordError, match=r"^deal 1: missing 'table'") as caught:
        replay_session(record)
    assert caught.value.path == ("deals", 1)
    assert not validator().is_valid(record)
