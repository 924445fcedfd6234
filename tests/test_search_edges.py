"""The edges of the search API: impossible views, budgets and the ranges of its numbers.

A view built by hand may have no world.  The sampler refuses it without
drawing where the card facts decide it, after a few dozen draws where only
the ♣Q decide it, and within the caller's budget of seconds otherwise; the
search player passes its own budget.  Every numeric parameter of the search
API has a range and a type, and a ``bool`` is no count.  The assertions count
draws, never time.
"""

from __future__ import annotations

import gc
import importlib
import math
import random
from typing import Any

import attrs
import pytest

from deal_helpers import with_both_club_queens
from doppelkopf import Deal, GameType, Hand, Party, PlayerView, Reservation
from doppelkopf._checks import excerpt
from doppelkopf.errors import InvalidTypeError, InvalidValueError
from doppelkopf.search import InconsistentViewError, SearchPlayer, WorldSampler, playouts
from doppelkopf.search import sampling as sampling_module

playouts_module = importlib.import_module("doppelkopf.search.playouts")


def _first_legal(deal: Deal) -> Deal:
    turn = deal.turn
    assert turn is not None
    return deal.play(turn, deal.legal_cards()[0])


def _married(seed: int) -> Deal:
    """A marriage of seat 0 (dealer 3) whose partner is found in trick 1 (SPEC §7.4)."""
    for attempt in range(seed, seed + 200):
        hands = with_both_club_queens(Deal.shuffled(seed=attempt).dealt, 0)
        deal = Deal.from_hands(hands, dealer=3).declare(0, Reservation.MARRIAGE)
        for seat in (1, 2, 3):
            deal = deal.declare(seat, Reservation.HEALTHY)
        for _ in range(4):
            deal = _first_legal(deal)
        if deal.partner is not None and not deal.announcements:
            return _first_legal(deal)
    raise AssertionError("no marriage found its partner in trick 1")


def _other_partner(view: PlayerView) -> PlayerView:
    """``view`` with the marriage's partner moved to the seat that is neither of the three."""
    assert view.declarer is not None
    assert view.partner is not None
    seats = {view.declarer, view.partner, view.seat}
    (other,) = set(range(4)) - seats
    known = tuple(Party.RE if s in (view.declarer, other) else Party.KONTRA for s in range(4))
    return attrs.evolve(view, partner=other, known_parties=known)


def test_an_impossible_view_decided_by_the_queens_is_refused_after_a_few_draws() -> None:
    # The marriage's partner is the winner of the clarification trick; a view
    # naming another seat passes the view's own checks, but no deal gives it.
    deal = _married(1)
    real = deal.view(next(s for s in range(4) if s not in (0, deal.partner)))
    view = _other_partner(real)
    assert view.game_type is GameType.MARRIAGE
    sampler = WorldSampler(view)
    assert sampler.ways > 0  # the card facts alone allow it
    with pytest.raises(InconsistentViewError, match="every way the ♣Q can lie"):
        sampler.sample(random.Random(0))
    assert sampler.draws <= 32
    # The view it came from still samples at once.
    real_sampler = WorldSampler(real)
    assert real_sampler.sample(random.Random(0)).view(real.seat) == real
    assert real_sampler.draws == 1


def _hidden_wish_without_a_world() -> PlayerView:
    """A jacks solo of seat 1 after seat 0's hidden *Vorbehalt*, seen by seat 2 holding a ♣Q.

    Seat 0 was asked first, so its wish lost to the solo only as a marriage,
    which needs both ♣Q: with one in seat 2's hand no deal gives the view, but
    only drawing tells, since the wish is hidden (SPEC §3.3).
    """
    hands = with_both_club_queens(Deal.shuffled(seed=5).dealt, 0)
    deal = Deal.from_hands(hands, dealer=3)
    deal = deal.declare(0, Reservation.MARRIAGE).declare(1, Reservation.JACKS_SOLO)
    deal = deal.declare(2, Reservation.HEALTHY).declare(3, Reservation.HEALTHY)
    deal = _first_legal(_first_legal(deal))
    view = deal.view(2)
    assert view.turn == 2
    assert view.game_type is GameType.JACKS_SOLO
    queen = next(card for card in hands[0] if str(card) == "♣Q")
    given = min(view.hand, key=lambda card: card.index)
    swapped = Hand.from_bits(view.hand.bits - (1 << 2 * given.index) + (1 << 2 * queen.index))
    return attrs.evolve(view, hand=swapped)


