"""Group commit: a server's appends written by one thread, many to one sync of the file.

A durable commit waits for the disk (``synchronous=FULL``): from a tenth of a
millisecond to several milliseconds a sync on the machines measured.  Done on
the event loop, that wait stops every table, so one process would serve no
more actions a second than its disk syncs.  :class:`GroupCommit` hands each
append to a writer thread and lets the event loop serve the other tables
meanwhile; the thread writes every append that arrived during the last sync
in one transaction (:meth:`Storage.append_batch
<doppelkopf.server.Storage.append_batch>`), one sync for all, and then wakes
each waiting table.  An entry is still acknowledged only after its commit, and
applied to the table in memory only then, on the event loop, whatever becomes
of the coroutine that waited for it.

>>> import asyncio
>>> from doppelkopf.server import SQLiteStorage
>>> store = SQLiteStorage(":memory:")
>>> store.create_table("t", {})
>>> commits = GroupCommit(store)
>>> async def two():
...     await asyncio.gather(commits.append("t", 0, [{"kind": "a"}], lambda: None),
...                          commits.append("t", 1, [{"kind": "b"}], lambda: None))
>>> asyncio.run(two())
>>> [entry["kind"] for entry in store.entries("t")]
['a', 'b']
>>> commits.close()
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable, Sequence
from typing import Any

from ._storage import Storage

__all__ = ["GroupCommit"]

_Pending = tuple[str, int, Sequence[dict[str, Any]], "asyncio.Future[None]", Callable[[], None]]


class GroupCommit:
    """One writer thread in front of ``storage``; see the module."""

    def __init__(self, storage: Storage) -> None:
        self._storage = storage
        self._pending: list[_Pending] = []
        self._wake = threading.Condition()
        self._thread: threading.Thread | None = None
        self._closed = False
        #: How many transactions and appends were written (for the benchmark's report).
        self.commits = 0
        self.appends = 0

    async def append(
        self,
        table: str,
        first_seq: int,
        entries: Sequence[dict[str, Any]],
        applied: Callable[[], None],
    ) -> None:
        """Store ``entries`` durably, then call ``applied`` on the event loop.

        ``applied`` runs once the commit is done, even when the caller is
        cancelled meanwhile, so the table in memory never falls behind its
        stored log.  A refusal of the storage (a taken sequence number, a
        full disk) is raised here and ``applied`` is not called.
        """
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        with self._wake:
            if self._closed:
                raise RuntimeError("the group commit is closed")
            self._pending.append((table, first_seq, entries, future, applied))
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="doppelkopf-commits", daemon=True
                )
                self._thread.start()
            self._wake.notify()
        await asyncio.shield(future)

    def close(self) -> None:
        """Write what is pending, then stop the thread."""
        with self._wake:
            self._closed = True
            self._wake.notify()
            thread = self._thread
        if thread is not None:
            thread.join()

    def _run(self) -> None:
        while True:
            with self._wake:
                while not self._pending and not self._closed:
                    self._wake.wait()
                if not self._pending:
                    return
                batch, self._pending = self._pending, []
            outcomes: list[BaseException | None]
            try:
                outcomes = list(
                    self._storage.append_batch(
                        [(name, seq, entries) for name, seq, entries, *_ in batch]
                    )
                )
            except BaseException as error:  # the disk's failure is every waiting table's
                outcomes = [error] * len(batch)
            self.commits += 1
            self.appends += len(batch)
            for (*_, future, applied), outcome in zip(batch, outcomes, strict=True):
                # A loop already closed has nobody left to wake.
                with contextlib.suppress(RuntimeError):
                    future.get_loop().call_soon_threadsafe(_settle, future, applied, outcome)


def _settle(
    future: asyncio.Future[None], applied: Callable[[], None], outcome: BaseException | None
) -> None:
    if outcome is None:
        try:
            applied()
        except BaseException as error:  # reported to the waiting table, not lost in the loop
            outcome = error
    if future.done():
        return
    if outcome is None:
        future.set_result(None)
    else:
        future.set_exception(outcome)
