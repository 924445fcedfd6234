"""Replay 1,007 deals recorded from an independent engine through the public API.

Each record holds the dealt hands, the reservations, every announcement at its
recorded instant and every card.  The replay asserts, deal by deal, that every
action is accepted and that trick winners, parties, the marriage partner and
clarification trick, card points and tricks per party, special-point events,
the winner and all four scores agree with the engine.
"""

from __future__ import annotations

import gzip
import json
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from doppelkopf import (
    Announcement,
    Card,
    Deal,
    GameType,
    Hand,
    Party,
    Reservation,
    settle,
)
from doppelkopf.specials import SpecialKind

DATA = Path(__file__).parent / "data" / "engine-games.jsonl.gz"

Record = dict[str, Any]

_SPECIAL_NAMES = {
    "fox": SpecialKind.FOX_CAUGHT,
    "doppelkopf": SpecialKind.DOPPELKOPF,
    "karlchen": SpecialKind.KARLCHEN,
}


@cache
def records() -> tuple[Record, ...]:
    with gzip.open(DATA, "rt", encoding="utf-8") as stream:
        return tuple(json.loads(line) for line in stream)


def _reservation(record: Record, seat: int) -> Reservation:
    declared = record["declarations"][seat]
    if declared == "solo":
        game = GameType.parse(record["game_type"])
        return Reservation(game.value)
    if declared == "hochzeit":
        return Reservation.MARRIAGE
    return Reservation.HEALTHY


def replay(record: Record) -> Deal:
    """Replay one record, asserting every step against the engine's log."""
    hands = [Hand(Card.parse(text) for text in hand) for hand in record["hands"]]
    deal = Deal.from_hands(hands, dealer=record["dealer"])
    for offset in range(1, 5):
        seat = (record["dealer"] + offset) % 4
        deal = deal.declare(seat, _reservation(record, seat))
    for event in record["events"]:
        kind = event["type"]
        if kind == "play":
            deal = deal.play(event["player"], Card.parse(event["card"]))
        elif kind == "announce":
            seat = event["player"]
            assert deal.hand_size(seat) == event["cards_in_hand"], event
            assert deal.parties[seat] is Party(event["party"]), event
            level = Announcement(event["level"])
            assert deal.can_announce(seat, level), (event, deal.legal_announcements(seat))
            before = deal
            deal = deal.announce(seat, level)
            assert deal is not before, f"announcement {event} changed nothing"
        else:
            assert kind == "trick", event
            trick = deal.tricks[event["trick"] - 1]
            assert deal.current_trick.leader == event["winner"], event
            assert trick.points == event["points"], event
    return deal


def check(record: Record) -> None:
    deal = replay(record)
    assert deal.is_finished
    outcome = deal.outcome
    assert outcome.game_type is GameType.parse(record["game_type"])
    assert [party.value for party in outcome.parties] == record["parties"]
    for number, (trick, expected) in enumerate(
        zip(outcome.tricks, record["tricks"], strict=True), start=1
    ):
        assert trick.leader == expected["leader"], number
        assert [card.ascii for card in trick.cards] == expected["cards"], number
        assert outcome.winners[number - 1] == expected["winner"], number
        assert trick.points == expected["points"], number
    assert list(outcome.seat_points) == record["player_card_points"]
    assert outcome.card_points(Party.RE) == record["card_points"]["re"]
    assert outcome.card_points(Party.KONTRA) == record["card_points"]["kontra"]
    assert outcome.tricks_won(Party.RE) == record["tricks_won"]["re"]
    assert outcome.tricks_won(Party.KONTRA) == record["tricks_won"]["kontra"]
    if record["game_type"] in ("MARRIAGE", "MARRIAGE_SOLO"):
        assert outcome.declarer == record["hochzeiter"]
        assert outcome.clarification_trick == record["clarification_trick"]
        assert outcome.partner == record["marriage_partner"]
    if record["soloist"] is not None:
        assert outcome.declarer == record["soloist"]
    for party in Party:
        engine_level = record["engine_announcements"][party.value] - 1
        state = deal.announcement_state(party)
        assert (state.level if state.level is not None else -1) == engine_level, party
    expected_events = Counter(
        (_SPECIAL_NAMES[event["type"]], event["player"])
        for event in record["engine_special_events"]
    )
    actual_events = Counter((event.kind, event.seat) for event in outcome.special_events)
    if record["engine_special_points"] is None:
        assert not actual_events
    else:
        assert actual_events == expected_events
    settlement = settle(deal)
    result = record["result"]
    winner = {"re": Party.RE, "kontra": Party.KONTRA, "none": None}[result["winner"]]
    assert settlement.winner is winner
    assert settlement.value == result["value_re"]
    assert list(settlement.scores) == record["score"]


def test_the_data_set_is_complete() -> None:
    data = records()
    assert len(data) == 1007
    assert len({record["id"] for record in data}) == 1007
    assert Counter(record["game_type"] for record in data)["NORMAL"] == 523


@pytest.mark.parametrize("index", range(1007), ids=lambda index: f"deal{index}")
def test_engine_deal(index: int) -> None:
    check(records()[index])
