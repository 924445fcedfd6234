"""Records of the table procedures: Armut, Schmeißen, void deals and tournament facts (V§6-V§9).

Every kind of deal the procedures add is written, read back to the same deal
and written again to the same record, validated by the shipped schema; and
each kind of damage is refused with a :class:`RecordError` that names the
entry and its path.
"""

from __future__ import annotations

import copy
import functools
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doppelkopf import (
    Action,
    AnswerPoverty,
    Deal,
    Declare,
    GameType,
    Hand,
    Phase,
    Reservation,
    Rules,
    Session,
    SoloKind,
)
from doppelkopf.records import (
    RecordError,
    dump_deal,
    dump_session,
    dumps_deal,
    load_deal,
    load_session,
    loads_deal,
    record_schema,
    replay_session,
)
from doppelkopf.rules import USUAL_THROW_REASONS
from doppelkopf.strategies import deals, deals_of_hands, rules

Record = dict[str, Any]

ARMUT = Rules(armut=True)
THROWING = Rules(armut=True, schmeissen=USUAL_THROW_REASONS)

# The hands of the worked example V18: seat 0 holds two trumps, ♦K and ♣J.
V18_HANDS = (
    "♦K ♣J ♠K ♠A ♠A ♠10 ♣A ♣A ♣10 ♥A ♥K ♥9",
    "♣Q ♣Q ♠Q ♠Q ♥Q ♥Q ♦Q ♦Q ♣J ♠J ♠J ♥J",
    "♥10 ♥10 ♦A ♦A ♦10 ♦10 ♦K ♦9 ♦9 ♥J ♦J ♠9",
    "♦J ♠10 ♠K ♠9 ♣10 ♣K ♣K ♣9 ♣9 ♥A ♥K ♥9",
)


def validator() -> Any:
    """A validator of the shipped schema (the test is skipped without ``jsonschema``)."""
    jsonschema = pytest.importorskip("jsonschema")
    return _validator(jsonschema)


@functools.cache
def _validator(jsonschema: Any) -> Any:
    schema = record_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def first_legal(deal: Deal) -> Deal:
    """``deal`` played on with the first legal action until it is finished."""
    while not deal.is_finished:
        deal = deal.apply(deal.legal_actions[0])
    return deal


def v18_armut(rules: Rules = ARMUT) -> Deal:
    """V18: seat 0 is poor and passes ♦K ♣J ♠K, seat 1 refuses, seat 2 accepts and returns."""
    deal = Deal.from_hands(V18_HANDS, rules=rules).declare(0, Reservation.POVERTY)
    for seat in (1, 2, 3):
        deal = deal.declare(seat, Reservation.HEALTHY)
    deal = deal.pass_cards(0, tuple(Hand.parse("♦K ♣J ♠K")))
    deal = deal.answer_poverty(1, False).answer_poverty(2, True)
    return deal.return_cards(2, tuple(Hand.parse("♥10 ♦A ♠9")))


def _procedure_first(deal: Deal, rng: random.Random, accept: bool | None) -> Deal:
    """Random play that declares Armut or Schmeißen when it can, and answers an Armut as told."""
    while not deal.is_finished:
        actions: tuple[Action, ...] = deal.legal_actions
        if deal.phase is Phase.RESERVATIONS:
            wished = [
                a
                for a in actions
                if isinstance(a, Declare)
                and a.reservation in (Reservation.POVERTY, Reservation.THROW)
            ]
            actions = tuple(wished) or tuple(
                a
                for a in actions
                if isinstance(a, Declare) and a.reservation is Reservation.HEALTHY
            )
        elif deal.phase is Phase.POVERTY_OFFER and accept is not None:
            actions = tuple(
                a for a in actions if isinstance(a, AnswerPoverty) and a.accept is accept
            )
        deal = deal.apply(rng.choice(actions))
    return deal


