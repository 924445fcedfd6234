"""Armut, the poverty exchange (VARIANTS.md V§6): the examples V18, V20, V21, every error path
of the three exchange steps, its views (V§6.7), its scoring (V§6.6, R1) and its invariants."""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from doppelkopf import (
    AnswerPoverty,
    Card,
    CardNotHeldError,
    Deal,
    Declare,
    GameType,
    Hand,
    HeuristicPlayer,
    IllegalActionError,
    InvalidReservationError,
    InvalidTypeError,
    NotYourTurnError,
    Party,
    PassCards,
    Phase,
    Reservation,
    ReturnCards,
    Rules,
    WrongPhaseError,
    normal_trumps,
    play_deal,
    settle,
    summarize,
)
from doppelkopf.deal import pass_choices, return_choices
from doppelkopf.errors import AnnouncementBannedError, DoppelkopfError
from doppelkopf.parties import Announcement
from doppelkopf.scoring.value import ValueKind
from doppelkopf.strategies import rules as rule_sets

A, B, C, D = 0, 1, 2, 3
ARMUT = Rules(armut=True)
V18_HANDS = (
    "♦K ♣J ♠K ♠A ♠A ♠10 ♣A ♣A ♣10 ♥A ♥K ♥9",
    "♣Q ♣Q ♠Q ♠Q ♥Q ♥Q ♦Q ♦Q ♣J ♠J ♠J ♥J",
    "♥10 ♥10 ♦A ♦A ♦10 ♦10 ♦K ♦9 ♦9 ♥J ♦J ♠9",
    "♦J ♠10 ♠K ♠9 ♣10 ♣K ♣K ♣9 ♣9 ♥A ♥K ♥9",
)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Hand.parse(text))


def declared(rules: Rules = ARMUT, answers: Sequence[Reservation] | None = None) -> Deal:
    """The V18 deal after A's Armut and three healthy answers (dealer D)."""
    deal = Deal.from_hands(V18_HANDS, rules=rules)
    for seat, answer in enumerate(answers or (Reservation.POVERTY,) + (Reservation.HEALTHY,) * 3):
        deal = deal.declare(seat, answer)
    return deal


def v18(rules: Rules = ARMUT) -> Deal:
    """V18 up to the end of the exchange."""
    deal = declared(rules).pass_cards(A, cards("♦K ♣J ♠K"))
    deal = deal.answer_poverty(B, False).answer_poverty(C, True)
    return deal.return_cards(C, cards("♥10 ♦A ♠9"))


# --- V18: the whole procedure -------------------------------------------------------


def test_v18_the_exchange_parties_and_lead() -> None:
    deal = declared()
    assert (deal.game_type, deal.declarer, deal.phase, deal.turn) == (
        GameType.POVERTY,
        A,
        Phase.POVERTY_PASS,
        A,
    )
    deal = deal.pass_cards(A, cards("♦K ♣J ♠K"))
    assert (deal.phase, deal.turn, deal.hand_size(A)) == (Phase.POVERTY_OFFER, B, 9)
    deal = deal.answer_poverty(B, False)
    assert deal.poverty is not None
    assert (deal.turn, deal.poverty.answers) == (C, (False,))
    deal = deal.answer_poverty(C, True)
    assert (deal.phase, deal.turn, deal.hand_size(C), deal.partner) == (
        Phase.POVERTY_RETURN,
        C,
        15,
        C,
    )
    deal = deal.return_cards(C, cards("♥10 ♦A ♠9"))
    poverty = deal.poverty
    assert poverty is not None
    assert poverty.returned_trumps == 2  # ♥10 and ♦A, public
    assert deal.parties == (Party.RE, Party.KONTRA, Party.RE, Party.KONTRA)
    assert (deal.declarer, deal.partner) == (A, C)
    assert deal.phase is Phase.PLAY
    assert deal.turn == A  # the dealer's left leads trick 1 (V§6.5)
    assert [len(hand) for hand in deal.hands] == [12, 12, 12, 12]
    assert deal.hands[A] == Hand.parse("♥10 ♦A ♠9 ♠A ♠A ♠10 ♣A ♣A ♣10 ♥A ♥K ♥9")
    assert deal.card_order == ARMUT.card_order(GameType.POVERTY)
    assert deal.schweine is None


def test_v18_announcements_open_after_the_exchange_with_normal_deadlines() -> None:
    deal = declared()
    assert not deal.announcements_open
    with pytest.raises(AnnouncementBannedError) as caught:
        deal.announce(A, Announcement.RE_KONTRA)
    assert caught.value.rule == "V§6.5"
    deal = v18()
    assert deal.announcements_open
    assert deal.legal_announcements(A)[0] is Announcement.RE_KONTRA
    assert deal.shift == 0
    assert deal.announce(B, Announcement.RE_KONTRA).kontra_state.timely


