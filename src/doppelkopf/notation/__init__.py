"""Position strings and game notation: Doppelkopf's FEN and PGN (:doc:`/notation`).

- :attr:`Deal.position <doppelkopf.Deal.position>` and :meth:`Deal.parse
  <doppelkopf.Deal.parse>`: a deal's position in one line;
- :attr:`PlayerView.position <doppelkopf.PlayerView.position>` and
  :func:`parse_view`: what one seat knows, in one line, so that a bot's
  decision can be posted and reproduced.

Every action in them is written and read by the one grammar of an action's
short text (:func:`doppelkopf.wire.format_action`).
"""

from __future__ import annotations

from ._view import MAX_DRAWS, parse_view

__all__ = ["MAX_DRAWS", "parse_view"]
