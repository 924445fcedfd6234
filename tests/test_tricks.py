"""Tricks, following suit and trick winners (SPEC §5; EXAMPLES.md Part 2)."""

from __future__ import annotations

import pickle
from collections import Counter

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from doppelkopf import (
    DECK,
    Card,
    CardNotHeldError,
    Category,
    DoppelkopfError,
    GameType,
    Hand,
    IllegalActionError,
    InvalidNotationError,
    InvalidTypeError,
    MustFollowError,
    Rank,
    Trick,
    TrickCompleteError,
    can_play_card,
    check_card,
    legal_cards,
    trick_winner,
)
from doppelkopf.strategies import (
    Position,
    cards,
    deals_of_hands,
    game_types,
    hands,
    positions,
    tricks,
)

C = Card.parse
H = Hand.parse
NORMAL = GameType.NORMAL


def card_set(text: str) -> set[Card]:
    return {C(token) for token in text.split()}


# --- EXAMPLES.md Part 2: legal sets ----------------------------------------------------


def assert_legal(game_type: GameType, led: str, hand_text: str, legal_text: str) -> None:
    """``legal_text`` is exactly the legal set after ``led`` for every leader."""
    hand = H(hand_text)
    expected = card_set(legal_text)
    for leader in range(4):
        trick = Trick.parse(led, leader=leader)
        assert set(legal_cards(hand, trick, game_type)) == expected
        for card in hand.distinct():
            legal = card in expected
            assert can_play_card(hand, trick, game_type, card) is legal
            if legal:
                check_card(hand, trick, game_type, card, seat=trick.next_seat)
            else:
                with pytest.raises(MustFollowError) as info:
                    check_card(hand, trick, game_type, card, seat=trick.next_seat)
                assert info.value.seat == (leader + 1) % 4
                assert info.value.rule == "§5.2"


def test_t01_queen_of_spades_is_trump_not_a_spade() -> None:
    assert_legal(NORMAL, "♠A", "♠Q ♠K ♥9 ♦J", "♠K")
    assert NORMAL.category(C("♠Q")) is Category.TRUMP


def test_t02_no_real_spade_so_whole_hand() -> None:
    assert_legal(NORMAL, "♠A", "♠Q ♥9 ♣A", "♠Q ♥9 ♣A")


def test_t05_jacks_solo_no_jack_so_whole_hand() -> None:
    assert_legal(GameType.JACKS_SOLO, "♥J", "♥10 ♥A ♣Q ♠9", "♥10 ♥A ♣Q ♠9")


def test_t06_jacks_solo_jack_of_hearts_is_trump() -> None:
    assert_legal(GameType.JACKS_SOLO, "♥A", "♥J ♥K ♠Q", "♥K")


def test_t07_hearts_solo_ace_of_hearts_is_a_trump_lead() -> None:
    assert_legal(GameType.HEARTS_SOLO, "♥A", "♥10 ♠A ♦K", "♥10")


def test_t08_queens_solo_ten_of_hearts_is_plain() -> None:
    assert_legal(GameType.QUEENS_SOLO, "♥A", "♥10 ♥Q ♠9", "♥10")
    assert GameType.QUEENS_SOLO.category(C("♥Q")) is Category.TRUMP


def test_t10_ten_of_hearts_is_trump_not_a_heart() -> None:
    assert_legal(NORMAL, "♥A", "♥10 ♥K ♦Q", "♥K")


def test_t10b_only_trump_and_club_so_whole_hand() -> None:
    assert_legal(NORMAL, "♥A", "♥10 ♣A", "♥10 ♣A")


def test_t19_ten_of_hearts_led_is_a_trump_lead() -> None:
    assert_legal(NORMAL, "♥10", "♠Q ♥J ♥A", "♠Q ♥J")


def test_legal_cards_come_in_display_order() -> None:
    trick = Trick.parse("♠A")
    assert legal_cards(H("♠Q ♥9 ♣A"), trick, NORMAL) == (C("♠Q"), C("♣A"), C("♥9"))
    assert legal_cards(H("♥9 ♣A ♥A ♣A ♦9 ♥10"), Trick(2), NORMAL) == (
        C("♥10"),
        C("♦9"),
        C("♣A"),
        C("♥A"),
        C("♥9"),
    )
    assert legal_cards(H("♥9 ♣A ♥A ♥10 ♥K"), Trick.parse("♥J"), GameType.FLESHLESS) == (
        C("♥A"),
        C("♥10"),
        C("♥K"),
        C("♥9"),
    )


