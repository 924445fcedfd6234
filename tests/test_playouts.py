"""Playouts (doppelkopf.search.playouts): every card legal, every score exact, both engines.

Each playout recorded with ``record=True`` is replayed card by card through
the public API (``deal.play``), which refuses any illegal card, and the
finished deal's ``settle(...).scores`` must equal the engine's scores.
"""

from __future__ import annotations

import importlib
import random
from collections import Counter
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from hypothesis import assume, given, settings

from doppelkopf import (
    DISTINCT_CARDS,
    Announce,
    Card,
    Deal,
    DoppelkopfError,
    GameType,
    Hand,
    InvalidTypeError,
    InvalidValueError,
    Phase,
    Reservation,
    Rules,
    WrongPhaseError,
    settle,
)
from doppelkopf.deal import AnswerPoverty, Declare
from doppelkopf.deal._positions import index_held
from doppelkopf.scoring import summarize
from doppelkopf.search import POLICIES, PlayoutResult, playouts
from doppelkopf.search import _playout_summary as summaries
from doppelkopf.search import _playout_tables as tables
from doppelkopf.search import _vector as vector
from doppelkopf.strategies import deals, rules

# The module, not the function of the same name that the package exports.
engine: ModuleType = importlib.import_module("doppelkopf.search.playouts")

RULE_SETS = {
    "ddv": Rules.DDV,
    "no nines": Rules(nines=False),
    "second dulle": Rules(second_dulle="always"),
    "second dulle except last": Rules(second_dulle="except_last_trick", nines=False),
    "schweinchen": Rules(schweinchen=True, fox_at_end=True, karlchen_caught=True),
    "xix": Rules.XIX,
    "tournament": Rules.TOURNAMENT,
    "armut": Rules(armut=True, schweinchen=True),
    "no specials": Rules(specials=False),
    "no karlchen, no dullen": Rules(karlchen=False, dullen=False, schweinchen=True),
}


