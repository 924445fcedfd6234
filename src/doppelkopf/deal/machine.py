"""The state machine of one deal (SPEC §2.3–§2.4, §3, §5–§8).

A :class:`Deal` holds its whole state in one named tuple per deal; every
action validates and returns a new deal.  See :mod:`doppelkopf.deal`.
"""

from __future__ import annotations

import operator
import random
import warnings
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final, NamedTuple, TypeAlias, cast

import attrs

from .. import _checks
from .._order import CardOrder
from ..announce import NOTHING, PartyAnnouncements, apply_announcement
from ..cards import _ONE, Card, Hand
from ..errors import (
    AnnouncementBannedError,
    CardNotHeldError,
    DoppelkopfDeprecationWarning,
    DoppelkopfError,
    IllegalActionError,
    InvalidReservationError,
    InvalidValueError,
    MustFollowError,
    NotYourTurnError,
    WrongPhaseError,
)
from ..parties import Announcement, Party
from ..rules import GameType, Rules, ThrowReason
from ..specials import _special_events
from ..tricks import Trick
from ._aliases import DeprecatedAlias
from ._interned import ANNOUNCES as _ANNOUNCES
from ._interned import PLAYS as _PLAYS
from ._interned import answer_choices
from ._lazy_view import view_of as _view_of
from ._positions import PRESENT, by_position, held_count, index_held
from ._replace import install as install_replace
from .actions import (
    Action,
    ActionTypeError,
    Announce,
    Announced,
    AnswerPoverty,
    CardTypeError,
    Declare,
    Event,
    PassCards,
    Phase,
    Play,
    Reservation,
    ReservationTypeError,
    ReturnCards,
    action_type_error,
    level_error,
    level_type_error,
)
from .dealing import DECK_ONES, HAND_MASK, cut_and_deal, hand_of, shuffle_and_cut
from .outcome import Outcome
from .procedures import (
    NO_PROCEDURES,
    ProcedureMixin,
    Procedures,
    exchange_actions,
    fix_contract,
)
from .reservations import (
    CLUB_QUEEN_SHIFT,
    SoloKind,
    check_owing,
    check_seat,
    declare_action,
    resolve_checked,
    seat_error,
)

if TYPE_CHECKING:
    from .views import PlayerView

__all__ = ["Deal", "legal_actions", "legal_announcements"]

_DDV: Final = Rules.DDV
# Enum members that the hot paths compare against, read once: on Python 3.11,
# reading a member from its class (``GameType.MARRIAGE``) costs about 120 ns.
_NORMAL: Final = GameType.NORMAL
_MARRIAGE: Final = GameType.MARRIAGE
_MARRIAGE_SOLO: Final = GameType.MARRIAGE_SOLO
_RE: Final = Party.RE
_KONTRA: Final = Party.KONTRA
_HEALTHY: Final = Reservation.HEALTHY
_ASKED_MARRIAGE: Final = Reservation.MARRIAGE
_POVERTY: Final = Reservation.POVERTY
_THROW: Final = Reservation.THROW
_NOBODY: Final[frozenset[int]] = frozenset()
_LUSTSOLO: Final = NO_PROCEDURES._replace(solo_kind=SoloKind.VOLUNTARY)
_PROCEDURAL: Final = (_POVERTY, _THROW)
_DECLARABLE: Final = frozenset(game for game in GameType if game.is_declarable_solo)


def _announce_action(level: Announcement | int) -> str:
    """How an error names the announcement of ``level`` (already known to be 0-4)."""
    return f"announce {Announcement(level).label_generic}"


def _check_hands(hands: Sequence[Hand | str], rules: Rules) -> tuple[Hand, Hand, Hand, Hand]:
    if isinstance(hands, str) or not isinstance(hands, Sequence):
        raise _checks.type_error(hands, "hands", "sequence of four hands")
    if len(hands) != 4:
        raise InvalidValueError(f"a deal has four hands, not {len(hands)}")
    checked = tuple(Hand.parse(hand) if isinstance(hand, str) else hand for hand in hands)
    size = rules.hand_size
    for seat, hand in enumerate(checked):
        if not isinstance(hand, Hand):
            raise _checks.type_error(hand, f"hand {seat}", "Hand or a string")
        if len(hand) != size:
            raise InvalidValueError(f"hand {seat} holds {len(hand)} cards, not {size} (SPEC §2.4)")
    if sum(hand.bits for hand in checked) != rules.deck_bits:
        raise InvalidValueError(
            f"the four hands are not a partition of the {len(rules.deck)}-card deck (SPEC §1.1)"
        )
    return (checked[0], checked[1], checked[2], checked[3])


class _Setup(NamedTuple):
    """The part of a deal that changes only a few times per deal.

    The rules and the table (dealer, cut, dealt hands), the contract (answers,
    game type, its card order, the holder of the Schweine, declarer, marriage
    partner, parties), both parties' announcement states, the facts of the
    procedures of V§6–§9 (``extra``, a :class:`Procedures`, shared by every
    deal without them) and the announcement events (last: equality leaves
    them out).  During the Armut exchange ``game_type`` is ``POVERTY``
    and ``order`` still ``None``, so that no card and no announcement can be
    made before it is complete (V§6.5).  Most cards leave it as it is, and
    the new deal shares it with the old one.  ``order`` is the card order
    that ``rules`` give the contract and the Schweine: derived, kept here
    because every card reads it.
    """

    rules: Rules
    dealer: int
    cut: int | None
    dealt: tuple[Hand, Hand, Hand, Hand]
    declarations: tuple[Reservation | None, ...]
    game_type: GameType | None
    order: CardOrder | None
    schweine: int | None
    declarer: int | None
    partner: int | None
    clarification_trick: int | None
    parties: tuple[Party | None, ...]
    re_announcements: PartyAnnouncements
    kontra_announcements: PartyAnnouncements
    extra: Procedures
    announcements: tuple[Announced, ...]


install_replace(_Setup)
install_replace(Procedures)

_State: TypeAlias = "tuple[_Setup, int, tuple[Trick, ...], int, tuple[Card, ...], int | None]"
"""The whole state of a deal, one plain tuple so that a new deal fills one slot.

Its fields, read by unpacking or by the indices below: ``setup`` (a
:class:`_Setup`, the part that changes a few times per deal), ``held`` (the
four packed hands: in the index layout of :attr:`Deal._held` until the card
order is fixed, by position in the order from then on, see
``doppelkopf.deal._positions``), ``tricks`` (the completed
tricks), ``leader`` and ``cards`` (the trick in progress) and ``turn`` (the
seat to act next, ``None`` once the deal is finished).

It is not a :class:`~typing.NamedTuple`: building an instance of a tuple
subclass, even through ``tuple.__new__``, measured 320 ns against 95 ns for a
plain tuple (Python 3.11), and a deal builds one state per card, which made
a whole random deal 17 % more instructions.

``turn`` can be derived (the next seat asked from the dealer and the
answers; ``(leader + len(cards)) & 3`` in play), but it is kept: ``play``
compares the seat against it for every card and every player loop reads
:attr:`Deal.turn` before each action, so one stored slot saves the phase
test and the arithmetic there, while writing it costs one item of a tuple
that is built anyway.
"""