# --- EXAMPLES.md Part 2: trick winners ---------------------------------------------------


def assert_winner(game_type: GameType, played: str, position: int, points: int) -> None:
    """The card at ``position`` (1-4, as in EXAMPLES.md) wins, from every leader."""
    for leader in range(4):
        trick = Trick.parse(played, leader=leader)
        seat = (leader + position - 1) % 4
        assert trick_winner(trick, game_type) == seat
        assert trick.winner(game_type) == seat
        assert trick.card_of(seat) is trick.cards[position - 1]
        assert trick.points == points


def test_t02b_queen_of_spades_trumps() -> None:
    assert_winner(NORMAL, "♠A ♠Q ♠10 ♠K", 2, 28)


def test_t03_first_ten_of_hearts_wins() -> None:
    assert_winner(NORMAL, "♥10 ♥10 ♣Q ♦A", 1, 34)


def test_t04_first_of_two_aces_wins() -> None:
    assert_winner(NORMAL, "♠K ♠A ♠A ♠9", 2, 26)


def test_t05b_jacks_solo_higher_jack_wins() -> None:
    assert_winner(GameType.JACKS_SOLO, "♥J ♥10 ♠J ♣Q", 3, 17)


def test_t07b_hearts_solo_ten_of_hearts_is_top_trump() -> None:
    assert_winner(GameType.HEARTS_SOLO, "♥A ♥10 ♣Q ♥K", 2, 28)


def test_t08b_queens_solo_ace_beats_ten_king_jack() -> None:
    assert_winner(GameType.QUEENS_SOLO, "♥A ♥10 ♥J ♥K", 1, 27)


def test_t09_queens_solo_lowest_trump_beats_plain() -> None:
    assert_winner(GameType.QUEENS_SOLO, "♥10 ♦Q ♥A ♥K", 2, 28)


def test_t10c_ten_of_hearts_trumps_a_heart_lead() -> None:
    assert_winner(NORMAL, "♥A ♥10 ♥K ♥9", 2, 25)


def test_t11_jack_of_diamonds_beats_ace_of_diamonds() -> None:
    assert_winner(NORMAL, "♦9 ♣A ♦J ♦A", 3, 24)


def test_t13_fleshless_off_suit_ace_cannot_win() -> None:
    assert_winner(GameType.FLESHLESS, "♣Q ♣K ♦A ♣J", 2, 20)


def test_t14_only_the_led_suit_can_win() -> None:
    assert_winner(NORMAL, "♠K ♣9 ♥9 ♣A", 1, 15)


def test_t16_first_jack_of_clubs_wins() -> None:
    assert_winner(NORMAL, "♣J ♣J ♦9 ♠J", 1, 6)


def test_t16b_queen_of_diamonds_beats_both_jacks_of_clubs() -> None:
    assert_winner(NORMAL, "♣J ♣J ♦Q ♠J", 3, 9)


def test_t17_spades_solo_nine_of_spades_trumps_diamonds() -> None:
    assert_winner(GameType.SPADES_SOLO, "♦A ♦K ♠9 ♦10", 3, 25)
    assert GameType.SPADES_SOLO.category(C("♦A")) is Category.DIAMONDS


def test_t20_fleshless_ace_of_hearts_wins() -> None:
    assert_winner(GameType.FLESHLESS, "♥10 ♥A ♥Q ♥10", 2, 34)


def test_t21_first_ace_of_clubs_wins_a_doppelkopf() -> None:
    assert_winner(NORMAL, "♣A ♣10 ♣A ♣10", 1, 42)


def test_partial_trick_winner_so_far() -> None:
    assert trick_winner(Trick.parse("♠A", leader=2), NORMAL) == 2
    assert trick_winner(Trick.parse("♠A ♠Q", leader=3), NORMAL) == 0
    assert trick_winner(Trick.parse("♠A ♠Q ♥10", leader=1), NORMAL) == 3


