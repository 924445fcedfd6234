"""Who won a deal and the itemised game value (SPEC §9.2, §9.3, §10, §11, V§5).

:func:`winner` decides a :class:`~doppelkopf.scoring.DealSummary`;
:func:`game_value` lists its value line by line, each line a :class:`ValueLine`
of one :class:`ValueKind`.
"""

from __future__ import annotations

import enum
from typing import Final, NoReturn

import attrs

from .. import _checks
from ..errors import InvalidValueError
from ..parties import Announcement, Party
from ..rules import GameType
from ._result import PartyResult
from .summary import DealSummary

__all__ = ["ValueKind", "ValueLine", "game_value", "winner"]

_RE: Final = Party.RE
_KONTRA: Final = Party.KONTRA
_PARTIES: Final = (_RE, _KONTRA)

_LOW_THRESHOLDS: Final = (90, 60, 30)
"""The loser's "under 90 / 60 / 30" lines (SPEC §10.1)."""

_ABSAGEN: Final = (Announcement.NO_90, Announcement.NO_60, Announcement.NO_30, Announcement.SCHWARZ)

_CREDIT_THRESHOLDS: Final = (120, 90, 60, 30)
"""Card points that earn a credit against each opponent absage level 1–4 (SPEC §10.2)."""


# --- winner ------------------------------------------------------------------


def _fulfils(own: PartyResult, opponents: PartyResult) -> bool:
    """Whether a party with absage ``own.absage`` (1–4) fulfils it (SPEC §9.2).

    Schwarz means every trick of the deal, 12 or 10 without nines (V§1.3): the
    opponents took none.
    """
    if own.absage == Announcement.SCHWARZ:
        return opponents.tricks == 0
    return opponents.card_points < _LOW_THRESHOLDS[own.absage - 1]


def _checked_summary(summary: object) -> DealSummary:
    if type(summary) is DealSummary:
        return summary
    return _checks.instance(summary, DealSummary, "summary")


def winner(summary: DealSummary) -> Party | None:
    """The party that wins the deal, or ``None`` when nobody does (SPEC §9.3, §10.4).

    1. No absage on either side: Re needs 121 card points, or 120 when only
       Kontra announced (then Kontra needs 121).
    2. Only one party made an absage: it wins iff it fulfils it; otherwise the
       other party wins, needing only 90 / 60 / 30 card points or one trick.
    3. Both made absagen: a party wins iff it fulfils its own; if neither does,
       nobody wins.

    The rules change none of this; schwarz is all the tricks of the deal (V§1.3).

    >>> from doppelkopf.rules import GameType
    >>> def deal(re_points, re_said=None, kontra_said=None):
    ...     return DealSummary(GameType.NORMAL, {0, 1},
    ...                        PartyResult(re_points, 6, announcement=re_said),
    ...                        PartyResult(240 - re_points, 6, announcement=kontra_said))
    >>> winner(deal(120)), winner(deal(120, kontra_said=0))  # X03, X08
    (Party.KONTRA, Party.RE)
    >>> winner(deal(145, re_said=1))  # X05: keine 90 failed against 95
    Party.KONTRA
    >>> print(winner(deal(130, re_said=1, kontra_said=1)))  # X11: both failed
    None

    Raises:
        InvalidTypeError: ``summary`` is not a :class:`DealSummary`.
    """
    summary = _checked_summary(summary)
    re, kontra = summary.re, summary.kontra
    re_absage, kontra_absage = re.absage, kontra.absage
    if re_absage and kontra_absage:
        if _fulfils(re, kontra):
            return _RE
        return _KONTRA if _fulfils(kontra, re) else None
    if re_absage:
        return _RE if _fulfils(re, kontra) else _KONTRA
    if kontra_absage:
        return _KONTRA if _fulfils(kontra, re) else _RE
    needed = 120 if kontra.announcement is not None and re.announcement is None else 121
    return _RE if re.card_points >= needed else _KONTRA


# --- value lines -------------------------------------------------------------


