"""``doppelkopf arena --jobs N``: the deals played in worker processes give, deal for deal,
the games of one process, and a failure there is reported as in one process."""

from __future__ import annotations

import itertools
import json
import multiprocessing
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doppelkopf import Rules
from doppelkopf.cli import build_parser
from doppelkopf.cli._arena_run import Plan, chunks, derived_seed, play_chunk
from test_cli import run

XIX_THROW = ("--rules", "xix", "--option", "schmeissen")


def arena(
    capsys: pytest.CaptureFixture[str], path: Path, *options: str
) -> tuple[int, str, str, list[Any]]:
    """Run the arena with ``options`` and ``--record path``: its status, output (the
    record's name left out), standard error and records."""
    status, out, err = run(capsys, "arena", *options, "--record", str(path))
    records = json.loads(path.read_text(encoding="utf-8")) if status == 0 else []
    return status, out.replace(str(path), "FILE"), err, records


@pytest.mark.parametrize(
    ("options", "voids"),
    [
        (("--deals", "14", "--seed", "8"), False),
        (("--deals", "7", "--seed", "1", "--rotate", *XIX_THROW), True),
    ],
    ids=["plain", "rotated-with-void-deals"],
)
def test_workers_give_the_games_of_one_process(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, options: tuple[str, ...], voids: bool
) -> None:
    alone = arena(capsys, tmp_path / "alone.json", *options)
    assert alone[0] == 0
    assert ("void deal" in alone[1]) is voids
    for jobs in ("1", "2", "3"):
        assert arena(capsys, tmp_path / f"{jobs}.json", *options, "--jobs", jobs) == alone


def test_a_run_is_the_same_in_any_chunks() -> None:
    """A deal's games depend on the seed and its index alone, never on its chunk."""
    rules = Rules.from_options({"schmeissen": "kings5+nines5"}, base=Rules.preset("xix"))
    plan = Plan(
        0,
        rules.as_dict(),
        ("heuristic", "uniform", "random", "heuristic"),
        (0, 1),
        2,
        False,
        os.getcwd(),
    )
    whole = play_chunk(plan, 0, 9)
    assert whole.voids > 0
    assert whole.failure is None

    @settings(max_examples=15, deadline=None)
    @given(st.lists(st.integers(1, 8), unique=True).map(sorted))
    def cut_anywhere(cuts: list[int]) -> None:
        bounds = [0, *cuts, 9]
        parts = [play_chunk(plan, a, b) for a, b in itertools.pairwise(bounds)]
        assert tuple(deal for part in parts for deal in part.deals) == whole.deals
        assert tuple(seats for part in parts for seats in part.seating) == whole.seating
        assert sum(part.voids for part in parts) == whole.voids

    cut_anywhere()


def test_the_seeds_of_deals_differ_and_repeat() -> None:
    seeds = {derived_seed(7, "deal", index) for index in range(1000)}
    assert len(seeds) == 1000
    assert derived_seed(7, "bot", 3, 0, 1, 2) == derived_seed(7, "bot", 3, 0, 1, 2)
    assert derived_seed(-(10**50), "deal", 0) < 2**64


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 200_000), st.integers(1, 64))
def test_the_chunks_cover_every_deal_once(count: int, workers: int) -> None:
    pieces = chunks(count, workers)
    assert pieces[0][0] == 0
    assert pieces[-1][1] == count
    assert all(a < b <= a + 500 for a, b in pieces)
    assert all(one[1] == two[0] for one, two in itertools.pairwise(pieces))
    assert len(pieces) >= min(count, 8 * workers) or len(pieces) >= count // 500


# --- bots of one's own in the workers, failures, stopping -----------------------------

BOTS = """
from doppelkopf import Play


class FirstCard:
    def __init__(self, seed):
        self.seed = seed

    def act(self, view):
        if view.turn != view.seat:
            return None
        return view.legal_actions[-1 if self.seed % 2 else 0]


class SometimesCrashes(FirstCard):
    def act(self, view):
        if view.game_type is not None and self.seed % 9 == 0:
            raise KeyError("oops")
        return super().act(view)
"""


