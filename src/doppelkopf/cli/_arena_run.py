"""The engine of ``doppelkopf arena``: its bots, the seed of every deal, and the deals
played in chunks, in this process, in worker processes (``--jobs``) or as Ray tasks
(``--ray``).

Every deal is seeded from the run's seed and its index alone: the shuffle by
``(seed, "deal", index)``, the ``k``-th new shuffle of a void deal (V§8) by
``(seed, "redeal", index, shift, k)`` and every bot, made anew for each game,
by ``(seed, "bot", index, shift, k, bot)``.  So a chunk of deals played
anywhere gives the same games as the whole run in one process, and the
chunks are gathered in the order of their indices.
"""

from __future__ import annotations

import hashlib
import importlib
import inspect
import math
import multiprocessing
import os
import random
import signal
import sys
import traceback
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from typing import Any, Final

import attrs

from ..deal import Action, Deal, Declare, PlayerView, Reservation
from ..errors import MissingExtraError
from ..players import HeuristicPlayer, Player, RandomPlayer, play_deal
from ..rules import GameType, Rules
from ._common import _CommandFailure, _cut, _fail, _UsageError

_SOLO_SHARE: Final = 0.02
"""How often the arena's random bot declares a solo when it may: 2 % of its reservations."""


class SoloShyRandomPlayer:
    """A random bot for the arena: :class:`~doppelkopf.RandomPlayer`, except that in the
    reservation round it declares a solo only with probability 2 %.

    A :class:`~doppelkopf.RandomPlayer` picks uniformly among its reservations,
    and with seven voluntary solos against one healthy answer (SPEC §3.2, §4)
    almost every deal between random bots became a solo.  This bot answers
    healthy (or, holding both ♣Q, healthy or marriage at random) otherwise, and
    plays and announces as the random player does.

    >>> from doppelkopf import Deal
    >>> bot = SoloShyRandomPlayer(seed=1)
    >>> [bot.act(Deal.shuffled(seed=n).view(0)).reservation.game_type for n in range(4)]
    [None, None, None, None]
    """

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.player = RandomPlayer(rng=self.rng)

    def __repr__(self) -> str:
        return f"SoloShyRandomPlayer(seed={self.seed!r})"

    def act(self, view: PlayerView) -> Action | None:
        """As :meth:`RandomPlayer.act <doppelkopf.RandomPlayer.act>`, solos made rare."""
        if view.game_type is not None or view.turn != view.seat or view.question is not None:
            return self.player.act(view)
        # It names its reservation at once: never the bare Vorbehalt (SPEC §3.2).
        options = [
            action
            for action in view.legal_actions
            if isinstance(action, Declare) and action.reservation is not Reservation.VORBEHALT
        ]
        solos = [action for action in options if action.reservation.game_type in _SOLO_TYPES]
        others = [action for action in options if action not in solos]
        if solos and (not others or self.rng.random() < _SOLO_SHARE):
            return self.rng.choice(solos)
        return self.rng.choice(others)


_SOLO_TYPES: Final = frozenset(game for game in GameType if game.is_solo)

_MAX_VOIDS: Final = 1000
"""Void deals in a row after which the arena gives up (bots that always throw in)."""

RAY_INSTALL: Final = 'pip install "doppelkopf[ray]"'
"""The command that installs Ray, which ``--ray`` needs."""


def _search_player(seed: int) -> Player:
    """The search bot with its default budget, imported only when an arena seats it."""
    from ..search import SearchPlayer

    return SearchPlayer(seed=seed)


BOTS: Final[Mapping[str, Callable[[int], Player]]] = {
    "heuristic": lambda seed: HeuristicPlayer(seed=seed),
    "random": lambda seed: SoloShyRandomPlayer(seed=seed),
    "search": _search_player,
    "uniform": lambda seed: RandomPlayer(seed=seed),
}
"""The built-in bots by name, each made from its seed."""


# --- bots of one's own -------------------------------------------------------------------


def _trace(debug: bool) -> None:
    """With ``debug``, write the traceback of the error being handled to standard error."""
    if debug:
        traceback.print_exc(file=sys.stderr)


