"""Announcement legality: Re/Kontra, keine 90/60/30, schwarz (SPEC §8, §7.4).

A party's announcements are summed up by a :class:`PartyAnnouncements` value
(SPEC §8.5).  :func:`apply_announcement` is the rule itself: given both
parties' states, the announcer's hand size and the marriage shift, it returns
the announcer's party's new state, or raises the precise error.

>>> from doppelkopf import Announcement
>>> nothing = PartyAnnouncements()
>>> re = apply_announcement(nothing, nothing, Announcement.NO_60, hand_size=11)  # L07
>>> re
PartyAnnouncements(level=<Announcement.NO_60: 2>, timely=True)
>>> apply_announcement(nothing, nothing, Announcement.NO_90, hand_size=10)  # L08
Traceback (most recent call last):
...
doppelkopf.errors.AnnouncementTooLateError: Re/Kontra needs at least 11 cards in hand, not 10 ...
"""

from __future__ import annotations

import warnings
from typing import Final

import attrs

from . import _checks
from .errors import (
    AnnouncementError,
    AnnouncementTooLateError,
    DoppelkopfDeprecationWarning,
    InvalidValueError,
    LateReplyLockError,
)
from .parties import Announcement, as_level
from .rules import Rules, rule_set

_DDV: Final = Rules.DDV

__all__ = [
    "PartyAnnouncements",
    "apply_announcement",
    "can_announce",
    "can_announce_level",
    "check_announcement",
]


@attrs.frozen
class PartyAnnouncements:
    """What one party has announced so far (SPEC §8.5).

    ``level`` is the highest level held, implied levels included, or ``None``
    when the party has said nothing.  ``timely`` tells whether its Re/Kontra
    was made within the deadline of SPEC §8.4 rather than as a late reply.

    >>> PartyAnnouncements().announced, PartyAnnouncements(Announcement.RE_KONTRA, False).late_reply
    (False, True)
    """

    level: Announcement | None = None
    timely: bool = False

    @property
    def announced(self) -> bool:
        """Whether the party has said Re/Kontra (explicitly or implied by an absage)."""
        return self.level is not None

    @property
    def late_reply(self) -> bool:
        """Whether the party's Re/Kontra was a late reply, which locks its absagen (SPEC §8.7)."""
        return self.level is not None and not self.timely

    @property
    def absage(self) -> int:
        """The highest absage level (1–4), or 0 when the party made none (SPEC §9.1)."""
        return int(self.level) if self.level is not None else 0


NOTHING = PartyAnnouncements()
_TIMELY_RE_KONTRA: Final = PartyAnnouncements(Announcement.RE_KONTRA, True)
_LATE_RE_KONTRA: Final = PartyAnnouncements(Announcement.RE_KONTRA, False)


def _check_arguments(
    own: object, opponents: object, level: object, *, hand_size: object, shift: object, rules: Rules
) -> Announcement:
    """``level`` as an :class:`Announcement`; raise for an argument of the wrong type or range."""
    if rules is not _DDV and type(rules) is not Rules:
        rule_set(rules)
    if type(own) is not PartyAnnouncements:
        _checks.instance(own, PartyAnnouncements, "own", parse_hint=False)
    if type(opponents) is not PartyAnnouncements:
        _checks.instance(opponents, PartyAnnouncements, "opponents", parse_hint=False)
    if type(level) is not Announcement:
        level = as_level(level)
    if type(hand_size) is not int or not 0 <= hand_size <= rules.hand_size:
        _checks.integer(hand_size, "hand_size", 0, rules.hand_size, rule="§8.2")
    if type(shift) is not int or not 0 <= shift <= 2:
        if type(shift) is not int:
            raise _checks.type_error(shift, "shift", "int")
        raise InvalidValueError(
            f"the marriage shift is 0, 1 or 2, not {_checks.excerpt(shift)}", rule="§7.4"
        )
    return level


