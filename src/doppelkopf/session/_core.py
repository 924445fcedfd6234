"""The session value: its rules, first dealer and deals, and what follows from them.

See :mod:`doppelkopf.session` for the rules of a session (SPEC §2, V§8-V§11).

Why it is long: :class:`Session` is one value class, and each of its methods
and properties documents the rule it follows with a doctest, so docstrings
carry well over a third of the lines; the rules' arithmetic itself lives in the sibling
modules (rotation, Bock, rows, start, sheet).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, TypeAlias, cast

import attrs

from .. import _checks
from ..cards import Hand
from ..deal import Deal, SoloKind
from ..errors import (
    DoppelkopfError,
    IllegalActionError,
    InvalidTypeError,
    InvalidValueError,
    WrongPhaseError,
)
from ..players._seeds import check_generator, check_seed, generator
from ..rules import Rules, rule_set
from ..scoring import DealSummary, Settlement, settle
from . import _arguments, _bock, _rotation, _rows, _start
from ._rotation import Position
from ._sheet import ScoreRow, sheet_csv, sheet_text
from ._start import SessionStart

__all__ = ["SESSION_LENGTH", "Session"]

SESSION_LENGTH = 12
"""The deals of a session of the DDV rules (SPEC §2.5); in general :attr:`Rules.session_deals`."""


Entry: TypeAlias = Deal | Settlement | None
"""What a session keeps of each deal dealt: the deal played, a result written down, or a void."""

_Step: TypeAlias = tuple[ScoreRow, Position, Deal | None, Settlement | None]
"""What one more deal writes: its row, the position after it, the deal played and its settlement."""


def _section(rules: Rules) -> str:
    """The section that sets the session's length: SPEC §2.5, or V§9.6/V§10 for other lengths."""
    return "SPEC §2.5" if rules.session_deals == SESSION_LENGTH else "V§9.6"


