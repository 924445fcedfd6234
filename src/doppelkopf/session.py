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
from collections.abc import Iterable, Iterator

import attrs

from . import _checks
from .deal import Deal
from .errors import IllegalActionError, InvalidTypeError, InvalidValueError, WrongPhaseError
from .players._seeds import check_generator, check_seed, generator
from .rules import GameType
from .scoring import DealSummary, Settlement, settle

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


def _check_first_dealer(value: object) -> int:
    if type(value) is int and 0 <= value <= 3:
        return value
    if type(value) is int:
        raise InvalidValueError(
            f"the first dealer must be a seat 0-3, not {_checks.excerpt(value)}", rule="§2.2"
        )
    raise _checks.type_error(value, "first_dealer", "int")


def _as_tuple(value: object, what: str) -> tuple[object, ...]:
    if isinstance(value, str | bytes | bytearray) or not isinstance(value, Iterable):
        raise _checks.type_error(value, what, "sequence")
    return tuple(value)


def _type_error(value: object, name: str, expected: str, context: str) -> InvalidTypeError:
    """:func:`_checks.type_error` with ``context`` (which deal of the session) before it."""
    error = _checks.type_error(value, name, expected)
    return InvalidTypeError(
        f"{context}: {error}", name=error.name, expected=error.expected, value=error.value
    )


def _check_count(count: int, what: str) -> None:
    if count > SESSION_LENGTH:
        raise InvalidValueError(
            f"a session has at most {SESSION_LENGTH} deals, not {count} {what} (SPEC §2.5)"
        )


def _check_deal(deal: object, number: int, dealer: int) -> Deal:
    """``deal`` as deal ``number`` of a session whose dealer for it is ``dealer``."""
    if not isinstance(deal, Deal):
        raise _type_error(deal, "deal", "Deal", f"deal {number} of the session")
    if not deal.is_finished:
        raise WrongPhaseError(
            f"deal {number}: only a finished deal can be added to the score sheet",
            action="add deal",
            rule="§3.5",
        )
    if deal.dealer != dealer:
        raise IllegalActionError(
            f"deal {number} must be dealt by seat {dealer}, not seat {deal.dealer}",
            seat=deal.dealer,
            action="deal",
            rule="§2.2",
        )
    return deal


def _check_result(result: object, number: int) -> Settlement:
    """The settlement of a deal played on paper, from a Settlement or its summary."""
    if isinstance(result, DealSummary):
        return settle(result)
    if not isinstance(result, Settlement):
        raise _type_error(
            result, "result", "Settlement or DealSummary", f"result {number} of the session"
        )
    if Settlement(result.summary) != result:
        raise InvalidValueError(
            f"result {number}: the settlement is not the one its summary gives (SPEC §9-§12)"
        )
    return result


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def _contract(game: GameType, declarer: int | None) -> str:
    return str(game) if declarer is None else f"{game} (seat {declarer})"


