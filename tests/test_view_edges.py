"""A view built by hand is checked; a view of a deal is right as it is (SPEC §6.1).

``PlayerView`` built through its constructor, and so through ``attrs.evolve``,
runs ``doppelkopf.deal._view_checks.check_view``.  These tests build hostile
variants of real views in every phase — each field with values of the wrong
type, out of range, or contradicting the other fields — and require the
library's error at construction, before the sampler, the heuristic player or
the view's own properties read them; and they rebuild every view of random
deals under several rule sets through the constructor, which must accept it.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deal_helpers import armut_deal, with_both_club_queens
from doppelkopf import (
    Announcement,
    Card,
    Deal,
    GameType,
    Hand,
    HeuristicPlayer,
    Party,
    Phase,
    Play,
    PlayerView,
    RandomPlayer,
    Reservation,
    Rules,
    Trick,
)
from doppelkopf._checks import excerpt
from doppelkopf.announce import NOTHING, PartyAnnouncements
from doppelkopf.deal import Announced
from doppelkopf.deal import views as views_module
from doppelkopf.deal.reservations import SoloKind
from doppelkopf.errors import DoppelkopfError, InvalidTypeError, InvalidValueError
from doppelkopf.players import iter_deal

RULE_SETS = (
    Rules.DDV,
    Rules(nines=False),
    Rules(schweinchen=True, second_dulle="always"),
    Rules(armut=True, schmeissen={"nines5", "kings5", "trumps1"}),
    Rules.TOURNAMENT,
    Rules.XIX,
)


def _played_out(deal: Deal, seed: int, rate: float = 0.3) -> Iterator[Deal]:
    players = [RandomPlayer(seed=4 * seed + s, reservation_rate=rate) for s in range(4)]
    yield deal
    yield from (step.deal for step in iter_deal(deal, players))


def _states() -> list[Deal]:
    """Deals in every phase, with marriages, an Armut, a forced solo and a void deal."""
    starts = [Deal.shuffled(seed=seed, rules=rules) for seed, rules in enumerate(RULE_SETS)]
    starts += [armut_deal(seed) for seed in range(2)]
    for s in range(4):
        # Both ♣Q with one seat: a marriage, or a silent one when it says healthy.
        married = Deal.from_hands(with_both_club_queens(Deal.shuffled(seed=s).dealt, s), dealer=s)
        wish = Reservation.MARRIAGE if s % 2 else Reservation.HEALTHY
        for offset in (1, 2, 3, 4):
            asked = (s + offset) & 3
            married = married.declare(asked, wish if asked == s else Reservation.HEALTHY)
        starts.append(married)
    starts.append(Deal.shuffled(seed=8, rules=Rules.TOURNAMENT, owing={1, 3}, forced=True))
    starts.append(Deal.shuffled(seed=9, rules=Rules.TOURNAMENT, owing={2}))
    states: list[Deal] = []
    for number, deal in enumerate(starts):
        states.extend(_played_out(deal, number, 0.6 if number % 2 else 0.2))
    # Nobody takes the Armut: a void deal (V§6.3 step 4).
    refused = armut_deal(5)
    while refused.phase is not Phase.VOID:
        actions = refused.legal_actions
        no = [a for a in actions if getattr(a, "accept", True) is False]
        refused = refused.apply(no[0] if no else actions[0])
    states.append(refused)
    return states


STATES = _states()
VIEWS = [state.view(seat) for state in STATES for seat in range(4)]


def test_the_views_cover_every_phase_and_procedure() -> None:
    assert {view.phase for view in VIEWS} == set(Phase)
    games = {view.game_type for view in VIEWS}
    assert {GameType.MARRIAGE, GameType.POVERTY, GameType.SILENT_MARRIAGE} <= games
    assert {view.void.reason for view in VIEWS if view.void is not None} == {"poverty_refused"}
    assert any(view.forced for view in VIEWS)
    assert any(view.owing for view in VIEWS)


def test_every_view_of_a_deal_passes_its_constructor() -> None:
    for view in VIEWS:
        fields = {field.name: getattr(view, field.name) for field in attrs.fields(PlayerView)}
        fields["legal_actions"] = fields.pop("_given_actions")
        assert PlayerView(**fields) == view
        assert attrs.evolve(view) == view


# --- hostile variants ------------------------------------------------------------

BAD_VALUES: dict[str, tuple[object, ...]] = {
    "seat": (4, -1, True, "0", None, 10**5000),
    "dealer": (4, True, None),
    "hand": (None, "♣Q ♣Q", 12),
    "reservation": ("healthy", 1),
    "declared": ((None, None, None), (1, 0, 0, 0), None, [None] * 4),
    "game_type": ("NORMAL", 0),
    "declarer": (4, True),
    "partner": (7, "1"),
    "clarification_trick": (0, 99, True),
    "known_parties": ((None,) * 3, ("re",) * 4, None),
    "tricks": ((None,), "x", [], None),
    "current_trick": (None, "♣Q", ()),
    "announcements": ((None,), "x", None),
    "hand_sizes": (
        (12, 12, 12),
        (12,) * 5,
        (-1, 12, 12, 12),
        (True,) * 4,
        None,
        (10**5000,) * 4,
        ("12",) * 4,
    ),
    "turn": (4, True, "0"),
    "rules": ("ddv", None),
    "schweine": (4, True),
    "re_state": (None, "re"),
    "kontra_state": (None, 1),
    "phase": ("play", None),
    "poverty": ("x",),
    "void": ("x",),
    "owing": ({1}, frozenset({5}), frozenset({True}), None),
    "forced": (1, None),
    "solo_kind": ("x",),
    "throw_reason": ("x", 5),
    "legal_actions": ("x", (None,)),
}
"""Values of the wrong type or out of range, for every field."""


def _other_card(view: PlayerView) -> Card:
    """A card of the deck that the viewer has not seen (any card once it has seen them all)."""
    seen = view.hand.bits + sum(1 << (2 * card.index) for card in view.played_cards)
    deck = view.rules.deck_bits
    unseen = (c for c in view.rules.deck if (seen >> 2 * c.index) & 3 < (deck >> 2 * c.index) & 3)
    return next(unseen, view.rules.deck[0])


def _contradictions(view: PlayerView) -> Iterator[tuple[str, object]]:
    """Values of the right type that contradict the view's other fields."""
    seat, sizes = view.seat, view.hand_sizes
    bigger = Hand.from_bits(view.hand.bits + (1 << (2 * _other_card(view).index)))
    yield "hand", bigger
    if view.hand:
        yield "hand", Hand(list(view.hand)[1:])
    other = (seat + 1) & 3
    yield "hand_sizes", tuple(size - (s == other) for s, size in enumerate(sizes))
    yield "hand_sizes", tuple(size + (s == seat) for s, size in enumerate(sizes))
    yield "turn", 0 if view.turn is None else None
    if view.turn is not None:
        yield "turn", (view.turn + 1) & 3
    yield from (("phase", phase) for phase in Phase if phase is not view.phase)
    if view.reservation is not None:
        yield "declared", tuple(not d if s == seat else d for s, d in enumerate(view.declared))
        yield "reservation", None
    else:
        yield "reservation", Reservation.HEALTHY
    normal = view.game_type in (None, GameType.NORMAL)
    yield "game_type", GameType.JACKS_SOLO if normal else GameType.NORMAL
    yield "declarer", None if view.declarer is not None else seat
    yield "known_parties", (Party.RE,) * 4
    yield "clarification_trick", len(view.tricks) + 1
    yield "throw_reason", "nines5" if view.reservation is not Reservation.THROW else None
    yield "schweine", None if view.schweine is not None else seat
    no_90 = PartyAnnouncements(Announcement.NO_90, True)
    yield "re_state", no_90 if view.re_state.level is not Announcement.NO_90 else NOTHING
    yield "announcements", (Announced(other, Announcement.RE_KONTRA, Party.KONTRA, 13, 99),)
    yield "solo_kind", None if view.solo_kind is not None else SoloKind.VOLUNTARY
    yield "legal_actions", (Play(other, _other_card(view)),)
    current = view.current_trick
    yield "current_trick", Trick(leader=(current.leader + 1) & 3, cards=current.cards)
    if view.tricks:
        yield "tricks", view.tricks[1:]
        yield "tricks", (*view.tricks, view.tricks[0])
        yield "current_trick", view.tricks[-1]
    if view.poverty is not None:
        yield "poverty", attrs.evolve(view.poverty, poor=(view.poverty.poor + 1) & 3)
        yield "poverty", attrs.evolve(view.poverty, answers=(True, True))
        yield "poverty", None
    if view.void is not None:
        yield "void", None
        yield "void", attrs.evolve(view.void, reason="thrown")


