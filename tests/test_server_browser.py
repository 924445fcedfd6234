"""A person at the table server's page in headless Chromium: a whole deal against three bots.

The person sits down, answers the reservation round, announces Re, plays every
card by clicking it and sees the score sheet.  Screenshots of the table
mid-deal and of the finished deal at a phone's width are taken into the test's
temporary folder; with ``DOPPELKOPF_DOCS_SCREENSHOTS=1`` they go to the
documentation's ``docs/_static/server-table.png`` and ``server-phone.png``
instead (the test never writes into the checkout otherwise).  Needs Selenium and Debian's
``/usr/bin/chromium`` and ``/usr/bin/chromedriver`` (never a browser
download): skipped without them, failed without them when ``CI`` is set.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from browser_helpers import CHROMEDRIVER, CHROMIUM, chromium, missing, require
from doppelkopf import Card
from doppelkopf.server import SQLiteStorage, Table
from server_helpers import create, server

if TYPE_CHECKING:
    from selenium.webdriver.remote.webdriver import WebDriver

DOCS_STATIC = Path(__file__).resolve().parent.parent / "docs" / "_static"


def _shots(tmp_path: Path) -> tuple[Path, Path]:
    """Where the table mid-deal and the finished deal at a phone's width are saved."""
    folder = DOCS_STATIC if os.environ.get("DOPPELKOPF_DOCS_SCREENSHOTS") == "1" else tmp_path
    return folder / "server-table.png", folder / "server-phone.png"


DEAL_TIMEOUT = 240.0
BOTS = {"1": "heuristic", "2": "heuristic", "3": "heuristic"}


def require_browser() -> None:
    """Skip the test when something it needs is missing, or fail it when ``CI`` is set."""
    require("the table server", missing(("selenium",), CHROMIUM, CHROMEDRIVER))


def test_a_missing_browser_skips_but_fails_under_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(__name__ + ".CHROMIUM", Path("/nonexistent/chromium"))
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="apt-get install chromium"):
        require_browser()
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI is set"):
        require_browser()


@pytest.fixture
def driver() -> Iterator[WebDriver]:
    require_browser()
    with chromium(900, 1300) as browser:
        yield browser


def _seed_with_one_club_queen() -> str:
    """A seed whose first deal gives table seat 0 one ♣Q: seat 0 is Re and may announce it."""
    club_queen = Card.parse("♣Q")
    for number in range(100):
        seed = f"browser-{number}"
        table = Table.new("probe", seed=seed)
        own = table.deal_seat(0)
        assert own is not None
        if list(table.deal.hands[own]).count(club_queen) == 1:
            return seed
    raise AssertionError("no seed in 100 gives seat 0 one club queen")


def _click(browser: WebDriver, selector: str) -> bool:
    """Click the first element ``selector`` finds; ``False`` when there is none (or it went)."""
    from selenium.common.exceptions import (
        ElementNotInteractableException,
        StaleElementReferenceException,
    )
    from selenium.webdriver.common.by import By

    found = browser.find_elements(By.CSS_SELECTOR, selector)
    if not found:
        return False
    try:
        found[0].click()
    except (StaleElementReferenceException, ElementNotInteractableException):
        return False
    return True


