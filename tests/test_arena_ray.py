"""``doppelkopf arena --ray``: the deals played as Ray tasks give the games of one process."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from test_cli import SRC, run

ray: Any = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """A Ray of two CPUs on this machine whose workers import this source tree."""
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        logging_level="error",
        log_to_driver=False,
        runtime_env={"env_vars": {"PYTHONPATH": str(SRC)}},
    )
    yield
    ray.shutdown()


def arena(
    capsys: pytest.CaptureFixture[str], path: Path, *options: str
) -> tuple[int, str, str, list[Any]]:
    """Run the arena with ``options``; its status, output (the record's name left out),
    standard error and records."""
    status, out, err = run(capsys, "arena", *options, "--record", str(path))
    records = json.loads(path.read_text(encoding="utf-8")) if status == 0 else []
    return status, out.replace(str(path), "FILE"), err, records


@pytest.mark.usefixtures("local_ray")
@pytest.mark.parametrize(
    "options",
    [
        ("--deals", "12", "--seed", "5"),
        ("--deals", "6", "--seed", "3", "--rotate", "--rules", "xix", "--option", "schmeissen"),
    ],
)
def test_ray_gives_the_games_of_one_process(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, options: tuple[str, ...]
) -> None:
    alone = arena(capsys, tmp_path / "alone.json", *options)
    assert alone[0] == 0
    assert arena(capsys, tmp_path / "ray.json", *options, "--ray", "auto") == alone
