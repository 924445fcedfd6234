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
from math import comb
from typing import Final

from .. import _checks
from ..cards import DISTINCT_CARDS, Card, Hand
from ..deal import (
    Action,
    AnswerPoverty,
    Deal,
    Declare,
    PassCards,
    Phase,
    Play,
    PlayerView,
    Poverty,
    Reservation,
    ReturnCards,
    resolve_round,
)
from ..deal._positions import placed
from ..deal.dealing import hand_of
from ..deal.machine import _deal
from ..deal.poverty import trump_bits
from ..deal.procedures import declare_choices
from ..deal.views import _public_answer
from ..errors import DoppelkopfError
from ..parties import Party
from ..rules import GameType, Rules
from ._worlds import WorldCounter

__all__ = ["InconsistentViewError", "WorldSampler", "deal_from_view", "sample_deal"]

_CLUB_QUEEN: Final = Card.parse("♣Q").index
_CLUB_QUEEN_SHIFT: Final = 2 * _CLUB_QUEEN
_DIAMOND_ACE: Final = Card.parse("♦A").index
_HEALTHY: Final = Reservation.HEALTHY
_SCHWEINE_GAMES: Final = frozenset({GameType.NORMAL, GameType.MARRIAGE, GameType.SILENT_MARRIAGE})
_MARRIED: Final[frozenset[GameType | None]] = frozenset(
    {GameType.MARRIAGE, GameType.MARRIAGE_SOLO, GameType.SILENT_MARRIAGE}
)
_ATTEMPTS: Final = 10_000
_CACHED: Final = 4096
_Bound = Callable[..., None]
_Exchange = tuple[tuple[Card, ...], tuple[Card, ...] | None]


class InconsistentViewError(DoppelkopfError, ValueError):
    """No deal gives this view, or the hands given contradict it (SPEC §6.1).

    A view taken from a deal always has worlds; a view built by hand, or
    hands that break what the view shows, may not.
    """


def _count(bits: int, index: int) -> int:
    return (bits >> (2 * index)) & 3


def _cards_of(bits: int) -> list[Card]:
    """The physical cards of packed ``bits``, one entry per copy."""
    cards = []
    for index in range(24):
        cards.extend([DISTINCT_CARDS[index]] * _count(bits, index))
    return cards


def _bits_of(cards: Sequence[Card]) -> int:
    return sum(1 << (2 * card.index) for card in cards)


def _trumps(bits: int, mask: int) -> int:
    held = bits & mask
    return (held & _LOW).bit_count() + ((held >> 1) & _LOW).bit_count() * 2


_LOW: Final = 0x555555555555


