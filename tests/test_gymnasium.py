"""The single-seat Gymnasium environment: Gymnasium's checker, seeds, rewards, masks, errors."""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deal_helpers import ADAPTER_RULE_SETS
from doppelkopf import (
    Announce,
    Deal,
    DoppelkopfError,
    HeuristicPlayer,
    IllegalActionError,
    InvalidTypeError,
    InvalidValueError,
    Phase,
    Player,
    PlayerView,
    RandomPlayer,
    Rules,
    WrongPhaseError,
    play_deal,
    settle,
)
from doppelkopf.deal import Action

pytest.importorskip("gymnasium", reason='Gymnasium is not installed: pip install ".[gymnasium]"')

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env

from doppelkopf.adapters import encoding
from doppelkopf.adapters import gymnasium as adapter
from doppelkopf.adapters.gymnasium import (
    ENV_ID,
    ILLEGAL_REWARD,
    DoppelkopfEnv,
    heuristic_opponents,
    random_opponents,
)
from doppelkopf.adapters.text import view_text

PRESETS = {name: Rules.preset(name) for name in ("ddv", "tournament", "xix")}


def roll(
    table: DoppelkopfEnv, seed: int, choose: Callable[[list[int]], int]
) -> tuple[list[Any], float]:
    """Play one deal from ``reset(seed=seed)``, checking the mask against the library at every
    decision; return what the learner saw and its last reward."""
    observation, info = table.reset(seed=seed)
    seen: list[Any] = [observation["observation"].tobytes(), info["seat"]]
    reward = 0.0
    terminated = False
    while not terminated:
        deal = table.deal
        assert deal.turn == table.learner == info["seat"]
        legal = encoding.action_ids(encoding.turn_actions(deal, two_step=table.two_step))
        assert list(np.flatnonzero(observation["action_mask"])) == legal
        assert info["action_mask"] is observation["action_mask"]
        assert table.observation_space.contains(observation)
        action = choose(legal)
        observation, reward, terminated, truncated, info = table.step(action)
        assert not truncated
        seen.extend((action, observation["observation"].tobytes(), reward))
        if not terminated:
            assert reward == 0
    assert not observation["action_mask"].any()
    assert table.deal.is_finished
    return seen, reward


def first(legal: list[int]) -> int:
    return legal[0]


# --- Gymnasium's own checks --------------------------------------------------------


@pytest.mark.parametrize("rules", [Rules.DDV, Rules.XIX], ids=["ddv", "xix"])
def test_check_env(rules: Rules, capsys: pytest.CaptureFixture[str]) -> None:
    """Gymnasium's environment checker passes without a warning, render modes included
    (it samples actions at random, which the environment ends the deal on)."""
    table = gymnasium.make(ENV_ID, rules=rules)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(table.unwrapped)
    assert [str(w.message) for w in caught] == []
    assert "hand:" in capsys.readouterr().out  # the "human" mode printed the view


def test_make_by_module_and_id() -> None:
    table = gymnasium.make(f"{adapter.__name__}:{ENV_ID}", seat=1, rules=Rules(nines=False))
    _, info = table.reset(seed=0)
    assert info["seat"] == 1
    assert isinstance(table.unwrapped, DoppelkopfEnv)
    assert table.unwrapped.rules == Rules(nines=False)
    assert gymnasium.spec(ENV_ID).entry_point == "doppelkopf.adapters.gymnasium:DoppelkopfEnv"


def test_registering_again_changes_nothing() -> None:
    """A second registration, as a reloaded module makes, finds the id registered and
    leaves it, without Gymnasium's warning (an error here)."""
    spec = gymnasium.spec(ENV_ID)
    adapter._register()
    assert gymnasium.spec(ENV_ID) is spec


# --- seeds ----------------------------------------------------------------------