def test_v18_no_card_is_played_during_the_exchange() -> None:
    deal = declared()
    with pytest.raises(WrongPhaseError) as caught:
        deal.play(A, Card.parse("♠A"))
    assert caught.value.rule == "V§6.5"
    assert deal.legal_cards() == ()


def test_v18_history_and_replay() -> None:
    deal = v18()
    history = deal.history
    assert history[4:] == (
        PassCards(A, cards("♦K ♣J ♠K")),
        AnswerPoverty(B, False),
        AnswerPoverty(C, True),
        ReturnCards(C, cards("♥10 ♦A ♠9")),
    )
    assert deal.initial().replay(history) == deal
    assert deal.initial().replay(history[:6]) == declared().pass_cards(
        A, cards("♦K ♣J ♠K")
    ).answer_poverty(B, False)


def test_v18_settles_as_a_normal_two_against_two_game() -> None:
    """V§6.6, R1: special points and "gegen die Alten" as in a normal game."""
    deal = v18(Rules(armut=True))
    players = [HeuristicPlayer(seed=seat) for seat in range(4)]
    deal = play_deal(deal, players)
    summary = summarize(deal)
    assert summary.game_type is GameType.POVERTY
    assert summary.re_seats == frozenset({A, C})
    settlement = settle(deal)
    normal = settle(attrs.evolve(summary, game_type=GameType.NORMAL))
    assert settlement.scores == normal.scores
    assert [(line.kind, line.points) for line in settlement.lines] == [
        (line.kind, line.points) for line in normal.lines
    ]
    assert sum(settlement.scores) == 0
    value = settlement.value_for(Party.RE)
    assert settlement.scores[A] == settlement.scores[C] == value  # not tripled
    assert deal.rules.counts_specials(GameType.POVERTY)  # V§6.6: special points apply


def test_v18_gegen_die_alten_when_kontra_wins() -> None:
    deal = v18()
    summary = summarize(play_deal(deal, [HeuristicPlayer(seed=s) for s in range(4)]))
    kontra_won = attrs.evolve(
        summary,
        re=attrs.evolve(summary.re, card_points=100, tricks=max(summary.re.tricks, 1)),
        kontra=attrs.evolve(summary.kontra, card_points=140, tricks=12 - max(summary.re.tricks, 1)),
    )
    kinds = [line.kind for line in settle(kontra_won).lines]
    assert ValueKind.GEGEN_DIE_ALTEN in kinds


# --- V20, V21: priority (V§6.2) -----------------------------------------------------


def test_v20_armut_beats_hochzeit() -> None:
    deal = declared(
        answers=(Reservation.POVERTY, Reservation.MARRIAGE) + (Reservation.HEALTHY,) * 2
    )
    assert (deal.game_type, deal.declarer, deal.phase) == (GameType.POVERTY, A, Phase.POVERTY_PASS)
    # B (both ♣Q) is an ordinary player of whichever party: here it refuses and is Kontra.
    deal = deal.pass_cards(A, cards("♦K ♣J ♠K")).answer_poverty(B, False)
    deal = deal.answer_poverty(C, True).return_cards(C, cards("♥10 ♦A ♠9"))
    assert deal.parties[B] is Party.KONTRA


def test_v21_a_solo_beats_armut() -> None:
    deal = declared(
        answers=(
            Reservation.POVERTY,
            Reservation.HEALTHY,
            Reservation.SPADES_SOLO,
            Reservation.HEALTHY,
        )
    )
    assert (deal.game_type, deal.declarer, deal.phase) == (GameType.SPADES_SOLO, C, Phase.PLAY)
    assert deal.poverty is None
    assert deal.turn == A


def test_v19_nobody_accepts_the_deal_is_void() -> None:
    deal = declared().pass_cards(A, cards("♦K ♣J ♠K"))
    for seat in (B, C, D):
        deal = deal.answer_poverty(seat, False)
    assert deal.is_void
    assert deal.is_finished
    assert deal.phase is Phase.VOID
    assert deal.void is not None
    assert (deal.void.reason, deal.void.seat, deal.void.shown) == ("poverty_refused", A, None)
    assert deal.turn is None
    assert deal.legal_actions == ()
    assert deal.hands == deal.dealt  # the passed cards go back: the deck is whole
    with pytest.raises(WrongPhaseError) as caught:
        _ = deal.outcome
    assert "V§8" in caught.value.rule
    with pytest.raises(DoppelkopfError):
        settle(deal)
    assert deal.initial().replay(deal.history) == deal