class WorldSampler:
    """Draws worlds of one view, each exactly uniformly (see :mod:`doppelkopf.search.sampling`).

    Building one counts the ways once (about a millisecond in mid-game);
    every draw after that is cheap.  :attr:`ways` is the number of ways to
    hand out the unseen physical cards that the card facts allow (before the
    checks of losing *Vorbehalt* wishes and unseen exchanges, which reject and
    redraw).

    >>> import random
    >>> from doppelkopf import Deal, Reservation
    >>> deal = Deal.shuffled(seed=1)
    >>> for seat in range(4):
    ...     deal = deal.declare(seat, Reservation.HEALTHY)
    >>> sampler = WorldSampler(deal.view(0))
    >>> sampler.ways == 36 * 35 * 34 // 6 // 6 * 2 ** 0 or sampler.ways > 10**10
    True
    >>> sampler.sample(random.Random(1)).view(0) == deal.view(0)
    True

    Raises:
        InvalidTypeError: ``view`` is not a :class:`~doppelkopf.PlayerView`.
        InconsistentViewError: no deal gives ``view``.
    """

    __slots__ = (
        "_bounds",
        "_counter",
        "_exchange",
        "_holders",
        "_known_answers",
        "_merged",
        "_played",
        "_prototypes",
        "_wishes",
        "view",
    )

    def __init__(self, view: PlayerView) -> None:
        view = _checks.instance(view, PlayerView, "view")
        self.view: PlayerView = view
        """The view whose worlds are drawn."""
        rules = view.rules
        seat = view.seat
        played = [0, 0, 0, 0]
        for trick in (*view.tricks, view.current_trick):
            for player, card in trick:
                played[player] += 1 << (2 * card.index)
        self._played = tuple(played)
        holders = tuple(s for s in range(4) if s != seat)
        self._holders = holders
        sizes = [view.hand_sizes[h] for h in holders]
        unseen_bits = rules.deck_bits - view.hand.bits - sum(played)
        bounds: list[dict[int, tuple[int, int]]] = [{}, {}, {}]

        def bound(holder: int, index: int, low: int = 0, high: int = 2) -> None:
            h = holders.index(holder)
            old_low, old_high = bounds[h].get(index, (0, 2))
            bounds[h][index] = (max(old_low, low), min(old_high, high))

        self._add_voids(bound)
        self._add_queens(bound)
        self._add_schweine(bound)
        # The Armut exchange (V§6.3, V§6.7) and a thrower's shown hand (V§7.2).
        self._exchange: tuple[str, tuple[Card, ...] | None, tuple[Card, ...] | None] | None = None
        self._merged = -1
        counter, counted, ends, on_table = self._add_exchange(bound, sizes)
        unseen_bits -= on_table
        void = view.void
        if void is not None and void.shown is not None and void.seat != seat:
            shown = void.shown.bits
            for index in range(24):
                bound(void.seat, index, _count(shown, index), _count(shown, index))
        self._bounds = bounds
        unseen = {i: _count(unseen_bits, i) for i in range(24) if _count(unseen_bits, i)}
        self._counter = WorldCounter(
            unseen, sizes, bounds, counter=counter, counted=counted, ends=ends
        )
        if self._counter.total == 0:
            raise InconsistentViewError(f"no deal gives the view of seat {seat} (SPEC §6.1)")
        winner = _public_answer(view)
        self._wishes = tuple(
            h for h in holders if view.declared[h] and (winner is None or winner.seat != h)
        )
        self._prototypes: dict[object, Deal | None] = {}
        self._known_answers: list[Declare | None] | None = None

    @property
    def ways(self) -> int:
        """The number of ways to hand out the unseen physical cards that the card facts allow."""
        return self._counter.total

    # --- what the view reveals ------------------------------------------------

    def _add_exchange(  # noqa: PLR0912 - one branch per step of the exchange
        self, bound: _Bound, sizes: list[int]
    ) -> tuple[int | None, frozenset[int], dict[int, int] | None, int]:
        """What the viewer knows of an Armut exchange (V§6.3, V§6.7).

        Adds the bounds it implies, and gives the counter of trumps (holder,
        counted cards, allowed ends) and the cards known to lie on the table.
        """
        view = self.view
        rules, seat, holders = view.rules, view.seat, self._holders
        counter: int | None = None
        counted: frozenset[int] = frozenset()
        ends: dict[int, int] | None = None
        on_table = 0
        poverty = view.poverty
        trumps = trump_bits(rules)
        trump_indices = frozenset(i for i in range(24) if _count(trumps, i))
        phase = view.phase
        if poverty is not None:
            poor, acceptor = poverty.poor, poverty.acceptor
            passed, returned = poverty.passed, poverty.returned
            if phase is Phase.POVERTY_PASS:
                if seat != poor:
                    counter, counted = holders.index(poor), trump_indices
                    ends = dict.fromkeys(range(rules.armut_max_trumps + 1), 1)
                self._exchange = ("pass", None, None)
            elif phase is Phase.VOID:
                # Nobody accepted (V§8): the three cards went back to the poor
                # player, who holds at most the trumps the rules allow.
                if seat != poor:
                    counter, counted = holders.index(poor), trump_indices
                    ends = dict.fromkeys(range(rules.armut_max_trumps + 1), 1)
                self._exchange = ("void", passed, None)
            elif phase is Phase.POVERTY_OFFER:
                if seat == poor:
                    assert passed is not None
                    on_table = _bits_of(passed)
                else:
                    # The poor player's nine cards and the three on the table are
                    # drawn as one twelve-card hand; its trumps all lie on the
                    # table, and each count weighs the ways to choose the rest.
                    counter, counted = holders.index(poor), trump_indices
                    ends = {
                        count: comb(rules.hand_size - count, 3 - count)
                        for count in range(rules.armut_max_trumps + 1)
                    }
                    sizes[holders.index(poor)] += 3
                    self._merged = poor
                self._exchange = ("offer", passed, None)
            elif phase is Phase.POVERTY_RETURN:
                assert acceptor is not None
                if seat != poor:
                    for index in trump_indices:
                        bound(poor, index, high=0)
                else:
                    assert passed is not None
                    for card in passed:
                        bound(acceptor, card.index, low=_count(_bits_of(passed), card.index))
                self._exchange = ("return", passed, None)
            elif acceptor is not None:
                self._exchange = ("done", passed, returned)
                ends = self._exchange_done(bound, poverty, trump_indices)
                if ends is not None:
                    counter, counted = holders.index(poor), trump_indices
        return counter, counted, ends, on_table

    def _exchange_done(
        self, bound: _Bound, poverty: Poverty, trump_indices: frozenset[int]
    ) -> dict[int, int] | None:
        """The bounds of a complete exchange; for a seat outside it, the ends of the counter."""
        seat, played = self.view.seat, self._played
        poor, acceptor = poverty.poor, poverty.acceptor
        passed, returned = poverty.passed, poverty.returned
        assert acceptor is not None
        if seat == poor:
            assert passed is not None
            assert returned is not None
            gone, back = _bits_of(passed), _bits_of(returned)
            for index in range(24):
                low = _count(gone, index) - _count(back, index) - _count(played[acceptor], index)
                if low > 0:
                    bound(acceptor, index, low=low)
        elif seat == acceptor:
            assert returned is not None
            back = _bits_of(returned)
            for index in range(24):
                kept = _count(back, index) - _count(played[poor], index)
                if index in trump_indices:
                    bound(poor, index, low=kept, high=kept)
                elif kept > 0:
                    bound(poor, index, low=kept)
        else:
            assert poverty.returned_trumps is not None
            trumps = trump_bits(self.view.rules)
            return {poverty.returned_trumps - _trumps(played[poor], trumps): 1}
        return None

    def _add_voids(self, bound: _Bound) -> None:
        """A seat that did not follow holds no card of the category led (SPEC §5.2)."""
        view = self.view
        order = view.card_order
        if order is None:
            return
        for trick in (*view.tricks, view.current_trick):
            cards = trick.cards
            if not cards:
                continue
            follow = order.follow_bits[cards[0]]
            for player, card in trick:
                if player != view.seat and not (follow >> (2 * card.index)) & 3:
                    for index in range(24):
                        if _count(follow, index):
                            bound(player, index, high=0)

    def _add_queens(self, bound: _Bound) -> None:
        """The ♣Q facts of the parties (SPEC §6.1, §7.1)."""
        view = self.view
        game, declarer = view.game_type, view.declarer
        played = self._played
        if game is GameType.NORMAL:
            for holder in self._holders:
                party = view.known_parties[holder]
                if party is Party.RE:
                    bound(holder, _CLUB_QUEEN, low=1 - _count(played[holder], _CLUB_QUEEN))
                elif party is Party.KONTRA:
                    bound(holder, _CLUB_QUEEN, high=0)
        elif game in _MARRIED and declarer is not None and declarer != view.seat:
            left = 2 - _count(played[declarer], _CLUB_QUEEN)
            bound(declarer, _CLUB_QUEEN, left, left)

    def _add_schweine(self, bound: _Bound) -> None:
        """The Schweine are public: the seat named holds both ♦A, or nobody does (V§2.3)."""
        view = self.view
        if not view.rules.schweinchen or view.game_type not in _SCHWEINE_GAMES:
            return
        played = self._played
        holder = view.schweine
        for seat in self._holders:
            already = _count(played[seat], _DIAMOND_ACE)
            if holder == seat:
                bound(seat, _DIAMOND_ACE, 2 - already, 2 - already)
            elif holder is None:
                bound(seat, _DIAMOND_ACE, high=1 - already)

    # --- drawing ----------------------------------------------------------------

    def hands(self, rng: random.Random) -> tuple[Hand, Hand, Hand, Hand]:
        """The four current hands of one world, drawn uniformly (the viewer's own among them)."""
        return self.sample(rng).hands

    def sample(self, rng: random.Random) -> Deal:
        """One world: a deal at the view's position that gives the same view.

        Raises:
            InvalidTypeError: ``rng`` is not a :class:`random.Random`.
            InconsistentViewError: no world passed the checks in 10,000 draws
                (possible only for a view built by hand).
        """
        rng = _checks.instance(rng, random.Random, "rng")
        for _ in range(_ATTEMPTS):
            drawn = self._counter.draw(rng)
            current = [0, 0, 0, 0]
            current[self.view.seat] = self.view.hand.bits
            for holder, bits in zip(self._holders, drawn, strict=True):
                current[holder] = bits
            world = self._build(current, rng)
            if world is not None:
                return world
        raise InconsistentViewError(
            f"no world of the view of seat {self.view.seat} passed its checks (SPEC §6.1)"
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
        exchange: _Exchange | None = None
        if self._exchange is not None:
            choice = self._exchange_cards(current, held, rng)
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
        exchange: _Exchange | None,
    ) -> Deal | None:
        """The deal replayed through the rules for one kind of world, if it gives the view."""
        view = self.view
        actions = _observed_actions(view, answers, exchange)
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
        own = view.reservation
        if own is not None:
            answers[view.seat] = _own_answer(view)
        winner = _public_answer(view)
        if winner is not None and winner.seat != view.seat:
            answers[winner.seat] = winner
        if not self._wishes:
            return answers
        options = [
            [
                choice
                for choice in declare_choices(h, dealt[h], rules, forced=view.forced)
                if choice.reservation is not _HEALTHY
            ]
            for h in self._wishes
        ]
        consistent = []
        for combination in itertools.product(*options):
            trial = list(answers)
            for h, choice in zip(self._wishes, combination, strict=True):
                trial[h] = choice
            if (winner is None and view.game_type is None) or _resolves_as(
                view, trial, dealt, rules
            ):
                consistent.append(trial)
        if not consistent:
            return None
        return consistent[0] if rng is None else rng.choice(consistent)

    def _exchange_cards(  # noqa: PLR0911 - one return per step of the exchange
        self, current: list[int], held: list[int], rng: random.Random | None
    ) -> tuple[list[int], list[int], _Exchange | None] | None:
        """The current and dealt hands and the Armut exchange's cards for these hands (V§6.3).

        ``held`` are the current hands with the cards played added back.
        """
        view = self.view
        assert self._exchange is not None
        assert view.poverty is not None
        stage, passed, returned = self._exchange
        poverty = view.poverty
        rules = view.rules
        trumps = trump_bits(rules)
        poor = poverty.poor
        pick = rng.sample if rng is not None else _first
        if stage == "pass":
            return current, held, None
        now, dealt = list(current), list(held)
        if stage == "void":
            if passed is None:
                passed = _all_trumps_and_more(current[poor], trumps, pick)
            return now, dealt, (passed, None)
        if stage == "offer":
            if passed is None:
                # The merged hand: every trump on the table, and the rest drawn.
                passed = _all_trumps_and_more(current[poor], trumps, pick)
                now[poor] -= _bits_of(passed)
            else:
                dealt[poor] += _bits_of(passed)
            return now, dealt, (passed, None)
        acceptor = poverty.acceptor
        assert acceptor is not None
        if stage == "return":
            if passed is None:
                passed = tuple(sorted(pick(_cards_of(current[acceptor]), 3)))
                if _trumps(_bits_of(passed), trumps) > rules.armut_max_trumps:
                    return None
            gone = _bits_of(passed)
            dealt[poor] += gone
            dealt[acceptor] -= gone
            return now, dealt, (passed, None)
        if returned is None:
            # Every trump the poor player holds came back; the rest of the three
            # returned cards are among its other cards.
            returned = _all_trumps_and_more(held[poor], trumps, pick)
        if passed is None:
            pool = _cards_of(held[acceptor] + _bits_of(returned))
            passed = tuple(sorted(pick(pool, 3)))
            if _trumps(_bits_of(passed), trumps) > rules.armut_max_trumps:
                return None
        gone, back_bits = _bits_of(passed), _bits_of(returned)
        dealt[poor] += gone - back_bits
        dealt[acceptor] += back_bits - gone
        return now, dealt, (passed, returned)


