"""Sessions of every mode with a running score sheet (SPEC §2.2, §2.5, §12, V§8-V§11).

The first dealer is chosen by lot; after every deal the deal passes to the
left.  Each player's total starts at 0 and is the sum of the scores of every
deal; after the last deal (12 under the DDV rules, :attr:`Rules.session_deals
<doppelkopf.Rules.session_deals>` in general) the highest total wins and ties
stand.  A session carries its :class:`~doppelkopf.Rules`, and with them:

- void deals (V§8): no score, the same dealer deals again, not counted;
- tournament mode (V§9, ``compulsory_solo``): who still owes a compulsory
  solo, the same dealer after a voluntarily declared one, the forced solo
  when the deals left equal the solos owed, and each solo's
  :class:`~doppelkopf.deal.SoloKind`;
- five players (V§10): the dealer sits out and writes 0, the four others
  play as deal seats 0-3 from the dealer's left (:attr:`Session.seats`);
- Bock rounds (V§11): the multiplier of each deal, on the sheet.

A session keeps score at a real table as well: the players' names, deals
played with cards and results written down mixed, :meth:`Session.undo` and
:meth:`Session.correct` (every later deal recomputed from the start), a
:class:`SessionStart` for a round resumed mid-way, and :meth:`Session.to_csv`.

>>> from doppelkopf import Session
>>> session = Session.new(seed=4)
>>> session.first_dealer, session.dealer, len(session), session.is_finished
(1, 1, 0, False)
>>> from doppelkopf import Rules
>>> tournament = Session.new(first_dealer=3, rules=Rules.TOURNAMENT)
>>> tournament.deals_left, sorted(tournament.owing), tournament.forced
(24, [0, 1, 2, 3], False)
"""

from ._core import SESSION_LENGTH as SESSION_LENGTH
from ._core import Session as Session
from ._sheet import ScoreRow as ScoreRow
from ._start import SessionStart as SessionStart

__all__ = ["SESSION_LENGTH", "ScoreRow", "Session", "SessionStart"]

for _public in (Session, ScoreRow, SessionStart):
    _public.__module__ = __name__
del _public
