"""Records of format version 2: the rules a deal or session was played under (V§0.5)."""

from __future__ import annotations

import copy
import functools
import random
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from doppelkopf import (
    Action,
    Deal,
    DealSummary,
    Declare,
    GameType,
    InvalidTypeError,
    InvalidValueError,
    PartyResult,
    Reservation,
    Rules,
    Session,
    settle,
    strategies,
)
from doppelkopf.records import (
    RECORD_VERSION,
    RecordError,
    dump_deal,
    dump_session,
    dumps_deal,
    dumps_session,
    load,
    load_deal,
    load_session,
    loads_deal,
    loads_session,
    record_schema,
    replay_file,
    save,
)

Record = dict[str, Any]


def played(seed: int, rules: Rules = Rules.DDV, dealer: int = 0, *, healthy: bool = False) -> Deal:
    """A finished deal under ``rules``, every action a random legal one.

    With ``healthy`` every player answers the reservation round with healthy, so
    the deal is a normal game or a silent marriage, where the 10♥ is a Dulle.
    """
    generator = random.Random(seed)
    deal = Deal.shuffled(seed, dealer=dealer, rules=rules)
    while not deal.is_finished:
        # The one-step round (a version 2 record, which versions 1 and 2 can hold).
        actions: tuple[Action, ...] = tuple(
            a
            for a in deal.legal_actions
            if not (isinstance(a, Declare) and a.reservation is Reservation.VORBEHALT)
        )
        if healthy and isinstance(actions[0], Declare):
            actions = tuple(a for a in actions if a == Declare(a.seat, Reservation.HEALTHY))
        deal = deal.apply(generator.choice(actions))
    return deal


@functools.cache
def validator() -> Any:
    jsonschema = pytest.importorskip("jsonschema")
    schema = record_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def as_version_1(record: Record) -> Record:
    """``record`` as format version 1 writes it: no rules."""
    old = copy.deepcopy(record)
    old["version"] = 1
    del old["rules"]
    return old


# --- writing ------------------------------------------------------------------------


def test_records_state_every_option_by_name() -> None:
    rules = Rules(nines=False, second_dulle="always", fox_at_end=True)
    record = dump_deal(played(1, rules))
    assert RECORD_VERSION == record["version"] == 2
    assert record["rules"] == rules.as_dict()
    assert list(record["rules"]) == [
        "nines",
        "dullen",
        "second_dulle",
        "schweinchen",
        "solos",
        "skip_levels",
        "specials",
        "karlchen",
        "karlchen_caught",
        "fox_at_end",
        "armut",
        "armut_max_trumps",
        "schmeissen",
        "compulsory_solo",
        "players",
        "session_length",
        "bock",
        "bock_stacking",
    ]
    assert list(record)[:6] == ["format", "version", "kind", "rules", "dealer", "cut"]


def test_a_ten_card_deal_round_trips() -> None:
    rules = Rules(nines=False)
    deal = played(2, rules)
    record = dump_deal(deal)
    assert [len(hand) for hand in record["hands"]] == [10, 10, 10, 10]
    assert not any("9" in card for hand in record["hands"] for card in hand)
    loaded = loads_deal(dumps_deal(deal))
    assert loaded == deal
    assert loaded.rules == rules
    assert len(loaded.tricks) == 10
    assert dump_deal(loaded) == record
    validator().validate(record)


def test_the_schema_ties_the_hands_to_the_nines_option() -> None:
    record = dump_deal(played(3, Rules(nines=False)))
    twelve = dump_deal(played(3))
    assert validator().is_valid(record)
    assert validator().is_valid(twelve)
    record["rules"]["nines"] = True
    twelve["rules"]["nines"] = False
    assert not validator().is_valid(record)
    assert not validator().is_valid(twelve)
    for broken in (record, twelve):
        with pytest.raises(RecordError, match=r"^hand 0: must hold 1[02] cards, not 1[02]"):
            load_deal(broken)


