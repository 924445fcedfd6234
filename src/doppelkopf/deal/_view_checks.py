"""The checks of a :class:`~doppelkopf.PlayerView` built by hand (SPEC §6.1).

Why this module exists: a view that :meth:`Deal.view <doppelkopf.Deal.view>`
builds is right by construction, and it is built before every decision of
every bot, so it is never checked (:mod:`doppelkopf.deal._lazy_view`).  A view
built through the public constructor — and so through :func:`attrs.evolve` —
may hold anything, and everything that reads a view (the sampler of worlds,
the heuristic player, :attr:`PlayerView.legal_actions`, :attr:`PlayerView.history`)
trusts its fields.  :func:`check_view` runs from the constructor and refuses
a view that contradicts itself or the rules, in three layers:

1. each field's type and range (a seat is an ``int`` 0-3, never a ``bool``; a
   tuple of four where one entry per seat belongs);
2. the cards: the viewer's hand and every card played fit in the deck of the
   rules (V§1.1), each seat's hand size is the deal's size less the cards it
   played (and the three Armut cards where they lie, V§6.3), complete tricks
   before the one in progress, each led by the winner of the one before
   (SPEC §5.1, §5.3), no seat plays a category it showed it lacks and the
   viewer's own cards followed suit (SPEC §5.2), and the viewer's reservation
   is one its dealt hand allowed (SPEC §3.2);
3. what the seat saw made public, recomputed as the rules derive it: the
   answers of the reservation round against the contract (SPEC §3.2, §3.3),
   the parties it knows from the contract, the ♣Q and the announcements
   (SPEC §6.1, §7.5), the announcements replayed by the rules of SPEC §8 with
   each party's state their result, the Schweine (V§2.3), the phase and the
   seat on turn (SPEC §3.5), the Armut and the void deal (V§6, V§7, V§8).

Why it is long: every field of a view is checked against the others here,
one check per rule that ties them, and the checks share the helpers that
recompute the seats asked, the dealt hand and the announcement states;
split by field, each part would repeat them.

What depends on the cards the viewer cannot see (do they fit every void and
♣Q fact at once, and a hidden *Vorbehalt* or Armut exchange?) is left to the
sampler (:class:`~doppelkopf.search.WorldSampler`).

Every failure is an :class:`~doppelkopf.errors.InvalidTypeError` (a field of
the wrong type) or an :class:`~doppelkopf.errors.InvalidValueError` (a value,
or two fields that contradict each other) naming the field and the rule.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final, NoReturn, get_args

from .. import _checks
from ..announce import NOTHING, PartyAnnouncements, apply_announcement
from ..cards import DISTINCT_CARDS, Card, Hand
from ..errors import DoppelkopfError, InvalidValueError
from ..parties import Announcement, Party, complete_parties
from ..rules import THROW_REASONS, GameType, Rules, rule_set
from ..tricks import Trick, trick_winner
from ._view_fields import PlayerView
from .actions import (
    Announce,
    Announced,
    AnswerPoverty,
    Declare,
    PassCards,
    Phase,
    Play,
    Reservation,
    ReturnCards,
)
from .outcome import VoidDeal, VoidReason
from .poverty import Poverty
from .questions import may_say_vorbehalt
from .reservations import SoloKind, declare_choices

__all__ = ["check_view"]

_ACTIONS: Final = (Declare, Play, Announce, PassCards, AnswerPoverty, ReturnCards)
_VOID_REASONS: Final = get_args(VoidReason)
_CLUB_QUEEN: Final = Card.parse("♣Q")
_DIAMOND_ACE: Final = Card.parse("♦A")
_MARRIAGES: Final = frozenset({GameType.MARRIAGE, GameType.MARRIAGE_SOLO})
_MARRIED: Final = frozenset({*_MARRIAGES, GameType.SILENT_MARRIAGE})
# The marriage solo a marriage turns into keeps its Schweine (SPEC §7.3, V§2.3).
_SCHWEINE_GAMES: Final = frozenset({*_MARRIED, GameType.NORMAL})
_EXCHANGE: Final = frozenset({Phase.POVERTY_PASS, Phase.POVERTY_OFFER, Phase.POVERTY_RETURN})


def _fail(field: str, message: str, rule: str) -> NoReturn:
    raise InvalidValueError(f"PlayerView.{field}: {message}", rule=rule)


def _name(field: str) -> str:
    return f"PlayerView.{field}"


def _optional_seat(value: object, field: str) -> int | None:
    return None if value is None else _checks.seat(value, _name(field))


def _member(value: object, cls: type, field: str, *, optional: bool = True) -> None:
    if (value is None and optional) or type(value) is cls:
        return
    expected = cls.__name__ if not optional else f"{cls.__name__} or None"
    raise _checks.type_error(value, _name(field), expected)


def _per_seat(value: object, field: str) -> tuple[object, ...]:
    if type(value) is not tuple or len(value) != 4:
        raise _checks.type_error(value, _name(field), "tuple of four, one per seat")
    return value


def check_view(view: PlayerView) -> None:
    """Raise if ``view`` contradicts itself or the rules (SPEC §6.1; see the module).

    The hidden cards are not searched here: whether they can be handed out to
    fit the view is the sampler's question.

    >>> import attrs
    >>> from doppelkopf import Deal
    >>> view = Deal.shuffled(seed=3).view(0)
    >>> attrs.evolve(view, turn=2)
    Traceback (most recent call last):
        ...
    doppelkopf.errors.InvalidValueError: PlayerView.turn: in phase reservations seat 0 is on ...
    """
    _check_fields(view)
    _check_answers(view)
    _check_asked(view)
    _check_cards(view)
    _check_own_wish(view)
    _check_play(view)
    _check_contract(view)
    _check_announcements(view)
    _check_procedures(view)
    _check_phase(view)
    _check_given_actions(view)


# --- 1. each field alone -----------------------------------------------------


def _check_fields(view: PlayerView) -> None:  # noqa: PLR0912 - one check per field
    _checks.seat(view.seat, _name("seat"))
    _checks.seat(view.dealer, _name("dealer"))
    _checks.instance(view.hand, Hand, _name("hand"))
    rules = rule_set(view.rules, _name("rules"))
    _member(view.reservation, Reservation, "reservation")
    for said in _per_seat(view.declared, "declared"):
        if said is not None and type(said) is not bool:
            raise _checks.type_error(said, _name("declared[...]"), "bool or None")
    _member(view.game_type, GameType, "game_type")
    _optional_seat(view.declarer, "declarer")
    _optional_seat(view.partner, "partner")
    if view.clarification_trick is not None:
        _checks.integer(
            view.clarification_trick, _name("clarification_trick"), 1, rules.tricks, rule="§7.4"
        )
    for party in _per_seat(view.known_parties, "known_parties"):
        _member(party, Party, "known_parties[...]")
    if type(view.tricks) is not tuple:
        raise _checks.type_error(view.tricks, _name("tricks"), "tuple of Trick")
    for trick in view.tricks:
        _checks.instance(trick, Trick, _name("tricks[...]"))
    _checks.instance(view.current_trick, Trick, _name("current_trick"))
    if type(view.announcements) is not tuple:
        raise _checks.type_error(view.announcements, _name("announcements"), "tuple of Announced")
    for event in view.announcements:
        _check_announced(event, rules)
    for size in _per_seat(view.hand_sizes, "hand_sizes"):
        _checks.integer(size, _name("hand_sizes[...]"), 0, rules.hand_size + 3, rule="§2.2")
    _optional_seat(view.turn, "turn")
    _optional_seat(view.schweine, "schweine")
    for field in ("re_state", "kontra_state"):
        state = _checks.instance(getattr(view, field), PartyAnnouncements, _name(field))
        _member(state.level, Announcement, f"{field}.level")
        _checks.flag(state.timely, _name(f"{field}.timely"))
    _member(view.phase, Phase, "phase", optional=False)
    if view.poverty is not None:
        _check_poverty_fields(_checks.instance(view.poverty, Poverty, _name("poverty")), rules)
    if view.void is not None:
        _check_void_fields(_checks.instance(view.void, VoidDeal, _name("void")))
    if type(view.owing) is not frozenset:
        raise _checks.type_error(view.owing, _name("owing"), "frozenset of seats")
    for seat in view.owing:
        _checks.seat(seat, _name("owing[...]"), rule="V§9.1")
    _checks.flag(view.forced, _name("forced"))
    _member(view.solo_kind, SoloKind, "solo_kind")
    if view.throw_reason is not None and view.throw_reason not in THROW_REASONS:
        raise _checks.type_error(view.throw_reason, _name("throw_reason"), "ThrowReason or None")
    given = view._given_actions
    if given is not None:
        if type(given) is not tuple:
            raise _checks.type_error(given, "PlayerView.legal_actions", "tuple of Action")
        for action in given:
            if not isinstance(action, _ACTIONS):
                raise _checks.type_error(action, "PlayerView.legal_actions[...]", "Action")


def _check_announced(event: object, rules: Rules) -> None:
    event = _checks.instance(event, Announced, _name("announcements[...]"))
    _checks.seat(event.seat, _name("announcements[...].seat"))
    _member(event.level, Announcement, "announcements[...].level", optional=False)
    _member(event.party, Party, "announcements[...].party", optional=False)
    _checks.integer(
        event.hand_size, _name("announcements[...].hand_size"), 0, rules.hand_size, rule="§8.2"
    )
    _checks.integer(
        event.moment, _name("announcements[...].moment"), 0, 4 * rules.tricks, rule="§8.10"
    )
    _checks.flag(event.late_reply, _name("announcements[...].late_reply"))


def _cards(value: object, field: str) -> None:
    if value is None:
        return
    if type(value) is not tuple or len(value) != 3:
        raise _checks.type_error(value, _name(field), "tuple of three Card or None")
    for card in value:
        _checks.instance(card, Card, _name(f"{field}[...]"))


def _check_poverty_fields(poverty: Poverty, rules: Rules) -> None:
    if not rules.armut:
        _fail("poverty", "the rules have no Armut", "V§6.1")
    _checks.seat(poverty.poor, _name("poverty.poor"))
    _cards(poverty.passed, "poverty.passed")
    _cards(poverty.returned, "poverty.returned")
    answers = poverty.answers
    if type(answers) is not tuple or len(answers) > 3:
        raise _checks.type_error(answers, _name("poverty.answers"), "tuple of up to three bool")
    for answer in answers:
        _checks.flag(answer, _name("poverty.answers[...]"))
    if True in answers[:-1]:
        _fail("poverty", "nobody is asked after the Armut is accepted", "V§6.3")
    acceptor = _optional_seat(poverty.acceptor, "poverty.acceptor")
    accepted = (poverty.poor + len(answers)) & 3 if answers and answers[-1] else None
    if acceptor != accepted:
        _fail("poverty", "the acceptor is not the seat that said yes", "V§6.3")
    if poverty.returned_trumps is not None:
        _checks.integer(
            poverty.returned_trumps, _name("poverty.returned_trumps"), 0, 3, rule="V§6.3"
        )
    _checks.flag(poverty.cards_passed, _name("poverty.cards_passed"))
    _checks.flag(poverty.cards_returned, _name("poverty.cards_returned"))
    if poverty.cards_returned and (acceptor is None or poverty.returned_trumps is None):
        _fail("poverty", "cards came back without an acceptor or their trumps", "V§6.7")
    if (answers or poverty.cards_returned) and not poverty.cards_passed:
        _fail("poverty", "the Armut was answered before its cards were passed", "V§6.3")


def _check_void_fields(void: VoidDeal) -> None:
    if void.reason not in _VOID_REASONS:
        raise _checks.type_error(void.reason, _name("void.reason"), "'thrown' or 'poverty_refused'")
    _checks.seat(void.seat, _name("void.seat"))
    thrown = void.reason == "thrown"
    if void.throw_reason is not None and void.throw_reason not in THROW_REASONS:
        raise _checks.type_error(void.throw_reason, _name("void.throw_reason"), "ThrowReason")
    if void.shown is not None:
        _checks.instance(void.shown, Hand, _name("void.shown"))
    if thrown != (void.throw_reason is not None) or thrown != (void.shown is not None):
        _fail("void", "a thrown deal names its reason and shows the hand, an Armut neither", "V§8")


# --- 2. the cards --------------------------------------------------------------


def _asking_order(view: PlayerView) -> tuple[int, int, int, int]:
    dealer = view.dealer
    return ((dealer + 1) & 3, (dealer + 2) & 3, (dealer + 3) & 3, dealer)


def _asked(view: PlayerView) -> tuple[int, ...]:
    """The seats asked in the reservation round, in order: in a forced deal only the
    first seat that owes a solo (V§9.5)."""
    order = _asking_order(view)
    if not view.forced:
        return order
    owing = [seat for seat in order if seat in view.owing]
    if not owing:
        _fail("forced", "a forced deal needs a seat that owes a solo", "V§9.5")
    return (owing[0],)


def _check_answers(view: PlayerView) -> None:
    """The reservation round as the viewer saw it (SPEC §3.2, V§7.2)."""
    declared, own = view.declared, view.reservation
    if (declared[view.seat] is None) != (own is None):
        _fail("declared", "the viewer's own answer and its reservation disagree", "§3.2")
    if own is not None and declared[view.seat] != (own is not Reservation.HEALTHY):
        _fail("declared", "the viewer's own answer and its reservation disagree", "§3.2")
    asked = _asked(view)
    waiting = [declared[seat] is None for seat in asked]
    if waiting != sorted(waiting) or any(
        declared[s] is not None for s in range(4) if s not in asked
    ):
        _fail("declared", "the seats answer in turn from the dealer's left", "§3.2")
    if (view.throw_reason is not None) != (own is Reservation.THROW):
        _fail("throw_reason", "a seat that throws in names a reason, no other seat", "V§7.2")


def _check_asked(view: PlayerView) -> None:
    """The answers to the questions of the two-step round (SPEC §3.2, V§6.2, V§9.2)."""
    asked = view.asked
    if type(asked) is not tuple:
        raise _checks.type_error(asked, _name("asked"), "tuple of Declare")
    for position, answer in enumerate(asked):
        _checks.instance(answer, Declare, _name("asked[...]"))
        if not view.declared[answer.seat] or None in view.declared:
            _fail("asked", "only a seat that said Vorbehalt is asked, after the first step", "§3.2")
        named = answer.reservation is not Reservation.DECLINE
        ended = view.game_type is not None or view.void is not None
        if named and (position != len(asked) - 1 or not ended):
            _fail("asked", "the first name given to a question ends the round", "V§6.2")
        if answer.reservation in (Reservation.HEALTHY, Reservation.VORBEHALT):
            _fail("asked", "a question is answered by a name or a decline", "§3.2")


def _count(bits: int, index: int) -> int:
    return (bits >> (2 * index)) & 3


def _check_cards(view: PlayerView) -> None:
    """The hand, the cards played and the hand sizes against the deck (SPEC §1.1, §2.2, V§1.1)."""
    rules = view.rules
    tricks, current = view.tricks, view.current_trick
    if len(tricks) > rules.tricks:
        _fail("tricks", f"a deal has {rules.tricks} tricks, not {len(tricks)}", "§5.1")
    for trick in tricks:
        if len(trick.cards) != 4:
            _fail("tricks", "every trick before the one in progress is complete", "§5.1")
    if len(current.cards) == 4 or (len(tricks) == rules.tricks and current.cards):
        _fail("current_trick", "the trick in progress holds at most three cards", "§5.1")
    played = [0, 0, 0, 0]
    seen = view.hand.bits
    for trick in (*tricks, current):
        for seat, card in trick:
            played[seat] += 1
            seen += 1 << (2 * card.index)
    poverty = view.poverty
    if (
        poverty is not None
        and poverty.poor == view.seat
        and poverty.passed is not None
        and view.phase in (Phase.POVERTY_OFFER, Phase.POVERTY_RETURN)
    ):
        seen += sum(1 << (2 * card.index) for card in poverty.passed)
    deck = rules.deck_bits
    for index in range(24):
        # A count above 3 overflows into the next card, which then exceeds the deck.
        if _count(seen, index) > _count(deck, index) or seen >> 48:
            card = DISTINCT_CARDS[index]
            _fail("hand", f"the hand and the cards played hold more {card} than the deck", "V§1.1")
    _check_sizes(view, played)


def _check_sizes(view: PlayerView, played: list[int]) -> None:
    """Each seat's hand size: the deal's less the cards it played, and the Armut's (V§6.3)."""
    rules, poverty = view.rules, view.poverty
    sizes = list(view.hand_sizes)
    if sizes[view.seat] != len(view.hand):
        _fail("hand_sizes", f"hand_sizes[{view.seat}] is not the size of the hand", "§2.2")
    if poverty is not None and view.phase in (Phase.POVERTY_OFFER, Phase.POVERTY_RETURN):
        sizes[poverty.poor] += 3
        if view.phase is Phase.POVERTY_RETURN and poverty.acceptor is not None:
            sizes[poverty.acceptor] -= 3
    for seat in range(4):
        if sizes[seat] + played[seat] != rules.hand_size:
            _fail(
                "hand_sizes",
                f"seat {seat} holds {view.hand_sizes[seat]} cards after playing {played[seat]}",
                "§2.2",
            )


