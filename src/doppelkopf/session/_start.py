"""Where a session starts, and the names of its players (SPEC §2.5, V§9, V§10, V§11).

A session usually starts at its first deal, every total 0 and, in tournament
mode, every player owing a compulsory solo.  A tournament round resumed
mid-way starts later: :class:`SessionStart` holds the played deals so far,
the players who still owe a compulsory solo, the totals carried over and
the Bock rounds still to run.  :func:`check_start` holds these facts against
the rules before the session takes them.
"""

from __future__ import annotations

import itertools
import unicodedata
from collections.abc import Iterable
from typing import Final

import attrs

from .. import _checks
from ..errors import InvalidValueError
from ..rules import Rules
from . import _rotation
from ._rotation import Position

__all__ = ["MAX_NAME", "MAX_TOTAL", "SessionStart", "check_names", "check_start"]

MAX_NAME: Final = 40
"""The longest player's name a session keeps, in characters."""

MAX_TOTAL: Final = 10**9
"""The largest total, either sign, a session starts from."""


_MOST: Final = 4096
"""The most entries a start's ``owing``, ``totals`` or ``bock`` is read to."""


def _bounded(value: Iterable[object], name: str) -> tuple[object, ...]:
    items = tuple(itertools.islice(value, _MOST + 1))
    if len(items) > _MOST:
        raise InvalidValueError(f"start: {name} holds more than {_MOST} entries")
    return items


def _seats(value: object) -> frozenset[int] | None:
    if value is None:
        return None
    if isinstance(value, str | bytes | bytearray) or not isinstance(value, Iterable):
        raise _checks.type_error(value, "owing", "set of table seats")
    seats = _bounded(value, "owing")
    for seat in seats:
        if type(seat) is not int:
            raise _checks.type_error(seat, "owing seat", "int")
    return frozenset(seats)  # type: ignore[arg-type]


def _ints(value: object, name: str) -> tuple[int, ...]:
    if isinstance(value, str | bytes | bytearray) or not isinstance(value, Iterable):
        raise _checks.type_error(value, name, "sequence of int")
    numbers = _bounded(value, name)
    for number in numbers:
        if type(number) is not int:
            raise _checks.type_error(number, f"{name} entry", "int")
    return numbers  # type: ignore[return-value]


def _totals(value: object) -> tuple[int, ...] | None:
    return None if value is None else _ints(value, "totals")


def _bock(value: object) -> tuple[int, ...]:
    return _ints(value, "bock")


def _played(value: object) -> int:
    if type(value) is not int:
        raise _checks.type_error(value, "played", "int")
    return value


@attrs.frozen
class SessionStart:
    """The position a session starts from: a round resumed mid-way (SPEC §2.5, V§9, V§11).

    ``played`` is the played deals before the session's first (void deals do
    not count, V§8); ``owing`` the table seats that still owe a compulsory
    solo (V§9.1; ``None``: every player at the start, nobody without
    compulsory solos); ``totals`` each table seat's total carried over
    (``None``: all 0); ``bock`` the deals each pending Bock round still
    covers, oldest first (V§11.3).  The dealer of the next deal is the
    session's ``first_dealer``.  The session checks the facts against its
    rules (see :meth:`Session.new <doppelkopf.Session.new>`).

    >>> SessionStart(played=5, owing={1, 3}, totals=(4, -4, 2, -2))
    SessionStart(played=5, owing=frozenset({1, 3}), totals=(4, -4, 2, -2), bock=())
    """

    played: int = attrs.field(default=0, converter=_played)
    owing: frozenset[int] | None = attrs.field(default=None, converter=_seats)
    totals: tuple[int, ...] | None = attrs.field(default=None, converter=_totals)
    bock: tuple[int, ...] = attrs.field(default=(), converter=_bock)


