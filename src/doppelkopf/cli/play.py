"""``doppelkopf play``: a person at the terminal against three bots."""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Sequence

from ..deal import (
    Deal,
)
from ..players import HeuristicPlayer, Player, play_deal
from ..scoring import settle
from ..session import SESSION_LENGTH, Session
from ._common import (
    EXIT_FAILURE,
    EXIT_OK,
    _add_ascii,
    _add_rules,
    _add_seed,
    _print_rules,
    _random_seed,
    _rules,
    _signed,
    _table_seat,
    _UsageError,
)
from ._narration import play_narrated
from ._terminal import GameAbandoned, TerminalPlayer

__all__ = ["GameAbandoned", "TerminalPlayer", "play_narrated"]


def _deal_title(session: Session, seat: int, number: int, total: int, again: bool) -> str:
    """The title of the next deal of ``session`` for the person at table ``seat``."""
    title = f"Deal {number} of {total}"
    if again:
        title += " (dealt again)"
    return title


def _table_lines(session: Session, seat: int) -> list[str]:
    """What the session tells before a deal: five players' seats, compulsory solos, Bock."""
    rules = session.rules
    lines = []
    if rules.compulsory_solo:
        owing = sorted(session.owing)
        if owing:
            you = " (you among them)" if seat in owing else ""
            lines.append(
                f"Compulsory solos still owed by {_seat_list(owing)}{you}; "
                f"{session.deals_left} deals left (V§9)."
            )
    if session.bock_multiplier > 1:
        lines.append(f"Bock deal: every score counts ×{session.bock_multiplier} (V§11).")
    return lines


def _seat_list(seats: Sequence[int]) -> str:
    return ("seat " if len(seats) == 1 else "seats ") + ", ".join(map(str, seats))


def _sat_out(deal: Deal, session: Session, seat: int, out: Callable[[str], None]) -> None:
    """Tell briefly what the bots did in a deal the person sat out (V§10)."""
    row = session.rows[-1]
    if row.void:
        void = deal.void
        assert void is not None
        table = row.seats[void.seat]
        why = (
            f"seat {table} threw in ({void.throw_reason})"
            if void.reason == "thrown"
            else f"nobody accepted the Armut of seat {table}"
        )
        out(f"The four others played: {why}, so the deal is void; seat {row.dealer} deals again.")
        return
    scores = ", ".join(
        f"{'you' if table == seat else f'seat {table}'} {_signed(score)}"
        for table, score in enumerate(row.scores)
    )
    out(f"The four others played a {row.contract}: {scores}.")


def _run_play(args: argparse.Namespace) -> int:
    seed: int = args.seed if args.seed is not None else _random_seed()
    seat: int = args.seat
    ascii_only: bool = args.ascii
    out: Callable[[str], None] = print
    rules = _rules(args)
    if seat >= rules.players:
        raise _UsageError(
            f"--seat {seat} is not at a table of {rules.players} players: choose "
            f"0-{rules.players - 1}"
        )
    human = TerminalPlayer(input, out, ascii_only=ascii_only, ask_off_turn=args.ask_off_turn)
    rng = random.Random(seed)
    session = Session.new(rng=rng, rules=rules)
    table: list[Player] = [HeuristicPlayer(seed=rng.getrandbits(32)) for _ in range(rules.players)]
    table[seat] = human
    total = rules.session_deals
    deals = total if args.session else 1
    others = "three" if rules.players == 4 else "four"
    out(
        f"Doppelkopf: you are seat {seat} against {others} heuristic players (seed {seed}). "
        "Type ? for help, q to quit."
    )
    _print_rules(rules)
    again = False
    try:
        while len(session) < deals:
            out("")
            number = len(session) + 1
            title = (
                _deal_title(session, seat, number, total, again)
                if args.session
                else ("The deal again" if again else "A deal")
            )
            for line in _table_lines(session, seat):
                out(line)
            seats = session.seats
            players = [table[table_seat] for table_seat in seats]
            deal = session.next_deal(rng=rng)
            if seat not in seats:
                out(f"{title}: you deal and sit out, writing 0 (V§10).")
                deal = play_deal(deal, players)
                session = session.add(deal)
                _sat_out(deal, session, seat, out)
            else:
                deal = play_narrated(
                    deal,
                    players,
                    seat=seats.index(seat),
                    output_fn=out,
                    ascii_only=ascii_only,
                    title=title,
                    table_seats=seats if rules.players == 5 else None,
                )
                session = session.add(deal)
                if not deal.is_void:
                    row = session.rows[-1]
                    out("")
                    out(str(settle(deal)))
                    if row.multiplier > 1:
                        out(f"Bock: the scores count ×{row.multiplier} (V§11.4).")
                    out(f"You score {_signed(row.scores[seat])}.")
            again = deal.is_void
            if args.session and not again:
                out("")
                out(session.score_sheet())
    except GameAbandoned:
        out("Game abandoned.")
        return EXIT_FAILURE
    return EXIT_OK


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``play`` subcommand to ``commands``."""
    play = commands.add_parser(
        "play",
        help="play a deal against three bots",
        description=(
            "Play one seat against three heuristic players, answering on the terminal. "
            "Exit status 0 when the game was played to the end, 1 when it was left "
            "with q or by closing the input."
        ),
    )
    play.add_argument(
        "--seat",
        type=_table_seat,
        default=0,
        metavar="N",
        help="your seat, 0-3, or 0-4 at five players (default: 0)",
    )
    _add_seed(play, "the game")
    play.add_argument(
        "--session",
        action="store_true",
        help=f"play a whole session ({SESSION_LENGTH} deals under the DDV rules, 24 in a "
        "tournament, 3 per player in general; void deals are dealt again)",
    )
    play.add_argument(
        "--ask-off-turn",
        action="store_true",
        help="also offer announcements after every card of the others, not only on your turn",
    )
    _add_rules(play)
    _add_ascii(play)
    play.set_defaults(handler=_run_play)