def _check_own_wish(view: PlayerView) -> None:
    """The viewer's reservation is one its dealt hand allowed (SPEC §3.2, V§3-§9)."""
    own = view.reservation
    if own is None:
        return
    dealt = Hand.from_bits(_dealt_bits(view))
    if own is Reservation.VORBEHALT:
        if view.forced or not may_say_vorbehalt(dealt, view.rules):
            _fail("reservation", f"the hand dealt to seat {view.seat} allows no vorbehalt", "§3.2")
        return
    wish = Declare(view.seat, own, view.throw_reason)
    if wish not in declare_choices(view.seat, dealt, view.rules, forced=view.forced):
        _fail("reservation", f"the hand dealt to seat {view.seat} allows no {own}", "§3.2")


def _dealt_bits(view: PlayerView) -> int:
    """The viewer's dealt hand: its hand, the cards it played, and the Armut undone (V§6.3)."""
    counts = [_count(view.hand.bits, index) for index in range(24)]
    for seat, card in _seat_cards(view):
        if seat == view.seat:
            counts[card.index] += 1
    poverty = view.poverty
    if poverty is not None and poverty.cards_passed:
        passed, returned = poverty.passed or (), poverty.returned or ()
        back = poverty.cards_returned
        if view.seat == poverty.poor:
            gone = passed if view.phase is not Phase.VOID else ()
            moved = [(card, 1) for card in gone] + [(card, -1) for card in returned if back]
        elif view.seat == poverty.acceptor:
            moved = [(card, -1) for card in passed] + [(card, 1) for card in returned if back]
        else:
            moved = []
        for card, step in moved:
            counts[card.index] += step
    if min(counts) < 0 or max(counts) > 2:
        _fail("poverty", "the cards of the exchange do not fit the viewer's hand", "V§6.3")
    return sum(number << (2 * index) for index, number in enumerate(counts))


