"""More refusals of a hand-built or tampered :class:`~doppelkopf.PlayerView` (SPEC §6.1).

Each test takes a real view of a deal, changes one or two fields with
:func:`attrs.evolve` so that they contradict the rules or each other, and
requires the library's error, with the rule that forbids the view, at
construction.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest

from deal_helpers import armut_deal, declare_all, with_both_club_queens
from doppelkopf import (
    Announcement,
    Card,
    Deal,
    GameType,
    Hand,
    Party,
    Phase,
    PlayerView,
    RandomPlayer,
    Reservation,
    Rules,
)
from doppelkopf.announce import NOTHING
from doppelkopf.deal import Announced, Declare
from doppelkopf.deal.reservations import SoloKind
from doppelkopf.errors import DoppelkopfError, InvalidTypeError, InvalidValueError
from doppelkopf.players import iter_deal

CLUB_QUEEN = Card.parse("♣Q")
BORED: Any = "bored"


def _refused(
    build: Callable[[], PlayerView], error: type[DoppelkopfError], rule: str, words: str
) -> None:
    with pytest.raises(error) as caught:
        build()
    assert getattr(caught.value, "rule", "") == rule
    assert words in str(caught.value)


def _states(deal: Deal, seed: int = 0, rate: float = 0.0) -> Iterator[Deal]:
    players = [RandomPlayer(seed=seed + s, reservation_rate=rate) for s in range(4)]
    yield deal
    yield from (step.deal for step in iter_deal(deal, players))


def _armut_states(refuse: bool = False) -> list[Deal]:
    deal = armut_deal(0)
    states = [deal]
    while deal.phase in (Phase.POVERTY_PASS, Phase.POVERTY_OFFER, Phase.POVERTY_RETURN):
        actions = list(deal.legal_actions)
        if deal.phase is Phase.POVERTY_OFFER:
            wanted = [a for a in actions if getattr(a, "accept", None) is not refuse]
            actions = wanted or actions
        deal = deal.apply(actions[0])
        states.append(deal)
    return states


def _swap(hand: Hand, out: Card, into: Card) -> Hand:
    return Hand.from_bits(hand.bits - (1 << (2 * out.index)) + (1 << (2 * into.index)))


def _missing(view: PlayerView) -> Card:
    """A card neither in the viewer's hand nor played, that is not the ♣Q."""
    seen = set(view.hand) | {
        card for trick in (*view.tricks, view.current_trick) for card in trick.cards
    }
    return next(card for card in view.rules.deck if card not in seen and card != CLUB_QUEEN)


# --- 1. the fields of the Armut and the void deal --------------------------------


def _poverty_view(phase: Phase, seat_role: str = "poor") -> PlayerView:
    for deal in _armut_states():
        if deal.phase is phase:
            poverty = deal.poverty
            assert poverty is not None
            seat = poverty.poor
            if seat_role == "outside":
                seat = next(s for s in range(4) if s not in (poverty.poor, poverty.acceptor))
            elif seat_role == "acceptor":
                assert poverty.acceptor is not None
                seat = poverty.acceptor
            return deal.view(seat)
    raise AssertionError(phase)


def _play_with_poverty(seat_role: str = "poor") -> PlayerView:
    deal = _armut_states()[-1]
    assert deal.phase is Phase.PLAY
    assert deal.poverty is not None
    poverty = deal.poverty
    seat = poverty.poor
    if seat_role == "outside":
        seat = next(s for s in range(4) if s not in (poverty.poor, poverty.acceptor))
    return deal.view(seat)


def test_the_armut_cards_are_three() -> None:
    view = _poverty_view(Phase.POVERTY_OFFER)
    assert view.poverty is not None
    assert view.poverty.passed is not None
    short = attrs.evolve(view.poverty, passed=view.poverty.passed[:2])
    _refused(lambda: attrs.evolve(view, poverty=short), InvalidTypeError, "", "tuple of three Card")


def test_an_armut_needs_rules_with_armut() -> None:
    view = _poverty_view(Phase.POVERTY_OFFER)
    _refused(lambda: attrs.evolve(view, rules=Rules.DDV), InvalidValueError, "V§6.1", "no Armut")


def test_the_armut_is_answered_by_at_most_three_seats() -> None:
    view = _poverty_view(Phase.POVERTY_OFFER)
    assert view.poverty is not None
    many = attrs.evolve(view.poverty, answers=(False,) * 4)
    _refused(lambda: attrs.evolve(view, poverty=many), InvalidTypeError, "", "up to three bool")


