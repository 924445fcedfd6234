"""Settlement under other rule sets (V§0.5, V§1, V§5), checked against VARIANTS.md V§14."""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from deal_helpers import declare_all, play_cards, playouts, random_action
from doppelkopf import Announcement, Card, Deal, Hand, Party, Rules, strategies
from doppelkopf.errors import InvalidSummaryError, WrongPhaseError
from doppelkopf.rules import GameType
from doppelkopf.scoring import (
    DealSummary,
    PartyResult,
    Settlement,
    ValueKind,
    game_value,
    settle,
    summarize,
    winner,
)
from doppelkopf.tricks import Trick
from test_scoring import reference_value

RE, KONTRA = Party.RE, Party.KONTRA
G = GameType
A, B, C, D = 0, 1, 2, 3
FOX = Card.parse("♦A")
CHARLIE = Card.parse("♣J")


# --- deals played from their tricks --------------------------------------------------


def hands_of(tricks: Sequence[tuple[int, str]]) -> list[Hand]:
    """The hands that play ``tricks``: (leader, cards in play order) for each trick."""
    cards: list[list[Card]] = [[], [], [], []]
    for leader, text in tricks:
        for position, token in enumerate(text.split()):
            cards[(leader + position) % 4].append(Card.parse(token))
    return [Hand(held) for held in cards]


def played(
    tricks: Sequence[tuple[int, str]],
    rules: Rules,
    announcements: Sequence[tuple[int, Announcement]] = (),
) -> Deal:
    """The deal of ``tricks`` under ``rules``: all healthy, then the announcements, then play.

    Every card goes through :meth:`Deal.play`, so the tricks must be legal play.
    """
    deal = declare_all(Deal.from_hands(hands_of(tricks), rules=rules))
    for seat, level in announcements:
        deal = deal.announce(seat, level)
    deal = play_cards(deal, " ".join(text for _, text in tricks))
    assert deal.is_finished
    assert [trick.leader for trick in deal.tricks] == [leader for leader, _ in tricks]
    return deal


V14_TRICKS = [
    (A, "♥A ♥K ♥9 ♥9"),
    (A, "♥A ♥K ♦9 ♦9"),  # C's ♦9, played first, wins
    (C, "♣Q ♦K ♥10 ♥Q"),  # C leads, then D, A, B: A's ♥10 wins
    (A, "♥10 ♥Q ♦A ♦10"),
    (A, "♣Q ♦Q ♦A ♦J"),
    (A, "♠Q ♣J ♥J ♠J"),
    (A, "♠Q ♦Q ♦J ♥J"),
    (A, "♣A ♣10 ♣10 ♣K"),
    (A, "♣A ♣9 ♣K ♣9"),
    (A, "♠A ♠10 ♠K ♠10"),
    (A, "♠A ♠9 ♠9 ♠K"),
    (A, "♣J ♠J ♦K ♦10"),  # V14: A's ♣J wins trick 12
]

V15_TRICKS = [
    *V14_TRICKS[:4],
    (A, "♣Q ♦Q ♦A ♦J"),
    (A, "♠Q ♣J ♥J ♠J"),
    (A, "♠Q ♠J ♦J ♥J"),
    *V14_TRICKS[7:11],
    (A, "♣J ♦Q ♦K ♦10"),  # V15: B's ♦Q catches A's ♣J
]

V16_TRICKS = [
    (A, "♥A ♥K ♥9 ♥9"),
    (A, "♥A ♥K ♦9 ♦10"),  # D's ♦10 wins
    (D, "♦J ♥10 ♥Q ♣Q"),  # D leads, then A, B, C: A's ♥10 wins
    (A, "♥10 ♥Q ♦A ♦10"),
    (A, "♣Q ♦Q ♥J ♦Q"),
    (A, "♠Q ♣J ♦J ♠J"),
    (A, "♠Q ♣J ♠J ♥J"),
    *V14_TRICKS[7:11],
    (A, "♦A ♦K ♦9 ♦K"),  # V16: A's own ♦A wins trick 12
]


