"""The class :class:`VectorDealEnv` and its helpers; see :mod:`doppelkopf.vector`."""

from __future__ import annotations

import importlib.util
import secrets
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, Literal

import numpy as np
import numpy.typing as npt

from .. import _checks
from ..adapters import encoding
from ..cards import Card, Rank, Suit
from ..deal import Deal, Phase, SoloKind
from ..errors import IllegalActionError, InvalidValueError, MissingExtraError, WrongPhaseError
from ..rules import GameType, Rules, rule_set
from ._exact import ExactRows
from ._front import Front, deal_of_seed, deals_of_seeds, seeds_of, vectorised
from ._observe import GAMES, PlayTensors, reservation_ones
from ._play import PlayRows

if TYPE_CHECKING:
    from ._jax import DevicePlay

__all__ = [
    "AUTORESET_MODE",
    "BACKENDS",
    "MAX_ENVS",
    "OBSERVATIONS",
    "VectorDealEnv",
    "deal_seed",
    "sample_legal",
    "seeded_deal",
]

AUTORESET_MODE: Final = "SameStep"
"""The value of Gymnasium's ``AutoresetMode`` this environment follows: a finished row is
dealt anew in the step that ends it."""

OBSERVATIONS: Final = ("observation", "information_state")
"""The tensors :class:`VectorDealEnv` can return, besides ``None`` for none."""
MAX_ENVS: Final = 1 << 16
"""The most rows a :class:`VectorDealEnv` holds: 65,536, about 1.2 GB with the information
state, so that a mistyped size is refused rather than exhausting the memory."""
BACKENDS: Final = ("auto", "exact", "jax")
"""The backends :class:`VectorDealEnv` can be asked for."""

_SEED_LIMIT: Final = 1 << 128
_CLUB_QUEEN: Final = Card(Suit.CLUBS, Rank.QUEEN).index
_MARRIAGE: Final = GAMES.index(GameType.MARRIAGE)
_DECLARED_SOLO: Final = np.array([game.is_declarable_solo for game in GAMES], dtype=np.bool_)
_VOLUNTARY: Final = list(SoloKind).index(SoloKind.VOLUNTARY)


def deal_seed(seed: int, row: int, number: int) -> int:
    """The seed of deal ``number`` of ``row`` after a reset with ``seed`` (SPEC §2.3).

    ``seeded_deal(deal_seed(seed, row, number), rules=rules)`` is that deal.
    The three numbers are mixed by SplitMix64 steps, for all rows at once
    in the environment, so neighbouring rows and deals share nothing.

    >>> deal_seed(7, 0, 0) == deal_seed(7, 0, 0) != deal_seed(7, 1, 0)
    True

    Raises:
        InvalidTypeError: a number is no ``int``.
        InvalidValueError: ``seed`` is not in 0 to 2**128 - 1, or ``row`` or
            ``number`` not in 0 to 2**64 - 1.
    """
    _checks.integer(seed, "seed", 0, _SEED_LIMIT - 1, rule="§2.3")
    _checks.integer(row, "row", 0, (1 << 64) - 1, rule="§2.3")
    _checks.integer(number, "number", 0, (1 << 64) - 1, rule="§2.3")
    return int(
        seeds_of(seed, np.array([row], dtype=np.uint64), np.array([number], dtype=np.uint64))[0]
    )


def seeded_deal(seed: int, *, rules: Rules = Rules.DDV) -> Deal:
    """The deal a row plays from its deal seed ``seed`` (SPEC §2.3, §2.4).

    Deal ``k`` of row ``r`` after ``reset(seed=s)`` is
    ``seeded_deal(deal_seed(s, r, k), rules=rules)``, under every backend.
    The deck is shuffled by sorting it by SplitMix64 numbers of the seed,
    as the environment deals thousands of rows at once; the seat 3 deals.

    >>> deal = seeded_deal(deal_seed(7, 0, 0))
    >>> deal.turn, deal == seeded_deal(deal_seed(7, 0, 0)), len(deal.hands[0])
    (0, True, 12)

    Raises:
        InvalidTypeError: ``seed`` is no ``int``, ``rules`` no :class:`~doppelkopf.Rules`.
        InvalidValueError: ``seed`` is not in 0 to 2**64 - 1.
    """
    _checks.integer(seed, "seed", 0, (1 << 64) - 1, rule="§2.3")
    return deal_of_seed(seed, rule_set(rules))


