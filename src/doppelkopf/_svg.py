"""The drawing layer of :mod:`doppelkopf.svg`: SVG text from plain numbers and strings.

Nothing here knows a :class:`~doppelkopf.Card` or a deal.  A card is a pair
``(suit, rank)`` of the ints of :class:`~doppelkopf.Suit` and
:class:`~doppelkopf.Rank`, a play a triple ``(seat, suit, rank)``, a contract
the value of its :class:`~doppelkopf.GameType` (``"SOLO_Q"``).  That keeps the
module below every value it draws: :mod:`doppelkopf.cards`,
:mod:`doppelkopf.tricks` and the deal hand their values over as such numbers
(their ``_repr_svg_`` hooks and :mod:`doppelkopf.deal._picture`), and
:mod:`doppelkopf.svg` checks a caller's options and objects on top of them,
so no import cycle can form.

Every picture is drawn in fixed units (a card is 50 by 75) inside a
``viewBox``; the size option only scales its ``width`` and ``height``.  Every
text goes through :func:`escape`, and numbers are written with at most two
decimals, so the same input gives the same bytes.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Final

import attrs

from . import _checks
from .errors import InvalidValueError

__all__ = [
    "CARD_H",
    "CARD_W",
    "Style",
    "card",
    "escape",
    "grid",
    "hand",
    "make_style",
    "picture",
    "seat_names",
    "table",
    "trick",
]

CARD_W: Final = 50
CARD_H: Final = 75
_GAP: Final = 4
_PAD: Final = 6
_LIFT: Final = 10
_STEP_V: Final = 31
_FONT: Final = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"

_SUIT_NAMES: Final = {
    "en": ("clubs", "spades", "hearts", "diamonds"),
    "de": ("Kreuz", "Pik", "Herz", "Karo"),
}
_RANK_NAMES: Final = {
    "en": ("nine", "jack", "queen", "king", "ten", "ace"),
    "de": ("Neun", "Bube", "Dame", "König", "Zehn", "Ass"),
}
_RANK_LETTERS: Final = {
    "en": ("9", "J", "Q", "K", "10", "A"),
    "de": ("9", "B", "D", "K", "10", "A"),
}
_ASCII: Final = ("9", "J", "Q", "K", "10", "A")
_SUIT_LETTERS: Final = "CSHD"
_COLORS: Final = {
    "two": ("#1c1c1c", "#1c1c1c", "#c62828", "#c62828"),
    "four": ("#1b7a36", "#1c1c1c", "#c62828", "#1565c0"),
}
_TINTS: Final = {
    "two": ("#eceff3", "#eceff3", "#fdecee", "#fdecee"),
    "four": ("#e6f4ea", "#eceff3", "#fdecee", "#e3eefb"),
}

# The four suit symbols, drawn for this library in a 100 by 100 box.
_CIRCLE: Final = "M{x} {y}m-21 0a21 21 0 1 0 42 0a21 21 0 1 0 -42 0Z"
_SUIT_PATHS: Final = (
    _CIRCLE.format(x=50, y=27)
    + _CIRCLE.format(x=27, y=58)
    + _CIRCLE.format(x=73, y=58)
    + "M50 40L60 60L40 60Z"
    + "M46 55C46 78 42 88 31 97L69 97C58 88 54 78 54 55Z",
    "M50 3C68 24 98 40 98 62C98 77 87 86 75 86C65 86 57 80 54 72"
    "C55 84 59 91 68 97L32 97C41 91 45 84 46 72C43 80 35 86 25 86"
    "C13 86 2 77 2 62C2 40 32 24 50 3Z",
    "M50 95C34 80 2 58 2 32C2 15 14 4 28 4C39 4 46 11 50 21"
    "C54 11 61 4 72 4C86 4 98 15 98 32C98 58 66 80 50 95Z",
    "M50 2L88 50L50 98L12 50Z",
)

_HIGHLIGHT: Final = "#f0a500"
_TURN: Final = "#1e6fd9"
_INK: Final = "#22262b"
_MUTED: Final = "#5f6670"

_INVALID_XML: Final = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")

LANGUAGES: Final = ("de", "en")
ORIENTATIONS: Final = ("horizontal", "vertical", "fan")
COLOR_SCHEMES: Final = ("two", "four")


def escape(text: str) -> str:
    """``text`` made safe as XML character data or an attribute value.

    The five markup characters become entities, and characters XML 1.0 does
    not allow (control characters, lone surrogates) become U+FFFD.

    >>> escape('<b> & "x" \\x00')
    '&lt;b&gt; &amp; &quot;x&quot; \\ufffd'
    """
    text = _INVALID_XML.sub("\ufffd", text)
    return (
        text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&#39;")
    )


def _n(value: float) -> str:
    """A coordinate with at most two decimals and no trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@attrs.frozen
