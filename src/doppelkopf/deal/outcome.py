"""The outcome of a finished deal: what settlement reads (SPEC §9–§11), and the void deal (V§8)."""

from __future__ import annotations

from typing import Final, Literal, TypeAlias

import attrs

from ..announce import PartyAnnouncements
from ..cards import Hand
from ..parties import Party
from ..rules import GameType, Rules, ThrowReason
from ..specials import SpecialEvent
from ..tricks import Trick

__all__ = ["Outcome", "VoidDeal", "VoidReason"]

_DDV: Final = Rules.DDV


@attrs.frozen
class Outcome:
    """The result of a finished deal, as settlement needs it (SPEC §9–§11).

    ``parties`` are the final parties (SPEC §6.4); ``winners[i]`` is the seat
    that won trick ``i + 1``; ``seat_points`` the card points each seat took.
    """

    game_type: GameType
    parties: tuple[Party, ...]
    declarer: int | None
    partner: int | None
    clarification_trick: int | None
    tricks: tuple[Trick, ...]
    winners: tuple[int, ...]
    seat_points: tuple[int, ...]
    re_announcements: PartyAnnouncements
    kontra_announcements: PartyAnnouncements
    special_events: tuple[SpecialEvent, ...]
    rules: Rules = _DDV
    schweine: int | None = None

    @property
    def re_seats(self) -> frozenset[int]:
        """The seats of the Re party."""
        return frozenset(seat for seat in range(4) if self.parties[seat] is Party.RE)

    def card_points(self, party: Party) -> int:
        """The card points the party took (SPEC §1.3)."""
        return sum(self.seat_points[seat] for seat in range(4) if self.parties[seat] is party)

    def tricks_won(self, party: Party) -> int:
        """How many tricks the party took."""
        return sum(1 for winner in self.winners if self.parties[winner] is party)


VoidReason: TypeAlias = Literal["thrown", "poverty_refused"]
"""Why a deal is void (V§8): a winning Schmeißen, or an Armut nobody accepted."""


@attrs.frozen
class VoidDeal:
    """The end of a void deal (V§8): no card played, no settlement, the same dealer deals again.

    ``reason`` is ``"thrown"`` (Schmeißen won, V§7.2) or ``"poverty_refused"``
    (all three refused the Armut, V§6.3 step 4); ``seat`` the thrower or the
    poor player; ``throw_reason`` the reason named (``None`` for an Armut);
    ``shown`` the thrower's hand, public (V§7.2), ``None`` for an Armut.

    >>> from doppelkopf import Hand
    >>> VoidDeal("poverty_refused", 0).shown is None
    True
    >>> str(VoidDeal("thrown", 1, "nines5", Hand.parse("♣9 ♣9 ♠9 ♥9 ♦9")))
    'void: seat 1 throws in (nines5), showing ♦9 ♣9 ♣9 ♠9 ♥9'
    """

    reason: VoidReason
    seat: int
    throw_reason: ThrowReason | None = None
    shown: Hand | None = None

    def __str__(self) -> str:
        if self.reason == "thrown":
            return f"void: seat {self.seat} throws in ({self.throw_reason}), showing {self.shown}"
        return f"void: nobody accepted the Armut of seat {self.seat}"
