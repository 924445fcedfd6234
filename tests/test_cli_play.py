"""The ``play`` command and the terminal player."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import pytest

from doppelkopf import (
    Announce,
    Announcement,
    Card,
    Deal,
    Declare,
    HeuristicPlayer,
    Party,
    Play,
    Reservation,
)
from doppelkopf.cli import (
    GameAbandoned,
    TerminalPlayer,
    play,
    play_narrated,
)
from doppelkopf.players import Player
from doppelkopf.tricks import trick_winner
from test_cli import (
    PARTNER_FOUND,
    TOP_TRUMPS,
    FirstLegal,
    Typist,
    normal_deal,
    play_first_cards,
    run,
    run_process,
    terminal,
)

# --- play -----------------------------------------------------------------------


class Careful:
    """Answers as a careful person: option 1 in the reservation round, then the first card it
    may play, found in the last hand it was shown; it passes off turn, and on its turn first
    types the words of ``announce``, one per prompt, confirming each announcement."""

    def __init__(self, shown: Callable[[], Sequence[str]], announce: Sequence[str] = ()) -> None:
        self.shown = shown
        self.announce = list(announce)

    def __call__(self, prompt: str) -> str:
        if prompt.startswith("Your answer"):
            return "1"
        if prompt.startswith("Announce ") and "(y/n)" in prompt:
            return "y"
        if prompt.startswith("Your card"):
            if self.announce and "announcement" in prompt:
                return self.announce.pop(0)
            hand = next(line for line in reversed(self.shown()) if line.startswith("Your hand ("))
            cards = hand.split("): ", 1)[1].split("  ")
            return next(card.split()[0] for card in cards if not card.startswith("("))
        return ""


class Screen:
    """What ``play`` printed so far, read from the captured output while it runs."""

    def __init__(self, capsys: pytest.CaptureFixture[str]) -> None:
        self.capsys = capsys
        self.text = ""

    def lines(self) -> list[str]:
        self.text += self.capsys.readouterr().out
        return self.text.splitlines()


def play_main(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    typist: Typist,
    *argv: str,
    screen: Screen | None = None,
) -> tuple[int, str, str]:
    monkeypatch.setattr(play, "_answer_reader", lambda: typist)
    status, out, err = run(capsys, "play", *argv)
    return status, (screen.text if screen else "") + out, err


def careful_main(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    *argv: str,
    announce: Sequence[str] = (),
) -> tuple[int, str, str, Typist]:
    screen = Screen(capsys)
    typist = Typist(default=Careful(screen.lines, announce))
    status, out, err = play_main(monkeypatch, capsys, typist, *argv, screen=screen)
    return status, out, err, typist


def test_play_a_whole_deal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err, typist = careful_main(monkeypatch, capsys, "--seed", "3")
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
    status, out, _, typist = careful_main(
        monkeypatch, capsys, "--seed", "1", "--seat", "2", announce=["re", "kontra"]
    )
    assert status == 0
    assert "You are seat 2." in out
    match = re.search(r"^You \((Re|Kontra)\) announce (Re|Kontra)\.$", out, re.MULTILINE)
    assert match is not None
    assert match[1] == match[2]
    assert out.count(" announce ") == 1
    assert re.search(rf"^  {match[1]} .*, announced {match[1]}$", out, re.MULTILINE)
    assert any(
        line.endswith("? It raises the deal's value. (y/n): y") for line in typist.transcript
    )


def test_play_a_session(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _, _ = careful_main(monkeypatch, capsys, "--seed", "2", "--session")
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
    assert "Announcements are typed as words, never as numbers:" in out
    assert out.count("Reservation round: what do you play?") == 2  # shown again by h
    assert "Please type a card's number (1-12) or name, or an announcement word" in out
    assert "There is no card 42 in your hand: choose 1-12; announcements are typed as words." in out
    assert "There is no card 12345678901234567890 in your hand" in out
    assert typist.transcript[-1].endswith("<EOF>")


def test_keyboard_interrupt_exits_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(play, "_answer_reader", lambda: interrupted)
    assert run(capsys, "play", "--seed", "3")[0] == 130


def test_play_through_python_dash_m(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, _, _, typist = careful_main(monkeypatch, capsys, "--seed", "3")
    answers = [
        line.rsplit(": ", 1)[1] if not line.endswith(": ") else "" for line in typist.transcript
    ]
    result = run_process("play", "--seed", "3", "--ascii", stdin="\n".join(answers) + "\n")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert "You score" in result.stdout
    assert "♣" not in result.stdout

    result = run_process("play", "--seed", "3", stdin="x\n9\n1\nSA\n")
    assert result.returncode == 1
    assert result.stderr == ""
    assert "There is no option 9" in result.stdout
    assert result.stdout.rstrip().endswith("Game abandoned.")


def test_typing_one_forever_never_announces() -> None:
    """``yes 1 | doppelkopf play --seed 2 --seat 2 --ask-off-turn`` once announced up to schwarz."""
    result = run_process("play", "--seed", "2", "--seat", "2", "--ask-off-turn", stdin="1\n" * 500)
    assert result.returncode == 1
    assert result.stderr == ""
    assert not re.search(r"^You \(\w+\) announce", result.stdout, re.MULTILINE)
    assert "(y/n)" not in result.stdout
    assert "Numbers choose cards, and it is not your turn." in result.stdout
    assert "20 answers in a row were not options." in result.stdout
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


def test_terminal_player_announces_by_word_and_confirms() -> None:
    deal = normal_deal()
    seat = deal.turn
    assert seat is not None
    party = deal.parties[seat]
    assert party is not None
    wrong = "kontra" if party is Party.RE else "re"
    lines: list[str] = []
    typist = Typist([wrong, "k90", "maybe", "n", "no60", "y"])
    action = terminal(typist, lines).act(deal.view(seat))
    assert action == Announce(seat, Announcement.NO_60)
    assert f"You play for {party}: your announcement is {str(party).lower()}." in lines
    menu = next(line for line in lines if line.startswith("  You may announce: "))
    assert f"{str(party).lower()}, k90 (keine 90), k60 (keine 60)" in menu
    assert "schwarz (each includes those before it)" in menu
    assert typist.transcript[0].startswith(
        "Your card (its number or name) or an announcement (a word): "
    )
    assert typist.transcript[2] == (
        f"Announce keine 90 (with {party})? It raises the deal's value. (y/n): maybe"
    )
    assert "Please answer y (announce) or n (do not announce)." in lines
    assert "Not announced." in lines
    assert typist.transcript[5].startswith(f"Announce keine 60 (with {party}, keine 90)? ")


@pytest.mark.parametrize("word", ["re/kontra", "Re/Kontra", "rekontra"])
def test_the_grammars_word_for_either_party_announces_ones_own(word: str) -> None:
    deal = normal_deal()
    seat = deal.turn
    assert seat is not None
    lines: list[str] = []
    action = terminal(Typist([word, "y"]), lines).act(deal.view(seat))
    assert action == Announce(seat, Announcement.RE_KONTRA)


def test_a_number_is_always_a_card_of_the_hand() -> None:
    deal = normal_deal()
    seat = deal.turn
    assert seat is not None
    game = deal.game_type
    assert game is not None
    hand = deal.hands[seat].sorted(game)
    for number, card in enumerate(hand, start=1):
        lines: list[str] = []
        action = terminal(Typist([str(number)], default="q"), lines).act(deal.view(seat))
        assert action == Play(seat, card)
    lines = []
    typist = Typist(["13"], default=None)
    with pytest.raises(GameAbandoned):
        terminal(typist, lines).act(deal.view(seat))
    assert (
        "There is no card 13 in your hand: choose 1-12; announcements are typed as words." in lines
    )


def test_the_hand_shows_which_cards_may_not_be_played() -> None:
    deal = Deal.from_hands(PARTNER_FOUND)
    for seat in range(4):
        deal = deal.declare(seat, Reservation.HEALTHY)
    deal = deal.play(0, Card.parse("♣9"))
    lines: list[str] = []
    action = terminal(Typist(["1", "12", "11"]), lines).act(deal.view(1))  # no ♣: any card
    assert action == Play(1, Card.parse("♥10"))
    assert not any("parentheses" in line or "(1 " in line for line in lines)
    lines = []
    deal = deal.play(1, Card.parse("♥10")).play(2, Card.parse("♣A"))
    action = terminal(Typist(["5", "1"]), lines).act(deal.view(3))
    assert action == Play(3, Card.parse("♣10"))
    hand = next(line for line in lines if line.startswith("Your hand ("))
    assert hand.endswith(
        "1 ♣10  2 ♣10  3 ♣K  4 ♣K  (5 ♠A)  (6 ♠A)  (7 ♠10)  (8 ♠10)  (9 ♠K)  (10 ♠K)  "
        "(11 ♥A)  (12 ♥A)"
    )
    assert "  Cards in parentheses may not be played now (§5.2)." in lines
    assert any(line.startswith("You cannot play ♠A: it is ♠ and ♣ was led") for line in lines)


def test_too_many_mistakes_leave_the_game() -> None:
    deal = normal_deal()
    seat = deal.turn
    assert seat is not None
    lines: list[str] = []
    with pytest.raises(GameAbandoned):
        terminal(Typist(default="what"), lines).act(deal.view(seat))
    assert lines[-1] == "20 answers in a row were not options."
    game = deal.game_type
    assert game is not None
    first = deal.hands[seat].sorted(game)[0]
    typist = Typist(["x"] * 19 + ["1"])
    assert terminal(typist, []).act(deal.view(seat)) == Play(seat, first)


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
    assert "Your hand (party not known yet): 1 ♥10  2 ♥10  3 ♠Q  4 ♠Q" in "\n".join(lines)


def test_terminal_player_off_turn() -> None:
    deal = play_first_cards(normal_deal(), 1)
    seat = (deal.current_trick.leader + 2) % 4  # neither the one who played nor the next
    view = deal.view(seat)
    party = deal.parties[seat]
    assert party is not None
    assert terminal(Typist(), []).act(view) is None  # not asked: no input needed
    leader = deal.current_trick.leader
    first = deal.current_trick.cards[0]

    lines: list[str] = []
    assert terminal(Typist([""]), lines, ask_off_turn=True).act(view) is None
    assert lines[0] == f"Seat {leader} played {first} (trick 1: seat {leader} {first})."
    assert lines[1].startswith(f"You may announce now: {str(party).lower()}, k90 (keine 90)")
    for passing in ("n", "pass", "-"):
        assert terminal(Typist([passing]), [], ask_off_turn=True).act(view) is None
    lines.clear()
    word = str(party).lower()
    player = terminal(Typist(["♣Q", "1", "h", "?", word, "n", word, "y"]), lines, ask_off_turn=True)
    assert player.act(view) == Announce(seat, Announcement.RE_KONTRA)
    assert (
        "It is not your turn to play; you may only announce now. Type an announcement word "
        "or press Enter to pass." in lines
    )
    assert any(line.startswith("Numbers choose cards, and it is not your turn.") for line in lines)
    assert "That is not an announcement." not in "\n".join(lines)
    assert terminal(Typist(["zzz", ""]), lines, ask_off_turn=True).act(view) is None
    assert (
        lines[-1]
        == "That is not an announcement. Type an announcement word or press Enter to pass."
    )

    done = play_first_cards(deal, 3)  # trick 1 complete
    waiting = (done.current_trick.leader + 1) % 4
    lines.clear()
    if done.legal_announcements(waiting):
        terminal(Typist([""]), lines, ask_off_turn=True).act(done.view(waiting))
        assert re.fullmatch(r"Seat \d played \S+ \(trick 1, complete: .*\)\.", lines[0])

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


@pytest.mark.parametrize("seed", range(12))
def test_narration_tells_special_points_and_the_party_s_card_points(seed: int) -> None:
    seat = seed % 4
    bots = [HeuristicPlayer(seed=seed * 4 + n) for n in range(4)]
    lines: list[str] = []
    deal = play_narrated(Deal.shuffled(seed=seed), bots, seat=seat, output_fn=lines.append)
    game = deal.game_type
    assert game is not None
    parties = deal.parties
    party = parties[seat]
    fox = Card.parse("♦A")
    trick_lines = [n for n, line in enumerate(lines) if re.match(r"Trick \d+: ", line)]
    assert len(trick_lines) == 12
    for number, (index, trick) in enumerate(zip(trick_lines, deal.tricks, strict=True), start=1):
        following = lines[index + 1 : trick_lines[number] if number < 12 else len(lines)]
        winner = trick_winner(trick, game)
        doppelkopf = [line for line in following if line.startswith("A Doppelkopf: ")]
        assert len(doppelkopf) == int(game.has_special_points and trick.points >= 40)
        foxes = [line for line in following if " fox (" in line]
        caught = [
            owner
            for owner, card in trick
            if card is fox and owner != winner and game.has_special_points
        ]
        assert len(foxes) <= len(caught)
        for line in foxes:
            if line.endswith("if they are opponents (§11.4)."):
                continue
            assert f"a special point for {parties[winner]} (§11.4)." in line
        running = [line for line in following if line.startswith("Your party (")]
        if running:
            points = sum(
                t.points for t in deal.tricks[:number] if parties[trick_winner(t, game)] is party
            )
            assert running == [
                f"Your party ({party}) has {points} card points after trick {number}."
            ]
    assert any(line.startswith("Your party (") for line in lines)


def test_narration_of_a_fox_whose_parties_are_not_known_yet() -> None:
    for seed in range(200):
        bots = [HeuristicPlayer(seed=seed + n) for n in range(4)]
        lines: list[str] = []
        play_narrated(Deal.shuffled(seed=seed), bots, seat=0, output_fn=lines.append)
        if any(line.endswith("a special point if they are opponents (§11.4).") for line in lines):
            return
    raise AssertionError("no fox taken while the parties were unknown")  # pragma: no cover


def test_help_and_the_hand_again_on_ones_turn() -> None:
    deal = normal_deal()
    seat = deal.turn
    assert seat is not None
    lines: list[str] = []
    game = deal.game_type
    assert game is not None
    typist = Typist(["?", "h", "♣Q" if Card.parse("♣Q") in deal.hands[seat] else "1"])
    action = terminal(typist, lines).act(deal.view(seat))
    assert isinstance(action, Play)
    assert "Announcements are typed as words, never as numbers:" in "\n".join(lines)
    assert sum(line.startswith("Your hand (") for line in lines) == 2