@attrs.frozen(repr=False, init=False)
class Session:
    """The state of a session: its rules, first dealer and the deals so far.

    A session is a value: :meth:`add`, :meth:`add_result` and :meth:`add_void`
    return a new session.  A session keeps either deals played with cards
    (``deals``, every played one settled in ``settlements``, in order; void
    deals have no settlement, V§8) or, for a table that plays with real cards
    and writes down only each deal's outcome, the settlements of those deals
    alone (``deals`` is then empty; see :meth:`add_result` and
    :meth:`add_void`).  ``voids`` are the positions (from 0, among all deals
    dealt) of the void deals.

    ``entries`` is what the session keeps of each deal dealt, in order: the
    :class:`~doppelkopf.Deal` played with cards (void or finished), the
    :class:`~doppelkopf.Settlement` of a result written down, or ``None`` for
    a void deal written down; played and paper deals may mix.  Give
    ``entries`` alone instead of ``deals``, ``settlements`` and ``voids`` to
    build a mixed session.  ``names`` are the players' names, one per table
    seat, or ``None`` (1-40 characters each, no control character, no two
    alike); ``start`` is the :class:`~doppelkopf.session.SessionStart` the
    session starts from, a round resumed mid-way (V§9, V§11), the first
    dealer being the next deal's dealer.

    The constructor checks everything it is given and keeps its own tuples:
    each deal must be finished and be the deal the session expects where it
    stands (its dealer, rules, owed compulsory solos and whether it is forced:
    SPEC §2.2, V§9, V§10), there are at most :attr:`Rules.session_deals
    <doppelkopf.Rules.session_deals>` played deals (SPEC §2.5), and
    ``settlements``, when given with deals, must be what
    :func:`~doppelkopf.settle` gives for the played ones (they are computed
    when left out).  ``rules`` default to the rules of the first deal or
    result, else :attr:`Rules.DDV <doppelkopf.Rules.DDV>`.

    >>> Session(0, [None])
    Traceback (most recent call last):
    ...
    doppelkopf.errors.InvalidTypeError: deal 1 of the session: deal must be a Deal, not None

    Raises:
        InvalidValueError: a bad first dealer, too many deals, settlements that
            do not belong to the deals, void positions that do not fit, entries
            given beside deals or results, bad names, or a start the rules
            exclude (V§9, V§11).
        WrongPhaseError: a deal is not finished.
        IllegalActionError: a deal is not the one the session expects where it
            stands (SPEC §2.2, V§0.5, V§9, V§10).
        InvalidTypeError: a first dealer, deal, settlement, rule set or void
            position of the wrong type (a :class:`~doppelkopf.DoppelkopfError`
            and a :class:`TypeError`).
    """

    first_dealer: int
    deals: tuple[Deal, ...]
    settlements: tuple[Settlement, ...]
    rules: Rules
    voids: tuple[int, ...]
    entries: tuple[Entry, ...]
    names: tuple[str, ...] | None
    start: SessionStart
    _table: _rows.Table = attrs.field(eq=False, repr=False)

    def __init__(
        self,
        first_dealer: int,
        deals: Iterable[Deal] = (),
        settlements: Iterable[Settlement | DealSummary] | None = None,
        *,
        rules: Rules | None = None,
        voids: Iterable[int] = (),
        names: Iterable[str] | None = None,
        start: SessionStart | None = None,
        entries: Iterable[Deal | Settlement | DealSummary | None] | None = None,
    ) -> None:
        if type(first_dealer) is not int:
            raise _checks.type_error(first_dealer, "first_dealer", "int")
        given_deals = _arguments.as_tuple(deals, "deals")
        given = () if settlements is None else _arguments.as_tuple(settlements, "settlements")
        positions = _arguments.void_positions(voids)
        mixed = _arguments.entries_of(entries, bool(given_deals or given or positions))
        checked_deals = _rows.check_deals(given_deals)
        opening = tuple(item for item in mixed or () if item is not None)[:1]
        table_rules = _arguments.rules_of(
            rules,
            checked_deals or tuple(item for item in opening if isinstance(item, Deal)),
            given or tuple(item for item in opening if not isinstance(item, Deal)),
        )
        first = _arguments.check_first_dealer(first_dealer, table_rules)
        checked_names = _start.check_names(names, table_rules)
        full_start, position = _start.check_start(
            table_rules, first, SessionStart() if start is None else start
        )
        played = sum(not _rows.is_void(deal) for deal in checked_deals)
        section = _section(table_rules)
        _arguments.check_count(table_rules, full_start.played + played, "deals", section)
        _arguments.check_count(table_rules, full_start.played + len(given), "settlements", section)
        draft = Session._draft(table_rules, first, checked_names, full_start, position)
        if mixed is not None:
            draft._grow_entries(mixed, section)
        elif checked_deals:
            for deal in checked_deals:
                draft._grow(*draft._deal_step(deal))
            if given and given != tuple(draft.settlements):
                raise InvalidValueError(
                    "the settlements must be those of the played deals, settle(deal) for "
                    "each (or left out) (SPEC §9-§12)"
                )
            if positions and positions != tuple(draft.voids):
                raise InvalidValueError(
                    "voids must be the positions of the void deals, "
                    f"{_checks.excerpt(list(draft.voids))}, not {_checks.excerpt(list(positions))} "
                    "(or left out) (V§8)"
                )
        else:
            dealt = len(given) + len(positions)
            if positions and positions[-1] >= dealt:
                raise InvalidValueError(
                    f"void position {_checks.excerpt(positions[-1])} is past the last of the "
                    f"{dealt} deals dealt (V§8)"
                )
            void = set(positions)
            results = iter(given)
            for index in range(dealt):
                if index in void:
                    draft._grow(*draft._void_step())
                else:
                    draft._grow(*draft._result_step(next(results)))
        table = draft._table
        self.__attrs_init__(
            first,
            tuple(draft.deals),
            tuple(draft.settlements),
            table_rules,
            tuple(draft.voids),
            tuple(draft.entries),
            checked_names,
            full_start,
            _rows.Table(tuple(table.rows), table.position),
        )

    @classmethod
    def _draft(
        cls,
        rules: Rules,
        first_dealer: int,
        names: tuple[str, ...] | None,
        start: SessionStart,
        position: Position,
    ) -> Session:
        """An empty session that the constructor grows in place with :meth:`_grow`.

        Its deals, settlements, voids and rows are lists, so that adding a deal
        costs the same however many came before; the constructor copies them
        into the tuples of the session it builds, and the draft is never seen.
        """
        session = cls.__new__(cls)
        if start.played == 0 and not start.bock:
            position = _rotation.start(rules, first_dealer)
        table = _rows.Table(cast("tuple[ScoreRow, ...]", []), position)
        empty = cast("tuple[Any, ...]", [])
        session.__attrs_init__(
            first_dealer, empty, empty[:], rules, empty[:], empty[:], names, start, table
        )
        return session

    def _grow_entries(self, entries: tuple[object, ...], section: str) -> None:
        """Add each of ``entries`` to a draft: a deal, a result written down, or ``None`` (V§8)."""
        played = sum(
            not (item is None or (isinstance(item, Deal) and _rows.is_void(item)))
            for item in entries
        )
        _arguments.check_count(self.rules, self.start.played + played, "entries", section)
        for item in entries:
            if isinstance(item, Deal):
                self._grow(*self._deal_step(item))
            elif item is None:
                self._grow(*self._void_step())
            else:
                self._grow(*self._result_step(item))

    def _grow(
        self, row: ScoreRow, after: Position, deal: Deal | None, settlement: Settlement | None
    ) -> None:
        """Add one deal to a draft (see :meth:`_draft`) in place."""
        table = self._table
        cast("list[ScoreRow]", table.rows).append(row)
        object.__setattr__(table, "position", after)
        if deal is not None:
            cast("list[Deal]", self.deals).append(deal)
        cast("list[Entry]", self.entries).append(deal if deal is not None else settlement)
        if settlement is None:
            cast("list[int]", self.voids).append(len(table.rows) - 1)
        else:
            cast("list[Settlement]", self.settlements).append(settlement)

    def _then(
        self,
        row: ScoreRow,
        after: Position,
        deal: Deal | None = None,
        settlement: Settlement | None = None,
    ) -> Session:
        """This session with one more deal: its row, the position after it, the deal if any.

        A row without a settlement is a void deal's (V§8).
        """
        session = Session.__new__(Session)
        rows = self._table.rows
        session.__attrs_init__(
            self.first_dealer,
            self.deals if deal is None else (*self.deals, deal),
            self.settlements if settlement is None else (*self.settlements, settlement),
            self.rules,
            self.voids if settlement is not None else (*self.voids, len(rows)),
            (*self.entries, deal if deal is not None else settlement),
            self.names,
            self.start,
            _rows.Table((*rows, row), after),
        )
        return session

    @classmethod
    def new(
        cls,
        first_dealer: int | None = None,
        *,
        rules: Rules = Rules.DDV,
        seed: int | str | None = None,
        rng: random.Random | None = None,
        names: Iterable[str] | None = None,
        start: SessionStart | None = None,
    ) -> Session:
        """A new session; without ``first_dealer`` the first dealer is drawn by lot (SPEC §2.2).

        >>> from doppelkopf import Rules
        >>> Session.new(first_dealer=2).dealer
        2
        >>> Session.new(first_dealer=4, rules=Rules(players=5)).seats  # V§10: seat 4 sits out
        (0, 1, 2, 3)

        ``names`` are the players' names, one per table seat (see
        :attr:`names`); ``start`` is the position of a round resumed mid-way
        (see :class:`~doppelkopf.session.SessionStart`), its next dealer
        being ``first_dealer``:

        >>> from doppelkopf.session import SessionStart
        >>> resumed = Session.new(2, rules=Rules.TOURNAMENT, names=["Anna", "Ben", "Cem", "Dora"],
        ...                       start=SessionStart(played=21, owing={0, 3}, totals=(5, -5, 0, 0)))
        >>> len(resumed), resumed.deals_left, resumed.totals, resumed.forced
        (21, 3, (5, -5, 0, 0), False)

        Raises:
            InvalidValueError: a first dealer that is not a table seat, a seed
                that is not valid text, names or a start the rules exclude (V§9,
                V§11; see :func:`~doppelkopf.session._start.check_start`).
            InvalidTypeError: an argument of the wrong type (a ``bool`` as the first
                dealer, a seed that is neither ``int`` nor ``str``, rules that are not
                a :class:`~doppelkopf.Rules`).
        """
        table_rules = rule_set(rules)
        if first_dealer is None:
            first_dealer = generator(seed, rng).randrange(table_rules.players)
        else:
            check_seed(seed)
            check_generator(rng)
        return cls(first_dealer, rules=table_rules, names=names, start=start)

    # --- what the session knows -------------------------------------------------------

    def __len__(self) -> int:
        """The played deals so far, those before its :attr:`start` included; voids do not count."""
        return self._position.played

    def __iter__(self) -> Iterator[tuple[Deal, Settlement]]:
        """The played deals with cards, each with its settlement (none for paper results)."""
        settled = iter(self.settlements)
        pairs = []
        for item in self.entries:
            if isinstance(item, Deal):
                if not _rows.is_void(item):
                    pairs.append((item, next(settled)))
            elif item is not None:
                next(settled)
        return iter(pairs)

    def __repr__(self) -> str:
        deals = len(self)
        return f"<Session first_dealer={self.first_dealer} deals={deals} totals={self.totals}>"

    @property
    def _position(self) -> Position:
        return self._table.position

    @property
    def is_finished(self) -> bool:
        """Whether all the session's deals have been played (SPEC §2.5, V§9.6, V§10)."""
        return self._position.played == self.rules.session_deals

    @property
    def dealer(self) -> int:
        """The table seat that deals the next deal (SPEC §2.2, V§8, V§9.4, V§10, R10).

        The deal passes to the left after every played deal, except that the same
        dealer deals again after a void deal (V§8) and after a voluntarily declared
        compulsory solo (V§9.4); at five players a forced deal whose only owing
        player would deal passes once more (R10).
        """
        return self._position.dealer

    @property
    def seats(self) -> tuple[int, ...]:
        """The table seat of each deal seat 0-3 in the next deal (V§10).

        At four players ``(0, 1, 2, 3)``; at five the four seats from the dealer's
        left, the dealer sitting out.

        >>> from doppelkopf import Rules
        >>> Session.new(first_dealer=1, rules=Rules(players=5)).seats
        (2, 3, 4, 0)
        """
        return _rotation.seats(self.rules, self._position.dealer)

    @property
    def owing(self) -> frozenset[int]:
        """The table seats that still owe a compulsory solo (V§9.1); empty without them.

        >>> from doppelkopf import Rules
        >>> sorted(Session.new(first_dealer=0, rules=Rules.TOURNAMENT).owing)
        [0, 1, 2, 3]
        """
        return self._position.owing

    @property
    def deals_left(self) -> int:
        """The played deals still to come, of :attr:`Rules.session_deals` (V§9.5, V§9.6).

        >>> from doppelkopf import Rules
        >>> Session.new(first_dealer=0, rules=Rules.TOURNAMENT).deals_left
        24
        """
        return _rotation.deals_left(self.rules, self._position)

    @property
    def forced(self) -> bool:
        """Whether the next deal is forced, deals left = compulsory solos owed > 0 (V§9.5)."""
        return _rotation.is_forced(self.rules, self._position)

    @property
    def forced_seat(self) -> int | None:
        """The table seat that must play the next deal's forced solo, or ``None`` (V§9.5, R10)."""
        return _rotation.forced_seat(self.rules, self._position)

    @property
    def bock_multiplier(self) -> int:
        """The Bock factor of the next played deal's scores: 1, 2 or 2^k (V§11.2, V§11.3)."""
        return _bock.multiplier(self.rules, self._position.bock)

    @property
    def bock_rounds(self) -> tuple[int, ...]:
        """The played deals each pending Bock round still covers, oldest first (V§11.3)."""
        return self._position.bock

    @property
    def deal_owing(self) -> frozenset[int]:
        """The deal seats that owe a compulsory solo in the next deal (V§9.1, V§10)."""
        return _rotation.deal_owing(self.rules, self._position)

    @property
    def deal_dealer(self) -> int:
        """The deal seat that deals the next deal: :attr:`dealer`, or 3 at five (V§10)."""
        return _rotation.deal_dealer(self.rules, self._position.dealer)

    # --- the next deal ---------------------------------------------------------------

    def _check_open(self) -> None:
        if self.is_finished:
            raise WrongPhaseError(
                f"the session is over after {self.rules.session_deals} deals",
                action="deal",
                rule=_section(self.rules).removeprefix("SPEC "),
            )

    def next_deal(self, seed: int | str | None = None, *, rng: random.Random | None = None) -> Deal:
        """A freshly shuffled deal for the next position (SPEC §2.3, §2.4, V§9, V§10).

        The deal has the session's rules, the deal seat that deals
        (:attr:`deal_dealer`), the deal seats that still owe a compulsory
        solo (:attr:`deal_owing`) and whether it is forced (:attr:`forced`).

        >>> Session.new(first_dealer=1).next_deal(seed=3).dealer
        1

        Raises:
            WrongPhaseError: the session is finished.
            InvalidTypeError: a seed that is neither ``int``, ``str`` nor ``None``, or an
                ``rng`` that is not a :class:`random.Random`.
            InvalidValueError: a seed that is not valid text.
        """
        self._check_open()
        return Deal.shuffled(
            check_seed(seed),
            rng=check_generator(rng),
            dealer=self.deal_dealer,
            rules=self.rules,
            owing=self.deal_owing,
            forced=self.forced,
        )

    def deal_from_hands(self, hands: Sequence[Hand | str], *, cut: int | None = None) -> Deal:
        """The next deal from the four hands dealt at a real table, or given by a replay.

        ``hands[k]`` is the hand of deal seat ``k`` (table seat :attr:`seats`
        ``[k]``).  The deal has the dealer, rules, owed compulsory solos and
        forcing the session expects (see :meth:`next_deal`), so it can be
        played and then given to :meth:`add`.

        >>> from doppelkopf import Deal
        >>> session = Session.new(first_dealer=2)
        >>> deal = session.deal_from_hands(Deal.shuffled(seed=1).dealt)
        >>> deal.dealer, deal.turn
        (2, 3)

        Raises:
            WrongPhaseError: the session is finished.
            ValueError: the hands are not four hands of the session's deck
                (a :class:`~doppelkopf.DoppelkopfError`).
        """
        self._check_open()
        return Deal.from_hands(
            hands,
            dealer=self.deal_dealer,
            cut=cut,
            rules=self.rules,
            owing=self.deal_owing,
            forced=self.forced,
        )

    # --- adding deals ------------------------------------------------------------------

    def check_deal(self, deal: Deal) -> None:
        """Raise the precise error unless ``deal`` can be added next (SPEC §2.2, V§8-V§10).

        The deal must be finished (or void), played under the session's rules,
        dealt by :attr:`deal_dealer`, with :attr:`deal_owing` as its owed
        compulsory solos and forced exactly when :attr:`forced`.

        Raises:
            WrongPhaseError: the session is over, or the deal is not finished.
            IllegalActionError: the deal is not the one the session expects, or the
                session keeps paper results (:meth:`add_result`).
            InvalidTypeError: ``deal`` is not a :class:`~doppelkopf.Deal`.
        """
        self._check_open()
        number = len(self) + 1
        if not isinstance(deal, Deal):
            raise _rows.type_error(deal, "deal", "Deal", f"deal {number} of the session")
        if not deal.is_finished:
            raise WrongPhaseError(
                f"deal {number}: only a finished deal can be added to the score sheet",
                action="add deal",
                rule="§3.5",
            )
        rules = self.rules
        if deal.rules != rules:
            raise IllegalActionError(
                f"deal {number} is played under the rules {deal.rules}, but the session "
                f"plays {rules}; one session keeps one rule set",
                action="add deal",
                rule="V§0.5",
            )
        expected = self.deal_dealer
        if deal.dealer != expected:
            if rules.players == 5:
                message = (
                    f"deal {number} must be dealt by deal seat 3 (the dealer, seat "
                    f"{self.dealer}, sits out), not deal seat {deal.dealer}"
                )
            else:
                message = f"deal {number} must be dealt by seat {expected}, not seat {deal.dealer}"
            raise IllegalActionError(
                message,
                seat=deal.dealer,
                action="deal",
                rule="V§10" if rules.players == 5 else "§2.2",
            )
        owing = self.deal_owing
        if _rows.owing_of(deal) != owing:
            raise IllegalActionError(
                f"deal {number} must be dealt with the compulsory solos owed by deal "
                f"{_rows.seat_list(owing)}, not by {_rows.seat_list(_rows.owing_of(deal))}",
                action="deal",
                rule="V§9.1",
            )
        if _rows.forced_of(deal) != self.forced:
            left, owed = self.deals_left, len(self.owing)
            state = "is forced" if self.forced else "is not forced"
            raise IllegalActionError(
                f"deal {number} {state}: {left} deals are left and {owed} compulsory solos owed",
                action="deal",
                rule="V§9.5",
            )

    def can_deal(self, deal: Deal) -> bool:
        """Whether :meth:`add` accepts ``deal`` next (see :meth:`check_deal`)."""
        try:
            self.check_deal(deal)
        except (IllegalActionError, InvalidTypeError):
            return False
        return True

    def add(self, deal: Deal) -> Session:
        """A new session with the finished ``deal`` added to the score sheet.

        A played deal is settled, its scores times :attr:`bock_multiplier` are
        written for the table seats that played (V§10, V§11.4), and the
        compulsory-solo bookkeeping moves on (V§9).  A void deal (V§8) has no
        settlement: the same dealer deals again, the played deals do not
        advance and no Bock deal is consumed.

        Raises:
            WrongPhaseError: the session is over, or the deal is not finished.
            IllegalActionError: the deal is not the one the session expects (see
                :meth:`check_deal`), or the session keeps paper results.
            InvalidTypeError: ``deal`` is not a :class:`~doppelkopf.Deal`.
        """
        return self._then(*self._deal_step(deal))

    def _deal_step(self, deal: Deal) -> _Step:
        """What adding ``deal`` writes: its row, the position after it, the deal, its settlement."""
        self.check_deal(deal)
        rules, position = self.rules, self._position
        totals = self._running()
        if _rows.is_void(deal):
            row = _rows.void_row(rules, position, totals)
            return row, _rotation.after_void(position), deal, None
        settlement = settle(deal)
        row, after = _rows.played_row(rules, position, settlement, deal.declarer, totals)
        return row, after, deal, settlement

    def add_result(self, result: Settlement | DealSummary) -> Session:
        """A new session with the next deal's result, written down at a real table, added.

        ``result`` is the :class:`~doppelkopf.Settlement` of the deal (as
        :func:`~doppelkopf.settle` gives it for a :class:`~doppelkopf.DealSummary`)
        or the summary itself, under the session's rules.  Its seats are the
        deal's seats 0-3 (table seats :attr:`seats`; the same at four
        players).  The deal is taken to have been dealt by :attr:`dealer`.  A
        solo (SOLO_*, FLESHLESS) by a seat that owes a compulsory solo is that
        seat's compulsory solo (V§9.1); a forced deal's result must be a solo
        of :attr:`forced_seat` (V§9.5).

        >>> from doppelkopf import DealSummary, GameType, PartyResult, settle
        >>> x01 = DealSummary(GameType.NORMAL, {0, 2}, PartyResult(151, 7), PartyResult(89, 5))
        >>> session = Session.new(first_dealer=3).add_result(settle(x01))
        >>> session.totals, session.dealer, session.rows[0].contract
        ((2, -2, 2, -2), 0, 'normal game')

        Raises:
            WrongPhaseError: the session is over.
            IllegalActionError: the session keeps deals played with cards (:meth:`add`),
                the result is of other rules, or a forced deal's result is not the
                forced player's solo.
            InvalidValueError: a settlement that is not the one its summary gives.
            InvalidTypeError: neither a settlement nor a summary.
        """
        return self._then(*self._result_step(result))

    def _result_step(self, result: object) -> _Step:
        """What adding a result written down at a real table writes (see :meth:`_deal_step`)."""
        self._check_open()
        number = len(self) + 1
        settlement = _rows.check_result(result, number)
        rules, position = self.rules, self._position
        if settlement.rules != rules:
            raise IllegalActionError(
                f"result {number} is settled under the rules {settlement.rules}, but the "
                f"session plays {rules}; one session keeps one rule set",
                action="add result",
                rule="V§0.5",
            )
        summary = settlement.summary
        forced = self.forced_seat
        if forced is not None:
            seat = self.seats.index(forced)
            if not summary.game_type.is_declarable_solo or summary.soloist != seat:
                raise IllegalActionError(
                    f"result {number}: the deal is forced, so deal seat {seat} (table seat "
                    f"{forced}) plays a solo of its choice, not {summary.game_type}"
                    + ("" if summary.soloist is None else f" by deal seat {summary.soloist}"),
                    seat=seat,
                    action="add result",
                    rule="V§9.5",
                )
        declarer = summary.soloist if summary.game_type.is_solo else None
        totals = self._running()
        row, after = _rows.played_row(rules, position, settlement, declarer, totals)
        return row, after, None, settlement

    def add_void(self) -> Session:
        """A new session with a void deal written down at a real table (V§8).

        The deal was thrown in (Schmeißen, V§7) or its Armut found no partner
        (V§6): no score, the same dealer deals again, the played deals do not
        advance and no Bock deal is consumed (V§11.2).

        >>> from doppelkopf import Rules
        >>> session = Session.new(first_dealer=3, rules=Rules(armut=True)).add_void()  # V19
        >>> session.dealer, len(session), session.rows[0].void, session.voids
        (3, 0, True, (0,))

        Raises:
            WrongPhaseError: the session is over.
            IllegalActionError: the session keeps deals played with cards (:meth:`add`),
                the rules know no void deal (neither ``armut`` nor ``schmeissen``), or
                the deal is forced (it has no reservation round, V§9.5).
        """
        return self._then(*self._void_step())

    def _void_step(self) -> _Step:
        """What adding a void deal written down at a real table writes (V§8)."""
        self._check_open()
        rules = self.rules
        if not rules.armut and not rules.schmeissen:
            raise IllegalActionError(
                "a deal is void only when thrown in or when nobody accepts an Armut, and "
                "these rules have neither armut nor schmeissen",
                action="add void deal",
                rule="V§8",
            )
        if self.forced:
            raise IllegalActionError(
                "the deal is forced: it has no reservation round, so it cannot be thrown in "
                "or end in a refused Armut",
                action="add void deal",
                rule="V§9.5",
            )
        position = self._position
        row = _rows.void_row(rules, position, self._running())
        return row, _rotation.after_void(position), None, None

    # --- undo and correction -----------------------------------------------------------

    def _rebuilt(self, entries: tuple[Entry | DealSummary, ...]) -> Session:
        return Session(
            self.first_dealer, rules=self.rules, names=self.names, start=self.start, entries=entries
        )

    def undo(self) -> Session:
        """This session without the last deal written down, played, paper or void (SPEC §2.5).

        >>> from doppelkopf import DealSummary, GameType, PartyResult
        >>> x01 = DealSummary(GameType.NORMAL, {0, 2}, PartyResult(151, 7), PartyResult(89, 5))
        >>> session = Session.new(first_dealer=3).add_result(x01)
        >>> session.undo() == Session.new(first_dealer=3)
        True

        Raises:
            WrongPhaseError: nothing is written down since the session's start.
        """
        if not self.entries:
            raise WrongPhaseError(
                "there is no deal to undo: none is written down since the session's start",
                action="undo",
                rule="§2.5",
            )
        return self._rebuilt(self.entries[:-1])

    def correct(self, number: int, result: Deal | Settlement | DealSummary) -> Session:
        """This session with played deal ``number``'s result replaced, the rest recomputed.

        ``number`` is the deal's number on the sheet (:attr:`ScoreRow.number
        <doppelkopf.session.ScoreRow.number>`); ``result`` is a result written
        down (as for :meth:`add_result`) or a finished deal (as for
        :meth:`add`).  The session is built again from its start with every
        deal checked where it stands, so every later total, Bock multiplier
        (V§11), dealer (SPEC §2.2, V§9.4) and compulsory solo (V§9) follows
        from the corrected deal.  A correction after which a later deal could
        not have been dealt as it was (a forced solo now owed by someone else,
        V§9.5, or a played deal dealt by the wrong seat) is refused, naming
        that deal, and nothing changes.

        >>> from doppelkopf import DealSummary, GameType, PartyResult
        >>> x01 = DealSummary(GameType.NORMAL, {0, 2}, PartyResult(151, 7), PartyResult(89, 5))
        >>> x02 = DealSummary(GameType.NORMAL, {1, 3}, PartyResult(151, 7), PartyResult(89, 5))
        >>> session = Session.new(first_dealer=0).add_result(x01).add_result(x01)
        >>> session.totals, session.correct(1, x02).totals
        ((4, -4, 4, -4), (0, 0, 0, 0))

        Raises:
            InvalidValueError: ``number`` is not a played deal of this session.
            InvalidTypeError: ``number`` is not an int, or ``result`` is none of the above.
            IllegalActionError: the corrected session is not one the rules allow; the
                message names the first deal that no longer fits.
        """
        if type(number) is not int:
            raise _checks.type_error(number, "number", "int")
        if not isinstance(result, Deal | Settlement | DealSummary):
            raise _checks.type_error(result, "result", "Deal, Settlement or DealSummary")
        index = next(
            (
                place
                for place, row in enumerate(self._table.rows)
                if row.number == number and not row.void
            ),
            None,
        )
        if index is None:
            first = self.start.played + 1
            raise InvalidValueError(
                f"deal {_checks.excerpt(number)} is not a played deal of this session; "
                f"deals {first}-{len(self)} are"
                if len(self) >= first
                else "this session has no played deal to correct"
            )
        entries = list[Entry | DealSummary](self.entries)
        entries[index] = result
        try:
            return self._rebuilt(tuple(entries))
        except InvalidTypeError:
            raise
        except DoppelkopfError as error:
            raise IllegalActionError(
                f"deal {number} cannot be corrected so: {error}", action="correct"
            ) from error

    # --- the score sheet ---------------------------------------------------------------

    @property
    def totals(self) -> tuple[int, ...]:
        """Each table seat's running total (SPEC §2.5); they always sum to 0 (SPEC §12.3)."""
        return self._running()

    def _running(self) -> tuple[int, ...]:
        rows = self._table.rows
        totals = rows[-1].totals if rows else self.start.totals
        assert totals is not None
        return totals

    @property
    def rows(self) -> tuple[ScoreRow, ...]:
        """The score sheet, one row per deal dealt (void deals included) with running totals."""
        return self._table.rows

    @property
    def solo_kinds(self) -> tuple[SoloKind | None, ...]:
        """What each played deal's solo was for the session, in order (V§9.6)."""
        return tuple(row.solo_kind for row in self._table.rows if not row.void)

    @property
    def winners(self) -> tuple[int, ...]:
        """The table seats with the highest total after the last deal; ties stand (SPEC §2.5).

        Raises:
            WrongPhaseError: the session is not finished.
        """
        if not self.is_finished:
            raise WrongPhaseError(
                f"the winners are known only after deal {self.rules.session_deals}",
                action="winners",
                rule=_section(self.rules).removeprefix("SPEC "),
            )
        totals = self.totals
        best = max(totals)
        return tuple(seat for seat in range(self.rules.players) if totals[seat] == best)

    def score_sheet(self) -> str:
        """The score sheet as a plain-text table: each deal's score and running total per seat.

        Scores and totals are signed; after the last deal the last line names the
        winners.  A void deal is marked and has no scores (V§8); a compulsory,
        voluntary or forced solo says so in tournament mode (V§9.6); with Bock
        rules a column shows each Bock deal's multiplier (V§11.4); at five
        players the dealer writes 0 (V§10).

        >>> print(Session.new(first_dealer=0).score_sheet())
        deal  dealer  contract                          seat 0      seat 1      seat 2      seat 3
                                                    score  sum  score  sum  score  sum  score  sum
        ------------------------------------------------------------------------------------------
                      total                                  0           0           0           0
        >>> from doppelkopf import DealSummary, GameType, PartyResult, Rules
        >>> tie = DealSummary(GameType.NORMAL, {0, 2}, PartyResult(120, 6), PartyResult(120, 6),
        ...                   rules=Rules(bock={"tie"}))
        >>> session = Session.new(first_dealer=0, rules=Rules(bock={"tie"}))
        >>> sheet = session.add_result(tie).add_result(tie).score_sheet().splitlines()
        >>> print(sheet[0][:60]); print(sheet[4][:60])  # V26: deal 2 is a Bock deal
        deal  dealer  contract                    bock        seat 0
           2       1  normal game                   x2       -4   -6
        """
        winners = self.winners if self.is_finished else None
        start = self.start
        carried = None
        if start.played and start.totals is not None:
            carried = (start.played, start.totals)
        return sheet_text(
            self.rules, self._table.rows, self.totals, winners, names=self.names, carried=carried
        )

    def to_csv(self) -> str:
        """The score sheet as CSV text, one line per deal dealt (SPEC §2.5, V§8, V§11.4).

        The columns are ``deal``, ``dealer``, ``contract``, ``void``,
        ``multiplier`` and, for each table seat, its score and running total,
        headed by the player's name (else ``seat k``).  A session that
        starts mid-way (:attr:`start`) writes the totals carried over first,
        on a line of the deals played before it (contract ``carried over``).  The
        :mod:`csv` module writes it, so a name with a comma or a quote reads
        back as it was.

        >>> from doppelkopf import DealSummary, GameType, PartyResult
        >>> x01 = DealSummary(GameType.NORMAL, {0, 2}, PartyResult(151, 7), PartyResult(89, 5))
        >>> session = Session.new(3, names=["Anna", "Ben", "Cem", "Dora"]).add_result(x01)
        >>> print(session.to_csv(), end="")
        deal,dealer,contract,void,multiplier,Anna score,Anna total,Ben score,Ben total,Cem score,\
Cem total,Dora score,Dora total
        1,Dora,normal game,0,1,2,2,-2,-2,2,2,-2,-2
        """
        return sheet_csv(self.rules, self._table.rows, self.names, self.start)

    def __str__(self) -> str:
        return self.score_sheet()
