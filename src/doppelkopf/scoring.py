"""Settlement: who won a deal, what it is worth and what each seat writes (SPEC §9–§12).

A finished deal is summed up by a :class:`DealSummary`: the game type, the Re
seats and, for each party, a :class:`PartyResult` (card points, tricks, the
highest announcement and the special points earned).  From it:

- :func:`winner` decides the deal (SPEC §9.3), or finds that nobody won;
- :func:`game_value` itemises the game value line by line (SPEC §10, §11);
- :func:`settle` nets the lines into ``VR`` and the four entries of the score
  sheet (SPEC §10.5, §12).

>>> from doppelkopf.parties import Announcement
>>> from doppelkopf.rules import GameType
>>> x01 = DealSummary(  # EXAMPLES X01
...     GameType.NORMAL,
...     re_seats={0, 2},
...     re=PartyResult(160, 9, announcement=Announcement.NO_90, foxes_caught=1),
...     kontra=PartyResult(80, 3, doppelkopf=1),
... )
>>> settlement = settle(x01)
>>> settlement.winner, settlement.value, settlement.scores
(Party.RE, 5, (5, -5, 5, -5))
>>> [line.reason for line in settlement.lines]
['won', 'Kontra under 90', 'Re announced', 'Re: keine 90', 'fox caught', 'Doppelkopf']
"""

from __future__ import annotations

import enum
import functools
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Final, NoReturn

import attrs

from .announce import PartyAnnouncements
from .cards import DECK
from .deal import Deal, Outcome
from .errors import InvalidSummaryError, InvalidValueError
from .parties import Announcement, Party
from .rules import GameType
from .specials import SpecialKind, special_events
from .tricks import Trick, trick_winner

__all__ = [
    "DealSummary",
    "PartyResult",
    "Settlement",
    "ValueKind",
    "ValueLine",
    "game_value",
    "settle",
    "summarize",
    "winner",
]

_LOW_THRESHOLDS: Final = (90, 60, 30)
"""The loser's "under 90 / 60 / 30" lines (SPEC §10.1)."""

_CREDIT_THRESHOLDS: Final = {
    Announcement.NO_90: 120,
    Announcement.NO_60: 90,
    Announcement.NO_30: 60,
    Announcement.SCHWARZ: 30,
}
"""Card points that earn a credit against each opponent absage level (SPEC §10.2)."""

_PARTIES: Final = (Party.RE, Party.KONTRA)

_ABSAGEN: Final = (Announcement.NO_90, Announcement.NO_60, Announcement.NO_30, Announcement.SCHWARZ)


# --- the summary of a deal ---------------------------------------------------


