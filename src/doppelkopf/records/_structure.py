"""The structure of a record: its keys and the JSON types and ranges of their values.

The readers check each object of a record with these functions as they come
to it, in the order of the record, before the replay uses its values: the
keys (none missing, none unknown) and each value's JSON type and range, as
the layout of :mod:`._layout` declares them — the layout the shipped JSON
Schema is written from.  Ranges that depend on the rules a record states
are given by the readers.  A message names the entry and the key; ``path``
locates it in the document.
"""

from __future__ import annotations

import contextlib
from collections.abc import Collection, Mapping, Sequence
from typing import Any, Final, NoReturn

from ..cards import Card
from ..errors import InvalidNotationError, InvalidRulesError
from ..rules import Rules
from ._common import (
    CARDS,
    INTEGER_BOUND,
    MAX_DIGITS,
    RECORD_FORMAT,
    RULES_KEY,
    TWO_STEP_VERSION,
    VERSIONS,
    Entry,
    RecordError,
    json_copy,
    show,
)
from ._layout import obj
from ._nodes import Array, Object, Ref


def _object(
    value: object, entry: Entry, required: Collection[str], optional: Collection[str] = ()
) -> Mapping[str, object]:
    if not isinstance(value, Mapping):
        entry.fail(f"must be a JSON object, not {show(value)}")
    for key in value:
        if key not in required and key not in optional:
            entry.fail(f"unknown key {show(key)}", key=key if isinstance(key, str) else None)
    for key in required:
        if key not in value:
            entry.fail(f"missing key {key!r}")
    return value


def _fields(value: object, entry: Entry, *layouts: Object) -> Mapping[str, object]:
    """``value`` checked to be an object with the keys of ``layouts``: every required one,
    and no key that none of them declares."""
    if len(layouts) == 1:
        return _object(value, entry, layouts[0].required, layouts[0].optional)
    required = [key for layout in layouts for key in layout.required]
    optional = [key for layout in layouts for key in layout.optional]
    return _object(value, entry, required, optional)


def _read(data: Mapping[str, object], key: str, entry: Entry, layout: Object) -> Any:
    """The value of ``key`` in ``data``, checked to be what ``layout`` declares for it."""
    node = layout.field(key)
    value = data[key]
    if not node.accepts(value):
        entry.fail(f"{key!r} must be {node.what}, not {show(value)}", key=key)
    return value


def _array(data: Mapping[str, object], key: str, entry: Entry, layout: Object) -> Sequence[object]:
    """The array of ``key`` in ``data``, of as many entries as ``layout`` declares for it."""
    node = layout.field(key)
    if isinstance(node, Ref):
        node = node.target
    assert isinstance(node, Array)
    return _list(data, key, entry, low=node.low, high=node.high)


def _list(
    data: Mapping[str, object], key: str, entry: Entry, *, low: int = 0, high: int | None = None
) -> Sequence[object]:
    value = data[key]
    if not isinstance(value, list | tuple):
        entry.fail(f"{key!r} must be a JSON array, not {show(value)}", key=key)
    if len(value) < low or (high is not None and len(value) > high):
        size = f"{low}" if low == high else f"{low}-{high}" if high is not None else f"{low}+"
        entry.fail(f"{key!r} must hold {size} entries, not {len(value)}", key=key)
    return value


def _int(
    data: Mapping[str, object],
    key: str,
    entry: Entry,
    *,
    low: int | None = None,
    high: int | None = None,
    what: str = "an integer",
    nullable: bool = False,
) -> int:
    """An integer whose range depends on the rules (the cut, V§1.2; a table seat, V§10)."""
    value = data[key]
    if (
        type(value) is not int
        or (low is not None and value < low)
        or (high is not None and value > high)
    ):
        null = " or null" if nullable else ""
        entry.fail(f"{key!r} must be {what}{null}, not {show(value)}", key=key)
    return value


def _card(value: object, entry: Entry, key: str | int, what: str) -> Card:
    """The card written ``value`` in ASCII notation (``CQ``, ``H10``)."""
    if isinstance(value, str) and value in CARDS:
        return CARDS[value]
    hint = ""
    if isinstance(value, str):
        with contextlib.suppress(InvalidNotationError):
            hint = f" (write {Card.parse(value).ascii!r})"
    entry.fail(
        f"{what} must be a card in ASCII notation such as 'CQ' or 'H10', not {show(value)}{hint}",
        key=key,
    )


def _mismatch(entry: Entry, key: str, recorded: object, actual: object) -> NoReturn:
    entry.fail(
        f"the record says {key}={show(recorded)}, but the replay gives {show(actual)}", key=key
    )


