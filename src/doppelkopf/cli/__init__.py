"""The ``doppelkopf`` command line (``python -m doppelkopf``).

Seven subcommands, each in a module of its own (``doppelkopf.cli.demo``,
``.play``, ``.arena``, ``.score``, ``.sheet``, ``.analyze``, ``.serve``) with a
function that takes the parsed arguments and returns an exit status;
:func:`main` parses the command line and dispatches:

- ``demo``: a session of 12 deals of four :class:`~doppelkopf.HeuristicPlayer`
  bots, narrated deal by deal, with the final score sheet;
- ``play``: a person at the terminal (a :class:`TerminalPlayer`) against three
  bots;
- ``arena``: many deals between bots (built-in or of one's own), with a table
  of results;
- ``score``: the score calculator for a deal played with real cards;
- ``sheet``: the score sheet of a session played with real cards;
- ``analyze``: which decisions of a recorded deal cost a seat how much
  (:mod:`doppelkopf.analysis`), as a table and an HTML report;
- ``serve``: the table server of :mod:`doppelkopf.server` (the ``server`` extra).

Exit status: 0 when the command did its job, 1 when a game was abandoned, a
session sheet was left unfinished, a bot of one's own failed or a file could
not be written, 2 for a usage error (an unknown option, a bad value, a file
that cannot be written or read, an impossible score summary).

>>> main(["score", "--game", "FLESHLESS", "--re", "2", "--re-points", "240",
...       "--re-tricks", "12"])
Fleshless solo: Re seat 2 against Kontra seats 0, 1, 3
  Re      240 card points, 12 tricks, nothing announced
  Kontra    0 card points,  0 tricks, nothing announced
Winner: Re
  line                  Re  Kontra  rule
  won                    1          §10.1
  Kontra under 90        1          §10.1
  Kontra under 60        1          §10.1
  Kontra under 30        1          §10.1
  Kontra took no trick   1          §10.1
  value for Re (VR)     +5          §10.5
Scores (§12): seat 0 -5, seat 1 -5, seat 2 +15, seat 3 -5
0
"""

from __future__ import annotations

import argparse
import codecs
import contextlib
import os
import sys
from collections.abc import Sequence
from typing import TextIO

from .. import __version__
from ..errors import InvalidSummaryError
from . import analyze, arena, demo, play, score, serve, sheet
from ._arena_run import SoloShyRandomPlayer as SoloShyRandomPlayer
from ._common import (
    EXIT_FAILURE,
    EXIT_INTERRUPTED,
    EXIT_USAGE,
    _CommandFailure,
    _Handler,
    _UsageError,
)
from .arena import ArenaResult as ArenaResult
from .arena import arena_table as arena_table
from .demo import describe_deal as describe_deal
from .play import GameAbandoned as GameAbandoned
from .play import TerminalPlayer as TerminalPlayer
from .play import play_narrated as play_narrated
from .score import summary_from_json as summary_from_json

__all__ = [
    "ArenaResult",
    "GameAbandoned",
    "SoloShyRandomPlayer",
    "TerminalPlayer",
    "build_parser",
    "describe_deal",
    "main",
    "play_narrated",
    "summary_from_json",
]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser: one subparser per subcommand, each carrying its handler."""
    parser = argparse.ArgumentParser(
        prog="doppelkopf",
        description="Doppelkopf as the DDV plays it.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(title="commands", dest="command", required=True)

    demo.add_parser(commands)
    play.add_parser(commands)
    arena.add_parser(commands)
    score.add_parser(commands)
    sheet.add_parser(commands)
    analyze.add_parser(commands)
    serve.add_parser(commands)
    return parser


# --- running a command ------------------------------------------------------------


def _can_encode(stream: TextIO, text: str) -> bool:
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        codecs.lookup(encoding)
        text.encode(encoding)
    except (LookupError, UnicodeEncodeError):
        return False
    return True


def _error(command: str, message: str) -> None:
    print(f"doppelkopf {command}: error: {message}", file=sys.stderr)


def _quiet_stdout() -> None:
    """After a closed pipe, point standard output at the null device so exiting is quiet."""
    with contextlib.suppress(AttributeError, OSError, ValueError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line and return its exit status.

    ``--help`` and ``--version`` return 0, arguments that do not parse return
    2 after argparse's message; no exception escapes for a user's mistake.

    Args:
        argv: the arguments after the program name; ``None`` reads
            :data:`sys.argv`.
    """
    parser = build_parser()
    try:
        args = parser.parse_args(sys.argv[1:] if argv is None else list(argv))
    except SystemExit as done:
        return done.code if isinstance(done.code, int) else EXIT_USAGE
    if not _can_encode(sys.stdout, "♣♠♥♦§"):
        # Output that cannot show the suit symbols still gets readable cards.
        if hasattr(args, "ascii"):
            args.ascii = True
        with contextlib.suppress(AttributeError, ValueError):
            sys.stdout.reconfigure(errors="replace")  # type: ignore[union-attr]
    handler: _Handler = args.handler
    try:
        return handler(args)
    except (_UsageError, InvalidSummaryError) as error:
        _error(args.command, str(error))
        return EXIT_USAGE
    except _CommandFailure as error:
        _error(args.command, str(error))
        return EXIT_FAILURE
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        _quiet_stdout()
        return EXIT_FAILURE
