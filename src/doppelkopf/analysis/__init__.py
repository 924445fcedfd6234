"""Analysis of a played deal: which decision cost a seat how much (SPEC §6.1, §12).

:func:`analyze` replays a finished deal and, at every decision of the chosen
seats, scores each legal option from that seat's view alone
(:meth:`Deal.view <doppelkopf.Deal.view>`): worlds drawn uniformly from the
view, the same worlds for every option, each played out and settled.  The
:class:`Analysis` it returns lists every :class:`Decision` with its options'
expected scores and intervals, the loss of the chosen option against the
best, the blunders, and each seat's total (:class:`SeatLoss`).
:func:`write_report` writes it as an HTML page.
"""

from ._analyze import DEFAULT_BUDGET as DEFAULT_BUDGET
from ._analyze import DEFAULT_THRESHOLD as DEFAULT_THRESHOLD
from ._analyze import UnfinishedDealError as UnfinishedDealError
from ._analyze import analyze as analyze
from ._report import cards_html as cards_html
from ._report import report_html as report_html
from ._report import write_report as write_report
from ._results import Analysis as Analysis
from ._results import Decision as Decision
from ._results import OptionValue as OptionValue
from ._results import SeatLoss as SeatLoss

__all__ = [
    "DEFAULT_BUDGET",
    "DEFAULT_THRESHOLD",
    "Analysis",
    "Decision",
    "OptionValue",
    "SeatLoss",
    "UnfinishedDealError",
    "analyze",
    "cards_html",
    "report_html",
    "write_report",
]

# The public names live in the private modules by concern; they belong to this module,
# which is where messages, tracebacks and the documentation find them.
for _public in (
    Analysis,
    Decision,
    OptionValue,
    SeatLoss,
    UnfinishedDealError,
    analyze,
    cards_html,
    report_html,
    write_report,
):
    _public.__module__ = __name__
del _public
