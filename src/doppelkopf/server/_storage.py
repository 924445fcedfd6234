"""Where a live table keeps what happened: a storage protocol and its SQLite form.

A table is its configuration (rules, seed, table seats) and the list of its
accepted entries, each with a per-table sequence number starting at 0.  A
table is rebuilt by replaying the entries in order, so the storage holds
nothing else the table needs.  :meth:`Storage.append` writes a batch of
entries in one transaction and refuses a sequence number already written:
an entry can be neither lost (it is stored before the table acknowledges
it) nor applied twice (the unique key).

>>> store = SQLiteStorage(":memory:")
>>> store.create_table("t1", {"rules": {}, "seed": "s"})
>>> store.append("t1", 0, [{"kind": "sit", "seat": 0}])
>>> store.entries("t1")
[{'kind': 'sit', 'seat': 0}]
>>> store.append("t1", 0, [{"kind": "sit", "seat": 1}])
Traceback (most recent call last):
...
doppelkopf.server.StorageConflictError: table 't1' already holds entry 0: ...
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Sequence
from typing import Any, Protocol

from .._checks import excerpt
from ..errors import DoppelkopfError, InvalidValueError

__all__ = ["SQLiteStorage", "Storage", "StorageConflictError"]


class StorageConflictError(DoppelkopfError, ValueError):
    """An entry's sequence number is taken, or a table's name is: nothing was written."""


class StorageFileError(DoppelkopfError, OSError):
    """The storage's file cannot be opened as a database: no such folder, a name too
    long, no permission, or a file that is no SQLite database.  Nothing was written.
    """


class Storage(Protocol):
    """What a server needs of its storage; :class:`SQLiteStorage` is the shipped one.

    Another store (PostgreSQL, say) fits behind the same four calls as long as
    :meth:`append` is one transaction with a unique ``(table, seq)`` key.
    """

    def create_table(self, table: str, config: dict[str, Any]) -> None:
        """Store a new table's configuration; a name already taken is refused."""
        ...

    def append(self, table: str, first_seq: int, entries: Sequence[dict[str, Any]]) -> None:
        """Store ``entries`` numbered from ``first_seq`` in one transaction, or nothing."""
        ...

    def append_batch(
        self, batches: Sequence[tuple[str, int, Sequence[dict[str, Any]]]]
    ) -> list[StorageConflictError | None]:
        """Store several :meth:`append` calls' ``(table, first_seq, entries)`` at once.

        Each batch is stored whole or not at all, independently of the others
        (its place in the answer holds its refusal, else ``None``), and one
        durable commit covers them all: the server's group commit.
        """
        ...

    def tables(self) -> list[tuple[str, dict[str, Any]]]:
        """Every stored table with its configuration, in the order of creation."""
        ...

    def entries(self, table: str) -> list[dict[str, Any]]:
        """The stored entries of ``table`` in sequence order."""
        ...


