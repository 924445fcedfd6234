"""The command line: every command in-process through ``main`` and as ``python -m doppelkopf``."""

from __future__ import annotations

import importlib
import io
import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest

import doppelkopf
from doppelkopf import (
    Action,
    Card,
    Deal,
    Declare,
    Play,
    PlayerView,
    Reservation,
)
from doppelkopf.cli import (
    TerminalPlayer,
    main,
)

SRC = Path(__file__).resolve().parent.parent / "src"

# A marriage whose announcer takes tricks 1-3 with the top trumps, and the same
# hand at seat 0 said healthy (a silent marriage).  Seat 3 deals, seat 0 leads.
TOP_TRUMPS = [
    "♥10 ♥10 ♣Q ♣Q ♠Q ♠Q ♥Q ♥Q ♦Q ♦Q ♣J ♣J",
    "♠J ♠J ♥J ♥J ♦J ♦J ♦A ♦A ♦10 ♦10 ♦K ♦K",
    "♦9 ♦9 ♣A ♣A ♣10 ♣10 ♣K ♣K ♣9 ♣9 ♠A ♠A",
    "♠10 ♠10 ♠K ♠K ♠9 ♠9 ♥A ♥A ♥K ♥K ♥9 ♥9",
]
# A marriage at seat 0 whose partner is seat 1: its ♥10 takes trick 1.
PARTNER_FOUND = [
    "♣Q ♣Q ♥9 ♥9 ♣9 ♣9 ♠9 ♠9 ♦9 ♦9 ♥K ♥K",
    "♥10 ♥10 ♠Q ♠Q ♥Q ♥Q ♦Q ♦Q ♣J ♣J ♠J ♠J",
    "♥J ♥J ♦J ♦J ♦A ♦A ♦10 ♦10 ♦K ♦K ♣A ♣A",
    "♣10 ♣10 ♣K ♣K ♠A ♠A ♠10 ♠10 ♠K ♠K ♥A ♥A",
]


# --- running the program ------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``main(argv)`` in this process: exit status, standard output, standard error."""
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def run_process(
    *argv: str, stdin: str = "", env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """``python -m doppelkopf ARGV`` in a new interpreter that imports this source tree."""
    environment = dict(os.environ)
    environment["PYTHONPATH"] = os.pathsep.join(
        path for path in (str(SRC), environment.get("PYTHONPATH")) if path
    )
    environment["PYTHONIOENCODING"] = "utf-8"
    environment.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "doppelkopf", *argv],
        input=stdin,
        capture_output=True,
        encoding="utf-8",
        env=environment,
        timeout=60,
        check=False,
    )


class FirstLegal:
    """A bot that answers ``reservation`` and plays its first legal card; it never announces."""

    def __init__(self, reservation: Reservation = Reservation.HEALTHY) -> None:
        self.reservation = reservation

    def act(self, view: PlayerView) -> Action | None:
        if view.turn != view.seat:
            return None
        if view.game_type is None:
            return Declare(view.seat, self.reservation)
        return next(action for action in view.legal_actions if isinstance(action, Play))


class Typist:
    """Input for a :class:`TerminalPlayer`: scripted answers, then ``default`` or the end of input.

    Each answer may be a function of the prompt.  The prompts and answers are
    kept as a transcript.
    """

    def __init__(
        self,
        answers: Sequence[str | Callable[[str], str]] = (),
        default: str | Callable[[str], str] | None = None,
    ) -> None:
        self.answers: Iterator[str | Callable[[str], str] | None] = iter(answers)
        self.default = default
        self.transcript: list[str] = []

    def __call__(self, prompt: str) -> str:
        answer = next(self.answers, self.default)
        if answer is None:
            self.transcript.append(prompt + "<EOF>")
            raise EOFError
        text = answer(prompt) if callable(answer) else answer
        self.transcript.append(prompt + text)
        return text


class AnnounceOnce:
    """Answers: the first announcement the first time one is offered, else option 1."""

    def __init__(self) -> None:
        self.done = False

    def __call__(self, prompt: str) -> str:
        match = re.search(r"announcement \((\d+)", prompt)
        if match is None or self.done:
            return "1"
        self.done = True
        return match[1]


