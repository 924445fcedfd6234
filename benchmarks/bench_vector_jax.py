"""Decisions per second of the JAX card play of :mod:`doppelkopf.vector._jax`, and numpy's.

Run from the repository root (after ``pip install ".[jax]"``, or with ``PYTHONPATH=src``),
on whatever device JAX finds (CPU, GPU or TPU: the script is the same)::

    python benchmarks/bench_vector_jax.py [--batch 4096] [--steps 100] [--repeat 3] \
        [--rules ddv] [--deals 1024] [--no-numpy]

``--deals`` distinct deals are taken through their reservation rounds to the
first card on the host and read by ``PlayRows.enter``; the batch of
``--batch`` rows repeats them.  One step is, over all rows: the legal
actions (:func:`~doppelkopf.vector._jax.legal_bits`, the mask packed into an
int), a random legal action per row drawn on the device
(:func:`draw_columns`), the transition (:func:`~doppelkopf.vector._jax.step`),
and every finished row dealt its first-card state again, so that every row
decides in every step.  A decision is one row's step: a step of ``B`` rows is
``B`` decisions.

Four figures, in decisions per second of wall-clock time (the device works
asynchronously; ``jax.block_until_ready`` ends each round), the best of
``--repeat`` rounds of ``--steps`` steps:

- *jax, a call per step*: one jitted call per step from Python, the
  actions drawn on the device;
- *jax, host actions*: what an environment stepping with its caller's
  actions does: the packed legal actions are read back to the host,
  unpacked into the mask, drawn by :func:`~doppelkopf.vector.sample_legal`
  and sent to the device for the step (a second jitted call refills the
  finished rows);
- *jax, steps in one call*: ``--steps`` steps in one ``jax.lax.scan``, what a
  training loop on the device would run;
- *numpy*: ``PlayRows.write_mask``, :func:`~doppelkopf.vector.sample_legal`
  and ``PlayRows.apply`` over the same rows, the finished rows refilled the
  same way.

The compile times of the jitted functions are printed first.
"""

from __future__ import annotations

import argparse
import platform
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from doppelkopf import Deal, Phase, Rules, __version__
from doppelkopf.adapters import encoding
from doppelkopf.vector import sample_legal
from doppelkopf.vector._jax import (
    COLUMNS,
    PlayState,
    Tables,
    action_ids,
    device_tables,
    from_rows,
    legal_bits,
    step,
)
from doppelkopf.vector._play import PlayRows

_RULE_SETS = {
    "ddv": Rules.DDV,
    "no-nines": Rules(nines=False),
    "xix": Rules.XIX,
}


def _at_first_card(seed: int, rules: Rules, rng: np.random.Generator) -> Deal:
    """Deal ``seed`` (or the next one that is not thrown in) at its first card."""
    while True:
        deal = Deal.shuffled(seed, rules=rules)
        while deal.phase is not Phase.PLAY and not deal.is_finished:
            actions = encoding.turn_actions(deal)
            deal = deal.apply(actions[int(rng.integers(len(actions)))])
        if deal.phase is Phase.PLAY:
            return deal
        seed += 1_000_003


def entered_rows(rules: Rules, batch: int, deals: int) -> PlayRows:
    """``batch`` rows at their first card, repeating ``deals`` distinct deals."""
    rng = np.random.default_rng(0)
    distinct = min(batch, deals)
    small = PlayRows(distinct, rules)
    device_tables(small)
    small.enter(list(range(distinct)), [_at_first_card(s, rules, rng) for s in range(distinct)])
    rows = PlayRows(batch, rules)
    device_tables(rows)
    repeat = np.arange(batch) % distinct
    for name in PlayState._fields:
        getattr(rows, name)[...] = getattr(small, name)[repeat]
    rows.game_index[...] = small.game_index[repeat]
    return rows


def _refill(state: PlayState, fresh: PlayState, finished: jax.Array) -> PlayState:
    """The finished rows dealt their first-card state again."""

    def pick(new: jax.Array, old: jax.Array) -> jax.Array:
        wide = finished.reshape(finished.shape + (1,) * (old.ndim - 1))
        return jnp.where(wide, new, old)

    return PlayState(*(pick(new, old) for new, old in zip(fresh, state, strict=True)))


