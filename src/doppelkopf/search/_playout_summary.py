"""Scores from compact playout summaries, through the library's own settlement (SPEC §9–§12).

Private to :mod:`doppelkopf.search`.  A finished playout is reduced to one
``int``: what :class:`~doppelkopf.scoring.DealSummary` needs of it besides the
facts its position fixed (the rules, the contract and both parties'
announcements, which no playout changes: it makes no announcement).  Each
distinct value is turned into a summary and settled by
:func:`doppelkopf.settle` once, and its four scores are kept; so every score
is what the settlement of the finished deal gives, by construction.

Layout of a key, from bit 0: Re's card points (8 bits), Re's tricks (4), the
Re seats (4, bit ``s`` for seat ``s``), the marriage turned solo (1, SPEC
§7.3), then for Re and for Kontra in turn: Doppelkopf tricks (3 bits each),
foxes caught (2 each), Karlchen (1 each), caught Karlchen (2 each), the fox
at the end (1 each); from bit 36 the context (rules, contract,
announcements).
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
    "re_seats": 12,
    "marriage_solo": 16,
    "re_doppelkopf": 17,
    "kontra_doppelkopf": 20,
    "re_foxes": 23,
    "kontra_foxes": 25,
    "re_karlchen": 27,
    "kontra_karlchen": 28,
    "re_caught": 29,
    "kontra_caught": 31,
    "re_fox_at_end": 33,
    "kontra_fox_at_end": 34,
}
CONTEXT_SHIFT: Final = 36

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
_SCORES: Final[dict[int, tuple[int, int, int, int]]] = {}
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


def _field(key: int, name: str, bits: int) -> int:
    return (key >> SHIFTS[name]) & ((1 << bits) - 1)


def summary_of(key: int) -> DealSummary:
    """The :class:`DealSummary` that ``key`` stands for (see the module's layout)."""
    context = _BY_ID[key >> CONTEXT_SHIFT]
    game = context.game_type
    if game is GameType.MARRIAGE and _field(key, "marriage_solo", 1):
        game = GameType.MARRIAGE_SOLO
    rules = context.rules
    re_points = _field(key, "re_points", 8)
    re_tricks = _field(key, "re_tricks", 4)
    mask = _field(key, "re_seats", 4)
    re_seats = frozenset(seat for seat in range(4) if mask >> seat & 1)
    sides = []
    for side, points, tricks, said in (
        ("re", re_points, re_tricks, context.re_state),
        ("kontra", context.points - re_points, rules.tricks - re_tricks, context.kontra_state),
    ):
        counts = (
            _field(key, f"{side}_doppelkopf", 3),
            _field(key, f"{side}_foxes", 2),
            _field(key, f"{side}_karlchen", 1),
            _field(key, f"{side}_caught", 2),
            _field(key, f"{side}_fox_at_end", 1),
        )
        if CHECK_SUMMARIES:
            sides.append(
                PartyResult(
                    points,
                    tricks,
                    announcement=said.level,
                    late_reply=said.late_reply,
                    doppelkopf=counts[0],
                    foxes_caught=counts[1],
                    karlchen=bool(counts[2]),
                    karlchen_caught=counts[3],
                    fox_at_end=bool(counts[4]),
                )
            )
        else:
            sides.append(_trusted_result(points, tricks, said.level, said.late_reply, counts))
    if CHECK_SUMMARIES:
        return DealSummary(game, re_seats, sides[0], sides[1], rules=rules)
    return _trusted_summary(game, re_seats, sides[0], sides[1], rules)


def scores_of(key: int) -> tuple[int, int, int, int]:
    """The four scores of the summary ``key``: ``settle(summary).scores`` (SPEC §12), cached."""
    scores = _SCORES.get(key)
    if scores is None:
        if len(_SCORES) >= _CACHE_LIMIT:
            _SCORES.clear()
        scores = _SCORES[key] = settle(summary_of(key)).scores
    return scores