# --- who may declare (V§6.1) --------------------------------------------------------


def test_armut_needs_the_option_and_few_trumps() -> None:
    plain = Deal.from_hands(V18_HANDS)
    with pytest.raises(InvalidReservationError) as caught:
        plain.declare(A, Reservation.POVERTY)
    assert caught.value.rule == "V§6"
    assert Declare(A, Reservation.POVERTY) not in plain.legal_actions
    few = Deal.from_hands(V18_HANDS, rules=Rules(armut=True, armut_max_trumps=1))
    with pytest.raises(InvalidReservationError) as caught:
        few.declare(A, Reservation.POVERTY)  # two trumps, at most one allowed
    assert caught.value.rule == "V§6.1"
    assert Declare(A, Reservation.POVERTY) in Deal.from_hands(V18_HANDS, rules=ARMUT).legal_actions
    rich = Deal.from_hands(V18_HANDS, rules=ARMUT).declare(A, Reservation.HEALTHY)
    with pytest.raises(InvalidReservationError):
        rich.declare(B, Reservation.POVERTY)


def test_the_count_uses_the_normal_order_of_the_rules() -> None:
    hand = Hand.parse("♥10 ♥10 ♦K ♣J ♠A ♠A ♠10 ♠K ♣A ♣A ♣10 ♥A")
    assert normal_trumps(hand) == 4
    assert normal_trumps(hand, Rules(dullen=False)) == 2  # V§2.1: the ♥10 is plain
    assert normal_trumps(hand, Rules(schweinchen=True)) == 4
    fox = Hand.parse("♦A ♦A ♣A ♣A ♠A ♠A ♥A ♥A ♣10 ♣10 ♠10 ♠10")
    assert normal_trumps(fox, Rules(schweinchen=True)) == 2  # the Schweine add nothing


# --- every error path of the exchange ---------------------------------------------


def test_pass_errors() -> None:
    deal = declared()
    with pytest.raises(NotYourTurnError):
        deal.pass_cards(B, cards("♣Q ♣Q ♠Q"))
    with pytest.raises(IllegalActionError) as caught:
        deal.pass_cards(A, cards("♦K ♣J"))
    assert caught.value.rule == "V§6.3"
    with pytest.raises(IllegalActionError):
        deal.pass_cards(A, cards("♦K ♣J ♠K ♠A"))
    with pytest.raises(IllegalActionError) as caught:
        deal.pass_cards(A, cards("♦K ♠K ♠A"))  # keeps the ♣J
    assert "♣J" in str(caught.value)
    assert caught.value.rule == "V§6.3"
    with pytest.raises(CardNotHeldError):
        deal.pass_cards(A, cards("♦K ♣J ♣Q"))
    with pytest.raises(CardNotHeldError):
        deal.pass_cards(A, cards("♦K ♣J ♥K ♥K")[:2] + cards("♦K"))  # two ♦K, one held
    with pytest.raises(InvalidTypeError):
        deal.pass_cards(A, "♦K ♣J ♠K")  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError):
        deal.pass_cards(A, [Card.parse("♦K"), "♣J", Card.parse("♠K")])  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError):
        deal.pass_cards(7, cards("♦K ♣J ♠K"))
    assert not deal.can_pass_cards(A, cards("♦K ♠K ♠A"))
    assert deal.can_pass_cards(A, cards("♠K ♦K ♣J"))  # any order
    after = deal.pass_cards(A, cards("♦K ♣J ♠K"))
    with pytest.raises(WrongPhaseError):
        after.pass_cards(A, cards("♠A ♠A ♠10"))
    with pytest.raises(WrongPhaseError):
        Deal.from_hands(V18_HANDS, rules=ARMUT).pass_cards(A, cards("♦K ♣J ♠K"))


def test_answer_errors() -> None:
    deal = declared()
    with pytest.raises(WrongPhaseError):
        deal.answer_poverty(B, True)  # the cards are not passed yet
    deal = deal.pass_cards(A, cards("♦K ♣J ♠K"))
    with pytest.raises(NotYourTurnError):
        deal.answer_poverty(C, True)
    with pytest.raises(NotYourTurnError):
        deal.answer_poverty(A, True)  # the poor player is not asked
    with pytest.raises(InvalidTypeError):
        deal.answer_poverty(B, 1)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError):
        deal.answer_poverty(True, True)
    assert deal.can_answer_poverty(B, False)
    assert not deal.can_answer_poverty(D, False)
    accepted = deal.answer_poverty(B, True)
    with pytest.raises(WrongPhaseError):
        accepted.answer_poverty(C, True)


