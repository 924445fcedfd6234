"""The strategies of rule sets and of deals under them (``doppelkopf.strategies``)."""

from __future__ import annotations

from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis.errors import InvalidArgument

from doppelkopf import Deal, GameType, Phase, Rank, Rules, legal_cards
from doppelkopf.rules import BOCK_TRIGGERS, THROW_REASONS
from doppelkopf.strategies import cards, deals, deals_of_hands, hands, positions, rules, tricks

SHORT = Rules(nines=False)


@given(rules())
def test_every_drawn_rule_set_is_valid(table: Rules) -> None:
    assert Rules(**table.as_dict()) == table


_SECOND = ("never", "always", "except_last_trick")


def test_every_value_of_every_option_is_drawn() -> None:
    seen: dict[str, set[object]] = {}

    @settings(max_examples=300, database=None)
    @given(rules())
    def collect(table: Rules) -> None:
        for name in table.as_dict():
            seen.setdefault(name, set()).add(getattr(table, name))

    collect()
    expected: dict[str, set[object]] = {
        "second_dulle": set(_SECOND),
        "armut_max_trumps": {1, 2, 3},
        "players": {4, 5},
        "bock_stacking": {"consecutive", "multiply"},
    }
    for name, values in seen.items():
        if name in ("schmeissen", "bock"):
            # Each reason or trigger is drawn, and so is the empty set (the option off).
            names = THROW_REASONS if name == "schmeissen" else BOCK_TRIGGERS
            assert frozenset() in values, name
            drawn: set[object] = set()
            for value in values:
                drawn.update(cast("frozenset[str]", value))
            assert drawn == set(names), name
        elif name == "session_length":
            assert None in values
            assert {24, 1} <= values
        else:
            assert values == expected.get(name, {True, False}), name


@given(rules(second_dulle="always"))
def test_a_fixed_second_dulle_keeps_the_dullen(table: Rules) -> None:
    assert table.second_dulle == "always"
    assert table.dullen


@given(rules(fox_at_end=True))
def test_a_fixed_extra_special_point_keeps_the_special_points(table: Rules) -> None:
    assert table.fox_at_end
    assert table.specials


@given(rules(dullen=False, specials=False))
def test_fixed_options_exclude_what_they_must(table: Rules) -> None:
    assert table.second_dulle == "never"
    assert not table.karlchen_caught
    assert not table.fox_at_end


@pytest.mark.parametrize(
    ("options", "fragment"),
    [
        ({"colour": True}, "unknown option 'colour'"),
        ({"bettel": True}, "unknown option 'bettel'"),
        ({"dullen": False, "second_dulle": "always"}, "not a rule set"),
        ({"nines": "no"}, "not a rule set"),
    ],
)
def test_rules_rejects_bad_fixed_options(options: dict[str, Any], fragment: str) -> None:
    with pytest.raises(InvalidArgument, match=fragment):
        rules(**options)


@pytest.mark.parametrize("value", ["ddv", 1, {"nines": False}])
def test_strategies_reject_what_is_not_a_rule_set(value: Any) -> None:
    for strategy in (cards, deals_of_hands, deals):
        with pytest.raises(InvalidArgument, match="rules must be a Rules value"):
            strategy(value)
    with pytest.raises(InvalidArgument, match="rules must be a Rules value"):
        hands(rules=value)
    with pytest.raises(InvalidArgument, match="rules must be a Rules value"):
        positions(rules=value)
    with pytest.raises(InvalidArgument, match="rules must be a Rules value"):
        tricks(rules=value)


def test_deals_rejects_flags_that_are_not_bools() -> None:
    with pytest.raises(InvalidArgument, match="finished must be a bool"):
        deals(finished=1)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument, match="announcements must be a bool"):
        deals(announcements=None)  # type: ignore[arg-type]


def test_hands_are_bounded_by_the_deck_of_the_rules() -> None:
    with pytest.raises(InvalidArgument, match="max_size <= 40"):
        hands(0, 41, rules=SHORT)
    hands(0, 48)  # the default deck allows all 48


@settings(max_examples=30)
@given(hands(0, 40, rules=SHORT), cards(SHORT))
def test_without_nines_no_nine_is_drawn(hand: Any, card: Any) -> None:
    assert all(c.rank is not Rank.NINE for c in hand)
    assert card.rank is not Rank.NINE


@settings(max_examples=20)
@given(positions(GameType.NORMAL, rules=SHORT))
def test_positions_under_rules(position: Any) -> None:
    assert 1 <= len(position.hand) <= 10
    assert legal_cards(position.hand, position.trick, position.game_type, SHORT)


@settings(max_examples=20)
@given(tricks(GameType.NORMAL, min_size=4, rules=Rules(schweinchen=True, nines=False)))
def test_tricks_under_rules(trick: Any) -> None:
    assert len(trick.cards) == 4
    assert all(c.rank is not Rank.NINE for c in trick.cards)


@settings(max_examples=20)
@given(deals(SHORT, finished=True, announcements=False))
def test_deals_under_one_rule_set(deal: Deal) -> None:
    assert deal.rules == SHORT
    assert deal.phase is Phase.FINISHED
    assert deal.announcements == ()


def test_deals_stop_in_every_phase() -> None:
    seen: set[Phase] = set()

    @settings(max_examples=100, database=None, derandomize=True)
    @given(deals(rules()))
    def collect(deal: Deal) -> None:
        seen.add(deal.phase)

    collect()
    assert {Phase.RESERVATIONS, Phase.PLAY} <= seen
