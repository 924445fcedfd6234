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
   copies.  They are read from a deal's hands in position layout (see
   :mod:`doppelkopf.deal._positions`) by one lookup per 12 positions.
   Following suit is one ``&`` with the led category's set, and playing a
   card is two ``^`` (``two`` loses it if set, else ``one``).
   The planes are kept *in playing order*: row ``j`` is the hand of the seat
   ``j`` places after the trick's leader, so the seat on turn is row
   ``position`` of every game, a plain slice instead of a gather and a
   scatter per card; after each trick the rows turn by the winner's place,
   one gather per trick.  The winner is kept as a place in the trick too.
4. *Selecting the r-th legal card by 12-bit tables* (``test_select_table``):
   the number of distinct legal cards is two lookups of a 4,096-entry
   popcount table, and the r-th lowest set bit one lookup of a
   4,096 × 12 table holding both halves, instead of a (games × 24) array per
   card.
5. *One int per finished game* (``test_summary_keys``): what settlement needs
   of a game is packed into one ``int64`` (see :mod:`._playout_summary`);
   :func:`numpy.unique` finds the distinct ones and each is settled once.
6. *A trick in progress is replayed* (``test_trick_in_progress``): a game
   starts with the first card of its current trick, the cards already played
   given back to their hands, and those cards are played again in place of
   the policy's; so no position needs the trick's state worked out one game
   at a time in Python.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain
from typing import Final

import numpy as np
import numpy.typing as npt

from .._order import CardOrder
from ..parties import Party
from ..rules import GameType
from ._playout_summary import CONTEXT_SHIFT, SHIFTS, context_of, scores_of
from ._playout_tables import (
    CHARLIE_INDEX,
    DOPPELKOPF_POINTS,
    DULLE_INDEX,
    FOX_INDEX,
    POINTS,
    OrderTables,
    Start,
    order_tables,
)

__all__ = ["play", "summary_keys"]

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]

_RE: Final = Party.RE
_MARRIAGE: Final = GameType.MARRIAGE
_ALL: Final = (1 << 24) - 1
_MASK48: Final = (1 << 48) - 1
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
_BIT: Final = np.left_shift(1, np.arange(24, dtype=np.int64))
_POINTS: Final = np.array([*POINTS, 0], dtype=np.int64)
_SEATS: Final = np.arange(4, dtype=np.int64)


def _before_trick(start: Start) -> int:
    """The packed hands of ``start`` with the cards of its trick in progress given back.

    The hands are in the position layout of ``start.order`` (see
    :mod:`doppelkopf.deal._positions`): a card given back sets its bit, or
    its second bit when the seat still holds the other copy.
    """
    held = start.held
    position = start.order._position
    for place, card in enumerate(start.trick):
        at = 48 * ((start.leader + place) & 3) + position[card]
        held += 1 << (at + 24 if (held >> at) & 1 else at)
    return held


_UNPLACED: Final[dict[int, tuple[object, Ints]]] = {}


def _unplace_table(order: CardOrder) -> Ints:
    """For each 12-bit chunk of positions of ``order`` (low, then high), the set of card indices."""
    known = _UNPLACED.get(id(order))
    if known is not None and known[0] is order:
        return known[1]
    full = order._full_order
    table = np.zeros((2, 4096), dtype=np.int64)
    for half in (0, 1):
        for chunk in range(1, 4096):
            top = chunk.bit_length() - 1
            table[half, chunk] = table[half, chunk ^ (1 << top)] | 1 << full[12 * half + top].index
    _UNPLACED[id(order)] = (order, table)
    return table


