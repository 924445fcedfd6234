"""The values an analysis hands out: options, decisions, seats' losses, the whole analysis.

Each is an immutable attrs value with a readable ``str`` and a JSON-ready
:meth:`as_dict` (numbers rounded to four decimals, actions in the wire's form).
"""

from __future__ import annotations

from typing import Any

import attrs

from .. import _checks
from .._text_table import Column, lay_out
from ..cards import Card, Hand
from ..deal import Action
from ..errors import InvalidValueError
from ..wire._forms import action_body

__all__ = ["Analysis", "Decision", "OptionValue", "SeatLoss"]

_DIGITS = 4


def _round(value: float) -> float:
    return round(value, _DIGITS)


def _points(value: float) -> str:
    return f"{value:+.2f}"


def _span(low: float, high: float) -> str:
    return f"[{low:+.2f}, {high:+.2f}]"


@attrs.frozen
class OptionValue:
    """One option of a decision and the seat's expected score after it, in game points.

    ``action`` is ``None`` for the option of not announcing; ``label`` its short
    text (``♣Q``, ``keine 90``, ``no announcement``); ``mean`` the average
    settled score of the seat over the sampled worlds (SPEC §12) and ``low``,
    ``high`` the ends of its 95 % interval.
    """

    label: str
    action: Action | None
    mean: float
    low: float
    high: float

    def as_dict(self) -> dict[str, Any]:
        """The option as JSON-ready values."""
        return {
            "label": self.label,
            "action": None if self.action is None else action_body(self.action),
            "mean": _round(self.mean),
            "low": _round(self.low),
            "high": _round(self.high),
        }


@attrs.frozen
class Decision:
    """One decision of a seat: what it knew of the table, its options, its choice and its loss.

    ``index`` is the number of the event in the deal's history that the
    decision made (or, for not announcing, the card it played instead);
    ``kind`` one of ``"card"``, ``"announcement"``, ``"reservation"`` and
    ``"armut"``; ``trick`` the number of the trick being played (1 for the
    first, 0 before the card play); ``table`` the cards of that trick so far,
    led by ``leader``; ``hand`` the seat's hand.  ``options[chosen]`` was
    played, ``options[best]`` scored best.  ``loss`` is the mean of the paired
    differences best − chosen over the ``worlds`` worlds, ``loss_low`` and
    ``loss_high`` the ends of its 95 % interval; ``blunder`` says whether the
    loss exceeds the analysis's threshold with an interval above 0.
    """

    index: int
    seat: int
    kind: str
    trick: int
    leader: int | None
    table: tuple[Card, ...]
    hand: Hand
    options: tuple[OptionValue, ...]
    chosen: int
    best: int
    loss: float
    loss_low: float
    loss_high: float
    blunder: bool
    worlds: int

    @property
    def chosen_option(self) -> OptionValue:
        """The option the seat chose."""
        return self.options[self.chosen]

    @property
    def best_option(self) -> OptionValue:
        """The option with the highest expected score."""
        return self.options[self.best]

    def heading(self) -> str:
        """One line: where the decision stood, what was chosen, and the loss."""
        where = f"trick {self.trick}" if self.trick else "before the play"
        table = " ".join(str(card) for card in self.table) or "-"
        verdict = "  BLUNDER" if self.blunder else ""
        return (
            f"event {self.index}, seat {self.seat}, {self.kind}, {where}, table {table}: "
            f"chose {self.chosen_option.label}, best {self.best_option.label}, "
            f"loss {self.loss:.2f} {_span(self.loss_low, self.loss_high)}{verdict}"
        )

    def __str__(self) -> str:
        rows: list[tuple[str, ...]] = [("option", "expected", "95% interval", "")]
        for number, option in enumerate(self.options):
            marks = []
            if number == self.chosen:
                marks.append("chosen")
            if number == self.best:
                marks.append("best")
            rows.append(
                (
                    option.label,
                    _points(option.mean),
                    _span(option.low, option.high),
                    ", ".join(marks),
                )
            )
        columns = [Column("<", gap="    "), Column(">"), Column("<"), Column("<")]
        return "\n".join([self.heading(), *lay_out(columns, rows)])

    def as_dict(self) -> dict[str, Any]:
        """The decision as JSON-ready values."""
        return {
            "index": self.index,
            "seat": self.seat,
            "kind": self.kind,
            "trick": self.trick,
            "leader": self.leader,
            "table": [card.ascii for card in self.table],
            "hand": [card.ascii for card in self.hand],
            "options": [option.as_dict() for option in self.options],
            "chosen": self.chosen,
            "best": self.best,
            "loss": _round(self.loss),
            "loss_low": _round(self.loss_low),
            "loss_high": _round(self.loss_high),
            "blunder": self.blunder,
            "worlds": self.worlds,
        }


