"""The written-out steps of the reservation round give what the general steps give.

``Deal.declare`` skips ``check_declare`` for a healthy answer of the seat
asked, builds the new setup of an answer that is not the last one without the
keyword ``_replace``, and ``fix_contract`` builds the contract's setup field by
field.  These tests pin each shortcut to the general code it stands for, under
every rule set.
"""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from doppelkopf import Card, Deal, GameType, Reservation, Rules, strategies
from doppelkopf.deal._round import fix_contract
from doppelkopf.deal._state import _Setup
from doppelkopf.deal.procedures import NO_PROCEDURES
from doppelkopf.parties import Party

_HEALTHY = Reservation.HEALTHY
_CLUB_QUEEN = Card.parse("♣Q")


def _general_contract(
    setup: _Setup, declarations: tuple[Reservation | None, ...], game: GameType
) -> _Setup:
    """What fix_contract stands for, for a normal game: the keyword ``_replace``."""
    parties = tuple(Party.RE if hand.count(_CLUB_QUEEN) else Party.KONTRA for hand in setup.dealt)
    rules = setup.rules
    return setup._replace(
        declarations=declarations,
        game_type=game,
        order=rules.card_order(game, schweine=False),
        schweine=None,
        declarer=None,
        parties=parties,
        extra=NO_PROCEDURES,
    )


@given(rules=strategies.rules(schweinchen=False), seed=st.integers(0, 2**32 - 1))
def test_fix_contract_of_a_normal_game_is_the_keyword_replace(rules: Rules, seed: int) -> None:
    deal = Deal.shuffled(seed=seed, rules=rules)
    setup = deal._setup
    declarations = (_HEALTHY,) * 4
    fixed = fix_contract(setup, declarations, GameType.NORMAL, None, NO_PROCEDURES)
    assert type(fixed) is _Setup
    assert fixed == _general_contract(setup, declarations, GameType.NORMAL)


def test_normal_parties_follow_every_mask_of_club_queens() -> None:
    # Every way of spreading the two ♣Q over the four seats (both in one hand
    # is a silent marriage and not a normal game, but the table covers it).
    rng = random.Random(5)
    seen = set()
    for _ in range(400):
        deal = Deal.shuffled(rng=rng)
        fixed = fix_contract(deal._setup, (_HEALTHY,) * 4, GameType.NORMAL, None, NO_PROCEDURES)
        expected = tuple(
            Party.RE if hand.count(_CLUB_QUEEN) else Party.KONTRA for hand in deal.dealt
        )
        assert fixed.parties == expected
        seen.add(expected)
    assert len(seen) == 10  # the 6 pairs of seats and the 4 single seats


@given(rules=strategies.rules(), seed=st.integers(0, 2**32 - 1))
def test_a_healthy_answer_builds_the_setup_the_checked_path_builds(rules: Rules, seed: int) -> None:
    deal = Deal.shuffled(seed=seed, rules=rules)
    for _ in range(3):
        seat = deal.turn
        assert seat is not None
        deal.check_declare(seat, _HEALTHY)  # the shortcut stands for an accepted answer
        before = deal._setup
        answered = deal.declare(seat, _HEALTHY)
        after = answered._setup
        assert type(after) is _Setup
        assert after == before._replace(
            declarations=(*before.declarations[:seat], _HEALTHY, *before.declarations[seat + 1 :])
        )
        assert answered.turn == (seat + 1) & 3
        deal = answered
