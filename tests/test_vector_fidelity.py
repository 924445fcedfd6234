"""The vectorised environment against checked deals stepped beside it (SPEC §2–§12).

Random legal actions (seeded) go through :class:`~doppelkopf.vector.VectorDealEnv`
and, row by row, through a :class:`~doppelkopf.Deal` dealt from the same
:func:`~doppelkopf.vector.deal_seed`.  At every step the mask must list exactly
the legal ids of the seat on turn, the seat must be the deal's, the tensor the
adapters' tensor of that seat, and at a deal's end the rewards
``settle(deal).scores`` (zero for a void deal) and the next deal the next seed's.

By default each rule set runs 300 deals through the numpy backend with the
observation (fewer in the other configurations); set
``DOPPELKOPF_VECTOR_DEALS`` to run more, as the long run does::

    DOPPELKOPF_VECTOR_DEALS=20000 python -m pytest -p no:xdist -k numpy \
        tests/test_vector_fidelity.py
"""

from __future__ import annotations

import os

import numpy as np
import pytest

from doppelkopf import AnswerPoverty, Deal, Declare, Phase, Reservation, Rules, settle
from doppelkopf.adapters import encoding
from doppelkopf.rules import THROW_REASONS
from doppelkopf.vector import VectorDealEnv, deal_seed, sample_legal, seeded_deal

DEALS = int(os.environ.get("DOPPELKOPF_VECTOR_DEALS", "300"))
"""How many deals each rule set plays to their end."""

RULE_SETS = {
    "ddv": Rules.DDV,
    "tournament": Rules.TOURNAMENT,
    "no nines": Rules(nines=False),
    "xix": Rules.XIX,
    "armut, schweine, schmeissen": Rules(
        armut=True,
        schweinchen=True,
        second_dulle="always",
        karlchen_caught=True,
        fox_at_end=True,
        schmeissen=frozenset(THROW_REASONS),
    ),
}
"""The rule sets of the harness: the presets, no nines, and the Armut with rarer options."""


PREFERRED = np.array(
    [
        encoding.encode_action(Declare(0, Reservation.POVERTY)),
        encoding.encode_action(AnswerPoverty(0, True)),
        *(encoding.encode_action(Declare(0, Reservation.THROW, r)) for r in THROW_REASONS),
        encoding.encode_action(Declare(0, Reservation.HEALTHY)),
    ]
)
"""Ids the harness takes, the first legal one, in half the rows where one is legal: the
Armut, accepting it, throwing, a healthy answer (which lets an Armut stand; V§6, V§7).

Drawn uniformly, the exchange would come once in thousands of deals."""