def _bases() -> list[PlayerView]:
    """A few views of each phase and contract, and one of each void deal."""
    chosen: dict[object, list[PlayerView]] = {}
    for view in VIEWS:
        kind = (view.phase, view.game_type, bool(view.announcements), bool(view.tricks))
        found = chosen.setdefault(kind, [])
        if len(found) < 2 and all(other.seat != view.seat for other in found):
            found.append(view)
    return [view for views in chosen.values() for view in views]


BASES = _bases()


def _variants() -> Iterator[tuple[PlayerView, str, object]]:
    for view in BASES:
        for name, values in BAD_VALUES.items():
            for value in values:
                yield view, name, value
        for name, value in _contradictions(view):
            yield view, name, value


VARIANTS = list(_variants())


def test_there_are_many_hostile_variants_of_many_views() -> None:
    assert len(BASES) >= 20
    assert len({(name, excerpt(value)) for _, name, value in VARIANTS}) >= 77


def _evolved(view: PlayerView, name: str, value: object) -> PlayerView:
    changes: dict[str, Any] = {name: value}
    return attrs.evolve(view, **changes)


def test_a_hostile_view_is_refused_at_construction() -> None:
    accepted = []
    errors: list[tuple[str, DoppelkopfError]] = []
    for view, name, value in VARIANTS:
        try:
            _evolved(view, name, value)
        except DoppelkopfError as error:
            errors.append((name, error))
        else:
            accepted.append((view.phase, view.game_type, name, excerpt(value)))
    assert not accepted
    for name, refused in errors:
        assert isinstance(refused, (InvalidTypeError, InvalidValueError)), (name, refused)
        assert str(refused).startswith("PlayerView."), (name, refused)


