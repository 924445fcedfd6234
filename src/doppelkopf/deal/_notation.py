"""The position string of a deal: one line that fixes the rules, the table, the cards
as dealt and every action so far (:doc:`/notation`).

:attr:`Deal.position <doppelkopf.Deal.position>` writes it and
:meth:`Deal.parse <doppelkopf.Deal.parse>` reads it, replaying each action
through the deal, so that a string that reads is a reachable position.  The
grammar::

    position = rules " " table " " hands [" " actions]
    rules    = the text of Rules.parse, written without spaces: "ddv", "tournament",
               "nines=false,second_dulle=always"
    table    = "d" seat ["c" cut] ["o" seat {seat}] ["f"]
               dealer, cut, seats owing a compulsory solo, forced deal (V§9)
    hands    = hand "/" hand "/" hand "/" hand        seats 0-3, as dealt
    hand     = {card}                                 e.g. "CQCQSJD9...", in deck order
    actions  = action {";" action}
    action   = [seat [party] ":"] action-text         the grammar of doppelkopf.wire
    party    = "r" | "k"                              Re or Kontra, checked

An action without a seat is the seat's to move; an announcement, which any
seat may make (SPEC §8), always names its seat and party in the canonical
form (``1r:re``, ``2k:keine 90``).  A view's string (:func:`write_view`)
adds concealed entries and the hand a Schmeißen showed.  The
canonical form is ASCII; cards may be given as ``♣Q`` too, and spaces may
surround ``/``, ``;`` and ``:``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Final, Protocol, Self, TypeVar

from .. import _checks
from ..cards import DISTINCT_CARDS, Card, Hand
from ..errors import DoppelkopfError, NotationError
from ..parties import Party
from ..rules import Rules
from . import _action_text
from .actions import Action, Announced, Concealed, Event, Phase, SeenEvent
from .outcome import VoidDeal
from .poverty import Poverty


class _Deal(Protocol):
    """What the position string reads of a :class:`~doppelkopf.Deal` and does with it."""

    @property
    def rules(self) -> Rules: ...
    @property
    def dealer(self) -> int: ...
    @property
    def cut(self) -> int | None: ...
    @property
    def owing(self) -> frozenset[int]: ...
    @property
    def forced(self) -> bool: ...
    @property
    def dealt(self) -> tuple[Hand, Hand, Hand, Hand]: ...
    @property
    def history(self) -> tuple[Event, ...]: ...
    @property
    def turn(self) -> int | None: ...
    @property
    def parties(self) -> tuple[Party | None, ...]: ...
    @property
    def phase(self) -> Phase: ...
    def apply(self, action: Action, /) -> Self: ...
    @classmethod
    def from_hands(
        cls,
        hands: Sequence[Hand | str],
        *,
        dealer: int = ...,
        cut: int | None = ...,
        rules: Rules = ...,
        owing: Iterable[int] = ...,
        forced: bool = ...,
    ) -> Self: ...


Deal = TypeVar("Deal", bound=_Deal)

__all__ = [
    "MAX_POSITION",
    "parse_actions",
    "parse_position",
    "write_actions",
    "write_position",
    "write_view",
]

MAX_POSITION: Final = 4096
"""The longest position string read, in characters: a whole deal takes about 500."""

_CARD: Final = re.compile(r"\s*([CSHD♣♠♥♦])(10|9|J|Q|K|A)", re.IGNORECASE)
_TABLE: Final = re.compile(r"d([0-3])(?:c(\d{1,2}))?(?:o([0-3]{1,4}))?(f)?\Z")
_FIELDS: Final = re.compile(r"\s+")
SEAT_PREFIX: Final = re.compile(r"\s*([0-3])\s*([rkRK])?\s*:")
_PARTY_LETTERS: Final = {"r": Party.RE, "k": Party.KONTRA}
_CARD_CODES: Final = {card: card.ascii for card in DISTINCT_CARDS}


def _error(
    message: str, part: str, field: str, column: int | None = None, rule: str = ""
) -> NotationError:
    line = None
    if field.startswith("line "):  # a line of a game's notation (doppelkopf.notation)
        line = int(field[5:])
        where = field if column is None else f"{field}, column {column}"
    else:
        where = f"position, {field}" if column is None else f"position, {field}, column {column}"
    return NotationError(
        f"{where}: {message}", text=part[:20], line=line, column=column, field=field, rule=rule
    )


def write_hand(hand: Hand) -> str:
    """``hand``'s cards in the order of the deck, without separators: ``CQCQSJD9``."""
    return "".join(code * hand.count(card) for card, code in _CARD_CODES.items())


def write_event(event: SeenEvent) -> str:
    """One entry of an ``actions`` or ``history`` field (:func:`write_actions`)."""
    if type(event) is Concealed:
        if event.kind == "return":
            return f"?return {event.trumps}"
        return f"?{event.kind}"
    if type(event) is Announced:
        party = event.party
        text = _action_text.format_action(event.as_action(), ascii=True, party=party)
        return f"{event.seat}{'r' if party is Party.RE else 'k'}:{text}"
    return _action_text.format_action(event.as_action(), ascii=True)  # type: ignore[union-attr]


