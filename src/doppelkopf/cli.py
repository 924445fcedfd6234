"""The ``doppelkopf`` command line (``python -m doppelkopf``).

Four subcommands, each a function that takes the parsed arguments and returns
an exit status; :func:`main` parses the command line and dispatches:

- ``demo``: a session of 12 deals of four :class:`~doppelkopf.HeuristicPlayer`
  bots, narrated deal by deal, with the final score sheet;
- ``play``: a person at the terminal (a :class:`TerminalPlayer`) against three
  bots;
- ``arena``: many deals between bots, with a table of results;
- ``score``: the score calculator for a deal played with real cards.

Exit status: 0 when the command did its job, 1 when a game was abandoned or a
file could not be written, 2 for a usage error (an unknown option, a bad value,
an impossible score summary).

>>> main(["score", "--game", "FLESHLESS", "--re", "2", "--re-points", "240",
...       "--re-tricks", "12"])
Fleshless solo: Re seat 2 against Kontra seats 0, 1, 3
  Re      240 card points, 12 tricks, nothing announced
  Kontra    0 card points,  0 tricks, nothing announced
Winner: Re
  line                  Re  Kontra  rule
  won                    1          §10.1
  Kontra under 90        1          §10.1
  Kontra under 60        1          §10.1
  Kontra under 30        1          §10.1
  Kontra took no trick   1          §10.1
  value for Re (VR)     +5          §10.5
Scores (§12): seat 0 -5, seat 1 -5, seat 2 +15, seat 3 -5
0
"""

from __future__ import annotations

import argparse
import codecs
import contextlib
import json
import math
import os
import random
import statistics
import sys
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Final, NoReturn, TextIO

from . import __version__
from .cards import Card
from .deal import (
    Action,
    Announce,
    Announced,
    Deal,
    Declare,
    Play,
    PlayerView,
    Reservation,
)
from .errors import DoppelkopfError, InvalidNotationError, InvalidSummaryError, InvalidValueError
from .parties import Announcement, Party
from .players import HeuristicPlayer, Player, RandomPlayer, iter_deal, play_deal
from .records import dump_deal, dump_session, save
from .rules import GameType
from .scoring import DealSummary, PartyResult, settle
from .session import SESSION_LENGTH, Session
from .specials import SpecialEvent, SpecialKind
from .tricks import Trick, check_card, trick_winner

__all__ = [
    "GameAbandoned",
    "TerminalPlayer",
    "build_parser",
    "describe_deal",
    "main",
    "play_narrated",
    "summary_from_json",
]

_Handler = Callable[[argparse.Namespace], int]

EXIT_OK: Final = 0
EXIT_FAILURE: Final = 1
EXIT_USAGE: Final = 2
EXIT_INTERRUPTED: Final = 130

_MARRIAGE_TYPES: Final = (GameType.MARRIAGE, GameType.MARRIAGE_SOLO)
_CLUB_QUEEN: Final = Card.parse("♣Q")