def terminal(typist: Typist, lines: list[str], **options: bool) -> TerminalPlayer:
    return TerminalPlayer(typist, lines.append, **options)


def normal_deal() -> Deal:
    """A shuffled normal game (no hand with both ♣Q) after the reservation round."""
    queen = Card.parse("♣Q")
    for seed in range(100):
        deal = Deal.shuffled(seed=seed)
        if all(hand.count(queen) < 2 for hand in deal.dealt):
            for seat in range(4):
                deal = deal.declare(seat, Reservation.HEALTHY)
            return deal
    raise AssertionError("no normal game among 100 seeds")  # pragma: no cover


def play_first_cards(deal: Deal, count: int) -> Deal:
    for _ in range(count):
        deal = deal.play(deal.current_trick.next_seat or 0, deal.legal_cards()[0])
    return deal


# --- the parser -----------------------------------------------------------------


def test_a_command_is_required(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys)
    assert status == 2
    assert out == ""
    assert "required" in err


@pytest.mark.parametrize(
    "argv",
    [
        ["demo", "--seed", "many"],
        ["play", "--seat", "4"],
        ["play", "--seat", "north"],
        ["arena", "--deals", "0"],
        ["arena", "--deals", "lots"],
        ["arena", "--players", "heuristic,random"],
        ["arena", "--players", "heuristic,random,random,genius"],
        ["score", "--game", "skat", "--re", "0,1"],
        ["score", "--re", "a,b"],
        ["score", "--re-announcement", "keine 100"],
        ["score", "--re-points", "many"],
        ["score", "--karlchen", "both"],
        ["bridge"],
    ],
)
def test_usage_errors_exit_2_with_a_message(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert out == ""
    assert "error:" in err
    assert "Traceback" not in err


def test_version_and_help_exit_0(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--version")
    assert (status, out.strip()) == (0, f"doppelkopf {doppelkopf.__version__}")
    status, out, _ = run(capsys, "--help")
    assert status == 0
    for command in ("demo", "play", "arena", "score"):
        assert command in out
    for command in ("demo", "play", "arena", "score"):
        status, out, _ = run(capsys, command, "--help")
        assert status == 0
        assert out.startswith(f"usage: doppelkopf {command}")


def test_main_reads_sys_argv(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(
        sys,
        "argv",
        [
            "doppelkopf",
            "score",
            "--re",
            "1",
            "--game",
            "SOLO_J",
            "--re-points",
            "110",
            "--re-tricks",
            "5",
        ],
    )
    assert main() == 0
    assert capsys.readouterr().out.splitlines()[-1] == (
        "Scores (§12): seat 0 +1, seat 1 -3, seat 2 +1, seat 3 +1"
    )


def test_importing_the_main_module_runs_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    module = importlib.import_module("doppelkopf.__main__")
    assert module.main is main
    assert capsys.readouterr() == ("", "")


def test_a_closed_output_pipe_ends_quietly(monkeypatch: pytest.MonkeyPatch) -> None:
    class ClosedPipe(io.StringIO):
        def write(self, text: str) -> int:
            raise BrokenPipeError

    monkeypatch.setattr(sys, "stdout", ClosedPipe())
    assert main(["demo", "--seed", "1"]) == 1


def test_output_without_suit_symbols_falls_back_to_ascii_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    buffer = io.BytesIO()
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(buffer, encoding="ascii"))
    assert main(["demo", "--seed", "1"]) == 0
    sys.stdout.flush()
    out = buffer.getvalue().decode("ascii")
    assert "  seat 0  H10 H10 CQ DQ " in out
    assert "Scores (?12): " in out  # what ASCII cannot show becomes "?"


def test_python_dash_m_without_suit_symbols() -> None:
    result = run_process("demo", "--seed", "1", env={"PYTHONIOENCODING": "ascii"})
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert "  seat 0  H10 H10 CQ DQ " in result.stdout
    assert "♣" not in result.stdout
