"""The plots: a session's running totals and an arena run's score distribution (SPEC §2.5)."""

from __future__ import annotations

import io
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest
from matplotlib.container import ErrorbarContainer
from matplotlib.figure import Figure
from PIL import Image

from doppelkopf import (
    Deal,
    DealSummary,
    Declare,
    DoppelkopfError,
    GameType,
    InvalidTypeError,
    InvalidValueError,
    MissingExtraError,
    PartyResult,
    Reservation,
    Rules,
    Session,
    plots,
)
from doppelkopf.cli.arena import ArenaResult
from doppelkopf.session import SessionStart
from test_cli import SRC, run, run_process

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
BOCK_RULES = Rules(bock={"tie"}, schmeissen={"nines5"})
WON = DealSummary(
    GameType.NORMAL, {0, 2}, PartyResult(151, 7), PartyResult(89, 5), rules=BOCK_RULES
)
LOST = DealSummary(
    GameType.NORMAL, {1, 2}, PartyResult(100, 5), PartyResult(140, 7), rules=BOCK_RULES
)
TIE = DealSummary(
    GameType.NORMAL, {0, 3}, PartyResult(120, 6), PartyResult(120, 6), rules=BOCK_RULES
)


def won(rules: Rules = Rules.DDV) -> DealSummary:
    return DealSummary(
        GameType.NORMAL, {0, 2}, PartyResult(151, 7), PartyResult(89, 5), rules=rules
    )


def bock_session(names: list[str] | None = None) -> Session:
    """Deals 1-2 plain, deal 3 a tie (a Bock round follows, V§11), a void deal, then more."""
    session = Session.new(0, rules=BOCK_RULES, names=names)
    for step in (WON, LOST, TIE, None, WON, LOST, WON):
        session = session.add_void() if step is None else session.add_result(step)
    return session


def legend_texts(figure: Figure) -> list[str]:
    legend = figure.axes[0].get_legend()
    assert legend is not None
    return [text.get_text() for text in legend.get_texts()]


def lines(figure: Figure, gid: str) -> list[Any]:
    return [line for line in figure.axes[0].lines if line.get_gid() == gid]


# --- the session -------------------------------------------------------------------


def test_one_line_per_player_through_the_running_totals() -> None:
    session = bock_session(["Anna", "Ben", "Cem", "Dora"])
    figure = plots.session_figure(session)
    totals = lines(figure, "total")
    assert [line.get_label() for line in totals] == ["Anna", "Ben", "Cem", "Dora"]
    for seat, line in enumerate(totals):
        assert list(line.get_xdata()) == list(range(len(session.rows) + 1))
        assert [int(y) for y in line.get_ydata()] == [0] + [
            row.totals[seat] for row in session.rows
        ]
    assert legend_texts(figure)[:4] == ["Anna", "Ben", "Cem", "Dora"]
    axes = figure.axes[0]
    assert axes.get_title() == "Running totals after 6 of 12 deals"
    assert axes.get_xlabel().startswith("deals dealt")
    assert axes.get_ylabel() == "running total (points)"


def test_bock_and_void_deals_are_marked_on_every_line() -> None:
    session = bock_session()
    rows = session.rows
    bock = [n for n, row in enumerate(rows, start=1) if row.multiplier > 1 and not row.void]
    void = [n for n, row in enumerate(rows, start=1) if row.void]
    assert bock  # the session has both kinds
    assert void
    figure = plots.session_figure(session)
    (bock_marks,) = lines(figure, "bock")
    (void_marks,) = lines(figure, "void")
    assert sorted(set(bock_marks.get_xdata())) == bock
    assert sorted(set(void_marks.get_xdata())) == void
    expected = sorted((n, rows[n - 1].totals[seat]) for n in bock for seat in range(4))
    assert sorted(zip(bock_marks.get_xdata(), bock_marks.get_ydata(), strict=True)) == expected
    assert bock_marks.get_linestyle() == "None"
    labels = legend_texts(figure)
    assert labels[:4] == ["seat 0", "seat 1", "seat 2", "seat 3"]
    assert any("Bock" in label for label in labels)
    assert any("void" in label for label in labels)


