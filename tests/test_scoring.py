"""Winner, game value and settlement (SPEC §9–§12), checked against EXAMPLES.md Part 1."""

from __future__ import annotations

from collections.abc import Iterable

import attrs
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from doppelkopf.cards import DECK, Card
from doppelkopf.errors import DoppelkopfError, InvalidSummaryError, InvalidTypeError
from doppelkopf.parties import Announcement, Party
from doppelkopf.rules import GameType
from doppelkopf.scoring import (
    DealSummary,
    PartyResult,
    Settlement,
    ValueKind,
    ValueLine,
    game_value,
    settle,
    winner,
)
from doppelkopf.tricks import Trick

RE, KONTRA = Party.RE, Party.KONTRA
RE_KONTRA = Announcement.RE_KONTRA
NO_90, NO_60, NO_30, SCHWARZ = (
    Announcement.NO_90,
    Announcement.NO_60,
    Announcement.NO_30,
    Announcement.SCHWARZ,
)
G = GameType
# Seats A, B, C, D of EXAMPLES.md are 0, 1, 2, 3.
A, B, C, D = 0, 1, 2, 3


def deal(
    game: GameType, re_seats: Iterable[int], re: PartyResult, kontra: PartyResult
) -> Settlement:
    return settle(DealSummary(game, re_seats, re, kontra))


def check(
    settlement: Settlement,
    won: Party | None,
    value: int,
    scores: tuple[int, int, int, int],
) -> None:
    assert settlement.winner is won
    assert settlement.value == value
    assert settlement.scores == scores


def reasons(settlement: Settlement, party: Party | None = None) -> list[str]:
    return [line.reason for line in settlement.lines if party is None or line.party is party]


# --- EXAMPLES.md Part 1 -----------------------------------------------------------


def test_x01_fox_and_doppelkopf_cancel() -> None:
    s = deal(
        G.NORMAL,
        {A, C},
        PartyResult(160, 9, announcement=NO_90, foxes_caught=1),
        PartyResult(80, 3, doppelkopf=1),
    )
    check(s, RE, 5, (5, -5, 5, -5))
    assert reasons(s) == [
        "won",
        "Kontra under 90",
        "Re announced",
        "Re: keine 90",
        "fox caught",
        "Doppelkopf",
    ]
    assert [line.party for line in s.lines][-2:] == [RE, KONTRA]


def test_x02_no_announcement_specials_cancel() -> None:
    s = deal(
        G.NORMAL, {B, D}, PartyResult(156, 8, foxes_caught=1), PartyResult(84, 4, doppelkopf=1)
    )
    check(s, RE, 2, (-2, 2, -2, 2))


def test_x03_120_each_kontra_wins_gegen_die_alten() -> None:
    s = deal(G.NORMAL, {A, B}, PartyResult(120, 6), PartyResult(120, 6))
    check(s, KONTRA, -2, (-2, -2, 2, 2))
    assert reasons(s, KONTRA) == ["won", "gegen die Alten"]
    assert s.lines[-1].rule == "§11.2"


def test_x04_re_and_kontra_announced_re_needs_121() -> None:
    s = deal(
        G.NORMAL,
        {A, D},
        PartyResult(125, 7, announcement=RE_KONTRA),
        PartyResult(115, 5, announcement=RE_KONTRA),
    )
    check(s, RE, 5, (5, -5, -5, 5))
    assert sum(line.points for line in s.lines if line.kind is ValueKind.ANNOUNCED) == 4


def test_x05_failed_keine_90_loses_to_95() -> None:
    s = deal(G.NORMAL, {B, C}, PartyResult(145, 8, announcement=NO_90), PartyResult(95, 4))
    check(s, KONTRA, -5, (5, -5, -5, 5))
    assert reasons(s) == ["won", "Re announced", "Re: keine 90", "gegen die Alten"]


def test_x06_queens_solo_soloist_writes_three_times() -> None:
    s = deal(G.QUEENS_SOLO, {C}, PartyResult(190, 10, announcement=RE_KONTRA), PartyResult(50, 2))
    check(s, RE, 5, (-5, -5, 15, -5))
    assert reasons(s) == ["won", "Kontra under 90", "Kontra under 60", "Re announced"]


def test_x07_jacks_solo_lost_with_110() -> None:
    s = deal(G.JACKS_SOLO, {B}, PartyResult(110, 5), PartyResult(130, 7))
    check(s, KONTRA, -1, (1, -3, 1, 1))
    assert reasons(s) == ["won"]  # no "gegen die Alten" in a solo


def test_x08_only_kontra_announced_120_wins_for_re() -> None:
    s = deal(G.NORMAL, {A, C}, PartyResult(120, 6), PartyResult(120, 6, announcement=RE_KONTRA))
    check(s, RE, 3, (3, -3, 3, -3))
    assert reasons(s) == ["won", "Kontra announced"]


def test_x10_only_re_announced_120_loses() -> None:
    s = deal(G.NORMAL, {A, B}, PartyResult(120, 6, announcement=RE_KONTRA), PartyResult(120, 6))
    check(s, KONTRA, -4, (-4, -4, 4, 4))


def test_x11_both_keine_90_fail_nobody_wins() -> None:
    s = deal(
        G.NORMAL,
        {A, C},
        PartyResult(130, 7, announcement=NO_90),
        PartyResult(110, 5, announcement=NO_90),
    )
    check(s, None, 1, (1, -1, 1, -1))
    assert [(line.reason, line.party, line.rule) for line in s.lines] == [
        ("120 against keine 90", RE, "§10.2")
    ]


def test_x13_both_keine_60_fail() -> None:
    s = deal(
        G.NORMAL,
        {A, B},
        PartyResult(170, 9, announcement=NO_60),
        PartyResult(70, 3, announcement=NO_60),
    )
    check(s, None, 3, (3, 3, -3, -3))
    assert reasons(s) == ["Kontra under 90", "120 against keine 90", "90 against keine 60"]