def test_the_same_seed_plays_the_same_deal() -> None:
    one, two = DoppelkopfEnv(), DoppelkopfEnv()
    for seed in (5, 6):
        seen, reward = roll(one, seed, random.Random(seed).choice)
        again, reward_again = roll(two, seed, random.Random(seed).choice)
        assert (seen, reward) == (again, reward_again)
        assert one.deal == two.deal
    other, _ = roll(two, 7, random.Random(6).choice)
    assert other != seen
    # Without a seed the generators go on, alike in both.
    roll(two, 6, random.Random(6).choice)
    one.reset()
    two.reset()
    assert one.deal.history == two.deal.history
    assert one.deal.hands == two.deal.hands
    assert one.learner == two.learner


def test_a_seed_deals_the_cards_of_the_pettingzoo_environment() -> None:
    table = DoppelkopfEnv(opponents=random_opponents)
    table.reset(seed=12)
    start = Deal.shuffled(rng=random.Random(12))
    assert table.deal.hands[table.learner] == start.hands[table.learner]
    assert start.replay(table.deal.history) == table.deal
    table.reset(seed=13)
    assert Deal.shuffled(rng=random.Random(13)).replay(table.deal.history) == table.deal


def test_seats_are_drawn_per_reset_unless_fixed() -> None:
    drawn = DoppelkopfEnv(opponents=random_opponents)
    seats = {drawn.reset(seed=seed)[1]["seat"] for seed in range(20)}
    assert seats == {0, 1, 2, 3}
    fixed = DoppelkopfEnv(seat=2, opponents=random_opponents)
    assert {fixed.reset(seed=seed)[1]["seat"] for seed in range(8)} == {2}
    assert fixed.reset(seed=0, options={"seat": 1})[1]["seat"] == 1
    assert fixed.deal.turn == 1
    assert fixed.reset(seed=0, options={})[1]["seat"] == 2


def test_a_sequence_of_library_bots_is_reseeded_at_each_reset() -> None:
    bots: list[Player] = [RandomPlayer(seed=1), HeuristicPlayer(seed=2), RandomPlayer(seed=3)]
    table = DoppelkopfEnv(seat=0, opponents=bots)
    seen, _ = roll(table, 3, first)
    for bot in bots:
        assert isinstance(bot, RandomPlayer | HeuristicPlayer)
        bot.rng.seed(99)  # disturbed between the deals: the reset reseeds them
    again, _ = roll(table, 3, first)
    assert seen == again


# --- against the library -----------------------------------------------------------


class Recorder:
    """A factory of opponents that remembers the seed it was given."""

    def __init__(self, make: Callable[[int], Sequence[Player]]) -> None:
        self.make = make
        self.seeds: list[int] = []

    def __call__(self, seed: int) -> Sequence[Player]:
        self.seeds.append(seed)
        return self.make(seed)


class Eager:
    """A player that announces only out of turn, whenever it may; on turn it takes its first
    legal action that is no announcement."""

    def act(self, view: PlayerView) -> Action | None:
        actions = view.legal_actions
        if view.turn == view.seat:
            return next(action for action in actions if not isinstance(action, Announce))
        return next((action for action in actions if isinstance(action, Announce)), None)


def eager_opponents(seed: int) -> list[Player]:
    return [Eager(), Eager(), Eager()]


@pytest.mark.parametrize("make", [heuristic_opponents, random_opponents, eager_opponents])
@pytest.mark.parametrize("rules", ADAPTER_RULE_SETS.values(), ids=ADAPTER_RULE_SETS.keys())
def test_a_deal_is_the_deal_play_deal_plays(
    rules: Rules, make: Callable[[int], Sequence[Player]]
) -> None:
    """With the learner choosing as a RandomPlayer (which never announces out of turn), the
    deal is the one :func:`play_deal` plays with the same players: the opponents are asked
    in the runner's order, announcements out of turn included."""
    for seed in range(3):
        recorder = Recorder(make)
        table = DoppelkopfEnv(rules, opponents=recorder)
        _, info = table.reset(seed=seed)
        learner = info["seat"]
        bot = RandomPlayer(seed=seed)
        terminated = False
        reward = 0.0
        while not terminated:
            action = bot.act(table.deal.view(learner))
            assert action is not None
            _, reward, terminated, _, info = table.step(encoding.encode_action(action))
        players: list[Player] = [RandomPlayer(seed=seed)] * 4
        for k, player in enumerate(make(recorder.seeds[-1])):
            players[(learner + 1 + k) % 4] = player
        expected = play_deal(Deal.shuffled(rng=random.Random(seed), rules=rules), players)
        assert table.deal == expected
        scores = settle(expected).scores if expected.phase is Phase.FINISHED else (0,) * 4
        assert reward == scores[learner]