def test_a_session_without_bock_or_void_deals_marks_none() -> None:
    figure = plots.session_figure(Session.new(1).add_result(won()))
    assert lines(figure, "bock") == lines(figure, "void") == []
    assert len(lines(figure, "total")) == 4


def test_a_session_resumed_mid_way_starts_from_the_totals_carried_over() -> None:
    start = SessionStart(played=4, totals=(6, -2, -2, -2))
    session = Session.new(0, start=start).add_result(won())
    figure = plots.session_figure(session, title="Evening two")
    assert [int(line.get_ydata()[0]) for line in lines(figure, "total")] == [6, -2, -2, -2]
    assert figure.axes[0].get_title() == "Evening two"
    assert "carried over" in figure.axes[0].get_xlabel()


def test_five_players_have_five_lines() -> None:
    session = Session.new(0, rules=Rules(players=5))
    session = session.add_result(won(Rules(players=5)))
    assert len(lines(plots.session_figure(session), "total")) == 5


def test_names_are_shown_as_written(tmp_path: Path) -> None:
    """A ``$`` starts no formula (an unbalanced one used to fail when drawn), a leading
    ``_`` hides no legend entry, and a character the font lacks warns of nothing."""
    names = ["$\\frac$", "_Ben", "漢字", "Dora"]
    figure = plots.session_figure(Session.new(0, names=names), title="$x_")
    assert legend_texts(figure) == ["\\$\\frac\\$", " _Ben", "漢字", "Dora"]
    arena = plots.arena_figure(names, [[1, 2]] * 4, title="$\\frac$")
    ticks = [label.get_text() for label in arena.axes[0].get_xticklabels()]
    assert ticks[0] == "\\$\\frac\\$\n(n=2)"
    for number, drawn in enumerate((figure, arena)):
        for suffix in (".png", ".svg"):  # warnings are errors in the tests
            plots.save_figure(drawn, tmp_path / f"{number}{suffix}")
    assert len(os.listdir(tmp_path)) == 4


def test_a_long_name_is_cut_in_the_arena() -> None:
    figure = plots.arena_figure(["x" * 100], [[1]])
    (tick,) = figure.axes[0].get_xticklabels()
    assert tick.get_text() == "x" * 39 + "…\n(n=1)"


@pytest.mark.parametrize("value", ["session", None, 3, Rules.DDV])
def test_session_figure_refuses_what_is_no_session(value: object) -> None:
    with pytest.raises(InvalidTypeError, match="session must be a Session"):
        plots.session_figure(value)  # type: ignore[arg-type]


# --- the arena ---------------------------------------------------------------------


def test_arena_figure_draws_the_means_and_their_intervals() -> None:
    scores = [[3, -1, 2, 4, -2], [-3, 1, -2, -4, 2]]
    figure = plots.arena_figure(["heuristic", "random"], scores)
    (means,) = lines(figure, "mean")
    assert list(means.get_ydata()) == [statistics.fmean(values) for values in scores]
    ticks = [label.get_text() for label in figure.axes[0].get_xticklabels()]
    assert ticks == ["heuristic\n(n=5)", "random\n(n=5)"]
    (bars,) = figure.axes[0].containers
    assert isinstance(bars, ErrorbarContainer)
    segments = bars.lines[2][0].get_segments()
    for values, segment in zip(scores, segments, strict=True):
        half = 1.96 * statistics.stdev(values) / len(values) ** 0.5
        low, high = sorted(y for _, y in segment)
        assert low == pytest.approx(statistics.fmean(values) - half)
        assert high == pytest.approx(statistics.fmean(values) + half)


def test_the_arena_result_keeps_every_bots_scores(capsys: pytest.CaptureFixture[str]) -> None:
    from doppelkopf import HeuristicPlayer, play_deal, settle
    from doppelkopf.cli.arena import arena_table

    bots = [HeuristicPlayer(seed=n) for n in range(4)]
    deals = tuple(play_deal(Deal.shuffled(seed=n), bots) for n in range(6))
    seating = tuple(tuple((bot + n) % 4 for bot in range(4)) for n in range(6))
    result = ArenaResult(("a", "b", "c", "d"), deals, seating)
    for bot in range(4):
        assert result.scores[bot] == tuple(
            settle(deal).scores[seats[bot]] for deal, seats in zip(deals, seating, strict=True)
        )
    mean = statistics.fmean(result.scores[0])
    assert f"{mean:+.2f}" in arena_table(deals, result.names, seating=seating)[1]


