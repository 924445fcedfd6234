"""JSON game records: round trips, and every kind of damage rejected with the entry named."""

from __future__ import annotations

import copy
import functools
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doppelkopf import (
    DECK,
    Announce,
    Announced,
    CardNotHeldError,
    Deal,
    Declare,
    DoppelkopfError,
    GameType,
    Hand,
    IllegalActionError,
    InvalidReservationError,
    InvalidTypeError,
    NotYourTurnError,
    Play,
    Reservation,
    Rules,
    Session,
    WrongPhaseError,
)
from doppelkopf.records import (
    RECORD_FORMAT,
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
    save,
)

Record = dict[str, Any]

SOLOS = tuple(reservation for reservation in Reservation if reservation.is_solo)


# --- random deals ----------------------------------------------------------------


def _reservation(actions: tuple[Any, ...], rng: random.Random) -> Declare:
    """Mostly healthy; a holder of both ♣Q often announces the marriage; sometimes a solo."""
    declares = [action for action in actions if isinstance(action, Declare)]
    marriages = [d for d in declares if d.reservation is Reservation.MARRIAGE]
    if marriages and rng.random() < 0.6:
        return marriages[0]
    healthy = [d for d in declares if d.reservation is Reservation.HEALTHY]
    if healthy and rng.random() < 0.9:  # none in a question of the two-step round
        return healthy[0]
    return rng.choice(declares)


def play_on(
    deal: Deal,
    rng: random.Random,
    *,
    announce_rate: float = 0.2,
    steps: int | None = None,
) -> Deal:
    """Random legal actions until the deal is finished or ``steps`` actions were taken."""
    taken = 0
    while not deal.is_finished and (steps is None or taken < steps):
        actions = deal.legal_actions
        if deal.game_type is None:
            deal = deal.apply(_reservation(actions, rng))
        else:
            announcements = [action for action in actions if isinstance(action, Announce)]
            if announcements and rng.random() < announce_rate:
                deal = deal.apply(rng.choice(announcements))
            else:
                deal = deal.apply(rng.choice([a for a in actions if isinstance(a, Play)]))
        taken += 1
    return deal


def random_deal(seed: int, *, dealer: int | None = None, steps: int | None = None) -> Deal:
    """A deal from ``seed``: random dealer, reservations, announcements and cards."""
    rng = random.Random(seed)
    start = Deal.shuffled(rng=rng, dealer=rng.randrange(4) if dealer is None else dealer)
    rate = rng.choice((0.0, 0.05, 0.2, 0.5))
    return play_on(start, rng, announce_rate=rate, steps=steps)


@functools.cache
def deal_where(condition: Callable[[Deal], bool]) -> Deal:
    """The first random finished deal (by seed) that meets ``condition``."""
    for seed in range(5000):
        deal = random_deal(seed)
        if condition(deal):
            return deal
    raise AssertionError("no seed gives such a deal")  # pragma: no cover


def _many_announcements(deal: Deal) -> bool:
    return deal.game_type is GameType.NORMAL and len(deal.announcements) >= 3


def _silent(deal: Deal) -> bool:
    return deal.game_type is GameType.NORMAL and not deal.announcements


def _valued(deal: Deal) -> bool:
    return bool(dump_deal(deal)["settlement"]["value"])


def _late_reply(deal: Deal) -> bool:
    return any(event.late_reply for event in deal.announcements)


def announced_deal() -> Deal:
    """A finished normal game with three or more announcements."""
    return deal_where(_many_announcements)


def round_trip(deal: Deal) -> Deal:
    record = dump_deal(deal)
    assert json.loads(json.dumps(record)) == record  # plain JSON values only
    loaded = load_deal(record)
    assert loaded == deal
    assert loaded.history == deal.history
    assert dump_deal(loaded) == record
    assert loads_deal(dumps_deal(deal, indent=2)) == deal
    return loaded


# --- round trips -----------------------------------------------------------------


@given(seed=st.integers(0, 2**32 - 1))
def test_round_trip_of_random_finished_deals(seed: int) -> None:
    deal = random_deal(seed)
    assert deal.is_finished
    round_trip(deal)
    settlement = dump_deal(deal)["settlement"]
    assert sum(settlement["scores"]) == 0


@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 60))
def test_round_trip_of_deals_in_progress(seed: int, steps: int) -> None:
    deal = random_deal(seed, steps=steps)
    round_trip(deal)
    record = dump_deal(deal)
    assert (record["settlement"] is None) == (not deal.is_finished)
    assert (record["contract"] is None) == (deal.game_type is None)


def test_random_deals_cover_every_contract_and_announcement_kind() -> None:
    """The generator reaches every contract, clarification trick and level; all round-trip."""
    games: set[GameType] = set()
    clarification: set[int | None] = set()
    levels: set[int] = set()
    late = False
    for seed in range(400):
        deal = random_deal(seed)
        round_trip(deal)
        assert deal.game_type is not None
        games.add(deal.game_type)
        clarification.add(deal.clarification_trick)
        levels.update(int(event.level) for event in deal.announcements)
        late = late or _late_reply(deal)
    # The marriage solo is built below; a poverty needs armut=True (V§6).
    assert games >= set(GameType) - {GameType.MARRIAGE_SOLO, GameType.POVERTY}
    assert clarification == {None, 1, 2, 3}
    assert levels == {0, 1, 2, 3, 4}
    assert late


