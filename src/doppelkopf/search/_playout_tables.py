"""What a playout reads of a position: its tables, its start and the greedy rule (SPEC §4–§7).

Private to :mod:`doppelkopf.search.playouts`.  Every number that depends on
the rules comes from the library itself: the strengths, categories and
winning keys from the position's own :class:`~doppelkopf._order.CardOrder`
(which the :class:`~doppelkopf.Rules` value built for the contract, the
Schweine included), the card points from :attr:`~doppelkopf.Card.points`,
the fox, Karlchen and Doppelkopf threshold from :mod:`doppelkopf.specials`.
Both engines, the vectorised one of :mod:`._vector` and the pure-Python one
of :mod:`.playouts`, read these same tables.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain
from operator import attrgetter
from typing import Final, NamedTuple

from .._order import CardOrder
from ..announce import PartyAnnouncements
from ..cards import DISTINCT_CARDS, Card, Rank, Suit
from ..deal import Deal
from ..parties import Party
from ..rules import Category, GameType, Rules
from ..specials import CHARLIE, DOPPELKOPF_POINTS, FOX
from ..tricks import Trick
from ._playout_summary import context_id

__all__ = [
    "CHARLIE_INDEX",
    "DOPPELKOPF_POINTS",
    "DULLE_INDEX",
    "FOX_INDEX",
    "POINTS",
    "Memo",
    "OrderTables",
    "Start",
    "greedy_index",
    "order_tables",
    "start_of",
    "trick_state",
]

POINTS: Final = tuple(card.points for card in DISTINCT_CARDS)
"""Card points by distinct card index (SPEC §1.2)."""
DULLE_INDEX: Final = Card(Suit.HEARTS, Rank.TEN).index
_ACES: Final = sum(1 << card.index for card in DISTINCT_CARDS if card.rank is Rank.ACE)
_TRUMP: Final = Category.TRUMP.value
_ACE_FIRST: Final = 1000
"""Added to a plain ace's lead score: above every strength, so a held plain ace leads first."""
FOX_INDEX: Final = FOX.index
CHARLIE_INDEX: Final = CHARLIE.index
_CATEGORIES: Final = len(Category)
_MARRIAGE: Final = GameType.MARRIAGE
_RE: Final = Party.RE
_new_tuple: Final = tuple.__new__


class OrderTables(NamedTuple):
    """One card order as flat tables over the 24 distinct card indices (SPEC §4, §5, V§2).

    - ``strength[c]``: :meth:`CardOrder.strength` (every trump above every plain card);
    - ``category[c]``: the value of :meth:`CardOrder.category` (0 is trump);
    - ``keys[led][c]``: the winning key of card ``c`` in a trick whose led
      category is ``led``: its strength if it is a trump or of the led
      category, ``-1`` if it cannot win (:attr:`CardOrder.lead_keys`);
    - ``follow[led]``: the 24-bit set of the distinct cards of category ``led``;
    - ``rises``: :attr:`CardOrder.dulle_rises` (0 never, 1 always, 2 except in
      the last trick: the second 10♥ beats the first, V§2.2);
    - ``lead_score``, ``smear_score``, ``dump_score``: the greedy rule's
      preferences (see :func:`greedy_index`).
    """

    order: CardOrder
    strength: tuple[int, ...]
    category: tuple[int, ...]
    keys: tuple[tuple[int, ...], ...]
    follow: tuple[int, ...]
    rises: int
    lead_score: tuple[int, ...]
    smear_score: tuple[int, ...]
    dump_score: tuple[int, ...]


_TABLES: Final[dict[int, tuple[CardOrder, OrderTables]]] = {}


