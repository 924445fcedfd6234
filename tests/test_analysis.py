"""The analysis of a played deal: decisions, scores from the view alone, seeds, bad input."""

from __future__ import annotations

import contextlib
import json
import math
import os
import random
from functools import cache
from pathlib import Path

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from doppelkopf import (
    Announce,
    Deal,
    DoppelkopfError,
    HeuristicPlayer,
    InvalidTypeError,
    InvalidValueError,
    Play,
    RandomPlayer,
    Rules,
    play_deal,
)
from doppelkopf.analysis import (
    Analysis,
    Decision,
    UnfinishedDealError,
    analyze,
    cards_html,
    report_html,
    write_report,
)
from doppelkopf.analysis._decisions import decisions_of
from doppelkopf.analysis._evaluate import score_options
from doppelkopf.analysis._stats import interval, paired
from doppelkopf.deal import Action
from doppelkopf.records import RecordError, dump_deal
from fuzz_settings import fuzz_settings


@cache
def _played(seed: int, heuristic: bool = True) -> Deal:
    kind = HeuristicPlayer if heuristic else RandomPlayer
    return play_deal(Deal.shuffled(seed=seed), [kind(seed=seed * 4 + s) for s in range(4)])


# --- hidden cards: the evaluation sees only the view --------------------------------------


def _swapped(deal: Deal, a: int, b: int, rng: random.Random) -> tuple[Deal, int] | None:
    """``deal`` with one card of seat ``a`` and one of seat ``b`` traded, and where they show.

    Each seat plays the other's card where it played its own, so every step
    before the first of those two cards is the same in public; ``None`` when
    no trade keeps the play legal.
    """
    actions: list[Action] = [event.as_action() for event in deal.history]
    plays_a = [i for i, act in enumerate(actions) if isinstance(act, Play) and act.seat == a]
    plays_b = [i for i, act in enumerate(actions) if isinstance(act, Play) and act.seat == b]
    pairs = [(i, j) for i in plays_a for j in plays_b]
    rng.shuffle(pairs)
    for i, j in pairs[:40]:
        first, second = actions[i], actions[j]
        assert isinstance(first, Play)
        assert isinstance(second, Play)
        if first.card == second.card:
            continue
        dealt = list(deal.dealt)
        dealt[a] = dealt[a].remove(first.card).add(second.card)
        dealt[b] = dealt[b].remove(second.card).add(first.card)
        changed = list(actions)
        changed[i] = Play(a, second.card)
        changed[j] = Play(b, first.card)
        try:
            other = Deal.from_hands(dealt, dealer=deal.dealer, rules=deal.rules).replay(changed)
        except DoppelkopfError:
            continue
        if other.is_finished:
            return other, min(i, j)
    return None


@fuzz_settings(8)
@given(
    seed=st.integers(0, 10_000),
    seat=st.integers(0, 3),
    heuristic=st.booleans(),
    rng=st.randoms(use_true_random=False),
)
def test_hidden_cards_change_no_evaluation(
    seed: int, seat: int, heuristic: bool, rng: random.Random
) -> None:
    deal = _played(seed, heuristic)
    assume(deal.is_finished and not deal.is_void)
    a, b = rng.sample([s for s in range(4) if s != seat], 2)
    found = _swapped(deal, a, b, rng)
    assume(found is not None)
    assert found is not None
    other, shown = found
    assert other.hands != deal.hands or other.dealt != deal.dealt
    first = analyze(deal, seat=seat, budget=4, seed=seed)
    second = analyze(other, seat=seat, budget=4, seed=seed)
    before = [d for d in first.decisions if d.index <= shown]
    assume(before)
    assert before == [d for d in second.decisions if d.index <= shown]
    # The pair is one the seat cannot tell apart up to there: the same view of
    # different deals, the hidden hands differing at every decision compared.
    position, twin = deal.initial(), other.initial()
    for event, twin_event in list(zip(deal.history, other.history, strict=True))[:shown]:
        assert position.view(seat) == twin.view(seat)
        assert position.hands != twin.hands
        position, twin = position.apply(event.as_action()), twin.apply(twin_event.as_action())


# --- the evaluation --------------------------------------------------------------------


def test_every_option_is_scored_in_the_same_worlds() -> None:
    deal = _played(9)
    pending = next(p for p in decisions_of(deal, [0])[0] if p.kind == "card")
    rows = score_options(pending.view, (pending.options[0], pending.options[0], None), 6, 3)
    assert rows[0] == rows[1]
    assert len(rows[2]) == 6
    assert rows == score_options(pending.view, (pending.options[0], pending.options[0], None), 6, 3)


