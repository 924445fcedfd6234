"""The reference bots and the view helpers under every rule set (V§0–V§5)."""

from __future__ import annotations

import attrs
from hypothesis import given
from hypothesis import strategies as st

from doppelkopf import (
    Card,
    Category,
    Deal,
    Declare,
    GameType,
    Phase,
    Play,
    Reservation,
    Rules,
    strategies,
    trick_winner,
)
from doppelkopf.cards import Hand
from doppelkopf.players import (
    HeuristicPlayer,
    Player,
    RandomPlayer,
    iter_deal,
    known_voids,
    play_deal,
    unseen_cards,
    winning_cards,
)
from test_players import Checked, Forced

DULLE = Card.parse("♥10")
FOX = Card.parse("♦A")


def rule_sets() -> st.SearchStrategy[Rules]:
    """Every valid combination of options (V§0.4), shrinking towards the default rules."""
    return strategies.rules()


KINDS = st.sampled_from(["random", "eager random", "heuristic"])


def make_player(kind: str, seed: int) -> Player:
    if kind == "heuristic":
        return HeuristicPlayer(seed=seed)
    return RandomPlayer(seed=seed, reservation_rate=1 if kind == "eager random" else 0.05)


def assert_finished_legally(deal: Deal) -> None:
    """The deal was played to its last trick, or ended void before any card (V§8)."""
    rules = deal.rules
    if deal.is_void:
        assert deal.phase is Phase.VOID
        assert deal.tricks == ()
        assert deal.turn is None
        assert deal.void is not None
        assert rules.armut or rules.schmeissen
        return
    assert deal.phase is Phase.FINISHED
    assert len(deal.tricks) == rules.tricks
    assert all(len(hand) == 0 for hand in deal.hands)
    assert sum(isinstance(event, Play) for event in deal.history) == len(rules.deck)
    outcome = deal.outcome
    assert sum(outcome.seat_points) == 240
    assert len(outcome.winners) == rules.tricks
    assert deal.game_type is not None
    if not rules.solos:
        assert not deal.game_type.is_declarable_solo


def hands_of(rules: Rules, *hands: str) -> list[Hand]:
    """Four hands of the deck of ``rules``: the given cards, then the rest in deck order."""
    given_hands = [Hand.parse(text) for text in hands] + [Hand()] * (4 - len(hands))
    rest = list(Hand.from_bits(rules.deck_bits - sum(hand.bits for hand in given_hands)))
    result = []
    for hand in given_hands:
        needed = rules.hand_size - len(hand)
        result.append(Hand([*hand, *rest[:needed]]))
        rest = rest[needed:]
    assert not rest
    return result


def position(rules: Rules, hands: list[Hand], *cards: str) -> Deal:
    """Everyone healthy (dealer 3), then ``cards`` played in turn."""
    deal = Deal.from_hands(hands, rules=rules)
    for seat in range(4):
        deal = deal.declare(seat, Reservation.HEALTHY)
    for text in cards:
        turn = deal.turn
        assert turn is not None
        deal = deal.play(turn, Card.parse(text))
    return deal


# --- the strategy itself ---------------------------------------------------------


@given(rule_sets())
def test_the_rule_strategy_keeps_to_the_exclusions(rules: Rules) -> None:
    assert rules.dullen or rules.second_dulle == "never"
    assert rules.specials or not (rules.karlchen_caught or rules.fox_at_end)
    assert Rules.from_dict(rules.as_dict()) == rules


# --- whole deals under random rule sets --------------------------------------------


@given(
    rules=rule_sets(),
    seed=st.integers(0, 2**32 - 1),
    dealer=st.integers(0, 3),
    kinds=st.lists(KINDS, min_size=4, max_size=4),
)
def test_reference_bots_finish_a_legal_deal_under_any_rules(
    rules: Rules, seed: int, dealer: int, kinds: list[str]
) -> None:
    players = [Checked(make_player(kind, seed + seat)) for seat, kind in enumerate(kinds)]
    deal = play_deal(Deal.shuffled(seed=seed, dealer=dealer, rules=rules), players)
    assert_finished_legally(deal)


