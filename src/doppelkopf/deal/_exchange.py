"""The Armut exchange of a deal: its three steps, each with its three verbs (V§6.3–§6.5).

The poor player passes three cards face down (:func:`pass_cards`), the
others are asked in turn whether they take them (:func:`answer_poverty`) and
the acceptor returns three (:func:`return_cards`); each step has its
``check_…`` and ``can_…``, and all nine are methods of
:class:`~doppelkopf.Deal`, bound in the class.  The rules of the exchange
(which cards may be passed and returned, the trumps among them) are in
:mod:`~doppelkopf.deal.poverty`; the exchange starts when an Armut wins the
reservation round (``doppelkopf.deal._round``).  Until the cards are back
the state has no card order, and its hands are in the index layout of
:attr:`Hand.bits <doppelkopf.Hand.bits>`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ..cards import Card, Hand
from ..errors import DoppelkopfError, IllegalActionError, NotYourTurnError, WrongPhaseError
from ..parties import Party
from ..rules import GameType, Rules
from ._positions import by_position
from ._state import SETUP, Deal, HasState, successor
from .actions import (
    ActionTypeError,
    AnswerPoverty,
    PassCards,
    ReturnCards,
    _three_cards,
    action_type_error,
)
from .dealing import HAND_MASK
from .outcome import VoidDeal
from .poverty import (
    Poverty,
    cards_bits,
    count_bits,
    held_refusal,
    pass_choices,
    pass_refusal,
    return_choices,
    trump_bits,
)
from .reservations import seat_error

__all__ = [
    "answer_poverty",
    "can_answer_poverty",
    "can_pass_cards",
    "can_return_cards",
    "check_answer_poverty",
    "check_pass_cards",
    "check_return_cards",
    "exchange_actions",
    "pass_cards",
    "return_cards",
]

_POVERTY_GAME: Final = GameType.POVERTY
_RE: Final = Party.RE
_KONTRA: Final = Party.KONTRA
_NO_PARTIES: Final = (None, None, None, None)


def exchange_actions(
    seat: int, hand: Hand, poverty: Poverty, turn: int | None, rules: Rules
) -> tuple[PassCards | AnswerPoverty | ReturnCards, ...]:
    """The actions of ``seat`` holding ``hand`` in the Armut exchange ``poverty`` (V§6.3).

    The distinct three-card choices of the poor player before it passes and
    of the acceptor before it returns, or accept and refuse for the seat the
    offer is put to; nothing for any other seat.
    """
    if seat != turn:
        return ()
    if not poverty.cards_passed:
        return tuple(PassCards(seat, cards) for cards in pass_choices(hand, rules))
    if poverty.acceptor is None:
        return (AnswerPoverty(seat, True), AnswerPoverty(seat, False))
    return tuple(ReturnCards(seat, cards) for cards in return_choices(hand))


def _exchange_cards(cards: object, seat: int, verb: str) -> tuple[Card, ...]:
    """``cards`` as three sorted cards, or the action's error naming ``seat``."""
    try:
        return _three_cards(cards)
    except IllegalActionError as error:
        error.seat = seat
        error.action = f"{verb} cards"
        raise


def _exchange_phase_error(self: HasState, seat: int, action: str, step: str) -> DoppelkopfError:
    setup = self._state[SETUP]
    where = (
        "the deal is void"
        if setup.extra.void is not None
        else "no Armut is being exchanged"
        if setup.extra.poverty is None or setup.order is not None
        else f"the Armut exchange is not at its {step} step"
    )
    return WrongPhaseError(f"{where}", seat=seat, action=action, rule="V§6.3")


def _exchange(self: HasState) -> Poverty | None:
    """The exchange in progress, ``None`` outside it."""
    setup = self._state[SETUP]
    if setup.order is not None or setup.extra.void is not None:
        return None
    return setup.extra.poverty


def check_pass_cards(self: HasState, seat: int, cards: tuple[Card, ...]) -> None:
    """Raise unless the poor player ``seat`` may pass ``cards`` now (V§6.3 step 1).

    Exactly three cards of its hand, all its trumps among them.

    Raises:
        WrongPhaseError: no Armut waits for its cards.
        NotYourTurnError: ``seat`` is not the poor player.
        CardNotHeldError: a card is not in the hand.
        IllegalActionError: not three cards, or a trump would stay in the hand.
        InvalidTypeError: ``seat`` is not an int or a card no :class:`Card`.
    """
    if type(seat) is not int or not 0 <= seat <= 3:
        raise seat_error(seat, "pass cards")
    poverty = _exchange(self)
    if poverty is None or poverty.cards_passed:
        raise _exchange_phase_error(self, seat, "pass cards", "passing")
    if seat != poverty.poor:
        raise NotYourTurnError(
            f"seat {poverty.poor} is poor and passes the cards, not seat {seat}",
            seat=seat,
            action="pass cards",
            rule="V§6.3",
        )
    checked = _exchange_cards(cards, seat, "pass")
    setup, held = self._state[0], self._state[1]
    error = pass_refusal((held >> 48 * seat) & HAND_MASK, checked, seat, setup.rules)
    if error is not None:
        raise error


