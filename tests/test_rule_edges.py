"""Edge cases of the rules, each pinned down with concrete values.

The card order of every game type is checked from the builder that makes the
tables at import (SPEC §4), and the legal-card decoder from its own tables
(SPEC §5.2).  The other tests fix boundaries the rest of the suite leaves
open: announcements with an impossible marriage shift (SPEC §7.4, §8.4), the
seat, action, rule and text that every error carries, reservations by name
(SPEC §3.2), the replay of a history, settlement lines and their rules
(SPEC §9–§12), the texts of special-point events (SPEC §11), and what a
summary of a finished deal keeps (late replies, Doppelkopf tricks).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

from deal_helpers import (
    K90,
    RE,
    A,
    B,
    C,
    D,
    advance,
    card,
    finish,
    marriage_of_b,
    start,
)
from doppelkopf import (
    DECK,
    DISTINCT_CARDS,
    Announce,
    Announced,
    Announcement,
    AnnouncementBannedError,
    AnnouncementError,
    AnnouncementTooLateError,
    Card,
    CardNotHeldError,
    Category,
    Deal,
    DealSummary,
    Declare,
    GameType,
    Hand,
    IllegalActionError,
    InvalidNotationError,
    InvalidReservationError,
    InvalidSummaryError,
    InvalidTypeError,
    LateReplyLockError,
    MustFollowError,
    NotYourTurnError,
    Party,
    PartyAnnouncements,
    PartyResult,
    Play,
    Rank,
    Reservation,
    SpecialEvent,
    SpecialKind,
    Suit,
    Trick,
    TrickCompleteError,
    WrongPhaseError,
    apply_announcement,
    can_announce,
    check_announcement,
    check_card,
    deal_hands,
    game_value,
    legal_cards,
    settle,
    summarize,
    trick_winner,
)
from doppelkopf import _order as order_module
from doppelkopf import rules as rules_module
from doppelkopf.deal.actions import ActionTypeError

G = GameType
RE_P, KONTRA_P = Party.RE, Party.KONTRA
NOTHING = PartyAnnouncements()
RE_SAID = PartyAnnouncements(Announcement.RE_KONTRA, True)
HIGH_TO_LOW = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE)


def cards_of(text: str) -> list[Card]:
    return [card(token) for token in text.split()]


def play_first(deal: Deal) -> Deal:
    """The deal after the seat on turn plays its first legal card."""
    turn = deal.turn
    assert turn is not None
    return deal.play(turn, deal.legal_cards()[0])


# --- SPEC §4: the card order tables, rebuilt ---------------------------------

_PREFIX = "♥10 ♣Q ♠Q ♥Q ♦Q ♣J ♠J ♥J ♦J"
SPEC_TRUMPS: dict[GameType, str] = {
    G.NORMAL: f"{_PREFIX} ♦A ♦10 ♦K ♦9",
    G.MARRIAGE: f"{_PREFIX} ♦A ♦10 ♦K ♦9",
    G.MARRIAGE_SOLO: f"{_PREFIX} ♦A ♦10 ♦K ♦9",
    G.SILENT_MARRIAGE: f"{_PREFIX} ♦A ♦10 ♦K ♦9",
    G.DIAMONDS_SOLO: f"{_PREFIX} ♦A ♦10 ♦K ♦9",
    G.HEARTS_SOLO: f"{_PREFIX} ♥A ♥K ♥9",
    G.SPADES_SOLO: f"{_PREFIX} ♠A ♠10 ♠K ♠9",
    G.CLUBS_SOLO: f"{_PREFIX} ♣A ♣10 ♣K ♣9",
    G.QUEENS_SOLO: "♣Q ♠Q ♥Q ♦Q",
    G.JACKS_SOLO: "♣J ♠J ♥J ♦J",
    G.FLESHLESS: "",
    G.POVERTY: f"{_PREFIX} ♦A ♦10 ♦K ♦9",  # V§6.2: the normal order
}


def spec_order(game: GameType) -> list[Card]:
    """SPEC §4: the trumps high to low, then ♣ ♠ ♥ ♦, each A 10 K Q J 9 without its trumps."""
    trumps = cards_of(SPEC_TRUMPS[game])
    plain = [
        Card(suit, rank) for suit in Suit for rank in HIGH_TO_LOW if Card(suit, rank) not in trumps
    ]
    return trumps + plain


def spec_second_wins(trumps: list[Card], first: Card, second: Card) -> bool:
    """SPEC §5.3, §5.4: whether ``second``, played after the led ``first``, takes the trick."""
    if second in trumps:
        return first not in trumps or trumps.index(second) < trumps.index(first)
    if first in trumps:
        return False
    return second.suit is first.suit and HIGH_TO_LOW.index(second.rank) < HIGH_TO_LOW.index(
        first.rank
    )


@contextmanager
def rebuilt_card_order_tables() -> Iterator[None]:
    """Drop every card order the import built, build them again, and restore the old ones after."""
    defaults = dict(rules_module._DEFAULT_ORDERS)
    cached = dict(order_module._ORDERS)
    decoders = dict(order_module._DECODERS)
    try:
        order_module._ORDERS.clear()
        order_module._DECODERS.clear()
        rules_module._DEFAULT_ORDERS.clear()
        rules_module._register_default_orders(
            {game: order_module.card_order(game) for game in GameType}
        )
        assert all(rules_module._DEFAULT_ORDERS[game] is not defaults[game] for game in GameType)
        yield
    finally:
        for table, saved in (
            (rules_module._DEFAULT_ORDERS, defaults),
            (order_module._ORDERS, cached),
            (order_module._DECODERS, decoders),
        ):
            table.clear()
            table.update(saved)  # type: ignore[arg-type]


def test_card_order_tables_are_built_as_spec_4_lists_them() -> None:
    """SPEC §4.1–§4.7: trumps, display order, categories and strengths of every game type.

    Strengths are ``100 + n - 1 - i`` for the trump at index ``i`` of ``n`` and the
    Rank value for a plain card, so every trump outranks every plain card.
    """
    with rebuilt_card_order_tables():
        for game in GameType:
            trumps = cards_of(SPEC_TRUMPS[game])
            assert list(game.trumps) == trumps, game
            assert list(game.order) == spec_order(game), game
            assert game.sort(list(reversed(DISTINCT_CARDS))) == spec_order(game), game
            for each in DISTINCT_CARDS:
                if each in trumps:
                    assert game.category(each) is Category.TRUMP, (game, each)
                    assert game.is_trump(each), (game, each)
                    expected = 100 + len(trumps) - 1 - trumps.index(each)
                else:
                    assert game.category(each) is Category.of_suit(each.suit), (game, each)
                    assert not game.is_trump(each), (game, each)
                    expected = int(each.rank)
                assert game.strength(each) == expected, (game, each)


def test_trick_winners_from_rebuilt_tables_follow_spec_5_3() -> None:
    """SPEC §5.3, §5.4: for every led card and every second card, who takes the trick.

    A card of another plain suit never takes a trick, not even from a led nine.
    """
    with rebuilt_card_order_tables():
        for game in GameType:
            trumps = cards_of(SPEC_TRUMPS[game])
            for first in DISTINCT_CARDS:
                for second in DISTINCT_CARDS:
                    trick = Trick(2, (first, second))
                    expected = 3 if spec_second_wins(trumps, first, second) else 2
                    assert trick_winner(trick, game) == expected, (game, first, second)
        assert trick_winner(Trick.parse("♠9 ♣A", leader=0), G.NORMAL) == 0


def test_legal_cards_from_rebuilt_tables_follow_spec_5_2() -> None:
    """SPEC §5.2: a hand holding the led category must follow it; otherwise any card is legal."""
    everything = Hand(DISTINCT_CARDS)
    with rebuilt_card_order_tables():
        for game in GameType:
            order = spec_order(game)
            trumps = cards_of(SPEC_TRUMPS[game])

            def category(each: Card, trumps: list[Card] = trumps) -> object:
                return "trump" if each in trumps else each.suit

            for led in DISTINCT_CARDS:
                trick = Trick(0, (led,))
                following = tuple(c for c in order if category(c) == category(led))
                assert legal_cards(everything, trick, game) == following, (game, led)
                rest = Hand(c for c in DISTINCT_CARDS if category(c) != category(led))
                assert legal_cards(rest, trick, game) == tuple(c for c in order if c in rest)


# --- SPEC §5.2: the legal-card decoder ---------------------------------------


def test_legal_card_decoder_tables_list_every_subset_in_display_order() -> None:
    """SPEC §5.2: the decoder turns any packed set of cards into the display order.

    Each suit table has one entry per 12-bit chunk of a hand (two bits per card)
    and each half table one entry per 12-bit set of display positions.
    """
    for game in (G.NORMAL, G.QUEENS_SOLO, G.FLESHLESS):
        decoder = order_module._Decoder(game.order)
        order = game.order
        position = {each: i for i, each in enumerate(order)}
        assert len(decoder.suit_tables) == 4
        for suit in range(4):
            table = decoder.suit_tables[suit]
            assert len(table) == 4096
            for chunk in range(4096):
                expected = 0
                for rank in range(6):
                    if (chunk >> (2 * rank)) & 3:
                        expected |= 1 << position[DISTINCT_CARDS[6 * suit + rank]]
                assert table[chunk] == expected, (game, suit, chunk)
        for offset, half in ((0, decoder.low), (12, decoder.high)):
            assert len(half) == 4096
            for mask in range(4096):
                listed = tuple(order[offset + i] for i in range(12) if mask >> i & 1)
                assert half[mask] == listed, (game, offset, mask)


def test_one_decoder_per_display_order_is_cached_on_each_card_order() -> None:
    """SPEC §5.2: card orders with the same display order share one decoder, cached on each.

    A card order that has lost its cached decoder gets it back on the next legal-card question.
    """
    orders = {game: rules_module._DEFAULT_ORDERS[game] for game in GameType}
    saved = dict(order_module._DECODERS)
    cached = {game: order._decoder for game, order in orders.items()}
    try:
        order_module._DECODERS.clear()
        for order in orders.values():
            order._decoder = None
        decoders = {game: order.decoder for game, order in orders.items()}
        for game, decoder in decoders.items():
            assert isinstance(decoder, order_module._Decoder)
            assert orders[game]._decoder is decoder
            assert order_module._DECODERS[game.order] is decoder
            assert orders[game].decoder is decoder
        same = [G.NORMAL, G.MARRIAGE, G.MARRIAGE_SOLO, G.SILENT_MARRIAGE, G.DIAMONDS_SOLO]
        assert all(decoders[game] is decoders[G.NORMAL] for game in same)
        assert len({id(decoder) for decoder in decoders.values()}) == 7
        orders[G.QUEENS_SOLO]._decoder = None
        hand = Hand.parse("♥10 ♥Q ♠9 ♣Q")
        trick = Trick.parse("♥A")
        assert legal_cards(hand, trick, G.QUEENS_SOLO) == (card("♥10"),)  # T08
        assert orders[G.QUEENS_SOLO]._decoder is decoders[G.QUEENS_SOLO]
    finally:
        order_module._DECODERS.clear()
        order_module._DECODERS.update(saved)
        for game, old in cached.items():
            orders[game]._decoder = old


# --- SPEC §5.1, §5.2: the errors of tricks -----------------------------------


def test_an_empty_trick_has_no_winner() -> None:
    """SPEC §5.3: only played cards can win a trick."""
    with pytest.raises(ValueError, match=r"^an empty trick has no winner$"):
        trick_winner(Trick(0), G.NORMAL)


def test_a_complete_trick_takes_no_fifth_card() -> None:
    """SPEC §5.1: Trick.play, legal_cards and check_card refuse a card for a complete trick."""
    trick = Trick.parse("♠A ♠10 ♠K ♠9", leader=1)
    with pytest.raises(TrickCompleteError) as played:
        trick.play(card("♣A"))
    assert str(played.value) == "cannot play ♣A: the trick is complete (§5.1)"
    assert (played.value.action, played.value.rule, played.value.seat) == ("play ♣A", "§5.1", None)
    with pytest.raises(TrickCompleteError) as listed:
        legal_cards(Hand.parse("♣A"), trick, G.NORMAL)
    assert str(listed.value) == "no card can be played to a complete trick (§5.1)"
    assert (listed.value.action, listed.value.rule) == ("play", "§5.1")
    with pytest.raises(TrickCompleteError) as checked:
        check_card(Hand.parse("♣A"), trick, G.NORMAL, card("♣A"), seat=2)
    assert str(checked.value) == "cannot play ♣A: the trick is complete (§5.1)"
    assert (checked.value.action, checked.value.rule, checked.value.seat) == ("play ♣A", "§5.1", 2)


def test_trick_play_takes_only_cards_and_no_third_copy() -> None:
    """SPEC §1.1: a trick holds Card objects, at most two copies of each card."""
    with pytest.raises(TypeError, match=r"^a trick holds Card objects, not '♠A'$"):
        Trick(0).play("♠A")  # type: ignore[arg-type]
    two = Trick.parse("♠A ♠A", leader=0)
    with pytest.raises(ValueError, match=r"^a trick cannot hold a third ♠A \(SPEC §1\.1\)$"):
        two.play(card("♠A"))
    assert two.play(card("♠10")).cards == (card("♠A"), card("♠A"), card("♠10"))


def test_must_follow_error_lists_every_legal_card() -> None:
    """SPEC §5.2: the error names the card, both categories and every card that may be played."""
    hand = Hand.parse("♥10 ♥A ♥K ♥9")
    with pytest.raises(MustFollowError) as error:
        check_card(hand, Trick.parse("♥A"), G.NORMAL, card("♥10"), seat=1)
    assert str(error.value) == (
        "cannot play ♥10: it is trump and ♥ was led; play one of ♥A ♥K ♥9 (§5.2)"
    )
    assert (error.value.seat, error.value.action, error.value.rule) == (1, "play ♥10", "§5.2")


# --- SPEC §7.4, §8.4, §8.6: announcement deadlines ---------------------------


@pytest.mark.parametrize("shift", [3, -1])
def test_an_impossible_marriage_shift_is_refused_before_any_deadline(shift: int) -> None:
    """SPEC §7.4: the marriage shift is 0, 1 or 2; another shift is refused, not read as a level."""
    for level in (Announcement.RE_KONTRA, Announcement.NO_90):
        with pytest.raises(ValueError, match="the marriage shift is 0, 1 or 2"):
            apply_announcement(NOTHING, NOTHING, level, hand_size=12, shift=shift)
        with pytest.raises(ValueError, match="the marriage shift is 0, 1 or 2"):
            check_announcement(NOTHING, NOTHING, level, hand_size=12, shift=shift)
    with pytest.raises(ValueError, match="the marriage shift is 0, 1 or 2"):
        can_announce(NOTHING, NOTHING, Announcement.RE_KONTRA, hand_size=12, shift=shift)


def test_check_announcement_uses_the_given_shift_and_opponents() -> None:
    """SPEC §8.4, §8.6: Re needs 11 cards, 10 with shift 1; a reply answers the opponents."""
    with pytest.raises(AnnouncementTooLateError):
        check_announcement(NOTHING, NOTHING, Announcement.RE_KONTRA, hand_size=10)
    check_announcement(NOTHING, NOTHING, Announcement.RE_KONTRA, hand_size=10, shift=1)
    check_announcement(NOTHING, RE_SAID, Announcement.RE_KONTRA, hand_size=10)
    assert can_announce(NOTHING, NOTHING, Announcement.RE_KONTRA, hand_size=10, shift=1)
    assert not can_announce(NOTHING, NOTHING, Announcement.RE_KONTRA, hand_size=10)


def test_announcement_errors_name_the_deadline_and_the_action() -> None:
    """SPEC §8.4, §8.6–§8.8: each refusal says what was needed, and carries action and rule."""
    with pytest.raises(AnnouncementTooLateError) as bare:
        apply_announcement(NOTHING, NOTHING, Announcement.RE_KONTRA, hand_size=10)
    assert str(bare.value) == "Re/Kontra needs at least 11 cards in hand, not 10 (§8.4, §8.6)"
    assert (bare.value.action, bare.value.rule) == ("announce RE_KONTRA", "§8.4, §8.6")
    no_90 = PartyAnnouncements(Announcement.NO_90, True)
    with pytest.raises(AnnouncementTooLateError) as reply:
        apply_announcement(NOTHING, no_90, Announcement.RE_KONTRA, hand_size=7, shift=1)
    assert str(reply.value) == (
        "Re/Kontra needs at least 10 cards in hand or 8 to reply to keine 90, not 7 (§8.4, §8.6)"
    )
    late = PartyAnnouncements(Announcement.RE_KONTRA, False)
    with pytest.raises(LateReplyLockError) as locked:
        apply_announcement(late, RE_SAID, Announcement.NO_90, hand_size=12)
    assert str(locked.value) == (
        "the party's Re/Kontra was a late reply, so it may make no absage (§8.7)"
    )
    assert (locked.value.action, locked.value.rule) == ("announce NO_90", "§8.7")
    with pytest.raises(AnnouncementTooLateError) as skipped:
        apply_announcement(NOTHING, NOTHING, Announcement.NO_60, hand_size=10)
    assert str(skipped.value) == "Re/Kontra needs at least 11 cards in hand, not 10 (§8.4, §8.8)"
    assert (skipped.value.action, skipped.value.rule) == ("announce NO_60", "§8.4, §8.8")
    with pytest.raises(AnnouncementTooLateError) as absage:
        apply_announcement(RE_SAID, NOTHING, Announcement.NO_30, hand_size=9)
    assert str(absage.value) == "keine 90 needs at least 10 cards in hand, not 9 (§8.4, §8.8)"


def test_a_late_reply_is_recorded_as_not_timely() -> None:
    """SPEC §8.6c, §8.7: a reply after the deadline is announced but not timely."""
    reply = apply_announcement(NOTHING, RE_SAID, Announcement.RE_KONTRA, hand_size=10)
    assert reply == PartyAnnouncements(Announcement.RE_KONTRA, False)
    assert reply.late_reply


# --- SPEC §3.2: reservations by name -----------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("healthy", Reservation.HEALTHY),
        (" Gesund ", Reservation.HEALTHY),
        ("hochzeit", Reservation.MARRIAGE),
        ("Marriage", Reservation.MARRIAGE),
        ("queens_solo", Reservation.QUEENS_SOLO),
        ("queens solo", Reservation.QUEENS_SOLO),
        ("queens-solo", Reservation.QUEENS_SOLO),
        ("solo_q", Reservation.QUEENS_SOLO),
        ("SOLO-J", Reservation.JACKS_SOLO),
        ("solo d", Reservation.DIAMONDS_SOLO),
        ("fleshless", Reservation.FLESHLESS),
    ],
)
def test_reservations_are_read_by_name_id_or_german_word(text: str, expected: Reservation) -> None:
    """SPEC §3.2: gesund/healthy, Hochzeit/marriage and every solo by name or SPEC id."""
    assert Reservation.parse(text) is expected


def test_an_unknown_reservation_is_a_notation_error() -> None:
    """SPEC §3.2: a word that names no reservation is refused with the text quoted."""
    with pytest.raises(InvalidNotationError) as error:
        Reservation.parse("Bettel")
    assert str(error.value) == "unknown reservation 'Bettel'"
    assert error.value.text == "Bettel"


# --- SPEC §2.3, §2.4: shuffle, cut and deal ----------------------------------


def test_shuffled_deals_draw_the_cut_after_the_shuffle() -> None:
    """SPEC §2.3: the shuffle, then a cut of 3 to 45 cards, both from the same generator."""
    for seed in (0, 5, 11):
        rng = random.Random(seed)
        deck = list(DECK)
        rng.shuffle(deck)
        cut = rng.randint(3, 45)
        deal = Deal.shuffled(seed=seed, dealer=1)
        assert deal.cut == cut
        assert deal.dealt == deal_hands(deck, 1, cut)


def test_shuffled_deals_make_exactly_the_draws_of_shuffle_and_randint() -> None:
    """SPEC §2.3: a seed deals what Random.shuffle and Random.randint make of it.

    The generator is left where those two calls leave it, so the draws that
    follow (a bot's choices, the next deal) do not depend on how the deal was made.
    """
    for seed in range(300):
        expected = random.Random(seed)
        deck = list(DECK)
        expected.shuffle(deck)
        cut = expected.randint(3, 45)
        rng = random.Random(seed)
        deal = Deal.shuffled(rng=rng, dealer=seed % 4)
        assert (deal.cut, deal.dealt) == (cut, deal_hands(deck, seed % 4, cut))
        assert rng.getstate() == expected.getstate()


class _FloatOnlyRandom(random.Random):
    """A generator whose integers come from ``random()``, as a custom generator may draw them."""

    def random(self) -> float:
        return super().random()


def test_shuffled_deals_use_a_custom_generators_own_shuffle_and_randint() -> None:
    """SPEC §2.3: any Random subclass shuffles and cuts with its own methods."""
    for seed in range(20):
        expected = _FloatOnlyRandom(seed)
        deck = list(DECK)
        expected.shuffle(deck)
        cut = expected.randint(3, 45)
        rng = _FloatOnlyRandom(seed)
        deal = Deal.shuffled(rng=rng, dealer=2)
        assert (deal.cut, deal.dealt) == (cut, deal_hands(deck, 2, cut))
        assert rng.getstate() == expected.getstate()
    # Drawing integers from random() deals other cards than the plain generator does.
    assert Deal.shuffled(rng=_FloatOnlyRandom(1)).dealt != Deal.shuffled(seed=1).dealt


def test_deal_hands_needs_the_whole_deck() -> None:
    """SPEC §1.1: dealing needs the 48 cards, two of each."""
    with pytest.raises(
        ValueError, match=r"^the deck must hold two copies of each of the 24 cards \(SPEC §1\.1\)$"
    ):
        deal_hands(DECK[:47], dealer=3, cut=3)


# --- SPEC §3, §5, §8: the deal's errors and texts ----------------------------


def test_from_hands_checks_cut_and_partition() -> None:
    """SPEC §1.1, §2.3: a recorded cut is 3-45, and the four hands are the 48-card deck."""
    hands = Deal.shuffled(seed=2).dealt
    assert Deal.from_hands(hands, cut=3).cut == 3
    assert Deal.from_hands(hands, cut=45).cut == 45
    for cut in (2, 46):
        with pytest.raises(
            ValueError, match=rf"^the cut must be 3-45 or None, not {cut} \(SPEC §2\.3\)$"
        ):
            Deal.from_hands(hands, cut=cut)
    swapped = (hands[0], hands[0], hands[2], hands[3])
    with pytest.raises(
        ValueError,
        match=r"^the four hands are not a partition of the 48-card deck \(SPEC §1\.1\)$",
    ):
        Deal.from_hands(swapped)


@pytest.mark.parametrize("seat", [4, -1, True])
def test_actions_name_a_seat_0_to_3(seat: int) -> None:
    """SPEC §0.4: Declare, Play and Announce refuse any seat but 0-3, with rule and text."""
    for build in (
        lambda: Declare(seat, Reservation.HEALTHY),
        lambda: Play(seat, card("♣A")),
        lambda: Announce(seat, RE),
    ):
        with pytest.raises(IllegalActionError) as error:
            build()
        assert str(error.value) == f"seat must be a seat 0-3, not {seat!r} (§0.4)"
        assert (error.value.seat, error.value.action, error.value.rule) == (None, "act", "§0.4")
    assert Play(3, card("♣A")).seat == 3


@pytest.mark.parametrize("seat", [4, -1, True])
def test_deal_questions_refuse_a_seat_outside_0_to_3(seat: int) -> None:
    """SPEC §0.4: every question about a seat names what was asked when the seat is no seat."""
    deal = start({A: "♣Q", C: "♣Q"})
    fresh = Deal.shuffled(seed=4)
    asks: list[tuple[Callable[[], object], str]] = [
        (lambda: deal.hand_size(seat), "hand size"),
        (lambda: deal.legal_announcements(seat), "legal announcements"),
        (lambda: deal.view(seat), "view"),
        (lambda: deal.check_play(seat, card("♣A")), "play ♣A"),
        (lambda: deal.check_announce(seat, K90), "announce keine 90"),
        (lambda: fresh.check_declare(seat, Reservation.HEALTHY), "declare healthy"),
    ]
    for ask, action in asks:
        with pytest.raises(IllegalActionError) as error:
            ask()
        assert str(error.value) == f"seat must be 0-3, not {seat!r} (§0.4)"
        assert (error.value.seat, error.value.action, error.value.rule) == (None, action, "§0.4")


@pytest.mark.parametrize("level", [0, 4])
def test_announcement_levels_0_to_4_may_be_given_as_ints(level: int) -> None:
    """SPEC §8.1: the levels are 0 (Re/Kontra) to 4 (schwarz), as Announcement or as int."""
    assert Announce(A, level).level is Announcement(level)
    deal = start({A: "♣Q", C: "♣Q"}).announce(A, level)  # type: ignore[arg-type]
    assert deal.re_state.level is Announcement(level)


@pytest.mark.parametrize("level", [5, -1])
def test_an_announcement_level_outside_0_to_4_is_refused(level: object) -> None:
    """SPEC §8.1: any other level is refused with rule §8.1, by the action and by the deal."""
    with pytest.raises(AnnouncementError) as built:
        Announce(A, level)  # type: ignore[arg-type]
    assert str(built.value) == f"not an announcement level: {level!r} (§8.1)"
    assert (built.value.seat, built.value.action, built.value.rule) == (None, "announce", "§8.1")
    deal = start({A: "♣Q", C: "♣Q"})
    with pytest.raises(AnnouncementError) as refused:
        deal.announce(B, level)  # type: ignore[arg-type]
    assert str(refused.value) == f"not an announcement level: {level!r} (§8.1)"
    assert (refused.value.seat, refused.value.action, refused.value.rule) == (B, "announce", "§8.1")


def test_text_as_an_announcement_level_is_a_type_error() -> None:
    """SPEC §8.1: only Announcement.parse reads text; the action and the deal point to it."""
    expected = (
        "level must be an Announcement or int 0-4, not str 're'; use Announcement.parse('re')"
    )
    with pytest.raises(InvalidTypeError) as built:
        Announce(A, "re")  # type: ignore[arg-type]
    assert str(built.value) == expected
    assert isinstance(built.value, AnnouncementError)
    deal = start({A: "♣Q", C: "♣Q"})
    with pytest.raises(ActionTypeError) as refused:
        deal.announce(B, "re")  # type: ignore[arg-type]
    assert str(refused.value) == expected
    assert (refused.value.seat, refused.value.action) == (B, "announce")


def test_declare_refusals_carry_seat_action_and_rule() -> None:
    """SPEC §3.2: out of turn, after the round, no reservation, a marriage without both ♣Q."""
    deal = Deal.from_hands(Deal.shuffled(seed=2).dealt)
    with pytest.raises(NotYourTurnError) as early:
        deal.check_declare(1, Reservation.HEALTHY)
    assert str(early.value) == "seat 0 is asked now, not seat 1 (§3.2)"
    assert (early.value.seat, early.value.action, early.value.rule) == (
        1,
        "declare healthy",
        "§3.2",
    )
    with pytest.raises(ActionTypeError) as text:
        deal.check_declare(0, "healthy")  # type: ignore[arg-type]
    assert str(text.value) == (
        "reservation must be a Reservation, not str 'healthy'; use Reservation.parse('healthy')"
    )
    assert isinstance(text.value, InvalidReservationError)
    assert (text.value.seat, text.value.action) == (0, "declare")
    with pytest.raises(ActionTypeError) as not_one:
        deal.check_declare(0, GameType.NORMAL)  # type: ignore[arg-type]
    assert str(not_one.value) == "reservation must be a Reservation, not GameType GameType.NORMAL"
    assert (not_one.value.seat, not_one.value.action, not_one.value.rule) == (0, "declare", "")
    no_pair = next(seat for seat in range(4) if deal.dealt[seat].count(card("♣Q")) < 2)
    while deal.turn != no_pair:
        turn = deal.turn
        assert turn is not None
        deal = deal.declare(turn, Reservation.HEALTHY)
    with pytest.raises(IllegalActionError) as marriage:
        deal.declare(no_pair, Reservation.MARRIAGE)
    assert str(marriage.value) == "only a player holding both ♣Q may announce a marriage (§3.2)"
    assert (marriage.value.seat, marriage.value.action, marriage.value.rule) == (
        no_pair,
        "declare marriage",
        "§3.2",
    )
    playing = start({A: "♣Q", C: "♣Q"})
    with pytest.raises(WrongPhaseError) as over:
        playing.declare(A, Reservation.HEALTHY)
    assert str(over.value) == "the reservation round is over (§3.2)"
    assert (over.value.seat, over.value.action, over.value.rule) == (A, "declare healthy", "§3.2")


def test_deal_repr_names_the_phase() -> None:
    """The text of a deal names its dealer, contract, tricks, cards played and turn."""
    deal = Deal.from_hands(Deal.shuffled(seed=2).dealt, dealer=1)
    assert repr(deal) == "<Deal dealer=1 reservations tricks=0 cards_played=0 turn=2>"
    for seat in (2, 3, 0, 1):
        deal = deal.declare(seat, Reservation.FLESHLESS if seat == 3 else Reservation.HEALTHY)
    assert repr(deal) == "<Deal dealer=1 FLESHLESS tricks=0 cards_played=0 turn=2>"


def test_can_declare_accepts_the_seat_being_asked() -> None:
    """SPEC §3.2: the seat on turn may answer; any other seat may not."""
    deal = Deal.shuffled(seed=4)
    assert deal.can_declare(0, Reservation.HEALTHY)
    assert not deal.can_declare(1, Reservation.HEALTHY)


def test_apply_and_check_refuse_what_is_no_action() -> None:
    """Deal.apply and Deal.check take only Declare, Play and Announce."""
    deal = Deal.shuffled(seed=4)
    with pytest.raises(TypeError, match=r"^not an action: 5$"):
        deal.apply(5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^not an action: 5$"):
        deal.check(5)  # type: ignore[arg-type]


def test_replay_rebuilds_a_deal_with_announcements() -> None:
    """SPEC §3, §5, §8: replaying the history of a deal from its start gives the same deal."""
    deal = start({A: "♣Q", C: "♣Q"})
    deal = deal.announce(A, RE).announce(B, RE)
    deal = play_first(deal)
    rebuilt = deal.initial().replay(deal.history)
    assert rebuilt == deal
    assert rebuilt.history == deal.history
    actions = [event.as_action() for event in deal.history]
    assert deal.initial().replay(actions) == deal


def test_the_wrong_seat_cannot_play_within_a_trick() -> None:
    """SPEC §5.1: after the leader, the next seat clockwise plays, not the one before the leader."""
    deal = start({A: "♣Q", C: "♣Q"})
    deal = play_first(deal)
    held = next(iter(deal.hands[D]))
    with pytest.raises(NotYourTurnError) as error:
        deal.play(D, held)
    assert (error.value.seat, error.value.action, error.value.rule) == (D, f"play {held}", "§5.1")
    assert str(error.value) == "seat 1 plays next, not seat 3 (§5.1)"
    deal = play_first(deal)
    deal = play_first(deal)
    held = next(iter(deal.hands[B]))
    with pytest.raises(NotYourTurnError):
        deal.play(B, held)


def test_a_card_during_the_reservation_round_names_the_card() -> None:
    """SPEC §3.2: no card is played before the reservation round ends."""
    deal = Deal.shuffled(seed=4)
    held = next(iter(deal.hands[0]))
    with pytest.raises(WrongPhaseError) as error:
        deal.play(0, held)
    assert error.value.action == f"play {held}"
    assert str(error.value) == (
        "cards are played only after the reservation round and before the deal ends (§3.2, §3.5)"
    )


def test_something_that_is_no_card_is_never_played() -> None:
    """SPEC §5.2: only a held Card can be played, whatever object is offered instead."""
    deal = start({A: "♣Q ♣J", C: "♣Q"})
    assert deal.turn == A
    expected = "card must be a Card, not str '♣J'; use Card.parse('♣J')"
    for attempt in (deal.play, deal.check_play):
        with pytest.raises(ActionTypeError) as error:
            attempt(A, "♣J")  # type: ignore[arg-type]
        assert str(error.value) == expected
        assert isinstance(error.value, CardNotHeldError)
        assert (error.value.seat, error.value.action) == (A, "play")
    assert not deal.can_play(A, "♣J")  # type: ignore[arg-type]


def test_announcement_refusals_of_a_deal_carry_seat_action_and_rule() -> None:
    """SPEC §0.4, §7.4, §8.3, §9.1: a seat outside 0-3, the closed phases and the finished deal."""
    deal = Deal.shuffled(seed=4)
    with pytest.raises(AnnouncementBannedError) as early:
        deal.announce(0, RE)
    assert str(early.value) == "announcements open only after the reservation round (§8.3)"
    assert (early.value.seat, early.value.action, early.value.rule) == (
        0,
        "announce Re/Kontra",
        "§8.3",
    )
    playing = start({A: "♣Q", C: "♣Q"})
    for seat in (4, -1):
        with pytest.raises(IllegalActionError) as bad_seat:
            playing.announce(seat, RE)
        assert str(bad_seat.value) == f"seat must be 0-3, not {seat} (§0.4)"
        assert (bad_seat.value.seat, bad_seat.value.action, bad_seat.value.rule) == (
            None,
            "announce Re/Kontra",
            "§0.4",
        )
    with pytest.raises(IllegalActionError, match="seat must be 0-3"):
        playing.announce(True, RE)
    marriage = marriage_of_b()
    with pytest.raises(AnnouncementBannedError) as banned:
        marriage.announce(B, K90)
    assert str(banned.value) == (
        "no announcement before the marriage's clarification trick is complete (§7.4)"
    )
    assert (banned.value.seat, banned.value.action, banned.value.rule) == (
        B,
        "announce keine 90",
        "§7.4",
    )
    finished = finish(playing)
    with pytest.raises(WrongPhaseError) as late:
        finished.announce(A, RE)
    assert str(late.value) == "the deal is finished (§9.1)"
    assert (late.value.seat, late.value.action, late.value.rule) == (
        A,
        "announce Re/Kontra",
        "§9.1",
    )


def test_announced_events_read_with_the_partys_word() -> None:
    """SPEC §8.10: an announcement event names the seat, its party and the party's own word."""
    deal = start({A: "♣Q", C: "♣Q"})
    deal = deal.announce(B, RE).announce(A, K90)
    kontra, re_k90 = deal.announcements
    assert str(kontra) == "seat 1 (Kontra): Kontra with 12 cards"
    assert str(re_k90) == "seat 0 (Re): keine 90 with 12 cards"
    assert kontra == Announced(B, RE, KONTRA_P, 12, 0)


def test_views_of_a_clarified_marriage_show_partner_and_trick() -> None:
    """SPEC §7.2: once the marriage is clarified, every view shows the partner and trick k."""
    deal = marriage_of_b(2)
    for seat in range(4):
        view = deal.view(seat)
        assert view.partner == A
        assert view.clarification_trick == 2


# --- SPEC §11: special-point events ------------------------------------------


def test_special_event_fields_are_checked_at_their_bounds() -> None:
    """SPEC §11.3–§11.5: tricks are numbered 1-12, seats and victims are 0-3."""
    SpecialEvent(SpecialKind.FOX_CAUGHT, RE_P, trick=12, seat=3, victim=3)
    with pytest.raises(ValueError, match=r"^trick must be a trick number 1-12, not 13$"):
        SpecialEvent(SpecialKind.DOPPELKOPF, RE_P, trick=13, seat=0)
    with pytest.raises(ValueError, match=r"^victim must be a seat 0-3 or None, not 4$"):
        SpecialEvent(SpecialKind.FOX_CAUGHT, RE_P, trick=1, seat=0, victim=4)
    with pytest.raises(
        ValueError, match=r"^a caught fox names its victim; Doppelkopf and Karlchen do not$"
    ):
        SpecialEvent(SpecialKind.FOX_CAUGHT, RE_P, trick=1, seat=0)


def test_special_event_texts() -> None:
    """SPEC §11.3–§11.5: each event reads as a line of the score sheet."""
    events = [
        SpecialEvent(SpecialKind.KARLCHEN, KONTRA_P, trick=12, seat=3),
        SpecialEvent(SpecialKind.DOPPELKOPF, RE_P, trick=4, seat=0),
        SpecialEvent(SpecialKind.FOX_CAUGHT, RE_P, trick=2, seat=1, victim=2),
    ]
    assert [str(event) for event in events] == [
        "trick 12: Karlchen for Kontra (seat 3 won the last trick with ♣J)",
        "trick 4: Doppelkopf for Re (seat 0 won a trick worth 40 or more)",
        "trick 2: fox caught for Re (seat 1 caught the ♦A of seat 2)",
    ]


def test_special_points_are_read_from_complete_tricks_only() -> None:
    """SPEC §5.5, §11: an incomplete trick is refused, naming its number and size."""
    from doppelkopf import special_events

    with pytest.raises(InvalidSummaryError) as error:
        special_events([Trick.parse("♠A ♠10", leader=0)], G.NORMAL, [RE_P, KONTRA_P] * 2)
    assert str(error.value) == (
        "trick 1 holds 2 cards; special points are read from complete tricks only (SPEC §5.5, §11)"
    )


# --- SPEC §9–§12: summaries and settlement -----------------------------------


def summary(
    game: GameType, re_seats: set[int], re: PartyResult, kontra: PartyResult
) -> DealSummary:
    return DealSummary(game, re_seats, re, kontra)


def test_schwarz_is_announcement_level_4() -> None:
    """SPEC §8.1: the levels run 0-4, and 4 is schwarz."""
    assert PartyResult(240, 12, announcement=4).announcement is Announcement.SCHWARZ
    with pytest.raises(InvalidSummaryError, match=r"not 5 \(§8\.1\)$"):
        PartyResult(240, 12, announcement=5)


@pytest.mark.parametrize(
    ("game", "seats", "re", "kontra", "message"),
    [
        (
            G.NORMAL,
            {0, 1, 2},
            PartyResult(130, 6),
            PartyResult(110, 6),
            "re_seats={0, 1, 2}: a normal game has two Re players (§6.1)",
        ),
        (
            G.MARRIAGE,
            {2},
            PartyResult(130, 6),
            PartyResult(110, 6),
            "re_seats={2}: a marriage has two Re players (§6.2)",
        ),
        (
            G.JACKS_SOLO,
            {1, 3},
            PartyResult(130, 6),
            PartyResult(110, 6),
            "re_seats={1, 3}: in a jacks solo the soloist alone is Re (§6.3)",
        ),
        (
            G.NORMAL,
            {0, 1},
            PartyResult(241, 12),
            PartyResult(-1, 0),
            "re.card_points must be 0-240, not 241 (§1.2)",
        ),
        (
            G.NORMAL,
            {0, 1},
            PartyResult(120, 13),
            PartyResult(120, -1),
            "re.tricks must be 0-12, not 13 (§3.5)",
        ),
        (
            G.NORMAL,
            {0, 1},
            PartyResult(130, 6, doppelkopf=-1),
            PartyResult(110, 6),
            "re.doppelkopf is a count and cannot be -1 (§11.3)",
        ),
        (
            G.NORMAL,
            {0, 1},
            PartyResult(130, 6),
            PartyResult(110, 6, foxes_caught=-1),
            "kontra.foxes_caught is a count and cannot be -1 (§11.4)",
        ),
        (
            G.NORMAL,
            {0, 1},
            PartyResult(130, 6),
            PartyResult(100, 6),
            "re.card_points + kontra.card_points = 230, but the deck holds 240 card points (§1.2)",
        ),
        (
            G.NORMAL,
            {0, 1},
            PartyResult(130, 6),
            PartyResult(110, 5),
            "re.tricks + kontra.tricks = 11, but a deal has 12 tricks (§3.5)",
        ),
        (
            G.NORMAL,
            {0, 1},
            PartyResult(239, 12),
            PartyResult(1, 0),
            "kontra.card_points=1, but Kontra won no trick (§5.5)",
        ),
        (
            G.NORMAL,
            {0, 1},
            PartyResult(130, 6, announcement=0, late_reply=True),
            PartyResult(110, 6, announcement=0, late_reply=True),
            "re.late_reply and kontra.late_reply are both set, but the first Re/Kontra of a "
            "deal answers nothing and so is never a reply (§8.6)",
        ),
        (
            G.NORMAL,
            {0, 1},
            PartyResult(130, 6, late_reply=True),
            PartyResult(110, 6, announcement=0),
            "re.late_reply is set, but Re announced nothing (§8.6c)",
        ),
        (
            G.NORMAL,
            {0, 1},
            PartyResult(130, 6, announcement=0),
            PartyResult(110, 6, announcement=2, late_reply=True),
            "kontra.late_reply is set with announcement 'keine 60': after a late reply the "
            "party cannot make an absage, so its level can only be Kontra (§8.7)",
        ),
        (
            G.NORMAL,
            {0, 1},
            PartyResult(130, 6),
            PartyResult(110, 6, announcement=0, late_reply=True),
            "kontra.late_reply is set, but a reply answers an announcement and Re announced "
            "nothing (§8.6c)",
        ),
        (
            G.HEARTS_SOLO,
            {0},
            PartyResult(130, 6, foxes_caught=1),
            PartyResult(110, 6),
            "re.foxes_caught is set, but a hearts solo has no special points (§11.1)",
        ),
        (
            G.NORMAL,
            {0, 1},
            PartyResult(130, 2, doppelkopf=3),
            PartyResult(110, 10),
            "re.doppelkopf=3 is more than the 2 tricks Re won (§11.3)",
        ),
        (
            G.NORMAL,
            {0, 1},
            PartyResult(70, 6, doppelkopf=2),
            PartyResult(170, 6),
            "re.doppelkopf=2 needs at least 80 card points, but Re has 70 (§11.3)",
        ),
        (
            G.NORMAL,
            {0, 1},
            PartyResult(240, 12, foxes_caught=1),
            PartyResult(0, 0, foxes_caught=1),
            "kontra.foxes_caught=1, but Kontra won no trick (§11.4)",
        ),
        (
            G.NORMAL,
            {0, 1},
            PartyResult(150, 7, doppelkopf=3),
            PartyResult(90, 5, doppelkopf=2),
            "re.doppelkopf + kontra.doppelkopf = 5, but the 16 aces and tens fill at most "
            "four Doppelkopf tricks (§11.3)",
        ),
        (
            G.NORMAL,
            {0, 1},
            PartyResult(130, 6, foxes_caught=2),
            PartyResult(110, 6, foxes_caught=1),
            "re.foxes_caught + kontra.foxes_caught = 3, but the deck holds two ♦A (§11.4)",
        ),
        (
            G.NORMAL,
            {0, 1},
            PartyResult(130, 6, karlchen=True),
            PartyResult(110, 6, karlchen=True),
            "re.karlchen and kontra.karlchen are both set, but only one party wins trick 12 "
            "(§11.5)",
        ),
        (
            G.NORMAL,
            {0, 1},
            PartyResult(130, 3, doppelkopf=3, karlchen=True),
            PartyResult(110, 9),
            "re.karlchen is set, but Karlchen is won with the last trick, which holds a ♣J and "
            "so is no Doppelkopf, and Re won no trick besides its Doppelkopf tricks (§11.5)",
        ),
        (
            G.MARRIAGE,
            {0, 1},
            PartyResult(0, 0),
            PartyResult(240, 12),
            "re.tricks=0, but the partner of a marriage joins Re by winning one of tricks 1-3 "
            "(§7.2)",
        ),
        (
            G.MARRIAGE_SOLO,
            {0},
            PartyResult(40, 2),
            PartyResult(200, 10),
            "re.tricks=2, but a marriage turns solo only when the Hochzeiter wins tricks 1, 2 "
            "and 3 (§7.3)",
        ),
        (
            G.QUEENS_SOLO,
            {0},
            PartyResult(239, 11),
            PartyResult(1, 1),
            "re.card_points, re.tricks: no share of the 48 cards gives Re 11 tricks worth 239 "
            "card points and Kontra 1 trick worth 1 (§1.1, §1.2, §11.3)",
        ),
        (
            G.NORMAL,
            {0, 1},
            PartyResult(1, 1),
            PartyResult(239, 11),
            "re.card_points, re.tricks: no share of the 48 cards gives Re 1 trick worth 1 "
            "card points and Kontra 11 tricks worth 239 with the Doppelkopf, fox and Karlchen "
            "points given (every trick of four aces and tens is a Doppelkopf) (§1.1, §1.2, §11.3)",
        ),
    ],
)
def test_an_impossible_summary_names_field_and_rule(
    game: GameType, seats: set[int], re: PartyResult, kontra: PartyResult, message: str
) -> None:
    """SPEC §1.2, §3.5, §5.5, §6, §7–§8, §11: the first failed check, word for word."""
    with pytest.raises(InvalidSummaryError) as error:
        DealSummary(game, seats, re, kontra)
    assert str(error.value) == message


def test_no_winner_lows_count_under_spec_10_4() -> None:
    """SPEC §10.4: without a winner each party's real lows are written with rule §10.4."""
    failed = summary(
        G.NORMAL,
        {0, 1},
        PartyResult(57, 3, announcement=Announcement.SCHWARZ),
        PartyResult(183, 9, announcement=Announcement.SCHWARZ),
    )
    lows = [
        (line.reason, line.party, line.rule)
        for line in game_value(failed)
        if line.kind.value == "low"
    ]
    assert lows == [
        ("Re under 90", KONTRA_P, "§10.4"),
        ("Re under 60", KONTRA_P, "§10.4"),
    ]


def test_the_winners_lows_count_under_spec_10_1() -> None:
    """SPEC §10.1: with a winner the loser's lows, the trickless one included, are §10.1 lines."""
    schwarz = summary(G.FLESHLESS, {2}, PartyResult(240, 12), PartyResult(0, 0))
    assert [(line.reason, line.rule) for line in game_value(schwarz)] == [
        ("won", "§10.1"),
        ("Kontra under 90", "§10.1"),
        ("Kontra under 60", "§10.1"),
        ("Kontra under 30", "§10.1"),
        ("Kontra took no trick", "§10.1"),
    ]


def test_settlement_score_of_each_seat_and_text() -> None:
    """SPEC §12: score_of takes a seat 0-3; the text names lone seats in the singular."""
    settled = settle(summary(G.JACKS_SOLO, {1}, PartyResult(110, 5), PartyResult(130, 7)))
    assert [settled.score_of(seat) for seat in range(4)] == [1, -3, 1, 1]
    for seat in (4, -1):
        with pytest.raises(ValueError, match=rf"^a seat is 0-3, not {seat}$"):
            settled.score_of(seat)
    text = str(settled).splitlines()
    assert text[0] == "Jacks solo: Re seat 1 against Kontra seats 0, 2, 3"
    assert text[1] == "  Re      110 card points,  5 tricks, nothing announced"
    late = settle(
        summary(
            G.NORMAL,
            {0, 2},
            PartyResult(140, 8, announcement=K90),
            PartyResult(100, 4, announcement=RE, late_reply=True),
        )
    )
    lines = str(late).splitlines()
    assert lines[1] == "  Re      140 card points,  8 tricks, announced keine 90"
    assert lines[2] == "  Kontra  100 card points,  4 tricks, announced Kontra (late reply)"
    one_trick = settle(summary(G.NORMAL, {0, 2}, PartyResult(229, 11), PartyResult(11, 1)))
    assert (
        str(one_trick).splitlines()[2] == "  Kontra   11 card points,  1 trick, nothing announced"
    )


def test_settle_refuses_what_is_no_deal() -> None:
    """SPEC §9–§12: settle takes a summary, a deal or an outcome, and names what it got instead."""
    with pytest.raises(
        TypeError, match=r"^settle\(\) needs a DealSummary, Deal or Outcome, not int$"
    ):
        settle(7)  # type: ignore[arg-type]


def test_summaries_of_a_deal_and_its_outcome_agree_and_keep_a_late_reply() -> None:
    """SPEC §8.6c, §9.1: a late reply is kept in the summary, from the deal or its outcome."""
    deal = start({A: "♣Q", C: "♣Q"})
    deal = deal.announce(A, RE)
    deal = advance(deal, B, 10)
    deal = deal.announce(B, RE)
    deal = finish(deal)
    from_deal = summarize(deal)
    assert summarize(deal.outcome) == from_deal
    assert from_deal.kontra.late_reply
    assert from_deal.kontra.announcement is Announcement.RE_KONTRA
    assert not from_deal.re.late_reply


def test_from_tricks_counts_doppelkopf_tricks() -> None:
    """SPEC §11.3: a trick of 40 card points or more is a Doppelkopf for its winner's party."""
    tricks = [
        Trick.parse(text, leader=leader)
        for text, leader in (
            ("♣A ♣10 ♣A ♣10", 0),
            ("♥10 ♦A ♦9 ♦10", 0),
            ("♥10 ♣9 ♣9 ♣K", 0),
            ("♣Q ♠A ♠A ♠9", 0),
            ("♣Q ♥A ♥A ♥K", 0),
            ("♠Q ♥K ♥9 ♥9", 0),
            ("♠Q ♠10 ♠10 ♠K", 0),
            ("♥Q ♠K ♠9 ♦9", 0),
            ("♥Q ♣K ♦K ♦K", 0),
            ("♦Q ♦A ♦10 ♣J", 0),
            ("♦Q ♠J ♥J ♦J", 0),
            ("♣J ♠J ♥J ♦J", 0),
        )
    ]
    result = DealSummary.from_tricks(G.NORMAL, {0, 2}, tricks)
    assert result.re.doppelkopf == 1
    assert result.re.tricks == 12


def test_a_trick_led_by_the_wrong_seat_is_refused_from_trick_2_on() -> None:
    """SPEC §3.5, §5.5: the winner of trick 1 leads trick 2."""
    texts = (
        "♥10 ♦A ♦9 ♦10",
        "♥10 ♣9 ♣9 ♣K",
        "♣Q ♠A ♠A ♠9",
        "♣Q ♥A ♥A ♥K",
        "♠Q ♥K ♥9 ♥9",
        "♠Q ♠10 ♠10 ♠K",
        "♥Q ♠K ♠9 ♦9",
        "♥Q ♣A ♣A ♣10",
        "♦Q ♣10 ♣K ♦K",
        "♦Q ♦A ♦10 ♦K",
        "♣J ♠J ♥J ♦J",
        "♣J ♠J ♥J ♦J",
    )
    tricks = [
        Trick.parse(text, leader=1 if number == 1 else 0) for number, text in enumerate(texts)
    ]
    with pytest.raises(InvalidSummaryError) as error:
        DealSummary.from_tricks(G.NORMAL, {0, 2}, tricks)
    assert str(error.value) == (
        "trick 2 is led by seat 1, but seat 0 won trick 1 and leads next (§5.5)"
    )
    with pytest.raises(InvalidSummaryError) as short:
        DealSummary.from_tricks(G.NORMAL, {0, 2}, tricks[:11])
    assert str(short.value) == "a finished deal is 12 complete tricks (§3.5, §5.1)"
    doubled = [Trick.parse("♣J ♠J ♥J ♦J", leader=0)] * 12
    with pytest.raises(InvalidSummaryError) as wrong_cards:
        DealSummary.from_tricks(G.NORMAL, {0, 2}, doubled)
    assert str(wrong_cards.value) == (
        "the 12 tricks must hold the 48 cards of the deck, two of each card (§1.1)"
    )