def check_start(rules: Rules, dealer: int, start: object) -> tuple[SessionStart, Position]:
    """``start`` in full under ``rules``, and the position before the next deal.

    Refused unless the facts can come from a session of ``rules``: at most
    :attr:`Rules.session_deals <doppelkopf.Rules.session_deals>` played deals
    (SPEC §2.5, V§9.6); compulsory solos owed only in tournament mode, by
    table seats, at least ``players - played`` of them (a played deal
    discharges at most one, V§9.1) and no more than the deals left (V§9.5);
    at five players a forced deal not dealt by its only owing player (R10);
    one total per table seat, summing to 0 (SPEC §12.3), all 0 before any
    deal; Bock rounds only with Bock rules and after a played deal, each
    covering 1 to ``players`` deals (V§11.2), at most three per played deal
    (one per trigger, V§11.1), and with ``"consecutive"`` stacking only the
    first one begun (V§11.3).

    >>> from doppelkopf import Rules
    >>> start, position = check_start(Rules.TOURNAMENT, 2, SessionStart(played=20, owing={0}))
    >>> start.totals, position.owing
    ((0, 0, 0, 0), frozenset({0}))
    >>> check_start(Rules.TOURNAMENT, 2, SessionStart(played=23, owing={0, 1}))
    Traceback (most recent call last):
    ...
    doppelkopf.errors.InvalidValueError: start: 2 compulsory solos are owed, but only 1 deals \
are left (V§9.5)
    >>> check_start(Rules.DDV, 0, SessionStart(played=3, bock=(4,)))
    Traceback (most recent call last):
    ...
    doppelkopf.errors.InvalidValueError: start: Bock rounds are pending, but these rules play \
no Bock (V§11.1)

    Raises:
        InvalidValueError: a fact the rules exclude.
        InvalidTypeError: ``start`` is not a :class:`SessionStart`.
    """
    if not isinstance(start, SessionStart):
        raise _checks.type_error(start, "start", "SessionStart")
    players, deals = rules.players, rules.session_deals
    played = start.played
    if not 0 <= played <= deals:
        raise InvalidValueError(
            f"start: a session has {deals} played deals, so 0-{deals} are played before it, "
            f"not {_checks.excerpt(played)}",
            rule="§2.5" if deals == 12 else "V§9.6",
        )
    owing = _check_owing(rules, played, start.owing)
    totals = _check_totals(rules, played, start.totals)
    _check_bock(rules, played, start.bock)
    position = Position(dealer, played, owing, start.bock)
    if _rotation.pass_once_more(rules, position) != position:
        raise InvalidValueError(
            f"start: the forced deal is not dealt by seat {dealer}, its only owing player; "
            f"the deal passes to seat {(dealer + 1) % players}",
            rule="V§10",
        )
    return SessionStart(played, owing, totals, start.bock), position


def _check_owing(rules: Rules, played: int, owing: frozenset[int] | None) -> frozenset[int]:
    """The seats that still owe a compulsory solo at a start (V§9.1, V§9.5)."""
    players, deals = rules.players, rules.session_deals
    everyone = frozenset(range(players))
    if owing is None:
        owing = everyone if rules.compulsory_solo and played == 0 else frozenset()
        if rules.compulsory_solo and played:
            raise InvalidValueError(
                "start: in tournament mode say who still owes a compulsory solo", rule="V§9.1"
            )
    if owing and not rules.compulsory_solo:
        raise InvalidValueError(
            "start: compulsory solos are owed, but these rules have none", rule="V§9.1"
        )
    if not owing <= everyone:
        raise InvalidValueError(
            f"start: the seats that owe a compulsory solo are table seats 0-{players - 1}, "
            f"not {_checks.excerpt(sorted(owing))}",
            rule="V§9.1",
        )
    if rules.compulsory_solo and players - len(owing) > played:
        raise InvalidValueError(
            f"start: {players - len(owing)} compulsory solos are played, but only {played} "
            "deals are; each deal discharges at most one",
            rule="V§9.1",
        )
    if len(owing) > deals - played:
        raise InvalidValueError(
            f"start: {len(owing)} compulsory solos are owed, but only {deals - played} deals "
            "are left",
            rule="V§9.5",
        )
    return owing


