"""The summary of a finished deal read straight from the deal's state (SPEC §9–§11).

Why this module exists: :func:`doppelkopf.scoring.settle` of a finished
:class:`~doppelkopf.Deal` is the last call of every random game a bot or a
playout plays.  Going through :attr:`Deal.outcome <doppelkopf.Deal.outcome>`
built an :class:`~doppelkopf.deal.Outcome` (a list of winners, the card points
of each trick and of each seat) and a :class:`~doppelkopf.specials.SpecialEvent`
per special point, only for the summary to add them up again per party.  A
finished deal guarantees everything that path checked and computed on the way
(each trick is complete and was won by the leader of the next one, every
seat's party is fixed by trick 3), so this module reads the completed tricks
once and counts per party directly: about a third of the instructions.

:func:`finished_summary` must give exactly the summary of
``summarize(deal.outcome)``; ``tests/test_scoring_finished.py`` pins the two
together over deals of every contract and of several rule sets.
"""

from __future__ import annotations

from typing import Final

from ..deal import Deal
from ..parties import Party
from ..rules import Rules
from ..specials import CHARLIE, DOPPELKOPF_POINTS, FOX
from ..tricks import Trick
from ._result import _trusted_result
from .summary import DealSummary, _trusted_summary

_RE: Final = Party.RE
_SEAT_SETS: Final = tuple(
    frozenset(seat for seat in range(4) if mask >> seat & 1) for mask in range(16)
)
"""The set of seats of each four-bit mask."""


def finished_summary(deal: Deal) -> DealSummary:
    """The :class:`DealSummary` of ``deal``, which must be finished and not void.

    Raises:
        WrongPhaseError: the deal is not finished, or it is void (from
            :attr:`Deal.outcome <doppelkopf.Deal.outcome>`, which names why).
    """
    setup, _, tricks, leader, _, _ = deal._state
    rules = setup.rules
    count = len(tricks)
    if count < rules.tricks or setup.extra.void is not None:
        _ = deal.outcome  # raises the error that names why there is nothing to settle
    game = setup.game_type
    assert game is not None
    first, second, third, fourth = setup.parties
    # Bit s of ``mask`` is set when seat s plays for Re.
    mask = (first is _RE) | (second is _RE) << 1 | (third is _RE) << 2 | (fourth is _RE) << 3
    re_points = 0
    re_tricks = 0
    total = 0
    # [Re, Kontra] x [Doppelkopf, foxes, Karlchen, caught Karlchen, fox at the end],
    # the order of _trusted_result's counts.
    counts = [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0]]
    specials = rules.specials and game.has_special_points
    last = count - 1
    for index in range(count):
        trick = tricks[index]
        # Each trick's winner led the next one; the winner of the last trick
        # "leads" the empty trick of the finished deal.
        winner = tricks[index + 1].leader if index < last else leader
        a, b, c, d = cards = trick.cards
        points = a.points + b.points + c.points + d.points
        total += points
        re_won = mask >> winner & 1
        if re_won:
            re_points += points
            re_tricks += 1
        if not specials:
            continue
        # The same events as doppelkopf.specials._special_events, counted for
        # the winner's party (row 0 for Re, 1 for Kontra).
        row = counts[1 - re_won]
        if a is FOX or b is FOX or c is FOX or d is FOX:
            start = trick.leader
            for position in (0, 1, 2, 3):
                if cards[position] is FOX and (mask >> ((start + position) & 3) & 1) != re_won:
                    row[1] += 1
        if points >= DOPPELKOPF_POINTS:
            row[0] += 1
        if index == last:
            _count_last_trick(row, trick, winner, mask, rules)
    said = setup.re_announcements
    re = _trusted_result(re_points, re_tricks, said.level, said.late_reply, counts[0])
    said = setup.kontra_announcements
    kontra = _trusted_result(
        total - re_points, count - re_tricks, said.level, said.late_reply, counts[1]
    )
    return _trusted_summary(game, _SEAT_SETS[mask], re, kontra, rules)


def _count_last_trick(row: list[int], trick: Trick, winner: int, mask: int, rules: Rules) -> None:
    """Karlchen (SPEC §11.5), the caught Karlchen (V§5.3) and the fox at the end (V§5.4)."""
    cards = trick.cards
    start = trick.leader
    winning = cards[(winner - start) & 3]
    if rules.karlchen and winning is CHARLIE:
        row[2] += 1
    if rules.karlchen_caught:
        re_won = mask >> winner & 1
        for position in (0, 1, 2, 3):
            if cards[position] is CHARLIE and (mask >> ((start + position) & 3) & 1) != re_won:
                row[3] += 1
    if rules.fox_at_end and winning is FOX:
        row[4] += 1
