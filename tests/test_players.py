"""The Player protocol, the runner and the reference bots (doppelkopf.players)."""

from __future__ import annotations

import random
import statistics
from collections import Counter
from collections.abc import Callable, Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from doppelkopf import (
    Action,
    Announce,
    Announcement,
    AnnouncementBannedError,
    Card,
    CardNotHeldError,
    Category,
    Deal,
    Declare,
    GameType,
    IllegalActionError,
    MustFollowError,
    NotYourTurnError,
    Party,
    Phase,
    Play,
    PlayerView,
    Reservation,
    Rules,
    Trick,
    trick_winner,
)
from doppelkopf.cards import DECK, Hand
from doppelkopf.players import (
    HeuristicPlayer,
    Player,
    RandomPlayer,
    Step,
    iter_deal,
    known_voids,
    play_deal,
    unseen_cards,
    winning_cards,
)
from doppelkopf.scoring import settle

FOX = Card.parse("♦A")


class Checked:
    """Wraps a player and checks every answer against the view it was given."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.calls = 0

    def act(self, view: PlayerView) -> Action | None:
        self.calls += 1
        action = self.inner.act(view)
        if view.turn == view.seat:
            assert action is not None
        if action is not None:
            assert action in view.legal_actions, (action, view.legal_actions)
            assert action.seat == view.seat
        if view.turn != view.seat:
            assert action is None or isinstance(action, Announce)
        return action


class Forced:
    """Declares ``reservation`` if it is legal (else healthy), then plays as ``inner``."""

    def __init__(self, reservation: Reservation, inner: Player) -> None:
        self.reservation = reservation
        self.inner = inner

    def act(self, view: PlayerView) -> Action | None:
        if view.game_type is None and view.turn == view.seat and view.question is None:
            wanted = [
                action
                for action in view.legal_actions
                if isinstance(action, Declare) and action.reservation is self.reservation
            ]
            return wanted[0] if wanted else Declare(view.seat, Reservation.HEALTHY)
        return self.inner.act(view)


class Scripted:
    """Plays the first legal card on turn and returns whatever ``script`` says off turn.

    Every call is logged as ``(seat, turn, cards played)`` in ``log``, which
    several players may share.
    """

    def __init__(
        self,
        script: Callable[[PlayerView], Action | None] | None = None,
        log: list[tuple[int, int | None, int]] | None = None,
    ) -> None:
        self.script = script
        self.log = log if log is not None else []

    def act(self, view: PlayerView) -> Action | None:
        self.log.append((view.seat, view.turn, len(view.played_cards)))
        if self.script is not None:
            action = self.script(view)
            if action is not None or view.turn != view.seat:
                return action
        if view.turn != view.seat:
            return None
        if view.game_type is None:
            return Declare(view.seat, Reservation.HEALTHY)
        return next(action for action in view.legal_actions if isinstance(action, Play))


def make_player(kind: str, seed: int) -> Player:
    if kind == "random":
        return RandomPlayer(seed=seed)
    return HeuristicPlayer(seed=seed)


def healthy(deal: Deal) -> Deal:
    for _ in range(4):
        seat = deal.turn
        assert seat is not None
        deal = deal.declare(seat, Reservation.HEALTHY)
    return deal


def fill(*hands: str) -> list[Hand]:
    """Four hands of 12: the given cards, completed from the rest of the deck in deck order."""
    given = [Hand.parse(text) for text in hands] + [Hand()] * (4 - len(hands))
    rest = Hand(DECK).bits - sum(hand.bits for hand in given)
    remaining = list(Hand.from_bits(rest))
    result = []
    for hand in given:
        needed = 12 - len(hand)
        cards = list(hand) + remaining[:needed]
        remaining = remaining[needed:]
        result.append(Hand(cards))
    assert not remaining
    return result


def position(hands: Sequence[Hand], *cards: str) -> Deal:
    """A normal game (everyone healthy, dealer 3) after ``cards`` are played in turn."""
    deal = healthy(Deal.from_hands(hands))
    for text in cards:
        seat = deal.turn
        assert seat is not None
        deal = deal.play(seat, Card.parse(text))
    return deal


# --- the protocol ---------------------------------------------------------------


def test_reference_bots_are_players() -> None:
    assert isinstance(RandomPlayer(seed=1), Player)
    assert isinstance(HeuristicPlayer(seed=1), Player)
    assert not isinstance(object(), Player)


def test_reprs_name_the_seed() -> None:
    assert repr(RandomPlayer(seed=3)) == "RandomPlayer(seed=3)"
    assert repr(HeuristicPlayer(seed=4)) == "HeuristicPlayer(seed=4)"


def test_the_heuristic_players_repr_describes_a_seed_too_long_to_write() -> None:
    """An int seed of any size is a seed; its repr describes what str() cannot write."""
    player = HeuristicPlayer(seed=10**5000)
    assert repr(player) == "HeuristicPlayer(seed=an int of 5001 digits)"
    assert (
        repr(HeuristicPlayer(seed=-(10**5000)))
        == "HeuristicPlayer(seed=a negative int of 5001 digits)"
    )


def test_the_random_players_repr_describes_a_seed_too_long_to_write() -> None:
    """As for the heuristic player: str() of the seed raised ValueError before."""
    assert repr(RandomPlayer(seed=10**5000)) == "RandomPlayer(seed=an int of 5001 digits)"


def test_random_player_takes_a_seed_or_a_generator() -> None:
    with pytest.raises(ValueError, match="not both"):
        RandomPlayer(seed=1, rng=random.Random(1))
    shared = random.Random(5)
    deal = Deal.shuffled(seed=5)
    assert RandomPlayer(rng=shared).act(deal.view(0)) in deal.view(0).legal_actions


# --- legality over many deals ---------------------------------------------------

KINDS = st.sampled_from(["random", "heuristic"])


@given(
    seed=st.integers(0, 2**32 - 1),
    dealer=st.integers(0, 3),
    kinds=st.lists(KINDS, min_size=4, max_size=4),
)
def test_bots_play_only_legal_actions(seed: int, dealer: int, kinds: list[str]) -> None:
    players = [Checked(make_player(kind, seed + seat)) for seat, kind in enumerate(kinds)]
    deal = play_deal(Deal.shuffled(seed=seed, dealer=dealer), players)
    assert deal.phase is Phase.FINISHED
    assert len(deal.tricks) == 12
    assert sum(isinstance(event, Play) for event in deal.history) == 48
    assert sum(settle(deal).scores) == 0


@given(
    seed=st.integers(0, 2**32 - 1),
    dealer=st.integers(0, 3),
    kinds=st.lists(KINDS, min_size=4, max_size=4),
    reservations=st.lists(st.sampled_from(list(Reservation)), min_size=4, max_size=4),
)
def test_bots_play_every_contract_legally(
    seed: int, dealer: int, kinds: list[str], reservations: list[Reservation]
) -> None:
    players = [
        Checked(Forced(reservation, make_player(kind, seed + seat)))
        for seat, (kind, reservation) in enumerate(zip(kinds, reservations, strict=True))
    ]
    deal = play_deal(Deal.shuffled(seed=seed, dealer=dealer), players)
    assert deal.is_finished
    assert len(deal.tricks) == 12
    settlement = settle(deal)
    assert sum(settlement.scores) == 0


def double_queen_deals(count: int) -> list[tuple[Deal, int]]:
    """The first ``count`` seeded deals in which one seat holds both ♣Q, with that seat."""
    found: list[tuple[Deal, int]] = []
    seed = 0
    while len(found) < count:
        deal = Deal.shuffled(seed=seed)
        for seat in range(4):
            if deal.dealt[seat].count(Card.parse("♣Q")) == 2:
                found.append((deal, seat))
        seed += 1
    return found


@pytest.mark.parametrize("reservation", [r for r in Reservation if r.is_solo])
def test_heuristic_player_plays_every_solo(reservation: Reservation) -> None:
    for seed in range(3):
        players = [Checked(HeuristicPlayer(seed=seed + seat)) for seat in range(4)]
        players[0] = Checked(Forced(reservation, HeuristicPlayer(seed=seed)))
        deal = play_deal(Deal.shuffled(seed=seed), players)
        assert (deal.game_type, deal.declarer) == (reservation.game_type, 0)
        assert len(deal.tricks) == 12


def test_heuristic_player_plays_marriages() -> None:
    games = set()
    for number, (deal, holder) in enumerate(double_queen_deals(12)):
        kind = "random" if number % 2 else "heuristic"
        players = [
            Checked(Forced(Reservation.HEALTHY, make_player(kind, number + seat)))
            for seat in range(4)
        ]
        silent = play_deal(deal, players)
        assert (silent.game_type, silent.declarer) == (GameType.SILENT_MARRIAGE, holder)
        players[holder] = Checked(Forced(Reservation.MARRIAGE, HeuristicPlayer(seed=number)))
        announced = play_deal(deal, players)
        assert announced.declarer == holder
        assert len(announced.tricks) == 12
        games.add(announced.game_type)
    assert GameType.MARRIAGE in games
    assert games <= {GameType.MARRIAGE, GameType.MARRIAGE_SOLO}


@given(seed=st.integers(0, 2**32 - 1), stop=st.integers(0, 60))
def test_helpers_agree_with_the_hidden_hands(seed: int, stop: int) -> None:
    players = [RandomPlayer(seed=seed + seat) for seat in range(4)]
    deal = Deal.shuffled(seed=seed)
    for count, step in enumerate(iter_deal(deal, players)):
        deal = step.deal
        if count == stop:
            break
    for seat in range(4):
        view = deal.view(seat)
        unseen = unseen_cards(view)
        others = sum(deal.hands[other].bits for other in range(4) if other != seat)
        assert unseen.bits == others
        if deal.game_type is None:
            continue
        for other, categories in enumerate(known_voids(view)):
            for category in categories:
                assert not any(
                    deal.game_type.category(card) is category for card in deal.hands[other]
                )
        wins = winning_cards(view)
        assert set(wins) <= set(deal.legal_cards(seat))
        trick = deal.current_trick
        if deal.turn == seat and trick.cards:
            for card in wins:
                assert trick_winner(trick.play(card), deal.game_type) == seat


def test_winning_cards_is_empty_off_turn_and_every_card_when_leading() -> None:
    deal = healthy(Deal.shuffled(seed=9))
    assert winning_cards(deal.view(1)) == ()
    assert winning_cards(deal.view(0)) == deal.legal_cards()
    assert known_voids(Deal.shuffled(seed=9).view(0)) == (frozenset(),) * 4


# --- the runner -----------------------------------------------------------------


def test_runner_yields_every_event_and_the_deal_after_it() -> None:
    deal = Deal.shuffled(seed=21)
    players = [RandomPlayer(seed=seat) for seat in range(4)]
    steps = list(iter_deal(deal, players))
    assert all(isinstance(step, Step) for step in steps)
    final = steps[-1].deal
    assert final.is_finished
    assert final.history == tuple(step.event for step in steps)
    assert deal.replay(step.event for step in steps) == final
    assert list(iter_deal(final, players)) == []


def test_runner_needs_four_players() -> None:
    with pytest.raises(ValueError, match="four players"):
        play_deal(Deal.shuffled(seed=1), [RandomPlayer()] * 3)


def test_runner_is_reproducible_by_seed() -> None:
    def run(seed: int) -> Deal:
        players: list[Player] = [RandomPlayer(seed=seed), HeuristicPlayer(seed=seed + 1)]
        players += [RandomPlayer(seed=seed + 2), HeuristicPlayer(seed=seed + 3)]
        return play_deal(Deal.shuffled(seed=seed), players)

    assert run(4).history == run(4).history
    assert len({run(seed).history for seed in range(5)}) == 5


def test_offers_go_round_the_table_after_each_card() -> None:
    log: list[tuple[int, int | None, int]] = []
    players = [Scripted(log=log) for _ in range(4)]
    steps = iter_deal(healthy(Deal.shuffled(seed=3)), players)
    for _ in range(5):
        step = next(steps)
    assert step.deal.tricks[0] == Trick.parse("♥10 ♣J ♠Q ♣Q", leader=0)  # seat 0 wins
    assert log == [
        (0, 0, 0),  # seat 0 on turn
        (2, 1, 1),  # after seat 0's card: seat 1 is on turn, so seats 2 and 3 are offered
        (3, 1, 1),
        (1, 1, 1),  # seat 1 on turn
        (3, 2, 2),  # after seat 1's card: seats 3 and 0
        (0, 2, 2),
        (2, 2, 2),
        (0, 3, 3),  # after seat 2's card: seats 0 and 1
        (1, 3, 3),
        (3, 3, 3),
        (1, 0, 4),  # after seat 3's card: seat 0 won the trick and leads, so seats 1 and 2
        (2, 0, 4),
        (0, 0, 4),  # seat 0 leads trick 2
    ]


def test_offers_start_left_of_the_player_who_played() -> None:
    log: list[tuple[int, int | None, int]] = []
    players = [Scripted(log=log) for _ in range(4)]
    steps = iter_deal(healthy(Deal.shuffled(seed=3)), players)
    for _ in range(4):
        next(steps)
    offered = [seat for seat, turn, _ in log if seat != turn]
    # After seat 0's card: 2, 3; after seat 1's card: 3, 0; after seat 2's card: 0, 1.
    assert offered == [2, 3, 3, 0, 0, 1]


def test_no_offers_without_a_legal_announcement() -> None:
    log: list[tuple[int, int | None, int]] = []
    play_deal(healthy(Deal.shuffled(seed=3)), [Scripted(log=log) for _ in range(4)])
    off_turn = [call for call in log if call[0] != call[1]]
    # Re/Kontra needs 11 cards (SPEC §8.4): no one is offered anything once it has
    # played two cards, and nothing was announced to reply to.
    assert off_turn
    assert all(cards_played <= 8 for _, _, cards_played in off_turn)


def test_announcements_off_turn_are_applied_and_recorded() -> None:
    def kontra_at_once(view: PlayerView) -> Action | None:
        if view.turn != view.seat and view.party is Party.KONTRA:
            levels = [a for a in view.legal_actions if isinstance(a, Announce)]
            return levels[0] if levels else None
        return None

    deal = Deal.shuffled(seed=3)
    final = play_deal(deal, [Scripted(kontra_at_once) for _ in range(4)])
    kontra = [event for event in final.announcements if event.party is Party.KONTRA]
    assert kontra
    assert kontra[0].moment == 1


def test_announcing_on_turn_then_playing() -> None:
    def say_re_first(view: PlayerView) -> Action | None:
        if view.turn == view.seat and view.seat == 0:
            announce = Announce(0, Announcement.RE_KONTRA)
            if announce in view.legal_actions:
                return announce
        return None

    final = play_deal(Deal.shuffled(seed=3), [Scripted(say_re_first) for _ in range(4)])
    first = final.announcements[0]
    assert (first.seat, first.level, first.moment) == (0, Announcement.RE_KONTRA, 0)


@pytest.mark.parametrize(
    ("script", "error", "match"),
    [
        # a card the seat does not hold
        (
            lambda view: (
                Play(view.seat, next(c for c in DECK if c not in view.hand))
                if view.turn == view.seat and view.game_type is not None
                else None
            ),
            CardNotHeldError,
            "seat 0: cannot play",
        ),
        # a card for another seat
        (
            lambda view: (
                Play((view.seat + 1) % 4, view.hand.distinct()[0])
                if view.turn == view.seat and view.game_type is not None
                else None
            ),
            IllegalActionError,
            "seat 0: the player returned an action for seat 1",
        ),
        # an announcement in the reservation round
        (
            lambda view: (
                Announce(view.seat, Announcement.RE_KONTRA) if view.game_type is None else None
            ),
            AnnouncementBannedError,
            "seat 0: announcements open only after the reservation round",
        ),
    ],
)
def test_a_bad_action_raises_and_names_the_seat(
    script: Callable[[PlayerView], Action | None], error: type[Exception], match: str
) -> None:
    players: list[Player] = [Scripted(script), Scripted(), Scripted(), Scripted()]
    with pytest.raises(error, match=match) as raised:
        play_deal(Deal.shuffled(seed=3), players)
    assert isinstance(raised.value, IllegalActionError)
    assert raised.value.seat == 0


def test_no_action_on_turn_names_the_seat() -> None:
    class Silent:
        def act(self, view: PlayerView) -> Action | None:
            return None

    players: list[Player] = [Scripted(), Silent(), Scripted(), Scripted()]
    with pytest.raises(IllegalActionError, match="seat 1: the player returned no action") as raised:
        play_deal(Deal.shuffled(seed=3), players)
    assert raised.value.seat == 1
    assert raised.value.rule == "§3.2"


def test_a_card_that_does_not_follow_suit_names_the_seat() -> None:
    culprit: list[int] = []

    def revoke(view: PlayerView) -> Action | None:
        if view.turn != view.seat or not view.current_trick.cards or culprit:
            return None
        for card in view.hand.distinct():
            if Play(view.seat, card) not in view.legal_actions:
                culprit.append(view.seat)
                return Play(view.seat, card)
        return None

    players: list[Player] = [Scripted(revoke) for _ in range(4)]
    with pytest.raises(MustFollowError, match=r"^seat \d: cannot play") as raised:
        play_deal(Deal.shuffled(seed=5), players)
    assert raised.value.seat == culprit[0]
    assert str(raised.value).startswith(f"seat {culprit[0]}: ")
    assert raised.value.rule == "§5.2"
    assert isinstance(raised.value.__cause__, MustFollowError)


def test_playing_off_turn_names_the_seat() -> None:
    def eager(view: PlayerView) -> Action | None:
        if view.seat == 3 and view.turn != 3 and view.game_type is not None:
            return Play(3, view.hand.distinct()[0])
        return None

    players: list[Player] = [Scripted(eager) for _ in range(4)]
    with pytest.raises(NotYourTurnError, match="seat 3") as raised:
        play_deal(Deal.shuffled(seed=2), players)
    assert raised.value.seat == 3


def test_repeating_an_announcement_is_an_error() -> None:
    def stutter(view: PlayerView) -> Action | None:
        if view.seat == 0 and view.turn == 0 and view.game_type is not None:
            return Announce(0, Announcement.RE_KONTRA)
        return None

    with pytest.raises(IllegalActionError, match="already holds") as raised:
        play_deal(Deal.shuffled(seed=2), [Scripted(stutter) for _ in range(4)])
    assert raised.value.seat == 0
    assert raised.value.rule == "§8.6a, §8.8a"


def test_something_that_is_not_an_action_is_a_type_error() -> None:
    class Confused:
        def act(self, view: PlayerView) -> Action | None:
            return "♣Q"  # type: ignore[return-value]

    with pytest.raises(TypeError, match="seat 0"):
        play_deal(Deal.shuffled(seed=2), [Confused(), Scripted(), Scripted(), Scripted()])


def test_random_player_passes_off_turn() -> None:
    deal = healthy(Deal.shuffled(seed=6))
    for seat in (1, 2, 3):
        assert RandomPlayer(seed=seat).act(deal.view(seat)) is None


# --- the random player's reservations -------------------------------------------------


def test_random_player_says_vorbehalt_about_once_in_twenty() -> None:
    answers: Counter[bool] = Counter()
    for seed in range(2000):
        view = Deal.shuffled(seed=seed).view(0)
        action = RandomPlayer(seed=seed).act(view)
        assert isinstance(action, Declare)
        assert action in view.legal_actions
        answers[action.reservation is not Reservation.HEALTHY] += 1
    assert 0.035 < answers[True] / 2000 < 0.065


def test_random_player_reservation_rate_bounds() -> None:
    declared = []
    for seed in range(50):
        view = Deal.shuffled(seed=seed).view(0)
        never = RandomPlayer(seed=seed, reservation_rate=0).act(view)
        assert never == Declare(0, Reservation.HEALTHY)
        always = RandomPlayer(seed=seed, reservation_rate=1).act(view)
        assert isinstance(always, Declare)
        assert always in view.legal_actions
        assert always.reservation is not Reservation.HEALTHY
        declared.append(always.reservation)
    assert len(set(declared)) > 5


def test_random_player_declares_no_solo_without_solos() -> None:
    rules = Rules(solos=False)
    seen = set()
    for seed in range(100):
        deal = Deal.shuffled(seed=seed, rules=rules)
        view = deal.view(0)
        action = RandomPlayer(seed=seed, reservation_rate=1).act(view)
        assert isinstance(action, Declare)
        assert action in view.legal_actions
        marriage = deal.dealt[0].count(Card.parse("♣Q")) == 2
        expected = Reservation.MARRIAGE if marriage else Reservation.HEALTHY
        assert action.reservation is expected
        seen.add(expected)
    assert seen == {Reservation.MARRIAGE, Reservation.HEALTHY}


def test_random_player_stays_reproducible_by_seed() -> None:
    def run(seed: int, rate: float) -> Deal:
        players = [RandomPlayer(seed=seed + seat, reservation_rate=rate) for seat in range(4)]
        return play_deal(Deal.shuffled(seed=seed), players)

    for rate in (0.05, 0.5, 1):
        assert run(7, rate).history == run(7, rate).history
    shared = random.Random(3)
    again = random.Random(3)
    view = Deal.shuffled(seed=3).view(0)
    assert RandomPlayer(rng=shared).act(view) == RandomPlayer(rng=again).act(view)


def test_random_player_repr_names_a_rate_that_is_not_the_default() -> None:
    assert repr(RandomPlayer(seed=3)) == "RandomPlayer(seed=3)"
    assert repr(RandomPlayer(seed=3, reservation_rate=0.5)) == (
        "RandomPlayer(seed=3, reservation_rate=0.5)"
    )
    assert RandomPlayer().reservation_rate == 0.05


@pytest.mark.parametrize("rate", [-0.1, 1.5, float("nan"), float("inf")])
def test_random_player_rejects_a_rate_outside_zero_to_one(rate: float) -> None:
    with pytest.raises(ValueError, match="reservation_rate must be from 0 to 1"):
        RandomPlayer(reservation_rate=rate)


@pytest.mark.parametrize("rate", ["0.1", None, True])
def test_random_player_rejects_a_rate_that_is_not_a_number(rate: object) -> None:
    with pytest.raises(TypeError, match="reservation_rate must be a number"):
        RandomPlayer(reservation_rate=rate)  # type: ignore[arg-type]


# --- the heuristic player in constructed positions ------------------------------


def test_re_leads_trump() -> None:
    hands = fill("♣Q ♦J ♦9 ♦K ♣A ♣A ♠A ♠A ♥A ♥A ♣10 ♠10")
    deal = position(hands)
    card = HeuristicPlayer(seed=1).card(deal.view(0))
    assert GameType.NORMAL.is_trump(card)
    assert card is Card.parse("♦9")  # cheap and low: the ♣Q is not the top trump


def test_re_draws_with_the_top_trump() -> None:
    hands = fill("♥10 ♣Q ♦J ♦9 ♦K ♣A ♣A ♠A ♠A ♥A ♥A ♣10")
    deal = position(hands)
    assert HeuristicPlayer(seed=1).card(deal.view(0)) is Card.parse("♥10")


def test_kontra_leads_a_plain_ace() -> None:
    hands = fill("♦J ♦9 ♦K ♣A ♣K ♣9 ♠A ♠9 ♠K ♥A ♥K ♥9")
    deal = position(hands)
    for seed in range(5):
        card = HeuristicPlayer(seed=seed).card(deal.view(0))
        assert card.rank.name == "ACE"
        assert not GameType.NORMAL.is_trump(card)


def test_never_leads_the_fox() -> None:
    kontra = fill("♦A ♦A ♦10 ♦10 ♦K ♦K ♦9 ♦9 ♦J ♦J ♥J ♥J")
    re = fill("♣Q ♦A ♦A ♦10 ♦10 ♦K ♦K ♦9 ♦9 ♦J ♦J ♥J")
    for hands in (kontra, re):
        deal = position(hands)
        for seed in range(5):
            assert HeuristicPlayer(seed=seed).card(deal.view(0)) is not FOX


def test_keeps_the_fox_out_of_an_opponents_trick() -> None:
    # Seat 0 leads the ♣Q, so it is Re; seat 1 has no ♣Q, so it is Kontra and
    # cannot beat the ♣Q: it gives the ten rather than the fox.
    hands = fill(
        "♣Q ♣9 ♣9 ♣K ♣K ♠9 ♠9 ♠K ♠K ♥9 ♥9 ♥K",
        "♦A ♦10 ♣A ♣A ♣10 ♣10 ♠A ♠A ♠10 ♠10 ♥A ♥A",
    )
    deal = position(hands, "♣Q")
    view = deal.view(1)
    assert view.known_parties[0] is Party.RE
    assert HeuristicPlayer(seed=1).card(view) is Card.parse("♦10")


def test_wins_with_the_fox_when_it_is_last_and_takes_the_trick() -> None:
    hands = fill(
        "♦9 ♣9 ♣9 ♣K ♣K ♠9 ♠9 ♠K ♠K ♥9 ♥9 ♥K",
        "♦K ♣A ♣A ♣10 ♣10 ♠A ♠A ♠10 ♠10 ♥A ♥A ♥K",
        "♦9 ♦K ♦10 ♦10 ♠J ♠J ♥J ♥J ♦J ♦J ♣J ♣J",
        "♦A ♣Q ♣Q ♠Q ♠Q ♥Q ♥Q ♦Q ♦Q ♥10 ♥10 ♦A",
    )
    deal = position(hands, "♦9", "♦K", "♦10")
    assert HeuristicPlayer(seed=1).card(deal.view(3)) is FOX


def test_smears_on_the_partners_trick() -> None:
    # Seat 1 takes the spade lead with the ♣Q; seat 3 holds the other ♣Q, so it
    # knows seat 1 is its partner and, playing last, gives the ace.
    hands = fill(
        "♠9 ♦9 ♦9 ♦K ♦K ♦J ♦J ♥J ♥J ♣9 ♣9 ♣K",
        "♣Q ♥10 ♥10 ♠Q ♠Q ♥Q ♥Q ♦Q ♦Q ♣J ♣J ♠J",
        "♠K ♠K ♠10 ♥A ♥A ♥K ♥K ♥9 ♥9 ♣A ♣A ♣K",
        "♣Q ♠A ♠A ♠10 ♠9 ♠J ♦A ♦A ♦10 ♦10 ♣10 ♣10",
    )
    deal = position(hands, "♠9", "♣Q", "♠K")
    view = deal.view(3)
    assert view.known_parties[1] is Party.RE
    assert HeuristicPlayer(seed=1).card(view) is Card.parse("♠A")


def test_plays_low_when_an_opponent_takes_the_trick() -> None:
    # Same trick, but seat 3 has no ♣Q: seat 1 is an opponent, and seat 3 keeps its ace.
    hands = fill(
        "♠9 ♦9 ♦9 ♦K ♦K ♦J ♦J ♥J ♥J ♣9 ♣9 ♣K",
        "♣Q ♥10 ♥10 ♠Q ♠Q ♥Q ♥Q ♦Q ♦Q ♣J ♣J ♠J",
        "♠K ♠K ♠10 ♥A ♥A ♥K ♥K ♥9 ♥9 ♣A ♣A ♣Q",
        "♣K ♠A ♠A ♠10 ♠9 ♠J ♦A ♦A ♦10 ♦10 ♣10 ♣10",
    )
    deal = position(hands, "♠9", "♣Q", "♠K")
    assert HeuristicPlayer(seed=1).card(deal.view(3)) is Card.parse("♠9")


def test_takes_the_trick_with_the_lowest_sufficient_card() -> None:
    hands = fill(
        "♣K ♦9 ♦9 ♦K ♦K ♦J ♦J ♥J ♥J ♠9 ♠9 ♠K",
        "♣9 ♥10 ♥10 ♠Q ♠Q ♥Q ♥Q ♦Q ♦Q ♣J ♣J ♠J",
        "♣9 ♠K ♠10 ♥A ♥A ♥K ♥K ♥9 ♥9 ♣Q ♣Q ♠J",
        "♣A ♣A ♣10 ♣10 ♣K ♠A ♠A ♠10 ♦A ♦A ♦10 ♦10",
    )
    deal = position(hands, "♣K", "♣9", "♣9")
    assert HeuristicPlayer(seed=1).card(deal.view(3)) is Card.parse("♣10")


def test_marriage_player_lets_another_take_the_first_trick() -> None:
    hands = fill("♣Q ♣Q ♥10 ♥10 ♠Q ♠Q ♥Q ♥Q ♣9 ♠9 ♥9 ♣K")
    deal = Deal.from_hands(hands)
    deal = deal.declare(0, Reservation.MARRIAGE)
    for seat in (1, 2, 3):
        deal = deal.declare(seat, Reservation.HEALTHY)
    assert deal.game_type is GameType.MARRIAGE
    card = HeuristicPlayer(seed=1).card(deal.view(0))
    assert not GameType.NORMAL.is_trump(card)
    assert card.rank.name != "ACE"


@pytest.mark.parametrize(
    ("hand", "reservation"),
    [
        ("♣Q ♠Q ♥Q ♦Q ♣Q ♠Q ♥Q ♣A ♠A ♥A ♣10 ♠10", Reservation.QUEENS_SOLO),
        ("♣J ♣J ♠J ♠J ♥J ♦J ♣A ♠A ♥A ♦A ♣10 ♠10", Reservation.JACKS_SOLO),
        ("♣A ♣A ♣10 ♣10 ♠A ♠A ♠10 ♥A ♥A ♦A ♦A ♦10", Reservation.FLESHLESS),
        ("♥10 ♥10 ♣Q ♠Q ♠Q ♥Q ♣J ♠A ♠A ♠10 ♠K ♠9", Reservation.SPADES_SOLO),
        ("♣Q ♣Q ♦9 ♣9 ♣K ♠9 ♠K ♥9 ♥K ♣10 ♠10 ♥K", Reservation.MARRIAGE),
        ("♣Q ♣Q ♥10 ♥10 ♠Q ♦J ♦J ♦A ♦10 ♦K ♣A ♠A", Reservation.HEALTHY),
        ("♣Q ♣Q ♥10 ♠Q ♦J ♦A ♦10 ♦K ♣A ♠A ♥A ♣10", Reservation.HEALTHY),
        ("♣Q ♦9 ♦K ♣9 ♣K ♠9 ♠K ♥9 ♥K ♣10 ♠10 ♥A", Reservation.HEALTHY),
    ],
)
def test_reservations(hand: str, reservation: Reservation) -> None:
    deal = Deal.from_hands(fill(hand))
    assert HeuristicPlayer(seed=0).act(deal.view(0)) == Declare(0, reservation)


def test_announces_with_a_strong_hand_only() -> None:
    strong = position(fill("♥10 ♥10 ♣Q ♠Q ♠Q ♥Q ♥Q ♦Q ♣J ♣A ♠A ♥A"))
    weak = position(fill("♣Q ♦9 ♦K ♣9 ♣K ♠9 ♠K ♥9 ♥K ♣10 ♠10 ♥A"))
    assert HeuristicPlayer(seed=0).act(strong.view(0)) == Announce(0, Announcement.RE_KONTRA)
    assert HeuristicPlayer(seed=0).act(weak.view(0)) == Play(0, Card.parse("♦9"))
    assert HeuristicPlayer(seed=0).act(weak.view(2)) is None


def test_absage_only_after_winning_every_trick_richly() -> None:
    hands = fill(
        "♣Q ♠A ♣9 ♣9 ♣K ♣K ♠9 ♠9 ♠K ♥9 ♥9 ♥K",
        "♠10 ♣A ♣A ♣10 ♣10 ♥A ♥A ♥K ♦9 ♦9 ♦K ♦K",
        "♠10 ♠K ♦J ♦J ♥J ♥J ♠J ♠J ♣J ♣J ♦A ♦A",
        "♠A ♥10 ♥10 ♣Q ♠Q ♠Q ♥Q ♥Q ♦Q ♦Q ♦10 ♦10",
    )
    deal = healthy(Deal.from_hands(hands)).announce(0, Announcement.RE_KONTRA)
    rich = deal.play(0, Card.parse("♠A")).play(1, Card.parse("♠10"))
    rich = rich.play(2, Card.parse("♠10")).play(3, Card.parse("♠A"))
    assert rich.tricks[0].points == 42
    assert trick_winner(rich.tricks[0], GameType.NORMAL) == 0
    assert HeuristicPlayer(seed=0).announcement(rich.view(0)) is None  # one trick is too few
    rich = rich.play(0, Card.parse("♣Q")).play(1, Card.parse("♦K"))
    rich = rich.play(2, Card.parse("♦A")).play(3, Card.parse("♦10"))
    assert trick_winner(rich.tricks[1], GameType.NORMAL) == 0
    assert HeuristicPlayer(seed=0).announcement(rich.view(0)) is Announcement.NO_90
    after = rich.announce(0, Announcement.NO_90)
    assert HeuristicPlayer(seed=0).announcement(after.view(0)) is None  # keine 60 needs 3 tricks
    poor = deal.play(0, Card.parse("♣9")).play(1, Card.parse("♣A"))
    poor = poor.play(2, Card.parse("♦J")).play(3, Card.parse("♣Q"))
    assert trick_winner(poor.tricks[0], GameType.NORMAL) == 3
    assert HeuristicPlayer(seed=0).announcement(poor.view(0)) is None


def test_heuristic_player_is_deterministic_given_a_seed() -> None:
    def run(seed: int) -> Deal:
        return play_deal(
            Deal.shuffled(seed=seed), [HeuristicPlayer(seed=seed + seat) for seat in range(4)]
        )

    assert run(12).history == run(12).history


def test_the_rules_know_the_fox_category() -> None:
    assert GameType.NORMAL.category(FOX) is Category.TRUMP


# --- strength -------------------------------------------------------------------


def test_heuristic_beats_random_players() -> None:
    heuristic: list[int] = []
    randoms: list[float] = []
    for number in range(400):
        seat = number % 4
        players: list[Player] = [RandomPlayer(seed=4 * number + s) for s in range(4)]
        players[seat] = HeuristicPlayer(seed=number)
        deal = play_deal(Deal.shuffled(seed=number, dealer=(number // 4) % 4), players)
        scores = settle(deal).scores
        heuristic.append(scores[seat])
        randoms.append((sum(scores) - scores[seat]) / 3)
    margin = statistics.mean(heuristic) - statistics.mean(randoms)
    error = statistics.stdev(h - r for h, r in zip(heuristic, randoms, strict=True)) / 400**0.5
    assert margin > 2.0
    assert margin > 4 * error
