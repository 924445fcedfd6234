"""The person at the terminal as a player: :class:`TerminalPlayer` asks for every answer."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from ..cards import Card
from ..deal import (
    Action,
    Announce,
    AnswerPoverty,
    Declare,
    PassCards,
    Phase,
    Play,
    PlayerView,
    Reservation,
    ReturnCards,
)
from ..deal.poverty import held_refusal, pass_refusal
from ..deal.throwing import REASON_TEXT
from ..errors import DoppelkopfError, InvalidNotationError
from ..parties import Announcement
from ..rules import GameType
from ..tricks import check_card
from ..wire import MAX_ACTION_TEXT, format_action, parse_action
from ._answers import (
    _COMMANDS,
    _NO,
    _PASS,
    _WORDS,
    _YES,
    _span,
    card_named,
    card_names,
    exchange_words,
    grammar_reason,
    near_miss,
)
from ._common import (
    _CLUB_QUEEN,
    _card,
    _cards,
    _cut,
    _seat_number,
)
from ._standing import refusal as _refusal
from ._standing import standing as _standing


class GameAbandoned(Exception):
    """The person at the terminal left the game: typed ``q`` or closed the input."""


_HELP: Final = """\
In the reservation round, type the number of your answer and press Enter.
In an Armut exchange, name three cards by their numbers or names
(1 2 3, or ♦K ♣J ♠K, or DK CJ SK), and answer an offer with y or n.
While playing, type a card by its number in your hand or by its name
(♠A or SA, ♥10 or H10, or in German: Kreuz Dame, Herz Zehn, Pik Ass, Karo König).
Announcements are typed as words, never as numbers:
re, kontra, k90 (keine 90), k60, k30, schwarz; each is confirmed with y or n.
When asked between the others' cards, press Enter to pass.
  h  show your hand and the trick again
  ?  this help
  q  leave the game"""


_MAX_MISTAKES: Final = 20
"""Answers in a row that are not options, after which the game is left."""

MAX_ANSWER: Final = MAX_ACTION_TEXT
"""The longest answer read, in characters (stripped), as long as an action's text may be."""


