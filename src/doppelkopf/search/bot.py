"""A reference search player: Monte-Carlo search over the worlds of its view (PIMC).

:class:`SearchPlayer` chooses each card by *perfect-information Monte Carlo*:
it draws worlds consistent with what it has seen (:class:`WorldSampler`,
exactly uniform), plays every legal card in every world, finishes each of
those positions with a fast playout (:func:`~doppelkopf.search.playouts`),
and plays the card whose settled score for its own seat is highest on
average.  The same worlds serve every candidate card, so the comparison is
paired and the luck of the draw cancels between cards.

Why PIMC and not information-set MCTS: in a trick-taking game most of the
gain of search comes from seeing the consequences of a card in concrete
distributions, and PIMC with a uniform sampler is the simplest search that
does this well; its known weakness (it assumes it will know the hidden cards
later) matters little for the card play of a 2-against-2 deal.

Announcements are searched too: when one is legal on its turn, the player
chooses its card first, then plays that card in ``announce_worlds`` fresh
worlds with and without the announcement and announces when the paired mean
difference exceeds ``margin`` points (SPEC §8, §10).  The reservation round
and the Armut exchange are left to a :class:`~doppelkopf.HeuristicPlayer`,
whose rules are published (``announce="heuristic"`` leaves it the
announcements as well).

The worlds are drawn uniformly (``model="uniform"``, the default).  With
``model="heuristic"`` they are kept only where the other seats said Re or
Kontra at their first card exactly as a :class:`~doppelkopf.HeuristicPlayer`
would have with the hand the world gives them (its rule is published): a silent seat then holds no
strong hand, a seat that spoke at once a strong one.  When no world of many
fits (the others do not play like that), the player draws uniformly for the
rest of the deal.  Measured over 200 deals, seats rotated, the model gained
+0.016 points per deal (95 % interval of the paired difference −0.147 to
+0.180) for 44 % more time per decision, so it is not the default.

The budget is given per decision: ``worlds`` worlds (``announce_worlds`` for an
announcement, eight times as many by default), each candidate played out
``playouts`` times in each, and optionally ``time`` seconds for the whole
decision, after which no further batch of worlds is started: the card search
gets the first half of it when an announcement is searched too, the
announcement the rest.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from time import perf_counter
from typing import Final, TypeVar

from .. import _checks
from ..cards import Card
from ..deal import Action, Announce, Deal, Play, PlayerView
from ..errors import InvalidValueError
from ..parties import Announcement
from ..players import HeuristicPlayer
from ..players._seeds import check_seed
from ..scoring import settle
from . import _params
from ._model import heuristic_consistent
from .playouts import playouts
from .sampling import WorldSampler

__all__ = ["SearchPlayer"]

_T = TypeVar("_T")

_POLICIES: Final = ("random", "greedy")
_ANNOUNCING: Final = ("search", "heuristic")
_MODELS: Final = ("heuristic", "uniform")
_TRIES: Final = 20
"""Uniform draws per wanted world before the model is given up for the deal."""
_BATCH: Final = 8
"""Worlds per batch when a time budget is given: the clock is read between batches."""


class SearchPlayer:
    """A player that searches its card play by Monte-Carlo over sampled worlds (see the module).

    ``worlds``: worlds drawn per card decision; ``playouts``: playouts of each
    candidate card in each world; ``time``: seconds per decision after which
    no new batch of worlds starts (``None``: the world budget alone);
    ``policy``: the playout policy (``"random"`` or ``"greedy"``, see
    :func:`~doppelkopf.search.playouts`); ``announce``: ``"search"`` or
    ``"heuristic"``; ``margin``: the points an announcement must gain;
    ``announce_worlds``: worlds per announcement decision (default eight
    times ``worlds``); ``model``: what the player assumes of the others
    (``"heuristic"`` or ``"uniform"``, see the module); ``seed`` makes every
    choice reproducible.

    >>> from doppelkopf import Deal, HeuristicPlayer, play_deal
    >>> players = [SearchPlayer(worlds=4, seed=1)] + [HeuristicPlayer(seed=s) for s in (2, 3, 4)]
    >>> play_deal(Deal.shuffled(seed=9), players).is_finished
    True

    The ranges: ``worlds``, ``playouts`` and ``announce_worlds`` from 1 to
    1,000,000 (the default ``announce_worlds`` is capped there too); ``time``
    more than 0 and at most 86,400 seconds; ``margin`` from -1000 to 1000
    points.  A ``bool`` is no count, and NaN or infinity is no budget.

    Raises:
        InvalidTypeError: a count is not an ``int`` (``time``, ``margin``: an
            ``int`` or ``float``), or ``seed`` is neither ``int``, ``str`` nor ``None``.
        InvalidValueError: a budget out of its range, or an unknown policy, way
            of announcing or model.
    """

    def __init__(
        self,
        *,
        worlds: int = 64,
        playouts: int = 1,
        time: float | None = None,
        policy: str = "greedy",
        announce: str = "search",
        margin: float = 0.5,
        announce_worlds: int | None = None,
        model: str = "uniform",
        seed: int | str | None = None,
    ) -> None:
        worlds = _params.count(worlds, "worlds")
        playouts = _params.count(playouts, "playouts")
        time = None if time is None else _params.seconds(time, "time")
        if policy not in _POLICIES:
            raise InvalidValueError(
                f"policy must be one of {', '.join(_POLICIES)}, not {_checks.excerpt(policy)}"
            )
        if announce not in _ANNOUNCING:
            raise InvalidValueError(
                f"announce must be one of {', '.join(_ANNOUNCING)}, not {_checks.excerpt(announce)}"
            )
        if model not in _MODELS:
            raise InvalidValueError(
                f"model must be one of {', '.join(_MODELS)}, not {_checks.excerpt(model)}"
            )
        margin = _params.points(margin, "margin")
        check_seed(seed)
        if announce_worlds is None:
            chosen = min(8 * worlds, _params.MAX_COUNT)
        else:
            chosen = _params.count(announce_worlds, "announce_worlds")
        self.announce_worlds = chosen
        self.announce = announce
        self.model = model
        self.margin = margin
        self.worlds = worlds
        self.playouts = playouts
        self.time = time
        self.policy = policy
        self.seed = seed
        self.rng = random.Random(seed)
        self._heuristic = HeuristicPlayer(seed=self.rng.randrange(2**32))
        self._last_sampler: WorldSampler | None = None
        self._misfit_since: int | None = None
        self._decision: tuple[tuple[object, ...], Announcement | None, Card] | None = None

    def __repr__(self) -> str:
        return (
            f"SearchPlayer(worlds={self.worlds}, playouts={self.playouts}, time={self.time!r}, "
            f"policy={self.policy!r}, announce={self.announce!r}, margin={self.margin!r}, "
            f"announce_worlds={self.announce_worlds}, model={self.model!r}, seed={self.seed!r})"
        )

    def act(self, view: PlayerView) -> Action | None:
        """The player's action (see :class:`~doppelkopf.Player`): searched cards, heuristic answers.

        On turn in the card play it is :meth:`announcement` if that is not
        ``None``, else :meth:`card`; the two answer apart the questions this
        one answers together.

        Raises:
            InvalidTypeError: ``view`` is not a :class:`~doppelkopf.PlayerView`.
            InconsistentViewError: no deal gives ``view``, decided exactly
                where it can be, else once the ``time`` budget (or 10,000
                draws) passes without a single world
                (:meth:`~doppelkopf.search.WorldSampler.sample`).
        """
        view = _checks.instance(view, PlayerView, "view")
        if not _in_card_play(view):
            return self._heuristic.act(view)
        if self.announce == "heuristic":
            level = self._heuristic.announcement(view)
            if level is not None:
                return Announce(view.seat, level)
        if view.turn != view.seat:
            return None
        level, card = self._decided(view)
        return Play(view.seat, card) if level is None else Announce(view.seat, level)

    def announcement(self, view: PlayerView) -> Announcement | None:
        """The announcement to make now, or ``None``: :meth:`act`'s first question (SPEC §8).

        With ``announce="heuristic"`` it is the
        :meth:`HeuristicPlayer.announcement <doppelkopf.HeuristicPlayer.announcement>`
        at any instant.  With ``announce="search"`` the player announces only
        on its turn, before its card: the first legal level, when playing the
        searched card after it gains more than ``margin`` points on average
        (see the module); off turn, before the card play and while nothing is
        legal the answer is ``None``.  The card searched with it is kept, and
        :meth:`card` of the same view returns it without a second search, so
        that asking "announce now?" and then "which card?" gives the decision
        of :meth:`act`.

        >>> from doppelkopf import Deal, Reservation
        >>> deal = Deal.shuffled(seed=5)
        >>> for seat in range(4):
        ...     deal = deal.declare(seat, Reservation.HEALTHY)
        >>> player = SearchPlayer(worlds=4, seed=0)
        >>> level = player.announcement(deal.view(0))
        >>> level is None or Announce(0, level) in deal.legal_actions
        True
        >>> player.act(deal.view(0)) == (
        ...     Play(0, player.card(deal.view(0))) if level is None else Announce(0, level))
        True

        Raises:
            InvalidTypeError, InconsistentViewError: see :meth:`act`.
        """
        view = _checks.instance(view, PlayerView, "view")
        if not _in_card_play(view):
            return None
        if self.announce == "heuristic":
            return self._heuristic.announcement(view)
        if view.turn != view.seat or not any(isinstance(a, Announce) for a in view.legal_actions):
            return None
        return self._decided(view)[0]

    def _decided(self, view: PlayerView) -> tuple[Announcement | None, Card]:
        """The announcement and the card searched for ``view`` on turn, kept for the same view."""
        key = view.key
        kept = self._decision
        if kept is not None and kept[0] == key:
            return kept[1], kept[2]
        level, card = self._searched(view)
        self._decision = (key, level, card)
        return level, card

    def _searched(self, view: PlayerView) -> tuple[Announcement | None, Card]:
        """The announcement (or none) and the card chosen by search (SPEC §5.2, §8)."""
        started = perf_counter()
        legal = [action.card for action in view.legal_actions if isinstance(action, Play)]
        levels = [a.level for a in view.legal_actions if isinstance(a, Announce)]
        budget = self.time
        if not legal:
            raise InvalidValueError(f"seat {view.seat} has no card to play now (SPEC §5.2)")
        if self.announce == "search" and levels:
            # The card first, then the announcement with that card: both
            # answers in the same worlds, so the difference is paired world by
            # world; it is made when it gains more than ``margin`` points on
            # average (SPEC §8, §10).  A time budget gives each half.
            half = None if budget is None else started + budget / 2
            card = self._card(view, legal, half) if len(legal) > 1 else legal[0]
            end = None if budget is None else started + budget
            gain = self._announcement_gain(view, card, levels[0], end)
            return (levels[0] if gain > self.margin else None), card
        end = None if budget is None else started + budget
        return None, self._card(view, legal, end)

    def _announcement_gain(
        self, view: PlayerView, card: Card, level: Announcement, end: float | None
    ) -> float:
        """The mean score gained by announcing ``level`` before ``card``, paired world by world."""
        total = self.announce_worlds
        batch = total if end is None else _BATCH * 8
        done = 0
        gain = 0.0
        while done < total:
            size = min(batch, total - done)
            worlds = self._worlds(view, size, end)
            silent = self._evaluate(view, [card], None, worlds, None)[0]
            loud = self._evaluate(view, [card], level, worlds, None)[0]
            gain += (loud - silent) * size
            done += size
            if end is not None and perf_counter() >= end:
                break
        return gain / done

    def card(self, view: PlayerView) -> Card:
        """The card with the best average score over the sampled worlds (SPEC §5.2).

        :meth:`act`'s second question: after :meth:`announcement` of the
        same view it is the card searched there.

        >>> from doppelkopf import Deal, Reservation
        >>> deal = Deal.shuffled(seed=5)
        >>> for seat in range(4):
        ...     deal = deal.declare(seat, Reservation.HEALTHY)
        >>> SearchPlayer(worlds=4, seed=0).card(deal.view(0)) in deal.legal_cards()
        True

        Raises:
            InvalidTypeError, InconsistentViewError: see :meth:`act`.
            InvalidValueError: the view has no card to play.
        """
        started = perf_counter()
        view = _checks.instance(view, PlayerView, "view")
        kept = self._decision
        if kept is not None and kept[0] == view.key:
            return kept[2]
        legal = [action.card for action in view.legal_actions if isinstance(action, Play)]
        if len(legal) <= 1:
            if not legal:
                raise InvalidValueError(f"seat {view.seat} has no card to play now (SPEC §5.2)")
            return legal[0]
        return self._card(view, legal, None if self.time is None else started + self.time)

    def _card(self, view: PlayerView, legal: list[Card], end: float | None) -> Card:
        totals = self._evaluate(view, legal, None, None, end)
        best = max(totals)
        return legal[totals.index(best)]

    def evaluate(
        self,
        view: PlayerView,
        cards: Sequence[Card],
        *,
        announce: Announcement | None = None,
        worlds: Sequence[Deal] | None = None,
    ) -> list[float]:
        """The viewer's average settled score after each of ``cards``, over sampled worlds.

        ``announce``: the announcement made before the card, if any.  Every
        card is tried in the same worlds: ``worlds`` if given, else worlds
        drawn here.  With a ``time`` budget, batches of worlds are drawn
        until the budget or ``worlds`` is spent (at least one batch).

        ``cards`` and ``worlds`` are lists or tuples; ``worlds`` holds at least
        one deal.  A card the viewer may not play in a world is refused by the
        rules of that world (SPEC §5.2).
        """
        _checks.instance(view, PlayerView, "view")
        cards = tuple(_sequence(cards, Card, "cards"))
        if announce is not None:
            _checks.instance(announce, Announcement, "announce")
        if worlds is not None:
            worlds = _sequence(worlds, Deal, "worlds")
            if not worlds:
                raise InvalidValueError("worlds must hold at least one deal, not none")
        end = None if self.time is None else perf_counter() + self.time
        return self._evaluate(view, cards, announce, worlds, end)

    def _evaluate(
        self,
        view: PlayerView,
        cards: Sequence[Card],
        announce: Announcement | None,
        worlds: Sequence[Deal] | None,
        end: float | None,
    ) -> list[float]:
        """:meth:`evaluate` with the instant ``end`` after which no batch starts."""
        seat = view.seat
        sums = [0.0] * len(cards)
        pool = list(worlds) if worlds is not None else None
        done = 0
        limit = len(pool) if pool is not None else self.worlds
        while done < limit:
            batch = min(limit - done, _BATCH if end is not None else limit)
            drawn = (
                pool[done : done + batch] if pool is not None else self._worlds(view, batch, end)
            )
            self._play_out(drawn, seat, cards, announce, sums)
            done += batch
            if end is not None and perf_counter() >= end:
                break
        return [total / (done * self.playouts) for total in sums]

    def _play_out(
        self,
        worlds: Sequence[Deal],
        seat: int,
        cards: Sequence[Card],
        announce: Announcement | None,
        sums: list[float],
    ) -> None:
        """Adds to ``sums[i]`` the scores of ``seat`` after ``cards[i]`` in every world."""
        positions: list[Deal] = []
        owners: list[int] = []
        for drawn in worlds:
            world = drawn if announce is None else drawn.announce(seat, announce)
            for which, card in enumerate(cards):
                after = world.play(seat, card)
                if after.is_finished:
                    # The last card: the deal is settled as it stands.
                    sums[which] += settle(after).scores[seat] * self.playouts
                    continue
                positions.extend([after] * self.playouts)
                owners.extend([which] * self.playouts)
        if positions:
            result = playouts(positions, policy=self.policy, seed=self.rng.randrange(2**63))
            for which, scores in zip(owners, result.scores, strict=True):
                sums[which] += scores[seat]

    def worlds_of(self, view: PlayerView, count: int) -> list[Deal]:
        """``count`` worlds of ``view`` as the player's ``model`` sees them (see the module).

        >>> from doppelkopf import Deal, Reservation
        >>> deal = Deal.shuffled(seed=5)
        >>> for seat in range(4):
        ...     deal = deal.declare(seat, Reservation.HEALTHY)
        >>> worlds = SearchPlayer(seed=0).worlds_of(deal.view(0), 3)
        >>> [world.view(0) == deal.view(0) for world in worlds]
        [True, True, True]

        ``count`` is an ``int`` from 0 to 1,000,000.  With a ``time`` budget,
        a view for which no world is found within it is refused.

        Raises:
            InvalidTypeError: ``view`` is not a view, or ``count`` not an ``int``.
            InvalidValueError: ``count`` is out of its range.
            InconsistentViewError: no deal gives ``view`` (see
                :class:`~doppelkopf.search.WorldSampler`), or none was found in the budget.
        """
        view = _checks.instance(view, PlayerView, "view")
        count = _params.count(count, "count", 0)
        return self._worlds(view, count, None if self.time is None else perf_counter() + self.time)

    def _worlds(self, view: PlayerView, count: int, end: float | None) -> list[Deal]:
        """:meth:`worlds_of` within the decision's budget: with none of ``view``'s worlds
        found by the instant ``end``, the view is refused (:meth:`WorldSampler.sample`)."""
        sampler = self._sampler_of(view)
        rng, budget = self.rng, self.time

        def sample() -> Deal:
            return sampler._sample(rng, end, budget)

        misfit = self._misfit_since
        if misfit is not None and view.moment < misfit:
            misfit = self._misfit_since = None  # a new deal
        if self.model == "uniform" or misfit is not None:
            return [sample() for _ in range(count)]
        kept: list[Deal] = []
        seat = view.seat
        for _ in range(_TRIES * count):
            world = sample()
            if heuristic_consistent(world, seat):
                kept.append(world)
                if len(kept) == count:
                    return kept
        if not kept:
            self._misfit_since = view.moment
        kept.extend(sample() for _ in range(count - len(kept)))
        return kept

    def _sampler_of(self, view: PlayerView) -> WorldSampler:
        """The sampler of ``view``, kept for the next question about the same view."""
        cached = self._last_sampler
        if cached is not None and cached.view == view:
            return cached
        sampler = self._last_sampler = WorldSampler(view)
        return sampler


def _in_card_play(view: PlayerView) -> bool:
    """Whether ``view`` is in the card play: a contract and no Armut exchange under way."""
    if view.game_type is None:
        return False
    poverty = view.poverty
    return poverty is None or poverty.cards_returned


def _sequence(values: object, cls: type[_T], name: str) -> tuple[_T, ...]:
    """``values`` as a tuple if it is a list or tuple of ``cls``; else the library's error."""
    if not isinstance(values, list | tuple):
        raise _checks.type_error(values, name, f"list or tuple of {cls.__name__}")
    return tuple(_checks.instance(value, cls, f"{name}[...]") for value in values)