def test_empty_trick_has_no_winner() -> None:
    with pytest.raises(ValueError, match="empty"):
        trick_winner(Trick(1), NORMAL)


# --- Trick values ---------------------------------------------------------------


@pytest.mark.parametrize("leader", [-1, 4, 7])
def test_leader_outside_0_to_3_is_rejected(leader: int) -> None:
    with pytest.raises(ValueError, match="seat 0-3"):
        Trick(leader)
    with pytest.raises(ValueError, match="seat 0-3"):
        Trick.parse("♣Q", leader=leader)


def test_leader_must_be_an_int() -> None:
    # A bool is not the seat 1 (or 0), and text is not a seat: both are type errors.
    with pytest.raises(InvalidTypeError, match="leader must be an int, not bool True"):
        Trick(True)
    with pytest.raises(InvalidTypeError, match="leader must be an int, not str '1'"):
        Trick("1")  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match="leader must be an int"):
        Trick.parse("♣Q", leader=False)


def test_five_cards_are_rejected() -> None:
    five = [C("♣Q"), C("♣Q"), C("♥A"), C("♥A"), C("♠9")]
    with pytest.raises(TrickCompleteError, match="four cards") as info:
        Trick(0, five)
    assert isinstance(info.value, ValueError)
    assert info.value.rule == "§5.1"
    with pytest.raises(TrickCompleteError):
        Trick.parse("♣Q ♣Q ♥A ♥A ♠9", leader=1)


def test_trick_holds_only_cards() -> None:
    with pytest.raises(TypeError, match="Card"):
        Trick(0, ["♣Q"])  # type: ignore[list-item]


def test_a_trick_cannot_hold_a_third_copy() -> None:
    with pytest.raises(ValueError, match="third"):
        Trick.parse("♣Q ♣Q ♣Q")


def test_play_returns_new_tricks() -> None:
    empty = Trick(3)
    one = empty.play(C("♥A"))
    two = one.play(C("♥10"))
    assert empty == Trick(3)
    assert len(empty) == 0
    assert one == Trick.parse("♥A", leader=3)
    assert two == Trick(3, (C("♥A"), C("♥10")))
    full = two.play(C("♥9")).play(C("♣9"))
    assert full.is_complete
    assert not two.is_complete
    with pytest.raises(TrickCompleteError, match="complete") as info:
        full.play(C("♠9"))
    assert info.value.rule == "§5.1"
    assert full == Trick.parse("♥A ♥10 ♥9 ♣9", leader=3)


def test_seats_next_seat_and_card_of() -> None:
    trick = Trick.parse("♠A ♠Q", leader=3)
    assert trick.seats == (3, 0)
    assert trick.next_seat == 1
    assert trick.card_of(3) is C("♠A")
    assert trick.card_of(0) is C("♠Q")
    assert trick.card_of(1) is None
    assert trick.card_of(2) is None
    assert list(trick) == [(3, C("♠A")), (0, C("♠Q"))]
    full = Trick.parse("♠A ♠Q ♠10 ♠K", leader=2)
    assert full.seats == (2, 3, 0, 1)
    assert full.next_seat is None
    assert [full.card_of(seat) for seat in range(4)] == [C("♠10"), C("♠K"), C("♠A"), C("♠Q")]
    assert Trick(1).seats == ()
    assert Trick(1).next_seat == 1


def test_card_of_rejects_a_seat_outside_0_to_3() -> None:
    with pytest.raises(ValueError, match="seat"):
        Trick.parse("♠A", leader=0).card_of(4)


def test_points_and_led_category() -> None:
    assert Trick(0).points == 0
    assert Trick.parse("♥10 ♥10 ♣Q ♦A").points == 34
    assert Trick(0).led_category(NORMAL) is None
    assert Trick.parse("♥A ♥10").led_category(NORMAL) is Category.HEARTS
    assert Trick.parse("♥10 ♥A").led_category(NORMAL) is Category.TRUMP
    assert Trick.parse("♥10").led_category(GameType.QUEENS_SOLO) is Category.HEARTS
    assert Trick.parse("♦A").led_category(GameType.CLUBS_SOLO) is Category.DIAMONDS


