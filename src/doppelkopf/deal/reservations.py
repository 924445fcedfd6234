"""The rules of the reservation round: which answers a seat may give, and which contract they give.

SPEC §3.2 for the answers open to a seat; SPEC §3.3 for the DDV answers; V§6.2
and V§9.2 rank Armut, Schmeißen and the compulsory solos against them; V§2.3
names the holder of the Schweine.  These are functions of hands and answers:
the deal's own reservation round, which checks an answer against the state
and moves the state on, is :mod:`doppelkopf.deal._round`.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from typing import Final, NoReturn

import attrs

from .. import _checks
from ..cards import Card, Hand, Rank, Suit
from ..errors import DoppelkopfError, IllegalActionError, InvalidReservationError, InvalidValueError
from ..rules import GameType, Rules
from .actions import ActionTypeError, Declare, Reservation, action_type_error
from .poverty import may_declare_poverty
from .throwing import reasons_met

__all__ = [
    "RoundResult",
    "SoloKind",
    "resolve_reservations",
    "resolve_round",
]

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
_POVERTY: Final = Reservation.POVERTY
_THROW: Final = Reservation.THROW


class SoloKind(enum.Enum, metaclass=_checks.LookupEnumType):
    """What a declared solo is in tournament terms (V§9.1, V§9.5).

    ``COMPULSORY`` (*Pflichtsolo*): declared by a player who still owes one;
    ``VOLUNTARY`` (*Lustsolo*): any other declared solo, also at a table
    without compulsory solos; ``FORCED`` (*Vorführen*): named in a forced deal.
    A marriage solo and a silent marriage have no kind.

    >>> SoloKind.parse("Pflichtsolo"), str(SoloKind.FORCED), SoloKind.VOLUNTARY.german
    (SoloKind.COMPULSORY, 'forced solo', 'Lustsolo')
    """

    COMPULSORY = "compulsory"
    VOLUNTARY = "voluntary"
    FORCED = "forced"

    @property
    def german(self) -> str:
        """The word used at German tables: Pflichtsolo, Lustsolo or Vorführen."""
        return _SOLO_KIND_GERMAN[self]

    @property
    def is_compulsory(self) -> bool:
        """Whether the solo discharges the player's compulsory solo (V§9.1, V§9.5)."""
        return self is not SoloKind.VOLUNTARY

    @classmethod
    def parse(cls, text: str) -> SoloKind:
        """Read a solo kind by its value, its English name or its German word (V§9).

        >>> SoloKind.parse("lustsolo"), SoloKind.parse("Vorfuehren"), SoloKind.parse("forced")
        (SoloKind.VOLUNTARY, SoloKind.FORCED, SoloKind.FORCED)

        Raises:
            InvalidTypeError: ``text`` is not a ``str``.
            InvalidNotationError: no solo kind has that name.
        """
        from ..errors import InvalidNotationError

        key = "".join(_checks.text(text).lower().replace("ü", "ue").split())
        for member in SoloKind:
            names = (member.value, member.name.lower(), str(member).replace(" ", ""))
            if key in names or key == member.german.lower().replace("ü", "ue"):
                return member
        raise InvalidNotationError(f"unknown solo kind {_checks.excerpt(text)}", text=text[:40])

    @classmethod
    def _missing_(cls, value: object) -> NoReturn:
        if not isinstance(value, str):
            raise _checks.type_error(value, "value", "str", "SoloKind.parse")
        raise InvalidValueError(
            f"no solo kind has the value {_checks.excerpt(value)}: expected 'compulsory', "
            "'voluntary' or 'forced'",
            rule="V§9.1",
        )

    def __str__(self) -> str:
        return f"{self.value} solo"

    def __repr__(self) -> str:
        return f"SoloKind.{self.name}"


_SOLO_KIND_GERMAN: Final = {
    SoloKind.COMPULSORY: "Pflichtsolo",
    SoloKind.VOLUNTARY: "Lustsolo",
    SoloKind.FORCED: "Vorführen",
}