def _bot_maker(spec: str, *, debug: bool, folder: str | None = None) -> Callable[[int], Player]:
    """What makes a bot of the class ``MODULE:CLASS`` from a seed, its module imported
    from ``folder`` (by default the current directory) too; see :func:`load_player`."""
    module_name, _, class_name = spec.partition(":")
    here = os.getcwd() if folder is None else folder
    added = here not in sys.path
    if added:
        sys.path.insert(0, here)
    try:
        module = importlib.import_module(module_name)
    except Exception as error:  # the user's module may raise anything while it loads
        _trace(debug)
        _fail(f"cannot import {_cut(module_name)}: {_cut(f'{type(error).__name__}: {error}', 80)}")
    finally:
        if added:
            sys.path.remove(here)
    factory = module
    for part in class_name.split("."):
        try:
            factory = getattr(factory, part)
        except AttributeError:
            _fail(f"{_cut(module_name)} has no {_cut(class_name)}")
    if not callable(factory):
        _fail(f"{_cut(spec)} is not a class")
    try:
        takes_seed = "seed" in inspect.signature(factory).parameters
    except (TypeError, ValueError):
        takes_seed = False
    made: Callable[..., object] = factory

    def make(seed: int) -> Player:
        try:
            player = made(seed=seed) if takes_seed else made()
        except Exception as error:  # the user's class may raise anything
            _trace(debug)
            _fail(f"cannot make a bot of {_cut(spec)}: {_cut(f'{class_name}() {error}', 80)}")
        if not isinstance(player, Player):
            _fail(f"{_cut(spec)} is not a Player: it has no act(view) method")
        return player

    return make


def load_player(spec: str, seed: int, *, debug: bool = False) -> Player:
    """A new bot of the class named ``MODULE:CLASS``, imported from the current directory too.

    The class is called with ``seed=`` when it takes a ``seed`` argument, else
    with no argument; what it makes must be a :class:`~doppelkopf.Player` (have
    an ``act`` method).  With ``debug`` the traceback of an error raised while the
    module loads or the class makes the bot is written to standard error first.

    >>> load_player("doppelkopf:HeuristicPlayer", 7)
    HeuristicPlayer(seed=7)
    >>> load_player("doppelkopf:Card", 7)
    Traceback (most recent call last):
    ...
    doppelkopf.cli._common._UsageError: cannot make a bot of doppelkopf:Card: Card() ...

    Raises:
        InvalidValueError: the module cannot be imported, has no such class, or the
            class does not make a Player.
    """
    return _bot_maker(spec, debug=debug)(seed)


def bot_maker(
    kind: str, *, debug: bool = False, folder: str | None = None
) -> Callable[[int], Player]:
    """What makes a bot of ``kind`` (a name of :data:`BOTS` or ``MODULE:CLASS``) from a seed."""
    return _bot_maker(kind, debug=debug, folder=folder) if ":" in kind else BOTS[kind]


# --- seeds and chunks ---------------------------------------------------------------------


def derived_seed(seed: int, *path: int | str) -> int:
    """A 64-bit seed for one part of a run, from the run's ``seed`` and the part's ``path``
    alone, the same in every process and on every machine.

    >>> derived_seed(1, "deal", 0) == derived_seed(1, "deal", 0) != derived_seed(1, "deal", 1)
    True
    """
    text = ":".join(str(part) for part in (seed, *path)).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8, person=b"dk-arena").digest(), "big")


def first_dealer(seed: int) -> int:
    """The seat that deals the first deal of the run of ``seed``, drawn by lot."""
    return derived_seed(seed, "dealer") % 4


@attrs.frozen
class Plan:
    """What every chunk of a run needs, in a form another process can take: the rules as
    a dict (:meth:`Rules.as_dict <doppelkopf.Rules.as_dict>`) and the bots by name.

    ``shifts`` are the seatings each deal is played in (``(0,)``, or ``(0, 1, 2, 3)``
    with ``--rotate``) and ``folder`` is the directory bots of one's own are imported
    from.
    """

    seed: int
    rules: dict[str, Any]
    kinds: tuple[str, ...]
    shifts: tuple[int, ...]
    dealer: int
    debug: bool
    folder: str


