"""What one player may know: the information set of a seat (SPEC §6.1, V§2.3)."""

from __future__ import annotations

from typing import Final

import attrs

from .._order import CardOrder
from ..announce import NOTHING, PartyAnnouncements
from ..cards import Card, Hand
from ..parties import Party
from ..rules import GameType, Rules, ThrowReason
from ..tricks import Trick
from ._aliases import DeprecatedAlias
from ._announcing import legal_levels
from ._exchange import exchange_actions
from ._history import cards_and_calls
from ._legal import seat_actions
from ._notation import dealt_hand, write_view
from ._state import HasState
from ._view_checks import check_view
from .actions import (
    Action,
    Announce,
    Announced,
    AnswerPoverty,
    Concealed,
    Declare,
    PassCards,
    Phase,
    Play,
    Reservation,
    ReturnCards,
    SeenEvent,
)
from .outcome import VoidDeal
from .poverty import Poverty
from .questions import ReservationKind, kind_choices, kinds_asked
from .reservations import SoloKind, declare_choices

__all__ = ["PlayerView"]

_DDV: Final = Rules.DDV


class _ActionCache:
    """The slots where a view keeps its legal actions, history and key once
    computed, and where a view built by :meth:`Deal.view` keeps its deal (see
    :mod:`doppelkopf.deal._lazy_view`): no attrs fields, so equality,
    hashing, ``repr``, pickling and :func:`attrs.fields` never see them."""

    __slots__ = ("_cached_actions", "_cached_history", "_cached_key", "_source")
    _cached_actions: tuple[Action, ...] | None
    _cached_history: tuple[SeenEvent, ...]
    _cached_key: tuple[object, ...]
    _source: HasState


