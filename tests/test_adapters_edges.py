"""The adapters at their edges: bad parameters, ids, seats and types, and a hostile sweep.

Every value an adapter's own code receives is checked there and refused with a
:class:`~doppelkopf.DoppelkopfError`.  What the frameworks check themselves
before the adapter sees it follows their own conventions, which the sweep
admits by name: OpenSpiel's C++ layer (pybind11's ``TypeError`` for an argument
of the wrong type, ``pyspiel.SpielError`` for its own checks) and PettingZoo's
``AssertOutOfBoundsWrapper`` (an ``AssertionError`` for an action outside the
action space) in ``env()``.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import itertools
import math
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from doppelkopf import Card, Deal, Rules
from doppelkopf.errors import (
    DoppelkopfError,
    IllegalActionError,
    InvalidRulesError,
    InvalidTypeError,
    InvalidValueError,
    WrongPhaseError,
)

needs_openspiel = pytest.mark.skipif(
    importlib.util.find_spec("pyspiel") is None,
    reason='OpenSpiel is not installed: pip install ".[openspiel]"',
)
needs_pettingzoo = pytest.mark.skipif(
    importlib.util.find_spec("pettingzoo") is None,
    reason='PettingZoo is not installed: pip install ".[pettingzoo]"',
)

PAGES = Path(__file__).resolve().parent.parent / "docs" / "adapters"

# --- OpenSpiel ------------------------------------------------------------------


def _game(text: str = "python_doppelkopf") -> Any:
    import pyspiel

    import doppelkopf.adapters.openspiel  # noqa: F401 - registers the game

    return pyspiel.load_game(text)


def _dealt(game: Any, seed: int = 1) -> Any:
    """A state with every card dealt, seat 0 on turn."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes, weights = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, weights)[0])
    return state


def _finished(game: Any, seed: int = 1) -> Any:
    rng = random.Random(seed)
    state = _dealt(game, seed)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@needs_openspiel
def test_a_bad_owing_parameter_is_named() -> None:
    with pytest.raises(InvalidValueError, match="game parameter owing must be digits"):
        _game("python_doppelkopf(owing=x)")
    from doppelkopf.adapters.openspiel import DoppelkopfGame, rules_from_parameters

    with pytest.raises(InvalidTypeError, match="game parameter owing must be a str"):
        DoppelkopfGame({"owing": 5})
    with pytest.raises(InvalidTypeError, match="game parameter nines must be a bool"):
        rules_from_parameters({"nines": "no"})
    with pytest.raises(InvalidRulesError, match="unknown game parameter 'colour'"):
        DoppelkopfGame({"colour": "red"})
    with pytest.raises(InvalidTypeError, match="params must be a dict"):
        DoppelkopfGame([("nines", False)])  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match="an int of 5001 digits"):
        DoppelkopfGame({"schmeissen": 10**5000})


@needs_openspiel
def test_game_parameters_checks_the_deal_options() -> None:
    from doppelkopf.adapters.openspiel import game_parameters

    compulsory = Rules(compulsory_solo=True)
    assert game_parameters(compulsory, owing=(3, 1))["owing"] == "13"
    with pytest.raises(InvalidValueError, match="dealer must be 0-3"):
        game_parameters(dealer=9)
    with pytest.raises(InvalidTypeError, match="owing must be an iterable"):
        game_parameters(compulsory, owing=5)  # type: ignore[arg-type]
    with pytest.raises(InvalidValueError, match="a seat of owing must be 0-3"):
        game_parameters(compulsory, owing=[12])
    with pytest.raises(InvalidTypeError, match="forced must be True or False"):
        game_parameters(forced="yes")  # type: ignore[arg-type]


@needs_openspiel
def test_no_action_after_the_deal_is_over() -> None:
    state = _finished(_game())
    history = state.history()
    with pytest.raises(WrongPhaseError, match="the deal is over"):
        state.apply_action(24)
    assert state.history() == history
    assert state.is_terminal()


@needs_openspiel
def test_action_ids_outside_the_game_are_refused() -> None:
    game = _game()  # without the Armut: ids 0-45
    state = _dealt(game)
    for action in (46, 2621, 10**6):
        with pytest.raises(InvalidValueError, match="action ids of this game are 0-45"):
            state.apply_action(action)
        with pytest.raises(InvalidValueError, match="action ids of this game are 0-45"):
            state.action_to_string(0, action)
    assert len(state.history()) == 48


