"""Pictures of cards, hands, tricks, a seat's table and a whole deal, as SVG text.

Each function returns the text of one ``<svg>`` element, drawn with vector
shapes only — rounded cards, suit symbols drawn as paths, rank letters — so
it needs nothing beyond the standard library and shows in any browser, in
HTML reports and in notebooks.  :class:`~doppelkopf.Card`,
:class:`~doppelkopf.Hand`, :class:`~doppelkopf.Trick`,
:class:`~doppelkopf.PlayerView` and :class:`~doppelkopf.Deal` show
themselves in a notebook through the same drawing (their ``_repr_svg_``),
with the default options.

>>> from doppelkopf import Card, GameType, Hand, Trick, svg
>>> text = svg.card(Card.parse("♣Q"), language="de")
>>> text.startswith("<svg") and "<title>Kreuz Dame</title>" in text
True
>>> picture = svg.hand(Hand.parse("♥10 ♣Q ♦A ♠K"), order=GameType.NORMAL,
...                    highlight={Card.parse("♣Q")})
>>> picture.count('class="dk-card dk-highlight"')
1
>>> "wins" in svg.trick(Trick.parse("♠A ♠Q ♠10 ♠K"), game_type=GameType.NORMAL)
True

Every card carries a ``<title>`` with its name (``queen of clubs``,
``Kreuz Dame``) for screen readers, and a ``data-card`` attribute with its
ASCII notation (``CQ``).  Highlighted cards have the class ``dk-highlight``,
a gold frame and, in a hand, are lifted.  The same arguments always give the
same text.

The options every function takes:

``size``
    The scale, from 0.1 to 20: at 1 a card is 50 by 75 pixels.  Only the
    picture's ``width`` and ``height`` change; it is drawn in a ``viewBox``.
``language``
    ``"en"`` (``queen of clubs``, ranks A 10 K Q J 9) or ``"de"``
    (``Kreuz Dame``, ranks A 10 K D B 9), for the titles and the labels.
``colors``
    ``"two"`` (black ♣ ♠, red ♥ ♦) or ``"four"`` (green ♣, black ♠, red ♥,
    blue ♦, the four-colour deck).

The pictures that show seats name them ``Seat 0`` to ``Seat 3`` (``Platz 0``
in German) unless ``names`` gives four names of at most 12 characters; under
the cards of a deal's grid a name is cut to seven.

A bad object or option raises :class:`~doppelkopf.InvalidTypeError` or
:class:`~doppelkopf.InvalidValueError` naming the option.

The layers: :mod:`doppelkopf._svg` draws from plain numbers and strings and
imports no value of the library; :mod:`doppelkopf.deal._picture` reads a
view's or a deal's fields into those numbers; this module checks the
caller's objects and options on top of both, and settles a finished deal
with :mod:`doppelkopf.scoring`.  The ``_repr_svg_`` hooks call the two lower
layers directly, so no module imports one that imports it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, Literal, TypeAlias

from . import _checks, _svg
from .cards import Card, CardOrdering, Hand
from .deal import Deal, PlayerView
from .deal._picture import deal_picture, view_picture
from .errors import InvalidValueError
from .rules import GameType, Rules
from .scoring import settle
from .tricks import Trick, trick_winner

__all__ = ["Colors", "Language", "Orientation", "card", "deal", "hand", "trick", "tricks", "view"]

Language: TypeAlias = Literal["en", "de"]
"""The language of the titles and labels: English or German card names."""

Colors: TypeAlias = Literal["two", "four"]
"""The suits' colours: black and red, or the four-colour deck."""

Orientation: TypeAlias = Literal["horizontal", "vertical", "fan"]
"""How a hand's cards are laid out."""

_DDV: Final = Rules.DDV
_MAX_NAME: Final = 12
"""The longest seat name a picture writes: it fits beside a card at the table.
The grid of a deal's tricks, with a narrower place under each card, cuts a
name to seven characters."""


def _names(names: object, style: _svg.Style) -> tuple[str, ...]:
    if names is None:
        return _svg.seat_names(style)
    if isinstance(names, (str, bytes)) or not isinstance(names, Sequence):
        raise _checks.type_error(names, "names", "sequence of 4 str")
    if len(names) != 4:
        raise InvalidValueError(f"names must name the 4 seats, not {len(names)}", rule="§2.1")
    for name in names:
        if type(name) is not str:
            raise _checks.type_error(name, "names", "sequence of 4 str")
        if len(name) > _MAX_NAME:
            raise InvalidValueError(
                f"names must be at most {_MAX_NAME} characters, not {_checks.excerpt(name)}"
            )
    return tuple(names)


def _cards(value: object, name: str) -> frozenset[Card]:
    if isinstance(value, (str, bytes, Card)) or not isinstance(value, Iterable):
        raise _checks.type_error(value, name, "iterable of Card")
    cards = []
    for item in value:
        if type(item) is not Card:
            raise _checks.type_error(item, name, "iterable of Card", "Card.parse")
        cards.append(item)
    return frozenset(cards)


