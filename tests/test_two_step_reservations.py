"""The two-step reservation round of a DDV table (SPEC §3.2–§3.4, V§6.2, V§9.2, V§9.5).

A seat says healthy, a bare ``VORBEHALT`` or a named reservation (the
one-step shortcut); then the seats that said a bare *Vorbehalt* are asked
by kind in priority order and name or decline.  The same hands and the same
underlying reservations give the same contract in both forms, and no
lapsed reservation is ever named.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doppelkopf import (
    Concealed,
    Deal,
    Declare,
    GameType,
    InvalidReservationError,
    Phase,
    Reservation,
    Rules,
    WrongPhaseError,
)
from doppelkopf.adapters import encoding
from doppelkopf.deal.questions import ReservationKind, kind_of, kinds_asked
from doppelkopf.errors import DoppelkopfError, NotYourTurnError
from doppelkopf.records import RecordError, dump_deal, dumps_deal, load_deal, loads_deal
from doppelkopf.scoring import settle
from doppelkopf.search import sample_deal
from doppelkopf.wire import dumps_view, format_action, loads_view, parse_action

R = Reservation
K = ReservationKind

ARMUT_THROW = Rules(armut=True, schmeissen=frozenset({"nines5", "kings5", "trumps1"}))
PRESETS = (Rules.DDV, Rules.TOURNAMENT, Rules.XIX, ARMUT_THROW, Rules(solos=False, armut=True))

# V22's hands: seat 1 holds five nines, seat 2 both ♣Q.
V22 = (
    "♣A ♣A ♣10 ♣K ♠A ♠A ♠10 ♠K ♥A ♥A ♥K ♥J",
    "♣9 ♣9 ♠9 ♥9 ♦9 ♣10 ♠10 ♠K ♥10 ♥K ♦K ♦J",
    "♣Q ♣Q ♠Q ♠Q ♥Q ♥Q ♦Q ♦Q ♣J ♣J ♠J ♠J",
    "♣K ♠9 ♥10 ♥9 ♦A ♦A ♦10 ♦10 ♦K ♦9 ♥J ♦J",
)


def round_order(deal: Deal) -> list[int]:
    return [(deal.dealer + i) & 3 for i in (1, 2, 3, 4)]


def one_step(deal: Deal, wishes: dict[int, Declare]) -> Deal:
    for seat in round_order(deal):
        deal = deal.apply(wishes[seat])
    return deal


def two_step(deal: Deal, wishes: dict[int, Declare], bare: set[int]) -> tuple[Deal, list[Deal]]:
    """Each seat of ``bare`` says a bare Vorbehalt and answers the questions truthfully."""
    states = []
    for seat in round_order(deal):
        wish = wishes[seat]
        deal = deal.apply(Declare(seat, R.VORBEHALT) if seat in bare else wish)
        states.append(deal)
    while deal.question is not None:
        asked = deal.turn
        assert asked is not None
        seat = asked
        wish = wishes[seat]
        assert seat in bare
        kind = deal.question
        owing = deal.owing
        if kind_of(seat, wish.reservation, deal.rules, owing) is kind:
            answer = wish
        else:
            answer = Declare(seat, R.DECLINE)
        assert answer in deal.legal_actions, (answer, deal.legal_actions)
        assert deal.view(seat).legal_actions == tuple(deal.legal_actions)
        deal = deal.apply(answer)
        states.append(deal)
    return deal, states


def play_first(deal: Deal) -> Deal:
    """Play out the deal: the Armut's first choices, then the first legal card each turn."""
    while not deal.is_finished:
        actions = deal.legal_actions
        deal = deal.apply(actions[0])
    return deal


def wish_strategy(deal: Deal, rng: random.Random) -> dict[int, Declare]:
    """A random underlying answer per seat: healthy half the time, else any open reservation."""
    wishes = {}
    for seat in range(4):
        choices = [
            d
            for d in deal.view(seat).legal_actions
            if isinstance(d, Declare) and d.reservation not in (R.HEALTHY, R.VORBEHALT)
        ]
        if choices and rng.random() < 0.6:
            wishes[seat] = rng.choice(choices)
        else:
            wishes[seat] = Declare(seat, R.HEALTHY)
    return wishes