class ValueKind(enum.Enum, metaclass=_checks.LookupEnumType):
    """What a line of the game value counts (SPEC §10, §11, V§5.3, V§5.4).

    ``ValueKind(value)`` looks a kind up by its value; a value that names no kind
    raises :class:`~doppelkopf.errors.InvalidValueError`, one that is not text
    :class:`~doppelkopf.errors.InvalidTypeError`.

    >>> ValueKind.CREDIT.rule, ValueKind.GEGEN_DIE_ALTEN.rule, ValueKind.FOX_AT_END.rule
    ('§10.2', '§11.2', 'V§5.4')
    >>> ValueKind("fox caught")
    ValueKind.FOX_CAUGHT
    >>> ValueKind("fox")
    Traceback (most recent call last):
        ...
    doppelkopf.errors.InvalidValueError: no kind of value line has the value 'fox' (SPEC §10)
    """

    WON = "won"
    LOW = "low"
    ANNOUNCED = "announced"
    ABSAGE = "absage"
    CREDIT = "credit"
    GEGEN_DIE_ALTEN = "gegen die Alten"
    DOPPELKOPF = "Doppelkopf"
    FOX_CAUGHT = "fox caught"
    KARLCHEN = "Karlchen"
    KARLCHEN_CAUGHT = "Karlchen caught"
    FOX_AT_END = "fox at the end"

    @property
    def rule(self) -> str:
        """The section that defines this kind of line (``§10.1``; ``V§5.3`` for a variant)."""
        return _KIND_RULES[self]

    @property
    def is_special(self) -> bool:
        """Whether the line is a special point (SPEC §11, V§5)."""
        return self in _SPECIAL_KINDS

    def __repr__(self) -> str:
        return f"ValueKind.{self.name}"

    @classmethod
    def _missing_(cls, value: object) -> NoReturn:
        if not isinstance(value, str):
            raise _checks.type_error(value, "value", "str such as 'won'")
        raise InvalidValueError(
            f"no kind of value line has the value {_checks.excerpt(value)}", rule="§10"
        )


_KIND_RULES: Final = {
    ValueKind.WON: "§10.1",
    ValueKind.LOW: "§10.1",
    ValueKind.ANNOUNCED: "§10.1",
    ValueKind.ABSAGE: "§10.1",
    ValueKind.CREDIT: "§10.2",
    ValueKind.GEGEN_DIE_ALTEN: "§11.2",
    ValueKind.DOPPELKOPF: "§11.3",
    ValueKind.FOX_CAUGHT: "§11.4",
    ValueKind.KARLCHEN: "§11.5",
    ValueKind.KARLCHEN_CAUGHT: "V§5.3",
    ValueKind.FOX_AT_END: "V§5.4",
}
_SPECIAL_KINDS: Final = frozenset(
    {
        ValueKind.GEGEN_DIE_ALTEN,
        ValueKind.DOPPELKOPF,
        ValueKind.FOX_CAUGHT,
        ValueKind.KARLCHEN,
        ValueKind.KARLCHEN_CAUGHT,
        ValueKind.FOX_AT_END,
    }
)


