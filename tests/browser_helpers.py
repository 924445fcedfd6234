"""Headless Chromium for the browser tests: what they need, and a driver.

The tests drive Debian's ``/usr/bin/chromium`` through its
``/usr/bin/chromedriver`` with Selenium; nothing is ever downloaded.  Without
them a test is skipped, saying what is missing and how to install it, unless
the environment variable ``CI`` is set: there a missing browser fails the test,
so a CI run that lost its browser cannot pass by skipping.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from selenium.webdriver.remote.webdriver import WebDriver

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")


def missing(
    modules: Sequence[str] = ("selenium",),
    chromium: Path = CHROMIUM,
    chromedriver: Path = CHROMEDRIVER,
) -> list[str]:
    """What a browser test lacks: Python packages and the browser's files, each with its fix."""
    lacking = [
        f"the Python package {module} (pip install 'doppelkopf[test]')"
        for module in modules
        if importlib.util.find_spec(module) is None
    ]
    lacking.extend(
        f"{path} (apt-get install {package})"
        for path, package in ((chromium, "chromium"), (chromedriver, "chromium-driver"))
        if not path.exists()
    )
    return lacking


def require(what: str, lacking: list[str]) -> None:
    """Skip the test ``what`` names when ``lacking`` is not empty, or fail it when ``CI`` is set."""
    if lacking:
        reason = f"the browser test of {what} needs " + ", ".join(lacking)
        if os.environ.get("CI"):
            pytest.fail(f"{reason}; CI is set, so a missing browser fails the test")
        pytest.skip(reason)


@contextmanager
def chromium(width: int, height: int, *arguments: str) -> Iterator[WebDriver]:
    """A headless Chromium window of ``width`` × ``height``, quit on leaving."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", *arguments):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    driver.set_window_size(width, height)
    driver.set_page_load_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()