@settings(max_examples=40, deadline=None)
@given(deal=strategies.deals(strategies.rules(), finished=True))
def test_round_trip_is_the_identity_rules_included(deal: Deal) -> None:
    record = dump_deal(deal)
    validator().validate(record)
    loaded = load_deal(record)
    assert loaded == deal
    assert loaded.rules == deal.rules
    assert loaded.history == deal.history
    assert dump_deal(loaded) == record


@settings(max_examples=20, deadline=None)
@given(deal=strategies.deals(strategies.rules()))
def test_unfinished_deals_round_trip_under_any_rules(deal: Deal) -> None:
    record = dump_deal(deal)
    validator().validate(record)
    assert loads_deal(dumps_deal(deal, indent=2)) == deal


# --- replaying under the stated rules -----------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_a_record_with_its_rules_edited_to_the_default_is_rejected(seed: int) -> None:
    record = dump_deal(played(seed, Rules(dullen=False), healthy=True))
    assert load_deal(record).rules == Rules(dullen=False)
    record["rules"]["dullen"] = True
    with pytest.raises(RecordError, match=r"^(event \d+|settlement|contract)") as info:
        load_deal(record)
    assert info.value.path[0] in ("events", "settlement", "contract")


@pytest.mark.parametrize("seed", range(4))
def test_a_default_record_with_its_rules_edited_is_rejected(seed: int) -> None:
    record = dump_deal(played(seed, healthy=True))
    record["rules"]["dullen"] = False
    with pytest.raises(RecordError, match=r"^(event \d+|settlement|contract)"):
        load_deal(record)
    # the same record stated as version 1 is the DDV deal it was
    assert load_deal(as_version_1(dump_deal(played(seed)))) == played(seed)


def test_version_1_records_are_read_under_the_ddv_rules() -> None:
    deal = played(5)
    old = as_version_1(dump_deal(deal))
    loaded = load_deal(old)
    assert loaded == deal
    assert loaded.rules is Rules.DDV
    validator().validate(old)
    other = as_version_1(dump_deal(played(5, Rules(nines=False))))
    with pytest.raises(RecordError, match=r"^hand 0: must hold 12 cards, not 10 \(§2\.4\)$"):
        load_deal(other)
    assert not validator().is_valid(other)


def test_version_1_records_have_no_rules_and_version_2_records_need_them() -> None:
    record = dump_deal(played(6))
    old = copy.deepcopy(record)
    old["version"] = 1
    with pytest.raises(RecordError, match=r'^record: unknown key "rules"$'):
        load_deal(old)
    del record["rules"]
    with pytest.raises(RecordError, match=r"^record: missing key 'rules'$"):
        load_deal(record)
    assert not validator().is_valid(old)
    assert not validator().is_valid(record)


@pytest.mark.parametrize(
    ("change", "message", "path"),
    [
        (lambda r: r.__setitem__("bettel", True),
         r'^rules: unknown option "bettel"; .* \(V§0\.1\)$',
         ("rules", "bettel")),
        (lambda r: r.pop("solos"), r"^rules: missing option 'solos'; .* \(V§0\.1\)$", ("rules",)),
        (lambda r: r.__setitem__("nines", "false"),
         r"^rules: option nines must be True or False, not 'false' \(V§0\.1\)$",
         ("rules", "nines")),
        (lambda r: r.__setitem__("karlchen", 1),
         r"^rules: option karlchen must be True or False, not 1 \(V§0\.1\)$",
         ("rules", "karlchen")),
        (lambda r: r.__setitem__("second_dulle", "sometimes"),
         r"^rules: option second_dulle must be one of .* \(V§2\.2\)$", ("rules", "second_dulle")),
        (lambda r: r.update(dullen=False, second_dulle="always"),
         r"^rules: dullen=False excludes second_dulle='always': .* \(V§0\.4\)$",
         ("rules", "dullen")),
        (lambda r: r.update(specials=False, fox_at_end=True),
         r"^rules: specials=False excludes fox_at_end=True: .* \(V§0\.4\)$", ("rules", "specials")),
    ],
)  # fmt: skip
def test_bad_rules_are_rejected_naming_the_option(
    change: Any, message: str, path: tuple[str, ...]
) -> None:
    for record in (dump_deal(played(7)), dump_session(0, [played(7)])):
        change(record["rules"])
        with pytest.raises(RecordError, match=message) as info:
            (load_deal if record["kind"] == "deal" else load_session)(record)
        assert info.value.path == path
        assert not validator().is_valid(record)


