"""The reference search player: legal, reproducible, within its budget."""

from __future__ import annotations

import itertools

import pytest

from doppelkopf import (
    Announce,
    Announcement,
    Deal,
    GameType,
    HeuristicPlayer,
    InvalidTypeError,
    InvalidValueError,
    Play,
    PlayerView,
    Reservation,
    Rules,
    play_deal,
)
from doppelkopf.players import iter_deal
from doppelkopf.players.heuristic import _ANNOUNCE_POWER, _power
from doppelkopf.search import SearchPlayer, bot, playouts
from doppelkopf.search._model import heuristic_consistent


def _table(seed: int, **options: object) -> list[object]:
    players: list[object] = [HeuristicPlayer(seed=seed + s) for s in range(4)]
    players[seed % 4] = SearchPlayer(worlds=6, seed=seed, **options)  # type: ignore[arg-type]
    return players


@pytest.mark.parametrize("rules", [Rules.DDV, Rules(nines=False), Rules.XIX, Rules(armut=True)])
def test_plays_legal_deals_to_the_end(rules: Rules) -> None:
    for seed in range(3):
        deal = Deal.shuffled(seed=seed, rules=rules)
        steps = list(iter_deal(deal, _table(seed)))  # type: ignore[arg-type]
        assert steps[-1].deal.is_finished or steps[-1].deal.is_void


def test_same_seed_same_game() -> None:
    first = play_deal(Deal.shuffled(seed=4), _table(4))  # type: ignore[arg-type]
    again = play_deal(Deal.shuffled(seed=4), _table(4))  # type: ignore[arg-type]
    assert first.history == again.history


def test_heuristic_announcing_and_random_playouts() -> None:
    deal = play_deal(
        Deal.shuffled(seed=6),
        _table(6, announce="heuristic", policy="random"),  # type: ignore[arg-type]
    )
    assert deal.is_finished


def test_searched_announcement_is_made_on_turn_only() -> None:
    deal = Deal.shuffled(seed=2)
    for seat in range(4):
        deal = deal.declare(seat, Reservation.HEALTHY)
    player = SearchPlayer(worlds=4, seed=1, margin=-100.0)  # announces whenever it may
    assert player.act(deal.view(1)) is None
    assert isinstance(player.act(deal.view(0)), Announce)
    quiet = SearchPlayer(worlds=4, seed=1, margin=100.0)
    assert isinstance(quiet.act(deal.view(0)), Play)


def test_card_scores_the_last_card_without_a_playout() -> None:
    deal = Deal.shuffled(seed=3)
    for seat in range(4):
        deal = deal.declare(seat, Reservation.HEALTHY)
    while deal.moment < 44:
        assert deal.turn is not None
        deal = deal.play(deal.turn, deal.legal_cards()[0])
    player = SearchPlayer(worlds=3, seed=0)
    while not deal.is_finished:
        assert deal.turn is not None
        card = player.card(deal.view(deal.turn))
        assert card in deal.legal_cards()
        deal = deal.play(deal.turn, card)


