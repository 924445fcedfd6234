"""``doppelkopf demo``: four bots play a session, narrated deal by deal."""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from .._text_table import Column, lay_out, pad
from ..cards import Hand
from ..deal import (
    Announced,
    Deal,
    Play,
    Poverty,
    Reservation,
    SoloKind,
)
from ..deal.throwing import REASON_TEXT
from ..errors import InvalidValueError
from ..parties import Party
from ..players import HeuristicPlayer, play_deal
from ..records import dump_session, save
from ..rules import GameType
from ..scoring import settle
from ..session import SESSION_LENGTH, Session
from ..specials import SpecialEvent, SpecialKind
from ..tricks import Trick
from ._common import (
    _CLUB_QUEEN,
    _MARRIAGE_TYPES,
    EXIT_OK,
    _add_ascii,
    _add_rules,
    _add_seed,
    _announcement_text,
    _asking_order,
    _card,
    _cards,
    _check_writable,
    _positive,
    _print_rules,
    _random_seed,
    _reservation_text,
    _rules,
    _seats,
    _signed,
    _UsageError,
    _write_file,
)

# --- narrating a finished deal ---------------------------------------------------


def _contract_line(deal: Deal, game: GameType, ascii_only: bool) -> str:
    """The contract as named at the end of the reservation round (SPEC §3.3)."""
    queen = _card(_CLUB_QUEEN, ascii_only)
    declarer = deal.declarer
    others = [seat for seat in range(4) if seat != declarer]
    if game in _MARRIAGE_TYPES:
        return (
            f"Contract: marriage by seat {declarer} (both {queen}), who takes as partner the first "
            "other winner of tricks 1-3 (§7.2)."
        )
    if game is GameType.SILENT_MARRIAGE:
        return (
            f"Contract: silent marriage by seat {declarer} (both {queen}, said healthy), alone "
            f"against {_seats(others)} (§7.5)."
        )
    if game is GameType.POVERTY:
        partner = deal.partner
        kontra = [seat for seat in range(4) if seat not in (declarer, partner)]
        return (
            f"Contract: Armut, Re seats {declarer}, {partner} (the poor player and the "
            f"acceptor) against Kontra {_seats(kontra)} (V§6.4)."
        )
    if game.is_solo:
        line = f"Contract: {game} by seat {declarer}, alone against {_seats(others)}"
        kind = deal.solo_kind
        if deal.rules.compulsory_solo and kind is not None:
            if kind is SoloKind.VOLUNTARY:
                line += ", a Lustsolo (V§9.1)"
            else:
                line += f", a {kind}; seat {declarer} leads trick 1 (V§9.3)"
        return line + "."
    re = [seat for seat in range(4) if deal.parties[seat] is Party.RE]
    kontra = [seat for seat in range(4) if seat not in re]
    return (
        f"Contract: normal game, Re {_seats(re)} (the {queen} holders) "
        f"against Kontra {_seats(kontra)}."
    )


def _special_note(event: SpecialEvent) -> str:
    if event.kind is SpecialKind.FOX_CAUGHT:
        return f"fox of seat {event.victim} caught ({event.party})"
    return f"{event.kind} ({event.party})"


def _trick_notes(
    deal: Deal, number: int, winner: int, specials: Sequence[SpecialEvent]
) -> list[str]:
    notes = [_special_note(event) for event in specials if event.trick == number]
    if deal.game_type in _MARRIAGE_TYPES and deal.clarification_trick == number:
        if deal.game_type is GameType.MARRIAGE:
            notes.insert(0, f"seat {winner} is the partner")
        else:
            notes.insert(0, "no partner: marriage solo (§7.3)")
    return notes


_TRICK_COLUMNS: Final = (
    Column(">", 5, grows=False),
    Column(">", 4, grows=False),
    Column("<", 26, grows=False),
    Column("<", 6, grows=False),
    Column(">", 6, grows=False),
    Column("<"),
)
"""The tricks of :func:`describe_deal`: number, leader, cards, winner, card points, notes."""


def _trick_row(
    number: int, trick: Trick, winner: int, notes: Sequence[str], ascii_only: bool
) -> tuple[str, ...]:
    cards = "  ".join(f"{seat}:{pad(_card(card, ascii_only), 3)}" for seat, card in trick)
    return (
        str(number),
        str(trick.leader),
        cards,
        f"seat {winner}",
        str(trick.points),
        "; ".join(notes),
    )


