"""The JAX card play of :mod:`doppelkopf.vector._jax` against the numpy one, step by step.

A numpy :class:`~doppelkopf.vector._play.PlayRows` and a JAX
:class:`~doppelkopf.vector._jax.PlayState` hold the same rows.  Rows enter as
:class:`~doppelkopf.vector.VectorDealEnv` enters them: a checked deal reaches
its first card through its reservation round (SPEC §3.5) and
``PlayRows.enter`` reads it, and the JAX state takes the rows with
``put_rows``.  Every step draws random legal actions from the numpy mask
(the JAX mask must be the same), applies them to a random part of the
playing rows in both, and compares the seats, the finished rows and every
state array; a finished row is settled from both (SPEC §12), and idle rows
take new deals mid-run.
"""

from __future__ import annotations

import importlib.util
from typing import Literal

import numpy as np
import pytest

pytest.importorskip("jax", reason='JAX is not installed: pip install ".[jax]"')

import jax
import jax.numpy as jnp

from doppelkopf import (
    AnswerPoverty,
    Deal,
    Declare,
    MissingExtraError,
    Phase,
    Reservation,
    Rules,
)
from doppelkopf.adapters import encoding
from doppelkopf.rules import GameType
from doppelkopf.search._playout_tables import DULLE_INDEX
from doppelkopf.vector import VectorDealEnv, sample_legal
from doppelkopf.vector._jax import (
    ANNOUNCE_COLUMN,
    COLUMNS,
    ORDERS,
    PlayState,
    action_ids,
    device_tables,
    from_rows,
    legal_bits,
    legal_mask,
    put_rows,
    seats,
    step,
    step_observed,
    take_rows,
    to_rows,
)
from doppelkopf.vector._jax_observe import (
    TensorState,
    final_lines,
    from_tensors,
    put_tensors,
    to_tensors,
    write_lines,
)
from doppelkopf.vector._observe import PlayTensors
from doppelkopf.vector._play import PlayRows
from test_vector_fidelity import run_fidelity

ROWS = 48
"""The batch of the side-by-side run."""

RULE_SETS = {
    "ddv, marriages": (Rules.DDV, 0.9),
    "ddv": (Rules.DDV, 0.2),
    "no nines": (Rules(nines=False), 0.3),
    "no skipped levels": (Rules(skip_levels=False), 0.3),
    "schweine, second dulle": (Rules(schweinchen=True, second_dulle="always"), 0.3),
    "no nines, dulle except last": (Rules(nines=False, second_dulle="except_last_trick"), 0.3),
    "xix, armut": (Rules.XIX, 0.6),
}
"""Each rule set with the share of rows whose seats declare a marriage or an Armut
where they can."""

PREFERRED = [
    encoding.encode_action(action)
    for action in (
        Declare(0, Reservation.MARRIAGE),
        Declare(0, Reservation.POVERTY),
        AnswerPoverty(0, True),
        Declare(0, Reservation.HEALTHY),
    )
]
"""What a seat of a deal that prefers marriages says, the first of these that it may."""


def _at_first_card(seed: int, rules: Rules, marry: bool, rng: np.random.Generator) -> Deal:
    """A shuffled deal taken through its reservation round to its first card (SPEC §3.5).

    With ``marry`` a seat declares its marriage or its Armut where it may,
    accepts an Armut and else says healthy (:data:`PREFERRED`); otherwise
    the declarations (and the Armut's exchange) are drawn.  A deal that ends there (thrown in)
    is replaced by the next seed's.
    """
    while True:
        deal = Deal.shuffled(seed, rules=rules)
        while deal.phase is not Phase.PLAY and not deal.is_finished:
            actions = encoding.turn_actions(deal)
            ids = [encoding.encode_action(action) for action in actions]
            wanted = [ids.index(i) for i in PREFERRED if i in ids] if marry else []
            chosen = wanted[0] if wanted else int(rng.integers(len(actions)))
            deal = deal.apply(actions[chosen])
        if deal.phase is Phase.PLAY:
            return deal
        seed += 1_000_003


