"""The ``play`` command and the terminal player."""

from __future__ import annotations

import builtins
import re

import pytest

from doppelkopf import (
    Announce,
    Announcement,
    Card,
    Deal,
    Declare,
    Party,
    Play,
    Reservation,
)
from doppelkopf.cli import (
    GameAbandoned,
    TerminalPlayer,
    play_narrated,
)
from doppelkopf.players import Player
from test_cli import (
    PARTNER_FOUND,
    TOP_TRUMPS,
    AnnounceOnce,
    FirstLegal,
    Typist,
    normal_deal,
    play_first_cards,
    run,
    run_process,
    terminal,
)

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
