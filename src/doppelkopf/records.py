"""Versioned JSON game records: write a deal or a session down and read it back, verified.

A record is one JSON object.  A *deal record* holds everything needed to
replay the deal — the dealer, the cut, the four hands as dealt, the
reservations and every announcement and card in order — together with what
follows from them: the contract, the party, hand size and moment of every
announcement, and the settlement.  A *session record* holds the first dealer
and the finished deals of a session (SPEC §2.2, §2.5).  Both carry
``"format": "doppelkopf-record"`` and ``"version": 1``; an optional ``"meta"``
object holds whatever else an application wants to keep (players, seed, date).

Reading a record replays it through :class:`~doppelkopf.Deal`: every
reservation, announcement and card must be legal where it stands, and every
recorded fact that follows from the play must agree with the replay.  Anything
else raises :class:`RecordError`, naming the first bad entry.

>>> from doppelkopf import Deal
>>> from doppelkopf.records import RecordError, dump_deal, load_deal
>>> deal = Deal.shuffled(seed=7)
>>> while not deal.is_finished:
...     deal = deal.apply(deal.legal_actions()[0])
>>> record = dump_deal(deal, meta={"players": ["Anna", "Ben", "Cem", "Dora"]})
>>> record["format"], record["version"], record["kind"], record["dealer"], record["cut"]
('doppelkopf-record', 1, 'deal', 3, 26)
>>> record["hands"][0][:4], record["reservations"][0]
(['SQ', 'SJ', 'SJ', 'D9'], {'seat': 0, 'reservation': 'healthy'})
>>> record["contract"], record["events"][0]
({'game_type': 'NORMAL', 'declarer': None, 'partner': None, 'clarification_trick': None}, \
{'type': 'play', 'seat': 0, 'card': 'SQ'})
>>> record["settlement"]["winner"], record["settlement"]["scores"]
('re', [-2, 2, 2, -2])
>>> load_deal(record) == deal
True
>>> record["events"][1]["card"] = "SA"
>>> try:
...     load_deal(record)
... except RecordError as error:
...     print(error)
event 1 (play seat 1 ♠A): cannot play ♠A: it is not in the hand (§5.2)
"""

from __future__ import annotations

import contextlib
import json
import math
from collections.abc import Mapping, Sequence
from importlib import resources
from os import PathLike
from pathlib import Path
from typing import Any, Final, NoReturn, Protocol, TypeAlias, TypeVar

from .cards import DISTINCT_CARDS, Card, Hand
from .deal import Announced, Deal, Declare, Play, Reservation
from .errors import DoppelkopfError, InvalidNotationError
from .parties import Announcement, Party
from .rules import GameType
from .scoring import settle

__all__ = [
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "RecordError",
    "dump_deal",
    "dump_session",
    "dumps_deal",
    "dumps_session",
    "load",
    "load_deal",
    "load_session",
    "loads_deal",
    "loads_session",
    "record_schema",
    "save",
]

RECORD_FORMAT: Final = "doppelkopf-record"
"""The value of every record's ``"format"`` key."""

RECORD_VERSION: Final = 1
"""The record version this library writes and reads."""

_Path: TypeAlias = tuple[str | int, ...]  # object keys and list positions from the top
_T = TypeVar("_T")

_SESSION_LENGTH: Final = 12  # SPEC §2.5

_HEADER_KEYS: Final = ("format", "version", "kind")
_DEAL_KEYS: Final = (
    "dealer",
    "cut",
    "hands",
    "reservations",
    "contract",
    "events",
    "settlement",
)
_SESSION_KEYS: Final = ("first_dealer", "deals", "totals")
_CONTRACT_KEYS: Final = ("game_type", "declarer", "partner", "clarification_trick")
_PLAY_KEYS: Final = ("type", "seat", "card")
_ANNOUNCE_KEYS: Final = ("type", "seat", "level", "party", "hand_size", "moment", "late_reply")
_SETTLEMENT_KEYS: Final = ("winner", "value", "scores", "lines")
_LINE_KEYS: Final = ("reason", "party", "points", "rule")

