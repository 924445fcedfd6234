"""``doppelkopf play``: a person at the terminal against three bots."""

from __future__ import annotations

import argparse
import contextlib
import random
from collections.abc import Callable, Sequence
from typing import Final

from ..cards import Card
from ..deal import (
    Action,
    Announce,
    Announced,
    AnswerPoverty,
    Deal,
    Declare,
    Event,
    PassCards,
    Play,
    PlayerView,
    Reservation,
    ReturnCards,
)
from ..errors import DoppelkopfError, InvalidNotationError
from ..parties import Announcement, Party
from ..players import HeuristicPlayer, Player, iter_deal
from ..rules import GameType
from ..scoring import settle
from ..session import SESSION_LENGTH, Session
from ..tricks import Trick, check_card, trick_winner
from ._common import (
    _CLUB_QUEEN,
    EXIT_FAILURE,
    EXIT_OK,
    _add_ascii,
    _add_rules,
    _add_seed,
    _announcement_text,
    _card,
    _cards,
    _cut,
    _print_rules,
    _random_seed,
    _reservation_text,
    _rules,
    _seat,
    _signed,
)


class GameAbandoned(Exception):
    """The person at the terminal left the game: typed ``q`` or closed the input."""


_HELP: Final = """\
In the reservation round, type the number of your answer and press Enter.
While playing, type a card by its number in your hand or by its name
(♠A or SA, ♥10 or H10).  Announcements are typed as words, never as numbers:
re, kontra, k90 (keine 90), k60, k30, schwarz; each is confirmed with y or n.
When asked between the others' cards, press Enter to pass.
  h  show your hand and the trick again
  ?  this help
  q  leave the game"""

_FOX: Final = Card.parse("♦A")
_DOPPELKOPF_POINTS: Final = 40
"""A trick worth this many card points or more is a Doppelkopf (SPEC §11.3)."""

_MAX_MISTAKES: Final = 20
"""Answers in a row that are not options, after which the game is left."""

_WORDS: Final = {1: "k90", 2: "k60", 3: "k30", 4: "schwarz"}
_YES: Final = ("y", "yes", "j", "ja")
_NO: Final = ("n", "no", "nein")
_PASS: Final = ("", "n", "no", "p", "pass", "-")


