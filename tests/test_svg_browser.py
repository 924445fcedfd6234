"""The SVG pictures as a real browser draws them: headless Chromium through Selenium.

Each picture is put alone in a page; the test reads where the browser laid
out each card (``getBoundingClientRect``) and checks the layout the picture
promises — a hand's cards in a row without overlap, a fan's cards overlapping
only by their fan step, a trick's four cards at the four sides, twelve
tricks in a grid — and that a screenshot of it is not blank and holds red
and black ink.

It needs Selenium and Pillow (the ``test`` extra) and Debian's
``/usr/bin/chromium`` and ``/usr/bin/chromedriver``; it never downloads a
browser.  Without them it is skipped, saying what is missing — unless the
environment variable ``CI`` is set, where a missing browser is a failure.
"""

from __future__ import annotations

import base64
import io
import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from browser_helpers import CHROMEDRIVER, CHROMIUM, chromium, missing, require
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

if TYPE_CHECKING:
    from selenium.webdriver.remote.webdriver import WebDriver


Box = dict[str, float]


def require_browser() -> None:
    """Skip the test when something it needs is missing, or fail it when ``CI`` is set."""
    require("the SVG pictures", missing(("selenium", "PIL"), CHROMIUM, CHROMEDRIVER))


def test_a_missing_browser_skips_but_fails_under_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(__name__ + ".CHROMEDRIVER", Path("/nonexistent/chromedriver"))
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="chromium-driver"):
        require_browser()
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI is set"):
        require_browser()


@pytest.fixture(scope="module")
def browser() -> Iterator[WebDriver]:
    require_browser()
    with chromium(1400, 1000, "--hide-scrollbars") as driver:
        yield driver


def show(driver: WebDriver, picture: str) -> None:
    page = (
        "<!doctype html><html><head><meta charset='utf-8'></head>"
        f"<body style='margin:0;background:#ffffff'>{picture}</body></html>"
    )
    driver.get("data:text/html;base64," + base64.b64encode(page.encode()).decode("ascii"))


def boxes(driver: WebDriver, selector: str) -> list[Box]:
    found: Any = driver.execute_script(
        "return Array.from(document.querySelectorAll(arguments[0])).map(e => {"
        " const r = e.getBoundingClientRect();"
        " return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; });",
        selector,
    )
    return [{key: float(value) for key, value in box.items()} for box in found]


def svg_box(driver: WebDriver) -> Box:
    return boxes(driver, "svg")[0]


def ink(driver: WebDriver) -> tuple[int, int, int]:
    """How many pixels of the picture's screenshot are drawn at all, red, and dark."""
    from PIL import Image
    from selenium.webdriver.common.by import By

    png = driver.find_element(By.TAG_NAME, "svg").screenshot_as_png
    pixels = Image.open(io.BytesIO(png)).convert("RGB").tobytes()
    drawn = red = dark = 0
    for i in range(0, len(pixels), 3):
        r, g, b = pixels[i], pixels[i + 1], pixels[i + 2]
        if r + g + b < 720:
            drawn += 1
        if r > 150 and g < 90 and b < 90:
            red += 1
        if r < 60 and g < 60 and b < 60:
            dark += 1
    return drawn, red, dark


def overlap(a: Box, b: Box) -> bool:
    return (
        a["left"] < b["right"] - 0.5
        and b["left"] < a["right"] - 0.5
        and a["top"] < b["bottom"] - 0.5
        and b["top"] < a["bottom"] - 0.5
    )


HAND = Hand.parse("♣Q ♠Q ♥10 ♦A ♦10 ♦J ♣A ♣K ♠A ♠10 ♥K ♥9")


def test_a_card_is_drawn_with_red_ink(browser: WebDriver) -> None:
    show(browser, svg.card(Card.parse("♥A"), size=3))
    box = svg_box(browser)
    assert (box["right"] - box["left"], box["bottom"] - box["top"]) == (186, 261)
    drawn, red, _ = ink(browser)
    assert red > 500
    assert drawn > red


def test_a_hand_lies_in_a_row_without_overlap(browser: WebDriver) -> None:
    legal = legal_cards(HAND, Trick.parse("♠K"), GameType.NORMAL)
    show(browser, svg.hand(HAND, order=GameType.NORMAL, highlight=legal))
    cards = boxes(browser, "g.dk-card")
    assert len(cards) == 12
    for left, right in itertools.pairwise(cards):
        assert left["right"] <= right["left"]
        assert right["left"] - left["left"] == pytest.approx(54, abs=1)
    lifted = boxes(browser, "g.dk-highlight")
    plain = [box for box in cards if box not in lifted]
    assert len(lifted) == len(legal) == 2
    assert {box["top"] for box in plain} == {plain[0]["top"]}
    assert all(box["top"] < plain[0]["top"] for box in lifted)
    drawn, red, dark = ink(browser)
    assert red > 1000
    assert dark > 1000
    assert drawn > 5000


def test_a_fan_overlaps_only_by_its_step(browser: WebDriver) -> None:
    show(browser, svg.hand(HAND, orientation="fan"))
    cards = boxes(browser, "g.dk-card")
    assert len(cards) == 12
    steps = [b["left"] - a["left"] for a, b in itertools.pairwise(cards)]
    assert all(10 <= step <= 30 for step in steps)
    # The fan is symmetric: the middle cards stand highest.
    tops = [box["top"] for box in cards]
    assert tops[5] < tops[0]
    assert tops[6] < tops[11]
    frame = svg_box(browser)
    assert all(frame["left"] <= box["left"] and box["right"] <= frame["right"] for box in cards)


