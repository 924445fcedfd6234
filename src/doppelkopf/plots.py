"""Pictures of scores: a session's running totals and an arena run's score distribution.

:func:`session_figure` draws a session's score sheet (SPEC §2.5) as one line per
player, the running total after every deal dealt, with the Bock deals (V§11.4)
and the void deals (V§8) marked; :func:`arena_figure` draws the scores of many
deals between bots, one box per player with the mean and its 95 % confidence
interval.  Both return a :class:`matplotlib.figure.Figure`, and
:func:`save_figure` writes one to a PNG or SVG file, replaced whole or not at
all.  The command line draws them with ``doppelkopf sheet --plot FILE`` and
``doppelkopf arena --plot FILE``.

The plots need matplotlib, the optional extra ``plot``
(``pip install "doppelkopf[plot]"``).  Importing this module does not import
it; a function that draws raises :class:`~doppelkopf.errors.MissingExtraError`
(an :class:`ImportError` too) when it is not installed.  The figures are drawn
by matplotlib's Agg renderer, outside :mod:`matplotlib.pyplot`: nothing opens
a window, and the backend a program chose for its own plots is left alone.

>>> from doppelkopf import DealSummary, GameType, PartyResult, Session
>>> won = DealSummary(GameType.NORMAL, {0, 2}, PartyResult(151, 7), PartyResult(89, 5))
>>> session = Session.new(0, names=["Anna", "Ben", "Cem", "Dora"]).add_result(won)
>>> figure = session_figure(session)
>>> [(line.get_label(), [int(y) for y in line.get_ydata()])
...  for line in figure.axes[0].lines if line.get_gid() == "total"]
[('Anna', [0, 2]), ('Ben', [0, -2]), ('Cem', [0, 2]), ('Dora', [0, -2])]
"""

from __future__ import annotations

import contextlib
import io
import math
import os
import statistics
import tempfile
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from . import _checks
from .errors import InvalidValueError, MissingExtraError
from .session import Session

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = [
    "FORMATS",
    "INSTALL",
    "arena_figure",
    "plot_path",
    "require",
    "save_figure",
    "session_figure",
]

INSTALL: Final = 'pip install "doppelkopf[plot]"'
"""The command that installs matplotlib, which the plots need."""

FORMATS: Final = {".png": "png", ".svg": "svg"}
"""The file suffixes :func:`save_figure` writes (any case), with matplotlib's format names."""

_SIZE: Final = (8.0, 4.8)
"""The size of a figure in inches; PNG files are written at 100 dots per inch."""

_BOCK_LABEL: Final = "Bock deal (scores multiplied, V§11.4)"
_VOID_LABEL: Final = "void deal (dealt again, V§8)"


def require() -> None:
    """Check that matplotlib, which the plots need, can be imported.

    A program calls it to fail early, before work whose results it means to plot.

    >>> require()

    Raises:
        MissingExtraError: matplotlib is not installed; the message says how to
            install it (:data:`INSTALL`).
    """
    try:
        import matplotlib.backends.backend_agg
        import matplotlib.figure  # noqa: F401 - importing both is the check
    except ImportError as error:
        raise MissingExtraError(
            f"the plots need matplotlib, which is not installed; install it with {INSTALL}",
            extra="plot",
            name="matplotlib",
        ) from error


def _figure() -> Figure:
    """A new empty figure drawn by the Agg renderer, or the error saying what to install."""
    require()
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=_SIZE, layout="constrained")
    FigureCanvasAgg(figure)
    return figure


