"""The OpenSpiel game passes OpenSpiel's own checks and plays with OpenSpiel's own bots."""

from __future__ import annotations

import gzip
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deal_helpers import ADAPTER_RULE_SETS
from doppelkopf import Deal, Declare, Phase, Reservation, Rules, settle
from doppelkopf.errors import DoppelkopfError, InvalidRulesError
from untraced import untraced

pyspiel = pytest.importorskip(
    "pyspiel", reason='OpenSpiel is not installed: pip install ".[openspiel]"'
)

from open_spiel.python.algorithms import generate_playthrough as playthrough  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

from doppelkopf.adapters import encoding  # noqa: E402
from doppelkopf.adapters.openspiel import (  # noqa: E402
    MAX_GAME_LENGTH,
    MAX_SCORE,
    DoppelkopfState,
    game_parameters,
    rules_from_parameters,
)

DATA = Path(__file__).parent / "data"
PLAYTHROUGH = DATA / "openspiel_playthrough.txt.gz"
PLAYTHROUGH_GAME = "python_doppelkopf(armut=True)"
PLAYTHROUGH_SEED = 7

RULE_SETS = ADAPTER_RULE_SETS


def load(rules: Rules = Rules.DDV, **deal: Any) -> Any:
    return pyspiel.load_game("python_doppelkopf", game_parameters(rules, **deal))


def play_randomly(state: Any, rng: random.Random, stop: int | None = None) -> Any:
    """Play chance and every seat at random, up to ``stop`` decisions (all dealt at 0)."""
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
            continue
        if stop is not None and decisions == stop:
            break
        state.apply_action(rng.choice(state.legal_actions()))
        decisions += 1
    return state


@pytest.mark.parametrize("rules", RULE_SETS.values(), ids=RULE_SETS.keys())
def test_random_sim_test(rules: Rules) -> None:
    """OpenSpiel's own consistency checks over random games: clones, undo, legal-action
    masks, tensor sizes, return bounds and sums, history replays."""
    with untraced():
        pyspiel.random_sim_test(load(rules), num_sims=8, serialize=False, verbose=False)


def test_load_by_name_and_parameters() -> None:
    game = pyspiel.load_game("python_doppelkopf")
    assert game.rules == Rules.DDV
    assert game.num_distinct_actions() == encoding.EXCHANGE_BASE
    assert game.max_game_length() == MAX_GAME_LENGTH
    assert pyspiel.load_game("python_doppelkopf(nines=False)").rules == Rules(nines=False)
    for rules in (Rules.DDV, Rules.TOURNAMENT, Rules.XIX, Rules(schmeissen={"full7"})):
        assert rules_from_parameters(game_parameters(rules)) == rules
        assert load(rules).rules == rules


def test_bad_parameters_raise() -> None:
    with pytest.raises(InvalidRulesError):
        pyspiel.load_game("python_doppelkopf", {"second_dulle": "sometimes"})
    with pytest.raises(DoppelkopfError):
        pyspiel.load_game("python_doppelkopf", {"owing": "1"})  # no compulsory solos
    with pytest.raises(DoppelkopfError):
        load(Rules.DDV, dealer=4)


def test_forced_deal_asks_the_owing_seat() -> None:
    state = load(Rules.TOURNAMENT, dealer=0, owing={1, 3}, forced=True).new_initial_state()
    state = play_randomly(state, random.Random(1), stop=0)
    assert state.current_player() == 1  # V§9.5: the first owing seat is asked, for a solo
    assert state.deal.forced


def test_chance_deals_by_the_copies_left() -> None:
    state = load(Rules(nines=False)).new_initial_state()
    outcomes = dict(state.chance_outcomes())
    assert len(outcomes) == 20
    assert all(p == pytest.approx(1 / 20) for p in outcomes.values())
    state.apply_action(4)
    state.apply_action(4)
    assert 4 not in dict(state.chance_outcomes())
    assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)
    with pytest.raises(DoppelkopfError, match="no copy"):
        state.apply_action(4)
    with pytest.raises(DoppelkopfError, match="no copy"):
        state.apply_action(0)  # ♣9: no nines in this deck


def test_returns_are_the_settled_scores() -> None:
    rng = random.Random(5)
    for _ in range(5):
        state = play_randomly(load().new_initial_state(), rng)
        assert state.returns() == [float(score) for score in settle(state.deal).scores]
        assert sum(state.returns()) == 0