def can_pass_cards(self: HasState, seat: int, cards: tuple[Card, ...]) -> bool:
    """Whether :meth:`check_pass_cards` would accept the cards."""
    return _accepts(check_pass_cards, self, seat, cards)


def pass_cards(self: Deal, seat: int, cards: tuple[Card, ...]) -> Deal:
    """The poor player passes ``cards`` face down; the offer starts at its left (V§6.3).

    >>> from doppelkopf import Deal, Reservation, Rules
    >>> deal = Deal.from_hands(_V18_HANDS, rules=Rules(armut=True))
    >>> deal = deal.declare(0, Reservation.POVERTY)
    >>> for seat in (1, 2, 3):
    ...     deal = deal.declare(seat, Reservation.HEALTHY)
    >>> deal.phase, deal.turn
    (<Phase.POVERTY_PASS: 'poverty_pass'>, 0)
    >>> deal = deal.pass_cards(0, Hand.parse("♦K ♣J ♠K"))  # V18
    >>> deal.phase, deal.turn, deal.hand_size(0)
    (<Phase.POVERTY_OFFER: 'poverty_offer'>, 1, 9)

    Raises:
        WrongPhaseError, NotYourTurnError, CardNotHeldError, IllegalActionError:
            see :meth:`check_pass_cards`.
    """
    check_pass_cards(self, seat, cards)
    checked = _three_cards(cards)
    setup, held, tricks, leader, trick, _ = self._state
    poverty = setup.extra.poverty
    assert poverty is not None
    poverty = Poverty(poverty.poor, checked, cards_passed=True)
    held -= cards_bits(checked) << 48 * seat
    setup = setup._replace(extra=setup.extra._replace(poverty=poverty))
    return successor(self, (setup, held, tricks, leader, trick, (seat + 1) & 3))


def check_answer_poverty(self: HasState, seat: int, accept: bool) -> None:
    """Raise unless ``seat`` may answer the Armut offer now (V§6.3 step 2).

    The seats are asked in order from the poor player's left; each accepts
    or refuses without seeing the cards (R2).

    Raises:
        WrongPhaseError: no offer is open.
        NotYourTurnError: the offer is put to another seat.
        InvalidTypeError: ``seat`` is not an int or ``accept`` not a bool.
    """
    if type(seat) is not int or not 0 <= seat <= 3:
        raise seat_error(seat, "answer the Armut")
    poverty = _exchange(self)
    if poverty is None or poverty.asked is None:
        raise _exchange_phase_error(self, seat, "answer the Armut", "offer")
    if seat != poverty.asked:
        raise NotYourTurnError(
            f"the Armut is offered to seat {poverty.asked} now, not seat {seat}",
            seat=seat,
            action="answer the Armut",
            rule="V§6.3",
        )
    if type(accept) is not bool:
        raise action_type_error(
            ActionTypeError, accept, "accept", "bool", seat=seat, action="answer the Armut"
        )


def can_answer_poverty(self: HasState, seat: int, accept: bool) -> bool:
    """Whether :meth:`check_answer_poverty` would accept the answer."""
    return _accepts(check_answer_poverty, self, seat, accept)


def answer_poverty(self: Deal, seat: int, accept: bool) -> Deal:
    """``seat`` accepts or refuses the Armut (V§6.3 step 2, step 4, V§6.4).

    The first accept ends the offer: the acceptor takes the three cards and
    the parties are public, poor player and acceptor Re.  A third refusal
    makes the deal void (V§8).

    >>> from doppelkopf import Deal, Reservation, Rules
    >>> deal = Deal.from_hands(_V18_HANDS, rules=Rules(armut=True)).declare(
    ...     0, Reservation.POVERTY)
    >>> for seat in (1, 2, 3):
    ...     deal = deal.declare(seat, Reservation.HEALTHY)
    >>> deal = deal.pass_cards(0, Hand.parse("♦K ♣J ♠K"))
    >>> deal = deal.answer_poverty(1, False).answer_poverty(2, True)  # V18
    >>> deal.phase, deal.partner, deal.hand_size(2), [str(p) for p in deal.parties]
    (<Phase.POVERTY_RETURN: 'poverty_return'>, 2, 15, ['Re', 'Kontra', 'Re', 'Kontra'])

    Raises:
        WrongPhaseError, NotYourTurnError, InvalidTypeError: see
            :meth:`check_answer_poverty`.
    """
    check_answer_poverty(self, seat, accept)
    setup, held, tricks, leader, trick, _ = self._state
    poverty = setup.extra.poverty
    assert poverty is not None
    assert poverty.passed is not None
    answers = (*poverty.answers, accept)
    passed = cards_bits(poverty.passed)
    if accept:
        poor = poverty.poor
        setup = setup._replace(
            extra=setup.extra._replace(
                poverty=Poverty(poor, poverty.passed, answers, seat, cards_passed=True)
            ),
            partner=seat,
            parties=tuple(_RE if s in (poor, seat) else _KONTRA for s in range(4)),
        )
        return successor(self, (setup, held + (passed << 48 * seat), tricks, leader, trick, seat))
    poverty = Poverty(poverty.poor, poverty.passed, answers, cards_passed=True)
    if len(answers) < 3:
        setup = setup._replace(extra=setup.extra._replace(poverty=poverty))
        return successor(self, (setup, held, tricks, leader, trick, (seat + 1) & 3))
    setup = setup._replace(
        game_type=None,
        declarer=None,
        parties=_NO_PARTIES,
        extra=setup.extra._replace(poverty=poverty, void=VoidDeal("poverty_refused", poverty.poor)),
    )
    return successor(
        self, (setup, held + (passed << 48 * poverty.poor), tricks, leader, trick, None)
    )


