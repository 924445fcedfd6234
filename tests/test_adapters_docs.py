"""The examples of the adapter pages run here too, where the frameworks are installed.

The documentation build skips them where OpenSpiel or PettingZoo is missing;
the test session installs both, so they are checked on every run.
"""

from __future__ import annotations

import contextlib
import doctest
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

PAGES = Path(__file__).resolve().parent.parent / "docs" / "adapters"
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE | doctest.DONT_ACCEPT_TRUE_FOR_1


@contextlib.contextmanager
def untraced() -> Iterator[None]:
    """Pause coverage measurement, where it runs, for the pages' few hundred games.

    Tracing makes these runs three to four times slower, and the adapter lines they
    pass through are measured by the other tests; a failing example still fails
    the test.
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


@pytest.mark.parametrize(
    ("page", "framework"),
    [("index.rst", None), ("openspiel.rst", "pyspiel"), ("pettingzoo.rst", "pettingzoo")],
)
def test_page_examples(page: str, framework: str | None) -> None:
    if framework is not None:
        pytest.importorskip(framework, reason=f"{framework} is not installed")
    with untraced():
        result = doctest.testfile(
            str(PAGES / page), module_relative=False, optionflags=FLAGS, verbose=False
        )
    assert result.attempted > 0
    assert result.failed == 0