def test_cards_come_back_only_with_an_acceptor_and_their_trumps() -> None:
    view = _poverty_view(Phase.POVERTY_OFFER)
    assert view.poverty is not None
    back = attrs.evolve(view.poverty, cards_returned=True)
    _refused(lambda: attrs.evolve(view, poverty=back), InvalidValueError, "V§6.7", "came back")


def test_the_armut_is_answered_after_its_cards_are_passed() -> None:
    view = _poverty_view(Phase.POVERTY_OFFER)
    assert view.poverty is not None
    early = attrs.evolve(view.poverty, answers=(False,), cards_passed=False, passed=None)
    _refused(
        lambda: attrs.evolve(view, poverty=early), InvalidValueError, "V§6.3", "before its cards"
    )


def _void_view() -> PlayerView:
    deal = _armut_states(refuse=True)[-1]
    assert deal.phase is Phase.VOID
    assert deal.void is not None
    return deal.view(deal.void.seat)


def test_a_void_deal_has_a_known_reason() -> None:
    view = _void_view()
    assert view.void is not None
    odd = attrs.evolve(view.void, reason=BORED)
    _refused(lambda: attrs.evolve(view, void=odd), InvalidTypeError, "", "'thrown' or")


def test_a_thrown_deal_names_a_known_throw_reason() -> None:
    view = _void_view()
    assert view.void is not None
    odd = attrs.evolve(view.void, throw_reason=BORED)
    _refused(lambda: attrs.evolve(view, void=odd), InvalidTypeError, "", "ThrowReason")


# --- 2. the reservation round ------------------------------------------------------


def test_the_seats_answer_in_turn() -> None:
    deal = Deal.shuffled(seed=3)
    view = deal.view(deal.dealer)
    second = (deal.dealer + 2) & 3
    declared = tuple(False if s == second else None for s in range(4))
    _refused(lambda: attrs.evolve(view, declared=declared), InvalidValueError, "§3.2", "in turn")


def _marriage(seat: int = 1) -> Deal:
    deal = Deal.from_hands(with_both_club_queens(Deal.shuffled(seed=seat).dealt, seat), dealer=seat)
    wishes = {seat: Reservation.MARRIAGE}
    return declare_all(deal, wishes)


def test_a_name_given_to_a_question_ends_the_round() -> None:
    deal = _marriage()
    view = deal.view(0)
    asked = (Declare(1, Reservation.MARRIAGE), Declare(1, Reservation.DECLINE))
    _refused(lambda: attrs.evolve(view, asked=asked), InvalidValueError, "V§6.2", "ends the round")


def test_a_question_is_answered_by_a_name_or_a_decline() -> None:
    view = _marriage().view(0)
    asked = (Declare(1, Reservation.HEALTHY),)
    _refused(
        lambda: attrs.evolve(view, asked=asked), InvalidValueError, "§3.2", "name or a decline"
    )


def test_a_forced_seat_says_no_vorbehalt() -> None:
    deal = Deal.shuffled(seed=8, rules=Rules.TOURNAMENT, owing={1, 3}, forced=True)
    deal = next(d for d in _states(deal) if d.phase is Phase.PLAY)
    assert deal.declarer is not None
    view = deal.view(deal.declarer)
    _refused(
        lambda: attrs.evolve(view, reservation=Reservation.VORBEHALT),
        InvalidValueError,
        "§3.2",
        "allows no vorbehalt",
    )


def test_a_marriage_needs_both_club_queens() -> None:
    deal = Deal.shuffled(seed=3)
    first = (deal.dealer + 1) & 3
    assert deal.hands[first].count(CLUB_QUEEN) < 2
    deal = deal.declare(first, Reservation.HEALTHY)
    view = deal.view(first)
    _refused(
        lambda: attrs.evolve(
            view,
            declared=(*[True if s == first else None for s in range(4)],),
            reservation=Reservation.MARRIAGE,
        ),
        InvalidValueError,
        "§3.2",
        "allows no marriage",
    )


def test_the_exchange_fits_the_poor_players_hand() -> None:
    view = _play_with_poverty()
    assert view.poverty is not None
    strange = tuple(card for card in view.rules.deck if card not in view.hand)[:3]
    moved = attrs.evolve(view.poverty, returned=strange)
    _refused(lambda: attrs.evolve(view, poverty=moved), InvalidValueError, "V§6.3", "do not fit")


