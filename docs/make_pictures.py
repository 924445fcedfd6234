"""Draw the pictures of docs/pictures.rst: SVG files, and PNG screenshots of them in Chromium.

Run from the root of the repository::

    PYTHONPATH=src python docs/make_pictures.py

It writes ``docs/_static/pictures/<name>.svg`` for every example, then, when
Selenium and Debian's ``/usr/bin/chromium`` and ``/usr/bin/chromedriver`` are
there, a ``<name>.png`` screenshot of each as a browser shows it.  With
``--svg-only`` it writes the SVG files alone.  The examples are fixed deals,
so the files only change when the drawing does.
"""

from __future__ import annotations

import base64
import sys
from pathlib import Path

from doppelkopf import (
    Card,
    Deal,
    GameType,
    Hand,
    HeuristicPlayer,
    Trick,
    iter_deal,
    legal_cards,
    play_deal,
    svg,
)

OUT = Path(__file__).resolve().parent / "_static" / "pictures"


def _mid_deal() -> Deal:
    """Seed 3 played by the heuristic players up to the middle of trick 5."""
    players = [HeuristicPlayer(seed=seat) for seat in range(4)]
    for step in iter_deal(Deal.shuffled(seed=3), players):
        if step.deal.moment == 18:
            return step.deal
    raise AssertionError("the deal ended before its 18th card")


def pictures() -> dict[str, str]:
    """Every example picture by file name."""
    hand = Hand.parse("♣Q ♠Q ♥10 ♦A ♦10 ♦J ♣A ♣K ♠A ♠10 ♥K ♥9")
    legal = legal_cards(hand, Trick.parse("♠K"), GameType.NORMAL)
    mid = _mid_deal()
    done = play_deal(Deal.shuffled(seed=3), [HeuristicPlayer(seed=s) for s in range(4)])
    return {
        "card": svg.card(Card.parse("♣Q"), size=2),
        "hand": svg.hand(hand, order=GameType.NORMAL, highlight=legal),
        "hand-fan": svg.hand(hand, order=GameType.NORMAL, orientation="fan", colors="four"),
        "hand-vertical": svg.hand(
            Hand.parse("♣Q ♠J ♥A ♥10 ♥K"), order=GameType.NORMAL, orientation="vertical"
        ),
        "hand-solo-de": svg.hand(hand, order=GameType.QUEENS_SOLO, language="de"),
        "trick": svg.trick(Trick.parse("♥A ♥10 ♥K ♥A", leader=1), game_type=GameType.NORMAL),
        "view": svg.view(mid.view(mid.turn or 0)),
        "deal": svg.deal(done),
    }


def _screenshot(paths: list[Path]) -> None:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        driver.set_window_size(1400, 1000)
        for path in paths:
            page = (
                "<!doctype html><html><head><meta charset='utf-8'></head>"
                "<body style='margin:0;background:#ffffff'>"
                f"{path.read_text(encoding='utf-8')}</body></html>"
            )
            encoded = base64.b64encode(page.encode("utf-8")).decode("ascii")
            driver.get(f"data:text/html;base64,{encoded}")
            element = driver.find_element(By.TAG_NAME, "svg")
            element.screenshot(str(path.with_suffix(".png")))
    finally:
        driver.quit()


def main(argv: list[str]) -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, text in pictures().items():
        path = OUT / f"{name}.svg"
        path.write_text(text + "\n", encoding="utf-8")
        paths.append(path)
    if "--svg-only" not in argv:
        _screenshot(paths)
    print(f"wrote {len(paths)} pictures to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
