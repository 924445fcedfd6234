"""The ``arena`` command: bots against bots."""

from __future__ import annotations

import json
import re
import statistics
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doppelkopf import (
    Deal,
    Declare,
    GameType,
    play_deal,
    settle,
)
from doppelkopf.cli import SoloShyRandomPlayer, arena_table
from doppelkopf.records import load_deal
from test_cli import (
    run,
    run_process,
)

# --- arena ----------------------------------------------------------------------

ROW = re.compile(
    r" {3}(\d)  (\w+) +([+-]\d+\.\d\d)  \[([+-]\d+\.\d\d), ([+-]\d+\.\d\d)\] +"
    r"(\d+\.\d)%  +([+-]\d+)"
)


def test_arena_table_matches_the_deals_it_played(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "arena.json"
    status, out, err = run(
        capsys,
        "arena",
        "--deals",
        "20",
        "--seed",
        "7",
        "--players",
        "heuristic,random,heuristic,random",
        "--record",
        str(path),
    )
    assert (status, err) == (0, "")  # no progress bar: standard error is not a terminal
    records = json.loads(path.read_text(encoding="utf-8"))
    assert len(records) == 20
    deals = [load_deal(record) for record in records]
    assert [record["meta"]["deal"] for record in records] == list(range(1, 21))
    assert [deal.dealer for deal in deals] == [(deals[0].dealer + n) % 4 for n in range(20)]
    settlements = [settle(deal) for deal in deals]

    lines = out.splitlines()
    assert lines[0] == (
        f"20 deals (seed 7), seats fixed, seat {deals[0].dealer} deals first and the deal "
        "passes to the left."
    )
    rows = [ROW.fullmatch(line) for line in lines[2:6]]
    kinds = ["heuristic", "random", "heuristic", "random"]
    for seat, row in enumerate(rows):
        assert row is not None, lines[2 + seat]
        scores = [settlement.scores[seat] for settlement in settlements]
        mean = statistics.fmean(scores)
        half = 1.96 * statistics.stdev(scores) / len(scores) ** 0.5
        won = sum(
            1 for s in settlements if s.winner is not None and s.summary.party_of(seat) is s.winner
        )
        assert (int(row[1]), row[2]) == (seat, kinds[seat])
        assert float(row[3]) == pytest.approx(mean, abs=0.005)
        assert float(row[4]) == pytest.approx(mean - half, abs=0.005)
        assert float(row[5]) == pytest.approx(mean + half, abs=0.005)
        assert float(row[6]) == pytest.approx(100 * won / 20, abs=0.05)
        assert int(row[7]) == sum(scores)

    contracts = Counter(
        "marriage" if deal.game_type is GameType.MARRIAGE else str(deal.game_type) for deal in deals
    )
    table = lines[lines.index("contract          deals  declared by") + 1 : -1]
    shown = {}
    for line in table:
        match = re.fullmatch(r"(.+?) +(\d+)(?:  (.*))?", line)
        assert match is not None, line
        shown[match[1]] = int(match[2])
        declarers = Counter(
            deal.declarer
            for deal in deals
            if deal.declarer is not None
            and ("marriage" if deal.game_type is GameType.MARRIAGE else str(deal.game_type))
            == match[1]
        )
        expected = ", ".join(f"seat {seat} ×{n}" for seat, n in sorted(declarers.items()))
        assert (match[3] or "") == expected
    assert shown == dict(contracts)
    assert lines[-1] == f"Deal records written to {path}."


def test_arena_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "arena", "--deals", "8", "--seed", "3")
    assert first[0] == 0
    assert run(capsys, "arena", "--deals", "8", "--seed", "3") == first
    assert "heuristic" in first[1]
    assert first[1].count("random") == 3


def test_arena_with_one_deal_has_no_interval(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys,
        "arena",
        "--deals",
        "1",
        "--seed",
        "1",
        "--players",
        "heuristic,heuristic,heuristic,heuristic",
    )
    assert status == 0
    assert out.startswith("1 deal (seed 1)")
    assert out.count(" n/a ") == 4


