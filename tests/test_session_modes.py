"""Sessions of every mode: void deals, tournament mode, five players, Bock (V§8-V§11, V§14)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doppelkopf import (
    Deal,
    DealSummary,
    GameType,
    IllegalActionError,
    InvalidValueError,
    Party,
    PartyResult,
    RandomPlayer,
    Rules,
    Session,
    SoloKind,
    WrongPhaseError,
    play_deal,
    settle,
)
from doppelkopf.rules import BOCK_TRIGGERS, BockTrigger

TOURNAMENT = Rules.TOURNAMENT


def normal(rules: Rules, re_points: int = 151, **re: object) -> DealSummary:
    """A normal game of seats 0 and 2 against 1 and 3."""
    tricks = max(1, min(11, round(12 * re_points / 240)))
    return DealSummary(
        GameType.NORMAL,
        {0, 2},
        PartyResult(re_points, tricks, **re),  # type: ignore[arg-type]
        PartyResult(240 - re_points, 12 - tricks),
        rules=rules,
    )


def solo(
    rules: Rules, seat: int, game: GameType = GameType.QUEENS_SOLO, *, won: bool = True
) -> DealSummary:
    """A solo of deal seat ``seat``, won with 190 or lost with 100 card points."""
    points, tricks = (190, 10) if won else (100, 4)
    return DealSummary(
        game,
        {seat},
        PartyResult(points, tricks),
        PartyResult(240 - points, 12 - tricks),
        rules=rules,
    )


def table_solo(session: Session, table_seat: int, game: GameType = GameType.QUEENS_SOLO) -> Session:
    """``session`` with a won solo of ``table_seat`` written down."""
    return session.add_result(solo(session.rules, session.seats.index(table_seat), game))


# --- V§8 void deals -----------------------------------------------------------------


def test_v19_a_void_deal_keeps_the_dealer_and_the_count() -> None:
    session = Session.new(first_dealer=3, rules=Rules(armut=True)).add_result(
        normal(Rules(armut=True))
    )
    before = session
    session = session.add_void()
    assert session.dealer == before.dealer == 0
    assert len(session) == len(before) == 1
    assert session.deals_left == before.deals_left == 11
    assert session.totals == before.totals
    row = session.rows[-1]
    assert row.void
    assert row.number == 2
    assert row.dealer == 0
    assert row.scores == (0, 0, 0, 0)
    assert session.voids == (1,)
    assert "void" in session.score_sheet().splitlines()[4]
    after = session.add_result(normal(Rules(armut=True)))
    assert after.rows[-1].number == 2
    assert after.rows[-1].dealer == 0
    assert after.dealer == 1
    assert Session(3, (), after.settlements, voids=(1,)) == after


def test_a_void_deal_needs_rules_that_make_one() -> None:
    with pytest.raises(IllegalActionError, match=r"neither armut nor schmeissen \(V§8\)"):
        Session.new(first_dealer=0).add_void()
    with pytest.raises(InvalidValueError, match="past the last"):
        Session(0, (), [normal(Rules(armut=True))], voids=(2,))
    with pytest.raises(InvalidValueError, match="must increase"):
        Session(0, (), [normal(Rules(armut=True))] * 3, voids=(1, 1))


def test_a_void_deal_consumes_no_bock_deal() -> None:
    rules = Rules(armut=True, bock={"tie"})
    tie = normal(rules, 120)
    session = Session.new(first_dealer=0, rules=rules).add_result(tie)
    assert session.bock_rounds == (4,)
    session = session.add_void()
    assert session.bock_rounds == (4,)
    assert session.bock_multiplier == 2
    session = session.add_result(normal(rules)).add_void().add_void()
    assert session.bock_rounds == (3,)


# --- V§9 tournament mode --------------------------------------------------------------


def test_v23_a_declared_compulsory_solo_keeps_the_dealer_and_counts() -> None:
    session = Session.new(first_dealer=3, rules=TOURNAMENT)
    assert session.owing == frozenset({0, 1, 2, 3})
    assert not session.forced
    session = session.add_result(solo(TOURNAMENT, 0))
    row = session.rows[0]
    assert row.solo_kind is SoloKind.COMPULSORY
    assert row.soloist == 0
    assert row.dealer == 3
    assert row.contract == "queens solo (seat 0, compulsory)"
    assert session.dealer == 3
    assert len(session) == 1
    assert session.deals_left == 23
    assert session.owing == frozenset({1, 2, 3})


def test_v24_the_owing_players_fleshless_is_compulsory_and_a_later_solo_voluntary() -> None:
    session = Session.new(first_dealer=3, rules=TOURNAMENT).add_result(solo(TOURNAMENT, 0))
    session = session.add_result(solo(TOURNAMENT, 2, GameType.FLESHLESS))
    assert session.rows[1].solo_kind is SoloKind.COMPULSORY
    assert session.dealer == 3
    assert session.owing == frozenset({1, 3})
    session = session.add_result(solo(TOURNAMENT, 0, GameType.JACKS_SOLO))
    assert session.rows[2].solo_kind is SoloKind.VOLUNTARY
    assert session.rows[2].contract == "jacks solo (seat 0, voluntary)"
    assert session.dealer == 0
    assert session.owing == frozenset({1, 3})


def test_marriage_solo_and_silent_marriage_never_count() -> None:
    session = Session.new(first_dealer=0, rules=TOURNAMENT)
    silent = DealSummary(
        GameType.SILENT_MARRIAGE, {1}, PartyResult(190, 10), PartyResult(50, 2), rules=TOURNAMENT
    )
    session = session.add_result(silent)
    assert session.rows[0].solo_kind is None
    assert session.rows[0].soloist == 1
    assert session.owing == frozenset({0, 1, 2, 3})
    assert session.dealer == 1


def before_deal_23() -> Session:
    """V25's position: 2 deals left, B and D owe, A deals."""
    session = Session.new(first_dealer=0, rules=TOURNAMENT)
    session = table_solo(table_solo(session, 0), 2)
    for _ in range(20):
        session = session.add_result(normal(TOURNAMENT))
    return session


