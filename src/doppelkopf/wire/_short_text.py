"""The short text of an action for clients: the grammar of ``doppelkopf.deal._action_text``
with a view or a deal as the context.

The grammar itself (on :doc:`/wire` and :doc:`/notation`) lives with the
deal, which writes its position with it; this module checks what a client
passes and turns its context — the seat's view or the deal — into what the
grammar needs: the seat's party and the phase.
"""

from __future__ import annotations

from .. import _checks
from ..deal import Action, Deal, PlayerView
from ..deal import _action_text as _grammar
from ..errors import InvalidValueError

__all__ = ["MAX_ACTION_TEXT", "format_action", "parse_action"]

MAX_ACTION_TEXT = _grammar.MAX_ACTION_TEXT
"""The longest text :func:`parse_action` reads, in characters."""

_parse = _grammar.parse_action


def _context_view(context: object, seat: int) -> PlayerView | None:
    if context is None:
        return None
    if isinstance(context, PlayerView):
        if context.seat != seat:
            raise InvalidValueError(
                f"the context is the view of seat {context.seat}, not of seat {seat}"
            )
        return context
    if isinstance(context, Deal):
        return context.view(seat)
    raise _checks.type_error(context, "context", "PlayerView, Deal or None")


def _seat(seat: object) -> int:
    if type(seat) is not int:
        raise _checks.type_error(seat, "seat", "int")
    if not 0 <= seat <= 3:
        raise InvalidValueError(f"seat must be 0-3, not {_checks.excerpt(seat)}", rule="§0.4")
    return seat


def format_action(
    action: Action, *, ascii: bool = False, context: PlayerView | Deal | None = None
) -> str:
    """The short text of ``action``, which :func:`parse_action` reads back (SPEC §3.2, §5, §8).

    A card is written with its suit symbol (``♣Q``), or in ASCII (``CQ``)
    with ``ascii=True``; an announcement by its German word (``keine 90``,
    SPEC §8.1), Re/Kontra as ``re`` or ``kontra`` when ``context`` (a view
    of the seat, or the deal) tells the seat's party and as ``re/kontra``
    otherwise; a reservation by the library's words (``healthy``, ``queens
    solo``), Schmeißen with its reason (``throw nines5``, V§7.2); the steps
    of the Armut exchange as ``pass``, ``accept``, ``refuse`` and ``return``
    with the cards (V§6.3).  The seat is not written: a server knows it.

    >>> from doppelkopf import Announce, Announcement, Card, Deal, Declare, Play, Reservation
    >>> from doppelkopf.wire import format_action
    >>> queen, ten = Card.parse("♣Q"), Card.parse("H10")
    >>> format_action(Play(0, queen)), format_action(Play(0, ten), ascii=True)
    ('♣Q', 'H10')
    >>> format_action(Announce(1, Announcement.NO_90)), format_action(Announce(1, 0))
    ('keine 90', 're/kontra')
    >>> format_action(Declare(2, Reservation.THROW, "nines5"))
    'throw nines5'
    >>> solo, healthy = Declare(2, Reservation.QUEENS_SOLO), Declare(2, Reservation.HEALTHY)
    >>> format_action(solo), format_action(healthy)
    ('queens solo', 'healthy')

    Raises:
        InvalidTypeError: ``action`` is no action or ``context`` no view or deal.
    """
    if type(ascii) is not bool:
        raise _checks.type_error(ascii, "ascii", "bool")
    view: PlayerView | None = None
    if context is not None and type(action) in _grammar.ACTION_KINDS:
        view = _context_view(context, action.seat)
    return _grammar.format_action(action, ascii=ascii, party=None if view is None else view.party)


def parse_action(text: str, *, seat: int, context: PlayerView | Deal | None = None) -> Action:
    """The action of ``seat`` that ``text`` names, in the grammar of :doc:`/wire`.

    The seat comes from the caller (a server knows it from the connection).
    Without ``context`` the words alone decide: ``re`` and ``kontra`` both
    name the Re/Kontra announcement (SPEC §8.1), and three cards without
    ``pass`` or ``return`` are refused.  With ``context`` — the seat's view
    or the deal — ``re`` is refused from a seat known to play Kontra and
    ``kontra`` from one known to play Re (SPEC §6.1), and three bare cards
    are the pass or the return of the Armut exchange by the phase (V§6.3).
    Whether the rules allow the action now is for
    :meth:`Deal.apply <doppelkopf.Deal.apply>` to say.

    >>> from doppelkopf import Deal
    >>> from doppelkopf.wire import parse_action
    >>> parse_action("♣Q", seat=2), parse_action("keine 90", seat=1)
    (Play(seat=2, card=Card.parse('♣Q')), Announce(seat=1, level=<Announcement.NO_90: 1>))
    >>> parse_action("Damensolo", seat=0), parse_action("schmeissen nines5", seat=3)
    (Declare(seat=0, reservation=Reservation.QUEENS_SOLO),
     Declare(seat=3, reservation=Reservation.THROW, reason='nines5'))
    >>> parse_action("pass ♦9 ♦10 ♣J", seat=0)
    PassCards(seat=0, cards=(Card.parse('♣J'), Card.parse('♦9'), Card.parse('♦10')))
    >>> parse_action("play ♣Q", seat=0)
    Traceback (most recent call last):
    ...
    doppelkopf.errors.InvalidNotationError: action 'play ♣Q', column 1: unknown word 'play': ...

    Raises:
        InvalidNotationError: the text names no action, or is longer than
            :data:`MAX_ACTION_TEXT`; the message gives the column (from 1)
            of the word at fault and ``text`` holds that word.
        InvalidTypeError: ``text`` is no ``str``, ``seat`` no ``int`` or
            ``context`` no view or deal.
        InvalidValueError: ``seat`` is not 0-3, or ``context`` is the view
            of another seat.
    """
    if type(text) is not str:
        _checks.text(text)
    if type(seat) is not int or not 0 <= seat <= 3:
        seat = _seat(seat)
    if context is None or len(text) > MAX_ACTION_TEXT:  # the grammar refuses a long text
        return _parse(text, seat)
    view = _context_view(context, seat)
    assert view is not None
    return _parse(text, seat, (view.party, view.phase))
