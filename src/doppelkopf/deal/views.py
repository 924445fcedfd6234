"""What one player may know: the information set of a seat (SPEC §6.1, V§2.3)."""

from __future__ import annotations

from typing import Final

import attrs

from ..cards import Card, Hand
from ..parties import Party
from ..rules import GameType, Rules
from ..tricks import Trick
from .actions import Action, Announced, Reservation
from .machine import Deal, seat_actions
from .reservations import CLUB_QUEEN, check_seat

__all__ = ["PlayerView"]

_DDV: Final = Rules.DDV


@attrs.frozen
class PlayerView:
    """What one player knows at one instant (SPEC §6.1): an information set.

    It holds the seat's own hand and reservation, which seats said *Vorbehalt*
    (not what they wanted, SPEC §3.3), the contract once named, every card
    played, every announcement with its party, and each seat's party as far as
    it has been revealed — by the viewer's own ♣Q, a ♣Q played, an
    announcement, the marriage partner or the soloist.  In a silent marriage
    the other players see a normal game until the second ♣Q appears.
    """

    seat: int
    dealer: int
    hand: Hand
    reservation: Reservation | None
    declared: tuple[bool | None, ...]
    game_type: GameType | None
    declarer: int | None
    partner: int | None
    clarification_trick: int | None
    known_parties: tuple[Party | None, ...]
    tricks: tuple[Trick, ...]
    current_trick: Trick
    announcements: tuple[Announced, ...]
    hand_sizes: tuple[int, ...]
    turn: int | None
    legal_actions: tuple[Action, ...]
    rules: Rules = _DDV
    schweine: int | None = None

    @classmethod
    def _of(cls, deal: Deal, seat: int) -> PlayerView:
        check_seat(seat, "view")
        declared = tuple(
            None if answer is None else answer is not Reservation.HEALTHY
            for answer in deal.declarations
        )
        game = deal.game_type
        declarer = deal.declarer
        played_queens = [
            s
            for trick in (*deal.tricks, deal.current_trick)
            for s, card in trick
            if card is CLUB_QUEEN
        ]
        if game is GameType.SILENT_MARRIAGE and seat != declarer:
            revealed = len(played_queens) == 2
            if not revealed:
                game = GameType.NORMAL
                declarer = None
        known = _known_parties(deal, seat, game, played_queens)
        actions = seat_actions(deal, seat)
        return cls(
            seat=seat,
            dealer=deal.dealer,
            hand=deal.hands[seat],
            reservation=deal.declarations[seat],
            declared=declared,
            game_type=game,
            declarer=declarer,
            partner=deal.partner,
            clarification_trick=deal.clarification_trick,
            known_parties=known,
            tricks=deal.tricks,
            current_trick=deal.current_trick,
            announcements=deal.announcements,
            hand_sizes=tuple(len(hand) for hand in deal.hands),
            turn=deal.turn,
            legal_actions=actions,
            rules=deal.rules,
            schweine=deal.schweine,
        )

    @property
    def party(self) -> Party | None:
        """The viewer's own party (``None`` only before the contract or clarification)."""
        return self.known_parties[self.seat]

    @property
    def cards_played(self) -> tuple[Card, ...]:
        """Every card played so far, in order."""
        return tuple(card for trick in (*self.tricks, self.current_trick) for card in trick.cards)


def _known_parties(
    deal: Deal, seat: int, game: GameType | None, played_queens: list[int]
) -> tuple[Party | None, ...]:
    if deal.game_type is None:
        return (None, None, None, None)
    actual = deal.parties
    if game is not GameType.NORMAL:
        # Every solo, the marriage and a revealed silent marriage are public.
        return actual
    known: list[Party | None] = [None, None, None, None]
    known[seat] = actual[seat]
    for queen_seat in played_queens:
        known[queen_seat] = Party.RE
    for event in deal.announcements:
        known[event.seat] = event.party
    # Counting is safe only when a 2-vs-2 game is certain: the viewer holds one
    # ♣Q itself, or two different seats are known to be Re (a silent marriage
    # has a single Re player).
    own_queens = deal.dealt[seat].count(CLUB_QUEEN)
    if own_queens == 1 or known.count(Party.RE) == 2:
        for party in Party:
            if known.count(party) == 2:
                known = [p if p is not None else party.opponent for p in known]
    # Every game has a Re party, so three known Kontra players leave a Re fourth.
    if known.count(Party.KONTRA) == 3:
        known = [p if p is not None else Party.RE for p in known]
    return tuple(known)