def _compare(state: PlayState, play: PlayRows) -> None:
    """Every array of ``state`` equals ``play``'s, over all rows."""
    for name, values in zip(PlayState._fields, jax.device_get(tuple(state)), strict=True):
        expected = getattr(play, name)
        assert values.shape == expected.shape, name
        assert np.array_equal(values, expected), (name, np.argwhere(values != expected)[:5])


def _mask(play: PlayRows) -> np.ndarray:
    """The numpy mask of the playing rows, in the columns of ``legal_mask``."""
    mask = np.zeros((len(play.active), encoding.NUM_ACTIONS), dtype=np.bool_)
    play.write_mask(mask)
    announce = mask[:, encoding.ANNOUNCE_BASE : encoding.ANNOUNCE_BASE + 5]
    return np.concatenate([mask[:, :24], announce], axis=1)


def _compare_tensors(tensors: TensorState, play: PlayRows) -> None:
    """Every array of ``tensors`` equals ``play.tensors``', over all rows."""
    expected = play.tensors
    assert expected is not None
    got = PlayTensors(ROWS, expected.size)
    to_tensors(tensors, got)
    for name in TensorState._fields:
        values, wanted = getattr(got, name), getattr(expected, name)
        assert np.array_equal(values, wanted), (name, np.argwhere(values != wanted)[:5])


def _compare_lines(tensors: TensorState, state: PlayState, play: PlayRows) -> None:
    """The lines of the seats on turn from the device are ``PlayTensors.write``'s."""
    assert play.tensors is not None
    every = np.arange(ROWS)
    seat = play.seats(every)
    one, two = play.one[every, seat], play.two[every, seat]
    expected = np.zeros((ROWS, play.tensors.size), dtype=np.uint8)
    play.tensors.write(every, seat, one, two, play.re_mask, play.declarer, out=expected)
    lines = np.asarray(
        write_lines(
            tensors,
            jnp.asarray(seat, dtype=jnp.int32),
            state.one[every, seat],
            state.two[every, seat],
            state.re_mask,
            state.declarer,
        )
    )
    active = play.active
    assert np.array_equal(lines[active], expected[active]), np.argwhere(
        lines[active] != expected[active]
    )[:5]