def card(
    card: Card,
    *,
    highlight: bool = False,
    size: float = 1.0,
    language: Language = "en",
    colors: Colors = "two",
) -> str:
    """One card (SPEC §1.1), framed in gold with ``highlight``.

    >>> text = card(Card.parse("♥10"), size=2)
    >>> 'width="124"' in text, "<title>ten of hearts</title>" in text
    (True, True)

    Raises:
        InvalidTypeError: ``card`` is not a :class:`~doppelkopf.Card`, or an
            option of the wrong type.
        InvalidValueError: an option out of its range.
    """
    _checks.instance(card, Card, "card")
    _checks.flag(highlight, "highlight")
    style = _svg.make_style(size, language, colors)
    body = _svg.card(card.suit, card.rank, style, transform="translate(6 6)", highlight=highlight)
    return _svg.picture(
        _svg.CARD_W + 12,
        _svg.CARD_H + 12,
        style,
        title=style.card_name(card.suit, card.rank),
        body=body,
        cls="dk-card-picture",
    )


def hand(
    hand: Hand,
    *,
    order: CardOrdering | None = None,
    highlight: Iterable[Card] = (),
    orientation: Orientation = "horizontal",
    size: float = 1.0,
    language: Language = "en",
    colors: Colors = "two",
) -> str:
    """A hand in a game's card order, the cards of ``highlight`` lifted and framed.

    ``order`` is a game type or a :class:`~doppelkopf.CardOrder` (SPEC §4):
    trumps high to low, then each plain suit; without it the hand's own order
    (the normal game's).  ``orientation`` is ``"horizontal"`` (side by side),
    ``"vertical"`` (a column, each card showing its corner) or ``"fan"``.
    Both copies of a highlighted card are highlighted: pass the
    :func:`~doppelkopf.legal_cards` to show what may be played.

    >>> from doppelkopf import Hand, Trick, legal_cards
    >>> cards = Hand.parse("♠Q ♠K ♥9 ♦J")
    >>> legal = legal_cards(cards, Trick.parse("♠A"), GameType.NORMAL)
    >>> hand(cards, order=GameType.NORMAL, highlight=legal).count("dk-highlight")
    1

    Raises:
        InvalidTypeError: ``hand`` is not a :class:`~doppelkopf.Hand`,
            ``order`` has no card order, ``highlight`` is no iterable of
            cards, or an option of the wrong type.
        InvalidValueError: a highlighted card the hand does not hold, or an
            option out of its range.
    """
    _checks.instance(hand, Hand, "hand")
    marked = _cards(highlight, "highlight")
    missing = sorted(card for card in marked if card not in hand)
    if missing:
        raise InvalidValueError(f"highlight names {missing[0]}, which the hand does not hold")
    layout = _svg.choice(orientation, "orientation", _svg.ORIENTATIONS)
    style = _svg.make_style(size, language, colors)
    if order is None:
        cards = tuple(hand)
    else:
        try:
            cards = hand.sorted(order)
        except TypeError:
            raise _checks.type_error(order, "order", "GameType or CardOrder") from None
    return _svg.hand(
        [(c.suit.value, c.rank.value) for c in cards],
        [c in marked for c in cards],
        style,
        layout,
    )


def trick(
    trick: Trick,
    *,
    game_type: GameType | None = None,
    rules: Rules = _DDV,
    schweine: bool = False,
    last: bool = False,
    winner: int | None = None,
    bottom: int = 0,
    names: Sequence[str] | None = None,
    size: float = 1.0,
    language: Language = "en",
    colors: Colors = "two",
) -> str:
    """A trick on the table: each seat's card at its place, the leader and the points.

    Seat ``bottom`` sits at the bottom, the next seats to its left, across
    and to its right, as play goes round (SPEC §5.1).  The winner's card is
    framed: ``winner`` names it, or, for a complete trick, ``game_type``
    (with ``rules``, ``schweine`` and ``last`` as for
    :func:`~doppelkopf.trick_winner`) decides it (SPEC §5.3).  ``names`` are
    the four seats' names.

    >>> text = trick(Trick.parse("♥10 ♥10 ♣Q ♦A", leader=1), game_type=GameType.NORMAL)
    >>> 'class="dk-card dk-highlight dk-seat-1 dk-leader"' in text, "34 points" in text
    (True, True)

    Raises:
        InvalidTypeError: ``trick`` is not a :class:`~doppelkopf.Trick`, or
            an argument or option of the wrong type.
        InvalidValueError: both ``winner`` and ``game_type``, a ``winner``
            that played no card, or an option out of its range.
    """
    _checks.instance(trick, Trick, "trick")
    _checks.instance(rules, Rules, "rules")
    _checks.flag(schweine, "schweine")
    _checks.flag(last, "last")
    bottom = _checks.seat(bottom, "bottom")
    style = _svg.make_style(size, language, colors)
    labels = _names(names, style)
    if winner is not None:
        if game_type is not None:
            raise InvalidValueError("give the trick's winner or its game_type, not both")
        winner = _checks.seat(winner, "winner")
        if trick.card_of(winner) is None:
            raise InvalidValueError(f"winner {winner} played no card to the trick", rule="§5.3")
    elif game_type is not None:
        _checks.instance(game_type, GameType, "game_type")
        if trick.is_complete:
            winner = trick_winner(trick, game_type, rules, schweine=schweine, last=last)
    plays = [(seat, c.suit.value, c.rank.value) for seat, c in trick]
    footer = f"{trick.points} {style.word('points')}" if plays else ""
    return _svg.trick(
        plays, style, leader=trick.leader, winner=winner, bottom=bottom, names=labels, footer=footer
    )


