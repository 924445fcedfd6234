"""The summary of a finished deal and the checks that some deal can produce it (SPEC §9.1, V§0).

A :class:`DealSummary` holds what settlement needs of a deal: the game type,
the Re seats, a :class:`PartyResult` for each party and the :class:`~doppelkopf.Rules`
it was played under.  Building one checks it against those rules.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, NoReturn, TypeVar

import attrs

from .. import _checks
from ..cards import Card, Rank, Suit
from ..errors import InvalidSummaryError, InvalidValueError
from ..parties import Announcement, Party
from ..rules import GameType, Rules
from ..specials import SpecialEvent, SpecialKind, special_events
from ..tricks import Trick, trick_winner
from ._share import DeckFacts, deck_facts, share_exists

__all__ = ["DealSummary", "PartyResult"]

_DDV: Final = Rules.DDV
_FOX: Final = Card(Suit.DIAMONDS, Rank.ACE)
_SCHWEINE_GAMES: Final = frozenset(
    {GameType.NORMAL, GameType.MARRIAGE, GameType.MARRIAGE_SOLO, GameType.SILENT_MARRIAGE}
)
"""The final game types in which a player may hold the Schweine (V§2.3)."""


_T = TypeVar("_T")


def _check_count(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int:
        raise _checks.type_error(value, attribute.name, "int")


def _check_flag(instance: object, attribute: attrs.Attribute[bool], value: bool) -> None:
    if type(value) is not bool:
        raise _checks.type_error(value, attribute.name, "bool")


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


def _to_announcement(value: Announcement | int | None) -> Announcement | None:
    if value is None or type(value) is Announcement:
        return value
    if type(value) is not int:
        raise _checks.type_error(
            value, "announcement", "Announcement, a level 0-4 or None", "Announcement.parse"
        )
    if 0 <= value <= 4:
        return Announcement(value)
    raise InvalidSummaryError(
        "announcement must be None or a level 0-4 (Re/Kontra … schwarz), "
        f"not {_checks.excerpt(value)} (§8.1)"
    )


@attrs.frozen
class PartyResult:
    """What one party achieved in a deal, written down after the last trick (SPEC §9.1, §10, §11).

    - ``card_points`` (0–240) and ``tricks`` (0–12, or 0–10 without nines)
      taken by the party;
    - ``announcement``: the highest level the party announced, implied levels
      included (``Announcement.NO_60`` for a party that said "keine 60"), or
      ``None`` if it said nothing;
    - ``late_reply``: the party's Re/Kontra was a late reply (SPEC §8.6c), which
      locks its absagen (SPEC §8.7), so its level can only be Re/Kontra;
    - the special points it earned: ``doppelkopf`` tricks, ``foxes_caught`` and
      ``karlchen`` (SPEC §11.3–§11.5), and where the rules have them the
      ``karlchen_caught`` (0–2, V§5.3) and the ``fox_at_end`` (V§5.4).

    A plain integer 0–4 is accepted for ``announcement``.  Whether the numbers
    fit together, and fit the rules, is checked when the result becomes part of
    a :class:`DealSummary`.

    >>> PartyResult(160, 9, announcement=1)
    PartyResult(card_points=160, tricks=9, announcement=<Announcement.NO_90: 1>, \
late_reply=False, doppelkopf=0, foxes_caught=0, karlchen=False, karlchen_caught=0, \
fox_at_end=False)
    >>> result = PartyResult(160, 9, announcement=Announcement.NO_90, doppelkopf=1, karlchen=True)
    >>> result.announced, result.absage, result.special_points
    (True, 1, 2)
    >>> PartyResult(100, 5, karlchen_caught=2, fox_at_end=True).special_points  # V§5.3, V§5.4
    3
    """

    card_points: int = attrs.field(validator=_check_count)
    tricks: int = attrs.field(validator=_check_count)
    announcement: Announcement | None = attrs.field(
        default=None, converter=_to_announcement, kw_only=True
    )
    late_reply: bool = attrs.field(default=False, validator=_check_flag, kw_only=True)
    doppelkopf: int = attrs.field(default=0, validator=_check_count, kw_only=True)
    foxes_caught: int = attrs.field(default=0, validator=_check_count, kw_only=True)
    karlchen: bool = attrs.field(default=False, validator=_check_flag, kw_only=True)
    karlchen_caught: int = attrs.field(default=0, validator=_check_count, kw_only=True)
    fox_at_end: bool = attrs.field(default=False, validator=_check_flag, kw_only=True)

    @property
    def announced(self) -> bool:
        """Whether the party said Re/Kontra, itself or implied by an absage (SPEC §9.1)."""
        return self.announcement is not None

    @property
    def absage(self) -> int:
        """The party's highest absage level: 0 for none, 1 keine 90 … 4 schwarz (SPEC §9.1)."""
        return 0 if self.announcement is None else int(self.announcement)

    @property
    def special_points(self) -> int:
        """Every special point of the party (SPEC §11.3–§11.5, V§5.3, V§5.4)."""
        return (
            self.doppelkopf
            + self.foxes_caught
            + self.karlchen
            + self.karlchen_caught
            + self.fox_at_end
        )


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
    the rule set the deal was played under (default: SPEC.md).

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
        _validate(self)

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
        schweine = _check_trick_record(tricks, game_type, rules)
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