def test_a_person_plays_a_whole_deal_against_three_bots(driver: WebDriver, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    seed = _seed_with_one_club_queen()
    screenshot, phone_screenshot = _shots(tmp_path)
    with server(tmp_path / "tables.db", bot_delay=0.05) as port:
        name = create(port, seed=seed, bots=BOTS)
        driver.get(f"http://127.0.0.1:{port}/t/{name}")
        WebDriverWait(driver, 30).until(lambda d: d.find_element(By.ID, "sit").is_displayed())
        driver.find_element(By.ID, "name").send_keys("Anna")
        driver.find_element(By.CSS_SELECTOR, "#sit button").click()
        announced = False
        cards_clicked = 0
        deadline = time.monotonic() + DEAL_TIMEOUT
        while time.monotonic() < deadline:
            if driver.find_elements(By.ID, "next"):
                break
            if not announced and _click(driver, '#actions button[data-action="re"]'):
                announced = True
            elif _click(driver, '#actions button[data-action="healthy"]'):
                pass
            elif _click(driver, "#hand .card.legal"):
                cards_clicked += 1
                if cards_clicked == 5:
                    time.sleep(0.5)
                    screenshot.parent.mkdir(parents=True, exist_ok=True)
                    driver.save_screenshot(str(screenshot))
            time.sleep(0.2)
        else:
            raise AssertionError("the deal did not end in time")
        assert announced
        assert cards_clicked >= 12
        rows = driver.find_elements(By.CSS_SELECTOR, "#sheet tr")
        assert len(rows) == 3  # the names, deal 1 and the totals
        assert "Anna" in rows[0].text
        game = driver.execute_script("return window.dkState.sheet.rows[0].game")
        english = {"NORMAL": "normal game", "SILENT_MARRIAGE": "silent marriage"}[game]
        assert rows[1].text.split("\n")[0].startswith(f"1 {english}")
        assert "Anna announced re" in driver.find_element(By.ID, "announcements").text
        assert driver.find_element(By.ID, "status").text == "The deal is over."
        driver.find_element(By.ID, "lang").click()
        assert driver.find_element(By.ID, "status").text == "Das Spiel ist aus."
        assert "Anna sagt an Re" in driver.find_element(By.ID, "announcements").text
        german = {"NORMAL": "Normalspiel", "SILENT_MARRIAGE": "stille Hochzeit"}[game]
        sheet_rows = driver.find_elements(By.CSS_SELECTOR, "#sheet tr")
        assert sheet_rows[1].text.split("\n")[0].startswith(f"1 {german}")
        driver.set_window_size(390, 844)
        wide = driver.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        driver.save_screenshot(str(phone_screenshot))
        assert wide <= 0  # nothing sticks out at a phone's width
        # Both pictures hold a drawn table, not a blank page (a blank one is ~3 KB).
        assert screenshot.stat().st_size > 20_000
        assert phone_screenshot.stat().st_size > 20_000


def _seed_with_poverty() -> str:
    """A seed under the Armut option whose first deal lets table seat 0 declare poverty."""
    for number in range(400):
        seed = f"armut-{number}"
        table = Table.new("probe", seed=seed, rules={"armut": True}, bots=BOTS)
        table.apply(table.handle({"type": "sit", "seat": 0, "name": "A"}, None).entries[0])
        while (entry := table.bot_entry()) is not None:
            table.apply(entry)
        if "poverty" in table.state(0)["legal_text"]:
            return seed
    raise AssertionError("no seed in 400 lets seat 0 declare poverty")


def test_a_person_declares_poverty_and_passes_cards_by_clicking_them(
    driver: WebDriver, tmp_path: Path
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    seed = _seed_with_poverty()
    with server(tmp_path / "tables.db", bot_delay=0.0) as port:
        name = create(port, seed=seed, rules={"armut": True}, bots=BOTS)
        driver.get(f"http://127.0.0.1:{port}/t/{name}")
        WebDriverWait(driver, 30).until(lambda d: d.find_element(By.ID, "sit").is_displayed())
        driver.find_element(By.ID, "name").send_keys("Anna")
        driver.find_element(By.CSS_SELECTOR, "#sit button").click()
        WebDriverWait(driver, 30).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, '#actions button[data-action="poverty"]')
        )
        driver.find_element(By.CSS_SELECTOR, '#actions button[data-action="poverty"]').click()
        WebDriverWait(driver, 30).until(
            lambda d: d.execute_script(
                "return (window.dkState.view.legal_actions[0] || {}).type === 'pass'"
            )
        )
        passing: list[str] = driver.execute_script(
            "return window.dkState.view.legal_actions[0].cards"
        )
        hand: list[str] = driver.execute_script("return window.dkState.view.hand")
        chosen: list[int] = []
        for card in passing:
            chosen.append(
                next(i for i, held in enumerate(hand) if held == card and i not in chosen)
            )
        for index in chosen:
            driver.find_element(By.CSS_SELECTOR, f'#hand .card[data-index="{index}"]').click()
        button = driver.find_element(By.CSS_SELECTOR, "#actions button.primary")
        assert button.text.endswith("(3/3)")
        button.click()
        WebDriverWait(driver, 30).until(
            lambda d: d.execute_script("return window.dkState.view.phase") != "poverty_pass"
        )
        assert driver.find_element(By.ID, "error").text == ""
    stored = SQLiteStorage(str(tmp_path / "tables.db")).entries(name)
    passed = [
        entry["action"]
        for entry in stored
        if entry["kind"] == "act" and entry["action"]["type"] == "pass"
    ]
    assert len(passed) == 1
    assert sorted(passed[0]["cards"]) == sorted(passing)
