"""The checks of what a :class:`~doppelkopf.session.Session` is built from (SPEC §2, V§8).

The constructor's arguments one by one: the first dealer, the sequences of
deals, results and void positions, and the rule set they imply.  Each refusal
names the argument and quotes at most a short excerpt of the value given.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

from .. import _checks
from ..deal import Deal
from ..errors import InvalidValueError
from ..rules import Rules, rule_set
from ..scoring import DealSummary, Settlement


def check_first_dealer(value: object, rules: Rules) -> int:
    """``value`` itself if it is a table seat of ``rules`` (SPEC §2.2, V§10)."""
    if type(value) is int and 0 <= value < rules.players:
        return value
    if type(value) is int:
        raise InvalidValueError(
            f"the first dealer must be a seat 0-{rules.players - 1}, not {_checks.excerpt(value)}",
            rule="§2.2",
        )
    raise _checks.type_error(value, "first_dealer", "int")


def as_tuple(value: object, what: str) -> tuple[object, ...]:
    """``value`` as a tuple, if it is an iterable other than text or bytes."""
    if isinstance(value, str | bytes | bytearray) or not isinstance(value, Iterable):
        raise _checks.type_error(value, what, "sequence")
    return tuple(value)


def entries_of(entries: object, others: bool) -> tuple[object, ...] | None:
    """``entries`` as a tuple, or ``None``; refused beside deals, results or voids (SPEC §2.5)."""
    if entries is None:
        return None
    if others:
        raise InvalidValueError(
            "give a session's entries alone, or its deals, or its results and voids"
        )
    return as_tuple(entries, "entries")


def check_count(rules: Rules, count: int, what: str, section: str) -> None:
    """Refuse more than a session's played deals, citing the ``section`` that sets them."""
    if count > rules.session_deals:
        raise InvalidValueError(
            f"a session has at most {rules.session_deals} deals, not {count} {what} ({section})"
        )


def rules_of(rules: object, deals: tuple[Deal, ...], results: tuple[object, ...]) -> Rules:
    """The session's rules: those given, else the first deal's or result's, else DDV."""
    if rules is not None:
        return rule_set(rules)
    if deals:
        return deals[0].rules
    if results and isinstance(results[0], Settlement | DealSummary):
        return results[0].rules
    return Rules.DDV


def void_positions(voids: object) -> tuple[int, ...]:
    """``voids`` as increasing positions from 0 (V§8); the session checks that they fit."""
    positions = as_tuple(voids, "voids")
    for position in positions:
        if type(position) is not int:
            raise _checks.type_error(position, "void position", "int")
    checked: tuple[int, ...] = positions  # type: ignore[assignment]
    for earlier, later in itertools.pairwise(checked):
        if later <= earlier:
            raise InvalidValueError(
                f"void positions must increase, not {_checks.excerpt(earlier)} then "
                f"{_checks.excerpt(later)} (V§8)"
            )
    if checked and checked[0] < 0:
        raise InvalidValueError(
            f"a void position is 0 or more, not {_checks.excerpt(checked[0])} (V§8)"
        )
    return checked
