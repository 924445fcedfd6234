"""Writing records: a deal or a session as a JSON-ready ``dict`` or as JSON text."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence, Sized
from typing import Any, Protocol

from .. import _checks
from .._json import MAX_BYTES
from ..deal import Announced, AnswerPoverty, Deal, Declare, Event, PassCards, Play, ReturnCards
from ..errors import DoppelkopfError
from ..rules import Rules
from ..scoring import settle
from ..session import Session
from ._common import (
    REASON_KEY,
    RECORD_FORMAT,
    RECORD_VERSION,
    SOLO_KIND_KEY,
    TWO_STEP_VERSION,
    RecordError,
    json_copy,
    show,
)
from ._layout import TABLE_KEY
from ._sessions import RESULT_KEY, result_fields, start_fields, table_fields


def contract_fields(deal: Deal, *, tournament: bool = False) -> dict[str, Any] | None:
    """The ``contract`` of ``deal``'s record, ``None`` during the reservation round.

    A void deal's contract states the void (V§8): why, the seat that threw in
    or was poor, and the throw reason.  With ``tournament`` (a record that
    states ``owing``) a played contract also states the ``solo_kind`` (V§9.6).
    """
    void = deal.void
    if void is not None:
        return {"void": void.reason, "seat": void.seat, "throw_reason": void.throw_reason}
    if deal.game_type is None:
        return None
    fields: dict[str, Any] = {
        "game_type": deal.game_type.value,
        "declarer": deal.declarer,
        "partner": deal.partner,
        "clarification_trick": deal.clarification_trick,
    }
    if tournament:
        kind = deal.solo_kind
        fields[SOLO_KIND_KEY] = None if kind is None else kind.value
    return fields


def settlement_fields(deal: Deal) -> dict[str, Any] | None:
    """The ``settlement`` of ``deal``'s record, ``None`` until it is finished or if void (V§8)."""
    if not deal.is_finished or deal.is_void:
        return None
    settlement = settle(deal)
    return {
        "winner": None if settlement.winner is None else settlement.winner.value,
        "value": settlement.value,
        "scores": list(settlement.scores),
        "lines": [
            {
                "reason": line.reason,
                "party": line.party.value,
                "points": line.points,
                "rule": line.rule,
            }
            for line in settlement.lines
        ],
    }


def rules_fields(rules: Rules) -> dict[str, Any]:
    """The ``rules`` object of a record, refused if the readers would refuse it (V§0.5).

    An option's integer of more than 20 digits (a ``session_length`` of
    ``10**25``) cannot be written: a record holds none.
    """
    fields: dict[str, Any] = json_copy(rules.as_dict(), "rules", depth=2)
    return fields


def reservation_fields(event: Declare) -> dict[str, Any]:
    """A reservation entry: the seat, the answer and, for Schmeißen, its reason (V§7.2)."""
    fields: dict[str, Any] = {"seat": event.seat, "reservation": event.reservation.value}
    if event.reason is not None:
        fields[REASON_KEY] = event.reason
    return fields


def event_fields(deal: Deal, event: Event) -> dict[str, Any]:
    """The ``events`` entry of ``event``, any history entry but a reservation."""
    if isinstance(event, Play):
        return {"type": "play", "seat": event.seat, "card": event.card.ascii}
    if isinstance(event, Announced):
        return {
            "type": "announce",
            "seat": event.seat,
            "level": int(event.level),
            "party": event.party.value,
            "hand_size": event.hand_size,
            "moment": event.moment,
            "late_reply": event.late_reply,
        }
    if isinstance(event, PassCards):
        return {"type": "pass", "seat": event.seat, "cards": [card.ascii for card in event.cards]}
    if isinstance(event, AnswerPoverty):
        return {"type": "answer", "seat": event.seat, "accept": event.accept}
    assert isinstance(event, ReturnCards)
    poverty = deal.poverty
    assert poverty is not None
    return {
        "type": "return",
        "seat": event.seat,
        "cards": [card.ascii for card in event.cards],
        "trumps": poverty.returned_trumps,
    }


