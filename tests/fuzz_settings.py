"""How many examples the fuzz tests of ``test_fuzz.py`` run.

Without configuration the fuzz tests run a small number of examples, capped by
the active hypothesis profile (``ci`` by default, ``dev`` for quick local
runs), so the whole file stays well under a minute on a two-core machine.

Setting the environment variable ``DOPPELKOPF_FUZZ_EXAMPLES`` to a positive
integer ``N`` turns them into a long fuzzing run: the stateful deal machine
runs ``N`` examples of :data:`STEPS` rule calls each, and every other fuzz
test runs ``N * factor`` examples, where ``factor`` is chosen per test so
that each takes a comparable share of the time.
"""

from __future__ import annotations

import os
from typing import Final

from hypothesis import HealthCheck, settings

ENVIRONMENT_VARIABLE: Final = "DOPPELKOPF_FUZZ_EXAMPLES"
"""The environment variable that asks for a long fuzzing run."""

STEPS: Final = 200
"""Rule calls in one example of the stateful deal machine."""


def _requested() -> int | None:
    text = os.environ.get(ENVIRONMENT_VARIABLE, "").strip()
    if not text:
        return None
    try:
        count = int(text)
    except ValueError:
        count = 0
    if count < 1:
        raise ValueError(f"{ENVIRONMENT_VARIABLE} must be a positive integer, not {text!r}")
    return count


REQUESTED: Final = _requested()
"""The ``N`` of a long run, or ``None`` for the default run."""


def fuzz_settings(default: int, factor: float = 1.0) -> settings:
    """Settings for one fuzz test.

    ``default`` is the number of examples of the default run (never more than
    the active profile allows); a long run uses ``factor`` times the requested
    number.  There is no deadline (a busy machine must not turn a slow example
    into a failure) and the health checks about slow or large examples are off,
    since whole deals are slow and large by design.
    """
    if REQUESTED is None:
        examples = min(default, settings().max_examples)
    else:
        examples = max(1, round(REQUESTED * factor))
    return settings(
        max_examples=examples,
        stateful_step_count=STEPS,
        deadline=None,
        suppress_health_check=[
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
            HealthCheck.filter_too_much,
        ],
    )
