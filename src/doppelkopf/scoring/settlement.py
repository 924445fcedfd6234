"""Settling a deal: the value for Re and what each seat writes (SPEC §10.5, §12, V§0.5).

:func:`settle` turns a :class:`~doppelkopf.scoring.DealSummary`, or a finished
:class:`~doppelkopf.Deal` through :func:`summarize`, into a :class:`Settlement`.
"""

from __future__ import annotations

from typing import Final

import attrs

from .. import _checks
from .._text_table import Column, lay_out
from ..deal import Deal, Outcome
from ..errors import InvalidTypeError
from ..parties import Party
from ..rules import Rules
from ..specials import SpecialKind
from ._finished import _SEAT_SETS, finished_summary
from ._result import PartyResult, _checked_result
from .summary import DealSummary, _instance_of, _seat
from .value import ValueLine, _value_lines, winner

__all__ = ["Settlement", "settle", "summarize"]

_RE: Final = Party.RE
_KONTRA: Final = Party.KONTRA
_DDV: Final = Rules.DDV


def _announced_text(result: PartyResult, party: Party) -> str:
    if result.announcement is None:
        return "nothing announced"
    text = f"announced {result.announcement.label(party)}"
    return f"{text} (late reply)" if result.late_reply else text


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


@attrs.frozen
class Settlement:
    """The settled deal: winner, value lines, ``VR`` and the four scores (SPEC §9–§12).

    Built from a :class:`DealSummary`; every other field follows from it, and
    :attr:`rules` are the summary's (V§0.5).

    - ``winner``: :func:`winner` (``None`` when nobody won, SPEC §10.4);
    - ``lines``: :func:`game_value`;
    - ``value``: ``VR``, the net of the lines from Re's point of view (SPEC §10.5);
    - ``scores``: the entry of each seat 0–3 on the score sheet (SPEC §12): in
      2 vs 2 each Re player writes ``+VR`` and each Kontra player ``-VR``; in a
      solo the soloist writes ``3·VR`` and each opponent ``-VR``.

    >>> from doppelkopf.rules import GameType
    >>> x07 = Settlement(DealSummary(GameType.JACKS_SOLO, {1}, PartyResult(110, 5),
    ...                              PartyResult(130, 7)))  # EXAMPLES X07
    >>> x07.value, x07.scores, x07.score_of(1), x07.value_for(Party.KONTRA)
    (-1, (1, -3, 1, 1), -3, 1)
    >>> print(x07)
    Jacks solo: Re seat 1 against Kontra seats 0, 2, 3
      Re      110 card points,  5 tricks, nothing announced
      Kontra  130 card points,  7 tricks, nothing announced
    Winner: Kontra
      line                    Re  Kontra  rule
      won                              1  §10.1
      value for Re (VR)       -1          §10.5
    Scores (§12): seat 0 +1, seat 1 -3, seat 2 +1, seat 3 +1
    >>> x07.rules is Rules.DDV
    True
    >>> x07.value_for("re")
    Traceback (most recent call last):
        ...
    doppelkopf.errors.InvalidTypeError: party must be a Party, not str 're'; use Party.parse('re')

    Under other rules the text names them after the first line:

    >>> print(settle(DealSummary(GameType.NORMAL, {0, 1}, PartyResult(240, 10),
    ...                          PartyResult(0, 0), rules=Rules(nines=False))))
    ... # doctest: +ELLIPSIS
    Normal game: Re seats 0, 1 against Kontra seats 2, 3
    Rules: nines=false
      Re      240 card points, 10 tricks, nothing announced
    ...
    """

    summary: DealSummary = attrs.field(validator=_instance_of(DealSummary))
    winner: Party | None = attrs.field(init=False)
    lines: tuple[ValueLine, ...] = attrs.field(init=False)
    value: int = attrs.field(init=False)
    scores: tuple[int, int, int, int] = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        _fill(self, self.summary)

    @property
    def rules(self) -> Rules:
        """The rule set the deal was played and settled under (V§0.5)."""
        return self.summary.rules

    def score_of(self, seat: int) -> int:
        """What ``seat`` writes on the score sheet for this deal (SPEC §12).

        Raises:
            InvalidValueError: ``seat`` is not 0–3.
            InvalidTypeError: ``seat`` is not an ``int`` (a ``bool`` included).
        """
        return self.scores[_seat(seat)]

    def value_for(self, party: Party) -> int:
        """The net value from ``party``'s point of view: ``VR`` for Re, ``-VR`` for Kontra.

        Raises:
            InvalidTypeError: ``party`` is not a :class:`~doppelkopf.Party`; text such
                as ``"re"`` is read by :meth:`Party.parse <doppelkopf.Party.parse>`.
        """
        if party is _RE:
            return self.value
        if party is _KONTRA:
            return -self.value
        raise _checks.type_error(party, "party", "Party", "Party.parse")

    def __str__(self) -> str:
        summary = self.summary

        def seats(party: Party) -> str:
            numbers = sorted(summary.seats_of(party))
            noun = "seat" if len(numbers) == 1 else "seats"
            return f"{noun} {', '.join(str(seat) for seat in numbers)}"

        game = str(summary.game_type)
        out = [
            f"{game[0].upper()}{game[1:]}: Re {seats(Party.RE)} against Kontra "
            f"{seats(Party.KONTRA)}"
        ]
        if summary.rules != _DDV:
            out.append(f"Rules: {summary.rules}")
        for party in (_RE, _KONTRA):
            result = summary.result_of(party)
            out.append(
                f"  {party!s:<6}  {result.card_points:>3} card points, "
                f"{result.tricks:>2} trick{'' if result.tricks == 1 else 's'}, "
                f"{_announced_text(result, party)}"
            )
        out.append(f"Winner: {self.winner if self.winner is not None else 'nobody (§10.4)'}")
        rows = [("line", "Re", "Kontra", "rule")]
        for line in self.lines:
            points = str(line.points)
            rows.append(
                (line.reason, *((points, "") if line.party is _RE else ("", points)), line.rule)
            )
        rows.append(("value for Re (VR)", _signed(self.value), "", "§10.5"))
        out += lay_out(_LINE_COLUMNS, rows)
        scores = (f"seat {seat} {_signed(score)}" for seat, score in enumerate(self.scores))
        out.append(f"Scores (§12): {', '.join(scores)}")
        return "\n".join(out)