def _check_play(view: PlayerView) -> None:
    """Who led each trick, who is on turn, and the viewer's own following (SPEC §5.1-§5.3)."""
    tricks, current, rules = view.tricks, view.current_trick, view.rules
    first = tricks[0] if tricks else current
    kind = view.solo_kind
    # A compulsory or forced soloist leads trick 1 (V§9.3, V§9.5).
    leader = view.declarer if kind is not None and kind is not SoloKind.VOLUNTARY else None
    if first.leader != ((view.dealer + 1) & 3 if leader is None else leader):
        _fail("tricks", "the seat left of the dealer, or the soloist, leads trick 1", "§5.1")
    order = view.card_order
    if order is None:
        if tricks or current.cards:
            _fail("tricks", "no card is played before the contract and the Armut exchange", "§3.5")
        return
    game = view.game_type
    assert game is not None
    # A marriage that turns solo played its first tricks in the marriage's order (SPEC §7.3).
    games = (game, GameType.MARRIAGE) if game is GameType.MARRIAGE_SOLO else (game,)
    schweine = view.schweine is not None
    for number, trick in enumerate(tricks):
        last = number == rules.tricks - 1
        winners = {trick_winner(trick, g, rules, schweine=schweine, last=last) for g in games}
        following = tricks[number + 1] if number + 1 < len(tricks) else current
        if following.leader not in winners:
            message = f"trick {number + 2} is not led by the winner of trick {number + 1}"
            _fail("tricks", message, "§5.3")
    # The viewer's hand at each of its cards: its current hand and its later cards.
    seat = view.seat
    held = view.hand.bits
    for trick in reversed((*tricks, current)):
        cards = trick.cards
        for position, card in enumerate(cards):
            if (trick.leader + position) & 3 == seat:
                held += 1 << (2 * card.index)
                follow = order.follow_bits[cards[0]]
                if position and held & follow and not follow >> (2 * card.index) & 3:
                    _fail("tricks", f"seat {seat} did not follow suit with {card}", "§5.2")
    _check_voids(view, order.follow_bits)