@pytest.mark.parametrize("solo", SOLOS, ids=lambda solo: solo.value)
def test_round_trip_of_every_solo(solo: Reservation) -> None:
    rng = random.Random(solo.value)
    deal = Deal.shuffled(rng=rng).declare(0, solo)
    for seat in (1, 2, 3):
        deal = deal.declare(seat, Reservation.HEALTHY)
    deal = play_on(deal, rng)
    loaded = round_trip(deal)
    assert loaded.game_type is solo.game_type
    assert dump_deal(deal)["contract"]["declarer"] == 0


def test_round_trip_of_a_marriage_solo() -> None:
    """The marriage player wins tricks 1-3, so the marriage turns into a solo (SPEC §7.3)."""
    strong = Hand.parse("H10 H10 CQ CQ SQ SQ HQ HQ DQ DQ CJ CJ")
    rest = list(DECK)
    for card in strong:
        rest.remove(card)
    random.Random(3).shuffle(rest)
    hands = [strong, Hand(rest[:12]), Hand(rest[12:24]), Hand(rest[24:])]
    deal = Deal.from_hands(hands, dealer=3).declare(0, Reservation.MARRIAGE)
    for seat in (1, 2, 3):
        deal = deal.declare(seat, Reservation.HEALTHY)
    deal = play_on(deal, random.Random(4), announce_rate=0.3)
    assert deal.game_type is GameType.MARRIAGE_SOLO
    round_trip(deal)
    contract = dump_deal(deal)["contract"]
    assert contract == {
        "game_type": "MARRIAGE_SOLO",
        "declarer": 0,
        "partner": None,
        "clarification_trick": 3,
    }


def test_round_trip_of_given_hands_without_a_cut() -> None:
    deal = Deal.from_hands(Deal.shuffled(seed=8).dealt, dealer=1)
    deal = play_on(deal, random.Random(8))
    assert dump_deal(deal)["cut"] is None
    round_trip(deal)


def test_record_fields() -> None:
    deal = announced_deal()
    record = dump_deal(deal, meta={"players": ["A", "B", "C", "D"], "seed": 1})
    assert record["format"] == RECORD_FORMAT == "doppelkopf-record"
    assert record["version"] == RECORD_VERSION == 2
    assert record["rules"] == Rules.DDV.as_dict()
    assert record["kind"] == "deal"
    assert record["meta"] == {"players": ["A", "B", "C", "D"], "seed": 1}
    assert record["dealer"] == deal.dealer
    assert record["cut"] == deal.cut
    assert [Hand.parse(" ".join(hand)) for hand in record["hands"]] == list(deal.dealt)
    assert [entry["seat"] for entry in record["reservations"]] == [
        (deal.dealer + offset) % 4 for offset in (1, 2, 3, 4)
    ]
    announcements = [event for event in record["events"] if event["type"] == "announce"]
    assert len(announcements) == len(deal.announcements)
    for written, event in zip(announcements, deal.announcements, strict=True):
        assert written == {
            "type": "announce",
            "seat": event.seat,
            "level": int(event.level),
            "party": event.party.value,
            "hand_size": event.hand_size,
            "moment": event.moment,
            "late_reply": event.late_reply,
        }
    plays = [event for event in record["events"] if event["type"] == "play"]
    assert len(plays) == 48
    assert all(set(event) == {"type", "seat", "card"} for event in plays)
    assert set(record["settlement"]) == {"winner", "value", "scores", "lines"}
    for line in record["settlement"]["lines"]:
        assert set(line) == {"reason", "party", "points", "rule"}


def test_meta_is_copied_as_plain_json() -> None:
    players = ["A", "B", "C", "D"]
    meta = {"players": players, "table": ("x", 1, 2.5, True, None)}
    record = dump_deal(Deal.shuffled(seed=1), meta=meta)
    players.append("E")
    assert record["meta"] == {"players": ["A", "B", "C", "D"], "table": ["x", 1, 2.5, True, None]}


@pytest.mark.parametrize(
    "meta",
    [{"when": object()}, {1: "one"}, {"nan": float("nan")}, ["not", "a", "mapping"]],
    ids=["object", "int-key", "nan", "list"],
)
def test_meta_must_be_json(meta: Any) -> None:
    with pytest.raises(TypeError):
        dump_deal(Deal.shuffled(seed=1), meta=meta)


def test_dump_needs_a_deal() -> None:
    with pytest.raises(InvalidTypeError, match=r"^deal must be a Deal, not str 'deal'$"):
        dump_deal("deal")  # type: ignore[arg-type]


def test_record_error_is_a_doppelkopf_error_and_a_value_error() -> None:
    assert issubclass(RecordError, DoppelkopfError)
    assert issubclass(RecordError, ValueError)