def describe_deal(deal: Deal, *, ascii_only: bool = False) -> list[str]:
    """A finished deal as text, one string per line, as ``doppelkopf demo`` prints it.

    The lines give the dealer and the first leader, the four hands as dealt
    (in the contract's card order), every answer of the reservation round (the
    text tells every reservation, as a spectator would see it), the contract,
    each trick with its leader, the seat of every card, the winner, the card
    points and what it scored (Doppelkopf, fox, Karlchen, the marriage
    partner), each announcement where it was made with the announcer's party
    and the cards in hand at that moment, and finally the settlement
    (:class:`~doppelkopf.Settlement`).

    >>> players = [HeuristicPlayer(seed=seat) for seat in range(4)]
    >>> for line in describe_deal(play_deal(Deal.shuffled(seed=4), players)):
    ...     print(line)
    Seat 3 deals, seat 0 leads.
    Hands:
      seat 0  ♣Q ♣Q ♦Q ♣J ♥J ♦K ♦9 ♦9 ♣A ♣K ♣9 ♥A
      seat 1  ♠Q ♥Q ♥J ♦J ♦J ♦A ♦K ♣10 ♠A ♥K ♥9 ♥9
      seat 2  ♥10 ♥10 ♥Q ♣J ♠J ♠J ♣A ♣K ♠A ♠10 ♠10 ♠K
      seat 3  ♠Q ♦Q ♦A ♦10 ♦10 ♣10 ♣9 ♠K ♠9 ♠9 ♥A ♥K
    Reservations: seat 0 Vorbehalt (marriage), seat 1 healthy, seat 2 healthy, seat 3 healthy.
    Contract: marriage by seat 0 (both ♣Q), who takes as partner the first other winner of \
tricks 1-3 (§7.2).
      trick  lead  cards (seat:card)           won by  points
          1     0  0:♣9   1:♣10  2:♣A   3:♣9   seat 2      21  seat 2 is the partner
                   seat 0 (Re) announces Re with 11 cards: ♣Q ♣Q ♦Q ♣J ♥J ♦K ♦9 ♦9 ♣A ♣K ♥A
          2     2  2:♥10  3:♦Q   0:♦K   1:♦J   seat 2      19
          3     2  2:♥10  3:♠Q   0:♥J   1:♦J   seat 2      17
          4     2  2:♠J   3:♦10  0:♣Q   1:♥J   seat 0      17
          5     0  0:♣Q   1:♦K   2:♠J   3:♦10  seat 0      19
          6     0  0:♦9   1:♥Q   2:♣J   3:♦A   seat 1      16
          7     1  1:♠A   2:♠K   3:♠9   0:♦9   seat 0      15
          8     0  0:♣J   1:♠Q   2:♥Q   3:♥A   seat 1      19
          9     1  1:♥9   2:♣K   3:♥K   0:♥A   seat 0      19
         10     0  0:♦Q   1:♦A   2:♠A   3:♠9   seat 0      25  fox of seat 1 caught (Re)
         11     0  0:♣K   1:♥9   2:♠10  3:♣10  seat 3      24
         12     3  3:♠K   0:♣A   1:♥K   2:♠10  seat 2      29
    Marriage: Re seats 0, 2 against Kontra seats 1, 3
      Re      181 card points,  9 tricks, announced Re
      Kontra   59 card points,  3 tricks, nothing announced
    Winner: Re
      line               Re  Kontra  rule
      won                 1          §10.1
      Kontra under 90     1          §10.1
      Kontra under 60     1          §10.1
      Re announced        2          §10.1
      fox caught          1          §11.4
      value for Re (VR)  +6          §10.5
    Scores (§12): seat 0 +6, seat 1 -6, seat 2 +6, seat 3 -6

    Raises:
        ValueError: the deal is not finished.
    """
    if not deal.is_finished:
        raise InvalidValueError("only a finished deal can be described")
    rules = deal.rules
    order = deal.card_order or rules.card_order(GameType.NORMAL)
    void = deal.void
    if void is not None:
        lines = [f"Seat {deal.dealer} deals."]
    else:
        leader = deal.tricks[0].leader
        lines = [f"Seat {deal.dealer} deals, seat {leader} leads."]
    lines.append("Hands:")
    lines += [
        f"  seat {seat}  {_cards(order.sort(deal.dealt[seat]), ascii_only)}" for seat in range(4)
    ]
    lines.append(_reservations_line(deal))
    poverty = deal.poverty
    if poverty is not None:
        lines += _exchange_lines(deal, ascii_only)
    if void is not None:
        if void.reason == "thrown":
            reason = void.throw_reason
            assert reason is not None
            lines.append(
                f"Seat {void.seat} throws in ({reason}: {REASON_TEXT[reason]}) and shows its "
                f"hand: the deal is void, no score; seat {deal.dealer} deals again (V§7.2, V§8)."
            )
        else:
            lines.append(
                f"Nobody accepted the Armut of seat {void.seat}: the deal is void, no score; "
                f"seat {deal.dealer} deals again (V§6.3, V§8)."
            )
        return lines
    final = deal.game_type
    assert final is not None
    shown = GameType.MARRIAGE if final is GameType.MARRIAGE_SOLO else final
    lines.append(_contract_line(deal, shown, ascii_only))
    rows: list[tuple[str, ...] | str] = [("trick", "lead", "cards (seat:card)", "won by", "points")]

    specials = deal.outcome.special_events
    winners = deal.outcome.winners
    hands = list(deal.dealt)
    if poverty is not None:
        hands = _after_exchange(hands, poverty)
    levels: dict[Party, int | None] = {Party.RE: None, Party.KONTRA: None}
    played = 0
    for event in deal.history:
        if isinstance(event, Announced):
            held = order.sort(hands[event.seat])
            rows.append(
                f"{'':>15}seat {event.seat} ({event.party}) announces "
                f"{_announcement_text(event, levels[event.party])} with {len(held)} cards: "
                f"{_cards(held, ascii_only)}"
            )
            levels[event.party] = int(event.level)
        elif isinstance(event, Play):
            hands[event.seat] = hands[event.seat].remove(event.card)
            played += 1
            if played % 4 == 0:
                number = played // 4
                trick = deal.tricks[number - 1]
                winner = winners[number - 1]
                notes = _trick_notes(deal, number, winner, specials)
                rows.append(_trick_row(number, trick, winner, notes, ascii_only))
    lines += [*lay_out(_TRICK_COLUMNS, rows), *str(settle(deal)).splitlines()]
    return lines