def test_v25_the_last_deals_are_forced() -> None:
    session = before_deal_23()
    assert (len(session), session.deals_left, session.dealer) == (22, 2, 0)
    assert session.owing == frozenset({1, 3})
    assert session.forced
    assert session.forced_seat == 1
    with pytest.raises(IllegalActionError, match=r"forced.*\(V§9\.5\)"):
        session.add_result(normal(TOURNAMENT))
    with pytest.raises(IllegalActionError, match=r"deal seat 1.*by deal seat 3 \(V§9\.5\)"):
        session.add_result(solo(TOURNAMENT, 3))
    session = session.add_result(solo(TOURNAMENT, 1, GameType.CLUBS_SOLO))
    assert session.rows[-1].solo_kind is SoloKind.FORCED
    assert session.rows[-1].forced
    assert session.rows[-1].contract == "clubs solo (seat 1, forced)"
    assert session.dealer == 1, "after a forced solo the deal passes to the left (V§9.4)"
    assert (session.deals_left, session.owing, session.forced_seat) == (1, frozenset({3}), 3)
    session = session.add_result(solo(TOURNAMENT, 3, GameType.FLESHLESS))
    assert session.is_finished
    assert session.owing == frozenset()
    kinds = [row.solo_kind for row in session.rows]
    assert kinds.count(SoloKind.COMPULSORY) == 2
    assert kinds.count(SoloKind.FORCED) == 2
    with pytest.raises(WrongPhaseError):
        session.add_result(normal(TOURNAMENT))


def test_a_forced_deal_cannot_be_void() -> None:
    rules = Rules(compulsory_solo=True, session_length=4, armut=True)
    session = Session.new(first_dealer=0, rules=rules)
    assert session.forced
    assert session.forced_seat == 1
    with pytest.raises(IllegalActionError, match=r"forced.*\(V§9\.5\)"):
        session.add_void()


def test_forced_from_the_first_deal_when_the_session_is_as_short_as_the_table() -> None:
    rules = Rules(compulsory_solo=True, session_length=4)
    session = Session.new(first_dealer=2, rules=rules)
    forced = []
    while not session.is_finished:
        assert session.forced
        seat = session.forced_seat
        assert seat is not None
        forced.append(seat)
        session = table_solo(session, seat)
    assert forced == [3, 0, 1, 2]


# --- V§10 five players --------------------------------------------------------------------