class Style:
    """The checked options every picture shares."""

    scale: float = 1.0
    language: str = "en"
    colors: str = "two"

    def card_name(self, suit: int, rank: int) -> str:
        """The spoken name of a card: ``"queen of clubs"``, ``"Kreuz Dame"``."""
        if self.language == "de":
            return f"{_SUIT_NAMES['de'][suit]} {_RANK_NAMES['de'][rank]}"
        return f"{_RANK_NAMES['en'][rank]} of {_SUIT_NAMES['en'][suit]}"

    def word(self, english: str) -> str:
        """A word of the pictures' text in the style's language."""
        return _GERMAN.get(english, english) if self.language == "de" else english


def short(text: str, most: int) -> str:
    """``text`` cut to ``most`` characters, the last one an ellipsis when it is cut.

    >>> short("Bartholomäus", 8), short("Anna", 8)
    ('Barthol…', 'Anna')
    """
    return text if len(text) <= most else text[: most - 1] + "…"


def seat_names(style: Style) -> tuple[str, ...]:
    """``Seat 0`` … ``Seat 3`` in the style's language: the names a picture gives the seats."""
    word = style.word("seat").capitalize()
    return tuple(f"{word} {seat}" for seat in range(4))


_GERMAN: Final = {
    "seat": "Platz",
    "leads": "spielt aus",
    "wins": "sticht",
    "to play": "am Zug",
    "points": "Augen",
    "trick": "Stich",
    "Trick": "Stich",
    "party unknown": "Partei offen",
    "of": "von",
    "cards": "Karten",
    "contract not known yet": "Spiel noch offen",
    "hand": "Hand",
    "tricks": "Stiche",
    "no card played yet": "noch keine Karte gespielt",
    "finished": "beendet",
    "the trick in play": "der laufende Stich",
    "table view of": "Tischansicht von",
    "deal": "Spiel",
    "void deal": "Spiel ungültig",
    "NORMAL": "Normalspiel",
    "MARRIAGE": "Hochzeit",
    "MARRIAGE_SOLO": "Hochzeit als Solo",
    "SILENT_MARRIAGE": "stille Hochzeit",
    "SOLO_D": "Karosolo",
    "SOLO_H": "Herzsolo",
    "SOLO_S": "Piksolo",
    "SOLO_C": "Kreuzsolo",
    "SOLO_Q": "Damensolo",
    "SOLO_J": "Bubensolo",
    "FLESHLESS": "Fleischloser",
    "ARMUT": "Armut",
}


def make_style(size: object, language: object, colors: object) -> Style:
    """The checked :class:`Style` of the options ``size``, ``language`` and ``colors``.

    >>> make_style(2, "de", "four").scale
    2.0

    Raises:
        InvalidTypeError: ``size`` is not a number or a word option not text.
        InvalidValueError: ``size`` is not from 0.1 to 20, or a word option is
            not one of its choices.
    """
    if type(size) not in (int, float):
        raise _checks.type_error(size, "size", "int or float")
    assert isinstance(size, (int, float))
    if not 0.1 <= size <= 20:  # also refuses NaN
        raise InvalidValueError(f"size must be from 0.1 to 20, not {_checks.excerpt(size)}")
    return Style(
        float(size),
        choice(language, "language", LANGUAGES),
        choice(colors, "colors", COLOR_SCHEMES),
    )


def choice(value: object, name: str, choices: tuple[str, ...]) -> str:
    """``value`` if it is one of the words ``choices``; the library's error otherwise."""
    if type(value) is not str:
        raise _checks.type_error(value, name, "str")
    if value not in choices:
        raise InvalidValueError(
            f"{name} must be one of {', '.join(map(repr, choices))}, not {_checks.excerpt(value)}"
        )
    return value


