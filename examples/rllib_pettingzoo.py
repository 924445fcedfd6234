"""Train one policy for all four seats of the PettingZoo environment with RLlib's PPO.

Needs the ``pettingzoo`` extra and RLlib with PyTorch (``pip install ".[pettingzoo]"
"ray[rllib]" torch``); ``nox -s rllib`` installs them and runs this example once,
through ``tests/test_rllib.py``.  From the root of a checkout::

    python examples/rllib_pettingzoo.py --iterations 3

The PettingZoo environment (``doppelkopf.adapters.pettingzoo.env()``) goes to
RLlib through its own wrapper for AEC environments,
``ray.rllib.env.wrappers.pettingzoo_env.PettingZooEnv``, which steps the
seat on turn; every seat maps to one shared policy (self-play).  The
observation is PettingZoo's dict of the seat's tensor and its action mask:
:class:`MaskedPPOModule`, RLlib's default PPO network under it, reads the
tensor alone and sets the logits of every masked action to the lowest float,
so that PPO never samples an illegal action, nor learns from one.  The
settings are tiny (one process, a few hundred steps per iteration): they show
that the pieces fit, not how to play well.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import torch
from pettingzoo.utils.env_logger import EnvLogger
from ray.rllib.algorithms.ppo import PPOConfig
from ray.rllib.algorithms.ppo.torch.default_ppo_torch_rl_module import DefaultPPOTorchRLModule
from ray.rllib.core.columns import Columns
from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
from ray.rllib.core.rl_module.rl_module import RLModuleSpec
from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv
from ray.rllib.utils.metrics import ENV_RUNNER_RESULTS, NUM_ENV_STEPS_SAMPLED_LIFETIME
from ray.tune.registry import register_env

from doppelkopf import Rules
from doppelkopf.adapters.pettingzoo import env

ENV_NAME = "doppelkopf_pettingzoo"
POLICY = "shared"


class MaskedPPOModule(DefaultPPOTorchRLModule):
    """RLlib's default PPO network on the ``"observation"`` tensor, its logits masked by the
    ``"action_mask"`` of the same observation."""

    def __init__(self, *, observation_space: Any = None, **kwargs: Any) -> None:
        # The network is built for the tensor alone; the module still declares the
        # whole dict, which is what the environment hands over.
        self.observation_space_with_mask = observation_space
        super().__init__(observation_space=observation_space["observation"], **kwargs)

    def setup(self) -> None:
        super().setup()
        self.observation_space = self.observation_space_with_mask

    @staticmethod
    def _split(batch: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
        """The mask and a copy of ``batch`` whose observation is the float tensor alone."""
        observation = batch[Columns.OBS]
        inner = dict(batch)
        inner[Columns.OBS] = observation["observation"].float()
        return observation["action_mask"], inner

    @staticmethod
    def _masked(out: dict[str, Any], mask: Any) -> dict[str, Any]:
        logits = out[Columns.ACTION_DIST_INPUTS]
        lowest = torch.finfo(logits.dtype).min
        out[Columns.ACTION_DIST_INPUTS] = torch.where(mask.bool(), logits, lowest)
        return out

    def _forward(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        mask, inner = self._split(batch)
        return self._masked(super()._forward(inner, **kwargs), mask)

    def _forward_train(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        mask, inner = self._split(batch)
        return self._masked(super()._forward_train(inner, **kwargs), mask)

    def compute_values(self, batch: dict[str, Any], embeddings: Any = None) -> Any:
        if embeddings is None:
            _, batch = self._split(batch)
        return super().compute_values(batch, embeddings)


def make_env(config: dict[str, Any]) -> PettingZooEnv:
    """The wrapped PettingZoo environment under the rules named in ``config`` (default DDV)."""
    return PettingZooEnv(env(rules=Rules.preset(config.get("rules", "ddv"))))


def build_config(rules: str = "ddv", batch: int = 256) -> PPOConfig:
    """PPO with tiny settings: sampling and learning in this process, ``batch`` steps."""
    register_env(ENV_NAME, make_env)
    return (
        PPOConfig()
        .environment(ENV_NAME, env_config={"rules": rules})
        .framework("torch")
        .env_runners(num_env_runners=0, rollout_fragment_length="auto")
        .learners(num_learners=0)
        .multi_agent(
            policies={POLICY},
            policy_mapping_fn=lambda agent_id, episode, **kwargs: POLICY,
        )
        .training(
            train_batch_size_per_learner=batch,
            minibatch_size=64,
            num_epochs=2,
            lr=3e-4,
        )
        .rl_module(
            rl_module_spec=MultiRLModuleSpec(
                rl_module_specs={
                    POLICY: RLModuleSpec(
                        module_class=MaskedPPOModule,
                        model_config={"fcnet_hiddens": [64], "head_fcnet_hiddens": [64]},
                    )
                }
            )
        )
        .debugging(seed=0)
    )


def train(iterations: int = 1, rules: str = "ddv", batch: int = 256) -> list[dict[str, Any]]:
    """Build the algorithm, train it ``iterations`` times and return each result.

    RLlib checks a new environment by stepping it once with an action drawn from the
    whole action space, unmasked; the wrapped environment ends that deal as illegal
    and PettingZoo logs a warning, silenced here.  Training itself samples only
    legal actions.
    """
    EnvLogger.suppress_output()
    try:
        algo = build_config(rules, batch).build_algo()
    finally:
        EnvLogger.unsuppress_output()
    try:
        return [algo.train() for _ in range(iterations)]
    finally:
        algo.stop()


def sampled_steps(result: dict[str, Any]) -> int:
    """The environment steps sampled so far, as a result of ``algo.train()`` counts them."""
    return int(result[ENV_RUNNER_RESULTS][NUM_ENV_STEPS_SAMPLED_LIFETIME])


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--iterations", type=int, default=1)
    parser.add_argument("--rules", default="ddv", help="a preset: ddv, tournament or xix")
    parser.add_argument("--batch", type=int, default=256, help="steps per iteration")
    options = parser.parse_args()
    started = time.perf_counter()
    for number, result in enumerate(train(options.iterations, options.rules, options.batch), 1):
        print(f"iteration {number}: {sampled_steps(result)} steps sampled in all")
    print(f"{time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