def order_tables(order: CardOrder) -> OrderTables:
    """The tables of ``order``, built once per card order (orders are cached singletons)."""
    cached = _TABLES.get(id(order))
    if cached is not None and cached[0] is order:
        return cached[1]
    strength = tuple(order.strength(card) for card in DISTINCT_CARDS)
    category = tuple(order.category(card).value for card in DISTINCT_CARDS)
    keys = []
    for led in range(_CATEGORIES):
        example = next((card for card in DISTINCT_CARDS if category[card.index] == led), None)
        if example is None:  # no card of this category is ever led
            keys.append(tuple(-1 for _ in DISTINCT_CARDS))
        else:
            row = order.lead_keys[example]
            keys.append(tuple(row[card] for card in DISTINCT_CARDS))
    follow = tuple(
        sum(1 << card.index for card in DISTINCT_CARDS if category[card.index] == led)
        for led in range(_CATEGORIES)
    )
    tables = OrderTables(
        order=order,
        strength=strength,
        category=category,
        keys=tuple(keys),
        follow=follow,
        rises=order.dulle_rises,
        lead_score=tuple(
            strength[c] + (_ACE_FIRST if category[c] != _TRUMP and _ACES >> c & 1 else 0)
            for c in range(24)
        ),
        smear_score=tuple(1000 * POINTS[c] - strength[c] for c in range(24)),
        dump_score=tuple(1000 * POINTS[c] + strength[c] for c in range(24)),
    )
    _TABLES[id(order)] = (order, tables)
    return tables


class Start(NamedTuple):
    """A position in the card play, as plain numbers (SPEC §3.5, §5, §6, §7).

    ``held`` packs the four hands (seat ``s`` in bits ``48 s`` to ``48 s + 47``)
    in the position layout of ``order``, as the deal holds them (see
    :mod:`doppelkopf.deal._positions`); ``history``
    the indices of the cards of the completed tricks in order (one tuple
    shared by the deals that share their past); ``winners`` the winner of each
    completed trick; ``first`` the leader of trick 1; ``leader`` and ``trick``
    the trick in progress.  ``pending`` is an announced marriage
    whose clarification trick has not come yet (SPEC §7.2).
    """

    rules: Rules
    order: CardOrder
    game_type: GameType
    declarer: int | None
    parties: tuple[Party | None, ...]
    pending: bool
    held: int
    history: tuple[int, ...]
    winners: tuple[int, ...]
    first: int
    leader: int
    trick: tuple[int, ...]
    re_state: PartyAnnouncements
    kontra_state: PartyAnnouncements
    re_mask: int
    """Bit ``s`` set when seat ``s`` is known to play for Re (SPEC §6)."""
    context: int
    """The number of the settlement context (see :mod:`._playout_summary`)."""


_History = tuple[tuple[int, ...], tuple[int, ...], int]


class Memo:
    """What one call has read already: completed tricks and contexts, by identity."""

    __slots__ = ("contexts", "tricks")

    def __init__(self) -> None:
        self.tricks: dict[int, tuple[tuple[Trick, ...], _History]] = {}
        self.contexts: dict[tuple[int, GameType, int, int], tuple[Rules, int]] = {}


def _history(tricks: tuple[Trick, ...], leader: int) -> _History:
    """The card indices, the trick winners and the first leader of completed ``tricks``."""
    # map() over attrgetters: the per-card work stays in C, a third of a loop's cost.
    leaders = tuple(map(_leader_of, tricks))
    played = tuple(map(_index_of, chain.from_iterable(map(_cards_of, tricks))))
    return played, (*leaders[1:], leader), leaders[0]


_leader_of: Final = attrgetter("leader")
_cards_of: Final = attrgetter("cards")
_index_of: Final = attrgetter("index")