def session_figure(session: Session, *, title: str | None = None) -> Figure:
    """The running totals of ``session``, one line per player (SPEC §2.5).

    The x axis counts the deals dealt, void deals included, as the score sheet
    lists them (:attr:`Session.rows <doppelkopf.Session.rows>`); point 0 is the
    start, with the totals carried over when the session resumed mid-way
    (:class:`~doppelkopf.session.SessionStart`).  Each line is labelled with the
    player's name when the session has names, else ``seat k``.  Bock deals
    (V§11.4) are marked with a diamond on every line, void deals (V§8) with a
    cross, and both kinds are in the legend when the session has one.  The title
    is ``title``, by default the deals played out of the session's.  For a
    program that reads the figure back, the players' lines have the gid
    ``"total"`` and the marks ``"bock"`` and ``"void"``.

    >>> from doppelkopf import Session
    >>> figure = session_figure(Session.new(0))
    >>> figure.axes[0].get_title()
    'Running totals after 0 of 12 deals'

    Raises:
        InvalidTypeError: ``session`` is no :class:`~doppelkopf.Session` or
            ``title`` no ``str``.
        MissingExtraError: matplotlib is not installed.
    """
    if not isinstance(session, Session):
        raise _checks.type_error(session, "session", "Session")
    if title is not None:
        _checks.text(title, "title")
    figure = _figure()
    axes = figure.add_subplot()
    rows = session.rows
    start = session.start.totals
    assert start is not None
    players = session.rules.players
    names = session.names or tuple(f"seat {seat}" for seat in range(players))
    heads = [_plain(name, _LONGEST_NAME) for name in names]
    xs = list(range(len(rows) + 1))
    for seat in range(players):
        ys = [start[seat], *(row.totals[seat] for row in rows)]
        axes.plot(xs, ys, marker="o", markersize=3, linewidth=1.6, label=heads[seat], gid="total")
    _mark(axes, rows, players, "bock", _BOCK_LABEL)
    _mark(axes, rows, players, "void", _VOID_LABEL)
    axes.axhline(0, color="0.6", linewidth=0.8, zorder=0)
    _whole_points(axes, [total for row in rows for total in row.totals] + list(start))
    axes.set_xlim(-0.3, max(len(rows), 1) + 0.3)
    axes.set_xticks(xs if len(xs) <= 30 else xs[:: math.ceil(len(xs) / 30)])
    played = sum(not row.void for row in rows) + session.start.played
    axes.set_title(
        _plain(title)
        if title is not None
        else f"Running totals after {played} of {session.rules.session_deals} deals"
    )
    start_name = "carried over" if session.start.played else "start"
    axes.set_xlabel(f"deals dealt, void deals included (0: {start_name})")
    axes.set_ylabel("running total (points)")
    axes.grid(True, color="0.9")
    axes.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize="small")
    return figure


def _whole_points(axes: Any, values: Sequence[int]) -> None:
    """Ticks at whole points only, and at least 3 points either way of the values' middle."""
    from matplotlib.ticker import MaxNLocator

    axes.yaxis.set_major_locator(MaxNLocator(integer=True))
    low, high = min(values), max(values)
    if high - low < 6:
        middle = (low + high) / 2
        axes.set_ylim(middle - 3.5, middle + 3.5)


_LONGEST_NAME: Final = 40
"""The most characters of a name a figure shows; a longer one is cut and ends with ``…``."""


def _plain(text: str, limit: int | None = None) -> str:
    """``text`` as matplotlib shows it literally: no ``$`` starts mathematical notation,
    no leading ``_`` hides a legend entry; cut to ``limit`` characters when given.

    >>> print(_plain("$x$"), _plain("_anna"), _plain("a" * 50, 10), sep="|")
    \\$x\\$| _anna|aaaaaaaaa…
    """
    if limit is not None and len(text) > limit:
        text = text[: limit - 1] + "…"
    text = text.replace("$", "\\$")
    return " " + text if text.startswith("_") else text


def _mark(axes: Any, rows: Sequence[Any], players: int, kind: str, label: str) -> None:
    """Mark every Bock or void deal of ``rows`` on each player's line, as one legend entry."""
    marked = [
        number
        for number, row in enumerate(rows, start=1)
        if (row.void if kind == "void" else row.multiplier > 1 and not row.void)
    ]
    if not marked:
        return
    xs = [number for number in marked for _ in range(players)]
    ys = [rows[number - 1].totals[seat] for number in marked for seat in range(players)]
    style = (
        {"marker": "D", "markersize": 8, "markerfacecolor": "none", "color": "firebrick"}
        if kind == "bock"
        else {"marker": "X", "markersize": 8, "color": "0.35"}
    )
    axes.plot(xs, ys, linestyle="none", label=label, zorder=3, gid=kind, **style)


