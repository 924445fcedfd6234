"""The card play of :mod:`doppelkopf.vector._play` as pure JAX functions over all rows.

Imported only where JAX is installed (the ``jax`` extra).  The state is
:class:`PlayState`, a named tuple of ``jax.Array`` (a pytree), field for
field the arrays of :class:`~doppelkopf.vector._play.PlayRows` over all ``B``
rows: the hand planes, the trick so far, the cards and winners of the play,
the marriage, both parties' announcement levels and which rows play.  The
numbers are ``int32`` (the planes are 24 bits wide), the cards ``int8`` and
the flags ``bool``, as in ``PlayRows``; what stays on the host is what
settlement alone reads, the game type of each row (``PlayRows.game_index``).

How it maps to ``_play.py``:

- :func:`device_tables` is ``PlayRows.flat`` on the device, the card orders'
  tables of :mod:`doppelkopf.search._playout_tables`.  It first gives every
  card order the rules can produce its number in ``PlayRows`` (SPEC §4, V§2),
  so that no row entering later adds a table: the shapes stay fixed and the
  functions are compiled once.
- :func:`from_rows`, :func:`to_rows`, :func:`put_rows` and :func:`take_rows`
  move rows between ``PlayRows`` and the device.  A row still enters on the
  host (``PlayRows.enter`` reads the checked deal at its first card, SPEC
  §3.5) and is then put on the device; a finished row is taken back and
  settled by ``PlayRows.settle`` (SPEC §12), which reads ``levels``,
  ``timely``, ``declarer``, ``married``, ``entry_re``, ``cards``, ``winners``
  and ``first``.
  Between those moves the device holds the rows: ``PlayRows``' own arrays
  of a playing row are stale, and its ``write_mask``, ``seats`` and
  ``apply_all`` are not called for it.
- :func:`legal_mask` (and its packed form :func:`legal_bits`) is
  ``PlayRows.write_mask`` and :func:`seats`
  ``PlayRows.seats``; :func:`step` is ``PlayRows.apply_all``, its
  ``_announce``, ``_play`` and ``_close`` here :func:`_announce`,
  :func:`_card` and :func:`_close`.  Where ``PlayRows`` selects rows by
  index lists, these functions compute every row and keep the old values
  where a boolean row mask is false (``jnp.where``), so no shape depends on
  the data; a gather or scatter by seat, party, moment or trick is a one-hot
  comparison with ``arange``.  The rules enter through the shapes (the
  tricks are ``winners.shape[1]``) and the static argument ``skip`` of
  :func:`legal_bits` and :func:`legal_mask` (V§4).

The observation tensors of :mod:`doppelkopf.vector._observe`, which
``PlayRows.apply_all`` updates card by card through ``PlayRows.tensors``, are
:mod:`doppelkopf.vector._jax_observe`: :func:`step_observed` is :func:`step`
with the events of the step (:class:`~doppelkopf.vector._jax_observe.Events`)
applied to them in the same compiled function, and :class:`DevicePlay`
carries them where the environment asks for an observation.

The hot-path tricks of ``_play.py`` carry over: the hands as two 24-bit
planes per seat (following suit is one ``&``), the announcements as a run of
levels (:func:`level_runs`), the trick's winner as a running best key and
place.  Two are new, both for XLA, which fuses cheap elementwise work
into every use of it: the legal actions packed into one int a row
(:func:`legal_bits`), so that a draw on the device reduces over no mask,
and the actions read by :func:`step` through one table lookup, so that a
draw computed in the same compiled function is not computed again in each
of the step's fusions (measured on a CPU: a step with its draw went from
about four times the step's own time to about 1.2 times).
``tests/test_vector_jax.py`` steps ``PlayRows`` and this module side
by side and compares every array after every step.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Final, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
import numpy.typing as npt

from ..adapters.encoding import ANNOUNCE_BASE
from ..rules import GameType
from ..search._playout_tables import DULLE_INDEX
from ._jax_observe import (
    Events,
    TensorState,
    bucket,
    final_lines,
    from_tensors,
    observe,
    padded,
    put_fields,
    put_tensors,
    write_lines,
)
from ._observe import unpack
from ._play import PlayRows

__all__ = [
    "ANNOUNCE_COLUMN",
    "COLUMNS",
    "ORDERS",
    "DevicePlay",
    "PlayState",
    "Tables",
    "action_ids",
    "device_tables",
    "from_rows",
    "legal_bits",
    "legal_mask",
    "level_runs",
    "put_rows",
    "seats",
    "step",
    "step_observed",
    "take_rows",
    "to_rows",
]

ANNOUNCE_COLUMN: Final = 24
"""The column of :func:`legal_mask` of the first announcement level (Re/Kontra)."""
COLUMNS: Final = ANNOUNCE_COLUMN + 5
"""The columns of :func:`legal_mask`: 24 cards, then the five announcement levels."""
ORDERS: Final = 2 * len(GameType)
"""The card orders :func:`device_tables` holds room for: each game type with and without
the Schweine (V§2.3), the most a rule set can have."""

Rows = npt.NDArray[np.int64]
"""Row numbers, as ``PlayRows`` takes them."""

_CARDS: Final = 24
_COLUMN_BITS: Final = np.arange(COLUMNS, dtype=np.int32)
_SEATS: Final = np.arange(4, dtype=np.int32)
_COLUMN_OF: Final = np.array(
    [*range(_CARDS), *[COLUMNS] * (ANNOUNCE_BASE - _CARDS), *range(_CARDS, COLUMNS), COLUMNS],
    dtype=np.int32,
)
"""The column of :func:`legal_mask` of each action id up to the last level's, then
:data:`COLUMNS` for an id that is neither a card nor a level."""
_PARTIES: Final = np.arange(2, dtype=np.int32)


class PlayState(NamedTuple):
    """The arrays of :class:`~doppelkopf.vector._play.PlayRows` on the device, over ``B`` rows.

    Shapes and types: ``one``, ``two`` (B, 4) int32; ``cards`` (B, 4·tricks)
    int8 (24 for no card yet); ``winners`` (B, tricks) int32; ``levels``
    (B, 2) int32 (-1 for nothing said) and ``timely`` (B, 2) bool, Re in
    column 0 and Kontra in 1; ``married``, ``pending`` and ``active`` (B,)
    bool; every other field (B,) int32.
    """

    one: jax.Array
    two: jax.Array
    table: jax.Array
    solo_table: jax.Array
    leader: jax.Array
    first: jax.Array
    length: jax.Array
    done: jax.Array
    best: jax.Array
    best_place: jax.Array
    key_base: jax.Array
    follow: jax.Array
    cards: jax.Array
    winners: jax.Array
    declarer: jax.Array
    married: jax.Array
    pending: jax.Array
    entry_re: jax.Array
    re_mask: jax.Array
    shift: jax.Array
    levels: jax.Array
    timely: jax.Array
    active: jax.Array


class Tables(NamedTuple):
    """``PlayRows.flat`` on the device: the tables of every card order by number (SPEC §4, §5).

    Each array holds :data:`ORDERS` orders, the unused ones zero.
    ``keys`` (orders · 5 · 24) the winning key of each card by order and led
    category, ``category`` (orders · 24) each card's category, ``follow``
    (orders · 5) the cards of each category as a 24-bit set, ``rises_early``
    and ``rises_last`` (orders) whether the second 10♥ beats the first before
    and in the last trick (V§2.2).
    """

    keys: jax.Array
    category: jax.Array
    follow: jax.Array
    rises_early: jax.Array
    rises_last: jax.Array


_TYPES: Final = {
    "cards": np.int8,
    "married": np.bool_,
    "pending": np.bool_,
    "timely": np.bool_,
    "active": np.bool_,
}
"""The types of the fields that are not ``int32``."""


def _typed(name: str, values: npt.NDArray[Any]) -> npt.NDArray[Any]:
    return np.asarray(values, dtype=_TYPES.get(name, np.int32))


def device_tables(play: PlayRows) -> Tables:
    """The order tables of ``play`` as device arrays, every card order of its rules numbered.

    Each game type's order, with and without the Schweine (SPEC §4, V§2.3),
    gets its number in ``play`` now; the orders are cached values, so the
    deals that enter later find theirs and the tables keep their shapes.
    The tables are padded to :data:`ORDERS` orders, so that the rule sets of
    one number of tricks share their compiled functions.
    """
    rules = play.rules
    for game in GameType:
        for schweine in (False, True):
            play._number(rules.card_order(game, schweine=schweine))
    flat = play.flat
    padding = ORDERS - len(flat.rises_early)

    def padded(values: npt.NDArray[Any], per_order: int) -> jax.Array:
        return jnp.asarray(np.concatenate([values, np.zeros(padding * per_order, values.dtype)]))

    return Tables(
        keys=padded(flat.keys.astype(np.int32), 5 * _CARDS),
        category=padded(flat.category.astype(np.int32), _CARDS),
        follow=padded(flat.follow.astype(np.int32), 5),
        rises_early=padded(flat.rises_early, 1),
        rises_last=padded(flat.rises_last, 1),
    )


def from_rows(play: PlayRows) -> PlayState:
    """Every row of ``play`` as a :class:`PlayState` on the default device."""
    return PlayState(
        *(jnp.asarray(_typed(name, getattr(play, name))) for name in PlayState._fields)
    )


def to_rows(state: PlayState, play: PlayRows) -> None:
    """Copy every array of ``state`` into ``play`` (all rows), e.g. before ``play.settle``."""
    for name, values in zip(PlayState._fields, jax.device_get(tuple(state)), strict=True):
        getattr(play, name)[...] = values


@jax.jit
def _scatter(state: PlayState, at: jax.Array, values: PlayState) -> PlayState:
    return PlayState(
        *(field.at[at].set(value, mode="drop") for field, value in zip(state, values, strict=True))
    )


@jax.jit
def _gather(state: PlayState, at: jax.Array) -> PlayState:
    return PlayState(*(field[at] for field in state))


def put_rows(state: PlayState, play: PlayRows, rows: Rows) -> PlayState:
    """``state`` with ``rows`` read from ``play``, as ``play.enter`` left them (SPEC §3.5).

    The rows are padded to a power of two (the padding falls outside the
    arrays and is dropped), so a call compiles once per size class.
    """
    return put_fields(state, PlayState, play, rows, len(play.active), _typed, _scatter)


def take_rows(state: PlayState, play: PlayRows, rows: Rows) -> None:
    """Copy ``rows`` of ``state`` into ``play``: what ``play.settle(rows)`` reads (SPEC §12)."""
    count = len(rows)
    if not count:
        return
    at = jnp.asarray(padded(rows, bucket(count), int(rows[0])))
    taken = jax.device_get(tuple(_gather(state, at)))
    for name, values in zip(PlayState._fields, taken, strict=True):
        getattr(play, name)[rows] = values[:count]


def _at(plane: jax.Array, column: jax.Array) -> jax.Array:
    """``plane[row, column[row]]`` for every row."""
    return jnp.take_along_axis(plane, column[:, None], axis=1)[:, 0]


def _seat(state: PlayState) -> jax.Array:
    return (state.leader + state.length) & 3


@jax.jit
def seats(state: PlayState) -> jax.Array:
    """The seat on turn in every row, int32 (meaningful where ``state.active``)."""
    return _seat(state)


def level_runs(
    own: jax.Array,
    timely: jax.Array,
    other: jax.Array,
    size: jax.Array,
    last: jax.Array,
    *,
    skip: bool,
) -> tuple[jax.Array, jax.Array]:
    """``doppelkopf.vector._play.level_runs`` over JAX arrays (SPEC §8.4, §8.6, §8.7, V§4).

    The legal levels of the announcer's party are ``start`` to ``stop - 1``:
    ``own`` and ``other`` the two parties' levels (-1 for nothing said),
    ``timely`` whether the own Re/Kontra came in time, ``size`` the
    announcer's cards, ``last`` the deadline of Re/Kontra, the marriage's
    shift subtracted.  With skipped levels, twelve cards before any
    announcement open the whole run; ten cards after the other party's Re
    allow the Kontra alone; ten cards after the own timely Re allow "no 90"
    and up:

    >>> runs = jax.jit(level_runs, static_argnames="skip")
    >>> start, stop = runs(
    ...     jnp.array([-1, -1, 0]), jnp.array([False, False, True]), jnp.array([-1, 0, -1]),
    ...     jnp.array([12, 10, 10]), jnp.array([11, 11, 11]), skip=True)
    >>> start.tolist(), stop.tolist()
    ([0, 0, 1], [5, 1, 5])
    """
    none = own < 0
    opening = none & (size >= last)
    reply = none & ~opening & (other >= 0) & (size >= last - other - 1)
    raising = ~none & (own < 4) & timely & (size >= last - own - 1)
    start = jnp.where(raising, own + 1, 0)
    stop = jnp.where(
        opening,
        5 if skip else 1,
        jnp.where(reply, 1, jnp.where(raising, 5 if skip else own + 2, 0)),
    )
    return start, stop


@partial(jax.jit, static_argnames=("skip",))
def legal_bits(state: PlayState, *, skip: bool) -> jax.Array:
    """The legal cards and announcement levels of the seat on turn, packed: int32 (B,).

    Bit ``c`` of a row is column ``c`` of :func:`legal_mask`: bits 0-23 the
    card indices (SPEC §5.2: follow the led category if the hand can), bits
    :data:`ANNOUNCE_COLUMN` onwards the levels Re/Kontra to Schwarz (SPEC
    §8.4-§8.8, V§4; none while a marriage waits for its clarification, SPEC
    §7.4).  ``skip`` is ``rules.skip_levels``.  Rows not in the play are 0.
    One int a row is what a policy on the device draws from, and what the
    host reads back, 4 bytes instead of the mask's 29.
    """
    return _legal_bits(state, skip)


def _legal_bits(state: PlayState, skip: bool) -> jax.Array:
    tricks = state.winners.shape[1]
    seat = _seat(state)
    held = _at(state.one, seat)
    following = held & jnp.where(state.length > 0, state.follow, -1)
    legal = jnp.where(following != 0, following, held)
    kontra = 1 - ((state.re_mask >> seat) & 1)
    start, stop = level_runs(
        _at(state.levels, kontra),
        _at(state.timely, kontra),
        _at(state.levels, 1 - kontra),
        tricks - state.done,
        tricks - 1 - state.shift,
        skip=skip,
    )
    stop = jnp.where(state.pending, 0, stop)
    levels = jnp.where(stop > start, jnp.left_shift(1, stop) - jnp.left_shift(1, start), 0)
    return jnp.where(state.active, legal | (levels << ANNOUNCE_COLUMN), 0)


@partial(jax.jit, static_argnames=("skip",))
def legal_mask(state: PlayState, *, skip: bool) -> jax.Array:
    """:func:`legal_bits` as a mask, bool (B, :data:`COLUMNS`) (SPEC §5.2, §7.4, §8).

    Columns 0-23 are the cards, as ``PlayRows.write_mask`` writes them at
    ``0:24``, and the five columns from :data:`ANNOUNCE_COLUMN` the levels, as
    it writes them at ``ANNOUNCE_BASE:ANNOUNCE_BASE + 5``.  Rows not in the
    play are all false.
    """
    return ((_legal_bits(state, skip)[:, None] >> _COLUMN_BITS) & 1) != 0


def action_ids(columns: jax.Array) -> jax.Array:
    """The action ids of columns of :func:`legal_mask`: cards as they are, levels from
    ``ANNOUNCE_BASE`` (:mod:`doppelkopf.adapters.encoding`).

    >>> action_ids(jnp.array([3, 24, 28])).tolist() == [3, ANNOUNCE_BASE, ANNOUNCE_BASE + 4]
    True
    """
    return jnp.where(columns < ANNOUNCE_COLUMN, columns, columns - ANNOUNCE_COLUMN + ANNOUNCE_BASE)


@jax.jit
def step(
    state: PlayState, tables: Tables, actions: jax.Array, rows: jax.Array
) -> tuple[PlayState, jax.Array]:
    """Take ``actions`` (legal action ids, one per row) in the playing rows of ``rows``.

    Returns the new state and the rows whose deal this step finished (their
    ``active`` cleared), both over all ``B`` rows; the rows outside ``rows``
    or not in the play keep every value, and their actions are not read; a
    row whose id is neither a card nor an announcement level does not move.
    An announcement is :func:`_announce`, a card :func:`_card`, the fourth
    card of a trick closes it (:func:`_close`); the deal ends with its last
    trick (SPEC §5.4).
    """
    state, finished, _ = _advance(state, tables, actions, rows)
    return state, finished


@partial(jax.jit, donate_argnums=1)
def step_observed(
    state: PlayState, tensors: TensorState, tables: Tables, actions: jax.Array, rows: jax.Array
) -> tuple[PlayState, TensorState, jax.Array]:
    """:func:`step` with the tensors of the rows kept as it goes (SPEC §5, §6.1, §7, §8):
    the events of the step applied by :func:`~doppelkopf.vector._jax_observe.observe`.

    ``tensors`` is donated: its buffers are reused for the result, so that
    a step writes its few entries in place instead of copying the tensors.
    """
    state, finished, events = _advance(state, tables, actions, rows)
    return state, observe(tensors, events), finished


def _advance(
    state: PlayState, tables: Tables, actions: jax.Array, rows: jax.Array
) -> tuple[PlayState, jax.Array, Events]:
    """:func:`step` and the :class:`~doppelkopf.vector._jax_observe.Events` of it; what
    no caller reads, XLA leaves out."""
    tricks = state.winners.shape[1]
    # One lookup reads the actions: XLA fuses cheap elementwise work into each
    # use, so actions computed on the device (a policy's draw) would be
    # computed again for every element of the planes, cards and winners.
    inside = (actions >= 0) & (actions < len(_COLUMN_OF))
    column = jnp.asarray(_COLUMN_OF)[jnp.where(inside, actions, len(_COLUMN_OF) - 1)]
    moving = rows & state.active & (column < COLUMNS)
    seat = _seat(state)
    is_card = column < _CARDS
    says = moving & ~is_card
    level = column - ANNOUNCE_COLUMN
    kontra = 1 - ((state.re_mask >> seat) & 1)
    none = _at(state.levels, kontra) < 0
    announced = _announce(state, seat, level, says)
    plays = moving & is_card
    closes = plays & (announced.length == 3)
    card = jnp.where(is_card, column, 0)
    played = _card(announced, tables, seat, card, plays)
    state = _close(played, closes)
    finished = closes & (state.done == tricks)
    starts = 4 * jnp.minimum(announced.done, tricks - 1)
    trick = jnp.take_along_axis(played.cards, starts[:, None] + _SEATS, axis=1)
    clarified = played.pending & ~state.pending
    events = Events(
        seat=seat,
        moment=4 * announced.done + announced.length,
        says=says,
        kontra=kontra,
        level=level,
        late=none & ~_at(announced.timely, kontra),
        plays=plays,
        card=card,
        closes=closes,
        winner=state.leader,
        trick=trick.astype(jnp.int32),
        clarified=clarified,
        alone=clarified & (state.leader == announced.declarer),
    )
    return state._replace(active=state.active & ~finished), finished, events


def _announce(state: PlayState, seat: jax.Array, level: jax.Array, says: jax.Array) -> PlayState:
    """In the rows of ``says`` the seat announces ``level`` for its party (SPEC §8.5-§8.8).

    The party's Re/Kontra counts as in time if it came by its deadline (the
    marriage's shift added, SPEC §7.4) or with a higher level at once (§8.8).
    """
    tricks = state.winners.shape[1]
    kontra = 1 - ((state.re_mask >> seat) & 1)
    none = _at(state.levels, kontra) < 0
    in_time = tricks - state.done >= tricks - 1 - state.shift
    timely = jnp.where(none, (level > 0) | in_time, _at(state.timely, kontra))
    party = says[:, None] & (kontra[:, None] == _PARTIES)
    return state._replace(
        levels=jnp.where(party, level[:, None], state.levels),
        timely=jnp.where(party, timely[:, None], state.timely),
    )


def _card(
    state: PlayState, tables: Tables, seat: jax.Array, card: jax.Array, plays: jax.Array
) -> PlayState:
    """In the rows of ``plays`` the seat plays ``card`` (SPEC §5.2-§5.4, V§2.2).

    The card leaves the hand (``two`` loses it if set, else ``one``) and is
    written at its moment; a lead sets the trick's led category, its set of
    cards to follow and its best key, a later card beats the best key if
    higher, or if equal where it is the second 10♥ and the order lets it rise.
    """
    tricks = state.winners.shape[1]
    bit = jnp.left_shift(1, card)
    both = _at(state.two, seat) & bit
    hand = plays[:, None] & (seat[:, None] == _SEATS)
    length, done, table = state.length, state.done, state.table
    moment = 4 * done + length
    placed = plays[:, None] & (jnp.arange(state.cards.shape[1]) == moment[:, None])
    leads = length == 0
    led = 5 * table + tables.category[24 * table + card]
    key = tables.keys[jnp.where(leads, 24 * led, state.key_base) + card]
    rises = jnp.where(done == tricks - 1, tables.rises_last[table], tables.rises_early[table])
    wins = (key > state.best) | (rises & (card == DULLE_INDEX) & (key == state.best))
    starts = plays & leads
    return state._replace(
        one=jnp.where(hand, state.one ^ (bit ^ both)[:, None], state.one),
        two=jnp.where(hand, state.two ^ both[:, None], state.two),
        cards=jnp.where(placed, card.astype(jnp.int8)[:, None], state.cards),
        key_base=jnp.where(starts, 24 * led, state.key_base),
        follow=jnp.where(starts, tables.follow[led], state.follow),
        best=jnp.where(plays, jnp.where(leads, key, jnp.maximum(state.best, key)), state.best),
        best_place=jnp.where(plays & (leads | wins), jnp.where(leads, 0, length), state.best_place),
        length=jnp.where(plays, length + 1, length),
    )


def _close(state: PlayState, closes: jax.Array) -> PlayState:
    """The tricks of ``closes`` are complete: the winner leads the next (SPEC §5.3).

    A marriage waiting for its clarification finds the partner in the first
    trick of the first three won by another seat; after the third won by
    the declarer it turns into a solo with the marriage solo's order (SPEC
    §7.2, §7.3).  From then on announcements count from the clarification
    trick (the shift, SPEC §7.4).
    """
    tricks = state.winners.shape[1]
    done = state.done
    winner = (state.leader + state.best_place) & 3
    taken = closes[:, None] & (jnp.arange(tricks) == done[:, None])
    declarer = state.declarer
    found = winner != declarer
    alone = ~found & (done + 1 == 3)
    clarified = closes & state.pending & (found | alone)
    alone_re = jnp.left_shift(1, jnp.maximum(declarer, 0))
    re_mask = jnp.where(found, alone_re | jnp.left_shift(1, winner), alone_re)
    return state._replace(
        winners=jnp.where(taken, winner[:, None], state.winners),
        leader=jnp.where(closes, winner, state.leader),
        length=jnp.where(closes, 0, state.length),
        done=jnp.where(closes, done + 1, done),
        re_mask=jnp.where(clarified, re_mask, state.re_mask),
        shift=jnp.where(clarified, done, state.shift),
        table=jnp.where(clarified & alone, state.solo_table, state.table),
        pending=state.pending & ~clarified,
    )


_LEVEL_BITS: Final = np.arange(5, dtype=np.int64)


class DevicePlay:
    """The card play of :class:`~doppelkopf.vector.VectorDealEnv` with ``backend="jax"``.

    The rows in the play live on the device as a :class:`PlayState`; ``play``
    is the host's :class:`~doppelkopf.vector._play.PlayRows`, where a row
    enters (SPEC §3.5), is settled (SPEC §12) and whose ``active`` the
    environment reads.  A step sends the action ids, runs :func:`step` and
    reads back which rows finished, the packed legal actions of
    :func:`legal_bits` and the seats: four ints or flags a row.  Where
    ``play`` keeps tensors (the environment asks for an observation), their
    copy :attr:`tensors` lives on the device too: a row's static pieces are
    read on the host and put with the row, :func:`step_observed` keeps them,
    and the lines of the seats on turn and the final lines are written on
    the device and read back, one line a row (SPEC §6.1).
    """

    def __init__(self, play: PlayRows) -> None:
        self.play = play
        self.skip = play.rules.skip_levels
        self.tables = device_tables(play)
        self.state = from_rows(play)
        self.tensors: TensorState | None = (
            None if play.tensors is None else from_tensors(play.tensors)
        )
        """``play.tensors`` on the device, where the environment gives an observation."""

    def clear(self) -> None:
        """No row is in the play (a reset)."""
        self.state = self.state._replace(active=jnp.zeros_like(self.state.active))

    def put(self, rows: Rows) -> None:
        """The rows ``play`` has just started enter the device's play, with their tensors
        as ``play.tensors`` read them (SPEC §3.5, §6.1)."""
        self.state = put_rows(self.state, self.play, rows)
        if self.tensors is not None:
            assert self.play.tensors is not None
            self.tensors = put_tensors(self.tensors, self.play.tensors, rows)

    def apply(self, playing: npt.NDArray[np.bool_], actions: Rows) -> Rows:
        """Take ``actions`` in the rows ``playing``; the finished rows, copied to ``play``
        and no longer active there (SPEC §5, §8)."""
        ids = jnp.asarray(actions, dtype=jnp.int32)
        if self.tensors is None:
            self.state, ended = step(self.state, self.tables, ids, jnp.asarray(playing))
        else:
            self.state, self.tensors, ended = step_observed(
                self.state, self.tensors, self.tables, ids, jnp.asarray(playing)
            )
        finished: Rows = np.flatnonzero(np.asarray(ended))
        if len(finished):
            take_rows(self.state, self.play, finished)
            self.play.active[finished] = False
        return finished

    def write(
        self,
        mask: npt.NDArray[np.bool_],
        turn: Rows,
        observations: npt.NDArray[np.uint8] | None = None,
    ) -> None:
        """Write the legal cards and announcements and the seat on turn of every row
        (SPEC §5.2, §8), and with ``observations`` every row's tensor of that seat (SPEC
        §6.1); the mask columns of the rows not in the play are cleared, their tensors left
        for the caller to overwrite."""
        if observations is None or self.tensors is None:
            bits_array, seats_array = _written(self.state, skip=self.skip)
        else:
            bits_array, seats_array, lines = _observed(self.state, self.tensors, skip=self.skip)
            observations[...] = np.asarray(lines)
        bits = np.asarray(bits_array).astype(np.int64)
        mask[:, :_CARDS] = unpack(bits).view(np.bool_)
        mask[:, ANNOUNCE_BASE : ANNOUNCE_BASE + 5] = (
            (bits[:, None] >> (ANNOUNCE_COLUMN + _LEVEL_BITS)) & 1
        ).astype(np.bool_)
        turn[:] = np.asarray(seats_array)

    def final_lines(self, rows: Rows, seat: Rows) -> npt.NDArray[np.uint8]:
        """The final tensors of the rows whose deal :meth:`apply` just finished, one line a
        row, as the ``seat`` that played the last card sees the end (SPEC §6.1)."""
        assert self.tensors is not None
        play = self.play
        return final_lines(
            self.tensors,
            rows,
            seat,
            play.one[rows, seat],
            play.two[rows, seat],
            play.re_mask[rows],
            play.declarer[rows],
        )


@partial(jax.jit, static_argnames=("skip",))
def _written(state: PlayState, *, skip: bool) -> tuple[jax.Array, jax.Array]:
    """:func:`legal_bits` and :func:`seats` in one call."""
    return _legal_bits(state, skip), _seat(state)


@partial(jax.jit, static_argnames=("skip",))
def _observed(
    state: PlayState, tensors: TensorState, *, skip: bool
) -> tuple[jax.Array, jax.Array, jax.Array]:
    """:func:`legal_bits`, :func:`seats` and every row's tensor of the seat on turn
    (:func:`~doppelkopf.vector._jax_observe.write_lines`) in one call."""
    seat = _seat(state)
    lines = write_lines(
        tensors, seat, _at(state.one, seat), _at(state.two, seat), state.re_mask, state.declarer
    )
    return _legal_bits(state, skip), seat, lines