# --- tampering ---------------------------------------------------------------------


def tampered(change: Callable[[Record], object], deal: Deal | None = None) -> Record:
    record = copy.deepcopy(dump_deal(deal if deal is not None else announced_deal()))
    change(record)
    return record


def rejected(
    record: object, match: str, *, path: tuple[str | int, ...] | None = None
) -> RecordError:
    with pytest.raises(RecordError, match=match) as info:
        load_deal(record)  # type: ignore[arg-type]
    if path is not None:
        assert info.value.path == path
    return info.value


def _event_index(record: Record, kind: str, number: int = 0) -> int:
    return [i for i, event in enumerate(record["events"]) if event["type"] == kind][number]


def test_changed_card_is_rejected_at_its_event() -> None:
    record = dump_deal(announced_deal())
    index = _event_index(record, "play", 5)
    seat = record["events"][index]["seat"]
    missing = next(card for card in DECK if card not in Hand.parse(" ".join(record["hands"][seat])))
    record["events"][index]["card"] = missing.ascii
    error = rejected(
        record,
        rf"^event {index} \(play seat {seat} {missing}\): cannot play {missing}: "
        r"it is not in the hand \(§5\.2\)$",
        path=("events", index),
    )
    assert isinstance(error.__cause__, CardNotHeldError)


@settings(max_examples=30)
@given(data=st.data())
def test_any_changed_card_is_rejected(data: st.DataObject) -> None:
    """A seat that plays a card it did not play ends up without some card it must play."""
    record = dump_deal(announced_deal())
    plays = [i for i, event in enumerate(record["events"]) if event["type"] == "play"]
    index = data.draw(st.sampled_from(plays))
    card = data.draw(st.sampled_from(sorted({card.ascii for card in DECK})))
    if card == record["events"][index]["card"]:
        return
    record["events"][index]["card"] = card
    with pytest.raises(RecordError, match=r"^event \d+ \(play seat") as info:
        load_deal(record)
    where, number = info.value.path
    assert where == "events"
    assert isinstance(number, int)
    assert number >= index
    assert isinstance(info.value.__cause__, IllegalActionError)


def test_swapped_plays_are_rejected_at_the_first() -> None:
    record = dump_deal(announced_deal())
    index = next(
        i
        for i in range(len(record["events"]) - 1)
        if record["events"][i]["type"] == record["events"][i + 1]["type"] == "play"
    )
    events = record["events"]
    events[index], events[index + 1] = events[index + 1], events[index]
    error = rejected(record, rf"^event {index} \(play seat \d .+\): seat \d plays next")
    assert isinstance(error.__cause__, NotYourTurnError)


def test_an_announcement_moved_one_card_earlier_is_rejected() -> None:
    record = dump_deal(announced_deal())
    index = next(
        i
        for i in range(1, len(record["events"]))
        if record["events"][i]["type"] == "announce" and record["events"][i - 1]["type"] == "play"
    )
    events = record["events"]
    events[index - 1], events[index] = events[index], events[index - 1]
    error = rejected(record, rf"^event {index - 1} \(announce seat \d ")
    assert error.path[:2] == ("events", index - 1)


def test_a_card_moved_between_hands_is_rejected() -> None:
    def move(record: Record) -> None:
        hands = record["hands"]
        index = next(i for i, card in enumerate(hands[0]) if card not in hands[1])
        other = next(i for i, card in enumerate(hands[1]) if card not in hands[0])
        hands[0][index], hands[1][other] = hands[1][other], hands[0][index]

    with pytest.raises(RecordError) as info:
        load_deal(tampered(move))
    assert info.value.path[0] in ("reservations", "events")


def test_hands_that_are_not_the_deck_are_rejected() -> None:
    def duplicate(record: Record) -> None:
        hands = record["hands"]
        hands[0][0] = next(card for card in hands[1] if hands[0].count(card) < 2)

    error = rejected(
        tampered(duplicate), r"^hands: the four hands are not a partition", path=("hands",)
    )
    assert isinstance(error.__cause__, ValueError)


def test_a_third_copy_in_a_hand_is_rejected() -> None:
    hands = [
        ["CQ", "CQ", "CQ", "SQ", "SQ", "HQ", "HQ", "DQ", "DQ", "CJ", "CJ", "SJ"],
        *(["D9"] * 12 for _ in range(3)),
    ]
    record = tampered(lambda r: r.__setitem__("hands", hands))
    rejected(record, r"^hand 0: a hand cannot hold a third ♣Q", path=("hands", 0))


@pytest.mark.parametrize(
    ("card", "message"),
    [
        ("♣Q", r"not \"♣Q\" \(write 'CQ'\)$"),
        ("cq", r"not \"cq\" \(write 'CQ'\)$"),
        ("XQ", r"not \"XQ\"$"),
        (7, r"not 7$"),
    ],
)
def test_cards_must_be_in_ascii_notation(card: object, message: str) -> None:
    def change(record: Record) -> None:
        record["hands"][2][3] = card

    prefix = r"^hand 2: card 3 must be a card in ASCII notation such as 'CQ' or 'H10', "
    rejected(tampered(change), prefix + message, path=("hands", 2, 3))


