"""Means and 95 % confidence intervals of sampled scores, plain and paired (private).

Every option of one decision is scored in the same worlds, so the scores of
two options form pairs, world by world.  The interval of a mean is the normal
one, ``mean ± 1.96 · s / √n`` with ``s`` the sample standard deviation (``n − 1``
in the denominator); with one world the spread is unknown and the interval is
the whole real line.

>>> interval([1, 2, 3, 4])
(2.5, 1.234..., 3.765...)
>>> paired([3, 3, 4], [1, 2, 2])
(1.666..., 1.013..., 2.319...)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

__all__ = ["Z", "interval", "paired"]

Z: Final = 1.959963984540054
"""The two-sided 95 % quantile of the standard normal distribution."""


def interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean of ``values`` and the low and high ends of its 95 % interval."""
    count = len(values)
    mean = math.fsum(values) / count
    if count < 2:
        return mean, -math.inf, math.inf
    spread = math.fsum((value - mean) ** 2 for value in values) / (count - 1)
    half = Z * math.sqrt(spread / count)
    return mean, mean - half, mean + half


def paired(first: Sequence[float], second: Sequence[float]) -> tuple[float, float, float]:
    """The mean of ``first[i] − second[i]`` and its 95 % interval (paired world by world)."""
    return interval([a - b for a, b in zip(first, second, strict=True)])
