"""The SVG pictures of doppelkopf.svg: well-formed, titled, deterministic, true to the rules."""

from __future__ import annotations

import math
import random
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deal_helpers import armut_deal, playouts, random_action, random_deals
from doppelkopf import (
    DECK,
    DISTINCT_CARDS,
    Announcement,
    AnswerPoverty,
    Card,
    Deal,
    DoppelkopfError,
    GameType,
    Hand,
    HeuristicPlayer,
    InvalidTypeError,
    InvalidValueError,
    Play,
    Rules,
    Trick,
    play_deal,
    svg,
    trick_winner,
)
from doppelkopf._svg import escape

NS = "{http://www.w3.org/2000/svg}"
card = Card.parse

HAND = Hand.parse("♣Q ♠Q ♥10 ♦A ♦10 ♦J ♣A ♣K ♠A ♠10 ♥K ♥9")


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == f"{NS}svg"
    return root


def cards_of(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(f"{NS}g") if "dk-card" in g.get("class", "").split()]


def codes(root: ET.Element, cls: str = "dk-card") -> list[str]:
    return [g.get("data-card", "") for g in cards_of(root) if cls in g.get("class", "").split()]


def finished_deal(seed: int = 3) -> Deal:
    return play_deal(Deal.shuffled(seed=seed), [HeuristicPlayer(seed=s) for s in range(4)])


def every_picture() -> dict[str, str]:
    done = finished_deal()
    mid = Deal.shuffled(seed=3)
    for seat in range(4):
        mid = mid.declare(seat, mid.legal_actions[0].reservation)  # type: ignore[union-attr]
    return {
        "card": svg.card(card("♣Q")),
        "hand": svg.hand(HAND, order=GameType.NORMAL, highlight=[card("♠A")]),
        "fan": svg.hand(HAND, orientation="fan", colors="four"),
        "vertical": svg.hand(HAND, orientation="vertical", language="de"),
        "empty hand": svg.hand(Hand()),
        "trick": svg.trick(Trick.parse("♥A ♥10 ♥K ♥A", leader=1), game_type=GameType.NORMAL),
        "empty trick": svg.trick(Trick(leader=2)),
        "view": svg.view(mid.view(0)),
        "view de": svg.view(done.view(2), language="de"),
        "deal": svg.deal(done),
        "deal in play": svg.deal(mid),
        "tricks": svg.tricks(done, columns=3),
    }


PICTURES = every_picture()


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_every_picture_is_well_formed_and_titled(name: str) -> None:
    root = parse(PICTURES[name])
    assert root[0].tag == f"{NS}title"
    assert root[0].text
    assert root.get("role") == "img"
    for group in cards_of(root):
        title = group.find(f"{NS}title")
        assert title is not None
        assert title.text


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_every_picture_is_deterministic(name: str) -> None:
    assert every_picture()[name] == PICTURES[name]


@pytest.mark.parametrize("c", DISTINCT_CARDS, ids=str)
def test_each_card_is_named_in_both_languages(c: Card) -> None:
    suits_en = {"♣": "clubs", "♠": "spades", "♥": "hearts", "♦": "diamonds"}
    ranks_de = {"9": "Neun", "J": "Bube", "Q": "Dame", "K": "König", "10": "Zehn", "A": "Ass"}
    suits_de = {"♣": "Kreuz", "♠": "Pik", "♥": "Herz", "♦": "Karo"}
    en = parse(svg.card(c))
    de = parse(svg.card(c, language="de"))
    assert cards_of(en)[0].findtext(f"{NS}title", "").endswith(f" of {suits_en[c.suit.symbol]}")
    assert cards_of(de)[0].findtext(f"{NS}title") == (
        f"{suits_de[c.suit.symbol]} {ranks_de[c.rank.symbol]}"
    )
    assert codes(en) == [c.ascii]


def test_german_ranks_are_written_with_german_letters() -> None:
    texts = [t.text for t in parse(svg.card(card("♣Q"), language="de")).iter(f"{NS}text")]
    assert "D" in texts
    assert "Q" not in texts
    texts = [t.text for t in parse(svg.card(card("♣J"))).iter(f"{NS}text")]
    assert "J" in texts
    assert "B" not in texts


def test_red_and_black_and_the_four_colour_deck() -> None:
    def fills(c: Card, colors: svg.Colors) -> set[str]:
        root = parse(svg.card(c, colors=colors))
        return {p.get("fill", "") for p in root.iter(f"{NS}path")}

    assert fills(card("♥A"), "two") == fills(card("♦A"), "two") == {"#c62828"}
    assert fills(card("♣A"), "two") == fills(card("♠A"), "two") == {"#1c1c1c"}
    assert fills(card("♦A"), "four") == {"#1565c0"}
    assert fills(card("♣A"), "four") == {"#1b7a36"}


