"""The ``score`` command: settling a deal played with real cards."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pytest

from doppelkopf import (
    Announcement,
    DealSummary,
    DoppelkopfError,
    GameType,
    PartyResult,
    settle,
)
from doppelkopf.cli import (
    summary_from_json,
)
from test_cli import (
    run,
    run_process,
)

# --- score ----------------------------------------------------------------------

X01 = DealSummary(
    GameType.NORMAL,
    {0, 2},
    PartyResult(160, 9, announcement=Announcement.NO_90, foxes_caught=1),
    PartyResult(80, 3, doppelkopf=1),
)
X01_OPTIONS = [
    "--game",
    "NORMAL",
    "--re",
    "0,2",
    "--re-points",
    "160",
    "--re-tricks",
    "9",
    "--re-announcement",
    "k90",
    "--re-foxes",
    "1",
    "--kontra-doppelkopf",
    "1",
]


def test_score_x01_from_options(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "score", *X01_OPTIONS)
    assert (status, err) == (0, "")
    assert out == str(settle(X01)) + "\n"
    assert out.splitlines()[-1] == "Scores (§12): seat 0 +5, seat 1 -5, seat 2 +5, seat 3 -5"


def test_score_x36_fleshless_from_options(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys,
        "score",
        "--game",
        "FLESHLESS",
        "--re",
        "2",
        "--re-points",
        "240",
        "--re-tricks",
        "12",
        "--kontra-points",
        "0",
        "--kontra-tricks",
        "0",
    )
    assert status == 0
    assert out.splitlines()[-1] == "Scores (§12): seat 0 -5, seat 1 -5, seat 2 +15, seat 3 -5"


def test_score_x20_late_reply_and_x06_solo(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys,
        "score",
        "--re",
        "0,1",
        "--re-points",
        "140",
        "--re-tricks",
        "8",
        "--re-announcement",
        "keine 90",
        "--kontra-announcement",
        "kontra",
        "--kontra-late-reply",
    )
    assert status == 0
    assert "announced Kontra (late reply)" in out
    assert out.splitlines()[-1] == "Scores (§12): seat 0 -7, seat 1 -7, seat 2 +7, seat 3 +7"
    status, out, _ = run(
        capsys,
        "score",
        "--game",
        "solo_q",
        "--re",
        "2",
        "--re-points",
        "190",
        "--re-tricks",
        "10",
        "--re-announcement",
        "re",
        "--kontra-announcement",
        "none",
    )
    assert status == 0
    assert out.splitlines()[-1] == "Scores (§12): seat 0 -5, seat 1 -5, seat 2 +15, seat 3 -5"


X18_JSON = {
    "game_type": "NORMAL",
    "re_seats": [0, 2],
    "re": {
        "card_points": 240,
        "tricks": 12,
        "announcement": "schwarz",
        "doppelkopf": 1,
        "foxes_caught": 2,
        "karlchen": True,
    },
    "kontra": {"card_points": 0, "tricks": 0, "announcement": None, "late_reply": False},
}


def test_score_x18_from_a_json_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "x18.json"
    path.write_text(json.dumps(X18_JSON), encoding="utf-8")
    status, out, _ = run(capsys, "score", "--json", str(path))
    assert status == 0
    assert re.search(r"^  Karlchen +1 +§11\.5$", out, re.MULTILINE)
    assert out.splitlines()[-1] == "Scores (§12): seat 0 +15, seat 1 -15, seat 2 +15, seat 3 -15"


def test_score_x01_from_standard_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    document = {
        "re_seats": [0, 2],
        "re": {"card_points": 160, "tricks": 9, "announcement": 1, "foxes_caught": 1},
        "kontra": {"doppelkopf": 1},
    }
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(document)))
    status, out, _ = run(capsys, "score", "--json", "-")
    assert status == 0
    assert out == str(settle(X01)) + "\n"


def test_summary_from_json_fills_in_kontra() -> None:
    summary = summary_from_json(
        {"re_seats": [1], "game_type": "SOLO_J", "re": {"card_points": 110, "tricks": 5}}
    )
    assert summary == DealSummary(
        GameType.JACKS_SOLO, {1}, PartyResult(110, 5), PartyResult(130, 7)
    )


def test_an_impossible_summary_exits_2_with_the_library_message(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(
        capsys,
        "score",
        "--re",
        "0,1",
        "--re-points",
        "130",
        "--re-tricks",
        "6",
        "--kontra-points",
        "100",
    )
    assert (status, out) == (2, "")
    assert err == (
        "doppelkopf score: error: re.card_points + kontra.card_points = 230, "
        "but the deck holds 240 card points (§1.2)\n"
    )
    status, _, err = run(
        capsys, "score", "--game", "SOLO_Q", "--re", "0,1", "--re-points", "130", "--re-tricks", "6"
    )
    assert status == 2
    assert "the soloist alone is Re (§6.3)" in err


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ("[1, 2]", "the summary must be a JSON object, not [1, 2]"),
        ('{"re_seats": [0, 1], "re": {}, "extra": 1}', "unknown key 'extra'"),
        ('{"re": {"card_points": 120, "tricks": 6}}', "re_seats must be a list of seats"),
        ('{"re_seats": [0, 1]}', "re is missing"),
        ('{"re_seats": [0, 1], "re": {"tricks": 6}}', "re.card_points is missing"),
        ('{"re_seats": [0, "1"], "re": {}}', "re_seats[] must be a whole number"),
        ('{"re_seats": [0, 1], "game_type": 3, "re": {}}', "game_type must be a string"),
        ('{"re_seats": [0, 1], "game_type": "skat", "re": {}}', "unknown game_type 'skat'"),
        (
            '{"re_seats": [0, 1], "re": {"card_points": 120, "tricks": 6, "announcement": 7}}',
            "re.announcement must be null, a level 0-4",
        ),
        (
            '{"re_seats": [0, 1], "re": {"card_points": 120, "tricks": 6, "karlchen": 1}}',
            "re.karlchen must be true or false, not 1",
        ),
        (
            '{"re_seats": [0, 1], "re": {"card_points": 120, "tricks": 6}, "kontra": 5}',
            "kontra must be a JSON object",
        ),
        ('{"re_seats": [0, 1],', "standard input is not JSON"),
        ("\udcff", "standard input is not JSON"),
    ],
)
def test_a_bad_json_summary_exits_2(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    document: str,
    message: str,
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(document))
    status, out, err = run(capsys, "score", "--json", "-")
    assert (status, out) == (2, "")
    assert err.startswith("doppelkopf score: error: ")
    assert message in err


def test_score_file_problems_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = run(capsys, "score", "--json", str(tmp_path / "missing.json"))
    assert status == 2
    assert "cannot read" in err
    latin = tmp_path / "latin.json"
    latin.write_bytes(b'{"re_seats": "\xe9"}')
    status, _, err = run(capsys, "score", "--json", str(latin))
    assert status == 2
    assert "is not UTF-8 text" in err


def test_score_options_and_json_do_not_mix(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "score", "--json", "-", "--karlchen", "re")
    assert status == 2
    assert "--json cannot be combined with --karlchen" in err
    status, _, err = run(capsys, "score", "--re", "0,1")
    assert status == 2
    assert "the score needs --re-points or --kontra-points (or --json FILE)" in err


def test_score_through_python_dash_m() -> None:
    result = run_process("score", "--json", "-", stdin=json.dumps(X18_JSON))
    assert result.returncode == 0, result.stderr
    assert result.stdout == str(settle(summary_from_json(X18_JSON))) + "\n"
    result = run_process("score", *X01_OPTIONS)
    assert result.returncode == 0
    assert result.stdout == str(settle(X01)) + "\n"
    result = run_process("score", "--re", "0,1", "--re-points", "300", "--re-tricks", "6")
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith("doppelkopf score: error: re.card_points must be 0-240")


# --- tricks count only for schwarz ---------------------------------------------


def test_score_without_tricks_takes_at_least_one_trick_each(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(capsys, "score", "--re", "0,2", "--re-points", "240")
    assert (status, err) == (0, "")
    assert "took no trick" not in out
    assert "  Re      240 card points, tricks not counted, nothing announced" in out
    assert "  Kontra    0 card points, tricks not counted, nothing announced" in out
    assert out.splitlines()[-1] == "Scores (§12): seat 0 +4, seat 1 -4, seat 2 +4, seat 3 -4"


def test_score_schwarz_when_a_party_took_no_trick(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "score", "--re", "0,2", "--re-points", "240", "--kontra-tricks", "0"
    )
    assert status == 0
    assert re.search(r"^  Kontra took no trick +1 +§10\.1$", out, re.MULTILINE)
    assert "12 tricks" in out
    assert out.splitlines()[-1] == "Scores (§12): seat 0 +5, seat 1 -5, seat 2 +5, seat 3 -5"


def test_score_kontra_points_alone_give_re_its_rest(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "score", "--re", "0,2", "--kontra-points", "89")
    assert status == 0
    by_re = run(capsys, "score", "--re", "0,2", "--re-points", "151")[1]
    assert out == by_re
    assert "  Re      151 card points" in out


@pytest.mark.parametrize("points", [0, 2, 30, 89, 120, 151, 200, 238, 240])
def test_score_finds_a_trick_split_for_any_card_points(
    capsys: pytest.CaptureFixture[str], points: int
) -> None:
    status, out, err = run(capsys, "score", "--re", "1,3", "--re-points", str(points))
    assert (status, err) == (0, "")
    assert "took no trick" not in out


def test_score_marriage_solo_without_tricks(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(
        capsys, "score", "--game", "MARRIAGE_SOLO", "--re", "3", "--re-points", "40"
    )
    assert (status, err) == (0, "")
    assert out.splitlines()[-1] == "Scores (§12): seat 0 +3, seat 1 +3, seat 2 +3, seat 3 -9"


def test_score_without_tricks_still_refuses_impossible_summaries(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(capsys, "score", "--re", "0,2", "--re-points", "120", "--re-foxes", "3")
    assert (status, out) == (2, "")
    assert "fox" in err
    assert len(err.splitlines()) == 1


def test_summary_from_json_without_tricks_and_with_kontra_points_only() -> None:
    summary = summary_from_json({"re_seats": [1, 2], "kontra": {"card_points": 100}, "re": {}})
    assert summary.re.card_points == 140
    assert summary.re.tricks >= 1
    assert summary.kontra.tricks >= 1
    assert summary.re.tricks + summary.kontra.tricks == 12
    schwarz = summary_from_json({"re_seats": [1, 2], "re": {"card_points": 0, "tricks": 0}})
    assert (schwarz.kontra.card_points, schwarz.kontra.tricks) == (240, 12)


def test_summary_from_json_errors_are_doppelkopf_value_errors() -> None:
    with pytest.raises(ValueError, match="re is missing") as caught:
        summary_from_json({"re_seats": [0, 1]})
    assert isinstance(caught.value, DoppelkopfError)
    with pytest.raises(ValueError, match="card_points is missing"):
        summary_from_json({"re_seats": [0, 1], "re": {"tricks": 3}})
    with pytest.raises(ValueError, match=r"not \"xxxxxxxxxx.*\.\.\.$"):
        summary_from_json({"re_seats": [0, 1], "re": {"card_points": "x" * 1000}})


# --- hostile JSON ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ("[" * 100_000, "standard input nests arrays and objects more than 64 deep"),
        ("9" * 5_000, "standard input holds an integer of 5,000 digits"),
        (
            '{"re_seats": [0, 1], "re": {"card_points": 120, "card_points": 240}}',
            'standard input has the key "card_points" twice in one object',
        ),
        ('{"re_seats": [0, 1], "re": {"card_points": NaN}}', "standard input holds NaN"),
        (
            '{"re_seats": [0, 1], "re": {"card_points": "' + "x" * 10_000 + '"}}',
            're.card_points must be a whole number, not "' + "x" * 36 + "...",
        ),
    ],
)
def test_hostile_json_is_a_one_line_error_with_status_2(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    document: str,
    message: str,
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(document))
    status, out, err = run(capsys, "score", "--json", "-")
    assert (status, out) == (2, "")
    assert err.startswith(f"doppelkopf score: error: {message}")
    assert len(err.splitlines()) == 1
    assert len(err) < 200


def test_hostile_json_files_and_bytes(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    huge = tmp_path / "huge.json"
    huge.write_bytes(b" " * (16 * 1024 * 1024 + 1))
    status, out, err = run(capsys, "score", "--json", str(huge))
    assert (status, out) == (2, "")
    assert "is 16,777,217 bytes long; at most 16,777,216 (16 MiB) are read" in err
    latin = tmp_path / "latin.json"
    latin.write_bytes(b'{"re_seats": [0, 1], "re": {"card_points": 120}, "x": "\xe4"}')
    status, _, err = run(capsys, "score", "--json", str(latin))
    assert status == 2
    # The message quotes a short excerpt of the path, however deep the directory is:
    # its start, cut after 80 characters (pytest's temporary folders vary in depth).
    assert str(latin)[:40] in err
    assert len(err) < 300
    assert "is not UTF-8 text: byte 0xe4" in err


def test_hostile_json_through_python_dash_m() -> None:
    for document in ("[" * 100_000, "1" + "0" * 5_000):
        result = run_process("score", "--json", "-", stdin=document)
        assert result.returncode == 2
        assert result.stdout == ""
        assert "Traceback" not in result.stderr
        assert len(result.stderr.splitlines()) == 1


def test_score_reads_standard_input_as_bytes(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    document = b'\xef\xbb\xbf{"re_seats": [0, 2], "re": {"card_points": 151}}'
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(document), encoding="utf-8"))
    status, out, _ = run(capsys, "score", "--json", "-")
    assert status == 0
    assert "  Re      151 card points, tricks not counted, nothing announced" in out
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b'{"a": "\xff"}')))
    status, _, err = run(capsys, "score", "--json", "-")
    assert status == 2
    assert "standard input is not UTF-8 text: byte 0xff" in err


def test_score_needs_the_re_seats(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "score", "--re-points", "120")
    assert (status, out) == (2, "")
    assert err == "doppelkopf score: error: the score needs --re (or --json FILE)\n"


def test_v26_score_shows_a_bock_deal_and_the_rounds_it_starts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    flags = ["--re", "0,2", "--re-points", "120", "--option", "bock=tie+lost_announcement"]
    status, out, err = run(capsys, "score", *flags, "--re-announcement", "re", "--bock", "2")
    assert (status, err) == (0, "")
    assert "Bock x2: seat 0 -8, seat 1 +8, seat 2 -8, seat 3 +8 (V§11.4)" in out
    assert out.splitlines()[-1] == (
        "Starts 2 Bock rounds of 4 deals: tie, lost_announcement (V§11.1)"
    )
    status, out, err = run(capsys, "score", "--re", "0,2", "--re-points", "151")
    assert "Bock" not in out
    status, out, err = run(capsys, "score", "--re", "0,2", "--re-points", "151", "--bock", "3")
    assert (status, out) == (2, "")
    assert "--bock takes a Bock multiplier 1, 2, 4, 8" in err


def test_score_settles_a_tournament_solo(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(
        capsys, "score", "--rules", "tournament", "--game", "SOLO_Q", "--re", "1",
        "--re-points", "190",
    )  # fmt: skip
    assert (status, err) == (0, "")
    assert "Rules: tournament" in out
    assert out.splitlines()[-1] == "Scores (§12): seat 0 -3, seat 1 +9, seat 2 -3, seat 3 -3"