def test_v28_five_players_the_dealer_sits_out_and_writes_zero() -> None:
    rules = Rules(players=5)
    session = Session.new(first_dealer=4, rules=rules)
    assert session.seats == (0, 1, 2, 3)
    assert session.deal_dealer == 3
    deal = session.next_deal(seed=28)
    assert deal.dealer == 3
    assert deal.turn == 0, "A (seat 0) is asked first"
    finished = play_deal(deal, [RandomPlayer(seed=seat) for seat in range(4)])
    assert finished.tricks[0].leader == 0, "A leads"
    session = session.add(finished)
    row = session.rows[0]
    assert row.dealer == 4
    assert row.scores[4] == 0
    assert row.scores[:4] == settle(finished).scores
    assert session.dealer == 0
    assert session.seats == (1, 2, 3, 4)
    assert session.rules.session_deals == 15
    wrong = Deal.shuffled(seed=1, dealer=0, rules=rules)
    with pytest.raises(IllegalActionError, match=r"deal seat 3 \(the dealer, seat 0, sits out\)"):
        session.add(play_deal(wrong, [RandomPlayer(seed=seat) for seat in range(4)]))


def test_five_players_map_the_paper_result_to_table_seats() -> None:
    rules = Rules(players=5)
    session = Session.new(first_dealer=1, rules=rules).add_result(solo(rules, 0))
    assert session.rows[0].seats == (2, 3, 4, 0)
    assert session.rows[0].scores == (-3, 0, 9, -3, -3)
    assert session.rows[0].soloist == 2
    assert session.rows[0].contract == "queens solo (seat 2)"
    assert session.score_sheet().splitlines()[0].split()[-2:] == ["seat", "4"]


def test_r10_the_only_owing_dealer_plays_the_last_forced_deal() -> None:
    rules = Rules(players=5, compulsory_solo=True, session_length=30)
    session = Session.new(first_dealer=0, rules=rules)
    for seat in (1, 2, 3):
        session = table_solo(session, seat)  # seat 0 deals again after each
    session = session.add_result(normal(rules))
    session = table_solo(session, 0)  # under dealer 1
    assert session.dealer == 1
    assert session.owing == frozenset({4})
    for _ in range(24):
        session = session.add_result(normal(rules))
    assert session.deals_left == 1
    assert session.forced
    assert session.dealer == 0
    assert session.forced_seat == 4, "seat 4 plays: no extra pass"
    five = Session.new(first_dealer=4, rules=rules)
    for seat in (0, 1, 2, 3):
        five = table_solo(five, seat)
    for _ in range(24):
        five = five.add_result(normal(rules))
    assert five.dealer == 3
    assert not five.forced
    five = five.add_result(normal(rules))
    # The deal would pass to seat 4, who alone owes: it passes once more (R10).
    assert five.owing == frozenset({4})
    assert five.forced
    assert five.deals_left == 1
    assert five.dealer == 0
    assert five.forced_seat == 4
    assert five.rows[-1].dealer == 3
    five = table_solo(five, 4)
    assert five.is_finished
    assert five.rows[-1].solo_kind is SoloKind.FORCED
    assert five.rows[-1].dealer == 0


# --- V§11 Bock ------------------------------------------------------------------------------


def test_v26_a_tie_makes_the_next_four_deals_bock() -> None:
    rules = Rules(bock={"tie"})
    session = Session.new(first_dealer=0, rules=rules)
    for _ in range(4):
        session = session.add_result(normal(rules))
    session = session.add_result(normal(rules, 120))
    assert session.rows[4].scores == (-2, 2, -2, 2)
    assert session.rows[4].multiplier == 1
    assert session.bock_multiplier == 2
    three = DealSummary(
        GameType.NORMAL, {0, 2}, PartyResult(160, 9, doppelkopf=1), PartyResult(80, 3), rules=rules
    )
    assert settle(three).value == 3
    session = session.add_result(three)
    assert session.rows[5].scores == (6, -6, 6, -6)
    for _ in range(4):
        session = session.add_result(normal(rules))
    assert [row.multiplier for row in session.rows] == [1] * 5 + [2] * 4 + [1]
    assert "x2" in session.score_sheet().splitlines()[3 + 5]


def test_v27_two_triggers_multiply() -> None:
    rules = Rules(bock={"tie", "lost_announcement"}, bock_stacking="multiply")
    session = Session.new(first_dealer=0, rules=rules)
    for _ in range(4):
        session = session.add_result(normal(rules))
    session = session.add_result(normal(rules, 120, announcement=0))
    assert session.settlements[-1].winner is Party.KONTRA
    assert session.bock_rounds == (4, 4)
    assert session.bock_multiplier == 4
    for _ in range(5):
        session = session.add_result(normal(rules))
    assert [row.multiplier for row in session.rows] == [1] * 5 + [4] * 4 + [1]
    consecutive = Rules(bock={"tie", "lost_announcement"})
    queued = Session.new(first_dealer=0, rules=consecutive)
    queued = queued.add_result(normal(consecutive, 120, announcement=0))
    for _ in range(9):
        queued = queued.add_result(normal(consecutive))
    assert [row.multiplier for row in queued.rows] == [1] + [2] * 8 + [1]