def test_x15_both_schwarz_fail_re_57() -> None:
    s = deal(
        G.NORMAL,
        {A, C},
        PartyResult(57, 3, announcement=SCHWARZ),
        PartyResult(183, 9, announcement=SCHWARZ),
    )
    check(s, None, -5, (-5, 5, -5, 5))
    assert reasons(s, RE) == ["30 against schwarz"]
    assert reasons(s, KONTRA) == [
        "Re under 90",
        "Re under 60",
        "120 against keine 90",
        "90 against keine 60",
        "60 against keine 30",
        "30 against schwarz",
    ]


def test_x17_both_absagen_re_fulfils_its_own() -> None:
    s = deal(
        G.NORMAL,
        {B, C},
        PartyResult(160, 9, announcement=NO_90),
        PartyResult(80, 3, announcement=NO_90),
    )
    check(s, RE, 9, (-9, 9, 9, -9))
    assert [line for line in s.lines if line.kind is ValueKind.CREDIT] == [
        ValueLine("120 against keine 90", RE, 1, "§10.2", ValueKind.CREDIT)
    ]


def test_x18_schwarz_announced_and_achieved() -> None:
    s = deal(
        G.NORMAL,
        {A, C},
        PartyResult(240, 12, announcement=SCHWARZ, foxes_caught=2, doppelkopf=1, karlchen=True),
        PartyResult(0, 0),
    )
    check(s, RE, 15, (15, -15, 15, -15))
    assert reasons(s) == [
        "won",
        "Kontra under 90",
        "Kontra under 60",
        "Kontra under 30",
        "Kontra took no trick",
        "Re announced",
        "Re: keine 90",
        "Re: keine 60",
        "Re: keine 30",
        "Re: schwarz",
        "Doppelkopf",
        "fox caught",
        "fox caught",
        "Karlchen",
    ]


def test_x20_late_reply_after_keine_90() -> None:
    s = deal(
        G.NORMAL,
        {A, B},
        PartyResult(140, 8, announcement=NO_90),
        PartyResult(100, 4, announcement=RE_KONTRA, late_reply=True),
    )
    check(s, KONTRA, -7, (-7, -7, 7, 7))
    assert reasons(s) == [
        "won",
        "Re announced",
        "Kontra announced",
        "Re: keine 90",
        "gegen die Alten",
    ]


def test_x21_kontra_reaches_120_against_keine_90() -> None:
    s = deal(G.NORMAL, {C, D}, PartyResult(120, 6, announcement=NO_90), PartyResult(120, 6))
    check(s, KONTRA, -6, (6, 6, -6, -6))
    assert "120 against keine 90" in reasons(s, KONTRA)


def test_x23_kontra_keine_90_fulfilled() -> None:
    s = deal(G.NORMAL, {B, C}, PartyResult(85, 4), PartyResult(155, 8, announcement=NO_90))
    check(s, KONTRA, -6, (6, -6, -6, 6))
    assert reasons(s) == [
        "won",
        "Re under 90",
        "Kontra announced",
        "Kontra: keine 90",
        "gegen die Alten",
    ]


def test_x25_marriage_partner_in_trick_2_fox_before_clarification() -> None:
    s = deal(
        G.MARRIAGE,
        {B, D},
        PartyResult(155, 8, announcement=NO_90, foxes_caught=1),
        PartyResult(85, 4, announcement=RE_KONTRA, late_reply=True),
    )
    check(s, RE, 8, (-8, 8, -8, 8))


def test_x26_marriage_kontra_wins_gegen_die_alten_and_karlchen() -> None:
    s = deal(G.MARRIAGE, {A, C}, PartyResult(115, 5), PartyResult(125, 7, karlchen=True))
    check(s, KONTRA, -3, (-3, 3, -3, 3))
    assert reasons(s) == ["won", "gegen die Alten", "Karlchen"]


def test_x27_marriage_solo_90_is_not_under_90() -> None:
    s = deal(G.MARRIAGE_SOLO, {C}, PartyResult(150, 8, announcement=RE_KONTRA), PartyResult(90, 4))
    check(s, RE, 3, (-3, -3, 9, -3))


def test_x29_clubs_solo_lost_with_re_and_kontra() -> None:
    s = deal(
        G.CLUBS_SOLO,
        {A},
        PartyResult(100, 5, announcement=RE_KONTRA),
        PartyResult(140, 7, announcement=RE_KONTRA),
    )
    check(s, KONTRA, -5, (-15, 5, 5, 5))


def test_x30_foxes_of_own_party_give_nothing() -> None:
    s = deal(G.NORMAL, {A, C}, PartyResult(125, 7), PartyResult(115, 5))
    check(s, RE, 1, (1, -1, 1, -1))


def test_x31_diamonds_solo_no_karlchen() -> None:
    s = deal(G.DIAMONDS_SOLO, {B}, PartyResult(130, 7), PartyResult(110, 5))
    check(s, RE, 1, (-1, 3, -1, -1))


def test_x33_kontra_wins_with_alten_fox_karlchen_against_re_doppelkopf() -> None:
    s = deal(
        G.NORMAL,
        {A, B},
        PartyResult(105, 5, doppelkopf=1),
        PartyResult(135, 7, foxes_caught=1, karlchen=True),
    )
    check(s, KONTRA, -3, (-3, -3, 3, 3))
    assert reasons(s, RE) == ["Doppelkopf"]
    assert reasons(s, KONTRA) == ["won", "gegen die Alten", "fox caught", "Karlchen"]


def test_x35_hearts_solo_keine_60_fulfilled() -> None:
    s = deal(G.HEARTS_SOLO, {A}, PartyResult(185, 10, announcement=NO_60), PartyResult(55, 2))
    check(s, RE, 7, (21, -7, -7, -7))


def test_x36_fleshless_schwarz_without_announcement() -> None:
    s = deal(G.FLESHLESS, {C}, PartyResult(240, 12), PartyResult(0, 0))
    check(s, RE, 5, (-5, -5, 15, -5))