_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    config TEXT NOT NULL,
    created INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seq INTEGER NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (table_id, seq)
);
"""


def _encodable(path: str) -> bool:
    try:
        path.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _rows(
    table: str, first_seq: int, entries: Sequence[dict[str, Any]]
) -> list[tuple[str, int, str]]:
    return [
        (table, first_seq + offset, json.dumps(entry, separators=(",", ":"), sort_keys=True))
        for offset, entry in enumerate(entries)
    ]


class SQLiteStorage:
    """The storage in one SQLite file (``":memory:"`` for a test), write-ahead logged.

    Three tables: ``tables`` (each table's rules, seed and size as JSON),
    ``seats`` (who sits where, kept with the entry that seated them) and
    ``actions`` (every accepted entry, unique per table and sequence
    number).  Each :meth:`append` commits with ``synchronous=FULL``, so an
    acknowledged entry survives the process being killed.
    """

    def __init__(self, path: str) -> None:
        """Open (or create) the database at ``path``.

        Raises:
            InvalidTypeError: ``path`` is no ``str``.
            InvalidValueError: ``path`` holds a NUL or a lone surrogate.
            StorageFileError: the file cannot be opened or is no SQLite database.
        """
        if type(path) is not str:
            from .._checks import type_error

            raise type_error(path, "path", "str")
        if "\x00" in path or not _encodable(path):
            raise InvalidValueError(f"cannot open the file {excerpt(path)}: not a file name")
        self._lock = threading.Lock()
        try:
            self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as error:
            raise StorageFileError(f"cannot open the file {excerpt(path)}: {error}") from None
        try:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.executescript(_SCHEMA)
            counter = self._db.execute("SELECT COALESCE(MAX(created), -1) FROM tables").fetchone()
        except sqlite3.Error as error:
            self._db.close()
            raise StorageFileError(
                f"cannot use the file {excerpt(path)} as the tables' database: {error}"
            ) from None
        self._created = int(counter[0]) + 1

    def close(self) -> None:
        """Close the file; the storage is unusable afterwards."""
        with self._lock:
            self._db.close()

    def create_table(self, table: str, config: dict[str, Any]) -> None:
        """Store a new table's configuration (see :meth:`Storage.create_table`)."""
        body = json.dumps(config, separators=(",", ":"), sort_keys=True)
        with self._lock:
            try:
                self._db.execute(
                    "INSERT INTO tables (id, config, created) VALUES (?, ?, ?)",
                    (table, body, self._created),
                )
            except sqlite3.IntegrityError:
                raise StorageConflictError(f"a table {excerpt(table)} exists already") from None
            self._created += 1

    def append(self, table: str, first_seq: int, entries: Sequence[dict[str, Any]]) -> None:
        """Store ``entries`` in one transaction (see :meth:`Storage.append`)."""
        (refusal,) = self.append_batch([(table, first_seq, entries)])
        if refusal is not None:
            raise refusal

    def append_batch(
        self, batches: Sequence[tuple[str, int, Sequence[dict[str, Any]]]]
    ) -> list[StorageConflictError | None]:
        """Store each batch whole or not at all, one commit for all (see
        :meth:`Storage.append_batch`).

        Each batch is written inside a savepoint of one transaction, so a
        batch refused for a taken sequence number is undone alone; the
        transaction is then committed once, one sync of the file for every
        batch.

        >>> store = SQLiteStorage(":memory:")
        >>> store.create_table("t", {})
        >>> store.append_batch([("t", 0, [{"kind": "a"}]), ("t", 0, [{"kind": "b"}]),
        ...                     ("t", 1, [{"kind": "c"}])])[1] is not None
        True
        >>> [entry["kind"] for entry in store.entries("t")]
        ['a', 'c']
        """
        prepared = [
            (table, first_seq, entries, _rows(table, first_seq, entries))
            for table, first_seq, entries in batches
        ]
        refusals: list[StorageConflictError | None] = []
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                for table, first_seq, entries, rows in prepared:
                    self._db.execute("SAVEPOINT batch")
                    try:
                        self._write(table, entries, rows)
                    except sqlite3.IntegrityError:
                        self._db.execute("ROLLBACK TO batch")
                        refusals.append(
                            StorageConflictError(
                                f"table {excerpt(table)} already holds entry {first_seq}: "
                                "an entry is never written twice"
                            )
                        )
                    else:
                        refusals.append(None)
                    self._db.execute("RELEASE batch")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
        return refusals

    def _write(
        self, table: str, entries: Sequence[dict[str, Any]], rows: list[tuple[str, int, str]]
    ) -> None:
        self._db.executemany("INSERT INTO actions (table_id, seq, body) VALUES (?, ?, ?)", rows)
        for entry in entries:
            if entry.get("kind") in {"sit", "bot"}:
                self._db.execute(
                    "INSERT OR REPLACE INTO seats (table_id, seat, kind, name) VALUES (?, ?, ?, ?)",
                    (
                        table,
                        entry["seat"],
                        "human" if entry["kind"] == "sit" else "bot",
                        entry.get("name", ""),
                    ),
                )

    def tables(self) -> list[tuple[str, dict[str, Any]]]:
        """Every stored table (see :meth:`Storage.tables`)."""
        with self._lock:
            rows = self._db.execute("SELECT id, config FROM tables ORDER BY created").fetchall()
        return [(str(name), json.loads(config)) for name, config in rows]

    def entries(self, table: str) -> list[dict[str, Any]]:
        """The entries of ``table`` in order (see :meth:`Storage.entries`)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT seq, body FROM actions WHERE table_id = ? ORDER BY seq", (table,)
            ).fetchall()
        for expected, (seq, _) in enumerate(rows):
            if seq != expected:
                raise StorageConflictError(
                    f"table {excerpt(table)} misses entry {expected}: the stored log has a gap"
                )
        return [json.loads(body) for _, body in rows]
