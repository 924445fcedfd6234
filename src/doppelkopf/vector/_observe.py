"""The tensors of the rows in the numpy card play (SPEC §5, §6.1, §7, §8).

The observation of :mod:`doppelkopf.adapters.encoding` splits, during the
card play, into three kinds of pieces:

- what no card or announcement changes (the seat, the dealer, the phase, the
  reservation round, the solo kind, the Schweine, the Armut exchange as the
  seat saw it, the compulsory solo): read once per seat when the row enters
  the play, by :func:`~doppelkopf.adapters.encoding.observation_indices`
  itself, into ``base`` (rows, 4, size);
- what every seat sees alike and each card or announcement adds to (both
  parties' announcements, the trick, the cards played and taken, and in the
  information state the order of play): kept per row in ``public`` and
  written one entry at a time;
- what depends on the seat on turn and changes (the turn, the hand, the
  parties the seat can tell, the contract as a silent marriage shows it):
  written for every row at every step.

Hot-path tricks, each pinned by a test in ``tests/test_vector_play.py``:

1. *The base by gather* (``test_base_gather``): one fancy index
   ``base[rows, seat]`` copies every static piece of the seat on turn; the
   pieces written afterwards are zero in ``base``.
2. *Parties by 4-bit masks* (``test_party_masks``): the parties a seat can
   tell in a normal game (:func:`doppelkopf.parties.complete_parties`) from
   the masks of the seats known Re and known Kontra and a 16-entry popcount
   table, instead of a loop over seats.
3. *The reservation round without a view* (``test_reservation_ones``):
   before the contract the seat on turn sees little, which
   :func:`reservation_ones` lists from the deal's state in a tenth of the
   time of building a view and encoding it.
4. *Whole columns* (``test_whole_column_tensors``): where nearly every
   row is in the card play, every row's line is gathered from ``base`` by
   ``np.take`` straight into the environment's array and the public and
   personal pieces written over whole columns; the rows not in the play
   are written afterwards by their own path.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from ..adapters import encoding
from ..cards import Card, Rank, Suit
from ..deal import Deal, Phase, Reservation
from ..parties import Announcement
from ..rules import GameType

__all__ = ["GAMES", "PlayTensors", "party_masks", "reservation_ones", "unpack"]

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]

AT: Final = encoding.offsets(encoding.INFORMATION_STATE_PIECES)
GAMES: Final = tuple(GameType)
_POP: Final = np.array([bin(mask).count("1") for mask in range(16)], dtype=np.int64)
_BITS: Final = np.arange(24, dtype=np.int64)
_SEATS: Final = np.arange(4, dtype=np.int64)
_PLAY: Final = list(Phase).index(Phase.PLAY)
_FINISHED: Final = list(Phase).index(Phase.FINISHED)
_LEVELS: Final = len(Announcement)
_PHASE: Final = AT["phase"]
_NORMAL: Final = GAMES.index(GameType.NORMAL)
_MARRIAGE_SOLO: Final = GAMES.index(GameType.MARRIAGE_SOLO)
_MARRIAGE: Final = GAMES.index(GameType.MARRIAGE)
_SILENT: Final = GAMES.index(GameType.SILENT_MARRIAGE)
_QUEEN: Final = Card(Suit.CLUBS, Rank.QUEEN)
_ANSWERS: Final = dict(encoding.OBSERVATION_PIECES)["reservation"][0]
_ANSWER_INDEX: Final = {
    reservation: index
    for index, reservation in enumerate(
        dict.fromkeys(reservation for reservation, _ in encoding.DECLARATIONS)
    )
}
"""The place of each one-step answer in the ``reservation`` piece (the adapters' order)."""
_CLUB_QUEEN: Final = _QUEEN.index

_WRITTEN: Final = (
    ("turn", 4),
    ("hand", 48),
    ("game_type", len(GAMES)),
    ("declarer", 4),
    ("partner", 4),
    ("parties", 8),
    ("announced", 2 * _LEVELS),
    ("late_reply", 2),
    ("trick", 96),
    ("leader", 4),
    ("played", 192),
    ("taken", 192),
)
"""The pieces written at every step, zero in ``base``."""
_PUBLIC: Final = (
    (AT["announced"], AT["late_reply"] + 2),
    (AT["trick"], AT["taken"] + 192),
    (encoding.OBSERVATION_SIZE, encoding.INFORMATION_STATE_SIZE),
)
"""The column ranges of ``public``, copied whole into every row's tensor."""


def unpack(bits: Ints) -> npt.NDArray[np.uint8]:
    """Bit ``c`` of each of ``bits`` as column ``c`` of 24, as 0 or 1."""
    low = np.ascontiguousarray(bits.astype("<i8").view(np.uint8).reshape(len(bits), 8)[:, :3])
    columns: npt.NDArray[np.uint8] = np.unpackbits(low, axis=1, bitorder="little")
    return columns


def party_masks(re_known: Ints, kontra_known: Ints, own_queens: Ints) -> tuple[Ints, Ints]:
    """The seats a viewer can tell Re and Kontra in a normal game (trick 2, SPEC §6.1).

    ``re_known`` and ``kontra_known`` are 4-bit masks of the seats it knows,
    its own included; ``own_queens`` the ♣Q it was dealt.  The counting of
    :func:`doppelkopf.parties.complete_parties`.
    """
    re_count = _POP[re_known]
    safe = (own_queens == 1) | (re_count == 2)
    pair_re = safe & (re_count == 2)
    kontra_known = np.where(pair_re, 15 & ~re_known, kontra_known)
    pair_kontra = safe & ~pair_re & (_POP[kontra_known] == 2)
    re_known = np.where(pair_kontra, 15 & ~kontra_known, re_known)
    re_known = np.where(_POP[kontra_known] == 3, 15 & ~kontra_known, re_known)
    return re_known, kontra_known


_RESERVING: Final = list(Phase).index(Phase.RESERVATIONS)
_HEALTHY: Final = Reservation.HEALTHY
_HAND_BITS: Final = tuple((index, 2 * index) for index in range(24))


def reservation_ones(deal: Deal) -> list[int] | None:
    """The ones of the tensor of the seat on turn in a one-step reservation round, or
    ``None`` where the deal is elsewhere (trick 3, SPEC §3.2, §6.1).

    The seat has not answered yet; it sees the seat, the dealer, the phase,
    its hand as dealt, who answered what kind of answer and who leads.
    """
    setup = deal._state[0]
    seat = deal._state[5]
    declarations = setup.declarations
    if (
        seat is None
        or setup.game_type is not None
        or declarations[seat] is not None
        or setup.extra.owing
        or setup.extra.forced
        or deal.phase is not Phase.RESERVATIONS
    ):
        return None
    ones = [AT["seat"] + seat, AT["dealer"] + setup.dealer, AT["turn"] + seat, _PHASE + _RESERVING]
    bits = setup.dealt[seat].bits
    hand = AT["hand"]
    for index, shift in _HAND_BITS:
        count = (bits >> shift) & 3
        if count:
            ones.append(hand + 2 * index)
            if count == 2:
                ones.append(hand + 2 * index + 1)
    for other, said in enumerate(declarations):
        if said is not None:
            ones.append(AT["declared"] + 2 * other + (said is not _HEALTHY))
    # The first trick's leader is known from the deal (SPEC §2.4).
    ones.append(AT["leader"] + deal._state[3])
    return ones


class PlayTensors:
    """The tensors of the rows in the numpy card play, kept as they change."""

    def __init__(self, count: int, size: int) -> None:
        self.size = size
        self.base = np.zeros((count, 4, size), dtype=np.uint8)
        self.public = np.zeros((count, size), dtype=np.uint8)
        self.game = np.zeros(count, dtype=np.int64)
        self.partner = np.full(count, -1, dtype=np.int64)
        self.known = np.zeros(count, dtype=np.int64)
        """The seats whose party the contract makes public (SPEC §6.1, §7)."""
        self.silent = np.zeros(count, dtype=np.bool_)
        self.queens = np.zeros((count, 4), dtype=np.int64)
        self.queens_played = np.zeros(count, dtype=np.int64)
        self.re_seen = np.zeros(count, dtype=np.int64)
        self.kontra_seen = np.zeros(count, dtype=np.int64)
        self.announcements = np.zeros(count, dtype=np.int64)

    def enter(self, rows: Sequence[int], deals: Sequence[Deal]) -> None:
        """Read the static pieces of every seat of ``deals`` (SPEC §6.1)."""
        information = self.size == encoding.INFORMATION_STATE_SIZE
        indices = (
            encoding.information_state_indices if information else encoding.observation_indices
        )
        at = np.asarray(rows, dtype=np.int64)
        self.base[at] = 0
        self.public[at] = 0
        for row, deal in zip(rows, deals, strict=True):
            setup = deal._state[0]
            if setup.extra.poverty is not None:
                # The Armut exchange shows each seat other cards (V§6.7).
                for seat in range(4):
                    self.base[row, seat, indices(deal.view(seat))] = 1
            else:
                self._static(row, deal, indices(deal.view(0)))
            game = setup.game_type
            assert game is not None
            self.game[row] = GAMES.index(game)
            self.partner[row] = -1 if setup.partner is None else setup.partner
            self.known[row] = sum(1 << s for s in range(4) if setup.parties[s] is not None)
            self.silent[row] = game is GameType.SILENT_MARRIAGE
            self.queens[row] = [hand.count(_QUEEN) for hand in setup.dealt]
            self.public[row, AT["leader"] + deal._state[3]] = 1
        for name, width in _WRITTEN:
            self.base[at, :, AT[name] : AT[name] + width] = 0
        self.queens_played[at] = 0
        self.re_seen[at] = 0
        self.kontra_seen[at] = 0
        self.announcements[at] = 0

    def start(  # noqa: PLR0917 - the facts of the contract, one array each
        self,
        rows: Ints,
        answers: Ints,
        places: Ints,
        healthy: int,
        games: Ints,
        declarer: Ints,
        queens: Ints,
        solo_kind: Ints,
    ) -> None:
        """The static pieces of every seat of ``rows`` from their one-step round (SPEC §3.2,
        §6.1), for rows dealt and answered over arrays (:mod:`doppelkopf.vector._front`).

        ``answers`` are the four answers as action ids, ``places`` their
        places in the ``reservation`` piece by id, ``queens`` the ♣Q each seat
        was dealt and ``solo_kind`` the :class:`~doppelkopf.deal.SoloKind`
        column of each contract, -1 for none.  The seat 3 dealt and seat 0
        leads (SPEC §2.4).
        """
        count = len(rows)
        places_in = np.arange(count)
        base = np.zeros((count, 4, self.size), dtype=np.uint8)
        base[:, _SEATS, AT["seat"] + _SEATS] = 1
        base[:, :, AT["dealer"] + 3] = 1
        base[:, :, _PHASE + _PLAY] = 1
        for seat in range(4):
            said = answers[:, seat]
            base[places_in, seat, AT["reservation"] + places[said]] = 1
            base[places_in, :, AT["declared"] + 2 * seat + (said != healthy)] = 1
        kind = solo_kind >= 0
        base[places_in[kind], :, AT["solo_kind"] + solo_kind[kind]] = 1
        self.base[rows] = base
        public = np.zeros((count, self.size), dtype=np.uint8)
        public[:, AT["leader"]] = 1
        self.public[rows] = public
        self.game[rows] = games
        self.partner[rows] = -1
        self.known[rows] = np.where(games == _MARRIAGE, 1 << np.maximum(declarer, 0), 15)
        self.silent[rows] = games == _SILENT
        self.queens[rows] = queens
        self.queens_played[rows] = 0
        self.re_seen[rows] = 0
        self.kontra_seen[rows] = 0
        self.announcements[rows] = 0

    def _static(self, row: int, deal: Deal, ones: list[int]) -> None:
        """The static pieces of every seat from the tensor of seat 0 (trick 1).

        Without an Armut they differ between the seats only in the seat itself
        and its own answer of the reservation round (SPEC §3.2, §6.1).
        """
        line = self.base[row, 0]
        line[ones] = 1
        declarations = deal._state[0].declarations
        for seat in range(1, 4):
            other = self.base[row, seat]
            other[:] = line
            other[AT["seat"] : AT["seat"] + 4] = 0
            other[AT["seat"] + seat] = 1
            other[AT["reservation"] : AT["reservation"] + _ANSWERS] = 0
            said = declarations[seat]
            answer = None if said is None else _ANSWER_INDEX.get(said)
            if answer is not None:
                other[AT["reservation"] + answer] = 1

    def card(self, rows: Ints, seat: Ints, card: Ints, moment: Ints) -> None:
        """``seat`` plays ``card`` at ``moment`` (SPEC §5): the trick, played, the sequence."""
        public = self.public
        public[rows, AT["trick"] + 24 * (moment & 3) + card] = 1
        column = AT["played"] + 48 * seat + 2 * card
        public[rows, column + public[rows, column]] = 1
        if self.size == encoding.INFORMATION_STATE_SIZE:
            public[rows, AT["sequence"] + 24 * moment + card] = 1
        queen = card == _CLUB_QUEEN
        if queen.any():
            self.queens_played[rows[queen]] += 1
            self.re_seen[rows[queen]] |= 1 << seat[queen]

    def lead(self, rows: Ints, leader: Ints) -> None:
        """A new trick led by ``leader``: the last trick leaves the table (SPEC §5.3)."""
        public = self.public
        public[rows, AT["trick"] : AT["trick"] + 96] = 0
        public[rows, AT["leader"] : AT["leader"] + 4] = 0
        public[rows, AT["leader"] + leader] = 1

    def taken(self, rows: Ints, winner: Ints, cards: npt.NDArray[np.int8]) -> None:
        """``winner`` takes the four ``cards`` of the trick (SPEC §5.3)."""
        public = self.public
        for place in range(4):
            column = AT["taken"] + 48 * winner + 2 * cards[:, place].astype(np.int64)
            public[rows, column + public[rows, column]] = 1

    def clarified(self, rows: Ints, partner: Ints, alone: Bools) -> None:
        """A marriage is clarified: its partner, or a marriage solo (SPEC §7.2, §7.3)."""
        self.partner[rows] = np.where(alone, self.partner[rows], partner)
        self.known[rows] = 15
        self.game[rows] = np.where(alone, _MARRIAGE_SOLO, self.game[rows])

    def announce(  # noqa: PLR0917 - the facts of an announcement, one array each
        self,
        rows: Ints,
        seat: Ints,
        kontra: Ints,
        level: Ints,
        late: Bools,
        moment: Ints,
    ) -> None:
        """``seat`` announces ``level`` for its party (SPEC §8): announced, the sequence."""
        public = self.public
        for implied in range(_LEVELS):
            chosen = level >= implied
            public[rows[chosen], AT["announced"] + _LEVELS * kontra[chosen] + implied] = 1
        public[rows[late], AT["late_reply"] + kontra[late]] = 1
        self.re_seen[rows] |= np.where(kontra == 0, 1 << seat, 0)
        self.kontra_seen[rows] |= np.where(kontra == 1, 1 << seat, 0)
        if self.size == encoding.INFORMATION_STATE_SIZE:
            number = self.announcements[rows]
            public[rows, AT["announcer"] + 4 * number + seat] = 1
            public[rows, AT["level"] + _LEVELS * number + level] = 1
            public[rows, AT["moment"] + 49 * number + moment] = 1
            self.announcements[rows] = number + 1

    def write(  # noqa: PLR0917 - the state of the play, one array each
        self,
        rows: Ints,
        seat: Ints,
        one: Ints,
        two: Ints,
        re_mask: Ints,
        declarer: Ints,
        *,
        finished: bool = False,
        out: npt.NDArray[np.uint8] | None = None,
    ) -> npt.NDArray[np.uint8]:
        """The tensors of ``seat`` in ``rows``, one line a row (trick 1).

        With ``out``, ``rows`` are every row in order (trick 4): the lines are
        written into ``out`` in place, whole columns at a time, and those of
        the rows not in the play are left for the caller to overwrite.
        """
        if out is None:
            lines = self.base[rows, seat]
            public = self.public[rows]
        else:
            lines = out
            np.take(self.base.reshape(-1, self.size), 4 * rows + seat, axis=0, out=lines)
            public = self.public
        for start, stop in _PUBLIC:
            if start < self.size:
                lines[:, start:stop] = public[:, start:stop]
        lines[:, AT["hand"] : AT["hand"] + 48 : 2] = unpack(one)
        lines[:, AT["hand"] + 1 : AT["hand"] + 48 : 2] = unpack(two)
        places = np.arange(len(rows))
        if finished:
            lines[:, AT["phase"] + _PLAY] = 0
            lines[:, AT["phase"] + _FINISHED] = 1
        else:
            lines[places, AT["turn"] + seat] = 1
        game = self.game[rows]
        hidden = self.silent[rows] & (seat != declarer) & (self.queens_played[rows] < 2)
        lines[places, AT["game_type"] + np.where(hidden, _NORMAL, game)] = 1
        shown = (declarer >= 0) & ~hidden
        lines[places[shown], AT["declarer"] + declarer[shown]] = 1
        partner = self.partner[rows]
        paired = partner >= 0
        lines[places[paired], AT["partner"] + partner[paired]] = 1
        own = 1 << seat
        own_re = (re_mask & own) != 0
        re_known, kontra_known = party_masks(
            self.re_seen[rows] | np.where(own_re, own, 0),
            self.kontra_seen[rows] | np.where(own_re, 0, own),
            self.queens[rows, seat],
        )
        counted = (game == _NORMAL) | hidden
        known = self.known[rows]
        re_known = np.where(counted, re_known, re_mask & known)
        kontra_known = np.where(counted, kontra_known, 15 & ~re_mask & known)
        column = AT["parties"] + 2 * _SEATS
        lines[:, column] = (re_known[:, None] >> _SEATS) & 1
        lines[:, column + 1] = (kontra_known[:, None] >> _SEATS) & 1
        return lines