def _check_count(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int:
        raise TypeError(f"{attribute.name} must be an int, not {value!r}")


def _check_flag(instance: object, attribute: attrs.Attribute[bool], value: bool) -> None:
    if type(value) is not bool:
        raise TypeError(f"{attribute.name} must be a bool, not {value!r}")


def _to_announcement(value: Announcement | int | None) -> Announcement | None:
    if value is None or isinstance(value, Announcement):
        return value
    if type(value) is int and 0 <= value <= 4:
        return Announcement(value)
    raise InvalidSummaryError(
        f"announcement must be None or a level 0-4 (Re/Kontra … schwarz), not {value!r} (§8.1)"
    )


@attrs.frozen
class PartyResult:
    """What one party achieved in a deal, as written down after trick 12 (SPEC §9.1, §10, §11).

    - ``card_points`` (0–240) and ``tricks`` (0–12) taken by the party;
    - ``announcement``: the highest level the party announced, implied levels
      included (``Announcement.NO_60`` for a party that said "keine 60"), or
      ``None`` if it said nothing;
    - ``late_reply``: the party's Re/Kontra was a late reply (SPEC §8.6c), which
      locks its absagen (SPEC §8.7), so its level can only be Re/Kontra;
    - the special points it earned: ``doppelkopf`` tricks, ``foxes_caught`` and
      ``karlchen`` (SPEC §11.3–§11.5).

    A plain integer 0–4 is accepted for ``announcement``.  Whether the numbers
    fit together is checked when the result becomes part of a
    :class:`DealSummary`.

    >>> PartyResult(160, 9, announcement=1)
    PartyResult(card_points=160, tricks=9, announcement=<Announcement.NO_90: 1>, \
late_reply=False, doppelkopf=0, foxes_caught=0, karlchen=False)
    >>> result = PartyResult(160, 9, announcement=Announcement.NO_90, doppelkopf=1, karlchen=True)
    >>> result.announced, result.absage, result.special_points
    (True, 1, 2)
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
        """Doppelkopf, fox and Karlchen points together (SPEC §11.3–§11.5)."""
        return self.doppelkopf + self.foxes_caught + int(self.karlchen)


def _to_seats(seats: Iterable[int]) -> frozenset[int]:
    return frozenset(seats)


@attrs.frozen
class DealSummary:
    """The outcome of one finished deal, as needed for settling it (SPEC §9–§12).

    ``re_seats`` holds the two Re players of a normal game or marriage, or the
    soloist alone in every solo type (SPEC §6); any iterable of seats is
    accepted.  ``re`` and ``kontra`` are the two parties' results.

    Construction checks that some deal can produce the summary and raises
    :class:`~doppelkopf.errors.InvalidSummaryError` otherwise, naming the field
    and the rule: card points 0–240 adding up to 240 and tricks 0–12 adding up
    to 12 (SPEC §1.2, §3.5); no card points without a trick; card points that
    some share of the 48 cards can give in that many tricks; a late reply
    without an absage and in answer to an opponent announcement (SPEC §8.6c,
    §8.7); special points only in the normal game and the marriage (SPEC
    §11.1), no more Doppelkopf tricks than tricks won and than the aces and
    tens allow (§11.3), at most two foxes (§11.4), Karlchen for one party only
    and never with a Doppelkopf trick (§11.5); in a marriage, the partner's
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
    """

    game_type: GameType = attrs.field(validator=attrs.validators.instance_of(GameType))
    re_seats: frozenset[int] = attrs.field(converter=_to_seats)
    re: PartyResult = attrs.field(validator=attrs.validators.instance_of(PartyResult))
    kontra: PartyResult = attrs.field(validator=attrs.validators.instance_of(PartyResult))

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
    ) -> DealSummary:
        """Count the 12 tricks of a deal into a summary (SPEC §5.5, §9.1, §11).

        Card points, tricks and special points (:func:`~doppelkopf.specials.special_events`)
        are read from ``tricks``; the announcements are given, as in
        :class:`PartyResult`.

        >>> from doppelkopf.rules import GameType
        >>> from doppelkopf.tricks import Trick
        >>> tricks = [Trick.parse(text, leader=0) for text in (
        ...     "♥10 ♦A ♦9 ♦10", "♥10 ♣9 ♣9 ♣K", "♣Q ♠A ♠A ♠9", "♣Q ♥A ♥A ♥K",
        ...     "♠Q ♥K ♥9 ♥9", "♠Q ♠10 ♠10 ♠K", "♥Q ♠K ♠9 ♦9", "♥Q ♣A ♣A ♣10",
        ...     "♦Q ♣10 ♣K ♦K", "♦Q ♦A ♦10 ♦K", "♣J ♠J ♥J ♦J", "♣J ♠J ♥J ♦J")]
        >>> summary = DealSummary.from_tricks(GameType.NORMAL, {0, 2}, tricks)
        >>> summary.re
        PartyResult(card_points=240, tricks=12, announcement=None, late_reply=False, \
doppelkopf=0, foxes_caught=2, karlchen=True)

        Raises:
            InvalidSummaryError: not exactly 12 complete tricks, cards that are
                not the 48 of the deck, a trick led by someone other than the
                winner of the trick before (SPEC §3.5, §5.5), or a summary that
                fails the checks of :class:`DealSummary`.
        """
        seats = _to_seats(re_seats)
        _check_trick_record(tricks, game_type)
        parties = [Party.RE if seat in seats else Party.KONTRA for seat in range(4)]
        events = special_events(tricks, game_type, parties)
        taken: dict[Party, list[Trick]] = {Party.RE: [], Party.KONTRA: []}
        for trick in tricks:
            taken[parties[trick_winner(trick, game_type)]].append(trick)

        def result(party: Party, announcement: Announcement | None, late: bool) -> PartyResult:
            kinds = Counter(event.kind for event in events if event.party is party)
            return PartyResult(
                sum(trick.points for trick in taken[party]),
                len(taken[party]),
                announcement=announcement,
                late_reply=late,
                doppelkopf=kinds[SpecialKind.DOPPELKOPF],
                foxes_caught=kinds[SpecialKind.FOX_CAUGHT],
                karlchen=kinds[SpecialKind.KARLCHEN] > 0,
            )

        return cls(
            game_type,
            seats,
            result(Party.RE, re_announcement, re_late_reply),
            result(Party.KONTRA, kontra_announcement, kontra_late_reply),
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
            ValueError: ``seat`` is not 0–3.
        """
        if type(seat) is not int or not 0 <= seat <= 3:
            raise InvalidValueError(f"a seat is 0-3, not {seat!r}")
        return Party.RE if seat in self.re_seats else Party.KONTRA

    def seats_of(self, party: Party) -> frozenset[int]:
        """The seats of ``party``."""
        return self.re_seats if party is Party.RE else self.kontra_seats

    def result_of(self, party: Party) -> PartyResult:
        """``re`` or ``kontra``, by party."""
        return self.re if party is Party.RE else self.kontra


def _check_trick_record(tricks: Sequence[Trick], game_type: GameType) -> None:
    if len(tricks) != 12 or not all(
        isinstance(trick, Trick) and trick.is_complete for trick in tricks
    ):
        raise InvalidSummaryError("a finished deal is 12 complete tricks (§3.5, §5.1)")
    played = Counter(card for trick in tricks for card in trick.cards)
    if played != Counter(DECK):
        raise InvalidSummaryError(
            "the 12 tricks must hold the 48 cards of the deck, two of each card (§1.1)"
        )
    for number in range(1, 12):
        previous = trick_winner(tricks[number - 1], game_type)
        if tricks[number].leader != previous:
            raise InvalidSummaryError(
                f"trick {number + 1} is led by seat {tricks[number].leader}, but seat "
                f"{previous} won trick {number} and leads next (§5.5)"
            )


# --- checks of a summary -----------------------------------------------------


def _fail(message: str, rule: str) -> NoReturn:
    raise InvalidSummaryError(f"{message} ({rule})")


def _parties(summary: DealSummary) -> tuple[tuple[str, Party, PartyResult], ...]:
    return (("re", Party.RE, summary.re), ("kontra", Party.KONTRA, summary.kontra))


def _check_seats(summary: DealSummary) -> None:
    seats = summary.re_seats
    if not all(type(seat) is int and 0 <= seat <= 3 for seat in seats):
        _fail(f"re_seats={sorted(seats, key=repr)!r}: seats are 0-3", "§0.4")
    game = summary.game_type
    text = "{" + ", ".join(str(seat) for seat in sorted(seats)) + "}"
    if game.is_solo and len(seats) != 1:
        _fail(f"re_seats={text}: in a {game} the soloist alone is Re", "§6.3")
    if not game.is_solo and len(seats) != 2:
        rule = "§6.1" if game is GameType.NORMAL else "§6.2"
        _fail(f"re_seats={text}: a {game} has two Re players", rule)


def _check_ranges(summary: DealSummary) -> None:
    for name, _, result in _parties(summary):
        if not 0 <= result.card_points <= 240:
            _fail(f"{name}.card_points must be 0-240, not {result.card_points}", "§1.2")
        if not 0 <= result.tricks <= 12:
            _fail(f"{name}.tricks must be 0-12, not {result.tricks}", "§3.5")
        if result.doppelkopf < 0:
            _fail(f"{name}.doppelkopf is a count and cannot be {result.doppelkopf}", "§11.3")
        if result.foxes_caught < 0:
            _fail(f"{name}.foxes_caught is a count and cannot be {result.foxes_caught}", "§11.4")
    re, kontra = summary.re, summary.kontra
    if re.card_points + kontra.card_points != 240:
        _fail(
            f"re.card_points + kontra.card_points = {re.card_points + kontra.card_points}, "
            "but the deck holds 240 card points",
            "§1.2",
        )
    if re.tricks + kontra.tricks != 12:
        _fail(
            f"re.tricks + kontra.tricks = {re.tricks + kontra.tricks}, but a deal has 12 tricks",
            "§3.5",
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


def _check_specials(summary: DealSummary) -> None:
    game = summary.game_type
    for name, party, result in _parties(summary):
        if not game.has_special_points and result.special_points:
            field = next(
                field
                for field, value in (
                    ("doppelkopf", result.doppelkopf),
                    ("foxes_caught", result.foxes_caught),
                    ("karlchen", result.karlchen),
                )
                if value
            )
            _fail(f"{name}.{field} is set, but a {game} has no special points", "§11.1")
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
    re, kontra = summary.re, summary.kontra
    if re.doppelkopf + kontra.doppelkopf > 4:
        _fail(
            f"re.doppelkopf + kontra.doppelkopf = {re.doppelkopf + kontra.doppelkopf}, but the "
            "16 aces and tens fill at most four Doppelkopf tricks",
            "§11.3",
        )
    if re.foxes_caught + kontra.foxes_caught > 2:
        _fail(
            f"re.foxes_caught + kontra.foxes_caught = {re.foxes_caught + kontra.foxes_caught}, "
            "but the deck holds two ♦A",
            "§11.4",
        )
    if re.karlchen and kontra.karlchen:
        _fail(
            "re.karlchen and kontra.karlchen are both set, but only one party wins trick 12",
            "§11.5",
        )


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


@functools.cache
def _low_card_shares() -> dict[tuple[int, int], frozenset[int]]:
    """(count, card points) of a share of the 32 cards below ten -> its possible jack counts.

    The deck holds eight each of the nines (0), jacks (2), queens (3) and kings (4).
    """
    shares: dict[tuple[int, int], set[int]] = {}
    for nines in range(9):
        for jacks in range(9):
            for queens in range(9):
                for kings in range(9):
                    key = (nines + jacks + queens + kings, 2 * jacks + 3 * queens + 4 * kings)
                    shares.setdefault(key, set()).add(jacks)
    return {key: frozenset(value) for key, value in shares.items()}


_Share = tuple[int, int, int, int, bool]
"""What a party took: tricks, card points, Doppelkopf tricks, foxes caught, Karlchen."""


def _share(result: PartyResult) -> _Share:
    return (
        result.tricks,
        result.card_points,
        result.doppelkopf,
        result.foxes_caught,
        result.karlchen,
    )


@functools.lru_cache(maxsize=4096)
def _share_exists(special_points: bool, re: _Share, kontra: _Share) -> bool:
    """Whether the 48 cards can be shared out between the parties as ``re`` and ``kontra`` say.

    Re's share is some number of aces and tens plus cards below ten.  Each
    party's Doppelkopf tricks need four aces or tens, each caught fox an ace
    among the catcher's cards, and Karlchen a ♣J.
    """
    tricks, points, doppelkopf, foxes, karlchen = re
    kontra_tricks, _, kontra_doppelkopf, kontra_foxes, kontra_karlchen = kontra
    shares = _low_card_shares()
    for aces in range(foxes, 9 - kontra_foxes):
        for tens in range(9):
            high = aces + tens
            low = 4 * tricks - high
            if not (4 * doppelkopf <= high <= 16 - 4 * kontra_doppelkopf and 0 <= low <= 32):
                continue
            # A trick of four aces and tens is worth 40 or more, so in a game with
            # special points it is a Doppelkopf: every other trick holds a low card.
            if special_points and (
                low < tricks - doppelkopf or 32 - low < kontra_tricks - kontra_doppelkopf
            ):
                continue
            jacks = shares.get((low, points - 11 * aces - 10 * tens), frozenset())
            # Re holds ``j`` of the eight jacks; Karlchen needs a ♣J on the winning side.
            if any((not karlchen or j >= 1) and (not kontra_karlchen or j <= 7) for j in jacks):
                return True
    return False


def _tricks(count: int) -> str:
    return f"{count} trick" if count == 1 else f"{count} tricks"


def _check_card_share(summary: DealSummary) -> None:
    re, kontra = summary.re, summary.kontra
    if _share_exists(summary.game_type.has_special_points, _share(re), _share(kontra)):
        return
    specials = ""
    if summary.game_type.has_special_points:
        specials = (
            " with the Doppelkopf, fox and Karlchen points given (every trick of four "
            "aces and tens is a Doppelkopf)"
        )
    _fail(
        f"re.card_points, re.tricks: no share of the 48 cards gives Re {_tricks(re.tricks)} "
        f"worth {re.card_points} card points and Kontra {_tricks(kontra.tricks)} worth "
        f"{kontra.card_points}{specials}",
        "§1.1, §1.2, §11.3",
    )


def _validate(summary: DealSummary) -> None:
    _check_seats(summary)
    _check_ranges(summary)
    _check_announcements(summary)
    _check_specials(summary)
    _check_marriage(summary)
    _check_card_share(summary)


# --- winner ------------------------------------------------------------------


def _fulfils(own: PartyResult, opponents: PartyResult) -> bool:
    """Whether a party with absage ``own.absage`` (1–4) fulfils it (SPEC §9.2)."""
    if own.absage == Announcement.SCHWARZ:
        return opponents.tricks == 0
    return opponents.card_points < _LOW_THRESHOLDS[own.absage - 1]


def winner(summary: DealSummary) -> Party | None:
    """The party that wins the deal, or ``None`` when nobody does (SPEC §9.3, §10.4).

    1. No absage on either side: Re needs 121 card points, or 120 when only
       Kontra announced (then Kontra needs 121).
    2. Only one party made an absage: it wins iff it fulfils it; otherwise the
       other party wins, needing only 90 / 60 / 30 card points or one trick.
    3. Both made absagen: a party wins iff it fulfils its own; if neither does,
       nobody wins.

    >>> from doppelkopf.rules import GameType
    >>> def deal(re_points, re_said=None, kontra_said=None):
    ...     return DealSummary(GameType.NORMAL, {0, 1},
    ...                        PartyResult(re_points, 6, announcement=re_said),
    ...                        PartyResult(240 - re_points, 6, announcement=kontra_said))
    >>> winner(deal(120)), winner(deal(120, kontra_said=0))  # X03, X08
    (Party.KONTRA, Party.RE)
    >>> winner(deal(145, re_said=1))  # X05: keine 90 failed against 95
    Party.KONTRA
    >>> print(winner(deal(130, re_said=1, kontra_said=1)))  # X11: both failed
    None
    """
    re, kontra = summary.re, summary.kontra
    if re.absage and kontra.absage:
        if _fulfils(re, kontra):
            return Party.RE
        return Party.KONTRA if _fulfils(kontra, re) else None
    if re.absage:
        return Party.RE if _fulfils(re, kontra) else Party.KONTRA
    if kontra.absage:
        return Party.KONTRA if _fulfils(kontra, re) else Party.RE
    needed = 120 if kontra.announced and not re.announced else 121
    return Party.RE if re.card_points >= needed else Party.KONTRA


# --- game value --------------------------------------------------------------


class ValueKind(enum.Enum):
    """What a line of the game value counts (SPEC §10, §11).

    >>> ValueKind.CREDIT.rule, ValueKind.GEGEN_DIE_ALTEN.rule
    ('§10.2', '§11.2')
    """

    WON = "won"
    LOW = "low"
    ANNOUNCED = "announced"
    ABSAGE = "absage"
    CREDIT = "credit"
    GEGEN_DIE_ALTEN = "gegen die Alten"
    DOPPELKOPF = "Doppelkopf"
    FOX_CAUGHT = "fox caught"
    KARLCHEN = "Karlchen"

    @property
    def rule(self) -> str:
        """The SPEC section that defines this kind of line."""
        return _KIND_RULES[self]

    @property
    def is_special(self) -> bool:
        """Whether the line is a special point (SPEC §11)."""
        return self in _SPECIAL_KINDS

    def __repr__(self) -> str:
        return f"ValueKind.{self.name}"


_KIND_RULES: Final = {
    ValueKind.WON: "§10.1",
    ValueKind.LOW: "§10.1",
    ValueKind.ANNOUNCED: "§10.1",
    ValueKind.ABSAGE: "§10.1",
    ValueKind.CREDIT: "§10.2",
    ValueKind.GEGEN_DIE_ALTEN: "§11.2",
    ValueKind.DOPPELKOPF: "§11.3",
    ValueKind.FOX_CAUGHT: "§11.4",
    ValueKind.KARLCHEN: "§11.5",
}
_SPECIAL_KINDS: Final = frozenset(
    {
        ValueKind.GEGEN_DIE_ALTEN,
        ValueKind.DOPPELKOPF,
        ValueKind.FOX_CAUGHT,
        ValueKind.KARLCHEN,
    }
)


def _check_points(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value <= 0:
        raise InvalidValueError(
            f"{attribute.name} of a value line must be a positive int, not {value!r}"
        )


@attrs.frozen
class ValueLine:
    """One line of the game value: ``points`` (positive) that count for ``party`` (SPEC §10, §11).

    ``reason`` reads as on a score sheet (``"Kontra under 90"``, ``"Re: keine 90"``,
    ``"120 against keine 90"``); ``rule`` is the SPEC section; ``kind`` groups
    the lines.

    >>> line = ValueLine("Kontra announced", Party.RE, 2, "§10.1", ValueKind.ANNOUNCED)
    >>> print(line)
    Kontra announced: +2 for Re (§10.1)
    >>> ValueLine("gegen die Alten", Party.KONTRA, 1, "§11.2", ValueKind.GEGEN_DIE_ALTEN).re_value
    -1
    """

    reason: str
    party: Party = attrs.field(validator=attrs.validators.instance_of(Party))
    points: int = attrs.field(validator=_check_points)
    rule: str
    kind: ValueKind = attrs.field(validator=attrs.validators.instance_of(ValueKind))

    @property
    def re_value(self) -> int:
        """The line seen from Re: ``+points`` for Re, ``-points`` for Kontra (SPEC §10.5)."""
        return self.points if self.party is Party.RE else -self.points

    def __str__(self) -> str:
        return f"{self.reason}: +{self.points} for {self.party} ({self.rule})"


@functools.cache
def _line(reason: str, party: Party, kind: ValueKind, points: int = 1, rule: str = "") -> ValueLine:
    # Lines are values, and a deal can only produce a few hundred different ones.
    return ValueLine(reason, party, points, rule or kind.rule, kind)


def _lows(earner: Party, summary: DealSummary, rule: str) -> list[ValueLine]:
    """The real lows of ``earner``'s opponents, as points for ``earner`` (SPEC §10.1, §10.4)."""
    victim = earner.opponent
    result = summary.result_of(victim)
    lines = [
        _line(f"{victim} under {threshold}", earner, ValueKind.LOW, rule=rule)
        for threshold in _LOW_THRESHOLDS
        if result.card_points < threshold
    ]
    if result.tricks == 0:
        lines.append(_line(f"{victim} took no trick", earner, ValueKind.LOW, rule=rule))
    return lines


def _main_value(summary: DealSummary, won: Party) -> list[ValueLine]:
    """The main value M, every line for the winner (SPEC §10.1)."""
    lines = [_line("won", won, ValueKind.WON), *_lows(won, summary, "§10.1")]
    for party in _PARTIES:
        if summary.result_of(party).announced:
            lines.append(_line(f"{party} announced", won, ValueKind.ANNOUNCED, points=2))
    for party in _PARTIES:
        for level in _ABSAGEN[: summary.result_of(party).absage]:
            lines.append(_line(f"{party}: {level.label(party)}", won, ValueKind.ABSAGE))
    return lines


def _credits(summary: DealSummary) -> list[ValueLine]:
    """Points against the opponents' absagen, for both parties (SPEC §10.2)."""
    lines = []
    for party in _PARTIES:
        points = summary.result_of(party).card_points
        opponent_absage = summary.result_of(party.opponent).absage
        for level in _ABSAGEN[:opponent_absage]:
            threshold = _CREDIT_THRESHOLDS[level]
            if points >= threshold:
                reason = f"{threshold} against {level.label(party.opponent)}"
                lines.append(_line(reason, party, ValueKind.CREDIT))
    return lines


def _specials(summary: DealSummary, won: Party | None) -> list[ValueLine]:
    """Gegen die Alten and each party's Doppelkopf, fox and Karlchen points (SPEC §11)."""
    lines = []
    if won is Party.KONTRA and summary.game_type.has_special_points:
        lines.append(_line("gegen die Alten", Party.KONTRA, ValueKind.GEGEN_DIE_ALTEN))
    for party in _PARTIES:
        result = summary.result_of(party)
        for kind, count in (
            (ValueKind.DOPPELKOPF, result.doppelkopf),
            (ValueKind.FOX_CAUGHT, result.foxes_caught),
            (ValueKind.KARLCHEN, int(result.karlchen)),
        ):
            lines.extend(_line(kind.value, party, kind) for _ in range(count))
    return lines


def game_value(summary: DealSummary) -> tuple[ValueLine, ...]:
    """Every line of the game value, each counting for one party (SPEC §10, §11).

    With a winner (SPEC §10.1): *won* 1; each of the loser's real lows (under
    90, 60, 30, no trick) 1; *Re announced* and *Kontra announced* 2 each;
    every absage level of either party, implied levels included, 1 each — all
    for the winner.  Then, for either party, the credits against the
    opponents' absagen (SPEC §10.2) and the special points (SPEC §11):
    *gegen die Alten* when Kontra wins a normal game or marriage, and each
    Doppelkopf, caught fox and Karlchen.

    Without a winner (both absagen failed, SPEC §10.4) there is no *won*, no
    announcement and no absage line and no *gegen die Alten*; each party gets
    the opponents' real lows, and the credits and the other special points
    stay.  Summing the lines, Re's as plus and Kontra's as minus, gives ``VR``
    (SPEC §10.5).

    >>> from doppelkopf.rules import GameType
    >>> x13 = DealSummary(GameType.NORMAL, {0, 1},
    ...                   PartyResult(170, 9, announcement=Announcement.NO_60),
    ...                   PartyResult(70, 3, announcement=Announcement.NO_60))
    >>> for line in game_value(x13):  # EXAMPLES X13: nobody wins
    ...     print(line)
    Kontra under 90: +1 for Re (§10.4)
    120 against keine 90: +1 for Re (§10.2)
    90 against keine 60: +1 for Re (§10.2)
    """
    won = winner(summary)
    if won is None:
        lines = [*_lows(Party.RE, summary, "§10.4"), *_lows(Party.KONTRA, summary, "§10.4")]
    else:
        lines = _main_value(summary, won)
    return (*lines, *_credits(summary), *_specials(summary, won))


# --- settlement --------------------------------------------------------------


def _announced_text(result: PartyResult, party: Party) -> str:
    if result.announcement is None:
        return "nothing announced"
    text = f"announced {result.announcement.label(party)}"
    return f"{text} (late reply)" if result.late_reply else text


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


@attrs.frozen
class Settlement:
    """The settled deal: winner, value lines, ``VR`` and the four scores (SPEC §9–§12).

    Built from a :class:`DealSummary`; every other field follows from it.

    - ``winner``: :func:`winner` (``None`` when nobody won, SPEC §10.4);
    - ``lines``: :func:`game_value`;
    - ``value``: ``VR``, the net of the lines from Re's point of view (SPEC §10.5);
    - ``scores``: the entry of each seat 0–3 on the score sheet (SPEC §12): in
      2 vs 2 each Re player writes ``+VR`` and each Kontra player ``-VR``; in a
      solo the soloist writes ``3·VR`` and each opponent ``-VR``.

    >>> from doppelkopf.rules import GameType
    >>> x07 = Settlement(DealSummary(GameType.JACKS_SOLO, {1}, PartyResult(110, 5),
    ...                              PartyResult(130, 7)))  # EXAMPLES X07
    >>> x07.value, x07.scores, x07.score_of(1), x07.value_for(Party.KONTRA)
    (-1, (1, -3, 1, 1), -3, 1)
    >>> print(x07)
    Jacks solo: Re seat 1 against Kontra seats 0, 2, 3
      Re      110 card points,  5 tricks, nothing announced
      Kontra  130 card points,  7 tricks, nothing announced
    Winner: Kontra
      line                    Re  Kontra  rule
      won                              1  §10.1
      value for Re (VR)       -1          §10.5
    Scores (§12): seat 0 +1, seat 1 -3, seat 2 +1, seat 3 +1
    """

    summary: DealSummary = attrs.field(validator=attrs.validators.instance_of(DealSummary))
    winner: Party | None = attrs.field(init=False)
    lines: tuple[ValueLine, ...] = attrs.field(init=False)
    value: int = attrs.field(init=False)
    scores: tuple[int, int, int, int] = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        summary = self.summary
        lines = game_value(summary)
        value = sum(line.re_value for line in lines)
        re_score = 3 * value if summary.game_type.is_solo else value
        a, b, c, d = (re_score if seat in summary.re_seats else -value for seat in range(4))
        object.__setattr__(self, "winner", winner(summary))
        object.__setattr__(self, "lines", lines)
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "scores", (a, b, c, d))

    def score_of(self, seat: int) -> int:
        """What ``seat`` writes on the score sheet for this deal (SPEC §12)."""
        if type(seat) is not int or not 0 <= seat <= 3:
            raise InvalidValueError(f"a seat is 0-3, not {seat!r}")
        return self.scores[seat]

    def value_for(self, party: Party) -> int:
        """The net value from ``party``'s point of view: ``VR`` for Re, ``-VR`` for Kontra."""
        return self.value if party is Party.RE else -self.value

    def __str__(self) -> str:
        summary = self.summary
        width = max([len("value for Re (VR)"), *(len(line.reason) for line in self.lines)])

        def seats(party: Party) -> str:
            numbers = sorted(summary.seats_of(party))
            noun = "seat" if len(numbers) == 1 else "seats"
            return f"{noun} {', '.join(str(seat) for seat in numbers)}"

        game = str(summary.game_type)
        out = [
            f"{game[0].upper()}{game[1:]}: Re {seats(Party.RE)} against Kontra "
            f"{seats(Party.KONTRA)}"
        ]
        for party in _PARTIES:
            result = summary.result_of(party)
            out.append(
                f"  {party!s:<6}  {result.card_points:>3} card points, "
                f"{result.tricks:>2} trick{'' if result.tricks == 1 else 's'}, "
                f"{_announced_text(result, party)}"
            )
        out.append(f"Winner: {self.winner if self.winner is not None else 'nobody (§10.4)'}")
        out.append(f"  {'line':<{width}}  {'Re':>2}  Kontra  rule")
        for line in self.lines:
            re_column = str(line.points) if line.party is Party.RE else ""
            kontra_column = str(line.points) if line.party is Party.KONTRA else ""
            out.append(f"  {line.reason:<{width}}  {re_column:>2}  {kontra_column:>6}  {line.rule}")
        out.append(f"  {'value for Re (VR)':<{width}}  {_signed(self.value):>2}  {'':>6}  §10.5")
        scores = (f"seat {seat} {_signed(score)}" for seat, score in enumerate(self.scores))
        out.append(f"Scores (§12): {', '.join(scores)}")
        return "\n".join(out)


def summarize(deal: Deal | Outcome) -> DealSummary:
    """The score-sheet summary of a finished deal (or of its :attr:`~doppelkopf.Deal.outcome`).

    Parties, tricks, announcements and special points come from the deal, so
    settling the summary and settling the deal give the same result.

    >>> from doppelkopf import Deal
    >>> deal = Deal.shuffled(seed=11)
    >>> while not deal.is_finished:
    ...     deal = deal.apply(deal.legal_actions()[0])
    >>> summary = summarize(deal)
    >>> summary.game_type, summary.re.card_points + summary.kontra.card_points
    (GameType.NORMAL, 240)

    Raises:
        WrongPhaseError: the deal is not finished.
    """
    outcome = deal.outcome if isinstance(deal, Deal) else deal

    def result(party: Party, announcements: PartyAnnouncements) -> PartyResult:
        kinds = Counter(event.kind for event in outcome.special_events if event.party is party)
        return PartyResult(
            outcome.card_points(party),
            outcome.tricks_won(party),
            announcement=announcements.level,
            late_reply=announcements.late_reply,
            doppelkopf=kinds[SpecialKind.DOPPELKOPF],
            foxes_caught=kinds[SpecialKind.FOX_CAUGHT],
            karlchen=kinds[SpecialKind.KARLCHEN] > 0,
        )

    return DealSummary(
        outcome.game_type,
        outcome.re_seats,
        result(Party.RE, outcome.re_announcements),
        result(Party.KONTRA, outcome.kontra_announcements),
    )


def _as_summary(outcome: object) -> DealSummary:
    if isinstance(outcome, DealSummary):
        return outcome
    if isinstance(outcome, Deal | Outcome):
        return summarize(outcome)
    raise TypeError(f"settle() needs a DealSummary, Deal or Outcome, not {type(outcome).__name__}")


def settle(outcome: DealSummary | Deal | Outcome) -> Settlement:
    """Settle a deal: winner, game value, ``VR`` and the score of each seat (SPEC §9–§12).

    >>> from doppelkopf.rules import GameType
    >>> x36 = DealSummary(GameType.FLESHLESS, {2}, PartyResult(240, 12),
    ...                   PartyResult(0, 0))  # EXAMPLES X36: schwarz without announcement
    >>> settlement = settle(x36)
    >>> settlement.value, settlement.scores
    (5, (-5, -5, 15, -5))
    >>> [line.reason for line in settlement.lines]
    ['won', 'Kontra under 90', 'Kontra under 60', 'Kontra under 30', 'Kontra took no trick']

    A finished :class:`~doppelkopf.Deal` (or its outcome) is settled through
    :func:`summarize`.

    Raises:
        TypeError: ``outcome`` is not a summary, deal or outcome.
        WrongPhaseError: the deal is not finished.
    """
    return Settlement(_as_summary(outcome))
