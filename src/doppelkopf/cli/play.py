"""``doppelkopf play``: a person at the terminal against three bots."""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Sequence
from typing import Final

from ..cards import Card
from ..deal import (
    Action,
    Announce,
    Announced,
    Deal,
    Declare,
    Play,
    PlayerView,
    Reservation,
)
from ..errors import DoppelkopfError, InvalidNotationError
from ..parties import Announcement, Party
from ..players import HeuristicPlayer, Player, iter_deal
from ..rules import GameType
from ..scoring import settle
from ..session import SESSION_LENGTH, Session
from ..tricks import check_card, trick_winner
from ._common import (
    _CLUB_QUEEN,
    EXIT_FAILURE,
    EXIT_OK,
    _add_ascii,
    _add_seed,
    _announcement_text,
    _card,
    _cards,
    _random_seed,
    _reservation_text,
    _seat,
    _signed,
)


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
