"""How fast deals run through the adapters: steps per second with random agents.

Run from the repository root (after ``pip install ".[openspiel,pettingzoo]"``, or
with ``PYTHONPATH=src``)::

    python benchmarks/bench_adapters.py [--deals N]

Each line plays ``N`` deals with a uniformly random legal choice at every
decision and reports decisions per second of processor time:

- ``library``: :meth:`doppelkopf.Deal.apply` on the legal actions of the seat
  on turn, with no adapter, for comparison;
- ``openspiel``: ``legal_actions`` and ``apply_action`` of the OpenSpiel state
  (the 48 chance steps of the deal are timed too, but not counted);
- ``openspiel + tensor``: the same, reading the seat's information-state
  tensor before each decision, as a learning agent does;
- ``pettingzoo``: the ``agent_iter``/``last``/``step`` loop of the AEC
  environment, whose ``last`` builds the observation and the action mask.

An adapter whose framework is not installed is reported as skipped.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
import time
from collections.abc import Callable, Sequence

from doppelkopf import Deal
from doppelkopf.adapters import encoding


def library(deals: int) -> int:
    """Play ``deals`` deals through the library alone; return the decisions taken."""
    rng = random.Random(0)
    steps = 0
    for number in range(deals):
        deal = Deal.shuffled(seed=number)
        while not deal.is_finished:
            deal = deal.apply(rng.choice(encoding.turn_actions(deal)))
            steps += 1
    return steps


def openspiel(deals: int, tensor: bool = False) -> int:
    """Play ``deals`` deals through the OpenSpiel game; return the decisions taken."""
    import pyspiel

    from doppelkopf.adapters import openspiel as _registers  # noqa: F401

    game = pyspiel.load_game("python_doppelkopf")
    rng = random.Random(0)
    steps = 0
    for _ in range(deals):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
                continue
            if tensor:
                state.information_state_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps


def pettingzoo(deals: int) -> int:
    """Play ``deals`` deals through the PettingZoo environment; return the decisions taken."""
    import numpy as np

    from doppelkopf.adapters.pettingzoo import env

    table = env()
    rng = np.random.default_rng(0)
    steps = 0
    for number in range(deals):
        table.reset(seed=number)
        for agent in table.agent_iter():
            observation, _, termination, truncation, _ = table.last()
            if termination or truncation:
                table.step(None)
                continue
            del agent
            table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
    return steps


RUNS: dict[str, tuple[str | None, Callable[[int], int]]] = {
    "library": (None, library),
    "openspiel": ("pyspiel", openspiel),
    "openspiel + tensor": ("pyspiel", lambda deals: openspiel(deals, tensor=True)),
    "pettingzoo": ("pettingzoo", pettingzoo),
}


def main(argv: Sequence[str] | None = None) -> int:
    """Run each adapter and print its decisions per second."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    options = parser.parse_args(argv)
    print(f"{'adapter':<20} {'deals':>6} {'decisions':>10} {'decisions/s':>12} {'deals/s':>8}")
    for name, (module, run) in RUNS.items():
        if module is not None and importlib.util.find_spec(module) is None:
            print(f"{name:<20} skipped: {module} is not installed")
            continue
        started = time.process_time()
        steps = run(options.deals)
        spent = time.process_time() - started
        print(
            f"{name:<20} {options.deals:>6} {steps:>10} {steps / spent:>12,.0f} "
            f"{options.deals / spent:>8,.1f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
