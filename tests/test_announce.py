"""Announcement legality (SPEC §7.4, §8): the L-rows of EXAMPLES.md Part 3, the
deadline table with the marriage shift, skipping, replies and the late-reply lock.

Every L-row is checked twice: with the pure rule :func:`apply_announcement` on
party states, and in a real :class:`Deal` where the announcer holds the stated
number of cards.  In the normal deals below A and C hold the ♣Q (Re), B and D
are Kontra, and A leads trick 1.
"""

from __future__ import annotations

import itertools

import pytest

from deal_helpers import (
    K30,
    K60,
    K90,
    LEVELS,
    RE,
    SCHWARZ,
    A,
    B,
    C,
    D,
    advance,
    finish,
    marriage_of_b,
    start,
)
from doppelkopf import (
    Announce,
    Announced,
    Announcement,
    AnnouncementBannedError,
    AnnouncementError,
    AnnouncementTooLateError,
    Deal,
    DoppelkopfError,
    GameType,
    LateReplyLockError,
    Party,
    PartyAnnouncements,
    Play,
    Reservation,
    WrongPhaseError,
    apply_announcement,
    can_announce,
    can_announce_level,
    check_announcement,
    deadline,
)

NOTHING = PartyAnnouncements()
RE_TIMELY = PartyAnnouncements(RE, True)
K90_TIMELY = PartyAnnouncements(K90, True)
K60_TIMELY = PartyAnnouncements(K60, True)
LATE_REPLY = PartyAnnouncements(RE, False)
DEADLINES = (11, 10, 9, 8, 7)

NORMAL = {A: "♣Q", C: "♣Q"}


def normal() -> Deal:
    """A normal game after the reservation round: Re = A, C; Kontra = B, D."""
    deal = start(NORMAL)
    assert deal.game_type is GameType.NORMAL
    assert deal.parties == (Party.RE, Party.KONTRA, Party.RE, Party.KONTRA)
    return deal


def announce_at(deal: Deal, seat: int, level: Announcement, n: int) -> Deal:
    """Play on until ``seat`` holds ``n`` cards, then let it announce ``level``."""
    deal = advance(deal, seat, n)
    assert deal.hand_size(seat) == n
    return deal.announce(seat, level)


def last_event(deal: Deal) -> Announced:
    event = deal.history[-1]
    assert isinstance(event, Announced)
    return event


# --- the L-rows, with the pure rule -------------------------------------------


def test_l01_re_at_11_is_timely_pure() -> None:
    assert apply_announcement(NOTHING, NOTHING, RE, hand_size=11) == RE_TIMELY
    check_announcement(NOTHING, NOTHING, RE, hand_size=11)
    assert can_announce(NOTHING, NOTHING, RE, hand_size=11)


def test_l02_re_at_10_with_nothing_to_reply_to_is_too_late_pure() -> None:
    with pytest.raises(AnnouncementTooLateError, match="at least 11 cards") as caught:
        apply_announcement(NOTHING, NOTHING, RE, hand_size=10)
    assert caught.value.rule == "§8.4, §8.6"
    assert not can_announce(NOTHING, NOTHING, RE, hand_size=10)


def test_l03_kontra_at_10_after_re_is_a_late_reply_and_locks_pure() -> None:
    kontra = apply_announcement(NOTHING, RE_TIMELY, RE, hand_size=10)
    assert kontra == LATE_REPLY
    assert kontra.announced
    assert kontra.late_reply
    assert not kontra.timely
    for level in (K90, K60, K30, SCHWARZ):
        with pytest.raises(LateReplyLockError) as caught:
            apply_announcement(kontra, RE_TIMELY, level, hand_size=10)
        assert caught.value.rule == "§8.7"
        assert not can_announce(kontra, RE_TIMELY, level, hand_size=12)


def test_l04_kontra_at_9_after_re_is_too_late_pure() -> None:
    with pytest.raises(AnnouncementTooLateError, match="or 10 to reply to Re/Kontra, not 9"):
        apply_announcement(NOTHING, RE_TIMELY, RE, hand_size=9)


def test_l05_kontra_at_9_after_keine_90_is_a_late_reply_pure() -> None:
    assert apply_announcement(NOTHING, K90_TIMELY, RE, hand_size=9) == LATE_REPLY
    with pytest.raises(AnnouncementTooLateError):
        apply_announcement(NOTHING, K90_TIMELY, RE, hand_size=8)


