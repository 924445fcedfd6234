"""The command line: every command in-process through ``main`` and as ``python -m doppelkopf``."""

from __future__ import annotations

import builtins
import importlib
import io
import json
import os
import re
import statistics
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest

import doppelkopf
from doppelkopf import (
    Action,
    Announce,
    Announcement,
    Card,
    Deal,
    DealSummary,
    Declare,
    GameType,
    HeuristicPlayer,
    Party,
    PartyResult,
    Play,
    PlayerView,
    Reservation,
    Session,
    settle,
)
from doppelkopf.cli import (
    GameAbandoned,
    TerminalPlayer,
    describe_deal,
    main,
    play_narrated,
    summary_from_json,
)
from doppelkopf.players import Player, play_deal
from doppelkopf.records import load, load_deal

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
        self, answers: Sequence[str | Callable[[str], str]] = (), default: str | None = None
    ) -> None:
        self.answers: Iterator[str | Callable[[str], str]] = iter(answers)
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


# --- demo -----------------------------------------------------------------------

TRICK = re.compile(r" {4}\s*(\d+) {5}(\d)  ((?:\d:\S+\s+){3}\d:\S+)\s+seat (\d)\s+(\d+)(?:  (.*))?")


def test_demo_plays_and_shows_a_whole_session(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "session.json"
    status, out, err = run(capsys, "demo", "--seed", "1", "--record", str(path))
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith("A session of 12 deals between four heuristic players (seed 1).")
    assert f"Session record written to {path}." == lines[-1]

    loaded = load(path)
    assert isinstance(loaded, tuple)
    first_dealer, deals = loaded
    assert len(deals) == 12
    session = Session(first_dealer)
    for deal in deals:
        session = session.add(deal)

    # Deal by deal: the header, the description, the totals.
    headers = [number for number, line in enumerate(lines) if re.fullmatch(r"Deal \d+ of 12", line)]
    assert [lines[number] for number in headers] == [f"Deal {n} of 12" for n in range(1, 13)]
    totals = [0, 0, 0, 0]
    for number, (deal, start) in enumerate(zip(deals, headers, strict=True), start=1):
        described = [f"  {line}" for line in describe_deal(deal)]
        assert lines[start + 1 : start + 1 + len(described)] == described
        for seat in range(4):
            totals[seat] += settle(deal).scores[seat]
        totals_line = lines[start + 1 + len(described)]
        assert totals_line.startswith(f"  Totals after deal {number}: seat 0 ")
        assert [int(value) for value in re.findall(r"seat \d ([+-]?\d+)", totals_line)] == totals

    # The score sheet and the winners close the output.
    sheet = session.score_sheet().splitlines()
    assert lines[-2 - len(sheet) : -1] == ["Score sheet", *sheet]
    assert sheet[-1].startswith("Winner")
    assert ", ".join(f"seat {seat}" for seat in session.winners) in sheet[-1]


def test_describe_deal_shows_every_trick_as_played() -> None:
    players = [HeuristicPlayer(seed=seat) for seat in range(4)]
    deal = play_deal(Deal.shuffled(seed=9, dealer=1), players)
    lines = describe_deal(deal)
    assert lines[0] == "Seat 1 deals, seat 2 leads."
    for seat in range(4):
        assert lines[2 + seat] == f"  seat {seat}  " + " ".join(
            str(card) for card in deal.dealt[seat].sorted(deal.game_type or GameType.NORMAL)
        )
    tricks = [TRICK.fullmatch(line) for line in lines]
    found = [match for match in tricks if match is not None]
    assert len(found) == 12
    for number, (match, trick) in enumerate(zip(found, deal.tricks, strict=True), start=1):
        assert int(match[1]) == number
        assert int(match[2]) == trick.leader
        played = [pair.split(":") for pair in match[3].split()]
        assert [(int(seat), Card.parse(card)) for seat, card in played] == list(trick)
        assert int(match[4]) == deal.outcome.winners[number - 1]
        assert int(match[5]) == trick.points
    assert lines[-1] == str(settle(deal)).splitlines()[-1]


def test_describe_deal_names_special_points_and_announcements() -> None:
    # Seed 4: a marriage, the partner found in trick 1, Re announced, a fox caught.
    players = [HeuristicPlayer(seed=seat) for seat in range(4)]
    lines = describe_deal(play_deal(Deal.shuffled(seed=4), players))
    text = "\n".join(lines)
    assert "Reservations: seat 0 Vorbehalt (marriage), seat 1 healthy" in text
    assert "seat 2 is the partner" in text
    assert "seat 0 (Re) announces Re with 11 cards: ♣Q ♣Q" in text
    assert "fox of seat 1 caught (Re)" in text


def test_describe_deal_shows_implied_levels_and_a_late_reply() -> None:
    deal = normal_deal()
    re_seat = next(seat for seat in range(4) if deal.parties[seat] is Party.RE)
    kontra_seat = next(seat for seat in range(4) if deal.parties[seat] is Party.KONTRA)
    deal = deal.announce(re_seat, Announcement.NO_60)
    while deal.hand_size(kontra_seat) > 10:
        deal = play_first_cards(deal, 1)
    deal = deal.announce(kontra_seat, Announcement.RE_KONTRA)
    deal = play_first_cards(deal, 48 - deal.cards_played)
    text = "\n".join(describe_deal(deal, ascii_only=True))
    assert f"seat {re_seat} (Re) announces keine 60 (with Re, keine 90) with 12 cards: " in text
    assert (
        f"seat {kontra_seat} (Kontra) announces Kontra as a late reply (§8.6c) with 10 cards: "
        in text
    )
    assert not any(symbol in text for symbol in "♣♠♥♦")


def test_describe_deal_names_marriage_and_solo_contracts() -> None:
    marriage = Deal.from_hands(TOP_TRUMPS)
    players: list[Player] = [FirstLegal(Reservation.MARRIAGE), *(FirstLegal() for _ in range(3))]
    text = "\n".join(describe_deal(play_deal(marriage, players)))
    assert "Contract: marriage by seat 0 (both ♣Q)" in text
    assert "no partner: marriage solo (§7.3)" in text
    assert text.lower().count("marriage solo") == 2  # the note on trick 3 and the settlement

    silent = play_deal(Deal.from_hands(TOP_TRUMPS), [FirstLegal() for _ in range(4)])
    text = "\n".join(describe_deal(silent))
    assert "Contract: silent marriage by seat 0 (both ♣Q, said healthy), alone against" in text

    solo = [FirstLegal(), FirstLegal(), FirstLegal(Reservation.QUEENS_SOLO), FirstLegal()]
    text = "\n".join(describe_deal(play_deal(Deal.from_hands(TOP_TRUMPS), solo)))
    assert "seat 2 Vorbehalt (queens solo)" in text
    assert "Contract: queens solo by seat 2, alone against seats 0, 1, 3." in text


def test_describe_deal_needs_a_finished_deal() -> None:
    with pytest.raises(ValueError, match="finished"):
        describe_deal(Deal.shuffled(seed=1))


def test_demo_is_reproducible_and_depends_on_the_seed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    first = run(capsys, "demo", "--seed", "5")
    assert run(capsys, "demo", "--seed", "5") == first
    assert run(capsys, "demo", "--seed", "6")[1] != first[1]


def test_demo_without_a_seed_prints_the_seed_it_chose(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "demo")
    assert status == 0
    match = re.search(r"\(seed (\d+)\)", out.splitlines()[0])
    assert match is not None
    assert run(capsys, "demo", "--seed", match[1])[1] == out


def test_demo_in_ascii(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "demo", "--seed", "2", "--ascii")
    assert status == 0
    assert not any(symbol in out for symbol in "♣♠♥♦")
    assert re.search(r"\d:(?:C|S|H|D)(?:A|10|K|Q|J|9)\b", out)


def test_demo_record_into_a_missing_folder_fails_with_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, _, err = run(capsys, "demo", "--seed", "1", "--record", str(tmp_path / "no" / "x.json"))
    assert status == 1
    assert err.startswith("doppelkopf demo: error: cannot write ")
    assert "Traceback" not in err


def test_python_dash_m_doppelkopf_demo() -> None:
    result = run_process("demo", "--seed", "1")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines[2] == "Deal 1 of 12"
    assert lines[-1].startswith("Winner")


# --- play -----------------------------------------------------------------------


def play_main(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    typist: Typist,
    *argv: str,
) -> tuple[int, str, str]:
    monkeypatch.setattr(builtins, "input", typist)
    return run(capsys, "play", *argv)


def test_play_a_whole_deal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    typist = Typist(default="1")
    status, out, err = play_main(monkeypatch, capsys, typist, "--seed", "3")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith("Doppelkopf: you are seat 0 against three heuristic players")
    assert any(line.startswith("A deal: seat ") for line in lines)
    done = re.compile(r"Trick \d+: .*: (you win|seat \d wins) \(\d+ card points\)\.")
    assert len([line for line in lines if done.fullmatch(line)]) == 12
    assert "Your answer (1-" in typist.transcript[0]
    assert sum(prompt.startswith("Your card") for prompt in typist.transcript) == 12
    assert re.search(r"^Scores \(§12\): seat 0 ", out, re.MULTILINE)
    assert re.search(r"^You score [+-]?\d+\.$", out, re.MULTILINE)


def test_play_at_another_seat_with_an_announcement(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    once = AnnounceOnce()
    typist = Typist([once] * 14, default="1")
    status, out, _ = play_main(monkeypatch, capsys, typist, "--seed", "1", "--seat", "2")
    assert status == 0
    assert "You are seat 2." in out
    match = re.search(r"^You \((Re|Kontra)\) announce (Re|Kontra)\.$", out, re.MULTILINE)
    assert match is not None
    assert match[1] == match[2]
    assert out.count(" announce ") == 1
    assert re.search(rf"^  {match[1]} .*, announced {match[1]}$", out, re.MULTILINE)


def test_play_a_session(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = play_main(monkeypatch, capsys, Typist(default="1"), "--seed", "2", "--session")
    assert status == 0
    for number in range(1, 13):
        assert f"Deal {number} of 12: seat " in out
    assert out.rstrip().splitlines()[-1].startswith("Winner")


@pytest.mark.parametrize("leave", ["q", "quit", None])
def test_leaving_the_game_exits_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], leave: str | None
) -> None:
    typist = Typist(["1", "1"] + ([leave] if leave else []))
    status, out, err = play_main(monkeypatch, capsys, typist, "--seed", "3")
    assert status == 1
    assert out.rstrip().endswith("Game abandoned.")
    assert err == ""


def test_bad_input_gets_a_message_and_a_new_prompt(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    typist = Typist(
        ["hello", "0", "99", "", "?", "h", "1", "xyz", "42", "²", "12345678901234567890"],
        default=None,
    )
    status, out, err = play_main(monkeypatch, capsys, typist, "--seed", "3")
    assert (status, err) == (1, "")
    assert "Please type 1-8 (? for help, q to quit)." in out
    assert "There is no option 0: choose 1-8." in out
    assert "There is no option 99: choose 1-8." in out
    assert "Type the number of an option and press Enter." in out
    assert out.count("Reservation round: what do you play?") == 2  # shown again by h
    assert re.search(r"Please type 1(-\d+)?, a card or an announcement", out)
    assert "There is no option 42" in out
    assert "There is no option 12345678901234567890: choose 1" in out
    assert typist.transcript[-1].endswith("<EOF>")


def test_keyboard_interrupt_exits_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(builtins, "input", interrupted)
    assert run(capsys, "play", "--seed", "3")[0] == 130


def test_play_through_python_dash_m() -> None:
    result = run_process("play", "--seed", "3", "--ascii", stdin="1\n" * 13)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert "You score" in result.stdout
    assert "♣" not in result.stdout

    result = run_process("play", "--seed", "3", stdin="x\n9\n1\nSA\n")
    assert result.returncode == 1
    assert result.stderr == ""
    assert "There is no option 9" in result.stdout
    assert result.stdout.rstrip().endswith("Game abandoned.")


# --- the terminal player on chosen deals ---------------------------------------------


def test_terminal_player_types_cards_by_name_and_hears_why_not() -> None:
    deal = Deal.from_hands(PARTNER_FOUND)
    for seat in range(4):
        deal = deal.declare(seat, Reservation.HEALTHY)
    deal = deal.play(0, Card.parse("♣9"))  # seat 1 holds no club: any card goes
    deal = deal.play(1, Card.parse("♥10")).play(2, Card.parse("♣A"))
    lines: list[str] = []
    typist = Typist(["♠Q", "HA", "S10", "C10"])
    action = terminal(typist, lines).act(deal.view(3))
    assert action == Play(3, Card.parse("♣10"))
    assert "You cannot play ♠Q: it is not in the hand (§5.2)" in lines
    assert any(line.startswith("You cannot play ♥A: it is ♥ and ♣ was led") for line in lines)
    assert any(line.startswith("You cannot play ♠10: it is ♠ and ♣ was led") for line in lines)
    assert "Trick 1: seat 0 ♣9, seat 1 ♥10, seat 2 ♣A; your turn." in lines


def test_terminal_player_refuses_cards_it_does_not_hold() -> None:
    deal = Deal.from_hands(PARTNER_FOUND)
    for seat in range(4):
        deal = deal.declare(seat, Reservation.HEALTHY)
    lines: list[str] = []
    action = terminal(Typist(["♠A", "CQ"]), lines).act(deal.view(0))
    assert action == Play(0, Card.parse("♣Q"))
    assert "You cannot play ♠A: it is not in the hand (§5.2)" in lines


def test_terminal_player_announces_by_number_and_by_word() -> None:
    deal = normal_deal()
    seat = deal.turn
    assert seat is not None
    party = deal.parties[seat]
    assert party is not None
    wrong = "kontra" if party is Party.RE else "re"
    lines: list[str] = []
    typist = Typist([wrong, "rekontra", "k90"])
    action = terminal(typist, lines).act(deal.view(seat))
    assert action == Announce(seat, Announcement.NO_90)
    assert f"You play for {party}: your announcement is {party}." in lines
    menu = next(line for line in lines if line.startswith("  Announce: "))
    assert f"{party}   " in menu
    assert "schwarz   (each includes those before it)" in menu
    legal = len(deal.legal_cards())
    assert typist.transcript[0].startswith(
        f"Your card (1-{legal}) or announcement ({legal + 1}-{legal + 5}): "
    )

    action = terminal(Typist([str(legal + 1)]), []).act(deal.view(seat))
    assert action == Announce(seat, Announcement.RE_KONTRA)


def test_terminal_player_refuses_announcements_too_late() -> None:
    deal = play_first_cards(normal_deal(), 12)  # everybody holds 9 cards
    seat = deal.turn
    assert seat is not None
    lines: list[str] = []
    action = terminal(
        Typist(["re" if deal.parties[seat] is Party.RE else "kontra", "1"]), lines
    ).act(deal.view(seat))
    assert isinstance(action, Play)
    assert any(line.startswith("You cannot announce ") for line in lines)
    assert not any(line.startswith("  Announce:") for line in lines)


def test_no_announcement_before_a_marriage_is_clarified() -> None:
    deal = Deal.from_hands(PARTNER_FOUND).declare(0, Reservation.MARRIAGE)
    for seat in (1, 2, 3):
        deal = deal.declare(seat, Reservation.HEALTHY)
    deal = play_first_cards(deal, 1)
    lines: list[str] = []
    action = terminal(Typist(["re", "1"]), lines).act(deal.view(1))
    assert action == Play(1, Card.parse("♥10"))
    assert "No one may announce before the marriage's clarification trick (§7.4)." in lines
    assert "Your hand (party not known yet): " + str(deal.hands[1]) in lines


def test_terminal_player_off_turn() -> None:
    deal = play_first_cards(normal_deal(), 1)
    seat = (deal.current_trick.leader + 2) % 4  # neither the one who played nor the next
    view = deal.view(seat)
    assert terminal(Typist(), []).act(view) is None  # not asked: no input needed

    lines: list[str] = []
    assert terminal(Typist([""]), lines, ask_off_turn=True).act(view) is None
    assert lines[0].startswith("You may announce now: 1 ")
    lines.clear()
    player = terminal(Typist(["♣Q", "1"]), lines, ask_off_turn=True)
    assert player.act(view) == Announce(seat, Announcement.RE_KONTRA)
    assert "It is not your turn to play; you may only announce now." in lines

    late = play_first_cards(deal, 15)
    waiting = (late.current_trick.leader + 2) % 4
    if not late.legal_announcements(waiting):
        assert terminal(Typist(), [], ask_off_turn=True).act(late.view(waiting)) is None


def test_terminal_player_in_the_reservation_round() -> None:
    deal = Deal.from_hands(TOP_TRUMPS)
    lines: list[str] = []
    action = terminal(Typist(["2"]), lines).act(deal.view(0))
    assert action == Declare(0, Reservation.MARRIAGE)
    assert "  1 healthy (with both ♣Q: a silent marriage, alone, §7.5)" in lines
    assert "  2 marriage (you hold both ♣Q)" in lines
    assert "  9 fleshless solo" in lines

    deal = deal.declare(0, Reservation.HEALTHY)
    assert terminal(Typist(), []).act(deal.view(0)) is None  # not its turn
    lines.clear()
    action = terminal(Typist(["6"]), lines, ascii_only=True).act(deal.view(1))
    assert action == Declare(1, Reservation.QUEENS_SOLO)
    assert lines[0] == "Your hand: SJ SJ HJ HJ DJ DJ DA DA D10 D10 DK DK"
    assert "  2 diamonds solo" in lines


def test_terminal_player_end_of_input_and_quit() -> None:
    view = Deal.shuffled(seed=1).view(0)
    with pytest.raises(GameAbandoned):
        terminal(Typist(), []).act(view)
    with pytest.raises(GameAbandoned):
        terminal(Typist(["Q"]), []).act(view)
    assert "TerminalPlayer(ascii_only=False" in repr(TerminalPlayer())


def narrated(hands: list[str], players: list[Player], seat: int) -> list[str]:
    lines: list[str] = []
    play_narrated(Deal.from_hands(hands), players, seat=seat, output_fn=lines.append)
    return lines


def test_narration_of_a_marriage_that_becomes_a_solo() -> None:
    human = terminal(Typist(["2"], default="1"), [])
    lines = narrated(TOP_TRUMPS, [human, FirstLegal(), FirstLegal(), FirstLegal()], seat=0)
    assert lines[0] == "A new deal: seat 3 deals, seat 0 leads. You are seat 0."
    assert lines[1] == "You: Vorbehalt (marriage)."
    assert lines[5].startswith("Contract: marriage by you, whose partner is")
    assert "You won tricks 1-3: no partner, a marriage solo (§7.3)." in lines
    assert lines.index("You won tricks 1-3: no partner, a marriage solo (§7.3).") == 9


def test_narration_when_the_person_becomes_the_partner() -> None:
    human = terminal(Typist(default="1"), [])
    lines = narrated(
        PARTNER_FOUND, [FirstLegal(Reservation.MARRIAGE), human, FirstLegal(), FirstLegal()], 1
    )
    assert "Seat 0: Vorbehalt." in lines
    assert (
        "Contract: marriage by seat 0, whose partner is the first other winner of "
        "tricks 1-3 (§7.2)." in lines
    )
    assert "You won the trick and join seat 0 as Re (§7.2)." in lines


def test_narration_of_a_silent_marriage() -> None:
    holder = terminal(Typist(default="1"), [])
    lines = narrated(TOP_TRUMPS, [holder, FirstLegal(), FirstLegal(), FirstLegal()], seat=0)
    assert "Contract: silent marriage. You hold both ♣Q and play alone (§7.5)." in lines

    other = terminal(Typist(default="1"), [])
    lines = narrated(TOP_TRUMPS, [FirstLegal(), other, FirstLegal(), FirstLegal()], seat=1)
    assert "Contract: normal game. You are Kontra (the ♣Q holders are Re)." in lines
    assert "Seat 0 played the second ♣Q: a silent marriage, seat 0 plays alone (§7.5)." in lines


def test_narration_of_solos() -> None:
    human = terminal(Typist(["7"], default="1"), [])
    lines = narrated(TOP_TRUMPS, [FirstLegal(), human, FirstLegal(), FirstLegal()], seat=1)
    assert "Contract: jacks solo by you." in lines
    bots = [FirstLegal(), FirstLegal(), FirstLegal(Reservation.CLUBS_SOLO), FirstLegal()]
    human = terminal(Typist(default="1"), [])
    lines = narrated(TOP_TRUMPS, [human, *bots[1:]], seat=0)
    assert "Seat 2: Vorbehalt." in lines
    assert "Contract: clubs solo by seat 2." in lines


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
    assert "the score needs --re-points, --re-tricks (or --json FILE)" in err


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