def _check_voids(view: PlayerView, follow_bits: dict[Card, int]) -> None:
    """Once a seat did not follow a category, it plays none of it again (SPEC §5.2)."""
    voids = [0, 0, 0, 0]
    for trick in (*view.tricks, view.current_trick):
        cards = trick.cards
        for position, card in enumerate(cards):
            player = (trick.leader + position) & 3
            bit = 1 << (2 * card.index)
            if voids[player] & (bit | bit << 1):
                _fail("tricks", f"seat {player} played {card} after showing it had none", "§5.2")
            follow = follow_bits[cards[0]]
            if position and not follow >> (2 * card.index) & 3:
                voids[player] |= follow


# --- 3. what the contract makes public -----------------------------------------


def _check_contract(view: PlayerView) -> None:  # noqa: PLR0912 - one check per fact
    """The contract, declarer, partner and parties against each other (SPEC §3.3, §6.1)."""
    game, declarer, declared = view.game_type, view.declarer, view.declared
    known = view.known_parties
    if game is None:
        if declarer is not None or view.partner is not None or view.clarification_trick is not None:
            _fail("game_type", "a declarer, partner or clarification needs a contract", "§3.3")
        if any(party is not None for party in known):
            _fail("known_parties", "no party is known before the contract", "§6.1")
        if view.schweine is not None or view.solo_kind is not None:
            _fail("game_type", "Schweine or a solo's kind need a contract", "V§2.3")
        return
    if None in declared and not view.forced:
        _fail("declared", "the contract is fixed once every seat has answered", "§3.3")
    if (game is GameType.NORMAL) != (declarer is None):
        _fail("declarer", f"a {game} game has {'no' if declarer is None else 'a'} declarer", "§3.3")
    if game in (GameType.NORMAL, GameType.SILENT_MARRIAGE) and True in declared:
        _fail("declared", f"a Vorbehalt that did not win leaves no {game} game", "§3.3")
    if declarer is not None and not declared[declarer] and game is not GameType.SILENT_MARRIAGE:
        _fail("declared", "the declarer said Vorbehalt", "§3.3")
    if view.partner is not None and (
        view.partner == declarer or game not in (*_MARRIAGES, GameType.POVERTY)
    ):
        _fail("partner", f"a {game} game has no partner found", "§7.1")
    if view.clarification_trick is not None and game not in _MARRIAGES:
        _fail("clarification_trick", "only a marriage has a clarification trick", "§7.4")
    kind = view.solo_kind
    if (kind is not None) != game.is_declarable_solo:
        _fail("solo_kind", f"a declared solo has a kind, a {game} game none", "V§9.1")
    if kind is not None and kind is not SoloKind.VOLUNTARY and not view.rules.compulsory_solo:
        _fail("solo_kind", "a compulsory or forced solo needs compulsory solos", "V§9.1")
    if (kind is SoloKind.FORCED) != (view.forced and kind is not None):
        _fail("solo_kind", "the solo of a forced deal is the forced solo", "V§9.5")
    wish = view.reservation
    for answer in view.asked:
        if answer.seat == view.seat and answer.reservation is not Reservation.DECLINE:
            wish = answer.reservation
    if view.seat == declarer and game not in _WISHED.get(wish, ()):
        _fail("reservation", f"the viewer declared a {game} game", "§3.3")
    _check_schweine(view, game)
    _check_parties(view, game)


