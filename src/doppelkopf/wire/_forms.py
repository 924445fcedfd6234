"""Actions and events as JSON: the objects a client sends and a server streams (SPEC §3, §5, §8).

An action's body is an object with a ``type`` and the action's fields; an
event's body adds the two events no player takes: ``announced`` (an accepted
announcement with its party and moment, SPEC §8.10) and ``concealed`` (what a
seat saw happen without its content, SPEC §3.3, V§6.7).  The standalone forms
carry the header ``{"format": ..., "version": 2}`` before the body's keys.
"""

from __future__ import annotations

import json
from typing import Any, Final, get_args

from .._checks import excerpt, type_error
from ..deal import (
    Action,
    Announce,
    Announced,
    AnswerPoverty,
    Concealed,
    Declare,
    PassCards,
    Play,
    Reservation,
    ReturnCards,
    SeenEvent,
)
from ..deal.actions import ConcealedKind
from ..parties import Announcement, Party
from ..rules import THROW_REASONS, ThrowReason
from ._common import (
    ACTION_FORMAT,
    CARD_NAMES,
    EVENT_FORMAT,
    MAX_STEP_TEXT,
    WIRE_VERSION,
    Path,
    Reader,
    header,
    parse_text,
)

__all__ = [
    "dump_action",
    "dump_event",
    "dumps_action",
    "dumps_event",
    "load_action",
    "load_event",
    "loads_action",
    "loads_event",
]

RESERVATIONS: Final = {reservation.value: reservation for reservation in Reservation}
PARTIES: Final = {party.value: party for party in Party}
THROW_NAMES: Final[dict[str, ThrowReason]] = {reason: reason for reason in THROW_REASONS}
KINDS: Final[dict[str, ConcealedKind]] = {kind: kind for kind in get_args(ConcealedKind)}
SEPARATORS: Final = (",", ":")
"""The separators of every text form: compact, so equal values give equal bytes."""

_ACTION_KEYS: Final = {
    "declare": ("type", "seat", "reservation", "reason"),
    "play": ("type", "seat", "card"),
    "announce": ("type", "seat", "level"),
    "pass": ("type", "seat", "cards"),
    "answer": ("type", "seat", "accept"),
    "return": ("type", "seat", "cards"),
}
_EVENT_KEYS: Final = {
    **{kind: keys for kind, keys in _ACTION_KEYS.items() if kind != "announce"},
    "announced": ("type", "seat", "level", "party", "hand_size", "moment", "late_reply"),
    "concealed": ("type", "seat", "kind", "trumps"),
}
_HEADER: Final = ("format", "version")
_EVENT_ACTIONS: Final = (Declare, Play, PassCards, AnswerPoverty, ReturnCards)
"""The actions that stand in a history as themselves; an Announce stands as an Announced."""


def action_body(action: Action) -> dict[str, Any]:
    """The body of ``action``'s form, without the header (the entries of a view's list)."""
    kind = type(action)
    if kind is Play:
        return {"type": "play", "seat": action.seat, "card": CARD_NAMES[action.card.index]}  # type: ignore[union-attr]
    if kind is Announce:
        return {"type": "announce", "seat": action.seat, "level": int(action.level)}  # type: ignore[union-attr]
    if kind is Declare:
        return {
            "type": "declare",
            "seat": action.seat,
            "reservation": action.reservation.value,  # type: ignore[union-attr]
            "reason": action.reason,  # type: ignore[union-attr]
        }
    if kind is PassCards or kind is ReturnCards:
        return {
            "type": "pass" if kind is PassCards else "return",
            "seat": action.seat,
            "cards": [CARD_NAMES[card.index] for card in action.cards],  # type: ignore[union-attr]
        }
    if kind is AnswerPoverty:
        return {"type": "answer", "seat": action.seat, "accept": action.accept}  # type: ignore[union-attr]
    raise type_error(
        action, "action", "Declare, Play, Announce, PassCards, AnswerPoverty or ReturnCards"
    )


def announced_body(event: Announced) -> dict[str, Any]:
    return {
        "type": "announced",
        "seat": event.seat,
        "level": int(event.level),
        "party": event.party.value,
        "hand_size": event.hand_size,
        "moment": event.moment,
        "late_reply": event.late_reply,
    }


def event_body(event: SeenEvent) -> dict[str, Any]:
    """The body of ``event``'s form, without the header."""
    kind: type = type(event)
    if kind is Announced:
        return announced_body(event)  # type: ignore[arg-type]
    if kind is Concealed:
        return {"type": "concealed", "seat": event.seat, "kind": event.kind, "trumps": event.trumps}  # type: ignore[union-attr]
    if kind in _EVENT_ACTIONS:
        return action_body(event)  # type: ignore[arg-type]
    raise type_error(
        event,
        "event",
        "Declare, Play, Announced, PassCards, AnswerPoverty, ReturnCards or Concealed",
    )


