"""The tensors of :mod:`doppelkopf.vector._observe` as pure JAX functions over all rows
(SPEC §5, §6.1, §7, §8).

Imported only where JAX is installed (the ``jax`` extra), by
:mod:`doppelkopf.vector._jax`, whose card play gives the events read here.
The state is :class:`TensorState`, a named tuple of ``jax.Array`` (a pytree),
field for field the arrays of :class:`~doppelkopf.vector._observe.PlayTensors`
over all ``B`` rows: ``base`` (B, 4, size) and ``public`` (B, size) as
``uint8``, ``silent`` as ``bool``, every other field ``int32``.

How it maps to ``_observe.py``:

- :func:`from_tensors` and :func:`put_tensors` move rows from
  ``PlayTensors`` to the device.  A row's static pieces are still read on
  the host, by ``PlayTensors.enter`` from a checked deal or by
  ``PlayTensors.start`` from a round over arrays (SPEC §3.2, §6.1), and
  then put on the device like ``put_rows`` puts the play's rows;
  :func:`to_tensors` copies every row back, for comparing.
- :class:`Events` is what ``PlayRows.apply_all`` tells ``PlayTensors`` in one
  step, over all rows: the announcement of ``PlayTensors.announce``
  (SPEC §8, with the information state's ``announcer``, ``level`` and
  ``moment``), the card of ``PlayTensors.card`` (SPEC §5.2, with the
  ``sequence``), the closed trick of ``PlayTensors.taken`` and
  ``PlayTensors.lead`` (SPEC §5.3) and the marriage of
  ``PlayTensors.clarified`` (SPEC §7.2, §7.3).  :func:`observe` applies them
  in that order, which is the order ``PlayRows.apply_all`` calls them in; the
  card play of :mod:`doppelkopf.vector._jax` computes them in the same
  compiled step.
- :func:`write_lines` is ``PlayTensors.write(..., out=)``: every row's
  line of the seat on turn (the rows not in the play get lines the caller
  overwrites); :func:`final_lines` is ``PlayTensors.write(...,
  finished=True)`` of the rows whose deal just ended (SPEC §6.1: the phase
  shows the end, no seat is on turn).  The parties a seat can tell are
  :func:`~doppelkopf.vector._observe.party_masks` over JAX arrays (SPEC
  §6.1, §7).

Where ``PlayTensors`` writes ones at index lists of rows, these functions
scatter into every row and send the rows without the event to a column
past the end, which the scatter drops (``mode="drop"``): no shape depends
on the data.  Measured on a CPU with 4,096 rows of the information state
(10 MB of ``public``):

- a scatter of one entry a row costs about 0.03 ms where the buffer is
  donated, a one-hot over the columns about 0.9 ms, and any update
  without donation copies ``public`` first (about 36 ms); so
  :func:`put_tensors` and the step that calls :func:`observe` donate the
  tensors;
- a column slice set (``.at[:, a:b].set``) costs a pass over the whole
  array, 1 to 5 ms each: the pieces ``PlayTensors`` rewrites as slices
  (the announced levels, the trick cleared, the leader) are scattered
  entries here (the trick's only ones are its four cards), which took
  the step from 15 ms to 0.9 ms;
- a line is chosen column by column from ``public``, a narrow block of
  the personal pieces and the base of the seat in one pass, which took
  :func:`write_lines` from 29 ms to about 2 ms.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, Final, NamedTuple, TypeVar

import jax
import jax.numpy as jnp
import numpy as np
import numpy.typing as npt

from ..adapters import encoding
from ..parties import Announcement
from ._observe import (
    _CLUB_QUEEN,
    _FINISHED,
    _MARRIAGE_SOLO,
    _NORMAL,
    _PLAY,
    _PUBLIC,
    AT,
    GAMES,
    PlayTensors,
)

__all__ = [
    "Events",
    "TensorState",
    "bucket",
    "final_lines",
    "from_tensors",
    "observe",
    "padded",
    "put_tensors",
    "to_tensors",
    "write_lines",
]

Rows = npt.NDArray[np.int64]

_LEVELS: Final = len(Announcement)
_SMALLEST_PUT: Final = 64
"""The fewest rows :func:`put_tensors` and :func:`final_lines` handle in one compiled call."""
_POP: Final = np.array([bin(mask).count("1") for mask in range(16)], dtype=np.int32)
_BITS: Final = np.arange(24, dtype=np.int32)
_SEATS: Final = np.arange(4, dtype=np.int32)
_IMPLIED: Final = np.arange(_LEVELS, dtype=np.int32)
State = TypeVar("State")
"""A named tuple of device arrays: :class:`TensorState` or the card play's ``PlayState``."""