def _planes(helds: Sequence[int], orders: Sequence[CardOrder]) -> tuple[Ints, Ints]:
    """The ``one`` and ``two`` planes of each packed four hands, shape (games, 4) (trick 3).

    ``helds[g]`` is in the position layout of ``orders[g]``: its low 24 bits
    per seat are ``one`` and its high 24 ``two``, by position, and each
    order's table turns the positions into card indices.
    """
    numbers: dict[int, int] = {}
    tables: list[Ints] = []
    for order in orders:
        if id(order) not in numbers:
            numbers[id(order)] = len(tables)
            tables.append(_unplace_table(order))
    table = np.array([numbers[id(order)] for order in orders], dtype=np.int64)[:, None]
    unplace = np.stack(tables)
    raw = b"".join(held.to_bytes(24, "little") for held in helds)
    words = np.frombuffer(raw, dtype="<u8").reshape(-1, 3).astype(np.uint64)
    low, middle, high = words[:, 0], words[:, 1], words[:, 2]
    seats = np.empty((len(helds), 4), dtype=np.uint64)
    seats[:, 0] = low & np.uint64(_MASK48)
    seats[:, 1] = (low >> np.uint64(48)) | ((middle & np.uint64(0xFFFFFFFF)) << np.uint64(16))
    seats[:, 2] = (middle >> np.uint64(32)) | ((high & np.uint64(0xFFFF)) << np.uint64(32))
    seats[:, 3] = high >> np.uint64(16)
    held = seats.astype(np.int64)
    planes = []
    for placed in (held & _ALL, held >> 24):
        low = unplace[table, 0, placed & 4095]
        planes.append(low | unplace[table, 1, placed >> 12])
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
    run = _Run(starts, greedy)
    for step in range(run.steps):
        run.step(step, rng)
    return run.result()