def test_parse_and_str() -> None:
    trick = Trick.parse("♠A sq, S10 ♠K", leader=1)
    assert trick == Trick(1, (C("♠A"), C("♠Q"), C("♠10"), C("♠K")))
    assert str(trick) == "♠A ♠Q ♠10 ♠K"
    assert Trick.parse("♣Q").leader == 0
    assert Trick.parse("") == Trick(0)
    with pytest.raises(InvalidNotationError) as info:
        Trick.parse("♠A ♠X")
    assert info.value.text == "♠X"


@pytest.mark.parametrize(
    "trick",
    [Trick(0), Trick(3), Trick.parse("♥10", leader=2), Trick.parse("♠A ♠Q ♠10 ♠K", leader=1)],
    ids=repr,
)
def test_repr_round_trip(trick: Trick) -> None:
    assert eval(repr(trick), {"Trick": Trick}) == trick


def test_repr_text() -> None:
    assert repr(Trick.parse("♥A ♥10", leader=3)) == "Trick.parse('♥A ♥10', leader=3)"
    assert repr(Trick(2)) == "Trick.parse('', leader=2)"


@given(tricks())
def test_repr_round_trip_random(trick: Trick) -> None:
    assert eval(repr(trick), {"Trick": Trick}) == trick
    assert Trick.parse(str(trick), leader=trick.leader) == trick
    assert pickle.loads(pickle.dumps(trick)) == trick


def test_trick_equality_hash_and_frozenness() -> None:
    first = Trick.parse("♣Q ♥A", leader=2)
    assert first == Trick(2, [C("♣Q"), C("♥A")])
    assert hash(first) == hash(Trick(2, (C("♣Q"), C("♥A"))))
    assert first != Trick.parse("♣Q ♥A", leader=1)
    assert first != Trick.parse("♥A ♣Q", leader=2)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        first.leader = 1  # type: ignore[misc]
    assert first.leader == 2


# --- check_card ----------------------------------------------------------------


def test_check_card_not_held() -> None:
    with pytest.raises(CardNotHeldError, match="not in the hand") as info:
        check_card(H("♣Q ♠A"), Trick.parse("♠K", leader=0), NORMAL, C("♥A"), seat=1)
    error = info.value
    assert isinstance(error, IllegalActionError)
    assert isinstance(error, ValueError)
    assert isinstance(error, DoppelkopfError)
    assert error.rule == "§5.2"
    assert error.seat == 1
    assert error.action == "play ♥A"
    with pytest.raises(CardNotHeldError):
        check_card(Hand(), Trick(0), NORMAL, C("♥A"))


def test_check_card_must_follow() -> None:
    with pytest.raises(MustFollowError, match="play one of ♥K") as info:
        check_card(H("♥10 ♥K ♦Q"), Trick.parse("♥A"), NORMAL, C("♥10"), seat=1)
    error = info.value
    assert isinstance(error, IllegalActionError)
    assert isinstance(error, ValueError)
    assert error.rule == "§5.2"
    assert error.seat == 1
    assert error.action == "play ♥10"
    assert "§5.2" in str(error)


def test_check_card_trick_complete() -> None:
    full = Trick.parse("♠A ♠Q ♠10 ♠K")
    with pytest.raises(TrickCompleteError, match="complete") as info:
        check_card(H("♠9 ♥A"), full, NORMAL, C("♠9"), seat=0)
    error = info.value
    assert isinstance(error, IllegalActionError)
    assert isinstance(error, ValueError)
    assert error.rule == "§5.1"
    assert error.seat == 0
    # A complete trick is reported before a card that is not held.
    with pytest.raises(TrickCompleteError):
        check_card(H("♠9"), full, NORMAL, C("♥A"))
    with pytest.raises(TrickCompleteError, match="complete") as listing:
        legal_cards(H("♠9 ♥A"), full, NORMAL)
    assert listing.value.rule == "§5.1"
    assert not can_play_card(H("♠9 ♥A"), full, NORMAL, C("♠9"))


def test_check_card_not_held_before_must_follow() -> None:
    with pytest.raises(CardNotHeldError):
        check_card(H("♥K ♦Q"), Trick.parse("♥A"), NORMAL, C("♣A"))