def test_a_short_hand_is_rejected() -> None:
    record = tampered(lambda r: r["hands"][1].pop())
    rejected(record, r"^hand 1: must hold 12 cards, not 11 \(§2\.4\)$", path=("hands", 1))


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("party", None, r"the record says party=\"\w+\", but the replay gives \"\w+\""),
        ("moment", 1, r"the record says moment=\d+, but the replay gives \d+"),
        ("hand_size", -1, r"the record says hand_size=\d+, but the replay gives \d+"),
        ("late_reply", None, r"the record says late_reply=\w+, but the replay gives \w+"),
    ],
)
def test_changed_announcement_facts_are_rejected(key: str, value: object, message: str) -> None:
    record = dump_deal(announced_deal())
    index = _event_index(record, "announce")
    event = record["events"][index]
    if key == "party":
        event["party"] = "re" if event["party"] == "kontra" else "kontra"
    elif key == "late_reply":
        event["late_reply"] = not event["late_reply"]
    else:
        event[key] += value
    rejected(
        record, rf"^event {index} \(announce seat \d .+\): {message}$", path=("events", index, key)
    )


def test_a_repeated_announcement_is_rejected() -> None:
    record = dump_deal(announced_deal())
    index = _event_index(record, "announce")
    record["events"].insert(index + 1, dict(record["events"][index]))
    rejected(record, rf"^event {index + 1} \(.*\): the party already holds this level")


def test_an_announcement_too_late_is_rejected() -> None:
    record = dump_deal(deal_where(_silent))
    seat = record["events"][-1]["seat"]
    # Re/Kontra with one card left is never legal, not even as a reply.
    record["events"].insert(
        len(record["events"]) - 1,
        {
            "type": "announce",
            "seat": seat,
            "level": 0,
            "party": "re",
            "hand_size": 1,
            "moment": 47,
            "late_reply": True,
        },
    )
    error = rejected(record, rf"^event {len(record['events']) - 2} \(announce seat {seat} Re\): ")
    assert isinstance(error.__cause__, IllegalActionError)


def test_an_event_after_the_last_trick_is_rejected() -> None:
    record = dump_deal(announced_deal())
    record["events"].append(dict(record["events"][-1]))
    error = rejected(record, r"^event \d+ \(play seat \d .+\): cards are played only")
    assert isinstance(error.__cause__, WrongPhaseError)


def test_reservations_out_of_order_are_rejected() -> None:
    record = dump_deal(announced_deal())
    reservations = record["reservations"]
    reservations[0], reservations[1] = reservations[1], reservations[0]
    seat = reservations[0]["seat"]
    error = rejected(record, rf"^reservation 0 \(seat {seat} healthy\): seat \d is asked now")
    assert isinstance(error.__cause__, NotYourTurnError)


def test_a_marriage_without_both_club_queens_is_rejected() -> None:
    record = dump_deal(announced_deal())
    record["reservations"][0]["reservation"] = "marriage"
    error = rejected(record, r"^reservation 0 \(seat \d marriage\): only a player holding both ♣Q")
    assert isinstance(error.__cause__, InvalidReservationError)


def test_a_changed_reservation_changes_the_contract() -> None:
    """Seat 0 now asks for a solo: every card still fits, but the contract does not."""
    deal = deal_where(_silent)
    record = dump_deal(deal)
    record["reservations"][0]["reservation"] = "SOLO_J"
    with pytest.raises(RecordError) as info:
        load_deal(record)
    assert info.value.path[0] in ("events", "contract")


@pytest.mark.parametrize(
    ("key", "value"),
    [("game_type", "SOLO_Q"), ("declarer", 2), ("partner", 1), ("clarification_trick", 2)],
)
def test_a_changed_contract_is_rejected(key: str, value: object) -> None:
    record = tampered(lambda r: r["contract"].__setitem__(key, value))
    rejected(record, rf"^contract: the record says {key}=", path=("contract", key))


def test_a_contract_before_the_reservation_round_ends_is_rejected() -> None:
    record = dump_deal(Deal.shuffled(seed=2).declare(0, Reservation.HEALTHY))
    record["contract"] = {
        "game_type": "NORMAL",
        "declarer": None,
        "partner": None,
        "clarification_trick": None,
    }
    rejected(record, r"^contract: the reservation round is not complete", path=("contract",))


def test_a_missing_contract_is_rejected() -> None:
    record = tampered(lambda r: r.__setitem__("contract", None))
    rejected(record, r"^contract: the record has none, but the reservation round fixed NORMAL")


@pytest.mark.parametrize(
    ("key", "change"),
    [
        ("value", lambda s: s.__setitem__("value", s["value"] + 1)),
        ("winner", lambda s: s.__setitem__("winner", None)),
        ("scores", lambda s: s.__setitem__("scores", [0, 0, 0, 0])),
    ],
)
def test_a_changed_settlement_is_rejected(key: str, change: Callable[[Record], None]) -> None:
    deal = deal_where(_valued)
    record = tampered(lambda r: change(r["settlement"]), deal)
    rejected(record, rf"^settlement: the record says {key}=", path=("settlement", key))