def test_rules_must_be_an_object() -> None:
    record = dump_deal(played(8))
    record["rules"] = "ddv"
    with pytest.raises(RecordError, match=r'^rules: must be a JSON object of options, not "ddv"'):
        load_deal(record)


# --- sessions -----------------------------------------------------------------------


def session_deals(rules: Rules, count: int, first: int = 2) -> list[Deal]:
    return [played(number, rules, dealer=(first + number) % 4) for number in range(count)]


def test_a_session_states_its_rules_once() -> None:
    rules = Rules(nines=False, solos=False)
    deals = session_deals(rules, 3)
    record = dump_session(2, deals)
    assert record["rules"] == rules.as_dict()
    assert all("rules" not in body for body in record["deals"])
    validator().validate(record)
    first, loaded = loads_session(dumps_session(2, deals))
    assert first == 2
    assert loaded == tuple(deals)
    assert all(deal.rules == rules for deal in loaded)
    assert dump_session(first, loaded) == record


def test_a_session_keeps_one_rule_set() -> None:
    deals = session_deals(Rules.DDV, 2)
    deals.append(played(9, Rules(dullen=False), dealer=0))
    with pytest.raises(RecordError, match=r"^deal 2: played under the rules dullen=false, but"):
        dump_session(2, deals)
    with pytest.raises(RecordError, match=r"^deal 0: played under the rules ddv, but the session"):
        dump_session(2, deals[:1], rules=Rules(dullen=False))
    with pytest.raises(InvalidTypeError, match=r"^rules must be a Rules, not str 'ddv'$"):
        dump_session(2, deals[:1], rules="ddv")  # type: ignore[arg-type]


def test_the_rules_of_a_session_without_deals() -> None:
    record = dump_session(1, [], rules=Rules(nines=False))
    assert record["rules"]["nines"] is False
    assert load_session(record) == (1, ())
    assert dump_session(1, [])["rules"] == Rules.DDV.as_dict()


def test_a_session_deal_is_replayed_under_the_session_rules() -> None:
    deals = [
        played(number, Rules(dullen=False), (2 + number) % 4, healthy=True) for number in (0, 1)
    ]
    record = dump_session(2, deals)
    record["rules"]["dullen"] = True
    with pytest.raises(RecordError, match=r"^deal 0, (event \d+|settlement|contract)"):
        load_session(record)


def test_a_version_1_session_is_read_under_the_ddv_rules() -> None:
    deals = session_deals(Rules.DDV, 2)
    old = as_version_1(dump_session(2, deals))
    assert load_session(old) == (2, tuple(deals))
    validator().validate(old)


@pytest.mark.parametrize(
    "convert", [float, str, lambda total: None, lambda total: [total], lambda total: total == 0]
)
def test_totals_must_be_integers(convert: Any) -> None:
    record = dump_session(2, session_deals(Rules.DDV, 2))
    record["totals"][1] = convert(record["totals"][1])
    with pytest.raises(RecordError, match=r"^record: total 1 must be an integer, not ") as info:
        load_session(record)
    assert info.value.path == ("totals",)
    # JSON Schema counts 14.0 as an integer; the reader does not.
    assert validator().is_valid(record) is (convert is float)


