"""The worked examples of VARIANTS.md V§14 for the options of the rule set.

Each example is a test named after its id (V01–V16); the scoring of V17 and the
options beyond V§5 are tested with settlement.  Seats are A, B, C, D = 0..3
with D dealing, so A answers first and leads trick 1.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping

import pytest

from doppelkopf import (
    Announcement,
    AnnouncementError,
    Card,
    Deal,
    Declare,
    GameType,
    Hand,
    InvalidReservationError,
    InvalidValueError,
    Party,
    PartyAnnouncements,
    Reservation,
    Rules,
    SpecialKind,
    Trick,
    apply_announcement,
    can_announce,
    deal_hands,
    legal_cards,
    resolve_reservations,
    trick_winner,
)
from doppelkopf.errors import AnnouncementTooLateError

A, B, C, D = 0, 1, 2, 3
card = Card.parse
RE, K90, K60, K30, SCHWARZ = tuple(Announcement)
NOTHING = PartyAnnouncements()
SHORT = Rules(nines=False)


def cards_of(text: str) -> tuple[Card, ...]:
    return tuple(card(token) for token in text.split())


def hands_for(fixed: Mapping[int, str], rules: Rules = Rules.DDV) -> tuple[Hand, ...]:
    """Four hands of ``rules`` in which ``fixed[seat]`` is in ``seat``'s hand.

    Both ♣Q must be placed, so that the parties are chosen, not left to chance;
    the other cards go round the table one at a time in deck order.
    """
    placed = Counter(c for text in fixed.values() for c in cards_of(text))
    assert placed[card("♣Q")] == 2, "place both ♣Q"
    rest = Counter(rules.deck)
    rest.subtract(placed)
    assert all(count >= 0 for count in rest.values())
    piles = [list(cards_of(fixed.get(seat, ""))) for seat in range(4)]
    seat = 0
    for distinct in rules.distinct_cards:
        for _ in range(rest[distinct]):
            while len(piles[seat]) == rules.hand_size:
                seat = (seat + 1) % 4
            piles[seat].append(distinct)
            seat = (seat + 1) % 4
    return tuple(Hand(pile) for pile in piles)


def declared(deal: Deal, answers: Mapping[int, Reservation] | None = None) -> Deal:
    """The reservation round, every seat not in ``answers`` healthy."""
    for _ in range(4):
        seat = deal.turn
        assert seat is not None
        deal = deal.declare(seat, (answers or {}).get(seat, Reservation.HEALTHY))
    return deal


def play(deal: Deal, text: str) -> Deal:
    for played in cards_of(text):
        seat = deal.turn
        assert seat is not None
        deal = deal.play(seat, played)
    return deal


def ending_with(fixed: Mapping[int, str], last: Mapping[int, str], rules: Rules) -> Deal:
    """A finished, all-healthy deal in which each seat plays ``last[seat]`` to the last trick.

    The earlier tricks are random legal play that keeps each seat's last card,
    found by trying seeded playouts in turn; the last trick is led by the
    winner of the one before, as always.
    """
    kept = {seat: card(text) for seat, text in last.items()}
    hands = hands_for({seat: f"{fixed.get(seat, '')} {last[seat]}" for seat in range(4)}, rules)
    start = declared(Deal.from_hands(hands, rules=rules))
    for seed in range(2000):
        rng = random.Random(seed)
        deal = start
        while not deal.is_finished:
            seat = deal.turn
            assert seat is not None
            options = [
                c
                for c in deal.legal_cards()
                if c is not kept[seat]
                or deal.hand_size(seat) == 1
                or deal.hands[seat].count(c) == 2
            ]
            if not options:
                break
            deal = deal.play(seat, rng.choice(options))
        if deal.is_finished:
            assert dict(deal.tricks[-1]) == kept
            return deal
    raise AssertionError("no legal play keeps the last cards")  # pragma: no cover


def kinds(deal: Deal) -> list[SpecialKind]:
    return [event.kind for event in deal.outcome.special_events]


# --- V§1 without nines -----------------------------------------------------------------


def test_v01_deadlines_two_lower_without_nines() -> None:
    assert SHORT.deadlines == (9, 8, 7, 6, 5)
    assert [SHORT.deadline(level) for level in range(5)] == [9, 8, 7, 6, 5]
    for level, needed in zip(Announcement, (9, 8, 7, 6, 5), strict=True):
        # The party holds the level below, so the new level needs its own deadline.
        own = NOTHING if level is RE else PartyAnnouncements(Announcement(level - 1), True)
        assert can_announce(own, NOTHING, level, hand_size=needed, rules=SHORT)
        assert not can_announce(own, NOTHING, level, hand_size=needed - 1, rules=SHORT)
        assert not can_announce(own, NOTHING, level, hand_size=needed)
    # A reply to keine 60 needs D(2) - 1 = 6 cards.
    no_60 = PartyAnnouncements(K60, True)
    late = apply_announcement(NOTHING, no_60, RE, hand_size=6, rules=SHORT)
    assert late == PartyAnnouncements(RE, False)
    with pytest.raises(AnnouncementTooLateError):
        apply_announcement(NOTHING, no_60, RE, hand_size=5, rules=SHORT)
    # The same hand sizes are two short under the default rules.
    assert not can_announce(NOTHING, NOTHING, RE, hand_size=9)


def test_v01_deadlines_in_a_deal_without_nines() -> None:
    deal = declared(Deal.shuffled(seed=11, rules=SHORT))
    assert [deal.hand_size(seat) for seat in range(4)] == [10, 10, 10, 10]
    assert len(deal.legal_announcements(A)) == 5
    deal = play(deal, str(deal.legal_cards()[0]))
    assert deal.hand_size(A) == 9
    # Re/Kontra is still open with 9 cards, which under the default rules is too late.
    assert Announcement.RE_KONTRA in deal.legal_announcements(A)
    assert deal.legal_announcements(A)[0] is RE


def test_v02_dealing_the_cut_forty_card_deck() -> None:
    deck = list(SHORT.deck)
    random.Random(2).shuffle(deck)
    for dealer in range(4):
        for cut in SHORT.cuts:
            dealt = deal_hands(deck, dealer, cut, SHORT)
            cut_deck = deck[cut:] + deck[:cut]  # the lower part goes on top
            numbered = dict(enumerate(cut_deck, start=1))

            def positions(*ranges: tuple[int, int], numbered: dict[int, Card] = numbered) -> Hand:
                return Hand(numbered[p] for low, high in ranges for p in range(low, high + 1))

            first, second, third = (dealer + 1) % 4, (dealer + 2) % 4, (dealer + 3) % 4
            assert dealt[first] == positions((1, 3), (13, 16), (29, 31))
            assert dealt[second] == positions((4, 6), (17, 20), (32, 34))
            assert dealt[third] == positions((7, 9), (21, 24), (35, 37))
            assert dealt[dealer] == positions((10, 12), (25, 28), (38, 40))
            assert [len(hand) for hand in dealt] == [10, 10, 10, 10]


def test_v02_cut_leaves_three_cards_in_each_part() -> None:
    assert SHORT.cuts == range(3, 38)
    assert SHORT.packets == (3, 4, 3)
    for cut in (2, 38, 0, 40):
        with pytest.raises(InvalidValueError, match="cut"):
            deal_hands(SHORT.deck, 3, cut, SHORT)
    with pytest.raises(InvalidValueError, match="deck"):
        deal_hands(Rules.DDV.deck, 3, 3, SHORT)
    for seed in range(30):
        deal = Deal.shuffled(seed=seed, rules=SHORT)
        assert deal.cut in SHORT.cuts
        assert deal.rules is SHORT
        assert sorted(c for hand in deal.dealt for c in hand) == sorted(SHORT.deck)


def test_v03_normal_trumps_without_nines() -> None:
    order = SHORT.card_order(GameType.NORMAL)
    assert order.trumps == cards_of("♥10 ♣Q ♠Q ♥Q ♦Q ♣J ♠J ♥J ♦J ♦A ♦10 ♦K")
    assert sum(1 for c in SHORT.deck if order.is_trump(c)) == 24
    # V§1.5: plain ♣ and ♠ are A 10 K, plain ♥ is A K.
    assert order.order[12:] == cards_of("♣A ♣10 ♣K ♠A ♠10 ♠K ♥A ♥K")
    assert len(SHORT.deck) == 40
    assert sum(c.points for c in SHORT.deck) == 240


# --- V§2 card order options ---------------------------------------------------------


def test_v04_no_dullen_the_ten_of_hearts_follows_hearts() -> None:
    no_dullen = Rules(dullen=False)
    hand = Hand.parse("♥10 ♦9 ♣A")
    assert legal_cards(hand, Trick.parse("♥A"), GameType.NORMAL, no_dullen) == (card("♥10"),)
    # Under the default rules the 10♥ is a trump and the hand is void in hearts.
    assert len(legal_cards(hand, Trick.parse("♥A"), GameType.NORMAL)) == 3
    deal = declared(
        Deal.from_hands(hands_for({A: "♥A ♣Q", B: "♥10 ♣Q"}, no_dullen), rules=no_dullen)
    )
    deal = play(deal, "♥A")
    assert deal.legal_cards(B) == tuple(c for c in deal.legal_cards(B) if c.suit.symbol == "♥")
    assert card("♥10") in deal.legal_cards(B)


def test_v05_no_dullen_the_ten_of_hearts_is_a_plain_heart() -> None:
    trick = Trick.parse("♥A ♥10 ♥K ♥9", leader=A)
    assert trick_winner(trick, GameType.NORMAL, Rules(dullen=False)) == A
    assert trick.points == 25
    assert trick_winner(trick, GameType.NORMAL) == B


def test_v06_clubs_solo_trumps_without_dullen() -> None:
    no_dullen = Rules(dullen=False)
    assert no_dullen.card_order(GameType.CLUBS_SOLO).trumps == cards_of(
        "♣Q ♠Q ♥Q ♦Q ♣J ♠J ♥J ♦J ♣A ♣10 ♣K ♣9"
    )
    # V§2.1 for the other types.
    assert no_dullen.card_order(GameType.HEARTS_SOLO).trumps == cards_of(
        "♣Q ♠Q ♥Q ♦Q ♣J ♠J ♥J ♦J ♥A ♥10 ♥K ♥9"
    )
    normal = no_dullen.card_order(GameType.NORMAL)
    assert normal.trumps == cards_of("♣Q ♠Q ♥Q ♦Q ♣J ♠J ♥J ♦J ♦A ♦10 ♦K ♦9")
    assert normal.order[12:] == cards_of("♣A ♣10 ♣K ♣9 ♠A ♠10 ♠K ♠9 ♥A ♥10 ♥K ♥9")
    for game in (GameType.QUEENS_SOLO, GameType.JACKS_SOLO, GameType.FLESHLESS):
        assert no_dullen.card_order(game).order == Rules.DDV.card_order(game).order


def test_v07_second_dulle_beats_the_first() -> None:
    always = Rules(second_dulle="always")
    trick = Trick.parse("♥10 ♥10 ♣Q ♦A", leader=A)
    assert trick_winner(trick, GameType.NORMAL, always) == B
    assert trick_winner(trick, GameType.NORMAL, always, last=True) == B
    assert trick.points == 34
    assert trick_winner(trick, GameType.NORMAL) == A
    # In a deal: the same four cards as trick 1.
    hands = hands_for({A: "♥10 ♣Q", B: "♥10", C: "♣Q", D: "♦A"}, always)
    deal = play(declared(Deal.from_hands(hands, rules=always)), "♥10 ♥10 ♣Q ♦A")
    assert deal.turn == B
    assert deal.current_trick.leader == B


def test_v08_second_dulle_except_in_the_last_trick() -> None:
    except_last = Rules(second_dulle="except_last_trick")
    trick = Trick.parse("♥10 ♥10 ♣Q ♦A", leader=A)
    assert trick_winner(trick, GameType.NORMAL, except_last, last=True) == A
    assert trick_winner(trick, GameType.NORMAL, except_last) == B
    # In a deal: both 10♥ fall in trick 12, where the first one played wins.
    deal = ending_with({A: "♣Q"}, {A: "♥10", B: "♥10", C: "♣Q", D: "♦A"}, except_last)
    first = next(seat for seat, played in deal.tricks[-1] if played is card("♥10"))
    assert deal.outcome.winners[-1] == first
    assert len(deal.tricks) == 12


def test_v09_no_second_dulle_where_the_ten_of_hearts_is_plain() -> None:
    trick = Trick.parse("♥10 ♥10 ♥K ♥9", leader=A)
    for second in ("always", "except_last_trick"):
        assert trick_winner(trick, GameType.QUEENS_SOLO, Rules(second_dulle=second)) == A


def test_v10_schweinchen_top_the_trumps_and_are_public() -> None:
    pigs = Rules(schweinchen=True)
    hands = hands_for({A: "♥10", B: "♣Q", C: "♦A ♦A", D: "♦10 ♣Q"}, pigs)
    deal = Deal.from_hands(hands, rules=pigs)
    assert deal.schweine is None
    for seat in range(4):
        assert deal.view(seat).schweine is None
    deal = declared(deal)
    assert deal.game_type is GameType.NORMAL
    assert deal.schweine == C
    for seat in range(4):
        assert deal.view(seat).schweine == C
        assert deal.view(seat).rules is pigs
    after = play(deal, "♥10 ♣Q ♦A ♦10")
    assert after.turn == C
    assert all(after.view(seat).schweine == C for seat in range(4))
    # Without the option the 10♥ wins the same trick.
    plain = play(declared(Deal.from_hands(hands)), "♥10 ♣Q ♦A ♦10")
    assert plain.turn == A
    assert plain.schweine is None


def test_v11_no_schweinchen_in_a_solo() -> None:
    pigs = Rules(schweinchen=True)
    hands = hands_for({A: "♥10", B: "♣Q", C: "♦A ♦A", D: "♦10 ♣Q"}, pigs)
    deal = declared(Deal.from_hands(hands, rules=pigs), {C: Reservation.DIAMONDS_SOLO})
    assert deal.game_type is GameType.DIAMONDS_SOLO
    assert deal.declarer == C
    assert deal.schweine is None
    assert all(deal.view(seat).schweine is None for seat in range(4))
    deal = play(deal, "♥10 ♣Q ♦A ♦10")
    assert deal.turn == A


# --- V§3 no solos, V§4 no skipping -----------------------------------------------------


def test_v12_no_solos_rejects_a_solo_and_keeps_the_silent_marriage() -> None:
    no_solos = Rules(solos=False)
    hands = hands_for({A: "♣Q ♣Q"}, no_solos)
    deal = Deal.from_hands(hands, rules=no_solos)
    with pytest.raises(InvalidReservationError, match="solos=False") as caught:
        deal.declare(A, Reservation.QUEENS_SOLO)
    assert caught.value.rule == "V§3"
    assert caught.value.seat == A
    assert not deal.can_declare(A, Reservation.QUEENS_SOLO)
    assert Declare(A, Reservation.QUEENS_SOLO) not in deal.legal_actions
    assert Declare(A, Reservation.QUEENS_SOLO) in Deal.from_hands(hands).legal_actions
    with pytest.raises(InvalidReservationError, match="without solos"):
        resolve_reservations(
            [Reservation.QUEENS_SOLO, *[Reservation.HEALTHY] * 3], 3, hands, no_solos
        )
    deal = declared(deal)
    assert deal.game_type is GameType.SILENT_MARRIAGE
    assert deal.declarer == A


def test_v13_no_skipping_of_levels() -> None:
    no_skip = Rules(skip_levels=False)
    hands = hands_for({A: "♠A", B: "♣Q ♠9", C: "♣Q"}, no_skip)
    deal = play(declared(Deal.from_hands(hands, rules=no_skip)), "♠A ♠9")
    assert deal.parties[B] is Party.RE
    assert deal.hand_size(B) == 11
    with pytest.raises(AnnouncementError, match="Re/Kontra first") as caught:
        deal.announce(B, K90)
    assert caught.value.rule == "V§4"
    assert deal.legal_announcements(B) == (RE,)
    deal = deal.announce(B, RE)
    assert deal.legal_announcements(B) == (K90,)
    deal = deal.announce(B, K90)
    assert deal.re_state == PartyAnnouncements(K90, True)
    assert [event.level for event in deal.announcements] == [RE, K90]
    # The default rules take keine 90 alone, Re included.
    skipping = play(declared(Deal.from_hands(hands)), "♠A ♠9").announce(B, K90)
    assert skipping.re_state == PartyAnnouncements(K90, True)


# --- V§5 special points -----------------------------------------------------------------


def test_v14_no_karlchen() -> None:
    fixed = {A: "♣Q ♠Q", B: "♥Q ♦J ♦Q", C: "♣Q ♠J ♦A", D: "♠Q ♥J ♦Q"}
    last = {A: "♣J", B: "♦9", C: "♦K", D: "♦10"}
    without = ending_with(fixed, last, Rules(karlchen=False))
    assert without.outcome.winners[-1] == A
    assert without.parties[A] is Party.RE
    assert SpecialKind.KARLCHEN not in kinds(without)
    # The same cards under the default rules earn Re the Karlchen point.
    ddv = Deal.from_hands(without.dealt).replay(without.history)
    assert kinds(ddv).count(SpecialKind.KARLCHEN) == 1
    assert [e for e in ddv.outcome.special_events if e.kind is not SpecialKind.KARLCHEN] == list(
        without.outcome.special_events
    )


def test_v15_karlchen_caught() -> None:
    caught = Rules(karlchen_caught=True)
    deal = ending_with({A: "♣Q", C: "♣Q"}, {A: "♣J", B: "♦Q", C: "♦K", D: "♦10"}, caught)
    outcome = deal.outcome
    assert outcome.winners[-1] == B
    assert [outcome.parties[s] for s in range(4)] == [
        Party.RE,
        Party.KONTRA,
        Party.RE,
        Party.KONTRA,
    ]
    events = [e for e in outcome.special_events if e.kind is SpecialKind.KARLCHEN_CAUGHT]
    assert len(events) == 1
    (event,) = events
    assert (event.party, event.seat, event.victim, event.trick) == (Party.KONTRA, B, A, 12)
    assert SpecialKind.KARLCHEN not in kinds(deal)
    ddv = Deal.from_hands(deal.dealt).replay(deal.history)
    assert SpecialKind.KARLCHEN_CAUGHT not in kinds(ddv)


def test_v16_fox_at_the_end() -> None:
    at_end = Rules(fox_at_end=True)
    deal = ending_with({A: "♣Q", C: "♣Q"}, {A: "♦A", B: "♦K", C: "♦9", D: "♦K"}, at_end)
    outcome = deal.outcome
    assert outcome.winners[-1] == A
    last = [e for e in outcome.special_events if e.trick == 12]
    assert [(e.kind, e.party, e.seat) for e in last if e.kind is not SpecialKind.DOPPELKOPF] == [
        (SpecialKind.FOX_AT_END, Party.RE, A)
    ]
    ddv = Deal.from_hands(deal.dealt).replay(deal.history)
    assert [e for e in ddv.outcome.special_events if e.trick == 12] == [
        e for e in last if e.kind is not SpecialKind.FOX_AT_END
    ]
