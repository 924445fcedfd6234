"""Counting and drawing the ways to hand out the unseen cards (private).

The problem: the unseen copies of each distinct card go to three holders
(the other seats' hands, or a hand merged with the Armut cards on the
table), each holder taking a given number of cards, each distinct card
within bounds per holder (a void shows a holder has none of a category; a
revealed ♣Q or a declared marriage fixes counts).  Optionally one holder's
count of a set of cards (its trumps) must end in a given set, each end
count weighted.  Every way of handing out the *physical* copies counts
once, as a shuffle of the deck would produce them: two copies of one card
split between two holders count twice, once per copy.

The counts are exact integers, found by dynamic programming over the
distinct cards (state: the cards the first two holders still take, and the
counter), so a draw that follows them is exactly uniform.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Final

__all__ = ["Split", "WorldCounter"]

Split = tuple[int, int, int]
"""How many copies of one distinct card each of the three holders takes."""

_Choice = tuple[int, int, int, int, int]
"""A cumulative weight and the split it stands for: (cumulative, k0, k1, k2, counted)."""

_NO_BOUNDS: Final = (0, 2)


class WorldCounter:
    """The number of ways to hand out the unseen cards, and uniform draws among them.

    ``unseen`` maps the index of each distinct card (:attr:`Card.index`) to its
    unseen copies (1 or 2); ``sizes`` are the cards each of the three holders
    takes; ``bounds[h]`` maps a card index to the ``(least, most)`` copies
    holder ``h`` may take (absent: 0 to 2).  ``counted`` is the set of card
    indices that holder ``counter`` counts, and ``ends`` maps each allowed final
    count to its weight (``None``: no counter).

    >>> counter = WorldCounter({0: 2, 1: 1}, (1, 1, 1), ({}, {}, {}))
    >>> counter.total  # card 1 to any holder; the two copies of card 0 to the other two
    6
    """

    __slots__ = (
        "_cards",
        "_choices",
        "_counted",
        "_ends",
        "_memo",
        "_options",
        "_rest",
        "_start",
        "total",
    )

    def __init__(
        self,
        unseen: Mapping[int, int],
        sizes: Sequence[int],
        bounds: Sequence[Mapping[int, tuple[int, int]]],
        *,
        counter: int | None = None,
        counted: frozenset[int] = frozenset(),
        ends: Mapping[int, int] | None = None,
    ) -> None:
        cards = sorted(index for index, copies in unseen.items() if copies)
        self._cards: tuple[int, ...] = tuple(cards)
        self._counted = tuple(
            1 if counter is not None and index in counted else 0 for index in cards
        )
        self._ends = dict(ends) if ends is not None else {0: 1}
        self._options: list[list[tuple[int, int, int, int, int]]] = []
        for position, index in enumerate(cards):
            copies = unseen[index]
            low = [bounds[h].get(index, _NO_BOUNDS)[0] for h in range(3)]
            high = [min(bounds[h].get(index, _NO_BOUNDS)[1], copies) for h in range(3)]
            options = []
            for k0 in range(low[0], high[0] + 1):
                for k1 in range(low[1], min(high[1], copies - k0) + 1):
                    k2 = copies - k0 - k1
                    if low[2] <= k2 <= high[2]:
                        # Physical copies: two copies split between holders can go
                        # either way round, so that split is two shuffles.
                        weight = 2 if copies == 2 and max(k0, k1, k2) == 1 else 1
                        split = (k0, k1, k2)
                        step = (
                            split[counter] * self._counted[position] if counter is not None else 0
                        )
                        options.append((k0, k1, k2, step, weight))
            self._options.append(options)
        rest = [0] * (len(cards) + 1)
        for position in range(len(cards) - 1, -1, -1):
            rest[position] = rest[position + 1] + unseen[cards[position]]
        self._rest = rest
        self._memo: dict[tuple[int, int, int, int], int] = {}
        self._choices: dict[tuple[int, int, int, int], tuple[_Choice, ...]] = {}
        self._start = (sizes[0], sizes[1], 0)
        valid = len(sizes) == 3 and min(sizes) >= 0 and sum(sizes) == rest[0]
        # The number of ways, each end weighted (0: no way at all).
        self.total: int = self._count(0, sizes[0], sizes[1], 0) if valid else 0

    def _count(self, position: int, first: int, second: int, count: int) -> int:
        key = (position, first, second, count)
        known = self._memo.get(key)
        if known is not None:
            return known
        if position == len(self._cards):
            total = self._ends.get(count, 0) if first == 0 and second == 0 else 0
        else:
            third = self._rest[position] - first - second
            total = 0
            if third >= 0:
                for k0, k1, k2, step, weight in self._options[position]:
                    if k0 <= first and k1 <= second and k2 <= third:
                        ways = self._count(position + 1, first - k0, second - k1, count + step)
                        total += weight * ways
        self._memo[key] = total
        return total

    def _choices_at(self, key: tuple[int, int, int, int]) -> tuple[_Choice, ...]:
        position, first, second, count = key
        third = self._rest[position] - first - second
        choices = []
        cumulative = 0
        for k0, k1, k2, step, weight in self._options[position]:
            if k0 <= first and k1 <= second and k2 <= third:
                ways = self._count(position + 1, first - k0, second - k1, count + step)
                if ways:
                    cumulative += weight * ways
                    choices.append((cumulative, k0, k1, k2, step))
        found = tuple(choices)
        self._choices[key] = found
        return found

    def draw(self, rng: random.Random) -> tuple[int, int, int]:
        """One way, drawn uniformly: each holder's cards as packed hand bits.

        Requires :attr:`total` > 0.
        """
        bits0 = bits1 = bits2 = 0
        first, second, count = self._start
        choices_of = self._choices
        # Random.randrange checks its arguments on every call; the generator's
        # own exact integer draw below n skips that (a third of a draw's time).
        below = getattr(rng, "_randbelow", rng.randrange)
        for position, index in enumerate(self._cards):
            key = (position, first, second, count)
            choices = choices_of.get(key) or self._choices_at(key)
            if len(choices) == 1:
                _, k0, k1, k2, step = choices[0]
            else:
                pick = below(choices[-1][0])
                for choice in choices:
                    if pick < choice[0]:
                        break
                _, k0, k1, k2, step = choice
            shift = 2 * index
            bits0 += k0 << shift
            bits1 += k1 << shift
            bits2 += k2 << shift
            first -= k0
            second -= k1
            count += step
        return bits0, bits1, bits2
