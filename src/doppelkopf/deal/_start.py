"""A deal before its first action: the hands checked or dealt, and the first state (SPEC §2.3–§2.4).

:func:`from_hands` and :func:`shuffled` build the deals of the class methods
:meth:`Deal.from_hands <doppelkopf.Deal.from_hands>` and
:meth:`Deal.shuffled <doppelkopf.Deal.shuffled>`, and :func:`initial` is
:meth:`Deal.initial <doppelkopf.Deal.initial>`.  They check what they are
given (four hands that partition the deck, a dealer, a cut, a seed, the
seats owing a compulsory solo of V§9) and build the first state: the
dealer's left is asked first, or in a forced deal the first owing seat.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Final

from .. import _checks
from ..announce import NOTHING
from ..cards import _ONE, Hand
from ..errors import InvalidValueError
from ..rules import Rules
from ._state import Deal, _Setup
from .dealing import DECK_ONES, cut_and_deal, shuffle_and_cut
from .procedures import NO_PROCEDURES
from .reservations import check_owing

__all__ = ["from_hands", "initial", "shuffled"]

_DDV: Final = Rules.DDV
NOBODY: Final[frozenset[int]] = frozenset()
_NO_ANSWERS: Final = (None, None, None, None)
_new_object: Final = object.__new__
_tuple_new: Final = tuple.__new__


def from_hands(
    cls: type[Deal],
    hands: Sequence[Hand | str],
    *,
    dealer: int = 3,
    cut: int | None = None,
    rules: Rules = _DDV,
    owing: Iterable[int] = (),
    forced: bool = False,
) -> Deal:
    """:meth:`Deal.from_hands <doppelkopf.Deal.from_hands>`, a deal of class ``cls``."""
    if not isinstance(rules, Rules):
        raise _checks.type_error(rules, "rules", "Rules value")
    _check_dealer(dealer)
    seats = check_owing(owing, forced, rules)
    if cut is not None and (type(cut) is not int or cut not in rules.cuts):
        if type(cut) is not int:
            raise _checks.type_error(cut, "cut", "int")
        cuts = rules.cuts
        raise InvalidValueError(
            f"the cut must be {cuts[0]}-{cuts[-1]} or None, not {_checks.excerpt(cut)} (SPEC §2.3)"
        )
    return _initial(cls, rules, dealer, cut, _check_hands(hands, rules), seats, forced)


def shuffled(
    cls: type[Deal],
    seed: int | str | None = None,
    *,
    rng: random.Random | None = None,
    dealer: int = 3,
    rules: Rules = _DDV,
    owing: Iterable[int] = NOBODY,
    forced: bool = False,
) -> Deal:
    """:meth:`Deal.shuffled <doppelkopf.Deal.shuffled>`, a deal of class ``cls``."""
    _check_dealer(dealer)
    seats = NOBODY if owing is NOBODY and forced is False else None
    if type(rng) is random.Random:
        generator = rng
    elif rng is not None:
        generator = _checks.instance(rng, random.Random, "rng")
    else:
        generator = random.Random(_checked_seed(seed))
    if rules is _DDV:
        ones = list(DECK_ONES)
    elif isinstance(rules, Rules):
        ones = [_ONE[card.index] for card in rules.deck]
    else:
        raise _checks.type_error(rules, "rules", "Rules value")
    if seats is None:
        seats = check_owing(owing, forced, rules)
    cut = shuffle_and_cut(generator, ones)
    return _initial(cls, rules, dealer, cut, cut_and_deal(ones, dealer, cut, rules), seats, forced)


def initial(self: Deal) -> Deal:
    """The deal as dealt, before any action."""
    setup = self._state[0]
    return _initial(
        type(self),
        setup.rules,
        setup.dealer,
        setup.cut,
        setup.dealt,
        setup.extra.owing,
        setup.extra.forced,
    )


def _initial(  # noqa: PLR0917 - the parts of a deal, checked by its two builders
    cls: type[Deal],
    rules: Rules,
    dealer: int,
    cut: int | None,
    hands: tuple[Hand, Hand, Hand, Hand],
    owing: frozenset[int] = NOBODY,
    forced: bool = False,
) -> Deal:
    """The deal of class ``cls`` before the reservation round, from checked parts.

    In a forced deal the first owing seat from the dealer's left is asked (V§9.5).
    """
    # The named tuple's own __new__ is a Python call; tuple.__new__ is not.
    setup: _Setup = _tuple_new(
        _Setup,
        (
            rules,
            dealer,
            cut,
            hands,
            _NO_ANSWERS,
            None,
            None,
            None,
            None,
            None,
            None,
            _NO_ANSWERS,
            NOTHING,
            NOTHING,
            NO_PROCEDURES if not owing else NO_PROCEDURES._replace(owing=owing, forced=forced),
            (),
        ),
    )
    held = hands[0]._bits | hands[1]._bits << 48 | hands[2]._bits << 96 | hands[3]._bits << 144
    first = (dealer + 1) & 3
    if forced:
        first = next(seat for seat in ((dealer + k) & 3 for k in (1, 2, 3, 4)) if seat in owing)
    deal = _new_object(cls)
    deal._state = (setup, held, (), (dealer + 1) & 3, (), first)
    return deal


def _check_hands(hands: Sequence[Hand | str], rules: Rules) -> tuple[Hand, Hand, Hand, Hand]:
    if isinstance(hands, str) or not isinstance(hands, Sequence):
        raise _checks.type_error(hands, "hands", "sequence of four hands")
    if len(hands) != 4:
        raise InvalidValueError(f"a deal has four hands, not {len(hands)}")
    checked = tuple(Hand.parse(hand) if isinstance(hand, str) else hand for hand in hands)
    size = rules.hand_size
    for seat, hand in enumerate(checked):
        if not isinstance(hand, Hand):
            raise _checks.type_error(hand, f"hand {seat}", "Hand or a string")
        if len(hand) != size:
            raise InvalidValueError(f"hand {seat} holds {len(hand)} cards, not {size} (SPEC §2.4)")
    if sum(hand.bits for hand in checked) != rules.deck_bits:
        raise InvalidValueError(
            f"the four hands are not a partition of the {len(rules.deck)}-card deck (SPEC §1.1)"
        )
    return (checked[0], checked[1], checked[2], checked[3])


def _check_dealer(dealer: object) -> None:
    """Raise unless ``dealer`` is a seat (SPEC §2.1); a ``bool`` is none."""
    if type(dealer) is not int and not isinstance(dealer, (bool, float)):
        raise _checks.type_error(dealer, "dealer", "int")
    if type(dealer) is not int or not 0 <= dealer <= 3:
        raise InvalidValueError(f"the dealer must be a seat 0-3, not {_checks.excerpt(dealer)}")


def _checked_seed(seed: object) -> int | str | None:
    """``seed`` if :class:`random.Random` takes it as the seed of a deal: ``None``, an int, text."""
    if seed is None or type(seed) is int:
        return seed
    if type(seed) is str:
        try:
            seed.encode()
        except UnicodeEncodeError:
            raise InvalidValueError(
                f"the seed must be encodable text, not {_checks.excerpt(seed)}"
            ) from None
        return seed
    raise _checks.type_error(seed, "seed", "int, a str or None")
