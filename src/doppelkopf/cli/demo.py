"""``doppelkopf demo``: four bots play a session, narrated deal by deal."""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from pathlib import Path

from ..deal import (
    Announced,
    Deal,
    Play,
)
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
    if game.is_solo:
        return f"Contract: {game} by seat {declarer}, alone against {_seats(others)}."
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


def _trick_line(
    number: int, trick: Trick, winner: int, notes: Sequence[str], ascii_only: bool
) -> str:
    cards = "  ".join(f"{seat}:{_card(card, ascii_only):<3}" for seat, card in trick)
    line = f"  {number:>5}  {trick.leader:>4}  {cards}  seat {winner}  {trick.points:>6}"
    if notes:
        line += "  " + "; ".join(notes)
    return line


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
    final = deal.game_type
    assert final is not None
    shown = GameType.MARRIAGE if final is GameType.MARRIAGE_SOLO else final
    leader = (deal.dealer + 1) % 4
    lines = [f"Seat {deal.dealer} deals, seat {leader} leads.", "Hands:"]
    order = deal.card_order
    assert order is not None
    lines += [
        f"  seat {seat}  {_cards(order.sort(deal.dealt[seat]), ascii_only)}" for seat in range(4)
    ]
    answers = []
    for seat in _asking_order(deal.dealer):
        answer = deal.declarations[seat]
        assert answer is not None
        answers.append(f"seat {seat} {_reservation_text(answer)}")
    lines.append(f"Reservations: {', '.join(answers)}.")
    lines.append(_contract_line(deal, shown, ascii_only))
    lines.append(f"  {'trick':>5}  {'lead':>4}  {'cards (seat:card)':<26}  {'won by':<6}  points")

    specials = deal.outcome.special_events
    winners = deal.outcome.winners
    hands = list(deal.dealt)
    levels: dict[Party, int | None] = {Party.RE: None, Party.KONTRA: None}
    number = 0
    for event in deal.history:
        if isinstance(event, Announced):
            held = order.sort(hands[event.seat])
            lines.append(
                f"{'':>15}seat {event.seat} ({event.party}) announces "
                f"{_announcement_text(event, levels[event.party])} with {len(held)} cards: "
                f"{_cards(held, ascii_only)}"
            )
            levels[event.party] = int(event.level)
        elif isinstance(event, Play):
            hands[event.seat] = hands[event.seat].remove(event.card)
            if sum(len(hand) for hand in hands) % 4 == 0:
                trick = deal.tricks[number]
                number += 1
                winner = winners[number - 1]
                notes = _trick_notes(deal, number, winner, specials)
                lines.append(_trick_line(number, trick, winner, notes, ascii_only))
    lines += str(settle(deal)).splitlines()
    return lines


def _totals_line(totals: Sequence[int]) -> str:
    return ", ".join(f"seat {seat} {_signed(total)}" for seat, total in enumerate(totals))


def _deal_count(text: str) -> int:
    value = _positive(text)
    if value > SESSION_LENGTH:
        raise argparse.ArgumentTypeError(
            f"a session has {SESSION_LENGTH} deals, so at most {SESSION_LENGTH}, not {value}"
        )
    return value


def _run_demo(args: argparse.Namespace) -> int:
    if args.record is not None:
        _check_writable(args.record)
    seed: int = args.seed if args.seed is not None else _random_seed()
    ascii_only: bool = args.ascii
    count: int = args.deals
    rng = random.Random(seed)
    rules = _rules(args)
    session = Session.new(rng=rng, rules=rules)
    players = [HeuristicPlayer(seed=rng.getrandbits(32)) for _ in range(4)]
    if count == SESSION_LENGTH:
        opening = f"A session of {SESSION_LENGTH} deals"
    else:
        opening = f"The first {count} deal{'s' if count != 1 else ''} of a session"
    print(
        f"{opening} between four heuristic players (seed {seed}). "
        f"Seat {session.first_dealer} deals first."
    )
    _print_rules(rules)
    while len(session) < count:
        deal = Deal.shuffled(rng=rng, dealer=session.dealer, rules=rules)
        deal = play_deal(deal, players)
        session = session.add(deal)
        print()
        print(f"Deal {len(session)} of {SESSION_LENGTH}")
        print("\n".join(f"  {line}" for line in describe_deal(deal, ascii_only=ascii_only)))
        print(f"  Totals after deal {len(session)}: {_totals_line(session.totals)}")
    print()
    print("Score sheet")
    print(session.score_sheet())
    if args.record is not None:
        record = dump_session(
            session.first_dealer,
            session.deals,
            meta={"program": "doppelkopf demo", "seed": seed, "players": ["heuristic"] * 4},
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
        type=_deal_count,
        default=SESSION_LENGTH,
        metavar="N",
        help=f"play only the first N deals of the session, 1-{SESSION_LENGTH} "
        f"(default: {SESSION_LENGTH})",
    )
    _add_rules(demo)
    _add_ascii(demo)
    demo.add_argument(
        "--record", type=Path, metavar="FILE", help="write the session record (JSON) to FILE"
    )
    demo.set_defaults(handler=_run_demo)