def lines_of(settlement: Settlement) -> list[tuple[str, Party, int, str]]:
    return [(line.reason, line.party, line.points, line.rule) for line in settlement.lines]


def test_v14_no_karlchen_point_without_karlchen() -> None:
    with_karlchen = settle(played(V14_TRICKS, Rules.DDV))
    without = settle(played(V14_TRICKS, Rules(karlchen=False)))
    assert ("Karlchen", RE, 1, "§11.5") in lines_of(with_karlchen)
    assert not [line for line in without.lines if line.kind is ValueKind.KARLCHEN]
    assert without.summary.re.karlchen is False
    assert without.value == with_karlchen.value - 1
    assert without.rules == Rules(karlchen=False)
    # Re took every trick (C won the second) and nothing else counts.
    assert lines_of(without) == [
        ("won", RE, 1, "§10.1"),
        ("Kontra under 90", RE, 1, "§10.1"),
        ("Kontra under 60", RE, 1, "§10.1"),
        ("Kontra under 30", RE, 1, "§10.1"),
        ("Kontra took no trick", RE, 1, "§10.1"),
    ]
    assert without.scores == (5, -5, 5, -5)


def test_v14_a_karlchen_cannot_be_written_down_without_karlchen() -> None:
    with pytest.raises(
        InvalidSummaryError,
        match=r"^re\.karlchen is set, but the rules have no Karlchen \(karlchen=False\) "
        r"\(V§5\.2\)$",
    ):
        DealSummary(
            G.NORMAL,
            {A, C},
            PartyResult(225, 11, karlchen=True),
            PartyResult(15, 1),
            rules=Rules(karlchen=False),
        )


def test_v15_karlchen_caught() -> None:
    rules = Rules(karlchen_caught=True)
    deal = played(V15_TRICKS, rules)
    settlement = settle(deal)
    assert deal.tricks[-1].leader == A
    assert settlement.summary.kontra.karlchen_caught == 1
    assert settlement.summary.re.karlchen_caught == 0
    caught = [line for line in settlement.lines if line.kind is ValueKind.KARLCHEN_CAUGHT]
    assert [(line.reason, line.party, line.points, line.rule) for line in caught] == [
        ("Karlchen caught", KONTRA, 1, "V§5.3")
    ]
    assert ValueKind.KARLCHEN_CAUGHT.is_special
    # The same play under the default rules earns nothing for the caught ♣J.
    plain = settle(played(V15_TRICKS, Rules.DDV))
    assert plain.value == settlement.value + 1
    assert not [line for line in plain.lines if line.kind.is_special]


def test_v16_fox_at_end() -> None:
    rules = Rules(fox_at_end=True)
    settlement = settle(played(V16_TRICKS, rules))
    assert settlement.summary.re.fox_at_end is True
    assert settlement.summary.re.foxes_caught == 0
    assert [line for line in settlement.lines if line.kind.is_special] == [
        line for line in settlement.lines if line.kind is ValueKind.FOX_AT_END
    ]
    assert [
        (line.reason, line.party, line.rule)
        for line in settlement.lines
        if line.kind is ValueKind.FOX_AT_END
    ] == [("fox at the end", RE, "V§5.4")]
    plain = settle(played(V16_TRICKS, Rules.DDV))
    assert settlement.value == plain.value + 1


# V17: without nines A holds the top trumps and leads all ten tricks.
V17_TRICKS = [
    (A, "♣J ♠J ♦K ♦J"),
    (A, "♥10 ♠J ♣Q ♦J"),
    (A, "♥10 ♣J ♦K ♥J"),
    (A, "♣Q ♥J ♦10 ♠A"),
    (A, "♠Q ♣A ♦10 ♠A"),
    (A, "♠Q ♣A ♦A ♠10"),
    (A, "♥Q ♣10 ♦A ♠10"),
    (A, "♥Q ♣10 ♥A ♠K"),
    (A, "♦Q ♣K ♥A ♠K"),
    (A, "♦Q ♣K ♥K ♥K"),
]


