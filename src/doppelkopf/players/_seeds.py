"""The seeds and random generators that players and sessions accept (SPEC §2.2, §2.3).

A seed is ``None`` (fresh randomness), an ``int`` (never a ``bool``) or a ``str``
that UTF-8 can encode; a generator is a :class:`random.Random`.  Both are checked
before :mod:`random` sees them, so a bad one raises the library's error.

>>> check_seed(7), check_seed("table 3"), check_seed(None)
(7, 'table 3', None)
>>> check_seed(True)
Traceback (most recent call last):
    ...
doppelkopf.errors.InvalidTypeError: seed must be an int, str or None, not bool True
"""

from __future__ import annotations

import random

from .. import _checks
from ..errors import InvalidValueError

__all__ = ["check_generator", "check_seed", "generator", "seed_text"]


def check_seed(seed: object) -> int | str | None:
    """``seed`` itself if it is ``None``, an ``int`` or a ``str`` that UTF-8 can encode."""
    if seed is None or (isinstance(seed, int) and not isinstance(seed, bool)):
        return seed
    if not isinstance(seed, str):
        raise _checks.type_error(seed, "seed", "int, str or None")
    try:
        seed.encode()
    except UnicodeEncodeError:
        raise InvalidValueError(
            f"seed {_checks.excerpt(seed)} is not text that UTF-8 can encode"
        ) from None
    return seed


def check_generator(rng: object) -> random.Random | None:
    """``rng`` itself if it is ``None`` or a :class:`random.Random`."""
    if rng is None or isinstance(rng, random.Random):
        return rng
    raise _checks.type_error(rng, "rng", "random.Random or None")


def generator(seed: object, rng: object) -> random.Random:
    """``rng`` if given, else a new generator seeded with ``seed``, both checked first.

    >>> generator(3, None).random() == random.Random(3).random()
    True
    """
    seed = check_seed(seed)
    rng = check_generator(rng)
    return rng if rng is not None else random.Random(seed)


def seed_text(seed: object) -> str:
    """``repr(seed)``, or a description of an int too long for ``str()`` (a player's repr).

    >>> seed_text(7), seed_text("table 3"), seed_text(10**5000)
    ('7', "'table 3'", 'an int of 5001 digits')
    """
    try:
        return repr(seed)
    except ValueError:  # an int of more digits than str() converts
        return _checks.excerpt(seed)
