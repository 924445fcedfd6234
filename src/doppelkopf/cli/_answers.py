"""What the person at the terminal types: yes and no, announcement words, cards by
number or name."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..cards import Card
from ..errors import InvalidNotationError
from ._common import (
    _cut,
)

_WORDS: Final = {1: "k90", 2: "k60", 3: "k30", 4: "schwarz"}
_YES: Final = ("y", "yes", "j", "ja")
_NO: Final = ("n", "no", "nein")
_PASS: Final = ("", "n", "no", "p", "pass", "-")


def _three_cards(text: str, hand: Sequence[Card]) -> tuple[Card, ...] | str:
    """The three cards ``text`` names by number in ``hand`` or by name, or why it does not.

    >>> from doppelkopf import Hand
    >>> hand = list(Hand.parse("♦K ♣J ♠K ♠A"))
    >>> [str(card) for card in _three_cards("1, 2 SA", hand)]
    ['♣J', '♦K', '♠A']
    >>> _three_cards("1 1 2", hand)
    'Card 1 is named twice: name three different cards of your hand.'
    >>> _three_cards("9 x", hand)
    'Name exactly three cards, not 2.'
    """
    words = text.replace(",", " ").split()
    if len(words) != 3:
        return f"Name exactly three cards, not {len(words)}."
    cards: list[Card] = []
    numbers: set[int] = set()
    for word in words:
        if word.isdecimal():
            number = int(word) if len(word) <= 6 else 0
            if not 1 <= number <= len(hand):
                return f"There is no card {_cut(word)} in your hand: choose {_span(1, len(hand))}."
            if number in numbers:
                return f"Card {number} is named twice: name three different cards of your hand."
            numbers.add(number)
            cards.append(hand[number - 1])
            continue
        try:
            cards.append(Card.parse(word))
        except InvalidNotationError:
            return f"{_cut(word)!r} is neither a card's number nor its name (such as ♠A or SA)."
    return tuple(cards)


def _span(first: int, last: int) -> str:
    return str(first) if first == last else f"{first}-{last}"
