"""The dealing and the one-step reservation round of many deals over numpy arrays.

Dealing (SPEC §2.3, §2.4): the deal of a row is drawn from its 64-bit deal
seed (:func:`doppelkopf.vector.deal_seed`) by giving each card of the deck a
SplitMix64 number of the seed and the card's place, and sorting the deck by
those numbers: a uniform shuffle, the same for one seed whether one deal or
thousands are dealt at once.  Seat ``s`` gets the cards in places
``12 s`` to ``12 s + 11`` (``10 s`` to ``10 s + 9`` without nines); the seat 3
deals, so seat 0 answers and leads first.  :func:`deal_of_seed` makes the
checked :class:`~doppelkopf.Deal` of a seed the same way.

The reservation round (SPEC §3.2, §3.3) is vectorised where its answers
are those of the one-step round of SPEC §3.2 alone: healthy, a marriage
with both ♣Q, a solo where the rules have solos.  :func:`vectorised` says
which rule sets those are: the ones without Armut, Schmeißen, the
Schweinchen and the two-step round (V§2.3, V§6, V§7, V§3.2).  The contract
of the four answers is SPEC §3.3: the first solo from the dealer's left,
else the first marriage, else the silent marriage of the seat holding both
♣Q, else a normal game with the ♣Q holders as Re (SPEC §6).

Hot-path tricks, each pinned by a test in ``tests/test_vector_front.py``:

1. *A shuffle by sorting hashed places* (``test_seeded_shuffle``): a row's
   deck order is ``argsort`` of 48 SplitMix64 outputs of its seed, computed
   for every dealt row in one pass of ``uint64`` arithmetic (overflow wraps
   by design) instead of a random generator per row.
2. *Answers as action ids* (``test_answers_by_id``): a row keeps the four
   answers as the adapters' action ids; tables indexed by id give the game
   type each names, so the contract is found with ``argmax`` over the seats.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
import numpy.typing as npt

from ..adapters import encoding
from ..cards import Card, Hand, Rank, Suit
from ..deal import Deal, Declare, Phase, Reservation
from ..rules import GameType, Rules
from ._observe import AT, GAMES

__all__ = [
    "Front",
    "card_planes",
    "deal_of_seed",
    "deals_of_seeds",
    "seeds_of",
    "shuffled",
    "vectorised",
]

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]

_GOLDEN: Final = np.uint64(0x9E3779B97F4A7C15)
_MIX_ONE: Final = np.uint64(0xBF58476D1CE4E5B9)
_MIX_TWO: Final = np.uint64(0x94D049BB133111EB)
_BITS: Final = np.arange(24, dtype=np.int64)
_CLUB_QUEEN: Final = Card(Suit.CLUBS, Rank.QUEEN).index
_DEALER: Final = 3
_LEADER: Final = 0
_RESERVING: Final = list(Phase).index(Phase.RESERVATIONS)
_MARRIAGE: Final = GAMES.index(GameType.MARRIAGE)
_SILENT: Final = GAMES.index(GameType.SILENT_MARRIAGE)
_NORMAL: Final = GAMES.index(GameType.NORMAL)


def vectorised(rules: Rules, *, two_step: bool) -> bool:
    """Whether the reservation round of ``rules`` runs over arrays (SPEC §3.2, V§2.3, V§6, V§7).

    >>> vectorised(Rules.DDV, two_step=False), vectorised(Rules(armut=True), two_step=False)
    (True, False)
    """
    return not (two_step or rules.armut or rules.schmeissen or rules.schweinchen)


def _deck(rules: Rules) -> Ints:
    return np.array([card.index for card in rules.deck], dtype=np.int64)


def _mix(values: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint64]:
    """SplitMix64's output function of ``values`` (overflow wraps by design)."""
    with np.errstate(over="ignore"):
        values = (values ^ (values >> np.uint64(30))) * _MIX_ONE
        values = (values ^ (values >> np.uint64(27))) * _MIX_TWO
    mixed: npt.NDArray[np.uint64] = values ^ (values >> np.uint64(31))
    return mixed