def test_x37_repetition_adds_nothing() -> None:
    # D's repeated "Re" does not change the party's level: the summary holds it once.
    s = deal(G.NORMAL, {A, D}, PartyResult(151, 8, announcement=RE_KONTRA), PartyResult(89, 4))
    check(s, RE, 4, (4, -4, -4, 4))


def test_x38_late_reply_locks_the_partner() -> None:
    s = deal(
        G.NORMAL,
        {B, C},
        PartyResult(115, 6, announcement=RE_KONTRA),
        PartyResult(125, 6, announcement=RE_KONTRA, late_reply=True),
    )
    check(s, KONTRA, -6, (6, -6, -6, 6))
    # The rejected keine 90 of D cannot even be written down.
    with pytest.raises(InvalidSummaryError, match=r"kontra\.late_reply.*§8\.7"):
        DealSummary(
            G.NORMAL,
            {B, C},
            PartyResult(115, 6, announcement=RE_KONTRA),
            PartyResult(125, 6, announcement=NO_90, late_reply=True),
        )


def test_x39_skipped_levels_count() -> None:
    s = deal(G.NORMAL, {A, B}, PartyResult(185, 10, announcement=NO_60), PartyResult(55, 2))
    check(s, RE, 7, (7, 7, -7, -7))
    assert reasons(s) == [
        "won",
        "Kontra under 90",
        "Kontra under 60",
        "Re announced",
        "Re: keine 90",
        "Re: keine 60",
    ]


# --- further cases of SPEC §9–§12 --------------------------------------------------


def test_kontra_beats_failed_schwarz_with_one_empty_trick() -> None:
    # SPEC A5: 1 won + 2 Re + 4 absage levels + gegen die Alten; Kontra's own 0 points count
    # nothing, and no credit: 0 < 30.
    s = deal(G.NORMAL, {A, B}, PartyResult(240, 11, announcement=SCHWARZ), PartyResult(0, 1))
    check(s, KONTRA, -8, (-8, -8, 8, 8))
    assert all(line.party is KONTRA for line in s.lines)


def test_failed_schwarz_credit_needs_30() -> None:
    s = deal(G.NORMAL, {A, B}, PartyResult(210, 11, announcement=SCHWARZ), PartyResult(30, 1))
    assert "30 against schwarz" in reasons(s, KONTRA)
    check(s, KONTRA, -9, (-9, -9, 9, 9))


def test_no_winner_keeps_specials_but_not_gegen_die_alten() -> None:
    s = deal(
        G.NORMAL,
        {A, B},
        PartyResult(100, 5, announcement=NO_90, doppelkopf=1),
        PartyResult(140, 7, announcement=NO_90, foxes_caught=1, karlchen=True),
    )
    assert s.winner is None
    assert "gegen die Alten" not in reasons(s)
    assert reasons(s, RE) == ["Doppelkopf"]
    assert reasons(s, KONTRA) == ["120 against keine 90", "fox caught", "Karlchen"]
    check(s, None, -2, (-2, -2, 2, 2))


def test_no_winner_failed_schwarz_against_failed_keine_90() -> None:
    # Re misses schwarz by one trick of four tens, Kontra's keine 90 fails against 200.
    s = deal(
        G.MARRIAGE,
        {A, B},
        PartyResult(200, 11, announcement=SCHWARZ),
        PartyResult(40, 1, announcement=NO_90, doppelkopf=1),
    )
    assert [(line.reason, line.party, line.rule) for line in s.lines] == [
        ("Kontra under 90", RE, "§10.4"),
        ("Kontra under 60", RE, "§10.4"),
        ("120 against keine 90", RE, "§10.2"),
        ("30 against schwarz", KONTRA, "§10.2"),
        ("Doppelkopf", KONTRA, "§11.3"),
    ]
    check(s, None, 1, (1, 1, -1, -1))


def test_no_winner_in_a_solo_is_tripled() -> None:
    s = deal(
        G.SPADES_SOLO,
        {D},
        PartyResult(130, 7, announcement=NO_90),
        PartyResult(110, 5, announcement=NO_90),
    )
    check(s, None, 1, (-1, -1, -1, 3))


def test_value_zero_when_specials_balance_the_win() -> None:
    s = deal(G.NORMAL, {A, B}, PartyResult(125, 6), PartyResult(115, 6, doppelkopf=1))
    check(s, RE, 0, (0, 0, 0, 0))


def test_specials_flip_the_sign_against_the_winner() -> None:
    s = deal(G.NORMAL, {A, B}, PartyResult(125, 6), PartyResult(115, 6, doppelkopf=2))
    check(s, RE, -1, (-1, -1, 1, 1))


def test_silent_marriage_has_no_specials_and_no_gegen_die_alten() -> None:
    s = deal(G.SILENT_MARRIAGE, {B}, PartyResult(100, 5), PartyResult(140, 7))
    check(s, KONTRA, -1, (1, -3, 1, 1))
    with pytest.raises(InvalidSummaryError, match="silent marriage has no special points"):
        DealSummary(G.SILENT_MARRIAGE, {B}, PartyResult(100, 5), PartyResult(140, 7, karlchen=True))


@pytest.mark.parametrize(("announcement", "threshold"), [(NO_90, 90), (NO_60, 60), (NO_30, 30)])
def test_absage_boundary(announcement: Announcement, threshold: int) -> None:
    fulfilled = DealSummary(
        G.NORMAL,
        {A, B},
        PartyResult(241 - threshold, 8, announcement=announcement),
        PartyResult(threshold - 1, 4),
    )
    failed = DealSummary(
        G.NORMAL,
        {A, B},
        PartyResult(240 - threshold, 8, announcement=announcement),
        PartyResult(threshold, 4),
    )
    assert winner(fulfilled) is RE
    assert winner(failed) is KONTRA