def check_return_cards(self: HasState, seat: int, cards: tuple[Card, ...]) -> None:
    """Raise unless the acceptor ``seat`` may return ``cards`` now (V§6.3 step 3).

    Any three of its fifteen cards, trumps and received cards allowed.

    Raises:
        WrongPhaseError: nobody has accepted, or the cards are back already.
        NotYourTurnError: ``seat`` is not the acceptor.
        CardNotHeldError: a card is not in the hand.
        IllegalActionError: not three cards.
        InvalidTypeError: ``seat`` is not an int or a card no :class:`Card`.
    """
    if type(seat) is not int or not 0 <= seat <= 3:
        raise seat_error(seat, "return cards")
    poverty = _exchange(self)
    if poverty is None or poverty.acceptor is None:
        raise _exchange_phase_error(self, seat, "return cards", "return")
    if seat != poverty.acceptor:
        raise NotYourTurnError(
            f"seat {poverty.acceptor} accepted and returns the cards, not seat {seat}",
            seat=seat,
            action="return cards",
            rule="V§6.3",
        )
    checked = _exchange_cards(cards, seat, "return")
    error = held_refusal((self._state[1] >> 48 * seat) & HAND_MASK, checked, seat, "return")
    if error is not None:
        raise error


def can_return_cards(self: HasState, seat: int, cards: tuple[Card, ...]) -> bool:
    """Whether :meth:`check_return_cards` would accept the cards."""
    return _accepts(check_return_cards, self, seat, cards)


def return_cards(self: Deal, seat: int, cards: tuple[Card, ...]) -> Deal:
    """The acceptor returns ``cards``; the number of trumps among them is public (V§6.3, V§6.5).

    Play starts from the dealer's left and announcements open, with the
    normal deadlines.

    >>> from doppelkopf import Deal, Reservation, Rules
    >>> deal = Deal.from_hands(_V18_HANDS, rules=Rules(armut=True)).declare(
    ...     0, Reservation.POVERTY)
    >>> for seat in (1, 2, 3):
    ...     deal = deal.declare(seat, Reservation.HEALTHY)
    >>> deal = deal.pass_cards(0, Hand.parse("♦K ♣J ♠K"))
    >>> deal = deal.answer_poverty(1, False).answer_poverty(2, True)
    >>> deal = deal.return_cards(2, Hand.parse("♥10 ♦A ♠9"))  # V18
    >>> deal.poverty.returned_trumps, deal.phase, deal.turn, deal.hand_size(0)
    (2, <Phase.PLAY: 'play'>, 0, 12)

    Raises:
        WrongPhaseError, NotYourTurnError, CardNotHeldError, IllegalActionError:
            see :meth:`check_return_cards`.
    """
    check_return_cards(self, seat, cards)
    checked = _three_cards(cards)
    setup, held, tricks, _, trick, _ = self._state
    poverty = setup.extra.poverty
    assert poverty is not None
    rules = setup.rules
    bits = cards_bits(checked)
    poverty = Poverty(
        poverty.poor,
        poverty.passed,
        poverty.answers,
        poverty.acceptor,
        checked,
        count_bits(bits & trump_bits(rules)),
        cards_passed=True,
        cards_returned=True,
    )
    held += (bits << 48 * poverty.poor) - (bits << 48 * seat)
    order = rules.card_order(_POVERTY_GAME)
    setup = setup._replace(extra=setup.extra._replace(poverty=poverty), order=order)
    first = (setup.dealer + 1) & 3
    return successor(self, (setup, by_position(held, order), tricks, first, trick, first))


# The hands of V18 for the examples: seat 0 holds two trumps, ♦K and ♣J.
_V18_HANDS: Final = (
    "♦K ♣J ♠K ♠A ♠A ♠10 ♣A ♣A ♣10 ♥A ♥K ♥9",
    "♣Q ♣Q ♠Q ♠Q ♥Q ♥Q ♦Q ♦Q ♣J ♠J ♠J ♥J",
    "♥10 ♥10 ♦A ♦A ♦10 ♦10 ♦K ♦9 ♦9 ♥J ♦J ♠9",
    "♦J ♠10 ♠K ♠9 ♣10 ♣K ♣K ♣9 ♣9 ♥A ♥K ♥9",
)


def _accepts(check: Callable[..., None], *arguments: object) -> bool:
    """Whether ``check(*arguments)`` passes: the ``can_…`` form of a ``check_…`` verb."""
    try:
        check(*arguments)
    except DoppelkopfError:
        return False
    return True
