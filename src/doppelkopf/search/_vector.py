"""The vectorised playout engine: many deals at once over numpy arrays (SPEC §5, §7, §11, §12).

Private to :mod:`doppelkopf.search.playouts`, which calls :func:`play` with
positions of one hand size.  Each step plays one card in every game still
running; the tables come from the library's card orders
(:mod:`._playout_tables`) and the scores from its settlement
(:mod:`._playout_summary`).

Hot-path tricks, each pinned by a test in ``tests/test_playouts.py``:

1. *End alignment* (``test_end_alignment``): every deal ends with card
   ``4·T``, so the games are run aligned at their end.  At each step all
   running games then play the card of the same moment: the position in the
   trick, the trick number and "last trick" are one Python number per step,
   and no step needs a mask to tell leading games from following ones.
2. *Prefix slices* (``test_prefix_slices``): sorted by the cards they still
   have to play, longest first, the games running at a step are a prefix of
   the arrays, so each step works on views ``[:k]`` instead of masks.
3. *Two 24-bit planes per hand* (``test_hand_planes``): bit ``c`` of ``one``
   says the seat holds card ``c``, bit ``c`` of ``two`` that it holds both
   copies.  Following suit is one ``&`` with the led category's set, and
   playing a card is two ``^`` (``two`` loses it if set, else ``one``).
4. *Selecting the r-th legal card by 12-bit tables* (``test_select_table``):
   the number of distinct legal cards is two lookups of a 4,096-entry
   popcount table, and the r-th lowest set bit one lookup of a
   4,096 × 12 table holding both halves, instead of a (games × 24) array per
   card.
5. *One int per finished game* (``test_summary_keys``): what settlement needs
   of a game is packed into one ``int64`` (see :mod:`._playout_summary`);
   :func:`numpy.unique` finds the distinct ones and each is settled once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from ..parties import Party
from ..rules import GameType
from ._playout_summary import CONTEXT_SHIFT, SHIFTS, context_id, context_of, scores_of
from ._playout_tables import (
    CHARLIE_INDEX,
    DOPPELKOPF_POINTS,
    DULLE_INDEX,
    FOX_INDEX,
    POINTS,
    OrderTables,
    Start,
    order_tables,
    trick_state,
)

__all__ = ["play"]

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]

_RE: Final = Party.RE
_MARRIAGE: Final = GameType.MARRIAGE
_ALL: Final = (1 << 24) - 1
_MASK48: Final = (1 << 48) - 1
_EVEN48: Final = 0x555555555555
_BIG: Final = 1 << 30

_POP: Final = np.array([bin(mask).count("1") for mask in range(4096)], dtype=np.int64)
"""The number of set bits of each 12-bit value."""


def _select_table() -> Ints:
    """Entry ``12 m + r``: the ``r``-th lowest set bit of the 12-bit ``m``; +12 from 4096·12 on."""
    table = np.zeros(2 * 4096 * 12, dtype=np.int64)
    for mask in range(4096):
        bits = [bit for bit in range(12) if mask >> bit & 1]
        for rank, bit in enumerate(bits):
            table[12 * mask + rank] = bit
            table[12 * (4096 + mask) + rank] = bit + 12
    return table


_SELECT: Final = _select_table()
_COMPRESS: Final = np.array(
    [sum(((chunk >> (2 * i)) & 1) << i for i in range(6)) for chunk in range(4096)],
    dtype=np.int64,
)
"""The six even bits of a 12-bit value, side by side (two bits per card to one)."""
_BIT: Final = np.left_shift(1, np.arange(24, dtype=np.int64))
_POINTS: Final = np.array([*POINTS, 0], dtype=np.int64)
_SEATS: Final = np.arange(4, dtype=np.int64)


def _planes(starts: Sequence[Start]) -> tuple[Ints, Ints]:
    """The ``one`` and ``two`` planes of every seat's hand, shape (games, 4) (trick 3)."""
    raw = b"".join(start.held.to_bytes(24, "little") for start in starts)
    words = np.frombuffer(raw, dtype="<u8").reshape(-1, 3).astype(np.uint64)
    low, middle, high = words[:, 0], words[:, 1], words[:, 2]
    seats = np.empty((len(starts), 4), dtype=np.uint64)
    seats[:, 0] = low & np.uint64(_MASK48)
    seats[:, 1] = (low >> np.uint64(48)) | ((middle & np.uint64(0xFFFFFFFF)) << np.uint64(16))
    seats[:, 2] = (middle >> np.uint64(32)) | ((high & np.uint64(0xFFFF)) << np.uint64(32))
    seats[:, 3] = high >> np.uint64(16)
    held = seats.astype(np.int64)
    planes = []
    for spread in ((held | (held >> 1)) & _EVEN48, (held >> 1) & _EVEN48):
        plane = np.zeros_like(spread)
        for chunk in range(4):
            plane |= _COMPRESS[(spread >> (12 * chunk)) & 4095] << (6 * chunk)
        planes.append(plane)
    return planes[0], planes[1]