def test_schwarz_needs_every_trick_not_every_point() -> None:
    all_tricks = DealSummary(
        G.NORMAL, {A, B}, PartyResult(240, 12, announcement=SCHWARZ), PartyResult(0, 0)
    )
    one_trick = DealSummary(
        G.NORMAL, {A, B}, PartyResult(240, 11, announcement=SCHWARZ), PartyResult(0, 1)
    )
    assert winner(all_tricks) is RE
    assert winner(one_trick) is KONTRA


def test_kontra_absage_fulfilled_against_re_without_absage() -> None:
    s = DealSummary(G.NORMAL, {A, B}, PartyResult(89, 3), PartyResult(151, 9, announcement=NO_90))
    assert winner(s) is KONTRA
    s = DealSummary(G.NORMAL, {A, B}, PartyResult(90, 3), PartyResult(150, 9, announcement=NO_90))
    assert winner(s) is RE


def test_late_reply_counts_as_announced_for_the_121_rule() -> None:
    # Re's late reply means "not only Kontra announced": Re needs 121 again (SPEC A4).
    s = DealSummary(
        G.NORMAL,
        {A, B},
        PartyResult(120, 6, announcement=RE_KONTRA, late_reply=True),
        PartyResult(120, 6, announcement=RE_KONTRA),
    )
    assert winner(s) is KONTRA


def test_game_value_equals_settlement_lines() -> None:
    summary = DealSummary(G.NORMAL, {A, B}, PartyResult(120, 6), PartyResult(120, 6))
    assert game_value(summary) == settle(summary).lines


# --- the summary: accessors and building one from tricks ---------------------------


def test_summary_accessors() -> None:
    summary = DealSummary(G.NORMAL, [3, 1], PartyResult(125, 7), PartyResult(115, 5))
    assert summary.re_seats == frozenset({1, 3})
    assert summary.kontra_seats == frozenset({0, 2})
    assert [summary.party_of(seat) for seat in range(4)] == [KONTRA, RE, KONTRA, RE]
    assert summary.seats_of(KONTRA) == frozenset({0, 2})
    assert summary.result_of(KONTRA) == PartyResult(115, 5)
    assert summary.soloist is None
    with pytest.raises(ValueError, match="seat"):
        summary.party_of(4)
    solo = DealSummary(G.FLESHLESS, (2,), PartyResult(125, 7), PartyResult(115, 5))
    assert solo.soloist == 2
    assert solo.kontra_seats == frozenset({0, 1, 3})


def test_party_result_properties() -> None:
    nothing = PartyResult(100, 5)
    assert (nothing.announced, nothing.absage, nothing.special_points) == (False, 0, 0)
    re_said = PartyResult(100, 5, announcement=0)
    assert re_said.announcement is RE_KONTRA
    assert (re_said.announced, re_said.absage) == (True, 0)
    assert PartyResult(100, 5, announcement=SCHWARZ).absage == 4
    specials = PartyResult(200, 5, doppelkopf=2, foxes_caught=1, karlchen=True)
    assert specials.special_points == 4


def test_party_result_types() -> None:
    with pytest.raises(TypeError, match="card_points"):
        PartyResult(100.0, 5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="tricks"):
        PartyResult(100, True)
    with pytest.raises(TypeError, match="karlchen"):
        PartyResult(100, 5, karlchen=1)  # type: ignore[arg-type]
    with pytest.raises(InvalidSummaryError, match="level 0-4"):
        PartyResult(100, 5, announcement=5)
    with pytest.raises(InvalidTypeError, match=r"level 0-4.*use Announcement\.parse"):
        PartyResult(100, 5, announcement="keine 90")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="GameType"):
        DealSummary("NORMAL", {0, 1}, PartyResult(120, 6), PartyResult(120, 6))  # type: ignore[arg-type]


def full_deal_tricks() -> list[Trick]:
    """Seat 0 leads and wins every trick; seat 1 loses both foxes; the last is a ♣J."""
    texts = (
        "♥10 ♦A ♦9 ♦10",
        "♥10 ♣9 ♣9 ♣K",
        "♣Q ♠A ♠A ♠9",
        "♣Q ♥A ♥A ♥K",
        "♠Q ♥K ♥9 ♥9",
        "♠Q ♠10 ♠10 ♠K",
        "♥Q ♠K ♠9 ♦9",
        "♥Q ♣A ♣A ♣10",
        "♦Q ♣10 ♣K ♦K",
        "♦Q ♦A ♦10 ♦K",
        "♣J ♠J ♥J ♦J",
        "♣J ♠J ♥J ♦J",
    )
    return [Trick.parse(text, leader=0) for text in texts]


def test_from_tricks_counts_points_tricks_and_specials() -> None:
    tricks = full_deal_tricks()
    summary = DealSummary.from_tricks(G.NORMAL, {0, 2}, tricks, re_announcement=NO_30)
    assert summary.re == PartyResult(240, 12, announcement=NO_30, foxes_caught=2, karlchen=True)
    assert summary.kontra == PartyResult(0, 0)
    check(settle(summary), RE, 13, (13, -13, 13, -13))
    # The same tricks in a solo: no special points.
    solo = DealSummary.from_tricks(G.DIAMONDS_SOLO, {0}, tricks)
    assert solo.re == PartyResult(240, 12)
    # With seat 0 in Kontra the tricks belong to Kontra and the foxes stay home.
    summary = DealSummary.from_tricks(
        G.NORMAL,
        {2, 3},
        tricks,
        kontra_announcement=RE_KONTRA,
        re_announcement=NO_90,
        kontra_late_reply=True,
    )
    assert summary.kontra == PartyResult(
        240, 12, announcement=RE_KONTRA, late_reply=True, karlchen=True
    )