def test_v17_schwarz_without_nines() -> None:
    rules = Rules(nines=False)
    deal = played(V17_TRICKS, rules, [(A, Announcement.SCHWARZ)])
    assert len(deal.tricks) == 10
    settlement = settle(deal)
    summary = settlement.summary
    assert summary.rules is rules
    assert (summary.re.card_points, summary.re.tricks) == (240, 10)
    assert (summary.kontra.card_points, summary.kontra.tricks) == (0, 0)
    assert summary.re.announcement is Announcement.SCHWARZ
    assert settlement.winner is RE
    assert lines_of(settlement) == [
        ("won", RE, 1, "§10.1"),
        ("Kontra under 90", RE, 1, "§10.1"),
        ("Kontra under 60", RE, 1, "§10.1"),
        ("Kontra under 30", RE, 1, "§10.1"),
        ("Kontra took no trick", RE, 1, "§10.1"),
        ("Re announced", RE, 2, "§10.1"),
        ("Re: keine 90", RE, 1, "§10.1"),
        ("Re: keine 60", RE, 1, "§10.1"),
        ("Re: keine 30", RE, 1, "§10.1"),
        ("Re: schwarz", RE, 1, "§10.1"),
    ]
    assert settlement.value == 11
    assert settlement.scores == (11, -11, 11, -11)
    assert str(settlement).splitlines()[1] == "Rules: nines=false"


def test_v17_schwarz_fails_with_one_of_ten_tricks() -> None:
    rules = Rules(nines=False)
    summary = DealSummary(
        G.NORMAL,
        {A, C},
        PartyResult(232, 9, announcement=Announcement.SCHWARZ),
        PartyResult(8, 1),
        rules=rules,
    )
    assert winner(summary) is KONTRA
    assert settle(summary).value == -(1 + 2 + 4 + 1)  # won, Re announced, four levels, Alten
    with pytest.raises(InvalidSummaryError, match=r"a deal has 10 tricks \(§3\.5, V§1\.3\)"):
        DealSummary(G.NORMAL, {A, C}, PartyResult(232, 10), PartyResult(8, 1), rules=rules)


def test_without_nines_no_card_is_worth_nothing() -> None:
    # With nines one trick may hold 9 9 J J, 4 card points; without, four jacks make 8.
    DealSummary(G.NORMAL, {A, C}, PartyResult(236, 11), PartyResult(4, 1))
    rules = Rules(nines=False)
    with pytest.raises(
        InvalidSummaryError,
        match=r"^re\.card_points, re\.tricks: no share of the 40 cards gives Re 9 tricks worth "
        r"236 card points and Kontra 1 trick worth 4 .*\(§1\.1, §1\.2, §11\.3, V§1\.1\)$",
    ):
        DealSummary(G.NORMAL, {A, C}, PartyResult(236, 9), PartyResult(4, 1), rules=rules)
    DealSummary(G.NORMAL, {A, C}, PartyResult(232, 9), PartyResult(8, 1), rules=rules)
    # Ten tricks of a 40-card deck, so 12 tricks cannot be written down.
    with pytest.raises(InvalidSummaryError, match=r"re\.tricks must be 0-10, not 12"):
        DealSummary(G.NORMAL, {A, C}, PartyResult(240, 12), PartyResult(0, 0), rules=rules)


