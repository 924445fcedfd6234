"""Parties and announcement levels (SPEC §6, §8.1, §8.4).

>>> from doppelkopf import Announcement, Party
>>> Party.RE.opponent
Party.KONTRA
>>> [announcement.label(Party.KONTRA) for announcement in Announcement]
['Kontra', 'keine 90', 'keine 60', 'keine 30', 'schwarz']
>>> deadline(Announcement.NO_90), deadline(Announcement.NO_90, shift=2)
(10, 8)
"""

from __future__ import annotations

import enum
from typing import Final, NoReturn

from . import _checks
from .errors import InvalidNotationError, InvalidValueError

__all__ = ["Announcement", "Party", "deadline"]


class Party(enum.Enum, metaclass=_checks.LookupEnumType):
    """The two sides of a deal (SPEC §6): Re (the ♣Q holders, or the soloist) and Kontra."""

    RE = "re"
    KONTRA = "kontra"

    @property
    def opponent(self) -> Party:
        """The other party."""
        return Party.KONTRA if self is Party.RE else Party.RE

    def __repr__(self) -> str:
        return f"Party.{self.name}"

    def __str__(self) -> str:
        return "Re" if self is Party.RE else "Kontra"

    @classmethod
    def parse(cls, text: str) -> Party:
        """Read a party by name: ``re`` or ``kontra`` (also ``contra``), in any case.

        >>> Party.parse("Re"), Party.parse(" KONTRA ")
        (Party.RE, Party.KONTRA)

        Raises:
            InvalidNotationError: no party has that name.
            InvalidTypeError: ``text`` is not a ``str``.
        """
        key = _checks.text(text).strip().lower()
        try:
            return _PARTIES[key]
        except KeyError:
            raise InvalidNotationError(
                f"unknown party {_checks.excerpt(text)}: expected Re or Kontra (SPEC §6)",
                text=text,
            ) from None

    @classmethod
    def _missing_(cls, value: object) -> NoReturn:
        if not isinstance(value, str):
            raise _checks.type_error(value, "value", "str 're' or 'kontra'", "Party.parse")
        raise InvalidValueError(
            f"no party has the value {_checks.excerpt(value)}: expected 're' or 'kontra'; "
            "Party.parse reads names",
            rule="§6",
        )


class Announcement(enum.IntEnum, metaclass=_checks.LookupEnumType):
    """Announcement levels (SPEC §8.1).

    Level 0 is the party's Ansage — "Re" for the Re party, "Kontra" for Kontra —
    and levels 1–4 are the Absagen: keine 90, keine 60, keine 30 and schwarz.
    Each level includes every lower one.

    >>> Announcement.parse("k60"), Announcement.parse("Kontra")
    (<Announcement.NO_60: 2>, <Announcement.RE_KONTRA: 0>)
    """

    RE_KONTRA = 0
    NO_90 = 1
    NO_60 = 2
    NO_30 = 3
    SCHWARZ = 4

    def label(self, party: Party) -> str:
        """The spoken word for ``party``: ``"Re"``/``"Kontra"`` for level 0, else ``"keine 90"``…

        >>> Announcement.RE_KONTRA.label(Party.KONTRA), Announcement.NO_30.label(Party.KONTRA)
        ('Kontra', 'keine 30')

        Raises:
            InvalidTypeError: ``party`` is not a :class:`Party`.
        """
        if type(party) is not Party:
            _checks.instance(party, Party, "party")
        if self is Announcement.RE_KONTRA:
            return str(party)
        return _LABELS[self]

    @property
    def label_generic(self) -> str:
        """The name without a party: ``"Re/Kontra"`` for level 0, else ``"keine 90"``…"""
        if self is Announcement.RE_KONTRA:
            return "Re/Kontra"
        return _LABELS[self]

    def __str__(self) -> str:
        """The words a player says: ``"keine 90"``, ``"Re/Kontra"`` for level 0 (SPEC §8.1).

        ``repr`` rebuilds the member and the int value is what records store.

        >>> str(Announcement.NO_90), str(Announcement.RE_KONTRA), f"{Announcement.SCHWARZ}"
        ('keine 90', 'Re/Kontra', 'schwarz')
        """
        return self.label_generic

    def __format__(self, spec: str) -> str:
        return format(self.label_generic, spec)

    @property
    def threshold(self) -> int | None:
        """For keine 90/60/30: the opponents must end below this many card points (SPEC §8.1).

        ``None`` for Re/Kontra and for schwarz (which is about tricks).
        """
        return _THRESHOLDS.get(self)

    @classmethod
    def parse(cls, text: str) -> Announcement:
        """Read an announcement by any usual name.

        Accepted: ``re``, ``kontra``, ``keine 90``/``k90``/``no90`` (likewise 60
        and 30), ``schwarz``/``black``; case and spaces are ignored.

        Raises:
            InvalidNotationError: no announcement has that name.
            InvalidTypeError: ``text`` is not a ``str``.
        """
        name = _checks.text(text).strip()
        key = ""
        if len(name) <= _LONGEST_NAME:
            key = "".join(name.lower().split()).replace("_", "").replace("-", "")
        try:
            return _PARSE[key]
        except KeyError:
            raise InvalidNotationError(
                f"unknown announcement {_checks.excerpt(text)}", text=text
            ) from None

    @classmethod
    def _missing_(cls, value: object) -> NoReturn:
        as_level(value)
        raise AssertionError  # pragma: no cover - level() raises for every missing value


