"""The analysis of a played deal: every decision of a seat scored from its view (SPEC §6.1).

Why the seeds are derived as they are: every decision draws its worlds from
a seed made of the run's seed, the decision's event number and its kind, so
a decision's numbers do not depend on which other seats or decisions are
analysed, nor on how many processes share the work.
"""

from __future__ import annotations

import hashlib
import math
import multiprocessing
import multiprocessing.context
import random
from collections.abc import Iterable, Mapping
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Final

from .. import _checks
from ..deal import Deal
from ..errors import DoppelkopfError, InvalidValueError
from ..players._seeds import check_seed
from ..records import load_deal
from ..search import _params
from ..wire import format_action
from ._decisions import Pending, decisions_of
from ._evaluate import score_options
from ._results import Analysis, Decision, OptionValue, SeatLoss
from ._stats import interval, paired

__all__ = ["DEFAULT_BUDGET", "DEFAULT_THRESHOLD", "UnfinishedDealError", "analyze"]

DEFAULT_BUDGET: Final = 512
"""Worlds per decision when no budget is given."""
DEFAULT_THRESHOLD: Final = 1.0
"""The loss in game points above which a significant loss is a blunder."""
MAX_BUDGET: Final = 100_000
"""The most worlds per decision."""
MAX_JOBS: Final = 256
"""The most processes."""
_BEFORE_PLAY_SHARE: Final = 4
"""A reservation or Armut answer is scored in this fraction of the budget's worlds."""
_MAX_SEED_TEXT: Final = 200
_MAX_SEED_BITS: Final = 256


class UnfinishedDealError(DoppelkopfError, ValueError):
    """The deal to analyse has not been played to its end (SPEC §5.1, V§8).

    An analysis compares what was chosen with what could have been; a deal
    still under way has no end to compare, so it is refused.
    """


def analyze(
    record_or_deal: Deal | Mapping[str, Any],
    *,
    seat: int | Iterable[int] | None = None,
    budget: int = DEFAULT_BUDGET,
    seed: int | str | None = 0,
    threshold: float = DEFAULT_THRESHOLD,
    jobs: int = 1,
) -> Analysis:
    """Score every decision of ``seat`` in a finished deal from that seat's view (SPEC §6.1).

    ``record_or_deal`` is a finished :class:`~doppelkopf.Deal` or a deal
    record (:func:`~doppelkopf.records.dump_deal`), which is checked and
    replayed as :func:`~doppelkopf.records.load_deal` does.  ``seat`` is one
    seat, several, or ``None`` for all four.  ``budget`` is the number of
    worlds drawn for each card or announcement decision (2 to 100,000):
    every option is played out once in each of those worlds, so a decision
    costs ``budget`` × options playouts and the intervals narrow as
    ``1/√budget``.  A reservation or Armut answer gets a quarter of the
    worlds (at least 2): each of its worlds also plays the rest of the
    round and the exchange.  ``seed`` (``int``,
    ``str`` or ``None`` for a fresh one, which the result then names) fixes
    every world drawn.  A decision is a *blunder* when its loss exceeds
    ``threshold`` game points and its 95 % interval lies above 0.  ``jobs``
    processes share the decisions, with the same results as one; they are
    started by a fork server (a new interpreter where the system has none),
    never by forking the caller, whose threads (a web server's, JAX's) a
    forked child would inherit in whatever state they were.

    >>> from doppelkopf import Deal, HeuristicPlayer, play_deal
    >>> deal = play_deal(Deal.shuffled(seed=9), [HeuristicPlayer(seed=s) for s in range(4)])
    >>> analysis = analyze(deal, seat=0, budget=8, seed=1)
    >>> analysis.seats, len(analysis.decisions) > 0, analysis.total(0).decisions > 0
    ((0,), True, True)
    >>> analysis == analyze(deal, seat=0, budget=8, seed=1)
    True

    Raises:
        InvalidTypeError: a parameter of the wrong type.
        InvalidValueError: a seat, budget, threshold or number of jobs out of range.
        RecordError: the record is not a valid deal record.
        UnfinishedDealError: the deal is not finished.
    """
    deal = _deal_of(record_or_deal)
    seats = _seats(seat)
    budget = _params.count(budget, "budget", 2, MAX_BUDGET)
    threshold = _threshold(threshold)
    jobs = _params.count(jobs, "jobs", 1, MAX_JOBS)
    chosen_seed = _seed(seed)
    pending, forced = decisions_of(deal, seats)
    tasks = [(item, _worlds(item, budget), _decision_seed(chosen_seed, item)) for item in pending]
    if jobs == 1 or len(tasks) < 2:
        scored = [_scores(*task) for task in tasks]
    else:
        with ProcessPoolExecutor(
            max_workers=min(jobs, len(tasks)), mp_context=_worker_context()
        ) as pool:
            scored = list(pool.map(_scores_of, tasks, chunksize=1))
    decisions = tuple(
        _decision(item, rows, threshold) for item, rows in zip(pending, scored, strict=True)
    )
    totals = tuple(_total(s, decisions, forced[s]) for s in seats)
    return Analysis(seats, budget, chosen_seed, threshold, decisions, totals)