def _all_trumps_and_more(
    bits: int, trumps: int, pick: Callable[[list[Card], int], list[Card]]
) -> tuple[Card, ...]:
    """Three cards of ``bits``: all its trumps, and others picked to make three (V§6.3)."""
    cards = _cards_of(bits)
    chosen = [card for card in cards if _count(trumps, card.index)]
    others = [card for card in cards if not _count(trumps, card.index)]
    chosen += pick(others, 3 - len(chosen))
    return tuple(sorted(chosen))


def _first(cards: Sequence[Card], count: int) -> list[Card]:
    return list(cards[:count])


def _own_answer(view: PlayerView) -> Declare:
    """The viewer's own answer, with the reason of its own *Schmeißen* (V§7.2)."""
    own = view.reservation
    assert own is not None
    return Declare(view.seat, own, view.throw_reason)


def _resolves_as(
    view: PlayerView, answers: list[Declare | None], dealt: list[Hand], rules: Rules
) -> bool:
    """Whether ``answers`` give the contract the view shows (SPEC §3.3, V§6.2, V§9.2)."""
    if view.forced:
        return True
    declarations = [_HEALTHY if a is None else a.reservation for a in answers]
    result = resolve_round(declarations, view.dealer, dealt, rules, owing=view.owing)
    if view.void is not None:
        return result.declarer == view.void.seat and (
            result.is_void if view.void.reason == "thrown" else result.game_type is GameType.POVERTY
        )
    game = view.game_type
    if game is GameType.MARRIAGE_SOLO:
        game = GameType.MARRIAGE
    return result.game_type is game and result.declarer == view.declarer


