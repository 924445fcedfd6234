"""The state of one deal: what every step of the deal reads and replaces.

Why this module exists: a :class:`~doppelkopf.Deal` is one private slot
holding one plain tuple, the *state*, and every module of the deal's steps
(the reservation round, the Armut exchange, the card play, the
announcements) reads a state and builds the next one.  This module defines
that state and nothing above it: the slowly changing record
:class:`_Setup`, the layout of the tuple (:data:`State` and the indices
:data:`SETUP` … :data:`TURN`), what equality compares, and the phase a state
is in.

The steps are functions bound to the :class:`~doppelkopf.Deal` class as its
methods (``Deal.play`` *is* ``doppelkopf.deal._play.play``), so that a step
costs no more Python calls than a method written in the class.  They cannot
import the class, which imports them; they are typed against
:class:`HasState`, anything that holds a state, and :data:`Deal`, the type
variable that stands for the class they are bound to, and each builds the
next deal as an instance of the class of the deal it was called on.
"""

from __future__ import annotations

from typing import Final, NamedTuple, Protocol, TypeAlias, TypeVar

from .._order import CardOrder
from ..announce import PartyAnnouncements
from ..cards import Card, Hand
from ..parties import Party
from ..rules import GameType, Rules
from ..tricks import Trick
from ._replace import install as install_replace
from .actions import Announced, Phase, Reservation
from .procedures import Procedures

__all__ = [
    "CARDS",
    "HELD",
    "LEADER",
    "SETUP",
    "TRICKS",
    "TURN",
    "Deal",
    "HasState",
    "State",
    "equality_key",
    "phase",
    "successor",
]


class _Setup(NamedTuple):
    """The part of a deal that changes only a few times per deal.

    The rules and the table (dealer, cut, dealt hands), the contract (answers,
    game type, its card order, the holder of the Schweine, declarer, marriage
    partner, parties), both parties' announcement states, the facts of the
    procedures of V§6–§9 (``extra``, a :class:`Procedures`, shared by every
    deal without them) and the announcement events (last: equality leaves
    them out).  During the Armut exchange ``game_type`` is ``POVERTY``
    and ``order`` still ``None``, so that no card and no announcement can be
    made before it is complete (V§6.5).  Most cards leave it as it is, and
    the new deal shares it with the old one.  ``order`` is the card order
    that ``rules`` give the contract and the Schweine: derived, kept here
    because every card reads it.
    """

    rules: Rules
    dealer: int
    cut: int | None
    dealt: tuple[Hand, Hand, Hand, Hand]
    declarations: tuple[Reservation | None, ...]
    game_type: GameType | None
    order: CardOrder | None
    schweine: int | None
    declarer: int | None
    partner: int | None
    clarification_trick: int | None
    parties: tuple[Party | None, ...]
    re_announcements: PartyAnnouncements
    kontra_announcements: PartyAnnouncements
    extra: Procedures
    announcements: tuple[Announced, ...]


install_replace(_Setup)

State: TypeAlias = "tuple[_Setup, int, tuple[Trick, ...], int, tuple[Card, ...], int | None]"
"""The whole state of a deal, one plain tuple so that a new deal fills one slot.

Its fields, read by unpacking or by the indices below: ``setup`` (a
:class:`_Setup`, the part that changes a few times per deal), ``held`` (the
four packed hands: in the index layout of :attr:`Hand.bits` until the card
order is fixed, by position in the order from then on, see
``doppelkopf.deal._positions``), ``tricks`` (the completed
tricks), ``leader`` and ``cards`` (the trick in progress) and ``turn`` (the
seat to act next, ``None`` once the deal is finished).

It is not a :class:`~typing.NamedTuple`: building an instance of a tuple
subclass, even through ``tuple.__new__``, measured 320 ns against 95 ns for a
plain tuple (Python 3.11), and a deal builds one state per card.

``turn`` can be derived (the next seat asked from the dealer and the
answers; ``(leader + len(cards)) & 3`` in play), but it is kept: ``play``
compares the seat against it for every card and every player loop reads
:attr:`Deal.turn` before each action, so one stored slot saves the phase
test and the arithmetic there, while writing it costs one item of a tuple
that is built anyway.
"""

SETUP: Final = 0
HELD: Final = 1
TRICKS: Final = 2
LEADER: Final = 3
CARDS: Final = 4
TURN: Final = 5


class HasState(Protocol):
    """Anything that holds a deal's state: the :class:`~doppelkopf.Deal` a step is bound to."""

    _state: State


Deal = TypeVar("Deal", bound=HasState)
"""The deal class a step is bound to, :class:`doppelkopf.deal.machine.Deal`.

A type variable rather than the class, which imports the steps: a step
annotated ``(self: Deal, …) -> Deal`` returns a deal of the class it was
called on, and the type checker reads ``Deal.play`` as returning a ``Deal``.
"""

_new_object: Final = object.__new__


def successor(deal: Deal, state: State) -> Deal:
    """A new deal of ``deal``'s class holding ``state``, without the constructor's overhead.

    The steps on the hottest paths (a card, a healthy answer) write these
    two lines out instead.
    """
    new = _new_object(type(deal))
    new._state = state
    return new


def equality_key(state: State) -> tuple[object, ...]:
    """What equality and hashing of deals compare: the state without the announcement events.

    The events (:attr:`Deal.announcements`, placed in :attr:`Deal.history`) are
    left out and their result, both parties' announcement states, stays in, so
    that two deals that reach the same position by announcements made at other
    instants are equal (a search meets transpositions in its table).  The
    ``turn`` is included although derived: it never differs between states
    whose other parts are equal.  (``state[SETUP][:-1]`` is the setup
    without its last field, the events.)
    """
    return (state[SETUP][:-1], *state[HELD:])


def phase(self: HasState) -> Phase:
    """The current phase (SPEC §3, V§6.3, V§8)."""
    setup = self._state[SETUP]
    if setup.game_type is None:
        return Phase.RESERVATIONS if setup.extra.void is None else Phase.VOID
    if setup.order is None:
        poverty = setup.extra.poverty
        assert poverty is not None
        if not poverty.cards_passed:
            return Phase.POVERTY_PASS
        return Phase.POVERTY_OFFER if poverty.acceptor is None else Phase.POVERTY_RETURN
    if len(self._state[TRICKS]) == setup.rules.tricks:
        return Phase.FINISHED
    return Phase.PLAY