def _checked_result(
    card_points: int,
    tricks: int,
    announcement: Announcement | None,
    late_reply: bool,
    counts: Sequence[int],
) -> PartyResult:
    """A :class:`PartyResult` from the counts of :func:`_special_counts`, checked."""
    doppelkopf, foxes_caught, karlchen, karlchen_caught, fox_at_end = counts
    return PartyResult(
        card_points,
        tricks,
        announcement=announcement,
        late_reply=late_reply,
        doppelkopf=doppelkopf,
        foxes_caught=foxes_caught,
        karlchen=karlchen > 0,
        karlchen_caught=karlchen_caught,
        fox_at_end=fox_at_end > 0,
    )


@functools.cache
def _facts(rules: Rules) -> DeckFacts:
    """The facts of the deck of ``rules``: rule sets with the same deck share them."""
    return deck_facts(rules.deck)


def _cite(rules: Rules, rule: str, without_nines: str = "V§1.3") -> str:
    """``rule``, with the section of V§1 added when the deck has no nines."""
    return rule if rules.nines else f"{rule}, {without_nines}"


def _check_trick_record(tricks: Sequence[Trick], game_type: GameType, rules: Rules) -> bool:
    """Check a deal's complete trick record; return whether a seat held the Schweine."""
    count = rules.tricks
    if len(tricks) != count or not all(
        isinstance(trick, Trick) and trick.is_complete for trick in tricks
    ):
        raise InvalidSummaryError(
            f"a finished deal is {count} complete tricks ({_cite(rules, '§3.5, §5.1')})"
        )
    played = Counter(card for trick in tricks for card in trick.cards)
    deck = rules.deck
    if played != Counter(deck):
        raise InvalidSummaryError(
            f"the {count} tricks must hold the {len(deck)} cards of the deck, two of each "
            f"card ({_cite(rules, '§1.1', 'V§1.1')})"
        )
    schweine = False
    if rules.schweinchen and game_type in _SCHWEINE_GAMES:
        foxes = [seat for trick in tricks for seat, card in trick if card is _FOX]
        schweine = len(set(foxes)) == 1
    for number in range(1, count):
        previous = trick_winner(tricks[number - 1], game_type, rules, schweine=schweine)
        if tricks[number].leader != previous:
            raise InvalidSummaryError(
                f"trick {number + 1} is led by seat {tricks[number].leader}, but seat "
                f"{previous} won trick {number} and leads next (§5.5)"
            )
    return schweine


# --- checks of a summary -----------------------------------------------------


def _fail(message: str, rule: str) -> NoReturn:
    raise InvalidSummaryError(f"{message} ({rule})")


def _parties(summary: DealSummary) -> tuple[tuple[str, Party, PartyResult], ...]:
    return (("re", Party.RE, summary.re), ("kontra", Party.KONTRA, summary.kontra))


def _check_seats(summary: DealSummary) -> None:
    seats = summary.re_seats
    if not all(type(seat) is int and 0 <= seat <= 3 for seat in seats):
        given = _checks.excerpt(sorted(seats, key=_checks.excerpt))
        _fail(f"re_seats={given}: seats are 0-3", "§0.4")
    game = summary.game_type
    text = "{" + ", ".join(str(seat) for seat in sorted(seats)) + "}"
    if game.is_solo and len(seats) != 1:
        _fail(f"re_seats={text}: in a {game} the soloist alone is Re", "§6.3")
    if not game.is_solo and len(seats) != 2:
        rule = "§6.1" if game is GameType.NORMAL else "§6.2"
        _fail(f"re_seats={text}: a {game} has two Re players", rule)