def party_of(prefix: re.Match[str] | None) -> Party | None:
    """The party a seat prefix names (``2r:``, ``1k:``), ``None`` if it names none."""
    if prefix is None or prefix.group(2) is None:
        return None
    return _PARTY_LETTERS[prefix.group(2).lower()]


def write_actions(events: tuple[Event, ...]) -> str:
    """The ``actions`` field: every event's action text, announcements with their seat and party."""
    return ";".join(write_event(event) for event in events)


def write_table(dealer: int, cut: int | None, owing: frozenset[int], forced: bool) -> str:
    """The ``table`` field: ``d3``, ``d0c26``, ``d1o13f``."""
    text = f"d{dealer}"
    if cut is not None:
        text += f"c{cut}"
    if owing:
        text += "o" + "".join(str(seat) for seat in sorted(owing))
    return text + ("f" if forced else "")


def write_rules(rules: Rules) -> str:
    """The ``rules`` field: the rules' text without spaces."""
    return str(rules).replace(", ", ",")


def write_position(deal: Deal) -> str:
    """The position string of the deal: one ASCII line that :meth:`parse` reads back.

    ``Deal.parse(deal.position) == deal`` for every deal, and the
    string is the same for equal deals reached by the same actions.
    """

    fields = [
        write_rules(deal.rules),
        write_table(deal.dealer, deal.cut, deal.owing, deal.forced),
        "/".join(write_hand(hand) for hand in deal.dealt),
    ]
    actions = write_actions(deal.history)
    if actions:
        fields.append(actions)
    return " ".join(fields)


def write_view(
    rules: Rules,
    *,
    table: tuple[int, frozenset[int], bool, int | None],
    seat: int,
    dealt: Hand,
    history: tuple[SeenEvent, ...],
    void: VoidDeal | None,
) -> str:
    """The position string of a seat's view (:attr:`PlayerView.position
    <doppelkopf.PlayerView.position>`): rules, table, ``s`` seat ``:`` the hand
    as dealt, then the history, concealed entries as ``?vorbehalt``,
    ``?pass`` and ``?return`` with the number of trumps, and the hand a
    Schmeißen showed (V§7.2) as seat ``=`` hand at the end.  The table adds
    ``x`` and the seat holding the Schweine once they are announced (V§2.3)."""
    dealer, owing, forced, schweine = table
    fields = [
        write_rules(rules),
        write_table(dealer, None, owing, forced) + ("" if schweine is None else f"x{schweine}"),
        f"s{seat}:{write_hand(dealt)}",
    ]
    events = [write_event(event) for event in history]
    if void is not None and void.shown is not None:
        events.append(f"{void.seat}={write_hand(void.shown)}")
    if events:
        fields.append(";".join(events))
    return " ".join(fields)


def dealt_hand(seat: int, hand: Hand, played: tuple[Card, ...], poverty: Poverty | None) -> Hand:
    """The hand ``seat`` was dealt: ``hand`` with its ``played`` cards back and the
    cards of the Armut exchange it took part in undone (V§6.3)."""
    cards = [*hand, *played]
    if poverty is not None:
        passed, returned = poverty.passed or (), poverty.returned or ()
        if seat == poverty.poor:
            cards.extend(passed)
            for card in returned:
                cards.remove(card)
        elif seat == poverty.acceptor:
            cards.extend(returned)
            for card in passed:
                cards.remove(card)
    return Hand(cards)


def parse_rules(text: str, field: str = "rules") -> Rules:
    """The rules of a ``rules`` field."""
    try:
        return Rules.parse(text)
    except DoppelkopfError as error:
        raise _error(str(error), text, field) from None


def parse_table(text: str) -> tuple[int, int | None, frozenset[int], bool]:
    """Dealer, cut, owing seats and forced of a ``table`` field."""
    match = _TABLE.match(text)
    if match is None:
        raise _error(
            f"expected d<dealer>[c<cut>][o<seats>][f] such as 'd3' or 'd0c26', not "
            f"{_checks.excerpt(text)}",
            text,
            "table",
        )
    dealer, cut, owing, forced = match.groups()
    return (
        int(dealer),
        None if cut is None else int(cut),
        frozenset(int(seat) for seat in owing or ""),
        forced is not None,
    )


def parse_hand(text: str, field: str) -> Hand:
    """The hand of concatenated cards ``text``."""
    cards: list[Card] = []
    at = 0
    stripped = text.rstrip()
    while at < len(stripped):
        match = _CARD.match(stripped, at)
        if match is None:
            raise _error(
                f"not a card at {_checks.excerpt(stripped[at : at + 4])}: cards are written "
                "as suit (C S H D) and rank (9 10 J Q K A), e.g. CQH10",
                stripped[at:],
                field,
                at + 1,
            )
        cards.append(Card.parse(match.group(1) + match.group(2)))
        at = match.end()
    try:
        return Hand(cards)
    except DoppelkopfError as error:
        raise _error(str(error), text, field) from None