def read_action(reader: Reader, data: object, path: Path, *, head: bool = False) -> Action:
    """The action of the body ``data`` at ``path`` (with the header keys if ``head``)."""
    kind = _type(reader, data, path, _ACTION_KEYS)
    assert type(data) is dict
    keys = _ACTION_KEYS[kind]
    fields = reader.fields(data, path, (*_HEADER, *keys) if head else keys)
    return _read_step(reader, kind, fields, path)


def read_event(reader: Reader, data: object, path: Path, *, head: bool = False) -> SeenEvent:
    kind = _type(reader, data, path, _EVENT_KEYS)
    assert type(data) is dict
    keys = _EVENT_KEYS[kind]
    fields = reader.fields(data, path, (*_HEADER, *keys) if head else keys)
    if kind == "announced":
        return read_announced(reader, fields, path)
    if kind == "concealed":
        seat = reader.seat(fields["seat"], (*path, "seat"))
        what = reader.name(fields["kind"], (*path, "kind"), KINDS, "a concealed kind")
        trumps = fields["trumps"]
        if trumps is not None:
            reader.integer(trumps, (*path, "trumps"), 0, 3, "a number of trumps 0-3 or null")
        return reader.checked((*path, "trumps"), lambda: Concealed(seat, what, trumps))
    return _read_step(reader, kind, fields, path)  # type: ignore[return-value]


def read_announced(reader: Reader, fields: dict[str, Any], path: Path) -> Announced:
    """An :class:`Announced` from its checked object (SPEC §8.2, §8.10); its keys are checked."""
    seat = reader.seat(fields["seat"], (*path, "seat"))
    level = reader.integer(fields["level"], (*path, "level"), 0, 4, "a level 0-4")
    party = reader.name(fields["party"], (*path, "party"), PARTIES, "a party")
    hand_size = reader.integer(fields["hand_size"], (*path, "hand_size"), 0, 12)
    moment = reader.integer(fields["moment"], (*path, "moment"), 0, 48)
    late = reader.boolean(fields["late_reply"], (*path, "late_reply"))
    return Announced(seat, Announcement(level), party, hand_size, moment, late)


def _type(reader: Reader, data: object, path: Path, table: dict[str, tuple[str, ...]]) -> str:
    if type(data) is not dict:
        reader.fail(path, f"must be a JSON object, not {excerpt(data, notation='json')}")
    kind = data.get("type")
    if type(kind) is not str or kind not in table:
        listed = ", ".join(map(repr, table))
        reader.fail(
            (*path, "type"), f"must be one of {listed}, not {excerpt(kind, notation='json')}"
        )
    return kind


def _read_step(
    reader: Reader, kind: str, fields: dict[str, Any], path: Path
) -> Declare | Play | Announce | PassCards | AnswerPoverty | ReturnCards:
    seat = reader.seat(fields["seat"], (*path, "seat"))
    if kind == "play":
        card = reader.card(fields["card"], (*path, "card"))
        return Play(seat, card)
    if kind == "announce":
        level = reader.integer(fields["level"], (*path, "level"), 0, 4, "a level 0-4")
        return Announce(seat, level)
    if kind == "declare":
        reservation = reader.name(
            fields["reservation"], (*path, "reservation"), RESERVATIONS, "a reservation"
        )
        reason = fields["reason"]
        if reason is not None:
            reason = reader.name(reason, (*path, "reason"), THROW_NAMES, "a throw reason or null")
        return reader.checked((*path, "reason"), lambda: Declare(seat, reservation, reason))
    if kind == "answer":
        return AnswerPoverty(seat, reader.boolean(fields["accept"], (*path, "accept")))
    cards = reader.cards(fields["cards"], (*path, "cards"), 3, 3)
    return PassCards(seat, cards) if kind == "pass" else ReturnCards(seat, cards)


_ACTION_READER: Final = Reader("action")
_EVENT_READER: Final = Reader("event")


def dump_action(action: Action) -> dict[str, Any]:
    """``action`` as a JSON-ready ``dict``: the header, then ``type`` and the action's fields.

    Cards are written in ASCII (``"CQ"``, ``"H10"``), a reservation by its
    identifier (``"healthy"``, ``"SOLO_Q"``, SPEC §3.2) with the throw reason
    of Schmeißen (``null`` for every other answer, V§7.2), a level as 0-4
    (Re/Kontra to schwarz, SPEC §8.1).

    >>> from doppelkopf import Card, Play
    >>> from doppelkopf.wire import dump_action
    >>> dump_action(Play(2, Card.parse("♣Q")))
    {'format': 'doppelkopf-action', 'version': 2, 'type': 'play', 'seat': 2, 'card': 'CQ'}

    Raises:
        InvalidTypeError: ``action`` is no action.
    """
    return {"format": ACTION_FORMAT, "version": WIRE_VERSION, **action_body(action)}