_TYPES: Final = {"base": np.uint8, "public": np.uint8, "silent": np.bool_}
"""The types of the fields that are not ``int32``."""


class TensorState(NamedTuple):
    """The arrays of :class:`~doppelkopf.vector._observe.PlayTensors` on the device.

    Shapes and types: ``base`` (B, 4, size) and ``public`` (B, size) uint8,
    ``queens`` (B, 4) int32, ``silent`` (B,) bool, every other field (B,)
    int32.
    """

    base: jax.Array
    public: jax.Array
    game: jax.Array
    partner: jax.Array
    known: jax.Array
    silent: jax.Array
    queens: jax.Array
    queens_played: jax.Array
    re_seen: jax.Array
    kontra_seen: jax.Array
    announcements: jax.Array


class Events(NamedTuple):
    """What one step of the card play did in each row, all (B,) but ``trick`` (B, 4).

    ``seat`` is the seat on turn and ``moment`` the number of cards played
    before the step (4 · tricks done + cards in the trick).  ``says`` marks
    the rows where the seat announced ``level`` for the party ``kontra``
    (0 Re, 1 Kontra), ``late`` where that party's first word came after its
    deadline (SPEC §8.8); ``plays`` the rows where it played ``card``;
    ``closes`` those whose trick the card completed, won by ``winner`` with
    the four ``trick`` cards (SPEC §5.3); ``clarified`` those whose marriage
    that trick clarified, ``alone`` where into a marriage solo (SPEC §7.2,
    §7.3).
    """

    seat: jax.Array
    moment: jax.Array
    says: jax.Array
    kontra: jax.Array
    level: jax.Array
    late: jax.Array
    plays: jax.Array
    card: jax.Array
    closes: jax.Array
    winner: jax.Array
    trick: jax.Array
    clarified: jax.Array
    alone: jax.Array


def _typed(name: str, values: npt.NDArray[Any]) -> npt.NDArray[Any]:
    return np.asarray(values, dtype=_TYPES.get(name, np.int32))


def bucket(count: int) -> int:
    """The rows moved in one call for ``count`` rows: a power of two, so few shapes compile."""
    return max(_SMALLEST_PUT, 1 << (count - 1).bit_length())


def padded(rows: Rows, size: int, fill: int) -> npt.NDArray[np.int32]:
    """``rows`` as ``int32``, ``size`` of them, the rest ``fill``."""
    out = np.full(size, fill, dtype=np.int32)
    out[: len(rows)] = rows
    return out


def from_tensors(tensors: PlayTensors) -> TensorState:
    """Every row of ``tensors`` as a :class:`TensorState` on the default device."""
    return TensorState(
        *(jnp.asarray(_typed(name, getattr(tensors, name))) for name in TensorState._fields)
    )


def to_tensors(state: TensorState, tensors: PlayTensors) -> None:
    """Copy every array of ``state`` into ``tensors`` (all rows)."""
    for name, values in zip(TensorState._fields, jax.device_get(tuple(state)), strict=True):
        getattr(tensors, name)[...] = values


@partial(jax.jit, donate_argnums=0)
def _scatter(state: TensorState, at: jax.Array, values: TensorState) -> TensorState:
    return TensorState(
        *(field.at[at].set(value, mode="drop") for field, value in zip(state, values, strict=True))
    )


def put_tensors(state: TensorState, tensors: PlayTensors, rows: Rows) -> TensorState:
    """``state`` with ``rows`` read from ``tensors``, as ``enter`` or ``start`` left them
    (SPEC §6.1); ``state`` is donated (its buffers are reused, do not read it again).

    The rows are padded to a power of two (the padding falls outside the
    arrays and is dropped), so a call compiles once per size class.
    """
    return put_fields(state, TensorState, tensors, rows, len(tensors.game), _typed, _scatter)


