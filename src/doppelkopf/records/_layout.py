"""The layout of a record, declared once: each object, its keys, and the JSON type of each value.

The readers take the keys of every object and the type and range of every
value from these declarations (see :mod:`._structure`), and :func:`schema`
writes the JSON Schema shipped as ``record.schema.json`` from them, so the two
cannot disagree.  What depends on the rules a record states — the hand size
and the cut (V§1.2), the seats at the table (V§10), which keys go together
(V§9.6) — is checked by the readers in code as they replay the record, and is
stated for the schema as conditions (``extra``) beside the declarations.

After a change here, write the schema file again with
``python -c "from doppelkopf.records._layout import write_schema; write_schema()"``
(with ``PYTHONPATH=src`` in a checkout); a test checks that the shipped file is
what it writes.

Why it is long: it declares every object of both kinds of record, with the
description each key has in the schema, in one place — which is its point;
split, the declarations the readers and the schema share would be scattered.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Final

from ..cards import DISTINCT_CARDS
from ..deal import Reservation, SoloKind
from ..parties import Party
from ..rules import THROW_REASONS, GameType, Rules
from ._nodes import (
    DEFS,
    Array,
    Boolean,
    Const,
    Integer,
    Names,
    Node,
    Nullable,
    Object,
    Raw,
    Ref,
    String,
)

SCHEMA_PATH: Final = Path(__file__).resolve().parent.parent / "record.schema.json"


# --- the layout ------------------------------------------------------------------------------

RECORD_FORMAT: Final = "doppelkopf-record"
_CARD_NAMES: Final = tuple(card.ascii for card in DISTINCT_CARDS)
_THROWS: Final = tuple(THROW_REASONS)
_SOLO_KINDS: Final = tuple(kind.value for kind in SoloKind)
_NINE_THROWS: Final = ("nines5", "nines4_kings4")
_DECK_ORDER: Final = "In the order of the deck: suits C S H D, ranks 9 J Q K 10 A."
_NO_SOLO_KIND: Final = {"properties": {"contract": {"properties": {"solo_kind": False}}}}
_TWELVE: Final = {"properties": {"hands": {"items": {"minItems": 12, "maxItems": 12}}}}

SEAT: Final = Ref("seat")
PARTY: Final = Ref("party")
CARD: Final = Ref("card")
TABLE_SEAT: Final = Ref("tableSeat")

TABLE_KEY: Final = "table"  # a deal of a session: the session's bookkeeping (V§8-V§11)


def _header(version: int, kind: str) -> dict[str, Node]:
    return {"format": Const(RECORD_FORMAT), "version": Const(version), "kind": Const(kind)}


def _rules() -> Object:
    defaults = Rules.DDV.as_dict()
    options: dict[str, Node] = {
        "nines": Boolean("Play with the eight 9s (V§1)."),
        "dullen": Boolean("The 10♥ is the highest trump (V§2.1)."),
        "second_dulle": Names(
            ("never", "always", "except_last_trick"),
            "Whether the second 10♥ of a trick beats the first (V§2.2).",
        ),
        "schweinchen": Boolean("Both ♦A in one hand top the trumps (V§2.3)."),
        "solos": Boolean("Voluntary solos may be declared (V§3)."),
        "skip_levels": Boolean("An absage may skip levels (V§4)."),
        "specials": Boolean("Doppelkopf, fox and Karlchen points are counted (V§5.1)."),
        "karlchen": Boolean("The Karlchen point (V§5.2)."),
        "karlchen_caught": Boolean("A ♣J caught in the last trick scores (V§5.3)."),
        "fox_at_end": Boolean("A party's own ♦A winning the last trick scores (V§5.4)."),
        "armut": Boolean("A player with few trumps may declare poverty (V§6)."),
        "armut_max_trumps": Integer(
            1, 3, description="The most trumps a poor player may hold (V§6.1)."
        ),
        "schmeissen": Array(
            Names(_THROWS),
            unique=True,
            description="The reasons to throw a deal in; empty for none (V§7.1).",
        ),
        "compulsory_solo": Boolean("Tournament mode: each player owes a compulsory solo (V§9)."),
        "players": Names((4, 5), "Players at the table; at five the dealer sits out (V§10)."),
        "session_length": Nullable(
            Integer(1),
            "Played deals per session; null for three per player (V§9.6, V§10).",
            null_first=True,
        ),
        "bock": Array(
            Names(("tie", "lost_announcement", "lost_solo")),
            unique=True,
            description="The events that start a Bock round; empty for none (V§11.1).",
        ),
        "bock_stacking": Names(
            ("consecutive", "multiply"), "How Bock rounds that overlap combine (V§11.3)."
        ),
    }
    assert tuple(options) == tuple(defaults), "the layout names every option of Rules"

    def excludes(description: str, **values: Any) -> dict[str, Any]:
        return {"description": description, "not": {"properties": values, "required": [*values]}}

    def too_short(players: int) -> dict[str, Any]:
        return {
            "properties": {
                "compulsory_solo": {"const": True},
                "players": {"const": players},
                "session_length": {"type": "integer", "maximum": players - 1},
            },
            "required": ["compulsory_solo", "players", "session_length"],
        }

    exclusions = [
        excludes(
            "dullen=false excludes a second Dulle (V§0.4).",
            dullen={"const": False},
            second_dulle={"enum": ["always", "except_last_trick"]},
        ),
        excludes(
            "specials=false excludes karlchen_caught (V§0.4).",
            specials={"const": False},
            karlchen_caught={"const": True},
        ),
        excludes(
            "specials=false excludes fox_at_end (V§0.4).",
            specials={"const": False},
            fox_at_end={"const": True},
        ),
        excludes(
            "compulsory_solo=true excludes solos=false (V§0.4).",
            compulsory_solo={"const": True},
            solos={"const": False},
        ),
        excludes(
            "nines=false excludes a throw reason about nines (V§0.4).",
            nines={"const": False},
            schmeissen={"contains": {"enum": list(_NINE_THROWS)}},
        ),
        {
            "description": "compulsory_solo=true excludes a session shorter than the players "
            "(V§0.4).",
            "not": {"anyOf": [too_short(4), too_short(5)]},
        },
    ]
    return Object(
        options,
        description="The rule set, every option by name (V§0.1); the combinations V§0.4 "
        "excludes are refused.",
        extra={"allOf": exclusions},
    )


def _deal() -> Object:
    events = ("playEvent", "announceEvent", "passEvent", "answerEvent", "returnEvent")
    return Object(
        {
            "dealer": SEAT,
            "cut": Nullable(
                Integer(3, 45),
                "Cards lifted by the cutter (SPEC §2.3), or null when not known.",
            ),
            "hands": Array(Ref("hand"), 4, 4, description="The hands as dealt, by seat."),
            "reservations": Array(
                Ref("reservation"),
                high=24,
                description="The answers of the reservation round in asking order (SPEC §3.2); "
                "in the two-step round, then the answers to its questions in the order asked "
                "(at most 4 + 5 kinds x 4 seats).",
            ),
            "contract": Raw(
                {"oneOf": [{"$ref": "#/$defs/contract"}, {"$ref": "#/$defs/voidContract"}, NULL]},
                "null until the reservation round is complete; a void deal's states the void "
                "(V§8).",
            ),
            "events": Array(
                Raw({"oneOf": [{"$ref": f"#/$defs/{event}"} for event in events]}),
                description="The steps of the Armut exchange (V§6.3), every card and every "
                "accepted announcement, in order.",
            ),
            "settlement": Nullable(
                Ref("settlement"),
                "null until the last trick is complete, and for a void deal (V§8).",
            ),
        },
        closed=None,
    )


NULL: Final = {"type": "null"}
_SOLO_KIND_TIE: Final = {
    "description": "A record that states owing states the solo_kind of a played contract, "
    "and only then (V§9.6).",
    "if": {"required": ["owing"]},
    "then": {
        "properties": {
            "contract": {
                "if": {"type": "object", "required": ["game_type"]},
                "then": {"required": ["solo_kind"]},
            }
        }
    },
    "else": _NO_SOLO_KIND,
}


_BARE: Final = {"properties": {"reservation": {"const": "vorbehalt"}}}
_TWO_STEP: Final = {
    "properties": {"reservations": {"contains": _BARE}},
    "required": ["reservations"],
}
"""A version 3 deal holds a two-step reservation round: a bare ``vorbehalt`` (SPEC §3.2)."""
_ONE_STEP: Final = {"properties": {"reservations": {"not": {"contains": _BARE}}}}
"""A deal of version 1 or 2 holds none: a two-step round makes its record version 3."""


def _deal_record(version: int) -> Object:
    header = _header(version, "deal")
    if version == 1:
        return Object(
            header,
            {"meta": Ref("meta")},
            description="Version 1: one deal under the DDV rules, finished or in progress.",
            closed="unevaluatedProperties",
            extra={"allOf": [{"$ref": "#/$defs/deal"}, _TWELVE, _NO_SOLO_KIND, _ONE_STEP]},
        )
    return Object(
        {**header, "rules": Ref("rules")},
        {
            "meta": Ref("meta"),
            "owing": Array(
                SEAT,
                1,
                4,
                unique=True,
                description="The seats that still owe a compulsory solo (V§9.1), in increasing "
                "order; only when some seat does.",
            ),
            "forced": Boolean("Whether the deal is forced (Vorführen, V§9.5); only with owing."),
        },
        description=f"Version {version}: one deal under the rules it states, finished or in "
        "progress" + ("." if version == 2 else ", with a two-step reservation round (SPEC §3.2)."),
        closed="unevaluatedProperties",
        extra={
            "allOf": [
                {"$ref": "#/$defs/deal"},
                {"$ref": "#/$defs/dealtUnderRules"},
                _SOLO_KIND_TIE,
                _TWO_STEP if version == 3 else _ONE_STEP,
            ],
            "dependentRequired": {"owing": ["forced"], "forced": ["owing"]},
        },
    )


def _session_record(version: int) -> Object:
    header = _header(version, "session")
    table = {TABLE_KEY: Ref("table")}
    if version == 1:
        deal: dict[str, Any] = {
            "allOf": [{"$ref": "#/$defs/deal"}, _TWELVE, _ONE_STEP],
            "properties": {
                "settlement": {"$ref": "#/$defs/settlement"},
                **{key: node.schema() for key, node in table.items()},
                "contract": {"properties": {"solo_kind": False}},
            },
            "unevaluatedProperties": False,
        }
        return Object(
            {
                **header,
                "first_dealer": SEAT,
                "deals": Array(
                    Raw(deal),
                    high=12,
                    description="Deal i is dealt by seat (first_dealer + i) mod 4; every deal is "
                    "finished.",
                ),
                "totals": Ref("fourIntegers", "Each seat's sum of scores over the deals."),
            },
            {"meta": Ref("meta")},
            description="Version 1: a session under the DDV rules.",
        )
    void = {"properties": {"void": {"const": True}}, "required": ["void"]}
    deal = {
        "allOf": [{"$ref": "#/$defs/deal"}],
        "properties": {
            "settlement": Nullable(Ref("settlement"), "null for a void deal only (V§8).").schema(),
            **{key: node.schema() for key, node in table.items()},
            "contract": {"properties": {"solo_kind": False}},
        },
        "unevaluatedProperties": False,
        "if": {"required": [TABLE_KEY], "properties": {TABLE_KEY: void}},
        "then": {"properties": {"settlement": NULL, "contract": {"required": ["void"]}}},
        "else": {
            "properties": {
                "settlement": {"$ref": "#/$defs/settlement"},
                "contract": {"required": ["game_type"]},
            }
        },
    }
    without_nines = {"properties": {"deals": {"items": {"$ref": "#/$defs/withoutNines"}}}}
    return Object(
        {
            **header,
            "rules": Ref("rules"),
            "first_dealer": TABLE_SEAT,
            "deals": Array(
                Raw({"oneOf": [deal, {"$ref": "#/$defs/paperDeal"}]}),
                description="In the order dealt, void deals included (V§8); each deal is the one "
                "the session expects where it stands: dealt by the seat whose turn it is "
                "(SPEC §2.2, V§9.4, V§10), finished or void; a deal played with cards, or a "
                "result written down (paperDeal).",
            ),
            "totals": Ref(
                "tableIntegers",
                "Each table seat's sum of scores over the deals, those carried over by 'start' "
                "included (V§10, V§11.4).",
            ),
        },
        {
            "meta": Ref("meta"),
            "names": Array(
                Raw({"type": "string", "minLength": 1, "maxLength": 40}),
                4,
                5,
                what="an array of names",
                description="The players' names, one per table seat: 1-40 characters each, no "
                "control character, no space at either end, no two alike.",
            ),
            "start": Ref("sessionStart"),
        },
        description=f"Version {version}: a session under the rules it states once, for every "
        "deal" + ("." if version == 2 else ", with a two-step reservation round (SPEC §3.2)."),
        extra={
            "allOf": [
                {
                    "if": {"properties": {"rules": {"properties": {"nines": {"const": False}}}}},
                    "then": without_nines,
                    "else": {"properties": {"deals": {"items": _TWELVE}}},
                },
                {
                    "description": "A record that states the procedure options states each "
                    "deal's table bookkeeping too (V§8-V§11).",
                    "if": {"properties": {"rules": {"required": ["armut"]}}, "required": ["rules"]},
                    "then": {"properties": {"deals": {"items": {"required": [TABLE_KEY]}}}},
                },
                {"properties": {"deals": {"contains": _TWO_STEP}}, "required": ["deals"]}
                if version == 3
                else {"properties": {"deals": {"items": _ONE_STEP}}},
            ]
        },
    )


def _events() -> dict[str, Object]:
    cards = Array(CARD, 3, 3, description=_DECK_ORDER)
    return {
        "playEvent": Object({"type": Const("play"), "seat": SEAT, "card": CARD}),
        "announceEvent": Object(
            {
                "type": Const("announce"),
                "seat": SEAT,
                "level": Integer(
                    0,
                    4,
                    "a level 0-4",
                    "0 Re/Kontra, 1 keine 90, 2 keine 60, 3 keine 30, 4 schwarz (SPEC §8.1).",
                ),
                "party": PARTY,
                "hand_size": Integer(
                    0,
                    12,
                    "a hand size 0-12",
                    "The announcer's cards in hand at that instant (SPEC §8.2).",
                ),
                "moment": Integer(
                    0,
                    47,
                    "a card count 0-47",
                    "The number of cards played in the deal before the announcement.",
                ),
                "late_reply": Boolean("A Re/Kontra accepted only as a reply (SPEC §8.6c)."),
            }
        ),
        "passEvent": Object(
            {"type": Const("pass"), "seat": SEAT, "cards": cards},
            description="The poor player passes three cards, all its trumps among them "
            "(V§6.3 step 1).",
        ),
        "answerEvent": Object(
            {"type": Const("answer"), "seat": SEAT, "accept": Boolean()},
            description="A seat accepts or refuses the Armut, in order from the poor player's "
            "left (V§6.3 step 2).",
        ),
        "returnEvent": Object(
            {
                "type": Const("return"),
                "seat": SEAT,
                "cards": cards,
                "trumps": Integer(
                    0,
                    3,
                    "a number of trumps 0-3",
                    "How many of the returned cards are trumps, which is public (V§6.3).",
                ),
            },
            description="The acceptor returns three cards (V§6.3 step 3).",
        ),
    }


def _contracts() -> dict[str, Object]:
    throws = Names(_THROWS)
    return {
        "contract": Object(
            {
                "game_type": Names(
                    tuple(game.value for game in GameType),
                    "The game type's SPEC id (SPEC §3.1), or ARMUT (V§6.2).",
                ),
                "declarer": Nullable(
                    SEAT,
                    "The soloist, the marriage player or the poor player (V§6.4); null in a "
                    "normal game.",
                ),
                "partner": Nullable(
                    SEAT,
                    "The marriage partner (SPEC §7.2) or the acceptor of an Armut (V§6.3), once "
                    "found.",
                ),
                "clarification_trick": Nullable(
                    Integer(1, 3, "a trick 1-3"),
                    "The clarification trick k of a marriage (SPEC §7.2, §7.3), once known.",
                ),
            },
            {
                "solo_kind": Nullable(
                    Names(_SOLO_KINDS),
                    "Only in a deal record that states owing: whether the declared solo is "
                    "compulsory, voluntary or forced, null for every other contract (V§9.1, "
                    "V§9.5).",
                )
            },
        ),
        "voidContract": Object(
            {
                "void": Names(("thrown", "poverty_refused")),
                "seat": Ref("seat", "The seat that threw in, or the poor player."),
                "throw_reason": Nullable(throws, "The reason named; null for an Armut."),
            },
            description="The contract of a void deal (V§8): thrown in (V§7.2), or an Armut "
            "nobody accepted (V§6.3).",
            extra={
                "if": {"properties": {"void": {"const": "thrown"}}},
                "then": {"properties": {"throw_reason": throws.schema()}},
                "else": {"properties": {"throw_reason": NULL}},
            },
        ),
    }


def _settlement() -> dict[str, Object]:
    return {
        "settlement": Object(
            {
                "winner": Nullable(PARTY, "null when nobody wins (SPEC §10.4)."),
                "value": Integer(description="VR, the game value from Re's side (SPEC §10.5)."),
                "scores": Ref("fourIntegers", "The score of each seat 0-3 (SPEC §12)."),
                "lines": Array(
                    Ref("valueLine"), description="The lines of the game value (SPEC §10, §11)."
                ),
            }
        ),
        "valueLine": Object(
            {
                "reason": String(),
                "party": PARTY,
                "points": Integer(1, what="a positive integer"),
                "rule": String(),
            }
        ),
    }


def _table() -> Object:
    seats = "an array of table seats"
    return Object(
        {
            "number": Integer(
                1,
                description="The played deal the deal belongs to, from 1; a void deal has the "
                "number of the deal dealt again (V§8).",
            ),
            "dealer": Ref("tableSeat", "The table seat that dealt (SPEC §2.2, V§9.4, V§10)."),
            "seats": Array(
                TABLE_SEAT,
                4,
                4,
                what=seats,
                description="The table seat of each deal seat 0-3 (V§10).",
            ),
            "owing": Array(
                TABLE_SEAT,
                high=5,
                what=seats,
                description="The table seats that owed a compulsory solo before the deal (V§9.1).",
            ),
            "forced": Boolean("Whether the deal was forced (V§9.5)."),
            "void": Boolean("Whether the deal was void (V§8)."),
            "solo_kind": Nullable(
                Names(_SOLO_KINDS),
                "What a declared solo was for the session (V§9.6).",
                what="null, 'compulsory', 'voluntary' or 'forced'",
            ),
            "soloist": Nullable(
                TABLE_SEAT,
                "The table seat that played alone, in any solo.",
                what="null or a table seat",
            ),
            "multiplier": Integer(
                1, description="The Bock factor of the deal's scores (V§11.2, V§11.3)."
            ),
            "scores": Ref(
                "tableIntegers",
                "Each table seat's score: the settlement's times the multiplier; at five the "
                "dealer writes 0 (V§10, V§11.4).",
            ),
        },
        description="What the session made of the deal (V§8-V§11); the reader recomputes it by "
        "replaying the session.",
    )


def _paper() -> dict[str, Object]:
    """A deal written down without cards, and where a session resumed mid-way starts."""
    counts = "a count 0 or more"
    return {
        "paperDeal": Object(
            {
                "result": Nullable(
                    Ref("result"), "The result written down; null for a void deal (V§8)."
                ),
                TABLE_KEY: Ref("table"),
            },
            description="A deal of the session written down without cards "
            "(Session.add_result, Session.add_void): the session replays the result.",
        ),
        "result": Object(
            {
                "game_type": Names(
                    tuple(game.value for game in GameType), "The game played (SPEC §3)."
                ),
                "re_seats": Array(
                    SEAT, 1, 4, unique=True, what="an array of seats", description="Re's seats."
                ),
                "re": Ref("partyResult"),
                "kontra": Ref("partyResult"),
            },
            description="What a deal's parties achieved, as a DealSummary holds it (SPEC §9-§11); "
            "its seats are the deal's seats 0-3 (V§10).",
        ),
        "partyResult": Object(
            {
                "card_points": Integer(0, 240, "card points 0-240"),
                "tricks": Integer(0, 12, "a trick count 0-12"),
                "announcement": Nullable(
                    Integer(0, 4), "The highest level announced: 0 Re/Kontra ... 4 schwarz."
                ),
                "late_reply": Boolean("Re/Kontra said as a late reply (SPEC §8.6c)."),
                "doppelkopf": Integer(0, what=counts),
                "foxes_caught": Integer(0, what=counts),
                "karlchen": Boolean(),
                "karlchen_caught": Integer(0, 2, "a count 0-2"),
                "fox_at_end": Boolean(),
            },
            description="One party's result (SPEC §9.1, §11, V§5.3, V§5.4).",
        ),
        "sessionStart": Object(
            {
                "played": Integer(0, what=counts, description="Played deals before the first."),
                "owing": Array(
                    TABLE_SEAT,
                    high=5,
                    unique=True,
                    what="an array of table seats",
                    description="The table seats that still owe a compulsory solo (V§9.1).",
                ),
                "totals": Ref("tableIntegers", "Each table seat's total carried over."),
                "bock": Array(
                    Integer(1, 5),
                    what="an array of integers",
                    description="The deals each pending Bock round still covers (V§11.3).",
                ),
            },
            description="Where a session resumed mid-way starts (SPEC §2.5, V§9, V§11); "
            "first_dealer deals next.",
        ),
    }


def _integers(low: int, high: int, description: str) -> Array:
    return Array(Integer(), low, high, what="an array of integers", description=description)


DEFS.update(
    {
        "dealRecord": Raw(
            {"oneOf": [{"$ref": f"#/$defs/dealRecord{version}"} for version in (1, 2, 3)]},
            "One deal, finished or in progress; the version decides the form.",
        ),
        "dealRecord1": _deal_record(1),
        "dealRecord2": _deal_record(2),
        "dealRecord3": _deal_record(3),
        "sessionRecord": Raw(
            {"oneOf": [{"$ref": f"#/$defs/sessionRecord{version}"} for version in (1, 2, 3)]},
            "The first dealer and the finished deals of a session (SPEC §2.2, §2.5); the version "
            "decides the form.",
        ),
        "sessionRecord1": _session_record(1),
        "sessionRecord2": _session_record(2),
        "sessionRecord3": _session_record(3),
        "rules": _rules(),
        "dealtUnderRules": Raw(
            {
                "if": {"properties": {"rules": {"properties": {"nines": {"const": False}}}}},
                "then": {"$ref": "#/$defs/withoutNines"},
                "else": _TWELVE,
            },
            "The hands and the cut of a deal agree with its rules' nines option (V§1.2).",
        ),
        "withoutNines": Raw(
            {
                "properties": {
                    "hands": {
                        "items": {
                            "minItems": 10,
                            "maxItems": 10,
                            "items": {"enum": [name for name in _CARD_NAMES if name[1:] != "9"]},
                        }
                    },
                    "cut": Nullable(Integer(3, 37)).schema(),
                }
            },
            "Without nines: hands of 10 cards, a cut of 3-37 (V§1.2).",
        ),
        "meta": Raw(
            {"type": "object"}, "Free-form data of the application: players, seed, date, ..."
        ),
        "deal": _deal(),
        "seat": Integer(0, 3, "a seat 0-3"),
        "party": Names(tuple(party.value for party in Party)),
        "card": Names(
            _CARD_NAMES,
            "ASCII notation: suit letter C, S, H or D, then rank 9, J, Q, K, 10 or A.",
        ),
        "hand": Array(
            CARD, 10, 12, description="12 cards, or 10 without nines (SPEC §2.4, V§1.2)."
        ),
        "fourIntegers": _integers(4, 4, ""),
        "reservation": Object(
            {
                "seat": SEAT,
                "reservation": Names(
                    tuple(reservation.value for reservation in Reservation),
                    "healthy, a marriage, a solo's SPEC id, Armut (V§6.1) or Schmeißen (V§7.2); "
                    "in the two-step round (SPEC §3.2) a bare vorbehalt, and after the first "
                    "step each answer to a question in the order asked: a name or decline.",
                ),
            },
            {
                "reason": Names(
                    _THROWS, 'The throw reason Schmeißen names (V§7.1, V§7.2); only with "throw".'
                )
            },
            extra={
                "if": {"properties": {"reservation": {"const": "throw"}}},
                "then": {"required": ["reason"]},
                "else": {"not": {"required": ["reason"]}},
            },
        ),
        **_contracts(),
        **_events(),
        **_settlement(),
        "tableSeat": Integer(
            0, 4, "a table seat", "A seat at the table: 0-3, or 0-4 at five players (V§10)."
        ),
        "tableIntegers": _integers(
            4, 5, "One integer per table seat: four, or five at five players (V§10)."
        ),
        "table": _table(),
        **_paper(),
    }
)


def schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of deal and session records, written from :data:`DEFS`."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "urn:doppelkopf:record:3",
        "title": "doppelkopf game record, versions 1, 2 and 3",
        "description": "A deal record or a session record as written by doppelkopf.records. "
        "Version 3 is version 2 with a two-step reservation round (SPEC §3.2), written only "
        "for a record that holds one. "
        "Version 2 states the rules the deal or session was played under; version 1 states "
        "none and means the DDV rules (V§0.5). The schema gives the structure; legal play and "
        "the agreement of every recorded fact with the replay are checked by the library when "
        "it reads a record.",
        "oneOf": [{"$ref": "#/$defs/dealRecord"}, {"$ref": "#/$defs/sessionRecord"}],
        "$defs": {name: node.schema() for name, node in DEFS.items()},
    }


def schema_text() -> str:
    """The text of ``record.schema.json``: :func:`schema` as indented JSON."""
    return json.dumps(schema(), indent=2, ensure_ascii=False) + "\n"


def obj(name: str) -> Object:
    """The object named ``name`` in :data:`DEFS`."""
    node = DEFS[name]
    assert isinstance(node, Object)
    return node


def write_schema(path: str | Path = SCHEMA_PATH) -> None:
    """Write :func:`schema_text` to ``path``, by default the package's ``record.schema.json``."""
    Path(path).write_text(schema_text(), encoding="utf-8")
