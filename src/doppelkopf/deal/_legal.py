"""The legal actions of a deal, in every phase, for all seats or for one (SPEC §3.2, §5.2, §8.2).

The reservation round offers the answers open to the seat asked
(``doppelkopf.deal._interned``): in its first step the one-step answers,
healthy and the named reservations (the bare ``VORBEHALT`` is legal where
a named reservation is listed, and is not listed itself, so that a bot's
choices and the adapters' action ids stay those of the one-step round); in
the second step of the two-step round the answers to the question asked
(:func:`doppelkopf.deal.questions.kind_choices`), the Armut exchange the choices of the seat
on turn (``doppelkopf.deal._exchange``), and play the legal cards of the
seat on turn (``doppelkopf.deal._play``) followed by every seat's legal
announcements (``doppelkopf.deal._announcing``): any seat may announce at
any instant.  :attr:`Deal.legal_actions <doppelkopf.Deal.legal_actions>`
and :attr:`PlayerView.legal_actions <doppelkopf.PlayerView.legal_actions>`
read them here.
"""

from __future__ import annotations

from collections.abc import Sequence

from ._announcing import OPEN_TRICKS, add_announcements, seat_levels
from ._exchange import exchange_actions
from ._interned import ANNOUNCES as _ANNOUNCES
from ._interned import PLAYS as _PLAYS
from ._interned import answer_choices
from ._play import legal_cards
from ._state import SETUP, TRICKS, TURN, HasState, _Setup
from .actions import Action, Declare
from .dealing import HAND_MASK, hand_of
from .questions import ReservationKind, kind_choices, next_question

__all__ = ["legal_actions_of", "question_choices", "question_of", "seat_actions"]


def legal_actions_of(deal: HasState) -> Sequence[Action]:
    """Every legal action that changes ``deal``, as a list or a tuple (a list in play)."""
    state = deal._state
    setup = state[SETUP]
    seat = state[TURN]
    if setup.order is None:
        if seat is None:
            return ()
        if setup.game_type is None:
            if setup.declarations[seat] is not None:
                return question_choices(setup, seat)
            return answer_choices(seat, setup.dealt[seat], setup.rules, setup.extra.forced)
        assert setup.extra.poverty is not None
        hand = hand_of((state[1] >> 48 * seat) & HAND_MASK)
        return exchange_actions(seat, hand, setup.extra.poverty, seat, setup.rules)
    if seat is None:
        return ()
    plays = _PLAYS[seat]
    actions: list[Action] = [plays[card.index] for card in legal_cards(deal)]
    add_announcements(actions, deal, setup)
    return actions


def seat_actions(deal: HasState, seat: int) -> tuple[Action, ...]:
    """The legal actions of one seat, in the order of :func:`legal_actions_of`."""
    state = deal._state
    setup = state[SETUP]
    if setup.order is None:
        return tuple(legal_actions_of(deal)) if state[TURN] == seat else ()
    if state[TURN] == seat:
        plays = _PLAYS[seat]
        actions: list[Action] = [plays[card.index] for card in legal_cards(deal)]
    else:
        actions = []
    clarification = setup.clarification_trick
    if len(state[TRICKS]) <= OPEN_TRICKS + (0 if clarification is None else clarification - 1):
        start, stop = seat_levels(deal, setup, seat)
        if start < stop:
            actions.extend(_ANNOUNCES[seat][start:stop])
    return tuple(actions)


def question_choices(setup: _Setup, seat: int) -> tuple[Declare, ...]:
    """The answers of ``seat`` to the question the second step asks it (V§6.2, V§9.2)."""
    owing = setup.extra.owing
    found = next_question(setup.dealer, setup.declarations, setup.extra.asked, setup.rules, owing)
    assert type(found) is tuple
    return kind_choices(seat, setup.dealt[seat], found[0], setup.rules, owing)


def question_of(deal: HasState) -> ReservationKind | None:
    """The kind the second step of the two-step round asks now, ``None`` outside it (SPEC §3.2)."""
    setup, seat = deal._state[SETUP], deal._state[TURN]
    if setup.game_type is not None or seat is None or setup.declarations[seat] is None:
        return None
    owing = setup.extra.owing
    found = next_question(setup.dealer, setup.declarations, setup.extra.asked, setup.rules, owing)
    assert type(found) is tuple
    return found[0]