def test_decisions_cover_cards_announcements_and_reservations() -> None:
    kinds: set[str] = set()
    announced = False
    for seed in range(12):
        deal = _played(seed)
        pending, forced = decisions_of(deal, range(4))
        for item in pending:
            kinds.add(item.kind)
            assert item.view.seat == item.seat
            assert len(item.options) >= 2
            chosen = item.options[item.chosen]
            if isinstance(chosen, Announce):
                announced = True
                assert item.options[0] is None
        assert sum(forced.values()) > 0
    assert {"card", "announcement", "reservation"} <= kinds
    assert announced


def test_analysis_values_and_totals() -> None:
    deal = _played(9)
    analysis = analyze(deal, seat=[2, 0], budget=6, seed="x")
    assert analysis.seats == (0, 2)
    for decision in analysis.decisions:
        assert isinstance(decision, Decision)
        assert decision.loss >= 0
        best = decision.best_option.mean
        assert all(option.mean <= best for option in decision.options)
        assert decision.loss == pytest.approx(best - decision.chosen_option.mean)
        assert decision.loss_low <= decision.loss <= decision.loss_high
        assert decision.blunder == (decision.loss > 1.0 and decision.loss_low > 0)
    for seat in (0, 2):
        own = [d for d in analysis.decisions if d.seat == seat]
        total = analysis.total(seat)
        assert total.loss == pytest.approx(sum(d.loss for d in own))
        assert total.decisions == len(own)
        assert total.blunders == sum(d.blunder for d in own)
    with pytest.raises(InvalidValueError, match="seat 1 was not analysed"):
        analysis.total(1)


def test_blunders_follow_the_threshold() -> None:
    deal = _played(3, heuristic=False)
    loose = analyze(deal, seat=1, budget=16, seed=2, threshold=0)
    strict = analyze(deal, seat=1, budget=16, seed=2, threshold=1000)
    assert strict.blunders == ()
    assert loose.blunders == tuple(d for d in loose.decisions if d.loss_low > 0 and d.loss > 0)
    assert loose.blunders  # random play makes significant mistakes


def test_a_decision_does_not_depend_on_the_other_seats_analysed() -> None:
    deal = _played(5)
    alone = analyze(deal, seat=3, budget=4, seed=11)
    together = analyze(deal, budget=4, seed=11)
    assert alone.decisions == tuple(d for d in together.decisions if d.seat == 3)
    assert together.seats == (0, 1, 2, 3)


def test_seeds_reproduce_and_differ() -> None:
    deal = _played(2)
    assert analyze(deal, seat=0, budget=4, seed=7) == analyze(deal, seat=0, budget=4, seed=7)
    assert analyze(deal, seat=0, budget=4, seed=7) != analyze(deal, seat=0, budget=4, seed=8)
    fresh = analyze(deal, seat=0, budget=4, seed=None)
    assert isinstance(fresh.seed, int)
    assert analyze(deal, seat=0, budget=4, seed=fresh.seed) == fresh


def test_jobs_give_the_same_analysis() -> None:
    deal = _played(4)
    assert analyze(deal, seat=1, budget=4, seed=3, jobs=2) == analyze(
        deal, seat=1, budget=4, seed=3
    )


def test_a_record_is_analysed_as_its_deal() -> None:
    deal = _played(6)
    assert analyze(dump_deal(deal), seat=2, budget=4) == analyze(deal, seat=2, budget=4)


def test_text_and_json_forms() -> None:
    analysis = analyze(_played(9), seat=0, budget=4, seed=1)
    text = str(analysis)
    assert text.startswith("Analysis of seat 0: 4 worlds per decision, seed 1")
    assert "95% interval" in text
    assert "chosen" in text
    assert "seat 0: loss" in text
    data = json.loads(json.dumps(analysis.as_dict(), allow_nan=False))
    assert data["seats"] == [0]
    assert data["budget"] == 4
    assert len(data["decisions"]) == len(analysis.decisions)
    first = data["decisions"][0]
    assert {"index", "kind", "options", "chosen", "best", "loss", "blunder"} <= set(first)
    assert str(analysis.decisions[0]).splitlines()[0] == analysis.decisions[0].heading()