def deal_for(rules: Rules, seed: int, dealer: int, owing: frozenset[int]) -> Deal:
    hands = Deal.shuffled(seed=seed).dealt
    return Deal.from_hands(hands, dealer=dealer, rules=rules, owing=owing)


@settings(max_examples=150, deadline=None)
@given(
    preset=st.sampled_from(PRESETS),
    seed=st.integers(0, 10_000),
    dealer=st.integers(0, 3),
    owing=st.frozensets(st.integers(0, 3), max_size=3),
    choice=st.randoms(use_true_random=False),
)
def test_both_forms_give_the_same_contract_and_settlement(
    preset: Rules, seed: int, dealer: int, owing: frozenset[int], choice: random.Random
) -> None:
    """(a) SPEC §3.3, V§6.2, V§9.2: the order of questions is the ranking."""
    start = deal_for(preset, seed, dealer, owing if preset.compulsory_solo else frozenset())
    wishes = wish_strategy(start, choice)
    bare = {
        s for s, w in wishes.items() if w.reservation is not R.HEALTHY and choice.random() < 0.7
    }
    first = one_step(start, wishes)
    second, _ = two_step(start, wishes, bare)
    assert second.phase is first.phase
    assert second.game_type is first.game_type
    assert second.declarer == first.declarer
    assert second.parties == first.parties
    assert second.solo_kind is first.solo_kind
    assert second.turn == first.turn  # the lead, or the poor player's turn to pass
    assert second.void == first.void
    if first.is_void:
        return
    first, second = play_first(first), play_first(second)
    assert [t.cards for t in first.tricks] == [t.cards for t in second.tricks]
    assert settle(first) == settle(second)


@settings(max_examples=150, deadline=None)
@given(
    preset=st.sampled_from(PRESETS),
    seed=st.integers(0, 10_000),
    dealer=st.integers(0, 3),
    choice=st.randoms(use_true_random=False),
)
def test_no_lapsed_reservation_is_ever_known(
    preset: Rules, seed: int, dealer: int, choice: random.Random
) -> None:
    """(b) SPEC §3.3: a reservation that loses is never named, so nothing holds it."""
    start = deal_for(preset, seed, dealer, frozenset())
    wishes = wish_strategy(start, choice)
    bare = {s for s, w in wishes.items() if w.reservation is not R.HEALTHY}
    end, states = two_step(start, wishes, bare)
    winner = end.declarer if end.void is None else end.void.seat
    lapsed = [wishes[s] for s in bare if s != winner]
    for state in (start, *states):
        text = repr(state._state)
        for wish in lapsed:
            assert all(
                not (isinstance(e, Declare) and e.seat == wish.seat and e.reservation.game_type)
                and not (
                    isinstance(e, Declare) and e.reservation is R.THROW and e.seat == wish.seat
                )
                for e in state.history
            )
            for seat in range(4):
                view = state.view(seat)
                for event in view.history:
                    if isinstance(event, Declare) and event.seat == wish.seat:
                        assert event.reservation in (R.VORBEHALT, R.DECLINE, R.HEALTHY)
                assert loads_view(dumps_view(view)) == view
                if all(wish.reservation is not w.reservation for w in wishes.values() if w != wish):
                    assert wish.reservation.value not in dumps_view(view)
            if all(wish.reservation is not w.reservation for w in wishes.values() if w != wish):
                assert repr(wish.reservation) not in text


@settings(max_examples=80, deadline=None)
@given(
    preset=st.sampled_from(PRESETS),
    seed=st.integers(0, 10_000),
    dealer=st.integers(0, 3),
    choice=st.randoms(use_true_random=False),
)
def test_first_step_views_are_the_same_in_both_forms(
    preset: Rules, seed: int, dealer: int, choice: random.Random
) -> None:
    """(b) A bare Vorbehalt looks to the others like a named one until the contract."""
    start = deal_for(preset, seed, dealer, frozenset())
    wishes = wish_strategy(start, choice)
    bare = {s for s, w in wishes.items() if w.reservation is not R.HEALTHY}
    one, two = start, start
    for seat in round_order(start)[:3]:
        one = one.apply(wishes[seat])
        two = two.apply(Declare(seat, R.VORBEHALT) if seat in bare else wishes[seat])
        for viewer in range(4):
            if viewer not in bare:
                assert one.view(viewer) == two.view(viewer)
                assert dumps_view(one.view(viewer)) == dumps_view(two.view(viewer))


