"""The benchmarks of the vectorised environment run, at a size too small to time anything.

A benchmark that no test runs breaks silently when the code under it changes;
these runs check that each one goes through and prints its figures.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("backend", ["auto", "exact", "jax"])
def test_the_environment_benchmark_runs(backend: str, capsys: pytest.CaptureFixture[str]) -> None:
    if backend == "jax":
        pytest.importorskip("jax")
    _load("bench_vector_env").main(
        [
            "--batch",
            "16",
            "--steps",
            "4",
            "--repeat",
            "1",
            "--rules",
            "ddv,xix",
            "--backend",
            backend,
        ]
    )
    lines = capsys.readouterr().out.splitlines()
    assert sum("decisions/s" in line for line in lines) == 6


def test_the_jax_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("jax")
    _load("bench_vector_jax").main(
        ["--batch", "64", "--steps", "3", "--repeat", "1", "--deals", "8"]
    )
    out = capsys.readouterr().out
    assert "jax, a call per step" in out
    assert "numpy" in out
