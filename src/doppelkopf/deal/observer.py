"""A seat's view kept from its own hand and the public events alone (SPEC §6.1).

A bot on another platform, or the client of a server, knows its own hand and
what happens at the table, never the other hands, so it cannot build a
:class:`~doppelkopf.Deal`.  An :class:`Observer` starts from the seat's hand
(with the rules, the dealer and, at a table of compulsory solos, who owes one)
and takes each event as the seat sees it: the answers of the reservation round
(another seat's *Vorbehalt* as a :class:`~doppelkopf.Concealed`), the cards,
the announcements and the steps of the Armut exchange.  Its :attr:`Observer.view`
is the :class:`~doppelkopf.PlayerView` the deal would show the seat.

Each new view goes through the view's constructor, whose checks recompute
every public fact from the history (:mod:`doppelkopf.deal._view_checks`): an
event that no deal could produce (a card the seat holds played by another
seat, a third copy of a card, a card of a suit its player showed it lacks, an
announcement out of order) leaves a view those checks refuse, and the
observer raises an :class:`~doppelkopf.errors.IllegalActionError` naming the
event and the rule.  The seat's own actions are checked against the view's
legal actions; events out of turn or out of phase raise
:class:`~doppelkopf.errors.NotYourTurnError` and
:class:`~doppelkopf.errors.WrongPhaseError`.

The two-step round of a DDV table (SPEC §3.2–§3.4) comes as the seat sees
it: its own bare ``Declare(seat, Reservation.VORBEHALT)``, another seat's
``Concealed(seat, "vorbehalt")``, then the answers to the questions by kind,
each ``Declare(seat, Reservation.DECLINE)`` or the name of the kind asked.
Who is asked which kind is :func:`~doppelkopf.deal.questions.next_question`
replayed from what the seat knows; a seat that named its wish at once answers
implicitly and is never asked.

Four facts are public at the table yet carried by no entry of
:attr:`PlayerView.history`, and an observer waits for them:

- the contract, when the seat cannot tell it from the answers: another seat
  said *Vorbehalt* and its wish is not public yet.  The winning wish is
  named by a :class:`~doppelkopf.Declare` of its seat (the viewer's own
  included, when its own wish won over a hidden one, SPEC §3.3);
- in the same wait, the :class:`Question` of the two-step round, when
  another seat's *Vorbehalt* may be bare or named at once: a named one is
  passed over, so only the table can tell who is asked (a decline tells its
  own question);
- the hand of a seat whose *Schmeißen* voided the deal, shown to all
  (V§7.2): a :class:`~doppelkopf.VoidDeal`;
- the seat holding the Schweine, public at the contract (V§2.3): a
  :class:`Schweine`.

The acceptor of an Armut receives the passed cards, a
:class:`~doppelkopf.PassCards` of the poor seat, after its own acceptance.
While it waits, :attr:`Observer.awaiting` names what it waits for and
:attr:`Observer.view` raises.

Why it is long: the observer replays every step of a deal that changes a
view — the answers, the questions of the two-step round and the contract,
the Armut exchange from each of its three sides, the cards, the tricks and
the marriage's clarification, the announcements — from the public side,
where the deal's own modules work from all four hands.  The rules
themselves are not written again: the card order, the trick winner, the
announcement rules, the ranking of the answers, the order of the questions
and every consistency check are the deal's and the view's own functions.

>>> from doppelkopf import Deal, Observer, Reservation
>>> deal = Deal.shuffled(seed=3, dealer=0)
>>> observer = Observer.start(1, deal.view(1).hand, dealer=0)
>>> deal = deal.declare(1, Reservation.HEALTHY)
>>> observer = observer.apply(Declare(1, Reservation.HEALTHY))
>>> observer.view == deal.view(1)
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final, TypeAlias

import attrs

from .. import _checks
from ..announce import apply_announcement
from ..cards import Card, Hand
from ..errors import (
    AnnouncementError,
    CardNotHeldError,
    DoppelkopfError,
    IllegalActionError,
    InvalidReservationError,
    InvalidValueError,
    MustFollowError,
    NotYourTurnError,
    WrongPhaseError,
)
from ..parties import Announcement, Party, complete_parties
from ..rules import GameType, Rules
from ..tricks import Trick, trick_winner
from .actions import (
    Announce,
    Announced,
    AnswerPoverty,
    Concealed,
    Declare,
    PassCards,
    Phase,
    Play,
    Reservation,
    ReturnCards,
    SeenEvent,
)
from .outcome import VoidDeal
from .poverty import Poverty, cards_bits, count_bits, pass_refusal, trump_bits
from .questions import ReservationKind, kind_choices, kind_of, kinds_asked, next_question
from .reservations import SoloKind, check_owing, resolve_extended
from .throwing import meets_throw_reason
from .views import PlayerView

__all__ = ["Observed", "Observer", "Question", "Schweine"]

_CLUB_QUEEN: Final = Card.parse("♣Q")
_DIAMOND_ACE: Final = Card.parse("♦A")
_HEALTHY: Final = Reservation.HEALTHY
_VORBEHALT: Final = Reservation.VORBEHALT
_DECLINE: Final = Reservation.DECLINE
_SCHWEINE_GAMES: Final = frozenset({GameType.NORMAL, GameType.MARRIAGE, GameType.SILENT_MARRIAGE})
_NO_PARTIES: Final = (None, None, None, None)
_FIELDS: Final = tuple(
    field.name for field in attrs.fields(PlayerView) if field.name != "_given_actions"
)


def _seat(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    _checks.seat(value, f"{type(instance).__name__}.{attribute.name}")


def _kind(instance: object, attribute: attrs.Attribute[ReservationKind], value: object) -> None:
    name = f"{type(instance).__name__}.{attribute.name}"
    _checks.instance(value, ReservationKind, name, parse_hint=False)


@attrs.frozen
class Schweine:
    """The seat holding both ♦A, made public when the contract is fixed (V§2.3).

    No entry of :attr:`PlayerView.history` carries it; a table tells it to
    every seat.  An :class:`Observer` holding both ♦A itself knows it already.

    >>> str(Schweine(2))
    'seat 2: Schweine'
    """

    seat: int = attrs.field(validator=_seat)

    def __str__(self) -> str:
        return f"seat {self.seat}: Schweine"


@attrs.frozen
class Question:
    """The question the second step of the two-step round asks next (SPEC §3.2, V§6.2, V§9.2).

    The table asks ``seat`` aloud for a reservation of ``kind``; no entry of
    :attr:`PlayerView.history` carries the question, only the answer.  A
    seat that named its reservation in the first step is never asked, so
    an :class:`Observer` that cannot tell a bare *Vorbehalt* from a named
    one waits for the question (see the module).

    >>> str(Question(1, ReservationKind.SOLO))
    'seat 1: Solo?'
    """

    seat: int = attrs.field(validator=_seat)
    kind: ReservationKind = attrs.field(validator=_kind)

    def __str__(self) -> str:
        return f"seat {self.seat}: {self.kind}?"


Observed: TypeAlias = SeenEvent | Announce | Schweine | Question | VoidDeal
"""Anything an :class:`Observer` takes: an entry of :attr:`PlayerView.history`,
the :class:`~doppelkopf.Announce` a server echoes, and the three public facts no
history entry carries (:class:`Schweine`, the :class:`Question` of the
two-step round, the :class:`~doppelkopf.VoidDeal` of a Schmeißen with the hand
shown)."""


def _step_error(event: object, error: DoppelkopfError, rule: str = "") -> IllegalActionError:
    """``error`` raised by the view an event would leave, as a refusal of the event."""
    rule = getattr(error, "rule", "") or rule
    message = _bare(error)
    text = _text(event)
    return IllegalActionError(
        f"{_checks.excerpt(text, 60)} cannot happen: {message}",
        seat=_event_seat(event),
        action=text,
        rule=rule,
    )


def _text(event: object) -> str:
    """The event as a message names it: its text, at most 60 characters."""
    try:
        text = str(event)
    except Exception:
        return _checks.excerpt(event, 60)
    return text if len(text) <= 60 else f"{text[:57]}..."


def _bare(error: DoppelkopfError) -> str:
    """The message of ``error`` without the rule it ends with."""
    text = str(error)
    head, bracket, tail = text.rpartition(" (")
    return head if bracket and tail.endswith(")") and "§" in tail else text


def _event_seat(event: object) -> int | None:
    seat = getattr(event, "seat", None)
    return seat if type(seat) is int else None


@attrs.frozen(eq=False)
class Observer:
    """A seat's information set kept from its hand and the events it sees (SPEC §6.1).

    Build one with :meth:`start`, or as ``Observer(view)`` to go on from any
    view of the seat (one read from the wire, say); :meth:`apply` returns
    the observer after an event and leaves this one as it is.  :attr:`view` is the
    :class:`~doppelkopf.PlayerView` a deal would show the seat: equal to
    :meth:`Deal.view <doppelkopf.Deal.view>` field for field, with the same
    legal actions, history and key.  Two observers are equal when their
    views and what they wait for are.

    >>> from doppelkopf import Deal, Hand
    >>> deal = Deal.shuffled(seed=5, dealer=3)
    >>> observer = Observer.start(2, deal.view(2).hand, dealer=3)
    >>> observer.view.phase, observer.view.turn, observer.awaiting
    (<Phase.RESERVATIONS: 'reservations'>, 0, None)
    >>> observer.apply(Concealed(1, "vorbehalt"))
    Traceback (most recent call last):
        ...
    doppelkopf.errors.NotYourTurnError: seat 0 is on turn, not seat 1 (§3.2)
    """

    _view: PlayerView = attrs.field(alias="view")
    _wishes: tuple[Declare | None, ...] = attrs.field(init=False)
    """The named answer of each seat the viewer knows: its own, and the winning wish."""
    _awaiting: str | None = attrs.field(init=False, default=None)
    _pending: tuple[tuple[str, Any], ...] = attrs.field(init=False, default=())
    """While waiting, the fields of the next view as far as they are known."""

    def __attrs_post_init__(self) -> None:
        view = _checks.instance(self._view, PlayerView, "view")
        wishes: list[Declare | None] = [None, None, None, None]
        for event in view.history:
            if (
                isinstance(event, Declare)
                and event.reservation not in (_HEALTHY, _VORBEHALT, _DECLINE)
            ) or event == Declare(view.seat, _HEALTHY):
                wishes[event.seat] = event
        object.__setattr__(self, "_wishes", tuple(wishes))

    @classmethod
    def start(
        cls,
        seat: int,
        hand: Hand,
        *,
        dealer: int,
        rules: Rules = Rules.DDV,
        owing: Iterable[int] = (),
        forced: bool = False,
    ) -> Observer:
        """The observer of ``seat`` dealt ``hand`` by ``dealer``, before any answer (SPEC §3.2).

        ``owing`` are the seats that still owe their compulsory solo and
        ``forced`` whether this deal forces the first of them to play it
        (V§9.1, V§9.5), as the session tells them.

        >>> from doppelkopf import Hand
        >>> hand = Hand.parse("♣Q ♠Q ♥Q ♦Q ♣J ♠J ♥A ♥A ♠A ♠10 ♣K ♦9")
        >>> Observer.start(0, hand, dealer=3).view.legal_actions[0]
        Declare(seat=0, reservation=Reservation.HEALTHY)

        Raises:
            InvalidTypeError, InvalidValueError: a seat or dealer that is no
                seat, a hand of the wrong size or with cards outside the
                deck of ``rules``, ``owing`` without compulsory solos.
        """
        _checks.seat(seat, "seat")
        _checks.seat(dealer, "dealer")
        _checks.instance(hand, Hand, "hand")
        if not isinstance(rules, Rules):
            raise _checks.type_error(rules, "rules", "Rules value")
        seats = check_owing(owing, forced, rules)
        order = [(dealer + offset) & 3 for offset in (1, 2, 3, 4)]
        first = next(s for s in order if s in seats) if forced else order[0]
        size = rules.hand_size
        view = PlayerView(
            seat=seat,
            dealer=dealer,
            hand=hand,
            reservation=None,
            declared=(None, None, None, None),
            game_type=None,
            declarer=None,
            partner=None,
            clarification_trick=None,
            known_parties=_NO_PARTIES,
            tricks=(),
            current_trick=Trick((dealer + 1) & 3),
            announcements=(),
            hand_sizes=(size, size, size, size),
            turn=first,
            rules=rules,
            phase=Phase.RESERVATIONS,
            owing=seats,
            forced=forced,
        )
        return _make(view, (None, None, None, None), None, ())

    @property
    def seat(self) -> int:
        """The seat observed."""
        return self._view.seat

    @property
    def awaiting(self) -> str | None:
        """What the observer waits for before it has a view again, ``None`` when nothing.

        ``"the contract"`` (the winning wish, or the next :class:`Question`
        of the two-step round), ``"the thrown hand"`` or ``"the passed
        cards"`` (see the module).
        """
        return self._awaiting

    @property
    def view(self) -> PlayerView:
        """The seat's view after the events applied so far (SPEC §6.1).

        Raises:
            WrongPhaseError: the observer waits for a fact the table has not
                told yet (:attr:`awaiting`).
        """
        if self._awaiting is not None:
            raise WrongPhaseError(
                f"the view waits for {self._awaiting}",
                seat=self.seat,
                action="view",
                rule="§6.1",
            )
        return self._view

    def __eq__(self, other: object) -> bool:
        if type(other) is not Observer:
            return NotImplemented
        return (self._view, self._wishes, self._awaiting, self._pending) == (
            other._view,
            other._wishes,
            other._awaiting,
            other._pending,
        )

    def __hash__(self) -> int:
        return hash((self._view.key, self._awaiting))

    def apply(self, event: Observed) -> Observer:
        """The observer after ``event``, as the seat saw it (see the module).

        >>> from doppelkopf import Deal
        >>> deal = Deal.shuffled(seed=5, dealer=3)
        >>> observer = Observer.start(2, deal.view(2).hand, dealer=3)
        >>> observer = observer.apply(Concealed(0, "vorbehalt"))
        >>> observer.view.declared, observer.view.turn
        ((True, None, None, None), 1)

        Raises:
            InvalidTypeError: ``event`` is none of :data:`Observed`, or a
                field of an :class:`~doppelkopf.Announced` has the wrong type.
            NotYourTurnError: a seat acts out of turn.
            WrongPhaseError: an event out of its phase, or any event but the
                awaited fact while the observer waits.
            IllegalActionError: an event no deal could produce, naming the
                event and the rule (its subclasses where one fits).
        """
        handler = _HANDLERS.get(type(event))
        if handler is None:
            raise _checks.type_error(event, "event", "SeenEvent, Announce, Schweine or VoidDeal")
        step = _Step(self, event)
        handler(step, event)
        return step.build()

    def apply_all(self, events: Iterable[Observed]) -> Observer:
        """The observer after each of ``events`` in turn (see :meth:`apply`).

        >>> from doppelkopf import Deal
        >>> deal = Deal.shuffled(seed=5, dealer=3)
        >>> observer = Observer.start(2, deal.view(2).hand, dealer=3)
        >>> healthy = [Declare(seat, Reservation.HEALTHY) for seat in (0, 1)]
        >>> observer.apply_all(healthy).view.turn
        2

        Raises:
            InvalidTypeError: ``events`` is no iterable of events, or one of
                them is none (see :meth:`apply`).
            IllegalActionError: as :meth:`apply`, for the first event refused.
        """
        if isinstance(events, str | bytes) or not isinstance(events, Iterable):
            raise _checks.type_error(events, "events", "iterable of events")
        observer = self
        for event in events:
            observer = observer.apply(event)
        return observer


def _make(
    view: PlayerView,
    wishes: tuple[Declare | None, ...],
    awaiting: str | None,
    pending: tuple[tuple[str, Any], ...],
) -> Observer:
    """An observer from its parts, as a step builds it: nothing to check or derive."""
    observer: Observer = object.__new__(Observer)
    for name, value in (
        ("_view", view),
        ("_wishes", wishes),
        ("_awaiting", awaiting),
        ("_pending", pending),
    ):
        object.__setattr__(observer, name, value)
    return observer


class _Step:
    """The fields of the next view as one event changes them, then built and checked."""

    __slots__ = ("awaiting", "base", "event", "fields", "observer", "wishes")

    def __init__(self, observer: Observer, event: object) -> None:
        self.observer = observer
        self.event = event
        self.base = observer._view
        self.fields: dict[str, Any] = (
            dict(observer._pending)
            if observer._awaiting is not None
            else {name: getattr(self.base, name) for name in _FIELDS}
        )
        self.wishes = list(observer._wishes)
        self.awaiting: str | None = None

    def __getitem__(self, name: str) -> Any:
        return self.fields[name]

    def __setitem__(self, name: str, value: Any) -> None:
        self.fields[name] = value

    def wait(self, what: str) -> None:
        self.awaiting = what

    def build(self) -> Observer:
        wishes = tuple(self.wishes)
        if self.awaiting is not None:
            return _make(self.base, wishes, self.awaiting, tuple(self.fields.items()))
        try:
            view = PlayerView(**self.fields)
        except InvalidValueError as error:
            raise _step_error(self.event, error) from None
        return _make(view, wishes, None, ())

    # --- what the step reads -------------------------------------------------

    @property
    def seat(self) -> int:
        return self.base.seat

    @property
    def rules(self) -> Rules:
        return self.base.rules

    def refuse(
        self, message: str, rule: str, cls: type[IllegalActionError] = IllegalActionError
    ) -> IllegalActionError:
        event = self.event
        return cls(message, seat=_event_seat(event), action=_text(event), rule=rule)

    def expect_phase(self, phases: tuple[Phase, ...], why: str, rule: str) -> None:
        if self.observer._awaiting is not None:
            raise self.refuse(
                f"the observer waits for {self.observer._awaiting}", "§6.1", WrongPhaseError
            )
        if self.base.phase not in phases:
            raise self.refuse(why, rule, WrongPhaseError)

    def expect_turn(self, seat: int, rule: str) -> None:
        turn = self.base.turn
        if seat != turn:
            raise self.refuse(f"seat {turn} is on turn, not seat {seat}", rule, NotYourTurnError)

    def own_action(self, action: object, rule: str, cls: type[IllegalActionError]) -> None:
        """Refuse the viewer's own ``action`` unless its view lists it as legal."""
        if action not in self.base.legal_actions:
            raise self.refuse(f"the viewer may not {_checks.excerpt(str(action), 60)}", rule, cls)

    def set_parties(self) -> None:
        self["known_parties"] = _parties(self.fields)


