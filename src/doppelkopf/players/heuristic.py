"""The heuristic reference bot: a rule-based player that uses only its view.

Every measure it takes reads the card order of the view's contract under the
view's rules (SPEC §4, V§2) — never the default order — and every answer it
gives is one of ``view.legal_actions``.  How strong a hand is, for its
reservations and announcements, is measured in ``_hand_strength``; how it plays
its cards is here.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final, NamedTuple, TypeAlias

from .._order import CardOrder
from ..cards import Card, Rank, Suit
from ..deal import (
    Action,
    Announce,
    AnswerPoverty,
    Declare,
    PassCards,
    Play,
    PlayerView,
    Reservation,
    ReturnCards,
)
from ..parties import Announcement, Party
from ..rules import Category, GameType
from ..tricks import Trick
from ._hand_strength import (
    _ACCEPT_TRUMPS,
    _FOX,
    _THROW_REASONS,
    _absage_is_safe,
    _best_solo,
    _reservation_for,
    _solo_for,
    _soloist_is_strong,
    _tricks_taken,
)
from ._hand_strength import _ANNOUNCE_POWER as _ANNOUNCE_POWER  # noqa: PLC0414 - for the search
from ._hand_strength import _power as _power  # noqa: PLC0414 - for the search player's model
from ._hand_strength import _scaled as _scaled  # noqa: PLC0414 - for the search player's model
from ._seeds import check_seed, seed_text
from .knowledge import (
    _card_order,
    _checked_view,
    _is_last,
    _legal_cards,
    _winner,
    known_voids,
    unseen_cards,
)

__all__ = ["HeuristicPlayer"]


_DIAMOND_QUEEN: Final = Card(Suit.DIAMONDS, Rank.QUEEN)

_Key: TypeAlias = "Callable[[_Table, Card], tuple[int, ...]]"


class _Facts(NamedTuple):
    """What the heuristic player reads off one card order."""

    top_plain: dict[Category, Card]
    """The highest card of each plain suit."""
    high_trumps: frozenset[Card]
    """The trumps kept for later: those ranked at or above the ♦Q (every trump
    where the queens are not trumps)."""


_FACTS: Final[dict[CardOrder, _Facts]] = {}


def _facts(order: CardOrder) -> _Facts:
    facts = _FACTS.get(order)
    if facts is None:
        top_plain: dict[Category, Card] = {}
        for card in order.order:
            category = order.category(card)
            if category is not Category.TRUMP and category not in top_plain:
                top_plain[category] = card
        trumps = order.trumps
        high = trumps[: trumps.index(_DIAMOND_QUEEN) + 1] if _DIAMOND_QUEEN in trumps else trumps
        facts = _FACTS[order] = _Facts(top_plain, frozenset(high))
    return facts


class _Table:
    """What the heuristic player works out once per decision from its view."""

    __slots__ = (
        "view",
        "game",
        "order",
        "facts",
        "last",
        "seat",
        "party",
        "partners",
        "opponents",
        "unseen",
        "voids",
        "led_before",
        "guards_fox",
    )

    def __init__(self, view: PlayerView) -> None:
        game = view.game_type
        order = _card_order(view)
        assert game is not None
        assert order is not None
        self.view = view
        self.game = game
        self.order = order
        self.facts = _facts(order)
        self.last = _is_last(view)
        self.seat = view.seat
        known = view.known_parties
        party = view.party
        self.party = party
        self.partners = frozenset(
            seat
            for seat in range(4)
            if seat != view.seat and party is not None and known[seat] is party
        )
        self.opponents = frozenset(
            seat for seat in range(4) if known[seat] is not None and known[seat] is not party
        )
        self.unseen = unseen_cards(view)
        self.voids = known_voids(view)
        led: set[Category] = set()
        for trick in view.tricks:
            led.add(order.category(trick.cards[0]))
        self.led_before = frozenset(led)
        # A caught fox scores for the opponents (SPEC §11.4) where special
        # points count (V§5.1); the Schweine holder's ♦A cannot be caught (V§2.3).
        self.guards_fox = view.rules.counts_specials(game) and view.schweine != view.seat

    @property
    def marriage_open(self) -> bool:
        """A marriage whose partner is not found yet (SPEC §7.2)."""
        return self.game is GameType.MARRIAGE and self.view.clarification_trick is None

    @property
    def is_soloist(self) -> bool:
        return self.game.is_solo and self.view.declarer == self.seat

    def is_high_trump(self, card: Card) -> bool:
        """A trump at or above the ♦Q — the Schweine, the ♥10 and the queens where
        they are trumps — or any trump of the jacks solo: kept for later."""
        return card in self.facts.high_trumps

    def winner(self, trick: Trick, card: Card | None = None) -> int:
        """The seat ahead in the current ``trick`` once ``card`` (if given) is added."""
        return _winner(self.order, trick, card, self.last)

    def may_be_beaten(self, trick: Trick) -> bool:
        """Whether an opponent still to play in ``trick`` might take it from its current winner.

        Partners and seats known to be out of the led category are trusted
        only as far as the rules force them: an unseen card that beats the
        winner counts, in the led category if the seat may still hold it, as
        a trump if the seat may be void in the led category.
        """
        category_of = self.order.category
        cards = trick.cards
        if len(cards) == 4:
            return False
        winner = self.winner(trick)
        led = category_of(cards[0])
        later = [(trick.leader + i) & 3 for i in range(len(cards), 4)]
        threats = [seat for seat in later if seat not in self.partners]
        if not threats:
            return False
        in_led = 0
        beating_in_led = False
        beating_trump = False
        for card in self.unseen.distinct():
            category = category_of(card)
            if category is led:
                in_led += self.unseen.count(card)
            if self.winner(trick, card) == winner:
                continue
            if category is led:
                beating_in_led = True
            elif category is Category.TRUMP:
                beating_trump = True
        for seat in threats:
            void = led in self.voids[seat]
            if beating_in_led and not void:
                return True
            may_ruff = void or led in self.led_before or in_led < 2 * len(threats)
            if led is not Category.TRUMP and beating_trump and may_ruff:
                return True
        return False


def _discard_key(table: _Table, card: Card) -> tuple[int, ...]:
    """Order of cards to give away: no fox, no ten or ace, no high trump, then fewest points."""
    fox = card is _FOX and table.guards_fox
    order = table.order
    return (fox, card.points >= 10, table.is_high_trump(card), card.points, order.strength(card))


def _weak_key(table: _Table, card: Card) -> tuple[int, ...]:
    """Order of cards that all do the job: the weakest first."""
    return (table.order.strength(card), card.points)


def _smear_key(table: _Table, card: Card) -> tuple[int, ...]:
    """Order of cards to give to the partner's trick: most points first, high trumps last."""
    if table.is_high_trump(card):
        return (1, 0, table.order.strength(card))
    return (0, -card.points, table.order.strength(card))