@needs_openspiel
def test_chance_action_strings_refuse_ids_of_no_card() -> None:
    import pyspiel

    state = _game().new_initial_state()
    chance = int(pyspiel.PlayerId.CHANCE)
    assert state.action_to_string(chance, 0) == "deal ♣9"
    assert state.action_to_string(chance, 23) == "deal ♦A"
    for action in (24, -1, -24, 10**6):
        with pytest.raises(InvalidValueError, match="card index 0-23"):
            state.action_to_string(chance, action)
    for player in (4, -4, 99):
        with pytest.raises(InvalidValueError, match="player must be 0-3"):
            state.action_to_string(player, 24)


@needs_openspiel
def test_the_state_s_own_methods_check_the_player_and_kind() -> None:
    state = _dealt(_game())
    calls: list[Callable[[object], object]] = [
        lambda player: state.tensor_ones(player, "observation"),
        state.observation_text,
        state.information_state_text,
        lambda player: state.resample_from_infostate(player, lambda: 0.5),
    ]
    for player in (4, -1, True, "0", None, 10**5000):
        for call in calls:
            with pytest.raises(DoppelkopfError, match="player"):
                call(player)
    with pytest.raises(InvalidValueError, match="kind must be"):
        state.tensor_ones(0, "tensor")
    with pytest.raises(InvalidValueError, match="kind must be"):
        state.observation_text(0, "information_state")
    with pytest.raises(InvalidTypeError, match="probability_sampler must be a callable"):
        state.resample_from_infostate(0, 0.5)
    for draw in (1.5, -0.1, math.nan):
        with pytest.raises(InvalidValueError, match="a number 0-1"):
            state.resample_from_infostate(0, lambda draw=draw: draw)
    with pytest.raises(InvalidTypeError):
        state.resample_from_infostate(0, lambda: "0.5")


@needs_openspiel
def test_the_observer_checks_its_arguments() -> None:
    import pyspiel

    game = _game()
    with pytest.raises(InvalidTypeError, match="iig_obs_type must be"):
        game.make_py_observer("perfect recall")
    with pytest.raises(InvalidValueError, match="takes no parameters") as raised:
        game.make_py_observer(None, {"colour": "red"})
    assert isinstance(raised.value, ValueError)  # as OpenSpiel's Python games raise
    with pytest.raises(InvalidTypeError, match="params must be a dict"):
        game.make_py_observer(None, ["colour"])
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    state = _dealt(game)
    with pytest.raises(InvalidTypeError, match="state must be a DoppelkopfState"):
        observer.set_from("state", 0)
    with pytest.raises(InvalidTypeError, match="state must be a DoppelkopfState"):
        observer.string_from(None, 0)
    observer.set_from(state, 1)
    before = observer.tensor.copy()
    with pytest.raises(InvalidValueError, match="player must be 0-3"):
        observer.set_from(state, 4)
    assert (observer.tensor == before).all()  # the tensor of seat 1 is kept


@needs_openspiel
def test_undo_is_left_to_openspiel_which_refuses_it() -> None:
    """OpenSpiel's Python games cannot undo: the C++ state behind them keeps the history,
    and ``undo_action`` is not forwarded to Python, so OpenSpiel refuses it."""
    import pyspiel

    state = _dealt(_game())
    state.apply_action(24)
    with pytest.raises(pyspiel.SpielError, match="UndoAction"):
        state.undo_action(0, 24)
    assert state.history()[-1] == 24
    page = (PAGES / "openspiel.rst").read_text(encoding="utf-8")
    assert not re.search(r"checks[^.]*\bundo\b", page)  # the consistency check does not
    assert "undo_action" in page


# --- PettingZoo -----------------------------------------------------------------


def _raw(**options: Any) -> Any:
    from doppelkopf.adapters.pettingzoo import raw_env

    table = raw_env(**options)
    table.reset(seed=1)
    return table


