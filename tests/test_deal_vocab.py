"""The deal's names (docs/design.rst "Names") and its answers to values of the wrong kind.

Each former silent wrong answer has its regression test here; the old names are
tested as deprecated aliases that still answer the same.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings

from deal_helpers import start
from doppelkopf import (
    Announce,
    Announcement,
    Card,
    Deal,
    Declare,
    DoppelkopfError,
    GameType,
    IllegalActionError,
    InvalidNotationError,
    InvalidTypeError,
    InvalidValueError,
    Party,
    Play,
    Reservation,
    resolve_reservations,
    strategies,
)
from doppelkopf.deal import legal_actions, legal_announcements
from doppelkopf.deal.machine import LegalActions

A, B, C, D = 0, 1, 2, 3
HUGE = 10**5000


def healthy(deal: Deal) -> Deal:
    for _ in range(4):
        turn = deal.turn
        assert turn is not None
        deal = deal.declare(turn, Reservation.HEALTHY)
    return deal


# --- former silent wrong answers ---------------------------------------------------


def test_announcement_state_refuses_text_for_a_party() -> None:
    """SPEC §8.5: "re" is no Party; the Kontra state was returned for it."""
    deal = start({A: "♣Q", C: "♣Q"}).announce(A, Announcement.RE_KONTRA)
    assert deal.announcement_state(Party.RE).level is Announcement.RE_KONTRA
    with pytest.raises(InvalidTypeError, match=r"^party must be a Party, not str 're'; use Party"):
        deal.announcement_state("re")  # type: ignore[arg-type]
    with (
        pytest.warns(DeprecationWarning, match="use Deal.announcement_state"),
        pytest.raises(InvalidTypeError),
    ):
        deal.party_announcements("re")


def test_legal_cards_refuse_a_bool_as_seat() -> None:
    """SPEC §0.4: True is no seat; it was taken for seat 1."""
    deal = healthy(Deal.shuffled(seed=4, dealer=0))
    assert deal.turn == 1
    assert deal.legal_cards(1)
    with pytest.raises(IllegalActionError, match=r"^seat must be 0-3, not True"):
        deal.legal_cards(True)
    assert deal.legal_cards(2) == ()


@pytest.mark.parametrize(
    ("build", "expected"),
    [
        (lambda: Play(0, None), "card must be a Card, not None"),  # type: ignore[arg-type]
        (lambda: Play(0, "SA"), "card must be a Card, not str 'SA'; use Card.parse('SA')"),  # type: ignore[arg-type]
        (lambda: Declare(0, "healthy"), "reservation must be a Reservation, not str 'healthy'"),  # type: ignore[arg-type]
        (lambda: Declare(0, GameType.NORMAL), "reservation must be a Reservation, not GameType"),  # type: ignore[arg-type]
        (lambda: Announce(0, None), "level must be an Announcement or int 0-4, not None"),  # type: ignore[arg-type]
    ],
)
def test_actions_validate_what_they_hold(build: Any, expected: str) -> None:
    """SPEC §3.2, §5, §8.1: an action holds a seat and a Card, a Reservation or a level."""
    with pytest.raises(InvalidTypeError) as error:
        build()
    assert str(error.value).startswith(expected)
    assert isinstance(error.value, IllegalActionError)


def test_text_as_a_card_is_a_type_error_even_when_the_card_is_held() -> None:
    """SPEC §5.2: "SA" is not ♠A; the message said the held ♠A was not in the hand."""
    deal = start({A: "♠A ♣Q", C: "♣Q"})
    assert deal.turn == A
    assert Card.parse("♠A") in deal.hands[A]
    expected = "card must be a Card, not str 'SA'; use Card.parse('SA')"
    for attempt in (deal.play, deal.check_play):
        with pytest.raises(InvalidTypeError) as error:
            attempt(A, "SA")  # type: ignore[arg-type]
        assert str(error.value) == expected
    assert not deal.can_play(A, "SA")  # type: ignore[arg-type]


def test_resolve_reservations_refuses_dealer_7() -> None:
    """SPEC §2.1: the dealer is a seat 0-3."""
    hands = Deal.shuffled(seed=1).dealt
    with pytest.raises(InvalidValueError, match=r"^the dealer must be a seat 0-3, not 7$"):
        resolve_reservations([Reservation.HEALTHY] * 4, 7, hands)


def _huge_calls() -> list[tuple[str, Any]]:
    fresh = Deal.shuffled(seed=1)
    playing = healthy(fresh)
    hands = fresh.dealt
    return [
        ("seat of play", lambda: playing.play(HUGE, Card.parse("♣Q"))),
        ("seat of a question", lambda: playing.hand_size(-HUGE)),
        ("seat of a view", lambda: playing.view(HUGE)),
        ("seat of legal cards", lambda: playing.legal_cards(HUGE)),
        ("seat of an action", lambda: Announce(HUGE, 0)),
        ("dealer of a shuffle", lambda: Deal.shuffled(seed=1, dealer=HUGE)),
        ("dealer of given hands", lambda: Deal.from_hands(hands, dealer=HUGE)),
        (
            "dealer of the round",
            lambda: resolve_reservations([Reservation.HEALTHY] * 4, HUGE, hands),
        ),
        ("cut", lambda: Deal.from_hands(hands, cut=HUGE)),
        ("level", lambda: playing.announce(0, HUGE)),  # type: ignore[arg-type]
        ("level of an action", lambda: Announce(0, -HUGE)),
    ]


@pytest.mark.parametrize(("what", "call"), _huge_calls())
def test_an_int_of_5000_digits_is_refused_without_printing_it(what: str, call: Any) -> None:
    """SPEC §0.4, §2.1, §2.3, §8.1: the message names the number's size, never its digits."""
    with pytest.raises(DoppelkopfError) as error:
        call()
    message = str(error.value)
    assert "5001 digits" in message, what
    assert len(message) < 200, what


