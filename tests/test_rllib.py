"""RLlib's PPO trains on the PettingZoo environment: ``examples/rllib_pettingzoo.py``, run once.

Skipped unless RLlib and PyTorch are installed; ``nox -s rllib`` installs them
and runs this file alone (the default sessions do not).
"""

from __future__ import annotations

import importlib.util
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("pettingzoo", reason='PettingZoo is not installed: pip install ".[pettingzoo]"')
pytest.importorskip("torch", reason="PyTorch is not installed: nox -s rllib installs it")
ray = pytest.importorskip("ray", reason="RLlib is not installed: nox -s rllib installs it")
pytest.importorskip("ray.rllib", reason="RLlib is not installed: nox -s rllib installs it")

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "rllib_pettingzoo.py"


@pytest.fixture(scope="module")
def example() -> Iterator[ModuleType]:
    """The example as a module; Ray, which its training starts, is shut down after."""
    spec = importlib.util.spec_from_file_location("rllib_pettingzoo", EXAMPLE)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    yield module
    ray.shutdown()


def test_ppo_trains_one_iteration(example: ModuleType) -> None:
    """One ``algo.train()`` samples steps, and every finished deal scores zero in sum:
    no seat took an illegal action, which would have ended its deal at −99 (the action
    mask works)."""
    started = time.perf_counter()
    (result,) = example.train(iterations=1, batch=256)
    assert example.sampled_steps(result) > 0
    runners = result["env_runners"]
    assert runners["num_episodes"] > 0
    assert runners["episode_return_mean"] == 0.0
    assert time.perf_counter() - started < 300
