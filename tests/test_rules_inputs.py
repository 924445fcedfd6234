"""Bad rule sets and game types given to the functional API raise a named error."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from doppelkopf import (
    DECK,
    Announcement,
    Card,
    Deal,
    GameType,
    Hand,
    InvalidReservationError,
    InvalidRulesError,
    InvalidValueError,
    Party,
    PartyAnnouncements,
    Reservation,
    Rules,
    SpecialEvent,
    SpecialKind,
    Trick,
    apply_announcement,
    can_announce,
    can_play_card,
    check_announcement,
    check_card,
    deal_hands,
    legal_cards,
    resolve_reservations,
    special_events,
    trick_winner,
)
from doppelkopf._order import card_order

NOTHING = PartyAnnouncements()
TRICK = Trick.parse("♣A ♣10 ♣A ♣10", leader=0)
PARTIES = (Party.RE, Party.KONTRA, Party.RE, Party.KONTRA)
NOT_RULES: list[Any] = ["ddv", None, {"nines": False}, 12]


@pytest.mark.parametrize("rules", NOT_RULES)
def test_announcements_reject_what_is_not_a_rule_set(rules: Any) -> None:
    for function in (apply_announcement, check_announcement, can_announce):
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


@pytest.mark.parametrize("rules", NOT_RULES)
def test_the_card_functions_reject_what_is_not_a_rule_set(rules: Any) -> None:
    hand, trick, ace = Hand.parse("♥10 ♣A"), Trick.parse("♥A"), Card.parse("♣A")
    calls: list[Callable[[], object]] = [
        lambda: legal_cards(hand, trick, GameType.NORMAL, rules),
        lambda: check_card(hand, trick, GameType.NORMAL, ace, rules),
        lambda: can_play_card(hand, trick, GameType.NORMAL, ace, rules),
        lambda: trick_winner(TRICK, GameType.NORMAL, rules),
        lambda: TRICK.winner(GameType.NORMAL, rules),
        lambda: TRICK.led_category(GameType.NORMAL, rules),
        lambda: deal_hands(DECK, 3, 3, rules),
        lambda: Deal.from_hands(Deal.shuffled(seed=1).dealt, rules=rules),
        lambda: Deal.shuffled(seed=1, rules=rules),
    ]
    for call in calls:
        with pytest.raises(TypeError, match="rules must be a Rules value"):
            call()


@pytest.mark.parametrize("rules", [Rules.DDV, Rules(nines=False)])
def test_the_card_functions_reject_what_is_not_a_game_type(rules: Rules) -> None:
    hand, trick = Hand.parse("♥10 ♣A"), Trick.parse("♥A")
    with pytest.raises(TypeError, match="game_type must be a GameType"):
        legal_cards(hand, trick, "NORMAL", rules)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="game_type must be a GameType"):
        trick_winner(TRICK, "SOLO_Q", rules, schweine=True)  # type: ignore[arg-type]


@pytest.mark.parametrize("schweinchen", [True, False])
def test_a_rule_sets_card_order_rejects_a_schweine_flag_that_is_not_a_bool(
    schweinchen: bool,
) -> None:
    with pytest.raises(TypeError, match="schweine must be True or False"):
        Rules(schweinchen=schweinchen).card_order(GameType.NORMAL, schweine=None)  # type: ignore[arg-type]


def test_special_events_of_the_options_name_themselves() -> None:
    caught = SpecialEvent(SpecialKind.KARLCHEN_CAUGHT, Party.KONTRA, trick=10, seat=1, victim=0)
    assert str(caught) == (
        "trick 10: Karlchen caught for Kontra (seat 1 caught the ♣J of seat 0 in the last trick)"
    )
    assert caught.rule == "V§5.3"
    at_end = SpecialEvent(SpecialKind.FOX_AT_END, Party.RE, trick=12, seat=0)
    assert (
        str(at_end) == "trick 12: fox at the end for Re (seat 0 won the last trick with its own ♦A)"
    )
    assert at_end.rule == "V§5.4"
    with pytest.raises(InvalidValueError, match="caught Karlchen names its victim"):
        SpecialEvent(SpecialKind.KARLCHEN_CAUGHT, Party.KONTRA, trick=12, seat=1)
    with pytest.raises(InvalidValueError, match="fox at the end does not"):
        SpecialEvent(SpecialKind.FOX_AT_END, Party.RE, trick=12, seat=0, victim=1)


class _Unprintable:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


def test_a_bad_option_value_without_a_repr_is_named_by_its_type() -> None:
    with pytest.raises(InvalidRulesError, match="<_Unprintable instance"):
        Rules(nines=_Unprintable())  # type: ignore[arg-type]
