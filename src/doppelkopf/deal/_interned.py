"""One shared instance of every card play, announcement and plain answer a seat can make.

Why this module exists: listing legal actions (:attr:`Deal.legal_actions
<doppelkopf.Deal.legal_actions>`, :attr:`PlayerView.legal_actions
<doppelkopf.PlayerView.legal_actions>`) is what every bot does before every
decision, and building a :class:`~doppelkopf.Play` or
:class:`~doppelkopf.Announce` runs the validators of its fields, about a
microsecond each, for values that are always valid there.  Both are frozen
values compared by their fields, so one prebuilt instance per seat and card
(4 × 24) and per seat and level (4 × 5) can stand for every equal one: a
caller sees the same equality, hash, ``repr`` and fields.  In the same way
the answers a seat may give in the reservation round
(:func:`~doppelkopf.deal.reservations.declare_choices`, a dozen ``Declare``
values) depend, under rules without Armut and Schmeißen, only on the seat,
whether it holds both ♣Q, whether solos are played and whether the deal is
forced, so :func:`answer_choices` builds each such tuple once.

``tests/test_interned.py`` pins each entry to the action built the ordinary way.
"""

from __future__ import annotations

from typing import Final

from ..cards import DISTINCT_CARDS, Hand
from ..parties import Announcement
from ..rules import Rules
from .actions import Announce, Declare, Play
from .reservations import CLUB_QUEEN_SHIFT, declare_choices

PLAYS: Final[tuple[tuple[Play, ...], ...]] = tuple(
    tuple(Play(seat, card) for card in sorted(DISTINCT_CARDS, key=lambda card: card.index))
    for seat in range(4)
)
"""``PLAYS[seat][card.index]`` is ``Play(seat, card)``."""

ANNOUNCES: Final[tuple[tuple[Announce, ...], ...]] = tuple(
    tuple(Announce(seat, level) for level in Announcement) for seat in range(4)
)
"""``ANNOUNCES[seat][level]`` is ``Announce(seat, level)``."""

_ANSWERS: Final[dict[tuple[int, bool, bool, bool], tuple[Declare, ...]]] = {}
"""The answers of :func:`answer_choices` by seat, both ♣Q, solos and forced, once built."""


def answer_choices(seat: int, hand: Hand, rules: Rules, forced: bool) -> tuple[Declare, ...]:
    """``declare_choices(seat, hand, rules, forced=forced)``, shared where it can be."""
    if rules.armut or rules.schmeissen:
        return declare_choices(seat, hand, rules, forced=forced)
    key = (seat, (hand._bits >> CLUB_QUEEN_SHIFT) & 3 == 2, rules.solos, forced)
    choices = _ANSWERS.get(key)
    if choices is None:
        choices = _ANSWERS[key] = declare_choices(seat, hand, rules, forced=forced)
    return choices
