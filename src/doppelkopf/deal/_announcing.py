"""The announcements of a deal: who may announce what, and an announcement made (SPEC §7.4, §8).

:func:`check_announce`, :func:`can_announce` and :func:`announce` are methods of
:class:`~doppelkopf.Deal`, bound in the class.  The rule itself is
:func:`doppelkopf.announce.apply_announcement`, which takes both parties'
states, the announcer's hand size and the marriage shift; this module finds
those in the deal's state.  :func:`legal_levels` asks the same deadlines as a
list, and the functions after it list the announcements of every seat for
:attr:`Deal.legal_actions <doppelkopf.Deal.legal_actions>` and the players'
runner, which ask after every card: they compute the deadlines from the
trick count rather than counting a hand's bits.
"""

from __future__ import annotations

from typing import Final

from ..announce import PartyAnnouncements, apply_announcement
from ..errors import (
    AnnouncementBannedError,
    DoppelkopfError,
    IllegalActionError,
    WrongPhaseError,
)
from ..parties import Announcement, Party
from ..rules import GameType, Rules
from ._interned import ANNOUNCES as _ANNOUNCES
from ._positions import held_count
from ._state import HELD, SETUP, TURN, Deal, HasState, _Setup, successor
from .actions import Action, Announced, level_error, level_type_error
from .reservations import check_seat, seat_error

__all__ = [
    "add_announcements",
    "announce",
    "announcing_seats",
    "can_announce",
    "check_announce",
    "legal_announcements",
    "legal_levels",
    "seat_levels",
]

_MARRIAGE: Final = GameType.MARRIAGE
_RE: Final = Party.RE
_LEVELS: Final = tuple(Announcement)
OPEN_TRICKS: Final = 6
"""Completed tricks (past a marriage's shift) after which no seat may announce.

Every hand is then below the lowest deadline of all, a late reply to schwarz
(SPEC §8.4, §8.6c; see :func:`_level_run`): a seat that has not played to the
trick holds ``tricks - played`` cards, and that deadline is ``tricks - 6 - shift``.
"""


def _announce_action(level: Announcement | int) -> str:
    """How an error names the announcement of ``level`` (already known to be 0-4)."""
    return f"announce {Announcement(level).label_generic}"


def _announcement_result(
    self: HasState, seat: int, level: Announcement
) -> tuple[Party, PartyAnnouncements, PartyAnnouncements]:
    """The announcer's party, its state before and its state after the announcement."""
    if type(level) is not Announcement:
        if type(level) is not int:
            raise level_type_error(level, seat)
        if not 0 <= level <= 4:
            raise level_error(level, seat if type(seat) is int and 0 <= seat <= 3 else None)
    if type(seat) is not int or not 0 <= seat <= 3:
        raise seat_error(seat, _announce_action(level))
    state = self._state
    setup = state[SETUP]
    game = setup.game_type
    if game is None or setup.order is None:
        if setup.extra.void is not None:
            raise WrongPhaseError(
                "the deal is void", seat=seat, action=_announce_action(level), rule="V§8"
            )
        if game is not None:
            raise AnnouncementBannedError(
                "announcements open when the Armut exchange is complete",
                seat=seat,
                action=_announce_action(level),
                rule="V§6.5",
            )
        raise AnnouncementBannedError(
            "announcements open only after the reservation round",
            seat=seat,
            action=_announce_action(level),
            rule="§8.3",
        )
    if len(state[2]) == setup.rules.tricks:
        raise WrongPhaseError(
            "the deal is finished", seat=seat, action=_announce_action(level), rule="§9.1"
        )
    clarification = setup.clarification_trick
    if game is _MARRIAGE and clarification is None:
        raise AnnouncementBannedError(
            "no announcement before the marriage's clarification trick is complete",
            seat=seat,
            action=_announce_action(level),
            rule="§7.4",
        )
    party = setup.parties[seat]
    assert party is not None
    if party is _RE:
        own, opponents = setup.re_announcements, setup.kontra_announcements
    else:
        own, opponents = setup.kontra_announcements, setup.re_announcements
    try:
        new = apply_announcement(
            own,
            opponents,
            level,
            hand_size=held_count(setup, state[HELD], seat),
            shift=0 if clarification is None else clarification - 1,
            rules=setup.rules,
        )
    except IllegalActionError as error:
        error.seat = seat
        raise
    return party, own, new


