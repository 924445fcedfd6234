"""What one party achieved in a deal: :class:`PartyResult` (SPEC §9.1, §10, §11, V§5).

A result holds plain counts; whether they fit together, and fit the rules, is
checked when it becomes part of a :class:`~doppelkopf.DealSummary`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from .. import _checks
from ..errors import InvalidSummaryError
from ..parties import Announcement

__all__ = ["PartyResult"]


def _check_count(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int:
        raise _checks.type_error(value, attribute.name, "int")


def _count_repr(value: int) -> str:
    """A count in the repr: an int too long for ``str()`` is described, not written."""
    try:
        return repr(value)
    except ValueError:
        return _checks.excerpt(value)


def _check_flag(instance: object, attribute: attrs.Attribute[bool], value: bool) -> None:
    if type(value) is not bool:
        raise _checks.type_error(value, attribute.name, "bool")


def _to_announcement(value: Announcement | int | None) -> Announcement | None:
    if value is None or type(value) is Announcement:
        return value
    if type(value) is not int:
        raise _checks.type_error(
            value, "announcement", "Announcement, a level 0-4 or None", "Announcement.parse"
        )
    if 0 <= value <= 4:
        return Announcement(value)
    raise InvalidSummaryError(
        "announcement must be None or a level 0-4 (Re/Kontra … schwarz), "
        f"not {_checks.excerpt(value)} (§8.1)"
    )


@attrs.frozen
class PartyResult:
    """What one party achieved in a deal, written down after the last trick (SPEC §9.1, §10, §11).

    - ``card_points`` (0–240) and ``tricks`` (0–12, or 0–10 without nines)
      taken by the party;
    - ``announcement``: the highest level the party announced, implied levels
      included (``Announcement.NO_60`` for a party that said "keine 60"), or
      ``None`` if it said nothing;
    - ``late_reply``: the party's Re/Kontra was a late reply (SPEC §8.6c), which
      locks its absagen (SPEC §8.7), so its level can only be Re/Kontra;
    - the special points it earned: ``doppelkopf`` tricks, ``foxes_caught`` and
      ``karlchen`` (SPEC §11.3–§11.5), and where the rules have them the
      ``karlchen_caught`` (0–2, V§5.3) and the ``fox_at_end`` (V§5.4).

    A plain integer 0–4 is accepted for ``announcement``.  Whether the numbers
    fit together, and fit the rules, is checked when the result becomes part of
    a :class:`DealSummary`.

    >>> PartyResult(160, 9, announcement=1)
    PartyResult(card_points=160, tricks=9, announcement=<Announcement.NO_90: 1>, \
late_reply=False, doppelkopf=0, foxes_caught=0, karlchen=False, karlchen_caught=0, \
fox_at_end=False)
    >>> result = PartyResult(160, 9, announcement=Announcement.NO_90, doppelkopf=1, karlchen=True)
    >>> result.announced, result.absage, result.special_points
    (True, 1, 2)
    >>> PartyResult(100, 5, karlchen_caught=2, fox_at_end=True).special_points  # V§5.3, V§5.4
    3
    """

    card_points: int = attrs.field(validator=_check_count, repr=_count_repr)
    tricks: int = attrs.field(validator=_check_count, repr=_count_repr)
    announcement: Announcement | None = attrs.field(
        default=None, converter=_to_announcement, kw_only=True
    )
    late_reply: bool = attrs.field(default=False, validator=_check_flag, kw_only=True)
    doppelkopf: int = attrs.field(default=0, validator=_check_count, repr=_count_repr, kw_only=True)
    foxes_caught: int = attrs.field(
        default=0, validator=_check_count, repr=_count_repr, kw_only=True
    )
    karlchen: bool = attrs.field(default=False, validator=_check_flag, kw_only=True)
    karlchen_caught: int = attrs.field(
        default=0, validator=_check_count, repr=_count_repr, kw_only=True
    )
    fox_at_end: bool = attrs.field(default=False, validator=_check_flag, kw_only=True)

    @property
    def announced(self) -> bool:
        """Whether the party said Re/Kontra, itself or implied by an absage (SPEC §9.1)."""
        return self.announcement is not None

    @property
    def absage(self) -> int:
        """The party's highest absage level: 0 for none, 1 keine 90 … 4 schwarz (SPEC §9.1)."""
        return 0 if self.announcement is None else int(self.announcement)

    @property
    def special_points(self) -> int:
        """Every special point of the party (SPEC §11.3–§11.5, V§5.3, V§5.4)."""
        return (
            self.doppelkopf
            + self.foxes_caught
            + self.karlchen
            + self.karlchen_caught
            + self.fox_at_end
        )


def _checked_result(
    card_points: int,
    tricks: int,
    announcement: Announcement | None,
    late_reply: bool,
    counts: Sequence[int],
) -> PartyResult:
    """A :class:`PartyResult` from the counts of :func:`_special_counts`, checked."""
    doppelkopf, foxes_caught, karlchen, karlchen_caught, fox_at_end = counts
    return PartyResult(
        card_points,
        tricks,
        announcement=announcement,
        late_reply=late_reply,
        doppelkopf=doppelkopf,
        foxes_caught=foxes_caught,
        karlchen=karlchen > 0,
        karlchen_caught=karlchen_caught,
        fox_at_end=fox_at_end > 0,
    )


# --- results of finished deals -----------------------------------------------

_new: Final = object.__new__
_RESULT_SETTERS: Final = tuple(
    vars(PartyResult)[field.name].__set__ for field in attrs.fields(PartyResult)
)


def _trusted_result(
    card_points: int,
    tricks: int,
    announcement: Announcement | None,
    late_reply: bool,
    counts: Sequence[int],
) -> PartyResult:
    """:func:`_checked_result` without the checks, for what a finished deal produced.

    A finished deal already guarantees what the constructor would check.
    """
    result: PartyResult = _new(PartyResult)
    doppelkopf, foxes_caught, karlchen, karlchen_caught, fox_at_end = counts
    (
        set_points,
        set_tricks,
        set_announcement,
        set_late_reply,
        set_doppelkopf,
        set_foxes,
        set_karlchen,
        set_caught,
        set_fox_at_end,
    ) = _RESULT_SETTERS
    set_points(result, card_points)
    set_tricks(result, tricks)
    set_announcement(result, announcement)
    set_late_reply(result, late_reply)
    set_doppelkopf(result, doppelkopf)
    set_foxes(result, foxes_caught)
    set_karlchen(result, karlchen > 0)
    set_caught(result, karlchen_caught)
    set_fox_at_end(result, fox_at_end > 0)
    return result
