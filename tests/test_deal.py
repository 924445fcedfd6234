"""The deal as a state machine: dealing (SPEC §2), the reservation round (§3),
marriages (§7), the announcement sequences of the X-examples (§8) and play (§5).

Seats are A, B, C, D = 0, 1, 2, 3 with D dealing unless a test says otherwise.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deal_helpers import (
    CLUB_QUEEN,
    EVERY_ACTION,
    K30,
    K60,
    K90,
    LEVELS,
    MARRIAGE_TRICKS,
    RE,
    SCHWARZ,
    A,
    B,
    C,
    D,
    advance,
    card,
    finish,
    first_legal,
    hands_with,
    marriage_of_b,
    play_cards,
    playouts,
    random_action,
    random_deals,
    random_illegal_actions,
    snapshot,
    start,
    unchanged,
)
from doppelkopf import (
    DECK,
    Action,
    Announce,
    Announced,
    Announcement,
    AnnouncementBannedError,
    AnnouncementTooLateError,
    CardNotHeldError,
    Category,
    Deal,
    Declare,
    DoppelkopfError,
    GameType,
    Hand,
    IllegalActionError,
    InvalidNotationError,
    InvalidReservationError,
    LateReplyLockError,
    MustFollowError,
    NotYourTurnError,
    Party,
    PartyAnnouncements,
    Phase,
    Play,
    Reservation,
    WrongPhaseError,
    deal_hands,
    legal_cards,
    resolve_reservations,
    trick_winner,
)

R = Reservation
RE_, KO = Party.RE, Party.KONTRA
NOTHING = PartyAnnouncements()


def timely(level: Announcement) -> PartyAnnouncements:
    return PartyAnnouncements(level, True)


LATE_REPLY = PartyAnnouncements(RE, False)


# --- dealing (SPEC §2.3, §2.4) ---------------------------------------------------


def test_deal_hands_literal_packets_for_dealer_1_and_cut_10() -> None:
    # The unshuffled deck holds the two copies of each card next to each other, in
    # the order ♣9 ♣J ♣Q ♣K ♣10 ♣A ♠9 … ♦A.  After a cut of 10, card 1 of the cut
    # deck is card 11 of the original.  Seat 2 (the dealer's left) receives
    # cut-deck cards 1-3, 13-15, 25-27 and 37-39, i.e. original cards 11-13,
    # 23-25, 35-37 and 47, 48, 1.
    hands = deal_hands(DECK, dealer=1, cut=10)
    assert hands[2] == Hand.parse("♣A ♣A ♠9  ♠A ♠A ♥9  ♥A ♥A ♦9  ♦A ♦A ♣9")
    # Seat 3: cut-deck 4-6, 16-18, 28-30, 40-42 = original 14-16, 26-28, 38-40, 2-4.
    assert hands[3] == Hand.parse("♠9 ♠J ♠J  ♥9 ♥J ♥J  ♦9 ♦J ♦J  ♣9 ♣J ♣J")
    # Seat 0: original 17-19, 29-31, 41-43, 5-7.
    assert hands[0] == Hand.parse("♠Q ♠Q ♠K  ♥Q ♥Q ♥K  ♦Q ♦Q ♦K  ♣Q ♣Q ♣K")
    # Seat 1, the dealer, gets the last packet of each round: original 20-22, 32-34, 44-46, 8-10.
    assert hands[1] == Hand.parse("♠K ♠10 ♠10  ♥K ♥10 ♥10  ♦K ♦10 ♦10  ♣K ♣10 ♣10")


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
@pytest.mark.parametrize("cut", [3, 4, 17, 24, 44, 45])
def test_deal_hands_positions_of_each_seat(dealer: int, cut: int) -> None:
    deck = list(DECK)
    random.Random(dealer * 100 + cut).shuffle(deck)
    hands = deal_hands(deck, dealer, cut)
    cut_deck = deck[cut:] + deck[:cut]
    for offset in range(4):  # 0 = dealer+1, …, 3 = the dealer
        seat = (dealer + 1 + offset) % 4
        positions = [12 * r + 3 * offset + i for r in range(4) for i in (1, 2, 3)]
        assert hands[seat] == Hand(cut_deck[p - 1] for p in positions)
        original = [(p - 1 + cut) % 48 + 1 for p in positions]
        assert hands[seat] == Hand(deck[q - 1] for q in original)


@pytest.mark.parametrize("cut", [-1, 0, 1, 2, 46, 47, 48])
def test_deal_hands_rejects_a_cut_outside_3_to_45(cut: int) -> None:
    with pytest.raises(ValueError, match="cut"):
        deal_hands(DECK, dealer=3, cut=cut)


def test_deal_hands_rejects_a_bad_deck_or_dealer() -> None:
    with pytest.raises(ValueError, match="two copies"):
        deal_hands(DECK[:47], dealer=3, cut=10)
    with pytest.raises(ValueError, match="third ♣9"):
        deal_hands((*DECK[:47], DECK[0]), dealer=3, cut=10)
    with pytest.raises(ValueError, match="dealer"):
        deal_hands(DECK, dealer=4, cut=10)


def test_shuffled_rejects_a_dealer_that_is_not_a_seat() -> None:
    for dealer in (4, -1, True, 2.0):
        with pytest.raises(
            ValueError, match=rf"^the dealer must be a seat 0-3, not {dealer!r}$"
        ) as error:
            Deal.shuffled(seed=1, dealer=dealer)  # type: ignore[arg-type]
        assert isinstance(error.value, DoppelkopfError)


def test_shuffled_is_reproducible_from_a_seed_and_from_a_random() -> None:
    assert Deal.shuffled(seed=5) == Deal.shuffled(seed=5)
    assert Deal.shuffled(seed="five") == Deal.shuffled(seed="five")
    assert Deal.shuffled(rng=random.Random(5)) == Deal.shuffled(seed=5)
    assert Deal.shuffled(seed=5).dealt != Deal.shuffled(seed=6).dealt
    rng, again = random.Random(8), random.Random(8)
    first, second = Deal.shuffled(rng=rng), Deal.shuffled(rng=rng)
    assert first.dealt != second.dealt  # the generator moved on
    assert (first, second) == (Deal.shuffled(rng=again), Deal.shuffled(rng=again))


def test_shuffled_records_the_cut_and_the_dealer() -> None:
    cuts = set()
    for seed in range(200):
        deal = Deal.shuffled(seed=seed, dealer=seed % 4)
        assert deal.cut is not None
        assert 3 <= deal.cut <= 45
        assert deal.dealer == seed % 4
        assert deal.turn == (seed + 1) % 4
        assert Counter(c for hand in deal.dealt for c in hand) == Counter(DECK)
        assert deal.initial() == deal
        assert deal.initial().cut == deal.cut
        cuts.add(deal.cut)
    assert len(cuts) > 25
    assert Deal.from_hands(Deal.shuffled(seed=1).dealt).cut is None


def test_from_hands_accepts_hand_strings() -> None:
    dealt = Deal.shuffled(seed=3).dealt
    assert Deal.from_hands([str(hand) for hand in dealt]) == Deal.from_hands(dealt)
    ascii_hands = [" ".join(c.ascii for c in hand) for hand in dealt]
    assert Deal.from_hands(ascii_hands, dealer=1).dealt == dealt


def test_from_hands_rejects_what_is_not_a_partition_of_the_deck() -> None:
    hands = list(Deal.shuffled(seed=3).dealt)
    with pytest.raises(ValueError, match="four hands"):
        Deal.from_hands(hands[:3])
    short = hands[0].remove(next(iter(hands[0])))
    with pytest.raises(ValueError, match="holds 11 cards"):  # 47 cards in all
        Deal.from_hands([short, hands[1], hands[2], hands[3]])
    moved = next(iter(hands[1]))
    with pytest.raises(ValueError, match="hand 0 holds 13 cards"):
        Deal.from_hands([hands[0].add(moved), hands[1].remove(moved), hands[2], hands[3]])
    # A card three times: seat 0 holds both ♥A, seat 1 a third one instead of a ♣9.
    third = hands_with({A: "♣Q ♥A ♥A", B: "♣Q ♣9", C: "♣9"})
    tripled = third[1].remove(card("♣9")).add(card("♥A"))
    with pytest.raises(ValueError, match="partition"):
        Deal.from_hands([third[0], tripled, third[2], third[3]])
    with pytest.raises(InvalidNotationError, match="third"):
        Deal.from_hands(["♥A ♥A ♥A", *hands[1:]])
    with pytest.raises(TypeError, match="Hand or a string"):
        Deal.from_hands([hands[0], hands[1], hands[2], 7])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="dealer"):
        Deal.from_hands(hands, dealer=4)


# --- the reservation round (SPEC §3) ---------------------------------------------


def reserved(fixed: dict[int, str], answers: dict[int, Reservation], dealer: int = D) -> Deal:
    deal = start(fixed, answers, dealer=dealer)
    assert deal.phase is Phase.PLAY
    assert deal.declarations == tuple(answers.get(seat, R.HEALTHY) for seat in range(4))
    return deal


def assert_dealers_left_leads(deal: Deal) -> None:
    left = (deal.dealer + 1) % 4
    assert deal.turn == left
    assert deal.current_trick.leader == left
    assert deal.tricks == ()


def test_r01_queen_solo_beats_an_earlier_marriage() -> None:
    answers = {B: R.MARRIAGE, C: R.QUEENS_SOLO}
    deal = reserved({B: "♣Q ♣Q"}, answers)
    assert (deal.game_type, deal.declarer, deal.soloist) == (GameType.QUEENS_SOLO, C, C)
    assert deal.parties == (KO, KO, RE_, KO)
    assert deal.partner is None
    assert_dealers_left_leads(deal)
    assert resolve_reservations(
        [R.HEALTHY, R.MARRIAGE, R.QUEENS_SOLO, R.HEALTHY], D, deal.dealt
    ) == (GameType.QUEENS_SOLO, C)


def test_resolve_reservations_takes_the_first_marriage_in_asking_order() -> None:
    """SPEC §3.3: of the answers the rules allow only one marriage, but the pure
    function still answers for any list, by asking order."""
    hands = Deal.shuffled(seed=1).dealt
    answers = [R.MARRIAGE, R.HEALTHY, R.MARRIAGE, R.HEALTHY]
    assert resolve_reservations(answers, 1, hands) == (GameType.MARRIAGE, C)
    assert resolve_reservations(answers, 3, hands) == (GameType.MARRIAGE, A)


def test_r02_first_solo_in_asking_order_wins_whatever_its_type() -> None:
    answers = {A: R.JACKS_SOLO, C: R.CLUBS_SOLO, D: R.MARRIAGE}
    deal = reserved({D: "♣Q ♣Q"}, answers)
    assert (deal.game_type, deal.declarer) == (GameType.JACKS_SOLO, A)
    assert deal.parties == (RE_, KO, KO, KO)
    assert_dealers_left_leads(deal)


def test_r03_all_healthy_with_both_club_queens_is_a_silent_marriage() -> None:
    deal = reserved({C: "♣Q ♣Q"}, {})
    assert (deal.game_type, deal.declarer, deal.soloist) == (GameType.SILENT_MARRIAGE, C, C)
    assert GameType.SILENT_MARRIAGE.is_solo
    assert not GameType.SILENT_MARRIAGE.has_special_points
    assert deal.parties == (KO, KO, RE_, KO)
    assert deal.shift == 0
    assert deal.announcements_open
    assert_dealers_left_leads(deal)


def test_r04_a_lone_marriage_is_played_and_bans_announcements() -> None:
    deal = reserved({B: "♣Q ♣Q"}, {B: R.MARRIAGE})
    assert (deal.game_type, deal.declarer, deal.soloist) == (GameType.MARRIAGE, B, None)
    assert deal.parties == (None, RE_, None, None)
    assert (deal.partner, deal.clarification_trick) == (None, None)
    assert_dealers_left_leads(deal)
    assert not deal.announcements_open
    for seat in range(4):
        with pytest.raises(AnnouncementBannedError):
            deal.announce(seat, RE)


def test_r05_all_healthy_with_split_club_queens_is_normal() -> None:
    deal = reserved({A: "♣Q", C: "♣Q"}, {})
    assert (deal.game_type, deal.declarer, deal.soloist) == (GameType.NORMAL, None, None)
    assert deal.parties == (RE_, KO, RE_, KO)
    assert_dealers_left_leads(deal)


def test_r06_marriage_without_both_club_queens_is_illegal() -> None:
    deal = Deal.from_hands(hands_with({A: "♣Q", B: "♣Q"})).declare(A, R.HEALTHY)
    before = snapshot(deal)
    with pytest.raises(InvalidReservationError, match="both ♣Q") as caught:
        deal.declare(B, R.MARRIAGE)
    assert (caught.value.seat, caught.value.rule) == (B, "§3.2")
    assert caught.value.action == "declare marriage"
    assert not deal.can_declare(B, R.MARRIAGE)
    assert not deal.can_apply(Declare(B, R.MARRIAGE))
    assert Declare(B, R.MARRIAGE) not in deal.legal_actions
    assert unchanged(deal, before)
    # Every other answer is open to B.
    assert set(deal.legal_actions) == {
        Declare(B, r) for r in R if r not in (R.MARRIAGE, R.POVERTY, R.THROW, R.DECLINE)
    }


def test_marriage_is_offered_only_to_the_holder_of_both_club_queens() -> None:
    deal = Deal.from_hands(hands_with({B: "♣Q ♣Q"}))
    offered = []
    for _ in range(4):
        seat = deal.turn
        assert seat is not None
        offered.append(Declare(seat, R.MARRIAGE) in deal.legal_actions)
        deal = deal.declare(seat, R.HEALTHY)
    assert offered == [False, True, False, False]


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_asking_order_starts_at_the_dealers_left_and_rejects_other_seats(dealer: int) -> None:
    deal = Deal.from_hands(hands_with({A: "♣Q", C: "♣Q"}), dealer=dealer)
    asked = []
    for _ in range(4):
        assert deal.phase is Phase.RESERVATIONS
        seat = deal.turn
        assert seat is not None
        asked.append(seat)
        for other in set(range(4)) - {seat}:
            with pytest.raises(NotYourTurnError, match=f"seat {seat} is asked now") as caught:
                deal.declare(other, R.HEALTHY)
            assert (caught.value.seat, caught.value.rule) == (other, "§3.2")
            assert not deal.can_declare(other, R.HEALTHY)
        deal = deal.declare(seat, R.HEALTHY)
    assert asked == [(dealer + i) % 4 for i in (1, 2, 3, 4)]
    assert deal.game_type is GameType.NORMAL
    assert_dealers_left_leads(deal)
    with pytest.raises(WrongPhaseError, match="reservation round is over"):
        deal.declare(asked[0], R.HEALTHY)


GAMES = [
    ({A: "♣Q", C: "♣Q"}, {}, GameType.NORMAL),
    ({B: "♣Q ♣Q"}, {B: R.MARRIAGE}, GameType.MARRIAGE),
    ({D: "♣Q ♣Q"}, {}, GameType.SILENT_MARRIAGE),
    *(({A: "♣Q", C: "♣Q"}, {D: r}, r.game_type) for r in R if r.is_solo),
    *(({A: "♣Q", C: "♣Q"}, {A: r}, r.game_type) for r in R if r.is_solo),
]


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
@pytest.mark.parametrize(("fixed", "answers", "game"), GAMES)
def test_dealers_left_leads_trick_1_in_every_game_type(
    dealer: int, fixed: dict[int, str], answers: dict[int, Reservation], game: GameType
) -> None:
    deal = start(fixed, answers, dealer=dealer)
    assert deal.game_type is game
    assert_dealers_left_leads(deal)
    first = deal.play((dealer + 1) % 4, first_legal(deal))
    assert first.turn == (dealer + 2) % 4


@pytest.mark.parametrize(
    ("answers", "game", "declarer"),
    [
        ({B: R.SPADES_SOLO}, GameType.SPADES_SOLO, B),
        ({D: R.FLESHLESS}, GameType.FLESHLESS, D),
        ({C: R.HEARTS_SOLO}, GameType.HEARTS_SOLO, C),
        ({C: R.MARRIAGE, D: R.DIAMONDS_SOLO}, GameType.DIAMONDS_SOLO, D),
        ({C: R.MARRIAGE}, GameType.MARRIAGE, C),
        ({}, GameType.SILENT_MARRIAGE, C),
    ],
)
def test_silent_marriage_only_when_everyone_is_healthy(
    answers: dict[int, Reservation], game: GameType, declarer: int
) -> None:
    # C holds both ♣Q (SPEC A10): another seat's solo makes C a plain opponent.
    deal = reserved({C: "♣Q ♣Q"}, answers)
    assert (deal.game_type, deal.declarer) == (game, declarer)
    if game.is_solo:
        assert deal.parties == tuple(RE_ if s == declarer else KO for s in range(4))


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_solo_beats_a_marriage_asked_earlier(dealer: int) -> None:
    first, last = (dealer + 1) % 4, dealer
    deal = reserved({first: "♣Q ♣Q"}, {first: R.MARRIAGE, last: R.FLESHLESS}, dealer)
    assert (deal.game_type, deal.declarer) == (GameType.FLESHLESS, last)
    assert deal.parties[first] is KO


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
@pytest.mark.parametrize("solo", [r for r in R if r.is_solo])
def test_equal_solos_go_to_the_first_in_asking_order(dealer: int, solo: Reservation) -> None:
    # The dealer (asked last) and the seat across from the dealer (dealer+2, asked
    # second) both want the same solo: the earlier answer wins, not the lower seat.
    early, late = (dealer + 2) % 4, dealer
    deal = reserved({A: "♣Q", C: "♣Q"}, {early: solo, late: solo}, dealer)
    assert (deal.game_type, deal.declarer) == (solo.game_type, early)
    other = R.CLUBS_SOLO if solo is not R.CLUBS_SOLO else R.JACKS_SOLO
    deal = reserved({A: "♣Q", C: "♣Q"}, {late: solo, (dealer + 3) % 4: other}, dealer)
    assert (deal.game_type, deal.declarer) == (other.game_type, (dealer + 3) % 4)


# --- marriage (SPEC §7) ------------------------------------------------------------


@pytest.mark.parametrize(("k", "shift"), [(1, 0), (2, 1), (3, 2)])
def test_marriage_partner_found_in_trick_k(k: int, shift: int) -> None:
    deal = marriage_of_b()
    tokens = MARRIAGE_TRICKS[k].split()
    for i, token in enumerate(tokens):
        assert (deal.partner, deal.clarification_trick) == (None, None)
        assert deal.parties == (None, RE_, None, None)
        assert not deal.announcements_open
        if i % 4 == 0 and i:
            assert deal.tricks[-1].winner(deal.game_type or GameType.NORMAL) == B
        turn = deal.turn
        assert turn is not None
        deal = deal.play(turn, card(token))
    assert deal.game_type is GameType.MARRIAGE
    assert (deal.declarer, deal.partner, deal.clarification_trick) == (B, A, k)
    assert deal.shift == shift
    assert deal.parties == (RE_, RE_, KO, KO)
    assert deal.announcements_open
    assert deal.turn == A  # the partner won the clarification trick
    done = finish(deal)
    assert (done.outcome.partner, done.outcome.clarification_trick) == (A, k)
    assert done.outcome.re_seats == frozenset({A, B})
    assert done.game_type is GameType.MARRIAGE


def test_marriage_player_winning_tricks_1_to_3_plays_a_marriage_solo() -> None:
    deal = marriage_of_b(0)
    assert [trick.winner(GameType.MARRIAGE) for trick in deal.tricks] == [B, B, B]
    assert deal.game_type is GameType.MARRIAGE_SOLO
    assert (deal.declarer, deal.soloist, deal.partner) == (B, B, None)
    assert (deal.clarification_trick, deal.shift) == (3, 2)
    assert deal.parties == (KO, RE_, KO, KO)
    done = finish(deal)
    assert done.outcome.game_type is GameType.MARRIAGE_SOLO
    assert done.outcome.re_seats == frozenset({B})


@pytest.mark.parametrize("k", [1, 2, 3, 0])
def test_marriage_ban_lasts_until_the_fourth_card_of_the_clarification_trick(k: int) -> None:
    tokens = MARRIAGE_TRICKS[k].split()
    three_of_last = play_cards(marriage_of_b(), " ".join(tokens[:-1]))
    last = three_of_last.turn
    assert last is not None
    assert three_of_last.hand_size(last) == 12 - (k or 3) + 1
    for seat in range(4):
        with pytest.raises(AnnouncementBannedError, match="clarification"):
            three_of_last.announce(seat, RE)
        assert three_of_last.legal_announcements(seat) == ()
    clarified = three_of_last.play(last, card(tokens[-1]))
    assert clarified.announcements_open
    for seat in range(4):
        assert RE in clarified.legal_announcements(seat)
        assert clarified.announce(seat, RE).announcement_state(
            clarified.parties[seat] or RE_
        ) == timely(RE)


def test_marriage_plain_suit_lead_in_trick_1_still_clarifies() -> None:
    deal = start({A: "♠A", B: "♣Q ♣Q ♠9", C: "♠K", D: "♠10"}, {B: R.MARRIAGE})
    deal = play_cards(deal, "♠A ♠9 ♠K ♠10")
    assert deal.tricks[0].winner(GameType.MARRIAGE) == A
    assert (deal.game_type, deal.partner, deal.clarification_trick) == (GameType.MARRIAGE, A, 1)
    assert deal.parties == (RE_, RE_, KO, KO)


def test_marriage_plain_suit_lead_in_trick_2_still_clarifies() -> None:
    fixed = {A: "♦9 ♥9", B: "♣Q ♣Q ♥10 ♥9", C: "♦K ♥A", D: "♦10 ♥K"}
    deal = play_cards(start(fixed, {B: R.MARRIAGE}), "♦9 ♥10 ♦K ♦10")
    assert deal.clarification_trick is None  # B's own trick clarifies nothing
    deal = play_cards(deal, "♥9 ♥A ♥K ♥9")
    assert (deal.partner, deal.clarification_trick, deal.shift) == (C, 2, 1)
    assert deal.parties == (KO, RE_, RE_, KO)


def test_x25_marriage_partner_in_trick_2_and_shifted_deadlines() -> None:
    fixed = {A: "♦9 ♦J", B: "♣Q ♣Q ♥10 ♦K", C: "♦A ♦9", D: "♦10 ♥Q"}
    deal = start(fixed, {B: R.MARRIAGE})
    # Trick 1: B's ♥10 wins, taking C's ♦A; trick 2: D's ♥Q wins.
    deal = play_cards(deal, "♦9 ♥10 ♦A ♦10  ♦K ♦9 ♥Q")
    assert deal.hand_size(A) == 11
    with pytest.raises(AnnouncementBannedError):  # A's "Kontra" during trick 2
        deal.announce(A, RE)
    deal = play_cards(deal, "♦J")
    assert [t.winner(GameType.MARRIAGE) for t in deal.tricks] == [B, D]
    assert (deal.partner, deal.clarification_trick, deal.shift) == (D, 2, 1)
    assert deal.parties == (KO, RE_, KO, RE_)
    with pytest.raises(AnnouncementTooLateError):  # D's Re needs 10 cards (11 − 1)
        advance(deal, D, 9).announce(D, RE)
    assert deal.hand_size(D) == 10
    deal = deal.announce(D, RE)
    assert deal.re_state == timely(RE)
    deal = advance(deal, B, 9)
    deal = deal.announce(B, K90)  # k90 needs 9 cards (10 − 1)
    assert deal.re_state == timely(K90)
    with pytest.raises(AnnouncementTooLateError):  # a reply until 8 (9 − 1)
        advance(deal, A, 7).announce(A, RE)
    deal = advance(deal, A, 8)
    assert deal.legal_announcements(A) == (RE,)
    deal = deal.announce(A, RE)
    assert deal.kontra_state == LATE_REPLY
    assert [(e.seat, e.level, e.party, e.hand_size, e.late_reply) for e in deal.announcements] == [
        (D, RE, RE_, 10, False),
        (B, K90, RE_, 9, False),
        (A, RE, KO, 8, True),
    ]
    with pytest.raises(LateReplyLockError):
        deal.announce(C, K90)
    done = finish(deal)
    assert done.outcome.re_seats == frozenset({B, D})


def test_x27_marriage_solo_re_at_9_before_trick_4() -> None:
    fixed = {A: "♦9 ♦9 ♦A", B: "♦K ♦K ♦A", C: "♣Q ♣Q ♥10 ♥10", D: "♦10 ♦J ♠J"}
    deal = start(fixed, {C: R.MARRIAGE})
    deal = play_cards(deal, "♦9 ♦K ♥10 ♦10  ♥10 ♦J ♦A ♦K  ♣Q ♠J ♦9")
    with pytest.raises(AnnouncementBannedError):  # trick 3 is not complete
        deal.announce(C, RE)
    deal = play_cards(deal, "♦A")  # B's ♦A is caught: no fox in a solo
    assert [t.winner(GameType.MARRIAGE) for t in deal.tricks] == [C, C, C]
    assert deal.game_type is GameType.MARRIAGE_SOLO
    assert (deal.soloist, deal.clarification_trick, deal.shift) == (C, 3, 2)
    assert deal.parties == (KO, KO, RE_, KO)
    assert deal.turn == C
    with pytest.raises(AnnouncementTooLateError):  # after C's 4th card: 8 < 11 − 2
        play_cards(deal, str(first_legal(deal))).announce(C, RE)
    assert deal.hand_size(C) == 9
    deal = deal.announce(C, RE)
    assert deal.re_state == timely(RE)
    assert deal.announcements == (Announced(C, RE, RE_, 9, 12),)
    done = finish(deal)
    assert done.outcome.re_seats == frozenset({C})
    assert done.outcome.special_events == ()


# --- announcement sequences of the X-examples (SPEC §8) ----------------------------

Step = tuple[int, Announcement, int, type[IllegalActionError] | None]


def run(deal: Deal, steps: list[Step]) -> Deal:
    """Each step: play on until ``seat`` holds ``n`` cards, then it announces ``level``;
    the announcement must be accepted and add something (``None``) or raise the error."""
    for seat, level, n, error in steps:
        deal = advance(deal, seat, n)
        assert deal.hand_size(seat) == n
        if error is None:
            after = deal.announce(seat, level)
            assert after is not deal
            last = after.history[-1]
            assert isinstance(last, Announced)
            assert (last.seat, last.level, last.hand_size) == (seat, level, n)
            assert last.party is deal.parties[seat]
            deal = after
        else:
            before = snapshot(deal)
            with pytest.raises(error) as caught:
                deal.announce(seat, level)
            assert caught.value.seat == seat
            assert unchanged(deal, before)
    return deal


def normal(re: tuple[int, int]) -> Deal:
    deal = start({re[0]: "♣Q", re[1]: "♣Q"})
    assert deal.game_type is GameType.NORMAL
    assert deal.parties == tuple(RE_ if seat in re else KO for seat in range(4))
    return deal


def test_x11_both_parties_say_keine_90() -> None:
    deal = run(
        normal((A, C)),
        [(A, RE, 12, None), (B, RE, 11, None), (A, K90, 10, None), (D, K90, 10, None)],
    )
    assert deal.re_state == deal.kontra_state == timely(K90)
    assert finish(deal).outcome.kontra_announcements == timely(K90)


def test_x13_both_parties_say_keine_60_with_a_skip() -> None:
    deal = run(
        normal((A, B)),
        [
            (A, RE, 12, None),
            (C, RE, 11, None),
            (B, K90, 10, None),
            (D, K60, 10, None),  # skips keine 90, still timely with 10
            (A, K60, 9, None),
        ],
    )
    assert deal.re_state == deal.kontra_state == timely(K60)
    assert [e.party for e in deal.announcements] == [RE_, KO, RE_, KO, RE_]


def test_x15_both_parties_say_schwarz() -> None:
    deal = run(
        normal((A, C)),
        [
            (A, RE, 12, None),
            (B, SCHWARZ, 11, None),  # Kontra, k90, k60, k30, schwarz in one statement
            (A, K90, 10, None),
            (C, K60, 9, None),
            (A, K30, 8, None),
            (C, SCHWARZ, 7, None),
        ],
    )
    assert deal.re_state == deal.kontra_state == timely(SCHWARZ)
    for seat in range(4):
        assert deal.legal_announcements(seat) == ()


def test_x17_both_absagen_kontra_and_k90_in_one_statement() -> None:
    deal = run(
        normal((B, C)),
        [(B, RE, 12, None), (A, K90, 11, None), (C, K90, 10, None)],
    )
    assert deal.re_state == deal.kontra_state == timely(K90)


def test_x18_schwarz_announced_step_by_step() -> None:
    deal = run(
        normal((A, C)),
        [
            (A, RE, 12, None),
            (C, K90, 10, None),
            (A, K60, 9, None),
            (C, K30, 8, None),
            (A, SCHWARZ, 7, None),
        ],
    )
    assert deal.re_state == timely(SCHWARZ)
    assert deal.kontra_state == NOTHING


def test_x20_reply_after_re_keine_90_and_the_lock() -> None:
    deal = run(normal((A, B)), [(A, RE, 12, None), (B, K90, 10, None)])
    with pytest.raises(AnnouncementTooLateError):  # at 8 the reply is too late
        advance(deal, C, 8).announce(C, RE)
    deal = run(deal, [(C, RE, 9, None), (D, K90, 10, LateReplyLockError)])
    assert deal.kontra_state == LATE_REPLY
    assert deal.announcements[-1].late_reply
    assert deal.re_state == timely(K90)


def test_x21_re_at_11_and_keine_90_at_10() -> None:
    deal = run(normal((C, D)), [(C, RE, 11, None), (D, K90, 10, None)])
    assert deal.re_state == timely(K90)
    assert deal.kontra_state == NOTHING


def test_x23_kontra_keine_90() -> None:
    deal = run(normal((B, C)), [(A, RE, 12, None), (D, K90, 10, None)])
    assert deal.kontra_state == timely(K90)
    assert deal.re_state == NOTHING
    assert deal.announcements[0].party is KO


def test_x35_hearts_solo_re_k90_k60() -> None:
    deal = start({A: "♣Q", C: "♣Q"}, {A: R.HEARTS_SOLO})
    assert (deal.game_type, deal.soloist) == (GameType.HEARTS_SOLO, A)
    deal = run(deal, [(A, RE, 12, None), (A, K90, 10, None), (A, K60, 9, None)])
    assert deal.re_state == timely(K60)
    assert deal.legal_announcements(A) == (K30, SCHWARZ)
    missed = advance(deal, A, 7)  # keine 30 was due with 8 cards
    with pytest.raises(AnnouncementTooLateError, match="keine 30 needs at least 8"):
        missed.announce(A, SCHWARZ)
    for seat in (B, C, D):
        assert deal.parties[seat] is KO
        assert deal.legal_announcements(seat) == (RE,)  # a reply to keine 60 until 8


def test_x37_repetition_adds_nothing() -> None:
    deal = run(normal((A, D)), [(A, RE, 12, None)])
    deal = advance(deal, D, 11)
    assert deal.announce(D, RE) is deal
    assert deal.re_state == timely(RE)
    assert len(deal.announcements) == 1


def test_x38_late_reply_lock_binds_the_partner() -> None:
    deal = start({A: "♥10", B: "♣Q", C: "♣Q"})  # A wins trick 1 with ♥10 and leads trick 2
    deal = run(deal, [(B, RE, 12, None), (A, RE, 10, None), (D, K90, 11, LateReplyLockError)])
    assert deal.kontra_state == LATE_REPLY


def test_x39_skipping_to_keine_60_and_the_illegal_skip_at_10() -> None:
    deal = normal((A, B))
    silent = advance(deal, B, 10)
    for level in (RE, K90):
        with pytest.raises(AnnouncementTooLateError, match="Re/Kontra needs at least 11"):
            silent.announce(B, level)
    deal = run(deal, [(B, K60, 11, None)])
    assert deal.re_state == timely(K60)
    assert len(deal.announcements) == 1


# --- play (SPEC §5) ----------------------------------------------------------------


def assert_rejected(
    deal: Deal,
    action: Action,
    error: type[IllegalActionError],
    *,
    seat: int,
    rule: str,
    text: str,
) -> None:
    """``check``, the specific ``check_…``, ``can_…``, ``is_legal`` and the action agree."""
    before = snapshot(deal)
    history = deal.history
    with pytest.raises(error, match=text) as caught:
        deal.apply(action)
    assert type(caught.value) is error
    assert (caught.value.seat, caught.value.rule) == (seat, rule)
    assert caught.value.action
    assert str(caught.value).endswith(f"({rule})")
    with pytest.raises(error, match=text):
        deal.check(action)
    assert not deal.can_apply(action)
    if isinstance(action, Play):
        with pytest.raises(error):
            deal.check_play(action.seat, action.card)
        with pytest.raises(error):
            deal.play(action.seat, action.card)
        assert not deal.can_play(action.seat, action.card)
    elif isinstance(action, Announce):
        with pytest.raises(error):
            deal.check_announce(action.seat, action.level)
        assert not deal.can_announce(action.seat, action.level)
    else:
        assert isinstance(action, Declare)
        with pytest.raises(error):
            deal.check_declare(action.seat, action.reservation, action.reason)
        assert not deal.can_declare(action.seat, action.reservation, action.reason)
    assert action not in deal.legal_actions
    assert unchanged(deal, before)
    assert deal.history == history


def test_playing_out_of_turn() -> None:
    deal = normal((A, C))
    for seat in (B, C, D):
        held = next(iter(deal.hands[seat]))
        text = f"seat 0 plays next, not seat {seat}"
        assert_rejected(deal, Play(seat, held), NotYourTurnError, seat=seat, rule="§5.1", text=text)
        assert deal.legal_cards(seat) == ()
    deal = play_cards(deal, str(first_legal(deal)))
    held = next(iter(deal.hands[A]))
    assert_rejected(deal, Play(A, held), NotYourTurnError, seat=A, rule="§5.1", text="seat 1")


def test_playing_during_the_reservation_round() -> None:
    deal = Deal.from_hands(hands_with({A: "♣Q", C: "♣Q"}))
    for answered in range(4):
        held = next(iter(deal.hands[A]))
        assert deal.legal_cards() == ()
        assert_rejected(
            deal, Play(A, held), WrongPhaseError, seat=A, rule="§3.2, §3.5", text="reservation"
        )
        if answered < 3:
            deal = deal.declare(deal.turn or 0, R.HEALTHY)


def test_every_action_after_trick_12_is_the_wrong_phase() -> None:
    deal = finish(normal((A, C)))
    assert (deal.phase, deal.is_finished, deal.turn) == (Phase.FINISHED, True, None)
    assert deal.legal_actions == ()
    assert deal.legal_cards() == ()
    last = deal.tricks[-1].winner(GameType.NORMAL)
    play = Play(last, card("♣A"))
    assert_rejected(deal, play, WrongPhaseError, seat=last, rule="§3.2, §3.5", text="ends")
    announce = Announce(B, RE)
    assert_rejected(deal, announce, WrongPhaseError, seat=B, rule="§9.1", text="finished")
    declare = Declare(C, R.HEALTHY)
    assert_rejected(deal, declare, WrongPhaseError, seat=C, rule="§3.2", text="over")


def test_answering_the_reservation_round_during_play() -> None:
    deal = normal((A, C))
    for seat, answer in ((A, R.HEALTHY), (B, R.QUEENS_SOLO), (D, R.MARRIAGE)):
        declare = Declare(seat, answer)
        assert_rejected(deal, declare, WrongPhaseError, seat=seat, rule="§3.2", text="over")


def test_playing_a_card_not_held() -> None:
    deal = start({A: "♣Q ♣Q ♥A ♥A"})
    assert deal.game_type is GameType.SILENT_MARRIAGE
    text = "not in the hand"
    assert_rejected(deal, Play(A, card("♦A")), CardNotHeldError, seat=A, rule="§5.2", text=text)
    deal = play_cards(deal, "♥A")
    # B may hold no ♥A at all: both copies are in A's hand.
    assert_rejected(deal, Play(B, card("♥A")), CardNotHeldError, seat=B, rule="§5.2", text=text)


def test_playing_a_card_that_does_not_follow() -> None:
    # A leads ♠A; B holds a ♠ and trumps, so the ♠Q (trump) and ♥ are refused (T01).
    deal = start({A: "♣Q ♣Q ♠A", B: "♠K ♠Q ♥9 ♦J"})
    deal = play_cards(deal, "♠A")
    spades = {c for c in deal.hands[B].distinct() if GameType.NORMAL.category(c) is Category.SPADES}
    assert card("♠K") in spades
    assert card("♠Q") not in spades
    assert set(deal.legal_cards()) == spades
    for refused in ("♠Q", "♥9", "♦J"):
        play = Play(B, card(refused))
        assert_rejected(deal, play, MustFollowError, seat=B, rule="§5.2", text="play one of")
    assert deal.can_play(B, card("♠K"))
    deal.check_play(B, card("♠K"))
    assert deal.can_apply(Play(B, card("♠K")))
    assert deal.play(B, card("♠K")).current_trick.cards == (card("♠A"), card("♠K"))


def test_play_moves_the_card_and_the_trick_winner_leads() -> None:
    deal = normal((A, C))
    hand = deal.hands[A]
    led = first_legal(deal)
    after = deal.play(A, led)
    assert after.hands[A] == hand.remove(led)
    assert after.hands[1:] == deal.hands[1:]
    assert deal.hands[A] == hand  # the old deal is untouched
    while not after.tricks:
        after = after.play(after.turn or 0, first_legal(after))
    assert after.turn == after.tricks[0].winner(GameType.NORMAL)
    assert after.current_trick.leader == after.turn
    assert after.current_trick.cards == ()


# --- properties of random deals --------------------------------------------------


def play_randomly(deal: Deal, rng: random.Random) -> list[Deal]:
    """Every state of one random legal deal, from the first to the finished one."""
    states = [deal]
    while not deal.is_finished:
        deal = deal.apply(random_action(deal, rng))
        states.append(deal)
        assert len(states) < 200
    return states


@given(random_deals(), st.randoms(use_true_random=False))
def test_random_deals_end_after_48_cards_and_12_tricks(deal: Deal, rng: random.Random) -> None:
    states = play_randomly(deal, rng)
    end = states[-1]
    assert end.phase is Phase.FINISHED
    assert len(end.tricks) == 12
    assert end.moment == 48
    assert all(len(hand) == 0 for hand in end.hands)
    assert all(trick.is_complete for trick in end.tricks)
    assert sum(trick.points for trick in end.tricks) == 240
    played = [c for trick in end.tricks for c in trick.cards]
    assert Counter(played) == Counter(DECK)
    for seat in range(4):
        own = [c for trick in end.tricks for s, c in trick if s == seat]
        assert Hand(own) == end.dealt[seat]
    # Every trick's winner leads the next; the dealer's left leads the first.
    game = end.game_type
    assert game is not None
    assert end.tricks[0].leader == (end.dealer + 1) % 4
    for before, after in zip(end.tricks, end.tricks[1:], strict=False):
        assert after.leader == trick_winner(before, game)
    outcome = end.outcome
    assert outcome.winners == tuple(trick_winner(trick, game) for trick in end.tricks)
    assert sum(outcome.seat_points) == 240
    assert outcome.card_points(RE_) + outcome.card_points(KO) == 240
    assert outcome.tricks_won(RE_) + outcome.tricks_won(KO) == 12
    events = end.history
    assert [type(e) for e in events].count(Play) == 48
    asked = [(end.dealer + i) % 4 for i in (1, 2, 3, 4)]
    answers = [end.declarations[seat] for seat in asked]
    assert [e for e in events if isinstance(e, Declare)] == [
        *(Declare(seat, answer) for seat, answer in zip(asked, answers, strict=True) if answer),
        *end.asked,  # the answers to the questions of the two-step round (SPEC §3.2)
    ]
    assert None not in answers
    # Parties: two against two in NORMAL and MARRIAGE, otherwise one against three.
    assert outcome.parties.count(RE_) == (1 if game.is_solo else 2)
    if game is GameType.NORMAL:
        assert {s for s in range(4) if CLUB_QUEEN in end.dealt[s]} == outcome.re_seats


@given(random_deals(), st.randoms(use_true_random=False))
def test_replaying_the_history_rebuilds_every_state(deal: Deal, rng: random.Random) -> None:
    states = play_randomly(deal, rng)
    for state in [*states[:: max(1, len(states) // 6)], states[-1]]:
        rebuilt = state.initial().replay(state.history)
        assert rebuilt == state
        assert rebuilt.history == state.history
        assert rebuilt.announcements == state.announcements
        assert state.initial() == deal
        assert state.initial().history == ()


@playouts()
@given(random_deals(), st.randoms(use_true_random=False))
def test_illegal_actions_are_rejected_and_change_nothing(deal: Deal, rng: random.Random) -> None:
    states = play_randomly(deal, rng)
    for state in states[::3] + states[-1:]:
        before = snapshot(state)
        history = state.history
        for action, error in random_illegal_actions(state, rng):
            with pytest.raises(error):
                state.apply(action)
            with pytest.raises(error):
                state.check(action)
            assert not state.can_apply(action)
            assert unchanged(state, before)
            assert state.history == history


def check_legal_actions(state: Deal) -> None:
    legal = state.legal_actions
    assert len(set(legal)) == len(legal)
    for action in legal:
        state.check(action)
        assert state.can_apply(action)
        assert state.apply(action) is not state
    if state.game_type is not None and not state.is_finished:
        turn = state.turn
        assert turn is not None
        allowed = state.legal_cards()
        assert allowed
        # The deal's own decoding gives the free function's answer, in the same order.
        assert state.game_type is not None
        assert allowed == legal_cards(state.hands[turn], state.current_trick, state.game_type)
        for held in state.hands[turn].distinct():
            if held in allowed:
                assert Play(turn, held) in legal
            else:
                with pytest.raises(MustFollowError):
                    state.check_play(turn, held)
        for seat in range(4):
            announces = tuple(a.level for a in legal if isinstance(a, Announce) and a.seat == seat)
            assert announces == state.legal_announcements(seat)


def accepted(state: Deal) -> set[Action]:
    """Every action ``check`` accepts that changes the deal (repetitions are legal no-ops)."""
    found: set[Action] = set()
    for action in EVERY_ACTION:
        try:
            state.check(action)
        except DoppelkopfError:
            assert not state.can_apply(action)
            continue
        assert state.can_apply(action)
        if state.apply(action) is not state:
            found.add(action)
        else:
            assert isinstance(action, Announce)
    return found


@playouts()
@given(random_deals(), st.randoms(use_true_random=False))
def test_legal_actions_are_exactly_the_accepted_actions(deal: Deal, rng: random.Random) -> None:
    states = play_randomly(deal, rng)
    for i, state in enumerate(states):
        check_legal_actions(state)
        if i % 9 == 0 or state.is_finished:
            assert accepted(state) == set(state.legal_actions)


def test_deals_that_differ_only_in_when_an_announcement_was_made_are_equal() -> None:
    """Equality and hashing compare positions: the announcement states count, their moments not."""
    deal = start({A: "♣Q", B: "♣Q"})
    card_a = first_legal(deal)
    early = deal.announce(A, RE).play(A, card_a)
    late = deal.play(A, card_a).announce(A, RE)
    assert early == late
    assert hash(early) == hash(late)
    assert len({early, late}) == 1
    assert early.history != late.history
    assert [event.moment for event in early.announcements] == [0]
    assert [event.moment for event in late.announcements] == [1]
    # A different announcement state is a different position.
    assert deal.play(A, card_a) != late
    assert late.announce(A, Announcement.NO_90) != late


@pytest.mark.parametrize("protocol", range(2, pickle.HIGHEST_PROTOCOL + 1))
def test_a_deal_survives_pickling_and_copying_in_every_phase(protocol: int) -> None:
    """A server can store a deal and carry on from the stored copy."""
    deal = start({A: "♣Q", B: "♣Q"})
    states = [Deal.shuffled(seed=4), deal.announce(A, RE)]
    while not states[-1].is_finished:
        states.append(states[-1].play(states[-1].turn or 0, first_legal(states[-1])))
    for state in states:
        for copied in (pickle.loads(pickle.dumps(state, protocol=protocol)), copy.deepcopy(state)):
            assert copied == state
            assert copied.history == state.history
            assert copied.legal_actions == state.legal_actions
    assert pickle.loads(pickle.dumps(states[-1], protocol=protocol)).outcome == states[-1].outcome


def test_no_announcement_is_listed_during_the_reservation_round() -> None:
    """SPEC §8.3: announcements open only once the contract is fixed."""
    deal = Deal.from_hands(hands_with({A: "♣Q", B: "♣Q"}))
    for answered in range(4):
        assert deal.game_type is None
        assert [deal.legal_announcements(seat) for seat in range(4)] == [(), (), (), ()]
        assert not any(deal.can_announce(seat, RE) for seat in range(4))
        deal = deal.declare(answered, R.HEALTHY)
    assert deal.legal_announcements(A) == LEVELS


def test_legal_cards_of_a_deal_build_a_missing_card_order_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The decoding tables of a game type are built on first use, also from a deal."""
    deal = start({A: "♣Q", B: "♣Q"})
    expected = deal.legal_cards()
    order = deal.card_order
    assert order is not None
    decoder = order.decoder
    monkeypatch.setattr(order, "_decoder", None)
    assert deal.legal_cards() == expected
    assert order._decoder is decoder


def test_deals_that_differ_only_in_the_kontra_state_are_different_positions() -> None:
    deal = start({A: "♣Q", B: "♣Q"})
    kontra = deal.announce(C, RE)
    assert kontra.kontra_state != deal.kontra_state
    assert kontra != deal
    assert kontra.announce(D, K90) != kontra
