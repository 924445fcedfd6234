"""The ``sheet`` command: the score sheet of a session played with real cards (SPEC §2.5)."""

from __future__ import annotations

import csv
import io
import json
import sys
from pathlib import Path

import pytest

from doppelkopf import DealSummary, GameType, PartyResult, Rules, Session, records, settle
from doppelkopf.cli.sheet import keep_sheet, read_result
from doppelkopf.records import replay_file
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


# --- keeping score at a table: names, undo, correction, a kept file, exports ----------


def test_a_table_keeps_its_sheet_in_a_file_and_resumes_it(tmp_path: Path) -> None:
    kept = tmp_path / "evening.json"
    first = ["re 0,2 151", "re 1 200 --game SOLO_Q", "undo", "re 1,3 130"]
    result = run_process(
        "sheet", "--names", "Anna,Ben,Cem,Dora", "--file", str(kept), stdin="\n".join(first)
    )
    assert result.returncode == 1, result.stderr
    assert "Totals after deal 1: Anna +2, Ben -2, Cem +2, Dora -2" in result.stdout
    assert "The last deal is undone; deal 2 is dealt by seat 1 (Ben)." in result.stdout
    session = replay_file(kept)
    assert session.names == ("Anna", "Ben", "Cem", "Dora")
    assert [row.contract for row in session.rows] == ["normal game", "normal game"]
    again = run_process("sheet", "--file", str(kept), stdin="correct 1 re 1,2 121\nre 0,3 200\n")
    assert again.returncode == 1, again.stderr
    assert again.stdout.startswith(f"Resuming the score sheet in {kept} after 2 deals:\n")
    assert session.score_sheet() in again.stdout
    assert "Deal 1 is corrected; every later deal is recomputed." in again.stdout
    resumed = replay_file(kept)
    assert len(resumed) == 3
    assert resumed.rows[0].scores == (-1, 1, 1, -1)


def test_a_bad_line_shows_the_sheet_so_far_and_keeps_the_file(tmp_path: Path) -> None:
    kept = tmp_path / "evening.json"
    result = run_process("sheet", "--file", str(kept), stdin="re 0,2 151\nre 0,2 nine\nre 0,2 1\n")
    assert result.returncode == 2
    assert "line 2:" in result.stderr
    assert result.stdout.rstrip().endswith(Session.new(0).add_result(X01).score_sheet())
    assert replay_file(kept) == Session.new(0).add_result(read_result("re 0,2 151")[0])


def test_exports_write_csv_and_a_record_that_reads_back(tmp_path: Path) -> None:
    lines = ["re 0,2 151", f"export csv {tmp_path / 's.csv'}", f"export json {tmp_path / 's.json'}"]
    result = run_process("sheet", "--names", "Anna,Ben,Cem,Dora", stdin="\n".join(lines))
    assert result.returncode == 1, result.stderr
    with (tmp_path / "s.csv").open(encoding="utf-8", newline="") as file:
        table = list(csv.reader(file))
    assert table[1][:5] == ["1", "Anna", "normal game", "0", "1"]
    assert [int(value) for value in table[1][5:]] == [2, 2, -2, -2, 2, 2, -2, -2]
    assert replay_file(tmp_path / "s.json").totals == (2, -2, 2, -2)


def test_an_export_that_fails_stops_with_the_sheet_and_changes_nothing(tmp_path: Path) -> None:
    missing = tmp_path / "no" / "s.csv"
    result = run_process("sheet", stdin=f"re 0,2 151\nexport csv {missing}\n")
    assert result.returncode == 2
    assert "line 2:" in result.stderr
    assert "total" in result.stdout
    assert not missing.parent.exists()