@pytest.mark.parametrize("rules", ADAPTER_RULE_SETS.values(), ids=ADAPTER_RULE_SETS.keys())
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32), information_state=st.booleans(), two_step=st.booleans())
def test_masks_and_rewards(
    rules: Rules, seed: int, information_state: bool, two_step: bool
) -> None:
    """At every decision the mask is the learner's legal actions (checked in ``roll``); the
    reward is the learner's settled score of the deal rebuilt from the cards and history."""
    table = DoppelkopfEnv(
        rules,
        opponents=random_opponents if seed % 2 else heuristic_opponents,
        observation="information_state" if information_state else "observation",
        two_step=two_step,
    )
    rng = random.Random(seed)
    _, reward = roll(table, seed, rng.choice)
    rebuilt = Deal.shuffled(rng=random.Random(seed), rules=rules).replay(table.deal.history)
    assert rebuilt == table.deal
    if rebuilt.phase is Phase.FINISHED:
        assert reward == settle(rebuilt).scores[table.learner]
    else:
        assert reward == 0.0  # void (V§8)


@pytest.mark.parametrize("name", PRESETS)
def test_random_rollouts_under_every_preset(name: str) -> None:
    table = DoppelkopfEnv(PRESETS[name], opponents=random_opponents)
    rng = np.random.default_rng(len(name))
    total = 0.0
    for seed in range(15):
        _, reward = roll(table, seed, lambda legal: int(rng.choice(legal)))
        total += reward
    assert total != 0  # some deal was won or lost


def test_a_void_deal_ends_with_zero() -> None:
    """A deal thrown in (V§7, V§8) rewards 0, as in the PettingZoo environment."""
    rules = Rules(schmeissen={"nines5", "kings5", "nines4_kings4", "full7", "trumps1"})
    throws = range(encoding.DECLARE_BASE + 10, encoding.ANNOUNCE_BASE)
    table = DoppelkopfEnv(rules, seat=0, opponents=[Stubborn(), Stubborn(), Stubborn()])
    for seed in range(200):
        observation, _ = table.reset(seed=seed)
        offered = [i for i in throws if observation["action_mask"][i]]
        if offered:
            break
    else:
        pytest.fail("no throw offered to seat 0 in 200 deals")
    # The others are healthy, so the throw wins and the deal is void.
    _, reward, terminated, _, _ = table.step(offered[0])
    assert terminated
    assert table.deal.phase is not Phase.FINISHED
    assert reward == 0.0


# --- illegal and bad actions -----------------------------------------------------


def test_an_illegal_action_ends_the_deal() -> None:
    table = DoppelkopfEnv(seat=0, opponents=random_opponents)
    table.reset(seed=1)
    observation, reward, terminated, truncated, info = table.step(25)  # a marriage
    assert (reward, terminated, truncated) == (ILLEGAL_REWARD, True, False)
    assert "§3.2" in info["illegal_action"]
    assert not observation["action_mask"].any()
    with pytest.raises(WrongPhaseError, match="over"):
        table.step(24)