def sample_legal(mask: npt.NDArray[np.bool_], rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """One legal id per row of ``mask``, uniformly drawn, for all rows at once (SPEC §5.2).

    >>> mask = np.array([[False, True, True], [True, False, False]])
    >>> sample_legal(mask, np.random.default_rng(0))[1]
    np.int64(0)

    Raises:
        InvalidTypeError: ``mask`` is no 2-d ``bool`` array, ``rng`` no numpy
            ``Generator``.
        InvalidValueError: a row of ``mask`` has no legal id.
    """
    if not isinstance(mask, np.ndarray) or mask.dtype != np.bool_ or mask.ndim != 2:
        raise _checks.type_error(mask, "mask", "2-d numpy bool array")
    if not isinstance(rng, np.random.Generator):
        raise _checks.type_error(rng, "rng", "numpy Generator")
    # Most rows have their legal ids among the first columns (the Armut's
    # 2,576 exchange ids are legal only in its two exchange steps): those
    # rows are drawn from that head alone, the others over the whole width.
    if not mask.shape[1]:
        if len(mask):
            raise InvalidValueError("row 0 of the mask has no legal action id", rule="§5.2")
        return np.zeros(0, dtype=np.int64)
    head = min(mask.shape[1], _HEAD)
    wide = mask[:, head:].any(axis=1)
    uniform = rng.random(len(mask))
    chosen = _draw(mask if head == mask.shape[1] else np.ascontiguousarray(mask[:, :head]), uniform)
    if wide.any():
        chosen[wide] = _draw(mask[wide], uniform[wide])
    if (chosen < 0).any():
        row = int(np.argmin(chosen))
        raise InvalidValueError(f"row {row} of the mask has no legal action id", rule="§5.2")
    return chosen


_HEAD: Final = 64
"""The columns :func:`sample_legal` draws from first."""


def _draw(mask: npt.NDArray[np.bool_], uniform: npt.NDArray[np.float64]) -> npt.NDArray[np.int64]:
    """A uniformly drawn true column of each row, -1 where a row has none.

    The true entries are listed row after row by ``flatnonzero``; a row's
    draw is its entry at a uniform rank among its own, found from the
    running count of entries by row: a pass over the mask and a few over
    the rows, where a running count along each row is far slower in numpy.
    """
    count, width = mask.shape
    ones = np.flatnonzero(mask)
    if not len(ones):
        return np.full(count, -1, dtype=np.int64)
    counts = np.bincount(ones // width, minlength=count)
    rank = (uniform * counts).astype(np.int64)
    # An empty row's place is clamped into the list, and its draw discarded.
    at = np.minimum(np.cumsum(counts) - counts + rank, len(ones) - 1)
    chosen: npt.NDArray[np.int64] = np.where(counts == 0, -1, ones[at] - width * np.arange(count))
    return chosen


def _autoreset_mode() -> object:
    """Gymnasium's ``AutoresetMode.SAME_STEP`` where Gymnasium is installed, else its value."""
    if importlib.util.find_spec("gymnasium") is None:
        return AUTORESET_MODE
    from gymnasium.vector import AutoresetMode

    return AutoresetMode(AUTORESET_MODE)


class VectorDealEnv:
    """``num_envs`` deals stepped at once, each at its own decision (SPEC §2–§12).

    Options: ``rules`` (a :class:`~doppelkopf.Rules`, default the DDV's),
    ``observation`` (``"observation"``, ``"information_state"`` or ``None``
    for the mask alone), ``two_step`` (offer the bare *Vorbehalt* of the
    two-step reservation round, SPEC §3.2, ids 2622–2623), ``seed`` (the seed
    of the first reset without one), ``copy`` (``False`` returns the
    environment's own arrays, overwritten by the next step) and ``backend``:
    ``"auto"`` deals over numpy arrays and plays the cards of every row over
    them once its contract is fixed (the one-step reservation round too,
    where the rules have no other), ``"exact"`` steps a checked
    :class:`~doppelkopf.Deal` in every row throughout, ``"jax"`` is
    ``"auto"`` with the card play and its tensors on JAX's default device.
    The seat 3 deals every deal, so seat 0 leads (SPEC §2.4).

    >>> env = VectorDealEnv(2, rules=Rules(armut=True), observation=None)
    >>> observations, info = env.reset(seed=1)
    >>> observations.shape, info["action_mask"].shape, env.num_actions
    ((2, 0), (2, 2622), 2622)

    Raises:
        InvalidTypeError: an option of the wrong type.
        InvalidValueError: ``num_envs`` not 1 to :data:`MAX_ENVS`, an unknown ``observation`` or
            ``backend``, a ``seed`` out of range.
        MissingExtraError: ``"jax"`` where JAX is not installed.
    """

    metadata: dict[str, Any]

    def __init__(
        self,
        num_envs: int,
        *,
        rules: Rules = Rules.DDV,
        observation: Literal["observation", "information_state"] | None = "observation",
        two_step: bool = False,
        seed: int | None = None,
        copy: bool = True,
        backend: Literal["auto", "exact", "jax"] = "auto",
    ) -> None:
        if type(num_envs) is not int:
            raise _checks.type_error(num_envs, "num_envs", "int")
        if not 1 <= num_envs <= MAX_ENVS:
            raise InvalidValueError(
                f"num_envs must be 1-{MAX_ENVS}, not {_checks.excerpt(num_envs)}"
            )
        self.num_envs = num_envs
        self.rules = rule_set(rules)
        if observation is not None and (
            type(observation) is not str or observation not in OBSERVATIONS
        ):
            raise InvalidValueError(
                f"observation must be 'observation', 'information_state' or None, not "
                f"{_checks.excerpt(observation)}"
            )
        self.observation = observation
        given: object = backend  # checked as any value: a caller may pass anything
        if type(given) is not str or given not in BACKENDS:
            raise InvalidValueError(
                f"backend must be 'auto', 'exact' or 'jax', not {_checks.excerpt(backend)}"
            )
        if given == "jax" and importlib.util.find_spec("jax") is None:
            raise MissingExtraError(
                'the jax backend needs JAX: pip install "doppelkopf[jax]"',
                extra="jax",
                name="jax",
            )
        self.two_step = _checks.flag(two_step, "two_step")
        self.copy = _checks.flag(copy, "copy")
        self.seed = self._check_seed(seed) if seed is not None else secrets.randbits(64)
        self.metadata = {"autoreset_mode": _autoreset_mode()}
        self.num_actions = encoding.num_actions(self.rules, two_step=two_step)
        self.observation_size = (
            0
            if observation is None
            else encoding.INFORMATION_STATE_SIZE
            if observation == "information_state"
            else encoding.OBSERVATION_SIZE
        )
        count = self.num_envs
        self._rows = ExactRows(
            self.rules,
            two_step=two_step,
            information_state=observation == "information_state",
            hand_over=backend != "exact",
        )
        self._numbers = np.zeros(count, dtype=np.int64)
        self._observations = np.zeros((count, self.observation_size), dtype=np.uint8)
        self._mask = np.zeros((count, self.num_actions), dtype=np.bool_)
        self._seats = np.zeros(count, dtype=np.int64)
        self._started = False
        self._final: npt.NDArray[np.object_] | None = None
        self._vector: PlayRows | None = None
        self._front: Front | None = None
        self._device: DevicePlay | None = None
        if backend != "exact":
            tensors = PlayTensors(count, self.observation_size) if self.observation_size else None
            self._vector = PlayRows(count, self.rules, tensors)
            if vectorised(self.rules, two_step=two_step):
                self._front = Front(count, self.rules, self.num_actions)
        if backend == "jax":
            from ._jax import DevicePlay

            assert self._vector is not None
            self._device = DevicePlay(self._vector)
        self.backend = backend if backend != "auto" else "numpy"

    @staticmethod
    def _check_seed(seed: object) -> int:
        return _checks.integer(seed, "seed", 0, _SEED_LIMIT - 1, rule="§2.3")

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.uint8], dict[str, Any]]:
        """Deal a new deal in every row (SPEC §2.3, §2.4); ``(observations, info)``.

        With ``seed`` the rows start again at deal 0 of that seed; without it
        each row deals its next deal number (the first reset: deal 0 of the
        seed given to the constructor).  ``options`` is taken, as Gymnasium's
        API asks, and not used.

        Raises:
            InvalidTypeError: ``seed`` is no ``int`` or ``None``, ``options`` no
                ``dict`` or ``None``.
            InvalidValueError: ``seed`` is not in 0 to 2**128 - 1.
        """
        if options is not None and not isinstance(options, dict):
            raise _checks.type_error(options, "options", "dict or None")
        if seed is not None:
            self.seed = self._check_seed(seed)
            self._numbers[:] = 0
        elif self._started:
            self._numbers += 1
        self._started = True
        self._mask[:] = False
        if self._vector is not None:
            self._vector.active[:] = False
        if self._device is not None:
            self._device.clear()
        everyone = np.arange(self.num_envs)
        if self._front is not None:
            self._deal(everyone)
            self._ask(everyone)
        else:
            rows = self._rows
            rows.start(
                [deal_of_seed(seed, self.rules) for seed in self._deal_seeds(everyone).tolist()]
            )
            for row in range(self.num_envs):
                self._turn(row)
        return self._out(self._observations), self._info()

    def _deal_seeds(self, rows: npt.NDArray[np.int64]) -> npt.NDArray[np.uint64]:
        """The deal seeds of the deals ``rows`` are at (SPEC §2.3)."""
        return seeds_of(self.seed, rows, self._numbers[rows])

    def _redeal(self, rows: npt.NDArray[np.int64]) -> None:
        """Deal the deals ``rows`` are at now as checked deals (SPEC §2.3)."""
        deals = deals_of_seeds(self._deal_seeds(rows), self.rules)
        for row, deal in zip(rows.tolist(), deals, strict=True):
            self._rows.restart(row, deal)

    def _deal(self, rows: npt.NDArray[np.int64]) -> None:
        """Deal the deals ``rows`` are at now over arrays (SPEC §2.3, §2.4)."""
        front = self._front
        assert front is not None
        front.deal(rows, self._deal_seeds(rows))

    def _ask(self, rows: npt.NDArray[np.int64]) -> None:
        """Write the mask, seat and tensor of the seat asked in ``rows`` (SPEC §3.2)."""
        front = self._front
        assert front is not None
        front.write_mask(rows, self._mask)
        self._seats[rows] = front.asked[rows]
        if self.observation_size:
            front.write_tensor(rows, self._observations)

    def _enter(self, rows: npt.NDArray[np.int64]) -> None:
        """Start the card play of the rows whose round is complete (SPEC §3.3, §3.5)."""
        front = self._front
        play = self._vector
        assert front is not None
        assert play is not None
        game, declarer, re_mask = front.contract(rows)
        table, solo_table = play.tables_of(game)
        zeros = np.zeros(len(rows), dtype=np.int64)
        play.start(
            rows, table, solo_table, game, game == _MARRIAGE, declarer, re_mask, zeros, zeros
        )
        one = play.one[rows] = front.one[rows]
        two = play.two[rows] = front.two[rows]
        if play.tensors is not None:
            queens = ((one >> _CLUB_QUEEN) & 1) + ((two >> _CLUB_QUEEN) & 1)
            play.tensors.start(
                rows,
                front.answers[rows],
                front.place_of,
                front.healthy,
                game,
                declarer,
                queens,
                np.where(_DECLARED_SOLO[game], _VOLUNTARY, -1),
            )
        if self._device is not None:
            self._device.put(rows)

    def _turn(self, row: int) -> None:
        """Write the row's seat, mask and tensor for the decision it is at."""
        rows = self._rows
        self._seats[row] = rows.seat(row)
        self._mask[row, rows.ids[row]] = True
        if self.observation_size:
            ones = None if self._vector is None else reservation_ones(rows.deals[row])
            if ones is None:
                rows.write(row, self._observations)
            else:
                line = self._observations[row]
                line[:] = 0
                line[ones] = 1

    def _out(self, array: npt.NDArray[Any]) -> npt.NDArray[Any]:
        return array.copy() if self.copy else array

    def _info(self) -> dict[str, Any]:
        return {
            "action_mask": self._out(self._mask),
            "seat": self._out(self._seats),
            "deal": self._numbers.copy(),
        }

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[np.uint8],
        npt.NDArray[np.int64],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """Take one action id in every row (SPEC §3–§8, V§6.3); the Gymnasium five-tuple.

        Every id is checked before any row moves: nothing is half-applied.

        Raises:
            WrongPhaseError: no reset came before.
            InvalidTypeError: ``actions`` is no sequence or array of integers.
            InvalidValueError: ``actions`` does not hold one id per row, or an id
                outside the action space.
            IllegalActionError: an id is not legal in its row now; the message
                names the first such row and its legal ids.
        """
        if not self._started:
            raise WrongPhaseError("step needs a reset first: no deal is dealt yet")
        ids = self._check_actions(actions)
        count = self.num_envs
        rewards = np.zeros((count, 4), dtype=np.int64)
        terminations = np.zeros(count, dtype=np.bool_)
        play = self._vector
        self._final = None
        # The rows in the card play before this step: a row that reaches it
        # in this step takes no second action.
        playing = np.zeros(count, dtype=np.bool_) if play is None else play.active.copy()
        if self._front is not None:
            self._step_front(ids)
        else:
            self._step_exact(np.flatnonzero(~playing).tolist(), ids, rewards, terminations)
        if play is not None:
            self._step_play(play, playing, ids, rewards, terminations)
            self._write_play(play)
        # The rows before their card play are written last, over what the
        # play's whole columns left in them.
        if self._front is not None:
            self._ask(np.flatnonzero(self._front.reserving))
        else:
            for row in range(count) if play is None else np.flatnonzero(~play.active).tolist():
                self._turn(row)
        info = self._info()
        if self._final is not None:
            info["final_obs"] = self._final
            info["_final_obs"] = terminations.copy()
        truncations = np.zeros(count, dtype=np.bool_)
        return self._out(self._observations), rewards, terminations, truncations, info

    def _final_line(self, row: int, line: npt.NDArray[np.uint8]) -> None:
        """Keep ``line`` as the final observation of ``row``'s finished deal."""
        if self._final is None:
            self._final = np.full(self.num_envs, None, dtype=object)
        self._final[row] = line

    def _step_front(self, ids: npt.NDArray[np.int64]) -> None:
        """The answers of the rows in the reservation round over arrays (SPEC §3.2, §3.3)."""
        front = self._front
        assert front is not None
        rows = np.flatnonzero(front.reserving)
        if not len(rows):
            return
        self._mask[rows, encoding.DECLARE_BASE : encoding.ANNOUNCE_BASE] = False
        done = front.answer(rows, ids[rows])
        if len(done):
            self._enter(done)

    def _step_exact(
        self,
        exact: list[int],
        ids: npt.NDArray[np.int64],
        rewards: npt.NDArray[np.int64],
        terminations: npt.NDArray[np.bool_],
    ) -> None:
        """Step the rows of checked deals; hand those reaching the first card to the play."""
        rows = self._rows
        play = self._vector
        entering: list[int] = []
        ended: list[int] = []
        for row in exact:
            number = int(ids[row])
            self._mask[row, rows.ids[row]] = False
            seat = int(self._seats[row])
            scores = rows.apply(row, number)
            if scores is not None:
                rewards[row] = scores
                terminations[row] = True
                if self.observation_size:
                    line = np.zeros(self.observation_size, dtype=np.uint8)
                    line[rows.ones(row, seat)] = 1
                    self._final_line(row, line)
                ended.append(row)
                continue
            if play is not None and rows.deals[row].phase is Phase.PLAY:
                entering.append(row)
        if ended:
            done = np.array(ended, dtype=np.int64)
            self._numbers[done] += 1
            self._redeal(done)
        if entering:
            assert play is not None
            play.enter(entering, [rows.deals[row] for row in entering])
            if self._device is not None:
                self._device.put(np.array(entering, dtype=np.int64))

    def _step_play(
        self,
        play: PlayRows,
        playing: npt.NDArray[np.bool_],
        ids: npt.NDArray[np.int64],
        rewards: npt.NDArray[np.int64],
        terminations: npt.NDArray[np.bool_],
    ) -> None:
        """Step the rows ``playing`` in the numpy card play; write every row now in it
        (SPEC §5-§12)."""
        device = self._device
        finished = play.apply_all(playing, ids) if device is None else device.apply(playing, ids)
        if len(finished):
            rewards[finished] = play.settle(finished)
            terminations[finished] = True
            if device is not None and device.tensors is not None:
                lines = device.final_lines(finished, self._seats[finished])
                for place, row in enumerate(finished.tolist()):
                    self._final_line(row, lines[place])
            elif play.tensors is not None:
                seat = self._seats[finished]
                lines = play.tensors.write(
                    finished,
                    seat,
                    play.one[finished, seat],
                    play.two[finished, seat],
                    play.re_mask[finished],
                    play.declarer[finished],
                    finished=True,
                )
                for place, row in enumerate(finished.tolist()):
                    self._final_line(row, lines[place])
            self._mask[finished, : encoding.DECLARE_BASE] = False
            self._mask[finished, encoding.ANNOUNCE_BASE : encoding.ANSWER_BASE] = False
            self._numbers[finished] += 1
            if self._front is not None:
                self._deal(finished)
            else:
                self._redeal(finished)

    def _write_play(self, play: PlayRows) -> None:
        """Write the mask, seat and tensor of every row in the card play, over whole columns
        (SPEC §5.2, §6.1, §8); the other rows' are left to be written after."""
        if self._device is not None:
            observations = None if play.tensors is None else self._observations
            self._device.write(self._mask, self._seats, observations)
            return
        every = np.arange(self.num_envs)
        play.write_mask(self._mask)
        seat = play.seats(every)
        self._seats[:] = seat
        if play.tensors is not None:
            play.tensors.write(
                every,
                seat,
                play.one.ravel()[4 * every + seat],
                play.two.ravel()[4 * every + seat],
                play.re_mask,
                play.declarer,
                out=self._observations,
            )

    def _check_actions(self, actions: object) -> npt.NDArray[np.int64]:
        """``actions`` as one legal id per row, or the error naming what is wrong."""
        if isinstance(actions, (str, bytes)) or not isinstance(actions, (np.ndarray, Sequence)):
            raise _checks.type_error(actions, "actions", "array of action ids")
        try:
            array = np.asarray(actions)
        except (ValueError, TypeError, OverflowError):
            raise _checks.type_error(actions, "actions", "array of action ids") from None
        if array.ndim != 1 or (array.size and array.dtype.kind not in "iu"):
            raise _checks.type_error(actions, "actions", "1-d array of integer action ids")
        if array.shape != (self.num_envs,):
            raise InvalidValueError(
                f"actions must hold one id per row, {self.num_envs}, not {array.size}"
            )
        outside = (array < 0) | (array >= self.num_actions)
        if outside.any():
            row = int(np.argmax(outside))
            raise InvalidValueError(
                f"the action ids are 0-{self.num_actions - 1}, not "
                f"{_checks.excerpt(int(array[row]))} in row {row}"
            )
        ids = array.astype(np.int64)
        legal = self._mask[np.arange(self.num_envs), ids]
        if not legal.all():
            row = int(np.argmin(legal))
            raise IllegalActionError(
                f"action {int(ids[row])} is not legal in row {row} now; its legal ids are "
                f"{_checks.excerpt(np.flatnonzero(self._mask[row]).tolist())}",
                seat=int(self._seats[row]),
                action=str(int(ids[row])),
                rule="§5.2",
            )
        return ids

    def close(self) -> None:
        """Nothing to release: the environment holds no window, file or process."""
