"""The observer: a seat's view kept from its own hand and the public events (SPEC §6.1).

Along random deals under every preset of :class:`Rules` and the procedures of
V§2.3, V§6, V§7 and V§9, each seat's :class:`Observer`, fed the events of its
view's history as they appear, shows the deal's own view at every step, down
to the bytes of the wire form.  Then the events no deal could produce, each
refused with the rule that forbids it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from deal_helpers import (
    A,
    B,
    C,
    D,
    armut_deal,
    declare_all,
    hands_with,
    playouts,
    with_both_club_queens,
)
from doppelkopf import (
    Action,
    Announce,
    Announced,
    Announcement,
    AnnouncementError,
    AnswerPoverty,
    Card,
    CardNotHeldError,
    Concealed,
    Deal,
    Declare,
    GameType,
    Hand,
    HeuristicPlayer,
    IllegalActionError,
    InvalidReservationError,
    InvalidTypeError,
    InvalidValueError,
    MustFollowError,
    NotYourTurnError,
    Observer,
    Party,
    PassCards,
    Phase,
    Play,
    PlayerView,
    Question,
    Reservation,
    ReservationKind,
    ReturnCards,
    Rules,
    Schweine,
    SeenEvent,
    VoidDeal,
    WrongPhaseError,
)
from doppelkopf.search import SearchPlayer
from doppelkopf.wire import dumps_view, loads_view

card = Card.parse

RULE_SETS: dict[str, Rules] = {
    "ddv": Rules.DDV,
    "tournament": Rules.TOURNAMENT,
    "xix": Rules.XIX,
    "procedures": Rules(
        armut=True, schweinchen=True, schmeissen={"nines5", "kings5", "trumps1", "full7"}
    ),
    "no nines": Rules(nines=False, schweinchen=True, second_dulle="always"),
}
"""Every preset, and the procedures and decks the presets leave out."""


def _choose(deal: Deal, rng: random.Random, refuse: float = 0.7) -> Action:  # noqa: PLR0911
    """A legal action: healthy mostly, a procedure when the hand allows one, few announcements.

    A bare Vorbehalt now and then, not as often as healthy: nearly every hand
    may say one, and the seat asked then names a solo where it holds nothing
    lower.
    """
    actions = deal.legal_actions
    if deal.phase is Phase.RESERVATIONS:
        special = [
            a
            for a in actions
            if isinstance(a, Declare)
            and a.reservation in (Reservation.MARRIAGE, Reservation.POVERTY, Reservation.THROW)
        ]
        if special and rng.random() < 0.6:
            return rng.choice(special)
        bare = Declare(deal.turn or 0, Reservation.VORBEHALT)
        if bare in actions and rng.random() < 0.1:
            return bare
        healthy = [
            a
            for a in actions
            if isinstance(a, Declare)
            and not a.reservation.is_solo
            and a.reservation is not Reservation.VORBEHALT
        ]
        if healthy and rng.random() < 0.85:
            return rng.choice(healthy)
        return rng.choice(actions)
    if AnswerPoverty(deal.turn or 0, accept=False) in actions and rng.random() < refuse:
        return AnswerPoverty(deal.turn or 0, accept=False)
    plays = [a for a in actions if isinstance(a, Play)]
    others = [a for a in actions if not isinstance(a, Play)]
    if others and (not plays or rng.random() < 0.12):
        return rng.choice(others)
    return rng.choice(plays)


def _public_facts(
    observer: Observer, view: PlayerView
) -> list[SeenEvent | Schweine | Question | VoidDeal]:
    """What the table tells a seat that its history does not carry (see the observer)."""
    facts: list[SeenEvent | Schweine | Question | VoidDeal] = []
    if observer.awaiting is not None:
        void = view.void
        if view.question is not None and view.turn is not None:
            facts.append(Question(view.turn, view.question))
        elif void is not None and void.reason == "thrown":
            facts.append(void)
        else:
            winner = view.declarer if void is None else void.seat
            facts.extend(e for e in view.history if isinstance(e, Declare) and e.seat == winner)
    return facts


def feed(observer: Observer, old: Sequence[SeenEvent], view: PlayerView) -> Observer:
    """``observer`` after the events that turned history ``old`` into ``view``'s.

    New entries first, then the entries that changed in place (the winning
    wish made public, the passed cards an acceptor takes up), then what the
    history does not carry: the winning wish where the viewer cannot tell it,
    the hand of a Schmeißen, the Schweine.
    """
    new = view.history
    events = [*new[len(old) :], *(n for o, n in zip(old, new, strict=False) if o != n)]
    observer = observer.apply_all(events)
    observer = observer.apply_all(_public_facts(observer, view))
    if view.schweine is not None and observer.view.schweine is None:
        observer = observer.apply(Schweine(view.schweine))
    return observer


def observers_of(deal: Deal) -> list[Observer]:
    """An observer for each seat of ``deal`` before its first answer."""
    return [
        Observer.start(
            seat,
            deal.view(seat).hand,
            dealer=deal.dealer,
            rules=deal.rules,
            owing=deal.view(seat).owing,
            forced=deal.view(seat).forced,
        )
        for seat in range(4)
    ]


def follow(deal: Deal, rng: random.Random, refuse: float = 0.7) -> Deal:
    """Play ``deal`` out; at every step each seat's observer must show the deal's view."""
    observers = observers_of(deal)
    histories: list[Sequence[SeenEvent]] = [(), (), (), ()]
    while True:
        for seat in range(4):
            view = deal.view(seat)
            observers[seat] = feed(observers[seat], histories[seat], view)
            histories[seat] = view.history
            seen = observers[seat].view
            assert seen == view
            assert seen.legal_actions == view.legal_actions
            assert seen.key == view.key
            assert dumps_view(seen) == dumps_view(view)
        if not deal.legal_actions:
            return deal
        deal = deal.apply(_choose(deal, rng, refuse))


@pytest.mark.parametrize("rules", RULE_SETS.values(), ids=RULE_SETS.keys())
@playouts(12)
@given(rng=st.randoms(use_true_random=False), dealer=st.integers(0, 3), marry=st.booleans())
def test_the_observer_shows_the_view_of_the_deal(
    rules: Rules, rng: random.Random, dealer: int, marry: bool
) -> None:
    deal = Deal.shuffled(rng=rng, dealer=dealer, rules=rules)
    if marry:  # one seat holds both ♣Q: a marriage, or a silent one
        hands = with_both_club_queens(deal.dealt, rng.randrange(4))
        deal = Deal.from_hands(hands, dealer=dealer, rules=rules)
    follow(deal, rng)


@playouts(10)
@given(rng=st.randoms(use_true_random=False), owing=st.sets(st.integers(0, 3), min_size=1))
def test_the_observer_follows_compulsory_and_forced_solos(
    rng: random.Random, owing: set[int]
) -> None:
    deal = Deal.shuffled(rng=rng, rules=Rules.TOURNAMENT, owing=owing, forced=rng.random() < 0.5)
    follow(deal, rng)


def test_every_procedure_is_followed() -> None:
    """These seeds reach a Schmeißen, a refused Armut and the Schweine."""
    rules = RULE_SETS["procedures"]
    seen: set[object] = set()
    for seed in (0, 5, 12, 18):
        rng = random.Random(seed)
        end = follow(Deal.shuffled(rng=rng, dealer=seed % 4, rules=rules), rng)
        seen.add(end.phase if end.void is None else end.void.reason)
        seen.add(end.view(0).schweine is not None)
    assert seen == {"thrown", "poverty_refused", True, False, Phase.FINISHED}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_an_armut_taken_is_followed(seed: int) -> None:
    end = follow(armut_deal(seed), random.Random(seed), refuse=0.0)
    assert end.game_type is GameType.POVERTY
    assert end.phase is Phase.FINISHED


# --- the two-step reservation round (SPEC §3.2-§3.4, V§6.2) -----------------------

V, N = Reservation.VORBEHALT, Reservation.DECLINE
SOLO, MARRIAGE = ReservationKind.SOLO, ReservationKind.MARRIAGE


def _two_step_deal() -> Deal:
    """Seat 1 holds both ♣Q: seats 1 and 2 say Vorbehalt (docs/rules/reservations.rst)."""
    deal = Deal.shuffled(seed=22, dealer=D)
    return declare_all(deal, {B: V, C: V})


def test_a_two_step_round_is_followed_from_each_seat() -> None:
    """Seat 1 declines the solo, seat 2 names its queens solo; the question is told
    where the seat cannot tell it (another seat's Vorbehalt may be named at once)."""
    deal = _two_step_deal()
    asked = deal.declare(B, N)
    end = asked.declare(C, Reservation.QUEENS_SOLO)
    told = {A: True, B: True, C: True, D: True}
    for seat in range(4):
        first = deal.view(seat)
        observer = Observer.start(seat, first.hand, dealer=D).apply_all(first.history)
        assert observer.awaiting == "the contract"
        observer = observer.apply(Question(B, SOLO))
        assert observer.view == first
        assert (observer.view.turn, observer.view.question) == (B, SOLO)
        observer = observer.apply(Declare(B, N))
        if seat == C:  # its own Vorbehalt is bare, seat 1's too: it knows it is asked
            told[seat] = False
        else:
            assert observer.awaiting == "the contract"
            observer = observer.apply(Question(C, SOLO))
        assert observer.view == asked.view(seat)
        observer = observer.apply(Declare(C, Reservation.QUEENS_SOLO))
        view = observer.view
        assert view == end.view(seat)
        assert view.legal_actions == end.view(seat).legal_actions
        assert view.asked == (Declare(B, N), Declare(C, Reservation.QUEENS_SOLO))
        assert (view.game_type, view.declarer, view.turn) == (GameType.QUEENS_SOLO, C, A)
        assert [str(event) for event in view.history][4:] == ["seat 1: decline", "seat 2: SOLO_Q"]
    assert told == {A: True, B: True, C: False, D: True}


def test_a_lone_bare_vorbehalt_is_asked_without_a_question_told() -> None:
    """Nobody else said Vorbehalt: every seat knows who is asked which kind."""
    deal = declare_all(Deal.shuffled(seed=22, dealer=D), {B: V})
    deal = deal.declare(B, N)  # seat 1 is asked the marriage next
    assert (deal.question, deal.turn) == (MARRIAGE, B)
    end = deal.declare(B, Reservation.MARRIAGE)
    for seat in range(4):
        observer = Observer.start(seat, deal.view(seat).hand, dealer=D)
        observer = observer.apply_all(deal.view(seat).history)
        assert observer.awaiting is None
        assert observer.view == deal.view(seat)
        final = observer.apply(Declare(B, Reservation.MARRIAGE)).view
        assert final == end.view(seat)
        assert final.history == end.view(seat).history


def test_impossible_answers_to_a_question_are_refused() -> None:
    deal = _two_step_deal()
    viewer = Observer.start(A, deal.view(A).hand, dealer=D).apply_all(deal.view(A).history)
    with pytest.raises(InvalidReservationError, match="is not asked for Hochzeit") as info:
        viewer.apply(Question(B, MARRIAGE))  # the solo is asked first
    assert info.value.rule == "V§6.2"
    with pytest.raises(InvalidReservationError, match="never asked") as info:
        viewer.apply(Question(D, SOLO))  # seat 3 said healthy
    assert info.value.rule == "§3.2"
    asked = viewer.apply(Question(B, SOLO))
    with pytest.raises(NotYourTurnError, match="seat 1 is on turn"):
        asked.apply(Declare(C, N))
    with pytest.raises(InvalidReservationError, match="no reservation of it") as info:
        asked.apply(Declare(B, Reservation.MARRIAGE))  # a name of the wrong kind
    assert info.value.rule == "V§6.2"
    with pytest.raises(InvalidReservationError, match="names one or declines"):
        asked.apply(Declare(B, Reservation.HEALTHY))
    with pytest.raises(InvalidReservationError, match="said openly"):
        asked.apply(Concealed(B, "vorbehalt"))
    with pytest.raises(InvalidReservationError, match="asked for Solo, not Hochzeit"):
        asked.apply(Question(B, MARRIAGE))
    assert asked.apply(Question(B, SOLO)) == asked  # told again: nothing changes
    # Seat 2 holds no marriage: it must name its solo, its own decline is refused.
    own = Observer.start(C, deal.view(C).hand, dealer=D).apply_all(deal.view(C).history)
    own = own.apply_all([Question(B, SOLO), Declare(B, N)])
    with pytest.raises(InvalidReservationError, match="must name its reservation") as info:
        own.apply(Declare(C, N))
    assert info.value.rule == "§3.2, V§6.2"
    # Asked for the last kind, no seat may decline.
    lone = declare_all(Deal.shuffled(seed=22, dealer=D), {B: V}).declare(B, N)
    viewer = Observer.start(A, lone.view(A).hand, dealer=D).apply_all(lone.view(A).history)
    with pytest.raises(InvalidReservationError, match="must name its reservation"):
        viewer.apply(Declare(B, N))
    with pytest.raises(WrongPhaseError, match="no question is asked"):
        _playing(declare_all(Deal.shuffled(seed=22, dealer=D))).apply(Question(B, SOLO))


def test_a_wish_named_at_once_wins_after_the_declines() -> None:
    """Seat 2 names its solo at once, seat 1 says a bare Vorbehalt and declines the
    solo: seat 2's solo wins without a question, named where its Vorbehalt was."""
    solo = Reservation.QUEENS_SOLO
    deal = declare_all(Deal.shuffled(seed=22, dealer=D), {B: V, C: solo})
    assert (deal.question, deal.turn) == (SOLO, B)
    end = deal.declare(B, N)
    assert (end.game_type, end.declarer, end.view(A).asked) == (
        GameType.QUEENS_SOLO,
        C,
        (Declare(B, N),),
    )
    for seat in range(4):
        observer = Observer.start(seat, deal.view(seat).hand, dealer=D)
        observer = feed(observer, (), deal.view(seat))
        assert observer.view == deal.view(seat)
        observer = feed(observer, deal.view(seat).history, end.view(seat))
        assert observer.view == end.view(seat)
    viewer = Observer.start(A, deal.view(A).hand, dealer=D).apply_all(deal.view(A).history)
    waiting = viewer.apply(Declare(B, N))  # the decline tells the question
    with pytest.raises(InvalidReservationError, match="answered the questions"):
        waiting.apply(Declare(B, Reservation.MARRIAGE))
    with pytest.raises(InvalidReservationError, match="seat 1 is asked for Solo before seat 2"):
        Observer.start(B, deal.view(B).hand, dealer=D).apply_all(
            [*deal.view(B).history, Declare(C, solo)]
        )  # seat 1 is asked the solo first: seat 2's wish cannot win yet
    assert waiting.apply(Declare(C, solo)).view == end.view(A)


# --- the seat's own actions and the Action forms -------------------------------


def _healthy_start(dealer: int = D) -> tuple[Deal, Observer]:
    deal = Deal.shuffled(seed=11, dealer=dealer)
    return deal, Observer.start(A, deal.view(A).hand, dealer=dealer)


def test_the_own_actions_go_through_the_observer() -> None:
    deal, observer = _healthy_start()
    for seat in range(4):
        deal = deal.declare(seat, Reservation.HEALTHY)
        observer = observer.apply(Declare(seat, Reservation.HEALTHY))
    action = deal.view(A).legal_actions[0]
    assert isinstance(action, Play)
    deal, observer = deal.apply(action), observer.apply(action)
    level = Announce(A, Announcement.RE_KONTRA)
    deal, observer = deal.apply(level), observer.apply(level)
    assert observer.view == deal.view(A)


def test_an_announce_of_a_known_party_is_taken_in_its_action_form() -> None:
    deal = Deal.from_hands(hands_with({A: "♣Q", B: "♣Q"}))
    deal = declare_all(deal, {A: Reservation.JACKS_SOLO})
    observer = Observer.start(B, deal.view(B).hand, dealer=D)
    observer = feed(observer, (), deal.view(B))
    deal = deal.announce(C, Announcement.RE_KONTRA)
    observer = observer.apply(Announce(C, Announcement.RE_KONTRA))  # a solo: C is Kontra
    assert observer.view == deal.view(B)


def test_an_announce_of_an_unknown_party_asks_for_the_announced_form() -> None:
    deal = declare_all(Deal.from_hands(hands_with({A: "♣Q", B: "♣Q"})))
    observer = _playing(deal, C)
    with pytest.raises(AnnouncementError, match="party is not known"):
        observer.apply(Announce(D, Announcement.RE_KONTRA))


# --- refusals ---------------------------------------------------------------------


def _playing(deal: Deal, seat: int = A) -> Observer:
    observer = Observer.start(seat, deal.view(seat).hand, dealer=deal.dealer, rules=deal.rules)
    return feed(observer, (), deal.view(seat))


def test_a_card_the_viewer_holds_is_refused_from_another_seat() -> None:
    deal = declare_all(Deal.from_hands(hands_with({A: "♣Q ♦9", B: "♣Q ♥A ♥A"})))
    observer = _playing(deal, B)
    with pytest.raises(IllegalActionError, match=r"'seat 0: ♥A' cannot happen.*deck") as caught:
        observer.apply(Play(A, card("♥A")))
    assert caught.value.rule == "V§1.1"
    assert caught.value.seat == A


def test_a_third_copy_is_refused() -> None:
    deal = declare_all(Deal.from_hands(hands_with({A: "♣Q ♥A", B: "♣Q ♥A"})))
    observer = _playing(deal, B)
    observer = observer.apply(Play(A, card("♥A")))
    observer = observer.apply(Play(B, card("♥A")))
    with pytest.raises(IllegalActionError, match="third ♥A") as caught:
        observer.apply(Play(C, card("♥A")))
    assert caught.value.rule == "§1.1"


def test_the_viewer_s_own_cards_are_checked() -> None:
    deal = declare_all(Deal.from_hands(hands_with({A: "♣Q ♥A ♥9", B: "♣Q ♥K", C: "♥10"})))
    observer = _playing(deal)
    with pytest.raises(CardNotHeldError):
        observer.apply(Play(A, card("♠9") if card("♠9") not in deal.hands[A] else card("♣A")))
    observer = _playing(deal, B)
    observer = observer.apply(Play(A, card("♥A")))
    held = deal.hands[B]
    unfollowing = next(c for c in held if c not in deal.play(A, card("♥A")).legal_cards())
    with pytest.raises(MustFollowError):
        observer.apply(Play(B, unfollowing))


def test_a_card_of_a_suit_shown_void_is_refused() -> None:
    # D leads hearts; A trumps, so A has no hearts left (SPEC §5.2) and leads trick 2.
    hands = hands_with({A: "♣Q ♦9", B: "♣Q ♥9", C: "♥A", D: "♥K"})
    deal = declare_all(Deal.from_hands(hands, dealer=C))
    observer = _playing(deal, B)
    assert observer.view.turn == D
    for seat, text in ((D, "♥K"), (A, "♦9"), (B, "♥9"), (C, "♥A")):
        observer = observer.apply(Play(seat, card(text)))
    assert observer.view.turn == A
    with pytest.raises(IllegalActionError, match=r"seat 0 played ♥K after showing.*§5\.2"):
        observer.apply(Play(A, card("♥K")))


def test_events_out_of_turn_or_phase_are_refused() -> None:
    _deal, observer = _healthy_start()
    with pytest.raises(NotYourTurnError, match="seat 0 is on turn, not seat 2"):
        observer.apply(Declare(C, Reservation.HEALTHY))
    with pytest.raises(WrongPhaseError):
        observer.apply(Play(A, card("♣Q")))
    with pytest.raises(WrongPhaseError):
        observer.apply(AnswerPoverty(B, accept=True))
    observer = observer.apply_all(Declare(s, Reservation.HEALTHY) for s in range(4))
    with pytest.raises(NotYourTurnError):
        observer.apply(Play(B, card("♣Q")))
    with pytest.raises(WrongPhaseError, match="reservation round is over"):
        observer.apply(Declare(A, Reservation.HEALTHY))
    with pytest.raises(InvalidTypeError):
        observer.apply("♣Q")  # type: ignore[arg-type]


def test_an_announcement_the_rules_forbid_is_refused() -> None:
    hands = hands_with({A: "♣Q", B: "♣Q"})
    deal = declare_all(Deal.from_hands(hands))
    observer = _playing(deal, C)
    re = Announced(A, Announcement.RE_KONTRA, Party.RE, 12, 0)
    observer = observer.apply(re)
    with pytest.raises(AnnouncementError, match="announced already"):  # a second Re
        observer.apply(Announced(B, Announcement.RE_KONTRA, Party.RE, 12, 0))
    with pytest.raises(AnnouncementError, match="could announce only"):
        observer.apply(Announced(D, Announcement.RE_KONTRA, Party.KONTRA, 11, 0))
    with pytest.raises(IllegalActionError, match="announced for the other party"):
        observer.apply(Announced(A, Announcement.RE_KONTRA, Party.KONTRA, 12, 0))


def test_a_marriage_is_refused_where_the_viewer_holds_a_club_queen() -> None:
    _deal, observer = _healthy_start()
    hand = observer.view.hand
    if not hand.count(card("♣Q")):
        hands = hands_with({A: "♣Q", B: "♣Q"})
        observer = Observer.start(A, hands[A], dealer=D)
    observer = observer.apply(Declare(A, Reservation.HEALTHY))
    with pytest.raises(InvalidReservationError, match="viewer holds one"):
        observer.apply(Declare(B, Reservation.MARRIAGE))
    with pytest.raises(InvalidReservationError, match="no healthy answer"):
        observer.apply(Concealed(B, "vorbehalt")).apply(Concealed(C, "vorbehalt")).apply(
            Concealed(D, "vorbehalt")
        ).apply(Declare(B, Reservation.HEALTHY))


def test_the_contract_is_awaited_and_a_wish_that_cannot_win_is_refused() -> None:
    hands = hands_with({A: "♣Q", B: "♣Q"})
    observer = Observer.start(B, hands[B], dealer=D, rules=Rules(armut=True))
    observer = observer.apply(Concealed(A, "vorbehalt"))
    observer = observer.apply(Declare(B, Reservation.QUEENS_SOLO))
    observer = observer.apply_all(Declare(s, Reservation.HEALTHY) for s in (C, D))
    assert observer.awaiting == "the contract"
    with pytest.raises(WrongPhaseError, match="waits for the contract"):
        _ = observer.view
    with pytest.raises(WrongPhaseError):
        observer.apply(Play(A, card("♣Q")))
    with pytest.raises(InvalidReservationError, match="does not win"):
        observer.apply(Declare(A, Reservation.POVERTY))  # B's solo beats it (V§6.2)
    with pytest.raises(InvalidReservationError, match="did not say Vorbehalt"):
        observer.apply(Declare(C, Reservation.JACKS_SOLO))
    won = observer.apply(Declare(B, Reservation.QUEENS_SOLO))
    assert won.view.declarer == B
    assert won.view.turn == A
    lost = observer.apply(Declare(A, Reservation.JACKS_SOLO))
    assert lost.view.declarer == A


def test_the_hand_of_a_schmeissen_must_meet_its_reason() -> None:
    rules = Rules(schmeissen={"nines5"})
    hands = hands_with({A: "♣Q", B: "♣Q ♣9 ♣9 ♠9 ♥9 ♦9", C: "♠A ♠A"})
    deal = Deal.from_hands(hands, rules=rules)
    deal = deal.declare(A, Reservation.HEALTHY).declare(B, Reservation.THROW, "nines5")
    deal = deal.declare(C, Reservation.HEALTHY).declare(D, Reservation.HEALTHY)
    observer = Observer.start(C, deal.view(C).hand, dealer=D, rules=rules)
    observer = observer.apply_all(deal.view(C).history)
    assert observer.awaiting == "the thrown hand"
    with pytest.raises(IllegalActionError, match="does not meet nines5"):
        observer.apply(VoidDeal("thrown", B, "nines5", deal.dealt[A]))
    shown = Hand([*tuple(deal.dealt[B])[1:], card("♠A")])  # C holds both ♠A
    with pytest.raises(IllegalActionError, match="more ♠A than the deck"):
        observer.apply(VoidDeal("thrown", B, "nines5", shown))
    assert observer.apply(deal.void).view == deal.view(C)  # type: ignore[arg-type]


def test_the_schweine_are_told_once_at_the_contract() -> None:
    rules = Rules(schweinchen=True)
    hands = hands_with({A: "♣Q", B: "♣Q ♦A ♦A"})
    deal = declare_all(Deal.from_hands(hands, rules=rules))
    observer = _playing(deal, C)
    assert observer.view == deal.view(C)
    with pytest.raises(IllegalActionError, match="once"):
        observer.apply(Schweine(B))
    hands = hands_with({A: "♣Q ♦A", B: "♣Q", C: "♦A"})
    early = Observer.start(C, hands[C], dealer=D, rules=rules)
    early = early.apply_all(Declare(s, Reservation.HEALTHY) for s in range(4))
    with pytest.raises(IllegalActionError, match="the Schweine are the seat dealt both"):
        early.apply(Schweine(A))


def test_the_exchange_is_refused_out_of_its_place() -> None:
    deal = armut_deal(1)
    poverty = deal.view(0).poverty
    assert poverty is not None
    outsider = next(s for s in range(4) if s != poverty.poor)
    observer = Observer.start(
        outsider, deal.view(outsider).hand, dealer=deal.dealer, rules=deal.rules
    )
    observer = observer.apply_all(deal.view(outsider).history)
    with pytest.raises(IllegalActionError, match="face down"):
        observer.apply(PassCards(poverty.poor, (card("♦9"), card("♦9"), card("♦10"))))
    with pytest.raises(WrongPhaseError, match="no acceptor returns"):
        observer.apply(Concealed(poverty.poor, "return", 0))


def test_the_start_is_checked() -> None:
    with pytest.raises(InvalidTypeError):
        Observer.start(0, "♣Q", dealer=3)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError.__mro__[1]):
        Observer.start(0, Hand.parse("♣Q ♣Q ♣Q"), dealer=3)
    with pytest.raises(ValueError, match="compulsory"):
        Observer.start(0, Deal.shuffled(seed=1).view(0).hand, dealer=3, owing={1})