def apply_announcement(
    own: PartyAnnouncements,
    opponents: PartyAnnouncements,
    level: Announcement,
    *,
    hand_size: int,
    shift: int = 0,
    rules: Rules = _DDV,
) -> PartyAnnouncements:
    """The announcer's party state after announcing ``level`` (SPEC §8.6–§8.8, V§4).

    ``hand_size`` is the announcer's own number of cards at that instant
    (SPEC §8.2); ``shift`` the marriage shift (SPEC §7.4).  A repetition of a
    level already held returns ``own`` unchanged (SPEC §8.6a, §8.8a).  An
    absage that skips levels includes them only while each is still in time
    (SPEC §8.8c).  A Re/Kontra after the deadline is accepted as a reply while
    the opponents' highest level still allows it (SPEC §8.6c), and such a
    late reply locks the party's absagen (SPEC §8.7).  The deadlines are those
    of ``rules`` (V§0.2); with ``skip_levels=False`` an absage must be the next
    level after the one the party holds (V§4).

    >>> re = PartyAnnouncements(Announcement.RE_KONTRA, True)
    >>> apply_announcement(PartyAnnouncements(), re, Announcement.RE_KONTRA, hand_size=10)  # L03
    PartyAnnouncements(level=<Announcement.RE_KONTRA: 0>, timely=False)
    >>> apply_announcement(PartyAnnouncements(), PartyAnnouncements(), Announcement.NO_90,
    ...                    hand_size=11, rules=Rules(skip_levels=False))  # V13
    Traceback (most recent call last):
    ...
    doppelkopf.errors.AnnouncementError: keine 90 needs the party's Re/Kontra first: ... (V§4)

    Raises:
        AnnouncementTooLateError: the deadline has passed.
        LateReplyLockError: an absage by a party whose Re/Kontra was a late reply.
        InvalidTypeError: an argument of the wrong type: ``level`` must be an
            :class:`~doppelkopf.Announcement` or an ``int`` 0-4 (never a ``bool``,
            ``float`` or ``complex``), ``hand_size`` and ``shift`` an ``int``.
        InvalidValueError: ``level`` not 0-4, ``hand_size`` not 0 to the rules'
            hand size (SPEC §8.2), ``shift`` not 0-2 (SPEC §7.4).
    """
    level = _check_arguments(own, opponents, level, hand_size=hand_size, shift=shift, rules=rules)
    deadlines = rules.deadlines
    if level is Announcement.RE_KONTRA:
        if own.level is not None:
            return own
        if hand_size >= deadlines[0] - shift:
            return _TIMELY_RE_KONTRA
        if opponents.level is not None and hand_size >= deadlines[opponents.level] - shift - 1:
            return _LATE_RE_KONTRA
        reply = (
            ""
            if opponents.level is None
            else f" or {deadlines[opponents.level] - shift - 1} to reply to "
            f"{opponents.level.label_generic}"
        )
        raise AnnouncementTooLateError(
            f"Re/Kontra needs at least {deadlines[0] - shift} cards in hand{reply}, "
            f"not {hand_size}",
            action=f"announce {level.name}",
            rule="§8.4, §8.6",
        )
    if own.level is not None and level <= own.level:
        return own
    if own.late_reply:
        raise LateReplyLockError(
            "the party's Re/Kontra was a late reply, so it may make no absage",
            action=f"announce {level.name}",
            rule="§8.7",
        )
    lowest_new = Announcement.RE_KONTRA if own.level is None else Announcement(own.level + 1)
    if not rules.skip_levels and level is not lowest_new:
        held = "Re/Kontra" if lowest_new is Announcement.RE_KONTRA else lowest_new.label_generic
        raise AnnouncementError(
            f"{level.label_generic} needs the party's {held} first: "
            "this table plays without skipping levels",
            action=f"announce {level.name}",
            rule="V§4",
        )
    needed = deadlines[lowest_new] - shift
    if hand_size < needed:
        what = "Re/Kontra" if lowest_new is Announcement.RE_KONTRA else lowest_new.label_generic
        raise AnnouncementTooLateError(
            f"{what} needs at least {needed} cards in hand, not {hand_size}",
            action=f"announce {level.name}",
            rule="§8.4, §8.8",
        )
    return PartyAnnouncements(level, own.timely or own.level is None)


def check_announcement(
    own: PartyAnnouncements,
    opponents: PartyAnnouncements,
    level: Announcement,
    *,
    hand_size: int,
    shift: int = 0,
    rules: Rules = _DDV,
) -> None:
    """Raise unless announcing ``level`` is legal (a repetition is legal: SPEC §8.6a).

    The rule of :func:`apply_announcement` (SPEC §8.6–§8.8, V§4), which raises
    the same errors.

    >>> check_announcement(PartyAnnouncements(), PartyAnnouncements(), Announcement.RE_KONTRA,
    ...                    hand_size=11)  # L01
    """
    apply_announcement(own, opponents, level, hand_size=hand_size, shift=shift, rules=rules)


def can_announce(
    own: PartyAnnouncements,
    opponents: PartyAnnouncements,
    level: Announcement,
    *,
    hand_size: int,
    shift: int = 0,
    rules: Rules = _DDV,
) -> bool:
    """Whether :func:`check_announcement` would accept ``level`` (SPEC §8.6–§8.8, V§4).

    A repetition of a level the party already holds is legal (SPEC §8.6a), as for
    :meth:`doppelkopf.Deal.can_announce`; whether the announcement adds anything is
    ``apply_announcement(...) is not own``.

    >>> re = PartyAnnouncements(Announcement.RE_KONTRA, True)
    >>> can_announce(re, PartyAnnouncements(), Announcement.NO_60, hand_size=9)  # L10
    False
    >>> can_announce(re, PartyAnnouncements(), Announcement.RE_KONTRA, hand_size=11)  # L12
    True

    Raises:
        InvalidTypeError, InvalidValueError: an argument of the wrong type or range,
            as for :func:`apply_announcement` (bad input is never merely "not legal").
    """
    try:
        apply_announcement(own, opponents, level, hand_size=hand_size, shift=shift, rules=rules)
    except AnnouncementError:
        return False
    return True


def can_announce_level(
    own: PartyAnnouncements,
    opponents: PartyAnnouncements,
    level: Announcement,
    *,
    hand_size: int,
    shift: int = 0,
    rules: Rules = _DDV,
) -> bool:
    """Deprecated: whether announcing ``level`` is legal *and* adds something.

    .. deprecated:: 0.2
       Use :func:`can_announce`.  Unlike it, this answers ``False`` for a
       repetition, which is legal but adds nothing (SPEC §8.6a); the same
       question is ``can_announce(...) and apply_announcement(...) is not own``.

    The same rule as :func:`apply_announcement` (SPEC §8.6–§8.8, V§4); it warns
    when called.

    >>> import warnings
    >>> re = PartyAnnouncements(Announcement.RE_KONTRA, True)
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore", DeprecationWarning)
    ...     can_announce_level(re, PartyAnnouncements(), Announcement.RE_KONTRA, hand_size=11)
    False
    """
    warnings.warn(
        "can_announce_level is deprecated; use can_announce, which answers True for a repetition",
        DoppelkopfDeprecationWarning,
        stacklevel=2,
    )
    try:
        new = apply_announcement(
            own, opponents, level, hand_size=hand_size, shift=shift, rules=rules
        )
    except AnnouncementError:
        return False
    return new is not own
