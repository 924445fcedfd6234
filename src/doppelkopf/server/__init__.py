"""A live table over WebSockets: a reference server, its protocol and its storage.

- :class:`Table`: the protocol core without I/O, a :class:`~doppelkopf.Session`
  and its deal, seats with their tokens, JSON messages in and out;
- :class:`Storage` and :class:`SQLiteStorage`: every accepted entry stored
  before it is acknowledged, tables rebuilt by replaying them;
- :mod:`doppelkopf.server.app`: the Starlette application (the ``server``
  extra) that ``doppelkopf serve`` runs on uvicorn.

See :doc:`/server` for the messages, their limits and a bot client.
"""

from ._storage import SQLiteStorage as SQLiteStorage
from ._storage import Storage as Storage
from ._storage import StorageConflictError as StorageConflictError
from ._storage import StorageFileError as StorageFileError
from ._table import BOT_KINDS as BOT_KINDS
from ._table import MAX_MESSAGE_BYTES as MAX_MESSAGE_BYTES
from ._table import MAX_NAME as MAX_NAME
from ._table import ProtocolError as ProtocolError
from ._table import RateLimit as RateLimit
from ._table import Reply as Reply
from ._table import Table as Table
from ._table import error_message as error_message
from ._table import read_create as read_create

__all__ = [
    "BOT_KINDS",
    "MAX_MESSAGE_BYTES",
    "MAX_NAME",
    "ProtocolError",
    "RateLimit",
    "Reply",
    "SQLiteStorage",
    "Storage",
    "StorageConflictError",
    "StorageFileError",
    "Table",
    "error_message",
    "read_create",
]

for _public in (
    ProtocolError,
    RateLimit,
    Reply,
    SQLiteStorage,
    Storage,
    StorageConflictError,
    StorageFileError,
    Table,
):
    _public.__module__ = __name__
del _public