def check_announce(self: HasState, seat: int, level: Announcement) -> None:
    """Raise unless ``seat`` may announce ``level`` now (SPEC §7.4, §8).

    A repetition of a level the party already holds is legal and changes
    nothing (SPEC §8.6a).

    Raises:
        AnnouncementBannedError: before the contract is fixed, or in a marriage
            before the clarification trick.
        AnnouncementTooLateError: the deadline for the seat's hand size has passed.
        LateReplyLockError: an absage after the party's late reply.
        WrongPhaseError: the deal is finished.
    """
    _announcement_result(self, seat, level)


def can_announce(self: HasState, seat: int, level: Announcement) -> bool:
    """Whether :meth:`check_announce` would accept the announcement."""
    try:
        _announcement_result(self, seat, level)
    except DoppelkopfError:
        return False
    return True


def announce(self: Deal, seat: int, level: Announcement) -> Deal:
    """``seat`` announces ``level`` for its party; a repetition returns the deal unchanged.

    Raises:
        AnnouncementBannedError, AnnouncementTooLateError, LateReplyLockError,
            WrongPhaseError: see :meth:`check_announce`.
    """
    party, own, new = _announcement_result(self, seat, level)
    if new is own:
        return self
    setup, held, tricks, leader, cards, turn = self._state
    event = Announced(
        seat,
        Announcement(level),
        party,
        held_count(setup, held, seat),
        4 * len(tricks) + len(cards),
        late_reply=not new.timely and own.level is None,
    )
    calls = (*setup.announcements, event)
    if party is _RE:
        setup = setup._replace(re_announcements=new, announcements=calls)
    else:
        setup = setup._replace(kontra_announcements=new, announcements=calls)
    return successor(self, (setup, held, tricks, leader, cards, turn))


def legal_announcements(self: HasState, seat: int) -> tuple[Announcement, ...]:
    """The announcements ``seat`` may make now that add something (SPEC §7.4, §8).

    Repetitions are legal but add nothing, so they are not listed.  This is the
    rule of :meth:`Deal.check_announce` asked as a list: exactly the levels
    ``L`` for which ``deal.can_announce(seat, L)`` holds and the announcement
    changes the deal (a property test pins the two together).
    """
    check_seat(seat, "legal announcements")
    state = self._state
    setup = state[SETUP]
    game = setup.game_type
    rules = setup.rules
    if game is None or setup.order is None or len(state[2]) == rules.tricks:
        return ()  # SPEC §8.3, V§6.5, V§8
    clarification = setup.clarification_trick
    if game is _MARRIAGE and clarification is None:  # SPEC 7.4
        return ()
    party = setup.parties[seat]
    if party is _RE:
        own, opponents = setup.re_announcements, setup.kontra_announcements
    else:
        own, opponents = setup.kontra_announcements, setup.re_announcements
    shift = 0 if clarification is None else clarification - 1
    return legal_levels(own, opponents, held_count(setup, state[HELD], seat), shift, rules)


def legal_levels(
    own: PartyAnnouncements,
    opponents: PartyAnnouncements,
    size: int,
    shift: int,
    rules: Rules,
) -> tuple[Announcement, ...]:
    """The levels a party holding ``own`` may add now, ``size`` cards in the announcer's hand.

    The deadlines of :func:`doppelkopf.announce.apply_announcement` asked as a
    list, once announcements are open (SPEC §8.2, §8.6, §8.8, V§4).

    >>> from doppelkopf import PartyAnnouncements
    >>> from doppelkopf.announce import NOTHING
    >>> re = PartyAnnouncements(Announcement.RE_KONTRA, True)
    >>> [level.name for level in legal_levels(re, NOTHING, 10, 0, Rules())]  # SPEC §8.2: n ≥ 10
    ['NO_90', 'NO_60', 'NO_30', 'SCHWARZ']
    >>> legal_levels(NOTHING, re, 10, 0, Rules())  # a late reply, one card after Re (§8.6c)
    (<Announcement.RE_KONTRA: 0>,)
    >>> legal_levels(re, NOTHING, 8, 0, Rules())
    ()
    """
    start, stop = _level_run(own, opponents, size, shift, rules)
    return _LEVELS[start:stop]


