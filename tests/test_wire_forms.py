"""Actions and events as JSON (doppelkopf.wire): round trips, the schemas and refusals."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deal_helpers import EVERY_ACTION
from doppelkopf import (
    Action,
    Announce,
    AnswerPoverty,
    Card,
    Concealed,
    Declare,
    InvalidTypeError,
    PassCards,
    Play,
    Reservation,
    ReturnCards,
)
from doppelkopf.wire import (
    WireError,
    dump_action,
    dump_event,
    dumps_action,
    dumps_event,
    load_action,
    load_event,
    loads_action,
    loads_event,
    wire_schema,
)
from wire_helpers import SCENARIOS, deal_at_random_moment

jsonschema = pytest.importorskip("jsonschema")
ACTION_SCHEMA = jsonschema.Draft202012Validator(wire_schema("action"))
EVENT_SCHEMA = jsonschema.Draft202012Validator(wire_schema("event"))
card = Card.parse
EXCHANGES: list[Action] = [
    PassCards(0, (card("♦9"), card("♦10"), card("♣J"))),
    ReturnCards(2, (card("♠A"), card("♠A"), card("♥K"))),
    AnswerPoverty(1, True),
    AnswerPoverty(3, False),
]


@pytest.mark.parametrize("action", [*EVERY_ACTION, *EXCHANGES], ids=str)
def test_every_action_round_trips(action: Any) -> None:
    data = dump_action(action)
    ACTION_SCHEMA.validate(data)
    assert load_action(data) == action
    assert loads_action(dumps_action(action)) == action
    assert json.loads(dumps_action(action)) == data


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(sorted(SCENARIOS)))
def test_every_history_entry_round_trips(seed: int, name: str) -> None:
    deal = deal_at_random_moment(name, random.Random(seed))
    entries = [*deal.history, *(e for s in range(4) for e in deal.view(s).history)]
    for event in entries:
        data = dump_event(event)
        EVENT_SCHEMA.validate(data)
        assert load_event(data) == event
        assert loads_event(dumps_event(event)) == event


@pytest.mark.parametrize(
    "event", [Concealed(2, "vorbehalt"), Concealed(0, "pass"), Concealed(3, "return", 0)], ids=str
)
def test_concealed_events_round_trip(event: Concealed) -> None:
    assert load_event(dump_event(event)) == event


PLAY: dict[str, Any] = dump_action(Play(2, card("♣Q")))
DECLARE = dump_action(Declare(1, Reservation.THROW, "nines5"))
PASS = dump_action(EXCHANGES[0])


@pytest.mark.parametrize(
    ("data", "key", "value", "path"),
    [
        (PLAY, "seat", 4, ("seat",)),
        (PLAY, "seat", False, ("seat",)),
        (PLAY, "card", "♣Q", ("card",)),
        (PLAY, "card", None, ("card",)),
        (PLAY, "type", "jump", ("type",)),
        (PLAY, "format", "doppelkopf-event", ("format",)),
        (PLAY, "version", 0, ("version",)),
        (PLAY, "extra", 0, ()),
        (DECLARE, "reason", None, ("reason",)),
        (DECLARE, "reason", "boredom", ("reason",)),
        (DECLARE, "reservation", "SOLO_Z", ("reservation",)),
        (DECLARE, "reservation", "healthy", ("reason",)),
        (PASS, "cards", ["D9", "D10"], ("cards",)),
        (PASS, "cards", ["D9", "D10", 7], ("cards", 2)),
        (PASS, "cards", "D9 D10 CJ", ("cards",)),
    ],
)
def test_a_tampered_action_is_refused_naming_the_field(
    data: dict[str, Any], key: str, value: object, path: tuple[str | int, ...]
) -> None:
    changed = copy.deepcopy(data)
    changed[key] = value
    with pytest.raises(WireError) as caught:
        load_action(changed)
    assert caught.value.path == path, str(caught.value)


def test_an_event_form_is_no_action_and_an_announce_no_event() -> None:
    event = dump_event(Concealed(2, "vorbehalt"))
    with pytest.raises(WireError, match="format"):
        load_action(event)
    with pytest.raises(WireError, match="type"):
        load_event({**dump_action(Announce(0, 1)), "format": "doppelkopf-event"})
    with pytest.raises(InvalidTypeError):
        dump_event(Announce(0, 1))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("changes", "path"),
    [
        ({"kind": "secret"}, ("kind",)),
        ({"kind": "vorbehalt", "trumps": 2}, ("trumps",)),
        ({"trumps": None}, ("trumps",)),
        ({"trumps": 4}, ("trumps",)),
    ],
)
def test_a_tampered_concealed_event_is_refused(
    changes: dict[str, object], path: tuple[str, ...]
) -> None:
    data = {**dump_event(Concealed(3, "return", 1)), **changes}
    with pytest.raises(WireError) as caught:
        load_event(data)
    assert caught.value.path == path


@pytest.mark.parametrize(
    ("key", "value"),
    [("level", 5), ("party", "neutral"), ("hand_size", 13), ("moment", -1), ("late_reply", 0)],
)
def test_a_tampered_announced_event_is_refused(key: str, value: object) -> None:
    data = {
        "format": "doppelkopf-event",
        "version": 1,
        "type": "announced",
        "seat": 1,
        "level": 0,
        "party": "re",
        "hand_size": 11,
        "moment": 5,
        "late_reply": False,
    }
    assert load_event(data).seat == 1
    with pytest.raises(WireError) as caught:
        load_event({**data, key: value})
    assert caught.value.path == (key,)


def test_long_texts_are_refused_before_they_are_parsed() -> None:
    padded = " " * (64 * 1024) + dumps_action(Play(0, card("CQ")))
    with pytest.raises(WireError, match="at most 65,536"):
        loads_action(padded)
    with pytest.raises(WireError, match="at most 65,536"):
        loads_event(padded.encode())
