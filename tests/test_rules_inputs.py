"""Bad rule sets and game types given to the functional API raise a named error."""

from __future__ import annotations

from typing import Any

import pytest

from doppelkopf import (
    Announcement,
    Deal,
    GameType,
    InvalidReservationError,
    InvalidRulesError,
    InvalidValueError,
    Party,
    PartyAnnouncements,
    Reservation,
    Rules,
    Trick,
    apply_announcement,
    can_announce_level,
    check_announcement,
    resolve_reservations,
    special_events,
)
from doppelkopf._order import card_order

NOTHING = PartyAnnouncements()
TRICK = Trick.parse("♣A ♣10 ♣A ♣10", leader=0)
PARTIES = (Party.RE, Party.KONTRA, Party.RE, Party.KONTRA)
NOT_RULES: list[Any] = ["ddv", None, {"nines": False}, 12]


@pytest.mark.parametrize("rules", NOT_RULES)
def test_announcements_reject_what_is_not_a_rule_set(rules: Any) -> None:
    for function in (apply_announcement, check_announcement, can_announce_level):
        with pytest.raises(TypeError, match="rules must be a Rules value"):
            function(NOTHING, NOTHING, Announcement.RE_KONTRA, hand_size=12, rules=rules)


@pytest.mark.parametrize("rules", NOT_RULES)
def test_special_events_reject_what_is_not_a_rule_set(rules: Any) -> None:
    with pytest.raises(TypeError, match="rules must be a Rules value"):
        special_events([TRICK], GameType.NORMAL, PARTIES, rules)


@pytest.mark.parametrize("game_type", ["NORMAL", None, Reservation.QUEENS_SOLO])
def test_special_events_reject_what_is_not_a_game_type(game_type: Any) -> None:
    with pytest.raises(TypeError, match="game_type must be a GameType"):
        special_events([TRICK], game_type, PARTIES, Rules(nines=False))


@pytest.mark.parametrize("schweine", ["yes", 1, None])
def test_special_events_reject_a_schweine_flag_that_is_not_a_bool(schweine: Any) -> None:
    with pytest.raises(TypeError, match="schweine must be True or False"):
        special_events(
            [TRICK], GameType.NORMAL, PARTIES, Rules(schweinchen=True), schweine=schweine
        )


HEALTHY4 = [Reservation.HEALTHY] * 4


@pytest.mark.parametrize("rules", NOT_RULES)
def test_resolve_reservations_rejects_what_is_not_a_rule_set(rules: Any) -> None:
    hands = Deal.shuffled(seed=1).dealt
    with pytest.raises(TypeError, match="rules must be a Rules value"):
        resolve_reservations([Reservation.QUEENS_SOLO, *HEALTHY4[1:]], 3, hands, rules)


@pytest.mark.parametrize(
    ("declarations", "dealer", "error", "fragment"),
    [
        (["healthy"] * 4, 3, InvalidReservationError, "not a reservation"),
        ([None, *HEALTHY4[1:]], 3, InvalidReservationError, "not a reservation"),
        (HEALTHY4[:3], 3, InvalidValueError, "four answers"),
        ([*HEALTHY4, Reservation.HEALTHY], 3, InvalidValueError, "four answers"),
        (HEALTHY4, 4, InvalidValueError, "dealer"),
        (HEALTHY4, -1, InvalidValueError, "dealer"),
        (HEALTHY4, True, InvalidValueError, "dealer"),
    ],
)
def test_resolve_reservations_rejects_a_bad_round(
    declarations: Any, dealer: Any, error: type[Exception], fragment: str
) -> None:
    hands = Deal.shuffled(seed=1).dealt
    with pytest.raises(error, match=fragment):
        resolve_reservations(declarations, dealer, hands)


def test_resolve_reservations_rejects_bad_hands() -> None:
    hands = Deal.shuffled(seed=1).dealt
    with pytest.raises(InvalidValueError, match="four hands"):
        resolve_reservations(HEALTHY4, 3, hands[:3])
    with pytest.raises(TypeError, match="hand 2 must be a Hand"):
        resolve_reservations(HEALTHY4, 3, [*hands[:2], "♣Q", hands[3]])  # type: ignore[list-item]


@pytest.mark.parametrize("game_type", ["NORMAL", "SOLO_Q", None, 3])
def test_card_orders_reject_what_is_not_a_game_type(game_type: Any) -> None:
    with pytest.raises(TypeError, match="game_type must be a GameType"):
        Rules(nines=False).card_order(game_type)
    with pytest.raises(TypeError, match="game_type must be a GameType"):
        card_order(game_type)


@pytest.mark.parametrize(
    ("options", "error", "fragment"),
    [
        ({"second_dulle": "twice"}, InvalidRulesError, "second_dulle"),
        ({"second_dulle": None}, InvalidRulesError, "second_dulle"),
        ({"dullen": False, "second_dulle": "always"}, InvalidRulesError, "dullen=False"),
        ({"nines": 0}, TypeError, "nines"),
        ({"nines": 1}, TypeError, "nines"),
        ({"dullen": 0}, TypeError, "dullen"),
        ({"schweine": 0}, TypeError, "schweine"),
        ({"dullen": "yes"}, TypeError, "dullen"),
        ({"schweine": None}, TypeError, "schweine"),
    ],
)
def test_card_orders_reject_bad_options(
    options: dict[str, Any], error: type[Exception], fragment: str
) -> None:
    # The orders of False and True are cached first: 0 and 1 must not find them.
    card_order(GameType.NORMAL, nines=False)
    card_order(GameType.NORMAL, dullen=False)
    with pytest.raises(error, match=fragment):
        card_order(GameType.NORMAL, **options)


def test_trick_winner_shorthand_takes_the_schweine() -> None:
    trick = Trick.parse("♥10 ♣Q ♦A ♦10", leader=0)
    pigs = Rules(schweinchen=True)
    assert trick.winner(GameType.NORMAL, pigs, schweine=True) == 2
    assert trick.winner(GameType.NORMAL, pigs) == 0
    assert trick.winner(GameType.DIAMONDS_SOLO, pigs, schweine=True) == 0