def v30_deal() -> tuple[Deal, Deal]:
    """The first seeded deal, played by first legal cards, of a normal game that Kontra wins
    with Re at 90 or more card points and one fox caught by Re (V30, with specials=False).

    The same cards are played under the default rules too, to show the fox.
    """
    for seed in range(500):
        deals = []
        for rules in (Rules(specials=False), Rules.DDV):
            deal = declare_all(Deal.shuffled(seed=seed, rules=rules))
            while not deal.is_finished:
                turn = deal.turn
                assert turn is not None
                deal = deal.play(turn, deal.legal_cards()[0])
            deals.append(deal)
        without, with_specials = deals
        outcome = with_specials.outcome
        foxes = [e for e in outcome.special_events if e.kind.name == "FOX_CAUGHT"]
        if (
            outcome.game_type is G.NORMAL
            and 90 <= outcome.card_points(RE) <= 120
            and [event.party for event in foxes] == [RE]
        ):
            return without, with_specials
    raise AssertionError("no such deal among the first 500 seeds")


def test_v30_like_no_special_points_but_gegen_die_alten() -> None:
    without, with_specials = v30_deal()
    settlement = settle(without)
    assert settlement.rules == Rules(specials=False)
    assert without.outcome.special_events == ()
    assert settlement.winner is KONTRA
    assert lines_of(settlement) == [
        ("won", KONTRA, 1, "§10.1"),
        ("gegen die Alten", KONTRA, 1, "§11.2"),
    ]
    assert settlement.value == -2
    assert sorted(settlement.scores) == [-2, -2, 2, 2]
    # Under the default rules the caught fox counts for Re.
    assert "fox caught" in [line.reason for line in settle(with_specials).lines]


def test_v30_a_caught_fox_cannot_be_written_down_without_specials() -> None:
    with pytest.raises(
        InvalidSummaryError,
        match=r"^re\.foxes_caught is set, but the rules count no special points "
        r"\(specials=False\) \(V§5\.1\)$",
    ):
        DealSummary(
            G.NORMAL,
            {A, C},
            PartyResult(120, 6, foxes_caught=1),
            PartyResult(120, 6),
            rules=Rules(specials=False),
        )
    s = settle(
        DealSummary(
            G.NORMAL, {A, C}, PartyResult(120, 6), PartyResult(120, 6), rules=Rules(specials=False)
        )
    )
    assert (s.winner, s.value) == (KONTRA, -2)


# --- the checks of a summary under the rules -------------------------------------------


def summary(
    re: PartyResult,
    kontra: PartyResult,
    rules: Rules,
    game: GameType = G.NORMAL,
    re_seats: frozenset[int] = frozenset({A, C}),
) -> DealSummary:
    return DealSummary(game, re_seats, re, kontra, rules=rules)


CAUGHT = Rules(karlchen_caught=True)
AT_END = Rules(fox_at_end=True)
BOTH = Rules(karlchen_caught=True, fox_at_end=True)