def test_the_report_is_a_whole_page(tmp_path: pytest.TempPathFactory) -> None:
    analysis = analyze(_played(9), seat=0, budget=4, seed=1)
    page = report_html(analysis, title="Deal <9>")
    assert page.startswith("<!DOCTYPE html>")
    assert page.rstrip().endswith("</html>")
    assert "Deal &lt;9&gt;" in page
    assert page.count("<section") == len(analysis.decisions)
    assert 'class="card red"' in page
    target = tmp_path / "report.html"  # type: ignore[operator]
    write_report(analysis, target)
    assert target.read_text(encoding="utf-8") == report_html(analysis)
    assert cards_html([]) == '<span class="cards"></span>'


# --- the statistics ---------------------------------------------------------------------


def test_intervals() -> None:
    assert interval([2, 2, 2]) == (2, 2, 2)
    mean, low, high = interval([0, 4])
    assert mean == 2
    assert low == pytest.approx(2 - 1.96 * 2, abs=0.01)
    assert high > 4
    assert interval([5]) == (5, -math.inf, math.inf)
    assert paired([1, 2], [1, 2]) == (0, 0, 0)


# --- bad input ----------------------------------------------------------------------------


def test_an_unfinished_deal_is_refused() -> None:
    deal = Deal.shuffled(seed=1)
    with pytest.raises(
        UnfinishedDealError, match="not finished: it stands in phase 'reservations'"
    ):
        analyze(deal)
    with pytest.raises(UnfinishedDealError, match="after 0 cards"):
        analyze(dump_deal(deal))
    assert issubclass(UnfinishedDealError, DoppelkopfError)
    assert issubclass(UnfinishedDealError, ValueError)


def test_a_tampered_record_is_refused() -> None:
    record = dump_deal(_played(9))
    record["events"][5]["card"] = "CQ" if record["events"][5].get("card") != "CQ" else "SA"
    with pytest.raises(RecordError, match="event 5"):
        analyze(record)
    record = dump_deal(_played(9))
    record["settlement"]["scores"] = [9, -3, -3, -3]
    with pytest.raises(RecordError, match="settlement"):
        analyze(record)


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        ({"seat": 4}, InvalidValueError, "seat"),
        ({"seat": True}, InvalidTypeError, "seat"),
        ({"seat": "0"}, InvalidTypeError, "seat"),
        ({"seat": []}, InvalidValueError, "names no seat"),
        ({"seat": [1, 1]}, InvalidValueError, "named twice"),
        ({"budget": 1}, InvalidValueError, "budget"),
        ({"budget": True}, InvalidTypeError, "budget"),
        ({"budget": 10**6}, InvalidValueError, "budget"),
        ({"threshold": math.nan}, InvalidValueError, "threshold"),
        ({"threshold": -1}, InvalidValueError, "threshold"),
        ({"threshold": "1"}, InvalidTypeError, "threshold"),
        ({"jobs": 0}, InvalidValueError, "jobs"),
        ({"seed": 2**300}, InvalidValueError, "seed"),
        ({"seed": "x" * 300}, InvalidValueError, "seed"),
        ({"seed": 1.5}, InvalidTypeError, "seed"),
    ],
)
def test_bad_parameters(arguments: dict[str, object], error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        analyze(_played(9), **arguments)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [None, "deal", 3, [Deal.shuffled(seed=1)]])
def test_no_deal(value: object) -> None:
    with pytest.raises(InvalidTypeError, match="record_or_deal"):
        analyze(value)  # type: ignore[arg-type]


def test_analysis_is_a_value() -> None:
    analysis = analyze(_played(9), seat=0, budget=4)
    assert isinstance(analysis, Analysis)
    assert hash(analysis.totals) == hash(analyze(_played(9), seat=0, budget=4).totals)
    with pytest.raises(AttributeError):
        analysis.budget = 5  # type: ignore[misc]


_HOSTILE: list[object] = [
    None,
    True,
    1.5,
    math.nan,
    math.inf,
    -1,
    2**100,
    "x",
    "\ud800",
    b"x",
    [],
    [0, 1, 2, 3, 0],
    {},
    {"format": "doppelkopf-record"},
    object(),
    Deal.shuffled(seed=1),
]


