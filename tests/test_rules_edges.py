"""The edges of a rule set's options: int bounds, text numbers, repeated options and names."""

from __future__ import annotations

import argparse
import ast
import doctest
import enum
import importlib
import inspect
import json
import pickle
from types import ModuleType
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import doppelkopf
from doppelkopf import Category, Deal, GameType, InvalidRulesError, Rules, rules
from doppelkopf.cli._common import _rules, _UsageError
from doppelkopf.records import (
    RecordError,
    dumps_deal,
    dumps_session,
    loads_deal,
    loads_session,
    replay_session,
)

# --- the bounds of the int options (V§0.1) ----------------------------------------------

BOUNDS = {"armut_max_trumps": (1, 3), "players": (4, 5), "session_length": (1, 10_000)}
"""Each int option's documented smallest and largest value."""

SECTIONS = {"armut_max_trumps": "V§6.1", "players": "V§10", "session_length": "V§9.6"}


def test_every_int_option_has_a_documented_bound() -> None:
    defaults = Rules.DDV.as_dict()
    ints = {name for name, value in defaults.items() if type(value) is int}
    assert ints | {"session_length"} == set(BOUNDS)
    page = (inspect.getfile(doppelkopf).rsplit("/src/", 1)[0]) + "/docs/house-rules.rst"
    with open(page, encoding="utf-8") as file:
        text = file.read()
    documented = inspect.getdoc(Rules) or ""
    for name, (low, high) in BOUNDS.items():
        said = f"{low} or {high}" if high == low + 1 else f"{low} to {high:,}"
        for source in (text, documented):
            flat = " ".join(source.split())
            start = flat.index(f"``{name}``")
            assert said in flat[start : start + 600], (name, said)


@pytest.mark.parametrize("name", sorted(BOUNDS))
def test_the_bounds_are_accepted_and_one_beyond_refused(name: str) -> None:
    low, high = BOUNDS[name]
    extra: dict[str, object] = {"armut": True} if name == "armut_max_trumps" else {}
    assert getattr(Rules(**{name: low, **extra}), name) == low  # type: ignore[arg-type]
    assert getattr(Rules(**{name: high, **extra}), name) == high  # type: ignore[arg-type]
    for value in (low - 1, high + 1, -(10**30), 10**25, True):
        with pytest.raises(InvalidRulesError) as caught:
            Rules(**{name: value})  # type: ignore[arg-type]
        assert caught.value.options == (name,)
        assert caught.value.rule == SECTIONS[name]
        assert f"{low}-{high}" in str(caught.value)


def test_a_huge_session_length_is_refused_with_a_short_message() -> None:
    # Accepted before, and then repr, str and the record writer raised a plain ValueError.
    with pytest.raises(InvalidRulesError, match="session_length") as caught:
        Rules(session_length=10**5000)
    assert len(str(caught.value)) < 200
    with pytest.raises(InvalidRulesError, match="session_length"):
        Rules.from_dict({"session_length": 10**25})


@given(st.integers() | st.sampled_from([10**25, 10**5000, -(10**5000)]))
@example(10_000)
@example(10**25)
def test_every_session_length_accepted_is_read_back_from_a_record(length: int) -> None:
    try:
        table = Rules(session_length=length)
    except InvalidRulesError:
        assert not 1 <= length <= 10_000
        return
    assert 1 <= length <= 10_000
    assert repr(table) == f"Rules(session_length={length})"
    assert Rules.parse(str(table)) == table
    text = dumps_session(0, [], rules=table)
    assert loads_session(text) == (0, ())
    assert replay_session(json.loads(text)).rules == table


def test_a_deal_at_every_upper_bound_is_read_back_from_its_record() -> None:
    table = Rules(armut=True, armut_max_trumps=3, players=5, session_length=10_000)
    deal = Deal.shuffled(seed=3, rules=table)
    assert loads_deal(dumps_deal(deal)).rules == table


