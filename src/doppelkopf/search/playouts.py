"""Playouts: many positions of the card play played to their end and settled (SPEC §5–§12).

:func:`playouts` is the inner loop of a search: given the deals of many
sampled worlds, it plays each to its end with a cheap policy and returns what
every seat would write on the score sheet.  With numpy installed
(``pip install ".[fast]"`` from a checkout) the games run side by side over arrays;
without it a pure-Python engine plays them through the public
:class:`~doppelkopf.Deal` API.  Either way every score is exactly
``settle(finished_deal).scores``.
"""

from __future__ import annotations

import importlib.util
import random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final

from .. import _checks
from ..cards import DISTINCT_CARDS, Card
from ..deal import Deal
from ..errors import InvalidValueError, WrongPhaseError
from ..players._seeds import check_seed
from ..rules import GameType
from ..scoring import settle
from ._playout_tables import Memo, Start, greedy_index, order_tables, start_of

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["POLICIES", "PlayoutResult", "playouts"]

POLICIES: Final = ("random", "greedy")
"""The names :func:`playouts` accepts as ``policy``."""

_ENGINE: str | None = None
"""``"numpy"`` or ``"python"`` to choose the engine; ``None`` chooses numpy when installed."""

Scores = tuple[int, int, int, int]


def _engine() -> str:
    if _ENGINE is not None:
        return _ENGINE
    return "numpy" if importlib.util.find_spec("numpy") is not None else "python"


def _check_parts(
    policy: object, engine: object, scores: object, array: object, cards: object
) -> None:
    """Refuse parts that :func:`playouts` would never hand a :class:`PlayoutResult`.

    A result is built by :func:`playouts`; one built by hand must still hold one
    of the policies, one of the engines, and either scores (four ints a game,
    summing to zero: SPEC §12) or an array of shape ``(games, 4)``, with the
    recorded cards of as many games or none.
    """
    if policy not in POLICIES or type(policy) is not str:
        raise InvalidValueError(f"policy must be one of {POLICIES}, not {_checks.excerpt(policy)}")
    if engine not in ("numpy", "python") or type(engine) is not str:
        raise InvalidValueError(
            f"engine must be 'numpy' or 'python', not {_checks.excerpt(engine)}"
        )
    if (scores is None) == (array is None):
        raise InvalidValueError("a playout result holds either scores or an array of them")
    if scores is not None:
        if not isinstance(scores, list | tuple):
            raise _checks.type_error(scores, "scores", "list or tuple of score rows")
        for row in scores:
            if (
                not isinstance(row, tuple)
                or len(row) != 4
                or any(type(score) is not int for score in row)
                or sum(row) != 0
            ):
                raise InvalidValueError(
                    f"a row of scores is four ints that sum to 0, not {_checks.excerpt(row)}",
                    rule="§12",
                )
        games = len(scores)
    else:
        shape = getattr(array, "shape", None)
        if not (isinstance(shape, tuple) and len(shape) == 2 and shape[1] == 4):
            raise _checks.type_error(array, "array", "numpy array of shape (games, 4)")
        games = shape[0]
    if cards is not None and (not isinstance(cards, list | tuple) or len(cards) != games):
        raise _checks.type_error(cards, "cards", f"list or tuple of {games} recorded games")


