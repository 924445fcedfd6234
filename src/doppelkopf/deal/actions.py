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
from typing import Final, TypeAlias

import attrs

from ..cards import Card
from ..errors import AnnouncementError, IllegalActionError
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


class Phase(enum.Enum):
    """The phases of a deal."""

    RESERVATIONS = "reservations"
    PLAY = "play"
    FINISHED = "finished"


class Reservation(enum.Enum):
    """A player's answer in the reservation round (SPEC §3.2).

    ``HEALTHY`` is *gesund*; every other member is a *Vorbehalt* naming what the
    player wants to play: a marriage (only with both ♣Q) or a voluntary solo.

    >>> Reservation.QUEENS_SOLO.game_type, Reservation.HEALTHY.game_type
    (GameType.QUEENS_SOLO, None)
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
        """Read a reservation by name (``healthy``, ``gesund``, ``marriage``, ``hochzeit``,
        ``queens_solo``, ``SOLO_Q``, …).

        Raises:
            InvalidNotationError: no reservation has that name.
        """
        from ..errors import InvalidNotationError

        key = text.strip().upper().replace("-", "_").replace(" ", "_")
        aliases = {"GESUND": cls.HEALTHY, "HOCHZEIT": cls.MARRIAGE}
        if key in aliases:
            return aliases[key]
        for member in cls:
            if key in (member.name, member.value.upper()):
                return member
        raise InvalidNotationError(f"unknown reservation {text!r}", text=text)

    def __repr__(self) -> str:
        return f"Reservation.{self.name}"


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
    if type(value) is not int or not 0 <= value <= 3:
        raise IllegalActionError(
            f"{attribute.name} must be a seat 0-3, not {value!r}", action="act", rule="§0.4"
        )


@attrs.frozen
class Declare:
    """Answer in the reservation round: ``seat`` says ``reservation`` (SPEC §3.2)."""

    seat: int = attrs.field(validator=_seat)
    reservation: Reservation

    def as_action(self) -> Declare:
        """The action itself (events and actions share this method for replaying)."""
        return self

    def __str__(self) -> str:
        return f"seat {self.seat}: {self.reservation.value}"


@attrs.frozen
class Play:
    """``seat`` plays ``card`` (SPEC §5)."""

    seat: int = attrs.field(validator=_seat)
    card: Card

    def as_action(self) -> Play:
        """The action itself (events and actions share this method for replaying)."""
        return self

    def __str__(self) -> str:
        return f"seat {self.seat}: {self.card}"


def _level(value: Announcement | int) -> Announcement:
    if type(value) is Announcement:
        return value
    if type(value) is not int or not 0 <= value <= 4:
        raise AnnouncementError(
            f"not an announcement level: {value!r}", action="announce", rule="§8.1"
        )
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