@given(
    rules=rule_sets(),
    seed=st.integers(0, 2**32 - 1),
    kinds=st.lists(KINDS, min_size=4, max_size=4),
    reservations=st.lists(st.sampled_from(list(Reservation)), min_size=4, max_size=4),
)
def test_reference_bots_play_every_contract_under_any_rules(
    rules: Rules, seed: int, kinds: list[str], reservations: list[Reservation]
) -> None:
    players = [
        Checked(Forced(reservation, make_player(kind, seed + seat)))
        for seat, (kind, reservation) in enumerate(zip(kinds, reservations, strict=True))
    ]
    deal = play_deal(Deal.shuffled(seed=seed, rules=rules), players)
    assert_finished_legally(deal)


@given(rules=rule_sets(), seed=st.integers(0, 2**32 - 1), stop=st.integers(0, 60))
def test_helpers_agree_with_the_hidden_hands_under_any_rules(
    rules: Rules, seed: int, stop: int
) -> None:
    players = [RandomPlayer(seed=seed + seat, reservation_rate=0.3) for seat in range(4)]
    deal = Deal.shuffled(seed=seed, rules=rules)
    for count, step in enumerate(iter_deal(deal, players)):
        deal = step.deal
        if count == stop:
            break
    order = deal.card_order
    for seat in range(4):
        view = deal.view(seat)
        others = sum(deal.hands[other].bits for other in range(4) if other != seat)
        poverty = deal.poverty
        if deal.phase is Phase.POVERTY_OFFER and poverty is not None and poverty.poor != seat:
            # The cards on offer are in no hand, and only the poor player knows them (V§6.7).
            assert poverty.passed is not None
            others += sum(1 << (2 * card.index) for card in poverty.passed)
        assert unseen_cards(view).bits == others
        if order is None or deal.game_type is None:
            assert known_voids(view) == (frozenset(),) * 4
            continue
        for other, categories in enumerate(known_voids(view)):
            for category in categories:
                assert not any(order.category(card) is category for card in deal.hands[other])
        trick = deal.current_trick
        legal = deal.legal_cards(seat)
        if deal.turn != seat:
            assert winning_cards(view) == ()
        elif not trick.cards:
            assert winning_cards(view) == legal
        else:
            last = len(deal.tricks) == rules.tricks - 1
            expected = tuple(
                card
                for card in legal
                if trick_winner(
                    trick.play(card),
                    deal.game_type,
                    rules,
                    schweine=deal.schweine is not None,
                    last=last,
                )
                == seat
            )
            assert winning_cards(view) == expected


# --- without Dullen: the 10♥ is a plain heart (V§2.1) ------------------------------

NO_DULLEN = Rules(dullen=False)

HEART_HANDS = [
    "♥K ♥K ♠A ♠A ♠10 ♠10 ♠K ♠K ♠9 ♠9 ♣A ♣Q",
    "♥9 ♥A ♣10 ♣10 ♣K ♣K ♣9 ♣9 ♠J ♠J ♥J ♥J",
    "♥9 ♥10 ♦J ♦J ♦A ♦A ♦10 ♦10 ♦K ♦K ♦9 ♦9",
    "♥10 ♥A ♣Q ♣A ♠Q ♠Q ♥Q ♥Q ♦Q ♦Q ♣J ♣J",
]


def test_without_dullen_the_heart_ten_takes_a_heart_trick_as_a_heart() -> None:
    hands = [Hand.parse(text) for text in HEART_HANDS]
    plain = position(NO_DULLEN, hands, "♥K", "♥9", "♥9")
    view = plain.view(3)
    assert set(winning_cards(view)) == {DULLE, Card.parse("♥A")}
    # Last to play, it takes the cheap trick with the weaker of its two hearts.
    assert HeuristicPlayer(seed=1).card(view) is DULLE
    # With Dullen the 10♥ is a trump: the ♥A is the only card that follows.
    assert HeuristicPlayer(seed=1).card(position(Rules(), hands, "♥K", "♥9", "♥9").view(3)) is (
        Card.parse("♥A")
    )


