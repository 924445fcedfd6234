"""The text of a view's form written directly, for :func:`~doppelkopf.wire.dumps_view`.

Why this module exists: a server writes a view before every decision of
every seat, and building the ``dict`` of :func:`~doppelkopf.wire.dump_view`
and then encoding it costs twice what writing the text does.  Here every
piece of the text is built from values known to need no escaping (numbers,
the names of enum members, card names) and from tables made once at import:
each card's quoted name, each hand's cards by the count bits of each card,
the text of each play and announcement action of each seat, and the rules'
text kept per rule set.  The result is byte for byte what
``json.dumps(dump_view(view), separators=(",", ":"))`` gives;
``tests/test_wire_views.py`` pins the two together.
"""

from __future__ import annotations

import enum
import json
from typing import Final

from ..announce import PartyAnnouncements
from ..cards import DISTINCT_CARDS, Card, Hand
from ..deal import (
    Action,
    Announce,
    Announced,
    AnswerPoverty,
    Declare,
    PassCards,
    Play,
    PlayerView,
    Reservation,
    ReturnCards,
)
from ..rules import THROW_REASONS, Rules
from ..tricks import Trick
from ._common import CARD_NAMES, VIEW_FORMAT, WIRE_VERSION

__all__ = ["view_text"]

_SEPARATORS: Final = (",", ":")
_QUOTED: Final = tuple(f'"{name}"' for name in CARD_NAMES)

# A hand is written in its iteration order (the normal game's display order, which
# the package sets before any submodule such as this one is imported):
# for each card of that order, the text of its 0, 1 or 2 copies and the shift
# of its count bits in Hand.bits.
_DISPLAY: Final = tuple(
    (2 * card.index, ("", _QUOTED[card.index], f"{_QUOTED[card.index]},{_QUOTED[card.index]}"))
    for card in Hand.from_bits(0x555555555555)
)

_PLAY: Final = tuple(
    tuple(
        f'{{"type":"play","seat":{seat},"card":{_QUOTED[card.index]}}}' for card in DISTINCT_CARDS
    )
    for seat in range(4)
)
_ANNOUNCE: Final = tuple(
    tuple(f'{{"type":"announce","seat":{seat},"level":{level}}}' for level in range(5))
    for seat in range(4)
)
_DECLARE: Final = {
    (seat, reservation, reason): json.dumps(
        {
            "type": "declare",
            "seat": seat,
            "reservation": reservation.value,
            "reason": reason,
        },
        separators=_SEPARATORS,
    )
    for seat in range(4)
    for reservation in Reservation
    for reason in ((*THROW_REASONS,) if reservation is Reservation.THROW else (None,))
}
_ANSWER: Final = {
    (seat, accept): f'{{"type":"answer","seat":{seat},"accept":{"true" if accept else "false"}}}'
    for seat in range(4)
    for accept in (True, False)
}
# Enum members are written from ``_value_``, a plain attribute: ``.value``
# goes through the enum's descriptor, and a dict keyed by members through the
# enum's ``__hash__``, written in Python; either costs several times more.

# The JSON of None and the small integers of a view (seats, hand sizes, trick
# numbers), and of None and the booleans, by one dict lookup instead of a call
# and a str().  Two tables: True and False are equal to 1 and 0 as keys.
_NUMBERS: Final[dict[int | None, str]] = {None: "null", **{n: str(n) for n in range(49)}}
_FLAGS: Final[dict[bool | None, str]] = {None: "null", True: "true", False: "false"}

_RULES_TEXT: dict[Rules, str] = {}
_RULES_KEPT: Final = 64
"""The rule sets whose text is kept; a server with more recomputes the rest."""


def _rules(rules: Rules) -> str:
    text = _RULES_TEXT.get(rules)
    if text is None:
        text = json.dumps(rules.as_dict(), separators=_SEPARATORS)
        if len(_RULES_TEXT) >= _RULES_KEPT:
            _RULES_TEXT.clear()
        _RULES_TEXT[rules] = text
    return text


def _opt(value: int | None) -> str:
    return "null" if value is None else str(value)


def _name(value: str | None) -> str:
    return "null" if value is None else f'"{value}"'


def _member(member: enum.Enum | None) -> str:
    return "null" if member is None else f'"{member._value_}"'


def _bool(value: bool) -> str:
    return "true" if value else "false"


def _hand(bits: int) -> str:
    held = [text[(bits >> shift) & 3] for shift, text in _DISPLAY if (bits >> shift) & 3]
    return f"[{','.join(held)}]"


def _cards(cards: tuple[Card, ...] | None) -> str:
    if cards is None:
        return "null"
    quoted = _QUOTED
    return f"[{','.join([quoted[card.index] for card in cards])}]"


