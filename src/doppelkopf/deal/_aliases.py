"""Deprecated names of the deal's properties and methods, kept for one release.

>>> import warnings
>>> from doppelkopf import Deal
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     Deal.shuffled(seed=1).cards_played
0
>>> print(caught[0].message)
Deal.cards_played is deprecated; use Deal.moment
"""

from __future__ import annotations

import warnings
from typing import Any

from ..errors import DoppelkopfDeprecationWarning

__all__ = ["DeprecatedAlias"]


class DeprecatedAlias:
    """An old name of a property or method: reading it warns, then gives the new one.

    ``old = DeprecatedAlias("new")`` in a class body makes ``instance.old`` emit a
    :class:`~doppelkopf.errors.DoppelkopfDeprecationWarning` naming the caller's line and return
    ``instance.new`` (a value for a property, a bound method for a method).
    """

    def __init__(self, new: str) -> None:
        self.new = new
        self.old = new
        self.owner = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.old = name
        self.owner = owner.__name__
        self.__doc__ = f"Deprecated alias of :attr:`{self.new}`; reading it warns."

    def __get__(self, instance: object, owner: type | None = None) -> Any:
        if instance is None:
            return self
        warnings.warn(
            f"{self.owner}.{self.old} is deprecated; use {self.owner}.{self.new}",
            DoppelkopfDeprecationWarning,
            stacklevel=2,
        )
        return getattr(instance, self.new)
