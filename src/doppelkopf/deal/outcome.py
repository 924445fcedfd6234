"""The outcome of a finished deal: what settlement reads (SPEC §9–§11)."""

from __future__ import annotations

from typing import Final

import attrs

from ..announce import PartyAnnouncements
from ..parties import Party
from ..rules import GameType, Rules
from ..specials import SpecialEvent
from ..tricks import Trick

__all__ = ["Outcome"]

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
