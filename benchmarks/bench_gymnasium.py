"""How fast the single-seat Gymnasium environment runs: the learner's decisions per second.

Run from the repository root (after ``pip install ".[gymnasium]"``, or with
``PYTHONPATH=src``)::

    python benchmarks/bench_gymnasium.py [--deals N]

Each line plays ``N`` deals of :class:`doppelkopf.adapters.gymnasium.DoppelkopfEnv`,
the learner at a seat drawn per deal and picking uniformly among the ids its
action mask allows, and reports the learner's decisions (``step`` calls) per
second of processor time; the opponents' decisions are inside each step:

- ``heuristic``: three :class:`~doppelkopf.HeuristicPlayer` (the default);
- ``random``: three :class:`~doppelkopf.RandomPlayer`;
- ``random, information state``: the same with the information-state tensor.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from collections.abc import Callable, Sequence

from doppelkopf import Player


def run(deals: int, opponents: Callable[[int], Sequence[Player]], observation: str) -> int:
    """Play ``deals`` deals; return the learner's decisions."""
    import numpy as np

    from doppelkopf.adapters.gymnasium import DoppelkopfEnv

    table = DoppelkopfEnv(opponents=opponents, observation=observation)
    rng = np.random.default_rng(0)
    steps = 0
    for number in range(deals):
        observation_now, _ = table.reset(seed=number)
        terminated = False
        while not terminated:
            action = int(rng.choice(np.flatnonzero(observation_now["action_mask"])))
            observation_now, _, terminated, _, _ = table.step(action)
            steps += 1
    return steps


def main(argv: Sequence[str] | None = None) -> int:
    """Run each set of opponents and print the learner's decisions per second."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    options = parser.parse_args(argv)
    if importlib.util.find_spec("gymnasium") is None:
        print("skipped: gymnasium is not installed")
        return 0
    from doppelkopf.adapters.gymnasium import heuristic_opponents, random_opponents

    runs = {
        "heuristic": (heuristic_opponents, "observation"),
        "random": (random_opponents, "observation"),
        "random, information state": (random_opponents, "information_state"),
    }
    print(f"{'opponents':<26} {'deals':>6} {'decisions':>10} {'decisions/s':>12} {'deals/s':>8}")
    for name, (opponents, observation) in runs.items():
        started = time.process_time()
        steps = run(options.deals, opponents, observation)
        spent = time.process_time() - started
        print(
            f"{name:<26} {options.deals:>6} {steps:>10} {steps / spent:>12,.0f} "
            f"{options.deals / spent:>8,.1f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
