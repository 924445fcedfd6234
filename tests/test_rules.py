"""Game types and the card order of each (SPEC §3.1, §4)."""

from __future__ import annotations

import itertools
import pickle

import pytest
from hypothesis import given

from doppelkopf import DECK, DISTINCT_CARDS, Card, Category, GameType, InvalidNotationError, Suit
from doppelkopf.strategies import cards, game_types

C = Card.parse

# SPEC §4, written out list by list (high to low).  Every listed card exists twice.
NORMAL_TRUMPS = "♥10 ♣Q ♠Q ♥Q ♦Q ♣J ♠J ♥J ♦J ♦A ♦10 ♦K ♦9"
TRUMPS: dict[GameType, str] = {
    GameType.NORMAL: NORMAL_TRUMPS,
    GameType.MARRIAGE: NORMAL_TRUMPS,
    GameType.MARRIAGE_SOLO: NORMAL_TRUMPS,
    GameType.SILENT_MARRIAGE: NORMAL_TRUMPS,
    GameType.DIAMONDS_SOLO: NORMAL_TRUMPS,
    GameType.POVERTY: NORMAL_TRUMPS,
    GameType.HEARTS_SOLO: "♥10 ♣Q ♠Q ♥Q ♦Q ♣J ♠J ♥J ♦J ♥A ♥K ♥9",
    GameType.SPADES_SOLO: "♥10 ♣Q ♠Q ♥Q ♦Q ♣J ♠J ♥J ♦J ♠A ♠10 ♠K ♠9",
    GameType.CLUBS_SOLO: "♥10 ♣Q ♠Q ♥Q ♦Q ♣J ♠J ♥J ♦J ♣A ♣10 ♣K ♣9",
    GameType.QUEENS_SOLO: "♣Q ♠Q ♥Q ♦Q",
    GameType.JACKS_SOLO: "♣J ♠J ♥J ♦J",
    GameType.FLESHLESS: "",
}

# The plain suits of SPEC §4, high to low, in the order ♣ ♠ ♥ ♦.
NORMAL_PLAIN = {
    Suit.CLUBS: "♣A ♣10 ♣K ♣9",
    Suit.SPADES: "♠A ♠10 ♠K ♠9",
    Suit.HEARTS: "♥A ♥K ♥9",
    Suit.DIAMONDS: "",
}
PLAIN: dict[GameType, dict[Suit, str]] = {
    GameType.NORMAL: NORMAL_PLAIN,
    GameType.MARRIAGE: NORMAL_PLAIN,
    GameType.MARRIAGE_SOLO: NORMAL_PLAIN,
    GameType.SILENT_MARRIAGE: NORMAL_PLAIN,
    GameType.DIAMONDS_SOLO: NORMAL_PLAIN,
    GameType.POVERTY: NORMAL_PLAIN,
    GameType.HEARTS_SOLO: {
        Suit.CLUBS: "♣A ♣10 ♣K ♣9",
        Suit.SPADES: "♠A ♠10 ♠K ♠9",
        Suit.HEARTS: "",
        Suit.DIAMONDS: "♦A ♦10 ♦K ♦9",
    },
    GameType.SPADES_SOLO: {
        Suit.CLUBS: "♣A ♣10 ♣K ♣9",
        Suit.SPADES: "",
        Suit.HEARTS: "♥A ♥K ♥9",
        Suit.DIAMONDS: "♦A ♦10 ♦K ♦9",
    },
    GameType.CLUBS_SOLO: {
        Suit.CLUBS: "",
        Suit.SPADES: "♠A ♠10 ♠K ♠9",
        Suit.HEARTS: "♥A ♥K ♥9",
        Suit.DIAMONDS: "♦A ♦10 ♦K ♦9",
    },
    GameType.QUEENS_SOLO: {
        Suit.CLUBS: "♣A ♣10 ♣K ♣J ♣9",
        Suit.SPADES: "♠A ♠10 ♠K ♠J ♠9",
        Suit.HEARTS: "♥A ♥10 ♥K ♥J ♥9",
        Suit.DIAMONDS: "♦A ♦10 ♦K ♦J ♦9",
    },
    GameType.JACKS_SOLO: {
        Suit.CLUBS: "♣A ♣10 ♣K ♣Q ♣9",
        Suit.SPADES: "♠A ♠10 ♠K ♠Q ♠9",
        Suit.HEARTS: "♥A ♥10 ♥K ♥Q ♥9",
        Suit.DIAMONDS: "♦A ♦10 ♦K ♦Q ♦9",
    },
    GameType.FLESHLESS: {
        Suit.CLUBS: "♣A ♣10 ♣K ♣Q ♣J ♣9",
        Suit.SPADES: "♠A ♠10 ♠K ♠Q ♠J ♠9",
        Suit.HEARTS: "♥A ♥10 ♥K ♥Q ♥J ♥9",
        Suit.DIAMONDS: "♦A ♦10 ♦K ♦Q ♦J ♦9",
    },
}