def test_a_bare_vorbehalt_is_asked_solo_then_marriage_and_names() -> None:
    """SPEC §3.2, §3.3: seat 2 (both ♣Q) declines the solo and names its marriage."""
    deal = Deal.from_hands(V22)
    deal = deal.declare(0, R.HEALTHY).declare(1, R.HEALTHY).declare(2, R.VORBEHALT)
    assert deal.question is None
    deal = deal.declare(3, R.HEALTHY)
    assert (deal.phase, deal.turn, deal.question) == (Phase.RESERVATIONS, 2, K.SOLO)
    assert deal.view(0).question is K.SOLO
    assert Declare(2, R.DECLINE) in deal.legal_actions
    deal = deal.declare(2, R.DECLINE)
    assert (deal.turn, deal.question) == (2, K.MARRIAGE)
    assert deal.legal_actions == (Declare(2, R.MARRIAGE),)  # no lower kind: it must name
    with pytest.raises(InvalidReservationError, match="must name") as caught:
        deal.declare(2, R.DECLINE)
    assert caught.value.rule == "§3.2, V§6.2"
    deal = deal.declare(2, R.MARRIAGE)
    assert (deal.game_type, deal.declarer, deal.turn) == (GameType.MARRIAGE, 2, 0)
    assert [str(e) for e in deal.view(1).history] == [
        "seat 0: healthy",
        "seat 1: healthy",
        "seat 2: Vorbehalt",
        "seat 3: healthy",
        "seat 2: decline",
        "seat 2: marriage",
    ]
    assert Deal.from_hands(V22).replay(deal.history) == deal


def test_a_shortcut_answers_its_questions_itself() -> None:
    """A named solo wins over a bare Vorbehalt asked later; nobody is asked (SPEC §3.3)."""
    deal = Deal.from_hands(V22).declare(0, R.QUEENS_SOLO).declare(1, R.VORBEHALT)
    deal = deal.declare(2, R.HEALTHY).declare(3, R.HEALTHY)
    assert (deal.game_type, deal.declarer, deal.asked) == (GameType.QUEENS_SOLO, 0, ())
    assert deal.view(2).history[1] == Concealed(1, "vorbehalt")


def test_a_bare_vorbehalt_before_a_shortcut_is_asked_first() -> None:
    """Seat 0 (bare) is asked for a solo before seat 1's named solo is taken (SPEC §3.3)."""
    deal = Deal.from_hands(V22).declare(0, R.VORBEHALT).declare(1, R.JACKS_SOLO)
    deal = deal.declare(2, R.HEALTHY).declare(3, R.HEALTHY)
    assert (deal.turn, deal.question) == (0, K.SOLO)
    # Seat 0 holds no ♣Q, Armut or Schmeißen: a solo is all it can hold.
    assert Declare(0, R.DECLINE) not in deal.legal_actions
    won = deal.declare(0, R.HEARTS_SOLO)
    assert (won.game_type, won.declarer) == (GameType.HEARTS_SOLO, 0)
    assert won.view(3).history[1] == Concealed(1, "vorbehalt")  # seat 1's solo lapses