def parse_hands(text: str) -> tuple[Hand, Hand, Hand, Hand]:
    """The four hands of a ``hands`` field."""
    parts = text.split("/")
    if len(parts) != 4:
        raise _error(f"four hands separated by '/', not {len(parts)}", text, "hands")
    a, b, c, d = (parse_hand(part.strip(), f"hand {seat}") for seat, part in enumerate(parts))
    return a, b, c, d


def parse_actions(deal: Deal, text: str, column: int = 1, field: str = "actions") -> Deal:
    """``deal`` with the actions of an ``actions`` field applied in order.

    Each is read with the deal's context (the seat's party and the phase)
    and applied; the error names the action by number (from 1) and its
    column, counted from ``column`` where the field starts.
    """
    for number, part in enumerate(text.split(";"), 1):
        start = column
        column += len(part) + 1
        deal = apply_action(deal, part, f"{field}, action {number}", start)
    return deal


def apply_action(deal: Deal, part: str, field: str, column: int | None) -> Deal:
    """``deal`` after the action ``part`` (``[seat ":"] action-text``); an error names
    ``field`` (``"line 12"`` for a line of a game's notation) and ``column``."""
    prefix = SEAT_PREFIX.match(part)
    named = party_of(prefix)
    if prefix is not None:
        seat = int(prefix.group(1))
        body = part[prefix.end() :]
    else:
        turn = deal.turn
        if turn is None:
            raise _error(
                f"{_checks.excerpt(part.strip())}: nobody is to move, the deal is over",
                part,
                field,
                column,
                "§10",
            )
        seat = turn
        body = part
    if not body.strip():
        raise _error("an action is empty", part, field, column)
    context = (deal.parties[seat], deal.phase)
    try:
        action = _action_text.parse_action(body, seat, context)
    except NotationError:
        raise
    except DoppelkopfError as error:
        raise _error(str(error), body, field, column) from None
    if named is not None and deal.parties[seat] is not named:
        raise _error(
            f"{_checks.excerpt(part.strip())}: seat {seat} does not play {named} (SPEC §6.1)",
            part,
            field,
            column,
            "§6.1",
        )
    try:
        return deal.apply(action)
    except DoppelkopfError as error:
        rule = str(getattr(error, "rule", ""))
        raise _error(
            f"{_checks.excerpt(body.strip())} (seat {seat}) is not legal here: {error}",
            body,
            field,
            column,
            rule,
        ) from None


def check_size(text: object, limit: int, what: str) -> str:
    """``text`` if it is a ``str`` of at most ``limit`` characters."""
    if type(text) is not str:
        _checks.text(text)
        raise _checks.type_error(text, "text", "str")
    if len(text) > limit:
        raise NotationError(
            f"{what} is at most {limit:,} characters, not {len(text):,}", text=text[:20]
        )
    return text


def parse_position(cls: type[Deal], text: str) -> Deal:
    """The deal at the position string ``text`` (:doc:`/notation`), every action replayed.

    The string holds the rules, the table (dealer, cut, the seats owing a
    compulsory solo and a forced deal, V§9), the four hands as dealt and
    the actions so far in the short text of :doc:`/wire`;
    :attr:`position` writes it.

    >>> from doppelkopf import Deal, Reservation
    >>> deal = Deal.shuffled(seed=3).declare(0, Reservation.HEALTHY)
    >>> deal.position[:42]
    'ddv d3c5 C9CQSKSKS10SASAHKH10H10DJD10/CJCK'
    >>> deal.position[-8:]
    ' healthy'
    >>> Deal.parse(deal.position) == deal
    True
    >>> Deal.parse(deal.position + ";DA")
    Traceback (most recent call last):
    ...
    doppelkopf.errors.NotationError: position, actions, action 2, column 126: 'DA' (seat 1) \
is not legal here: cards are played only after the reservation round and before the deal ends \
(§3.2, §3.5)

    Raises:
        NotationError: the text is longer than 4,096 characters, a field
            does not read (the message names the field and column), the
            hands are not a deal of the rules, or an action is not legal
            where it stands (naming the action and the rule).
        InvalidTypeError: ``text`` is no ``str``.
    """

    text = check_size(text, MAX_POSITION, "a position string")
    stripped = text.strip()
    fields = _FIELDS.split(stripped, maxsplit=3)
    if len(fields) < 3:
        raise _error(
            "a position has the fields rules, table and hands, then the actions",
            text,
            ("rules", "table", "hands")[len(fields) if stripped else 0],
        )
    rules = parse_rules(fields[0])
    dealer, cut, owing, forced = parse_table(fields[1])
    hands = parse_hands(fields[2])
    try:
        deal = cls.from_hands(
            hands, dealer=dealer, cut=cut, rules=rules, owing=owing, forced=forced
        )
    except DoppelkopfError as error:
        raise _error(
            str(error), fields[2], "hands", None, str(getattr(error, "rule", ""))
        ) from None
    if len(fields) == 4 and fields[3].strip():
        offset = len(stripped) - len(fields[3]) + 1
        deal = parse_actions(deal, fields[3], offset)
    return deal