def start_of(deal: Deal, memo: Memo) -> Start | None:
    """The :class:`Start` of ``deal``, or ``None`` unless it is in the card play (SPEC §3.5).

    Hot path: it reads the deal's one state tuple instead of its public
    properties (``hands`` alone builds four :class:`~doppelkopf.Hand`
    objects): 1.4 µs against 5.5 µs a deal, measured, and a search hands over
    thousands of deals at once.  ``test_start_matches_public_properties``
    pins it to the properties.  The completed tricks are read once per
    distinct ``tricks`` tuple (``memo``, keyed by identity for the length of
    one call): the worlds sampled for one decision share their public past.
    """
    setup, held, tricks, leader, cards, turn = deal._state
    order = setup.order
    if order is None or turn is None:
        return None
    if tricks:
        # The same tricks lead to the same leader, so the winners may be shared too.
        key = id(tricks)
        seen = memo.tricks.get(key)
        if seen is None or seen[0] is not tricks:
            seen = memo.tricks[key] = (tricks, _history(tricks, leader))
        played, winners, first = seen[1]
    else:
        played, winners, first = (), (), leader
    game = setup.game_type
    assert game is not None
    rules = setup.rules
    re_state = setup.re_announcements
    kontra_state = setup.kontra_announcements
    facts = (id(rules), game, id(re_state), id(kontra_state))
    known = memo.contexts.get(facts)
    if known is None or known[0] is not rules:
        known = memo.contexts[facts] = (
            rules,
            context_id(rules, game, re_state, kontra_state),
        )
    p = setup.parties
    # tuple.__new__ itself: the NamedTuple's own __new__ measured 1.2 µs for
    # these sixteen fields, the plain tuple's a fifth of that.
    return _new_tuple(
        Start,
        (
            rules,
            order,
            game,
            setup.declarer,
            setup.parties,
            game is _MARRIAGE and setup.clarification_trick is None,
            held,
            played,
            winners,
            first,
            leader,
            tuple([card.index for card in cards]) if cards else (),
            re_state,
            kontra_state,
            (p[0] is _RE) | (p[1] is _RE) << 1 | (p[2] is _RE) << 2 | (p[3] is _RE) << 3,
            known[1],
        ),
    )


def trick_state(tables: OrderTables, trick: Sequence[int], last: bool) -> tuple[int, int, int]:
    """The led category, the winning key and the winning position of a trick in progress.

    The loop of :meth:`CardOrder.winner_position` over the tables: a later
    card wins only if strictly stronger, except the second 10♥ where the
    rules let it rise (SPEC §5.4, V§2.2).  ``trick`` holds 1-3 card indices.
    """
    led = tables.category[trick[0]]
    keys = tables.keys[led]
    rises = tables.rises == 1 or (tables.rises == 2 and not last)
    best_key = keys[trick[0]]
    best = 0
    for position in range(1, len(trick)):
        card = trick[position]
        key = keys[card]
        if key > best_key or (rises and key == best_key and card == DULLE_INDEX):
            best, best_key = position, key
    return led, best_key, best


def greedy_index(
    tables: OrderTables,
    legal: Sequence[int],
    *,
    trick: Sequence[int],
    leader: int,
    seat: int,
    parties: Sequence[Party | None],
    last: bool,
) -> int:
    """The card index the greedy policy plays (see :func:`doppelkopf.search.playouts`).

    ``legal`` are the indices of the distinct legal cards in increasing order;
    ties go to the lowest index, as :func:`numpy.argmax` breaks them.

    - Leading: a plain ace, the strongest of them, if it holds one; else its
      strongest card (the highest trump, else the highest plain card).
    - The trick's winner so far is of the seat's own party, as far as the
      parties are fixed (SPEC §6, §7.2): the legal card worth most card points,
      the weakest of those.
    - Otherwise, if a legal card wins the trick so far: the weakest such card.
    - Otherwise the legal card worth fewest card points, the weakest of those.
    """
    if not trick:
        score = tables.lead_score
        return max(legal, key=score.__getitem__)
    led, best_key, best = trick_state(tables, trick, last)
    winner = (leader + best) & 3
    own = parties[seat]
    if own is not None and own is parties[winner]:
        score = tables.smear_score
        return max(legal, key=score.__getitem__)
    keys = tables.keys[led]
    rises = tables.rises == 1 or (tables.rises == 2 and not last)
    beating = [
        card
        for card in legal
        if keys[card] > best_key or (rises and card == DULLE_INDEX and keys[card] == best_key)
    ]
    if beating:
        return min(beating, key=keys.__getitem__)
    score = tables.dump_score
    return min(legal, key=score.__getitem__)