def test_leader_may_lead_anything() -> None:
    hand = H("♥10 ♣A ♠9 ♦K ♥A")
    for game_type in GameType:
        trick = Trick(2)
        assert set(legal_cards(hand, trick, game_type)) == set(hand.distinct())
        for card in hand.distinct():
            check_card(hand, trick, game_type, card)
            assert can_play_card(hand, trick, game_type, card)


def test_empty_hand_has_no_legal_card() -> None:
    assert legal_cards(Hand(), Trick.parse("♥A"), NORMAL) == ()
    assert legal_cards(Hand(), Trick(0), NORMAL) == ()


# --- a naive model written from SPEC §4, §5.2-§5.4 --------------------------------------

_DULLE_QUEENS_JACKS = "♥10 ♣Q ♠Q ♥Q ♦Q ♣J ♠J ♥J ♦J"
_SPEC_TRUMPS = {
    GameType.NORMAL: f"{_DULLE_QUEENS_JACKS} ♦A ♦10 ♦K ♦9",
    GameType.MARRIAGE: f"{_DULLE_QUEENS_JACKS} ♦A ♦10 ♦K ♦9",
    GameType.MARRIAGE_SOLO: f"{_DULLE_QUEENS_JACKS} ♦A ♦10 ♦K ♦9",
    GameType.SILENT_MARRIAGE: f"{_DULLE_QUEENS_JACKS} ♦A ♦10 ♦K ♦9",
    GameType.DIAMONDS_SOLO: f"{_DULLE_QUEENS_JACKS} ♦A ♦10 ♦K ♦9",
    GameType.HEARTS_SOLO: f"{_DULLE_QUEENS_JACKS} ♥A ♥K ♥9",
    GameType.SPADES_SOLO: f"{_DULLE_QUEENS_JACKS} ♠A ♠10 ♠K ♠9",
    GameType.CLUBS_SOLO: f"{_DULLE_QUEENS_JACKS} ♣A ♣10 ♣K ♣9",
    GameType.QUEENS_SOLO: "♣Q ♠Q ♥Q ♦Q",
    GameType.JACKS_SOLO: "♣J ♠J ♥J ♦J",
    GameType.FLESHLESS: "",
    GameType.POVERTY: f"{_DULLE_QUEENS_JACKS} ♦A ♦10 ♦K ♦9",  # V§6.2: the normal order
}
TRUMP_LISTS = {game: [C(name) for name in text.split()] for game, text in _SPEC_TRUMPS.items()}
PLAIN_RANKS = [Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE]


def naive_category(game_type: GameType, card: Card) -> str:
    return "trump" if card in TRUMP_LISTS[game_type] else card.suit.name


def naive_legal(hand: Hand, trick: Trick, game_type: GameType) -> set[Card]:
    held = set(hand)
    if not trick.cards:
        return held
    led = naive_category(game_type, trick.cards[0])
    following = {card for card in held if naive_category(game_type, card) == led}
    return following or held


def naive_beats(game_type: GameType, card: Card, best: Card, led: str) -> bool:
    """Whether ``card`` strictly beats the current best card (SPEC §5.3, §5.4)."""
    trumps = TRUMP_LISTS[game_type]
    if card in trumps:
        return best not in trumps or trumps.index(card) < trumps.index(best)
    if best in trumps or naive_category(game_type, card) != led:
        return False
    return PLAIN_RANKS.index(card.rank) < PLAIN_RANKS.index(best.rank)


def naive_winner(trick: Trick, game_type: GameType) -> int:
    led = naive_category(game_type, trick.cards[0])
    best = 0
    for position in range(1, len(trick.cards)):
        if naive_beats(game_type, trick.cards[position], trick.cards[best], led):
            best = position
    return (trick.leader + best) % 4


