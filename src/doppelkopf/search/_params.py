"""The ranges of the numeric parameters of the search API, and their checks (private).

Every count is an ``int`` (never a ``bool``), every budget of seconds or
points a finite ``int`` or ``float``; each has a range, so that no value
overflows a float or a clock, and a NaN, which compares false with every
number, never passes for a budget.

>>> seconds(10**5000, "time")
Traceback (most recent call last):
    ...
doppelkopf.errors.InvalidValueError: time must be more than 0 and at most 86400 seconds, not ...
>>> points(float("nan"), "margin")
Traceback (most recent call last):
    ...
doppelkopf.errors.InvalidValueError: margin must be a finite number of points from -1000 to ...
"""

from __future__ import annotations

from typing import Final

from .. import _checks
from ..errors import InvalidValueError

__all__ = ["MAX_COUNT", "MAX_POINTS", "MAX_SECONDS", "count", "points", "seconds"]

MAX_COUNT: Final = 1_000_000
"""The most worlds, playouts or draws one call may ask for."""
MAX_SECONDS: Final = 86_400
"""The longest time budget: a day."""
MAX_POINTS: Final = 1_000
"""The largest margin of points either way: far beyond any deal's score (SPEC §10)."""


def count(value: object, name: str, low: int = 1, high: int = MAX_COUNT) -> int:
    """``value`` itself if it is an ``int`` from ``low`` to ``high`` (a ``bool`` is no count).

    >>> count(True, "worlds")
    Traceback (most recent call last):
        ...
    doppelkopf.errors.InvalidTypeError: worlds must be an int, not bool True
    """
    if type(value) is int and low <= value <= high:
        return value
    return _checks.integer(value, name, low, high, rule="")


def _number(value: object, name: str, expected: str) -> float:
    if type(value) not in (int, float):
        raise _checks.type_error(value, name, expected)
    assert isinstance(value, (int, float))
    return value


def seconds(value: object, name: str) -> float:
    """``value`` as a float if it is a number of seconds, more than 0 and at most a day."""
    number = _number(value, name, "number of seconds")
    if not 0 < number <= MAX_SECONDS:  # a NaN fails here too
        raise InvalidValueError(
            f"{name} must be more than 0 and at most {MAX_SECONDS} seconds, "
            f"not {_checks.excerpt(value)}"
        )
    return float(number)


def points(value: object, name: str) -> float:
    """``value`` as a float if it is a finite number of points from -1000 to 1000."""
    number = _number(value, name, "number")
    if not -MAX_POINTS <= number <= MAX_POINTS:  # a NaN fails here too
        raise InvalidValueError(
            f"{name} must be a finite number of points from -{MAX_POINTS} to {MAX_POINTS}, "
            f"not {_checks.excerpt(value)}"
        )
    return float(number)