# --- players deciding from an observer's view -----------------------------------


def test_the_search_player_decides_from_an_observer_s_view() -> None:
    deal = Deal.shuffled(seed=21, dealer=D)
    observer = Observer.start(A, deal.view(A).hand, dealer=D)
    others = [HeuristicPlayer(seed=s) for s in range(4)]
    history: Sequence[SeenEvent] = ()
    decisions = 0
    while deal.legal_actions:
        view = deal.view(A)
        observer = feed(observer, history, view)
        history = view.history
        seen = observer.view
        if seen.turn == A and seen.phase is Phase.PLAY and decisions < 3:
            decisions += 1
            worlds = SearchPlayer(worlds=3, seed=decisions).worlds_of(seen, 3)
            assert all(world.view(A) == seen for world in worlds)
            chosen = SearchPlayer(worlds=3, seed=decisions).act(seen)
            assert chosen == SearchPlayer(worlds=3, seed=decisions).act(view)
            assert chosen in seen.legal_actions
        turn = deal.turn
        assert turn is not None
        action = others[turn].act(deal.view(turn))
        assert action is not None
        deal = deal.apply(action)
    assert decisions == 3


def test_the_heuristic_player_asks_the_two_questions_from_an_observer_s_view() -> None:
    deal = Deal.shuffled(seed=4, dealer=D)
    observer = Observer.start(B, deal.view(B).hand, dealer=D)
    players = [HeuristicPlayer(seed=s) for s in range(4)]
    history: Sequence[SeenEvent] = ()
    while deal.legal_actions:
        view = deal.view(B)
        observer = feed(observer, history, view)
        history = view.history
        seen = observer.view
        if seen.phase is Phase.PLAY:
            level = HeuristicPlayer().announcement(seen)
            acted = HeuristicPlayer().act(seen)
            if level is not None:
                assert acted == Announce(B, level)
            elif seen.turn == B:
                assert acted == Play(B, HeuristicPlayer().card(seen))
        turn = deal.turn
        assert turn is not None
        action = players[turn].act(deal.view(turn))
        assert action is not None
        deal = deal.apply(action)


