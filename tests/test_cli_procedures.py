"""The commands under the table procedures: Armut, Schmeißen, void deals, tournament, five, Bock.

``play`` is driven with scripted input as in ``test_cli_play``; the seeds were picked so that
what each test is about really happens (an Armut, a void deal, a forced solo, a sitting-out deal).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import pytest

from doppelkopf import (
    AnswerPoverty,
    Deal,
    Declare,
    HeuristicPlayer,
    Phase,
    Reservation,
    Rules,
    play_deal,
)
from doppelkopf.cli import GameAbandoned, TerminalPlayer, arena_table, describe_deal
from doppelkopf.deal import PassCards, ReturnCards
from test_cli import Typist, run
from test_cli_play import Screen, play_main

XIX_THROW = ("--rules", "xix", "--option", "schmeissen")

# V18: seat 0 holds two trumps (♦K ♣J) and may declare Armut.
V18_HANDS = [
    "♦K ♣J ♠K ♠A ♠A ♠10 ♣A ♣A ♣10 ♥A ♥K ♥9",
    "♣Q ♣Q ♠Q ♠Q ♥Q ♥Q ♦Q ♦Q ♣J ♠J ♠J ♥J",
    "♥10 ♥10 ♦A ♦A ♦10 ♦10 ♦K ♦9 ♦9 ♥J ♦J ♠9",
    "♦J ♠10 ♠K ♠9 ♣10 ♣K ♣K ♣9 ♣9 ♥A ♥K ♥9",
]


class Table:
    """Answers as a person who wants one reservation: the first option naming ``want`` (else
    option 1), ``bad`` answers first at every new kind of prompt, all its trumps and then its
    first other cards when poor, the first three cards when returning, ``accept`` to an offer,
    and the first card it may play."""

    def __init__(
        self,
        shown: Callable[[], Sequence[str]],
        want: str = "healthy",
        *,
        accept: str = "y",
        bad: dict[str, list[str]] | None = None,
    ) -> None:
        self.shown = shown
        self.want = want
        self.accept = accept
        self.bad = bad or {}

    def __call__(self, prompt: str) -> str:
        for start, answers in self.bad.items():
            if prompt.startswith(start) and answers:
                return answers.pop(0)
        lines = self.shown()
        answers_by_prompt: dict[str, Callable[[Sequence[str]], str]] = {
            "Your answer": self._reservation,
            "Your three cards to pass": self._pass,
            "Your three cards to return": lambda _: "1 2 3",
            "Accept the Armut": lambda _: self.accept,
            "Your card": self._card,
        }
        for start, answer in answers_by_prompt.items():
            if prompt.startswith(start):
                return answer(lines)
        return ""

    def _reservation(self, lines: Sequence[str]) -> str:
        options = [line for line in lines[-12:] if re.match(r"  \d+ ", line)]
        return next(
            (line.split()[0] for line in options if self.want in line), options[0].split()[0]
        )

    def _pass(self, lines: Sequence[str]) -> str:
        trumps_line = next(line for line in reversed(lines) if "(your trumps: " in line)
        trumps = trumps_line.split("(your trumps: ", 1)[1].rstrip(").").split()
        hand = self._hand(lines, "Your hand: ")
        others = [number for number, card in hand if card not in trumps]
        return " ".join(trumps + others[: 3 - len(trumps)])

    @staticmethod
    def _card(lines: Sequence[str]) -> str:
        shown = next(line for line in reversed(lines) if line.startswith("Your hand ("))
        cards = shown.split("): ", 1)[1].split("  ")
        return next(card.split()[0] for card in cards if not card.startswith("("))

    @staticmethod
    def _hand(lines: Sequence[str], start: str) -> list[tuple[str, str]]:
        line = next(line for line in reversed(lines) if line.startswith(start))
        return [(item.split()[0], item.split()[1]) for item in line.removeprefix(start).split("  ")]


def table_main(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    *argv: str,
    want: str = "healthy",
    accept: str = "y",
    bad: dict[str, list[str]] | None = None,
) -> tuple[int, str, str, Typist]:
    screen = Screen(capsys)
    typist = Typist(default=Table(screen.lines, want, accept=accept, bad=bad))
    status, out, err = play_main(monkeypatch, capsys, typist, *argv, screen=screen)
    return status, out, err, typist


# --- play: Armut --------------------------------------------------------------------


def test_play_as_the_poor_player_end_to_end(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = {"Your three cards to pass": ["1 1 2", "1 2", "♠9 ♠9 ♠9", "4 5 6", "zz 1 2"]}
    status, out, err, typist = table_main(
        monkeypatch, capsys, "--seed", "10", *XIX_THROW, want="Armut", bad=bad
    )
    assert (status, err) == (0, "")
    assert "  9 Armut: pass your trumps and play with the acceptor (V§6)" in out
    assert "You: Vorbehalt (Armut)." in out
    assert "Contract: Armut by you: three cards go to the first who accepts" in out
    assert "(your trumps: ♣J ♦A ♦K)." in out
    # Every bad choice of cards is answered with its reason and asked again.
    assert "Card 1 is named twice: name three different cards of your hand." in out
    assert "Name exactly three cards, not 2." in out
    assert "You cannot pass these cards: cannot pass ♠9: the hand holds only one ♠9" in out
    assert "You cannot pass these cards: the poor player passes all its trumps: ♣J ♦K ♦A" in out
    assert "'zz' is neither a card's number nor its name (such as ♠A or SA)." in out
    passes = [line for line in typist.transcript if line.startswith("Your three cards to pass")]
    assert len(passes) == 6
    assert passes[-1].endswith("♣J ♦A ♦K")
    assert "You pass ♣J ♦K ♦A." in out
    assert "Seat 1 refuses the Armut." in out
    assert "Seat 2 accepts the Armut." in out
    assert "Re: seats 0 and 2; Kontra: seats 1 and 3 (V§6.4)." in out
    # The poor player sees the cards that come back and how many are trumps.
    assert re.search(r"^Seat 2 returns \S+ \S+ \S+, 0 of them trumps \(V§6\.3\)\.$", out, re.M)
    assert "Traceback" not in out
    assert re.search(r"^Poverty: Re seats 0, 2 against Kontra seats 1, 3$", out, re.M)
    assert re.search(r"^You score [+-]?\d+\.$", out, re.M)


def test_play_accepting_an_armut_end_to_end(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = {"Accept the Armut": ["maybe"], "Your three cards to return": ["1 2 99", "♥9 ♥9 ♥9"]}
    status, out, err, typist = table_main(monkeypatch, capsys, "--seed", "3", *XIX_THROW, bad=bad)
    assert (status, err) == (0, "")
    assert "Contract: Armut by seat 3: three cards go to the first who accepts" in out
    assert "Seat 3 passes three cards." in out  # face down: the cards are not shown
    assert "Seat 3 offers its Armut: three cards face down" in out
    assert "Please answer y (accept the Armut) or n (refuse it)." in out
    assert "You accept the Armut." in out
    assert "You take ♦J ♦Q ♦10." in out
    assert "Re: seats 3 and 0; Kontra: seats 1 and 2 (V§6.4)." in out
    assert "You received ♦J ♦Q ♦10." in out
    assert "There is no card 99 in your hand: choose 1-15." in out
    assert "You cannot return ♥9: the hand holds no ♥9 (V§6.3)." in out
    returns = [line for line in typist.transcript if line.startswith("Your three cards to return")]
    assert len(returns) == 3
    assert "You return ♠Q ♠Q ♥Q, 3 of them trumps (V§6.3)." in out
    assert "Your hand (Re, partner seat 3):" in out
    done = re.compile(r"Trick \d+: .*: (you win|seat \d wins) \(\d+ card points\)\.")
    assert len([line for line in out.splitlines() if done.fullmatch(line)]) == 12


def test_play_a_refused_armut_and_a_throw_are_dealt_again(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err, _ = table_main(
        monkeypatch, capsys, "--seed", "7", *XIX_THROW, want="Schmeißen"
    )
    assert (status, err) == (0, "")
    assert "  9 Schmeißen (nines5, you hold at least 5 nines): the deal is void (V§7.2)" in out
    assert "You: Vorbehalt (Schmeißen)." in out
    assert re.search(
        r"^You throw in \(nines5\), showing (\S+ ){11}\S+: the deal is void; seat 2 deals again "
        r"\(V§8\)\.$",
        out,
        re.M,
    )
    assert "The deal again: seat 2 deals, seat 3 leads. You are seat 0." in out
    assert out.count("You score ") == 1


def test_terminal_player_answers_an_offer_and_returns(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    deal = Deal.from_hands(V18_HANDS, rules=Rules(armut=True)).declare(0, Reservation.POVERTY)
    for seat in (1, 2, 3):
        deal = deal.declare(seat, Reservation.HEALTHY)
    lines: list[str] = []
    poor = TerminalPlayer(Typist(["♦K ♣J"]), lines.append)
    with pytest.raises(GameAbandoned, match="the input ended"):
        poor.act(deal.view(0))
    assert "Name exactly three cards, not 2." in lines
    action = TerminalPlayer(Typist(["dk cj sk"]), lines.append).act(deal.view(0))
    assert isinstance(action, PassCards)
    deal = deal.apply(action)
    assert deal.phase is Phase.POVERTY_OFFER
    refuse = TerminalPlayer(Typist(["n"]), lines.append).act(deal.view(1))
    assert refuse == AnswerPoverty(1, False)
    assert TerminalPlayer(Typist(["y"]), lines.append).act(deal.view(0)) is None  # not its turn
    deal = deal.apply(refuse).answer_poverty(2, True)
    lines.clear()
    back = TerminalPlayer(Typist(["h", "♥10 ♦A ♠9"]), lines.append).act(deal.view(2))
    assert isinstance(back, ReturnCards)
    assert lines.count(lines[0]) == 2  # h shows the choice again
    assert "You received ♣J ♠K ♦K." in lines[0]
    deal = deal.apply(back)
    assert deal.phase is Phase.PLAY  # V18: 2 trumps returned
    assert deal.poverty is not None
    assert deal.poverty.returned_trumps == 2


# --- play: tournament and five players ------------------------------------------------


def test_play_a_tournament_session_with_a_forced_solo(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err, typist = table_main(
        monkeypatch, capsys, "--seed", "3", "--rules", "tournament", "--session"
    )
    assert (status, err) == (0, "")
    for number in range(1, 25):
        assert f"Deal {number} of 24: seat " in out
    assert "Compulsory solos still owed by seats 0, 1, 2, 3 (you among them); 24 deals left" in out
    assert "You still owe your compulsory solo (V§9.1): a solo you declare now is it" in out
    assert (
        "Deal 23 of 24: seat 3 deals; the deal is forced (Vorführen, V§9.5): you still owe a "
        "compulsory solo, name one and lead. You are seat 0." in out
    )
    assert "Forced deal (Vorführen, V§9.5): you still owe your compulsory solo" in out
    assert "Which solo do you play?" in out
    assert "Contract: diamonds solo by you, a forced solo (Vorführen): you lead trick 1" in out
    assert "Contract: clubs solo by seat 2, a forced solo (Vorführen): seat 2 leads trick 1" in out
    forced_prompt = typist.transcript[
        max(i for i, line in enumerate(typist.transcript) if line.startswith("Your answer"))
    ]
    assert forced_prompt.startswith("Your answer (1-7)")  # only the seven solos
    assert out.rstrip().splitlines()[-1].startswith("Winner")
    assert "(seat 0, forced)" in out


def test_play_five_players_sitting_out_and_bock(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err, _ = table_main(
        monkeypatch, capsys, "--seed", "3", "--option", "players=5", "--option",
        "bock=tie+lost_solo", "--option", "schmeissen", "--option", "armut=true",
        "--session", "--seat", "4",
    )  # fmt: skip
    assert (status, err) == (0, "")
    assert out.startswith("Doppelkopf: you are seat 4 against four heuristic players")
    assert (
        "Deal 1 of 15: seat 1 deals and sits out (V§10); seats 2, 3, 4, 0 play, seat 2 "
        "leading. You are seat 4." in out
    )
    assert "Deal 4 of 15: you deal and sit out, writing 0 (V§10)." in out
    assert re.search(r"^The four others played a .*: seat 0 [+-]?\d+, .*, you 0\.$", out, re.M)
    assert "the deal is void; seat 2 deals again (V§8)." in out
    assert "Deal 7 of 15 (dealt again): seat 2 deals and sits out" in out
    assert "Deal 16 of 15" not in out
    assert re.search(r"^  15 .* x2 ", out, re.M)
    assert out.rstrip().splitlines()[-1].startswith("Winner")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--seat", "4"], "--seat 4 is not at a table of 4 players: choose 0-3"),
        (["--seat", "5", "--option", "players=5"], "a seat is 0, 1, 2 or 3 (4 at five players)"),
    ],
)
def test_play_seat_must_be_at_the_table(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    message: str,
) -> None:
    status, out, err = play_main(monkeypatch, capsys, Typist(), *argv)
    assert status == 2
    assert out == ""
    assert message in err


# --- demo --------------------------------------------------------------------------


def test_demo_shows_armut_and_void_deals_dealt_again(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "demo", "--seed", "2", *XIX_THROW)
    assert (status, err) == (0, "")
    lines = out.splitlines()
    void = lines.index("Deal 4 of 12 (void)")
    assert lines[void + 1] == "  Seat 3 deals."
    assert lines[void + 7].endswith("seat 3 Vorbehalt (Schmeißen, nines5).")
    assert lines[void + 8] == (
        "  Seat 3 throws in (nines5: at least 5 nines) and shows its hand: the deal is void, "
        "no score; seat 3 deals again (V§7.2, V§8)."
    )
    assert lines[void + 10] == "Deal 4 of 12 (dealt again)"
    assert lines[void + 11] == "  Seat 3 deals, seat 0 leads."
    assert re.search(r"^  Armut: seat \d passes (\S+ ){3}face down; (seat \d refuses, )*seat \d "
                     r"accepts \(V§6\.3\)\.$", out, re.M)  # fmt: skip
    assert re.search(r"^  Seat \d returns (\S+ ){2}\S+: \d trumps?, announced to all", out, re.M)
    assert "(the poor player and the acceptor) against Kontra" in out
    assert out.count("Totals after deal") == 12
    assert lines[-1].startswith("Winner")
    assert "void: dealt again" in out


def test_describe_deal_of_every_procedure() -> None:
    rules = Rules.from_options({"schmeissen": "nines5+kings5"}, base=Rules.XIX)
    seen: dict[str, list[str]] = {}
    for seed in range(60):
        deal = play_deal(
            Deal.shuffled(seed=seed, rules=rules), [HeuristicPlayer(seed=k) for k in range(4)]
        )
        kind = deal.void.reason if deal.void is not None else str(deal.game_type)
        seen.setdefault(kind, describe_deal(deal))
    assert {"thrown", "poverty_refused", "poverty"} <= set(seen)
    refused = seen["poverty_refused"]
    assert re.fullmatch(r"Armut: seat (\d) passes .*; seat \d refuses, seat \d refuses, seat \d "
                        r"refuses \(V§6\.3\)\.", refused[-2])  # fmt: skip
    assert refused[-1].startswith("Nobody accepted the Armut of seat ")
    # The hands announced with are those after the exchange: 12 cards each.
    announced = [line for line in seen["poverty"] if " announces " in line]
    for line in announced:
        cards = re.search(r"with (\d+) cards: (.*)$", line)
        assert cards is not None
        assert len(cards[2].split()) == int(cards[1])


def test_demo_a_tournament_session(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "demo", "--seed", "1", "--rules", "tournament")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith("A session of 24 deals between four heuristic players (seed 1).")
    assert lines[1] == "Rules: tournament"
    headers = [line for line in lines if re.fullmatch(r"Deal \d+ of 24", line)]
    assert headers == [f"Deal {n} of 24" for n in range(1, 25)]
    assert "  Compulsory solos owed by seats 0, 1, 2, 3; 24 deals left (V§9.1)." in lines
    forced = [line for line in lines if line.startswith("  Forced deal (Vorführen, V§9.5)")]
    assert len(forced) == 3
    assert re.search(r"^  Contract: .* solo by seat \d, alone against .*, a forced solo; seat \d "
                     r"leads trick 1 \(V§9\.3\)\.$", out, re.M)  # fmt: skip
    sheet = out.split("Score sheet\n", 1)[1].splitlines()
    assert sum("forced)" in line for line in sheet) == 3
    assert sheet[-1].startswith("Winner")


def test_demo_five_players_with_bock(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(
        capsys, "demo", "--seed", "2", "--option", "players=5",
        "--option", "bock=tie+lost_solo+lost_announcement",
    )  # fmt: skip
    assert (status, err) == (0, "")
    assert out.startswith("A session of 15 deals between five heuristic players (seed 2).")
    assert re.search(r"^  Table seat (\d) deals and sits out, writing 0 \(V§10\); deal seats 0-3 "
                     r"are table seats \d, \d, \d, \d\.$", out, re.M)  # fmt: skip
    assert "  Bock deal: every score ×2 (V§11)." in out
    assert "  Bock: the scores count ×2 on the sheet (V§11.4)." in out
    assert re.search(r"^  Totals after deal 15: seat 0 .*, seat 4 [+-]?\d+$", out, re.M)


def test_demo_deals_follow_the_session_length(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "demo", "--seed", "1", "--rules", "tournament", "--deals", "13")
    assert (status, err) == (0, "")
    assert "Deal 13 of 24" in out
    assert "Deal 14 of 24" not in out
    status, out, err = run(capsys, "demo", "--rules", "tournament", "--deals", "25")
    assert (status, out) == (2, "")
    assert err == (
        "doppelkopf demo: error: argument --deals: a session has 24 deals under these rules, "
        "so at most 24, not 25\n"
    )


# --- arena -------------------------------------------------------------------------


def test_arena_counts_void_deals_and_armut(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(
        capsys, "arena", "--seed", "1", "--deals", "200", *XIX_THROW,
        "--players", "heuristic,uniform,random,heuristic",
    )  # fmt: skip
    assert (status, err) == (0, "")
    assert (
        "23 void deals were dealt again by the same dealer (V§8) and left out of the scores." in out
    )
    rows = {line.split("  ")[0].strip(): line for line in out.splitlines()[4:]}
    assert re.fullmatch(r"void: thrown in {8}\s+21  seat .*", rows["void: thrown in"])
    assert re.fullmatch(r"void: Armut refused\s+2  seat .*", rows["void: Armut refused"])
    assert re.fullmatch(r"poverty\s+18  seat .*", rows["poverty"])
    counts = [int(line.split()[-1]) for line in out.splitlines() if re.match(r" {3}\d  ", line)]
    assert sum(counts) == 0  # the played deals' scores; void deals score nothing


def test_arena_table_leaves_void_deals_out_of_the_scores() -> None:
    rules = Rules(armut=True, schmeissen=frozenset({"nines5", "kings5"}))
    deals = [
        play_deal(Deal.shuffled(seed=n, rules=rules), [HeuristicPlayer(seed=k) for k in range(4)])
        for n in range(40)
    ]
    assert any(deal.is_void for deal in deals)
    kinds = ["heuristic"] * 4
    played = [deal for deal in deals if not deal.is_void]
    table = arena_table(deals, kinds)
    assert table[:5] == arena_table(played, kinds)[:5]
    assert any(line.startswith("void: ") for line in table)
    only_void = arena_table([deal for deal in deals if deal.is_void], kinds)
    assert only_void[1].split()[2:] == ["n/a", "n/a", "n/a", "+0"]


def test_arena_under_a_tournament_notes_that_deals_stand_alone(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(
        capsys, "arena", "--seed", "1", "--deals", "20", "--rules", "tournament", "--rotate"
    )
    assert (status, err) == (0, "")
    assert "Each deal stands alone, outside a session: no compulsory solo is owed" in out


def test_heuristic_bots_declare_every_new_reservation() -> None:
    """The arena's bots are the library's; under Armut and Schmeißen they use both."""
    rules = Rules(armut=True, schmeissen=frozenset({"nines5", "kings5"}))
    answers = set()
    for seed in range(60):
        deal = play_deal(
            Deal.shuffled(seed=seed, rules=rules), [HeuristicPlayer(seed=k) for k in range(4)]
        )
        answers |= {event.reservation for event in deal.history if isinstance(event, Declare)}
    assert {Reservation.POVERTY, Reservation.THROW} <= answers