@functools.cache
def procedure_deal(kind: str) -> Deal:
    """The first seeded deal under :data:`THROWING` that ends as ``kind``."""
    wanted: dict[str, tuple[bool | None, Callable[[Deal], bool]]] = {
        "armut": (True, lambda deal: deal.game_type is GameType.POVERTY),
        "thrown": (None, lambda deal: deal.void is not None and deal.void.reason == "thrown"),
        "refused": (
            False,
            lambda deal: deal.void is not None and deal.void.reason == "poverty_refused",
        ),
    }
    accept, condition = wanted[kind]
    for seed in range(2000):
        rng = random.Random(seed)
        deal = _procedure_first(
            Deal.shuffled(rng=rng, dealer=seed % 4, rules=THROWING), rng, accept
        )
        if condition(deal):
            return deal
    raise AssertionError(f"no seed gives a deal that ends {kind}")  # pragma: no cover


def tournament_deal(owing: set[int], *, forced: bool, reservation: Reservation | None) -> Deal:
    """A tournament deal (dealer 3) in which every seat answers healthy but seat 1 (or the forced
    seat) says ``reservation``, played on with the first legal cards."""
    deal = Deal.shuffled(seed=11, rules=Rules.TOURNAMENT, owing=owing, forced=forced)
    while deal.phase is Phase.RESERVATIONS:
        seat = deal.turn
        assert seat is not None
        said = reservation if (seat == 1 or forced) and reservation else Reservation.HEALTHY
        deal = deal.declare(seat, said)
    return first_legal(deal)


def assert_round_trip(deal: Deal) -> Record:
    """Dump, load and dump again: the same deal, history included, and the same record."""
    record = dump_deal(deal)
    validator().validate(record)
    loaded = load_deal(record)
    assert loaded == deal
    assert loaded.history == deal.history
    assert loaded.owing == deal.owing
    assert loaded.forced == deal.forced
    assert loaded.solo_kind == deal.solo_kind
    assert loaded.void == deal.void
    assert loaded.poverty == deal.poverty
    assert dump_deal(loaded) == record
    assert loads_deal(dumps_deal(deal)) == deal
    assert json.loads(dumps_deal(loaded)) == record
    return record


def rejected(record: object, match: str, path: tuple[str | int, ...]) -> RecordError:
    with pytest.raises(RecordError, match=match) as info:
        load_deal(record)  # type: ignore[arg-type]
    assert info.value.path == path
    return info.value


# --- Armut -----------------------------------------------------------------------


@pytest.mark.parametrize(("rules", "trumps"), [(ARMUT, 2), (Rules.XIX, 1)])
def test_v18_an_armut_record_holds_the_whole_exchange(rules: Rules, trumps: int) -> None:
    deal = first_legal(v18_armut(rules))
    record = assert_round_trip(deal)
    assert record["reservations"] == [
        {"seat": 0, "reservation": "poverty"},
        {"seat": 1, "reservation": "healthy"},
        {"seat": 2, "reservation": "healthy"},
        {"seat": 3, "reservation": "healthy"},
    ]
    assert record["events"][:4] == [
        {"type": "pass", "seat": 0, "cards": ["CJ", "SK", "DK"]},
        {"type": "answer", "seat": 1, "accept": False},
        {"type": "answer", "seat": 2, "accept": True},
        # without Dullen (XIX) the ♥10 is no trump: only the ♦A of the three is (V§6.1)
        {"type": "return", "seat": 2, "cards": ["S9", "H10", "DA"], "trumps": trumps},
    ]
    assert record["contract"] == {
        "game_type": "ARMUT",
        "declarer": 0,
        "partner": 2,
        "clarification_trick": None,
    }
    assert record["settlement"] is not None
    assert "owing" not in record
    assert "forced" not in record


@pytest.mark.parametrize("steps", [5, 6, 7, 8, 9])
def test_an_armut_deal_in_the_middle_of_its_exchange_round_trips(steps: int) -> None:
    deal = Deal.from_hands(V18_HANDS, rules=ARMUT)
    full = v18_armut()
    deal = deal.replay(full.history[:steps])
    record = assert_round_trip(deal)
    assert record["contract"] == {
        "game_type": "ARMUT",
        "declarer": 0,
        "partner": 2 if steps >= 7 else None,
        "clarification_trick": None,
    }
    assert record["settlement"] is None