ALL_TYPES = list(GameType)


def names(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(str(card) for card in cards)


def test_twelve_game_types_with_spec_and_variants_ids() -> None:
    assert [game.value for game in GameType] == [
        "NORMAL",
        "MARRIAGE",
        "MARRIAGE_SOLO",
        "SILENT_MARRIAGE",
        "SOLO_D",
        "SOLO_H",
        "SOLO_S",
        "SOLO_C",
        "SOLO_Q",
        "SOLO_J",
        "FLESHLESS",
        "ARMUT",  # V§6.2
    ]
    assert set(TRUMPS) == set(GameType)
    assert set(PLAIN) == set(GameType)


@pytest.mark.parametrize("game_type", ALL_TYPES, ids=str)
def test_trumps_as_listed_in_spec_4(game_type: GameType) -> None:
    assert names(game_type.trumps) == TRUMPS[game_type]
    for card in DISTINCT_CARDS:
        assert game_type.is_trump(card) == (str(card) in TRUMPS[game_type].split())


@pytest.mark.parametrize(
    ("game_type", "copies"),
    [
        (GameType.NORMAL, 26),
        (GameType.MARRIAGE, 26),
        (GameType.MARRIAGE_SOLO, 26),
        (GameType.SILENT_MARRIAGE, 26),
        (GameType.DIAMONDS_SOLO, 26),
        (GameType.HEARTS_SOLO, 24),
        (GameType.SPADES_SOLO, 26),
        (GameType.CLUBS_SOLO, 26),
        (GameType.QUEENS_SOLO, 8),
        (GameType.JACKS_SOLO, 8),
        (GameType.FLESHLESS, 0),
        (GameType.POVERTY, 26),
    ],
    ids=str,
)
def test_trump_count(game_type: GameType, copies: int) -> None:
    assert sum(game_type.is_trump(card) for card in DECK) == copies
    assert 2 * len(game_type.trumps) == copies
    assert sum(game_type.category(card) is Category.TRUMP for card in DECK) == copies


@pytest.mark.parametrize("game_type", ALL_TYPES, ids=str)
def test_plain_suits_as_listed_in_spec_4(game_type: GameType) -> None:
    plain_names = [name for text in PLAIN[game_type].values() for name in text.split()]
    trump_names = TRUMPS[game_type].split()
    # Every card is in exactly one list.
    assert sorted(plain_names + trump_names) == sorted(str(card) for card in DISTINCT_CARDS)
    for suit, text in PLAIN[game_type].items():
        members = [
            card for card in DISTINCT_CARDS if game_type.category(card) is Category(suit + 1)
        ]
        assert sorted(str(card) for card in members) == sorted(text.split())


@pytest.mark.parametrize("game_type", ALL_TYPES, ids=str)
def test_category_of_every_card(game_type: GameType) -> None:
    expected: dict[str, Category] = dict.fromkeys(TRUMPS[game_type].split(), Category.TRUMP)
    for suit, text in PLAIN[game_type].items():
        for name in text.split():
            expected[name] = Category.of_suit(suit)
    assert len(expected) == 24
    assert {str(card): game_type.category(card) for card in DISTINCT_CARDS} == expected


@pytest.mark.parametrize("game_type", ALL_TYPES, ids=str)
def test_display_order(game_type: GameType) -> None:
    plain = " ".join(text for text in PLAIN[game_type].values() if text)
    expected = f"{TRUMPS[game_type]} {plain}".strip()
    assert names(game_type.order) == expected


@pytest.mark.parametrize("game_type", ALL_TYPES, ids=str)
def test_strength_follows_the_lists(game_type: GameType) -> None:
    trumps = [C(name) for name in TRUMPS[game_type].split()]
    strengths = [game_type.strength(card) for card in trumps]
    assert strengths == sorted(strengths, reverse=True)
    assert len(set(strengths)) == len(strengths)
    for text in PLAIN[game_type].values():
        suit_cards = [C(name) for name in text.split()]
        suit_strengths = [game_type.strength(card) for card in suit_cards]
        assert suit_strengths == sorted(suit_strengths, reverse=True)
        assert len(set(suit_strengths)) == len(suit_strengths)
        for trump, plain in itertools.product(trumps, suit_cards):
            assert game_type.strength(trump) > game_type.strength(plain)


@pytest.mark.parametrize("game_type", ALL_TYPES, ids=str)
def test_plain_ranks_are_a_10_k_q_j_9(game_type: GameType) -> None:
    rank_order = ["A", "10", "K", "Q", "J", "9"]
    for suit in Suit:
        members = [
            card for card in DISTINCT_CARDS if game_type.category(card) is Category.of_suit(suit)
        ]
        by_strength = sorted(members, key=game_type.strength, reverse=True)
        ranks = [card.rank.symbol for card in by_strength]
        assert ranks == [rank for rank in rank_order if rank in ranks]


def test_strength_examples() -> None:
    normal = GameType.NORMAL
    assert normal.strength(C("♥10")) > normal.strength(C("♣Q")) > normal.strength(C("♦9"))
    assert normal.strength(C("♦9")) > normal.strength(C("♣A"))
    assert normal.strength(C("♥A")) > normal.strength(C("♥K")) > normal.strength(C("♥9"))
    fleshless = GameType.FLESHLESS
    assert fleshless.strength(C("♥A")) > fleshless.strength(C("♥10"))
    assert fleshless.strength(C("♥Q")) > fleshless.strength(C("♥J"))
    queens = GameType.QUEENS_SOLO
    assert queens.strength(C("♦Q")) > queens.strength(C("♥A"))
    assert queens.strength(C("♥K")) > queens.strength(C("♥J"))


@pytest.mark.parametrize(
    ("game_type", "solo", "specials", "declarable", "trump_suit"),
    [
        (GameType.NORMAL, False, True, False, Suit.DIAMONDS),
        (GameType.MARRIAGE, False, True, False, Suit.DIAMONDS),
        (GameType.MARRIAGE_SOLO, True, False, False, Suit.DIAMONDS),
        (GameType.SILENT_MARRIAGE, True, False, False, Suit.DIAMONDS),
        (GameType.DIAMONDS_SOLO, True, False, True, Suit.DIAMONDS),
        (GameType.HEARTS_SOLO, True, False, True, Suit.HEARTS),
        (GameType.SPADES_SOLO, True, False, True, Suit.SPADES),
        (GameType.CLUBS_SOLO, True, False, True, Suit.CLUBS),
        (GameType.QUEENS_SOLO, True, False, True, None),
        (GameType.JACKS_SOLO, True, False, True, None),
        (GameType.FLESHLESS, True, False, True, None),
    ],
    ids=str,
)
def test_game_type_flags(
    game_type: GameType, solo: bool, specials: bool, declarable: bool, trump_suit: Suit | None
) -> None:
    assert game_type.is_solo is solo
    assert game_type.has_special_points is specials
    assert game_type.is_declarable_solo is declarable
    assert game_type.trump_suit is trump_suit


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("NORMAL", GameType.NORMAL),
        ("normal", GameType.NORMAL),
        (" Normal ", GameType.NORMAL),
        ("MARRIAGE", GameType.MARRIAGE),
        ("marriage_solo", GameType.MARRIAGE_SOLO),
        ("marriage solo", GameType.MARRIAGE_SOLO),
        ("SILENT_MARRIAGE", GameType.SILENT_MARRIAGE),
        ("silent-marriage", GameType.SILENT_MARRIAGE),
        ("SOLO_D", GameType.DIAMONDS_SOLO),
        ("solo_h", GameType.HEARTS_SOLO),
        ("SOLO-S", GameType.SPADES_SOLO),
        ("solo c", GameType.CLUBS_SOLO),
        ("SOLO_Q", GameType.QUEENS_SOLO),
        ("SOLO_J", GameType.JACKS_SOLO),
        ("DIAMONDS_SOLO", GameType.DIAMONDS_SOLO),
        ("hearts solo", GameType.HEARTS_SOLO),
        ("Spades-Solo", GameType.SPADES_SOLO),
        ("CLUBS_SOLO", GameType.CLUBS_SOLO),
        ("queens_solo", GameType.QUEENS_SOLO),
        ("JACKS_SOLO", GameType.JACKS_SOLO),
        ("FLESHLESS", GameType.FLESHLESS),
        ("fleshless", GameType.FLESHLESS),
    ],
)
def test_game_type_parse(text: str, expected: GameType) -> None:
    assert GameType.parse(text) is expected