def _text(
    x: float,
    y: float,
    content: str,
    *,
    size: float = 11,
    anchor: str = "middle",
    weight: str = "normal",
    fill: str = _INK,
    cls: str = "",
) -> str:
    klass = f' class="{cls}"' if cls else ""
    return (
        f'<text{klass} x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" text-anchor="{anchor}"'
        f' font-weight="{weight}" fill="{fill}">{escape(content)}</text>'
    )


def _pip(suit: int, x: float, y: float, size: float, fill: str) -> str:
    return (
        f'<path transform="translate({_n(x)} {_n(y)}) scale({_n(size / 100)})"'
        f' d="{_SUIT_PATHS[suit]}" fill="{fill}"/>'
    )


def _index(suit: int, rank: int, style: Style, fill: str) -> str:
    letter = _RANK_LETTERS[style.language][rank]
    size = 11.5 if len(letter) > 1 else 13
    return (
        f'<text x="3.5" y="14" font-size="{_n(size)}" font-weight="bold" fill="{fill}"'
        f' letter-spacing="{"-1" if len(letter) > 1 else "0"}">{letter}</text>'
        + _pip(suit, 3.8, 17, 9, fill)
    )


def card(
    suit: int,
    rank: int,
    style: Style,
    *,
    transform: str = "",
    highlight: bool = False,
    extra: str = "",
) -> str:
    """One card as an SVG group, with a ``<title>`` naming it.

    ``suit`` and ``rank`` are the ints of the enums; ``highlight`` gives it
    a thick gold outline and the class ``dk-highlight``; ``extra`` is added to its
    classes.  The group spans 0..50 by 0..75 before ``transform``.
    """
    fill = _COLORS[style.colors][suit]
    classes = "dk-card" + (" dk-highlight" if highlight else "") + (f" {extra}" if extra else "")
    moved = f' transform="{transform}"' if transform else ""
    # A highlighted card has the same outline, drawn thick and gold on a warm face.
    paint = (
        f'fill="#fff8e6" stroke="{_HIGHLIGHT}" stroke-width="3"'
        if highlight
        else 'fill="#ffffff" stroke="#9aa1ab" stroke-width="1"'
    )
    face = (
        f'<rect class="dk-face" x="0.5" y="0.5" width="{CARD_W - 1}" height="{CARD_H - 1}"'
        f' rx="4.5" {paint}/>'
    )
    index = _index(suit, rank, style, fill)
    if rank in (1, 2, 3):  # jack, queen, king: a framed letter
        letter = _RANK_LETTERS[style.language][rank]
        centre = (
            f'<rect x="15" y="13" width="20" height="49" rx="2.5"'
            f' fill="{_TINTS[style.colors][suit]}" stroke="{fill}" stroke-width="0.8"/>'
            + _text(25, 39, letter, size=18, weight="bold", fill=fill)
            + _pip(suit, 20.5, 44, 9, fill)
        )
    else:
        big = 28 if rank == 5 else 22
        centre = _pip(suit, 25 - big / 2, 37.5 - big / 2, big, fill)
    return (
        f'<g class="{classes}" data-card="{_SUIT_LETTERS[suit]}{_ASCII[rank]}"{moved}>'
        f"<title>{escape(style.card_name(suit, rank))}</title>"
        f'{face}{index}{centre}<g transform="rotate(180 25 37.5)">{index}</g></g>'
    )


def _slot(x: float, y: float, *, turn: bool) -> str:
    colour = _TURN if turn else "#b8bec7"
    classes = "dk-slot dk-turn" if turn else "dk-slot"
    return (
        f'<rect class="{classes}" x="{_n(x + 0.5)}" y="{_n(y + 0.5)}" width="{CARD_W - 1}"'
        f' height="{CARD_H - 1}" rx="4.5" fill="none" stroke="{colour}"'
        f' stroke-width="{"2" if turn else "1"}" stroke-dasharray="4 3"/>'
    )


