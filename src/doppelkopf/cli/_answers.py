"""What the person at the terminal types: yes and no, announcement words, cards by
number or name (also the German names, ``Kreuz Dame``), and the near misses of them."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from typing import Final

from ..cards import Card
from ..errors import InvalidNotationError
from ._common import _cut

_WORDS: Final = {1: "k90", 2: "k60", 3: "k30", 4: "schwarz"}
_YES: Final = ("y", "yes", "j", "ja")
_NO: Final = ("n", "no", "nein")
_PASS: Final = ("", "n", "no", "p", "pass", "-")
_COMMANDS: Final = ("help", "quit")
"""The commands worth suggesting for a near miss (``h``, ``?`` and ``q`` are too short)."""

_LONGEST_MISS: Final = 40
"""The longest answer compared with the words it may be a near miss of."""

_SUITS: Final = {"kreuz": "♣", "pik": "♠", "herz": "♥", "karo": "♦"}
"""The German suit names: Kreuz (clubs), Pik (spades), Herz (hearts), Karo (diamonds)."""

_RANKS: Final = {
    "ass": "A",
    "as": "A",
    "zehn": "10",
    "10": "10",
    "könig": "K",
    "koenig": "K",
    "konig": "K",
    "dame": "Q",
    "bube": "J",
    "neun": "9",
    "9": "9",
}
"""The German rank names, with the spellings without an umlaut (Koenig)."""

_SUIT_NAMES: Final = {symbol: name.capitalize() for name, symbol in _SUITS.items()}
_RANK_NAMES: Final = {"A": "Ass", "10": "Zehn", "K": "König", "Q": "Dame", "J": "Bube", "9": "Neun"}


def card_named(text: str) -> Card | None:
    """The card ``text`` names (``♠A``, ``SA``, ``sa``, ``Pik Ass``, ``kreuz-dame``), or ``None``.

    >>> [str(card_named(text)) for text in ("♣Q", "h10", "Kreuz Dame", "herz zehn", "Karo Koenig")]
    ['♣Q', '♥10', '♣Q', '♥10', '♦K']
    >>> card_named("Pik König"), card_named("Kreuz"), card_named("hello")
    (Card.parse('♠K'), None, None)
    """
    try:
        return Card.parse(text)
    except InvalidNotationError:
        pass
    words = text.lower().replace("-", " ").split()
    if len(words) == 1:  # "kreuzdame"
        word = words[0]
        words = next(([suit, word[len(suit) :]] for suit in _SUITS if word.startswith(suit)), words)
    if len(words) != 2 or words[0] not in _SUITS or words[1] not in _RANKS:
        return None
    return Card.parse(_SUITS[words[0]] + _RANKS[words[1]])


def german_name(card: Card) -> str:
    """``Kreuz Dame`` for ♣Q: the card's German name.

    >>> german_name(Card.parse("♥10"))
    'Herz Zehn'
    """
    text = str(card)
    return f"{_SUIT_NAMES[text[0]]} {_RANK_NAMES[text[1:]]}"


def card_words(text: str) -> list[str]:
    """The words of ``text`` that name one card each: a German suit joins the word after it.

    >>> card_words("1, Kreuz Dame SA")
    ['1', 'Kreuz Dame', 'SA']
    """
    words = text.replace(",", " ").split()
    joined: list[str] = []
    for word in words:
        if joined and joined[-1].lower() in _SUITS:
            joined[-1] += " " + word
        else:
            joined.append(word)
    return joined


def card_names(cards: Iterable[Card]) -> list[str]:
    """The names a person may type for ``cards``, in lower case: ``ca``, ``kreuz ass``."""
    names: list[str] = []
    for card in cards:
        names.extend((card.ascii.lower(), german_name(card).lower()))
    return names


def near_miss(text: str, words: Iterable[str]) -> str:
    """`` Did you mean X?`` when ``text`` is close to one of ``words``, else nothing.

    >>> near_miss("schwartz", ["re", "k90", "schwarz"])
    ' Did you mean schwarz?'
    >>> near_miss("zzz", ["re", "k90", "schwarz"]), near_miss("schwarz" * 1000, ["schwarz"])
    ('', '')
    """
    if len(text) > _LONGEST_MISS:  # no word is that long: nothing to compare
        return ""
    typed = " ".join(text.lower().split())
    if not typed:
        return ""
    close = difflib.get_close_matches(typed, list(dict.fromkeys(words)), n=1, cutoff=0.75)
    if not close or close[0] == typed:
        return ""
    return f" Did you mean {close[0]}?"


def _three_cards(text: str, hand: Sequence[Card]) -> tuple[Card, ...] | str:
    """The three cards ``text`` names by number in ``hand`` or by name, or why it does not.

    >>> from doppelkopf import Hand
    >>> hand = list(Hand.parse("♦K ♣J ♠K ♠A"))
    >>> [str(card) for card in _three_cards("1, 2 SA", hand)]
    ['♣J', '♦K', '♠A']
    >>> [str(card) for card in _three_cards("Karo König, Kreuz Bube pik ass", hand)]
    ['♦K', '♣J', '♠A']
    >>> _three_cards("1 1 2", hand)
    'Card 1 is named twice: name three different cards of your hand.'
    >>> _three_cards("9 x", hand)
    'Name exactly three cards, not 2.'
    >>> print(_three_cards("1 2 Pik Kings", hand))
    'Pik Kings' is neither a card's number nor its name (such as ♠A or SA). Did you mean
    pik könig?
    """
    words = card_words(text)
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
        card = card_named(word)
        if card is None:
            return (
                f"{_cut(word)!r} is neither a card's number nor its name (such as ♠A or SA)."
                + near_miss(word, card_names(hand))
            )
        cards.append(card)
    return tuple(cards)


def _span(first: int, last: int) -> str:
    return str(first) if first == last else f"{first}-{last}"