@attrs.frozen
class RoundResult:
    """What the answers of a reservation round give (SPEC §3.3, V§6.2, V§9.2).

    ``game_type`` is the contract, ``None`` when Schmeißen won (the deal is
    void, V§8); ``declarer`` the soloist, marriage player, poor player or
    thrower (``None`` in a normal game); ``solo_kind`` the kind of a declared
    solo (:class:`SoloKind`), ``None`` for every other contract.
    """

    game_type: GameType | None
    declarer: int | None
    solo_kind: SoloKind | None = None

    @property
    def is_void(self) -> bool:
        """Whether the deal is thrown in (V§7.2, V§8)."""
        return self.game_type is None


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
    if any(answer is _POVERTY or answer is _THROW for answer in declarations):
        result = resolve_extended(declarations, dealer, hands, rules)
        if result.game_type is None:
            raise InvalidReservationError(
                f"seat {result.declarer} throws in and the deal is void, so it has no "
                "game type; resolve_round tells a void deal",
                seat=result.declarer,
                action="declare throw",
                rule="V§7.2, V§8",
            )
        return result.game_type, result.declarer
    return resolve_checked(declarations, dealer, hands, rules)


def resolve_round(
    declarations: Sequence[Reservation],
    dealer: int,
    hands: Sequence[Hand],
    rules: Rules = _DDV,
    *,
    owing: Iterable[int] = (),
    forced: bool = False,
) -> RoundResult:
    """The result of the reservation round with every answer of the rules (V§6.2, V§9.2).

    The ranking: compulsory solo > Lustsolo > Schmeißen > Armut > Hochzeit >
    silent marriage / normal; within one kind the first in asking order (from
    the dealer's left) wins.  Without ``compulsory_solo`` every declared solo
    is voluntary (V§6.2).  A solo declared by a seat of ``owing`` (the seats
    that still owe their compulsory solo, V§9.1) is compulsory.  In a
    ``forced`` deal (V§9.5) only the forced seat answers and its solo is
    forced; the other answers are ``HEALTHY``.  For the answers of SPEC §3.2
    alone the result is that of :func:`resolve_reservations`.

    >>> from doppelkopf import Deal, Rules
    >>> hands = Deal.shuffled(seed=1).dealt
    >>> R = Reservation
    >>> resolve_round([R.JACKS_SOLO, R.HEALTHY, R.FLESHLESS, R.HEALTHY], 3, hands,
    ...               Rules.TOURNAMENT, owing={2})  # V24: C's compulsory solo wins
    RoundResult(game_type=GameType.FLESHLESS, declarer=2, solo_kind=SoloKind.COMPULSORY)
    >>> resolve_round([R.POVERTY, R.THROW, R.HEALTHY, R.HEALTHY], 3, hands,
    ...               Rules(armut=True, schmeissen={"nines5"})).is_void  # V§6.2
    True

    Raises:
        InvalidReservationError: an answer is not a :class:`Reservation`, or is
            one the rules do not have (V§3, V§6, V§7).
        InvalidValueError: not four answers and four hands, ``dealer`` is not a
            seat, ``owing`` holds no seats, or ``owing``/``forced`` without
            ``compulsory_solo`` (V§9).
        TypeError: ``rules`` is not a :class:`~doppelkopf.Rules` value.
    """
    _check_round(declarations, dealer, hands, rules)
    seats = check_owing(owing, forced, rules)
    return resolve_extended(declarations, dealer, hands, rules, owing=seats, forced=forced)


def check_owing(owing: object, forced: object, rules: Rules) -> frozenset[int]:
    """``owing`` as a set of seats, checked against ``forced`` and ``rules`` (V§9.1, V§9.5)."""
    if isinstance(owing, (str, bytes, bytearray)) or not isinstance(owing, Iterable):
        raise _checks.type_error(owing, "owing", "iterable of seats")
    seats: set[int] = set()
    for seat in owing:
        if type(seat) is not int and type(seat) is not bool:
            raise _checks.type_error(seat, "a seat of owing", "int")
        if type(seat) is not int or not 0 <= seat <= 3:
            raise InvalidValueError(
                f"owing holds seats 0-3, not {_checks.excerpt(seat)}", rule="V§9.1"
            )
        seats.add(seat)
    if type(forced) is not bool:
        raise _checks.type_error(forced, "forced", "bool")
    if seats and not rules.compulsory_solo:
        raise InvalidValueError(
            "only a table with compulsory solos (compulsory_solo=True) owes them",
            rule="V§9.1",
        )
    if forced and not seats:
        raise InvalidValueError(
            "a forced deal needs a seat that owes its compulsory solo", rule="V§9.5"
        )
    return frozenset(seats)