def _check_parties(view: PlayerView, game: GameType) -> None:
    """The parties the viewer knows: exactly what the contract, the ♣Q and the
    announcements reveal (SPEC §6.1, §7.4, V§6.4)."""
    if game is GameType.MARRIAGE and (view.partner is None) != (view.clarification_trick is None):
        _fail("partner", "a marriage finds its partner in its clarification trick", "§7.4")
    clarified = view.clarification_trick
    if clarified is not None and clarified > len(view.tricks):
        _fail("clarification_trick", "the clarification trick is one of the tricks played", "§7.4")
    if game in _MARRIED and view.declarer is not None:
        # The marriage player was dealt both ♣Q (SPEC §7.1, §7.5).
        queens = [s for s, card in _seat_cards(view) if card is _CLUB_QUEEN]
        if view.seat != view.declarer:
            queens += [view.seat] * view.hand.count(_CLUB_QUEEN)
        elif view.hand.count(_CLUB_QUEEN) + queens.count(view.seat) != 2:
            _fail("hand", f"the declarer of a {game} game holds both ♣Q", "§7.1")
        if any(seat != view.declarer for seat in queens):
            _fail("tricks", f"only the declarer of a {game} game holds a ♣Q", "§7.1")
        if game is GameType.SILENT_MARRIAGE and view.seat != view.declarer and len(queens) < 2:
            _fail("game_type", "a silent marriage is public once both ♣Q are played", "§7.5")
    if view.known_parties != _known_parties(view, game):
        _fail("known_parties", f"not the parties a {game} game shows this seat", "§6.1")


