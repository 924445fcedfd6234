"""The examples of the adapter pages run here too, where the frameworks are installed.

The documentation build skips them where OpenSpiel or PettingZoo is missing;
the test session installs both, so they are checked on every run.
"""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

from untraced import untraced

PAGES = Path(__file__).resolve().parent.parent / "docs" / "adapters"
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE | doctest.DONT_ACCEPT_TRUE_FOR_1


@pytest.mark.parametrize(
    ("page", "framework"),
    [
        ("index.rst", None),
        ("openspiel.rst", "pyspiel"),
        ("pettingzoo.rst", "pettingzoo"),
        ("gymnasium.rst", "gymnasium"),
    ],
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
