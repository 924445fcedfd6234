"""What the commands share: exit statuses, errors, writing cards and seats, option types."""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Final, NoReturn

from .._checks import excerpt
from .._json import parse_json
from ..cards import Card
from ..deal import (
    Announced,
    Reservation,
)
from ..errors import DoppelkopfError
from ..parties import Announcement
from ..rules import USUAL_THROW_REASONS, GameType, Rules

if TYPE_CHECKING:
    from matplotlib.figure import Figure

_Handler = Callable[[argparse.Namespace], int]

EXIT_OK: Final = 0
EXIT_FAILURE: Final = 1
EXIT_USAGE: Final = 2
EXIT_INTERRUPTED: Final = 130

_MARRIAGE_TYPES: Final = (GameType.MARRIAGE, GameType.MARRIAGE_SOLO)
_CLUB_QUEEN: Final = Card.parse("♣Q")
_PRESETS: Final = ("ddv", "tournament", "xix")  # the names Rules.preset knows (V§0.3)
_RULES_PAGE: Final = 'the documentation\'s page "Rule options"'


class _UsageError(DoppelkopfError, ValueError):
    """A value on the command line or in an input file that the command cannot use."""


# --- writing cards and seats -----------------------------------------------------


def _card(card: Card, ascii_only: bool) -> str:
    return card.ascii if ascii_only else str(card)


def _cards(cards: Sequence[Card], ascii_only: bool) -> str:
    return " ".join(_card(card, ascii_only) for card in cards)


def _seats(seats: Sequence[int] | frozenset[int]) -> str:
    numbers = sorted(seats)
    noun = "seat" if len(numbers) == 1 else "seats"
    return f"{noun} {', '.join(str(seat) for seat in numbers)}"


def _seat_number(seat: int, table: Sequence[int] | None) -> int:
    """The number a person knows a deal's ``seat`` by: its table seat at five players (V§10)."""
    return seat if table is None else table[seat]


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def _reservation_text(reservation: Reservation) -> str:
    if reservation is Reservation.HEALTHY:
        return "healthy"
    if reservation is Reservation.THROW:
        return "Vorbehalt (Schmeißen)"
    if reservation is Reservation.POVERTY:
        return "Vorbehalt (Armut)"
    game = reservation.game_type
    assert game is not None
    return f"Vorbehalt ({game})"


def _asking_order(dealer: int) -> list[int]:
    return [(dealer + offset) % 4 for offset in (1, 2, 3, 4)]


def _announcement_text(event: Announced, held: int | None) -> str:
    """``"Kontra"``, ``"keine 60 (with Re, keine 90)"``: what the announcement said and implied.

    ``held`` is the party's level just before (``None`` for nothing announced).
    """
    word = event.level.label(event.party)
    first = 0 if held is None else held + 1
    implied = [Announcement(level).label(event.party) for level in range(first, event.level)]
    if implied:
        word += f" (with {', '.join(implied)})"
    if event.late_reply:
        word += " as a late reply (§8.6c)"
    return word


def _random_seed() -> int:
    return random.SystemRandom().randrange(1_000_000)


def _write_file(path: Path, write: Callable[[Path], object]) -> None:
    try:
        write(path)
    except OSError as error:
        raise _FileError(f"cannot write {path}: {error.strerror or error}") from error


def _check_writable(path: Path) -> None:
    """Fail now, before any work, when ``path`` cannot be written: a missing folder, a
    folder in its place, or no permission.  An existing file is opened for appending and
    left as it was; a new one is created and removed again.
    """
    folder = path.parent
    if not folder.is_dir():
        what = "is not a folder" if folder.exists() else "does not exist"
        _fail(f"cannot write {_cut(str(path), 80)}: the folder {_cut(str(folder), 80)} {what}")
    if path.is_dir():
        _fail(f"cannot write {_cut(str(path), 80)}: it is a folder")
    existed = path.exists()
    try:
        with path.open("a" if existed else "x", encoding="utf-8"):
            pass
        if not existed:
            path.unlink()
    except OSError as error:
        _fail(f"cannot write {_cut(str(path), 80)}: {error.strerror or error}")


class _CommandFailure(Exception):
    """The command could not finish its job (exit status 1)."""


# --- reading lines ---------------------------------------------------------------------

MAX_INPUT_LINE: Final = 4096
"""The longest line of standard input the commands read, in characters."""


class _InputError(_UsageError):
    """A line of standard input that cannot be read: too long, or not UTF-8 text."""


def _too_long(limit: int) -> _InputError:
    return _InputError(f"the line is longer than {limit} characters")


