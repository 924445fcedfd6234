"""What the search player assumes of the other players: the heuristic player's Re and Kontra.

A :class:`~doppelkopf.HeuristicPlayer` says Re or Kontra in a normal game at its
first chance exactly when its dealt hand reaches a published strength
(``_power`` against ``_ANNOUNCE_POWER`` in :mod:`doppelkopf.players.heuristic`):
at its first card it holds the hand it was dealt and its party has won no
trick.  A world in which a seat that stayed silent at its first card holds a
strong hand, or a seat that spoke at once a weak one, is not a world that
player would have produced.  The search player keeps only worlds that agree
with this model (see :class:`~doppelkopf.search.SearchPlayer`, ``model=``).
"""

from __future__ import annotations

from typing import Final

from ..deal import Deal
from ..parties import Announcement
from ..players.heuristic import _ANNOUNCE_POWER, _power, _scaled
from ..rules import GameType

_NORMAL: Final = GameType.NORMAL
_RE_KONTRA: Final = Announcement.RE_KONTRA


def heuristic_consistent(world: Deal, viewer: int) -> bool:
    """Whether the other seats' first Re or Kontra in ``world`` is the heuristic's (SPEC §8.2).

    Only normal games are judged, and only seats that have played their first
    card while Re or Kontra was still theirs to say (their partner had not
    said it before): such a seat said it with its full hand exactly when its
    dealt hand has the heuristic player's strength.  Every other world passes.

    >>> from doppelkopf import Deal, Reservation
    >>> deal = Deal.shuffled(seed=4)
    >>> for seat in range(4):
    ...     deal = deal.declare(seat, Reservation.HEALTHY)
    >>> heuristic_consistent(deal, 0)  # nobody has played yet
    True
    """
    order = world.card_order
    if world.game_type is not _NORMAL or order is None:
        return True
    rules = world.rules
    threshold = _scaled(_ANNOUNCE_POWER, rules)
    parties = world.parties
    announcements = world.announcements
    first_card: dict[int, int] = {}
    moment = 0
    for trick in (*world.tricks, world.current_trick):
        for position in range(len(trick.cards)):
            first_card.setdefault((trick.leader + position) & 3, moment)
            moment += 1
        if len(first_card) == 4:
            break
    for seat, played_at in first_card.items():
        if seat == viewer:
            continue
        party = parties[seat]
        first = next((e for e in announcements if e.level is _RE_KONTRA and e.party is party), None)
        said = first is not None and first.moment <= played_at
        if said and first is not None and first.seat != seat:
            continue  # the partner said it first: nothing was left to say
        if said != (_power(world.dealt[seat], order) >= threshold):
            return False
    return True