class TerminalPlayer:
    """A person at a terminal, as a :class:`~doppelkopf.Player`.

    ``input_fn`` is called with a prompt and returns the line typed (as the
    built-in :func:`input` does, raising :class:`EOFError` at the end of
    input, and a :class:`~doppelkopf.DoppelkopfError` for a line it cannot
    read, which counts as an answer that is not an option); ``output_fn``
    shows a line (as :func:`print` does).  An answer is at most 100
    characters long (:data:`MAX_ANSWER`, the most an action's text may have,
    :data:`~doppelkopf.wire.MAX_ACTION_TEXT`).  Every action typed is read by the
    action grammar of :func:`doppelkopf.wire.parse_action` in the context of
    the player's view, after a card chosen by its number or named in German has
    been written as the grammar's ``CQ``; numbers choose the options of a
    list, and ``y``/``n`` answer an Armut offer, on top of the grammar's words.  The player
    sees only its own view (:class:`~doppelkopf.PlayerView`):

    - in the reservation round, its hand and the numbered answers: healthy, a
      marriage when it holds both ♣Q (SPEC §3.2), and each voluntary solo;
    - on its turn in play, the trick so far and its hand in the contract's card
      order, each card numbered (those it may not play in parentheses), then
      the announcements open to it (SPEC §8) as words.  A card is chosen by its
      number or by name (``♠A`` or ``SA``, or in German ``Pik Ass``); an
      announcement only by word (``re``, ``kontra``, ``k90``, ``no60``,
      ``schwarz``), never by a number, and only after the person confirms it
      with ``y``; an announcement the rules refuse is answered with their
      reason (SPEC §8.4);
    - off turn it is asked only if ``ask_off_turn`` is true, after being shown
      the card just played: the rules let a player announce at any instant
      (SPEC §8.2), but the deadlines depend on the player's own cards alone, so
      announcing on one's own turn never comes too late.  Enter passes.

    Input that is not an option — letters, a number out of range, a card that
    is not held or may not be played — is answered with a message (naming the
    command, word or card it is close to, if any) and the question is asked
    again; after 20 such answers in a row the game is left.
    ``q`` or the end of input raises :class:`GameAbandoned`.

    The attribute ``table_seats``, when set, holds the numbers the person knows
    the deal's seats 0-3 by (at five players, their table seats, V§10); every
    seat named in a message is then one of them.

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
        self.table_seats: Sequence[int] | None = None

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

    def _n(self, seat: int) -> int:
        """The number the person knows ``seat`` by: its table seat at five players."""
        return _seat_number(seat, self.table_seats)

    def _say(self, text: str) -> None:
        for line in text.splitlines():
            self.output_fn(line)

    def _ask(self, prompt: str) -> str:
        """The answer typed, stripped; an answer longer than :data:`MAX_ANSWER` characters
        is refused and asked for again (counted as a mistake)."""
        mistakes = 0
        while True:
            try:
                answer = self.input_fn(prompt)
            except EOFError:
                self.output_fn("")
                raise GameAbandoned("the input ended") from None
            except DoppelkopfError as error:  # a line the input cannot read
                mistakes = self._mistake(f"Not read: {error}.", mistakes)
                continue
            text = answer.strip()
            if len(text) <= MAX_ANSWER:
                break
            mistakes = self._mistake(
                f"An answer is at most {MAX_ANSWER} characters, not {len(text):,}.", mistakes
            )
        if text.lower() in ("q", "quit", "exit"):
            raise GameAbandoned("the player quit")
        return text

    def _action(self, view: PlayerView, text: str) -> Action | InvalidNotationError:
        """The action ``text`` names in the action grammar (:func:`~doppelkopf.wire.parse_action`),
        read in the context of ``view``, or the grammar's refusal."""
        try:
            return parse_action(text, seat=view.seat, context=view)
        except InvalidNotationError as error:
            return error

    def _choose(
        self,
        prompt: str,
        count: int,
        show: Callable[[], None],
        word: Callable[[str], int | str | None] = lambda text: None,
    ) -> int:
        """Ask until the answer is an option number 1..count, or a word that ``word`` reads
        as an option (0-based) or refuses with a reason; return it 0-based."""
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
                chosen = word(text)
                if isinstance(chosen, int):
                    return chosen
                message = chosen or (
                    f"Please type {_span(1, count)} (? for help, q to quit)."
                    + near_miss(text, _COMMANDS)
                )
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
        # The terminal names the reservation at once (the one-step form, SPEC §3.2);
        # asked a question of the two-step round, it offers the answers to it.
        options = [
            action
            for action in view.legal_actions
            if isinstance(action, Declare) and action.reservation is not Reservation.VORBEHALT
        ]

        queen = _card(_CLUB_QUEEN, self.ascii_only)

        def label(action: Declare) -> str:  # noqa: PLR0911 - one return per kind of answer
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
            if reservation is Reservation.DECLINE:
                return f"no {view.question} (you are asked again for a lower kind)"
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

        def word(text: str) -> int | str | None:
            action = self._action(view, text)
            if not isinstance(action, Declare):
                return None
            if action in options:
                return options.index(action)
            return (
                f"You cannot declare {format_action(action)} now: choose {_span(1, len(options))}."
            )

        show()
        choice = self._choose(f"Your answer ({_span(1, len(options))}): ", len(options), show, word)
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
                "Armut (V§6.3): return three cards of your choice to seat "
                f"{self._n(poverty.poor)}, trumps and the received cards allowed.{got}"
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
                f"Seat {self._n(poor)} offers its Armut: three cards face down, all its trumps "
                f"among them. If you accept you take them, return three of your choice and play Re "
                f"with seat {self._n(poor)} (V§6.3, V§6.4)."
            )

        show()
        mistakes = 0
        while True:
            text = self._ask("Accept the Armut? (y/n): ").lower()
            if self._helped(text, show):
                continue
            # y and n on top of the grammar's words (accept, annehmen, ablehnen ...).
            words = "accept" if text in _YES else "refuse" if text in _NO else text
            action = self._action(view, words)
            if isinstance(action, AnswerPoverty):
                return action
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
        """Ask until the answer names three cards that ``check`` takes (no reason returned).

        The cards may be named by number or name, and be led by the verb of the step
        (``pass``, ``return``); the action grammar reads the answer in the phase's context.
        """
        show()
        step = PassCards if view.phase is Phase.POVERTY_PASS else ReturnCards
        mistakes = 0
        while True:
            text = self._ask(f"{prompt} (numbers or names, such as 1 2 3): ")
            if self._helped(text, show):
                continue
            words = exchange_words(text, hand)
            if isinstance(words, str):
                mistakes = self._mistake(words, mistakes)
                continue
            action = self._action(view, " ".join(words))
            if isinstance(action, InvalidNotationError):  # pragma: no cover - see below
                # exchange_words gives the grammar three cards, led by a verb it knows
                # or bare in the exchange's phase: the grammar reads every such text.
                result = f"{grammar_reason(action).capitalize()}."
            elif not isinstance(action, step):
                verb = "pass" if step is PassCards else "return"
                result = f"Now you {verb} three cards (V§6.3): name them, without another verb."
            else:
                reason = check(action.cards)
                if reason is None:
                    return action.cards
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
                f"seat {self._n(seat)} {_card(card, self.ascii_only)}" for seat, card in trick
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
        self.output_fn(f"Your hand ({_standing(view, self.table_seats)}): {cards}")
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

    def _typed(self, view: PlayerView, text: str) -> Action | str | None:
        """The action ``text`` names in the grammar, a card named in German included; why an
        announcement word is refused; or ``None`` when ``text`` names no action."""
        action = self._action(view, text)
        if isinstance(action, InvalidNotationError):
            card = card_named(text)  # the German names, on top of the grammar's cards
            if card is not None:
                action = self._action(view, card.ascii)
        if isinstance(action, Announce):
            return self._announcement_answer(view, action.level)
        if not isinstance(action, InvalidNotationError):
            return action
        party = view.party
        try:
            level = Announcement.parse(text)
        except InvalidNotationError:
            return None
        if level is Announcement.RE_KONTRA and party is not None:
            return f"You play for {party}: your announcement is {str(party).lower()}."
        return None

    def _announcement_answer(self, view: PlayerView, level: Announcement) -> Action | str:
        """Announcing ``level``, or why it cannot be made now (SPEC §7.4, §8)."""
        party = view.party
        if party is None:
            return "No one may announce before the marriage's clarification trick (§7.4)."
        if level not in self._announcement_options(view):
            return f"You cannot announce {level.label(party)} now: {_refusal(view, level)}."
        return Announce(view.seat, level)

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
            if isinstance(result, Announce):
                if self._confirm(view, result.level):
                    return result
                continue
            if not isinstance(result, str):
                return result
            mistakes = self._mistake(result, mistakes)

    def _play_answer(self, view: PlayerView, hand: Sequence[Card], text: str) -> Action | str:
        """What an answer on one's turn means: a card, an announcement, or why neither."""
        if text.isdecimal():
            number = int(text) if len(text) <= 6 else 0
            if 1 <= number <= len(hand):
                return self._card_answer(view, hand[number - 1])
            return (
                f"There is no card {_cut(text)} in your hand: choose {_span(1, len(hand))}; "
                "announcements are typed as words."
            )
        result = self._typed(view, text)
        if isinstance(result, Play):
            return self._card_answer(view, result.card)
        if isinstance(result, Announce | str):
            return result
        return (
            f"Please type a card's number ({_span(1, len(hand))}) or name, or an announcement "
            "word (? for help, q to quit)."
            + near_miss(text, [*self._words(view), *card_names(hand)])
        )

    def _words(self, view: PlayerView) -> list[str]:
        """The commands and announcement words that a near miss may be meant for."""
        party = view.party
        own = [] if party is None else [str(party).lower()]
        return [*_COMMANDS, *own, *_WORDS.values(), "keine 90", "keine 60", "keine 30"]

    def _last_card(self, view: PlayerView) -> str:
        """The card just played, as the person is shown it before being asked off turn."""
        trick = view.current_trick
        number = len(view.tricks) + 1
        if not trick.cards:
            trick = view.tricks[-1]
            number -= 1
        seat, card = list(trick)[-1]
        so_far = ", ".join(f"seat {self._n(s)} {_card(c, self.ascii_only)}" for s, c in trick)
        done = "" if trick is view.current_trick else ", complete"
        played = _card(card, self.ascii_only)
        return f"Seat {self._n(seat)} played {played} (trick {number}{done}: {so_far})."

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
            result = None if text.isdecimal() else self._typed(view, text)
            if isinstance(result, Announce):
                if self._confirm(view, result.level):
                    return result
                continue
            hint = ""
            if text.isdecimal():
                message = "Numbers choose cards, and it is not your turn."
            elif isinstance(result, Play):
                message = "It is not your turn to play; you may only announce now."
            elif isinstance(result, str):
                message = result
            else:
                message = "That is not an announcement."
                hint = near_miss(text, self._words(view))
            mistakes = self._mistake(
                f"{message} Type an announcement word or press Enter to pass.{hint}", mistakes
            )


_EXCHANGE: Final = (Phase.POVERTY_PASS, Phase.POVERTY_OFFER, Phase.POVERTY_RETURN)


def _sorted(view: PlayerView, game: GameType) -> list[Card]:
    """The hand of ``view`` in ``game``'s display order under the deal's rules (V§2)."""
    return view.rules.card_order(game, schweine=view.schweine is not None).sort(view.hand)