def dumps_action(action: Action) -> str:
    """``action`` as compact JSON text (see :func:`dump_action`).

    >>> from doppelkopf import Announce, Announcement
    >>> from doppelkopf.wire import dumps_action
    >>> dumps_action(Announce(1, Announcement.NO_90))
    '{"format":"doppelkopf-action","version":2,"type":"announce","seat":1,"level":1}'
    """
    return json.dumps(dump_action(action), separators=SEPARATORS)


def load_action(data: object) -> Action:
    """The action of a form written by :func:`dump_action` (a ``dict`` of plain JSON values).

    Only the action's own checks run (a seat 0-3, three cards for an exchange
    step, a throw reason exactly with Schmeißen); whether the rules allow it
    now is for :meth:`Deal.apply <doppelkopf.Deal.apply>` to say.

    >>> from doppelkopf.wire import load_action
    >>> load_action({"format": "doppelkopf-action", "version": 2, "type": "answer",
    ...              "seat": 1, "accept": True})
    AnswerPoverty(seat=1, accept=True)

    Raises:
        WireError: ``data`` is not an action's form; ``path`` locates the bad value.
    """
    header(_ACTION_READER, data, ACTION_FORMAT)
    return read_action(_ACTION_READER, data, (), head=True)


def loads_action(text: str | bytes) -> Action:
    """The action of JSON text written by :func:`dumps_action`, read within limits.

    >>> from doppelkopf.wire import loads_action
    >>> loads_action('{"format": "doppelkopf-action", "version": 2, "type": "play",'
    ...              ' "seat": 0, "card": "H10"}')
    Play(seat=0, card=Card.parse('♥10'))

    Raises:
        WireError: the text is longer than 64 KiB, is not JSON within the
            limits of the records (nesting 64 deep, no key twice), or is not
            an action's form.
        InvalidTypeError: ``text`` is neither str nor bytes.
    """
    return load_action(parse_text(text, "the action", MAX_STEP_TEXT))


def dump_event(event: SeenEvent) -> dict[str, Any]:
    """``event``, an entry of a history, as a JSON-ready ``dict`` (SPEC §3.3, §8.10, V§6.7).

    The entries of :attr:`Deal.history <doppelkopf.Deal.history>` and of
    :attr:`PlayerView.history <doppelkopf.PlayerView.history>`: the actions but
    :class:`~doppelkopf.Announce` as :func:`dump_action` writes them (with the
    event header), an accepted announcement as ``announced`` with its party,
    the announcer's hand size and the moment (SPEC §8.10), and a
    :class:`~doppelkopf.Concealed` as ``concealed`` with its kind and, for a
    return, the number of trumps (V§6.7).

    >>> from doppelkopf import Concealed
    >>> from doppelkopf.wire import dump_event
    >>> dump_event(Concealed(3, "return", 1))
    {'format': 'doppelkopf-event', 'version': 2, 'type': 'concealed', 'seat': 3, 'kind': 'return',
     'trumps': 1}

    Raises:
        InvalidTypeError: ``event`` is no history entry.
    """
    return {"format": EVENT_FORMAT, "version": WIRE_VERSION, **event_body(event)}


def dumps_event(event: SeenEvent) -> str:
    """``event`` as compact JSON text (see :func:`dump_event`).

    >>> from doppelkopf import Deal, Reservation
    >>> from doppelkopf.wire import dumps_event
    >>> deal = Deal.shuffled(seed=3).declare(0, Reservation.QUEENS_SOLO)
    >>> [dumps_event(event) for event in deal.view(1).history]
    ['{"format":"doppelkopf-event","version":2,"type":"concealed","seat":0,"kind":"vorbehalt","trumps":null}']
    """
    return json.dumps(dump_event(event), separators=SEPARATORS)


def load_event(data: object) -> SeenEvent:
    """The event of a form written by :func:`dump_event`.

    >>> from doppelkopf.wire import load_event
    >>> load_event({"format": "doppelkopf-event", "version": 2, "type": "announced", "seat": 2,
    ...             "level": 0, "party": "kontra", "hand_size": 12, "moment": 0,
    ...             "late_reply": False})
    Announced(seat=2, level=<Announcement.RE_KONTRA: 0>, party=Party.KONTRA, hand_size=12,
              moment=0, late_reply=False)

    Raises:
        WireError: ``data`` is not an event's form; ``path`` locates the bad value.
    """
    header(_EVENT_READER, data, EVENT_FORMAT)
    return read_event(_EVENT_READER, data, (), head=True)


def loads_event(text: str | bytes) -> SeenEvent:
    """The event of JSON text written by :func:`dumps_event`, read within limits.

    Raises:
        WireError: the text is longer than 64 KiB, is not JSON within the
            limits of the records, or is not an event's form.
        InvalidTypeError: ``text`` is neither str nor bytes.
    """
    return load_event(parse_text(text, "the event", MAX_STEP_TEXT))
