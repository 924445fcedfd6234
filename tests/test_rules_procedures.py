"""The options of the table procedures as fields of the rule set (V§0.1, V§0.3, V§0.4)."""

from __future__ import annotations

import argparse
import itertools
from typing import Any

import pytest
from hypothesis import given

from doppelkopf import GameType, InvalidRulesError, Rules
from doppelkopf.cli._common import _rules
from doppelkopf.rules import BOCK_TRIGGERS, THROW_REASONS, USUAL_THROW_REASONS
from doppelkopf.strategies import rules


def test_the_procedure_options_default_to_spec() -> None:
    table = Rules()
    assert (table.armut, table.armut_max_trumps, table.schmeissen) == (False, 3, frozenset())
    assert (table.compulsory_solo, table.players, table.session_length) == (False, 4, None)
    assert (table.bock, table.bock_stacking) == (frozenset(), "consecutive")
    assert table.session_deals == 12  # SPEC §2.5


def test_presets_of_v0_3() -> None:
    assert Rules(compulsory_solo=True, session_length=24) == Rules.TOURNAMENT
    assert Rules(dullen=False, armut=True, skip_levels=False, specials=False) == Rules.XIX
    assert Rules.preset("tournament") is Rules.TOURNAMENT
    assert Rules.preset(" XIX ") is Rules.XIX
    assert (str(Rules.TOURNAMENT), str(Rules.XIX), str(Rules.DDV)) == ("tournament", "xix", "ddv")
    assert Rules.parse("tournament") is Rules.TOURNAMENT
    five = Rules.parse("tournament players=5 session_length=30")
    assert five == Rules(compulsory_solo=True, players=5, session_length=30)
    assert five.session_deals == 30
    assert str(five) == "compulsory_solo=true, players=5, session_length=30"
    assert Rules.parse(str(five)) == five


def test_session_deals_are_three_per_player_unless_set() -> None:
    assert Rules(players=5).session_deals == 15  # V§10
    assert Rules(session_length=7).session_deals == 7
    assert Rules.TOURNAMENT.session_deals == 24  # V§9.6


def test_set_options_take_any_iterable_of_names() -> None:
    for given_reasons in (["nines5", "kings5"], ("kings5", "nines5"), {"nines5", "kings5"}):
        assert Rules(schmeissen=given_reasons).schmeissen == USUAL_THROW_REASONS
    table = Rules(schmeissen=iter(THROW_REASONS), bock=["tie", "tie"])
    assert table.schmeissen == frozenset(THROW_REASONS)
    assert table.bock == frozenset({"tie"})
    assert hash(table) == hash(Rules(schmeissen=THROW_REASONS, bock={"tie"}))


def test_set_options_in_the_text_form() -> None:
    table = Rules(
        schmeissen={"kings5", "nines5"}, bock=set(BOCK_TRIGGERS), bock_stacking="multiply"
    )
    assert str(table) == (
        "schmeissen=kings5+nines5, bock=lost_announcement+lost_solo+tie, bock_stacking=multiply"
    )
    assert Rules.parse(str(table)) == table
    assert Rules.parse("schmeissen=none bock=") == Rules.DDV
    assert Rules.from_options({"session_length": "none"}) == Rules.DDV
    assert table.as_dict()["bock"] == ["lost_announcement", "lost_solo", "tie"]
    assert Rules.from_dict(table.as_dict()) == table