class TerminalPlayer:
    """A person at a terminal, as a :class:`~doppelkopf.Player`.

    ``input_fn`` is called with a prompt and returns the line typed (as the
    built-in :func:`input` does, raising :class:`EOFError` at the end of
    input); ``output_fn`` shows a line (as :func:`print` does).  The player
    sees only its own view (:class:`~doppelkopf.PlayerView`):

    - in the reservation round, its hand and the numbered answers: healthy, a
      marriage when it holds both ♣Q (SPEC §3.2), and each voluntary solo;
    - on its turn in play, the trick so far and its hand in the contract's card
      order, each card numbered (those it may not play in parentheses), then
      the announcements open to it (SPEC §8) as words.  A card is chosen by its
      number or by name (``♠A`` or ``SA``); an announcement only by word
      (``re``, ``kontra``, ``k90``, ``no60``, ``schwarz``), never by a number,
      and only after the person confirms it with ``y``;
    - off turn it is asked only if ``ask_off_turn`` is true, after being shown
      the card just played: the rules let a player announce at any instant
      (SPEC §8.2), but the deadlines depend on the player's own cards alone, so
      announcing on one's own turn never comes too late.  Enter passes.

    Input that is not an option — letters, a number out of range, a card that
    is not held or may not be played — is answered with a message and the
    question is asked again; after 20 such answers in a row the game is left.
    ``q`` or the end of input raises :class:`GameAbandoned`.

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

    def _choose(self, prompt: str, count: int, show: Callable[[], None]) -> int:
        """Ask until the answer is an option number 1..count; return it 0-based."""
        mistakes = 0
        while True:
            text = self._ask(prompt)
            if text in ("?", "help"):
                self._say(_HELP)
                continue
            if text.lower() == "h":
                show()
                continue
            if text.isdecimal():
                number = int(text) if len(text) <= 6 else count + 1
                if 1 <= number <= count:
                    return number - 1
                message = f"There is no option {_cut(text)}: choose {_span(1, count)}."
            else:
                message = f"Please type {_span(1, count)} (? for help, q to quit)."
            mistakes = self._mistake(message, mistakes)

    def _mistake(self, message: str, mistakes: int) -> int:
        """Tell the person why an answer was not taken; leave after too many in a row."""
        self.output_fn(message)
        if mistakes + 1 >= _MAX_MISTAKES:
            self.output_fn(f"{_MAX_MISTAKES} answers in a row were not options.")
            raise GameAbandoned("too many answers that are not options")
        return mistakes + 1

    def _confirm(self, view: PlayerView, level: Announcement) -> bool:
        """Ask the person to confirm an announcement with y or n."""
        party = view.party
        assert party is not None
        held = [event.level for event in view.announcements if event.party is party]
        first = max(held) + 1 if held else 0
        implied = [Announcement(lower).label(party) for lower in range(first, level)]
        word = level.label(party)
        if implied:
            word += f" (with {', '.join(implied)})"
        while True:
            text = self._ask(f"Announce {word}? It raises the deal's value. (y/n): ").lower()
            if text in _YES:
                return True
            if text in _NO:
                self.output_fn("Not announced.")
                return False
            self.output_fn("Please answer y (announce) or n (do not announce).")

    # --- the reservation round ----------------------------------------------------

    # --- the reservation round ----------------------------------------------------

    def _reserve(self, view: PlayerView) -> Action:
        options = [action for action in view.legal_actions if isinstance(action, Declare)]

        queen = _card(_CLUB_QUEEN, self.ascii_only)

        def label(action: Declare) -> str:
            reservation = action.reservation
            if reservation is Reservation.THROW:
                return f"Schmeißen ({action.reason}): the deal is void (V§7.2)"
            if reservation is Reservation.POVERTY:
                return "Armut: pass your trumps and play with the acceptor (V§6)"
            if reservation is Reservation.HEALTHY:
                if view.hand.count(_CLUB_QUEEN) == 2:
                    return f"healthy (with both {queen}: a silent marriage, alone, §7.5)"
                return "healthy"
            if reservation is Reservation.MARRIAGE:
                return f"marriage (you hold both {queen})"
            return str(reservation.game_type)

        def show() -> None:
            self.output_fn(f"Your hand: {_cards(_sorted(view, GameType.NORMAL), self.ascii_only)}")
            self.output_fn("Reservation round: what do you play?")
            for number, reservation in enumerate(options, start=1):
                self.output_fn(f"  {number} {label(reservation)}")

        show()
        choice = self._choose(f"Your answer ({_span(1, len(options))}): ", len(options), show)
        return options[choice]

    # --- play -------------------------------------------------------------------

    def _announcement_options(self, view: PlayerView) -> list[Announcement]:
        return [action.level for action in view.legal_actions if isinstance(action, Announce)]

    def _announcement_menu(self, view: PlayerView, levels: Sequence[Announcement]) -> str:
        """The announcements as the words to type, noting that a level includes the lower ones."""
        party = view.party
        assert party is not None
        words = []
        for level in levels:
            if level is Announcement.RE_KONTRA:
                words.append(str(party).lower())
            elif level is Announcement.SCHWARZ:
                words.append("schwarz")
            else:
                words.append(f"{_WORDS[level]} ({level.label(party)})")
        menu = ", ".join(words)
        if len(levels) > 1:
            menu += " (each includes those before it)"
        return menu

    def _show_table(self, view: PlayerView, hand: Sequence[Card], legal: Sequence[Card]) -> None:
        trick = view.current_trick
        number = len(view.tricks) + 1
        if trick.cards:
            played = ", ".join(
                f"seat {seat} {_card(card, self.ascii_only)}" for seat, card in trick
            )
            self.output_fn(f"Trick {number}: {played}; your turn.")
        else:
            self.output_fn(f"Trick {number}: you lead.")
        cards = "  ".join(
            f"{number} {_card(card, self.ascii_only)}"
            if card in legal
            else f"({number} {_card(card, self.ascii_only)})"
            for number, card in enumerate(hand, start=1)
        )
        self.output_fn(f"Your hand ({_standing(view)}): {cards}")
        if any(card not in legal for card in hand):
            self.output_fn("  Cards in parentheses may not be played now (§5.2).")
        levels = self._announcement_options(view)
        if levels:
            self.output_fn(f"  You may announce: {self._announcement_menu(view, levels)}")

    def _card_answer(self, view: PlayerView, card: Card) -> Action | str:
        """Playing ``card``, or why it cannot be played."""
        game = view.game_type
        assert game is not None
        try:
            check_card(view.hand, view.current_trick, game, card, seat=view.seat)
        except DoppelkopfError as error:
            return f"You {error}"
        return Play(view.seat, card)

    def _announcement_answer(self, view: PlayerView, text: str) -> Announcement | str | None:
        """The announcement typed as ``text``, why it cannot be made, or ``None`` for no word."""
        try:
            level = Announcement.parse(text)
        except InvalidNotationError:
            return None
        party = view.party
        if party is None:
            return "No one may announce before the marriage's clarification trick (§7.4)."
        own_words = ("re",) if party is Party.RE else ("kontra", "contra")
        if level is Announcement.RE_KONTRA and text.strip().lower() not in own_words:
            return f"You play for {party}: your announcement is {str(party).lower()}."
        if level not in self._announcement_options(view):
            levels = self._announcement_options(view)
            open_now = self._announcement_menu(view, levels) if levels else "none"
            return f"You cannot announce {level.label(party)} now; open to you: {open_now}."
        return level

    def _play(self, view: PlayerView) -> Action:
        game = view.game_type
        assert game is not None
        hand = _sorted(view, game)
        legal = [action.card for action in view.legal_actions if isinstance(action, Play)]

        def show() -> None:
            self._show_table(view, hand, legal)

        show()
        prompt = "Your card (its number or name)"
        if self._announcement_options(view):
            prompt += " or an announcement (a word)"
        mistakes = 0
        while True:
            text = self._ask(prompt + ": ")
            if text in ("?", "help"):
                self._say(_HELP)
                continue
            if text.lower() == "h":
                show()
                continue
            result = self._play_answer(view, hand, text)
            if isinstance(result, Announcement):
                if self._confirm(view, result):
                    return Announce(view.seat, result)
                continue
            if not isinstance(result, str):
                return result
            mistakes = self._mistake(result, mistakes)

    def _play_answer(
        self, view: PlayerView, hand: Sequence[Card], text: str
    ) -> Action | Announcement | str:
        """What an answer on one's turn means: a card, an announcement, or why neither."""
        if text.isdecimal():
            number = int(text) if len(text) <= 6 else 0
            if 1 <= number <= len(hand):
                return self._card_answer(view, hand[number - 1])
            return (
                f"There is no card {_cut(text)} in your hand: choose {_span(1, len(hand))}; "
                "announcements are typed as words."
            )
        try:
            card = Card.parse(text)
        except InvalidNotationError:
            pass
        else:
            return self._card_answer(view, card)
        level = self._announcement_answer(view, text)
        if level is not None:
            return level
        return (
            f"Please type a card's number ({_span(1, len(hand))}) or name, or an announcement "
            "word (? for help, q to quit)."
        )

    def _last_card(self, view: PlayerView) -> str:
        """The card just played, as the person is shown it before being asked off turn."""
        trick = view.current_trick
        number = len(view.tricks) + 1
        if not trick.cards:
            trick = view.tricks[-1]
            number -= 1
        seat, card = list(trick)[-1]
        so_far = ", ".join(f"seat {s} {_card(c, self.ascii_only)}" for s, c in trick)
        done = "" if trick is view.current_trick else ", complete"
        return (
            f"Seat {seat} played {_card(card, self.ascii_only)} (trick {number}{done}: {so_far})."
        )

    def _offer(self, view: PlayerView) -> Action | None:
        levels = self._announcement_options(view)
        if not levels:
            return None

        def show() -> None:
            self.output_fn(self._last_card(view))
            self.output_fn(f"You may announce now: {self._announcement_menu(view, levels)}")

        show()
        mistakes = 0
        while True:
            text = self._ask("Announce (a word) or press Enter to pass: ")
            if text.lower() in _PASS:
                return None
            if text in ("?", "help"):
                self._say(_HELP)
                continue
            if text.lower() == "h":
                show()
                continue
            level = self._announcement_answer(view, text)
            if isinstance(level, Announcement):
                if self._confirm(view, level):
                    return Announce(view.seat, level)
                continue
            if level is None:
                if text.isdecimal():
                    level = "Numbers choose cards, and it is not your turn."
                else:
                    with contextlib.suppress(InvalidNotationError):
                        Card.parse(text)
                        level = "It is not your turn to play; you may only announce now."
            message = level or "That is not an announcement."
            mistakes = self._mistake(
                f"{message} Type an announcement word or press Enter to pass.", mistakes
            )


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

    def step(self, event: Event, deal: Deal) -> None:
        view = deal.view(self.seat)
        if isinstance(event, PassCards | AnswerPoverty | ReturnCards):
            self._exchange(event, view)
            return
        if isinstance(event, Declare):
            answer = (
                _reservation_text(event.reservation)
                if event.seat == self.seat
                else ("healthy" if event.reservation is Reservation.HEALTHY else "Vorbehalt")
            )
            self.output_fn(f"{self._who(event.seat)}: {answer}.")
            void = view.void
            if void is not None and void.reason == "thrown":
                self.output_fn(
                    f"{self._who(void.seat)} throws in ({void.throw_reason}), showing "
                    f"{_cards(list(void.shown or ()), self.ascii_only)}: the deal is void (V§8)."
                )
        elif isinstance(event, Announced):
            said = _announcement_text(event, self.levels[event.party])
            self.levels[event.party] = int(event.level)
            verb = "announce" if event.seat == self.seat else "announces"
            self.output_fn(f"{self._who(event.seat)} ({event.party}) {verb} {said}.")
        elif not view.current_trick.cards:
            game = view.game_type
            assert game is not None
            trick = view.tricks[-1]
            winner = _winner(view, len(view.tricks) - 1)
            cards = ", ".join(f"seat {seat} {_card(card, self.ascii_only)}" for seat, card in trick)
            who = "you win" if winner == self.seat else f"seat {winner} wins"
            self.output_fn(
                f"Trick {len(view.tricks)}: {cards}: {who} ({trick.points} card points)."
            )
            self._news(view)
            self._specials(view, trick, winner)
            self._running_points(view)
            return
        self._news(view)

    def _exchange(self, event: PassCards | AnswerPoverty | ReturnCards, view: PlayerView) -> None:
        """Say each step of the Armut exchange as far as the view tells (V§6.3, V§6.7)."""
        who = self._who(event.seat)
        if isinstance(event, AnswerPoverty):
            verb = ("accept" if event.accept else "refuse") + (
                "" if event.seat == self.seat else "s"
            )
            self.output_fn(f"{who} {verb} the Armut.")
            if view.void is not None:
                self.output_fn("Nobody accepted: the deal is void and dealt again (V§8).")
            return
        shown = view.poverty is not None and view.poverty.passed is not None
        cards = " ".join(_card(card, self.ascii_only) for card in event.cards)
        if isinstance(event, PassCards):
            what = cards if shown else "three cards"
            self.output_fn(f"{who} {'pass' if event.seat == self.seat else 'passes'} {what}.")
            return
        assert view.poverty is not None
        trumps = view.poverty.returned_trumps
        what = cards if shown else "three cards"
        verb = "return" if event.seat == self.seat else "returns"
        self.output_fn(f"{who} {verb} {what}, {trumps} of them trumps (V§6.3).")

    def _party_word(self, view: PlayerView, seat: int) -> str:
        party = view.known_parties[seat]
        return "" if party is None else f" for {party}"

    def _specials(self, view: PlayerView, trick: Trick, winner: int) -> None:
        """Say when the trick caught a fox or is a Doppelkopf, as far as the view tells."""
        game = view.game_type
        assert game is not None
        if not game.has_special_points:
            return
        known = view.known_parties
        for seat, card in trick:
            if card is not _FOX or seat == winner:
                continue
            if known[seat] is not None and known[seat] is known[winner]:
                continue
            owner = "your" if seat == self.seat else f"seat {seat}'s"
            taker = "You catch" if winner == self.seat else f"Seat {winner} catches"
            if known[seat] is None or known[winner] is None:
                self.output_fn(
                    f"{taker} {owner} fox ({_card(card, self.ascii_only)}): a special point "
                    "if they are opponents (§11.4)."
                )
            else:
                self.output_fn(
                    f"{taker} {owner} fox ({_card(card, self.ascii_only)}): a special point"
                    f"{self._party_word(view, winner)} (§11.4)."
                )
        if trick.points >= _DOPPELKOPF_POINTS:
            who = "your" if winner == self.seat else f"seat {winner}'s"
            self.output_fn(
                f"A Doppelkopf: {who} trick holds {trick.points} card points, a special point"
                f"{self._party_word(view, winner)} (§11.3)."
            )

    def _running_points(self, view: PlayerView) -> None:
        """Once every seat's party is known to the person, their party's card points so far."""
        party = view.party
        game = view.game_type
        if party is None or game is None or any(known is None for known in view.known_parties):
            return
        points = sum(
            trick.points
            for number, trick in enumerate(view.tricks)
            if view.known_parties[_winner(view, number)] is party
        )
        self.output_fn(
            f"Your party ({party}) has {points} card points after trick {len(view.tricks)}."
        )

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
    party, every completed trick with its winner, a fox caught and a
    Doppelkopf trick (SPEC §11.3, §11.4), the card points of the viewer's party
    once every seat's party is known to it, the marriage partner, and a silent
    marriage once the second ♣Q shows it.  The settlement is left to
    the caller.  :class:`TerminalPlayer` is meant to sit at ``seat``.

    >>> from doppelkopf import Deal, HeuristicPlayer
    >>> lines = []
    >>> bots = [HeuristicPlayer(seed=seat) for seat in range(4)]
    >>> deal = play_narrated(Deal.shuffled(seed=4), bots, seat=1, output_fn=lines.append)
    >>> for line in lines[:10]:
    ...     print(line)
    A new deal: seat 3 deals, seat 0 leads. You are seat 1.
    Seat 0: Vorbehalt.
    You: healthy.
    Seat 2: healthy.
    Seat 3: healthy.
    Contract: marriage by seat 0, whose partner is the first other winner of tricks 1-3 (§7.2).
    Trick 1: seat 0 ♣9, seat 1 ♣10, seat 2 ♣A, seat 3 ♣9: seat 2 wins (21 card points).
    Seat 2 won the trick and joins seat 0 as Re (§7.2).
    Your party (Kontra) has 0 card points after trick 1.
    Seat 0 (Re) announces Re.
    >>> print(lines[27])
    Seat 0 catches your fox (♦A): a special point for Re (§11.4).

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


