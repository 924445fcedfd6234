"""The rule set as a value: its forms, its checks and its derived facts (V§0)."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import attrs
import pytest
from hypothesis import given

from doppelkopf import Card, GameType, InvalidRulesError, InvalidValueError, Rules
from doppelkopf.strategies import rules

OPTIONS = (
    "nines",
    "dullen",
    "second_dulle",
    "schweinchen",
    "solos",
    "skip_levels",
    "specials",
    "karlchen",
    "karlchen_caught",
    "fox_at_end",
    "armut",
    "armut_max_trumps",
    "schmeissen",
    "compulsory_solo",
    "players",
    "session_length",
    "bock",
    "bock_stacking",
)


# --- V§0.1 the value ---------------------------------------------------------------------


def test_defaults_are_spec() -> None:
    assert Rules() == Rules.DDV
    assert Rules.DDV.as_dict() == {
        "nines": True,
        "dullen": True,
        "second_dulle": "never",
        "schweinchen": False,
        "solos": True,
        "skip_levels": True,
        "specials": True,
        "karlchen": True,
        "karlchen_caught": False,
        "fox_at_end": False,
        "armut": False,
        "armut_max_trumps": 3,
        "schmeissen": [],
        "compulsory_solo": False,
        "players": 4,
        "session_length": None,
        "bock": [],
        "bock_stacking": "consecutive",
    }
    assert tuple(Rules.DDV.as_dict()) == OPTIONS
    assert repr(Rules()) == "Rules()"
    assert str(Rules()) == "ddv"
    assert Rules.preset("DDV") is Rules.DDV


def test_is_immutable() -> None:
    table = Rules()
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        table.nines = False  # type: ignore[misc]


def test_text_forms_of_one_value() -> None:
    table = Rules(nines=False, second_dulle="except_last_trick", fox_at_end=True)
    assert repr(table) == "Rules(nines=False, second_dulle='except_last_trick', fox_at_end=True)"
    assert str(table) == "nines=false, second_dulle=except_last_trick, fox_at_end=true"
    assert Rules.parse(str(table)) == table
    assert Rules.parse("ddv nines=no,second_dulle=EXCEPT_LAST_TRICK fox_at_end=1") == table
    assert Rules.parse("") == Rules.DDV
    assert Rules.parse("  ddv  ") == Rules.DDV


def text(value: object) -> str:
    """An option's value as the command line writes it (V§0.1)."""
    if isinstance(value, list):
        return "+".join(value) if value else "none"
    return "none" if value is None else str(value)


@given(rules())
def test_round_trips(table: Rules) -> None:
    assert Rules.parse(str(table)) == table
    assert Rules.from_dict(table.as_dict()) == table
    assert Rules.from_options(table.as_dict()) == table
    assert Rules.from_options({name: text(value) for name, value in table.as_dict().items()}) == (
        table
    )
    assert eval(repr(table), {"Rules": Rules}) == table
    assert pickle.loads(pickle.dumps(table)) == table
    assert copy.deepcopy(table) == table
    same = Rules(**table.as_dict())
    assert same == table
    assert hash(same) == hash(table)
    assert (table == Rules.DDV) is (str(table) == "ddv")
    assert {table: 1}[same] == 1


@given(rules(), rules())
def test_equal_exactly_when_every_option_is(first: Rules, second: Rules) -> None:
    assert (first == second) is (first.as_dict() == second.as_dict())
    if first == second:
        assert hash(first) == hash(second)


def test_from_options_changes_a_base() -> None:
    base = Rules(nines=False)
    assert Rules.from_options({"dullen": "off"}, base=base) == Rules(nines=False, dullen=False)
    assert Rules.from_options({}, base=base) == base
    assert Rules.from_options({"dullen": False}) == Rules(dullen=False)


# --- V§0.4 excluded combinations ---------------------------------------------------------


@pytest.mark.parametrize("second", ["always", "except_last_trick"])
def test_no_second_dulle_without_dullen(second: str) -> None:
    with pytest.raises(InvalidRulesError) as caught:
        Rules(dullen=False, second_dulle=second)  # type: ignore[arg-type]
    error = caught.value
    assert error.options == ("dullen", "second_dulle")
    assert error.rule == "V§0.4"
    assert "dullen" in str(error)
    assert "second_dulle" in str(error)
    assert isinstance(error, ValueError)
    with pytest.raises(InvalidRulesError, match=r"dullen.*second_dulle"):
        Rules.parse(f"dullen=false second_dulle={second}")
    with pytest.raises(InvalidRulesError, match=r"dullen.*second_dulle"):
        Rules.from_dict({"dullen": False, "second_dulle": second})
    with pytest.raises(InvalidRulesError, match=r"dullen.*second_dulle"):
        Rules.from_options({"second_dulle": second}, base=Rules(dullen=False))


@pytest.mark.parametrize("option", ["karlchen_caught", "fox_at_end"])
def test_no_extra_special_points_without_special_points(option: str) -> None:
    with pytest.raises(InvalidRulesError) as caught:
        Rules(specials=False, **{option: True})  # type: ignore[arg-type]
    assert caught.value.options == ("specials", option)
    assert caught.value.rule == "V§0.4"
    assert "specials" in str(caught.value)
    assert option in str(caught.value)
    with pytest.raises(InvalidRulesError, match=option):
        Rules.parse(f"specials=false {option}=true")


