"""How fast an observer follows whole deals: events applied per second.

Run from the repository root (after ``pip install .``, or with ``PYTHONPATH=src``)::

    python benchmarks/bench_observer.py [--deals N] [--repeat R]

``N`` deals are played by four heuristic players; for each seat the events
of its view's final history are listed once: every one of them is an event
the seat saw, in order (a seat whose own wish won over a hidden one, which
waits for the contract to be named, is left out).  Then each seat's
:class:`~doppelkopf.Observer` is started from its hand and fed those events
one at a time, reading its view after each, as a client does.  Reported,
best of ``R`` rounds of processor time:

- ``events per second``: events applied, views read included;
- ``microseconds per event`` and ``milliseconds per deal and seat``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from doppelkopf import Deal, DoppelkopfError, HeuristicPlayer, Observer, SeenEvent, play_deal


def feeds(deals: int) -> list[tuple[Observer, tuple[SeenEvent, ...]]]:
    """For each seat of each deal: its observer before any event and the events it saw."""
    found: list[tuple[Observer, tuple[SeenEvent, ...]]] = []
    number = 0
    while len(found) < 4 * deals:
        players = [HeuristicPlayer(seed=4 * number + s) for s in range(4)]
        start = Deal.shuffled(seed=number)
        number += 1
        end = play_deal(start, players)
        for seat in range(4):
            observer = Observer.start(seat, start.view(seat).hand, dealer=start.dealer)
            history = end.view(seat).history
            try:
                followed = observer.apply_all(history).view == end.view(seat)
            except DoppelkopfError:  # the viewer's own wish won over a hidden one
                followed = False
            if followed:
                found.append((observer, history))
    return found


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args(argv)
    found = feeds(options.deals)
    events = sum(len(history) for _, history in found)

    def run() -> None:
        for start, history in found:
            observer = start
            for event in history:
                observer = observer.apply(event)
                observer.view  # noqa: B018 - a client reads its view after each event

    times = []
    for _ in range(options.repeat):
        started = time.process_time()
        run()
        times.append(time.process_time() - started)
    seconds = min(times)
    print(f"{len(found)} seat-deals, {events} events")
    print(f"events per second: {events / seconds:,.0f}")
    print(f"microseconds per event: {seconds / events * 1e6:.1f}")
    print(f"milliseconds per deal and seat: {seconds / len(found) * 1e3:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