# --- going on from a view, and hostile values ---------------------------------


def test_an_observer_goes_on_from_any_view_of_the_seat() -> None:
    deal = Deal.shuffled(seed=3, dealer=D).declare(A, Reservation.QUEENS_SOLO)
    observer = Observer(deal.view(A))
    observer = observer.apply_all(Declare(s, Reservation.HEALTHY) for s in (B, C, D))
    for seat in (B, C, D):
        deal = deal.declare(seat, Reservation.HEALTHY)
    assert observer.view == deal.view(A)  # its own solo: nobody else spoke
    rng = random.Random(3)
    middle = declare_all(Deal.shuffled(seed=4))
    for _ in range(9):
        middle = middle.apply(_choose(middle, rng))
    end = middle
    while end.legal_actions:
        end = end.apply(_choose(end, rng))
    told = len(middle.view(C).history)
    followed = Observer(middle.view(C)).apply_all(end.view(C).history[told:])
    assert followed.view == end.view(C)
    assert followed == Observer(end.view(C))
    assert hash(followed) == hash(Observer(end.view(C)))
    with pytest.raises(InvalidTypeError, match="view must be a PlayerView"):
        Observer(3)  # type: ignore[arg-type]


def test_hostile_event_values_raise_the_library_s_errors() -> None:
    deal = declare_all(Deal.from_hands(hands_with({A: "♣Q", B: "♣Q"})))
    observer = _playing(deal, C)
    huge = 10**5000
    with pytest.raises(InvalidValueError, match="hand_size"):
        observer.apply(Announced(A, Announcement.RE_KONTRA, Party.RE, huge, 0))
    with pytest.raises(InvalidTypeError):
        observer.apply(Announced(A, 0, Party.RE, 12, 0))  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError):
        observer.apply(Announced("A", Announcement.RE_KONTRA, Party.RE, 12, 0))  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError):
        observer.apply(Announced(A, Announcement.RE_KONTRA, Party.RE, 12, 0, late_reply=1))  # type: ignore[arg-type]
    with pytest.raises(WrongPhaseError):
        observer.apply(VoidDeal("thrown", A, ["nines5"], Hand()))  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError):
        observer.apply(object())  # type: ignore[arg-type]
    for events in (3, "♣Q", None):
        with pytest.raises(InvalidTypeError, match="events"):
            observer.apply_all(events)  # type: ignore[arg-type]
    rules = Rules(schmeissen={"nines5"})
    hands = hands_with({A: "♣Q", B: "♣Q"})
    waiting = Observer.start(C, hands[C], dealer=D, rules=rules)
    waiting = waiting.apply_all(
        [Concealed(A, "vorbehalt"), Concealed(B, "vorbehalt"), Declare(C, Reservation.HEALTHY)]
    ).apply(Declare(D, Reservation.HEALTHY))
    assert waiting.awaiting == "the contract"
    for bad in (
        VoidDeal("thrown", A, ["nines5"], Hand()),  # type: ignore[arg-type]
        VoidDeal("thrown", A, "no such reason", Hand()),  # type: ignore[arg-type]
        VoidDeal("poverty_refused", A),
        VoidDeal("thrown", A, "nines5", "♣9"),  # type: ignore[arg-type]
    ):
        with pytest.raises(IllegalActionError):
            waiting.apply(bad)
    with pytest.raises(InvalidTypeError):
        waiting.apply(VoidDeal("thrown", True, "nines5", Hand()))


