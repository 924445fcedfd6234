"""The position layout of the hands in the card play (``doppelkopf.deal._positions``).

A deal keeps the hands in :attr:`Hand.bits` layout until the card order is
fixed and by position in that order from then on.  These tests pin the two
layouts to each other, the legal cards read from the position layout to the
rule computed from the index layout, and every reader of the hands to the
cards dealt minus the cards played.
"""

from __future__ import annotations

import itertools
import random

from hypothesis import given
from hypothesis import strategies as st

from deal_helpers import random_action
from doppelkopf import Card, Deal, GameType, Hand, Play, Reservation, Rules, strategies
from doppelkopf.deal._play import _BITS
from doppelkopf.deal._positions import PRESENT, by_position, index_held, seat_bits
from doppelkopf.deal.dealing import HAND_MASK
from doppelkopf.rules import SecondDulle


def _index_legal_cards(deal: Deal) -> tuple[object, ...]:
    """SPEC §5.2 from the hands as Hand objects: the led category if the seat holds it."""
    order = deal.card_order
    seat = deal.turn
    assert order is not None
    assert seat is not None
    bits = deal.hands[seat].bits
    cards = deal.current_trick.cards
    if cards and bits & order.follow_bits[cards[0]]:
        bits &= order.follow_bits[cards[0]]
    return order.distinct_in_order(bits)


@given(rules=strategies.rules(), seed=st.integers(0, 2**32 - 1), game=st.sampled_from(GameType))
def test_the_position_layout_converts_back_to_the_same_hands(
    rules: Rules, seed: int, game: GameType
) -> None:
    if game is GameType.POVERTY:
        game = GameType.NORMAL
    order = rules.card_order(game)
    deal = Deal.shuffled(seed=seed, rules=rules)
    rng = random.Random(seed)
    # Hands with some cards gone, so that single and double copies both occur.
    hands = [Hand(rng.sample(list(hand), rng.randrange(len(hand) + 1))).bits for hand in deal.dealt]
    held = hands[0] | hands[1] << 48 | hands[2] << 96 | hands[3] << 144
    placed = by_position(held, order)
    for seat in range(4):
        own = (placed >> 48 * seat) & HAND_MASK
        # Bit 24 + p only where bit p is set; the count of bits is the hand size.
        assert (own >> 24) & ~own & PRESENT == 0
        assert own.bit_count() == len(Hand.from_bits(hands[seat]))
        assert seat_bits(placed, seat, order) == hands[seat]
        assert order.distinct_in_order(hands[seat]) == tuple(
            card for card in order._full_order if own >> order._position[card.index] & 1
        )
    deal_setup = deal._setup._replace(order=order)
    assert index_held(deal_setup, placed) == held
    assert index_held(deal._setup, held) == held  # no order yet: index layout


@given(rules=strategies.rules(), rng=st.randoms(use_true_random=False))
def test_legal_cards_and_hands_follow_the_rules_in_position_layout(
    rules: Rules, rng: random.Random
) -> None:
    deal = Deal.shuffled(rng=rng, rules=rules)
    while not deal.is_finished:
        if deal.phase.value == "play":
            assert deal.legal_cards() == _index_legal_cards(deal)
            played = [0, 0, 0, 0]
            for seat, _card in itertools.chain(*deal.tricks, deal.current_trick):
                played[seat] += 1
            for seat in range(4):
                assert deal.hand_size(seat) == rules.hand_size - played[seat]
                assert deal.view(seat).hand == deal.hands[seat]
            assert deal.view(0).hand_sizes == tuple(len(hand) for hand in deal.hands)
        action = random_action(deal, rng)
        after = deal.apply(action)
        if isinstance(action, Play):
            # Exactly the one copy played leaves the player's hand.
            for seat in range(4):
                expected = deal.hands[seat]
                if seat == action.seat:
                    expected = Hand.from_bits(expected.bits - Hand([action.card]).bits)
                assert after.hands[seat] == expected
        deal = after


def test_one_bit_is_one_shift() -> None:
    assert tuple(1 << bit for bit in range(192)) == _BITS


def test_a_marriage_solo_keeps_the_positions_of_the_marriage() -> None:
    # play() does not repack the hands when a marriage becomes a marriage solo.
    seconds: tuple[SecondDulle, ...] = ("never", "always", "except_last_trick")
    for nines, dullen, second, schweine in itertools.product(
        (True, False), (True, False), seconds, (True, False)
    ):
        if second != "never" and not dullen:
            continue
        rules = Rules(nines=nines, dullen=dullen, second_dulle=second, schweinchen=schweine)
        for with_schweine in (False, True) if schweine else (False,):
            marriage = rules.card_order(GameType.MARRIAGE, schweine=with_schweine)
            solo = rules.card_order(GameType.MARRIAGE_SOLO, schweine=with_schweine)
            assert marriage._position == solo._position


def test_a_marriage_solo_plays_on_with_the_same_hands() -> None:
    rng = random.Random(3)
    solos = 0
    for _ in range(300):
        deal = Deal.shuffled(rng=rng)
        seat = next((s for s in range(4) if deal.dealt[s].count(_CLUB_QUEEN) == 2), None)
        if seat is None:
            continue
        for _ in range(4):
            turn = deal.turn
            assert turn is not None
            answer = Reservation.MARRIAGE if turn == seat else Reservation.HEALTHY
            deal = deal.declare(turn, answer)
        while not deal.is_finished:
            assert deal.legal_cards() == _index_legal_cards(deal)
            cards = deal.legal_cards()
            turn = deal.turn
            assert turn is not None
            deal = deal.play(turn, cards[0] if turn == seat else cards[-1])
        solos += deal.game_type is GameType.MARRIAGE_SOLO
    assert solos > 0


_CLUB_QUEEN = Card.parse("♣Q")