def _version(data: Mapping[str, object], entry: Entry) -> int:
    """The record's format version, one of :data:`VERSIONS`."""
    if "version" not in data:
        entry.fail("missing key 'version'")
    version = data["version"]
    if type(version) is not int:
        entry.fail(f"'version' must be an integer, not {show(version)}", key="version")
    if version not in VERSIONS:
        entry.fail(
            f"version {show(version)} is not supported; this library reads version "
            f"{', '.join(str(known) for known in VERSIONS[:-1])} and {VERSIONS[-1]} records",
            key="version",
        )
    return version


def _check_two_step(record: Mapping[str, object], kind: str, version: int, entry: Entry) -> None:
    """A record holds a two-step reservation round exactly when it is version 3 (SPEC §3.2)."""
    deals = [record] if kind == "deal" else record.get("deals", [])
    two_step = isinstance(deals, list) and any(
        isinstance(deal, Mapping)
        and isinstance(deal.get("reservations"), list)
        and any(
            isinstance(answer, Mapping) and answer.get("reservation") == "vorbehalt"
            for answer in deal["reservations"]
        )
        for deal in deals
    )
    if two_step and version != TWO_STEP_VERSION:
        entry.fail(
            f"a record with a two-step reservation round (a bare vorbehalt) is version "
            f"{TWO_STEP_VERSION}, not {version} (§3.2)",
            key="version",
        )
    if version == TWO_STEP_VERSION and not two_step:
        entry.fail(
            f"a version {version} record holds a two-step reservation round (a bare vorbehalt); "
            "without one it is version 2 (§3.2)",
            key="version",
        )


def _check_header(data: object, kind: str, entry: Entry) -> tuple[Mapping[str, object], Rules]:
    """The record ``data`` checked to be of ``kind``, and the rules it states (V§0.5)."""
    if not isinstance(data, Mapping):
        entry.fail(f"must be a JSON object, not {show(data)}")
    if "format" not in data:
        entry.fail("missing key 'format': not a doppelkopf record")
    if data["format"] != RECORD_FORMAT:
        entry.fail(
            f"'format' is {show(data['format'])}, not {RECORD_FORMAT!r}: not a doppelkopf record",
            key="format",
        )
    version = _version(data, entry)
    if "kind" not in data:
        entry.fail("missing key 'kind'")
    if data["kind"] != kind:
        if data["kind"] in ("deal", "session"):
            entry.fail(
                f"this is a {data['kind']} record; read it with load_{data['kind']}()", key="kind"
            )
        entry.fail(f"'kind' must be 'deal' or 'session', not {show(data['kind'])}", key="kind")
    layouts = (obj(f"{kind}Record{version}"),) + ((obj("deal"),) if kind == "deal" else ())
    record = _fields(data, entry, *layouts)
    _check_two_step(record, kind, version, entry)
    if "meta" in record:
        meta = record["meta"]
        if not isinstance(meta, Mapping):
            entry.fail(f"'meta' must be a JSON object, not {show(meta)}", key="meta")
        try:
            json_copy(meta, "meta", depth=2)
        except (TypeError, RecordError) as error:
            entry.fail(str(error), key="meta", cause=error)
    if version == 1:
        return record, Rules.DDV
    return record, _read_rules(record[RULES_KEY], Entry("rules", ("rules",)))


_OPTIONS: Final = obj("rules").keys  # every option of Rules, in its order
_PROCEDURE_OPTIONS: Final = (
    "armut",
    "armut_max_trumps",
    "schmeissen",
    "compulsory_solo",
    "players",
    "session_length",
    "bock",
    "bock_stacking",
)
"""The options of the table procedures (V§6-V§11), newer than the first version 2 records:
a record written before them states none of them, and each takes its default."""


def _read_rules(value: object, entry: Entry) -> Rules:
    """The rule set of a record's ``rules`` object: every option of V§0.1 by name.

    A record written before the procedure options (:data:`_PROCEDURE_OPTIONS`)
    existed states none of them; they then take their defaults.  A record that
    states some of them states all.
    """
    if not isinstance(value, Mapping):
        entry.fail(f"must be a JSON object of options, not {show(value)} (V§0.1)")
    for key in value:
        if key not in _OPTIONS:
            entry.fail(
                f"unknown option {show(key)}; the options are {', '.join(_OPTIONS)} (V§0.1)",
                key=key if isinstance(key, str) else None,
            )
    older = not any(name in value for name in _PROCEDURE_OPTIONS)
    for name in _OPTIONS:
        if name not in value and not (older and name in _PROCEDURE_OPTIONS):
            entry.fail(f"missing option {name!r}; a record states every option (V§0.1)")
    for name, option in value.items():
        if type(option) is int and not -INTEGER_BOUND < option < INTEGER_BOUND:
            entry.fail(
                f"option {name!r} is {show(option)}; a record holds integers of at most "
                f"{MAX_DIGITS} digits",
                key=name,
            )
    try:
        return Rules.from_dict(value)
    except InvalidRulesError as error:
        options = error.options
        entry.fail(str(error), key=options[0] if options else None, cause=error)
