"""How fast the wire forms are: a view to JSON text, and an action's text parsed.

Run from the repository root (after ``pip install .``, or with ``PYTHONPATH=src``)::

    python benchmarks/bench_wire.py [--deals N] [--repeat R]

Views are taken from ``N`` deals played by four heuristic players, for the
seat on turn before each of its decisions.  Reported, in microseconds of
processor time per call, best of ``R`` rounds:

- ``dumps_view (fields read)``: :func:`~doppelkopf.wire.dumps_view` of a view
  whose fields and legal actions were already read — the writing alone;
- ``view + dumps_view``: :meth:`Deal.view <doppelkopf.Deal.view>` and
  :func:`~doppelkopf.wire.dumps_view` together, as a server does before each
  decision (a view computes its fields on first read);
- ``view fields alone``: :meth:`Deal.view <doppelkopf.Deal.view>` and a read
  of every field and the legal actions, without writing: the part of the row
  above that the view itself costs;
- ``loads_view``: the text read back into a checked view;
- ``parse_action``: the text of each legal action of those views parsed,
  without a context and with the seat's view as context;
- ``format_action``: the text of each of those actions written.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

import attrs

from _timing import best
from doppelkopf import Action, Deal, HeuristicPlayer, PlayerView
from doppelkopf.players import iter_deal
from doppelkopf.wire import dumps_view, format_action, loads_view, parse_action


def positions(deals: int) -> list[tuple[Deal, int]]:
    """Each deal before each decision of the seat on turn, with that seat."""
    found: list[tuple[Deal, int]] = []
    for number in range(deals):
        players = [HeuristicPlayer(seed=4 * number + s) for s in range(4)]
        for step in iter_deal(Deal.shuffled(seed=number), players):
            deal = step.deal
            if deal.turn is not None:
                found.append((deal, deal.turn))
    return found


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print one line per operation."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=5)
    options = parser.parse_args(argv)
    found = positions(options.deals)
    views: list[PlayerView] = [deal.view(seat) for deal, seat in found]
    for view in views:
        view.legal_actions  # noqa: B018 - read every field once
        view.history  # noqa: B018
    texts = [dumps_view(view) for view in views]
    actions: list[tuple[str, Action, PlayerView]] = [
        (format_action(action, context=view), action, view)
        for view in views
        for action in view.legal_actions
    ]

    def write() -> None:
        for view in views:
            dumps_view(view)

    def fresh() -> None:
        for deal, seat in found:
            dumps_view(deal.view(seat))

    names = [field.name for field in attrs.fields(PlayerView)]

    def fields_alone() -> None:
        for deal, seat in found:
            view = deal.view(seat)
            for name in names:
                getattr(view, name)
            view.legal_actions  # noqa: B018

    def read() -> None:
        for text in texts:
            loads_view(text)

    def parse() -> None:
        for text, action, _ in actions:
            parse_action(text, seat=action.seat)

    def parse_in_context() -> None:
        for text, action, view in actions:
            parse_action(text, seat=action.seat, context=view)

    def format_all() -> None:
        for _, action, _ in actions:
            format_action(action)

    size = sum(map(len, texts)) / len(texts)
    print(f"{len(views)} views ({size:,.0f} characters on average), {len(actions)} actions")
    print("operation                     µs per call")
    rows = [
        ("dumps_view (fields read)", len(views), write),
        ("view + dumps_view", len(views), fresh),
        ("view fields alone", len(views), fields_alone),
        ("loads_view", len(views), read),
        ("parse_action", len(actions), parse),
        ("parse_action (view context)", len(actions), parse_in_context),
        ("format_action", len(actions), format_all),
    ]
    for name, calls, run in rows:
        print(f"{name:28s}  {best(options.repeat, calls, run):10.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