def put_fields(  # noqa: PLR0917 - the parts of one transfer, shared by two states
    state: State,
    make: Callable[..., State],
    source: object,
    rows: Rows,
    total: int,
    typed: Callable[[str, npt.NDArray[Any]], npt.NDArray[Any]],
    scatter: Callable[[State, jax.Array, State], State],
) -> State:
    """``state`` with its fields' ``rows`` read from the same-named arrays of ``source``.

    ``make`` is the state's named tuple, ``total`` the rows in all, ``typed``
    gives each field its device type and ``scatter`` writes the values at the
    rows.  The rows are padded to a power of two (:func:`bucket`; the padding
    points past the end and is dropped), so a call compiles once per size
    class, and every field goes to the device in one transfer: a call per
    field costs more than the copy.
    """
    count = len(rows)
    if not count:
        return state
    size = bucket(count)
    taken = padded(rows, size, int(rows[0]))
    names: tuple[str, ...] = getattr(make, "_fields")  # noqa: B009 - a named tuple's class
    *fields, at = jax.device_put(
        (*(typed(name, getattr(source, name)[taken]) for name in names), padded(rows, size, total))
    )
    return scatter(state, at, make(*fields))


def _one(public: jax.Array, where: jax.Array, column: jax.Array) -> jax.Array:
    """``public`` with a one at ``column`` of every row where ``where``."""
    rows, size = public.shape
    return public.at[jnp.arange(rows), jnp.where(where, column, size)].set(1, mode="drop")


def _put(public: jax.Array, where: jax.Array, columns: jax.Array, value: int) -> jax.Array:
    """``public`` with ``value`` at ``columns`` (rows, k) of every row where ``where``."""
    rows, size = public.shape
    at = jnp.arange(rows)[:, None]
    return public.at[at, jnp.where(where, columns, size)].set(jnp.uint8(value), mode="drop")


def _count(public: jax.Array, where: jax.Array, column: jax.Array) -> jax.Array:
    """A card counted into its two columns: ``column`` if free, else ``column + 1``."""
    rows = jnp.arange(public.shape[0])
    taken = public[rows, jnp.where(where, column, 0)].astype(jnp.int32)
    return _one(public, where, column + taken)


def _flag(where: jax.Array, seat: jax.Array) -> jax.Array:
    return jnp.where(where, jnp.left_shift(1, seat), 0)


def observe(state: TensorState, events: Events) -> TensorState:
    """``state`` after the ``events`` of one step (SPEC §5.2, §5.3, §7.2, §7.3, §8).

    The announcement (the levels it implies, a late reply, the seat's party
    made known, in the information state its place in the order of
    announcements), the card (the trick, the cards played, in the
    information state the sequence, a ♣Q's seat known Re), the closed trick
    (the cards taken, the trick cleared, the winner leading) and the
    marriage's clarification, as ``PlayTensors`` applies them.
    """
    e = events
    public = state.public
    information = public.shape[1] == encoding.INFORMATION_STATE_SIZE
    seat, moment = e.seat, e.moment
    implied = e.says[:, None] & (e.level[:, None] >= _IMPLIED)
    public = _put(
        public, implied, AT["announced"] + _LEVELS * e.kontra[:, None] + jnp.asarray(_IMPLIED), 1
    )
    public = _one(public, e.says & e.late, AT["late_reply"] + e.kontra)
    re_seen = state.re_seen | _flag(e.says & (e.kontra == 0), seat)
    kontra_seen = state.kontra_seen | _flag(e.says & (e.kontra == 1), seat)
    announcements = state.announcements
    if information:
        number = announcements
        public = _one(public, e.says, AT["announcer"] + 4 * number + seat)
        public = _one(public, e.says, AT["level"] + _LEVELS * number + e.level)
        public = _one(public, e.says, AT["moment"] + 49 * number + moment)
        announcements = number + e.says
    card = e.card
    public = _one(public, e.plays, AT["trick"] + 24 * (moment & 3) + card)
    public = _count(public, e.plays, AT["played"] + 48 * seat + 2 * card)
    if information:
        public = _one(public, e.plays, AT["sequence"] + 24 * moment + card)
    queen = e.plays & (card == _CLUB_QUEEN)
    queens_played = state.queens_played + queen
    re_seen |= _flag(queen, seat)
    closes, winner = e.closes, e.winner
    for place in range(4):
        public = _count(public, closes, AT["taken"] + 48 * winner + 2 * e.trick[:, place])
    # The trick leaves the table: its four cards' columns are its only ones.
    closing = jnp.broadcast_to(closes[:, None], (len(closes), 4))
    public = _put(public, closing, AT["trick"] + 24 * jnp.asarray(_SEATS) + e.trick, 0)
    public = _put(public, closing, AT["leader"] + jnp.asarray(_SEATS), 0)
    public = _one(public, closes, AT["leader"] + winner)
    clarified, alone = e.clarified, e.alone
    return TensorState(
        base=state.base,
        public=public,
        game=jnp.where(clarified & alone, _MARRIAGE_SOLO, state.game),
        partner=jnp.where(clarified & ~alone, winner, state.partner),
        known=jnp.where(clarified, 15, state.known),
        silent=state.silent,
        queens=state.queens,
        queens_played=queens_played,
        re_seen=re_seen,
        kontra_seen=kontra_seen,
        announcements=announcements,
    )