def test_a_changed_value_line_is_rejected() -> None:
    record = dump_deal(announced_deal())
    record["settlement"]["lines"][0]["points"] += 1
    rejected(
        record,
        r"^settlement line 0: the record says '[^']+' \+\d+ for \w+ \(§[\d.]+\), but the replay",
        path=("settlement", "lines", 0),
    )
    record = dump_deal(announced_deal())
    record["settlement"]["lines"].append(dict(record["settlement"]["lines"][0]))
    rejected(record, r"^settlement: the record has \d+ value lines", path=("settlement", "lines"))


def test_settlement_of_an_unfinished_deal_is_null() -> None:
    finished = announced_deal()
    record = dump_deal(finished)
    settlement = record["settlement"]
    record["events"].pop()
    rejected(record, r"^settlement: the deal is not finished \(11 of 12 tricks\)")
    record["settlement"] = None
    assert load_deal(record).moment == 47
    finished_record = tampered(lambda r: r.__setitem__("settlement", None))
    rejected(finished_record, r"^settlement: the record has none, but the deal is finished")
    assert settlement is not None


DELETE = object()
"""Marks a key or list entry to remove in :data:`DAMAGE`."""

DAMAGE: list[tuple[tuple[str | int, ...], object, str, tuple[str | int, ...]]] = [
    # (where, new value or DELETE, message, RecordError.path)
    (("version",), 4, r"^record: version 4 is not supported; this library reads version 1, 2 and 3",
     ("version",)),
    (("version",), 0, r"^record: version 0 is not supported", ("version",)),
    (("version",), 2.0, r"^record: 'version' must be an integer", ("version",)),
    (("version",), "1", r"^record: 'version' must be an integer", ("version",)),
    (("version",), DELETE, r"^record: missing key 'version'$", ()),
    (("format",), "chess", r"^record: 'format' is \"chess\"", ("format",)),
    (("format",), DELETE, r"^record: missing key 'format': not a doppelkopf", ()),
    (("kind",), "session", r"^record: this is a session record; read it with load_session\(\)$",
     ("kind",)),
    (("kind",), "game", r"^record: 'kind' must be 'deal' or 'session'", ("kind",)),
    (("kind",), DELETE, r"^record: missing key 'kind'$", ()),
    (("extra",), 1, r"^record: unknown key \"extra\"$", ("extra",)),
    (("events",), DELETE, r"^record: missing key 'events'$", ()),
    (("meta",), [1], r"^record: 'meta' must be a JSON object", ("meta",)),
    (("dealer",), 4, r"^record: 'dealer' must be a seat 0-3, not 4$", ("dealer",)),
    (("dealer",), True, r"^record: 'dealer' must be a seat 0-3, not true$", ("dealer",)),
    (("cut",), 2, r"^record: 'cut' must be a cut 3-45 \(§2\.3\) or null, not 2$", ("cut",)),
    (("cut",), 10.0, r"^record: 'cut' must be a cut 3-45", ("cut",)),
    (("hands",), "CQ CQ", r"^record: 'hands' must be a JSON array", ("hands",)),
    (("hands", 3), DELETE, r"^record: 'hands' must hold 4 entries, not 3$", ("hands",)),
    (("hands", 0), {}, r"^hand 0: must be a JSON array of cards, not \{\}$", ("hands", 0)),
    (("reservations",), {}, r"^record: 'reservations' must be a JSON array", ("reservations",)),
    (("reservations", 1, "seat"), DELETE, r"^reservation 1: missing key 'seat'$",
     ("reservations", 1)),
    (("reservations", 1, "reservation"), "solo", r"^reservation 1: 'reservation' must be one of",
     ("reservations", 1, "reservation")),
    (("events", 3), None, r"^event 3: must be a JSON object, not null$", ("events", 3)),
    (("events", 3, "type"), DELETE, r"^event 3: missing key 'type'$", ("events", 3)),
    (("events", 3, "type"), "skip", r"^event 3: 'type' must be 'play', 'announce', 'pass', 'an",
     ("events", 3, "type")),
    (("events", 3, "seat"), "1", r"^event 3: 'seat' must be a seat 0-3, not \"1\"$",
     ("events", 3, "seat")),
    (("events", 3, "card"), None, r"^event 3: 'card' must be a card in ASCII notation",
     ("events", 3, "card")),
    (("events", 3, "extra"), 0, r"^event 3: unknown key \"extra\"$", ("events", 3, "extra")),
    (("contract",), [], r"^contract: must be a JSON object, not \[\]$", ("contract",)),
    (("contract", "game_type"), "SOLO", r"^contract: 'game_type' must be one of",
     ("contract", "game_type")),
    (("contract", "clarification_trick"), 4,
     r"^contract: 'clarification_trick' must be a trick 1-3 or null, not 4$",
     ("contract", "clarification_trick")),
    (("settlement",), 5, r"^settlement: must be a JSON object, not 5$", ("settlement",)),
    (("settlement", "winner"), "nobody", r"^settlement: 'winner' must be one of",
     ("settlement", "winner")),
    (("settlement", "scores", 3), "4", r"^settlement: score 3 must be an integer, not \"4\"$",
     ("settlement", "scores")),
    (("settlement", "lines", 0, "points"), 0,
     r"^settlement line 0: 'points' must be a positive integer, not 0$",
     ("settlement", "lines", 0, "points")),
    (("settlement", "lines", 0, "reason"), 1, r"^settlement line 0: 'reason' must be a string",
     ("settlement", "lines", 0, "reason")),
]  # fmt: skip