def _parties(fields: dict[str, Any]) -> tuple[Party | None, ...]:
    """Each seat's party as the viewer knows it from the fields of its view (SPEC §6.1)."""
    game = fields["game_type"]
    if game is None:
        return _NO_PARTIES
    declarer, partner, seat = fields["declarer"], fields["partner"], fields["seat"]
    re, kontra = Party.RE, Party.KONTRA
    if game.is_solo:
        return tuple(re if s == declarer else kontra for s in range(4))
    if game is not GameType.NORMAL:
        return tuple(
            re if s in (declarer, partner) else (None if partner is None else kontra)
            for s in range(4)
        )
    queens = [
        s
        for trick in (*fields["tricks"], fields["current_trick"])
        for s, card in trick
        if card is _CLUB_QUEEN
    ]
    own = fields["hand"].count(_CLUB_QUEEN) + queens.count(seat)
    known: list[Party | None] = [None, None, None, None]
    known[seat] = re if own else kontra
    for queen_seat in queens:
        known[queen_seat] = re
    for event in fields["announcements"]:
        known[event.seat] = event.party
    return complete_parties(known, own)


# --- the reservation round (SPEC §3.2, §3.3, V§6.2, V§7.2, V§9) -----------------
#
# Every event of the round and of the contract it fixes is handled here: the
# answers, the winning wish named once the round is over, the hand of a
# Schmeißen.  A further kind of answer is one more entry of _ROUND below.


