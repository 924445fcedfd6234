"""The argument checks of the OpenSpiel game: seats, chance outcomes, kinds and ``owing``.

They need nothing of OpenSpiel, so they are kept apart from the game's classes in
:mod:`doppelkopf.adapters.openspiel`, which calls them before any value reaches the
library or the framework.

>>> from doppelkopf.adapters._openspiel_arguments import owing_seats
>>> sorted(owing_seats("13"))
[1, 3]
"""

from __future__ import annotations

from .. import _checks
from ..cards import DISTINCT_CARDS
from ..errors import InvalidValueError

__all__ = ["check_kind", "check_outcome", "check_player", "owing_seats"]


def owing_seats(text: str) -> frozenset[int]:
    """The seats of the parameter ``owing``: digits 0-3, such as ``"13"`` (V§9.1)."""
    if not all(digit in "0123" for digit in text):
        raise InvalidValueError(
            f"game parameter owing must be digits of seats 0-3 such as '13', not "
            f"{_checks.excerpt(text)}",
            rule="V§9.1",
        )
    return frozenset(int(digit) for digit in text)


def check_player(player: object, name: str = "player") -> None:
    """Raise unless ``player`` is a seat 0-3 (SPEC §2.1)."""
    if type(player) is not int or not 0 <= player <= 3:
        _checks.seat(player, name)


def check_outcome(action: object) -> None:
    """Raise unless ``action`` is a chance outcome: a card index 0-23 (SPEC §1.1, §2.4)."""
    if type(action) is not int:
        raise _checks.type_error(action, "chance outcome", "int")
    if not 0 <= action < len(DISTINCT_CARDS):
        raise InvalidValueError(
            f"a chance outcome is a card index 0-23, not {_checks.excerpt(action)}", rule="§2.4"
        )


def check_kind(kind: object, kinds: tuple[str, ...]) -> None:
    """Raise unless ``kind`` is one of ``kinds``."""
    if type(kind) is not str:
        raise _checks.type_error(kind, "kind", "str")
    if kind not in kinds:
        raise InvalidValueError(
            f"kind must be {', '.join(repr(k) for k in kinds)}, not {_checks.excerpt(kind)}"
        )
