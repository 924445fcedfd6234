"""The short text of actions (doppelkopf.wire.format_action / parse_action)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doppelkopf import (
    Announce,
    Announcement,
    AnswerPoverty,
    Card,
    Deal,
    Declare,
    InvalidNotationError,
    InvalidTypeError,
    InvalidValueError,
    PassCards,
    Play,
    Reservation,
    ReturnCards,
)
from doppelkopf.wire import MAX_ACTION_TEXT, format_action, parse_action
from wire_helpers import SCENARIOS, deal_at_random_moment

card = Card.parse


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(sorted(SCENARIOS)))
def test_every_legal_action_round_trips_through_its_text(seed: int, name: str) -> None:
    deal = deal_at_random_moment(name, random.Random(seed))
    for action in deal.legal_actions:
        view = deal.view(action.seat)
        for ascii in (False, True):
            for context in (None, view, deal):
                text = format_action(action, ascii=ascii, context=context)
                assert parse_action(text, seat=action.seat, context=context) == action
                assert parse_action(text.upper(), seat=action.seat, context=context) == action
            assert parse_action(text, seat=action.seat) == action


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("♣Q", Play(1, card("♣Q"))),
        ("CQ", Play(1, card("♣Q"))),
        ("  h10 ", Play(1, card("♥10"))),
        ("re", Announce(1, Announcement.RE_KONTRA)),
        ("Kontra", Announce(1, Announcement.RE_KONTRA)),
        ("re/kontra", Announce(1, Announcement.RE_KONTRA)),
        ("keine 90", Announce(1, Announcement.NO_90)),
        ("k60", Announce(1, Announcement.NO_60)),
        ("Keine  30", Announce(1, Announcement.NO_30)),
        ("schwarz", Announce(1, Announcement.SCHWARZ)),
        ("gesund", Declare(1, Reservation.HEALTHY)),
        ("healthy", Declare(1, Reservation.HEALTHY)),
        ("Hochzeit", Declare(1, Reservation.MARRIAGE)),
        ("solo queens", Declare(1, Reservation.QUEENS_SOLO)),
        ("Solo Buben", Declare(1, Reservation.JACKS_SOLO)),
        ("solo karo", Declare(1, Reservation.DIAMONDS_SOLO)),
        ("Damensolo", Declare(1, Reservation.QUEENS_SOLO)),
        ("Fleischloser", Declare(1, Reservation.FLESHLESS)),
        ("SOLO_H", Declare(1, Reservation.HEARTS_SOLO)),
        ("armut", Declare(1, Reservation.POVERTY)),
        ("throw nines5", Declare(1, Reservation.THROW, "nines5")),
        ("Schmeißen trumps1", Declare(1, Reservation.THROW, "trumps1")),
        ("pass ♦9 ♦10 ♣J", PassCards(1, (card("♦9"), card("♦10"), card("♣J")))),
        ("abgeben d9, d10, cj", PassCards(1, (card("♦9"), card("♦10"), card("♣J")))),
        ("accept", AnswerPoverty(1, True)),
        ("mitnehmen", AnswerPoverty(1, True)),
        ("refuse", AnswerPoverty(1, False)),
        ("ablehnen", AnswerPoverty(1, False)),
        ("return SA SA HK", ReturnCards(1, (card("♠A"), card("♠A"), card("♥K")))),
        ("zurück ♠A ♠A ♥K", ReturnCards(1, (card("♠A"), card("♠A"), card("♥K")))),
    ],
)
def test_the_words_of_the_grammar(text: str, action: object) -> None:
    assert parse_action(text, seat=1) == action


@pytest.mark.parametrize(
    ("text", "column", "word"),
    [
        ("play ♣Q", 1, "play"),
        ("♣Q ♠A", 4, "♠A"),
        ("pass ♦9 ♦10", 1, "pass"),
        ("pass ♦9 ♦10 ♣J ♣A", 16, "♣A"),
        ("pass ♦9 XX ♣J", 9, "XX"),
        ("accept now", 8, "now"),
        ("throw", 1, "throw"),
        ("throw boredom", 7, "boredom"),
        ("solo tricks", 6, "tricks"),
        ("schmeissen", 1, "schmeissen"),
        ("♦9 ♦10 ♣J", 4, "♦10"),
        ("keine 45", 1, "keine"),
        ("\ud800", 1, "\ud800"),
    ],
)
def test_a_refusal_names_the_column_and_the_word(text: str, column: int, word: str) -> None:
    with pytest.raises(InvalidNotationError) as caught:
        parse_action(text, seat=0)
    assert f"column {column}:" in str(caught.value)
    assert caught.value.text == word


@pytest.mark.parametrize("text", ["", "   ", " , "])
def test_empty_text_is_refused(text: str) -> None:
    with pytest.raises(InvalidNotationError, match="empty"):
        parse_action(text, seat=0)


def test_long_text_is_refused_before_it_is_read() -> None:
    parse_action(" " * (MAX_ACTION_TEXT - 2) + "CQ", seat=0)
    with pytest.raises(InvalidNotationError, match="at most 100 characters"):
        parse_action(" " * (MAX_ACTION_TEXT - 1) + "CQ", seat=0)
    with pytest.raises(InvalidNotationError) as caught:
        parse_action("x" * 100_000, seat=0)
    assert len(str(caught.value)) < 200


def _clarified() -> Deal:
    deal = Deal.shuffled(seed=4)
    for seat in range(4):
        deal = deal.declare(seat, Reservation.HEALTHY)
    return deal


def test_a_context_checks_re_and_kontra_against_the_seats_party() -> None:
    deal = _clarified()
    re_seat = next(
        s for s in range(4) if deal.view(s).party is not None and str(deal.view(s).party) == "Re"
    )
    kontra_seat = next(
        s
        for s in range(4)
        if deal.view(s).party is not None and s != re_seat and str(deal.view(s).party) == "Kontra"
    )
    assert parse_action("re", seat=re_seat, context=deal) == Announce(re_seat, 0)
    assert parse_action("kontra", seat=kontra_seat, context=deal.view(kontra_seat)) == Announce(
        kontra_seat, 0
    )
    with pytest.raises(InvalidNotationError, match="'re'") as caught:
        parse_action("kontra", seat=re_seat, context=deal)
    assert "column 1" in str(caught.value)
    with pytest.raises(InvalidNotationError, match="'kontra'"):
        parse_action("re", seat=kontra_seat, context=deal.view(kontra_seat))
    # Without a context the words alone decide.
    assert parse_action("kontra", seat=re_seat) == Announce(re_seat, 0)
    assert format_action(Announce(re_seat, 0), context=deal) == "re"
    assert format_action(Announce(kontra_seat, 0), context=deal) == "kontra"


def test_a_context_reads_three_bare_cards_by_the_phase_of_the_exchange() -> None:
    from deal_helpers import armut_deal

    deal = armut_deal(1)
    poor = deal.turn
    assert poor is not None
    passing = next(a for a in deal.legal_actions if isinstance(a, PassCards))
    bare = " ".join(c.ascii for c in passing.cards)
    assert parse_action(bare, seat=poor, context=deal) == passing
    with pytest.raises(InvalidNotationError, match="'pass' or returned with 'return'"):
        parse_action(bare, seat=poor)


def test_a_view_of_another_seat_is_no_context() -> None:
    deal = _clarified()
    with pytest.raises(InvalidValueError, match="view of seat 1"):
        parse_action("re", seat=0, context=deal.view(1))


@pytest.mark.parametrize("seat", [None, True, 1.0, "0", 4, -1, 10**50], ids=repr)
def test_the_seat_is_checked(seat: object) -> None:
    with pytest.raises((InvalidTypeError, InvalidValueError)):
        parse_action("CQ", seat=seat)  # type: ignore[arg-type]


@pytest.mark.parametrize("context", [1, "deal", [], object()])
def test_the_context_is_checked(context: object) -> None:
    with pytest.raises(InvalidTypeError):
        parse_action("kontra", seat=0, context=context)  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError):
        format_action(Announce(0, 0), context=context)  # type: ignore[arg-type]


def test_a_context_is_checked_whatever_the_action() -> None:
    deal = _clarified()
    with pytest.raises(InvalidTypeError):
        parse_action("CQ", seat=0, context=object())  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError):
        format_action(Play(0, card("CQ")), context=1)  # type: ignore[arg-type]
    with pytest.raises(InvalidValueError, match="view of seat 1"):
        parse_action("gesund", seat=0, context=deal.view(1))
    with pytest.raises(InvalidValueError, match="view of seat 1"):
        format_action(Play(0, card("CQ")), context=deal.view(1))