def _check_totals(rules: Rules, played: int, given: tuple[int, ...] | None) -> tuple[int, ...]:
    """The totals carried over to a start (SPEC §2.5, §12.3, V§10)."""
    players = rules.players
    totals = (0,) * players if given is None else given
    if len(totals) != players:
        raise InvalidValueError(
            f"start: one total per table seat, {players}, not {len(totals)}", rule="V§10"
        )
    if any(abs(total) > MAX_TOTAL for total in totals):
        raise InvalidValueError(f"start: a total is at most {MAX_TOTAL:,} either way")
    if sum(totals) != 0:
        raise InvalidValueError(
            f"start: the totals sum to 0, not {_checks.excerpt(sum(totals))}", rule="§12.3"
        )
    if played == 0 and any(totals):
        raise InvalidValueError("start: before the first deal every total is 0", rule="§2.5")
    return totals


def _check_bock(rules: Rules, played: int, bock: tuple[int, ...]) -> None:
    """The pending Bock rounds of a start (V§11.1-V§11.3)."""
    if not bock:
        return
    if not rules.bock:
        raise InvalidValueError(
            "start: Bock rounds are pending, but these rules play no Bock", rule="V§11.1"
        )
    if played == 0 or len(bock) > 3 * played:
        raise InvalidValueError(
            f"start: {len(bock)} Bock rounds cannot follow {played} played deals (each deal "
            "starts at most one per trigger)",
            rule="V§11.1",
        )
    players = rules.players
    for left in bock:
        if not 1 <= left <= players:
            raise InvalidValueError(
                f"start: a Bock round covers 1-{players} deals still, not {_checks.excerpt(left)}",
                rule="V§11.2",
            )
    if rules.bock_stacking == "consecutive" and any(left != players for left in bock[1:]):
        raise InvalidValueError(
            "start: with consecutive Bock rounds only the first has begun; the others cover "
            f"{players} deals each",
            rule="V§11.3",
        )


def check_names(names: object, rules: Rules) -> tuple[str, ...] | None:
    """The players' names, one per table seat, or ``None`` (SPEC §2.1, V§10).

    Each name is 1-40 characters without control characters and without
    spaces at either end; no two are the same.

    >>> from doppelkopf import Rules
    >>> check_names(["Anna", "Ben", "Cem", "Dora"], Rules.DDV)
    ('Anna', 'Ben', 'Cem', 'Dora')
    >>> check_names(["Anna", "Ben", "Cem"], Rules.DDV)
    Traceback (most recent call last):
    ...
    doppelkopf.errors.InvalidValueError: names: one name per table seat, 4, not 3 (SPEC §2.1)

    Raises:
        InvalidValueError: a bad count, length or character, or a name twice.
        InvalidTypeError: not a sequence of str.
    """
    if names is None:
        return None
    if isinstance(names, str | bytes | bytearray) or not isinstance(names, Iterable):
        raise _checks.type_error(names, "names", "sequence of str")
    given: list[str] = []
    for name in names:
        if len(given) > rules.players:
            break
        if not isinstance(name, str):
            raise _checks.type_error(name, f"names[{len(given)}]", "str")
        given.append(name)
    if len(given) != rules.players:
        count = str(len(given)) if len(given) <= rules.players else "more"
        raise InvalidValueError(
            f"names: one name per table seat, {rules.players}, not {count}",
            rule="V§10" if rules.players == 5 else "§2.1",
        )
    for seat, name in enumerate(given):
        if not 1 <= len(name) <= MAX_NAME:
            raise InvalidValueError(
                f"names: the name of seat {seat} must be 1-{MAX_NAME} characters, not {len(name):,}"
            )
        if name != name.strip() or any(
            unicodedata.category(char)[0] in "CZ" and char != " " for char in name
        ):
            raise InvalidValueError(
                f"names: the name of seat {seat}, {_checks.excerpt(name)}, has a control "
                "character or a space at an end"
            )
        if name in given[:seat]:
            raise InvalidValueError(f"names: {_checks.excerpt(name)} names two seats")
    return tuple(given)
