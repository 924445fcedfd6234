"""The hot-path tricks of the numpy card play of :mod:`doppelkopf.vector` (SPEC §5, §6, §8, §12).

Each test pins one trick named in :mod:`doppelkopf.vector._play` or
:mod:`doppelkopf.vector._observe` to the library's own answer.
"""

from __future__ import annotations

import itertools

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from doppelkopf import Announcement, Deal, GameType, Party, PartyAnnouncements, Phase, Rules
from doppelkopf.adapters import encoding
from doppelkopf.cards import DISTINCT_CARDS
from doppelkopf.deal._announcing import _level_run
from doppelkopf.parties import complete_parties
from doppelkopf.search._playout_summary import CONTEXT_SHIFT, SHIFTS, context_id, scores_of
from doppelkopf.vector import VectorDealEnv, sample_legal
from doppelkopf.vector._observe import _WRITTEN, AT, PlayTensors, party_masks, reservation_ones
from doppelkopf.vector._play import bands, level_runs, planes


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


def _in_play(seed: int, rules: Rules) -> Deal:
    """A shuffled deal whose seats all said healthy: at its first card."""
    deal = Deal.shuffled(seed, rules=rules)
    while deal.phase is not Phase.PLAY:
        turn = deal.turn
        assert turn is not None
        deal = deal.apply(encoding.turn_actions(deal)[0])
    return deal


def test_base_gather() -> None:
    """Trick 1 of the tensors: ``base`` holds each seat's tensor, the written pieces zero."""
    deals = [_in_play(seed, Rules.XIX if seed % 2 else Rules.DDV) for seed in range(12)]
    tensors = PlayTensors(len(deals), encoding.OBSERVATION_SIZE)
    tensors.enter(list(range(len(deals))), deals)
    for row, deal in enumerate(deals):
        for seat in range(4):
            expected = np.zeros(encoding.OBSERVATION_SIZE, dtype=np.uint8)
            expected[encoding.observation_indices(deal.view(seat))] = 1
            for name, width in _WRITTEN:
                expected[AT[name] : AT[name] + width] = 0
            assert np.array_equal(tensors.base[row, seat], expected)
            gathered = tensors.base[np.array([row]), np.array([seat])]
            assert np.array_equal(gathered[0], expected)


def test_party_masks() -> None:
    """Trick 2 of the tensors: the masks count out the parties as ``complete_parties`` does."""
    cases = [
        (re, kontra, queens)
        for re in range(16)
        for kontra in range(16)
        if not re & kontra
        for queens in range(3)
    ]
    re_known, kontra_known = party_masks(
        np.array([case[0] for case in cases]),
        np.array([case[1] for case in cases]),
        np.array([case[2] for case in cases]),
    )
    for i, (re, kontra, queens) in enumerate(cases):
        known: list[Party | None] = [
            Party.RE if re >> seat & 1 else Party.KONTRA if kontra >> seat & 1 else None
            for seat in range(4)
        ]
        expected = complete_parties(known, queens)
        got = tuple(
            Party.RE
            if int(re_known[i]) >> seat & 1
            else Party.KONTRA
            if int(kontra_known[i]) >> seat & 1
            else None
            for seat in range(4)
        )
        assert got == expected, (re, kontra, queens)


def test_reservation_ones() -> None:
    """Trick 3 of the tensors: the reservation round's tensor without a view, else ``None``."""
    rng = np.random.default_rng(8)
    listed = 0
    for seed in range(60):
        rules = (Rules.DDV, Rules.XIX, Rules.TOURNAMENT)[seed % 3]
        deal = Deal.shuffled(seed, rules=rules)
        while deal.turn is not None and not deal.tricks:
            ones = reservation_ones(deal)
            expected = encoding.observation_indices(deal.view(deal.turn))
            if ones is not None:
                assert sorted(ones) == sorted(expected)
                listed += 1
            if deal.phase is not Phase.RESERVATIONS:
                assert ones is None
            actions = encoding.turn_actions(deal)
            deal = deal.apply(actions[int(rng.integers(len(actions)))])
    assert listed >= 200


_BAND_RULES = (
    Rules.DDV,
    Rules(nines=False),
    Rules.XIX,
    Rules(karlchen_caught=True, fox_at_end=True),
    Rules(specials=False, skip_levels=False),
)
_STATES = [PartyAnnouncements()] + [
    PartyAnnouncements(level, in_time) for level in Announcement for in_time in (True, False)
]


@settings(max_examples=60, deadline=None)
@given(
    rules=st.sampled_from(_BAND_RULES),
    game=st.sampled_from([game for game in GameType if game is not GameType.POVERTY]),
    re_state=st.sampled_from(_STATES),
    kontra_state=st.sampled_from(_STATES),
    specials=st.integers(0, (1 << (CONTEXT_SHIFT - SHIFTS["marriage_solo"])) - 1),
)
def test_settled_by_bands(
    rules: Rules,
    game: GameType,
    re_state: PartyAnnouncements,
    kontra_state: PartyAnnouncements,
    specials: int,
) -> None:
    """Trick 4: every card points and tricks of Re settle as the least of their bands."""
    context = context_id(rules, game, re_state, kontra_state)
    table = bands(sum(card.points for card in rules.deck), rules.tricks)
    low = SHIFTS["marriage_solo"]
    for tricks in {0, 1, 2, rules.tricks - 1, rules.tricks}:
        for points in range(241):
            field = (tricks << SHIFTS["re_tricks"]) | points
            key = (context << CONTEXT_SHIFT) | (specials << low) | field
            banded = (key & ~((1 << low) - 1)) | int(table[field])
            assert scores_of(key) == scores_of(banded), (tricks, points)


def test_whole_column_tensors() -> None:
    """Trick 4 of the tensors: the lines written in place over all rows are the lines of
    the rows in the play written one by one."""
    env = VectorDealEnv(48, observation="information_state", seed=6)
    _, info = env.reset()
    rng = np.random.default_rng(6)
    play = env._vector
    assert play is not None
    # Until some rows have finished a deal and are in the next reservation round.
    while play.active.all() or not play.active.any():
        info = env.step(sample_legal(info["action_mask"], rng))[4]
    tensors = play.tensors
    assert tensors is not None
    every = np.arange(48)
    seat = play.seats(every)
    one = play.one[every, seat]
    two = play.two[every, seat]
    out = np.full((48, tensors.size), 7, dtype=np.uint8)
    tensors.write(every, seat, one, two, play.re_mask, play.declarer, out=out)
    active = np.flatnonzero(play.active)
    lines = tensors.write(
        active, seat[active], one[active], two[active], play.re_mask[active], play.declarer[active]
    )
    assert np.array_equal(out[active], lines)
