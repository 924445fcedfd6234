"""Reading JSON text that may come from anyone.

:func:`parse_json` is :func:`json.loads` with limits: the text is checked for
size and nesting depth before the parser sees it, so the parser never recurses
deeply or allocates without bound, and the value is refused unless it is plain
JSON that survives a round trip — no key twice in one object, no ``NaN`` or
``Infinity``, no number Python cannot hold exactly or safely, no string that
cannot be written as UTF-8.  Every refusal is raised as the caller's error.

A value it refuses is quoted with :func:`doppelkopf._checks.excerpt` in JSON
notation: at most a few dozen characters, written as JSON where it is JSON.

>>> from doppelkopf._checks import excerpt
>>> from doppelkopf._json import parse_json
>>> parse_json('{"seat": 2, "cards": ["CQ", "H10"]}', error=ValueError, what="the text")
{'seat': 2, 'cards': ['CQ', 'H10']}
>>> parse_json('{"seat": 2, "seat": 3}', error=ValueError, what="the text")
Traceback (most recent call last):
...
ValueError: the text has the key "seat" twice in one object
>>> excerpt({"players": ["Anna", "Ben", "Cem", "Dora"], "seed": 7}, notation="json")
'{"players": ["Anna", "Ben", "Cem", "D...'
>>> excerpt(10**5000, notation="json")
'<an integer of about 5,001 digits>'
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterator
from itertools import accumulate
from typing import Final, NoReturn

from ._checks import excerpt
from .errors import InvalidTypeError

__all__ = ["MAX_BYTES", "MAX_DEPTH", "parse_json"]

MAX_BYTES: Final[int] = 16 * 1024 * 1024
"""The longest text :func:`parse_json` reads: 16 MiB as bytes, or as many characters as a str."""

MAX_DEPTH: Final[int] = 64
"""The deepest nesting of arrays and objects :func:`parse_json` reads (``[[1]]`` is 2 deep)."""

_JSON: Final = "json"
"""The notation in which a refused value is quoted (see :func:`doppelkopf._checks.excerpt`)."""

_MAX_DIGITS: Final = 20
"""The most digits of an integer that is read: every 64-bit integer has at most 20."""

_NOT_BRACKETS_OR_QUOTES: Final = bytes(range(256)).translate(None, b'[]{}"')
_STEPS: Final = [1 if byte in b"[{" else -1 if byte in b"]}" else 0 for byte in range(128)]
_DIGITS_ALIKE: Final = bytes.maketrans(b"123456789", b"000000000")
_SURROGATE: Final = re.compile("[\ud800-\udfff]")
_SURROGATE_ESCAPE: Final = re.compile(rb"\\u[dD][89a-fA-F]")


class _Refused(Exception):
    """A value the parser's hooks refuse; :func:`parse_json` turns it into the caller's error."""


def _pairs(pairs: list[tuple[str, object]]) -> dict[str, object]:
    result = dict(pairs)
    if len(result) < len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:  # pragma: no branch - a key is found twice
            if key in seen:
                raise _Refused(f"has the key {excerpt(key, notation=_JSON)} twice in one object")
            seen.add(key)
    return result


def _integer(text: str) -> int:
    digits = len(text) - text.startswith("-")
    if digits > _MAX_DIGITS:
        raise _Refused(
            f"holds an integer of {digits:,} digits; integers of at most {_MAX_DIGITS} are read"
        )
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        shown = text if len(text) <= 40 else f"{text[:37]}..."
        raise _Refused(f"holds the number {shown}, which is too large for a float")
    return value


def _constant(name: str) -> NoReturn:
    raise _Refused(f"holds {name}, which is not a JSON number")


def _depth(data: bytes) -> int:
    """The deepest nesting of brackets outside strings in UTF-8 ``data``, by a linear scan.

    Within a string a backslash always begins an escape of two characters, so
    removing the escaped backslashes and then the escaped quotes leaves exactly
    the quotes that begin and end strings (a string left open runs to the
    end).  Where the text stops being JSON the count may differ from what a
    parser would see, but only past the point where the parser stops.  In
    UTF-8 no byte of a character beyond ASCII is a bracket or a quote.
    """
    unescaped = data.replace(b"\\\\", b"").replace(b'\\"', b"")
    marks = unescaped.translate(None, _NOT_BRACKETS_OR_QUOTES)
    brackets = b"".join(marks.split(b'"')[::2])
    return max(accumulate(map(_STEPS.__getitem__, brackets)), default=0)


def _strings(value: object) -> Iterator[str]:
    """Every string in a parsed JSON value, keys included, without recursion."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            yield from item
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def _text_and_data(
    text: str | bytes, error: Callable[[str], Exception], what: str
) -> tuple[str, bytes, bool]:
    """``text`` as a str and in UTF-8, and whether the str holds lone surrogates."""
    if isinstance(text, bytes | bytearray):
        if len(text) > MAX_BYTES:
            raise error(
                f"{what} is {len(text):,} bytes long; at most {MAX_BYTES:,} (16 MiB) are read"
            )
        data = bytes(text)
        try:
            return data.decode("utf-8-sig"), data, False
        except UnicodeDecodeError as problem:
            raise error(
                f"{what} is not UTF-8 text: byte {problem.object[problem.start]:#04x} "
                f"at position {problem.start:,} ({problem.reason})"
            ) from None
    if not isinstance(text, str):
        raise InvalidTypeError(
            f"{what} must be str or bytes, not {excerpt(text, notation=_JSON)}",
            name="text",
            expected="str or bytes",
            value=excerpt(text, notation=_JSON),
        )
    if len(text) > MAX_BYTES:
        raise error(f"{what} is {len(text):,} characters long; at most {MAX_BYTES:,} are read")
    try:
        return text, text.encode("utf-8"), False
    except UnicodeEncodeError:
        return text, text.encode("utf-8", "surrogatepass"), True


