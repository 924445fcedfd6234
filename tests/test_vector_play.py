"""The hot-path tricks of the numpy card play of :mod:`doppelkopf.vector` (SPEC §5, §8, §12).

Each test pins one trick named in :mod:`doppelkopf.vector._play` to the
library's own answer.
"""

from __future__ import annotations

import itertools

import numpy as np

from doppelkopf import Announcement, Deal, PartyAnnouncements, Rules
from doppelkopf.cards import DISTINCT_CARDS
from doppelkopf.deal._announcing import _level_run
from doppelkopf.vector import VectorDealEnv, sample_legal
from doppelkopf.vector._play import level_runs, planes


def test_hand_planes() -> None:
    """Trick 1: bit ``c`` of ``one`` is a held copy of card ``c``, of ``two`` both copies."""
    deals = [Deal.shuffled(seed, rules=Rules(nines=seed % 2 == 0)) for seed in range(40)]
    one, two = planes([deal._held for deal in deals])
    for number, deal in enumerate(deals):
        for seat in range(4):
            hand = deal.hands[seat]
            for card in DISTINCT_CARDS:
                count = hand.count(card)
                assert (int(one[number, seat]) >> card.index) & 1 == (count > 0)
                assert (int(two[number, seat]) >> card.index) & 1 == (count == 2)


def test_announcement_runs() -> None:
    """Trick 2: the levels run of every party state, hand size and shift, as the deal's."""
    states = [(-1, False)] + [(level, timely) for level in range(5) for timely in (True, False)]
    for rules in (Rules.DDV, Rules(skip_levels=False), Rules(nines=False)):
        cases = list(itertools.product(states, states, range(rules.tricks + 1), range(3)))
        own = np.array([case[0][0] for case in cases])
        timely = np.array([case[0][1] for case in cases])
        other = np.array([case[1][0] for case in cases])
        size = np.array([case[2] for case in cases])
        shift = np.array([case[3] for case in cases])
        start, stop = level_runs(
            own, timely, other, size, rules.tricks - 1 - shift, skip=rules.skip_levels
        )
        for i, ((level, in_time), (answered, answered_in_time), hand, moved) in enumerate(cases):
            mine = (
                PartyAnnouncements()
                if level < 0
                else PartyAnnouncements(Announcement(level), in_time)
            )
            theirs = (
                PartyAnnouncements()
                if answered < 0
                else PartyAnnouncements(Announcement(answered), answered_in_time)
            )
            expected = _level_run(mine, theirs, hand, moved, rules)
            got = (int(start[i]), int(stop[i])) if start[i] < stop[i] else (0, 0)
            assert got == (expected if expected[0] < expected[1] else (0, 0)), cases[i]


def test_settled_by_keys() -> None:
    """Trick 3: the numpy play's rewards are the exact backend's, deal for deal."""
    for rules in (Rules.DDV, Rules(schweinchen=True, karlchen_caught=True, fox_at_end=True)):
        fast = VectorDealEnv(32, rules=rules, observation=None, seed=4)
        exact = VectorDealEnv(32, rules=rules, observation=None, seed=4, backend="exact")
        _, info = fast.reset()
        exact.reset()
        rng = np.random.default_rng(4)
        finished = 0
        while finished < 100:
            actions = sample_legal(info["action_mask"], rng)
            _, rewards, terminations, _, info = fast.step(actions)
            _, exact_rewards, exact_terminations, _, exact_info = exact.step(actions)
            assert np.array_equal(rewards, exact_rewards)
            assert np.array_equal(terminations, exact_terminations)
            assert np.array_equal(info["action_mask"], exact_info["action_mask"])
            finished += int(terminations.sum())