# --- one rule, one place -------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(strategies.deals(strategies.rules()))
def test_legal_announcements_are_the_announcements_that_can_be_made_and_change_the_deal(
    deal: Deal,
) -> None:
    """SPEC §7.4, §8: the list is check_announce asked for each level, repetitions left out."""
    for seat in range(4):
        party = deal.parties[seat]
        expected = tuple(
            level
            for level in Announcement
            if deal.can_announce(seat, level)
            and party is not None
            and deal.announce(seat, level).announcement_state(party)
            != deal.announcement_state(party)
        )
        assert legal_announcements(deal, seat) == expected
        assert deal.legal_announcements(seat) == expected


@settings(max_examples=150, deadline=None)
@given(strategies.deals(strategies.rules()))
def test_legal_cards_are_the_cards_that_can_be_played(deal: Deal) -> None:
    """SPEC §5.2: can_play, check_play and play accept exactly the legal cards."""
    turn = deal.turn
    if turn is None or deal.game_type is None:
        assert deal.legal_cards() == ()
        return
    legal = set(deal.legal_cards())
    for card in deal.hands[turn].distinct():
        assert deal.can_play(turn, card) is (card in legal)
        if card in legal:
            deal.check_play(turn, card)
            assert deal.play(turn, card).moment == deal.moment + 1
        else:
            with pytest.raises(IllegalActionError):
                deal.play(turn, card)


# --- names ---------------------------------------------------------------------------


def test_deal_names_its_count_and_its_cards() -> None:
    """``moment`` is a count, ``played_cards`` the cards, on the deal and on a view."""
    deal = healthy(Deal.shuffled(seed=9))
    for _ in range(6):
        deal = deal.play(deal.turn, deal.legal_cards()[0])  # type: ignore[arg-type]
    assert deal.moment == 6 == len(deal.played_cards)
    assert deal.played_cards == tuple(
        c for t in (*deal.tricks, deal.current_trick) for c in t.cards
    )
    view = deal.view(2)
    assert view.moment == 6
    assert view.played_cards == deal.played_cards
    with pytest.warns(
        DeprecationWarning, match=r"Deal\.cards_played is deprecated; use Deal\.moment"
    ):
        assert deal.cards_played == 6
    with pytest.warns(DeprecationWarning, match=r"use PlayerView\.played_cards"):
        assert view.cards_played == deal.played_cards