def _answer(step: _Step, event: Declare | Concealed) -> None:
    """An answer of the reservation round, or the winning wish named after it."""
    if (
        step.observer._awaiting == "the contract"
        and isinstance(event, Declare)
        and event.reservation is _DECLINE
    ):
        _decline_told(step, event)
        return
    if step.observer._awaiting == "the contract" or (
        step.observer._awaiting is None and step.base.phase is not Phase.RESERVATIONS
    ):
        _name_wish(step, event)
        return
    step.expect_phase((Phase.RESERVATIONS,), "the reservation round is over", "§3.2")
    if None not in step.base.declared and not step.base.forced:
        _answer_question(step, event)
        return
    seat = event.seat
    step.expect_turn(seat, "V§9.5" if step.base.forced else "§3.2")
    if isinstance(event, Declare) and event.reservation is _DECLINE:
        message = "no question is asked yet: the first step is answered healthy or Vorbehalt"
        raise step.refuse(message, "§3.2", InvalidReservationError)
    if isinstance(event, Concealed) or (event.reservation is _VORBEHALT and seat != step.seat):
        if seat == step.seat:
            raise step.refuse("the viewer names its own answer", "§3.3", InvalidReservationError)
        said = True
    else:
        if seat == step.seat:
            step.own_action(event, "§3.2", InvalidReservationError)
            step["reservation"] = event.reservation
            step["throw_reason"] = event.reason
            if event.reservation is not _VORBEHALT:
                step.wishes[seat] = event
        elif event.reservation is not _HEALTHY:
            _check_public_wish(step, event)
            step.wishes[seat] = event
        said = event.reservation is not _HEALTHY
    declared = list(step["declared"])
    declared[seat] = said
    step["declared"] = tuple(declared)
    waiting = [s for s in _asked(step) if declared[s] is None]
    if waiting:
        step["turn"] = waiting[0]
        return
    _close_round(step)