@pytest.mark.parametrize("size", [0.5, 1, 2.5])
def test_size_scales_the_picture_but_not_the_drawing(size: float) -> None:
    root = parse(svg.hand(HAND, size=size))
    _, _, width, height = map(float, root.get("viewBox", "").split())
    assert math.isclose(float(root.get("width", "")), width * size, abs_tol=0.01)
    assert math.isclose(float(root.get("height", "")), height * size, abs_tol=0.01)
    assert root.get("viewBox") == parse(svg.hand(HAND)).get("viewBox")


@pytest.mark.parametrize("game", list(GameType), ids=str)
def test_a_hand_comes_in_the_contracts_order(game: GameType) -> None:
    assert codes(parse(svg.hand(HAND, order=game))) == [c.ascii for c in HAND.sorted(game)]
    order = Rules(second_dulle="always").card_order(game)
    assert codes(parse(svg.hand(HAND, order=order))) == [c.ascii for c in HAND.sorted(order)]


def test_a_hand_without_order_keeps_its_own() -> None:
    assert codes(parse(svg.hand(HAND))) == [c.ascii for c in HAND]


def test_highlight_marks_both_copies_and_nothing_else() -> None:
    hand = Hand.parse("♣Q ♣Q ♠A ♥9")
    root = parse(svg.hand(hand, highlight={card("♣Q")}))
    assert codes(root, "dk-highlight") == ["CQ", "CQ"]
    assert parse(svg.hand(hand)).find(".//*[@class='dk-card dk-highlight']") is None


@given(random_deals(), st.randoms(use_true_random=False), st.integers(0, 60))
@playouts(30)
def test_a_view_highlights_exactly_the_cards_the_seat_may_play(
    deal: Deal, rng: random.Random, steps: int
) -> None:
    for _ in range(steps):
        if not deal.legal_actions:
            break
        deal = deal.apply(random_action(deal, rng))
    seat = deal.turn if deal.turn is not None else rng.randrange(4)
    view = deal.view(seat)
    root = parse(svg.view(view))
    legal = {a.card for a in view.legal_actions if isinstance(a, Play)}
    assert codes(root, "dk-highlight") == [
        c.ascii
        for c in (view.hand.sorted(view.card_order) if view.card_order else view.hand)
        if c in legal
    ]
    assert sorted(codes(root)) == sorted(
        [c.ascii for c in view.hand] + [c.ascii for c in view.current_trick.cards]
    )
    assert view._repr_svg_() == svg.view(view)
    assert deal._repr_svg_() == svg.deal(deal, result=False)


def test_a_view_takes_another_highlight() -> None:
    view = Deal.shuffled(seed=3).view(1)
    some = next(iter(view.hand))
    assert set(codes(parse(svg.view(view, highlight=[some])), "dk-highlight")) == {some.ascii}
    assert codes(parse(svg.view(view, highlight=())), "dk-highlight") == []


def test_a_trick_marks_its_winner_leader_and_points() -> None:
    trick = Trick.parse("♥10 ♥10 ♣Q ♦A", leader=1)
    root = parse(svg.trick(trick, game_type=GameType.NORMAL))
    winner = trick_winner(trick, GameType.NORMAL)
    highlighted = [g for g in cards_of(root) if "dk-highlight" in g.get("class", "")]
    assert [g.get("class") for g in highlighted] == [
        f"dk-card dk-highlight dk-seat-{winner} dk-leader"
    ]
    assert "34 points" in all_text(root)
    assert codes(parse(svg.trick(trick, winner=0)), "dk-highlight") == ["DA"]
    assert codes(parse(svg.trick(trick)), "dk-highlight") == []


def all_text(root: ET.Element) -> str:
    return " ".join(t.text or "" for t in root.iter(f"{NS}text"))


def test_a_trick_picture_is_what_the_trick_shows_in_a_notebook() -> None:
    trick = Trick.parse("♠A ♠Q", leader=3)
    assert trick._repr_svg_() == svg.trick(trick)
    assert HAND._repr_svg_() == svg.hand(HAND)
    assert card("♥10")._repr_svg_() == svg.card(card("♥10"))


def test_the_bottom_seat_turns_the_table() -> None:
    trick = Trick.parse("♠A ♠Q ♠10 ♠K", leader=0)

    def bottom_card(bottom: int) -> str:
        root = parse(svg.trick(trick, bottom=bottom))
        spots = {g.get("data-card", ""): g.get("transform") for g in cards_of(root)}
        return next(code for code, move in spots.items() if move == "translate(-25 6.5)")

    assert [bottom_card(seat) for seat in range(4)] == ["SA", "SQ", "S10", "SK"]


