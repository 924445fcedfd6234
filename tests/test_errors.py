"""The exception hierarchy and the private argument checks shared by every module."""

from __future__ import annotations

import enum
import sys
from typing import Final, NoReturn

import pytest
from hypothesis import given
from hypothesis import strategies as st

import doppelkopf
from doppelkopf import (
    Announcement,
    Card,
    DoppelkopfError,
    GameType,
    Hand,
    InvalidValueError,
    Party,
    Suit,
    _checks,
)
from doppelkopf._checks import excerpt
from doppelkopf.errors import InvalidTypeError
from doppelkopf.parties import as_level

SLACK: Final = 3
"""How far past its limit an excerpt may run (it never does today; the bound is the promise)."""


def test_invalid_type_error_is_a_doppelkopf_error_and_a_type_error() -> None:
    error = InvalidTypeError("card must be a Card", name="card", expected="Card", value="'SA'")
    assert isinstance(error, DoppelkopfError)
    assert isinstance(error, TypeError)
    assert not isinstance(error, ValueError)
    assert (error.name, error.expected, error.value) == ("card", "Card", "'SA'")
    assert str(error) == "card must be a Card"
    assert "InvalidTypeError" in doppelkopf.errors.__all__


def test_invalid_value_error_rule_is_optional() -> None:
    assert str(InvalidValueError("seat must be 0-3")) == "seat must be 0-3"
    assert InvalidValueError("x").rule == ""
    error = InvalidValueError("seat must be 0-3, not 4", rule="§2.1")
    assert str(error) == "seat must be 0-3, not 4 (SPEC §2.1)"
    assert error.rule == "§2.1"


# --- excerpt --------------------------------------------------------------------


class _BadRepr:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


class _HugeRepr:
    def __repr__(self) -> str:
        return "y" * 1_000_000


class _NotStrRepr:
    def __repr__(self) -> str:
        return 5  # type: ignore[return-value]


class _RaisingLen(list[int]):
    def __len__(self) -> NoReturn:
        raise RuntimeError("no len")


def _recursive_list() -> list[object]:
    items: list[object] = []
    items.append(items)
    return items


def _recursive_dict() -> dict[int, object]:
    mapping: dict[int, object] = {}
    mapping[1] = mapping
    return mapping


def _deep_list(depth: int) -> list[object]:
    items: list[object] = []
    for _ in range(depth):
        items = [items]
    return items


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("SA", "'SA'"),
        (None, "None"),
        (True, "True"),
        (-1, "-1"),
        (1.5, "1.5"),
        (1 + 0j, "(1+0j)"),
        (b"SA", "b'SA'"),
        (bytearray(b"SA"), "bytearray(b'SA')"),
        ([], "[]"),
        ([[[[[]]]]], "[[[[...]]]]"),
        (Card.parse("SA"), "Card.parse('♠A')"),
        (10**5000, "an int of 5001 digits"),
        (10**5000 - 1, "an int of 5000 digits"),
        (-(10**200), "a negative int of 201 digits"),
        (2**100, str(2**100)),
        ("\ud800", "'\\ud800'"),
    ],
    ids=excerpt,
)
def test_excerpt_examples(value: object, expected: str) -> None:
    assert excerpt(value) == expected


def test_excerpt_of_a_huge_int_beyond_exact_counting() -> None:
    assert excerpt(10**40_000) == "an int of about 40000 digits"


@pytest.mark.parametrize(
    "value",
    [
        "x" * 100_000,
        b"x" * 100_000,
        bytearray(100_000),
        list(range(100_000)),
        dict.fromkeys(range(100), "v" * 100),
        _recursive_list(),
        _recursive_dict(),
        _deep_list(100_000),
        _BadRepr(),
        _HugeRepr(),
        _NotStrRepr(),
        _RaisingLen([1]),
        "\ud800" * 1000,
    ],
    ids=lambda value: type(value).__name__,
)
def test_excerpt_of_awkward_values_is_short(value: object) -> None:
    text = excerpt(value)
    assert 0 < len(text) <= 40
    assert text.isprintable()