_CARDS: Final = {card.ascii: card for card in DISTINCT_CARDS}
_RESERVATIONS: Final = {reservation.value: reservation for reservation in Reservation}
_GAME_TYPES: Final = {game.value: game for game in GameType}
_PARTIES: Final = {party.value: party for party in Party}


class RecordError(DoppelkopfError, ValueError):
    """A game record that cannot be read or written.

    Raised for text that is not JSON, a structure that is not a record (a
    missing or unknown key, a value of the wrong type), an unsupported version,
    an action the rules forbid where it stands, and a recorded fact that the
    replay contradicts.  The message begins with the first bad entry
    (``"event 17 (play seat 2 ♠A): …"``); entries are numbered from 0, as their
    positions in the record's lists.  ``path`` locates the bad value in the
    JSON document.  When a check of the library rejected the entry — a rule
    (:class:`~doppelkopf.IllegalActionError`) or the deal itself — that error
    is the ``__cause__``.

    >>> from doppelkopf.records import loads_deal
    >>> try:
    ...     loads_deal('{"format": "doppelkopf-record", "version": 2, "kind": "deal"}')
    ... except RecordError as error:
    ...     print(error)
    ...     print(error.path)
    record: version 2 is not supported; this library reads version 1 records
    ('version',)
    """

    def __init__(self, message: str, *, path: tuple[str | int, ...] = ()) -> None:
        super().__init__(message)
        self.path = path


# --- writing -------------------------------------------------------------------


def _contract(deal: Deal) -> dict[str, Any] | None:
    if deal.game_type is None:
        return None
    return {
        "game_type": deal.game_type.value,
        "declarer": deal.declarer,
        "partner": deal.partner,
        "clarification_trick": deal.clarification_trick,
    }


def _settlement(deal: Deal) -> dict[str, Any] | None:
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


def _deal_fields(deal: Deal) -> dict[str, Any]:
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
        "contract": _contract(deal),
        "events": events,
        "settlement": _settlement(deal),
    }


def _json_copy(value: object, where: str) -> Any:
    """A copy of ``value`` made of JSON types only (``dict``, ``list``, ``str``, …)."""
    if value is None or type(value) is bool:
        return value
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float) and math.isfinite(value):
        return float(value)
    if isinstance(value, Mapping):
        copy: dict[str, Any] = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise TypeError(f"{where} has a key {key!r} that is not a string")
            copy[str.__str__(key)] = _json_copy(item, f"{where}[{key!r}]")
        return copy
    if isinstance(value, list | tuple):
        return [_json_copy(item, f"{where}[{index}]") for index, item in enumerate(value)]
    raise TypeError(f"{where} holds {value!r}, which is not a JSON value")


def _header(kind: str, meta: Mapping[str, Any] | None) -> dict[str, Any]:
    record: dict[str, Any] = {"format": RECORD_FORMAT, "version": RECORD_VERSION, "kind": kind}
    if meta is not None:
        if not isinstance(meta, Mapping):
            raise TypeError(f"meta must be a mapping, not {type(meta).__name__}")
        record["meta"] = _json_copy(meta, "meta")
    return record


