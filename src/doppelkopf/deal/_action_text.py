"""The short text of an action: what a player types, a log shows and a client sends.

This is the one grammar of an action's text: :func:`doppelkopf.wire.format_action`
and :func:`doppelkopf.wire.parse_action` give it to clients, and the position
strings and game notation (:doc:`/notation`) write and read every action
through it.  It lives with the deal, below :class:`~doppelkopf.Deal`, so that
the deal can read and write its own position.  What a caller's context tells
(the seat's party, the phase) comes in as plain values.

The grammar (also on :doc:`/wire`), words separated by spaces; case is
ignored, ä, ö, ü and ß may be written ae, oe, ue and ss, and commas may
separate cards::

    action      = card                                  play it (SPEC §5)
                | announce | declare | exchange
    announce    = "re" | "kontra" | "re/kontra"         SPEC §8.1
                | "keine 90" | "keine 60" | "keine 30" | "schwarz"
                  (and what Announcement.parse reads: "k90", "no 60", "black")
    declare     = reservation                           SPEC §3.2
                | "solo" solo-name                      "solo queens", "solo karo"
                | throw-word reason                     "throw nines5" (V§7.2)
    reservation = what Reservation.parse reads: "healthy", "gesund",
                  "marriage", "Hochzeit", "queens solo", "Damensolo",
                  "Fleischloser", "poverty", "Armut", "SOLO_Q", ...,
                  and the two-step round's "vorbehalt" (the bare
                  Vorbehalt) and "decline" or "weiter" (not the kind asked)
    solo-name   = queens | damen | jacks | buben | fleshless | fleischlos
                | fleischloser | diamonds | karo | trumpf | hearts | herz
                | spades | pik | clubs | kreuz
    throw-word  = "throw" | "schmeissen" | "schmeißen"
    reason      = nines5 | kings5 | nines4_kings4 | full7 | trumps1
    exchange    = pass-word card card card              V§6.3 step 1
                | accept-word | refuse-word             V§6.3 step 2
                | return-word card card card            V§6.3 step 3
                | card card card                        pass or return, by the
                                                        context's phase
    pass-word   = "pass" | "abgeben"
    accept-word = "accept" | "mitnehmen" | "annehmen" | "ja"
    refuse-word = "refuse" | "ablehnen" | "nein"
    return-word = "return" | "zurück" | "zurückgeben"
    card        = what Card.parse reads: "♣Q", "CQ", "cq", "♥10", "H10"
"""

from __future__ import annotations

import re
from typing import Final, TypeAlias

from .. import _checks
from ..cards import DISTINCT_CARDS, Card
from ..errors import DoppelkopfError, InvalidNotationError
from ..parties import Announcement, Party
from ..rules import THROW_REASONS, ThrowReason
from .actions import (
    Action,
    Announce,
    AnswerPoverty,
    Declare,
    PassCards,
    Phase,
    Play,
    Reservation,
    ReturnCards,
)

__all__ = ["ACTION_KINDS", "MAX_ACTION_TEXT", "Context", "format_action", "parse_action"]

Context: TypeAlias = "tuple[Party | None, Phase | None] | None"
"""What a caller knows of the acting seat: its party and the phase, or ``None``."""

MAX_ACTION_TEXT: Final = 100
"""The longest text :func:`parse_action` reads, in characters."""

_WORD: Final = re.compile(r"[^\s,]+")
_UMLAUTS: Final = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "ẞ": "ss"})

_PASS: Final = frozenset({"pass", "abgeben"})
_RETURN: Final = frozenset({"return", "zurueck", "zurueckgeben"})
_ACCEPT: Final = frozenset({"accept", "mitnehmen", "annehmen", "ja"})
_REFUSE: Final = frozenset({"refuse", "ablehnen", "nein"})
_THROW: Final = frozenset({"throw", "schmeissen"})
_THROW_REASONS: Final[dict[str, ThrowReason]] = {reason: reason for reason in THROW_REASONS}
_SOLOS: Final = {
    **dict.fromkeys(("queens", "damen"), Reservation.QUEENS_SOLO),
    **dict.fromkeys(("jacks", "buben"), Reservation.JACKS_SOLO),
    **dict.fromkeys(("fleshless", "fleischlos", "fleischloser"), Reservation.FLESHLESS),
    **dict.fromkeys(("diamonds", "karo", "trumpf"), Reservation.DIAMONDS_SOLO),
    **dict.fromkeys(("hearts", "herz"), Reservation.HEARTS_SOLO),
    **dict.fromkeys(("spades", "pik"), Reservation.SPADES_SOLO),
    **dict.fromkeys(("clubs", "kreuz"), Reservation.CLUBS_SOLO),
}
_PARTY_WORDS: Final = {"re": Party.RE, "kontra": Party.KONTRA, "contra": Party.KONTRA}

