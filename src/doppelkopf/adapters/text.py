"""Text pictures of a deal and of a view, in Unicode suit symbols or in ASCII letters.

Both adapters print with these: OpenSpiel's state and observation strings and
PettingZoo's ``render``.

>>> from doppelkopf import Deal
>>> print(view_text(Deal.shuffled(seed=1).view(0), ascii=True))
seat 0, dealer seat 3, reservations, seat 0 on turn
hand: SQ HQ DQ CJ SJ DA CK SA S10 S9 HA HK
declared: - - - -
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from .. import _checks
from ..cards import Card
from ..deal import (
    Announced,
    AnswerPoverty,
    Concealed,
    Deal,
    Declare,
    Event,
    PassCards,
    Play,
    PlayerView,
    ReturnCards,
)
from ..tricks import Trick

__all__ = ["cards_text", "deal_text", "event_text", "private_text", "public_text", "view_text"]

_ENTRIES: Final = (Declare, Announced, Play, PassCards, AnswerPoverty, ReturnCards, Concealed)


def _view(view: object, ascii: object) -> PlayerView:
    """``view`` itself if it is a view and ``ascii`` a ``bool``."""
    _checks.flag(ascii, "ascii")
    if not isinstance(view, PlayerView):
        raise _checks.type_error(view, "view", "PlayerView")
    return view


def cards_text(cards: Iterable[Card], *, ascii: bool = False) -> str:
    """The cards in the order given, ``♣Q`` or with ``ascii`` ``CQ`` (SPEC §1.1).

    >>> from doppelkopf import Hand
    >>> cards_text(Hand.parse("♣Q ♦10"), ascii=True)
    'CQ D10'

    Raises:
        InvalidTypeError: ``cards`` is no iterable of :class:`~doppelkopf.Card`, or
            ``ascii`` no ``bool``.
    """
    _checks.flag(ascii, "ascii")
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise _checks.type_error(cards, "cards", "iterable of cards")
    words = []
    for card in cards:
        if not isinstance(card, Card):
            raise _checks.type_error(card, "card", "Card")
        words.append(card.ascii if ascii else str(card))
    return " ".join(words)


def event_text(event: Event | Concealed, *, ascii: bool = False) -> str:
    """One entry of a deal's history as text, its cards in ASCII with ``ascii`` (SPEC §8.10).

    >>> from doppelkopf import Hand
    >>> event_text(PassCards(0, Hand.parse("♠K ♦K ♣J")), ascii=True)
    'seat 0: pass CJ SK DK'

    Raises:
        InvalidTypeError: ``event`` is no entry of a history, or ``ascii`` no ``bool``.
    """
    _checks.flag(ascii, "ascii")
    if not isinstance(event, _ENTRIES):
        raise _checks.type_error(event, "event", "event or Concealed entry")
    if ascii and isinstance(event, PassCards | ReturnCards):
        verb = "pass" if isinstance(event, PassCards) else "return"
        return f"seat {event.seat}: {verb} {cards_text(event.cards, ascii=True)}"
    if ascii and hasattr(event, "card"):
        return f"seat {event.seat}: {event.card.ascii}"
    return str(event)


def _trick_text(trick: Trick, ascii: bool) -> str:
    return f"seat {trick.leader} leads {cards_text(trick.cards, ascii=ascii)}".rstrip()


def _play_lines(view: PlayerView | Deal, ascii: bool) -> list[str]:
    lines: list[str] = []
    for number, trick in enumerate(view.tricks, 1):
        lines.append(f"trick {number}: {_trick_text(trick, ascii)}")
    if view.current_trick.cards:
        lines.append(f"trick {len(view.tricks) + 1}: {_trick_text(view.current_trick, ascii)}")
    lines.extend(str(event) for event in view.announcements)
    return lines


def view_text(view: PlayerView, *, ascii: bool = False) -> str:
    """What the seat of ``view`` knows, line by line (SPEC §6.1, V§6.7).

    The seat and dealer, the phase and the seat on turn, the hand, each seat's
    answer as far as it is known (``-`` not yet, ``h`` healthy, ``v``
    *Vorbehalt*), the contract and known parties, the Armut cards seen, every
    trick and announcement.

    >>> from doppelkopf import Deal, Reservation
    >>> deal = Deal.shuffled(seed=1).declare(0, Reservation.QUEENS_SOLO)
    >>> print(view_text(deal.view(1)).splitlines()[-1])
    declared: v - - -

    Raises:
        InvalidTypeError: ``view`` is no :class:`~doppelkopf.PlayerView`, or ``ascii`` no
            ``bool``.
    """
    view = _view(view, ascii)
    turn = "" if view.turn is None else f", seat {view.turn} on turn"
    phase = "" if view.phase is None else f", {view.phase.value}"
    lines = [
        f"seat {view.seat}, dealer seat {view.dealer}{phase}{turn}",
        f"hand: {cards_text(view.hand, ascii=ascii)}".rstrip(),
        "declared: " + " ".join("-" if d is None else "v" if d else "h" for d in view.declared),
    ]
    if view.game_type is not None:
        declarer = "" if view.declarer is None else f" by seat {view.declarer}"
        lines.append(f"game: {view.game_type}{declarer}")
        parties = " ".join("?" if p is None else str(p) for p in view.known_parties)
        lines.append(f"parties: {parties}")
    poverty = view.poverty
    if poverty is not None:
        lines.append(f"armut: seat {poverty.poor} poor, answers {list(poverty.answers)}")
        if poverty.passed is not None:
            lines.append(f"passed: {cards_text(poverty.passed, ascii=ascii)}")
        if poverty.acceptor is not None:
            lines.append(f"accepted by seat {poverty.acceptor}")
        if poverty.returned is not None:
            lines.append(f"returned: {cards_text(poverty.returned, ascii=ascii)}")
        if poverty.returned_trumps is not None:
            lines.append(f"trumps returned: {poverty.returned_trumps}")
    lines.extend(_play_lines(view, ascii))
    return "\n".join(lines)


def public_text(view: PlayerView, *, ascii: bool = False) -> str:
    """What every seat knows: the phase and turn, the answers, the contract as announced, the
    Armut's public steps, the tricks and announcements (SPEC §3.3, §6.1, V§6.7).

    Read from the view of a seat that is not the declarer, whose contract is the public one.

    >>> from doppelkopf import Deal
    >>> print(public_text(Deal.shuffled(seed=1).view(1)))
    dealer seat 3, reservations, seat 0 on turn
    declared: - - - -

    Raises:
        InvalidTypeError: ``view`` is no :class:`~doppelkopf.PlayerView`, or ``ascii`` no
            ``bool``.
    """
    view = _view(view, ascii)
    turn = "" if view.turn is None else f", seat {view.turn} on turn"
    phase = "" if view.phase is None else f", {view.phase.value}"
    lines = [
        f"dealer seat {view.dealer}{phase}{turn}",
        "declared: " + " ".join("-" if d is None else "v" if d else "h" for d in view.declared),
    ]
    if view.game_type is not None:
        declarer = "" if view.declarer is None else f" by seat {view.declarer}"
        lines.append(f"game: {view.game_type}{declarer}")
    poverty = view.poverty
    if poverty is not None:
        lines.append(f"armut: seat {poverty.poor} poor, answers {list(poverty.answers)}")
        if poverty.returned_trumps is not None:
            lines.append(f"trumps returned: {poverty.returned_trumps}")
    lines.extend(_play_lines(view, ascii))
    return "\n".join(lines)


def private_text(view: PlayerView, *, ascii: bool = False) -> str:
    """What only the seat of ``view`` knows: its hand, its answer, the parties it can tell and
    the Armut cards it saw (SPEC §3.2, §6.1, V§6.7).

    >>> from doppelkopf import Deal
    >>> print(private_text(Deal.shuffled(seed=1).view(0), ascii=True))
    seat 0 hand: SQ HQ DQ CJ SJ DA CK SA S10 S9 HA HK

    Raises:
        InvalidTypeError: ``view`` is no :class:`~doppelkopf.PlayerView`, or ``ascii`` no
            ``bool``.
    """
    view = _view(view, ascii)
    lines = [f"seat {view.seat} hand: {cards_text(view.hand, ascii=ascii)}".rstrip()]
    if view.reservation is not None:
        lines.append(f"said: {view.reservation}")
    if view.game_type is not None:
        lines.append(
            "parties: " + " ".join("?" if p is None else str(p) for p in view.known_parties)
        )
    poverty = view.poverty
    if poverty is not None and poverty.passed is not None:
        lines.append(f"passed: {cards_text(poverty.passed, ascii=ascii)}")
    if poverty is not None and poverty.returned is not None:
        lines.append(f"returned: {cards_text(poverty.returned, ascii=ascii)}")
    return "\n".join(lines)


def deal_text(deal: Deal, *, ascii: bool = False) -> str:
    """The whole deal, every hand shown: the picture of the table for debugging (SPEC §2–§8).

    >>> print(deal_text(Deal.shuffled(seed=1), ascii=True).splitlines()[1])
    seat 0: SQ HQ DQ CJ SJ DA CK SA S10 S9 HA HK

    Raises:
        InvalidTypeError: ``deal`` is no :class:`~doppelkopf.Deal`, or ``ascii`` no ``bool``.
    """
    _checks.flag(ascii, "ascii")
    if not isinstance(deal, Deal):
        raise _checks.type_error(deal, "deal", "Deal")
    turn = "" if deal.turn is None else f", seat {deal.turn} on turn"
    lines = [f"rules {deal.rules}, dealer seat {deal.dealer}, {deal.phase.value}{turn}"]
    for seat, hand in enumerate(deal.hands):
        lines.append(f"seat {seat}: {cards_text(hand, ascii=ascii)}".rstrip())
    for event in deal.history:
        if not hasattr(event, "card") and not hasattr(event, "party"):
            lines.append(event_text(event, ascii=ascii))
    if deal.game_type is not None:
        lines.append(f"game: {deal.game_type}")
    lines.extend(_play_lines(deal, ascii))
    return "\n".join(lines)
