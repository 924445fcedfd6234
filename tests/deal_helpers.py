"""Building deals for the tests: chosen cards in chosen hands, the reservation
round, playing to a given hand size, and random legal or illegal actions.

Seats are named as in the examples of the rules: ``A, B, C, D = 0, 1, 2, 3``,
with seat 3 (D) dealing, so A answers first and leads trick 1.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence

import attrs
from hypothesis import settings
from hypothesis import strategies as st

from doppelkopf import (
    DECK,
    DISTINCT_CARDS,
    Action,
    Announce,
    Announcement,
    AnnouncementBannedError,
    AnnouncementTooLateError,
    Card,
    CardNotHeldError,
    Deal,
    Declare,
    DoppelkopfError,
    Hand,
    InvalidReservationError,
    LateReplyLockError,
    MustFollowError,
    NotYourTurnError,
    Play,
    Reservation,
    Rules,
    WrongPhaseError,
)
from doppelkopf.deal.poverty import may_declare_poverty

A, B, C, D = 0, 1, 2, 3
card = Card.parse
CLUB_QUEEN = card("♣Q")
LEVELS = tuple(Announcement)
RE, K90, K60, K30, SCHWARZ = LEVELS

Hands = tuple[Hand, Hand, Hand, Hand]


# --- hands ------------------------------------------------------------------


def hands_with(fixed: Mapping[int, str]) -> Hands:
    """Four hands in which ``fixed[seat]`` (card notation) is in ``seat``'s hand.

    Both ♣Q must be placed explicitly, so that the parties are never left to
    chance.  The other cards go round the table one at a time, in deck order,
    to the seats that still hold fewer than 12 cards.
    """
    chosen = {seat: [card(token) for token in text.split()] for seat, text in fixed.items()}
    placed = Counter(c for cards in chosen.values() for c in cards)
    if placed[CLUB_QUEEN] != 2:
        raise ValueError("place both ♣Q explicitly")
    rest = Counter(DECK)
    rest.subtract(placed)
    if any(count < 0 for count in rest.values()):
        raise ValueError("a card is placed more often than the deck holds it")
    piles = [list(chosen.get(seat, [])) for seat in range(4)]
    if any(len(pile) > 12 for pile in piles):
        raise ValueError("more than 12 cards placed in one hand")
    seat = 0
    for distinct in DISTINCT_CARDS:
        for _ in range(rest[distinct]):
            while len(piles[seat]) == 12:
                seat = (seat + 1) % 4
            piles[seat].append(distinct)
            seat = (seat + 1) % 4
    return (Hand(piles[0]), Hand(piles[1]), Hand(piles[2]), Hand(piles[3]))


def with_both_club_queens(hands: Sequence[Hand], seat: int) -> Hands:
    """``hands`` with every ♣Q moved to ``seat``, each in exchange for another of its cards."""
    piles = [list(hand) for hand in hands]
    while piles[seat].count(CLUB_QUEEN) < 2:
        holder = next(s for s in range(4) if s != seat and CLUB_QUEEN in piles[s])
        given = next(c for c in piles[seat] if c is not CLUB_QUEEN)
        piles[seat].remove(given)
        piles[seat].append(CLUB_QUEEN)
        piles[holder].remove(CLUB_QUEEN)
        piles[holder].append(given)
    return (Hand(piles[0]), Hand(piles[1]), Hand(piles[2]), Hand(piles[3]))


# --- the reservation round and play ---------------------------------------


def declare_all(deal: Deal, answers: Mapping[int, Reservation] | None = None) -> Deal:
    """Ask every seat in turn; seats missing from ``answers`` say healthy."""
    answers = answers or {}
    for _ in range(4):
        seat = deal.turn
        assert seat is not None
        deal = deal.declare(seat, answers.get(seat, Reservation.HEALTHY))
    return deal


def start(
    fixed: Mapping[int, str],
    answers: Mapping[int, Reservation] | None = None,
    *,
    dealer: int = D,
) -> Deal:
    """A deal of :func:`hands_with` ``(fixed)`` after the reservation round."""
    return declare_all(Deal.from_hands(hands_with(fixed), dealer=dealer), answers)


def first_legal(deal: Deal) -> Card:
    """The first legal card of the seat on turn (its highest, in display order)."""
    return deal.legal_cards()[0]


def play_cards(deal: Deal, text: str) -> Deal:
    """Play the cards of ``text`` in order, each by the seat on turn."""
    for token in text.split():
        seat = deal.turn
        assert seat is not None
        deal = deal.play(seat, card(token))
    return deal


def advance(deal: Deal, seat: int, n: int, choose: Callable[[Deal], Card] = first_legal) -> Deal:
    """Play cards (``choose`` picks them) until ``seat`` holds exactly ``n`` cards."""
    if deal.hand_size(seat) < n:
        raise ValueError(f"seat {seat} already holds {deal.hand_size(seat)} < {n} cards")
    while deal.hand_size(seat) > n:
        turn = deal.turn
        assert turn is not None
        deal = deal.play(turn, choose(deal))
    return deal


def finish(deal: Deal) -> Deal:
    """Play the deal to its end with the first legal card of each seat."""
    while not deal.is_finished:
        turn = deal.turn
        assert turn is not None
        deal = deal.play(turn, first_legal(deal))
    return deal


# --- announced marriages ---------------------------------------------------

# B (seat 1) holds both ♣Q and announces a marriage; A leads.  The cards of the
# first tricks decide the clarification trick k: A wins trick k (A's ♥Q beats
# B's ♥J in trick 1, A's ♠Q beats B's ♥J in trick 2 or 3), or B wins tricks 1–3
# and plays a marriage solo (key 0).  Every trick is a trump lead followed with
# trumps, so the other cards of the hands do not matter.
MARRIAGE_OF_B = {
    A: "♦9 ♦J ♦J ♠Q ♥Q",
    B: "♣Q ♣Q ♥10 ♥10 ♥J",
    C: "♦K ♦K ♦9",
    D: "♦10 ♦10 ♦A",
}
MARRIAGE_TRICKS = {
    1: "♥Q ♥J ♦K ♦10",
    2: "♦9 ♥10 ♦K ♦10  ♥J ♦K ♦10 ♠Q",
    3: "♦9 ♥10 ♦K ♦10  ♥10 ♦K ♦10 ♦J  ♥J ♦9 ♦A ♠Q",
    0: "♦9 ♥10 ♦K ♦10  ♥10 ♦K ♦10 ♦J  ♥J ♦9 ♦A ♦J",
}


def marriage_of_b(k: int | None = None) -> Deal:
    """B's announced marriage, before trick 1 or (given ``k``) after its clarification."""
    deal = start(MARRIAGE_OF_B, {B: Reservation.MARRIAGE})
    if k is not None:
        deal = play_cards(deal, MARRIAGE_TRICKS[k])
    return deal