def seeds_of(
    seed: int, rows: npt.NDArray[np.integer[Any]], numbers: npt.NDArray[np.integer[Any]]
) -> npt.NDArray[np.uint64]:
    """The deal seeds of deal ``numbers`` of ``rows`` after a reset with ``seed`` (trick 1).

    The seed's two 64-bit halves, the row and the number are mixed in turn,
    each added to the last output (SplitMix64 steps): neighbouring rows and
    numbers share nothing.
    """
    low = np.uint64(seed & ((1 << 64) - 1))
    high = np.uint64(seed >> 64)
    with np.errstate(over="ignore"):
        state = _mix(np.full(len(rows), low + _GOLDEN, dtype=np.uint64))
        state = _mix(state + high + _GOLDEN)
        state = _mix(state + rows.astype(np.uint64) + _GOLDEN)
        return _mix(state + numbers.astype(np.uint64) + _GOLDEN)


def shuffled(seeds: npt.NDArray[np.uint64], rules: Rules) -> Ints:
    """The hands dealt from each of ``seeds``, card indices of shape (seeds, 4, tricks) (trick 1).

    >>> shuffled(np.array([5], dtype=np.uint64), Rules.DDV).shape
    (1, 4, 12)
    """
    deck = _deck(rules)
    size = len(deck)
    places = np.arange(1, size + 1, dtype=np.uint64)
    with np.errstate(over="ignore"):
        mixed = _mix(seeds.astype(np.uint64)[:, None] + places * _GOLDEN)
    order = np.argsort(mixed, axis=1, kind="stable")
    cards: Ints = deck[order].reshape(len(seeds), 4, size // 4)
    return cards


def card_planes(cards: Ints) -> tuple[Ints, Ints]:
    """The ``one`` and ``two`` planes, shape (rows, 4), of hands given as card indices.

    Bit ``c`` of ``one`` says the seat holds card index ``c``, of ``two``
    that it holds both copies (see :mod:`doppelkopf.vector._play`): a card
    held twice leaves no bit in the exclusive or of the hand's cards.
    """
    bits = np.left_shift(1, cards)
    one: Ints = np.bitwise_or.reduce(bits, axis=2)
    two: Ints = one & ~np.bitwise_xor.reduce(bits, axis=2)
    return one, two


def deals_of_seeds(seeds: npt.NDArray[np.uint64], rules: Rules) -> list[Deal]:
    """The checked deals of deal seeds, dealt as :func:`shuffled` deals them (SPEC §2.3)."""
    one, two = card_planes(shuffled(seeds, rules))
    # A hand's bits hold two bits per card index, its count of copies.
    counts = ((one[:, :, None] >> _BITS) & 1) + ((two[:, :, None] >> _BITS) & 1)
    bits = (counts << (2 * _BITS)).sum(axis=2).tolist()
    return [
        Deal.from_hands([Hand.from_bits(seat) for seat in hands], rules=rules, dealer=_DEALER)
        for hands in bits
    ]


def deal_of_seed(seed: int, rules: Rules) -> Deal:
    """The checked deal of one deal seed (see :func:`deals_of_seeds`)."""
    return deals_of_seeds(np.array([seed], dtype=np.uint64), rules)[0]


def _answer_tables(rules: Rules, width: int) -> tuple[Ints, Bools, Ints]:
    """By action id: the game type each one-step answer names (-1 for healthy and for what is
    no answer), whether it is a solo, and its place in the ``reservation`` piece."""
    games = np.full(width, -1, dtype=np.int64)
    solos = np.zeros(width, dtype=np.bool_)
    places = np.full(width, -1, dtype=np.int64)
    answers = [reservation for reservation, reason in encoding.DECLARATIONS if reason is None]
    one_step = dict.fromkeys(reservation for reservation, _ in encoding.DECLARATIONS)
    for place, reservation in enumerate(one_step):
        if reservation not in answers:
            continue
        number = encoding.encode_action(Declare(0, reservation))
        places[number] = place
        game = reservation.game_type
        if game is not None and reservation is not Reservation.POVERTY:
            games[number] = GAMES.index(game)
            solos[number] = reservation.is_solo and rules.solos
    return games, solos, places


class Front:
    """The dealt hands and the one-step reservation round of every row, as arrays."""

    def __init__(self, count: int, rules: Rules, width: int) -> None:
        self.rules = rules
        self.one = np.zeros((count, 4), dtype=np.int64)
        self.two = np.zeros((count, 4), dtype=np.int64)
        self.answers = np.full((count, 4), -1, dtype=np.int64)
        """The action id each seat answered, -1 before it answers."""
        self.asked = np.zeros(count, dtype=np.int64)
        self.reserving = np.zeros(count, dtype=np.bool_)
        self.game_of, self.solo_of, self.place_of = _answer_tables(rules, width)
        self.healthy = encoding.encode_action(Declare(0, Reservation.HEALTHY))
        self.marriage = encoding.encode_action(Declare(0, Reservation.MARRIAGE))
        self.open = np.array([self.healthy, *np.flatnonzero(self.solo_of).tolist()], dtype=np.int64)
        """The answers open to every seat (SPEC §3.2): healthy and, with solos, every solo."""

    def deal(self, rows: Ints, seeds: npt.NDArray[np.uint64]) -> None:
        """Deal ``rows`` from their deal seeds; seat 0 is asked first (SPEC §2.3, §2.4, §3.2)."""
        one, two = card_planes(shuffled(seeds, self.rules))
        self.one[rows] = one
        self.two[rows] = two
        self.answers[rows] = -1
        self.asked[rows] = 0
        self.reserving[rows] = True

    def write_mask(self, rows: Ints, mask: Bools) -> None:
        """The answers of the seat asked in each of ``rows`` (SPEC §3.2)."""
        seat = self.asked[rows]
        mask[rows[:, None], self.open] = True
        mask[rows, self.marriage] = (self.two[rows, seat] >> _CLUB_QUEEN) & 1 == 1

    def write_tensor(self, rows: Ints, out: npt.NDArray[np.uint8]) -> None:
        """The tensor of the seat asked in each of ``rows`` (SPEC §3.2, §6.1).

        What :func:`~doppelkopf.vector._observe.reservation_ones` lists for a
        checked deal: the seat, the dealer, the turn, the phase, the hand as
        dealt, who answered healthy and who a reservation, the first leader.
        """
        seat = self.asked[rows]
        lines = np.zeros((len(rows), out.shape[1]), dtype=np.uint8)
        places = np.arange(len(rows))
        lines[places, AT["seat"] + seat] = 1
        lines[:, AT["dealer"] + _DEALER] = 1
        lines[places, AT["turn"] + seat] = 1
        lines[:, AT["phase"] + _RESERVING] = 1
        lines[:, AT["hand"] : AT["hand"] + 48 : 2] = (self.one[rows, seat][:, None] >> _BITS) & 1
        lines[:, AT["hand"] + 1 : AT["hand"] + 48 : 2] = (
            self.two[rows, seat][:, None] >> _BITS
        ) & 1
        answers = self.answers[rows]
        for other in range(4):
            said = answers[:, other]
            given = said >= 0
            lines[places[given], AT["declared"] + 2 * other + (said[given] != self.healthy)] = 1
        lines[:, AT["leader"] + _LEADER] = 1
        out[rows] = lines

    def answer(self, rows: Ints, ids: Ints) -> Ints:
        """The seats asked answer ``ids``; the rows whose round is complete (SPEC §3.2)."""
        seat = self.asked[rows]
        self.answers[rows, seat] = ids
        self.asked[rows] = seat + 1
        done: Ints = rows[seat == 3]
        self.reserving[done] = False
        return done

    def contract(self, rows: Ints) -> tuple[Ints, Ints, Ints]:
        """The game type (a :data:`GAMES` index), the declarer (-1 for none) and the mask of
        the seats playing Re of the complete rounds of ``rows`` (SPEC §3.3, §6, §7.1)."""
        answers = self.answers[rows]
        places = np.arange(len(rows))
        solo = self.solo_of[answers]
        married = answers == self.marriage
        pair = (self.two[rows] >> _CLUB_QUEEN) & 1 == 1
        first_solo = np.argmax(solo, axis=1)
        first_marriage = np.argmax(married, axis=1)
        holder = np.argmax(pair, axis=1)
        has_solo = solo.any(axis=1)
        has_marriage = married.any(axis=1)
        has_pair = pair.any(axis=1)
        game = np.where(
            has_solo,
            self.game_of[answers[places, first_solo]],
            np.where(has_marriage, _MARRIAGE, np.where(has_pair, _SILENT, _NORMAL)),
        )
        declarer = np.where(
            has_solo,
            first_solo,
            np.where(has_marriage, first_marriage, np.where(has_pair, holder, -1)),
        )
        queens = ((self.one[rows] >> _CLUB_QUEEN) & 1) << np.arange(4)
        re_mask = np.where(game == _NORMAL, queens.sum(axis=1), 1 << np.maximum(declarer, 0))
        return game, declarer, re_mask
