"""Whether some share of a deck gives both parties what a summary says (SPEC §1, §11, V§1).

The tables are derived from the cards of the deck itself, once per deck: a
48-card deck has eight each of A, 10, K, Q, J and 9, the deck without nines
(V§1.1) has no card worth 0.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Mapping

from ..cards import Card, Rank, Suit

_Share = tuple[int, int, int, int, int]
"""What a party took: tricks, card points, Doppelkopf tricks, ♦A needed, ♣J needed."""

_FOX = Card(Suit.DIAMONDS, Rank.ACE)
_CHARLIE = Card(Suit.CLUBS, Rank.JACK)
_HIGH_RANKS = (Rank.ACE, Rank.TEN)
"""The aces and tens: four of them make every Doppelkopf trick (SPEC §11.3)."""


class DeckFacts:
    """The counts of one deck that the share test needs.

    ``highs`` maps the size and card points of a share of the aces and tens to
    the numbers of aces it may hold; ``lows`` maps the size and card points of a
    share of the other cards to the numbers of jacks it may hold.
    """

    __slots__ = (
        "size",
        "points",
        "aces",
        "jacks",
        "foxes",
        "charlies",
        "high_count",
        "low_count",
        "highs",
        "lows",
    )

    def __init__(self, deck: tuple[Card, ...]) -> None:
        ranks = Counter(card.rank for card in deck)
        self.size = len(deck)
        self.points = sum(card.points for card in deck)
        self.aces = ranks[Rank.ACE]
        self.jacks = ranks[Rank.JACK]
        self.foxes = deck.count(_FOX)
        self.charlies = deck.count(_CHARLIE)
        high = [(rank, ranks[rank]) for rank in _HIGH_RANKS if ranks[rank]]
        low = [(rank, count) for rank, count in sorted(ranks.items()) if rank not in _HIGH_RANKS]
        self.high_count = sum(count for _, count in high)
        self.low_count = sum(count for _, count in low)
        self.highs: tuple[tuple[tuple[int, int], frozenset[int]], ...] = tuple(
            _shares(high, Rank.ACE).items()
        )
        self.lows: Mapping[tuple[int, int], frozenset[int]] = _shares(low, Rank.JACK)


def _shares(ranks: list[tuple[Rank, int]], tracked: Rank) -> dict[tuple[int, int], frozenset[int]]:
    """(cards, card points) of every share of ``ranks`` -> the possible counts of ``tracked``."""
    shares: dict[tuple[int, int], set[int]] = {(0, 0): {0}}
    for rank, count in ranks:
        grown: dict[tuple[int, int], set[int]] = {}
        for (cards, points), held in shares.items():
            for taken in range(count + 1):
                key = (cards + taken, points + taken * rank.points)
                extra = taken if rank is tracked else 0
                grown.setdefault(key, set()).update(number + extra for number in held)
        shares = grown
    return {key: frozenset(value) for key, value in shares.items()}


@functools.cache
def deck_facts(deck: tuple[Card, ...]) -> DeckFacts:
    """The :class:`DeckFacts` of ``deck``, built once per deck."""
    return DeckFacts(deck)


@functools.lru_cache(maxsize=4096)
def share_exists(facts: DeckFacts, special_points: bool, re: _Share, kontra: _Share) -> bool:
    """Whether the deck can be shared out between the parties as ``re`` and ``kontra`` say.

    Re's share is some aces and tens plus some of the other cards.  Each
    party's Doppelkopf tricks need four aces or tens, each caught fox or fox
    at the end a ♦A (an ace) among its cards, and each Karlchen or caught
    Karlchen a ♣J (a jack).  Where special points count, a trick of four aces
    and tens is worth 40 or more and so a Doppelkopf: every other trick holds
    one of the other cards.
    """
    tricks, points, doppelkopf, foxes, charlies = re
    kontra_tricks, _, kontra_doppelkopf, kontra_foxes, kontra_charlies = kontra
    low_count = facts.low_count
    for (high, high_points), aces in facts.highs:
        if not 4 * doppelkopf <= high <= facts.high_count - 4 * kontra_doppelkopf:
            continue
        if not any(foxes <= ace <= facts.aces - kontra_foxes for ace in aces):
            continue
        low = 4 * tricks - high
        if not 0 <= low <= low_count:
            continue
        if special_points and (
            low < tricks - doppelkopf or low_count - low < kontra_tricks - kontra_doppelkopf
        ):
            continue
        jacks = facts.lows.get((low, points - high_points))
        if jacks and any(charlies <= jack <= facts.jacks - kontra_charlies for jack in jacks):
            return True
    return False
