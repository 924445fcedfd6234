"""A seat's view and a deal as pictures: their fields as the numbers of :mod:`~doppelkopf._svg`.

:class:`~doppelkopf.PlayerView` and :class:`~doppelkopf.Deal` draw
themselves in a notebook (``_repr_svg_``) through :func:`view_picture` and
:func:`deal_picture`, and :mod:`doppelkopf.svg` draws them with a caller's
options through the same two functions.  They read the fields they need
through the protocols :class:`ViewFields` and :class:`DealFields`, so this
module sits below :mod:`~doppelkopf.deal.views` and
:mod:`~doppelkopf.deal.machine` and imports neither.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from .._order import CardOrder
from .._svg import Style, grid, seat_names, table
from ..cards import Card, Hand
from ..parties import Party
from ..rules import GameType, Rules
from ..tricks import Trick
from .actions import Action, Announced, Play
from .outcome import Outcome, VoidDeal

__all__ = ["DealFields", "ViewFields", "deal_picture", "view_picture"]


class ViewFields(Protocol):
    """What :func:`view_picture` reads of a :class:`~doppelkopf.PlayerView`."""

    @property
    def seat(self) -> int: ...
    @property
    def hand(self) -> Hand: ...
    @property
    def card_order(self) -> CardOrder | None: ...
    @property
    def game_type(self) -> GameType | None: ...
    @property
    def declarer(self) -> int | None: ...
    @property
    def known_parties(self) -> tuple[Party | None, ...]: ...
    @property
    def tricks(self) -> tuple[Trick, ...]: ...
    @property
    def current_trick(self) -> Trick: ...
    @property
    def announcements(self) -> tuple[Announced, ...]: ...
    @property
    def hand_sizes(self) -> tuple[int, ...]: ...
    @property
    def turn(self) -> int | None: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def legal_actions(self) -> tuple[Action, ...]: ...


class DealFields(Protocol):
    """What :func:`deal_picture` reads of a :class:`~doppelkopf.Deal`."""

    @property
    def tricks(self) -> tuple[Trick, ...]: ...
    @property
    def current_trick(self) -> Trick: ...
    @property
    def game_type(self) -> GameType | None: ...
    @property
    def declarer(self) -> int | None: ...
    @property
    def parties(self) -> tuple[Party | None, ...]: ...
    @property
    def announcements(self) -> tuple[Announced, ...]: ...
    @property
    def is_finished(self) -> bool: ...
    @property
    def void(self) -> VoidDeal | None: ...
    @property
    def outcome(self) -> Outcome: ...
    @property
    def rules(self) -> Rules: ...


def _contract(
    game: GameType | None, declarer: int | None, names: Sequence[str], style: Style
) -> str:
    if game is None:
        return style.word("contract not known yet").capitalize()
    name = style.word(game.value) if style.language == "de" else str(game).capitalize()
    return name if declarer is None else f"{name} ({names[declarer]})"


def _calls(announcements: Sequence[Announced], seat: int) -> list[str]:
    return [a.level.label(a.party) for a in announcements if a.seat == seat]


def _plays(trick: Trick) -> list[tuple[int, int, int]]:
    return [(seat, int(card.suit), int(card.rank)) for seat, card in trick]


def view_picture(
    view: ViewFields,
    style: Style,
    names: Sequence[str] | None = None,
    highlight: frozenset[Card] | None = None,
) -> str:
    """The table as ``view.seat`` sees it (SPEC §6.1).

    The seat's hand lies at the bottom in the contract's order, the cards it
    may play lifted and framed (``highlight`` replaces them when given); the
    trick in play lies in the middle with each seat's card, the other seats
    are labelled with their name, their party as far as the viewer knows it,
    their announcements and their number of cards; the header names the
    contract and the trick.
    """
    names = seat_names(style) if names is None else names
    order = view.card_order
    cards = view.hand.sorted(order) if order is not None else tuple(view.hand)
    if highlight is None:
        highlight = frozenset(a.card for a in view.legal_actions if type(a) is Play)
    trick = view.current_trick
    done = len(view.tricks)
    total = view.rules.tricks
    header = [_contract(view.game_type, view.declarer, names, style)]
    if done == total:
        header.append(f"{total} {style.word('tricks')}, {style.word('finished')}")
    else:
        header.append(f"{style.word('Trick')} {done + 1} {style.word('of')} {total}")
    labels = []
    for seat in range(4):
        party = view.known_parties[seat]
        lines = [names[seat], style.word("party unknown") if party is None else str(party)]
        calls = _calls(view.announcements, seat)
        if calls:
            lines[1] += ": " + ", ".join(calls)
        lines.append(f"{view.hand_sizes[seat]} {style.word('cards')}")
        labels.append(lines)
    return table(
        style,
        seat=view.seat,
        header=header,
        hand_cards=[(int(card.suit), int(card.rank)) for card in cards],
        marks=[card in highlight for card in cards],
        plays=_plays(trick),
        leader=trick.leader,
        turn=view.turn,
        labels=labels,
    )


def deal_tricks(deal: DealFields) -> list[tuple[int, list[tuple[int, int, int]], int | None, int]]:
    """Each trick played so far as ``(leader, plays, winner, points)``.

    A trick's winner is the leader of the next one (SPEC §5.3); the trick in
    play, if it holds a card, comes last with no winner.
    """
    tricks = deal.tricks
    following = [*(trick.leader for trick in tricks[1:]), deal.current_trick.leader][: len(tricks)]
    rows: list[tuple[int, list[tuple[int, int, int]], int | None, int]] = [
        (trick.leader, _plays(trick), winner, trick.points)
        for trick, winner in zip(tricks, following, strict=True)
    ]
    current = deal.current_trick
    if current.cards:
        rows.append((current.leader, _plays(current), None, current.points))
    return rows


def deal_picture(
    deal: DealFields,
    style: Style,
    names: Sequence[str] | None = None,
    *,
    result: Sequence[str] = (),
    header: bool = True,
    columns: int = 4,
) -> str:
    """A deal's tricks in a grid: leader, cards, winner and points of each (SPEC §5).

    With ``header`` the contract, the parties and the announcements come
    first and, once the deal is finished, each party's card points and
    tricks (SPEC §9.1) and the lines of ``result`` last.
    """
    names = seat_names(style) if names is None else names
    top: list[str] = []
    bottom: list[str] = []
    if header:
        void = deal.void
        if void is not None:
            top.append(style.word("void deal").capitalize())
            bottom.append(str(void))
        else:
            top.append(_contract(deal.game_type, deal.declarer, names, style))
            sides = []
            for party in (Party.RE, Party.KONTRA):
                seats = [names[s] for s in range(4) if deal.parties[s] is party]
                calls = sorted({a.level for a in deal.announcements if a.party is party}, key=int)
                said = f" ({', '.join(level.label(party) for level in calls)})" if calls else ""
                if seats:
                    sides.append(f"{party}: {', '.join(seats)}{said}")
            if sides:
                top.append(" · ".join(sides))
        if deal.is_finished and void is None:
            outcome = deal.outcome
            bottom.append(
                " · ".join(
                    f"{party} {outcome.card_points(party)} {style.word('points')},"
                    f" {outcome.tricks_won(party)} {style.word('tricks')}"
                    for party in (Party.RE, Party.KONTRA)
                )
            )
        bottom.extend(result)
    return grid(deal_tricks(deal), style, names=names, header=top, footer=bottom, columns=columns)
