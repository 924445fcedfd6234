"""A holder that copying shares instead of duplicating: the deal inside an OpenSpiel state.

OpenSpiel clones a Python state by ``copy.deepcopy`` of each attribute, and its
algorithms clone at every node they visit.  A :class:`~doppelkopf.Deal` is
immutable, so a copy is never needed; deep-copying one still walks all of it
(about 75 µs for a fresh deal, 280 µs twenty decisions in).  Kept in a
:class:`Shared`, the deal and the legal action ids listed from it pass to the
clone as they are, in under a microsecond; a whole state clones in about 9 µs.
"""

from __future__ import annotations

from typing import Generic, TypeVar

__all__ = ["Shared"]

T = TypeVar("T")


class Shared(Generic[T]):
    """An immutable ``value`` with room for what is derived from it; copies are the holder itself.

    >>> import copy
    >>> held = Shared((1, 2))
    >>> copy.deepcopy(held) is held, copy.copy(held) is held
    (True, True)
    """

    __slots__ = ("derived", "value")

    def __init__(self, value: T) -> None:
        self.value = value
        self.derived: object = None

    def __copy__(self) -> Shared[T]:
        return self

    def __deepcopy__(self, memo: object) -> Shared[T]:
        return self

    def __reduce__(self) -> tuple[type[Shared[T]], tuple[T]]:
        return (Shared, (self.value,))