def test_l07_keine_60_at_11_counts_re_k90_and_k60_pure() -> None:
    result = apply_announcement(NOTHING, NOTHING, K60, hand_size=11)
    assert result == K60_TIMELY
    assert result.absage == 2


def test_l08_re_keine_90_at_10_is_illegal_pure() -> None:
    with pytest.raises(AnnouncementTooLateError, match="Re/Kontra needs at least 11 cards"):
        apply_announcement(NOTHING, NOTHING, K90, hand_size=10)
    assert not can_announce(NOTHING, NOTHING, K90, hand_size=10)


def test_l09_partner_says_keine_90_at_10_after_timely_re_pure() -> None:
    assert apply_announcement(RE_TIMELY, NOTHING, K90, hand_size=10) == K90_TIMELY


def test_l10_keine_60_at_9_without_keine_90_is_illegal_pure() -> None:
    with pytest.raises(AnnouncementTooLateError, match="keine 90 needs at least 10 cards"):
        apply_announcement(RE_TIMELY, NOTHING, K60, hand_size=9)
    assert not can_announce(RE_TIMELY, NOTHING, K60, hand_size=9)


def test_l12_saying_re_again_is_a_no_op_pure() -> None:
    assert apply_announcement(RE_TIMELY, NOTHING, RE, hand_size=11) is RE_TIMELY
    # A repetition is legal (SPEC §8.6a) but adds nothing, so the deprecated
    # question of whether it adds something answers no.
    assert can_announce(RE_TIMELY, NOTHING, RE, hand_size=11)
    with pytest.warns(DeprecationWarning, match="use can_announce"):
        assert not can_announce_level(RE_TIMELY, NOTHING, RE, hand_size=11)


def test_l15_silent_marriage_has_no_shift_pure() -> None:
    # Outside an announced marriage the shift is 0: Kontra at 11 is timely, at 10 too late.
    assert apply_announcement(NOTHING, NOTHING, RE, hand_size=11, shift=0) == RE_TIMELY
    with pytest.raises(AnnouncementTooLateError):
        apply_announcement(NOTHING, NOTHING, RE, hand_size=10, shift=0)


# --- the L-rows, in a real deal ----------------------------------------------


def test_l01_re_at_11_is_timely_deal() -> None:
    deal = announce_at(normal(), A, RE, 11)
    assert deal.re_state == RE_TIMELY
    assert deal.kontra_state == NOTHING
    event = last_event(deal)
    assert event == Announced(A, RE, Party.RE, 11, deal.moment, late_reply=False)
    assert deal.moment == 1


def test_l02_re_at_10_with_nothing_to_reply_to_is_too_late_deal() -> None:
    deal = advance(normal(), A, 10)
    with pytest.raises(AnnouncementTooLateError, match="at least 11 cards") as caught:
        deal.announce(A, RE)
    assert caught.value.seat == A
    assert not deal.can_announce(A, RE)
    assert RE not in deal.legal_announcements(A)


def test_l03_kontra_at_10_after_re_is_a_late_reply_and_locks_deal() -> None:
    deal = normal().announce(A, RE)
    deal = announce_at(deal, B, RE, 10)
    assert deal.kontra_state == LATE_REPLY
    assert last_event(deal) == Announced(B, RE, Party.KONTRA, 10, deal.moment, True)
    assert deal.legal_announcements(B) == ()
    for seat in (B, D):
        for level in (K90, K60, K30, SCHWARZ):
            with pytest.raises(LateReplyLockError) as caught:
                deal.announce(seat, level)
            assert caught.value.seat == seat


def test_l04_kontra_at_9_after_re_is_too_late_deal() -> None:
    deal = advance(normal().announce(A, RE), B, 9)
    with pytest.raises(AnnouncementTooLateError, match="reply") as caught:
        deal.announce(B, RE)
    assert caught.value.seat == B
    assert deal.legal_announcements(B) == ()


def test_l05_kontra_at_9_after_re_keine_90_is_a_late_reply_deal() -> None:
    deal = normal().announce(A, RE)
    deal = announce_at(deal, A, K90, 10)
    assert deal.re_state == K90_TIMELY
    deal = advance(deal, B, 9)
    assert deal.legal_announcements(B) == (RE,)
    deal = deal.announce(B, RE)
    assert deal.kontra_state == LATE_REPLY
    assert last_event(deal).late_reply


def test_l07_keine_60_at_11_counts_re_k90_and_k60_deal() -> None:
    deal = announce_at(normal(), C, K60, 11)
    assert deal.re_state == K60_TIMELY
    assert last_event(deal) == Announced(C, K60, Party.RE, 11, deal.moment)
    assert len(deal.announcements) == 1