_PUBLIC_COLUMNS: Final = {
    size: np.isin(np.arange(size), np.concatenate([np.arange(a, min(b, size)) for a, b in _PUBLIC]))
    for size in (encoding.OBSERVATION_SIZE, encoding.INFORMATION_STATE_SIZE)
}
"""The columns of ``public`` by tensor size, copied whole into every line."""


def _party_masks(
    re_known: jax.Array, kontra_known: jax.Array, own_queens: jax.Array
) -> tuple[jax.Array, jax.Array]:
    """:func:`~doppelkopf.vector._observe.party_masks` over JAX arrays (SPEC §6.1)."""
    pop = jnp.asarray(_POP)
    re_count = pop[re_known]
    safe = (own_queens == 1) | (re_count == 2)
    pair_re = safe & (re_count == 2)
    kontra_known = jnp.where(pair_re, 15 & ~re_known, kontra_known)
    pair_kontra = safe & ~pair_re & (pop[kontra_known] == 2)
    re_known = jnp.where(pair_kontra, 15 & ~kontra_known, re_known)
    re_known = jnp.where(pop[kontra_known] == 3, 15 & ~kontra_known, re_known)
    return re_known, kontra_known


def _onehot(value: jax.Array, width: int, where: jax.Array | bool = True) -> jax.Array:
    return ((value[:, None] == jnp.arange(width)) & jnp.asarray(where)[..., None]).astype(jnp.uint8)


_PERSONAL: Final = (
    ("turn", 4),
    ("hand", 48),
    ("game_type", len(GAMES)),
    ("declarer", 4),
    ("partner", 4),
    ("parties", 8),
)
"""The pieces that depend on the seat on turn, in the order of their columns."""
_FIRST: Final = AT["turn"]
_STOP: Final = AT["parties"] + 8
_PERSONAL_COLUMNS: Final = np.zeros(encoding.INFORMATION_STATE_SIZE, dtype=np.bool_)
for _name, _width in _PERSONAL:
    _PERSONAL_COLUMNS[AT[_name] : AT[_name] + _width] = True