def _known_parties(view: PlayerView, game: GameType) -> tuple[Party | None, ...]:
    """The parties ``view``'s seat knows, as :func:`._lazy_view.known_parties` finds them."""
    declarer, partner, seat = view.declarer, view.partner, view.seat
    re, kontra = Party.RE, Party.KONTRA
    if game.is_solo:
        return tuple(re if s == declarer else kontra for s in range(4))
    if game is not GameType.NORMAL:
        # A marriage or an Armut: the declarer is Re; the others once the partner is found.
        return tuple(
            re if s in (declarer, partner) else (None if partner is None else kontra)
            for s in range(4)
        )
    queens = [s for s, card in _seat_cards(view) if card is _CLUB_QUEEN]
    own_queens = view.hand.count(_CLUB_QUEEN) + queens.count(seat)
    if own_queens == 2 or any(queens.count(s) == 2 for s in range(4)):
        # Both ♣Q in one hand and no marriage: a silent one, public once both are out.
        _fail("game_type", "a seat with both ♣Q plays a silent marriage", "§7.5")
    known: list[Party | None] = [None, None, None, None]
    known[seat] = re if own_queens else kontra
    for queen_seat in queens:
        known[queen_seat] = re
    for event in view.announcements:
        if known[event.seat] not in (None, event.party):
            _fail("announcements", f"seat {event.seat} announced for the other party", "§6.1")
        known[event.seat] = event.party
    return complete_parties(known, own_queens)