def test_a_column_shows_each_cards_corner(browser: WebDriver) -> None:
    show(browser, svg.hand(HAND, orientation="vertical", size=2))
    cards = boxes(browser, "g.dk-card")
    steps = [b["top"] - a["top"] for a, b in itertools.pairwise(cards)]
    assert steps == [pytest.approx(62, abs=1)] * 11
    assert {box["left"] for box in cards} == {cards[0]["left"]}


def test_a_trick_has_a_card_at_each_side(browser: WebDriver) -> None:
    show(browser, svg.trick(Trick.parse("♥A ♥10 ♥K ♥A", leader=1), game_type=GameType.NORMAL))
    by_seat = {seat: boxes(browser, f"g.dk-seat-{seat}")[0] for seat in range(4)}
    bottom, left, top, right = by_seat[0], by_seat[1], by_seat[2], by_seat[3]
    assert top["bottom"] < bottom["top"]
    assert left["right"] < right["left"]
    assert left["right"] < min(top["left"], bottom["left"])
    assert right["left"] > max(top["right"], bottom["right"])
    for a, b in ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)):
        assert not overlap(by_seat[a], by_seat[b])
    assert boxes(browser, "g.dk-highlight") == [by_seat[2]]  # the first ♥10 wins
    frame = svg_box(browser)
    labels = boxes(browser, "text")
    assert all(frame["left"] <= t["left"] and t["right"] <= frame["right"] for t in labels)


def test_a_view_has_its_trick_above_its_hand(browser: WebDriver) -> None:
    players = [HeuristicPlayer(seed=seat) for seat in range(4)]
    deal = next(s.deal for s in iter_deal(Deal.shuffled(seed=3), players) if s.deal.moment == 18)
    assert deal.turn is not None
    show(browser, svg.view(deal.view(deal.turn)))
    hand = boxes(browser, "g.dk-hand g.dk-card")
    trick = boxes(browser, "g.dk-trick g.dk-card, g.dk-trick rect.dk-slot")
    assert len(hand) == 8
    assert len(trick) == 4
    assert max(box["bottom"] for box in trick) < min(box["top"] for box in hand)
    assert len(boxes(browser, "rect.dk-turn")) == 1
    assert len(boxes(browser, "g.dk-hand g.dk-highlight")) >= 1
    frame = svg_box(browser)
    texts = boxes(browser, "text")
    assert all(frame["left"] <= t["left"] and t["right"] <= frame["right"] for t in texts)
    drawn, _, _ = ink(browser)
    assert drawn > 10000


def test_a_deal_is_twelve_tricks_in_a_grid(browser: WebDriver) -> None:
    done = play_deal(Deal.shuffled(seed=3), [HeuristicPlayer(seed=s) for s in range(4)])
    show(browser, svg.deal(done))
    cells = boxes(browser, "g.dk-trick-cell")
    assert len(cells) == 12
    assert len({round(box["left"]) for box in cells}) == 4
    assert len({round(box["top"]) for box in cells}) == 3
    for i, a in enumerate(cells):
        for b in cells[i + 1 :]:
            assert not overlap(a, b)
    assert len(boxes(browser, "g.dk-trick-cell g.dk-card")) == 48
    assert len(boxes(browser, "g.dk-trick-cell g.dk-highlight")) == 12
    frame = svg_box(browser)
    texts = boxes(browser, "text")
    assert all(frame["left"] <= t["left"] and t["right"] <= frame["right"] for t in texts)
    assert max(t["bottom"] for t in texts) <= frame["bottom"]


LONG_NAMES = ["Bartholomäus", "Wilhelmine W", "Maximiliane", "Konstantinos"]


def test_long_names_stay_clear_of_the_cards_and_inside_the_picture(browser: WebDriver) -> None:
    players = [HeuristicPlayer(seed=seat) for seat in range(4)]
    deal = next(s.deal for s in iter_deal(Deal.shuffled(seed=3), players) if s.deal.moment == 19)
    pictures = [
        svg.trick(deal.current_trick, names=LONG_NAMES),
        svg.view(deal.view(0), names=LONG_NAMES),
        svg.view(deal.view(1), names=LONG_NAMES, language="de"),
        svg.tricks(deal, names=LONG_NAMES),
    ]
    for picture in pictures:
        show(browser, picture)
        frame = svg_box(browser)
        cards = boxes(browser, "g.dk-card, rect.dk-slot")
        labels = boxes(browser, "text.dk-label")
        assert labels
        for label in labels:
            assert frame["left"] <= label["left"]
            assert label["right"] <= frame["right"]
            assert not any(overlap(label, card) for card in cards)
        for i, a in enumerate(labels):
            for b in labels[i + 1 :]:
                assert not overlap(a, b)


def test_an_analysis_report_opens_with_its_pictures(browser: WebDriver, tmp_path: Path) -> None:
    from doppelkopf.analysis import analyze, write_report

    done = play_deal(Deal.shuffled(seed=4), [HeuristicPlayer(seed=s) for s in range(4)])
    analysis = analyze(done, seat=2, budget=2, seed=0)
    report = tmp_path / "deal.analysis.html"
    write_report(analysis, report, deal=done)
    browser.get(report.as_uri())
    assert browser.title == "Analysis of a deal"
    (grid,) = boxes(browser, "figure.deal svg")
    assert grid["right"] - grid["left"] > 600
    assert len(boxes(browser, "figure.deal g.dk-trick-cell")) == 12
    hands = boxes(browser, "figure.hand svg")
    assert len(hands) == len(analysis.decisions)
    assert all(box["right"] - box["left"] > 100 for box in hands)
    lifted = boxes(browser, "figure.hand g.dk-highlight")
    assert len(lifted) >= sum(1 for decision in analysis.decisions if decision.kind == "card")
