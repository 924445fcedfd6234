"""Schmeißen and the void deal (VARIANTS.md V§7, V§8): V22, V19 (deal part), each throw reason at
its bounds, priority against Armut and solos (V§6.2), every error path."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doppelkopf import (
    Deal,
    Declare,
    Hand,
    InvalidReservationError,
    InvalidTypeError,
    Phase,
    Reservation,
    Rules,
    VoidDeal,
    WrongPhaseError,
    resolve_reservations,
    resolve_round,
    settle,
    throw_reasons,
)
from doppelkopf.deal import meets_throw_reason
from doppelkopf.errors import AnnouncementError, DoppelkopfError, IllegalActionError
from doppelkopf.parties import Announcement
from doppelkopf.rules import THROW_REASONS
from doppelkopf.strategies import deals, rules

A, B, C, D = 0, 1, 2, 3
USUAL = Rules(schmeissen={"nines5", "kings5"})
V22_HANDS = (
    "♣A ♣A ♣10 ♣K ♠A ♠A ♠10 ♠K ♥A ♥A ♥K ♥J",
    "♣9 ♣9 ♠9 ♥9 ♦9 ♣10 ♠10 ♠K ♥10 ♥K ♦K ♦J",
    "♣Q ♣Q ♠Q ♠Q ♥Q ♥Q ♦Q ♦Q ♣J ♣J ♠J ♠J",
    "♣K ♠9 ♥10 ♥9 ♦A ♦A ♦10 ♦10 ♦K ♦9 ♥J ♦J",
)
H = Reservation.HEALTHY


def thrown(rules: Rules = USUAL) -> Deal:
    deal = Deal.from_hands(V22_HANDS, rules=rules).declare(A, H)
    deal = deal.declare(B, Reservation.THROW, "nines5")
    return deal.declare(C, H).declare(D, H)


def test_v22_five_nines_throw_in_and_the_deal_is_void() -> None:
    deal = Deal.from_hands(V22_HANDS, rules=USUAL).declare(A, H)
    assert Declare(B, Reservation.THROW, "nines5") in deal.legal_actions
    assert Declare(B, Reservation.THROW, "kings5") not in deal.legal_actions
    deal = thrown()
    assert deal.phase is Phase.VOID
    assert deal.is_void
    assert deal.is_finished
    assert deal.void == VoidDeal("thrown", B, "nines5", Hand.parse(V22_HANDS[B]))
    assert deal.game_type is None
    assert deal.turn is None
    assert deal.legal_actions == ()
    assert deal.legal_cards() == ()
    for seat in range(4):
        assert deal.view(seat).void == deal.void  # the hand is shown to everyone (V§7.2)
        assert deal.view(seat).legal_actions == ()
        assert deal.view(seat).phase is Phase.VOID
    assert deal.throw_reasons == (None, "nines5", None, None)
    assert deal.history[1] == Declare(B, Reservation.THROW, "nines5")
    assert deal.initial().replay(deal.history) == deal
    assert "void" in repr(deal)


def test_v22_a_void_deal_has_no_outcome_and_takes_no_action() -> None:
    deal = thrown()
    with pytest.raises(WrongPhaseError) as caught:
        _ = deal.outcome
    assert caught.value.rule == "V§8"
    with pytest.raises(DoppelkopfError):
        settle(deal)
    with pytest.raises(WrongPhaseError) as caught:
        deal.play(A, deal.hands[A].distinct()[0])
    assert caught.value.rule == "V§8"
    with pytest.raises(WrongPhaseError):
        deal.announce(A, Announcement.RE_KONTRA)
    with pytest.raises(WrongPhaseError):
        deal.declare(A, H)
    assert deal.legal_announcements(A) == ()
    assert not deal.announcements_open


@pytest.mark.parametrize(
    ("reason", "meets", "misses"),
    [
        ("nines5", "♣9 ♣9 ♠9 ♥9 ♦9 ♣A", "♣9 ♣9 ♠9 ♥9 ♣A ♣A"),
        ("kings5", "♣K ♣K ♠K ♥K ♦K", "♣K ♣K ♠K ♥K ♣A"),
        ("nines4_kings4", "♣9 ♣9 ♠9 ♥9 ♣K ♣K ♠K ♥K", "♣9 ♣9 ♠9 ♥9 ♣K ♣K ♠K ♥A"),
        ("full7", "♣A ♣A ♠10 ♠10 ♥A ♥10 ♦A", "♣A ♣A ♠10 ♠10 ♥A ♥10 ♦K"),
        ("trumps1", "♣Q ♣A ♣A ♠A ♠A", "♣Q ♦9 ♣A ♠A"),
    ],
)
def test_each_reason_exactly_at_its_bound(reason: str, meets: str, misses: str) -> None:
    """V§7.1: at least 5 nines, 5 kings, 4 + 4, 7 aces and tens, at most 1 trump."""
    assert meets_throw_reason(Hand.parse(meets), reason)  # type: ignore[arg-type]
    assert not meets_throw_reason(Hand.parse(misses), reason)  # type: ignore[arg-type]


def test_trumps1_counts_in_the_normal_order_of_the_rules() -> None:
    hand = Hand.parse("♥10 ♣A ♣A ♠A ♠A ♥A ♥A ♣K ♣K ♠K ♠K ♥K")
    assert throw_reasons(hand, Rules(schmeissen={"trumps1"})) == ("trumps1",)
    assert throw_reasons(hand, Rules(schmeissen={"trumps1"}, dullen=False)) == ("trumps1",)
    two = Hand.parse("♥10 ♦9 ♣A ♣A ♠A ♠A ♥A ♥A ♣K ♣K ♠K ♠K")
    assert throw_reasons(two, Rules(schmeissen={"trumps1"})) == ()
    assert throw_reasons(two, Rules(schmeissen={"trumps1"}, dullen=False)) == ("trumps1",)


def test_only_reasons_in_force_and_met_are_accepted() -> None:
    deal = Deal.from_hands(V22_HANDS, rules=USUAL).declare(A, H)
    with pytest.raises(InvalidReservationError) as caught:
        deal.declare(B, Reservation.THROW, "kings5")  # not met
    assert caught.value.rule == "V§7.1"
    with pytest.raises(InvalidReservationError) as caught:
        deal.declare(B, Reservation.THROW, "trumps1")  # met? no, and not in force
    assert caught.value.rule == "V§7.1"
    with pytest.raises(InvalidReservationError) as caught:
        deal.declare(B, Reservation.THROW)  # no reason
    assert caught.value.rule == "V§7.2"
    with pytest.raises(InvalidReservationError) as caught:
        deal.declare(B, H, "nines5")  # a reason without Schmeißen
    assert caught.value.rule == "V§7.2"
    with pytest.raises(InvalidReservationError):
        deal.declare(B, Reservation.THROW, "many nines")  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError):
        deal.declare(B, Reservation.THROW, 5)  # type: ignore[arg-type]
    plain = Deal.from_hands(V22_HANDS).declare(A, H)
    with pytest.raises(InvalidReservationError) as caught:
        plain.declare(B, Reservation.THROW, "nines5")
    assert caught.value.rule == "V§7.1"
    assert not plain.can_declare(B, Reservation.THROW, "nines5")
    assert deal.can_declare(B, Reservation.THROW, "nines5")


def test_the_action_refuses_a_reason_that_does_not_fit() -> None:
    with pytest.raises(InvalidReservationError):
        Declare(B, Reservation.THROW)
    with pytest.raises(InvalidReservationError):
        Declare(B, H, "nines5")
    with pytest.raises(InvalidReservationError):
        Declare(B, Reservation.THROW, "sevens")  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError):
        Declare(B, Reservation.THROW, None)


def test_priority_throw_beats_armut_and_loses_to_a_solo() -> None:
    """V§6.2: voluntary solo > Schmeißen > Armut > Hochzeit."""
    both = Rules(armut=True, schmeissen={"nines5"})
    deal = Deal.from_hands(V22_HANDS, rules=both)
    assert deal.can_declare(A, Reservation.POVERTY)  # one trump, the ♥J
    armut = deal.declare(A, Reservation.POVERTY)
    assert not armut.can_declare(B, Reservation.POVERTY)  # four trumps
    deal = armut.declare(B, H).declare(C, Reservation.MARRIAGE).declare(D, H)
    assert deal.phase is Phase.POVERTY_PASS
    assert deal.declarer == A
    deal = armut.declare(B, Reservation.THROW, "nines5").declare(C, H).declare(D, H)
    assert deal.phase is Phase.VOID
    assert deal.void is not None
    assert deal.void.seat == B
    deal = Deal.from_hands(V22_HANDS, rules=both).declare(A, Reservation.QUEENS_SOLO)
    deal = deal.declare(B, Reservation.THROW, "nines5").declare(C, H).declare(D, H)
    assert deal.phase is Phase.PLAY
    assert deal.declarer == A
    hands = Deal.from_hands(V22_HANDS).dealt
    R = Reservation
    result = resolve_round([R.HEALTHY, R.THROW, R.POVERTY, R.MARRIAGE], D, hands, both)
    assert (result.game_type, result.declarer, result.is_void) == (None, B, True)
    result = resolve_round([R.POVERTY, R.POVERTY, R.MARRIAGE, R.HEALTHY], D, hands, both)
    assert (str(result.game_type), result.declarer) == ("poverty", A)
    with pytest.raises(InvalidReservationError):
        resolve_reservations([R.HEALTHY, R.THROW, R.HEALTHY, R.HEALTHY], D, hands, both)
    with pytest.raises(InvalidReservationError):
        resolve_round([R.HEALTHY, R.THROW, R.HEALTHY, R.HEALTHY], D, hands)  # not in force
    assert (
        resolve_reservations([R.POVERTY, R.HEALTHY, R.HEALTHY, R.HEALTHY], D, hands, both)[1] == A
    )


def test_resolve_reservations_is_unchanged_for_the_spec_answers() -> None:
    hands = Deal.shuffled(seed=4).dealt
    for answers in (
        [H, H, H, H],
        [Reservation.JACKS_SOLO, H, Reservation.CLUBS_SOLO, H],
        [H, Reservation.FLESHLESS, H, Reservation.QUEENS_SOLO],
    ):
        old = resolve_reservations(answers, D, hands)
        new = resolve_round(answers, D, hands)
        assert (new.game_type, new.declarer) == old


@settings(max_examples=40, deadline=None)
@given(deals(rules(schmeissen=frozenset(THROW_REASONS), nines=True), void=True))
def test_void_deals_have_no_outcome(deal: Deal) -> None:
    if deal.is_void:
        assert deal.turn is None
        assert deal.legal_actions == ()
        with pytest.raises(WrongPhaseError):
            _ = deal.outcome
    else:
        assert deal.void is None


@settings(max_examples=40, deadline=None)
@given(rules(), st.integers(0, 2**32))
def test_throw_reasons_agree_with_the_criteria(table: Rules, seed: int) -> None:
    for hand in Deal.shuffled(seed, rules=table).dealt:
        met = throw_reasons(hand, table)
        assert met == tuple(
            r for r in THROW_REASONS if r in table.schmeissen and meets_throw_reason(hand, r, table)
        )


def test_announcement_error_class_for_a_void_deal() -> None:
    with pytest.raises((WrongPhaseError, AnnouncementError)):
        thrown().announce(B, Announcement.RE_KONTRA)