def test_naive_model_agrees_with_the_examples() -> None:
    winner_rows = [
        (NORMAL, "♠A ♠Q ♠10 ♠K", 1),
        (NORMAL, "♥10 ♥10 ♣Q ♦A", 0),
        (GameType.JACKS_SOLO, "♥J ♥10 ♠J ♣Q", 2),
        (GameType.QUEENS_SOLO, "♥10 ♦Q ♥A ♥K", 1),
        (GameType.FLESHLESS, "♣Q ♣K ♦A ♣J", 1),
        (GameType.SPADES_SOLO, "♦A ♦K ♠9 ♦10", 2),
    ]
    for game_type, played, seat in winner_rows:
        assert naive_winner(Trick.parse(played), game_type) == seat
    assert naive_legal(H("♠Q ♠K ♥9 ♦J"), Trick.parse("♠A"), NORMAL) == {C("♠K")}


# --- properties ----------------------------------------------------------------------


def copies(min_size: int, max_size: int) -> st.SearchStrategy[list[Card]]:
    """Sequences of distinct copies from the deck: no card more than twice."""
    indices = st.lists(st.integers(0, 47), min_size=min_size, max_size=max_size, unique=True)
    return indices.map(lambda chosen: [DECK[i] for i in chosen])


@given(positions())
def test_legal_set_is_never_empty_and_held(position: Position) -> None:
    game_type, hand, trick = position
    legal = legal_cards(hand, trick, game_type)
    assert len(hand) >= 1
    assert len(legal) >= 1
    assert all(card in hand for card in legal)
    assert len(set(legal)) == len(legal)
    assert list(legal) == [card for card in game_type.order if card in legal]


@given(positions())
def test_holding_the_led_category_restricts_to_it(position: Position) -> None:
    game_type, hand, trick = position
    legal = set(legal_cards(hand, trick, game_type))
    if not trick.cards:
        assert legal == set(hand)
        return
    led = game_type.category(trick.cards[0])
    followers = {card for card in hand if game_type.category(card) is led}
    if followers:
        assert legal == followers
    else:
        assert legal == set(hand)


@given(positions())
def test_legal_cards_matches_the_naive_model(position: Position) -> None:
    game_type, hand, trick = position
    assert set(legal_cards(hand, trick, game_type)) == naive_legal(hand, trick, game_type)


@given(
    game_types(),
    hands(min_size=1),
    copies(0, 3),
    st.integers(0, 3),
)
def test_legal_cards_matches_the_naive_model_on_any_hand(
    game_type: GameType, hand: Hand, played: list[Card], leader: int
) -> None:
    trick = Trick(leader, played)
    assert set(legal_cards(hand, trick, game_type)) == naive_legal(hand, trick, game_type)


@given(positions(), cards())
def test_is_legal_card_agrees_with_check_card_and_legal_cards(
    position: Position, card: Card
) -> None:
    game_type, hand, trick = position
    legal = legal_cards(hand, trick, game_type)
    verdict = can_play_card(hand, trick, game_type, card)
    assert verdict == (card in legal)
    if verdict:
        check_card(hand, trick, game_type, card)
    elif card not in hand:
        with pytest.raises(CardNotHeldError):
            check_card(hand, trick, game_type, card)
    else:
        with pytest.raises(MustFollowError):
            check_card(hand, trick, game_type, card)


@given(positions())
def test_every_card_of_the_hand_is_judged_consistently(position: Position) -> None:
    game_type, hand, trick = position
    legal = set(legal_cards(hand, trick, game_type))
    for card in hand.distinct():
        assert can_play_card(hand, trick, game_type, card) == (card in legal)


@given(game_types(), cards(), st.integers(0, 3), st.data())
def test_first_of_two_identical_cards_beats_the_second(
    game_type: GameType, card: Card, leader: int, data: st.DataObject
) -> None:
    size = data.draw(st.integers(2, 4), label="size")
    first = data.draw(st.integers(0, size - 2), label="first copy")
    second = data.draw(st.integers(first + 1, size - 1), label="second copy")
    others = data.draw(
        st.lists(
            cards().filter(lambda other: other is not card), min_size=size - 2, max_size=size - 2
        ),
        label="other cards",
    )
    played = list(others)
    played.insert(first, card)
    played.insert(second, card)
    trick = Trick(leader, played)
    assert trick.cards[first] is trick.cards[second] is card
    assert trick_winner(trick, game_type) != (leader + second) % 4