@pytest.mark.parametrize("game_type", ALL_TYPES, ids=str)
def test_game_type_parse_round_trip(game_type: GameType) -> None:
    assert GameType.parse(game_type.name) is game_type
    assert GameType.parse(game_type.value) is game_type
    assert GameType.parse(game_type.value.lower()) is game_type
    assert eval(repr(game_type), {"GameType": GameType}) is game_type


@pytest.mark.parametrize(
    "text", ["", "SOLO", "SOLO_X", "SOLO_QJ", "NORMALE", "Damen", "Vorbehalt", "gesund", "1"]
)
def test_game_type_parse_rejects(text: str) -> None:
    with pytest.raises(InvalidNotationError, match="unknown game type") as info:
        GameType.parse(text)
    assert isinstance(info.value, ValueError)
    assert info.value.text == text


def test_game_type_display_names() -> None:
    assert str(GameType.NORMAL) == "normal game"
    assert str(GameType.QUEENS_SOLO) == "queens solo"
    assert str(GameType.FLESHLESS) == "fleshless solo"
    assert repr(GameType.DIAMONDS_SOLO) == "GameType.DIAMONDS_SOLO"


def test_category_helpers() -> None:
    assert [Category.of_suit(suit) for suit in Suit] == [
        Category.CLUBS,
        Category.SPADES,
        Category.HEARTS,
        Category.DIAMONDS,
    ]
    assert Category.TRUMP.suit is None
    assert [category.suit for category in list(Category)[1:]] == list(Suit)
    assert str(Category.TRUMP) == "trump"
    assert str(Category.SPADES) == "♠"
    assert repr(Category.HEARTS) == "Category.HEARTS"


