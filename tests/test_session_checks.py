"""What a session accepts: the checks of its constructor and of paper results (SPEC §2.2, §2.5)."""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import doppelkopf.session
from doppelkopf import (
    SESSION_LENGTH,
    Deal,
    DealSummary,
    DoppelkopfError,
    GameType,
    IllegalActionError,
    InvalidTypeError,
    InvalidValueError,
    PartyResult,
    Session,
    WrongPhaseError,
    settle,
)

X01 = DealSummary(GameType.NORMAL, {0, 2}, PartyResult(151, 7), PartyResult(89, 5))
SOLO = DealSummary(
    GameType.QUEENS_SOLO, {2}, PartyResult(190, 10, announcement=0), PartyResult(50, 2)
)


def finish(deal: Deal, rng: random.Random) -> Deal:
    while not deal.is_finished:
        deal = deal.apply(rng.choice(deal.legal_actions))
    return deal


def played(first_dealer: int, count: int, seed: int = 1) -> list[Deal]:
    rng = random.Random(seed)
    return [
        finish(Deal.shuffled(rng=rng, dealer=(first_dealer + n) % 4), rng) for n in range(count)
    ]


def test_the_constructor_refuses_an_unfinished_deal() -> None:
    with pytest.raises(WrongPhaseError, match="deal 1: only a finished deal"):
        Session(0, [Deal.shuffled(seed=1, dealer=0)])


def test_the_constructor_refuses_the_wrong_dealer() -> None:
    deals = played(0, 2)
    with pytest.raises(IllegalActionError, match="deal 2 must be dealt by seat 1, not seat 2"):
        Session(0, [deals[0], played(2, 1)[0]])


def test_the_constructor_refuses_a_forged_settlement() -> None:
    deals = played(1, 2)
    forged = [settle(deals[0]), settle(X01)]
    with pytest.raises(InvalidValueError, match=r"settle\(deal\)"):
        Session(1, deals, forged)
    assert Session(1, deals, [settle(deal) for deal in deals]) == Session(1, deals)


def test_the_constructor_refuses_more_than_twelve() -> None:
    with pytest.raises(InvalidValueError, match="at most 12 deals, not 13"):
        Session(0, played(0, 13))
    with pytest.raises(InvalidValueError, match="not 13 settlements"):
        Session(0, (), [settle(X01)] * 13)


@pytest.mark.parametrize("bad", [None, "deal", 3])
def test_wrong_types_are_doppelkopf_type_errors(bad: object) -> None:
    makers: list[Callable[[], object]] = [
        lambda: Session(0, [bad]),  # type: ignore[list-item]
        lambda: Session(0, (), [bad]),  # type: ignore[list-item]
        lambda: Session.new(0).add(bad),  # type: ignore[arg-type]
        lambda: Session.new(0).add_result(bad),  # type: ignore[arg-type]
    ]
    for make in makers:
        with pytest.raises(TypeError) as caught:
            make()
        assert isinstance(caught.value, DoppelkopfError)
    with pytest.raises(TypeError) as caught:
        Session(0, 5)  # type: ignore[arg-type]
    assert isinstance(caught.value, DoppelkopfError)


def test_a_bad_first_dealer_is_named_briefly() -> None:
    with pytest.raises(
        InvalidTypeError, match=r"^first_dealer must be an int, not str 'x+\.\.\.x+'$"
    ):
        Session("x" * 500)  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match="not bool True"):
        Session(True)
    with pytest.raises(InvalidValueError, match=r"not an int of 5001 digits \(SPEC §2\.2\)$"):
        Session(10**5000)
    with pytest.raises(InvalidValueError, match=r"seat 0-3, not 4 \(SPEC §2\.2\)$"):
        Session.new(4)


def test_the_session_keeps_its_own_tuples() -> None:
    deals = played(3, 2)
    session = Session(3, deals)
    deals.append(played(1, 1)[0])
    assert len(session) == 2
    assert isinstance(session.deals, tuple)
    assert isinstance(session.settlements, tuple)
    assert [pair[0] for pair in session] == deals[:2]