def test_arena_progress_bar_shows_rate_and_time_left(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "arena", "--deals", "5", "--seed", "1", "--progress")
    assert status == 0
    assert re.search(r"5/5 +100% +\d[\d,]* deals/s +ETA +0:00:00", err)
    assert run(capsys, "arena", "--deals", "5", "--seed", "1", "--no-progress")[1:] == (out, "")


def test_arena_without_rich_shows_no_bar_and_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "rich.progress", None)
    status, out, err = run(capsys, "arena", "--deals", "3", "--seed", "1", "--progress")
    assert status == 0
    assert err == (
        "doppelkopf arena: --progress draws its bar with the rich library, which is not "
        'installed; without it there is no bar. Install it with pip install ".[cli]" from a '
        "checkout of the source\n"
    )
    assert out.startswith("3 deals (seed 1)")
    status, out, err = run(capsys, "arena", "--deals", "3", "--seed", "1")
    assert (status, err) == (0, "")  # not asked for, the bar is left out quietly


def test_arena_without_a_seed_prints_the_seed(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "arena", "--deals", "2")
    assert status == 0
    assert re.match(r"2 deals \(seed \d+\)", out)


def test_arena_through_python_dash_m() -> None:
    result = run_process("arena", "--deals", "20", "--seed", "1")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert result.stdout.splitlines()[1].split() == [
        "seat",
        "player",
        "mean",
        "95%",
        "CI",
        "won",
        "total",
    ]


# --- the default line-up, bots of one's own, rotation -------------------------------


def test_the_default_random_bots_declare_few_solos(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "arena", "--deals", "400", "--seed", "5")
    assert status == 0
    table = out.splitlines()[out.splitlines().index("contract          deals  declared by") + 1 :]
    counts = {line[:16].strip(): int(line[16:23]) for line in table}
    solos = sum(n for name, n in counts.items() if "solo" in name)
    assert counts["normal game"] > 250
    assert solos < 60


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 2**32 - 1))
def test_solo_shy_random_player_is_legal_and_rarely_declares(deal_seed: int, seed: int) -> None:
    deal = Deal.shuffled(seed=deal_seed)
    bot = SoloShyRandomPlayer(seed=seed)
    view = deal.view(deal.turn or 0)
    answers = [bot.act(view) for _ in range(200)]
    assert all(answer in view.legal_actions for answer in answers)
    solos = [
        a
        for a in answers
        if isinstance(a, Declare)
        and a.reservation.game_type is not None
        and a.reservation.game_type.is_solo
    ]
    assert len(solos) < 20
    assert "SoloShyRandomPlayer(seed=" in repr(bot)
    played = play_deal(deal, [SoloShyRandomPlayer(seed=seed + n) for n in range(4)])
    assert played.is_finished


BOT_MODULE = """
from doppelkopf import Play


class FirstCard:
    def act(self, view):
        if view.turn != view.seat:
            return None
        return view.legal_actions[0]


class Seeded(FirstCard):
    def __init__(self, seed):
        self.seed = seed


class NotAPlayer:
    pass


class Broken:
    def __init__(self):
        raise RuntimeError("no cards today")


class Cheat(FirstCard):
    def act(self, view):
        action = super().act(view)
        if isinstance(action, Play):
            return Play((view.seat + 1) % 4, action.card)
        return action


class Crashes(FirstCard):
    def act(self, view):
        if view.game_type is not None:
            raise KeyError("oops")
        return super().act(view)

CONSTANT = 3
"""