def _run(  # noqa: PLR0915 - one loop steps both engines and checks everything
    rules: Rules, marry: float, steps: int, seed: int, size: int = 0
) -> dict[str, int]:
    """Step both engines side by side; counts of what was seen.

    With ``size`` the numpy play keeps the tensors of that size and the JAX
    play steps them by ``step_observed``: every array, every line of the
    seat on turn and the final lines of the finished rows are compared too.
    """
    rng = np.random.default_rng(seed)
    play = PlayRows(ROWS, rules, PlayTensors(ROWS, size) if size else None)
    mirror = PlayRows(ROWS, rules)
    tables = device_tables(play)
    device_tables(mirror)
    numbers = len(play.flat.rises_early)
    assert tables.rises_early.shape == (ORDERS,)
    state = from_rows(play)
    tensors = None if play.tensors is None else from_tensors(play.tensors)
    seen = {
        "deals": 0,
        "finished": 0,
        "announced": 0,
        "marriages": 0,
        "solo": 0,
        "dullen": 0,
        "armut": 0,
    }
    for number in range(steps):
        idle = np.flatnonzero(~play.active)
        entering = idle[rng.random(len(idle)) < 0.4]
        if len(entering):
            deals = [
                _at_first_card(seed * 100_000 + seen["deals"] + i, rules, rng.random() < marry, rng)
                for i in range(len(entering))
            ]
            seen["deals"] += len(deals)
            seen["marriages"] += sum(d.game_type is GameType.MARRIAGE for d in deals)
            seen["armut"] += sum(d.game_type is GameType.POVERTY for d in deals)
            play.enter(entering.tolist(), deals)
            mirror.enter(entering.tolist(), deals)
            state = put_rows(state, play, entering)
            _compare(state, play)
            if tensors is not None:
                assert play.tensors is not None
                tensors = put_tensors(tensors, play.tensors, entering)
                _compare_tensors(tensors, play)
        playing = np.flatnonzero(play.active)
        mask = _mask(play)
        assert np.array_equal(np.asarray(legal_mask(state, skip=rules.skip_levels)), mask)
        packed = (mask.astype(np.int64) << np.arange(COLUMNS)).sum(axis=1)
        assert np.array_equal(np.asarray(legal_bits(state, skip=rules.skip_levels)), packed)
        assert np.array_equal(np.asarray(seats(state))[playing], play.seats(playing))
        if not len(playing):
            continue
        columns = np.full(ROWS, COLUMNS - 1)
        columns[playing] = sample_legal(mask[playing], rng)
        ids = np.array(action_ids(jnp.asarray(columns)))
        # Half the steps move every playing row, the others a random part of them.
        moving = play.active & ((number % 2 == 0) | (rng.random(ROWS) < 0.7))
        rows = np.flatnonzero(moving)
        # The actions of the rows that do not move are never read: give them nonsense.
        ids[~moving] = rng.integers(0, encoding.NUM_ACTIONS, int((~moving).sum()))
        before = play.table[rows].copy()
        last = play.seats(np.arange(ROWS))
        finished = play.apply_all(moving, ids)
        if tensors is None:
            state, ended = step(state, tables, jnp.asarray(ids), jnp.asarray(moving))
        else:
            state, tensors, ended = step_observed(
                state, tensors, tables, jnp.asarray(ids), jnp.asarray(moving)
            )
            _compare_tensors(tensors, play)
            _compare_lines(tensors, state, play)
            if len(finished):
                assert play.tensors is not None
                seat = last[finished]
                facts = (
                    play.one[finished, seat],
                    play.two[finished, seat],
                    play.re_mask[finished],
                    play.declarer[finished],
                )
                expected = play.tensors.write(finished, seat, *facts, finished=True)
                got = final_lines(tensors, finished, seat, *facts)
                assert np.array_equal(got, expected)
        assert np.flatnonzero(np.asarray(ended)).tolist() == finished.tolist()
        _compare(state, play)
        seen["announced"] += int((ids[rows] >= encoding.ANNOUNCE_BASE).sum())
        seen["solo"] += int((play.table[rows] != before).sum())
        if len(finished):
            seen["finished"] += len(finished)
            tricks = play.cards[finished].reshape(len(finished), rules.tricks, 4)
            seen["dullen"] += int(((tricks == DULLE_INDEX).sum(axis=2) == 2).sum())
            take_rows(state, mirror, finished)
            assert np.array_equal(mirror.settle(finished), play.settle(finished))
    assert len(play.flat.rises_early) == numbers, "a deal added a card order"
    return seen


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_the_jax_play_is_the_numpy_play(name: str) -> None:
    rules, marry = RULE_SETS[name]
    seen = _run(rules, marry, steps=170, seed=len(name))
    assert seen["finished"] >= 60, seen
    assert seen["announced"] >= 30, seen
    assert seen["dullen"] >= 3, seen
    if marry > 0.5:
        assert seen["marriages"] + seen["armut"] >= 25, seen
        assert seen["solo"] >= 1, seen  # a marriage turned solo (SPEC §7.3)


@pytest.mark.parametrize(
    ("name", "size"),
    [
        ("ddv, marriages", encoding.INFORMATION_STATE_SIZE),
        ("no nines, dulle except last", encoding.OBSERVATION_SIZE),
        ("xix, armut", encoding.INFORMATION_STATE_SIZE),
    ],
)
def test_the_jax_tensors_are_the_numpy_tensors(name: str, size: int) -> None:
    """``step_observed`` keeps the tensors as ``PlayRows.apply`` keeps ``PlayTensors``:
    the cards, tricks, announcements and marriages (SPEC §5, §6.1, §7, §8)."""
    rules, marry = RULE_SETS[name]
    seen = _run(rules, marry, steps=80, seed=len(name) + 1, size=size)
    assert seen["finished"] >= 20, seen
    assert seen["announced"] >= 10, seen
    if marry > 0.5:
        assert seen["marriages"] + seen["armut"] >= 8, seen


