"""The outcome of a finished deal, read from its state: what settlement needs (SPEC §9–§11).

:func:`outcome` is the property :attr:`Deal.outcome <doppelkopf.Deal.outcome>`:
each trick's winner (the leader of the next trick), the card points each
seat took, the final parties and the special points the tricks earned, in
an :class:`~doppelkopf.Outcome`.
"""

from __future__ import annotations

import operator
from typing import Final, cast

from ..errors import WrongPhaseError
from ..parties import Party
from ..specials import _special_events
from ._state import HasState
from .outcome import Outcome

__all__ = ["outcome"]

_cards_of: Final = operator.attrgetter("cards")


def outcome(self: HasState) -> Outcome:
    """The result of a finished deal: the input of settlement (SPEC §9–§11).

    Raises:
        WrongPhaseError: the deal is not finished, or it is void and has
            no outcome (V§8).
    """
    setup, _, tricks, leader, _, _ = self._state
    rules = setup.rules
    if setup.extra.void is not None:
        raise WrongPhaseError(
            "a void deal has no outcome and no settlement; the same dealer deals again",
            action="outcome",
            rule="V§8",
        )
    if len(tricks) < rules.tricks:
        raise WrongPhaseError(
            f"the outcome exists only after trick {rules.tricks}",
            action="outcome",
            rule="§3.5, §9.1",
        )
    game = setup.game_type
    assert game is not None
    # Every seat's party is fixed by trick 3 at the latest (SPEC §6, §7.2, §7.3).
    assert None not in setup.parties
    parties = cast("tuple[Party, ...]", setup.parties)
    # Each trick's winner led the next one; the winner of trick 12 "leads" the empty trick.
    winners = (*[trick.leader for trick in tricks[1:]], leader)
    points = [a.points + b.points + c.points + d.points for a, b, c, d in map(_cards_of, tricks)]
    seat_points = [0, 0, 0, 0]
    for winner, won in zip(winners, points, strict=True):
        seat_points[winner] += won
    return Outcome(
        game_type=game,
        parties=parties,
        declarer=setup.declarer,
        partner=setup.partner,
        clarification_trick=setup.clarification_trick,
        tricks=tricks,
        winners=winners,
        seat_points=tuple(seat_points),
        re_announcements=setup.re_announcements,
        kontra_announcements=setup.kontra_announcements,
        special_events=(
            _special_events(tricks, winners, points, parties, rules)
            if rules.specials and game.has_special_points
            else ()
        ),
        rules=rules,
        schweine=setup.schweine,
    )