def test_l08_re_keine_90_at_10_is_illegal_deal() -> None:
    deal = advance(normal(), C, 10)
    for level in LEVELS:
        with pytest.raises(AnnouncementTooLateError, match="Re/Kontra needs at least 11"):
            deal.announce(C, level)
    assert deal.legal_announcements(C) == ()


def test_l09_partner_says_keine_90_at_10_after_timely_re_deal() -> None:
    deal = normal().announce(A, RE)
    deal = announce_at(deal, C, K90, 10)
    assert deal.re_state == K90_TIMELY
    assert [(event.seat, event.level) for event in deal.announcements] == [(A, RE), (C, K90)]


def test_l10_keine_60_at_9_without_keine_90_is_illegal_deal() -> None:
    deal = advance(normal().announce(A, RE), A, 9)
    with pytest.raises(AnnouncementTooLateError, match="keine 90 needs at least 10"):
        deal.announce(A, K60)
    assert deal.legal_announcements(A) == ()


def test_l12_partner_saying_re_again_is_a_no_op_deal() -> None:
    deal = announce_at(normal(), A, RE, 12)
    deal = advance(deal, C, 11)
    again = deal.announce(C, RE)
    assert again is deal
    assert len(again.history) == len(deal.history)
    assert again.announcements == (Announced(A, RE, Party.RE, 12, 0),)
    deal.check_announce(C, RE)  # a repetition is legal
    assert deal.can_announce(C, RE)
    assert RE not in deal.legal_announcements(C)


def test_l13_marriage_before_the_clarification_trick_bans_every_announcement() -> None:
    deal = start({B: "♣Q ♣Q"}, {B: Reservation.MARRIAGE})
    assert deal.game_type is GameType.MARRIAGE
    for played in range(4):
        assert not deal.announcements_open
        for seat, level in itertools.product(range(4), LEVELS):
            with pytest.raises(AnnouncementBannedError, match="clarification") as caught:
                deal.announce(seat, level)
            assert caught.value.seat == seat
            assert caught.value.rule == "§7.4"
            assert not deal.can_announce(seat, level)
            assert deal.legal_announcements(seat) == ()
        assert all(isinstance(action, Play) for action in deal.legal_actions)
        if played < 3:
            turn = deal.turn
            assert turn is not None
            deal = deal.play(turn, deal.legal_cards()[0])


def test_l15_silent_marriage_kontra_at_11_is_timely_without_shift_deal() -> None:
    deal = start({C: "♣Q ♣Q"})
    assert deal.game_type is GameType.SILENT_MARRIAGE
    assert deal.shift == 0
    late = advance(deal, B, 10)
    with pytest.raises(AnnouncementTooLateError):
        late.announce(B, RE)
    deal = announce_at(deal, B, RE, 11)
    assert deal.kontra_state == RE_TIMELY
    assert last_event(deal).party is Party.KONTRA


# --- the deadline table and the marriage shift -----------------------------


@pytest.mark.parametrize("shift", [0, 1, 2])
def test_deadline_table_with_marriage_shift(shift: int) -> None:
    assert [deadline(level, shift) for level in LEVELS] == [d - shift for d in DEADLINES]


@pytest.mark.parametrize("shift", [-1, 3])
def test_deadline_rejects_impossible_shift(shift: int) -> None:
    with pytest.raises(ValueError, match="shift"):
        deadline(RE, shift)


@pytest.mark.parametrize("shift", [0, 1, 2])
@pytest.mark.parametrize("level", LEVELS)
def test_each_level_exactly_at_its_shifted_deadline(level: Announcement, shift: int) -> None:
    own = NOTHING if level == 0 else PartyAnnouncements(Announcement(level - 1), True)
    last = DEADLINES[level] - shift
    assert apply_announcement(own, NOTHING, level, hand_size=last, shift=shift) == (
        PartyAnnouncements(level, True)
    )
    with pytest.raises(AnnouncementTooLateError):
        apply_announcement(own, NOTHING, level, hand_size=last - 1, shift=shift)