def test_from_tricks_rejects_a_broken_record() -> None:
    tricks = full_deal_tricks()
    with pytest.raises(InvalidSummaryError, match="12 complete tricks"):
        DealSummary.from_tricks(G.NORMAL, {0, 2}, tricks[:11])
    with pytest.raises(InvalidSummaryError, match="12 complete tricks"):
        DealSummary.from_tricks(G.NORMAL, {0, 2}, [*tricks[:11], Trick.parse("♣J ♠J ♥J")])
    swapped = [*tricks[:11], Trick.parse("♣J ♠J ♥J ♦A", leader=0)]
    with pytest.raises(InvalidSummaryError, match="48 cards of the deck"):
        DealSummary.from_tricks(G.NORMAL, {0, 2}, swapped)
    led_wrong = [*tricks[:11], Trick.parse("♣J ♠J ♥J ♦J", leader=1)]
    with pytest.raises(InvalidSummaryError, match="trick 12 is led by seat 1"):
        DealSummary.from_tricks(G.NORMAL, {0, 2}, led_wrong)


def test_from_tricks_runs_the_summary_checks() -> None:
    # A marriage turned solo needs the soloist's three first tricks.
    tricks = full_deal_tricks()
    with pytest.raises(InvalidSummaryError, match="wins tricks 1, 2 and 3"):
        DealSummary.from_tricks(G.MARRIAGE_SOLO, {1}, tricks)


# --- settlement object ---------------------------------------------------------------


def test_settlement_helpers() -> None:
    s = deal(G.HEARTS_SOLO, {A}, PartyResult(185, 10, announcement=NO_60), PartyResult(55, 2))
    assert [s.score_of(seat) for seat in range(4)] == [21, -7, -7, -7]
    assert (s.value_for(RE), s.value_for(KONTRA)) == (7, -7)
    with pytest.raises(ValueError, match="seat"):
        s.score_of(-1)
    assert s == settle(s.summary)
    assert hash(s) == hash(settle(s.summary))


def test_settlement_text() -> None:
    s = deal(
        G.NORMAL,
        {A, B},
        PartyResult(100, 5, announcement=NO_90, doppelkopf=1),
        PartyResult(140, 7, announcement=RE_KONTRA, late_reply=True, karlchen=True),
    )
    assert str(s) == "\n".join(
        [
            "Normal game: Re seats 0, 1 against Kontra seats 2, 3",
            "  Re      100 card points,  5 tricks, announced keine 90",
            "  Kontra  140 card points,  7 tricks, announced Kontra (late reply)",
            "Winner: Kontra",
            "  line                  Re  Kontra  rule",
            "  won                            1  §10.1",
            "  Re announced                   2  §10.1",
            "  Kontra announced               2  §10.1",
            "  Re: keine 90                   1  §10.1",
            "  120 against keine 90           1  §10.2",
            "  gegen die Alten                1  §11.2",
            "  Doppelkopf             1          §11.3",
            "  Karlchen                       1  §11.5",
            "  value for Re (VR)     -8          §10.5",
            "Scores (§12): seat 0 -8, seat 1 -8, seat 2 +8, seat 3 +8",
        ]
    )


def test_settlement_text_without_winner() -> None:
    s = deal(
        G.NORMAL,
        {A, B},
        PartyResult(200, 11, announcement=SCHWARZ),
        PartyResult(40, 1, announcement=NO_90, doppelkopf=1),
    )
    text = str(s).splitlines()
    assert text[2] == "  Kontra   40 card points,  1 trick, announced keine 90"
    assert text[3] == "Winner: nobody (§10.4)"
    assert text[-2] == "  value for Re (VR)     +1          §10.5"


def test_settlement_text_of_a_zero_value() -> None:
    s = deal(G.NORMAL, {A, B}, PartyResult(125, 6), PartyResult(115, 6, doppelkopf=1))
    text = str(s).splitlines()
    assert text[-2] == "  value for Re (VR)   0          §10.5"
    assert text[-1] == "Scores (§12): seat 0 0, seat 1 0, seat 2 0, seat 3 0"


def test_settle_needs_a_summary() -> None:
    with pytest.raises(TypeError, match="DealSummary"):
        settle("a deal")  # type: ignore[arg-type]


def test_value_line_checks_its_points() -> None:
    with pytest.raises(ValueError, match="positive"):
        ValueLine("won", RE, 0, "§10.1", ValueKind.WON)
    with pytest.raises(ValueError, match="positive"):
        ValueLine("won", RE, -1, "§10.1", ValueKind.WON)
    assert ValueKind.KARLCHEN.is_special
    assert not ValueKind.CREDIT.is_special
    assert repr(ValueKind.LOW) == "ValueKind.LOW"


# --- impossible summaries: one test per rule -------------------------------------------


def summary(
    re: PartyResult,
    kontra: PartyResult,
    game: GameType = G.NORMAL,
    re_seats: Iterable[int] = (0, 1),
) -> DealSummary:
    return DealSummary(game, re_seats, re, kontra)


def test_reject_card_points_out_of_range() -> None:
    with pytest.raises(
        InvalidSummaryError, match=r"re\.card_points must be 0-240, not 250 \(§1\.2\)"
    ):
        summary(PartyResult(250, 6), PartyResult(-10, 6))
    with pytest.raises(InvalidSummaryError, match=r"kontra\.card_points must be 0-240, not -1"):
        summary(PartyResult(240, 6), PartyResult(-1, 6))


def test_reject_tricks_out_of_range() -> None:
    with pytest.raises(InvalidSummaryError, match=r"re\.tricks must be 0-12, not 13 \(§3\.5\)"):
        summary(PartyResult(240, 13), PartyResult(0, -1))
    with pytest.raises(InvalidSummaryError, match=r"kontra\.tricks must be 0-12, not -1"):
        summary(PartyResult(240, 12), PartyResult(0, -1))


def test_reject_negative_doppelkopf_count() -> None:
    with pytest.raises(InvalidSummaryError, match=r"kontra\.doppelkopf is a count"):
        summary(PartyResult(120, 6), PartyResult(120, 6, doppelkopf=-1))


