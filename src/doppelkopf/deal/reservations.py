"""The reservation round's result: which contract is played, and by whom (SPEC §3.3, V§2.3, V§3)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .. import _checks
from ..cards import Card, Hand, Rank, Suit
from ..errors import DoppelkopfError, IllegalActionError, InvalidReservationError, InvalidValueError
from ..rules import GameType, Rules
from .actions import ActionTypeError, Reservation, action_type_error

__all__ = ["resolve_reservations"]

CLUB_QUEEN: Final = Card(Suit.CLUBS, Rank.QUEEN)
CLUB_QUEEN_SHIFT: Final = 2 * CLUB_QUEEN.index
_DIAMOND_ACE_SHIFT: Final = 2 * Card(Suit.DIAMONDS, Rank.ACE).index
_DDV: Final = Rules.DDV
# Enum members compared against for every deal, read once: on Python 3.11,
# reading a member from its class (``GameType.MARRIAGE``) costs about 120 ns.
_NORMAL: Final = GameType.NORMAL
_MARRIAGE: Final = GameType.MARRIAGE
_SILENT_MARRIAGE: Final = GameType.SILENT_MARRIAGE
_HEALTHY: Final = Reservation.HEALTHY
_ASKED_MARRIAGE: Final = Reservation.MARRIAGE


def resolve_reservations(
    declarations: Sequence[Reservation],
    dealer: int,
    hands: Sequence[Hand],
    rules: Rules = _DDV,
) -> tuple[GameType, int | None]:
    """The game type and its declarer after the reservation round (SPEC §3.3, V§3).

    ``declarations[seat]`` is each seat's answer.  A solo beats a marriage, and
    of several solos the first in asking order (from the dealer's left) wins;
    all solo types rank equally.  With everyone healthy, the holder of both
    ♣Q plays a silent marriage — also under ``solos=False``, since nobody
    declares it (V§3, R4).  The declarer is the soloist or the marriage
    player, ``None`` in a normal game.

    >>> from doppelkopf import Deal
    >>> hands = Deal.shuffled(seed=1).dealt
    >>> R = Reservation
    >>> resolve_reservations([R.JACKS_SOLO, R.HEALTHY, R.CLUBS_SOLO, R.HEALTHY], 3, hands)  # R02
    (GameType.JACKS_SOLO, 0)

    Raises:
        InvalidReservationError: an answer is not a :class:`Reservation`, or a
            solo is declared under ``solos=False`` (V§3).
        InvalidValueError: not four answers and four hands, or ``dealer`` is not a seat.
        TypeError: ``rules`` is not a :class:`~doppelkopf.Rules` value.
    """
    _check_round(declarations, dealer, hands, rules)
    return resolve_checked(declarations, dealer, hands, rules)


def resolve_checked(
    declarations: Sequence[Reservation], dealer: int, hands: Sequence[Hand], rules: Rules
) -> tuple[GameType, int | None]:
    """:func:`resolve_reservations` for inputs a deal has already checked."""
    order = ((dealer + 1) & 3, (dealer + 2) & 3, (dealer + 3) & 3, dealer & 3)
    marriage = None
    for seat in order:
        answer = declarations[seat]
        if answer is _ASKED_MARRIAGE:
            if marriage is None:
                marriage = seat
        elif answer is not _HEALTHY:
            game = answer.game_type
            assert game is not None
            if not rules.solos:
                raise InvalidReservationError(
                    f"seat {seat} declared a {game}, but this table plays without solos",
                    seat=seat,
                    action=declare_action(answer),
                    rule="V§3",
                )
            return game, seat
    if marriage is not None:
        return _MARRIAGE, marriage
    for seat in order:
        if (hands[seat]._bits >> CLUB_QUEEN_SHIFT) & 3 == 2:
            return _SILENT_MARRIAGE, seat
    return _NORMAL, None


def _check_round(
    declarations: Sequence[Reservation], dealer: int, hands: Sequence[Hand], rules: Rules
) -> None:
    """Raise unless the reservation round's inputs are four answers, a seat and four hands."""
    if rules is not _DDV and not isinstance(rules, Rules):
        raise _checks.type_error(rules, "rules", "Rules value")
    if type(dealer) is not int and type(dealer) is not bool:
        raise _checks.type_error(dealer, "dealer", "int")
    if type(dealer) is not int or not 0 <= dealer <= 3:
        raise InvalidValueError(f"the dealer must be a seat 0-3, not {_checks.excerpt(dealer)}")
    for name, value, expected in (
        ("declarations", declarations, "sequence of four reservations"),
        ("hands", hands, "sequence of four hands"),
    ):
        if isinstance(value, str) or not isinstance(value, Sequence):
            raise _checks.type_error(value, name, expected)
    if len(declarations) != 4 or len(hands) != 4:
        raise InvalidValueError(
            f"the reservation round has four answers and four hands, not {len(declarations)} "
            f"and {len(hands)} (SPEC §3.2)"
        )
    for seat, answer in enumerate(declarations):
        if type(answer) is not Reservation:
            raise InvalidReservationError(
                f"not a reservation: {_checks.excerpt(answer)}",
                seat=seat,
                action="declare",
                rule="§3.2",
            )
    for seat, hand in enumerate(hands):
        if not isinstance(hand, Hand):
            raise _checks.type_error(hand, f"hand {seat}", "Hand", "Hand.parse")


def schweine_holder(rules: Rules, game: GameType, dealt: Sequence[Hand]) -> int | None:
    """The seat holding both ♦A, if Schweinchen applies to ``game`` (V§2.3)."""
    if not rules.schweinchen or game not in _SCHWEINE_GAMES:
        return None
    for seat, hand in enumerate(dealt):
        if (hand._bits >> _DIAMOND_ACE_SHIFT) & 3 == 2:
            return seat
    return None


_SCHWEINE_GAMES: Final = frozenset({_NORMAL, _MARRIAGE, _SILENT_MARRIAGE})


def declare_action(reservation: object) -> str:
    """How an error names the answer ``reservation``."""
    if type(reservation) is Reservation:
        return f"declare {reservation.value}"
    return f"declare {_checks.excerpt(reservation)}"


def seat_error(seat: object, action: str) -> DoppelkopfError:
    """The error for ``seat``, which is not a seat, attempting ``action``.

    A ``bool`` is no seat (it is refused like 4); any other type but ``int`` is
    an :class:`InvalidTypeError`.
    """
    if type(seat) is not int and type(seat) is not bool:
        return action_type_error(ActionTypeError, seat, "seat", "int", action=action)
    return IllegalActionError(
        f"seat must be 0-3, not {_checks.excerpt(seat)}", seat=None, action=action, rule="§0.4"
    )


def check_seat(seat: object, action: str) -> None:
    """Raise unless ``seat`` is an ``int`` from 0 to 3 (a ``bool`` is not a seat)."""
    if type(seat) is not int or not 0 <= seat <= 3:
        raise seat_error(seat, action)