def _asked(step: _Step) -> list[int]:
    """The seats asked, in order: in a forced deal the first that owes a solo (V§9.5)."""
    dealer = step.base.dealer
    order = [(dealer + offset) & 3 for offset in (1, 2, 3, 4)]
    if step.base.forced:
        return [next(s for s in order if s in step.base.owing)]
    return order


def _check_public_wish(step: _Step, event: Declare) -> None:
    """Refuse a wish of another seat that the rules or the viewer's hand rule out."""
    rules, wish = step.rules, event.reservation
    if wish is Reservation.MARRIAGE and step.base.hand.count(_CLUB_QUEEN):
        message = f"seat {event.seat} cannot hold both ♣Q: the viewer holds one"
        raise step.refuse(message, "§3.2", InvalidReservationError)
    if wish.is_solo and not rules.solos:
        raise step.refuse("this table plays without solos", "V§3", InvalidReservationError)
    if step.base.forced and not wish.is_solo:
        message = "in a forced deal the forced player names a solo"
        raise step.refuse(message, "V§9.5", InvalidReservationError)
    if wish is Reservation.POVERTY and not rules.armut:
        raise step.refuse("this table plays without Armut", "V§6", InvalidReservationError)
    if wish is Reservation.THROW and event.reason not in rules.schmeissen:
        message = f"{event.reason} is no throw reason at this table"
        raise step.refuse(message, "V§7.1", InvalidReservationError)


def _close_round(step: _Step) -> None:
    """The first step is over: fix the contract if the viewer can tell it, else wait for it.

    After a bare *Vorbehalt* of the viewer the second step follows
    (:func:`_ask_next`); after another seat's *Vorbehalt* the table tells
    either the contract or the first :class:`Question`.
    """
    if _two_step(step):
        _ask_next(step)
        return
    declared = step["declared"]
    hidden = [s for s in range(4) if declared[s] and step.wishes[s] is None]
    public = [s for s in range(4) if s != step.seat and step.wishes[s] is not None and declared[s]]
    if len(public) > 1:
        raise step.refuse("only the winning wish is made public", "§3.3", InvalidReservationError)
    if public:
        _fix_contract(step, public[0])
    elif not hidden:
        _fix_contract(step, None)
    else:
        step.wait("the contract")


def _name_wish(step: _Step, event: Declare | Concealed) -> None:
    """The winning wish, named once the round is over (SPEC §3.3)."""
    if step.observer._awaiting != "the contract":
        raise step.refuse("the reservation round is over", "§3.2", WrongPhaseError)
    if isinstance(event, Concealed):
        raise step.refuse("the winning wish is named, not concealed", "§3.3", WrongPhaseError)
    seat = event.seat
    if not step["declared"][seat]:
        message = f"seat {seat} did not say Vorbehalt"
        raise step.refuse(message, "§3.3", InvalidReservationError)
    if event.reservation is _HEALTHY:
        message = f"seat {seat} said Vorbehalt: its wish is no healthy answer"
        raise step.refuse(message, "§3.3", InvalidReservationError)
    known = step.wishes[seat]
    if seat == step.seat:
        if event != known:
            raise step.refuse("not the viewer's own wish", "§3.3", InvalidReservationError)
    else:
        if event.reservation in (_VORBEHALT, _DECLINE) or seat in _answered(step):
            message = f"seat {seat} answered the questions: its wish is no named reservation"
            raise step.refuse(message, "§3.3", InvalidReservationError)
        _check_public_wish(step, event)
        step.wishes[seat] = event
    _fix_contract(step, seat)


