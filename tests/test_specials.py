"""Special points read from tricks: Doppelkopf, fox caught, Karlchen (SPEC §11)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from doppelkopf.cards import DECK, Card
from doppelkopf.errors import DoppelkopfError, InvalidSummaryError
from doppelkopf.parties import Party
from doppelkopf.rules import GameType
from doppelkopf.specials import SpecialEvent, SpecialKind, special_events
from doppelkopf.tricks import Trick, trick_winner

RE, KONTRA = Party.RE, Party.KONTRA
NORMAL = GameType.NORMAL
DOPPELKOPF, FOX, KARLCHEN = SpecialKind.DOPPELKOPF, SpecialKind.FOX_CAUGHT, SpecialKind.KARLCHEN

# Seats A, B, C, D of EXAMPLES.md are 0, 1, 2, 3.
RE_AC = (RE, KONTRA, RE, KONTRA)
RE_AB = (RE, RE, KONTRA, KONTRA)
RE_AD = (RE, KONTRA, KONTRA, RE)

FILLER = Trick.parse("♠9 ♠9 ♥9 ♥9", leader=0)
"""A trick worth nothing, without a fox or a ♣J, to pad a deal up to trick 12."""


def last_trick(text: str, leader: int) -> list[Trick]:
    """Eleven filler tricks and ``text`` as trick 12."""
    return [*[FILLER] * 11, Trick.parse(text, leader=leader)]


def kinds(events: Sequence[SpecialEvent]) -> list[SpecialKind]:
    return [event.kind for event in events]


# --- the trick examples of EXAMPLES.md Part 2 ---------------------------------


def test_t03_first_dulle_wins_fox_caught_only_across_parties() -> None:
    trick = Trick.parse("♥10 ♥10 ♣Q ♦A", leader=0)
    assert trick_winner(trick, NORMAL) == 0
    assert trick.points == 34
    # A and D in different parties: A's party catches D's fox; 34 points is no Doppelkopf.
    assert special_events([trick], NORMAL, RE_AC) == (SpecialEvent(FOX, RE, 1, 0, victim=3),)
    # A and D partners: the fox stays in the party.
    assert special_events([trick], NORMAL, RE_AD) == ()


def test_t11_fox_caught_by_the_third_player() -> None:
    trick = Trick.parse("♦9 ♣A ♦J ♦A", leader=0)
    assert special_events([trick], NORMAL, RE_AD) == (SpecialEvent(FOX, KONTRA, 1, 2, victim=3),)
    assert special_events([trick], NORMAL, (RE, RE, KONTRA, KONTRA)) == ()


def test_t16_first_club_jack_wins_karlchen() -> None:
    tricks = last_trick("♣J ♣J ♦9 ♠J", leader=0)
    assert special_events(tricks, NORMAL, RE_AC) == (SpecialEvent(KARLCHEN, RE, 12, 0),)
    assert special_events(tricks, NORMAL, (KONTRA, RE, RE, KONTRA)) == (
        SpecialEvent(KARLCHEN, KONTRA, 12, 0),
    )


def test_t16b_club_jack_beaten_gives_nothing() -> None:
    tricks = last_trick("♣J ♣J ♦Q ♠J", leader=0)
    assert trick_winner(tricks[-1], NORMAL) == 2
    assert special_events(tricks, NORMAL, RE_AC) == ()
    assert special_events(tricks, NORMAL, RE_AB) == ()


def test_t21_doppelkopf_for_the_leader() -> None:
    trick = Trick.parse("♣A ♣10 ♣A ♣10", leader=0)
    assert trick.points == 42
    assert special_events([trick], NORMAL, RE_AB) == (SpecialEvent(DOPPELKOPF, RE, 1, 0),)
    assert special_events([trick], GameType.MARRIAGE, (KONTRA, RE, RE, KONTRA)) == (
        SpecialEvent(DOPPELKOPF, KONTRA, 1, 0),
    )


def test_x30_fox_won_by_partner_or_owner_gives_nothing() -> None:
    tricks = [FILLER] * 12
    tricks[3] = Trick.parse("♦A ♦9 ♠Q ♦10", leader=0)  # trick 4: C wins A's fox
    tricks[6] = Trick.parse("♦A ♦K ♦9 ♦10", leader=1)  # trick 7: B wins with his own fox
    assert trick_winner(tricks[3], NORMAL) == 2
    assert trick_winner(tricks[6], NORMAL) == 1
    assert special_events(tricks, NORMAL, RE_AC) == ()


def test_x30_the_same_foxes_score_with_other_parties() -> None:
    tricks = [FILLER] * 12
    tricks[3] = Trick.parse("♦A ♦9 ♠Q ♦10", leader=0)
    assert special_events(tricks, NORMAL, RE_AB) == (SpecialEvent(FOX, KONTRA, 4, 2, victim=0),)


def test_x31_no_special_points_in_a_solo() -> None:
    tricks = last_trick("♣J ♦J ♦9 ♦A", leader=1)
    tricks[4] = Trick.parse("♣A ♣10 ♣A ♣10", leader=1)  # a 42-point trick
    soloist_b = (KONTRA, RE, KONTRA, KONTRA)
    assert trick_winner(tricks[-1], GameType.DIAMONDS_SOLO) == 1
    assert special_events(tricks, GameType.DIAMONDS_SOLO, soloist_b) == ()
    # The very same tricks in a normal game do score.
    assert kinds(special_events(tricks, NORMAL, (KONTRA, RE, RE, KONTRA))) == [
        DOPPELKOPF,
        FOX,
        KARLCHEN,
    ]


@pytest.mark.parametrize("game", [game for game in GameType if game.is_solo])
def test_every_solo_type_has_no_events(game: GameType) -> None:
    tricks = last_trick("♣J ♣A ♦A ♦A", leader=0)
    tricks[0] = Trick.parse("♣A ♣10 ♣A ♣10", leader=0)
    assert special_events(tricks, game, (RE, KONTRA, KONTRA, KONTRA)) == ()


def test_x25_fox_before_clarification_counts_with_final_parties() -> None:
    # Marriage: B (Hochzeiter) wins trick 1 with C's ♦A in it; D becomes the partner.
    trick = Trick.parse("♠A ♣Q ♦A ♠9", leader=0)
    assert trick_winner(trick, GameType.MARRIAGE) == 1
    final = (KONTRA, RE, KONTRA, RE)
    assert special_events([trick], GameType.MARRIAGE, final) == (
        SpecialEvent(FOX, RE, 1, 1, victim=2),
    )


# --- order, counting and limits ------------------------------------------------


def test_two_foxes_in_play_order_then_karlchen() -> None:
    tricks = last_trick("♣J ♦A ♦10 ♦A", leader=3)  # seats 3, 0, 1, 2
    events = special_events(tricks, NORMAL, RE_AC)
    assert events == (
        SpecialEvent(FOX, KONTRA, 12, 3, victim=0),
        SpecialEvent(FOX, KONTRA, 12, 3, victim=2),
        SpecialEvent(KARLCHEN, KONTRA, 12, 3),
    )


def test_fox_before_doppelkopf_in_one_trick() -> None:
    trick = Trick.parse("♦A ♥10 ♣A ♠A", leader=0)  # 43 points, won by seat 1's ♥10
    assert special_events([trick], NORMAL, RE_AC) == (
        SpecialEvent(FOX, KONTRA, 1, 1, victim=0),
        SpecialEvent(DOPPELKOPF, KONTRA, 1, 1),
    )


def test_events_come_in_trick_order() -> None:
    tricks = [
        Trick.parse("♣A ♣10 ♣A ♣10", leader=0),
        Trick.parse("♠9 ♠9 ♥9 ♥9", leader=0),
        Trick.parse("♥9 ♦A ♥K ♥K", leader=0),  # seat 1 trumps with its own fox
        Trick.parse("♠K ♦A ♠10 ♠A", leader=1),  # seat 2 wins with its own fox
        Trick.parse("♦10 ♦A ♥10 ♠A", leader=1),  # seat 3's ♥10 catches seat 2's ♦A
    ]
    events = special_events(tricks, NORMAL, RE_AC)
    assert [(event.trick, event.kind) for event in events] == [
        (1, DOPPELKOPF),
        (5, FOX),
        (5, DOPPELKOPF),
    ]
    assert events[1] == SpecialEvent(FOX, KONTRA, 5, 3, victim=2)


def test_karlchen_only_in_trick_12() -> None:
    trick = Trick.parse("♣J ♦9 ♦9 ♠9", leader=0)
    assert special_events([FILLER] * 10 + [trick], NORMAL, RE_AC) == ()
    assert special_events([FILLER] * 11 + [trick], NORMAL, RE_AC) == (
        SpecialEvent(KARLCHEN, RE, 12, 0),
    )


def test_captured_club_jack_is_no_karlchen() -> None:
    # The ♣J of seat 1 lies in the last trick, but seat 0's ♥Q wins it.
    tricks = last_trick("♥Q ♣J ♦9 ♦9", leader=0)
    assert special_events(tricks, NORMAL, RE_AC) == ()


def test_thirty_nine_points_is_no_doppelkopf() -> None:
    trick = Trick.parse("♥10 ♠10 ♣10 ♣9", leader=0)  # 30 points
    assert special_events([trick], NORMAL, RE_AC) == ()
    trick = Trick.parse("♥10 ♠10 ♣10 ♦10", leader=0)  # exactly 40
    assert kinds(special_events([trick], NORMAL, RE_AC)) == [DOPPELKOPF]


def test_no_tricks_no_events() -> None:
    assert special_events([], NORMAL, RE_AC) == ()


# --- errors and the event value ------------------------------------------------


def test_incomplete_trick_rejected() -> None:
    with pytest.raises(InvalidSummaryError, match="trick 2 holds 3 cards"):
        special_events([FILLER, Trick.parse("♠A ♠A ♠K")], NORMAL, RE_AC)


def test_thirteen_tricks_rejected() -> None:
    with pytest.raises(InvalidSummaryError, match="12 tricks, not 13"):
        special_events([FILLER] * 13, NORMAL, RE_AC)


@pytest.mark.parametrize("parties", [(RE, KONTRA, RE), (RE, KONTRA, RE, "kontra")])
def test_parties_must_name_four_seats(parties: Sequence[Party]) -> None:
    with pytest.raises(InvalidSummaryError, match="four seats"):
        special_events([FILLER], NORMAL, parties)


def test_a_trick_must_be_a_trick() -> None:
    with pytest.raises(TypeError, match="trick 1 must be a Trick"):
        special_events(["♠9 ♠9 ♥9 ♥9"], NORMAL, RE_AC)  # type: ignore[list-item]


def test_errors_are_doppelkopf_errors() -> None:
    with pytest.raises(DoppelkopfError):
        special_events([Trick.parse("♠A")], NORMAL, RE_AC)


def test_event_fields_are_checked() -> None:
    with pytest.raises(ValueError, match="victim"):
        SpecialEvent(FOX, RE, 3, 0)
    with pytest.raises(ValueError, match="victim"):
        SpecialEvent(DOPPELKOPF, RE, 3, 0, victim=1)
    with pytest.raises(ValueError, match="only with trick 12"):
        SpecialEvent(KARLCHEN, RE, 11, 0)
    with pytest.raises(ValueError, match="trick number"):
        SpecialEvent(DOPPELKOPF, RE, 0, 0)
    with pytest.raises(ValueError, match="seat"):
        SpecialEvent(DOPPELKOPF, RE, 1, 4)
    with pytest.raises(ValueError, match="seat"):
        SpecialEvent(FOX, RE, 1, 0, victim=-1)


def test_event_text_and_rule() -> None:
    fox = SpecialEvent(FOX, KONTRA, 5, 3, victim=2)
    assert str(fox) == "trick 5: fox caught for Kontra (seat 3 caught the ♦A of seat 2)"
    assert fox.rule == "§11.4"
    doppelkopf = SpecialEvent(DOPPELKOPF, RE, 1, 0)
    assert str(doppelkopf) == "trick 1: Doppelkopf for Re (seat 0 won a trick worth 40 or more)"
    assert doppelkopf.rule == "§11.3"
    assert repr(KARLCHEN) == "SpecialKind.KARLCHEN"


# --- properties over random deals ---------------------------------------------

parties_st = st.tuples(*[st.sampled_from(Party)] * 4)


@st.composite
def dealt_tricks(draw: st.DrawFn) -> list[Trick]:
    """Twelve tricks holding the whole deck, each led by the previous winner."""
    deck = draw(st.permutations(DECK))
    game = GameType.NORMAL
    leader = draw(st.integers(0, 3))
    tricks = []
    for number in range(12):
        trick = Trick(leader, tuple(deck[4 * number : 4 * number + 4]))
        tricks.append(trick)
        leader = trick_winner(trick, game)
    return tricks


@given(dealt_tricks(), parties_st, st.sampled_from(GameType))
def test_events_match_their_tricks(
    tricks: list[Trick], parties: tuple[Party, ...], game: GameType
) -> None:
    events = special_events(tricks, game, parties)
    if not game.has_special_points:
        assert events == ()
        return
    assert [event.trick for event in events] == sorted(event.trick for event in events)
    fox = Card.parse("♦A")
    assert sum(event.kind is FOX for event in events) <= 2
    for event in events:
        trick = tricks[event.trick - 1]
        assert event.seat == trick_winner(trick, game)
        assert event.party is parties[event.seat]
        if event.kind is FOX:
            assert event.victim is not None
            assert trick.card_of(event.victim) is fox
            assert parties[event.victim] is not event.party
        elif event.kind is DOPPELKOPF:
            assert trick.points >= 40
        else:
            assert event.trick == 12
            assert trick.card_of(event.seat) == Card.parse("♣J")
    doppelkopf_tricks = {event.trick for event in events if event.kind is DOPPELKOPF}
    assert doppelkopf_tricks == {i + 1 for i, trick in enumerate(tricks) if trick.points >= 40}


@given(dealt_tricks(), parties_st, st.integers(0, 11))
def test_events_so_far_are_a_prefix(
    tricks: list[Trick], parties: tuple[Party, ...], played: int
) -> None:
    everything = special_events(tricks, NORMAL, parties)
    so_far = special_events(tricks[:played], NORMAL, parties)
    assert so_far == tuple(event for event in everything if event.trick <= played)


@given(dealt_tricks(), parties_st)
def test_swapping_the_parties_swaps_the_events(
    tricks: list[Trick], parties: tuple[Party, ...]
) -> None:
    swapped = tuple(party.opponent for party in parties)
    events = special_events(tricks, NORMAL, parties)
    assert special_events(tricks, NORMAL, swapped) == tuple(
        SpecialEvent(event.kind, event.party.opponent, event.trick, event.seat, event.victim)
        for event in events
    )


@given(dealt_tricks())
def test_one_party_at_the_table_catches_no_fox(tricks: list[Trick]) -> None:
    events = special_events(tricks, NORMAL, (RE, RE, RE, RE))
    assert FOX not in kinds(events)