def arena_figure(
    names: Sequence[str], scores: Sequence[Sequence[int]], *, title: str | None = None
) -> Figure:
    """The distribution of each player's scores over many deals, with its mean's 95 % interval.

    ``names[k]`` names player ``k`` and ``scores[k]`` holds its score in every
    deal played (SPEC §9; void deals have none, V§8), as ``doppelkopf arena``
    keeps them.  Each player gets a box of its scores (the quartiles, whiskers
    to 1.5 times the box, no outliers drawn), its mean as a dot and the 95 %
    confidence interval of the mean as an error bar (normal approximation,
    1.96 standard errors; none with fewer than two scores).  The line of the
    means has the gid ``"mean"``.

    >>> figure = arena_figure(["heuristic", "random"], [[2, -1, 3, 0], [-2, 1, -3, 0]])
    >>> [list(line.get_ydata()) for line in figure.axes[0].lines if line.get_gid() == "mean"]
    [[1.0, -1.0]]

    Raises:
        InvalidTypeError: a name that is no ``str``, a score that is no
            ``int``, or ``title`` no ``str``.
        InvalidValueError: no player, a different number of names and score
            lists, or a player without scores.
        MissingExtraError: matplotlib is not installed.
    """
    checked_names, checked = _arena_values(names, scores)
    if title is not None:
        _checks.text(title, "title")
    figure = _figure()
    axes = figure.add_subplot()
    positions = list(range(1, len(checked) + 1))
    boxes = axes.boxplot(
        [list(values) for values in checked],
        positions=positions,
        widths=0.5,
        showfliers=False,
        patch_artist=True,
        boxprops={"facecolor": "#dbe6f4", "edgecolor": "#4a6a94"},
        medianprops={"color": "#4a6a94"},
        whiskerprops={"color": "#4a6a94"},
        capprops={"color": "#4a6a94"},
    )
    boxes["boxes"][0].set_label("middle half of the scores, line at the median")
    means = [statistics.fmean(values) for values in checked]
    halves = [
        1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
        for values in checked
    ]
    bars = axes.errorbar(
        positions,
        means,
        yerr=halves,
        fmt="o",
        color="firebrick",
        ecolor="firebrick",
        elinewidth=2,
        capsize=6,
        label="mean with 95% confidence interval",
        zorder=3,
    )
    bars.lines[0].set_gid("mean")
    axes.axhline(0, color="0.6", linewidth=0.8, zorder=0)
    _whole_points(axes, [value for values in checked for value in values])
    axes.set_xticks(
        positions,
        [
            f"{_plain(name, _LONGEST_NAME)}\n(n={len(values)})"
            for name, values in zip(checked_names, checked, strict=True)
        ],
    )
    count = max(len(values) for values in checked)
    axes.set_title(_plain(title) if title is not None else f"Scores per deal over {count:,} deals")
    axes.set_xlabel("player")
    axes.set_ylabel("score per deal (points)")
    axes.grid(True, axis="y", color="0.9")
    axes.legend(loc="best", fontsize="small")
    return figure


_MAX_PLAYERS: Final = 64
"""The most players :func:`arena_figure` draws side by side."""


