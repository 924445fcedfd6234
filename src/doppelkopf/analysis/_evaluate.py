"""Scoring the options of one decision from the deciding seat's view alone (private).

:func:`score_options` is the whole of what an analysis knows about a
decision: the :class:`~doppelkopf.PlayerView` of the seat, the options, the
number of worlds and a seed.  It never sees a :class:`~doppelkopf.Deal` of the
game that was played, so it cannot use a card the seat could not see.

For each of ``worlds`` worlds drawn uniformly from the view
(:class:`~doppelkopf.search.WorldSampler`), every option is applied to the
same world (common random numbers: the luck of the draw is the same for every
option), the deal is taken to the card play where it is not there yet — the
rest of the reservation round and any Armut exchange by
:class:`~doppelkopf.HeuristicPlayer` players seeded per world, the same seed
for every option — and then played to its end once by the greedy playout
policy (:func:`~doppelkopf.search.playouts`), which is deterministic, and
settled (SPEC §12).  A deal that ends void scores 0 for every seat (V§8).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from ..deal import Action, Deal, Phase, PlayerView
from ..players import HeuristicPlayer
from ..scoring import settle
from ..search import WorldSampler, playouts

__all__ = ["score_options"]

_BEFORE_PLAY: Final = (
    Phase.RESERVATIONS,
    Phase.POVERTY_PASS,
    Phase.POVERTY_OFFER,
    Phase.POVERTY_RETURN,
)


def score_options(
    view: PlayerView, options: Sequence[Action | None], worlds: int, seed: int
) -> tuple[tuple[int, ...], ...]:
    """The seat's score after each option in each of ``worlds`` worlds: ``[option][world]``.

    ``None`` among ``options`` is the option of doing nothing now (no
    announcement); the playout then goes on from the view's position.
    """
    rng = random.Random(seed)
    sampler = WorldSampler(view)
    drawn = [sampler.sample(rng) for _ in range(worlds)]
    helpers = [rng.getrandbits(64) for _ in range(worlds)]
    seat = view.seat
    scores = [[0] * worlds for _ in options]
    positions: list[Deal] = []
    owners: list[tuple[int, int]] = []
    for which, option in enumerate(options):
        row = scores[which]
        for number, world in enumerate(drawn):
            after = world if option is None else world.apply(option)
            after = _to_the_play(after, helpers[number])
            if after.phase is Phase.PLAY:
                positions.append(after)
                owners.append((which, number))
            elif after.is_void:
                row[number] = 0
            else:
                row[number] = settle(after).scores[seat]
    if positions:
        # The greedy policy is deterministic: the seed changes nothing.
        result = playouts(positions, policy="greedy", seed=0)
        for (which, number), entry in zip(owners, result.scores, strict=True):
            scores[which][number] = entry[seat]
    return tuple(tuple(row) for row in scores)


def _to_the_play(deal: Deal, seed: int) -> Deal:
    """``deal`` taken through the rest of the reservations and Armut exchange by heuristics."""
    if deal.phase not in _BEFORE_PLAY:
        return deal
    player = HeuristicPlayer(seed=seed)
    while deal.phase in _BEFORE_PLAY:
        turn = deal.turn
        assert turn is not None
        action = player.act(deal.view(turn))
        assert action is not None
        deal = deal.apply(action)
    return deal