def _sorted(view: PlayerView, game: GameType) -> list[Card]:
    """The hand of ``view`` in ``game``'s display order under the deal's rules (V§2)."""
    return view.rules.card_order(game, schweine=view.schweine is not None).sort(view.hand)


def _winner(view: PlayerView, number: int) -> int:
    """The seat that won trick ``number`` (from 0) of ``view`` under the deal's rules."""
    game = view.game_type
    assert game is not None
    return trick_winner(
        view.tricks[number],
        game,
        view.rules,
        schweine=view.schweine is not None,
        last=number == view.rules.tricks - 1,
    )


def _run_play(args: argparse.Namespace) -> int:
    seed: int = args.seed if args.seed is not None else _random_seed()
    seat: int = args.seat
    ascii_only: bool = args.ascii
    out: Callable[[str], None] = print
    human = TerminalPlayer(input, out, ascii_only=ascii_only, ask_off_turn=args.ask_off_turn)
    rules = _rules(args)
    rng = random.Random(seed)
    session = Session.new(rng=rng, rules=rules)
    players: list[Player] = [HeuristicPlayer(seed=rng.getrandbits(32)) for _ in range(4)]
    players[seat] = human
    deals = SESSION_LENGTH if args.session else 1
    out(
        f"Doppelkopf: you are seat {seat} against three heuristic players (seed {seed}). "
        "Type ? for help, q to quit."
    )
    _print_rules(rules)
    try:
        while len(session) < deals:
            out("")
            title = f"Deal {len(session) + 1} of {SESSION_LENGTH}" if args.session else "A deal"
            deal = play_narrated(
                Deal.shuffled(rng=rng, dealer=session.dealer, rules=rules),
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
    _add_rules(play)
    _add_ascii(play)
    play.set_defaults(handler=_run_play)
