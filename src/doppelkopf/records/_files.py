"""Records as text and as files: parsed within limits, written atomically; and the schema."""

from __future__ import annotations

import contextlib
import errno
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
from ..errors import InvalidTypeError, InvalidValueError
from ..session import Session
from ._common import Entry, RecordError, RecordFileError, json_copy, show, snapshot
from ._reading import plain_parts, read_deal, read_session
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
    return read_deal(_parse(text))  # parsed JSON is plain: no copy to make


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
    return plain_parts(read_session(_parse(text)))


def load_any(data: object) -> Deal | tuple[int, tuple[Deal, ...]]:
    """Read a deal or a session record, as its ``"kind"`` says."""
    return _read_any(snapshot(data))


def _read_any(data: object) -> Deal | tuple[int, tuple[Deal, ...]]:
    """:func:`load_any` of plain data, as :func:`snapshot` or the JSON parser gives it."""
    if isinstance(data, dict) and data.get("kind") == "session":
        return plain_parts(read_session(data))
    if not isinstance(data, dict):
        Entry("record", ()).fail(f"must be a JSON object, not {show(data)}")
    return read_deal(data)


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
    given as a mapping is copied once to plain JSON values, and the copy is
    read back with the checks of :func:`load` and written, so a file written
    by ``save`` always loads.

    The text goes to a new file in the same folder, which is flushed to the
    disk and then renamed to ``path`` in one step: should anything fail, the
    file that was there is left as it was, and the new file is removed.  A
    file that is replaced keeps its permissions, and its owner and group where
    the process may set them.  A symbolic link is followed, so the file it
    points to is replaced and the link stays; another hard link to the
    replaced file keeps the old text (see :ref:`record-files`).  ``path``
    must name a regular file or nothing: a device, a named pipe, a socket or
    an open file named through ``/proc`` (``/dev/stdout``) is refused, since
    the rename would put a file in its place.

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
    >>> save("/dev/null", deal)
    Traceback (most recent call last):
    ...
    doppelkopf.records.RecordFileError: record: cannot save to "/dev/null": it is a character \
