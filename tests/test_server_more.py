"""More of the table server's bots and seats, the session's checks of a deal and the sampler."""

from __future__ import annotations

import random
from typing import Any

import pytest

from doppelkopf import (
    Announce,
    Card,
    Deal,
    DealSummary,
    Declare,
    GameType,
    Hand,
    HeuristicPlayer,
    IllegalActionError,
    PartyResult,
    Phase,
    Play,
    PlayerView,
    Reservation,
    Rules,
    Session,
    play_deal,
    settle,
)
from doppelkopf.errors import InvalidValueError
from doppelkopf.search import InconsistentViewError, WorldSampler, deal_from_view
from doppelkopf.search import sampling as sampling_module
from doppelkopf.server import Table
from doppelkopf.wire import load_action
from test_sampling import _poverty_deal, _states
from test_search_edges import _hidden_wish_without_a_world

X01 = DealSummary(GameType.NORMAL, {0, 2}, PartyResult(151, 7), PartyResult(89, 5))
COMPULSORY = Rules(compulsory_solo=True)

# --- the table server ---------------------------------------------------------------


def _bot_table() -> Table:
    return Table.new("t", seed="s", bots={str(seat): "heuristic" for seat in range(4)})


def _until_offered(table: Table) -> Table:
    """Let the bots act until a bot is offered an announcement out of turn."""
    while not table.offers:
        entry = table.bot_entry()
        assert entry is not None
        table.apply(entry)
    return table


class _Announcer:
    """A bot that announces the first level it may, on turn or not."""

    def act(self, view: PlayerView) -> Any:
        return next(action for action in view.legal_actions if isinstance(action, Announce))


class _Broken:
    """A bot whose every answer is refused as bad input."""

    def act(self, view: PlayerView) -> Any:
        raise InvalidValueError("no answer")


class _Outsider:
    """A bot that answers for another seat."""

    def act(self, view: PlayerView) -> Any:
        card = next(action.card for action in view.legal_actions if isinstance(action, Play))
        return Play((view.seat + 1) % 4, card)


def test_a_seated_connection_cannot_resume_another_seat() -> None:
    table = Table.new("t", seed="s")
    tokens = []
    for seat in (0, 1):
        reply = table.handle({"type": "sit", "seat": seat, "name": f"P{seat}"}, None)
        for entry in reply.entries:
            table.apply(entry)
        tokens.append(reply.messages[0]["token"])
    refused = table.handle({"type": "resume", "token": tokens[1]}, 0)
    assert refused.seat == 0
    assert refused.messages[0]["error"] == "ProtocolError"
    assert refused.messages[0]["message"] == "this connection sits at seat 0 already"
    assert refused.messages[0]["rule"] == "server protocol: seats"
    again = table.handle({"type": "resume", "token": tokens[1]}, 1)
    assert again.seat == 1
    assert again.messages[0] == {"type": "seated", "table": "t", "seat": 1}


def test_a_bot_offered_an_announcement_makes_it_first() -> None:
    table = _until_offered(_bot_table())
    offered = min(table.offers)
    table.bots[table.table_seat(offered)] = _Announcer()  # type: ignore[index]
    entry = table.bot_entry()
    assert entry is not None
    action = load_action(entry["action"])
    assert isinstance(action, Announce)
    assert action.seat == offered
    assert offered not in table.offers
    assert offered != table.deal.turn


def test_an_offer_to_a_seat_without_a_bot_is_passed_over() -> None:
    table = _until_offered(_bot_table())
    human = min(table.offers)
    del table.bots[table.table_seat(human)]  # type: ignore[arg-type]
    turn = table.deal.turn
    assert isinstance(table.bots[table.table_seat(turn)], HeuristicPlayer)  # type: ignore[index]
    entry = table.bot_entry()
    assert entry is not None
    assert human not in table.offers
    assert load_action(entry["action"]).seat == turn


@pytest.mark.parametrize("bot", [_Broken(), _Outsider()], ids=["refused", "other-seat"])
def test_a_bot_without_a_usable_answer_plays_the_first_legal_card(bot: Any) -> None:
    table = _until_offered(_bot_table())
    table.offers.clear()
    turn = table.deal.turn
    assert turn is not None
    table.bots[table.table_seat(turn)] = bot  # type: ignore[index]
    entry = table.bot_entry()
    assert entry is not None
    first = next(a for a in table.deal.legal_actions if not isinstance(a, Announce))
    assert load_action(entry["action"]) == first
    assert entry["deal"] == table.deal_number


# --- the session's checks of a deal --------------------------------------------------


def _played(deal: Deal) -> Deal:
    return play_deal(deal, [HeuristicPlayer(seed=seat) for seat in range(4)])


def test_v05_a_deal_of_other_rules_is_refused() -> None:
    session = Session.new(0, rules=COMPULSORY)
    deal = _played(Deal.shuffled(seed=1, dealer=0))
    assert not session.can_deal(deal)
    with pytest.raises(IllegalActionError, match="one session keeps one rule set") as refused:
        session.check_deal(deal)
    assert refused.value.rule == "V§0.5"


def test_v91_a_deal_must_carry_the_solos_owed() -> None:
    session = Session.new(0, rules=COMPULSORY)
    deal = _played(Deal.shuffled(seed=1, dealer=0, rules=COMPULSORY, owing=()))
    with pytest.raises(IllegalActionError, match="compulsory solos owed by deal") as refused:
        session.check_deal(deal)
    assert refused.value.rule == "V§9.1"
    assert "not by no seat" in str(refused.value)


