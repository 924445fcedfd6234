"""Views of a deal whose fields are computed on their first read.

Why this module exists: a bot is shown a :class:`~doppelkopf.PlayerView` before
every decision, and a runner of random players builds about 63 of them per
deal.  Filling all 26 fields up front (four hands, the parties as the seat
knows them from every ♣Q played, the phase, the Armut as the seat saw it) cost
about 17 µs a view, while a random or heuristic player reads a handful of
them.  A view that :meth:`Deal.view <doppelkopf.Deal.view>` builds here holds
its seat, the seat on turn and the deal itself; each other field is computed
from the deal the first time it is read and then stored in the view's
``__dict__``, where later reads find it directly.

The view stays the same value to everyone: equality, hashing, ``repr``,
:func:`attrs.fields`, :func:`attrs.evolve`, pickling and copying all read the
fields by name, which computes any not read yet, and a pickle holds the
fields alone, never the deal.  The deal kept in the view is private; it is
there so that a field can be computed later, and nothing public returns it.
``tests/test_lazy_view.py`` pins every field of a lazy view to the one the
view's constructor is given by the eager computation, in every phase.

Each entry of :data:`FIELDS` computes one field from ``(deal, seat)``; a
:class:`LazyField` on the class (a non-data descriptor, so an instance's
``__dict__`` wins over it) calls it on the first read.  The class itself,
what a view *is*, is :mod:`doppelkopf.deal.views`; this module, above it,
installs the fields on it and builds the views of a deal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from ..cards import _ONE
from ..parties import Party, complete_parties
from ..rules import GameType
from ..tricks import Trick
from ._positions import held_count, index_held, seat_bits
from ._state import CARDS, LEADER, SETUP, TRICKS, HasState
from ._state import phase as _phase
from .actions import Reservation
from .dealing import hand_of
from .reservations import CLUB_QUEEN, check_seat
from .views import PlayerView, _ActionCache

_HEALTHY: Final = Reservation.HEALTHY
_SILENT_MARRIAGE: Final = GameType.SILENT_MARRIAGE
_NORMAL: Final = GameType.NORMAL
_RE: Final = Party.RE
# Both ♣Q in any of the four packed hands: none left once both are played.
_CLUB_QUEENS: Final = sum((3 * _ONE[CLUB_QUEEN.index]) << (48 * seat) for seat in range(4))


def _contract(deal: HasState, seat: int) -> tuple[GameType | None, int | None]:
    """The contract and declarer ``seat`` sees: a silent marriage looks normal to the
    others until both ♣Q are played (SPEC §6.1, §7.5)."""
    setup = deal._state[0]
    game, declarer = setup.game_type, setup.declarer
    # No card leaves the hands during a silent marriage but by being played.
    if (
        game is _SILENT_MARRIAGE
        and seat != declarer
        and index_held(setup, deal._state[1]) & _CLUB_QUEENS
    ):
        return _NORMAL, None
    return game, declarer


def known_parties(
    deal: HasState, seat: int, game: GameType | None, played_queens: list[int]
) -> tuple[Party | None, ...]:
    """Each seat's party as ``seat`` knows it, seeing ``game`` and the ♣Q ``played_queens``."""
    setup = deal._state[SETUP]
    if setup.game_type is None:
        return (None, None, None, None)
    actual = setup.parties
    if game is not _NORMAL:
        # Every solo, the marriage and a revealed silent marriage are public.
        return actual
    known: list[Party | None] = [None, None, None, None]
    known[seat] = actual[seat]
    for queen_seat in played_queens:
        known[queen_seat] = _RE
    for event in setup.announcements:
        known[event.seat] = event.party
    return complete_parties(known, setup.dealt[seat].count(CLUB_QUEEN))


def played_queens(deal: HasState) -> list[int]:
    """The seats that played a ♣Q so far, in play order."""
    state = deal._state
    return [
        seat
        for trick in (*state[TRICKS], Trick._make(state[LEADER], state[CARDS]))
        for seat, card in trick
        if card is CLUB_QUEEN
    ]


def _known(deal: HasState, seat: int) -> tuple[Party | None, ...]:
    return known_parties(deal, seat, _contract(deal, seat)[0], played_queens(deal))


def _declared(deal: HasState, seat: int) -> tuple[bool | None, ...]:
    return tuple(
        None if answer is None else answer is not _HEALTHY for answer in deal._state[0].declarations
    )


def _hand_sizes(deal: HasState, seat: int) -> tuple[int, ...]:
    setup, held = deal._state[0], deal._state[1]
    return (
        held_count(setup, held, 0),
        held_count(setup, held, 1),
        held_count(setup, held, 2),
        held_count(setup, held, 3),
    )