class PlayoutResult:
    """The finished playouts of one call of :func:`playouts`, in the order of its deals.

    Read-only.  ``scores[i]`` holds the four entries of the score sheet of game
    ``i`` by seat (SPEC §12), exactly ``settle(finished_deal).scores``;
    :attr:`totals` and :attr:`means` sum and average them per seat, and
    :meth:`to_numpy` gives them as an array of shape ``(games, 4)``.  With
    ``record=True`` :meth:`cards` gives the cards each game played after its
    given position.

    >>> from doppelkopf import Deal, Reservation
    >>> deal = Deal.shuffled(seed=7)
    >>> for seat in range(4):
    ...     deal = deal.declare(seat, Reservation.HEALTHY)
    >>> result = playouts([deal, deal], seed=1, record=True)
    >>> len(result), len(result.cards(1)), sum(result.scores[0]), result.policy
    (2, 48, 0, 'random')
    """

    __slots__ = ("_array", "_cards", "_engine", "_policy", "_rows", "_scores")

    def __init__(
        self,
        policy: str,
        engine: str,
        scores: Sequence[Scores] | None,
        array: npt.NDArray[np.int64] | None,
        cards: Sequence[tuple[Card, ...] | tuple[npt.NDArray[np.int64], int]] | None,
    ) -> None:
        _check_parts(policy, engine, scores, array, cards)
        self._policy = policy
        self._engine = engine
        self._scores: tuple[Scores, ...] | None = None if scores is None else tuple(scores)
        self._array = array
        self._cards = cards
        self._rows = len(scores) if scores is not None else len(array)  # type: ignore[arg-type]

    def __len__(self) -> int:
        return self._rows

    def __repr__(self) -> str:
        return f"<PlayoutResult {self._rows} games policy={self._policy!r} totals={self.totals}>"

    @property
    def policy(self) -> str:
        """The policy the seats played by (one of :data:`POLICIES`)."""
        return self._policy

    @property
    def engine(self) -> str:
        """``"numpy"`` (the vectorised engine) or ``"python"`` (the public API)."""
        return self._engine

    @property
    def recorded(self) -> bool:
        """Whether the cards were recorded (``record=True``)."""
        return self._cards is not None

    @property
    def scores(self) -> tuple[Scores, ...]:
        """Each game's score-sheet entries by seat (SPEC §12), in the order of the deals."""
        if self._scores is None:
            assert self._array is not None
            self._scores = tuple(map(tuple, self._array.tolist()))
        return self._scores

    @property
    def totals(self) -> Scores:
        """The sum of every game's scores, by seat."""
        if self._array is not None:
            a, b, c, d = (int(total) for total in self._array.sum(axis=0))
        else:
            a, b, c, d = (sum(column) for column in zip(*self.scores, strict=True))
        return (a, b, c, d)

    @property
    def means(self) -> tuple[float, float, float, float]:
        """The mean score per game, by seat."""
        a, b, c, d = (total / self._rows for total in self.totals)
        return (a, b, c, d)

    def score(self, game: int) -> Scores:
        """The score-sheet entries of game ``game`` by seat (SPEC §12).

        Raises:
            InvalidTypeError: ``game`` is not an ``int``.
            InvalidValueError: there is no game ``game``.
        """
        return self.scores[self._index(game)]

    def cards(self, game: int) -> tuple[Card, ...]:
        """The cards game ``game`` played after its given position, in order (SPEC §5.1).

        Raises:
            InvalidTypeError: ``game`` is not an ``int``.
            InvalidValueError: there is no game ``game``, or the cards were
                not recorded (``record=False``).
        """
        index = self._index(game)
        if self._cards is None:
            raise InvalidValueError(
                "the cards of playouts are kept only with playouts(..., record=True)"
            )
        item = self._cards[index]
        if len(item) == 2 and not isinstance(item[0], Card):
            array, start = item
            return tuple(DISTINCT_CARDS[card] for card in array[start:].tolist())
        return item

    def to_numpy(self) -> npt.NDArray[np.int64]:
        """The scores as a numpy array of shape ``(games, 4)`` (needs numpy)."""
        import numpy as np

        if self._array is None:
            self._array = np.array(self.scores, dtype=np.int64).reshape(-1, 4)
        return self._array.copy()

    def _index(self, game: object) -> int:
        if type(game) is not int:
            raise _checks.type_error(game, "game", "int")
        if not -self._rows <= game < self._rows:
            raise InvalidValueError(
                f"game must be one of the {self._rows} playouts, not {_checks.excerpt(game)}"
            )
        return game % self._rows


def _checked_deals(deals: object) -> list[Deal]:
    if isinstance(deals, Deal):
        raise _checks.type_error(deals, "deals", "sequence of Deal (a single deal: [deal])")
    if isinstance(deals, (str, bytes, bytearray)) or not isinstance(deals, Iterable):
        raise _checks.type_error(deals, "deals", "sequence of Deal")
    items = list(deals)
    if not items:
        raise InvalidValueError("playouts need at least one deal")
    return items


def _checked_policy(policy: object) -> str:
    if type(policy) is not str:
        raise _checks.type_error(policy, "policy", "str")
    if policy not in POLICIES:
        raise InvalidValueError(
            f"policy must be one of {', '.join(map(repr, POLICIES))}, not {_checks.excerpt(policy)}"
        )
    return policy


def _starts(deals: list[Deal]) -> list[Start]:
    memo = Memo()
    starts = []
    for number, deal in enumerate(deals):
        if type(deal) is not Deal:
            raise _checks.type_error(deal, f"deals[{number}]", "Deal")
        start = start_of(deal, memo)
        if start is None:
            raise WrongPhaseError(
                f"deals[{number}] is in phase {deal.phase.value!r}: playouts start in the "
                "card play, once the contract and any Armut exchange are complete",
                action="playouts",
                rule="§3.5, V§6.5",
            )
        starts.append(start)
    return starts