# --- numbers in the text forms --------------------------------------------------------


@pytest.mark.parametrize("text", ["²", "①", "١٢", "５", "+5", "-1", "5.0", "0x5", "1_0", "五"])
@pytest.mark.parametrize("name", sorted(BOUNDS))
def test_a_number_is_written_in_ascii_digits(name: str, text: str) -> None:
    # str.isdigit accepted "²" and "①", which int() refuses: a plain ValueError escaped.
    with pytest.raises(InvalidRulesError, match="digits 0-9") as caught:
        Rules.from_options({name: text})
    assert caught.value.options == (name,)
    with pytest.raises(InvalidRulesError, match=name):
        Rules.parse(f"{name}={text}")


def test_ascii_numbers_with_leading_zeros_and_spaces_are_read() -> None:
    assert Rules.from_options({"players": " 05 "}).players == 5
    assert Rules.from_options({"session_length": "0000000024"}).session_length == 24
    assert Rules.parse("session_length=10000").session_length == 10_000
    with pytest.raises(InvalidRulesError, match="1-10000") as caught:
        Rules.from_options({"session_length": "9" * 5000})
    assert len(str(caught.value)) < 200


@given(st.text(max_size=12))
@example("²")
@example("①")
def test_any_text_for_an_int_option_is_read_or_refused_as_a_rules_error(text: str) -> None:
    for name in BOUNDS:
        stripped = text.strip()
        if (
            stripped.isascii()
            and stripped.isdigit()
            and BOUNDS[name][0] <= int(stripped) <= BOUNDS[name][1]
        ):
            assert getattr(Rules.from_options({name: text}), name) == int(stripped)
        elif stripped.lower() in ("", "none") and name == "session_length":
            assert Rules.from_options({name: text}) == Rules.DDV
        else:
            with pytest.raises(InvalidRulesError) as caught:
                Rules.from_options({name: text})
            assert caught.value.options == (name,)


def test_the_command_line_reports_a_superscript_digit_as_a_usage_error() -> None:
    with pytest.raises(_UsageError, match="players"):
        _rules(argparse.Namespace(rules="ddv", option=["players=²"]))


# --- options given twice, names given twice --------------------------------------------


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("nines=false nines=true", "nines"),
        ("ddv players=5, players=5", "players"),
        ("bock=tie schweinchen=true bock=lost_solo", "bock"),
    ],
)
def test_parse_refuses_an_option_given_twice(text: str, name: str) -> None:
    # The last value was kept silently.
    with pytest.raises(InvalidRulesError, match=f"option '{name}' is given twice") as caught:
        Rules.parse(text)
    assert caught.value.options == (name,)
    assert caught.value.rule == "V§0.1"


@pytest.mark.parametrize(
    ("name", "value", "twice"),
    [
        ("schmeissen", ["kings5", "kings5"], "kings5"),
        ("schmeissen", ("nines5", "kings5", "nines5"), "nines5"),
        ("schmeissen", "kings5+nines5+kings5", "kings5"),
        ("bock", ["tie", "lost_solo", "tie"], "tie"),
        ("bock", iter(["tie", "tie"]), "tie"),
        ("bock", "tie + tie", "tie"),
    ],
)
def test_from_options_refuses_a_set_option_naming_an_element_twice(
    name: str, value: Any, twice: str
) -> None:
    with pytest.raises(InvalidRulesError, match=f"option {name} names '{twice}' twice") as caught:
        Rules.from_options({name: value})
    assert caught.value.options == (name,)
    assert caught.value.rule == {"schmeissen": "V§7.1", "bock": "V§11.1"}[name]


def test_from_dict_and_the_records_refuse_a_set_option_naming_an_element_twice() -> None:
    data = {**Rules.DDV.as_dict(), "schmeissen": ["kings5", "kings5"]}
    with pytest.raises(InvalidRulesError, match="names 'kings5' twice"):
        Rules.from_dict(data)
    record = json.loads(dumps_deal(Deal.shuffled(seed=1)))
    record["rules"]["bock"] = ["tie", "tie"]
    with pytest.raises(RecordError, match="names 'tie' twice"):
        loads_deal(json.dumps(record))