def ladder(deal: Deal, seat: int, shift: int) -> None:
    """Each level is legal with exactly its shifted deadline in hand and late one card later.

    For level L the party has already said L − 1 (at the first moment it could),
    so L is the lowest level the statement adds.
    """
    party = deal.parties[seat]
    assert party is not None
    for level in LEVELS:
        before = deal if level == 0 else deal.announce(seat, Announcement(level - 1))
        last = DEADLINES[level] - shift
        on_time = advance(before, seat, last)
        assert level in on_time.legal_announcements(seat)
        after = on_time.announce(seat, level)
        assert after.announcement_state(party) == PartyAnnouncements(level, True)
        late = advance(before, seat, last - 1)
        with pytest.raises(AnnouncementTooLateError):
            late.announce(seat, level)
        assert level not in late.legal_announcements(seat)


@pytest.mark.parametrize("seat", [A, B])
def test_deadline_ladder_in_a_normal_game(seat: int) -> None:
    deal = normal()
    assert deal.shift == 0
    ladder(deal, seat, 0)


@pytest.mark.parametrize(("k", "shift"), [(1, 0), (2, 1), (3, 2), (0, 2)])
@pytest.mark.parametrize("seat", [A, B, C])
def test_deadline_ladder_after_a_marriage_clarified_in_trick_k(
    k: int, shift: int, seat: int
) -> None:
    deal = marriage_of_b(k)
    assert deal.clarification_trick == (k or 3)
    assert deal.shift == shift
    assert deal.game_type is (GameType.MARRIAGE if k else GameType.MARRIAGE_SOLO)
    assert [deal.hand_size(s) for s in range(4)] == [11 - shift] * 4
    ladder(deal, seat, shift)


# --- skipping levels (SPEC §8.8) -----------------------------------------------


def reference(
    own: PartyAnnouncements, opponents: PartyAnnouncements, level: int, n: int, s: int
) -> PartyAnnouncements | type[AnnouncementError]:
    """SPEC §13's ``announce`` pseudocode, line by line."""
    dead = [d - s for d in DEADLINES]
    result: PartyAnnouncements | type[AnnouncementError]
    if level == 0:
        if own.announced:
            result = own
        elif n >= dead[0]:
            result = PartyAnnouncements(RE, True)
        elif opponents.level is not None and n >= dead[opponents.level] - 1:
            result = PartyAnnouncements(RE, False)
        else:
            result = AnnouncementTooLateError
        return result
    own_level = -1 if own.level is None else int(own.level)
    m = 0 if not own.announced else own_level + 1
    if level <= own_level:
        result = own
    elif own.announced and not own.timely:
        result = LateReplyLockError
    elif n < dead[m]:
        result = AnnouncementTooLateError
    else:
        result = PartyAnnouncements(Announcement(level), own.timely or m == 0)
    return result


STATES = (
    NOTHING,
    LATE_REPLY,
    *(PartyAnnouncements(level, True) for level in LEVELS),
)


def test_every_state_level_hand_size_and_shift_agrees_with_the_pseudocode() -> None:
    checked = 0
    for own, opponents, level, n, s in itertools.product(
        STATES, STATES, LEVELS, range(13), range(3)
    ):
        expected = reference(own, opponents, level, n, s)
        legal = isinstance(expected, PartyAnnouncements)
        assert can_announce(own, opponents, level, hand_size=n, shift=s) is legal
        if isinstance(expected, PartyAnnouncements):
            result = apply_announcement(own, opponents, level, hand_size=n, shift=s)
            assert result == expected
            if expected is own:
                assert result is own
        else:
            with pytest.raises(expected):
                apply_announcement(own, opponents, level, hand_size=n, shift=s)
        checked += 1
    assert checked == 7 * 7 * 5 * 13 * 3


def test_skipped_levels_count_only_while_each_is_timely() -> None:
    # With 11 cards and nothing said, any level may be announced at once.
    for level in LEVELS:
        assert apply_announcement(NOTHING, NOTHING, level, hand_size=11).level is level
    # After a timely Re, keine 60 at 10 includes keine 90 (still timely at 10) ...
    assert apply_announcement(RE_TIMELY, NOTHING, K60, hand_size=10) == K60_TIMELY
    assert apply_announcement(RE_TIMELY, NOTHING, SCHWARZ, hand_size=10).level is SCHWARZ
    # ... but not at 9, though keine 60 itself would be in time with 9.
    for level in (K60, K30, SCHWARZ):
        with pytest.raises(AnnouncementTooLateError, match="keine 90 needs at least 10"):
            apply_announcement(RE_TIMELY, NOTHING, level, hand_size=9)
    # A missed level is never caught up, whatever level is aimed at later.
    with pytest.raises(AnnouncementTooLateError, match="keine 60 needs at least 9"):
        apply_announcement(K90_TIMELY, NOTHING, SCHWARZ, hand_size=8)