# --- snapshots --------------------------------------------------------------


def snapshot(deal: Deal) -> tuple[object, ...]:
    """Every field of ``deal``, private ones included, for identity comparisons."""
    return tuple(getattr(deal, field.name) for field in attrs.fields(Deal))


def unchanged(deal: Deal, before: tuple[object, ...]) -> bool:
    """Whether every field of ``deal`` is still the very object of ``before``."""
    return all(now is then for now, then in zip(snapshot(deal), before, strict=True))


# --- the universe of actions ----------------------------------------------


def every_action() -> tuple[Action, ...]:
    """Every action of a DDV deal that can be written down: 96 plays, 20 announcements, 44
    answers (Armut and Schmeißen, with the reason ``"nines5"``, included)."""
    plays: list[Action] = [Play(seat, c) for seat in range(4) for c in DISTINCT_CARDS]
    announces: list[Action] = [Announce(seat, level) for seat in range(4) for level in LEVELS]
    declares: list[Action] = [
        Declare(seat, r, "nines5" if r is Reservation.THROW else None)
        for seat in range(4)
        for r in Reservation
    ]
    return (*plays, *announces, *declares)


EVERY_ACTION = every_action()


# --- random deals and random play -----------------------------------------


def playouts(cap: int = 50) -> settings:
    """Settings for properties that play whole deals: the active profile's number of
    examples, but at most ``cap``."""
    return settings(max_examples=min(cap, settings().max_examples))


@st.composite
def random_deals(draw: st.DrawFn) -> Deal:
    """A shuffled deal with a random dealer; in a third of them one seat holds both ♣Q."""
    rng = draw(st.randoms(use_true_random=False))
    dealer = draw(st.integers(min_value=0, max_value=3))
    deal = Deal.shuffled(rng=rng, dealer=dealer)
    if draw(st.integers(min_value=0, max_value=2)) == 0:
        seat = draw(st.integers(min_value=0, max_value=3))
        deal = Deal.from_hands(with_both_club_queens(deal.dealt, seat), dealer=dealer)
    return deal


