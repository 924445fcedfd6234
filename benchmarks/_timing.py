"""The timing the benchmarks share: the fastest of several rounds, per call."""

from __future__ import annotations

import time
from collections.abc import Callable


def best(repeat: int, calls: int, run: Callable[[], object]) -> float:
    """The fastest of ``repeat`` rounds of ``run``, in microseconds per call.

    ``run`` makes ``calls`` calls of what is measured; processor time is used, so a
    busy machine slows the figures less than wall-clock time would.
    """
    times = []
    for _ in range(repeat):
        started = time.process_time()
        run()
        times.append(time.process_time() - started)
    return min(times) / calls * 1e6