def test_the_viewer_s_own_answers_are_named_and_legal() -> None:
    hands = hands_with({A: "♣Q", B: "♣Q"})
    observer = Observer.start(A, hands[A], dealer=D)
    with pytest.raises(InvalidReservationError, match="names its own answer"):
        observer.apply(Concealed(A, "vorbehalt"))
    with pytest.raises(InvalidReservationError, match="may not"):
        observer.apply(Declare(A, Reservation.MARRIAGE))  # one ♣Q only (SPEC §3.2)
    observer = observer.apply(Declare(A, Reservation.HEALTHY))
    observer = observer.apply(Declare(B, Reservation.JACKS_SOLO))
    with pytest.raises(InvalidReservationError, match="only the winning wish"):
        observer.apply(Declare(C, Reservation.QUEENS_SOLO)).apply(Declare(D, Reservation.HEALTHY))


def test_the_exchange_shows_its_cards_to_the_two_seats_in_it_only() -> None:
    deal = armut_deal(2)
    poverty = deal.view(0).poverty
    assert poverty is not None
    poor = poverty.poor
    mine = Observer(deal.view(poor))
    with pytest.raises(IllegalActionError, match="sees the cards it passes"):
        mine.apply(Concealed(poor, "pass"))
    passed = next(a for a in deal.view(poor).legal_actions if isinstance(a, PassCards))
    deal = deal.apply(passed)
    acceptor = (poor + 1) & 3
    deal = deal.apply(AnswerPoverty(acceptor, accept=True))
    outsider = Observer(deal.view((poor + 2) & 3))
    returned = next(a for a in deal.view(acceptor).legal_actions if isinstance(a, ReturnCards))
    with pytest.raises(IllegalActionError, match="no other seat"):
        outsider.apply(returned)
    taker = Observer(deal.view(acceptor))
    with pytest.raises(IllegalActionError, match="no other seat"):
        taker.apply(Concealed(acceptor, "return", 1))
    assert taker.apply(returned).view == deal.apply(returned).view(acceptor)


