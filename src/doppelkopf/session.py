"""A session of 12 deals with a running score sheet (SPEC §2.2, §2.5, §12).

The first dealer is chosen by lot; after every deal the deal passes to the
left.  Each player's total starts at 0 and is the sum of the scores of every
deal; after deal 12 the highest total wins and ties stand.

>>> from doppelkopf import Session
>>> session = Session.new(seed=4)
>>> session.first_dealer, session.dealer, len(session), session.is_finished
(1, 1, 0, False)
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import attrs

from .deal import Deal
from .errors import IllegalActionError, InvalidValueError, WrongPhaseError
from .scoring import Settlement, settle

__all__ = ["SESSION_LENGTH", "ScoreRow", "Session"]

SESSION_LENGTH = 12
"""The number of deals in a session (SPEC §2.5)."""


@attrs.frozen
class ScoreRow:
    """One line of the score sheet: the deal, its scores and the running totals."""

    number: int
    dealer: int
    contract: str
    scores: tuple[int, int, int, int]
    totals: tuple[int, int, int, int]


def _first_dealer(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or not 0 <= value <= 3:
        raise InvalidValueError(f"the first dealer must be a seat 0-3, not {value!r} (SPEC §2.2)")


@attrs.frozen(repr=False)
class Session:
    """The state of a session: its first dealer and the finished deals so far.

    A session is a value: :meth:`add` returns a new session.  ``deals`` and
    ``settlements`` run in parallel, one entry per finished deal.
    """

    first_dealer: int = attrs.field(validator=_first_dealer)
    deals: tuple[Deal, ...] = ()
    settlements: tuple[Settlement, ...] = attrs.field(default=(), eq=False)

    def __attrs_post_init__(self) -> None:
        if len(self.settlements) != len(self.deals):
            replayed = Session(self.first_dealer)
            for deal in self.deals:
                replayed = replayed.add(deal)
            object.__setattr__(self, "settlements", replayed.settlements)

    @classmethod
    def new(
        cls,
        first_dealer: int | None = None,
        *,
        seed: int | str | None = None,
        rng: random.Random | None = None,
    ) -> Session:
        """A new session; without ``first_dealer`` the first dealer is drawn by lot (SPEC §2.2).

        >>> Session.new(first_dealer=2).dealer
        2
        """
        if first_dealer is None:
            generator = rng if rng is not None else random.Random(seed)
            first_dealer = generator.randrange(4)
        return cls(first_dealer)

    def __len__(self) -> int:
        return len(self.deals)

    def __iter__(self) -> Iterator[tuple[Deal, Settlement]]:
        return iter(zip(self.deals, self.settlements, strict=True))

    def __repr__(self) -> str:
        deals = len(self.deals)
        return f"<Session first_dealer={self.first_dealer} deals={deals} totals={self.totals}>"

    @property
    def is_finished(self) -> bool:
        """Whether all 12 deals have been played (SPEC §2.5)."""
        return len(self.deals) == SESSION_LENGTH

    @property
    def dealer(self) -> int:
        """The dealer of the next deal: the deal passes to the left every time (SPEC §2.2)."""
        return (self.first_dealer + len(self.deals)) % 4

    def next_deal(self, seed: int | str | None = None, *, rng: random.Random | None = None) -> Deal:
        """A freshly shuffled deal for the next dealer (SPEC §2.3, §2.4).

        Raises:
            WrongPhaseError: the session is finished.
        """
        self._check_open()
        return Deal.shuffled(seed, rng=rng, dealer=self.dealer)

    def _check_open(self) -> None:
        if self.is_finished:
            raise WrongPhaseError(
                f"the session is over after {SESSION_LENGTH} deals", action="deal", rule="§2.5"
            )

    def add(self, deal: Deal) -> Session:
        """A new session with the finished ``deal`` settled and added to the score sheet.

        Raises:
            WrongPhaseError: the session is over, or the deal is not finished.
            IllegalActionError: the deal was dealt by the wrong seat (SPEC §2.2).
        """
        self._check_open()
        if not deal.is_finished:
            raise WrongPhaseError(
                "only a finished deal can be added to the score sheet",
                action="add deal",
                rule="§3.5",
            )
        if deal.dealer != self.dealer:
            raise IllegalActionError(
                f"deal {len(self.deals) + 1} must be dealt by seat {self.dealer}, "
                f"not seat {deal.dealer}",
                seat=deal.dealer,
                action="deal",
                rule="§2.2",
            )
        return Session(self.first_dealer, (*self.deals, deal), (*self.settlements, settle(deal)))

    @property
    def totals(self) -> tuple[int, int, int, int]:
        """Each seat's running total (SPEC §2.5); they always sum to 0 (SPEC §12.3)."""
        totals = [0, 0, 0, 0]
        for settlement in self.settlements:
            for seat in range(4):
                totals[seat] += settlement.scores[seat]
        return (totals[0], totals[1], totals[2], totals[3])

    @property
    def rows(self) -> tuple[ScoreRow, ...]:
        """The score sheet, one row per deal with the running totals."""
        rows: list[ScoreRow] = []
        totals = [0, 0, 0, 0]
        for number, (deal, settlement) in enumerate(self, start=1):
            for seat in range(4):
                totals[seat] += settlement.scores[seat]
            assert deal.game_type is not None
            contract = str(deal.game_type)
            if deal.declarer is not None:
                contract += f" (seat {deal.declarer})"
            rows.append(
                ScoreRow(
                    number,
                    deal.dealer,
                    contract,
                    settlement.scores,
                    (totals[0], totals[1], totals[2], totals[3]),
                )
            )
        return tuple(rows)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the highest total after the last deal; ties stand (SPEC §2.5).

        Raises:
            WrongPhaseError: the session is not finished.
        """
        if not self.is_finished:
            raise WrongPhaseError(
                f"the winners are known only after deal {SESSION_LENGTH}",
                action="winners",
                rule="§2.5",
            )
        totals = self.totals
        best = max(totals)
        return tuple(seat for seat in range(4) if totals[seat] == best)

    def score_sheet(self) -> str:
        """The score sheet as a plain-text table: each deal's score and running total per seat.

        >>> print(Session.new(first_dealer=0).score_sheet())
        deal  dealer  contract                         seat 0     seat 1     seat 2     seat 3
                                                    score sum  score sum  score sum  score sum
        --------------------------------------------------------------------------------------
                      total                                 0          0          0          0
        """
        seats = "".join(f"  {'seat ' + str(seat):>9}" for seat in range(4))
        header = f"{'deal':>4}  {'dealer':>6}  {'contract':<28}{seats}"
        columns = f"{'':>4}  {'':>6}  {'':<28}" + "  score sum" * 4
        lines = [header, columns, "-" * len(header)]
        for row in self.rows:
            cells = "".join(
                f"  {score:>+5d} {total:>3d}"
                for score, total in zip(row.scores, row.totals, strict=True)
            )
            lines.append(f"{row.number:>4}  {row.dealer:>6}  {row.contract:<28}{cells}")
        totals = "".join(f"  {total:>9d}" for total in self.totals)
        lines.append(f"{'':>4}  {'':>6}  {'total':<28}{totals}")
        if self.is_finished:
            seats_won = ", ".join(f"seat {seat}" for seat in self.winners)
            label = "Winners (tied)" if len(self.winners) > 1 else "Winner"
            lines.append(f"{label}: {seats_won}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.score_sheet()