def _check_ranges(summary: DealSummary) -> None:
    rules = summary.rules
    total = _facts(rules).points
    count = rules.tricks
    for name, _, result in _parties(summary):
        if not 0 <= result.card_points <= total:
            _fail(f"{name}.card_points must be 0-{total}, not {result.card_points}", "§1.2")
        if not 0 <= result.tricks <= count:
            _fail(f"{name}.tricks must be 0-{count}, not {result.tricks}", _cite(rules, "§3.5"))
        if result.doppelkopf < 0:
            _fail(f"{name}.doppelkopf is a count and cannot be {result.doppelkopf}", "§11.3")
        if result.foxes_caught < 0:
            _fail(f"{name}.foxes_caught is a count and cannot be {result.foxes_caught}", "§11.4")
        if not 0 <= result.karlchen_caught <= 2:
            _fail(
                f"{name}.karlchen_caught must be 0-2, as the deck holds two ♣J, "
                f"not {result.karlchen_caught}",
                "V§5.3",
            )
    re, kontra = summary.re, summary.kontra
    if re.card_points + kontra.card_points != total:
        _fail(
            f"re.card_points + kontra.card_points = {re.card_points + kontra.card_points}, "
            f"but the deck holds {total} card points",
            "§1.2",
        )
    if re.tricks + kontra.tricks != count:
        _fail(
            f"re.tricks + kontra.tricks = {re.tricks + kontra.tricks}, but a deal has "
            f"{count} tricks",
            _cite(rules, "§3.5"),
        )
    for name, party, result in _parties(summary):
        if result.tricks == 0 and result.card_points > 0:
            _fail(f"{name}.card_points={result.card_points}, but {party} won no trick", "§5.5")


def _check_announcements(summary: DealSummary) -> None:
    if summary.re.late_reply and summary.kontra.late_reply:
        _fail(
            "re.late_reply and kontra.late_reply are both set, but the first Re/Kontra "
            "of a deal answers nothing and so is never a reply",
            "§8.6",
        )
    for name, party, result in _parties(summary):
        if not result.late_reply:
            continue
        if result.announcement is None:
            _fail(f"{name}.late_reply is set, but {party} announced nothing", "§8.6c")
        if result.announcement is not Announcement.RE_KONTRA:
            _fail(
                f"{name}.late_reply is set with announcement "
                f"{result.announcement.label(party)!r}: after a late reply the party "
                f"cannot make an absage, so its level can only be {party}",
                "§8.7",
            )
        if not summary.result_of(party.opponent).announced:
            _fail(
                f"{name}.late_reply is set, but a reply answers an announcement "
                f"and {party.opponent} announced nothing",
                "§8.6c",
            )


_SPECIAL_FIELDS: Final = (
    ("doppelkopf", "§11.3"),
    ("foxes_caught", "§11.4"),
    ("karlchen", "§11.5"),
    ("karlchen_caught", "V§5.3"),
    ("fox_at_end", "V§5.4"),
)
"""Each special-point field of a :class:`PartyResult` and its rule."""

_LAST_TRICK_FIELDS: Final = _SPECIAL_FIELDS[2:]
"""The special points won with the last trick (SPEC §11.5, V§5.3, V§5.4)."""


def _check_special_rules(summary: DealSummary) -> None:
    """Special points only where the game type and the rules have them (SPEC §11.1, V§5)."""
    game, rules = summary.game_type, summary.rules
    for name, _, result in _parties(summary):
        if not result.special_points:
            continue
        field = next(field for field, _ in _SPECIAL_FIELDS if getattr(result, field))
        if not game.has_special_points:
            _fail(f"{name}.{field} is set, but a {game} has no special points", "§11.1")
        if not rules.specials:
            _fail(
                f"{name}.{field} is set, but the rules count no special points (specials=False)",
                "V§5.1",
            )
        if result.karlchen and not rules.karlchen:
            _fail(
                f"{name}.karlchen is set, but the rules have no Karlchen (karlchen=False)", "V§5.2"
            )
        if result.karlchen_caught and not rules.karlchen_caught:
            _fail(
                f"{name}.karlchen_caught is set, but the rules have no caught Karlchen "
                "(karlchen_caught=False)",
                "V§5.3",
            )
        if result.fox_at_end and not rules.fox_at_end:
            _fail(
                f"{name}.fox_at_end is set, but the rules have no fox at the end "
                "(fox_at_end=False)",
                "V§5.4",
            )