# Not slotted: a view built by Deal.view computes its fields on first read and
# keeps them in its __dict__ (doppelkopf.deal._lazy_view).
@attrs.frozen(slots=False)
class PlayerView(_ActionCache):
    """What one player knows at one instant (SPEC §6.1): an information set.

    It holds the seat's own hand and reservation, which seats said *Vorbehalt*
    (not what they wanted, SPEC §3.3), the contract once named, every card
    played, every announcement with its party, and each seat's party as far as
    it has been revealed — by the viewer's own ♣Q, a ♣Q played, an
    announcement, the marriage partner or the soloist.  In a silent marriage
    the other players see a normal game until the second ♣Q appears.

    The procedures of V§6–§9 are public except for the cards of the Armut
    exchange: ``poverty`` shows the cards passed and returned only to the poor
    player and the acceptor, and to everyone else who accepted, that three
    cards went each way and how many trumps came back (V§6.7); ``void`` (with
    the thrower's hand, V§7.2), ``owing``, ``forced`` and ``solo_kind`` are
    the deal's own.  ``phase`` is the deal's phase.

    ``throw_reason`` is the reason the viewer itself named when it said
    *Schmeißen* (V§7.2), ``None`` otherwise.  ``asked`` holds the answers
    given to the questions of the two-step round (SPEC §3.2, each a name of
    the kind asked or a ``DECLINE``), public as they are said; the kind
    asked now is :attr:`question`.  :attr:`history` lists what the
    seat saw happen, in order, and :attr:`key` is a hashable key of the
    information set, the same for two views exactly when they are equal.

    Build one with :meth:`Deal.view`.  Its fields, :attr:`legal_actions`,
    :attr:`history` and :attr:`key` are computed on their first read and kept;
    until then the view holds its deal in a private slot, which nothing public
    returns.  A server that must keep a bot from reading it there hands the bot
    a pickled view: a pickle holds the fields alone.

    A view built through the constructor (and so by :func:`attrs.evolve`) is
    checked: each field's type and range and the fields against each other
    (the cards against the deck and the hand sizes, the tricks, the turn, the
    phase, the contract, the parties and the announcements), raising
    :class:`~doppelkopf.errors.InvalidTypeError` or
    :class:`~doppelkopf.errors.InvalidValueError` naming the field and the
    rule.  A view of a deal is right by construction and is never checked.

    >>> from doppelkopf import Deal
    >>> view = Deal.shuffled(seed=3).view(0)
    >>> view.moment, view.card_order, len(view.legal_actions) > 0
    (0, None, True)
    """

    seat: int
    dealer: int
    hand: Hand
    reservation: Reservation | None
    declared: tuple[bool | None, ...]
    game_type: GameType | None
    declarer: int | None
    partner: int | None
    clarification_trick: int | None
    known_parties: tuple[Party | None, ...]
    tricks: tuple[Trick, ...]
    current_trick: Trick
    announcements: tuple[Announced, ...]
    hand_sizes: tuple[int, ...]
    turn: int | None
    rules: Rules = _DDV
    schweine: int | None = None
    re_state: PartyAnnouncements = NOTHING
    kontra_state: PartyAnnouncements = NOTHING
    phase: Phase | None = None
    poverty: Poverty | None = None
    void: VoidDeal | None = None
    owing: frozenset[int] = frozenset()
    forced: bool = False
    solo_kind: SoloKind | None = None
    throw_reason: ThrowReason | None = None
    asked: tuple[Declare, ...] = ()
    # Legal actions given to the constructor (``legal_actions=``, as
    # attrs.evolve passes them); None lists them from the fields above.
    _given_actions: tuple[Action, ...] | None = attrs.field(
        default=None, eq=False, repr=False, alias="legal_actions"
    )

    def __attrs_post_init__(self) -> None:
        check_view(self)  # only the constructor runs this: never a view of a deal

    def __getstate__(self) -> dict[str, object]:
        """The fields alone (every one computed), never the deal of a lazy view."""
        return {field.name: getattr(self, field.name) for field in attrs.fields(PlayerView)}

    def __setstate__(self, state: dict[str, object]) -> None:
        _SET_DICT(self, dict(state))

    @property
    def legal_actions(self) -> tuple[Action, ...]:
        """The actions the viewer may take now that change the deal (SPEC §3.2, §5.2, §8).

        Computed on the first read and kept, from what the view holds: the
        same actions as the seat's among :attr:`Deal.legal_actions`.  A view
        built with ``legal_actions=`` (as :func:`attrs.evolve` builds one)
        returns those instead.
        """
        given = self._given_actions
        if given is not None:
            return given
        # A view of a deal starts with None here (a missing slot, caught,
        # would cost a quarter of listing the actions); one built with its
        # fields has the slot unset, which getattr's default covers.
        actions: tuple[Action, ...] | None = getattr(self, "_cached_actions", None)
        if actions is not None:
            return actions
        # A view of a deal lists the same actions as _list_actions gives, read
        # from the deal directly (tests/test_lazy_view.py pins the two together).
        deal: HasState | None = getattr(self, "_source", None)
        actions = self._list_actions() if deal is None else seat_actions(deal, self.seat)
        _SET_CACHED_ACTIONS(self, actions)
        return actions

    def _list_actions(self) -> tuple[Action, ...]:  # noqa: PLR0911 - one return per phase
        seat, game, rules = self.seat, self.game_type, self.rules
        if game is None:
            if self.turn != seat:
                return ()
            kind = self.question
            if kind is not None:
                return kind_choices(seat, self.hand, kind, rules, self.owing)
            return declare_choices(seat, self.hand, rules, forced=self.forced)
        if self._in_exchange:
            assert self.poverty is not None
            return exchange_actions(seat, self.hand, self.poverty, self.turn, rules)
        if len(self.tricks) == rules.tricks:
            return ()
        actions: list[Action] = []
        if self.turn == seat:
            order = self.card_order
            assert order is not None
            bits = self.hand.bits
            cards = self.current_trick.cards
            if cards and bits & order.follow_bits[cards[0]]:
                bits &= order.follow_bits[cards[0]]
            actions.extend(Play(seat, card) for card in order.distinct_in_order(bits))
        if game is GameType.MARRIAGE and self.clarification_trick is None:  # SPEC §7.4
            return tuple(actions)
        clarification = self.clarification_trick
        shift = 0 if clarification is None else clarification - 1
        if self.party is Party.RE:
            own, opponents = self.re_state, self.kontra_state
        else:
            own, opponents = self.kontra_state, self.re_state
        levels = legal_levels(own, opponents, len(self.hand), shift, rules)
        actions.extend(Announce(seat, level) for level in levels)
        return tuple(actions)

    @property
    def question(self) -> ReservationKind | None:
        """The kind the second step of the two-step round asks :attr:`turn` for (SPEC §3.2).

        ``None`` outside that step.  It follows from what the view holds: the
        seat asked has said a bare *Vorbehalt*, and it is asked the kinds of
        :func:`~doppelkopf.deal.questions.kinds_asked` in order, one for each
        ``DECLINE`` it has given (V§6.2, V§9.2).
        """
        turn = self.turn
        if self.game_type is not None or self.void is not None or turn is None:
            return None
        if self.declared[turn] is None or self.forced:
            return None
        declined = sum(1 for answer in self.asked if answer.seat == turn)
        kinds = kinds_asked(turn, self.rules, self.owing)
        return kinds[declined] if declined < len(kinds) else None

    @property
    def card_order(self) -> CardOrder | None:
        """The card order of the contract the viewer sees, ``None`` before the contract.

        Under the view's rules and the Schweine as announced (V§2.3).  In a
        silent marriage the other players see a normal game's order.
        ``None`` during the Armut exchange, whose cards are not played yet.
        """
        if self.game_type is None or self._in_exchange:
            return None
        return self.rules.card_order(self.game_type, schweine=self.schweine is not None)

    @property
    def _in_exchange(self) -> bool:
        """Whether the Armut exchange is under way (V§6.3)."""
        poverty = self.poverty
        return poverty is not None and self.game_type is not None and not poverty.cards_returned

    @property
    def moment(self) -> int:
        """How many cards have been played so far."""
        return 4 * len(self.tricks) + len(self.current_trick.cards)

    @property
    def party(self) -> Party | None:
        """The viewer's own party (``None`` only before the contract or clarification)."""
        return self.known_parties[self.seat]

    @property
    def played_cards(self) -> tuple[Card, ...]:
        """Every card played so far, in order."""
        return tuple(card for trick in (*self.tricks, self.current_trick) for card in trick.cards)

    @property
    def history(self) -> tuple[SeenEvent, ...]:
        """Everything the viewer saw happen, in order (SPEC §3.2, §6.1, §8.10, V§6.7).

        The same entries as :attr:`Deal.history`, where the viewer may know
        them, in the same order: the answers in asking order (SPEC §3.2), the
        steps of the Armut exchange (V§6.3), then each announcement just
        before the card that followed it.  What the seat saw happen without
        its content is a :class:`~doppelkopf.Concealed`: another seat's
        *Vorbehalt* until it becomes the contract (SPEC §3.3), and the
        exchanged cards for a seat outside the exchange (V§6.7).  The
        winning wish is public: the soloist's solo, the marriage, the Armut,
        the Schmeißen with its reason and the refused Armut of a void deal.

        Computed on the first read and kept.

        >>> from doppelkopf import Deal, Reservation
        >>> deal = Deal.shuffled(seed=3)
        >>> deal = deal.declare(0, Reservation.QUEENS_SOLO).declare(1, Reservation.HEALTHY)
        >>> [str(event) for event in deal.view(1).history]
        ['seat 0: Vorbehalt', 'seat 1: healthy']
        """
        try:
            return self._cached_history
        except AttributeError:
            history = self._list_history()
            object.__setattr__(self, "_cached_history", history)
            return history

    def _list_history(self) -> tuple[SeenEvent, ...]:
        seat, dealer, declared = self.seat, self.dealer, self.declared
        public = _public_answer(self)
        # A contract named in the second step shows there, after the first
        # step's bare Vorbehalt (SPEC §3.2).
        named = any(answer.reservation is not Reservation.DECLINE for answer in self.asked)
        events: list[SeenEvent] = []
        for offset in (1, 2, 3, 4):
            asked = (dealer + offset) & 3
            said = declared[asked]
            if said is None:
                continue
            if asked == seat:
                assert self.reservation is not None
                reason = self.throw_reason if self.reservation is Reservation.THROW else None
                events.append(Declare(seat, self.reservation, reason))
            elif not said:
                events.append(Declare(asked, Reservation.HEALTHY))
            elif public is not None and public.seat == asked and not named:
                events.append(public)
            else:
                events.append(Concealed(asked, "vorbehalt"))
        events.extend(self.asked)
        poverty = self.poverty
        if poverty is not None and poverty.cards_passed:
            poor = poverty.poor
            passed = poverty.passed
            events.append(Concealed(poor, "pass") if passed is None else PassCards(poor, passed))
            events.extend(
                AnswerPoverty((poor + offset) & 3, accept)
                for offset, accept in enumerate(poverty.answers, 1)
            )
            acceptor = poverty.acceptor
            if acceptor is not None and poverty.cards_returned:
                returned = poverty.returned
                events.append(
                    Concealed(acceptor, "return", poverty.returned_trumps)
                    if returned is None
                    else ReturnCards(acceptor, returned)
                )
        played = ((trick.leader, trick.cards) for trick in (*self.tricks, self.current_trick))
        events.extend(cards_and_calls(played, self.announcements))
        return tuple(events)

    @property
    def key(self) -> tuple[object, ...]:
        """A hashable key of the viewer's information set, with perfect recall (SPEC §6.1).

        Two views have the same key exactly when they are equal, that is when
        the seat cannot tell the two positions apart: the same rules, seat,
        dealer and hand, the same :attr:`history` in the same order and the
        same facts the contract made public.  Unlike :class:`Deal` equality,
        which lets transpositions meet, the key tells apart an announcement
        made before a card from the same announcement made after it.  Search
        tables keyed by it (information-set search, counterfactual regret)
        therefore never merge two information sets.

        Computed on the first read and kept.

        >>> from doppelkopf import Deal
        >>> deal = Deal.shuffled(seed=3)
        >>> deal.view(0).key == deal.view(0).key, deal.view(0).key == deal.view(1).key
        (True, False)
        >>> isinstance(hash(deal.view(0).key), int)
        True
        """
        try:
            return self._cached_key
        except AttributeError:
            key = (
                self.rules,
                self.seat,
                self.dealer,
                self.hand.bits,
                self.history,
                self.game_type,
                self.declarer,
                self.partner,
                self.clarification_trick,
                self.known_parties,
                self.schweine,
                self.phase,
                self.poverty,
                self.void,
                self.owing,
                self.forced,
                self.solo_kind,
            )
            object.__setattr__(self, "_cached_key", key)
            return key

    def _repr_svg_(self) -> str:
        """The table as the seat sees it, as an SVG picture a notebook shows.

        The options of :func:`doppelkopf.svg.view` keep their defaults: the
        cards the seat may play are highlighted.
        """
        from .. import _svg
        from ._picture import view_picture

        return view_picture(self, _svg.Style())

    @property
    def position(self) -> str:
        """The view's position string: one ASCII line that
        :func:`doppelkopf.notation.parse_view` reads back into an equal view (:doc:`/notation`).

        It holds the rules, the dealer, the seats owing a compulsory solo and
        a forced deal (V§9), the seat and its hand as dealt, and
        :attr:`history`, what the seat cannot see written as ``?vorbehalt``,
        ``?pass`` and ``?return`` with the number of trumps (SPEC §3.3, V§6.7).
        A bot's decision is posted and reproduced with it.

        >>> from doppelkopf import Deal, Reservation
        >>> deal = Deal.shuffled(seed=3).declare(0, Reservation.QUEENS_SOLO)
        >>> deal.view(1).position
        'ddv d3 s1:CJCKC10CAS9SJHKHAD9D9DJDK ?vorbehalt'
        """
        seat = self.seat
        played = tuple(
            card
            for trick in (*self.tricks, self.current_trick)
            for position, card in enumerate(trick.cards)
            if (trick.leader + position) & 3 == seat
        )
        dealt = dealt_hand(seat, self.hand, played, self.poverty)
        table = (self.dealer, self.owing, self.forced, self.schweine)
        return write_view(
            self.rules, table=table, seat=seat, dealt=dealt, history=self.history, void=self.void
        )

    cards_played = DeprecatedAlias("played_cards")


_WISHES: Final = {
    GameType.MARRIAGE: Reservation.MARRIAGE,
    GameType.MARRIAGE_SOLO: Reservation.MARRIAGE,
    GameType.POVERTY: Reservation.POVERTY,
    **{r.game_type: r for r in Reservation if r.is_solo},
}
"""The wish each declared contract was named by (SPEC §3.3, V§6.2): a marriage
that finds no partner is still the marriage its player asked for."""


def _public_answer(view: PlayerView) -> Declare | None:
    """The answer the contract made public: the winning wish (SPEC §3.3, V§6.3, V§7.2)."""
    void = view.void
    if void is not None:
        if void.reason == "thrown":
            return Declare(void.seat, Reservation.THROW, void.throw_reason)
        return Declare(void.seat, Reservation.POVERTY)
    declarer, game = view.declarer, view.game_type
    if declarer is None or game is None:
        return None
    wish = _WISHES.get(game)
    return None if wish is None else Declare(declarer, wish)


_SET_CACHED_ACTIONS: Final = vars(_ActionCache)["_cached_actions"].__set__
_SET_DICT: Final = next(
    vars(k)["__dict__"] for k in PlayerView.__mro__ if "__dict__" in vars(k)
).__set__