@pytest.mark.parametrize(
    ("re", "kontra", "rules", "message"),
    [
        (
            PartyResult(130, 6, karlchen_caught=1),
            PartyResult(110, 6),
            Rules.DDV,
            "re.karlchen_caught is set, but the rules have no caught Karlchen "
            "(karlchen_caught=False) (V§5.3)",
        ),
        (
            PartyResult(130, 6, fox_at_end=True),
            PartyResult(110, 6),
            Rules.DDV,
            "re.fox_at_end is set, but the rules have no fox at the end (fox_at_end=False) (V§5.4)",
        ),
        (
            PartyResult(130, 6),
            PartyResult(110, 6, doppelkopf=1),
            Rules(specials=False),
            "kontra.doppelkopf is set, but the rules count no special points (specials=False) "
            "(V§5.1)",
        ),
        (
            PartyResult(130, 6, karlchen_caught=3),
            PartyResult(110, 6),
            CAUGHT,
            "re.karlchen_caught must be 0-2, as the deck holds two ♣J, not 3 (V§5.3)",
        ),
        (
            PartyResult(130, 6, karlchen_caught=-1),
            PartyResult(110, 6),
            CAUGHT,
            "re.karlchen_caught must be 0-2, as the deck holds two ♣J, not -1 (V§5.3)",
        ),
        (
            PartyResult(130, 6, karlchen=True, karlchen_caught=2),
            PartyResult(110, 6),
            CAUGHT,
            "re.karlchen and re.karlchen_caught=2 need 3 ♣J, but the deck holds 2 (§11.5, V§5.3)",
        ),
        (
            PartyResult(130, 6, karlchen_caught=1),
            PartyResult(110, 6, karlchen=True),
            CAUGHT,
            "re.karlchen_caught and kontra.karlchen are both set, but only one party wins "
            "trick 12 (§11.5, V§5.3)",
        ),
        (
            PartyResult(130, 6, fox_at_end=True),
            PartyResult(110, 6, karlchen_caught=1),
            BOTH,
            "re.fox_at_end and kontra.karlchen_caught are both set, but only one party wins "
            "trick 12 (V§5.3, V§5.4)",
        ),
        (
            PartyResult(130, 6, karlchen=True, fox_at_end=True),
            PartyResult(110, 6),
            AT_END,
            "re.karlchen and re.fox_at_end are both set, but the winning card of trick 12 is "
            "either a ♣J or a ♦A (§11.5, V§5.4)",
        ),
        (
            PartyResult(130, 6, karlchen_caught=1, fox_at_end=True),
            PartyResult(110, 6),
            BOTH,
            "re.fox_at_end and re.karlchen_caught are both set, but a ♦A wins a trick holding "
            "a ♣J only as a Schwein (V§5.4, V§2.3)",
        ),
        (
            PartyResult(240, 12),
            PartyResult(0, 0, fox_at_end=True),
            AT_END,
            "kontra.fox_at_end is set, but Kontra won no trick (V§5.4)",
        ),
        (
            PartyResult(88, 2, doppelkopf=2, karlchen_caught=1),
            PartyResult(152, 10),
            CAUGHT,
            "re.karlchen_caught=1, but a Karlchen is caught with the last trick, which holds a "
            "♣J and so is no Doppelkopf, and Re won no trick besides its Doppelkopf tricks "
            "(V§5.3)",
        ),
        (
            PartyResult(130, 6, foxes_caught=2, fox_at_end=True),
            PartyResult(110, 6),
            AT_END,
            "re.foxes_caught + kontra.foxes_caught + the fox at the end = 3, but the deck "
            "holds two ♦A (§11.4, V§5.4)",
        ),
        (
            PartyResult(240, 10),
            PartyResult(0, 0, karlchen=True),
            Rules(nines=False),
            "kontra.karlchen is set, but Karlchen is won with the last trick, which holds a ♣J "
            "and so is no Doppelkopf, and Kontra won no trick besides its Doppelkopf tricks "
            "(§11.5)",
        ),
        (
            PartyResult(130, 5, karlchen=True),
            PartyResult(110, 5, karlchen=True),
            Rules(nines=False),
            "re.karlchen and kontra.karlchen are both set, but only one party wins trick 10 "
            "(§11.5, V§1.3)",
        ),
    ],
)
def test_reject_special_points_the_rules_or_the_deck_forbid(
    re: PartyResult, kontra: PartyResult, rules: Rules, message: str
) -> None:
    with pytest.raises(InvalidSummaryError) as caught:
        summary(re, kontra, rules)
    assert str(caught.value) == message


def test_new_special_points_in_a_solo_are_rejected_like_the_others() -> None:
    with pytest.raises(InvalidSummaryError, match=r"^re\.karlchen_caught is set, but a "):
        summary(
            PartyResult(130, 6, karlchen_caught=1),
            PartyResult(110, 6),
            BOTH,
            G.CLUBS_SOLO,
            frozenset({A}),
        )