def _reveal_thrown(step: _Step, event: VoidDeal) -> None:
    """The hand of the seat whose Schmeißen won, shown to all (V§7.2, V§8)."""
    if step.observer._awaiting not in ("the contract", "the thrown hand"):
        raise step.refuse("no Schmeißen waits for its hand", "V§7.2", WrongPhaseError)
    seat, reason, shown = event.seat, event.throw_reason, event.shown
    _checks.seat(seat, "VoidDeal.seat")
    if (
        type(event.reason) is not str
        or event.reason != "thrown"
        or type(reason) is not str
        or not isinstance(shown, Hand)
    ):
        raise step.refuse("a thrown deal names its reason and shows the hand", "V§8")
    rules = step.rules
    if reason not in rules.schmeissen:
        message = f"{_checks.excerpt(reason)} is no throw reason at this table"
        raise step.refuse(message, "V§7.1", InvalidReservationError)
    known = step.wishes[seat]
    if not step["declared"][seat] or (
        known is not None and known != Declare(seat, Reservation.THROW, reason)
    ):
        raise step.refuse(f"seat {seat} did not throw in", "V§7.2", InvalidReservationError)
    own = seat == step.seat
    if own and shown != step.base.hand:
        raise step.refuse("the viewer's own hand is the one shown", "V§7.2")
    if len(shown) != rules.hand_size or not meets_throw_reason(shown, reason, rules):
        raise step.refuse(f"the hand shown does not meet {reason}", "V§7.1")
    step.wishes[seat] = Declare(seat, Reservation.THROW, reason)
    _fix_contract(step, seat, shown)
    if not own:
        _check_deck(step, shown.bits, "the hand shown")


def _check_deck(step: _Step, bits: int, what: str) -> None:
    """Refuse the cards ``bits`` (packed) that the deck cannot hold beside the viewer's hand."""
    deck, held = step.rules.deck_bits, step["hand"].bits
    for index in range(24):
        shift = 2 * index
        if ((bits >> shift) & 3) + ((held >> shift) & 3) > (deck >> shift) & 3:
            card = Card.from_index(index)
            message = f"{what} and the viewer's hand hold more {card} than the deck"
            raise step.refuse(message, "V§1.1")


def _fix_contract(step: _Step, winner: int | None, shown: Hand | None = None) -> None:
    """The contract the answers give, with the public ``winner`` (SPEC §3.3, V§6.2, V§9.2).

    After a two-step round the contract is the winner's alone, once the
    questions replayed show that its wish wins (:func:`_check_winner`).
    """
    base = step.base
    declarations: list[Reservation | None] = [
        None if said is None else _HEALTHY for said in step["declared"]
    ]
    if winner is not None and _two_step(step):
        _check_winner(step, winner)
        declarations[winner] = _wish(step, winner).reservation
    else:
        for s, wish in enumerate(step.wishes):
            if wish is not None:
                declarations[s] = wish.reservation
    hands = [Hand(), Hand(), Hand(), Hand()]
    hands[step.seat] = base.hand
    result = resolve_extended(
        declarations, base.dealer, hands, step.rules, owing=base.owing, forced=base.forced
    )
    game, declarer = result.game_type, result.declarer
    if winner is not None and declarer != winner:
        message = f"seat {winner}'s wish does not win over seat {declarer}'s"
        raise step.refuse(message, "V§6.2", InvalidReservationError)
    step["turn"] = None
    if game is None:
        assert declarer is not None
        wish = step.wishes[declarer]
        assert wish is not None
        if declarer == step.seat:
            shown = base.hand
        if shown is None:
            step.wait("the thrown hand")
            return
        step["void"] = VoidDeal("thrown", declarer, wish.reason, shown)
        step["phase"] = Phase.VOID
        return
    step["game_type"] = game
    step["declarer"] = declarer
    if game is GameType.SILENT_MARRIAGE and declarer != step.seat:
        step["game_type"], step["declarer"] = GameType.NORMAL, None
    if game is GameType.POVERTY:
        step["poverty"] = Poverty(declarer) if declarer is not None else None
        step["phase"] = Phase.POVERTY_PASS
        step["turn"] = declarer
        step.set_parties()
        return
    step["solo_kind"] = result.solo_kind
    rules = step.rules
    if rules.schweinchen and game in _SCHWEINE_GAMES and base.hand.count(_DIAMOND_ACE) == 2:
        step["schweine"] = step.seat
    kind = result.solo_kind
    _start_play(step, declarer if kind is not None and kind is not SoloKind.VOLUNTARY else None)


def _start_play(step: _Step, leader: int | None) -> None:
    """The card play begins: the seat left of the dealer leads, or the soloist (V§9.3)."""
    first = (step.base.dealer + 1) & 3 if leader is None else leader
    step["current_trick"] = Trick(first)
    step["turn"] = first
    step["phase"] = Phase.PLAY
    step.set_parties()


# --- the second step of the two-step round (SPEC §3.2, V§6.2, V§9.2) ---
#
# Who is asked which kind next is next_question's answer, replayed from what
# the viewer knows: its own first answer, the seats that answered a question
# (each said a bare Vorbehalt) and the named wishes made public.  Another
# seat's Vorbehalt the viewer cannot place (bare, or a wish named at once that
# answers every question implicitly) changes who is asked next; then the
# table tells the Question, or the contract.


def _two_step(step: _Step) -> bool:
    """Whether the second step is known to be under way: a bare Vorbehalt of the viewer,
    an answer to a question, or a question asked."""
    return (
        step["reservation"] is _VORBEHALT
        or bool(step["asked"])
        or (step.observer._awaiting is None and step.base.question is not None)
    )


def _answered(step: _Step) -> frozenset[int]:
    """The seats that answered a question: each said a bare Vorbehalt (SPEC §3.2)."""
    return frozenset(answer.seat for answer in step["asked"])