def test_reject_negative_fox_count() -> None:
    with pytest.raises(InvalidSummaryError, match=r"re\.foxes_caught is a count"):
        summary(PartyResult(120, 6, foxes_caught=-1), PartyResult(120, 6))


def test_reject_card_points_not_summing_to_240() -> None:
    with pytest.raises(InvalidSummaryError, match=r"= 241, but the deck holds 240"):
        summary(PartyResult(121, 6), PartyResult(120, 6))


def test_reject_tricks_not_summing_to_12() -> None:
    with pytest.raises(InvalidSummaryError, match=r"re\.tricks \+ kontra\.tricks = 11"):
        summary(PartyResult(120, 6), PartyResult(120, 5))


def test_reject_card_points_without_a_trick() -> None:
    with pytest.raises(
        InvalidSummaryError, match=r"kontra\.card_points=4, but Kontra won no trick"
    ):
        summary(PartyResult(236, 12), PartyResult(4, 0))


def test_reject_late_reply_without_announcement() -> None:
    with pytest.raises(
        InvalidSummaryError, match=r"re\.late_reply is set, but Re announced nothing"
    ):
        summary(PartyResult(120, 6, late_reply=True), PartyResult(120, 6, announcement=0))


def test_reject_late_reply_with_absage() -> None:
    with pytest.raises(
        InvalidSummaryError, match=r"re\.late_reply is set with announcement 'keine 60'.*§8\.7"
    ):
        summary(
            PartyResult(120, 6, announcement=NO_60, late_reply=True),
            PartyResult(120, 6, announcement=0),
        )


def test_reject_late_reply_to_nothing() -> None:
    with pytest.raises(InvalidSummaryError, match=r"Re announced nothing \(§8\.6c\)"):
        summary(PartyResult(120, 6), PartyResult(120, 6, announcement=0, late_reply=True))


def test_reject_two_late_replies() -> None:
    with pytest.raises(InvalidSummaryError, match=r"both set.*never a reply"):
        summary(
            PartyResult(120, 6, announcement=0, late_reply=True),
            PartyResult(120, 6, announcement=0, late_reply=True),
        )


@pytest.mark.parametrize(
    ("re", "field"),
    [
        (PartyResult(150, 8, doppelkopf=1), "doppelkopf"),
        (PartyResult(150, 8, foxes_caught=1), "foxes_caught"),
        (PartyResult(150, 8, karlchen=True), "karlchen"),
    ],
)
@pytest.mark.parametrize("game", [G.MARRIAGE_SOLO, G.SILENT_MARRIAGE, G.CLUBS_SOLO, G.FLESHLESS])
def test_reject_special_points_in_a_solo(re: PartyResult, field: str, game: GameType) -> None:
    with pytest.raises(InvalidSummaryError, match=rf"re\.{field} is set, .*no special points"):
        summary(re, PartyResult(90, 4), game, re_seats={2})


def test_reject_more_doppelkopf_than_tricks() -> None:
    with pytest.raises(InvalidSummaryError, match=r"re\.doppelkopf=3 is more than the 2 tricks"):
        summary(PartyResult(120, 2, doppelkopf=3), PartyResult(120, 10))


def test_reject_doppelkopf_without_the_card_points() -> None:
    with pytest.raises(InvalidSummaryError, match=r"needs at least 80 card points, but Re has 79"):
        summary(PartyResult(79, 3, doppelkopf=2), PartyResult(161, 9))


def test_reject_more_than_four_doppelkopf() -> None:
    with pytest.raises(InvalidSummaryError, match="at most four Doppelkopf tricks"):
        summary(PartyResult(120, 6, doppelkopf=3), PartyResult(120, 6, doppelkopf=2))


def test_reject_three_foxes() -> None:
    with pytest.raises(InvalidSummaryError, match="= 3, but the deck holds two ♦A"):
        summary(PartyResult(120, 6, foxes_caught=2), PartyResult(120, 6, foxes_caught=1))


def test_reject_fox_without_a_trick() -> None:
    with pytest.raises(InvalidSummaryError, match=r"kontra\.foxes_caught=1, but Kontra won no"):
        summary(PartyResult(240, 12), PartyResult(0, 0, foxes_caught=1))


def test_reject_karlchen_for_both() -> None:
    with pytest.raises(InvalidSummaryError, match="only one party wins trick 12"):
        summary(PartyResult(120, 6, karlchen=True), PartyResult(120, 6, karlchen=True))


def test_reject_karlchen_without_an_ordinary_trick() -> None:
    with pytest.raises(InvalidSummaryError, match=r"kontra\.karlchen is set.*no Doppelkopf"):
        summary(PartyResult(196, 11), PartyResult(44, 1, doppelkopf=1, karlchen=True))
    with pytest.raises(InvalidSummaryError, match=r"re\.karlchen is set"):
        summary(PartyResult(0, 0, karlchen=True), PartyResult(240, 12))


def test_reject_marriage_without_a_re_trick() -> None:
    with pytest.raises(InvalidSummaryError, match=r"re\.tricks=0, .*§7\.2"):
        summary(PartyResult(0, 0), PartyResult(240, 12), G.MARRIAGE)


def test_reject_marriage_solo_without_the_first_three_tricks() -> None:
    with pytest.raises(InvalidSummaryError, match=r"re\.tricks=2, .*§7\.3"):
        summary(PartyResult(30, 2), PartyResult(210, 10), G.MARRIAGE_SOLO, re_seats={0})


