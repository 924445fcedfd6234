"""The decisions of a played deal, each with the deciding seat's view and its options (private).

:func:`decisions_of` walks the deal's history and stops at every decision of
the chosen seats that had more than one legal option:

- ``"card"``: every card the seat played (SPEC §5.2), the options its legal
  cards;
- ``"announcement"``: every announcement the seat made, on turn or not, and
  every card turn at which it could have announced and did not (SPEC §8);
  the options are no announcement and each legal level;
- ``"reservation"``: its answer in the reservation round (SPEC §3.2), the
  options every legal reservation;
- ``"armut"``: its answer to an offered Armut (V§6.3), accept or refuse.

Passing and returning the cards of an Armut exchange are not analysed: the
ways to choose three cards are too many to play each out.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import NamedTuple

from ..deal import Action, Announce, AnswerPoverty, Deal, Declare, Play, PlayerView

__all__ = ["Pending", "decisions_of"]


class Pending(NamedTuple):
    """One decision to analyse: where it stands, whose it is, what could be done."""

    event: int
    """The number of the event in the deal's history that the decision made or preceded."""
    seat: int
    kind: str
    view: PlayerView
    options: tuple[Action | None, ...]
    chosen: int


def decisions_of(deal: Deal, seats: Collection[int]) -> tuple[list[Pending], dict[int, int]]:
    """The decisions of ``seats`` in the finished ``deal``, and how many were forced per seat."""
    found: list[Pending] = []
    forced = dict.fromkeys(seats, 0)
    position = deal.initial()
    previous: Action | None = None
    for index, event in enumerate(deal.history):
        action = event.as_action()
        seat = action.seat
        if seat in forced:
            view = position.view(seat)
            legal = view.legal_actions
            pending: list[tuple[str, tuple[Action | None, ...], Action | None]] = []
            if isinstance(action, Play):
                levels = tuple(a for a in legal if isinstance(a, Announce))
                announced = isinstance(previous, Announce) and previous.seat == seat
                if levels and not announced:
                    pending.append(("announcement", (None, *levels), None))
                pending.append(("card", tuple(a for a in legal if isinstance(a, Play)), action))
            elif isinstance(action, Announce):
                levels = tuple(a for a in legal if isinstance(a, Announce))
                pending.append(("announcement", (None, *levels), action))
            elif isinstance(action, Declare):
                declared = tuple(a for a in legal if isinstance(a, Declare))
                pending.append(("reservation", declared, action))
            elif isinstance(action, AnswerPoverty):
                answers = tuple(a for a in legal if isinstance(a, AnswerPoverty))
                pending.append(("armut", answers, action))
            for kind, legal_options, chosen in pending:
                if len(legal_options) < 2:
                    forced[seat] += 1
                    continue
                options = legal_options if chosen in legal_options else (*legal_options, chosen)
                found.append(Pending(index, seat, kind, view, options, options.index(chosen)))
        position = position.apply(action)
        previous = action
    return found, forced
