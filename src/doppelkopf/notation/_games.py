"""The game notation: whole deals and sessions as readable text, in the spirit of PGN.

A deal is written as tag pairs, then its actions, then a result line::

    [Rules "ddv"]
    [Dealer 3]
    [Cut 26]
    [Hand0 "C9CJCQ..."]
    ...
    [Meta "players" ["Anna", "Ben", "Cem", "Dora"]]

    R. healthy; healthy; healthy; healthy
    1. SQ; SA; 2r:re; DA; H9
    ...
    result re -2 2 2 -2

The reservation round is the line ``R.``, the steps of an Armut exchange the
line ``A.`` (V§6.3), and each trick its numbered line, announcements in front
of the card they precede; every action is the short text of
:func:`doppelkopf.wire.format_action` (ASCII), an announcement with its seat
and party.  ``{...}`` is a comment, skipped when read.  The result line is
``result`` and the winner and the four scores, ``result void`` for a void
deal (V§8) and ``result *`` for a deal still under way; a reader checks it.
A session is its own tags, then each deal with a ``[Deal n]`` tag in front of
it, a deal written down without cards as its ``[Paper ...]`` result.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any, Final, NamedTuple

from .. import _checks
from .._json import parse_json
from ..cards import Hand
from ..deal import Announced, AnswerPoverty, Deal, PassCards, Play, ReturnCards
from ..deal import _notation as _position
from ..errors import DoppelkopfError, NotationError
from ..records import RecordError, dump_deal, dump_session, load_deal, replay_session
from ..records._common import Entry, json_copy
from ..records._sessions import read_result, read_start
from ..rules import Rules
from ..session import Session

__all__ = [
    "MAX_GAME_TEXT",
    "MAX_SESSION_TEXT",
    "Game",
    "read_game",
    "read_session",
    "record_to_text",
    "text_to_record",
    "write_game",
    "write_session",
]

MAX_GAME_TEXT: Final = 64 * 1024
"""The longest deal text :func:`read_game` reads, in characters (a deal takes about 1,500)."""

MAX_SESSION_TEXT: Final = 4 * 1024 * 1024
"""The longest session text :func:`read_session` reads, in characters."""

_TAG: Final = re.compile(r"\[\s*([A-Za-z][A-Za-z0-9_]*)\s*(.*?)\s*\]\s*\Z", re.DOTALL)
_LABEL: Final = re.compile(r"\s*(R|A|\d{1,2})\.\s*")
_RESULT: Final = re.compile(r"result\s+(.*?)\s*\Z", re.IGNORECASE)
_JSON: Final = json.JSONDecoder()
_EXCHANGE: Final = (PassCards, AnswerPoverty, ReturnCards)


class Game(NamedTuple):
    """A deal read from its notation, with the ``meta`` its tags held."""

    deal: Deal
    meta: dict[str, Any] | None


class _Line(NamedTuple):
    number: int
    text: str


def _error(message: str, text: str, line: int | None, column: int | None = None) -> NotationError:
    where = (
        "" if line is None else f"line {line}" + ("" if column is None else f", column {column}")
    )
    return NotationError(
        f"{where}: {message}" if where else message, text=text[:20], line=line, column=column
    )


# --- writing -------------------------------------------------------------------------------


def _json(value: object) -> str:
    return json.dumps(value, ensure_ascii=True, separators=(", ", ": "))


def _deal_tags(deal: Deal) -> list[str]:
    tags = [f"[Rules {_json(_position.write_rules(deal.rules))}]", f"[Dealer {deal.dealer}]"]
    if deal.cut is not None:
        tags.append(f"[Cut {deal.cut}]")
    if deal.owing:
        tags.append(f"[Owing {_json(sorted(deal.owing))}]")
    if deal.forced:
        tags.append("[Forced true]")
    tags.extend(
        f"[Hand{seat} {_json(_position.write_hand(hand))}]" for seat, hand in enumerate(deal.dealt)
    )
    return tags


def _meta_tags(meta: Mapping[str, Any] | None) -> list[str]:
    if meta is None:
        return []
    if not isinstance(meta, Mapping):
        raise _checks.type_error(meta, "meta", "mapping")
    # The records' own copy: JSON values only, bounded in depth and size, read once,
    # so a mapping whose items() and [] disagree cannot write two different games.
    meta = json_copy(meta, "meta", depth=2)
    if not meta:
        return ["[Meta]"]
    return [f"[Meta {_json(key)} {_json(value)}]" for key, value in meta.items()]


def _moves(deal: Deal) -> list[str]:
    """The move lines: ``R.``, ``A.``, then one line per trick."""
    lines: list[str] = []
    current: list[str] = []
    label = "R."
    cards = 0
    for event in deal.history:
        kind = type(event)
        if kind is Play or kind is Announced:
            trick = 1 + cards // 4
            if label != f"{trick}." and (kind is Play or cards % 4 == 0):
                if current:
                    lines.append(f"{label} {'; '.join(current)}")
                current, label = [], f"{trick}."
            cards += kind is Play
        elif kind in _EXCHANGE and label == "R.":
            if current:
                lines.append(f"{label} {'; '.join(current)}")
            current, label = [], "A."
        current.append(_position.write_event(event))
    if current:
        lines.append(f"{label} {'; '.join(current)}")
    return lines


def _result(deal: Deal) -> str:
    if deal.is_void:
        return "result void"
    if not deal.is_finished:
        return "result *"
    settlement = dump_deal(deal)["settlement"]
    scores = " ".join(str(score) for score in settlement["scores"])
    return f"result {settlement['winner'] or 'none'} {scores}"


def write_game(deal: Deal, meta: Mapping[str, Any] | None = None) -> str:
    """The notation of ``deal`` (:doc:`/notation`), with ``meta`` as ``[Meta ...]`` tags.

    >>> from doppelkopf import Announcement, Deal, Reservation
    >>> from doppelkopf.notation import read_game, write_game
    >>> deal = Deal.shuffled(seed=7)
    >>> for seat in range(4):
    ...     deal = deal.declare(seat, Reservation.HEALTHY)
    >>> deal = deal.play(0, deal.legal_cards()[0]).announce(1, Announcement.RE_KONTRA)
    >>> while not deal.is_finished:
    ...     deal = deal.play(deal.turn, deal.legal_cards()[0])
    >>> text = write_game(deal, {"date": "2026-12-06"})
    >>> print(text, end="")
    [Rules "ddv"]
    [Dealer 3]
    [Cut 26]
    [Hand0 "C9CKCASJSJSQSKSASAHKHAD9"]
    [Hand1 "CJCQCKCAS9SQH9HJHAD10D10DA"]
    [Hand2 "CJCQC10S10H9HJHQHKD9DQDQDA"]
    [Hand3 "C9C10S9SKS10HQH10H10DJDJDKDK"]
    [Meta "date" "2026-12-06"]
    <BLANKLINE>
    R. healthy; healthy; healthy; healthy
    1. SQ; 1r:re; CQ; CQ; H10
    2. H10; SJ; SQ; HQ
    3. HQ; SJ; CJ; DQ
    4. DJ; D9; HJ; DQ
    5. CJ; DJ; CA; DA
    6. HJ; DK; CK; D10
    7. DA; DK; C9; D10
    8. D9; C10; SA; CA
    9. C10; C9; SA; CK
    10. S10; S10; SK; S9
    11. HK; SK; HA; HA
    12. HK; H9; H9; S9
    result re -4 4 4 -4
    >>> read_game(text).deal == deal, read_game(text).meta
    (True, {'date': '2026-12-06'})

    Raises:
        InvalidTypeError: ``deal`` is no :class:`~doppelkopf.Deal`, or
            ``meta`` no mapping of JSON values.
        RecordError: ``meta`` nests too deep or holds a value no record
            holds, as for :func:`doppelkopf.records.dump_deal`.
    """
    _checks.instance(deal, Deal, "deal")
    parts = [*_deal_tags(deal), *_meta_tags(meta), "", *_moves(deal), _result(deal)]
    return "\n".join(parts) + "\n"


def write_session(session: Session, meta: Mapping[str, Any] | None = None) -> str:
    """The notation of ``session``: its tags, then each deal (:doc:`/notation`).

    Raises:
        InvalidTypeError: ``session`` is no :class:`~doppelkopf.Session`.
        RecordError: as :func:`doppelkopf.records.dump_session`.
    """
    _checks.instance(session, Session, "session")
    return _session_text(dump_session(session, meta=meta), session)


def _session_text(record: Mapping[str, Any], session: Session) -> str:
    parts = [
        "[Session true]",
        f"[Rules {_json(_position.write_rules(Rules.from_dict(record['rules'])))}]",
        f"[FirstDealer {record['first_dealer']}]",
    ]
    if "names" in record:
        parts.append(f"[Names {_json(record['names'])}]")
    if "start" in record:
        parts.append(f"[Start {_json(record['start'])}]")
    parts.extend(_meta_tags(record.get("meta")))
    played = iter(session.deals)
    for number, item in enumerate(record["deals"]):
        parts.append("")
        parts.append(f"[Deal {number}]")
        if "result" in item and "hands" not in item:
            parts.append(f"[Paper {_json(item['result'])}]")
            continue
        deal = next(played)
        parts.extend(tag for tag in _deal_tags(deal) if not tag.startswith("[Rules "))
        parts.append("")
        parts.extend(_moves(deal))
        parts.append(_result(deal))
    return "\n".join(parts) + "\n"


def record_to_text(record: Mapping[str, Any]) -> str:
    """The notation of a deal or session record (:mod:`doppelkopf.records`), read and checked.

    ``text_to_record(record_to_text(record)) == record`` for every record the
    library writes.

    Raises:
        RecordError: the record does not read (:func:`~doppelkopf.records.load_deal`).
    """
    if isinstance(record, Mapping) and record.get("kind") == "session":
        session = replay_session(record)
        return _session_text(dump_session(session, meta=record.get("meta")), session)
    deal = load_deal(record)
    return write_game(deal, record.get("meta"))


# --- reading -------------------------------------------------------------------------------


def _lines(text: str, limit: int, what: str) -> list[_Line]:
    """The lines of ``text``, each comment turned into spaces so that every line and
    column stays where it was; a tag line holds no comment."""
    text = _position.check_size(text, limit, what)
    lines: list[_Line] = []
    opened: tuple[int, int] | None = None
    for number, line in enumerate(text.split("\n"), 1):
        if opened is None and line.lstrip().startswith("["):
            lines.append(_Line(number, line))
            continue
        kept = list(line)
        for index, char in enumerate(line):
            if opened is not None:
                kept[index] = " "
                if char == "}":
                    opened = None
            elif char == "{":
                opened = (number, index + 1)
                kept[index] = " "
            elif char == "}":
                raise _error("'}' closes no comment", line[index:], number, index + 1)
        lines.append(_Line(number, "".join(kept)))
    if opened is not None:
        raise _error("a comment '{' is never closed with '}'", "{", *opened)
    return lines


def _tag_value(line: _Line, raw: str, name: str) -> object:
    """The JSON value of a tag, read within the limits of the records (:mod:`doppelkopf._json`)."""

    def refuse(message: str) -> NotationError:
        return _error(f"tag {name}: {message}", raw, line.number)

    if not raw:
        raise refuse('its value is a JSON value ("text", a number, [...])')
    return parse_json(raw, error=refuse, what="its value")


class _Tags(NamedTuple):
    values: dict[str, tuple[object, int]]
    meta: dict[str, Any] | None


def _read_tags(lines: list[_Line], start: int) -> tuple[_Tags, int]:
    values: dict[str, tuple[object, int]] = {}
    meta: dict[str, Any] | None = None
    index = start
    while index < len(lines) and (
        not lines[index].text.strip() or lines[index].text.lstrip().startswith("[")
    ):
        line = lines[index]
        stripped = line.text.strip()
        if not stripped:
            index += 1
            if values or meta is not None:
                break
            continue
        if values.get("Deal") is not None and stripped.startswith("[Deal "):
            break
        match = _TAG.match(stripped)
        if match is None:
            raise _error("a tag is [Name value]", stripped, line.number, 1)
        name, raw = match.groups()
        if name == "Meta":
            meta = {} if meta is None else meta
            if raw:
                key, end = _key(raw, line)
                meta[key] = _tag_value(line, raw[end:].strip(), f"Meta {key}")
        else:
            if name in values:
                raise _error(f"tag {name} is given twice", stripped, line.number, 1)
            values[name] = (_tag_value(line, raw, name), line.number)
        index += 1
    return _Tags(values, meta), index


def _key(raw: str, line: _Line) -> tuple[str, int]:
    key: object = None
    end = 0
    if raw.startswith('"'):  # a string: the decoder does not recurse into it
        try:
            key, end = _JSON.raw_decode(raw)
        except ValueError:
            key = None
    if type(key) is not str:
        raise _error('a Meta tag is [Meta "key" value]', raw, line.number)
    return key, end


def _take(
    tags: _Tags, name: str, kind: type, default: object = None, required: bool = False
) -> Any:
    found = tags.values.pop(name, None)
    if found is None:
        if required:
            raise _error(f"the tag {name} is missing", name, None)
        return default
    value, number = found
    if type(value) is not kind:
        raise _error(
            f"tag {name}: expected {kind.__name__}, not {_checks.excerpt(value)}",
            str(value),
            number,
        )
    return value


def _deal_start(tags: _Tags, rules: Rules | None) -> Deal:
    if rules is None:
        text = _take(tags, "Rules", str, "ddv")
        rules = _position.parse_rules(text)
    dealer = _take(tags, "Dealer", int, required=True)
    cut = _take(tags, "Cut", int)
    owing = _take(tags, "Owing", list, [])
    forced = _take(tags, "Forced", bool, False)
    hands: list[Hand] = []
    for seat in range(4):
        text = _take(tags, f"Hand{seat}", str, required=True)
        hands.append(_position.parse_hand(text, f"Hand{seat}"))
    try:
        return Deal.from_hands(
            hands, dealer=dealer, cut=cut, rules=rules, owing=owing, forced=forced
        )
    except DoppelkopfError as error:
        raise _error(f"the tags are no deal: {error}", "", None) from None


def _read_moves(deal: Deal, lines: list[_Line], start: int) -> tuple[Deal, int, str | None]:
    """The deal after the move lines from ``start``, where they end, and the result written."""
    index = start
    while index < len(lines):
        line = lines[index]
        stripped = line.text.strip()
        if not stripped:
            index += 1
            continue
        if stripped.startswith("["):
            break
        result = _RESULT.match(stripped)
        if result is not None:
            return deal, index + 1, result.group(1)
        label = _LABEL.match(line.text)
        offset = 0 if label is None else label.end()
        body = line.text[offset:]
        column = offset + 1
        for part in body.split(";"):
            if part.strip():
                deal = _position.apply_action(deal, part, f"line {line.number}", column)
            column += len(part) + 1
        index += 1
    return deal, index, None


def _check_result(deal: Deal, written: str | None, line: int) -> None:
    if written is None:
        raise _error("the result line is missing: 'result ...' ends a deal", "", line)
    expected = _result(deal).partition(" ")[2]
    if " ".join(written.split()) != expected:
        raise _error(
            f"the result says {_checks.excerpt(written)}, but the play gives {expected!r} "
            "(SPEC §9-§11)",
            written,
            line,
        )


def read_game(text: str) -> Game:
    """The deal of a game's notation, every action replayed, and its ``meta`` tags.

    Raises:
        NotationError: the text is longer than :data:`MAX_GAME_TEXT`, a tag
            or a line does not read (naming the line and column), the tags are
            no deal, an action is not legal where it stands (naming it and
            the rule), or the result line is not the deal's.
        InvalidTypeError: ``text`` is no ``str``.
    """
    lines = _lines(text, MAX_GAME_TEXT, "a game's text")
    tags, index = _read_tags(lines, 0)
    deal = _deal_start(tags, None)
    _no_more_tags(tags)
    deal, index, written = _read_moves(deal, lines, index)
    _check_result(deal, written, index)
    _nothing_after(lines, index)
    return Game(deal, tags.meta)


def _no_more_tags(tags: _Tags) -> None:
    for name, (_, number) in tags.values.items():
        raise _error(f"unknown tag {name}", name, number, 1)


def _nothing_after(lines: list[_Line], index: int) -> None:
    for line in lines[index:]:
        if line.text.strip():
            raise _error("nothing follows the result line", line.text.strip(), line.number, 1)


def read_session(text: str) -> tuple[Session, dict[str, Any] | None]:
    """The session of a session's notation, every deal replayed, and its ``meta`` tags.

    Raises:
        NotationError: as :func:`read_game`, for any deal, or the session
            refuses a deal (naming its line); :data:`MAX_SESSION_TEXT` bounds
            the text.
        InvalidTypeError: ``text`` is no ``str``.
    """
    lines = _lines(text, MAX_SESSION_TEXT, "a session's text")
    tags, index = _read_tags(lines, 0)
    _take(tags, "Session", bool, required=True)
    rules = _position.parse_rules(_take(tags, "Rules", str, "ddv"))
    first = _take(tags, "FirstDealer", int, required=True)
    names = _take(tags, "Names", list)
    start = _take(tags, "Start", dict)
    _no_more_tags(tags)
    meta = tags.meta
    try:
        opening = None if start is None else read_start(start, Entry("start", ("start",)))
        session = Session.new(first, rules=rules, names=names, start=opening)
    except DoppelkopfError as error:
        raise _error(f"the session tags are no session: {error}", "", None) from None
    dealt = 0
    while index < len(lines):
        if not lines[index].text.strip():
            index += 1
            continue
        number = lines[index].number
        tags, index = _read_tags(lines, index)
        numbered = _take(tags, "Deal", int, required=True)
        if numbered != dealt:
            raise _error(f"this is deal {dealt} of the session, not {numbered}", "", number)
        dealt += 1
        paper = tags.values.pop("Paper", None)
        try:
            if paper is not None:
                _no_more_tags(tags)
                session = _paper(session, paper[0], paper[1], rules)
                continue
            deal = _deal_start(tags, rules)
            _no_more_tags(tags)
            deal, index, written = _read_moves(deal, lines, index)
            _check_result(deal, written, index)
            session = session.add(deal)
        except NotationError:
            raise
        except DoppelkopfError as error:
            raise _error(f"the session refuses this deal: {error}", "", number) from None
    return session, meta


def _paper(session: Session, value: object, line: int, rules: Rules) -> Session:
    if value is None:
        return session.add_void()
    try:
        summary = read_result(value, Entry("result", ()), rules)
    except RecordError as error:
        raise _error(f"the Paper result does not read: {error}", "", line) from None
    return session.add_result(summary)


def text_to_record(text: str) -> dict[str, Any]:
    """The record (:mod:`doppelkopf.records`) of a deal's or a session's notation.

    Raises:
        NotationError: as :func:`read_game` and :func:`read_session`.
    """
    lines = _lines(text, MAX_SESSION_TEXT, "a game's text")
    first = next((line.text.strip() for line in lines if line.text.strip()), "")
    if first.startswith("[Session"):
        session, meta = read_session(text)
        return dump_session(session, meta=meta)
    game = read_game(text)
    return dump_deal(game.deal, meta=game.meta)