class _UsageError(Exception):
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


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def _reservation_text(reservation: Reservation) -> str:
    if reservation is Reservation.HEALTHY:
        return "healthy"
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
    lines += [
        f"  seat {seat}  {_cards(deal.dealt[seat].sorted(final), ascii_only)}" for seat in range(4)
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
    hands = list(deal.dealt)
    levels: dict[Party, int | None] = {Party.RE: None, Party.KONTRA: None}
    number = 0
    for event in deal.history:
        if isinstance(event, Announced):
            held = hands[event.seat].sorted(final)
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
                winner = trick_winner(trick, final)
                notes = _trick_notes(deal, number, winner, specials)
                lines.append(_trick_line(number, trick, winner, notes, ascii_only))
    lines += str(settle(deal)).splitlines()
    return lines


# --- demo --------------------------------------------------------------------------


def _random_seed() -> int:
    return random.SystemRandom().randrange(1_000_000)


def _totals_line(totals: Sequence[int]) -> str:
    return ", ".join(f"seat {seat} {_signed(total)}" for seat, total in enumerate(totals))


def _run_demo(args: argparse.Namespace) -> int:
    seed: int = args.seed if args.seed is not None else _random_seed()
    ascii_only: bool = args.ascii
    rng = random.Random(seed)
    session = Session.new(rng=rng)
    players = [HeuristicPlayer(seed=rng.getrandbits(32)) for _ in range(4)]
    print(
        f"A session of {SESSION_LENGTH} deals between four heuristic players (seed {seed}). "
        f"Seat {session.first_dealer} deals first."
    )
    while not session.is_finished:
        deal = play_deal(session.next_deal(rng=rng), players)
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


def _write_file(path: Path, write: Callable[[Path], object]) -> None:
    try:
        write(path)
    except OSError as error:
        raise _FileError(f"cannot write {path}: {error.strerror or error}") from error


class _FileError(Exception):
    """A file the command needs could not be read or written."""


# --- play: a person at the terminal -----------------------------------------------


class GameAbandoned(Exception):
    """The person at the terminal left the game: typed ``q`` or closed the input."""


_HELP: Final = """\
Type the number of an option and press Enter.
While playing you may also type a card (♠A or SA, ♥10 or H10) or an
announcement (re, kontra, k90, k60, k30, schwarz).
  h  show your hand and the trick again
  ?  this help
  q  leave the game"""


class TerminalPlayer:
    """A person at a terminal, as a :class:`~doppelkopf.Player`.

    ``input_fn`` is called with a prompt and returns the line typed (as the
    built-in :func:`input` does, raising :class:`EOFError` at the end of
    input); ``output_fn`` shows a line (as :func:`print` does).  The player
    sees only its own view (:class:`~doppelkopf.PlayerView`):

    - in the reservation round, its hand and the numbered answers: healthy, a
      marriage when it holds both ♣Q (SPEC §3.2), and each voluntary solo;
    - on its turn in play, the trick so far, its hand in the contract's card
      order and its legal cards numbered, then the announcements open to it
      (SPEC §8), numbered after the cards.  A card may also be typed by name
      (``♠A`` or ``SA``) and an announcement by word (``re``, ``k90``);
    - off turn it is asked only if ``ask_off_turn`` is true: the rules let a
      player announce at any instant (SPEC §8.2), but the deadlines depend on
      the player's own cards alone, so announcing on one's own turn never
      comes too late.

    Input that is not an option — letters, a number out of range, a card that
    is not held or may not be played — is answered with a message and the
    question is asked again.  ``q`` or the end of input raises
    :class:`GameAbandoned`.

    The person below types ``x``, then ``9``, then ``1``:

    >>> from doppelkopf import Deal
    >>> answers = iter(["x", "9", "1"])
    >>> def typed(prompt):
    ...     answer = next(answers)
    ...     print(prompt + answer)
    ...     return answer
    >>> player = TerminalPlayer(typed, print)
    >>> player.act(Deal.shuffled(seed=1).view(0))
    Your hand: ♠Q ♥Q ♦Q ♣J ♠J ♦A ♣K ♠A ♠10 ♠9 ♥A ♥K
    Reservation round: what do you play?
      1 healthy
      2 diamonds solo
      3 hearts solo
      4 spades solo
      5 clubs solo
      6 queens solo
      7 jacks solo
      8 fleshless solo
    Your answer (1-8): x
    Please type 1-8 (? for help, q to quit).
    Your answer (1-8): 9
    There is no option 9: choose 1-8.
    Your answer (1-8): 1
    Declare(seat=0, reservation=Reservation.HEALTHY)
    """

    def __init__(
        self,
        input_fn: Callable[[str], str] = input,
        output_fn: Callable[[str], None] = print,
        *,
        ascii_only: bool = False,
        ask_off_turn: bool = False,
    ) -> None:
        self.input_fn = input_fn
        self.output_fn = output_fn
        self.ascii_only = ascii_only
        self.ask_off_turn = ask_off_turn

    def __repr__(self) -> str:
        return f"TerminalPlayer(ascii_only={self.ascii_only!r}, ask_off_turn={self.ask_off_turn!r})"

    def act(self, view: PlayerView) -> Action | None:
        """Ask the person for an action (see :class:`~doppelkopf.Player`).

        Raises:
            GameAbandoned: the person typed ``q`` or the input ended.
        """
        on_turn = view.turn == view.seat
        if view.game_type is None:
            return self._reserve(view) if on_turn else None
        if on_turn:
            return self._play(view)
        if self.ask_off_turn:
            return self._offer(view)
        return None

    # --- talking to the person ---------------------------------------------------

    def _say(self, text: str) -> None:
        for line in text.splitlines():
            self.output_fn(line)

    def _ask(self, prompt: str) -> str:
        try:
            answer = self.input_fn(prompt)
        except EOFError:
            self.output_fn("")
            raise GameAbandoned("the input ended") from None
        text = answer.strip()
        if text.lower() in ("q", "quit", "exit"):
            raise GameAbandoned("the player quit")
        return text

    def _choose(
        self,
        prompt: str,
        count: int,
        show: Callable[[], None],
        parse: Callable[[str], Action | str | None] | None = None,
        *,
        allow_pass: bool = False,
    ) -> int | Action | None:
        """Ask until the answer is an option number 1..count (returned 0-based) or an action.

        ``parse`` reads any other text: an action, a message to show, or
        ``None`` for text it does not understand.  With ``allow_pass`` an empty
        answer returns ``None``.
        """
        while True:
            text = self._ask(prompt)
            if not text:
                if allow_pass:
                    return None
            elif text in ("?", "help"):
                self._say(_HELP)
                continue
            elif text.lower() == "h":
                show()
                continue
            elif text.isdecimal():
                number = int(text) if len(text) <= 6 else count + 1
                if 1 <= number <= count:
                    return number - 1
                self.output_fn(f"There is no option {text}: choose {_span(1, count)}.")
                continue
            elif parse is not None:
                result = parse(text)
                if isinstance(result, str):
                    self.output_fn(result)
                    continue
                if result is not None:
                    return result
            extra = ", a card or an announcement" if parse is not None else ""
            passing = ", Enter to pass" if allow_pass else ""
            self.output_fn(
                f"Please type {_span(1, count)}{extra}{passing} (? for help, q to quit)."
            )

    # --- the reservation round ----------------------------------------------------

    def _reserve(self, view: PlayerView) -> Action:
        options = [
            action.reservation for action in view.legal_actions if isinstance(action, Declare)
        ]

        queen = _card(_CLUB_QUEEN, self.ascii_only)

        def label(reservation: Reservation) -> str:
            if reservation is Reservation.HEALTHY:
                if view.hand.count(_CLUB_QUEEN) == 2:
                    return f"healthy (with both {queen}: a silent marriage, alone, §7.5)"
                return "healthy"
            if reservation is Reservation.MARRIAGE:
                return f"marriage (you hold both {queen})"
            return str(reservation.game_type)

        def show() -> None:
            self.output_fn(
                f"Your hand: {_cards(view.hand.sorted(GameType.NORMAL), self.ascii_only)}"
            )
            self.output_fn("Reservation round: what do you play?")
            for number, reservation in enumerate(options, start=1):
                self.output_fn(f"  {number} {label(reservation)}")

        show()
        choice = self._choose(f"Your answer ({_span(1, len(options))}): ", len(options), show)
        assert isinstance(choice, int)
        return Declare(view.seat, options[choice])

    # --- play -------------------------------------------------------------------

    def _announcement_options(self, view: PlayerView) -> list[Announcement]:
        return [action.level for action in view.legal_actions if isinstance(action, Announce)]

    def _announcement_menu(
        self, view: PlayerView, levels: Sequence[Announcement], start: int
    ) -> str:
        """The numbered announcements, noting that a level includes the lower ones (SPEC §8.8d)."""
        party = view.party
        assert party is not None
        menu = "   ".join(
            f"{number} {level.label(party)}" for number, level in enumerate(levels, start=start)
        )
        if len(levels) > 1:
            menu += "   (each includes those before it)"
        return menu

    def _show_table(self, view: PlayerView, legal: Sequence[Card]) -> None:
        game = view.game_type
        assert game is not None
        trick = view.current_trick
        number = len(view.tricks) + 1
        if trick.cards:
            played = ", ".join(
                f"seat {seat} {_card(card, self.ascii_only)}" for seat, card in trick
            )
            self.output_fn(f"Trick {number}: {played}; your turn.")
        else:
            self.output_fn(f"Trick {number}: you lead.")
        self.output_fn(
            f"Your hand ({_standing(view)}): {_cards(view.hand.sorted(game), self.ascii_only)}"
        )
        cards = "   ".join(
            f"{number} {_card(card, self.ascii_only)}" for number, card in enumerate(legal, start=1)
        )
        self.output_fn(f"  Play:     {cards}")
        levels = self._announcement_options(view)
        if levels:
            self.output_fn(f"  Announce: {self._announcement_menu(view, levels, len(legal) + 1)}")

    def _parse_text(self, view: PlayerView, text: str, *, on_turn: bool) -> Action | str | None:
        """A card or an announcement typed by name, the reason it cannot be taken, or ``None``."""
        try:
            card = Card.parse(text)
        except InvalidNotationError:
            return self._parse_announcement(view, text)
        if not on_turn:
            return "It is not your turn to play; you may only announce now."
        game = view.game_type
        assert game is not None
        try:
            check_card(view.hand, view.current_trick, game, card, seat=view.seat)
        except DoppelkopfError as error:
            return f"You {error}"
        return Play(view.seat, card)

    def _parse_announcement(self, view: PlayerView, text: str) -> Action | str | None:
        try:
            level = Announcement.parse(text)
        except InvalidNotationError:
            return None
        party = view.party
        if party is None:
            return "No one may announce before the marriage's clarification trick (§7.4)."
        own_words = ("re",) if party is Party.RE else ("kontra", "contra")
        if level is Announcement.RE_KONTRA and text.strip().lower() not in own_words:
            return f"You play for {party}: your announcement is {party}."
        if level not in self._announcement_options(view):
            return f"You cannot announce {level.label(party)} now; the options show what you can."
        return Announce(view.seat, level)

    def _play(self, view: PlayerView) -> Action:
        legal = [action.card for action in view.legal_actions if isinstance(action, Play)]
        levels = self._announcement_options(view)

        def show() -> None:
            self._show_table(view, legal)

        show()
        prompt = f"Your card ({_span(1, len(legal))})"
        if levels:
            prompt += f" or announcement ({_span(len(legal) + 1, len(legal) + len(levels))})"
        choice = self._choose(
            prompt + ": ",
            len(legal) + len(levels),
            show,
            lambda text: self._parse_text(view, text, on_turn=True),
        )
        if isinstance(choice, int):
            if choice < len(legal):
                return Play(view.seat, legal[choice])
            return Announce(view.seat, levels[choice - len(legal)])
        assert choice is not None
        return choice

    def _offer(self, view: PlayerView) -> Action | None:
        levels = self._announcement_options(view)
        if not levels:
            return None

        def show() -> None:
            self.output_fn(f"You may announce now: {self._announcement_menu(view, levels, 1)}")

        show()
        choice = self._choose(
            f"Announce ({_span(1, len(levels))}) or press Enter to pass: ",
            len(levels),
            show,
            lambda text: self._parse_text(view, text, on_turn=False),
            allow_pass=True,
        )
        if isinstance(choice, int):
            return Announce(view.seat, levels[choice])
        return choice


def _span(first: int, last: int) -> str:
    return str(first) if first == last else f"{first}-{last}"


def _standing(view: PlayerView) -> str:
    """The viewer's party and partner as far as its view shows them."""
    party = view.party
    if party is None:
        return "party not known yet"
    game = view.game_type
    assert game is not None
    if game.is_solo:
        if view.declarer == view.seat:
            return f"{party}, alone"
        return f"{party}, against seat {view.declarer}"
    partners = [
        seat
        for seat, known in enumerate(view.known_parties)
        if known is party and seat != view.seat
    ]
    partner = f"partner seat {partners[0]}" if partners else "partner not known yet"
    return f"{party}, {partner}"


class _Narrator:
    """Tells the person at ``seat`` what happens at the table, from that seat's view."""

    def __init__(self, seat: int, output_fn: Callable[[str], None], ascii_only: bool) -> None:
        self.seat = seat
        self.output_fn = output_fn
        self.ascii_only = ascii_only
        self.game: GameType | None = None
        self.partner: int | None = None
        self.levels: dict[Party, int | None] = {Party.RE: None, Party.KONTRA: None}

    def _who(self, seat: int) -> str:
        return "You" if seat == self.seat else f"Seat {seat}"

    def step(self, event: Declare | Announced | Play, deal: Deal) -> None:
        view = deal.view(self.seat)
        if isinstance(event, Declare):
            answer = (
                _reservation_text(event.reservation)
                if event.seat == self.seat
                else ("healthy" if event.reservation is Reservation.HEALTHY else "Vorbehalt")
            )
            self.output_fn(f"{self._who(event.seat)}: {answer}.")
        elif isinstance(event, Announced):
            said = _announcement_text(event, self.levels[event.party])
            self.levels[event.party] = int(event.level)
            verb = "announce" if event.seat == self.seat else "announces"
            self.output_fn(f"{self._who(event.seat)} ({event.party}) {verb} {said}.")
        elif not view.current_trick.cards:
            game = view.game_type
            assert game is not None
            trick = view.tricks[-1]
            winner = trick_winner(trick, game)
            cards = ", ".join(f"seat {seat} {_card(card, self.ascii_only)}" for seat, card in trick)
            who = "you win" if winner == self.seat else f"seat {winner} wins"
            self.output_fn(
                f"Trick {len(view.tricks)}: {cards}: {who} ({trick.points} card points)."
            )
        self._news(view)

    def _news(self, view: PlayerView) -> None:
        """Say when the contract is named, a marriage is clarified or a silent marriage shows."""
        game = view.game_type
        if game is None:
            return
        declarer = view.declarer
        if self.game is None:
            self.output_fn(self._contract(view, game))
        elif game is GameType.SILENT_MARRIAGE and self.game is not game:
            queen = _card(_CLUB_QUEEN, self.ascii_only)
            self.output_fn(
                f"Seat {declarer} played the second {queen}: a silent marriage, "
                f"seat {declarer} plays alone (§7.5)."
            )
        elif game is GameType.MARRIAGE_SOLO and self.game is not game:
            won = "You won" if declarer == self.seat else f"Seat {declarer} won"
            self.output_fn(f"{won} tricks 1-3: no partner, a marriage solo (§7.3).")
        self.game = game
        if game is GameType.MARRIAGE and view.partner is not None and self.partner is None:
            self.partner = view.partner
            joins = "join" if view.partner == self.seat else "joins"
            self.output_fn(
                f"{self._who(view.partner)} won the trick and {joins} seat {view.declarer} "
                "as Re (§7.2)."
            )

    def _contract(self, view: PlayerView, game: GameType) -> str:
        declarer = view.declarer
        queen = _card(_CLUB_QUEEN, self.ascii_only)
        if game is GameType.MARRIAGE:
            return (
                f"Contract: marriage by {'you' if declarer == self.seat else f'seat {declarer}'}, "
                "whose partner is the first other winner of tricks 1-3 (§7.2)."
            )
        if game is GameType.SILENT_MARRIAGE:
            return f"Contract: silent marriage. You hold both {queen} and play alone (§7.5)."
        if game.is_solo:
            who = "you" if declarer == self.seat else f"seat {declarer}"
            return f"Contract: {game} by {who}."
        party = view.party
        return f"Contract: normal game. You are {party} (the {queen} holders are Re)."


def play_narrated(
    deal: Deal,
    players: Sequence[Player],
    *,
    seat: int,
    output_fn: Callable[[str], None] = print,
    ascii_only: bool = False,
    title: str = "A new deal",
) -> Deal:
    """Play ``deal`` to the end as :func:`~doppelkopf.play_deal` does, telling ``seat`` about it.

    ``output_fn`` receives, line by line, what the player at ``seat`` sees at
    the table and nothing more (its :class:`~doppelkopf.PlayerView`): each
    answer of the reservation round (only *healthy* or *Vorbehalt* for the
    others, SPEC §3.3), the contract once named, every announcement with its
    party, every completed trick with its winner, the marriage partner, and a
    silent marriage once the second ♣Q shows it.  The settlement is left to
    the caller.  :class:`TerminalPlayer` is meant to sit at ``seat``.

    >>> from doppelkopf import Deal, HeuristicPlayer
    >>> lines = []
    >>> bots = [HeuristicPlayer(seed=seat) for seat in range(4)]
    >>> deal = play_narrated(Deal.shuffled(seed=4), bots, seat=1, output_fn=lines.append)
    >>> for line in lines[:9]:
    ...     print(line)
    A new deal: seat 3 deals, seat 0 leads. You are seat 1.
    Seat 0: Vorbehalt.
    You: healthy.
    Seat 2: healthy.
    Seat 3: healthy.
    Contract: marriage by seat 0, whose partner is the first other winner of tricks 1-3 (§7.2).
    Trick 1: seat 0 ♣9, seat 1 ♣10, seat 2 ♣A, seat 3 ♣9: seat 2 wins (21 card points).
    Seat 2 won the trick and joins seat 0 as Re (§7.2).
    Seat 0 (Re) announces Re.

    Raises:
        GameAbandoned: a :class:`TerminalPlayer` among the players was left.
        ValueError, IllegalActionError, TypeError: see :func:`~doppelkopf.iter_deal`.
    """
    narrator = _Narrator(seat, output_fn, ascii_only)
    leader = (deal.dealer + 1) % 4
    output_fn(f"{title}: seat {deal.dealer} deals, seat {leader} leads. You are seat {seat}.")
    for step in iter_deal(deal, players):
        narrator.step(step.event, step.deal)
        deal = step.deal
    return deal


def _run_play(args: argparse.Namespace) -> int:
    seed: int = args.seed if args.seed is not None else _random_seed()
    seat: int = args.seat
    ascii_only: bool = args.ascii
    out: Callable[[str], None] = print
    human = TerminalPlayer(input, out, ascii_only=ascii_only, ask_off_turn=args.ask_off_turn)
    rng = random.Random(seed)
    session = Session.new(rng=rng)
    players: list[Player] = [HeuristicPlayer(seed=rng.getrandbits(32)) for _ in range(4)]
    players[seat] = human
    deals = SESSION_LENGTH if args.session else 1
    out(
        f"Doppelkopf: you are seat {seat} against three heuristic players (seed {seed}). "
        "Type ? for help, q to quit."
    )
    try:
        while len(session) < deals:
            out("")
            title = f"Deal {len(session) + 1} of {SESSION_LENGTH}" if args.session else "A deal"
            deal = play_narrated(
                session.next_deal(rng=rng),
                players,
                seat=seat,
                output_fn=out,
                ascii_only=ascii_only,
                title=title,
            )
            session = session.add(deal)
            settlement = settle(deal)
            out("")
            out(str(settlement))
            out(f"You score {_signed(settlement.score_of(seat))}.")
            if args.session:
                out("")
                out(session.score_sheet())
    except GameAbandoned:
        out("Game abandoned.")
        return EXIT_FAILURE
    return EXIT_OK


# --- arena ------------------------------------------------------------------------


_BOTS: Final[Mapping[str, Callable[[int], Player]]] = {
    "heuristic": lambda seed: HeuristicPlayer(seed=seed),
    "random": lambda seed: RandomPlayer(seed=seed),
}


def _player_kinds(text: str) -> list[str]:
    kinds = [kind.strip().lower() for kind in text.split(",")]
    if len(kinds) != 4:
        raise argparse.ArgumentTypeError(
            f"give four players separated by commas, not {len(kinds)}: {text!r}"
        )
    for kind in kinds:
        if kind not in _BOTS:
            raise argparse.ArgumentTypeError(
                f"unknown player {kind!r}; choose from {', '.join(sorted(_BOTS))}"
            )
    return kinds


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


class _Progress:
    """A one-line text bar on a stream, redrawn with ``\\r``."""

    WIDTH: Final = 30

    def __init__(self, stream: TextIO, total: int, enabled: bool) -> None:
        self.stream = stream
        self.total = total
        self.enabled = enabled
        self.shown = -1

    def update(self, done: int) -> None:
        if not self.enabled:
            return
        filled = self.WIDTH * done // self.total
        percent = 100 * done // self.total
        if percent == self.shown and done != self.total:
            return
        self.shown = percent
        bar = "#" * filled + "-" * (self.WIDTH - filled)
        self.stream.write(f"\r[{bar}] {done}/{self.total} deals")
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()


def _mean_interval(values: Sequence[int]) -> tuple[float, float | None]:
    """The mean and the half-width of its 95 % confidence interval (normal approximation)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, None
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def _contract_name(deal: Deal) -> str:
    game = deal.game_type
    assert game is not None
    return "marriage" if game is GameType.MARRIAGE else str(game)


def arena_table(deals: Sequence[Deal], kinds: Sequence[str]) -> list[str]:
    """The results of bot deals as text: per seat the mean score with its 95 % confidence
    interval, the win rate and the contracts it declared; then how often each contract was played.

    A deal counts as won for a seat when its party won the deal (SPEC §9); a
    deal that nobody won (SPEC §10.4) is won by no seat.
    """
    count = len(deals)
    settlements = [settle(deal) for deal in deals]
    lines = [
        f"{'seat':>4}  {'player':<9}  {'mean':>6}  {'95% CI':<17}  {'won':>6}  {'total':>6}",
    ]
    for seat in range(4):
        scores = [settlement.scores[seat] for settlement in settlements]
        mean, half = _mean_interval(scores)
        interval = "n/a" if half is None else f"[{mean - half:+.2f}, {mean + half:+.2f}]"
        won = sum(
            1
            for settlement in settlements
            if settlement.winner is not None
            and settlement.summary.party_of(seat) is settlement.winner
        )
        lines.append(
            f"{seat:>4}  {kinds[seat]:<9}  {mean:>+6.2f}  {interval:<17}  "
            f"{100 * won / count:>5.1f}%  {sum(scores):>+6d}"
        )
    contracts = Counter(_contract_name(deal) for deal in deals)
    declared: dict[str, Counter[int]] = {}
    for deal in deals:
        if deal.declarer is not None:
            declared.setdefault(_contract_name(deal), Counter())[deal.declarer] += 1
    lines.append("")
    lines.append(f"{'contract':<16}  {'deals':>5}  declared by")
    for name, times in sorted(contracts.items(), key=lambda item: (-item[1], item[0])):
        by = declared.get(name)
        who = ", ".join(f"seat {seat} ×{n}" for seat, n in sorted(by.items())) if by else ""
        lines.append(f"{name:<16}  {times:>5}  {who}".rstrip())
    return lines


def _run_arena(args: argparse.Namespace) -> int:
    seed: int = args.seed if args.seed is not None else _random_seed()
    kinds: list[str] = args.players
    count: int = args.deals
    rng = random.Random(seed)
    players = [_BOTS[kind](rng.getrandbits(32)) for kind in kinds]
    first_dealer = rng.randrange(4)
    enabled = args.progress if args.progress is not None else sys.stderr.isatty()
    progress = _Progress(sys.stderr, count, enabled)
    deals: list[Deal] = []
    progress.update(0)
    for number in range(count):
        dealer = (first_dealer + number) % 4
        deals.append(play_deal(Deal.shuffled(rng=rng, dealer=dealer), players))
        progress.update(number + 1)
    progress.close()
    print(
        f"{count} deal{'s' if count != 1 else ''} (seed {seed}), seats fixed, "
        f"seat {first_dealer} deals first and the deal passes to the left."
    )
    print("\n".join(arena_table(deals, kinds)))
    if args.record is not None:
        meta = {"program": "doppelkopf arena", "seed": seed, "players": kinds}
        text = (
            "[\n"
            + ",\n".join(
                json.dumps(dump_deal(deal, meta={**meta, "deal": number}), ensure_ascii=False)
                for number, deal in enumerate(deals, start=1)
            )
            + "\n]\n"
        )
        _write_file(args.record, lambda path: path.write_text(text, encoding="utf-8"))
        print(f"Deal records written to {args.record}.")
    return EXIT_OK


# --- score ----------------------------------------------------------------------


def _game_type(text: str) -> GameType:
    try:
        return GameType.parse(text)
    except InvalidNotationError:
        names = ", ".join(game.name for game in GameType)
        raise argparse.ArgumentTypeError(
            f"unknown game type {text!r}; choose from {names}"
        ) from None


def _seat_list(text: str) -> list[int]:
    try:
        return [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"seats are numbers 0-3 separated by commas, not {text!r}"
        ) from None


def _announcement(text: str) -> Announcement | None:
    if text.strip().lower() in ("none", "-", ""):
        return None
    try:
        return Announcement.parse(text)
    except InvalidNotationError:
        raise argparse.ArgumentTypeError(
            f"unknown announcement {text!r}; use none, re, kontra, k90, k60, k30 or schwarz"
        ) from None


def _count(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None


_PARTY_KEYS: Final = (
    "card_points",
    "tricks",
    "announcement",
    "late_reply",
    "doppelkopf",
    "foxes_caught",
    "karlchen",
)
_SUMMARY_KEYS: Final = ("game_type", "re_seats", "re", "kontra")


def _fail(message: str) -> NoReturn:
    raise _UsageError(message)


def _json_int(value: object, where: str) -> int:
    if type(value) is not int:
        _fail(f"{where} must be a whole number, not {json.dumps(value)}")
    return value


def _json_bool(value: object, where: str) -> bool:
    if type(value) is not bool:
        _fail(f"{where} must be true or false, not {json.dumps(value)}")
    return value


def _json_announcement(value: object, where: str) -> Announcement | None:
    if value is None:
        return None
    if type(value) is int and 0 <= value <= 4:
        return Announcement(value)
    if isinstance(value, str):
        with contextlib.suppress(InvalidNotationError):
            return Announcement.parse(value)
    return _fail(
        f"{where} must be null, a level 0-4 or one of re, kontra, k90, k60, k30, schwarz, "
        f"not {json.dumps(value)}"
    )


def _json_object(value: object, where: str, keys: Sequence[str]) -> Mapping[str, object]:
    if not isinstance(value, dict):
        _fail(f"{where} must be a JSON object, not {json.dumps(value)}")
    unknown = sorted(set(value) - set(keys))
    if unknown:
        _fail(f"{where}: unknown key {unknown[0]!r}; the keys are {', '.join(keys)}")
    return value


def _json_party(value: object, where: str, other: Mapping[str, object] | None) -> PartyResult:
    data = _json_object(value, where, _PARTY_KEYS)
    values: dict[str, int] = {}
    for key, whole in (("card_points", 240), ("tricks", 12)):
        if key in data:
            values[key] = _json_int(data[key], f"{where}.{key}")
        elif other is not None and key in other:
            values[key] = whole - _json_int(other[key], f"re.{key}")
        else:
            _fail(f"{where}.{key} is missing")
    return PartyResult(
        values["card_points"],
        values["tricks"],
        announcement=_json_announcement(data.get("announcement"), f"{where}.announcement"),
        late_reply=_json_bool(data.get("late_reply", False), f"{where}.late_reply"),
        doppelkopf=_json_int(data.get("doppelkopf", 0), f"{where}.doppelkopf"),
        foxes_caught=_json_int(data.get("foxes_caught", 0), f"{where}.foxes_caught"),
        karlchen=_json_bool(data.get("karlchen", False), f"{where}.karlchen"),
    )


def summary_from_json(data: object) -> DealSummary:
    """The :class:`~doppelkopf.DealSummary` in a JSON object, as ``score --json`` reads it.

    ``game_type`` (a name such as ``"NORMAL"`` or a SPEC id such as
    ``"SOLO_Q"``, default ``"NORMAL"``), ``re_seats`` (a list of seats) and the
    two party objects ``re`` and ``kontra`` with the fields of
    :class:`~doppelkopf.PartyResult`.  ``kontra`` may leave out its card
    points and tricks, which are then what ``re`` leaves of 240 and 12, and may
    be left out altogether.

    >>> summary = summary_from_json({"re_seats": [0, 2], "re": {"card_points": 160, "tricks": 9}})
    >>> summary.kontra.card_points, summary.kontra.tricks, summary.game_type
    (80, 3, GameType.NORMAL)

    Raises:
        InvalidSummaryError: the summary cannot come from a deal.
        ValueError: a key or value is not what the format allows.
    """
    document = _json_object(data, "the summary", _SUMMARY_KEYS)
    game_text = document.get("game_type", "NORMAL")
    if not isinstance(game_text, str):
        _fail(f"game_type must be a string, not {json.dumps(game_text)}")
    try:
        game = GameType.parse(game_text)
    except InvalidNotationError:
        _fail(f"unknown game_type {game_text!r}")
    seats = document.get("re_seats")
    if not isinstance(seats, list):
        _fail(f"re_seats must be a list of seats, not {json.dumps(seats)}")
    seat_numbers = [_json_int(seat, "re_seats[]") for seat in seats]
    if "re" not in document:
        _fail("re is missing")
    re_data = _json_object(document["re"], "re", _PARTY_KEYS)
    re = _json_party(re_data, "re", None)
    kontra = _json_party(document.get("kontra", {}), "kontra", re_data)
    return DealSummary(game, seat_numbers, re, kontra)


def _summary_from_options(args: argparse.Namespace) -> DealSummary:
    missing = [
        option
        for option, value in (
            ("--re", args.re),
            ("--re-points", args.re_points),
            ("--re-tricks", args.re_tricks),
        )
        if value is None
    ]
    if missing:
        _fail(f"the score needs {', '.join(missing)} (or --json FILE)")
    kontra_points = 240 - args.re_points if args.kontra_points is None else args.kontra_points
    kontra_tricks = 12 - args.re_tricks if args.kontra_tricks is None else args.kontra_tricks
    re = PartyResult(
        args.re_points,
        args.re_tricks,
        announcement=args.re_announcement,
        late_reply=args.re_late_reply,
        doppelkopf=args.re_doppelkopf or 0,
        foxes_caught=args.re_foxes or 0,
        karlchen=args.karlchen == "re",
    )
    kontra = PartyResult(
        kontra_points,
        kontra_tricks,
        announcement=args.kontra_announcement,
        late_reply=args.kontra_late_reply,
        doppelkopf=args.kontra_doppelkopf or 0,
        foxes_caught=args.kontra_foxes or 0,
        karlchen=args.karlchen == "kontra",
    )
    return DealSummary(args.game or GameType.NORMAL, args.re, re, kontra)


_SCORE_OPTIONS: Final = (
    "game",
    "re",
    "re_points",
    "re_tricks",
    "re_announcement",
    "re_late_reply",
    "re_doppelkopf",
    "re_foxes",
    "kontra_points",
    "kontra_tricks",
    "kontra_announcement",
    "kontra_late_reply",
    "kontra_doppelkopf",
    "kontra_foxes",
    "karlchen",
)
"""The options that describe a summary; ``--json`` replaces all of them."""


def _read_json(source: str) -> object:
    try:
        text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
    except OSError as error:
        _fail(f"cannot read {source}: {error.strerror or error}")
    except UnicodeDecodeError:
        _fail(f"{source} is not UTF-8 text")
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        _fail(f"{'standard input' if source == '-' else source} is not JSON: {error}")


def _run_score(args: argparse.Namespace) -> int:
    if args.json is not None:
        given = [name for name in _SCORE_OPTIONS if getattr(args, name) not in (None, False)]
        if given:
            _fail(f"--json cannot be combined with --{given[0].replace('_', '-')}")
        summary = summary_from_json(_read_json(args.json))
    else:
        summary = _summary_from_options(args)
    print(settle(summary))
    return EXIT_OK


# --- the parser -------------------------------------------------------------------


def _seat(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a seat is 0, 1, 2 or 3, not {text!r}") from None
    if not 0 <= value <= 3:
        raise argparse.ArgumentTypeError(f"a seat is 0, 1, 2 or 3, not {value}")
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


def build_parser() -> argparse.ArgumentParser:
    """The argument parser: one subparser per subcommand, each carrying its handler."""
    parser = argparse.ArgumentParser(
        prog="doppelkopf",
        description="Doppelkopf as the DDV plays it.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(title="commands", dest="command", required=True)

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
    _add_ascii(demo)
    demo.add_argument(
        "--record", type=Path, metavar="FILE", help="write the session record (JSON) to FILE"
    )
    demo.set_defaults(handler=_run_demo)

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
        "--seat", type=_seat, default=0, metavar="N", help="your seat, 0-3 (default: 0)"
    )
    _add_seed(play, "the game")
    play.add_argument(
        "--session", action="store_true", help=f"play a session of {SESSION_LENGTH} deals"
    )
    play.add_argument(
        "--ask-off-turn",
        action="store_true",
        help="also offer announcements after every card of the others, not only on your turn",
    )
    _add_ascii(play)
    play.set_defaults(handler=_run_play)

    arena = commands.add_parser(
        "arena",
        help="play many deals between bots and compare them",
        description=(
            "Play N deals between four bots in fixed seats, the deal passing to the left "
            "after every deal, and show each seat's mean score per deal with a 95% "
            "confidence interval, its win rate and the contracts played."
        ),
    )
    arena.add_argument(
        "--deals", type=_positive, default=100, metavar="N", help="how many deals (default: 100)"
    )
    arena.add_argument(
        "--players",
        type=_player_kinds,
        default=_player_kinds("heuristic,random,random,random"),
        metavar="A,B,C,D",
        help="the bots at seats 0-3: heuristic or random (default: heuristic,random,random,random)",
    )
    _add_seed(arena, "the deals and bots")
    arena.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show a progress bar on standard error (default: when it is a terminal)",
    )
    arena.add_argument(
        "--record",
        type=Path,
        metavar="FILE",
        help="write every deal to FILE as a JSON array of deal records",
    )
    arena.set_defaults(handler=_run_arena)

    score = commands.add_parser(
        "score",
        help="settle a deal played with real cards",
        description=(
            "Settle a deal from what was written down after trick 12 and print each line "
            "of the game value and each seat's score. Kontra's card points and tricks "
            "default to what Re leaves of 240 and 12."
        ),
    )
    score.add_argument(
        "--json",
        metavar="FILE",
        help="read the summary from a JSON file (- for standard input) instead of options",
    )
    deal = score.add_argument_group("the deal (instead of --json)")
    deal.add_argument(
        "--game",
        type=_game_type,
        metavar="TYPE",
        help="game type: NORMAL, MARRIAGE, SOLO_Q, FLESHLESS, ... (default: NORMAL)",
    )
    deal.add_argument(
        "--re",
        type=_seat_list,
        metavar="SEATS",
        help="the Re seats, e.g. 0,2, or the soloist alone (required)",
    )
    deal.add_argument(
        "--karlchen",
        choices=("re", "kontra"),
        help="the party whose ♣J won the last trick (§11.5)",
    )
    for party in ("re", "kontra"):
        name = "Re" if party == "re" else "Kontra"
        group = score.add_argument_group(f"{name} (instead of --json)")
        points = "required" if party == "re" else "default: 240 minus Re's"
        group.add_argument(
            f"--{party}-points", type=_count, metavar="N", help=f"card points ({points})"
        )
        tricks = "required" if party == "re" else "default: 12 minus Re's"
        group.add_argument(f"--{party}-tricks", type=_count, metavar="N", help=f"tricks ({tricks})")
        group.add_argument(
            f"--{party}-announcement",
            type=_announcement,
            metavar="LEVEL",
            help=f"highest announcement: {party}, k90, k60, k30 or schwarz (default: none)",
        )
        group.add_argument(
            f"--{party}-late-reply",
            action="store_true",
            help=f"the {name} was only a late reply (§8.6c)",
        )
        group.add_argument(
            f"--{party}-doppelkopf",
            type=_count,
            metavar="N",
            help="tricks of 40 or more card points won (§11.3)",
        )
        group.add_argument(
            f"--{party}-foxes",
            type=_count,
            metavar="N",
            help="foxes caught (§11.4)",
        )
    score.set_defaults(handler=_run_score)
    return parser


# --- running a command ------------------------------------------------------------


def _can_encode(stream: TextIO, text: str) -> bool:
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        codecs.lookup(encoding)
        text.encode(encoding)
    except (LookupError, UnicodeEncodeError):
        return False
    return True


def _error(command: str, message: str) -> None:
    print(f"doppelkopf {command}: error: {message}", file=sys.stderr)


def _quiet_stdout() -> None:
    """After a closed pipe, point standard output at the null device so exiting is quiet."""
    with contextlib.suppress(AttributeError, OSError, ValueError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line and return its exit status.

    ``--help`` and ``--version`` return 0, arguments that do not parse return
    2 after argparse's message; no exception escapes for a user's mistake.

    Args:
        argv: the arguments after the program name; ``None`` reads
            :data:`sys.argv`.
    """
    parser = build_parser()
    try:
        args = parser.parse_args(sys.argv[1:] if argv is None else list(argv))
    except SystemExit as done:
        return done.code if isinstance(done.code, int) else EXIT_USAGE
    if not _can_encode(sys.stdout, "♣♠♥♦§"):
        # Output that cannot show the suit symbols still gets readable cards.
        if hasattr(args, "ascii"):
            args.ascii = True
        with contextlib.suppress(AttributeError, ValueError):
            sys.stdout.reconfigure(errors="replace")  # type: ignore[union-attr]
    handler: _Handler = args.handler
    try:
        return handler(args)
    except (_UsageError, InvalidSummaryError) as error:
        _error(args.command, str(error))
        return EXIT_USAGE
    except _FileError as error:
        _error(args.command, str(error))
        return EXIT_FAILURE
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        _quiet_stdout()
        return EXIT_FAILURE