def test_the_observed_step_reuses_the_tensors() -> None:
    """``step_observed`` and ``put_tensors`` donate the tensors, so a step writes its few
    entries in place instead of copying every row's tensors (the old state is gone)."""
    rng = np.random.default_rng(7)
    host = PlayTensors(4, encoding.OBSERVATION_SIZE)
    play = PlayRows(4, Rules.DDV, host)
    tables = device_tables(play)
    tensors = from_tensors(host)
    play.enter(list(range(4)), [_at_first_card(s, Rules.DDV, False, rng) for s in range(4)])
    entered = put_tensors(tensors, host, np.arange(4))
    assert tensors.public.is_deleted()
    state = from_rows(play)
    ids = jnp.asarray(sample_legal(_mask(play), rng))
    _, after, _ = step_observed(state, entered, tables, ids, jnp.ones(4, dtype=bool))
    assert entered.public.is_deleted()
    assert entered.base.is_deleted()
    assert not after.public.is_deleted()


def test_a_full_copy_goes_both_ways() -> None:
    """``to_rows`` writes every array ``from_rows`` read, the types of ``PlayRows`` kept."""
    rng = np.random.default_rng(3)
    play = PlayRows(8, Rules.DDV)
    device_tables(play)
    play.enter(list(range(8)), [_at_first_card(seed, Rules.DDV, True, rng) for seed in range(8)])
    copy = PlayRows(8, Rules.DDV)
    to_rows(from_rows(play), copy)
    for name in PlayState._fields:
        assert np.array_equal(getattr(copy, name), getattr(play, name)), name
        assert getattr(copy, name).dtype == getattr(play, name).dtype, name
    state = from_rows(play)
    assert state.one.dtype == jnp.int32
    assert state.cards.dtype == jnp.int8
    assert state.timely.dtype == jnp.bool_
    assert legal_mask(state, skip=True).shape == (8, ANNOUNCE_COLUMN + 5)


def test_rows_move_in_and_out_by_row() -> None:
    """``put_rows`` and ``take_rows`` move only the rows named, any count of them."""
    rng = np.random.default_rng(5)
    play = PlayRows(20, Rules.DDV)
    device_tables(play)
    state = from_rows(play)
    rows = np.array([19, 2, 7])
    play.enter(rows.tolist(), [_at_first_card(s, Rules.DDV, False, rng) for s in range(3)])
    state = put_rows(state, play, rows)
    _compare(state, play)
    back = PlayRows(20, Rules.DDV)
    take_rows(state, back, rows[:2])
    assert np.array_equal(back.one[rows[:2]], play.one[rows[:2]])
    assert not back.one[rows[2]].any()
    assert put_rows(state, play, rows[:0]) is state


def test_an_id_that_is_no_card_and_no_level_moves_nothing() -> None:
    """Ids outside the play's columns (a declaration, negative, too large) leave the row."""
    rng = np.random.default_rng(6)
    play = PlayRows(4, Rules.DDV)
    tables = device_tables(play)
    play.enter(list(range(4)), [_at_first_card(s, Rules.DDV, False, rng) for s in range(4)])
    state = from_rows(play)
    ids = jnp.array([-1, encoding.DECLARE_BASE, encoding.ANNOUNCE_BASE + 5, 10_000])
    after, finished = step(state, tables, ids, jnp.ones(4, dtype=bool))
    assert not np.asarray(finished).any()
    _compare(after, play)


