"""What the person at the terminal types: yes and no, announcement words, cards by
number or name (also the German names, ``Kreuz Dame``), and the near misses of them.

The actions themselves are read by the one action grammar of
:func:`doppelkopf.wire.parse_action`; what this module adds on top are the
terminal's conveniences, turned into words of that grammar first: a card
chosen by its number in the hand or named in German is given to it as ``CQ``.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Sequence
from typing import Final

from ..cards import Card
from ..deal import PassCards, ReturnCards
from ..errors import DoppelkopfError, InvalidNotationError
from ..wire import parse_action
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


_PROBE: Final = "♣Q ♠Q ♥Q"
"""Three cards to try a word with as the verb of an exchange step (``pass ♣Q ♠Q ♥Q``)."""


def exchange_verb(word: str) -> bool:
    """Whether the action grammar reads ``word`` as the verb of an Armut exchange step.

    >>> exchange_verb("abgeben"), exchange_verb("zurück"), exchange_verb("zz")
    (True, True, False)
    """
    try:
        action = parse_action(f"{word} {_PROBE}", seat=0)
    except DoppelkopfError:
        return False
    return isinstance(action, PassCards | ReturnCards)


def exchange_words(text: str, hand: Sequence[Card]) -> list[str] | str:
    """``text`` in the words of the action grammar, cards named by number or in German
    written as ``CQ``; or why it names no three cards of ``hand``.

    The first word may be a verb of the exchange (``pass``, ``zurück``); every
    other word is a card's number in ``hand`` or its name.

    >>> from doppelkopf import Hand
    >>> hand = list(Hand.parse("♦K ♣J ♠K ♠A"))
    >>> exchange_words("1, 2 SA", hand)
    ['CJ', 'DK', 'SA']
    >>> exchange_words("pass Karo König, Kreuz Bube pik ass", hand)
    ['pass', 'DK', 'CJ', 'SA']
    >>> exchange_words("1 1 2", hand)
    'Card 1 is named twice: name three different cards of your hand.'
    >>> exchange_words("9 x", hand)
    'Name exactly three cards, not 2.'
    >>> print(exchange_words("1 2 Pik Kings", hand))
    'Pik Kings' is neither a card's number nor its name (such as ♠A or SA). Did you mean
    pik könig?
    """
    words = card_words(text)
    first = words[0] if words else ""
    verb = not first.isdecimal() and card_named(first) is None and exchange_verb(first)
    if len(words) - verb != 3:
        return f"Name exactly three cards, not {len(words) - verb}."
    translated = words[:verb]
    numbers: set[int] = set()
    for word in words[verb:]:
        if word.isdecimal():
            number = int(word) if len(word) <= 6 else 0
            if not 1 <= number <= len(hand):
                return f"There is no card {_cut(word)} in your hand: choose {_span(1, len(hand))}."
            if number in numbers:
                return f"Card {number} is named twice: name three different cards of your hand."
            numbers.add(number)
            translated.append(hand[number - 1].ascii)
            continue
        card = card_named(word)
        if card is None:
            return (
                f"{_cut(word)!r} is neither a card's number nor its name (such as ♠A or SA)."
                + near_miss(word, card_names(hand))
            )
        translated.append(card.ascii)
    return translated


_PREFIX: Final = re.compile(r"action .*, column \d+: ", re.DOTALL)


def grammar_reason(error: InvalidNotationError) -> str:
    """The action grammar's reason for refusing a text, without the text and column it quotes.

    The column counts in the text the grammar was given, which may differ from the
    text typed (a card named by number or in German is given as ``CQ``).

    >>> try:
    ...     parse_action("SA SK", seat=0)
    ... except InvalidNotationError as error:
    ...     print(grammar_reason(error))
    a card is played alone
    """
    message = str(error)
    found = _PREFIX.match(message)
    return message if found is None else message[found.end() :]


def _span(first: int, last: int) -> str:
    return str(first) if first == last else f"{first}-{last}"