def test_reject_card_points_no_share_of_the_deck_gives() -> None:
    # One trick worth 1 card point: no four cards of A 10 K Q J 9 add up to 1.
    with pytest.raises(
        InvalidSummaryError, match="no share of the 48 cards gives Re 1 trick worth 1"
    ):
        summary(PartyResult(1, 1), PartyResult(239, 11))
    # Three tricks hold at least the eight nines and four jacks: 8 card points.
    with pytest.raises(InvalidSummaryError, match="no share"):
        summary(PartyResult(7, 3), PartyResult(233, 9))
    summary(PartyResult(8, 3), PartyResult(232, 9))
    # One trick is worth at most 44 card points: four aces.
    with pytest.raises(InvalidSummaryError, match="no share"):
        summary(PartyResult(195, 11), PartyResult(45, 1), G.FLESHLESS, re_seats={0})
    summary(PartyResult(196, 11), PartyResult(44, 1), G.FLESHLESS, re_seats={0})


def test_reject_four_aces_that_are_no_doppelkopf() -> None:
    # A single trick worth 44 holds four aces, which makes it a Doppelkopf (§11.3).
    with pytest.raises(InvalidSummaryError, match="every trick of four aces and tens"):
        summary(PartyResult(196, 11), PartyResult(44, 1))
    summary(PartyResult(196, 11), PartyResult(44, 1, doppelkopf=1))
    # In a solo there are no Doppelkopf points and the same trick is fine.
    summary(PartyResult(196, 11), PartyResult(44, 1), G.QUEENS_SOLO, re_seats={0})


def test_reject_karlchen_without_a_club_jack() -> None:
    # A trick worth 0 card points cannot hold the ♣J that won it.
    with pytest.raises(InvalidSummaryError, match="no share"):
        summary(PartyResult(0, 1, karlchen=True), PartyResult(240, 11))
    summary(PartyResult(2, 1, karlchen=True), PartyResult(238, 11))


def test_reject_fox_needs_an_ace() -> None:
    # Two caught foxes put two aces, 22 card points, into the catcher's tricks.
    with pytest.raises(InvalidSummaryError, match="no share"):
        summary(PartyResult(21, 2, foxes_caught=2), PartyResult(219, 10))
    summary(PartyResult(22, 2, foxes_caught=2), PartyResult(218, 10))


@pytest.mark.parametrize(
    ("game", "seats", "rule"),
    [
        (G.NORMAL, {0}, "§6.1"),
        (G.NORMAL, {0, 1, 2}, "§6.1"),
        (G.MARRIAGE, {0}, "§6.2"),
        (G.JACKS_SOLO, {0, 1}, "§6.3"),
        (G.SILENT_MARRIAGE, set(), "§6.3"),
    ],
)
def test_reject_wrong_number_of_re_seats(game: GameType, seats: set[int], rule: str) -> None:
    with pytest.raises(InvalidSummaryError, match=rf"re_seats=.*\({rule}\)"):
        summary(PartyResult(120, 6), PartyResult(120, 6), game, re_seats=seats)


@pytest.mark.parametrize("seats", [{0, 4}, {-1, 2}, {0, "1"}])
def test_reject_seats_outside_0_to_3(seats: set[int]) -> None:
    with pytest.raises(InvalidSummaryError, match=r"seats are 0-3 \(§0\.4\)"):
        summary(PartyResult(120, 6), PartyResult(120, 6), re_seats=seats)


def test_invalid_summary_is_a_value_error_and_doppelkopf_error() -> None:
    with pytest.raises(ValueError, match="240"):
        summary(PartyResult(0, 6), PartyResult(0, 6))
    with pytest.raises(DoppelkopfError):
        summary(PartyResult(0, 6), PartyResult(0, 6))


# --- properties ----------------------------------------------------------------------

FOX = Card.parse("♦A")
CHARLIE = Card.parse("♣J")
announcements = st.none() | st.sampled_from(Announcement)
all_games = st.sampled_from(GameType) | st.sampled_from([G.NORMAL, G.MARRIAGE])


@st.composite
def deal_summaries(draw: st.DrawFn, games: st.SearchStrategy[GameType] = all_games) -> DealSummary:
    """Valid summaries: the deck is shared out into 12 tricks and each trick given to a party.

    Doppelkopf tricks are the tricks of four aces and tens (the first few tricks may be
    stacked with them); a ♦A in a party's trick may have been played by the other party (a
    fox caught); a ♣J in trick 12 may have won it (Karlchen).
    """
    game = draw(games)
    deck = draw(st.permutations(DECK))
    stacked = 4 * draw(st.integers(0, 4))
    if stacked:
        high = [card for card in deck if card.points >= 10]
        rest = [*high[stacked:], *(card for card in deck if card.points < 10)]
        deck = [*high[:stacked], *draw(st.permutations(rest))]
    tricks = [deck[4 * i : 4 * i + 4] for i in range(12)]
    fewest = {G.MARRIAGE: 1, G.MARRIAGE_SOLO: 3}.get(game, 0)
    re_count = draw(st.integers(fewest, 12))
    owners = [RE] * fewest + draw(
        st.permutations([RE] * (re_count - fewest) + [KONTRA] * (12 - re_count))
    )
    doppelkopf = {RE: 0, KONTRA: 0}
    foxes = {RE: 0, KONTRA: 0}
    karlchen = {RE: False, KONTRA: False}
    if game.has_special_points:
        for number, (cards, party) in enumerate(zip(tricks, owners, strict=True), start=1):
            if sum(card.points for card in cards) >= 40:
                doppelkopf[party] += 1
            for card in cards:
                if card is FOX and draw(st.booleans()):
                    foxes[party] += 1
            if number == 12 and CHARLIE in cards:
                karlchen[party] = draw(st.booleans())
    said = {RE: draw(announcements), KONTRA: draw(announcements)}
    late = {RE: False, KONTRA: False}
    if said[RE] is RE_KONTRA and said[KONTRA] is not None:
        late[RE] = draw(st.booleans())
    if not late[RE] and said[KONTRA] is RE_KONTRA and said[RE] is not None:
        late[KONTRA] = draw(st.booleans())
    if game.is_solo:
        re_seats = {draw(st.integers(0, 3))}
    else:
        re_seats = draw(st.sets(st.integers(0, 3), min_size=2, max_size=2))

    def result(party: Party) -> PartyResult:
        mine = [cards for cards, owner in zip(tricks, owners, strict=True) if owner is party]
        return PartyResult(
            sum(card.points for cards in mine for card in cards),
            len(mine),
            announcement=said[party],
            late_reply=late[party],
            doppelkopf=doppelkopf[party],
            foxes_caught=foxes[party],
            karlchen=karlchen[party],
        )

    return DealSummary(game, re_seats, result(RE), result(KONTRA))


