"""The random reference bot."""

from __future__ import annotations

import math
import random
from typing import Final

from .. import _checks
from ..deal import Action, Declare, PlayerView, Reservation
from ..errors import InvalidValueError
from ._seeds import check_generator, check_seed

__all__ = ["RandomPlayer"]

_HEALTHY: Final = Reservation.HEALTHY


class RandomPlayer:
    """A player that picks at random among its legal actions on turn and passes off turn.

    In the reservation round it says *Vorbehalt* with probability
    ``reservation_rate`` (default 0.05, one answer in twenty), choosing
    uniformly among the legal reservations other than healthy — a solo, or a
    marriage with both ♣Q (SPEC §3.2); otherwise it is healthy.  Only the
    reservations of ``view.legal_actions`` are considered, so it declares no
    solo where the rules forbid them (V§3).  ``reservation_rate=1`` always
    says *Vorbehalt* when one is legal; ``0`` never does.  In a forced deal
    (V§9.5), where only solos are legal, it names a random solo, and in the
    Armut exchange (V§6.3) it takes a random legal step.

    In play every entry of ``view.legal_actions`` is equally likely: each
    distinct legal card and each announcement that adds something.  Off turn
    it never announces.  Give ``seed`` for a reproducible player, or ``rng``
    to share a generator; the generator's state carries over from one deal to
    the next.

    >>> from doppelkopf import Deal
    >>> deal = Deal.shuffled(seed=1)
    >>> RandomPlayer(seed=3).act(deal.view(0)) == RandomPlayer(seed=3).act(deal.view(0))
    True
    >>> RandomPlayer(seed=3).act(deal.view(1)) is None  # seat 0 is asked first
    True
    >>> RandomPlayer(seed=3, reservation_rate=1).act(deal.view(0)).reservation.is_solo
    True

    Raises:
        InvalidValueError: ``seed`` and ``rng`` are both given, ``reservation_rate``
            is not a number from 0 to 1, or ``seed`` is text UTF-8 cannot encode.
        InvalidTypeError: ``reservation_rate`` is not a number (a ``bool`` is not
            one), ``seed`` is neither ``int``, ``str`` nor ``None``, or ``rng`` is not
            a :class:`random.Random`.
    """

    def __init__(
        self,
        seed: int | None = None,
        rng: random.Random | None = None,
        *,
        reservation_rate: float = 0.05,
    ) -> None:
        check_seed(seed)
        rng = check_generator(rng)
        if seed is not None and rng is not None:
            raise InvalidValueError("give a seed or a random generator, not both")
        if type(reservation_rate) not in (int, float):
            raise _checks.type_error(reservation_rate, "reservation_rate", "number")
        # Compared before isfinite, which cannot convert an int of thousands of digits.
        if not (0 <= reservation_rate <= 1 and math.isfinite(reservation_rate)):
            raise InvalidValueError(
                f"reservation_rate must be from 0 to 1, not {_checks.excerpt(reservation_rate)}"
            )
        self.seed = seed
        self.rng = rng if rng is not None else random.Random(seed)
        self.reservation_rate = reservation_rate

    def __repr__(self) -> str:
        if self.reservation_rate == 0.05:
            return f"RandomPlayer(seed={self.seed!r})"
        return f"RandomPlayer(seed={self.seed!r}, reservation_rate={self.reservation_rate!r})"

    def act(self, view: PlayerView) -> Action | None:
        """A random legal action on turn; ``None`` off turn (see :class:`Player`).

        >>> from doppelkopf import Deal
        >>> view = Deal.shuffled(seed=1).view(0)
        >>> RandomPlayer(seed=2).act(view) in view.legal_actions
        True
        """
        if type(view) is not PlayerView:
            _checks.instance(view, PlayerView, "view")
        if view.turn != view.seat:
            return None  # off turn it never announces, so it need not list its actions
        actions = view.legal_actions
        if not actions:
            return None
        if type(actions[0]) is Declare:  # the reservation round: only answers are legal
            return self._declare(view.seat, actions)
        rng = self.rng
        if type(rng) is not random.Random:
            return rng.choice(actions)
        # Random.choice written out (its _randbelow draws getrandbits of the
        # bit length of the size until the draw is below it): the same draw,
        # one call less per card (tests/test_runner_paths.py pins the two).
        size = len(actions)
        bits = size.bit_length()
        getrandbits = rng.getrandbits
        index = getrandbits(bits)
        while index >= size:
            index = getrandbits(bits)
        return actions[index]

    def _declare(self, seat: int, actions: tuple[Action, ...]) -> Action:
        """Healthy, or with probability ``reservation_rate`` another legal reservation."""
        others = [
            action
            for action in actions
            if isinstance(action, Declare) and action.reservation is not _HEALTHY
        ]
        healthy = Declare(seat, _HEALTHY)
        if others and (self.rng.random() < self.reservation_rate or healthy not in actions):
            return self.rng.choice(others)
        return healthy  # legal on turn in every reservation round but a forced one (V§9.5)