def test_a_failed_save_refuses_the_line_and_leaves_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept = tmp_path / "evening.json"
    records.save(kept, Session.new(0).add_result(X01))
    before = kept.read_bytes()
    calls = []

    def broken(path: object, record: object) -> None:
        calls.append(path)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(records, "save", broken)
    typist = Typist(["re 1,3 151", "q"])
    heard: list[str] = []
    session = keep_sheet(
        replay_file(kept), typist, heard.append, on_change=lambda s: records.save(kept, s)
    )
    assert heard == ["Not taken: No space left on device. Try again."]
    assert len(session) == 1
    assert calls == [kept]
    assert kept.read_bytes() == before


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--names", "Anna,Ben,Cem"], "--names: names: one name per table seat, 4, not 3"),
        (["--names", "Anna,Ben,Cem,Anna"], "names two seats"),
        (["--first-dealer", "3", "--names", "Anna,,Cem,Dora"], "1-40 characters"),
    ],
)
def test_bad_names_are_usage_errors(argv: list[str], message: str) -> None:
    result = run_process("sheet", *argv, stdin="")
    assert result.returncode == 2
    assert message in result.stderr


def test_a_file_that_is_not_a_session_record_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "doppelkopf-record"', encoding="utf-8")
    result = run_process("sheet", "--file", str(bad), stdin="re 0,2 151\n")
    assert result.returncode == 2
    assert "--file: cannot resume" in result.stderr
    assert bad.read_text(encoding="utf-8") == '{"format": "doppelkopf-record"'
    other = tmp_path / "other.json"
    records.save(other, Session.new(0, names=["A", "B", "C", "D"]))
    result = run_process("sheet", "--file", str(other), "--names", "W,X,Y,Z", stdin="")
    assert result.returncode == 2
    assert "other names" in result.stderr
    result = run_process("sheet", "--file", str(other), "--rules", "tournament", stdin="")
    assert result.returncode == 2
    assert "--rules: the file" in result.stderr


def test_a_line_too_long_is_refused_and_named() -> None:
    result = run_process("sheet", stdin="re 0,2 151\n" + "#" * 10 + "x" * 5000 + "\nre 0,2 151\n")
    assert result.returncode == 2
    assert "line 2: the line is longer than 4096 characters" in result.stderr


def test_a_correction_that_makes_a_later_deal_impossible_is_refused() -> None:
    rules = ["--option", "compulsory_solo=true", "--option", "session_length=5"]
    lines = [
        "re 0 190 --game SOLO_Q", "re 1 190 --game SOLO_Q", "re 2 190 --game SOLO_Q",
        "re 0,2 151", "correct 2 re 0,2 151",
    ]  # fmt: skip
    result = run_process("sheet", *rules, stdin="\n".join(lines) + "\n")
    assert result.returncode == 2
    assert "line 5: deal 2 cannot be corrected so: result 4: the deal is forced" in result.stderr


def test_short_lines_read_as_their_long_options() -> None:
    assert read_result("re 0,2 151") == read_result("--re 0,2 --re-points 151")
    assert read_result("RE 3 200 --game SOLO_Q")[0].soloist == 3


def test_at_a_terminal_every_refused_command_is_asked_again(tmp_path: Path) -> None:
    typist = Typist(
        [
            "undo",
            "correct 1 re 0,2 151",
            "correct one re 0,2 151",
            "export pdf x.pdf",
            f"export csv {tmp_path / 'no' / 'x.csv'}",
            "x" * 5000,
            "re 0,2 151",
            "undo",
            "q",
        ]
    )
    heard: list[str] = []
    session = keep_sheet(Session.new(0, names=["A", "B", "C", "D"]), typist, heard.append)
    refusals = [line for line in heard if line.endswith("Try again.")]
    assert len(refusals) == 6
    assert "there is no deal to undo" in refusals[0]
    assert "no played deal to correct" in refusals[1]
    assert "correct DEAL RESULT" in refusals[2]
    assert "export csv PATH" in refusals[3]
    assert refusals[4].startswith("Not taken: ")
    assert "longer than 4096" in refusals[5]
    assert "The last deal is undone; deal 1 is dealt by seat 0 (A)." in heard
    assert session == Session.new(0, names=["A", "B", "C", "D"])
    assert typist.transcript[0] == "Deal 1 of 12, dealt by seat 0 (A): undo"
