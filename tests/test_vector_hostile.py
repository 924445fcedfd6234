"""The vectorised environment under every hostile value of the catalogue.

:class:`~doppelkopf.vector.VectorDealEnv` is mutable, so the package-wide sweep
(``tests/test_hostile.py``) leaves it to this file: each parameter of each entry
point receives each value of :data:`test_hostile.CATALOGUE` while the others stay
valid; only a :class:`~doppelkopf.DoppelkopfError` may escape, and a refused step
moves no row.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from doppelkopf import DoppelkopfError
from doppelkopf.vector import VectorDealEnv, deal_seed, sample_legal, seeded_deal
from test_hostile import CATALOGUE

Call = Callable[[object], object]


def _env(backend: str = "auto") -> VectorDealEnv:
    env = VectorDealEnv(3, seed=1, backend=backend)  # type: ignore[arg-type]
    env.reset(seed=1)
    return env


def _mask() -> np.ndarray:
    return np.array([[True, False], [False, True]])


POINTS: dict[str, Call] = {
    "VectorDealEnv(num_envs)": VectorDealEnv,  # type: ignore[dict-item]
    "VectorDealEnv(rules)": lambda value: VectorDealEnv(2, rules=value),  # type: ignore[arg-type]
    "VectorDealEnv(observation)": lambda value: VectorDealEnv(2, observation=value),  # type: ignore[arg-type]
    "VectorDealEnv(two_step)": lambda value: VectorDealEnv(2, two_step=value),  # type: ignore[arg-type]
    "VectorDealEnv(seed)": lambda value: VectorDealEnv(2, seed=value),  # type: ignore[arg-type]
    "VectorDealEnv(copy)": lambda value: VectorDealEnv(2, copy=value),  # type: ignore[arg-type]
    "VectorDealEnv(backend)": lambda value: VectorDealEnv(2, backend=value),  # type: ignore[arg-type]
    "reset(seed)": lambda value: _env().reset(seed=value),  # type: ignore[arg-type]
    "reset(options)": lambda value: _env().reset(options=value),  # type: ignore[arg-type]
    "deal_seed(seed)": lambda value: deal_seed(value, 0, 0),  # type: ignore[arg-type]
    "deal_seed(row)": lambda value: deal_seed(1, value, 0),  # type: ignore[arg-type]
    "deal_seed(number)": lambda value: deal_seed(1, 0, value),  # type: ignore[arg-type]
    "seeded_deal(seed)": seeded_deal,  # type: ignore[dict-item]
    "seeded_deal(rules)": lambda value: seeded_deal(1, rules=value),  # type: ignore[arg-type]
    "sample_legal(mask)": lambda value: sample_legal(value, np.random.default_rng(0)),  # type: ignore[arg-type]
    "sample_legal(rng)": lambda value: sample_legal(_mask(), value),  # type: ignore[arg-type]
}


def test_every_entry_point_refuses_every_hostile_value_with_a_library_error() -> None:
    escaped = []
    for name, call in POINTS.items():
        for label, make in CATALOGUE.items():
            try:
                call(make())
            except DoppelkopfError:
                pass
            except Exception as error:  # an escape, collected to report them all
                escaped.append(f"{name} <- {label}: {type(error).__name__}: {error}"[:200])
    assert not escaped, "\n".join(escaped)


@pytest.mark.parametrize("backend", ["auto", "exact", "jax"])
def test_a_refused_step_moves_no_row(backend: str) -> None:
    # After the refusal, a legal step gives exactly what it gives on a twin that was
    # never offered the bad value.
    if backend == "jax":
        pytest.importorskip("jax")
    escaped = []
    compared = 0
    for label, make in CATALOGUE.items():
        env, twin = _env(backend), _env(backend)
        _, info = twin.reset(seed=1)
        actions = sample_legal(info["action_mask"], np.random.default_rng(2))
        try:
            env.step(make())  # type: ignore[arg-type]
        except DoppelkopfError:
            pass
        except Exception as error:  # an escape, collected to report them all
            escaped.append(f"step <- {label}: {type(error).__name__}: {error}"[:200])
            continue
        else:
            continue  # a value the step takes (a legal id for every row) moves the rows
        compared += 1
        got, want = env.step(actions), twin.step(actions)
        for mine, theirs in zip(got[:4], want[:4], strict=True):
            if not np.array_equal(np.asarray(mine), np.asarray(theirs)):
                escaped.append(f"step <- {label}: half applied")
                break
    assert not escaped, "\n".join(escaped)
    assert compared > len(CATALOGUE) // 2