def _trump_lead_key(table: _Table, card: Card) -> tuple[int, ...]:
    """Order of trumps to lead when not drawing with the top: cheap and low first."""
    return (card.points > 4, table.order.strength(card))


class HeuristicPlayer:
    """A rule-based player that uses only its view: a sensible reference opponent.

    **Reservations** (SPEC §3): a queens solo with five queens, one of them
    ♣Q, and eight queens and aces together; a jacks solo likewise with jacks;
    a fleshless solo with six aces and eight cards that win from the top of
    their suits; a suit solo with nine trumps when its *measure* (one for each
    trump, two for each of the three highest trumps, one for each plain ace)
    reaches 15.  With both ♣Q and no other solo it keeps quiet (a silent
    marriage) when the measure in the normal card order reaches 14, and
    announces a marriage otherwise.  Else it is healthy.  Without solos
    (V§3) it never declares one, and it answers only with a reservation of
    ``view.legal_actions``.

    **Procedures** (V§6–§9): where the rules and the hand allow it, it throws
    in a weak hand (five nines, five kings, four of each, at most one trump;
    never seven full cards) unless it has a solo, and declares Armut when it
    may and has no solo.  As the poor player it passes its trumps and the
    cheapest other cards; it accepts an Armut with eight trumps (scaled to the
    hand size) and returns the cheapest cards among its fewest trumps.  Named
    in a forced deal (V§9.5) it plays the solo of its hand, or else the one
    its measure rates best.

    **Play**: while a caught fox (♦A) would score (SPEC §11.4) it does not
    lead the fox, nor play it to a trick it expects the opponents to win,
    unless no other card is legal.  Leading, a soloist draws trumps with the
    highest one left, a Re player leads trump, and the others lead a plain
    ace in the first round of its suit.  Following, it puts its most valuable
    card (an ace or a ten, never the ♥10 or a queen) on a trick its partner
    will win, takes tricks with the weakest card that is safe against the
    players still to come (sparing the ♥10 and the queens for tricks under 10
    card points), and otherwise plays its cheapest card.  Partners are those
    its view shows (``known_parties``).  In a marriage before the partner is
    found, the marriage player tries to lose the trick and the others to win
    it (SPEC §7.2).

    **Rule sets** (V§1, V§2): trumps, suits, strengths, the top trumps and
    the winner of a trick are always those of the view's rules, so without
    Dullen the 10♥ is a plain heart, the Schweine holder's ♦A is its highest
    trump (and no fox to guard, V§2.3), and a second 10♥ beats the first
    where ``second_dulle`` says so.  The "♥10 and queens" spared above are
    the trumps ranked at or above the ♦Q.  Without nines the thresholds that
    count a hand's length (the measure, the nine trumps of a suit solo) are
    scaled to 10 cards, rounding up.

    **Announcements** (SPEC §8): in a 2-against-2 game it says Re or Kontra
    when the measure above (taken over the cards still held, plus one for each
    trick its party has won) reaches 13; a soloist says Re with a measure of
    16 in a suit solo, six trumps in a queens or jacks solo, or nine cards
    that win from the top in a fleshless solo; the soloist's opponents never
    announce.  It makes an absage only when its party has won every trick so
    far with at least 30 card points a trick.

    Ties between equally good cards are broken by a generator seeded with
    ``seed``, so a seeded player is reproducible.  Every action it returns is
    one of ``view.legal_actions``.

    >>> from doppelkopf import Deal, Reservation
    >>> deal = Deal.from_hands(["♣Q ♠Q ♥Q ♦Q ♣Q ♠Q ♥Q ♣A ♠A ♥A ♣10 ♠10",
    ...                         "♥10 ♥10 ♦Q ♣J ♣J ♠J ♠J ♥J ♥J ♦J ♦J ♦A",
    ...                         "♦A ♦10 ♦10 ♦K ♦K ♦9 ♦9 ♣A ♣K ♣K ♣9 ♣9",
    ...                         "♠A ♠10 ♠K ♠K ♠9 ♠9 ♥A ♥K ♥K ♥9 ♥9 ♣10"])
    >>> HeuristicPlayer(seed=0).act(deal.view(0))
    Declare(seat=0, reservation=Reservation.QUEENS_SOLO)

    Raises:
        InvalidTypeError: ``seed`` is neither ``int``, ``str`` nor ``None``; every
            method given something other than a :class:`~doppelkopf.PlayerView`.
        InvalidValueError: ``seed`` is text UTF-8 cannot encode.
    """

    def __init__(self, seed: int | None = None) -> None:
        check_seed(seed)
        self.seed = seed
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"HeuristicPlayer(seed={seed_text(self.seed)})"

    def act(self, view: PlayerView) -> Action | None:
        """The player's action (see :class:`Player`): an announcement first if it wants one.

        >>> from doppelkopf import Deal
        >>> deal = Deal.shuffled(seed=1)
        >>> HeuristicPlayer().act(deal.view(0)), HeuristicPlayer().act(deal.view(1))
        (Declare(seat=0, reservation=Reservation.HEALTHY), None)
        """
        view = _checked_view(view)
        on_turn = view.turn == view.seat
        if view.game_type is None:
            return self.declaration(view) if on_turn else None
        if view.poverty is not None and not view.poverty.cards_returned:
            return self._exchange(view) if on_turn else None
        level = self.announcement(view)
        if level is not None:
            return Announce(view.seat, level)
        if not on_turn:
            return None
        return Play(view.seat, self.card(view))

    def reservation(self, view: PlayerView) -> Reservation:
        """The answer in the reservation round, from the hand and the rules (see the class notes).

        On turn the answer is always one of ``view.legal_actions``; a wish
        they do not allow gives way to a healthy answer.

        >>> from doppelkopf import Deal
        >>> HeuristicPlayer().reservation(Deal.shuffled(seed=1).view(0))
        Reservation.HEALTHY
        """
        view = _checked_view(view)
        answer = _reservation_for(view.hand, view.rules)
        if view.legal_actions and Declare(view.seat, answer) not in view.legal_actions:
            return Reservation.HEALTHY
        return answer

    def declaration(self, view: PlayerView) -> Declare:  # noqa: PLR0911 - one return per kind
        """The answer in the reservation round as an action, with V§6–§9 (see the class notes).

        Always one of ``view.legal_actions`` when the view is on turn.

        >>> from doppelkopf import Deal, Rules
        >>> deal = Deal.from_hands(["♣9 ♣9 ♠9 ♥9 ♦9 ♣10 ♠10 ♠K ♥10 ♥K ♦K ♦J",
        ...                         "♣A ♣A ♣10 ♣K ♠A ♠A ♠10 ♠K ♥A ♥A ♥K ♥J",
        ...                         "♣Q ♣Q ♠Q ♠Q ♥Q ♥Q ♦Q ♦Q ♣J ♣J ♠J ♠J",
        ...                         "♣K ♠9 ♥10 ♥9 ♦A ♦A ♦10 ♦10 ♦K ♦9 ♥J ♦J"],
        ...                        rules=Rules(schmeissen={"nines5"}))
        >>> HeuristicPlayer().declaration(deal.view(0))
        Declare(seat=0, reservation=Reservation.THROW, reason='nines5')
        """
        view = _checked_view(view)
        legal = [action for action in view.legal_actions if isinstance(action, Declare)]
        seat, hand, rules = view.seat, view.hand, view.rules
        if view.forced:
            solo = _solo_for(hand, rules) or _best_solo(hand, rules)
            wanted = Declare(seat, solo)
            return wanted if wanted in legal or not legal else legal[0]
        answer = Declare(seat, self.reservation(view))
        if view.question is not None:  # asked a question of the two-step round (SPEC §3.2)
            if answer in legal:
                return answer
            decline = Declare(seat, Reservation.DECLINE)
            return decline if decline in legal else legal[0]
        if answer.reservation.is_solo:
            return answer
        for action in legal:
            if action.reservation is Reservation.THROW and action.reason in _THROW_REASONS:
                return action
        if Declare(seat, Reservation.POVERTY) in legal:
            return Declare(seat, Reservation.POVERTY)
        return answer

    def _exchange(self, view: PlayerView) -> Action:
        """The step of the Armut exchange on turn (V§6.3), always one of the legal ones."""
        actions = view.legal_actions
        order = view.rules.card_order(GameType.POVERTY)
        if isinstance(actions[0], AnswerPoverty):
            trumps = sum(1 for card in view.hand if order.is_trump(card))
            accept = trumps >= _scaled(_ACCEPT_TRUMPS, view.rules)
            return AnswerPoverty(view.seat, accept)

        def cost(action: Action) -> tuple[int, ...]:
            assert isinstance(action, PassCards | ReturnCards)
            trumps = sum(1 for card in action.cards if order.is_trump(card))
            strength = sum(order.strength(card) for card in action.cards)
            return (trumps, sum(card.points for card in action.cards), strength)

        return min(actions, key=cost)

    def announcement(self, view: PlayerView) -> Announcement | None:
        """The announcement to make now, or ``None``; always one of the legal ones.

        >>> from doppelkopf import Deal, Reservation
        >>> deal = Deal.shuffled(seed=1)
        >>> for seat in range(4):
        ...     deal = deal.declare(seat, Reservation.HEALTHY)
        >>> HeuristicPlayer().announcement(deal.view(1)) is None
        True
        """
        view = _checked_view(view)
        levels = [action.level for action in view.legal_actions if isinstance(action, Announce)]
        game = view.game_type
        order = _card_order(view)
        party = view.party
        if not levels or game is None or order is None or party is None:
            return None
        level = levels[0]
        if level is Announcement.RE_KONTRA:
            if not game.is_solo:
                power = _power(view.hand, order) + _tricks_taken(view, order, party)
                strong = power >= _scaled(_ANNOUNCE_POWER, view.rules)
            elif view.declarer == view.seat:
                strong = _soloist_is_strong(view.hand, game, order, view.rules)
            else:
                strong = False
            return level if strong else None
        return level if _absage_is_safe(view, order, party, level) else None

    def card(self, view: PlayerView) -> Card:
        """The card to play on turn; always one of the legal cards.

        >>> from doppelkopf import Deal, Reservation
        >>> deal = Deal.from_hands(["♣Q ♣A ♣A ♣10 ♣10 ♣K ♣K ♣9 ♣9 ♠9 ♠9 ♠K",
        ...                         "♣Q ♥10 ♥10 ♠Q ♠Q ♥Q ♥Q ♦Q ♦Q ♣J ♣J ♠J",
        ...                         "♠A ♠A ♠10 ♠10 ♠K ♥A ♥A ♥K ♥K ♥9 ♥9 ♠J",
        ...                         "♥J ♥J ♦J ♦J ♦A ♦A ♦10 ♦10 ♦K ♦K ♦9 ♦9"])
        >>> for seat in range(4):
        ...     deal = deal.declare(seat, Reservation.HEALTHY)
        >>> HeuristicPlayer().card(deal.view(0))  # Re leads trump
        Card.parse('♣Q')
        """
        view = _checked_view(view)
        legal = _legal_cards(view)
        if len(legal) == 1:
            return legal[0]
        table = _Table(view)
        if view.current_trick.cards:
            choice = self._follow(table, legal)
        else:
            choice = self._lead(table, legal)
        return choice

    # --- choosing cards ------------------------------------------------------------

    def _pick(self, table: _Table, cards: Sequence[Card], key: _Key) -> Card:
        """The card with the smallest ``key``; ties broken by the seeded generator."""
        keys = [key(table, card) for card in cards]
        best = min(keys)
        tied = [card for card, card_key in zip(cards, keys, strict=True) if card_key == best]
        return tied[0] if len(tied) == 1 else self.rng.choice(tied)

    def _lead(self, table: _Table, legal: Sequence[Card]) -> Card:
        """The card to lead: the first of the leading rules that applies."""
        choices = [card for card in legal if not (card is _FOX and table.guards_fox)] or list(legal)
        rules = (
            self._lead_to_find_partner,
            self._lead_as_soloist,
            self._lead_trump_as_re,
            self._lead_ace,
        )
        for rule in rules:
            card = rule(table, choices)
            if card is not None:
                return card
        plain = [card for card in choices if not table.order.is_trump(card)]
        if plain:
            return self._pick(table, plain, _discard_key)
        return self._pick(table, choices, _trump_lead_key)

    def _lead_to_find_partner(self, table: _Table, choices: Sequence[Card]) -> Card | None:
        """The marriage player before clarification leads a card someone else can take."""
        if not (table.marriage_open and table.view.declarer == table.seat):
            return None
        is_trump = table.order.is_trump
        losers = [card for card in choices if not is_trump(card) and card.rank is not Rank.ACE]
        return self._pick(table, losers or choices, _discard_key)

    def _lead_as_soloist(self, table: _Table, choices: Sequence[Card]) -> Card | None:
        """A soloist draws trumps with the top one, else cashes aces, else leads a low trump."""
        if not table.is_soloist:
            return None
        is_trump = table.order.is_trump
        trumps = [card for card in choices if is_trump(card)]
        top = _top_trump(table, trumps)
        if top is not None:
            return top
        aces = _first_round_aces(table, choices)
        if aces:
            return self._pick(table, aces, _weak_key)
        if trumps and any(is_trump(card) for card in table.unseen.distinct()):
            return self._pick(table, trumps, _trump_lead_key)
        return None

    def _lead_trump_as_re(self, table: _Table, choices: Sequence[Card]) -> Card | None:
        """Re in a 2-against-2 game leads trump: the highest left, else a cheap low one."""
        if table.party is not Party.RE or table.game.is_solo:
            return None
        trumps = [card for card in choices if table.order.is_trump(card)]
        if not trumps:
            return None
        top = _top_trump(table, trumps)
        return top if top is not None else self._pick(table, trumps, _trump_lead_key)

    def _lead_ace(self, table: _Table, choices: Sequence[Card]) -> Card | None:
        """A plain ace in the first round of its suit, from the suit the hand holds least of."""
        aces = _first_round_aces(table, choices)
        if not aces:
            return None
        category = table.order.category
        hand = table.view.hand

        def shortness(table: _Table, ace: Card) -> tuple[int, ...]:
            return (sum(1 for card in hand if category(card) is category(ace)),)

        return self._pick(table, aces, shortness)

    def _follow(self, table: _Table, legal: Sequence[Card]) -> Card:
        """The card to play to a trick already led."""
        trick = table.view.current_trick
        seat = table.seat
        last = len(trick.cards) == 3
        wins = [card for card in legal if table.winner(trick, card) == seat]
        safe_wins = [card for card in wins if last or not table.may_be_beaten(trick.play(card))]
        if table.marriage_open:
            if table.view.declarer == seat:
                losing = [card for card in legal if card not in wins]
                return self._pick(table, losing or legal, _discard_key)
            if wins:
                return self._pick(table, safe_wins or wins, _weak_key)
        elif table.winner(trick) in table.partners:
            if last or not table.may_be_beaten(trick):
                return self._pick(table, legal, _smear_key)
            if safe_wins and trick.points >= 10:
                return self._pick(table, safe_wins, _weak_key)
        else:
            card = self._take(table, wins, safe_wins)
            if card is not None:
                return card
        return self._pick(table, legal, _discard_key)

    def _take(self, table: _Table, wins: Sequence[Card], safe_wins: Sequence[Card]) -> Card | None:
        """The card that takes the trick from the opponents, or ``None`` to let it go.

        The weakest safe card takes it unless that would spend a high trump on a
        trick of less than 10 card points; without a safe card, the strongest
        winning card tries for a trick of 10 or more when no partner comes later.
        """
        trick = table.view.current_trick
        if safe_wins:
            choice = self._pick(table, safe_wins, _weak_key)
            if trick.points >= 10 or not table.is_high_trump(choice):
                return choice
            return None
        if wins and trick.points >= 10 and not table.partners.intersection(_later(trick)):
            gamble = [card for card in wins if not (card is _FOX and table.guards_fox)]
            if gamble:
                return max(gamble, key=table.order.strength)
        return None


def _top_trump(table: _Table, trumps: Sequence[Card]) -> Card | None:
    """The highest of ``trumps`` if no unseen trump beats it (the first of equal cards wins)."""
    if not trumps:
        return None
    order = table.order
    top = max(trumps, key=order.strength)
    strength = order.strength(top)
    for card in table.unseen.distinct():
        if order.is_trump(card) and order.strength(card) > strength:
            return None
    return top


def _first_round_aces(table: _Table, cards: Sequence[Card]) -> list[Card]:
    """Plain aces among ``cards`` of suits not led yet and not known to be lacked by an opponent."""
    category_of = table.order.category
    top_plain = table.facts.top_plain
    aces = []
    for card in cards:
        category = category_of(card)
        if category is Category.TRUMP or card is not top_plain[category]:
            continue
        if category in table.led_before:
            continue
        if any(category in table.voids[seat] for seat in table.opponents):
            continue
        aces.append(card)
    return aces


def _later(trick: Trick) -> list[int]:
    return [(trick.leader + i) & 3 for i in range(len(trick.cards) + 1, 4)]
