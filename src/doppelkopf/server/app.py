"""The reference server: a Starlette application around :class:`~doppelkopf.server.Table`.

Routes:

- ``GET /`` and ``GET /t/{table}``: the browser page (plain HTML, CSS and JS);
- ``POST /tables``: create a table from a ``create`` message, answer its name;
- ``GET /cards.json``: every card's SVG picture (:func:`doppelkopf.svg.card`);
- ``WebSocket /ws/{table}``: the table protocol, one JSON message per frame.

Every entry a message or a bot makes is stored (:class:`~doppelkopf.server.Storage`)
before it is applied and acknowledged; on start every stored table is
replayed.  Needs the ``server`` extra (Starlette; uvicorn to run it).

>>> app = create_app()
>>> sorted(route.path for route in app.routes)
['/', '/cards.json', '/static', '/t/{table}', '/tables', '/ws/{table}']
"""

from __future__ import annotations

import asyncio
import gc
import json
import secrets
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..cards import Card
from ..errors import DoppelkopfError
from ..wire._common import parse_text
from ._commits import GroupCommit
from ._storage import SQLiteStorage, Storage
from ._table import (
    MAX_MESSAGE_BYTES,
    ProtocolError,
    RateLimit,
    Reply,
    Table,
    error_message,
    read_create,
)

__all__ = [
    "FREEZE_EVERY",
    "MAX_TABLES",
    "RATE",
    "RATE_BURST",
    "TableServer",
    "create_app",
    "freeze_often",
]

#: The clock of the rate limit, in seconds; one name, so a test can hold it still.
_clock = time.monotonic

#: Tables one process holds at most; a ``create`` beyond is refused.
MAX_TABLES = 1000
#: Messages a connection may send a second on average, and at once.
RATE = 20.0
RATE_BURST = 40.0
#: Refusals in a row after which a connection is closed (code 1008).
MAX_REFUSALS = 20
#: Connections one table holds at most (seats and onlookers).
MAX_CONNECTIONS = 32
#: Seconds between two freezes of the objects the process holds (see :func:`freeze_often`).
FREEZE_EVERY = 30.0


def _static(name: str) -> str:
    return resources.files("doppelkopf.server").joinpath("static", name).read_text("utf-8")


class _Connection:
    __slots__ = ("limit", "refusals", "seat", "socket")

    def __init__(self, socket: WebSocket) -> None:
        self.socket = socket
        self.seat: int | None = None
        self.limit = RateLimit(RATE, RATE_BURST)
        self.refusals = 0


