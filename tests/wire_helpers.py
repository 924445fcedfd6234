"""Deals at random moments for the tests of :mod:`doppelkopf.wire`.

Each scenario is a rule set and a way to start the deal; a random number of
random legal actions then brings it to a random moment: the reservation
round, the Armut exchange, a silent marriage, a lapsed *Vorbehalt*, play,
the end.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from deal_helpers import armut_deal, with_both_club_queens
from doppelkopf import Action, Deal, Declare, Play, Reservation, Rules

NO_NINES = Rules(nines=False)
ARMUT = Rules(armut=True)
THROWING = Rules(armut=True, schmeissen={"nines5", "kings5", "trumps1", "full7"})
FIVE = Rules(players=5)
PRESETS: dict[str, Rules] = {
    "ddv": Rules.DDV,
    "tournament": Rules.TOURNAMENT,
    "xix": Rules.XIX,
    "armut": ARMUT,
    "no nines": NO_NINES,
    "armut and schmeissen": THROWING,
    "five players": FIVE,
}


def _shuffled(rules: Rules) -> Callable[[random.Random], Deal]:
    def start(rng: random.Random) -> Deal:
        return Deal.shuffled(rng=rng, dealer=rng.randrange(4), rules=rules)

    return start


def _owing(rng: random.Random) -> Deal:
    owing = {seat for seat in range(4) if rng.random() < 0.5} or {rng.randrange(4)}
    forced = rng.random() < 0.3
    return Deal.shuffled(rng=rng, rules=Rules.TOURNAMENT, owing=owing, forced=forced)


def _silent_marriage(rng: random.Random) -> Deal:
    seat = rng.randrange(4)
    deal = Deal.shuffled(rng=rng, dealer=3)
    deal = Deal.from_hands(with_both_club_queens(deal.dealt, seat), dealer=3)
    for asked in range(4):
        deal = deal.declare(asked, Reservation.HEALTHY)
    return deal


def _lapsed(rng: random.Random) -> Deal:
    """Two seats say Vorbehalt: the first a solo, a later one a marriage or a solo."""
    deal = Deal.shuffled(rng=rng, dealer=3)
    deal = deal.declare(0, Reservation.HEARTS_SOLO)
    choices = [a for a in deal.legal_actions if isinstance(a, Declare)]
    return deal.apply(rng.choice(choices))


def _armut(rng: random.Random) -> Deal:
    return armut_deal(rng.randrange(10_000))


SCENARIOS: dict[str, Callable[[random.Random], Deal]] = {
    **{name: _shuffled(rules) for name, rules in PRESETS.items()},
    "tournament owing": _owing,
    "silent marriage": _silent_marriage,
    "lapsed reservation": _lapsed,
    "armut exchange": _armut,
}


def deal_at_random_moment(name: str, rng: random.Random) -> Deal:
    """A deal of scenario ``name`` after a random number of random legal actions."""
    deal = SCENARIOS[name](rng)
    steps = rng.choice((0, 1, 2, 3, 5, 8, 13, 21, 34, 60))
    if name == "armut exchange" and rng.random() < 0.6:
        steps = rng.randrange(6)  # within the exchange (V§6.3)
    for _ in range(steps):
        if not deal.legal_actions:
            break
        deal = deal.apply(random_action(deal, rng))
    return deal


def random_action(deal: Deal, rng: random.Random) -> Action:
    """A random legal action: often a healthy answer where it is one, a card more often
    than an announcement."""
    actions = deal.legal_actions
    healthy = [
        a for a in actions if isinstance(a, Declare) and a.reservation is Reservation.HEALTHY
    ]
    if healthy and rng.random() < 0.6:
        return healthy[0]
    plays = [a for a in actions if isinstance(a, Play)]
    if plays and rng.random() < 0.8:
        return rng.choice(plays)
    return rng.choice(actions)