def _worker_context() -> multiprocessing.context.BaseContext:
    """The fork server's context where the system has one, else a new interpreter's."""
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    return multiprocessing.get_context(method)


def _deal_of(value: object) -> Deal:
    if isinstance(value, Deal):
        deal = value
    elif isinstance(value, Mapping):
        deal = load_deal(value)
    else:
        raise _checks.type_error(value, "record_or_deal", "Deal or deal record (a mapping)")
    if not deal.is_finished:
        raise UnfinishedDealError(
            f"the deal is not finished: it stands in phase {deal.phase.value!r} after "
            f"{deal.moment} cards, and only a deal played to its end can be analysed "
            "(SPEC §5.1)"
        )
    return deal


def _seats(seat: object) -> tuple[int, ...]:
    if seat is None:
        return (0, 1, 2, 3)
    if isinstance(seat, int):
        return (_checks.seat(seat),)
    if isinstance(seat, str | bytes) or not isinstance(seat, Iterable):
        raise _checks.type_error(seat, "seat", "int, iterable of int or None")
    chosen: list[int] = []
    for item in seat:
        if len(chosen) == 4:
            raise InvalidValueError("seat names more than the four seats (SPEC §2.1)")
        checked = _checks.seat(item, "seat")
        if checked in chosen:
            raise InvalidValueError(f"seat {checked} is named twice (SPEC §2.1)")
        chosen.append(checked)
    if not chosen:
        raise InvalidValueError("seat names no seat: give one to four seats, or None for all")
    return tuple(sorted(chosen))


def _threshold(value: object) -> float:
    number = _params.points(value, "threshold")
    if number < 0:
        raise InvalidValueError(
            f"threshold must be at least 0 points, not {_checks.excerpt(value)}"
        )
    return number


def _seed(seed: object) -> int | str:
    checked = check_seed(seed)
    if checked is None:
        return random.SystemRandom().getrandbits(63)
    if isinstance(checked, str) and len(checked) > _MAX_SEED_TEXT:
        raise InvalidValueError(
            f"seed must be text of at most {_MAX_SEED_TEXT} characters, "
            f"not {_checks.excerpt(checked)}"
        )
    if isinstance(checked, int) and checked.bit_length() > _MAX_SEED_BITS:
        raise InvalidValueError(
            f"seed must be an int of at most {_MAX_SEED_BITS} bits, not {_checks.excerpt(checked)}"
        )
    return checked


def _decision_seed(seed: int | str, item: Pending) -> int:
    """The seed of one decision: the run's seed, the decision's event number and kind."""
    text = f"doppelkopf-analysis\x00{type(seed).__name__}\x00{seed}\x00{item.event}\x00{item.kind}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def _worlds(item: Pending, budget: int) -> int:
    """The worlds of one decision: the budget, a quarter of it before the card play.

    Before the card play every world also plays the rest of the reservation
    round and any Armut exchange by heuristic players, whose choice of the
    cards to return weighs hundreds of ways: measured, such a decision cost
    ten to twenty times a card decision at the same budget.
    """
    if item.kind in ("reservation", "armut"):
        return max(2, budget // _BEFORE_PLAY_SHARE)
    return budget


def _scores(item: Pending, budget: int, seed: int) -> tuple[tuple[int, ...], ...]:
    return score_options(item.view, item.options, budget, seed)


def _scores_of(task: tuple[Pending, int, int]) -> tuple[tuple[int, ...], ...]:
    return _scores(*task)


def _label(item: Pending, number: int) -> str:
    option = item.options[number]
    if option is None:
        return "no announcement"
    return format_action(option, context=item.view)


def _decision(item: Pending, rows: tuple[tuple[int, ...], ...], threshold: float) -> Decision:
    options = []
    for number, row in enumerate(rows):
        mean, low, high = interval(row)
        options.append(OptionValue(_label(item, number), item.options[number], mean, low, high))
    means = [option.mean for option in options]
    top = max(means)
    # Among equal means the chosen option counts as the best: no loss.
    best = item.chosen if means[item.chosen] == top else means.index(top)
    loss, low, high = paired(rows[best], rows[item.chosen])
    view = item.view
    trick = view.current_trick
    playing = item.kind in ("card", "announcement")
    return Decision(
        index=item.event,
        seat=item.seat,
        kind=item.kind,
        trick=len(view.tricks) + 1 if playing else 0,
        leader=trick.leader if playing else None,
        table=tuple(trick.cards) if playing else (),
        hand=view.hand,
        options=tuple(options),
        chosen=item.chosen,
        best=best,
        loss=loss,
        loss_low=low,
        loss_high=high,
        blunder=loss > threshold and low > 0,
        worlds=len(rows[0]),
    )


def _total(seat: int, decisions: tuple[Decision, ...], forced: int) -> SeatLoss:
    own = [decision for decision in decisions if decision.seat == seat]
    loss = math.fsum(decision.loss for decision in own)
    # Each interval is loss ± Z·se; the decisions are independent, so se² add.
    spread = math.sqrt(math.fsum(((d.loss_high - d.loss) ** 2) for d in own))
    return SeatLoss(
        seat=seat,
        loss=loss,
        low=loss - spread,
        high=loss + spread,
        decisions=len(own),
        forced=forced,
        blunders=sum(decision.blunder for decision in own),
    )
