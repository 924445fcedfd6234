"""A score keeper a real table can trust: names, a start mid-way, undo, correction, exports.

SPEC §2.5, V§8-V§11: the session's bookkeeping recomputed from its start through the
same checked path; records that save and resume any session.
"""

from __future__ import annotations

import csv
import doctest
import errno
import io
import itertools
import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doppelkopf import (
    DealSummary,
    DoppelkopfError,
    GameType,
    IllegalActionError,
    InvalidTypeError,
    InvalidValueError,
    PartyResult,
    Rules,
    Session,
    WrongPhaseError,
    settle,
)
from doppelkopf.records import (
    RecordError,
    dump_session,
    dumps_session,
    load,
    load_session,
    record_schema,
    replay_file,
    replay_session,
    replays_session,
    save,
    save_text,
)
from doppelkopf.session import SessionStart

NAMES = ("Anna", "Ben", "Cem", "Dora")
X01 = DealSummary(GameType.NORMAL, {0, 2}, PartyResult(151, 7), PartyResult(89, 5))
X13 = DealSummary(GameType.NORMAL, {1, 3}, PartyResult(151, 7), PartyResult(89, 5))
TIE_RULES = Rules(bock={"tie"}, armut=True)
TIE = DealSummary(
    GameType.NORMAL, {0, 2}, PartyResult(120, 6), PartyResult(120, 6), rules=TIE_RULES
)
WIN = DealSummary(GameType.NORMAL, {0, 2}, PartyResult(151, 7), PartyResult(89, 5), rules=TIE_RULES)


def solo(seat: int, rules: Rules = Rules.TOURNAMENT) -> DealSummary:
    return DealSummary(
        GameType.QUEENS_SOLO, {seat}, PartyResult(190, 10), PartyResult(50, 2), rules=rules
    )


def played(session: Session, seed: int) -> Session:
    deal = session.next_deal(seed=seed)
    while not deal.is_finished:
        deal = deal.apply(deal.legal_actions[0])
    return session.add(deal)


# --- names ---------------------------------------------------------------------------


def test_names_head_the_sheet_and_name_the_winner() -> None:
    session = Session.new(0, names=NAMES)
    for _ in range(12):
        session = session.add_result(X01)
    text = session.score_sheet()
    assert text.splitlines()[0].split()[-4:] == list(NAMES)
    assert text.splitlines()[-1] == "Winners (tied): Anna, Cem"
    assert session.names == NAMES


@pytest.mark.parametrize(
    ("names", "match"),
    [
        (["Anna", "Ben", "Cem"], "one name per table seat, 4, not 3"),
        (["Anna", "Ben", "Cem", "Dora", "Eve"], "not more"),
        (["Anna", "Ben", "Cem", ""], "1-40 characters"),
        (["Anna", "Ben", "Cem", "x" * 41], "1-40 characters"),
        (["Anna", "Ben", "Cem", "Do\nra"], "control character"),
        (["Anna", "Ben", "Cem", "Do\x1bra"], "control character"),
        (["Anna", "Ben", "Cem", " Dora"], "space at an end"),
        (["Anna", "Ben", "Anna", "Dora"], "names two seats"),
    ],
)
def test_bad_names_are_refused(names: list[str], match: str) -> None:
    with pytest.raises(InvalidValueError, match=match):
        Session.new(0, names=names)


def test_names_of_the_wrong_type_are_refused() -> None:
    with pytest.raises(InvalidTypeError):
        Session.new(0, names="Anna,Ben,Cem,Dora")
    with pytest.raises(InvalidTypeError):
        Session.new(0, names=["Anna", "Ben", "Cem", 4])  # type: ignore[list-item]


def test_an_endless_iterable_of_names_is_not_read_to_its_end() -> None:
    def endless() -> object:
        while True:
            yield "Anna"

    with pytest.raises(InvalidValueError, match="not more"):
        Session.new(0, names=endless())  # type: ignore[arg-type]


def test_five_names_at_five_players() -> None:
    five = Session.new(0, rules=Rules(players=5), names=[*NAMES, "Eve"])
    assert five.names == (*NAMES, "Eve")


# --- undo and correction -------------------------------------------------------------


