"""The summary of a finished deal (SPEC §9.1, V§0).

A :class:`DealSummary` holds what settlement needs of a deal: the game type,
the Re seats, a :class:`PartyResult` for each party and the :class:`~doppelkopf.Rules`
it was played under.  Building one checks it against those rules, with the checks
of ``_summary_checks``; :meth:`DealSummary.from_tricks` counts a trick record into one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, TypeVar

import attrs

from .. import _checks
from ..errors import InvalidValueError
from ..parties import Announcement, Party
from ..rules import GameType, Rules
from ..specials import SpecialEvent, SpecialKind, special_events
from ..tricks import Trick, trick_winner
from ._result import PartyResult, _checked_result
from ._result import _trusted_result as _trusted_result  # noqa: PLC0414 - for the playouts
from ._summary_checks import check_trick_record, validate

__all__ = ["DealSummary", "PartyResult"]

_DDV: Final = Rules.DDV

_T = TypeVar("_T")


def _instance_of(cls: type[_T]) -> Callable[[object, attrs.Attribute[Any], object], None]:
    """An attrs validator: the value is a ``cls``, else an InvalidTypeError naming the field."""

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if type(value) is not cls:
            _checks.instance(value, cls, attribute.name)

    return check


def _seat(seat: object) -> int:
    """``seat`` itself if it is an ``int`` 0-3 (SPEC §2.1); never a ``bool``."""
    if type(seat) is int and 0 <= seat <= 3:
        return seat
    if type(seat) is not int:
        raise _checks.type_error(seat, "seat", "int")
    raise InvalidValueError(f"a seat is 0-3, not {_checks.excerpt(seat)}")


def _to_seats(seats: Iterable[int]) -> frozenset[int]:
    """``seats`` as a set; its members are checked with the summary (SPEC §0.4)."""
    if type(seats) is frozenset:
        return seats
    if isinstance(seats, str | bytes | bytearray):
        raise _checks.type_error(seats, "re_seats", "iterable of seats 0-3")
    try:
        return frozenset(seats)
    except TypeError:
        raise _checks.type_error(seats, "re_seats", "iterable of seats 0-3") from None


@attrs.frozen
class DealSummary:
    """The outcome of one finished deal, as needed for settling it (SPEC §9–§12, V§0.5).

    ``re_seats`` holds the two Re players of a normal game or marriage, or the
    soloist alone in every solo type (SPEC §6); any iterable of seats is
    accepted.  ``re`` and ``kontra`` are the two parties' results, ``rules``
    the rule set the deal was played under (default: :attr:`Rules.DDV
    <doppelkopf.Rules.DDV>`, the rules of SPEC §1–§12).

    Construction checks that some deal under ``rules`` can produce the summary
    and raises :class:`~doppelkopf.errors.InvalidSummaryError` otherwise,
    naming the field and the rule: card points 0–240 adding up to 240 and
    tricks adding up to the tricks of a deal, 12 or 10 without nines (SPEC
    §1.2, §3.5, V§1.3); no card points without a trick; card points that some
    share of the deck's cards can give in that many tricks; a late reply
    without an absage and in answer to an opponent announcement (SPEC §8.6c,
    §8.7); special points only in the normal game and the marriage (SPEC
    §11.1) and only those the rules count (V§5), no more Doppelkopf tricks
    than tricks won and than the aces and tens allow (§11.3), at most two
    foxes (§11.4), the points of the last trick — Karlchen, caught Karlchen,
    fox at the end — for one party only (§11.5, V§5.3, V§5.4), and never
    Karlchen with a Doppelkopf trick alone; in a marriage, the partner's
    clarification trick (§7.2) and the three tricks that make a marriage a solo
    (§7.3).  These are necessary conditions: a summary that passes them is not
    proven to come from legal play.

    >>> from doppelkopf.rules import GameType
    >>> summary = DealSummary(GameType.QUEENS_SOLO, [2], PartyResult(190, 10, announcement=0),
    ...                       PartyResult(50, 2))  # EXAMPLES X06
    >>> sorted(summary.kontra_seats), summary.soloist, summary.party_of(0)
    ([0, 1, 3], 2, Party.KONTRA)
    >>> DealSummary(GameType.NORMAL, {0, 1}, PartyResult(130, 6), PartyResult(100, 6))
    Traceback (most recent call last):
    ...
    doppelkopf.errors.InvalidSummaryError: re.card_points + kontra.card_points = 230, \
