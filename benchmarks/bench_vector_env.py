"""Decisions per second of :class:`doppelkopf.vector.VectorDealEnv`, and its memory per deal.

Run from the repository root (after ``pip install ".[fast]"``, or with ``PYTHONPATH=src``)::

    python benchmarks/bench_vector_env.py [--batch 4096] [--steps 100] [--rules ddv,xix] \
        [--backend auto|exact|jax]

For each rule set and each kind of output (the observation tensor with the
mask, the information-state tensor with the mask, the mask alone) the
environment is reset and stepped ``--steps`` times with random legal
actions drawn for all rows at once by
:func:`doppelkopf.vector.sample_legal`.  A decision is one row's step, so a
step of ``B`` rows is ``B`` decisions.  Two figures are given, in decisions
per second of processor time (one core; the best of ``--repeat`` rounds):
the environment's alone (the time of ``step``, which checks every id,
applies it and writes the next masks, tensors, rewards and resets), and
with the sampler's time counted in (what a random player costs on top).
The memory per deal is what the environment holds after a reset,
measured by :mod:`tracemalloc`, divided by the batch size.

The fidelity run of the full harness is the test file itself with more deals::

    DOPPELKOPF_VECTOR_DEALS=100000 python -m pytest -p no:xdist tests/test_vector_fidelity.py
"""

from __future__ import annotations

import argparse
import platform
import time
import tracemalloc
from collections.abc import Sequence

import numpy as np

from doppelkopf import Rules, __version__
from doppelkopf.vector import VectorDealEnv, sample_legal

_RULE_SETS = {
    "ddv": Rules.DDV,
    "no-nines": Rules(nines=False),
    "xix": Rules.XIX,
}
_OUTPUTS = {
    "observation and mask": "observation",
    "information state and mask": "information_state",
    "mask only": None,
}


def rate(env: VectorDealEnv, steps: int, repeat: int, seed: int) -> tuple[float, float]:
    """Decisions per second of processor time of the environment, and with the sampler:
    the best of ``repeat`` rounds of ``steps``.

    A warm-up of ``steps`` steps first takes the rows out of step with each
    other, so that a round holds every kind of decision, resets included.
    """
    rng = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)
    for _ in range(steps):
        info = env.step(sample_legal(info["action_mask"], rng))[4]
    best_env = best_all = float("inf")
    clock = time.process_time
    for _ in range(repeat):
        stepping = sampling = 0.0
        for _ in range(steps):
            started = clock()
            actions = sample_legal(info["action_mask"], rng)
            drawn = clock()
            info = env.step(actions)[4]
            stepping += clock() - drawn
            sampling += drawn - started
        best_env = min(best_env, stepping)
        best_all = min(best_all, stepping + sampling)
    decisions = env.num_envs * steps
    return decisions / best_env, decisions / best_all


def memory_per_deal(rules: Rules, batch: int, observation: str | None, backend: str) -> float:
    """The bytes the environment holds after a reset, per row."""
    tracemalloc.start()
    env = VectorDealEnv(
        batch,
        rules=rules,
        observation=observation,  # type: ignore[arg-type]
        copy=False,
        backend=backend,  # type: ignore[arg-type]
    )
    env.reset(seed=0)
    held = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del env
    return held / batch


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--batch", type=int, default=4096)
    parser.add_argument("--steps", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--rules", default=",".join(_RULE_SETS))
    parser.add_argument("--backend", default="auto", choices=("auto", "exact", "jax"))
    args = parser.parse_args(argv)
    print(f"doppelkopf {__version__}, Python {platform.python_version()}, numpy {np.__version__}")
    print(
        f"batch {args.batch}, {args.steps} steps a round, best of {args.repeat}, "
        f"backend {args.backend}"
    )
    for name in args.rules.split(","):
        rules = _RULE_SETS[name]
        for label, observation in _OUTPUTS.items():
            env = VectorDealEnv(
                args.batch,
                rules=rules,
                observation=observation,  # type: ignore[arg-type]
                copy=False,
                backend=args.backend,
            )
            alone, sampled = rate(env, args.steps, args.repeat, seed=1)
            per_deal = memory_per_deal(rules, min(args.batch, 1024), observation, args.backend)
            print(
                f"{name:10} {label:28} {alone:12,.0f} decisions/s "
                f"({sampled:10,.0f} with the sampler) {per_deal / 1024:8.1f} KiB a deal"
            )


if __name__ == "__main__":
    main()