def _reservations_line(deal: Deal) -> str:
    """The answers of the reservation round, or the forced player's solo (V§9.5)."""
    if deal.forced:
        seat = deal.forced_seat
        game = deal.game_type
        assert seat is not None
        assert game is not None
        return (
            f"Forced deal (Vorführen, V§9.5): seat {seat} still owes its compulsory solo and "
            f"names {game}."
        )
    answers = []
    reasons = deal.throw_reasons
    for seat in _asking_order(deal.dealer):
        answer = deal.declarations[seat]
        if answer is None:
            continue
        text = _reservation_text(answer)
        if answer is Reservation.THROW:
            text = f"Vorbehalt (Schmeißen, {reasons[seat]})"
        answers.append(f"seat {seat} {text}")
    return f"Reservations: {', '.join(answers)}."


def _exchange_lines(deal: Deal, ascii_only: bool) -> list[str]:
    """The Armut exchange step by step (V§6.3): passed, the answers, returned."""
    poverty = deal.poverty
    assert poverty is not None
    poor = poverty.poor
    passed = poverty.passed
    assert passed is not None
    answers = [
        f"seat {(poor + 1 + number) % 4} {'accepts' if accept else 'refuses'}"
        for number, accept in enumerate(poverty.answers)
    ]
    lines = [
        f"Armut: seat {poor} passes {_cards(passed, ascii_only)} face down; "
        f"{', '.join(answers)} (V§6.3)."
    ]
    if poverty.acceptor is not None and poverty.returned is not None:
        trumps = poverty.returned_trumps
        lines.append(
            f"Seat {poverty.acceptor} returns {_cards(poverty.returned, ascii_only)}: "
            f"{trumps} trump{'' if trumps == 1 else 's'}, announced to all (V§6.3)."
        )
    return lines


def _after_exchange(hands: list[Hand], poverty: Poverty) -> list[Hand]:
    """The hands as play starts after the Armut exchange (V§6.3)."""
    passed, returned, acceptor = poverty.passed, poverty.returned, poverty.acceptor
    assert passed is not None
    assert returned is not None
    assert acceptor is not None
    hands = list(hands)
    for card in passed:
        hands[poverty.poor] = hands[poverty.poor].remove(card)
        hands[acceptor] = hands[acceptor].add(card)
    for card in returned:
        hands[acceptor] = hands[acceptor].remove(card)
        hands[poverty.poor] = hands[poverty.poor].add(card)
    return hands


