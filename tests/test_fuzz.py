"""Fuzzing the public API: deals driven by legal, illegal and malformed actions, and
the parsers, record readers and score-sheet summaries fed with arbitrary input.

The deal machine
----------------
:class:`DealMachine` (a hypothesis ``RuleBasedStateMachine``) plays deals from
``Deal.shuffled(seed, dealer=...)`` with a random dealer, half of them changed
so that one seat holds both ♣Q (marriages, silent marriages and marriage solos).
Its rules mix

- legal actions drawn from ``legal_actions()`` (weighted so that deals finish:
  mostly cards, some announcements, mostly healthy answers, marriages when
  possible, some solos);
- any of the 152 actions that can be written down, legal or not;
- targeted illegal actions: the wrong seat, the wrong phase (cards in the
  reservation round, answers during play, anything after trick 12), cards not
  held, cards that do not follow, announcements before the contract, before
  a marriage's clarification trick, too late, and absagen locked by a late
  reply, and marriages without both ♣Q;
- malformed values: seats 4, -1 and other integers, strings, floats, bools
  and other int subclasses, values that are not cards or reservations, levels
  such as 7, and objects that are not actions;
- queries (``view``, ``legal_announcements``, ``hand_size``, ``legal_cards``)
  with malformed seats.

Every well-formed action is judged by an independent model of the rules
(SPEC §3.2, §5.1, §5.2, §7.4, §8 and the pseudocode of §13): ``is_legal``,
``can_…``, ``check_…``, ``apply`` and the action verb must all agree with it,
a legal action must succeed and an illegal one must raise exactly the error
class the model names.  After every rule call the invariants check that the
48 cards and 240 card points are conserved, at most 12 tricks exist and are led
by the right seats, the turn, contract, parties and marriage clarification are
those the rules give, ``legal_actions()`` is exactly the set the model allows
and all of it passes ``check``, ``legal_announcements(seat)`` lists exactly the
levels that ``can_announce`` accepts and that change the deal, the recorded
announcements replay through the model, no view shows another seat's hand or
reservation, the history replays to an equal deal (every few steps and at the
end of each deal), and a finished deal settles to scores summing to zero and
survives a record round trip.

What a rejection may raise
--------------------------
- A value of the right Python type that the rules or the domain refuse (seat
  4 or -1, level 7, a card not held, text that is not a card) raises a
  :class:`~doppelkopf.DoppelkopfError` that is also a ``ValueError``, with a
  non-empty message; errors about actions carry the seat and a SPEC section.
- A value of the wrong Python type (a string, float or bool as a seat, a
  string as a card, reservation or level, something that is not an action)
  may raise that same kind of error or a ``TypeError``; nothing else
  (``AttributeError``, ``IndexError``, a bare ``ValueError`` …) is accepted.
  The right types are: ``int`` for seats (``bool`` and other int subclasses
  are not seats, as the validators of ``Play``, ``Declare`` and ``Announce``
  say), ``Card`` for cards, ``Reservation`` for reservations and
  ``Announcement`` or ``int`` for levels.
- ``check_X``, ``can_X`` and ``X`` agree: ``X`` raises the class ``check_X``
  raises, and ``can_X`` is ``False`` when that class is a ``DoppelkopfError``
  (when it is a ``TypeError``, ``can_X`` may raise it too).
- A wrong-typed value may be accepted only if it stands for a right one
  (``1.0`` or ``True`` for level 1): the deal must then equal the deal the
  right value gives, with a history that reads and replays.
- A rejected action leaves the deal as it was: equal, the very same field
  values, the same history.

Every deviation from these rules that the fuzzers found is fixed and pinned by
a regression test at the end of this file.  The machine still recognises the
old behaviour and counts it (as ``deviation: …``) should it ever come back,
but the regression tests fail on it.

Parsers, records and summaries
------------------------------
``Card.parse``, ``Hand.parse``, ``Trick.parse`` (leaders 0-3),
``GameType.parse``, ``Announcement.parse``, ``Reservation.parse``,
``loads_deal`` and ``loads_session`` get arbitrary text and text built from
notation fragments, and may only return a value that reads back from its own
notation or raise a ``DoppelkopfError`` that is a ``ValueError``.
``load_deal`` and ``load_session`` get arbitrary JSON values and record-shaped
objects and may only raise ``RecordError``; a real record with one leaf
changed (or one key or list entry removed, or one key added) must raise
``RecordError`` or load to a deal whose record is exactly the changed one.
Hostile records test the readers' limits: a real record with one value, in
its ``meta`` or anywhere else, replaced by nesting around 64 levels and far
beyond, integers around 20 digits and up to thousands, ``NaN``, ``Infinity``
and numbers too large for a float, a key twice in one object, lone surrogates
(escaped, raw, or as bytes that are not UTF-8), a string left open over
brackets, or text over 16 MiB — as text for ``loads_deal``/``loads_session``
and as Python values (self-containing lists, non-string keys too) for
``load_deal``/``load_session``.  Each must raise ``RecordError`` with a short
printable message, or load to what the record says.
``DealSummary``/``PartyResult`` built from arbitrary integers either construct
(and then settle to scores summing to zero) or raise ``InvalidSummaryError``.

How many examples
-----------------
An *action* below is one attempt to act on a deal: a well-formed action tried
through ``is_legal``, ``can_X``, ``check``, ``check_X``, ``apply`` and ``X``
(legal or not), or a malformed one tried through ``check_X``, ``can_X`` and
``X`` (and through ``check``, ``is_legal`` and ``apply`` when its action
object can be built).  Queries with malformed seats are counted apart.

The default run (continuous integration) uses the counts of
:func:`fuzz_settings.fuzz_settings`: 10 machine examples of 200 rule calls
and 100 examples of every other fuzz test (fewer under the ``dev`` profile).
It attempts about 4,000 actions in about 25 deals and takes about 8 s, 20 s
with branch coverage.

``DOPPELKOPF_FUZZ_EXAMPLES=N`` makes a long run.  The machine then runs ``N``
examples of 200 rule calls.  An example attempts about 370 actions (1.85 per
rule call: a legal step plays 1-12 actions, the other rules attempt 1-8
each; a third of the attempts are legal) and plays about 2 deals to the
end.  One million actions therefore need ``N = 1,000,000 / 370 ≈ 2,700``
examples, 540,000 rule calls; the nox session ``fuzz`` uses ``N = 2,700``.
The other fuzz tests then run ``N`` times a factor that keeps their share of
the time modest: 10 for the text parsers and the summaries, 5 for the record
readers fed arbitrary JSON or text, 2 for the hostile records, 1 for the changed
records and 1/2 for the edited record texts (the hostile records run 40
examples each by default).  Such a run attempted 1,005,026 actions in 2,908
machine examples and 5,844 finished deals, and took 23 minutes (13.5 of them
in the machine) on a busy two-core machine.

``DOPPELKOPF_FUZZ_REPORT=path`` also writes the counts of the run (actions by
kind, examples, deals and game types, deviations, seconds) to ``path`` as
JSON; they are printed at the end of the module either way (visible with
``pytest -s``).
"""

from __future__ import annotations

import json
import math
import os
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from itertools import combinations
from typing import Any, Final, TypeAlias

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from deal_helpers import EVERY_ACTION, snapshot, unchanged, with_both_club_queens
from doppelkopf import (
    DECK,
    DISTINCT_CARDS,
    Action,
    Announce,
    Announced,
    Announcement,
    AnnouncementBannedError,
    AnnouncementTooLateError,
    AnswerPoverty,
    Card,
    CardNotHeldError,
    Deal,
    DealSummary,
    Declare,
    DoppelkopfError,
    GameType,
    Hand,
    IllegalActionError,
    InvalidNotationError,
    InvalidReservationError,
    InvalidSummaryError,
    LateReplyLockError,
    MustFollowError,
    NotYourTurnError,
    Party,
    PartyAnnouncements,
    PartyResult,
    PassCards,
    Phase,
    Play,
    Rank,
    RecordError,
    Reservation,
    ReturnCards,
    Rules,
    Session,
    Suit,
    Trick,
    WrongPhaseError,
    dump_deal,
    dump_session,
    dumps_deal,
    legal_actions,
    legal_announcements,
    load_deal,
    load_session,
    loads_deal,
    loads_session,
    settle,
    summarize,
    trick_winner,
)
from doppelkopf import strategies as dk_strategies
from doppelkopf._json import MAX_BYTES, MAX_DEPTH
from doppelkopf.rules import THROW_REASONS
from fuzz_settings import fuzz_settings

STATS: Counter[str] = Counter()
"""What the fuzz tests of one run did, by kind (written out by :func:`fuzz_report`)."""

CLUB_QUEEN: Final = Card(Suit.CLUBS, Rank.QUEEN)
LEVELS: Final = tuple(Announcement)
SOLOS: Final = tuple(reservation for reservation in Reservation if reservation.is_solo)
DEADLINES: Final = (11, 10, 9, 8, 7)
"""The fewest cards in hand for each announcement level without a marriage shift (SPEC §8.4)."""

FULL_DECK: Final = Hand(DECK).bits

REPLAY_EVERY: Final = 8
"""Rebuild the deal from its history every this many rule calls (and at the end of a deal)."""


@pytest.fixture(scope="module", autouse=True)
def fuzz_report() -> Iterator[None]:
    """Count what the tests of this module do; print it and, if asked, write it as JSON."""
    STATS.clear()
    start = time.perf_counter()
    yield
    report: dict[str, float | int] = dict(sorted(STATS.items()))
    report["seconds"] = round(time.perf_counter() - start, 1)
    report["actions"] = sum(STATS[kind] for kind in ("legal", "no-op", "illegal", "malformed"))
    print("\nfuzz report:", json.dumps(report, indent=1))
    path = os.environ.get("DOPPELKOPF_FUZZ_REPORT")
    if path:
        with open(path, "w", encoding="utf-8") as file:
            json.dump(report, file, indent=1)


# --- the model of the rules -------------------------------------------------

OK: Final = "legal"
NOOP: Final = "legal repetition"
Verdict: TypeAlias = "type[DoppelkopfError] | str"
"""What the model says of an action: :data:`OK`, :data:`NOOP` or the error class it must raise."""


def asking_order(dealer: int) -> tuple[int, ...]:
    """The seats in the order of the reservation round (SPEC §3.2)."""
    return tuple((dealer + offset) % 4 for offset in (1, 2, 3, 4))


def shift_of(deal: Deal) -> int:
    """The marriage shift ``s = k - 1`` (SPEC §7.4)."""
    if deal.clarification_trick is None:
        return 0
    if deal.game_type not in (GameType.MARRIAGE, GameType.MARRIAGE_SOLO):
        return 0
    return deal.clarification_trick - 1