_SETUP: Final = 0
_HELD: Final = 1
_TRICKS: Final = 2
_LEADER: Final = 3
_CARDS: Final = 4
_TURN: Final = 5


def _equality_key(state: _State) -> tuple[object, ...]:
    """What equality and hashing of deals compare: the state without the announcement events.

    The events (:attr:`Deal.announcements`, placed in :attr:`Deal.history`) are
    left out and their result, both parties' announcement states, stays in, so
    that two deals that reach the same position by announcements made at other
    instants are equal (a search meets transpositions in its table).  The
    ``turn`` is included although derived: it never differs between states
    whose other parts are equal.  (``state[_SETUP][:-1]`` is the setup
    without its last field, the events.)
    """
    return (state[_SETUP][:-1], *state[_HELD:])


@attrs.define(repr=False, unsafe_hash=True)
class Deal(ProcedureMixin):
    """The complete state of one deal; every action returns a new deal.

    Build one with :meth:`shuffled` (seeded shuffle, cut and deal) or
    :meth:`from_hands`, never with the constructor.  Two deals are equal (and
    hash equal) when they hold the same table, answers, contract, announcement
    states, hands and tricks, whenever the announcements were made: the
    :attr:`history` and :attr:`announcements` are not compared, so
    transpositions meet in a search's table.  A deal never changes: every
    public attribute is read-only.
    """

    # One tuple holds the whole state (see _State), so that a new deal costs
    # one slot to fill; equality compares _equality_key of it.  The class is
    # not an attrs-frozen one: frozen classes fill a slot through the slot's
    # descriptor (``__set__``, a call), and a plain store into the private
    # slot measured 100 ns against 150 ns for a new deal, which every card
    # builds.  Nothing but the builders below ever stores into it, as with
    # the private slots of fractions.Fraction; the public attributes are
    # properties without setters.  tests/test_deal_api.py pins that.
    _state: _State = attrs.field(eq=_equality_key)

    def _new(self, state: _State) -> Deal:
        """A new deal holding ``state`` (for the procedures of :class:`ProcedureMixin`)."""
        return _deal(state)

    @property
    def _setup(self) -> _Setup:
        return self._state[_SETUP]

    @property
    def _held(self) -> int:
        """The four hands' bits (see :attr:`Hand.bits`), seat ``s`` in bits 48 s to 48 s + 47.

        Always in the index layout of :attr:`Hand.bits`; the state keeps them by
        position once the card order is fixed (see ``doppelkopf.deal._positions``).
        """
        state = self._state
        return index_held(state[_SETUP], state[_HELD])

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks, in order."""
        return self._state[_TRICKS]

    @property
    def _leader(self) -> int:
        return self._state[_LEADER]

    @property
    def _cards(self) -> tuple[Card, ...]:
        return self._state[_CARDS]

    @property
    def current_trick(self) -> Trick:
        """The trick in progress (empty between tricks)."""
        return Trick._make(self._leader, self._cards)

    @property
    def hands(self) -> tuple[Hand, Hand, Hand, Hand]:
        """The cards each seat still holds, by seat."""
        held = self._held
        return (
            hand_of(held & HAND_MASK),
            hand_of((held >> 48) & HAND_MASK),
            hand_of((held >> 96) & HAND_MASK),
            hand_of(held >> 144),
        )

    @property
    def rules(self) -> Rules:
        """The rule set of this deal (V§0.5)."""
        return self._state[_SETUP].rules

    @property
    def schweine(self) -> int | None:
        """The seat holding the Schweine, public once the contract is fixed (V§2.3).

        ``None`` without ``schweinchen``, before the contract, in a game type
        without Schweine or when the two ♦A are in different hands.
        """
        return self._state[_SETUP].schweine

    @property
    def card_order(self) -> CardOrder | None:
        """The card order of the contract under the deal's rules, ``None`` before it."""
        return self._state[_SETUP].order

    @property
    def dealer(self) -> int:
        """The dealing seat; the dealer's left asks first and leads trick 1 (SPEC §2.4, §3.4)."""
        return self._setup.dealer

    @property
    def cut(self) -> int | None:
        """The cut recorded by :meth:`shuffled` (SPEC §2.3); ``None`` for given hands."""
        return self._setup.cut

    @property
    def dealt(self) -> tuple[Hand, Hand, Hand, Hand]:
        """The four hands as dealt, by seat."""
        return self._setup.dealt

    @property
    def declarations(self) -> tuple[Reservation | None, ...]:
        """Each seat's answer in the reservation round, ``None`` until asked (SPEC §3.2)."""
        return self._setup.declarations

    @property
    def game_type(self) -> GameType | None:
        """The contract; ``None`` during the reservation round (SPEC §3.3).

        ``MARRIAGE`` turns into ``MARRIAGE_SOLO`` when the marriage player wins
        tricks 1–3 (SPEC §7.3).
        """
        return self._setup.game_type

    @property
    def declarer(self) -> int | None:
        """The soloist or marriage player; ``None`` in a normal game (SPEC §3.3)."""
        return self._setup.declarer

    @property
    def partner(self) -> int | None:
        """The marriage partner once found (SPEC §7.2)."""
        return self._setup.partner

    @property
    def clarification_trick(self) -> int | None:
        """The trick ``k`` that clarified the marriage (SPEC §7.2, §7.3)."""
        return self._setup.clarification_trick

    @property
    def parties(self) -> tuple[Party | None, ...]:
        """Each seat's party as far as the rules have fixed it (SPEC §6).

        ``None`` for every seat during the reservation round, and for the
        non-marriage players until the marriage is clarified.
        """
        return self._setup.parties

    @property
    def re_state(self) -> PartyAnnouncements:
        """The Re party's announcement state (SPEC §8.5)."""
        return self._setup.re_announcements

    @property
    def kontra_state(self) -> PartyAnnouncements:
        """The Kontra party's announcement state (SPEC §8.5)."""
        return self._setup.kontra_announcements

    re_announcements = DeprecatedAlias("re_state")
    kontra_announcements = DeprecatedAlias("kontra_state")

    # --- construction -------------------------------------------------------

    @classmethod
    def from_hands(
        cls,
        hands: Sequence[Hand | str],
        *,
        dealer: int = 3,
        cut: int | None = None,
        rules: Rules = _DDV,
        owing: Iterable[int] = (),
        forced: bool = False,
    ) -> Deal:
        """A deal from four given hands (tests, puzzles, replays, a real table's cards).

        ``hands[seat]`` may be a :class:`~doppelkopf.Hand` or its notation.  The
        default dealer is seat 3, so seat 0 asks first and leads, as in the
        examples of the rules.  ``owing`` are the seats that still owe a
        compulsory solo and ``forced`` makes the deal forced (V§9.1, V§9.5):
        only the first owing seat from the dealer's left is asked, for a solo.

        >>> deal = Deal.from_hands(Deal.shuffled(seed=2).dealt)
        >>> deal.turn
        0
        >>> Deal.from_hands(deal.dealt, dealer=0, rules=Rules.TOURNAMENT, owing={1, 3},
        ...                 forced=True).turn  # V25: B is forced
        1

        Raises:
            ValueError: the hands are not four hands of 12 (10 without nines)
                that together hold the deck of ``rules``, ``dealer`` is not a
                seat, ``owing`` holds no seats or is given without
                ``compulsory_solo``, or ``forced`` without ``owing`` (V§9).
        """
        if not isinstance(rules, Rules):
            raise _checks.type_error(rules, "rules", "Rules value")
        _check_dealer(dealer)
        seats = check_owing(owing, forced, rules)
        if cut is not None and (type(cut) is not int or cut not in rules.cuts):
            if type(cut) is not int:
                raise _checks.type_error(cut, "cut", "int")
            cuts = rules.cuts
            raise InvalidValueError(
                f"the cut must be {cuts[0]}-{cuts[-1]} or None, not {_checks.excerpt(cut)} "
                "(SPEC §2.3)"
            )
        return _initial(rules, dealer, cut, _check_hands(hands, rules), seats, forced)

    @classmethod
    def shuffled(
        cls,
        seed: int | str | None = None,
        *,
        rng: random.Random | None = None,
        dealer: int = 3,
        rules: Rules = _DDV,
        owing: Iterable[int] = _NOBODY,
        forced: bool = False,
    ) -> Deal:
        """Shuffle, cut and deal (SPEC §2.3, §2.4), reproducibly from ``seed`` or ``rng``.

        The cut point is drawn from the same generator and recorded in
        :attr:`cut`.  ``owing`` and ``forced`` as for :meth:`from_hands` (V§9).

        >>> Deal.shuffled(seed=5) == Deal.shuffled(seed=5)
        True
        >>> 3 <= Deal.shuffled(seed=5).cut <= 45
        True
        """
        _check_dealer(dealer)
        seats = _NOBODY if owing is _NOBODY and forced is False else None
        if type(rng) is random.Random:
            generator = rng
        elif rng is not None:
            generator = _checks.instance(rng, random.Random, "rng")
        else:
            generator = random.Random(_checked_seed(seed))
        if rules is _DDV:
            ones = list(DECK_ONES)
        elif isinstance(rules, Rules):
            ones = [_ONE[card.index] for card in rules.deck]
        else:
            raise _checks.type_error(rules, "rules", "Rules value")
        if seats is None:
            seats = check_owing(owing, forced, rules)
        cut = shuffle_and_cut(generator, ones)
        return _initial(rules, dealer, cut, cut_and_deal(ones, dealer, cut, rules), seats, forced)

    # --- derived state ------------------------------------------------------

    @property
    def phase(self) -> Phase:
        """The current phase (SPEC §3, V§6.3, V§8)."""
        setup = self._setup
        if setup.game_type is None:
            return Phase.RESERVATIONS if setup.extra.void is None else Phase.VOID
        if setup.order is None:
            poverty = setup.extra.poverty
            assert poverty is not None
            if not poverty.cards_passed:
                return Phase.POVERTY_PASS
            return Phase.POVERTY_OFFER if poverty.acceptor is None else Phase.POVERTY_RETURN
        if len(self.tricks) == setup.rules.tricks:
            return Phase.FINISHED
        return Phase.PLAY

    @property
    def is_finished(self) -> bool:
        """Whether nothing is left to do (SPEC §3.5, V§1.3, V§8).

        All 12 tricks (10 without nines) have been played, or the deal is void.
        """
        # The seat on turn is None exactly then: a void deal has no turn, and
        # the last card of the last trick leaves none (a test pins the two).
        return self._state[_TURN] is None

    @property
    def turn(self) -> int | None:
        """The seat that must act next: answer the reservation round, take its
        step of the Armut exchange (V§6.3), or play.

        ``None`` once the deal is finished or void.
        """
        return self._state[_TURN]

    @property
    def moment(self) -> int:
        """How many cards have been played so far (0–48, or 0–40 without nines).

        The same count as :attr:`Announced.moment` of an announcement made now.
        """
        return 4 * len(self.tricks) + len(self._cards)

    cards_played = DeprecatedAlias("moment")

    @property
    def played_cards(self) -> tuple[Card, ...]:
        """Every card played so far, in order."""
        return tuple(card for trick in self.tricks for card in trick.cards) + self._cards

    @property
    def soloist(self) -> int | None:
        """The seat playing alone in any solo type, silent marriage and marriage solo included."""
        if self.game_type is not None and self.game_type.is_solo:
            return self.declarer
        return None

    @property
    def shift(self) -> int:
        """The marriage shift ``s = k − 1`` of the announcement deadlines (SPEC §7.4).

        Only a marriage (or the marriage solo it turned into) records its
        clarification trick ``k``; every other deal has no shift.
        """
        clarification = self._setup.clarification_trick
        return 0 if clarification is None else clarification - 1

    @property
    def announcements_open(self) -> bool:
        """Whether announcements may be made now (SPEC §7.4, §8.3)."""
        return (
            self.game_type is not None
            and self._setup.order is not None
            and len(self.tricks) < self._setup.rules.tricks
            and not (self.game_type is GameType.MARRIAGE and self.clarification_trick is None)
        )

    @property
    def history(self) -> tuple[Event, ...]:
        """Every event in order: reservations, the Armut exchange, announcements and cards.

        The answers come in asking order (SPEC §3.2), then the steps of the
        exchange (V§6.3); each announcement comes just before the card that
        followed it, placed by its ``moment``.
        """
        setup = self._setup
        dealer, declarations, reasons = setup.dealer, setup.declarations, setup.extra.reasons
        events: list[Event] = []
        for offset in (1, 2, 3, 4):
            seat = (dealer + offset) & 3
            answer = declarations[seat]
            if answer is not None:
                events.append(Declare(seat, answer, reasons[seat]))
        poverty = setup.extra.poverty
        if poverty is not None and poverty.passed is not None:
            poor = poverty.poor
            events.append(PassCards(poor, poverty.passed))
            for offset, accept in enumerate(poverty.answers, 1):
                events.append(AnswerPoverty((poor + offset) & 3, accept))
            if poverty.acceptor is not None and poverty.returned is not None:
                events.append(ReturnCards(poverty.acceptor, poverty.returned))
        played = ((trick.leader, trick.cards) for trick in self.tricks)
        events.extend(cards_and_calls((*played, (self._leader, self._cards)), setup.announcements))
        return tuple(events)

    @property
    def announcements(self) -> tuple[Announced, ...]:
        """Every accepted announcement in order, each with its party and moment."""
        return self._setup.announcements

    def announcement_state(self, party: Party) -> PartyAnnouncements:
        """The announcement state of ``party`` (SPEC §8.5).

        >>> Deal.shuffled(seed=3).announcement_state(Party.KONTRA).level is None
        True

        Raises:
            InvalidTypeError: ``party`` is not a :class:`~doppelkopf.Party`.
        """
        if party is _RE:
            return self._setup.re_announcements
        if party is _KONTRA:
            return self._setup.kontra_announcements
        raise _checks.type_error(party, "party", "Party", "Party.parse")

    party_announcements = DeprecatedAlias("announcement_state")

    def hand_size(self, seat: int) -> int:
        """The cards ``seat`` holds now: the ``n`` of SPEC §8.2."""
        check_seat(seat, "hand size")
        return len(self.hands[seat])

    def initial(self) -> Deal:
        """The deal as dealt, before any action."""
        setup = self._setup
        return _initial(
            setup.rules, setup.dealer, setup.cut, setup.dealt, setup.extra.owing, setup.extra.forced
        )

    def replay(self, actions: Iterable[Action | Event]) -> Deal:
        """Apply ``actions`` (or recorded events) one after the other.

        >>> deal = Deal.shuffled(seed=3)
        >>> for seat in (0, 1, 2, 3):
        ...     deal = deal.declare(seat, Reservation.HEALTHY)
        >>> deal.initial().replay(deal.history) == deal
        True
        """
        if not isinstance(actions, Iterable):
            raise _checks.type_error(actions, "actions", "iterable of actions or events")
        deal = self
        for action in actions:
            if not isinstance(action, _EVENT_TYPES):
                raise _not_an_action(action)
            deal = deal.apply(action.as_action())
        return deal

    def __repr__(self) -> str:
        game = (
            ("void" if self.is_void else "reservations")
            if self.game_type is None
            else self.game_type.name
        )
        return (
            f"<Deal dealer={self.dealer} {game} tricks={len(self.tricks)} "
            f"cards_played={self.moment} turn={self.turn}>"
        )

    # --- generic action entry point -----------------------------------------

    def apply(self, action: Action) -> Deal:
        """Apply any action: :class:`Declare`, :class:`Play`, :class:`Announce` or a step
        of the Armut exchange (:class:`PassCards`, :class:`AnswerPoverty`,
        :class:`ReturnCards`, V§6.3).

        Raises:
            InvalidTypeError: ``action`` is no action.
            IllegalActionError: the action is illegal now (see :meth:`check`).
        """
        if isinstance(action, Play):
            return self.play(action.seat, action.card)
        if isinstance(action, Announce):
            return self.announce(action.seat, action.level)
        if isinstance(action, Declare):
            return self.declare(action.seat, action.reservation, action.reason)
        if isinstance(action, PassCards):
            return self.pass_cards(action.seat, action.cards)
        if isinstance(action, AnswerPoverty):
            return self.answer_poverty(action.seat, action.accept)
        if isinstance(action, ReturnCards):
            return self.return_cards(action.seat, action.cards)
        raise _not_an_action(action)

    def check(self, action: Action) -> None:
        """Raise the precise error if ``action`` is illegal now."""
        if isinstance(action, Play):
            self.check_play(action.seat, action.card)
        elif isinstance(action, Announce):
            self.check_announce(action.seat, action.level)
        elif isinstance(action, Declare):
            self.check_declare(action.seat, action.reservation, action.reason)
        elif isinstance(action, PassCards):
            self.check_pass_cards(action.seat, action.cards)
        elif isinstance(action, AnswerPoverty):
            self.check_answer_poverty(action.seat, action.accept)
        elif isinstance(action, ReturnCards):
            self.check_return_cards(action.seat, action.cards)
        else:
            raise _not_an_action(action)

    def can_apply(self, action: Action) -> bool:
        """Whether :meth:`check` would accept ``action``: whether it is legal now.

        Raises:
            InvalidTypeError: ``action`` is no action (a question about nothing
                has no answer).
        """
        if not isinstance(action, _ACTION_TYPES):
            raise _not_an_action(action)
        try:
            self.check(action)
        except DoppelkopfError:
            return False
        return True

    is_legal = DeprecatedAlias("can_apply")

    @property
    def legal_actions(self) -> LegalActions:
        """Every legal action that changes the deal: :func:`legal_actions` of this deal.

        The tuple is a :class:`LegalActions`: calling it the old way,
        ``deal.legal_actions()``, still works for one release and warns.
        """
        return LegalActions(_legal_actions(self))

    # --- reservations (SPEC §3) ---------------------------------------------

    def check_declare(
        self, seat: int, reservation: Reservation, reason: ThrowReason | None = None
    ) -> None:
        """Raise unless ``seat`` may answer ``reservation`` now (SPEC §3.2, V§3, V§6.1, V§7, V§9.5).

        ``reason`` is the throw reason named with :attr:`Reservation.THROW`
        and with no other answer.

        Raises:
            WrongPhaseError: the reservation round is over.
            NotYourTurnError: another seat is asked now.
            InvalidReservationError: a marriage without both ♣Q, a solo under
                ``solos=False``, Armut or Schmeißen where the rules or the hand
                do not allow it, or anything but a solo in a forced deal.
        """
        setup = self._setup
        if type(seat) is not int or not 0 <= seat <= 3:
            raise seat_error(seat, declare_action(reservation))
        turn = self._state[_TURN]
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
        if (
            reservation is _ASKED_MARRIAGE
            and (setup.dealt[seat]._bits >> CLUB_QUEEN_SHIFT) & 3 != 2
        ):
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
            self._check_procedure_answer(seat, reservation, reason)

    def can_declare(
        self, seat: int, reservation: Reservation, reason: ThrowReason | None = None
    ) -> bool:
        """Whether :meth:`check_declare` would accept the answer."""
        try:
            self.check_declare(seat, reservation, reason)
        except DoppelkopfError:
            return False
        return True

    def declare(
        self, seat: int, reservation: Reservation, reason: ThrowReason | None = None
    ) -> Deal:
        """``seat`` answers the reservation round; the last answer fixes the contract.

        The contract by SPEC §3.3, with Armut, Schmeißen and compulsory solos
        ranked by V§6.2 and V§9.2.  A winning Armut starts its exchange
        (V§6.3), a winning Schmeißen makes the deal void (V§7.2, V§8).  In a
        forced deal the forced seat's solo is the only answer (V§9.5).

        >>> from doppelkopf import Rules
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
        # A healthy answer of the seat asked, in an open round that is not
        # forced, passes every test of check_declare: the common answer skips
        # them.  (The seat compared by identity as in play.)
        if (
            reservation is not _HEALTHY
            or seat is not turn
            or turn is None
            or reason is not None
            or setup.game_type is not None
            or setup.extra.forced
        ):
            self.check_declare(seat, reservation, reason)
        before = setup.declarations
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
            return _deal((setup, held, tricks, leader, cards, (seat + 1) & 3))
        rules = setup.rules
        if rules is not _DDV and (rules.armut or rules.schmeissen or rules.compulsory_solo):
            return self._end_round(setup, held, declarations)
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
        return _deal((setup, by_position(held, setup.order), tricks, leader, cards, leader))

    # --- play (SPEC §5, §7) -------------------------------------------------

    def legal_cards(self, seat: int | None = None) -> tuple[Card, ...]:
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

    def check_play(self, seat: int, card: Card) -> None:
        """Raise unless ``seat`` may play ``card`` now (SPEC §3.5, §5.1, §5.2).

        Raises:
            IllegalActionError: ``seat`` is an int but no seat.
            WrongPhaseError: the reservation round is open or the deal is finished.
            NotYourTurnError: another seat plays next.
            InvalidTypeError: ``seat`` is not an int, or ``card`` not a :class:`Card`.
            CardNotHeldError: the card is not in the seat's hand.
            MustFollowError: the seat must follow the led category.
        """
        error = _play_refusal(self._state, seat, card)
        if error is not None:
            raise error

    def can_play(self, seat: int, card: Card) -> bool:
        """Whether :meth:`check_play` would accept the card."""
        return _play_refusal(self._state, seat, card) is None

    def play(self, seat: int, card: Card) -> Deal:
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
        # The common case of _play_refusal (the one check of a card), inlined:
        # a Card of the seat on turn in play, held, and following suit if it
        # must.  Anything else asks _play_refusal for the error.  The seat is
        # compared by identity: the seats 0-3 are CPython's shared small ints,
        # and a bool, an int subclass or any other object is none of them (an
        # equal int that were not shared would take the checked path and pass).
        # A finished deal has no seat on turn: None given as the seat is that
        # seat, so it is tested apart.
        if seat is not turn or turn is None or type(card) is not Card or order is None:
            error = _play_refusal(state, seat, card)
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
            # _deal, written out on the path taken by three cards in four.
            deal: Deal = _new_object(Deal)
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
        deal = _new_object(Deal)
        deal._state = (setup, held, tricks, winner, (), winner if len(tricks) < last else None)
        return deal

    # --- announcements (SPEC §8) --------------------------------------------

    def _announcement_result(
        self, seat: int, level: Announcement
    ) -> tuple[Party, PartyAnnouncements, PartyAnnouncements]:
        """The announcer's party, its state before and its state after the announcement."""
        if type(level) is not Announcement:
            if type(level) is not int:
                raise level_type_error(level, seat)
            if not 0 <= level <= 4:
                raise level_error(level, seat if type(seat) is int and 0 <= seat <= 3 else None)
        if type(seat) is not int or not 0 <= seat <= 3:
            raise seat_error(seat, _announce_action(level))
        setup = self._setup
        game = setup.game_type
        if game is None or setup.order is None:
            if setup.extra.void is not None:
                raise WrongPhaseError(
                    "the deal is void", seat=seat, action=_announce_action(level), rule="V§8"
                )
            if game is not None:
                raise AnnouncementBannedError(
                    "announcements open when the Armut exchange is complete",
                    seat=seat,
                    action=_announce_action(level),
                    rule="V§6.5",
                )
            raise AnnouncementBannedError(
                "announcements open only after the reservation round",
                seat=seat,
                action=_announce_action(level),
                rule="§8.3",
            )
        if len(self.tricks) == setup.rules.tricks:
            raise WrongPhaseError(
                "the deal is finished", seat=seat, action=_announce_action(level), rule="§9.1"
            )
        clarification = setup.clarification_trick
        if game is _MARRIAGE and clarification is None:
            raise AnnouncementBannedError(
                "no announcement before the marriage's clarification trick is complete",
                seat=seat,
                action=_announce_action(level),
                rule="§7.4",
            )
        party = setup.parties[seat]
        assert party is not None
        if party is _RE:
            own, opponents = setup.re_announcements, setup.kontra_announcements
        else:
            own, opponents = setup.kontra_announcements, setup.re_announcements
        try:
            new = apply_announcement(
                own,
                opponents,
                level,
                hand_size=held_count(setup, self._state[_HELD], seat),
                shift=self.shift,
                rules=setup.rules,
            )
        except IllegalActionError as error:
            error.seat = seat
            raise
        return party, own, new

    def check_announce(self, seat: int, level: Announcement) -> None:
        """Raise unless ``seat`` may announce ``level`` now (SPEC §7.4, §8).

        A repetition of a level the party already holds is legal and changes
        nothing (SPEC §8.6a).

        Raises:
            AnnouncementBannedError: before the contract is fixed, or in a marriage
                before the clarification trick.
            AnnouncementTooLateError: the deadline for the seat's hand size has passed.
            LateReplyLockError: an absage after the party's late reply.
            WrongPhaseError: the deal is finished.
        """
        self._announcement_result(seat, level)

    def can_announce(self, seat: int, level: Announcement) -> bool:
        """Whether :meth:`check_announce` would accept the announcement."""
        try:
            self._announcement_result(seat, level)
        except DoppelkopfError:
            return False
        return True

    def announce(self, seat: int, level: Announcement) -> Deal:
        """``seat`` announces ``level`` for its party; a repetition returns the deal unchanged.

        Raises:
            AnnouncementBannedError, AnnouncementTooLateError, LateReplyLockError,
                WrongPhaseError: see :meth:`check_announce`.
        """
        party, own, new = self._announcement_result(seat, level)
        if new is own:
            return self
        setup, held, tricks, leader, cards, turn = self._state
        event = Announced(
            seat,
            Announcement(level),
            party,
            held_count(setup, held, seat),
            4 * len(tricks) + len(cards),
            late_reply=not new.timely and own.level is None,
        )
        calls = (*setup.announcements, event)
        if party is _RE:
            setup = setup._replace(re_announcements=new, announcements=calls)
        else:
            setup = setup._replace(kontra_announcements=new, announcements=calls)
        return _deal((setup, held, tricks, leader, cards, turn))

    def legal_announcements(self, seat: int) -> tuple[Announcement, ...]:
        """Shorthand for :func:`legal_announcements`."""
        return legal_announcements(self, seat)

    # --- outcome and views --------------------------------------------------

    @property
    def outcome(self) -> Outcome:
        """The result of a finished deal: the input of settlement (SPEC §9–§11).

        Raises:
            WrongPhaseError: the deal is not finished, or it is void and has
                no outcome (V§8).
        """
        setup, _, tricks, leader, _, _ = self._state
        rules = setup.rules
        if setup.extra.void is not None:
            raise WrongPhaseError(
                "a void deal has no outcome and no settlement; the same dealer deals again",
                action="outcome",
                rule="V§8",
            )
        if len(tricks) < rules.tricks:
            raise WrongPhaseError(
                f"the outcome exists only after trick {rules.tricks}",
                action="outcome",
                rule="§3.5, §9.1",
            )
        game = setup.game_type
        assert game is not None
        # Every seat's party is fixed by trick 3 at the latest (SPEC §6, §7.2, §7.3).
        assert None not in setup.parties
        parties = cast("tuple[Party, ...]", setup.parties)
        # Each trick's winner led the next one; the winner of trick 12 "leads" the empty trick.
        winners = (*[trick.leader for trick in tricks[1:]], leader)
        points = [
            a.points + b.points + c.points + d.points for a, b, c, d in map(_cards_of, tricks)
        ]
        seat_points = [0, 0, 0, 0]
        for winner, won in zip(winners, points, strict=True):
            seat_points[winner] += won
        return Outcome(
            game_type=game,
            parties=parties,
            declarer=setup.declarer,
            partner=setup.partner,
            clarification_trick=setup.clarification_trick,
            tricks=tricks,
            winners=winners,
            seat_points=tuple(seat_points),
            re_announcements=setup.re_announcements,
            kontra_announcements=setup.kontra_announcements,
            special_events=(
                _special_events(tricks, winners, points, parties, rules)
                if rules.specials and game.has_special_points
                else ()
            ),
            rules=rules,
            schweine=setup.schweine,
        )

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` knows (SPEC §6.1): nothing of the other hands or reservations.

        The view's fields are computed when first read (see :class:`PlayerView`).
        """
        return _view_of(self, seat)


_new_object: Final = object.__new__
_PRESENT: Final = PRESENT
_COPIES: Final = 1 | 1 << 24
"""A seat's bits of one card in position layout: held once, and held twice."""
_BITS: Final = tuple(1 << bit for bit in range(192))
"""``1 << i`` for every bit of the packed hands, so that a card clears its bit by a lookup."""
_tuple_new: Final = tuple.__new__
_NO_ANSWERS: Final = (None, None, None, None)
_cards_of: Final = operator.attrgetter("cards")


def _clarified(setup: _Setup, winner: int, trick: int) -> _Setup:
    """The setup of an open marriage after ``winner`` won trick ``trick`` (SPEC §7.2, §7.3).

    A trick won by another player makes that player the partner; the third
    trick won by the marriage player makes the game a marriage solo.  (Apart
    from :meth:`Deal.play` so that its hot path keeps no closure cells.)
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


def cards_and_calls(
    tricks: Iterable[tuple[int, tuple[Card, ...]]], calls: tuple[Announced, ...]
) -> list[Announced | Play]:
    """The cards of ``tricks`` (leader and cards) with each announcement before its card.

    An announcement made when ``moment`` cards had been played comes just
    before card ``moment`` (SPEC §8.10); those made after the last card come last.
    :attr:`Deal.history` and :attr:`PlayerView.history` both order their events so.
    """
    events: list[Announced | Play] = []
    waiting = 0
    moment = 0
    for leader, cards in tricks:
        for position, card in enumerate(cards):
            while waiting < len(calls) and calls[waiting].moment == moment:
                events.append(calls[waiting])
                waiting += 1
            events.append(Play((leader + position) & 3, card))
            moment += 1
    events.extend(calls[waiting:])
    return events


def _play_refusal(state: _State, seat: int, card: Card) -> DoppelkopfError | None:  # noqa: PLR0911
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


def _refused(state: _State, seat: int, card: Card) -> DoppelkopfError:
    """The error of :func:`_play_refusal` for a card the fast path of ``play`` refused."""
    error = _play_refusal(state, seat, card)
    assert error is not None, "the fast path of play refused a legal card"
    return error


def _play_action(card: object) -> str:
    """How an error names the attempt to play ``card``, which may be no card."""
    return f"play {card}" if isinstance(card, Card) else f"play {_checks.excerpt(card)}"


def _not_an_action(action: object) -> DoppelkopfError:
    return ActionTypeError(
        f"not an action: {_checks.excerpt(action)}",
        name="action",
        expected="Declare, Play, Announce, PassCards, AnswerPoverty or ReturnCards",
        value=_checks.excerpt(action),
    )


def _check_dealer(dealer: object) -> None:
    """Raise unless ``dealer`` is a seat (SPEC §2.1); a ``bool`` is none."""
    if type(dealer) is not int and not isinstance(dealer, (bool, float)):
        raise _checks.type_error(dealer, "dealer", "int")
    if type(dealer) is not int or not 0 <= dealer <= 3:
        raise InvalidValueError(f"the dealer must be a seat 0-3, not {_checks.excerpt(dealer)}")


def _checked_seed(seed: object) -> int | str | None:
    """``seed`` if :class:`random.Random` takes it as the seed of a deal: ``None``, an int, text."""
    if seed is None or type(seed) is int:
        return seed
    if type(seed) is str:
        try:
            seed.encode()
        except UnicodeEncodeError:
            raise InvalidValueError(
                f"the seed must be encodable text, not {_checks.excerpt(seed)}"
            ) from None
        return seed
    raise _checks.type_error(seed, "seed", "int, a str or None")


class LegalActions(tuple[Action, ...]):
    """The tuple :attr:`Deal.legal_actions` returns; calling it is deprecated.

    ``deal.legal_actions`` is a property now.  The old call syntax,
    ``deal.legal_actions()``, returns the same tuple for one more release and
    emits a :class:`~doppelkopf.errors.DoppelkopfDeprecationWarning`.
    """

    __slots__ = ()

    def __call__(self) -> LegalActions:
        """Deprecated: the tuple itself, for the old ``deal.legal_actions()``."""
        warnings.warn(
            "Deal.legal_actions is a property; drop the call parentheses",
            DoppelkopfDeprecationWarning,
            stacklevel=2,
        )
        return self


def _deal(state: _State) -> Deal:
    """A new deal holding ``state``, without the constructor's per-call overhead."""
    deal: Deal = _new_object(Deal)
    deal._state = state
    return deal


# The slot's own setter: calling the slot descriptor directly skips the
# attribute lookup by name that object.__setattr__ makes.
_set_trick_leader: Final = vars(Trick)["leader"].__set__
_set_trick_cards: Final = vars(Trick)["cards"].__set__


def _initial(  # noqa: PLR0917 - the parts of a deal, checked by its two builders
    rules: Rules,
    dealer: int,
    cut: int | None,
    hands: tuple[Hand, Hand, Hand, Hand],
    owing: frozenset[int] = _NOBODY,
    forced: bool = False,
) -> Deal:
    """The deal before the reservation round, from checked parts.

    In a forced deal the first owing seat from the dealer's left is asked (V§9.5).
    """
    # The named tuple's own __new__ is a Python call; tuple.__new__ is not.
    setup: _Setup = _tuple_new(
        _Setup,
        (
            rules,
            dealer,
            cut,
            hands,
            _NO_ANSWERS,
            None,
            None,
            None,
            None,
            None,
            None,
            _NO_ANSWERS,
            NOTHING,
            NOTHING,
            NO_PROCEDURES if not owing else NO_PROCEDURES._replace(owing=owing, forced=forced),
            (),
        ),
    )
    held = hands[0]._bits | hands[1]._bits << 48 | hands[2]._bits << 96 | hands[3]._bits << 144
    first = (dealer + 1) & 3
    if forced:
        first = next(seat for seat in ((dealer + k) & 3 for k in (1, 2, 3, 4)) if seat in owing)
    return _deal((setup, held, (), (dealer + 1) & 3, (), first))


# --- module-level rule functions -------------------------------------------


def legal_announcements(deal: Deal, seat: int) -> tuple[Announcement, ...]:
    """The announcements ``seat`` may make now that add something (SPEC §7.4, §8).

    Repetitions are legal but add nothing, so they are not listed.  This is the
    rule of :meth:`Deal.check_announce` asked as a list: exactly the levels
    ``L`` for which ``deal.can_announce(seat, L)`` holds and the announcement
    changes the deal (a property test pins the two together).

    >>> deal = Deal.shuffled(seed=3)
    >>> for s in (0, 1, 2, 3):
    ...     deal = deal.declare(s, Reservation.HEALTHY)
    >>> [level.name for level in legal_announcements(deal, 0)]
    ['RE_KONTRA', 'NO_90', 'NO_60', 'NO_30', 'SCHWARZ']
    """
    if type(deal) is not Deal:
        _checks.instance(deal, Deal, "deal")
    check_seat(seat, "legal announcements")
    setup = deal._setup
    game = setup.game_type
    rules = setup.rules
    if game is None or setup.order is None or len(deal.tricks) == rules.tricks:
        return ()  # SPEC §8.3, V§6.5, V§8
    if game is _MARRIAGE and setup.clarification_trick is None:  # SPEC 7.4
        return ()
    party = setup.parties[seat]
    if party is _RE:
        own, opponents = setup.re_announcements, setup.kontra_announcements
    else:
        own, opponents = setup.kontra_announcements, setup.re_announcements
    return legal_levels(
        own, opponents, held_count(setup, deal._state[_HELD], seat), deal.shift, rules
    )


def legal_levels(
    own: PartyAnnouncements,
    opponents: PartyAnnouncements,
    size: int,
    shift: int,
    rules: Rules,
) -> tuple[Announcement, ...]:
    """The levels a party holding ``own`` may add now, ``size`` cards in the announcer's hand.

    The deadlines of :func:`doppelkopf.announce.apply_announcement` asked as a
    list, once announcements are open (SPEC §8.2, §8.6, §8.8, V§4).

    >>> from doppelkopf import PartyAnnouncements
    >>> re = PartyAnnouncements(Announcement.RE_KONTRA, True)
    >>> [level.name for level in legal_levels(re, NOTHING, 10, 0, Rules())]  # SPEC §8.2: n ≥ 10
    ['NO_90', 'NO_60', 'NO_30', 'SCHWARZ']
    >>> legal_levels(NOTHING, re, 10, 0, Rules())  # a late reply, one card after Re (§8.6c)
    (<Announcement.RE_KONTRA: 0>,)
    >>> legal_levels(re, NOTHING, 8, 0, Rules())
    ()
    """
    start, stop = _level_run(own, opponents, size, shift, rules)
    return _LEVELS[start:stop]


def _level_run(
    own: PartyAnnouncements,
    opponents: PartyAnnouncements,
    size: int,
    shift: int,
    rules: Rules,
) -> tuple[int, int]:
    """:func:`legal_levels` as the bounds of a slice of the five levels.

    The legal levels are always a run up to schwarz (every absage shares the
    deadline of the lowest level it adds, SPEC 8.8c), or a bare late reply;
    without skipping (V§4) the run is the next level alone.  The deadline of
    level L is ``rules.deadlines[L]``, the hand size minus L + 1 (SPEC §8.4),
    computed here: every bot asks this for every seat before every card.
    """
    last = rules._tricks - 1 - shift  # the deadline of level 0, shifted
    level = own.level
    if level is None:
        if size >= last:
            return (0, 5) if rules.skip_levels else (0, 1)
        answered = opponents.level
        if answered is not None and size >= last - answered - 1:
            return (0, 1)
        return (0, 0)
    if level == 4 or not own.timely or size < last - level - 1:
        return (0, 0)
    return (level + 1, 5) if rules.skip_levels else (level + 1, level + 2)


_LEVELS: Final = tuple(Announcement)
_OPEN_TRICKS: Final = 6
"""Completed tricks (past a marriage's shift) after which no seat may announce.

Every hand is then below the lowest deadline of all, a late reply to schwarz
(SPEC §8.4, §8.6c; see :func:`_level_run`): a seat that has not played to the
trick holds ``tricks - played`` cards, and that deadline is ``tricks - 6 - shift``.
"""
_RE_KONTRA: Final = _LEVELS[:1]
_ACTION_TYPES: Final = (Declare, Play, Announce, PassCards, AnswerPoverty, ReturnCards)
_EVENT_TYPES: Final = (*_ACTION_TYPES, Announced)

# The hands of V22 for the examples: seat 1 holds five nines.
_V22_HANDS: Final = (
    "♣A ♣A ♣10 ♣K ♠A ♠A ♠10 ♠K ♥A ♥A ♥K ♥J",
    "♣9 ♣9 ♠9 ♥9 ♦9 ♣10 ♠10 ♠K ♥10 ♥K ♦K ♦J",
    "♣Q ♣Q ♠Q ♠Q ♥Q ♥Q ♦Q ♦Q ♣J ♣J ♠J ♠J",
    "♣K ♠9 ♥10 ♥9 ♦A ♦A ♦10 ♦10 ♦K ♦9 ♥J ♦J",
)


def seat_actions(deal: Deal, seat: int) -> tuple[Action, ...]:
    """The legal actions of one seat, in the order of :func:`legal_actions`."""
    state = deal._state
    setup = state[_SETUP]
    if setup.order is None:
        return legal_actions(deal) if state[_TURN] == seat else ()
    if state[_TURN] == seat:
        plays = _PLAYS[seat]
        actions: list[Action] = [plays[card.index] for card in deal.legal_cards()]
    else:
        actions = []
    clarification = setup.clarification_trick
    if len(state[_TRICKS]) <= _OPEN_TRICKS + (0 if clarification is None else clarification - 1):
        start, stop = _seat_run(deal, setup, seat)
        if start < stop:
            actions.extend(_ANNOUNCES[seat][start:stop])
    return tuple(actions)


def _seat_run(deal: Deal, setup: _Setup, seat: int) -> tuple[int, int]:
    """:func:`legal_announcements` of ``seat`` (known good) as the bounds of a slice
    of the five levels, in a deal whose card order is fixed and that is not
    finished (the caller has seen tricks left); ``setup`` is the deal's."""
    _, _, tricks, leader, cards, _ = deal._state
    rules = setup.rules
    played = len(tricks)
    clarification = setup.clarification_trick
    if clarification is None:
        if setup.game_type is _MARRIAGE:  # SPEC §7.4
            return (0, 0)
        shift = 0
    else:
        shift = clarification - 1
    if setup.parties[seat] is _RE:
        own, opponents = setup.re_announcements, setup.kontra_announcements
    else:
        own, opponents = setup.kontra_announcements, setup.re_announcements
    # Every seat holds the same number of cards between tricks (the Armut
    # exchange moves three cards each way); within a trick the seats that
    # have played hold one fewer.  Cheaper than counting the hand's bits.
    size = rules._tricks - played - (((seat - leader) & 3) < len(cards))
    return _level_run(own, opponents, size, shift, rules)


def legal_actions(deal: Deal) -> tuple[Action, ...]:
    """Every legal action that changes the deal, in a fixed order.

    In the reservation round: the answers open to the seat being asked
    (:func:`~doppelkopf.deal.procedures.declare_choices`).  In the Armut
    exchange: the distinct choices of the seat on turn (V§6.3).  In play: the
    legal cards of the seat on turn, then every seat's legal announcements
    (any seat may announce at any instant, SPEC §8.2).  Nothing once the deal
    is finished or void.

    >>> len(legal_actions(Deal.shuffled(seed=3))) in (8, 9)
    True
    """
    if type(deal) is not Deal:
        _checks.instance(deal, Deal, "deal")
    return tuple(_legal_actions(deal))


def _legal_actions(deal: Deal) -> Sequence[Action]:
    """:func:`legal_actions` of a deal, as a list or a tuple (a list in play)."""
    state = deal._state
    setup = state[_SETUP]
    seat = state[_TURN]
    if setup.order is None:
        if seat is None:
            return ()
        if setup.game_type is None:
            return answer_choices(seat, setup.dealt[seat], setup.rules, setup.extra.forced)
        assert setup.extra.poverty is not None
        return exchange_actions(seat, deal.hands[seat], setup.extra.poverty, seat, setup.rules)
    if seat is None:
        return ()
    plays = _PLAYS[seat]
    actions: list[Action] = [plays[card.index] for card in deal.legal_cards()]
    _add_announcements(actions, deal, setup)
    return actions


def _add_announcements(actions: list[Action], deal: Deal, setup: _Setup) -> None:
    """Append every seat's legal announcements in play to ``actions``, seat by seat."""
    clarification = setup.clarification_trick
    if clarification is None and setup.game_type is _MARRIAGE:  # SPEC §7.4
        return
    shift = 0 if clarification is None else clarification - 1
    rules = setup.rules
    _, _, tricks, leader, cards, _ = deal._state
    if len(tricks) > _OPEN_TRICKS + shift:
        return
    top = rules._tricks - len(tricks)  # the cards of a seat that has not played to this trick
    re, kontra = setup.re_announcements, setup.kontra_announcements
    # A party's legal levels only grow with the hand size, so a party with
    # none at the largest hand size has none at all: most of a deal.
    re_start, re_stop = _level_run(re, kontra, top, shift, rules)
    kontra_start, kontra_stop = _level_run(kontra, re, top, shift, rules)
    re_open = re_start < re_stop
    kontra_open = kontra_start < kontra_stop
    if not re_open and not kontra_open:
        return
    parties = setup.parties
    for seat in (0, 1, 2, 3):
        if parties[seat] is _RE:
            if not re_open:
                continue
            own, opponents, start, stop = re, kontra, re_start, re_stop
        else:
            if not kontra_open:
                continue
            own, opponents, start, stop = kontra, re, kontra_start, kontra_stop
        if ((seat - leader) & 3) < len(cards):  # the seat has played to this trick
            start, stop = _level_run(own, opponents, top - 1, shift, rules)
        actions.extend(_ANNOUNCES[seat][start:stop])


def announcing_seats(deal: Deal) -> int:
    """The seats with a legal announcement now, as a mask (bit ``s`` for seat ``s``).

    The seats for which :func:`legal_announcements` is not empty; for the
    players' runner, which offers each of them an announcement after every
    card (SPEC §8.2).  Most of a deal, neither party has one left, which two
    calls of :func:`_level_run` tell.
    """
    setup = deal._setup
    if setup.order is None or deal._state[_TURN] is None:
        return 0
    levels: list[Action] = []
    _add_announcements(levels, deal, setup)
    mask = 0
    for announce in levels:
        mask |= 1 << announce.seat
    return mask