@given(game_types(), copies(1, 4), st.integers(0, 3))
def test_trick_winner_matches_the_naive_model(
    game_type: GameType, played: list[Card], leader: int
) -> None:
    trick = Trick(leader, played)
    assert trick_winner(trick, game_type) == naive_winner(trick, game_type)


@given(game_types().flatmap(lambda game: st.tuples(st.just(game), tricks(game, min_size=1))))
def test_trick_winner_matches_the_naive_model_in_play(pair: tuple[GameType, Trick]) -> None:
    game_type, trick = pair
    assert trick_winner(trick, game_type) == naive_winner(trick, game_type)


@given(game_types().flatmap(lambda game: st.tuples(st.just(game), tricks(game, min_size=4))))
def test_winner_played_trump_or_the_led_suit(pair: tuple[GameType, Trick]) -> None:
    game_type, trick = pair
    winner = trick.card_of(trick_winner(trick, game_type))
    assert winner is not None
    if any(game_type.is_trump(card) for card in trick.cards):
        assert game_type.is_trump(winner)
        assert all(
            game_type.strength(winner) >= game_type.strength(card)
            for card in trick.cards
            if game_type.is_trump(card)
        )
    else:
        assert game_type.category(winner) is game_type.category(trick.cards[0])


@given(game_types(), copies(4, 4), st.integers(0, 3))
def test_winner_played_trump_or_the_led_suit_any_cards(
    game_type: GameType, played: list[Card], leader: int
) -> None:
    trick = Trick(leader, played)
    winner = trick.card_of(trick_winner(trick, game_type))
    assert winner is not None
    if any(game_type.is_trump(card) for card in played):
        assert game_type.is_trump(winner)
    else:
        assert game_type.category(winner) is game_type.category(played[0])


@given(game_types(), deals_of_hands(), st.integers(0, 3), st.data())
def test_a_whole_deal_plays_out_with_240_points(
    game_type: GameType,
    deal: tuple[Hand, Hand, Hand, Hand],
    leader: int,
    data: st.DataObject,
) -> None:
    held = list(deal)
    played: Counter[Card] = Counter()
    total = 0
    for _ in range(12):
        trick = Trick(leader)
        for _ in range(4):
            seat = trick.next_seat
            assert seat is not None
            legal = legal_cards(held[seat], trick, game_type)
            assert legal
            card = data.draw(st.sampled_from(legal))
            check_card(held[seat], trick, game_type, card, seat=seat)
            held[seat] = held[seat].remove(card)
            trick = trick.play(card)
            played[card] += 1
        total += trick.points
        leader = trick_winner(trick, game_type)
    assert total == 240
    assert played == Counter(DECK)
    assert all(len(hand) == 0 for hand in held)


# --- the strategies themselves -----------------------------------------------------------


@given(positions())
def test_positions_are_consistent(position: Position) -> None:
    game_type, hand, trick = position
    assert isinstance(game_type, GameType)
    assert not trick.is_complete
    assert 1 <= len(hand) <= 12
    cards_seen = Counter(trick.cards) + Counter(list(hand))
    assert all(count <= 2 for count in cards_seen.values())


@given(tricks(GameType.CLUBS_SOLO, min_size=2, max_size=3))
def test_tricks_strategy_respects_sizes(trick: Trick) -> None:
    assert 2 <= len(trick) <= 3
    assert all(count <= 2 for count in Counter(trick.cards).values())


@given(deals_of_hands())
def test_deals_partition_the_deck(deal: tuple[Hand, Hand, Hand, Hand]) -> None:
    assert [len(hand) for hand in deal] == [12, 12, 12, 12]
    assert sum((Counter(list(hand)) for hand in deal), Counter()) == Counter(DECK)


@pytest.mark.parametrize(("min_size", "max_size"), [(-1, 4), (3, 2), (0, 5), (False, 4), (1.0, 4)])
def test_tricks_strategy_rejects_bad_sizes(min_size: int, max_size: int) -> None:
    with pytest.raises(InvalidArgument, match="size"):
        tricks(min_size=min_size, max_size=max_size)


def test_strategies_reject_a_bad_game_type() -> None:
    with pytest.raises(InvalidArgument, match="GameType"):
        tricks("NORMAL")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument, match="GameType"):
        positions("NORMAL")  # type: ignore[arg-type]