device, not a regular file, and saving would put a file in its place

    Raises:
        RecordError: a mapping that is not a valid record, a session that
            :func:`dump_session` refuses (one of paper results among them), or
            a text longer than 16 MiB.
        RecordFileError: ``path`` names something that is not a regular file
            (a :class:`RecordError` and an ``OSError``).
        InvalidTypeError: ``path`` is not a str or an ``os.PathLike``,
            ``record`` is none of the above, or ``indent`` is not an int (a
            ``TypeError``).
        InvalidValueError: ``path`` holds a NUL character, or a character
            the system's encoding of file names cannot write (a lone surrogate).
        OSError: the file cannot be written.
    """
    given = _path(path)
    if isinstance(record, Deal):
        data = dump_deal(record)
    elif isinstance(record, Mapping):
        data = _plain_record(record)
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
    _replace(_target(given), payload)


def _plain_record(record: Mapping[str, Any]) -> dict[str, Any]:
    """``record`` copied once to plain JSON values, and the copy checked as :func:`load` does.

    The copy is what is written, so a mapping that shows one thing to a check
    and another to a writer cannot slip past the check.  When ``record`` is no
    JSON value at all, the readers are asked first, so that the message names
    the bad entry as theirs do.
    """
    try:
        data: dict[str, Any] = json_copy(record, "record")
    except (InvalidTypeError, RecordError):
        load_any(record)
        raise
    if data.get("kind") == "session":
        read_session(data)  # every session, written deals and a start mid-way included
    else:
        _read_any(data)
    return data


def _path(path: object) -> str:
    """``path`` as a str: a str, or an ``os.PathLike`` that gives one, without a NUL."""
    return _checks.file_name(path)


_MAX_LINKS = 40  # the symbolic links followed in a row before the path counts as a loop

_KINDS = (
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISSOCK, "a socket"),
)


def _target(path: str) -> str:
    """The regular file that saving to ``path`` replaces or creates, symbolic links followed.

    A folder is an ``IsADirectoryError``; anything else that is not a regular
    file, and a path that leads through ``/proc`` (where ``/dev/stdout``
    leads: to whatever file the process has open), a :class:`RecordFileError`.
    """
    current = os.path.abspath(path)
    for _ in range(_MAX_LINKS):
        folder, name = os.path.split(current)
        folder = os.path.realpath(folder)
        current = os.path.join(folder, name)
        if folder == "/proc" or folder.startswith("/proc/"):
            raise RecordFileError(
                f"record: cannot save to {show(path)}: it leads through /proc to a file "
                "that is open, and saving would put another file in its place"
            )
        try:
            info = os.lstat(current)
        except FileNotFoundError:
            return current
        if stat.S_ISLNK(info.st_mode):
            current = os.path.join(folder, os.readlink(current))
        elif stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), path)
        elif stat.S_ISREG(info.st_mode):
            return current
        else:
            kind = next((kind for test, kind in _KINDS if test(info.st_mode)), "no regular file")
            raise RecordFileError(
                f"record: cannot save to {show(path)}: it is {kind}, not a regular file, "
                "and saving would put a file in its place"
            )
    raise OSError(errno.ELOOP, os.strerror(errno.ELOOP), path)


def _replace(target: str, payload: bytes) -> None:
    """Write ``payload`` to a new file beside ``target``, then rename it to ``target``.

    A file that is replaced keeps its mode, and its owner and group as far as
    the process may set them.
    """
    folder, name = os.path.split(target)
    try:
        info = os.stat(target)
    except FileNotFoundError:
        mode, owner = 0o666 & ~_umask(), None
    else:
        mode, owner = stat.S_IMODE(info.st_mode), (info.st_uid, info.st_gid)
    handle = tempfile.NamedTemporaryFile(  # noqa: SIM115 - closed below, kept on success
        mode="wb", dir=folder, prefix=f".{name}.", suffix=".tmp", delete=False
    )
    try:
        with handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        if owner is not None:
            _keep_owner(handle.name, *owner)
        os.chmod(handle.name, mode)
        os.replace(handle.name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(handle.name)
        raise


def _keep_owner(name: str, uid: int, gid: int) -> None:
    """Give the file ``name`` the owner and group ``uid`` and ``gid``, as far as permitted.

    Only a privileged process may give a file away; any process may give it a
    group it belongs to.  What is not permitted is left as the new file has it.
    """
    chown = getattr(os, "chown", None)
    info = os.stat(name)
    if chown is None or (info.st_uid, info.st_gid) == (uid, gid):
        return
    try:
        chown(name, uid, gid)
    except PermissionError:
        with contextlib.suppress(PermissionError):
            chown(name, -1, gid)


def _umask() -> int:
    """The process's file mode creation mask, which a new file's permissions keep to."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def load(path: str | PathLike[str]) -> Deal | tuple[int, tuple[Deal, ...]]:
    """Read the record in the file ``path``: a deal, or ``(first_dealer, deals)`` of a session.

    The record's ``"kind"`` decides which; see :func:`load_deal` and
    :func:`load_session` for the checks, and :func:`loads_deal` for how the
    text is read.  No more than 16 MiB are read from the file.  ``path`` is a
    str or an ``os.PathLike``; an int is not taken for a file descriptor.  An
    example is under :func:`save`.

    Raises:
        RecordError: the file is not UTF-8 JSON text within the limits, or
            not a valid record.
        InvalidTypeError: ``path`` is not a str or an ``os.PathLike`` (a
            ``TypeError``).
        InvalidValueError: ``path`` holds a NUL character, or a character
            the system's encoding of file names cannot write (a lone surrogate).
        OSError: the file cannot be read.
    """
    with open(_path(path), "rb") as file:
        content = file.read(MAX_BYTES + 1)
    if len(content) > MAX_BYTES:
        raise RecordError(
            f"record: the file is longer than {MAX_BYTES:,} bytes (16 MiB), the most that is read"
        )
    return _read_any(_parse(content))