def announcement_rule(
    own: PartyAnnouncements, opponents: PartyAnnouncements, level: int, size: int, shift: int
) -> Verdict:
    """The ``announce`` pseudocode of SPEC §13 for a party that may announce at all."""
    if level == 0:
        if own.level is not None:
            return NOOP
        in_time = size >= DEADLINES[0] - shift
        reply = opponents.level is not None and size >= DEADLINES[opponents.level] - shift - 1
        return OK if in_time or reply else AnnouncementTooLateError
    if own.level is not None and level <= own.level:
        return NOOP
    if own.level is not None and not own.timely:
        return LateReplyLockError
    lowest = 0 if own.level is None else own.level + 1
    return OK if size >= DEADLINES[lowest] - shift else AnnouncementTooLateError


def after_announcement(
    own: PartyAnnouncements, level: int, size: int, shift: int
) -> PartyAnnouncements:
    """A party's state after an accepted announcement that adds something (SPEC §8.5-§8.8)."""
    if level == 0:
        return PartyAnnouncements(Announcement(0), size >= DEADLINES[0] - shift)
    return PartyAnnouncements(Announcement(level), True)


def question(deal: Deal) -> tuple[str, int] | Declare | None:
    """The two-step round at a DDV table (SPEC §3.2–§3.4): the kind asked of a seat, or the
    winning answer; ``None`` without a bare Vorbehalt after the first step.

    The bare seats are asked for a solo, then for the marriage, in asking order; a seat that
    named its reservation answers for itself; the first name wins.
    """
    answers = deal.declarations
    if None in answers or Reservation.VORBEHALT not in answers:
        return None
    given = list(deal.asked)
    for kind in ("solo", "marriage"):
        for seat in asking_order(deal.dealer):
            answer = answers[seat]
            assert answer is not None
            if answer is Reservation.HEALTHY:
                continue
            if answer is not Reservation.VORBEHALT:
                if answer.is_solo == (kind == "solo"):
                    return Declare(seat, answer)
                continue
            if not given:
                return kind, seat
            said = given.pop(0)
            if said.reservation is not Reservation.DECLINE:
                return said
    raise AssertionError("a bare Vorbehalt ends with a name")


def judge_declare(  # noqa: PLR0911 - one verdict per rule
    deal: Deal, seat: int, reservation: Reservation
) -> Verdict:
    """SPEC §3.2: one answer per seat, in asking order, a marriage only with both ♣Q; in the
    two-step round a bare Vorbehalt, then a name of the kind asked or a decline."""
    if deal.game_type is not None:
        return WrongPhaseError
    asked_now = question(deal)
    if isinstance(asked_now, tuple):
        kind, asked_seat = asked_now
        if seat != asked_seat:
            return NotYourTurnError
        both = deal.dealt[seat].count(CLUB_QUEEN) == 2
        if kind == "solo":
            ok = reservation.is_solo or (reservation is Reservation.DECLINE and both)
        else:
            ok = reservation is Reservation.MARRIAGE and both
        return OK if ok else InvalidReservationError
    asked = sum(answer is not None for answer in deal.declarations)
    if seat != asking_order(deal.dealer)[asked]:
        return NotYourTurnError
    if reservation is Reservation.DECLINE:
        return InvalidReservationError  # no question is asked in the first step
    if reservation is Reservation.MARRIAGE and deal.dealt[seat].count(CLUB_QUEEN) != 2:
        return InvalidReservationError
    if reservation in (Reservation.POVERTY, Reservation.THROW):
        return InvalidReservationError  # V§6, V§7: the DDV rules have neither
    return OK


def judge_play(deal: Deal, seat: int, card: Card) -> Verdict:
    """SPEC §3.5, §5.1, §5.2: the seat on turn plays a held card of the led category if it can."""
    game = deal.game_type
    if game is None or len(deal.tricks) == 12:
        return WrongPhaseError
    trick = deal.current_trick
    if seat != (trick.leader + len(trick.cards)) % 4:
        return NotYourTurnError
    hand = deal.hands[seat]
    if card not in hand:
        return CardNotHeldError
    if trick.cards:
        led = game.category(trick.cards[0])
        if game.category(card) != led and any(game.category(held) == led for held in hand):
            return MustFollowError
    return OK


def judge_announce(deal: Deal, seat: int, level: int) -> Verdict:
    """SPEC §7.4, §8.3-§8.8: announcements open with the contract and a marriage's clarification."""
    if deal.game_type is None:
        return AnnouncementBannedError
    if len(deal.tricks) == 12:
        return WrongPhaseError
    if deal.game_type is GameType.MARRIAGE and deal.clarification_trick is None:
        return AnnouncementBannedError
    party = deal.parties[seat]
    assert party is not None
    return announcement_rule(
        deal.announcement_state(party),
        deal.announcement_state(party.opponent),
        level,
        len(deal.hands[seat]),
        shift_of(deal),
    )


def judge(deal: Deal, action: Action) -> Verdict:
    """The model's verdict on a well-formed action."""
    if isinstance(action, Play):
        return judge_play(deal, action.seat, action.card)
    if isinstance(action, Announce):
        return judge_announce(deal, action.seat, action.level)
    assert isinstance(action, Declare), "the DDV model knows no exchange"
    return judge_declare(deal, action.seat, action.reservation)


def verdict_name(verdict: Verdict) -> str:
    return verdict if isinstance(verdict, str) else verdict.__name__


def expected_contract(deal: Deal) -> tuple[GameType, int | None] | None:
    """The contract the reservation round fixes (SPEC §3.3), before any trick is played."""
    if any(answer is None for answer in deal.declarations):
        return None
    answers = list(deal.declarations)
    if Reservation.VORBEHALT in answers:
        won = question(deal)
        if not isinstance(won, Declare):
            return None
        answers = [Reservation.HEALTHY] * 4
        answers[won.seat] = won.reservation
    order = asking_order(deal.dealer)
    for seat in order:
        answer = answers[seat]
        assert answer is not None
        if answer.is_solo:
            return GameType[answer.name], seat
    for seat in order:
        if answers[seat] is Reservation.MARRIAGE:
            return GameType.MARRIAGE, seat
    for seat in order:
        if deal.dealt[seat].count(CLUB_QUEEN) == 2:
            return GameType.SILENT_MARRIAGE, seat
    return GameType.NORMAL, None


# --- attempting actions -----------------------------------------------------

Verbs: TypeAlias = tuple[Callable[[], None], Callable[[], bool], Callable[[], Deal]]


def verbs(deal: Deal, kind: str, seat: Any, value: Any) -> Verbs:
    """``check_X``, ``can_X`` and ``X`` of one action kind, bound to their arguments."""
    if kind == "play":
        return (
            lambda: deal.check_play(seat, value),
            lambda: deal.can_play(seat, value),
            lambda: deal.play(seat, value),
        )
    if kind == "announce":
        return (
            lambda: deal.check_announce(seat, value),
            lambda: deal.can_announce(seat, value),
            lambda: deal.announce(seat, value),
        )
    return (
        lambda: deal.check_declare(seat, value),
        lambda: deal.can_declare(seat, value),
        lambda: deal.declare(seat, value),
    )


def kind_and_value(action: Action) -> tuple[str, object]:
    if isinstance(action, Play):
        return "play", action.card
    if isinstance(action, Announce):
        return "announce", action.level
    assert isinstance(action, Declare), "the DDV model knows no exchange"
    return "declare", action.reservation


def raised(call: Callable[[], object]) -> BaseException:
    """The exception ``call`` raises; failing the test if it raises none."""
    try:
        result = call()
    except Exception as error:
        return error
    raise AssertionError(f"accepted, giving {result!r}")


def outcome(call: Callable[[], object]) -> tuple[bool, object]:
    """``(True, result)`` or ``(False, exception)``."""
    try:
        return True, call()
    except Exception as error:
        return False, error


def check_action_error(error: BaseException, seat: int, expected: type[DoppelkopfError]) -> None:
    """An illegal well-formed action raised exactly ``expected``, helpfully."""
    assert type(error) is expected, (
        f"raised {type(error).__name__}: {error}, not {expected.__name__}"
    )
    assert isinstance(error, ValueError)
    assert str(error).strip(), "empty message"
    assert isinstance(error, IllegalActionError)
    assert error.seat == seat, f"error.seat={error.seat!r} for seat {seat}"
    assert "§" in error.rule, f"no SPEC section in rule={error.rule!r}"


def attempt(deal: Deal, action: Action) -> Deal:
    """Try a well-formed action every way the API offers and check all agree with the model.

    Returns the new deal if the action is legal, else ``deal`` itself.
    """
    verdict = judge(deal, action)
    kind, value = kind_and_value(action)
    check, can, act = verbs(deal, kind, action.seat, value)
    before = snapshot(deal)
    history = deal.history
    legal = deal.can_apply(action)
    where = f"{action} in {deal!r}"
    assert legal == (verdict in (OK, NOOP)), (
        f"{where}: the rules say {verdict_name(verdict)}, is_legal says {legal}"
    )
    assert can() == legal, f"{where}: can_{kind} disagrees with is_legal"
    if legal:
        deal.check(action)
        check()
        new = deal.apply(action)
        assert act() == new, f"{where}: {kind}() and apply() disagree"
        if verdict == NOOP:
            assert new is deal, f"{where}: a repetition changed the deal"
            STATS["no-op"] += 1
        else:
            events = new.history
            assert events[:-1] == history
            assert events[-1].as_action() == action
            STATS["legal"] += 1
        assert unchanged(deal, before), f"{where}: the old deal changed"
        return new
    assert isinstance(verdict, type)
    for call in (lambda: deal.check(action), check, lambda: deal.apply(action), act):
        try:
            check_action_error(raised(call), action.seat, verdict)
        except AssertionError as failure:
            raise AssertionError(f"{where}: {failure}") from None
    assert unchanged(deal, before), f"{where}: a rejected action changed the deal"
    assert deal.history == history
    STATS["illegal"] += 1
    STATS[f"illegal: {verdict.__name__}"] += 1
    if verdict is AnnouncementBannedError and deal.game_type is GameType.MARRIAGE:
        STATS["illegal: announcement before the clarification trick"] += 1
    return deal


# --- choosing actions -------------------------------------------------------


