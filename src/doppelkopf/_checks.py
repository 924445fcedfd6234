"""Argument checks shared by every module: types, ranges and safe excerpts of bad values.

The policy (see :mod:`doppelkopf.errors`): a value of the wrong Python type raises
:class:`~doppelkopf.errors.InvalidTypeError`, a value of the right type outside its
range raises :class:`~doppelkopf.errors.InvalidValueError` citing the rule, and no
message ever holds more than a short excerpt of what was given: :func:`excerpt` is
the one quoting function, in Python notation or, for values read from JSON, in JSON
notation.  The checks return their argument, so a caller writes
``seat = _checks.seat(seat)``; each has a fast path for a good value.

>>> from doppelkopf import _checks
>>> _checks.excerpt("x" * 1000)
"'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'"
>>> _checks.excerpt(10**5000)
'an int of 5001 digits'
>>> _checks.seat(True)
Traceback (most recent call last):
    ...
doppelkopf.errors.InvalidTypeError: seat must be an int, not bool True
"""

from __future__ import annotations

import enum
import functools
import json
import math
import os
import reprlib
from collections.abc import Iterator, Mapping
from typing import Any, Final, Literal, TypeAlias, TypeVar

from .errors import InvalidTypeError, InvalidValueError

__all__ = [
    "LookupEnumType",
    "Notation",
    "excerpt",
    "flag",
    "instance",
    "integer",
    "seat",
    "text",
    "type_error",
]

_T = TypeVar("_T")

Notation: TypeAlias = Literal["python", "json"]
"""How :func:`excerpt` writes a value: as Python's ``repr``, or as JSON where it is JSON."""

_MIN_LIMIT: Final = 8
_LOG10_2: Final = 0.30102999566398120
_EXACT_BITS: Final = 100_000


def _digits(number: int) -> str:
    """How many decimal digits ``number`` (> 0) has, found without converting it to text.

    Beyond :data:`_EXACT_BITS` bits the count is given as "about", one too few at worst.
    """
    estimate = int((number.bit_length() - 1) * _LOG10_2) + 1
    if number.bit_length() > _EXACT_BITS:
        return f"about {estimate}"
    return str(estimate + 1 if number >= 10**estimate else estimate)


