"""The deals a player cannot tell apart: sampling the hidden cards of a view (SPEC §6.1, V§6.7).

A :class:`~doppelkopf.PlayerView` is an information set.  A *world* is a full
:class:`~doppelkopf.Deal` at the same position that gives the same view: the
viewer's own cards, every card played, every announcement, the contract and
the procedures as the viewer saw them.  :func:`sample_deal` draws one;
:class:`WorldSampler` draws many from one view; :func:`deal_from_view` builds
the world for given hands.

What a world must respect (each a rule the view reveals):

- the hand sizes and the cards played (SPEC §5.2);
- *voids*: a seat that did not follow a category holds none of it (SPEC §5.2);
- the ♣Q: a seat known to be Re by a card or an announcement was dealt one,
  a seat known to be Kontra none, a marriage player both (SPEC §6, §7.1);
- the Schweine: the seat named holds both ♦A, and with none named in a game
  that has them no seat was dealt both (V§2.3);
- each *Vorbehalt* that did not win must have been a wish the hand allowed
  and that loses to the contract (SPEC §3.3, V§6.2, V§9.2);
- the Armut exchange: the poor player passed all its trumps, the acceptor
  returned as many trumps as announced (V§6.3, V§6.7).

**Uniform.**  Worlds are drawn uniformly among the ways to hand out the
unseen *physical* cards, as a shuffled deck deals them: two copies of one card
split between two seats count as two ways, once per copy.  What the
current hands do not fix — which wish a losing *Vorbehalt* was, which cards
an Armut exchange moved where the viewer did not see them — is drawn
uniformly among the choices consistent with the drawn hands.  The counts are
exact integers (dynamic programming over the 24 distinct cards), so the draw
is exactly uniform, not approximately.

>>> import random
>>> from doppelkopf import Deal, RandomPlayer, play_deal
>>> from doppelkopf.players import iter_deal
>>> deal = Deal.shuffled(seed=7)
>>> for step in iter_deal(deal, [RandomPlayer(seed=s) for s in range(4)]):
...     if step.deal.moment == 20:
...         deal = step.deal
...         break
>>> world = sample_deal(deal.view(1), random.Random(0))
>>> world.view(1) == deal.view(1), world.hands[1] == deal.hands[1]
(True, True)
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from time import perf_counter
from typing import Final

from .. import _checks
from ..cards import Hand
from ..deal import Deal, Declare, PlayerView, Reservation
from ..deal._positions import placed
from ..deal.dealing import hand_of
from ..deal.machine import _deal
from ..deal.procedures import declare_choices
from ..deal.views import _public_answer
from ..errors import DoppelkopfError
from . import _params
from ._facts import (
    CLUB_QUEEN,
    Exchange,
    add_exchange,
    add_queens,
    add_schweine,
    add_voids,
    count,
)
from ._replay import exchange_cards, observed_actions, own_answer, resolves_as
from ._worlds import WorldCounter

__all__ = ["InconsistentViewError", "WorldSampler", "deal_from_view", "sample_deal"]

_CLUB_QUEEN_SHIFT: Final = 2 * CLUB_QUEEN
_HEALTHY: Final = Reservation.HEALTHY
_VORBEHALT: Final = Reservation.VORBEHALT
_DECLINE: Final = Reservation.DECLINE
_ATTEMPTS: Final = 10_000
"""Draws one call of :meth:`WorldSampler.sample` makes at most."""
_DECIDE_AFTER: Final = 16
"""Rejected draws, none accepted yet, after which the sampler decides whether any world exists
where that can be decided exactly."""
_MIN_DRAWS: Final = 64
"""Draws made before a time budget is looked at."""
_CACHED: Final = 4096


class InconsistentViewError(DoppelkopfError, ValueError):
    """No deal gives this view, or the hands given contradict it (SPEC §6.1).

    A view taken from a deal always has worlds; a view built by hand, or
    hands that break what the view shows, may not.
    """


class WorldSampler:
    """Draws worlds of one view, each exactly uniformly (see :mod:`doppelkopf.search.sampling`).

    Building one counts the ways once (about a millisecond in mid-game);
    every draw after that is cheap.  :attr:`ways` is the number of ways to
    hand out the unseen physical cards that the card facts allow (before the
    checks of losing *Vorbehalt* wishes and unseen exchanges, which reject and
    redraw); :attr:`draws` counts the draws made so far.

    What is decided before any world is drawn, exactly: whether the unseen
    cards can be handed out at all — the cards left against the hand sizes,
    every void against the cards left, the ♣Q each known party and marriage
    holds, the Schweine, the Armut's trumps — so a view where they cannot
    raises :class:`InconsistentViewError` here.  What depends on the drawn
    hands is decided by drawing: when the view hides no *Vorbehalt* and no
    Armut exchange, whether it has a world depends only on how the ♣Q lie,
    and after a few rejected draws every way they can lie is tried once, so
    an impossible view is refused after a few dozen draws.  A hidden wish or
    exchange is checked by drawing alone, within the budget of
    :meth:`sample`.

    >>> import random
    >>> from doppelkopf import Deal, Reservation
    >>> deal = Deal.shuffled(seed=1)
    >>> for seat in range(4):
    ...     deal = deal.declare(seat, Reservation.HEALTHY)
    >>> sampler = WorldSampler(deal.view(0))
    >>> sampler.ways == 36 * 35 * 34 // 6 // 6 * 2 ** 0 or sampler.ways > 10**10
    True
    >>> sampler.sample(random.Random(1)).view(0) == deal.view(0), sampler.draws
    (True, 1)

    Raises:
        InvalidTypeError: ``view`` is not a :class:`~doppelkopf.PlayerView`.
        InconsistentViewError: the unseen cards cannot be handed out as the view requires.
    """

    __slots__ = (
        "_bounds",
        "_counter",
        "_draws",
        "_exchange",
        "_found",
        "_holders",
        "_known_answers",
        "_merged",
        "_played",
        "_prototypes",
        "_rejected",
        "_sizes",
        "_unseen",
        "_wishes",
        "view",
    )

    def __init__(self, view: PlayerView) -> None:
        view = _checks.instance(view, PlayerView, "view")
        self.view: PlayerView = view
        """The view whose worlds are drawn."""
        seat = view.seat
        played = [0, 0, 0, 0]
        for trick in (*view.tricks, view.current_trick):
            for player, card in trick:
                played[player] += 1 << (2 * card.index)
        self._played = tuple(played)
        holders = tuple(s for s in range(4) if s != seat)
        self._holders = holders
        sizes = [view.hand_sizes[h] for h in holders]
        unseen_bits = view.rules.deck_bits - view.hand.bits - sum(played)
        bounds: list[dict[int, tuple[int, int]]] = [{}, {}, {}]

        def bound(holder: int, index: int, low: int = 0, high: int = 2) -> None:
            h = holders.index(holder)
            old_low, old_high = bounds[h].get(index, (0, 2))
            bounds[h][index] = (max(old_low, low), min(old_high, high))

        add_voids(view, bound)
        add_queens(view, holders, played, bound)
        add_schweine(view, holders, played, bound)
        # The Armut exchange (V§6.3, V§6.7) and a thrower's shown hand (V§7.2).
        facts = add_exchange(view, holders, played, bound, sizes)
        self._exchange = facts.stage
        self._merged = facts.merged
        unseen_bits -= facts.on_table
        void = view.void
        if void is not None and void.shown is not None and void.seat != seat:
            shown = void.shown.bits
            for index in range(24):
                bound(void.seat, index, count(shown, index), count(shown, index))
        self._add_facts(bound)
        self._bounds = bounds
        self._sizes = sizes
        self._unseen = {i: count(unseen_bits, i) for i in range(24) if count(unseen_bits, i)}
        self._counter = WorldCounter(
            self._unseen,
            sizes,
            bounds,
            counter=facts.counter,
            counted=facts.counted,
            ends=facts.ends,
        )
        if self._counter.total == 0:
            raise InconsistentViewError(
                f"no deal gives the view of seat {seat}: the unseen cards cannot be handed "
                "out to fit its hand sizes, voids, ♣Q, Schweine and Armut (SPEC §6.1)"
            )
        winner = _public_answer(view)
        self._wishes = tuple(
            h for h in holders if view.declared[h] and (winner is None or winner.seat != h)
        )
        self._prototypes: dict[object, Deal | None] = {}
        self._known_answers: list[Declare | None] | None = None
        self._draws = 0
        self._rejected = 0
        self._found = False

    def _add_facts(self, bound: Callable[..., None]) -> None:
        """Card facts beyond the view's, which a subclass may know; none here.

        ``bound(holder, index, low, high)`` narrows how many copies of the card
        of ``index`` the unseen hand of ``holder`` holds now.
        """

    @property
    def ways(self) -> int:
        """The number of ways to hand out the unseen physical cards that the card facts allow."""
        return self._counter.total

    @property
    def draws(self) -> int:
        """How many ways this sampler has drawn so far, the rejected ones included."""
        return self._draws

    # --- drawing ----------------------------------------------------------------

    def hands(self, rng: random.Random) -> tuple[Hand, Hand, Hand, Hand]:
        """The four current hands of one world, drawn uniformly (the viewer's own among them)."""
        return self.sample(rng).hands

    def sample(self, rng: random.Random, *, seconds: float | None = None) -> Deal:
        """One world: a deal at the view's position that gives the same view.

        ``seconds`` (more than 0, at most 86,400) bounds the search for the
        first world of a view that may have none: once this sampler has
        drawn and rejected for that long (and made at least 64 draws), it
        gives up.  After its first world the view is known to have worlds and
        the budget no longer applies.

        Raises:
            InvalidTypeError: ``rng`` is not a :class:`random.Random`, or
                ``seconds`` not a number.
            InvalidValueError: ``seconds`` is out of its range.
            InconsistentViewError: no deal gives the view (decided exactly
                where it can be, see the class), no world passed the checks
                within ``seconds``, or none in 10,000 draws.
        """
        rng = _checks.instance(rng, random.Random, "rng")
        if seconds is None:
            return self._sample(rng, None, None)
        budget = _params.seconds(seconds, "seconds")
        return self._sample(rng, perf_counter() + budget, budget)

    def _sample(self, rng: random.Random, deadline: float | None, budget: float | None) -> Deal:
        """:meth:`sample` until the instant ``deadline`` (``budget`` seconds from its start)."""
        view, holders = self.view, self._holders
        for attempt in range(1, _ATTEMPTS + 1):
            drawn = self._counter.draw(rng)
            self._draws += 1
            current = [0, 0, 0, 0]
            current[view.seat] = view.hand.bits
            for holder, bits in zip(holders, drawn, strict=True):
                current[holder] = bits
            world = self._build(current, rng)
            if world is not None:
                self._found = True
                return world
            if self._found:
                continue
            self._rejected += 1
            if self._rejected == _DECIDE_AFTER and not self._wishes and self._exchange is None:
                self._decide(rng)
            if deadline is not None and attempt >= _MIN_DRAWS and perf_counter() > deadline:
                raise InconsistentViewError(
                    f"no world of the view of seat {view.seat} passed its checks within the "
                    f"budget of {budget:g} seconds ({attempt} draws) (SPEC §6.1)"
                )
        raise InconsistentViewError(
            f"no world of the view of seat {view.seat} passed its checks in "
            f"{_ATTEMPTS:,} draws (SPEC §6.1)"
        )

    def _decide(self, rng: random.Random) -> None:
        """Whether a view that hides no wish and no exchange has a world, decided exactly.

        Such a world's deal depends on the hidden cards only through the
        ♣Q each seat was dealt (the key of :meth:`_build`).  Every way the
        unseen ♣Q can lie is drawn once; if none gives the view, none ever
        will, and the view is refused.
        """
        bounds = self._bounds
        unseen = self._unseen.get(CLUB_QUEEN, 0)
        for split in itertools.product(range(unseen + 1), repeat=3):
            if sum(split) != unseen:
                continue
            fixed = [dict(bounds[h]) for h in range(3)]
            for h, copies in enumerate(split):
                low, high = fixed[h].get(CLUB_QUEEN, (0, 2))
                if not low <= copies <= high:
                    break
                fixed[h][CLUB_QUEEN] = (copies, copies)
            else:
                counter = WorldCounter(self._unseen, self._sizes, fixed)
                if counter.total == 0:
                    continue
                current = [0, 0, 0, 0]
                current[self.view.seat] = self.view.hand.bits
                for holder, bits in zip(self._holders, counter.draw(rng), strict=True):
                    current[holder] = bits
                self._draws += 1
                if self._build(current, rng) is not None:
                    self._found = True
                    return
        raise InconsistentViewError(
            f"no deal gives the view of seat {self.view.seat}: every way the ♣Q can lie "
            "contradicts what it shows (SPEC §6.1)"
        )

    def _build(
        self, current: list[int], rng: random.Random | None, *, replayed: bool = False
    ) -> Deal | None:
        """The world with these current hands (packed), or ``None`` if none is consistent.

        ``replayed``: replay this world through the rules in full rather than
        share the state of its kind (given hands may break a void, which only
        the rules of play catch; drawn hands never do).
        """
        played = self._played
        held = [
            current[0] + played[0],
            current[1] + played[1],
            current[2] + played[2],
            current[3] + played[3],
        ]
        exchange: Exchange | None = None
        if self._exchange is not None:
            choice = exchange_cards(self.view, self._exchange, current, held, rng)
            if choice is None:
                return None
            current, held, exchange = choice
        first, second, third, fourth = held
        dealt = [hand_of(first), hand_of(second), hand_of(third), hand_of(fourth)]
        # Each seat's count of ♣Q (a generator expression here cost a tenth of a world).
        queens = (
            (first >> _CLUB_QUEEN_SHIFT) & 3,
            (second >> _CLUB_QUEEN_SHIFT) & 3,
            (third >> _CLUB_QUEEN_SHIFT) & 3,
            (fourth >> _CLUB_QUEEN_SHIFT) & 3,
        )
        if self._wishes:
            answers = self._answers(dealt, rng)
            if answers is None:
                return None
            key: object = (queens, tuple(answers), exchange)
        else:
            answers = self._seen_answers(dealt)
            key = queens if exchange is None else (queens, exchange)
        prototypes = self._prototypes
        if replayed:
            return self._prototype(dealt, answers, exchange)
        if key in prototypes:
            prototype = prototypes[key]
        else:
            prototype = self._prototype(dealt, answers, exchange)
            if len(prototypes) < _CACHED:
                prototypes[key] = prototype
        if prototype is None:
            return None
        # Every world of one key shares the replayed deal's state but for the
        # cards: the contract, parties and announcements depend on the hidden
        # cards only through the key.
        state = prototype._state
        setup = state[0]._replace(dealt=(dealt[0], dealt[1], dealt[2], dealt[3]))
        order = setup.order
        if order is None:
            packed = current[0] | current[1] << 48 | current[2] << 96 | current[3] << 144
        else:
            packed = placed(current[0], current[1], current[2], current[3], order)
        return _deal((setup, packed, state[2], state[3], state[4], state[5]))

    def _prototype(
        self,
        dealt: list[Hand],
        answers: list[Declare | None],
        exchange: Exchange | None,
    ) -> Deal | None:
        """The deal replayed through the rules for one kind of world, if it gives the view."""
        view = self.view
        actions = observed_actions(view, answers, exchange)
        try:
            deal = Deal.from_hands(
                dealt, dealer=view.dealer, rules=view.rules, owing=view.owing, forced=view.forced
            ).replay(actions)
        except DoppelkopfError:
            return None
        if deal.view(view.seat) != view:
            return None
        return deal

    def _seen_answers(self, dealt: list[Hand]) -> list[Declare | None]:
        """The answers the view shows, the viewer's own among them (the same in every world)."""
        known = self._known_answers
        if known is None:
            known = self._known_answers = self._answers(dealt, None) or []
        return known

    def _answers(self, dealt: list[Hand], rng: random.Random | None) -> list[Declare | None] | None:
        """Every seat's answer: the seen ones, and a consistent wish for each hidden *Vorbehalt*."""
        view = self.view
        rules = view.rules
        answers: list[Declare | None] = [None, None, None, None]
        for s in range(4):
            if view.declared[s] is False:
                answers[s] = Declare(s, _HEALTHY)
        if view.reservation is not None:
            answers[view.seat] = own_answer(view)
        winner = _public_answer(view)
        # A contract named in the second step of the two-step round was a
        # bare Vorbehalt in the first (SPEC §3.2).
        named_late = any(answer.reservation is not _DECLINE for answer in view.asked)
        if winner is not None and winner.seat != view.seat:
            answers[winner.seat] = Declare(winner.seat, _VORBEHALT) if named_late else winner
        if not self._wishes:
            return answers
        # Where the two-step round shows, a hidden Vorbehalt may be a bare one;
        # a seat that answered a question, or is asked one now, said a bare one.
        two_step = bool(view.asked) or view.question is not None
        bare = {answer.seat for answer in view.asked}
        if view.question is not None and view.turn is not None:
            bare.add(view.turn)
        options = [
            [Declare(h, _VORBEHALT)]
            if h in bare
            else [
                choice
                for choice in declare_choices(h, dealt[h], rules, forced=view.forced)
                if choice.reservation is not _HEALTHY
                and (two_step or choice.reservation is not _VORBEHALT)
            ]
            for h in self._wishes
        ]
        consistent = []
        for combination in itertools.product(*options):
            trial = list(answers)
            for h, choice in zip(self._wishes, combination, strict=True):
                trial[h] = choice
            if (winner is None and view.game_type is None and view.question is None) or resolves_as(
                view, trial, dealt, rules
            ):
                consistent.append(trial)
        if not consistent:
            return None
        return consistent[0] if rng is None else rng.choice(consistent)


def sample_deal(view: PlayerView, rng: random.Random | None = None) -> Deal:
    """One deal consistent with ``view``, drawn uniformly (SPEC §6.1; see the module).

    ``rng`` defaults to a fresh :class:`random.Random`.  For many draws from
    one view, build a :class:`WorldSampler` once: this function builds one per
    call.

    >>> import random
    >>> from doppelkopf import Deal
    >>> deal = Deal.shuffled(seed=4)
    >>> world = sample_deal(deal.view(2), random.Random(3))
    >>> world.view(2) == deal.view(2), world.hands[2] == deal.hands[2]
    (True, True)

    Raises:
        InvalidTypeError: ``view`` is not a view or ``rng`` not a ``random.Random``.
        InconsistentViewError: no deal gives ``view``.
    """
    sampler = WorldSampler(view)
    return sampler.sample(random.Random() if rng is None else rng)


def deal_from_view(view: PlayerView, hands: Sequence[Hand]) -> Deal:
    """The deal at ``view``'s position in which the seats hold ``hands`` now (SPEC §6.1).

    ``hands`` are the four current hands, the viewer's own among them.  What
    they leave open (a losing *Vorbehalt*'s wish, unseen exchange cards) is the
    first consistent choice.  The cut is not part of any view, so the world
    has none (``cut`` is ``None``).

    >>> from doppelkopf import Deal
    >>> deal = Deal.shuffled(seed=4)
    >>> world = deal_from_view(deal.view(0), deal.hands)
    >>> world.hands == deal.hands, world.view(0) == deal.view(0), world.cut
    (True, True, None)

    Raises:
        InvalidTypeError: ``view`` is not a view, or ``hands`` not four hands.
        InconsistentViewError: the hands contradict the view.
    """
    sampler = WorldSampler(view)
    if isinstance(hands, str) or not isinstance(hands, Sequence) or len(hands) != 4:
        raise _checks.type_error(hands, "hands", "sequence of four Hand")
    checked = [_checks.instance(hand, Hand, f"hands[{s}]") for s, hand in enumerate(hands)]
    if checked[view.seat] != view.hand:
        raise InconsistentViewError(f"hands[{view.seat}] is not the viewer's hand (SPEC §6.1)")
    current = [hand.bits for hand in checked]
    rest = view.rules.deck_bits - sum(current) - sum(sampler._played)
    if sampler._merged >= 0:
        # The Armut cards on the table are the cards in no hand (V§6.3).
        current[sampler._merged] += rest
    elif rest:
        current = []
    world = sampler._build(current, None, replayed=True) if current else None
    if world is None:
        raise InconsistentViewError(
            f"the hands contradict what seat {view.seat} has seen (SPEC §6.1)"
        )
    return world