def test_party_states_have_their_new_names_and_the_old_ones_warn() -> None:
    """SPEC §8.5: re_state, kontra_state and announcement_state(party)."""
    deal = start({A: "♣Q", C: "♣Q"}).announce(B, Announcement.RE_KONTRA)
    assert deal.kontra_state == deal.announcement_state(Party.KONTRA)
    assert deal.kontra_state.level is Announcement.RE_KONTRA
    assert deal.re_state == deal.announcement_state(Party.RE)
    assert deal.re_state.level is None
    with pytest.warns(DeprecationWarning, match="use Deal.re_state"):
        assert deal.re_announcements == deal.re_state
    with pytest.warns(DeprecationWarning, match="use Deal.kontra_state"):
        assert deal.kontra_announcements == deal.kontra_state
    with pytest.warns(DeprecationWarning, match="use Deal.announcement_state"):
        assert deal.party_announcements(Party.KONTRA) == deal.kontra_state
    view = deal.view(A)
    assert (view.re_state, view.kontra_state) == (deal.re_state, deal.kontra_state)


def test_can_apply_replaces_is_legal() -> None:
    """Deal.can_apply answers what Deal.check accepts; is_legal warns and answers the same."""
    deal = Deal.shuffled(seed=4)
    good, bad = Declare(0, Reservation.HEALTHY), Declare(1, Reservation.HEALTHY)
    assert deal.can_apply(good)
    assert not deal.can_apply(bad)
    with pytest.warns(DeprecationWarning, match="use Deal.can_apply"):
        assert deal.is_legal(good)
    with pytest.raises(InvalidTypeError, match=r"^not an action: 5$"):
        deal.can_apply(5)  # type: ignore[arg-type]


def test_legal_actions_is_a_property_and_the_old_call_warns() -> None:
    """``deal.legal_actions`` is a tuple; calling it still gives the tuple, with a warning."""
    deal = Deal.shuffled(seed=4)
    actions = deal.legal_actions
    assert isinstance(actions, LegalActions)
    assert isinstance(actions, tuple)
    assert actions == legal_actions(deal)
    with pytest.warns(DeprecationWarning, match="drop the call parentheses"):
        assert deal.legal_actions() == actions


def test_a_view_lists_its_legal_actions_on_first_read() -> None:
    """The view keeps what it listed, and the list is not part of its equality."""
    deal = healthy(Deal.shuffled(seed=4))
    view = deal.view(deal.turn)  # type: ignore[arg-type]
    first = view.legal_actions
    assert first is view.legal_actions
    assert first == tuple(action for action in deal.legal_actions if action.seat == view.seat)
    assert view == deal.view(view.seat)


def test_a_view_names_the_card_order_it_sees() -> None:
    """SPEC §4, V§2.3: no order before the contract, the contract's order under the rules after."""
    fresh = Deal.shuffled(seed=4)
    assert fresh.view(0).card_order is None
    deal = healthy(fresh)
    assert deal.view(0).card_order == deal.card_order
    assert deal.view(0).card_order is not None


# --- Reservation: words, identifiers, German table words -------------------------------


