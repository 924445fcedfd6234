"""The shared encoding: every action round-trips through its id, and the ids of a step are
exactly the library's legal actions of the seat on turn, under several rule sets."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deal_helpers import ADAPTER_RULE_SETS
from doppelkopf import (
    Action,
    Announce,
    AnswerPoverty,
    Card,
    Deal,
    Declare,
    Hand,
    PassCards,
    Phase,
    Play,
    Reservation,
    ReturnCards,
    Rules,
)
from doppelkopf.adapters import encoding
from doppelkopf.errors import DoppelkopfError, InvalidTypeError, WrongPhaseError

RULE_SETS = {
    **ADAPTER_RULE_SETS,
    "schweinchen, second dulle": Rules(schweinchen=True, second_dulle="always", armut=True),
}


def random_deal_steps(rules: Rules, seed: int) -> list[Deal]:
    """Every position of one deal played at random, preferring the Armut where it is legal,
    and healthy answers and acceptance often, so that the exchange is exercised (V§6)."""
    rng = random.Random(seed)
    owing = {rng.randrange(4)} if rules.compulsory_solo and rng.random() < 0.5 else set()
    deal = Deal.shuffled(rng=rng, rules=rules, dealer=rng.randrange(4), owing=owing)
    positions = [deal]
    while not deal.is_finished:
        actions = encoding.turn_actions(deal)
        poverty = [a for a in actions if getattr(a, "reservation", None) is Reservation.POVERTY]
        healthy: list[Action] = [
            a for a in actions if getattr(a, "reservation", None) is Reservation.HEALTHY
        ]
        accept: list[Action] = [a for a in actions if isinstance(a, AnswerPoverty) and a.accept]
        preferred = poverty or ((healthy + accept) if rng.random() < 0.9 else [])
        deal = deal.apply(rng.choice(preferred or list(actions)))
        positions.append(deal)
    return positions


@pytest.mark.parametrize("rules", RULE_SETS.values(), ids=RULE_SETS.keys())
@settings(max_examples=10)
@given(seed=st.integers(0, 2**32))
def test_ids_are_the_legal_actions_at_every_step(rules: Rules, seed: int) -> None:
    check_every_step(random_deal_steps(rules, seed), rules)


def bare(action: Action) -> bool:
    """Whether ``action`` is the bare Vorbehalt of the two-step round (SPEC §3.2)."""
    return isinstance(action, Declare) and action.reservation is Reservation.VORBEHALT


def check_every_step(positions: list[Deal], rules: Rules) -> None:
    """At each position: the ids are the library's legal actions of the seat on turn, each
    decodes to its action, and each seat's tensors hold valid, distinct positions."""
    for deal in positions:
        if deal.is_finished:
            with pytest.raises(WrongPhaseError):
                encoding.turn_actions(deal)
            continue
        turn = deal.turn
        assert turn is not None
        actions = encoding.turn_actions(deal)
        # The adapters offer the one-step round by default: no bare Vorbehalt (SPEC §3.2).
        library = {a for a in deal.legal_actions if a.seat == turn and not bare(a)}
        assert set(actions) == library
        assert {a for a in deal.view(turn).legal_actions if not bare(a)} == library
        ids = encoding.action_ids(actions)
        assert len(set(ids)) == len(ids) == len(library)  # one id per action
        assert all(0 <= i < encoding.num_actions(rules) for i in ids)
        for action in actions:
            decoded = encoding.decode_action(encoding.encode_action(action), turn, deal.phase)
            assert decoded == action
        for seat in range(4):
            view = deal.view(seat)
            ones = encoding.observation_indices(view)
            assert len(set(ones)) == len(ones)
            assert all(0 <= i < encoding.OBSERVATION_SIZE for i in ones)
            full = encoding.information_state_indices(view)
            assert full[: len(ones)] == ones
            assert all(0 <= i < encoding.INFORMATION_STATE_SIZE for i in full)
            assert len(set(full)) == len(full)


def test_the_exchange_is_reached() -> None:
    """Deals through each step of the Armut exchange pass the same checks (V§6.3)."""
    rules = RULE_SETS["armut and schmeissen"]
    phases: set[Phase] = set()
    for seed in range(100):
        positions = random_deal_steps(rules, seed)
        seen = {deal.phase for deal in positions}
        if Phase.POVERTY_PASS in seen:
            check_every_step(positions, rules)
        phases |= seen
    assert {Phase.POVERTY_PASS, Phase.POVERTY_OFFER, Phase.POVERTY_RETURN} <= phases


def test_every_id_decodes_and_encodes_back() -> None:
    for action_id in range(encoding.NUM_ACTIONS):
        for phase in (Phase.POVERTY_PASS, Phase.POVERTY_RETURN):
            action = encoding.decode_action(action_id, 2, phase)
            assert action.seat == 2
            assert encoding.encode_action(action) == action_id


def test_the_fixed_numbers() -> None:
    assert encoding.encode_action(Play(0, Card.parse("♣9"))) == 0
    assert encoding.encode_action(Play(0, Card.parse("♦A"))) == 23
    assert encoding.encode_action(Declare(0, Reservation.HEALTHY)) == 24
    assert encoding.encode_action(Declare(0, Reservation.POVERTY)) == 33
    assert encoding.encode_action(Declare(0, Reservation.THROW, "trumps1")) == 38
    assert encoding.encode_action(Announce(0, 0)) == 39
    assert encoding.encode_action(Announce(0, 4)) == 43
    assert encoding.encode_action(AnswerPoverty(0, False)) == 44
    assert encoding.encode_action(PassCards(0, Hand.parse("♦A ♦A ♦10"))) == 2621
    assert encoding.encode_action(ReturnCards(0, Hand.parse("♦A ♦A ♦10"))) == 2621
    assert len(encoding.EXCHANGES) == 2576 == 2024 + 24 * 23
    assert encoding.num_actions(Rules.DDV) == 46
    assert encoding.num_actions(Rules.XIX) == encoding.NUM_ACTIONS == 2622


def test_bad_ids_and_actions_raise() -> None:
    with pytest.raises(DoppelkopfError, match="0-2623"):
        encoding.decode_action(2624, 0, Phase.PLAY)
    with pytest.raises(ValueError, match="0-2623"):
        encoding.decode_action(-1, 0, Phase.PLAY)
    with pytest.raises(InvalidTypeError):
        encoding.decode_action(3.0, 0, Phase.PLAY)  # type: ignore[arg-type]
    with pytest.raises(DoppelkopfError, match=r"V§6\.3"):
        encoding.decode_action(encoding.EXCHANGE_BASE, 0, Phase.PLAY)
    with pytest.raises(InvalidTypeError):
        encoding.encode_action("seat 0: ♣Q")  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError):
        encoding.num_actions("ddv")  # type: ignore[arg-type]


def test_dealing_observation() -> None:
    ones = encoding.dealing_indices(2, 0, [Card.parse("♦A"), Card.parse("♦A")])
    at = encoding.offsets(encoding.OBSERVATION_PIECES)
    assert ones == [2, 4, at["hand"] + 46, at["hand"] + 47]


def test_importing_the_library_imports_no_framework() -> None:
    """``import doppelkopf`` and the encoding pull in neither numpy nor a framework."""
    code = (
        "import sys, doppelkopf, doppelkopf.adapters, doppelkopf.adapters.encoding, "
        "doppelkopf.adapters.text\n"
        "print(sorted(m for m in ('numpy', 'pyspiel', 'pettingzoo', 'gymnasium') "
        "if m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
