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
from typing import Final, NoReturn, TypeAlias

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
from ..rules import GameType

__all__ = [
    "Action",
    "Announce",
    "Announced",
    "Declare",
    "Event",
    "Phase",
    "Play",
    "Reservation",
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
    """The phases of a deal."""

    RESERVATIONS = "reservations"
    PLAY = "play"
    FINISHED = "finished"

    @classmethod
    def _missing_(cls, value: object) -> NoReturn:
        if not isinstance(value, str):
            raise _checks.type_error(value, "value", "str")
        raise InvalidValueError(
            f"no phase has the value {_checks.excerpt(value)}: expected 'reservations', "
            "'play' or 'finished'"
        )


class Reservation(enum.Enum, metaclass=_checks.LookupEnumType):
    """A player's answer in the reservation round (SPEC §3.2).

    ``HEALTHY`` is *gesund*; every other member is a *Vorbehalt* naming what the
    player wants to play: a marriage (only with both ♣Q) or a voluntary solo.
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

    @property
    def game_type(self) -> GameType | None:
        """The game this reservation asks for, or ``None`` for healthy."""
        if self is Reservation.HEALTHY:
            return None
        if self is Reservation.MARRIAGE:
            return GameType.MARRIAGE
        return GameType(self.value)

    @property
    def is_solo(self) -> bool:
        """Whether this reservation is a voluntary solo."""
        return self not in (Reservation.HEALTHY, Reservation.MARRIAGE)

    @classmethod
    def parse(cls, text: str) -> Reservation:
        """Read a reservation by its English name, its identifier or its German word (SPEC §3.2).

        Case, spaces, hyphens and underscores are ignored, and ä, ö, ü and ß may
        be written ae, oe, ue and ss.  *Vorbehalt* names no reservation: it is
        what every answer but *gesund* is.

        >>> [str(Reservation.parse(t)) for t in ("gesund", "Hochzeit", "queens solo", "SOLO_J")]
        ['healthy', 'marriage', 'queens solo', 'jacks solo']
        >>> Reservation.parse("Fleischloser"), Reservation.parse("Karo-Solo")
        (Reservation.FLESHLESS, Reservation.DIAMONDS_SOLO)

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


@attrs.frozen
class Declare:
    """Answer in the reservation round: ``seat`` says ``reservation`` (SPEC §3.2)."""

    seat: int = attrs.field(validator=_seat)
    reservation: Reservation = attrs.field(validator=_reservation)

    def as_action(self) -> Declare:
        """The action itself (events and actions share this method for replaying)."""
        return self

    def __str__(self) -> str:
        return f"seat {self.seat}: {self.reservation.value}"


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


Action: TypeAlias = Declare | Play | Announce
"""Any action a player can take: the argument of :meth:`doppelkopf.Deal.apply`."""

Event: TypeAlias = Declare | Announced | Play
"""Any entry of :attr:`doppelkopf.Deal.history`."""
