"""A view built by ``Deal.view`` computes its fields on first read; it is the same value.

``doppelkopf.deal._lazy_view`` keeps the deal in the view and computes each
field when it is first read.  These tests pin every field to the eager
computation below, written from the deal's public properties, and check that
equality, hashing, ``repr``, ``attrs`` functions, pickling and the legal actions
cannot tell a lazy view from one built with every field given.
"""

from __future__ import annotations

import copy
import pickle
import random

import attrs
import pytest

from deal_helpers import armut_deal
from doppelkopf import Deal, GameType, PlayerView, RandomPlayer, Reservation, Rules
from doppelkopf.deal._lazy_view import FIELDS, LazyField, known_parties
from doppelkopf.deal.reservations import CLUB_QUEEN
from doppelkopf.errors import DoppelkopfError
from doppelkopf.players import iter_deal

RULE_SETS = (
    Rules.DDV,
    Rules(nines=False),
    Rules(schweinchen=True),
    Rules(armut=True, schmeissen={"nines5", "kings5", "full7"}),
    Rules.TOURNAMENT,
)


def eager_fields(deal: Deal, seat: int) -> dict[str, object]:
    """Every field of the view of ``seat``, computed at once from the deal's public API.

    The parties a seat knows come from the same inference the view uses
    (``known_parties``, tested for what it infers in ``test_views.py``), given
    the ♣Q played as read from the tricks.
    """
    game, declarer = deal.game_type, deal.declarer
    tricks = (*deal.tricks, deal.current_trick)
    played = [s for trick in tricks for s, c in trick if c is CLUB_QUEEN]
    if game is GameType.SILENT_MARRIAGE and seat != declarer and len(played) < 2:
        game, declarer = GameType.NORMAL, None
    known = known_parties(deal, seat, game, played)
    return {
        "seat": seat,
        "dealer": deal.dealer,
        "hand": deal.hands[seat],
        "reservation": deal.declarations[seat],
        "declared": tuple(
            None if answer is None else answer is not Reservation.HEALTHY
            for answer in deal.declarations
        ),
        "game_type": game,
        "declarer": declarer,
        "partner": deal.partner,
        "clarification_trick": deal.clarification_trick,
        "known_parties": known,
        "tricks": deal.tricks,
        "current_trick": deal.current_trick,
        "announcements": deal.announcements,
        "hand_sizes": tuple(len(hand) for hand in deal.hands),
        "turn": deal.turn,
        "rules": deal.rules,
        "schweine": deal.schweine,
        "re_state": deal.re_state,
        "kontra_state": deal.kontra_state,
        "phase": deal.phase,
        "poverty": None if deal.poverty is None else deal.poverty.seen_by(seat),
        "void": deal.void,
        "owing": deal.owing,
        "forced": deal.forced,
        "solo_kind": deal.solo_kind,
        "throw_reason": deal.throw_reasons[seat],
        "asked": deal.asked,
    }


# V22: seat 1 holds five nines and may throw the deal in.
V22_HANDS = (
    "♣A ♣A ♣10 ♣K ♠A ♠A ♠10 ♠K ♥A ♥A ♥K ♥J",
    "♣9 ♣9 ♠9 ♥9 ♦9 ♣10 ♠10 ♠K ♥10 ♥K ♦K ♦J",
    "♣Q ♣Q ♠Q ♠Q ♥Q ♥Q ♦Q ♦Q ♣J ♣J ♠J ♠J",
    "♣K ♠9 ♥10 ♥9 ♦A ♦A ♦10 ♦10 ♦K ♦9 ♥J ♦J",
)


def _states() -> list[Deal]:
    """Deals in every phase: reservations, the Armut exchange, play, finished and void."""
    states = []
    starts = [Deal.shuffled(seed=seed, rules=rules) for seed, rules in enumerate(RULE_SETS)]
    starts += [armut_deal(seed) for seed in range(3)]
    starts += [Deal.shuffled(seed=seed) for seed in range(10, 40)]
    for number, deal in enumerate(starts):
        players = [RandomPlayer(seed=4 * number + s, reservation_rate=0.2) for s in range(4)]
        states.append(deal)
        states.extend(step.deal for step in iter_deal(deal, players))
    thrown = Deal.from_hands(V22_HANDS, rules=Rules(schmeissen={"nines5"}))
    thrown = thrown.declare(0, Reservation.HEALTHY).declare(1, Reservation.THROW, "nines5")
    states.append(thrown.declare(2, Reservation.HEALTHY).declare(3, Reservation.HEALTHY))
    return states


STATES = _states()


def test_the_states_cover_every_phase_and_a_silent_marriage() -> None:
    assert {state.phase.name for state in STATES} >= {
        "RESERVATIONS",
        "POVERTY_PASS",
        "POVERTY_OFFER",
        "POVERTY_RETURN",
        "PLAY",
        "FINISHED",
    }
    assert any(state.game_type is GameType.SILENT_MARRIAGE for state in STATES)
    assert any(state.is_void for state in STATES)


def test_every_field_read_first_equals_the_eager_computation() -> None:
    rng = random.Random(1)
    names = [field.name for field in attrs.fields(PlayerView) if field.name != "_given_actions"]
    for state in STATES:
        for seat in range(4):
            expected = eager_fields(state, seat)
            view = state.view(seat)
            # Read the fields in a random order: none may depend on another read first.
            for name in rng.sample(names, len(names)):
                assert getattr(view, name) == expected[name], name


def test_a_lazy_view_is_the_same_value_as_one_built_with_every_field() -> None:
    for state in STATES[::3]:
        for seat in range(4):
            eager = PlayerView(**eager_fields(state, seat))  # type: ignore[arg-type]
            lazy = state.view(seat)
            assert hash(lazy) == hash(eager)
            assert lazy == eager
            assert repr(state.view(seat)) == repr(eager)
            assert attrs.asdict(state.view(seat), recurse=False) == attrs.asdict(
                eager, recurse=False
            )
            assert attrs.evolve(state.view(seat)) == eager
            assert state.view(seat).legal_actions == eager.legal_actions
            assert state.view(seat).history == eager.history
            assert state.view(seat).key == eager.key


def test_pickles_and_copies_hold_the_fields_and_not_the_deal() -> None:
    for state in STATES[::7]:
        for seat in range(4):
            view = state.view(seat)
            data = pickle.dumps(view)
            back = pickle.loads(data)
            assert back == view
            assert not hasattr(back, "_source")
            assert copy.copy(state.view(seat)) == view
            assert copy.deepcopy(state.view(seat)) == view
            # The pickle names no hand but the viewer's own.
            others = [hand for s, hand in enumerate(state.hands) if s != seat and hand.bits]
            assert not any(pickle.dumps(hand.bits) in data for hand in others if hand.bits > 255)


def test_a_view_of_a_bad_seat_raises() -> None:
    deal = Deal.shuffled(seed=1)
    for seat in (4, -1, True, 1.0, "0", None):
        with pytest.raises(DoppelkopfError):
            deal.view(seat)  # type: ignore[arg-type]


def test_the_class_holds_a_descriptor_for_each_computed_field() -> None:
    for name in FIELDS:
        field = getattr(PlayerView, name)
        assert isinstance(field, LazyField)
        assert field.name == name