def test_armut_and_schmeissen_are_asked_in_their_order() -> None:
    """V§6.2: solo > Schmeißen > Armut > Hochzeit; a won Schmeißen makes the deal void."""
    rules = Rules(armut=True, schmeissen=frozenset({"nines5"}))
    deal = Deal.from_hands(V22, rules=rules)
    assert kinds_asked(1, rules, frozenset()) == (K.SOLO, K.THROW, K.POVERTY, K.MARRIAGE)
    deal = deal.declare(0, R.HEALTHY).declare(1, R.VORBEHALT).declare(2, R.VORBEHALT)
    deal = deal.declare(3, R.HEALTHY)
    assert (deal.turn, deal.question) == (1, K.SOLO)
    deal = deal.declare(1, R.DECLINE)
    assert (deal.turn, deal.question) == (2, K.SOLO)
    deal = deal.declare(2, R.DECLINE)
    assert (deal.turn, deal.question) == (1, K.THROW)
    with pytest.raises(InvalidReservationError, match="asked for Schmeißen") as caught:
        deal.declare(1, R.QUEENS_SOLO)
    assert caught.value.rule == "V§6.2"
    with pytest.raises(InvalidReservationError, match="names its reason"):
        deal.declare(1, R.THROW)
    deal = deal.declare(1, R.THROW, "nines5")
    assert deal.phase is Phase.VOID
    assert deal.void is not None
    assert (deal.void.seat, deal.void.throw_reason) == (1, "nines5")
    assert deal.view(0).history[-1] == Declare(1, R.THROW, "nines5")
    assert Deal.from_hands(V22, rules=rules).replay(deal.history) == deal


def test_a_one_step_schmeissen_wins_its_question_with_its_reason() -> None:
    """V§6.2, V§7.2: seat 1 threw in at once; seat 2's bare Vorbehalt declines the solo."""
    rules = Rules(armut=True, schmeissen=frozenset({"nines5"}))
    deal = Deal.from_hands(V22, rules=rules).declare(0, R.HEALTHY)
    deal = deal.declare(1, R.THROW, "nines5").declare(2, R.VORBEHALT).declare(3, R.HEALTHY)
    assert (deal.turn, deal.question) == (2, K.SOLO)
    deal = deal.declare(2, R.DECLINE)
    assert deal.phase is Phase.VOID
    assert deal.void is not None
    assert (deal.void.seat, deal.void.throw_reason) == (1, "nines5")
    assert Deal.from_hands(V22, rules=rules).replay(deal.history) == deal


def test_compulsory_solo_is_asked_before_a_lustsolo() -> None:
    """V§9.2: the owing seat's solo outranks an earlier seat's Lustsolo."""
    deal = Deal.from_hands(V22, rules=Rules.TOURNAMENT, owing={2})
    assert kinds_asked(0, Rules.TOURNAMENT, frozenset({2}))[0] is K.SOLO
    deal = deal.declare(0, R.VORBEHALT).declare(1, R.HEALTHY).declare(2, R.VORBEHALT)
    deal = deal.declare(3, R.HEALTHY)
    assert (deal.turn, deal.question) == (2, K.COMPULSORY_SOLO)
    deal = deal.declare(2, R.FLESHLESS)
    assert (deal.game_type, deal.declarer, str(deal.solo_kind)) == (
        GameType.FLESHLESS,
        2,
        "compulsory solo",
    )
    assert deal.turn == 2  # V§9.3: the soloist of a compulsory solo leads


def test_forced_deal_has_no_bare_vorbehalt() -> None:
    """V§9.5: the forced player names its solo; there is no reservation round."""
    deal = Deal.from_hands(V22, rules=Rules.TOURNAMENT, owing={1}, forced=True)
    with pytest.raises(InvalidReservationError) as caught:
        deal.declare(1, R.VORBEHALT)
    assert caught.value.rule == "V§9.5"
    assert Declare(1, R.VORBEHALT) not in deal.legal_actions


def test_without_solos_a_hand_with_nothing_has_no_vorbehalt() -> None:
    """V§3: a bare Vorbehalt needs a reservation it could name."""
    deal = Deal.from_hands(V22, rules=Rules(solos=False))
    with pytest.raises(InvalidReservationError) as caught:
        deal.declare(0, R.VORBEHALT)
    assert caught.value.rule == "§3.2, V§3"
    assert not deal.can_declare(0, R.VORBEHALT)
    deal = deal.declare(0, R.HEALTHY).declare(1, R.HEALTHY)
    assert deal.can_declare(2, R.VORBEHALT)  # both ♣Q: a marriage is open


@pytest.mark.parametrize(
    ("answer", "reason", "error", "rule"),
    [
        (R.DECLINE, None, InvalidReservationError, "§3.2"),
        (R.VORBEHALT, "nines5", InvalidReservationError, "V§7.2"),
    ],
)
def test_first_step_refusals(
    answer: Reservation, reason: str | None, error: type[InvalidReservationError], rule: str
) -> None:
    deal = Deal.from_hands(V22)
    before = deal._state
    with pytest.raises(error) as caught:
        deal.declare(0, answer, reason)  # type: ignore[arg-type]  # a str, not a ThrowReason
    assert caught.value.rule == rule
    assert deal._state is before