def test_a_finished_deal_shows_twelve_tricks_with_their_winners_and_points() -> None:
    done = finished_deal()
    root = parse(svg.deal(done))
    cells = [g for g in root.iter(f"{NS}g") if g.get("class") == "dk-trick-cell"]
    assert len(cells) == 12
    outcome = done.outcome
    for cell, trick, winner in zip(cells, done.tricks, outcome.winners, strict=True):
        assert [g.get("data-card") for g in cards_of(cell)] == [c.ascii for c in trick.cards]
        assert [
            g.get("data-card") for g in cards_of(cell) if "dk-highlight" in g.get("class", "")
        ] == [trick.card_of(winner).ascii]  # type: ignore[union-attr]
        leader = [g for g in cards_of(cell) if "dk-leader" in g.get("class", "")]
        assert leader == [cards_of(cell)[0]]
        points = [t.text for t in cell.iter(f"{NS}text") if t.get("class") == "dk-points"]
        assert points == [f"{trick.points} points"]
    text = all_text(root)
    assert "wins" in text
    assert "game value" in text
    assert "game value" not in all_text(parse(svg.deal(done, result=False)))
    assert "game value" not in all_text(parse(done._repr_svg_()))
    assert codes(parse(svg.tricks(done))) == [c.ascii for t in done.tricks for c in t.cards]


def test_a_void_deal_says_so() -> None:
    deal = armut_deal(1)
    deal = deal.apply(deal.legal_actions[0])  # the poor player passes its trumps (V§6.3)
    for _ in range(3):
        deal = deal.apply(
            next(a for a in deal.legal_actions if isinstance(a, AnswerPoverty) and not a.accept)
        )
    assert deal.is_void
    text = all_text(parse(svg.deal(deal)))
    assert "Void deal" in text
    assert "nobody accepted the Armut" in text
    assert "game value" not in text


def test_text_is_escaped() -> None:
    names = ['<b>&"', "x'\x00", "]]>", "\ud800"]
    text = svg.trick(Trick.parse("♠A"), names=names)
    root = parse(text)
    labels = [t.text for t in root.iter(f"{NS}text") if "dk-label" in t.get("class", "")]
    assert '<b>&"' in labels
    assert "x'\ufffd" in labels
    assert "]]>" in labels
    assert "\ufffd" in labels
    assert escape("a<b") == "a&lt;b"


VIEW = Deal.shuffled(seed=1).view(0)
NOT_HELD = next(c for c in DECK if c not in VIEW.hand)