def _observed_actions(
    view: PlayerView,
    answers: list[Declare | None],
    exchange: _Exchange | None,
) -> list[Action]:
    """The actions that lead to the view's position, with the hidden ones filled in."""
    actions: list[Action] = []
    dealer = view.dealer
    for offset in (1, 2, 3, 4):
        answer = answers[(dealer + offset) & 3]
        if answer is not None:
            actions.append(answer)
    poverty = view.poverty
    if poverty is not None and poverty.cards_passed and exchange is not None:
        passed, returned = exchange
        poor = poverty.poor
        actions.append(PassCards(poor, passed))
        for offset, accept in enumerate(poverty.answers, 1):
            actions.append(AnswerPoverty((poor + offset) & 3, accept))
        if poverty.acceptor is not None and poverty.cards_returned and returned is not None:
            actions.append(ReturnCards(poverty.acceptor, returned))
    calls = view.announcements
    waiting = 0
    moment = 0
    for trick in (*view.tricks, view.current_trick):
        for player, card in trick:
            while waiting < len(calls) and calls[waiting].moment == moment:
                actions.append(calls[waiting].as_action())
                waiting += 1
            actions.append(Play(player, card))
            moment += 1
    actions.extend(call.as_action() for call in calls[waiting:])
    return actions


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