def test_second_step_refusals_leave_the_deal_as_it_was() -> None:
    deal = Deal.from_hands(V22).declare(0, R.VORBEHALT)
    for seat in (1, 2, 3):
        deal = deal.declare(seat, R.HEALTHY)
    before = deal._state
    for answer in (R.HEALTHY, R.VORBEHALT, R.MARRIAGE):
        with pytest.raises(InvalidReservationError):
            deal.declare(0, answer)
    with pytest.raises(NotYourTurnError):
        deal.declare(1, R.DECLINE)
    with pytest.raises(InvalidReservationError, match="only Schmeißen"):
        deal.declare(0, R.QUEENS_SOLO, "nines5")
    assert deal._state is before
    done = deal.declare(0, R.CLUBS_SOLO)
    with pytest.raises(WrongPhaseError):
        done.declare(0, R.DECLINE)


def test_a_view_lists_the_same_answers_as_the_deal_and_survives_the_constructor() -> None:
    rules = Rules(armut=True, schmeissen=frozenset({"nines5"}))
    deal = Deal.from_hands(V22, rules=rules).declare(0, R.HEALTHY).declare(1, R.VORBEHALT)
    deal = deal.declare(2, R.VORBEHALT).declare(3, R.HEALTHY).declare(1, R.DECLINE)
    for seat in range(4):
        view = deal.view(seat)
        assert view.question is deal.question
        assert view.legal_actions == (tuple(deal.legal_actions) if seat == 2 else ())
        assert attrs.evolve(view) == view
        assert loads_view(dumps_view(view)) == view
    with pytest.raises(DoppelkopfError):
        attrs.evolve(deal.view(0), asked=(Declare(0, R.DECLINE),))


@pytest.mark.parametrize(
    ("text", "reservation"),
    [
        ("vorbehalt", R.VORBEHALT),
        ("Vorbehalt", R.VORBEHALT),
        ("decline", R.DECLINE),
        ("weiter", R.DECLINE),
    ],
)
def test_the_text_grammar_reads_the_two_step_answers(text: str, reservation: Reservation) -> None:
    action = parse_action(text, seat=2)
    assert action == Declare(2, reservation)
    assert parse_action(format_action(action), seat=2) == action


@settings(max_examples=60, deadline=None)
@given(
    preset=st.sampled_from(PRESETS),
    seed=st.integers(0, 10_000),
    dealer=st.integers(0, 3),
    choice=st.randoms(use_true_random=False),
)
def test_the_sampler_draws_worlds_of_a_two_step_view(
    preset: Rules, seed: int, dealer: int, choice: random.Random
) -> None:
    """(e) Each world gives the same view: a bare Vorbehalt stays bare where it shows."""
    start = deal_for(preset, seed, dealer, frozenset())
    wishes = wish_strategy(start, choice)
    bare = {s for s, w in wishes.items() if w.reservation is not R.HEALTHY}
    _, states = two_step(start, wishes, bare)
    state = choice.choice(states)
    seat = choice.randrange(4)
    view = state.view(seat)
    world = sample_deal(view, random.Random(seed))
    assert world.view(seat) == view


def test_a_record_replays_a_two_step_round_without_lapsed_names() -> None:
    """(e) The record holds the answers as given: the bare Vorbehalt and the questions."""
    deal = Deal.from_hands(V22, rules=ARMUT_THROW).declare(0, R.VORBEHALT).declare(1, R.VORBEHALT)
    deal = deal.declare(2, R.HEALTHY).declare(3, R.HEALTHY)
    mid = deal
    deal = deal.declare(0, R.SPADES_SOLO)  # seat 1's Schmeißen is never named
    for state in (mid, deal):
        text = dumps_deal(state)
        assert loads_deal(text) == state
        answers = str(dump_deal(state)["reservations"])
        assert "throw" not in answers
        assert "nines5" not in answers
        assert "nines5" not in str(dump_deal(state)["contract"])
    record = dump_deal(deal)
    assert [r["reservation"] for r in record["reservations"]] == [
        "vorbehalt",
        "vorbehalt",
        "healthy",
        "healthy",
        "SOLO_S",
    ]