def reference_value(s: DealSummary) -> int:
    """VR computed as in the pseudocode of SPEC §13, independently of the value lines."""
    ar, ak = s.re.absage, s.kontra.absage
    pr, pk, tr, tk = s.re.card_points, s.kontra.card_points, s.re.tricks, s.kontra.tricks

    def fulfilled(level: int, points: int, tricks: int) -> bool:
        return tricks == 0 if level == 4 else points < (0, 90, 60, 30)[level]

    def lows(points: int, tricks: int) -> int:
        return (points < 90) + (points < 60) + (points < 30) + (tricks == 0)

    won: Party | None
    if ar and ak:
        won = RE if fulfilled(ar, pk, tk) else KONTRA if fulfilled(ak, pr, tr) else None
    elif ar:
        won = RE if fulfilled(ar, pk, tk) else KONTRA
    elif ak:
        won = KONTRA if fulfilled(ak, pr, tr) else RE
    else:
        need = 120 if (s.kontra.announced and not s.re.announced) else 121
        won = RE if pr >= need else KONTRA
    credit = {1: 120, 2: 90, 3: 60, 4: 30}
    cr = sum(pr >= credit[level] for level in range(1, ak + 1))
    ck = sum(pk >= credit[level] for level in range(1, ar + 1))
    sr, sk = s.re.special_points, s.kontra.special_points
    if won is None:
        return lows(pk, tk) - lows(pr, tr) + cr - ck + sr - sk
    loser = s.kontra if won is RE else s.re
    m = 1 + lows(loser.card_points, loser.tricks) + 2 * s.re.announced + 2 * s.kontra.announced
    m += ar + ak
    alten = 1 if won is KONTRA and s.game_type in (G.NORMAL, G.MARRIAGE, G.POVERTY) else 0
    return (m if won is RE else -m) + cr - ck + sr - sk - alten


@given(deal_summaries())
def test_value_matches_the_reference_pseudocode(s: DealSummary) -> None:
    assert settle(s).value == reference_value(s)


@given(deal_summaries())
def test_scores_sum_to_zero(s: DealSummary) -> None:
    assert sum(settle(s).scores) == 0


@given(deal_summaries(st.sampled_from([G.NORMAL, G.MARRIAGE])))
def test_two_against_two_scores_share_one_magnitude(s: DealSummary) -> None:
    settlement = settle(s)
    assert {abs(score) for score in settlement.scores} == {abs(settlement.value)}
    assert len({score % 2 for score in settlement.scores}) == 1  # the parity check, §12.3
    for seat in range(4):
        assert settlement.scores[seat] == settlement.value_for(s.party_of(seat))


@given(deal_summaries(st.sampled_from([game for game in GameType if game.is_solo])))
def test_solo_soloist_writes_minus_three_times_each_opponent(s: DealSummary) -> None:
    settlement = settle(s)
    assert s.soloist is not None
    for seat in s.kontra_seats:
        assert settlement.scores[s.soloist] == -3 * settlement.scores[seat]
        assert settlement.scores[seat] == -settlement.value


@given(deal_summaries())
def test_lines_net_to_the_value(s: DealSummary) -> None:
    settlement = settle(s)
    net = sum(line.points if line.party is RE else -line.points for line in settlement.lines)
    assert net == settlement.value
    assert all(line.points in (1, 2) for line in settlement.lines)


@given(deal_summaries())
def test_lines_follow_the_winner(s: DealSummary) -> None:
    settlement = settle(s)
    kinds = {line.kind for line in settlement.lines}
    main = {ValueKind.WON, ValueKind.ANNOUNCED, ValueKind.ABSAGE}
    if settlement.winner is None:
        assert s.re.absage
        assert s.kontra.absage
        assert not kinds & (main | {ValueKind.GEGEN_DIE_ALTEN})
    else:
        assert ValueKind.WON in kinds
        assert all(
            line.party is settlement.winner for line in settlement.lines if line.kind in main
        )
        # The loser never holds a credit (SPEC §10.2).
        assert all(
            line.party is settlement.winner
            for line in settlement.lines
            if line.kind is ValueKind.CREDIT
        )
    if not s.game_type.has_special_points:
        assert not any(line.kind.is_special for line in settlement.lines)


@given(deal_summaries())
def test_a_fulfilled_absage_wins(s: DealSummary) -> None:
    for party in Party:
        own, other = s.result_of(party), s.result_of(party.opponent)
        if own.absage == 4:
            fulfilled = other.tricks == 0
        elif own.absage:
            fulfilled = other.card_points < (90, 60, 30)[own.absage - 1]
        else:
            continue
        if fulfilled:
            assert winner(s) is party
        elif not other.absage:
            assert winner(s) is party.opponent


@given(deal_summaries(), st.integers(1, 40))
def test_more_card_points_never_hurt_the_winner(s: DealSummary, extra: int) -> None:
    won = winner(s)
    assume(won is not None)
    assert won is not None
    own, other = s.result_of(won), s.result_of(won.opponent)
    gain = min(extra, other.card_points)
    assume(gain > 0)
    own = attrs.evolve(own, card_points=own.card_points + gain)
    other = attrs.evolve(other, card_points=other.card_points - gain)
    try:
        if won is RE:
            richer = attrs.evolve(s, re=own, kontra=other)
        else:
            richer = attrs.evolve(s, re=other, kontra=own)
    except InvalidSummaryError:
        assume(False)
        raise
    assert winner(richer) is won
    assert settle(richer).value_for(won) >= settle(s).value_for(won)
