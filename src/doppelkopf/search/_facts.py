"""What a view reveals about the hidden hands, as bounds on each holder's cards (private).

The sampler (:mod:`doppelkopf.search.sampling`) hands the unseen cards out to
the three other seats, the *holders*, within bounds per holder and distinct
card: ``bound(holder, index, low, high)`` narrows the copies of card
``index`` that ``holder`` may take now.  Each function here adds the bounds
one rule of the view implies:

- :func:`add_voids`: a seat that did not follow holds none of the led
  category (SPEC §5.2);
- :func:`add_queens`: a seat known Re holds a ♣Q, one known Kontra none, a
  marriage player both (SPEC §6.1, §7.1);
- :func:`add_schweine`: the seat named holds both ♦A, with none named no seat
  holds both (V§2.3);
- :func:`add_exchange`: the Armut exchange as the viewer saw it (V§6.3,
  V§6.7), which also gives the trump counter of the poor player's hand.

Hands are packed ints with two bits per distinct card (:attr:`Hand.bits
<doppelkopf.Hand.bits>`); the helpers at the top read and build them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import comb
from typing import Final

from ..cards import DISTINCT_CARDS, Card
from ..deal import Phase, PlayerView, Poverty
from ..deal.poverty import trump_bits
from ..parties import Party
from ..rules import GameType

__all__ = [
    "CLUB_QUEEN",
    "Bound",
    "Exchange",
    "ExchangeFacts",
    "Stage",
    "add_exchange",
    "add_queens",
    "add_schweine",
    "add_voids",
    "bits_of",
    "cards_of",
    "count",
    "trumps_in",
]

CLUB_QUEEN: Final = Card.parse("♣Q").index
_DIAMOND_ACE: Final = Card.parse("♦A").index
_SCHWEINE_GAMES: Final = frozenset({GameType.NORMAL, GameType.MARRIAGE, GameType.SILENT_MARRIAGE})
_MARRIED: Final[frozenset[GameType | None]] = frozenset(
    {GameType.MARRIAGE, GameType.MARRIAGE_SOLO, GameType.SILENT_MARRIAGE}
)
_LOW: Final = 0x555555555555

Bound = Callable[..., None]
"""``bound(holder, index, low=0, high=2)``: narrow what ``holder`` may take of card ``index``."""
Stage = tuple[str, tuple[Card, ...] | None, tuple[Card, ...] | None]
"""The step of the Armut exchange and the cards the viewer saw passed and returned."""
Exchange = tuple[tuple[Card, ...], tuple[Card, ...] | None]
"""The cards one world's Armut exchange passed, and returned (``None`` before the return)."""


def count(bits: int, index: int) -> int:
    """The copies of card ``index`` in packed ``bits``."""
    return (bits >> (2 * index)) & 3


def cards_of(bits: int) -> list[Card]:
    """The physical cards of packed ``bits``, one entry per copy."""
    cards = []
    for index in range(24):
        cards.extend([DISTINCT_CARDS[index]] * count(bits, index))
    return cards


def bits_of(cards: Sequence[Card]) -> int:
    """The packed bits of ``cards``."""
    return sum(1 << (2 * card.index) for card in cards)


def trumps_in(bits: int, mask: int) -> int:
    """How many cards of packed ``bits`` are in the packed set ``mask`` (the trumps)."""
    held = bits & mask
    return (held & _LOW).bit_count() + ((held >> 1) & _LOW).bit_count() * 2


def add_voids(view: PlayerView, bound: Bound) -> None:
    """A seat that did not follow holds no card of the category led (SPEC §5.2)."""
    order = view.card_order
    if order is None:
        return
    for trick in (*view.tricks, view.current_trick):
        cards = trick.cards
        if not cards:
            continue
        follow = order.follow_bits[cards[0]]
        for player, card in trick:
            if player != view.seat and not (follow >> (2 * card.index)) & 3:
                for index in range(24):
                    if count(follow, index):
                        bound(player, index, high=0)


def add_queens(
    view: PlayerView, holders: Sequence[int], played: Sequence[int], bound: Bound
) -> None:
    """The ♣Q facts of the parties (SPEC §6.1, §7.1)."""
    game, declarer = view.game_type, view.declarer
    if game is GameType.NORMAL:
        for holder in holders:
            party = view.known_parties[holder]
            if party is Party.RE:
                bound(holder, CLUB_QUEEN, low=1 - count(played[holder], CLUB_QUEEN))
            elif party is Party.KONTRA:
                bound(holder, CLUB_QUEEN, high=0)
    elif game in _MARRIED and declarer is not None and declarer != view.seat:
        left = 2 - count(played[declarer], CLUB_QUEEN)
        bound(declarer, CLUB_QUEEN, left, left)


def add_schweine(
    view: PlayerView, holders: Sequence[int], played: Sequence[int], bound: Bound
) -> None:
    """The Schweine are public: the seat named holds both ♦A, or nobody does (V§2.3)."""
    if not view.rules.schweinchen or view.game_type not in _SCHWEINE_GAMES:
        return
    holder = view.schweine
    for seat in holders:
        already = count(played[seat], _DIAMOND_ACE)
        if holder == seat:
            bound(seat, _DIAMOND_ACE, 2 - already, 2 - already)
        elif holder is None:
            bound(seat, _DIAMOND_ACE, high=1 - already)