def test_the_adapters_keep_their_ids_and_offer_the_two_step_round_on_request() -> None:
    """(e) The one-step ids are unchanged; the two-step ids come last (SPEC §3.2)."""
    deal = Deal.from_hands(V22)
    one = encoding.turn_actions(deal)
    two = encoding.turn_actions(deal, two_step=True)
    assert Declare(0, R.VORBEHALT) not in one
    assert Declare(0, R.VORBEHALT) in two
    assert encoding.action_ids(two) == [*encoding.action_ids(one), encoding.TWO_STEP_BASE]
    assert encoding.encode_action(Declare(0, R.HEALTHY)) == 24
    assert encoding.num_actions(Rules.DDV) == 46
    assert encoding.num_actions(Rules.DDV, two_step=True) == 2624
    asked = deal.declare(0, R.HEALTHY).declare(1, R.HEALTHY).declare(2, R.VORBEHALT)
    asked = asked.declare(3, R.HEALTHY)
    ids = encoding.action_ids(encoding.turn_actions(asked))  # a question is always answered
    assert encoding.TWO_STEP_BASE + 1 in ids
    assert encoding.decode_action(2623, 2, Phase.RESERVATIONS) == Declare(2, R.DECLINE)
    view = asked.view(2)
    assert encoding.observation_indices(view)  # a bare Vorbehalt encodes without error


def test_the_pettingzoo_env_takes_two_step() -> None:
    pettingzoo = pytest.importorskip("doppelkopf.adapters.pettingzoo")
    env = pettingzoo.DoppelkopfEnv(two_step=True)
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    assert len(mask) == 2624
    assert mask[encoding.TWO_STEP_BASE] == 1
    default = pettingzoo.DoppelkopfEnv()
    default.reset(seed=1)
    assert len(default.observe(default.agent_selection)["action_mask"]) == 46
    with pytest.raises(DoppelkopfError):
        pettingzoo.DoppelkopfEnv(two_step=1)


def test_the_shipped_schemas_accept_the_two_step_forms() -> None:
    """(e) The record, view, action and event schemas know vorbehalt, decline and asked."""
    jsonschema = pytest.importorskip("jsonschema")
    from doppelkopf.records import record_schema
    from doppelkopf.wire import dump_action, dump_event, dump_view, wire_schema

    deal = Deal.from_hands(V22).declare(0, R.HEALTHY).declare(1, R.HEALTHY)
    deal = deal.declare(2, R.VORBEHALT).declare(3, R.HEALTHY).declare(2, R.DECLINE)
    done = deal.declare(2, R.MARRIAGE)
    jsonschema.Draft202012Validator(record_schema()).validate(dump_deal(done))
    for state in (deal, done):
        for seat in range(4):
            jsonschema.Draft202012Validator(wire_schema("view")).validate(
                dump_view(state.view(seat))
            )
    for answer in (Declare(2, R.VORBEHALT), Declare(2, R.DECLINE)):
        jsonschema.Draft202012Validator(wire_schema("action")).validate(dump_action(answer))
        jsonschema.Draft202012Validator(wire_schema("event")).validate(dump_event(answer))


def test_a_record_is_version_3_exactly_when_it_holds_a_two_step_round() -> None:
    """(e) An older reader refuses a two-step record at its header; a version never lies."""
    deal = Deal.from_hands(V22).declare(0, R.HEALTHY).declare(1, R.HEALTHY)
    two = dump_deal(deal.declare(2, R.VORBEHALT).declare(3, R.HEALTHY).declare(2, R.DECLINE))
    one = dump_deal(deal.declare(2, R.MARRIAGE).declare(3, R.HEALTHY))
    assert (two["version"], one["version"]) == (3, 2)
    with pytest.raises(RecordError, match="is version 3, not 2"):
        load_deal({**two, "version": 2})
    with pytest.raises(RecordError, match="without one it is version 2"):
        load_deal({**one, "version": 3})