_LINE_COLUMNS: Final = (
    Column("<", gap="  "),
    Column(">", 2, grows=False),
    Column(">", 6, grows=False),
    Column("<"),
)
"""The value lines of :meth:`Settlement.__str__`: reason, points for Re, for Kontra, rule."""


_SETTERS: Final = {
    field.name: vars(Settlement)[field.name].__set__ for field in attrs.fields(Settlement)
}
_SET_SUMMARY: Final = _SETTERS["summary"]
_SET_WINNER: Final = _SETTERS["winner"]
_SET_LINES: Final = _SETTERS["lines"]
_SET_VALUE: Final = _SETTERS["value"]
_SET_SCORES: Final = _SETTERS["scores"]


def _fill(settlement: Settlement, summary: DealSummary) -> None:
    """Set the fields that follow from ``summary`` (SPEC §10.5, §12)."""
    won = winner(summary)
    lines = _value_lines(summary.game_type, summary.re, summary.kontra, won)
    value = 0
    for line in lines:
        value += line.points if line.party is _RE else -line.points
    re_seats = summary.re_seats
    re_score = 3 * value if summary.game_type.is_solo else value
    _SET_WINNER(settlement, won)
    _SET_LINES(settlement, lines)
    _SET_VALUE(settlement, value)
    _SET_SCORES(
        settlement,
        (
            re_score if 0 in re_seats else -value,
            re_score if 1 in re_seats else -value,
            re_score if 2 in re_seats else -value,
            re_score if 3 in re_seats else -value,
        ),
    )


def _settlement(summary: DealSummary) -> Settlement:
    """:class:`Settlement` of a summary known to be one, without the constructor's check."""
    settlement: Settlement = object.__new__(Settlement)
    _SET_SUMMARY(settlement, summary)
    _fill(settlement, summary)
    return settlement


_DOPPELKOPF: Final = SpecialKind.DOPPELKOPF
_FOX_CAUGHT: Final = SpecialKind.FOX_CAUGHT
_KARLCHEN: Final = SpecialKind.KARLCHEN
_KARLCHEN_CAUGHT: Final = SpecialKind.KARLCHEN_CAUGHT


