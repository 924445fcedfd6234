"""Doppelkopf as a PettingZoo AEC environment: ``doppelkopf_v0``.

It needs the ``pettingzoo`` extra (from a checkout of the project,
``pip install ".[pettingzoo]"``).
One episode is one deal (SPEC §2–§12).  The agents ``seat_0`` … ``seat_3``
act in turn as the deal asks them: the reservation round, the Armut exchange
where the rules have it, the cards and the announcements (announcements are
offered to the seat on turn, see :mod:`doppelkopf.adapters.encoding`).

- ``action_space(agent)`` is ``Discrete(n)`` over the ids of
  :mod:`~doppelkopf.adapters.encoding` (n = 2622 with the Armut, else 46).
- ``observe(agent)`` is a dict: ``"observation"``, the seat's tensor of
  :data:`~doppelkopf.adapters.encoding.OBSERVATION_PIECES` (or of
  :data:`~doppelkopf.adapters.encoding.INFORMATION_STATE_PIECES` with
  ``information_state=True``) as ``int8`` zeros and ones, and
  ``"action_mask"``, one ``int8`` per action id: 1 for the legal actions of
  the seat on turn, all 0 for the others.
- The rewards come once, when the deal ends: each seat's score of
  :func:`doppelkopf.settle` (SPEC §12), zero for a void deal (V§6.5, V§7).
- ``reset(seed=...)`` shuffles reproducibly; ``render()`` draws the table as
  text, with suit symbols or with ``ascii=True`` letters.

Bad actions are treated as in PettingZoo's classic games.  :func:`env` wraps
the environment as they do: an action outside the action space (no ``int``
or numpy integer, or no id of the rules) fails PettingZoo's
``AssertOutOfBoundsWrapper`` with an ``AssertionError``, and an illegal
action ends the deal through its ``TerminateIllegalWrapper``: the seat that
took it is rewarded :data:`ILLEGAL_REWARD`, the others 0.  The unwrapped
:class:`DoppelkopfEnv` (:func:`raw_env`) raises a
:class:`~doppelkopf.DoppelkopfError` instead and changes nothing: an
:class:`~doppelkopf.InvalidTypeError` for an action of another type (a
``float`` or a ``bool`` too), an :class:`~doppelkopf.InvalidValueError` for an
id outside the action space, and the rules' own
:class:`~doppelkopf.IllegalActionError` for an illegal one.

>>> from doppelkopf.adapters.pettingzoo import env
>>> table = env(render_mode="ansi", ascii=True)
>>> table.reset(seed=3)
>>> observation, reward, termination, truncation, info = table.last()
>>> table.agent_selection, observation["observation"].shape, int(observation["action_mask"].sum())
('seat_0', (734,), 8)
>>> print(table.render().splitlines()[1])
seat 0: H10 H10 CQ DJ D10 C9 SA SA S10 SK SK HK
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, ClassVar, Final

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from .. import _checks
from ..deal import Deal, Phase
from ..errors import IllegalActionError, InvalidValueError
from ..rules import Rules, rule_set
from ..scoring import settle
from . import _spaces, encoding
from ._spaces import ILLEGAL_REWARD
from .text import deal_text

__all__ = ["ILLEGAL_REWARD", "NAME", "DoppelkopfEnv", "env", "raw_env"]

NAME: Final = "doppelkopf_v0"
"""The versioned name of the environment; the number grows with each change of its spaces."""

_AGENTS: Final = tuple(f"seat_{seat}" for seat in range(4))


def env(**options: Any) -> AECEnv[str, dict[str, Any], int | None]:
    """The environment in PettingZoo's wrappers, as its classic games are (SPEC §2–§12).

    ``options`` are those of :class:`DoppelkopfEnv`.  The wrappers enforce the
    order of calls, assert that each action is in the action space, and end the
    deal on an illegal action, rewarding that seat :data:`ILLEGAL_REWARD`.

    >>> from doppelkopf import Rules
    >>> table = env(rules=Rules(armut=True))
    >>> table.reset(seed=0)
    >>> int(table.action_space("seat_0").n)
    2622

    Raises:
        InvalidTypeError: an option of the wrong type.
        InvalidValueError: an option's value is refused.
    """
    wrapped: AECEnv[str, dict[str, Any], int | None] = wrappers.TerminateIllegalWrapper(
        DoppelkopfEnv(**options), illegal_reward=ILLEGAL_REWARD
    )
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


def raw_env(**options: Any) -> DoppelkopfEnv:
    """The environment without wrappers, as PettingZoo's classic games name it (SPEC §2–§12).

    >>> table = raw_env()
    >>> table.reset(seed=5)
    >>> table.deal.turn, table.agent_selection
    (0, 'seat_0')
    """
    return DoppelkopfEnv(**options)


class DoppelkopfEnv(AECEnv[str, dict[str, Any], int | None]):  # type: ignore[misc]
    """One deal of Doppelkopf for four agents acting in turn (SPEC §2–§12, V§0.1).

    Options: ``rules`` (a :class:`~doppelkopf.Rules`, default the DDV's),
    ``dealer`` (seat 3, so seat 0 leads), ``owing`` and ``forced`` (the
    compulsory solos of V§9), ``two_step`` (offer the bare *Vorbehalt* of
    the two-step reservation round, SPEC §3.2, and its ids 2622–2623 in an
    action space of 2,624; see :mod:`doppelkopf.adapters.encoding`),
    ``information_state`` (observe the tensor with
    the order of play), ``render_mode`` (``"human"`` prints, ``"ansi"``
    returns the text) and ``ascii`` (cards as ``CQ`` instead of ``♣Q``).

    >>> from doppelkopf import Rules
    >>> table = DoppelkopfEnv(Rules(nines=False), information_state=True)
    >>> table.observation_space("seat_1")["observation"].shape
    (2466,)

    Raises:
        InvalidTypeError: an option of the wrong type: ``rules`` no
            :class:`~doppelkopf.Rules`, ``owing`` no iterable of ``int`` seats,
            ``forced``, ``two_step``, ``information_state`` or ``ascii`` no ``bool``.
        InvalidValueError: a render mode other than ``"human"``, ``"ansi"`` or ``None``,
            or deal options the rules refuse (V§9).
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"],
        "name": NAME,
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        rules: Rules = Rules.DDV,
        *,
        dealer: int = 3,
        owing: Iterable[int] = (),
        forced: bool = False,
        two_step: bool = False,
        information_state: bool = False,
        render_mode: str | None = None,
        ascii: bool = False,
    ) -> None:
        super().__init__()
        if render_mode is not None and (
            type(render_mode) is not str or render_mode not in ("human", "ansi")
        ):
            raise InvalidValueError(
                f"render_mode must be 'human', 'ansi' or None, not {_checks.excerpt(render_mode)}"
            )
        rules = rule_set(rules)
        _checks.flag(information_state, "information_state")
        _checks.flag(two_step, "two_step")
        self.two_step = two_step
        _checks.flag(ascii, "ascii")
        if isinstance(owing, (str, bytes, bytearray)) or not isinstance(owing, Iterable):
            raise _checks.type_error(owing, "owing", "iterable of seats")
        seats = tuple(owing)
        # Checks the options once, as every reset will deal with them.
        self.deal: Deal = Deal.shuffled(
            seed=0, rules=rules, dealer=dealer, owing=seats, forced=forced
        )
        self.rules = rules
        self._deal_options: dict[str, Any] = {
            "rules": rules,
            "dealer": dealer,
            "owing": frozenset(seats),
            "forced": forced,
        }
        self.render_mode = render_mode
        self.ascii = ascii
        self.information_state = information_state
        size = encoding.INFORMATION_STATE_SIZE if information_state else encoding.OBSERVATION_SIZE
        self._size = size
        self._actions = encoding.num_actions(rules, two_step=two_step)
        self.possible_agents = list(_AGENTS)
        self.agents = list(_AGENTS)
        self.action_spaces = {agent: _spaces.ActionIds(self._actions) for agent in _AGENTS}
        self.observation_spaces = {
            agent: _spaces.observation_space(size, self._actions) for agent in _AGENTS
        }
        self._rng = random.Random()
        self._ids: list[int] = []
        self._start()

    def observation_space(self, agent: str) -> spaces.Dict:
        """The seat's observation space: the tensor and the action mask."""
        return self.observation_spaces[_agent(agent)]

    def action_space(self, agent: str) -> spaces.Discrete[np.int64]:
        """The seat's action space: ``Discrete`` over every action id of the rules.

        Its members are ``int`` and numpy integer ids; a ``bool`` is none.
        """
        return self.action_spaces[_agent(agent)]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Shuffle and deal a new deal (SPEC §2.3, §2.4); ``seed`` makes it reproducible.

        ``options`` is taken, as PettingZoo's API asks, and not used.

        Raises:
            InvalidTypeError: ``seed`` is no ``int`` or ``None``, ``options`` no ``dict``
                or ``None``.
        """
        if seed is not None and type(seed) is not int:
            raise _checks.type_error(seed, "seed", "int or None")
        if options is not None and not isinstance(options, dict):
            raise _checks.type_error(options, "options", "dict or None")
        if seed is not None:
            self._rng = random.Random(seed)
        self._start()

    def _start(self) -> None:
        self.deal = Deal.shuffled(rng=self._rng, **self._deal_options)
        self.agents = list(_AGENTS)
        self.rewards = dict.fromkeys(_AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(_AGENTS, 0.0)
        self.terminations = dict.fromkeys(_AGENTS, False)
        self.truncations = dict.fromkeys(_AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in _AGENTS}
        self._turn()

    def _turn(self) -> None:
        """Hand the turn to the seat the deal asks, with its legal action ids."""
        deal = self.deal
        if deal.turn is not None:
            self.agent_selection = _AGENTS[deal.turn]
            self._ids = encoding.action_ids(encoding.turn_actions(deal, two_step=self.two_step))

    def observe(self, agent: str) -> dict[str, npt.NDArray[np.int8]]:
        """The tensor of ``agent``'s seat and its action mask (SPEC §6.1).

        Raises:
            InvalidTypeError: ``agent`` is no ``str``.
            InvalidValueError: ``agent`` names no seat: ``seat_0`` to ``seat_3``.
        """
        seat = _AGENTS.index(_agent(agent))
        observation = _spaces.tensor(self.deal.view(seat), self.information_state, self._size)
        on_turn = agent == self.agent_selection and not self.terminations[agent]
        mask = _spaces.action_mask(self._ids if on_turn else [], self._actions)
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """The seat on turn takes the action of id ``action`` (SPEC §3–§8, V§6.3).

        Once the deal is over each agent steps with ``None``, as PettingZoo asks.

        Raises:
            InvalidTypeError: ``action`` is no ``int`` or numpy integer (a ``bool`` or a
                ``float`` neither).
            InvalidValueError: ``action`` is no id of the action space; once the deal is
                over, an action that is not ``None``.
            IllegalActionError: the seat on turn may not take the action now; the
                subclass tells which rule forbids it (SPEC §3-§8, V§6).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise InvalidValueError(
                    f"the deal of {agent} is over: its only action is None, not "
                    f"{_checks.excerpt(action)}"
                )
            self._was_dead_step(action)
            return
        number = _spaces.action_id(action, self._actions)
        deal = self.deal
        seat = _AGENTS.index(agent)
        decoded = encoding.decode_action(number, seat, deal.phase)
        if number not in self._ids:
            deal.apply(decoded)  # raises the error of the rule that forbids it
            raise IllegalActionError(
                f"{agent} may not take action {number} now; the legal ids are {self._ids}",
                seat=seat,
                action=str(decoded),
            )
        self.deal = deal = deal.apply(decoded)
        self._cumulative_rewards[agent] = 0.0
        if deal.is_finished:
            scores = settle(deal).scores if deal.phase is Phase.FINISHED else (0, 0, 0, 0)
            self.rewards = {name: float(score) for name, score in zip(_AGENTS, scores, strict=True)}
            self.terminations = dict.fromkeys(_AGENTS, True)
            self._ids = []
        else:
            self._turn()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as text (SPEC §2–§8): printed with ``"human"``, returned with ``"ansi"``."""
        if self.render_mode is None:
            return None
        text = deal_text(self.deal, ascii=self.ascii)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release: the environment holds no window or file."""


def _agent(agent: object) -> str:
    """``agent`` itself if it names a seat, ``seat_0`` to ``seat_3``."""
    if type(agent) is not str:
        raise _checks.type_error(agent, "agent", "str")
    if agent not in _AGENTS:
        raise InvalidValueError(
            f"the agents are seat_0 to seat_3, not {_checks.excerpt(agent)}", rule="§2.1"
        )
    return agent
