"""The small parts of the deal API: parsing, printing and rejecting malformed values."""

from __future__ import annotations

import random
from functools import partial
from typing import Any

import pytest

import doppelkopf
from doppelkopf import (
    Announce,
    Announcement,
    AnnouncementError,
    Card,
    CardNotHeldError,
    Deal,
    Declare,
    IllegalActionError,
    InvalidNotationError,
    InvalidReservationError,
    InvalidTypeError,
    Play,
    Reservation,
    Trick,
    WrongPhaseError,
)


def healthy(deal: Deal) -> Deal:
    for _ in range(4):
        seat = deal.turn
        assert seat is not None
        deal = deal.declare(seat, Reservation.HEALTHY)
    return deal


def finished(seed: int) -> Deal:
    rng = random.Random(seed)
    deal = healthy(Deal.shuffled(rng=rng))
    while not deal.is_finished:
        deal = deal.apply(rng.choice(deal.legal_actions))
    return deal


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("healthy", Reservation.HEALTHY),
        ("gesund", Reservation.HEALTHY),
        ("Hochzeit", Reservation.MARRIAGE),
        ("marriage", Reservation.MARRIAGE),
        ("queens solo", Reservation.QUEENS_SOLO),
        ("SOLO_Q", Reservation.QUEENS_SOLO),
        ("solo-d", Reservation.DIAMONDS_SOLO),
        ("fleshless", Reservation.FLESHLESS),
    ],
)
def test_reservation_parse(text: str, expected: Reservation) -> None:
    assert Reservation.parse(text) is expected


def test_reservation_parse_rejects_unknown_names() -> None:
    with pytest.raises(InvalidNotationError, match="unknown reservation 'bettel'"):
        Reservation.parse("bettel")


def test_reservations_name_their_game() -> None:
    assert repr(Reservation.JACKS_SOLO) == "Reservation.JACKS_SOLO"
    assert [r.is_solo for r in (Reservation.HEALTHY, Reservation.MARRIAGE)] == [False, False]
    assert all(r.is_solo for r in Reservation if r.game_type is not None and r.game_type.is_solo)


def test_actions_print_and_replay_as_themselves() -> None:
    declare = Declare(1, Reservation.HEALTHY)
    play = Play(2, Card.parse("♣Q"))
    announce = Announce(3, Announcement.NO_90)
    assert (str(declare), str(play), str(announce)) == (
        "seat 1: healthy",
        "seat 2: ♣Q",
        "seat 3: announce keine 90",
    )
    assert declare.as_action() is declare
    assert play.as_action() is play
    assert announce.as_action() is announce
    assert Announce(0, 2).level is Announcement.NO_60


@pytest.mark.parametrize("seat", [-1, 4, True])
def test_actions_reject_a_seat_outside_0_to_3(seat: Any) -> None:
    with pytest.raises(IllegalActionError, match="seat must be a seat 0-3"):
        Play(seat, Card.parse("♣Q"))


def test_actions_reject_text_as_a_seat() -> None:
    with pytest.raises(InvalidTypeError, match=r"^seat must be an int, not str '0'$") as error:
        Play("0", Card.parse("♣Q"))  # type: ignore[arg-type]
    assert isinstance(error.value, IllegalActionError)


def test_deal_repr_names_phase_and_turn() -> None:
    deal = Deal.shuffled(seed=1, dealer=2)
    assert repr(deal) == "<Deal dealer=2 reservations tricks=0 cards_played=0 turn=3>"
    playing = healthy(deal)
    assert repr(playing).startswith("<Deal dealer=2 ")
    assert "tricks=0 cards_played=0 turn=3>" in repr(playing)


def test_from_hands_rejects_a_bad_cut() -> None:
    hands = Deal.shuffled(seed=1).dealt
    for cut in (2, 46):
        with pytest.raises(ValueError, match="cut must be 3-45"):
            Deal.from_hands(hands, cut=cut)
    with pytest.raises(InvalidTypeError, match=r"^cut must be an int, not str '10'$"):
        Deal.from_hands(hands, cut="10")  # type: ignore[arg-type]
    assert Deal.from_hands(hands, cut=45).cut == 45


def test_apply_and_check_reject_what_is_not_an_action() -> None:
    deal = Deal.shuffled(seed=2)
    with pytest.raises(TypeError, match="not an action"):
        deal.apply("play ♣Q")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="not an action"):
        deal.check(42)  # type: ignore[arg-type]


