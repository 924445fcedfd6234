"""Doppelkopf as an OpenSpiel game: ``pyspiel.load_game("python_doppelkopf")``.

Importing this module registers the game (it needs the ``openspiel`` extra:
from a checkout of the project, ``pip install ".[openspiel]"``).  One game is
one deal of four seats:

- **Chance** deals the cards one at a time, the k-th card to seat ``k % 4``;
  an outcome is a card's :attr:`~doppelkopf.Card.index` (0–23), drawn with the
  probability of the copies left (SPEC §2.4).
- **Players** then act through the ids of :mod:`doppelkopf.adapters.encoding`:
  the reservation round, the Armut exchange where the rules have it, the cards
  and the announcements, always the seat on turn (SPEC §3–§8, V§6).
- ``returns()`` are the four scores of :func:`doppelkopf.settle` (SPEC §12);
  a void deal, thrown in or with its Armut refused, scores zero (V§6.5, V§7).
- ``information_state_string`` lists what the seat saw happen, in order:
  its own cards as they were dealt, then :attr:`doppelkopf.PlayerView.history`
  (another seat's losing *Vorbehalt* and the exchanged cards it may not see
  are concealed), then the position as the seat sees it now; two states give
  the same string exactly when their views have the same
  :attr:`~doppelkopf.PlayerView.key` and the seat's cards came in the same order.
  ``observation_string`` is that position alone.  The tensors are
  :data:`~doppelkopf.adapters.encoding.INFORMATION_STATE_PIECES` and
  :data:`~doppelkopf.adapters.encoding.OBSERVATION_PIECES`.
- ``resample_from_infostate`` draws a deal the seat cannot tell from the real
  one with :func:`doppelkopf.search.sample_deal`, exactly uniformly (SPEC §6.1).

The game parameters are the options of :class:`~doppelkopf.Rules` (sets as
words joined by ``+``, as in ``schmeissen=kings5+nines5``; ``session_length``
0 for none) and the deal's
``dealer`` (seat 3, so seat 0 leads), ``owing`` (the seats owing a compulsory
solo, as digits) and ``forced`` (V§9); :func:`game_parameters` writes them
for a rule set.

Bad input raises a :class:`~doppelkopf.DoppelkopfError` wherever it reaches
the game: a parameter of the wrong type or value, a player that is no seat, an
action id outside the game, an action the rules forbid or one after the deal
is over.  OpenSpiel's own methods check some input first, in C++, as for
every game: an argument of the wrong type raises pybind11's ``TypeError``, and
``apply_action(-1)``, an observation of a player id outside 0–3 or
``undo_action`` (which Python games cannot implement) raise
``pyspiel.SpielError``.

>>> import pyspiel
>>> from doppelkopf import Rules
>>> from doppelkopf.adapters.openspiel import game_parameters
>>> game = pyspiel.load_game("python_doppelkopf", game_parameters(Rules.XIX))
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(4, 2622, 24)
>>> game.observation_tensor_shape(), game.information_state_tensor_shape()
([734], [2466])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any, Final

import numpy as np
import numpy.typing as npt
import pyspiel

from .. import _checks
from ..cards import DISTINCT_CARDS, Card, Hand
from ..deal import Deal, Event, Phase
from ..errors import InvalidRulesError, InvalidValueError, WrongPhaseError
from ..rules import Rules
from ..scoring import settle
from ..search import sample_deal
from . import _openspiel_arguments as _arguments
from . import encoding
from ._shared import Shared
from .text import cards_text, deal_text, event_text, private_text, public_text, view_text

__all__ = [
    "GAME_TYPE",
    "MAX_GAME_LENGTH",
    "MAX_SCORE",
    "DoppelkopfGame",
    "DoppelkopfObserver",
    "DoppelkopfState",
    "game_parameters",
    "rules_from_parameters",
]

MAX_SCORE: Final = 99
"""A bound on any seat's score in one deal (SPEC §10–§12), with room to spare.

