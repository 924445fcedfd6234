"""More of the ``sheet``, ``serve`` and ``analyze`` commands, run in this process."""

from __future__ import annotations

import argparse
import io
import sqlite3
import sys
from pathlib import Path
from typing import Any

import pytest

from doppelkopf import Rules, Session, records
from doppelkopf.cli import analyze as analyze_command
from doppelkopf.cli import serve as serve_command
from doppelkopf.cli._common import _CommandFailure
from doppelkopf.cli.sheet import keep_sheet, read_result
from doppelkopf.records import replay_file
from test_cli import Typist, run

# --- sheet ------------------------------------------------------------------------


def sheet(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], text: str, *argv: str
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    return run(capsys, "sheet", *argv)


def test_a_first_dealer_past_the_table_is_a_usage_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = sheet(monkeypatch, capsys, "", "--first-dealer", "5")
    assert (status, out) == (2, "")
    assert "a seat is 0-3, or 0-4 at five players, not 5" in err


def test_v95_a_forced_solo_is_noted_as_forced() -> None:
    heard: list[str] = []
    rules = Rules(compulsory_solo=True, session_length=4)
    session = keep_sheet(
        Session.new(0, rules=rules),
        Typist(["--game SOLO_Q --re 1 --re-points 190", "q"]),
        heard.append,
    )
    assert len(session) == 1
    assert "  Forced solo of seat 1 (V§9.5)" in heard


def test_v9_a_second_solo_of_a_seat_is_a_voluntary_solo() -> None:
    heard: list[str] = []
    rules = Rules(compulsory_solo=True)
    solo = "--game SOLO_Q --re 0 --re-points 190"
    session = keep_sheet(Session.new(3, rules=rules), Typist([solo, solo, "q"]), heard.append)
    assert len(session) == 2
    assert "  Compulsory solo of seat 0; seat 3 deals again (V§9.4)" in heard
    assert "  Voluntary solo (Lustsolo) of seat 0" in heard


def test_a_kept_file_is_saved_corrected_exported_and_resumed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    kept, exported = tmp_path / "evening.json", tmp_path / "copy.json"
    status, out, err = sheet(
        monkeypatch, capsys, f"re 0,2 151\nexport json {exported}\n",
        "--names", "Anna,Ben,Cem,Dora", "--file", str(kept),
    )  # fmt: skip
    assert (status, err) == (1, "")
    assert f"The sheet is written to {exported} (JSON)." in out
    first = replay_file(kept)
    assert replay_file(exported) == first
    assert first.names == ("Anna", "Ben", "Cem", "Dora")
    assert first.totals == (2, -2, 2, -2)
    status, out, err = sheet(monkeypatch, capsys, "correct 1 re 1,2 121\n", "--file", str(kept))
    assert (status, err) == (1, "")
    assert out.startswith(f"Resuming the score sheet in {kept} after 1 deals:\n")
    assert first.score_sheet() in out
    assert "Deal 1 is corrected; every later deal is recomputed." in out
    assert replay_file(kept).totals == (-1, 1, 1, -1)


def test_a_kept_file_resumed_with_other_names_or_rules_is_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    kept = tmp_path / "evening.json"
    records.save(kept, Session.new(0, names=["A", "B", "C", "D"]))
    before = kept.read_bytes()
    status, out, err = sheet(monkeypatch, capsys, "", "--file", str(kept), "--names", "A,B,C,E")
    assert (status, out) == (2, "")
    assert "--names: the file" in err
    assert "leave --names out to resume it" in err
    status, out, err = sheet(monkeypatch, capsys, "", "--file", str(kept), "--rules", "tournament")
    assert (status, out) == (2, "")
    assert "--rules: the file" in err
    assert "leave the rules out to resume it" in err
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    status, out, err = sheet(monkeypatch, capsys, "", "--file", str(bad))
    assert (status, out) == (2, "")
    assert "--file: cannot resume" in err
    assert kept.read_bytes() == before