def _summary_of(outcome: Outcome) -> DealSummary:
    """The summary of ``outcome``, checked like any other summary."""
    first, second, third, fourth = outcome.parties
    # Bit s of ``mask`` is set when seat s plays for Re.
    mask = (first is _RE) | (second is _RE) << 1 | (third is _RE) << 2 | (fourth is _RE) << 3
    re_seats = _SEAT_SETS[mask]
    points = outcome.seat_points
    re_points = 0
    for seat in re_seats:
        re_points += points[seat]
    re_tricks = 0
    for seat in outcome.winners:
        re_tricks += mask >> seat & 1
    # [Re, Kontra] x [Doppelkopf, foxes, Karlchen, caught Karlchen, fox at the end]
    counts = [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0]]
    for event in outcome.special_events:
        kind = event.kind
        index = (
            0
            if kind is _DOPPELKOPF
            else 1
            if kind is _FOX_CAUGHT
            else 2
            if kind is _KARLCHEN
            else 3
            if kind is _KARLCHEN_CAUGHT
            else 4
        )
        counts[event.party is not _RE][index] += 1
    total = sum(points)
    tricks = len(outcome.winners)
    said = outcome.re_announcements
    re = _checked_result(re_points, re_tricks, said.level, said.late_reply, counts[0])
    said = outcome.kontra_announcements
    kontra = _checked_result(
        total - re_points, tricks - re_tricks, said.level, said.late_reply, counts[1]
    )
    return DealSummary(outcome.game_type, re_seats, re, kontra, rules=outcome.rules)


def summarize(deal: Deal | Outcome) -> DealSummary:
    """The score-sheet summary of a finished deal (or of its :attr:`~doppelkopf.Deal.outcome`).

    Parties, tricks, announcements, special points and the rules come from the
    deal, so settling the summary and settling the deal give the same result.
    A finished :class:`~doppelkopf.Deal` was played by the rules, so its
    summary is not checked again; an :class:`~doppelkopf.deal.Outcome` given
    on its own is checked like any other summary.

    >>> from doppelkopf import Deal, legal_actions
    >>> deal = Deal.shuffled(seed=11)
    >>> while not deal.is_finished:
    ...     deal = deal.apply(deal.legal_actions[0])
    >>> summary = summarize(deal)
    >>> summary.game_type, summary.re.card_points + summary.kontra.card_points
    (GameType.NORMAL, 240)
    >>> summary == summarize(deal.outcome), summary.rules
    (True, Rules())

    Raises:
        WrongPhaseError: the deal is not finished.
        InvalidSummaryError: an outcome that fails the checks of
            :class:`DealSummary`.
        InvalidTypeError: ``deal`` is neither a deal nor an outcome.
    """
    if isinstance(deal, Deal):
        return finished_summary(deal)
    if isinstance(deal, Outcome):
        return _summary_of(deal)
    raise _checks.type_error(deal, "deal", "Deal or Outcome")


def _as_summary(outcome: object) -> DealSummary:
    if isinstance(outcome, Deal):
        return finished_summary(outcome)
    if isinstance(outcome, DealSummary):
        return outcome
    if isinstance(outcome, Outcome):
        return _summary_of(outcome)
    kind = type(outcome).__name__
    kind = kind if len(kind) <= 40 else kind[:37] + "..."
    raise InvalidTypeError(
        f"settle() needs a DealSummary, Deal or Outcome, not {kind}",
        name="outcome",
        expected="DealSummary, Deal or Outcome",
        value=_checks.excerpt(outcome),
    )


def settle(outcome: DealSummary | Deal | Outcome) -> Settlement:
    """Settle a deal: winner, game value, ``VR`` and the score of each seat (SPEC §9–§12).

    >>> from doppelkopf.rules import GameType
    >>> x36 = DealSummary(GameType.FLESHLESS, {2}, PartyResult(240, 12),
    ...                   PartyResult(0, 0))  # EXAMPLES X36: schwarz without announcement
    >>> settlement = settle(x36)
    >>> settlement.value, settlement.scores
    (5, (-5, -5, 15, -5))
    >>> [line.reason for line in settlement.lines]
    ['won', 'Kontra under 90', 'Kontra under 60', 'Kontra under 30', 'Kontra took no trick']

    A finished :class:`~doppelkopf.Deal` (or its outcome) is settled through
    :func:`summarize`, under the rules it was played by.

    Raises:
        InvalidTypeError: ``outcome`` is not a summary, deal or outcome (also a
            :class:`TypeError`).
        WrongPhaseError: the deal is not finished.
    """
    return _settlement(_as_summary(outcome))