def parse_json(text: str | bytes, *, error: Callable[[str], Exception], what: str) -> object:
    """The JSON value of ``text``, refused with ``error(message)`` unless it is safe and plain.

    ``text`` is a str, or bytes in UTF-8 (a leading byte order mark is
    skipped).  The message begins with ``what`` (``"the record"``) and says
    what is wrong.  Refused are:

    - text longer than :data:`MAX_BYTES` (bytes, or characters of a str),
      checked before anything else is done with it;
    - bytes that are not UTF-8, and text that is not JSON;
    - arrays and objects nested deeper than :data:`MAX_DEPTH`, found by a
      scan of the brackets outside strings before the text is parsed;
    - a key that appears twice in one object (which would hide a value);
    - an integer of more than 20 digits (every 64-bit integer fits), a number
      too large for a float, and ``NaN``, ``Infinity`` and ``-Infinity``;
    - a string, key or value, that holds a lone surrogate (``"\\ud800"``),
      which is not a Unicode character and cannot be written as UTF-8.

    >>> from doppelkopf._json import MAX_DEPTH, parse_json
    >>> parse_json(b'[1, 2.5, "\\xc3\\xa4", null]', error=ValueError, what="the list")
    [1, 2.5, 'ä', None]
    >>> parse_json("[" * (MAX_DEPTH + 1), error=ValueError, what="the list")
    Traceback (most recent call last):
    ...
    ValueError: the list nests arrays and objects more than 64 deep
    >>> parse_json("[NaN]", error=ValueError, what="the list")
    Traceback (most recent call last):
    ...
    ValueError: the list holds NaN, which is not a JSON number

    Raises:
        Exception: ``error(message)`` for any of the above.
        InvalidTypeError: ``text`` is neither str nor bytes (a ``TypeError``).
    """
    text, data, raw_surrogates = _text_and_data(text, error, what)
    if _depth(data) > MAX_DEPTH:
        raise error(f"{what} nests arrays and objects more than {MAX_DEPTH} deep")
    # Without a run of 21 digits no integer can be too long, and int is faster.
    long_digits = b"0" * (_MAX_DIGITS + 1) in data.translate(_DIGITS_ALIKE)
    try:
        value: object = json.loads(
            text,
            object_pairs_hook=_pairs,
            parse_int=_integer if long_digits else None,
            parse_float=_float,
            parse_constant=_constant,
        )
    except _Refused as refusal:
        raise error(f"{what} {refusal}") from None
    except json.JSONDecodeError as problem:
        raise error(f"{what} is not JSON: {problem}") from None
    if raw_surrogates or (b"\\u" in data and _SURROGATE_ESCAPE.search(data)):
        for string in _strings(value):
            found = _SURROGATE.search(string)
            if found:
                raise error(
                    f"{what} holds a string with a lone surrogate (U+{ord(found.group()):04X}), "
                    f"which is not a Unicode character: {excerpt(string, notation=_JSON)}"
                )
    return value
