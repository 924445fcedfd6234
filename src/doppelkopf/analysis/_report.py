"""The HTML report of an analysis: a page with every decision, its table, hand and options.

:func:`report_html` builds the page as one string of HTML, self-contained
(its style is inline, it loads nothing); :func:`write_report` writes it
atomically, so the file is the whole new page or the one that was there.
The deal's tricks, each decision's hand (its legal cards lifted) and the
trick on the table are pictures of :mod:`doppelkopf.svg`, drawn inline;
the cards named in text (the options of a table) come from
:func:`cards_html`.

>>> from doppelkopf import Card
>>> cards_html([Card.parse("♥10"), Card.parse("♣Q")])
'<span class="cards"><span class="card red">♥10</span> <span class="card">♣Q</span></span>'
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from os import PathLike

from .. import _checks, svg
from ..cards import Card, Hand, Suit
from ..deal import Deal, Play
from ..records import save_text
from ..tricks import Trick
from ._analyze import UnfinishedDealError
from ._results import Analysis, Decision

__all__ = ["cards_html", "report_html", "write_report"]

_RED = (Suit.HEARTS, Suit.DIAMONDS)

_STYLE = """
body { font-family: sans-serif; margin: 2em; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { border: 1px solid #bbb; padding: 0.2em 0.6em; text-align: left; }
td.number { text-align: right; font-variant-numeric: tabular-nums; }
tr.chosen td { font-weight: bold; }
tr.best td:first-child::after { content: " \\2605"; }
.card { font-size: 1.15em; white-space: nowrap; }
.red { color: #c00; }
.blunder { background: #fdd; }
section { border-top: 1px solid #ddd; padding-top: 0.5em; }
figure { margin: 0.5em 0; }
figure svg { max-width: 100%; height: auto; }
"""


def cards_html(cards: Sequence[Card]) -> str:
    """HTML that shows ``cards`` in order, each with its suit symbol (red for ♥ and ♦).

    Raises:
        InvalidTypeError: ``cards`` is not a sequence of :class:`~doppelkopf.Card`.
    """
    if isinstance(cards, str | bytes) or not isinstance(cards, Sequence | Hand):
        raise _checks.type_error(cards, "cards", "sequence of Card")
    shown = []
    for item in cards:
        card = _checks.instance(item, Card, "cards[...]")
        red = " red" if card.suit in _RED else ""
        shown.append(f'<span class="card{red}">{html.escape(str(card))}</span>')
    return f'<span class="cards">{" ".join(shown)}</span>'


def _hand_picture(decision: Decision) -> str:
    """The deciding seat's hand, the cards among its options lifted (its legal cards)."""
    held = [
        option.action.card
        for option in decision.options
        if isinstance(option.action, Play) and option.action.card in decision.hand
    ]
    picture = svg.hand(decision.hand, highlight=held, size=0.8)
    return f'<figure class="hand">{picture}</figure>'


def _number(value: float) -> str:
    return f"{value:+.2f}"


def _decision_html(number: int, decision: Decision) -> list[str]:
    where = f"trick {decision.trick}" if decision.trick else "before the card play"
    verdict = " — <strong>blunder</strong>" if decision.blunder else ""
    kind = "blunder" if decision.blunder else "decision"
    lines = [
        f'<section id="d{number}" class="{kind}">',
        f"<h3>Event {decision.index}: seat {decision.seat}, {html.escape(decision.kind)}, "
        f"{where}{verdict}</h3>",
        f"<p>Hand: {cards_html(tuple(decision.hand))}</p>",
        _hand_picture(decision),
    ]
    if decision.trick:
        leader = "" if decision.leader is None else f" (led by seat {decision.leader})"
        table = cards_html(decision.table) if decision.table else "nothing played yet"
        lines.append(f"<p>On the table{leader}: {table}</p>")
        if decision.table and decision.leader is not None:
            trick = Trick(decision.leader, decision.table)
            picture = svg.trick(trick, bottom=decision.seat, size=0.8)
            lines.append(f'<figure class="table">{picture}</figure>')
    lines += [
        f"<p>Chose <b>{html.escape(decision.chosen_option.label)}</b>; best "
        f"<b>{html.escape(decision.best_option.label)}</b>; loss "
        f"{decision.loss:.2f} points, 95 % interval [{_number(decision.loss_low)}, "
        f"{_number(decision.loss_high)}], over {decision.worlds} worlds.</p>",
        "<table><tr><th>option</th><th>expected score</th><th>95 % interval</th></tr>",
    ]
    for which, option in enumerate(decision.options):
        marks = [
            name
            for name, on in (("chosen", which == decision.chosen), ("best", which == decision.best))
            if on
        ]
        action = option.action
        label = cards_html([action.card]) if isinstance(action, Play) else html.escape(option.label)
        lines.append(
            f'<tr class="{" ".join(marks)}"><td>{label}</td>'
            f'<td class="number">{_number(option.mean)}</td>'
            f'<td class="number">[{_number(option.low)}, {_number(option.high)}]</td></tr>'
        )
    lines += ["</table>", "</section>"]
    return lines


def report_html(
    analysis: Analysis, *, title: str = "Analysis of a deal", deal: Deal | None = None
) -> str:
    """The whole HTML page of ``analysis``, headed by ``title``.

    With ``deal``, the finished deal that was analysed, the page opens with
    the picture of its twelve tricks and its result (:func:`doppelkopf.svg.deal`).

    Raises:
        InvalidTypeError: ``analysis`` is no :class:`Analysis`, ``title`` no
            ``str`` or ``deal`` no :class:`~doppelkopf.Deal`.
        UnfinishedDealError: ``deal`` is not finished (SPEC §5.1).
    """
    analysis = _checks.instance(analysis, Analysis, "analysis")
    title = _checks.text(title, "title")
    if deal is not None:
        _checks.instance(deal, Deal, "deal")
        if not deal.is_finished:
            raise UnfinishedDealError(
                "the deal of a report is the finished deal analysed; this one stands in "
                f"phase {deal.phase.value!r} (SPEC §5.1)"
            )
    heading = html.escape(title)
    seats = ", ".join(map(str, analysis.seats))
    lines = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        f"<title>{heading}</title>",
        f"<style>{_STYLE}</style>",
        "</head>",
        "<body>",
        f"<h1>{heading}</h1>",
        f"<p>{'Seats' if len(analysis.seats) > 1 else 'Seat'} {seats}; {analysis.budget} "
        "worlds per decision, drawn from the deciding seat's own view; seed "
        f"{html.escape(_checks.excerpt(analysis.seed))}.  A blunder loses more than "
        f"{analysis.threshold:g} game point{'' if analysis.threshold == 1 else 's'} with a "
        "95 % interval above 0.  Scores are the "
        "seat's expected entry on the score sheet in game points; in each option table the "
        "chosen option is in bold and the best one is marked ★.</p>",
        *(
            ()
            if deal is None
            else ("<h2>The deal</h2>", f'<figure class="deal">{svg.deal(deal)}</figure>')
        ),
        "<h2>Totals</h2>",
        "<table><tr><th>seat</th><th>loss</th><th>95 % interval</th><th>decisions</th>"
        "<th>forced</th><th>blunders</th></tr>",
    ]
    for entry in analysis.totals:
        lines.append(
            f'<tr><td>{entry.seat}</td><td class="number">{entry.loss:.2f}</td>'
            f'<td class="number">[{_number(entry.low)}, {_number(entry.high)}]</td>'
            f'<td class="number">{entry.decisions}</td><td class="number">{entry.forced}</td>'
            f'<td class="number">{entry.blunders}</td></tr>'
        )
    lines += [
        "</table>",
        "<h2>Decisions</h2>",
        "<table><tr><th>event</th><th>seat</th><th>trick</th><th>kind</th><th>chosen</th>"
        "<th>best</th><th>loss</th><th>95 % interval</th></tr>",
    ]
    for number, decision in enumerate(analysis.decisions):
        row = ' class="blunder"' if decision.blunder else ""
        lines.append(
            f'<tr{row}><td><a href="#d{number}">{decision.index}</a></td>'
            f"<td>{decision.seat}</td><td>{decision.trick or '-'}</td>"
            f"<td>{html.escape(decision.kind)}</td>"
            f"<td>{html.escape(decision.chosen_option.label)}</td>"
            f"<td>{html.escape(decision.best_option.label)}</td>"
            f'<td class="number">{decision.loss:.2f}</td>'
            f'<td class="number">[{_number(decision.loss_low)}, {_number(decision.loss_high)}]'
            "</td></tr>"
        )
    lines.append("</table>")
    for number, decision in enumerate(analysis.decisions):
        lines += _decision_html(number, decision)
    lines += ["</body>", "</html>", ""]
    return "\n".join(lines)


def write_report(
    analysis: Analysis,
    path: str | PathLike[str],
    *,
    title: str = "Analysis of a deal",
    deal: Deal | None = None,
) -> None:
    """Write the HTML report of ``analysis`` to ``path``, replacing the file whole or not at all.

    The page goes to a new file in the same folder, which is renamed to
    ``path`` in one step (as :func:`~doppelkopf.records.save_text` writes).

    Raises:
        InvalidTypeError: ``analysis`` is no :class:`Analysis`, ``title`` no
            ``str``, ``deal`` no :class:`~doppelkopf.Deal` or ``path`` no path.
        UnfinishedDealError: ``deal`` is not finished (SPEC §5.1).
        RecordFileError: ``path`` names something that is not a regular file.
        OSError: the file cannot be written.
    """
    save_text(path, report_html(analysis, title=title, deal=deal))
