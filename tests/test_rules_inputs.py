"""Bad rule sets and game types given to the functional API raise a named error."""

from __future__ import annotations

from typing import Any

import pytest

from doppelkopf import (
    Announcement,
    PartyAnnouncements,
    apply_announcement,
    can_announce_level,
    check_announcement,
)

NOTHING = PartyAnnouncements()
NOT_RULES: list[Any] = ["ddv", None, {"nines": False}, 12]


@pytest.mark.parametrize("rules", NOT_RULES)
def test_announcements_reject_what_is_not_a_rule_set(rules: Any) -> None:
    for function in (apply_announcement, check_announcement, can_announce_level):
        with pytest.raises(TypeError, match="rules must be a Rules value"):
            function(NOTHING, NOTHING, Announcement.RE_KONTRA, hand_size=12, rules=rules)
