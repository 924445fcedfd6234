"""The dealing and the reservation round over arrays of :mod:`doppelkopf.vector` (SPEC §2, §3).

Each test pins one trick named in :mod:`doppelkopf.vector._front`, or the
whole-column step of :mod:`doppelkopf.vector._play`, to the library's own
answer.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from doppelkopf import Deal, Declare, Party, Reservation, Rules, resolve_reservations
from doppelkopf.adapters import encoding
from doppelkopf.cards import Card, Rank, Suit
from doppelkopf.vector import VectorDealEnv, deal_seed, sample_legal, seeded_deal
from doppelkopf.vector._front import (
    Front,
    card_planes,
    deals_of_seeds,
    seeds_of,
    shuffled,
    vectorised,
)
from doppelkopf.vector._observe import GAMES
from doppelkopf.vector._play import PlayRows

_CLUB_QUEEN = Card(Suit.CLUBS, Rank.QUEEN)


@pytest.mark.parametrize("rules", [Rules.DDV, Rules(nines=False)])
def test_seeded_shuffle(rules: Rules) -> None:
    """Trick 1: a batch deals each seed as it deals it alone, the whole deck, uniformly."""
    seeds = seeds_of(3, np.arange(4000), np.zeros(4000, dtype=np.int64))
    cards = shuffled(seeds, rules)
    deck = sorted(card.index for card in rules.deck)
    for row in (0, 1, 2, 3999):
        assert np.array_equal(cards[row], shuffled(seeds[row : row + 1], rules)[0])
        assert sorted(cards[row].ravel().tolist()) == deck
    # Seat 0 holds both ♣Q with probability 12·11 / (n·(n-1)) for a deck of
    # n cards: a binomial count over 4,000 deals, checked to five standard
    # deviations (a wrong shuffle, e.g. one not mixing the places, fails).
    one, two = card_planes(cards)
    both = int(((two[:, 0] >> _CLUB_QUEEN.index) & 1).sum())
    size = len(deck)
    hand = size // 4
    chance = hand * (hand - 1) / (size * (size - 1))
    spread = (4000 * chance * (1 - chance)) ** 0.5
    assert abs(both - 4000 * chance) < 5 * spread
    # Every seat holds a quarter of each card index's copies on average.
    held = ((one[:, :, None] >> np.arange(24)) & 1) + ((two[:, :, None] >> np.arange(24)) & 1)
    share = held.sum(axis=0) / (2 * 4000)
    for index in deck:
        assert np.allclose(share[:, index], 0.25, atol=0.04)


def test_seeded_deals_are_the_planes_of_their_seeds() -> None:
    """The checked deal of a seed holds the hands the arrays deal from it (SPEC §2.3)."""
    seeds = seeds_of(9, np.arange(50), np.arange(50))
    for rules in (Rules.DDV, Rules(nines=False)):
        one, two = card_planes(shuffled(seeds, rules))
        for row, deal in enumerate(deals_of_seeds(seeds, rules)):
            assert deal == seeded_deal(int(seeds[row]), rules=rules)
            assert deal.dealer == 3
            for seat, hand in enumerate(deal.hands):
                for card in rules.distinct_cards:
                    count = hand.count(card)
                    assert (int(one[row, seat]) >> card.index) & 1 == (count > 0)
                    assert (int(two[row, seat]) >> card.index) & 1 == (count == 2)


def test_deal_seeds_over_arrays_are_the_deal_seeds() -> None:
    rows = np.array([0, 1, 7, 2**40])
    numbers = np.array([0, 5, 1, 2**50])
    for seed in (0, 1, 2**64 + 3, 2**128 - 1):
        mixed = seeds_of(seed, rows, numbers).tolist()
        expected = [
            deal_seed(seed, r, n) for r, n in zip(rows.tolist(), numbers.tolist(), strict=True)
        ]
        assert mixed == expected
    assert len({deal_seed(1, row, number) for row in range(30) for number in range(30)}) == 900


def test_answers_by_id() -> None:
    """Trick 2: the tables by id name each answer's game, and the contract is SPEC §3.3's."""
    rules = Rules.DDV
    front = Front(1, rules, encoding.num_actions(rules))
    for reservation in (Reservation.HEALTHY, Reservation.MARRIAGE, *_SOLOS):
        number = encoding.encode_action(Declare(0, reservation))
        game = reservation.game_type
        assert front.game_of[number] == (-1 if game is None else GAMES.index(game))
        assert front.solo_of[number] == reservation.is_solo
    answers = [Reservation.HEALTHY, Reservation.MARRIAGE, _SOLOS[0], _SOLOS[-1]]
    # Deals where some seat holds both ♣Q, so that marriages and silent ones come.
    deals = [
        d for d in map(Deal.shuffled, range(60)) if any(h.count(_CLUB_QUEEN) == 2 for h in d.dealt)
    ]
    count = 0
    for deal in deals:
        hands = deal.dealt
        pair = [hand.count(_CLUB_QUEEN) == 2 for hand in hands]
        for said in itertools.product(answers, repeat=4):
            if any(s is Reservation.MARRIAGE and not pair[seat] for seat, s in enumerate(said)):
                continue
            count += 1
            front = Front(1, rules, encoding.num_actions(rules))
            front.deal(np.array([0]), np.array([0], dtype=np.uint64))
            one, two = card_planes(np.array([[[card.index for card in hand] for hand in hands]]))
            front.one[0], front.two[0] = one[0], two[0]
            for reservation in said:
                front.answer(
                    np.array([0]), np.array([encoding.encode_action(Declare(0, reservation))])
                )
            games, declarer, re_mask = front.contract(np.array([0]))
            expected, seat = resolve_reservations(said, 3, hands, rules)
            assert GAMES[int(games[0])] is expected
            assert int(declarer[0]) == (-1 if seat is None else seat)
            played = deal
            for turn, reservation in enumerate(said):
                played = played.declare(turn, reservation)
            parties = played.parties
            assert int(re_mask[0]) == sum(1 << s for s in range(4) if parties[s] is Party.RE)
    assert count > 500


_SOLOS = [reservation for reservation in Reservation if reservation.is_solo]


def test_vectorised_rule_sets() -> None:
    assert vectorised(Rules.DDV, two_step=False)
    assert vectorised(Rules.TOURNAMENT, two_step=False)
    assert vectorised(Rules(nines=False, solos=False), two_step=False)
    assert not vectorised(Rules.DDV, two_step=True)
    for rules in (Rules(armut=True), Rules(schweinchen=True), Rules(schmeissen={"nines5"})):
        assert not vectorised(rules, two_step=False)
    assert VectorDealEnv(2, rules=Rules.XIX)._front is None
    assert VectorDealEnv(2)._front is not None


def test_whole_columns() -> None:
    """Trick 5 of the play: a step leaves every array of the rows taking no card as it was."""
    env = VectorDealEnv(64, observation=None, seed=2)
    _, info = env.reset()
    rng = np.random.default_rng(2)
    for _ in range(30):
        info = env.step(sample_legal(info["action_mask"], rng))[4]
    play = env._vector
    assert isinstance(play, PlayRows)
    playing = play.active & (rng.random(64) < 0.5)
    assert playing.any()
    assert (play.active & ~playing).any()
    names = ("one", "two", "cards", "best", "best_place", "key_base", "follow", "length", "done")
    before = {name: getattr(play, name).copy() for name in names}
    actions = sample_legal(info["action_mask"], rng)
    is_card = actions < 24
    play.apply_all(playing & is_card, actions)
    still = ~(playing & is_card)
    for name in names:
        assert np.array_equal(getattr(play, name)[still], before[name][still]), name
    assert not np.array_equal(play.length[~still], before["length"][~still])
