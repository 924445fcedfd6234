"""How fast the position strings and the game notation are written and read.

Run from the repository root (after ``pip install .``, or with ``PYTHONPATH=src``)::

    python benchmarks/bench_notation.py [--deals N] [--repeat R]

``N`` deals are played to the end by four heuristic players; positions are
taken at every moment of them.  Reported, in microseconds of processor time
per call, best of ``R`` rounds:

- ``Deal.position``: the position string of a deal, written;
- ``Deal.parse``: the string read back, every action replayed and checked;
- ``PlayerView.position`` and ``parse_view``: the same for the view of the
  seat on turn (``parse_view`` finds a deal the seat cannot tell apart, and
  draws worlds when another seat's action needs one);
- ``write_game`` and ``read_game``: a whole finished deal as notation;
- ``record_to_text`` and ``text_to_record``: the notation converted from and
  to the deal's JSON record, checked both ways.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from _timing import best, played_deals
from doppelkopf import Deal, PlayerView
from doppelkopf.notation import (
    parse_view,
    read_game,
    record_to_text,
    text_to_record,
    write_game,
)
from doppelkopf.records import dump_deal


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print one line per operation."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args(argv)
    positions, finished = played_deals(options.deals)
    strings = [deal.position for deal in positions]
    views: list[PlayerView] = [deal.view(deal.turn) for deal in positions if deal.turn is not None]
    view_strings = [view.position for view in views]
    games = [write_game(deal) for deal in finished]
    records = [dump_deal(deal) for deal in finished]

    def write() -> None:
        for deal in positions:
            deal.position  # noqa: B018 - the property writes the string

    def parse() -> None:
        for text in strings:
            Deal.parse(text)

    def write_views() -> None:
        for view in views:
            view.position  # noqa: B018

    def parse_views() -> None:
        for text in view_strings:
            parse_view(text)

    def write_games() -> None:
        for deal in finished:
            write_game(deal)

    def read_games() -> None:
        for text in games:
            read_game(text)

    def to_text() -> None:
        for record in records:
            record_to_text(record)

    def to_record() -> None:
        for text in games:
            text_to_record(text)

    size = sum(map(len, strings)) / len(strings)
    whole = sum(map(len, games)) / len(games)
    print(
        f"{len(strings)} positions ({size:,.0f} characters on average), {len(views)} views, "
        f"{len(games)} games ({whole:,.0f} characters)"
    )
    print("operation                     µs per call")
    rows = [
        ("Deal.position", len(positions), write),
        ("Deal.parse", len(strings), parse),
        ("PlayerView.position", len(views), write_views),
        ("parse_view", len(view_strings), parse_views),
        ("write_game", len(finished), write_games),
        ("read_game", len(games), read_games),
        ("record_to_text", len(records), to_text),
        ("text_to_record", len(games), to_record),
    ]
    for name, calls, run in rows:
        print(f"{name:28s}  {best(options.repeat, calls, run):10.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