def test_a_budget_of_seconds_bounds_the_search_for_a_first_world() -> None:
    view = _hidden_wish_without_a_world()
    sampler = WorldSampler(view)
    with pytest.raises(InconsistentViewError, match=r"within the budget of 1e-09 seconds"):
        sampler.sample(random.Random(0), seconds=1e-9)
    assert sampler.draws == sampling_module._MIN_DRAWS


def test_the_search_player_passes_its_budget_to_the_sampler() -> None:
    view = _hidden_wish_without_a_world()
    player = SearchPlayer(worlds=8, time=0.05, seed=1)
    with pytest.raises(InconsistentViewError, match=r"budget of 0\.05 seconds"):
        player.act(view)
    sampler = player._last_sampler
    assert sampler is not None
    assert sampler.draws < sampling_module._ATTEMPTS // 10
    with pytest.raises(InconsistentViewError, match=r"budget of 0\.05 seconds"):
        player.worlds_of(view, 2)


def test_a_view_that_found_a_world_ignores_the_budget() -> None:
    deal = _married(2)
    sampler = WorldSampler(deal.view(1))
    sampler.sample(random.Random(0), seconds=1e-9)
    for _ in range(3):
        sampler.sample(random.Random(1), seconds=1e-9)
    assert sampler.draws == 4


# --- the ranges of the numbers ---------------------------------------------------------

BAD_PLAYERS: list[tuple[dict[str, Any], type[Exception]]] = [
    ({"time": 10**5000}, InvalidValueError),
    ({"time": math.nan}, InvalidValueError),
    ({"time": math.inf}, InvalidValueError),
    ({"time": 0}, InvalidValueError),
    ({"time": -1.0}, InvalidValueError),
    ({"time": 86_401}, InvalidValueError),
    ({"time": True}, InvalidTypeError),
    ({"time": "1"}, InvalidTypeError),
    ({"margin": 10**5000}, InvalidValueError),
    ({"margin": -(10**5000)}, InvalidValueError),
    ({"margin": math.nan}, InvalidValueError),
    ({"margin": math.inf}, InvalidValueError),
    ({"margin": 1000.5}, InvalidValueError),
    ({"margin": False}, InvalidTypeError),
    ({"margin": None}, InvalidTypeError),
    ({"worlds": True}, InvalidTypeError),
    ({"worlds": 2.5}, InvalidTypeError),
    ({"worlds": 0}, InvalidValueError),
    ({"worlds": 10**5000}, InvalidValueError),
    ({"worlds": 1_000_001}, InvalidValueError),
    ({"playouts": True}, InvalidTypeError),
    ({"playouts": -3}, InvalidValueError),
    ({"announce_worlds": True}, InvalidTypeError),
    ({"announce_worlds": 0}, InvalidValueError),
    ({"announce_worlds": 10**5000}, InvalidValueError),
]


@pytest.mark.parametrize(("options", "error"), BAD_PLAYERS, ids=excerpt)
def test_a_search_player_refuses_numbers_out_of_range(
    options: dict[str, Any], error: type[Exception]
) -> None:
    with pytest.raises(error, match=r"^(time|margin|worlds|playouts|announce_worlds) must"):
        SearchPlayer(**options)


def test_a_search_player_takes_the_edges_of_its_ranges() -> None:
    player = SearchPlayer(worlds=1_000_000, time=86_400, margin=-1000, playouts=1)
    assert player.announce_worlds == 1_000_000  # eight times worlds, capped
    assert SearchPlayer(margin=1000, time=1e-6).margin == 1000.0


@pytest.mark.parametrize(
    ("count", "error"),
    [
        (-5, InvalidValueError),
        (True, InvalidTypeError),
        (2.5, InvalidTypeError),
        (10**5000, InvalidValueError),
        ("3", InvalidTypeError),
    ],
    ids=excerpt,
)
def test_worlds_of_refuses_a_count_that_is_no_count(count: object, error: type[Exception]) -> None:
    view = Deal.shuffled(seed=2).view(0)
    with pytest.raises(error, match=r"^count must"):
        SearchPlayer(seed=0).worlds_of(view, count)  # type: ignore[arg-type]


def test_worlds_of_zero_worlds_is_empty() -> None:
    assert SearchPlayer(seed=0).worlds_of(Deal.shuffled(seed=2).view(0), 0) == []


@pytest.mark.parametrize(
    ("seconds", "error"),
    [
        (0, InvalidValueError),
        (math.nan, InvalidValueError),
        (10**5000, InvalidValueError),
        (True, InvalidTypeError),
        ("1", InvalidTypeError),
    ],
    ids=excerpt,
)
def test_a_sample_refuses_a_budget_out_of_range(seconds: object, error: type[Exception]) -> None:
    sampler = WorldSampler(Deal.shuffled(seed=2).view(0))
    with pytest.raises(error, match=r"^seconds must"):
        sampler.sample(random.Random(0), seconds=seconds)  # type: ignore[arg-type]
    assert sampler.draws == 0