def test_the_viewer_s_own_schweine_are_its_own() -> None:
    rules = Rules(schweinchen=True)
    deal = declare_all(Deal.from_hands(hands_with({A: "♣Q", B: "♣Q ♦A ♦A"}), rules=rules))
    observer = _playing(deal, B)
    assert observer.view.schweine == B
    fresh = Observer.start(B, deal.dealt[B], dealer=D, rules=rules)
    fresh = fresh.apply_all(Declare(s, Reservation.HEALTHY) for s in range(4))
    assert fresh.view.schweine == B
    with pytest.raises(IllegalActionError, match="once"):
        fresh.apply(Schweine(B))


def test_a_marriage_solo_keeps_the_schweine_of_its_marriage() -> None:
    """The view checks once refused a marriage solo with Schweine, which the deal keeps
    from its marriage (SPEC §7.3, V§2.3): an observer, a view rebuilt by
    :func:`attrs.evolve` and a view read from the wire all failed on it."""
    rules = Rules(schweinchen=True)
    hands = hands_with({A: "♣Q ♣Q ♦A ♦A ♥10 ♥10 ♠Q ♠Q ♥Q ♥Q ♦Q ♦Q"})
    deal = declare_all(Deal.from_hands(hands, rules=rules), {A: Reservation.MARRIAGE})
    observers = [Observer(deal.view(seat)) for seat in range(4)]
    while deal.game_type is GameType.MARRIAGE:
        action = next(a for a in deal.legal_actions if isinstance(a, Play))
        deal = deal.apply(action)
        observers = [observer.apply(action) for observer in observers]
    assert deal.game_type is GameType.MARRIAGE_SOLO
    for seat in range(4):
        view = deal.view(seat)
        assert view.schweine == A
        assert observers[seat].view == view
        assert attrs.evolve(view) == view
        assert loads_view(dumps_view(view)) == view
