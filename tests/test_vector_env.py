"""The API of :class:`~doppelkopf.vector.VectorDealEnv`: seeds, resets, refusals (SPEC §2–§12)."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

from doppelkopf import (
    IllegalActionError,
    InvalidTypeError,
    InvalidValueError,
    Rules,
    WrongPhaseError,
)
from doppelkopf.adapters import encoding
from doppelkopf.vector import VectorDealEnv, deal_seed, sample_legal, seeded_deal


def test_a_rows_deal_is_dealt_from_its_own_seed_whatever_the_batch() -> None:
    small = VectorDealEnv(2, seed=5, observation=None)
    large = VectorDealEnv(7, seed=5, observation=None)
    _, info_small = small.reset()
    _, info_large = large.reset()
    assert np.array_equal(info_small["action_mask"], info_large["action_mask"][:2])
    deal = seeded_deal(deal_seed(5, 6, 0))
    ids = encoding.action_ids(encoding.turn_actions(deal))
    assert np.flatnonzero(info_large["action_mask"][6]).tolist() == ids


def test_deal_seed_separates_rows_and_numbers() -> None:
    seeds = {deal_seed(1, row, number) for row in range(20) for number in range(20)}
    assert len(seeds) == 400
    assert deal_seed(2, 0, 0) != deal_seed(1, 0, 0)


@pytest.mark.parametrize(
    ("args", "error"),
    [
        ((-1, 0, 0), InvalidValueError),
        ((1 << 128, 0, 0), InvalidValueError),
        ((0, -1, 0), InvalidValueError),
        ((0, 0, 1 << 64), InvalidValueError),
        ((1.0, 0, 0), InvalidTypeError),
        ((True, 0, 0), InvalidTypeError),
        ((0, "1", 0), InvalidTypeError),
    ],
)
def test_deal_seed_refuses_bad_numbers(args: tuple[object, ...], error: type[Exception]) -> None:
    with pytest.raises(error):
        deal_seed(*args)  # type: ignore[arg-type]


def test_reset_without_seed_deals_the_next_deal_number() -> None:
    env = VectorDealEnv(3, seed=9)
    first, info = env.reset()
    assert info["deal"].tolist() == [0, 0, 0]
    _, info = env.reset()
    assert info["deal"].tolist() == [1, 1, 1]
    again, info = env.reset(seed=9)
    assert info["deal"].tolist() == [0, 0, 0]
    assert np.array_equal(again, first)


def test_a_reset_without_a_constructor_seed_draws_one_and_keeps_it() -> None:
    env = VectorDealEnv(2)
    assert 0 <= env.seed < 1 << 64
    observations, _ = env.reset()
    replay = VectorDealEnv(2, seed=env.seed)
    assert np.array_equal(replay.reset()[0], observations)


def test_autoreset_is_gymnasiums_same_step() -> None:
    env = VectorDealEnv(1, seed=2)
    assert env.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    _, info = env.reset()
    rng = np.random.default_rng(0)
    steps = 0
    while True:
        steps += 1
        observations, rewards, terminations, _, info = env.step(
            sample_legal(info["action_mask"], rng)
        )
        if terminations[0]:
            break
        assert "final_obs" not in info
    assert steps >= 4 * 12
    assert rewards[0].sum() == 0
    # The row is at its next deal's first decision, in the same step.
    assert info["deal"].tolist() == [1]
    assert info["seat"].tolist() == [0]
    first = np.zeros(encoding.OBSERVATION_SIZE, dtype=np.uint8)
    first[encoding.observation_indices(seeded_deal(deal_seed(2, 0, 1)).view(0))] = 1
    assert np.array_equal(observations[0], first)
    assert info["final_obs"][0].shape == (encoding.OBSERVATION_SIZE,)
    assert info["_final_obs"].tolist() == [True]


def test_copies_are_the_callers_unless_copy_is_false() -> None:
    env = VectorDealEnv(2, seed=1)
    observations, info = env.reset()
    kept = observations.copy()
    env.step(sample_legal(info["action_mask"], np.random.default_rng(0)))
    assert np.array_equal(observations, kept)
    shared = VectorDealEnv(2, seed=1, copy=False)
    observations, info = shared.reset()
    mask = info["action_mask"]
    kept = observations.copy()
    shared.step(sample_legal(mask, np.random.default_rng(0)))
    assert not np.array_equal(observations, kept)
    assert mask is shared.step(sample_legal(mask, np.random.default_rng(0)))[4]["action_mask"]


def test_an_illegal_id_in_one_row_moves_no_row() -> None:
    env = VectorDealEnv(3, seed=4)
    observations, info = env.reset()
    actions = sample_legal(info["action_mask"], np.random.default_rng(0))
    actions[2] = 0  # no card is played in the reservation round
    with pytest.raises(IllegalActionError, match="row 2") as caught:
        env.step(actions)
    assert caught.value.seat == 0
    again, info_again = env._out(env._observations), env._info()
    assert np.array_equal(again, observations)
    assert np.array_equal(info_again["action_mask"], info["action_mask"])


@pytest.mark.parametrize(
    ("actions", "error"),
    [
        ([24, 24], InvalidValueError),
        ([24, 24, 24, 24], InvalidValueError),
        ([24, 24, 46], InvalidValueError),
        ([24, 24, -1], InvalidValueError),
        (np.array([24, 24, 2**64 - 1], dtype=np.uint64), InvalidValueError),
        ([24, 24, 10**30], InvalidTypeError),
        ([24.0, 24.0, 24.0], InvalidTypeError),
        (np.array([True, True, True]), InvalidTypeError),
        ([[24, 24, 24]], InvalidTypeError),
        ([24, [24], 24], InvalidTypeError),
        ("abc", InvalidTypeError),
        (24, InvalidTypeError),
        (None, InvalidTypeError),
    ],
)
def test_bad_actions_are_refused(actions: object, error: type[Exception]) -> None:
    env = VectorDealEnv(3, seed=4)
    env.reset()
    with pytest.raises(error):
        env.step(actions)  # type: ignore[arg-type]


def test_a_step_before_a_reset_is_refused() -> None:
    with pytest.raises(WrongPhaseError, match="reset"):
        VectorDealEnv(1).step([24])


@pytest.mark.parametrize(
    ("options", "error"),
    [
        ({"num_envs": 0}, InvalidValueError),
        ({"num_envs": (1 << 16) + 1}, InvalidValueError),
        ({"num_envs": 10**5000}, InvalidValueError),
        ({"num_envs": True}, InvalidTypeError),
        ({"num_envs": 1.5}, InvalidTypeError),
        ({"num_envs": 1, "rules": "ddv"}, InvalidTypeError),
        ({"num_envs": 1, "observation": "pixels"}, InvalidValueError),
        ({"num_envs": 1, "observation": 1}, InvalidValueError),
        ({"num_envs": 1, "two_step": 1}, InvalidTypeError),
        ({"num_envs": 1, "copy": None}, InvalidTypeError),
        ({"num_envs": 1, "seed": -3}, InvalidValueError),
        ({"num_envs": 1, "seed": "x"}, InvalidTypeError),
    ],
)
def test_bad_options_are_refused(options: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error):
        VectorDealEnv(**options)  # type: ignore[arg-type]


def test_bad_reset_arguments_are_refused() -> None:
    env = VectorDealEnv(1)
    with pytest.raises(InvalidTypeError):
        env.reset(seed=1.0)  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError):
        env.reset(options=[])  # type: ignore[arg-type]


def test_sample_legal_draws_every_legal_id_and_no_other() -> None:
    mask = np.zeros((4000, 50), dtype=np.bool_)
    mask[:, [3, 17, 49]] = True
    drawn = sample_legal(mask, np.random.default_rng(2))
    assert set(drawn.tolist()) == {3, 17, 49}
    counts = np.bincount(drawn, minlength=50)[[3, 17, 49]]
    assert counts.min() > 1200


@pytest.mark.parametrize(
    ("mask", "error"),
    [
        (np.zeros((2, 3), dtype=np.bool_), InvalidValueError),
        (np.zeros((2, 0), dtype=np.bool_), InvalidValueError),
        (np.ones((2, 3), dtype=np.int8), InvalidTypeError),
        (np.ones(3, dtype=np.bool_), InvalidTypeError),
        ([[True]], InvalidTypeError),
    ],
)
def test_sample_legal_refuses_bad_masks(mask: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        sample_legal(mask, np.random.default_rng(0))  # type: ignore[arg-type]


def test_sample_legal_of_no_rows_is_empty() -> None:
    assert sample_legal(np.zeros((0, 0), dtype=np.bool_), np.random.default_rng(0)).shape == (0,)
    assert sample_legal(np.zeros((0, 5), dtype=np.bool_), np.random.default_rng(0)).shape == (0,)


def test_sample_legal_refuses_a_generator_of_another_kind() -> None:
    with pytest.raises(InvalidTypeError):
        sample_legal(np.ones((1, 1), dtype=np.bool_), 3)  # type: ignore[arg-type]


def test_the_action_space_follows_the_rules() -> None:
    assert VectorDealEnv(1).num_actions == 46
    assert VectorDealEnv(1, rules=Rules.XIX).num_actions == 2622
    assert VectorDealEnv(1, two_step=True).num_actions == 2624
    assert VectorDealEnv(1, observation="information_state").observation_size == 2466


def test_sample_legal_draws_over_the_whole_width_where_a_row_reaches_past_the_head() -> None:
    mask = np.zeros((3000, 2622), dtype=np.bool_)
    mask[:1000, [5, 2000]] = True  # the head and the tail: both drawn
    mask[1000:2000, [700, 2621]] = True  # the tail alone
    mask[2000:, [0, 45]] = True  # the head alone
    drawn = sample_legal(mask, np.random.default_rng(3))
    assert set(drawn[:1000].tolist()) == {5, 2000}
    assert 400 < int((drawn[:1000] == 5).sum()) < 600
    assert set(drawn[1000:2000].tolist()) == {700, 2621}
    assert set(drawn[2000:].tolist()) == {0, 45}
    mask[1500] = False
    with pytest.raises(InvalidValueError, match="row 1500"):
        sample_legal(mask, np.random.default_rng(3))
