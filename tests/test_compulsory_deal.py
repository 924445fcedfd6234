"""Tournament facts in the deal (VARIANTS.md V§9.1–V§9.5): V23, V24, V25 (the deal's part:
priority, solo kind, lead, the forced deal), the validation of ``owing`` and ``forced``."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doppelkopf import (
    Deal,
    Declare,
    GameType,
    HeuristicPlayer,
    InvalidReservationError,
    InvalidTypeError,
    InvalidValueError,
    NotYourTurnError,
    Phase,
    RandomPlayer,
    Reservation,
    Rules,
    SoloKind,
    play_deal,
    settle,
)
from doppelkopf.strategies import rules as rule_sets

A, B, C, D = 0, 1, 2, 3
T = Rules.TOURNAMENT
H = Reservation.HEALTHY
HANDS = Deal.shuffled(seed=23).dealt


def answered(deal: Deal, answers: dict[int, Reservation]) -> Deal:
    for seat in ((deal.dealer + k) & 3 for k in (1, 2, 3, 4)):
        deal = deal.declare(seat, answers.get(seat, H))
    return deal


def test_v23_a_compulsory_solo_is_led_by_its_soloist() -> None:
    deal = Deal.from_hands(HANDS, dealer=D, rules=T, owing={A, B, C, D})
    deal = answered(deal, {A: Reservation.QUEENS_SOLO})
    assert (deal.game_type, deal.declarer, deal.solo_kind) == (
        GameType.QUEENS_SOLO,
        A,
        SoloKind.COMPULSORY,
    )
    assert deal.turn == A  # A is also the dealer's left here
    later = Deal.from_hands(HANDS, dealer=D, rules=T, owing={C})
    later = answered(later, {C: Reservation.QUEENS_SOLO})
    assert (later.solo_kind, later.turn) == (SoloKind.COMPULSORY, C)  # V§9.3
    lust = answered(
        Deal.from_hands(HANDS, dealer=D, rules=T, owing={A}), {C: Reservation.JACKS_SOLO}
    )
    assert (lust.solo_kind, lust.turn) == (SoloKind.VOLUNTARY, A)  # a Lustsolo: dealer's left
    assert later.view(B).solo_kind is SoloKind.COMPULSORY
    assert later.view(B).owing == frozenset({C})


def test_v24_a_compulsory_solo_beats_an_earlier_lustsolo() -> None:
    deal = Deal.from_hands(HANDS, dealer=D, rules=T, owing={C})
    deal = answered(deal, {A: Reservation.JACKS_SOLO, C: Reservation.FLESHLESS})
    assert (deal.game_type, deal.declarer, deal.solo_kind, deal.turn) == (
        GameType.FLESHLESS,
        C,
        SoloKind.COMPULSORY,
        C,
    )
    # Of two compulsory solos the first in asking order wins.
    both = Deal.from_hands(HANDS, dealer=D, rules=T, owing={B, C})
    both = answered(both, {B: Reservation.JACKS_SOLO, C: Reservation.FLESHLESS})
    assert (both.declarer, both.solo_kind) == (B, SoloKind.COMPULSORY)
    # V§9.2: a Lustsolo beats Schmeißen and Armut.
    rules = Rules(compulsory_solo=True, session_length=24, armut=True, schmeissen={"trumps1"})
    nobody = Deal.from_hands(HANDS, dealer=D, rules=rules, owing={D})
    if nobody.can_declare(A, Reservation.POVERTY):
        nobody = nobody.declare(A, Reservation.POVERTY)
    else:
        nobody = nobody.declare(A, H)
    nobody = nobody.declare(B, Reservation.SPADES_SOLO).declare(C, H).declare(D, H)
    assert (nobody.declarer, nobody.solo_kind) == (B, SoloKind.VOLUNTARY)


def test_v25_a_forced_deal_asks_only_the_forced_seat_for_a_solo() -> None:
    deal = Deal.from_hands(HANDS, dealer=A, rules=T, owing={B, D}, forced=True)
    assert (deal.forced, deal.forced_seat, deal.turn, deal.phase) == (
        True,
        B,
        B,
        Phase.RESERVATIONS,
    )
    actions = deal.legal_actions
    assert actions
    assert all(isinstance(a, Declare) and a.reservation.is_solo for a in actions)
    assert deal.view(B).legal_actions == actions
    assert deal.view(C).legal_actions == ()
    with pytest.raises(InvalidReservationError) as caught:
        deal.declare(B, H)
    assert caught.value.rule == "V§9.5"
    with pytest.raises(NotYourTurnError):
        deal.declare(C, Reservation.QUEENS_SOLO)
    played = deal.declare(B, Reservation.HEARTS_SOLO)
    assert (played.game_type, played.declarer, played.solo_kind, played.turn) == (
        GameType.HEARTS_SOLO,
        B,
        SoloKind.FORCED,
        B,
    )
    assert played.declarations == (None, Reservation.HEARTS_SOLO, None, None)
    assert played.initial().replay(played.history) == played
    # Deal 24, dealt by B: D is forced (the first owing from B's left).
    last = Deal.from_hands(HANDS, dealer=B, rules=T, owing={D}, forced=True)
    assert (last.forced_seat, last.turn) == (D, D)
    # The dealer itself may be the forced seat (V§9.5).
    own = Deal.from_hands(HANDS, dealer=D, rules=T, owing={D}, forced=True)
    assert own.turn == D


def test_owing_and_forced_are_checked() -> None:
    for owing in ({4}, {-1}, {True}):
        with pytest.raises((InvalidValueError, InvalidTypeError)):
            Deal.from_hands(HANDS, rules=T, owing=owing)
    with pytest.raises(InvalidTypeError):
        Deal.from_hands(HANDS, rules=T, owing="01")  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError):
        Deal.from_hands(HANDS, rules=T, owing=[0.5])  # type: ignore[list-item]
    with pytest.raises(InvalidValueError) as caught:
        Deal.from_hands(HANDS, owing={A})  # no compulsory solos in the DDV rules
    assert caught.value.rule == "V§9.1"
    with pytest.raises(InvalidValueError) as caught:
        Deal.from_hands(HANDS, rules=T, forced=True)
    assert caught.value.rule == "V§9.5"
    with pytest.raises(InvalidTypeError):
        Deal.from_hands(HANDS, rules=T, owing={A}, forced=1)  # type: ignore[arg-type]
    with pytest.raises(InvalidValueError):
        Deal.shuffled(3, rules=T, forced=True)
    with pytest.raises(InvalidValueError):
        Deal.shuffled(3, owing=[A])


def test_owing_and_forced_survive_initial_replay_and_equality() -> None:
    deal = Deal.shuffled(5, rules=T, owing=[A, C])
    assert deal.owing == frozenset({A, C})
    assert not deal.forced
    assert deal != Deal.shuffled(5, rules=T)
    assert deal == Deal.shuffled(5, rules=T, owing=(C, A))
    played = play_deal(deal, [RandomPlayer(seed=s, reservation_rate=0.5) for s in range(4)])
    assert played.initial() == deal
    assert played.initial().replay(played.history) == played
    assert hash(played.initial()) == hash(deal)


def test_no_solo_kind_for_marriages_and_normal_games() -> None:
    deal = answered(Deal.from_hands(HANDS, rules=T, owing={A, B, C, D}), {})
    assert deal.game_type in (GameType.NORMAL, GameType.SILENT_MARRIAGE)
    assert deal.solo_kind is None
    ddv = answered(Deal.from_hands(HANDS), {B: Reservation.QUEENS_SOLO})
    assert ddv.solo_kind is SoloKind.VOLUNTARY  # a declared solo at a DDV table is a Lustsolo


@settings(max_examples=60, deadline=None)
@given(
    rule_sets(),
    st.integers(0, 2**32),
    st.sampled_from(("random", "heuristic")),
    st.sets(st.integers(0, 3)),
    st.booleans(),
)
def test_the_reference_bots_finish_every_deal_under_any_rules(
    table: Rules, seed: int, kind: str, owing: set[int], forced: bool
) -> None:
    if not table.compulsory_solo:
        owing, forced = set(), False
    forced = forced and bool(owing)
    deal = Deal.shuffled(seed, rules=table, owing=owing, forced=forced)
    players = [
        RandomPlayer(seed=seed + s, reservation_rate=0.3)
        if kind == "random"
        else HeuristicPlayer(s)
        for s in range(4)
    ]
    done = play_deal(deal, players)
    assert done.is_finished
    assert done.initial().replay(done.history) == done
    if done.is_void:
        assert done.void is not None
        assert done.tricks == ()
        return
    assert len(done.tricks) == table.tricks
    assert sum(settle(done).scores) == 0
    if forced:
        assert done.solo_kind is SoloKind.FORCED
        assert done.declarer == done.forced_seat
        assert done.tricks[0].leader == done.declarer
    elif done.solo_kind is SoloKind.COMPULSORY:
        assert done.declarer in owing
        assert done.tricks[0].leader == done.declarer
    else:
        assert done.tricks[0].leader == (done.dealer + 1) % 4