def test_undo_takes_back_the_last_deal_of_any_kind() -> None:
    session = played(Session.new(0, rules=TIE_RULES), 1).add_result(TIE).add_void()
    assert session.undo() == played(Session.new(0, rules=TIE_RULES), 1).add_result(TIE)
    assert session.undo().undo().undo() == Session.new(0, rules=TIE_RULES)
    with pytest.raises(WrongPhaseError, match="no deal to undo"):
        Session.new(0).undo()


def test_v26_a_correction_recomputes_every_later_bock_deal() -> None:
    session = Session.new(0, rules=TIE_RULES).add_result(TIE).add_result(WIN)
    assert session.rows[1].multiplier == 2
    corrected = session.correct(1, WIN)
    assert corrected.rows[1].multiplier == 1
    assert corrected.totals == tuple(2 * s for s in settle(WIN).scores)
    assert corrected == Session.new(0, rules=TIE_RULES).add_result(WIN).add_result(WIN)
    assert session.rows[1].multiplier == 2  # the old session is unchanged


def test_v23_a_correction_moves_the_dealer_after_a_compulsory_solo() -> None:
    rules = Rules.TOURNAMENT
    x01 = DealSummary(GameType.NORMAL, {0, 2}, PartyResult(151, 7), PartyResult(89, 5), rules=rules)
    session = Session.new(3, rules=rules).add_result(x01).add_result(x01)
    assert [row.dealer for row in session.rows] == [3, 0]
    corrected = session.correct(1, solo(0))
    assert [row.dealer for row in corrected.rows] == [3, 3]  # V§9.4: the same dealer again
    assert corrected.owing == {1, 2, 3}


def test_v25_a_correction_that_moves_a_forced_solo_is_refused() -> None:
    rules = Rules(compulsory_solo=True, session_length=5)
    normal = DealSummary(
        GameType.NORMAL, {0, 2}, PartyResult(151, 7), PartyResult(89, 5), rules=rules
    )
    session = Session.new(0, rules=rules)
    for result in (solo(0, rules), solo(1, rules), solo(2, rules), normal):
        session = session.add_result(result)
    assert session.forced_seat == 3
    session = session.add_result(solo(3, rules))
    # With deal 2 a normal game, seats 1 and 3 still owe at deal 4 and it is forced (V§9.5).
    with pytest.raises(IllegalActionError, match=r"deal 2 cannot be corrected so: result 4: "):
        session.correct(2, normal)


def test_a_correction_of_a_deal_not_on_the_sheet_is_refused() -> None:
    session = Session.new(0).add_result(X01)
    with pytest.raises(InvalidValueError, match="deals 1-1 are"):
        session.correct(2, X01)
    with pytest.raises(InvalidValueError, match="no played deal"):
        Session.new(0).correct(1, X01)
    with pytest.raises(InvalidTypeError):
        session.correct(True, X01)
    with pytest.raises(InvalidTypeError):
        session.correct(1, "re 0,2 151")  # type: ignore[arg-type]


def test_a_correction_by_a_played_deal_keeps_the_cards() -> None:
    session = Session.new(0).add_result(X01).add_result(X13)
    with_cards = played(Session.new(0), 5)
    corrected = session.correct(1, with_cards.deals[0])
    assert corrected.entries[0] == with_cards.deals[0]
    assert corrected.rows[1].totals == tuple(
        a + b for a, b in zip(with_cards.totals, settle(X13).scores, strict=True)
    )


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from([X01, X13, None]), min_size=1, max_size=14), st.data())
def test_a_correction_is_the_session_written_again(
    results: list[DealSummary | None], data: st.DataObject
) -> None:
    rules = Rules(armut=True)
    results = [
        None if r is None else DealSummary(r.game_type, r.re_seats, r.re, r.kontra, rules=rules)
        for r in results
    ]
    session = Session.new(1, rules=rules)
    written: list[DealSummary | None] = []
    for result in results:
        if len(session) == 12:
            break
        session = session.add_void() if result is None else session.add_result(result)
        written.append(result)
    numbers = [row.number for row in session.rows if not row.void]
    if not numbers:
        return
    number = data.draw(st.sampled_from(numbers))
    other = data.draw(st.sampled_from([X01, X13]))
    other = DealSummary(other.game_type, other.re_seats, other.re, other.kontra, rules=rules)
    corrected = session.correct(number, other)
    index = next(i for i, row in enumerate(session.rows) if row.number == number and not row.void)
    again = Session.new(1, rules=rules)
    for place, result in enumerate(written):
        entry = other if place == index else result
        again = again.add_void() if entry is None else again.add_result(entry)
    assert corrected == again
    assert corrected.undo() == Session(1, rules=rules, entries=again.entries[:-1])