@pytest.mark.parametrize(
    ("options", "named", "section"),
    [
        ({"armut": "yes"}, "armut", "V§0.1"),
        ({"armut_max_trumps": 0}, "armut_max_trumps", "V§6.1"),
        ({"armut_max_trumps": 4}, "armut_max_trumps", "V§6.1"),
        ({"armut_max_trumps": True}, "armut_max_trumps", "V§6.1"),
        ({"armut_max_trumps": 2.0}, "armut_max_trumps", "V§6.1"),
        ({"players": 3}, "players", "V§10"),
        ({"players": 6}, "players", "V§10"),
        ({"session_length": 0}, "session_length", "V§9.6"),
        ({"session_length": "24"}, "session_length", "V§9.6"),
        ({"schmeissen": "nines5"}, "schmeissen", "V§7.1"),
        ({"schmeissen": {"nines6"}}, "schmeissen", "V§7.1"),
        ({"schmeissen": [1]}, "schmeissen", "V§7.1"),
        ({"schmeissen": None}, "schmeissen", "V§7.1"),
        ({"schmeissen": {"nines5": True}}, "schmeissen", "V§7.1"),
        ({"bock": b"tie"}, "bock", "V§11.1"),
        ({"bock": {"win"}}, "bock", "V§11.1"),
        ({"bock": itertools.repeat("tie")}, "bock", "V§11.1"),
        ({"bock_stacking": "add"}, "bock_stacking", "V§11.3"),
        ({"compulsory_solo": 1}, "compulsory_solo", "V§0.1"),
    ],
)
def test_bad_values_name_the_option_and_its_section(
    options: dict[str, Any], named: str, section: str
) -> None:
    with pytest.raises(InvalidRulesError) as caught:
        Rules(**options)
    assert caught.value.options == (named,)
    assert caught.value.rule == section
    assert named in str(caught.value)
    assert len(str(caught.value)) < 200


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"compulsory_solo": True, "solos": False}, ("compulsory_solo", "solos")),
        ({"nines": False, "schmeissen": {"nines5"}}, ("nines", "schmeissen")),
        ({"nines": False, "schmeissen": {"kings5", "nines4_kings4"}}, ("nines", "schmeissen")),
        ({"compulsory_solo": True, "session_length": 3}, ("compulsory_solo", "session_length")),
        (
            {"compulsory_solo": True, "players": 5, "session_length": 4},
            ("compulsory_solo", "session_length"),
        ),
    ],
)
def test_excluded_combinations_of_v0_4(options: dict[str, Any], named: tuple[str, str]) -> None:
    with pytest.raises(InvalidRulesError) as caught:
        Rules(**options)
    assert caught.value.options == named
    assert caught.value.rule == "V§0.4"
    with pytest.raises(InvalidRulesError, match=r"V§0\.4"):
        Rules.from_dict({**Rules.DDV.as_dict(), **options})


def test_allowed_combinations_of_the_procedures() -> None:
    assert Rules(nines=False, schmeissen={"kings5", "full7", "trumps1"}).schmeissen
    assert Rules(compulsory_solo=True, session_length=4).session_deals == 4
    assert Rules(compulsory_solo=True, players=5, session_length=5).players == 5
    assert Rules(solos=False, armut=True, schmeissen=USUAL_THROW_REASONS).armut
    assert Rules(armut=True, armut_max_trumps=1, dullen=False).armut_max_trumps == 1


@given(rules())
def test_every_drawn_rule_set_keeps_to_v0_4(table: Rules) -> None:
    assert not (table.compulsory_solo and not table.solos)
    assert table.nines or not table.schmeissen & {"nines5", "nines4_kings4"}
    assert not table.compulsory_solo or table.session_deals >= table.players
    assert Rules.parse(str(table)) == table


def test_the_poverty_game_type_has_the_normal_order_and_special_points() -> None:
    # V§6.2: a new game type with the normal card order; V§6.6: scored 2 against 2.
    poverty = GameType.POVERTY
    assert not poverty.is_solo
    assert not poverty.is_declarable_solo
    assert poverty.has_special_points
    assert Rules().counts_specials(poverty)
    for table in (Rules(), Rules(dullen=False), Rules(nines=False)):
        assert table.card_order(poverty).trumps == table.card_order(GameType.NORMAL).trumps
    assert Rules(schweinchen=True).card_order(poverty, schweine=True).trumps[0].rank.name == "TEN"


def _command_line(*options: str, preset: str = "ddv") -> Rules:
    return _rules(argparse.Namespace(rules=preset, option=list(options)))


def test_the_command_line_reads_the_procedure_options() -> None:
    assert _command_line("schmeissen").schmeissen == USUAL_THROW_REASONS  # V§7.1
    assert _command_line("schmeissen=full7+trumps1").schmeissen == {"full7", "trumps1"}
    assert _command_line("players=5", preset="tournament").players == 5
    assert _command_line("bock=tie", "bock_stacking=multiply").bock_stacking == "multiply"
    assert _command_line(preset="xix") is Rules.XIX
