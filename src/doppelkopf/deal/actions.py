"""The vocabulary of a deal: its phases, the reservations and every action and event.

:data:`Action` is what a player does (:class:`Declare`, :class:`Play`,
:class:`Announce`); :data:`Event` is what the history records of it (an
accepted announcement becomes an :class:`Announced` with its party and
moment).  Both are real type aliases, usable at run time as in annotations.

>>> from doppelkopf import Announce, Announcement, Play, Card
>>> isinstance(Play(0, Card.parse("♣Q")), Action), str(Announce(1, Announcement.NO_90))
(True, 'seat 1: announce keine 90')
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Final, Literal, NoReturn, TypeAlias

import attrs

from .. import _checks
from ..cards import Card
from ..errors import (
    AnnouncementError,
    CardNotHeldError,
    IllegalActionError,
    InvalidNotationError,
    InvalidReservationError,
    InvalidTypeError,
    InvalidValueError,
)
from ..parties import Announcement, Party
from ..rules import THROW_REASONS, GameType, ThrowReason

__all__ = [
    "Action",
    "Announce",
    "Announced",
    "AnswerPoverty",
    "Concealed",
    "ConcealedKind",
    "Declare",
    "Event",
    "PassCards",
    "Phase",
    "Play",
    "Reservation",
    "ReturnCards",
    "SeenEvent",
]


class ActionTypeError(InvalidTypeError, IllegalActionError):
    """A value of the wrong Python type given to an action: text as a card, ``None`` as a level.

    It is an :class:`~doppelkopf.errors.InvalidTypeError` (a ``TypeError``)
    and also the error the action raises for a value it refuses (an
    :class:`~doppelkopf.errors.IllegalActionError`, a ``ValueError``), so that
    code catching either sees it.  Its ``seat`` and ``action`` name the
    attempt, ``rule`` is empty: no rule is needed to refuse a wrong type.
    """

    def __init__(
        self,
        message: str,
        *,
        name: str,
        expected: str,
        value: str,
        seat: int | None = None,
        action: str = "",
    ) -> None:
        Exception.__init__(self, message)
        self.name, self.expected, self.value = name, expected, value
        self.seat, self.action, self.rule = seat, action, ""


class ReservationTypeError(ActionTypeError, InvalidReservationError):
    """Something that is no :class:`Reservation` given as an answer (SPEC §3.2)."""


class CardTypeError(ActionTypeError, CardNotHeldError):
    """Something that is no :class:`~doppelkopf.Card` given as the card to play (SPEC §5.2)."""


class LevelTypeError(ActionTypeError, AnnouncementError):
    """Something that is no announcement level given as one (SPEC §8.1)."""


def action_type_error(
    cls: type[ActionTypeError],
    value: object,
    name: str,
    expected: str,
    hint: str = "",
    *,
    seat: int | None = None,
    action: str = "",
) -> ActionTypeError:
    """The error ``cls`` for ``value`` given as ``name``, which must be an ``expected``.

    >>> print(action_type_error(CardTypeError, "SA", "card", "Card", "Card.parse"))
    card must be a Card, not str 'SA'; use Card.parse('SA')
    """
    typed = _checks.type_error(value, name, expected, hint)
    return cls(
        str(typed),
        name=name,
        expected=expected,
        value=typed.value,
        seat=seat if type(seat) is int and 0 <= seat <= 3 else None,
        action=action,
    )


class Phase(enum.Enum, metaclass=_checks.LookupEnumType):
    """The phases of a deal.

    ``RESERVATIONS`` (SPEC §3.2), the three steps of the Armut exchange
    ``POVERTY_PASS``, ``POVERTY_OFFER`` and ``POVERTY_RETURN`` (V§6.3), ``PLAY``,
    and the two ends: ``FINISHED`` after the last trick, ``VOID`` for a deal
    that ends before any card is played (V§8).

    >>> Phase("poverty_offer"), Phase.VOID.value
    (<Phase.POVERTY_OFFER: 'poverty_offer'>, 'void')
    """

    RESERVATIONS = "reservations"
    PLAY = "play"
    FINISHED = "finished"
    POVERTY_PASS = "poverty_pass"
    POVERTY_OFFER = "poverty_offer"
    POVERTY_RETURN = "poverty_return"
    VOID = "void"

    @classmethod
    def _missing_(cls, value: object) -> NoReturn:
        if not isinstance(value, str):
            raise _checks.type_error(value, "value", "str")
        raise InvalidValueError(
            f"no phase has the value {_checks.excerpt(value)}: expected 'reservations', "
            "'play', 'finished', 'poverty_pass', 'poverty_offer', 'poverty_return' or 'void'"
        )


class Reservation(enum.Enum, metaclass=_checks.LookupEnumType):
    """A player's answer in the reservation round (SPEC §3.2).

    ``HEALTHY`` is *gesund*; a named reservation is a *Vorbehalt* naming what
    the player wants to play: a marriage (only with both ♣Q), a voluntary solo,
    ``POVERTY`` (*Armut*, V§6.1) or ``THROW`` (*Schmeißen*, V§7.2).  Naming it
    at once is the one-step form of the round.

    The two-step form of a DDV table (SPEC §3.2–§3.4) has two more answers:
    ``VORBEHALT``, a bare *Vorbehalt* in the first step that names nothing
    yet, and ``DECLINE``, the answer "not this kind" to a question of the
    second step, where the seats that said a bare *Vorbehalt* are asked kind
    by kind in the order of V§6.2 and V§9.2 (see
    :attr:`doppelkopf.Deal.question`).  Neither asks for a game.
    ``str`` gives the words a player says, ``.value`` the identifier of records.

    >>> Reservation.QUEENS_SOLO.game_type, Reservation.HEALTHY.game_type
    (GameType.QUEENS_SOLO, None)
    >>> str(Reservation.QUEENS_SOLO), Reservation.QUEENS_SOLO.value
    ('queens solo', 'SOLO_Q')
    """

    HEALTHY = "healthy"
    MARRIAGE = "marriage"
    DIAMONDS_SOLO = "SOLO_D"
    HEARTS_SOLO = "SOLO_H"
    SPADES_SOLO = "SOLO_S"
    CLUBS_SOLO = "SOLO_C"
    QUEENS_SOLO = "SOLO_Q"
    JACKS_SOLO = "SOLO_J"
    FLESHLESS = "FLESHLESS"
    POVERTY = "poverty"
    THROW = "throw"
    VORBEHALT = "vorbehalt"
    DECLINE = "decline"

    @property
    def game_type(self) -> GameType | None:
        """The game this reservation asks for: ``None`` for healthy and for throwing in (V§7).

        ``None`` also for the bare ``VORBEHALT`` and for ``DECLINE`` (SPEC §3.2).

        >>> Reservation.POVERTY.game_type, Reservation.THROW.game_type
        (GameType.POVERTY, None)
        """
        return _RESERVATION_GAMES[self]

    @property
    def is_solo(self) -> bool:
        """Whether this reservation is a voluntary solo (SPEC §3.2).

        >>> Reservation.FLESHLESS.is_solo, Reservation.POVERTY.is_solo
        (True, False)
        """
        return self not in _NOT_SOLOS

    @classmethod
    def parse(cls, text: str) -> Reservation:
        """Read a reservation by its English name, its identifier or its German word (SPEC §3.2).

        Case, spaces, hyphens and underscores are ignored, and ä, ö, ü and ß may
        be written ae, oe, ue and ss.  *Vorbehalt* reads as the bare
        :attr:`VORBEHALT` of the two-step round, *weiter* as :attr:`DECLINE`.

        >>> [str(Reservation.parse(t)) for t in ("gesund", "Hochzeit", "queens solo", "SOLO_J")]
        ['healthy', 'marriage', 'queens solo', 'jacks solo']
        >>> Reservation.parse("Fleischloser"), Reservation.parse("Karo-Solo")
        (Reservation.FLESHLESS, Reservation.DIAMONDS_SOLO)
        >>> Reservation.parse("Armut"), Reservation.parse("Schmeissen")  # V§6.1, V§7.2
        (Reservation.POVERTY, Reservation.THROW)
        >>> Reservation.parse("Vorbehalt"), Reservation.parse("decline")  # SPEC §3.2
        (Reservation.VORBEHALT, Reservation.DECLINE)

        Raises:
            InvalidTypeError: ``text`` is not a ``str``.
            InvalidNotationError: no reservation has that name.
        """
        _checks.text(text)
        member = _RESERVATION_NAMES.get(_name_key(text))
        if member is None:
            raise InvalidNotationError(
                f"unknown reservation {_checks.excerpt(text)}", text=text[:40]
            )
        return member

    @classmethod
    def _missing_(cls, value: object) -> NoReturn:
        if not isinstance(value, str):
            raise _checks.type_error(value, "value", "str", "Reservation.parse")
        raise InvalidValueError(
            f"no reservation has the value {_checks.excerpt(value)}; Reservation.parse reads names",
            rule="§3.2",
        )

    def __str__(self) -> str:
        return _RESERVATION_WORDS[self]

    def __repr__(self) -> str:
        return f"Reservation.{self.name}"


_RESERVATION_WORDS: Final = {
    Reservation.HEALTHY: "healthy",
    Reservation.MARRIAGE: "marriage",
    Reservation.DIAMONDS_SOLO: "diamonds solo",
    Reservation.HEARTS_SOLO: "hearts solo",
    Reservation.SPADES_SOLO: "spades solo",
    Reservation.CLUBS_SOLO: "clubs solo",
    Reservation.QUEENS_SOLO: "queens solo",
    Reservation.JACKS_SOLO: "jacks solo",
    Reservation.FLESHLESS: "fleshless",
    Reservation.POVERTY: "poverty",
    Reservation.THROW: "throw",
    Reservation.VORBEHALT: "vorbehalt",
    Reservation.DECLINE: "decline",
}
_NOT_SOLOS: Final = frozenset(
    {
        Reservation.HEALTHY,
        Reservation.MARRIAGE,
        Reservation.POVERTY,
        Reservation.THROW,
        Reservation.VORBEHALT,
        Reservation.DECLINE,
    }
)
_RESERVATION_GAMES: Final = {
    member: (
        None
        if member
        in (Reservation.HEALTHY, Reservation.THROW, Reservation.VORBEHALT, Reservation.DECLINE)
        else GameType.MARRIAGE
        if member is Reservation.MARRIAGE
        else GameType.POVERTY
        if member is Reservation.POVERTY
        else GameType(member.value)
    )
    for member in Reservation
}
_GERMAN_WORDS: Final = {
    Reservation.HEALTHY: ("gesund",),
    Reservation.MARRIAGE: ("Hochzeit",),
    Reservation.DIAMONDS_SOLO: ("Trumpfsolo", "Karosolo"),
    Reservation.HEARTS_SOLO: ("Herzsolo",),
    Reservation.SPADES_SOLO: ("Piksolo",),
    Reservation.CLUBS_SOLO: ("Kreuzsolo",),
    Reservation.QUEENS_SOLO: ("Damensolo",),
    Reservation.JACKS_SOLO: ("Bubensolo",),
    Reservation.FLESHLESS: ("Fleischloser",),
    Reservation.POVERTY: ("Armut",),
    Reservation.THROW: ("Schmeißen",),
    Reservation.VORBEHALT: ("Vorbehalt",),
    Reservation.DECLINE: ("weiter",),
}
_UMLAUTS: Final = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "ẞ": "ss"})


def _name_key(text: str) -> str:
    """``text`` without case, spaces, hyphens and underscores, umlauts spelled out."""
    lowered = text.lower().translate(_UMLAUTS)
    return "".join(lowered.replace("-", " ").replace("_", " ").split())


_RESERVATION_NAMES: Final = {
    _name_key(name): member
    for member in Reservation
    for name in (member.name, member.value, str(member), *_GERMAN_WORDS[member])
}


# Enum members that the hot paths compare against, read once: on Python 3.11,
# reading a member from its class (``GameType.MARRIAGE``) costs about 120 ns.
_NORMAL: Final = GameType.NORMAL
_MARRIAGE: Final = GameType.MARRIAGE
_MARRIAGE_SOLO: Final = GameType.MARRIAGE_SOLO
_SILENT_MARRIAGE: Final = GameType.SILENT_MARRIAGE
_RE: Final = Party.RE
_KONTRA: Final = Party.KONTRA
_HEALTHY: Final = Reservation.HEALTHY
_ASKED_MARRIAGE: Final = Reservation.MARRIAGE
_THROW: Final = Reservation.THROW


# --- actions and events -----------------------------------------------------


def _seat(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int and type(value) is not bool:
        raise action_type_error(ActionTypeError, value, attribute.name, "int", action="act")
    if type(value) is not int or not 0 <= value <= 3:
        raise IllegalActionError(
            f"{attribute.name} must be a seat 0-3, not {_checks.excerpt(value)}",
            action="act",
            rule="§0.4",
        )


def _card(instance: object, attribute: attrs.Attribute[Card], value: Card) -> None:
    if type(value) is not Card and not isinstance(value, Card):
        raise action_type_error(CardTypeError, value, attribute.name, "Card", "Card.parse")


def _reservation(
    instance: object, attribute: attrs.Attribute[Reservation], value: Reservation
) -> None:
    if type(value) is not Reservation:
        raise action_type_error(
            ReservationTypeError, value, attribute.name, "Reservation", "Reservation.parse"
        )


def _reason(instance: object, attribute: attrs.Attribute[object], value: object) -> None:
    if value is not None and (type(value) is not str or value not in THROW_REASONS):
        if type(value) is not str:
            raise action_type_error(
                ReservationTypeError, value, attribute.name, "throw reason or None"
            )
        listed = ", ".join(THROW_REASONS)
        raise InvalidReservationError(
            f"not a throw reason: {_checks.excerpt(value)}; the reasons are {listed}",
            action="declare throw",
            rule="V§7.1",
        )


@attrs.frozen(repr=False)
class Declare:
    """Answer in the reservation round: ``seat`` says ``reservation`` (SPEC §3.2).

    ``reason`` names the throw reason of :data:`~doppelkopf.rules.ThrowReason`
    and is given exactly with :attr:`Reservation.THROW` (V§7.2).

    >>> str(Declare(1, Reservation.THROW, "nines5"))
    'seat 1: throw (nines5)'

    Raises:
        InvalidReservationError: a ``THROW`` without a reason, a reason with
            another answer, or a reason that is no throw reason (V§7.1).
    """

    seat: int = attrs.field(validator=_seat)
    reservation: Reservation = attrs.field(validator=_reservation)
    reason: ThrowReason | None = attrs.field(default=None, validator=_reason)

    def __attrs_post_init__(self) -> None:
        if (self.reason is None) is (self.reservation is _THROW):
            raise InvalidReservationError(
                "Schmeißen names its reason, and no other answer has one"
                if self.reason is None
                else f"only Schmeißen names a reason, not {self.reservation}",
                seat=self.seat,
                action=f"declare {self.reservation.value}",
                rule="V§7.2",
            )

    def as_action(self) -> Declare:
        """The action itself (events and actions share this method for replaying)."""
        return self

    def __repr__(self) -> str:
        reason = "" if self.reason is None else f", reason={self.reason!r}"
        return f"Declare(seat={self.seat!r}, reservation={self.reservation!r}{reason})"

    def __str__(self) -> str:
        if self.reason is not None:
            return f"seat {self.seat}: {self.reservation.value} ({self.reason})"
        return f"seat {self.seat}: {self.reservation.value}"


def _three_cards(value: object) -> tuple[Card, ...]:
    """``value`` as the sorted tuple of three cards that an exchange step moves (V§6.3)."""
    if isinstance(value, (str, bytes, bytearray)) or not isinstance(value, Iterable):
        raise action_type_error(
            CardTypeError, value, "cards", "sequence of three cards", action="exchange"
        )
    cards = tuple(value)
    if len(cards) > 3:
        cards = cards[:4]
    for card in cards:
        if type(card) is not Card:
            raise action_type_error(
                CardTypeError, card, "a card of cards", "Card", "Card.parse", action="exchange"
            )
    if len(cards) != 3:
        count = "more" if len(cards) > 3 else len(cards)
        raise IllegalActionError(
            f"an Armut exchange moves exactly 3 cards, not {count}",
            action="exchange",
            rule="V§6.3",
        )
    return tuple(sorted(cards, key=_card_index))


def _card_index(card: Card) -> int:
    return card.index


def _accept(instance: object, attribute: attrs.Attribute[bool], value: object) -> None:
    if type(value) is not bool:
        raise action_type_error(ActionTypeError, value, attribute.name, "bool", action="answer")


@attrs.frozen
class PassCards:
    """The poor player ``seat`` passes three cards, all its trumps among them (V§6.3 step 1).

    ``cards`` is kept sorted, so two actions with the same three cards are equal.

    >>> from doppelkopf import Hand
    >>> str(PassCards(0, Hand.parse("♠K ♦K ♣J")))
    'seat 0: pass ♣J ♠K ♦K'
    """

    seat: int = attrs.field(validator=_seat)
    cards: tuple[Card, ...] = attrs.field(converter=_three_cards)

    def as_action(self) -> PassCards:
        """The action itself (events and actions share this method for replaying)."""
        return self

    def __str__(self) -> str:
        return f"seat {self.seat}: pass {' '.join(map(str, self.cards))}"


@attrs.frozen
class AnswerPoverty:
    """``seat`` accepts or refuses the Armut offered to it, blind (V§6.3 step 2, R2).

    >>> str(AnswerPoverty(1, False)), str(AnswerPoverty(2, True))
    ('seat 1: refuse', 'seat 2: accept')
    """

    seat: int = attrs.field(validator=_seat)
    accept: bool = attrs.field(validator=_accept)

    def as_action(self) -> AnswerPoverty:
        """The action itself (events and actions share this method for replaying)."""
        return self

    def __str__(self) -> str:
        return f"seat {self.seat}: {'accept' if self.accept else 'refuse'}"


@attrs.frozen
class ReturnCards:
    """The acceptor ``seat`` returns three cards of its fifteen to the poor player (V§6.3 step 3).

    >>> from doppelkopf import Hand
    >>> str(ReturnCards(2, Hand.parse("♥10 ♦A ♠9")))
    'seat 2: return ♠9 ♥10 ♦A'
    """

    seat: int = attrs.field(validator=_seat)
    cards: tuple[Card, ...] = attrs.field(converter=_three_cards)

    def as_action(self) -> ReturnCards:
        """The action itself (events and actions share this method for replaying)."""
        return self

    def __str__(self) -> str:
        return f"seat {self.seat}: return {' '.join(map(str, self.cards))}"


@attrs.frozen
class Play:
    """``seat`` plays ``card`` (SPEC §5)."""

    seat: int = attrs.field(validator=_seat)
    card: Card = attrs.field(validator=_card)

    def as_action(self) -> Play:
        """The action itself (events and actions share this method for replaying)."""
        return self

    def __str__(self) -> str:
        return f"seat {self.seat}: {self.card}"


def level_error(value: object, seat: int | None = None) -> AnnouncementError:
    """The error for ``value``, an ``int`` outside 0-4 given as an announcement level."""
    return AnnouncementError(
        f"not an announcement level: {_checks.excerpt(value)}",
        seat=seat,
        action="announce",
        rule="§8.1",
    )


def level_type_error(value: object, seat: int | None = None) -> ActionTypeError:
    """The error for ``value``, neither an :class:`Announcement` nor an ``int``, as a level."""
    return action_type_error(
        LevelTypeError,
        value,
        "level",
        "Announcement or int 0-4",
        "Announcement.parse",
        seat=seat,
        action="announce",
    )


def _level(value: Announcement | int) -> Announcement:
    if type(value) is Announcement:
        return value
    if type(value) is not int:
        raise level_type_error(value)
    if not 0 <= value <= 4:
        raise level_error(value)
    return Announcement(value)


@attrs.frozen
class Announce:
    """``seat`` announces ``level`` for its own party (SPEC §8)."""

    seat: int = attrs.field(validator=_seat)
    level: Announcement = attrs.field(converter=_level)

    def as_action(self) -> Announce:
        """The action itself (events and actions share this method for replaying)."""
        return self

    def __str__(self) -> str:
        return f"seat {self.seat}: announce {self.level.label_generic}"


@attrs.frozen
class Announced:
    """An accepted announcement as recorded in the history (SPEC §8.10).

    ``party`` is the announcer's party, ``hand_size`` the announcer's cards at
    that instant (SPEC §8.2), ``moment`` the number of cards played in the deal
    before it, and ``late_reply`` whether it was a Re/Kontra accepted only as a
    reply (SPEC §8.6c).
    """

    seat: int
    level: Announcement
    party: Party
    hand_size: int
    moment: int
    late_reply: bool = False

    def as_action(self) -> Announce:
        """The :class:`Announce` action that produced this event."""
        return Announce(self.seat, self.level)

    def __str__(self) -> str:
        label = self.level.label(self.party)
        return f"seat {self.seat} ({self.party}): {label} with {self.hand_size} cards"


ConcealedKind: TypeAlias = Literal["vorbehalt", "pass", "return"]
"""What a :class:`Concealed` event hides: an answer, or the cards passed or returned."""


_KINDS: Final = ("vorbehalt", "pass", "return")


def _kind(instance: object, attribute: attrs.Attribute[str], value: object) -> None:
    if type(value) is not str:
        raise action_type_error(ActionTypeError, value, attribute.name, "str", action="conceal")
    if value not in _KINDS:
        raise InvalidValueError(
            f"kind must be one of {', '.join(_KINDS)}, not {_checks.excerpt(value)}"
        )


def _trumps(instance: object, attribute: attrs.Attribute[int | None], value: object) -> None:
    kind = getattr(instance, "kind", None)
    if value is None:
        if kind == "return":
            raise InvalidValueError("a concealed return names its number of trumps (V§6.3)")
        return
    if type(value) is not int:
        raise action_type_error(ActionTypeError, value, attribute.name, "int or None")
    if kind != "return" or not 0 <= value <= 3:
        raise InvalidValueError(
            f"trumps is 0-3 for a concealed return and None otherwise, not "
            f"{_checks.excerpt(value)} for {_checks.excerpt(kind)} (V§6.3)"
        )


@attrs.frozen
class Concealed:
    """An event a player saw happen without seeing its content (SPEC §3.3, V§6.7).

    It stands in :attr:`doppelkopf.PlayerView.history` where the viewer may
    not know what happened:

    - ``"vorbehalt"``: ``seat`` said *Vorbehalt* and its wish is not public
      (SPEC §3.3: only the wish that becomes the contract is made known),
      whether it named the wish at once or said the bare *Vorbehalt* of the
      two-step round: the two look the same to the others in the first step
      (in the second, a seat that named at once is passed over by the
      questions);
    - ``"pass"``: the poor player ``seat`` passed three cards the viewer does
      not see (V§6.3 step 1, V§6.7);
    - ``"return"``: the acceptor ``seat`` returned three cards the viewer does
      not see, ``trumps`` of them trumps, a number that is public (V§6.3
      step 3).

    It is no action: a deal cannot replay it.

    >>> str(Concealed(2, "vorbehalt")), str(Concealed(3, "return", trumps=1))
    ('seat 2: Vorbehalt', 'seat 3: return three cards, 1 trump')
    """

    seat: int = attrs.field(validator=_seat)
    kind: ConcealedKind = attrs.field(validator=_kind)
    trumps: int | None = attrs.field(default=None, validator=_trumps)

    def __str__(self) -> str:
        if self.kind == "vorbehalt":
            return f"seat {self.seat}: Vorbehalt"
        if self.kind == "pass":
            return f"seat {self.seat}: pass three cards"
        plural = "" if self.trumps == 1 else "s"
        return f"seat {self.seat}: return three cards, {self.trumps} trump{plural}"


Action: TypeAlias = Declare | Play | Announce | PassCards | AnswerPoverty | ReturnCards
"""Any action a player can take: the argument of :meth:`doppelkopf.Deal.apply`."""

Event: TypeAlias = Declare | Announced | Play | PassCards | AnswerPoverty | ReturnCards
"""Any entry of :attr:`doppelkopf.Deal.history`."""

SeenEvent: TypeAlias = Event | Concealed
"""Any entry of :attr:`doppelkopf.PlayerView.history`: an event, or one seen without its content."""