def replays_session(text: str | bytes) -> Session:
    """The :class:`~doppelkopf.Session` of a session record in JSON text (:func:`replay_session`).

    The text is read as :func:`loads_deal` reads it.  Unlike
    :func:`loads_session` it reads every session: results written down without
    cards, players' names and a start mid-way included.

    >>> from doppelkopf import DealSummary, GameType, PartyResult, Session
    >>> from doppelkopf.records import dumps_session, replays_session
    >>> x01 = DealSummary(GameType.NORMAL, {0, 2}, PartyResult(151, 7), PartyResult(89, 5))
    >>> session = Session.new(3, names=["Anna", "Ben", "Cem", "Dora"]).add_result(x01)
    >>> replays_session(dumps_session(session)) == session
    True

    Raises:
        RecordError: the text is not JSON, exceeds a limit, or
            :func:`replay_session` rejects it.
        InvalidTypeError: ``text`` is neither str nor bytes (a ``TypeError``).
    """
    return read_session(_parse(text))


def replay_file(path: str | PathLike[str]) -> Session:
    """The :class:`~doppelkopf.Session` of the session record in the file ``path``.

    The file is read as :func:`load` reads it, and the record checked as
    :func:`replay_session` checks it.

    >>> import tempfile
    >>> from pathlib import Path
    >>> from doppelkopf import DealSummary, GameType, PartyResult, Session
    >>> from doppelkopf.records import replay_file, save
    >>> x01 = DealSummary(GameType.NORMAL, {0, 2}, PartyResult(151, 7), PartyResult(89, 5))
    >>> session = Session.new(1, names=["Anna", "Ben", "Cem", "Dora"]).add_result(x01)
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     save(Path(folder) / "evening.json", session)
    ...     replay_file(Path(folder) / "evening.json") == session
    True

    Raises:
        RecordError: the file is not UTF-8 JSON text within the limits, or
            not a valid session record.
        InvalidTypeError: ``path`` is not a str or an ``os.PathLike``.
        InvalidValueError: ``path`` holds a NUL character.
        OSError: the file cannot be read.
    """
    with open(_path(path), "rb") as file:
        content = file.read(MAX_BYTES + 1)
    if len(content) > MAX_BYTES:
        raise RecordError(
            f"record: the file is longer than {MAX_BYTES:,} bytes (16 MiB), the most that is read"
        )
    return read_session(_parse(content))


def save_text(path: str | PathLike[str], content: str) -> None:
    """Write ``content`` to the file ``path`` as UTF-8, replacing it whole or not at all.

    The file is replaced as :func:`save` replaces a record's: a new file in
    the same folder, flushed and renamed in one step, so a failure leaves the
    file that was there as it was.  Used for the CSV form of a score sheet.

    >>> import tempfile
    >>> from pathlib import Path
    >>> from doppelkopf import Session
    >>> from doppelkopf.records import save_text
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     save_text(Path(folder) / "sheet.csv", Session.new(0).to_csv())
    ...     (Path(folder) / "sheet.csv").read_text(encoding="utf-8")[:16]
    'deal,dealer,cont'

    Raises:
        RecordFileError: ``path`` names something that is not a regular file.
        InvalidTypeError: ``path`` is not a str or an ``os.PathLike``, or
            ``content`` is not a str.
        InvalidValueError: ``path`` holds a NUL character, or ``content`` a
            lone surrogate.
        RecordError: the text is longer than 16 MiB.
        OSError: the file cannot be written.
    """
    given = _path(path)
    if not isinstance(content, str):
        raise _checks.type_error(content, "content", "str")
    try:
        payload = content.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidValueError("content: the text cannot be written as UTF-8") from None
    if len(payload) > MAX_BYTES:
        raise RecordError(f"record: the file would be longer than {MAX_BYTES:,} bytes (16 MiB)")
    _replace(_target(given), payload)


def record_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of deal and session records, versions 1, 2 and 3.

    The schema ships in the package as ``record.schema.json``, written from
    the same declaration of a record's objects, keys and value types that the
    ``load`` functions check a record's structure against.  It describes the
    structure only; what it cannot express — legal play, recorded facts that
    agree with the replay — is checked by the ``load`` functions.

    >>> from doppelkopf.records import record_schema
    >>> schema = record_schema()
    >>> schema["$schema"], sorted(schema["$defs"])[:3]
    ('https://json-schema.org/draft/2020-12/schema', ['announceEvent', 'answerEvent', 'card'])
    """
    content = resources.files("doppelkopf").joinpath("record.schema.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(content)
    return schema