# The whole text of the most frequent actions, lowered, read by one lookup:
# every card in both notations, every announcement, every reservation by its
# words.  A value is a Card, an Announcement (with the party a "re" or
# "kontra" names, or None) or a Reservation.
_CARD_KEYS: Final = {
    name.lower(): card for card in DISTINCT_CARDS for name in (str(card), card.ascii)
}
_ANNOUNCE_KEYS: Final = {
    "re": (Announcement.RE_KONTRA, Party.RE),
    "kontra": (Announcement.RE_KONTRA, Party.KONTRA),
    "re/kontra": (Announcement.RE_KONTRA, None),
    "keine 90": (Announcement.NO_90, None),
    "keine 60": (Announcement.NO_60, None),
    "keine 30": (Announcement.NO_30, None),
    "schwarz": (Announcement.SCHWARZ, None),
}
_DECLARE_KEYS: Final = {
    str(reservation): reservation
    for reservation in Reservation
    if reservation is not Reservation.THROW
}
_LEVEL_WORDS: Final = {level: level.label_generic.lower() for level in Announcement}
_THREE_CARDS: Final = 3
ACTION_KINDS: Final = (Declare, Play, Announce, PassCards, AnswerPoverty, ReturnCards)
"""Every kind of action the grammar writes and reads."""


def _key(word: str) -> str:
    return word.lower().translate(_UMLAUTS)


def format_action(  # noqa: PLR0911 - one return per kind of action
    action: Action, *, ascii: bool = False, party: Party | None = None
) -> str:
    """The short text of ``action``, which :func:`parse_action` reads back (SPEC §3.2, §5, §8).

    A card is written with its suit symbol (``♣Q``), or in ASCII (``CQ``)
    with ``ascii=True``; an announcement by its German word (``keine 90``,
    SPEC §8.1), Re/Kontra as ``re`` or ``kontra`` when ``party`` (the
    seat's, as far as the caller knows it) is given and as ``re/kontra``
    otherwise; a reservation by the library's words (``healthy``, ``queens
    solo``), Schmeißen with its reason (``throw nines5``, V§7.2); the steps
    of the Armut exchange as ``pass``, ``accept``, ``refuse`` and ``return``
    with the cards (V§6.3).  The seat is not written.

    >>> from doppelkopf import Card, Play
    >>> queen = Play(0, Card.parse("♣Q"))
    >>> format_action(queen), format_action(queen, ascii=True)
    ('♣Q', 'CQ')

    Raises:
        InvalidTypeError: ``action`` is no action.
    """
    kind = type(action)
    if kind is Play:
        card = action.card  # type: ignore[union-attr]
        return card.ascii if ascii else str(card)
    if kind is Announce:
        level = action.level  # type: ignore[union-attr]
        if level is Announcement.RE_KONTRA and party is not None:
            return party.value
        return _LEVEL_WORDS[level]
    if kind is Declare:
        if action.reason is not None:  # type: ignore[union-attr]
            return f"throw {action.reason}"  # type: ignore[union-attr]
        return str(action.reservation)  # type: ignore[union-attr]
    if kind is AnswerPoverty:
        return "accept" if action.accept else "refuse"  # type: ignore[union-attr]
    if kind is PassCards or kind is ReturnCards:
        cards = action.cards  # type: ignore[union-attr]
        names = " ".join(card.ascii if ascii else str(card) for card in cards)
        return f"{'pass' if kind is PassCards else 'return'} {names}"
    raise _checks.type_error(
        action, "action", "Declare, Play, Announce, PassCards, AnswerPoverty or ReturnCards"
    )


def _refuse(text: str, column: int, message: str) -> InvalidNotationError:
    word = _WORD.match(text, column - 1)
    shown = text[column - 1 : column + 19] if word is None else word.group()[:20]
    return InvalidNotationError(
        f"action {_checks.excerpt(text)}, column {column}: {message}", text=shown
    )


def parse_action(text: str, seat: int, context: Context = None) -> Action:
    """The action of ``seat`` (checked by the caller) that ``text`` names.

    ``context`` is ``None`` when the words alone decide, or the seat's party
    (``None`` if unknown) and the phase: then ``re`` is refused from a seat
    playing Kontra and ``kontra`` from one playing Re (SPEC §6.1), and three
    bare cards are the pass or the return of the Armut exchange (V§6.3).

    >>> parse_action("keine 90", 1)
    Announce(seat=1, level=<Announcement.NO_90: 1>)

    Raises:
        InvalidNotationError: the text names no action, or is longer than
            :data:`MAX_ACTION_TEXT`; the message gives the column (from 1)
            of the word at fault and ``text`` holds that word.
    """
    if len(text) > MAX_ACTION_TEXT:
        raise InvalidNotationError(
            f"an action's text is at most {MAX_ACTION_TEXT} characters, not {len(text):,}",
            text=text[:20],
        )
    key = text.strip().lower()
    # One lookup reads most actions: a card, an announcement, a reservation.
    card = _CARD_KEYS.get(key)
    if card is not None:
        return Play(seat, card)
    announced = _ANNOUNCE_KEYS.get(key)
    if announced is not None and context is None:
        return Announce(seat, announced[0])
    reservation = _DECLARE_KEYS.get(key)
    if reservation is not None:
        return Declare(seat, reservation)
    return _parse_words(text, seat, context)


