"""More events the observer refuses, each with the rule that forbids it (SPEC §6.1).

An :class:`~doppelkopf.Observer` keeps one seat's view from its own hand and
the public events; an event no deal could produce leaves it as it was and
raises the library's error naming the rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from deal_helpers import declare_all, with_both_club_queens
from doppelkopf import (
    Announce,
    Announced,
    Announcement,
    AnnouncementError,
    AnswerPoverty,
    Card,
    Concealed,
    Deal,
    Declare,
    DoppelkopfError,
    GameType,
    Hand,
    IllegalActionError,
    InvalidReservationError,
    Observer,
    Party,
    PassCards,
    Question,
    Reservation,
    ReservationKind,
    Rules,
    Schweine,
    VoidDeal,
    WrongPhaseError,
)
from doppelkopf.deal.poverty import may_declare_poverty, trump_bits
from doppelkopf.deal.throwing import meets_throw_reason

CLUB_QUEEN = Card.parse("♣Q")
DIAMOND_ACE = Card.parse("♦A")


def _refused(
    apply: Callable[[], object], error: type[DoppelkopfError], rule: str, words: str
) -> None:
    with pytest.raises(error) as caught:
        apply()
    assert getattr(caught.value, "rule", "") == rule
    assert words in str(caught.value)


def _start(deal: Deal, seat: int) -> Observer:
    return Observer.start(seat, deal.view(seat).hand, dealer=deal.dealer, rules=deal.rules)


def test_an_observer_equals_no_other_kind_of_value() -> None:
    deal = Deal.shuffled(seed=3)
    observer = _start(deal, 0)
    assert observer.__eq__(deal.view(0)) is NotImplemented
    assert observer == _start(deal, 0)
    assert observer != deal.view(0)


def test_no_seat_declines_before_a_question() -> None:
    deal = Deal.shuffled(seed=3)
    first = (deal.dealer + 1) & 3
    observer = _start(deal, 0)
    _refused(
        lambda: observer.apply(Declare(first, Reservation.DECLINE)),
        InvalidReservationError,
        "§3.2",
        "no question is asked yet",
    )


def _first_wish(rules: Rules, wish: Reservation, reason: str | None = None) -> None:
    deal = Deal.shuffled(seed=3, rules=rules)
    first = (deal.dealer + 1) & 3
    viewer = (first + 1) & 3
    observer = _start(deal, viewer)
    observer.apply(Declare(first, wish, reason))  # type: ignore[arg-type]


def test_no_solo_is_named_at_a_table_without_solos() -> None:
    _refused(
        lambda: _first_wish(Rules(solos=False), Reservation.QUEENS_SOLO),
        InvalidReservationError,
        "V§3",
        "without solos",
    )


def test_no_armut_is_named_at_a_table_without_armut() -> None:
    _refused(
        lambda: _first_wish(Rules.DDV, Reservation.POVERTY),
        InvalidReservationError,
        "V§6",
        "without Armut",
    )


def test_no_throw_reason_outside_the_table_s_schmeissen() -> None:
    _refused(
        lambda: _first_wish(Rules(schmeissen={"nines5"}), Reservation.THROW, "kings5"),
        InvalidReservationError,
        "V§7.1",
        "no throw reason at this table",
    )


def test_the_forced_player_names_a_solo() -> None:
    rules = Rules.TOURNAMENT
    deal = Deal.shuffled(seed=3, rules=rules)
    first = (deal.dealer + 1) & 3
    viewer = next(s for s in range(4) if s != first and CLUB_QUEEN not in deal.hands[s])
    observer = Observer.start(
        viewer, deal.view(viewer).hand, dealer=deal.dealer, rules=rules, owing={first}, forced=True
    )
    _refused(
        lambda: observer.apply(Declare(first, Reservation.MARRIAGE)),
        InvalidReservationError,
        "V§9.5",
        "names a solo",
    )


def _awaiting_contract(own: Reservation = Reservation.HEALTHY) -> tuple[Observer, int, int]:
    """An observer told a concealed Vorbehalt and healthy answers: it awaits the contract."""
    deal = Deal.shuffled(seed=3)
    order = [(deal.dealer + offset) & 3 for offset in (1, 2, 3, 4)]
    hidden, viewer = order[0], order[1]
    observer = _start(deal, viewer).apply(Concealed(hidden, "vorbehalt"))
    for seat in order[1:]:
        observer = observer.apply(Declare(seat, own if seat == viewer else Reservation.HEALTHY))
    return observer, hidden, viewer


def test_the_winning_wish_is_named_not_concealed() -> None:
    observer, hidden, _viewer = _awaiting_contract()
    assert observer.awaiting == "the contract"
    _refused(
        lambda: observer.apply(Concealed(hidden, "vorbehalt")),
        WrongPhaseError,
        "§3.3",
        "named, not concealed",
    )


def test_the_viewer_s_own_wish_is_named_as_it_was() -> None:
    observer, _hidden, viewer = _awaiting_contract(own=Reservation.QUEENS_SOLO)
    assert observer.awaiting == "the contract"
    _refused(
        lambda: observer.apply(Declare(viewer, Reservation.JACKS_SOLO)),
        InvalidReservationError,
        "§3.3",
        "not the viewer's own wish",
    )


def test_a_seat_that_did_not_throw_in_shows_no_hand() -> None:
    rules = Rules(schmeissen={"nines5"})
    deal = Deal.shuffled(seed=3, rules=rules)
    order = [(deal.dealer + offset) & 3 for offset in (1, 2, 3, 4)]
    hidden, viewer = order[0], order[1]
    observer = _start(deal, viewer).apply(Concealed(hidden, "vorbehalt"))
    for seat in order[1:]:
        observer = observer.apply(Declare(seat, Reservation.HEALTHY))
    shown = Hand.parse("♦9 ♦9 ♣9 ♣9 ♠9 ♣A ♣A ♠A ♠A ♥A ♥A ♦A")
    other = order[2]
    _refused(
        lambda: observer.apply(VoidDeal("thrown", other, "nines5", shown)),
        InvalidReservationError,
        "V§7.2",
        "did not throw in",
    )


def _playing(rules: Rules) -> tuple[Deal, Observer]:
    deal = Deal.shuffled(seed=3, rules=rules)
    order = [(deal.dealer + offset) & 3 for offset in (1, 2, 3, 4)]
    for seat in order:
        deal = deal.declare(seat, Reservation.HEALTHY)
    viewer = next(s for s in range(4) if deal.hands[s].count(DIAMOND_ACE) < 2)
    observer = _start(Deal.shuffled(seed=3, rules=rules), viewer)
    for seat in order:
        observer = observer.apply(Declare(seat, Reservation.HEALTHY))
    return deal, observer


def test_the_viewer_s_own_schweine_are_not_told() -> None:
    _deal, observer = _playing(Rules(schweinchen=True))
    _refused(
        lambda: observer.apply(Schweine(observer.seat)),
        DoppelkopfError,
        "V§2.3",
        "own Schweine are in its hand",
    )


def test_the_viewer_announces_for_its_own_party() -> None:
    deal, observer = _playing(Rules.DDV)
    seat = observer.seat
    party = deal.parties[seat]
    other = Party.KONTRA if party is Party.RE else Party.RE
    event = Announced(seat, Announcement.RE_KONTRA, other, deal.rules.hand_size, 0)
    _refused(
        lambda: observer.apply(event),
        AnnouncementError,
        "§6.1",
        "for its own party",
    )


def test_no_question_is_told_before_the_round_needs_one() -> None:
    deal = Deal.shuffled(seed=3)
    first = (deal.dealer + 1) & 3
    observer = _start(deal, 0)
    _refused(
        lambda: observer.apply(Question(first, ReservationKind.SOLO)),
        WrongPhaseError,
        "§3.2",
        "no question is asked now",
    )


def test_a_healthy_seat_is_never_asked() -> None:
    observer, hidden, viewer = _awaiting_contract()
    healthy = next(s for s in range(4) if s not in (hidden, viewer))
    _refused(
        lambda: observer.apply(Question(healthy, ReservationKind.SOLO)),
        InvalidReservationError,
        "§3.2",
        "never asked",
    )


def test_a_seat_asked_its_last_kind_names_its_wish() -> None:
    observer, hidden, _viewer = _awaiting_contract()
    asked = observer.apply(Declare(hidden, Reservation.DECLINE))  # no solo
    assert asked.view.question is ReservationKind.MARRIAGE
    _refused(
        lambda: asked.apply(Declare(hidden, Reservation.DECLINE)),
        InvalidReservationError,
        "§3.2, V§6.2",
        "must name its reservation",
    )


def _played(cards: int) -> tuple[Deal, Observer]:
    """A normal game after ``cards`` cards, and the observer of a seat fed its history."""
    start = Deal.shuffled(seed=3)
    deal = start
    for offset in (1, 2, 3, 4):
        deal = deal.declare((deal.dealer + offset) & 3, Reservation.HEALTHY)
    for _ in range(cards):
        seat = deal.turn
        assert seat is not None
        deal = deal.play(seat, deal.legal_cards()[0])
    viewer = 0
    return deal, _start(start, viewer).apply_all(deal.view(viewer).history)


def test_an_announcement_of_another_seat_too_late_is_refused() -> None:
    deal, observer = _played(24)
    assert observer.view == deal.view(0)
    seat = 1
    party = deal.parties[seat]
    assert party is not None
    event = Announced(seat, Announcement.RE_KONTRA, party, deal.view(0).hand_sizes[seat], 24)
    with pytest.raises(AnnouncementError) as caught:
        observer.apply(event)
    assert "§8" in str(getattr(caught.value, "rule", ""))


def _armut(rules: Rules) -> Deal:
    """A deal after its reservation round in which the first seat that may declare Armut does."""
    for seed in range(2000):
        deal = Deal.shuffled(seed=seed, rules=rules)
        poor = [s for s in range(4) if may_declare_poverty(deal.hands[s], rules)]
        if poor:
            for offset in (1, 2, 3, 4):
                s = (deal.dealer + offset) & 3
                wish = Reservation.POVERTY if s == poor[0] else Reservation.HEALTHY
                deal = deal.declare(s, wish)
            return deal
    raise AssertionError("no Armut in 2000 deals")


def _observer_of(deal: Deal, seat: int, dealt: Hand) -> Observer:
    return Observer.start(seat, dealt, dealer=deal.dealer, rules=deal.rules).apply_all(
        deal.view(seat).history
    )


def test_the_poor_player_passes_cards_it_holds() -> None:
    deal = _armut(Rules(armut=True))
    assert deal.poverty is not None
    poor = deal.poverty.poor
    observer = _observer_of(deal, poor, deal.hands[poor])
    assert observer.view == deal.view(poor)
    absent = tuple(card for card in deal.rules.deck if card not in deal.hands[poor])[:3]
    with pytest.raises(DoppelkopfError) as caught:
        observer.apply(PassCards(poor, absent))
    assert isinstance(caught.value, IllegalActionError)
    assert observer.view == deal.view(poor)


def test_the_acceptor_receives_no_more_trumps_than_an_armut_holds() -> None:
    rules = Rules(armut=True, armut_max_trumps=1)
    deal = _armut(rules)
    assert deal.poverty is not None
    poor = deal.poverty.poor
    dealt = [deal.hands[s] for s in range(4)]
    passed = next(a for a in deal.legal_actions if isinstance(a, PassCards))
    deal = deal.apply(passed)
    acceptor = (poor + 1) & 3
    observer = _observer_of(deal, acceptor, dealt[acceptor])
    observer = observer.apply(AnswerPoverty(acceptor, accept=True))
    assert observer.awaiting == "the passed cards"
    _refused(
        lambda: observer.apply(Question(poor, ReservationKind.SOLO)),
        WrongPhaseError,
        "§6.1",
        "waits for the passed cards",
    )
    trumps = [
        c for c in rules.deck if c not in dealt[acceptor] and trump_bits(rules) >> (2 * c.index) & 3
    ]
    _refused(
        lambda: observer.apply(PassCards(poor, tuple(trumps[:3]))),
        IllegalActionError,
        "V§6.1",
        "at most 1 trumps",
    )


def test_the_viewer_s_own_thrown_hand_is_the_hand_it_holds() -> None:
    rules = Rules(schmeissen={"nines5"})
    deal = Deal.shuffled(seed=12, rules=rules)
    hidden, viewer, third, last = ((deal.dealer + offset) & 3 for offset in (1, 2, 3, 4))
    hand = deal.hands[viewer]
    assert meets_throw_reason(hand, "nines5", rules)
    observer = _start(deal, viewer).apply_all(
        [
            Concealed(hidden, "vorbehalt"),
            Declare(viewer, Reservation.THROW, "nines5"),
            Declare(third, Reservation.HEALTHY),
            Declare(last, Reservation.HEALTHY),
        ]
    )
    assert observer.awaiting == "the contract"
    other = deal.hands[third]
    _refused(
        lambda: observer.apply(VoidDeal("thrown", viewer, "nines5", other)),
        IllegalActionError,
        "V§7.2",
        "own hand is the one shown",
    )


def _bare_round(viewer_at: int, others: tuple[str, str, str]) -> tuple[list[int], Observer]:
    """The viewer says a bare Vorbehalt; the others are healthy (H), conceal a Vorbehalt (C)
    or name a Jacks solo at once (S), in the order of the round."""
    deal = Deal.shuffled(seed=3)
    order = [(deal.dealer + offset) & 3 for offset in (1, 2, 3, 4)]
    answers = iter(others)
    events: list[Declare | Concealed] = []
    for position, seat in enumerate(order):
        if position == viewer_at:
            events.append(Declare(seat, Reservation.VORBEHALT))
            continue
        kind = next(answers)
        if kind == "C":
            events.append(Concealed(seat, "vorbehalt"))
        else:
            wish = Reservation.HEALTHY if kind == "H" else Reservation.JACKS_SOLO
            events.append(Declare(seat, wish))
    viewer = order[viewer_at]
    return order, _start(deal, viewer).apply_all(events)


def test_a_seat_that_named_its_wish_at_once_declines_no_question() -> None:
    order, observer = _bare_round(0, ("H", "C", "S"))
    _refused(
        lambda: observer.apply(Declare(order[3], Reservation.DECLINE)),
        InvalidReservationError,
        "§3.2",
        "named its wish at once",
    )


def test_a_wish_named_later_does_not_win_before_one_named_at_once() -> None:
    order, observer = _bare_round(1, ("S", "H", "C"))
    _refused(
        lambda: observer.apply(Declare(order[3], Reservation.QUEENS_SOLO)),
        InvalidReservationError,
        "V§6.2",
        f"seat {order[0]}'s wish wins before seat {order[3]}'s",
    )


def test_the_viewer_names_only_a_throw_reason_its_hand_meets() -> None:
    rules = Rules(schmeissen={"nines5", "kings5"})
    deal = Deal.shuffled(seed=12, rules=rules)
    first, viewer, third, last = ((deal.dealer + offset) & 3 for offset in (1, 2, 3, 4))
    hand = deal.hands[viewer]
    assert meets_throw_reason(hand, "nines5", rules)
    assert not meets_throw_reason(hand, "kings5", rules)
    observer = _start(deal, viewer).apply_all(
        [
            Declare(first, Reservation.HEALTHY),
            Declare(viewer, Reservation.VORBEHALT),
            Declare(third, Reservation.HEALTHY),
            Declare(last, Reservation.HEALTHY),
            Declare(viewer, Reservation.DECLINE),  # no solo
        ]
    )
    assert observer.view.question is ReservationKind.THROW
    _refused(
        lambda: observer.apply(Declare(viewer, Reservation.THROW, "kings5")),
        InvalidReservationError,
        "§3.2",
        "the viewer's hand allows no",
    )
    named = observer.apply(Declare(viewer, Reservation.THROW, "nines5"))
    assert named.view.void is not None
    assert named.view.void.throw_reason == "nines5"


def test_the_viewer_announces_nothing_before_its_marriage_is_clarified() -> None:
    seat = 1
    dealt = with_both_club_queens(Deal.shuffled(seed=seat).dealt, seat)
    deal = declare_all(Deal.from_hands(dealt, dealer=seat), {seat: Reservation.MARRIAGE})
    assert deal.game_type is GameType.MARRIAGE
    observer = _observer_of(deal, seat, dealt[seat])
    assert observer.view == deal.view(seat)
    _refused(
        lambda: observer.apply(Announce(seat, Announcement.RE_KONTRA)),
        AnnouncementError,
        "§8",
        "the viewer may not announce now",
    )


class _Unprintable:
    """A value whose text cannot be taken."""

    def __str__(self) -> str:
        raise RuntimeError("no text")

    __repr__ = __str__


def test_a_thrown_deal_showing_no_hand_is_refused_by_an_excerpt() -> None:
    rules = Rules(schmeissen={"nines5"})
    deal = Deal.shuffled(seed=3, rules=rules)
    order = [(deal.dealer + offset) & 3 for offset in (1, 2, 3, 4)]
    observer = _start(deal, order[1]).apply_all(
        [Concealed(order[0], "vorbehalt")]
        + [Declare(seat, Reservation.HEALTHY) for seat in order[1:]]
    )
    assert observer.awaiting == "the contract"
    shown: Any = _Unprintable()
    event = VoidDeal("thrown", order[0], "nines5", shown)
    with pytest.raises(IllegalActionError) as caught:
        observer.apply(event)
    assert caught.value.rule == "V§8"
    assert "shows the hand" in str(caught.value)
    assert "VoidDeal" in str(caught.value.action)