def picture(width: float, height: float, style: Style, *, title: str, body: str, cls: str) -> str:
    """The ``<svg>`` element around ``body``: drawn in ``width`` by ``height`` units."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="dk-picture {cls}"'
        f' width="{_n(width * style.scale)}" height="{_n(height * style.scale)}"'
        f' viewBox="0 0 {_n(width)} {_n(height)}" role="img" font-family="{_FONT}">'
        f"<title>{escape(title)}</title>{body}</svg>"
    )


def _rotated_box(angle: float, pivot: float) -> tuple[float, float, float, float]:
    """The bounding box of a card turned by ``angle`` degrees about ``(0, pivot)``.

    The card spans ``-W/2..W/2`` by ``0..H`` before turning.
    """
    a = math.radians(angle)
    cos, sin = math.cos(a), math.sin(a)
    xs, ys = [], []
    for x, y in ((-CARD_W / 2, 0), (CARD_W / 2, 0), (-CARD_W / 2, CARD_H), (CARD_W / 2, CARD_H)):
        dy = y - pivot
        xs.append(x * cos - dy * sin)
        ys.append(x * sin + dy * cos + pivot)
    return min(xs), min(ys), max(xs), max(ys)


def hand_body(
    cards: Sequence[tuple[int, int]],
    marks: Sequence[bool],
    style: Style,
    orientation: str,
) -> tuple[str, float, float]:
    """The cards of a hand laid out from (0, 0): the markup, its width and its height.

    ``horizontal`` puts them side by side without overlap, a marked card
    lifted; ``vertical`` in a column, each showing its top corner, a marked
    card pushed right; ``fan`` turns them about a point below the hand.
    """
    parts: list[str] = []
    if not cards:
        return "", CARD_W, CARD_H
    if orientation == "fan":
        count = len(cards)
        spread = min(7.0 * (count - 1), 110.0)
        pivot = 230.0
        angles = [
            -spread / 2 + (spread * i / (count - 1) if count > 1 else 0) for i in range(count)
        ]
        boxes = [_rotated_box(angle, pivot) for angle in angles]
        left = min(box[0] for box in boxes)
        top = min(box[1] for box in boxes) - _LIFT
        right = max(box[2] for box in boxes)
        bottom = max(box[3] for box in boxes)
        for (suit, rank), mark, angle in zip(cards, marks, angles, strict=True):
            lift = -_LIFT if mark else 0
            transform = (
                f"translate({_n(-left)} {_n(-top + lift)}) rotate({_n(angle)} 0 {_n(pivot)})"
                f" translate({_n(-CARD_W / 2)} 0)"
            )
            parts.append(card(suit, rank, style, transform=transform, highlight=mark))
        return "".join(parts), right - left, bottom - top
    vertical = orientation == "vertical"
    for i, ((suit, rank), mark) in enumerate(zip(cards, marks, strict=True)):
        if vertical:
            x, y = (_LIFT if mark else 0), i * _STEP_V
        else:
            x, y = i * (CARD_W + _GAP), (0 if mark else _LIFT)
        parts.append(
            card(suit, rank, style, transform=f"translate({_n(x)} {_n(y)})", highlight=mark)
        )
    if vertical:
        return "".join(parts), CARD_W + _LIFT, (len(cards) - 1) * _STEP_V + CARD_H
    return "".join(parts), len(cards) * (CARD_W + _GAP) - _GAP, CARD_H + _LIFT


def hand(
    cards: Sequence[tuple[int, int]],
    marks: Sequence[bool],
    style: Style,
    orientation: str,
) -> str:
    """A hand as a whole picture (see :func:`hand_body`)."""
    body, width, height = hand_body(cards, marks, style, orientation)
    title = f"{style.word('hand')}: " + ", ".join(style.card_name(s, r) for s, r in cards)
    inner = f'<g class="dk-hand" transform="translate({_PAD} {_PAD})">{body}</g>'
    return picture(
        width + 2 * _PAD, height + 2 * _PAD, style, title=title, body=inner, cls="dk-hand-picture"
    )


# Where each seat's card lies in a trick, by its place from the seat at the
# bottom (0 bottom, then left, top, right: play goes clockwise), as the
# card's top-left corner relative to the centre of the table.
_TRICK_SPOTS: Final = (
    (-CARD_W / 2, 6.5),
    (-CARD_W - 60, -CARD_H / 2),
    (-CARD_W / 2, -CARD_H - 6.5),
    (60, -CARD_H / 2),
)
TRICK_W: Final = 276
TRICK_H: Final = 238


def trick_body(
    plays: Sequence[tuple[int, int, int]],
    style: Style,
    *,
    leader: int,
    winner: int | None,
    turn: int | None,
    bottom: int,
    labels: Sequence[Sequence[str]],
) -> str:
    """A trick around the centre (0, 0): each seat's card or empty place and its label lines.

    ``plays`` holds ``(seat, suit, rank)``; the winner's card is highlighted,
    the place of ``turn`` is drawn in blue, and ``labels[seat]`` are the lines
    written by each seat's place, the first in bold.
    """
    played = {seat: (suit, rank) for seat, suit, rank in plays}
    parts = []
    for seat in range(4):
        place = (seat - bottom) & 3
        x, y = _TRICK_SPOTS[place]
        if seat in played:
            suit, rank = played[seat]
            extra = f"dk-seat-{seat}" + (" dk-leader" if seat == leader else "")
            parts.append(
                card(
                    suit,
                    rank,
                    style,
                    transform=f"translate({_n(x)} {_n(y)})",
                    highlight=seat == winner,
                    extra=extra,
                )
            )
        else:
            parts.append(_slot(x, y, turn=seat == turn))
        lines = list(labels[seat])
        if seat == leader and plays:
            lines.append(style.word("leads"))
        if seat == winner:
            lines.append(style.word("wins"))
        if seat == turn:
            lines.append(style.word("to play"))
        first = y - 6 - 12 * (len(lines) - 1) if place == 2 else y + CARD_H + 13
        for i, line in enumerate(lines):
            bold = i == 0
            colour = _TURN if seat == turn and i == len(lines) - 1 else (_INK if bold else _MUTED)
            parts.append(
                _text(
                    x + CARD_W / 2,
                    first + 12 * i,
                    line,
                    size=11 if bold else 10,
                    weight="bold" if bold else "normal",
                    fill=colour,
                    cls=f"dk-label dk-label-{seat}",
                )
            )
    return "".join(parts)


def trick(
    plays: Sequence[tuple[int, int, int]],
    style: Style,
    *,
    leader: int,
    winner: int | None,
    bottom: int,
    names: Sequence[str],
    footer: str,
) -> str:
    """A trick as a whole picture, with ``footer`` (the points) below it."""
    labels = [[name] for name in names]
    body = trick_body(
        plays, style, leader=leader, winner=winner, turn=None, bottom=bottom, labels=labels
    )
    cards = ", ".join(f"{names[seat]}: {style.card_name(s, r)}" for seat, s, r in plays)
    title = f"{style.word('trick')}: {cards or style.word('no card played yet')}"
    if footer:
        body += _text(0, TRICK_H / 2 - 4, footer, size=11, fill=_MUTED, cls="dk-footer")
    inner = f'<g class="dk-trick" transform="translate({TRICK_W / 2} {TRICK_H / 2 - 6})">{body}</g>'
    return picture(TRICK_W, TRICK_H, style, title=title, body=inner, cls="dk-trick-picture")


def table(
    style: Style,
    *,
    seat: int,
    header: Sequence[str],
    hand_cards: Sequence[tuple[int, int]],
    marks: Sequence[bool],
    plays: Sequence[tuple[int, int, int]],
    leader: int,
    turn: int | None,
    labels: Sequence[Sequence[str]],
) -> str:
    """One seat's view of the table: a header, the trick in play and its own hand below."""
    hand_markup, hand_w, hand_h = hand_body(hand_cards, marks, style, "horizontal")
    width = max(hand_w, 420) + 2 * _PAD
    top = 14 + 16 * len(header)
    parts = [
        _text(
            _PAD,
            18 + 16 * i,
            line,
            size=13 if i == 0 else 11,
            anchor="start",
            weight="bold" if i == 0 else "normal",
            fill=_INK if i == 0 else _MUTED,
            cls="dk-header",
        )
        for i, line in enumerate(header)
    ]
    trick_labels = [list(lines) for lines in labels]
    trick_labels[seat] = []  # the viewer's own place is labelled by its hand
    parts.append(
        f'<g class="dk-trick" transform="translate({_n(width / 2)} {_n(top + TRICK_H / 2)})">'
        + trick_body(
            plays, style, leader=leader, winner=None, turn=turn, bottom=seat, labels=trick_labels
        )
        + "</g>"
    )
    hand_top = top + TRICK_H + 4
    own = list(labels[seat])
    parts.append(
        _text(
            width / 2,
            hand_top + 2,
            " · ".join(own),
            size=11,
            weight="bold",
            fill=_TURN if turn == seat else _INK,
            cls=f"dk-label dk-label-{seat}",
        )
    )
    parts.append(
        f'<g class="dk-hand" transform="translate({_n((width - hand_w) / 2)} {_n(hand_top + 8)})">'
        f"{hand_markup}</g>"
    )
    height = hand_top + 8 + hand_h + _PAD
    title = f"{style.word('table view of')} {own[0] if own else seat}: " + "; ".join(header)
    return picture(width, height, style, title=title, body="".join(parts), cls="dk-table-picture")