def test_skipping_in_a_deal_records_one_event_for_the_whole_statement() -> None:
    deal = announce_at(normal(), B, SCHWARZ, 11)
    assert deal.kontra_state == PartyAnnouncements(SCHWARZ, True)
    assert deal.announcements == (Announced(B, SCHWARZ, Party.KONTRA, 11, deal.moment),)
    deal = announce_at(deal.announce(A, RE), C, K30, 10)
    assert deal.re_state == PartyAnnouncements(K30, True)
    assert deal.legal_announcements(C) == (SCHWARZ,)


# --- replies (SPEC §8.6c) ------------------------------------------------------


@pytest.mark.parametrize("shift", [0, 1, 2])
@pytest.mark.parametrize(("level", "until"), [(RE, 10), (K90, 9), (K60, 8), (K30, 7), (SCHWARZ, 6)])
def test_late_reply_deadline_after_each_opponent_level(
    level: Announcement, until: int, shift: int
) -> None:
    opponents = PartyAnnouncements(level, True)
    last = until - shift
    assert apply_announcement(NOTHING, opponents, RE, hand_size=last, shift=shift) == LATE_REPLY
    with pytest.raises(AnnouncementTooLateError, match=f"or {last} to reply to"):
        apply_announcement(NOTHING, opponents, RE, hand_size=last - 1, shift=shift)


@pytest.mark.parametrize(("level", "until"), [(RE, 10), (K90, 9), (K60, 8), (K30, 7), (SCHWARZ, 6)])
def test_late_reply_deadline_after_each_opponent_level_deal(
    level: Announcement, until: int
) -> None:
    deal = normal().announce(A, level)
    assert deal.re_state == PartyAnnouncements(level, True)
    replied = announce_at(deal, B, RE, until)
    assert replied.kontra_state == LATE_REPLY
    assert last_event(replied) == Announced(B, RE, Party.KONTRA, until, replied.moment, True)
    too_late = advance(deal, B, until - 1)
    with pytest.raises(AnnouncementTooLateError):
        too_late.announce(B, RE)
    assert too_late.legal_announcements(B) == ()


def test_late_reply_in_a_marriage_solo_is_shifted_by_two() -> None:
    deal = marriage_of_b(0)  # B wins tricks 1-3: k = 3, s = 2
    deal = deal.announce(B, RE)  # with 9 cards: the last timely moment
    assert deal.re_state == RE_TIMELY
    replied = announce_at(deal, C, RE, 8)
    assert replied.kontra_state == LATE_REPLY
    with pytest.raises(AnnouncementTooLateError):
        advance(deal, C, 7).announce(C, RE)


def test_a_reply_with_enough_cards_is_timely_and_locks_nothing() -> None:
    after_schwarz = PartyAnnouncements(SCHWARZ, True)
    kontra = apply_announcement(NOTHING, after_schwarz, RE, hand_size=11)
    assert kontra == RE_TIMELY
    assert apply_announcement(kontra, after_schwarz, K90, hand_size=10) == K90_TIMELY


def test_a_reply_never_carries_an_absage() -> None:
    for level in (K90, K60, K30, SCHWARZ):
        with pytest.raises(AnnouncementTooLateError, match="Re/Kontra needs at least 11"):
            apply_announcement(NOTHING, PartyAnnouncements(SCHWARZ, True), level, hand_size=10)
    deal = advance(normal().announce(A, SCHWARZ), B, 10)
    assert deal.legal_announcements(B) == (RE,)
    for level in (K90, K60, K30, SCHWARZ):
        with pytest.raises(AnnouncementTooLateError):
            deal.announce(B, level)


def test_late_reply_lock_binds_the_partner_who_still_holds_11_cards() -> None:
    # A leads trick 1 and wins it with the first ♥10, so A plays first in
    # trick 2 and holds 10 cards while D still holds 11 (SPEC A2).
    deal = start({A: "♥10", B: "♣Q", C: "♣Q"}).announce(B, RE)
    assert deal.parties == (Party.KONTRA, Party.RE, Party.RE, Party.KONTRA)
    deal = advance(deal, A, 10)
    assert (deal.hand_size(A), deal.hand_size(D)) == (10, 11)
    assert deal.can_announce(D, RE)  # D alone would still be timely ...
    deal = deal.announce(A, RE)  # ... but A's late reply comes first
    assert deal.kontra_state == LATE_REPLY
    for level in (K90, K60, K30, SCHWARZ):
        with pytest.raises(LateReplyLockError, match="late reply") as caught:
            deal.announce(D, level)
        assert caught.value.seat == D
        assert caught.value.rule == "§8.7"
    assert deal.legal_announcements(D) == ()
    assert deal.announce(D, RE) is deal  # Kontra again: a repetition