def test_the_new_special_points_need_their_cards() -> None:
    # A caught ♣J lies in the catcher's trick: one trick of 2 card points cannot hold
    # the two ♣J of a doubly caught Karlchen.
    with pytest.raises(InvalidSummaryError, match="no share of the 48 cards"):
        summary(PartyResult(2, 1, karlchen_caught=2), PartyResult(238, 11), CAUGHT)
    summary(PartyResult(4, 1, karlchen_caught=2), PartyResult(236, 11), CAUGHT)
    # The fox at the end is a ♦A in the winner's tricks: 11 card points at least.
    with pytest.raises(InvalidSummaryError, match="no share of the 48 cards"):
        summary(PartyResult(10, 1, fox_at_end=True), PartyResult(230, 11), AT_END)
    summary(PartyResult(11, 1, fox_at_end=True), PartyResult(229, 11), AT_END)
    # With the Schweine a ♦A may beat a ♣J, so both points may come together.
    summary(
        PartyResult(130, 6, karlchen_caught=1, fox_at_end=True),
        PartyResult(110, 6),
        Rules(karlchen_caught=True, fox_at_end=True, schweinchen=True),
    )


def test_party_result_new_fields() -> None:
    result = PartyResult(100, 5, doppelkopf=1, karlchen_caught=2, fox_at_end=True)
    assert result.special_points == 4
    with pytest.raises(TypeError, match="karlchen_caught"):
        PartyResult(100, 5, karlchen_caught=True)
    with pytest.raises(TypeError, match="fox_at_end"):
        PartyResult(100, 5, fox_at_end=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="Rules"):
        DealSummary(G.NORMAL, {A, C}, PartyResult(120, 6), PartyResult(120, 6), rules="ddv")  # type: ignore[arg-type]


def test_new_lines_follow_the_other_special_points() -> None:
    s = settle(
        summary(
            PartyResult(150, 8, foxes_caught=1, fox_at_end=True),
            PartyResult(90, 4, doppelkopf=1),
            AT_END,
        )
    )
    assert [line.reason for line in s.lines] == [
        "won",
        "fox caught",
        "fox at the end",
        "Doppelkopf",
    ]
    assert s.value == 1 + 2 - 1
    lines = game_value(
        summary(PartyResult(100, 6), PartyResult(140, 6, karlchen=True, karlchen_caught=1), CAUGHT)
    )
    assert [(line.reason, line.party, line.kind) for line in lines] == [
        ("won", KONTRA, ValueKind.WON),
        ("gegen die Alten", KONTRA, ValueKind.GEGEN_DIE_ALTEN),
        ("Karlchen", KONTRA, ValueKind.KARLCHEN),
        ("Karlchen caught", KONTRA, ValueKind.KARLCHEN_CAUGHT),
    ]


def test_from_tricks_under_rules() -> None:
    rules = Rules(nines=False)
    deal = played(V17_TRICKS, rules, [(A, Announcement.SCHWARZ)])
    tricks = deal.tricks
    built = DealSummary.from_tricks(
        G.NORMAL, {A, C}, tricks, re_announcement=Announcement.SCHWARZ, rules=rules
    )
    assert built == summarize(deal)
    with pytest.raises(InvalidSummaryError, match=r"^a finished deal is 12 complete tricks"):
        DealSummary.from_tricks(G.NORMAL, {A, C}, tricks)
    with pytest.raises(
        InvalidSummaryError,
        match=r"^a finished deal is 10 complete tricks \(§3\.5, §5\.1, V§1\.3\)$",
    ):
        DealSummary.from_tricks(G.NORMAL, {A, C}, tricks[:9], rules=rules)
    swapped = [*tricks[:9], Trick.parse("♦Q ♣K ♥K ♦9", leader=A)]
    with pytest.raises(
        InvalidSummaryError,
        match=r"^the 10 tricks must hold the 40 cards of the deck, two of each card "
        r"\(§1\.1, V§1\.1\)$",
    ):
        DealSummary.from_tricks(G.NORMAL, {A, C}, swapped, rules=rules)
    with pytest.raises(TypeError, match="Rules"):
        DealSummary.from_tricks(G.NORMAL, {A, C}, tricks, rules=None)  # type: ignore[arg-type]
    # The caught Karlchen and the fox at the end are read from the tricks too.
    v15 = played(V15_TRICKS, CAUGHT)
    assert DealSummary.from_tricks(G.NORMAL, {A, C}, v15.tricks, rules=CAUGHT) == summarize(v15)
    v16 = played(V16_TRICKS, AT_END)
    assert DealSummary.from_tricks(G.NORMAL, {A, C}, v16.tricks, rules=AT_END).re.fox_at_end