def _parse_words(  # noqa: PLR0911, PLR0912 - one branch per production of the grammar
    text: str, seat: int, context: Context
) -> Action:
    words = [(match.start() + 1, match.group()) for match in _WORD.finditer(text)]
    if not words:
        raise InvalidNotationError("an action's text is empty", text=text[:20])
    column, first = words[0]
    head = _key(first)
    rest = words[1:]
    if head in _PASS or head in _RETURN:
        cards = _cards(text, rest, column, first)
        return PassCards(seat, cards) if head in _PASS else ReturnCards(seat, cards)
    if head in _ACCEPT or head in _REFUSE:
        _end(text, rest)
        return AnswerPoverty(seat, head in _ACCEPT)
    if head in _THROW:
        if not rest:
            raise _refuse(
                text, column, f"Schmeißen names its reason: {', '.join(THROW_REASONS)} (V§7.2)"
            )
        reason_column, reason = rest[0]
        found = _THROW_REASONS.get(reason.lower())
        if found is None:
            raise _refuse(
                text,
                reason_column,
                f"not a throw reason: {_checks.excerpt(reason)}; "
                f"the reasons are {', '.join(THROW_REASONS)} (V§7.1)",
            )
        _end(text, rest[1:])
        return Declare(seat, Reservation.THROW, found)
    if head == "solo" and rest:
        solo_column, name = rest[0]
        solo = _SOLOS.get(_key(name))
        if solo is None:
            raise _refuse(text, solo_column, f"no solo is called {_checks.excerpt(name)}")
        _end(text, rest[1:])
        return Declare(seat, solo)
    whole = " ".join(word for _, word in words)
    announced = _announcement(whole)
    if announced is not None:
        return _announce(text, seat, context, head, announced)
    try:
        reservation = Reservation.parse(whole)
    except DoppelkopfError:
        pass
    else:
        if reservation is Reservation.THROW:
            raise _refuse(
                text, column, f"Schmeißen names its reason: {', '.join(THROW_REASONS)} (V§7.2)"
            )
        return Declare(seat, reservation)
    if len(words) == _THREE_CARDS and context is not None:
        phase = context[1]
        if phase is Phase.POVERTY_PASS or phase is Phase.POVERTY_RETURN:
            cards = _cards(text, words, column, "")
            return (
                PassCards(seat, cards) if phase is Phase.POVERTY_PASS else ReturnCards(seat, cards)
            )
    card = _card(first)
    if card is None:
        raise _refuse(
            text,
            column,
            f"unknown word {_checks.excerpt(first)}: expected a card (♣Q, CQ), an "
            "announcement (re, kontra, keine 90 ...), a reservation (healthy, queens solo ...) "
            "or a step of the Armut (pass, accept, refuse, return)",
        )
    if rest:
        extra_column, _ = rest[0]
        message = "a card is played alone"
        if len(words) == _THREE_CARDS:
            message = "three cards are passed with 'pass' or returned with 'return' (V§6.3)"
        raise _refuse(text, extra_column, message)
    return Play(seat, card)


def _announcement(whole: str) -> tuple[Announcement, Party | None] | None:
    key = whole.lower()
    found = _ANNOUNCE_KEYS.get(key)
    if found is not None:
        return found
    try:
        level = Announcement.parse(whole)
    except DoppelkopfError:
        return None
    compact = "".join(key.split())
    return level, _PARTY_WORDS.get(compact)


def _announce(
    text: str,
    seat: int,
    context: Context,
    head: str,
    announced: tuple[Announcement, Party | None],
) -> Announce:
    level, named = announced
    party = None if context is None else context[0]
    if named is not None and party is not None and party is not named:
        word = "re" if party is Party.RE else "kontra"
        raise _refuse(
            text,
            1 + len(text) - len(text.lstrip()),
            f"seat {seat} plays {party}: its Re/Kontra is {word!r} (SPEC §6.1, §8.1)",
        )
    return Announce(seat, level)


def _card(word: str) -> Card | None:
    found = _CARD_KEYS.get(word.lower())
    if found is not None:
        return found
    try:
        return Card.parse(word)
    except DoppelkopfError:
        return None


def _cards(text: str, words: list[tuple[int, str]], column: int, head: str) -> tuple[Card, ...]:
    cards: list[Card] = []
    for card_column, word in words[:_THREE_CARDS]:
        card = _card(word)
        if card is None:
            raise _refuse(text, card_column, f"not a card: {_checks.excerpt(word)}")
        cards.append(card)
    if len(words) != _THREE_CARDS:
        where = words[_THREE_CARDS][0] if len(words) > _THREE_CARDS else column
        raise _refuse(
            text,
            where,
            f"{head or 'an exchange step'} moves exactly three cards, not "
            f"{'more' if len(words) > _THREE_CARDS else len(words)} (V§6.3)",
        )
    return tuple(cards)


def _end(text: str, rest: list[tuple[int, str]]) -> None:
    if rest:
        column, word = rest[0]
        raise _refuse(text, column, f"unexpected {_checks.excerpt(word)} after the action")