def _trick(trick: Trick) -> str:
    quoted = _QUOTED
    cards = ",".join([quoted[card.index] for card in trick.cards])
    return f'{{"leader":{trick.leader},"cards":[{cards}]}}'


def _state(state: PartyAnnouncements) -> str:
    level = state.level
    shown = "null" if level is None else level._value_
    return f'{{"level":{shown},"timely":{"true" if state.timely else "false"}}}'


def _announced(event: Announced) -> str:
    return (
        f'{{"type":"announced","seat":{event.seat},"level":{event.level._value_},'
        f'"party":"{event.party._value_}","hand_size":{event.hand_size},'
        f'"moment":{event.moment},"late_reply":{_bool(event.late_reply)}}}'
    )


def _action(action: Action) -> str:
    kind = type(action)
    if kind is Play:
        return _PLAY[action.seat][action.card.index]  # type: ignore[union-attr]
    if kind is Announce:
        return _ANNOUNCE[action.seat][action.level._value_]  # type: ignore[union-attr]
    if kind is Declare:
        return _DECLARE[action.seat, action.reservation, action.reason]  # type: ignore[union-attr]
    if kind is AnswerPoverty:
        return _ANSWER[action.seat, action.accept]  # type: ignore[union-attr]
    assert kind is PassCards or kind is ReturnCards
    name = "pass" if kind is PassCards else "return"
    return f'{{"type":"{name}","seat":{action.seat},"cards":{_cards(action.cards)}}}'  # type: ignore[union-attr]


def view_text(view: PlayerView) -> str:
    """The compact JSON text of ``view``'s form, written piece by piece."""
    plain = _NUMBERS
    flags = _FLAGS
    poverty = view.poverty
    void = view.void
    declared = ",".join([flags[said] for said in view.declared])
    parties = ",".join([_member(party) for party in view.known_parties])
    plays = _PLAY
    # Most legal actions are cards: their text is read from the table directly.
    legal = ",".join(
        [
            plays[action.seat][action.card.index] if type(action) is Play else _action(action)
            for action in view.legal_actions
        ]
    )
    if poverty is None:
        poverty_text = "null"
    else:
        answers = ",".join([_bool(answer) for answer in poverty.answers])
        poverty_text = (
            f'{{"poor":{poverty.poor},"passed":{_cards(poverty.passed)},"answers":[{answers}],'
            f'"acceptor":{_opt(poverty.acceptor)},"returned":{_cards(poverty.returned)},'
            f'"returned_trumps":{_opt(poverty.returned_trumps)},'
            f'"cards_passed":{_bool(poverty.cards_passed)},'
            f'"cards_returned":{_bool(poverty.cards_returned)}}}'
        )
    if void is None:
        void_text = "null"
    else:
        shown = "null" if void.shown is None else _hand(void.shown.bits)
        void_text = (
            f'{{"reason":"{void.reason}","seat":{void.seat},'
            f'"throw_reason":{_name(void.throw_reason)},"shown":{shown}}}'
        )
    return (
        f'{{"format":"{VIEW_FORMAT}","version":{WIRE_VERSION},"rules":{_rules(view.rules)},'
        f'"seat":{view.seat},"dealer":{view.dealer},"hand":{_hand(view.hand.bits)},'
        f'"reservation":{_member(view.reservation)},'
        f'"throw_reason":{_name(view.throw_reason)},"declared":[{declared}],'
        f'"game_type":{_member(view.game_type)},'
        f'"declarer":{plain[view.declarer]},"partner":{plain[view.partner]},'
        f'"clarification_trick":{plain[view.clarification_trick]},'
        f'"solo_kind":{_member(view.solo_kind)},'
        f'"known_parties":[{parties}],"schweine":{plain[view.schweine]},'
        f'"tricks":[{",".join([_trick(trick) for trick in view.tricks])}],'
        f'"current_trick":{_trick(view.current_trick)},'
        f'"announcements":[{",".join([_announced(event) for event in view.announcements])}],'
        f'"re_state":{_state(view.re_state)},"kontra_state":{_state(view.kontra_state)},'
        f'"hand_sizes":[{",".join([plain[size] for size in view.hand_sizes])}],'
        f'"turn":{plain[view.turn]},'
        f'"phase":{_member(view.phase)},'
        f'"poverty":{poverty_text},"void":{void_text},'
        f'"owing":[{",".join(map(str, sorted(view.owing)))}],"forced":{flags[view.forced]},'
        f'"asked":[{",".join([_action(answer) for answer in view.asked])}],'
        f'"legal_actions":[{legal}]}}'
    )