def test_a_void_deal_returns_zero() -> None:
    """A deal thrown in is void and scores nothing (V§7)."""
    rules = Rules(schmeissen={"trumps1", "nines5", "kings5", "full7", "nines4_kings4"})
    rng = random.Random(3)
    for _ in range(300):
        state = play_randomly(load(rules).new_initial_state(), rng, stop=0)
        throws = [a for a in encoding.turn_actions(state.deal) if getattr(a, "reason", None)]
        if throws:
            state.apply_action(encoding.encode_action(throws[0]))
            break
    else:
        pytest.fail("no deal in 300 had a throw reason for its first seat")
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.deal.phase.value == "void"
    assert state.returns() == [0.0, 0.0, 0.0, 0.0]


def test_information_state_hides_other_hands() -> None:
    rng = random.Random(2)
    state = play_randomly(load().new_initial_state(), rng, stop=6)
    deal = state.deal
    text = state.information_state_string(0)
    for seat in (1, 2, 3):
        assert str(deal.hands[seat]) not in text
    assert str(deal.hands[0]) in text
    assert state.information_state_string(0) != state.information_state_string(1)
    assert len(state.information_state_tensor(0)) == encoding.INFORMATION_STATE_SIZE
    assert len(state.observation_tensor(3)) == encoding.OBSERVATION_SIZE
    assert str(deal.hands[2]) in state.observation_string(2)
    assert state.observation_string(2) == load().make_py_observer().string_from(state, 2)
    dealing = load().new_initial_state()
    dealing.apply_action(7)
    assert str(dealing).splitlines()[:2] == ["dealing, 1 cards dealt", "seat 0: ♠J"]


@pytest.mark.parametrize("rules", RULE_SETS.values(), ids=RULE_SETS.keys())
def test_resample_from_infostate_keeps_the_information_state(rules: Rules) -> None:
    """A resampled state gives the seat the same information state string and tensor, and
    while cards are hidden the draws differ in them (SPEC §6.1)."""
    rng = random.Random(11)
    sampler = pyspiel.UniformProbabilitySampler(11, 0.0, 1.0)
    for stop in (None, 0, 3, 10, 30):
        state = play_randomly(load(rules).new_initial_state(), rng, stop=stop)
        if state.is_terminal() and stop is not None:
            continue
        player = state.current_player() if not state.is_terminal() else 2
        seen = set()
        for _ in range(4):
            world = state.resample_from_infostate(player, sampler)
            assert isinstance(world, DoppelkopfState)
            assert world.information_state_string(player) == state.information_state_string(player)
            assert world.information_state_tensor(player) == state.information_state_tensor(player)
            assert world.legal_actions() == state.legal_actions()
            if state.deal is not None:
                assert world.deal is not None
                assert world.deal.view(player).key == state.deal.view(player).key
            seen.add(str(world))
        # At the end every card is known; before it four draws from the many worlds differ.
        assert len(seen) > 1 or state.is_terminal()


def test_resample_while_dealing() -> None:
    state = load().new_initial_state()
    for card in (5, 9, 9, 17, 23):
        state.apply_action(card)
    world = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(5, 0.0, 1.0))
    assert world.dealt[0::4] == state.dealt[0::4] == (5, 23)
    assert world.information_state_string(0) == state.information_state_string(0)
    assert world.is_chance_node()


def play_bots(game: Any, bots: list[Any], rng: np.random.RandomState) -> list[float]:
    """Deal at random and let each seat's bot choose, as OpenSpiel's own bot tests do."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    returns: list[float] = state.returns()
    return returns


def test_ismcts_and_random_bots_play_deals() -> None:
    """OpenSpiel's ISMCTS bot, drawing its worlds through the library's sampler, plays seat 0
    against OpenSpiel's random bots."""
    game = load(Rules(nines=False))
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    searcher = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=12, random_state=np.random.RandomState(4)
    )
    bots = [searcher] + [pyspiel.make_uniform_random_bot(seat, seat) for seat in (1, 2, 3)]
    for seed in range(2):
        with untraced():
            returns = play_bots(game, bots, np.random.RandomState(seed))
        assert len(returns) == 4
        assert sum(returns) == 0


def test_mcts_bot_plays_a_deal() -> None:
    """OpenSpiel's MCTS bot (which searches the true state) also plays deals to the end."""
    game = load(Rules(nines=False))
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bots = [
        mcts.MCTSBot(game, 2.0, 4, evaluator, random_state=np.random.RandomState(seat))
        for seat in range(4)
    ]
    assert sum(play_bots(game, bots, np.random.RandomState(9))) == 0