def _poverty(deal: HasState, seat: int) -> object:
    poverty = deal._state[0].extra.poverty
    return None if poverty is None else poverty.seen_by(seat)


FIELDS: Final[dict[str, Callable[[HasState, int], Any]]] = {
    "dealer": lambda deal, seat: deal._state[0].dealer,
    "hand": lambda deal, seat: hand_of(seat_bits(deal._state[1], seat, deal._state[0].order)),
    "reservation": lambda deal, seat: deal._state[0].declarations[seat],
    "declared": _declared,
    "game_type": lambda deal, seat: _contract(deal, seat)[0],
    "declarer": lambda deal, seat: _contract(deal, seat)[1],
    "partner": lambda deal, seat: deal._state[0].partner,
    "clarification_trick": lambda deal, seat: deal._state[0].clarification_trick,
    "known_parties": _known,
    "tricks": lambda deal, seat: deal._state[2],
    "current_trick": lambda deal, seat: Trick._make(deal._state[3], deal._state[4]),
    "announcements": lambda deal, seat: deal._state[0].announcements,
    "hand_sizes": _hand_sizes,
    "rules": lambda deal, seat: deal._state[0].rules,
    "schweine": lambda deal, seat: deal._state[0].schweine,
    "re_state": lambda deal, seat: deal._state[0].re_announcements,
    "kontra_state": lambda deal, seat: deal._state[0].kontra_announcements,
    "phase": lambda deal, seat: _phase(deal),
    "poverty": _poverty,
    "void": lambda deal, seat: deal._state[0].extra.void,
    "owing": lambda deal, seat: deal._state[0].extra.owing,
    "forced": lambda deal, seat: deal._state[0].extra.forced,
    "solo_kind": lambda deal, seat: deal._state[0].extra.solo_kind,
    "throw_reason": lambda deal, seat: deal._state[0].extra.reasons[seat],
    "asked": lambda deal, seat: deal._state[0].extra.asked,
}
"""How each field of a view that is not set at once is computed from ``(deal, seat)``."""

EAGER: Final = ("seat", "turn", "_given_actions")
"""The fields a lazy view holds from the start."""


class LazyField:
    """A field computed from the view's deal on its first read, then kept in ``__dict__``."""

    __slots__ = ("compute", "name", "source")

    def __init__(
        self, name: str, compute: Callable[[HasState, int], Any], source: Callable[[Any], HasState]
    ) -> None:
        self.name = name
        self.compute = compute
        self.source = source

    def __get__(self, view: PlayerView | None, owner: type | None = None) -> Any:
        if view is None:
            return self
        # Only a lazy view lacks a field in its __dict__; it holds its deal.
        value = self.compute(self.source(view), view.__dict__["seat"])
        view.__dict__[self.name] = value
        return value


_VIEW: list[type[PlayerView]] = []
_NEW: Final = object.__new__


def install(cls: type[PlayerView], source: Any, actions: Any) -> None:
    """Make ``cls`` compute the fields of :data:`FIELDS` on first read.

    ``source`` is the descriptor of the slot where a lazy view keeps its deal,
    ``actions`` the one of its legal actions, ``None`` until listed.
    """
    names = {field.name for field in cls.__attrs_attrs__}
    assert names == set(FIELDS) | set(EAGER), names ^ (set(FIELDS) | set(EAGER))
    for name, compute in FIELDS.items():
        setattr(cls, name, LazyField(name, compute, source.__get__))
    _VIEW.append(cls)
    global _SET_SOURCE, _SET_DICT, _SET_ACTIONS  # noqa: PLW0603 - bound once, with the class
    _SET_SOURCE = source.__set__
    _SET_ACTIONS = actions.__set__
    _SET_DICT = next(vars(k)["__dict__"] for k in cls.__mro__ if "__dict__" in vars(k)).__set__


_SET_SOURCE: Callable[[Any, HasState], None]
_SET_ACTIONS: Callable[[Any, object], None]
_SET_DICT: Callable[[Any, dict[str, Any]], None]


def view_of(deal: HasState, seat: int) -> PlayerView:
    """A lazy view of ``deal`` for ``seat`` (SPEC §6.1)."""
    if type(seat) is not int or not 0 <= seat <= 3:
        check_seat(seat, "view")
    view: PlayerView = _NEW(_VIEW[0])
    _SET_SOURCE(view, deal)
    _SET_ACTIONS(view, None)
    _SET_DICT(view, {"seat": seat, "turn": deal._state[5], "_given_actions": None})
    return view


install(PlayerView, vars(_ActionCache)["_source"], vars(_ActionCache)["_cached_actions"])