def random_action(deal: Deal, rng: random.Random) -> Action:
    """A random legal action: mostly healthy answers, and cards more often than announcements."""
    actions = deal.legal_actions
    if deal.game_type is None:
        seat = deal.turn
        assert seat is not None
        if deal.question is not None:  # a question of the two-step round (SPEC §3.2)
            return rng.choice(actions)
        if deal.dealt[seat].count(CLUB_QUEEN) == 2 and rng.random() < 0.5:
            return Declare(seat, Reservation.MARRIAGE)
        if rng.random() < 0.8:
            return Declare(seat, Reservation.HEALTHY)
        return rng.choice(actions)
    plays = [a for a in actions if isinstance(a, Play)]
    others = [a for a in actions if not isinstance(a, Play)]
    if others and (not plays or rng.random() < 0.15):
        # During an Armut exchange (V§6.3) the steps are the only actions.
        return rng.choice(others)
    return rng.choice(plays)


def random_illegal_actions(
    deal: Deal, rng: random.Random
) -> list[tuple[Action, type[DoppelkopfError]]]:
    """Illegal actions that fit the state, each with the error class it must raise."""
    found: list[tuple[Action, type[DoppelkopfError]]] = []
    seat_any = rng.randrange(4)
    level_any = rng.choice(LEVELS)
    if deal.game_type is None:
        turn = deal.turn
        assert turn is not None
        other = (turn + rng.randrange(1, 4)) % 4
        found.append((Declare(other, Reservation.HEALTHY), NotYourTurnError))
        found.append((Play(turn, rng.choice(tuple(deal.hands[turn]))), WrongPhaseError))
        found.append((Announce(seat_any, level_any), AnnouncementBannedError))
        if deal.dealt[turn].count(CLUB_QUEEN) < 2:
            found.append((Declare(turn, Reservation.MARRIAGE), InvalidReservationError))
        return found
    reservation = rng.choice(tuple(r for r in Reservation if r is not Reservation.THROW))
    found.append((Declare(seat_any, reservation), WrongPhaseError))
    if deal.is_finished:
        found.append((Play(seat_any, rng.choice(DISTINCT_CARDS)), WrongPhaseError))
        found.append((Announce(seat_any, level_any), WrongPhaseError))
        return found
    turn = deal.turn
    assert turn is not None
    hand = deal.hands[turn]
    others = [seat for seat in range(4) if seat != turn and deal.hands[seat]]
    if others:
        other = rng.choice(others)
        found.append((Play(other, rng.choice(tuple(deal.hands[other]))), NotYourTurnError))
    missing = [c for c in DISTINCT_CARDS if c not in hand]
    found.append((Play(turn, rng.choice(missing)), CardNotHeldError))
    unfollowing = [c for c in hand.distinct() if c not in deal.legal_cards()]
    if unfollowing:
        found.append((Play(turn, rng.choice(unfollowing)), MustFollowError))
    refused = [
        Announce(seat, level)
        for seat in range(4)
        for level in LEVELS
        if not deal.can_announce(seat, level)
    ]
    if refused:
        announce = rng.choice(refused)
        party = deal.parties[announce.seat]
        error: type[DoppelkopfError] = AnnouncementTooLateError
        if not deal.announcements_open or party is None:
            error = AnnouncementBannedError
        elif deal.announcement_state(party).late_reply and announce.level > 0:
            error = LateReplyLockError
        found.append((announce, error))
    return found


def armut_deal(seed: int) -> Deal:
    """A deal in which a seat that may declare Armut does so and the others are healthy (V§6)."""
    rules = Rules(armut=True)
    for attempt in itertools.count(seed * 1000):
        deal = Deal.shuffled(seed=attempt, rules=rules)
        poor = [s for s in range(4) if may_declare_poverty(deal.hands[s], rules)]
        if poor:
            for offset in (1, 2, 3, 4):
                s = (deal.dealer + offset) & 3
                deal = deal.declare(s, Reservation.POVERTY if s == poor[0] else Reservation.HEALTHY)
            return deal
    raise AssertionError("unreachable")


ADAPTER_RULE_SETS: dict[str, Rules] = {
    "ddv": Rules.DDV,
    "no nines": Rules(nines=False),
    "tournament": Rules.TOURNAMENT,
    "armut and schmeissen": Rules(armut=True, schmeissen={"nines5", "kings5", "trumps1"}),
    "xix": Rules.XIX,
}
"""The rule sets the framework adapters are tested under: each procedure and deck at least once."""