@attrs.frozen
class Failure:
    """Why a chunk stopped: a usage error (exit status 2) or a failure (status 1).

    ``game`` is the number, within the chunk, of the game whose bot failed (the
    message is then prefixed with the game's number in the whole run), and
    ``trace`` its traceback (``--debug``), written to standard error first.
    """

    usage: bool
    message: str
    game: int | None = None
    trace: str = ""


@attrs.frozen
class Chunk:
    """The games of a chunk of deals, in order, with their seatings and void deals."""

    deals: tuple[Deal, ...]
    seating: tuple[tuple[int, ...], ...]
    voids: int
    failure: Failure | None = None


class _BotFailed(Exception):
    """A bot raised or returned an illegal action while it played (``trace``: its traceback)."""

    def __init__(self, message: str, trace: str) -> None:
        super().__init__(message)
        self.trace = trace


def _play(start: Deal, players: Sequence[Player], own_bots: bool, debug: bool) -> Deal:
    """Play ``start`` to the end; a failing bot is reported (with its traceback on ``debug``).

    A built-in bot that fails is a fault of the library, raised as it is unless ``debug``.
    """
    try:
        return play_deal(start, players)
    except Exception as error:  # a bot of the user's own may raise anything
        if not own_bots and not debug:
            raise
        trace = traceback.format_exc() if debug else ""
        hint = "" if debug else " (--debug shows its traceback)"
        raise _BotFailed(
            f"a bot failed: {_cut(f'{type(error).__name__}: {error}', 120)}{hint}", trace
        ) from None


def play_chunk(
    plan: Plan, start: int, stop: int, on_game: Callable[[], None] | None = None
) -> Chunk:
    """Play the deals of index ``start`` up to ``stop`` of the run of ``plan``.

    Each seating of a deal is played until it is not void (V§8), the same dealer
    dealing again.  A bot that fails, or a thousand void deals in a row, end the
    chunk with a :class:`Failure` after the games played before; ``on_game`` is
    called after every game that was not void.
    """
    rules = Rules.from_dict(plan.rules)
    own_bots = any(":" in kind for kind in plan.kinds)
    deals: list[Deal] = []
    seating: list[tuple[int, ...]] = []
    voids = 0
    try:
        makers = [bot_maker(kind, debug=plan.debug, folder=plan.folder) for kind in plan.kinds]
        for index in range(start, stop):
            dealer = (plan.dealer + index) % 4
            first = Deal.shuffled(
                seed=derived_seed(plan.seed, "deal", index), dealer=dealer, rules=rules
            )
            for shift in plan.shifts:
                deal = first
                for redeal in range(_MAX_VOIDS):
                    players = [
                        make(derived_seed(plan.seed, "bot", index, shift, redeal, bot))
                        for bot, make in enumerate(makers)
                    ]
                    seated = [players[(seat - shift) % 4] for seat in range(4)]
                    finished = _play(deal, seated, own_bots, plan.debug)
                    deals.append(finished)
                    seating.append(tuple((bot + shift) % 4 for bot in range(4)))
                    if not finished.is_void:
                        break
                    voids += 1
                    deal = Deal.shuffled(
                        seed=derived_seed(plan.seed, "redeal", index, shift, redeal + 1),
                        dealer=dealer,
                        rules=rules,
                    )
                else:
                    raise _CommandFailure(
                        f"{_MAX_VOIDS} deals in a row were void (thrown in or Armut refused); "
                        "the bots never play a deal under these rules"
                    )
                if on_game is not None:
                    on_game()
    except _BotFailed as failed:
        failure = Failure(False, str(failed), len(deals) + 1, failed.trace)
        return Chunk(tuple(deals), tuple(seating), voids, failure)
    except (_UsageError, _CommandFailure) as error:
        failure = Failure(isinstance(error, _UsageError), str(error))
        return Chunk(tuple(deals), tuple(seating), voids, failure)
    return Chunk(tuple(deals), tuple(seating), voids)


