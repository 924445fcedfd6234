"""``doppelkopf serve``: the reference table server on uvicorn (the ``server`` extra).

The tables live in an SQLite file (``--db``, default ``doppelkopf-tables.db``)
and are replayed when the server starts again; the page is at
``http://HOST:PORT/``.  The server listens on the loopback address unless
``--host`` says otherwise.
"""

from __future__ import annotations

import argparse
import sqlite3

from ._common import EXIT_OK, _CommandFailure, _UsageError


def _port(text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0-65535, not {text[:20]!r}")
    return int(text)


def _delay(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 10:
        raise argparse.ArgumentTypeError(f"a delay is 0-10 seconds, not {text[:20]!r}")
    return value


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``serve`` subcommand to ``commands``."""
    serve = commands.add_parser(
        "serve",
        help="run the table server: a browser page, a WebSocket protocol and bots",
        description=(
            "Run the reference table server on uvicorn: people play in the browser or "
            "through the WebSocket protocol, bots take the empty seats, and every action "
            "is stored in an SQLite file before it is acknowledged. Needs the server "
            "extra (pip install 'doppelkopf[server]')."
        ),
    )
    serve.add_argument("--host", default="127.0.0.1", help="address (default: 127.0.0.1)")
    serve.add_argument("--port", type=_port, default=8000, help="port (default: 8000)")
    serve.add_argument(
        "--db",
        default="doppelkopf-tables.db",
        metavar="FILE",
        help="the SQLite file of the tables (default: doppelkopf-tables.db)",
    )
    serve.add_argument(
        "--bot-delay",
        type=_delay,
        default=0.6,
        metavar="SECONDS",
        help="pause after each bot's action, so people see the cards arrive (default: 0.6)",
    )
    serve.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted."""
    try:
        import uvicorn

        from ..server import MAX_MESSAGE_BYTES
        from ..server.app import create_app
    except ImportError as missing:
        raise _UsageError(
            f"the server needs the server extra ({missing.name} is missing): "
            "pip install 'doppelkopf[server]'"
        ) from None
    try:
        app = create_app(db=args.db, bot_delay=args.bot_delay)
    except (OSError, sqlite3.Error) as error:
        raise _CommandFailure(f"cannot open {args.db[:80]}: {error}") from None
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        ws_max_size=MAX_MESSAGE_BYTES,
        log_level="warning",
    )
    return EXIT_OK