# --- 3. the contract and the parties -----------------------------------------------


def test_the_declarer_said_vorbehalt() -> None:
    view = _marriage().view(0)
    declared = tuple(False for _ in range(4))
    _refused(
        lambda: attrs.evolve(view, declared=declared), InvalidValueError, "§3.3", "said Vorbehalt"
    )


def _solo(rules: Rules, wish: Reservation = Reservation.QUEENS_SOLO) -> Deal:
    deal = Deal.shuffled(seed=5, rules=rules)
    first = (deal.dealer + 1) & 3
    return declare_all(deal, {first: wish})


def test_a_compulsory_solo_needs_compulsory_solos() -> None:
    deal = _solo(Rules.DDV)
    view = deal.view(0)
    _refused(
        lambda: attrs.evolve(view, solo_kind=SoloKind.COMPULSORY),
        InvalidValueError,
        "V§9.1",
        "needs compulsory solos",
    )


def test_only_a_forced_deal_has_a_forced_solo() -> None:
    deal = _solo(Rules.TOURNAMENT)
    view = deal.view(0)
    _refused(
        lambda: attrs.evolve(view, solo_kind=SoloKind.FORCED),
        InvalidValueError,
        "V§9.5",
        "forced solo",
    )


def test_the_viewer_declared_the_game_it_wished() -> None:
    deal = _solo(Rules.DDV)
    assert deal.declarer is not None
    view = deal.view(deal.declarer)
    _refused(
        lambda: attrs.evolve(view, reservation=Reservation.JACKS_SOLO),
        InvalidValueError,
        "§3.3",
        "the viewer declared a",
    )


def _silent(seat: int = 1) -> Deal:
    deal = Deal.from_hands(with_both_club_queens(Deal.shuffled(seed=seat).dealt, seat), dealer=seat)
    return declare_all(deal)


def test_the_declarer_of_a_silent_marriage_holds_both_club_queens() -> None:
    deal = _silent()
    assert deal.game_type is GameType.SILENT_MARRIAGE
    assert deal.declarer == 1
    view = deal.view(1)
    hand = _swap(view.hand, CLUB_QUEEN, _missing(view))
    _refused(lambda: attrs.evolve(view, hand=hand), InvalidValueError, "§7.1", "holds both ♣Q")


def test_only_the_declarer_of_a_marriage_holds_a_club_queen() -> None:
    view = _marriage().view(0)
    assert CLUB_QUEEN not in view.hand
    out = next(card for card in view.hand if view.hand.count(card) == 1)
    hand = _swap(view.hand, out, CLUB_QUEEN)
    _refused(lambda: attrs.evolve(view, hand=hand), InvalidValueError, "§7.1", "holds a ♣Q")


def test_a_silent_marriage_is_hidden_until_both_club_queens_are_out() -> None:
    deal = _silent()
    view = deal.view(0)
    assert view.game_type is GameType.NORMAL
    _refused(
        lambda: attrs.evolve(view, game_type=GameType.SILENT_MARRIAGE, declarer=1),
        InvalidValueError,
        "§7.5",
        "public once both ♣Q",
    )


def test_a_normal_game_has_no_seat_with_both_club_queens() -> None:
    deal = declare_all(Deal.shuffled(seed=3))
    assert deal.game_type is GameType.NORMAL
    seat = next(s for s in range(4) if CLUB_QUEEN not in deal.hands[s])
    view = deal.view(seat)
    singles = [card for card in view.hand if view.hand.count(card) == 1]
    hand = _swap(_swap(view.hand, singles[0], CLUB_QUEEN), singles[1], CLUB_QUEEN)
    _refused(lambda: attrs.evolve(view, hand=hand), InvalidValueError, "§7.5", "both ♣Q plays")


# --- 4. the announcements ------------------------------------------------------------


def _normal_in_play(cards: int) -> Deal:
    deal = declare_all(Deal.shuffled(seed=3))
    for _ in range(cards):
        deal = _play_first(deal)
    return deal


def _play_first(deal: Deal) -> Deal:
    seat = deal.turn
    assert seat is not None
    return deal.play(seat, deal.legal_cards()[0])


def _re_seat(deal: Deal) -> int:
    return next(s for s in range(4) if CLUB_QUEEN in deal.dealt[s])


def _re(deal: Deal, **changes: object) -> Announced:
    seat = _re_seat(deal)
    fields: dict[str, object] = {
        "seat": seat,
        "level": Announcement.RE_KONTRA,
        "party": Party.RE,
        "hand_size": deal.rules.hand_size,
        "moment": 0,
    }
    fields.update(changes)
    return Announced(**fields)  # type: ignore[arg-type]


def test_nothing_is_announced_before_the_card_play() -> None:
    deal = Deal.shuffled(seed=3)
    view = deal.view(0)
    events = (_re(declare_all(deal)),)
    _refused(
        lambda: attrs.evolve(view, announcements=events),
        InvalidValueError,
        "§8.3",
        "before the card play",
    )


def test_announcements_follow_each_other() -> None:
    deal = _normal_in_play(0)
    view = deal.view(_re_seat(deal))
    events = (_re(deal, moment=3),)
    _refused(
        lambda: attrs.evolve(view, announcements=events),
        InvalidValueError,
        "§8.10",
        "follows the one before",
    )


def test_an_announcement_names_the_cards_held() -> None:
    deal = _normal_in_play(0)
    view = deal.view(_re_seat(deal))
    events = (_re(deal, hand_size=9),)
    _refused(
        lambda: attrs.evolve(view, announcements=events),
        InvalidValueError,
        "§8.2",
        "cards when it announced",
    )


def test_an_announcement_too_late_is_refused() -> None:
    deal = _normal_in_play(24)
    seat = _re_seat(deal)
    view = deal.view(seat)
    played = sum(1 for trick in view.tricks for s, _card in trick if s == seat)
    events = (_re(deal, moment=24, hand_size=deal.rules.hand_size - played),)
    _refused(
        lambda: attrs.evolve(view, announcements=events),
        InvalidValueError,
        "§8.6",
        "could not announce",
    )


def test_a_timely_announcement_is_no_late_reply() -> None:
    deal = _normal_in_play(0)
    view = deal.view(_re_seat(deal))
    events = (_re(deal, late_reply=True),)
    _refused(
        lambda: attrs.evolve(view, announcements=events),
        InvalidValueError,
        "§8.6",
        "not the one made",
    )


def test_the_kontra_state_is_what_its_announcements_give() -> None:
    view = _normal_in_play(0).view(0)
    state = attrs.evolve(NOTHING, level=Announcement.RE_KONTRA)
    _refused(
        lambda: attrs.evolve(view, kontra_state=state), InvalidValueError, "§8.5", "Kontra give"
    )


def test_a_marriage_announces_after_its_clarification() -> None:
    deal = _marriage()
    deal = _play_first(deal)
    view = deal.view(1)
    event = Announced(1, Announcement.RE_KONTRA, Party.RE, deal.rules.hand_size, 0)
    _refused(
        lambda: attrs.evolve(view, announcements=(event,)),
        InvalidValueError,
        "§7.4",
        "after its clarification",
    )


# --- 5. the procedures and the phase -------------------------------------------------


def test_a_seat_outside_the_exchange_sees_none_of_its_cards() -> None:
    deal = _armut_states()[-1]
    view = _play_with_poverty("outside")
    full = deal.poverty
    assert view.poverty is not None
    assert full is not None
    assert full.passed is not None
    seen = attrs.evolve(view.poverty, passed=full.passed)
    _refused(
        lambda: attrs.evolve(view, poverty=seen), InvalidValueError, "V§6.7", "outside the exchange"
    )


def test_the_seat_that_voids_the_deal_said_vorbehalt() -> None:
    view = _void_view()
    assert view.void is not None
    other = next(s for s in range(4) if not view.declared[s])
    moved = attrs.evolve(view.void, seat=other)
    _refused(
        lambda: attrs.evolve(view, void=moved), InvalidValueError, "V§8", "said Vorbehalt to void"
    )


def test_a_reservation_round_answered_by_all_is_over() -> None:
    deal = Deal.shuffled(seed=3)
    first = (deal.dealer + 1) & 3
    view = deal.declare(first, Reservation.HEALTHY).view(first)
    _refused(
        lambda: attrs.evolve(view, declared=(False,) * 4, turn=None),
        InvalidValueError,
        "§3.5",
        "the round is over",
    )


def test_the_armut_is_not_on_offer_after_three_refusals() -> None:
    view = _poverty_view(Phase.POVERTY_OFFER)
    assert view.poverty is not None
    refused = attrs.evolve(view.poverty, answers=(False, False, False))
    _refused(lambda: attrs.evolve(view, poverty=refused), InvalidValueError, "V§6.3", "on offer")