def test_v95_a_deal_must_be_forced_when_the_session_is() -> None:
    session = Session.new(0, rules=COMPULSORY)
    owing = session.deal_owing
    deal = _played(Deal.shuffled(seed=1, dealer=0, rules=COMPULSORY, owing=owing, forced=True))
    with pytest.raises(IllegalActionError, match="deal 1 is not forced") as refused:
        session.check_deal(deal)
    assert refused.value.rule == "V§9.5"
    assert "12 deals are left and 4 compulsory solos owed" in str(refused.value)


def test_the_next_deal_of_a_session_can_be_dealt() -> None:
    session = Session.new(2, rules=COMPULSORY)
    deal = _played(session.next_deal(seed=5))
    assert session.can_deal(deal)
    assert len(session.add(deal)) == 1


def test_v05_a_result_of_other_rules_is_refused() -> None:
    session = Session.new(0, rules=COMPULSORY)
    with pytest.raises(IllegalActionError, match="result 1 is settled under the rules") as refused:
        session.add_result(settle(X01))
    assert refused.value.rule == "V§0.5"
    assert len(session) == 0


THROWING = Rules(schmeissen={"nines5", "kings5", "nines4_kings4", "full7", "trumps1"})


def _thrown() -> tuple[Deal, Deal]:
    """The first deal of a session under every throwing reason, and the same deal thrown in.

    Seat 1 holds seven full cards and throws in (V§7.1); the others stay healthy.
    """
    dealt = Session.new(0, rules=THROWING).next_deal(seed=19)
    throw = next(
        action
        for action in dealt.legal_actions
        if isinstance(action, Declare) and action.reservation is Reservation.THROW
    )
    assert throw.seat == 1
    return dealt, _played(dealt.apply(throw))


def test_iterating_passes_over_void_deals_and_paper_results() -> None:
    session = Session.new(0, rules=THROWING)
    thrown = _thrown()[1]
    session = session.add(thrown).add_void()
    deal = _played(session.next_deal(seed=3))
    session = session.add(deal)
    assert len(session.entries) == 3
    assert session.entries[0] is thrown
    pairs = list(session)
    assert len(pairs) == 1
    assert pairs[0][0] is deal
    assert pairs[0][1] == settle(deal)


# --- the sampler -------------------------------------------------------------------


def test_v72_a_sampled_world_gives_the_thrower_the_hand_it_showed() -> None:
    dealt, thrown = _thrown()
    view = thrown.view(2)
    assert view.void is not None
    assert view.void.seat == 1
    assert view.void.shown == dealt.hands[1]
    for seed in range(3):
        world = WorldSampler(view).sample(random.Random(seed))
        assert world.hands[1] == dealt.hands[1]
        assert world.view(2) == view


def test_hands_short_of_a_card_contradict_the_view() -> None:
    deal = Deal.shuffled(seed=4)
    hands = list(deal.hands)
    card = next(iter(hands[1]))
    hands[1] = Hand.from_bits(hands[1].bits - (1 << 2 * card.index))
    with pytest.raises(InconsistentViewError, match="the hands contradict what seat 0 has seen"):
        deal_from_view(deal.view(0), hands)
    assert deal_from_view(deal.view(0), deal.hands).hands == deal.hands


def test_a_view_with_a_hidden_wish_gives_up_after_its_draws() -> None:
    sampler = WorldSampler(_hidden_wish_without_a_world())
    with pytest.raises(InconsistentViewError, match="passed its checks in 10,000 draws"):
        sampler.sample(random.Random(0))
    assert sampler.draws == sampling_module._ATTEMPTS


def test_worlds_are_still_drawn_when_no_prototype_is_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sampling_module, "_CACHED", 0)
    deal = _played(Deal.shuffled(seed=6))
    view = deal.view(3)
    sampler = WorldSampler(view)
    for seed in range(3):
        assert sampler.sample(random.Random(seed)).view(3) == view
    assert sampler._prototypes == {}


def test_v63_the_armut_cards_on_the_table_are_the_cards_in_no_hand() -> None:
    offered = _states(_poverty_deal(Rules(armut=True), 0), 0)[1]
    assert offered.phase is Phase.POVERTY_OFFER
    view = offered.view(0)
    assert WorldSampler(view)._merged >= 0
    world = deal_from_view(view, offered.hands)
    assert world.hands == offered.hands
    assert world.view(0) == view


def _reject_first_draws(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the sampler refuse its first draws, so it decides the view over the ♣Q."""
    build = WorldSampler._build
    calls: list[int] = []

    def reject_at_first(self: WorldSampler, *args: Any, **options: Any) -> Deal | None:
        calls.append(len(calls))
        if len(calls) <= sampling_module._DECIDE_AFTER:
            return None
        return build(self, *args, **options)

    monkeypatch.setattr(WorldSampler, "_build", reject_at_first)


def test_a_view_whose_first_draws_all_fail_is_decided_by_the_queens_and_sampled(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Only the first draws are refused: the exact decision over the ♣Q finds a world.
    state = _states(Deal.shuffled(seed=6), 6)[20]
    assert not state.is_finished
    view = state.view(1)
    _reject_first_draws(monkeypatch)
    sampler = WorldSampler(view)
    world = sampler.sample(random.Random(0))
    assert world.view(1) == view
    assert sampler.draws == sampling_module._DECIDE_AFTER + 2


def test_a_last_trick_decided_by_the_queens_skips_splits_no_hand_can_hold(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # One card in each hand and both ♣Q unseen: no seat can hold both of them.
    state = _states(Deal.shuffled(seed=123), 123)[50]
    view = state.view(0)
    assert view.hand_sizes == (1, 1, 1, 1)
    _reject_first_draws(monkeypatch)
    sampler = WorldSampler(view)
    world = sampler.sample(random.Random(0))
    assert world.view(0) == view
    queen = Card.parse("♣Q")
    assert [world.hands[seat].count(queen) for seat in (1, 2, 3)].count(1) == 2
