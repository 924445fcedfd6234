"""Pausing coverage measurement around the frameworks' long checks in the adapter tests."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator


@contextlib.contextmanager
def untraced() -> Iterator[None]:
    """Pause coverage measurement, where it runs, for a long run of a framework's own checks.

    Tracing makes these runs three to four times slower, and the adapter lines they
    pass through are measured by the other tests; a failing check still fails the
    test as usual.
    """
    # Coverage is imported wherever it measures; where it is not imported it is not running.
    module = sys.modules.get("coverage")
    measuring = None if module is None else module.Coverage.current()
    if measuring is None:
        yield
        return
    measuring.stop()
    try:
        yield
    finally:
        measuring.start()
