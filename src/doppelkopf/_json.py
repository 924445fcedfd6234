"""Reading JSON text that may come from anyone, and quoting bad values briefly.

:func:`parse_json` is :func:`json.loads` with limits: the text is checked for
size and nesting depth before the parser sees it, so the parser never recurses
deeply or allocates without bound, and the value is refused unless it is plain
JSON that survives a round trip — no key twice in one object, no ``NaN`` or
``Infinity``, no number Python cannot hold exactly or safely, no string that
cannot be written as UTF-8.  Every refusal is raised as the caller's error.

:func:`excerpt` quotes a value in a message: at most a few dozen characters,
in JSON notation where the value is JSON, and it never raises.

>>> from doppelkopf._json import excerpt, parse_json
>>> parse_json('{"seat": 2, "cards": ["CQ", "H10"]}', error=ValueError, what="the text")
{'seat': 2, 'cards': ['CQ', 'H10']}
>>> parse_json('{"seat": 2, "seat": 3}', error=ValueError, what="the text")
Traceback (most recent call last):
...
ValueError: the text has the key "seat" twice in one object
>>> excerpt({"players": ["Anna", "Ben", "Cem", "Dora"], "seed": 7})
'{"players": ["Anna", "Ben", "Cem", "D...'
>>> excerpt(10**5000)
'<an integer of about 5,001 digits>'
"""

from __future__ import annotations

import json
import math
import re
import reprlib
from collections.abc import Callable, Iterator, Mapping
from itertools import accumulate
from typing import Final, NoReturn

from .errors import InvalidTypeError

__all__ = ["MAX_BYTES", "MAX_DEPTH", "excerpt", "parse_json"]

MAX_BYTES: Final[int] = 16 * 1024 * 1024
"""The longest text :func:`parse_json` reads: 16 MiB as bytes, or as many characters as a str."""

MAX_DEPTH: Final[int] = 64
"""The deepest nesting of arrays and objects :func:`parse_json` reads (``[[1]]`` is 2 deep)."""

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
                raise _Refused(f"has the key {excerpt(key)} twice in one object")
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
            f"{what} must be str or bytes, not {excerpt(text)}",
            name="text",
            expected="str or bytes",
            value=excerpt(text),
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
                    f"which is not a Unicode character: {excerpt(string)}"
                )
    return value


# --- excerpts ------------------------------------------------------------------

_LONG_INTEGER: Final = 10**40
_CLOSE: Final = {"[": "]", "{": "}"}


def _scalar(value: object, limit: int) -> str | None:
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
    return _other(value, limit)


def _other(value: object, limit: int) -> str:
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


def excerpt(value: object, limit: int = 40) -> str:
    """A short quotation of ``value`` for a message: at most ``limit`` characters, never raising.

    JSON values are written as JSON (``null``, ``true``, ``"text"``), other
    values by their ``repr``.  Only the first ``limit`` characters are ever
    built, so a huge or deeply nested value costs little and a value that holds
    itself is shown with ``...``; an integer too long to show is described by
    its length; lone surrogates are written as escapes, so the excerpt can
    always be printed.

    >>> from doppelkopf._json import excerpt
    >>> excerpt([1, "two", None, True, 2.5])
    '[1, "two", null, true, 2.5]'
    >>> loop = []
    >>> loop.append(loop)
    >>> excerpt(loop)
    '[[...]]'
    >>> excerpt("\\ud800"), excerpt("x" * 100, limit=10)
    ('"\\\\ud800"', '"xxxxxx...')
    """
    limit = max(limit, 4)
    parts: list[str] = []
    size = 0
    # Each frame: the container's id, an iterator over what to write, its closing bracket.
    stack: list[tuple[int, Iterator[tuple[str, object]], str]] = []
    pending: list[object] = [value]
    while size <= limit:
        if pending:
            item = pending.pop()
            text = _scalar(item, limit)
            if text is None:
                opening = "{" if isinstance(item, Mapping) else "["
                if any(frame[0] == id(item) for frame in stack):
                    text = f"{opening}...{_CLOSE[opening]}"
                else:
                    stack.append((id(item), _entries(item, limit), _CLOSE[opening]))
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


def _entries(container: object, limit: int) -> Iterator[tuple[str, object]]:
    """The separators and items of a list or the keys and values of a mapping, in order."""
    try:
        if isinstance(container, Mapping):
            for number, (key, item) in enumerate(container.items()):
                yield (", " if number else "") + (_scalar(key, limit) or "<key>") + ": ", item
        else:
            assert isinstance(container, list | tuple)
            for number, item in enumerate(container):
                yield (", " if number else ""), item
    except Exception:  # a broken container must not break the excerpt
        yield ", <...>", _END
