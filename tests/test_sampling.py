"""Worlds of a view: every sample gives the same view, and the draw is exactly uniform."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from doppelkopf import (
    Card,
    Deal,
    GameType,
    Hand,
    InvalidTypeError,
    Party,
    Phase,
    RandomPlayer,
    Reservation,
    Rules,
)
from doppelkopf.deal.poverty import may_declare_poverty
from doppelkopf.players import iter_deal
from doppelkopf.search import InconsistentViewError, WorldSampler, deal_from_view, sample_deal
from doppelkopf.search._worlds import WorldCounter

RULE_SETS = [
    Rules.DDV,
    Rules(nines=False),
    Rules(schweinchen=True),
    Rules(second_dulle="always"),
    Rules(armut=True, schmeissen={"nines5", "kings5"}),
    Rules.TOURNAMENT,
    Rules.XIX,
]


def _states(deal: Deal, seed: int, rate: float = 0.2) -> list[Deal]:
    players = [RandomPlayer(seed=4 * seed + s, reservation_rate=rate) for s in range(4)]
    return [deal, *(step.deal for step in iter_deal(deal, players))]


def _poverty_deal(rules: Rules, seed: int) -> Deal:
    """A deal whose first poor seat declares Armut and the others are healthy (V§6)."""
    for attempt in itertools.count(seed * 1000):
        deal = Deal.shuffled(seed=attempt, rules=rules)
        poor = [s for s in range(4) if may_declare_poverty(deal.hands[s], rules)]
        if poor:
            for offset in (1, 2, 3, 4):
                s = (deal.dealer + offset) & 3
                answer = Reservation.POVERTY if s == poor[0] else Reservation.HEALTHY
                deal = deal.declare(s, answer)
            return deal
    raise AssertionError("unreachable")


def _check_worlds(state: Deal, rng: random.Random, draws: int = 3) -> None:
    for seat in range(4):
        view = state.view(seat)
        sampler = WorldSampler(view)
        for _ in range(draws):
            world = sampler.sample(rng)
            assert world.view(seat) == view
            assert world.hands[seat] == state.hands[seat]
            # The shared state of a kind of world is the state the rules reach.
            replayed = Deal.from_hands(
                world.dealt,
                dealer=world.dealer,
                rules=world.rules,
                owing=world.owing,
                forced=world.forced,
            ).replay(world.history)
            assert replayed == world


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(RULE_SETS), st.integers(0, 10**6), st.floats(0, 1))
def test_every_world_gives_the_view(rules: Rules, seed: int, where: float) -> None:
    states = _states(Deal.shuffled(seed=seed, rules=rules), seed, rate=0.3)
    state = states[int(where * (len(states) - 1))]
    _check_worlds(state, random.Random(seed))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from([Rules(armut=True), Rules(armut=True, armut_max_trumps=1)]),
    st.integers(0, 10**4),
    st.floats(0, 1),
)
def test_every_world_of_an_armut_gives_the_view(rules: Rules, seed: int, where: float) -> None:
    deal = _poverty_deal(rules, seed)
    states = _states(deal, seed)
    state = states[int(where * (len(states) - 1))]
    _check_worlds(state, random.Random(seed))


def test_armut_exchange_phases_are_sampled() -> None:
    rules = Rules(armut=True)
    phases: Counter[Phase] = Counter()
    for seed in range(12):
        states = _states(_poverty_deal(rules, seed), seed)
        for state in [*states[:8], states[-1]]:
            phases[state.phase] += 1
            _check_worlds(state, random.Random(seed), draws=2)
    assert set(Phase) - {Phase.VOID, Phase.RESERVATIONS} <= set(phases)


def test_losing_vorbehalt_wish_is_consistent() -> None:
    # Seat 0 wants a marriage, seat 1 a solo: seat 1 wins (SPEC §3.3); for the
    # others, seat 0 must hold both ♣Q (a solo of its own would have won).
    queen = Card.parse("♣Q")
    deal = next(d for d in map(Deal.shuffled, itertools.count()) if d.hands[0].count(queen) == 2)
    deal = deal.declare(0, Reservation.MARRIAGE).declare(1, Reservation.JACKS_SOLO)
    deal = deal.declare(2, Reservation.HEALTHY).declare(3, Reservation.HEALTHY)
    rng = random.Random(5)
    for seat in (2, 3):
        sampler = WorldSampler(deal.view(seat))
        for _ in range(30):
            world = sampler.sample(rng)
            assert world.dealt[0].count(queen) == 2
            assert world.declarations[0] is Reservation.MARRIAGE
            assert world.view(seat) == deal.view(seat)


# --- exact uniformity ----------------------------------------------------------


def _physical_distribution(view_deal: Deal, seat: int) -> Counter[tuple[int, ...]]:
    """Every way to hand out the unseen physical cards, checked through the rules."""
    view = view_deal.view(seat)
    others = [s for s in range(4) if s != seat]
    unseen = []
    for s in others:
        unseen.extend(list(view_deal.hands[s]))
    sizes = [len(view_deal.hands[s]) for s in others]
    counts: Counter[tuple[int, ...]] = Counter()
    labelled = list(range(len(unseen)))
    for first in itertools.combinations(labelled, sizes[0]):
        left = [i for i in labelled if i not in first]
        for second in itertools.combinations(left, sizes[1]):
            third = [i for i in left if i not in second]
            hands = [Hand(), Hand(), Hand(), Hand()]
            hands[seat] = view.hand
            for s, chosen in zip(others, (first, second, third), strict=True):
                hands[s] = Hand(unseen[i] for i in chosen)
            try:
                deal_from_view(view, hands)
            except InconsistentViewError:
                continue
            counts[tuple(hand.bits for hand in hands)] += 1
    return counts


def _chi_square_limit(bins: int) -> float:
    """The 99.9 % point of the chi-square distribution (Wilson–Hilferty)."""
    k = bins - 1
    z = 3.090
    return k * (1 - 2 / (9 * k) + z * math.sqrt(2 / (9 * k))) ** 3


def _chi_square(
    observed: Counter[tuple[int, ...]], expected: Counter[tuple[int, ...]], n: int
) -> float:
    total = sum(expected.values())
    assert set(observed) <= set(expected)
    return sum(
        (observed[key] - n * weight / total) ** 2 / (n * weight / total)
        for key, weight in expected.items()
    )


def _end_positions() -> Iterator[tuple[str, Deal, int]]:
    """End-game positions with few unseen cards: plain, with voids, with revealed parties."""
    found: set[str] = set()
    for seed in range(400):
        for state in _states(Deal.shuffled(seed=seed), seed):
            if state.moment not in (36, 37, 38) or state.turn is None:
                continue
            seat = state.turn
            view = state.view(seat)
            sampler = WorldSampler(view)
            voids = any(
                bound[1] == 0 for bounds in _bounds_of(sampler) for bound in bounds.values()
            )
            revealed = (
                any(p is not None for s, p in enumerate(view.known_parties) if s != seat)
                and view.known_parties.count(None) > 0
            )
            kind = "voids" if voids else "revealed" if revealed else "plain"
            if voids and revealed:
                kind = "voids+revealed"
            if kind not in found:
                found.add(kind)
                yield kind, state, seat
        if len(found) == 4:
            return


def _bounds_of(sampler: WorldSampler) -> list[dict[int, tuple[int, int]]]:
    return sampler._bounds


END_POSITIONS = list(_end_positions())


@pytest.mark.parametrize(
    ("kind", "state", "seat"), END_POSITIONS, ids=[k for k, _, _ in END_POSITIONS]
)
def test_draw_is_uniform_over_physical_deals(kind: str, state: Deal, seat: int) -> None:
    expected = _physical_distribution(state, seat)
    view = state.view(seat)
    sampler = WorldSampler(view)
    assert sampler.ways == sum(expected.values())
    n = 40 * len(expected)
    rng = random.Random(17)
    observed: Counter[tuple[int, ...]] = Counter(
        tuple(hand.bits for hand in sampler.sample(rng).hands) for _ in range(n)
    )
    assert _chi_square(observed, expected, n) < _chi_square_limit(len(expected))


def test_uniformity_check_rejects_a_biased_draw() -> None:
    # The same statistic on a draw uniform over *distinct* deals instead of
    # physical ones fails: the test can tell the two apart.
    _, state, seat = next(p for p in END_POSITIONS if p[0] == "plain")
    expected = _physical_distribution(state, seat)
    if len(set(expected.values())) == 1:
        pytest.skip("every deal has the same weight here")
    keys = sorted(expected)
    n = 40 * len(expected)
    rng = random.Random(3)
    observed = Counter(rng.choice(keys) for _ in range(n))
    assert _chi_square(observed, expected, n) > _chi_square_limit(len(expected))


def test_uniform_positions_cover_voids_and_revealed_parties() -> None:
    assert {kind for kind, _, _ in END_POSITIONS} >= {"plain", "voids", "voids+revealed"}


# --- the counter ------------------------------------------------------------------


def test_counter_counts_physical_copies() -> None:
    # Two copies of one card to two one-card holders: 2 shuffles, 1 distinct deal.
    assert WorldCounter({5: 2}, (1, 1, 0), ({}, {}, {})).total == 2
    assert WorldCounter({5: 2}, (2, 0, 0), ({}, {}, {})).total == 1
    assert WorldCounter({5: 2, 6: 1}, (1, 1, 1), ({5: (0, 0)}, {}, {})).total == 2


def test_counter_with_weighted_ends() -> None:
    counter = WorldCounter(
        {0: 1, 1: 1, 2: 1},
        (2, 1, 0),
        ({}, {}, {}),
        counter=0,
        counted=frozenset({0}),
        ends={0: 5, 1: 7},
    )
    # Holder 0 without card 0: one way, weight 5; with it: two ways, weight 7.
    assert counter.total == 5 + 2 * 7


def test_counter_draws_with_a_generator_lacking_its_private_draw() -> None:
    class Plain:
        def __init__(self) -> None:
            self.inner = random.Random(1)

        def randrange(self, n: int) -> int:
            return self.inner.randrange(n)

    counter = WorldCounter({0: 2, 1: 2}, (2, 1, 1), ({}, {}, {}))
    plain = Plain()
    drawn = {counter.draw(plain) for _ in range(200)}  # type: ignore[arg-type]
    assert len(drawn) == 4  # holder 0 takes 00, 01 (two ways on) or 11
    assert {counter.draw(random.Random(s)) for s in range(200)} == drawn


def test_private_integer_draw_is_the_generators_own() -> None:
    # draw() relies on random.Random._randbelow: present, and exact below n.
    rng = random.Random(4)
    assert all(0 <= rng._randbelow(7) < 7 for _ in range(100))  # type: ignore[attr-defined]
    assert random.Random(9)._randbelow(10**30) == random.Random(9).randrange(10**30)  # type: ignore[attr-defined]


# --- errors and the other entry points ------------------------------------------


def test_sample_deal_and_deal_from_view() -> None:
    deal = _states(Deal.shuffled(seed=8), 8)[30]
    world = sample_deal(deal.view(1), random.Random(2))
    assert world.view(1) == deal.view(1)
    assert sample_deal(deal.view(1)).view(1) == deal.view(1)
    rebuilt = deal_from_view(deal.view(3), deal.hands)
    assert rebuilt.hands == deal.hands
    assert rebuilt.history == deal.history


def test_deal_from_view_refuses_contradicting_hands() -> None:
    deal = _states(Deal.shuffled(seed=8), 8)[30]
    view = deal.view(0)
    hands = list(deal.hands)
    with pytest.raises(InconsistentViewError, match="viewer's hand"):
        deal_from_view(view, [hands[1], hands[0], hands[2], hands[3]])
    with pytest.raises(InconsistentViewError, match="contradict"):
        deal_from_view(view, [hands[0], hands[1], hands[2], Hand()])
    with pytest.raises(InvalidTypeError):
        deal_from_view(view, "hands")  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError):
        deal_from_view(view, [hands[0], hands[1], hands[2], "♣Q"])  # type: ignore[list-item]


def test_deal_from_view_catches_a_broken_void() -> None:
    for seed in range(200):
        for state in _states(Deal.shuffled(seed=seed), seed):
            view = state.view(0)
            sampler = WorldSampler(view)
            for h, bounds in zip(sampler._holders, sampler._bounds, strict=True):
                void = [i for i, (low, high) in bounds.items() if high == 0]
                other = [s for s in sampler._holders if s != h]
                for s in other:
                    swap = [c for c in list(state.hands[s]) if c.index in void]
                    mine = [c for c in list(state.hands[h]) if c.index not in void]
                    if swap and mine:
                        hands = list(state.hands)
                        hands[h] = hands[h].remove(mine[0]).add(swap[0])
                        hands[s] = hands[s].remove(swap[0]).add(mine[0])
                        with pytest.raises(InconsistentViewError):
                            deal_from_view(view, hands)
                        return
    raise AssertionError("no position with a void found")


def test_bad_arguments() -> None:
    deal = Deal.shuffled(seed=1)
    with pytest.raises(InvalidTypeError):
        WorldSampler(deal)  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError):
        WorldSampler(deal.view(0)).sample(3)  # type: ignore[arg-type]


def test_known_parties_bind_the_queens() -> None:
    # A seat known to be Kontra is never dealt a ♣Q; one known Re always is.
    queen = Card.parse("♣Q")
    checked = 0
    for seed in range(60):
        for state in _states(Deal.shuffled(seed=seed), seed)[::6]:
            view = state.view(0)
            if view.game_type is not GameType.NORMAL:
                continue
            sampler = WorldSampler(view)
            rng = random.Random(seed)
            for _ in range(5):
                world = sampler.sample(rng)
                for s, party in enumerate(view.known_parties):
                    if party is Party.KONTRA:
                        assert world.dealt[s].count(queen) == 0
                    elif party is Party.RE:
                        assert world.dealt[s].count(queen) >= 1
                checked += 1
    assert checked > 100


def test_refused_armut_void_deal_is_sampled() -> None:
    # Nobody accepted (V§8): the poor player holds its twelve cards again.
    rules = Rules(armut=True)
    state = _states(_poverty_deal(rules, 5879), 5879)[-1]
    assert state.phase is Phase.VOID
    _check_worlds(state, random.Random(1))