@needs_pettingzoo
@pytest.mark.parametrize(
    ("action", "error", "words"),
    [
        ("x", InvalidTypeError, "action must be an int action id, not str 'x'"),
        (math.nan, InvalidTypeError, "not float nan"),
        pytest.param(10**5000, InvalidValueError, "not an int of 5001 digits", id="huge"),
        (np.float64(24.7), InvalidTypeError, "not float64"),
        (np.float64(24.0), InvalidTypeError, "not float64"),
        (24.0, InvalidTypeError, "not float 24.0"),
        (True, InvalidTypeError, "not bool True"),
        (None, InvalidTypeError, "not None"),
        (-1, InvalidValueError, "the action ids are 0-45, not -1"),
        (46, InvalidValueError, "the action ids are 0-45, not 46"),
    ],
)
def test_step_refuses_what_is_no_action_id(action: object, error: type, words: str) -> None:
    table = _raw()
    deal = table.deal
    with pytest.raises(error) as raised:
        table.step(action)
    assert words in str(raised.value)
    assert len(str(raised.value)) < 200
    assert table.deal is deal
    assert table.agent_selection == "seat_0"


@needs_pettingzoo
def test_step_takes_numpy_integers() -> None:
    table = _raw()
    table.step(np.int64(24))
    assert table.agent_selection == "seat_1"
    table.step(np.uint8(24))
    assert table.agent_selection == "seat_2"


@needs_pettingzoo
def test_an_illegal_action_of_the_raw_env_names_its_rule() -> None:
    table = _raw()
    legal = set(np.flatnonzero(table.observe("seat_0")["action_mask"]).tolist())
    assert 25 not in legal  # seat 0 of seed 1 holds no marriage
    with pytest.raises(IllegalActionError, match=r"§3\.2|V§"):
        table.step(25)
    card = next(i for i in range(24) if i not in legal)
    with pytest.raises(IllegalActionError):
        table.step(card)  # a card during the reservation round
    assert table.deal == Deal.shuffled(rng=random.Random(1))


@needs_pettingzoo
def test_after_the_deal_only_none_steps() -> None:
    table = _raw()
    while not all(table.terminations.values()):
        mask = table.observe(table.agent_selection)["action_mask"]
        table.step(int(np.flatnonzero(mask)[0]))
    with pytest.raises(InvalidValueError, match="its only action is None") as raised:
        table.step(0)
    assert isinstance(raised.value, ValueError)  # as PettingZoo raises for a dead step
    table.step(None)


@needs_pettingzoo
def test_agents_and_options_are_checked() -> None:
    from doppelkopf.adapters.pettingzoo import DoppelkopfEnv

    table = _raw()
    for agent in ("seat_9", "seat_0 ", ""):
        for call in (table.observe, table.action_space, table.observation_space):
            with pytest.raises(InvalidValueError, match="the agents are seat_0 to seat_3"):
                call(agent)
    with pytest.raises(InvalidTypeError, match="agent must be a str"):
        table.observe(0)
    with pytest.raises(InvalidTypeError, match="owing must be an iterable of seats"):
        DoppelkopfEnv(owing=5)  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match="information_state must be True or False"):
        DoppelkopfEnv(information_state="yes")  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match="ascii must be True or False"):
        DoppelkopfEnv(ascii=1)  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match="rules must be a Rules value"):
        DoppelkopfEnv("ddv")  # type: ignore[arg-type]
    with pytest.raises(InvalidValueError, match="render_mode must be"):
        DoppelkopfEnv(render_mode=np.zeros(2))  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match="seed must be an int or None"):
        table.reset(seed="1")
    with pytest.raises(InvalidTypeError, match="options must be a dict or None"):
        table.reset(options=["x"])
    table.reset(seed=2, options={"ignored": 1})


@needs_pettingzoo
def test_env_ends_the_deal_on_an_illegal_action(caplog: pytest.LogCaptureFixture) -> None:
    """PettingZoo's classic games: the seat taking an illegal action loses, the others get 0."""
    from doppelkopf.adapters.pettingzoo import ILLEGAL_REWARD, env

    table = env()
    table.reset(seed=1)
    deal = table.unwrapped.deal
    table.step(25)
    assert "Illegal move" in caplog.text  # PettingZoo logs it
    assert table.unwrapped.deal is deal  # nothing applied
    assert all(table.terminations.values())
    assert table.rewards == {"seat_0": ILLEGAL_REWARD, "seat_1": 0, "seat_2": 0, "seat_3": 0}
    totals = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        _, reward, termination, _, _ = table.last()
        totals[agent] += reward
        assert termination
        table.step(None)
    assert totals["seat_0"] == ILLEGAL_REWARD
    assert ILLEGAL_REWARD < -63  # below any settled score (SPEC §12)