def test_an_armut_deal_found_by_play_round_trips() -> None:
    deal = procedure_deal("armut")
    record = assert_round_trip(deal)
    assert [event["type"] for event in record["events"][:2]] == ["pass", "answer"]


# --- void deals ------------------------------------------------------------------


def test_a_thrown_deal_records_its_reason_and_the_void() -> None:
    deal = procedure_deal("thrown")
    record = assert_round_trip(deal)
    void = deal.void
    assert void is not None
    assert void.throw_reason in USUAL_THROW_REASONS
    throws = [item for item in record["reservations"] if item["reservation"] == "throw"]
    assert {"seat": void.seat, "reservation": "throw", "reason": void.throw_reason} in throws
    assert all(set(item) == {"seat", "reservation"} for item in record["reservations"]
               if item["reservation"] != "throw")  # fmt: skip
    assert record["contract"] == {
        "void": "thrown",
        "seat": void.seat,
        "throw_reason": void.throw_reason,
    }
    assert record["events"] == []
    assert record["settlement"] is None


def test_a_refused_armut_records_the_three_refusals_and_the_void() -> None:
    deal = procedure_deal("refused")
    record = assert_round_trip(deal)
    void = deal.void
    assert void is not None
    assert record["contract"] == {
        "void": "poverty_refused",
        "seat": void.seat,
        "throw_reason": None,
    }
    assert [event["type"] for event in record["events"]] == ["pass", "answer", "answer", "answer"]
    assert [event.get("accept") for event in record["events"][1:]] == [False, False, False]
    assert record["settlement"] is None


# --- tournament facts --------------------------------------------------------------


@pytest.mark.parametrize(
    ("owing", "forced", "reservation", "kind"),
    [
        ({1, 3}, False, Reservation.QUEENS_SOLO, SoloKind.COMPULSORY),  # V§9.1
        ({0, 2}, False, Reservation.JACKS_SOLO, SoloKind.VOLUNTARY),  # a Lustsolo of seat 1
        ({1, 3}, True, Reservation.FLESHLESS, SoloKind.FORCED),  # V§9.5: seat 1 is forced
        ({2}, False, None, None),  # nobody declares: a normal game
    ],
)
def test_a_tournament_deal_records_owing_forced_and_the_solo_kind(
    owing: set[int], forced: bool, reservation: Reservation | None, kind: SoloKind | None
) -> None:
    deal = tournament_deal(owing, forced=forced, reservation=reservation)
    assert deal.solo_kind is kind
    record = assert_round_trip(deal)
    assert record["owing"] == sorted(owing)
    assert record["forced"] is forced
    assert list(record)[6:10] == ["hands", "owing", "forced", "reservations"]
    assert record["contract"]["solo_kind"] == (None if kind is None else kind.value)
    if forced:
        assert len(record["reservations"]) == 1
        assert record["events"][0]["seat"] == 1  # the forced soloist leads (V§9.5)


def test_a_tournament_deal_without_owed_solos_states_no_tournament_facts() -> None:
    deal = first_legal(Deal.shuffled(seed=4, rules=Rules.TOURNAMENT))
    record = assert_round_trip(deal)
    assert "owing" not in record
    assert "forced" not in record
    assert "solo_kind" not in record["contract"]


# --- hypothesis round trips ----------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(deals(rules(armut=True), void=True))
def test_armut_deals_round_trip(deal: Deal) -> None:
    assert_round_trip(deal)


@settings(max_examples=40, deadline=None)
@given(deals(rules(armut=True, schmeissen=USUAL_THROW_REASONS), void=True))
def test_deals_that_may_be_thrown_in_round_trip(deal: Deal) -> None:
    assert_round_trip(deal)