def playouts(
    deals: Sequence[Deal],
    *,
    policy: str = "random",
    seed: int | str | None = None,
    record: bool = False,
) -> PlayoutResult:
    """Play every deal to its end once and settle it (SPEC §5, §7, §9–§12, V§1–§2, V§5).

    ``deals`` are positions in the card play (:attr:`~doppelkopf.Phase.PLAY`):
    the contract is fixed and any Armut exchange done; a trick may be in
    progress, announcements may have been made and a marriage may wait for
    its clarification trick.  Every seat plays by ``policy`` and nobody
    announces anything more:

    - ``"random"``: uniformly among the distinct legal cards
      (:meth:`Deal.legal_cards <doppelkopf.Deal.legal_cards>`), as
      :class:`~doppelkopf.players.RandomPlayer` chooses its cards;
    - ``"greedy"``: leads a plain ace if it holds one (the strongest of
      them), else its strongest card (the highest trump, else the highest
      plain card); when the card winning the trick so far is of its
      own party, as far as the parties are fixed (SPEC §6, §7.2), it plays its
      legal card worth most card points; otherwise it wins the trick with its
      weakest winning card if it can, and else plays its legal card worth
      fewest card points (ties: the weakest card, then the lowest card index).
      It sees every hand's party but plays no card it could not play.

    Each finished game is settled exactly as ``settle(finished_deal)`` (a
    marriage clarified or turned solo during the playout included, SPEC §7),
    under the deal's own rules.  ``seed`` (an ``int``, a ``str`` or ``None``
    for fresh randomness) makes the result reproducible with the same engine;
    ``record=True`` keeps the cards for :meth:`PlayoutResult.cards`.

    >>> from doppelkopf import Deal, Reservation, settle
    >>> deal = Deal.shuffled(seed=3)
    >>> for seat in range(4):
    ...     deal = deal.declare(seat, Reservation.HEALTHY)
    >>> result = playouts([deal] * 200, seed=5, record=True)
    >>> finished = deal
    >>> for card in result.cards(0):
    ...     finished = finished.play(finished.turn, card)
    >>> settle(finished).scores == result.scores[0], sum(result.totals)
    (True, 0)

    Raises:
        InvalidTypeError: ``deals`` is no sequence of :class:`~doppelkopf.Deal`,
            ``policy`` no ``str``, ``seed`` no ``int``, ``str`` or ``None``,
            ``record`` no ``bool``.
        InvalidValueError: no deals, or an unknown policy.
        WrongPhaseError: a deal is not in the card play (reservations, the Armut
            exchange, finished or void).
    """
    items = _checked_deals(deals)
    chosen = _checked_policy(policy)
    master = random.Random(check_seed(seed))
    _checks.flag(record, "record")
    starts = _starts(items)
    if _engine() == "numpy":
        return _numpy_playouts(items, starts, chosen, master, record)
    played = [_api_playout(deal, chosen == "greedy", master) for deal in items]
    return PlayoutResult(
        chosen,
        "python",
        [scores for scores, _ in played],
        None,
        [cards for _, cards in played] if record else None,
    )


def _numpy_playouts(
    deals: list[Deal], starts: list[Start], policy: str, master: random.Random, record: bool
) -> PlayoutResult:
    """:func:`playouts` with the vectorised engine, one call per hand size."""
    import numpy as np

    from . import _vector

    generator = np.random.default_rng(master.getrandbits(128))
    greedy = policy == "greedy"
    groups: dict[int, list[int]] = {}
    exact: list[int] = []
    for number, start in enumerate(starts):
        if start.pending and not _same_marriage_order(start):
            exact.append(number)
        else:
            groups.setdefault(start.rules.tricks, []).append(number)
    scores = np.empty((len(starts), 4), dtype=np.int64)
    cards: list[tuple[Card, ...] | tuple[npt.NDArray[np.int64], int]] = [()] * len(starts)
    for numbers in groups.values():
        group, played = _vector.play([starts[n] for n in numbers], greedy=greedy, rng=generator)
        scores[numbers] = group
        if record:
            for row, number in enumerate(numbers):
                start = starts[number]
                cards[number] = (played[row], len(start.history) + len(start.trick))
    for number in exact:
        scores[number], cards[number] = _api_playout(deals[number], greedy, master)
    return PlayoutResult(policy, "numpy", None, scores, cards if record else None)


_SAME_ORDER: Final[dict[int, bool]] = {}


def _same_marriage_order(start: Start) -> bool:
    """Whether a marriage turned solo keeps the tables of the marriage (SPEC §4.1, §7.3).

    The vectorised engine keeps one card order per game; a pending marriage
    whose solo order differed would be played by the exact path instead.
    """
    order = start.order
    same = _SAME_ORDER.get(id(order))
    if same is None:
        solo = start.rules.card_order(GameType.MARRIAGE_SOLO, schweine=order.schweine)
        same = _SAME_ORDER[id(order)] = order_tables(order)[1:] == order_tables(solo)[1:]
    return same


def _api_playout(deal: Deal, greedy: bool, rng: random.Random) -> tuple[Scores, tuple[Card, ...]]:
    """Play ``deal`` to its end through the public API and settle it: the exact path."""
    played = []
    turn = deal.turn
    while turn is not None:
        legal = deal.legal_cards()
        card = _greedy_card(deal, legal) if greedy else legal[int(rng.random() * len(legal))]
        deal = deal.play(turn, card)
        played.append(card)
        turn = deal.turn
    return settle(deal).scores, tuple(played)


def _greedy_card(deal: Deal, legal: tuple[Card, ...]) -> Card:
    """The greedy policy's card (see :func:`playouts`), from the deal's public state."""
    order = deal.card_order
    assert order is not None
    assert deal.turn is not None
    trick = deal.current_trick
    index = greedy_index(
        order_tables(order),
        sorted(card.index for card in legal),
        trick=[card.index for card in trick.cards],
        leader=trick.leader,
        seat=deal.turn,
        parties=deal.parties,
        last=len(deal.tricks) == deal.rules.tricks - 1,
    )
    return DISTINCT_CARDS[index]