# --- a start mid-way -----------------------------------------------------------------


def test_a_tournament_round_resumed_mid_way() -> None:
    start = SessionStart(played=21, owing={1, 3}, totals=(10, -4, -2, -4))
    session = Session.new(0, rules=Rules.TOURNAMENT, start=start)
    assert (len(session), session.deals_left, session.forced) == (21, 3, False)
    session = session.add_result(solo(1))  # compulsory: the same dealer deals again
    assert (session.dealer, session.owing, session.rows[0].number) == (0, frozenset({3}), 22)
    assert session.totals == (7, 5, -5, -7)
    assert "carried over (21 deals)" in session.score_sheet()


def test_v11_pending_bock_rounds_double_the_first_deals() -> None:
    start = SessionStart(played=3, totals=(2, -2, 2, -2), bock=(1,))
    session = Session.new(3, rules=TIE_RULES, start=start).add_result(WIN).add_result(WIN)
    assert [row.multiplier for row in session.rows] == [2, 1]


@pytest.mark.parametrize(
    ("rules", "start", "match"),
    [
        (Rules.DDV, SessionStart(played=13), r"0-12 are played before it, not 13 \(SPEC §2.5\)"),
        (Rules.DDV, SessionStart(played=-1), "not -1"),
        (Rules.DDV, SessionStart(played=2, owing={1}), r"these rules have none \(V§9.1\)"),
        (
            Rules.TOURNAMENT,
            SessionStart(played=2),
            r"say who still owes a compulsory solo \(V§9.1\)",
        ),
        (Rules.TOURNAMENT, SessionStart(played=2, owing={0}), r"3 compulsory solos are played"),
        (Rules.TOURNAMENT, SessionStart(played=23, owing={0, 1}), r"only 1 deals are left"),
        (Rules.TOURNAMENT, SessionStart(played=20, owing={4}), "table seats 0-3"),
        (Rules.DDV, SessionStart(played=2, totals=(1, 1, 1, 1)), r"sum to 0.*§12.3"),
        (Rules.DDV, SessionStart(played=2, totals=(1, -1, 0)), "one total per table seat"),
        (Rules.DDV, SessionStart(played=2, totals=(10**10, -(10**10), 0, 0)), "at most"),
        (Rules.DDV, SessionStart(totals=(1, -1, 0, 0)), "before the first deal"),
        (Rules.DDV, SessionStart(played=2, bock=(4,)), r"play no Bock \(V§11.1\)"),
        (TIE_RULES, SessionStart(played=0, bock=(4,)), r"cannot follow 0 played deals"),
        (TIE_RULES, SessionStart(played=1, bock=(4, 4, 4, 4)), r"cannot follow 1 played"),
        (TIE_RULES, SessionStart(played=2, bock=(5,)), r"1-4 deals still, not 5 \(V§11.2\)"),
        (TIE_RULES, SessionStart(played=2, bock=(4, 2)), r"only the first has begun.*\(V§11.3\)"),
    ],
)
def test_a_start_the_rules_exclude_is_refused(
    rules: Rules, start: SessionStart, match: str
) -> None:
    with pytest.raises(InvalidValueError, match=match):
        Session.new(0, rules=rules, start=start)


def test_r10_a_five_player_forced_deal_is_not_dealt_by_its_only_owing_player() -> None:
    rules = Rules(players=5, compulsory_solo=True, session_length=30)
    with pytest.raises(InvalidValueError, match="not dealt by seat 2"):
        Session.new(2, rules=rules, start=SessionStart(played=29, owing={2}))
    assert Session.new(3, rules=rules, start=SessionStart(played=29, owing={2})).forced_seat == 2