@settings(max_examples=20, deadline=None)
@given(deals(Rules.XIX, finished=True))
def test_finished_xix_deals_round_trip(deal: Deal) -> None:
    assert_round_trip(deal)


@st.composite
def tournament_deals(draw: st.DrawFn) -> Deal:
    """Tournament deals: owed solos and forcing drawn, then random legal actions."""
    table = draw(rules(compulsory_solo=True))
    owing = draw(st.sets(st.integers(min_value=0, max_value=3), min_size=1))
    forced = draw(st.booleans())
    dealer = draw(st.integers(min_value=0, max_value=3))
    hands = draw(deals_of_hands(table))
    deal = Deal.from_hands(hands, dealer=dealer, rules=table, owing=owing, forced=forced)
    for _ in range(draw(st.integers(min_value=0, max_value=4 + 4 * table.tricks))):
        if deal.is_finished:
            break
        deal = deal.apply(draw(st.sampled_from(deal.legal_actions)))
    return deal


@settings(max_examples=40, deadline=None)
@given(tournament_deals())
def test_tournament_deals_round_trip(deal: Deal) -> None:
    record = assert_round_trip(deal)
    assert record["owing"] == sorted(deal.owing)


# --- damage refused ------------------------------------------------------------------


def armut_record() -> Record:
    return dump_deal(first_legal(v18_armut()))


def test_a_pass_of_two_cards_is_refused() -> None:
    record = armut_record()
    record["events"][0]["cards"].pop()
    rejected(
        record,
        r"^event 0: 'cards' must hold 3 cards, not 2: an Armut exchange moves exactly 3 "
        r"\(V§6\.3\)$",
        ("events", 0, "cards"),
    )


def test_a_pass_that_keeps_a_trump_is_refused() -> None:
    record = armut_record()
    record["events"][0]["cards"] = ["CJ", "SK", "HA"]  # the ♦K would stay in the hand
    error = rejected(
        record,
        r"^event 0 \(pass seat 0 ♣J ♠K ♥A\): the poor player passes all its trumps: ♦K would "
        r"stay in the hand \(V§6\.3\)$",
        ("events", 0),
    )
    assert error.__cause__ is not None


def test_a_pass_of_cards_not_held_is_refused() -> None:
    record = armut_record()
    record["events"][0]["cards"] = ["CQ", "SK", "DK"]
    rejected(record, r"^event 0 \(pass seat 0 ♣Q ♠K ♦K\): cannot pass ♣Q: the hand holds no ♣Q",
             ("events", 0))  # fmt: skip


def test_exchange_cards_out_of_the_deck_order_are_refused() -> None:
    record = armut_record()
    record["events"][0]["cards"] = ["DK", "CJ", "SK"]
    rejected(
        record,
        r"^event 0: 'cards' must be written in the order of the deck, suits C S H D and ranks "
        r"9 J Q K 10 A: \['CJ', 'SK', 'DK'\], not \['DK', 'CJ', 'SK'\]$",
        ("events", 0, "cards"),
    )
    record["events"][0]["cards"] = ["CJ", "♠K", "DK"]
    rejected(record, r"^event 0: card 1 must be a card in ASCII notation .* \(write 'SK'\)$",
             ("events", 0, "cards", 1))  # fmt: skip


def test_an_answer_out_of_order_is_refused() -> None:
    record = armut_record()
    record["events"][1]["seat"] = 2
    rejected(
        record,
        r"^event 1 \(answer seat 2 refuse\): the Armut is offered to seat 1 now, not seat 2 "
        r"\(V§6\.3\)$",
        ("events", 1),
    )


def test_an_answer_that_is_not_a_boolean_is_refused() -> None:
    record = armut_record()
    record["events"][2]["accept"] = 1
    rejected(record, r"^event 2: 'accept' must be true or false, not 1$", ("events", 2, "accept"))


def test_returned_cards_not_held_are_refused() -> None:
    record = armut_record()
    record["events"][3]["cards"] = ["CQ", "H10", "DA"]  # every ♣Q is seat 1's
    rejected(
        record,
        r"^event 3 \(return seat 2 ♣Q ♥10 ♦A\): cannot return ♣Q: the hand holds no ♣Q "
        r"\(V§6\.3\)$",
        ("events", 3),
    )


