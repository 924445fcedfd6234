"""The card play of a deal: the legal cards, and a card played (SPEC §5, §7.2, §7.3).

Each function here is a method of :class:`~doppelkopf.Deal` (``Deal.play`` is
:func:`play`), bound in the class without a wrapper: :func:`legal_cards` and
:func:`play` are what every bot and every playout calls for every card.
:func:`play` inlines the checks a legal card passes and asks
:func:`play_refusal`, the one check of a card, for the error whenever one
fails.  The hands are packed by position in the card order
(``doppelkopf.deal._positions``).
"""

from __future__ import annotations

from typing import Final

from .. import _checks
from ..cards import Card
from ..errors import (
    CardNotHeldError,
    DoppelkopfError,
    MustFollowError,
    NotYourTurnError,
    WrongPhaseError,
)
from ..parties import Party
from ..rules import GameType
from ..tricks import Trick
from ._positions import PRESENT, index_held
from ._state import Deal, HasState, State, _Setup
from .actions import CardTypeError, action_type_error
from .reservations import check_seat, seat_error

__all__ = ["can_play", "check_play", "legal_cards", "play", "play_refusal"]

# Enum members that the hot paths compare against, read once: on Python 3.11,
# reading a member from its class (``GameType.MARRIAGE``) costs about 120 ns.
_MARRIAGE: Final = GameType.MARRIAGE
_MARRIAGE_SOLO: Final = GameType.MARRIAGE_SOLO
_RE: Final = Party.RE
_KONTRA: Final = Party.KONTRA
_new_object: Final = object.__new__
_PRESENT: Final = PRESENT
_COPIES: Final = 1 | 1 << 24
"""A seat's bits of one card in position layout: held once, and held twice."""
_BITS: Final = tuple(1 << bit for bit in range(192))
"""``1 << i`` for every bit of the packed hands, so that a card clears its bit by a lookup."""
# The slot's own setter: calling the slot descriptor directly skips the
# attribute lookup by name that object.__setattr__ makes.
_set_trick_leader: Final = vars(Trick)["leader"].__set__
_set_trick_cards: Final = vars(Trick)["cards"].__set__


def legal_cards(self: HasState, seat: int | None = None) -> tuple[Card, ...]:
    """The distinct cards the seat on turn may play (SPEC §5.2); empty for any other seat."""
    setup, held, _, _, cards, turn = self._state
    order = setup.order
    if seat is not None and (type(seat) is not int or seat != turn):
        check_seat(seat, "legal cards")
        return ()
    if order is None or turn is None:
        return ()
    # The hands are packed by position in the card order (see
    # doppelkopf.deal._positions): the seat's cards in display order are
    # its low 24 bits, masked by the led category when it can follow.
    bits = (held >> 48 * turn) & _PRESENT
    if cards:
        following = bits & order.follow_present[cards[0]]
        if following:
            bits = following
    decoder = order._decoder
    if decoder is None:  # an equal order's tables packed the hands (say, unpickled)
        decoder = order.decoder
    return decoder.low[bits & 4095] + decoder.high[bits >> 12]


def check_play(self: HasState, seat: int, card: Card) -> None:
    """Raise unless ``seat`` may play ``card`` now (SPEC §3.5, §5.1, §5.2).

    Raises:
        IllegalActionError: ``seat`` is an int but no seat.
        WrongPhaseError: the reservation round is open or the deal is finished.
        NotYourTurnError: another seat plays next.
        InvalidTypeError: ``seat`` is not an int, or ``card`` not a :class:`Card`.
        CardNotHeldError: the card is not in the seat's hand.
        MustFollowError: the seat must follow the led category.
    """
    error = play_refusal(self._state, seat, card)
    if error is not None:
        raise error


def can_play(self: HasState, seat: int, card: Card) -> bool:
    """Whether :meth:`check_play` would accept the card."""
    return play_refusal(self._state, seat, card) is None


