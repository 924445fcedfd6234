"""Who deals, who plays and who still owes a compulsory solo (SPEC §2.2, V§8-V§10).

The table between two deals is a :class:`Position`: the seat to deal, the
played deals so far, the seats that still owe a compulsory solo and the Bock
rounds still to run.  The functions here answer what the rules say about the
next deal from a position alone, and give the position after a deal.

Table seats are ``0 .. players - 1``.  A deal always has four seats 0-3; at
four players deal seat ``k`` is table seat ``k`` and the deal's dealer is the
table's dealer.  At five players (V§10) the dealer sits out: deal seat ``k``
is table seat ``(dealer + 1 + k) % 5``, so deal seat 0 (the dealer's left) is
asked first and leads, and the deal's own dealer is deal seat 3, the table
seat on the dealer's right.
"""

from __future__ import annotations

import attrs

from ..deal import SoloKind
from ..rules import GameType, Rules

__all__ = ["Position"]


@attrs.frozen
class Position:
    """The table before a deal: dealer, played deals, owed compulsory solos, Bock rounds.

    ``bock`` holds the deals each Bock round still covers, in the order the
    rounds were added (V§11.3).
    """

    dealer: int
    played: int
    owing: frozenset[int]
    bock: tuple[int, ...] = ()


def start(rules: Rules, first_dealer: int) -> Position:
    """The position before the first deal: every player owes a compulsory solo (V§9.1).

    >>> start(Rules.TOURNAMENT, 3)
    Position(dealer=3, played=0, owing=frozenset({0, 1, 2, 3}), bock=())
    >>> start(Rules.DDV, 0).owing
    frozenset()
    """
    owing = frozenset(range(rules.players)) if rules.compulsory_solo else frozenset()
    return _pass_once_more(rules, Position(first_dealer, 0, owing))


def deals_left(rules: Rules, position: Position) -> int:
    """The played deals still to come, ``r`` of V§9.5 (void deals do not count, V§8).

    >>> deals_left(Rules.TOURNAMENT, start(Rules.TOURNAMENT, 0))
    24
    """
    return rules.session_deals - position.played


def is_forced(rules: Rules, position: Position) -> bool:
    """Whether the next deal is forced (Vorführen): ``p > 0`` and ``r = p`` (V§9.5).

    >>> before_23 = Position(dealer=0, played=22, owing=frozenset({1, 3}))  # V25
    >>> is_forced(Rules.TOURNAMENT, before_23)
    True
    >>> is_forced(Rules.TOURNAMENT, Position(dealer=0, played=21, owing=frozenset({1, 3})))
    False
    """
    owed = len(position.owing)
    return rules.compulsory_solo and owed > 0 and deals_left(rules, position) == owed


def seats(rules: Rules, dealer: int) -> tuple[int, ...]:
    """The table seat of each deal seat 0-3 for a deal dealt by ``dealer`` (SPEC §2.1, V§10).

    >>> seats(Rules.DDV, 2), seats(Rules(players=5), 4)  # V28: dealer E sits out
    ((0, 1, 2, 3), (0, 1, 2, 3))
    >>> seats(Rules(players=5), 1)
    (2, 3, 4, 0)
    """
    if rules.players == 4:
        return (0, 1, 2, 3)
    return tuple((dealer + 1 + seat) % 5 for seat in range(4))


def deal_dealer(rules: Rules, dealer: int) -> int:
    """The deal seat that deals, for a table dealer: the dealer, or deal seat 3 at five (V§10).

    At five the table's dealer sits out; deal seat 3, on the dealer's right,
    deals the four hands so that deal seat 0, on the dealer's left, is asked
    first and leads.

    >>> deal_dealer(Rules.DDV, 2), deal_dealer(Rules(players=5), 2)
    (2, 3)
    """
    return dealer if rules.players == 4 else 3


def deal_owing(rules: Rules, position: Position) -> frozenset[int]:
    """The deal seats that owe a compulsory solo in the next deal (V§9.1, V§10).

    At five the dealer, who sits out, is not among them.

    >>> deal_owing(Rules.TOURNAMENT, Position(0, 3, frozenset({1, 3})))
    frozenset({1, 3})
    >>> five = Rules(players=5, compulsory_solo=True)
    >>> sorted(deal_owing(five, Position(4, 0, frozenset({0, 2, 4}))))
    [0, 2]
    """
    table = seats(rules, position.dealer)
    return frozenset(seat for seat in range(4) if table[seat] in position.owing)