@pytest.mark.parametrize(
    ("call", "error", "option"),
    [
        (lambda: svg.card("♣Q"), InvalidTypeError, "card"),  # type: ignore[arg-type]
        (lambda: svg.card(card("♣Q"), size=True), InvalidTypeError, "size"),
        (lambda: svg.card(card("♣Q"), size="2"), InvalidTypeError, "size"),  # type: ignore[arg-type]
        (lambda: svg.card(card("♣Q"), size=0), InvalidValueError, "size"),
        (lambda: svg.card(card("♣Q"), size=math.nan), InvalidValueError, "size"),
        (lambda: svg.card(card("♣Q"), size=math.inf), InvalidValueError, "size"),
        (lambda: svg.card(card("♣Q"), size=10**400), InvalidValueError, "size"),
        (lambda: svg.card(card("♣Q"), language="fr"), InvalidValueError, "language"),  # type: ignore[arg-type]
        (lambda: svg.card(card("♣Q"), language=None), InvalidTypeError, "language"),  # type: ignore[arg-type]
        (lambda: svg.card(card("♣Q"), colors="three"), InvalidValueError, "colors"),  # type: ignore[arg-type]
        (lambda: svg.card(card("♣Q"), highlight=1), InvalidTypeError, "highlight"),  # type: ignore[arg-type]
        (lambda: svg.hand("♣Q"), InvalidTypeError, "hand"),  # type: ignore[arg-type]
        (lambda: svg.hand(HAND, orientation="diagonal"), InvalidValueError, "orientation"),  # type: ignore[arg-type]
        (lambda: svg.hand(HAND, order="normal"), InvalidTypeError, "order"),  # type: ignore[arg-type]
        (lambda: svg.hand(HAND, highlight="♣Q"), InvalidTypeError, "highlight"),  # type: ignore[arg-type]
        (lambda: svg.hand(HAND, highlight=["♣Q"]), InvalidTypeError, "highlight"),  # type: ignore[list-item]
        (lambda: svg.hand(HAND, highlight=[card("♣9")]), InvalidValueError, "highlight"),
        (lambda: svg.trick(HAND), InvalidTypeError, "trick"),  # type: ignore[arg-type]
        (lambda: svg.trick(Trick.parse("♠A"), winner=1), InvalidValueError, "winner"),
        (lambda: svg.trick(Trick.parse("♠A"), winner=5), InvalidValueError, "winner"),
        (
            lambda: svg.trick(Trick.parse("♠A"), winner=0, game_type=GameType.NORMAL),
            InvalidValueError,
            "winner",
        ),
        (lambda: svg.trick(Trick.parse("♠A"), game_type="normal"), InvalidTypeError, "game_type"),  # type: ignore[arg-type]
        (lambda: svg.trick(Trick.parse("♠A"), bottom=True), InvalidTypeError, "bottom"),
        (lambda: svg.trick(Trick.parse("♠A"), rules="ddv"), InvalidTypeError, "rules"),  # type: ignore[arg-type]
        (lambda: svg.trick(Trick.parse("♠A"), schweine=1), InvalidTypeError, "schweine"),  # type: ignore[arg-type]
        (lambda: svg.trick(Trick.parse("♠A"), last=None), InvalidTypeError, "last"),  # type: ignore[arg-type]
        (lambda: svg.trick(Trick.parse("♠A"), names=["a"] * 3), InvalidValueError, "names"),
        (lambda: svg.trick(Trick.parse("♠A"), names="abcd"), InvalidTypeError, "names"),
        (lambda: svg.trick(Trick.parse("♠A"), names=["a", "b", "c", 4]), InvalidTypeError, "names"),  # type: ignore[list-item]
        (
            lambda: svg.trick(Trick.parse("♠A"), names=["a", "b", "c", "d" * 99]),
            InvalidValueError,
            "names",
        ),
        (lambda: svg.view(Deal.shuffled(seed=1)), InvalidTypeError, "view"),  # type: ignore[arg-type]
        (lambda: svg.view(VIEW, highlight=[NOT_HELD]), InvalidValueError, "highlight"),
        (lambda: svg.view(VIEW, highlight=NOT_HELD), InvalidTypeError, "highlight"),  # type: ignore[arg-type]
        (lambda: svg.deal(Deal.shuffled(seed=1).view(0)), InvalidTypeError, "deal"),  # type: ignore[arg-type]
        (lambda: svg.deal(Deal.shuffled(seed=1), columns=0), InvalidValueError, "columns"),
        (lambda: svg.deal(Deal.shuffled(seed=1), result=None), InvalidTypeError, "result"),  # type: ignore[arg-type]
        (lambda: svg.tricks(Deal.shuffled(seed=1), columns=1.5), InvalidTypeError, "columns"),  # type: ignore[arg-type]
    ],
)
def test_bad_input_raises_the_librarys_error_naming_the_option(
    call: object, error: type[DoppelkopfError], option: str
) -> None:
    with pytest.raises(error) as caught:
        call()  # type: ignore[operator]
    assert option in str(caught.value)
    if isinstance(caught.value, InvalidTypeError):
        assert caught.value.name == option


def test_the_drawing_layer_imports_no_value_of_the_library() -> None:
    """``_svg`` draws from numbers, so the values' notebook hooks can import it without a cycle."""
    from test_imports import import_graph

    graph = import_graph()
    assert graph["doppelkopf._svg"] <= {"doppelkopf._checks", "doppelkopf.errors"}
    assert "doppelkopf._svg" in graph["doppelkopf.cards"]
    assert "doppelkopf._svg" in graph["doppelkopf.tricks"]
    assert "doppelkopf.deal._picture" in graph["doppelkopf.deal.views"]
    # Only the layers above the rules draw with the public module: the analysis report,
    # the live table's pages; no value of the library imports it.
    importers = {name for name, imported in graph.items() if "doppelkopf.svg" in imported}
    above = ("doppelkopf.analysis.", "doppelkopf.server.", "doppelkopf.cli.")
    assert importers
    assert all(name.startswith(above) for name in importers), importers


def test_a_view_in_german_names_the_unknown_parties_and_the_seat_on_turn() -> None:
    deal = Deal.shuffled(seed=3)
    for seat in range(4):
        deal = deal.declare(seat, deal.legal_actions[0].reservation)  # type: ignore[union-attr]
    view = deal.view(1)
    text = all_text(parse(svg.view(view, language="de")))
    assert "Normalspiel" in text
    assert "Stich 1 von 12" in text
    assert "Platz 0" in text
    assert "am Zug" in text
    assert None in view.known_parties
    assert "Partei offen" in text


def test_a_view_shows_an_announcement_by_its_seat() -> None:
    deal = Deal.shuffled(seed=3)
    for seat in range(4):
        deal = deal.declare(seat, deal.legal_actions[0].reservation)  # type: ignore[union-attr]
    announcer = next(s for s in range(4) if card("♣Q") in deal.hands[s])
    deal = deal.announce(announcer, Announcement.NO_90)
    watcher = (announcer + 1) % 4
    root = parse(svg.view(deal.view(watcher)))
    lines = [
        t.text for t in root.iter(f"{NS}text") if f"dk-label-{announcer}" in t.get("class", "")
    ]
    assert "Re: keine 90" in lines