def _lines(  # noqa: PLR0917 - the state of the play, one array each
    state: TensorState,
    lines: jax.Array,
    seat: jax.Array,
    one: jax.Array,
    two: jax.Array,
    re_mask: jax.Array,
    declarer: jax.Array,
    queens: jax.Array,
    *,
    finished: bool,
) -> jax.Array:
    """``lines`` (the base of each row's seat) with the public and personal pieces written;
    ``state`` holds the same rows as ``lines``, ``queens`` the ♣Q of the seat.

    The personal pieces are computed as one narrow block of columns and the
    line is chosen column by column from the public pieces, that block and
    the base in one pass: a column slice set into a line of this width
    costs a pass over the whole array each (measured on a CPU).
    """
    rows, size = lines.shape
    game = state.game
    hidden = state.silent & (seat != declarer) & (state.queens_played < 2)
    own = jnp.left_shift(1, seat)
    own_re = (re_mask & own) != 0
    re_known, kontra_known = _party_masks(
        state.re_seen | jnp.where(own_re, own, 0),
        state.kontra_seen | jnp.where(own_re, 0, own),
        queens,
    )
    counted = (game == _NORMAL) | hidden
    known = state.known
    re_known = jnp.where(counted, re_known, re_mask & known)
    kontra_known = jnp.where(counted, kontra_known, 15 & ~re_mask & known)
    hand = jnp.stack([(one[:, None] >> _BITS) & 1, (two[:, None] >> _BITS) & 1], axis=2)
    parties = jnp.stack(
        [(re_known[:, None] >> _SEATS) & 1, (kontra_known[:, None] >> _SEATS) & 1], axis=2
    )
    pieces = {
        "turn": _onehot(seat, 4, not finished),
        "hand": hand.reshape(rows, 48).astype(jnp.uint8),
        "game_type": _onehot(jnp.where(hidden, _NORMAL, game), len(GAMES)),
        "declarer": _onehot(declarer, 4, (declarer >= 0) & ~hidden),
        "partner": _onehot(state.partner, 4),
        "parties": parties.reshape(rows, 8).astype(jnp.uint8),
    }
    blocks: list[jax.Array] = []
    at = _FIRST
    for name, width in _PERSONAL:
        if AT[name] > at:
            blocks.append(jnp.zeros((rows, AT[name] - at), dtype=jnp.uint8))
        blocks.append(pieces[name])
        at = AT[name] + width
    personal = jnp.pad(jnp.concatenate(blocks, axis=1), ((0, 0), (_FIRST, size - _STOP)))
    lines = jnp.where(
        jnp.asarray(_PUBLIC_COLUMNS[size]),
        state.public,
        jnp.where(jnp.asarray(_PERSONAL_COLUMNS[:size]), personal, lines),
    )
    if finished:
        lines = lines.at[:, AT["phase"] + _PLAY].set(0).at[:, AT["phase"] + _FINISHED].set(1)
    return lines


@partial(jax.jit, static_argnames=("finished",))
def write_lines(  # noqa: PLR0917 - the state of the play, one array each
    state: TensorState,
    seat: jax.Array,
    one: jax.Array,
    two: jax.Array,
    re_mask: jax.Array,
    declarer: jax.Array,
    *,
    finished: bool = False,
) -> jax.Array:
    """Every row's line of ``seat`` (B,), uint8 (B, size): ``PlayTensors.write`` with
    ``out`` (SPEC §6.1).  ``one`` and ``two`` are the planes of the seat's hand, ``re_mask``
    the seats known Re, ``declarer`` -1 for none; the lines of the rows not in the play are
    left for the caller to overwrite."""
    lines = state.base[jnp.arange(len(seat)), seat]
    queens = jnp.take_along_axis(state.queens, seat[:, None], axis=1)[:, 0]
    return _lines(state, lines, seat, one, two, re_mask, declarer, queens, finished=finished)


@jax.jit
def _final(  # noqa: PLR0917 - the state of the play, one array each
    state: TensorState,
    at: jax.Array,
    seat: jax.Array,
    one: jax.Array,
    two: jax.Array,
    re_mask: jax.Array,
    declarer: jax.Array,
) -> jax.Array:
    taken = TensorState(*(field[at] for field in state))
    lines = taken.base[jnp.arange(len(at)), seat]
    queens = jnp.take_along_axis(taken.queens, seat[:, None], axis=1)[:, 0]
    return _lines(taken, lines, seat, one, two, re_mask, declarer, queens, finished=True)


def final_lines(  # noqa: PLR0917 - the state of the play, one array each
    state: TensorState,
    rows: Rows,
    seat: Rows,
    one: Rows,
    two: Rows,
    re_mask: Rows,
    declarer: Rows,
) -> npt.NDArray[np.uint8]:
    """The final lines of the finished ``rows``, one a row: ``PlayTensors.write`` with
    ``finished=True`` (SPEC §6.1).  ``seat`` is the seat that played the last card, the
    other arrays the host's, one per row as for ``write``."""
    count = len(rows)
    size = bucket(count)

    at, *facts = jax.device_put(
        tuple(
            padded(values, size, int(values[0]))
            for values in (rows, seat, one, two, re_mask, declarer)
        )
    )
    lines = _final(state, at, *facts)
    out: npt.NDArray[np.uint8] = np.array(np.asarray(lines)[:count])
    return out