class ExchangeFacts:
    """What :func:`add_exchange` found: the trump counter, the cards on the table, the stage."""

    __slots__ = ("counted", "counter", "ends", "merged", "on_table", "stage")

    def __init__(self) -> None:
        self.counter: int | None = None
        """The holder (0-2) whose trumps are counted, or ``None``."""
        self.counted: frozenset[int] = frozenset()
        """The card indices counted: the trumps."""
        self.ends: dict[int, int] | None = None
        """Each allowed final count of the counter, with its weight."""
        self.on_table = 0
        """The packed cards known to lie on the table."""
        self.stage: Stage | None = None
        """The step of the exchange and the cards the viewer saw, ``None`` without an Armut."""
        self.merged = -1
        """The seat whose hand is drawn together with the cards on the table, or -1."""


def add_exchange(  # noqa: PLR0912 - one branch per step of the exchange
    view: PlayerView,
    holders: Sequence[int],
    played: Sequence[int],
    bound: Bound,
    sizes: list[int],
) -> ExchangeFacts:
    """What the viewer knows of an Armut exchange (V§6.3, V§6.7).

    Adds the bounds it implies and returns the counter of trumps (holder,
    counted cards, allowed ends) and the cards known to lie on the table.
    ``sizes`` (the holders' hand sizes) grows by the three cards on offer
    when they are drawn with the poor player's hand.
    """
    rules, seat = view.rules, view.seat
    facts = ExchangeFacts()
    poverty = view.poverty
    if poverty is None:
        return facts
    trumps = trump_bits(rules)
    trump_indices = frozenset(i for i in range(24) if count(trumps, i))
    phase = view.phase
    poor, acceptor = poverty.poor, poverty.acceptor
    passed, returned = poverty.passed, poverty.returned
    if phase is Phase.POVERTY_PASS:
        if seat != poor:
            facts.counter, facts.counted = holders.index(poor), trump_indices
            facts.ends = dict.fromkeys(range(rules.armut_max_trumps + 1), 1)
        facts.stage = ("pass", None, None)
    elif phase is Phase.VOID:
        # Nobody accepted (V§8): the three cards went back to the poor
        # player, who holds at most the trumps the rules allow.
        if seat != poor:
            facts.counter, facts.counted = holders.index(poor), trump_indices
            facts.ends = dict.fromkeys(range(rules.armut_max_trumps + 1), 1)
        facts.stage = ("void", passed, None)
    elif phase is Phase.POVERTY_OFFER:
        if seat == poor:
            assert passed is not None
            facts.on_table = bits_of(passed)
        else:
            # The poor player's nine cards and the three on the table are
            # drawn as one twelve-card hand; its trumps all lie on the
            # table, and each count weighs the ways to choose the rest.
            facts.counter, facts.counted = holders.index(poor), trump_indices
            facts.ends = {
                number: comb(rules.hand_size - number, 3 - number)
                for number in range(rules.armut_max_trumps + 1)
            }
            sizes[holders.index(poor)] += 3
            facts.merged = poor
        facts.stage = ("offer", passed, None)
    elif phase is Phase.POVERTY_RETURN:
        assert acceptor is not None
        if seat != poor:
            for index in trump_indices:
                bound(poor, index, high=0)
        else:
            assert passed is not None
            for card in passed:
                bound(acceptor, card.index, low=count(bits_of(passed), card.index))
        facts.stage = ("return", passed, None)
    elif acceptor is not None:
        facts.stage = ("done", passed, returned)
        facts.ends = _exchange_done(view, played, bound, poverty, trump_indices)
        if facts.ends is not None:
            facts.counter, facts.counted = holders.index(poor), trump_indices
    return facts


def _exchange_done(
    view: PlayerView,
    played: Sequence[int],
    bound: Bound,
    poverty: Poverty,
    trump_indices: frozenset[int],
) -> dict[int, int] | None:
    """The bounds of a complete exchange; for a seat outside it, the ends of the counter."""
    seat = view.seat
    poor, acceptor = poverty.poor, poverty.acceptor
    passed, returned = poverty.passed, poverty.returned
    assert acceptor is not None
    if seat == poor:
        assert passed is not None
        assert returned is not None
        gone, back = bits_of(passed), bits_of(returned)
        for index in range(24):
            low = count(gone, index) - count(back, index) - count(played[acceptor], index)
            if low > 0:
                bound(acceptor, index, low=low)
    elif seat == acceptor:
        assert returned is not None
        back = bits_of(returned)
        for index in range(24):
            kept = count(back, index) - count(played[poor], index)
            if index in trump_indices:
                bound(poor, index, low=kept, high=kept)
            elif kept > 0:
                bound(poor, index, low=kept)
    else:
        assert poverty.returned_trumps is not None
        trumps = trump_bits(view.rules)
        return {poverty.returned_trumps - trumps_in(played[poor], trumps): 1}
    return None
