"""The card play of many deals over numpy arrays, for :class:`~doppelkopf.vector.VectorDealEnv`.

A row enters here when its checked deal reaches the first card (SPEC §3.5):
the contract, the parties, the card order and the hands are read from the
deal once, and from then on each step plays a card or makes an announcement
in every row at once, until the last trick is settled (SPEC §5, §7, §8,
§11, §12).  The numbers come from the library: the card orders' tables of
:mod:`doppelkopf.search._playout_tables`, the announcement deadlines of
:func:`doppelkopf.deal._announcing.legal_levels`, the settlement of
:func:`doppelkopf.settle` through the summary keys of
:mod:`doppelkopf.search._playout_summary`.

Hot-path tricks, each pinned by a test in ``tests/test_vector_play.py``
(and all of them by the fidelity harness, ``tests/test_vector_fidelity.py``):

1. *Two 24-bit planes per hand, by seat* (``test_hand_planes``): bit ``c``
   of ``one[row, seat]`` says the seat holds card index ``c``, bit ``c`` of
   ``two`` that it holds both copies, as in :mod:`doppelkopf.search._vector`;
   following suit is one ``&`` with the led category's set.  Unlike the
   playout engine the rows are at different moments of their deals (and some
   are still in the reservation round), so the planes stay by seat and the
   seat on turn is a gather, ``one[rows, seat]``.
2. *Announcements as a run of levels* (``test_announcement_runs``): the
   legal announcements of the seat on turn are the levels ``start`` to
   ``stop - 1`` of :func:`doppelkopf.deal._announcing._level_run`, computed
   over arrays from both parties' levels, the seat's hand size and the
   marriage's shift (SPEC §7.4, §8.4, §8.6, V§4).
3. *One key per finished deal* (``test_settled_by_keys``): a finished row is
   reduced to the summary key of
   :func:`doppelkopf.search._vector.summary_keys` and each distinct key is
   settled once by :func:`doppelkopf.settle` (SPEC §12).
4. *Card points and tricks by band* (``test_settled_by_bands``): the
   settlement compares card points only with 30, 60, 90, 120 and 121 and
   the opponents' with 30, 60 and 90 (SPEC §9.2, §9.3, §10.1, §10.2), and
   tricks only with none and all (schwarz, SPEC §9.2, §10.1).  Re's points
   and tricks in a key are replaced by the least value of their band, so
   that keys recur across deals and the settlement's cache serves nearly
   every finished deal.
5. *Whole columns* (``test_whole_columns``): where nearly every row is in
   the card play, a step computes every array for all rows and keeps the
   old value where a row takes no card (``np.where``), and reads a row's
   seat from the planes by flat index (``4 row + seat``): gathering and
   scattering the rows in play costs more than the rows left out save.
   The bits of the legal cards become mask columns by ``np.unpackbits``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from .._order import CardOrder
from ..adapters.encoding import ANNOUNCE_BASE
from ..announce import PartyAnnouncements
from ..deal import Deal
from ..parties import Announcement, Party
from ..rules import GameType, Rules
from ..search._playout_summary import SHIFTS, context_id, scores_of
from ..search._playout_tables import DULLE_INDEX, OrderTables, order_tables
from ..search._vector import _Tables, summary_keys
from ._observe import GAMES, PlayTensors, unpack

__all__ = ["PlayRows"]

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]

_BITS: Final = np.arange(24, dtype=np.int64)
_LEVELS: Final = np.arange(len(Announcement), dtype=np.int64)
_ANNOUNCEMENTS: Final = tuple(Announcement)
_MARRIAGE: Final = GameType.MARRIAGE
_MARRIAGE_SOLO_INDEX: Final = GAMES.index(GameType.MARRIAGE_SOLO)
_RE: Final = Party.RE
_NO_CARD: Final = 24


def planes(held: Sequence[int]) -> tuple[Ints, Ints]:
    """The ``one`` and ``two`` planes, shape (rows, 4), of packed four hands (trick 1).

    ``held[i]`` holds the hands in the index layout of :attr:`~doppelkopf.Hand.bits`
    (two bits per card index, the count of copies; seat ``s`` from bit ``48 s``).
    """
    mask = (1 << 48) - 1
    seats = np.array(
        [[(value >> (48 * seat)) & mask for seat in range(4)] for value in held], dtype=np.int64
    ).reshape(len(held), 4)
    counts = (seats[:, :, None] >> (2 * _BITS)) & 3
    one = ((counts != 0).astype(np.int64) << _BITS).sum(axis=2)
    two = ((counts == 2).astype(np.int64) << _BITS).sum(axis=2)
    return one, two


_LEVEL_CODES: Final = 2 * (len(Announcement) + 1)
_CODES: Final = _LEVEL_CODES * _LEVEL_CODES
_TRICKS_SHIFT: Final = SHIFTS["re_tricks"]
_FIELD_MASK: Final = (1 << SHIFTS["marriage_solo"]) - 1
_OTHER_FIELDS: Final = ~_FIELD_MASK


def bands(total: int, tricks: int) -> Ints:
    """By Re's card points and tricks packed as in a summary key, the least of their bands
    (trick 4, SPEC §9.2, §9.3, §10.1, §10.2).

    ``total`` is the deck's card points, ``tricks`` the deal's.  A band of
    card points is a run of values that no threshold of the settlement
    separates, for Re (30, 60, 90, 120, 121) or for Kontra with the rest (30,
    60, 90); a band of tricks is none, some, or all.

    >>> table = bands(240, 12)
    >>> [int(table[points]) for points in (0, 29, 30, 120, 121, 150, 151, 240)]
    [0, 0, 30, 120, 121, 121, 151, 211]
    """
    starts = sorted({0, 30, 60, 90, 120, 121, total - 89, total - 59, total - 29})
    points = np.arange(1 << _TRICKS_SHIFT)
    least = np.array(starts, dtype=np.int64)[np.searchsorted(starts, points, side="right") - 1]
    taken = np.arange(1 << (SHIFTS["marriage_solo"] - _TRICKS_SHIFT))
    band = np.where(taken == 0, 0, np.where(taken >= tricks, taken, 1))
    table: Ints = ((band[:, None] << _TRICKS_SHIFT) | least[None, :]).ravel()
    return table


def level_runs(
    own: Ints, timely: Bools, other: Ints, size: Ints, last: Ints, *, skip: bool
) -> tuple[Ints, Ints]:
    """The legal levels of the announcer's party as ``start``, ``stop`` arrays (trick 2).

    ``own`` and ``other`` are the two parties' levels (-1 for nothing said),
    ``timely`` whether the own Re/Kontra came in time, ``size`` the
    announcer's cards, ``last`` the deadline of Re/Kontra, the marriage's
    shift subtracted (SPEC §8.4, §8.6, §8.7, V§4).
    """
    none = own < 0
    opening = none & (size >= last)
    reply = none & ~opening & (other >= 0) & (size >= last - other - 1)
    raising = ~none & (own < 4) & timely & (size >= last - own - 1)
    start = np.where(raising, own + 1, 0)
    stop = np.where(
        opening,
        5 if skip else 1,
        np.where(reply, 1, np.where(raising, 5 if skip else own + 2, 0)),
    )
    return start, stop


class PlayRows:
    """The card play of the rows that are in it, as arrays over all rows."""

    def __init__(self, count: int, rules: Rules, tensors: PlayTensors | None = None) -> None:
        self.rules = rules
        self.tensors = tensors
        tricks = self.tricks = rules.tricks
        self.skip = rules.skip_levels
        self.active = np.zeros(count, dtype=np.bool_)
        self._places = 4 * np.arange(count, dtype=np.int64)
        """The flat index of each row's seat 0 in the (rows, 4) planes."""
        self._pairs = 2 * np.arange(count, dtype=np.int64)
        self._starts = 4 * tricks * np.arange(count, dtype=np.int64)
        self.one = np.zeros((count, 4), dtype=np.int64)
        self.two = np.zeros((count, 4), dtype=np.int64)
        self.table = np.zeros(count, dtype=np.int64)
        self.solo_table = np.zeros(count, dtype=np.int64)
        self.leader = np.zeros(count, dtype=np.int64)
        self.first = np.zeros(count, dtype=np.int64)
        self.length = np.zeros(count, dtype=np.int64)
        self.done = np.zeros(count, dtype=np.int64)
        self.best = np.zeros(count, dtype=np.int64)
        self.best_place = np.zeros(count, dtype=np.int64)
        self.key_base = np.zeros(count, dtype=np.int64)
        self.follow = np.zeros(count, dtype=np.int64)
        self.cards = np.full((count, 4 * tricks), _NO_CARD, dtype=np.int8)
        self.winners = np.zeros((count, tricks), dtype=np.int64)
        self.declarer = np.full(count, -1, dtype=np.int64)
        self.married = np.zeros(count, dtype=np.bool_)
        """An open marriage when the play began (SPEC §7.2)."""
        self.pending = np.zeros(count, dtype=np.bool_)
        """An open marriage now: no announcement until its clarification trick (SPEC §7.4)."""
        self.entry_re = np.zeros(count, dtype=np.int64)
        self.re_mask = np.zeros(count, dtype=np.int64)
        self.shift = np.zeros(count, dtype=np.int64)
        self.levels = np.full((count, 2), -1, dtype=np.int64)
        """The highest level of Re (column 0) and Kontra (1), -1 for nothing said."""
        self.timely = np.zeros((count, 2), dtype=np.bool_)
        self._numbers: dict[int, int] = {}
        self._contexts = np.full(len(GAMES) * _CODES, -1, dtype=np.int64)
        """The context numbers by the code of a contract and both parties' levels and
        timeliness (:meth:`settle`), -1 where not yet known."""
        self.game_index = np.zeros(count, dtype=np.int64)
        """The contract of each row, a :data:`GAMES` index."""
        self._tables: list[OrderTables] = []
        self._bands = bands(sum(card.points for card in rules.deck), tricks)
        """Re's card points and tricks by a key's low 12 bits, each the least of its band."""
        # Every card order the rules can give, numbered once: the tables keep
        # their shape for the whole run.
        for schweine in (False, True) if rules.schweinchen else (False,):
            for game in GAMES:
                self._number(rules.card_order(game, schweine=schweine))
        self._game_tables = np.array(
            [self._number(rules.card_order(game)) for game in GAMES], dtype=np.int64
        )

    def _number(self, order: CardOrder) -> int:
        """The number of ``order``'s tables in :attr:`flat`, adding them if new."""
        number = self._numbers.get(id(order))
        if number is None:
            number = self._numbers[id(order)] = len(self._tables)
            self._tables.append(order_tables(order))
            self.flat = _Tables(self._tables)
        return number

    def enter(self, rows: Sequence[int], deals: Sequence[Deal]) -> None:
        """Read the deals of ``rows``, each at the first card of its play (SPEC §3.5)."""
        rules = self.rules
        count = len(rows)
        table = np.empty(count, dtype=np.int64)
        solo_table = np.empty(count, dtype=np.int64)
        games = np.empty(count, dtype=np.int64)
        declarer = np.empty(count, dtype=np.int64)
        re_mask = np.empty(count, dtype=np.int64)
        shift = np.empty(count, dtype=np.int64)
        leader = np.empty(count, dtype=np.int64)
        married_rows = np.empty(count, dtype=np.bool_)
        for place, deal in enumerate(deals):
            setup = deal._state[0]
            order = setup.order
            game = setup.game_type
            assert order is not None
            assert game is not None
            table[place] = self._number(order)
            married = game is _MARRIAGE and setup.clarification_trick is None
            solo = (
                rules.card_order(GameType.MARRIAGE_SOLO, schweine=setup.schweine is not None)
                if married
                else order
            )
            solo_table[place] = self._number(solo)
            married_rows[place] = married
            games[place] = GAMES.index(game)
            declarer[place] = -1 if setup.declarer is None else setup.declarer
            parties = setup.parties
            re_mask[place] = sum(1 << seat for seat in range(4) if parties[seat] is _RE)
            clarification = setup.clarification_trick
            shift[place] = 0 if clarification is None else clarification - 1
            leader[place] = deal._state[3]
        one, two = planes([deal._held for deal in deals])
        at = np.asarray(rows, dtype=np.int64)
        self.start(at, table, solo_table, games, married_rows, declarer, re_mask, shift, leader)
        self.one[at] = one
        self.two[at] = two
        if self.tensors is not None:
            self.tensors.enter(rows, deals)

    def tables_of(self, games: Ints) -> tuple[Ints, Ints]:
        """The table numbers of the card orders of ``games`` (:data:`GAMES` indices) without
        Schweine, and of the marriage solo (SPEC §4, §7.3)."""
        numbers = self._game_tables
        return numbers[games], numbers[np.full(len(games), _MARRIAGE_SOLO_INDEX)]

    def start(  # noqa: PLR0917 - the facts of the contract, one array each
        self,
        rows: Ints,
        table: Ints,
        solo_table: Ints,
        games: Ints,
        married: Bools,
        declarer: Ints,
        re_mask: Ints,
        shift: Ints,
        leader: Ints,
    ) -> None:
        """Start the card play of ``rows`` from their contracts (SPEC §3.5, §5.1).

        ``games`` are :data:`GAMES` indices, ``married`` the rows whose marriage
        is still open, ``re_mask`` the seats known Re as bits; the hands are
        written into :attr:`one` and :attr:`two` by the caller.
        """
        self.table[rows] = table
        self.solo_table[rows] = solo_table
        self.game_index[rows] = games
        self.married[rows] = married
        self.pending[rows] = married
        self.declarer[rows] = declarer
        self.re_mask[rows] = re_mask
        self.entry_re[rows] = re_mask
        self.shift[rows] = shift
        self.leader[rows] = leader
        self.first[rows] = leader
        self.length[rows] = 0
        self.done[rows] = 0
        self.cards[rows] = _NO_CARD
        self.levels[rows] = -1
        self.timely[rows] = False
        self.active[rows] = True

    def seats(self, rows: Ints) -> Ints:
        """The seat on turn in each of ``rows``."""
        seats: Ints = (self.leader[rows] + self.length[rows]) & 3
        return seats

    def write_mask(self, mask: Bools) -> None:
        """Write the legal cards and announcements of the seat on turn (SPEC §5.2, §8).

        Every row in the play is written, over whole columns (trick 5); the
        card and announcement columns of the other rows are cleared.
        """
        active = self.active
        seat = (self.leader + self.length) & 3
        held = self.one.ravel()[self._places + seat]
        following = held & np.where(self.length > 0, self.follow, -1)
        legal = np.where(active, np.where(following != 0, following, held), 0)
        mask[:, :24] = unpack(legal).view(np.bool_)
        start, stop = self._runs(seat)
        stop = np.where(active & ~self.pending, stop, 0)
        mask[:, ANNOUNCE_BASE : ANNOUNCE_BASE + 5] = (start[:, None] <= _LEVELS) & (
            stop[:, None] > _LEVELS
        )

    def _runs(self, seat: Ints) -> tuple[Ints, Ints]:
        """The levels run of every row's seat on turn (trick 2)."""
        kontra = 1 - ((self.re_mask >> seat) & 1)
        places = self._pairs + kontra
        return level_runs(
            self.levels.ravel()[places],
            self.timely.ravel()[places],
            self.levels.ravel()[self._pairs + 1 - kontra],
            self.tricks - self.done,
            self.tricks - 1 - self.shift,
            skip=self.skip,
        )

    def apply_all(self, playing: Bools, actions: Ints) -> Ints:
        """Take ``actions[row]`` (a legal id) in every row where ``playing``; the rows whose
        deal is finished (SPEC §5, §8)."""
        seat = (self.leader + self.length) & 3
        is_card = playing & (actions < 24)
        announced = playing & ~is_card
        if announced.any():
            rows = np.flatnonzero(announced)
            self._announce(rows, seat[rows], actions[rows] - ANNOUNCE_BASE)
        self._play(is_card, seat, np.where(is_card, actions, 0))
        finished: Ints = np.flatnonzero(playing & (self.done == self.tricks))
        self.active[finished] = False
        return finished

    def _announce(self, rows: Ints, seat: Ints, level: Ints) -> None:
        """The seats announce ``level`` for their parties (SPEC §8.5-§8.8)."""
        kontra = 1 - ((self.re_mask[rows] >> seat) & 1)
        none = self.levels[rows, kontra] < 0
        in_time = self.tricks - self.done[rows] >= self.tricks - 1 - self.shift[rows]
        timely = np.where(none, (level > 0) | in_time, self.timely[rows, kontra])
        self.timely[rows, kontra] = timely
        self.levels[rows, kontra] = level
        if self.tensors is not None:
            moment = 4 * self.done[rows] + self.length[rows]
            self.tensors.announce(rows, seat, kontra, level, none & ~timely, moment)

    def _play(self, playing: Bools, seat: Ints, card: Ints) -> None:
        """The seats on turn play ``card`` in the rows where ``playing`` (SPEC §5.2-§5.4).

        Over whole columns (trick 5): ``card`` is 0 in the other rows, where
        every array keeps its value.
        """
        bit = np.where(playing, np.left_shift(1, card), 0)
        places = self._places + seat
        one, two = self.one.ravel(), self.two.ravel()
        held_two = two[places]
        both = held_two & bit
        one[places] = one[places] ^ bit ^ both
        two[places] = held_two ^ both
        length = self.length
        done = self.done
        width = self.cards.shape[1]
        moment = 4 * done + length
        cards = self.cards.ravel()
        at = self._starts + np.minimum(moment, width - 1)
        cards[at] = np.where(playing, card, cards[at])
        if self.tensors is not None:
            rows = np.flatnonzero(playing)
            self.tensors.card(rows, seat[rows], card[rows], moment[rows])
        flat = self.flat
        table = self.table
        leads = playing & (length == 0)
        category = 5 * table + flat.category[24 * table + card]
        self.key_base = key_base = np.where(leads, 24 * category, self.key_base)
        self.follow = np.where(leads, flat.follow[category], self.follow)
        key = flat.keys[key_base + card]
        best = self.best
        rises = np.where(done == self.tricks - 1, flat.rises_last[table], flat.rises_early[table])
        wins = (key > best) | (rises & (card == DULLE_INDEX) & (key == best))
        follows = playing & ~leads
        self.best = np.where(leads, key, np.where(follows, np.maximum(best, key), best))
        self.best_place = np.where(leads, 0, np.where(follows & wins, length, self.best_place))
        self.length = length = length + playing
        closed = np.flatnonzero(length == 4)
        if len(closed):
            self._close(closed)

    def _close(self, rows: Ints) -> None:
        """The trick is complete: its winner leads the next (SPEC §5.3); a marriage clarified."""
        winner = (self.leader[rows] + self.best_place[rows]) & 3
        done = self.done[rows]
        self.winners[rows, done] = winner
        self.leader[rows] = winner
        tensors = self.tensors
        if tensors is not None:
            starts = 4 * done
            trick = self.cards[rows[:, None], starts[:, None] + np.arange(4)]
            tensors.taken(rows, winner, trick)
            tensors.lead(rows, winner)
        self.length[rows] = 0
        self.done[rows] = done + 1
        waiting = self.pending[rows]
        if waiting.any():
            at, won, number = rows[waiting], winner[waiting], done[waiting] + 1
            declarer = self.declarer[at]
            found = won != declarer
            alone = ~found & (number == 3)
            clarified = found | alone
            self.re_mask[at] = np.where(
                found, (1 << declarer) | (1 << won), np.where(alone, 1 << declarer, 0)
            ) | np.where(clarified, 0, self.re_mask[at])
            self.shift[at] = np.where(clarified, number - 1, self.shift[at])
            self.table[at] = np.where(alone, self.solo_table[at], self.table[at])
            self.pending[at] = ~clarified
            if tensors is not None:
                tensors.clarified(at[clarified], won[clarified], alone[clarified])

    def _context(self, code: int) -> int:
        """The settlement context of a contract and announcements coded as by
        :meth:`settle` (SPEC §8, §9)."""
        game, rest = divmod(code, _CODES)
        states = []
        for shift in (_LEVEL_CODES, 1):
            level, timely = divmod(rest // shift % _LEVEL_CODES, 2)
            states.append(
                PartyAnnouncements()
                if level == 0
                else PartyAnnouncements(_ANNOUNCEMENTS[level - 1], bool(timely))
            )
        return context_id(self.rules, GAMES[game], states[0], states[1])

    def settle(self, rows: Ints) -> Ints:
        """The scores by seat of the finished deals of ``rows`` (SPEC §9-§12), shape (rows, 4)."""
        # Each party's level and timeliness as one number 0-11, the contract
        # and both parties as one code: the context numbers by code.
        parties = 2 * (self.levels[rows] + 1) + self.timely[rows]
        codes = self.game_index[rows] * _CODES + parties[:, 0] * _LEVEL_CODES + parties[:, 1]
        known = self._contexts
        new = codes[known[codes] < 0]
        for code in np.unique(new).tolist():
            known[code] = self._context(code)
        contexts = known[codes]
        keys, re_seat = summary_keys(
            self.declarer[rows],
            self.married[rows],
            self.entry_re[rows],
            contexts,
            self.cards[rows],
            self.winners[rows],
            self.first[rows],
        )
        banded = (keys & _OTHER_FIELDS) | self._bands[keys & _FIELD_MASK]
        unique, inverse = np.unique(banded, return_inverse=True)
        entries = np.array([scores_of(key) for key in unique.tolist()], dtype=np.int64)
        settled = entries[inverse.ravel()]
        scores: Ints = np.where(re_seat, settled[:, :1], settled[:, 1:])
        return scores
