"""A quicker ``_replace`` for the named tuples that hold the slow-changing part of a deal.

Why this module exists: every answer of the reservation round, every
announcement and the contract itself give the deal a new
``_Setup`` of ``doppelkopf.deal._state`` (16 fields) through ``_replace``.  The
method :func:`collections.namedtuple` gives a class pops each field name from
the keyword dictionary through :func:`map` and builds the tuple through
``_make``: about 12,000 machine instructions for one changed field, a fifth
of a whole answer.  :func:`install` gives a class a ``_replace`` that copies
the tuple into a list, writes the changed fields by their index and builds
the new tuple once, with the same result and the same error for a name that
is not a field.

``tests/test_replace.py`` pins it to the method it replaces.
"""

from __future__ import annotations

from typing import Any, Final

_tuple_new: Final = tuple.__new__


def install(cls: type[tuple[Any, ...]]) -> None:
    """Give the named tuple class ``cls`` the quicker ``_replace``."""
    index: dict[str, int] = {name: i for i, name in enumerate(cls._fields)}  # type: ignore[attr-defined]

    def _replace(self: tuple[Any, ...], /, **changes: Any) -> tuple[Any, ...]:
        values = list(self)
        try:
            for name, value in changes.items():
                values[index[name]] = value
        except KeyError:
            unknown = [name for name in changes if name not in index]
            raise ValueError(f"Got unexpected field names: {unknown!r}") from None
        return _tuple_new(cls, values)

    _replace.__doc__ = f"A new {cls.__name__} with the given fields replaced."
    _replace.__qualname__ = f"{cls.__qualname__}._replace"
    cls._replace = _replace  # type: ignore[attr-defined]
