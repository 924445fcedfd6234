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
    Phase,
    Play,
    PlayerView,
    Reservation,
    ReturnCards,
    SoloKind,
)
from ..deal.poverty import held_refusal, pass_refusal
from ..deal.throwing import REASON_TEXT
from ..errors import DoppelkopfError, InvalidNotationError
from ..parties import Announcement, Party
from ..players import HeuristicPlayer, Player, iter_deal, play_deal
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
    _signed,
    _table_seat,
    _UsageError,
)


class GameAbandoned(Exception):
    """The person at the terminal left the game: typed ``q`` or closed the input."""


_HELP: Final = """\
In the reservation round, type the number of your answer and press Enter.
In an Armut exchange, name three cards by their numbers or names
(1 2 3, or ♦K ♣J ♠K, or DK CJ SK), and answer an offer with y or n.
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
        if view.phase in _EXCHANGE:
            return self._exchange(view) if on_turn else None
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
            if self._helped(text, show):
                continue
            if text.isdecimal():
                number = int(text) if len(text) <= 6 else count + 1
                if 1 <= number <= count:
                    return number - 1
                message = f"There is no option {_cut(text)}: choose {_span(1, count)}."
            else:
                message = f"Please type {_span(1, count)} (? for help, q to quit)."
            mistakes = self._mistake(message, mistakes)

    def _helped(self, text: str, show: Callable[[], None]) -> bool:
        """Answer ``?``/``help`` with the help text and ``h`` with ``show()``; whether it did."""
        if text in ("?", "help"):
            self._say(_HELP)
            return True
        if text.lower() == "h":
            show()
            return True
        return False

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

    def _reserve(self, view: PlayerView) -> Action:
        options = [action for action in view.legal_actions if isinstance(action, Declare)]

        queen = _card(_CLUB_QUEEN, self.ascii_only)

        def label(action: Declare) -> str:
            reservation = action.reservation
            if reservation is Reservation.THROW:
                reason = action.reason
                assert reason is not None
                return (
                    f"Schmeißen ({reason}, you hold {REASON_TEXT[reason]}): "
                    "the deal is void (V§7.2)"
                )
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
            if view.forced:
                self.output_fn(
                    "Forced deal (Vorführen, V§9.5): you still owe your compulsory solo, so "
                    "you name a solo now and lead trick 1."
                )
                self.output_fn("Which solo do you play?")
                for number, reservation in enumerate(options, start=1):
                    self.output_fn(f"  {number} {label(reservation)}")
                return
            if view.seat in view.owing:
                self.output_fn(
                    "You still owe your compulsory solo (V§9.1): a solo you declare now is it, "
                    "and you lead trick 1 (V§9.3)."
                )
            self.output_fn("Reservation round: what do you play?")
            for number, reservation in enumerate(options, start=1):
                self.output_fn(f"  {number} {label(reservation)}")

        show()
        choice = self._choose(f"Your answer ({_span(1, len(options))}): ", len(options), show)
        return options[choice]

    # --- the Armut exchange (V§6.3) -------------------------------------------------

    def _exchange(self, view: PlayerView) -> Action:
        poverty = view.poverty
        assert poverty is not None
        if not poverty.cards_passed:
            return self._pass(view)
        if poverty.acceptor is None:
            return self._answer_offer(view)
        return self._return(view)

    def _pass(self, view: PlayerView) -> Action:
        hand = _sorted(view, GameType.NORMAL)
        order = view.rules.card_order(GameType.NORMAL)
        trumps = [card for card in hand if order.is_trump(card)]

        def show() -> None:
            held = _cards(trumps, self.ascii_only) if trumps else "none"
            self.output_fn(
                "Armut (V§6.3): pass three cards face down, all your trumps among them "
                f"(your trumps: {held})."
            )
            self.output_fn(f"Your hand: {self._numbered(hand)}")

        def check(cards: tuple[Card, ...]) -> str | None:
            error = pass_refusal(view.hand.bits, cards, view.seat, view.rules)
            return None if error is None else f"You cannot pass these cards: {error}."

        cards = self._three(view, hand, "Your three cards to pass", show, check)
        return PassCards(view.seat, cards)

    def _return(self, view: PlayerView) -> Action:
        hand = _sorted(view, GameType.NORMAL)
        poverty = view.poverty
        assert poverty is not None
        received = poverty.passed

        def show() -> None:
            got = "" if received is None else f" You received {_cards(received, self.ascii_only)}."
            self.output_fn(
                f"Armut (V§6.3): return three cards of your choice to seat {poverty.poor}, "
                f"trumps and the received cards allowed.{got}"
            )
            self.output_fn(f"Your hand: {self._numbered(hand)}")

        def check(cards: tuple[Card, ...]) -> str | None:
            error = held_refusal(view.hand.bits, cards, view.seat, "return")
            return None if error is None else f"You {error}."

        cards = self._three(view, hand, "Your three cards to return", show, check)
        return ReturnCards(view.seat, cards)

    def _answer_offer(self, view: PlayerView) -> Action:
        poverty = view.poverty
        assert poverty is not None
        poor = poverty.poor

        def show() -> None:
            self.output_fn(f"Your hand: {_cards(_sorted(view, GameType.NORMAL), self.ascii_only)}")
            self.output_fn(
                f"Seat {poor} offers its Armut: three cards face down, all its trumps among "
                f"them. If you accept you take them, return three of your choice and play Re "
                f"with seat {poor} (V§6.3, V§6.4)."
            )

        show()
        mistakes = 0
        while True:
            text = self._ask("Accept the Armut? (y/n): ").lower()
            if text in _YES:
                return AnswerPoverty(view.seat, True)
            if text in _NO:
                return AnswerPoverty(view.seat, False)
            if self._helped(text, show):
                continue
            mistakes = self._mistake(
                "Please answer y (accept the Armut) or n (refuse it).", mistakes
            )

    def _numbered(self, hand: Sequence[Card]) -> str:
        return "  ".join(
            f"{number} {_card(card, self.ascii_only)}" for number, card in enumerate(hand, start=1)
        )

    def _three(
        self,
        view: PlayerView,
        hand: Sequence[Card],
        prompt: str,
        show: Callable[[], None],
        check: Callable[[tuple[Card, ...]], str | None],
    ) -> tuple[Card, ...]:
        """Ask until the answer names three cards that ``check`` takes (no reason returned)."""
        show()
        mistakes = 0
        while True:
            text = self._ask(f"{prompt} (numbers or names, such as 1 2 3): ")
            if self._helped(text, show):
                continue
            result = _three_cards(text, hand)
            if not isinstance(result, str):
                reason = check(result)
                if reason is None:
                    return result
                result = reason
            mistakes = self._mistake(result, mistakes)

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
            check_card(view.hand, view.current_trick, game, card, view.rules, seat=view.seat)
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
            if self._helped(text, show):
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
            if self._helped(text, show):
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


_EXCHANGE: Final = (Phase.POVERTY_PASS, Phase.POVERTY_OFFER, Phase.POVERTY_RETURN)


def _three_cards(text: str, hand: Sequence[Card]) -> tuple[Card, ...] | str:
    """The three cards ``text`` names by number in ``hand`` or by name, or why it does not.

    >>> from doppelkopf import Hand
    >>> hand = list(Hand.parse("♦K ♣J ♠K ♠A"))
    >>> [str(card) for card in _three_cards("1, 2 SA", hand)]
    ['♣J', '♦K', '♠A']
    >>> _three_cards("1 1 2", hand)
    'Card 1 is named twice: name three different cards of your hand.'
    >>> _three_cards("9 x", hand)
    'Name exactly three cards, not 2.'
    """
    words = text.replace(",", " ").split()
    if len(words) != 3:
        return f"Name exactly three cards, not {len(words)}."
    cards: list[Card] = []
    numbers: set[int] = set()
    for word in words:
        if word.isdecimal():
            number = int(word) if len(word) <= 6 else 0
            if not 1 <= number <= len(hand):
                return f"There is no card {_cut(word)} in your hand: choose {_span(1, len(hand))}."
            if number in numbers:
                return f"Card {number} is named twice: name three different cards of your hand."
            numbers.add(number)
            cards.append(hand[number - 1])
            continue
        try:
            cards.append(Card.parse(word))
        except InvalidNotationError:
            return f"{_cut(word)!r} is neither a card's number nor its name (such as ♠A or SA)."
    return tuple(cards)


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
        self.sitting_out: int | None = None
        """The table seat that deals and sits out at five players (V§10), else ``None``."""

    def _who(self, seat: int) -> str:
        return "You" if seat == self.seat else f"Seat {seat}"

    def step(self, event: Event, deal: Deal) -> None:
        view = deal.view(self.seat)
        if isinstance(event, PassCards | AnswerPoverty | ReturnCards):
            self._exchange(event, view)
            return
        if isinstance(event, Declare):
            if not deal.forced:
                answer = (
                    _reservation_text(event.reservation)
                    if event.seat == self.seat
                    else ("healthy" if event.reservation is Reservation.HEALTHY else "Vorbehalt")
                )
                self.output_fn(f"{self._who(event.seat)}: {answer}.")
            void = view.void
            if void is not None and void.reason == "thrown":
                throws = "throw" if void.seat == self.seat else "throws"
                self.output_fn(
                    f"{self._who(void.seat)} {throws} in ({void.throw_reason}), showing "
                    f"{_cards(list(void.shown or ()), self.ascii_only)}: the deal is void; "
                    f"{self._dealer(deal)} again (V§8)."
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
            poverty = view.poverty
            if view.void is not None:
                self.output_fn(
                    f"Nobody accepted: the deal is void; {self._dealer(view)} again (V§8)."
                )
            elif event.accept and poverty is not None:
                if event.seat == self.seat and poverty.passed is not None:
                    self.output_fn(f"You take {_cards(poverty.passed, self.ascii_only)}.")
                kontra = [seat for seat in range(4) if seat not in (poverty.poor, event.seat)]
                self.output_fn(
                    f"Re: seats {poverty.poor} and {event.seat}; Kontra: seats "
                    f"{kontra[0]} and {kontra[1]} (V§6.4)."
                )
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

    def _dealer(self, deal: Deal | PlayerView) -> str:
        """``"seat 3 deals"``, ``"you deal"``: who deals the deal again after a void one."""
        if self.sitting_out is not None:
            return f"table seat {self.sitting_out} deals"
        return "you deal" if deal.dealer == self.seat else f"seat {deal.dealer} deals"

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
        who = "you" if declarer == self.seat else f"seat {declarer}"
        if game is GameType.POVERTY:
            return (
                f"Contract: Armut by {who}: three cards go to the first who accepts, and "
                "three come back (V§6.3)."
            )
        if game.is_solo:
            return f"Contract: {game} by {who}{_kind_text(view, who)}."
        party = view.party
        return f"Contract: normal game. You are {party} (the {queen} holders are Re)."


def _kind_text(view: PlayerView, who: str) -> str:
    """What a solo is for the session in tournament mode (V§9.1, V§9.3, V§9.5), or nothing."""
    kind = view.solo_kind
    if not view.rules.compulsory_solo or kind is None:
        return ""
    leads = "lead" if who == "you" else "leads"
    if kind is SoloKind.COMPULSORY:
        return f", a compulsory solo (Pflichtsolo): {who} {leads} trick 1 (V§9.3)"
    if kind is SoloKind.FORCED:
        return f", a forced solo (Vorführen): {who} {leads} trick 1 (V§9.5)"
    return ", a Lustsolo (V§9.1)"


def _opening(deal: Deal, seat: int) -> str:
    """Who deals and who leads, as far as known before the reservation round."""
    forced = deal.forced_seat
    if forced is not None:
        who = "you" if forced == seat else f"seat {forced}"
        verb = "owe" if forced == seat else "owes"
        name = "name" if forced == seat else "names"
        return (
            f"seat {deal.dealer} deals; the deal is forced (Vorführen, V§9.5): {who} still "
            f"{verb} a compulsory solo, {name} one and {'lead' if forced == seat else 'leads'}"
        )
    return f"seat {deal.dealer} deals, seat {(deal.dealer + 1) % 4} leads"


def play_narrated(
    deal: Deal,
    players: Sequence[Player],
    *,
    seat: int,
    output_fn: Callable[[str], None] = print,
    ascii_only: bool = False,
    title: str = "A new deal",
    table_seats: Sequence[int] | None = None,
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
    if table_seats is None:
        output_fn(f"{title}: {_opening(deal, seat)}. You are seat {seat}.")
    else:
        table = tuple(table_seats)
        narrator.sitting_out = (table[0] - 1) % 5
        output_fn(
            f"{title}: table seat {narrator.sitting_out} deals and sits out (V§10); seats 0-3 "
            f"of this deal are table seats {', '.join(map(str, table))}. You are seat {seat} "
            f"(table seat {table[seat]})."
        )
        forced = deal.forced_seat
        if forced is not None:
            output_fn(
                f"The deal is forced (Vorführen, V§9.5): "
                f"{'you' if forced == seat else f'seat {forced}'} "
                f"{'owe' if forced == seat else 'owes'} a compulsory solo and "
                f"{'name one and lead' if forced == seat else 'names one and leads'}."
            )
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