def dump_deal(deal: Deal, *, meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The record of ``deal`` as a JSON-ready ``dict``; ``meta`` is kept as given.

    A deal at any stage can be recorded: during the reservation round the
    ``contract`` is ``None``, and until trick 12 is complete the
    ``settlement`` is ``None`` (the key is always present).

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
    """
    if not isinstance(deal, Deal):
        raise TypeError(f"dump_deal() needs a Deal, not {type(deal).__name__}")
    record = _header("deal", meta)
    record.update(_deal_fields(deal))
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
    """
    return json.dumps(dump_deal(deal, meta=meta), indent=indent, ensure_ascii=False)


def _check_session(first_dealer: int, deals: Sequence[Deal]) -> None:
    if type(first_dealer) is not int or not 0 <= first_dealer <= 3:
        raise RecordError(
            f"session: the first dealer must be a seat 0-3, not {first_dealer!r}",
            path=("first_dealer",),
        )
    if len(deals) > _SESSION_LENGTH:
        raise RecordError(
            f"session: a session has {_SESSION_LENGTH} deals, not {len(deals)} (§2.5)",
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
    ...         deal = deal.apply(deal.legal_actions()[0])
    ...     deals.append(deal)
    >>> record = dump_session(2, deals, meta={"date": "2026-11-30"})
    >>> record["kind"], record["first_dealer"], len(record["deals"]), record["totals"]
    ('session', 2, 2, [-3, 1, 1, 1])
    >>> first_dealer, loaded = load_session(record)
    >>> first_dealer, loaded == tuple(deals)
    (2, True)

    Raises:
        RecordError: more than 12 deals, a deal that is not finished, or a deal
            with the wrong dealer.
        TypeError: a deal is not a :class:`~doppelkopf.Deal`, or ``meta`` holds
            something JSON cannot represent.
    """
    _check_session(first_dealer, deals)
    record = _header("session", meta)
    bodies = [_deal_fields(deal) for deal in deals]
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
    """
    record = dump_session(first_dealer, deals, meta=meta)
    return json.dumps(record, indent=indent, ensure_ascii=False)


# --- reading: structure ----------------------------------------------------------


class _Entry:
    """An entry of a record being read: its name in messages and its place in the JSON."""

    __slots__ = ("name", "path")

    def __init__(self, name: str, path: _Path) -> None:
        self.name = name
        self.path = path

    def fail(
        self, message: str, *, key: str | int | None = None, cause: Exception | None = None
    ) -> NoReturn:
        path = self.path if key is None else (*self.path, key)
        raise RecordError(f"{self.name}: {message}", path=path) from cause


def _show(value: object) -> str:
    """``value`` as JSON text, shortened, for a message."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else f"{text[:37]}..."


def _object(
    value: object, entry: _Entry, required: Sequence[str], optional: Sequence[str] = ()
) -> Mapping[str, object]:
    if not isinstance(value, Mapping):
        entry.fail(f"must be a JSON object, not {_show(value)}")
    for key in value:
        if key not in required and key not in optional:
            entry.fail(f"unknown key {_show(key)}", key=key if isinstance(key, str) else None)
    for key in required:
        if key not in value:
            entry.fail(f"missing key {key!r}")
    return value


def _list(
    data: Mapping[str, object], key: str, entry: _Entry, *, low: int = 0, high: int | None = None
) -> Sequence[object]:
    value = data[key]
    if not isinstance(value, list | tuple):
        entry.fail(f"{key!r} must be a JSON array, not {_show(value)}", key=key)
    if len(value) < low or (high is not None and len(value) > high):
        size = f"{low}" if low == high else f"{low}-{high}" if high is not None else f"{low}+"
        entry.fail(f"{key!r} must hold {size} entries, not {len(value)}", key=key)
    return value


def _int(
    data: Mapping[str, object],
    key: str,
    entry: _Entry,
    *,
    low: int | None = None,
    high: int | None = None,
    what: str = "an integer",
    nullable: bool = False,
) -> int:
    value = data[key]
    if (
        type(value) is not int
        or (low is not None and value < low)
        or (high is not None and value > high)
    ):
        null = " or null" if nullable else ""
        entry.fail(f"{key!r} must be {what}{null}, not {_show(value)}", key=key)
    return value


def _int_or_none(
    data: Mapping[str, object], key: str, entry: _Entry, *, low: int, high: int, what: str
) -> int | None:
    if data[key] is None:
        return None
    return _int(data, key, entry, low=low, high=high, what=what, nullable=True)


def _seat(data: Mapping[str, object], key: str, entry: _Entry) -> int:
    return _int(data, key, entry, low=0, high=3, what="a seat 0-3")


def _seat_or_none(data: Mapping[str, object], key: str, entry: _Entry) -> int | None:
    return _int_or_none(data, key, entry, low=0, high=3, what="a seat 0-3")


def _str(data: Mapping[str, object], key: str, entry: _Entry) -> str:
    value = data[key]
    if not isinstance(value, str):
        entry.fail(f"{key!r} must be a string, not {_show(value)}", key=key)
    return value


def _name(
    data: Mapping[str, object], key: str, entry: _Entry, names: Mapping[str, _T], *, null: str = ""
) -> _T:
    value = data[key]
    if not isinstance(value, str) or value not in names:
        choices = ", ".join(repr(name) for name in names)
        entry.fail(f"{key!r} must be one of {choices}{null}, not {_show(value)}", key=key)
    return names[value]


def _party(data: Mapping[str, object], key: str, entry: _Entry) -> Party:
    return _name(data, key, entry, _PARTIES)


def _party_or_none(data: Mapping[str, object], key: str, entry: _Entry) -> Party | None:
    if data[key] is None:
        return None
    return _name(data, key, entry, _PARTIES, null=" or null")


def _card(value: object, entry: _Entry, key: str | int, what: str) -> Card:
    """The card written ``value`` in ASCII notation (``CQ``, ``H10``)."""
    if isinstance(value, str) and value in _CARDS:
        return _CARDS[value]
    hint = ""
    if isinstance(value, str):
        with contextlib.suppress(InvalidNotationError):
            hint = f" (write {Card.parse(value).ascii!r})"
    entry.fail(
        f"{what} must be a card in ASCII notation such as 'CQ' or 'H10', not {_show(value)}{hint}",
        key=key,
    )


def _mismatch(entry: _Entry, key: str, recorded: object, actual: object) -> NoReturn:
    entry.fail(
        f"the record says {key}={_show(recorded)}, but the replay gives {_show(actual)}", key=key
    )


def _check_header(data: object, kind: str, entry: _Entry) -> Mapping[str, object]:
    if not isinstance(data, Mapping):
        entry.fail(f"must be a JSON object, not {_show(data)}")
    if "format" not in data:
        entry.fail("missing key 'format': not a doppelkopf record")
    if data["format"] != RECORD_FORMAT:
        entry.fail(
            f"'format' is {_show(data['format'])}, not {RECORD_FORMAT!r}: not a doppelkopf record",
            key="format",
        )
    if "version" not in data:
        entry.fail("missing key 'version'")
    version = data["version"]
    if type(version) is not int:
        entry.fail(f"'version' must be an integer, not {_show(version)}", key="version")
    if version != RECORD_VERSION:
        entry.fail(
            f"version {version} is not supported; this library reads version "
            f"{RECORD_VERSION} records",
            key="version",
        )
    if "kind" not in data:
        entry.fail("missing key 'kind'")
    if data["kind"] != kind:
        if data["kind"] in ("deal", "session"):
            entry.fail(
                f"this is a {data['kind']} record; read it with load_{data['kind']}()", key="kind"
            )
        entry.fail(f"'kind' must be 'deal' or 'session', not {_show(data['kind'])}", key="kind")
    keys = _DEAL_KEYS if kind == "deal" else _SESSION_KEYS
    record = _object(data, entry, (*_HEADER_KEYS, *keys), ("meta",))
    if "meta" in record:
        meta = record["meta"]
        if not isinstance(meta, Mapping):
            entry.fail(f"'meta' must be a JSON object, not {_show(meta)}", key="meta")
        try:
            _json_copy(meta, "meta")
        except TypeError as error:
            entry.fail(str(error), key="meta", cause=error)
    return record


# --- reading: replay -------------------------------------------------------------


def _read_hands(data: Mapping[str, object], entry: _Entry, prefix: str) -> list[Hand]:
    hands = _list(data, "hands", entry, low=4, high=4)
    result = []
    for seat, cards in enumerate(hands):
        hand_entry = _Entry(f"{prefix}hand {seat}", (*entry.path, "hands", seat))
        if not isinstance(cards, list | tuple):
            hand_entry.fail(f"must be a JSON array of cards, not {_show(cards)}")
        if len(cards) != 12:
            hand_entry.fail(f"must hold 12 cards, not {len(cards)} (§2.4)")
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


def _reserve(deal: Deal, data: Mapping[str, object], entry: _Entry, prefix: str) -> Deal:
    reservations = _list(data, "reservations", entry, high=4)
    for number, item in enumerate(reservations):
        item_entry = _Entry(f"{prefix}reservation {number}", (*entry.path, "reservations", number))
        answer = _object(item, item_entry, ("seat", "reservation"))
        seat = _seat(answer, "seat", item_entry)
        reservation = _name(answer, "reservation", item_entry, _RESERVATIONS)
        item_entry.name += f" (seat {seat} {reservation.value})"
        try:
            deal = deal.declare(seat, reservation)
        except DoppelkopfError as error:
            item_entry.fail(str(error), cause=error)
    return deal


def _play(deal: Deal, event: Mapping[str, object], entry: _Entry) -> Deal:
    _object(event, entry, _PLAY_KEYS)
    seat = _seat(event, "seat", entry)
    card = _card(event["card"], entry, "card", "'card'")
    entry.name += f" (play seat {seat} {card})"
    try:
        return deal.play(seat, card)
    except DoppelkopfError as error:
        entry.fail(str(error), cause=error)


def _announce(deal: Deal, event: Mapping[str, object], entry: _Entry) -> Deal:
    _object(event, entry, _ANNOUNCE_KEYS)
    seat = _seat(event, "seat", entry)
    level = Announcement(_int(event, "level", entry, low=0, high=4, what="a level 0-4"))
    party = _party(event, "party", entry)
    hand_size = _int(event, "hand_size", entry, low=0, high=12, what="a hand size 0-12")
    moment = _int(event, "moment", entry, low=0, high=47, what="a card count 0-47")
    late_reply = event["late_reply"]
    if type(late_reply) is not bool:
        entry.fail(f"'late_reply' must be true or false, not {_show(late_reply)}", key="late_reply")
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


def _replay_events(deal: Deal, data: Mapping[str, object], entry: _Entry, prefix: str) -> Deal:
    events = _list(data, "events", entry)
    for number, event in enumerate(events):
        event_entry = _Entry(f"{prefix}event {number}", (*entry.path, "events", number))
        if not isinstance(event, Mapping):
            event_entry.fail(f"must be a JSON object, not {_show(event)}")
        if "type" not in event:
            event_entry.fail("missing key 'type'")
        kind = event["type"]
        if kind == "play":
            deal = _play(deal, event, event_entry)
        elif kind == "announce":
            deal = _announce(deal, event, event_entry)
        else:
            event_entry.fail(f"'type' must be 'play' or 'announce', not {_show(kind)}", key="type")
    return deal


def _read_contract(value: object, entry: _Entry) -> dict[str, object] | None:
    if value is None:
        return None
    contract = _object(value, entry, _CONTRACT_KEYS)
    game = _name(contract, "game_type", entry, _GAME_TYPES)
    return {
        "game_type": game.value,
        "declarer": _seat_or_none(contract, "declarer", entry),
        "partner": _seat_or_none(contract, "partner", entry),
        "clarification_trick": _int_or_none(
            contract, "clarification_trick", entry, low=1, high=3, what="a trick 1-3"
        ),
    }


def _check_contract(recorded: dict[str, object] | None, deal: Deal, entry: _Entry) -> None:
    actual = _contract(deal)
    if recorded is None or actual is None:
        if recorded is not None:
            entry.fail("the reservation round is not complete, so there is no contract yet")
        if actual is not None:
            entry.fail(
                f"the record has none, but the reservation round fixed {actual['game_type']}"
            )
        return
    for key in _CONTRACT_KEYS:
        if recorded[key] != actual[key]:
            _mismatch(entry, key, recorded[key], actual[key])


def _read_settlement(value: object, entry: _Entry) -> dict[str, object] | None:
    if value is None:
        return None
    settlement = _object(value, entry, _SETTLEMENT_KEYS)
    winner = _party_or_none(settlement, "winner", entry)
    amount = _int(settlement, "value", entry)
    scores = _list(settlement, "scores", entry, low=4, high=4)
    for seat, score in enumerate(scores):
        if type(score) is not int:
            entry.fail(f"score {seat} must be an integer, not {_show(score)}", key="scores")
    lines = []
    for number, line in enumerate(_list(settlement, "lines", entry)):
        line_entry = _Entry(f"{entry.name} line {number}", (*entry.path, "lines", number))
        fields = _object(line, line_entry, _LINE_KEYS)
        party = _party(fields, "party", line_entry)
        lines.append(
            {
                "reason": _str(fields, "reason", line_entry),
                "party": party.value,
                "points": _int(fields, "points", line_entry, low=1, what="a positive integer"),
                "rule": _str(fields, "rule", line_entry),
            }
        )
    return {
        "winner": None if winner is None else winner.value,
        "value": amount,
        "scores": list(scores),
        "lines": lines,
    }


def _check_settlement(
    recorded: dict[str, Any] | None, deal: Deal, entry: _Entry
) -> dict[str, Any] | None:
    """Compare the recorded settlement with the deal's; return the deal's."""
    if not deal.is_finished:
        if recorded is not None:
            entry.fail(
                f"the deal is not finished ({len(deal.tricks)} of 12 tricks), so it has no "
                "settlement yet and the record must say null"
            )
        return None
    actual = _settlement(deal)
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
            line_entry = _Entry(f"{entry.name} line {number}", (*entry.path, "lines", number))
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
    return f"{line['reason']!r} +{line['points']} for {line['party']} ({line['rule']})"


def _read_deal(
    data: Mapping[str, object], entry: _Entry, prefix: str, dealer: int | None = None
) -> tuple[Deal, dict[str, Any] | None]:
    """Replay the deal fields of ``data`` (a deal record, or one deal of a session).

    The entries are checked in the order of the record.  Only the agreement of
    the contract with the play waits until the replay is complete.  Returns
    the deal and its settlement.
    """
    recorded_dealer = _seat(data, "dealer", entry)
    if dealer is not None and recorded_dealer != dealer:
        entry.fail(
            f"the record says dealer={recorded_dealer}, but the deal passes to the left after "
            f"every deal, so seat {dealer} deals it (§2.2)",
            key="dealer",
        )
    cut = _int_or_none(data, "cut", entry, low=3, high=45, what="a cut 3-45 (§2.3)")
    hands = _read_hands(data, entry, prefix)
    try:
        deal = Deal.from_hands(hands, dealer=recorded_dealer, cut=cut)
    except ValueError as error:
        _Entry(f"{prefix}hands", (*entry.path, "hands")).fail(str(error), cause=error)
    deal = _reserve(deal, data, entry, prefix)
    contract_entry = _Entry(f"{prefix}contract", (*entry.path, "contract"))
    contract = _read_contract(data["contract"], contract_entry)
    deal = _replay_events(deal, data, entry, prefix)
    _check_contract(contract, deal, contract_entry)
    settlement_entry = _Entry(f"{prefix}settlement", (*entry.path, "settlement"))
    settlement = _read_settlement(data["settlement"], settlement_entry)
    return deal, _check_settlement(settlement, deal, settlement_entry)


def load_deal(data: Mapping[str, Any]) -> Deal:
    """Read a deal record (a parsed JSON object), replaying and checking every entry.

    The hands must be four hands of 12 that together are the 48-card deck;
    every reservation, announcement and card must be legal at its place; the
    contract, each announcement's party, hand size, moment and late-reply flag,
    and the settlement must be what the replay gives.  The result equals the
    deal that was recorded, history included.  The record's ``meta`` is
    checked to be a JSON object but not returned: read it from ``data``.

    >>> from doppelkopf import Deal
    >>> from doppelkopf.records import dump_deal, load_deal
    >>> deal = Deal.shuffled(seed=9)
    >>> for _ in range(10):
    ...     deal = deal.apply(deal.legal_actions()[0])
    >>> loaded = load_deal(dump_deal(deal))
    >>> loaded == deal, loaded.history == deal.history, loaded.cards_played
    (True, True, 6)

    Raises:
        RecordError: the data is not a deal record of version 1, an action is
            illegal, or a recorded fact disagrees with the replay.
    """
    record = _check_header(data, "deal", _Entry("record", ()))
    deal, _ = _read_deal(record, _Entry("record", ()), "")
    return deal


def load_session(data: Mapping[str, Any]) -> tuple[int, tuple[Deal, ...]]:
    """Read a session record: the first dealer and the finished deals, each replayed.

    Every deal is checked as :func:`load_deal` checks one; in addition each
    deal must be finished, deal ``i`` must be dealt by seat ``(first_dealer +
    i) % 4`` (SPEC §2.2), there are at most 12 deals (SPEC §2.5), and the
    recorded ``totals`` must be the sums of the deals' scores.

    >>> from doppelkopf.records import load_session
    >>> load_session({"format": "doppelkopf-record", "version": 1, "kind": "session",
    ...               "first_dealer": 1, "deals": [], "totals": [0, 0, 0, 0]})
    (1, ())

    Raises:
        RecordError: the data is not a session record of version 1, or one of
            the checks above fails; the message names the deal and its entry.
    """
    entry = _Entry("record", ())
    record = _check_header(data, "session", entry)
    first_dealer = _seat(record, "first_dealer", entry)
    items = _list(record, "deals", entry, high=_SESSION_LENGTH)
    totals = _list(record, "totals", entry, low=4, high=4)
    deals = []
    sums = [0, 0, 0, 0]
    for number, item in enumerate(items):
        deal_entry = _Entry(f"deal {number}", ("deals", number))
        fields = _object(item, deal_entry, _DEAL_KEYS)
        dealer = (first_dealer + number) % 4
        deal, settlement = _read_deal(fields, deal_entry, f"deal {number}, ", dealer)
        if settlement is None:
            deal_entry.fail(
                f"a session record holds finished deals only, and this one has "
                f"{len(deal.tricks)} of 12 tricks"
            )
        for seat, score in enumerate(settlement["scores"]):
            sums[seat] += score
        deals.append(deal)
    if list(totals) != sums:
        _mismatch(entry, "totals", list(totals), sums)
    return first_dealer, tuple(deals)


# --- text and files --------------------------------------------------------------


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise RecordError(f"record: the key {key!r} appears twice in one object")
        result[key] = value
    return result


def _no_constant(name: str) -> NoReturn:
    raise RecordError(f"record: {name} is not a JSON number")


def _parse(text: str | bytes) -> Any:
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except RecordError:
        raise
    except (ValueError, RecursionError) as error:
        raise RecordError(f"record: not JSON text: {error}") from error


def loads_deal(text: str | bytes) -> Deal:
    """Read a deal record from JSON text (see :func:`load_deal`).

    >>> from doppelkopf import Deal
    >>> from doppelkopf.records import dumps_deal, loads_deal
    >>> deal = Deal.shuffled(seed=4)
    >>> loads_deal(dumps_deal(deal)) == deal
    True
    >>> loads_deal('{"format": "doppelkopf-record", ')
    Traceback (most recent call last):
    ...
    doppelkopf.records.RecordError: record: not JSON text: Expecting property name enclosed \
in double quotes: line 1 column 33 (char 32)

    Raises:
        RecordError: the text is not JSON (NaN, Infinity and a key repeated in
            one object are refused too), or :func:`load_deal` rejects it.
    """
    return load_deal(_parse(text))


def loads_session(text: str | bytes) -> tuple[int, tuple[Deal, ...]]:
    """Read a session record from JSON text (see :func:`load_session`).

    >>> from doppelkopf.records import dumps_session, loads_session
    >>> loads_session(dumps_session(3, []))
    (3, ())

    Raises:
        RecordError: the text is not JSON, or :func:`load_session` rejects it.
    """
    return load_session(_parse(text))


def _load_any(data: object) -> Deal | tuple[int, tuple[Deal, ...]]:
    if isinstance(data, Mapping) and data.get("kind") == "session":
        return load_session(data)
    if not isinstance(data, Mapping):
        _Entry("record", ()).fail(f"must be a JSON object, not {_show(data)}")
    return load_deal(data)


class _SessionLike(Protocol):
    """Anything with a session's first dealer and finished deals."""

    @property
    def first_dealer(self) -> int: ...

    @property
    def deals(self) -> Sequence[Deal]: ...


def save(
    path: str | PathLike[str],
    record: Deal | _SessionLike | Mapping[str, Any],
    *,
    indent: int | None = 2,
) -> None:
    """Write a record to the file ``path`` as UTF-8 JSON text.

    ``record`` is a :class:`~doppelkopf.Deal`, written as :func:`dump_deal`
    writes it; a session — any object with ``first_dealer`` and ``deals`` —
    written as :func:`dump_session` writes it; or a record already made by
    :func:`dump_deal` or :func:`dump_session` (to keep its ``meta``).  A record
    given as a mapping is read back with the checks of :func:`load` before
    anything is written, so a file written by ``save`` always loads.

    >>> import tempfile
    >>> from pathlib import Path
    >>> from doppelkopf import Deal
    >>> from doppelkopf.records import load, save
    >>> deal = Deal.shuffled(seed=4)
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder) / "deal.json"
    ...     save(path, deal)
    ...     load(path) == deal
    True

    Raises:
        RecordError: a mapping that is not a valid record, or a session that
            :func:`dump_session` refuses.
        TypeError: ``record`` is none of the above.
        OSError: the file cannot be written.
    """
    if isinstance(record, Deal):
        data = dump_deal(record)
    elif isinstance(record, Mapping):
        _load_any(record)
        data = _json_copy(record, "record")
    elif hasattr(record, "first_dealer") and hasattr(record, "deals"):
        data = dump_session(record.first_dealer, record.deals)
    else:
        raise TypeError(f"save() needs a Deal, a session or a record, not {type(record).__name__}")
    text = json.dumps(data, indent=indent, ensure_ascii=False)
    Path(path).write_text(text + "\n", encoding="utf-8")


def load(path: str | PathLike[str]) -> Deal | tuple[int, tuple[Deal, ...]]:
    """Read the record in the file ``path``: a deal, or ``(first_dealer, deals)`` of a session.

    The record's ``"kind"`` decides which; see :func:`load_deal` and
    :func:`load_session` for the checks.  An example is under :func:`save`.

    Raises:
        RecordError: the file is not UTF-8 JSON text or not a valid record.
        OSError: the file cannot be read.
    """
    return _load_any(_parse(Path(path).read_bytes()))


def record_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of version-1 deal and session records.

    The schema ships in the package as ``record.schema.json``.  It describes
    the structure only; what it cannot express — legal play, recorded facts
    that agree with the replay — is checked by the ``load`` functions.

    >>> from doppelkopf.records import record_schema
    >>> schema = record_schema()
    >>> schema["$schema"], sorted(schema["$defs"])[:3]
    ('https://json-schema.org/draft/2020-12/schema', ['announceEvent', 'card', 'contract'])
    """
    text = resources.files("doppelkopf").joinpath("record.schema.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema
