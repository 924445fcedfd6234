"""What a player sees: :meth:`Deal.view` as an information set (SPEC §3.3, §6.1).

A view holds the viewer's own hand and reservation, the public history and
what has been revealed of the parties, and nothing else.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterator

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from deal_helpers import (
    CLUB_QUEEN,
    K90,
    RE,
    A,
    B,
    C,
    D,
    advance,
    card,
    finish,
    first_legal,
    hands_with,
    play_cards,
    playouts,
    random_action,
    random_deals,
    start,
)
from doppelkopf import (
    Action,
    Announce,
    Card,
    Deal,
    Declare,
    GameType,
    Hand,
    Party,
    Phase,
    Play,
    PlayerView,
    Reservation,
    legal_cards,
    strategies,
)
from doppelkopf.deal.machine import seat_actions

R = Reservation
RE_, KO = Party.RE, Party.KONTRA


def walk(value: object) -> Iterator[object]:
    """Every object reachable from ``value`` through attrs fields and containers."""
    yield value
    if isinstance(value, (str, bytes, int, float, bool, enum.Enum, Card, Hand)) or value is None:
        return
    cls = type(value)
    if attrs.has(cls):
        for field in attrs.fields(cls):
            yield from walk(getattr(value, field.name))
    elif isinstance(value, (tuple, list, frozenset, set)):
        for item in value:
            yield from walk(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from walk(key)
            yield from walk(item)
    else:
        raise AssertionError(f"unexpected object in a view: {value!r}")


def assert_hides_other_hands(deal: Deal, seat: int) -> PlayerView:
    view = deal.view(seat)
    assert view.seat == seat
    assert view.hand == deal.hands[seat]
    assert view.hand_sizes == tuple(len(hand) for hand in deal.hands)
    played = {c for trick in (*deal.tricks, deal.current_trick) for c in trick.cards}
    visible = played | set(deal.hands[seat].distinct())
    own_answers = {deal.declarations[seat]} | {
        a.reservation for a in view.legal_actions if isinstance(a, Declare)
    }
    # The answers of the two-step round are public: a decline says only "not this
    # kind", and the one name given is the winning wish, public with the contract.
    own_answers |= {answer.reservation for answer in view.asked if answer.seat == seat}
    declines = [a for a in view.asked if a.reservation is Reservation.DECLINE]
    own_answers |= {Reservation.DECLINE} if declines else set()
    names = [a for a in view.asked if a.reservation is not Reservation.DECLINE]
    if names:
        assert names == [view.asked[-1]], "only the last answer of the questions is a name"
        assert view.phase is not Phase.RESERVATIONS, "a name ends the questions"
        own_answers.add(names[0].reservation)
    for item in walk(view):
        if isinstance(item, Hand):
            assert item == deal.hands[seat]
        elif isinstance(item, Card):
            assert item in visible, f"{item} is hidden from seat {seat}"
        elif isinstance(item, Reservation):
            assert item in own_answers, f"another seat's {item!r} is visible to seat {seat}"
    assert view.legal_actions == tuple(a for a in deal.legal_actions if a.seat == seat)
    return view


# --- no hidden card, no other reservation ------------------------------------------


@playouts()
@given(random_deals(), st.randoms(use_true_random=False))
def test_a_view_never_shows_a_hidden_card_or_another_reservation(
    deal: Deal, rng: random.Random
) -> None:
    while True:
        views = [assert_hides_other_hands(deal, seat) for seat in range(4)]
        everyone = [a for view in views for a in view.legal_actions]
        assert sorted(map(repr, everyone)) == sorted(map(repr, deal.legal_actions))
        if deal.is_finished:
            break
        deal = deal.apply(random_action(deal, rng))


@given(
    random_deals(),
    st.randoms(use_true_random=False),
    st.integers(min_value=0, max_value=3),
    st.integers(min_value=0, max_value=60),
)
def test_views_are_equal_when_only_the_hidden_cards_differ(
    deal: Deal, rng: random.Random, seat: int, steps: int
) -> None:
    """Whatever a view claims (cards, game type, parties) holds in every deal that the
    viewer cannot tell apart from the real one."""
    for _ in range(steps):
        if deal.is_finished:
            break
        deal = deal.apply(random_action(deal, rng))
    # Swap two unplayed cards between two other hands; a ♣Q may move too, which
    # changes the parties (and may turn a normal game into a silent marriage) ...
    j = rng.choice([s for s in range(4) if s != seat])
    k = rng.choice([s for s in range(4) if s not in (seat, j)])
    assume(deal.hands[j] and deal.hands[k])
    x, y = rng.choice(deal.hands[j].distinct()), rng.choice(deal.hands[k].distinct())
    assume(x is not y)
    dealt = list(deal.dealt)
    dealt[j] = dealt[j].remove(x).add(y)
    dealt[k] = dealt[k].remove(y).add(x)
    # ... and replay the same actions in both, for as long as the other deal looks
    # the same from outside: the actions stay legal and every announcement is
    # spoken for the same party.
    real, other = deal.initial(), Deal.from_hands(dealt, dealer=deal.dealer)
    assert real.view(seat) == other.view(seat)
    for event in deal.history:
        action = event.as_action()
        if not other.can_apply(action):
            return
        real, other = real.apply(action), other.apply(action)
        if other.announcements != real.announcements:
            return
        assert real.view(seat) == other.view(seat)
    assert other.hands[seat] == deal.hands[seat]
    assert other.hands[j] != deal.hands[j]


@playouts()
@given(random_deals(), st.randoms(use_true_random=False))
def test_what_a_view_claims_is_true(deal: Deal, rng: random.Random) -> None:
    while True:
        for seat in range(4):
            view = deal.view(seat)
            for claimed, actual in zip(view.known_parties, deal.parties, strict=True):
                assert claimed is None or claimed is actual
            if deal.game_type is not None:
                assert view.party is deal.parties[seat] or deal.game_type is GameType.MARRIAGE
            if view.game_type is not deal.game_type:
                assert (view.game_type, deal.game_type) == (
                    GameType.NORMAL,
                    GameType.SILENT_MARRIAGE,
                )
                assert view.declarer is None
            else:
                assert view.declarer == deal.declarer
        if deal.is_finished:
            break
        deal = deal.apply(random_action(deal, rng))


# --- parties in a normal game -----------------------------------------------------


def known(deal: Deal) -> list[tuple[Party | None, ...]]:
    return [deal.view(seat).known_parties for seat in range(4)]


def test_normal_game_viewer_knows_only_its_own_party_at_first() -> None:
    deal = start({A: "♣Q", C: "♣Q"})
    assert known(deal) == [
        (RE_, None, None, None),
        (None, KO, None, None),
        (None, None, RE_, None),
        (None, None, None, KO),
    ]
    assert [deal.view(seat).party for seat in range(4)] == [RE_, KO, RE_, KO]
    assert all(deal.view(seat).game_type is GameType.NORMAL for seat in range(4))


def test_playing_a_club_queen_reveals_re() -> None:
    deal = play_cards(start({A: "♣Q ♦9", C: "♣Q"}), "♣Q")
    # B and D hold no ♣Q: A might hold both (a silent marriage), so C stays unknown.
    assert deal.view(B).known_parties == (RE_, KO, None, None)
    assert deal.view(D).known_parties == (RE_, None, None, KO)
    # C holds the other ♣Q: two Re are known, so the other two are Kontra.
    assert deal.view(C).known_parties == (RE_, KO, RE_, KO)
    # A learns nothing new yet.
    assert deal.view(A).known_parties == (RE_, None, None, None)


def test_both_club_queens_from_two_hands_reveal_everything() -> None:
    deal = start({A: "♣Q ♦9", B: "♦9", C: "♣Q", D: "♦10"})
    deal = play_cards(deal, "♣Q ♦9")
    assert deal.turn == C
    deal = deal.play(C, CLUB_QUEEN)
    for seat in range(4):
        assert deal.view(seat).known_parties == (RE_, KO, RE_, KO)


def test_announcements_reveal_the_announcers_party() -> None:
    deal = start({A: "♣Q", C: "♣Q"})
    deal = deal.announce(B, RE)
    assert deal.view(A).known_parties == (RE_, KO, None, None)  # Re 1, Kontra 1: no more
    assert deal.view(D).known_parties == (None, KO, None, KO)  # D holds no ♣Q: unsure
    assert deal.view(C).known_parties == (None, KO, RE_, None)
    deal = deal.announce(D, K90)
    # A holds one ♣Q, so the game is 2 against 2: two Kontra make C Re.
    assert deal.view(A).known_parties == (RE_, KO, RE_, KO)
    assert deal.view(C).known_parties == (RE_, KO, RE_, KO)
    # B and D hold no ♣Q: A and C might be a silent marriage and a Kontra player.
    assert deal.view(B).known_parties == (None, KO, None, KO)
    assert deal.view(D).known_parties == (None, KO, None, KO)
    deal = deal.announce(C, RE)
    assert deal.view(B).known_parties == (None, KO, RE_, KO)


def test_two_seats_known_as_re_make_the_rest_kontra() -> None:
    deal = play_cards(start({A: "♣Q ♦9", C: "♣Q"}), "♣Q").announce(C, RE)
    # B sees A's ♣Q and hears C's Re: only a normal game has two Re players.
    assert deal.view(B).known_parties == (RE_, KO, RE_, KO)
    assert deal.view(D).known_parties == (RE_, KO, RE_, KO)


def test_three_seats_known_as_kontra_make_the_fourth_re() -> None:
    deal = start({C: "♣Q ♣Q"})  # a silent marriage of C
    deal = deal.announce(A, RE).announce(D, K90)
    # B is Kontra itself and hears A and D speak for Kontra: C is the only Re.
    assert deal.view(B).known_parties == (KO, KO, RE_, KO)


def test_marriage_and_solo_parties_are_public() -> None:
    deal = start({B: "♣Q ♣Q"}, {B: R.MARRIAGE})
    for seat in range(4):
        view = deal.view(seat)
        assert view.known_parties == (None, RE_, None, None)
        assert (view.game_type, view.declarer, view.partner) == (GameType.MARRIAGE, B, None)
    solo = start({A: "♣Q", C: "♣Q"}, {D: R.SPADES_SOLO})
    for seat in range(4):
        view = solo.view(seat)
        assert view.known_parties == (KO, KO, KO, RE_)
        assert (view.game_type, view.declarer) == (GameType.SPADES_SOLO, D)


# --- silent marriage ---------------------------------------------------------------


def test_silent_marriage_looks_normal_until_the_second_club_queen() -> None:
    deal = start({A: "♦9", C: "♣Q ♣Q ♥10 ♥10"})
    assert deal.game_type is GameType.SILENT_MARRIAGE
    soloist = deal.view(C)
    assert (soloist.game_type, soloist.declarer) == (GameType.SILENT_MARRIAGE, C)
    assert soloist.known_parties == (KO, KO, RE_, KO)

    def others_see(game: GameType, declarer: int | None) -> None:
        for seat in (A, B, D):
            view = deal.view(seat)
            assert (view.game_type, view.declarer) == (game, declarer)
            if game is GameType.SILENT_MARRIAGE:
                assert view.known_parties == (KO, KO, RE_, KO)

    others_see(GameType.NORMAL, None)
    assert deal.view(B).known_parties == (None, KO, None, None)
    deal = play_cards(deal, "♦9")
    deal = deal.play(B, first_legal(deal))
    deal = deal.play(C, CLUB_QUEEN)
    others_see(GameType.NORMAL, None)
    assert deal.view(B).known_parties == (None, KO, RE_, None)
    deal = deal.play(D, first_legal(deal))
    assert deal.tricks[0].winner(GameType.SILENT_MARRIAGE) == C
    others_see(GameType.NORMAL, None)
    deal = deal.play(C, CLUB_QUEEN)  # the second ♣Q, from the same hand
    others_see(GameType.SILENT_MARRIAGE, C)


def test_silent_marriage_announcements_do_not_give_it_away() -> None:
    deal = start({C: "♣Q ♣Q"})
    deal = deal.announce(C, RE).announce(A, RE)
    view = deal.view(B)
    assert view.game_type is GameType.NORMAL
    assert view.known_parties == (KO, KO, RE_, None)
    assert [(e.seat, e.party) for e in view.announcements] == [(C, RE_), (A, KO)]


# --- reservations --------------------------------------------------------------------


def test_others_reservations_show_only_as_declared() -> None:
    deal = Deal.from_hands(hands_with({B: "♣Q ♣Q"}))
    deal = deal.declare(A, R.HEALTHY).declare(B, R.MARRIAGE)
    view = assert_hides_other_hands(deal, C)
    assert view.declared == (False, True, None, None)
    assert view.reservation is None
    assert R.MARRIAGE not in [item for item in walk(view) if isinstance(item, Reservation)]
    deal = deal.declare(C, R.QUEENS_SOLO).declare(D, R.HEALTHY)  # R01
    view = assert_hides_other_hands(deal, A)
    assert view.declared == (False, True, True, False)
    assert view.reservation is R.HEALTHY
    assert (view.game_type, view.declarer) == (GameType.QUEENS_SOLO, C)
    assert [item for item in walk(view) if isinstance(item, Reservation)] == [R.HEALTHY]
    own = deal.view(B)
    assert own.reservation is R.MARRIAGE


def test_a_view_during_the_reservation_round() -> None:
    deal = Deal.from_hands(hands_with({A: "♣Q", C: "♣Q"}), dealer=1)
    for seat in range(4):
        view = deal.view(seat)
        assert view.game_type is None
        assert view.known_parties == (None, None, None, None)
        assert view.turn == 2
        assert view.dealer == 1
    assert {type(a) for a in deal.view(2).legal_actions} == {Declare}
    assert deal.view(0).legal_actions == ()
    with pytest.raises(ValueError, match="seat"):
        deal.view(4)


# --- a bot that sees only its view ----------------------------------------------------


def view_bot(view: PlayerView, rng: random.Random) -> Action | None:
    """Pick an action from what the view shows: answer healthy, announce now and then,
    and play a card that the following rule allows for the view's own hand."""
    if view.turn != view.seat:
        announces = [a for a in view.legal_actions if isinstance(a, Announce)]
        return rng.choice(announces) if announces and rng.random() < 0.05 else None
    if view.game_type is None:
        return Declare(view.seat, R.HEALTHY)
    options = legal_cards(view.hand, view.current_trick, view.game_type)
    plays = [a for a in view.legal_actions if isinstance(a, Play)]
    assert [a.card for a in plays] == list(options)
    return Play(view.seat, rng.choice(options))