def test_paper_results_make_a_score_sheet() -> None:
    session = Session.new(first_dealer=2)
    for number in range(SESSION_LENGTH):
        session = session.add_result(settle(X01) if number % 2 else SOLO)
    assert session.is_finished
    assert session.deals == ()
    assert list(session) == []
    assert [row.dealer for row in session.rows] == [(2 + n) % 4 for n in range(12)]
    assert session.rows[0].contract == "queens solo (seat 2)"
    assert session.rows[1].contract == "normal game"
    solo, normal = settle(SOLO).scores, settle(X01).scores
    assert session.totals == tuple(6 * (solo[s] + normal[s]) for s in range(4))
    assert session.winners == (2,)
    assert session.score_sheet().splitlines()[-1] == "Winner: seat 2"
    assert Session(2, (), session.settlements) == session
    assert pickle.loads(pickle.dumps(session)) == session
    with pytest.raises(WrongPhaseError):
        session.add_result(X01)


def test_a_forged_paper_settlement_is_refused() -> None:
    forged = settle(X01)
    object.__setattr__(forged, "scores", (9, -3, -3, -3))
    with pytest.raises(InvalidValueError, match="result 1: the settlement is not"):
        Session.new(0).add_result(forged)


def test_cards_and_paper_mix_in_one_session() -> None:
    deal = played(0, 1)[0]
    mixed = Session.new(0).add(deal).add_result(X01).add(played(2, 1)[0])
    assert len(mixed) == 3
    assert [type(entry).__name__ for entry in mixed.entries] == ["Deal", "Settlement", "Deal"]
    assert [pair[0] for pair in mixed] == [deal, played(2, 1)[0]]
    assert Session(0, entries=mixed.entries) == mixed
    with pytest.raises(IllegalActionError, match="deal 2 must be dealt by seat 1"):
        Session.new(0).add_result(X01).add(deal)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 3), st.lists(st.sampled_from([X01, SOLO]), max_size=12))
def test_paper_totals_are_the_running_sums(first: int, results: list[DealSummary]) -> None:
    session = Session.new(first)
    for result in results:
        session = session.add_result(result)
    assert len(session) == len(results)
    assert session.dealer == (first + len(results)) % 4
    assert sum(session.totals) == 0
    assert session.totals == tuple(sum(settle(r).scores[s] for r in results) for s in range(4))
    if results:
        assert session.rows[-1].totals == session.totals


def test_type_errors_are_the_public_invalid_type_error() -> None:
    with pytest.raises(InvalidTypeError) as caught:
        Session(0, [None])  # type: ignore[list-item]
    assert type(caught.value) is InvalidTypeError
    assert str(caught.value) == "deal 1 of the session: deal must be a Deal, not None"
    assert (caught.value.name, caught.value.expected) == ("deal", "Deal")
    with pytest.raises(InvalidTypeError, match=r"^result 1 of the session: result must be a"):
        Session.new(0).add_result(10**5000)  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match="deals must be a sequence, not str 'deal'"):
        Session(0, "deal")  # type: ignore[arg-type]
    assert not hasattr(doppelkopf.session, "_SessionTypeError")


@pytest.mark.parametrize("first_dealer", [None, 2])
def test_seeds_and_generators_are_checked(first_dealer: int | None) -> None:
    with pytest.raises(InvalidTypeError, match="seed must be an int, str or None, not complex"):
        Session.new(first_dealer, seed=1 + 0j)  # type: ignore[arg-type]
    with pytest.raises(InvalidValueError, match="UTF-8"):
        Session.new(first_dealer, seed="\ud800")
    with pytest.raises(InvalidTypeError, match=r"rng must be a random\.Random or None, not bool"):
        Session.new(first_dealer, rng=True)  # type: ignore[arg-type]
    session = Session.new(first_dealer, seed=5)
    with pytest.raises(InvalidTypeError, match="seed must be an int, str or None"):
        session.next_deal([])  # type: ignore[arg-type]
    with pytest.raises(InvalidValueError, match="UTF-8"):
        session.next_deal("\udfff")
    with pytest.raises(InvalidTypeError, match=r"rng must be a random\.Random"):
        session.next_deal(rng=random)  # type: ignore[arg-type]
    assert session.next_deal("table 1") == session.next_deal("table 1")
    assert session.next_deal(rng=random.Random(3)) == session.next_deal(rng=random.Random(3))
