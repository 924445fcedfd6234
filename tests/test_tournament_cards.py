"""Tournament sessions played with cards, deal by deal, against a model of V§9 and V§10.

The session decides who deals, who still owes a compulsory solo and whether
a deal is forced; the deal decides which solo wins, what kind it is and who
leads.  Here whole sessions are played by bots from given hands and every
deal is compared with a model written from the rules text alone: V§9.4
(the same dealer after a voluntarily declared compulsory solo), V§9.5 (the
forced deals when the deals left equal the solos owed), V§10 and R10 (five
players), V§8 (a void deal is dealt again by the same dealer).
"""

from __future__ import annotations

import random

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from doppelkopf import (
    Deal,
    GameType,
    HeuristicPlayer,
    RandomPlayer,
    Reservation,
    Rules,
    Session,
    SoloKind,
    play_deal,
)
from doppelkopf.players import Player


@attrs.define
class Model:
    """The table between deals, as V§9.4, V§9.5, V§10 and R10 describe it."""

    rules: Rules
    dealer: int
    played: int = 0
    owing: set[int] = attrs.field(factory=set)

    def __attrs_post_init__(self) -> None:
        self.owing = set(range(self.rules.players))

    @property
    def forced(self) -> bool:
        left = self.rules.session_deals - self.played
        return bool(self.owing) and left == len(self.owing)

    def deal_dealer(self) -> int:
        """The table seat that deals next; R10 passes once more past an owing dealer."""
        if self.rules.players == 5 and self.forced and self.owing == {self.dealer}:
            self.dealer = (self.dealer + 1) % 5
        return self.dealer

    def seats(self) -> list[int]:
        if self.rules.players == 4:
            return [0, 1, 2, 3]
        return [(self.dealer + 1 + k) % 5 for k in range(4)]

    def after(self, void: bool, kind: SoloKind | None, soloist: int | None) -> None:
        if void:
            return  # V§8: the same dealer deals again, nothing is counted
        self.played += 1
        if kind in (SoloKind.COMPULSORY, SoloKind.FORCED):
            assert soloist is not None
            self.owing.discard(soloist)
        if kind is not SoloKind.COMPULSORY:
            self.dealer = (self.dealer + 1) % self.rules.players


def play_round(rules: Rules, first_dealer: int, seed: int, players: list[Player]) -> Session:
    """Play a whole session from hands dealt by one generator, checking each deal."""
    rng = random.Random(seed)
    session = Session.new(first_dealer=first_dealer, rules=rules)
    model = Model(rules, first_dealer)
    solos: dict[int, list[SoloKind]] = {seat: [] for seat in range(rules.players)}
    guard = 0
    while not session.is_finished:
        guard += 1
        assert guard < 10 * rules.session_deals, "the session does not advance"
        # The session and the model agree on the table before the deal.
        assert session.dealer == model.deal_dealer()
        assert list(session.seats) == model.seats()
        assert session.owing == frozenset(model.owing)
        assert session.forced is model.forced
        hands = Deal.shuffled(rng=rng, rules=rules).dealt
        deal = session.deal_from_hands(hands)
        seats = model.seats()
        assert deal.forced is model.forced
        assert {seats[s] for s in deal.owing} == {s for s in model.owing if s in seats}
        finished = play_deal(deal, players)
        session = session.add(finished)
        if finished.is_void:
            model.after(True, None, None)
            continue
        kind = finished.solo_kind
        soloist = None if finished.declarer is None else seats[finished.declarer]
        if kind is not None:
            assert soloist is not None
            solos[soloist].append(kind)
            # V§9.1-9.5: what the solo is follows from who owed and whether forced.
            if model.forced:
                assert kind is SoloKind.FORCED
            else:
                owed = soloist in model.owing
                assert kind is (SoloKind.COMPULSORY if owed else SoloKind.VOLUNTARY)
        # V§9.3: a compulsory or forced soloist leads trick 1, anyone else the dealer's left.
        leader = finished.tricks[0].leader
        if kind in (SoloKind.COMPULSORY, SoloKind.FORCED):
            assert leader == finished.declarer
        else:
            assert leader == (finished.dealer + 1) % 4
        row = session.rows[-1]
        assert (row.solo_kind, row.soloist) == (
            kind,
            soloist if finished.game_type is not None and finished.game_type.is_solo else None,
        )
        if rules.players == 5:
            assert row.scores[model.dealer] == 0  # V§10, R9: the dealer writes 0
        assert sum(row.scores) == 0
        model.after(False, kind, soloist)
    # Every player played exactly one compulsory solo, declared or forced (V§9.1).
    for seat, kinds in solos.items():
        compulsory = [kind for kind in kinds if kind is not SoloKind.VOLUNTARY]
        assert len(compulsory) == 1, (seat, kinds)
    assert sum(session.totals) == 0
    assert len(session) == rules.session_deals
    return session