def test_float_totals_that_equal_the_sums_are_rejected() -> None:
    record = dump_session(2, session_deals(Rules.DDV, 2))
    record["totals"] = [float(total) for total in record["totals"]]
    assert record["totals"] == dump_session(2, session_deals(Rules.DDV, 2))["totals"]
    with pytest.raises(RecordError, match=r"^record: total 0 must be an integer, not -?\d+\.0$"):
        load_session(record)


def test_dump_session_takes_a_session() -> None:
    deals = session_deals(Rules.DDV, 2, first=1)
    session = Session(1, deals)
    assert dump_session(session) == dump_session(1, deals)
    assert dumps_session(session, indent=1) == dumps_session(1, deals, indent=1)
    with pytest.raises(InvalidTypeError, match=r"^deals must be a None when a session is given"):
        dump_session(session, deals)


def test_a_session_of_paper_results_is_saved_and_replayed(tmp_path: Any) -> None:
    """A session kept on paper saves like a played one and replays (it was refused before)."""
    x01 = DealSummary(GameType.NORMAL, {0, 2}, PartyResult(151, 7), PartyResult(89, 5))
    session = Session.new(first_dealer=3).add_result(settle(x01))
    assert session.deals == ()
    assert len(session) == 1
    path = tmp_path / "paper.json"
    save(path, session)
    assert replay_file(path) == session
    with pytest.raises(RecordError, match=r"replay"):
        load(path)  # a first dealer and deals cannot rebuild written results
    empty = Session.new(first_dealer=3)
    save(path, empty)
    assert path.exists()


@pytest.mark.parametrize(
    ("indent", "error"),
    [("2", InvalidTypeError), (True, InvalidTypeError), (-1, InvalidValueError),
     (2**100, InvalidValueError), (17, InvalidValueError)],
)  # fmt: skip
def test_indent_must_be_a_small_int(indent: object, error: type[Exception]) -> None:
    deal = Deal.shuffled(seed=1)
    with pytest.raises(error, match=r"^indent must be"):
        dumps_deal(deal, indent=indent)  # type: ignore[arg-type]
    with pytest.raises(error, match=r"^indent must be"):
        dumps_session(0, [], indent=indent)  # type: ignore[arg-type]
    assert dumps_deal(deal, indent=16).startswith("{\n" + " " * 16 + '"format"')


@given(st.sampled_from([0, 1, 2, 3]), strategies.rules())
@settings(max_examples=20, deadline=None)
def test_any_rule_set_survives_an_empty_session(first: int, rules: Rules) -> None:
    record = dump_session(first, [], rules=rules)
    validator().validate(record)
    assert Rules.from_dict(record["rules"]) == rules
    assert load_session(record) == (first, ())


@settings(max_examples=15, deadline=None)
@given(
    rules=strategies.rules(),
    first=st.integers(0, 3),
    seed=st.integers(0, 2**16),
    count=st.integers(0, 3),
)
def test_session_round_trip_is_the_identity_rules_included(
    rules: Rules, first: int, seed: int, count: int
) -> None:
    # A tournament deal is dealt with the compulsory solos owed (V§9), which the deal states.
    assume(not rules.compulsory_solo)
    session = Session.new(first, rules=rules)
    deals = []
    for number in range(min(count, rules.session_deals)):
        generator = random.Random(seed + number)
        deal = session.next_deal(seed + number)
        while not deal.is_finished:
            deal = deal.apply(generator.choice(deal.legal_actions))
        deals.append(deal)
        session = session.add(deal)
    record = dump_session(first, deals, rules=rules)
    validator().validate(record)
    assert Rules.from_dict(record["rules"]) == rules
    loaded_first, loaded = loads_session(dumps_session(first, deals, rules=rules))
    assert (loaded_first, loaded) == (first, tuple(deals))
    assert all(deal.rules == rules for deal in loaded)
    assert dump_session(loaded_first, loaded, rules=rules) == record
