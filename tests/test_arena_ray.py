"""``doppelkopf arena --ray``: the deals played as Ray tasks give the games of one process."""

from __future__ import annotations

import json
import sys
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


RAY_BOTS = """
class LastCard:
    def __init__(self, seed):
        self.seed = seed

    def act(self, view):
        if view.turn != view.seat:
            return None
        if view.game_type is not None and self.seed % 11 == 0:
            raise KeyError("oops")
        return view.legal_actions[-1]
"""


@pytest.mark.usefixtures("local_ray")
def test_a_bot_of_ones_own_fails_on_ray_as_in_one_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "raybots.py").write_text(RAY_BOTS, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    try:
        options = ("arena", "--deals", "30", "--seed", "5", "--player", "raybots:LastCard")
        alone = run(capsys, *options)
        assert alone[:2] == (1, "")
        assert "deal 24: a bot failed: KeyError: 'oops'" in alone[2]  # not in the first chunk
        assert run(capsys, *options, "--ray", "auto") == alone
    finally:
        sys.modules.pop("raybots", None)
