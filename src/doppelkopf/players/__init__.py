"""Players, a runner that plays a deal to the end, and two reference bots.

A player is any object with an ``act`` method that takes a
:class:`~doppelkopf.PlayerView` and returns an action (see :class:`Player`).
:func:`play_deal` asks four players for their actions, applies them and
returns the finished deal; :func:`iter_deal` does the same one event at a
time.  :class:`RandomPlayer` and :class:`HeuristicPlayer` are the reference
bots to test against.

The package has one module per concern: :mod:`~doppelkopf.players.runner`
(the protocol and the runner), :mod:`~doppelkopf.players.knowledge` (what a
player can work out from its view), :mod:`~doppelkopf.players.random_player`
and :mod:`~doppelkopf.players.heuristic` (the reference bots); every public
name is imported from here (``from doppelkopf.players import play_deal``) or
from :mod:`doppelkopf` itself.

>>> from doppelkopf import Deal
>>> players = [HeuristicPlayer(seed=0), RandomPlayer(seed=1),
...            RandomPlayer(seed=2), RandomPlayer(seed=3)]
>>> deal = play_deal(Deal.shuffled(seed=11), players)
>>> deal.is_finished, len(deal.tricks)
(True, 12)
"""

from .heuristic import HeuristicPlayer as HeuristicPlayer
from .knowledge import known_voids as known_voids
from .knowledge import unseen_cards as unseen_cards
from .knowledge import winning_cards as winning_cards
from .random_player import RandomPlayer as RandomPlayer
from .runner import Player as Player
from .runner import Step as Step
from .runner import iter_deal as iter_deal
from .runner import play_deal as play_deal

__all__ = [
    "HeuristicPlayer",
    "Player",
    "RandomPlayer",
    "Step",
    "iter_deal",
    "known_voids",
    "play_deal",
    "unseen_cards",
    "winning_cards",
]
