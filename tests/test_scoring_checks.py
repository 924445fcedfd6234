"""Arguments of the wrong type or range given to the scoring API (SPEC §6, §9–§12).

A value of the wrong Python type raises :class:`InvalidTypeError` (a DoppelkopfError and
a TypeError), text included: only ``Party.parse`` and its kin read text.  A value of
the right type outside its range raises the library's ValueError.  Messages quote at
most a short excerpt of what was given.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from doppelkopf import Deal, RandomPlayer, play_deal
from doppelkopf.errors import (
    DoppelkopfError,
    InvalidSummaryError,
    InvalidTypeError,
    InvalidValueError,
)
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
    summarize,
    winner,
)
from doppelkopf.tricks import Trick

RE, KONTRA = Party.RE, Party.KONTRA
X01 = DealSummary(GameType.NORMAL, {0, 2}, PartyResult(151, 7), PartyResult(89, 5))
HUGE = 10**5000


class Unprintable:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


def finished_deal() -> Deal:
    return play_deal(Deal.shuffled(7), [RandomPlayer(seed=seat) for seat in range(4)])


def test_value_for_text_is_a_type_error_not_the_kontra_value() -> None:
    settlement = settle(X01)
    assert settlement.value == 2
    assert (settlement.value_for(RE), settlement.value_for(KONTRA)) == (2, -2)
    with pytest.raises(InvalidTypeError, match=r"use Party\.parse\('re'\)") as caught:
        settlement.value_for("re")  # type: ignore[arg-type]
    assert isinstance(caught.value, TypeError)
    assert isinstance(caught.value, DoppelkopfError)
    assert (caught.value.name, caught.value.expected) == ("party", "Party")
    assert settlement.value_for(Party.parse("re")) == 2


@given(
    st.one_of(
        st.text(max_size=8), st.integers(), st.booleans(), st.none(), st.sampled_from(GameType)
    )
)
def test_nothing_but_a_party_selects_a_side(party: object) -> None:
    settlement, summary = settle(X01), X01
    for ask in (settlement.value_for, summary.seats_of, summary.result_of):
        with pytest.raises(InvalidTypeError):
            ask(party)  # type: ignore[arg-type]


def test_seats_of_and_result_of_by_party() -> None:
    assert X01.seats_of(KONTRA) == frozenset({1, 3})
    assert X01.result_of(RE) is X01.re
    with pytest.raises(InvalidTypeError, match="party must be a Party"):
        X01.result_of("kontra")  # type: ignore[arg-type]


def test_settle_and_summarize_need_their_types() -> None:
    with pytest.raises(
        InvalidTypeError, match=r"^settle\(\) needs a DealSummary, Deal or Outcome, not NoneType$"
    ):
        settle(None)  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match=r"^deal must be a Deal or Outcome, not int 3$"):
        summarize(3)  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match="summary must be a DealSummary"):
        winner("X01")  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match="summary must be a DealSummary"):
        game_value(settle(X01))  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match="summary must be a DealSummary"):
        Settlement(finished_deal())  # type: ignore[arg-type]


def test_settle_of_a_deal_and_of_its_outcome_agree() -> None:
    finished = finished_deal()
    assert settle(finished) == settle(finished.outcome) == settle(summarize(finished))


def test_seats_are_checked_briefly() -> None:
    settlement = settle(X01)
    with pytest.raises(InvalidTypeError, match="not bool True"):
        settlement.score_of(True)
    with pytest.raises(InvalidValueError, match=r"^a seat is 0-3, not an int of 5001 digits$"):
        settlement.score_of(HUGE)
    with pytest.raises(InvalidValueError, match="not 4"):
        X01.party_of(4)
    with pytest.raises(
        InvalidTypeError, match=r"^seat must be an int, not Unprintable <Unprintable"
    ):
        X01.party_of(Unprintable())  # type: ignore[arg-type]


def test_value_kind_lookup() -> None:
    assert ValueKind("Karlchen caught") is ValueKind.KARLCHEN_CAUGHT
    with pytest.raises(InvalidValueError, match=r"no kind of value line has the value 'x'"):
        ValueKind("x")
    with pytest.raises(InvalidTypeError, match="not int 1"):
        ValueKind(1)
    with pytest.raises(InvalidValueError, match=r"'x{17}\.\.\.x{18}'"):
        ValueKind("x" * 100_000)


def test_value_line_fields() -> None:
    with pytest.raises(InvalidTypeError, match=r"party must be a Party.*Party\.parse"):
        ValueLine("won", "re", 1, "§10.1", ValueKind.WON)  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match="kind must be a ValueKind"):
        ValueLine("won", RE, 1, "§10.1", "won")  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match=r"points must be an int, not float 1\.0"):
        ValueLine("won", RE, 1.0, "§10.1", ValueKind.WON)  # type: ignore[arg-type]
    with pytest.raises(InvalidValueError, match="positive int, not a negative int of 5001 digits"):
        ValueLine("won", RE, -HUGE, "§10.1", ValueKind.WON)
    with pytest.raises(InvalidTypeError, match="reason must be a str"):
        ValueLine(None, RE, 1, "§10.1", ValueKind.WON)  # type: ignore[arg-type]


def test_party_result_fields() -> None:
    with pytest.raises(InvalidTypeError, match="card_points must be an int, not None"):
        PartyResult(None, 5)  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match="late_reply must be a bool, not int 1"):
        PartyResult(100, 5, late_reply=1)  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match="fox_at_end must be a bool"):
        PartyResult(100, 5, fox_at_end=Unprintable())  # type: ignore[arg-type]
    with pytest.raises(InvalidSummaryError, match=r"not an int of 5001 digits \(§8\.1\)"):
        PartyResult(100, 5, announcement=HUGE)
    with pytest.raises(InvalidTypeError, match="announcement must be an Announcement"):
        PartyResult(100, 5, announcement=True)
    assert PartyResult(100, 5, announcement=1).announcement is Announcement.NO_90


def test_deal_summary_fields() -> None:
    re, kontra = PartyResult(151, 7), PartyResult(89, 5)
    with pytest.raises(InvalidTypeError, match=r"game_type must be a GameType.*GameType\.parse"):
        DealSummary("normal", {0, 2}, re, kontra)  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match="re_seats must be an iterable of seats"):
        DealSummary(GameType.NORMAL, None, re, kontra)  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match="re_seats must be an iterable of seats"):
        DealSummary(GameType.NORMAL, "02", re, kontra)  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match="re_seats"):
        DealSummary(GameType.NORMAL, [[0], [2]], re, kontra)  # type: ignore[list-item]
    with pytest.raises(
        InvalidSummaryError, match=r"re_seats=\[0, an int of 5001 digits\]: seats are 0-3"
    ):
        DealSummary(GameType.NORMAL, [0, HUGE], re, kontra)
    with pytest.raises(InvalidSummaryError, match="seats are 0-3"):
        DealSummary(GameType.NORMAL, [0, Unprintable()], re, kontra)  # type: ignore[list-item]
    with pytest.raises(InvalidTypeError, match="kontra must be a PartyResult"):
        DealSummary(GameType.NORMAL, {0, 2}, re, 89)  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match="rules must be a Rules"):
        DealSummary(GameType.NORMAL, {0, 2}, re, kontra, rules="ddv")  # type: ignore[arg-type]


def test_from_tricks_arguments() -> None:
    finished = finished_deal()
    tricks = finished.tricks
    with pytest.raises(InvalidTypeError, match="game_type must be a GameType"):
        DealSummary.from_tricks(None, {0, 2}, tricks)  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match="tricks must be a sequence of Trick"):
        DealSummary.from_tricks(GameType.NORMAL, {0, 2}, None)  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match="tricks must be a sequence of Trick"):
        DealSummary.from_tricks(GameType.NORMAL, {0, 2}, "CQ SA")  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match="rules must be a Rules"):
        DealSummary.from_tricks(GameType.NORMAL, {0, 2}, tricks, rules=None)  # type: ignore[arg-type]
    with pytest.raises(InvalidSummaryError, match="12 complete tricks"):
        DealSummary.from_tricks(GameType.NORMAL, {0, 2}, [Trick.parse("CQ")] * 12)
    outcome = finished.outcome
    with pytest.raises(InvalidTypeError, match="late_reply must be a bool, not None"):
        DealSummary.from_tricks(
            outcome.game_type,
            outcome.re_seats,
            tuple(tricks),
            re_late_reply=None,  # type: ignore[arg-type]
        )
    summary = DealSummary.from_tricks(outcome.game_type, outcome.re_seats, list(tricks))
    assert summary.re.card_points == summarize(outcome).re.card_points