@pytest.fixture(params=["numpy", "python"])
def engine_name(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Run the test with the vectorised engine and with the pure-Python one."""
    name: str = request.param
    monkeypatch.setattr(engine, "_ENGINE", name)
    return name


@pytest.fixture
def checked(monkeypatch: pytest.MonkeyPatch) -> None:
    """Build every settled summary with the checking constructor of DealSummary."""
    monkeypatch.setattr(summaries, "CHECK_SUMMARIES", True)
    monkeypatch.setattr(summaries, "_SCORES", {})


_RARE = (Reservation.MARRIAGE, Reservation.POVERTY)


def _position(table: Rules, rng: random.Random, *, reserve: float = 0.2) -> Deal:
    """A deal in the card play at a random moment, reached by random legal actions.

    Reservations are random legal ones with probability ``reserve`` (solos,
    marriages, Armut), announcements come now and then, and the deal stops
    at a random moment of the play, a trick in progress included.
    """
    while True:
        owing = set(rng.sample(range(4), rng.randint(1, 4))) if table.compulsory_solo else set()
        deal = Deal.shuffled(rng=rng, rules=table, owing=owing, dealer=rng.randrange(4))
        while deal.phase is not Phase.PLAY and not deal.is_void:
            actions = deal.legal_actions
            wishes = [
                a
                for a in actions
                if isinstance(a, Declare) and a.reservation is not Reservation.HEALTHY
            ]
            if deal.phase is Phase.RESERVATIONS:
                healthy = [a for a in actions if a not in wishes]
                # A marriage or an Armut where the hand allows one, else any wish.
                rare = [a for a in wishes if a.reservation in _RARE]
                pick = wishes if wishes and (rng.random() < reserve or not healthy) else healthy
                if rare and rng.random() < 0.6:
                    pick = rare
                deal = deal.apply(rng.choice(pick))
            elif deal.phase is Phase.POVERTY_OFFER:
                deal = deal.apply(rng.choice([a for a in actions if isinstance(a, AnswerPoverty)]))
            else:
                deal = deal.apply(rng.choice(actions))
        if deal.is_void:
            continue
        stop = rng.randrange(4 * table.tricks)
        if deal.game_type is GameType.MARRIAGE and rng.random() < 0.6:
            stop = rng.randrange(12)  # before the clarification trick, most of the time
        while deal.moment < stop:
            calls = [a for a in deal.legal_actions if isinstance(a, Announce)]
            if calls and rng.random() < 0.15:
                deal = deal.apply(rng.choice(calls))
            else:
                deal = _random_card(deal, rng)
        return deal


def _random_card(deal: Deal, rng: random.Random) -> Deal:
    turn = deal.turn
    assert turn is not None
    return deal.play(turn, rng.choice(deal.legal_cards()))


def _replay(deal: Deal, result: PlayoutResult, game: int) -> Deal:
    """The deal finished with the recorded cards of ``game``, each checked by ``deal.play``."""
    for card in result.cards(game):
        seat = deal.turn
        assert seat is not None
        assert card in deal.legal_cards()
        deal = deal.play(seat, card)
    assert deal.is_finished
    return deal


def _kinds(deal: Deal) -> set[str]:
    kinds = {str(deal.game_type)}
    if deal.game_type is GameType.MARRIAGE and deal.clarification_trick is None:
        kinds.add("pending marriage")
    if deal.current_trick.cards:
        kinds.add("mid-trick")
    if deal.announcements:
        kinds.add("announced")
    if deal.schweine is not None:
        kinds.add("schweine")
    return kinds


@pytest.mark.usefixtures("checked")
@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_every_playout_is_legal_and_settled_exactly(name: str) -> None:
    table = RULE_SETS[name]
    rng = random.Random(name)
    positions = [_position(table, rng) for _ in range(200)]
    seen: Counter[str] = Counter()
    for number, policy in enumerate(POLICIES):
        # Ten playouts of each position, all in one call: positions at many moments.
        batch = [deal for deal in positions for _ in range(10 if policy == "random" else 2)]
        result = playouts(batch, policy=policy, seed=number, record=True)
        assert result.engine == "numpy"
        assert len(result) == len(batch)
        for game, deal in enumerate(batch):
            finished = _replay(deal, result, game)
            assert settle(finished).scores == result.scores[game], (name, policy, game)
            seen.update(_kinds(deal))
    assert seen["mid-trick"], seen
    assert seen["announced"], seen


def test_marriages_solos_and_exchanges_are_covered() -> None:
    """The positions of the exactness test hold every kind of contract it claims."""
    seen: Counter[str] = Counter()
    for name, table in RULE_SETS.items():
        rng = random.Random(name)
        for _ in range(100):
            seen.update(_kinds(_position(table, rng)))
    for kind in (
        "normal game",
        "marriage",
        "pending marriage",
        "silent marriage",
        "poverty",
        "schweine",
        "mid-trick",
        "announced",
    ):
        assert seen[kind], (kind, seen)
    assert sum(seen[str(game)] for game in GameType if game.is_declarable_solo) >= 20, seen


@pytest.mark.parametrize("policy", POLICIES)
def test_the_python_engine_is_exact(policy: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine, "_ENGINE", "python")
    rng = random.Random(policy)
    batch = [_position(RULE_SETS[name], rng) for name in sorted(RULE_SETS) for _ in range(6)]
    result = playouts(batch, policy=policy, seed=3, record=True)
    assert result.engine == "python"
    for game, deal in enumerate(batch):
        assert settle(_replay(deal, result, game)).scores == result.scores[game]


def test_the_greedy_policy_is_the_same_in_both_engines(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(11)
    batch = [_position(RULE_SETS[name], rng) for name in sorted(RULE_SETS) for _ in range(12)]
    fast = playouts(batch, policy="greedy", record=True)
    monkeypatch.setattr(engine, "_ENGINE", "python")
    slow = playouts(batch, policy="greedy", record=True)
    assert [fast.cards(g) for g in range(len(batch))] == [slow.cards(g) for g in range(len(batch))]
    assert fast.scores == slow.scores


def test_the_exact_path_and_a_full_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    """A marriage whose solo order differed would go the exact way; the cache is bounded."""
    rng = random.Random(12)
    batch = [_position(RULE_SETS[name], rng) for name in sorted(RULE_SETS) for _ in range(10)]
    pending = [d for d in batch if d.game_type is GameType.MARRIAGE and not d.clarification_trick]
    assert pending
    monkeypatch.setattr(engine, "_same_marriage_order", lambda start: False)
    monkeypatch.setattr(summaries, "_CACHE_LIMIT", 5)
    result = playouts(batch, record=True)
    assert len(summaries._SCORES) <= 5
    for game, deal in enumerate(batch):
        assert settle(_replay(deal, result, game)).scores == result.scores[game]


def test_the_engine_is_chosen_by_numpy(monkeypatch: pytest.MonkeyPatch) -> None:
    deal = _position(Rules.DDV, random.Random(1))
    assert playouts([deal]).engine == "numpy"
    monkeypatch.setattr(engine.importlib.util, "find_spec", lambda name: None)
    assert playouts([deal]).engine == "python"


# --- the random policy and the seeds -------------------------------------------

# The chi-square value that a uniform draw exceeds with probability 0.001, by degrees of freedom.
_CHI2_999 = {1: 10.83, 2: 13.82, 3: 16.27, 4: 18.47, 5: 20.52, 6: 22.46, 7: 24.32, 8: 26.12,
             9: 27.88, 10: 29.59, 11: 31.26, 12: 32.91}  # fmt: skip


def _chi_square(counts: Counter[Card], options: int, draws: int) -> float:
    expected = draws / options
    return sum((counts[key] - expected) ** 2 / expected for key in counts) + expected * (
        options - len(counts)
    )


@pytest.mark.parametrize("moment", [0, 5, 22])
def test_the_random_policy_draws_each_legal_card_equally(engine_name: str, moment: int) -> None:
    rng = random.Random(moment)
    deal = Deal.shuffled(seed=moment)
    for seat in range(4):
        deal = deal.declare(seat, Reservation.HEALTHY)
    while deal.moment < moment or len(deal.legal_cards()) < 3:
        deal = _random_card(deal, rng)
    legal = deal.legal_cards()
    draws = 3000 if engine_name == "numpy" else 600
    result = playouts([deal] * draws, seed=moment, record=True)
    counts = Counter(result.cards(game)[0] for game in range(draws))
    assert set(counts) <= set(legal)
    assert _chi_square(counts, len(legal), draws) < _CHI2_999[len(legal) - 1]


def test_seeds_reproduce_results(engine_name: str) -> None:
    rng = random.Random(5)
    batch = [_position(Rules.DDV, rng) for _ in range(20)]
    first = playouts(batch, seed=8, record=True)
    again = playouts(batch, seed=8, record=True)
    other = playouts(batch, seed=9, record=True)
    cards = [first.cards(g) for g in range(20)]
    assert first.scores == again.scores
    assert cards == [again.cards(g) for g in range(20)]
    assert cards != [other.cards(g) for g in range(20)]
    assert playouts(batch, seed="text").scores == playouts(batch, seed="text").scores


# --- the result ---------------------------------------------------------------------


def test_the_result_reads_the_same_in_every_form(engine_name: str) -> None:
    rng = random.Random(2)
    batch = [_position(Rules.DDV, rng) for _ in range(30)]
    result = playouts(batch, seed=1)
    totals = result.totals
    array = result.to_numpy()
    assert totals == result.totals
    assert array.shape == (30, 4)
    assert array.dtype == np.int64
    assert [tuple(row) for row in array.tolist()] == list(result.scores)
    assert result.totals == tuple(int(x) for x in array.sum(axis=0))
    assert result.means == tuple(total / 30 for total in result.totals)
    assert result.score(-1) == result.scores[29]
    assert result.score(0) == result.scores[0]
    assert not result.recorded
    assert result.policy == "random"
    assert repr(result).startswith("<PlayoutResult 30 games policy='random' totals=")
    with pytest.raises(InvalidValueError, match="record=True"):
        result.cards(0)
    with pytest.raises(InvalidValueError, match="one of the 30 playouts, not 30"):
        result.score(30)
    with pytest.raises(InvalidTypeError, match="game must be an int"):
        result.cards(True)


# --- bad input ------------------------------------------------------------------------


def _in_phase(phase: Phase) -> Deal:
    """A deal under Armut rules that reaches ``phase``: Armut when a hand allows it."""
    table = Rules(armut=True)
    for seed in range(500):
        deal = Deal.shuffled(seed=seed, rules=table)
        while deal.phase is not phase and not deal.is_finished:
            actions = deal.legal_actions
            if deal.phase is Phase.RESERVATIONS:
                wish = [
                    a
                    for a in actions
                    if isinstance(a, Declare) and a.reservation is Reservation.POVERTY
                ]
                turn = deal.turn
                assert turn is not None
                deal = deal.apply(wish[0] if wish else Declare(turn, Reservation.HEALTHY))
            else:
                deal = deal.apply(actions[0])
        if deal.phase is phase:
            return deal
    raise AssertionError(phase)  # pragma: no cover


@pytest.mark.parametrize(
    "phase", [Phase.RESERVATIONS, Phase.POVERTY_PASS, Phase.POVERTY_OFFER, Phase.FINISHED]
)
def test_positions_outside_the_card_play_are_refused(phase: Phase) -> None:
    good = _position(Rules.DDV, random.Random(3))
    bad = _in_phase(phase)
    with pytest.raises(WrongPhaseError, match=rf"deals\[1\] is in phase '{phase.value}'"):
        playouts([good, bad])


def test_a_void_deal_is_refused() -> None:
    table = Rules(schmeissen={"nines5", "kings5", "nines4_kings4", "full7", "trumps1"})
    for seed in range(500):
        deal = Deal.shuffled(seed=seed, rules=table)
        throws = [
            a
            for a in deal.legal_actions
            if isinstance(a, Declare) and a.reservation is Reservation.THROW
        ]
        if throws:
            deal = deal.apply(throws[0])
            for _seat in range(4):
                if deal.turn is not None and not deal.is_void:
                    deal = deal.declare(deal.turn, Reservation.HEALTHY)
            if deal.is_void:
                break
    assert deal.is_void
    with pytest.raises(WrongPhaseError, match="'void'"):
        playouts([deal])


@pytest.mark.parametrize(
    ("deals_given", "error", "message"),
    [
        ([], InvalidValueError, "at least one deal"),
        ("deal", InvalidTypeError, "deals must be a sequence of Deal"),
        (3, InvalidTypeError, "deals must be a sequence of Deal"),
        ([None], InvalidTypeError, r"deals\[0\] must be a Deal"),
    ],
)
def test_bad_deals_are_refused(deals_given: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        playouts(deals_given)  # type: ignore[arg-type]


def test_a_single_deal_and_bad_options_are_refused() -> None:
    deal = _position(Rules.DDV, random.Random(4))
    with pytest.raises(InvalidTypeError, match=r"a single deal: \[deal\]"):
        playouts(deal)  # type: ignore[arg-type]
    with pytest.raises(
        InvalidValueError, match="policy must be one of 'random', 'greedy', not 'best'"
    ):
        playouts([deal], policy="best")
    with pytest.raises(InvalidTypeError, match="policy must be a str"):
        playouts([deal], policy=None)  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match="seed must be an int, str or None"):
        playouts([deal], seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match="record must be True or False"):
        playouts([deal], record=1)  # type: ignore[arg-type]
    for error in (InvalidValueError, InvalidTypeError):
        assert issubclass(error, DoppelkopfError)


# --- properties ---------------------------------------------------------------------


@settings(max_examples=40)
@given(deals(rules(), announcements=True))
def test_scores_sum_to_zero_and_match_settlement(deal: Deal) -> None:
    assume(deal.phase is Phase.PLAY)
    result = playouts([deal] * 3, seed=0, record=True)
    for game in range(3):
        assert sum(result.scores[game]) == 0
        assert settle(_replay(deal, result, game)).scores == result.scores[game]


# --- the hot-path tricks of _vector, each pinned ------------------------------------


def _starts(batch: list[Deal]) -> list[tables.Start]:
    memo = tables.Memo()
    starts = [tables.start_of(deal, memo) for deal in batch]
    assert None not in starts
    return starts  # type: ignore[return-value]


def test_start_matches_public_properties() -> None:
    rng = random.Random(6)
    for name in sorted(RULE_SETS):
        for _ in range(10):
            deal = _position(RULE_SETS[name], rng)
            (start,) = _starts([deal])
            assert start.rules is deal.rules
            assert start.order is deal.card_order
            assert start.game_type is deal.game_type
            assert start.declarer == deal.declarer
            assert start.parties == deal.parties
            assert index_held(deal._setup, start.held) == sum(
                h.bits << (48 * s) for s, h in enumerate(deal.hands)
            )
            assert start.history == tuple(c.index for t in deal.tricks for c in t.cards)
            assert start.trick == tuple(c.index for c in deal.current_trick.cards)
            assert start.leader == deal.current_trick.leader
            tricks = deal.tricks
            assert start.winners == (
                (*(t.leader for t in tricks[1:]), deal.current_trick.leader) if tricks else ()
            )
            assert start.first == (tricks[0].leader if tricks else deal.current_trick.leader)
            assert start.re_state == deal.re_state
            assert start.kontra_state == deal.kontra_state
            assert start.pending == (
                deal.game_type is GameType.MARRIAGE and deal.clarification_trick is None
            )


def _mixed() -> list[Deal]:
    rng = random.Random(7)
    return [_position(RULE_SETS[name], rng) for name in sorted(RULE_SETS) for _ in range(4)]


def test_end_alignment() -> None:
    """Positions at different moments in one call play as they do alone (greedy is fixed)."""
    batch = _mixed()
    together = playouts(batch, policy="greedy", record=True)
    for game, deal in enumerate(batch):
        alone = playouts([deal], policy="greedy", record=True)
        assert alone.cards(0) == together.cards(game)
        assert alone.scores[0] == together.scores[game]


def test_prefix_slices() -> None:
    """Games that start later join the running prefix without disturbing the others."""
    batch = sorted(_mixed(), key=lambda deal: deal.moment)
    backwards = list(reversed(batch))
    ahead = playouts(batch, policy="greedy", record=True)
    behind = playouts(backwards, policy="greedy", record=True)
    count = len(batch)
    assert [ahead.cards(g) for g in range(count)] == [
        behind.cards(count - 1 - g) for g in range(count)
    ]


def test_hand_planes() -> None:
    batch = _mixed()
    starts = _starts(batch)
    one, two = vector._planes([start.held for start in starts], [s.order for s in starts])
    for row, deal in enumerate(batch):
        for seat, hand in enumerate(deal.hands):
            assert int(one[row, seat]) == sum(1 << card.index for card in set(hand))
            assert int(two[row, seat]) == sum(
                1 << card.index for card in set(hand) if hand.count(card) == 2
            )


def test_trick_in_progress(monkeypatch: pytest.MonkeyPatch) -> None:
    """Positions inside a trick replay its cards: the greedy choices match the public API."""
    rng = random.Random(9)
    batch: list[Deal] = []
    while len(batch) < 40:
        deal = _position(RULE_SETS[sorted(RULE_SETS)[len(batch) % len(RULE_SETS)]], rng)
        if deal.current_trick.cards:
            batch.append(deal)
    fast = playouts(batch, policy="greedy", record=True)
    monkeypatch.setattr(engine, "_ENGINE", "python")
    slow = playouts(batch, policy="greedy", record=True)
    for game, deal in enumerate(batch):
        assert fast.cards(game) == slow.cards(game)
        assert len(fast.cards(game)) == 4 * deal.rules.tricks - deal.moment
        (start,) = _starts([deal])
        before = vector._before_trick(start)
        assert index_held(deal._setup, before) == sum(
            h.bits << (48 * s) for s, h in enumerate(deal.hands)
        ) + sum(1 << (48 * seat + 2 * card.index) for seat, card in deal.current_trick)


def test_playouts_leave_the_collector_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    import gc

    seen = []
    original = vector.play

    def spy(*args: Any, **options: Any) -> Any:
        seen.append(gc.isenabled())
        return original(*args, **options)

    monkeypatch.setattr(vector, "play", spy)
    deal = _position(Rules.DDV, random.Random(10))
    assert gc.isenabled()
    playouts([deal])
    assert seen == [True]
    assert gc.isenabled()


def test_select_table() -> None:
    rng = np.random.default_rng(0)
    masks = rng.integers(1, 1 << 24, size=5000)
    uniform = rng.random(5000)
    chosen = vector._random(masks, uniform)
    for mask, draw, card in zip(masks.tolist(), uniform.tolist(), chosen.tolist(), strict=True):
        bits = [bit for bit in range(24) if mask >> bit & 1]
        assert card == bits[int(draw * len(bits))]


def test_summary_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    """A key's summary is the finished deal's, with the first seats as Re."""
    monkeypatch.setattr(summaries, "CHECK_SUMMARIES", True)
    rng = random.Random(8)
    batch = [_position(RULE_SETS[name], rng) for name in sorted(RULE_SETS) for _ in range(8)]
    result = playouts(batch, record=True)
    finished = [_replay(deal, result, g) for g, deal in enumerate(batch)]
    starts = _starts(batch)
    by_size: dict[int, list[int]] = {}
    for row, deal in enumerate(finished):
        by_size.setdefault(deal.rules.tricks, []).append(row)
    for rows in by_size.values():
        group = [finished[r] for r in rows]
        keys, re_seat = vector._summary_keys(
            [starts[r] for r in rows],
            np.array([[c.index for t in d.tricks for c in t.cards] for d in group], dtype=np.int8),
            np.array([[t.leader for t in d.tricks[1:]] + [d.current_trick.leader] for d in group]),
            np.array([d.tricks[0].leader for d in group]),
        )
        for key, seats, row in zip(keys.tolist(), re_seat.tolist(), rows, strict=True):
            expected = summarize(finished[row])
            assert {s for s in range(4) if seats[s]} == expected.re_seats
            decoded = summaries.summary_of(key)
            assert decoded.game_type is expected.game_type
            assert (decoded.re, decoded.kontra, decoded.rules) == (
                expected.re,
                expected.kontra,
                expected.rules,
            )
            re_entry, kontra_entry = summaries.scores_of(key)
            assert settle(expected).scores == tuple(
                re_entry if seats[s] else kontra_entry for s in range(4)
            )


def test_greedy_leads_a_plain_ace_before_its_trumps() -> None:
    """The greedy lead: a plain ace first, else the strongest card (see ``playouts``)."""
    table = tables.order_tables(Rules.DDV.card_order(GameType.NORMAL))

    def lead(text: str) -> Card:
        legal = sorted({card.index for card in Hand.parse(text)})
        index = tables.greedy_index(
            table, legal, trick=(), leader=0, seat=0, parties=[None] * 4, last=False
        )
        return DISTINCT_CARDS[index]

    assert lead("♥10 ♣Q ♠A ♠K") == Card.parse("♠A")
    assert lead("♥10 ♣Q ♠K ♦A") == Card.parse("♥10")  # the ♦A is a trump here
    assert lead("♣K ♠10 ♥9") == Card.parse("♠10")
    fleshless = tables.order_tables(Rules.DDV.card_order(GameType.FLESHLESS))
    legal = sorted({card.index for card in Hand.parse("♣Q ♦A ♠10")})
    index = tables.greedy_index(
        fleshless, legal, trick=(), leader=0, seat=0, parties=[None] * 4, last=False
    )
    assert DISTINCT_CARDS[index] == Card.parse("♦A")