@pytest.mark.parametrize(
    "rules", [Rules.DDV, Rules.TOURNAMENT, Rules(nines=False), Rules.XIX], ids=str
)
def test_the_jax_backend_steps_as_the_numpy_one(rules: Rules) -> None:
    """``backend="jax"`` gives the numpy backend's masks, seats, rewards and ends, step by
    step, with the reservation round over arrays (DDV, tournament, no nines) or on checked
    deals (XIX, with the Armut)."""
    numpy_env = VectorDealEnv(32, rules=rules, observation=None, seed=3)
    jax_env = VectorDealEnv(32, rules=rules, observation=None, seed=3, backend="jax")
    assert jax_env.backend == "jax"
    _, expected = numpy_env.reset()
    _, got = jax_env.reset()
    rng = np.random.default_rng(3)
    finished = 0
    while finished < 60:
        for key in ("action_mask", "seat", "deal"):
            assert np.array_equal(got[key], expected[key]), key
        actions = sample_legal(expected["action_mask"], rng)
        _, rewards, ends, _, expected = numpy_env.step(actions)
        _, jax_rewards, jax_ends, _, got = jax_env.step(actions)
        assert np.array_equal(jax_rewards, rewards)
        assert np.array_equal(jax_ends, ends)
        finished += int(ends.sum())
    # A reset clears the rows in the play on the device too.
    _, expected = numpy_env.reset(seed=4)
    _, got = jax_env.reset(seed=4)
    assert np.array_equal(got["action_mask"], expected["action_mask"])


@pytest.mark.parametrize(
    "rules", [Rules.DDV, Rules.TOURNAMENT, Rules(nines=False), Rules.XIX], ids=str
)
@pytest.mark.parametrize("observation", ["observation", "information_state"])
def test_the_jax_backend_observes_as_the_numpy_one(
    rules: Rules, observation: Literal["observation", "information_state"]
) -> None:
    """With an observation, ``backend="jax"`` gives the numpy backend's tensors, masks,
    rewards and final tensors step by step (SPEC §6.1), rows entering over arrays (DDV,
    tournament, no nines) or from checked deals (XIX, with the Armut)."""
    numpy_env = VectorDealEnv(16, rules=rules, observation=observation, seed=5)
    jax_env = VectorDealEnv(16, rules=rules, observation=observation, seed=5, backend="jax")
    expected_obs, expected = numpy_env.reset()
    got_obs, got = jax_env.reset()
    rng = np.random.default_rng(5)
    finished = 0
    while finished < 16:
        assert np.array_equal(got_obs, expected_obs), np.argwhere(got_obs != expected_obs)[:5]
        for key in ("action_mask", "seat", "deal"):
            assert np.array_equal(got[key], expected[key]), key
        actions = sample_legal(expected["action_mask"], rng)
        expected_obs, rewards, ends, _, expected = numpy_env.step(actions)
        got_obs, jax_rewards, jax_ends, _, got = jax_env.step(actions)
        assert np.array_equal(jax_rewards, rewards)
        assert np.array_equal(jax_ends, ends)
        assert ("final_obs" in got) == ("final_obs" in expected)
        for row in np.flatnonzero(ends).tolist():
            assert np.array_equal(got["final_obs"][row], expected["final_obs"][row]), row
        finished += int(ends.sum())


def test_the_jax_backend_matches_the_deal() -> None:
    """The fidelity harness: the jax backend's masks and rewards are the checked deal's."""
    env = VectorDealEnv(16, observation=None, backend="jax")
    assert run_fidelity(env, 60, seed=31, action_seed=4)["finished"] >= 60


@pytest.mark.parametrize("rules", [Rules.DDV, Rules.XIX], ids=str)
def test_the_jax_backend_observes_as_the_deal(rules: Rules) -> None:
    """The fidelity harness with the information state: every tensor of the jax backend
    is the adapters' tensor of the checked deal's seat on turn (SPEC §6.1)."""
    env = VectorDealEnv(8, rules=rules, observation="information_state", backend="jax")
    assert run_fidelity(env, 16, seed=32, action_seed=5)["finished"] >= 16


def test_the_jax_backend_names_its_extra_where_jax_is_missing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *args: None if name == "jax" else real(name)
    )
    with pytest.raises(MissingExtraError, match=r"doppelkopf\[jax\]") as caught:
        VectorDealEnv(2, observation=None, backend="jax")
    assert caught.value.extra == "jax"
