"""The command line at its edges: bad option values, confusable answers, the documented options,
the terminal game's messages and the arena's bots."""

from __future__ import annotations

import argparse
import builtins
import importlib.util
import io
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doppelkopf import (
    Announcement,
    Card,
    Deal,
    Declare,
    InvalidTypeError,
    InvalidValueError,
    PassCards,
    Play,
    RandomPlayer,
    Reservation,
    Rules,
    play_deal,
    settle,
)
from doppelkopf.cli import SoloShyRandomPlayer, build_parser, main, play
from doppelkopf.cli._answers import card_named
from doppelkopf.cli._common import _PRESETS
from doppelkopf.cli.play import _line_editing
from test_cli import Typist, normal_deal, run, run_process, terminal

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

    def failing(cls: type[Rules], /, options: dict[str, str], **kwargs: object) -> Rules:
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


def test_an_unexpected_error_of_two_options_together_names_the_first(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    real = Rules.from_options.__func__  # type: ignore[attr-defined]

    def failing(cls: type[Rules], /, options: dict[str, str], **kwargs: object) -> Rules:
        if len(options) > 1:
            raise ArithmeticError("together")
        return real(cls, options, **kwargs)  # type: ignore[no-any-return]

    monkeypatch.setattr(Rules, "from_options", classmethod(failing))
    status, _, err = run(
        capsys, "score", *RULES_COMMANDS["score"], "--option", "nines=false",
        "--option", "players=5",
    )  # fmt: skip
    assert status == 2
    assert err == 'doppelkopf score: error: option nines cannot be "false" (V§0.1)\n'


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


# --- play: what the person is told --------------------------------------------------


def test_a_person_types_german_card_names_and_near_misses() -> None:
    """Seat 0 of ``play --seed 1`` holds ♣Q and ♥10; trick 3 comes with 10 cards in hand."""
    typed = "1\nschwartz\nKreuz Dame\nherz zehn\nre\nKreuz Asss\nq\n"
    result = run_process("play", "--seed", "1", stdin=typed)
    assert result.returncode == 1, result.stderr
    out = result.stdout
    assert "or an announcement word (? for help, q to quit). Did you mean schwarz?" in out
    assert "Trick 1: seat 2 ♦9, seat 3 ♦9, seat 0 ♣Q, seat 1 ♦J: you win" in out
    assert "Trick 2: seat 0 ♥10, " in out
    assert (
        "You cannot announce Re now: Re/Kontra needs at least 11 cards in hand, not 10 "
        "(§8.4, §8.6)." in out
    )
    assert "open to you" not in out
    assert "(? for help, q to quit). Did you mean kreuz ass?" in out
    assert out.rstrip().endswith("Game abandoned.")


def test_a_near_miss_of_a_command_in_the_reservation_round() -> None:
    lines: list[str] = []
    action = terminal(Typist(["hlep", "quiet", "1"]), lines).act(Deal.shuffled(seed=1).view(0))
    assert action == Declare(0, Reservation.HEALTHY)
    assert "Please type 1-8 (? for help, q to quit). Did you mean help?" in lines
    assert "Please type 1-8 (? for help, q to quit). Did you mean quit?" in lines


def test_a_repeated_announcement_is_refused_with_its_reason() -> None:
    deal = normal_deal()
    seat = deal.turn
    assert seat is not None
    party = deal.parties[seat]
    assert party is not None
    deal = deal.announce(seat, Announcement.RE_KONTRA)
    lines: list[str] = []
    word = str(party).lower()
    action = terminal(Typist([word, "1"]), lines).act(deal.view(seat))
    assert isinstance(action, Play)
    assert (
        f"You cannot announce {party} now: your party has announced {party} already (§8.6a)."
        in (lines)
    )


@pytest.mark.parametrize(
    ("typed", "card"),
    [("Kreuz Dame", "♣Q"), ("karo-koenig", "♦K"), ("HERZ ZEHN", "♥10"), ("pikass", "♠A"),
     ("Karo König", "♦K"), ("Kreuz Bube", "♣J"), ("Herz Neun", "♥9")],
)  # fmt: skip
def test_german_card_names(typed: str, card: str) -> None:
    assert card_named(typed) == Card.parse(card)


def test_an_armut_takes_german_names_of_three_cards() -> None:
    hands = ["♦K ♣J ♠K ♠A ♠A ♠10 ♣A ♣A ♣10 ♥A ♥K ♥9",
             "♣Q ♣Q ♠Q ♠Q ♥Q ♥Q ♦Q ♦Q ♣J ♠J ♠J ♥J",
             "♥10 ♥10 ♦A ♦A ♦10 ♦10 ♦K ♦9 ♦9 ♥J ♦J ♠9",
             "♦J ♠10 ♠K ♠9 ♣10 ♣K ♣K ♣9 ♣9 ♥A ♥K ♥9"]  # fmt: skip
    deal = Deal.from_hands(hands, rules=Rules(armut=True)).declare(0, Reservation.POVERTY)
    for seat in (1, 2, 3):
        deal = deal.declare(seat, Reservation.HEALTHY)
    lines: list[str] = []
    action = terminal(Typist(["Kreuz Bube, Karo König Pik König"]), lines).act(deal.view(0))
    assert action == PassCards(0, (Card.parse("♣J"), Card.parse("♦K"), Card.parse("♠K")))


def test_line_editing_only_at_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.delitem(sys.modules, "readline", raising=False)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    _line_editing()
    assert "readline" not in sys.modules
    monkeypatch.setattr(sys, "stdin", Terminal(""))
    monkeypatch.setitem(sys.modules, "readline", None)  # a platform without it
    _line_editing()  # no error
    if importlib.util.find_spec("readline") is not None:
        monkeypatch.delitem(sys.modules, "readline")
        _line_editing()
        assert sys.modules.get("readline") is not None


def test_five_players_number_every_seat_as_the_table_does(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every seat a deal's narration names is one of the table seats that play it."""
    shown: list[str] = []
    monkeypatch.setattr(play, "_answer_reader", lambda: FirstPlayable(shown))
    monkeypatch.setattr(builtins, "print", lambda *args, **_: shown.append(" ".join(args)))
    status = main(["play", "--seed", "3", "--option", "players=5", "--seat", "4", "--session"])
    assert status == 0
    playing: set[str] = set()
    checked = 0
    for line in shown:
        opening = re.match(r"Deal \d+ of 15.*: seat (\d) deals and sits out .*; seats ([\d, ]+) "
                           r"play, seat (\d) leading\. You are seat 4\.$", line)  # fmt: skip
        if re.match(r"Deal \d+ of 15.*: you deal and sit out", line):
            playing = {"0", "1", "2", "3"}
            continue
        if opening:
            playing = set(opening[2].split(", "))
            assert opening[1] not in playing
            assert opening[3] in playing
            assert "4" in playing
            continue
        if line.startswith(("Deal", "deal ", "  ")) or not playing:
            continue  # the score sheet and the settlement's table name every seat
        for seat in re.findall(r"\b[Ss]eats? (\d)", line):
            assert seat in playing, line
            checked += 1
        if line.startswith("Trick ") and "wins" in line:
            assert "seat 4 " in line, line  # the person's own card, under its table seat
    assert checked > 100


class FirstPlayable:
    """Answers as a person who says healthy, never announces and plays the first card allowed."""

    def __init__(self, shown: list[str]) -> None:
        self.shown = shown

    def __call__(self, prompt: str) -> str:
        if prompt.startswith("Your card"):
            hand = [line for line in self.shown if line.startswith("Your hand (")][-1]
            return next(c.split()[0] for c in hand.split("): ")[1].split("  ") if c[0] != "(")
        if "(y/n)" in prompt:
            return "n"
        return "1 2 3" if prompt.startswith("Your three") else "1"


# --- arena: failing bots, the progress bar, names, the default random bots ----------

OWN_BOTS = """
class FirstCard:
    def act(self, view):
        if view.turn != view.seat:
            return None
        return view.legal_actions[0]


class Crashes(FirstCard):
    def act(self, view):
        if view.game_type is not None:
            return deeper(view)
        return super().act(view)


def deeper(view):
    raise KeyError("oops")


class ExtremelyCarefulCountingPlayerWithMemory(FirstCard):
    pass
"""


@pytest.fixture
def own_bots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    (tmp_path / "edgebots.py").write_text(OWN_BOTS, encoding="utf-8")
    (tmp_path / "brokenbots.py").write_text("import no_such_module_here\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    yield tmp_path
    for name in ("edgebots", "brokenbots"):
        sys.modules.pop(name, None)


def test_a_failing_bot_shows_its_traceback_with_debug(own_bots: Path) -> None:
    result = run_process("arena", "--deals", "1", "--seed", "1", "--player", "edgebots:Crashes")
    assert result.returncode == 1
    assert result.stderr == (
        "doppelkopf arena: error: deal 1: a bot failed: KeyError: 'oops' "
        "(--debug shows its traceback)\n"
    )
    result = run_process(
        "arena", "--deals", "1", "--seed", "1", "--player", "edgebots:Crashes", "--debug"
    )
    assert result.returncode == 1
    assert result.stderr.startswith("Traceback (most recent call last):\n")
    assert re.search(r'edgebots.py", line \d+, in deeper\n    raise KeyError', result.stderr)
    assert result.stderr.endswith(
        "doppelkopf arena: error: deal 1: a bot failed: KeyError: 'oops'\n"
    )


def test_a_bot_that_cannot_be_imported_shows_its_traceback_with_debug(
    own_bots: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run(capsys, "arena", "--deals", "1", "--player", "brokenbots:Bot")
    assert status == 2
    assert "Traceback" not in err
    status, _, err = run(capsys, "arena", "--deals", "1", "--player", "brokenbots:Bot", "--debug")
    assert status == 2
    assert err.startswith("Traceback (most recent call last):\n")
    assert "import no_such_module_here" in err
    assert err.splitlines()[-1].startswith("doppelkopf arena: error: cannot import brokenbots: ")


def test_a_long_class_name_is_not_cut_mid_word(
    own_bots: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = "edgebots:ExtremelyCarefulCountingPlayerWithMemory"
    status, out, _ = run(capsys, "arena", "--deals", "2", "--seed", "1", "--player", spec)
    assert status == 0
    row = out.splitlines()[2]
    assert row.split()[:2] == ["0", "ExtremelyCareful…"]
    assert "..." not in out


def test_the_search_player_has_a_short_name(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(
        capsys, "arena", "--deals", "1", "--seed", "1", "--players", "search,random,random,random"
    )
    assert (status, err) == (0, "")
    assert out.splitlines()[2].split()[:2] == ["0", "search"]
    status, _, err = run(capsys, "arena", "--players", "heuristic,random,random,genius")
    assert status == 2
    assert "choose from heuristic, random, search, uniform" in err


def announced(deals: int, **options: float | None) -> tuple[int, int]:
    """How many deals of four random players had an announcement, and how many schwarz."""
    some = schwarz = 0
    for number in range(deals):
        players = [
            RandomPlayer(seed=4 * number + s, **options)  # type: ignore[arg-type]
            for s in range(4)
        ]
        levels = [
            event.level for event in play_deal(Deal.shuffled(seed=number), players).announcements
        ]
        some += bool(levels)
        schwarz += Announcement.SCHWARZ in levels
    return some, schwarz


def test_random_players_announce_rarely_by_default() -> None:
    some, schwarz = announced(100)
    assert 10 < some < 50
    assert schwarz == 0
    assert announced(100, announce=None) == (100, 100)  # the old way: every action alike
    assert announced(20, announce=0) == (0, 0)
    some, _ = announced(20, announce=1)
    assert some == 20


def test_the_arena_random_bots_seldom_leave_a_deal_without_winner(
    capsys: pytest.CaptureFixture[str],
) -> None:
    deals = [
        play_deal(Deal.shuffled(seed=n), [SoloShyRandomPlayer(seed=4 * n + s) for s in range(4)])
        for n in range(100)
    ]
    assert sum(settle(deal).winner is None for deal in deals if not deal.is_void) < 10


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 2**32 - 1),
    st.one_of(st.none(), st.floats(0, 1), st.sampled_from([0, 1])),
    st.integers(0, 40),
)
def test_a_random_player_is_legal_and_repeatable_at_any_announce_rate(
    seed: int, announce: float | None, cards: int
) -> None:
    deal = normal_deal()
    for _ in range(cards):
        deal = deal.play(deal.turn or 0, deal.legal_cards()[0])
    view = deal.view(deal.turn or 0)
    action = RandomPlayer(seed=seed, announce=announce).act(view)
    assert action in view.legal_actions
    assert RandomPlayer(seed=seed, announce=announce).act(view) == action


@pytest.mark.parametrize(
    ("announce", "error"),
    [(True, InvalidTypeError), ("0.1", InvalidTypeError), (1.5, InvalidValueError),
     (-1, InvalidValueError), (float("nan"), InvalidValueError),
     pytest.param(10**5000, InvalidValueError, id="huge")],
)  # fmt: skip
def test_a_random_player_refuses_a_bad_announce_rate(announce: object, error: type) -> None:
    with pytest.raises(error, match="announce") as raised:
        RandomPlayer(announce=announce)  # type: ignore[arg-type]
    assert len(str(raised.value)) < 200


def test_a_random_player_shows_its_announce_rate() -> None:
    assert repr(RandomPlayer(seed=3)) == "RandomPlayer(seed=3)"
    assert repr(RandomPlayer(seed=3, announce=None)) == "RandomPlayer(seed=3, announce=None)"
    assert repr(RandomPlayer(seed=3, reservation_rate=1, announce=0.5)) == (
        "RandomPlayer(seed=3, reservation_rate=1, announce=0.5)"
    )


# --- docs/cli.rst and the parsers agree -----------------------------------------------

CLI_PAGE = Path(__file__).resolve().parent.parent / "docs" / "cli.rst"


def subparsers() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    commands = next(
        action for action in parser._actions if isinstance(action, argparse._SubParsersAction)
    )
    return dict(commands.choices)


def page_section(command: str) -> str:
    """The text of ``docs/cli.rst`` under the title of ``command``, up to the next title."""
    lines = CLI_PAGE.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"``{command}``: "))
    end = next(
        (i - 1 for i in range(start + 2, len(lines)) if re.fullmatch(r"-{3,}", lines[i])),
        len(lines),
    )
    return "\n".join(lines[start:end])


def synopsis_options(command: str) -> set[str]:
    """The options of the first text block of ``command``'s section: its synopsis."""
    section = page_section(command)
    block = section.split(".. code-block:: text\n\n", 1)[1].split("\n\n", 1)[0]
    return set(re.findall(r"--[a-z][a-z-]*", block))


def table_names(title: str) -> set[str]:
    """The names in the first column of the list table ``title`` of ``docs/cli.rst``."""
    text = CLI_PAGE.read_text(encoding="utf-8")
    table = text.split(f".. list-table:: {title}\n", 1)[1]
    rows = re.split(r"\n(?=\S)", table, maxsplit=1)[0]
    return set(re.findall(r"^   \* - ``([a-z_]+)``$", rows, re.MULTILINE))


def rules_presets() -> set[str]:
    return {str(value) for value in vars(Rules).values() if isinstance(value, Rules)}


@pytest.mark.parametrize("command", ["demo", "play", "arena", "score", "sheet"])
def test_the_page_lists_every_option_of_each_command(command: str) -> None:
    parser = subparsers()[command]
    options = {
        option
        for action in parser._actions
        for option in action.option_strings
        if option.startswith("--") and option != "--help"
    }
    assert synopsis_options(command) == options


def test_the_page_lists_every_preset_and_option_of_the_rules() -> None:
    assert table_names("Presets") == rules_presets() == set(_PRESETS)
    assert table_names("Options") == set(Rules.DDV.as_dict())


@pytest.mark.parametrize("command", ["demo", "play", "arena", "score", "sheet"])
def test_the_help_names_every_preset_and_option_and_no_file(command: str) -> None:
    parser = subparsers()[command]
    helps = {
        option: action.help or "" for action in parser._actions for option in action.option_strings
    }
    for preset in rules_presets():
        assert re.search(rf"\b{preset}\b", helps["--rules"])
    for option in Rules.DDV.as_dict():
        assert re.search(rf"\b{option}\b", helps["--option"])
    text = parser.format_help()
    assert not re.search(r"\b(SPEC|VARIANTS|EXAMPLES)\.md\b", text)
    assert 'the documentation\'s page "Rule options"' in " ".join(text.split())


def test_the_page_cites_no_file_of_the_rules() -> None:
    text = CLI_PAGE.read_text(encoding="utf-8")
    assert not re.search(r"\b(SPEC|VARIANTS|EXAMPLES)\.md\b", text)
    assert "SPEC id" not in text
    assert "doppelkopf[cli]" not in text
    assert 'pip install ".[cli]"' in text


def test_the_rule_citations_of_the_page_are_linked() -> None:
    conf = (CLI_PAGE.parent / "conf.py").read_text(encoding="utf-8")
    pages = re.search(r"rulelinks_pages = \[(.*?)\]", conf, re.DOTALL)
    assert pages is not None
    assert '"cli"' in pages[1]