def test_bock_never_extends_the_session() -> None:
    rules = Rules(bock={"tie"}, session_length=2)
    session = Session.new(first_dealer=0, rules=rules).add_result(normal(rules, 120))
    session = session.add_result(normal(rules))
    assert session.is_finished
    assert session.bock_rounds == (3,)


# --- properties --------------------------------------------------------------------------

_TEMPLATES: dict[str, tuple[Callable[[Rules], DealSummary], frozenset[BockTrigger]]] = {
    "won": (normal, frozenset()),
    "tie": (lambda rules: normal(rules, 120), frozenset({"tie"})),
    "tie_re": (
        lambda rules: normal(rules, 120, announcement=0),
        frozenset({"tie", "lost_announcement"}),
    ),
    "kontra_lost": (
        lambda rules: DealSummary(
            GameType.NORMAL,
            {1, 3},
            PartyResult(130, 7),
            PartyResult(110, 5, announcement=0),
            rules=rules,
        ),
        frozenset({"lost_announcement"}),
    ),
    "solo_lost": (lambda rules: solo(rules, 1, won=False), frozenset({"lost_solo"})),
    "solo_won": (lambda rules: solo(rules, 2), frozenset()),
}
"""Paper results with the Bock triggers each meets, stated by hand for the model."""


@st.composite
def table_rules(draw: st.DrawFn, players: int | None = None) -> Rules:
    players = players or draw(st.sampled_from([4, 5]))
    compulsory = draw(st.booleans())
    length = draw(st.one_of(st.none(), st.integers(players, 3 * players + 3)))
    return Rules(
        players=players,
        compulsory_solo=compulsory,
        session_length=length,
        armut=draw(st.booleans()),
        bock=draw(st.frozensets(st.sampled_from(BOCK_TRIGGERS))),
        bock_stacking=draw(st.sampled_from(["consecutive", "multiply"])),
    )


def drive(rules: Rules, choices: list[tuple[str, bool]], first: int) -> tuple[Session, list[str]]:
    """A whole session from scripted results: ``choices`` name a template and a void before.

    A forced deal takes the forced player's solo instead.  Returns the session and the
    template of each played deal (``"forced"`` for forced solos).
    """
    session = Session.new(first_dealer=first, rules=rules)
    played: list[str] = []
    for name, void in choices:
        if session.is_finished:
            break
        if void and rules.armut and not session.forced:
            session = session.add_void()
        if session.forced:
            seat = session.forced_seat
            assert seat is not None
            session = table_solo(session, seat)
            played.append("forced")
        else:
            session = session.add_result(_TEMPLATES[name][0](rules))
            played.append(name)
    return session, played


_CHOICES = st.lists(
    st.tuples(st.sampled_from(sorted(_TEMPLATES)), st.booleans()), min_size=0, max_size=40
)


@settings(max_examples=60, deadline=None)
@given(table_rules(), _CHOICES, st.integers(0, 4))
def test_scores_are_zero_sum_in_every_mode(
    rules: Rules, choices: list[tuple[str, bool]], first: int
) -> None:
    session, _ = drive(rules, choices, first % rules.players)
    totals = [0] * rules.players
    for row in session.rows:
        assert len(row.scores) == rules.players
        assert sum(row.scores) == 0
        totals = [total + score for total, score in zip(totals, row.scores, strict=True)]
        assert list(row.totals) == totals
    assert sum(session.totals) == 0
    assert len(session) == len(session.settlements) <= rules.session_deals
    rebuilt = Session(
        session.first_dealer, (), session.settlements, rules=rules, voids=session.voids
    )
    assert rebuilt == session
    assert rebuilt.rows == session.rows


