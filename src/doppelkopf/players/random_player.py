"""The random reference bot."""

from __future__ import annotations

import random

from ..deal import Action, PlayerView
from ..errors import InvalidValueError

__all__ = ["RandomPlayer"]


class RandomPlayer:
    """A player that picks uniformly among its legal actions on turn and passes off turn.

    On turn every entry of ``view.legal_actions`` is equally likely: each
    reservation in the reservation round, and in play each distinct legal
    card and each announcement that adds something.  Off turn it never
    announces.  Give ``seed`` for a reproducible player, or ``rng`` to share a
    generator; the generator's state carries over from one deal to the next.

    >>> from doppelkopf import Deal
    >>> deal = Deal.shuffled(seed=1)
    >>> RandomPlayer(seed=3).act(deal.view(0)) == RandomPlayer(seed=3).act(deal.view(0))
    True
    >>> RandomPlayer(seed=3).act(deal.view(1)) is None  # seat 0 is asked first
    True
    """

    def __init__(self, seed: int | None = None, rng: random.Random | None = None) -> None:
        if seed is not None and rng is not None:
            raise InvalidValueError("give a seed or a random generator, not both")
        self.seed = seed
        self.rng = rng if rng is not None else random.Random(seed)

    def __repr__(self) -> str:
        return f"RandomPlayer(seed={self.seed!r})"

    def act(self, view: PlayerView) -> Action | None:
        """A uniformly random legal action on turn; ``None`` off turn (see :class:`Player`).

        >>> from doppelkopf import Deal
        >>> view = Deal.shuffled(seed=1).view(0)
        >>> RandomPlayer(seed=2).act(view) in view.legal_actions
        True
        """
        if view.turn != view.seat or not view.legal_actions:
            return None
        return self.rng.choice(view.legal_actions)