def test_excerpt_names_the_type_when_repr_fails() -> None:
    assert excerpt(_BadRepr()).startswith("<_BadRepr ")
    assert excerpt(_NotStrRepr()).startswith("<_NotStrRepr ")


def test_excerpt_limit() -> None:
    assert excerpt("x" * 100, limit=10) == "'xx...xxx'"
    assert len(excerpt("x" * 100, limit=10)) == 10
    assert len(excerpt("x" * 100, limit=0)) == 8
    assert excerpt("xy", limit=0) == "'xy'"


def _containers(children: st.SearchStrategy[object]) -> st.SearchStrategy[object]:
    return (
        st.lists(children)
        | st.tuples(children, children)
        | st.dictionaries(st.text(max_size=3), children)
    )


_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(1 << 20_000), max_value=1 << 20_000)
    | st.floats()
    | st.complex_numbers()
    | st.text()
    | st.binary()
    | st.characters(codec=None, categories=["Cs"])
    | st.sampled_from([Card.parse("CQ"), Hand.parse("CQ SA"), GameType.NORMAL, Party.RE]),
    _containers,
    max_leaves=20,
)


@given(_VALUES, st.integers(min_value=-5, max_value=200))
def test_excerpt_never_raises_and_stays_short(value: object, limit: int) -> None:
    text = excerpt(value, limit)
    assert isinstance(text, str)
    assert len(text) <= max(limit, 8) + SLACK


@given(st.integers(min_value=1, max_value=10 ** (sys.get_int_max_str_digits() - 1)))
def test_digit_count_is_exact(number: int) -> None:
    digits = len(str(number))
    if number.bit_length() > 120:
        assert excerpt(number) == f"an int of {digits} digits"
        assert excerpt(-number) == f"a negative int of {digits} digits"
    else:
        assert excerpt(number) == str(number)


# --- seat, integer, level, instance, text ----------------------------------------


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_seat_accepts_0_to_3(seat: int) -> None:
    assert _checks.seat(seat) is seat


@pytest.mark.parametrize("value", [True, False, 1.0, "1", None, 1 + 0j, Suit.SPADES, b"\x01"])
def test_seat_rejects_other_types(value: object) -> None:
    with pytest.raises(InvalidTypeError, match=r"^dealer must be an int, not ") as info:
        _checks.seat(value, "dealer")
    assert (info.value.name, info.value.expected) == ("dealer", "int")
    assert info.value.value == excerpt(value)


@pytest.mark.parametrize("value", [-1, 4, 99, 10**5000, -(10**5000)], ids=excerpt)
def test_seat_rejects_out_of_range(value: int) -> None:
    with pytest.raises(
        InvalidValueError, match=r"^seat must be 0-3, not .* \(SPEC §0\.4\)$"
    ) as info:
        _checks.seat(value, rule="§0.4")
    assert len(str(info.value)) < 80
    assert info.value.rule == "§0.4"


def test_seat_default_rule() -> None:
    with pytest.raises(InvalidValueError, match=r"\(SPEC §2\.1\)"):
        _checks.seat(4)


def test_integer_bounds_are_inclusive() -> None:
    assert _checks.integer(0, "cut", 0, 2, rule="§2.3") == 0
    assert _checks.integer(2, "cut", 0, 2, rule="§2.3") == 2
    with pytest.raises(InvalidValueError, match="cut must be 0-2, not 3"):
        _checks.integer(3, "cut", 0, 2, rule="§2.3")
    with pytest.raises(InvalidValueError, match="cut must be 0-2, not -1"):
        _checks.integer(-1, "cut", 0, 2, rule="§2.3")


@pytest.mark.parametrize("value", [0, 1, 2, 3, 4, *Announcement])
def test_level_accepts_members_and_ints(value: int) -> None:
    assert as_level(value) is Announcement(value)
    assert type(as_level(value)) is Announcement


@pytest.mark.parametrize("value", [True, False, 1.0, 1 + 0j, "k90", None, Party.RE, [1]])
def test_level_rejects_other_types(value: object) -> None:
    with pytest.raises(InvalidTypeError, match="level must be an Announcement or int 0-4") as info:
        as_level(value)
    assert ("Announcement.parse('k90')" in str(info.value)) == (value == "k90")