def deal_fields(deal: Deal, *, standalone: bool = True) -> dict[str, Any]:
    """The keys of a deal record from ``rules`` to ``settlement``.

    A deal of a session (not ``standalone``) leaves out what the session
    states: the rules, and the tournament facts ``owing`` and ``forced`` (with
    the contract's ``solo_kind``), which its ``table`` holds.  A standalone
    deal states those facts when some seat owes a compulsory solo (V§9.1).
    """
    reservations: list[dict[str, Any]] = []
    events: list[dict[str, Any]] = []
    for event in deal.history:
        if isinstance(event, Declare):
            reservations.append(reservation_fields(event))
        else:
            events.append(event_fields(deal, event))
    tournament = standalone and bool(deal.owing)
    fields: dict[str, Any] = {"rules": rules_fields(deal.rules)} if standalone else {}
    fields.update(
        {
            "dealer": deal.dealer,
            "cut": deal.cut,
            "hands": [[c.ascii for c in h] for h in deal.dealt],
        }
    )
    if tournament:
        fields.update({"owing": sorted(deal.owing), "forced": deal.forced})
    fields.update(
        {
            "reservations": reservations,
            "contract": contract_fields(deal, tournament=tournament),
            "events": events,
            "settlement": settlement_fields(deal),
        }
    )
    return fields


def _mark_two_step(record: dict[str, Any], deals: Iterable[Mapping[str, Any]]) -> None:
    """Make ``record`` version 3 if one of its ``deals`` holds a two-step round (SPEC §3.2)."""
    if any(
        answer["reservation"] == "vorbehalt" for deal in deals for answer in deal["reservations"]
    ):
        record["version"] = TWO_STEP_VERSION


def _header(kind: str, meta: Mapping[str, Any] | None) -> dict[str, Any]:
    record: dict[str, Any] = {"format": RECORD_FORMAT, "version": RECORD_VERSION, "kind": kind}
    if meta is not None:
        if not isinstance(meta, Mapping):
            raise _checks.type_error(meta, "meta", "mapping")
        record["meta"] = json_copy(meta, "meta", depth=2)
    return record


def text(record: Mapping[str, Any], indent: int | None) -> str:
    """``record`` as JSON text, refused if it is longer than the readers read."""
    if indent is not None:
        indent = _checks.integer(indent, "indent", 0, 16, rule="")
    written = json.dumps(record, indent=indent, ensure_ascii=False)
    if len(written) > MAX_BYTES:
        raise RecordError(
            f"record: the text would be {len(written):,} characters long, and records are "
            f"read up to {MAX_BYTES:,} (16 MiB); keep less in 'meta'"
        )
    return written


