"""Plain-text tables: the layout helper and the four tables set with it.

The score sheet (SPEC §2.5, V§8, V§11.4), a settlement's value lines (SPEC §10, §12),
the arena's results and the demo's tricks are laid out by ``doppelkopf._text_table``;
their text is pinned by the doctests and the tests of each, and here by the columns
lining up under their headers whatever the cells hold.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from doppelkopf import Deal, DealSummary, GameType, PartyResult, Rules, settle
from doppelkopf._text_table import Column, lay_out, pad, width
from doppelkopf.cli import arena_table, describe_deal
from doppelkopf.players import HeuristicPlayer, play_deal
from doppelkopf.session import Session


def test_widths_count_the_places_a_terminal_shows() -> None:
    assert width("") == 0
    assert width("seat 0") == 6
    assert width("♣Q ♠10 ♥A ♦9") == 12  # the suit symbols take one place each
    assert width("Schmeißen, Bär, §10.5, ×2") == 25
    assert width("東京") == 4  # wide characters take two
    assert width("e\u0301") == 1  # a combining accent takes none
    assert width("a\u200bb") == 2  # a zero-width space takes none


def test_pad_fills_to_the_places_and_never_cuts() -> None:
    assert pad("♣Q", 4) == "♣Q  "
    assert pad("♣Q", 4, ">") == "  ♣Q"
    assert pad("東京", 5) == "東京 "
    assert pad("overlong", 3) == "overlong"


def test_columns_grow_to_their_widest_cell_or_keep_their_width() -> None:
    columns = [Column("<", gap=""), Column(">", 3, grows=False), Column("<", 2)]
    lines = lay_out(columns, [("a", "1", "x"), ("東京", "12345", "yyy"), ("b", "", "")])
    assert lines == ["a       1  x", "東京  12345  yyy", "b"]


def test_plain_lines_stand_between_the_rows_and_do_not_widen_columns() -> None:
    columns = [Column(">", gap=""), Column("<")]
    lines = lay_out(columns, [("1", "one"), "a line much wider than any column", ("22", "two")])
    assert lines == [" 1  one", "a line much wider than any column", "22  two"]


def test_short_rows_leave_the_last_columns_empty_and_no_line_ends_in_spaces() -> None:
    columns = [Column("<", 4, gap="  "), Column(">", 6), Column("<")]
    assert lay_out(columns, [("x",), ("x", "", ""), ()]) == ["  x", "  x", ""]


_CELLS = st.text(alphabet=st.sampled_from("ab Z東京ä♣\u0301"), max_size=8)


@given(st.lists(st.tuples(_CELLS, _CELLS, _CELLS), min_size=1, max_size=6))
def test_growing_columns_line_up(rows: list[tuple[str, str, str]]) -> None:
    """Every cell of the last column starts at the same place, counted as a terminal shows it."""
    columns = [Column("<", gap=""), Column(">"), Column("<")]
    lines = lay_out(columns, [(first, second, f"|{third}|") for first, second, third in rows])
    starts = {
        width(line[: len(line) - len(third) - 2])
        for line, (_, _, third) in zip(lines, rows, strict=True)
    }
    assert len(starts) == 1


def _end_of(line: str, text: str, start: int) -> int:
    """The places up to the end of the first ``text`` in ``line`` after character ``start``."""
    return width(line[: line.index(text, start) + len(text)])


def test_the_arena_aligns_a_bot_name_by_its_width_in_a_terminal() -> None:
    deals = [
        play_deal(Deal.shuffled(seed=seed), [HeuristicPlayer(seed=s) for s in range(4)])
        for seed in range(3)
    ]
    lines = arena_table(deals, ["東京の", "heuristic", "Bär", "x"])
    mean_end = _end_of(lines[0], "mean", 0)
    for line in lines[1:5]:
        mean = line.split()[2]
        assert _end_of(line, mean, 6) == mean_end, line


def test_the_score_sheet_keeps_its_columns() -> None:
    rules = Rules(bock={"tie"})
    tie = DealSummary(
        GameType.NORMAL, {0, 2}, PartyResult(120, 6), PartyResult(120, 6), rules=rules
    )
    sheet = Session.new(first_dealer=0, rules=rules).add_result(tie).add_result(tie)
    lines = sheet.score_sheet().splitlines()
    assert lines[0] == (
        "deal  dealer  contract                    bock        seat 0      seat 1      seat 2"
        "      seat 3"
    )
    assert lines[2] == "-" * len(lines[0])
    assert lines[4] == (
        "   2       1  normal game                   x2       -4   -6     +4   +6     -4   -6"
        "     +4   +6"
    )
    assert lines[-1] == " " * 14 + "total" + " " * 39 + "-6          +6          -6          +6"


@pytest.mark.parametrize("ascii_only", [False, True])
def test_the_demo_sets_tricks_and_announcements_in_one_table(ascii_only: bool) -> None:
    deal = play_deal(Deal.shuffled(seed=4), [HeuristicPlayer(seed=seat) for seat in range(4)])
    lines = describe_deal(deal, ascii_only=ascii_only)
    header = next(line for line in lines if line.lstrip().startswith("trick"))
    start = lines.index(header)
    tricks = [line for line in lines[start + 1 : start + 14] if line[:7].strip().isdigit()]
    assert len(tricks) == 12
    column = header.index("won by")
    assert all(line[column : column + 4] == "seat" for line in tricks)
    assert all(line[column + 8 : column + 14].strip().isdigit() for line in tricks)


def test_a_settlement_sets_its_value_lines_in_columns() -> None:
    x01 = DealSummary(GameType.NORMAL, {0, 2}, PartyResult(151, 7), PartyResult(89, 5))
    lines = str(settle(x01)).splitlines()
    header = next(line for line in lines if line.startswith("  line"))
    assert header == "  line               Re  Kontra  rule"
    assert lines[-2] == "  value for Re (VR)  +2          §10.5"