@needs_pettingzoo
@pytest.mark.parametrize(
    "action",
    [True, np.float64(24.0), 46, -1, 10**5000, "24", None],
    ids=["True", "float64", "46", "-1", "huge", "text", "None"],
)
def test_env_asserts_the_action_space(action: object) -> None:
    from doppelkopf.adapters.pettingzoo import env

    table = env()
    table.reset(seed=1)
    with pytest.raises(AssertionError, match="action is not in action space"):
        table.step(action)
    assert not any(table.terminations.values())
    assert table.agent_selection == "seat_0"


# --- the hostile sweep ----------------------------------------------------------


class _Unprintable:
    """An object whose ``repr`` and ``str`` raise."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr")

    def __str__(self) -> str:
        raise RuntimeError("no str")


def _recursive() -> list[object]:
    items: list[object] = []
    items.append(items)
    return items


HOSTILE: list[tuple[str, object]] = [
    ("None", None),
    ("True", True),
    ("False", False),
    ("1.5", 1.5),
    ("24.0", 24.0),
    ("nan", math.nan),
    ("inf", math.inf),
    ("-inf", -math.inf),
    ("10**5000", 10**5000),
    ("-(10**5000)", -(10**5000)),
    ("-1", -1),
    ("4", 4),
    ("99", 99),
    ("2**64", 2**64),
    ("-(2**63)", -(2**63)),
    ("'x'", "x"),
    ("''", ""),
    ("'seat_9'", "seat_9"),
    ("b'x'", b"x"),
    ("[]", []),
    ("{}", {}),
    ("object()", object()),
    ("np.float64(24.7)", np.float64(24.7)),
    ("np.float64(nan)", np.float64(math.nan)),
    ("np.int64(3)", np.int64(3)),
    ("np.int64(-1)", np.int64(-1)),
    ("np.uint64(2**64 - 1)", np.uint64(2**64 - 1)),
    ("np.bool_(True)", np.bool_(True)),
    ("np.zeros(2)", np.zeros(2)),
    ("1+0j", 1 + 0j),
    ("'x' * 100_000", "x" * 100_000),
    ("lone surrogate", "\ud800"),
    ("bytearray", bytearray(b"x")),
    ("()", ()),
    ("set()", set()),
    ("[[[]]]", [[[]]]),
    ("[None] * 4", [None] * 4),
    ("range(5)", range(5)),
    ("recursive list", _recursive()),
    ("Card", Card.parse("♣Q")),
    ("Deal", Deal.shuffled(seed=1)),
    ("lambda", lambda *args: None),
    ("type int", int),
    ("unprintable", _Unprintable()),
]
"""The bad values: wrong types, huge and negative numbers, ids and seats out of range,
text, containers, the library's own values, callables and an object whose ``repr``
raises."""


def _shared_points() -> list[tuple[str, Callable[[Any], object]]]:
    """The entry points of the encoding and the text pictures, which need no framework."""
    from doppelkopf import Phase

    encoding: Any = importlib.import_module("doppelkopf.adapters.encoding")
    text: Any = importlib.import_module("doppelkopf.adapters.text")

    deal = Deal.shuffled(seed=1)
    view = deal.view(0)
    return [
        ("encoding.num_actions(v)", encoding.num_actions),
        ("encoding.encode_action(v)", encoding.encode_action),
        ("encoding.decode_action(v, 0, phase)", lambda v: encoding.decode_action(v, 0, Phase.PLAY)),
        ("encoding.decode_action(0, v, phase)", lambda v: encoding.decode_action(0, v, Phase.PLAY)),
        ("encoding.decode_action(50, 0, v)", lambda v: encoding.decode_action(50, 0, v)),
        ("encoding.decode_action(0, 0, v)", lambda v: encoding.decode_action(0, 0, v)),
        ("encoding.turn_actions(v)", encoding.turn_actions),
        ("encoding.action_ids(v)", encoding.action_ids),
        ("encoding.action_ids([v])", lambda v: encoding.action_ids([v])),
        ("encoding.offsets(v)", encoding.offsets),
        ("encoding.offsets([('x', v)])", lambda v: encoding.offsets([("x", v)])),
        ("encoding.dealing_indices(v, 3, [])", lambda v: encoding.dealing_indices(v, 3, [])),
        ("encoding.dealing_indices(0, v, [])", lambda v: encoding.dealing_indices(0, v, [])),
        ("encoding.dealing_indices(0, 3, v)", lambda v: encoding.dealing_indices(0, 3, v)),
        ("encoding.observation_indices(v)", encoding.observation_indices),
        ("encoding.information_state_indices(v)", encoding.information_state_indices),
        ("text.cards_text(v)", text.cards_text),
        ("text.cards_text([v])", lambda v: text.cards_text([v])),
        ("text.cards_text([], ascii=v)", lambda v: text.cards_text([], ascii=v)),
        ("text.event_text(v)", text.event_text),
        ("text.view_text(v)", text.view_text),
        ("text.view_text(view, ascii=v)", lambda v: text.view_text(view, ascii=v)),
        ("text.public_text(v)", text.public_text),
        ("text.private_text(v)", text.private_text),
        ("text.deal_text(v)", text.deal_text),
        ("text.deal_text(deal, ascii=v)", lambda v: text.deal_text(deal, ascii=v)),
    ]


def test_hostile_values_through_the_encoding_and_the_text() -> None:
    """Only library errors escape the shared encoding and text functions."""
    escaped: list[str] = []
    for name, call in _shared_points():
        for label, value in HOSTILE:
            try:
                call(value)
            except DoppelkopfError:
                pass
            except Exception as error:
                escaped.append(f"{name} v={label}: {type(error).__name__}")
    assert not escaped, "\n".join(escaped)


# OpenSpiel's conventions at its C++ layer: an argument pybind11 cannot convert
# raises its TypeError, and OpenSpiel's own checks raise pyspiel.SpielError.
_PYBIND = "incompatible function arguments"


def _openspiel_points() -> list[tuple[str, bool, Callable[[Any, Any, object], object]]]:
    """(name, whether it passes OpenSpiel's C++ layer first, call(game, state, value))."""
    adapter: Any = importlib.import_module("doppelkopf.adapters.openspiel")

    def observer(game: Any, kind: bool) -> Any:
        import pyspiel

        return game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=kind))

    return [
        ("state.apply_action(v)", True, lambda g, s, v: s.apply_action(v)),
        ("state.child(v)", True, lambda g, s, v: s.child(v)),
        ("state.action_to_string(0, v)", True, lambda g, s, v: s.action_to_string(0, v)),
        ("state.action_to_string(-1, v)", True, lambda g, s, v: s.action_to_string(-1, v)),
        ("state.action_to_string(v, 24)", True, lambda g, s, v: s.action_to_string(v, 24)),
        ("state.legal_actions(v)", True, lambda g, s, v: s.legal_actions(v)),
        ("state.information_state_string(v)", True, lambda g, s, v: s.information_state_string(v)),
        ("state.information_state_tensor(v)", True, lambda g, s, v: s.information_state_tensor(v)),
        ("state.observation_string(v)", True, lambda g, s, v: s.observation_string(v)),
        ("state.observation_tensor(v)", True, lambda g, s, v: s.observation_tensor(v)),
        ("state.player_return(v)", True, lambda g, s, v: s.player_return(v)),
        ("state.undo_action(0, v)", True, lambda g, s, v: s.undo_action(0, v)),
        ("state.tensor_ones(v, 'public')", False, lambda g, s, v: s.tensor_ones(v, "public")),
        ("state.tensor_ones(0, v)", False, lambda g, s, v: s.tensor_ones(0, v)),
        ("state.observation_text(v)", False, lambda g, s, v: s.observation_text(v)),
        ("state.observation_text(0, v)", False, lambda g, s, v: s.observation_text(0, v)),
        ("state.information_state_text(v)", False, lambda g, s, v: s.information_state_text(v)),
        (
            "state.resample_from_infostate(v, sampler)",
            False,
            lambda g, s, v: s.resample_from_infostate(v, lambda: 0.5),
        ),
        (
            "state.resample_from_infostate(0, v)",
            False,
            lambda g, s, v: s.resample_from_infostate(0, v),
        ),
        (
            "state.resample_from_infostate(0, lambda: v)",
            False,
            lambda g, s, v: s.resample_from_infostate(0, lambda: v),
        ),
        ("game.make_py_observer(v)", False, lambda g, s, v: g.make_py_observer(v)),
        ("game.make_py_observer(None, v)", False, lambda g, s, v: g.make_py_observer(None, v)),
        ("observer.set_from(v, 0)", False, lambda g, s, v: observer(g, True).set_from(v, 0)),
        ("observer.set_from(state, v)", False, lambda g, s, v: observer(g, False).set_from(s, v)),
        ("observer.string_from(v, 0)", False, lambda g, s, v: observer(g, True).string_from(v, 0)),
        (
            "observer.string_from(state, v)",
            False,
            lambda g, s, v: observer(g, False).string_from(s, v),
        ),
        ("DoppelkopfGame(v)", False, lambda g, s, v: adapter.DoppelkopfGame(v)),
        *(
            (
                f"DoppelkopfGame({{{name!r}: v}})",
                False,
                lambda g, s, v, name=name: adapter.DoppelkopfGame({name: v}),
            )
            for name in ("dealer", "owing", "forced", "nines", "schmeissen", "players")
        ),
        ("rules_from_parameters(v)", False, lambda g, s, v: adapter.rules_from_parameters(v)),
        (
            "rules_from_parameters({'bock': v})",
            False,
            lambda g, s, v: adapter.rules_from_parameters({"bock": v}),
        ),
        ("game_parameters(v)", False, lambda g, s, v: adapter.game_parameters(v)),
        ("game_parameters(dealer=v)", False, lambda g, s, v: adapter.game_parameters(dealer=v)),
        ("game_parameters(owing=v)", False, lambda g, s, v: adapter.game_parameters(owing=v)),
        ("game_parameters(forced=v)", False, lambda g, s, v: adapter.game_parameters(forced=v)),
    ]