@pytest.fixture
def bot_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    (tmp_path / "jobbots.py").write_text(BOTS, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    yield tmp_path
    sys.modules.pop("jobbots", None)


def test_a_bot_of_ones_own_plays_in_the_workers(
    bot_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    options = (
        "--deals",
        "10",
        "--seed",
        "2",
        "--players",
        "jobbots:FirstCard,random,heuristic,jobbots:FirstCard",
    )
    alone = arena(capsys, bot_dir / "alone.json", *options)
    assert alone[0] == 0
    assert "jobbots:FirstCard" in alone[1]
    assert arena(capsys, bot_dir / "two.json", *options, "--jobs", "2") == alone
    assert str(bot_dir) not in sys.path


@pytest.mark.parametrize("debug", [(), ("--debug",)], ids=["plain", "debug"])
def test_a_failing_bot_in_a_worker_is_reported_as_in_one_process(
    bot_dir: Path, capsys: pytest.CaptureFixture[str], debug: tuple[str, ...]
) -> None:
    options = (
        "arena",
        "--deals",
        "40",
        "--seed",
        "3",
        "--player",
        "jobbots:SometimesCrashes",
        *debug,
    )
    alone = run(capsys, *options)
    assert alone[:2] == (1, "")
    assert alone[2].splitlines()[-1].startswith("doppelkopf arena: error: deal ")
    assert "deal 20: a bot failed: KeyError: 'oops'" in alone[2]  # in the tenth chunk of 20
    assert ("Traceback (most recent call last)" in alone[2]) is bool(debug)
    assert run(capsys, *options, "--jobs", "3") == alone
    assert multiprocessing.active_children() == []


def test_ctrl_c_stops_the_workers(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from doppelkopf.cli import arena as command

    def interrupted(self: object, done: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(command._Progress, "update", interrupted)
    status, out, err = run(capsys, "arena", "--deals", "200", "--seed", "1", "--jobs", "2")
    assert (status, out, err) == (130, "", "\n")
    assert multiprocessing.active_children() == []


def test_the_progress_bar_follows_the_chunks(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(
        capsys, "arena", "--deals", "6", "--seed", "1", "--jobs", "2", "--progress"
    )
    assert status == 0
    assert "6/6" in err
    assert "100%" in err
    assert run(capsys, "arena", "--deals", "6", "--seed", "1")[1] == out


# --- the options ------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["0", "auto", "AUTO", " auto "])
def test_jobs_zero_or_auto_is_one_per_cpu(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    assert build_parser().parse_args(["arena", "--jobs", text]).jobs == 0
    monkeypatch.setattr(os, "cpu_count", lambda: 1)  # one CPU: this process plays
    monkeypatch.setattr(multiprocessing, "get_context", None)
    assert run(capsys, "arena", "--deals", "3", "--seed", "1", "--jobs", text) == run(
        capsys, "arena", "--deals", "3", "--seed", "1"
    )


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("-1", "give a number of processes from 1 to 1024, or 0 or auto for one per CPU, not -1"),
        (
            "1025",
            "give a number of processes from 1 to 1024, or 0 or auto for one per CPU, not 1025",
        ),
        ("two", 'not a whole number: "two"'),
        ("", 'not a whole number: ""'),
        ("9" * 5000, "a number of 5000 digits is too long"),
    ],
)
def test_a_bad_number_of_jobs_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], value: str, message: str
) -> None:
    status, out, err = run(capsys, "arena", "--jobs", value)
    assert (status, out) == (2, "")
    assert f"doppelkopf arena: error: argument --jobs: {message}" in err
    assert len(err) < 1000


def test_jobs_and_ray_are_not_given_together(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "arena", "--jobs", "2", "--ray", "auto")
    assert (status, out) == (2, "")
    assert "argument --ray: not allowed with argument --jobs" in err


def test_ray_without_ray_says_what_to_install(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    status, out, err = run(capsys, "arena", "--deals", "2", "--ray", "auto")
    assert (status, out) == (2, "")
    assert err == (
        "doppelkopf arena: error: --ray: running on a Ray cluster needs Ray, which is not "
        'installed; install it with pip install "doppelkopf[ray]"\n'
    )


def test_ray_that_cannot_reach_its_cluster_says_so(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    class Unreachable:
        """Enough of Ray to fail connecting, as ``ray.init`` does without a cluster."""

        @staticmethod
        def is_initialized() -> bool:
            return False

        @staticmethod
        def init(**options: object) -> None:
            raise ConnectionError(f"no cluster at {options.get('address')}")

    monkeypatch.setitem(sys.modules, "ray", Unreachable)
    status, out, err = run(capsys, "arena", "--deals", "2", "--ray", "10.0.0.1:6379")
    assert (status, out) == (1, "")
    assert err == (
        "doppelkopf arena: error: --ray: cannot reach a Ray cluster at 10.0.0.1:6379: "
        "ConnectionError: no cluster at 10.0.0.1:6379\n"
    )


@pytest.mark.parametrize("address", ["", "   "])
def test_ray_needs_an_address(capsys: pytest.CaptureFixture[str], address: str) -> None:
    status, out, err = run(capsys, "arena", "--ray", address)
    assert (status, out) == (2, "")
    assert "argument --ray: give the address of a Ray cluster, HOST:PORT, or auto" in err
    assert build_parser().parse_args(["arena", "--ray", " AUTO "]).ray == "auto"
