"""Position strings and game notation: Doppelkopf's FEN and PGN (:doc:`/notation`).

- :attr:`Deal.position <doppelkopf.Deal.position>` and :meth:`Deal.parse
  <doppelkopf.Deal.parse>`: a deal's position in one line;
- :attr:`PlayerView.position <doppelkopf.PlayerView.position>` and
  :func:`parse_view`: what one seat knows, in one line, so that a bot's
  decision can be posted and reproduced;
- :func:`write_game` and :func:`read_game`, :func:`write_session` and
  :func:`read_session`: whole deals and sessions as readable text with tag
  pairs, the actions trick by trick, comments and a result line;
  :func:`record_to_text` and :func:`text_to_record` convert them to and from
  the JSON records of :mod:`doppelkopf.records`, losslessly.

Every action in them is written and read by the one grammar of an action's
short text (:func:`doppelkopf.wire.format_action`).
"""

from __future__ import annotations

from ._games import (
    MAX_GAME_TEXT,
    MAX_SESSION_TEXT,
    Game,
    read_game,
    read_session,
    record_to_text,
    text_to_record,
    write_game,
    write_session,
)
from ._view import MAX_DRAWS, parse_view

__all__ = [
    "MAX_DRAWS",
    "MAX_GAME_TEXT",
    "MAX_SESSION_TEXT",
    "Game",
    "parse_view",
    "read_game",
    "read_session",
    "record_to_text",
    "text_to_record",
    "write_game",
    "write_session",
]

# The public names live in the private modules by concern; they belong to this module,
# which is where messages, tracebacks and the documentation find them.
for _public in (
    Game,
    parse_view,
    read_game,
    read_session,
    record_to_text,
    text_to_record,
    write_game,
    write_session,
):
    _public.__module__ = __name__
del _public
