"""Seconds to read records: a typical deal, a session of twelve deals, and the largest record.

Run from the repository root (after ``pip install .``, or with ``PYTHONPATH=src``)::

    python benchmarks/bench_records.py [--repeat R] [--seed S]

The typical records are those of seeded deals played to the end by the first
legal action, a deal record alone and a session of twelve such deals.  The
largest record is a deal record whose ``meta`` holds one array of zeros, as
many as make the compact text as long as the readers read (16 MiB): some 8
million values, the most any record can hold.  Each row gives the best of
``--repeat`` runs of

- ``loads``: :func:`~doppelkopf.records.loads_deal` (or ``loads_session``) of
  the text, parsing included;
- ``load_deal``: :func:`~doppelkopf.records.load_deal` of the parsed record, a
  ``dict`` given as Python values;
- ``json.loads``: the parser alone, for scale.

The last line gives the peak resident memory of the process, which the largest
record sets.
"""

from __future__ import annotations

import argparse
import functools
import json
import platform
import resource
import sys
import time
from collections.abc import Callable

from doppelkopf import Deal, Session, __version__
from doppelkopf._json import MAX_BYTES
from doppelkopf.records import (
    dump_deal,
    dumps_deal,
    dumps_session,
    load_deal,
    load_session,
    loads_deal,
    loads_session,
)


def _finished(deal: Deal) -> Deal:
    while not deal.is_finished:
        deal = deal.apply(deal.legal_actions[0])
    return deal


def _session(seed: int) -> Session:
    session = Session.new(first_dealer=0)
    for number in range(12):
        session = session.add(_finished(session.next_deal(seed=seed + number)))
    return session


def largest_text(seed: int) -> str:
    """A deal record's compact text with ``meta`` an array of zeros, 16 MiB long in all."""
    record = dump_deal(_finished(Deal.shuffled(seed=seed)), meta={"zeros": []})
    text = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
    room = MAX_BYTES - len(text.encode("utf-8"))
    zeros = (room + 1) // 2  # "0" and "," each; the first zero needs no comma
    text = text.replace('"zeros":[]', '"zeros":[' + ",".join("0" * zeros) + "]")
    assert len(text.encode("utf-8")) <= MAX_BYTES
    return text


def best(function: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    deal_text = dumps_deal(_finished(Deal.shuffled(seed=args.seed)))
    session_text = dumps_session(_session(args.seed))
    big_text = largest_text(args.seed)
    print(f"doppelkopf {__version__}, Python {platform.python_version()} on {sys.platform}")
    print(f"{'record':<34}{'size':>12}{'loads':>11}{'load_deal':>11}{'json.loads':>11}")
    rows = (
        ("typical deal", deal_text, loads_deal, load_deal, args.repeat * 20),
        ("session of 12 deals", session_text, loads_session, load_session, args.repeat * 2),
        ("largest deal (16 MiB, 8 M zeros)", big_text, loads_deal, load_deal, args.repeat),
    )
    for name, text, loads, load, repeat in rows:
        parsed = json.loads(text)
        from_text = best(functools.partial(loads, text), repeat)
        from_values = best(functools.partial(load, parsed), repeat)
        parser_alone = best(functools.partial(json.loads, text), repeat)
        size = len(text.encode("utf-8"))
        print(
            f"{name:<34}{size:>12,}{from_text * 1000:>9.2f}ms{from_values * 1000:>9.2f}ms"
            f"{parser_alone * 1000:>9.2f}ms"
        )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    scale = 1 if sys.platform == "darwin" else 1024  # bytes on macOS, KiB elsewhere
    print(f"peak resident memory: {peak * scale / 2**20:,.0f} MiB")


if __name__ == "__main__":
    main()