def _actions(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A random legal id per row, in half the rows the first preferred one that is legal."""
    actions = sample_legal(mask, rng)
    if mask.shape[1] > encoding.EXCHANGE_BASE:
        preferred = mask[:, PREFERRED]
        take = preferred.any(axis=1) & (rng.random(len(mask)) < 0.5)
        actions[take] = PREFERRED[np.argmax(preferred[take], axis=1)]
    return actions


def _differences(got: np.ndarray, expected: np.ndarray) -> list[str]:
    """The pieces of the information state where two tensors differ, with the columns."""
    starts = encoding.offsets(encoding.INFORMATION_STATE_PIECES)
    names = sorted(starts, key=starts.__getitem__)
    out = []
    for column in np.flatnonzero(got != expected).tolist():
        name = max((n for n in names if starts[n] <= column), key=starts.__getitem__)
        out.append(f"{name}+{column - starts[name]}: {got[column]} not {expected[column]}")
    return out


def _tensor(deal: Deal, seat: int, size: int) -> np.ndarray:
    view = deal.view(seat)
    if size == encoding.INFORMATION_STATE_SIZE:
        ones = encoding.information_state_indices(view)
    else:
        ones = encoding.observation_indices(view)
    line = np.zeros(size, dtype=np.uint8)
    line[ones] = 1
    return line


def run_fidelity(env: VectorDealEnv, deals: int, *, seed: int, action_seed: int) -> dict[str, int]:
    """Step ``env`` until ``deals`` deals ended, checking every row at every step.

    Returns counts of what was seen: decisions, finished and void deals, exchange steps.
    """
    rules, two_step, size = env.rules, env.two_step, env.observation_size
    observations, info = env.reset(seed=seed)
    references = [seeded_deal(deal_seed(seed, row, 0), rules=rules) for row in range(env.num_envs)]
    numbers = [0] * env.num_envs
    rng = np.random.default_rng(action_seed)
    seen = {"decisions": 0, "finished": 0, "void": 0, "exchanges": 0}
    while seen["finished"] + seen["void"] < deals:
        for row, deal in enumerate(references):
            seat = deal.turn
            assert seat is not None
            assert info["seat"][row] == seat
            assert info["deal"][row] == numbers[row]
            legal = encoding.action_ids(encoding.turn_actions(deal, two_step=two_step))
            assert np.flatnonzero(info["action_mask"][row]).tolist() == legal, (row, deal)
            if size:
                expected = _tensor(deal, seat, size)
                assert not _differences(observations[row], expected), (
                    row,
                    deal,
                    _differences(observations[row], expected),
                )
        actions = _actions(info["action_mask"], rng)
        observations, rewards, terminations, truncations, info = env.step(actions)
        assert not truncations.any()
        seen["decisions"] += env.num_envs
        seen["exchanges"] += int((actions >= encoding.EXCHANGE_BASE).sum())
        for row, action in enumerate(actions.tolist()):
            deal = references[row]
            seat = deal.turn
            assert seat is not None
            deal = deal.apply(encoding.decode_action(action, seat, deal.phase))
            if not deal.is_finished:
                assert not terminations[row]
                assert not rewards[row].any()
                references[row] = deal
                continue
            assert terminations[row]
            if deal.phase is Phase.FINISHED:
                assert rewards[row].tolist() == list(settle(deal).scores)
                seen["finished"] += 1
            else:
                assert not rewards[row].any()
                seen["void"] += 1
            if size:
                assert np.array_equal(info["final_obs"][row], _tensor(deal, seat, size))
                assert info["_final_obs"][row]
            numbers[row] += 1
            references[row] = seeded_deal(deal_seed(seed, row, numbers[row]), rules=rules)
    return seen


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_observation_mask_and_rewards_match_the_deal(name: str) -> None:
    env = VectorDealEnv(16, rules=RULE_SETS[name], backend="exact")
    assert env.backend == "exact"
    seen = run_fidelity(env, max(DEALS // 3, 20), seed=11, action_seed=5)
    assert seen["finished"] > 0


@pytest.mark.parametrize("observation", ["observation", None])
@pytest.mark.parametrize("name", list(RULE_SETS))
def test_the_numpy_card_play_matches_the_deal(name: str, observation: str | None) -> None:
    env = VectorDealEnv(16, rules=RULE_SETS[name], observation=observation)  # type: ignore[arg-type]
    assert env.backend == "numpy"
    deals = DEALS if observation else max(DEALS // 3, 20)
    seen = run_fidelity(env, deals, seed=21, action_seed=9)
    assert seen["finished"] > 0


@pytest.mark.parametrize("name", ["ddv", "xix"])
def test_information_state_matches_the_deal(name: str) -> None:
    env = VectorDealEnv(8, rules=RULE_SETS[name], observation="information_state")
    assert env.backend == "numpy"
    run_fidelity(env, max(DEALS // 3, 20), seed=12, action_seed=6)


def test_two_step_round_matches_the_deal() -> None:
    rules = RULE_SETS["armut, schweine, schmeissen"]
    env = VectorDealEnv(8, rules=rules, two_step=True)
    assert env.num_actions == encoding.NUM_ACTIONS_TWO_STEP
    run_fidelity(env, max(DEALS // 3, 20), seed=13, action_seed=7)


def test_mask_only_exact_backend_matches_the_deal() -> None:
    env = VectorDealEnv(8, rules=Rules.DDV, observation=None, backend="exact")
    assert env.backend == "exact"
    seen = run_fidelity(env, max(DEALS // 3, 20), seed=14, action_seed=8)
    assert seen["decisions"] > 0


@pytest.mark.parametrize("name", ["xix", "armut, schweine, schmeissen"])
def test_the_armut_rule_sets_reach_the_exchange(name: str) -> None:
    """The harness exercises the exchange ids where the rules have them (V§6.3)."""
    env = VectorDealEnv(16, rules=RULE_SETS[name], observation=None)
    assert run_fidelity(env, 300, seed=3, action_seed=3)["exchanges"] > 0


def test_the_throwing_rule_set_reaches_a_void_deal() -> None:
    """A thrown deal ends void, rewarding nobody, and the row is dealt anew (V§7)."""
    env = VectorDealEnv(16, rules=RULE_SETS["armut, schweine, schmeissen"], observation=None)
    assert run_fidelity(env, 300, seed=3, action_seed=3)["void"] > 0