def test_bad_names_and_an_unwritable_file_are_usage_errors(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, err = sheet(monkeypatch, capsys, "", "--names", "Anna,Ben,Cem")
    assert (status, out) == (2, "")
    assert "--names: names: one name per table seat, 4, not 3" in err
    missing = tmp_path / "no" / "evening.json"
    status, out, err = sheet(monkeypatch, capsys, "", "--file", str(missing))
    assert (status, out) == (2, "")
    assert "--file: cannot save to" in err
    assert not missing.parent.exists()


def test_read_result_reads_the_short_form() -> None:
    summary, counted = read_result("re 0,2 151")
    assert (sorted(summary.re_seats), summary.re.card_points, counted) == ([0, 2], 151, False)


# --- serve ------------------------------------------------------------------------


def test_serve_refuses_a_delay_that_is_not_a_number(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "serve", "--bot-delay", "soon")
    assert (status, out) == (2, "")
    assert "a delay is 0-10 seconds, not 'soon'" in err
    status, out, err = run(capsys, "serve", "--bot-delay", "11")
    assert (status, out) == (2, "")
    assert "a delay is 0-10 seconds, not '11'" in err


def test_serve_hands_the_app_to_uvicorn(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    uvicorn = pytest.importorskip("uvicorn")
    from doppelkopf.server import MAX_MESSAGE_BYTES

    calls: list[tuple[object, dict[str, Any]]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: calls.append((app, options)))
    db = tmp_path / "tables.db"
    status, out, err = run(
        capsys, "serve", "--db", str(db), "--host", "0.0.0.0", "--port", "8123",
        "--bot-delay", "0.25",
    )  # fmt: skip
    assert (status, out, err) == (0, "", "")
    assert len(calls) == 1
    app, options = calls[0]
    assert callable(app)
    assert options == {
        "host": "0.0.0.0",
        "port": 8123,
        "ws_max_size": MAX_MESSAGE_BYTES,
        "log_level": "warning",
    }


def test_serve_names_a_database_it_cannot_open(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    uvicorn = pytest.importorskip("uvicorn")
    calls: list[object] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: calls.append(app))
    status, out, err = run(capsys, "serve", "--db", str(tmp_path / "no" / "tables.db"))
    assert (status, out) == (1, "")
    # The path is quoted up to 80 characters, however deep pytest's folder is.
    quoted = str(tmp_path / "no" / "tables.db")[:80]
    assert err.startswith(f"doppelkopf serve: error: cannot open {quoted}")
    assert calls == []


def test_serve_run_turns_a_database_error_into_a_failure(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    pytest.importorskip("uvicorn")
    from doppelkopf.server import app as app_module

    def broken(**options: object) -> object:
        raise sqlite3.DatabaseError("file is not a database")

    monkeypatch.setattr(app_module, "create_app", broken)
    args = argparse.Namespace(db="x.db", bot_delay=0.0, host="127.0.0.1", port=1)
    with pytest.raises(_CommandFailure, match=r"cannot open x\.db: file is not a database"):
        serve_command.run(args)


def test_serve_without_the_server_extra_names_what_is_missing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)
    status, out, err = run(capsys, "serve")
    assert (status, out) == (2, "")
    assert "the server needs the server extra (uvicorn is missing)" in err
    assert "pip install 'doppelkopf[server]'" in err


# --- analyze ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--seat", "north"], "a seat is 0, 1, 2 or 3, not"),
        (["--threshold", "lots"], "must be a number, not"),
    ],
)
def test_analyze_refuses_options_that_are_not_numbers(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, arguments: list[str], message: str
) -> None:
    status, out, err = run(capsys, "analyze", str(tmp_path / "deal.json"), *arguments)
    assert (status, out) == (2, "")
    assert message in err


def test_analyze_refuses_a_record_past_the_size_limit(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "big.json"
    path.write_text("{" + " " * 100 + "}", encoding="utf-8")
    monkeypatch.setattr(analyze_command, "MAX_BYTES", 50)
    status, out, err = run(capsys, "analyze", str(path), "--no-report")
    assert (status, out) == (2, "")
    assert "the file is longer than 50 bytes" in err


def test_analyze_deal_numbers_of_deal_and_session_records(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    one = tmp_path / "one.json"
    assert run(capsys, "demo", "--seed", "3", "--deals", "1", "--record", str(one))[0] == 0
    status, out, err = run(capsys, "analyze", str(one), "--seat", "2", "--budget", "2",
                           "--no-report")  # fmt: skip
    assert (status, err) == (0, "")
    loaded = records.load(one)
    assert isinstance(loaded, tuple)
    from doppelkopf.analysis import analyze

    assert out == f"{analyze(loaded[1][0], seat=2, budget=2)}\n"
    deal = tmp_path / "deal.json"
    records.save(deal, loaded[1][0])
    status, out, err = run(capsys, "analyze", str(deal), "--deal", "2", "--no-report")
    assert (status, out) == (2, "")
    assert "is a deal record: --deal can only be 1, not 2" in err
    empty = tmp_path / "empty.json"
    records.save(empty, Session.new(0))
    status, out, err = run(capsys, "analyze", str(empty), "--no-report")
    assert (status, out) == (2, "")
    assert "is a session record without any deal" in err
