"""The random reference bot."""

from __future__ import annotations

import math
import random
from typing import Final

from .. import _checks
from ..deal import Action, Announce, Declare, PlayerView, Reservation
from ..errors import InvalidValueError
from ._seeds import check_generator, check_seed, seed_text

__all__ = ["RandomPlayer"]

_HEALTHY: Final = Reservation.HEALTHY
_VORBEHALT: Final = Reservation.VORBEHALT
_ANNOUNCE: Final = 0.05
"""How often the random player announces on a turn where it may (one such turn in twenty)."""


def _check_share(value: object, name: str) -> None:
    """Raise unless ``value`` is a probability: an ``int`` or ``float`` from 0 to 1."""
    if type(value) not in (int, float):
        raise _checks.type_error(value, name, "number")
    # Compared before isfinite, which cannot convert an int of thousands of digits.
    if not (0 <= value <= 1 and math.isfinite(value)):  # type: ignore[operator, arg-type]
        raise InvalidValueError(f"{name} must be from 0 to 1, not {_checks.excerpt(value)}")


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

    In play it announces rarely: on a turn where announcements are open
    (SPEC §8) it makes one with probability ``announce`` (default 0.05), the
    lowest that adds something (Re or Kontra first, then keine 90, ...), and
    otherwise plays a legal card, each distinct card equally likely.  ``announce=None`` makes
    every entry of ``view.legal_actions`` equally likely, announcements and
    cards alike: the behaviour of version 0.1.0, which with up to five
    announcements open beside the cards said Re, and schwarz, in nearly every
    deal.  Off turn it never announces.  Give ``seed`` for a
    reproducible player, or ``rng`` to share a generator; the generator's
    state carries over from one deal to the next.

    >>> from doppelkopf import Deal
    >>> deal = Deal.shuffled(seed=1)
    >>> RandomPlayer(seed=3).act(deal.view(0)) == RandomPlayer(seed=3).act(deal.view(0))
    True
    >>> RandomPlayer(seed=3).act(deal.view(1)) is None  # seat 0 is asked first
    True
    >>> RandomPlayer(seed=3, reservation_rate=1).act(deal.view(0)).reservation.is_solo
    True
    >>> for seat in range(4):
    ...     deal = deal.declare(seat, Reservation.HEALTHY)
    >>> RandomPlayer(seed=3, announce=1).act(deal.view(0))
    Announce(seat=0, level=<Announcement.RE_KONTRA: 0>)
    >>> RandomPlayer(seed=3, announce=0).act(deal.view(0))
    Play(seat=0, card=Card.parse('♠10'))

    Raises:
        InvalidValueError: ``seed`` and ``rng`` are both given, ``reservation_rate``
            or ``announce`` is not a number from 0 to 1, or ``seed`` is text UTF-8
            cannot encode.
        InvalidTypeError: ``reservation_rate`` is not a number or ``announce``
            neither a number nor ``None`` (a ``bool`` is not a number), ``seed`` is
            neither ``int``, ``str`` nor ``None``, or ``rng`` is not a
            :class:`random.Random`.
    """

    def __init__(
        self,
        seed: int | None = None,
        rng: random.Random | None = None,
        *,
        reservation_rate: float = 0.05,
        announce: float | None = _ANNOUNCE,
    ) -> None:
        check_seed(seed)
        rng = check_generator(rng)
        if seed is not None and rng is not None:
            raise InvalidValueError("give a seed or a random generator, not both")
        _check_share(reservation_rate, "reservation_rate")
        if announce is not None:
            _check_share(announce, "announce")
        self.seed = seed
        self.rng = rng if rng is not None else random.Random(seed)
        self.reservation_rate = reservation_rate
        self.announce = announce

    def __repr__(self) -> str:
        options = "".join(
            f", {name}={value!r}"
            for name, value, default in (
                ("reservation_rate", self.reservation_rate, 0.05),
                ("announce", self.announce, _ANNOUNCE),
            )
            if value != default or type(value) is not type(default)
        )
        return f"RandomPlayer(seed={seed_text(self.seed)}{options})"

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
        if type(actions[-1]) is Announce and self.announce is not None:
            return self._play_or_announce(actions)
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

    def _play_or_announce(self, actions: tuple[Action, ...]) -> Action:
        """With probability ``announce`` the lowest announcement open, else a random card
        (the announcements come after the cards in ``legal_actions``, lowest first)."""
        first = len(actions) - 1
        while first and type(actions[first - 1]) is Announce:
            first -= 1
        rng = self.rng
        announce = self.announce
        assert announce is not None
        if not first or rng.random() < announce:
            return actions[first]
        return rng.choice(actions[:first])

    def _declare(self, seat: int, actions: tuple[Action, ...]) -> Action:
        """Healthy, or with probability ``reservation_rate`` another legal reservation.

        It names its reservation at once and never says the bare *Vorbehalt*
        of the two-step round; asked a question of that round (when another
        seat's bare *Vorbehalt* let the deal ask it), where healthy is not
        open, it picks any legal answer.
        """
        others = [
            action
            for action in actions
            if isinstance(action, Declare)
            and action.reservation is not _HEALTHY
            and action.reservation is not _VORBEHALT
        ]
        healthy = Declare(seat, _HEALTHY)
        if others and (self.rng.random() < self.reservation_rate or healthy not in actions):
            return self.rng.choice(others)
        return healthy  # legal on turn in every reservation round but a forced one (V§9.5)
