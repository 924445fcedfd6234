"""Plain-text tables: cells of text set in columns under their headers.

The score sheet, a settlement's value lines and the command line's tables are
laid out here.  A :class:`Column` says how its cells are aligned, how wide the
column is at least, whether it grows to its widest cell, and the text set
before it (the first column's is the table's indent).  :func:`lay_out` turns
rows of cells into lines; a row given as a plain string is a line of its own
between the rows, outside the columns.  Widths are counted as a terminal shows
the text: a wide East Asian character takes two places, a combining mark none,
every other character one (the suit symbols ♣ ♠ ♥ ♦ included).

The output is plain text, the same wherever it is printed, so that a table can
be compared with a stored one; nothing here draws with ``rich``.

>>> columns = [Column(">", gap=""), Column("<"), Column(">", 6)]
>>> print("\\n".join(lay_out(columns, [("seat", "player", "total"), ("0", "Anna", "+12"),
...                                  "  (a line of its own)", ("1", "Bär", "-12")])))
seat  player   total
   0  Anna       +12
  (a line of its own)
   1  Bär        -12
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from typing import Literal, NamedTuple

__all__ = ["Column", "lay_out", "pad", "width"]


class Column(NamedTuple):
    """How one column of a table is set.

    ``align`` is ``"<"`` (left) or ``">"`` (right); ``least`` the column's
    width at least; with ``grows`` the column is as wide as its widest cell,
    without it exactly ``least`` wide, a longer cell pushing the rest of its
    line to the right; ``gap`` is the text set before the column.
    """

    align: Literal["<", ">"] = "<"
    least: int = 0
    grows: bool = True
    gap: str = "  "


def width(text: str) -> int:
    """The places ``text`` takes in a terminal: two for a wide character, none for a mark.

    >>> width("♣Q"), width("Bär"), width("Spiel\\u0308"), width("東京")
    (2, 3, 5, 4)
    """
    if text.isascii():
        return len(text)
    places = 0
    for character in text:
        if unicodedata.combining(character) or unicodedata.category(character) == "Cf":
            continue
        places += 2 if unicodedata.east_asian_width(character) in "WF" else 1
    return places


def pad(text: str, places: int, align: Literal["<", ">"] = "<") -> str:
    """``text`` filled with spaces to ``places`` on the right (``"<"``) or the left (``">"``).

    >>> pad("♣Q", 4), pad("12", 4, ">"), pad("longer", 2)
    ('♣Q  ', '  12', 'longer')
    """
    fill = " " * max(0, places - width(text))
    return text + fill if align == "<" else fill + text


def lay_out(columns: Sequence[Column], rows: Iterable[Sequence[str] | str]) -> list[str]:
    """The lines of a table of ``rows`` set in ``columns``, each without trailing spaces.

    A row holds one cell per column (fewer leave the last columns empty); a
    plain string is a line of its own, outside the columns.
    """
    table = list(rows)
    places = []
    for number, column in enumerate(columns):
        least = column.least
        if column.grows:
            for row in table:
                if not isinstance(row, str) and number < len(row):
                    least = max(least, width(row[number]))
        places.append(least)
    lines = []
    for row in table:
        if isinstance(row, str):
            lines.append(row)
            continue
        parts = []
        for number, cell in enumerate(row):
            column = columns[number]
            parts.append(column.gap + pad(cell, places[number], column.align))
        lines.append("".join(parts).rstrip())
    return lines