class TableServer:
    """The tables of one process: their locks, connections, bots and storage."""

    def __init__(self, storage: Storage, *, bot_delay: float = 0.0) -> None:
        self.storage = storage
        self.commits = GroupCommit(storage)
        self.bot_delay = bot_delay
        self.tables: dict[str, Table] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.connections: dict[str, set[_Connection]] = {}
        self.bot_tasks: dict[str, asyncio.Task[None]] = {}
        for name, config in storage.tables():
            self._add(Table.replay(name, config, storage.entries(name)))

    def _add(self, table: Table) -> None:
        self.tables[table.name] = table
        self.locks[table.name] = asyncio.Lock()
        self.connections[table.name] = set()

    # --- tables -------------------------------------------------------------------

    async def create(self, message: object) -> Table:
        """A new table from a ``create`` message, stored with its bots seated."""
        config = read_create(message)
        if len(self.tables) >= MAX_TABLES:
            raise ProtocolError(
                f"this server holds {MAX_TABLES} tables, its most", rule="server protocol: limits"
            )
        name = secrets.token_urlsafe(8)
        table = Table(name, config)
        entries = table.initial_entries()
        self.storage.create_table(name, config)
        await self._commit(table, tuple(entries))
        self._add(table)
        self.kick(name)
        return table

    async def _commit(self, table: Table, entries: tuple[dict[str, Any], ...]) -> None:
        """Store ``entries`` (group commit), then apply them to ``table``."""
        if entries:

            def applied() -> None:
                for entry in entries:
                    table.apply(entry)

            await self.commits.append(table.name, table.seq, entries, applied)

    async def broadcast(self, table: Table) -> None:
        """Send each connection at ``table`` its own seat's state."""
        texts: dict[int | None, str] = {}
        for connection in list(self.connections[table.name]):
            text = texts.get(connection.seat)
            if text is None:
                text = texts[connection.seat] = table.state_text(connection.seat)
            await _send_text(connection.socket, text)

    # --- bots ---------------------------------------------------------------------

    def kick(self, name: str) -> None:
        """Let the bots at table ``name`` act until none has anything to do."""
        if not self.tables[name].bots_due:
            return
        task = self.bot_tasks.get(name)
        if task is None or task.done():
            self.bot_tasks[name] = asyncio.get_running_loop().create_task(self._bots(name))

    async def _bots(self, name: str) -> None:
        table = self.tables[name]
        while True:
            async with self.locks[name]:
                if not table.bots_due:
                    return
                entry = await asyncio.to_thread(table.bot_entry)
                if entry is None:
                    return
                await self._commit(table, (entry,))
                await self.broadcast(table)
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)

    async def close(self) -> None:
        """Stop the bots' tasks (their entries so far are stored)."""
        for task in self.bot_tasks.values():
            task.cancel()
        for task in self.bot_tasks.values():
            with suppress(asyncio.CancelledError):
                await task
        self.commits.close()

    # --- a connection -------------------------------------------------------------

    async def serve(self, socket: WebSocket, name: str) -> None:
        """Run the protocol on one WebSocket until it closes."""
        await socket.accept()
        table = self.tables.get(name)
        if table is None or len(self.connections[name]) >= MAX_CONNECTIONS:
            refusal = ProtocolError(
                "no table of that name is open here"
                if table is None
                else f"table {name} holds {MAX_CONNECTIONS} connections, its most",
                rule="server protocol: tables",
            )
            await _send(socket, error_message(refusal))
            await socket.close(code=4404 if table is None else 1013)
            return
        connection = _Connection(socket)
        self.connections[name].add(connection)
        try:
            async with self.locks[name]:
                await _send_text(socket, table.state_text(None))
            while True:
                frame = await socket.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                text = frame.get("text")
                raw = text if text is not None else frame.get("bytes") or b""
                if not await self._one(table, connection, raw):
                    await socket.close(code=1008)
                    break
        except WebSocketDisconnect:
            pass
        finally:
            self.connections[name].discard(connection)

    async def _one(self, table: Table, connection: _Connection, raw: str | bytes) -> bool:
        """Handle one frame; ``False`` when the connection has been refused too often."""
        size = len(raw.encode("utf-8", "replace")) if isinstance(raw, str) else len(raw)
        try:
            if not connection.limit.allow(_clock()):
                raise ProtocolError(
                    f"more than {RATE:g} messages a second (bursts of {RATE_BURST:g})",
                    rule="server protocol: limits",
                )
            if size > MAX_MESSAGE_BYTES:
                raise ProtocolError(
                    f"a message is at most {MAX_MESSAGE_BYTES:,} bytes, not {size:,}",
                    rule="server protocol: limits",
                )
            message = parse_text(raw, "the message", MAX_MESSAGE_BYTES)
        except DoppelkopfError as error:
            connection.refusals += 1
            await _send(connection.socket, error_message(error))
            return connection.refusals < MAX_REFUSALS
        async with self.locks[table.name]:
            reply = table.handle(message, connection.seat)
            try:
                await self._commit(table, reply.entries)
            except DoppelkopfError as error:  # the storage refused: nothing was applied
                request = message.get("type") if type(message) is dict else None
                reply = Reply(messages=(error_message(error, request),), seat=connection.seat)
            connection.seat = reply.seat
            for answer in reply.messages:
                await _send(connection.socket, answer)
            refused = any(answer["type"] == "error" for answer in reply.messages)
            connection.refusals = connection.refusals + 1 if refused else 0
            if reply.changed:
                await self.broadcast(table)
        if reply.changed:
            self.kick(table.name)
        return connection.refusals < MAX_REFUSALS


