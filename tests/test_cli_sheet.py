"""The ``sheet`` command: the score sheet of a session played with real cards (SPEC §2.5)."""

from __future__ import annotations

import io
import json
import sys

import pytest

from doppelkopf import DealSummary, GameType, PartyResult, Rules, Session, settle
from doppelkopf.cli.sheet import keep_sheet, read_result
from test_cli import Typist, run, run_process

X01 = DealSummary(GameType.NORMAL, {0, 2}, PartyResult(151, 7), PartyResult(89, 5))
SOLO_JSON = {"re_seats": [3], "game_type": "SOLO_Q", "re": {"card_points": 200}}
LINES = ["--re 0,2 --re-points 151", json.dumps(SOLO_JSON)] * 6


def sheet(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], text: str, *argv: str
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    return run(capsys, "sheet", *argv)


def expected_session(first_dealer: int) -> Session:
    session = Session.new(first_dealer)
    for line in LINES:
        session = session.add_result(read_result(line)[0])
    return session


def test_a_whole_session_from_standard_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text = "# deals of the evening\n\n" + "\n".join(LINES) + "\n"
    status, out, err = sheet(monkeypatch, capsys, text, "--first-dealer", "2")
    assert (status, err) == (0, "")
    session = expected_session(2)
    assert out.endswith("\n" + session.score_sheet() + "\n")
    assert out.count("Totals after deal") == 12
    assert "Deal 1, dealt by seat 2" in out
    assert "Deal 2, dealt by seat 3" in out
    assert "Queens solo: Re seat 3 against Kontra seats 0, 1, 2" in out
    solo, normal = settle(read_result(LINES[1])[0]).scores, settle(X01).scores
    assert session.totals == tuple(6 * (solo[s] + normal[s]) for s in range(4))
    assert out.splitlines()[-1] == "Winner: seat 3"
    assert "  Totals after deal 1: seat 0 +2, seat 1 -2, seat 2 +2, seat 3 -2" in out


def test_input_that_ends_early_shows_the_sheet_so_far_and_exits_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = sheet(monkeypatch, capsys, "\n".join(LINES[:3]))
    assert (status, err) == (1, "")
    assert out.splitlines()[-1] == "The input ended after 3 of 12 deals."
    assert "Winner: seat" not in out


def test_a_bad_line_from_a_file_exits_2_naming_the_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text = LINES[0] + "\n--re 0,2 --re-points 300\n"
    status, _, err = sheet(monkeypatch, capsys, text)
    assert status == 2
    assert err.startswith("doppelkopf sheet: error: line 2: re.card_points must be 0-240")
    assert len(err.splitlines()) == 1
    for bad, message in [
        ("--re 0,2 --bogus 1", "unrecognized arguments: --bogus 1"),
        ("--re 0,2 --re-points lots", "not a whole number"),
        ("--re 0,2 'open", "cannot read the line"),
        ('{"re_seats": [0,', "the line is not JSON"),
    ]:
        status, _, err = sheet(monkeypatch, capsys, bad + "\n")
        assert status == 2
        assert "line 1: " in err
        assert message in err


def test_at_a_terminal_a_bad_line_is_asked_again() -> None:
    typist = Typist(["--re 0,2", "--re 0,2 --re-points 151", "q"])
    lines: list[str] = []
    session = keep_sheet(Session.new(1), typist, lines.append)
    assert len(session) == 1
    assert session.rows[0].dealer == 1
    assert typist.transcript[0] == "Deal 1 of 12, dealt by seat 1: --re 0,2"
    assert typist.transcript[2] == "Deal 2 of 12, dealt by seat 2: q"
    assert lines[0].startswith(
        "Not a deal's result: the score needs --re-points or --kontra-points"
    )


def test_keep_sheet_stops_at_the_end_of_input() -> None:
    typist = Typist(LINES[:2])
    heard: list[str] = []
    session = keep_sheet(Session.new(0), typist, heard.append)
    assert len(session) == 2
    assert typist.transcript[-1].endswith("<EOF>")


def test_sheet_through_python_dash_m() -> None:
    result = run_process("sheet", stdin="\n".join(LINES) + "\n")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "Winner: seat 3"


def test_a_json_line_with_a_key_twice_is_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    line = '{"re_seats": [0, 2], "re_seats": [1, 3], "re": {"card_points": 151}}'
    status, _, err = sheet(monkeypatch, capsys, line + "\n")
    assert status == 2
    assert err == (
        'doppelkopf sheet: error: line 1: the line has the key "re_seats" twice in one object\n'
    )


def test_v23_v25_a_tournament_sheet_with_compulsory_and_forced_solos(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = ["--rules", "tournament", "--option", "session_length=5", "--option", "armut=true"]
    lines = [
        "--game SOLO_Q --re 0 --re-points 190",  # A's compulsory solo: D deals again
        "void",
        "--re 0,2 --re-points 151",
        "--re 0,2 --re-points 151",  # r = p = 3: forced from here on
    ]
    status, out, err = sheet(
        monkeypatch, capsys, "\n".join(lines) + "\n", "--first-dealer", "3", *rules
    )
    assert status == 2
    assert "Compulsory solo of seat 0; seat 3 deals again (V§9.4)" in out
    assert "Deal 2 is void; seat 3 deals again (V§8)" in out
    assert "Not a deal's result" not in out
    assert "Compulsory solos still owed by: 1, 2, 3" in out
    assert "line 4: result 3: the deal is forced, so deal seat 1 (table seat 1) plays" in err


def test_a_five_player_bock_sheet(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = ["--re 0,2 --re-points 120", "--re 0,2 --re-points 151"]
    status, out, err = sheet(
        monkeypatch, capsys, "\n".join(lines) + "\n", "--first-dealer", "4",
        "--option", "players=5", "--option", "bock=tie",
    )  # fmt: skip
    assert (status, err) == (1, "")
    assert "Bock deal: every score x2 (V§11.4)" in out
    assert "  Totals after deal 1: seat 0 -2, seat 1 +2, seat 2 -2, seat 3 +2, seat 4 0" in out
    assert "  Totals after deal 2: seat 0 -2, seat 1 +6, seat 2 -6, seat 3 +6, seat 4 -4" in out
    assert out.splitlines()[-1] == "The input ended after 2 of 15 deals."


def test_a_keep_sheet_prompt_names_the_forced_player() -> None:
    typist = Typist(["q"])
    rules = Rules(compulsory_solo=True, session_length=4)
    keep_sheet(Session.new(0, rules=rules), typist, print)
    assert typist.transcript[0] == "Deal 1 of 4, dealt by seat 0 (forced: seat 1 plays a solo): q"