def _check_specials(summary: DealSummary) -> None:
    _check_special_rules(summary)
    for name, party, result in _parties(summary):
        _check_party_specials(summary.rules, name, party, result)
    _check_both_specials(summary)


def _check_party_specials(rules: Rules, name: str, party: Party, result: PartyResult) -> None:
    """The special points of one party against its tricks and the deck (SPEC §11, V§5)."""
    facts = _facts(rules)
    last = rules.tricks
    if result.doppelkopf > result.tricks:
        _fail(
            f"{name}.doppelkopf={result.doppelkopf} is more than the "
            f"{result.tricks} tricks {party} won",
            "§11.3",
        )
    if 40 * result.doppelkopf > result.card_points:
        _fail(
            f"{name}.doppelkopf={result.doppelkopf} needs at least "
            f"{40 * result.doppelkopf} card points, but {party} has {result.card_points}",
            "§11.3",
        )
    if result.foxes_caught and not result.tricks:
        _fail(f"{name}.foxes_caught={result.foxes_caught}, but {party} won no trick", "§11.4")
    if result.karlchen and result.tricks == result.doppelkopf:
        _fail(
            f"{name}.karlchen is set, but Karlchen is won with the last trick, which "
            f"holds a ♣J and so is no Doppelkopf, and {party} won no trick "
            "besides its Doppelkopf tricks",
            "§11.5",
        )
    if result.karlchen_caught and result.tricks == result.doppelkopf:
        _fail(
            f"{name}.karlchen_caught={result.karlchen_caught}, but a Karlchen is caught "
            f"with the last trick, which holds a ♣J and so is no Doppelkopf, and {party} "
            "won no trick besides its Doppelkopf tricks",
            "V§5.3",
        )
    if result.fox_at_end and not result.tricks:
        _fail(f"{name}.fox_at_end is set, but {party} won no trick", "V§5.4")
    if result.karlchen and result.fox_at_end:
        _fail(
            f"{name}.karlchen and {name}.fox_at_end are both set, but the winning card "
            f"of trick {last} is either a ♣J or a ♦A",
            "§11.5, V§5.4",
        )
    if result.karlchen + result.karlchen_caught > facts.charlies:
        _fail(
            f"{name}.karlchen and {name}.karlchen_caught={result.karlchen_caught} "
            f"need {result.karlchen + result.karlchen_caught} ♣J, but the deck holds "
            f"{facts.charlies}",
            "§11.5, V§5.3",
        )
    if result.fox_at_end and result.karlchen_caught and not rules.schweinchen:
        _fail(
            f"{name}.fox_at_end and {name}.karlchen_caught are both set, but a ♦A "
            "wins a trick holding a ♣J only as a Schwein",
            "V§5.4, V§2.3",
        )


def _check_both_specials(summary: DealSummary) -> None:
    """The special points of both parties together (SPEC §11, V§5)."""
    rules = summary.rules
    facts = _facts(rules)
    re, kontra = summary.re, summary.kontra
    if re.doppelkopf + kontra.doppelkopf > facts.high_count // 4:
        _fail(
            f"re.doppelkopf + kontra.doppelkopf = {re.doppelkopf + kontra.doppelkopf}, but the "
            f"{facts.high_count} aces and tens fill at most {_number(facts.high_count // 4)} "
            "Doppelkopf tricks",
            "§11.3",
        )
    if re.foxes_caught + kontra.foxes_caught > facts.foxes:
        _fail(
            f"re.foxes_caught + kontra.foxes_caught = {re.foxes_caught + kontra.foxes_caught}, "
            f"but the deck holds {_number(facts.foxes)} ♦A",
            "§11.4",
        )
    foxes = re.foxes_caught + kontra.foxes_caught + re.fox_at_end + kontra.fox_at_end
    if foxes > facts.foxes:
        _fail(
            f"re.foxes_caught + kontra.foxes_caught + the fox at the end = {foxes}, "
            f"but the deck holds {_number(facts.foxes)} ♦A",
            "§11.4, V§5.4",
        )
    re_last = next((field for field, _ in _LAST_TRICK_FIELDS if getattr(re, field)), None)
    kontra_last = next((field for field, _ in _LAST_TRICK_FIELDS if getattr(kontra, field)), None)
    if re_last is not None and kontra_last is not None:
        cited = [rule for field, rule in _LAST_TRICK_FIELDS if field in (re_last, kontra_last)]
        _fail(
            f"re.{re_last} and kontra.{kontra_last} are both set, but only one party "
            f"wins trick {rules.tricks}",
            _cite(rules, ", ".join(cited)),
        )