def test_playthrough_regenerates_identically() -> None:
    """The stored playthrough, made by OpenSpiel's playthrough tool, comes out the same again.

    After a deliberate change of the game's strings or tensors, write it anew with
    ``python tests/test_adapters_openspiel.py`` and review the difference.
    """
    stored = gzip.decompress(PLAYTHROUGH.read_bytes()).decode("utf-8")
    with untraced():
        fresh = playthrough.playthrough(PLAYTHROUGH_GAME, None, seed=PLAYTHROUGH_SEED)
    assert fresh == stored
    # OpenSpiel's replay: the recorded action ids, applied again, give the same text.
    applied = [
        int(line[len("action: ") :]) for line in stored.splitlines() if line.startswith("action: ")
    ]
    assert len(applied) > 48
    with untraced():
        replayed = playthrough.playthrough(PLAYTHROUGH_GAME, applied)
    assert replayed == stored


def test_public_and_private_observations() -> None:
    """The factored observations: the public part is the same for every seat, the private
    part holds the seat's own cards (SPEC §6.1)."""
    game = load()
    public = make_observation(
        game,
        pyspiel.IIGObservationType(
            public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
        ),
    )
    private = make_observation(
        game,
        pyspiel.IIGObservationType(
            public_info=False,
            perfect_recall=False,
            private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER,
        ),
    )
    state = play_randomly(game.new_initial_state(), random.Random(8), stop=9)
    strings = {public.string_from(state, seat) for seat in range(4)}
    tensors = set()
    for seat in range(4):
        public.set_from(state, seat)
        tensors.add(public.tensor.tobytes())
        assert str(state.deal.hands[seat]) not in public.string_from(state, seat)
        assert str(state.deal.hands[seat]) in private.string_from(state, seat)
        private.set_from(state, seat)
        assert private.dict["hand"].sum() == len(state.deal.hands[seat])
    assert len(strings) == 1
    assert len(tensors) == 1
    assert "hand" not in public.dict
    dealing = game.new_initial_state()
    dealing.apply_action(3)
    assert public.string_from(dealing, 0) == "dealing, 1 cards dealt"
    assert private.string_from(dealing, 0) == "seat 0 hand: ♣K"
    assert "hand: ♣K" in dealing.observation_string(0)


def test_observer_refuses_what_it_cannot_observe() -> None:
    game = load()
    with pytest.raises(ValueError, match="no parameters"):
        game.make_py_observer(None, {"x": 1})
    with pytest.raises(ValueError, match="observed are"):
        game.make_py_observer(
            pyspiel.IIGObservationType(
                public_info=True,
                perfect_recall=False,
                private_info=pyspiel.PrivateInfoType.ALL_PLAYERS,
            ),
            None,
        )
    with pytest.raises(DoppelkopfError):
        game_parameters("ddv")  # type: ignore[arg-type]


def test_action_strings() -> None:
    game = load(Rules(armut=True))
    state = play_randomly(game.new_initial_state(), random.Random(1), stop=0)
    assert state.action_to_string(0, 0) == "seat 0: ♣9"
    assert state.action_to_string(0, encoding.EXCHANGE_BASE) == "seat 0: exchange ♣9 ♣9 ♣J"
    assert game.new_initial_state().action_to_string(pyspiel.PlayerId.CHANCE, 23) == "deal ♦A"