Settling the extreme deals gives at most 63: a soloist who takes every trick
after both parties announced schwarz wins a game value of 21, written three
times (SPEC §12); a normal game reaches 29 with every special point.
"""
MAX_GAME_LENGTH: Final = 4 + 5 + 48 + 2 * 5
"""The most decisions in one deal: four answers, five exchange steps (pass, three
answers, return; V§6.3), 48 cards and at most five announcements per party (SPEC §8)."""

_BOOLEANS: Final = (
    "nines",
    "dullen",
    "schweinchen",
    "solos",
    "skip_levels",
    "specials",
    "karlchen",
    "karlchen_caught",
    "fox_at_end",
    "armut",
    "compulsory_solo",
)
_WORDS: Final = ("second_dulle", "bock_stacking")
_SETS: Final = ("schmeissen", "bock")


def game_parameters(
    rules: Rules = Rules.DDV,
    *,
    dealer: int = 3,
    owing: Iterable[int] = (),
    forced: bool = False,
    two_step: bool = False,
) -> dict[str, bool | int | str]:
    """The game parameters of a deal under ``rules`` (V§0.1, V§9): every option, as OpenSpiel
    takes them.

    ``two_step`` offers the bare *Vorbehalt* of the two-step reservation
    round (SPEC §3.2) with the action ids 2622–2623 of
    :mod:`doppelkopf.adapters.encoding`; by default the round is one-step.

    >>> game_parameters(Rules(schmeissen={"nines5", "kings5"}))["schmeissen"]
    'kings5+nines5'
    >>> rules_from_parameters(game_parameters(Rules.TOURNAMENT)) == Rules.TOURNAMENT
    True
    >>> game_parameters(Rules(compulsory_solo=True), owing=[3, 1])["owing"]
    '13'

    Raises:
        InvalidTypeError: ``rules`` is no rule set, ``dealer`` or a seat of ``owing`` no
            ``int``, ``owing`` not iterable or ``forced`` or ``two_step`` no ``bool``.
        InvalidValueError: ``dealer`` or a seat of ``owing`` is no seat 0-3 (SPEC §2.1, V§9.1).
    """
    if not isinstance(rules, Rules):
        raise _checks.type_error(rules, "rules", "Rules value")
    _checks.seat(dealer, "dealer")
    if isinstance(owing, (str, bytes, bytearray)) or not isinstance(owing, Iterable):
        raise _checks.type_error(owing, "owing", "iterable of seats")
    owing = [_checks.seat(seat, "a seat of owing", rule="V§9.1") for seat in owing]
    _checks.flag(forced, "forced")
    _checks.flag(two_step, "two_step")
    params: dict[str, bool | int | str] = {name: getattr(rules, name) for name in _BOOLEANS}
    params.update({name: str(getattr(rules, name)) for name in _WORDS})
    params.update({name: "+".join(sorted(getattr(rules, name))) for name in _SETS})
    params["armut_max_trumps"] = rules.armut_max_trumps
    params["players"] = rules.players
    params["session_length"] = rules.session_length or 0
    params["dealer"] = dealer
    params["owing"] = "".join(str(seat) for seat in sorted(set(owing)))
    params["forced"] = forced
    params["two_step"] = two_step
    return params


def rules_from_parameters(params: dict[str, Any]) -> Rules:
    """The :class:`~doppelkopf.Rules` of game parameters; missing ones take the DDV's (V§0.1).

    The deal's parameters ``dealer``, ``owing``, ``forced`` and ``two_step`` are checked
    and left out.

    >>> rules_from_parameters({"nines": False, "armut": True})
    Rules(nines=False, armut=True)
    >>> sorted(rules_from_parameters({"schmeissen": "kings5+nines5"}).schmeissen)
    ['kings5', 'nines5']
    >>> rules_from_parameters({"nines": "no"})
    Traceback (most recent call last):
        ...
    doppelkopf.errors.InvalidTypeError: game parameter nines must be a bool, not str 'no'

    Raises:
        InvalidTypeError: ``params`` is no ``dict``, or a parameter has another type than
            its default (a ``bool``, an ``int`` or a ``str``, as in :data:`GAME_TYPE`).
        InvalidRulesError: a parameter is unknown, or an option's value is refused or
            excluded (V§0.4).
    """
    values = _checked_parameters(params)
    options: dict[str, Any] = {name: values[name] for name in (*_BOOLEANS, *_WORDS)}
    for name in _SETS:
        options[name] = [word for word in str(values[name]).replace(",", "+").split("+") if word]
    options["armut_max_trumps"] = values["armut_max_trumps"]
    options["players"] = values["players"]
    options["session_length"] = values["session_length"] or None
    return Rules(**options)


_DEFAULTS: Final[dict[str, bool | int | str]] = game_parameters()


def _checked_parameters(params: object) -> dict[str, Any]:
    """Every game parameter: ``params`` over the defaults, each of its default's type (V§0.4)."""
    if params is None:
        return dict(_DEFAULTS)
    if not isinstance(params, dict):
        raise _checks.type_error(params, "params", "dict of game parameters")
    for name, value in params.items():
        if name not in _DEFAULTS:
            raise InvalidRulesError(
                f"unknown game parameter {_checks.excerpt(name)}; the parameters are "
                + ", ".join(sorted(_DEFAULTS)),
                options=(name,) if isinstance(name, str) else (),
                rule="V§0.4",
            )
        kind = type(_DEFAULTS[name])
        if type(value) is not kind:
            raise _checks.type_error(value, f"game parameter {name}", kind.__name__)
    return {**_DEFAULTS, **params}