def _number(count: int) -> str:
    return _NUMBER_WORDS.get(count, str(count))


_NUMBER_WORDS: Final = {1: "one", 2: "two", 3: "three", 4: "four"}


def _check_marriage(summary: DealSummary) -> None:
    tricks = summary.re.tricks
    if summary.game_type is GameType.MARRIAGE and tricks < 1:
        _fail(
            "re.tricks=0, but the partner of a marriage joins Re by winning one of tricks 1-3",
            "§7.2",
        )
    if summary.game_type is GameType.MARRIAGE_SOLO and tricks < 3:
        _fail(
            f"re.tricks={tricks}, but a marriage turns solo only when the Hochzeiter "
            "wins tricks 1, 2 and 3",
            "§7.3",
        )


def _share(result: PartyResult) -> tuple[int, int, int, int, int]:
    return (
        result.tricks,
        result.card_points,
        result.doppelkopf,
        result.foxes_caught + result.fox_at_end,
        result.karlchen + result.karlchen_caught,
    )


def _tricks(count: int) -> str:
    return f"{count} trick" if count == 1 else f"{count} tricks"


def _check_card_share(summary: DealSummary) -> None:
    re, kontra = summary.re, summary.kontra
    rules = summary.rules
    counted = rules.counts_specials(summary.game_type)
    facts = _facts(rules)
    if share_exists(facts, counted, _share(re), _share(kontra)):
        return
    specials = ""
    if counted:
        specials = (
            " with the Doppelkopf, fox and Karlchen points given (every trick of four "
            "aces and tens is a Doppelkopf)"
        )
    _fail(
        f"re.card_points, re.tricks: no share of the {facts.size} cards gives Re "
        f"{_tricks(re.tricks)} worth {re.card_points} card points and Kontra "
        f"{_tricks(kontra.tricks)} worth {kontra.card_points}{specials}",
        _cite(rules, "§1.1, §1.2, §11.3", "V§1.1"),
    )


def _validate(summary: DealSummary) -> None:
    _check_seats(summary)
    _check_ranges(summary)
    _check_announcements(summary)
    _check_specials(summary)
    _check_marriage(summary)
    _check_card_share(summary)


# --- summaries of finished deals ----------------------------------------------

_new: Final = object.__new__
_RESULT_SETTERS: Final = tuple(
    vars(PartyResult)[field.name].__set__ for field in attrs.fields(PartyResult)
)
_SUMMARY_SETTERS: Final = tuple(
    vars(DealSummary)[field.name].__set__ for field in attrs.fields(DealSummary)
)


def _trusted_result(
    card_points: int,
    tricks: int,
    announcement: Announcement | None,
    late_reply: bool,
    counts: Sequence[int],
) -> PartyResult:
    """:func:`_checked_result` without the checks, for what a finished deal produced.

    A finished deal already guarantees what the constructor would check.
    """
    result: PartyResult = _new(PartyResult)
    doppelkopf, foxes_caught, karlchen, karlchen_caught, fox_at_end = counts
    (
        set_points,
        set_tricks,
        set_announcement,
        set_late_reply,
        set_doppelkopf,
        set_foxes,
        set_karlchen,
        set_caught,
        set_fox_at_end,
    ) = _RESULT_SETTERS
    set_points(result, card_points)
    set_tricks(result, tricks)
    set_announcement(result, announcement)
    set_late_reply(result, late_reply)
    set_doppelkopf(result, doppelkopf)
    set_foxes(result, foxes_caught)
    set_karlchen(result, karlchen > 0)
    set_caught(result, karlchen_caught)
    set_fox_at_end(result, fox_at_end > 0)
    return result


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
