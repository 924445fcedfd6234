"""The wire forms: views, actions and events as JSON, and actions as short text.

A game server sends each seat its :class:`~doppelkopf.PlayerView` and reads
back the seat's action; a bot on the other end of a socket does the
reverse.  This module gives both sides one format:

- :func:`dump_view` / :func:`dumps_view` and :func:`load_view` /
  :func:`loads_view`: a view as JSON, exactly what the seat may know
  (SPEC §6.1, V§6.7), read back as a checked view;
- :func:`dump_action`, :func:`dumps_action`, :func:`load_action`,
  :func:`loads_action`: an action as JSON;
- :func:`dump_event`, :func:`dumps_event`, :func:`load_event`,
  :func:`loads_event`: a history entry as JSON, concealed entries included;
- :func:`format_action` and :func:`parse_action`: an action as the short
  text a player types (``♣Q``, ``keine 90``, ``pass ♦9 ♦10 ♣J``);
- :func:`wire_schema`: the shipped JSON Schema of each form.

Every JSON form starts with ``"format"`` and ``"version"`` like the records
(:mod:`doppelkopf.records`), text is read within the records' limits, and
anything that is not a form is a :class:`WireError` naming where it went
wrong.  See :doc:`/wire` for the layout and the grammar.

>>> from doppelkopf import Deal
>>> from doppelkopf.wire import dumps_view, loads_view, parse_action
>>> deal = Deal.shuffled(seed=3)
>>> view = loads_view(dumps_view(deal.view(0)))
>>> deal = deal.apply(parse_action("gesund", seat=0, context=view))
>>> deal.turn
1
"""

from __future__ import annotations

from ._common import WIRE_VERSION, WireError, wire_schema
from ._forms import (
    dump_action,
    dump_event,
    dumps_action,
    dumps_event,
    load_action,
    load_event,
    loads_action,
    loads_event,
)
from ._short_text import MAX_ACTION_TEXT, format_action, parse_action
from ._views import dump_view, dumps_view, load_view, loads_view

__all__ = [
    "MAX_ACTION_TEXT",
    "WIRE_VERSION",
    "WireError",
    "dump_action",
    "dump_event",
    "dump_view",
    "dumps_action",
    "dumps_event",
    "dumps_view",
    "format_action",
    "load_action",
    "load_event",
    "load_view",
    "loads_action",
    "loads_event",
    "loads_view",
    "parse_action",
    "wire_schema",
]

for _name in ("WireError",):
    globals()[_name].__module__ = __name__
del _name
