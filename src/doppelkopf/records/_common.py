"""What writing and reading records share: the error, the format's names, plain JSON values."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, Final, NoReturn, TypeAlias

from .._checks import excerpt
from .._json import _MAX_DIGITS, _SURROGATE, MAX_BYTES, MAX_DEPTH
from ..cards import DISTINCT_CARDS
from ..deal import Reservation, SoloKind
from ..deal.outcome import VoidReason
from ..errors import DoppelkopfError, InvalidTypeError
from ..parties import Party
from ..rules import THROW_REASONS, GameType, ThrowReason

RECORD_FORMAT: Final = "doppelkopf-record"
"""The value of every record's ``"format"`` key."""

RECORD_VERSION: Final = 2
"""The record version this library writes for a deal or session without a two-step round.

A record that holds a two-step reservation round (SPEC §3.2: a bare
``vorbehalt``, then the answers to its questions) is written as version 3,
so that a reader that knows only versions 1 and 2 refuses it at its header.
The library reads every version up to 3.
"""

TWO_STEP_VERSION: Final = 3
"""The version of a record that holds a two-step reservation round (SPEC §3.2)."""

VERSIONS: Final = (1, 2, 3)
"""The record versions the readers read: 1 (no rules: the DDV rules), 2 (rules stated) and 3
(as 2, with a two-step reservation round)."""

JsonPath: TypeAlias = tuple[str | int, ...]  # object keys and list positions from the top

TOURNAMENT_KEYS: Final = ("owing", "forced")
"""The optional keys of a deal record with tournament facts, after ``hands`` (V§9.1, V§9.5)."""
RULES_KEY: Final = "rules"  # version 2 on: the rule set, every option by name (V§0.5)
SOLO_KIND_KEY: Final = "solo_kind"  # in the contract of a deal record that states ``owing``
REASON_KEY: Final = "reason"  # a reservation's throw reason, for Schmeißen only (V§7.2)

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

MAX_DIGITS: Final = _MAX_DIGITS
"""The most digits of an integer in a record (every 64-bit integer has at most 20)."""

INTEGER_BOUND: Final = 10**_MAX_DIGITS
"""Every integer of a record lies strictly between ``-INTEGER_BOUND`` and ``INTEGER_BOUND``."""


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
    ...     loads_deal('{"format": "doppelkopf-record", "version": 4, "kind": "deal"}')
    ... except RecordError as error:
    ...     print(error)
    ...     print(error.path)
    record: version 4 is not supported; this library reads version 1, 2 and 3 records
    ('version',)
    """

    def __init__(self, message: str, *, path: tuple[str | int, ...] = ()) -> None:
        super().__init__(message)
        self.path = path


class RecordFileError(RecordError, OSError):
    """A file that :func:`~doppelkopf.records.save` refuses to replace: it is not a regular file.

    Saving writes a new file and renames it to the name given, which would put
    a regular file in the place of a device, a named pipe or a socket, and
    would cut a file that the process has open (``/dev/stdout``) off from what
    was written to it before.  It is a :class:`RecordError` and an
    :class:`OSError`, so either ``except`` catches it.
    """


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
    overflowing the stack, and in time linear in the number of values: the
    values of plain lists and dicts are checked a container at a time, and only
    a value with a problem (or of another type, to be converted) is looked at
    one by one, to name the first problem in document order.

    Raises:
        InvalidTypeError: a key that is not a string, or a value that is not a
            JSON value (``NaN`` and the infinities are none).
        RecordError: arrays and objects nested deeper than the record may
            nest (:data:`~doppelkopf._json.MAX_DEPTH` in all), more values than
            16 MiB of text can hold, an integer of more than 20 digits, or a
            string with a lone surrogate.
    """
    try:
        return _plain_copy(value, where, depth)
    except _LookCloser:
        return _careful_copy(value, where, depth)


class _LookCloser(Exception):
    """Raised by :func:`_plain_copy` for anything but plain JSON values within the limits."""


_SCALARS: Final = frozenset({type(None), bool, int, float, str})
_PLAIN: Final = _SCALARS | {dict, list}
_MAX_VALUES: Final = MAX_BYTES  # every value takes at least one character of the text


