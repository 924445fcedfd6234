"""Telling the person at the terminal what happens at the table, from its seat's view."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from ..cards import Card
from ..deal import (
    Announced,
    AnswerPoverty,
    Deal,
    Declare,
    Event,
    PassCards,
    PlayerView,
    Reservation,
    ReturnCards,
    SoloKind,
)
from ..parties import Party
from ..players import Player, iter_deal
from ..rules import GameType
from ..tricks import Trick, trick_winner
from ._common import (
    _CLUB_QUEEN,
    _announcement_text,
    _card,
    _cards,
    _reservation_text,
    _seat_number,
)

_FOX: Final = Card.parse("♦A")
_DOPPELKOPF_POINTS: Final = 40
"""A trick worth this many card points or more is a Doppelkopf (SPEC §11.3)."""


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
        self.table: Sequence[int] | None = None
        """The table seats of the deal's seats 0-3 at five players (V§10), else ``None``."""

    def _n(self, seat: int | None) -> int | None:
        """The number the person knows ``seat`` by: its table seat at five players."""
        return seat if seat is None else _seat_number(seat, self.table)

    def _who(self, seat: int) -> str:
        return "You" if seat == self.seat else f"Seat {self._n(seat)}"

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
            cards = ", ".join(
                f"seat {self._n(seat)} {_card(card, self.ascii_only)}" for seat, card in trick
            )
            who = "you win" if winner == self.seat else f"seat {self._n(winner)} wins"
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
                    f"Re: seats {self._n(poverty.poor)} and {self._n(event.seat)}; Kontra: seats "
                    f"{self._n(kontra[0])} and {self._n(kontra[1])} (V§6.4)."
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
            return f"seat {self.sitting_out} deals"
        return "you deal" if deal.dealer == self.seat else f"seat {self._n(deal.dealer)} deals"

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
            owner = "your" if seat == self.seat else f"seat {self._n(seat)}'s"
            taker = "You catch" if winner == self.seat else f"Seat {self._n(winner)} catches"
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
            who = "your" if winner == self.seat else f"seat {self._n(winner)}'s"
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
                f"Seat {self._n(declarer)} played the second {queen}: a silent marriage, "
                f"seat {self._n(declarer)} plays alone (§7.5)."
            )
        elif game is GameType.MARRIAGE_SOLO and self.game is not game:
            won = "You won" if declarer == self.seat else f"Seat {self._n(declarer)} won"
            self.output_fn(f"{won} tricks 1-3: no partner, a marriage solo (§7.3).")
        self.game = game
        if game is GameType.MARRIAGE and view.partner is not None and self.partner is None:
            self.partner = view.partner
            joins = "join" if view.partner == self.seat else "joins"
            self.output_fn(
                f"{self._who(view.partner)} won the trick and {joins} "
                f"seat {self._n(view.declarer)} as Re (§7.2)."
            )

    def _contract(self, view: PlayerView, game: GameType) -> str:
        declarer = view.declarer
        queen = _card(_CLUB_QUEEN, self.ascii_only)
        if game is GameType.MARRIAGE:
            who = "you" if declarer == self.seat else f"seat {self._n(declarer)}"
            return (
                f"Contract: marriage by {who}, whose partner is the first other winner of "
                "tricks 1-3 (§7.2)."
            )
        if game is GameType.SILENT_MARRIAGE:
            return f"Contract: silent marriage. You hold both {queen} and play alone (§7.5)."
        who = "you" if declarer == self.seat else f"seat {self._n(declarer)}"
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
        narrator.table = table
        narrator.sitting_out = (table[0] - 1) % 5
        forced = deal.forced_seat
        leads = "" if forced is not None else f", seat {table[deal.turn or 0]} leading"
        output_fn(
            f"{title}: seat {narrator.sitting_out} deals and sits out (V§10); seats "
            f"{', '.join(map(str, table))} play{leads}. You are seat {table[seat]}."
        )
        if forced is not None:
            output_fn(
                f"The deal is forced (Vorführen, V§9.5): "
                f"{'you' if forced == seat else f'seat {table[forced]}'} "
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
