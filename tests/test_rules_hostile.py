"""Values of the wrong type given to tricks, announcements, special points and card orders.

Each raises :class:`~doppelkopf.InvalidTypeError` (a DoppelkopfError and a TypeError)
naming the parameter, or :class:`~doppelkopf.InvalidValueError` for a value out of
range, and no message quotes more than a short excerpt of the value given.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from doppelkopf import (
    Announcement,
    Card,
    GameType,
    Hand,
    InvalidNotationError,
    InvalidTypeError,
    InvalidValueError,
    Party,
    PartyAnnouncements,
    Rules,
    SpecialEvent,
    SpecialKind,
    Suit,
    Trick,
    TrickCompleteError,
    _checks,
    apply_announcement,
    can_announce,
    can_play_card,
    check_announcement,
    check_card,
    legal_cards,
    special_events,
    trick_winner,
)
from doppelkopf._order import CardOrder, card_order
from doppelkopf.rules import Category, rule_set

NORMAL = GameType.NORMAL
HAND = Hand.parse("♥10 ♣A ♠9")
LED = Trick.parse("♥A", leader=0)
ACE = Card.parse("♣A")
FULL = Trick.parse("♣A ♣10 ♣K ♣9", leader=0)
NOTHING = PartyAnnouncements()
PARTIES = (Party.RE, Party.KONTRA, Party.RE, Party.KONTRA)
HUGE = 10**5000
NOT_TYPED: list[Any] = [None, True, 1.5, 1 + 0j, "SA", b"SA", [], HUGE, object()]
IDS: list[str] = ["None", "True", "1.5", "1+0j", "SA", "bytes", "list", "huge", "object"]


def _message_is_short(error: BaseException) -> None:
    assert len(str(error)) < 200


# --- tricks -------------------------------------------------------------------


def test_trick_winner_of_text_raises_invalid_type_error_not_attribute_error() -> None:
    with pytest.raises(InvalidTypeError, match=r"trick must be a Trick, not str 'SA SK'") as info:
        trick_winner("SA SK", NORMAL)  # type: ignore[arg-type]
    assert "Trick.parse('SA SK')" in str(info.value)
    assert (info.value.name, info.value.expected) == ("trick", "Trick")


@pytest.mark.parametrize("value", NOT_TYPED, ids=IDS)
def test_trick_winner_names_the_wrong_argument(value: Any) -> None:
    with pytest.raises(InvalidTypeError, match=r"^trick must be a Trick") as trick:
        trick_winner(value, NORMAL)
    _message_is_short(trick.value)
    with pytest.raises(InvalidTypeError, match=r"^game_type must be a GameType"):
        trick_winner(FULL, value)
    if value is not None:
        with pytest.raises(InvalidTypeError, match=r"^rules must be a Rules value"):
            trick_winner(FULL, NORMAL, value)
    with pytest.raises(InvalidTypeError, match=r"^schweine must be True or False"):
        trick_winner(FULL, NORMAL, schweine=value if value is not True else 1)  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match=r"^last must be True or False"):
        trick_winner(FULL, NORMAL, Rules(second_dulle="always"), last=1 if value is True else value)  # type: ignore[arg-type]


def test_trick_winner_rejects_an_unhashable_game_type() -> None:
    with pytest.raises(InvalidTypeError, match=r"game_type must be a GameType, not list"):
        trick_winner(FULL, [], Rules.DDV)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", NOT_TYPED, ids=IDS)
def test_legal_cards_names_the_wrong_argument(value: Any) -> None:
    with pytest.raises(InvalidTypeError, match=r"^hand must be a Hand"):
        legal_cards(value, LED, NORMAL)
    with pytest.raises(InvalidTypeError, match=r"^trick must be a Trick"):
        legal_cards(HAND, value, NORMAL)
    with pytest.raises(InvalidTypeError, match=r"^game_type must be a GameType"):
        legal_cards(HAND, LED, value)
    if value is not None:
        with pytest.raises(InvalidTypeError, match=r"^rules must be a Rules value"):
            legal_cards(HAND, LED, NORMAL, value)


def test_legal_cards_of_text_points_to_the_parse_methods() -> None:
    with pytest.raises(InvalidTypeError, match=r"use Hand.parse\('♥10'\)"):
        legal_cards("♥10", LED, NORMAL)  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match=r"use Trick.parse\('♥A'\)"):
        legal_cards(HAND, "♥A", NORMAL)  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match=r"use GameType.parse\('NORMAL'\)"):
        legal_cards(HAND, LED, "NORMAL")  # type: ignore[arg-type]


@pytest.mark.parametrize("value", NOT_TYPED, ids=IDS)
def test_check_card_and_can_play_card_name_the_wrong_argument(value: Any) -> None:
    for function in (check_card, can_play_card):
        with pytest.raises(InvalidTypeError, match=r"^hand must be a Hand"):
            function(value, LED, NORMAL, ACE)
        with pytest.raises(InvalidTypeError, match=r"^trick must be a Trick"):
            function(HAND, value, NORMAL, ACE)
        with pytest.raises(InvalidTypeError, match=r"^card must be a Card"):
            function(HAND, LED, NORMAL, value)
        with pytest.raises(InvalidTypeError, match=r"^game_type must be a GameType"):
            function(HAND, LED, value, ACE)
        if value is not None:
            with pytest.raises(InvalidTypeError, match=r"^rules must be a Rules value"):
                function(HAND, LED, NORMAL, ACE, value)


def test_check_card_checks_the_seat() -> None:
    with pytest.raises(InvalidTypeError, match=r"seat must be an int, not bool True"):
        check_card(HAND, LED, NORMAL, ACE, seat=True)
    with pytest.raises(InvalidValueError, match=r"seat must be 0-3, not 4"):
        check_card(HAND, LED, NORMAL, ACE, seat=4)
    check_card(HAND, Trick(0), NORMAL, ACE, seat=None)


def test_a_trick_rejects_what_is_not_a_card_or_a_seat() -> None:
    with pytest.raises(InvalidTypeError, match=r"cards must be an iterable of Card, not None"):
        Trick(0, None)  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match=r"use Trick.parse\('♣Q'\)"):
        Trick(0, "♣Q")  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match=r"a trick holds Card objects, not None"):
        Trick(0, [None])  # type: ignore[list-item]
    with pytest.raises(InvalidTypeError, match=r"a trick holds Card objects, not 1.5"):
        Trick(0).play(1.5)  # type: ignore[arg-type]
    with pytest.raises(InvalidValueError, match=r"leader must be a seat 0-3, not an int of"):
        Trick(HUGE)
    with pytest.raises(InvalidTypeError, match=r"seat must be an int, not bool False"):
        LED.card_of(False)
    with pytest.raises(InvalidValueError, match=r"seat must be 0-3, not -1"):
        LED.card_of(-1)


def test_a_complete_trick_refuses_a_non_card_as_a_non_card() -> None:
    # The type is checked first, so the message never formats the value itself.
    with pytest.raises(InvalidTypeError, match=r"a trick holds Card objects"):
        FULL.play(None)  # type: ignore[arg-type]


def test_led_category_checks_its_arguments() -> None:
    with pytest.raises(InvalidTypeError, match=r"game_type must be a GameType"):
        LED.led_category(None)  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match=r"rules must be a Rules value"):
        Trick(0).led_category(NORMAL, {"nines": False})  # type: ignore[arg-type]


def test_trick_parse_refuses_sixteen_megabytes_quickly() -> None:
    many_cards = "♣A " * 5_000_000
    start = time.perf_counter()
    with pytest.raises(TrickCompleteError, match=r"a trick holds four cards") as many:
        Trick.parse(many_cards)
    # Reading stops at the fifth card: the split of the whole text took seconds.
    assert time.perf_counter() - start < 0.25
    with pytest.raises(InvalidNotationError, match=r"invalid card") as long_token:
        Trick.parse("x" * 16_000_000)
    _message_is_short(long_token.value)
    _message_is_short(many.value)
    assert many.value.rule == "§5.1"


def test_trick_parse_reads_commas_and_semicolons_and_rejects_non_text() -> None:
    assert Trick.parse("♣A,♣10; ♣K", leader=1) == Trick(
        1, tuple(Card.parse(c) for c in ["♣A", "♣10", "♣K"])
    )
    assert Trick.parse("", leader=2) == Trick(2)
    with pytest.raises(InvalidTypeError, match=r"text must be a str, not bytes"):
        Trick.parse(b"SA")  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match=r"leader must be an int"):
        Trick.parse("SA", leader=None)  # type: ignore[arg-type]
    with pytest.raises(InvalidValueError, match=r"leader must be a seat 0-3, not 4"):
        Trick.parse("SA", leader=4)


# --- card orders ------------------------------------------------------------------


@pytest.mark.parametrize("value", NOT_TYPED, ids=IDS)
def test_card_order_methods_given_a_non_card_raise_invalid_type_error(value: Any) -> None:
    order = Rules().card_order(NORMAL)
    for method in (order.category, order.is_trump, order.strength):
        with pytest.raises(InvalidTypeError, match=r"^card must be a Card"):
            method(value)
    for method in (NORMAL.category, NORMAL.is_trump, NORMAL.strength):
        with pytest.raises(InvalidTypeError, match=r"^card must be a Card"):
            method(value)


def test_card_order_sort_rejects_text_and_non_cards() -> None:
    order = Rules().card_order(NORMAL)
    with pytest.raises(InvalidTypeError, match=r"use Hand.parse\('♣A ♣Q'\)"):
        order.sort("♣A ♣Q")  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match=r"cards must be an iterable of Card, not None"):
        order.sort(None)  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match=r"card must be a Card, not None"):
        NORMAL.sort([ACE, None])  # type: ignore[list-item]
    assert order.sort(iter([ACE, Card.parse("♣Q")])) == [Card.parse("♣Q"), ACE]


def test_card_order_decoding_and_winner_check_their_arguments() -> None:
    order = Rules().card_order(NORMAL)
    for bits in (-1, 1 << 48, HUGE):
        with pytest.raises(InvalidValueError, match=r"bits must be a packed hand"):
            order.distinct_in_order(bits)
    with pytest.raises(InvalidTypeError, match=r"bits must be an int, not bool True"):
        order.distinct_in_order(True)
    assert order.distinct_in_order(HAND.bits) == legal_cards(HAND, Trick(0), NORMAL)
    for cards in ((), "♣A", [ACE], (ACE,) * 5):
        with pytest.raises(InvalidTypeError, match=r"cards must be a tuple of 1-4 Card"):
            order.winner_position(cards)  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match=r"card must be a Card, not str"):
        order.winner_position((ACE, "♣Q"))  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match=r"last must be True or False"):
        order.winner_position(FULL.cards, last=None)  # type: ignore[arg-type]
    assert order.winner_position(FULL.cards) == 0


def test_card_orders_are_built_only_for_a_game_type_and_flags() -> None:
    with pytest.raises(InvalidTypeError, match=r"game_type must be a GameType, not None"):
        CardOrder(None)  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match=r"game_type must be a GameType, not list"):
        card_order([])  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match=r"nines must be True or False, not int 1"):
        card_order(NORMAL, nines=1)  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match=r"game_type must be a GameType"):
        Rules().card_order("NORMAL")  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match=r"schweine must be True or False, not None"):
        Rules().card_order(NORMAL, schweine=None)  # type: ignore[arg-type]


# --- rule-set values and enums -----------------------------------------------------


def test_rules_from_options_checks_base_and_options() -> None:
    with pytest.raises(InvalidTypeError, match=r"base must be a Rules value, not int 5"):
        Rules.from_options({}, base=5)  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match=r"options must be a mapping"):
        Rules.from_options(None)  # type: ignore[arg-type]
    assert Rules.from_options({"nines": "no"}, base=Rules(dullen=False)) == Rules(
        nines=False, dullen=False
    )


def test_counts_specials_checks_the_game_type() -> None:
    with pytest.raises(InvalidTypeError, match=r"game_type must be a GameType, not str"):
        Rules().counts_specials("NORMAL")  # type: ignore[arg-type]


def test_enum_lookups_raise_library_errors() -> None:
    with pytest.raises(InvalidValueError, match=r"no game type has the value 'QUEENS_SOLO'"):
        GameType("QUEENS_SOLO")
    with pytest.raises(InvalidTypeError, match=r"value must be a str, not int 1"):
        GameType(1)  # type: ignore[arg-type]
    assert GameType("SOLO_Q") is GameType.QUEENS_SOLO
    with pytest.raises(InvalidValueError, match=r"no category has the value 9"):
        Category(9)
    with pytest.raises(InvalidTypeError, match=r"value must be an int 0-4"):
        Category(None)
    with pytest.raises(InvalidTypeError, match=r"suit must be a Suit, not int 1"):
        Category.of_suit(1)  # type: ignore[arg-type]
    assert [Category.of_suit(suit) for suit in Suit] == list(Category)[1:]
    with pytest.raises(InvalidValueError, match=r"no special point is called 'fox'"):
        SpecialKind("fox")
    with pytest.raises(InvalidTypeError, match=r"value must be a str"):
        SpecialKind(HUGE)


def test_game_type_parse_rejects_what_is_not_text_and_long_text() -> None:
    with pytest.raises(InvalidTypeError, match=r"text must be a str, not None"):
        GameType.parse(None)  # type: ignore[arg-type]
    with pytest.raises(InvalidNotationError, match=r"unknown game type 'xxx") as info:
        GameType.parse("x" * 100_000)
    _message_is_short(info.value)


# --- announcements ------------------------------------------------------------------


def test_check_announcement_refuses_a_complex_level() -> None:
    # 1+0j == 1 and hashes like 1, so a plain enum lookup would read it as keine 90.
    for function in (apply_announcement, check_announcement, can_announce):
        with pytest.raises(InvalidTypeError, match=r"level must be an Announcement or int 0-4"):
            function(NOTHING, NOTHING, 1 + 0j, hand_size=12)  # type: ignore[arg-type]
        with pytest.raises(InvalidTypeError, match=r"not bool True"):
            function(NOTHING, NOTHING, True, hand_size=12)  # type: ignore[arg-type]
        with pytest.raises(InvalidValueError, match=r"level must be 0-4, not 5"):
            function(NOTHING, NOTHING, 5, hand_size=12)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", NOT_TYPED, ids=IDS)
def test_announcements_name_the_wrong_argument(value: Any) -> None:
    for function in (apply_announcement, check_announcement, can_announce):
        with pytest.raises(InvalidTypeError, match=r"^own must be a PartyAnnouncements"):
            function(value, NOTHING, Announcement.RE_KONTRA, hand_size=12)
        with pytest.raises(InvalidTypeError, match=r"^opponents must be a PartyAnnouncements"):
            function(NOTHING, value, Announcement.RE_KONTRA, hand_size=12)
        with pytest.raises((InvalidTypeError, InvalidValueError), match=r"^hand_size must be"):
            function(NOTHING, NOTHING, Announcement.RE_KONTRA, hand_size=value)
        if value is not None:
            with pytest.raises(InvalidTypeError, match=r"^rules must be a Rules value"):
                function(NOTHING, NOTHING, Announcement.RE_KONTRA, hand_size=12, rules=value)


def test_hand_size_is_bounded_by_the_rules() -> None:
    with pytest.raises(InvalidValueError, match=r"hand_size must be 0-12, not -1"):
        check_announcement(NOTHING, NOTHING, Announcement.RE_KONTRA, hand_size=-1)
    with pytest.raises(InvalidValueError, match=r"hand_size must be 0-10, not 11"):
        check_announcement(
            NOTHING, NOTHING, Announcement.RE_KONTRA, hand_size=11, rules=Rules(nines=False)
        )
    with pytest.raises(InvalidValueError, match=r"hand_size must be 0-12, not a negative int of"):
        check_announcement(NOTHING, NOTHING, Announcement.RE_KONTRA, hand_size=-HUGE)
    with pytest.raises(InvalidTypeError, match=r"shift must be an int, not bool True"):
        check_announcement(NOTHING, NOTHING, Announcement.RE_KONTRA, hand_size=12, shift=True)


# --- special points -----------------------------------------------------------------


@pytest.mark.parametrize("value", NOT_TYPED, ids=IDS)
def test_special_events_name_the_wrong_argument(value: Any) -> None:
    with pytest.raises(InvalidTypeError, match=r"^game_type must be a GameType"):
        special_events([FULL], value, PARTIES)
    with pytest.raises(InvalidTypeError, match=r"^rules must be a Rules value"):
        special_events([FULL], NORMAL, PARTIES, value if value is not None else 0)  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match=r"^schweine must be True or False"):
        special_events([FULL], NORMAL, PARTIES, schweine=value if value is not True else 1)  # type: ignore[arg-type]
    if value != []:
        with pytest.raises(InvalidTypeError, match=r"^tricks must be a sequence of Trick"):
            special_events(value, NORMAL, PARTIES)
        with pytest.raises(InvalidTypeError, match=r"^parties must be a sequence of four Party"):
            special_events([FULL], NORMAL, value)
    with pytest.raises(InvalidTypeError, match=r"^trick 1 must be a Trick"):
        special_events([value], NORMAL, PARTIES)


@pytest.mark.parametrize("value", NOT_TYPED, ids=IDS)
def test_special_event_fields_are_typed(value: Any) -> None:
    with pytest.raises(InvalidTypeError, match=r"^kind must be a SpecialKind"):
        SpecialEvent(value, Party.RE, trick=1, seat=0)
    with pytest.raises(InvalidTypeError, match=r"^party must be a Party"):
        SpecialEvent(SpecialKind.DOPPELKOPF, value, trick=1, seat=0)
    if value is not HUGE:
        with pytest.raises(InvalidTypeError, match=r"^trick must be an int"):
            SpecialEvent(SpecialKind.DOPPELKOPF, Party.RE, trick=value, seat=0)
        with pytest.raises(InvalidTypeError, match=r"^seat must be an int"):
            SpecialEvent(SpecialKind.DOPPELKOPF, Party.RE, trick=1, seat=value)
    if value is not None and value is not HUGE:
        with pytest.raises(InvalidTypeError, match=r"^victim must be an int or None"):
            SpecialEvent(SpecialKind.FOX_CAUGHT, Party.RE, trick=1, seat=0, victim=value)


def test_special_event_numbers_out_of_range_are_quoted_briefly() -> None:
    with pytest.raises(InvalidValueError, match=r"^trick must be a trick number 1-12, not an int"):
        SpecialEvent(SpecialKind.DOPPELKOPF, Party.RE, trick=HUGE, seat=0)
    with pytest.raises(InvalidValueError, match=r"^seat must be a seat 0-3, not a negative int"):
        SpecialEvent(SpecialKind.DOPPELKOPF, Party.RE, trick=1, seat=-HUGE)


def test_the_shared_checks_return_a_good_value_itself() -> None:
    assert rule_set(Rules.DDV) is Rules.DDV
    assert _checks.flag(False, "schweine") is False
    with pytest.raises(InvalidTypeError, match=r"^base must be a Rules value, not None$"):
        rule_set(None, "base")
