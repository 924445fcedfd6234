"""What the wire forms share: the error, the formats' names, and a reader of plain JSON values.

Every reader here takes a value that came from anyone — parsed JSON, or a
``dict`` a program built — and either returns it checked or raises a
:class:`WireError` whose ``path`` locates the bad value.  Nothing here
recurses into a value deeper than the fixed layout of the forms, so a
recursive list or a deeply nested object costs no more than a flat one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import resources
from typing import Any, Final, NoReturn, TypeVar

from .._checks import excerpt
from .._json import parse_json
from ..cards import DISTINCT_CARDS, Card
from ..errors import DoppelkopfError

__all__ = ["READ_VERSIONS", "WIRE_VERSION", "WireError", "wire_schema"]

WIRE_VERSION: Final = 2
"""The version of the wire forms this library writes.

Version 2 adds the answers of the two-step reservation round (SPEC §3.2):
the reservations ``vorbehalt`` and ``decline`` in every form, and a view's
``asked``, the answers given to the questions of the round.
"""

READ_VERSIONS: Final = (1, 2)
"""The versions of the wire forms this library reads: a version 1 view has no ``asked``."""

VIEW_FORMAT: Final = "doppelkopf-view"
ACTION_FORMAT: Final = "doppelkopf-action"
EVENT_FORMAT: Final = "doppelkopf-event"

Path = tuple[str | int, ...]
"""Object keys and list positions from the top of a form."""

T = TypeVar("T")

CARD_NAMES: Final = tuple(card.ascii for card in DISTINCT_CARDS)
"""The JSON name of each card (its ASCII notation), by :attr:`Card.index`."""
CARDS: Final = {card.ascii: card for card in DISTINCT_CARDS}


class WireError(DoppelkopfError, ValueError):
    """A wire form that cannot be read: not JSON, not the form, or a value the rules refuse.

    The message begins with the place of the bad value (``view.hand[3]: …``)
    and ``path`` holds it as keys and list positions from the top of the
    form.  When a check of the library refused the value (a view that
    contradicts itself, an action with a bad field) that error is the
    ``__cause__``.

    >>> from doppelkopf.wire import WireError, loads_action
    >>> try:
    ...     loads_action('{"format": "doppelkopf-action", "version": 1, "type": "play",'
    ...                  ' "seat": 5, "card": "CQ"}')
    ... except WireError as error:
    ...     print(error)
    ...     print(error.path)
    action.seat: must be a seat 0-3, not 5
    ('seat',)
    """

    def __init__(self, message: str, *, path: tuple[str | int, ...] = ()) -> None:
        super().__init__(message)
        self.path = path


def place(top: str, path: Path) -> str:
    """``path`` written for a message: ``view.tricks[2].cards[0]``."""
    return top + "".join(f"[{key}]" if isinstance(key, int) else f".{key}" for key in path)


class Reader:
    """Reads one form: its name in messages (``"view"``) and the checks of its values."""

    __slots__ = ("top",)

    def __init__(self, top: str) -> None:
        self.top = top

    def fail(self, path: Path, message: str, cause: Exception | None = None) -> NoReturn:
        raise WireError(f"{place(self.top, path)}: {message}", path=path) from cause

    def fields(
        self, value: object, path: Path, keys: tuple[str, ...], optional: tuple[str, ...] = ()
    ) -> dict[str, Any]:
        """``value`` as an object with exactly ``keys`` and perhaps some of ``optional``."""
        if type(value) is not dict:
            self.fail(path, f"must be a JSON object, not {excerpt(value, notation='json')}")
        for key in keys:
            if key not in value:
                self.fail(path, f"the key {key!r} is missing")
        if len(value) > len(keys):
            for key in value:
                if type(key) is not str or (key not in keys and key not in optional):
                    self.fail(path, f"unknown key {excerpt(key, notation='json')}")
        return value

    def array(self, value: object, path: Path, most: int, least: int = 0) -> list[Any]:
        """``value`` as an array of ``least`` to ``most`` entries."""
        if type(value) is not list:
            self.fail(path, f"must be a JSON array, not {excerpt(value, notation='json')}")
        if not least <= len(value) <= most:
            wanted = f"{least}" if least == most else f"{least} to {most}"
            self.fail(path, f"must hold {wanted} entries, not {len(value):,}")
        return value

    def integer(self, value: object, path: Path, low: int, high: int, what: str = "") -> int:
        """``value`` as an integer from ``low`` to ``high`` (never a boolean)."""
        if type(value) is not int or not low <= value <= high:
            name = what or f"an integer {low}-{high}"
            self.fail(path, f"must be {name}, not {excerpt(value, notation='json')}")
        return value

    def seat(self, value: object, path: Path) -> int:
        return self.integer(value, path, 0, 3, "a seat 0-3")

    def optional_seat(self, value: object, path: Path) -> int | None:
        return None if value is None else self.integer(value, path, 0, 3, "a seat 0-3 or null")

    def boolean(self, value: object, path: Path) -> bool:
        if type(value) is not bool:
            self.fail(path, f"must be true or false, not {excerpt(value, notation='json')}")
        return value

    def name(self, value: object, path: Path, table: Mapping[str, T], what: str) -> T:
        """The member of ``table`` that the string ``value`` names."""
        found = table.get(value) if type(value) is str else None
        if found is None:
            listed = ", ".join(map(repr, table)) if len(table) <= 12 else f"one of {len(table)}"
            self.fail(path, f"must be {what} ({listed}), not {excerpt(value, notation='json')}")
        return found

    def card(self, value: object, path: Path) -> Card:
        found = CARDS.get(value) if type(value) is str else None
        if found is None:
            self.fail(
                path,
                f"must be a card in ASCII notation such as 'CQ' or 'H10', "
                f"not {excerpt(value, notation='json')}",
            )
        return found

    def cards(self, value: object, path: Path, most: int, least: int = 0) -> tuple[Card, ...]:
        entries = self.array(value, path, most, least)
        return tuple(self.card(entry, (*path, index)) for index, entry in enumerate(entries))

    def checked(self, path: Path, build: Callable[[], T]) -> T:
        """``build()``, with a refusal of the library raised as a :class:`WireError` at ``path``."""
        try:
            return build()
        except DoppelkopfError as error:
            self.fail(path, str(error), error)


def header(reader: Reader, data: object, form: str) -> dict[str, Any]:
    """``data`` as an object whose ``format`` is ``form`` and whose ``version`` is read."""
    if type(data) is not dict:
        reader.fail((), f"must be a JSON object, not {excerpt(data, notation='json')}")
    given = data.get("format")
    if type(given) is not str or given != form:
        reader.fail(
            ("format",),
            f"must be {form!r}, not {excerpt(data.get('format'), notation='json')}",
        )
    version = data.get("version")
    if type(version) is not int or version not in READ_VERSIONS:
        reader.fail(
            ("version",),
            f"version {excerpt(version, notation='json')} is not supported; "
            f"this library reads versions {', '.join(map(str, READ_VERSIONS))}",
        )
    return data


MAX_VIEW_TEXT: Final = 1024 * 1024
"""The longest text of a view that is read: 1 MiB (a view's text is a few KiB)."""
MAX_STEP_TEXT: Final = 64 * 1024
"""The longest text of an action or an event that is read: 64 KiB (they take under 200 bytes)."""


def parse_text(text: object, what: str, limit: int) -> object:
    """The JSON value of ``text`` (str or bytes) of at most ``limit`` characters or bytes,
    read within the limits of :func:`parse_json`."""
    if isinstance(text, str | bytes | bytearray) and len(text) > limit:
        unit = "characters" if isinstance(text, str) else "bytes"
        raise WireError(f"{what} is {len(text):,} {unit} long; at most {limit:,} are read")
    return parse_json(text, error=WireError, what=what)  # type: ignore[arg-type]


SCHEMAS: Final = {
    "view": "view.schema.json",
    "action": "action.schema.json",
    "event": "event.schema.json",
}


def wire_schema(form: str) -> dict[str, Any]:
    """The JSON Schema of a wire form, ``"view"``, ``"action"`` or ``"event"``, as shipped.

    The files ship in the package beside ``record.schema.json``.  A schema
    gives the structure; the checks of the rules (a view that contradicts
    itself, a card the deck lacks twice) run when the form is loaded.

    >>> from doppelkopf.wire import wire_schema
    >>> wire_schema("view")["$id"], wire_schema("action")["properties"]["format"]
    ('urn:doppelkopf:view:2', {'const': 'doppelkopf-action'})

    Raises:
        InvalidValueError: no form has that name.
    """
    from .._checks import type_error
    from ..errors import InvalidValueError

    if type(form) is not str:
        raise type_error(form, "form", "str 'view', 'action' or 'event'")
    name = SCHEMAS.get(form)
    if name is None:
        raise InvalidValueError(
            f"no wire form is called {excerpt(form)}: expected 'view', 'action' or 'event'"
        )
    content = resources.files("doppelkopf").joinpath(name).read_text("utf-8")
    loaded = parse_json(content, error=ValueError, what=name)
    assert isinstance(loaded, dict)
    return loaded
