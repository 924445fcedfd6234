"""The table procedures of a deal beyond SPEC.md: Armut, Schmeißen, compulsory solos (V§6–§9).

:class:`ProcedureMixin` gives :class:`~doppelkopf.Deal` the end of the
reservation round under these rules, the three steps of the Armut exchange
(each with ``check_…``, ``can_…`` and the action) and the facts they record.
The rules themselves live in :mod:`~doppelkopf.deal.poverty`,
:mod:`~doppelkopf.deal.throwing` and :mod:`~doppelkopf.deal.reservations`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final, NamedTuple

from .. import _checks
from ..cards import Card, Hand
from ..errors import (
    DoppelkopfError,
    IllegalActionError,
    InvalidReservationError,
    NotYourTurnError,
    WrongPhaseError,
)
from ..parties import Party
from ..rules import _DEFAULT_ORDERS, THROW_REASONS, GameType, Rules, ThrowReason
from ._positions import by_position
from .actions import (
    ActionTypeError,
    AnswerPoverty,
    Declare,
    PassCards,
    Reservation,
    ReservationTypeError,
    ReturnCards,
    _three_cards,
    action_type_error,
)
from .dealing import HAND_MASK
from .outcome import VoidDeal
from .poverty import (
    Poverty,
    cards_bits,
    count_bits,
    held_refusal,
    may_declare_poverty,
    pass_choices,
    pass_refusal,
    return_choices,
    trump_bits,
)
from .reservations import (
    CLUB_QUEEN_SHIFT,
    SoloKind,
    declare_action,
    resolve_extended,
    schweine_holder,
    seat_error,
)
from .throwing import _CRITERIA, REASON_TEXT, reasons_met

if TYPE_CHECKING:
    from .machine import Deal, _Setup, _State

__all__ = ["NO_PROCEDURES", "ProcedureMixin", "Procedures"]

_DDV: Final = Rules.DDV
_NORMAL: Final = GameType.NORMAL
_MARRIAGE: Final = GameType.MARRIAGE
_POVERTY_GAME: Final = GameType.POVERTY
_RE: Final = Party.RE
_KONTRA: Final = Party.KONTRA
_POVERTY: Final = Reservation.POVERTY
_THROW: Final = Reservation.THROW
_NO_PARTIES: Final = (None, None, None, None)


class Procedures(NamedTuple):
    """The facts of a deal that the procedures of V§6–§9 add, one slot of its setup.

    ``reasons``: the throw reason each seat named (V§7.2); ``owing``: the
    seats that still owe a compulsory solo (V§9.1); ``forced``: whether the
    deal is forced (V§9.5); ``solo_kind``: the kind of its declared solo;
    ``poverty``: the Armut exchange (V§6.3); ``void``: why the deal is void
    (V§8).  Every deal without them shares :data:`NO_PROCEDURES`, so that a
    DDV deal carries one more slot and no more work.
    """

    reasons: tuple[ThrowReason | None, ...]
    owing: frozenset[int]
    forced: bool
    solo_kind: SoloKind | None
    poverty: Poverty | None
    void: VoidDeal | None


NO_PROCEDURES: Final = Procedures((None, None, None, None), frozenset(), False, None, None, None)
"""The procedures of a deal that has none yet."""


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
_tuple_new: Final = tuple.__new__


def declare_choices(
    seat: int, hand: Hand, rules: Rules, *, forced: bool = False
) -> tuple[Declare, ...]:
    """The answers open to ``seat`` holding ``hand`` in the reservation round (SPEC §3.2, V§3–§9).

    Healthy, a marriage with both ♣Q, the solos unless ``solos=False``, Armut
    where the hand may declare it (V§6.1) and Schmeißen once per reason the
    hand meets (V§7.2); in a ``forced`` deal only the solos (V§9.5).

    >>> from doppelkopf import Rules
    >>> hand = Hand.parse("♣9 ♣9 ♠9 ♥9 ♦9 ♣A ♣10 ♠A ♠K ♥A ♥K ♦Q")
    >>> rules = Rules(armut=True, schmeissen={"nines5"}, solos=False)
    >>> [str(d) for d in declare_choices(1, hand, rules)]
    ['seat 1: healthy', 'seat 1: poverty', 'seat 1: throw (nines5)']
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
    return tuple(choices)


_CLASSIC: Final = tuple(
    reservation for reservation in Reservation if reservation not in (_POVERTY, _THROW)
)


