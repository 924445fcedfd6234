"""Scores from compact playout summaries, through the library's own settlement (SPEC §9–§12).

Private to :mod:`doppelkopf.search`.  A finished playout is reduced to one
``int``: what :class:`~doppelkopf.scoring.DealSummary` needs of it besides the
facts its position fixed (the rules, the contract and both parties'
announcements, which no playout changes: it makes no announcement).  Each
distinct value is turned into a summary and settled by
:func:`doppelkopf.settle` once, and its four scores are kept; so every score
is what the settlement of the finished deal gives, by construction.

Layout of a key, from bit 0: Re's card points (8 bits), Re's tricks (4), the
marriage turned solo (1, SPEC §7.3), then for Re and for Kontra in turn:
Doppelkopf tricks (3 bits each), foxes caught (2 each), Karlchen (1 each),
caught Karlchen (2 each), the fox at the end (1 each); from bit 32 the
context (rules, contract, announcements).

The key leaves out which seats are Re: a summary names no seat but in
``re_seats``, so settling it with other Re seats gives the same entries to
other seats.  Each key is settled once with the first seats as Re (seat 0
alone in a solo, seats 0 and 1 otherwise), and a game's Re seats write the
entry of seat 0, its Kontra seats that of seat 3 (SPEC §12).  Without the
seats in it, a key recurs across deals far more often, and the cache serves
it.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from ..announce import PartyAnnouncements
from ..rules import GameType, Rules
from ..scoring import DealSummary, PartyResult, settle
from ..scoring.summary import _trusted_result, _trusted_summary

__all__ = [
    "CONTEXT_SHIFT",
    "SHIFTS",
    "Context",
    "context_id",
    "context_of",
    "scores_of",
]

SHIFTS: Final = {
    "re_points": 0,
    "re_tricks": 8,
    "marriage_solo": 12,
    "re_doppelkopf": 13,
    "kontra_doppelkopf": 16,
    "re_foxes": 19,
    "kontra_foxes": 21,
    "re_karlchen": 23,
    "kontra_karlchen": 24,
    "re_caught": 25,
    "kontra_caught": 27,
    "re_fox_at_end": 29,
    "kontra_fox_at_end": 30,
}
CONTEXT_SHIFT: Final = 32
_FIELDS: Final = tuple(
    (SHIFTS[f"{side}_{name}"], (1 << width) - 1)
    for side in ("re", "kontra")
    for name, width in (
        ("doppelkopf", 3),
        ("foxes", 2),
        ("karlchen", 1),
        ("caught", 2),
        ("fox_at_end", 1),
    )
)
"""The shift and mask of each special-point count, Re's five then Kontra's five."""

CHECK_SUMMARIES = False
"""Build every summary with the checking constructor of :class:`DealSummary` (the tests)."""


class Context(NamedTuple):
    """The facts of a playout that its position fixes (SPEC §8, §9, V§0.5)."""

    rules: Rules
    game_type: GameType
    re_state: PartyAnnouncements
    kontra_state: PartyAnnouncements
    points: int
    """The card points of the deck (240, SPEC §1.2, V§1.1)."""


_CONTEXTS: Final[dict[Context, int]] = {}
_BY_ID: Final[list[Context]] = []
_SCORES: Final[dict[int, tuple[int, int]]] = {}
_CACHE_LIMIT: Final = 1 << 20


def context_id(
    rules: Rules, game_type: GameType, re_state: PartyAnnouncements, kontra: PartyAnnouncements
) -> int:
    """The number of a context, the same for equal contexts during the process's life."""
    context = Context(rules, game_type, re_state, kontra, sum(card.points for card in rules.deck))
    number = _CONTEXTS.get(context)
    if number is None:
        number = _CONTEXTS[context] = len(_BY_ID)
        _BY_ID.append(context)
    return number


def context_of(number: int) -> Context:
    """The context numbered ``number`` by :func:`context_id`."""
    return _BY_ID[number]


_SOLO_SEATS: Final = frozenset({0})
_PAIR_SEATS: Final = frozenset({0, 1})


def summary_of(key: int) -> DealSummary:
    """The :class:`DealSummary` that ``key`` stands for, with the first seats as Re."""
    context = _BY_ID[key >> CONTEXT_SHIFT]
    game = context.game_type
    if game is GameType.MARRIAGE and (key >> SHIFTS["marriage_solo"]) & 1:
        game = GameType.MARRIAGE_SOLO
    rules = context.rules
    re_points = key & 255
    re_tricks = (key >> SHIFTS["re_tricks"]) & 15
    counts = [(key >> shift) & mask for shift, mask in _FIELDS]
    re_seats = _SOLO_SEATS if game.is_solo else _PAIR_SEATS
    sides = []
    for points, tricks, said, side in (
        (re_points, re_tricks, context.re_state, counts[:5]),
        (context.points - re_points, rules.tricks - re_tricks, context.kontra_state, counts[5:]),
    ):
        if CHECK_SUMMARIES:
            sides.append(
                PartyResult(
                    points,
                    tricks,
                    announcement=said.level,
                    late_reply=said.late_reply,
                    doppelkopf=side[0],
                    foxes_caught=side[1],
                    karlchen=bool(side[2]),
                    karlchen_caught=side[3],
                    fox_at_end=bool(side[4]),
                )
            )
        else:
            sides.append(_trusted_result(points, tricks, said.level, said.late_reply, side))
    if CHECK_SUMMARIES:
        return DealSummary(game, re_seats, sides[0], sides[1], rules=rules)
    return _trusted_summary(game, re_seats, sides[0], sides[1], rules)


def scores_of(key: int) -> tuple[int, int]:
    """What a Re seat and a Kontra seat write for the summary ``key`` (SPEC §12), cached.

    The entries of seat 0 and seat 3 of ``settle(summary_of(key)).scores``.
    """
    scores = _SCORES.get(key)
    if scores is None:
        if len(_SCORES) >= _CACHE_LIMIT:
            _SCORES.clear()
        entries = settle(summary_of(key)).scores
        scores = _SCORES[key] = (entries[0], entries[3])
    return scores