def test_from_tricks_finds_the_schweine() -> None:
    # C holds both ♦A: with Schweinchen C's first ♦A beats A's ♥10 in trick 4, and the
    # record that has A leading trick 5 is no longer one of legal play.
    rules = Rules(schweinchen=True)
    deal = played(V14_TRICKS, Rules.DDV)
    with pytest.raises(InvalidSummaryError, match=r"^trick 5 is led by seat 0, but seat 2 won"):
        DealSummary.from_tricks(G.NORMAL, {A, C}, deal.tricks, rules=rules)
    # In a solo there are no Schweine and the same record stands.
    DealSummary.from_tricks(G.DIAMONDS_SOLO, {A}, deal.tricks, rules=rules)


def test_summarize_checks_an_outcome_given_alone() -> None:
    deal = played(V16_TRICKS, AT_END)
    outcome = deal.outcome
    assert summarize(outcome) == summarize(deal)
    forged = attrs.evolve(outcome, rules=Rules.DDV)
    with pytest.raises(InvalidSummaryError, match=r"re\.fox_at_end is set, but the rules have no"):
        summarize(forged)


# --- properties under random rule sets -------------------------------------------------


def rule_sets() -> st.SearchStrategy[Rules]:
    """Every valid combination of options (V§0.4), shrinking towards the default rules."""
    return strategies.rules()


@playouts(60)
@given(rules=rule_sets(), rng=st.randoms(use_true_random=False), dealer=st.integers(0, 3))
def test_finished_deals_settle_under_any_rules(
    rules: Rules, rng: random.Random, dealer: int
) -> None:
    deal = Deal.shuffled(rng=rng, dealer=dealer, rules=rules)
    while not deal.is_finished:
        deal = deal.apply(random_action(deal, rng))
    if deal.void is not None:
        # Thrown in or an Armut nobody took: nothing to settle (V§8).
        with pytest.raises(WrongPhaseError, match="V§8"):
            summarize(deal)
        return
    trusted = summarize(deal)
    outcome = deal.outcome
    # The summary of a finished deal passes every check of a user-built one.
    checked = DealSummary(
        trusted.game_type, trusted.re_seats, trusted.re, trusted.kontra, rules=rules
    )
    assert checked == trusted
    assert summarize(outcome) == trusted
    said, answered = outcome.re_announcements, outcome.kontra_announcements
    from_tricks = DealSummary.from_tricks(
        outcome.game_type,
        outcome.re_seats,
        outcome.tricks,
        re_announcement=said.level,
        kontra_announcement=answered.level,
        re_late_reply=said.late_reply,
        kontra_late_reply=answered.late_reply,
        rules=rules,
    )
    assert from_tricks == trusted
    settlement = settle(deal)
    assert settlement.rules is rules
    assert settlement == settle(checked) == Settlement(checked)
    assert sum(settlement.scores) == 0
    assert settlement.value == reference_value(checked)
    assert trusted.re.tricks + trusted.kontra.tricks == rules.tricks
    if not rules.counts_specials(trusted.game_type):
        assert trusted.re.special_points == trusted.kontra.special_points == 0


GAMES = st.sampled_from(GameType) | st.sampled_from([G.NORMAL, G.MARRIAGE])


