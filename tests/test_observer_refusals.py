"""More events the observer refuses, each with the rule that forbids it (SPEC §6.1).

An :class:`~doppelkopf.Observer` keeps one seat's view from its own hand and
the public events; an event no deal could produce leaves it as it was and
raises the library's error naming the rule.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from doppelkopf import (
    Announced,
    Announcement,
    AnnouncementError,
    Card,
    Concealed,
    Deal,
    Declare,
    DoppelkopfError,
    Hand,
    InvalidReservationError,
    Observer,
    Party,
    Reservation,
    Rules,
    Schweine,
    VoidDeal,
    WrongPhaseError,
)

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
