"""The view as JSON (doppelkopf.wire): round trips, the shipped schema, tampering and leaks."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doppelkopf import Deal, Declare, DoppelkopfError, PlayerView, Reservation, Rules
from doppelkopf.players import HeuristicPlayer, RandomPlayer
from doppelkopf.search import WorldSampler
from doppelkopf.wire import WireError, dump_view, dumps_view, load_view, loads_view, wire_schema
from wire_helpers import PRESETS, SCENARIOS, deal_at_random_moment

jsonschema = pytest.importorskip("jsonschema")
VIEW_SCHEMA = jsonschema.Draft202012Validator(wire_schema("view"))
LEAK_EXAMPLES = 600
"""The examples of the leak property: each checks every seat of one deal at one moment."""


def _views(seed: int, name: str) -> list[PlayerView]:
    deal = deal_at_random_moment(name, random.Random(seed))
    return [deal.view(seat) for seat in range(4)]


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(sorted(SCENARIOS)))
def test_a_view_reads_back_equal_and_the_text_is_the_dict(seed: int, name: str) -> None:
    for view in _views(seed, name):
        text = dumps_view(view)
        data = dump_view(view)
        assert text == json.dumps(data, separators=(",", ":"))
        VIEW_SCHEMA.validate(data)
        back = loads_view(text)
        assert back == view
        assert back.key == view.key
        assert back.legal_actions == view.legal_actions
        assert back.history == view.history
        assert dumps_view(back) == text


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(sorted(SCENARIOS)))
def test_a_view_read_back_can_be_sampled_and_acted_on(seed: int, name: str) -> None:
    deal = deal_at_random_moment(name, random.Random(seed))
    seat = deal.turn
    if seat is None:
        return
    view = loads_view(dumps_view(deal.view(seat)))
    world = WorldSampler(view).sample(random.Random(seed))
    assert world.view(seat) == view
    for player in (RandomPlayer(seed=seed), HeuristicPlayer()):
        action = player.act(view)
        assert action is not None
        assert deal.can_apply(action)


@settings(max_examples=LEAK_EXAMPLES, deadline=None)
@given(
    st.integers(0, 10**9),
    st.sampled_from(
        [
            "tournament",
            "tournament owing",
            "armut",
            "armut exchange",
            "armut and schmeissen",
            "no nines",
            "silent marriage",
            "lapsed reservation",
            "ddv",
        ]
    ),
)
def test_the_json_of_a_view_is_the_same_for_every_world_the_seat_cannot_tell_apart(
    seed: int, name: str
) -> None:
    """SPEC §6.1: the form holds what the seat may know and nothing else of the deal."""
    rng = random.Random(seed)
    deal = deal_at_random_moment(name, rng)
    for seat in range(4):
        view = deal.view(seat)
        text = dumps_view(view)
        world = WorldSampler(view).sample(rng)
        assert dumps_view(world.view(seat)) == text
        assert json.dumps(dump_view(world.view(seat)), separators=(",", ":")) == text


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(sorted(PRESETS)), st.integers(0, 3))
def test_the_json_changes_with_the_seats_own_hand(seed: int, name: str, seat: int) -> None:
    rules = PRESETS[name]
    deal = Deal.shuffled(seed=seed, rules=rules)
    hands = list(deal.dealt)
    other = (seat + 1 + seed % 3) % 4
    mine = next(card for card in hands[seat] if card not in hands[other])
    theirs = next(card for card in hands[other] if card not in hands[seat])
    hands[seat] = hands[seat].remove(mine).add(theirs)
    hands[other] = hands[other].remove(theirs).add(mine)
    swapped = Deal.from_hands(hands, dealer=deal.dealer, rules=rules)
    assert dumps_view(swapped.view(seat)) != dumps_view(deal.view(seat))
    # Another seat's hand is not the seat's business.
    third = next(s for s in range(4) if s not in (seat, other))
    assert dumps_view(swapped.view(third)) == dumps_view(deal.view(third))


# --- tampering ------------------------------------------------------------------


def _mid_game() -> dict[str, Any]:
    deal = Deal.shuffled(seed=11, rules=Rules(armut=True))
    for _ in range(4):
        deal = deal.apply(Declare(deal.turn or 0, Reservation.HEALTHY))
    for _ in range(9):
        deal = deal.apply(deal.legal_actions[0])
    return dump_view(deal.view(deal.turn or 0))


MID = _mid_game()

TAMPERINGS: list[tuple[str, Any, tuple[str | int, ...]]] = [
    ("seat", 4, ("seat",)),
    ("seat", True, ("seat",)),
    ("seat", (MID["seat"] + 1) % 4, ("legal_actions",)),
    ("dealer", "3", ("dealer",)),
    ("hand", ["CQ", "CQ", "CQ"], ("hand",)),
    ("hand", ["ZZ"], ("hand", 0)),
    ("hand", [*MID["hand"][:-1]], ("hand_sizes",)),
    ("reservation", "SOLO_X", ("reservation",)),
    ("reservation", "SOLO_Q", ("declared",)),
    ("throw_reason", "nines5", ("throw_reason",)),
    ("declared", [True, True, True], ("declared",)),
    ("declared", [False, False, False, 0], ("declared", 3)),
    ("declared", [False, False, True, False], ("declared",)),
    ("game_type", "SOLO_Q", ("tricks",)),
    ("game_type", "nonsense", ("game_type",)),
    ("declarer", 2, ("declarer",)),
    ("partner", 1, ("partner",)),
    ("clarification_trick", 0, ("clarification_trick",)),
    ("clarification_trick", 3, ("clarification_trick",)),
    ("solo_kind", "forced", ("solo_kind",)),
    ("known_parties", ["re", "re", "re", "re"], ("known_parties",)),
    ("known_parties", ["re"], ("known_parties",)),
    ("schweine", 2, ("schweine",)),
    ("tricks", [], ("hand_sizes",)),
    ("tricks", [{"leader": 0, "cards": ["CQ"]}], ("tricks",)),
    ("tricks", [{"leader": 0, "cards": ["CQ", "CQ", "CQ", "CQ"]}], ("tricks", 0)),
    ("tricks", [{"leader": 0}], ("tricks", 0)),
    ("current_trick", {"leader": 9, "cards": []}, ("current_trick", "leader")),
    ("current_trick", {"leader": 0, "cards": [], "x": 1}, ("current_trick",)),
    ("announcements", [{"type": "announced"}], ("announcements", 0)),
    (
        "announcements",
        [
            {
                "type": "announced",
                "seat": 0,
                "level": 3,
                "party": "re",
                "hand_size": 12,
                "moment": 0,
                "late_reply": False,
            }
        ],
        ("re_state",),
    ),
    ("re_state", {"level": 2, "timely": True}, ("re_state",)),
    ("re_state", {"level": 7, "timely": True}, ("re_state", "level")),
    ("kontra_state", {"level": None}, ("kontra_state",)),
    ("hand_sizes", [12, 12, 12, 12], ("hand_sizes",)),
    ("hand_sizes", [1.5, 12, 12, 12], ("hand_sizes", 0)),
    ("turn", (MID["turn"] + 1) % 4, ("turn",)),
    ("phase", "finished", ("phase",)),
    ("phase", "PLAY", ("phase",)),
    ("poverty", {"poor": 0}, ("poverty",)),
    (
        "poverty",
        {
            "poor": 0,
            "passed": None,
            "answers": [],
            "acceptor": None,
            "returned": None,
            "returned_trumps": None,
            "cards_passed": False,
            "cards_returned": False,
        },
        ("tricks",),
    ),
    ("void", {"reason": "thrown", "seat": 0, "throw_reason": "nines5", "shown": []}, ("void",)),
    (
        "void",
        {"reason": "bored", "seat": 0, "throw_reason": None, "shown": None},
        ("void", "reason"),
    ),
    ("owing", [1, 1], ("owing",)),
    ("owing", [2], ("owing",)),  # V§9.1: only with compulsory solos
    ("forced", True, ("forced",)),
    ("forced", "no", ("forced",)),
    ("legal_actions", [], ("legal_actions",)),
    ("legal_actions", [{"type": "play"}], ("legal_actions",)),
    ("legal_actions", "all", ("legal_actions",)),
    ("rules", {"nines": "yes"}, ("rules",)),
    ("rules", [], ("rules",)),
    ("format", "doppelkopf-record", ("format",)),
    ("version", 3, ("version",)),
    ("version", True, ("version",)),
    ("extra", 1, ()),
]


@pytest.mark.parametrize(("key", "value", "path"), TAMPERINGS)
def test_a_tampered_view_is_refused_naming_the_field(
    key: str, value: Any, path: tuple[str | int, ...]
) -> None:
    data = copy.deepcopy(MID)
    assert load_view(copy.deepcopy(data)) is not None
    data[key] = value
    with pytest.raises(WireError) as caught:
        load_view(data)
    assert caught.value.path[: len(path)] == path, str(caught.value)
    assert str(caught.value).startswith("view")


@pytest.mark.parametrize("key", [key for key in MID if key != "legal_actions"])
def test_a_view_without_a_key_is_refused_naming_it(key: str) -> None:
    data = copy.deepcopy(MID)
    del data[key]
    with pytest.raises(WireError, match=key):
        load_view(data)


def test_legal_actions_may_be_left_out() -> None:
    data = copy.deepcopy(MID)
    del data["legal_actions"]
    assert dump_view(load_view(data)) == MID


def test_a_rule_set_the_seat_could_not_have_been_dealt_under_is_refused() -> None:
    data = copy.deepcopy(MID)
    data["rules"] = {**data["rules"], "nines": False}
    with pytest.raises(WireError) as caught:
        load_view(data)
    assert isinstance(caught.value.__cause__, DoppelkopfError)


@pytest.mark.parametrize(
    "text",
    ["", "[]", "{", '{"format": "doppelkopf-view"}', "[" * 100, '{"a": 1, "a": 2}', "NaN", b"\xff"],
)
def test_text_that_is_no_view_is_refused(text: str | bytes) -> None:
    with pytest.raises(WireError):
        loads_view(text)


def test_the_view_schema_is_shipped_beside_the_records() -> None:
    from pathlib import Path

    import doppelkopf

    folder = Path(doppelkopf.__file__).parent
    for name in ("view", "action", "event"):
        shipped = json.loads((folder / f"{name}.schema.json").read_text("utf-8"))
        assert shipped == wire_schema(name)
        jsonschema.Draft202012Validator.check_schema(shipped)


def test_a_long_view_text_is_refused_before_it_is_parsed() -> None:
    text = dumps_view(Deal.shuffled(seed=1).view(0))
    assert loads_view(text + " " * (1024 * 1024 - len(text))).seat == 0
    with pytest.raises(WireError, match="at most 1,048,576"):
        loads_view(text + " " * (1024 * 1024))
