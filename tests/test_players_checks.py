"""Arguments of the wrong type or range given to the players, the runner and the knowledge helpers.

Every one raises a DoppelkopfError naming the parameter (an InvalidTypeError for the wrong
type, also a TypeError), with at most a short excerpt of the value, before any card is
played.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from doppelkopf import Deal, PlayerView
from doppelkopf.errors import DoppelkopfError, InvalidTypeError, InvalidValueError
from doppelkopf.players import (
    HeuristicPlayer,
    Player,
    RandomPlayer,
    iter_deal,
    known_voids,
    play_deal,
    unseen_cards,
    winning_cards,
)
from doppelkopf.players._seeds import check_generator, check_seed

HUGE = 10**5000


def four() -> list[Player]:
    return [RandomPlayer(seed=seat) for seat in range(4)]


@pytest.mark.parametrize("rate", [HUGE, -HUGE], ids=["huge", "-huge"])
def test_a_huge_reservation_rate_is_a_value_error(rate: int) -> None:
    with pytest.raises(InvalidValueError, match=r"from 0 to 1, not (a negative|an) int of 5001"):
        RandomPlayer(reservation_rate=rate)


def test_reservation_rate_types() -> None:
    with pytest.raises(InvalidTypeError, match="reservation_rate must be a number, not bool True"):
        RandomPlayer(reservation_rate=True)
    with pytest.raises(InvalidTypeError, match=r"not complex \(1\+0j\)"):
        RandomPlayer(reservation_rate=1 + 0j)  # type: ignore[arg-type]
    assert RandomPlayer(reservation_rate=1).reservation_rate == 1
    assert RandomPlayer(reservation_rate=0.0).reservation_rate == 0


@pytest.mark.parametrize("make", [RandomPlayer, HeuristicPlayer])
def test_player_seeds(make: Callable[..., Player]) -> None:
    with pytest.raises(InvalidTypeError, match="seed must be an int, str or None, not list"):
        make(seed=[])
    with pytest.raises(InvalidTypeError, match="not bool False"):
        make(seed=False)
    with pytest.raises(InvalidValueError, match="UTF-8"):
        make(seed="\ud800")
    view = Deal.shuffled(seed=1).view(0)
    assert make(seed="table").act(view) == make(seed="table").act(view)


def test_random_player_generator() -> None:
    with pytest.raises(InvalidTypeError, match=r"rng must be a random\.Random or None, not int 3"):
        RandomPlayer(rng=3)  # type: ignore[arg-type]
    with pytest.raises(InvalidValueError, match="not both"):
        RandomPlayer(seed=1, rng=random.Random(1))
    assert check_generator(None) is None
    assert check_seed(2**64) == 2**64


def test_views_are_checked() -> None:
    deal = Deal.shuffled(seed=1)
    heuristic = HeuristicPlayer(seed=0)
    asks: list[Callable[[PlayerView], object]] = [
        RandomPlayer(seed=0).act,
        heuristic.act,
        heuristic.reservation,
        heuristic.announcement,
        heuristic.card,
        unseen_cards,
        known_voids,
        winning_cards,
    ]
    for ask in asks:
        for bad in (None, deal, "view", HUGE):
            with pytest.raises(
                InvalidTypeError, match=r"^view must be a PlayerView, not "
            ) as caught:
                ask(bad)  # type: ignore[arg-type]
            assert len(str(caught.value)) < 100


def test_the_runner_checks_its_arguments_when_called() -> None:
    with pytest.raises(InvalidTypeError, match="deal must be a Deal, not None"):
        iter_deal(None, four())  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match="players must be a sequence of four players"):
        iter_deal(Deal.shuffled(seed=1), None)  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match="players must be a sequence"):
        play_deal(Deal.shuffled(seed=1), "abcd")  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match=r"players\[0\] must be a player"):
        play_deal(Deal.shuffled(seed=1), [None] * 4)  # type: ignore[list-item]
    with pytest.raises(InvalidTypeError, match=r"players\[3\] must be a player"):
        play_deal(Deal.shuffled(seed=1), [*four()[:3], "SA"])  # type: ignore[list-item]
    with pytest.raises(InvalidValueError, match=r"four players, not 1 \(SPEC §2\.1\)"):
        play_deal(Deal.shuffled(seed=1), {"a": 1})  # type: ignore[arg-type]
    finished = play_deal(Deal.shuffled(seed=1), tuple(four()))
    assert finished == play_deal(Deal.shuffled(seed=1), iter(four()))  # type: ignore[arg-type]


def test_a_huge_non_action_is_quoted_briefly() -> None:
    class Huge:
        def act(self, view: PlayerView) -> object:
            return HUGE

    players: list[Player] = [Huge(), *four()[1:]]  # type: ignore[list-item]
    with pytest.raises(
        InvalidTypeError, match=r"^seat 0: the player returned an int of 5001 digits"
    ):
        play_deal(Deal.shuffled(seed=2), players)
    with pytest.raises(DoppelkopfError):
        next(iter_deal(Deal.shuffled(seed=2), players))