class _Tables:
    """The order tables of the games of one call as flat arrays, by table number."""

    def __init__(self, tables: list[OrderTables]) -> None:
        self.keys = np.array([row for t in tables for row in t.keys], dtype=np.int64).ravel()
        self.key_rows = self.keys.reshape(-1, 24)
        self.category = np.array([t.category for t in tables], dtype=np.int64).ravel()
        self.follow = np.array([t.follow for t in tables], dtype=np.int64).ravel()
        self.rises_early = np.array([t.rises != 0 for t in tables])
        self.rises_last = np.array([t.rises == 1 for t in tables])
        self.lead = np.array([t.lead_score for t in tables], dtype=np.int64)
        self.smear = np.array([t.smear_score for t in tables], dtype=np.int64)
        self.dump = np.array([t.dump_score for t in tables], dtype=np.int64)
        self.dulle_column = np.arange(24) == DULLE_INDEX


def play(starts: Sequence[Start], *, greedy: bool, rng: np.random.Generator) -> tuple[Ints, Ints]:
    """Play every position of ``starts`` (one hand size) to its end; scores and cards by game.

    Returns the scores, shape (games, 4), and every card index of every game
    from trick 1 on, shape (games, 4 · tricks), both in the order of ``starts``.
    """
    count = len(starts)
    width = 4 * starts[0].rules.tricks
    moments = np.fromiter((len(s.history) + len(s.trick) for s in starts), np.int64, count)
    order = np.argsort(moments, kind="stable")
    games = [starts[i] for i in order.tolist()]
    remaining = width - moments[order]
    steps = int(remaining[0])
    running = np.searchsorted(-remaining, np.arange(steps) - steps, side="right")

    numbers: dict[int, int] = {}
    tables: list[OrderTables] = []
    for start in games:
        if id(start.order) not in numbers:
            numbers[id(start.order)] = len(tables)
            tables.append(order_tables(start.order))
    flat = _Tables(tables)
    table = np.array([numbers[id(s.order)] for s in games], dtype=np.int64)

    one, two = _planes(games)
    one_flat, two_flat = one.ravel(), two.ravel()
    base = 4 * np.arange(count, dtype=np.int64)
    leader = np.array([s.leader for s in games], dtype=np.int64)
    declarer = np.array([-1 if s.declarer is None else s.declarer for s in games], dtype=np.int64)
    pending = np.array([s.pending for s in games], dtype=np.bool_)
    re_mask = np.array(
        [
            (p[0] is _RE) | (p[1] is _RE) << 1 | (p[2] is _RE) << 2 | (p[3] is _RE) << 3
            for p in (s.parties for s in games)
        ],
        dtype=np.int64,
    )

    cards = np.full((count, width), 24, dtype=np.int64)
    winners = np.zeros((count, width // 4), dtype=np.int64)
    first = np.array([s.first for s in games], dtype=np.int64)
    _fill_history(games, cards, winners)

    # The trick in progress: its winning key, seat, row of keys and following set.
    best = np.zeros(count, dtype=np.int64)
    best_seat = np.zeros(count, dtype=np.int64)
    key_base = np.zeros(count, dtype=np.int64)
    follow = np.full(count, _ALL, dtype=np.int64)
    last_moment = width - 4
    for g, start in enumerate(games):
        if start.trick:
            moment = len(start.history)
            cards[g, moment : moment + len(start.trick)] = start.trick
            led, key, position = trick_state(
                tables[table[g]], start.trick, moment >= last_moment
            )
            row = 5 * int(table[g]) + led
            best[g], best_seat[g] = key, (start.leader + position) & 3
            key_base[g], follow[g] = 24 * row, flat.follow[row]

    rising = bool(flat.rises_early[table].any())
    rises_early = flat.rises_early[table]
    rises_last = flat.rises_last[table]
    parties = np.empty((0, 4), dtype=np.int64)
    still_pending = pending.copy()
    if greedy:
        parties = np.where((re_mask[:, None] >> _SEATS) & 1, 1, 2)
        parties = np.where(pending[:, None] & (_SEATS != declarer[:, None]), 10 + _SEATS, parties)
    any_pending = greedy and bool(pending.any())
    table_24 = 24 * table

    start_moment = width - steps
    for step in range(steps):
        k = int(running[step])
        moment = start_moment + step
        position = moment & 3
        last = moment >= last_moment
        seat = (leader[:k] + position) & 3
        index = base[:k] + seat
        held_one = one_flat[index]
        held_two = two_flat[index]
        if position:
            following = held_one & follow[:k]
            legal = np.where(following != 0, following, held_one)
        else:
            legal = held_one
        if greedy:
            card = _greedy(flat, table[:k], legal, position, best[:k], key_base[:k] // 24,
                           parties, base[:k], seat, best_seat[:k],
                           (rises_last if last else rises_early)[:k] if rising else None)
        else:
            card = _random(legal, rng.random(k))
        bit = _BIT[card]
        both = held_two & bit
        one_flat[index] = held_one ^ bit ^ both
        two_flat[index] = held_two ^ both
        cards[:k, moment] = card
        if position == 0:
            row = 5 * table[:k] + flat.category[table_24[:k] + card]
            key_base[:k] = 24 * row
            follow[:k] = flat.follow[row]
            best[:k] = flat.keys[key_base[:k] + card]
            best_seat[:k] = seat
        else:
            key = flat.keys[key_base[:k] + card]
            wins = key > best[:k]
            if rising:
                rises = rises_last[:k] if last else rises_early[:k]
                wins |= rises & (card == DULLE_INDEX) & (key == best[:k])
            best[:k] = np.where(wins, key, best[:k])
            best_seat[:k] = np.where(wins, seat, best_seat[:k])
        if position == 3:
            trick = moment >> 2
            winners[:k, trick] = best_seat[:k]
            leader[:k] = best_seat[:k]
            if any_pending and trick < 3:
                _clarify(parties, still_pending[:k], declarer[:k], best_seat[:k], trick == 2)

    keys = _summary_keys(games, cards, winners, first, re_mask, declarer, pending)
    unique, inverse = np.unique(keys, return_inverse=True)
    settled = np.array([scores_of(key) for key in unique.tolist()], dtype=np.int64)
    scores = np.empty((count, 4), dtype=np.int64)
    scores[order] = settled[inverse.ravel()]
    played = np.empty_like(cards)
    played[order] = cards
    return scores, played


def _fill_history(games: Sequence[Start], cards: Ints, winners: Ints) -> None:
    """Copy the completed tricks, once per distinct shared past (see ``Start.history``)."""
    shared: dict[int, list[int]] = {}
    for g, start in enumerate(games):
        if start.history:
            shared.setdefault(id(start.history), []).append(g)
    for rows in shared.values():
        start = games[rows[0]]
        cards[rows, : len(start.history)] = start.history
        winners[rows, : len(start.winners)] = start.winners


def _random(legal: Ints, uniform: npt.NDArray[np.float64]) -> Ints:
    """A uniformly drawn set bit of each ``legal``: the distinct legal cards (trick 4)."""
    low = legal & 4095
    high = legal >> 12
    low_count = _POP[low]
    rank = (uniform * (low_count + _POP[high])).astype(np.int64)
    in_low = rank < low_count
    return _SELECT[np.where(in_low, 12 * low + rank, 12 * (4096 + high) + rank - low_count)]


def _greedy(
    flat: _Tables,
    table: Ints,
    legal: Ints,
    position: int,
    best: Ints,
    key_row: Ints,
    parties: Ints,
    base: Ints,
    seat: Ints,
    best_seat: Ints,
    rises: Bools | None,
) -> Ints:
    """The greedy policy's card in each game (see :func:`._playout_tables.greedy_index`)."""
    holds = ((legal[:, None] >> np.arange(24)) & 1).astype(np.bool_)
    if position == 0:
        return np.argmax(np.where(holds, flat.lead[table], -_BIG), axis=1).astype(np.int64)
    flat_parties = parties.ravel()
    own = flat_parties[base + seat] == flat_parties[base + best_seat]
    keys = flat.key_rows[key_row]
    beating = keys > best[:, None]
    if rises is not None:
        beating |= rises[:, None] & flat.dulle_column & (keys == best[:, None])
    beating &= holds
    smear = np.argmax(np.where(holds, flat.smear[table], -_BIG), axis=1)
    cheapest = np.argmin(np.where(beating, keys, _BIG), axis=1)
    dump = np.argmin(np.where(holds, flat.dump[table], _BIG), axis=1)
    return np.where(own, smear, np.where(beating.any(axis=1), cheapest, dump)).astype(np.int64)


def _clarify(parties: Ints, pending: Bools, declarer: Ints, winner: Ints, third: bool) -> None:
    """Fix the parties of the marriages clarified by this trick (SPEC §7.2, §7.3), in place."""
    found = pending & (winner != declarer)
    if third:
        found |= pending
    rows = np.nonzero(found)[0]
    if rows.size:
        partner = np.where(winner[rows] != declarer[rows], winner[rows], declarer[rows])
        parties[rows] = 2
        parties[rows, declarer[rows]] = 1
        parties[rows, partner] = 1
        pending[rows] = False


def _summary_keys(
    games: Sequence[Start],
    cards: Ints,
    winners: Ints,
    first: Ints,
    re_mask: Ints,
    declarer: Ints,
    pending: Bools,
) -> Ints:
    """The summary key of every finished game (SPEC §6.4, §7, §9.1, §11, V§5; trick 5)."""
    count, tricks = winners.shape
    by_trick = cards.reshape(count, tricks, 4)
    points = _POINTS[by_trick].sum(axis=2)
    leaders = np.empty_like(winners)
    leaders[:, 0] = first
    leaders[:, 1:] = winners[:, :-1]
    seats = (leaders[:, :, None] + _SEATS) & 3

    # The final parties of marriages not clarified at the start (SPEC §7.2, §7.3).
    strangers = winners[:, :3] != declarer[:, None]
    found = strangers.any(axis=1)
    partner = winners[np.arange(count), strangers.argmax(axis=1)]
    clarified = (1 << np.maximum(declarer, 0)) | np.where(found, 1 << partner, 0)
    re_mask = np.where(pending, clarified, re_mask)
    turned_solo = pending & ~found

    contexts: dict[tuple[int, GameType, int, int], int] = {}
    numbers = []
    for start in games:
        memo = (id(start.rules), start.game_type, id(start.re_state), id(start.kontra_state))
        number = contexts.get(memo)
        if number is None:
            number = contexts[memo] = context_id(
                start.rules, start.game_type, start.re_state, start.kontra_state
            )
        numbers.append(number)
    context = np.array(numbers, dtype=np.int64)
    distinct = np.unique(context)
    # Per context: counts specials at all (SPEC §11.1, V§5.1), Karlchen, caught, at the end.
    flags = np.zeros((int(distinct.max()) + 1, 4), dtype=np.bool_)
    for number in distinct.tolist():
        rules = context_of(number).rules
        counted = rules.counts_specials(context_of(number).game_type)
        flags[number] = (counted, rules.karlchen, rules.karlchen_caught, rules.fox_at_end)
    special = flags[context, 0] & ~turned_solo

    re_seat = ((re_mask[:, None] >> _SEATS) & 1).astype(np.bool_)
    re_won = np.take_along_axis(re_seat, winners, axis=1)
    re_points = (points * re_won).sum(axis=1)
    re_tricks = re_won.sum(axis=1)

    doppelkopf = (points >= DOPPELKOPF_POINTS) & special[:, None]
    played_by_re = np.take_along_axis(re_seat, seats.reshape(count, -1), axis=1).reshape(
        count, tricks, 4
    )
    caught = (by_trick == FOX_INDEX) & (played_by_re != re_won[:, :, None]) & special[:, None, None]
    caught_per_trick = caught.sum(axis=2)

    rows = np.arange(count)
    last_winner = winners[:, -1]
    winning_card = by_trick[rows, -1, (last_winner - leaders[:, -1]) & 3]
    last_re = re_won[:, -1]
    karlchen = (winning_card == CHARLIE_INDEX) & special & flags[context, 1]
    at_end = (winning_card == FOX_INDEX) & special & flags[context, 3]
    charlie_caught = (
        (by_trick[:, -1, :] == CHARLIE_INDEX) & (played_by_re[:, -1, :] != last_re[:, None])
    ).sum(axis=1) * (special & flags[context, 2])

    def split(values: Ints, re_side: Bools) -> tuple[Ints, Ints]:
        return values * re_side, values * ~re_side

    fields = {
        "re_points": re_points,
        "re_tricks": re_tricks,
        "re_seats": re_mask,
        "marriage_solo": turned_solo.astype(np.int64),
    }
    fields["re_doppelkopf"] = (doppelkopf & re_won).sum(axis=1)
    fields["kontra_doppelkopf"] = (doppelkopf & ~re_won).sum(axis=1)
    fields["re_foxes"] = (caught_per_trick * re_won).sum(axis=1)
    fields["kontra_foxes"] = (caught_per_trick * ~re_won).sum(axis=1)
    fields["re_karlchen"], fields["kontra_karlchen"] = split(karlchen.astype(np.int64), last_re)
    fields["re_caught"], fields["kontra_caught"] = split(charlie_caught, last_re)
    fields["re_fox_at_end"], fields["kontra_fox_at_end"] = split(at_end.astype(np.int64), last_re)
    keys = context << CONTEXT_SHIFT
    for name, values in fields.items():
        keys |= values.astype(np.int64) << SHIFTS[name]
    return keys
