"""The :class:`Deal`: one deal as an immutable value, and the face of the deal's modules.

A deal holds its whole state in one private slot (``doppelkopf.deal._state``)
and answers every question about it here, through read-only properties.  Its
steps live in one module each, and the class binds their functions as its
methods, without a wrapper, so that a step costs no more Python calls than
if it were written in the class:

- ``doppelkopf.deal._start``: :meth:`Deal.from_hands`, :meth:`Deal.shuffled`
  and :meth:`Deal.initial` (SPEC §2.3, §2.4);
- ``doppelkopf.deal._round``: the reservation round, ``declare`` and its
  ``check_…`` and ``can_…`` (SPEC §3, V§6.1, V§7, V§9);
- ``doppelkopf.deal._exchange``: the three steps of the Armut exchange (V§6.3);
- ``doppelkopf.deal._play``: ``legal_cards`` and ``play`` (SPEC §5, §7.2, §7.3);
- ``doppelkopf.deal._announcing``: ``announce`` and the legal announcements
  (SPEC §7.4, §8);
- ``doppelkopf.deal._legal``, ``doppelkopf.deal._history`` and
  ``doppelkopf.deal._result``: the legal actions of every phase, the history
  and the outcome (SPEC §9–§11);
- ``doppelkopf.deal._lazy_view``: the views of :meth:`Deal.view` (SPEC §6.1).

Each of those modules imports the state and the rules below it and none of
the others above; this one imports them all.  See :mod:`doppelkopf.deal`.

Why it is long: the steps are elsewhere, but every question a caller may ask
of a deal is a documented property of this one class, with its rule and its
example: the table, the hands, the answers and the questions of the round,
the contract, the exchange, the tricks, the announcements, the history, the
outcome and the views.  Splitting the class would split the one place a
reader looks for what a deal knows.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterable, Sequence
from typing import ClassVar, Final

import attrs

from .. import _checks
from .._order import CardOrder
from ..announce import PartyAnnouncements
from ..cards import Card, Hand
from ..errors import DoppelkopfDeprecationWarning, DoppelkopfError
from ..parties import Announcement, Party
from ..rules import GameType, Rules, ThrowReason
from ..tricks import Trick
from . import _announcing, _exchange, _history, _notation, _play, _result, _round, _start
from ._aliases import DeprecatedAlias

# Re-exported: the players' runner and the tests find these here, where they were first defined.
from ._announcing import announcing_seats as announcing_seats  # noqa: PLC0414
from ._lazy_view import view_of as _view_of
from ._legal import legal_actions_of as _legal_actions
from ._legal import question_of as _question_of
from ._legal import seat_actions as seat_actions  # noqa: PLC0414
from ._positions import held_count, index_held

# _Setup is found here too: a pickled deal names its setup's class by this module.
from ._state import HELD, SETUP, TRICKS, TURN, _Setup, equality_key
from ._state import State as _State
from ._state import phase as _phase
from .actions import (
    Action,
    ActionTypeError,
    Announce,
    Announced,
    AnswerPoverty,
    Declare,
    Event,
    PassCards,
    Play,
    Reservation,
    ReturnCards,
)
from .dealing import HAND_MASK, hand_of
from .outcome import VoidDeal
from .poverty import Poverty
from .questions import ReservationKind
from .reservations import SoloKind, check_seat
from .views import PlayerView

__all__ = ["Deal", "legal_actions", "legal_announcements"]

_DDV: Final = Rules.DDV
_NOBODY: Final = _start.NOBODY
_RE: Final = Party.RE
_KONTRA: Final = Party.KONTRA
_ACTION_TYPES: Final = (Declare, Play, Announce, PassCards, AnswerPoverty, ReturnCards)
_EVENT_TYPES: Final = (*_ACTION_TYPES, Announced)
_new_object: Final = object.__new__


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


@attrs.define(repr=False, unsafe_hash=True)
class Deal:
    """The complete state of one deal; every action returns a new deal.

    Build one with :meth:`shuffled` (seeded shuffle, cut and deal) or
    :meth:`from_hands`, never with the constructor.  Two deals are equal (and
    hash equal) when they hold the same table, answers, contract, announcement
    states, hands and tricks, whenever the announcements were made: the
    :attr:`history` and :attr:`announcements` are not compared, so
    transpositions meet in a search's table.  A deal never changes: every
    public attribute is read-only.
    """

    # One tuple holds the whole state (see doppelkopf.deal._state), so that a
    # new deal costs one slot to fill; equality compares equality_key of it.
    # The class is not an attrs-frozen one: frozen classes fill a slot
    # through the slot's descriptor (``__set__``, a call), and a plain store
    # into the private slot measured 100 ns against 150 ns for a new deal,
    # which every card builds.  Nothing but the steps ever stores into it,
    # as with the private slots of fractions.Fraction; the public attributes
    # are properties without setters.  tests/test_deal_api.py pins that.
    _state: _State = attrs.field(eq=equality_key)

    # --- building a deal (doppelkopf.deal._start) -----------------------------

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
        return _start.from_hands(
            cls, hands, dealer=dealer, cut=cut, rules=rules, owing=owing, forced=forced
        )

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
        return _start.shuffled(
            cls, seed, rng=rng, dealer=dealer, rules=rules, owing=owing, forced=forced
        )

    initial = _start.initial

    # The position string (doppelkopf.deal._notation, docs/notation.rst).
    parse: ClassVar[classmethod[Deal, [str], Deal]] = classmethod(_notation.parse_position)
    position = property(_notation.write_position)

    # --- the state, read ------------------------------------------------------

    @property
    def _setup(self) -> _Setup:
        return self._state[SETUP]

    @property
    def _held(self) -> int:
        """The four hands' bits (see :attr:`Hand.bits`), seat ``s`` in bits 48 s to 48 s + 47.

        Always in the index layout of :attr:`Hand.bits`; the state keeps them by
        position once the card order is fixed (see ``doppelkopf.deal._positions``).
        """
        state = self._state
        return index_held(state[SETUP], state[HELD])

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks, in order."""
        return self._state[TRICKS]

    @property
    def current_trick(self) -> Trick:
        """The trick in progress (empty between tricks)."""
        state = self._state
        return Trick._make(state[3], state[4])

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
        return self._state[SETUP].rules

    @property
    def schweine(self) -> int | None:
        """The seat holding the Schweine, public once the contract is fixed (V§2.3).

        ``None`` without ``schweinchen``, before the contract, in a game type
        without Schweine or when the two ♦A are in different hands.
        """
        return self._state[SETUP].schweine

    @property
    def card_order(self) -> CardOrder | None:
        """The card order of the contract under the deal's rules, ``None`` before it."""
        return self._state[SETUP].order

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

    # --- the facts of the procedures of V§6-§9 --------------------------------

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

    # --- derived facts ----------------------------------------------------------

    phase = property(_phase)

    @property
    def is_finished(self) -> bool:
        """Whether nothing is left to do (SPEC §3.5, V§1.3, V§8).

        All 12 tricks (10 without nines) have been played, or the deal is void.
        """
        # The seat on turn is None exactly then: a void deal has no turn, and
        # the last card of the last trick leaves none (a test pins the two).
        return self._state[TURN] is None

    @property
    def turn(self) -> int | None:
        """The seat that must act next: answer the reservation round, take its
        step of the Armut exchange (V§6.3), or play.

        ``None`` once the deal is finished or void.
        """
        return self._state[TURN]

    @property
    def question(self) -> ReservationKind | None:
        """The kind the second step of the two-step round asks :attr:`turn` for now (SPEC §3.2).

        ``None`` outside that step: in the first step, where each seat answers
        healthy, a bare :attr:`Reservation.VORBEHALT` or a named reservation,
        and once the contract is fixed.  After the first step, if some seat
        said a bare *Vorbehalt*, the seats are asked by kind in the order of
        V§6.2 and V§9.2 (:mod:`doppelkopf.deal.questions`); the phase stays
        :attr:`Phase.RESERVATIONS`.

        >>> from doppelkopf import Deal, Reservation
        >>> deal = Deal.shuffled(seed=3, dealer=3).declare(0, Reservation.VORBEHALT)
        >>> deal = deal.declare(1, Reservation.HEALTHY).declare(2, Reservation.HEALTHY)
        >>> deal.declare(3, Reservation.HEALTHY).question
        ReservationKind.SOLO
        """
        return _question_of(self)

    @property
    def asked(self) -> tuple[Declare, ...]:
        """The answers given to the questions of the two-step round, in order (SPEC §3.2).

        Each a name of the kind asked or a :attr:`Reservation.DECLINE`; empty
        in a one-step round.  :attr:`history` lists them after the first step.
        """
        return self._setup.extra.asked

    @property
    def moment(self) -> int:
        """How many cards have been played so far (0–48, or 0–40 without nines).

        The same count as :attr:`Announced.moment` of an announcement made now.
        """
        return 4 * len(self._state[TRICKS]) + len(self._state[4])

    cards_played = DeprecatedAlias("moment")

    @property
    def played_cards(self) -> tuple[Card, ...]:
        """Every card played so far, in order."""
        return tuple(card for trick in self.tricks for card in trick.cards) + self._state[4]

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

    history = property(_history.history)

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
        return held_count(self._state[SETUP], self._state[HELD], seat)

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

    # --- any action ---------------------------------------------------------------

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

    # --- the steps, bound from their modules ------------------------------------

    # The reservation round (SPEC §3, V§6.1, V§7, V§9.5): doppelkopf.deal._round.
    check_declare = _round.check_declare
    can_declare = _round.can_declare
    declare = _round.declare

    # The Armut exchange (V§6.3): doppelkopf.deal._exchange.
    check_pass_cards = _exchange.check_pass_cards
    can_pass_cards = _exchange.can_pass_cards
    pass_cards = _exchange.pass_cards
    check_answer_poverty = _exchange.check_answer_poverty
    can_answer_poverty = _exchange.can_answer_poverty
    answer_poverty = _exchange.answer_poverty
    check_return_cards = _exchange.check_return_cards
    can_return_cards = _exchange.can_return_cards
    return_cards = _exchange.return_cards

    # The card play (SPEC §5, §7.2, §7.3): doppelkopf.deal._play.
    legal_cards = _play.legal_cards
    check_play = _play.check_play
    can_play = _play.can_play
    play = _play.play

    # The announcements (SPEC §7.4, §8): doppelkopf.deal._announcing.
    check_announce = _announcing.check_announce
    can_announce = _announcing.can_announce
    announce = _announcing.announce
    legal_announcements = _announcing.legal_announcements

    # --- outcome and views --------------------------------------------------------

    outcome = property(_result.outcome)

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` knows (SPEC §6.1): nothing of the other hands or reservations.

        The view's fields are computed when first read (see :class:`PlayerView`).
        """
        return _view_of(self, seat)

    def _repr_svg_(self) -> str:
        """The tricks so far as an SVG picture a notebook shows (:func:`doppelkopf.svg.deal`)."""
        from .. import _svg
        from ._picture import deal_picture

        return deal_picture(self, _svg.Style())


# A pickled deal names the class of its setup by module and name: here,
# beside Deal, where it was defined before it moved down to the state, so
# that a pickle of any version names the same place and the same bytes.
_Setup.__module__ = __name__


def _deal(state: _State) -> Deal:
    """A new :class:`Deal` holding ``state``, without the constructor's per-call overhead."""
    deal: Deal = _new_object(Deal)
    deal._state = state
    return deal


def _not_an_action(action: object) -> DoppelkopfError:
    return ActionTypeError(
        f"not an action: {_checks.excerpt(action)}",
        name="action",
        expected="Declare, Play, Announce, PassCards, AnswerPoverty or ReturnCards",
        value=_checks.excerpt(action),
    )


# --- the rule functions of the whole deal ---------------------------------------


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
    return _announcing.legal_announcements(deal, seat)


def legal_actions(deal: Deal) -> tuple[Action, ...]:
    """Every legal action that changes the deal, in a fixed order.

    In the reservation round: the answers open to the seat being asked
    (:func:`~doppelkopf.deal.reservations.declare_choices`).  In the Armut
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