@attrs.frozen(repr=False, init=False)
class Session:
    """The state of a session: its first dealer and the finished deals so far.

    A session is a value: :meth:`add` and :meth:`add_result` return a new
    session.  A session keeps either deals played with cards (``deals``, each
    settled in ``settlements``, in parallel) or, for a table that plays with
    real cards and writes down only each deal's outcome, the settlements of
    those deals alone (``deals`` is then empty; see :meth:`add_result`).

    The constructor checks everything it is given and keeps its own tuples:
    each deal must be finished and dealt by the seat whose turn it was (the deal
    passes to the left, SPEC §2.2), there are at most 12 (SPEC §2.5), and
    ``settlements``, when given with deals, must be what
    :func:`~doppelkopf.settle` gives for them (they are computed when left out).

    >>> Session(0, [None])
    Traceback (most recent call last):
    ...
    doppelkopf.errors.InvalidTypeError: deal 1 of the session: deal must be a Deal, not None

    Raises:
        InvalidValueError: a bad first dealer, more than 12 deals, or settlements that
            do not belong to the deals.
        WrongPhaseError: a deal is not finished.
        IllegalActionError: a deal was dealt by the wrong seat (SPEC §2.2).
        InvalidTypeError: a first dealer, deal or settlement of the wrong type (a
            :class:`~doppelkopf.DoppelkopfError` and a :class:`TypeError`).
    """

    first_dealer: int
    deals: tuple[Deal, ...]
    settlements: tuple[Settlement, ...]

    def __init__(
        self,
        first_dealer: int,
        deals: Iterable[Deal] = (),
        settlements: Iterable[Settlement | DealSummary] | None = None,
    ) -> None:
        first = _check_first_dealer(first_dealer)
        given_deals = _as_tuple(deals, "deals")
        given = () if settlements is None else _as_tuple(settlements, "settlements")
        _check_count(len(given_deals), "deals")
        _check_count(len(given), "settlements")
        checked = tuple(
            _check_deal(deal, number, (first + number - 1) % 4)
            for number, deal in enumerate(given_deals, start=1)
        )
        if checked:
            computed = tuple(settle(deal) for deal in checked)
            if given and given != computed:
                raise InvalidValueError(
                    "the settlements must be those of the deals, settle(deal) for each "
                    "(or left out) (SPEC §9-§12)"
                )
            results = computed
        else:
            results = tuple(
                _check_result(result, number) for number, result in enumerate(given, start=1)
            )
        self.__attrs_init__(first, checked, results)

    @classmethod
    def _trusted(
        cls, first_dealer: int, deals: tuple[Deal, ...], settlements: tuple[Settlement, ...]
    ) -> Session:
        """A session from parts already checked, without checking them again."""
        session = cls.__new__(cls)
        session.__attrs_init__(first_dealer, deals, settlements)
        return session

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

        Raises:
            InvalidValueError: a first dealer outside 0-3, or a seed that is not valid
                text.
            InvalidTypeError: an argument of the wrong type (a ``bool`` as the first
                dealer, a seed that is neither ``int`` nor ``str``).
        """
        if first_dealer is None:
            first_dealer = generator(seed, rng).randrange(4)
        else:
            check_seed(seed)
            check_generator(rng)
        return cls(first_dealer)

    def __len__(self) -> int:
        return len(self.settlements)

    def __iter__(self) -> Iterator[tuple[Deal, Settlement]]:
        """The deals played with cards, each with its settlement (none for paper results)."""
        return iter(zip(self.deals, self.settlements[: len(self.deals)], strict=True))

    def __repr__(self) -> str:
        deals = len(self.settlements)
        return f"<Session first_dealer={self.first_dealer} deals={deals} totals={self.totals}>"

    @property
    def is_finished(self) -> bool:
        """Whether all 12 deals have been played (SPEC §2.5)."""
        return len(self.settlements) == SESSION_LENGTH

    @property
    def dealer(self) -> int:
        """The dealer of the next deal: the deal passes to the left every time (SPEC §2.2)."""
        return (self.first_dealer + len(self.settlements)) % 4

    def next_deal(self, seed: int | str | None = None, *, rng: random.Random | None = None) -> Deal:
        """A freshly shuffled deal for the next dealer (SPEC §2.3, §2.4).

        Raises:
            WrongPhaseError: the session is finished.
            InvalidTypeError: a seed that is neither ``int``, ``str`` nor ``None``, or an
                ``rng`` that is not a :class:`random.Random`.
            InvalidValueError: a seed that is not valid text.
        """
        self._check_open()
        return Deal.shuffled(check_seed(seed), rng=check_generator(rng), dealer=self.dealer)

    def _check_open(self) -> None:
        if self.is_finished:
            raise WrongPhaseError(
                f"the session is over after {SESSION_LENGTH} deals", action="deal", rule="§2.5"
            )

    def add(self, deal: Deal) -> Session:
        """A new session with the finished ``deal`` settled and added to the score sheet.

        Raises:
            WrongPhaseError: the session is over, or the deal is not finished.
            IllegalActionError: the deal was dealt by the wrong seat (SPEC §2.2), or the
                session keeps paper results (:meth:`add_result`).
            InvalidTypeError: ``deal`` is not a :class:`~doppelkopf.Deal`.
        """
        self._check_open()
        number = len(self.settlements) + 1
        checked = _check_deal(deal, number, self.dealer)
        if len(self.deals) != len(self.settlements):
            raise IllegalActionError(
                "this session keeps results written down without cards; add the next one "
                "with add_result",
                action="add deal",
                rule="§2.5",
            )
        return Session._trusted(
            self.first_dealer, (*self.deals, checked), (*self.settlements, settle(checked))
        )

    def add_result(self, result: Settlement | DealSummary) -> Session:
        """A new session with the next deal's result, written down at a real table, added.

        ``result`` is the :class:`~doppelkopf.Settlement` of the deal (as
        :func:`~doppelkopf.settle` gives it for a :class:`~doppelkopf.DealSummary`)
        or the summary itself.  The deal is taken to have been dealt by
        :attr:`dealer`, as the deal passes to the left (SPEC §2.2).

        >>> from doppelkopf import DealSummary, GameType, PartyResult, settle
        >>> x01 = DealSummary(GameType.NORMAL, {0, 2}, PartyResult(151, 7), PartyResult(89, 5))
        >>> session = Session.new(first_dealer=3).add_result(settle(x01))
        >>> session.totals, session.dealer, session.rows[0].contract
        ((2, -2, 2, -2), 0, 'normal game')

        Raises:
            WrongPhaseError: the session is over.
            IllegalActionError: the session keeps deals played with cards (:meth:`add`).
            InvalidValueError: a settlement that is not the one its summary gives.
            InvalidTypeError: neither a settlement nor a summary.
        """
        self._check_open()
        settlement = _check_result(result, len(self.settlements) + 1)
        if self.deals:
            raise IllegalActionError(
                "this session keeps deals played with cards; add the next one with add",
                action="add result",
                rule="§2.5",
            )
        return Session._trusted(self.first_dealer, (), (*self.settlements, settlement))

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
        for number, settlement in enumerate(self.settlements, start=1):
            for seat in range(4):
                totals[seat] += settlement.scores[seat]
            if self.deals:
                deal = self.deals[number - 1]
                assert deal.game_type is not None
                contract = _contract(deal.game_type, deal.declarer)
            else:
                summary = settlement.summary
                contract = _contract(summary.game_type, summary.soloist)
            rows.append(
                ScoreRow(
                    number,
                    (self.first_dealer + number - 1) % 4,
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

        Scores and totals are signed; after deal 12 the last line names the winners.

        >>> print(Session.new(first_dealer=0).score_sheet())
        deal  dealer  contract                          seat 0      seat 1      seat 2      seat 3
                                                    score  sum  score  sum  score  sum  score  sum
        ------------------------------------------------------------------------------------------
                      total                                  0           0           0           0
        """
        seats = "".join(f"  {'seat ' + str(seat):>10}" for seat in range(4))
        header = f"{'deal':>4}  {'dealer':>6}  {'contract':<28}{seats}"
        columns = f"{'':>4}  {'':>6}  {'':<28}" + "  score  sum" * 4
        lines = [header, columns, "-" * len(header)]
        for row in self.rows:
            cells = "".join(
                f"  {_signed(score):>5} {_signed(total):>4}"
                for score, total in zip(row.scores, row.totals, strict=True)
            )
            lines.append(f"{row.number:>4}  {row.dealer:>6}  {row.contract:<28}{cells}")
        totals = "".join(f"  {_signed(total):>10}" for total in self.totals)
        lines.append(f"{'':>4}  {'':>6}  {'total':<28}{totals}")
        if self.is_finished:
            seats_won = ", ".join(f"seat {seat}" for seat in self.winners)
            label = "Winners (tied)" if len(self.winners) > 1 else "Winner"
            lines.append(f"{label}: {seats_won}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.score_sheet()
