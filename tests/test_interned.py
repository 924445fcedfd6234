"""The shared card plays and announcements stand for the actions built the ordinary way."""

from __future__ import annotations

import pickle

from doppelkopf import DISTINCT_CARDS, Announce, Announcement, Deal, Play, Rules
from doppelkopf.deal._interned import ANNOUNCES, PLAYS, answer_choices
from doppelkopf.deal.reservations import declare_choices


def test_each_shared_play_is_the_play_of_its_seat_and_card() -> None:
    for seat in range(4):
        assert len(PLAYS[seat]) == len(DISTINCT_CARDS)
        for card in DISTINCT_CARDS:
            play = PLAYS[seat][card.index]
            assert play == Play(seat, card)
            assert hash(play) == hash(Play(seat, card))
            assert repr(play) == repr(Play(seat, card))
            assert pickle.loads(pickle.dumps(play)) == play


def test_each_shared_announcement_is_the_announcement_of_its_seat_and_level() -> None:
    for seat in range(4):
        for level in Announcement:
            announce = ANNOUNCES[seat][level]
            assert announce == Announce(seat, level)
            assert announce.level is level
            assert repr(announce) == repr(Announce(seat, level))


def test_shared_answers_are_the_answers_of_the_hand() -> None:
    rules_sets = (
        Rules.DDV,
        Rules(solos=False),
        Rules.TOURNAMENT,
        Rules(nines=False),
        Rules(armut=True, schmeissen={"nines5"}),
    )
    for seed in range(300):
        deal = Deal.shuffled(seed=seed)
        for rules in rules_sets:
            for seat, hand in enumerate(Deal.shuffled(seed=seed, rules=rules).hands):
                for forced in (False, True):
                    expected = declare_choices(seat, hand, rules, forced=forced)
                    assert answer_choices(seat, hand, rules, forced) == expected
        assert deal.legal_actions == declare_choices(0, deal.hands[0], Rules.DDV)