def test_return_errors() -> None:
    deal = declared().pass_cards(A, cards("♦K ♣J ♠K"))
    with pytest.raises(WrongPhaseError):
        deal.return_cards(B, cards("♣Q ♣Q ♠Q"))
    deal = deal.answer_poverty(B, False).answer_poverty(C, True)
    with pytest.raises(NotYourTurnError):
        deal.return_cards(A, cards("♦K ♣J ♠K"))
    with pytest.raises(CardNotHeldError):
        deal.return_cards(C, cards("♣Q ♦K ♣J"))
    with pytest.raises(IllegalActionError):
        deal.return_cards(C, cards("♦K ♣J"))
    assert deal.can_return_cards(C, cards("♦K ♣J ♠K"))  # the received cards may go back
    assert deal.can_return_cards(C, cards("♥10 ♥10 ♦A"))  # trumps allowed
    done = deal.return_cards(C, cards("♦K ♣J ♠K"))
    assert done.poverty is not None
    assert done.poverty.returned_trumps == 2
    with pytest.raises(WrongPhaseError):
        done.return_cards(C, cards("♥10 ♥10 ♦A"))


def test_actions_check_their_cards() -> None:
    with pytest.raises(IllegalActionError):
        PassCards(A, cards("♦K ♣J"))
    with pytest.raises(InvalidTypeError):
        ReturnCards(A, None)
    with pytest.raises(InvalidTypeError):
        AnswerPoverty(A, None)  # type: ignore[arg-type]
    assert PassCards(A, cards("♠K ♦K ♣J")) == PassCards(A, cards("♣J ♦K ♠K"))


def test_apply_check_and_can_apply_take_the_exchange_actions() -> None:
    deal = declared()
    action = PassCards(A, cards("♦K ♣J ♠K"))
    deal.check(action)
    assert deal.can_apply(action)
    assert deal.apply(action) == deal.pass_cards(A, cards("♦K ♣J ♠K"))
    assert not deal.can_apply(ReturnCards(C, cards("♥10 ♦A ♠9")))


# --- legal actions and views (V§6.7) -------------------------------------------------


def test_legal_actions_list_the_distinct_choices() -> None:
    deal = declared()
    choices = pass_choices(deal.hands[A], ARMUT)
    assert deal.legal_actions == tuple(PassCards(A, chosen) for chosen in choices)
    # ♦K ♣J and one of the 8 distinct non-trumps (♠K ♠A ♠10 ♣A ♣10 ♥A ♥K ♥9)
    assert len(choices) == 8
    assert all(deal.can_apply(action) for action in deal.legal_actions)
    deal = deal.pass_cards(A, cards("♦K ♣J ♠K"))
    assert deal.legal_actions == (AnswerPoverty(B, True), AnswerPoverty(B, False))
    deal = deal.answer_poverty(B, False).answer_poverty(C, True)
    returns = return_choices(deal.hands[C])
    assert deal.legal_actions == tuple(ReturnCards(C, chosen) for chosen in returns)
    assert len(set(returns)) == len(returns)


def test_views_follow_v6_7() -> None:
    deal = v18()
    passed, returned = cards("♦K ♣J ♠K"), cards("♥10 ♦A ♠9")
    for seat in (A, C):
        seen = deal.view(seat).poverty
        assert seen is not None
        assert seen.passed is not None
        assert seen.returned is not None
        assert (Hand(seen.passed), Hand(seen.returned)) == (Hand(passed), Hand(returned))
    for seat in (B, D):
        seen = deal.view(seat).poverty
        assert seen is not None
        assert (seen.passed, seen.returned) == (None, None)
        assert (seen.acceptor, seen.returned_trumps, seen.answers) == (C, 2, (False, True))
        assert seen.cards_passed
        assert seen.cards_returned
    offered = declared().pass_cards(A, passed)
    blind, own = offered.view(B).poverty, offered.view(A).poverty
    assert blind is not None
    assert own is not None
    assert blind.passed is None  # the acceptor accepts blind (R2)
    assert Hand(own.passed or ()) == Hand(passed)


def test_view_legal_actions_equal_the_deal_s_in_every_step() -> None:
    deal = declared()
    steps = [deal]
    for event in v18().history[4:]:
        deal = deal.apply(event.as_action())
        steps.append(deal)
    for step in steps:
        for seat in range(4):
            mine = tuple(a for a in step.legal_actions if a.seat == seat)
            assert step.view(seat).legal_actions == mine
            assert step.view(seat).phase is step.phase