but the deck holds 240 card points (§1.2)
    >>> DealSummary(GameType.NORMAL, {0, 1}, PartyResult(240, 10), PartyResult(0, 0),
    ...             rules=Rules(nines=False)).rules.tricks  # V§1.3: ten tricks
    10
    >>> DealSummary(GameType.NORMAL, {0, 1}, PartyResult(130, 6),
    ...             PartyResult(110, 6, karlchen=True), rules=Rules(karlchen=False))
    Traceback (most recent call last):
    ...
    doppelkopf.errors.InvalidSummaryError: kontra.karlchen is set, but the rules have no \
Karlchen (karlchen=False) (V§5.2)
    """

    game_type: GameType = attrs.field(validator=_instance_of(GameType))
    re_seats: frozenset[int] = attrs.field(converter=_to_seats)
    re: PartyResult = attrs.field(validator=_instance_of(PartyResult))
    kontra: PartyResult = attrs.field(validator=_instance_of(PartyResult))
    rules: Rules = attrs.field(default=_DDV, validator=_instance_of(Rules), kw_only=True)

    def __attrs_post_init__(self) -> None:
        validate(self)

    @classmethod
    def from_tricks(
        cls,
        game_type: GameType,
        re_seats: Iterable[int],
        tricks: Sequence[Trick],
        *,
        re_announcement: Announcement | None = None,
        kontra_announcement: Announcement | None = None,
        re_late_reply: bool = False,
        kontra_late_reply: bool = False,
        rules: Rules = _DDV,
    ) -> DealSummary:
        """Count the tricks of a deal into a summary (SPEC §5.5, §9.1, §11, V§1.3, V§5).

        Card points, tricks and special points (:func:`~doppelkopf.specials.special_events`)
        are read from ``tricks`` under ``rules``; the announcements are given,
        as in :class:`PartyResult`.  A seat that played both ♦A held the
        Schweine where ``rules.schweinchen`` makes them (V§2.3).

        >>> from doppelkopf.rules import GameType
        >>> from doppelkopf.tricks import Trick
        >>> tricks = [Trick.parse(text, leader=0) for text in (
        ...     "♥10 ♦A ♦9 ♦10", "♥10 ♣9 ♣9 ♣K", "♣Q ♠A ♠A ♠9", "♣Q ♥A ♥A ♥K",
        ...     "♠Q ♥K ♥9 ♥9", "♠Q ♠10 ♠10 ♠K", "♥Q ♠K ♠9 ♦9", "♥Q ♣A ♣A ♣10",
        ...     "♦Q ♣10 ♣K ♦K", "♦Q ♦A ♦10 ♦K", "♣J ♠J ♥J ♦J", "♣J ♠J ♥J ♦J")]
        >>> summary = DealSummary.from_tricks(GameType.NORMAL, {0, 2}, tricks)
        >>> summary.re
        PartyResult(card_points=240, tricks=12, announcement=None, late_reply=False, \
doppelkopf=0, foxes_caught=2, karlchen=True, karlchen_caught=0, fox_at_end=False)
        >>> DealSummary.from_tricks(GameType.NORMAL, {0, 2}, tricks,
        ...                         rules=Rules(karlchen=False)).re.karlchen  # V14
        False

        Raises:
            InvalidSummaryError: not exactly the deal's number of complete
                tricks, cards that are not those of the deck, a trick led by
                someone other than the winner of the trick before (SPEC §3.5,
                §5.5), or a summary that fails the checks of :class:`DealSummary`.
            InvalidTypeError: an argument of the wrong type (text for
                ``game_type``, a bare number for ``tricks``).
        """
        rules = _checks.instance(rules, Rules, "rules")
        game_type = _checks.instance(game_type, GameType, "game_type")
        seats = _to_seats(re_seats)
        if isinstance(tricks, str | bytes | bytearray):
            raise _checks.type_error(tricks, "tricks", "sequence of Trick")
        try:
            tricks = tuple(tricks)
        except TypeError:
            raise _checks.type_error(tricks, "tricks", "sequence of Trick") from None
        schweine = check_trick_record(tricks, game_type, rules)
        parties = [Party.RE if seat in seats else Party.KONTRA for seat in range(4)]
        events = special_events(tricks, game_type, parties, rules, schweine=schweine)
        taken: dict[Party, list[Trick]] = {Party.RE: [], Party.KONTRA: []}
        last = rules.tricks - 1
        for number, trick in enumerate(tricks):
            won = trick_winner(trick, game_type, rules, schweine=schweine, last=number == last)
            taken[parties[won]].append(trick)

        def result(party: Party, announcement: Announcement | None, late: bool) -> PartyResult:
            won = taken[party]
            points = sum(trick.points for trick in won)
            return _checked_result(
                points, len(won), announcement, late, _special_counts(events, party)
            )

        return cls(
            game_type,
            seats,
            result(Party.RE, re_announcement, re_late_reply),
            result(Party.KONTRA, kontra_announcement, kontra_late_reply),
            rules=rules,
        )

    @property
    def kontra_seats(self) -> frozenset[int]:
        """The seats of the Kontra party: two in 2-vs-2, three against a soloist (SPEC §6)."""
        return frozenset(range(4)) - self.re_seats

    @property
    def soloist(self) -> int | None:
        """The soloist's seat in a solo type, ``None`` in a normal game or marriage (SPEC §6.3)."""
        if not self.game_type.is_solo:
            return None
        (seat,) = self.re_seats
        return seat

    def party_of(self, seat: int) -> Party:
        """The party ``seat`` played for (SPEC §6).

        Raises:
            InvalidValueError: ``seat`` is not 0–3.
            InvalidTypeError: ``seat`` is not an ``int`` (a ``bool`` included).
        """
        return Party.RE if _seat(seat) in self.re_seats else Party.KONTRA

    def seats_of(self, party: Party) -> frozenset[int]:
        """The seats of ``party``.

        Raises:
            InvalidTypeError: ``party`` is not a :class:`~doppelkopf.Party` (text included).
        """
        if party is Party.RE:
            return self.re_seats
        if party is Party.KONTRA:
            return self.kontra_seats
        raise _checks.type_error(party, "party", "Party", "Party.parse")

    def result_of(self, party: Party) -> PartyResult:
        """``re`` or ``kontra``, by party.

        Raises:
            InvalidTypeError: ``party`` is not a :class:`~doppelkopf.Party` (text included).
        """
        if party is Party.RE:
            return self.re
        if party is Party.KONTRA:
            return self.kontra
        raise _checks.type_error(party, "party", "Party", "Party.parse")


