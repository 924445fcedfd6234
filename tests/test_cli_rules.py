"""Every command under another rule set (V§0): ``--rules PRESET`` and ``--option NAME=VALUE``."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pytest

from doppelkopf import Card, Deal, GameType, Rules
from doppelkopf.cli import describe_deal
from doppelkopf.cli.sheet import read_result
from doppelkopf.records import load, load_deal
from test_cli import run
from test_cli_play import careful_main

COMMANDS = {
    "demo": ["--seed", "1", "--deals", "1"],
    "play": ["--seed", "1"],
    "arena": ["--seed", "1", "--deals", "2"],
    "score": ["--re", "0,2", "--re-points", "151"],
    "sheet": [],
}

TRICK = re.compile(r" {4}\s*(\d+) {5}(\d)  ((?:\d:\S+\s+){3}\d:\S+)\s+seat (\d)\s+(\d+)(?:  (.*))?")


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--option", "nines=maybe"],
         r"option nines must be true or false, not 'maybe' \(V§0\.1\)"),
        (["--option", "bettel=true"],
         r"unknown option 'bettel'; the options are nines, .* \(V§0\.1\)"),
        (["--option", "nines"], r'--option takes NAME=VALUE, such as nines=false, not "nines"'),
        (["--option", "=false"], r'--option takes NAME=VALUE, such as nines=false, not "=false"'),
        (["--rules", "xviii"],
         r"unknown preset 'xviii'; the presets are ddv, tournament, xix \(V§0\.3\)"),
        (["--option", "dullen=false", "--option", "second_dulle=always"],
         r"dullen=False excludes second_dulle='always': .* \(V§0\.4\)"),
        (["--option", "second_dulle=sometimes"],
         r"option second_dulle must be one of .*\(V§2\.2\)"),
    ],
)  # fmt: skip
def test_bad_rules_are_a_one_line_usage_error(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    command: str,
    flags: list[str],
    message: str,
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    status, out, err = run(capsys, command, *COMMANDS[command], *flags)
    assert (status, out) == (2, "")
    assert re.fullmatch(rf"doppelkopf {command}: error: {message}\n", err), err


@pytest.mark.parametrize("command", ["demo", "arena", "score"])
def test_the_default_rules_are_not_printed(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    for flags in ([], ["--rules", "ddv"], ["--rules", "DDV", "--option", "nines=true"]):
        status, out, err = run(capsys, command, *COMMANDS[command], *flags)
        assert (status, err) == (0, "")
        assert "Rules:" not in out


# --- demo -----------------------------------------------------------------------


def test_demo_without_nines_plays_ten_trick_deals(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "session.json"
    status, out, err = run(
        capsys, "demo", "--seed", "2", "--deals", "3", "--option", "nines=false",
        "--option", "second_dulle=always", "--record", str(path),
    )  # fmt: skip
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[1] == "Rules: nines=false, second_dulle=always"
    loaded = load(path)
    assert isinstance(loaded, tuple)
    _, deals = loaded
    assert len(deals) == 3
    assert all(deal.rules == Rules(nines=False, second_dulle="always") for deal in deals)
    numbers = [int(match.group(1)) for line in lines if (match := TRICK.fullmatch(line))]
    assert numbers == list(range(1, 11)) * 3
    hands = [line for line in lines if re.fullmatch(r" {4}seat \d  .*", line)]
    assert len(hands) == 12
    assert all(len(line.split()) == 2 + 10 for line in hands)
    assert "9" not in "".join(hands)
    winners = [int(match.group(4)) for line in lines if (match := TRICK.fullmatch(line))]
    assert winners == [seat for deal in deals for seat in deal.outcome.winners]


def test_demo_narrates_under_the_deals_rules() -> None:
    """Without Dullen the ♥10 is a plain heart: the hands show it among the hearts."""
    rules = Rules(dullen=False)
    deal = Deal.shuffled(seed=5, rules=rules)
    while not deal.is_finished:
        deal = deal.apply(deal.legal_actions[0])
    lines = describe_deal(deal)
    order = deal.card_order
    assert order is not None
    for seat in range(4):
        shown = lines[2 + seat].split()[2:]
        assert shown == [str(card) for card in order.sort(deal.dealt[seat])]
    heart_ten = Card.parse("♥10")
    assert deal.game_type is GameType.NORMAL
    assert not order.is_trump(heart_ten)
    assert GameType.NORMAL.is_trump(heart_ten)
    holder = next(seat for seat in range(4) if heart_ten in deal.dealt[seat])
    held = lines[2 + holder].split()[2:]
    assert held.index("♥10") > max(
        index for index, text in enumerate(held) if order.is_trump(Card.parse(text))
    )
    winners = [int(match.group(4)) for line in lines if (match := TRICK.fullmatch(line))]
    assert winners == list(deal.outcome.winners)


# --- play -----------------------------------------------------------------------


def test_play_without_nines_is_a_ten_trick_deal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err, typist = careful_main(
        monkeypatch, capsys, "--seed", "3", "--option", "nines=false"
    )
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[1] == "Rules: nines=false"
    done = re.compile(r"Trick (\d+): .*: (you win|seat \d wins) \(\d+ card points\)\.")
    assert [int(m.group(1)) for line in lines if (m := done.fullmatch(line))] == list(range(1, 11))
    assert sum(prompt.startswith("Your card") for prompt in typist.transcript) == 10
    hand = next(line for line in lines if line.startswith("Your hand: "))
    assert len(hand.split()) == 2 + 10
    assert "9" not in hand
    assert "\nRules: nines=false\n" in out.rsplit("Trick 10:", 1)[1]


# --- arena ----------------------------------------------------------------------

DECLARED_SOLO = re.compile(r"^(diamonds|hearts|spades|clubs|queens|jacks|fleshless) solo ", re.M)


def test_arena_without_solos_never_shows_a_solo(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "deals.json"
    random_bots = ["--players", "random,random,random,random", "--seed", "4", "--deals", "150"]
    status, out, err = run(capsys, "arena", *random_bots)
    assert (status, err) == (0, "")
    assert DECLARED_SOLO.search(out)  # the same deals with solos allowed
    status, out, err = run(
        capsys, "arena", *random_bots, "--option", "solos=false", "--record", str(path)
    )
    assert (status, err) == (0, "")
    assert out.splitlines()[1] == "Rules: solos=false"
    assert not DECLARED_SOLO.search(out)  # a marriage solo is no declared solo (V§3)
    records = json.loads(path.read_text(encoding="utf-8"))
    assert len(records) == 150
    for record in records:
        assert record["rules"]["solos"] is False
        deal = load_deal(record)
        assert deal.game_type is not None
        assert not deal.game_type.is_declarable_solo


# --- score and sheet ------------------------------------------------------------


def test_score_counts_the_tricks_of_the_rules(capsys: pytest.CaptureFixture[str]) -> None:
    flags = ["--re", "0,2", "--re-points", "200", "--re-tricks", "8", "--option", "nines=false"]
    status, out, err = run(capsys, "score", *flags)
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[1] == "Rules: nines=false"
    assert lines[3] == "  Kontra   40 card points,  2 tricks, nothing announced"
    eleven = ["--re", "0,2", "--re-points", "200", "--re-tricks", "11", "--option", "nines=false"]
    status, out, err = run(capsys, "score", *eleven)
    assert (status, out) == (2, "")
    assert err.startswith("doppelkopf score: error: ")
    status, out, err = run(capsys, "score", "--re", "0,2", "--re-points", "200",
                           "--option", "nines=false")  # fmt: skip
    assert status == 0
    assert out.splitlines()[2] == "  Re      200 card points, tricks not counted, nothing announced"


def test_score_json_may_state_its_rules(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "summary.json"
    document = {"re_seats": [1], "game_type": "SOLO_Q", "re": {"card_points": 200},
                "rules": {"nines": False, "specials": False}}  # fmt: skip
    path.write_text(json.dumps(document), encoding="utf-8")
    status, out, err = run(capsys, "score", "--json", str(path))
    assert (status, err) == (0, "")
    assert out.splitlines()[1] == "Rules: nines=false, specials=false"
    status, again, err = run(capsys, "score", "--json", str(path), "--option", "nines=false",
                             "--option", "specials=false")  # fmt: skip
    assert (status, again) == (0, out)
    status, out, err = run(capsys, "score", "--json", str(path), "--option", "nines=false")
    assert (status, out) == (2, "")
    assert err == (
        "doppelkopf score: error: the summary states the rules nines=false, specials=false, "
        "but the command line gives nines=false; give the rules in one place\n"
    )
    document["rules"] = {"nines": False, "bettel": True}
    path.write_text(json.dumps(document), encoding="utf-8")
    status, out, err = run(capsys, "score", "--json", str(path))
    assert (status, out) == (2, "")
    assert re.fullmatch(r"doppelkopf score: error: rules: unknown option 'bettel'; .*\n", err)


def test_sheet_settles_every_deal_under_the_session_rules(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = ["--re 0,2 --re-points 151 --re-tricks 6"] * 12
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(lines) + "\n"))
    status, out, err = run(capsys, "sheet", "--option", "nines=false")
    assert (status, err) == (0, "")
    assert out.splitlines()[1] == "Rules: nines=false"
    assert out.count("Kontra   89 card points,  4 tricks") == 12
    ten = '{"re_seats": [0, 2], "re": {"card_points": 151}, "rules": {"nines": false}}'
    monkeypatch.setattr(sys, "stdin", io.StringIO(ten + "\n"))
    status, out, err = run(capsys, "sheet")
    assert status == 2
    assert err.startswith(
        "doppelkopf sheet: error: line 1: the summary states the rules nines=false"
    )
    summary, _ = read_result(ten)
    assert summary.rules == Rules(nines=False)
    summary, _ = read_result(ten, rules=Rules(nines=False))
    assert summary.rules == Rules(nines=False)
