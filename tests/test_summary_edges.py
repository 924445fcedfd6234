"""Summaries, results and paper sessions at the edges: huge ints and very many void deals.

An int of more than 4,300 digits cannot be written as text by ``str``; every message
that quotes a number of a :class:`DealSummary`, a :class:`PartyResult` or the void
positions of a :class:`Session` describes it instead (SPEC §0.4).  A session written
on paper is built in one pass, however many void deals it holds (V§8).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from doppelkopf import DealSummary, GameType, PartyResult, RandomPlayer, Rules, play_deal
from doppelkopf.errors import DoppelkopfError, InvalidSummaryError, InvalidValueError
from doppelkopf.session import Session, _rows

HUGE = 10**5000
NORMAL = GameType.NORMAL
ARMUT = Rules(armut=True)


HALF = PartyResult(120, 6)


def refusal(re: PartyResult, kontra: PartyResult = HALF) -> str:
    """The message of the summary of a normal game of ``re`` and ``kontra``, which is refused."""
    with pytest.raises(InvalidSummaryError) as info:
        DealSummary(NORMAL, {0, 1}, re, kontra)
    return str(info.value)


@pytest.mark.parametrize(
    ("re", "kontra", "expected"),
    [
        (PartyResult(HUGE, 6), PartyResult(120, 6), "re.card_points must be 0-240, not an int"),
        (PartyResult(-HUGE, 6), PartyResult(120, 6), "not a negative int of 5001 digits (§1.2)"),
        (PartyResult(120, HUGE), PartyResult(120, 6), "re.tricks must be 0-12, not an int of"),
        (PartyResult(120, 6), PartyResult(120, -HUGE), "kontra.tricks must be 0-12, not a neg"),
        (PartyResult(120, 6, doppelkopf=-HUGE), PartyResult(120, 6), "cannot be a negative int"),
        (PartyResult(120, 6, foxes_caught=-HUGE), PartyResult(120, 6), "cannot be a negative"),
        (PartyResult(120, 6, karlchen_caught=HUGE), PartyResult(120, 6), "not an int of 5001"),
        (PartyResult(120, 6, doppelkopf=HUGE), PartyResult(120, 6), "doppelkopf=an int of 5001"),
        (PartyResult(120, 6, foxes_caught=HUGE), PartyResult(120, 6), "foxes_caught + kontra"),
        (PartyResult(120, 6), PartyResult(120, 6, foxes_caught=HUGE), "= an int of 5001 digits"),
    ],
)
def test_a_huge_count_in_a_result_is_described(
    re: PartyResult, kontra: PartyResult, expected: str
) -> None:
    """SPEC §1.2, §3.5, §11.3, §11.4, V§5.3: the check names the field and the number's size."""
    message = refusal(re, kontra)
    assert expected in message
    assert len(message) < 300


def test_huge_card_points_that_add_up_are_described() -> None:
    """SPEC §1.2: each party's points are checked before their sum is quoted."""
    message = refusal(PartyResult(HUGE + 240, 6), PartyResult(-HUGE, 6))
    assert message.startswith("re.card_points must be 0-240, not an int of 5001 digits")


def test_card_points_without_a_trick_are_still_quoted_in_full() -> None:
    """SPEC §5.5: an ordinary number keeps its digits in the message."""
    assert refusal(PartyResult(120, 0), PartyResult(120, 12)) == (
        "re.card_points=120, but Re won no trick (§5.5)"
    )


_HUGE_INTS = st.builds(
    lambda digits, sign: sign * 10**digits, st.integers(4_300, 6_000), st.sampled_from([1, -1])
)


@given((st.integers() | _HUGE_INTS).filter(lambda number: not 0 <= number <= 240))
def test_every_bad_card_point_count_is_refused_with_a_short_message(points: int) -> None:
    """SPEC §1.2: any int outside 0-240 is refused, and the message stays short."""
    message = refusal(PartyResult(points, 6))
    assert message.startswith("re.card_points must be 0-240, not ")
    assert len(message) < 120


def test_a_huge_announcement_level_is_described() -> None:
    """SPEC §8.1: the level is 0-4."""
    with pytest.raises(InvalidSummaryError, match=r"not an int of 5001 digits \(§8\.1\)$"):
        PartyResult(120, 6, announcement=HUGE)