_CHUNKS_PER_WORKER: Final = 8
"""About how many chunks each worker is given: enough for the last ones to even out."""

_MOST_PER_CHUNK: Final = 500
"""The most deals in a chunk, about a second of quick bots' play."""


def chunks(count: int, workers: int) -> list[tuple[int, int]]:
    """The deals ``0 .. count - 1`` cut into chunks, about eight for each of ``workers``,
    of at most 500 deals, so that results flow back often and cheaply.

    >>> chunks(10, 1)
    [(0, 2), (2, 4), (4, 6), (6, 8), (8, 10)]
    >>> len(chunks(100_000, 2)), chunks(3, 4)
    (200, [(0, 1), (1, 2), (2, 3)])
    """
    size = max(1, min(_MOST_PER_CHUNK, math.ceil(count / (workers * _CHUNKS_PER_WORKER))))
    return [(start, min(start + size, count)) for start in range(0, count, size)]


# --- gathering -------------------------------------------------------------------------


@attrs.define
class Gathered:
    """The games of a whole run in the order of their deals, and how many were void."""

    deals: list[Deal] = attrs.Factory(list)
    seating: list[tuple[int, ...]] = attrs.Factory(list)
    voids: int = 0

    def add(self, chunk: Chunk) -> None:
        """Append ``chunk``'s games; raise its failure, the game numbered in the whole run."""
        failure = chunk.failure
        if failure is not None:
            sys.stderr.write(failure.trace)
            message = failure.message
            if failure.game is not None:
                message = f"deal {len(self.deals) + failure.game}: {message}"
            raise _UsageError(message) if failure.usage else _CommandFailure(message)
        self.deals.extend(chunk.deals)
        self.seating.extend(chunk.seating)
        self.voids += chunk.voids


def run_here(plan: Plan, count: int, progress: Callable[[int], None]) -> Gathered:
    """Play the whole run in this process, ``progress(games done)`` after every game."""
    played = 0

    def on_game() -> None:
        nonlocal played
        played += 1
        progress(played)

    gathered = Gathered()
    gathered.add(play_chunk(plan, 0, count, on_game))
    return gathered


