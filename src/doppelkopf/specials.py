"""Special points: Doppelkopf, fox caught and Karlchen (SPEC §11).

Special points exist only in the normal game and in a marriage whose partner
was found (SPEC §11.1).  They are read from the tricks themselves, with the
*final* parties of the deal (SPEC §6.4): a fox played before a marriage was
clarified belongs to whatever party its player ends up in.

>>> from doppelkopf.parties import Party
>>> from doppelkopf.rules import GameType
>>> from doppelkopf.tricks import Trick
>>> RE, KONTRA = Party.RE, Party.KONTRA
>>> tricks = [Trick.parse("♦9 ♣A ♦J ♦A", leader=2)]  # T11: seat 0's ♦J catches seat 1's ♦A
>>> special_events(tricks, GameType.NORMAL, [RE, KONTRA, RE, KONTRA])
(SpecialEvent(kind=SpecialKind.FOX_CAUGHT, party=Party.RE, trick=1, seat=0, victim=1),)
>>> special_events(tricks, GameType.DIAMONDS_SOLO, [RE, KONTRA, KONTRA, KONTRA])
()
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Final, NoReturn

import attrs

from . import _checks
from .cards import Card, Rank, Suit
from .errors import InvalidSummaryError, InvalidValueError
from .parties import Party
from .rules import GameType, Rules, rule_set
from .tricks import Trick, trick_winner

__all__ = ["SpecialEvent", "SpecialKind", "special_events"]

_DDV: Final = Rules.DDV

FOX: Final = Card(Suit.DIAMONDS, Rank.ACE)
"""The ♦A, the fox (Fuchs) of SPEC §11.4."""

CHARLIE: Final = Card(Suit.CLUBS, Rank.JACK)
"""The ♣J, whose win of the last trick is the Karlchen of SPEC §11.5."""

DOPPELKOPF_POINTS: Final = 40
"""A trick worth at least this many card points is a Doppelkopf (SPEC §11.3)."""


class SpecialKind(enum.Enum, metaclass=_checks.LookupEnumType):
    """The three kinds of special point that come from tricks (SPEC §11.3–§11.5).

    "Gegen die Alten" (SPEC §11.2) is also counted with the special points, but
    it follows from who won the deal, not from a trick, so it is not a kind of
    event here (see :func:`doppelkopf.scoring.game_value`).

    The last two exist only when a table agrees on them (V§5.3, V§5.4).

    >>> [str(kind) for kind in SpecialKind]
    ['Doppelkopf', 'fox caught', 'Karlchen', 'Karlchen caught', 'fox at the end']
    """

    DOPPELKOPF = "Doppelkopf"
    FOX_CAUGHT = "fox caught"
    KARLCHEN = "Karlchen"
    KARLCHEN_CAUGHT = "Karlchen caught"
    FOX_AT_END = "fox at the end"

    @property
    def rule(self) -> str:
        """The SPEC section that awards this point (``"§11.3"``)."""
        return _RULES[self]

    def __repr__(self) -> str:
        return f"SpecialKind.{self.name}"

    def __str__(self) -> str:
        return self.value

    @classmethod
    def _missing_(cls, value: object) -> NoReturn:
        if type(value) is not str:
            raise _checks.type_error(value, "value", "str")
        raise InvalidValueError(
            f"no special point is called {_checks.excerpt(value)}: expected one of "
            + ", ".join(repr(kind.value) for kind in cls),
            rule="§11",
        )


_RULES: Final = {
    SpecialKind.DOPPELKOPF: "§11.3",
    SpecialKind.FOX_CAUGHT: "§11.4",
    SpecialKind.KARLCHEN: "§11.5",
    SpecialKind.KARLCHEN_CAUGHT: "V§5.3",
    SpecialKind.FOX_AT_END: "V§5.4",
}
_LAST_TRICK_KINDS: Final = frozenset(
    {SpecialKind.KARLCHEN, SpecialKind.KARLCHEN_CAUGHT, SpecialKind.FOX_AT_END}
)
_VICTIM_KINDS: Final = frozenset({SpecialKind.FOX_CAUGHT, SpecialKind.KARLCHEN_CAUGHT})


def _check_trick_number(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int:
        raise _checks.type_error(value, attribute.name, "int")
    if not 1 <= value <= 12:
        raise InvalidValueError(
            f"{attribute.name} must be a trick number 1-12, not {_checks.excerpt(value)}"
        )


def _check_seat(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int:
        raise _checks.type_error(value, attribute.name, "int")
    if not 0 <= value <= 3:
        raise InvalidValueError(
            f"{attribute.name} must be a seat 0-3, not {_checks.excerpt(value)}"
        )


def _check_victim(
    instance: object, attribute: attrs.Attribute[int | None], value: int | None
) -> None:
    if value is None:
        return
    if type(value) is not int:
        raise _checks.type_error(value, attribute.name, "int or None")
    if not 0 <= value <= 3:
        raise InvalidValueError(
            f"{attribute.name} must be a seat 0-3 or None, not {_checks.excerpt(value)}"
        )


def _check_kind(
    instance: object, attribute: attrs.Attribute[SpecialKind], value: SpecialKind
) -> None:
    if type(value) is not SpecialKind:
        _checks.instance(value, SpecialKind, attribute.name, parse_hint=False)


def _check_party(instance: object, attribute: attrs.Attribute[Party], value: Party) -> None:
    if type(value) is not Party:
        _checks.instance(value, Party, attribute.name)


@attrs.frozen
class SpecialEvent:
    """One special point earned in one trick (SPEC §11.3–§11.5, V§5.3, V§5.4).

    ``party`` earns the point; ``trick`` is the 1-based number of the trick and
    ``seat`` the seat that won it.  For a caught fox, ``victim`` is the seat
    whose ♦A was caught, for a caught Karlchen the seat whose ♣J was; for the
    other kinds it is ``None``.  Karlchen, a caught Karlchen and the fox at the
    end belong to the last trick: trick 12, or 10 without nines.

    >>> event = SpecialEvent(SpecialKind.KARLCHEN, Party.KONTRA, trick=12, seat=3)
    >>> print(event)
    trick 12: Karlchen for Kontra (seat 3 won the last trick with ♣J)
    >>> event.rule
    '§11.5'
    """

    kind: SpecialKind = attrs.field(validator=_check_kind)
    party: Party = attrs.field(validator=_check_party)
    trick: int = attrs.field(validator=_check_trick_number)
    seat: int = attrs.field(validator=_check_seat)
    victim: int | None = attrs.field(default=None, validator=_check_victim)

    def __attrs_post_init__(self) -> None:
        if (self.victim is None) is (self.kind in _VICTIM_KINDS):
            if self.kind in _LAST_TRICK_KINDS and self.kind is not SpecialKind.KARLCHEN:
                raise InvalidValueError(
                    "a caught Karlchen names its victim; the fox at the end does not"
                )
            raise InvalidValueError("a caught fox names its victim; Doppelkopf and Karlchen do not")
        if self.kind in _LAST_TRICK_KINDS and self.trick not in (10, 12):
            raise InvalidValueError(
                f"{self.kind} is won only with trick 12 (10 without nines), "
                f"not trick {self.trick} ({self.kind.rule})"
            )

    @property
    def rule(self) -> str:
        """The SPEC section that awards this point."""
        return self.kind.rule

    def __str__(self) -> str:
        if self.kind is SpecialKind.FOX_CAUGHT:
            detail = f"seat {self.seat} caught the {FOX} of seat {self.victim}"
        elif self.kind is SpecialKind.DOPPELKOPF:
            detail = f"seat {self.seat} won a trick worth {DOPPELKOPF_POINTS} or more"
        elif self.kind is SpecialKind.KARLCHEN:
            detail = f"seat {self.seat} won the last trick with {CHARLIE}"
        elif self.kind is SpecialKind.KARLCHEN_CAUGHT:
            detail = (
                f"seat {self.seat} caught the {CHARLIE} of seat {self.victim} in the last trick"
            )
        else:
            detail = f"seat {self.seat} won the last trick with its own {FOX}"
        return f"trick {self.trick}: {self.kind} for {self.party} ({detail})"


def _event(
    kind: SpecialKind, party: Party, trick: int, seat: int, victim: int | None
) -> SpecialEvent:
    """A :class:`SpecialEvent` from parts the caller derived from legal tricks.

    It skips the constructor's checks, which such parts always pass.
    """
    event: SpecialEvent = _new_object(SpecialEvent)
    for setter, value in zip(_EVENT_SETTERS, (kind, party, trick, seat, victim), strict=True):
        setter(event, value)
    return event


_new_object: Final = object.__new__
_EVENT_SETTERS: Final = tuple(
    vars(SpecialEvent)[field.name].__set__ for field in attrs.fields(SpecialEvent)
)


def _check_input(
    tricks: Sequence[Trick],
    game_type: GameType,
    parties: Sequence[Party],
    rules: Rules,
    schweine: bool,
) -> None:
    if type(rules) is not Rules:
        rule_set(rules)
    if type(game_type) is not GameType:
        _checks.instance(game_type, GameType, "game_type")
    _checks.flag(schweine, "schweine")
    if isinstance(parties, (str, bytes, bytearray)) or not isinstance(parties, Sequence):
        raise _checks.type_error(parties, "parties", "sequence of four Party")
    if isinstance(tricks, (str, bytes, bytearray)) or not isinstance(tricks, Sequence):
        raise _checks.type_error(tricks, "tricks", "sequence of Trick")
    if len(parties) != 4 or not all(type(party) is Party for party in parties):
        raise InvalidSummaryError(
            "parties must give the Party of each of the four seats, "
            f"not {_checks.excerpt(parties)} (SPEC §6)"
        )
    if len(tricks) > rules.tricks:
        raise InvalidSummaryError(
            f"a deal has {rules.tricks} tricks, not {len(tricks)} (SPEC §3.5, V§1.3)"
        )
    for number, trick in enumerate(tricks, start=1):
        if type(trick) is not Trick:
            _checks.instance(trick, Trick, f"trick {number}")
        if not trick.is_complete:
            raise InvalidSummaryError(
                f"trick {number} holds {len(trick)} cards; special points are read from "
                "complete tricks only (SPEC §5.5, §11)"
            )


def special_events(
    tricks: Sequence[Trick],
    game_type: GameType,
    parties: Sequence[Party],
    rules: Rules = _DDV,
    *,
    schweine: bool = False,
) -> tuple[SpecialEvent, ...]:
    """Every special point earned in ``tricks`` (SPEC §11.1, §11.3–§11.5, V§5).

    ``tricks`` are the complete tricks of a deal in play order, the first
    ``len(tricks)`` of them (0–12), so a deal in progress can ask for the points
    earned so far.  ``parties[seat]`` is each seat's final party (SPEC §6.4).

    - **Doppelkopf** (§11.3): each trick worth 40 card points or more earns a
      point for the party of its winner.
    - **Fox caught** (§11.4): each ♦A in a trick earns a point for the winner's
      party if the seat that played it belongs to the other party.  A fox won
      by its owner or the owner's partner earns nothing.
    - **Karlchen** (§11.5): when the winning card of trick 12 is a ♣J, its
      player's party earns a point.  Of two ♣J the first one played wins
      (§5.4); a ♣J that is beaten, or caught, earns nothing.

    - **Karlchen caught** (V§5.3, ``rules.karlchen_caught``): each ♣J played
      to the last trick by the party that does not win it earns a point for
      the winner's party.
    - **Fox at the end** (V§5.4, ``rules.fox_at_end``): a party whose own ♦A
      is the winning card of the last trick earns a point.

    ``rules`` also switch Karlchen (V§5.2) or every special point (V§5.1)
    off, and say which trick is the last (V§1.3).  ``schweine`` tells whether
    a player holds the Schweine, which changes who wins (V§2.3).

    In the order of the tricks, and within a trick: the foxes in play order,
    then the Doppelkopf, then Karlchen, the caught Karlchen and the fox at the
    end.  No events at all in a game type without special points (every solo,
    the silent marriage and the marriage turned solo, §11.1).

    >>> from doppelkopf.rules import GameType
    >>> from doppelkopf.tricks import Trick
    >>> filler = [Trick.parse("♠9 ♠9 ♥9 ♥9", leader=0)] * 11
    >>> last = Trick.parse("♣J ♣J ♦9 ♠J", leader=1)  # T16: the first ♣J wins
    >>> parties = [Party.KONTRA, Party.RE, Party.RE, Party.KONTRA]
    >>> [str(event) for event in special_events([*filler, last], GameType.NORMAL, parties)]
    ['trick 12: Karlchen for Re (seat 1 won the last trick with ♣J)']
    >>> doppelkopf = Trick.parse("♣A ♣10 ♣A ♣10", leader=3)  # T21: 42 card points
    >>> special_events([doppelkopf], GameType.MARRIAGE, parties)
    (SpecialEvent(kind=SpecialKind.DOPPELKOPF, party=Party.KONTRA, trick=1, seat=3, victim=None),)

    >>> caught = Trick.parse("♣J ♦Q ♦K ♦10", leader=0)  # V15: Kontra's ♦Q wins
    >>> parties = [Party.RE, Party.KONTRA, Party.RE, Party.KONTRA]
    >>> [str(event.kind) for event in special_events(
    ...     [*filler, caught], GameType.NORMAL, parties, Rules(karlchen_caught=True))]
    ['Karlchen caught']

    Raises:
        InvalidSummaryError: more tricks than a deal has, an incomplete trick,
            or ``parties`` that do not give a Party for each of the four seats.
        InvalidTypeError: ``tricks``, ``game_type``, ``parties``, ``rules`` or
            ``schweine`` is of the wrong type.
    """
    _check_input(tricks, game_type, parties, rules, schweine)
    if not rules.counts_specials(game_type):
        return ()
    last = rules.tricks - 1
    winners = [
        trick_winner(trick, game_type, rules, schweine=schweine, last=index == last)
        for index, trick in enumerate(tricks)
    ]
    points = [sum(card.points for card in trick.cards) for trick in tricks]
    return _special_events(tricks, winners, points, parties, rules)


def _special_events(
    tricks: Sequence[Trick],
    winners: Sequence[int],
    points: Sequence[int],
    parties: Sequence[Party],
    rules: Rules = _DDV,
) -> tuple[SpecialEvent, ...]:
    """:func:`special_events` of complete tricks, given each trick's winner and card points.

    The caller has checked the input and that ``rules`` count special points
    in the game type.
    """
    last = rules.tricks - 1
    karlchen = rules.karlchen
    extras = rules.karlchen_caught or rules.fox_at_end
    events: list[SpecialEvent] = []
    for index, trick in enumerate(tricks):
        winner = winners[index]
        party = parties[winner]
        cards = trick.cards
        first, second, third, fourth = cards
        # Identity tests: a Card compares by identity, and `in` would go through __eq__.
        if first is FOX or second is FOX or third is FOX or fourth is FOX:
            leader = trick.leader
            for position, card in enumerate(cards):
                victim = (leader + position) & 3
                if card is FOX and parties[victim] is not party:
                    events.append(_event(SpecialKind.FOX_CAUGHT, party, index + 1, winner, victim))
        if points[index] >= DOPPELKOPF_POINTS:
            events.append(_event(SpecialKind.DOPPELKOPF, party, index + 1, winner, None))
        if index == last:
            winning = cards[(winner - trick.leader) & 3]
            if karlchen and winning is CHARLIE:
                events.append(_event(SpecialKind.KARLCHEN, party, index + 1, winner, None))
            if extras:
                events.extend(_last_trick_extras(trick, winner, winning, parties, rules))
    return tuple(events)


def _last_trick_extras(
    trick: Trick, winner: int, winning: Card, parties: Sequence[Party], rules: Rules
) -> list[SpecialEvent]:
    """The caught Karlchen (V§5.3) and the fox at the end (V§5.4) of the last trick."""
    party = parties[winner]
    number = rules.tricks
    events = []
    if rules.karlchen_caught:
        for seat, card in trick:
            if card is CHARLIE and parties[seat] is not party:
                events.append(_event(SpecialKind.KARLCHEN_CAUGHT, party, number, winner, seat))
    if rules.fox_at_end and winning is FOX:
        events.append(_event(SpecialKind.FOX_AT_END, party, number, winner, None))
    return events