def test_a_wrong_number_of_returned_trumps_is_refused() -> None:
    record = armut_record()
    record["events"][3]["trumps"] = 3
    rejected(
        record,
        r"^event 3 \(return seat 2 ♠9 ♥10 ♦A\): the record says trumps=3, but the replay gives 2$",
        ("events", 3, "trumps"),
    )


def test_an_exchange_step_after_the_exchange_is_refused() -> None:
    record = armut_record()
    record["events"].insert(4, {"type": "answer", "seat": 3, "accept": True})
    rejected(record, r"^event 4 \(answer seat 3 accept\): no Armut is being exchanged",
             ("events", 4))  # fmt: skip


def thrown_record() -> Record:
    return dump_deal(procedure_deal("thrown"))


def test_a_throw_reason_the_hand_does_not_meet_is_refused() -> None:
    deal = procedure_deal("thrown")
    void = deal.void
    assert void is not None
    other = "kings5" if void.throw_reason == "nines5" else "nines5"
    record = thrown_record()
    number = next(
        n for n, item in enumerate(record["reservations"]) if item["reservation"] == "throw"
    )
    record["reservations"][number]["reason"] = other
    rejected(
        record,
        rf"^reservation {number} \(seat {void.seat} throw {other}\): the hand does not meet "
        rf"{other}: it needs .* \(V§7\.1\)$",
        ("reservations", number),
    )
    record["reservations"][number]["reason"] = "trumps1"
    rejected(
        record,
        rf"^reservation {number} \(seat {void.seat} throw trumps1\): trumps1 is no throw reason "
        r"at this table; the reasons are nines5, kings5 \(V§7\.1\)$",
        ("reservations", number),
    )
    record["reservations"][number]["reason"] = "nines6"
    rejected(record, rf"^reservation {number}: 'reason' must be one of 'nines5', ",
             ("reservations", number, "reason"))  # fmt: skip
    del record["reservations"][number]["reason"]
    rejected(
        record,
        rf"^reservation {number}: missing key 'reason': Schmeißen names its reason \(V§7\.2\)$",
        ("reservations", number),
    )


def test_a_reason_with_another_answer_is_refused() -> None:
    record = armut_record()
    record["reservations"][1]["reason"] = "nines5"
    rejected(
        record,
        r"^reservation 1: only Schmeißen names a reason, not healthy \(V§7\.2\)$",
        ("reservations", 1, "reason"),
    )


def test_a_void_record_with_a_settlement_is_refused() -> None:
    for kind in ("thrown", "refused"):
        record = dump_deal(procedure_deal(kind))
        record["settlement"] = armut_record()["settlement"]
        rejected(
            record,
            r"^settlement: the deal is void, so it has no settlement and the record must say "
            r"null$",
            ("settlement",),
        )


def test_a_void_contract_must_be_the_replays() -> None:
    record = thrown_record()
    contract = record["contract"]
    changed = copy.deepcopy(record)
    changed["contract"] = None
    rejected(changed, r"^contract: the record has none, but the reservation round ended in a "
             r"void deal \(thrown, seat \d\)$", ("contract",))  # fmt: skip
    changed["contract"] = {**contract, "void": "poverty_refused"}
    rejected(changed, r"^contract: the record says void=\"poverty_refused\", but the replay "
             r"gives \"thrown\"$", ("contract", "void"))  # fmt: skip
    changed["contract"] = {**contract, "void": "lost"}
    rejected(changed, r"^contract: 'void' must be one of 'thrown', 'poverty_refused', not",
             ("contract", "void"))  # fmt: skip
    changed["contract"] = armut_record()["contract"]
    rejected(changed, r"^contract: the record says ARMUT, but the replay gives a void deal "
             r"\(thrown, seat \d\) \(V§8\)$", ("contract",))  # fmt: skip
    played = armut_record()
    played["contract"] = {"void": "thrown", "seat": 0, "throw_reason": "nines5"}
    rejected(played, r"^contract: the record says a void deal \(thrown, seat 0\), but the "
             r"replay gives ARMUT \(V§8\)$", ("contract",))  # fmt: skip


