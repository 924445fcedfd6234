"""Reading untrusted JSON within limits (``parse_json``) and quoting bad values in JSON notation.

The excerpts are those of :func:`doppelkopf._checks.excerpt` with ``notation="json"``, the
notation every message about JSON text quotes its values in.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doppelkopf import _checks, _json
from doppelkopf._json import MAX_BYTES, MAX_DEPTH, parse_json


class Refused(Exception):
    """The error the tests ask ``parse_json`` to raise."""


def excerpt(value: object, limit: int = 40) -> str:
    return _checks.excerpt(value, limit, notation="json")


def parse(text: str | bytes) -> object:
    return parse_json(text, error=Refused, what="the text")


def refused(text: str | bytes, message: str) -> str:
    """The message ``parse_json`` refuses ``text`` with, checked against the regex ``message``."""
    with pytest.raises(Refused, match=message) as info:
        parse(text)
    assert info.value.__cause__ is None
    return str(info.value)


def nested(depth: int, inner: str = "1") -> str:
    return "[" * depth + inner + "]" * depth


# --- the limits ------------------------------------------------------------------


def test_the_limits() -> None:
    assert MAX_BYTES == 16 * 1024 * 1024
    assert MAX_DEPTH == 64


def test_plain_json_is_read() -> None:
    assert parse('{"a": [1, -2, 2.5, "x", true, false, null], "b": {}}') == {
        "a": [1, -2, 2.5, "x", True, False, None],
        "b": {},
    }
    assert parse(b'"\xc3\xa4\xe2\x99\xa3"') == "ä♣"
    assert parse(bytearray(b"[1]")) == [1]  # type: ignore[arg-type]
    assert parse(" 7 ") == 7


def test_the_message_names_what_was_read() -> None:
    with pytest.raises(ValueError, match=r"^standard input is not JSON: Expecting value"):
        parse_json("", error=ValueError, what="standard input")


def test_text_longer_than_the_limit_is_refused_before_it_is_parsed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def no_parsing(*args: object, **kwargs: object) -> object:
        raise AssertionError("parsed")  # pragma: no cover - the test fails if it runs

    monkeypatch.setattr(_json, "_depth", no_parsing)
    monkeypatch.setattr(json, "loads", no_parsing)
    text = "[" * (MAX_BYTES + 1)
    refused(text, r"^the text is 16,777,217 characters long; at most 16,777,216 are read$")
    refused(text.encode(), r"^the text is 16,777,217 bytes long; at most 16,777,216 \(16 MiB\)")


def test_text_as_long_as_the_limit_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_json, "MAX_BYTES", 1000)  # the same check, on less text
    assert parse(" " * 999 + "1") == 1
    assert parse(b" " * 999 + b"1") == 1
    refused(" " * 1000 + "1", r"^the text is 1,001 characters long; at most 1,000 are read$")
    refused(b" " * 1000 + b"1", r"^the text is 1,001 bytes long; at most 1,000 \(16 MiB\) are")


def test_bytes_must_be_utf8() -> None:
    refused(b'["\xff"]', r"^the text is not UTF-8 text: byte 0xff at position 2 \(invalid start")
    refused(b"\xed\xa0\x80", r"^the text is not UTF-8 text: byte 0xed at position 0")  # U+D800
    refused("[1]".encode("utf-16"), r"^the text is not UTF-8 text")
    assert parse(b"\xef\xbb\xbf[1]") == [1]  # a byte order mark is skipped


def test_text_that_is_not_json_is_refused() -> None:
    for text in ("", "garbage", "[1,]", "{'a': 1}", '{"a" 1}', "[1] 2", "\ufeff[1]"):
        refused(text, r"^the text is not JSON: ")


def test_other_types_are_a_type_error() -> None:
    for value in (None, 1, ["[]"], memoryview(b"[]")):
        with pytest.raises(TypeError, match=r"^the text must be str or bytes, not "):
            parse(value)  # type: ignore[arg-type]


# --- depth -----------------------------------------------------------------------------


def test_nesting_up_to_the_limit_is_read() -> None:
    value = parse(nested(MAX_DEPTH))
    for _ in range(MAX_DEPTH):
        assert isinstance(value, list)
        (value,) = value
    assert value == 1
    assert parse('{"a": ' * MAX_DEPTH + "null" + "}" * MAX_DEPTH) is not None


@pytest.mark.parametrize(
    "text",
    [
        nested(MAX_DEPTH + 1),
        '{"a": ' * (MAX_DEPTH + 1) + "1" + "}" * (MAX_DEPTH + 1),
        "[" * 100_000,
        "{" * 100_000,
        "[{" * 50_000,
        "[" * (MAX_DEPTH + 1) + "}",
        '["x", ' + nested(MAX_DEPTH) + "]",
    ],
    ids=["one-too-many", "objects", "100k-arrays", "100k-objects", "mixed", "mismatched", "inner"],
)
def test_deeper_nesting_is_refused_before_it_is_parsed(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_parsing(*args: object, **kwargs: object) -> object:
        raise AssertionError("parsed")  # pragma: no cover - the test fails if it runs

    monkeypatch.setattr(json, "loads", no_parsing)
    refused(text, r"^the text nests arrays and objects more than 64 deep$")
    refused(text.encode(), r"^the text nests arrays and objects more than 64 deep$")


def test_brackets_inside_strings_do_not_count() -> None:
    text = '["' + "[{" * 1000 + '", "\\"[[[", "\\\\", {"[[[[": "]]]"}]'
    assert parse(text) == ["[{" * 1000, '"[[[', "\\", {"[[[[": "]]]"}]
    assert _json._depth(text.encode()) == 2


def test_the_depth_scan_is_linear() -> None:
    flat = "[" + ", ".join(['{"a": [1, "x"]}'] * 200_000) + "]"
    start = time.perf_counter()
    assert _json._depth(flat.encode()) == 3
    assert time.perf_counter() - start < 5


# --- values ------------------------------------------------------------------------------


def test_a_key_twice_in_one_object_is_refused() -> None:
    refused('{"a": 1, "a": 1}', r'^the text has the key "a" twice in one object$')
    refused('[{"b": {"x": 1, "y": 2, "x": 3}}]', r'^the text has the key "x" twice')
    assert parse('[{"a": 1}, {"a": 2}]') == [{"a": 1}, {"a": 2}]


def test_integers_of_up_to_twenty_digits_are_read() -> None:
    assert parse("9" * 20) == 10**20 - 1
    assert parse("-" + "9" * 20) == -(10**20) + 1
    assert parse("-0") == 0


@pytest.mark.parametrize("digits", [21, 4_300, 4_301, 5_000, 100_000])
def test_longer_integers_are_refused_before_they_are_converted(digits: int) -> None:
    message = refused(
        f'{{"meta": [{"1" * digits}]}}',
        rf"^the text holds an integer of {digits:,} digits; integers of at most 20 are read$",
    )
    assert len(message) < 100
    refused("-" + "1" * digits, rf"^the text holds an integer of {digits:,} digits")


def test_numbers_too_large_for_a_float_are_refused() -> None:
    refused("1e400", r"^the text holds the number 1e400, which is too large for a float$")
    refused("[-1.5E999]", r"^the text holds the number -1.5E999, which is too large")
    long_float = "1" * 500 + ".5e400"
    message = refused(long_float, r"^the text holds the number 1111")
    assert len(message) < 120
    assert parse("1e308") == 1e308
    assert parse("1e-400") == 0.0
    assert parse("1" * 300 + ".5") == float("1" * 300 + ".5")
    assert parse("0." + "1" * 5000) == float("0." + "1" * 5000)


@pytest.mark.parametrize("name", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_refused(name: str) -> None:
    refused(f'{{"x": [{name}]}}', rf"^the text holds {name}, which is not a JSON number$")


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ('"\\ud800"', "D800"),
        ('"\\uDBFF"', "DBFF"),
        ('"\\udc00"', "DC00"),
        ('"\\udc00\\ud800"', "DC00"),
        ('["ok", {"k": ["\\ud83dx"]}]', "D83D"),
        ('{"\\udfff": 1}', "DFFF"),
        ('"\ud800"', "D800"),
        ('["\udc80abc"]', "DC80"),
    ],
    ids=["high", "high-upper", "low", "reversed", "nested", "key", "raw", "raw-in-array"],
)
def test_lone_surrogates_are_refused(text: str, code: str) -> None:
    message = refused(
        text,
        rf"^the text holds a string with a lone surrogate \(U\+{code}\), which is not a "
        r"Unicode character: ",
    )
    message.encode("utf-8")  # the message itself can be printed


def test_surrogate_pairs_and_escaped_backslashes_are_read() -> None:
    assert parse('"\\ud83d\\ude00"') == "😀"
    assert parse('"\\\\ud800"') == "\\ud800"
    assert parse('"\U0001f600"') == "😀"


def test_a_raw_surrogate_outside_a_string_is_not_json() -> None:
    refused("\udcff", r"^the text is not JSON: ")


# --- properties ------------------------------------------------------------------------------

JSON_LEAVES = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**20) + 1, max_value=10**20 - 1)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text()
)
JSON_VALUES = st.recursive(
    JSON_LEAVES,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(), inner, max_size=5),
    max_leaves=30,
)


@settings(max_examples=60)
@given(value=JSON_VALUES, indent=st.none() | st.integers(0, 2), ascii_only=st.booleans())
def test_any_json_value_within_the_limits_round_trips(
    value: Any, indent: int | None, ascii_only: bool
) -> None:
    text = json.dumps(value, indent=indent, ensure_ascii=ascii_only)
    assert parse(text) == value
    assert parse(text.encode("utf-8")) == value


FRAGMENTS = st.sampled_from(
    [
        "[", "]", "{", "}", '"', "\\", ",", ":", " ", "1", "-", "0", "e", ".", "9" * 21,
        "true", "null", "NaN", "Infinity", '"a"', '"a": ', "\\u", "\\ud800", "\\udc00",
        "\\ud83d\\ude00", "\ud800", "é", "\x00", "1e999",
    ]
)  # fmt: skip
TEXTS = st.one_of(
    st.text(st.characters(codec=None, exclude_categories=())),
    st.lists(FRAGMENTS, max_size=40).map("".join),
    st.binary(),
    st.lists(FRAGMENTS, max_size=40)
    .map("".join)
    .map(lambda text: text.encode("utf-8", "surrogatepass")),
    JSON_VALUES.map(json.dumps),
)


@settings(max_examples=150)
@given(text=TEXTS)
def test_any_text_gives_a_value_or_the_error(text: str | bytes) -> None:
    try:
        value = parse(text)
    except Refused as error:
        message = str(error)
    else:
        message = ""
    if message:
        assert message.startswith("the text ")
        message.encode("utf-8")
        return
    written = json.dumps(value, ensure_ascii=False, allow_nan=False)
    written.encode("utf-8")  # no lone surrogate survived
    assert parse(written) == value


# --- excerpts -------------------------------------------------------------------------------


def test_excerpts_of_json_values_are_json() -> None:
    assert excerpt(None) == "null"
    assert excerpt(True) == "true"
    assert excerpt([1, "two", None, False, 2.5, {}]) == '[1, "two", null, false, 2.5, {}]'
    assert excerpt({"a": [1, {"b": []}]}) == '{"a": [1, {"b": []}]}'
    assert excerpt((1, 2)) == "[1, 2]"
    assert excerpt(float("nan")) == "NaN"
    assert excerpt(-float("inf")) == "-Infinity"
    value = {"seed": 7, "players": ["Anna", "Ben"], "when": "2026-11-30"}
    assert excerpt(value, limit=1000) == json.dumps(value)


def test_excerpts_are_at_most_the_limit() -> None:
    value = {"players": ["Anna", "Ben", "Cem", "Dora"], "seed": 7}
    assert excerpt(value) == '{"players": ["Anna", "Ben", "Cem", "D...'
    assert len(excerpt(value)) == 40
    assert excerpt(value, limit=12) == '{"players...'
    assert excerpt("x" * 10**6, limit=10) == '"xxxxxx...'
    assert excerpt("ab", limit=0) == '"ab"'  # the shortest limit is 4
    assert excerpt("abcdef", limit=1) == '"...'


def test_excerpts_of_huge_integers_describe_them() -> None:
    assert excerpt(10**39) == str(10**39)
    assert excerpt(-(10**38)) == str(-(10**38))
    assert excerpt(10**40) == "<an integer of about 41 digits>"
    assert excerpt(-(10**5000)) == "<an integer of about 5,001 digits>"
    assert excerpt([10**100_000]) == "[<an integer of about 100,001 digits>]"


def test_excerpts_of_containers_that_hold_themselves() -> None:
    loop: list[Any] = [1]
    loop.append(loop)
    assert excerpt(loop) == "[1, [...]]"
    table: dict[str, Any] = {}
    table["self"] = table
    assert excerpt(table) == '{"self": {...}}'


def test_excerpts_of_deep_and_long_values_are_cheap() -> None:
    deep: list[Any] = []
    inner = deep
    for _ in range(100_000):
        inner.append([])
        inner = inner[0]
    assert excerpt(deep) == "[" * 37 + "..."
    start = time.perf_counter()
    assert excerpt(list(range(10**6))).startswith("[0, 1, 2")
    assert time.perf_counter() - start < 0.5


def test_excerpts_escape_lone_surrogates() -> None:
    assert excerpt("\ud800") == '"\\ud800"'
    assert excerpt({"\udc00": 1}) == '{"\\udc00": 1}'
    assert excerpt({"\ud800"}) == "{'\\ud800'}"


class _BrokenRepr:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


class _BrokenMapping(Mapping[str, int]):
    def __getitem__(self, key: str) -> int:
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        yield "a"
        raise RuntimeError("broken")

    def __len__(self) -> int:
        return 2


class _Text(str):
    def __str__(self) -> str:
        raise RuntimeError("no str")


def test_excerpts_of_other_values_never_raise() -> None:
    assert excerpt({3}) == "{3}"
    assert re.fullmatch(r"<_BrokenRepr instance at 0x[0-9a-f]+>", excerpt(_BrokenRepr()))
    assert excerpt([_BrokenRepr()]).startswith("[<_BrokenRepr instance at 0x")
    assert excerpt(_BrokenMapping()) == "{, <...>}"
    assert excerpt(_Text("x")) == '"x"'
    assert excerpt({(1, 2): 3, 4: 5}) == "{<key>: 3, 4: 5}"
    assert excerpt(b"\xff" * 100) == "b'" + "\\xff" * 8 + "\\xf..."
    assert excerpt(bytearray(10**7)) == "b'" + "\\x00" * 8 + "\\x0..."
    assert excerpt(frozenset(range(10**6))).startswith("frozenset({0, 1, 2, 3, 4, 5, ...})")
    assert excerpt({10**5000}) == "<set object>"


@settings(max_examples=60)
@given(
    value=st.recursive(
        JSON_LEAVES | st.text(st.characters(codec=None, exclude_categories=())),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
        max_leaves=20,
    ),
    limit=st.integers(0, 100),
)
def test_an_excerpt_is_a_short_printable_prefix(value: Any, limit: int) -> None:
    text = excerpt(value, limit)
    assert len(text) <= max(limit, 4)
    text.encode("utf-8")
    try:
        full = json.dumps(value, ensure_ascii=False)
    except ValueError:  # an integer too long to write
        return
    full = full.encode("utf-8", "backslashreplace").decode("utf-8")
    if len(full) <= max(limit, 4):
        assert text == full
    else:
        assert text.endswith("...")
        assert full.startswith(text[:-3])