def _quiet_worker() -> None:
    """In a worker: leave Ctrl-C to the parent, which stops the workers itself."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _in_order(
    results: Iterator[tuple[int, Chunk | BaseException]],
    total: int,
    cancel: Callable[[int], None],
    progress: Callable[[int], None],
) -> Gathered:
    """Gather the chunks as they finish (``results`` yields each chunk's number and what it
    gave) in the order of their numbers.

    After a chunk that failed, the later ones are cancelled (``cancel(number)``) or left
    unread and the earlier ones awaited, so that the failure reported is the first one,
    as in one process.
    """
    done: dict[int, Chunk | BaseException] = {}
    first_bad = total
    played = 0
    for number, result in results:
        if number > first_bad:
            continue
        done[number] = result
        if isinstance(result, BaseException) or result.failure is not None:
            first_bad = number
            cancel(number)
        else:
            played += len(result.deals) - result.voids
            progress(played)
        if all(n in done for n in range(min(first_bad + 1, total))):
            break
    gathered = Gathered()
    for number in range(min(first_bad + 1, total)):
        result = done[number]
        if isinstance(result, BaseException):
            raise result
        gathered.add(result)
    return gathered


_WINDOWS_WORKERS: Final = 61
"""The most worker processes a pool has on Windows, where it can wait for no more."""


def run_pool(plan: Plan, count: int, jobs: int, progress: Callable[[int], None]) -> Gathered:
    """Play the run in ``jobs`` worker processes (started by *spawn*), chunk by chunk.

    There are no more workers than chunks, and 61 at most on Windows.  On any
    error, Ctrl-C included, the workers are stopped and the chunks not yet
    played dropped before the error goes on.
    """
    pieces = chunks(count, jobs)
    executor = ProcessPoolExecutor(
        max_workers=min(jobs, len(pieces), _WINDOWS_WORKERS if sys.platform == "win32" else jobs),
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_quiet_worker,
    )
    finished = False
    try:
        futures: dict[Future[Chunk], int] = {
            executor.submit(play_chunk, plan, start, stop): number
            for number, (start, stop) in enumerate(pieces)
        }

        def results() -> Iterator[tuple[int, Chunk | BaseException]]:
            for future in as_completed(futures):
                if future.cancelled():
                    continue
                error = future.exception()
                yield futures[future], future.result() if error is None else error

        # The chunks after a failure are not cancelled one by one: the workers are
        # stopped at once when the run ends unfinished.
        gathered = _in_order(results(), len(pieces), lambda number: None, progress)
        finished = True
        return gathered
    finally:
        _stop(executor, finished)


def _stop(executor: ProcessPoolExecutor, finished: bool) -> None:
    """Shut ``executor`` down; unless the run ``finished``, stop its workers at once."""
    if finished:
        executor.shutdown(wait=True)
        return
    # The pool offers no way to stop busy workers before Python 3.14: they are ended
    # here, and the pool, finding them gone, fails what is left and joins them.  No
    # future may have been cancelled before (Python 3.11 then fails in its thread).
    workers = list((getattr(executor, "_processes", None) or {}).values())
    for worker in workers:
        worker.terminate()
    for worker in workers:
        worker.join(5)
        if worker.is_alive():
            worker.kill()
    executor.shutdown(wait=True)


def _ray() -> Any:
    """The ``ray`` module, or the error saying how to install it."""
    try:
        return importlib.import_module("ray")
    except ImportError as error:
        raise MissingExtraError(
            f"running on a Ray cluster needs Ray, which is not installed; install it with "
            f"{RAY_INSTALL}",
            extra="ray",
            name="ray",
        ) from error


def require_ray() -> None:
    """Check that Ray can be imported, before any work (``--ray``)."""
    _ray()


def run_ray(plan: Plan, count: int, address: str, progress: Callable[[int], None]) -> Gathered:
    """Play the run as Ray tasks, chunk by chunk, on the cluster at ``address``.

    ``"auto"`` calls ``ray.init()`` without an address: Ray connects to the
    cluster running on this machine or starts a local one.  A Ray already
    initialised in this process is used as it is; one initialised here is shut
    down at the end.  Chunks not yet finished are cancelled on any error,
    Ctrl-C included.
    """
    ray = _ray()
    started = not ray.is_initialized()
    if started:
        where = {} if address == "auto" else {"address": address}
        try:
            ray.init(**where, logging_level="error", log_to_driver=False)
        except Exception as error:  # Ray raises what its connection raises
            raise _CommandFailure(
                f"--ray: cannot reach a Ray cluster at {_cut(address)}: "
                f"{_cut(f'{type(error).__name__}: {error}', 120)}"
            ) from None
    try:
        return _ray_chunks(ray, plan, count, progress)
    finally:
        if started:
            ray.shutdown()


def _ray_chunks(ray: Any, plan: Plan, count: int, progress: Callable[[int], None]) -> Gathered:
    """Play the run of ``plan`` on the cluster ``ray`` is connected to."""
    cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
    pieces = chunks(count, cpus)
    task = ray.remote(play_chunk)
    refs = [task.remote(plan, start, stop) for start, stop in pieces]
    numbers = {ref: number for number, ref in enumerate(refs)}

    def results() -> Iterator[tuple[int, Chunk | BaseException]]:
        waiting = list(refs)
        while waiting:
            ready, waiting = ray.wait(waiting, num_returns=1)
            for ref in ready:
                try:
                    result: Chunk | BaseException = ray.get(ref)
                except ray.exceptions.RayTaskError as error:
                    result = error.as_instanceof_cause()
                except ray.exceptions.RayError as error:  # cancelled, or its worker lost
                    result = error
                yield numbers[ref], result

    def cancel(after: int) -> None:
        for ref, number in numbers.items():
            if number > after:
                ray.cancel(ref, force=True)

    finished = False
    try:
        gathered = _in_order(results(), len(pieces), cancel, progress)
        finished = True
        return gathered
    finally:
        if not finished:
            for ref in refs:
                ray.cancel(ref, force=True)
