"""What the command line reads: answers through the action grammar, and lines bounded.

The person at the terminal types actions in the one grammar of
:func:`doppelkopf.wire.parse_action` (SPEC §3.2, §5, §8, V§6.3), with the
terminal's numbers, German card names and ``y``/``n`` on top; every line a
command reads is bounded in length and refused, naming the line, when it is
not UTF-8 text.
"""

from __future__ import annotations

import io
import subprocess
import sys
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from doppelkopf import (
    Announce,
    AnswerPoverty,
    Card,
    Deal,
    Declare,
    DoppelkopfError,
    Play,
    Reservation,
    Rules,
)
from doppelkopf.cli import GameAbandoned, _terminal, play
from doppelkopf.cli._answers import german_name
from doppelkopf.cli._common import MAX_INPUT_LINE, _InputError, _line_reader, _read_piped
from doppelkopf.deal import PassCards
from doppelkopf.wire import parse_action
from test_cli import SRC, Typist, normal_deal, run, terminal
from test_cli_procedures import V18_HANDS


@pytest.fixture
def grammar(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the terminal player gives the action grammar."""
    seen: list[str] = []

    def spy(text: str, **kwargs: object) -> object:
        seen.append(text)
        return parse_action(text, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(_terminal, "parse_action", spy)
    return seen


# --- play: cards and announcements -------------------------------------------------


def test_cards_by_name_and_in_german_go_through_the_grammar(grammar: list[str]) -> None:
    deal = normal_deal()
    seat = deal.turn
    assert seat is not None
    legal = [action.card for action in deal.legal_actions if isinstance(action, Play)]
    card = legal[0]
    german = german_name(card)
    for typed in (str(card), card.ascii.lower(), german, german.upper()):
        lines: list[str] = []
        action = terminal(Typist([typed]), lines).act(deal.view(seat))
        assert action == Play(seat, card)
    # A German name is given to the grammar again as the grammar's card.
    assert grammar == [
        str(card),
        card.ascii.lower(),
        german,
        card.ascii,
        german.upper(),
        card.ascii,
    ]


def test_announcements_are_the_grammars_words(grammar: list[str]) -> None:
    deal = normal_deal()
    seat = deal.turn
    assert seat is not None
    for typed in ("keine 90", "k90", "no 90", "Keine 90"):
        action = terminal(Typist([typed, "y"]), []).act(deal.view(seat))
        assert isinstance(action, Announce)
        assert int(action.level) == 1
    assert grammar == ["keine 90", "k90", "no 90", "Keine 90"]


def test_an_action_of_another_phase_is_no_answer_in_play() -> None:
    deal = normal_deal()
    seat = deal.turn
    assert seat is not None
    lines: list[str] = []
    with pytest.raises(GameAbandoned):
        terminal(Typist(["healthy", "pass SA SK S9"]), lines).act(deal.view(seat))
    refusals = [line for line in lines if line.startswith("Please type a card's number")]
    assert len(refusals) == 2


def test_off_turn_a_card_by_name_is_refused_as_not_your_turn(grammar: list[str]) -> None:
    deal = normal_deal()
    seat = deal.turn
    assert seat is not None
    first = next(action for action in deal.legal_actions if isinstance(action, Play))
    deal = deal.apply(first)
    other = seat  # after its card, off turn
    card = next(iter(deal.hands[other]))
    lines: list[str] = []
    player = terminal(Typist([card.ascii, ""]), lines, ask_off_turn=True)
    assert player.act(deal.view(other)) is None
    assert any(line.startswith("It is not your turn to play") for line in lines)
    assert grammar == [card.ascii]


# --- the reservation round ---------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "reservation"),
    [
        ("gesund", Reservation.HEALTHY),
        ("healthy", Reservation.HEALTHY),
        ("Damensolo", Reservation.QUEENS_SOLO),
        ("solo karo", Reservation.DIAMONDS_SOLO),
        ("fleischloser", Reservation.FLESHLESS),
    ],
)
def test_a_reservation_may_be_typed_in_the_grammars_words(
    typed: str, reservation: Reservation
) -> None:
    view = Deal.shuffled(seed=1).view(0)
    action = terminal(Typist([typed]), []).act(view)
    assert action == Declare(0, reservation)


def test_a_reservation_that_is_not_offered_names_the_choices() -> None:
    view = Deal.shuffled(seed=1).view(0)  # no pair of ♣Q: no marriage
    lines: list[str] = []
    action = terminal(Typist(["Hochzeit", "1"]), lines).act(view)
    assert action == Declare(0, Reservation.HEALTHY)
    assert "You cannot declare marriage now: choose 1-8." in lines


# --- the Armut ---------------------------------------------------------------------


def armut() -> Deal:
    deal = Deal.from_hands(V18_HANDS, rules=Rules(armut=True)).declare(0, Reservation.POVERTY)
    for seat in (1, 2, 3):
        deal = deal.declare(seat, Reservation.HEALTHY)
    return deal


@pytest.mark.parametrize("typed", ["pass dk cj sk", "abgeben 1 2 Pik König", "DK, CJ, SK"])
def test_the_cards_of_the_armut_may_be_led_by_the_grammars_verb(typed: str) -> None:
    deal = armut()
    action = terminal(Typist([typed]), []).act(deal.view(0))
    assert isinstance(action, PassCards)
    assert sorted(action.cards) == sorted(Card.parse(c) for c in ("♦K", "♣J", "♠K"))


def test_the_verb_of_the_other_step_is_refused() -> None:
    deal = armut()
    lines: list[str] = []
    action = terminal(Typist(["return dk cj sk", "dk cj sk"]), lines).act(deal.view(0))
    assert isinstance(action, PassCards)
    assert "Now you pass three cards (V§6.3): name them, without another verb." in lines


@pytest.mark.parametrize(
    ("typed", "accept"),
    [("y", True), ("ja", True), ("annehmen", True), ("n", False), ("ablehnen", False)],
)
def test_an_armut_offer_is_answered_with_y_n_or_the_grammars_words(
    typed: str, accept: bool
) -> None:
    deal = armut()
    deal = deal.apply(PassCards(0, tuple(Card.parse(c) for c in ("♦K", "♣J", "♠K"))))
    action = terminal(Typist([typed]), []).act(deal.view(1))
    assert action == AnswerPoverty(1, accept)


def test_a_card_is_no_answer_to_an_armut_offer() -> None:
    deal = armut()
    deal = deal.apply(PassCards(0, tuple(Card.parse(c) for c in ("♦K", "♣J", "♠K"))))
    lines: list[str] = []
    action = terminal(Typist(["♣Q", "nein"]), lines).act(deal.view(1))
    assert action == AnswerPoverty(1, False)
    assert "Please answer y (accept the Armut) or n (refuse it)." in lines


# --- the length of an answer, and lines that cannot be read ------------------------


def test_an_answer_longer_than_an_actions_text_is_refused_and_asked_again() -> None:
    view = Deal.shuffled(seed=1).view(0)
    lines: list[str] = []
    action = terminal(Typist(["1" * 101, "x" * 10**6, "1"]), lines).act(view)
    assert action == Declare(0, Reservation.HEALTHY)
    assert "An answer is at most 100 characters, not 101." in lines
    assert "An answer is at most 100 characters, not 1,000,000." in lines


def test_answers_too_long_twenty_times_in_a_row_leave_the_game() -> None:
    view = Deal.shuffled(seed=1).view(0)
    lines: list[str] = []
    with pytest.raises(GameAbandoned, match="too many answers"):
        terminal(Typist([], default="x" * 101), lines).act(view)
    assert lines[-1] == "20 answers in a row were not options."


def test_a_line_the_input_cannot_read_is_a_mistake_not_an_error() -> None:
    answers = iter(["bad", "1"])

    def read(prompt: str) -> str:
        if next(answers) == "bad":
            raise _InputError("the line is not UTF-8 text")
        return "1"

    lines: list[str] = []
    action = _terminal.TerminalPlayer(read, lines.append).act(Deal.shuffled(seed=1).view(0))
    assert action == Declare(0, Reservation.HEALTHY)
    assert "Not read: the line is not UTF-8 text." in lines


def piped(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    """Standard input as a pipe of ``data`` (bytes beneath, not a terminal)."""
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))


def test_piped_lines_are_read_bounded_and_as_utf_8(monkeypatch: pytest.MonkeyPatch) -> None:
    limit = MAX_INPUT_LINE
    piped(
        monkeypatch,
        b"\xe2\x82\xac" * limit  # the longest line, in 3-byte characters
        + b"\r\n"
        + b"x" * (limit + 1)
        + b"\nre 0,2 151\n\xff\xfe\nlast",
    )
    assert _read_piped(limit) == "€" * limit
    with pytest.raises(_InputError, match=f"the line is longer than {limit} characters"):
        _read_piped(limit)
    assert _read_piped(limit) == "re 0,2 151"  # the rest of the long line was skipped
    with pytest.raises(_InputError, match="not UTF-8 text: byte 0xff at byte 1"):
        _read_piped(limit)
    assert _read_piped(limit) == "last"
    with pytest.raises(EOFError):
        _read_piped(limit)


@given(st.text(alphabet=st.characters(blacklist_characters="\r\n"), max_size=60))
def test_a_piped_line_reads_back_as_written(text: str) -> None:
    stream = io.TextIOWrapper(io.BytesIO(text.encode("utf-8", "surrogatepass") + b"\n"))
    saved = sys.stdin
    sys.stdin = stream
    try:
        try:
            assert _read_piped(60) == text
        except _InputError:
            assert any("\ud800" <= char <= "\udfff" for char in text)  # no UTF-8 text
    finally:
        sys.stdin = saved


def test_a_text_stream_without_bytes_is_bounded_too(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("x" * 50 + "\nok\n"))
    with pytest.raises(_InputError, match="longer than 10"):
        _read_piped(10)
    assert _read_piped(10) == "ok"
    with pytest.raises(EOFError):
        _read_piped(10)


def test_the_piped_reader_writes_the_prompt(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    piped(monkeypatch, b"1\n")
    read: Callable[[str], str] = _line_reader()
    assert read("Your answer: ") == "1"
    assert capsys.readouterr().out == "Your answer: "
    assert play._answer_reader() is not input  # standard input is no terminal here


def test_sheet_stops_at_a_line_that_is_not_utf_8(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    piped(monkeypatch, b"re 0,2 151\n\xffre 1,3 151\n")
    status, out, err = run(capsys, "sheet")
    assert status == 2
    assert err == (
        "doppelkopf sheet: error: line 2: the line is not UTF-8 text: byte 0xff at byte 1 "
        "does not belong there\n"
    )
    assert "Totals after deal 1" in out


def test_sheet_and_play_from_a_pipe_of_bytes_that_are_not_utf_8() -> None:
    env = {"PYTHONPATH": str(SRC), "PYTHONIOENCODING": "utf-8"}
    commands = {
        ("sheet",): b"re 0,2 151\n\xff\xfe\n",
        ("play", "--seed", "1"): b"\xff\n" + b"1" * 100_000 + b"\nq\n",
    }
    outputs = {}
    for argv, data in commands.items():
        done = subprocess.run(
            [sys.executable, "-m", "doppelkopf", *argv],
            input=data,
            capture_output=True,
            env=env,
            timeout=60,
            check=False,
        )
        assert b"Traceback" not in done.stderr
        outputs[argv[0]] = (done.returncode, done.stdout.decode(), done.stderr.decode())
    assert outputs["sheet"][0] == 2
    assert "line 2: the line is not UTF-8 text" in outputs["sheet"][2]
    status, out, _ = outputs["play"]
    assert status == 1  # left with q
    assert "Not read: the line is not UTF-8 text: byte 0xff at byte 1" in out
    assert f"Not read: the line is longer than {MAX_INPUT_LINE} characters." in out


def test_a_reader_error_is_a_doppelkopf_error() -> None:
    assert issubclass(_InputError, DoppelkopfError)
    assert issubclass(_InputError, ValueError)


def test_a_line_far_longer_than_the_limit_is_skipped_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    piped(monkeypatch, b"x" * (4 * MAX_INPUT_LINE + 10) + b"\nnext\n")
    with pytest.raises(_InputError, match="longer than"):
        _read_piped(MAX_INPUT_LINE)
    assert _read_piped(MAX_INPUT_LINE) == "next"


def test_at_a_terminal_the_line_is_read_by_input(monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stdin", Terminal(""))
    answers = iter(["typed", b"\xff"])

    def typed(prompt: str) -> str:
        answer = next(answers)
        if isinstance(answer, bytes):
            answer.decode("utf-8")
        return str(answer)

    monkeypatch.setattr("builtins.input", typed)
    read = _line_reader()
    assert read("? ") == "typed"
    with pytest.raises(_InputError, match="the line is not UTF-8 text: invalid start byte"):
        read("? ")


def test_a_sheet_at_a_terminal_asks_again_after_a_line_it_cannot_read() -> None:
    from doppelkopf import Session
    from doppelkopf.cli.sheet import keep_sheet

    lines = iter(["bad", "re 0,2 151"])

    def read(prompt: str) -> str:
        line = next(lines, None)
        if line is None:
            raise EOFError
        if line == "bad":
            raise _InputError("the line is not UTF-8 text")
        return line

    said: list[str] = []
    session = keep_sheet(Session.new(0), read, said.append)
    assert len(session) == 1
    assert "Not read: the line is not UTF-8 text. Try again." in said
