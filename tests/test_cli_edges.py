"""The command line at its edges: bad option values, confusable answers, the documented options,
the terminal game's messages and the arena's bots."""

from __future__ import annotations

import io
import re
import sys

import pytest

from doppelkopf import Rules
from test_cli import run, run_process

# --- the rules options ----------------------------------------------------------

RULES_COMMANDS = {
    "demo": ["--seed", "1", "--deals", "1"],
    "play": ["--seed", "1"],
    "arena": ["--seed", "1", "--deals", "1"],
    "score": ["--re", "0,2", "--re-points", "151"],
    "sheet": [],
}


@pytest.mark.parametrize("command", list(RULES_COMMANDS))
@pytest.mark.parametrize(
    ("flags", "named"),
    [
        (["--option", "players=²"], "players"),
        (["--option", "players=①"], "players"),
        (["--option", "session_length=²⁴"], "session_length"),
        (["--option", "armut_max_trumps=" + "9" * 5000], "armut_max_trumps"),
        (["--option", "players=" + "9" * 30], "players"),
        (["--option", "nines=false", "--option", "nines=true"], "nines"),
        (["--option", "schmeissen", "--option", "schmeissen=kings5"], "schmeissen"),
    ],
)
def test_a_bad_option_value_is_a_usage_error_naming_the_option(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    command: str,
    flags: list[str],
    named: str,
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    status, out, err = run(capsys, command, *RULES_COMMANDS[command], *flags)
    assert (status, out) == (2, "")
    assert err.startswith(f"doppelkopf {command}: error: ")
    assert err.count("\n") == 1, err
    assert named in err
    assert len(err) < 300  # a short excerpt of a huge value, never all of it


def test_an_option_given_twice_is_refused_even_with_the_same_value(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, _, err = run(
        capsys, "score", *RULES_COMMANDS["score"], "--option", "nines=false", "--option", "nines=0"
    )
    assert status == 2
    assert 'nines is given twice, as "false" and "0"' in err


def test_an_unexpected_error_of_the_rules_is_still_a_usage_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only an option's value can make the rules fail; whatever they raise, no trace is shown."""
    real = Rules.from_options.__func__  # type: ignore[attr-defined]

    def failing(cls: type[Rules], options: dict[str, str], **kwargs: object) -> Rules:
        if options.get("players") == "7":
            raise OverflowError("seven")
        return real(cls, options, **kwargs)  # type: ignore[no-any-return]

    monkeypatch.setattr(Rules, "from_options", classmethod(failing))
    status, out, err = run(
        capsys, "score", *RULES_COMMANDS["score"], "--option", "nines=false",
        "--option", "players=7",
    )  # fmt: skip
    assert (status, out) == (2, "")
    assert err == 'doppelkopf score: error: option players cannot be "7" (V§0.1)\n'


@pytest.mark.parametrize("command", ["score", "sheet", "arena"])
def test_a_bad_option_value_in_a_new_interpreter_shows_no_trace(command: str) -> None:
    result = run_process(command, *RULES_COMMANDS[command], "--option", "players=²")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith(f"doppelkopf {command}: error: ")
    assert "players" in result.stderr


@pytest.mark.parametrize(
    "argv",
    [
        ["demo", "--seed", "9" * 5000],
        ["arena", "--deals", "9" * 5000],
        ["score", "--re", "0,2", "--re-points", "9" * 5000],
        ["score", "--re", "0,2", "--re-points", "151", "--bock", "9" * 5000],
        ["play", "--seat", "9" * 5000],
        ["sheet", "--first-dealer", "9" * 5000],
    ],
)
def test_a_number_of_thousands_of_digits_is_quoted_briefly(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "")
    last = err.splitlines()[-1]
    assert last.startswith(f"doppelkopf {argv[0]}: error: argument ")
    assert len(last) < 200


# --- score: one party's answers are not the other's -------------------------------


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--re-announcement", "kontra"], "Re's Ansage is re, not kontra"),
        (["--re-announcement", " Contra "], "Re's Ansage is re, not kontra"),
        (["--kontra-announcement", "RE"], "Kontra's Ansage is kontra, not re"),
        (["--re", "0,0,2"], 'seat 0 is named twice in "0,0,2"'),
    ],
)
def test_score_refuses_an_answer_of_the_other_party(
    capsys: pytest.CaptureFixture[str], flags: list[str], message: str
) -> None:
    status, out, err = run(capsys, "score", "--re", "0,2", "--re-points", "151", *flags)
    assert (status, out) == (2, "")
    assert message in err


def test_score_still_takes_each_party_its_own_word(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "score", "--re", "0,2", "--re-points", "151", "--re-announcement", "re",
        "--kontra-announcement", "kontra",
    )  # fmt: skip
    assert status == 0
    assert "announced Re" in out
    assert "announced Kontra" in out


@pytest.mark.parametrize(
    ("summary", "message"),
    [
        ('{"re_seats": [0, 2], "re": {"card_points": 151, "announcement": "kontra"}}',
         "re.announcement: Re's Ansage is re, not kontra"),
        ('{"re_seats": [0, 2], "re": {"card_points": 151}, "kontra": {"announcement": "re"}}',
         "kontra.announcement: Kontra's Ansage is kontra, not re"),
        ('{"re_seats": [0, 2, 2], "re": {"card_points": 151}}', "re_seats names seat 2 twice"),
    ],
)  # fmt: skip
def test_a_json_summary_refuses_the_same_confusions(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    summary: str,
    message: str,
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(summary))
    status, out, err = run(capsys, "score", "--json", "-")
    assert (status, out) == (2, "")
    assert message in err


def test_a_sheet_line_refuses_the_other_partys_announcement(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        sys, "stdin", io.StringIO("--re 0,2 --re-points 151 --re-announcement kontra\n")
    )
    status, _, err = run(capsys, "sheet")
    assert status == 2
    assert re.search(r"line 1: .*Re's Ansage is re, not kontra", err), err