# --- properties ----------------------------------------------------------------------


def _armut_deals() -> st.SearchStrategy[tuple[Deal, list[int]]]:
    return st.tuples(
        rule_sets(armut=True, armut_max_trumps=3, solos=False, schmeissen=frozenset()),
        st.integers(0, 2**32),
        st.lists(st.integers(0, 10**6), min_size=8, max_size=8),
    ).map(lambda t: (Deal.shuffled(t[1], rules=t[0]), t[2]))


def _poor_deal(deal: Deal) -> Deal | None:
    """``deal`` with the first seat that may declare Armut declaring it, the others healthy."""
    for seat in ((deal.dealer + k) & 3 for k in (1, 2, 3, 4)):
        answer = Reservation.HEALTHY
        if deal.can_declare(seat, Reservation.POVERTY) and deal.poverty is None:
            answer = Reservation.POVERTY
        deal = deal.declare(seat, answer)
    return deal if deal.game_type is GameType.POVERTY else None


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(_armut_deals())
def test_the_exchange_conserves_the_deck_and_the_hand_sizes(case: tuple[Deal, list[int]]) -> None:
    deal, picks = case
    poor = _poor_deal(deal)
    if poor is None:
        return
    deal = poor
    size = deal.rules.hand_size
    step = 0
    while deal.phase in (Phase.POVERTY_PASS, Phase.POVERTY_OFFER, Phase.POVERTY_RETURN):
        actions = deal.legal_actions
        deal = deal.apply(actions[picks[step] % len(actions)])
        step += 1
        held = sum(hand.bits for hand in deal.hands)
        passed = deal.poverty
        assert passed is not None
        in_transit = (
            sum(1 << (2 * card.index) for card in passed.passed or ())
            if deal.phase is Phase.POVERTY_OFFER
            else 0
        )
        assert held + in_transit == deal.rules.deck_bits
    if deal.is_void:
        assert deal.hands == deal.dealt
    else:
        assert [len(hand) for hand in deal.hands] == [size] * 4
        assert sum(hand.bits for hand in deal.hands) == deal.rules.deck_bits
        assert deal.poverty is not None
        assert deal.poverty.returned_trumps == normal_trumps(
            Hand(deal.poverty.returned or ()), deal.rules
        )


@settings(max_examples=60, deadline=None)
@given(_armut_deals(), st.integers(0, 3))
def test_views_leak_nothing_during_the_exchange(case: tuple[Deal, list[int]], pick: int) -> None:
    """Two deals that differ only in the poor player's passed cards look the same to the others
    until they are accepted, and to the two others also after it."""
    deal, picks = case
    poor = _poor_deal(deal)
    if poor is None:
        return
    choices = poor.legal_actions
    first = poor.apply(choices[picks[0] % len(choices)])
    second = poor.apply(choices[picks[1] % len(choices)])
    assert poor.poverty is not None
    owner = poor.poverty.poor
    for seat in range(4):
        if seat != owner:
            assert first.view(seat) == second.view(seat)
            assert first.view(seat).legal_actions == second.view(seat).legal_actions
    # accept by the first seat asked, return the same three of its own cards
    acceptor = (owner + 1) & 3
    first, second = first.answer_poverty(acceptor, True), second.answer_poverty(acceptor, True)
    own = tuple(poor.hands[acceptor])[pick : pick + 3]
    first, second = first.return_cards(acceptor, own), second.return_cards(acceptor, own)
    for seat in range(4):
        if seat not in (owner, acceptor):
            assert first.view(seat) == second.view(seat)


def test_the_cards_on_offer_are_unseen_by_all_but_the_poor_player() -> None:
    """V§6.7: while the three cards are on offer they are in no hand; only A knows them."""
    from doppelkopf.players import unseen_cards

    deal = declared().pass_cards(A, cards("♦K ♣J ♠K"))
    assert deal.phase is Phase.POVERTY_OFFER
    passed = Hand.parse("♦K ♣J ♠K")
    for seat in (A, B, C, D):
        others = sum(deal.hands[other].bits for other in range(4) if other != seat)
        expected = others if seat == A else others + passed.bits
        assert unseen_cards(deal.view(seat)).bits == expected, seat
    assert len(unseen_cards(deal.view(A))) == 48 - 9 - 3
    assert len(unseen_cards(deal.view(B))) == 48 - 12
    # Once C holds them they are simply C's cards.
    deal = deal.answer_poverty(B, False).answer_poverty(C, True)
    assert len(unseen_cards(deal.view(A))) == 48 - 9