# --- playouts leave the garbage collector alone ------------------------------------------


def _in_play(seed: int) -> Deal:
    deal = Deal.shuffled(seed=seed)
    for offset in (1, 2, 3, 4):
        deal = deal.declare((deal.dealer + offset) & 3, Reservation.HEALTHY)
    return deal


def test_playouts_leave_the_collector_as_they_found_it() -> None:
    deals = [_in_play(seed) for seed in range(8)]
    was = gc.isenabled()
    try:
        gc.disable()
        playouts(deals, seed=1)
        assert not gc.isenabled()
        gc.enable()
        playouts(deals, seed=1)
        assert gc.isenabled()
    finally:
        if was:
            gc.enable()
        else:
            gc.disable()


def test_playouts_never_turn_the_collector_on_behind_another_thread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Another thread switches the collector off while a call of playouts runs
    # (here: while it reads its positions); the call must leave it off.
    deals = [_in_play(seed) for seed in range(4)]
    original = playouts_module._starts

    def other_thread_turns_it_off(items: list[Deal]) -> Any:
        gc.disable()
        return original(items)

    monkeypatch.setattr(playouts_module, "_starts", other_thread_turns_it_off)
    was = gc.isenabled()
    try:
        gc.enable()
        playouts(deals, seed=2)
        assert not gc.isenabled()
    finally:
        if was:
            gc.enable()


# --- evaluate and a playout result built by hand ----------------------------------------


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        ({"view": None}, InvalidTypeError, r"^view must be a PlayerView"),
        ({"cards": "CQ"}, InvalidTypeError, r"^cards must be a list or tuple of Card"),
        ({"cards": [None]}, InvalidTypeError, r"^cards\[\.\.\.\] must be a Card"),
        ({"announce": "re"}, InvalidTypeError, r"^announce must be an Announcement"),
        ({"worlds": ()}, InvalidValueError, r"^worlds must hold at least one deal"),
        ({"worlds": [None]}, InvalidTypeError, r"^worlds\[\.\.\.\] must be a Deal"),
        ({"worlds": 3}, InvalidTypeError, r"^worlds must be a list or tuple of Deal"),
    ],
)
def test_evaluate_refuses_arguments_that_are_not_what_it_plays(
    arguments: dict[str, Any], error: type[Exception], message: str
) -> None:
    """Each of these reached attribute access, iteration or a division by zero before."""
    deal = _first_legal(_in_play(3))
    turn = deal.turn
    assert turn is not None
    view = deal.view(turn)
    given: dict[str, Any] = {"view": view, "cards": deal.legal_cards(), **arguments}
    with pytest.raises(error, match=message):
        SearchPlayer(worlds=2, seed=0).evaluate(given.pop("view"), given.pop("cards"), **given)


def test_evaluate_takes_worlds_it_is_given() -> None:
    deal = _first_legal(_in_play(3))
    turn = deal.turn
    assert turn is not None
    values = SearchPlayer(seed=0).evaluate(deal.view(turn), deal.legal_cards(), worlds=[deal])
    assert len(values) == len(deal.legal_cards())


@pytest.mark.parametrize(
    ("parts", "message"),
    [
        (("best", "python", [(1, -1, 1, -1)], None, None), r"^policy must be one of"),
        (("random", "gpu", [(1, -1, 1, -1)], None, None), r"^engine must be 'numpy' or"),
        (("random", "python", None, None, None), r"^a playout result holds either"),
        (("random", "python", [(1, 1, 1, 1)], None, None), r"^a row of scores is four ints"),
        (("random", "python", [(1, -1)], None, None), r"^a row of scores is four ints"),
        (("random", "python", "1,-1,1,-1", None, None), r"^scores must be a list or tuple"),
        (("random", "numpy", None, [[1, 2]], None), r"^array must be a numpy array"),
        (("random", "python", [(1, -1, 1, -1)], None, [(), ()]), r"^cards must be a list"),
    ],
)
def test_a_playout_result_refuses_parts_playouts_never_gives(
    parts: tuple[Any, ...], message: str
) -> None:
    with pytest.raises((InvalidTypeError, InvalidValueError), match=message):
        playouts_module.PlayoutResult(*parts)


def test_a_playout_result_built_by_hand_reads_as_one_from_playouts() -> None:
    built = playouts_module.PlayoutResult("random", "python", [(2, -2, 2, -2)], None, None)
    assert built.totals == (2, -2, 2, -2)
    assert len(built) == 1