def test_a_reservation_prints_as_words() -> None:
    """str is what a player says, value the identifier of records, repr rebuilds it."""
    words = [str(reservation) for reservation in Reservation]
    assert words == [
        "healthy",
        "marriage",
        "diamonds solo",
        "hearts solo",
        "spades solo",
        "clubs solo",
        "queens solo",
        "jacks solo",
        "fleshless",
        "poverty",
        "throw",
        "vorbehalt",
        "decline",
    ]
    assert Reservation.QUEENS_SOLO.value == "SOLO_Q"
    assert repr(Reservation.QUEENS_SOLO) == "Reservation.QUEENS_SOLO"
    for reservation in Reservation:
        assert Reservation.parse(str(reservation)) is reservation
        assert Reservation.parse(reservation.value) is reservation
        assert Reservation.parse(reservation.name) is reservation


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("gesund", Reservation.HEALTHY),
        ("Hochzeit", Reservation.MARRIAGE),
        ("Damensolo", Reservation.QUEENS_SOLO),
        ("Bubensolo", Reservation.JACKS_SOLO),
        ("Fleischloser", Reservation.FLESHLESS),
        ("Trumpfsolo", Reservation.DIAMONDS_SOLO),
        ("Karosolo", Reservation.DIAMONDS_SOLO),
        ("Herzsolo", Reservation.HEARTS_SOLO),
        ("Piksolo", Reservation.SPADES_SOLO),
        ("Kreuzsolo", Reservation.CLUBS_SOLO),
        ("KREUZ-SOLO", Reservation.CLUBS_SOLO),
        ("damen_solo", Reservation.QUEENS_SOLO),
        (" Queens Solo ", Reservation.QUEENS_SOLO),
        ("queens-solo", Reservation.QUEENS_SOLO),
        ("solo q", Reservation.QUEENS_SOLO),
    ],
)
def test_a_reservation_is_read_by_its_german_word(text: str, expected: Reservation) -> None:
    """SPEC §3.2: the words used at tables, case, spaces, hyphens and underscores ignored."""
    assert Reservation.parse(text) is expected


def test_umlauts_and_sharp_s_may_be_spelled_out() -> None:
    """ä, ö, ü and ß read like ae, oe, ue and ss (no reservation needs one yet)."""
    from doppelkopf.deal.actions import _name_key

    assert _name_key("Fleischlöser") == _name_key("FLEISCHLOESER") == "fleischloeser"
    assert _name_key("Straße") == "strasse"


@pytest.mark.parametrize("text", ["Bettel", "", "solo"])
def test_unknown_words_name_no_reservation(text: str) -> None:
    """SPEC §3.2: only the answers of the round are reservations (*Vorbehalt* is the bare one)."""
    with pytest.raises(InvalidNotationError, match=r"^unknown reservation "):
        Reservation.parse(text)


@pytest.mark.parametrize("value", [None, b"gesund", 3, Reservation.HEALTHY])
def test_reservation_parse_reads_only_text(value: object) -> None:
    with pytest.raises(InvalidTypeError, match=r"^text must be a str, not "):
        Reservation.parse(value)  # type: ignore[arg-type]


def test_reservation_and_phase_lookups_refuse_unknown_values() -> None:
    """Reservation(value) and Phase(value) raise the library's errors, never printing huge ints."""
    assert Reservation("SOLO_Q") is Reservation.QUEENS_SOLO
    with pytest.raises(InvalidValueError, match=r"Reservation\.parse reads names"):
        Reservation("Damensolo")
    with pytest.raises(InvalidTypeError, match="5001 digits"):
        Reservation(HUGE)
    from doppelkopf import Phase

    assert Phase("play") is Phase.PLAY
    with pytest.raises(InvalidValueError, match="no phase has the value 'x'"):
        Phase("x")
    with pytest.raises(InvalidTypeError):
        Phase(None)


def test_a_deprecated_alias_read_on_the_class_is_the_alias_itself() -> None:
    """Documentation tools read the aliases on the class; only an instance warns."""
    from doppelkopf.deal._aliases import DeprecatedAlias

    alias = vars(Deal)["is_legal"]
    assert Deal.is_legal is alias
    assert isinstance(alias, DeprecatedAlias)
    assert (alias.old, alias.new, alias.owner) == ("is_legal", "can_apply", "Deal")
    assert "can_apply" in (alias.__doc__ or "")