def test_an_exchange_id_outside_the_exchange_ends_the_deal() -> None:
    table = DoppelkopfEnv(Rules(armut=True), seat=0, opponents=random_opponents)
    table.reset(seed=1)
    _, reward, terminated, _, info = table.step(100)
    assert (reward, terminated) == (ILLEGAL_REWARD, True)
    assert "V§6.3" in info["illegal_action"]
    strict = DoppelkopfEnv(Rules(armut=True), seat=0, illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(InvalidValueError, match=r"V§6\.3"):
        strict.step(100)


def test_illegal_actions_raise_when_asked_and_change_nothing() -> None:
    table = DoppelkopfEnv(seat=0, opponents=random_opponents, illegal="raise")
    table.reset(seed=1)
    before = table.deal
    with pytest.raises(IllegalActionError, match=r"§3\.2"):
        table.step(25)
    assert table.deal is before
    _, _, terminated, _, info = table.step(24)  # healthy, legal: the deal goes on
    assert not terminated
    assert info["action_mask"][encoding.ANNOUNCE_BASE]  # seat 0 leads and may say Re
    table.step(encoding.ANNOUNCE_BASE)
    announced = table.deal
    # The rules take a repeated announcement (SPEC §8.6a); the environment offers none.
    with pytest.raises(IllegalActionError, match="may not take action 39"):
        table.step(encoding.ANNOUNCE_BASE)
    assert table.deal is announced


@pytest.mark.parametrize(
    ("action", "error"),
    [
        (True, InvalidTypeError),
        (24.0, InvalidTypeError),
        (np.float64(24.0), InvalidTypeError),
        ("24", InvalidTypeError),
        (None, InvalidTypeError),
        (-1, InvalidValueError),
        (46, InvalidValueError),
        (encoding.TWO_STEP_BASE, InvalidValueError),  # the bare Vorbehalt without two_step
        (10**5000, InvalidValueError),
    ],
    ids=["True", "float", "float64", "text", "None", "-1", "46", "vorbehalt", "huge"],
)
def test_actions_outside_the_space_raise(action: object, error: type[DoppelkopfError]) -> None:
    table = DoppelkopfEnv(seat=0, opponents=random_opponents)
    table.reset(seed=1)
    before = table.deal
    assert not table.action_space.contains(action)
    with pytest.raises(error):
        table.step(action)  # type: ignore[arg-type]
    assert table.deal is before
    assert table.step(np.int64(24))[2] is False


# --- opponents that misbehave ------------------------------------------------------


class Stubborn:
    """A player that always plays its first legal action, or a fixed wrong answer."""

    def __init__(self, wrong: object = None) -> None:
        self.wrong = wrong

    def act(self, view: PlayerView) -> Action | None:
        if view.turn != view.seat:
            return None
        if self.wrong is not None:
            return self.wrong  # type: ignore[return-value]
        return view.legal_actions[0]


def test_an_opponent_error_names_its_seat_and_changes_nothing() -> None:
    table = DoppelkopfEnv(seat=0, opponents=[Stubborn(), Stubborn("healthy"), Stubborn()])
    table.reset(seed=2)
    before = table.deal
    with pytest.raises(InvalidTypeError, match="seat 2"):
        table.step(24)
    assert table.deal is before
    silent = DoppelkopfEnv(seat=3, opponents=[Stubborn(), Stubborn(), _Silent()])
    with pytest.raises(IllegalActionError, match="seat 2: the player returned no action"):
        silent.reset(seed=0)


class _Silent:
    def act(self, view: PlayerView) -> Action | None:
        return None


@pytest.mark.parametrize(
    ("made", "error"),
    [
        ([RandomPlayer(), RandomPlayer()], InvalidValueError),
        ("abc", InvalidTypeError),
        ([RandomPlayer(), RandomPlayer(), object()], InvalidTypeError),
        (None, InvalidTypeError),
    ],
    ids=["two", "text", "no player", "None"],
)
def test_a_factory_must_make_three_players(made: object, error: type[DoppelkopfError]) -> None:
    table = DoppelkopfEnv(opponents=lambda seed: made)  # type: ignore[arg-type]
    with pytest.raises(error, match="the opponents returned"):
        table.reset(seed=0)
    with pytest.raises(WrongPhaseError, match="reset"):
        table.deal  # noqa: B018 - the failed reset dealt nothing


# --- bad arguments -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "error"),
    [
        ({"rules": "ddv"}, InvalidTypeError),
        ({"seat": 4}, InvalidValueError),
        ({"seat": True}, InvalidTypeError),
        ({"seat": "0"}, InvalidTypeError),
        ({"opponents": [RandomPlayer()] * 4}, InvalidValueError),
        ({"opponents": RandomPlayer()}, InvalidTypeError),
        ({"opponents": "rrr"}, InvalidTypeError),
        ({"opponents": [RandomPlayer(), RandomPlayer(), 3]}, InvalidTypeError),
        ({"observation": "tensor"}, InvalidValueError),
        ({"observation": 1}, InvalidTypeError),
        ({"two_step": 1}, InvalidTypeError),
        ({"illegal": "ignore"}, InvalidValueError),
        ({"illegal": None}, InvalidTypeError),
        ({"render_mode": "rgb_array"}, InvalidValueError),
        ({"render_mode": b"ansi"}, InvalidTypeError),
        ({"ascii": "yes"}, InvalidTypeError),
    ],
)
def test_bad_options_raise(options: dict[str, Any], error: type[DoppelkopfError]) -> None:
    with pytest.raises(error):
        DoppelkopfEnv(**options)