def _read_piped(limit: int) -> str:
    """The next line of standard input, without its line end, read ``limit`` characters
    at most; the rest of a longer line is skipped and the line refused.

    Raises:
        EOFError: the input ended.
        _InputError: the line is longer than ``limit`` characters, or not UTF-8 text.
    """
    stream = sys.stdin
    buffer = getattr(stream, "buffer", None)
    if buffer is None:  # a text stream without bytes beneath (io.StringIO)
        text: str = stream.readline(limit + 1)
        if not text:
            raise EOFError
        if len(text.rstrip("\r\n")) > limit:
            while text and not text.endswith("\n"):
                text = stream.readline(limit + 1)
            raise _too_long(limit)
        return text.rstrip("\r\n")
    most = 4 * limit + 2  # every character in 4 bytes at most, then "\r\n"
    raw: bytes = buffer.readline(most)
    if not raw:
        raise EOFError
    if len(raw) == most and not raw.endswith(b"\n"):
        while raw and not raw.endswith(b"\n"):
            raw = buffer.readline(most)
        raise _too_long(limit)
    try:
        line = raw.decode("utf-8").rstrip("\r\n")
    except UnicodeDecodeError as error:
        raise _InputError(
            f"the line is not UTF-8 text: byte 0x{raw[error.start]:02x} at byte "
            f"{error.start + 1} does not belong there"
        ) from None
    if len(line) > limit:
        raise _too_long(limit)
    return line


def _line_reader(limit: int = MAX_INPUT_LINE, *, echo: bool = True) -> Callable[[str], str]:
    """How a command asks for lines: :func:`input` at a terminal, with its line editing;
    otherwise lines read ``limit`` characters at most, the prompt written first with ``echo``.

    The reader raises :class:`EOFError` at the end of the input, and an
    :class:`_InputError` for a line that is too long or not UTF-8 text.
    """

    def typed(prompt: str) -> str:
        try:
            return input(prompt)
        except UnicodeDecodeError as error:
            raise _InputError(f"the line is not UTF-8 text: {error.reason}") from None

    def piped(prompt: str) -> str:
        if echo:
            print(prompt, end="", flush=True)
        return _read_piped(limit)

    return typed if sys.stdin.isatty() else piped


# --- plots ---------------------------------------------------------------------------


def _plot_file(text: str) -> Path:
    """The ``--plot`` file: a path ending in ``.png`` or ``.svg`` (any case)."""
    from .. import plots

    try:
        return plots.plot_path(text)
    except DoppelkopfError:
        raise argparse.ArgumentTypeError(
            f"{_show(text)}: a plot is written as PNG or SVG, so the file name ends in .png or .svg"
        ) from None


def _add_plot(parser: argparse.ArgumentParser, what: str) -> None:
    """Add ``--plot FILE`` (PNG or SVG by the suffix) to ``parser``; ``what`` it draws."""
    parser.add_argument(
        "--plot",
        type=_plot_file,
        metavar="FILE",
        help=f"{what} (FILE ends in .png or .svg; needs matplotlib, the extra "
        '"plot": pip install "doppelkopf[plot]")',
    )


