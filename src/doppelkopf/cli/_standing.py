"""What the person's own view tells: the party and partner known, and why an announcement
is refused now (SPEC §6, §8)."""

from __future__ import annotations

from collections.abc import Sequence

from ..announce import apply_announcement
from ..deal import PlayerView
from ..errors import DoppelkopfError
from ..parties import Announcement, Party
from ._common import _seat_number


def refusal(view: PlayerView, level: Announcement) -> str:
    """Why the viewer may not announce ``level`` now, in the words of the rules (SPEC §8)."""
    party = view.party
    assert party is not None
    own, other = (
        (view.re_state, view.kontra_state)
        if party is Party.RE
        else (view.kontra_state, view.re_state)
    )
    held = own.level
    if held is not None and level <= held:
        return f"your party has announced {held.label(party)} already (§8.6a)"
    clarification = view.clarification_trick
    try:
        apply_announcement(
            own,
            other,
            level,
            hand_size=len(view.hand),
            shift=0 if clarification is None else clarification - 1,
            rules=view.rules,
        )
    except DoppelkopfError as error:
        return str(error)
    # The view offers every announcement the rule allows while the person is asked.
    return "the deal does not take announcements now (§8.3)"  # pragma: no cover


def standing(view: PlayerView, table: Sequence[int] | None) -> str:
    """The viewer's party and partner as far as its view shows them, seats numbered as at
    ``table`` (:func:`~doppelkopf.cli._common._seat_number`)."""
    party = view.party
    if party is None:
        return "party not known yet"
    game = view.game_type
    assert game is not None
    if game.is_solo:
        if view.declarer == view.seat:
            return f"{party}, alone"
        return f"{party}, against seat {_seat_number(view.declarer or 0, table)}"
    partners = [
        seat
        for seat, known in enumerate(view.known_parties)
        if known is party and seat != view.seat
    ]
    partner = (
        f"partner seat {_seat_number(partners[0], table)}" if partners else "partner not known yet"
    )
    return f"{party}, {partner}"