def test_allowed_combinations_of_v0_4() -> None:
    # Without Dullen the Schweine simply top the trumps, above the ♣Q.
    order = Rules(dullen=False, schweinchen=True).card_order(GameType.NORMAL, schweine=True)
    assert order.trumps[:2] == (Card.parse("♦A"), Card.parse("♣Q"))
    assert Rules(karlchen=False, karlchen_caught=True).karlchen_caught
    assert Rules(specials=False, karlchen=True).karlchen


# --- bad input ----------------------------------------------------------------------------

BAD_VALUES: list[tuple[dict[str, Any], str]] = [
    ({"nines": 1}, "nines"),
    ({"nines": "false"}, "nines"),
    ({"dullen": None}, "dullen"),
    ({"second_dulle": "sometimes"}, "second_dulle"),
    ({"second_dulle": True}, "second_dulle"),
    ({"second_dulle": "Always"}, "second_dulle"),
    ({"schweinchen": 0.0}, "schweinchen"),
    ({"fox_at_end": [True]}, "fox_at_end"),
]


@pytest.mark.parametrize(("options", "name"), BAD_VALUES)
def test_bad_values(options: dict[str, Any], name: str) -> None:
    with pytest.raises(InvalidRulesError, match=name) as caught:
        Rules(**options)
    assert caught.value.options == (name,)
    with pytest.raises(InvalidRulesError, match=name):
        Rules.from_dict(options)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("nines=maybe", "nines"),
        ("nines=", "nines"),
        ("colour=red", "unknown option 'colour'"),
        ("nines", "unknown preset 'nines'"),
        ("xviii", "unknown preset"),
        ("ddv nines", "expected name=value"),
        ("second_dulle=twice", "second_dulle"),
        ("=true", "unknown option ''"),
        ("x" * 1001, "too long"),
    ],
)
def test_parse_rejects(text: str, fragment: str) -> None:
    with pytest.raises(InvalidRulesError, match=fragment):
        Rules.parse(text)


@pytest.mark.parametrize("value", [None, 5, b"ddv", ["nines=false"]])
def test_parse_rejects_what_is_not_text(value: object) -> None:
    with pytest.raises(InvalidRulesError, match="must be a str"):
        Rules.parse(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [None, [("nines", False)], "nines=false", 3])
def test_from_dict_rejects_what_is_not_a_mapping(value: object) -> None:
    with pytest.raises(InvalidRulesError, match="mapping"):
        Rules.from_dict(value)  # type: ignore[arg-type]


def test_unknown_options_are_named() -> None:
    with pytest.raises(InvalidRulesError, match="unknown option 'bettel'") as caught:
        Rules.from_dict({"bettel": True})
    assert caught.value.options == ("bettel",)
    assert "nines" in str(caught.value)
    with pytest.raises(InvalidRulesError, match="unknown option 'Nines'"):
        Rules.from_options({"Nines": "false"})
    with pytest.raises(InvalidRulesError, match="unknown option 7"):
        Rules.from_dict({7: True})  # type: ignore[dict-item]
    with pytest.raises(InvalidRulesError, match="unknown preset"):
        Rules.preset(None)  # type: ignore[arg-type]


def test_error_messages_quote_a_short_excerpt() -> None:
    with pytest.raises(InvalidRulesError) as caught:
        Rules(nines="y" * 500)  # type: ignore[arg-type]
    assert len(str(caught.value)) < 120
    with pytest.raises(InvalidRulesError) as caught:
        Rules(nines=1 << 1000)  # type: ignore[arg-type]
    assert "an int of 302 digits" in str(caught.value)
    assert len(str(caught.value)) < 120


# --- V§0.2 derived facts ---------------------------------------------------------------


@given(rules())
def test_derived_facts(table: Rules) -> None:
    size = 12 if table.nines else 10
    assert table.hand_size == size
    assert table.tricks == size
    assert len(table.deck) == 4 * size
    assert len(table.distinct_cards) == 2 * size
    assert sum(card.points for card in table.deck) == 240
    assert sum(table.packets) == size
    assert table.cuts == range(3, 4 * size - 2)
    assert table.deadlines == tuple(size - 1 - level for level in range(5))
    for level in range(5):
        for shift in range(3):
            assert table.deadline(level, shift) == size - 1 - level - shift
    assert table.counts_specials(GameType.NORMAL) is table.specials
    assert not table.counts_specials(GameType.QUEENS_SOLO)


@pytest.mark.parametrize(
    ("level", "shift"), [(5, 0), (-1, 0), (True, 0), ("RE", 0), (0, 3), (0, -1), (0, True)]
)
def test_deadline_rejects(level: Any, shift: Any) -> None:
    with pytest.raises(InvalidValueError):
        Rules.DDV.deadline(level, shift)


def test_card_orders_name_their_options() -> None:
    assert repr(Rules().card_order(GameType.NORMAL)) == "<CardOrder NORMAL>"
    short = Rules(nines=False, dullen=False).card_order(GameType.HEARTS_SOLO)
    assert repr(short) == "<CardOrder HEARTS_SOLO nines=False dullen=False>"
    pigs = Rules(second_dulle="always", schweinchen=True).card_order(GameType.NORMAL, schweine=True)
    assert repr(pigs) == "<CardOrder NORMAL second_dulle='always' schweine=True>"
