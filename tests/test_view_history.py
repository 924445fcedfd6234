"""A view's history and information-state key (SPEC §6.1): what the seat saw, in order."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deal_helpers import armut_deal
from doppelkopf import (
    Concealed,
    Deal,
    Declare,
    Hand,
    IllegalActionError,
    InvalidTypeError,
    InvalidValueError,
    PassCards,
    Phase,
    RandomPlayer,
    Reservation,
    ReturnCards,
    Rules,
    normal_trumps,
)
from doppelkopf.players import iter_deal
from doppelkopf.search import WorldSampler

RULE_SETS = [
    Rules.DDV,
    Rules(nines=False),
    Rules(schweinchen=True),
    Rules(armut=True, schmeissen={"nines5", "kings5", "full7"}),
    Rules.TOURNAMENT,
    Rules.XIX,
]


def _states(deal: Deal, seed: int, rate: float) -> list[Deal]:
    players = [RandomPlayer(seed=4 * seed + s, reservation_rate=rate) for s in range(4)]
    return [deal, *(step.deal for step in iter_deal(deal, players))]


def _check_history(state: Deal) -> None:
    """Each seat's history is the deal's history with exactly the hidden parts concealed."""
    real = state.history
    for seat in range(4):
        view = state.view(seat)
        seen = view.history
        assert len(seen) == len(real)
        poverty = state.poverty
        for shown, event in zip(seen, real, strict=True):
            hidden = False
            if isinstance(event, Declare) and event.seat != seat:
                won = (view.game_type is not None and view.declarer == event.seat) or (
                    state.void is not None and state.void.seat == event.seat
                )
                hidden = event.reservation is not Reservation.HEALTHY and not won
            elif isinstance(event, (PassCards, ReturnCards)):
                assert poverty is not None
                hidden = seat not in (poverty.poor, poverty.acceptor)
            if not hidden:
                assert shown == event
                continue
            assert isinstance(shown, Concealed)
            assert shown.seat == event.seat
            if isinstance(event, Declare):
                assert (shown.kind, shown.trumps) == ("vorbehalt", None)
            elif isinstance(event, PassCards):
                assert (shown.kind, shown.trumps) == ("pass", None)
            else:
                assert isinstance(event, ReturnCards)
                trumps = normal_trumps(Hand(event.cards), state.rules)
                assert (shown.kind, shown.trumps) == ("return", trumps)


@given(seed=st.integers(0, 10**6), rules=st.sampled_from(RULE_SETS))
@settings(max_examples=30, deadline=None)
def test_history_is_the_deal_history_as_each_seat_saw_it(seed: int, rules: Rules) -> None:
    for state in _states(Deal.shuffled(seed=seed, rules=rules), seed, rate=0.3):
        _check_history(state)


@given(seed=st.integers(0, 10**4))
@settings(max_examples=15, deadline=None)
def test_history_of_an_armut_exchange_hides_the_cards_from_outsiders(seed: int) -> None:
    states = _states(armut_deal(seed), seed, rate=0.0)
    assert any(state.poverty is not None and state.poverty.cards_returned for state in states) or (
        states[-1].void is not None
    )
    for state in states:
        _check_history(state)


def test_history_shows_a_losing_wish_concealed_and_the_winning_one_public() -> None:
    deal = Deal.shuffled(seed=3)  # seat 0 is asked first
    deal = deal.declare(0, Reservation.QUEENS_SOLO).declare(1, Reservation.HEALTHY)
    assert deal.view(2).history == (Concealed(0, "vorbehalt"), Declare(1, Reservation.HEALTHY))
    assert deal.view(0).history[0] == Declare(0, Reservation.QUEENS_SOLO)
    deal = deal.declare(2, Reservation.HEALTHY).declare(3, Reservation.HEALTHY)
    assert deal.view(2).history[0] == Declare(0, Reservation.QUEENS_SOLO)


def test_key_is_equal_exactly_when_views_are() -> None:
    keys: dict[object, object] = {}
    views = set()
    rng = random.Random(5)
    for number, rules in enumerate(RULE_SETS):
        for state in _states(Deal.shuffled(seed=number, rules=rules), number, rate=0.3):
            for seat in range(4):
                view = state.view(seat)
                assert keys.setdefault(view.key, view) == view
                views.add(view)
                if state.phase is Phase.PLAY and state.moment % 11 == 5:
                    # Worlds of the view share its key.
                    world = WorldSampler(view).sample(rng)
                    assert world.view(seat).key == view.key
    assert len(keys) == len(views)


def test_key_tells_apart_an_announcement_before_or_after_a_card() -> None:
    deal = Deal.shuffled(seed=3)
    for seat in range(4):
        deal = deal.declare(seat, Reservation.HEALTHY)
    level = deal.legal_announcements(0)[0]
    card = deal.legal_cards()[0]
    before = deal.announce(0, level).play(0, card)
    after = deal.play(0, card).announce(0, level)
    assert before == after  # the same position, reached in two orders
    for seat in range(4):
        assert before.view(seat).key != after.view(seat).key
        assert before.view(seat).history != after.view(seat).history


@pytest.mark.parametrize(
    ("arguments", "error"),
    [
        ((4, "pass"), IllegalActionError),
        ((0, "discard"), InvalidValueError),
        ((0, 1), InvalidTypeError),
        ((0, "return"), InvalidValueError),
        ((0, "return", 4), InvalidValueError),
        ((0, "pass", 1), InvalidValueError),
        ((0, "return", "1"), InvalidTypeError),
    ],
)
def test_concealed_refuses_what_no_view_shows(arguments: tuple[object, ...], error: type) -> None:
    with pytest.raises(error):
        Concealed(*arguments)  # type: ignore[arg-type]