_CELL_STEP: Final = CARD_W + 10
"""The distance of two cards in a cell of the grid: room for a seat's name under each."""
_CELL_W: Final = 4 * _CELL_STEP - 10 + 16
_CELL_H: Final = CARD_H + 58


def grid(
    tricks: Sequence[tuple[int, Sequence[tuple[int, int, int]], int | None, int]],
    style: Style,
    *,
    names: Sequence[str],
    header: Sequence[str],
    footer: Sequence[str],
    columns: int = 4,
) -> str:
    """The tricks of a deal in a grid, each ``(leader, plays, winner, points)``.

    Each cell shows the trick's number and points, its cards in play order
    with the seat under each, the leader's marked and the winner's card
    highlighted; ``header`` lines go above the grid and ``footer`` lines below.
    """
    parts = []
    y = 4.0
    for i, line in enumerate(header):
        y += 16
        parts.append(
            _text(
                _PAD,
                y,
                line,
                size=13 if i == 0 else 11,
                anchor="start",
                weight="bold" if i == 0 else "normal",
                fill=_INK if i == 0 else _MUTED,
                cls="dk-header",
            )
        )
    top = y + 8
    rows = max(1, -(-len(tricks) // columns))
    for number, (leader, plays, winner, points) in enumerate(tricks, 1):
        x0 = _PAD + ((number - 1) % columns) * _CELL_W
        y0 = top + ((number - 1) // columns) * _CELL_H
        cell = [
            f'<rect x="0" y="0" width="{_CELL_W - 6}" height="{_CELL_H - 6}" rx="6"'
            f' fill="#f4f6f8" stroke="#d5dae0"/>',
            _text(8, 16, f"{style.word('Trick')} {number}", size=11, anchor="start", weight="bold"),
            _text(
                _CELL_W - 14,
                16,
                f"{points} {style.word('points')}",
                size=10,
                anchor="end",
                fill=_MUTED,
                cls="dk-points",
            ),
        ]
        for position, (seat, suit, rank) in enumerate(plays):
            x = 5 + position * _CELL_STEP
            extra = f"dk-seat-{seat}" + (" dk-leader" if seat == leader else "")
            cell.append(
                card(
                    suit,
                    rank,
                    style,
                    transform=f"translate({_n(x)} 24)",
                    highlight=seat == winner,
                    extra=extra,
                )
            )
            mark = "▸ " if seat == leader else ""
            cell.append(
                _text(
                    x + CARD_W / 2,
                    24 + CARD_H + 16,
                    mark + short(names[seat], 7),
                    size=9.5,
                    weight="bold" if seat == winner else "normal",
                    fill=_INK if seat == winner else _MUTED,
                    cls="dk-label",
                )
            )
        parts.append(
            f'<g class="dk-trick-cell" data-trick="{number}"'
            f' transform="translate({_n(x0)} {_n(y0)})">{"".join(cell)}</g>'
        )
    if not tricks:
        rows = 0
        parts.append(
            _text(_PAD, top + 14, style.word("no card played yet"), anchor="start", fill=_MUTED)
        )
        top += 20
    y = top + rows * _CELL_H
    for i, line in enumerate(footer):
        y += 16
        parts.append(
            _text(
                _PAD,
                y,
                line,
                size=12 if i == 0 else 11,
                anchor="start",
                weight="bold" if i == 0 else "normal",
                cls="dk-result",
            )
        )
    width = 2 * _PAD + columns * _CELL_W - 6
    title = "; ".join([*header, f"{len(tricks)} {style.word('tricks')}", *footer])
    return picture(width, y + 10, style, title=title, body="".join(parts), cls="dk-deal-picture")