def thrown_in(rules: Rules) -> Deal:
    """A deal that the first seat able to throw in (Schmeißen, V§7) threw in: void (V§8)."""
    for seed in range(1000):
        deal = Deal.shuffled(seed=seed, rules=rules)
        while deal.game_type is None and not deal.is_void:
            options = [action for action in deal.legal_actions if isinstance(action, Declare)]
            throws = [action for action in options if action.reservation is Reservation.THROW]
            deal = deal.apply(
                throws[0] if throws else Declare(options[0].seat, Reservation.HEALTHY)
            )
        if deal.is_void:
            return deal
    raise AssertionError("no deal of 1000 could be thrown in")


def test_the_arena_result_leaves_void_deals_out_of_the_scores() -> None:
    from doppelkopf import RandomPlayer, play_deal, settle

    rules = Rules(schmeissen={"nines5", "kings5", "nines4_kings4", "full7", "trumps1"})
    bots = [RandomPlayer(seed=n) for n in range(4)]
    deals = tuple(play_deal(Deal.shuffled(seed=n, rules=rules), bots) for n in range(6))
    deals = (*deals[:3], thrown_in(rules), *deals[3:])
    result = ArenaResult(("a", "b", "c", "d"), deals, ((0, 1, 2, 3),) * len(deals))
    played = [deal for deal in deals if not deal.is_void]
    assert result.scores[2] == tuple(settle(deal).scores[2] for deal in played)


@pytest.mark.parametrize(
    ("names", "seating", "error", "match"),
    [
        (("a", "b", "c"), ((0, 1, 2, 3),), InvalidTypeError, "names must be a tuple"),
        (["a", "b", "c", "d"], ((0, 1, 2, 3),), InvalidTypeError, "names must be a tuple"),
        (("a", "b", "c", 4), ((0, 1, 2, 3),), InvalidTypeError, "names"),
        (("a", "b", "c", "d"), (), InvalidValueError, "one seating per deal"),
        (("a", "b", "c", "d"), ((0, 1, 2, 2),), InvalidValueError, "the seats 0-3"),
        (("a", "b", "c", "d"), ((0, 1, "2", 3),), InvalidValueError, "the seats 0-3"),
        (("a", "b", "c", "d"), ([0, 1, 2, 3],), InvalidValueError, "the seats 0-3"),
        (("a", "b", "c", "d"), ((0, 1, [2], 3),), InvalidValueError, "the seats 0-3"),
    ],
)
def test_the_arena_result_refuses_bad_values(
    names: Any, seating: Any, error: type[DoppelkopfError], match: str
) -> None:
    with pytest.raises(error, match=match):
        ArenaResult(names, (Deal.shuffled(seed=1),), seating)
    with pytest.raises(InvalidTypeError, match="deals"):
        ArenaResult(("a", "b", "c", "d"), ("deal",), ((0, 1, 2, 3),))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("names", "scores", "error", "match"),
    [
        ([], [], InvalidValueError, "give 1-64 players"),
        (["a"], [[1], [2]], InvalidValueError, "one list per player"),
        (["a"], [[]], InvalidValueError, "has no scores"),
        (["a"], [[1.5]], InvalidTypeError, "int"),
        (["a"], [[True]], InvalidTypeError, "int"),
        ([3], [[1]], InvalidTypeError, "str"),
        ("ab", [[1], [2]], InvalidTypeError, "names"),
        (["a"], "1", InvalidTypeError, "scores"),
        (["a"], [7], InvalidTypeError, "scores"),
    ],
)
def test_arena_figure_refuses_bad_values(
    names: Any, scores: Any, error: type[DoppelkopfError], match: str
) -> None:
    with pytest.raises(error, match=match):
        plots.arena_figure(names, scores)


# --- the files ---------------------------------------------------------------------