@pytest.mark.parametrize(
    ("arguments", "error"),
    [
        ({"seed": -1}, InvalidValueError),
        ({"seed": True}, InvalidTypeError),
        ({"seed": 1.0}, InvalidTypeError),
        ({"seed": "1"}, InvalidTypeError),
        ({"options": []}, InvalidTypeError),
        ({"options": {"dealer": 1}}, InvalidValueError),
        ({"options": {"seat": 4}}, InvalidValueError),
        ({"options": {"seat": None}}, InvalidTypeError),
    ],
)
def test_bad_resets_raise(arguments: dict[str, Any], error: type[DoppelkopfError]) -> None:
    table = DoppelkopfEnv()
    with pytest.raises(error):
        table.reset(**arguments)
    with pytest.raises(WrongPhaseError):
        table.learner  # noqa: B018 - nothing dealt


def test_before_the_first_reset() -> None:
    table = DoppelkopfEnv(render_mode="ansi")
    with pytest.raises(WrongPhaseError, match="reset"):
        table.step(24)
    with pytest.raises(WrongPhaseError, match="reset"):
        table.render()
    with pytest.raises(WrongPhaseError, match="reset"):
        table.learner  # noqa: B018


@pytest.mark.parametrize("make", [heuristic_opponents, random_opponents])
def test_opponent_factories_take_an_int_seed(make: Callable[[int], Sequence[Player]]) -> None:
    assert len(make(2**70)) == 3
    with pytest.raises(InvalidTypeError):
        make("1")  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError):
        make(True)


# --- spaces and pictures ---------------------------------------------------------


def test_spaces() -> None:
    table = DoppelkopfEnv(Rules.XIX, observation="information_state")
    assert table.action_space.n == encoding.NUM_ACTIONS
    assert table.observation_space["observation"].shape == (encoding.INFORMATION_STATE_SIZE,)
    assert table.observation_space["action_mask"].shape == (encoding.NUM_ACTIONS,)
    two_step = DoppelkopfEnv(two_step=True, seat=0)
    observation, _ = two_step.reset(seed=0)
    assert two_step.action_space.n == encoding.NUM_ACTIONS_TWO_STEP
    assert observation["action_mask"][encoding.TWO_STEP_BASE]  # the bare Vorbehalt
    assert DoppelkopfEnv().observation_space["observation"].shape == (encoding.OBSERVATION_SIZE,)


def test_render(capsys: pytest.CaptureFixture[str]) -> None:
    table = DoppelkopfEnv(seat=1, render_mode="ansi", ascii=True)
    table.reset(seed=2)
    assert table.render() == view_text(table.deal.view(1), ascii=True)
    assert DoppelkopfEnv().render() is None
    human = DoppelkopfEnv(seat=1, render_mode="human")
    human.reset(seed=2)
    human.step(24)
    printed = capsys.readouterr().out
    assert printed.endswith("\n" + view_text(human.deal.view(1)) + "\n")
    assert printed.count("seat 1, dealer seat 3") == 2  # after the reset and the step
    human.close()