@settings(max_examples=40, deadline=None)
@given(table_rules(), _CHOICES, st.integers(0, 4))
def test_a_void_deal_changes_no_score(
    rules: Rules, choices: list[tuple[str, bool]], first: int
) -> None:
    rules = Rules.from_options({"armut": True}, base=rules)
    with_voids, _ = drive(rules, choices, first % rules.players)
    without, _ = drive(rules, [(name, False) for name, _ in choices], first % rules.players)
    played = [row for row in with_voids.rows if not row.void]
    assert [row.scores for row in played] == [row.scores for row in without.rows]
    assert [row.dealer for row in played] == [row.dealer for row in without.rows]
    assert with_voids.totals == without.totals
    for row, after in itertools.pairwise(with_voids.rows):
        if row.void:
            assert (after.dealer, after.number) == (row.dealer, row.number)


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(
        [
            TOURNAMENT,
            Rules(players=5, compulsory_solo=True, session_length=30),
            Rules(compulsory_solo=True, session_length=5),
        ]
    ),
    st.lists(
        st.tuples(st.sampled_from(["won", "solo_won", "solo_lost", "tie"]), st.booleans()),
        min_size=40,
        max_size=40,
    ),
    st.integers(0, 4),
)
def test_a_tournament_round_gives_everyone_one_compulsory_solo(
    rules: Rules, choices: list[tuple[str, bool]], first: int
) -> None:
    session, _ = drive(rules, choices, first % rules.players)
    assert session.is_finished
    assert session.owing == frozenset()
    duty = [
        row.soloist
        for row in session.rows
        if row.solo_kind in (SoloKind.COMPULSORY, SoloKind.FORCED)
    ]
    assert sorted(duty) == list(range(rules.players))  # type: ignore[type-var]
    for row, after in zip(session.rows, (*session.rows[1:], None), strict=True):
        if after is None:
            continue
        if row.solo_kind is SoloKind.COMPULSORY:
            assert after.dealer == row.dealer
        elif row.solo_kind is SoloKind.FORCED:
            assert after.dealer != row.dealer


def bock_model(rules: Rules, played: list[str]) -> list[int]:
    """The multiplier of each played deal, from the triggers stated in the templates."""
    cover = [0] * len(played)
    queue_end = 0
    for index, name in enumerate(played):
        met = 0 if name == "forced" else len(_TEMPLATES[name][1] & rules.bock)
        for _ in range(met):
            if rules.bock_stacking == "consecutive":
                begin = max(index + 1, queue_end)
                queue_end = begin + rules.players
            else:
                begin = index + 1
            for covered in range(begin, min(begin + rules.players, len(played))):
                cover[covered] += 1
    if rules.bock_stacking == "consecutive":
        return [2 if count else 1 for count in cover]
    return [2**count for count in cover]


@settings(max_examples=60, deadline=None)
@given(table_rules(), _CHOICES, st.integers(0, 4))
def test_bock_multiplies_exactly_the_deals_it_should(
    rules: Rules, choices: list[tuple[str, bool]], first: int
) -> None:
    session, played = drive(rules, choices, first % rules.players)
    rows = [row for row in session.rows if not row.void]
    assert [row.multiplier for row in rows] == bock_model(rules, played)
    for row, settlement in zip(rows, session.settlements, strict=True):
        table = dict(zip(row.seats, settlement.scores, strict=True))
        assert [row.scores[seat] for seat in row.seats] == [
            table[seat] * row.multiplier for seat in row.seats
        ]


@settings(max_examples=30, deadline=None)
@given(table_rules(players=5), _CHOICES, st.integers(0, 4))
def test_at_five_the_dealer_writes_zero(
    rules: Rules, choices: list[tuple[str, bool]], first: int
) -> None:
    session, _ = drive(rules, choices, first % 5)
    for row in session.rows:
        assert row.dealer not in row.seats
        assert len(set(row.seats)) == 4
        assert row.scores[row.dealer] == 0
        assert row.seats == tuple((row.dealer + 1 + k) % 5 for k in range(4))


@settings(max_examples=6, deadline=None)
@given(
    st.integers(0, 10_000), st.sampled_from([Rules(players=5), Rules(bock={"tie", "lost_solo"})])
)
def test_sessions_played_with_cards_in_other_modes(seed: int, rules: Rules) -> None:
    rng = random.Random(seed)
    session = Session.new(rules=rules, rng=rng)
    players = [RandomPlayer(seed=seed + seat) for seat in range(4)]
    while not session.is_finished:
        session = session.add(play_deal(session.next_deal(rng=rng), players))
    assert len(session) == rules.session_deals
    assert sum(session.totals) == 0
    assert Session(session.first_dealer, session.deals) == session
    assert session.winners