def test_save_writes_png_and_svg_by_the_suffix(tmp_path: Path) -> None:
    figure = plots.session_figure(bock_session())
    png = plots.save_figure(figure, tmp_path / "totals.PNG")
    data = png.read_bytes()
    assert data.startswith(PNG_SIGNATURE)
    with Image.open(io.BytesIO(data)) as image:
        image.verify()
        assert image.format == "PNG"
        assert image.size == (800, 480)
    svg = plots.save_figure(figure, str(tmp_path / "totals.svg"))
    root = ElementTree.parse(svg).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert sorted(os.listdir(tmp_path)) == ["totals.PNG", "totals.svg"]


@pytest.mark.parametrize("name", ["totals.pdf", "totals", "totals.png.txt", ".png"])
def test_save_refuses_other_suffixes(tmp_path: Path, name: str) -> None:
    with pytest.raises(InvalidValueError, match=r"the suffix must be \.png or \.svg"):
        plots.save_figure(plots.session_figure(Session.new(0)), tmp_path / name)
    assert os.listdir(tmp_path) == []


def test_save_refuses_what_is_no_path_or_figure(tmp_path: Path) -> None:
    figure = plots.session_figure(Session.new(0))
    with pytest.raises(InvalidTypeError, match=r"path must be a str or os\.PathLike"):
        plots.save_figure(figure, 3)  # type: ignore[arg-type]
    with pytest.raises(InvalidValueError, match="NUL"):
        plots.save_figure(figure, "a\0.png")
    with pytest.raises(InvalidValueError, match="encoding of file names"):
        plots.save_figure(figure, tmp_path / "a\ud800.png")
    assert os.listdir(tmp_path) == []
    with pytest.raises(InvalidTypeError, match="figure must be a matplotlib Figure"):
        plots.save_figure("figure", tmp_path / "a.png")  # type: ignore[arg-type]