def test_without_dullen_a_heart_ten_on_a_heart_lead_shows_no_void() -> None:
    # Seat 2's only heart is a 10♥: with Dullen it plays it as a trump.
    hands = [
        Hand.parse(text)
        for text in (
            "♥K ♥K ♠A ♠A ♠10 ♠10 ♠K ♠K ♠9 ♠9 ♣A ♣Q",
            "♥9 ♥9 ♥A ♣10 ♣K ♣K ♣9 ♣9 ♠J ♠J ♥J ♥J",
            "♣10 ♥10 ♦J ♦J ♦A ♦A ♦10 ♦10 ♦K ♦K ♦9 ♦9",
            "♥10 ♥A ♣Q ♣A ♠Q ♠Q ♥Q ♥Q ♦Q ♦Q ♣J ♣J",
        )
    ]
    moves = ("♥K", "♥9", "♥10")
    assert known_voids(position(NO_DULLEN, hands, *moves).view(0))[2] == frozenset()
    assert known_voids(position(Rules(), hands, *moves).view(0))[2] == {Category.HEARTS}


def test_without_dullen_re_does_not_draw_trumps_with_the_heart_ten() -> None:
    hand = "♥10 ♣Q ♦J ♦9 ♦K ♣A ♣A ♠A ♠A ♥A ♥A ♣10"
    assert HeuristicPlayer(seed=1).card(position(Rules(), hands_of(Rules(), hand)).view(0)) is (
        DULLE
    )
    card = HeuristicPlayer(seed=1).card(position(NO_DULLEN, hands_of(NO_DULLEN, hand)).view(0))
    assert NO_DULLEN.card_order(GameType.NORMAL).is_trump(card)
    assert card is Card.parse("♣Q")  # now the top trump: the other ♣Q cannot beat it


def test_without_dullen_the_heart_tens_do_not_count_as_trumps_for_a_silent_marriage() -> None:
    # 17 in the normal order with Dullen; 13 without them, under the 14 to keep quiet.
    hand = "♣Q ♣Q ♥10 ♥10 ♠Q ♦J ♦J ♦A ♦10 ♦K ♣A ♠A"
    for rules, answer in ((Rules(), Reservation.HEALTHY), (NO_DULLEN, Reservation.MARRIAGE)):
        deal = Deal.from_hands(hands_of(rules, hand), rules=rules)
        assert HeuristicPlayer(seed=0).act(deal.view(0)) == Declare(0, answer)


# --- Schweine: the holder's ♦A is the top trump (V§2.3) -----------------------------

SCHWEINCHEN = Rules(schweinchen=True)


def test_the_schweine_holder_leads_the_diamond_ace_as_top_trump() -> None:
    hand = "♣Q ♦A ♦A ♦10 ♦K ♦9 ♣A ♠A ♥A ♣K ♠K ♥K"
    deal = position(SCHWEINCHEN, hands_of(SCHWEINCHEN, hand))
    assert deal.schweine == 0
    assert deal.view(0).schweine == 0
    for seed in range(5):
        assert HeuristicPlayer(seed=seed).card(deal.view(0)) is FOX
    # Without Schweine the ♦A is a fox to keep, and Re leads a low trump.
    plain = position(Rules(), hands_of(Rules(), hand))
    assert HeuristicPlayer(seed=1).card(plain.view(0)) is Card.parse("♦9")