@st.composite
def rule_summaries(draw: st.DrawFn) -> DealSummary:
    """Valid summaries under random rules: the deck of the rules shared out into its tricks.

    As ``deal_summaries`` of test_scoring, with the last trick's caught Karlchen (a ♣J of
    the losers) and fox at the end (the winners' own ♦A; then no ♣J in the trick, unless
    it is a Schwein).
    """
    rules = draw(rule_sets())
    game = draw(GAMES)
    count = rules.tricks
    deck = list(draw(st.permutations(rules.deck)))
    stacked = 4 * draw(st.integers(0, 4))
    if stacked:
        high = [card for card in deck if card.points >= 10]
        rest = [*high[stacked:], *(card for card in deck if card.points < 10)]
        deck = [*high[:stacked], *draw(st.permutations(rest))]
    tricks = [deck[4 * i : 4 * i + 4] for i in range(count)]
    fewest = {G.MARRIAGE: 1, G.MARRIAGE_SOLO: 3}.get(game, 0)
    re_count = draw(st.integers(fewest, count))
    owners = [RE] * fewest + draw(
        st.permutations([RE] * (re_count - fewest) + [KONTRA] * (count - re_count))
    )
    specials = {party: [0, 0, False, 0, False] for party in Party}
    if rules.counts_specials(game):
        for number, (cards, party) in enumerate(zip(tricks, owners, strict=True), start=1):
            mine = specials[party]
            if sum(card.points for card in cards) >= 40:
                mine[0] += 1
            foxes = cards.count(FOX)
            jacks = cards.count(CHARLIE)
            if number == count and rules.fox_at_end and foxes and draw(st.booleans()):
                mine[4] = True
                foxes -= 1
            mine[1] += draw(st.integers(0, foxes))
            if number == count:
                if rules.karlchen and jacks and not mine[4] and draw(st.booleans()):
                    mine[2] = True
                    jacks -= 1
                if rules.karlchen_caught and (not mine[4] or rules.schweinchen):
                    mine[3] = draw(st.integers(0, jacks))
    announcements = st.none() | st.sampled_from(Announcement)
    said = {RE: draw(announcements), KONTRA: draw(announcements)}
    late = {RE: False, KONTRA: False}
    if said[RE] is Announcement.RE_KONTRA and said[KONTRA] is not None:
        late[RE] = draw(st.booleans())
    if not late[RE] and said[KONTRA] is Announcement.RE_KONTRA and said[RE] is not None:
        late[KONTRA] = draw(st.booleans())
    if game.is_solo:
        re_seats = frozenset({draw(st.integers(0, 3))})
    else:
        re_seats = frozenset(draw(st.sets(st.integers(0, 3), min_size=2, max_size=2)))

    def result(party: Party) -> PartyResult:
        mine = [cards for cards, owner in zip(tricks, owners, strict=True) if owner is party]
        doppelkopf, foxes, karlchen, caught, at_end = specials[party]
        return PartyResult(
            sum(card.points for cards in mine for card in cards),
            len(mine),
            announcement=said[party],
            late_reply=late[party],
            doppelkopf=int(doppelkopf),
            foxes_caught=int(foxes),
            karlchen=bool(karlchen),
            karlchen_caught=int(caught),
            fox_at_end=bool(at_end),
        )

    return DealSummary(game, re_seats, result(RE), result(KONTRA), rules=rules)


@given(rule_summaries())
def test_summaries_under_any_rules_settle_to_the_reference(s: DealSummary) -> None:
    settlement = settle(s)
    assert settlement.value == reference_value(s)
    assert sum(settlement.scores) == 0
    assert settlement.rules is s.rules
    net = sum(line.re_value for line in settlement.lines)
    assert net == settlement.value
    if not s.rules.counts_specials(s.game_type):
        assert all(
            line.kind is ValueKind.GEGEN_DIE_ALTEN
            for line in settlement.lines
            if line.kind.is_special
        )
