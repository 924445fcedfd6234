"""The state machine of one deal (SPEC §2.3–§2.4, §3, §5–§8).

A :class:`Deal` holds its whole state in one named tuple per deal; every
action validates and returns a new deal.  See :mod:`doppelkopf.deal`.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final, NamedTuple, TypeAlias, cast

import attrs

from .._order import CardOrder
from ..announce import NOTHING, PartyAnnouncements, apply_announcement
from ..cards import _ONE, Card, Hand
from ..errors import (
    AnnouncementBannedError,
    AnnouncementError,
    CardNotHeldError,
    DoppelkopfError,
    IllegalActionError,
    InvalidReservationError,
    InvalidValueError,
    NotYourTurnError,
    WrongPhaseError,
)
from ..parties import Announcement, Party
from ..rules import _DEFAULT_ORDERS, GameType, Rules
from ..specials import _special_events
from ..tricks import Trick, check_card
from .actions import Action, Announce, Announced, Declare, Event, Phase, Play, Reservation
from .dealing import DECK_ONES, HAND_MASK, cut_and_deal, hand_of, hand_size, shuffle_and_cut
from .outcome import Outcome
from .reservations import (
    CLUB_QUEEN,
    CLUB_QUEEN_SHIFT,
    check_seat,
    declare_action,
    resolve_checked,
    schweine_holder,
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
_ASKED_MARRIAGE: Final = Reservation.MARRIAGE


def _announce_action(level: Announcement | int) -> str:
    """How an error names the announcement of ``level`` (already known to be 0-4)."""
    return f"announce {Announcement(level).label_generic}"


def _check_hands(hands: Sequence[Hand | str], rules: Rules) -> tuple[Hand, Hand, Hand, Hand]:
    if len(hands) != 4:
        raise InvalidValueError(f"a deal has four hands, not {len(hands)}")
    checked = tuple(Hand.parse(hand) if isinstance(hand, str) else hand for hand in hands)
    size = rules.hand_size
    for seat, hand in enumerate(checked):
        if not isinstance(hand, Hand):
            raise TypeError(f"hand {seat} must be a Hand or a string, not {hand!r}")
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
    partner, parties), both parties' announcement states and the announcement
    events.  Most cards leave it as it is, and the new deal shares it with the
    old one.  ``order`` is the card order that ``rules`` give the contract and
    the Schweine: derived, kept here because every card reads it.
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
    announcements: tuple[Announced, ...]


_State: TypeAlias = "tuple[_Setup, int, tuple[Trick, ...], int, tuple[Card, ...], int | None]"


def _position(state: _State) -> tuple[object, ...]:
    """The part of a deal's state that equality and hashing look at: all but the
    announcement events (their states stay in)."""
    return (state[0][:-1], *state[1:])


@attrs.frozen(repr=False)
class Deal:
    """The complete state of one deal; every action returns a new deal.

    Build one with :meth:`shuffled` (seeded shuffle, cut and deal) or
    :meth:`from_hands`, never with the constructor.  Two deals are equal (and
    hash equal) when they hold the same table, answers, contract, announcement
    states, hands and tricks, whenever the announcements were made: the
    :attr:`history` and :attr:`announcements` are not compared, so
    transpositions meet in a search's table.
    """

    # One tuple holds the whole state, so that a new deal costs one slot to
    # fill: (contract record, packed hands, completed tricks, leader of the
    # trick in progress, its cards, the seat to act next).  See _deal.
    _state: _State = attrs.field(eq=_position)

    @property
    def _setup(self) -> _Setup:
        return self._state[0]

    @property
    def _held(self) -> int:
        """The four hands' bits (see :attr:`Hand.bits`), seat ``s`` in bits 48 s to 48 s + 47."""
        return self._state[1]

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks, in order."""
        return self._state[2]

    @property
    def _leader(self) -> int:
        return self._state[3]

    @property
    def _cards(self) -> tuple[Card, ...]:
        return self._state[4]

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
        return self._state[0].rules

    @property
    def schweine(self) -> int | None:
        """The seat holding the Schweine, public once the contract is fixed (V§2.3).

        ``None`` without ``schweinchen``, before the contract, in a game type
        without Schweine or when the two ♦A are in different hands.
        """
        return self._state[0].schweine

    @property
    def card_order(self) -> CardOrder | None:
        """The card order of the contract under the deal's rules, ``None`` before it."""
        return self._state[0].order

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
    def re_announcements(self) -> PartyAnnouncements:
        """The Re party's announcement state (SPEC §8.5)."""
        return self._setup.re_announcements

    @property
    def kontra_announcements(self) -> PartyAnnouncements:
        """The Kontra party's announcement state (SPEC §8.5)."""
        return self._setup.kontra_announcements

    # --- construction -------------------------------------------------------

    @classmethod
    def from_hands(
        cls,
        hands: Sequence[Hand | str],
        *,
        dealer: int = 3,
        cut: int | None = None,
        rules: Rules = _DDV,
    ) -> Deal:
        """A deal from four given hands (tests, puzzles, replays, a real table's cards).

        ``hands[seat]`` may be a :class:`~doppelkopf.Hand` or its notation.  The
        default dealer is seat 3, so seat 0 asks first and leads, as in the
        examples of the rules.

        >>> deal = Deal.from_hands(Deal.shuffled(seed=2).dealt)
        >>> deal.turn
        0

        Raises:
            ValueError: the hands are not four hands of 12 (10 without nines)
                that together hold the deck of ``rules``, or ``dealer`` is not a seat.
        """
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules value, not {type(rules).__name__}")
        if type(dealer) is not int or not 0 <= dealer <= 3:
            raise InvalidValueError(f"the dealer must be a seat 0-3, not {dealer!r}")
        if cut is not None and (type(cut) is not int or cut not in rules.cuts):
            cuts = rules.cuts
            raise InvalidValueError(
                f"the cut must be {cuts[0]}-{cuts[-1]} or None, not {cut!r} (SPEC §2.3)"
            )
        return _initial(rules, dealer, cut, _check_hands(hands, rules))

    @classmethod
    def shuffled(
        cls,
        seed: int | str | None = None,
        *,
        rng: random.Random | None = None,
        dealer: int = 3,
        rules: Rules = _DDV,
    ) -> Deal:
        """Shuffle, cut and deal (SPEC §2.3, §2.4), reproducibly from ``seed`` or ``rng``.

        The cut point is drawn from the same generator and recorded in
        :attr:`cut`.

        >>> Deal.shuffled(seed=5) == Deal.shuffled(seed=5)
        True
        >>> 3 <= Deal.shuffled(seed=5).cut <= 45
        True
        """
        if type(dealer) is not int or not 0 <= dealer <= 3:
            raise InvalidValueError(f"the dealer must be a seat 0-3, not {dealer!r}")
        generator = rng if rng is not None else random.Random(seed)
        if rules is _DDV:
            ones = list(DECK_ONES)
        elif isinstance(rules, Rules):
            ones = [_ONE[card.index] for card in rules.deck]
        else:
            raise TypeError(f"rules must be a Rules value, not {type(rules).__name__}")
        cut = shuffle_and_cut(generator, ones)
        return _initial(rules, dealer, cut, cut_and_deal(ones, dealer, cut, rules))

    # --- derived state ------------------------------------------------------

    @property
    def phase(self) -> Phase:
        """The current phase."""
        if self.game_type is None:
            return Phase.RESERVATIONS
        if len(self.tricks) == self._setup.rules.tricks:
            return Phase.FINISHED
        return Phase.PLAY

    @property
    def is_finished(self) -> bool:
        """Whether all 12 tricks (10 without nines) have been played (SPEC §3.5, V§1.3)."""
        return len(self.tricks) == self._setup.rules.tricks

    @property
    def turn(self) -> int | None:
        """The seat that must act next: answer the reservation round, or play.

        ``None`` once the deal is finished.
        """
        return self._state[5]

    @property
    def cards_played(self) -> int:
        """How many cards have been played so far (0–48, or 0–40 without nines)."""
        return 4 * len(self.tricks) + len(self._cards)

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
            and len(self.tricks) < self._setup.rules.tricks
            and not (self.game_type is GameType.MARRIAGE and self.clarification_trick is None)
        )

    @property
    def history(self) -> tuple[Event, ...]:
        """Every event in order: reservations, announcements and cards.

        The answers come in asking order (SPEC §3.2); each announcement comes
        just before the card that followed it, placed by its ``moment``.
        """
        setup = self._setup
        dealer, declarations = setup.dealer, setup.declarations
        events: list[Event] = []
        for offset in (1, 2, 3, 4):
            seat = (dealer + offset) & 3
            answer = declarations[seat]
            if answer is not None:
                events.append(Declare(seat, answer))
        calls = setup.announcements
        waiting = 0
        moment = 0
        for leader, cards in (
            *((trick.leader, trick.cards) for trick in self.tricks),
            (self._leader, self._cards),
        ):
            for position, card in enumerate(cards):
                while waiting < len(calls) and calls[waiting].moment == moment:
                    events.append(calls[waiting])
                    waiting += 1
                events.append(Play((leader + position) & 3, card))
                moment += 1
        events.extend(calls[waiting:])
        return tuple(events)

    @property
    def announcements(self) -> tuple[Announced, ...]:
        """Every accepted announcement in order, each with its party and moment."""
        return self._setup.announcements

    def party_announcements(self, party: Party) -> PartyAnnouncements:
        """The announcement state of ``party`` (SPEC §8.5)."""
        return self.re_announcements if party is Party.RE else self.kontra_announcements

    def hand_size(self, seat: int) -> int:
        """The cards ``seat`` holds now: the ``n`` of SPEC §8.2."""
        check_seat(seat, "hand size")
        return len(self.hands[seat])

    def initial(self) -> Deal:
        """The deal as dealt, before any action."""
        return Deal.from_hands(self.dealt, dealer=self.dealer, cut=self.cut, rules=self.rules)

    def replay(self, actions: Iterable[Action | Event]) -> Deal:
        """Apply ``actions`` (or recorded events) one after the other.

        >>> deal = Deal.shuffled(seed=3)
        >>> for seat in (0, 1, 2, 3):
        ...     deal = deal.declare(seat, Reservation.HEALTHY)
        >>> deal.initial().replay(deal.history) == deal
        True
        """
        deal = self
        for action in actions:
            deal = deal.apply(action.as_action())
        return deal

    def __repr__(self) -> str:
        game = "reservations" if self.game_type is None else self.game_type.name
        return (
            f"<Deal dealer={self.dealer} {game} tricks={len(self.tricks)} "
            f"cards_played={self.cards_played} turn={self.turn}>"
        )

    # --- generic action entry point -----------------------------------------

    def apply(self, action: Action) -> Deal:
        """Apply any action: :class:`Declare`, :class:`Play` or :class:`Announce`."""
        if isinstance(action, Play):
            return self.play(action.seat, action.card)
        if isinstance(action, Announce):
            return self.announce(action.seat, action.level)
        if isinstance(action, Declare):
            return self.declare(action.seat, action.reservation)
        raise TypeError(f"not an action: {action!r}")

    def check(self, action: Action) -> None:
        """Raise the precise error if ``action`` is illegal now."""
        if isinstance(action, Play):
            self.check_play(action.seat, action.card)
        elif isinstance(action, Announce):
            self.check_announce(action.seat, action.level)
        elif isinstance(action, Declare):
            self.check_declare(action.seat, action.reservation)
        else:
            raise TypeError(f"not an action: {action!r}")

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` is legal now."""
        try:
            self.check(action)
        except DoppelkopfError:
            return False
        return True

    def legal_actions(self) -> tuple[Action, ...]:
        """Shorthand for :func:`legal_actions`."""
        return legal_actions(self)

    # --- reservations (SPEC §3) ---------------------------------------------

    def check_declare(self, seat: int, reservation: Reservation) -> None:
        """Raise unless ``seat`` may answer ``reservation`` now (SPEC §3.2).

        Raises:
            WrongPhaseError: the reservation round is over.
            NotYourTurnError: another seat is asked now.
            InvalidReservationError: a marriage without both ♣Q.
        """
        setup = self._setup
        if type(seat) is not int or not 0 <= seat <= 3:
            raise seat_error(seat, declare_action(reservation))
        if setup.game_type is not None:
            raise WrongPhaseError(
                "the reservation round is over",
                seat=seat,
                action=declare_action(reservation),
                rule="§3.2",
            )
        turn = self._state[5]
        if seat != turn:
            raise NotYourTurnError(
                f"seat {turn} is asked now, not seat {seat}",
                seat=seat,
                action=declare_action(reservation),
                rule="§3.2",
            )
        if not isinstance(reservation, Reservation):
            raise InvalidReservationError(
                f"not a reservation: {reservation!r}",
                seat=seat,
                action=declare_action(reservation),
                rule="§3.2",
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

    def can_declare(self, seat: int, reservation: Reservation) -> bool:
        """Whether :meth:`check_declare` would accept the answer."""
        try:
            self.check_declare(seat, reservation)
        except DoppelkopfError:
            return False
        return True

    def declare(self, seat: int, reservation: Reservation) -> Deal:
        """``seat`` answers the reservation round; the fourth answer fixes the contract (SPEC §3.3).

        Raises:
            WrongPhaseError, NotYourTurnError, InvalidReservationError: see
                :meth:`check_declare`.
        """
        self.check_declare(seat, reservation)
        setup, held, tricks, leader, cards, _ = self._state
        before = setup.declarations
        declarations = (*before[:seat], reservation, *before[seat + 1 :])
        if None in declarations:
            setup = setup._replace(declarations=declarations)
            return _deal((setup, held, tricks, leader, cards, (seat + 1) & 3))
        complete = [answer for answer in declarations if answer is not None]
        rules = setup.rules
        game, declarer = resolve_checked(complete, setup.dealer, setup.dealt, rules)
        schweine = schweine_holder(rules, game, setup.dealt)
        order = (
            rules.card_order(game, schweine=schweine is not None)
            if rules is not _DDV
            else _DEFAULT_ORDERS[game]
        )
        if game is _NORMAL:
            parties: tuple[Party | None, ...] = tuple(
                _RE if (hand._bits >> CLUB_QUEEN_SHIFT) & 3 else _KONTRA for hand in setup.dealt
            )
        elif game is _MARRIAGE:
            parties = tuple(_RE if s == declarer else None for s in range(4))
        else:
            parties = tuple(_RE if s == declarer else _KONTRA for s in range(4))
        setup = setup._replace(
            declarations=declarations,
            game_type=game,
            order=order,
            schweine=schweine,
            declarer=declarer,
            parties=parties,
        )
        return _deal((setup, held, tricks, leader, cards, leader))

    # --- play (SPEC §5, §7) -------------------------------------------------

    def legal_cards(self, seat: int | None = None) -> tuple[Card, ...]:
        """The distinct cards the seat on turn may play (SPEC §5.2); empty for any other seat."""
        setup, held, _, _, cards, turn = self._state
        order = setup.order
        if order is None or turn is None or (seat is not None and seat != turn):
            return ()
        bits = (held >> 48 * turn) & HAND_MASK
        if cards:
            following = bits & order.follow_bits[cards[0]]
            if following:
                bits = following
        # CardOrder.distinct_in_order, written out: this is the hottest call of a bot.
        decoder = order._decoder
        if decoder is None:
            return order.distinct_in_order(bits)
        clubs, spades, hearts, diamonds = decoder.suit_tables
        positions = (
            clubs[bits & 4095]
            | spades[(bits >> 12) & 4095]
            | hearts[(bits >> 24) & 4095]
            | diamonds[bits >> 36]
        )
        return decoder.low[positions & 4095] + decoder.high[positions >> 12]

    def check_play(self, seat: int, card: Card) -> None:
        """Raise unless ``seat`` may play ``card`` now (SPEC §3.5, §5.1, §5.2).

        Raises:
            WrongPhaseError: the reservation round is open or the deal is finished.
            NotYourTurnError: another seat plays next.
            CardNotHeldError: the card is not in the seat's hand.
            MustFollowError: the seat must follow the led category.
        """
        action = f"play {card}"
        check_seat(seat, action)
        if self.game_type is None or len(self.tricks) == self._setup.rules.tricks:
            raise WrongPhaseError(
                "cards are played only after the reservation round and before the deal ends",
                seat=seat,
                action=action,
                rule="§3.2, §3.5",
            )
        if seat != self.current_trick.next_seat:
            raise NotYourTurnError(
                f"seat {self.current_trick.next_seat} plays next, not seat {seat}",
                seat=seat,
                action=action,
                rule="§5.1",
            )
        if not isinstance(card, Card):
            raise CardNotHeldError(f"not a card: {card!r}", seat=seat, action=action, rule="§5.2")
        check_card(
            self.hands[seat], self.current_trick, self.game_type, card, self.rules, seat=seat
        )

    def can_play(self, seat: int, card: Card) -> bool:
        """Whether :meth:`check_play` would accept the card."""
        try:
            self.check_play(seat, card)
        except DoppelkopfError:
            return False
        return True

    def play(self, seat: int, card: Card) -> Deal:
        """``seat`` plays ``card``; the fourth card of a trick decides its winner, who leads next.

        In a marriage, the first of tricks 1–3 won by another player makes that
        player the partner; if the marriage player wins all three the game
        becomes a marriage solo (SPEC §7.2, §7.3).

        Raises:
            WrongPhaseError, NotYourTurnError, CardNotHeldError, MustFollowError:
                see :meth:`check_play`.
        """
        setup, held, tricks, leader, cards, turn = self._state
        order = setup.order
        if order is None or type(seat) is not int or seat != turn:
            self.check_play(seat, card)
        base = 48 * seat
        if not isinstance(card, Card) or not (held >> (base + 2 * card.index)) & 3:
            raise CardNotHeldError(
                f"cannot play {card}: it is not in the hand",
                seat=seat,
                action=f"play {card}",
                rule="§5.2",
            )
        assert order is not None
        offset = 2 * card.index
        if cards:
            following = order.follow_bits[cards[0]]
            if not (following >> offset) & 3 and (held >> base) & following:
                self.check_play(seat, card)
                raise AssertionError("check_play accepted an illegal card")  # pragma: no cover
        held -= 1 << (base + offset)
        if len(cards) < 3:
            # _deal, written out on the path taken by three cards in four.
            deal: Deal = _new_object(Deal)
            _set_state(deal, (setup, held, tricks, leader, (*cards, card), (seat + 1) & 3))
            return deal
        played = (*cards, card)
        last = setup.rules._tricks
        # The first-equal-copy loop of CardOrder.winner_position, written out
        # for the rules where no option changes it (the second Dulle does).
        if order.dulle_rises:
            best = order.winner_position(played, last=len(tricks) + 1 == last)
        else:
            keys = order.lead_keys[cards[0]]
            best = 0
            best_key = keys[cards[0]]
            for position in (1, 2, 3):
                key = keys[played[position]]
                if key > best_key:
                    best = position
                    best_key = key
        winner = (leader + best) & 3
        tricks = (*tricks, Trick._make(leader, played))
        if setup.game_type is _MARRIAGE and setup.clarification_trick is None:
            declarer = setup.declarer
            if winner != declarer:
                setup = setup._replace(
                    partner=winner,
                    clarification_trick=len(tricks),
                    parties=tuple(_RE if s in (declarer, winner) else _KONTRA for s in range(4)),
                )
            elif len(tricks) == 3:
                setup = setup._replace(
                    game_type=_MARRIAGE_SOLO,
                    order=setup.rules.card_order(
                        _MARRIAGE_SOLO, schweine=setup.schweine is not None
                    ),
                    clarification_trick=3,
                    parties=tuple(_RE if s == declarer else _KONTRA for s in range(4)),
                )
        return _deal((setup, held, tricks, winner, (), winner if len(tricks) < last else None))

    # --- announcements (SPEC §8) --------------------------------------------

    def _announcement_result(
        self, seat: int, level: Announcement
    ) -> tuple[Party, PartyAnnouncements, PartyAnnouncements]:
        """The announcer's party, its state before and its state after the announcement."""
        if type(level) is not Announcement and (type(level) is not int or not 0 <= level <= 4):
            raise AnnouncementError(
                f"not an announcement level: {level!r}", seat=seat, action="announce", rule="§8.1"
            )
        if type(seat) is not int or not 0 <= seat <= 3:
            raise seat_error(seat, _announce_action(level))
        setup = self._setup
        game = setup.game_type
        if game is None:
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
                hand_size=hand_size(self._held, seat),
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
            hand_size(held, seat),
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
            WrongPhaseError: the deal is not finished.
        """
        setup, _, tricks, leader, _, _ = self._state
        rules = setup.rules
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
        """What ``seat`` knows (SPEC §6.1): nothing of the other hands or reservations."""
        from .views import PlayerView

        return PlayerView._of(self, seat)


_new_object: Final = object.__new__
_cards_of: Final = operator.attrgetter("cards")


def _deal(state: _State) -> Deal:
    """A new deal holding ``state``, without the constructor's per-call overhead."""
    deal: Deal = _new_object(Deal)
    _set_state(deal, state)
    return deal


# The slot's own setter: calling the slot descriptor directly skips the
# attribute lookup by name that object.__setattr__ makes.
_set_state: Final = vars(Deal)["_state"].__set__


def _initial(
    rules: Rules, dealer: int, cut: int | None, hands: tuple[Hand, Hand, Hand, Hand]
) -> Deal:
    """The deal before the reservation round, from checked parts."""
    setup = _Setup(
        rules,
        dealer,
        cut,
        hands,
        (None, None, None, None),
        None,
        None,
        None,
        None,
        None,
        None,
        (None, None, None, None),
        NOTHING,
        NOTHING,
        (),
    )
    held = hands[0]._bits | hands[1]._bits << 48 | hands[2]._bits << 96 | hands[3]._bits << 144
    return _deal((setup, held, (), (dealer + 1) & 3, (), (dealer + 1) & 3))


# --- module-level rule functions -------------------------------------------


def legal_announcements(deal: Deal, seat: int) -> tuple[Announcement, ...]:  # noqa: PLR0911
    """The announcements ``seat`` may make now that add something (SPEC §7.4, §8).

    Repetitions are legal but add nothing, so they are not listed.

    >>> deal = Deal.shuffled(seed=3)
    >>> for s in (0, 1, 2, 3):
    ...     deal = deal.declare(s, Reservation.HEALTHY)
    >>> [level.name for level in legal_announcements(deal, 0)]
    ['RE_KONTRA', 'NO_90', 'NO_60', 'NO_30', 'SCHWARZ']
    """
    check_seat(seat, "legal announcements")
    setup = deal._setup
    game = setup.game_type
    rules = setup.rules
    if game is None or len(deal.tricks) == rules.tricks:
        return ()
    if game is _MARRIAGE and setup.clarification_trick is None:  # SPEC 7.4
        return ()
    shift = deal.shift
    party = setup.parties[seat]
    if party is _RE:
        own, opponents = setup.re_announcements, setup.kontra_announcements
    else:
        own, opponents = setup.kontra_announcements, setup.re_announcements
    size = hand_size(deal._held, seat)
    deadlines = rules.deadlines
    # The legal levels are always a run up to schwarz (every absage shares the
    # deadline of the lowest level it adds, SPEC 8.8c), or a bare late reply;
    # without skipping (V§4) the run is the next level alone.
    if own.level is None:
        if size >= deadlines[0] - shift:
            return _LEVELS if rules.skip_levels else _LEVELS[:1]
        if opponents.level is not None and size >= deadlines[opponents.level] - shift - 1:
            return _LEVELS[:1]
        return ()
    if not own.timely or own.level == 4 or size < deadlines[own.level + 1] - shift:
        return ()
    return _LEVELS[own.level + 1 :] if rules.skip_levels else _LEVELS[own.level + 1 : own.level + 2]


_LEVELS: Final = tuple(Announcement)


def seat_actions(deal: Deal, seat: int) -> tuple[Action, ...]:
    """The legal actions of one seat, in the order of :func:`legal_actions`."""
    if deal.game_type is None:
        return legal_actions(deal) if deal.turn == seat else ()
    actions: list[Action] = []
    if deal.turn == seat:
        actions.extend(Play(seat, card) for card in deal.legal_cards())
    actions.extend(Announce(seat, level) for level in legal_announcements(deal, seat))
    return tuple(actions)


def legal_actions(deal: Deal) -> tuple[Action, ...]:
    """Every legal action that changes the deal, in a fixed order.

    In the reservation round: the answers open to the seat being asked.  In
    play: the legal cards of the seat on turn, then every seat's legal
    announcements (any seat may announce at any instant, SPEC §8.2).
    """
    if deal.game_type is None:
        seat = deal.turn
        assert seat is not None
        solos = deal.rules.solos
        return tuple(
            Declare(seat, reservation)
            for reservation in Reservation
            if (reservation is not Reservation.MARRIAGE or deal.dealt[seat].count(CLUB_QUEEN) == 2)
            and (solos or not reservation.is_solo)
        )
    if deal.is_finished:
        return ()
    turn = deal.turn
    assert turn is not None
    actions: list[Action] = [Play(turn, card) for card in deal.legal_cards()]
    for seat in range(4):
        actions.extend(Announce(seat, level) for level in legal_announcements(deal, seat))
    return tuple(actions)
