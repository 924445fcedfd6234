"""The game notation: deals and sessions as text, and their lossless conversion to records."""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Iterator, Mapping

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from doppelkopf import (
    Deal,
    DoppelkopfError,
    InvalidTypeError,
    NotationError,
    PassCards,
    RandomPlayer,
    Reservation,
    Rules,
    Session,
    play_deal,
    summarize,
)
from doppelkopf import strategies as dk_strategies
from doppelkopf.notation import (
    MAX_GAME_TEXT,
    read_game,
    read_session,
    record_to_text,
    text_to_record,
    write_game,
    write_session,
)
from doppelkopf.records import dump_deal, dump_session

PRESETS = (Rules.DDV, Rules.TOURNAMENT, Rules.XIX)
PROCEDURES = Rules(armut=True, schmeissen=frozenset({"nines5", "kings5"}))
SETTINGS = settings(
    max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), database=None
)


def finished(seed: int, rules: Rules = Rules.DDV) -> Deal:
    deal = Deal.shuffled(seed=seed, rules=rules)
    rng = random.Random(seed)
    while not deal.is_finished:
        deal = deal.apply(rng.choice(deal.legal_actions))
    return deal


@SETTINGS
@given(st.sampled_from(PRESETS).flatmap(lambda rules: dk_strategies.deals(rules, void=True)))
def test_a_deal_of_every_preset_converts_losslessly(deal: Deal) -> None:
    record = dump_deal(deal, meta={"players": ["Anna", "Ben", "Cem", "Dora"], "round": 3})
    text = record_to_text(record)
    assert text.isascii()
    assert text_to_record(text) == record
    game = read_game(text)
    assert game.deal == deal
    assert game.deal.history == deal.history
    assert write_game(game.deal, game.meta) == text


@SETTINGS
@given(dk_strategies.deals(dk_strategies.rules(armut=True), finished=True))
def test_a_finished_deal_of_mixed_rules_converts_losslessly(deal: Deal) -> None:
    record = dump_deal(deal)
    text = record_to_text(record)
    assert text_to_record(text) == record
    # The Armut exchange has its own line (V§6.3), the reservation round too.
    assert ("\nA. pass " in text) == any(type(event) is PassCards for event in deal.history)
    assert "\nR. " in text


def played_and_paper_session(seed: int, rules: Rules) -> Session:
    session = Session.new(seed % 4, rules=rules, names=["Anna", "Ben", "Cem", "Dora"])
    players = [RandomPlayer(seed=seed + seat) for seat in range(4)]
    for number in range(5):
        deal = play_deal(session.next_deal(seed + number), players)
        if number == 2 and not deal.is_void:
            session = session.add_result(summarize(deal))
        else:
            session = session.add(deal)
    return session


@pytest.mark.parametrize("rules", [*PRESETS, PROCEDURES], ids=str)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_session_with_a_paper_deal_converts_losslessly(rules: Rules, seed: int) -> None:
    session = played_and_paper_session(seed, rules)
    record = dump_session(session, meta={"place": "Köln"})
    text = record_to_text(record)
    assert "[Paper " in text
    assert text.isascii()
    assert text_to_record(text) == record
    read, meta = read_session(text)
    assert read == session
    assert meta == {"place": "Köln"}
    assert write_session(session, meta) == text


def test_a_session_numbers_its_deals_in_order() -> None:
    text = write_session(played_and_paper_session(1, Rules.DDV))
    with pytest.raises(NotationError, match="this is deal 1 of the session, not 2"):
        read_session(text.replace("[Deal 1]", "[Deal 2]"))
    with pytest.raises(NotationError, match="the session refuses this deal"):
        read_session(text.replace("[FirstDealer 1]", "[FirstDealer 2]"))


def test_a_void_paper_deal_is_written_as_a_null_result() -> None:
    session = Session.new(0, rules=PROCEDURES).add_void()
    text = write_session(session)
    assert "[Paper null]" in text
    assert read_session(text)[0] == session


def test_comments_are_skipped_and_keep_lines_and_columns() -> None:
    text = write_game(finished(3))
    commented = text.replace("R. ", "{a comment\nover two lines} R. ", 1)
    assert read_game(commented).deal == finished(3)
    broken = commented.replace("1. ", "1. {x} XX; ", 1)
    with pytest.raises(NotationError) as caught:
        read_game(broken)
    line = next(n for n, row in enumerate(broken.split("\n"), 1) if "XX" in row)
    assert caught.value.line == line
    assert f"line {line}, column 8" in str(caught.value)  # where XX stands


def plain(seed: int) -> Deal:
    """A deal of healthy answers and the first legal card each time, no announcement."""
    deal = Deal.shuffled(seed=seed)
    for seat in range(4):
        deal = deal.declare(seat, Reservation.HEALTHY)
    while not deal.is_finished:
        deal = deal.play(deal.turn, deal.legal_cards()[0])  # type: ignore[arg-type]
    return deal


