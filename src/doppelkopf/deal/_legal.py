"""The legal actions of a deal, in every phase, for all seats or for one (SPEC §3.2, §5.2, §8.2).

The reservation round offers the answers open to the seat asked
(``doppelkopf.deal._interned``), the Armut exchange the choices of the seat
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
from ._state import SETUP, TRICKS, TURN, HasState
from .actions import Action
from .dealing import HAND_MASK, hand_of

__all__ = ["legal_actions_of", "seat_actions"]


def legal_actions_of(deal: HasState) -> Sequence[Action]:
    """Every legal action that changes ``deal``, as a list or a tuple (a list in play)."""
    state = deal._state
    setup = state[SETUP]
    seat = state[TURN]
    if setup.order is None:
        if seat is None:
            return ()
        if setup.game_type is None:
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