def state_of(game: Any, deal: Deal) -> Any:
    """The OpenSpiel state of ``deal``: its hands dealt card by card, then its history."""
    state = game.new_initial_state()
    hands = [[card.index for card in hand] for hand in deal.dealt]
    for k in range(len(deal.rules.deck)):
        state.apply_action(hands[k % 4][k // 4])
    for event in deal.history:
        state.apply_action(encoding.encode_action(event.as_action()))
    return state


def test_resample_through_the_armut_exchange() -> None:
    """Every seat resamples to its own information state at each step of an exchange,
    the poor player and the acceptor seeing the cards, the others not (V§6.7)."""
    rules = Rules(armut=True)
    game = load(rules)
    sampler = pyspiel.UniformProbabilitySampler(3, 0.0, 1.0)
    rng = random.Random(0)
    checked: set[Phase] = set()
    for seed in range(300):
        deal = Deal.shuffled(seed=seed, rules=rules)
        while deal.phase is Phase.RESERVATIONS:
            actions = encoding.turn_actions(deal)
            poverty = [a for a in actions if getattr(a, "reservation", None) is Reservation.POVERTY]
            healthy = [a for a in actions if a == Declare(a.seat, Reservation.HEALTHY)]
            deal = deal.apply((poverty or healthy)[0])
        while deal.phase in (Phase.POVERTY_PASS, Phase.POVERTY_OFFER, Phase.POVERTY_RETURN) or (
            deal.phase is Phase.PLAY and deal.moment < 2 and Phase.POVERTY_RETURN in checked
        ):
            state = state_of(game, deal)
            for seat in range(4):
                world = state.resample_from_infostate(seat, sampler)
                assert world.information_state_string(seat) == state.information_state_string(seat)
                assert world.deal.view(seat).key == deal.view(seat).key
            checked.add(deal.phase)
            deal = deal.apply(rng.choice(encoding.turn_actions(deal)))
        if {Phase.POVERTY_PASS, Phase.POVERTY_OFFER, Phase.POVERTY_RETURN} <= checked:
            break
    assert {Phase.POVERTY_PASS, Phase.POVERTY_OFFER, Phase.POVERTY_RETURN} <= checked


def test_states_serialize() -> None:
    """OpenSpiel's serialization of a Python state (its history and pickled attributes)
    gives the same state back, and its random simulation test passes with it."""
    game = load(Rules(armut=True))
    state = play_randomly(game.new_initial_state(), random.Random(6), stop=12)
    again = game.deserialize_state(state.serialize())
    assert again.deal == state.deal
    assert again.history() == state.history()
    assert again.information_state_string(1) == state.information_state_string(1)
    with untraced():
        pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("rules", RULE_SETS.values(), ids=RULE_SETS.keys())
@settings(max_examples=5)
@given(seed=st.integers(0, 2**32))
def test_masks_are_the_library_legal_actions(rules: Rules, seed: int) -> None:
    """At every decision the game's legal actions and mask are exactly the library's legal
    actions of the seat on turn, and applying an id applies its action."""
    rng = random.Random(seed)
    game = load(rules)
    state = play_randomly(game.new_initial_state(), rng, stop=0)
    size = encoding.num_actions(rules)
    while not state.is_terminal():
        deal = state.deal
        library = {
            a
            for a in deal.legal_actions
            if a.seat == deal.turn
            # One-step by default: no bare Vorbehalt (SPEC §3.2).
            and not (isinstance(a, Declare) and a.reservation is Reservation.VORBEHALT)
        }
        ids = state.legal_actions()
        assert {encoding.decode_action(i, deal.turn, deal.phase) for i in ids} == library
        mask = state.legal_actions_mask()
        assert len(mask) == size
        assert [i for i, legal in enumerate(mask) if legal] == ids
        action = rng.choice(ids)
        state.apply_action(action)
        assert state.deal == deal.apply(encoding.decode_action(action, deal.turn, deal.phase))


def test_max_score_bounds_the_extreme_deals() -> None:
    """Every party taking everything, under every pair of announcements, in a solo and in a
    normal game with every special point, scores within the declared bound (SPEC §12)."""
    from doppelkopf import Announcement, GameType
    from doppelkopf.scoring import DealSummary, PartyResult

    rules = Rules(karlchen_caught=True, fox_at_end=True)
    levels = [None, *Announcement]
    highest = 0
    for game_type, re_seats in ((GameType.QUEENS_SOLO, {0}), (GameType.NORMAL, {0, 1})):
        normal = game_type is GameType.NORMAL
        for winner_is_re in (True, False):
            for own, other in ((a, b) for a in levels for b in levels):
                all_of_it = PartyResult(
                    240,
                    12,
                    announcement=own,
                    doppelkopf=4 if normal else 0,
                    foxes_caught=2 if normal else 0,
                    karlchen=normal,
                    karlchen_caught=1 if normal else 0,
                )
                nothing = PartyResult(0, 0, announcement=other)
                re, kontra = (all_of_it, nothing) if winner_is_re else (nothing, all_of_it)
                summary = DealSummary(game_type, re_seats, re, kontra, rules=rules)
                highest = max(highest, *(abs(score) for score in settle(summary).scores))
    assert highest == 63
    assert highest <= MAX_SCORE


if __name__ == "__main__":
    text = playthrough.playthrough(PLAYTHROUGH_GAME, None, seed=PLAYTHROUGH_SEED)
    PLAYTHROUGH.write_bytes(gzip.compress(text.encode("utf-8"), 9, mtime=0))
    print(f"wrote {PLAYTHROUGH} ({len(text):,} characters)")