class _Run:
    """The arrays of one call of :func:`play`, the games sorted by their first card."""

    def __init__(self, starts: Sequence[Start], greedy: bool) -> None:
        count = self.count = len(starts)
        width = self.width = 4 * starts[0].rules.tricks
        # Each game starts with the first card of its trick in progress (trick 6).
        begins = np.fromiter((len(s.history) for s in starts), np.int64, count)
        order = self.order = np.argsort(begins, kind="stable")
        games = self.games = [starts[i] for i in order.tolist()]
        begins = begins[order]
        remaining = width - begins
        steps = self.steps = int(remaining[0])
        self.running = np.searchsorted(-remaining, np.arange(steps) - steps, side="right").tolist()
        self.start_moment = width - steps
        self.last_moment = width - 4

        numbers: dict[int, int] = {}
        tables: list[OrderTables] = []
        for start in games:
            if id(start.order) not in numbers:
                numbers[id(start.order)] = len(tables)
                tables.append(order_tables(start.order))
        flat = self.flat = _Tables(tables)
        table = self.table = np.array([numbers[id(s.order)] for s in games], dtype=np.int64)
        self.table_24 = 24 * table
        leader = self.leader = np.array([s.leader for s in games], dtype=np.int64)
        self.columns = np.arange(count, dtype=np.int64)

        # The hands at the start of the trick in progress, in playing order from its leader.
        one, two = _planes(
            [s.held if not s.trick else _before_trick(s) for s in games], [s.order for s in games]
        )
        turned = ((leader + _SEATS[:, None]) & 3) * count + self.columns
        self.one = one.T.ravel()[turned]
        self.two = two.T.ravel()[turned]

        cards = self.cards = np.full((width, count), 24, dtype=np.int8)
        self.winners = np.zeros((count, width // 4), dtype=np.int64)
        _fill_history(games, cards, self.winners)
        started = [g for g, start in enumerate(games) if start.trick]
        self.replayed = 0  # the moments before which a card of a trick in progress is replayed
        if started:
            rows = np.array(started)
            lengths = np.array([len(games[g].trick) for g in started])
            at = np.repeat(begins[rows], lengths) + _ranks(lengths)
            in_trick = np.fromiter(chain.from_iterable(games[g].trick for g in started), np.int8)
            cards[at, np.repeat(rows, lengths)] = in_trick
            self.replayed = int(at.max()) + 1

        # The trick in progress: its winning key and place, row of keys and following set.
        self.best = np.zeros(count, dtype=np.int64)
        self.best_place = np.zeros(count, dtype=np.int64)
        self.key_base = np.zeros(count, dtype=np.int64)
        self.follow = np.full(count, _ALL, dtype=np.int64)
        self.rising = bool(flat.rises_early[table].any())
        self.rises_early = flat.rises_early[table]
        self.rises_last = flat.rises_last[table]
        self.parties = _greedy_parties(games, leader) if greedy else None

    def step(self, step: int, rng: np.random.Generator) -> None:
        """Play the card of moment ``start_moment + step`` in every running game."""
        k = self.running[step]
        moment = self.start_moment + step
        position = moment & 3
        rises = None
        if self.rising:
            rises = (self.rises_last if moment >= self.last_moment else self.rises_early)[:k]
        held_one = self.one[position, :k]
        held_two = self.two[position, :k]
        if position:
            following = held_one & self.follow[:k]
            legal = np.where(following != 0, following, held_one)
        else:
            legal = held_one
        if self.parties is not None:
            card = self._greedy(k, legal, position, rises)
        else:
            card = _random(legal, rng.random(k))
        if moment < self.replayed:
            given = self.cards[moment, :k]
            card = np.where(given != 24, given, card)
        bit = _BIT[card]
        both = held_two & bit
        held_one ^= bit ^ both
        held_two ^= both
        self.cards[moment, :k] = card
        flat, best = self.flat, self.best[:k]
        if position == 0:
            row = 5 * self.table[:k] + flat.category[self.table_24[:k] + card]
            self.key_base[:k] = 24 * row
            self.follow[:k] = flat.follow[row]
            best[:] = flat.keys[24 * row + card]
            self.best_place[:k] = 0
        else:
            key = flat.keys[self.key_base[:k] + card]
            wins = key > best
            if rises is not None:
                wins |= rises & (card == DULLE_INDEX) & (key == best)
            np.maximum(best, key, out=best)
            self.best_place[:k][wins] = position
        if position == 3:
            self._close(k, moment >> 2, more=step + 1 < self.steps)

    def _close(self, k: int, trick: int, *, more: bool) -> None:
        """The trick is complete: its winner leads, the hands turn to the winner (trick 3)."""
        place = self.best_place[:k]
        winner = (self.leader[:k] + place) & 3
        self.winners[:k, trick] = winner
        self.leader[:k] = winner
        if more:
            turn = ((place + _SEATS[:, None]) & 3) * self.count + self.columns[:k]
            self.one[:, :k] = self.one.ravel()[turn]
            self.two[:, :k] = self.two.ravel()[turn]
            if self.parties is not None:
                _next_trick(self.parties, k, winner, trick)

    def _greedy(self, k: int, legal: Ints, position: int, rises: Bools | None) -> Ints:
        """The greedy policy's card in each game (see :func:`._playout_tables.greedy_index`)."""
        flat, table = self.flat, self.table[:k]
        holds = ((legal[:, None] >> np.arange(24)) & 1).astype(np.bool_)
        if position == 0:
            lead: Ints = np.argmax(np.where(holds, flat.lead[table], -_BIG), axis=1)
            return lead
        assert self.parties is not None
        turned = self.parties[2][:, :k]
        best = self.best[:k, None]
        own = turned[position] == np.take_along_axis(turned, self.best_place[None, :k], axis=0)[0]
        keys = flat.key_rows[self.key_base[:k] // 24]
        beating = keys > best
        if rises is not None:
            beating |= rises[:, None] & flat.dulle_column & (keys == best)
        beating &= holds
        smear = np.argmax(np.where(holds, flat.smear[table], -_BIG), axis=1)
        cheapest = np.argmin(np.where(beating, keys, _BIG), axis=1)
        dump = np.argmin(np.where(holds, flat.dump[table], _BIG), axis=1)
        chosen: Ints = np.where(own, smear, np.where(beating.any(axis=1), cheapest, dump))
        return chosen

    def result(self) -> tuple[Ints, Ints]:
        """The scores and the cards of every game, in the order of the given starts."""
        count, order = self.count, self.order
        first = np.array([s.first for s in self.games], dtype=np.int64)
        keys, re_seat = _summary_keys(self.games, self.cards.T, self.winners, first)
        unique, inverse = np.unique(keys, return_inverse=True)
        settled = np.array([scores_of(key) for key in unique.tolist()], dtype=np.int64)
        entries = settled[inverse.ravel()]
        scores = np.empty((count, 4), dtype=np.int64)
        scores[order] = np.where(re_seat, entries[:, :1], entries[:, 1:])
        played = np.empty((count, self.width), dtype=np.int64)
        played[order] = self.cards.T
        return scores, played


def _ranks(lengths: Ints) -> Ints:
    """``0 .. n-1`` for each ``n`` of ``lengths``, one after the other."""
    return np.arange(int(lengths.sum())) - np.repeat(np.cumsum(lengths) - lengths, lengths)


def _fill_history(games: Sequence[Start], cards: npt.NDArray[np.int8], winners: Ints) -> None:
    """Copy the completed tricks of every game: one flat array, one scatter."""
    lengths = np.fromiter((len(s.history) for s in games), np.int64, len(games))
    total = int(lengths.sum())
    if not total:
        return
    rows = np.repeat(np.arange(len(games)), lengths)
    flat = np.fromiter(chain.from_iterable(s.history for s in games), np.int8, total)
    cards[_ranks(lengths), rows] = flat
    tricks = lengths // 4
    rows = np.repeat(np.arange(len(games)), tricks)
    flat_winners = np.fromiter(
        chain.from_iterable(s.winners for s in games), np.int64, int(tricks.sum())
    )
    winners[rows, _ranks(tricks)] = flat_winners


def _random(legal: Ints, uniform: npt.NDArray[np.float64]) -> Ints:
    """A uniformly drawn set bit of each ``legal``: the distinct legal cards (trick 4)."""
    low = legal & 4095
    high = legal >> 12
    low_count = _POP[low]
    rank = (uniform * (low_count + _POP[high])).astype(np.int64)
    in_low = rank < low_count
    chosen: Ints = _SELECT[np.where(in_low, 12 * low + rank, 12 * (4096 + high) + rank - low_count)]
    return chosen


_Parties = tuple[Ints, Bools, Ints, Ints]
"""The greedy policy's view of the parties: by seat, still pending, in playing order, declarer."""


def _greedy_parties(games: Sequence[Start], leader: Ints) -> _Parties:
    """Each seat's party code: 1 Re, 2 Kontra, ``10 + seat`` while unknown (SPEC §6, §7.2)."""
    count = len(games)
    codes = np.array(
        [
            [
                1 if p is _RE else 2 if p is not None else 10 + seat
                for seat, p in enumerate(s.parties)
            ]
            for s in games
        ],
        dtype=np.int64,
    ).reshape(count, 4)
    pending = np.array([s.pending for s in games], dtype=np.bool_)
    declarer = np.array([-1 if s.declarer is None else s.declarer for s in games], dtype=np.int64)
    turned = np.take_along_axis(codes, (leader[:, None] + _SEATS) & 3, axis=1).T.copy()
    return codes, pending, turned, declarer


def _next_trick(parties: _Parties, k: int, winner: Ints, trick: int) -> None:
    """Clarify the marriages this trick decides (SPEC §7.2, §7.3); turn the codes to the winner."""
    codes, pending, turned, declarer = parties
    if trick < 3 and pending[:k].any():
        waiting = pending[:k]
        found = waiting & (winner != declarer[:k])
        if trick == 2:
            found |= waiting
        rows = np.nonzero(found)[0]
        # The partner, or the declarer again where the marriage turned solo.
        codes[rows] = 2
        codes[rows, declarer[rows]] = 1
        codes[rows, winner[rows]] = 1
        waiting[rows] = False
    order = (winner[:, None] + _SEATS) & 3
    turned[:, :k] = np.take_along_axis(codes[:k], order, axis=1).T


def _summary_keys(
    games: Sequence[Start], cards: npt.NDArray[np.int8], winners: Ints, first: Ints
) -> tuple[Ints, Bools]:
    """The summary key and the Re seats of every finished game (SPEC §6.4, §7, §9.1, §11, V§5).

    Trick 5: see :mod:`._playout_summary` for the layout.
    """
    declarer = np.fromiter((-1 if s.declarer is None else s.declarer for s in games), np.int64)
    pending = np.fromiter((s.pending for s in games), np.bool_)
    re_mask = np.fromiter((s.re_mask for s in games), np.int64)
    context = np.fromiter((s.context for s in games), np.int64)
    return summary_keys(declarer, pending, re_mask, context, cards, winners, first)


def summary_keys(  # noqa: PLR0917 - the facts of a game, one array each
    declarer: Ints,
    pending: Bools,
    re_mask: Ints,
    context: Ints,
    cards: npt.NDArray[np.int8],
    winners: Ints,
    first: Ints,
) -> tuple[Ints, Bools]:
    """:func:`_summary_keys` over arrays: the declarer (-1 for none), an open marriage,
    the Re seats as bits and the context number of every game.

    Also read by :mod:`doppelkopf.vector`, which settles its deals the same way.
    """
    count, tricks = winners.shape
    rows = np.arange(count)
    points = _POINTS[cards].reshape(count, tricks, 4).sum(axis=2)

    # The final parties, marriages clarified during the playout included (SPEC §7.2, §7.3).
    strangers = winners[:, :3] != declarer[:, None]
    found = strangers.any(axis=1)
    partner = winners[rows, strangers.argmax(axis=1)]
    clarified = (1 << np.maximum(declarer, 0)) | np.where(found, 1 << partner, 0)
    re_mask = np.where(pending, clarified, re_mask)
    turned_solo = pending & ~found
    re_seat = ((re_mask[:, None] >> _SEATS) & 1).astype(np.bool_)

    numbers = np.unique(context).tolist()
    # Per context: counts specials at all (SPEC §11.1, V§5.1), Karlchen, caught, at the end.
    flags = np.zeros((numbers[-1] + 1, 4), dtype=np.bool_)
    for number in numbers:
        rules = context_of(number).rules
        counted = rules.counts_specials(context_of(number).game_type)
        flags[number] = (counted, rules.karlchen, rules.karlchen_caught, rules.fox_at_end)
    special = flags[context, 0] & ~turned_solo

    re_won = re_seat[rows[:, None], winners]
    re_points = (points * re_won).sum(axis=1)
    re_tricks = re_won.sum(axis=1)
    doppelkopf = (points >= DOPPELKOPF_POINTS) & special[:, None]

    # The two foxes of each game (SPEC §11.4): who played each, who won its trick.
    fox_game, fox_moment = np.nonzero(cards == FOX_INDEX)
    fox_trick = fox_moment >> 2
    fox_leader = np.where(
        fox_trick == 0, first[fox_game], winners[fox_game, np.maximum(fox_trick - 1, 0)]
    )
    victim_re = re_seat[fox_game, (fox_leader + fox_moment) & 3]
    taker_re = re_won[fox_game, fox_trick]
    caught = (victim_re != taker_re) & special[fox_game]
    re_foxes = np.bincount(fox_game, weights=caught & taker_re, minlength=count)
    kontra_foxes = np.bincount(fox_game, weights=caught & ~taker_re, minlength=count)

    # The last trick (SPEC §11.5, V§5.3, V§5.4).
    last_cards = cards[:, -4:]
    last_leader = winners[:, -2] if tricks > 1 else first
    last_re = re_won[:, -1]
    winning = last_cards[rows, (winners[:, -1] - last_leader) & 3]
    karlchen = (winning == CHARLIE_INDEX) & special & flags[context, 1]
    at_end = (winning == FOX_INDEX) & special & flags[context, 3]
    played_re = re_seat[rows[:, None], (last_leader[:, None] + _SEATS) & 3]
    charlies = (last_cards == CHARLIE_INDEX) & (played_re != last_re[:, None])
    charlie_caught = charlies.sum(axis=1) * (special & flags[context, 2])

    fields = {
        "re_points": re_points,
        "re_tricks": re_tricks,
        "marriage_solo": turned_solo,
        "re_doppelkopf": (doppelkopf & re_won).sum(axis=1),
        "kontra_doppelkopf": (doppelkopf & ~re_won).sum(axis=1),
        "re_foxes": re_foxes,
        "kontra_foxes": kontra_foxes,
        "re_karlchen": karlchen & last_re,
        "kontra_karlchen": karlchen & ~last_re,
        "re_caught": charlie_caught * last_re,
        "kontra_caught": charlie_caught * ~last_re,
        "re_fox_at_end": at_end & last_re,
        "kontra_fox_at_end": at_end & ~last_re,
    }
    keys = context << CONTEXT_SHIFT
    for name, values in fields.items():
        keys |= values.astype(np.int64) << SHIFTS[name]
    return keys, re_seat