def _count_playouts(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The number of positions of each call of ``playouts`` by the search player, as made."""
    calls: list[int] = []
    real = playouts

    def counted(positions, **options):  # type: ignore[no-untyped-def]
        calls.append(len(positions))
        return real(positions, **options)

    monkeypatch.setattr("doppelkopf.search.bot.playouts", counted)
    return calls


def _first_card_view() -> PlayerView:
    deal = Deal.shuffled(seed=8)
    for seat in range(4):
        deal = deal.declare(seat, Reservation.HEALTHY)
    return deal.view(0)


def test_time_budget_stops_between_batches(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = itertools.count()
    monkeypatch.setattr("doppelkopf.search.bot.perf_counter", lambda: float(next(clock)))
    calls = _count_playouts(monkeypatch)
    view = _first_card_view()
    cards = [a.card for a in view.legal_actions if isinstance(a, Play)]
    SearchPlayer(worlds=100, time=0.5, seed=0).evaluate(view, cards)
    assert len(calls) == 1
    assert calls[0] == bot._BATCH * len(cards)


def test_time_budget_covers_the_whole_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    """With an announcement to search, the card gets one batch, the announcement one batch."""
    clock = itertools.count()
    monkeypatch.setattr("doppelkopf.search.bot.perf_counter", lambda: float(next(clock)))
    calls = _count_playouts(monkeypatch)
    view = _first_card_view()
    cards = [a.card for a in view.legal_actions if isinstance(a, Play)]
    player = SearchPlayer(worlds=100, announce_worlds=800, time=2.0, seed=0)
    action = player.act(view)
    assert action in view.legal_actions
    assert calls == [bot._BATCH * len(cards), 8 * bot._BATCH, 8 * bot._BATCH]


def test_no_card_to_play() -> None:
    with pytest.raises(InvalidValueError, match="no card"):
        SearchPlayer(worlds=2).card(Deal.shuffled(seed=1).view(0))


@pytest.mark.parametrize(
    ("options", "error"),
    [
        ({"worlds": 0}, InvalidValueError),
        ({"worlds": 2.0}, InvalidTypeError),
        ({"playouts": 0}, InvalidValueError),
        ({"time": 0}, InvalidValueError),
        ({"time": "1"}, InvalidTypeError),
        ({"policy": "best"}, InvalidValueError),
        ({"announce": "always"}, InvalidValueError),
        ({"model": "oracle"}, InvalidValueError),
        ({"margin": "1"}, InvalidTypeError),
        ({"announce_worlds": 0}, InvalidValueError),
        ({"announce_worlds": 1.5}, InvalidTypeError),
        ({"seed": 1.5}, InvalidTypeError),
    ],
)
def test_bad_options(options: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error):
        SearchPlayer(**options)  # type: ignore[arg-type]


def test_bad_view() -> None:
    with pytest.raises(InvalidTypeError):
        SearchPlayer().act(Deal.shuffled(seed=1))  # type: ignore[arg-type]


def test_repr_names_the_budget() -> None:
    assert "worlds=5" in repr(SearchPlayer(worlds=5, seed=2))


def _positions(seed: int) -> list[Deal]:
    """The positions of trick 1 to 3 of a deal four heuristic players play."""
    players = [HeuristicPlayer(seed=4 * seed + s) for s in range(4)]
    steps = iter_deal(Deal.shuffled(seed=seed), players)
    return [step.deal for step in steps if 1 <= step.deal.moment <= 12]


def test_model_accepts_every_position_heuristic_players_reach() -> None:
    for seed in range(40):
        for state in _positions(seed):
            for seat in range(4):
                assert heuristic_consistent(state, seat)


def _strong_second_seat() -> Deal:
    """A deal, all healthy, whose seat 1 holds a hand the heuristic player announces with."""
    for seed in itertools.count():
        deal = Deal.shuffled(seed=seed)
        for seat in range(4):
            deal = deal.declare(seat, Reservation.HEALTHY)
        order = Rules.DDV.card_order(GameType.NORMAL)
        if deal.game_type is GameType.NORMAL and _power(deal.hands[1], order) >= _ANNOUNCE_POWER:
            return deal.play(0, deal.legal_cards()[0])
    raise AssertionError("unreachable")


def test_model_rejects_a_strong_hand_kept_silent_and_keeps_it_announced() -> None:
    deal = _strong_second_seat()
    silent = deal.play(1, deal.legal_cards()[0])
    assert not heuristic_consistent(silent, 0)
    assert heuristic_consistent(silent, 1)  # a seat is not judged by its own view
    loud = deal.announce(1, Announcement.RE_KONTRA)
    loud = loud.play(1, loud.legal_cards()[0])
    assert heuristic_consistent(loud, 0)


def test_model_rejects_a_weak_hand_announced_at_once() -> None:
    order = Rules.DDV.card_order(GameType.NORMAL)
    for seed in itertools.count():
        deal = Deal.shuffled(seed=seed)
        for seat in range(4):
            deal = deal.declare(seat, Reservation.HEALTHY)
        if deal.game_type is GameType.NORMAL and _power(deal.hands[1], order) < _ANNOUNCE_POWER:
            break
    deal = deal.play(0, deal.legal_cards()[0]).announce(1, Announcement.RE_KONTRA)
    assert not heuristic_consistent(deal.play(1, deal.legal_cards()[0]), 0)


def test_worlds_follow_the_model_and_give_it_up_when_nothing_fits(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    silent = _strong_second_seat()
    silent = silent.play(1, silent.legal_cards()[0])
    view = silent.view(2)
    worlds = SearchPlayer(seed=3, model="heuristic").worlds_of(view, 20)
    assert all(heuristic_consistent(world, 2) and world.view(2) == view for world in worlds)
    uniform = SearchPlayer(seed=3).worlds_of(view, 200)
    assert not all(heuristic_consistent(world, 2) for world in uniform)
    calls = []

    def nothing_fits(world: Deal, seat: int) -> bool:
        calls.append(seat)
        return False

    monkeypatch.setattr(bot, "heuristic_consistent", nothing_fits)
    player = SearchPlayer(seed=3, model="heuristic")
    assert len(player.worlds_of(view, 4)) == 4
    tried = len(calls)
    assert tried == 4 * bot._TRIES
    assert [w.view(2) for w in player.worlds_of(view, 4)] == [view] * 4
    assert len(calls) == tried  # given up for the rest of the deal
    fresh = Deal.shuffled(seed=5)
    for seat in range(4):
        fresh = fresh.declare(seat, Reservation.HEALTHY)
    player.worlds_of(fresh.view(2), 1)
    assert len(calls) > tried  # a new deal tries the model again


def _on_turn_with_a_level(seed: int) -> PlayerView:
    """A view of the seat on turn in the card play, with an announcement legal."""
    deal = Deal.shuffled(seed=seed)
    for seat in range(4):
        deal = deal.declare(seat, Reservation.HEALTHY)
    for _ in range(seed % 3):
        deal = deal.play(deal.turn, deal.legal_cards()[0])  # type: ignore[arg-type]
    view = deal.view(deal.turn)  # type: ignore[arg-type]
    assert any(isinstance(action, Announce) for action in view.legal_actions)
    return view


@pytest.mark.parametrize("margin", [-100.0, 0.5, 100.0])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_announcement_and_card_ask_apart_what_act_decides(seed: int, margin: float) -> None:
    view = _on_turn_with_a_level(seed)
    acted = SearchPlayer(worlds=4, seed=seed, margin=margin).act(view)
    asked = SearchPlayer(worlds=4, seed=seed, margin=margin)
    level = asked.announcement(view)
    card = asked.card(view)
    expected = Play(view.seat, card) if level is None else Announce(view.seat, level)
    assert acted == expected
    if margin == -100.0:
        assert level is Announcement.RE_KONTRA
    if margin == 100.0:
        assert level is None


def test_the_card_after_the_announcement_question_is_not_searched_again() -> None:
    view = _on_turn_with_a_level(1)
    player = SearchPlayer(worlds=4, seed=1)
    player.announcement(view)
    state = player.rng.getstate()
    card = player.card(view)
    assert player.rng.getstate() == state  # no world drawn: the card searched before
    assert Play(view.seat, card) in view.legal_actions
    assert player.act(view) in (Play(view.seat, card), Announce(view.seat, Announcement.RE_KONTRA))


def test_the_announcement_question_off_turn_and_outside_the_card_play() -> None:
    view = _on_turn_with_a_level(1)
    deal = Deal.shuffled(seed=1)
    for seat in range(4):
        deal = deal.declare(seat, Reservation.HEALTHY)
    player = SearchPlayer(worlds=4, seed=1, margin=-100.0)
    assert player.announcement(deal.view(1)) is None  # off turn: only before its own card
    assert player.announcement(Deal.shuffled(seed=1).view(0)) is None  # reservation round
    heuristic = SearchPlayer(worlds=4, seed=1, announce="heuristic")
    assert heuristic.announcement(view) == HeuristicPlayer().announcement(view)
    with pytest.raises(InvalidTypeError):
        player.announcement("view")  # type: ignore[arg-type]
