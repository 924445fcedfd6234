"""The checks that some deal can produce a summary, and that a trick record is a deal's.

Each check reads a :class:`Summary`, which :class:`~doppelkopf.DealSummary` is,
and raises :class:`~doppelkopf.errors.InvalidSummaryError` naming the field and
the rule (SPEC §1, §3.5, §5.5, §6, §7, §8, §11, V§1, V§5).  Every number a
message quotes from the summary goes through :func:`~doppelkopf._checks.excerpt`,
so an int too long to write as text is described instead.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence
from typing import Final, NoReturn, Protocol

from .. import _checks
from ..cards import Card, Rank, Suit
from ..errors import InvalidSummaryError
from ..parties import Announcement, Party
from ..rules import GameType, Rules
from ..tricks import Trick, trick_winner
from ._result import PartyResult
from ._share import DeckFacts, deck_facts, share_exists

__all__ = ["Summary", "check_trick_record", "validate"]

_FOX: Final = Card(Suit.DIAMONDS, Rank.ACE)
_SCHWEINE_GAMES: Final = frozenset(
    {GameType.NORMAL, GameType.MARRIAGE, GameType.MARRIAGE_SOLO, GameType.SILENT_MARRIAGE}
)
"""The final game types in which a player may hold the Schweine (V§2.3)."""


class Summary(Protocol):
    """What the checks read of a :class:`~doppelkopf.DealSummary`."""

    @property
    def game_type(self) -> GameType: ...

    @property
    def re_seats(self) -> frozenset[int]: ...

    @property
    def re(self) -> PartyResult: ...

    @property
    def kontra(self) -> PartyResult: ...

    @property
    def rules(self) -> Rules: ...

    def result_of(self, party: Party) -> PartyResult: ...


@functools.cache
def _facts(rules: Rules) -> DeckFacts:
    """The facts of the deck of ``rules``: rule sets with the same deck share them."""
    return deck_facts(rules.deck)


def _cite(rules: Rules, rule: str, without_nines: str = "V§1.3") -> str:
    """``rule``, with the section of V§1 added when the deck has no nines."""
    return rule if rules.nines else f"{rule}, {without_nines}"


def check_trick_record(tricks: Sequence[Trick], game_type: GameType, rules: Rules) -> bool:
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


_shown: Final = _checks.excerpt
"""A number of the summary in a message: an int too long to write is described (SPEC §0.4)."""


def _fail(message: str, rule: str) -> NoReturn:
    raise InvalidSummaryError(f"{message} ({rule})")


def _parties(summary: Summary) -> tuple[tuple[str, Party, PartyResult], ...]:
    return (("re", Party.RE, summary.re), ("kontra", Party.KONTRA, summary.kontra))


def _check_seats(summary: Summary) -> None:
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


def _check_ranges(summary: Summary) -> None:
    rules = summary.rules
    total = _facts(rules).points
    count = rules.tricks
    for name, _, result in _parties(summary):
        if not 0 <= result.card_points <= total:
            _fail(f"{name}.card_points must be 0-{total}, not {_shown(result.card_points)}", "§1.2")
        if not 0 <= result.tricks <= count:
            _fail(
                f"{name}.tricks must be 0-{count}, not {_shown(result.tricks)}",
                _cite(rules, "§3.5"),
            )
        if result.doppelkopf < 0:
            _fail(
                f"{name}.doppelkopf is a count and cannot be {_shown(result.doppelkopf)}", "§11.3"
            )
        if result.foxes_caught < 0:
            _fail(
                f"{name}.foxes_caught is a count and cannot be {_shown(result.foxes_caught)}",
                "§11.4",
            )
        if not 0 <= result.karlchen_caught <= 2:
            _fail(
                f"{name}.karlchen_caught must be 0-2, as the deck holds two ♣J, "
                f"not {_shown(result.karlchen_caught)}",
                "V§5.3",
            )
    re, kontra = summary.re, summary.kontra
    if re.card_points + kontra.card_points != total:
        _fail(
            f"re.card_points + kontra.card_points = {_shown(re.card_points + kontra.card_points)}, "
            f"but the deck holds {total} card points",
            "§1.2",
        )
    if re.tricks + kontra.tricks != count:
        _fail(
            f"re.tricks + kontra.tricks = {_shown(re.tricks + kontra.tricks)}, but a deal has "
            f"{count} tricks",
            _cite(rules, "§3.5"),
        )
    for name, party, result in _parties(summary):
        if result.tricks == 0 and result.card_points > 0:
            _fail(
                f"{name}.card_points={_shown(result.card_points)}, but {party} won no trick", "§5.5"
            )


def _check_announcements(summary: Summary) -> None:
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


def _check_special_rules(summary: Summary) -> None:
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


def _check_specials(summary: Summary) -> None:
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
            f"{name}.doppelkopf={_shown(result.doppelkopf)} is more than the "
            f"{_shown(result.tricks)} tricks {party} won",
            "§11.3",
        )
    if 40 * result.doppelkopf > result.card_points:
        _fail(
            f"{name}.doppelkopf={_shown(result.doppelkopf)} needs at least "
            f"{_shown(40 * result.doppelkopf)} card points, but {party} has "
            f"{_shown(result.card_points)}",
            "§11.3",
        )
    if result.foxes_caught and not result.tricks:
        _fail(
            f"{name}.foxes_caught={_shown(result.foxes_caught)}, but {party} won no trick", "§11.4"
        )
    if result.karlchen and result.tricks == result.doppelkopf:
        _fail(
            f"{name}.karlchen is set, but Karlchen is won with the last trick, which "
            f"holds a ♣J and so is no Doppelkopf, and {party} won no trick "
            "besides its Doppelkopf tricks",
            "§11.5",
        )
    if result.karlchen_caught and result.tricks == result.doppelkopf:
        _fail(
            f"{name}.karlchen_caught={_shown(result.karlchen_caught)}, but a Karlchen is caught "
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
            f"{name}.karlchen and {name}.karlchen_caught={_shown(result.karlchen_caught)} "
            f"need {_shown(result.karlchen + result.karlchen_caught)} ♣J, but the deck holds "
            f"{facts.charlies}",
            "§11.5, V§5.3",
        )
    if result.fox_at_end and result.karlchen_caught and not rules.schweinchen:
        _fail(
            f"{name}.fox_at_end and {name}.karlchen_caught are both set, but a ♦A "
            "wins a trick holding a ♣J only as a Schwein",
            "V§5.4, V§2.3",
        )


def _check_both_specials(summary: Summary) -> None:
    """The special points of both parties together (SPEC §11, V§5)."""
    rules = summary.rules
    facts = _facts(rules)
    re, kontra = summary.re, summary.kontra
    if re.doppelkopf + kontra.doppelkopf > facts.high_count // 4:
        _fail(
            f"re.doppelkopf + kontra.doppelkopf = {_shown(re.doppelkopf + kontra.doppelkopf)}, "
            "but the "
            f"{facts.high_count} aces and tens fill at most {_number(facts.high_count // 4)} "
            "Doppelkopf tricks",
            "§11.3",
        )
    if re.foxes_caught + kontra.foxes_caught > facts.foxes:
        _fail(
            "re.foxes_caught + kontra.foxes_caught = "
            f"{_shown(re.foxes_caught + kontra.foxes_caught)}, "
            f"but the deck holds {_number(facts.foxes)} ♦A",
            "§11.4",
        )
    foxes = re.foxes_caught + kontra.foxes_caught + re.fox_at_end + kontra.fox_at_end
    if foxes > facts.foxes:
        _fail(
            f"re.foxes_caught + kontra.foxes_caught + the fox at the end = {_shown(foxes)}, "
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


def _check_marriage(summary: Summary) -> None:
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


def _check_card_share(summary: Summary) -> None:
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


def validate(summary: Summary) -> None:
    """Raise :class:`~doppelkopf.errors.InvalidSummaryError` unless some deal can give ``summary``.

    See :class:`~doppelkopf.DealSummary` for what is checked.
    """
    _check_seats(summary)
    _check_ranges(summary)
    _check_announcements(summary)
    _check_specials(summary)
    _check_marriage(summary)
    _check_card_share(summary)