def test_distinct_names_and_the_constructor_are_unchanged() -> None:
    assert Rules.from_options({"schmeissen": ["kings5", "nines5"]}).schmeissen == {
        "kings5",
        "nines5",
    }
    assert Rules.from_options({"bock": iter(["tie"])}).bock == {"tie"}
    assert Rules.from_dict({"bock": {"tie", "lost_solo"}}).bock == {"tie", "lost_solo"}
    with pytest.raises(InvalidRulesError, match="more than 64"):
        Rules.from_options({"bock": iter(str(number) for number in range(100))})
    with pytest.raises(InvalidRulesError, match="unknown name"):
        Rules.from_options({"bock": [1, 1]})


# --- the modules of the rule set: one concern each, imported one way -------------------

LAYERS = ("_rule_options", "_rule_text", "_game_types", "_order", "rules")
"""The modules of the rule set and its card orders; each imports only modules before it."""


def _imported(module: ModuleType) -> set[str]:
    """Every module of the package that ``module`` imports anywhere: at the top, in a
    function or for the type checker alone."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(inspect.getsource(module))):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module is not None:
                found.add(node.module.split(".")[0])
            else:
                found.update(alias.name for alias in node.names)
    return found


@pytest.mark.parametrize("position", range(len(LAYERS)))
def test_the_rules_modules_import_each_other_one_way(position: int) -> None:
    name = LAYERS[position]
    module = importlib.import_module(f"doppelkopf.{name}")
    later = set(LAYERS[position:])
    assert not _imported(module) & later, name


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_the_names_of_the_rules_belong_to_doppelkopf_rules(protocol: int) -> None:
    for name in rules.__all__:
        value = getattr(rules, name)
        assert getattr(doppelkopf, name, value) is value
        if isinstance(value, type):
            assert value.__module__ == "doppelkopf.rules", name
    for value in (*GameType, *Category, Rules.TOURNAMENT, Rules(schmeissen={"kings5"})):
        data = pickle.dumps(value, protocol=protocol)
        assert b"doppelkopf.rules" in data
        assert b"_game_types" not in data
        assert pickle.loads(data) == value
        assert pickle.loads(data) is value or not isinstance(value, enum.Enum)


def test_the_examples_of_every_method_of_the_rules_are_found() -> None:
    # Examples are found by the module of each function: the methods of the game
    # types, written in a private module, belong to doppelkopf.rules like their class.
    found = {test.name for test in doctest.DocTestFinder().find(rules) if test.examples}
    for expected in (
        "Category.of_suit",
        "GameType.parse",
        "GameType.category",
        "GameType.strength",
        "Rules.parse",
        "Rules.from_options",
        "Rules.card_order",
    ):
        assert f"doppelkopf.rules.{expected}" in found, expected


# --- the documentation cites sections, not files that are not shipped ------------------


def test_the_rules_modules_cite_sections_not_unshipped_files() -> None:
    modules = [importlib.import_module(f"doppelkopf.{name}") for name in LAYERS]
    for module in modules:
        source = inspect.getsource(module)
        for name in ("SPEC.md", "VARIANTS.md", "EXAMPLES.md"):
            assert name not in source, (module.__name__, name)


class _RaisingKey:
    """An option name whose comparison raises: the rules never compare it."""

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("no comparison")

    def __hash__(self) -> int:
        return 1


def test_an_option_name_that_is_no_text_is_refused_without_comparing_it() -> None:
    for read in (Rules.from_dict, Rules.from_options):
        with pytest.raises(InvalidRulesError, match=r"^unknown option "):
            read({_RaisingKey(): 1})  # type: ignore[dict-item]