def _wish(step: _Step, seat: int) -> Declare:
    wish = step.wishes[seat]
    assert wish is not None
    return wish


def _replay(step: _Step, bare: int | None = None) -> tuple[ReservationKind, int] | Declare:
    """The next question or the winner, replayed from what the viewer knows (V§6.2, V§9.2).

    A seat whose Vorbehalt the viewer cannot place counts as healthy: a named
    wish never takes a question, and a bare Vorbehalt not yet asked takes
    none so far.  ``bare`` is a seat the table just asked.
    """
    answered = _answered(step)
    declarations: list[Reservation] = [_HEALTHY, _HEALTHY, _HEALTHY, _HEALTHY]
    reasons: list[Any] = [None, None, None, None]
    for s in range(4):
        wish = step.wishes[s]
        if s in answered or s == bare:
            declarations[s] = _VORBEHALT
        elif s == step.seat:
            declarations[s] = step["reservation"]
            reasons[s] = step["throw_reason"]
        elif wish is not None:
            declarations[s], reasons[s] = wish.reservation, wish.reason
    base = step.base
    try:
        return next_question(
            base.dealer, declarations, step["asked"], step.rules, base.owing, reasons=reasons
        )
    except AssertionError:  # no seat left to ask and no wish named
        raise step.refuse("no wish is left to win the round", "§3.3") from None


def _rule(step: _Step) -> str:
    return "V§9.2" if step.rules.compulsory_solo else "V§6.2"


def _check_winner(step: _Step, winner: int) -> None:
    """Refuse ``winner`` unless the questions replayed end with its wish (SPEC §3.3, V§6.2)."""
    found = _replay(step)
    if found != step.wishes[winner]:
        if isinstance(found, Declare):
            message = f"seat {found.seat}'s wish wins before seat {winner}'s"
        else:
            message = f"seat {found[1]} is asked for {found[0]} before seat {winner}'s wish wins"
        raise step.refuse(message, _rule(step), InvalidReservationError)


def _unplaced(step: _Step) -> bool:
    """Whether another seat's Vorbehalt is neither known bare nor a public wish."""
    answered, declared = _answered(step), step["declared"]
    return any(
        declared[s] and s != step.seat and s not in answered and step.wishes[s] is None
        for s in range(4)
    )


def _ask_next(step: _Step) -> None:
    """After an answer of the second step: the next question, the contract, or a wait."""
    if _unplaced(step):
        step.wait("the contract")
        return
    found = _replay(step)
    if isinstance(found, Declare):
        _fix_contract(step, found.seat)
        return
    step["turn"] = found[1]


def _answer_question(
    step: _Step, event: Declare | Concealed, kind: ReservationKind | None = None
) -> None:
    """The seat asked names a reservation of the kind asked or declines (SPEC §3.2, V§6.2).

    ``kind`` is given when the answer itself tells the question (a decline
    while the observer waits); otherwise it is the view's own question.
    """
    seat = event.seat
    if kind is None:
        step.expect_turn(seat, "§3.2")
        kind = step.base.question
        assert kind is not None
    if isinstance(event, Concealed):
        message = f"seat {seat} is asked for {kind}: the answer is said openly"
        raise step.refuse(message, "§3.2", InvalidReservationError)
    wish, rule, rules, owing = event.reservation, _rule(step), step.rules, step.base.owing
    if wish is _HEALTHY or wish is _VORBEHALT:
        message = f"seat {seat} said Vorbehalt and is asked for {kind}: it names one or declines"
        raise step.refuse(message, "§3.2", InvalidReservationError)
    own = seat == step.seat
    choices = kind_choices(seat, step["hand"], kind, rules, owing) if own else ()
    if wish is _DECLINE:
        if (own and event not in choices) or (
            not own and kind is kinds_asked(seat, rules, owing)[-1]
        ):
            message = (
                f"seat {seat} must name its reservation: no lower kind it could hold is "
                f"asked after {kind}"
            )
            raise step.refuse(message, f"§3.2, {rule}", InvalidReservationError)
    else:
        if kind_of(seat, wish, rules, owing) is not kind:
            message = f"seat {seat} is asked for {kind} now, and {wish} is no reservation of it"
            raise step.refuse(message, rule, InvalidReservationError)
        if own and event not in choices:
            message = f"the viewer's hand allows no {_text(event)}"
            raise step.refuse(message, "§3.2", InvalidReservationError)
        if not own:
            _check_public_wish(step, event)
        step.wishes[seat] = event
    step["asked"] = (*step["asked"], event)
    if wish is _DECLINE:
        _ask_next(step)
    else:
        _fix_contract(step, seat)


def _decline_told(step: _Step, event: Declare) -> None:
    """A decline while the observer waits: the answer tells the question asked (SPEC §3.2)."""
    seat = event.seat
    kinds = kinds_asked(seat, step.rules, step.base.owing)
    declined = sum(1 for answer in step["asked"] if answer.seat == seat)
    if declined >= len(kinds):
        raise step.refuse(f"seat {seat} is asked no further kind", "§3.2", InvalidReservationError)
    _question(step, Question(seat, kinds[declined]))
    _answer_question(step, event, kinds[declined])


def _question(step: _Step, event: Question) -> None:
    """The table asks a seat for a kind: the viewer could not tell who is asked (SPEC §3.2)."""
    seat, kind = event.seat, event.kind
    base = step.base
    if step.observer._awaiting is None:
        if base.phase is Phase.RESERVATIONS and base.question is not None:
            step.expect_turn(seat, "§3.2")
            if kind is not base.question:
                message = f"seat {seat} is asked for {base.question}, not {kind}"
                raise step.refuse(message, _rule(step), InvalidReservationError)
            return
        raise step.refuse("no question is asked now", "§3.2", WrongPhaseError)
    if step.observer._awaiting != "the contract":
        raise step.refuse(
            f"the observer waits for {step.observer._awaiting}", "§6.1", WrongPhaseError
        )
    if not step["declared"][seat] or (seat == step.seat and step["reservation"] is not _VORBEHALT):
        message = f"seat {seat} did not say a bare Vorbehalt and is never asked"
        raise step.refuse(message, "§3.2", InvalidReservationError)
    if step.wishes[seat] is not None and seat != step.seat:
        raise step.refuse(f"seat {seat} named its wish at once", "§3.2", InvalidReservationError)
    found = _replay(step, bare=seat)
    if found != (kind, seat):
        message = f"seat {seat} is not asked for {kind} now: the kinds go by the ranking"
        raise step.refuse(message, _rule(step), InvalidReservationError)
    step["turn"] = seat