def _level_run(
    own: PartyAnnouncements,
    opponents: PartyAnnouncements,
    size: int,
    shift: int,
    rules: Rules,
) -> tuple[int, int]:
    """:func:`legal_levels` as the bounds of a slice of the five levels.

    The legal levels are always a run up to schwarz (every absage shares the
    deadline of the lowest level it adds, SPEC 8.8c), or a bare late reply;
    without skipping (V§4) the run is the next level alone.  The deadline of
    level L is ``rules.deadlines[L]``, the hand size minus L + 1 (SPEC §8.4),
    computed here: every bot asks this for every seat before every card.
    """
    last = rules._tricks - 1 - shift  # the deadline of level 0, shifted
    level = own.level
    if level is None:
        if size >= last:
            return (0, 5) if rules.skip_levels else (0, 1)
        answered = opponents.level
        if answered is not None and size >= last - answered - 1:
            return (0, 1)
        return (0, 0)
    if level == 4 or not own.timely or size < last - level - 1:
        return (0, 0)
    return (level + 1, 5) if rules.skip_levels else (level + 1, level + 2)


def seat_levels(deal: HasState, setup: _Setup, seat: int) -> tuple[int, int]:
    """:func:`legal_announcements` of ``seat`` (known good) as the bounds of a slice
    of the five levels, in a deal whose card order is fixed and that is not
    finished (the caller has seen tricks left); ``setup`` is the deal's."""
    _, _, tricks, leader, cards, _ = deal._state
    rules = setup.rules
    played = len(tricks)
    clarification = setup.clarification_trick
    if clarification is None:
        if setup.game_type is _MARRIAGE:  # SPEC §7.4
            return (0, 0)
        shift = 0
    else:
        shift = clarification - 1
    if setup.parties[seat] is _RE:
        own, opponents = setup.re_announcements, setup.kontra_announcements
    else:
        own, opponents = setup.kontra_announcements, setup.re_announcements
    # Every seat holds the same number of cards between tricks (the Armut
    # exchange moves three cards each way); within a trick the seats that
    # have played hold one fewer.  Cheaper than counting the hand's bits.
    size = rules._tricks - played - (((seat - leader) & 3) < len(cards))
    return _level_run(own, opponents, size, shift, rules)


def add_announcements(actions: list[Action], deal: HasState, setup: _Setup) -> None:
    """Append every seat's legal announcements in play to ``actions``, seat by seat."""
    clarification = setup.clarification_trick
    if clarification is None and setup.game_type is _MARRIAGE:  # SPEC §7.4
        return
    shift = 0 if clarification is None else clarification - 1
    rules = setup.rules
    _, _, tricks, leader, cards, _ = deal._state
    if len(tricks) > OPEN_TRICKS + shift:
        return
    top = rules._tricks - len(tricks)  # the cards of a seat that has not played to this trick
    re, kontra = setup.re_announcements, setup.kontra_announcements
    # A party's legal levels only grow with the hand size, so a party with
    # none at the largest hand size has none at all: most of a deal.
    re_start, re_stop = _level_run(re, kontra, top, shift, rules)
    kontra_start, kontra_stop = _level_run(kontra, re, top, shift, rules)
    re_open = re_start < re_stop
    kontra_open = kontra_start < kontra_stop
    if not re_open and not kontra_open:
        return
    parties = setup.parties
    for seat in (0, 1, 2, 3):
        if parties[seat] is _RE:
            if not re_open:
                continue
            own, opponents, start, stop = re, kontra, re_start, re_stop
        else:
            if not kontra_open:
                continue
            own, opponents, start, stop = kontra, re, kontra_start, kontra_stop
        if ((seat - leader) & 3) < len(cards):  # the seat has played to this trick
            start, stop = _level_run(own, opponents, top - 1, shift, rules)
        actions.extend(_ANNOUNCES[seat][start:stop])


def announcing_seats(deal: HasState) -> int:
    """The seats with a legal announcement now, as a mask (bit ``s`` for seat ``s``).

    The seats for which :func:`legal_announcements` is not empty; for the
    players' runner, which offers each of them an announcement after every
    card (SPEC §8.2).  Most of a deal, neither party has one left, which two
    calls of :func:`_level_run` tell.
    """
    state = deal._state
    setup = state[SETUP]
    if setup.order is None or state[TURN] is None:
        return 0
    levels: list[Action] = []
    add_announcements(levels, deal, setup)
    mask = 0
    for announce in levels:
        mask |= 1 << announce.seat
    return mask