@attrs.frozen
class SeatLoss:
    """What one seat's decisions cost it in all, in game points.

    ``loss`` is the sum of its decisions' losses, ``low`` and ``high`` the
    ends of the 95 % interval of that sum (the decisions' worlds are drawn
    independently, so their variances add); ``decisions`` counts the
    analysed decisions, ``forced`` the ones with a single legal option,
    ``blunders`` the blunders.
    """

    seat: int
    loss: float
    low: float
    high: float
    decisions: int
    forced: int
    blunders: int

    def as_dict(self) -> dict[str, Any]:
        """The seat's totals as JSON-ready values."""
        return {
            "seat": self.seat,
            "loss": _round(self.loss),
            "low": _round(self.low),
            "high": _round(self.high),
            "decisions": self.decisions,
            "forced": self.forced,
            "blunders": self.blunders,
        }


@attrs.frozen
class Analysis:
    """The analysis of one finished deal for some seats (see :func:`~doppelkopf.analysis.analyze`).

    ``seats`` were analysed with ``budget`` worlds per decision, ``seed`` and
    ``threshold``; ``decisions`` are in the order of the deal, ``totals``
    one :class:`SeatLoss` per analysed seat.
    """

    seats: tuple[int, ...]
    budget: int
    seed: int | str
    threshold: float
    decisions: tuple[Decision, ...]
    totals: tuple[SeatLoss, ...]

    @property
    def blunders(self) -> tuple[Decision, ...]:
        """The decisions marked as blunders, in the order of the deal."""
        return tuple(decision for decision in self.decisions if decision.blunder)

    def total(self, seat: int) -> SeatLoss:
        """The totals of ``seat`` (one of :attr:`seats`)."""
        for entry in self.totals:
            if entry.seat == seat:
                return entry
        raise InvalidValueError(
            f"seat {_checks.excerpt(seat)} was not analysed; the seats are {self.seats}"
        )

    def summary(self) -> str:
        """The table of every decision, one line each, and the seats' totals."""
        rows: list[tuple[str, ...] | str] = [
            ("event", "seat", "trick", "kind", "chosen", "best", "loss", "95% interval", "")
        ]
        for decision in self.decisions:
            rows.append(
                (
                    str(decision.index),
                    str(decision.seat),
                    str(decision.trick) if decision.trick else "-",
                    decision.kind,
                    decision.chosen_option.label,
                    decision.best_option.label,
                    f"{decision.loss:.2f}",
                    _span(decision.loss_low, decision.loss_high),
                    "blunder" if decision.blunder else "",
                )
            )
        columns = [
            Column(">", gap=""),
            Column(">"),
            Column(">"),
            Column("<"),
            Column("<"),
            Column("<"),
            Column(">"),
            Column("<"),
            Column("<"),
        ]
        lines = lay_out(columns, rows)
        for entry in self.totals:
            lines.append(
                f"seat {entry.seat}: loss {entry.loss:.2f} {_span(entry.low, entry.high)} over "
                f"{entry.decisions} decisions ({entry.forced} forced left out), "
                f"{entry.blunders} blunder{'' if entry.blunders == 1 else 's'}"
            )
        return "\n".join(lines)

    def __str__(self) -> str:
        head = (
            f"Analysis of seat{'s' if len(self.seats) > 1 else ''} "
            f"{', '.join(map(str, self.seats))}: {self.budget} worlds per decision, "
            f"seed {_checks.excerpt(self.seed)}, a blunder loses more than {self.threshold:g} "
            f"game point{'' if self.threshold == 1 else 's'}"
        )
        parts = [head, "", self.summary()]
        for decision in self.decisions:
            parts += ["", str(decision)]
        return "\n".join(parts)

    def as_dict(self) -> dict[str, Any]:
        """The analysis as JSON-ready values (``json.dumps`` writes it as it is)."""
        return {
            "seats": list(self.seats),
            "budget": self.budget,
            "seed": self.seed,
            "threshold": self.threshold,
            "decisions": [decision.as_dict() for decision in self.decisions],
            "totals": [entry.as_dict() for entry in self.totals],
        }
