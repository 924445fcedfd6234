"""Writing records: a deal or a session as a JSON-ready ``dict`` or as JSON text."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from .._json import MAX_BYTES, excerpt
from ..deal import Deal, Declare, Play
from ..scoring import settle
from ._common import RECORD_FORMAT, RECORD_VERSION, SESSION_LENGTH, RecordError, json_copy


def contract_fields(deal: Deal) -> dict[str, Any] | None:
    """The ``contract`` of ``deal``'s record, ``None`` during the reservation round."""
    if deal.game_type is None:
        return None
    return {
        "game_type": deal.game_type.value,
        "declarer": deal.declarer,
        "partner": deal.partner,
        "clarification_trick": deal.clarification_trick,
    }


def settlement_fields(deal: Deal) -> dict[str, Any] | None:
    """The ``settlement`` of ``deal``'s record, ``None`` until the deal is finished."""
    if not deal.is_finished:
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


def deal_fields(deal: Deal) -> dict[str, Any]:
    """The keys of a deal record from ``dealer`` to ``settlement``."""
    reservations: list[dict[str, Any]] = []
    events: list[dict[str, Any]] = []
    for event in deal.history:
        if isinstance(event, Declare):
            reservations.append({"seat": event.seat, "reservation": event.reservation.value})
        elif isinstance(event, Play):
            events.append({"type": "play", "seat": event.seat, "card": event.card.ascii})
        else:
            events.append(
                {
                    "type": "announce",
                    "seat": event.seat,
                    "level": int(event.level),
                    "party": event.party.value,
                    "hand_size": event.hand_size,
                    "moment": event.moment,
                    "late_reply": event.late_reply,
                }
            )
    return {
        "dealer": deal.dealer,
        "cut": deal.cut,
        "hands": [[card.ascii for card in hand] for hand in deal.dealt],
        "reservations": reservations,
        "contract": contract_fields(deal),
        "events": events,
        "settlement": settlement_fields(deal),
    }


def _header(kind: str, meta: Mapping[str, Any] | None) -> dict[str, Any]:
    record: dict[str, Any] = {"format": RECORD_FORMAT, "version": RECORD_VERSION, "kind": kind}
    if meta is not None:
        if not isinstance(meta, Mapping):
            raise TypeError(f"meta must be a mapping, not {type(meta).__name__}")
        record["meta"] = json_copy(meta, "meta", depth=2)
    return record


def text(record: Mapping[str, Any], indent: int | None) -> str:
    """``record`` as JSON text, refused if it is longer than the readers read."""
    written = json.dumps(record, indent=indent, ensure_ascii=False)
    if len(written) > MAX_BYTES:
        raise RecordError(
            f"record: the text would be {len(written):,} characters long, and records are "
            f"read up to {MAX_BYTES:,} (16 MiB); keep less in 'meta'"
        )
    return written