def test_timely_partner_before_the_late_reply_keeps_the_absagen() -> None:
    deal = start({A: "♥10", B: "♣Q", C: "♣Q"}).announce(B, RE)
    deal = advance(deal, A, 10)
    deal = deal.announce(D, K90)  # D holds 11: Kontra + keine 90, timely
    assert deal.kontra_state == K90_TIMELY
    assert deal.announce(A, RE) is deal  # A's Kontra is now a repetition
    assert deal.kontra_state.timely


# --- repetition, both parties, own party ---------------------------------------


def test_repetitions_return_the_same_deal_and_record_nothing() -> None:
    deal = announce_at(normal(), A, K60, 11)
    history = deal.history
    for seat, level in ((A, RE), (A, K90), (A, K60), (C, RE), (C, K60)):
        assert deal.announce(seat, level) is deal
        assert deal.can_apply(Announce(seat, level))
    late = advance(deal, C, 2)
    for level in (RE, K90, K60):
        assert late.announce(C, level) is late
    assert late.history[: len(history)] == history
    assert late.announcements == deal.announcements
    with pytest.raises(AnnouncementTooLateError):
        late.announce(C, K30)


def test_both_parties_may_announce_the_same_absage() -> None:
    re = apply_announcement(NOTHING, NOTHING, K90, hand_size=11)
    kontra = apply_announcement(NOTHING, re, K90, hand_size=11)
    assert re == kontra == K90_TIMELY
    deal = normal().announce(A, K90).announce(B, K90)
    deal = announce_at(deal, D, K60, 10)
    deal = announce_at(deal, C, K60, 10)
    assert deal.re_state == deal.kontra_state == K60_TIMELY
    assert [(event.seat, event.level, event.party) for event in deal.announcements] == [
        (A, K90, Party.RE),
        (B, K90, Party.KONTRA),
        (D, K60, Party.KONTRA),
        (C, K60, Party.RE),
    ]


def test_an_announcement_counts_for_the_announcers_own_party() -> None:
    deal = normal()
    kontra = deal.announce(B, RE)
    assert kontra.kontra_state == RE_TIMELY
    assert kontra.re_state == NOTHING
    event = last_event(kontra)
    assert event.party is Party.KONTRA
    assert "Kontra" in str(event)
    re = deal.announce(C, RE)
    assert re.re_state == RE_TIMELY
    assert re.kontra_state == NOTHING
    assert "Re" in str(last_event(re))
    # In a solo the soloist alone is Re and the three others announce for Kontra.
    solo = start(NORMAL, {C: Reservation.CLUBS_SOLO})
    for seat in (A, B, D):
        assert last_event(solo.announce(seat, K90)).party is Party.KONTRA
    assert last_event(solo.announce(C, K90)).party is Party.RE


def test_announcements_at_any_instant_judged_by_own_hand_size() -> None:
    deal = normal()
    assert deal.turn == A
    deal = deal.announce(D, RE)  # not D's turn: announcing needs no turn
    assert deal.kontra_state == RE_TIMELY
    deal = advance(deal, A, 11)
    # A has played, C has not: A holds 11, C 12; both are still in time for keine 90.
    assert (deal.hand_size(A), deal.hand_size(C)) == (11, 12)
    assert deal.legal_announcements(C) == LEVELS


def test_announcement_errors_carry_seat_action_and_rule() -> None:
    reserving = Deal.from_hands(normal().dealt)
    with pytest.raises(AnnouncementBannedError, match="reservation round") as banned:
        reserving.announce(B, K90)
    assert (banned.value.seat, banned.value.rule) == (B, "§8.3")
    assert banned.value.action == "announce keine 90"
    late = advance(normal(), C, 9)
    with pytest.raises(AnnouncementTooLateError) as too_late:
        late.announce(C, K30)
    assert (too_late.value.seat, too_late.value.rule) == (C, "§8.4, §8.8")
    assert str(too_late.value).endswith("(§8.4, §8.8)")
    assert isinstance(too_late.value, DoppelkopfError)
    assert isinstance(too_late.value, ValueError)
    finished = finish(normal())
    with pytest.raises(WrongPhaseError, match="finished") as over:
        finished.announce(A, RE)
    assert over.value.rule == "§9.1"
