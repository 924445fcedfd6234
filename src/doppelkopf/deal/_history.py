"""The history of a deal, rebuilt from its state when asked (SPEC §3.2, §8.10, V§6.3).

A deal stores no list of events: the answers sit in its setup by seat and
were given in asking order, the steps of the Armut exchange in its
:class:`~doppelkopf.Poverty`, the cards in the tricks in play order, and
each announcement records its ``moment``, the number of cards played before
it.  That fixes every event's place, so a played card costs no history
entry; :attr:`Deal.history <doppelkopf.Deal.history>` (:func:`history`) and
:attr:`PlayerView.history <doppelkopf.PlayerView.history>` interleave them
here.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import Card
from ._state import HasState
from .actions import (
    Announced,
    AnswerPoverty,
    Declare,
    Event,
    PassCards,
    Play,
    Reservation,
    ReturnCards,
)

__all__ = ["cards_and_calls", "history"]

_THROW = Reservation.THROW


def history(self: HasState) -> tuple[Event, ...]:
    """Every event in order: reservations, the Armut exchange, announcements and cards.

    The answers come in asking order (SPEC §3.2), then the answers to the
    questions of the two-step round, then the steps of the exchange (V§6.3);
    each announcement comes just before the card that
    followed it, placed by its ``moment``.
    """
    setup, _, tricks, leader, cards, _ = self._state
    dealer, declarations, reasons = setup.dealer, setup.declarations, setup.extra.reasons
    events: list[Event] = []
    for offset in (1, 2, 3, 4):
        seat = (dealer + offset) & 3
        answer = declarations[seat]
        if answer is not None:
            events.append(Declare(seat, answer, reasons[seat] if answer is _THROW else None))
    events.extend(setup.extra.asked)
    poverty = setup.extra.poverty
    if poverty is not None and poverty.passed is not None:
        poor = poverty.poor
        events.append(PassCards(poor, poverty.passed))
        for offset, accept in enumerate(poverty.answers, 1):
            events.append(AnswerPoverty((poor + offset) & 3, accept))
        if poverty.acceptor is not None and poverty.returned is not None:
            events.append(ReturnCards(poverty.acceptor, poverty.returned))
    played = ((trick.leader, trick.cards) for trick in tricks)
    events.extend(cards_and_calls((*played, (leader, cards)), setup.announcements))
    return tuple(events)


def cards_and_calls(
    tricks: Iterable[tuple[int, tuple[Card, ...]]], calls: tuple[Announced, ...]
) -> list[Announced | Play]:
    """The cards of ``tricks`` (leader and cards) with each announcement before its card.

    An announcement made when ``moment`` cards had been played comes just
    before card ``moment`` (SPEC §8.10); those made after the last card come last.
    :attr:`Deal.history` and :attr:`PlayerView.history` both order their events so.
    """
    events: list[Announced | Play] = []
    waiting = 0
    moment = 0
    for leader, cards in tricks:
        for position, card in enumerate(cards):
            while waiting < len(calls) and calls[waiting].moment == moment:
                events.append(calls[waiting])
                waiting += 1
            events.append(Play((leader + position) & 3, card))
            moment += 1
    events.extend(calls[waiting:])
    return events
