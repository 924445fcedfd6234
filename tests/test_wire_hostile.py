"""Every entry point of doppelkopf.wire raises only library errors on hostile input."""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest

from doppelkopf import Card, Deal, DoppelkopfError, Play, wire


def _recursive() -> list[object]:
    items: list[object] = []
    items.append(items)
    return items


def _recursive_dict() -> dict[str, object]:
    items: dict[str, object] = {}
    items["format"] = items
    return items


class _Evil:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("no eq")

    __hash__ = object.__hash__


HOSTILE: list[object] = [
    None,
    True,
    False,
    0,
    -1,
    1.5,
    math.nan,
    math.inf,
    10**5000,
    "",
    "x" * 100_000,
    "\ud800",
    b"x",
    b"\xff\xfe",
    bytearray(b"{}"),
    [],
    {},
    object(),
    _Evil(),
    _recursive(),
    _recursive_dict(),
    {"format": "doppelkopf-view", "version": 1},
    {"format": "doppelkopf-action", "version": 1, "type": "play", "seat": 0, "card": []},
    {"format": "doppelkopf-event", "version": 1, "type": "concealed", "seat": {}, "kind": 1},
    '{"format": "doppelkopf-view", "version": 1}',
    "[" * 10_000,
    '{"a": ' * 70 + "1" + "}" * 70,
    "1" * 5000,
    Card.parse("CQ"),
    Play(0, Card.parse("CQ")),
    Deal.shuffled(seed=1),
]

_VIEW = wire.dump_view(Deal.shuffled(seed=2).view(0))


def _with_key(key: object) -> dict[object, object]:
    data: dict[object, object] = {}
    data.update(_VIEW.items())
    data[key] = 1
    return data


HOSTILE += [
    _with_key(_Evil()),
    _with_key(1),
    {**_VIEW, "legal_actions": [_Evil()]},
    {**_VIEW, "legal_actions": [{**_VIEW["legal_actions"][0], _Evil(): 0}]},
    {**_VIEW, "hand": [_Evil()] * 12},
    {**_VIEW, "rules": {**_VIEW["rules"], "nines": _Evil()}},
    {**_VIEW, "rules": {_Evil(): 1}},
    {**_VIEW, "tricks": _recursive()},
    {**_VIEW, "current_trick": {"leader": _Evil(), "cards": _recursive()}},
    {**_VIEW, "poverty": _recursive_dict()},
    {**_VIEW, "seat": math.nan},
    {**_VIEW, "declared": [_Evil()] * 4},
    {**_VIEW, "owing": [10**5000]},
    {**_VIEW, "format": _Evil()},
    {**_VIEW, "version": _Evil()},
    {**_VIEW, "announcements": [{"type": _Evil()}]},
    {
        **_VIEW,
        "announcements": [
            {
                "type": _Evil(),
                "seat": 0,
                "level": 0,
                "party": "re",
                "hand_size": 12,
                "moment": 0,
                "late_reply": False,
            }
        ],
    },
    {"format": "doppelkopf-action", "version": 1, "type": _Evil()},
    {"format": "doppelkopf-event", "version": 1, "type": "concealed", "seat": 0, "kind": _Evil()},
]

ENTRY_POINTS = [name for name in wire.__all__ if callable(getattr(wire, name))]


def _call(function: Callable[..., Any], value: object) -> None:
    name = function.__name__
    if name == "parse_action":
        for seat in (0, value):
            for context in (None, value):
                _safe(partial(function, value, seat=seat, context=context))
                _safe(partial(function, "re", seat=seat, context=context))
    elif name == "format_action":
        _safe(lambda: function(value))
        _safe(lambda: function(Play(0, Card.parse("CQ")), context=value))
        _safe(lambda: function(value, ascii=value))
    elif inspect.isclass(function):
        return
    else:
        _safe(lambda: function(value))


def _safe(call: Callable[[], object]) -> None:
    message = ""
    try:
        call()
    except DoppelkopfError as error:
        message = str(error)
    assert len(message) < 1000


def test_the_entry_points_are_swept() -> None:
    assert set(ENTRY_POINTS) >= {
        "dump_view",
        "dumps_view",
        "load_view",
        "loads_view",
        "dump_action",
        "load_action",
        "dump_event",
        "load_event",
        "format_action",
        "parse_action",
        "wire_schema",
    }


@pytest.mark.parametrize("name", ENTRY_POINTS)
@pytest.mark.parametrize("value", HOSTILE, ids=lambda value: type(value).__name__)
def test_hostile_values_raise_only_library_errors(name: str, value: object) -> None:
    _call(getattr(wire, name), value)
