"""The 19th-century rules, ``Rules.XIX``, played end to end (V§0.3, V29, V30).

``Rules.XIX`` is ``dullen=False, armut=True, skip_levels=False, specials=False``:
the ♥10 is a plain heart, a poor hand may ask for an exchange, every absage
is announced level by level, and no special point is counted; the scoring is
otherwise SPEC §10 (V§13 R6, R7).
"""

from __future__ import annotations

import pytest

from doppelkopf import (
    Announcement,
    Card,
    Deal,
    GameType,
    HeuristicPlayer,
    Phase,
    RandomPlayer,
    Reservation,
    Rules,
    Session,
    Trick,
    play_deal,
    settle,
    trick_winner,
)
from doppelkopf.errors import AnnouncementError
from doppelkopf.parties import Party
from doppelkopf.scoring import DealSummary, PartyResult

XIX = Rules.XIX
A, B, C, D = 0, 1, 2, 3


def test_the_preset_is_the_four_options_of_v0_3() -> None:
    assert Rules(dullen=False, armut=True, skip_levels=False, specials=False) == XIX
    assert XIX.armut_max_trumps == 3  # V§12 W2: "fewer than four trumps"


def test_v29_the_heart_ten_is_a_plain_heart() -> None:
    trick = Trick.parse("♥10 ♥A ♥K ♣Q", leader=A)
    assert trick_winner(trick, GameType.NORMAL, rules=XIX) == D
    order = XIX.card_order(GameType.NORMAL)
    assert not order.is_trump(Card.parse("♥10"))
    assert [str(card) for card in order.trumps][:2] == ["♣Q", "♠Q"]
    # Under the default rules the same trick goes to the Dulle.
    assert trick_winner(trick, GameType.NORMAL) == A


def test_v30_kontra_with_120_scores_two_each() -> None:
    summary = DealSummary(
        GameType.NORMAL, {A, C}, PartyResult(120, 6), PartyResult(120, 6), rules=XIX
    )
    settlement = settle(summary)
    assert settlement.winner is Party.KONTRA
    assert [(line.reason, line.points) for line in settlement.lines] == [
        ("won", 1),
        ("gegen die Alten", 1),
    ]
    assert settlement.scores == (-2, 2, -2, 2)


def xix_deals(count: int) -> list[Deal]:
    """``count`` deals under XIX played by heuristic bots, from seeds 0, 1, 2, ..."""
    deals = []
    for seed in range(count):
        players = [HeuristicPlayer(seed=seed * 4 + seat) for seat in range(4)]
        deals.append(play_deal(Deal.shuffled(seed=seed, rules=XIX), players))
    return deals


@pytest.fixture(scope="module")
def played() -> list[Deal]:
    return xix_deals(150)


def test_every_deal_ends_and_none_counts_a_special_point(played: list[Deal]) -> None:
    for deal in played:
        assert deal.is_finished
        if deal.is_void:
            assert deal.void is not None
            assert deal.void.reason == "poverty_refused"  # XIX knows no Schmeißen
            continue
        outcome = deal.outcome
        assert outcome.special_events == ()  # V§5.1
        settlement = settle(deal)
        assert sum(settlement.scores) == 0
        assert not {"Doppelkopf", "fox caught", "Karlchen"} & {
            line.reason for line in settlement.lines
        }


def test_poverty_is_played_and_scored_two_against_two(played: list[Deal]) -> None:
    poverties = [deal for deal in played if deal.game_type is GameType.POVERTY]
    assert poverties, "no Armut among the bots' XIX deals"
    for deal in poverties:
        poverty = deal.poverty
        assert poverty is not None
        assert poverty.acceptor is not None
        assert deal.parties[poverty.poor] is deal.parties[poverty.acceptor] is Party.RE
        assert sorted(settle(deal).scores) in ([-v, -v, v, v] for v in range(40))
        # Play started from the dealer's left after the exchange (V§6.5).
        assert deal.tricks[0].leader == (deal.dealer + 1) % 4


def test_no_level_is_skipped_under_xix() -> None:
    deal = Deal.shuffled(seed=3, rules=XIX)
    for seat in (0, 1, 2, 3):
        if deal.phase is Phase.RESERVATIONS:
            deal = deal.declare(seat, Reservation.HEALTHY)
    assert deal.phase is Phase.PLAY
    with pytest.raises(AnnouncementError, match=r"V§4"):
        deal.announce(0, Announcement.NO_90)
    deal = deal.announce(0, Announcement.RE_KONTRA).announce(0, Announcement.NO_90)
    party = deal.parties[0]
    assert party is not None
    assert deal.announcement_state(party).level is Announcement.NO_90


def test_a_whole_xix_session_is_played_and_sums_to_zero() -> None:
    session = Session.new(first_dealer=0, rules=XIX)
    players = [RandomPlayer(seed=seat, reservation_rate=0.5) for seat in range(4)]
    seed = 0
    while not session.is_finished:
        deal = play_deal(session.next_deal(seed=seed), players)
        seed += 1
        session = session.add(deal)
    assert len(session) == 12
    assert sum(session.totals) == 0
    assert session.rules is XIX
