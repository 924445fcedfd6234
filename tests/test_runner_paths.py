"""The short cuts of the runner and the deal give what the long way gives.

``play_deal`` runs its own loop rather than going through ``iter_deal``; the
runner asks ``announcing_seats`` which seats to offer an announcement; a deal
is finished exactly when nobody is on turn; a random player off turn returns
``None`` without listing its actions.  Each is pinned here to the plain
computation, and a digest pins whole deals to the ones earlier versions of
the library played from the same seeds.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

from doppelkopf import (
    Announce,
    Announcement,
    Deal,
    GameType,
    HeuristicPlayer,
    Party,
    Player,
    RandomPlayer,
    Reservation,
    Rules,
)
from doppelkopf.deal.machine import announcing_seats, legal_announcements, seat_actions
from doppelkopf.players import iter_deal, play_deal

RULE_SETS = (
    Rules.DDV,
    Rules(armut=True, schmeissen={"nines5"}),
    Rules.TOURNAMENT,
    Rules(nines=False),
)


def line_up(number: int) -> list[Player]:
    """Random players who often say Vorbehalt and pick among all their legal actions alike,
    announcements included (the draws these deals were pinned with), and in odd deals one
    heuristic player."""
    players: list[Player] = [
        RandomPlayer(seed=4 * number + s, reservation_rate=0.2, announce=None) for s in range(4)
    ]
    if number % 2:
        players[number % 4] = HeuristicPlayer(seed=number)
    return players


def start(number: int) -> Deal:
    return Deal.shuffled(seed=number, dealer=number % 4, rules=RULE_SETS[number % 4])


def test_play_deal_ends_where_iter_deal_ends() -> None:
    for number in range(24):
        steps = list(iter_deal(start(number), line_up(number)))
        finished = play_deal(start(number), line_up(number))
        assert finished == steps[-1].deal
        assert finished.history == steps[-1].deal.history


def test_the_seats_offered_an_announcement_are_those_with_a_legal_one() -> None:
    offered = 0
    for number in range(24):
        for step in iter_deal(start(number), line_up(number)):
            deal = step.deal
            mask = announcing_seats(deal)
            for seat in range(4):
                assert bool(mask >> seat & 1) == bool(legal_announcements(deal, seat))
            offered += bool(mask)
            assert deal.is_finished is (deal.turn is None)
            assert deal.is_finished is (len(deal.tricks) == deal.rules.tricks or deal.is_void)
    assert offered > 100


def test_a_random_player_off_turn_passes() -> None:
    deal = Deal.shuffled(seed=4)
    player = RandomPlayer(seed=1)
    state = player.rng.getstate()
    for seat in (1, 2, 3):
        assert player.act(deal.view(seat)) is None
    assert player.rng.getstate() == state


def test_deals_are_played_as_before() -> None:
    """The histories of 40 deals of mixed players under four rule sets, as a digest.

    The digest was taken with the runner, players and views as they were before
    their short cuts; a change of any card, answer or announcement changes it.
    """
    digest = hashlib.sha256()
    for number in range(40):
        digest.update(repr(play_deal(start(number), line_up(number)).history).encode())
    assert digest.hexdigest() == "2fe5665edc9e4b0440384a25981b2171afc36ee74a02ef71c9f272332bd18492"


def test_a_random_player_draws_its_action_as_random_choice_does() -> None:
    """A plain Random takes the written-out draw; a subclass goes through its choice."""

    class Counted(random.Random):
        choices_made = 0

        def choice(self, seq: Any) -> Any:
            Counted.choices_made += 1
            return super().choice(seq)

    for number in range(6):
        plain = [RandomPlayer(rng=random.Random(4 * number + s)) for s in range(4)]
        counted: list[Player] = [RandomPlayer(rng=Counted(4 * number + s)) for s in range(4)]
        one = play_deal(Deal.shuffled(seed=number), list(plain))
        other = play_deal(Deal.shuffled(seed=number), counted)
        assert one.history == other.history
    assert Counted.choices_made >= 6 * 48


def test_a_late_reply_to_schwarz_is_offered_up_to_its_deadline_and_not_after() -> None:
    """The cut-off after six tricks (``_OPEN_TRICKS``) at its edge: a reply to schwarz.

    Re says schwarz at once (skipping the levels, V§4); Kontra may still reply
    while it holds six cards (SPEC §8.6c), that is in trick 7 until it plays to
    it.  At every position the short cuts give what ``legal_announcements`` gives.
    """
    deal = Deal.shuffled(seed=3, rules=Rules(skip_levels=True))
    for seat in range(4):
        deal = deal.declare(seat, Reservation.HEALTHY)
    assert deal.game_type is GameType.NORMAL
    re_seat = deal.parties.index(Party.RE)
    deal = deal.announce(re_seat, Announcement.SCHWARZ)
    replied = []
    while not deal.is_finished:
        seats = {s for s in range(4) if legal_announcements(deal, s)}
        mask = announcing_seats(deal)
        assert seats == {s for s in range(4) if mask >> s & 1}
        listed = {a.seat for a in deal.legal_actions if isinstance(a, Announce)}
        assert listed == seats
        for seat in range(4):
            assert deal.view(seat).legal_actions == seat_actions(deal, seat)
        if seats:
            replied.append(len(deal.tricks))
        turn = deal.turn
        assert turn is not None
        deal = deal.play(turn, deal.legal_cards()[0])
    assert max(replied) == 6  # still open with six tricks played, closed after the seventh