def dump_deal(deal: Deal, *, meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The record of ``deal`` as a JSON-ready ``dict``; ``meta`` is kept as given.

    The record states the deal's ``rules``, every option by name
    (:meth:`Rules.as_dict <doppelkopf.Rules.as_dict>`, V§0.5).  A deal at
    any stage can be recorded: during the reservation round the
    ``contract`` is ``None``, and until the last trick is complete the
    ``settlement`` is ``None`` (the key is always present).  ``meta`` is
    copied, and must keep to what the readers accept (see :ref:`record-limits`).

    >>> from doppelkopf import Deal
    >>> from doppelkopf.records import dump_deal
    >>> record = dump_deal(Deal.shuffled(seed=4), meta={"seed": 4})
    >>> list(record)
    ['format', 'version', 'kind', 'meta', 'rules', 'dealer', 'cut', 'hands', 'reservations', \
'contract', 'events', 'settlement']
    >>> record["reservations"], record["contract"], record["events"], record["settlement"]
    ([], None, [], None)

    Raises:
        InvalidTypeError: ``deal`` is not a :class:`~doppelkopf.Deal`, or ``meta``
            holds something JSON cannot represent (a ``TypeError``).
        RecordError: ``meta`` nests too deep, or holds an integer of more
            than 20 digits or a string with a lone surrogate.
    """
    if not isinstance(deal, Deal):
        raise _checks.type_error(deal, "deal", "Deal")
    record = _header("deal", meta)
    record.update(deal_fields(deal))
    _mark_two_step(record, (record,))
    return record


def dumps_deal(
    deal: Deal, *, indent: int | None = None, meta: Mapping[str, Any] | None = None
) -> str:
    """The record of ``deal`` as JSON text (see :func:`dump_deal`).

    The text is compact unless ``indent`` (0-16 spaces) is given; non-ASCII characters (the
    ``§`` of rule citations) are written as they are.

    >>> from doppelkopf import Deal
    >>> from doppelkopf.records import dumps_deal
    >>> dumps_deal(Deal.shuffled(seed=4))[:60]
    '{"format": "doppelkopf-record", "version": 2, "kind": "deal"'

    Raises:
        InvalidTypeError: as :func:`dump_deal`, or ``indent`` is not an int.
        RecordError: as :func:`dump_deal`, or the text would be longer than
            the readers read (16 MiB).
        InvalidValueError: ``indent`` is not 0-16.
    """
    return text(dump_deal(deal, meta=meta), indent)


class SessionLike(Protocol):
    """A session as :class:`~doppelkopf.Session` is one: a first dealer and finished deals."""

    @property
    def first_dealer(self) -> int: ...

    @property
    def deals(self) -> Sequence[Deal]: ...


def _session_parts(
    first_dealer: int | SessionLike, deals: Sequence[Deal] | None
) -> tuple[int, tuple[Deal, ...], Rules | None]:
    """The first dealer, the deals and the stated rules of what :func:`dump_session` was given."""
    if not isinstance(first_dealer, int) and hasattr(first_dealer, "first_dealer"):
        session: SessionLike = first_dealer
        if deals is not None:
            raise _checks.type_error(deals, "deals", "None when a session is given")
        first_dealer = session.first_dealer
        deals = session.deals
        results = getattr(session, "settlements", deals)
        if isinstance(results, Sized) and isinstance(deals, Sized) and len(results) > len(deals):
            raise RecordError(
                f"session: {len(results)} results were written down without cards, and a "
                "record holds only deals it can replay from the cards (§2.5); keep the score "
                "sheet of such a session instead",
                path=("deals",),
            )
        stated = getattr(session, "rules", None)
        rules = stated if isinstance(stated, Rules) else None
    else:
        rules = None
    if type(first_dealer) is not int:
        raise _checks.type_error(first_dealer, "first_dealer", "int")
    if deals is None:
        raise _checks.type_error(deals, "deals", "sequence of Deal")
    if not isinstance(deals, list | tuple):
        raise _checks.type_error(deals, "deals", "list or tuple of Deal")
    return first_dealer, tuple(deals), rules


def _check_session(first_dealer: int, deals: tuple[Deal, ...], rules: Rules) -> Session:
    """The session of ``deals``, each checked where it stands (SPEC §2.2, §2.5, V§8-V§10)."""
    if not 0 <= first_dealer < rules.players:
        raise RecordError(
            f"session: the first dealer must be a seat 0-{rules.players - 1}, not "
            f"{show(first_dealer)}",
            path=("first_dealer",),
        )
    played = 0
    for number, deal in enumerate(deals):
        if not isinstance(deal, Deal):
            raise _checks.type_error(deal, f"deal {number}", "Deal")
        played += not deal.is_void
    if played > rules.session_deals:
        raise RecordError(
            f"session: a session has {rules.session_deals} deals, not {played} (§2.5)",
            path=("deals",),
        )
    session = Session.new(first_dealer, rules=rules)
    for number, deal in enumerate(deals):
        dealer = session.deal_dealer
        if deal.dealer != dealer:
            raise RecordError(
                f"deal {number}: dealt by seat {deal.dealer}, but the deal passes to the left "
                f"after every deal, so seat {dealer} deals it (§2.2)",
                path=("deals", number, "dealer"),
            )
        if not deal.is_finished:
            raise RecordError(
                f"deal {number}: a session record holds finished deals only, and this one "
                f"has {len(deal.tricks)} of {deal.rules.tricks} tricks",
                path=("deals", number),
            )
        if deal.rules != rules:
            raise RecordError(
                f"deal {number}: played under the rules {deal.rules}, but the session plays "
                f"{rules}; one session keeps one rule set (V§0.5)",
                path=("deals", number),
            )
        try:
            session = session.add(deal)
        except DoppelkopfError as error:
            raise RecordError(f"deal {number}: {error}", path=("deals", number)) from error
    return session


def dump_session(
    first_dealer: int | SessionLike,
    deals: Sequence[Deal] | None = None,
    *,
    meta: Mapping[str, Any] | None = None,
    rules: Rules | None = None,
) -> dict[str, Any]:
    """The record of a session as a JSON-ready ``dict`` (SPEC §2.2, §2.5, V§0.5).

    Give either a :class:`~doppelkopf.Session` alone, or the first dealer and
    the session's finished deals in order, at most 12; deal ``i`` is dealt by
    seat ``(first_dealer + i) % 4``.  The record states the session's
    ``rules`` once — the rules every deal was played under, or ``rules`` when
    given (it must be theirs; it names the rules of a session without deals,
    which are otherwise :attr:`Rules.DDV <doppelkopf.Rules.DDV>`) — and adds
    each seat's running ``totals`` (the sum of its scores).

    A :class:`~doppelkopf.Session` is written whole: its deals played with
    cards, its results written down without them (:meth:`Session.add_result
    <doppelkopf.Session.add_result>`, :meth:`Session.add_void
    <doppelkopf.Session.add_void>`), in the order dealt, the players'
    ``names`` and the ``start`` of a round resumed mid-way, when it has them.

    >>> from doppelkopf import Deal
    >>> from doppelkopf.records import dump_session, load_session
    >>> deals = []
    >>> for number in range(2):
    ...     deal = Deal.shuffled(seed=number, dealer=(2 + number) % 4)
    ...     while not deal.is_finished:
    ...         deal = deal.apply(deal.legal_actions[0])
    ...     deals.append(deal)
    >>> record = dump_session(2, deals, meta={"date": "2026-11-30"})
    >>> record["kind"], record["first_dealer"], len(record["deals"]), record["totals"]
    ('session', 2, 2, [-3, 1, 1, 1])
    >>> first_dealer, loaded = load_session(record)
    >>> first_dealer, loaded == tuple(deals)
    (2, True)

    Raises:
        RecordError: more than 12 deals, a deal that is not finished, a deal
            with the wrong dealer or other rules than the others, a session of
            other rules than ``rules``, or a ``meta`` that :func:`dump_deal`
            refuses.
        InvalidTypeError: a deal is not a :class:`~doppelkopf.Deal`, ``rules``
            is not a :class:`~doppelkopf.Rules`, or ``meta`` holds something
            JSON cannot represent (a ``TypeError``).
    """
    if rules is not None and not isinstance(rules, Rules):
        raise _checks.type_error(rules, "rules", "Rules")
    if isinstance(first_dealer, Session):
        if deals is not None:
            raise _checks.type_error(deals, "deals", "None when a session is given")
        return _whole_session(first_dealer, meta, rules)
    first, checked, stated = _session_parts(first_dealer, deals)
    if rules is None:
        rules = stated
    if rules is None:
        opening = checked[0] if checked else None
        rules = opening.rules if isinstance(opening, Deal) else Rules.DDV
    session = _check_session(first, checked, rules)
    record = _header("session", meta)
    bodies = [deal_fields(deal, standalone=False) for deal in checked]
    for body, row in zip(bodies, session.rows, strict=True):
        body[TABLE_KEY] = table_fields(row)
    record.update(
        {
            "rules": rules_fields(rules),
            "first_dealer": first,
            "deals": bodies,
            "totals": list(session.totals),
        }
    )
    _mark_two_step(record, bodies)
    return record


def _whole_session(
    session: Session, meta: Mapping[str, Any] | None, rules: Rules | None
) -> dict[str, Any]:
    """The record of a :class:`~doppelkopf.Session`: its deals, results, names and start."""
    if rules is not None and rules != session.rules:
        raise RecordError(
            f"session: the session plays {session.rules}, not {rules}; one session keeps one "
            "rule set (V§0.5)",
            path=("rules",),
        )
    record = _header("session", meta)
    bodies: list[dict[str, Any]] = []
    settled = iter(session.settlements)
    for item, row in zip(session.entries, session.rows, strict=True):
        if isinstance(item, Deal):
            body = deal_fields(item, standalone=False)
            if not item.is_void:
                next(settled)
        else:
            result = None if item is None else result_fields(next(settled).summary)
            body = {RESULT_KEY: result}
        body[TABLE_KEY] = table_fields(row)
        bodies.append(body)
    record.update({"rules": rules_fields(session.rules), "first_dealer": session.first_dealer})
    if session.names is not None:
        record["names"] = list(session.names)
    if session.start.played:
        record["start"] = start_fields(session.start)
    record.update({"deals": bodies, "totals": list(session.totals)})
    _mark_two_step(record, (body for body in bodies if "reservations" in body))
    return record


def dumps_session(
    first_dealer: int | SessionLike,
    deals: Sequence[Deal] | None = None,
    *,
    indent: int | None = None,
    meta: Mapping[str, Any] | None = None,
    rules: Rules | None = None,
) -> str:
    """The record of a session as JSON text (see :func:`dump_session`).

    >>> from doppelkopf.records import dumps_session
    >>> from doppelkopf import Rules
    >>> dumps_session(0, [], rules=Rules(nines=False))[:63]
    '{"format": "doppelkopf-record", "version": 2, "kind": "session"'
    >>> dumps_session(0, [], rules=Rules(nines=False))[63:106]
    ', "rules": {"nines": false, "dullen": true,'

    Raises:
        RecordError: as :func:`dump_session`, or the text would be longer than
            the readers read (16 MiB).
        InvalidTypeError: as :func:`dump_session`, or ``indent`` is not an int.
        InvalidValueError: ``indent`` is not 0-16.
    """
    return text(dump_session(first_dealer, deals, meta=meta, rules=rules), indent)