_WISHED: Final[dict[object, tuple[GameType, ...]]] = {
    Reservation.HEALTHY: (GameType.SILENT_MARRIAGE,),
    Reservation.MARRIAGE: (GameType.MARRIAGE, GameType.MARRIAGE_SOLO),
    Reservation.POVERTY: (GameType.POVERTY,),
    **{wish: (wish.game_type,) for wish in Reservation if wish.is_solo and wish.game_type},
}
"""The contracts a declarer's own reservation can give (SPEC §3.3, §7.5, V§6.2)."""


def _check_schweine(view: PlayerView, game: GameType) -> None:
    """The Schweine: the seat dealt both ♦A, or nobody (V§2.3), kept by a marriage solo."""
    holder = view.schweine
    if not view.rules.schweinchen or game not in _SCHWEINE_GAMES:
        if holder is not None:
            _fail("schweine", f"no Schweine in a {game} game under these rules", "V§2.3")
        return
    aces = [0, 0, 0, 0]
    aces[view.seat] = view.hand.count(_DIAMOND_ACE)
    for seat, card in _seat_cards(view):
        if card is _DIAMOND_ACE:
            aces[seat] += 1
    both = [seat for seat in range(4) if aces[seat] == 2]
    others = [seat for seat in range(4) if aces[seat] and seat != holder]
    if (
        (both and both != [holder])
        or (holder == view.seat and aces[holder] != 2)
        or (holder is not None and others)
    ):
        _fail("schweine", "the Schweine are the seat dealt both ♦A", "V§2.3")


def _seat_cards(view: PlayerView) -> Iterator[tuple[int, Card]]:
    for trick in (*view.tricks, view.current_trick):
        yield from trick


def _check_announcements(view: PlayerView) -> None:
    """The announcements replayed by the rules of SPEC §8: each legal when made, with
    the hand it was made with, and the parties' states the result (SPEC §8.2-§8.10)."""
    events, rules = view.announcements, view.rules
    if events and view.card_order is None:
        _fail("announcements", "nothing is announced before the card play", "§8.3")
    moment = view.moment
    players = [seat for seat, _card in _seat_cards(view)]
    clarified = view.clarification_trick
    shift = 0 if clarified is None else clarified - 1
    states = {Party.RE: NOTHING, Party.KONTRA: NOTHING}
    previous = 0
    for event in events:
        if not previous <= event.moment <= moment:
            message = "each announcement follows the one before and the cards seen"
            _fail("announcements", message, "§8.10")
        previous = event.moment
        if view.game_type is GameType.MARRIAGE and (
            clarified is None or event.moment < 4 * clarified
        ):
            _fail("announcements", "a marriage announces after its clarification", "§7.4")
        cards = rules.hand_size - players[: event.moment].count(event.seat)
        if event.hand_size != cards:
            message = f"seat {event.seat} held {cards} cards when it announced"
            _fail("announcements", message, "§8.2")
        own, opponents = states[event.party], states[event.party.opponent]
        try:
            new = apply_announcement(
                own, opponents, event.level, hand_size=cards, shift=shift, rules=rules
            )
        except DoppelkopfError as error:
            _fail("announcements", f"seat {event.seat} could not announce: {error}", "§8.6")
        if new is own or event.late_reply != (not new.timely and own.level is None):
            _fail("announcements", f"seat {event.seat}'s announcement is not the one made", "§8.6")
        states[event.party] = new
    if view.re_state != states[Party.RE]:
        _fail("re_state", "not the state the announcements of Re give", "§8.5")
    if view.kontra_state != states[Party.KONTRA]:
        _fail("kontra_state", "not the state the announcements of Kontra give", "§8.5")