def _allowed(error: BaseException, through_cpp: bool) -> bool:
    if isinstance(error, DoppelkopfError):
        return True
    if not through_cpp:
        return False
    import pyspiel

    if isinstance(error, pyspiel.SpielError):
        return True
    return type(error) is TypeError and _PYBIND in str(error)


@needs_openspiel
def test_hostile_values_through_the_openspiel_adapter() -> None:
    """Each entry point, each bad value, at three moments of a deal: only a library error or
    OpenSpiel's own at its C++ layer escapes, and a refused action changes nothing."""
    game = _game("python_doppelkopf(armut=True)")
    dealing = game.new_initial_state()
    dealing.apply_action(0)
    states = {"dealing": dealing, "playing": _dealt(game), "finished": _finished(game)}
    escaped: list[str] = []
    calls = 0
    for name, through_cpp, call in _openspiel_points():
        for label, value in HOSTILE:
            for moment, template in states.items():
                state = template.clone()
                before = (state.history(), str(state))
                calls += 1
                try:
                    call(game, state, value)
                except Exception as error:
                    if not _allowed(error, through_cpp):
                        escaped.append(f"{name} v={label} {moment}: {type(error).__name__}")
                    if (state.history(), str(state)) != before:
                        escaped.append(f"{name} v={label} {moment}: half applied")
    assert not escaped, "\n".join(escaped)
    assert calls == len(_openspiel_points()) * len(HOSTILE) * len(states)