@attrs.frozen
class Table:
    """One drawn table: its size, round length, first dealer, seed and options."""

    players: int
    extra: int
    first_dealer: int
    seed: int
    rate: float
    options: dict[str, object]


tables = st.builds(
    Table,
    players=st.sampled_from([4, 5]),
    extra=st.integers(0, 4),
    first_dealer=st.integers(0, 4),
    seed=st.integers(0, 2**32),
    rate=st.sampled_from([0.0, 0.2, 0.6]),
    options=st.fixed_dictionaries(
        {"armut": st.booleans(), "nines": st.booleans(), "bock": st.sampled_from([(), ("tie",)])}
    ),
)


@settings(max_examples=30, deadline=None)
@given(tables)
def test_tournament_rounds_follow_the_model(table: Table) -> None:
    rules = Rules(
        compulsory_solo=True,
        players=table.players,
        session_length=table.players + table.extra,
        **table.options,  # type: ignore[arg-type]
    )
    bots: list[Player] = [
        RandomPlayer(seed=table.seed + seat, reservation_rate=table.rate) for seat in range(4)
    ]
    play_round(rules, table.first_dealer % table.players, table.seed, bots)


def test_a_full_tournament_round_with_heuristic_bots() -> None:
    bots: list[Player] = [HeuristicPlayer(seed=seat) for seat in range(4)]
    session = play_round(Rules.TOURNAMENT, 3, 12, bots)
    assert len(session.rows) >= 24
    assert session.owing == frozenset()
    print(session.score_sheet())


def test_a_round_of_thirty_at_five_players() -> None:
    rules = Rules(compulsory_solo=True, players=5, session_length=30)
    bots: list[Player] = [RandomPlayer(seed=seat, reservation_rate=0.1) for seat in range(4)]
    session = play_round(rules, 0, 5, bots)
    assert len(session.totals) == 5


def test_v23_driven_from_given_hands() -> None:
    """V23: A declares a queens solo while owing its compulsory solo; A leads, D deals again."""
    session = Session.new(first_dealer=3, rules=Rules.TOURNAMENT)
    deal = session.deal_from_hands(Deal.shuffled(seed=1).dealt)
    deal = deal.declare(0, Reservation.QUEENS_SOLO)
    for seat in (1, 2, 3):
        deal = deal.declare(seat, Reservation.HEALTHY)
    assert (deal.game_type, deal.solo_kind, deal.turn) == (
        GameType.QUEENS_SOLO,
        SoloKind.COMPULSORY,
        0,
    )
    finished = play_deal(deal, [HeuristicPlayer(seed=seat) for seat in range(4)])
    session = session.add(finished)
    assert finished.tricks[0].leader == 0
    assert session.dealer == 3
    assert (len(session), session.deals_left) == (1, 23)
    assert session.owing == frozenset({1, 2, 3})
    assert session.rows[0].solo_kind is SoloKind.COMPULSORY