async def _send(socket: WebSocket, message: dict[str, Any]) -> None:
    await _send_text(socket, json.dumps(message, ensure_ascii=False, separators=(",", ":")))


async def _send_text(socket: WebSocket, text: str) -> None:
    # When the other end is gone, its connection ends with its next receive.
    with suppress(RuntimeError, OSError, WebSocketDisconnect):
        await socket.send_text(text)


async def freeze_often(every: float = FREEZE_EVERY) -> None:
    """Every ``every`` seconds, exempt the objects alive from the cycle collector.

    A server's tables are long-lived values (deals, sessions, their
    histories), hundreds of thousands of objects for 500 tables; CPython's
    collector of reference cycles scans them all at each full collection,
    which stopped every table for up to 378 ms in a 10-minute load run
    (``benchmarks/bench_server.py``).  :func:`gc.freeze` moves the objects
    alive into a generation the collector never scans, so a collection only
    looks at what was made since.  Objects are still freed as soon as nothing
    refers to them; only a cycle that was alive at a freeze and became
    garbage later is kept (the load run made about 200 such objects in ten
    minutes).
    """
    while True:
        await asyncio.sleep(every)
        gc.freeze()


def _cards_json() -> dict[str, str]:
    from .. import svg
    from ..cards import Rank, Suit

    return {
        card.ascii: svg.card(card) for card in (Card(suit, rank) for suit in Suit for rank in Rank)
    }


def create_app(
    storage: Storage | None = None, *, db: str = ":memory:", bot_delay: float = 0.0
) -> Starlette:
    """The application on ``storage`` (default: a :class:`SQLiteStorage` at ``db``).

    ``bot_delay`` is the pause in seconds after each bot's action, so a
    person sees the cards arrive one by one.
    """
    store: Storage = storage if storage is not None else SQLiteStorage(db)
    server = TableServer(store, bot_delay=bot_delay)
    page = _static("index.html")
    cards = json.dumps(_cards_json(), separators=(",", ":"))

    async def index(request: Request) -> Response:
        return HTMLResponse(page)

    async def create(request: Request) -> Response:
        body = await request.body()
        try:
            if len(body) > MAX_MESSAGE_BYTES:
                raise ProtocolError(
                    f"a message is at most {MAX_MESSAGE_BYTES:,} bytes, not {len(body):,}",
                    rule="server protocol: limits",
                )
            table = await server.create(parse_text(body, "the message", MAX_MESSAGE_BYTES))
        except DoppelkopfError as error:
            return JSONResponse(error_message(error, "create"), status_code=400)
        answer = {
            "type": "created",
            "table": table.name,
            "page": f"/t/{table.name}",
            "ws": f"/ws/{table.name}",
        }
        return JSONResponse(answer, status_code=201)

    async def card_pictures(request: Request) -> Response:
        return Response(cards, media_type="application/json")

    async def socket(websocket: WebSocket) -> None:
        await server.serve(websocket, websocket.path_params["table"])

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        for name in server.tables:
            server.kick(name)
        gc.collect()
        gc.freeze()  # the replayed tables, before the first message
        freezer = asyncio.get_running_loop().create_task(freeze_often())
        yield
        freezer.cancel()
        with suppress(asyncio.CancelledError):
            await freezer
        await server.close()

    static = str(resources.files("doppelkopf.server").joinpath("static"))
    app = Starlette(
        routes=[
            Route("/", index),
            Route("/t/{table}", index),
            Route("/tables", create, methods=["POST"]),
            Route("/cards.json", card_pictures),
            WebSocketRoute("/ws/{table}", socket),
            Mount("/static", StaticFiles(directory=static), name="static"),
        ],
        lifespan=lifespan,
    )
    app.state.server = server
    return app
