"""Bock rounds: what starts them, which deals they cover and their multiplier (V§11).

The Bock state between two deals is a tuple: the deals each round still
covers, in the order the rounds were added.  With ``"consecutive"`` stacking
the rounds queue and only the first one runs; with ``"multiply"`` every
round runs at once (V§11.3).
"""

from __future__ import annotations

from ..parties import Party
from ..rules import BOCK_TRIGGERS, BockTrigger, Rules
from ..scoring import Settlement

__all__ = ["after_deal", "multiplier", "triggers"]


def triggers(rules: Rules, settlement: Settlement) -> tuple[BockTrigger, ...]:
    """The Bock triggers of ``rules.bock`` that a played deal meets (V§11.1).

    ``"tie"``: the deal ended 120:120 card points.  ``"lost_announcement"``: a
    party that announced (Re or Kontra, or more) lost; a deal nobody won counts
    when either party had announced.  ``"lost_solo"``: the soloist of any solo
    lost, that is the opponents won.

    >>> from doppelkopf import DealSummary, GameType, PartyResult, settle
    >>> tie = settle(DealSummary(GameType.NORMAL, {0, 2}, PartyResult(120, 6, announcement=0),
    ...                          PartyResult(120, 6)))
    >>> triggers(Rules(bock={"tie", "lost_announcement"}), tie)  # V27
    ('tie', 'lost_announcement')
    >>> triggers(Rules.DDV, tie)
    ()
    """
    if not rules.bock:
        return ()
    summary = settlement.summary
    winner = settlement.winner
    met: list[BockTrigger] = []
    for trigger in BOCK_TRIGGERS:
        if trigger not in rules.bock:
            continue
        if trigger == "tie":
            hit = summary.re.card_points == 120
        elif trigger == "lost_announcement":
            if winner is None:
                hit = summary.re.announced or summary.kontra.announced
            else:
                hit = summary.result_of(winner.opponent).announced
        else:
            hit = summary.game_type.is_solo and winner is Party.KONTRA
        if hit:
            met.append(trigger)
    return tuple(met)


def multiplier(rules: Rules, rounds: tuple[int, ...]) -> int:
    """The factor of the next played deal's scores: 1, 2, or 2^k for k rounds (V§11.2, V§11.3).

    >>> multiplier(Rules(bock={"tie"}), (4, 4)), multiplier(
    ...     Rules(bock={"tie"}, bock_stacking="multiply"), (4, 4))
    (2, 4)
    >>> multiplier(Rules(bock={"tie"}), ())
    1
    """
    if not rounds:
        return 1
    if rules.bock_stacking == "consecutive":
        return 2
    factor: int = 2 ** len(rounds)
    return factor


def after_deal(rules: Rules, rounds: tuple[int, ...], settlement: Settlement) -> tuple[int, ...]:
    """The Bock rounds after a played deal: the deal consumed, new rounds added (V§11.1-V§11.3).

    The deal consumes one deal of the running round (``"consecutive"``) or of
    every round (``"multiply"``); each trigger it meets adds a round of
    ``rules.players`` deals, starting with the next deal.  A void deal has no
    settlement and is never passed here (V§11.2).

    >>> from doppelkopf import DealSummary, GameType, PartyResult, settle
    >>> tie = settle(DealSummary(GameType.NORMAL, {0, 2}, PartyResult(120, 6),
    ...                          PartyResult(120, 6)))
    >>> after_deal(Rules(bock={"tie"}), (), tie), after_deal(Rules(bock={"tie"}), (1, 4), tie)
    ((4,), (4, 4))
    """
    if rounds:
        if rules.bock_stacking == "consecutive":
            rounds = (rounds[0] - 1, *rounds[1:])
        else:
            rounds = tuple(left - 1 for left in rounds)
        rounds = tuple(left for left in rounds if left > 0)
    added = len(triggers(rules, settlement))
    return rounds + (rules.players,) * added