# Card points per category (trump first, then ♣ ♠ ♥ ♦) over the 48-card deck.
CATEGORY_POINTS = {
    GameType.NORMAL: (110, 50, 50, 30, 0),
    GameType.DIAMONDS_SOLO: (110, 50, 50, 30, 0),
    GameType.HEARTS_SOLO: (90, 50, 50, 0, 50),
    GameType.SPADES_SOLO: (110, 50, 0, 30, 50),
    GameType.CLUBS_SOLO: (110, 0, 50, 30, 50),
    GameType.QUEENS_SOLO: (24, 54, 54, 54, 54),
    GameType.JACKS_SOLO: (16, 56, 56, 56, 56),
    GameType.FLESHLESS: (0, 60, 60, 60, 60),
}


@pytest.mark.parametrize(("game_type", "expected"), list(CATEGORY_POINTS.items()), ids=str)
def test_card_points_per_category(game_type: GameType, expected: tuple[int, ...]) -> None:
    points = tuple(
        sum(card.points for card in DECK if game_type.category(card) is category)
        for category in Category
    )
    assert points == expected
    assert sum(points) == 240


@given(game_types(), cards(), cards())
def test_strength_is_a_total_order_inside_a_category(
    game_type: GameType, first: Card, second: Card
) -> None:
    if first is second:
        return
    if game_type.category(first) is game_type.category(second):
        assert game_type.strength(first) != game_type.strength(second)
    if game_type.is_trump(first) and not game_type.is_trump(second):
        assert game_type.strength(first) > game_type.strength(second)


def test_game_types_hash_by_identity_and_stay_usable_as_keys() -> None:
    """The card order of a game type is looked up by it in every legal_cards call.

    Members are singletons, so the identity hash (computed in C) is valid, and it
    is the one in use: Enum's own hash runs Python code on every lookup.
    """
    orders = {game: game.value for game in GameType}
    for game in GameType:
        assert hash(game) == object.__hash__(game)
        assert orders[game] == game.value
        assert pickle.loads(pickle.dumps(game)) is game
    assert len(set(GameType)) == len(GameType)