def draw_columns(key: jax.Array, bits: jax.Array) -> jax.Array:
    """A uniformly drawn set bit of each row of ``bits`` (:func:`legal_bits`), its column.

    One uniform number per row picks the rank among the row's legal columns,
    and a binary search by population counts finds that set bit.  On a CPU
    this is about 25 times faster than ``jax.random.categorical`` over masked
    logits, which draws a number for every column, and reading the packed
    bits rather than the mask keeps XLA from recomputing the mask for each
    column of a reduction over it (measured 20 times slower at 65,536 rows).
    """
    count = jax.lax.population_count(bits)
    rank = (jax.random.uniform(key, bits.shape) * count).astype(jnp.int32)
    column = jnp.zeros_like(bits)
    for width in (16, 8, 4, 2, 1):
        below = jax.lax.population_count((bits >> column) & ((1 << width) - 1))
        beyond = rank >= below
        rank = jnp.where(beyond, rank - below, rank)
        column = jnp.where(beyond, column + width, column)
    return column


def _one_step(
    state: PlayState, key: jax.Array, fresh: PlayState, tables: Tables, skip: bool
) -> tuple[PlayState, jax.Array]:
    """Mask, draw, step and refill every row once."""
    bits = legal_bits(state, skip=skip)
    key, draw = jax.random.split(key)
    columns = draw_columns(draw, bits)
    state, finished = step(state, tables, action_ids(columns), state.active)
    return _refill(state, fresh, finished), key


@partial(jax.jit, static_argnames=("skip",), donate_argnums=(0, 1))
def jax_step(
    state: PlayState, key: jax.Array, fresh: PlayState, tables: Tables, *, skip: bool
) -> tuple[PlayState, jax.Array]:
    """One step of every row, a call from Python."""
    return _one_step(state, key, fresh, tables, skip)


@partial(jax.jit, static_argnames=("skip", "steps"), donate_argnums=(0, 1))
def jax_steps(
    state: PlayState, key: jax.Array, fresh: PlayState, tables: Tables, *, skip: bool, steps: int
) -> tuple[PlayState, jax.Array]:
    """``steps`` steps of every row in one call (``jax.lax.scan``)."""

    def body(
        carry: tuple[PlayState, jax.Array], _: None
    ) -> tuple[tuple[PlayState, jax.Array], None]:
        return _one_step(*carry, fresh, tables, skip), None

    carry, _ = jax.lax.scan(body, (state, key), None, length=steps)
    return carry


_ready: Callable[[Any], Any] = jax.block_until_ready
"""Wait for the device to finish computing a value (typed here: JAX leaves it untyped)."""


def best_rate(round_: Callable[[], None], decisions: int, repeat: int) -> float:
    """Decisions per second of wall-clock time, the best of ``repeat`` rounds."""
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        round_()
        best = min(best, time.perf_counter() - started)
    return decisions / best


def compile_seconds(function: Any, *args: Any, **static: Any) -> float:
    """The time to trace and compile ``function`` for these arguments."""
    started = time.perf_counter()
    function.lower(*args, **static).compile()
    return time.perf_counter() - started


@jax.jit
def _host_step(state: PlayState, actions: jax.Array, fresh: PlayState, tables: Tables) -> PlayState:
    """The step of every row with the host's actions, the finished rows refilled."""
    state, finished = step(state, tables, actions, state.active)
    return _refill(state, fresh, finished)


def host_rate(  # noqa: PLR0917 - the figure's arrays and options
    state: PlayState, fresh: PlayState, tables: Tables, skip: bool, steps: int, repeat: int
) -> float:
    """Decisions per second with the mask read back and the actions drawn on the host."""
    columns = np.arange(COLUMNS, dtype=np.int32)
    rng = np.random.default_rng(2)
    carry = state

    def round_() -> None:
        nonlocal carry
        for _ in range(steps):
            bits = np.asarray(legal_bits(carry, skip=skip))
            mask = ((bits[:, None] >> columns) & 1).astype(np.bool_)
            drawn = sample_legal(mask, rng)
            actions = np.where(drawn < 24, drawn, drawn - 24 + encoding.ANNOUNCE_BASE)
            carry = _host_step(carry, jnp.asarray(actions), fresh, tables)
        carry = _ready(carry)

    round_()
    return best_rate(round_, state.active.shape[0] * steps, repeat)