def _check_procedures(view: PlayerView) -> None:
    """The Armut and the void deal against the contract and the viewer (V§6.3, V§6.7, V§8)."""
    poverty, void, game = view.poverty, view.void, view.game_type
    if poverty is not None:
        if game is not GameType.POVERTY and (void is None or void.reason != "poverty_refused"):
            _fail("poverty", f"a {game} game has no Armut", "V§6.3")
        if game is GameType.POVERTY and (
            view.declarer != poverty.poor or view.partner != poverty.acceptor
        ):
            _fail("poverty", "the poor player declares and the acceptor is the partner", "V§6.4")
        inside = view.seat in (poverty.poor, poverty.acceptor)
        if not inside and (poverty.passed is not None or poverty.returned is not None):
            _fail("poverty", "a seat outside the exchange sees none of its cards", "V§6.7")
        if view.seat == poverty.poor and poverty.cards_passed and poverty.passed is None:
            _fail("poverty", "the poor player sees the cards it passed", "V§6.7")
    elif game is GameType.POVERTY:
        _fail("poverty", "an Armut game shows its exchange", "V§6.3")
    if void is not None:
        if game is not None or view.tricks or view.current_trick.cards or view.announcements:
            _fail("void", "a void deal has no contract and no card played", "V§8")
        if not view.declared[void.seat]:
            _fail("void", f"seat {void.seat} said Vorbehalt to void the deal", "V§8")
        refused = void.reason == "poverty_refused"
        if refused != (poverty is not None) or (poverty is not None and poverty.poor != void.seat):
            _fail("void", "only a refused Armut shows its exchange", "V§8")


def _check_phase(view: PlayerView) -> None:  # noqa: PLR0912 - one branch per phase
    """The phase and the seat on turn against the fields (SPEC §3.5, V§6.3, V§8)."""
    phase, game, poverty, turn = view.phase, view.game_type, view.poverty, view.turn
    finished = len(view.tricks) == view.rules.tricks
    expected: int | None
    if phase is Phase.RESERVATIONS:
        if game is not None or view.void is not None:
            _fail("phase", "the reservation round ends with the contract", "§3.5")
        asked = [seat for seat in _asked(view) if view.declared[seat] is None]
        if asked:
            expected = asked[0]
        elif view.question is None:
            _fail(
                "phase",
                "every seat has answered and no question is open: the round is over",
                "§3.5",
            )
        else:
            expected = view.turn
    elif phase in _EXCHANGE:
        if poverty is None or game is not GameType.POVERTY:
            _fail("phase", "the Armut exchange needs an Armut", "V§6.3")
        if phase is Phase.POVERTY_PASS:
            if poverty.cards_passed:
                _fail("phase", "the Armut cards are already passed", "V§6.3")
            expected = poverty.poor
        elif phase is Phase.POVERTY_OFFER:
            if (
                not poverty.cards_passed
                or poverty.acceptor is not None
                or len(poverty.answers) == 3
            ):
                _fail(
                    "phase", "the Armut is on offer between its passing and its acceptance", "V§6.3"
                )
            expected = (poverty.poor + len(poverty.answers) + 1) & 3
        else:
            if poverty.acceptor is None or poverty.cards_returned:
                _fail("phase", "cards are returned once the Armut is accepted", "V§6.3")
            expected = poverty.acceptor
    elif phase is Phase.PLAY:
        if game is None or finished or (poverty is not None and not poverty.cards_returned):
            _fail("phase", "the card play runs from the contract to the last trick", "§3.5")
        current = view.current_trick
        expected = (current.leader + len(current.cards)) & 3
    elif phase is Phase.FINISHED:
        if not finished:
            _fail("phase", f"a deal is finished after {view.rules.tricks} tricks", "§3.5")
        expected = None
    else:
        if view.void is None:
            _fail("phase", "a void deal names why it is void", "V§8")
        expected = None
    if turn != expected:
        _fail(
            "turn",
            f"in phase {phase.value if phase else phase} seat {expected} is on turn, not {turn}",
            "§3.5",
        )


def _check_given_actions(view: PlayerView) -> None:
    given = view._given_actions
    if given is None:
        return
    for action in given:
        if action.seat != view.seat:
            _fail("legal_actions", f"an action of seat {action.seat} is not the viewer's", "§6.1")
