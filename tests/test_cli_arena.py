"""The ``arena`` command: bots against bots."""

from __future__ import annotations

import json
import re
import statistics
from collections import Counter
from pathlib import Path

import pytest

from doppelkopf import (
    GameType,
    settle,
)
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


def test_arena_progress_bar(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "arena", "--deals", "5", "--seed", "1", "--progress")
    assert status == 0
    assert err.startswith("\r[" + "-" * 30 + "] 0/5 deals")
    assert err.endswith("\r[" + "#" * 30 + "] 5/5 deals\n")
    assert run(capsys, "arena", "--deals", "5", "--seed", "1", "--no-progress")[2] == ""
    # Over 100 deals the bar is redrawn once a percent, and at the end.
    status, _, err = run(
        capsys,
        "arena",
        "--deals",
        "150",
        "--seed",
        "1",
        "--progress",
        "--players",
        "random,random,random,random",
    )
    assert status == 0
    assert err.count("\r") == 101
    assert err.endswith("] 150/150 deals\n")


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
