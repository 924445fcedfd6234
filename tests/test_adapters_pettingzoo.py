"""The PettingZoo environment passes PettingZoo's own API and seed tests."""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deal_helpers import ADAPTER_RULE_SETS
from doppelkopf import Deal, Rules, settle
from doppelkopf.errors import DoppelkopfError, IllegalActionError, InvalidTypeError

pytest.importorskip("pettingzoo", reason='PettingZoo is not installed: pip install ".[pettingzoo]"')

import numpy as np
from pettingzoo.test import api_test, seed_test

from doppelkopf.adapters import encoding
from doppelkopf.adapters.pettingzoo import NAME, DoppelkopfEnv, env, raw_env

RULE_SETS = ADAPTER_RULE_SETS

# PettingZoo's API test names the dict observations of its own classic games as
# expected and warns about any other environment's; these two warnings say only that.
DICT_OBSERVATION_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box",
)


@pytest.mark.parametrize("rules", RULE_SETS.values(), ids=RULE_SETS.keys())
def test_api_test(rules: Rules) -> None:
    """PettingZoo's API test, over several deals of each rule set."""
    for information_state in (False, True):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            table = env(rules=rules, information_state=information_state)
            for _ in range(3):
                api_test(table, num_cycles=100)
        unexpected = [
            str(w.message)
            for w in caught
            if not str(w.message).startswith(DICT_OBSERVATION_WARNINGS)
        ]
        assert unexpected == []


@pytest.mark.parametrize("rules", RULE_SETS.values(), ids=RULE_SETS.keys())
def test_seed_test(rules: Rules) -> None:
    """PettingZoo's seed test: two environments reset with one seed play alike."""
    seed_test(lambda: env(rules=rules), num_cycles=100)


def test_reset_with_a_seed_deals_the_same_cards() -> None:
    first, second = raw_env(), raw_env()
    first.reset(seed=12)
    second.reset(seed=12)
    assert first.deal == second.deal
    second.reset(seed=13)
    assert first.deal != second.deal
    assert first.deal == Deal.shuffled(rng=random.Random(12))


def play(table: Any, rng: random.Random) -> dict[str, float]:
    """Play a deal with random legal actions, checking each mask against the library."""
    totals: dict[str, float] = {}
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _ = table.last()
        totals[agent] = totals.get(agent, 0.0) + reward
        if termination or truncation:
            table.step(None)
            continue
        deal = table.unwrapped.deal
        legal = encoding.action_ids(encoding.turn_actions(deal))
        assert list(np.flatnonzero(observation["action_mask"])) == legal
        for other in table.agents:
            if other != agent:
                assert not table.observe(other)["action_mask"].any()
        table.step(rng.choice(legal))
    return totals


def test_rewards_are_the_settled_scores() -> None:
    rng = random.Random(4)
    table = env()
    for seed in range(4):
        table.reset(seed=seed)
        totals = play(table, rng)
        deal = table.unwrapped.deal
        scores = settle(deal).scores if deal.phase.value == "finished" else (0, 0, 0, 0)
        assert totals == {f"seat_{s}": float(scores[s]) for s in range(4)}
        assert table.agents == []


def test_illegal_actions_raise() -> None:
    table = raw_env()
    table.reset(seed=1)
    legal = encoding.action_ids(encoding.turn_actions(table.deal))
    illegal = next(i for i in range(encoding.EXCHANGE_BASE) if i not in legal)
    with pytest.raises(IllegalActionError):
        table.step(illegal)
    with pytest.raises(InvalidTypeError):
        table.step(None)
    assert table.deal == Deal.shuffled(rng=random.Random(1))  # nothing applied


def test_spaces_and_name() -> None:
    table = raw_env(rules=Rules(armut=True), information_state=True)
    assert str(table) == NAME == "doppelkopf_v0"
    assert table.action_space("seat_2").n == encoding.NUM_ACTIONS
    space = table.observation_space("seat_2")
    assert space["observation"].shape == (encoding.INFORMATION_STATE_SIZE,)
    assert raw_env().action_space("seat_0").n == encoding.EXCHANGE_BASE
    assert isinstance(table, DoppelkopfEnv)


def test_render_in_ascii_and_unicode(capsys: pytest.CaptureFixture[str]) -> None:
    table = raw_env(render_mode="ansi", ascii=True)
    table.reset(seed=2)
    text = table.render()
    assert text is not None
    assert "♣" not in text
    assert "seat 0:" in text
    unicode = raw_env(render_mode="human")
    unicode.reset(seed=2)
    unicode.step(encoding.action_ids(encoding.turn_actions(unicode.deal))[0])
    assert "seat 0: healthy" in capsys.readouterr().out
    assert raw_env().render() is None
    with pytest.raises(DoppelkopfError):
        raw_env(render_mode="rgb_array")


@pytest.mark.parametrize("rules", RULE_SETS.values(), ids=RULE_SETS.keys())
@settings(max_examples=5)
@given(seed=st.integers(0, 2**32))
def test_masks_are_the_library_legal_actions(rules: Rules, seed: int) -> None:
    """At every step the mask of the seat on turn is exactly the library's legal actions
    of that seat, and every other seat's mask is empty (checked inside ``play``)."""
    table = env(rules=rules, information_state=seed % 2 == 0)
    table.reset(seed=seed)
    totals = play(table, random.Random(seed))
    assert sum(totals.values()) == 0