def _check_points(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int:
        raise _checks.type_error(value, attribute.name, "int")
    if value <= 0:
        raise InvalidValueError(
            f"{attribute.name} of a value line must be a positive int, "
            f"not {_checks.excerpt(value)}",
            rule="§10",
        )


def _check_text(instance: object, attribute: attrs.Attribute[str], value: str) -> None:
    if type(value) is not str:
        _checks.text(value, attribute.name)


def _check_party(instance: object, attribute: attrs.Attribute[Party], value: Party) -> None:
    if type(value) is not Party:
        _checks.instance(value, Party, attribute.name)


def _check_kind(instance: object, attribute: attrs.Attribute[ValueKind], value: ValueKind) -> None:
    if type(value) is not ValueKind:
        _checks.instance(value, ValueKind, attribute.name)


@attrs.frozen
class ValueLine:
    """One line of the game value: ``points`` (positive) that count for ``party`` (SPEC §10, §11).

    ``reason`` reads as on a score sheet (``"Kontra under 90"``, ``"Re: keine 90"``,
    ``"120 against keine 90"``); ``rule`` is the section that
    sets it (``§10.1``, or ``V§5.3`` for a variant); ``kind`` groups the lines.

    >>> line = ValueLine("Kontra announced", Party.RE, 2, "§10.1", ValueKind.ANNOUNCED)
    >>> print(line)
    Kontra announced: +2 for Re (§10.1)
    >>> ValueLine("gegen die Alten", Party.KONTRA, 1, "§11.2", ValueKind.GEGEN_DIE_ALTEN).re_value
    -1

    Raises:
        InvalidTypeError: a field of the wrong type (text for ``party``).
        InvalidValueError: ``points`` is not positive.
    """

    reason: str = attrs.field(validator=_check_text)
    party: Party = attrs.field(validator=_check_party)
    points: int = attrs.field(validator=_check_points)
    rule: str = attrs.field(validator=_check_text)
    kind: ValueKind = attrs.field(validator=_check_kind)

    @property
    def re_value(self) -> int:
        """The line seen from Re: ``+points`` for Re, ``-points`` for Kontra (SPEC §10.5)."""
        return self.points if self.party is Party.RE else -self.points

    def __str__(self) -> str:
        return f"{self.reason}: +{self.points} for {self.party} ({self.rule})"


# Every line a deal can produce is one of a few dozen values, built once here.


def _line(reason: str, party: Party, kind: ValueKind, points: int = 1, rule: str = "") -> ValueLine:
    return ValueLine(reason, party, points, rule or kind.rule, kind)


# Tables indexed by party: 0 for Re, 1 for Kontra (an index costs less than an enum hash).
_WON: Final = tuple(_line("won", party, ValueKind.WON) for party in _PARTIES)

_LOWS: Final = {
    rule: tuple(
        (
            *(
                _line(f"{earner.opponent} under {threshold}", earner, ValueKind.LOW, rule=rule)
                for threshold in _LOW_THRESHOLDS
            ),
            _line(f"{earner.opponent} took no trick", earner, ValueKind.LOW, rule=rule),
        )
        for earner in _PARTIES
    )
    for rule in ("§10.1", "§10.4")
}
"""The real lows of the earner's opponents (SPEC §10.1, §10.4): under 90, 60, 30, no trick."""
_MAIN_LOWS: Final = _LOWS["§10.1"]
_NOBODYS_LOWS: Final = _LOWS["§10.4"]

_ANNOUNCED: Final = tuple(
    tuple(_line(f"{announcer} announced", won, ValueKind.ANNOUNCED, points=2) for won in _PARTIES)
    for announcer in _PARTIES
)
"""``_ANNOUNCED[announcer][winner]``: 2 points for the winner (SPEC §10.1)."""
_ABSAGE_LINES: Final = tuple(
    tuple(
        tuple(
            _line(f"{announcer}: {level.label(announcer)}", won, ValueKind.ABSAGE)
            for level in _ABSAGEN
        )
        for won in _PARTIES
    )
    for announcer in _PARTIES
)
"""``_ABSAGE_LINES[announcer][winner]``: a point for each level 1–4 (SPEC §10.1)."""
_CREDITS: Final = tuple(
    tuple(
        _line(f"{threshold} against {level.label(party.opponent)}", party, ValueKind.CREDIT)
        for threshold, level in zip(_CREDIT_THRESHOLDS, _ABSAGEN, strict=True)
    )
    for party in _PARTIES
)
_GEGEN_DIE_ALTEN: Final = _line("gegen die Alten", _KONTRA, ValueKind.GEGEN_DIE_ALTEN)
_SPECIAL_LINES: Final = tuple(
    tuple(
        _line(kind.value, party, kind)
        for kind in (
            ValueKind.DOPPELKOPF,
            ValueKind.FOX_CAUGHT,
            ValueKind.KARLCHEN,
            ValueKind.KARLCHEN_CAUGHT,
            ValueKind.FOX_AT_END,
        )
    )
    for party in _PARTIES
)


def _add_lows(lines: list[ValueLine], table: tuple[ValueLine, ...], victim: PartyResult) -> None:
    """The real lows of ``victim``, from ``table`` of the earner (SPEC §10.1, §10.4)."""
    points = victim.card_points
    if points < 90:
        under_90, under_60, under_30, no_trick = table
        lines.append(under_90)
        if points < 60:
            lines.append(under_60)
            if points < 30:
                lines.append(under_30)
        if victim.tricks == 0:
            lines.append(no_trick)


def _add_credits(
    lines: list[ValueLine], table: tuple[ValueLine, ...], points: int, absage: int
) -> None:
    """The credits of a party with ``points`` against the opponents' ``absage`` (SPEC §10.2)."""
    for level in range(absage):
        if points >= _CREDIT_THRESHOLDS[level]:
            lines.append(table[level])


def _add_specials(
    lines: list[ValueLine], table: tuple[ValueLine, ...], result: PartyResult
) -> None:
    """Each Doppelkopf, caught fox, Karlchen, caught Karlchen and fox at the end of a party."""
    doppelkopf, foxes, karlchen, caught, at_end = table
    if result.doppelkopf:
        lines.extend([doppelkopf] * result.doppelkopf)
    if result.foxes_caught:
        lines.extend([foxes] * result.foxes_caught)
    if result.karlchen:
        lines.append(karlchen)
    if result.karlchen_caught:
        lines.extend([caught] * result.karlchen_caught)
    if result.fox_at_end:
        lines.append(at_end)


def _value_lines(
    game_type: GameType, re: PartyResult, kontra: PartyResult, won: Party | None
) -> tuple[ValueLine, ...]:
    """The lines of :func:`game_value` for a deal that ``won`` decided."""
    lines: list[ValueLine] = []
    re_absage, kontra_absage = re.absage, kontra.absage
    if won is None:
        _add_lows(lines, _NOBODYS_LOWS[0], kontra)
        _add_lows(lines, _NOBODYS_LOWS[1], re)
    else:
        index = 0 if won is _RE else 1
        lines.append(_WON[index])
        _add_lows(lines, _MAIN_LOWS[index], re if index else kontra)
        if re.announcement is not None:
            lines.append(_ANNOUNCED[0][index])
        if kontra.announcement is not None:
            lines.append(_ANNOUNCED[1][index])
        if re_absage:
            lines.extend(_ABSAGE_LINES[0][index][:re_absage])
        if kontra_absage:
            lines.extend(_ABSAGE_LINES[1][index][:kontra_absage])
    if kontra_absage:
        _add_credits(lines, _CREDITS[0], re.card_points, kontra_absage)
    if re_absage:
        _add_credits(lines, _CREDITS[1], kontra.card_points, re_absage)
    # The special points (SPEC §11, V§5); "gegen die Alten" is part of a won
    # Kontra game in 2 against 2, with or without the other special points (V§5.1).
    if won is _KONTRA and game_type.has_special_points:
        lines.append(_GEGEN_DIE_ALTEN)
    _add_specials(lines, _SPECIAL_LINES[0], re)
    _add_specials(lines, _SPECIAL_LINES[1], kontra)
    return tuple(lines)


def game_value(summary: DealSummary) -> tuple[ValueLine, ...]:
    """Every line of the game value, each counting for one party (SPEC §10, §11, V§5).

    With a winner (SPEC §10.1): *won* 1; each of the loser's real lows (under
    90, 60, 30, no trick) 1; *Re announced* and *Kontra announced* 2 each;
    every absage level of either party, implied levels included, 1 each — all
    for the winner.  Then, for either party, the credits against the
    opponents' absagen (SPEC §10.2) and the special points (SPEC §11):
    *gegen die Alten* when Kontra wins a normal game or marriage — also when
    the rules count no other special points (V§5.1) — and each Doppelkopf,
    caught fox and Karlchen, and where the rules have them each caught
    Karlchen (V§5.3) and the fox at the end (V§5.4).

    Without a winner (both absagen failed, SPEC §10.4) there is no *won*, no
    announcement and no absage line and no *gegen die Alten*; each party gets
    the opponents' real lows, and the credits and the other special points
    stay.  Summing the lines, Re's as plus and Kontra's as minus, gives ``VR``
    (SPEC §10.5).  "No trick" and schwarz refer to all the tricks of the deal,
    12 or 10 without nines (V§1.3).

    >>> from doppelkopf.rules import GameType
    >>> x13 = DealSummary(GameType.NORMAL, {0, 1},
    ...                   PartyResult(170, 9, announcement=Announcement.NO_60),
    ...                   PartyResult(70, 3, announcement=Announcement.NO_60))
    >>> for line in game_value(x13):  # EXAMPLES X13: nobody wins
    ...     print(line)
    Kontra under 90: +1 for Re (§10.4)
    120 against keine 90: +1 for Re (§10.2)
    90 against keine 60: +1 for Re (§10.2)

    >>> from doppelkopf.rules import Rules
    >>> v15 = DealSummary(GameType.NORMAL, {0, 2}, PartyResult(130, 8),
    ...                   PartyResult(110, 4, karlchen_caught=1), rules=Rules(karlchen_caught=True))
    >>> [str(line) for line in game_value(v15)][-1]  # V15
    'Karlchen caught: +1 for Kontra (V§5.3)'

    Raises:
        InvalidTypeError: ``summary`` is not a :class:`DealSummary`.
    """
    summary = _checked_summary(summary)
    won = winner(summary)
    return _value_lines(summary.game_type, summary.re, summary.kontra, won)