def test_declare_rejects_what_is_not_a_reservation() -> None:
    deal = Deal.shuffled(seed=3)
    with pytest.raises(
        InvalidReservationError, match=r"not str 'healthy'; use Reservation\.parse\('healthy'\)$"
    ) as error:
        deal.check_declare(0, "healthy")  # type: ignore[arg-type]
    assert isinstance(error.value, InvalidTypeError)
    assert deal.can_declare(0, Reservation.QUEENS_SOLO)


def test_play_rejects_what_is_not_a_card() -> None:
    deal = healthy(Deal.shuffled(seed=4))
    turn = deal.turn
    assert turn is not None
    with pytest.raises(CardNotHeldError, match=r"^card must be a Card, not str '♣Q'"):
        deal.check_play(turn, "♣Q")  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match=r"use Card\.parse\('♣Q'\)$"):
        deal.play(turn, "♣Q")  # type: ignore[arg-type]


@pytest.mark.parametrize("level", [5, -1])
def test_announce_rejects_what_is_not_a_level(level: Any) -> None:
    deal = healthy(Deal.shuffled(seed=5))
    with pytest.raises(AnnouncementError, match="not an announcement level"):
        deal.announce(0, level)
    assert not deal.can_announce(0, level)
    with pytest.raises(AnnouncementError, match="not an announcement level"):
        Announce(0, level)


@pytest.mark.parametrize("level", ["re", None, 1.0])
def test_announce_rejects_a_level_of_another_type(level: Any) -> None:
    deal = healthy(Deal.shuffled(seed=5))
    expected = "level must be an Announcement or int 0-4"
    for announce in (partial(deal.announce, 0), partial(Announce, 0)):
        with pytest.raises(InvalidTypeError, match=expected) as error:
            announce(level)
        assert isinstance(error.value, AnnouncementError)
    assert not deal.can_announce(0, level)


def test_announce_rejects_a_seat_outside_0_to_3() -> None:
    deal = healthy(Deal.shuffled(seed=5))
    with pytest.raises(IllegalActionError, match="seat must be 0-3"):
        deal.check_announce(4, Announcement.RE_KONTRA)
    assert not deal.can_announce(-1, Announcement.RE_KONTRA)


def test_nothing_is_announced_after_the_last_trick() -> None:
    deal = finished(6)
    with pytest.raises(WrongPhaseError, match="finished"):
        deal.announce(0, Announcement.RE_KONTRA)
    assert deal.legal_announcements(0) == ()
    assert deal.legal_actions == ()
    assert deal.view(0).legal_actions == ()


def test_outcome_before_the_end_is_an_error() -> None:
    deal = healthy(Deal.shuffled(seed=7))
    with pytest.raises(WrongPhaseError, match="after trick 12"):
        _ = deal.outcome


def test_trick_play_rejects_what_is_not_a_card_and_a_third_copy() -> None:
    with pytest.raises(TypeError, match="Card objects"):
        Trick(0).play("♣Q")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="third ♣Q"):
        Trick.parse("♣Q ♣Q").play(Card.parse("♣Q"))


def test_a_finished_deal_refuses_a_card_of_seat_none() -> None:
    """Nobody is on turn in a finished deal; ``None`` as the seat is refused, not taken for it."""
    deal = doppelkopf.play_deal(
        Deal.shuffled(seed=7), [doppelkopf.RandomPlayer(seed=s) for s in range(4)]
    )
    assert deal.turn is None
    with pytest.raises(doppelkopf.DoppelkopfError):
        deal.play(None, Card.parse("♣Q"))  # type: ignore[arg-type]


def test_no_public_attribute_of_a_deal_can_be_set_or_added() -> None:
    deal = Deal.shuffled(seed=4)
    public = [
        name
        for name in dir(Deal)
        if not name.startswith("_") and isinstance(getattr(Deal, name), property)
    ]
    assert {"turn", "tricks", "hands", "phase", "history", "rules"} <= set(public)
    for name in public:
        with pytest.raises(AttributeError):
            setattr(deal, name, None)
        with pytest.raises(AttributeError):
            delattr(deal, name)
    with pytest.raises(AttributeError):
        deal.anything = 1  # type: ignore[attr-defined]
    assert not hasattr(deal, "__dict__")
    assert deal == Deal.shuffled(seed=4)
    assert hash(deal) == hash(Deal.shuffled(seed=4))