def dump_deal(deal: Deal, *, meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The record of ``deal`` as a JSON-ready ``dict``; ``meta`` is kept as given.

    A deal at any stage can be recorded: during the reservation round the
    ``contract`` is ``None``, and until trick 12 is complete the
    ``settlement`` is ``None`` (the key is always present).  ``meta`` is
    copied, and must keep to what the readers accept (see :ref:`record-limits`).

    >>> from doppelkopf import Deal
    >>> from doppelkopf.records import dump_deal
    >>> record = dump_deal(Deal.shuffled(seed=4), meta={"seed": 4})
    >>> list(record)
    ['format', 'version', 'kind', 'meta', 'dealer', 'cut', 'hands', 'reservations', \
'contract', 'events', 'settlement']
    >>> record["reservations"], record["contract"], record["events"], record["settlement"]
    ([], None, [], None)

    Raises:
        TypeError: ``deal`` is not a :class:`~doppelkopf.Deal`, or ``meta``
            holds something JSON cannot represent.
        RecordError: ``meta`` nests too deep, or holds an integer of more
            than 20 digits or a string with a lone surrogate.
    """
    if not isinstance(deal, Deal):
        raise TypeError(f"dump_deal() needs a Deal, not {type(deal).__name__}")
    record = _header("deal", meta)
    record.update(deal_fields(deal))
    return record


def dumps_deal(
    deal: Deal, *, indent: int | None = None, meta: Mapping[str, Any] | None = None
) -> str:
    """The record of ``deal`` as JSON text (see :func:`dump_deal`).

    The text is compact unless ``indent`` is given; non-ASCII characters (the
    ``§`` of rule citations) are written as they are.

    >>> from doppelkopf import Deal
    >>> from doppelkopf.records import dumps_deal
    >>> dumps_deal(Deal.shuffled(seed=4))[:60]
    '{"format": "doppelkopf-record", "version": 1, "kind": "deal"'

    Raises:
        TypeError: as :func:`dump_deal`.
        RecordError: as :func:`dump_deal`, or the text would be longer than
            the readers read (16 MiB).
    """
    return text(dump_deal(deal, meta=meta), indent)


def _check_session(first_dealer: int, deals: Sequence[Deal]) -> None:
    if type(first_dealer) is not int or not 0 <= first_dealer <= 3:
        raise RecordError(
            f"session: the first dealer must be a seat 0-3, not {excerpt(first_dealer)}",
            path=("first_dealer",),
        )
    if len(deals) > SESSION_LENGTH:
        raise RecordError(
            f"session: a session has {SESSION_LENGTH} deals, not {len(deals)} (§2.5)",
            path=("deals",),
        )
    for number, deal in enumerate(deals):
        if not isinstance(deal, Deal):
            raise TypeError(f"deal {number} is not a Deal but {type(deal).__name__}")
        dealer = (first_dealer + number) % 4
        if deal.dealer != dealer:
            raise RecordError(
                f"deal {number}: dealt by seat {deal.dealer}, but the deal passes to the left "
                f"after every deal, so seat {dealer} deals it (§2.2)",
                path=("deals", number, "dealer"),
            )
        if not deal.is_finished:
            raise RecordError(
                f"deal {number}: a session record holds finished deals only, and this one "
                f"has {len(deal.tricks)} of 12 tricks",
                path=("deals", number),
            )


def dump_session(
    first_dealer: int, deals: Sequence[Deal], *, meta: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The record of a session as a JSON-ready ``dict`` (SPEC §2.2, §2.5).

    ``deals`` are the session's finished deals in order, at most 12; deal
    ``i`` is dealt by seat ``(first_dealer + i) % 4``.  The record adds each
    seat's running ``totals`` (the sum of its scores).

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
            with the wrong dealer, or a ``meta`` that :func:`dump_deal` refuses.
        TypeError: a deal is not a :class:`~doppelkopf.Deal`, or ``meta`` holds
            something JSON cannot represent.
    """
    _check_session(first_dealer, deals)
    record = _header("session", meta)
    bodies = [deal_fields(deal) for deal in deals]
    totals = [0, 0, 0, 0]
    for body in bodies:
        for seat, score in enumerate(body["settlement"]["scores"]):
            totals[seat] += score
    record.update({"first_dealer": first_dealer, "deals": bodies, "totals": totals})
    return record


def dumps_session(
    first_dealer: int,
    deals: Sequence[Deal],
    *,
    indent: int | None = None,
    meta: Mapping[str, Any] | None = None,
) -> str:
    """The record of a session as JSON text (see :func:`dump_session`).

    >>> from doppelkopf.records import dumps_session
    >>> dumps_session(0, [])
    '{"format": "doppelkopf-record", "version": 1, "kind": "session", "first_dealer": 0, \
"deals": [], "totals": [0, 0, 0, 0]}'

    Raises:
        RecordError: as :func:`dump_session`, or the text would be longer than
            the readers read (16 MiB).
        TypeError: as :func:`dump_session`.
    """
    return text(dump_session(first_dealer, deals, meta=meta), indent)