def play(self: Deal, seat: int, card: Card) -> Deal:
    """``seat`` plays ``card``; the fourth card of a trick decides its winner, who leads next.

    In a marriage, the first of tricks 1–3 won by another player makes that
    player the partner; if the marriage player wins all three the game
    becomes a marriage solo (SPEC §7.2, §7.3).

    Raises:
        WrongPhaseError, NotYourTurnError, CardNotHeldError, MustFollowError:
            see :meth:`check_play`.
    """
    state = self._state
    setup, held, tricks, leader, cards, turn = state
    order = setup.order
    # The common case of play_refusal (the one check of a card), inlined:
    # a Card of the seat on turn in play, held, and following suit if it
    # must.  Anything else asks play_refusal for the error.  The seat is
    # compared by identity: the seats 0-3 are CPython's shared small ints,
    # and a bool, an int subclass or any other object is none of them (an
    # equal int that were not shared would take the checked path and pass).
    # A finished deal has no seat on turn: None given as the seat is that
    # seat, so it is tested apart.
    if seat is not turn or turn is None or type(card) is not Card or order is None:
        error = play_refusal(state, seat, card)
        if error is not None:
            raise error
        assert order is not None
    # The hands are packed by position (see doppelkopf.deal._positions):
    # bit p of the seat's 48 says it holds the card, bit 24 + p that it
    # holds both copies, and playing one clears the higher bit of the two.
    position = order._position[card.index]
    at = 48 * seat + position
    copies = (held >> at) & _COPIES
    if not copies:
        raise _refused(state, seat, card)
    if cards:
        following = order.follow_present[cards[0]]
        if not (following >> position) & 1 and (held >> 48 * seat) & following:
            raise _refused(state, seat, card)
    # _BITS[i] is 1 << i, built once: the shift would build a 192-bit int.
    held -= _BITS[at + 24 if copies > 1 else at]
    if len(cards) < 3:
        # successor(self, ...), written out on the path taken by three cards in four.
        deal = _new_object(type(self))
        deal._state = (setup, held, tricks, leader, cards + (card,), (seat + 1) & 3)  # noqa: RUF005
        return deal
    # Concatenation rather than (*cards, card), which builds a list first.
    played = cards + (card,)  # noqa: RUF005
    last = setup.rules._tricks
    # The first-equal-copy loop of CardOrder.winner_position, written out
    # and unrolled for the rules where no option changes it (the second
    # Dulle does): a later card wins only with a greater key.
    if order.dulle_rises:
        best = order._winner_position(played, len(tricks) + 1 == last)
    else:
        first, second, third = cards
        keys = order.lead_keys[first]
        best = 0
        best_key = keys[first]
        key = keys[second]
        if key > best_key:
            best = 1
            best_key = key
        key = keys[third]
        if key > best_key:
            best = 2
            best_key = key
        if keys[card] > best_key:
            best = 3
    winner = (leader + best) & 3
    # Trick._make, written out.
    trick: Trick = _new_object(Trick)
    _set_trick_leader(trick, leader)
    _set_trick_cards(trick, played)
    tricks = tricks + (trick,)  # noqa: RUF005
    if setup.game_type is _MARRIAGE and setup.clarification_trick is None:
        setup = _clarified(setup, winner, len(tricks))
    deal = _new_object(type(self))
    deal._state = (setup, held, tricks, winner, (), winner if len(tricks) < last else None)
    return deal


def _clarified(setup: _Setup, winner: int, trick: int) -> _Setup:
    """The setup of an open marriage after ``winner`` won trick ``trick`` (SPEC §7.2, §7.3).

    A trick won by another player makes that player the partner; the third
    trick won by the marriage player makes the game a marriage solo.  (Apart
    from :func:`play` so that its hot path keeps no closure cells.)
    """
    declarer = setup.declarer
    if winner != declarer:
        return setup._replace(
            partner=winner,
            clarification_trick=trick,
            parties=tuple(_RE if s in (declarer, winner) else _KONTRA for s in range(4)),
        )
    if trick == 3:
        return setup._replace(
            game_type=_MARRIAGE_SOLO,
            order=setup.rules.card_order(_MARRIAGE_SOLO, schweine=setup.schweine is not None),
            clarification_trick=3,
            parties=tuple(_RE if s == declarer else _KONTRA for s in range(4)),
        )
    return setup


def play_refusal(state: State, seat: int, card: Card) -> DoppelkopfError | None:  # noqa: PLR0911
    """Why ``seat`` may not play ``card`` in ``state``, or ``None`` if it may (SPEC §3.5, §5).

    The one check of a card: :meth:`Deal.check_play` raises what it returns
    and :meth:`Deal.can_play` asks it.  :meth:`Deal.play` inlines the
    comparisons a legal card passes (the hottest path of a bot) and asks this
    function for the error whenever one fails; a property test pins the two
    to the same cards.
    """
    setup, held, _, _, cards, turn = state
    order = setup.order
    if type(seat) is not int or seat != turn or order is None:
        if type(seat) is not int or not 0 <= seat <= 3:
            return seat_error(seat, _play_action(card))
        if order is None or turn is None:
            if setup.extra.void is not None:
                return WrongPhaseError(
                    "the deal is void: no card is played",
                    seat=seat,
                    action=_play_action(card),
                    rule="V§8",
                )
            if setup.game_type is not None and order is None:
                return WrongPhaseError(
                    "cards are played once the Armut exchange is complete",
                    seat=seat,
                    action=_play_action(card),
                    rule="V§6.5",
                )
            return WrongPhaseError(
                "cards are played only after the reservation round and before the deal ends",
                seat=seat,
                action=_play_action(card),
                rule="§3.2, §3.5",
            )
        return NotYourTurnError(
            f"seat {turn} plays next, not seat {seat}",
            seat=seat,
            action=_play_action(card),
            rule="§5.1",
        )
    if type(card) is not Card:
        return action_type_error(
            CardTypeError, card, "card", "Card", "Card.parse", seat=seat, action="play"
        )
    held = index_held(setup, held)
    base = 48 * seat
    offset = 2 * card.index
    if not (held >> (base + offset)) & 3:
        return CardNotHeldError(
            f"cannot play {card}: it is not in the hand",
            seat=seat,
            action=f"play {card}",
            rule="§5.2",
        )
    if cards:
        following = order.follow_bits[cards[0]]
        if not (following >> offset) & 3 and (held >> base) & following:
            options = " ".join(map(str, order.distinct_in_order((held >> base) & following)))
            return MustFollowError(
                f"cannot play {card}: it is {order.category(card)} and "
                f"{order.category(cards[0])} was led; play one of {options}",
                seat=seat,
                action=f"play {card}",
                rule="§5.2",
            )
    return None


def _refused(state: State, seat: int, card: Card) -> DoppelkopfError:
    """The error of :func:`play_refusal` for a card the fast path of :func:`play` refused."""
    error = play_refusal(state, seat, card)
    assert error is not None, "the fast path of play refused a legal card"
    return error


def _play_action(card: object) -> str:
    """How an error names the attempt to play ``card``, which may be no card."""
    return f"play {card}" if isinstance(card, Card) else f"play {_checks.excerpt(card)}"