def _arena_values(
    names: object, scores: object
) -> tuple[tuple[str, ...], tuple[tuple[int, ...], ...]]:
    """``names`` and ``scores`` checked and copied for :func:`arena_figure`."""
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise _checks.type_error(names, "names", "sequence of str")
    if isinstance(scores, str) or not isinstance(scores, Sequence):
        raise _checks.type_error(scores, "scores", "sequence of sequences of int")
    checked_names = tuple(names)
    if not checked_names or len(checked_names) > _MAX_PLAYERS:
        raise InvalidValueError(f"names: give 1-{_MAX_PLAYERS} players, not {len(checked_names):,}")
    for name in checked_names:
        _checks.text(name, "names[k]")
    lists = tuple(scores)
    if len(lists) != len(checked_names):
        raise InvalidValueError(
            f"scores: one list per player, {len(checked_names)}, not {len(lists):,}"
        )
    checked: list[tuple[int, ...]] = []
    for name, values in zip(checked_names, lists, strict=True):
        if isinstance(values, str) or not isinstance(values, Sequence):
            raise _checks.type_error(values, "scores[k]", "sequence of int")
        copied = tuple(values)
        for value in copied:
            if type(value) is not int:
                raise _checks.type_error(value, "scores[k][i]", "int")
        if not copied:
            raise InvalidValueError(f"scores: {_checks.excerpt(name)} has no scores to draw")
        checked.append(copied)
    return checked_names, tuple(checked)


def save_figure(figure: Figure, path: str | os.PathLike[str]) -> Path:
    """Write ``figure`` to ``path`` as PNG or SVG by its suffix, replacing the file whole.

    The picture is drawn in memory first, then written to a new file in the same
    folder and renamed to ``path`` in one step (:func:`os.replace`): should
    anything fail, a file that was there is left as it was and the new file is
    removed.  Returns the path written.

    >>> import tempfile
    >>> from doppelkopf import Session
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = save_figure(session_figure(Session.new(0)), Path(folder) / "totals.svg")
    ...     path.read_bytes().startswith(b"<?xml")
    True

    Raises:
        InvalidValueError: the suffix is not ``.png`` or ``.svg``, or ``path``
            holds a NUL character.
        InvalidTypeError: ``figure`` is no matplotlib figure or ``path`` no
            ``str`` or ``os.PathLike``.
        MissingExtraError: matplotlib is not installed.
        OSError: the file cannot be written.
    """
    target = plot_path(path)
    require()
    from matplotlib.figure import Figure

    if not isinstance(figure, Figure):
        raise _checks.type_error(figure, "figure", "matplotlib Figure")
    buffer = io.BytesIO()
    with warnings.catch_warnings():
        # A character the font lacks is drawn as a box; a name may hold any character.
        warnings.filterwarnings("ignore", message="Glyph .* missing from font")
        warnings.filterwarnings("ignore", message="Matplotlib currently does not support")
        figure.savefig(buffer, format=FORMATS[target.suffix.lower()], dpi=100)
    _replace(target, buffer.getvalue())
    return target


def plot_path(path: object) -> Path:
    """``path`` as a :class:`~pathlib.Path` that :func:`save_figure` writes, or why not.

    >>> plot_path("totals.PNG").name
    'totals.PNG'
    >>> plot_path("totals.pdf")
    Traceback (most recent call last):
    ...
    doppelkopf.errors.InvalidValueError: plot file 'totals.pdf': the suffix must be .png or .svg

    Raises:
        InvalidTypeError: ``path`` is no ``str`` or ``os.PathLike``.
        InvalidValueError: the suffix is not ``.png`` or ``.svg`` (any case), or
            ``path`` holds a NUL character or one this system cannot write in
            a file name.
    """
    text = _checks.file_name(path, "plot file")
    target = Path(text)
    if target.suffix.lower() not in FORMATS:
        raise InvalidValueError(
            f"plot file {_checks.excerpt(text)}: the suffix must be .png or .svg"
        )
    return target


def _replace(target: Path, payload: bytes) -> None:
    """Write ``payload`` to a new file beside ``target``, flushed, then rename it to ``target``."""
    folder = target.parent
    handle = tempfile.NamedTemporaryFile(  # noqa: SIM115 - closed below, kept on success
        mode="wb", dir=folder, prefix=f".{target.name}.", suffix=".tmp", delete=False
    )
    try:
        with handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(handle.name, 0o666 & ~_umask())
        os.replace(handle.name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(handle.name)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