def numpy_rate(play: PlayRows, steps: int, repeat: int) -> float:
    """Decisions per second of the numpy play, mask, draw, step and refill included."""
    fresh = {name: getattr(play, name).copy() for name in PlayState._fields}
    mask = np.zeros((len(play.active), encoding.NUM_ACTIONS), dtype=np.bool_)
    rng = np.random.default_rng(1)

    def round_() -> None:
        for _ in range(steps):
            playing = play.active.copy()
            rows = np.flatnonzero(playing)
            play.write_mask(mask)
            actions = np.zeros(len(playing), dtype=np.int64)
            actions[rows] = sample_legal(mask[rows], rng)
            finished = play.apply_all(playing, actions)
            for name, values in fresh.items():
                getattr(play, name)[finished] = values[finished]

    round_()
    return best_rate(round_, len(play.active) * steps, repeat)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--batch", type=int, default=4096)
    parser.add_argument("--steps", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--deals", type=int, default=1024)
    parser.add_argument("--rules", choices=sorted(_RULE_SETS), default="ddv")
    parser.add_argument("--no-numpy", action="store_true", help="leave out the numpy figure")
    args = parser.parse_args(argv)
    rules = _RULE_SETS[args.rules]
    skip, steps = rules.skip_levels, args.steps
    devices = jax.devices()
    print(
        f"doppelkopf {__version__}, JAX {jax.__version__}, Python {platform.python_version()}, "
        f"numpy {np.__version__}"
    )
    print(f"devices: {devices}; kind: {devices[0].device_kind} ({devices[0].platform})")
    print(f"rules {args.rules}, batch {args.batch}, {steps} steps a round, best of {args.repeat}")

    started = time.perf_counter()
    play = entered_rows(rules, args.batch, args.deals)
    print(
        f"{min(args.batch, args.deals)} deals to their first card: "
        f"{time.perf_counter() - started:.1f} s"
    )
    tables = device_tables(play)
    fresh = from_rows(play)
    key = jax.random.key(0)
    compiled = (
        compile_seconds(legal_bits, fresh, skip=skip),
        compile_seconds(step, fresh, tables, fresh.leader, fresh.active),
        compile_seconds(jax_step, fresh, key, fresh, tables, skip=skip),
        compile_seconds(jax_steps, fresh, key, fresh, tables, skip=skip, steps=steps),
    )
    print(
        "compile: legal_bits {:.2f} s, step {:.2f} s, a step with the draw {:.2f} s, "
        "{} steps in one call {:.2f} s".format(*compiled[:3], steps, compiled[3])
    )

    # The steps take the state they are given (donated): the fresh rows stay apart.
    carry = (PlayState(*(jnp.copy(field) for field in fresh)), key)

    def per_call() -> None:
        nonlocal carry
        state, key = carry
        for _ in range(steps):
            state, key = jax_step(state, key, fresh, tables, skip=skip)
        carry = _ready((state, key))

    def fused() -> None:
        nonlocal carry
        carry = _ready(jax_steps(*carry, fresh, tables, skip=skip, steps=steps))

    decisions = args.batch * steps
    per_call()
    fused()
    rates = {
        "jax, a call per step": best_rate(per_call, decisions, args.repeat),
        "jax, steps in one call": best_rate(fused, decisions, args.repeat),
        "jax, host actions": host_rate(carry[0], fresh, tables, skip, steps, args.repeat),
    }
    if not args.no_numpy:
        rates["numpy"] = numpy_rate(play, steps, args.repeat)
    for name, rate in rates.items():
        print(f"{name:24} {rate:14,.0f} decisions/s  ({1e6 / rate:.3f} µs a decision)")


if __name__ == "__main__":
    main()