_LABELS: Final = {
    Announcement.NO_90: "keine 90",
    Announcement.NO_60: "keine 60",
    Announcement.NO_30: "keine 30",
    Announcement.SCHWARZ: "schwarz",
}
_THRESHOLDS: Final = {Announcement.NO_90: 90, Announcement.NO_60: 60, Announcement.NO_30: 30}
_PARSE: Final = {
    "re": Announcement.RE_KONTRA,
    "kontra": Announcement.RE_KONTRA,
    "contra": Announcement.RE_KONTRA,
    "rekontra": Announcement.RE_KONTRA,
    **{
        f"{prefix}{number}": level
        for level, number in (
            (Announcement.NO_90, 90),
            (Announcement.NO_60, 60),
            (Announcement.NO_30, 30),
        )
        for prefix in ("keine", "k", "no", "nono")
    },
    "schwarz": Announcement.SCHWARZ,
    "black": Announcement.SCHWARZ,
    "no0": Announcement.SCHWARZ,
    "k0": Announcement.SCHWARZ,
}

_LONGEST_NAME: Final = 40
"""Longer text names no announcement; it is rejected without being read."""
_PARTIES: Final = {"re": Party.RE, "kontra": Party.KONTRA, "contra": Party.KONTRA}

_DEADLINES: Final = (11, 10, 9, 8, 7)


def deadline(level: Announcement, shift: int = 0) -> int:
    """The fewest cards a player may hold to make ``level`` in time (SPEC §8.4).

    ``shift`` is the marriage shift ``s = k − 1`` (SPEC §7.4): 0 outside an
    announced marriage.  ``D(L) = {11, 10, 9, 8, 7}[L] − s``.

    >>> [deadline(level) for level in Announcement]
    [11, 10, 9, 8, 7]
    >>> deadline(Announcement.RE_KONTRA, shift=1)
    10

    Raises:
        InvalidValueError: ``level`` is not 0–4 (SPEC §8.1) or ``shift`` not 0–2 (SPEC §7.4).
        InvalidTypeError: ``level`` is neither an :class:`Announcement` nor an ``int``,
            or ``shift`` is not an ``int`` (a ``bool`` is neither).
    """
    if type(shift) is not int:
        raise _checks.type_error(shift, "the marriage shift", "int")
    if not 0 <= shift <= 2:
        raise InvalidValueError(
            f"the marriage shift is 0, 1 or 2, not {_checks.excerpt(shift)}", rule="§7.4"
        )
    if type(level) is not Announcement:
        level = as_level(level)
    return _DEADLINES[level] - shift


def as_level(value: object, name: str = "level") -> Announcement:
    """``value`` as an :class:`~doppelkopf.Announcement`: a member, or an ``int`` 0–4 (SPEC §8.1).

    A ``bool``, a ``float``, a ``complex`` or text is rejected.

    >>> as_level(2), as_level(as_level(4))
    (<Announcement.NO_60: 2>, <Announcement.SCHWARZ: 4>)
    >>> as_level(1 + 0j)
    Traceback (most recent call last):
        ...
    doppelkopf.errors.InvalidTypeError: level must be an Announcement or int 0-4, not complex (1+0j)
    """
    if type(value) is Announcement:
        return value
    if type(value) is not int:
        raise _checks.type_error(value, name, "Announcement or int 0-4", "Announcement.parse")
    if not 0 <= value <= 4:
        raise InvalidValueError(f"{name} must be 0-4, not {_checks.excerpt(value)}", rule="§8.1")
    return Announcement(value)


def complete_parties(known: list[Party | None], own_queens: int) -> tuple[Party | None, ...]:
    """The parties of a normal game a seat can count out from those it knows (SPEC §6.1).

    ``known`` holds each seat's party as the seat knows it (``None``: not
    known yet), ``own_queens`` the ♣Q the seat holds or played.  Counting is
    safe only when a game of two against two is certain: the seat holds one
    ♣Q, or two different seats are known to be Re (a silent marriage has a
    single Re player).  Then two known players of one party make the others
    the opponents.  And every game has a Re party, so three known Kontra
    players leave a Re fourth.

    >>> re, kontra = Party.RE, Party.KONTRA
    >>> complete_parties([re, None, re, None], 1)
    (Party.RE, Party.KONTRA, Party.RE, Party.KONTRA)
    >>> complete_parties([kontra, None, kontra, None], 0)  # a silent marriage is possible
    (Party.KONTRA, None, Party.KONTRA, None)
    """
    if own_queens == 1 or known.count(Party.RE) == 2:
        for party in (Party.RE, Party.KONTRA):
            if known.count(party) == 2:
                known = [p if p is not None else party.opponent for p in known]
    if known.count(Party.KONTRA) == 3:
        known = [p if p is not None else Party.RE for p in known]
    return tuple(known)
