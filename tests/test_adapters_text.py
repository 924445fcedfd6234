"""The adapters' text pictures and tensors through an Armut exchange and a forced deal."""

from __future__ import annotations

import copy
import pickle

from doppelkopf import AnswerPoverty, Deal, Declare, Phase, Play, Reservation, Rules
from doppelkopf.adapters import encoding
from doppelkopf.adapters._shared import Shared
from doppelkopf.adapters.text import (
    cards_text,
    deal_text,
    event_text,
    private_text,
    public_text,
    view_text,
)

AT = encoding.offsets(encoding.OBSERVATION_PIECES)


def armut_deal(accept_at: int | None) -> Deal:
    """The first seeded deal with an Armut, passed; the ``accept_at``-th asked seat accepts
    and returns its first legal cards, or all refuse (V§6.3)."""
    rules = Rules(armut=True)
    for seed in range(1000):  # pragma: no branch - an Armut comes within a few dozen
        deal = Deal.shuffled(seed=seed, rules=rules)
        while deal.phase is Phase.RESERVATIONS:
            actions = encoding.turn_actions(deal)
            poverty = [a for a in actions if getattr(a, "reservation", None) is Reservation.POVERTY]
            turn = deal.turn
            assert turn is not None
            deal = deal.apply(poverty[0] if poverty else Declare(turn, Reservation.HEALTHY))
        if deal.phase is Phase.POVERTY_PASS:
            break
    deal = deal.apply(encoding.turn_actions(deal)[0])
    asked = 0
    while deal.phase is Phase.POVERTY_OFFER:
        turn = deal.turn
        assert turn is not None
        deal = deal.apply(AnswerPoverty(turn, asked == accept_at))
        asked += 1
    if deal.phase is Phase.POVERTY_RETURN:
        deal = deal.apply(encoding.turn_actions(deal)[0])
    return deal


def test_the_exchange_as_each_seat_sees_it() -> None:
    deal = armut_deal(accept_at=1)
    poverty = deal.poverty
    assert poverty is not None
    assert poverty.acceptor is not None
    poor, acceptor = poverty.poor, poverty.acceptor
    other = next(s for s in range(4) if s not in (poor, acceptor))
    refuser = (poor + 1) % 4
    passed = cards_text(poverty.passed or (), ascii=True)
    returned = cards_text(poverty.returned or (), ascii=True)
    for seat in (poor, acceptor):
        view = deal.view(seat)
        assert f"passed: {passed}" in view_text(view, ascii=True)
        assert f"returned: {returned}" in private_text(view, ascii=True)
        assert f"passed: {passed}" in private_text(view, ascii=True)
        ones = encoding.observation_indices(view)
        assert any(AT["passed"] <= i < AT["passed"] + 48 for i in ones)
        assert any(AT["returned"] <= i < AT["returned"] + 48 for i in ones)
    view = deal.view(other)
    for text in (view_text(view), public_text(view), private_text(view)):
        lines = text.splitlines()
        assert not any(line.startswith(("passed:", "returned:")) for line in lines)
    assert f"trumps returned: {poverty.returned_trumps}" in public_text(view)
    assert f"armut: seat {poor} poor, answers [False, True]" in view_text(view)
    ones = encoding.observation_indices(view)
    assert AT["refused"] + refuser in ones
    assert AT["acceptor"] + acceptor in ones
    assert AT["poor"] + poor in ones
    assert not any(AT["passed"] <= i < AT["returned"] + 48 for i in ones)
    picture = deal_text(deal, ascii=True)
    assert f"seat {poor}: pass {passed}" in picture
    assert f"seat {acceptor}: return {returned}" in picture


def test_a_refused_armut_is_void() -> None:
    deal = armut_deal(accept_at=None)
    assert deal.phase is Phase.VOID
    view = deal.view(0)
    ones = encoding.observation_indices(view)
    assert AT["phase"] + list(Phase).index(Phase.VOID) in ones
    assert sum(1 for i in ones if AT["refused"] <= i < AT["refused"] + 4) == 3


def test_a_forced_deal_in_the_tensor() -> None:
    deal = Deal.from_hands(
        Deal.shuffled(seed=4).dealt, dealer=0, rules=Rules.TOURNAMENT, owing={1, 3}, forced=True
    )
    ones = encoding.observation_indices(deal.view(2))
    assert {AT["owing"] + 1, AT["owing"] + 3, AT["forced"]} <= set(ones)
    assert AT["owing"] + 2 not in ones


def test_cards_in_ascii_and_symbols() -> None:
    deal = Deal.shuffled(seed=9)
    for seat in (0, 1, 2, 3):
        deal = deal.apply(Declare(seat, Reservation.HEALTHY))
    card = next(a for a in encoding.turn_actions(deal) if isinstance(a, Play))
    deal = deal.apply(card)
    assert isinstance(card, Play)
    assert event_text(card, ascii=True) == f"seat {card.seat}: {card.card.ascii}"
    assert event_text(card) == str(card)
    picture = deal_text(deal)
    assert f"trick 1: seat 0 leads {card.card}" in picture
    assert "game: normal game" in picture
    for symbol in "♣♠♥♦":
        assert symbol not in deal_text(deal, ascii=True)


def test_the_shared_holder_pickles_and_copies_as_itself() -> None:
    held = Shared(Deal.shuffled(seed=1))
    assert copy.deepcopy(held) is held
    again = pickle.loads(pickle.dumps(held))
    assert again.value == held.value
    assert again.derived is None