def compulsory_record() -> Record:
    return dump_deal(tournament_deal({1, 3}, forced=False, reservation=Reservation.QUEENS_SOLO))


def test_a_changed_solo_kind_is_refused() -> None:
    record = compulsory_record()
    record["contract"]["solo_kind"] = "voluntary"
    rejected(
        record,
        r"^contract: the record says solo_kind=\"voluntary\", but the replay gives "
        r"\"compulsory\"$",
        ("contract", "solo_kind"),
    )
    del record["contract"]["solo_kind"]
    rejected(record, r"^contract: missing key 'solo_kind'$", ("contract",))


def test_changed_tournament_facts_are_refused() -> None:
    record = compulsory_record()
    changed = copy.deepcopy(record)
    changed["owing"] = [3]  # seat 1's solo is then a Lustsolo, led from the dealer's left
    rejected(changed, r"^event 0 \(play seat 1 .*\): seat 0 plays next, not seat 1 \(§5\.1\)$",
             ("events", 0))  # fmt: skip
    for owing in ([], [3, 1], [1, 1], [4], "1"):
        changed["owing"] = owing
        path: tuple[str | int, ...] = ("owing",)
        message = r"^record: 'owing' must list 1-4 seats 0-3 in increasing order"
        if owing == "1":
            message = r"^record: 'owing' must be a JSON array"
        rejected(changed, message, path)
    changed = copy.deepcopy(record)
    del changed["forced"]
    rejected(changed, r"^record: missing key 'forced': a record states 'owing' and 'forced' "
             r"together$", ())  # fmt: skip
    changed = copy.deepcopy(record)
    changed["forced"] = True  # only seat 1 is asked: the other reservations cannot follow
    rejected(changed, r"^reservation 0 \(seat 0 healthy\): ", ("reservations", 0))
    changed["forced"] = "yes"
    rejected(changed, r"^record: 'forced' must be true or false, not \"yes\"$", ("forced",))


def test_tournament_facts_under_rules_without_compulsory_solos_are_refused() -> None:
    record = dump_deal(first_legal(Deal.shuffled(seed=2)))
    record["owing"] = [0]
    record["forced"] = False
    rejected(record, r"^record: only a table with compulsory solos \(compulsory_solo=True\) "
             r"owes them", ("owing",))  # fmt: skip
    del record["rules"]
    record["version"] = 1
    rejected(record, r"^record: unknown key \"owing\"$", ("owing",))


def test_a_solo_kind_without_tournament_facts_is_refused() -> None:
    record = dump_deal(first_legal(Deal.shuffled(seed=2)))
    record["contract"]["solo_kind"] = None
    rejected(record, r"^contract: unknown key \"solo_kind\"$", ("contract", "solo_kind"))


# --- sessions with void deals ------------------------------------------------------


def procedure_session(rules: Rules, count: int, seed: int = 3) -> Session:
    """A session of ``count`` deals that declare Armut or Schmeißen where they can; an Armut
    is refused in every other deal, so that void deals of both kinds come up."""
    session = Session.new(0, rules=rules)
    rng = random.Random(seed)
    for number in range(count):
        if session.is_finished:
            break
        deal = _procedure_first(session.next_deal(seed + number), rng, number % 2 == 0)
        session = session.add(deal)
    return session


def test_a_session_with_void_and_armut_deals_replays() -> None:
    session = procedure_session(THROWING, 24)
    deals = session.deals
    assert any(deal.is_void for deal in deals)
    assert any(deal.game_type is GameType.POVERTY for deal in deals)
    record = dump_session(session)
    validator().validate(record)
    for item, deal in zip(record["deals"], deals, strict=True):
        assert item["table"]["void"] is deal.is_void
        assert (item["settlement"] is None) is deal.is_void
        assert ("void" in item["contract"]) is deal.is_void
        assert "owing" not in item
    replayed = replay_session(record)
    assert replayed == session
    assert dump_session(replayed) == record
    assert load_session(record) == (0, deals)