@playouts()
@given(random_deals(), st.randoms(use_true_random=False))
def test_a_bot_using_only_views_plays_a_whole_deal(deal: Deal, rng: random.Random) -> None:
    actions = 0
    while not deal.is_finished:
        for seat in range(4):
            if seat != deal.turn:
                announce = view_bot(deal.view(seat), rng)
                if announce is not None:
                    deal = deal.apply(announce)
        turn = deal.turn
        assert turn is not None
        action = view_bot(deal.view(turn), rng)
        assert action is not None
        deal = deal.apply(action)
        actions += 1
    assert actions == 52
    assert len(deal.tricks) == 12
    assert deal.outcome.card_points(Party.RE) + deal.outcome.card_points(Party.KONTRA) == 240


def test_a_view_of_a_finished_deal() -> None:
    deal = finish(start({A: "♣Q", C: "♣Q"}))
    view = deal.view(B)
    assert view.turn is None
    assert view.legal_actions == ()
    assert view.hand == Hand()
    assert len(view.tricks) == 12
    assert len(view.played_cards) == 48
    assert view.known_parties == (RE_, KO, RE_, KO)


def test_view_lists_announcements_with_parties() -> None:
    deal = start({A: "♣Q", C: "♣Q"}).announce(D, RE)
    deal = advance(deal, A, 11).announce(A, K90)
    view = deal.view(B)
    assert [(e.seat, e.level, e.party) for e in view.announcements] == [
        (D, RE, KO),
        (A, K90, RE_),
    ]
    assert card("♣Q") not in view.hand


@settings(max_examples=80, deadline=None)
@given(strategies.deals(strategies.rules()))
def test_a_view_lists_the_legal_actions_of_its_seat(deal: Deal) -> None:
    """SPEC §3.2, §5.2, §8: the view lists, from what the seat knows, the seat's legal actions."""
    for seat in range(4):
        assert deal.view(seat).legal_actions == seat_actions(deal, seat)