GAME_TYPE: Final = pyspiel.GameType(
    short_name="python_doppelkopf",
    long_name="Python Doppelkopf",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=4,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)
"""The registered game type: short name ``python_doppelkopf``, four players, zero-sum."""


class _Config:
    """What every state of one game shares: the rules and the deal's starting options."""

    __slots__ = ("actions", "counts", "dealer", "forced", "owing", "rules", "size", "two_step")

    def __init__(
        self, rules: Rules, dealer: int, owing: frozenset[int], forced: bool, two_step: bool
    ) -> None:
        self.rules, self.dealer, self.owing, self.forced = rules, dealer, owing, forced
        self.two_step = two_step
        self.actions = encoding.num_actions(rules, two_step=two_step)
        deck = rules.deck
        self.size = len(deck)
        self.counts = tuple(deck.count(card) for card in DISTINCT_CARDS)


class DoppelkopfGame(pyspiel.Game):  # type: ignore[misc]
    """One deal of Doppelkopf under the rules of its parameters (SPEC §2–§12, V§0.1).

    ``pyspiel.load_game("python_doppelkopf", params)`` builds one;
    :attr:`rules` is its rule set.

    >>> import pyspiel
    >>> pyspiel.load_game("python_doppelkopf").rules
    Rules()

    A parameter must have the type of its default (``pyspiel.load_game`` checks this
    first and raises ``pyspiel.SpielError``).  In a game string OpenSpiel reads
    ``owing=13`` as a number: give ``owing`` in the parameter dict instead.

    Raises:
        InvalidTypeError: ``params`` is no ``dict``, or a parameter of another type.
        InvalidRulesError: an unknown parameter, or one naming no valid rule set (V§0.4).
        InvalidValueError: ``dealer``, ``owing`` or ``forced`` are refused (V§9).
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        values = _checked_parameters(params)
        rules = rules_from_parameters(values)
        owing = _arguments.owing_seats(values["owing"])
        dealer, forced = values["dealer"], values["forced"]
        # Checks dealer, owing and forced against the rules once, as dealing will.
        Deal.shuffled(seed=0, rules=rules, dealer=dealer, owing=owing, forced=forced)
        self.rules: Rules = rules
        two_step = values["two_step"]
        self._config = Shared(_Config(rules, dealer, owing, forced, two_step))
        info = pyspiel.GameInfo(
            num_distinct_actions=encoding.num_actions(rules, two_step=two_step),
            max_chance_outcomes=len(DISTINCT_CARDS),
            num_players=4,
            min_utility=-float(MAX_SCORE),
            max_utility=float(MAX_SCORE),
            utility_sum=0.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(GAME_TYPE, info, values)

    def new_initial_state(self) -> DoppelkopfState:
        """The state before the first card is dealt (SPEC §2.4)."""
        return DoppelkopfState(self)

    def make_py_observer(
        self,
        iig_obs_type: pyspiel.IIGObservationType | None = None,
        params: dict[str, Any] | None = None,
    ) -> DoppelkopfObserver:
        """The observer of ``iig_obs_type``: perfect recall gives the information state."""
        return DoppelkopfObserver(iig_obs_type, params)


class DoppelkopfState(pyspiel.State):  # type: ignore[misc]
    """A deal in progress: the cards dealt so far, then the :class:`~doppelkopf.Deal` (SPEC §2–§8).

    >>> import pyspiel
    >>> state = pyspiel.load_game("python_doppelkopf").new_initial_state()
    >>> state.is_chance_node(), len(state.chance_outcomes())
    (True, 24)
    >>> for card in [index for index in range(24) for _ in range(2)]:
    ...     state.apply_action(card)
    >>> state.current_player(), str(state.deal.hands[0])
    (0, '♥10 ♣Q ♠Q ♥Q ♦Q ♦10 ♦9 ♣10 ♣9 ♠10 ♠9 ♥9')

    Raises:
        InvalidValueError: a chance outcome of a card with no copy left (SPEC §1.1), an
            action id outside the game, a player that is no seat 0-3.
        IllegalActionError: an action the rules forbid the seat on turn (SPEC §3-§8);
            :class:`~doppelkopf.WrongPhaseError` once the deal is over (SPEC §3.5).
    """

    def __init__(self, game: DoppelkopfGame) -> None:
        super().__init__(game)
        self._config: Shared[_Config] = game._config
        self._dealt: Shared[tuple[int, ...]] = Shared(())
        self._deal: Shared[Deal] | None = None

    @property
    def deal(self) -> Deal | None:
        """The deal once every card is dealt, ``None`` while chance deals."""
        return None if self._deal is None else self._deal.value

    @property
    def dealt(self) -> tuple[int, ...]:
        """The card indices dealt so far, the k-th to seat ``k % 4`` (SPEC §2.4)."""
        return self._dealt.value

    def current_player(self) -> int:
        """The seat on turn, or OpenSpiel's chance or terminal player id."""
        held = self._deal
        if held is None:
            return int(pyspiel.PlayerId.CHANCE)
        deal = held.value
        if deal.is_finished:
            return int(pyspiel.PlayerId.TERMINAL)
        turn = deal.turn
        assert turn is not None
        return turn

    def _legal_actions(self, player: int) -> list[int]:
        held = self._deal
        assert held is not None
        if held.derived is None:
            two_step = self._config.value.two_step
            held.derived = encoding.action_ids(encoding.turn_actions(held.value, two_step=two_step))
        ids: list[int] = held.derived  # type: ignore[assignment]
        return list(ids)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards left to deal, each with the share of the copies left (SPEC §2.4)."""
        left = list(self._config.value.counts)
        dealt = self._dealt.value
        for index in dealt:
            left[index] -= 1
        remaining = self._config.value.size - len(dealt)
        return [(index, count / remaining) for index, count in enumerate(left) if count]

    def _apply_action(self, action: int) -> None:
        held = self._deal
        if held is not None:
            deal = held.value
            turn = deal.turn
            if turn is None:
                raise WrongPhaseError(
                    f"the deal is over ({deal.phase.value}): no action is left", rule="§3.5"
                )
            self._check_action(action)
            self._deal = Shared(deal.apply(encoding.decode_action(action, turn, deal.phase)))
            return
        config = self._config.value
        _arguments.check_outcome(action)
        if self._dealt.value.count(action) >= config.counts[action]:
            raise InvalidValueError(f"no copy of card index {action} is left to deal", rule="§1.1")
        dealt = (*self._dealt.value, action)
        self._dealt = Shared(dealt)
        if len(dealt) == config.size:
            hands = [Hand(DISTINCT_CARDS[i] for i in dealt[seat::4]) for seat in range(4)]
            deal = Deal.from_hands(
                hands,
                dealer=config.dealer,
                rules=config.rules,
                owing=config.owing,
                forced=config.forced,
            )
            self._deal = Shared(deal)

    def _check_action(self, action: int) -> None:
        """Raise unless ``action`` is an ``int`` id of this game's actions."""
        last = self._config.value.actions - 1
        if type(action) is not int:
            raise _checks.type_error(action, "action", "int")
        if not 0 <= action <= last:
            raise InvalidValueError(
                f"the action ids of this game are 0-{last}, not {_checks.excerpt(action)}"
            )

    def _action_to_string(self, player: int, action: int) -> str:
        if type(player) is int and player == pyspiel.PlayerId.CHANCE:
            _arguments.check_outcome(action)
            return f"deal {DISTINCT_CARDS[action]}"
        _arguments.check_player(player)
        self._check_action(action)
        deal = self.deal
        phase = Phase.PLAY if deal is None else deal.phase
        if action >= encoding.EXCHANGE_BASE and phase not in _EXCHANGE_PHASES:
            cards = [DISTINCT_CARDS[i] for i in encoding.EXCHANGES[action - encoding.EXCHANGE_BASE]]
            return f"seat {player}: exchange {cards_text(cards)}"
        return str(encoding.decode_action(action, player, phase))

    def is_terminal(self) -> bool:
        """Whether the deal is over: all tricks played, or void (SPEC §3.5, V§8)."""
        return self._deal is not None and self._deal.value.is_finished

    def returns(self) -> list[float]:
        """The score of each seat once the deal is over, zeros before and for a void deal."""
        deal = self.deal
        if deal is None or deal.phase is not Phase.FINISHED:
            return [0.0, 0.0, 0.0, 0.0]
        return [float(score) for score in settle(deal).scores]

    def __str__(self) -> str:
        deal = self.deal
        if deal is not None:
            return deal_text(deal)
        dealt = self._dealt.value
        lines = [f"dealing, {len(dealt)} cards dealt"]
        for seat in range(4):
            cards = [DISTINCT_CARDS[i] for i in dealt[seat::4]]
            lines.append(f"seat {seat}: {cards_text(cards)}".rstrip())
        return "\n".join(lines)

    # --- what a seat knows ----------------------------------------------------

    def _own_cards(self, player: int) -> list[Card]:
        return [DISTINCT_CARDS[i] for i in self._dealt.value[player::4]]

    def _public_seat(self) -> int:
        """A seat whose view of the contract is the public one: any but the declarer's."""
        deal = self.deal
        declarer = None if deal is None else deal.declarer
        return 1 if declarer == 0 else 0

    def tensor_ones(self, player: int, kind: str) -> list[int]:
        """The ones of the seat's tensor of ``kind`` before :class:`DoppelkopfObserver` keeps
        its pieces: the information-state layout of :mod:`~doppelkopf.adapters.encoding`.

        ``kind`` is ``"information_state"``, ``"observation"``, ``"public"`` or ``"private"``.
        """
        _arguments.check_player(player)
        _arguments.check_kind(kind, _KINDS)
        if kind == "public":
            player = self._public_seat()
        deal = self.deal
        if deal is None:
            return encoding.dealing_indices(
                player, self._config.value.dealer, self._own_cards(player)
            )
        view = deal.view(player)
        if kind == "information_state":
            return encoding.information_state_indices(view)
        return encoding.observation_indices(view)

    def observation_text(self, player: int, kind: str = "observation") -> str:
        """The position as ``player`` sees it now (SPEC §6.1): all of it, or with ``kind``
        ``"public"`` or ``"private"`` the part every seat knows or only this one."""
        _arguments.check_player(player)
        _arguments.check_kind(kind, _KINDS[1:])
        deal = self.deal
        if kind == "public":
            if deal is None:
                return f"dealing, {len(self._dealt.value)} cards dealt"
            return public_text(deal.view(self._public_seat()))
        if deal is None:
            cards = cards_text(self._own_cards(player))
            if kind == "private":
                return f"seat {player} hand: {cards}"
            return f"seat {player}, dealing, {len(self._dealt.value)} cards dealt\nhand: {cards}"
        if kind == "private":
            return private_text(deal.view(player))
        return view_text(deal.view(player))

    def information_state_text(self, player: int) -> str:
        """Everything ``player`` saw, in order, then the position now (SPEC §6.1, V§6.7)."""
        _arguments.check_player(player)
        lines = [
            f"seat {player}, {len(self._dealt.value)} cards dealt, "
            f"mine in order: {cards_text(self._own_cards(player))}"
        ]
        deal = self.deal
        if deal is not None:
            view = deal.view(player)
            lines.extend(event_text(event) for event in view.history)
            lines.append("now:")
            lines.append(view_text(view))
        return "\n".join(lines)

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> DoppelkopfState:
        """A state ``player_id`` cannot tell from this one, drawn uniformly (SPEC §6.1).

        The hidden cards come from :func:`doppelkopf.search.sample_deal`;
        ``probability_sampler`` (such as ``pyspiel.UniformProbabilitySampler``)
        seeds the draw.  The seat's own cards keep the order they were dealt in.

        Raises:
            InvalidTypeError: ``probability_sampler`` is not callable or returns no number.
            InvalidValueError: ``player_id`` is no seat 0-3, or the sampler's number is
                outside 0-1.
        """
        _arguments.check_player(player_id, "player_id")
        if not callable(probability_sampler):
            raise _checks.type_error(probability_sampler, "probability_sampler", "callable")
        draw = probability_sampler()
        if type(draw) is not float and type(draw) is not int and not isinstance(draw, np.floating):
            raise _checks.type_error(draw, "the number of probability_sampler", "float")
        if not 0.0 <= draw <= 1.0:
            raise InvalidValueError(
                f"probability_sampler must return a number 0-1, not {_checks.excerpt(draw)}"
            )
        rng = random.Random(int(draw * 2**52))
        config = self._config.value
        dealt = self._dealt.value
        own = list(dealt[player_id::4])
        deal = self.deal
        hidden: list[list[int]] = [[], [], [], []]
        history: tuple[Event, ...] = ()
        if deal is None:
            pool = [i for i, count in enumerate(config.counts) for _ in range(count)]
            for index in own:
                pool.remove(index)
            rng.shuffle(pool)
            for seat in range(4):
                if seat != player_id:
                    hidden[seat] = [pool.pop() for _ in dealt[seat::4]]
        else:
            world = sample_deal(deal.view(player_id), rng)
            for seat, hand in enumerate(world.dealt):
                hidden[seat] = [card.index for card in hand]
                rng.shuffle(hidden[seat])
            history = world.history
        hidden[player_id] = own
        state = DoppelkopfState(self.get_game())
        for k in range(len(dealt)):
            state.apply_action(hidden[k % 4][k // 4])
        for event in history:
            state.apply_action(encoding.encode_action(event.as_action()))
        return state


_EXCHANGE_PHASES: Final = frozenset({Phase.POVERTY_PASS, Phase.POVERTY_RETURN})
_KINDS: Final = ("information_state", "observation", "public", "private")


_PUBLIC_PIECES: Final = frozenset(
    {
        "dealer",
        "turn",
        "phase",
        "declared",
        "game_type",
        "declarer",
        "partner",
        "solo_kind",
        "announced",
        "late_reply",
        "schweine",
        "trick",
        "leader",
        "played",
        "taken",
        "poor",
        "acceptor",
        "refused",
        "returned_trumps",
        "owing",
        "forced",
    }
)
_PRIVATE_PIECES: Final = frozenset({"seat", "hand", "reservation", "parties", "passed", "returned"})


def _observer_kind(iig_obs_type: pyspiel.IIGObservationType | None) -> str:
    if iig_obs_type is None:
        return "observation"
    if not isinstance(iig_obs_type, pyspiel.IIGObservationType):
        raise _checks.type_error(iig_obs_type, "iig_obs_type", "pyspiel.IIGObservationType")
    public = iig_obs_type.public_info
    single = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
    none = iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
    if iig_obs_type.perfect_recall and public and single:
        return "information_state"
    if not iig_obs_type.perfect_recall:
        if public and single:
            return "observation"
        if public and none:
            return "public"
        if single and not public:
            return "private"
    raise InvalidValueError(
        "observed are a seat's information state, its observation, and the public and "
        "private parts of its observation"
    )


class DoppelkopfObserver:
    """OpenSpiel's observer of a seat (SPEC §6.1): its information state (perfect recall),
    its observation, or the public or the private part of the observation.

    ``tensor`` is the flat tensor and ``dict`` its named pieces, both rewritten by
    :meth:`set_from`.  The public part keeps the pieces every seat knows alike, the
    private part the seat, hand, answer, parties and exchanged cards.

    >>> import pyspiel
    >>> game = pyspiel.load_game("python_doppelkopf")
    >>> observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    >>> observer.tensor.shape, observer.dict["sequence"].shape
    ((2466,), (48, 24))

    Raises:
        InvalidTypeError: ``iig_obs_type`` or ``params`` of another type.
        InvalidValueError: observer parameters, or another type of observation; it is a
            ``ValueError``, as OpenSpiel's Python games raise.
    """

    def __init__(
        self, iig_obs_type: pyspiel.IIGObservationType | None, params: dict[str, Any] | None
    ) -> None:
        if params is not None and not isinstance(params, dict):
            raise _checks.type_error(params, "params", "dict")
        if params:
            raise InvalidValueError(
                f"the Doppelkopf observer takes no parameters, not {_checks.excerpt(params)}"
            )
        self.kind = _observer_kind(iig_obs_type)
        pieces: tuple[tuple[str, tuple[int, ...]], ...]
        if self.kind == "information_state":
            pieces = encoding.INFORMATION_STATE_PIECES
        elif self.kind == "observation":
            pieces = encoding.OBSERVATION_PIECES
        else:
            kept = _PUBLIC_PIECES if self.kind == "public" else _PRIVATE_PIECES
            pieces = tuple(piece for piece in encoding.OBSERVATION_PIECES if piece[0] in kept)
        full = encoding.offsets(encoding.INFORMATION_STATE_PIECES)
        starts = encoding.offsets(pieces)
        # Where each entry of the information-state layout goes here; -1 where it is left out.
        remap = [-1] * encoding.INFORMATION_STATE_SIZE
        for name, shape in pieces:
            for i in range(int(np.prod(shape))):
                remap[full[name] + i] = starts[name] + i
        self._remap = remap
        size = sum(int(np.prod(shape)) for _, shape in pieces)
        self.tensor: npt.NDArray[np.float32] = np.zeros(size, np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {
            name: self.tensor[starts[name] : starts[name] + int(np.prod(shape))].reshape(shape)
            for name, shape in pieces
        }

    def set_from(self, state: DoppelkopfState, player: int) -> None:
        """Write the tensor of ``player`` in ``state``."""
        if not isinstance(state, DoppelkopfState):
            raise _checks.type_error(state, "state", "DoppelkopfState")
        ones = state.tensor_ones(player, self.kind)
        self.tensor.fill(0.0)
        remap = self._remap
        kept = [remap[i] for i in ones]
        self.tensor[[i for i in kept if i >= 0]] = 1.0

    def string_from(self, state: DoppelkopfState, player: int) -> str:
        """The string of ``player`` in ``state`` for this observer's kind."""
        if not isinstance(state, DoppelkopfState):
            raise _checks.type_error(state, "state", "DoppelkopfState")
        if self.kind == "information_state":
            return state.information_state_text(player)
        return state.observation_text(player, self.kind)


pyspiel.register_game(GAME_TYPE, DoppelkopfGame)