_ROUND: Final = {Declare: _answer, VoidDeal: _reveal_thrown, Question: _question}
"""The handlers of the reservation round and the contract, by event type."""

_ROUND_CONCEALED: Final = {"vorbehalt": _answer}
"""The handlers of the round's :class:`~doppelkopf.Concealed` events, by kind."""


# --- the Armut exchange (V§6.3, V§6.7) ----------------------------------------------


def _concealed(step: _Step, event: Concealed) -> None:
    """Another seat's Vorbehalt, or an exchange step whose cards the viewer does not see."""
    answer = _ROUND_CONCEALED.get(event.kind)
    if answer is not None:
        answer(step, event)
    elif event.kind == "pass":
        _pass(step, event.seat, None)
    else:
        _return(step, event.seat, None, event.trumps)


def _pass_cards(step: _Step, event: PassCards) -> None:
    poverty = step.base.poverty
    if (
        step.observer._awaiting == "the passed cards"
        and poverty is not None
        and event.seat == poverty.poor
    ):
        _receive(step, event.cards)
        return
    if event.seat != step.seat:
        message = "the poor player passes face down: the cards are seen once accepted"
        raise step.refuse(message, "V§6.7")
    _pass(step, event.seat, event.cards)


def _pass(step: _Step, seat: int, cards: tuple[Card, ...] | None) -> None:
    """The poor player passes three cards (V§6.3 step 1)."""
    step.expect_phase((Phase.POVERTY_PASS,), "no Armut waits for its cards", "V§6.3")
    step.expect_turn(seat, "V§6.3")
    poverty = step.base.poverty
    assert poverty is not None
    if seat == step.seat:
        if cards is None:
            raise step.refuse("the poor player sees the cards it passes", "V§6.7")
        error = pass_refusal(step.base.hand.bits, cards, seat, step.rules)
        if error is not None:
            raise error
        step.own_action(PassCards(seat, cards), "V§6.3", IllegalActionError)
        step["hand"] = Hand.from_bits(step.base.hand.bits - cards_bits(cards))
    step["poverty"] = attrs.evolve(poverty, passed=cards, cards_passed=True)
    sizes = list(step["hand_sizes"])
    sizes[seat] -= 3
    step["hand_sizes"] = tuple(sizes)
    step["phase"] = Phase.POVERTY_OFFER
    step["turn"] = (seat + 1) & 3


def _answer_poverty(step: _Step, event: AnswerPoverty) -> None:
    """A seat takes the Armut or refuses it (V§6.3 step 2, step 4)."""
    step.expect_phase((Phase.POVERTY_OFFER,), "the Armut is not on offer", "V§6.3")
    seat = event.seat
    step.expect_turn(seat, "V§6.3")
    if seat == step.seat:
        step.own_action(event, "V§6.3", IllegalActionError)
    poverty = step.base.poverty
    assert poverty is not None
    answers = (*poverty.answers, event.accept)
    if event.accept:
        step["poverty"] = attrs.evolve(poverty, answers=answers, acceptor=seat)
        step["partner"] = seat
        step.set_parties()
        sizes = list(step["hand_sizes"])
        sizes[seat] += 3
        step["hand_sizes"] = tuple(sizes)
        step["phase"] = Phase.POVERTY_RETURN
        step["turn"] = seat
        if seat == step.seat:
            step.wait("the passed cards")
        return
    step["poverty"] = attrs.evolve(poverty, answers=answers)
    if len(answers) < 3:
        step["turn"] = (poverty.poor + len(answers) + 1) & 3
        return
    # Nobody takes the Armut: the deal is void, its cards go back (V§6.3 step 4).
    poor = poverty.poor
    sizes = list(step["hand_sizes"])
    sizes[poor] += 3
    step["hand_sizes"] = tuple(sizes)
    if poor == step.seat and poverty.passed is not None:
        step["hand"] = Hand.from_bits(step.base.hand.bits + cards_bits(poverty.passed))
    step["game_type"] = step["declarer"] = step["turn"] = None
    step["known_parties"] = _NO_PARTIES
    step["void"] = VoidDeal("poverty_refused", poor)
    step["phase"] = Phase.VOID


def _receive(step: _Step, cards: tuple[Card, ...]) -> None:
    """The acceptor takes up the cards passed (V§6.3 step 2)."""
    poverty = step["poverty"]
    hand = step["hand"]
    _check_deck(step, cards_bits(cards), "the cards passed")
    trumps = count_bits(cards_bits(cards) & trump_bits(step.rules))
    if trumps > step.rules.armut_max_trumps:
        message = f"the poor player holds at most {step.rules.armut_max_trumps} trumps"
        raise step.refuse(message, "V§6.1")
    step["hand"] = Hand.from_bits(hand.bits + cards_bits(cards))
    step["poverty"] = attrs.evolve(poverty, passed=cards)


def _return_cards(step: _Step, event: ReturnCards) -> None:
    _return(step, event.seat, event.cards, None)


def _return(step: _Step, seat: int, cards: tuple[Card, ...] | None, trumps: int | None) -> None:
    """The acceptor returns three cards and the card play begins (V§6.3 step 3, V§6.4)."""
    step.expect_phase((Phase.POVERTY_RETURN,), "no acceptor returns cards now", "V§6.3")
    step.expect_turn(seat, "V§6.3")
    poverty = step.base.poverty
    assert poverty is not None
    hand, rules = step.base.hand, step.rules
    inside = step.seat in (poverty.poor, poverty.acceptor)
    if inside != (cards is not None):
        message = "the poor player and the acceptor see the cards returned, no other seat"
        raise step.refuse(message, "V§6.7")
    if cards is not None:
        trumps = count_bits(cards_bits(cards) & trump_bits(rules))
        if seat == step.seat:
            step.own_action(ReturnCards(seat, cards), "V§6.3", CardNotHeldError)
            step["hand"] = Hand.from_bits(hand.bits - cards_bits(cards))
        else:
            _check_deck(step, cards_bits(cards), "the cards returned")
            step["hand"] = Hand.from_bits(hand.bits + cards_bits(cards))
    step["poverty"] = attrs.evolve(
        poverty, returned=cards, returned_trumps=trumps, cards_returned=True
    )
    size = rules.hand_size
    sizes = list(step["hand_sizes"])
    sizes[poverty.poor] = sizes[seat] = size
    step["hand_sizes"] = tuple(sizes)
    _start_play(step, None)