def test_a_start_of_the_wrong_type_is_refused() -> None:
    with pytest.raises(InvalidTypeError):
        Session.new(0, start={"played": 3})  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError):
        SessionStart(played="3")
    with pytest.raises(InvalidTypeError):
        SessionStart(owing="13")
    with pytest.raises(InvalidTypeError):
        SessionStart(totals=(1.0, -1.0, 0, 0))


# --- mixing, CSV ---------------------------------------------------------------------


def test_entries_are_given_alone() -> None:
    with pytest.raises(InvalidValueError, match="entries alone"):
        Session(0, [], [settle(X01)], entries=[X01])


def test_the_csv_reads_back_with_the_csv_module() -> None:
    names = ('Anna, "die Erste"', "Ben", "Cem", "Dora")
    start = SessionStart(played=2, totals=(3, -3, 0, 0))
    session = Session.new(2, names=names, start=start).add_result(X01).add_result(X13)
    table = list(csv.reader(io.StringIO(session.to_csv())))
    assert table[0][5] == 'Anna, "die Erste" score'
    assert table[1][:3] == ["2", "", "carried over"]
    assert table[2][:3] == ["3", "Cem", "normal game"]
    assert [int(value) for value in table[-1][6::2]] == list(session.totals)


# --- records: save and resume any session ----------------------------------------------


def mixed_session() -> Session:
    start = SessionStart(played=3, totals=(3, -3, 0, 0), bock=(2,))
    session = Session.new(1, rules=TIE_RULES, names=NAMES, start=start)
    session = played(session.add_result(TIE).add_void(), 1)
    return session.add_result(WIN)


def test_a_mixed_session_with_names_and_a_start_round_trips_through_its_record() -> None:
    session = mixed_session()
    record = dump_session(session)
    jsonschema: Any = pytest.importorskip("jsonschema")
    jsonschema.Draft202012Validator(record_schema()).validate(record)
    assert record["names"] == list(NAMES)
    assert record["start"] == {"played": 3, "owing": [], "totals": [3, -3, 0, 0], "bock": [2]}
    assert [("result" in item) for item in record["deals"]] == [True, True, False, True]
    assert record["deals"][1]["result"] is None
    assert replay_session(record) == session
    assert replays_session(json.dumps(record)) == session


def test_load_session_refuses_what_first_dealer_and_deals_cannot_hold() -> None:
    with pytest.raises(RecordError, match="replay_session"):
        load_session(dump_session(Session.new(0).add_result(X01)))
    plain = played(Session.new(0), 2)
    assert load_session(dump_session(plain)) == (0, plain.deals)


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (lambda r: r.update(names=["Anna"]), r"names: one name per table seat"),
        (lambda r: r.update(names=["A", "B", "C", "D", "E"]), "an array of 4 names"),
        (lambda r: r.update(names=["A", "B", "C", 4]), r"names\[3\] must be a str"),
        (lambda r: r["start"].update(played=30), r"start: a session has 12"),
        (lambda r: r["start"].update(bock=[2, 2, 2]), "only the first has begun"),
        (lambda r: r["start"].update(extra=1), r"start: unknown key \"extra\""),
        (lambda r: r["start"].update(played="3"), r"start: 'played' must be"),
        (lambda r: r["deals"][0].update(result={}), r"deal 0, result: missing key"),
        (lambda r: r["deals"][0]["result"]["re"].update(card_points=241), "card points 0-240"),
        (lambda r: r["deals"][0]["result"]["re"].update(card_points=100), r"deal 0, result"),
        (lambda r: r["deals"][0]["result"].update(game_type="X"), "'game_type' must be one of"),
        (lambda r: r["deals"][0]["table"].update(multiplier=1), "the replay gives 2"),
        (lambda r: r["deals"][0].update(hands=[]), r"deal 0: unknown key \"hands\""),
        (lambda r: r["deals"][3]["result"]["re"].update(karlchen_caught=1), "deal 3, result"),
        (lambda r: r.update(totals=[0, 0, 0, 0]), "totals"),
    ],
)
def test_a_bad_session_record_names_the_field(change: object, match: str) -> None:
    record = json.loads(dumps_session(mixed_session()))
    change(record)  # type: ignore[operator]
    with pytest.raises(RecordError, match=match):
        replay_session(record)