_COUNTED_KINDS: Final = {
    SpecialKind.DOPPELKOPF: 0,
    SpecialKind.FOX_CAUGHT: 1,
    SpecialKind.KARLCHEN: 2,
    SpecialKind.KARLCHEN_CAUGHT: 3,
    SpecialKind.FOX_AT_END: 4,
}


def _special_counts(events: Iterable[SpecialEvent], party: Party) -> list[int]:
    """How many events of each kind ``party`` earned, in the order of :class:`PartyResult`.

    Doppelkopf, foxes caught, Karlchen, caught Karlchen, fox at the end.
    """
    counts = [0, 0, 0, 0, 0]
    for event in events:
        if event.party is party:
            counts[_COUNTED_KINDS[event.kind]] += 1
    return counts


# --- summaries of finished deals ----------------------------------------------

_new: Final = object.__new__
_SUMMARY_SETTERS: Final = tuple(
    vars(DealSummary)[field.name].__set__ for field in attrs.fields(DealSummary)
)


def _trusted_summary(
    game_type: GameType,
    re_seats: frozenset[int],
    re: PartyResult,
    kontra: PartyResult,
    rules: Rules,
) -> DealSummary:
    """A :class:`DealSummary` of a finished deal, without the checks it already passed."""
    summary: DealSummary = _new(DealSummary)
    set_game, set_seats, set_re, set_kontra, set_rules = _SUMMARY_SETTERS
    set_game(summary, game_type)
    set_seats(summary, re_seats)
    set_re(summary, re)
    set_kontra(summary, kontra)
    set_rules(summary, rules)
    return summary
