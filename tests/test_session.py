"""Sessions of 12 deals (SPEC §2.2, §2.5, §12.3)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doppelkopf import (
    SESSION_LENGTH,
    Deal,
    Session,
    WrongPhaseError,
    settle,
)


def finish(deal: Deal, rng: random.Random) -> Deal:
    while not deal.is_finished:
        deal = deal.apply(rng.choice(deal.legal_actions))
    return deal


def play_session(seed: int, first_dealer: int | None = None) -> Session:
    rng = random.Random(seed)
    session = Session.new(first_dealer, rng=rng)
    while not session.is_finished:
        session = session.add(finish(session.next_deal(rng=rng), rng))
    return session


def test_first_dealer_is_drawn_by_lot_reproducibly() -> None:
    dealers = {Session.new(seed=seed).first_dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert Session.new(seed=9) == Session.new(seed=9)
    assert Session.new(first_dealer=1).dealer == 1


def test_a_bad_first_dealer_is_rejected() -> None:
    with pytest.raises(ValueError, match="first dealer"):
        Session(4)


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10_000))
def test_session_invariants(seed: int) -> None:
    session = play_session(seed)
    assert len(session) == SESSION_LENGTH
    dealers = [deal.dealer for deal in session.deals]
    assert dealers == [(session.first_dealer + i) % 4 for i in range(12)]
    assert sorted(dealers.count(seat) for seat in range(4)) == [3, 3, 3, 3]
    for deal, settlement in session:
        assert settlement.scores == settle(deal).scores
    assert session.totals == tuple(
        sum(settle(deal).scores[seat] for deal in session.deals) for seat in range(4)
    )
    assert sum(session.totals) == 0
    assert session.rows[-1].totals == session.totals
    best = max(session.totals)
    assert session.winners == tuple(s for s in range(4) if session.totals[s] == best)


def test_session_is_a_value() -> None:
    rng = random.Random(3)
    session = Session.new(first_dealer=0)
    deal = finish(session.next_deal(rng=rng), rng)
    after = session.add(deal)
    assert len(session) == 0
    assert len(after) == 1
    assert after.dealer == 1
    assert Session(0, (deal,)) == after
    assert Session(0, (deal,)).settlements[0].scores == after.settlements[0].scores


def test_the_wrong_dealer_is_rejected() -> None:
    rng = random.Random(5)
    session = Session.new(first_dealer=0)
    deal = finish(Deal.shuffled(rng=rng, dealer=2), rng)
    with pytest.raises(ValueError, match="must be dealt by seat 0"):
        session.add(deal)


def test_an_unfinished_deal_is_rejected() -> None:
    session = Session.new(first_dealer=3)
    with pytest.raises(WrongPhaseError):
        session.add(session.next_deal(seed=1))


def test_a_finished_session_takes_no_more_deals() -> None:
    session = play_session(21, first_dealer=0)
    assert session.is_finished
    with pytest.raises(WrongPhaseError):
        session.next_deal(seed=1)
    rng = random.Random(1)
    with pytest.raises(WrongPhaseError):
        session.add(finish(Deal.shuffled(rng=rng, dealer=0), rng))


def test_winners_only_after_the_last_deal() -> None:
    with pytest.raises(WrongPhaseError):
        _ = Session.new(first_dealer=0).winners


def test_score_sheet_lists_every_deal_and_the_totals() -> None:
    session = play_session(2, first_dealer=1)
    sheet = session.score_sheet()
    lines = sheet.splitlines()
    assert len(lines) == 3 + 12 + 1 + 1
    assert lines[1].split() == ["score", "sum"] * 4
    assert lines[-2].split()[-4:] == [f"{total:+d}" if total else "0" for total in session.totals]
    for row, line in zip(session.rows, lines[3:15], strict=True):
        cells = line.split()[-8:]
        assert cells[1::2] == [f"{t:+d}" if t else "0" for t in row.totals]
        assert cells[0::2] == [f"{s:+d}" if s else "0" for s in row.scores]
    assert lines[-1].startswith("Winner")
    assert str(session) == sheet
    assert "totals=" in repr(session)