@pytest.mark.parametrize("stage", ["replace", "draw", "write"])
def test_a_failed_save_leaves_the_old_file_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stage: str
) -> None:
    path = tmp_path / "totals.png"
    path.write_bytes(b"the old picture")
    figure = plots.session_figure(bock_session())

    def fail(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    if stage == "replace":
        monkeypatch.setattr(os, "replace", fail)
    elif stage == "draw":
        monkeypatch.setattr(figure, "savefig", fail)
    else:
        monkeypatch.setattr(os, "fsync", fail)
    with pytest.raises(OSError, match="No space left"):
        plots.save_figure(figure, path)
    assert path.read_bytes() == b"the old picture"
    assert os.listdir(tmp_path) == ["totals.png"]  # no temporary file is left


def test_save_into_a_missing_folder_is_an_os_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        plots.save_figure(plots.session_figure(Session.new(0)), tmp_path / "no" / "a.png")


# --- without matplotlib ------------------------------------------------------------


def block_matplotlib(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every import of matplotlib fail, as where the extra is not installed."""
    for name in [name for name in sys.modules if name.split(".")[0] == "matplotlib"]:
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.setitem(sys.modules, "matplotlib", None)


def test_without_matplotlib_a_plot_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    figure = plots.session_figure(Session.new(0))
    block_matplotlib(monkeypatch)
    calls = [
        lambda: plots.session_figure(Session.new(0)),
        lambda: plots.arena_figure(["a"], [[1]]),
        lambda: plots.save_figure(figure, "a.png"),
        plots.require,
    ]
    for call in calls:
        with pytest.raises(MissingExtraError) as caught:
            call()
        error = caught.value
        assert isinstance(error, ImportError)
        assert isinstance(error, DoppelkopfError)
        assert str(error) == (
            "the plots need matplotlib, which is not installed; install it with "
            'pip install "doppelkopf[plot]"'
        )
        assert (error.extra, error.name) == ("plot", "matplotlib")


def test_importing_the_plots_does_not_import_matplotlib() -> None:
    code = (
        "import sys; sys.modules['matplotlib'] = None\n"
        "import doppelkopf.plots, doppelkopf.cli\n"
        "try:\n"
        "    doppelkopf.plots.require()\n"
        "except ImportError as error:\n"
        "    print(type(error).__name__, error)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        encoding="utf-8",
        env={**os.environ, "PYTHONPATH": str(SRC)},
        timeout=60,
        check=True,
    )
    assert done.stdout == (
        "MissingExtraError the plots need matplotlib, which is not installed; install it "
        'with pip install "doppelkopf[plot]"\n'
    )


# --- the command line --------------------------------------------------------------


def test_sheet_plots_the_running_totals(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "evening.png"
    monkeypatch.setattr(sys, "stdin", io.StringIO("re 0,2 151\nvoid\nre 1,3 160\n"))
    status, out, err = run(
        capsys, "sheet", "--names", "A,B,C,D", "--option", "schmeissen=nines5", "--plot", str(path)
    )
    assert (status, err) == (1, "")  # the input ended before the last deal
    assert out.splitlines()[-2:] == [
        f"Plot written to {path}.",
        "The input ended after 2 of 12 deals.",
    ]
    assert path.read_bytes().startswith(PNG_SIGNATURE)


def test_sheet_plots_also_when_a_line_stops_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "evening.svg"
    monkeypatch.setattr(sys, "stdin", io.StringIO("re 0,2 151\nnonsense\n"))
    status, out, err = run(capsys, "sheet", "--plot", str(path))
    assert status == 2
    assert "line 2:" in err
    assert f"Plot written to {path}." in out
    assert ElementTree.parse(path).getroot().tag.endswith("svg")


def test_arena_plots_the_scores(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "arena.svg"
    status, out, err = run(capsys, "arena", "--deals", "8", "--seed", "3", "--plot", str(path))
    assert (status, err) == (0, "")
    assert out.endswith(f"Plot written to {path}.\n")
    assert b"heuristic" in path.read_bytes()


@pytest.mark.parametrize("command", ["sheet", "arena"])
@pytest.mark.parametrize("name", ["out.pdf", "out", "out.jpg"])
def test_the_plot_file_must_be_png_or_svg(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, name: str
) -> None:
    status, _, err = run(capsys, command, "--plot", str(tmp_path / name))
    assert status == 2
    assert "argument --plot:" in err
    assert "a plot is written as PNG or SVG, so the file name ends in .png or .svg" in err
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize("command", ["sheet", "arena"])
def test_a_plot_into_a_missing_folder_fails_before_any_work(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    status, out, err = run(capsys, command, "--plot", str(tmp_path / "no" / "a.png"))
    assert (status, out) == (2, "")
    assert "--plot: cannot write" in err
    assert "does not exist" in err


@pytest.mark.parametrize("command", ["sheet", "arena"])
def test_without_matplotlib_the_command_says_what_to_install(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    command: str,
) -> None:
    block_matplotlib(monkeypatch)
    status, out, err = run(capsys, command, "--plot", str(tmp_path / "a.png"))
    assert (status, out) == (2, "")
    assert err == (
        f"doppelkopf {command}: error: --plot: the plots need matplotlib, which is not "
        'installed; install it with pip install "doppelkopf[plot]"\n'
    )


def test_plot_through_python_dash_m(tmp_path: Path) -> None:
    path = tmp_path / "arena.png"
    done = run_process("arena", "--deals", "2", "--seed", "1", "--plot", str(path))
    assert (done.returncode, done.stderr) == (0, "")
    assert path.read_bytes().startswith(PNG_SIGNATURE)


@pytest.mark.parametrize("command", ["sheet", "arena"])
def test_a_plot_where_a_file_or_folder_is_in_the_way_fails_before_any_work(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    (tmp_path / "file").write_text("", encoding="utf-8")
    (tmp_path / "folder.png").mkdir()
    for path, reason in (("file/a.png", "is not a folder"), ("folder.png", "it is a folder")):
        status, out, err = run(capsys, command, "--plot", str(tmp_path / path))
        assert (status, out) == (2, "")
        assert reason in err


def test_a_plot_that_cannot_be_written_exits_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def fail(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)
    path = tmp_path / "a.png"
    status, out, err = run(capsys, "arena", "--deals", "2", "--seed", "1", "--plot", str(path))
    assert out.startswith("2 deals (seed 1)")
    assert status == 1
    assert err == f"doppelkopf arena: error: cannot write {path}: No space left on device\n"
    assert os.listdir(tmp_path) == []
