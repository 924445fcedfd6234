"""The ``demo`` command and the narration of a finished deal."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from doppelkopf import (
    Announcement,
    Card,
    Deal,
    GameType,
    HeuristicPlayer,
    Party,
    Reservation,
    Session,
    settle,
)
from doppelkopf.cli import (
    describe_deal,
)
from doppelkopf.players import Player, play_deal
from doppelkopf.records import load
from test_cli import (
    TOP_TRUMPS,
    FirstLegal,
    normal_deal,
    play_first_cards,
    run,
    run_process,
)

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
    deal = play_first_cards(deal, 48 - deal.moment)
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


def test_a_bad_record_path_fails_before_the_session_with_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "file").write_text("keep me", encoding="utf-8")
    (tmp_path / "folder").mkdir()
    for bad, message in [
        (tmp_path / "no" / "x.json", "the folder " + str(tmp_path / "no") + " does not exist"),
        (tmp_path / "file" / "x.json", "is not a folder"),
        (tmp_path / "folder", "it is a folder"),
    ]:
        for command in ("demo", "arena"):
            status, out, err = run(capsys, command, "--seed", "1", "--record", str(bad))
            assert (status, out) == (2, "")
            assert err.startswith(f"doppelkopf {command}: error: cannot write ")
            assert message in err
            assert len(err.splitlines()) == 1
    assert (tmp_path / "file").read_text(encoding="utf-8") == "keep me"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["file", "folder"]


def test_a_failed_write_at_the_end_still_exits_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(path: Path, record: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("doppelkopf.cli.demo.save", refuse)
    path = tmp_path / "x.json"
    status, _, err = run(capsys, "demo", "--seed", "1", "--deals", "1", "--record", str(path))
    assert status == 1
    assert err == f"doppelkopf demo: error: cannot write {path}: Permission denied\n"
    assert not path.exists()


def test_demo_plays_the_first_deals_only(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "three.json"
    status, out, err = run(capsys, "demo", "--seed", "5", "--deals", "3", "--record", str(path))
    assert (status, err) == (0, "")
    assert out.startswith("The first 3 deals of a session between four heuristic players (seed 5).")
    assert out.count("Totals after deal") == 3
    assert "Deal 3 of 12" in out
    assert "Deal 4 of 12" not in out
    assert "Winner" not in out.split("Score sheet", 1)[1]
    loaded = load(path)
    assert isinstance(loaded, tuple)
    assert len(loaded[1]) == 3
    full = run(capsys, "demo", "--seed", "5")[1]
    assert out.split("Deal 1 of 12", 1)[1].split("Score sheet")[0] in full
    status, out, _ = run(capsys, "demo", "--seed", "5", "--deals", "1")
    assert out.startswith("The first 1 deal of a session")


@pytest.mark.parametrize("count", ["0", "13", "many"])
def test_demo_deals_must_be_1_to_12(capsys: pytest.CaptureFixture[str], count: str) -> None:
    status, out, err = run(capsys, "demo", "--deals", count)
    assert (status, out) == (2, "")
    assert "--deals" in err


def test_python_dash_m_doppelkopf_demo() -> None:
    result = run_process("demo", "--seed", "1")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines[2] == "Deal 1 of 12"
    assert lines[-1].startswith("Winner")