def view(
    view: PlayerView,
    *,
    highlight: Iterable[Card] | None = None,
    names: Sequence[str] | None = None,
    size: float = 1.0,
    language: Language = "en",
    colors: Colors = "two",
) -> str:
    """The table as one seat sees it (SPEC §6.1).

    Its hand at the bottom in the contract's card order, the cards it may
    play now lifted and framed — or the cards of ``highlight`` instead (an
    empty one marks none); the trick in play with each seat's card; by each
    other seat its name, its party as far as the viewer knows it (``?``
    otherwise), its announcements and its number of cards; the seat on turn
    in blue; above, the contract once known and the trick's number.

    >>> from doppelkopf import Deal
    >>> text = view(Deal.shuffled(seed=3).view(0), language="de")
    >>> "Spiel noch offen" in text
    True

    Raises:
        InvalidTypeError: ``view`` is not a :class:`~doppelkopf.PlayerView`,
            or an argument or option of the wrong type.
        InvalidValueError: a highlighted card the seat does not hold, or an
            option out of its range.
    """
    _checks.instance(view, PlayerView, "view")
    style = _svg.make_style(size, language, colors)
    labels = _names(names, style)
    marked = None
    if highlight is not None:
        marked = _cards(highlight, "highlight")
        missing = sorted(card for card in marked if card not in view.hand)
        if missing:
            raise InvalidValueError(f"highlight names {missing[0]}, which the seat does not hold")
    return view_picture(view, style, labels, marked)


def _settlement_lines(deal: Deal, names: Sequence[str], style: _svg.Style) -> list[str]:
    settlement = settle(deal)
    won = settlement.winner
    if style.language == "de":
        who = "niemand gewinnt" if won is None else f"{won} gewinnt"
        value = f"Spielwert {abs(settlement.value)}"
    else:
        who = "nobody wins" if won is None else f"{won} wins"
        value = f"game value {abs(settlement.value)}"
    scores = ", ".join(f"{names[seat]} {score:+d}" for seat, score in enumerate(settlement.scores))
    return [f"{who} · {value}", scores]


def deal(
    deal: Deal,
    *,
    result: bool = True,
    names: Sequence[str] | None = None,
    columns: int = 4,
    size: float = 1.0,
    language: Language = "en",
    colors: Colors = "two",
) -> str:
    """A deal as its tricks in a grid, with the contract above and the result below.

    Each trick shows its number, its points, its cards in play order with
    the seat under each, the leader marked ``▸`` and the winner's card framed
    (SPEC §5.3).  Above: the contract and the parties with their
    announcements as far as the deal has made them known; below, once the
    deal is finished, each party's card points and tricks (SPEC §9.1) and,
    with ``result``, the settlement: the winner, the game value and each
    seat's score (SPEC §9–§12).  A deal in play shows the tricks so far.

    >>> from doppelkopf import Deal, HeuristicPlayer, play_deal
    >>> done = play_deal(Deal.shuffled(seed=3), [HeuristicPlayer(seed=s) for s in range(4)])
    >>> deal(done).count('class="dk-trick-cell"')
    12

    Raises:
        InvalidTypeError: ``deal`` is not a :class:`~doppelkopf.Deal`, or an
            argument or option of the wrong type.
        InvalidValueError: ``columns`` is not 1-12, or an option out of its range.
    """
    _checks.instance(deal, Deal, "deal")
    _checks.flag(result, "result")
    columns = _checks.integer(columns, "columns", 1, 12, rule="§3.5")
    style = _svg.make_style(size, language, colors)
    labels = _names(names, style)
    lines = (
        _settlement_lines(deal, labels, style)
        if result and deal.is_finished and not deal.is_void
        else []
    )
    return deal_picture(deal, style, labels, result=lines, columns=columns)


def tricks(
    deal: Deal,
    *,
    names: Sequence[str] | None = None,
    columns: int = 4,
    size: float = 1.0,
    language: Language = "en",
    colors: Colors = "two",
) -> str:
    """A deal's tricks alone in a grid: :func:`deal` without the text above and below.

    >>> from doppelkopf import Deal
    >>> tricks(Deal.shuffled(seed=3)).count("dk-trick-cell")
    0

    Raises:
        InvalidTypeError: ``deal`` is not a :class:`~doppelkopf.Deal`, or an
            argument or option of the wrong type.
        InvalidValueError: ``columns`` is not 1-12, or an option out of its range.
    """
    _checks.instance(deal, Deal, "deal")
    columns = _checks.integer(columns, "columns", 1, 12, rule="§3.5")
    style = _svg.make_style(size, language, colors)
    labels = _names(names, style)
    return deal_picture(deal, style, labels, header=False, columns=columns)