def _check_plot(path: Path) -> None:
    """Fail now, before any work, when the plot cannot be drawn or written to ``path``:
    matplotlib missing, a missing folder, a folder in its place, or no permission to add
    a file to the folder (the plot is written beside ``path`` and renamed to it)."""
    from .. import plots

    try:
        plots.require()
    except DoppelkopfError as error:
        _fail(f"--plot: {error}")
    folder = path.parent
    if not folder.is_dir():
        what = "is not a folder" if folder.exists() else "does not exist"
        _fail(
            f"--plot: cannot write {_cut(str(path), 80)}: the folder {_cut(str(folder), 80)} {what}"
        )
    if path.is_dir():
        _fail(f"--plot: cannot write {_cut(str(path), 80)}: it is a folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        _fail(f"--plot: cannot write {_cut(str(path), 80)}: the folder is not writable")


def _write_plot(path: Path, draw: Callable[[ModuleType], Figure]) -> None:
    """Draw a figure with ``draw(doppelkopf.plots)`` and write it to ``path``; say so."""
    from .. import plots

    figure = draw(plots)
    try:
        plots.save_figure(figure, path)
    except OSError as error:
        raise _FileError(f"cannot write {path}: {error.strerror or error}") from error
    print(f"Plot written to {path}.")


class _FileError(_CommandFailure):
    """A file the command needs could not be read or written."""


def _count(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        digits = text.strip().lstrip("+-").replace("_", "")
        if digits.isdecimal():  # more digits than int() reads
            raise argparse.ArgumentTypeError(
                f"a number of {len(digits)} digits is too long: {_show(text)}"
            ) from None
        raise argparse.ArgumentTypeError(f"not a whole number: {_show(text)}") from None


def _fail(message: str) -> NoReturn:
    raise _UsageError(message)


def _positive(text: str) -> int:
    value = _count(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {_show(value)}")
    return value


def _table_seat(text: str) -> int:
    """A table seat, 0-3, or 0-4 at five players (V§10); checked against the rules later."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"a seat is 0, 1, 2 or 3 (4 at five players), not {_show(text)}"
        ) from None
    if not 0 <= value <= 4:
        raise argparse.ArgumentTypeError(
            f"a seat is 0, 1, 2 or 3 (4 at five players), not {_show(value)}"
        )
    return value


def _add_seed(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument(
        "--seed",
        type=_count,
        default=None,
        metavar="N",
        help=f"seed of {what} (default: a random seed, which is printed)",
    )


def _add_ascii(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--ascii",
        action="store_true",
        help="write cards as CQ, H10, ... instead of with suit symbols",
    )


def _show(value: object) -> str:
    """``value`` quoted briefly for a message (at most 40 characters, in JSON notation)."""
    return excerpt(value, notation="json")


def _cut(text: str, limit: int = 40) -> str:
    """``text``, or its first characters and ``...`` when it is longer than ``limit``."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _parse_json(text: str | bytes, name: str) -> object:
    """The JSON value in ``text``, read from ``name``; text that is not safe, plain JSON
    (too long or too deep, a key twice, a huge number, not UTF-8) is a usage error."""
    return parse_json(text, error=_UsageError, what=name)


# --- the rules in force --------------------------------------------------------------


def _add_rules(parser: argparse.ArgumentParser) -> None:
    """Add ``--rules PRESET`` and the repeatable ``--option NAME=VALUE`` (V§0)."""
    parser.add_argument(
        "--rules",
        default="ddv",
        metavar="PRESET",
        help=f"the rule set to start from: {', '.join(_PRESETS)} (default: ddv, the DDV "
        f"rules of the documentation's Rules pages; the presets are V§0.3 of {_RULES_PAGE})",
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="change one option of the rule set, such as nines=false, "
        "second_dulle=always or schmeissen=nines5+kings5 (schmeissen alone is that pair; "
        "give each option once; the options are "
        f"{', '.join(Rules.DDV.as_dict())}, described in V§0.1 of {_RULES_PAGE})",
    )


def _rules(args: argparse.Namespace) -> Rules:
    """The rules of ``--rules`` and ``--option``: the preset with the options changed.

    A bad preset, option or value, or an option given twice, is a usage error naming it
    and its section of the rule options (V§0.1, V§0.3, V§0.4).
    """
    options: dict[str, str] = {}
    for given in args.option:
        # V§7.1: the option named alone is SUMMARY's usual pair of reasons.
        usual = "schmeissen=" + "+".join(sorted(USUAL_THROW_REASONS))
        item = usual if given.strip() == "schmeissen" else given
        name, equals, value = item.partition("=")
        name = name.strip()
        if not equals or not name:
            _fail(f"--option takes NAME=VALUE, such as nines=false, not {_show(item)}")
        if name in options:
            _fail(
                f"--option {_cut(name)} is given twice, as {_show(options[name])} and "
                f"{_show(value)}: give each option once (V§0.1)"
            )
        options[name] = value
    try:
        base = Rules.preset(args.rules)
        return Rules.from_options(options, base=base)
    except DoppelkopfError as error:
        raise _UsageError(str(error)) from None
    except (ArithmeticError, LookupError, TypeError, ValueError):
        # Every value the rules refuse is an InvalidRulesError; any other error is still
        # the fault of a value typed here, and named as such rather than shown as a trace.
        name = _culprit(options)
        _fail(f"option {name} cannot be {_show(options[name])} (V§0.1)")


def _culprit(options: dict[str, str]) -> str:
    """The first option in ``options`` that the rules cannot take on its own, else the first."""
    for name, value in options.items():
        try:
            Rules.from_options({name: value})
        except Exception:  # the error that was not an InvalidRulesError
            return name
    return next(iter(options), "")


def _rules_line(rules: Rules) -> str | None:
    """``"Rules: nines=false, second_dulle=always"``, or ``None`` for the default rules."""
    return None if rules == Rules.DDV else f"Rules: {rules}"


def _print_rules(rules: Rules) -> None:
    """Print the rules in force when they are not the default."""
    line = _rules_line(rules)
    if line is not None:
        print(line)