def damage(record: Any, where: tuple[str | int, ...], value: object) -> None:
    """Set the value at ``where`` in ``record`` to ``value``, or remove it for DELETE."""
    for key in where[:-1]:
        record = record[key]
    if value is DELETE:
        del record[where[-1]]
    else:
        record[where[-1]] = value


@pytest.mark.parametrize(("where", "value", "message", "path"), DAMAGE)
def test_malformed_structure_is_rejected(
    where: tuple[str | int, ...], value: object, message: str, path: tuple[str | int, ...]
) -> None:
    record = copy.deepcopy(dump_deal(deal_where(_silent)))
    damage(record, where, value)
    rejected(record, message, path=path)


def test_announcement_fields_must_have_their_types() -> None:
    record = dump_deal(announced_deal())
    index = _event_index(record, "announce")
    record["events"][index]["late_reply"] = 0
    rejected(
        record,
        rf"^event {index}: 'late_reply' must be true or false, not 0$",
        path=("events", index, "late_reply"),
    )
    record["events"][index]["late_reply"] = False
    record["events"][index]["level"] = 5
    rejected(record, rf"^event {index}: 'level' must be a level 0-4, not 5$")


def test_records_built_in_python_must_hold_json_values() -> None:
    record = dump_deal(Deal.shuffled(seed=1))
    record["meta"] = {"when": {1, 2}}
    error = rejected(record, r"^record: meta\['when'\] holds \{1, 2\}, which is not a JSON value$")
    assert error.path == ("meta",)
    assert isinstance(error.__cause__, TypeError)
    record = dump_deal(Deal.shuffled(seed=1))
    record["dealer"] = {3}
    rejected(record, r"^record: 'dealer' must be a seat 0-3, not \{3\}$", path=("dealer",))
    record = dump_deal(Deal.shuffled(seed=1))
    record["hands"] = tuple(tuple(hand) for hand in record["hands"])
    assert load_deal(record) == Deal.shuffled(seed=1)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", r"^record: the text is not JSON: Expecting value"),
        ("garbage", r"^record: the text is not JSON"),
        ('{"format": ', r"^record: the text is not JSON"),
        ("[1, 2]", r"^record: must be a JSON object, not \[1, 2\]$"),
        ("null", r"^record: must be a JSON object, not null$"),
        ('{"version": NaN}', r"^record: the text holds NaN, which is not a JSON number$"),
        ('{"a": 1, "a": 2}', r'^record: the text has the key "a" twice in one object$'),
        ("[" * 100_000, r"^record: the text nests arrays and objects more than 64 deep$"),
        (b"\xff\xfe{", r"^record: the text is not UTF-8 text: byte 0xff at position 0"),
    ],
    ids=["empty", "garbage", "truncated", "array", "null", "nan", "duplicate", "deep", "bytes"],
)
def test_garbage_text_is_rejected(text: str | bytes, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        loads_deal(text)
    with pytest.raises(RecordError, match=message):
        loads_session(text)


def test_a_duplicated_key_in_a_written_record_is_rejected() -> None:
    text = dumps_deal(announced_deal()).replace('"value": ', '"value": 99, "value": ', 1)
    with pytest.raises(RecordError, match='the key "value" twice'):
        loads_deal(text)


def _json_values() -> st.SearchStrategy[Any]:
    scalars = (
        st.none()
        | st.booleans()
        | st.integers(-3, 60)
        | st.sampled_from(
            ["", "CQ", "H10", "play", "announce", "re", "kontra", "healthy", "NORMAL", "x"]
        )
    )
    return st.recursive(
        scalars,
        lambda inner: (
            st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=3)
        ),
        max_leaves=6,
    )