@pytest.mark.parametrize("name", ["record_or_deal", "seat", "budget", "seed", "threshold"])
@pytest.mark.parametrize("value", _HOSTILE, ids=range(len(_HOSTILE)))
def test_hostile_values_raise_only_library_errors(name: str, value: object) -> None:
    arguments: dict[str, object] = {
        "record_or_deal": _played(9),
        "seat": 0,
        "budget": 2,
        "seed": 0,
        "threshold": 1.0,
    }
    arguments[name] = value
    try:
        result = analyze(**arguments)  # type: ignore[arg-type]
    except DoppelkopfError:
        return
    assert isinstance(result, Analysis)


@pytest.mark.parametrize("value", _HOSTILE, ids=range(len(_HOSTILE)))
def test_hostile_reports_raise_only_library_errors(
    value: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A hostile path such as "x" is a valid file name: it is written in tmp_path.
    monkeypatch.chdir(tmp_path)
    analysis = analyze(_played(9), seat=0, budget=2)
    for call in (
        lambda: report_html(value),  # type: ignore[arg-type]
        lambda: report_html(analysis, title=value),  # type: ignore[arg-type]
        lambda: write_report(value, tmp_path / "a.html"),  # type: ignore[arg-type]
        lambda: write_report(analysis, value),  # type: ignore[arg-type]
        lambda: cards_html(value),  # type: ignore[arg-type]
    ):
        with contextlib.suppress(DoppelkopfError):
            call()


def test_an_armut_answer_is_analysed_before_the_play() -> None:
    players = [HeuristicPlayer(seed=5 * 4 + s) for s in range(4)]
    deal = play_deal(Deal.shuffled(seed=5, rules=Rules(armut=True)), players)
    analysis = analyze(deal, seat=0, budget=4)
    (answer,) = [d for d in analysis.decisions if d.kind == "armut"]
    assert {option.label for option in answer.options} == {"accept", "refuse"}
    assert (answer.trick, answer.table, answer.leader) == (0, (), None)
    reservation = analysis.decisions[0]
    assert (reservation.kind, reservation.trick) == ("reservation", 0)


def test_answers_before_the_play_get_a_quarter_of_the_worlds() -> None:
    analysis = analyze(_played(9), seat=0, budget=9)
    worlds = {decision.kind: decision.worlds for decision in analysis.decisions}
    assert worlds == {"reservation": 2, "announcement": 9, "card": 9}
    assert analyze(_played(9), seat=0, budget=40).decisions[0].worlds == 10


def test_report_draws_the_deal_the_hands_and_the_tables_as_pictures() -> None:
    deal = play_deal(Deal.shuffled(seed=5), [HeuristicPlayer(seed=seat) for seat in range(4)])
    analysis = analyze(deal, seat=0, budget=2, seed=1)
    plain = report_html(analysis)
    page = report_html(analysis, deal=deal)
    assert "<svg" not in plain.split("<h2>Decisions</h2>")[0]
    assert page.count('<figure class="deal">') == 1
    assert page.count('<figure class="hand">') == len(analysis.decisions)
    tables = sum(1 for decision in analysis.decisions if decision.table)
    assert page.count('<figure class="table">') == tables > 0
    card_decisions = [d for d in analysis.decisions if d.kind == "card"]
    first = card_decisions[0]
    legal = {str(o.action.card) for o in first.options if isinstance(o.action, Play)}
    section = page.split(f'<section id="d{analysis.decisions.index(first)}"')[1]
    hand_picture = section.split('<figure class="hand">')[1].split("</figure>")[0]
    assert hand_picture.count("dk-highlight") == sum(1 for card in first.hand if str(card) in legal)
    with pytest.raises(UnfinishedDealError):
        report_html(analysis, deal=Deal.shuffled(seed=5))
    with pytest.raises(InvalidTypeError):
        report_html(analysis, deal="deal")  # type: ignore[arg-type]


_FORKS: list[int] = []
"""The forks of this process while :data:`_COUNTING` holds a true value."""
_COUNTING: list[bool] = []


def _count_fork() -> None:
    if _COUNTING:
        _FORKS.append(os.getpid())


os.register_at_fork(before=_count_fork)


def test_the_analysis_workers_are_not_forked_from_the_caller() -> None:
    """Workers come from a fork server or a new interpreter: forking a caller that runs
    threads (a server's, JAX's) would copy them in whatever state they were."""
    deal = _played(9)
    _COUNTING.append(True)
    try:
        parallel = analyze(deal, seat=0, budget=2, seed=5, jobs=2)
    finally:
        _COUNTING.clear()
    assert not _FORKS
    assert parallel == analyze(deal, seat=0, budget=2, seed=5)