@pytest.mark.parametrize(
    ("voids", "expected"),
    [
        ([HUGE], r"^void position an int of 5001 digits is past the last of the 1 deals"),
        ([-HUGE], r"^a void position is 0 or more, not a negative int of 5001 digits \(V§8\)$"),
        ([HUGE, 3], r"^void positions must increase, not an int of 5001 digits then 3 \(V§8\)$"),
        ([0, HUGE], r"^void position an int of 5001 digits is past the last of the 2 deals"),
    ],
)
def test_huge_void_positions_are_described(voids: list[int], expected: str) -> None:
    """V§8: a void position is a deal's place among the deals dealt."""
    with pytest.raises(InvalidValueError, match=expected):
        Session(0, voids=voids, rules=ARMUT)


def test_void_positions_that_do_not_fit_the_deals_are_quoted_briefly() -> None:
    """V§8: with deals given, the voids are those of the void deals, quoted in short."""
    deal = Session.new(first_dealer=0, rules=ARMUT).next_deal(seed=1)
    finished = play_deal(deal, [RandomPlayer(seed=seat) for seat in range(4)])
    with pytest.raises(InvalidValueError) as info:
        Session(0, [finished], voids=[HUGE, *range(HUGE + 1, HUGE + 50)])
    message = str(info.value)
    assert "an int of 5001 digits" in message
    assert len(message) < 200


@pytest.mark.parametrize("count", [16_000, 32_000])
def test_a_paper_session_holds_any_number_of_void_deals(count: int) -> None:
    """V§8: void deals do not count, so a session may hold as many as were dealt."""
    session = Session(0, voids=range(count), rules=ARMUT)
    assert len(session.rows) == count
    assert session.voids == tuple(range(count))
    assert len(session) == 0
    assert session.dealer == 0
    assert session.rows[-1].number == 1


def test_a_paper_session_is_built_without_a_session_per_deal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """V§8: the constructor builds one table of rows, not one per deal given.

    Building a new session after each deal copied every row before it, so the
    time grew with the square of the deals; the constructor now makes two
    tables (its draft and the session's), however many deals it is given.
    """
    made: list[int] = []
    table = _rows.Table

    def counted(*args: Any) -> _rows.Table:
        made.append(1)
        return table(*args)

    monkeypatch.setattr(_rows, "Table", counted)
    session = Session(2, voids=range(1_000), rules=ARMUT)
    assert len(made) == 2
    assert len(session.rows) == 1_000
    monkeypatch.undo()
    assert session.add_void().voids[-1] == 1_000


def test_a_paper_session_mixes_results_and_void_deals_in_place() -> None:
    """V§8: a void deal keeps the dealer; a played one passes the deal on (SPEC §2.2)."""
    x01 = DealSummary(NORMAL, {0, 2}, PartyResult(151, 7), PartyResult(89, 5), rules=ARMUT)
    session = Session(3, [], [x01, x01], voids=[0, 2, 3], rules=ARMUT)
    by_hand = Session.new(first_dealer=3, rules=ARMUT)
    by_hand = by_hand.add_void().add_result(x01).add_void().add_void().add_result(x01)
    assert session == by_hand
    assert session.rows == by_hand.rows
    assert session.voids == (0, 2, 3)
    assert [row.dealer for row in session.rows] == [3, 3, 0, 0, 0]
    assert isinstance(session.rows, tuple)
    assert isinstance(session.settlements, tuple)


def test_the_refusals_are_library_errors() -> None:
    """SPEC §0.4: a huge int given anywhere raises the library's error, never a bare one."""
    with pytest.raises(DoppelkopfError):
        Session(0, voids=[HUGE], rules=ARMUT)
    with pytest.raises(DoppelkopfError):
        DealSummary(NORMAL, {0, 1}, PartyResult(HUGE, HUGE), PartyResult(HUGE, HUGE))


def test_a_results_repr_describes_a_count_too_long_to_write() -> None:
    """SPEC §9.1: a result holds any int until a summary checks it; its repr never fails."""
    result = PartyResult(HUGE, 6, doppelkopf=-HUGE, foxes_caught=HUGE, karlchen_caught=HUGE)
    text = repr(result)
    assert text.startswith("PartyResult(card_points=an int of 5001 digits, tricks=6, ")
    assert "doppelkopf=a negative int of 5001 digits, foxes_caught=an int of 5001 digits" in text
    assert repr(PartyResult(120, 6)) == (
        "PartyResult(card_points=120, tricks=6, announcement=None, late_reply=False, "
        "doppelkopf=0, foxes_caught=0, karlchen=False, karlchen_caught=0, fox_at_end=False)"
    )
