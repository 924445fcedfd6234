"""Processor time per random game: the public API side by side with a C++ engine.

Run from the repository root (after ``pip install .``, or with ``PYTHONPATH=src``)::

    python benchmarks/bench_engine.py [--games N] [--repeat R] [--seed S]
        [--engine PATH]

One library game is a complete random deal through the public API:
``Deal.shuffled`` (shuffle, cut and deal), four healthy answers, then until
the deal ends the seat on turn plays a uniformly random card of
``Deal.legal_cards`` with the checked ``Deal.play``, and at the end
:func:`doppelkopf.scoring.settle`.  Nobody announces.  A second line measures
the same game played through the generic entry points, ``Deal.is_finished``,
``Deal.legal_actions`` and ``Deal.apply``.  Random choices are drawn as
``items[int(random() * len(items))]`` (uniform up to floating-point rounding)
so that the figure is the library's rather than the harness's.  The figure is
the processor time of this process (:func:`time.process_time`) per game, the
best of ``--repeat`` runs of ``--games`` games each, after a warm-up.

The engine is the doppelkopf program by Silvan Sievers (``doko``, written in
C++, GPL), which this repository does not contain.  To compare with it, fetch
its source from its public repository (``silvansievers/doko`` on GitHub) into
a directory outside this repository, make a ``build`` directory in it and run
CMake and make there as its README describes.  Compilers newer than the one
it was written with warn about its code, and its build treats warnings as
errors; configuring with
``-DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O3 -Wno-error"``
keeps its own optimisation flags and lets the build finish.  Then pass the
program's path as ``--engine PATH`` or in the environment variable
``DOPPELKOPF_ENGINE``.  The engine side runs
``doko -n N -r -s SEED -p random random random random`` (``N`` random games,
random cards, four random players, who never announce and never declare a
reservation) with its output sent to ``/dev/null``, and takes the processor
time the child process used (:func:`resource.getrusage` with
``RUSAGE_CHILDREN``, user plus system) per game, best of ``--repeat`` runs;
the start of the program is included, and at the default 20,000 games it is
well under one per cent of the run.  The script prints both figures and their
ratio.  Without an engine it reports the library alone.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import resource
import subprocess
import sys
import time
from collections.abc import Callable

from doppelkopf import Deal, Play, Reservation, __version__
from doppelkopf.scoring import settle

_HEALTHY = Reservation.HEALTHY


def _answered(rng: random.Random) -> Deal:
    """A shuffled deal with a random dealer after four healthy answers."""
    deal = Deal.shuffled(rng=rng, dealer=int(rng.random() * 4))
    for _ in range(4):
        seat = deal.turn
        assert seat is not None
        deal = deal.declare(seat, _HEALTHY)
    return deal


def play_game(rng: random.Random) -> int:
    """One random game through ``legal_cards`` and ``play``, settled; Re's value."""
    draw = rng.random
    deal = _answered(rng)
    while (turn := deal.turn) is not None:
        cards = deal.legal_cards()
        deal = deal.play(turn, cards[int(draw() * len(cards))])
    return settle(deal).value


def apply_game(rng: random.Random) -> int:
    """The same game through ``is_finished``, ``legal_actions`` and ``apply``.

    The legal actions list the seat's cards first and then the legal
    announcements (SPEC §8.2); nobody announces, so the choice is among the
    leading ``Play`` actions, all of them whenever the last action is a card.
    """
    draw = rng.random
    deal = _answered(rng)
    while not deal.is_finished:
        actions = deal.legal_actions
        cards = len(actions)
        if type(actions[-1]) is not Play:
            cards = sum(type(action) is Play for action in actions)
        deal = deal.apply(actions[int(draw() * cards)])
    return settle(deal).value


def library_time(game: Callable[[random.Random], int], games: int, repeat: int, seed: int) -> float:
    """The best processor time per game, in seconds, over ``repeat`` runs."""
    warm_up = random.Random(seed - 1)
    for _ in range(200):
        game(warm_up)
    best = float("inf")
    for run in range(repeat):
        rng = random.Random(seed + run)
        start = time.process_time()
        for _ in range(games):
            game(rng)
        best = min(best, (time.process_time() - start) / games)
    return best


def _children_time() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def engine_time(engine: str, games: int, repeat: int, seed: int) -> float:
    """The best processor time per game of the engine's own random games, in seconds."""
    # The engine plays its games in rounds of four (one per dealer).
    games = max(4, games - games % 4)
    best = float("inf")
    for run in range(repeat):
        command = [engine, "-n", str(games), "-r", "-s", str(seed + run)]
        command += ["-p", "random", "random", "random", "random"]
        before = _children_time()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        best = min(best, (_children_time() - before) / games)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--engine",
        default=os.environ.get("DOPPELKOPF_ENGINE"),
        help="path of the doko program (default: $DOPPELKOPF_ENGINE)",
    )
    args = parser.parse_args(argv)
    print(f"doppelkopf {__version__}, Python {platform.python_version()}, {platform.machine()}")
    library_games = max(1, args.games // 10)
    per_game = library_time(play_game, library_games, args.repeat, args.seed)
    print(f"library, legal_cards + play   {1e6 * per_game:8.1f} µs per game")
    generic = library_time(apply_game, library_games, args.repeat, args.seed)
    print(f"library, legal_actions + apply{1e6 * generic:8.1f} µs per game")
    if not args.engine:
        print("no engine given (--engine PATH or DOPPELKOPF_ENGINE): library alone")
        return 0
    engine = engine_time(args.engine, args.games, args.repeat, args.seed)
    print(f"engine                        {1e6 * engine:8.1f} µs per game")
    print(f"ratio, legal_cards + play     {per_game / engine:8.2f} x the engine")
    print(f"ratio, legal_actions + apply  {generic / engine:8.2f} x the engine")
    return 0


if __name__ == "__main__":
    sys.exit(main())
