"""Settlement: who won a deal, what it is worth and what each seat writes (SPEC §9–§12, V§5).

A finished deal is summed up by a :class:`DealSummary`: the game type, the Re
seats, the rules it was played under and, for each party, a
:class:`PartyResult` (card points, tricks, the highest announcement and the
special points earned).  From it:

- :func:`winner` decides the deal (SPEC §9.3), or finds that nobody won;
- :func:`game_value` itemises the game value line by line (SPEC §10, §11, V§5);
- :func:`settle` nets the lines into ``VR`` and the four entries of the score
  sheet (SPEC §10.5, §12).

The package keeps one concern per module: :mod:`~doppelkopf.scoring.summary`
(the summary, with a party's result in ``_result``, the summary's checks in
``_summary_checks`` and their card-share test in ``_share``),
:mod:`~doppelkopf.scoring.value` (the winner and the value lines) and
:mod:`~doppelkopf.scoring.settlement` (the score sheet).

>>> from doppelkopf.parties import Announcement
>>> from doppelkopf.rules import GameType
>>> x01 = DealSummary(  # EXAMPLES X01
...     GameType.NORMAL,
...     re_seats={0, 2},
...     re=PartyResult(160, 9, announcement=Announcement.NO_90, foxes_caught=1),
...     kontra=PartyResult(80, 3, doppelkopf=1),
... )
>>> settlement = settle(x01)
>>> settlement.winner, settlement.value, settlement.scores
(Party.RE, 5, (5, -5, 5, -5))
>>> [line.reason for line in settlement.lines]
['won', 'Kontra under 90', 'Re announced', 'Re: keine 90', 'fox caught', 'Doppelkopf']
"""

from __future__ import annotations

from .settlement import Settlement as Settlement
from .settlement import settle as settle
from .settlement import summarize as summarize
from .summary import DealSummary as DealSummary
from .summary import PartyResult as PartyResult
from .value import ValueKind as ValueKind
from .value import ValueLine as ValueLine
from .value import game_value as game_value
from .value import winner as winner

__all__ = [
    "DealSummary",
    "PartyResult",
    "Settlement",
    "ValueKind",
    "ValueLine",
    "game_value",
    "settle",
    "summarize",
    "winner",
]
