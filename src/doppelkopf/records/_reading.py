"""Reading records: the structure of a record checked, and its deal replayed through the rules."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from ..cards import Card, Hand
from ..deal import Announced, Deal, Reservation
from ..errors import DoppelkopfError
from ..parties import Announcement
from ..rules import Rules
from ..session import Session
from ._common import (
    GAME_TYPES,
    PARTIES,
    REASON_KEY,
    RESERVATIONS,
    RULES_KEY,
    SOLO_KIND_KEY,
    SOLO_KINDS,
    THROW_NAMES,
    TOURNAMENT_KEYS,
    VOID_REASONS,
    Entry,
    RecordError,
    show,
    snapshot,
)
from ._layout import TABLE_KEY, obj
from ._sessions import check_table, is_paper, read_paper, read_start
from ._structure import (
    _array,
    _card,
    _check_header,
    _fields,
    _int,
    _list,
    _mismatch,
    _object,
    _read,
)
from ._writing import contract_fields, settlement_fields

_DEAL: Final = obj("deal")
_RESERVATION: Final = obj("reservation")
_PLAY: Final = obj("playEvent")
_ANNOUNCE: Final = obj("announceEvent")
_PASS: Final = obj("passEvent")
_ANSWER: Final = obj("answerEvent")
_RETURN: Final = obj("returnEvent")
_CONTRACT: Final = obj("contract")
_VOID: Final = obj("voidContract")
_SETTLEMENT: Final = obj("settlement")
_LINE: Final = obj("valueLine")

# --- reading: replay -------------------------------------------------------------


def _read_hands(data: Mapping[str, object], entry: Entry, prefix: str, rules: Rules) -> list[Hand]:
    hands = _array(data, "hands", entry, _DEAL)
    result = []
    for seat, cards in enumerate(hands):
        hand_entry = Entry(f"{prefix}hand {seat}", (*entry.path, "hands", seat))
        if not isinstance(cards, list | tuple):
            hand_entry.fail(f"must be a JSON array of cards, not {show(cards)}")
        if len(cards) != rules.hand_size:
            hand_entry.fail(
                f"must hold {rules.hand_size} cards, not {len(cards)} "
                f"({'§2.4' if rules.nines else 'V§1.2'})"
            )
        try:
            result.append(
                Hand(
                    _card(card, hand_entry, index, f"card {index}")
                    for index, card in enumerate(cards)
                )
            )
        except ValueError as error:
            if isinstance(error, RecordError):
                raise
            hand_entry.fail(str(error), cause=error)
    return result


def _reserve(deal: Deal, data: Mapping[str, object], entry: Entry, prefix: str) -> Deal:
    reservations = _array(data, "reservations", entry, _DEAL)
    for number, item in enumerate(reservations):
        item_entry = Entry(f"{prefix}reservation {number}", (*entry.path, "reservations", number))
        answer = _fields(item, item_entry, _RESERVATION)
        seat: int = _read(answer, "seat", item_entry, _RESERVATION)
        reservation = RESERVATIONS[_read(answer, "reservation", item_entry, _RESERVATION)]
        reason = (
            THROW_NAMES[_read(answer, REASON_KEY, item_entry, _RESERVATION)]
            if REASON_KEY in answer
            else None
        )
        if reason is None and reservation is Reservation.THROW:
            item_entry.fail("missing key 'reason': Schmeißen names its reason (V§7.2)")
        if reason is not None and reservation is not Reservation.THROW:
            item_entry.fail(
                f"only Schmeißen names a reason, not {reservation.value} (V§7.2)", key=REASON_KEY
            )
        item_entry.name += f" (seat {seat} {reservation.value}"
        item_entry.name += ")" if reason is None else f" {reason})"
        try:
            deal = deal.declare(seat, reservation, reason)
        except DoppelkopfError as error:
            item_entry.fail(str(error), cause=error)
    return deal


def _play(deal: Deal, event: Mapping[str, object], entry: Entry) -> Deal:
    _fields(event, entry, _PLAY)
    seat: int = _read(event, "seat", entry, _PLAY)
    card = _card(event["card"], entry, "card", "'card'")
    entry.name += f" (play seat {seat} {card})"
    try:
        return deal.play(seat, card)
    except DoppelkopfError as error:
        entry.fail(str(error), cause=error)


def _announce(deal: Deal, event: Mapping[str, object], entry: Entry) -> Deal:
    _fields(event, entry, _ANNOUNCE)
    seat: int = _read(event, "seat", entry, _ANNOUNCE)
    level = Announcement(_read(event, "level", entry, _ANNOUNCE))
    party = PARTIES[_read(event, "party", entry, _ANNOUNCE)]
    hand_size: int = _read(event, "hand_size", entry, _ANNOUNCE)
    moment: int = _read(event, "moment", entry, _ANNOUNCE)
    late_reply = event["late_reply"]
    if type(late_reply) is not bool:
        entry.fail(f"'late_reply' must be true or false, not {show(late_reply)}", key="late_reply")
    entry.name += f" (announce seat {seat} {level.label(party)})"
    try:
        announced = deal.announce(seat, level)
    except DoppelkopfError as error:
        entry.fail(str(error), cause=error)
    if announced is deal:
        entry.fail(
            "the party already holds this level; a repetition changes nothing and is never "
            "recorded (§8.6a, §8.8a)"
        )
    actual = announced.history[-1]
    assert isinstance(actual, Announced)
    for key, recorded, replayed in (
        ("party", party.value, actual.party.value),
        ("hand_size", hand_size, actual.hand_size),
        ("moment", moment, actual.moment),
        ("late_reply", late_reply, actual.late_reply),
    ):
        if recorded != replayed:
            _mismatch(entry, key, recorded, replayed)
    return announced


def _exchange_cards(event: Mapping[str, object], entry: Entry) -> tuple[Card, ...]:
    """The three cards of an exchange step, written in the order of the deck (V§6.3)."""
    cards = _list(event, "cards", entry)
    if len(cards) != 3:
        entry.fail(
            f"'cards' must hold 3 cards, not {len(cards)}: an Armut exchange moves exactly 3 "
            "(V§6.3)",
            key="cards",
        )
    where = Entry(entry.name, (*entry.path, "cards"))
    parsed = tuple(_card(card, where, index, f"card {index}") for index, card in enumerate(cards))
    if list(parsed) != sorted(parsed, key=_card_index):
        entry.fail(
            f"'cards' must be written in the order of the deck, suits C S H D and ranks "
            f"9 J Q K 10 A: {[card.ascii for card in sorted(parsed, key=_card_index)]}, not "
            f"{[card.ascii for card in parsed]}",
            key="cards",
        )
    return parsed


def _card_index(card: Card) -> int:
    return card.index


def _pass(deal: Deal, event: Mapping[str, object], entry: Entry) -> Deal:
    _fields(event, entry, _PASS)
    seat: int = _read(event, "seat", entry, _PASS)
    cards = _exchange_cards(event, entry)
    entry.name += f" (pass seat {seat} {' '.join(map(str, cards))})"
    try:
        return deal.pass_cards(seat, cards)
    except DoppelkopfError as error:
        entry.fail(str(error), cause=error)


def _answer(deal: Deal, event: Mapping[str, object], entry: Entry) -> Deal:
    _fields(event, entry, _ANSWER)
    seat: int = _read(event, "seat", entry, _ANSWER)
    accept = event["accept"]
    if type(accept) is not bool:
        entry.fail(f"'accept' must be true or false, not {show(accept)}", key="accept")
    entry.name += f" (answer seat {seat} {'accept' if accept else 'refuse'})"
    try:
        return deal.answer_poverty(seat, accept)
    except DoppelkopfError as error:
        entry.fail(str(error), cause=error)


def _return(deal: Deal, event: Mapping[str, object], entry: Entry) -> Deal:
    _fields(event, entry, _RETURN)
    seat: int = _read(event, "seat", entry, _RETURN)
    cards = _exchange_cards(event, entry)
    trumps: int = _read(event, "trumps", entry, _RETURN)
    entry.name += f" (return seat {seat} {' '.join(map(str, cards))})"
    try:
        returned = deal.return_cards(seat, cards)
    except DoppelkopfError as error:
        entry.fail(str(error), cause=error)
    poverty = returned.poverty
    assert poverty is not None
    if trumps != poverty.returned_trumps:
        _mismatch(entry, "trumps", trumps, poverty.returned_trumps)
    return returned


_EVENT_READERS: Final[dict[str, Callable[[Deal, Mapping[str, object], Entry], Deal]]] = {
    "pass": _pass,
    "answer": _answer,
    "return": _return,
}


def _replay_events(deal: Deal, data: Mapping[str, object], entry: Entry, prefix: str) -> Deal:
    events = _array(data, "events", entry, _DEAL)
    for number, event in enumerate(events):
        event_entry = Entry(f"{prefix}event {number}", (*entry.path, "events", number))
        if not isinstance(event, Mapping):
            event_entry.fail(f"must be a JSON object, not {show(event)}")
        if "type" not in event:
            event_entry.fail("missing key 'type'")
        kind = event["type"]
        if kind == "play":
            deal = _play(deal, event, event_entry)
        elif kind == "announce":
            deal = _announce(deal, event, event_entry)
        elif isinstance(kind, str) and kind in _EVENT_READERS:
            deal = _EVENT_READERS[kind](deal, event, event_entry)
        else:
            event_entry.fail(
                "'type' must be 'play', 'announce', 'pass', 'answer' or 'return', not "
                f"{show(kind)}",
                key="type",
            )
    return deal


def _read_contract(value: object, entry: Entry, tournament: bool) -> dict[str, object] | None:
    """The recorded contract: a played one, or a void deal's (V§8), or ``None``.

    With ``tournament`` (the record states ``owing``) a played contract states
    its ``solo_kind`` too (V§9.6).
    """
    if value is None:
        return None
    if isinstance(value, Mapping) and "void" in value:
        void = _fields(value, entry, _VOID)
        return {
            "void": VOID_REASONS[_read(void, "void", entry, _VOID)],
            "seat": _read(void, "seat", entry, _VOID),
            "throw_reason": None
            if void["throw_reason"] is None
            else THROW_NAMES[_read(void, "throw_reason", entry, _VOID)],
        }
    contract = _object(
        value, entry, (*_CONTRACT.required, *(_CONTRACT.optional if tournament else ()))
    )
    game = GAME_TYPES[_read(contract, "game_type", entry, _CONTRACT)]
    fields: dict[str, object] = {
        "game_type": game.value,
        "declarer": _read(contract, "declarer", entry, _CONTRACT),
        "partner": _read(contract, "partner", entry, _CONTRACT),
        "clarification_trick": _read(contract, "clarification_trick", entry, _CONTRACT),
    }
    if tournament:
        kind = contract[SOLO_KIND_KEY]
        fields[SOLO_KIND_KEY] = (
            None
            if kind is None
            else SOLO_KINDS[_read(contract, SOLO_KIND_KEY, entry, _CONTRACT)].value
        )
    return fields


def _contract_text(contract: Mapping[str, object]) -> str:
    if "void" in contract:
        return f"a void deal ({contract['void']}, seat {contract['seat']})"
    return str(contract["game_type"])


def _check_contract(
    recorded: dict[str, object] | None, deal: Deal, entry: Entry, tournament: bool
) -> None:
    actual = contract_fields(deal, tournament=tournament)
    if recorded is None or actual is None:
        if recorded is not None:
            entry.fail("the reservation round is not complete, so there is no contract yet")
        if actual is not None:
            fixed = "ended in" if "void" in actual else "fixed"
            entry.fail(
                f"the record has none, but the reservation round {fixed} {_contract_text(actual)}"
            )
        return
    if ("void" in recorded) != ("void" in actual):
        entry.fail(
            f"the record says {_contract_text(recorded)}, but the replay gives "
            f"{_contract_text(actual)} (V§8)"
        )
    for key, value in actual.items():
        if recorded[key] != value:
            _mismatch(entry, key, recorded[key], value)


def _read_settlement(value: object, entry: Entry) -> dict[str, object] | None:
    if value is None:
        return None
    settlement = _fields(value, entry, _SETTLEMENT)
    winner: str | None = _read(settlement, "winner", entry, _SETTLEMENT)
    amount: int = _read(settlement, "value", entry, _SETTLEMENT)
    scores = _array(settlement, "scores", entry, _SETTLEMENT)
    for seat, score in enumerate(scores):
        if type(score) is not int:
            entry.fail(f"score {seat} must be an integer, not {show(score)}", key="scores")
    lines = []
    for number, line in enumerate(_array(settlement, "lines", entry, _SETTLEMENT)):
        line_entry = Entry(f"{entry.name} line {number}", (*entry.path, "lines", number))
        fields = _fields(line, line_entry, _LINE)
        party = PARTIES[_read(fields, "party", line_entry, _LINE)]
        lines.append(
            {
                "reason": _read(fields, "reason", line_entry, _LINE),
                "party": party.value,
                "points": _read(fields, "points", line_entry, _LINE),
                "rule": _read(fields, "rule", line_entry, _LINE),
            }
        )
    return {
        "winner": winner,
        "value": amount,
        "scores": list(scores),
        "lines": lines,
    }


def _check_settlement(
    recorded: dict[str, Any] | None, deal: Deal, entry: Entry
) -> dict[str, Any] | None:
    """Compare the recorded settlement with the deal's; return the deal's."""
    if deal.is_void:
        if recorded is not None:
            entry.fail("the deal is void, so it has no settlement and the record must say null")
        return None
    if not deal.is_finished:
        if recorded is not None:
            entry.fail(
                f"the deal is not finished ({len(deal.tricks)} of {deal.rules.tricks} tricks), "
                "so it has no settlement yet and the record must say null"
            )
        return None
    actual = settlement_fields(deal)
    assert actual is not None
    if recorded is None:
        entry.fail(
            f"the record has none, but the deal is finished and settles to {actual['value']}"
        )
    for key in ("winner", "value", "scores"):
        if recorded[key] != actual[key]:
            _mismatch(entry, key, recorded[key], actual[key])
    for number, (mine, theirs) in enumerate(zip(recorded["lines"], actual["lines"], strict=False)):
        if mine != theirs:
            line_entry = Entry(f"{entry.name} line {number}", (*entry.path, "lines", number))
            line_entry.fail(
                f"the record says {_line_text(mine)}, but the replay gives {_line_text(theirs)}"
            )
    if len(recorded["lines"]) != len(actual["lines"]):
        entry.fail(
            f"the record has {len(recorded['lines'])} value lines, but the replay gives "
            f"{len(actual['lines'])}",
            key="lines",
        )
    return actual


def _line_text(line: Mapping[str, Any]) -> str:
    reason, points, rule = _quoted(line["reason"]), show(line["points"]), _quoted(line["rule"])
    bare = rule[1:] if rule.endswith("...") else rule[1:-1]
    return f"{reason} +{points} for {line['party']} ({bare})"


def _quoted(text: str) -> str:
    """``text`` as Python writes it (every character printable), at most 40 long."""
    written = repr(text[:40])
    return written if len(written) <= 40 and len(text) <= 40 else f"{written[:37]}..."


def _read_deal(
    data: Mapping[str, object],
    entry: Entry,
    prefix: str,
    rules: Rules,
    dealer: int | None = None,
    *,
    start: Callable[[list[Hand], int | None], Deal] | None = None,
) -> tuple[Deal, dict[str, Any] | None]:
    """Replay the deal fields of ``data`` (a deal record, or one deal of a session).

    The entries are checked in the order of the record.  Only the agreement of
    the contract with the play waits until the replay is complete.  The deal
    is replayed under ``rules``, the rules the record states; ``start`` builds
    it from the hands and the cut (a session's next deal, with its tournament
    facts), by default :meth:`Deal.from_hands`.  Returns the deal and its
    settlement.
    """
    recorded_dealer: int = _read(data, "dealer", entry, _DEAL)
    if dealer is not None and recorded_dealer != dealer:
        entry.fail(
            f"the record says dealer={recorded_dealer}, but the deal passes to the left after "
            f"every deal, so seat {dealer} deals it (§2.2)",
            key="dealer",
        )
    cuts = rules.cuts
    cut = (
        None
        if data["cut"] is None
        else _int(
            data,
            "cut",
            entry,
            low=cuts.start,
            high=cuts.stop - 1,
            what=f"a cut {cuts.start}-{cuts.stop - 1} ({'§2.3' if rules.nines else 'V§1.2'})",
            nullable=True,
        )
    )
    hands = _read_hands(data, entry, prefix, rules)
    try:
        if start is None:
            deal = Deal.from_hands(hands, dealer=recorded_dealer, cut=cut, rules=rules)
        else:
            deal = start(hands, cut)
    except ValueError as error:
        Entry(f"{prefix}hands", (*entry.path, "hands")).fail(str(error), cause=error)
    tournament = start is None and any(key in data for key in TOURNAMENT_KEYS)
    if tournament:
        deal = _tournament(deal, data, entry)
    deal = _reserve(deal, data, entry, prefix)
    contract_entry = Entry(f"{prefix}contract", (*entry.path, "contract"))
    contract = _read_contract(data["contract"], contract_entry, tournament)
    deal = _replay_events(deal, data, entry, prefix)
    _check_contract(contract, deal, contract_entry, tournament)
    settlement_entry = Entry(f"{prefix}settlement", (*entry.path, "settlement"))
    settlement = _read_settlement(data["settlement"], settlement_entry)
    return deal, _check_settlement(settlement, deal, settlement_entry)


def _tournament(deal: Deal, data: Mapping[str, object], entry: Entry) -> Deal:
    """``deal`` rebuilt with the recorded tournament facts ``owing`` and ``forced`` (V§9)."""
    for key in TOURNAMENT_KEYS:
        if key not in data:
            entry.fail(f"missing key {key!r}: a record states 'owing' and 'forced' together")
    owing = _list(data, "owing", entry)  # its message names the rule (V§9.1)
    seats = [seat for seat in owing if type(seat) is int and 0 <= seat <= 3]
    if not 1 <= len(owing) <= 4 or len(seats) != len(owing) or seats != sorted(set(seats)):
        entry.fail(
            f"'owing' must list 1-4 seats 0-3 in increasing order, not {show(owing)}; a deal "
            "where no seat owes a compulsory solo states no 'owing' (V§9.1)",
            key="owing",
        )
    forced = data["forced"]
    if type(forced) is not bool:
        entry.fail(f"'forced' must be true or false, not {show(forced)}", key="forced")
    try:
        return Deal.from_hands(
            deal.dealt,
            dealer=deal.dealer,
            cut=deal.cut,
            rules=deal.rules,
            owing=seats,
            forced=forced,
        )
    except ValueError as error:
        entry.fail(str(error), key="owing", cause=error)


def load_deal(data: Mapping[str, Any]) -> Deal:
    """Read a deal record (a parsed JSON object), replaying and checking every entry.

    The deal is replayed under the rules the record states (a version 1
    record states none: it was played under :attr:`Rules.DDV
    <doppelkopf.Rules.DDV>`, V§0.5).  The hands must be four hands of 12 (10
    without nines) that together are the deck of those rules;
    every reservation, announcement and card must be legal at its place; the
    contract, each announcement's party, hand size, moment and late-reply flag,
    and the settlement must be what the replay gives.  The result equals the
    deal that was recorded, history included.  The record's ``meta`` is
    checked to be a JSON object but not returned: read it from ``data``.

    >>> from doppelkopf import Deal
    >>> from doppelkopf.records import dump_deal, load_deal
    >>> deal = Deal.shuffled(seed=9)
    >>> for _ in range(10):
    ...     deal = deal.apply(deal.legal_actions[0])
    >>> loaded = load_deal(dump_deal(deal))
    >>> loaded == deal, loaded.history == deal.history, loaded.moment
    (True, True, 6)

    Raises:
        RecordError: the data is not a deal record of version 1, 2 or 3, its
            rules are not a rule set (an unknown option, a bad value, an
            excluded combination: V§0.1, V§0.4), an action is
            illegal, or a recorded fact disagrees with the replay.
    """
    return read_deal(snapshot(data))


def read_deal(data: object) -> Deal:
    """:func:`load_deal` of a record already copied by :func:`snapshot`."""
    record, rules = _check_header(data, "deal", Entry("record", ()))
    deal, _ = _read_deal(record, Entry("record", ()), "", rules)
    return deal


def load_session(data: Mapping[str, Any]) -> tuple[int, tuple[Deal, ...]]:
    """Read a session record: the first dealer and the finished deals, each replayed.

    Every deal is checked as :func:`load_deal` checks one, and replayed
    through a :class:`~doppelkopf.Session` of the rules the record states
    once (see :func:`replay_session`, which returns that session): each deal
    must be finished (or void, V§8) and be the deal the session expects where
    it stands — its dealer (SPEC §2.2, V§8, V§9.4, V§10), and in tournament
    mode the compulsory solos owed and whether it is forced (V§9) —, there are
    at most :attr:`Rules.session_deals <doppelkopf.Rules.session_deals>`
    played deals (SPEC §2.5), each deal's ``table`` bookkeeping (when the
    record has it) must be what the replay gives, and the recorded ``totals``
    must be integers, each table seat's sum of scores (Bock multipliers
    included, V§11).

    >>> from doppelkopf.records import load_session
    >>> load_session({"format": "doppelkopf-record", "version": 1, "kind": "session",
    ...               "first_dealer": 1, "deals": [], "totals": [0, 0, 0, 0]})
    (1, ())

    A session with results written down without cards, or one that starts
    mid-way, is not its first dealer and deals alone: read it with
    :func:`replay_session`.

    Raises:
        RecordError: the data is not a session record of version 1, 2 or 3, or one of
            the checks above fails; the message names the deal and its entry.
    """
    return plain_parts(replay_session(data))


def plain_parts(session: Session) -> tuple[int, tuple[Deal, ...]]:
    """The first dealer and the deals of a session that they rebuild, else a RecordError."""
    if session.start.played or len(session.deals) < len(session.entries):
        raise RecordError(
            "record: the session has results written down without cards or starts mid-way, "
            "so its first dealer and deals do not rebuild it; read it with replay_session() "
            "(replay_file() for a file)"
        )
    return session.first_dealer, session.deals


def replay_session(data: Mapping[str, Any]) -> Session:
    """Read a session record and return the :class:`~doppelkopf.Session` it replays to.

    The checks are those of :func:`load_session`.  The session knows
    everything the record holds: the rules, each deal, the score sheet with
    every compulsory-solo and Bock fact (V§8-V§11).

    >>> from doppelkopf import Deal, Rules, Session, play_deal, RandomPlayer
    >>> from doppelkopf.records import dump_session, replay_session
    >>> session = Session.new(first_dealer=4, rules=Rules(players=5))
    >>> session = session.add(play_deal(session.next_deal(seed=2),
    ...                                 [RandomPlayer(seed=seat) for seat in range(4)]))
    >>> record = dump_session(session)
    >>> record["deals"][0]["table"]["seats"], record["deals"][0]["table"]["scores"][4]
    ([0, 1, 2, 3], 0)
    >>> replay_session(record) == session
    True

    Raises:
        RecordError: as :func:`load_session`.
    """
    return read_session(snapshot(data))


def read_session(data: object) -> Session:
    """:func:`replay_session` of a record already copied by :func:`snapshot`."""
    entry = Entry("record", ())
    record, rules = _check_header(data, "session", entry)
    first_dealer = _int(
        record, "first_dealer", entry, low=0, high=rules.players - 1, what=_seats(rules)
    )
    most = rules.session_deals * (8 if rules.armut or rules.schmeissen else 1)
    items = _list(record, "deals", entry, high=most)
    totals = _list(record, "totals", entry, low=rules.players, high=rules.players)
    session = _opening(record, first_dealer, rules, entry)
    stated = record.get(RULES_KEY)
    states_procedures = isinstance(stated, Mapping) and "armut" in stated
    for number, item in enumerate(items):
        deal_entry = Entry(f"deal {number}", ("deals", number))
        if session.is_finished:
            deal_entry.fail(
                f"the session is over after {rules.session_deals} played deals "
                f"({'§2.5' if rules.session_deals == 12 else 'V§9.6'})"
            )
        if is_paper(item):
            if record.get("version") == 1:
                deal_entry.fail("a version 1 record holds deals played with cards only")
            summary, table = read_paper(item, deal_entry, rules)
            try:
                session = session.add_void() if summary is None else session.add_result(summary)
            except DoppelkopfError as error:
                deal_entry.fail(str(error), cause=error)
            check_table(
                table,
                session.rows[-1],
                Entry(f"deal {number}, table", ("deals", number, TABLE_KEY)),
            )
            continue
        fields = _object(item, deal_entry, _DEAL.keys, (TABLE_KEY,))
        deal, settlement = _read_deal(
            fields,
            deal_entry,
            f"deal {number}, ",
            rules,
            session.deal_dealer,
            start=_starter(session),
        )
        if settlement is None and not deal.is_void:
            deal_entry.fail(
                f"a session record holds finished deals only, and this one has "
                f"{len(deal.tricks)} of {rules.tricks} tricks"
            )
        try:
            session = session.add(deal)
        except DoppelkopfError as error:
            deal_entry.fail(str(error), cause=error)
        if TABLE_KEY not in fields and states_procedures:
            # A record that states the procedure options was written with the
            # session's bookkeeping; only the first version 2 records lack both.
            deal_entry.fail(
                "missing 'table': a record that states the procedure options states "
                "each deal's bookkeeping (V§8-V§11)"
            )
        if TABLE_KEY in fields:
            check_table(
                fields[TABLE_KEY],
                session.rows[-1],
                Entry(f"deal {number}, table", ("deals", number, TABLE_KEY)),
            )
    for seat, total in enumerate(totals):
        if type(total) is not int:
            entry.fail(f"total {seat} must be an integer, not {show(total)}", key="totals")
    if list(totals) != list(session.totals):
        _mismatch(entry, "totals", list(totals), list(session.totals))
    return session


def _opening(
    record: Mapping[str, object], first_dealer: int, rules: Rules, entry: Entry
) -> Session:
    """The session before the record's first deal: its rules, names and start (V§9, V§11)."""
    start = read_start(record["start"], Entry("start", ("start",))) if "start" in record else None
    names = record.get("names")
    if "names" in record and (not isinstance(names, list) or len(names) > rules.players):
        entry.fail(
            f"'names' must be an array of {rules.players} names, not {show(names)}", key="names"
        )
    try:
        return Session.new(first_dealer, rules=rules, names=names, start=start)  # type: ignore[arg-type]
    except DoppelkopfError as error:
        key = "start" if str(error).startswith("start") else "names"
        entry.fail(str(error), key=key, cause=error)


def _starter(session: Session) -> Callable[[list[Hand], int | None], Deal]:
    """The session's next deal from the recorded hands and cut, with its tournament facts."""

    def start(hands: list[Hand], cut: int | None) -> Deal:
        return session.deal_from_hands(hands, cut=cut)

    return start


def _seats(rules: Rules) -> str:
    return f"a seat 0-{rules.players - 1}"
