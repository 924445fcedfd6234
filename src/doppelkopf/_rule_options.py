"""The options of a rule set: their types, their values and the checks of each (V§0.1).

Each field of :class:`~doppelkopf.Rules` is checked when a value is built by
one validator or converter here, and a pair of options that exclude each other
is refused through :func:`_exclude` (V§0.4).  The public names belong to
:mod:`doppelkopf.rules`, which re-exports them; this module imports nothing of
the rule set.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final, Literal, NoReturn, TypeAlias, cast

import attrs

from . import _checks
from .errors import InvalidRulesError

__all__ = [
    "BOCK_TRIGGERS",
    "THROW_REASONS",
    "USUAL_THROW_REASONS",
    "BockStacking",
    "BockTrigger",
    "SecondDulle",
    "ThrowReason",
]

_short: Final = _checks.excerpt

SecondDulle: TypeAlias = Literal["never", "always", "except_last_trick"]
"""The values of :attr:`Rules.second_dulle` (V§2.2)."""

ThrowReason: TypeAlias = Literal["nines5", "kings5", "nines4_kings4", "full7", "trumps1"]
"""A reason to throw in (Schmeißen, V§7.1), an element of :attr:`Rules.schmeissen`."""

BockTrigger: TypeAlias = Literal["tie", "lost_announcement", "lost_solo"]
"""An event that starts a Bock round (V§11.1), an element of :attr:`Rules.bock`."""

BockStacking: TypeAlias = Literal["consecutive", "multiply"]
"""The values of :attr:`Rules.bock_stacking` (V§11.3)."""

THROW_REASONS: Final[tuple[ThrowReason, ...]] = (
    "nines5",
    "kings5",
    "nines4_kings4",
    "full7",
    "trumps1",
)
"""Every throw reason of V§7.1, in the order that section lists them."""

BOCK_TRIGGERS: Final[tuple[BockTrigger, ...]] = ("tie", "lost_announcement", "lost_solo")
"""Every Bock trigger of V§11.1."""

USUAL_THROW_REASONS: Final[frozenset[ThrowReason]] = frozenset({"nines5", "kings5"})
"""SUMMARY's pair of throw reasons, the usual choice (V§7.1)."""

_SECOND_DULLE: Final = ("never", "always", "except_last_trick")
_BOCK_STACKING: Final = ("consecutive", "multiply")
_NINE_REASONS: Final = frozenset({"nines5", "nines4_kings4"})


def _flag(instance: object, attribute: attrs.Attribute[bool], value: object) -> None:
    if type(value) is not bool:
        raise InvalidRulesError(
            f"option {attribute.name} must be True or False, not {_short(value)}",
            options=(attribute.name,),
            rule="V§0.1",
        )


def _choice(
    name: str, choices: tuple[str, ...], section: str
) -> Callable[[object, attrs.Attribute[str], object], None]:
    """A validator that accepts one of ``choices`` as the value of option ``name``."""

    def validate(instance: object, attribute: attrs.Attribute[str], value: object) -> None:
        if type(value) is not str or value not in choices:
            listed = ", ".join(repr(choice) for choice in choices)
            raise InvalidRulesError(
                f"option {name} must be one of {listed}, not {_short(value)}",
                options=(name,),
                rule=section,
            )

    return validate


def _in_range(
    name: str, *, optional: bool = False
) -> Callable[[object, attrs.Attribute[Any], object], None]:
    """A validator that accepts an ``int`` within :data:`_INT_BOUNDS` (or ``None`` if optional)."""
    low, high, _ = _INT_BOUNDS[name]

    def validate(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value is None and optional:
            return
        if type(value) is int and low <= value <= high:
            return
        raise _out_of_range(name, value)

    return validate


def _out_of_range(name: str, value: object) -> InvalidRulesError:
    """The error for a value of the int option ``name`` outside :data:`_INT_BOUNDS`."""
    low, high, section = _INT_BOUNDS[name]
    allowed = f"{low}-{high}" + (" or None" if name in _OPTIONAL_INTS else "")
    return InvalidRulesError(
        f"option {name} must be an int {allowed}, not {_short(value)} (V§0.4)",
        options=(name,),
        rule=section,
    )


_MOST_SESSION_DEALS: Final = 10_000
"""The longest session :attr:`Rules.session_length` may ask for (V§9.6).

No table plays ten thousand deals in one session.  The bound keeps every number
a rule set holds, and every count derived from it, far within what a record
writes and reads back (integers of at most 20 digits).
"""

_INT_BOUNDS: Final = {
    "armut_max_trumps": (1, 3, "V§6.1"),
    "players": (4, 5, "V§10"),
    "session_length": (1, _MOST_SESSION_DEALS, "V§9.6"),
}
"""The smallest and largest value of each int option and the section that sets them.

``True`` and ``False`` are not ints here.
"""

_OPTIONAL_INTS: Final = frozenset({"session_length"})
"""The int options that may also be ``None``."""


def _reasons(value: Iterable[str]) -> frozenset[ThrowReason]:
    """:attr:`Rules.schmeissen` from any iterable of reason names (V§7.1)."""
    return cast("frozenset[ThrowReason]", _name_set("schmeissen", value, THROW_REASONS, "V§7.1"))


def _triggers(value: Iterable[str]) -> frozenset[BockTrigger]:
    """:attr:`Rules.bock` from any iterable of trigger names (V§11.1)."""
    return cast("frozenset[BockTrigger]", _name_set("bock", value, BOCK_TRIGGERS, "V§11.1"))


def _name_set(name: str, value: object, names: tuple[str, ...], section: str) -> frozenset[str]:
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
        raise InvalidRulesError(
            f"option {name} must be a set of names ({', '.join(names)}), not {_short(value)}",
            options=(name,),
            rule=section,
        )
    items = list(itertools.islice(value, _MOST_NAMES + 1))
    if len(items) > _MOST_NAMES:
        raise InvalidRulesError(
            f"option {name} lists more than {_MOST_NAMES} names", options=(name,), rule=section
        )
    for item in items:
        if type(item) is not str or item not in names:
            raise InvalidRulesError(
                f"option {name}: unknown name {_short(item)}; the names are {', '.join(names)}",
                options=(name,),
                rule=section,
            )
    return frozenset(items)


_MOST_NAMES: Final = 64
"""More names than this in a set option are refused unread (a hostile iterable may be endless)."""


_SET_SECTIONS: Final = {"schmeissen": "V§7.1", "bock": "V§11.1"}
"""The section that names the elements of each set option."""


def _exclude(
    first: str, first_value: object, second: str, second_value: object, why: str
) -> NoReturn:
    """Refuse a rule set in which option ``first`` excludes option ``second`` (V§0.4)."""
    raise InvalidRulesError(
        f"{first}={first_value!r} excludes {second}={second_value!r}: {why}",
        options=(first, second),
        rule="V§0.4",
    )
