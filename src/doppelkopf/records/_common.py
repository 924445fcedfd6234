"""What writing and reading records share: the error, the format's names, plain JSON values."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, Final, NoReturn, TypeAlias

from .._checks import excerpt
from .._json import _MAX_DIGITS, _SURROGATE, MAX_DEPTH
from ..cards import DISTINCT_CARDS
from ..deal import Reservation, SoloKind
from ..deal.outcome import VoidReason
from ..errors import DoppelkopfError, InvalidTypeError
from ..parties import Party
from ..rules import THROW_REASONS, GameType, ThrowReason

RECORD_FORMAT: Final = "doppelkopf-record"
"""The value of every record's ``"format"`` key."""

RECORD_VERSION: Final = 2
"""The record version this library writes; it reads this one and every earlier one."""

VERSIONS: Final = (1, 2)
"""The record versions the readers read: 1 (no rules: the DDV rules) and 2 (rules stated)."""

JsonPath: TypeAlias = tuple[str | int, ...]  # object keys and list positions from the top

SESSION_LENGTH: Final = 12  # SPEC §2.5

HEADER_KEYS: Final = ("format", "version", "kind")
DEAL_KEYS: Final = (
    "dealer",
    "cut",
    "hands",
    "reservations",
    "contract",
    "events",
    "settlement",
)
TOURNAMENT_KEYS: Final = ("owing", "forced")
"""The optional keys of a deal record with tournament facts, after ``hands`` (V§9.1, V§9.5)."""
SESSION_KEYS: Final = ("first_dealer", "deals", "totals")
RULES_KEY: Final = "rules"  # version 2 on: the rule set, every option by name (V§0.5)
CONTRACT_KEYS: Final = ("game_type", "declarer", "partner", "clarification_trick")
SOLO_KIND_KEY: Final = "solo_kind"  # in the contract of a deal record that states ``owing``
VOID_KEYS: Final = ("void", "seat", "throw_reason")  # the contract of a void deal (V§8)
RESERVATION_KEYS: Final = ("seat", "reservation")
REASON_KEY: Final = "reason"  # a reservation's throw reason, for Schmeißen only (V§7.2)
PASS_KEYS: Final = ("type", "seat", "cards")
ANSWER_KEYS: Final = ("type", "seat", "accept")
RETURN_KEYS: Final = ("type", "seat", "cards", "trumps")
PLAY_KEYS: Final = ("type", "seat", "card")
ANNOUNCE_KEYS: Final = ("type", "seat", "level", "party", "hand_size", "moment", "late_reply")
SETTLEMENT_KEYS: Final = ("winner", "value", "scores", "lines")
LINE_KEYS: Final = ("reason", "party", "points", "rule")

CARDS: Final = {card.ascii: card for card in DISTINCT_CARDS}
RESERVATIONS: Final = {reservation.value: reservation for reservation in Reservation}
GAME_TYPES: Final = {game.value: game for game in GameType}
PARTIES: Final = {party.value: party for party in Party}
SOLO_KINDS: Final = {kind.value: kind for kind in SoloKind}
THROW_NAMES: Final[Mapping[str, ThrowReason]] = {reason: reason for reason in THROW_REASONS}
VOID_REASONS: Final[Mapping[str, VoidReason]] = {
    "thrown": "thrown",
    "poverty_refused": "poverty_refused",
}

_INTEGER_BOUND: Final = 10**_MAX_DIGITS


class RecordError(DoppelkopfError, ValueError):
    """A game record that cannot be read or written.

    Raised for text that is not JSON or exceeds the limits of
    :func:`~doppelkopf.records.loads_deal`, a structure that is not a record
    (a missing or unknown key, a value of the wrong type), an unsupported
    version, an action the rules forbid where it stands, and a recorded fact
    that the replay contradicts.  The message begins with the first bad entry
    (``"event 17 (play seat 2 ♠A): …"``); entries are numbered from 0, as
    their positions in the record's lists.  ``path`` locates the bad value in
    the JSON document.  When a check of the library rejected the entry — a
    rule (:class:`~doppelkopf.IllegalActionError`) or the deal itself — that
    error is the ``__cause__``.

    >>> from doppelkopf.records import loads_deal
    >>> try:
    ...     loads_deal('{"format": "doppelkopf-record", "version": 3, "kind": "deal"}')
    ... except RecordError as error:
    ...     print(error)
    ...     print(error.path)
    record: version 3 is not supported; this library reads version 1 and 2 records
    ('version',)
    """

    def __init__(self, message: str, *, path: tuple[str | int, ...] = ()) -> None:
        super().__init__(message)
        self.path = path