# --- the card play and the announcements (SPEC §5, §7, §8) -----------------------


def _play(step: _Step, event: Play) -> None:
    """A card played: the fourth decides the trick (SPEC §5.1-§5.3, §7.2-§7.5)."""
    step.expect_phase((Phase.PLAY,), "no card is played now", "§3.5")
    seat, card = event.seat, event.card
    step.expect_turn(seat, "§5.1")
    base = step.base
    if seat == step.seat:
        if card not in base.hand:
            raise step.refuse(f"the viewer holds no {card}", "§5.2", CardNotHeldError)
        step.own_action(event, "§5.2", MustFollowError)
        step["hand"] = base.hand.remove(card)
    sizes = list(base.hand_sizes)
    sizes[seat] -= 1
    step["hand_sizes"] = tuple(sizes)
    current = base.current_trick
    cards = (*current.cards, card)
    rules = step.rules
    game = base.game_type
    assert game is not None
    try:
        trick = Trick(current.leader, cards)
    except InvalidValueError as error:
        raise _step_error(event, error, "§1.1") from None
    if len(cards) < 4:
        step["current_trick"] = trick
        step["turn"] = (seat + 1) & 3
    else:
        tricks = (*base.tricks, trick)
        last = len(tricks) == rules.tricks
        winner = trick_winner(trick, game, rules, schweine=base.schweine is not None, last=last)
        step["tricks"] = tricks
        step["current_trick"] = Trick(winner)
        step["turn"] = None if last else winner
        if last:
            step["phase"] = Phase.FINISHED
        if game is GameType.MARRIAGE and base.clarification_trick is None:
            _clarify(step, winner, len(tricks))
    if step["game_type"] is GameType.NORMAL and card is _CLUB_QUEEN and seat != step.seat:
        played = [s for t in (*base.tricks, current) for s, c in t if c is _CLUB_QUEEN]
        if played == [seat]:
            # Both ♣Q from one seat: the silent marriage shows itself (SPEC §7.5).
            step["game_type"], step["declarer"] = GameType.SILENT_MARRIAGE, seat
    step.set_parties()


def _clarify(step: _Step, winner: int, trick: int) -> None:
    """An open marriage after trick ``trick`` won by ``winner`` (SPEC §7.2, §7.3)."""
    declarer = step.base.declarer
    if winner != declarer:
        step["partner"] = winner
        step["clarification_trick"] = trick
    elif trick == 3:
        step["game_type"] = GameType.MARRIAGE_SOLO
        step["clarification_trick"] = 3


def _announce(step: _Step, event: Announce | Announced) -> None:
    """An announcement, replayed by the rules of SPEC §8 with the seat's hand size."""
    step.expect_phase((Phase.PLAY,), "announcements are made during the card play", "§8.3")
    base = step.base
    seat, level = event.seat, event.level
    if isinstance(event, Announced):
        _checks.seat(event.seat, "Announced.seat")
        _checks.instance(level, Announcement, "Announced.level")
        party: Party | None = _checks.instance(event.party, Party, "Announced.party")
        rules = step.rules
        _checks.integer(event.hand_size, "Announced.hand_size", 0, rules.hand_size, rule="§8.2")
        _checks.integer(event.moment, "Announced.moment", 0, 4 * rules.tricks, rule="§8.10")
        _checks.flag(event.late_reply, "Announced.late_reply")
    else:
        party = base.known_parties[seat]
        if party is None:
            message = f"seat {seat}'s party is not known: give the Announced form"
            raise step.refuse(message, "§6.1", AnnouncementError)
    assert party is not None
    if seat == step.seat and party is not base.party:
        raise step.refuse("the viewer announces for its own party", "§6.1", AnnouncementError)
    clarified = base.clarification_trick
    shift = 0 if clarified is None else clarified - 1
    states = {Party.RE: base.re_state, Party.KONTRA: base.kontra_state}
    own = states[party]
    cards = base.hand_sizes[seat]
    try:
        new = apply_announcement(
            own, states[party.opponent], level, hand_size=cards, shift=shift, rules=step.rules
        )
    except AnnouncementError as error:
        raise step.refuse(_bare(error), error.rule, type(error)) from None
    if new is own:
        message = f"{level.label(party)} is announced already"
        raise step.refuse(message, "§8.5", AnnouncementError)
    if seat == step.seat and Announce(seat, level) not in base.legal_actions:
        raise step.refuse("the viewer may not announce now", "§8", AnnouncementError)
    made = Announced(seat, level, party, cards, base.moment, not new.timely and own.level is None)
    if isinstance(event, Announced) and event != made:
        message = f"seat {seat} could announce only {made!s}"
        raise step.refuse(message, "§8.10", AnnouncementError)
    step["announcements"] = (*base.announcements, made)
    step["re_state" if party is Party.RE else "kontra_state"] = new
    step.set_parties()


def _schweine(step: _Step, event: Schweine) -> None:
    """The Schweine made public at the contract (V§2.3)."""
    step.expect_phase((Phase.PLAY,), "the Schweine are shown with the contract", "V§2.3")
    base = step.base
    if base.schweine is not None or base.moment or base.announcements:
        raise step.refuse("the Schweine are shown once, with the contract", "V§2.3")
    if event.seat == step.seat:
        raise step.refuse("the viewer's own Schweine are in its hand", "V§2.3")
    step["schweine"] = event.seat


_HANDLERS: Final[dict[type, Any]] = {
    **_ROUND,
    Concealed: _concealed,  # a Vorbehalt goes to _ROUND_CONCEALED
    PassCards: _pass_cards,
    AnswerPoverty: _answer_poverty,
    ReturnCards: _return_cards,
    Play: _play,
    Announce: _announce,
    Announced: _announce,
    Schweine: _schweine,
}
"""The handler of each event type; those of the reservation round come from _ROUND."""
