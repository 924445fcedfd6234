"""One shared instance of every card play and every announcement a seat can make.

Why this module exists: listing legal actions (:attr:`Deal.legal_actions
<doppelkopf.Deal.legal_actions>`, :attr:`PlayerView.legal_actions
<doppelkopf.PlayerView.legal_actions>`) is what every bot does before every
decision, and building a :class:`~doppelkopf.Play` or
:class:`~doppelkopf.Announce` runs the validators of its fields, about a
microsecond each, for values that are always valid there.  Both are frozen
values compared by their fields, so one prebuilt instance per seat and card
(4 × 24) and per seat and level (4 × 5) can stand for every equal one: a
caller sees the same equality, hash, ``repr`` and fields.

``tests/test_interned.py`` pins each entry to the action built the ordinary way.
"""

from __future__ import annotations

from typing import Final

from ..cards import DISTINCT_CARDS
from ..parties import Announcement
from .actions import Announce, Play

PLAYS: Final[tuple[tuple[Play, ...], ...]] = tuple(
    tuple(Play(seat, card) for card in sorted(DISTINCT_CARDS, key=lambda card: card.index))
    for seat in range(4)
)
"""``PLAYS[seat][card.index]`` is ``Play(seat, card)``."""

ANNOUNCES: Final[tuple[tuple[Announce, ...], ...]] = tuple(
    tuple(Announce(seat, level) for level in Announcement) for seat in range(4)
)
"""``ANNOUNCES[seat][level]`` is ``Announce(seat, level)``."""