@pytest.mark.parametrize("value", [-1, 5, 10**5000], ids=excerpt)
def test_level_rejects_out_of_range(value: int) -> None:
    with pytest.raises(InvalidValueError, match=r"level must be 0-4, not .* \(SPEC §8\.1\)"):
        as_level(value)


def test_instance() -> None:
    card = Card.parse("SA")
    assert _checks.instance(card, Card, "card") is card
    with pytest.raises(InvalidTypeError) as info:
        _checks.instance("SA", Card, "card")
    assert str(info.value) == "card must be a Card, not str 'SA'; use Card.parse('SA')"
    with pytest.raises(InvalidTypeError) as info:
        _checks.instance("SA", Card, "card", parse_hint=False)
    assert str(info.value) == "card must be a Card, not str 'SA'"
    with pytest.raises(InvalidTypeError) as info:
        _checks.instance(None, Announcement, "level")
    assert str(info.value) == "level must be an Announcement, not None"
    with pytest.raises(InvalidTypeError) as info:
        _checks.instance(b"SA", Card, "card")
    assert str(info.value) == "card must be a Card, not bytes b'SA'"
    with pytest.raises(InvalidTypeError, match=r"not str 'xxxxxx.*; use Card.parse") as info:
        _checks.instance("x" * 100_000, Card, "card")
    assert len(str(info.value)) < 150


def test_instance_hint_only_for_types_with_parse() -> None:
    with pytest.raises(InvalidTypeError) as info:
        _checks.instance("♣", Suit, "suit")
    assert str(info.value) == "suit must be a Suit, not str '♣'"


def test_text() -> None:
    assert _checks.text("CQ") == "CQ"
    with pytest.raises(InvalidTypeError, match=r"^notation must be a str, not int 5$"):
        _checks.text(5, "notation")


def test_type_names_are_capped() -> None:
    long_type = type("T" * 500, (), {})
    with pytest.raises(InvalidTypeError) as info:
        _checks.instance(long_type(), Card, "card")
    assert len(str(info.value)) < 150


def test_excerpt_of_a_class_named_like_a_builtin() -> None:
    # reprlib picks its method by the type's name; a class called "int" is no int.
    impostor = type("int", (), {"__repr__": lambda self: "impostor"})()
    assert excerpt(impostor) == "impostor"


class _Plain(enum.Enum, metaclass=_checks.LookupEnumType):
    """An enum with no members, whose functional API makes enums."""


class _Colour(_Plain):
    RED = "red"
    GREEN = "green"


def test_lookup_enum_type() -> None:
    assert _Colour("red") is _Colour.RED
    assert _Colour(_Colour.GREEN) is _Colour.GREEN
    with pytest.raises(ValueError, match="'blue' is not a valid _Colour"):
        _Colour("blue")
    with pytest.raises(ValueError, match=r"\[1\] is not a valid _Colour"):
        _Colour([1])
    # The functional API still creates enums.
    created = _checks.LookupEnumType.__call__(_Plain, "Shade", "LIGHT DARK")
    assert [member.name for member in created] == ["LIGHT", "DARK"]
    assert type(created) is _checks.LookupEnumType


def test_excerpt_when_reprlib_itself_fails() -> None:
    # reprlib takes a class called "list" for a list and asks for its length.
    def no_len(self: object) -> int:
        raise RuntimeError("no len")

    impostor = type("list", (), {"__len__": no_len})()
    assert excerpt(impostor) == "<list object>"


class _Lenient(_Plain):
    """An enum whose ``_missing_`` finds members by any case."""

    ONE = "one"

    @classmethod
    def _missing_(cls, value: object) -> _Lenient | None:
        return cls.ONE if isinstance(value, str) and value.lower() == "one" else None


def test_lookup_enum_type_takes_members_from_missing() -> None:
    assert _Lenient("ONE") is _Lenient.ONE
    with pytest.raises(ValueError, match="'two' is not a valid _Lenient"):
        _Lenient("two")
