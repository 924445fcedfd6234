"""The summary read straight from a finished deal equals the checked one of its outcome.

``doppelkopf.scoring._finished`` counts card points, tricks and special points
from the deal's completed tricks instead of going through ``Deal.outcome``;
these tests pin it to ``summarize(deal.outcome)``, which checks the outcome
like any summary given from outside.
"""

from __future__ import annotations

import random

import pytest

from doppelkopf import Deal, Reservation, Rules, settle
from doppelkopf.errors import WrongPhaseError
from doppelkopf.players import RandomPlayer, play_deal
from doppelkopf.scoring import summarize
from doppelkopf.scoring._finished import finished_summary

RULE_SETS = (
    Rules.DDV,
    Rules(karlchen_caught=True, fox_at_end=True),
    Rules(karlchen=False),
    Rules(specials=False),
    Rules(nines=False),
    Rules(karlchen_caught=True, fox_at_end=True, schweinchen=True, second_dulle="always"),
    Rules.TOURNAMENT,
    Rules(armut=True, schmeissen={"nines5", "kings5"}),
)


def finished_deals(rules: Rules, count: int, seed: int) -> list[Deal]:
    """``count`` finished deals, none void, of random players saying Vorbehalt one time in ten."""
    rng = random.Random(seed)
    deals: list[Deal] = []
    while len(deals) < count:
        players = [RandomPlayer(rng=rng, reservation_rate=0.1) for _ in range(4)]
        deal = play_deal(Deal.shuffled(rng=rng, dealer=rng.randrange(4), rules=rules), players)
        if not deal.is_void:
            deals.append(deal)
    return deals


@pytest.mark.parametrize("number", range(len(RULE_SETS)), ids=[str(r) for r in RULE_SETS])
def test_the_summary_of_a_finished_deal_equals_the_checked_summary_of_its_outcome(
    number: int,
) -> None:
    rules = RULE_SETS[number]
    counted = [0] * 10
    for deal in finished_deals(rules, 80, seed=number):
        fast = finished_summary(deal)
        assert fast == summarize(deal.outcome)
        assert settle(deal) == settle(deal.outcome)
        for offset, result in ((0, fast.re), (5, fast.kontra)):
            counted[offset] += result.doppelkopf
            counted[offset + 1] += result.foxes_caught
            counted[offset + 2] += result.karlchen
            counted[offset + 3] += result.karlchen_caught
            counted[offset + 4] += result.fox_at_end
    if rules.specials:
        # The deals met Doppelkoepfe and caught foxes.
        assert counted[0] + counted[5] > 0
        assert counted[1] + counted[6] > 0
    else:
        assert not any(counted)


def test_the_rarer_special_points_are_met_and_counted_alike() -> None:
    """Karlchen, a caught Karlchen and the fox at the end, found by playing until each is met."""
    rules = Rules(karlchen_caught=True, fox_at_end=True)
    met = {"karlchen": 0, "karlchen_caught": 0, "fox_at_end": 0}
    seed = 0
    while min(met.values()) < 2:
        seed += 1
        assert seed < 3000, met
        (deal,) = finished_deals(rules, 1, seed)
        fast = finished_summary(deal)
        assert fast == summarize(deal.outcome)
        for name in met:
            met[name] += getattr(fast.re, name) + getattr(fast.kontra, name)


def test_a_deal_without_an_end_has_no_summary() -> None:
    deal = Deal.shuffled(seed=3)
    with pytest.raises(WrongPhaseError, match="trick 12"):
        finished_summary(deal)
    for seat in (0, 1, 2, 3):
        deal = deal.declare(seat, Reservation.HEALTHY)
    deal = deal.play(0, deal.legal_cards()[0])
    with pytest.raises(WrongPhaseError, match="trick 12"):
        settle(deal)


def test_a_void_deal_has_no_summary() -> None:
    hands = (
        "♣A ♣A ♣10 ♣K ♠A ♠A ♠10 ♠K ♥A ♥A ♥K ♥J",
        "♣9 ♣9 ♠9 ♥9 ♦9 ♣10 ♠10 ♠K ♥10 ♥K ♦K ♦J",
        "♣Q ♣Q ♠Q ♠Q ♥Q ♥Q ♦Q ♦Q ♣J ♣J ♠J ♠J",
        "♣K ♠9 ♥10 ♥9 ♦A ♦A ♦10 ♦10 ♦K ♦9 ♥J ♦J",
    )
    deal = Deal.from_hands(hands, rules=Rules(schmeissen={"nines5"}))
    deal = deal.declare(0, Reservation.HEALTHY).declare(1, Reservation.THROW, "nines5")
    deal = deal.declare(2, Reservation.HEALTHY).declare(3, Reservation.HEALTHY)
    assert deal.is_void
    with pytest.raises(WrongPhaseError, match="void"):
        finished_summary(deal)