def exchange_actions(
    seat: int, hand: Hand, poverty: Poverty, turn: int | None, rules: Rules
) -> tuple[PassCards | AnswerPoverty | ReturnCards, ...]:
    """The actions of ``seat`` holding ``hand`` in the Armut exchange ``poverty`` (V§6.3).

    The distinct three-card choices of the poor player before it passes and
    of the acceptor before it returns, or accept and refuse for the seat the
    offer is put to; nothing for any other seat.
    """
    if seat != turn:
        return ()
    if not poverty.cards_passed:
        return tuple(PassCards(seat, cards) for cards in pass_choices(hand, rules))
    if poverty.acceptor is None:
        return (AnswerPoverty(seat, True), AnswerPoverty(seat, False))
    return tuple(ReturnCards(seat, cards) for cards in return_choices(hand))


def _exchange_cards(cards: object, seat: int, verb: str) -> tuple[Card, ...]:
    """``cards`` as three sorted cards, or the action's error naming ``seat``."""
    try:
        return _three_cards(cards)
    except IllegalActionError as error:
        error.seat = seat
        error.action = f"{verb} cards"
        raise


class ProcedureMixin:
    """The reservation round's procedures and the Armut exchange of a :class:`Deal` (V§6–§9)."""

    __slots__ = ()

    if TYPE_CHECKING:
        _state: _State

        @property
        def _setup(self) -> _Setup: ...

        def _new(self, state: _State) -> Deal: ...

    # --- the facts ------------------------------------------------------------

    @property
    def poverty(self) -> Poverty | None:
        """The Armut exchange, once an Armut won the reservation round (V§6.3).

        ``deal.declarer`` is the poor player and ``deal.partner`` the acceptor.
        """
        return self._setup.extra.poverty

    @property
    def void(self) -> VoidDeal | None:
        """Why the deal is void, if it is (V§8): thrown in, or an Armut nobody accepted."""
        return self._setup.extra.void

    @property
    def is_void(self) -> bool:
        """Whether the deal ended before any card was played (V§8)."""
        return self._setup.extra.void is not None

    @property
    def owing(self) -> frozenset[int]:
        """The seats that still owe a compulsory solo at the start of the deal (V§9.1)."""
        return self._setup.extra.owing

    @property
    def forced(self) -> bool:
        """Whether the deal is forced (Vorführen, V§9.5): the forced seat names a solo."""
        return self._setup.extra.forced

    @property
    def forced_seat(self) -> int | None:
        """The seat that must name a solo in a forced deal: the first owing from the dealer's left.

        ``None`` unless the deal is forced (V§9.5).
        """
        setup = self._setup
        if not setup.extra.forced:
            return None
        return next(
            seat
            for seat in ((setup.dealer + k) & 3 for k in (1, 2, 3, 4))
            if seat in setup.extra.owing
        )

    @property
    def solo_kind(self) -> SoloKind | None:
        """Whether the declared solo is compulsory, voluntary or forced (V§9.1, V§9.5).

        ``None`` before the contract and for every contract but a declared or
        forced solo (a marriage solo and a silent marriage have no kind).
        """
        return self._setup.extra.solo_kind

    @property
    def throw_reasons(self) -> tuple[ThrowReason | None, ...]:
        """The reason each seat named with Schmeißen, ``None`` for the others (V§7.2)."""
        return self._setup.extra.reasons

    # --- the reservation round (V§6.1, V§7.2, V§9.5) ----------------------------

    def _check_procedure_answer(self, seat: int, reservation: Reservation, reason: object) -> None:
        """Raise unless ``seat`` may give the answer under V§6–§9 (its turn already checked)."""
        setup = self._setup
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
                    f"Armut needs at most {_trumps(rules.armut_max_trumps)}; "
                    f"the hand holds {trumps}",
                    seat=seat,
                    action=action,
                    rule="V§6.1",
                )

    def _end_round(
        self, setup: _Setup, held: int, declarations: tuple[Reservation | None, ...]
    ) -> Deal:
        """The deal after the last answer under V§6–§9: the contract, an exchange or a void deal."""
        result = resolve_extended(
            declarations,
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
            void = VoidDeal(
                "thrown", declarer, setup.extra.reasons[declarer], setup.dealt[declarer]
            )
            setup = setup._replace(declarations=declarations, extra=setup.extra._replace(void=void))
            return self._new((setup, held, tricks, leader, cards, None))
        if game is _POVERTY_GAME:
            assert declarer is not None
            setup = setup._replace(
                declarations=declarations,
                game_type=game,
                declarer=declarer,
                parties=tuple(_RE if s == declarer else None for s in range(4)),
                extra=setup.extra._replace(poverty=Poverty(declarer)),
            )
            return self._new((setup, held, tricks, leader, cards, declarer))
        kind = result.solo_kind
        extra = setup.extra if kind is None else setup.extra._replace(solo_kind=kind)
        setup = fix_contract(setup, declarations, game, declarer, extra)
        if kind is not None and kind is not SoloKind.VOLUNTARY:
            assert declarer is not None
            leader = declarer  # V§9.3, V§9.5: the soloist leads trick 1
        assert setup.order is not None
        return self._new((setup, by_position(held, setup.order), tricks, leader, cards, leader))

    # --- the Armut exchange (V§6.3) ---------------------------------------------

    def _exchange_phase_error(self, seat: int, action: str, step: str) -> DoppelkopfError:
        setup = self._setup
        where = (
            "the deal is void"
            if setup.extra.void is not None
            else "no Armut is being exchanged"
            if setup.extra.poverty is None or setup.order is not None
            else f"the Armut exchange is not at its {step} step"
        )
        return WrongPhaseError(f"{where}", seat=seat, action=action, rule="V§6.3")

    def _exchange(self) -> Poverty | None:
        """The exchange in progress, ``None`` outside it."""
        setup = self._setup
        if setup.order is not None or setup.extra.void is not None:
            return None
        return setup.extra.poverty

    def check_pass_cards(self, seat: int, cards: tuple[Card, ...]) -> None:
        """Raise unless the poor player ``seat`` may pass ``cards`` now (V§6.3 step 1).

        Exactly three cards of its hand, all its trumps among them.

        Raises:
            WrongPhaseError: no Armut waits for its cards.
            NotYourTurnError: ``seat`` is not the poor player.
            CardNotHeldError: a card is not in the hand.
            IllegalActionError: not three cards, or a trump would stay in the hand.
            InvalidTypeError: ``seat`` is not an int or a card no :class:`Card`.
        """
        if type(seat) is not int or not 0 <= seat <= 3:
            raise seat_error(seat, "pass cards")
        poverty = self._exchange()
        if poverty is None or poverty.cards_passed:
            raise self._exchange_phase_error(seat, "pass cards", "passing")
        if seat != poverty.poor:
            raise NotYourTurnError(
                f"seat {poverty.poor} is poor and passes the cards, not seat {seat}",
                seat=seat,
                action="pass cards",
                rule="V§6.3",
            )
        checked = _exchange_cards(cards, seat, "pass")
        setup, held = self._state[0], self._state[1]
        error = pass_refusal((held >> 48 * seat) & HAND_MASK, checked, seat, setup.rules)
        if error is not None:
            raise error

    def can_pass_cards(self, seat: int, cards: tuple[Card, ...]) -> bool:
        """Whether :meth:`check_pass_cards` would accept the cards."""
        return _accepts(self.check_pass_cards, seat, cards)

    def pass_cards(self, seat: int, cards: tuple[Card, ...]) -> Deal:
        """The poor player passes ``cards`` face down; the offer starts at its left (V§6.3).

        >>> from doppelkopf import Deal, Reservation, Rules
        >>> deal = Deal.from_hands(_V18_HANDS, rules=Rules(armut=True))
        >>> deal = deal.declare(0, Reservation.POVERTY)
        >>> for seat in (1, 2, 3):
        ...     deal = deal.declare(seat, Reservation.HEALTHY)
        >>> deal.phase, deal.turn
        (<Phase.POVERTY_PASS: 'poverty_pass'>, 0)
        >>> deal = deal.pass_cards(0, Hand.parse("♦K ♣J ♠K"))  # V18
        >>> deal.phase, deal.turn, deal.hand_size(0)
        (<Phase.POVERTY_OFFER: 'poverty_offer'>, 1, 9)

        Raises:
            WrongPhaseError, NotYourTurnError, CardNotHeldError, IllegalActionError:
                see :meth:`check_pass_cards`.
        """
        self.check_pass_cards(seat, cards)
        checked = _three_cards(cards)
        setup, held, tricks, leader, trick, _ = self._state
        poverty = setup.extra.poverty
        assert poverty is not None
        poverty = Poverty(poverty.poor, checked, cards_passed=True)
        held -= cards_bits(checked) << 48 * seat
        setup = setup._replace(extra=setup.extra._replace(poverty=poverty))
        return self._new((setup, held, tricks, leader, trick, (seat + 1) & 3))

    def check_answer_poverty(self, seat: int, accept: bool) -> None:
        """Raise unless ``seat`` may answer the Armut offer now (V§6.3 step 2).

        The seats are asked in order from the poor player's left; each accepts
        or refuses without seeing the cards (R2).

        Raises:
            WrongPhaseError: no offer is open.
            NotYourTurnError: the offer is put to another seat.
            InvalidTypeError: ``seat`` is not an int or ``accept`` not a bool.
        """
        if type(seat) is not int or not 0 <= seat <= 3:
            raise seat_error(seat, "answer the Armut")
        poverty = self._exchange()
        if poverty is None or poverty.asked is None:
            raise self._exchange_phase_error(seat, "answer the Armut", "offer")
        if seat != poverty.asked:
            raise NotYourTurnError(
                f"the Armut is offered to seat {poverty.asked} now, not seat {seat}",
                seat=seat,
                action="answer the Armut",
                rule="V§6.3",
            )
        if type(accept) is not bool:
            raise action_type_error(
                ActionTypeError, accept, "accept", "bool", seat=seat, action="answer the Armut"
            )

    def can_answer_poverty(self, seat: int, accept: bool) -> bool:
        """Whether :meth:`check_answer_poverty` would accept the answer."""
        return _accepts(self.check_answer_poverty, seat, accept)

    def answer_poverty(self, seat: int, accept: bool) -> Deal:
        """``seat`` accepts or refuses the Armut (V§6.3 step 2, step 4, V§6.4).

        The first accept ends the offer: the acceptor takes the three cards and
        the parties are public, poor player and acceptor Re.  A third refusal
        makes the deal void (V§8).

        >>> from doppelkopf import Deal, Reservation, Rules
        >>> deal = Deal.from_hands(_V18_HANDS, rules=Rules(armut=True)).declare(
        ...     0, Reservation.POVERTY)
        >>> for seat in (1, 2, 3):
        ...     deal = deal.declare(seat, Reservation.HEALTHY)
        >>> deal = deal.pass_cards(0, Hand.parse("♦K ♣J ♠K"))
        >>> deal = deal.answer_poverty(1, False).answer_poverty(2, True)  # V18
        >>> deal.phase, deal.partner, deal.hand_size(2), [str(p) for p in deal.parties]
        (<Phase.POVERTY_RETURN: 'poverty_return'>, 2, 15, ['Re', 'Kontra', 'Re', 'Kontra'])

        Raises:
            WrongPhaseError, NotYourTurnError, InvalidTypeError: see
                :meth:`check_answer_poverty`.
        """
        self.check_answer_poverty(seat, accept)
        setup, held, tricks, leader, trick, _ = self._state
        poverty = setup.extra.poverty
        assert poverty is not None
        assert poverty.passed is not None
        answers = (*poverty.answers, accept)
        passed = cards_bits(poverty.passed)
        if accept:
            poor = poverty.poor
            setup = setup._replace(
                extra=setup.extra._replace(
                    poverty=Poverty(poor, poverty.passed, answers, seat, cards_passed=True)
                ),
                partner=seat,
                parties=tuple(_RE if s in (poor, seat) else _KONTRA for s in range(4)),
            )
            return self._new((setup, held + (passed << 48 * seat), tricks, leader, trick, seat))
        poverty = Poverty(poverty.poor, poverty.passed, answers, cards_passed=True)
        if len(answers) < 3:
            setup = setup._replace(extra=setup.extra._replace(poverty=poverty))
            return self._new((setup, held, tricks, leader, trick, (seat + 1) & 3))
        setup = setup._replace(
            game_type=None,
            declarer=None,
            parties=_NO_PARTIES,
            extra=setup.extra._replace(
                poverty=poverty, void=VoidDeal("poverty_refused", poverty.poor)
            ),
        )
        return self._new((setup, held + (passed << 48 * poverty.poor), tricks, leader, trick, None))

    def check_return_cards(self, seat: int, cards: tuple[Card, ...]) -> None:
        """Raise unless the acceptor ``seat`` may return ``cards`` now (V§6.3 step 3).

        Any three of its fifteen cards, trumps and received cards allowed.

        Raises:
            WrongPhaseError: nobody has accepted, or the cards are back already.
            NotYourTurnError: ``seat`` is not the acceptor.
            CardNotHeldError: a card is not in the hand.
            IllegalActionError: not three cards.
            InvalidTypeError: ``seat`` is not an int or a card no :class:`Card`.
        """
        if type(seat) is not int or not 0 <= seat <= 3:
            raise seat_error(seat, "return cards")
        poverty = self._exchange()
        if poverty is None or poverty.acceptor is None:
            raise self._exchange_phase_error(seat, "return cards", "return")
        if seat != poverty.acceptor:
            raise NotYourTurnError(
                f"seat {poverty.acceptor} accepted and returns the cards, not seat {seat}",
                seat=seat,
                action="return cards",
                rule="V§6.3",
            )
        checked = _exchange_cards(cards, seat, "return")
        error = held_refusal((self._state[1] >> 48 * seat) & HAND_MASK, checked, seat, "return")
        if error is not None:
            raise error

    def can_return_cards(self, seat: int, cards: tuple[Card, ...]) -> bool:
        """Whether :meth:`check_return_cards` would accept the cards."""
        return _accepts(self.check_return_cards, seat, cards)

    def return_cards(self, seat: int, cards: tuple[Card, ...]) -> Deal:
        """The acceptor returns ``cards``; the number of trumps among them is public (V§6.3, V§6.5).

        Play starts from the dealer's left and announcements open, with the
        normal deadlines.

        >>> from doppelkopf import Deal, Reservation, Rules
        >>> deal = Deal.from_hands(_V18_HANDS, rules=Rules(armut=True)).declare(
        ...     0, Reservation.POVERTY)
        >>> for seat in (1, 2, 3):
        ...     deal = deal.declare(seat, Reservation.HEALTHY)
        >>> deal = deal.pass_cards(0, Hand.parse("♦K ♣J ♠K"))
        >>> deal = deal.answer_poverty(1, False).answer_poverty(2, True)
        >>> deal = deal.return_cards(2, Hand.parse("♥10 ♦A ♠9"))  # V18
        >>> deal.poverty.returned_trumps, deal.phase, deal.turn, deal.hand_size(0)
        (2, <Phase.PLAY: 'play'>, 0, 12)

        Raises:
            WrongPhaseError, NotYourTurnError, CardNotHeldError, IllegalActionError:
                see :meth:`check_return_cards`.
        """
        self.check_return_cards(seat, cards)
        checked = _three_cards(cards)
        setup, held, tricks, _, trick, _ = self._state
        poverty = setup.extra.poverty
        assert poverty is not None
        rules = setup.rules
        bits = cards_bits(checked)
        poverty = Poverty(
            poverty.poor,
            poverty.passed,
            poverty.answers,
            poverty.acceptor,
            checked,
            count_bits(bits & trump_bits(rules)),
            cards_passed=True,
            cards_returned=True,
        )
        held += (bits << 48 * poverty.poor) - (bits << 48 * seat)
        order = rules.card_order(_POVERTY_GAME)
        setup = setup._replace(extra=setup.extra._replace(poverty=poverty), order=order)
        first = (setup.dealer + 1) & 3
        return self._new((setup, by_position(held, order), tricks, first, trick, first))


# The hands of V18 for the examples: seat 0 holds two trumps, ♦K and ♣J.
_V18_HANDS: Final = (
    "♦K ♣J ♠K ♠A ♠A ♠10 ♣A ♣A ♣10 ♥A ♥K ♥9",
    "♣Q ♣Q ♠Q ♠Q ♥Q ♥Q ♦Q ♦Q ♣J ♠J ♠J ♥J",
    "♥10 ♥10 ♦A ♦A ♦10 ♦10 ♦K ♦9 ♦9 ♥J ♦J ♠9",
    "♦J ♠10 ♠K ♠9 ♣10 ♣K ♣K ♣9 ♣9 ♥A ♥K ♥9",
)


def _trumps(count: int) -> str:
    """``"1 trump"``, ``"3 trumps"``: a count of trumps in a message."""
    return f"{count} trump" if count == 1 else f"{count} trumps"


def _accepts(check: Callable[..., None], *arguments: object) -> bool:
    """Whether ``check(*arguments)`` passes: the ``can_…`` form of a ``check_…`` verb."""
    try:
        check(*arguments)
    except DoppelkopfError:
        return False
    return True
