"""The kinds of JSON value a record's layout is declared in, each with its schema and its check.

A node writes its part of the JSON Schema (:meth:`Node.schema`) and says
whether a value has its JSON type (:meth:`Node.accepts`); :attr:`Node.what`
names its values in a message.  :class:`Ref` nodes name the parts of
:data:`DEFS`, which :mod:`._layout` fills.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, Final

DEFS: Final[dict[str, Node]] = {}
"""Every named part of a record, by name; :mod:`._layout` declares them."""


class Node(ABC):
    """A JSON value of the layout: its schema, and whether a value has its JSON type."""

    __slots__ = ("description",)

    what = "a JSON value"
    """How a message names the values of the node: ``'seat' must be a seat 0-3``."""

    def __init__(self, description: str = "") -> None:
        self.description = description

    @abstractmethod
    def body(self) -> dict[str, Any]:
        """The node's schema, without its description."""

    def schema(self) -> dict[str, Any]:
        written: dict[str, Any] = {"description": self.description} if self.description else {}
        written.update(self.body())
        return written

    @abstractmethod
    def accepts(self, value: object, *, ranges: bool = True) -> bool:
        """Whether ``value`` is of the node's JSON type (and, with ``ranges``, in its range)."""


class Integer(Node):
    __slots__ = ("high", "low", "what")

    def __init__(
        self,
        low: int | None = None,
        high: int | None = None,
        what: str = "an integer",
        description: str = "",
    ) -> None:
        super().__init__(description)
        self.low, self.high, self.what = low, high, what

    def body(self) -> dict[str, Any]:
        written: dict[str, Any] = {"type": "integer"}
        if self.low is not None:
            written["minimum"] = self.low
        if self.high is not None:
            written["maximum"] = self.high
        return written

    def accepts(self, value: object, *, ranges: bool = True) -> bool:
        if type(value) is not int:
            return False
        if not ranges:
            return True
        return (self.low is None or value >= self.low) and (self.high is None or value <= self.high)


class Boolean(Node):
    what = "true or false"

    def body(self) -> dict[str, Any]:
        return {"type": "boolean"}

    def accepts(self, value: object, *, ranges: bool = True) -> bool:
        return type(value) is bool


class String(Node):
    what = "a string"

    def body(self) -> dict[str, Any]:
        return {"type": "string"}

    def accepts(self, value: object, *, ranges: bool = True) -> bool:
        return isinstance(value, str)


class Names(Node):
    """One of a few strings (or integers: the ``players`` option)."""

    __slots__ = ("names",)

    def __init__(self, names: tuple[str | int, ...], description: str = "") -> None:
        super().__init__(description)
        self.names = names

    @property
    def what(self) -> str:  # type: ignore[override]
        return "one of " + ", ".join(repr(name) for name in self.names)

    def body(self) -> dict[str, Any]:
        return {"enum": list(self.names)}

    def accepts(self, value: object, *, ranges: bool = True) -> bool:
        return type(value) in (str, int) and value in self.names


class Const(Node):
    __slots__ = ("value",)

    def __init__(self, value: str | int) -> None:
        super().__init__()
        self.value = value

    def body(self) -> dict[str, Any]:
        return {"const": self.value}

    def accepts(self, value: object, *, ranges: bool = True) -> bool:
        return type(value) is type(self.value) and value == self.value


class Ref(Node):
    """A named node of :data:`DEFS`, written as a reference."""

    __slots__ = ("name",)

    def __init__(self, name: str, description: str = "") -> None:
        super().__init__(description)
        self.name = name

    @property
    def target(self) -> Node:
        return DEFS[self.name]

    @property
    def what(self) -> str:  # type: ignore[override]
        return self.target.what

    def body(self) -> dict[str, Any]:
        return {"$ref": f"#/$defs/{self.name}"}

    def accepts(self, value: object, *, ranges: bool = True) -> bool:
        return self.target.accepts(value, ranges=ranges)


class Nullable(Node):
    """The values of ``inner`` or null; the schema names null first with ``null_first``."""

    __slots__ = ("inner", "named", "null_first")

    def __init__(
        self, inner: Node, description: str = "", *, what: str = "", null_first: bool = False
    ) -> None:
        super().__init__(description)
        self.inner, self.named, self.null_first = inner, what, null_first

    @property
    def what(self) -> str:  # type: ignore[override]
        return self.named or f"{self.inner.what} or null"

    def body(self) -> dict[str, Any]:
        choices = [self.inner.schema(), {"type": "null"}]
        return {"oneOf": choices[::-1] if self.null_first else choices}

    def accepts(self, value: object, *, ranges: bool = True) -> bool:
        return value is None or self.inner.accepts(value, ranges=ranges)


class Array(Node):
    __slots__ = ("high", "items", "low", "unique", "what")

    def __init__(
        self,
        items: Node | None,
        low: int = 0,
        high: int | None = None,
        *,
        unique: bool = False,
        what: str = "a JSON array",
        description: str = "",
    ) -> None:
        super().__init__(description)
        self.items, self.low, self.high, self.unique, self.what = items, low, high, unique, what

    def body(self) -> dict[str, Any]:
        written: dict[str, Any] = {"type": "array"}
        if self.low:
            written["minItems"] = self.low
        if self.high is not None:
            written["maxItems"] = self.high
        if self.unique:
            written["uniqueItems"] = True
        if self.items is not None:
            written["items"] = self.items.schema()
        return written

    def accepts(self, value: object, *, ranges: bool = True) -> bool:
        if not isinstance(value, list | tuple):
            return False
        high = len(value) if self.high is None else self.high
        if ranges and not self.low <= len(value) <= high:
            return False
        items = self.items
        if items is not None and not all(items.accepts(item, ranges=ranges) for item in value):
            return False
        # Unique items are scalars by now (seats, names), so a set can count them.
        return not (ranges and self.unique) or len(set(value)) == len(value)


class Object(Node):
    """A JSON object: its keys in the order written, each with its node.

    ``closed`` is the schema keyword that refuses other keys
    (``additionalProperties``, or ``unevaluatedProperties`` for an object
    whose keys come from ``allOf`` too); ``extra`` holds the schema's
    conditions that the readers check in code.
    """

    __slots__ = ("closed", "extra", "optional", "required")

    what = "a JSON object"

    def __init__(
        self,
        required: Mapping[str, Node],
        optional: Mapping[str, Node] | None = None,
        *,
        description: str = "",
        closed: str | None = "additionalProperties",
        extra: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(description)
        self.required = dict(required)
        self.optional = dict(optional or {})
        self.closed = closed
        self.extra = dict(extra or {})

    @property
    def keys(self) -> tuple[str, ...]:
        return (*self.required, *self.optional)

    def field(self, key: str) -> Node:
        return self.required[key] if key in self.required else self.optional[key]

    def body(self) -> dict[str, Any]:
        written: dict[str, Any] = {"type": "object", "required": list(self.required)}
        written["properties"] = {
            key: node.schema() for key, node in {**self.required, **self.optional}.items()
        }
        if self.closed is not None:
            written[self.closed] = False
        written.update(self.extra)
        return written

    def accepts(self, value: object, *, ranges: bool = True) -> bool:
        return isinstance(value, Mapping)


class Raw(Node):
    """A part of the schema that only the schema states (the readers check it in code)."""

    __slots__ = ("written",)

    def __init__(self, written: Mapping[str, Any], description: str = "") -> None:
        super().__init__(description)
        self.written = dict(written)

    def body(self) -> dict[str, Any]:
        return dict(self.written)

    def accepts(self, value: object, *, ranges: bool = True) -> bool:
        return True