def _plain_copy(value: object, where: str, depth: int) -> Any:
    """The copy of a value of plain dicts, lists and scalars, checked a container at a time.

    Raises :class:`_LookCloser` for anything else, and for anything beyond the
    limits, which :func:`_careful_copy` then names; but more values than text
    can hold are refused at once.
    """
    kind = type(value)
    if kind in _SCALARS:
        if not _good_scalars([value], {kind}):
            raise _LookCloser
        return value
    if kind is not dict and kind is not list:
        raise _LookCloser
    root: list[Any] = [None]
    stack: list[tuple[Any, int, Any, Any]] = [(value, depth, root, 0)]
    count = 0
    while stack:
        item, level, parent, slot = stack.pop()
        if level > MAX_DEPTH:
            raise _LookCloser
        copy: dict[str, Any] | list[Any]
        if type(item) is dict:
            keys = list(item)
            if keys and (set(map(type, keys)) != {str} or _SURROGATE.search("".join(keys))):
                raise _LookCloser
            copy = dict(item)
            values = list(copy.values())
            slots: list[Any] = keys
        else:
            copy = list(item)
            values = copy
            slots = []
        count += len(values)
        if count > _MAX_VALUES:
            raise _too_many(where)
        kinds = set(map(type, values))
        if not kinds <= _PLAIN or not _good_scalars(values, kinds):
            raise _LookCloser
        if dict in kinds or list in kinds:
            stack.extend(
                (entry, level + 1, copy, slots[index] if slots else index)
                for index, entry in enumerate(values)
                if type(entry) is dict or type(entry) is list
            )
        parent[slot] = copy
    return root[0]


def _too_many(where: str) -> RecordError:
    return RecordError(
        f"{where} holds more than {_MAX_VALUES:,} values, more than the "
        f"{MAX_BYTES:,} characters of text a record is read from can hold"
    )


def _good_scalars(values: list[Any], kinds: set[type]) -> bool:
    """Whether the scalars among ``values`` (of the exact types ``kinds``) keep to the limits."""
    alone = len(kinds) == 1
    if int in kinds:
        numbers = values if alone else [item for item in values if type(item) is int]
        if max(numbers) >= INTEGER_BOUND or min(numbers) <= -INTEGER_BOUND:
            return False
    if float in kinds:
        numbers = values if alone else [item for item in values if type(item) is float]
        if not all(map(math.isfinite, numbers)):
            return False
    if str in kinds:
        strings = values if alone else [item for item in values if type(item) is str]
        if _SURROGATE.search("".join(strings)):
            return False
    return True


def _careful_copy(value: object, where: str, depth: int) -> Any:
    """The copy of :func:`json_copy` made one value at a time, raising at the first problem."""
    root: list[Any] = [None]
    # Each item: the value, its path below ``where``, its depth, where its copy goes.
    stack: list[tuple[object, JsonPath, int, Any, Any]] = [(value, (), depth, root, 0)]
    count = 0
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
            if not -INTEGER_BOUND < copy < INTEGER_BOUND:
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
            count += len(item)
            if count > _MAX_VALUES:
                raise _too_many(where)
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


def snapshot(value: object, depth: int = 1) -> object:
    """``value`` with each mapping copied to a dict and each list or tuple to a list, once.

    The readers check the copy and build from it, so a mapping that shows one
    thing through ``[]`` and another through ``items()`` or iteration is read
    once, through ``items()``, and every check sees what the replay uses.
    Nothing else is converted: the checks refuse what is not JSON.  A
    container nested deeper than :data:`~doppelkopf._json.MAX_DEPTH`, or past
    as many values as 16 MiB of text can hold, is left as it is; the checks
    refuse it, since no entry of a record nests that deep or holds that much.
    The copy is made without recursion and in linear time.
    """
    root: list[Any] = [value]
    stack: list[tuple[Any, Any, int]] = [(root, 0, depth)]
    count = 0
    while stack:
        parent, slot, level = stack.pop()
        item = parent[slot]
        kind = type(item)
        copy: dict[Any, Any] | list[Any]
        if kind is dict:
            copy = dict(item)
        elif kind is list:
            copy = item.copy()
        elif isinstance(item, Mapping):
            copy = dict(item.items())
        elif isinstance(item, list | tuple):
            copy = list(item)
        else:
            continue
        count += len(copy)
        if level > MAX_DEPTH or count > _MAX_VALUES:
            continue
        parent[slot] = copy
        values = copy.values() if type(copy) is dict else copy
        if len(copy) > 16 and set(map(type, values)) <= _SCALARS:
            continue  # a long array of numbers or strings, looked at in one pass
        entries = copy.items() if type(copy) is dict else enumerate(copy)
        for key, entry in entries:
            if type(entry) not in _SCALARS:
                stack.append((copy, key, level + 1))
    return root[0]