def test_a_failed_save_leaves_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "sheet.json"
    session = Session.new(0, names=NAMES).add_result(X01)
    save(path, session)
    before = path.read_bytes()
    save_text(tmp_path / "sheet.csv", session.to_csv())

    def disk_full(descriptor: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(OSError, match="No space"):
        save(path, session.add_result(X13))
    with pytest.raises(OSError, match="No space"):
        save_text(tmp_path / "sheet.csv", "changed")
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert replay_file(path) == session
    assert (tmp_path / "sheet.csv").read_text(encoding="utf-8") == session.to_csv()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sheet.csv", "sheet.json"]


def test_save_text_refuses_what_it_cannot_write(tmp_path: Path) -> None:
    with pytest.raises(InvalidTypeError):
        save_text(tmp_path / "a.csv", b"bytes")  # type: ignore[arg-type]
    with pytest.raises(InvalidValueError):
        save_text(tmp_path / "a.csv", "\ud800")
    assert not (tmp_path / "a.csv").exists()
    with pytest.raises(DoppelkopfError):
        replays_session("[1, 2")


def test_an_endless_start_is_not_read_to_its_end() -> None:
    with pytest.raises(InvalidValueError, match="more than 4096 entries"):
        SessionStart(played=3, bock=itertools.repeat(4))
    with pytest.raises(InvalidValueError, match="owing holds more than"):
        SessionStart(owing=itertools.count())


def test_save_takes_a_record_of_any_session(tmp_path: Path) -> None:
    session = mixed_session()
    save(tmp_path / "s.json", dump_session(session, meta={"place": "Köln"}))
    assert replay_file(tmp_path / "s.json") == session
    with pytest.raises(RecordError, match=r"replay_file\(\) for a file"):
        load(tmp_path / "s.json")


def test_a_version_1_record_holds_no_written_deal() -> None:
    record = json.loads(dumps_session(Session.new(0).add_result(X01)))
    record["version"] = 1
    del record["rules"]
    with pytest.raises(RecordError, match="deal 0: a version 1 record holds deals played"):
        replay_session(record)


def test_the_doctests_of_the_session_methods_hold() -> None:
    """The methods live in a private module, so the doctest collector skips them."""
    finder, failed = doctest.DocTestFinder(), []
    for name in dir(Session):
        member = getattr(Session, name)
        if name.startswith("_") or not getattr(member, "__doc__", None):
            continue
        for test in finder.find(member, f"Session.{name}", globs={"Session": Session}):
            runner = doctest.DocTestRunner(
                optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS
            )
            runner.run(test, out=lambda text: None)
            if runner.summarize(verbose=False).failed:
                failed.append(name)
    assert failed == []


@settings(max_examples=30, deadline=None)
@given(
    first=st.integers(0, 3),
    played_before=st.integers(0, 8),
    carried=st.integers(-50, 50),
    steps=st.lists(st.sampled_from(["tie", "win", "void", "cards"]), max_size=10),
)
def test_any_kept_session_round_trips_through_its_record_and_csv(
    first: int, played_before: int, carried: int, steps: list[str]
) -> None:
    totals = (carried, -carried, 0, 0) if played_before else None
    start = SessionStart(played=played_before, totals=totals, bock=(4,) if played_before else ())
    session = Session.new(first, rules=TIE_RULES, names=NAMES, start=start)
    for number, step in enumerate(steps):
        if session.is_finished:
            break
        if step == "cards":
            session = played(session, number)
        elif step == "void":
            session = session.add_void()
        else:
            session = session.add_result(TIE if step == "tie" else WIN)
    assert replays_session(dumps_session(session)) == session
    rows = list(csv.reader(io.StringIO(session.to_csv())))
    assert len(rows) == 1 + bool(played_before) + len(session.rows)
    if len(rows) > 1:
        assert [int(value) for value in rows[-1][6::2]] == list(session.totals)
    assert sum(session.totals) == 0