def test_a_void_deal_of_a_session_must_be_void_in_its_table() -> None:
    session = procedure_session(THROWING, 24)
    record = dump_session(session)
    number = next(n for n, deal in enumerate(session.deals) if deal.is_void)
    record["deals"][number]["table"]["void"] = False
    with pytest.raises(RecordError, match=rf"^deal {number}, table: the record says void=false"):
        replay_session(record)
    record["deals"][number]["table"]["void"] = True
    record["deals"][number]["settlement"] = dump_session(session)["deals"][
        next(n for n, deal in enumerate(session.deals) if not deal.is_void)
    ]["settlement"]
    with pytest.raises(RecordError, match=rf"^deal {number}, settlement: the deal is void"):
        replay_session(record)


def test_a_forced_tournament_session_keeps_its_facts_in_the_table() -> None:
    rules = Rules(compulsory_solo=True, session_length=4)  # every deal is forced (V§9.5)
    session = Session.new(2, rules=rules)
    for number in range(4):
        deal = session.next_deal(number)
        assert deal.forced
        session = session.add(first_legal(deal))
    record = dump_session(session)
    validator().validate(record)
    assert [item["table"]["forced"] for item in record["deals"]] == [True] * 4
    assert [item["table"]["solo_kind"] for item in record["deals"]] == ["forced"] * 4
    assert all("owing" not in item and "solo_kind" not in item["contract"]
               for item in record["deals"])  # fmt: skip
    assert replay_session(record) == session
    record["deals"][0]["owing"] = [0]
    with pytest.raises(RecordError, match=r'^deal 0: unknown key "owing"$'):
        replay_session(record)


# --- the schema ---------------------------------------------------------------------


def test_the_schema_takes_every_new_kind_of_deal() -> None:
    check = validator()
    for deal in (
        first_legal(v18_armut()),
        first_legal(v18_armut(Rules.XIX)),
        v18_armut(),
        procedure_deal("armut"),
        procedure_deal("thrown"),
        procedure_deal("refused"),
        tournament_deal({1, 3}, forced=True, reservation=Reservation.FLESHLESS),
        tournament_deal({2}, forced=False, reservation=None),
    ):
        check.validate(dump_deal(deal))


def _schema_errors(record: Record) -> list[str]:
    return [error.message for error in validator().iter_errors(record)]


@pytest.mark.parametrize(
    "change",
    [
        lambda r: r["events"][0]["cards"].pop(),
        lambda r: r["events"][1].pop("accept"),
        lambda r: r["events"][3].pop("trumps"),
        lambda r: r["events"][3].update(trumps=4),
        lambda r: r["reservations"][0].update(reason="nines5"),
        lambda r: r["reservations"][0].update(reservation="throw"),
        lambda r: r["contract"].update(solo_kind=None),
        lambda r: r.update(owing=[0]),
        lambda r: r.update(forced=False),
        lambda r: r.update(owing=[], forced=False),
        lambda r: r.update(contract={"void": "thrown", "seat": 0, "throw_reason": None}),
        lambda r: r.update(
            contract={"void": "poverty_refused", "seat": 0, "throw_reason": "nines5"}
        ),
    ],
)
def test_the_schema_rejects_malformed_procedure_entries(change: Callable[[Record], object]) -> None:
    record = armut_record()
    assert not _schema_errors(record)
    change(record)
    assert _schema_errors(record)


def test_the_schema_ties_the_solo_kind_to_the_tournament_facts() -> None:
    record = compulsory_record()
    assert not _schema_errors(record)
    del record["contract"]["solo_kind"]
    assert _schema_errors(record)
    record = compulsory_record()
    del record["owing"], record["forced"]
    assert _schema_errors(record)