def resolve_extended(
    declarations: Sequence[Reservation | None],
    dealer: int,
    hands: Sequence[Hand],
    rules: Rules,
    *,
    owing: frozenset[int] = frozenset(),
    forced: bool = False,
) -> RoundResult:
    """:func:`resolve_round` for checked inputs; ``None`` answers (not asked) count as healthy."""
    order = ((dealer + 1) & 3, (dealer + 2) & 3, (dealer + 3) & 3, dealer & 3)
    best_rank = 0
    best_seat: int | None = None
    best_answer: Reservation | None = None
    for seat in order:
        answer = declarations[seat]
        if answer is None or answer is _HEALTHY:
            continue
        rank = _rank(seat, answer, rules, owing)
        if rank > best_rank:
            best_rank, best_seat, best_answer = rank, seat, answer
    if best_answer is None:
        for seat in order:
            if (hands[seat]._bits >> CLUB_QUEEN_SHIFT) & 3 == 2:
                return RoundResult(_SILENT_MARRIAGE, seat)
        return RoundResult(_NORMAL, None)
    if best_answer is _THROW:
        return RoundResult(None, best_seat)
    game = best_answer.game_type
    assert game is not None
    if best_rank < 4:
        return RoundResult(game, best_seat)
    kind = _FORCED if forced else _COMPULSORY if best_rank == 5 else _VOLUNTARY
    return RoundResult(game, best_seat, kind)


def _rank(seat: int, answer: Reservation, rules: Rules, owing: frozenset[int]) -> int:
    """The rank of an answer (V§6.2, V§9.2): 5 compulsory solo … 1 Hochzeit."""
    if answer.is_solo:
        if not rules.solos:
            _refuse(seat, answer, "this table plays without solos", "V§3")
        return 5 if rules.compulsory_solo and seat in owing else 4
    if answer is _THROW:
        if not rules.schmeissen:
            _refuse(seat, answer, "this table plays without Schmeißen", "V§7.1")
        return 3
    if answer is _POVERTY:
        if not rules.armut:
            _refuse(seat, answer, "this table plays without Armut", "V§6")
        return 2
    return 1


_COMPULSORY: Final = SoloKind.COMPULSORY
_VOLUNTARY: Final = SoloKind.VOLUNTARY
_FORCED: Final = SoloKind.FORCED


def _refuse(seat: int, answer: Reservation, why: str, rule: str) -> NoReturn:
    raise InvalidReservationError(
        f"seat {seat} declared {answer}, but {why}",
        seat=seat,
        action=declare_action(answer),
        rule=rule,
    )


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


def declare_choices(
    seat: int, hand: Hand, rules: Rules, *, forced: bool = False
) -> tuple[Declare, ...]:
    """The answers open to ``seat`` holding ``hand`` in the reservation round (SPEC §3.2, V§3–§9).

    Healthy, a marriage with both ♣Q, the solos unless ``solos=False``, Armut
    where the hand may declare it (V§6.1) and Schmeißen once per reason the
    hand meets (V§7.2), then the bare ``VORBEHALT`` of the two-step round
    wherever one of those reservations is open (SPEC §3.2); in a ``forced``
    deal only the solos (V§9.5), as it has no reservation round.

    >>> from doppelkopf import Rules
    >>> hand = Hand.parse("♣9 ♣9 ♠9 ♥9 ♦9 ♣A ♣10 ♠A ♠K ♥A ♥K ♦Q")
    >>> rules = Rules(armut=True, schmeissen={"nines5"}, solos=False)
    >>> [str(d) for d in declare_choices(1, hand, rules)]
    ['seat 1: healthy', 'seat 1: poverty', 'seat 1: throw (nines5)', 'seat 1: vorbehalt']
    """
    choices: list[Declare] = []
    marriage = (hand.bits >> CLUB_QUEEN_SHIFT) & 3 == 2
    for reservation in _CLASSIC:
        if forced and not reservation.is_solo:
            continue
        if reservation is Reservation.MARRIAGE and not marriage:
            continue
        if reservation.is_solo and not rules.solos:
            continue
        choices.append(Declare(seat, reservation))
    if forced:
        return tuple(choices)
    if may_declare_poverty(hand, rules):
        choices.append(Declare(seat, _POVERTY))
    choices.extend(Declare(seat, _THROW, reason) for reason in reasons_met(hand.bits, rules))
    if len(choices) > 1:
        choices.append(Declare(seat, Reservation.VORBEHALT))
    return tuple(choices)


_CLASSIC: Final = tuple(
    reservation
    for reservation in Reservation
    if reservation not in (_POVERTY, _THROW, Reservation.VORBEHALT, Reservation.DECLINE)
)