def test_an_illegal_action_is_refused_naming_it_and_the_rule() -> None:
    deal = plain(4)
    text = write_game(deal)
    lines = text.split("\n")
    number = next(n for n, row in enumerate(lines) if row.startswith("1. "))
    foreign = next(card for card in deal.dealt[1] if card not in deal.dealt[0])
    lines[number] = f"1. {foreign.ascii}; " + lines[number].split("; ", 1)[1]
    with pytest.raises(NotationError) as caught:
        read_game("\n".join(lines))
    assert caught.value.line == number + 1
    assert caught.value.column == 4
    assert caught.value.rule == "§5.2"
    assert f"'{foreign.ascii}' (seat 0) is not legal here" in str(caught.value)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda text: text.replace("[Dealer 3]", "[Dealer 7]"), "the tags are no deal"),
        (lambda text: text.replace("[Dealer 3]\n", ""), "the tag Dealer is missing"),
        (lambda text: text.replace("[Dealer 3]", "[Dealer 3]\n[Dealer 3]"), "given twice"),
        (lambda text: text.replace("[Dealer 3]", "[Dealer three]"), "tag Dealer"),
        (lambda text: text.replace("[Dealer 3]", "[Dealer]"), "tag Dealer: its value"),
        (lambda text: text.replace("[Cut", '[Meta "k" ' + "[" * 20_000 + "]\n[Cut"), "deep"),
        (lambda text: text.replace("[Cut", '[Meta "k" 1e999]\n[Cut'), "tag Meta k"),
        (lambda text: text.replace("[Cut", "[Meta k 1]\n[Cut"), "Meta tag is"),
        (lambda text: text.replace("[Dealer 3]", '[Dealer "3"]'), "expected int"),
        (lambda text: text.replace("[Cut", "[Colour 1]\n[Cut"), "unknown tag Colour"),
        (lambda text: text.replace('[Hand0 "C9', '[Hand0 "X9'), "not a card"),
        (lambda text: text[: text.index("result")], "the result line is missing"),
        (lambda text: text[: text.index("result")] + "result re 0 0 0 0\n", "the play gives"),
        (lambda text: text + "1. CQ\n", "nothing follows the result line"),
        (lambda text: text.replace("R. ", "R. {", 1), "never closed"),
        (lambda text: text.replace("R. ", "R. }", 1), "closes no comment"),
        (lambda text: text.replace('[Rules "ddv"]', '[Rules "nines=maybe"]'), "nines"),
    ],
)
def test_malformed_text_is_refused_naming_where(change: object, message: str) -> None:
    text = write_game(plain(5))
    bad = change(text)  # type: ignore[operator]
    with pytest.raises(NotationError, match=message):
        read_game(bad)


def test_every_reader_bounds_its_input() -> None:
    with pytest.raises(NotationError, match="at most 65,536 characters"):
        read_game(" " * (MAX_GAME_TEXT + 1))
    with pytest.raises(NotationError, match="at most"):
        text_to_record("[" * (5 * 1024 * 1024))
    for reader in (read_game, read_session, text_to_record):
        with pytest.raises(InvalidTypeError):
            reader(b"[Rules]")  # type: ignore[arg-type]


@settings(max_examples=200, deadline=None, database=None)
@given(st.text(max_size=300))
def test_any_text_raises_only_notation_errors(text: str) -> None:
    for reader in (read_game, read_session, text_to_record):
        with contextlib.suppress(DoppelkopfError):
            reader(text)


@settings(max_examples=100, deadline=None, database=None)
@given(st.data())
def test_a_mangled_game_raises_only_notation_errors(data: st.DataObject) -> None:
    text = write_game(finished(data.draw(st.integers(0, 5))))
    at = data.draw(st.integers(0, len(text) - 1))
    cut = data.draw(st.integers(0, 20))
    insert = data.draw(st.text(max_size=8))
    with contextlib.suppress(DoppelkopfError):
        read_game(text[:at] + insert + text[at + cut :])


def test_a_record_that_does_not_read_is_refused_as_a_record() -> None:
    record = dump_deal(finished(6))
    record["events"][0]["card"] = "SA" if record["events"][0]["card"] != "SA" else "CA"
    with pytest.raises(DoppelkopfError):
        record_to_text(json.loads(json.dumps(record)))


class _TwoFaced(Mapping[str, object]):
    """A mapping whose items() and [] disagree, and whose values are no JSON."""

    def __getitem__(self, key: str) -> object:
        return object()

    def __iter__(self) -> Iterator[str]:
        return iter(["a"])

    def __len__(self) -> int:
        return 1


@pytest.mark.parametrize("meta", [5, "date", _TwoFaced(), {"a": {1, 2}}, {"a": float("nan")}])
def test_write_game_checks_meta_as_a_record_does(meta: object) -> None:
    deal = Deal.shuffled(seed=1)
    with pytest.raises(DoppelkopfError):
        write_game(deal, meta)  # type: ignore[arg-type]
