"""The reservation round of a deal: an answer checked and given, and the contract it fixes.

:func:`check_declare`, :func:`can_declare` and :func:`declare` are methods of
:class:`~doppelkopf.Deal`, bound in the class (SPEC §3.2, V§3, V§6.1, V§7,
V§9.5).  The last answer fixes the contract (:func:`fix_contract`): its card
order, the holder of the Schweine and the parties as far as the rules fix
them; under the procedures of V§6–§9 it may instead start the Armut
exchange (``doppelkopf.deal._exchange``) or make the deal void.  Which
answers a seat may give and which contract the answers give are rules of
hands and answers alone, in :mod:`~doppelkopf.deal.reservations`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, cast

from .. import _checks
from ..errors import DoppelkopfError, InvalidReservationError, NotYourTurnError, WrongPhaseError
from ..parties import Party
from ..rules import _DEFAULT_ORDERS, THROW_REASONS, GameType, Rules, ThrowReason
from ._positions import by_position
from ._state import SETUP, TURN, Deal, HasState, _Setup, successor
from .actions import Declare, Reservation, ReservationTypeError, action_type_error
from .outcome import VoidDeal
from .poverty import Poverty, count_bits, trump_bits
from .procedures import NO_PROCEDURES, Procedures
from .questions import kind_choices, may_say_vorbehalt, next_question
from .reservations import (
    CLUB_QUEEN_SHIFT,
    SoloKind,
    declare_action,
    resolve_checked,
    resolve_extended,
    schweine_holder,
    seat_error,
)
from .throwing import _CRITERIA, REASON_TEXT

__all__ = ["can_declare", "check_declare", "declare", "fix_contract"]

_DDV: Final = Rules.DDV
# Enum members that the hot paths compare against, read once: on Python 3.11,
# reading a member from its class (``GameType.MARRIAGE``) costs about 120 ns.
_NORMAL: Final = GameType.NORMAL
_MARRIAGE: Final = GameType.MARRIAGE
_POVERTY_GAME: Final = GameType.POVERTY
_RE: Final = Party.RE
_KONTRA: Final = Party.KONTRA
_HEALTHY: Final = Reservation.HEALTHY
_ASKED_MARRIAGE: Final = Reservation.MARRIAGE
_POVERTY: Final = Reservation.POVERTY
_THROW: Final = Reservation.THROW
_VORBEHALT: Final = Reservation.VORBEHALT
_DECLINE: Final = Reservation.DECLINE
_LUSTSOLO: Final = NO_PROCEDURES._replace(solo_kind=SoloKind.VOLUNTARY)
_PROCEDURAL: Final = (_POVERTY, _THROW)
_DECLARABLE: Final = frozenset(game for game in GameType if game.is_declarable_solo)
_new_object: Final = object.__new__
_tuple_new: Final = tuple.__new__


def check_declare(
    self: HasState, seat: int, reservation: Reservation, reason: ThrowReason | None = None
) -> None:
    """Raise unless ``seat`` may answer ``reservation`` now (SPEC §3.2, V§3, V§6.1, V§7, V§9.5).

    ``reason`` is the throw reason named with :attr:`Reservation.THROW`
    and with no other answer.  In the first step a seat answers healthy, a
    named reservation (the one-step form) or a bare
    :attr:`Reservation.VORBEHALT`, open where some reservation is and not in
    a forced deal (V§9.5).  In the second step of the two-step round
    (:attr:`Deal.question`) the seat asked names a reservation of the kind
    asked or answers :attr:`Reservation.DECLINE`, open while a lower kind
    it could hold is still to be asked of it (V§6.2, V§9.2).

    Raises:
        WrongPhaseError: the reservation round is over.
        NotYourTurnError: another seat is asked now.
        InvalidReservationError: a marriage without both ♣Q, a solo under
            ``solos=False``, Armut or Schmeißen where the rules or the hand
            do not allow it, anything but a solo in a forced deal, a bare
            *Vorbehalt* with no reservation open, a ``DECLINE`` with no
            question asked, or an answer to a question that is not of the
            kind asked or a ``DECLINE`` that leaves nothing to name.
    """
    setup = self._state[SETUP]
    if type(seat) is not int or not 0 <= seat <= 3:
        raise seat_error(seat, declare_action(reservation))
    turn = self._state[TURN]
    if setup.game_type is not None or turn is None:  # a void deal has no turn (V§8)
        raise WrongPhaseError(
            "the reservation round is over",
            seat=seat,
            action=declare_action(reservation),
            rule="§3.2" if setup.extra.void is None else "§3.2, V§8",
        )
    if seat != turn:
        raise NotYourTurnError(
            f"seat {turn} is asked now, not seat {seat}",
            seat=seat,
            action=declare_action(reservation),
            rule="V§9.5" if setup.extra.forced else "§3.2",
        )
    if type(reservation) is not Reservation:
        raise action_type_error(
            ReservationTypeError,
            reservation,
            "reservation",
            "Reservation",
            "Reservation.parse",
            seat=seat,
            action="declare",
        )
    if setup.declarations[seat] is not None:
        _check_question(setup, seat, reservation, reason)
        return
    if reservation is _VORBEHALT or reservation is _DECLINE:
        _check_bare(setup, seat, reservation, reason)
        return
    if reservation is _ASKED_MARRIAGE and (setup.dealt[seat]._bits >> CLUB_QUEEN_SHIFT) & 3 != 2:
        raise InvalidReservationError(
            "only a player holding both ♣Q may announce a marriage",
            seat=seat,
            action=declare_action(reservation),
            rule="§3.2",
        )
    if not setup.rules.solos and reservation.is_solo:
        raise InvalidReservationError(
            "this table plays without solos (solos=False)",
            seat=seat,
            action=declare_action(reservation),
            rule="V§3",
        )
    if reason is not None or reservation in _PROCEDURAL or setup.extra.forced:
        _check_procedure_answer(setup, seat, reservation, reason)


def can_declare(
    self: HasState, seat: int, reservation: Reservation, reason: ThrowReason | None = None
) -> bool:
    """Whether :meth:`check_declare` would accept the answer."""
    try:
        check_declare(self, seat, reservation, reason)
    except DoppelkopfError:
        return False
    return True


def declare(
    self: Deal, seat: int, reservation: Reservation, reason: ThrowReason | None = None
) -> Deal:
    """``seat`` answers the reservation round; the last answer fixes the contract.

    The contract by SPEC §3.3, with Armut, Schmeißen and compulsory solos
    ranked by V§6.2 and V§9.2.  A winning Armut starts its exchange
    (V§6.3), a winning Schmeißen makes the deal void (V§7.2, V§8).  In a
    forced deal the forced seat's solo is the only answer (V§9.5).

    >>> from doppelkopf import Deal, Rules
    >>> deal = Deal.from_hands(_V22_HANDS, rules=Rules(schmeissen={"nines5", "kings5"}))
    >>> deal = deal.declare(0, Reservation.HEALTHY).declare(1, Reservation.THROW, "nines5")
    >>> deal = deal.declare(2, Reservation.HEALTHY).declare(3, Reservation.HEALTHY)
    >>> deal.phase, deal.void.seat, deal.void.throw_reason  # V22
    (<Phase.VOID: 'void'>, 1, 'nines5')

    Raises:
        WrongPhaseError, NotYourTurnError, InvalidReservationError: see
            :meth:`check_declare`.
    """
    state = self._state
    setup, held, tricks, leader, cards, turn = state
    before = setup.declarations
    # A healthy answer of the seat asked, in the first step of an open
    # round that is not forced, passes every test of check_declare: the
    # common answer skips them.  (The seat compared by identity as in
    # play; ``before[seat]`` is read only once it is the seat asked.)
    if (
        reservation is not _HEALTHY
        or seat is not turn
        or turn is None
        or reason is not None
        or setup.game_type is not None
        or setup.extra.forced
        or before[seat] is not None
    ):
        check_declare(self, seat, reservation, reason)
        if before[seat] is not None:
            return _answer_question(self, seat, reservation, reason)
    # Concatenation: a tuple display with starred slices builds a list first.
    declarations = before[:seat] + (reservation,) + before[seat + 1 :]  # noqa: RUF005
    if reason is not None:
        reasons = setup.extra.reasons
        setup = setup._replace(
            extra=setup.extra._replace(reasons=(*reasons[:seat], reason, *reasons[seat + 1 :]))
        )
    if None in declarations and not setup.extra.forced:
        # setup._replace(declarations=declarations), written out.
        setup = _tuple_new(_Setup, (*setup[:4], declarations, *setup[5:]))
        # successor(self, ...), written out: three answers in four come here.
        deal = _new_object(type(self))
        deal._state = (setup, held, tricks, leader, cards, (seat + 1) & 3)
        return deal
    rules = setup.rules
    if _VORBEHALT in declarations:
        return _ask(self, setup._replace(declarations=declarations), held, ())
    if rules is not _DDV and (rules.armut or rules.schmeissen or rules.compulsory_solo):
        return _end_round(self, setup, held, declarations)
    # Only a forced deal ends its round with seats left unasked (V§9.5).
    complete: Sequence[Reservation] = (
        cast("tuple[Reservation, ...]", declarations)
        if None not in declarations
        else [answer for answer in declarations if answer is not None]
    )
    game, declarer = resolve_checked(complete, setup.dealer, setup.dealt, rules)
    # Without the procedures of V§6-§9 the extra facts are NO_PROCEDURES,
    # and every declared solo is a Lustsolo.
    extra = _LUSTSOLO if declarer is not None and game in _DECLARABLE else NO_PROCEDURES
    setup = fix_contract(setup, declarations, game, declarer, extra)
    assert setup.order is not None
    return successor(self, (setup, by_position(held, setup.order), tricks, leader, cards, leader))


def fix_contract(
    setup: _Setup,
    declarations: tuple[Reservation | None, ...],
    game: GameType,
    declarer: int | None,
    extra: Procedures,
) -> _Setup:
    """``setup`` with the contract ``game`` of ``declarer`` fixed (SPEC §3.3, §6, V§2.3).

    The card order, the holder of the Schweine and the parties as far as the
    rules fix them now, and the procedures' facts ``extra``; not for
    ``POVERTY``, whose exchange comes first.
    """
    rules = setup.rules
    schweine = schweine_holder(rules, game, setup.dealt)
    order = (
        rules.card_order(game, schweine=schweine is not None)
        if rules is not _DDV
        else _DEFAULT_ORDERS[game]
    )
    if game is _NORMAL:
        # Bit s of the mask is set when seat s holds a ♣Q: it plays for Re.
        first, second, third, fourth = setup.dealt
        parties: tuple[Party | None, ...] = _NORMAL_PARTIES[
            bool((first._bits >> CLUB_QUEEN_SHIFT) & 3)
            | bool((second._bits >> CLUB_QUEEN_SHIFT) & 3) << 1
            | bool((third._bits >> CLUB_QUEEN_SHIFT) & 3) << 2
            | bool((fourth._bits >> CLUB_QUEEN_SHIFT) & 3) << 3
        ]
    elif game is _MARRIAGE:
        parties = tuple(_RE if s == declarer else None for s in range(4))
    else:
        parties = tuple(_RE if s == declarer else _KONTRA for s in range(4))
    # setup._replace(declarations=..., game_type=..., order=..., schweine=...,
    # declarer=..., parties=..., extra=...) with the fields written out: the
    # last answer of every deal comes here, and the keyword call costs a
    # quarter of it.  tests/test_deal_contract.py pins the two together.
    (_, dealer, cut, dealt, _, _, _, _, _, partner, clarification, _, re_said, kontra_said) = setup[
        :14
    ]
    calls = setup.announcements
    return _tuple_new(
        type(setup),
        (
            rules,
            dealer,
            cut,
            dealt,
            declarations,
            game,
            order,
            schweine,
            declarer,
            partner,
            clarification,
            parties,
            re_said,
            kontra_said,
            extra,
            calls,
        ),
    )


_NORMAL_PARTIES: Final = tuple(
    tuple(_RE if mask >> seat & 1 else _KONTRA for seat in range(4)) for mask in range(16)
)
"""The parties of a normal game by the mask of the seats holding a ♣Q (bit s for seat s)."""


def _check_procedure_answer(
    setup: _Setup, seat: int, reservation: Reservation, reason: object
) -> None:
    """Raise unless ``seat`` may give the answer under V§6–§9 (its turn already checked)."""
    rules = setup.rules
    action = declare_action(reservation)
    if reason is not None and (type(reason) is not str or reason not in THROW_REASONS):
        if type(reason) is not str:
            raise action_type_error(
                ReservationTypeError,
                reason,
                "reason",
                "throw reason or None",
                seat=seat,
                action=action,
            )
        raise InvalidReservationError(
            f"not a throw reason: {_checks.excerpt(reason)}; the reasons are "
            f"{', '.join(THROW_REASONS)}",
            seat=seat,
            action=action,
            rule="V§7.1",
        )
    if setup.extra.forced and not reservation.is_solo:
        raise InvalidReservationError(
            "in a forced deal the forced player names a solo and plays it",
            seat=seat,
            action=action,
            rule="V§9.5",
        )
    hand = setup.dealt[seat]
    if reservation is _THROW:
        if not rules.schmeissen:
            raise InvalidReservationError(
                "this table plays without Schmeißen (schmeissen is empty)",
                seat=seat,
                action=action,
                rule="V§7.1",
            )
        if reason is None:
            raise InvalidReservationError(
                "Schmeißen names its reason", seat=seat, action=action, rule="V§7.2"
            )
        if reason not in rules.schmeissen:
            raise InvalidReservationError(
                f"{reason} is no throw reason at this table; the reasons are "
                f"{', '.join(r for r in THROW_REASONS if r in rules.schmeissen)}",
                seat=seat,
                action=f"{action} ({reason})",
                rule="V§7.1",
            )
        if not _CRITERIA[reason](hand.bits, rules):
            raise InvalidReservationError(
                f"the hand does not meet {reason}: it needs {REASON_TEXT[reason]}",
                seat=seat,
                action=f"{action} ({reason})",
                rule="V§7.1",
            )
    elif reason is not None:
        raise InvalidReservationError(
            f"only Schmeißen names a reason, not {reservation}",
            seat=seat,
            action=action,
            rule="V§7.2",
        )
    if reservation is _POVERTY:
        if not rules.armut:
            raise InvalidReservationError(
                "this table plays without Armut (armut=False)",
                seat=seat,
                action=action,
                rule="V§6",
            )
        trumps = count_bits(hand.bits & trump_bits(rules))
        if trumps > rules.armut_max_trumps:
            raise InvalidReservationError(
                f"Armut needs at most {_trumps(rules.armut_max_trumps)}; the hand holds {trumps}",
                seat=seat,
                action=action,
                rule="V§6.1",
            )


def _end_round(
    self: Deal,
    setup: _Setup,
    held: int,
    declarations: tuple[Reservation | None, ...],
    winner: Declare | None = None,
) -> Deal:
    """The deal after the last answer under V§6–§9: the contract, an exchange or a void deal.

    ``winner`` is the answer that won the questions of the two-step round:
    the contract is that of ``winner`` alone, and ``declarations`` (stored
    as given) keep the bare *Vorbehalt* of every seat that said one.
    """
    resolved: Sequence[Reservation | None] = declarations
    reasons = setup.extra.reasons
    if winner is not None:
        resolved = [_HEALTHY] * 4
        resolved[winner.seat] = winner.reservation
        reasons = (None, None, None, None)
        if winner.reason is not None:
            reasons = (*reasons[: winner.seat], winner.reason, *reasons[winner.seat + 1 :])
    result = resolve_extended(
        resolved,
        setup.dealer,
        setup.dealt,
        setup.rules,
        owing=setup.extra.owing,
        forced=setup.extra.forced,
    )
    game, declarer = result.game_type, result.declarer
    tricks, leader, cards = self._state[2:5]
    if game is None:
        assert declarer is not None
        void = VoidDeal("thrown", declarer, reasons[declarer], setup.dealt[declarer])
        setup = setup._replace(declarations=declarations, extra=setup.extra._replace(void=void))
        return successor(self, (setup, held, tricks, leader, cards, None))
    if game is _POVERTY_GAME:
        assert declarer is not None
        setup = setup._replace(
            declarations=declarations,
            game_type=game,
            declarer=declarer,
            parties=tuple(_RE if s == declarer else None for s in range(4)),
            extra=setup.extra._replace(poverty=Poverty(declarer)),
        )
        return successor(self, (setup, held, tricks, leader, cards, declarer))
    kind = result.solo_kind
    extra = setup.extra if kind is None else setup.extra._replace(solo_kind=kind)
    setup = fix_contract(setup, declarations, game, declarer, extra)
    if kind is not None and kind is not SoloKind.VOLUNTARY:
        assert declarer is not None
        leader = declarer  # V§9.3, V§9.5: the soloist leads trick 1
    assert setup.order is not None
    return successor(self, (setup, by_position(held, setup.order), tricks, leader, cards, leader))


def _ask(self: Deal, setup: _Setup, held: int, asked: tuple[Declare, ...]) -> Deal:
    """The deal after an answer that leaves a bare *Vorbehalt* in the round (SPEC §3.2, V§6.2).

    The next question of the second step, the seat asked on turn; or, once
    an answer wins, the contract it gives.
    """
    extra = setup.extra
    found = next_question(
        setup.dealer, setup.declarations, asked, setup.rules, extra.owing, reasons=extra.reasons
    )
    tricks, leader, cards = self._state[2:5]
    if type(found) is tuple:
        setup = setup._replace(extra=extra._replace(asked=asked))
        return successor(self, (setup, held, tricks, leader, cards, found[1]))
    assert isinstance(found, Declare)
    setup = setup._replace(extra=extra._replace(asked=asked))
    return _end_round(self, setup, held, setup.declarations, found)


def _answer_question(
    self: Deal, seat: int, reservation: Reservation, reason: ThrowReason | None
) -> Deal:
    """``seat`` answers the question asked of it, already checked (SPEC §3.2, V§6.2, V§9.2)."""
    setup, held = self._state[SETUP], self._state[1]
    asked = (*setup.extra.asked, Declare(seat, reservation, reason))
    return _ask(self, setup, held, asked)


def _check_bare(setup: _Setup, seat: int, reservation: Reservation, reason: object) -> None:
    """Raise unless ``seat`` may give the bare ``VORBEHALT`` now; ``DECLINE`` never (SPEC §3.2)."""
    action = declare_action(reservation)
    if reason is not None:
        raise InvalidReservationError(
            f"only Schmeißen names a reason, not {reservation}",
            seat=seat,
            action=action,
            rule="V§7.2",
        )
    if reservation is _DECLINE:
        raise InvalidReservationError(
            "no question is asked yet: the first step is answered healthy or Vorbehalt",
            seat=seat,
            action=action,
            rule="§3.2",
        )
    if setup.extra.forced:
        raise InvalidReservationError(
            "a forced deal has no reservation round: the forced player names a solo",
            seat=seat,
            action=action,
            rule="V§9.5",
        )
    if not may_say_vorbehalt(setup.dealt[seat], setup.rules):
        raise InvalidReservationError(
            "no reservation is open to this hand under these rules, so it has no Vorbehalt",
            seat=seat,
            action=action,
            rule="§3.2, V§3",
        )


def _check_question(setup: _Setup, seat: int, reservation: Reservation, reason: object) -> None:
    """Raise unless ``seat``, asked a question of the second step, may answer so (V§6.2, V§9.2)."""
    action = declare_action(reservation)
    owing = setup.extra.owing
    found = next_question(setup.dealer, setup.declarations, setup.extra.asked, setup.rules, owing)
    assert type(found) is tuple
    kind = found[0]
    if reason is not None:
        _check_procedure_answer(setup, seat, reservation, reason)
    choices = kind_choices(seat, setup.dealt[seat], kind, setup.rules, owing)
    for choice in choices:
        if choice.reservation is reservation and choice.reason == reason:
            return
    rule = "V§9.2" if setup.rules.compulsory_solo else "V§6.2"
    if reservation is _DECLINE:
        raise InvalidReservationError(
            f"seat {seat} must name its reservation: no lower kind it could hold is asked "
            f"after {kind}",
            seat=seat,
            action=action,
            rule=f"§3.2, {rule}",
        )
    if reservation is _HEALTHY or reservation is _VORBEHALT:
        raise InvalidReservationError(
            f"seat {seat} said Vorbehalt and is asked for {kind}: it names one or declines",
            seat=seat,
            action=action,
            rule="§3.2",
        )
    if reservation.is_solo and not setup.rules.solos:
        raise InvalidReservationError(
            "this table plays without solos (solos=False)", seat=seat, action=action, rule="V§3"
        )
    if reservation is _THROW or reservation is _POVERTY:
        _check_procedure_answer(setup, seat, reservation, reason)
    if reservation is _ASKED_MARRIAGE and (setup.dealt[seat]._bits >> CLUB_QUEEN_SHIFT) & 3 != 2:
        raise InvalidReservationError(
            "only a player holding both ♣Q may announce a marriage",
            seat=seat,
            action=action,
            rule="§3.2",
        )
    raise InvalidReservationError(
        f"seat {seat} is asked for {kind} now, and {reservation} is no reservation of that "
        "kind: the kinds are asked in the order of the ranking",
        seat=seat,
        action=action if reason is None else f"{action} ({reason})",
        rule=rule,
    )


def _trumps(count: int) -> str:
    """``"1 trump"``, ``"3 trumps"``: a count of trumps in a message."""
    return f"{count} trump" if count == 1 else f"{count} trumps"


# The hands of V22 for the examples: seat 1 holds five nines.
_V22_HANDS: Final = (
    "♣A ♣A ♣10 ♣K ♠A ♠A ♠10 ♠K ♥A ♥A ♥K ♥J",
    "♣9 ♣9 ♠9 ♥9 ♦9 ♣10 ♠10 ♠K ♥10 ♥K ♦K ♦J",
    "♣Q ♣Q ♠Q ♠Q ♥Q ♥Q ♦Q ♦Q ♣J ♣J ♠J ♠J",
    "♣K ♠9 ♥10 ♥9 ♦A ♦A ♦10 ♦10 ♦K ♦9 ♥J ♦J",
)