@pytest.fixture
def bot_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    (tmp_path / "mybots.py").write_text(BOT_MODULE, encoding="utf-8")
    (tmp_path / "badimport.py").write_text("raise ValueError('half written')\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    yield tmp_path
    for name in ("mybots", "badimport"):
        sys.modules.pop(name, None)


def test_arena_plays_a_bot_of_ones_own(bot_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(
        capsys, "arena", "--deals", "4", "--seed", "2", "--player", "mybots:FirstCard"
    )
    assert (status, err) == (0, "")
    assert re.search(r"^   0  mybots:FirstCard +[+-]", out, re.MULTILINE)
    status, out, err = run(
        capsys,
        "arena",
        "--deals",
        "4",
        "--seed",
        "2",
        "--players",
        "mybots:Seeded,heuristic,random,mybots:FirstCard",
    )
    assert (status, err) == (0, "")
    assert str(bot_dir) not in sys.path


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("nosuchmodule:Bot", "cannot import nosuchmodule: ModuleNotFoundError: No module named"),
        ("badimport:Bot", "cannot import badimport: ValueError: half written"),
        ("mybots:Missing", "mybots has no Missing"),
        ("mybots:CONSTANT", "mybots:CONSTANT is not a class"),
        ("mybots:NotAPlayer", "mybots:NotAPlayer is not a Player: it has no act(view) method"),
        ("mybots:Broken", "cannot make a bot of mybots:Broken: Broken() no cards today"),
    ],
)
def test_a_bot_that_cannot_be_used_is_a_one_line_error(
    bot_dir: Path, capsys: pytest.CaptureFixture[str], spec: str, message: str
) -> None:
    status, out, err = run(capsys, "arena", "--deals", "1", "--player", spec)
    assert (status, out) == (2, "")
    assert err.startswith(f"doppelkopf arena: error: {message}")
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("mybots:Cheat", "deal 1: a bot failed: IllegalActionError"),
        ("mybots:Crashes", "KeyError: 'oops'"),
    ],
)
def test_a_bot_that_fails_in_play_exits_1(
    bot_dir: Path, capsys: pytest.CaptureFixture[str], spec: str, message: str
) -> None:
    status, out, err = run(capsys, "arena", "--deals", "2", "--seed", "1", "--player", spec)
    assert (status, out) == (1, "")
    assert message in err
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize("bad", ["mybots", ":Bot", "mybots:"])
def test_a_bot_spec_needs_module_and_class(capsys: pytest.CaptureFixture[str], bad: str) -> None:
    status, _, err = run(capsys, "arena", "--player", bad)
    assert status == 2
    assert "MODULE:CLASS" in err


def test_rotation_puts_every_bot_at_every_seat(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "rotated.json"
    kinds = ["heuristic", "random", "uniform", "random"]
    status, out, err = run(
        capsys,
        "arena",
        "--deals",
        "3",
        "--seed",
        "4",
        "--rotate",
        "--players",
        ",".join(kinds),
        "--record",
        str(path),
    )
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith("3 deals (seed 4), each played four times with the bots moved")
    assert "(12 games)" in lines[0]
    assert lines[1].split()[0] == "bot"
    records = json.loads(path.read_text(encoding="utf-8"))
    deals = [load_deal(record) for record in records]
    assert len(deals) == 12
    for start in range(0, 12, 4):
        group = deals[start : start + 4]
        assert len({deal.dealt for deal in group}) == 1  # the same cards four times
        assert len({deal.dealer for deal in group}) == 1
        line_ups = [records[start + k]["meta"]["players"] for k in range(4)]
        for k, line_up in enumerate(line_ups):
            assert line_up == [kinds[(seat - k) % 4] for seat in range(4)]
    totals = [0, 0, 0, 0]
    for number, deal in enumerate(deals):
        shift = number % 4
        for bot in range(4):
            totals[bot] += settle(deal).scores[(bot + shift) % 4]
    rows = [ROW.fullmatch(line) for line in lines[2:6]]
    assert [int(row[7]) for row in rows if row] == totals
    seating = [[(bot + n % 4) % 4 for bot in range(4)] for n in range(12)]
    assert arena_table(deals, kinds, seating=seating) == lines[1:-1]