SCHWEINE_HANDS = [
    "♥10 ♥10 ♠Q ♠Q ♥Q ♥Q ♦Q ♦Q ♣A ♣A ♣10 ♣10",
    "♣Q ♣Q ♠J ♠J ♥J ♥J ♣K ♣K ♣9 ♣9 ♠A ♠A",
    "♦J ♦J ♣J ♣J ♠10 ♠10 ♠K ♠K ♠9 ♠9 ♥A ♥A",
    "♦A ♦A ♦10 ♦10 ♦K ♦K ♦9 ♦9 ♥K ♥K ♥9 ♥9",
]


def test_the_schweine_holder_takes_a_rich_trick_with_the_diamond_ace() -> None:
    hands = [Hand.parse(text) for text in SCHWEINE_HANDS]
    moves = ("♥10", "♣Q", "♦J")
    deal = position(SCHWEINCHEN, hands, *moves)
    assert deal.schweine == 3
    view = deal.view(3)
    assert winning_cards(view) == (FOX,)
    assert HeuristicPlayer(seed=1).card(view) is FOX
    # Without Schweine nothing of seat 3 beats the ♥10, and the fox is kept back.
    plain = position(Rules(), hands, *moves).view(3)
    assert winning_cards(plain) == ()
    assert HeuristicPlayer(seed=1).card(plain) is Card.parse("♦9")


# --- without solos (V§3) --------------------------------------------------------------

JACKS_HAND = "♣J ♣J ♠J ♠J ♥J ♦J ♣A ♠A ♥A ♦A ♣10 ♠10"


def test_without_solos_the_heuristic_player_stays_healthy() -> None:
    for rules, answer in (
        (Rules(), Reservation.JACKS_SOLO),
        (Rules(solos=False), Reservation.HEALTHY),
    ):
        view = Deal.from_hands(hands_of(rules, JACKS_HAND), rules=rules).view(0)
        assert HeuristicPlayer(seed=0).act(view) == Declare(0, answer)
        assert Declare(0, answer) in view.legal_actions


def test_the_heuristic_player_answers_only_with_a_legal_reservation() -> None:
    view = Deal.from_hands(hands_of(Rules(), JACKS_HAND)).view(0)
    narrowed = attrs.evolve(
        view,
        legal_actions=tuple(
            action
            for action in view.legal_actions
            if not (isinstance(action, Declare) and action.reservation is Reservation.JACKS_SOLO)
        ),
    )
    assert HeuristicPlayer(seed=0).reservation(narrowed) is Reservation.HEALTHY


# --- without nines (V§1) ----------------------------------------------------------------


def test_without_nines_a_ten_card_hand_calls_for_a_suit_solo() -> None:
    # Spades solo: 9 trumps, measure 13 -- the 15 and 9 of 12 cards, scaled to 10.
    rules = Rules(nines=False)
    deal = Deal.from_hands(hands_of(rules, "♥10 ♣Q ♠Q ♥Q ♣J ♠A ♠A ♠10 ♠K ♣A"), rules=rules)
    assert HeuristicPlayer(seed=0).act(deal.view(0)) == Declare(0, Reservation.SPADES_SOLO)


def test_without_nines_the_last_trick_is_trick_ten_for_the_second_dulle() -> None:
    # Seed 374 reaches trick 10 with the first ♥10 led and the other one held by
    # the seat on turn: in the last trick the first Dulle wins (V§2.2).
    rules = Rules(nines=False, second_dulle="except_last_trick")
    start = Deal.shuffled(seed=374, rules=rules)
    players = [RandomPlayer(seed=374 * 4 + seat, announce=None) for seat in range(4)]
    events = []
    deal = start
    for step in iter_deal(start, players):
        events.append(step.event)
        deal = step.deal
        if len(deal.tricks) == 9 and len(deal.current_trick) == 3:
            break
    assert deal.current_trick.cards[0] is DULLE
    view = deal.view(1)
    assert (view.turn, view.hand) == (1, Hand.parse("♥10"))
    assert winning_cards(view) == ()
    always = Deal.from_hands(
        start.dealt, dealer=start.dealer, rules=Rules(nines=False, second_dulle="always")
    ).replay(events)
    assert winning_cards(always.view(1)) == (DULLE,)
