"""Doppelkopf for one learner as a Gymnasium environment: ``doppelkopf/Doppelkopf-v0``.

It needs the ``gymnasium`` extra (from a checkout of the project,
``pip install ".[gymnasium]"``).  Importing this module registers the
environment, so that ``gymnasium.make("doppelkopf/Doppelkopf-v0")`` builds it;
``gymnasium.make("doppelkopf.adapters.gymnasium:doppelkopf/Doppelkopf-v0")``
imports the module itself first.

One episode is one deal (SPEC §2–§12).  The learner sits at one seat, fixed or
drawn at each reset; three :class:`~doppelkopf.Player` objects sit at the
others and act by themselves between the learner's decisions, asked as
:func:`~doppelkopf.play_deal` asks them (an announcement out of turn
included).  The learner is asked only when it is on turn, and then offered its
announcements before its card, as in the other adapters.

- ``action_space`` is ``Discrete(n)`` over the ids of
  :mod:`~doppelkopf.adapters.encoding` (n = 2622 with the Armut, else 46;
  2624 with ``two_step=True``), the same ids as the PettingZoo environment.
- An observation is a dict, as in :mod:`doppelkopf.adapters.pettingzoo`:
  ``"observation"``, the learner's tensor of
  :data:`~doppelkopf.adapters.encoding.OBSERVATION_PIECES` (or of
  :data:`~doppelkopf.adapters.encoding.INFORMATION_STATE_PIECES` with
  ``observation="information_state"``) as ``int8`` zeros and ones, and
  ``"action_mask"``, one ``int8`` per action id, 1 for the learner's legal
  actions (all 0 once the deal is over).  ``info`` holds the same mask as
  ``"action_mask"`` and the learner's seat as ``"seat"``.
- The reward is 0 until the deal ends, then the learner's score of
  :func:`doppelkopf.settle` (SPEC §12), with ``terminated`` true; a void
  deal (V§8: thrown in, or its Armut refused by all) ends with 0, as in the
  PettingZoo environment.  Episodes are never truncated.
- ``reset(seed=...)`` is reproducible: the same seed deals the same cards
  (those the PettingZoo environment deals for that seed), seats the learner
  alike and makes the opponents act alike.

An action that is no ``int`` or numpy integer (a ``bool`` neither) raises
:class:`~doppelkopf.InvalidTypeError`, an id outside the action space
:class:`~doppelkopf.InvalidValueError`, and nothing changes.  An illegal
action ends the deal as PettingZoo's ``env()`` does: the learner is rewarded
:data:`ILLEGAL_REWARD` and ``info["illegal_action"]`` says which rule forbids
it.  With ``illegal="raise"`` the error of that rule is raised instead and
nothing changes, as the unwrapped PettingZoo environment does.

>>> import gymnasium
>>> import doppelkopf.adapters.gymnasium
>>> table = gymnasium.make("doppelkopf/Doppelkopf-v0", seat=0)
>>> observation, info = table.reset(seed=3)
>>> observation["observation"].shape, info["seat"], int(info["action_mask"].sum())
((734,), 0, 8)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final, TypeAlias

import gymnasium
import numpy as np
import numpy.typing as npt

from .. import _checks
from ..deal import Announce, Deal, Phase, Play
from ..errors import IllegalActionError, InvalidValueError, WrongPhaseError
from ..players import HeuristicPlayer, Player, RandomPlayer
from ..players.runner import _apply, _no_action, _offered
from ..rules import Rules, rule_set
from ..scoring import settle
from . import _spaces, encoding
from ._spaces import ILLEGAL_REWARD
from .text import view_text

__all__ = [
    "ENV_ID",
    "ILLEGAL_REWARD",
    "DoppelkopfEnv",
    "Observation",
    "Opponents",
    "heuristic_opponents",
    "random_opponents",
]

ENV_ID: Final = "doppelkopf/Doppelkopf-v0"
"""The id the environment is registered under; the version grows with each change of its
spaces."""

Observation: TypeAlias = dict[str, npt.NDArray[np.int8]]
"""An observation: the ``"observation"`` tensor and the ``"action_mask"``."""

Opponents: TypeAlias = Sequence[Player] | Callable[[int], Sequence[Player]]
"""Three players, or a function of a seed that returns three players."""

_OBSERVATIONS: Final = ("observation", "information_state")
_ILLEGAL: Final = ("terminate", "raise")
_RENDER_MODES: Final = ("ansi", "human")
_OPTIONS: Final = ("seat",)


def heuristic_opponents(seed: int) -> list[Player]:
    """Three :class:`~doppelkopf.HeuristicPlayer` seeded ``seed``, ``seed + 1``, ``seed + 2``.

    The default opponents of :class:`DoppelkopfEnv`.

    >>> heuristic_opponents(7)
    [HeuristicPlayer(seed=7), HeuristicPlayer(seed=8), HeuristicPlayer(seed=9)]

    Raises:
        InvalidTypeError: ``seed`` is no ``int``.
    """
    if type(seed) is not int:
        raise _checks.type_error(seed, "seed", "int")
    return [HeuristicPlayer(seed=seed + k) for k in range(3)]


def random_opponents(seed: int) -> list[Player]:
    """Three :class:`~doppelkopf.RandomPlayer` seeded ``seed``, ``seed + 1``, ``seed + 2``.

    >>> random_opponents(1)
    [RandomPlayer(seed=1), RandomPlayer(seed=2), RandomPlayer(seed=3)]

    Raises:
        InvalidTypeError: ``seed`` is no ``int``.
    """
    if type(seed) is not int:
        raise _checks.type_error(seed, "seed", "int")
    return [RandomPlayer(seed=seed + k) for k in range(3)]


def _three(players: object, name: str) -> tuple[Player, ...]:
    """``players`` as a tuple of three objects with an ``act`` method (SPEC §2.1)."""
    if isinstance(players, str | bytes | bytearray) or not isinstance(players, Sequence):
        raise _checks.type_error(players, name, "sequence of three players")
    seated = tuple(players)
    if len(seated) != 3:
        raise InvalidValueError(
            f"{name} must hold three players, for the seats beside the learner, not {len(seated)}",
            rule="§2.1",
        )
    for k, player in enumerate(seated):
        if not callable(getattr(player, "act", None)):
            raise _checks.type_error(
                player, f"{name}[{k}]", "player (an object with an act method)"
            )
    return seated


class DoppelkopfEnv(gymnasium.Env[Observation, np.int64]):
    """One deal of Doppelkopf for one learner against three players (SPEC §2–§12).

    Options: ``rules`` (a :class:`~doppelkopf.Rules`, default the DDV's; the
    dealer is seat 3, so seat 0 leads), ``seat`` (the learner's seat 0–3, or
    ``None`` to draw it at each reset), ``opponents`` (three players, seated
    in playing order after the learner, or a function that takes a seed and
    returns three: see below; ``None``, the default, is :func:`heuristic_opponents`),
    ``observation`` (``"observation"`` or ``"information_state"``, the
    tensor with the order of play), ``two_step`` (offer the bare *Vorbehalt*
    of the two-step reservation round, SPEC §3.2, with its ids 2622–2623),
    ``illegal`` (``"terminate"`` or ``"raise"``, see the module),
    ``render_mode`` (``"ansi"`` returns the learner's view as text,
    ``"human"`` prints it after each step) and ``ascii`` (cards as ``CQ``
    instead of ``♣Q``).

    Each reset draws from the environment's generator the learner's seat (if
    ``seat`` is ``None``) and a seed for the opponents: a function of
    ``opponents`` is called with it for three new players; a sequence of
    players stays, and each whose ``rng`` is a :class:`random.Random` (the
    library's :class:`~doppelkopf.RandomPlayer` and
    :class:`~doppelkopf.HeuristicPlayer`) is reseeded with it, the ``k``-th
    with the seed plus ``k``.  Any other player acts as its own state says;
    give a function to make it reproducible.

    >>> from doppelkopf import Rules
    >>> table = DoppelkopfEnv(Rules(armut=True), seat=2, opponents=random_opponents)
    >>> observation, info = table.reset(seed=1)
    >>> table.action_space, info["seat"], table.deal.turn
    (Discrete(2622), 2, 2)

    Raises:
        InvalidTypeError: an option of the wrong type: ``rules`` no
            :class:`~doppelkopf.Rules`, ``seat`` no ``int`` or ``None``,
            ``opponents`` neither a sequence of players nor callable,
            ``observation``, ``illegal`` or ``render_mode`` no ``str``,
            ``two_step`` or ``ascii`` no ``bool``.
        InvalidValueError: a seat outside 0–3, other than three opponents, an
            unknown observation, way of treating illegal actions or render mode.
    """

    metadata: dict[str, Any] = {"render_modes": list(_RENDER_MODES), "render_fps": 1}  # noqa: RUF012
    action_space: _spaces.ActionIds
    # Gymnasium 1.2 and 1.4 type the spaces and render() differently; each objects to
    # one of these two declarations.
    observation_space: gymnasium.spaces.Dict  # type: ignore[assignment, unused-ignore]

    def __init__(
        self,
        rules: Rules = Rules.DDV,
        *,
        seat: int | None = None,
        opponents: Opponents | None = None,
        observation: str = "observation",
        two_step: bool = False,
        illegal: str = "terminate",
        render_mode: str | None = None,
        ascii: bool = False,
    ) -> None:
        self.rules = rule_set(rules)
        self.seat = None if seat is None else _checks.seat(seat)
        self._factory: Callable[[int], Sequence[Player]] | None = None
        self._fixed: tuple[Player, ...] = ()
        if opponents is None:
            self._factory = heuristic_opponents
        elif isinstance(opponents, Sequence) or not callable(opponents):
            self._fixed = _three(opponents, "opponents")
        else:
            self._factory = opponents
        self.observation = _choice(observation, "observation", _OBSERVATIONS)
        self.two_step = _checks.flag(two_step, "two_step")
        self.illegal = _choice(illegal, "illegal", _ILLEGAL)
        self.render_mode = (
            None if render_mode is None else _choice(render_mode, "render_mode", _RENDER_MODES)
        )
        self.ascii = _checks.flag(ascii, "ascii")
        information_state = self.observation == "information_state"
        self._information_state = information_state
        self._size = (
            encoding.INFORMATION_STATE_SIZE if information_state else encoding.OBSERVATION_SIZE
        )
        self._actions = encoding.num_actions(self.rules, two_step=self.two_step)
        self.action_space = _spaces.ActionIds(self._actions)
        self.observation_space = _spaces.observation_space(self._size, self._actions)
        self._deals = random.Random()
        self._deal: Deal | None = None
        self._learner = 0
        self._players: dict[int, Player] = {}
        self._ids: list[int] = []
        self._over = False

    @property
    def deal(self) -> Deal:
        """The deal in play, every hand in it (SPEC §2–§12).

        Raises:
            WrongPhaseError: before the first :meth:`reset`.
        """
        if self._deal is None:
            raise WrongPhaseError("no deal before the first reset(): call reset() first")
        return self._deal

    @property
    def learner(self) -> int:
        """The learner's seat in the deal in play (SPEC §2.1).

        Raises:
            WrongPhaseError: before the first :meth:`reset`.
        """
        if self._deal is None:
            raise WrongPhaseError("no learner before the first reset(): call reset() first")
        return self._learner

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a new deal and let the opponents act until the learner is on turn (SPEC §2–§3).

        ``seed`` (an ``int`` from 0) makes it reproducible; without one the
        environment's generators go on.  ``options`` may name the learner's
        ``"seat"`` for this deal alone.

        Raises:
            InvalidTypeError: ``seed`` is no ``int`` or ``None``, ``options`` no ``dict``
                or ``None``, its seat no ``int``.
            InvalidValueError: a negative ``seed``, an option other than ``"seat"``
                or a seat outside 0–3.
            IllegalActionError, InvalidTypeError: an opponent returned an illegal
                action or none (see :func:`~doppelkopf.play_deal`); the error names
                its seat.
        """
        if seed is not None:
            if type(seed) is not int:
                raise _checks.type_error(seed, "seed", "int or None")
            if seed < 0:
                raise InvalidValueError(f"seed must be 0 or more, not {_checks.excerpt(seed)}")
        chosen = _seat_option(options)
        super().reset(seed=seed)
        if seed is not None:
            self._deals = random.Random(seed)
        generator = self.np_random
        drawn = int(generator.integers(4))
        players_seed = int(generator.integers(2**63))
        learner = chosen if chosen is not None else self.seat if self.seat is not None else drawn
        if self._factory is not None:
            seated = _three(self._factory(players_seed), "the opponents returned")
        else:
            seated = self._fixed
            for k, player in enumerate(seated):
                player_rng = getattr(player, "rng", None)
                if isinstance(player_rng, random.Random):
                    player_rng.seed(players_seed + k)
        players = {(learner + 1 + k) % 4: player for k, player in enumerate(seated)}
        deal = Deal.shuffled(rng=self._deals, rules=self.rules)
        deal = _advance(deal, players, learner, None)
        self._learner = learner
        self._players = players
        observation, _, info = self._commit(deal)
        if self.render_mode == "human":
            self.render()
        return observation, info

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """The learner takes the action of id ``action``; the opponents answer (SPEC §3–§8).

        Returns the observation, the reward, ``terminated``, ``truncated``
        (always false) and ``info``.

        Raises:
            InvalidTypeError: ``action`` is no ``int`` or numpy integer (a ``bool``
                or a ``float`` neither).
            InvalidValueError: ``action`` is no id of the action space; with
                ``illegal="raise"``, an id of three cards outside the Armut exchange
                (V§6.3).
            WrongPhaseError: before the first reset, or the deal is over.
            IllegalActionError: with ``illegal="raise"``, the learner may not take
                the action now; the subclass tells which rule forbids it.
            IllegalActionError, InvalidTypeError: an opponent returned an illegal
                action or none; the error names its seat and nothing changes.
        """
        deal = self.deal
        if self._over:
            raise WrongPhaseError("the deal is over: call reset() for the next one", rule="§3.5")
        number = _spaces.action_id(action, self._actions)
        learner = self._learner
        if number not in self._ids:
            error = _illegal(deal, learner, number, self._ids)
            if self.illegal == "raise":
                raise error
            self._over = True
            self._ids = []
            observation = self._observe(deal)
            info = self._info(observation)
            info["illegal_action"] = str(error)
            return observation, ILLEGAL_REWARD, True, False, info
        decoded = encoding.decode_action(number, learner, deal.phase)
        deal = deal.apply(decoded)
        deal = _advance(deal, self._players, learner, learner if type(decoded) is Play else None)
        observation, reward, info = self._commit(deal)
        if self.render_mode == "human":
            self.render()
        return observation, reward, self._over, False, info

    def _commit(self, deal: Deal) -> tuple[Observation, float, dict[str, Any]]:
        """Take ``deal`` as the deal in play: its observation, the learner's reward, ``info``."""
        self._deal = deal
        reward = 0.0
        if deal.is_finished:
            self._over = True
            self._ids = []
            if deal.phase is Phase.FINISHED:
                reward = float(settle(deal).scores[self._learner])
        else:
            self._over = False
            self._ids = encoding.action_ids(encoding.turn_actions(deal, two_step=self.two_step))
        observation = self._observe(deal)
        return observation, reward, self._info(observation)

    def _observe(self, deal: Deal) -> Observation:
        return {
            "observation": _spaces.tensor(
                deal.view(self._learner), self._information_state, self._size
            ),
            "action_mask": _spaces.action_mask(self._ids, self._actions),
        }

    def _info(self, observation: Observation) -> dict[str, Any]:
        return {"action_mask": observation["action_mask"], "seat": self._learner}

    def render(self) -> str | None:  # type: ignore[override, unused-ignore]
        """The learner's view as text (SPEC §6.1): returned with ``"ansi"``, printed with
        ``"human"``; ``None`` without a render mode.

        Raises:
            WrongPhaseError: before the first reset.
        """
        if self.render_mode is None:
            return None
        text = view_text(self.deal.view(self._learner), ascii=self.ascii)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release: the environment holds no window or file."""


def _choice(value: object, name: str, choices: tuple[str, ...]) -> str:
    """``value`` itself if it is one of the words ``choices``."""
    if type(value) is not str:
        raise _checks.type_error(value, name, "str")
    if value not in choices:
        words = ", ".join(repr(choice) for choice in choices)
        raise InvalidValueError(f"{name} must be one of {words}, not {_checks.excerpt(value)}")
    return value


def _seat_option(options: object) -> int | None:
    """The seat that the options of a reset name, if any."""
    if options is None:
        return None
    if not isinstance(options, dict):
        raise _checks.type_error(options, "options", "dict or None")
    for key in options:
        if key not in _OPTIONS:
            raise InvalidValueError(
                f"the only option of a reset is 'seat', not {_checks.excerpt(key)}"
            )
    if "seat" not in options:
        return None
    return _checks.seat(options["seat"], "options['seat']")


def _illegal(deal: Deal, learner: int, number: int, ids: list[int]) -> Exception:
    """The error of the learner's action ``number``, which is not among its ``ids``."""
    try:
        deal.apply(encoding.decode_action(number, learner, deal.phase))
    except (IllegalActionError, InvalidValueError) as error:
        return error
    # The rules take it, but the adapters offer it to no one now: the bare Vorbehalt
    # without two_step, an announcement that adds nothing.
    return IllegalActionError(
        f"seat {learner} may not take action {number} now; the legal ids are {ids}",
        seat=learner,
        action=str(number),
    )


def _advance(deal: Deal, players: dict[int, Player], learner: int, played: int | None) -> Deal:
    """Let the opponents act until the learner is on turn or the deal is over.

    The order is :func:`~doppelkopf.play_deal`'s: after each card (``played``
    names the seat of the card just applied, if any) the other opponents are
    offered an announcement; the opponent on turn is asked until it plays
    or answers.
    """
    while True:
        if played is not None:
            deal = _offered(deal, players, played, skip=learner)
        seat = deal.turn
        if seat is None or seat == learner:
            return deal
        player = players[seat]
        while True:
            action = player.act(deal.view(seat))
            if action is None:
                raise _no_action(deal, seat)
            deal, _ = _apply(deal, seat, action)
            if not isinstance(action, Announce):
                break
        played = seat if isinstance(action, Play) else None


def _register() -> None:
    """Register the environment with Gymnasium unless it is registered: a module reloaded
    (``importlib.reload``) registers nothing twice, which Gymnasium would warn about."""
    if ENV_ID not in gymnasium.registry:
        gymnasium.register(id=ENV_ID, entry_point=f"{__name__}:DoppelkopfEnv")


_register()
