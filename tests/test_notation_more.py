"""Refusals and corners of the notations and records that the round trips do not reach."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from deal_helpers import armut_deal
from doppelkopf import (
    Announced,
    Announcement,
    Concealed,
    Deal,
    InvalidTypeError,
    NotationError,
    Party,
    Reservation,
    Rules,
    Session,
)
from doppelkopf.deal._notation import write_hand
from doppelkopf.notation import parse_view, read_game, read_session, write_game, write_session
from doppelkopf.records import RecordError, dump_session
from doppelkopf.session import SessionStart


def _healthy_view() -> tuple[Deal, str]:
    deal = Deal.shuffled(seed=3).declare(0, Reservation.HEALTHY).declare(1, Reservation.HEALTHY)
    return deal, deal.view(2).position


def _finished(seed: int, dealer: int, rules: Rules = Rules.DDV) -> Deal:
    deal = Deal.shuffled(seed=seed, dealer=dealer, rules=rules)
    while not deal.is_finished:
        deal = deal.apply(deal.legal_actions[0])
    return deal


def test_an_empty_view_event_is_refused_naming_it() -> None:
    _, text = _healthy_view()
    with pytest.raises(NotationError, match="an event is empty") as caught:
        parse_view(text + ";;healthy")
    assert caught.value.field == "history, event 3"


def test_nothing_follows_the_hand_a_schmeissen_showed() -> None:
    deal, text = _healthy_view()
    with pytest.raises(NotationError, match=r"comes last \(V§7\.2\)") as caught:
        parse_view(f"{text};0={write_hand(deal.dealt[0])};healthy")
    assert caught.value.field == "history, event 4"


def test_a_seat_hand_of_the_wrong_size_is_no_deal() -> None:
    with pytest.raises(NotationError, match="hand 0 holds 1 cards, not 12") as caught:
        parse_view("ddv d3 s0:CQ")
    assert caught.value.field == "seat"
    assert "(SPEC §2.4)" in str(caught.value)


def test_a_view_action_after_the_round_is_refused_with_the_rule() -> None:
    _, text = _healthy_view()
    with pytest.raises(NotationError, match="the reservation round is over") as caught:
        parse_view(text + ";healthy;healthy;healthy")
    assert caught.value.field == "history, event 5"
    assert caught.value.rule == "§3.2"


def test_a_view_after_the_last_card_has_nobody_to_move() -> None:
    deal = _finished(3, 3)
    with pytest.raises(NotationError, match="nobody is to move") as caught:
        parse_view(deal.view(1).position + ";CQ")
    assert caught.value.rule == "§10"


def test_a_forced_deal_writes_its_forced_tag_and_reads_back() -> None:
    deal = Deal.shuffled(
        seed=5, dealer=1, rules=Rules(compulsory_solo=True), owing=(2,), forced=True
    )
    text = write_game(deal)
    assert "[Forced true]" in text.splitlines()
    assert read_game(text).deal == deal


def test_an_empty_meta_writes_a_bare_meta_tag() -> None:
    text = write_game(Deal.shuffled(seed=3))
    assert "[Meta]" not in text
    assert "[Meta]" in write_game(Deal.shuffled(seed=3), meta={}).splitlines()


def test_a_meta_that_is_no_mapping_is_refused() -> None:
    with pytest.raises(InvalidTypeError, match="meta must be a mapping"):
        write_game(Deal.shuffled(seed=3), meta=[1])  # type: ignore[arg-type]


def test_a_thrown_deal_is_written_as_a_void_result() -> None:
    rules = Rules(schmeissen=frozenset({"full7"}))
    deal = Deal.shuffled(seed=19, rules=rules).declare(0, Reservation.THROW, "full7")
    while deal.game_type is None and not deal.is_void:
        deal = deal.declare(deal.turn, Reservation.HEALTHY)  # type: ignore[arg-type]
    assert deal.is_void
    text = write_game(deal)
    assert "result void" in text.splitlines()
    assert read_game(text).deal == deal


class _Sheet:
    """A session-like object: a first dealer and its deals, nothing else."""

    def __init__(self, first_dealer: int, deals: Sequence[Deal]) -> None:
        self.first_dealer = first_dealer
        self.deals = deals


def test_a_session_like_object_is_written_like_its_deals() -> None:
    deals = (_finished(0, 2), _finished(1, 3))
    assert dump_session(_Sheet(2, deals)) == dump_session(2, list(deals))


def test_a_session_like_object_and_deals_are_refused_together() -> None:
    deals = (_finished(0, 2),)
    with pytest.raises(InvalidTypeError, match="None when a session is given"):
        dump_session(_Sheet(2, deals), list(deals))


def test_a_session_like_object_with_results_beyond_its_deals_is_refused() -> None:
    sheet = _Sheet(2, (_finished(0, 2),))
    sheet.settlements = (1, 2)  # type: ignore[attr-defined]
    with pytest.raises(RecordError, match="2 results were written down without cards"):
        dump_session(sheet)


def test_a_session_of_other_rules_is_refused() -> None:
    session = Session.new(2).add(_finished(0, 2))
    with pytest.raises(RecordError, match="one session keeps one rule set") as caught:
        dump_session(session, rules=Rules.TOURNAMENT)
    assert caught.value.path == ("rules",)


THROWING = Rules(schmeissen=frozenset({"full7"}))


def _session_text() -> str:
    """A session of one deal played with cards and one thrown in, written as notation."""
    return write_session(Session.new(2, rules=THROWING).add(_finished(0, 2, THROWING)).add_void())


def test_a_session_with_a_paper_void_reads_back() -> None:
    text = _session_text()
    assert "[Paper null]" in text.splitlines()
    session, meta = read_session(text)
    assert meta is None
    assert len(session.deals) == 1
    assert len(session.rows) == 2


def test_paper_deals_need_no_blank_line_between_them() -> None:
    session = Session.new(2, rules=THROWING).add_void().add_void()
    text = write_session(session)
    squeezed = text.replace("[Paper null]\n\n[Deal 1]", "[Paper null]\n[Deal 1]")
    assert squeezed != text
    assert read_session(squeezed)[0] == read_session(text)[0]


def test_session_tags_that_are_no_session_are_refused_with_the_rule() -> None:
    text = _session_text().replace("[FirstDealer 2]", "[FirstDealer 7]")
    with pytest.raises(NotationError, match="the first dealer must be a seat 0-3, not 7"):
        read_session(text)


def test_a_paper_result_that_does_not_read_is_refused_naming_its_line() -> None:
    text = _session_text()
    line = text.splitlines().index("[Paper null]") + 1
    with pytest.raises(NotationError, match="the Paper result does not read") as caught:
        read_session(text.replace("[Paper null]", '[Paper "junk"]'))
    assert caught.value.line == line


def test_a_session_deal_without_its_result_line_is_refused() -> None:
    lines = _session_text().splitlines()
    text = "\n".join(line for line in lines if not line.startswith("result "))
    with pytest.raises(NotationError, match="the result line is missing"):
        read_session(text)


def test_an_unknown_word_in_a_session_deal_names_its_line_and_column() -> None:
    text = _session_text()
    line = next(n for n, row in enumerate(text.splitlines(), 1) if row.startswith("1. "))
    with pytest.raises(NotationError, match="unknown word 'XX'") as caught:
        read_session(text.replace("1. ", "1. XX; ", 1))
    assert (caught.value.line, caught.value.column) == (line, 4)


def test_a_bare_meta_tag_reads_back_as_an_empty_meta() -> None:
    deal = Deal.shuffled(seed=3)
    game = read_game(write_game(deal, meta={}))
    assert game.deal == deal
    assert game.meta == {}


@pytest.mark.parametrize("tag", ['[Meta "a 1]', '[Meta "a\\x" 1]'])
def test_a_meta_key_that_is_no_json_string_is_refused_naming_its_line(tag: str) -> None:
    text = write_game(Deal.shuffled(seed=3), meta={"a": 1})
    line = text.splitlines().index('[Meta "a" 1]') + 1
    with pytest.raises(NotationError, match=r'a Meta tag is \[Meta "key" value\]') as caught:
        read_game(text.replace('[Meta "a" 1]', tag))
    assert caught.value.line == line


def _exchanged() -> Deal:
    """An Armut whose exchange is over: passed, accepted and returned (V§6.3)."""
    deal = armut_deal(1)
    while deal.poverty is None or deal.poverty.returned is None:
        deal = deal.apply(deal.legal_actions[0])
    return deal


def test_a_third_seat_sees_the_exchange_concealed_and_reads_it_back() -> None:
    deal = _exchanged()
    poverty = deal.poverty
    assert poverty is not None
    third = next(seat for seat in range(4) if seat not in (poverty.poor, poverty.acceptor))
    view = deal.view(third)
    trumps = poverty.returned_trumps
    assert view.position.endswith(f";?pass;accept;?return {trumps}")
    assert parse_view(view.position) == view


def test_a_concealed_return_may_carry_any_count_some_deal_allows() -> None:
    deal = _exchanged()
    text = deal.view(1).position
    assert text.endswith(";?return 2")
    other = parse_view(text.removesuffix("2") + "3")
    last = other.history[-1]
    assert type(last) is Concealed
    assert (last.kind, last.trumps) == ("return", 3)


def test_a_return_in_place_of_the_pass_is_refused() -> None:
    text = _exchanged().view(1).position
    with pytest.raises(NotationError, match="no deal lets seat 3 return here unseen") as caught:
        parse_view(text.replace("?pass", "?return 1"))
    assert caught.value.field == "history, event 5"


def test_the_exchange_is_written_on_its_own_line_and_reads_back() -> None:
    deal = _exchanged()
    text = write_game(deal)
    assert "R. healthy; healthy; healthy; poverty" in text.splitlines()
    assert "A. pass CQ DJ D10; accept; return CQ CK SJ" in text.splitlines()
    assert read_game(text).deal == deal


def test_the_poor_and_the_acceptor_views_write_their_dealt_hands() -> None:
    deal = _exchanged()
    poverty = deal.poverty
    assert poverty is not None
    assert poverty.acceptor is not None
    for seat in (poverty.poor, poverty.acceptor):
        view = deal.view(seat)
        assert view.hand != deal.dealt[seat]
        assert f" s{seat}:{write_hand(deal.dealt[seat])} " in view.position
        assert parse_view(view.position) == view


def test_a_shown_hand_that_cannot_throw_is_refused_with_the_rule() -> None:
    rules = Rules(schmeissen=frozenset({"full7"}))
    deal = Deal.shuffled(seed=19, rules=rules).declare(0, Reservation.THROW, "full7")
    while deal.game_type is None and not deal.is_void:
        deal = deal.declare(deal.turn, Reservation.HEALTHY)  # type: ignore[arg-type]
    text = deal.view(2).position
    shown = f";0={write_hand(deal.dealt[0])}"
    assert text.endswith(shown)
    with pytest.raises(NotationError, match="not legal with the hand it showed") as caught:
        parse_view(text.replace(shown, f";0={write_hand(deal.dealt[1])}"))
    assert caught.value.rule == "V§7.1"
    assert caught.value.field == "history, event 1"


class _Text(str):
    """A ``str`` subclass, which a reader refuses like any other non-``str``."""

    __slots__ = ()


def test_a_str_subclass_is_refused_as_no_str() -> None:
    deal = Deal.shuffled(seed=3)
    with pytest.raises(InvalidTypeError, match="text must be a str, not _Text"):
        Deal.parse(_Text(deal.position))
    with pytest.raises(InvalidTypeError, match="text must be a str, not _Text"):
        parse_view(_Text(deal.view(0).position))


def test_a_session_refusing_a_deal_names_the_deal_and_the_rule() -> None:
    rules = Rules(compulsory_solo=True)
    deal = Deal.shuffled(seed=0, dealer=2, rules=rules, owing=(1,))
    while not deal.is_finished:
        deal = deal.apply(deal.legal_actions[0])
    with pytest.raises(RecordError, match=r"not by seat 1 \(V§9\.1\)") as caught:
        dump_session(2, [deal])
    assert caught.value.path == ("deals", 0)


def test_a_view_card_outside_the_deck_is_no_deal() -> None:
    text = Deal.shuffled(seed=3, rules=Rules(nines=False)).view(0).position
    rules, table, seat = text.split()
    assert seat.startswith("s0:CJ")
    with pytest.raises(NotationError, match="not a partition of the 40-card deck") as caught:
        parse_view(f"{rules} {table} s0:C9{seat.removeprefix('s0:CJ')}")
    assert caught.value.field == "seat"


def test_a_resumed_session_writes_and_reads_back_its_start() -> None:
    start = SessionStart(played=3, totals=(2, -2, 2, -2))
    session = Session.new(2, start=start).add(_finished(0, 2))
    text = write_session(session)
    assert any(line.startswith("[Start ") for line in text.splitlines())
    back, _ = read_session(text)
    assert back.totals == session.totals
    assert back.rows == session.rows


def _announced() -> Deal:
    """Four healthy seats, then seat 0 (Re, holding a ♣Q) says "re"."""
    deal = Deal.shuffled(seed=3)
    for seat in range(4):
        deal = deal.declare(seat, Reservation.HEALTHY)
    return deal.announce(0, Announcement.RE_KONTRA)


@pytest.mark.parametrize("entry", ["0:kontra", "kontra", "0k:kontra"])
def test_an_unseen_seat_may_announce_for_the_party_it_might_play(entry: str) -> None:
    deal = _announced()
    text = deal.view(1).position
    assert text.endswith(";0r:re")
    view = parse_view(text.replace("0r:re", entry))
    last = view.history[-1]
    assert type(last) is Announced
    assert (last.seat, last.party) == (0, Party.KONTRA)
    assert view != deal.view(1)


def test_an_announcement_that_contradicts_its_named_party_is_refused() -> None:
    text = _announced().view(1).position
    with pytest.raises(NotationError, match="with the parties and Schweine the text names"):
        parse_view(text.replace("0r:re", "0k:re"))