class _Excerpt(reprlib.Repr):
    """A :class:`reprlib.Repr` that never converts a huge int to text."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.maxstring = limit
        self.maxother = limit
        self.maxlong = limit
        self.maxlevel = 3
        self._bits = 3 * limit

    def repr_int(self, x: int, level: int) -> str:
        if isinstance(x, int) and x.bit_length() > self._bits:
            sign = "a negative" if x < 0 else "an"
            return f"{sign} int of {_digits(abs(x))} digits"
        return super().repr_int(x, level)

    def repr_bytes(self, x: bytes, level: int) -> str:
        return self._cut(repr(x[: self.maxstring + 1]))

    def repr_bytearray(self, x: bytearray, level: int) -> str:
        return self._cut(repr(x[: self.maxstring + 1]))

    def _cut(self, text: str) -> str:
        if len(text) <= self.maxstring:
            return text
        return text[: self.maxstring - 3] + self.fillvalue


@functools.cache
def _excerpter(limit: int) -> _Excerpt:
    return _Excerpt(limit)


def excerpt(value: object, limit: int = 40, *, notation: Notation = "python") -> str:
    """A short quotation of ``value`` for a message; it never raises.

    In the default ``"python"`` notation the excerpt is a ``repr`` of at most
    ``max(limit, 8)`` characters: long text and containers are shortened with
    ``...``, an int of many digits is described by its number of digits, and a
    value whose ``repr`` fails is named by its type.

    In ``"json"`` notation, for values read from JSON, it is at most
    ``max(limit, 4)`` characters: JSON values are written as JSON (``null``,
    ``true``, ``"text"``), other values by their ``repr``.  Only the first
    ``limit`` characters are ever built, so a huge or deeply nested value costs
    little and a value that holds itself is shown with ``...``; an integer too
    long to show is described by its length; lone surrogates are written as
    escapes, so the excerpt can always be printed.

    >>> excerpt("SA"), excerpt([[[[[]]]]]), excerpt(-(10**100)), excerpt(10**100, limit=10)
    ("'SA'", '[[[[...]]]]', 'a negative int of 101 digits', 'an int ...')
    >>> excerpt([1, "two", None, True, 2.5], notation="json")
    '[1, "two", null, true, 2.5]'
    >>> loop = []
    >>> loop.append(loop)
    >>> excerpt(loop, notation="json")
    '[[...]]'
    >>> excerpt("\\ud800", notation="json"), excerpt("x" * 100, limit=10, notation="json")
    ('"\\\\ud800"', '"xxxxxx...')
    """
    if notation == "json":
        return _json_excerpt(value, max(limit, _MIN_JSON_LIMIT))
    limit = max(limit, _MIN_LIMIT)
    try:
        text = _excerpter(limit).repr(value)
    except Exception:
        text = f"<{_type_name(value)} object>"
    if len(text) > limit:
        text = text[: limit - 3] + "..."
    return text


# --- excerpts in JSON notation ---------------------------------------------------

_MIN_JSON_LIMIT: Final = 4
_LONG_INTEGER: Final = 10**40
_CLOSE: Final = {"[": "]", "{": "}"}


def _json_scalar(value: object, limit: int) -> str | None:
    """``value`` in JSON notation (or a short Python one), or ``None`` for a container."""
    if value is None or type(value) is bool:
        return json.dumps(value)
    if isinstance(value, str):
        text = json.dumps(str.__str__(value)[: limit + 1], ensure_ascii=False)
        return text.encode("utf-8", "backslashreplace").decode("utf-8")
    if isinstance(value, int):
        number = int.__int__(value)
        if -_LONG_INTEGER < number < _LONG_INTEGER:
            return int.__repr__(number)
        return f"<an integer of about {math.floor(math.log10(abs(number))) + 1:,} digits>"
    if isinstance(value, list | tuple | Mapping):
        return None
    return _json_other(value, limit)


def _json_other(value: object, limit: int) -> str:
    """A float in JSON notation; a short ``repr`` of a value that is not JSON, or its type."""
    if isinstance(value, float):
        return json.dumps(float.__float__(value))
    if isinstance(value, bytes | bytearray):
        return repr(bytes(value[: limit + 1]))  # the repr of the rest would be cut off anyway
    try:
        text = _REPR.repr(value)
    except Exception:  # any repr may fail; the excerpt must not
        return f"<{type(value).__name__} object>"
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


_REPR: Final = reprlib.Repr()
_REPR.maxlevel = 2
_REPR.maxstring = _REPR.maxother = 60


def _json_excerpt(value: object, limit: int) -> str:
    """:func:`excerpt` in JSON notation, walking containers without recursion."""
    parts: list[str] = []
    size = 0
    # Each frame: the container's id, an iterator over what to write, its closing bracket.
    stack: list[tuple[int, Iterator[tuple[str, object]], str]] = []
    pending: list[object] = [value]
    while size <= limit:
        if pending:
            item = pending.pop()
            text = _json_scalar(item, limit)
            if text is None:
                opening = "{" if isinstance(item, Mapping) else "["
                if any(frame[0] == id(item) for frame in stack):
                    text = f"{opening}...{_CLOSE[opening]}"
                else:
                    stack.append((id(item), _json_entries(item, limit), _CLOSE[opening]))
                    text = opening
            parts.append(text)
            size += len(text)
        elif stack:
            separator, item = next(stack[-1][1], ("", _END))
            if item is _END:
                closing = separator + stack.pop()[2]
                parts.append(closing)
                size += len(closing)
            else:
                parts.append(separator)
                size += len(separator)
                pending.append(item)
        else:
            break
    text = "".join(parts)
    return text if len(text) <= limit else f"{text[: limit - 3]}..."


_END: Final = object()


def _json_entries(container: object, limit: int) -> Iterator[tuple[str, object]]:
    """The separators and items of a list or the keys and values of a mapping, in order."""
    try:
        if isinstance(container, Mapping):
            for number, (key, item) in enumerate(container.items()):
                yield (", " if number else "") + (_json_scalar(key, limit) or "<key>") + ": ", item
        else:
            assert isinstance(container, list | tuple)
            for number, item in enumerate(container):
                yield (", " if number else ""), item
    except Exception:  # a broken container must not break the excerpt
        yield ", <...>", _END


# --- type checks -------------------------------------------------------------------


def _type_name(value: object) -> str:
    name = type(value).__name__
    return name if len(name) <= 40 else name[:37] + "..."


def _article(noun: str) -> str:
    return f"an {noun}" if noun[:1].lower() in "aeiou" else f"a {noun}"


def _given(value: object) -> str:
    if value is None:
        return "None"
    text = excerpt(value)
    if isinstance(value, int) and text.endswith(" digits"):
        return text
    return f"{_type_name(value)} {text}"


def type_error(value: object, name: str, expected: str, hint: str = "") -> InvalidTypeError:
    """The error for ``value`` given as ``name``, which must be an ``expected``.

    ``hint`` names the parse method to point to when ``value`` is text.

    >>> print(type_error(None, "hand", "Hand"))
    hand must be a Hand, not None
    """
    message = f"{name} must be {_article(expected)}, not {_given(value)}"
    if hint and isinstance(value, str):
        message += f"; use {hint}({excerpt(value)})"
    return InvalidTypeError(message, name=name, expected=expected, value=excerpt(value))


def instance(value: object, cls: type[_T], name: str, *, parse_hint: bool = True) -> _T:
    """``value`` itself if it is a ``cls``; otherwise an :class:`InvalidTypeError`.

    With ``parse_hint`` and text given, the message points to ``cls.parse``.

    >>> from doppelkopf import Card
    >>> instance("SA", Card, "card")
    Traceback (most recent call last):
        ...
    doppelkopf.errors.InvalidTypeError: card must be a Card, not str 'SA'; use Card.parse('SA')
    """
    if isinstance(value, cls):
        return value
    hint = f"{cls.__name__}.parse" if parse_hint and hasattr(cls, "parse") else ""
    raise type_error(value, name, cls.__name__, hint)


def flag(value: object, name: str) -> bool:
    """``value`` itself if it is a ``bool``; otherwise an :class:`InvalidTypeError`.

    >>> flag(1, "schweine")
    Traceback (most recent call last):
        ...
    doppelkopf.errors.InvalidTypeError: schweine must be True or False, not int 1
    """
    if type(value) is bool:
        return value
    raise InvalidTypeError(
        f"{name} must be True or False, not {_given(value)}",
        name=name,
        expected="bool",
        value=excerpt(value),
    )


def text(value: object, name: str = "text") -> str:
    """``value`` itself if it is a ``str``; otherwise an :class:`InvalidTypeError`.

    >>> text(b"SA")
    Traceback (most recent call last):
        ...
    doppelkopf.errors.InvalidTypeError: text must be a str, not bytes b'SA'
    """
    if isinstance(value, str):
        return value
    raise type_error(value, name, "str")


def file_name(path: object, noun: str = "path") -> str:
    """``path`` as a plain ``str``: a ``str`` or an ``os.PathLike`` of one, which the
    file system can take (no NUL character, encodable in its encoding of names).

    ``noun`` names the file in the messages (``"plot file"``).

    >>> file_name(b"a")
    Traceback (most recent call last):
        ...
    doppelkopf.errors.InvalidTypeError: path must be a str or os.PathLike, not bytes b'a'
    >>> file_name("a" + chr(0) + "b", "plot file")
    Traceback (most recent call last):
        ...
    doppelkopf.errors.InvalidValueError: plot file ... holds a NUL character, ...
    """
    if not isinstance(path, str | os.PathLike):
        raise type_error(path, "path", "str or os.PathLike")
    try:
        given = os.fspath(path)
    except TypeError as error:
        raise type_error(path, "path", "str or os.PathLike") from error
    if not isinstance(given, str):
        raise type_error(given, "path", "str or os.PathLike of a str")
    if "\0" in given:
        raise InvalidValueError(
            f"{noun} {excerpt(given, notation='json')} holds a NUL character, "
            "which no file name may hold"
        )
    try:
        os.fsencode(given)
    except UnicodeEncodeError as error:
        raise InvalidValueError(
            f"{noun} {excerpt(given, notation='json')} cannot be written in this system's "
            "encoding of file names"
        ) from error
    return str.__str__(given)


def integer(value: object, name: str, low: int, high: int, *, rule: str) -> int:
    """``value`` itself if it is an ``int`` from ``low`` to ``high``.

    A ``bool`` or any other type raises :class:`InvalidTypeError`; an int outside
    the range raises :class:`InvalidValueError` citing ``rule``.

    >>> integer(3, "shift", 0, 2, rule="§7.4")
    Traceback (most recent call last):
        ...
    doppelkopf.errors.InvalidValueError: shift must be 0-2, not 3 (SPEC §7.4)
    """
    if type(value) is not int:
        raise type_error(value, name, "int")
    if not low <= value <= high:
        raise InvalidValueError(f"{name} must be {low}-{high}, not {excerpt(value)}", rule=rule)
    return value


def seat(value: object, name: str = "seat", *, rule: str = "§2.1") -> int:
    """``value`` itself if it is a seat: an ``int`` 0–3, never a ``bool`` (SPEC §0.4, §2.1).

    >>> seat(3), seat(0, "dealer")
    (3, 0)
    >>> seat(4)
    Traceback (most recent call last):
        ...
    doppelkopf.errors.InvalidValueError: seat must be 0-3, not 4 (SPEC §2.1)
    """
    if type(value) is int and 0 <= value <= 3:
        return value
    return integer(value, name, 0, 3, rule=rule)


class LookupEnumType(enum.EnumType):
    """The metaclass of the library's enums: ``Suit(value)`` looks the member up directly.

    A value with no member goes to the enum's ``_missing_``, which for the library's
    enums raises the library's error (any other answer falls back to the standard
    lookup).  The standard lookup formats ``repr(value)`` before it raises,
    which fails for an int of more than 4,300 digits or a value whose ``repr``
    raises; this one never formats the value, and it is about twice as fast.
    """

    def __call__(cls, value: Any, *args: Any, **kwargs: Any) -> Any:
        if args or kwargs:
            return super().__call__(value, *args, **kwargs)
        if type(value) is cls:
            return value
        try:
            return cls._value2member_map_[value]
        except (KeyError, TypeError):
            member = cls._missing_(value)  # type: ignore[attr-defined]
        if isinstance(member, cls):
            return member
        return super().__call__(value)