def _totals_line(totals: Sequence[int]) -> str:
    return ", ".join(f"seat {seat} {_signed(total)}" for seat, total in enumerate(totals))


def _table_notes(session: Session) -> list[str]:
    """What the table knows before the next deal: five players' seats, solos owed, Bock."""
    rules = session.rules
    notes = []
    if rules.players == 5:
        seats = ", ".join(map(str, session.seats))
        notes.append(
            f"Table seat {session.dealer} deals and sits out, writing 0 (V§10); "
            f"deal seats 0-3 are table seats {seats}."
        )
    if rules.compulsory_solo:
        owing = sorted(session.owing)
        if session.forced:
            notes.append(
                f"Forced: {session.deals_left} deals left and {len(owing)} compulsory solos owed "
                f"(V§9.5)."
            )
        elif owing:
            notes.append(
                f"Compulsory solos owed by {_seats(owing)}; {session.deals_left} deals left "
                "(V§9.1)."
            )
    if session.bock_multiplier > 1:
        notes.append(f"Bock deal: every score ×{session.bock_multiplier} (V§11).")
    return notes


def _run_demo(args: argparse.Namespace) -> int:
    if args.record is not None:
        _check_writable(args.record)
    seed: int = args.seed if args.seed is not None else _random_seed()
    ascii_only: bool = args.ascii
    rules = _rules(args)
    length = rules.session_deals
    count: int = length if args.deals is None else args.deals
    if count > length:
        raise _UsageError(
            f"argument --deals: a session has {length} deals under these rules, so at most "
            f"{length}, not {count}"
        )
    rng = random.Random(seed)
    session = Session.new(rng=rng, rules=rules)
    table = [HeuristicPlayer(seed=rng.getrandbits(32)) for _ in range(rules.players)]
    players = "four" if rules.players == 4 else "five"
    if count == length:
        opening = f"A session of {length} deals"
    else:
        opening = f"The first {count} deal{'s' if count != 1 else ''} of a session"
    print(
        f"{opening} between {players} heuristic players (seed {seed}). "
        f"Seat {session.first_dealer} deals first."
    )
    _print_rules(rules)
    again = False
    while len(session) < count:
        notes = _table_notes(session)
        seats = session.seats
        deal = play_deal(session.next_deal(rng=rng), [table[seat] for seat in seats])
        session = session.add(deal)
        print()
        number = len(session) + (1 if deal.is_void else 0)
        header = f"Deal {number} of {length}"
        if again:
            header += " (dealt again)"
        print(header + (" (void)" if deal.is_void else ""))
        for line in notes:
            print(f"  {line}")
        print("\n".join(f"  {line}" for line in describe_deal(deal, ascii_only=ascii_only)))
        row = session.rows[-1]
        if row.multiplier > 1:
            print(f"  Bock: the scores count ×{row.multiplier} on the sheet (V§11.4).")
        if not deal.is_void:
            print(f"  Totals after deal {len(session)}: {_totals_line(session.totals)}")
        again = deal.is_void
    print()
    print("Score sheet")
    print(session.score_sheet())
    if args.record is not None:
        record = dump_session(
            session,
            meta={
                "program": "doppelkopf demo",
                "seed": seed,
                "players": ["heuristic"] * rules.players,
            },
        )
        _write_file(args.record, lambda path: save(path, record))
        print(f"Session record written to {args.record}.")
    return EXIT_OK


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``demo`` subcommand to ``commands``."""
    demo = commands.add_parser(
        "demo",
        help="watch four bots play a session of 12 deals",
        description=(
            "Four heuristic players play a session of 12 deals. Each deal is shown with "
            "its hands, reservations, contract, announcements, tricks and settlement; "
            "the score sheet follows."
        ),
    )
    _add_seed(demo, "the session (shuffles, first dealer and players)")
    demo.add_argument(
        "--deals",
        type=_positive,
        default=None,
        metavar="N",
        help=f"play only the first N played deals of the session, 1-{SESSION_LENGTH} under the "
        "DDV rules, up to the session's length in general (default: the whole session; void "
        "deals are dealt again and not counted)",
    )
    _add_rules(demo)
    _add_ascii(demo)
    demo.add_argument(
        "--record", type=Path, metavar="FILE", help="write the session record (JSON) to FILE"
    )
    demo.set_defaults(handler=_run_demo)