class Entry:
    """An entry of a record being read: its name in messages and its place in the JSON."""

    __slots__ = ("name", "path")

    def __init__(self, name: str, path: JsonPath) -> None:
        self.name = name
        self.path = path

    def fail(
        self, message: str, *, key: str | int | None = None, cause: Exception | None = None
    ) -> NoReturn:
        path = self.path if key is None else (*self.path, key)
        raise RecordError(f"{self.name}: {message}", path=path) from cause


def show(value: object) -> str:
    """``value`` as JSON text, at most 40 characters, for a message; never raises."""
    return excerpt(value, notation="json")


def _place(where: str, path: JsonPath) -> str:
    """``where`` and the keys and positions of ``path`` as Python writes them: ``meta['a'][0]``.

    A path of more than four steps is shortened to its first two and its last.
    """
    steps = [
        f"[{step}]"
        if isinstance(step, int)
        else f"[{step if len(step) <= 20 else step[:17] + '...'!r}]"
        for step in path
    ]
    if len(steps) > 4:
        steps[2:-1] = ["..."]
    return where + "".join(steps)


def json_copy(value: object, where: str, depth: int = 1) -> Any:
    """A copy of ``value`` made of JSON types only, within the limits that text is read with.

    ``where`` names ``value`` in messages, and ``depth`` is the nesting of
    ``value`` in its record (1 for the record itself, 2 for its ``meta``).  The
    copy is made without recursion, so any depth is refused rather than
    overflowing the stack.

    Raises:
        InvalidTypeError: a key that is not a string, or a value that is not a
            JSON value (``NaN`` and the infinities are none).
        RecordError: arrays and objects nested deeper than the record may
            nest (:data:`~doppelkopf._json.MAX_DEPTH` in all), an integer of
            more than 20 digits, or a string with a lone surrogate.
    """
    root: list[Any] = [None]
    # Each item: the value, its path below ``where``, its depth, where its copy goes.
    stack: list[tuple[object, JsonPath, int, Any, Any]] = [(value, (), depth, root, 0)]
    while stack:
        item, path, level, parent, slot = stack.pop()
        copy: Any
        if item is None or type(item) is bool:
            copy = item
        elif isinstance(item, str):
            copy = str.__str__(item)
            found = _SURROGATE.search(copy)
            if found:
                raise RecordError(
                    f"{_place(where, path)} holds a string with a lone surrogate "
                    f"(U+{ord(found.group()):04X}), which is not a Unicode character"
                )
        elif isinstance(item, int):
            copy = int(item)
            if not -_INTEGER_BOUND < copy < _INTEGER_BOUND:
                raise RecordError(
                    f"{_place(where, path)} holds {show(copy)}; a record holds integers "
                    f"of at most {_MAX_DIGITS} digits"
                )
        elif isinstance(item, float) and math.isfinite(item):
            copy = float(item)
        elif isinstance(item, Mapping | list | tuple):
            if level > MAX_DEPTH:
                raise RecordError(
                    f"{where} nests arrays and objects too deep: a record nests at most "
                    f"{MAX_DEPTH} deep, itself included"
                )
            copy = _container(item, path, level, stack, where)
        else:
            raise InvalidTypeError(
                f"{_place(where, path)} holds {show(item)}, which is not a JSON value",
                name=where,
                expected="JSON value",
                value=show(item),
            )
        parent[slot] = copy
    return root[0]


def _container(
    item: Mapping[Any, object] | list[object] | tuple[object, ...],
    path: JsonPath,
    level: int,
    stack: list[tuple[object, JsonPath, int, Any, Any]],
    where: str,
) -> dict[str, Any] | list[Any]:
    """An empty copy of ``item``; its entries go on ``stack``, to be copied in document order."""
    if isinstance(item, Mapping):
        copy: dict[str, Any] = {}
        entries: list[tuple[object, JsonPath, int, Any, Any]] = []
        for key, entry in item.items():
            if not isinstance(key, str):
                raise InvalidTypeError(
                    f"{_place(where, path)} has a key {show(key)} that is not a string",
                    name=where,
                    expected="str",
                    value=show(key),
                )
            name = str.__str__(key)
            if _SURROGATE.search(name):
                raise RecordError(
                    f"{_place(where, path)} has a key with a lone surrogate, {show(name)}, "
                    "which is not a Unicode character"
                )
            copy[name] = None
            entries.append((entry, (*path, name), level + 1, copy, name))
        stack.extend(reversed(entries))
        return copy
    items: list[Any] = [None] * len(item)
    stack.extend(
        (item[index], (*path, index), level + 1, items, index)
        for index in range(len(item) - 1, -1, -1)
    )
    return items
