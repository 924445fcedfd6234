"""The ``analyze`` command: the table, the HTML report beside the record, bad records."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from doppelkopf import Deal, HeuristicPlayer, play_deal
from doppelkopf.analysis import analyze, report_html
from doppelkopf.records import dump_deal, load, save
from test_cli import run, run_process


def _deal(seed: int = 9) -> Deal:
    return play_deal(Deal.shuffled(seed=seed), [HeuristicPlayer(seed=s) for s in range(4)])


@pytest.fixture
def record(tmp_path: Path) -> Path:
    path = tmp_path / "deal.json"
    save(path, _deal())
    return path


def test_prints_the_table_and_writes_the_report_beside_the_record(
    capsys: pytest.CaptureFixture[str], record: Path
) -> None:
    status, out, err = run(capsys, "analyze", str(record), "--seat", "0", "--budget", "4")
    assert (status, err) == (0, "")
    analysis = analyze(_deal(), seat=0, budget=4, seed=0)
    report = record.with_name("deal.analysis.html")
    assert out == f"{analysis}\n\nReport written to {report}.\n"
    assert report.read_text(encoding="utf-8") == report_html(
        analysis, title="Analysis of deal.json", deal=_deal()
    )


def test_options_reach_the_analysis(capsys: pytest.CaptureFixture[str], record: Path) -> None:
    target = record.with_name("out.html")
    status, out, _ = run(
        capsys, "analyze", str(record), "--seat", "3", "--seat", "1", "--budget", "3",
        "--seed", "5", "--threshold", "0.5", "--report", str(target),
    )  # fmt: skip
    assert status == 0
    analysis = analyze(_deal(), seat=[1, 3], budget=3, seed=5, threshold=0.5)
    assert out.startswith(str(analysis))
    assert target.is_file()
    assert not record.with_name("deal.analysis.html").exists()


def test_jobs_print_the_same(capsys: pytest.CaptureFixture[str], record: Path) -> None:
    one = run(capsys, "analyze", str(record), "--seat", "2", "--budget", "3", "--no-report")
    two = run(
        capsys, "analyze", str(record), "--seat", "2", "--budget", "3", "--no-report",
        "--jobs", "2",
    )  # fmt: skip
    assert one == two
    assert one[0] == 0
    assert "Report written" not in one[1]
    assert sorted(os.listdir(record.parent)) == ["deal.json"]


def test_a_deal_of_a_session_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    session = tmp_path / "evening.json"
    assert run(capsys, "demo", "--seed", "3", "--deals", "2", "--record", str(session))[0] == 0
    status, _, err = run(capsys, "analyze", str(session), "--budget", "2", "--no-report")
    assert status == 2
    assert "session record of 2 deals: choose one with --deal N" in err
    status, _, err = run(capsys, "analyze", str(session), "--deal", "3", "--no-report")
    assert status == 2
    assert "holds deals 1 to 2, not 3" in err
    status, out, _ = run(capsys, "analyze", str(session), "--deal", "2", "--seat", "1",
                         "--budget", "2")  # fmt: skip
    assert status == 0
    loaded = load(session)
    assert isinstance(loaded, tuple)
    assert out.startswith(str(analyze(loaded[1][1], seat=1, budget=2)))
    assert (tmp_path / "evening.deal-2.analysis.html").is_file()


def test_a_tampered_record_names_the_bad_entry(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = dump_deal(_deal())
    data["events"][4]["card"] = "SA" if data["events"][4]["card"] != "SA" else "CQ"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    status, out, err = run(capsys, "analyze", str(path))
    assert (status, out) == (2, "")
    assert err.startswith("doppelkopf analyze: error: ")
    assert "event 4" in err
    assert not (tmp_path / "bad.analysis.html").exists()


def test_an_unfinished_record_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    deal = Deal.shuffled(seed=2)
    for _ in range(10):
        deal = deal.apply(deal.legal_actions[0])
    path = tmp_path / "half.json"
    save(path, deal)
    status, _, err = run(capsys, "analyze", str(path), "--no-report")
    assert status == 2
    assert "the deal is not finished" in err
    assert "after 6 cards" in err


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--seat", "4"], "a seat is 0, 1, 2 or 3"),
        (["--budget", "1"], "must be from 2 to"),
        (["--jobs", "0"], "must be from 1 to"),
        (["--threshold", "nan"], "must be from 0 to 1000"),
        (["--seed", "x"], "not a whole number"),
        (["--seed", "9" * 100], "seed must be an int of at most 256 bits"),
        (["--report", "a.html", "--no-report"], "not allowed with"),
    ],
)
def test_bad_options(
    capsys: pytest.CaptureFixture[str], record: Path, arguments: list[str], message: str
) -> None:
    status, _, err = run(capsys, "analyze", str(record), "--budget", "2", *arguments)
    assert status == 2
    assert message in err


def test_files_that_cannot_be_read_or_written(
    capsys: pytest.CaptureFixture[str], record: Path, tmp_path: Path
) -> None:
    status, _, err = run(capsys, "analyze", str(tmp_path / "missing.json"))
    assert status == 2
    assert "cannot read" in err
    (tmp_path / "notjson.json").write_text("{", encoding="utf-8")
    status, _, err = run(capsys, "analyze", str(tmp_path / "notjson.json"))
    assert status == 2
    assert "not JSON" in err
    status, _, err = run(capsys, "analyze", str(record), "--report", str(tmp_path))
    assert status == 2
    assert "it is a folder" in err
    status, _, err = run(capsys, "analyze", str(record), "--report", str(tmp_path / "no/x.html"))
    assert status == 2
    assert "does not exist" in err


def test_the_report_replaces_a_file_whole(capsys: pytest.CaptureFixture[str], record: Path) -> None:
    target = record.with_name("deal.analysis.html")
    target.write_text("old", encoding="utf-8")
    assert run(capsys, "analyze", str(record), "--seat", "0", "--budget", "2")[0] == 0
    assert target.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert sorted(os.listdir(record.parent)) == ["deal.analysis.html", "deal.json"]


def test_runs_as_a_program(record: Path) -> None:
    done = run_process("analyze", str(record), "--seat", "0", "--budget", "2", "--no-report")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Analysis of seat 0: 2 worlds per decision, seed 0")


def test_ascii_cards(capsys: pytest.CaptureFixture[str], record: Path) -> None:
    status, out, _ = run(
        capsys, "analyze", str(record), "--seat", "0", "--budget", "2", "--no-report", "--ascii"
    )
    assert status == 0
    assert out.isascii()
    assert (
        out
        == str(analyze(_deal(), seat=0, budget=2)).translate(str.maketrans("♣♠♥♦", "CSHD")) + "\n"
    )
    assert " HA " in out or " CA " in out or " SA " in out or " DA " in out