def _places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    places = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            places.extend(_places(item, (*path, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            places.extend(_places(item, (*path, index)))
    return places


@settings(max_examples=200)
@given(data=st.data())
def test_any_damage_gives_a_record_error_or_an_equal_deal(data: st.DataObject) -> None:
    """Replace or delete any value of a record: the result loads or raises RecordError only."""
    deal = announced_deal()
    record = copy.deepcopy(dump_deal(deal))
    path = data.draw(st.sampled_from(_places(record)[1:]))
    parent = record
    for key in path[:-1]:
        parent = parent[key]
    if data.draw(st.booleans()):
        replacement = data.draw(_json_values())
        parent[path[-1]] = replacement
    else:
        del parent[path[-1]]
    try:
        loaded = load_deal(record)
    except RecordError:
        return
    assert dump_deal(loaded)["events"] == record["events"]


# --- sessions --------------------------------------------------------------------


def random_session(seed: int, count: int) -> tuple[int, list[Deal]]:
    first = seed % 4
    deals = [random_deal(seed * 100 + n, dealer=(first + n) % 4) for n in range(count)]
    return first, deals


@settings(max_examples=25)
@given(seed=st.integers(0, 10**6), count=st.integers(0, 4))
def test_round_trip_of_random_sessions(seed: int, count: int) -> None:
    first, deals = random_session(seed, count)
    record = dump_session(first, deals, meta={"players": ["A", "B", "C", "D"]})
    assert json.loads(json.dumps(record)) == record
    loaded_first, loaded = load_session(record)
    assert loaded_first == first
    assert loaded == tuple(deals)
    assert [deal.history for deal in loaded] == [deal.history for deal in deals]
    assert loads_session(dumps_session(first, deals, indent=1)) == (first, tuple(deals))


def test_a_full_session() -> None:
    first, deals = random_session(7, 12)
    record = dump_session(first, deals)
    assert [deal["dealer"] for deal in record["deals"]] == [(3 + n) % 4 for n in range(12)]
    totals = [
        sum(deal["settlement"]["scores"][seat] for deal in record["deals"]) for seat in range(4)
    ]
    assert record["totals"] == totals
    assert sum(totals) == 0
    assert load_session(record) == (first, tuple(deals))


def test_a_session_has_at_most_twelve_deals() -> None:
    first, deals = random_session(1, 12)
    deals.append(random_deal(99, dealer=first))
    with pytest.raises(RecordError, match=r"^session: a session has 12 deals, not 13 \(§2\.5\)"):
        dump_session(first, deals)
    record = dump_session(first, deals[:12])
    record["deals"].append(record["deals"][0])
    with pytest.raises(RecordError, match=r"^record: 'deals' must hold 0-12 entries, not 13"):
        load_session(record)


def test_a_session_deal_by_the_wrong_dealer_is_rejected() -> None:
    first, deals = random_session(2, 3)
    with pytest.raises(RecordError, match=r"^deal 1: dealt by seat \d, but .* seat \d deals it"):
        dump_session(first, [deals[0], deals[2], deals[1]])
    record = dump_session(first, deals)
    record["deals"][1], record["deals"][2] = record["deals"][2], record["deals"][1]
    with pytest.raises(RecordError, match=r"^deal 1: the record says dealer=\d, but") as info:
        load_session(record)
    assert info.value.path == ("deals", 1, "dealer")


def test_a_session_holds_finished_deals_only() -> None:
    first, deals = random_session(3, 2)
    unfinished = random_deal(5, dealer=(first + 2) % 4, steps=20)
    with pytest.raises(RecordError, match=r"^deal 2: a session record holds finished deals only"):
        dump_session(first, [*deals, unfinished])
    record = dump_session(first, deals)
    record["deals"].append(
        {
            key: value
            for key, value in dump_deal(unfinished).items()
            if key not in ("format", "version", "kind", "rules")
        }
    )
    with pytest.raises(RecordError, match=r"^deal 2: a session record holds finished deals only"):
        load_session(record)


def test_session_errors_name_the_deal() -> None:
    first, deals = random_session(4, 3)
    record = dump_session(first, deals)
    events = record["deals"][2]["events"]
    index = _event_index(record["deals"][2], "play")
    events[index]["seat"] = (events[index]["seat"] + 1) % 4
    with pytest.raises(
        RecordError, match=rf"^deal 2, event {index} \(play seat \d .+\): seat \d plays next"
    ) as info:
        load_session(record)
    assert info.value.path == ("deals", 2, "events", index)
    record = dump_session(first, deals)
    record["deals"][1]["settlement"]["value"] += 1
    with pytest.raises(RecordError, match=r"^deal 1, settlement: the record says value="):
        load_session(record)
    record = dump_session(first, deals)
    record["deals"][0]["format"] = RECORD_FORMAT
    with pytest.raises(RecordError, match=r"^deal 0: unknown key \"format\""):
        load_session(record)


def test_changed_session_totals_are_rejected() -> None:
    first, deals = random_session(5, 2)
    record = dump_session(first, deals)
    record["totals"][0] += 1
    with pytest.raises(RecordError, match=r"^record: the record says totals=\[") as info:
        load_session(record)
    assert info.value.path == ("totals",)


def test_session_arguments() -> None:
    with pytest.raises(RecordError, match="first dealer must be a seat"):
        dump_session(4, [])
    with pytest.raises(InvalidTypeError, match=r"^deal 0 must be a Deal, not str 'deal'$"):
        dump_session(0, ["deal"])  # type: ignore[list-item]
    with pytest.raises(
        RecordError, match=r"^record: this is a deal record; read it with load_deal"
    ):
        load_session(dump_deal(Deal.shuffled(seed=1)))


# --- files ---------------------------------------------------------------------------


def test_save_and_load_a_deal(tmp_path: Path) -> None:
    deal = announced_deal()
    path = tmp_path / "deal.json"
    save(path, deal)
    text = path.read_text(encoding="utf-8")
    assert text.endswith("}\n")
    assert "§" in text
    assert load(path) == deal
    save(str(path), dump_deal(deal, meta={"seed": 3}), indent=None)
    assert json.loads(path.read_text(encoding="utf-8"))["meta"] == {"seed": 3}


def test_save_and_load_a_session(tmp_path: Path) -> None:
    first, deals = random_session(6, 2)
    path = tmp_path / "session.json"
    save(path, dump_session(first, deals))
    assert load(path) == (first, tuple(deals))


def test_save_and_load_a_session_object(tmp_path: Path) -> None:
    first, deals = random_session(9, 3)
    session = Session(first, tuple(deals))
    path = tmp_path / "session.json"
    save(path, session)
    loaded = load(path)
    assert isinstance(loaded, tuple)
    assert Session(*loaded) == session
    assert Session(*loaded).totals == tuple(dump_session(first, deals)["totals"])


def test_save_refuses_an_invalid_record(tmp_path: Path) -> None:
    record = dump_deal(announced_deal())
    record["settlement"]["value"] += 1
    path = tmp_path / "bad.json"
    with pytest.raises(RecordError, match=r"^settlement: "):
        save(path, record)
    assert not path.exists()
    with pytest.raises(InvalidTypeError, match=r"^record must be a Deal, session or record"):
        save(path, [1, 2])  # type: ignore[arg-type]
    assert not path.exists()


def test_load_rejects_bad_files(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(b"\xff\x00")
    with pytest.raises(RecordError, match=r"^record: the text is not UTF-8 text"):
        load(path)
    path.write_text("[]", encoding="utf-8")
    with pytest.raises(RecordError, match=r"^record: must be a JSON object, not \[\]"):
        load(path)
    with pytest.raises(FileNotFoundError):
        load(tmp_path / "missing.json")


# --- the schema --------------------------------------------------------------------


def _validator() -> Any:
    """A validator of the shipped schema (the test is skipped without ``jsonschema``)."""
    jsonschema = pytest.importorskip("jsonschema")
    return _make_validator(jsonschema)


@functools.cache
def _make_validator(jsonschema: Any) -> Any:
    schema = record_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_schema_ships_in_the_package() -> None:
    import doppelkopf

    path = Path(doppelkopf.__file__).parent / "record.schema.json"
    assert json.loads(path.read_text(encoding="utf-8")) == record_schema()
    assert record_schema()["$schema"] == "https://json-schema.org/draft/2020-12/schema"


@settings(max_examples=30)
@given(seed=st.integers(0, 2**32 - 1), steps=st.none() | st.integers(0, 60))
def test_dumped_deals_match_the_schema(seed: int, steps: int | None) -> None:
    validator = _validator()
    deal = random_deal(seed, steps=steps)
    validator.validate(dump_deal(deal, meta={"seed": seed}))


def test_dumped_sessions_match_the_schema() -> None:
    validator = _validator()
    for count in (0, 1, 3):
        first, deals = random_session(count, count)
        validator.validate(dump_session(first, deals, meta={"n": count}))


@pytest.mark.parametrize(
    "change",
    [
        lambda r: r.pop("events"),
        lambda r: r.__setitem__("version", 3),
        lambda r: r.__setitem__("version", 1),
        lambda r: r.pop("rules"),
        lambda r: r["rules"].__setitem__("nines", "false"),
        lambda r: r["rules"].__setitem__("bettel", True),
        lambda r: r["rules"].pop("solos"),
        lambda r: r["rules"].update(dullen=False, second_dulle="always"),
        lambda r: r["rules"].update(specials=False, fox_at_end=True),
        lambda r: r["rules"].update(specials=False, karlchen_caught=True),
        lambda r: r["rules"].__setitem__("nines", False),
        lambda r: r.__setitem__("extra", 1),
        lambda r: r["hands"][0].__setitem__(0, "♣Q"),
        lambda r: r["events"][0].__setitem__("type", "pass"),
        lambda r: r["events"][0].__setitem__("seat", 4),
        lambda r: r["settlement"].__setitem__("winner", "nobody"),
        lambda r: r["contract"].__setitem__("game_type", "SOLO"),
        lambda r: r.__setitem__("meta", []),
    ],
)
def test_schema_rejects_malformed_records(change: Callable[[Record], object]) -> None:
    validator = _validator()
    record = tampered(change)
    assert not validator.is_valid(record)
    with pytest.raises(RecordError):
        load_deal(record)


def test_schema_rejects_an_unfinished_deal_in_a_session() -> None:
    validator = _validator()
    first, deals = random_session(8, 1)
    record = dump_session(first, deals)
    assert validator.is_valid(record)
    record["deals"][0]["settlement"] = None
    assert not validator.is_valid(record)


def test_a_late_reply_survives_the_round_trip() -> None:
    deal = deal_where(_late_reply)
    loaded = round_trip(deal)
    assert any(isinstance(event, Announced) and event.late_reply for event in loaded.history)
    assert '"late_reply": true' in dumps_deal(loaded)