def _pettingzoo_points() -> list[tuple[str, bool, Callable[[Any, object], object]]]:
    """(name, whether it is the wrapped env's step, call(table, value))."""
    adapter: Any = importlib.import_module("doppelkopf.adapters.pettingzoo")

    def built(option: str) -> Callable[[Any, object], object]:
        return lambda t, v: adapter.DoppelkopfEnv(**{option: v})

    points: list[tuple[str, bool, Callable[[Any, object], object]]] = [
        ("raw.step(v)", False, lambda t, v: t.step(v)),
        ("raw.observe(v)", False, lambda t, v: t.observe(v)),
        ("raw.action_space(v)", False, lambda t, v: t.action_space(v)),
        ("raw.observation_space(v)", False, lambda t, v: t.observation_space(v)),
        ("raw.reset(seed=v)", False, lambda t, v: t.reset(seed=v)),
        ("raw.reset(options=v)", False, lambda t, v: t.reset(options=v)),
        ("env.step(v)", True, lambda t, v: _wrapped(t).step(v)),
        ("env.observe(v)", False, lambda t, v: _wrapped(t).observe(v)),
        ("env.action_space(v)", False, lambda t, v: _wrapped(t).action_space(v)),
        ("env.reset(seed=v)", False, lambda t, v: _wrapped(t).reset(seed=v)),
    ]
    for option in ("rules", "dealer", "owing", "forced", "information_state", "render_mode"):
        points.append((f"DoppelkopfEnv({option}=v)", False, built(option)))
    points.append(("env(ascii=v)", False, lambda t, v: adapter.env(ascii=v)))
    return points


