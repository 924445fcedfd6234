"""Records as text and as files: parsed within limits, written atomically; and the schema."""

from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
from collections.abc import Mapping
from importlib import resources
from os import PathLike
from typing import Any

from .. import _checks
from .._json import MAX_BYTES, parse_json
from ..deal import Deal
from ._common import Entry, RecordError, json_copy, show
from ._reading import load_deal, load_session
from ._writing import SessionLike, dump_deal, dump_session, text


def _record_error(message: str) -> RecordError:
    return RecordError(f"record: {message}")


def _parse(text: str | bytes) -> Any:
    return parse_json(text, error=_record_error, what="the text")


def loads_deal(text: str | bytes) -> Deal:
    """Read a deal record from JSON text (see :func:`load_deal`).

    ``text`` is a str or UTF-8 bytes.  It is read strictly and within limits
    (see :ref:`record-limits`): at most 16 MiB, nested at most 64 deep, no
    key twice in one object, no ``NaN`` or ``Infinity``, no integer of more
    than 20 digits, no lone surrogate in a string.

    >>> from doppelkopf import Deal
    >>> from doppelkopf.records import dumps_deal, loads_deal
    >>> deal = Deal.shuffled(seed=4)
    >>> loads_deal(dumps_deal(deal)) == deal
    True
    >>> loads_deal('{"format": "doppelkopf-record", ')
    Traceback (most recent call last):
    ...
    doppelkopf.records.RecordError: record: the text is not JSON: Expecting property name \
enclosed in double quotes: line 1 column 33 (char 32)

    Raises:
        RecordError: the text is not JSON, exceeds a limit, or
            :func:`load_deal` rejects it.
        InvalidTypeError: ``text`` is neither str nor bytes (a ``TypeError``).
    """
    return load_deal(_parse(text))


def loads_session(text: str | bytes) -> tuple[int, tuple[Deal, ...]]:
    """Read a session record from JSON text (see :func:`load_session`).

    The text is read as :func:`loads_deal` reads it.

    >>> from doppelkopf.records import dumps_session, loads_session
    >>> loads_session(dumps_session(3, []))
    (3, ())

    Raises:
        RecordError: the text is not JSON, exceeds a limit, or
            :func:`load_session` rejects it.
        InvalidTypeError: ``text`` is neither str nor bytes (a ``TypeError``).
    """
    return load_session(_parse(text))


def load_any(data: object) -> Deal | tuple[int, tuple[Deal, ...]]:
    """Read a deal or a session record, as its ``"kind"`` says."""
    if isinstance(data, Mapping) and data.get("kind") == "session":
        return load_session(data)
    if not isinstance(data, Mapping):
        Entry("record", ()).fail(f"must be a JSON object, not {show(data)}")
    return load_deal(data)


def save(
    path: str | PathLike[str],
    record: Deal | SessionLike | Mapping[str, Any],
    *,
    indent: int | None = 2,
) -> None:
    """Write a record to the file ``path`` as UTF-8 JSON text, replacing it whole or not at all.

    ``record`` is a :class:`~doppelkopf.Deal`, written as :func:`dump_deal`
    writes it; a session — any object with ``first_dealer`` and ``deals`` —
    written as :func:`dump_session` writes it; or a record already made by
    :func:`dump_deal` or :func:`dump_session` (to keep its ``meta``).  A record
    given as a mapping is read back with the checks of :func:`load` before
    anything is written, so a file written by ``save`` always loads.

    The text goes to a new file in the same folder, which is flushed to the
    disk and then renamed to ``path`` in one step: should anything fail, the
    file that was there is left as it was, and the new file is removed.  A
    file that is replaced keeps its permissions.

    >>> import tempfile
    >>> from pathlib import Path
    >>> from doppelkopf import Deal
    >>> from doppelkopf.records import load, save
    >>> deal = Deal.shuffled(seed=4)
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder) / "deal.json"
    ...     save(path, deal)
    ...     load(path) == deal
    True

    Raises:
        RecordError: a mapping that is not a valid record, a session that
            :func:`dump_session` refuses (one of paper results among them), or
            a text longer than 16 MiB.
        InvalidTypeError: ``record`` is none of the above, or ``indent`` is not
            an int (a ``TypeError``).
        OSError: the file cannot be written.
    """
    if isinstance(record, Deal):
        data = dump_deal(record)
    elif isinstance(record, Mapping):
        load_any(record)
        data = json_copy(record, "record")
    elif hasattr(record, "first_dealer") and hasattr(record, "deals"):
        data = dump_session(record)
    else:
        raise _checks.type_error(record, "record", "Deal, session or record")
    payload = (text(data, indent) + "\n").encode("utf-8")
    if len(payload) > MAX_BYTES:
        raise RecordError(
            f"record: the file would be {len(payload):,} bytes long, and records are read up "
            f"to {MAX_BYTES:,} (16 MiB); keep less in 'meta'"
        )
    _replace(os.path.realpath(path), payload)


def _replace(target: str, payload: bytes) -> None:
    """Write ``payload`` to a new file beside ``target``, then rename it to ``target``."""
    folder, name = os.path.split(target)
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    handle = tempfile.NamedTemporaryFile(  # noqa: SIM115 - closed below, kept on success
        mode="wb", dir=folder, prefix=f".{name}.", suffix=".tmp", delete=False
    )
    try:
        with handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(handle.name, mode)
        os.replace(handle.name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(handle.name)
        raise


def _umask() -> int:
    """The process's file mode creation mask, which a new file's permissions keep to."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def load(path: str | PathLike[str]) -> Deal | tuple[int, tuple[Deal, ...]]:
    """Read the record in the file ``path``: a deal, or ``(first_dealer, deals)`` of a session.

    The record's ``"kind"`` decides which; see :func:`load_deal` and
    :func:`load_session` for the checks, and :func:`loads_deal` for how the
    text is read.  No more than 16 MiB are read from the file.  An example is
    under :func:`save`.

    Raises:
        RecordError: the file is not UTF-8 JSON text within the limits, or
            not a valid record.
        OSError: the file cannot be read.
    """
    with open(path, "rb") as file:
        content = file.read(MAX_BYTES + 1)
    if len(content) > MAX_BYTES:
        raise RecordError(
            f"record: the file is longer than {MAX_BYTES:,} bytes (16 MiB), the most that is read"
        )
    return load_any(_parse(content))


def record_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of deal and session records, versions 1 and 2.

    The schema ships in the package as ``record.schema.json``.  It describes
    the structure only; what it cannot express — legal play, recorded facts
    that agree with the replay — is checked by the ``load`` functions.

    >>> from doppelkopf.records import record_schema
    >>> schema = record_schema()
    >>> schema["$schema"], sorted(schema["$defs"])[:3]
    ('https://json-schema.org/draft/2020-12/schema', ['announceEvent', 'answerEvent', 'card'])
    """
    content = resources.files("doppelkopf").joinpath("record.schema.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(content)
    return schema