def forced_seat(rules: Rules, position: Position) -> int | None:
    """The table seat that must play the forced solo, or ``None`` (V§9.5, R10).

    The first seat that still owes, counted from the dealer's left among the
    four who play.

    >>> forced_seat(Rules.TOURNAMENT, Position(dealer=0, played=22, owing=frozenset({1, 3})))
    1
    >>> forced_seat(Rules.TOURNAMENT, Position(dealer=1, played=23, owing=frozenset({3})))
    3
    >>> forced_seat(Rules.TOURNAMENT, Position(dealer=3, played=22, owing=frozenset({1, 2})))
    1
    >>> forced_seat(Rules.TOURNAMENT, Position(dealer=2, played=23, owing=frozenset({0, 1})))
    Traceback (most recent call last):
    ...
    AssertionError: r = 1 deals left cannot meet p = 2 owed solos (V§9.5)
    """
    if not is_forced(rules, position):
        if rules.compulsory_solo and deals_left(rules, position) < len(position.owing):
            raise AssertionError(
                f"r = {deals_left(rules, position)} deals left cannot meet "
                f"p = {len(position.owing)} owed solos (V§9.5)"
            )
        return None
    players = rules.players
    for offset in range(1, players + 1):
        table_seat = (position.dealer + offset) % players
        if table_seat in position.owing and not (players == 5 and offset == players):
            return table_seat
    raise AssertionError("a forced deal always has an owing player who plays")  # pragma: no cover


def solo_kind(
    rules: Rules, position: Position, game_type: GameType, soloist: int | None
) -> SoloKind | None:
    """What the solo of a deal was: forced, compulsory or voluntary (V§9.1, V§9.5).

    ``soloist`` is a table seat.  Only a declared solo (SOLO_*, FLESHLESS)
    counts: a marriage solo and a silent marriage are no kind of solo here
    and never discharge the duty.  Without ``compulsory_solo`` every declared
    solo is voluntary.

    >>> owing = Position(dealer=3, played=0, owing=frozenset({0, 1, 2, 3}))
    >>> solo_kind(Rules.TOURNAMENT, owing, GameType.QUEENS_SOLO, 0)  # V23
    SoloKind.COMPULSORY
    >>> print(solo_kind(Rules.TOURNAMENT, owing, GameType.SILENT_MARRIAGE, 0))
    None
    >>> solo_kind(Rules.DDV, start(Rules.DDV, 0), GameType.JACKS_SOLO, 2)
    SoloKind.VOLUNTARY
    """
    if not game_type.is_declarable_solo or soloist is None:
        return None
    if is_forced(rules, position):
        return SoloKind.FORCED
    if soloist in position.owing:
        return SoloKind.COMPULSORY
    return SoloKind.VOLUNTARY


def after_void(position: Position) -> Position:
    """The position after a void deal: the same dealer deals again, nothing else changes (V§8).

    >>> after_void(Position(2, 5, frozenset({1})))
    Position(dealer=2, played=5, owing=frozenset({1}), bock=())
    """
    return position


def after_played(
    rules: Rules,
    position: Position,
    kind: SoloKind | None,
    soloist: int | None,
    bock: tuple[int, ...],
) -> Position:
    """The position after a played deal whose solo was ``kind`` by table seat ``soloist``.

    A compulsory or forced solo discharges the soloist's duty (V§9.1).  After a
    voluntarily declared compulsory solo the same dealer deals again; after a
    forced solo and every other deal the deal passes to the left (SPEC §2.2,
    V§9.4).  Every played deal counts (V§9.4).  ``bock`` is the Bock rounds
    after the deal (V§11).

    >>> v23 = after_played(Rules.TOURNAMENT, start(Rules.TOURNAMENT, 3), SoloKind.COMPULSORY, 0,
    ...                    ())
    >>> v23.dealer, v23.played, sorted(v23.owing)
    (3, 1, [1, 2, 3])
    """
    owing = position.owing
    if kind in (SoloKind.COMPULSORY, SoloKind.FORCED):
        owing = owing - {soloist}
    dealer = position.dealer
    if kind is not SoloKind.COMPULSORY:
        dealer = (dealer + 1) % rules.players
    return _pass_once_more(rules, Position(dealer, position.played + 1, owing, bock))


def _pass_once_more(rules: Rules, position: Position) -> Position:
    """R10: at five, a forced deal whose only owing player would deal passes once more.

    >>> five = Rules(players=5, compulsory_solo=True, session_length=30)
    >>> _pass_once_more(five, Position(dealer=2, played=29, owing=frozenset({2}))).dealer
    3
    """
    if (
        rules.players == 5
        and is_forced(rules, position)
        and position.owing == frozenset({position.dealer})
    ):
        return attrs.evolve(position, dealer=(position.dealer + 1) % 5)
    return position


pass_once_more = _pass_once_more