def _raw_finished() -> Any:
    table = _raw()
    while not all(table.terminations.values()):
        mask = table.observe(table.agent_selection)["action_mask"]
        table.step(int(np.flatnonzero(mask)[-1]))
    return table


def _wrapped(table: Any) -> Any:
    from doppelkopf.adapters.pettingzoo import env

    wrapped = env(rules=table.rules)
    wrapped.reset(seed=1)
    return wrapped


@needs_pettingzoo
def test_hostile_values_through_the_pettingzoo_adapter() -> None:
    """Each entry point and bad value, on a live and on a finished deal: only a library error
    escapes, or in ``env().step`` PettingZoo's assertion of the action space."""
    escaped: list[str] = []
    calls = 0
    for name, wrapped_step, call in _pettingzoo_points():
        for label, value in HOSTILE:
            for moment in ("live", "finished"):
                if moment == "finished" and not name.startswith("raw.step"):
                    continue
                table = _raw_finished() if moment == "finished" else _raw()
                deal, agent = table.deal, table.agent_selection
                calls += 1
                try:
                    call(table, value)
                except DoppelkopfError:
                    pass
                except AssertionError as error:
                    if not (wrapped_step and "action is not in action space" in str(error)):
                        escaped.append(f"{name} v={label} {moment}: AssertionError")
                except Exception as error:
                    escaped.append(f"{name} v={label} {moment}: {type(error).__name__}")
                else:
                    continue
                if name.startswith("raw.step") and (table.deal, table.agent_selection) != (
                    deal,
                    agent,
                ):
                    escaped.append(f"{name} v={label} {moment}: half applied")
    assert not escaped, "\n".join(escaped)
    assert calls == (len(_pettingzoo_points()) + 1) * len(HOSTILE)


# --- the reference pages ----------------------------------------------------------

LONGEST_SHOWN_VALUE = 1000
"""The longest ``repr`` of a constant that autodoc may print on a reference page."""


def _attribute_docs(path: Path) -> dict[str, str]:
    """The docstrings written under a module's assignments, as autodoc reads them."""
    body = ast.parse(path.read_text(encoding="utf-8")).body
    docs: dict[str, str] = {}
    for statement, following in itertools.pairwise(body):
        target = (
            statement.targets[0]
            if isinstance(statement, ast.Assign)
            else statement.target
            if isinstance(statement, ast.AnnAssign)
            else None
        )
        if (
            isinstance(target, ast.Name)
            and isinstance(following, ast.Expr)
            and isinstance(following.value, ast.Constant)
            and isinstance(following.value.value, str)
        ):
            docs[target.id] = following.value.value
    return docs


@pytest.mark.parametrize("module", ["encoding", "text", "_shared"])
def test_autodoc_hides_the_values_of_huge_constants(module: str) -> None:
    """``EXCHANGES`` printed 33,000 characters, a third of a megabyte of HTML."""
    imported = importlib.import_module(f"doppelkopf.adapters.{module}")
    assert imported.__file__ is not None
    documented = _attribute_docs(Path(imported.__file__))
    assert module != "encoding" or "EXCHANGES" in documented
    long = [
        name
        for name, doc in documented.items()
        if not name.startswith("_")
        and len(repr(getattr(imported, name))) > LONGEST_SHOWN_VALUE
        and ":meta hide-value:" not in doc
    ]
    assert not long