@pytest.mark.parametrize(
    ("name", "value", "words"),
    [
        ("seat", 5, "PlayerView.seat must be 0-3, not 5"),
        ("hand", None, "PlayerView.hand must be a Hand, not None"),
        ("hand_sizes", (12, 12, 12), "PlayerView.hand_sizes must be a tuple of four"),
        ("declared", (True,) * 4, "PlayerView.declared: the viewer's own answer"),
        (
            "hand_sizes",
            (10**5000,) * 4,
            "PlayerView.hand_sizes[...] must be 0-15, not an int of 5001",
        ),
    ],
)
def test_the_error_names_the_field_and_the_rule(name: str, value: object, words: str) -> None:
    view = STATES[0].view(0)  # the reservation round, nobody asked yet
    with pytest.raises(DoppelkopfError, match="^" + re.escape(words)):
        _evolved(view, name, value)


def test_a_finished_reservation_round_declared_all_vorbehalt_is_refused() -> None:
    view = next(v for v in VIEWS if v.phase is Phase.PLAY and v.game_type is GameType.NORMAL)
    with pytest.raises(InvalidValueError, match=r"declared.*\(SPEC §3\.[23]\)"):
        attrs.evolve(view, declared=(True,) * 4)


# --- what reads a view never sees a bad one ----------------------------------------


def test_a_view_of_a_deal_is_not_checked_again(monkeypatch: pytest.MonkeyPatch) -> None:
    checked: list[PlayerView] = []
    monkeypatch.setattr(views_module, "check_view", checked.append)
    deal = STATES[3]
    for seat in range(4):
        view = deal.view(seat)
        _ = view.legal_actions, view.history, view.key, view.hand
    assert checked == []
    attrs.evolve(deal.view(0))
    assert len(checked) == 1


@settings(max_examples=25, deadline=None)
@given(
    rng=st.randoms(use_true_random=False),
    rules=st.sampled_from(RULE_SETS),
    rate=st.sampled_from((0.0, 0.3, 1.0)),
)
def test_every_view_of_a_random_deal_passes_its_constructor(
    rng: random.Random, rules: Rules, rate: float
) -> None:
    owing = frozenset(rng.sample(range(4), rng.randrange(3))) if rules.compulsory_solo else ()
    deal = Deal.shuffled(rng=rng, rules=rules, dealer=rng.randrange(4), owing=owing)
    players = [RandomPlayer(seed=rng.randrange(1000), reservation_rate=rate) for _ in range(4)]
    for state in (deal, *(step.deal for step in iter_deal(deal, players))):
        for seat in range(4):
            view = state.view(seat)
            assert attrs.evolve(view) == view


def test_the_heuristic_player_reads_a_rebuilt_view_as_the_view() -> None:
    for view in VIEWS[::37]:
        rebuilt = attrs.evolve(view)
        first = HeuristicPlayer(seed=1).act(view) if view.turn == view.seat else None
        again = HeuristicPlayer(seed=1).act(rebuilt) if view.turn == view.seat else None
        assert first == again