def choose_legal(deal: Deal, pick: int) -> Action:
    """A legal action chosen by ``pick``: mostly cards and healthy answers, sometimes not."""
    actions = deal.legal_actions
    if deal.game_type is None:
        seat = deal.turn
        assert seat is not None
        share, rest = pick % 100, pick // 100
        if deal.dealt[seat].count(CLUB_QUEEN) == 2 and share < 45:
            return Declare(seat, Reservation.MARRIAGE)
        if share < 92:
            return Declare(seat, Reservation.HEALTHY)
        return Declare(seat, SOLOS[rest % len(SOLOS)])
    plays = [action for action in actions if isinstance(action, Play)]
    announcements = [action for action in actions if isinstance(action, Announce)]
    if announcements and pick % 10 == 0:
        return announcements[(pick // 10) % len(announcements)]
    return plays[(pick // 10) % len(plays)]


def illegal_candidates(deal: Deal) -> list[Action]:
    """Illegal actions aimed at every rule that can refuse something in this state."""
    found: list[Action] = []
    turn = deal.turn
    others = [seat for seat in range(4) if seat != turn]
    if deal.game_type is None:
        assert turn is not None
        found += [Declare(seat, Reservation.HEALTHY) for seat in others]
        if deal.dealt[turn].count(CLUB_QUEEN) != 2:
            found.append(Declare(turn, Reservation.MARRIAGE))
        found += [Play(turn, card) for card in deal.hands[turn].distinct()[:3]]
        found += [Announce(seat, level) for seat in range(4) for level in (0, 1, 4)]
        return found
    found += [Declare(seat, reservation) for seat in range(4) for reservation in SOLOS[:2]]
    found.append(Declare(0, Reservation.HEALTHY))
    if turn is None:
        found += [Play(seat, card) for seat in range(4) for card in DISTINCT_CARDS[::5]]
        found += [Announce(seat, level) for seat in range(4) for level in LEVELS]
        return found
    hand = deal.hands[turn]
    for seat in others:
        found += [Play(seat, card) for card in deal.hands[seat].distinct()[:2]]
    found += [Play(turn, card) for card in DISTINCT_CARDS if card not in hand][:4]
    legal = deal.legal_cards()
    found += [Play(turn, card) for card in hand.distinct() if card not in legal]
    found += [
        Announce(seat, level)
        for seat in range(4)
        for level in LEVELS
        if judge_announce(deal, seat, level) not in (OK, NOOP)
    ]
    return found


# --- malformed values -------------------------------------------------------


class Opaque:
    """An object that is nothing the library knows, with an ``index`` like a card's."""

    index = 3
    seat = 0

    def __repr__(self) -> str:
        return "Opaque()"


BAD_SEAT_INTS: Final = st.one_of(
    st.sampled_from([4, -1, 5, -4, -5, 2**64, -(2**64)]),
    st.integers().filter(lambda number: not 0 <= number <= 3),
)
WRONG_TYPE_SEATS: Final = st.sampled_from(
    [
        "0",
        "1",
        "",
        "seat 2",
        None,
        0.0,
        1.0,
        3.0,
        2.5,
        math.nan,
        math.inf,
        True,
        False,
        Suit.SPADES,
        Rank.QUEEN,
        Announcement.NO_60,
        (0,),
        [1],
        b"\x01",
        Party.RE,
        Opaque(),
    ]
)
BAD_LEVEL_INTS: Final = st.one_of(
    st.sampled_from([5, 7, -1, 100]), st.integers().filter(lambda number: not 0 <= number <= 4)
)
WRONG_TYPE_LEVELS: Final = st.sampled_from(
    [
        "re",
        "0",
        "keine 90",
        None,
        1.5,
        0.0,
        2.0,
        math.nan,
        True,
        False,
        Party.RE,
        Reservation.HEALTHY,
        CLUB_QUEEN,
        (1,),
        Opaque(),
    ]
)
WRONG_TYPE_CARDS: Final = st.one_of(
    st.sampled_from(
        [
            "♣Q",
            "CQ",
            "",
            None,
            0,
            5,
            23,
            Suit.CLUBS,
            Rank.QUEEN,
            (Suit.CLUBS, Rank.QUEEN),
            Hand.parse("♣Q"),
            Trick(0),
            Announcement.NO_90,
            Opaque(),
        ]
    ),
    st.text(max_size=4),
)
WRONG_TYPE_RESERVATIONS: Final = st.sampled_from(
    [
        "healthy",
        "HEALTHY",
        "marriage",
        "SOLO_Q",
        "",
        None,
        0,
        1,
        True,
        GameType.QUEENS_SOLO,
        GameType.NORMAL,
        Announcement.RE_KONTRA,
        Party.RE,
        CLUB_QUEEN,
        Opaque(),
    ]
)
NON_ACTIONS: Final = st.sampled_from(
    [
        None,
        0,
        "play ♣Q",
        CLUB_QUEEN,
        (0, CLUB_QUEEN),
        Reservation.HEALTHY,
        Announcement.RE_KONTRA,
        Opaque(),
        Trick(0),
    ]
)


def seat_is_wrong_type(seat: object) -> bool:
    return type(seat) is not int


def level_is_wrong_type(level: object) -> bool:
    return type(level) is not int and not isinstance(level, Announcement)


def stands_for_int(value: object) -> int | None:
    """The integer a wrong-typed value stands for (``True`` for 1, ``2.0`` for 2), if any."""
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None


def is_level(value: object) -> bool:
    number = stands_for_int(value)
    return number is not None and 0 <= number <= 4


def check_rejection(error: BaseException, wrong_type: bool, where: str) -> None:
    """The error policy of the module docstring."""
    if isinstance(error, DoppelkopfError):
        assert isinstance(error, ValueError), f"{where}: {type(error).__name__} is no ValueError"
        assert str(error).strip(), f"{where}: empty message"
        return
    if isinstance(error, TypeError) and wrong_type:
        assert str(error).strip(), f"{where}: empty message"
        return
    raise AssertionError(f"{where}: raised {type(error).__name__}: {error}") from error


def deviation(kind: str, seat: object, results: Sequence[tuple[bool, object]]) -> str:
    """The name of a deviation from the error policy that the library is known to show."""
    accepted = results[0][0]
    if kind in ("play", "declare") and accepted and type(seat) is not int:
        # test_play_refuses_a_bool_seat, test_declare_agrees_with_check_declare_on_a_bool_seat
        return "check_play or check_declare accepts a non-int equal to the seat on turn"
    return ""


def attempt_malformed(deal: Deal, kind: str, seat: object, value: object, wrong_type: bool) -> None:
    """Call ``check_X``, ``can_X`` and ``X`` with one malformed argument and judge the answers."""
    where = f"{kind}({seat!r}, {value!r}) in {deal!r}"
    before = snapshot(deal)
    history = deal.history
    check, can, act = verbs(deal, kind, seat, value)
    results = [outcome(check), outcome(can), outcome(act)]
    STATS["malformed"] += 1
    known = deviation(kind, seat, results)
    if known:
        STATS[f"deviation: {known}"] += 1
        assert unchanged(deal, before)
        return
    (checked, check_result), (answered, can_result), (acted, act_result) = results
    if not checked:
        assert isinstance(check_result, BaseException)
        check_rejection(check_result, wrong_type, f"check_{where}")
        assert not acted, f"{where}: accepted although check_{kind} raised {check_result!r}"
        assert type(act_result) is type(check_result), (
            f"{where}: check_{kind} raised {type(check_result).__name__}, "
            f"{kind} raised {type(act_result).__name__}"
        )
        if isinstance(check_result, DoppelkopfError):
            assert answered, f"can_{where} raised {can_result!r}"
            assert can_result is False, f"can_{where} is {can_result!r}"
        else:
            assert answered or type(can_result) is type(check_result), (
                f"can_{where}: {can_result!r}"
            )
            assert not answered or can_result is False
        assert unchanged(deal, before), f"{where}: a rejected action changed the deal"
        assert deal.history == history
        return
    # Accepted: only a stand-in for a well-formed value, with the same effect.
    assert answered, f"can_{where} raised {can_result!r}"
    assert can_result is True, f"{where}: check_{kind} accepts, can_{kind} says {can_result!r}"
    assert acted, f"{where}: check_{kind} accepts, {kind} raises {act_result!r}"
    assert isinstance(act_result, Deal)
    seat_number = stands_for_int(seat)
    assert seat_number is not None, f"{where}: accepted a seat that stands for no seat"
    if kind == "announce":
        level = stands_for_int(value)
        assert level is not None, f"{where}: accepted a value that stands for no level"
        canonical = deal.announce(seat_number, Announcement(level))
    else:
        raise AssertionError(f"{where}: accepted a malformed value")
    assert act_result == canonical, f"{where}: differs from the well-formed action"
    assert act_result.history == canonical.history
    assert act_result.initial().replay(act_result.history) == act_result
    STATS["malformed accepted as a stand-in"] += 1


# --- invariants, one function each ------------------------------------------


def check_cards(deal: Deal) -> None:
    """48 cards and 240 card points conserved (SPEC §1.1, §1.2)."""
    played_by: list[list[Card]] = [[], [], [], []]
    points = 0
    for trick in (*deal.tricks, deal.current_trick):
        points += trick.points
        for seat, card in trick:
            played_by[seat].append(card)
    for seat in range(4):
        # A hand is a multiset, and Hand() refuses a third copy of any card.
        whole = Hand([*deal.hands[seat], *played_by[seat]])
        assert whole == deal.dealt[seat], f"seat {seat} lost or gained cards"
        points += deal.hands[seat].points
    assert sum(hand.bits for hand in deal.dealt) == FULL_DECK
    assert points == 240


def check_tricks_and_turn(deal: Deal) -> None:
    """At most 12 tricks, each led by the winner of the one before; the turn and hand sizes."""
    assert len(deal.tricks) <= 12
    assert all(len(trick.cards) == 4 for trick in deal.tricks)
    assert len(deal.current_trick.cards) < 4
    order = asking_order(deal.dealer)
    if deal.game_type is None:
        asked = sum(answer is not None for answer in deal.declarations)
        assert all(deal.declarations[seat] is not None for seat in order[:asked])
        assert deal.phase is Phase.RESERVATIONS
        asked_now = question(deal)
        if isinstance(asked_now, tuple):  # a question of the two-step round
            assert deal.turn == asked_now[1]
            assert deal.question is not None
            assert deal.question.value == asked_now[0]
        else:
            assert asked < 4
            assert deal.turn == order[asked]
        assert not deal.tricks
        assert not deal.current_trick.cards
        assert deal.current_trick.leader == order[0]
        return
    leader = order[0]
    for trick in deal.tricks:
        assert trick.leader == leader, "a trick led by the wrong seat"
        leader = trick_winner(trick, deal.game_type)
    assert deal.current_trick.leader == leader
    if deal.is_finished:
        assert deal.phase is Phase.FINISHED
        assert deal.turn is None
        assert not deal.current_trick.cards
        assert deal.legal_cards() == ()
    else:
        assert deal.phase is Phase.PLAY
        assert deal.turn == (leader + len(deal.current_trick.cards)) % 4
    for seat in range(4):
        size = 12 - len(deal.tricks) - (seat in deal.current_trick.seats)
        assert deal.hand_size(seat) == size == len(deal.hands[seat])


def check_contract(deal: Deal) -> None:
    """Contract, declarer, parties and marriage clarification (SPEC §3.3, §6, §7)."""
    contract = expected_contract(deal)
    if contract is None:
        assert deal.game_type is None
        assert deal.declarer is None
        assert deal.parties == (None, None, None, None)
        return
    game, declarer = contract
    assert deal.declarer == declarer
    winners = [trick_winner(trick, deal.game_type or game) for trick in deal.tricks[:3]]
    re: set[int]
    if game is GameType.NORMAL:
        re = {seat for seat in range(4) if CLUB_QUEEN in deal.dealt[seat]}
    elif game is GameType.MARRIAGE:
        assert declarer is not None
        partner = next((winner for winner in winners if winner != declarer), None)
        if partner is not None:
            assert deal.game_type is GameType.MARRIAGE
            assert deal.partner == partner
            assert deal.clarification_trick == winners.index(partner) + 1
            re = {declarer, partner}
        elif len(winners) == 3:
            game = GameType.MARRIAGE_SOLO
            assert deal.partner is None
            assert deal.clarification_trick == 3
            re = {declarer}
        else:
            assert deal.partner is None
            assert deal.clarification_trick is None
            assert deal.parties == tuple(
                Party.RE if seat == declarer else None for seat in range(4)
            )
            assert deal.game_type is GameType.MARRIAGE
            return
    else:
        re = {declarer} if declarer is not None else set()
    assert deal.game_type is game
    assert deal.parties == tuple(Party.RE if seat in re else Party.KONTRA for seat in range(4)), (
        f"parties {deal.parties} for Re {sorted(re)}"
    )
    if game not in (GameType.MARRIAGE, GameType.MARRIAGE_SOLO):
        assert deal.partner is None
        assert deal.clarification_trick is None


def check_announcement_history(deal: Deal) -> None:
    """Every recorded announcement replays through the model to the deal's party states."""
    states = {Party.RE: PartyAnnouncements(), Party.KONTRA: PartyAnnouncements()}
    played = [0, 0, 0, 0]
    moment = 0
    shift = shift_of(deal)
    for event in deal.history:
        if isinstance(event, Play):
            played[event.seat] += 1
            moment += 1
        elif isinstance(event, Announced):
            size = 12 - played[event.seat]
            assert event.hand_size == size
            assert event.moment == moment
            assert event.party is deal.parties[event.seat]
            own, opponents = states[event.party], states[event.party.opponent]
            verdict = announcement_rule(own, opponents, event.level, size, shift)
            assert verdict == OK, f"{event} recorded, but the rules say {verdict_name(verdict)}"
            assert event.late_reply == (event.level == 0 and size < DEADLINES[0] - shift)
            states[event.party] = after_announcement(own, event.level, size, shift)
    assert deal.re_state == states[Party.RE]
    assert deal.kontra_state == states[Party.KONTRA]


def check_legal_actions(deal: Deal) -> None:
    """``legal_actions()`` is exactly what the model allows, and all of it passes ``check``."""
    actions = deal.legal_actions
    assert actions == legal_actions(deal)
    assert len(set(actions)) == len(actions)
    for action in actions:
        deal.check(action)
        assert judge(deal, action) == OK, f"{action} listed, the rules say {judge(deal, action)}"
    expected: set[Action] = set()
    turn = deal.turn
    if deal.game_type is None:
        assert turn is not None
        expected = {
            Declare(turn, answer)
            for answer in Reservation
            if answer is not Reservation.THROW and judge_declare(deal, turn, answer) == OK
        }
    elif turn is not None:
        expected = {
            Play(turn, card)
            for card in deal.hands[turn].distinct()
            if judge_play(deal, turn, card) == OK
        }
        expected |= {
            Announce(seat, level)
            for seat in range(4)
            for level in LEVELS
            if judge_announce(deal, seat, level) == OK
        }
    assert set(actions) == expected, f"listed {set(actions) ^ expected} wrongly"
    if turn is not None:
        assert any(action.seat == turn and not isinstance(action, Announce) for action in actions)


def check_legal_announcements(deal: Deal) -> None:
    """``legal_announcements(seat)``: the levels ``can_announce`` accepts that change the deal."""
    for seat in range(4):
        listed = deal.legal_announcements(seat)
        assert listed == legal_announcements(deal, seat)
        changing = tuple(
            level
            for level in LEVELS
            if deal.can_announce(seat, level) and deal.announce(seat, level) is not deal
        )
        assert listed == changing, f"seat {seat}: listed {listed}, changing {changing}"


def parts(value: Any, skip: frozenset[str] = frozenset()) -> Iterator[object]:
    """Every value inside ``value``: tuples, lists, sets and attrs instances, recursively."""
    stack = [value]
    while stack:
        part = stack.pop()
        yield part
        if isinstance(part, tuple | list | frozenset | set):
            stack.extend(part)
        elif attrs.has(type(part)):
            names = [field.name for field in attrs.fields(type(part))]
            stack.extend(getattr(part, name) for name in names if name not in skip)
            skip = frozenset()


def check_views(deal: Deal, searched: int) -> None:
    """A view shows the seat its own hand and reservation only (SPEC §3.3, §6.1).

    The view of seat ``searched`` is searched through for any hand, card or
    reservation it should not hold.
    """
    queens_played = sum(
        card is CLUB_QUEEN for trick in (*deal.tricks, deal.current_trick) for card in trick.cards
    )
    actions = deal.legal_actions
    announcements = deal.announcements
    sizes = tuple(len(hand) for hand in deal.hands)
    for seat in range(4):
        view = deal.view(seat)
        own = deal.hands[seat]
        assert view.seat == seat
        assert view.hand == own
        assert view.reservation is deal.declarations[seat]
        assert view.turn == deal.turn
        assert view.tricks == deal.tricks
        assert view.current_trick == deal.current_trick
        assert view.hand_sizes == sizes
        assert view.announcements == announcements
        assert view.legal_actions == tuple(action for action in actions if action.seat == seat)
        # The answers to the two-step round's questions are public as they are
        # said (SPEC §3.2, V§6.2): every view shows the deal's.
        assert view.asked == deal.asked
        hidden = frozenset({"tricks", "current_trick", "legal_actions", "asked"})
        for part in parts(view, hidden) if seat == searched else ():
            if isinstance(part, Hand):
                assert part == own, f"the view of seat {seat} holds another hand: {part}"
            elif isinstance(part, Card):
                assert part in own, f"the view of seat {seat} shows {part}, which it does not hold"
            elif isinstance(part, Reservation):
                assert part is view.reservation, f"the view of seat {seat} shows {part}"
        assert all(flag is None or type(flag) is bool for flag in view.declared)
        for other, party in enumerate(view.known_parties):
            assert party is None or party is deal.parties[other], (
                f"seat {seat} believes seat {other} is {party}"
            )
        if (
            deal.game_type is GameType.SILENT_MARRIAGE
            and seat != deal.declarer
            and queens_played < 2
        ):
            assert view.game_type is GameType.NORMAL, "a silent marriage shown before its time"
            assert view.declarer is None
        elif deal.game_type is not None:
            assert view.game_type is deal.game_type


def check_replay(deal: Deal) -> None:
    """The history replays to an equal deal."""
    history = deal.history
    replayed = deal.initial().replay(history)
    assert replayed == deal
    assert replayed.history == history
    assert deal.initial().replay(event.as_action() for event in history) == deal
    STATS["replays"] += 1


def check_finished(deal: Deal) -> None:
    """A finished deal settles to scores summing to zero and survives a record round trip."""
    settlement = settle(deal)
    scores = settlement.scores
    assert sum(scores) == 0
    assert deal.game_type is not None
    value = settlement.value
    for seat in range(4):
        if deal.game_type.is_solo:
            assert scores[seat] == (3 * value if seat == deal.declarer else -value)
        else:
            assert scores[seat] == (value if deal.parties[seat] is Party.RE else -value)
    assert settle(summarize(deal)) == settlement
    loaded = loads_deal(dumps_deal(deal))
    assert loaded == deal
    assert loaded.history == deal.history
    STATS["deals finished"] += 1
    for event in deal.announcements:
        STATS[f"announced: {event.level.label_generic}"] += 1
        STATS["announced: late replies"] += event.late_reply
    STATS[f"game: {deal.game_type.name}"] += 1
    STATS[f"winner: {settlement.winner}"] += 1


# --- the state machine -----------------------------------------------------


@st.composite
def fresh_deals(draw: st.DrawFn) -> Deal:
    """A shuffled deal with a random dealer; in half of them one seat holds both ♣Q."""
    seed = draw(st.integers(min_value=0, max_value=2**32 - 1))
    dealer = draw(st.integers(min_value=0, max_value=3))
    deal = Deal.shuffled(seed, dealer=dealer)
    holder = draw(st.sampled_from((None, 0, 1, 2, 3, None, None, None)))
    if holder is not None:
        hands = with_both_club_queens(deal.dealt, holder)
        deal = Deal.from_hands(hands, dealer=dealer, cut=deal.cut)
    return deal


PICKS: Final = st.integers(min_value=0, max_value=2**16)


def deal_from(seed: int) -> Deal:
    """A shuffled deal from ``seed``, the dealer and the holder of both ♣Q chosen by it too."""
    deal = Deal.shuffled(seed, dealer=seed % 4)
    holder = seed // 4 % 8
    if holder < 4:
        hands = with_both_club_queens(deal.dealt, holder)
        deal = Deal.from_hands(hands, dealer=deal.dealer, cut=deal.cut)
    return deal


class DealMachine(RuleBasedStateMachine):
    """Deals driven by legal, illegal and malformed actions from every seat."""

    def __init__(self) -> None:
        super().__init__()
        self.deal = Deal.shuffled(0)
        self.calls = 0
        self.settled: Deal | None = None

    @initialize(deal=fresh_deals())
    def start(self, deal: Deal) -> None:
        STATS["machine examples"] += 1
        self.deal = deal

    @precondition(lambda self: self.deal.is_finished)
    @rule(deal=fresh_deals())
    def next_deal(self, deal: Deal) -> None:
        self.deal = deal

    @rule(picks=st.lists(PICKS, min_size=1, max_size=12))
    def legal_steps(self, picks: list[int]) -> None:
        if self.deal.is_finished:
            # Move on at once; the next_deal rule starts deals of every shape too.
            self.deal = deal_from(picks[0])
        for pick in picks:
            if self.deal.is_finished:
                break
            self.deal = attempt(self.deal, choose_legal(self.deal, pick))

    @rule(pick=PICKS)
    def legal_step(self, pick: int) -> None:
        if not self.deal.is_finished:
            self.deal = attempt(self.deal, choose_legal(self.deal, pick))

    @rule(actions=st.lists(st.sampled_from(EVERY_ACTION), min_size=1, max_size=4))
    def any_actions(self, actions: list[Action]) -> None:
        for action in actions:
            self.deal = attempt(self.deal, action)

    @rule(picks=st.lists(PICKS, min_size=1, max_size=8))
    def illegal_actions(self, picks: list[int]) -> None:
        candidates = illegal_candidates(self.deal)
        for pick in picks:
            action = candidates[pick % len(candidates)]
            assert judge(self.deal, action) not in (OK, NOOP), f"{action} is legal"
            self.deal = attempt(self.deal, action)

    @rule(
        kind=st.sampled_from(("play", "announce", "declare")),
        bad_seat=st.one_of(BAD_SEAT_INTS, WRONG_TYPE_SEATS),
        pick=PICKS,
    )
    def malformed_seat(self, kind: str, bad_seat: object, pick: int) -> None:
        deal = self.deal
        turn = deal.turn if deal.turn is not None else pick % 4
        value: object
        if kind == "play":
            held = deal.hands[turn].distinct() or DISTINCT_CARDS
            value = held[pick % len(held)]
        elif kind == "announce":
            value = LEVELS[pick % 5]
        else:
            value = Reservation.HEALTHY
        attempt_malformed(deal, kind, bad_seat, value, seat_is_wrong_type(bad_seat))

    @rule(kind=st.sampled_from(("play", "announce", "declare")), data=st.data())
    def malformed_value(self, kind: str, data: st.DataObject) -> None:
        deal = self.deal
        seat = deal.turn if deal.turn is not None else 0
        value: object
        if kind == "play":
            value = data.draw(WRONG_TYPE_CARDS)
            wrong_type = True
        elif kind == "announce":
            seat = data.draw(st.integers(0, 3))
            value = data.draw(st.one_of(BAD_LEVEL_INTS, WRONG_TYPE_LEVELS))
            wrong_type = level_is_wrong_type(value)
        else:
            value = data.draw(WRONG_TYPE_RESERVATIONS)
            wrong_type = True
        attempt_malformed(deal, kind, seat, value, wrong_type)
        self.malformed_action(kind, seat, value, wrong_type)

    def malformed_action(self, kind: str, seat: int, value: object, wrong_type: bool) -> None:
        """Build the action object with the malformed value and apply it."""
        deal = self.deal
        build = {"play": Play, "announce": Announce, "declare": Declare}[kind]
        made, action = outcome(lambda: build(seat, value))
        STATS["malformed"] += 1
        if not made:
            assert isinstance(action, BaseException)
            check_rejection(action, wrong_type, f"{build.__name__}({seat}, {value!r})")
            return
        assert isinstance(action, Play | Announce | Declare)
        if isinstance(action, Announce):
            # Announce converts a stand-in for a level; the value is then a level.
            assert is_level(value), f"Announce({seat}, {value!r}) was built"
            return
        before = snapshot(deal)
        results = [
            outcome(lambda: deal.check(action)),
            outcome(lambda: deal.can_apply(action)),
            outcome(lambda: deal.apply(action)),
        ]
        (checked, error), (answered, legal), (applied, _) = results
        assert not checked, f"{action!r} passed check"
        assert isinstance(error, BaseException)
        check_rejection(error, wrong_type, repr(action))
        assert not applied
        assert not answered or legal is False
        assert unchanged(deal, before)

    @rule(value=NON_ACTIONS)
    def not_an_action(self, value: Any) -> None:
        deal = self.deal
        before = snapshot(deal)
        calls: dict[str, Callable[[Any], object]] = {
            "apply": deal.apply,
            "check": deal.check,
            "can_apply": deal.can_apply,
        }
        for name, call in calls.items():
            ok, result = outcome(partial(call, value))
            assert not ok, f"{name}({value!r}) gave {result!r}"
            assert isinstance(result, BaseException)
            check_rejection(result, True, f"{name}({value!r})")
        assert unchanged(deal, before)
        STATS["malformed"] += 1

    @rule(bad_seat=st.one_of(BAD_SEAT_INTS, WRONG_TYPE_SEATS))
    def malformed_query(self, bad_seat: Any) -> None:
        deal = self.deal
        wrong_type = seat_is_wrong_type(bad_seat)
        stand_in = stands_for_int(bad_seat)
        queries: dict[str, Callable[[Any], object]] = {
            "view": deal.view,
            "legal_announcements": deal.legal_announcements,
            "hand_size": deal.hand_size,
            "legal_cards": deal.legal_cards,
        }
        for name, query in queries.items():
            ok, result = outcome(partial(query, bad_seat))
            where = f"{name}({bad_seat!r}) in {deal!r}"
            STATS["malformed queries"] += 1
            if name == "legal_cards" and ok and result == ():
                continue
            if name == "legal_cards" and bad_seat is None:
                assert result == deal.legal_cards(), f"{where}: not the seat on turn's cards"
                continue
            if name == "view" and not ok and type(result) is ValueError:
                STATS["deviation: view with a bad seat raises a bare ValueError"] += 1
                continue
            if name in ("legal_announcements", "hand_size") and (
                (not ok and isinstance(result, IndexError))
                or (ok and (stand_in is None or not 0 <= stand_in <= 3))
            ):
                STATS[f"deviation: {name} does not check the seat"] += 1
                continue
            if ok:
                assert stand_in is not None, f"{where} gave {result!r}"
                assert 0 <= stand_in <= 3, f"{where} gave {result!r}"
                assert result == query(stand_in), f"{where} differs from seat {stand_in}"
            else:
                assert isinstance(result, BaseException)
                check_rejection(result, wrong_type, where)

    # --- invariants ---------------------------------------------------------

    @invariant()
    def cards_and_points(self) -> None:
        check_cards(self.deal)

    @invariant()
    def tricks_and_turn(self) -> None:
        check_tricks_and_turn(self.deal)

    @invariant()
    def contract(self) -> None:
        check_contract(self.deal)

    @invariant()
    def announcement_history(self) -> None:
        check_announcement_history(self.deal)

    @invariant()
    def legal_actions_listed(self) -> None:
        check_legal_actions(self.deal)

    @invariant()
    def announcements_listed(self) -> None:
        check_legal_announcements(self.deal)

    @invariant()
    def views(self) -> None:
        check_views(self.deal, self.calls % 4)

    @invariant()
    def replay_and_settlement(self) -> None:
        self.calls += 1
        finished = self.deal.is_finished and self.settled is not self.deal
        if finished or self.calls % REPLAY_EVERY == 0:
            check_replay(self.deal)
        if finished:
            check_finished(self.deal)
            self.settled = self.deal


def test_deal_machine() -> None:
    """Deals driven by legal, illegal and malformed actions keep every invariant."""
    run_state_machine_as_test(DealMachine, settings=fuzz_settings(10))


# --- the procedures of V§6-§9: Armut, Schmeißen, compulsory and forced solos ----

PROCEDURE_RULES: Final = dk_strategies.rules(armut=True).flatmap(
    lambda table: st.sampled_from(
        (
            table,
            attrs.evolve(table, schmeissen=frozenset({"trumps1", "kings5", "full7"})),
            attrs.evolve(table, compulsory_solo=True, solos=True, session_length=None),
        )
    )
)


@st.composite
def procedure_deals(draw: st.DrawFn) -> Deal:
    """A shuffled deal under rules with Armut, sometimes Schmeißen or compulsory solos."""
    table = draw(PROCEDURE_RULES)
    owing: frozenset[int] = frozenset()
    forced = False
    if table.compulsory_solo:
        owing = frozenset(draw(st.sets(st.integers(0, 3))))
        forced = bool(owing) and draw(st.booleans())
    deal = Deal.shuffled(
        draw(st.integers(0, 2**32 - 1)),
        dealer=draw(st.integers(0, 3)),
        rules=table,
        owing=owing,
        forced=forced,
    )
    poor = draw(st.sampled_from((None, 0, 1, 2, 3)))
    if poor is None:
        return deal
    # Make ``poor`` poor: swap its trumps beyond two for other seats' plain cards.
    order = table.card_order(GameType.NORMAL)
    hands = [list(hand) for hand in deal.dealt]
    for other in (seat for seat in range(4) if seat != poor):
        for index, card in enumerate(hands[other]):
            trumps = [c for c in hands[poor] if order.is_trump(c)]
            if len(trumps) <= 2:
                break
            if not order.is_trump(card):
                hands[poor].remove(trumps[0])
                hands[poor].append(card)
                hands[other][index] = trumps[0]
    return Deal.from_hands(
        [Hand(hand) for hand in hands],
        dealer=deal.dealer,
        rules=table,
        owing=owing,
        forced=forced,
    )


EXCHANGE_VERBS: Final = {
    PassCards: ("check_pass_cards", "can_pass_cards", "pass_cards"),
    ReturnCards: ("check_return_cards", "can_return_cards", "return_cards"),
    AnswerPoverty: ("check_answer_poverty", "can_answer_poverty", "answer_poverty"),
}


def procedure_candidates(deal: Deal) -> list[Action]:
    """Actions aimed at the exchange and the answers of V§6, V§7, V§9.5, legal or not."""
    found: list[Action] = list(deal.legal_actions[:6])
    for seat in range(4):
        hand = tuple(deal.hands[seat])
        if len(hand) >= 3:
            found += [PassCards(seat, hand[:3]), ReturnCards(seat, hand[-3:])]
        found += [AnswerPoverty(seat, True), AnswerPoverty(seat, False)]
        found += [Declare(seat, Reservation.POVERTY), Declare(seat, Reservation.HEALTHY)]
        found += [Declare(seat, Reservation.THROW, reason) for reason in THROW_REASONS]
    return found


def exchange_verbs_agree(deal: Deal, action: Action) -> Deal:
    """``check``, ``can_apply``, ``apply`` and the action's own three verbs agree."""
    before = snapshot(deal)
    legal = deal.can_apply(action)
    if isinstance(action, PassCards | ReturnCards | AnswerPoverty):
        check, can, act = (getattr(deal, name) for name in EXCHANGE_VERBS[type(action)])
        argument = action.accept if isinstance(action, AnswerPoverty) else action.cards
        assert can(action.seat, argument) == legal
        if legal:
            check(action.seat, argument)
            assert act(action.seat, argument) == deal.apply(action)
        else:
            with pytest.raises(IllegalActionError):
                check(action.seat, argument)
            with pytest.raises(IllegalActionError):
                act(action.seat, argument)
    if legal:
        new = deal.apply(action)
        assert new.history[-1].as_action() == action or isinstance(action, Announce)
        assert unchanged(deal, before)
        return new
    with pytest.raises(IllegalActionError) as caught:
        deal.check(action)
    assert "§" in caught.value.rule, caught.value
    assert caught.value.seat == action.seat
    with pytest.raises(type(caught.value)):
        deal.apply(action)
    assert unchanged(deal, before)
    return deal


class ProcedureMachine(RuleBasedStateMachine):
    """Deals under Armut, Schmeißen and compulsory solos driven by legal and illegal actions."""

    def __init__(self) -> None:
        super().__init__()
        self.deal = Deal.shuffled(0)

    @initialize(deal=procedure_deals())
    def start(self, deal: Deal) -> None:
        self.deal = deal

    @precondition(lambda self: self.deal.is_finished)
    @rule(deal=procedure_deals())
    def next_deal(self, deal: Deal) -> None:
        self.deal = deal

    @precondition(lambda self: not self.deal.is_finished)
    @rule(picks=st.lists(PICKS, min_size=1, max_size=16))
    def legal_steps(self, picks: list[int]) -> None:
        for pick in picks:
            if self.deal.is_finished:
                return
            actions: tuple[Action, ...] = self.deal.legal_actions
            STATS[f"procedures: {self.deal.phase.value}"] += 1
            wishes = [
                action
                for action in actions
                if isinstance(action, Declare)
                and action.reservation in (Reservation.POVERTY, Reservation.THROW)
            ]
            if wishes and pick % 3:
                actions = tuple(wishes)
            self.deal = exchange_verbs_agree(self.deal, actions[pick % len(actions)])

    @rule(picks=st.lists(PICKS, min_size=1, max_size=8))
    def any_candidates(self, picks: list[int]) -> None:
        candidates = procedure_candidates(self.deal)
        for pick in picks:
            self.deal = exchange_verbs_agree(self.deal, candidates[pick % len(candidates)])

    @invariant()
    def deck_and_hands(self) -> None:
        deal = self.deal
        held = sum(hand.bits for hand in deal.hands)
        played = sum(1 << (2 * card.index) for card in deal.played_cards)
        poverty = deal.poverty
        transit = 0
        if deal.phase is Phase.POVERTY_OFFER and poverty is not None and poverty.passed:
            transit = sum(1 << (2 * card.index) for card in poverty.passed)
        assert held + played + transit == deal.rules.deck_bits
        if deal.phase in (Phase.PLAY, Phase.FINISHED):
            assert len({len(hand) for hand in deal.hands}) <= 2

    @invariant()
    def views_and_replay(self) -> None:
        deal = self.deal
        for seat in range(4):
            mine = tuple(action for action in deal.legal_actions if action.seat == seat)
            if deal.phase is Phase.PLAY:
                continue  # announcements of other seats: see DealMachine
            assert deal.view(seat).legal_actions == mine
        assert deal.initial().replay(deal.history) == deal
        if deal.is_void:
            assert deal.turn is None
            assert deal.legal_actions == ()
            with pytest.raises(WrongPhaseError):
                _ = deal.outcome
        elif deal.phase is Phase.FINISHED:
            assert sum(settle(deal).scores) == 0


def test_procedure_machine() -> None:
    """Armut exchanges, void deals and forced deals keep their invariants under any actions."""
    run_state_machine_as_test(ProcedureMachine, settings=fuzz_settings(10))


# --- parsers -----------------------------------------------------------------

NOTATION_PIECES: Final = (
    *"♣♧♠♤♥♡♦♢",
    "\ufe0f",
    *"CSHDcshd",
    *"AaKkQqJjTt9",
    "10",
    "1",
    "0",
    "1O",
    "X",
    " ",
    ",",
    ";",
    "\t",
    "\n",
    "\u00a0",
    "\u212a",
    "\u017f",
)
WORDS: Final = (
    *(game.name for game in GameType),
    *(game.value for game in GameType),
    *(reservation.name for reservation in Reservation),
    *(reservation.value for reservation in Reservation),
    "re",
    "Kontra",
    "contra",
    "keine",
    "k",
    "no",
    "nono",
    "90",
    "60",
    "30",
    "0",
    "schwarz",
    "black",
    "gesund",
    "Hochzeit",
    "solo",
    "_",
    "-",
    " ",
    "\t",
)


def notation_texts() -> st.SearchStrategy[str]:
    """Arbitrary text, and text built from the fragments of cards and names."""
    return st.one_of(
        st.text(),
        st.lists(st.sampled_from(NOTATION_PIECES), max_size=40).map("".join),
        st.lists(st.sampled_from(WORDS), max_size=4).map("".join),
        st.lists(st.sampled_from(WORDS), max_size=4).map(" ".join),
    )


def parsed_or_refused(parse: Callable[[str], object], text: str) -> object | None:
    """``parse(text)``, or ``None`` if it raised an allowed error."""
    try:
        return parse(text)
    except DoppelkopfError as error:
        check_rejection(error, False, f"parse({text!r})")
        return None


PARSERS: Final[dict[str, Callable[[str], object]]] = {
    "Card.parse": Card.parse,
    "Hand.parse": Hand.parse,
    "GameType.parse": GameType.parse,
    "Announcement.parse": Announcement.parse,
    "Reservation.parse": Reservation.parse,
}


def reads_back(name: str, value: object) -> None:
    """A parsed value reads back from its own notation."""
    if isinstance(value, Card):
        assert Card.parse(str(value)) is value
        assert Card.parse(value.ascii) is value
    elif isinstance(value, Hand):
        assert Hand.parse(str(value)) == value
    elif isinstance(value, GameType):
        assert GameType.parse(value.name) is value
        assert GameType.parse(value.value) is value
    elif isinstance(value, Announcement):
        assert Announcement.parse(value.label(Party.RE)) is value
        assert Announcement.parse(value.label(Party.KONTRA)) is value
    elif isinstance(value, Reservation):
        assert Reservation.parse(value.name) is value
        assert Reservation.parse(value.value) is value
    else:
        raise AssertionError(f"{name} returned {value!r}")


@pytest.mark.parametrize("name", sorted(PARSERS))
@fuzz_settings(100, factor=10)
@given(text=notation_texts())
def test_parser_fuzz(name: str, text: str) -> None:
    """Text never makes a parser raise anything but a DoppelkopfError that is a ValueError."""
    STATS[f"parsed: {name}"] += 1
    value = parsed_or_refused(PARSERS[name], text)
    if value is not None:
        reads_back(name, value)


@fuzz_settings(100, factor=10)
@given(text=notation_texts(), leader=st.integers(min_value=0, max_value=3))
def test_trick_parse_fuzz(text: str, leader: int) -> None:
    """``Trick.parse`` reads up to four cards, none three times, or refuses the text."""
    STATS["parsed: Trick.parse"] += 1
    try:
        trick = parsed_or_refused(partial(Trick.parse, leader=leader), text)
    except ValueError:
        # A third copy of a card: see test_trick_parse_refuses_a_third_copy.
        cards = Hand.parse(text)
        assert any(cards.count(card) > 2 for card in cards.distinct())
        STATS["deviation: Trick.parse raises a bare ValueError for a third copy"] += 1
        return
    if trick is not None:
        assert isinstance(trick, Trick)
        assert trick.leader == leader
        assert Trick.parse(str(trick), leader) == trick


# --- records -------------------------------------------------------------------

JSON_SCALARS: Final = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-2, max_value=50),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
)
RECORD_WORDS: Final = (
    "format",
    "version",
    "kind",
    "meta",
    "dealer",
    "cut",
    "hands",
    "reservations",
    "contract",
    "events",
    "settlement",
    "first_dealer",
    "deals",
    "totals",
    "rules",
    "nines",
    "dullen",
    "second_dulle",
    "always",
    "never",
    "type",
    "seat",
    "card",
    "level",
    "party",
    "reservation",
    "play",
    "announce",
    "deal",
    "session",
    "doppelkopf-record",
    "CQ",
    "H10",
    "re",
    "kontra",
    "healthy",
    "NORMAL",
)


RULE_SETS: Final = dk_strategies.rules()
"""Every rule set, for record-shaped objects that state valid rules."""


def json_values() -> st.SearchStrategy[Any]:
    """Arbitrary JSON values, with the words of records among the strings and keys."""
    strings = st.one_of(st.text(max_size=12), st.sampled_from(RECORD_WORDS))
    leaves = st.one_of(JSON_SCALARS, strings)
    return st.recursive(
        leaves,
        lambda children: st.one_of(
            st.lists(children, max_size=5),
            st.dictionaries(strings, children, max_size=6),
        ),
        max_leaves=40,
    )


def record_shaped(kind: str) -> st.SearchStrategy[dict[str, Any]]:
    """Objects with a valid header and arbitrary values for the keys of a record."""
    keys = (
        ("rules", "dealer", "cut", "hands", "reservations", "contract", "events", "settlement")
        if kind == "deal"
        else ("rules", "first_dealer", "deals", "totals")
    )
    header = st.fixed_dictionaries(
        {
            "format": st.just("doppelkopf-record"),
            "version": st.sampled_from((1, 2)),
            "kind": st.just(kind),
        }
    )
    rule_sets = st.one_of(json_values(), RULE_SETS.map(Rules.as_dict))
    body = st.fixed_dictionaries(
        {},
        optional={key: rule_sets if key == "rules" else json_values() for key in (*keys, "meta")},
    )
    return st.tuples(header, body).map(lambda pair: {**pair[0], **pair[1]})


def refused_record(load: Callable[[Any], object], value: object) -> bool:
    """Whether ``load`` refused ``value`` with a RecordError (it may raise nothing else)."""
    try:
        load(value)
    except RecordError as error:
        check_rejection(error, False, "a record")
        return True
    return False


@fuzz_settings(100, factor=5)
@given(
    value=st.one_of(json_values(), record_shaped("deal"), record_shaped("session")),
)
def test_load_fuzz(value: Any) -> None:
    """Any JSON value makes ``load_deal``/``load_session`` raise RecordError, or reads."""
    STATS["loaded: JSON values"] += 1
    refused_record(load_deal, value)
    refused_record(load_session, value)


@fuzz_settings(100, factor=5)
@given(
    text=st.one_of(
        notation_texts(),
        json_values().map(json.dumps),
        st.builds(lambda *picks: edited_record_text(*picks)[1], PICKS, PICKS, PICKS),
        st.binary(max_size=40),
    ),
)
def test_loads_fuzz(text: str | bytes) -> None:
    """Any text makes ``loads_deal``/``loads_session`` raise RecordError, or reads."""
    STATS["loaded: texts"] += 1
    refused_record(loads_deal, text)
    refused_record(loads_session, text)


def play_out(deal: Deal, seed: int, stop: int | None = None) -> Deal:
    """Play ``deal`` with the legal choices of the machine, up to ``stop`` actions."""
    generator = random.Random(seed)
    steps = 0
    while not deal.is_finished and (stop is None or steps < stop):
        deal = deal.apply(choose_legal(deal, generator.randrange(2**16)))
        steps += 1
    return deal


_RECORDS: list[tuple[str, dict[str, Any]]] = []


def base_records() -> list[tuple[str, dict[str, Any]]]:
    """Real records to mutate: finished deals of every kind, unfinished deals, a session."""
    if _RECORDS:
        return _RECORDS
    deals: list[Deal] = []
    games: set[GameType | None] = set()
    announcing = 0
    for seed in range(300):
        dealer = seed % 4
        deal = Deal.shuffled(seed, dealer=dealer)
        if seed % 2:
            hands = with_both_club_queens(deal.dealt, seed // 2 % 4)
            deal = Deal.from_hands(hands, dealer=dealer, cut=deal.cut)
        deal = play_out(deal, seed)
        if deal.game_type not in games:
            games.add(deal.game_type)
            deals.append(deal)
        elif announcing < 4 and len(deal.announcements) >= 2:
            announcing += 1
            deals.append(deal)
        if len(games) == len(DDV_GAMES) and announcing == 4:
            break
    _RECORDS.extend(("deal", dump_deal(deal, meta={"seed": 1, "tags": ["a", 2]})) for deal in deals)
    for stop in (0, 2, 6, 11, 30):
        _RECORDS.append(
            ("deal", dump_deal(play_out(Deal.shuffled(stop, dealer=stop % 4), 5, stop)))
        )
    for seed, rules in enumerate(OTHER_RULES):
        deal = play_out(Deal.shuffled(seed, dealer=seed % 4, rules=rules), seed)
        _RECORDS.append(("deal", dump_deal(deal)))
    session = [
        play_out(Deal.shuffled(number, dealer=(1 + number) % 4), number) for number in range(3)
    ]
    _RECORDS.append(("session", dump_session(1, session, meta={"place": "Köln"})))
    session = [
        play_out(Deal.shuffled(number, dealer=number % 4, rules=OTHER_RULES[0]), number)
        for number in range(2)
    ]
    _RECORDS.append(("session", dump_session(0, session)))
    _RECORDS.extend(("deal", dump_deal(deal)) for deal in procedure_record_deals())
    _RECORDS.append(("session", dump_session(procedure_record_session())))
    return _RECORDS


DDV_GAMES: Final = frozenset(GameType) - {GameType.POVERTY}
"""The game types a deal under the DDV rules can reach (no Armut, V§6)."""

RECORD_PROCEDURE_RULES: Final = Rules(armut=True, schmeissen=frozenset({"nines5", "kings5"}))
"""The rules of the Armut and void deals among the mutated records (V§6-V§8)."""


def play_procedures(deal: Deal, seed: int, accept: bool) -> Deal:
    """Play ``deal`` on, declaring Armut or Schmeißen where a hand may (V§6.1, V§7.2).

    An Armut is refused by the first seat asked and, with ``accept``, accepted
    by the second; without it, refused by all three (a void deal, V§6.3).
    """
    generator = random.Random(seed)
    while not deal.is_finished:
        actions = deal.legal_actions
        seat = deal.turn
        assert seat is not None
        poverty = deal.poverty
        if deal.phase is Phase.RESERVATIONS:
            wished = [
                action
                for action in actions
                if isinstance(action, Declare)
                and action.reservation in (Reservation.POVERTY, Reservation.THROW)
            ]
            if wished:
                action: Action = wished[0]
            elif deal.forced:
                action = actions[generator.randrange(len(actions))]
            else:
                action = choose_legal(deal, generator.randrange(2**16))
        elif deal.phase is Phase.POVERTY_OFFER and poverty is not None:
            action = AnswerPoverty(seat, accept and len(poverty.answers) > 0)
        elif deal.phase in (Phase.POVERTY_PASS, Phase.POVERTY_RETURN):
            action = actions[generator.randrange(len(actions))]
        else:
            action = choose_legal(deal, generator.randrange(2**16))
        deal = deal.apply(action)
    return deal


def procedure_record_deals() -> list[Deal]:
    """Deals of the procedures: a played Armut, one in its exchange, a thrown deal, a refused
    Armut, and tournament deals with owed solos, one of them forced (V§6-V§9)."""
    found: dict[str, Deal] = {}
    for seed in range(500):
        for accept in (True, False):
            start = Deal.shuffled(seed, dealer=seed % 4, rules=RECORD_PROCEDURE_RULES)
            deal = play_procedures(start, seed, accept)
            void = deal.void
            kind = "armut" if deal.game_type is GameType.POVERTY else void and void.reason
            if kind and kind not in found:
                found[kind] = deal
        if len(found) == 3:
            break
    armut = found["armut"]
    exchanging = armut.initial().replay(armut.history[:6])
    tournament = [
        play_procedures(
            Deal.shuffled(seed, dealer=seed, rules=Rules.TOURNAMENT, owing=owing, forced=forced),
            seed,
            False,
        )
        for seed, owing, forced in ((1, {0, 2}, False), (2, {1, 3}, True), (3, {3}, False))
    ]
    return [*found.values(), exchanging, *tournament]


def procedure_record_session() -> Session:
    """A short session with an Armut and a void deal among its deals (V§8)."""
    for offset in range(0, 2000, 20):
        session = Session.new(2, rules=RECORD_PROCEDURE_RULES)
        for number in range(offset, offset + 6):
            # an Armut is refused by all until a deal is void, then accepted
            voided = any(deal.is_void for deal in session.deals)
            session = session.add(play_procedures(session.next_deal(number), number, voided))
            if voided and any(deal.game_type is GameType.POVERTY for deal in session.deals):
                return session
    raise AssertionError("no seed gives such a session")  # pragma: no cover


OTHER_RULES: Final = (
    Rules(nines=False, second_dulle="always"),
    Rules(dullen=False, schweinchen=True),
    Rules(specials=False, skip_levels=False, solos=False),
    Rules(karlchen_caught=True, fox_at_end=True, second_dulle="except_last_trick"),
)
"""Rule sets the mutated records are played under, besides the default rules."""


JsonPath: TypeAlias = tuple[str | int, ...]


def places(value: object, path: JsonPath = ()) -> Iterator[JsonPath]:
    """The path of every value inside a JSON value, the value itself included."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from places(item, (*path, index))


def replacements(value: object) -> list[object]:
    """Values to put in place of ``value``: near misses of its own kind and other kinds."""
    others: list[object] = [None, 0, -1, 1.5, "", "x", True, [], {}]
    if type(value) is bool:
        return [not value, int(value), *others]
    if isinstance(value, int):
        return [value + 1, value - 1, value + 4, -value, 12, 48, 2**40, float(value), str(value)]
    if isinstance(value, str):
        cards = [card.ascii for card in DISTINCT_CARDS]
        words = [*RECORD_WORDS, "marriage", "SOLO_Q", "MARRIAGE", "SILENT_MARRIAGE", "kontra"]
        return [value.lower(), value.upper(), value + " ", *cards[::3], *words[::2], "♣Q", 3]
    return others


def mutate(record: Any, path: JsonPath, choice: int) -> Any:
    """``record`` (copied) with the value at ``path`` replaced, removed or given a new key."""
    copy = json.loads(json.dumps(record))
    if not path:
        return [copy] if choice % 2 else {**copy, "extra": choice}
    parent = copy
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    options = replacements(parent[last])
    mode = choice % (len(options) + 2)
    if mode == len(options):
        del parent[last]
    elif mode == len(options) + 1:
        if isinstance(parent[last], dict):
            parent[last]["unknown"] = 1
        elif isinstance(parent[last], list):
            parent[last].append(parent[last][-1] if parent[last] else 0)
        else:
            parent[last] = [parent[last]]
    else:
        parent[last] = options[mode]
    return copy


def canonical(value: object) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


@fuzz_settings(100, factor=1)
@given(which=PICKS, where=PICKS, choice=PICKS)
def test_mutated_records(which: int, where: int, choice: int) -> None:
    """A record with one entry changed raises RecordError or loads to exactly that record."""
    records = base_records()
    kind, record = records[which % len(records)]
    paths = list(places(record))
    path = paths[where % len(paths)]
    mutated = mutate(record, path, choice)
    STATS["loaded: mutated records"] += 1
    meta = mutated.get("meta") if isinstance(mutated, dict) else None
    try:
        if kind == "deal":
            deal = load_deal(mutated)
            again: object = dump_deal(deal, meta=meta)
        else:
            first, deals = load_session(mutated)
            again = dump_session(first, deals, meta=meta)
    except RecordError as error:
        check_rejection(error, False, f"a record changed at {path}")
        STATS["mutated records refused"] += 1
        return
    assert canonical(again) == canonical(mutated), f"{path}: loaded, but the record differs"
    STATS["mutated records read"] += 1


def edited_record_text(which: int, where: int, choice: int) -> tuple[str, str]:
    """The kind and text of a real record, cut short or with one character removed or added."""
    records = base_records()
    kind, record = records[which % len(records)]
    text = json.dumps(record, ensure_ascii=choice % 2 == 0)
    position = where % (len(text) + 1)
    edits = (
        text[:position],
        text[:position] + text[position + 1 :],
        text[:position] + "}" + text[position:],
        text[:position] + " " + text[position:],
    )
    return kind, edits[choice % len(edits)]


@fuzz_settings(100, factor=1 / 2)
@given(which=PICKS, where=PICKS, choice=PICKS)
def test_edited_record_texts(which: int, where: int, choice: int) -> None:
    """A record text cut or edited raises RecordError or loads to what the text says."""
    kind, text = edited_record_text(which, where, choice)
    STATS["loaded: edited record texts"] += 1
    try:
        if kind == "deal":
            deal = loads_deal(text)
            again: object = dump_deal(deal)
        else:
            first, deals = loads_session(text)
            again = dump_session(first, deals)
    except RecordError as error:
        check_rejection(error, False, "an edited record")
        return
    data = json.loads(text)
    data.pop("meta", None)
    assert canonical(again) == canonical(data)
    STATS["edited record texts read"] += 1


# --- hostile records -------------------------------------------------------------

HOSTILE_DEPTHS: Final = st.one_of(
    st.integers(min_value=MAX_DEPTH - 4, max_value=MAX_DEPTH + 4),
    st.integers(min_value=0, max_value=3000),
    st.just(20_000),
)
HOSTILE_DIGITS: Final = st.one_of(
    st.integers(min_value=18, max_value=23), st.integers(min_value=1, max_value=6000)
)


def nest(depth: int, inner: str, kind: int) -> str:
    """``inner`` inside ``depth`` arrays, objects or both, as JSON text."""
    openers = ("[", '{"k": ', '[{"k": ')[kind % 3]
    closers = ("]", "}", "}]")[kind % 3]
    return openers * depth + inner + closers * depth


ANY_CHARACTERS: Final = st.characters(codec=None, exclude_categories=())
SURROGATE_ESCAPES: Final = st.sampled_from(
    ["\\ud800", "\\udfff", "\\udc00\\ud800", "\\ud83d\\ude00"]
)
HOSTILE_FRAGMENTS: Final = st.one_of(
    # nesting around the limit and far beyond it
    st.builds(nest, HOSTILE_DEPTHS, st.sampled_from(["1", "", '"x"']), PICKS),
    # integers and numbers around the digit limit and far beyond it
    st.builds(
        lambda sign, digits, tail: sign + "9" * digits + tail,
        st.sampled_from(["", "-"]),
        HOSTILE_DIGITS,
        st.sampled_from(["", ".5"]),
    ),
    st.sampled_from(["NaN", "Infinity", "-Infinity", "1e400", "-1E999", "1e308"]),
    # a key twice in one object
    st.sampled_from(["a", "dealer", "\\ud800", ""]).map(
        lambda key: f'{{"{key}": 1, "b": 2, "{key}": 3}}'
    ),
    # lone surrogates, escaped or raw
    SURROGATE_ESCAPES.map(lambda escape: f'["{escape}", {{"{escape}": 0}}]'),
    st.text(ANY_CHARACTERS, max_size=8).map(json.dumps),
    st.text(ANY_CHARACTERS, max_size=8).map(lambda text: f'"{text}"'),
    # brackets and escapes inside a string left open
    st.integers(min_value=0, max_value=500).map(lambda count: '"' + "[{" * count + '\\"\\\\"'),
    # text over the size limit
    st.just(" " * MAX_BYTES),
)
"""JSON text, valid or nearly, that tests one limit of the readers."""


def short_message(error: RecordError) -> None:
    """A refusal's message is short and can be printed."""
    message = str(error)
    assert len(message) < 300, message
    message.encode("utf-8")


PLACEHOLDER: Final = "@@hostile@@"


def with_value(record: dict[str, Any], where: int, in_meta: bool, value: object) -> dict[str, Any]:
    """A copy of ``record`` with ``value`` as its ``meta``'s one entry or in place of a value."""
    changed: dict[str, Any] = json.loads(json.dumps(record))
    if in_meta:
        changed["meta"] = {"x": value}
        return changed
    paths = [path for path in places(changed) if path]
    path = paths[where % len(paths)]
    parent: Any = changed
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = value
    return changed


@fuzz_settings(40, factor=2)
@given(
    which=PICKS,
    where=PICKS,
    in_meta=st.booleans(),
    fragment=HOSTILE_FRAGMENTS,
    encode=st.booleans(),
)
def test_hostile_record_texts(
    which: int, where: int, in_meta: bool, fragment: str, encode: bool
) -> None:
    """A real record with one hostile value in its text raises RecordError, or reads back."""
    records = base_records()
    kind, record = records[which % len(records)]
    changed = with_value(record, where, in_meta, PLACEHOLDER)
    text = json.dumps(changed).replace(json.dumps(PLACEHOLDER), fragment)
    data: str | bytes = text.encode("utf-8", "surrogatepass") if encode else text
    STATS["loaded: hostile record texts"] += 1
    loader = loads_deal if kind == "deal" else loads_session
    try:
        loaded = loader(data)
    except RecordError as error:
        check_rejection(error, False, "a hostile record text")
        short_message(error)
        STATS["hostile record texts refused"] += 1
        return
    STATS["hostile record texts read"] += 1
    again = json.loads(text)
    if kind == "deal":
        assert isinstance(loaded, Deal)
        assert load_deal(again) == loaded
        assert loads_deal(dumps_deal(loaded, meta=again.get("meta"))) == loaded
    else:
        assert load_session(again) == loaded


def nested_value(depth: int, kind: int) -> object:
    """``depth`` lists or dicts, each holding the next, built without recursion."""
    outer: Any = [] if kind % 2 == 0 else {}
    inner = outer
    for _ in range(depth):
        item: Any = [] if kind % 2 == 0 else {}
        if isinstance(inner, list):
            inner.append(item)
        else:
            inner["k"] = item
        inner = item
    return outer


@st.composite
def hostile_values(draw: st.DrawFn) -> object:
    """Python values that test one limit of the readers of records given as values."""
    kind = draw(st.integers(min_value=0, max_value=5))
    if kind == 0:
        return nested_value(draw(HOSTILE_DEPTHS), draw(PICKS))
    if kind == 1:
        return draw(st.sampled_from([1, -1])) * 10 ** draw(HOSTILE_DIGITS)
    if kind == 2:
        return draw(st.sampled_from([math.nan, math.inf, -math.inf, 1e308]))
    if kind == 3:
        return draw(st.text(st.characters(codec=None, exclude_categories=()), max_size=8))
    if kind == 4:
        loop: list[object] = [1]
        loop.append(loop)
        return loop
    return {draw(st.sampled_from(["\ud800", 1, (1, 2), "k"])): 0}


@fuzz_settings(40, factor=2)
@given(which=PICKS, where=PICKS, in_meta=st.booleans(), value=hostile_values())
def test_hostile_record_values(which: int, where: int, in_meta: bool, value: object) -> None:
    """A real record with one hostile Python value raises RecordError, or loads and saves."""
    records = base_records()
    kind, record = records[which % len(records)]
    changed = with_value(record, where, in_meta, value)
    STATS["loaded: hostile record values"] += 1
    loader = load_deal if kind == "deal" else load_session
    try:
        loader(changed)
    except RecordError as error:
        check_rejection(error, False, "a hostile record value")
        short_message(error)
        STATS["hostile record values refused"] += 1
        return
    STATS["hostile record values read"] += 1
    assert (loads_deal if kind == "deal" else loads_session)(json.dumps(changed)) is not None


# --- score-sheet summaries -----------------------------------------------------

WILD_COUNTS: Final = st.one_of(
    st.integers(min_value=-2, max_value=14),
    st.integers(min_value=-5, max_value=250),
    st.integers(),
)
WILD_LEVELS: Final = st.one_of(
    st.none(), st.sampled_from(LEVELS), st.integers(min_value=-2, max_value=6), st.integers()
)


@st.composite
def party_results(draw: st.DrawFn, *, wild: bool, specials: bool) -> PartyResult:
    """A party's result from any integers (``wild``), or from numbers within their ranges."""
    if wild:
        points, tricks, special = WILD_COUNTS, WILD_COUNTS, WILD_COUNTS
        level, flag, karlchen = WILD_LEVELS, st.booleans(), st.booleans()
    else:
        points, tricks = st.integers(0, 240), st.integers(0, 12)
        special = st.integers(0, 2) if specials else st.just(0)
        level = st.one_of(st.none(), st.integers(0, 4))
        flag = st.sampled_from((False, False, False, True))
        karlchen = flag if specials else st.just(False)
    return PartyResult(
        draw(points),
        draw(tricks),
        announcement=draw(level),
        late_reply=draw(flag),
        doppelkopf=draw(special),
        foxes_caught=draw(special),
        karlchen=draw(karlchen),
    )


@fuzz_settings(100, factor=10)
@given(
    game=st.sampled_from(GameType),
    wild=st.booleans(),
    complement=st.booleans(),
    data=st.data(),
)
def test_summary_fuzz(game: GameType, wild: bool, complement: bool, data: st.DataObject) -> None:
    """Integers make a valid summary that settles to zero, or raise InvalidSummaryError."""
    STATS["summaries"] += 1
    if wild:
        seats = st.frozensets(st.one_of(st.integers(0, 3), st.integers()), max_size=4)
    else:
        size = 1 if game.is_solo else 2
        seats = st.sampled_from([frozenset(group) for group in combinations(range(4), size)])
    re_seats = data.draw(seats, label="re_seats")
    try:
        re = data.draw(party_results(wild=wild, specials=game.has_special_points), label="re")
        kontra = data.draw(party_results(wild=wild, specials=game.has_special_points))
        if complement or not wild:
            kontra = attrs.evolve(kontra, card_points=240 - re.card_points, tricks=12 - re.tricks)
        summary = DealSummary(game, re_seats, re, kontra)
    except InvalidSummaryError as error:
        check_rejection(error, False, "a summary")
        return
    settlement = settle(summary)
    assert sum(settlement.scores) == 0
    assert settlement.summary == summary
    for seat in range(4):
        own = settlement.value if seat in summary.re_seats else -settlement.value
        assert settlement.scores[seat] == (
            3 * own if seat in summary.re_seats and game.is_solo else own
        )
    STATS["summaries valid"] += 1


# --- regressions: deviations found by the fuzzers ------------------------------
#
# Each test below pins one case the fuzzers found; all of them are fixed, and the
# deal machine checks the fixed behaviour.


def _started() -> Deal:
    """A normal game after the reservation round (seat 3 deals, seat 0 leads)."""
    deal = Deal.shuffled(7, dealer=3)
    for seat in (0, 1, 2, 3):
        deal = deal.declare(seat, Reservation.HEALTHY)
    assert deal.game_type is GameType.NORMAL
    return deal


def test_declare_refuses_a_non_reservation() -> None:
    """A reservation given by name is refused with the rule's error, not an AttributeError."""
    deal = Deal.shuffled(7, dealer=3)
    assert deal.can_declare(0, "healthy") is False  # type: ignore[arg-type]
    with pytest.raises(InvalidReservationError):
        deal.check_declare(0, "healthy")  # type: ignore[arg-type]
    with pytest.raises(InvalidReservationError):
        deal.declare(0, "healthy")  # type: ignore[arg-type]


def test_announce_refuses_a_level_outside_0_to_4() -> None:
    """Level 7 is refused with a DoppelkopfError, and can_announce answers False."""
    deal = _started()
    assert deal.can_announce(0, 7) is False  # type: ignore[arg-type]
    with pytest.raises(DoppelkopfError):
        deal.announce(0, 7)  # type: ignore[arg-type]


def test_announce_action_refuses_a_level_like_a_seat() -> None:
    """An action object with a bad level is refused as one with a bad seat is."""
    with pytest.raises(IllegalActionError):
        Play(4, CLUB_QUEEN)
    with pytest.raises(IllegalActionError):
        Announce(0, 7)


def test_play_refuses_a_bool_seat() -> None:
    """``True`` is no seat: play refuses it, or else the history it writes must read."""
    deal = _started()
    deal = deal.play(0, deal.legal_cards()[0])
    card = deal.legal_cards()[0]
    try:
        played = deal.play(True, card)
    except IllegalActionError:
        return
    played.history  # noqa: B018 - reading the history is the test


def test_declare_agrees_with_check_declare_on_a_bool_seat() -> None:
    """can_declare and declare agree on ``True`` as a seat."""
    deal = Deal.shuffled(7, dealer=0)  # seat 1 is asked first
    accepted = deal.can_declare(True, Reservation.HEALTHY)
    ok, _ = outcome(lambda: deal.declare(True, Reservation.HEALTHY))
    assert accepted == ok


def test_trick_parse_refuses_a_third_copy() -> None:
    """A parser raises InvalidNotationError for text that is no trick, as Hand.parse does."""
    with pytest.raises(InvalidNotationError):
        Trick.parse("♣Q ♣Q ♣Q")


@pytest.mark.parametrize("seat", [4, -1])
def test_legal_announcements_refuses_a_seat_outside_0_to_3(seat: int) -> None:
    """Seat 4 used to raise IndexError, and seat -1 answered for seat 3."""
    with pytest.raises(DoppelkopfError):
        _started().legal_announcements(seat)


@pytest.mark.parametrize("seat", [4, -1])
def test_hand_size_refuses_a_seat_outside_0_to_3(seat: int) -> None:
    """Seat 4 used to raise IndexError, and seat -1 answered for seat 3."""
    with pytest.raises(DoppelkopfError):
        _started().hand_size(seat)


def test_view_of_a_bad_seat_raises_a_doppelkopf_error() -> None:
    """Every error the library raises on purpose is a DoppelkopfError (``errors``)."""
    with pytest.raises(DoppelkopfError):
        _started().view(4)


def test_model_seat_rules() -> None:
    """The model's asking order and the stand-in rules used by the machine."""
    assert asking_order(3) == (0, 1, 2, 3)
    assert asking_order(1) == (2, 3, 0, 1)
    assert stands_for_int(True) == 1
    assert stands_for_int(2.0) == 2
    assert stands_for_int(2.5) is None
    assert stands_for_int("1") is None
    assert is_level(Announcement.SCHWARZ)
    assert not is_level(7)
