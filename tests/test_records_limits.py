"""Hostile records: every reader refuses input beyond the limits with a short RecordError.

The limits are those of ``doppelkopf._json`` (16 MiB, 64 levels of nesting,
20-digit integers, finite numbers, keys once, no lone surrogates); records
given as Python values are held to the same limits, checked without recursion.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from doppelkopf import Announcement, Deal, Reservation
from doppelkopf._json import MAX_BYTES, MAX_DEPTH
from doppelkopf.records import (
    RecordError,
    dump_deal,
    dump_session,
    dumps_deal,
    dumps_session,
    load,
    load_deal,
    load_session,
    loads_deal,
    loads_session,
    save,
)
from doppelkopf.records._files import load_any

Record = dict[str, Any]


def finished(seed: int, dealer: int = 0) -> Deal:
    deal = Deal.shuffled(seed=seed, dealer=dealer)
    while not deal.is_finished:
        deal = deal.apply(deal.legal_actions[0])
    return deal


DEAL_RECORD: Record = dump_deal(finished(1))
SESSION_RECORD: Record = dump_session(2, [finished(3, 2), finished(4, 3)])


def deal_record(**changes: object) -> Record:
    record = copy.deepcopy(DEAL_RECORD)
    record.update(changes)
    return record


def session_record(**changes: object) -> Record:
    record = copy.deepcopy(SESSION_RECORD)
    record.update(changes)
    return record


def nested_lists(depth: int) -> list[Any]:
    """``depth`` lists, each holding the next (built without recursion)."""
    outer: list[Any] = []
    inner = outer
    for _ in range(depth - 1):
        inner.append([])
        inner = inner[0]
    return outer


def nested_dicts(depth: int) -> dict[str, Any]:
    outer: dict[str, Any] = {}
    inner = outer
    for _ in range(depth - 1):
        inner["a"] = {}
        inner = inner["a"]
    return outer


def short(error: pytest.ExceptionInfo[RecordError]) -> str:
    """The message, checked to be short and printable."""
    message = str(error.value)
    assert len(message) <= 200, message
    message.encode("utf-8")
    return message


def text_readers(tmp_path: Path) -> list[Callable[[str | bytes], object]]:
    """``loads_deal``, ``loads_session``, and ``load`` of a file holding the text."""

    def from_file(text: str | bytes) -> object:
        path = tmp_path / "record.json"
        path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"))
        return load(path)

    return [loads_deal, loads_session, from_file]


def refused_everywhere(tmp_path: Path, text: str, message: str) -> None:
    """Every text reader refuses ``text`` and its UTF-8 bytes with ``message``."""
    for reader in text_readers(tmp_path):
        for given in (text, text.encode("utf-8", "surrogatepass")):
            with pytest.raises(RecordError, match=message) as error:
                reader(given)
            short(error)


# --- nesting ----------------------------------------------------------------------------------


def test_a_small_record_with_meta_nested_600_deep_is_refused(tmp_path: Path) -> None:
    record = dump_deal(Deal.shuffled(seed=1), meta={"x": "@"})
    text = json.dumps(record).replace('"@"', "[" * 600 + "]" * 600)
    assert len(text) < 2500
    refused_everywhere(tmp_path, text, r"^record: the text nests arrays and objects more than 64")


def test_a_text_of_100000_brackets_is_refused(tmp_path: Path) -> None:
    refused_everywhere(tmp_path, "[" * 100_000, r"^record: the text nests arrays and objects")
    refused_everywhere(tmp_path, '{"a": ' * 100_000, r"^record: the text nests arrays and objects")


@pytest.mark.parametrize("depth", [MAX_DEPTH - 1, MAX_DEPTH])
def test_meta_nested_to_the_limit_is_read(depth: int, tmp_path: Path) -> None:
    # The record is level 1 and ``meta`` level 2, so meta holds depth - 2 lists.
    meta = {"x": nested_lists(depth - 2)}
    record = deal_record(meta=meta)
    deal = load_deal(record)
    assert loads_deal(json.dumps(record)) == deal
    assert dump_deal(deal, meta=meta) == record
    path = tmp_path / "deep.json"
    save(path, record)
    assert load(path) == deal
    assert json.loads(path.read_text(encoding="utf-8"))["meta"] == meta
    session = session_record(meta=meta)
    assert loads_session(json.dumps(session)) == load_session(session)


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 600, 900, 10_000])
def test_meta_nested_deeper_is_refused_as_text_and_as_values(depth: int, tmp_path: Path) -> None:
    meta = {"x": nested_lists(depth - 2)}
    for load_record, record in (
        (load_deal, deal_record(meta=meta)),
        (load_session, session_record(meta=meta)),
    ):
        with pytest.raises(
            RecordError, match=r"^record: meta nests arrays and objects too deep"
        ) as error:
            load_record(record)
        assert error.value.path == ("meta",)
        short(error)
    if depth < 1000:  # json.dumps itself recurses
        text = json.dumps(deal_record(meta=meta))
        refused_everywhere(
            tmp_path, text, r"^record: the text nests arrays and objects more than 64"
        )


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 900, 10_000])
def test_meta_of_nested_dicts_is_refused_without_recursion(depth: int) -> None:
    with pytest.raises(
        RecordError, match=r"^record: meta nests arrays and objects too deep"
    ) as error:
        load_deal(deal_record(meta=nested_dicts(depth - 1)))
    short(error)


def test_a_meta_that_holds_itself_is_refused() -> None:
    meta: dict[str, Any] = {}
    meta["self"] = meta
    with pytest.raises(RecordError, match=r"^record: meta nests arrays and objects too deep"):
        load_deal(deal_record(meta=meta))
    with pytest.raises(RecordError, match=r"^meta nests arrays and objects too deep"):
        dump_deal(finished(1), meta=meta)


@pytest.mark.parametrize(
    ("key", "message"),
    [
        ("dealer", r"^record: 'dealer' must be a seat 0-3, not \[\[\[\[\[\[\[\[\[\[\["),
        ("hands", r"^record: 'hands' must hold 4 entries, not 1$"),
        ("events", r"^event 0: must be a JSON object, not \[\[\[\["),
        ("contract", r"^contract: must be a JSON object, not \[\[\[\["),
        ("settlement", r"^settlement: must be a JSON object, not \[\[\[\["),
        ("format", r"^record: 'format' is \[\[\[\["),
        ("version", r"^record: 'version' must be an integer, not \[\[\[\["),
    ],
)
def test_deep_values_outside_meta_are_refused_with_a_short_message(key: str, message: str) -> None:
    with pytest.raises(RecordError, match=message) as error:
        load_deal(deal_record(**{key: nested_lists(10_000)}))
    assert "..." in str(error.value) or key == "hands"
    short(error)


def test_deep_values_in_a_session_are_refused_with_a_short_message() -> None:
    record = session_record(totals=[nested_lists(10_000), 0, 0, 0])
    with pytest.raises(
        RecordError, match=r"^record: total 0 must be an integer, not \[\[\[\["
    ) as error:
        load_session(record)
    short(error)
    record = session_record()
    record["deals"][1]["hands"][2] = nested_lists(10_000)
    with pytest.raises(RecordError, match=r"^deal 1, hand 2: must hold 12 cards, not 1"):
        load_session(record)
    with pytest.raises(RecordError, match=r"^record: must be a JSON object, not \[\[\[\[") as error:
        load_any(nested_lists(10_000))
    short(error)


# --- numbers ---------------------------------------------------------------------------------


@pytest.mark.parametrize("digits", [21, 4_301, 5_000])
def test_long_integers_in_text_are_refused_before_conversion(digits: int, tmp_path: Path) -> None:
    number = "7" * digits
    message = rf"^record: the text holds an integer of {digits:,} digits; integers of at most 20"
    for key in ("dealer", "cut", "meta"):
        text = json.dumps(deal_record(**{key: "@"})).replace('"@"', number)
        refused_everywhere(tmp_path, text, message)
    refused_everywhere(tmp_path, f'{{"first_dealer": -{number}}}', message)


@pytest.mark.parametrize(
    "place",
    [
        ("dealer",),
        ("cut",),
        ("version",),
        ("hands", 0, 0),
        ("reservations", 0, "seat"),
        ("events", 0, "seat"),
        ("events", 0, "level"),
        ("events", 0, "hand_size"),
        ("events", 0, "moment"),
        ("contract", "declarer"),
        ("contract", "clarification_trick"),
        ("settlement", "value"),
        ("settlement", "scores", 1),
        ("settlement", "lines", 0, "points"),
    ],
)
@pytest.mark.parametrize(
    "number", [10**25, -(10**4300), 10**5000], ids=["26-digits", "-4301-digits", "5001-digits"]
)
def test_huge_integers_as_values_are_refused_with_a_short_message(
    place: tuple[str | int, ...], number: int
) -> None:
    record = dump_deal(_announced())
    target: Any = record
    for step in place[:-1]:
        target = target[step]
    target[place[-1]] = number
    with pytest.raises(RecordError) as error:
        load_deal(record)
    message = short(error)
    assert "<an integer" in message or "10000000000" in message


def test_huge_integers_in_sessions_and_meta_are_refused() -> None:
    with pytest.raises(RecordError, match=r"^record: 'first_dealer' must be a seat 0-3, not <an"):
        load_session(session_record(first_dealer=10**5000))
    with pytest.raises(RecordError, match=r"^record: the record says totals=\["):
        load_session(session_record(totals=[10**5000, 0, 0, 0]))
    with pytest.raises(
        RecordError, match=r"^session: the first dealer must be a seat 0-3, not <an"
    ):
        dump_session(10**5000, [])
    with pytest.raises(
        RecordError,
        match=r"^record: meta\['seed'\] holds 100000000000000000000; a record holds integers of",
    ):
        load_deal(deal_record(meta={"seed": 10**20}))
    with pytest.raises(RecordError, match=r"^meta\['a'\]\[1\] holds <an integer of about 5,001"):
        dump_deal(finished(1), meta={"a": [0, 10**5000]})
    assert load_deal(deal_record(meta={"seed": 10**20 - 1, "low": -(10**20) + 1})) == finished(1)


def _announced() -> Deal:
    """A finished deal whose record has a reservation first and an announcement as event 0."""
    deal = Deal.shuffled(seed=7)
    for seat in (0, 1, 2, 3):
        deal = deal.declare(seat, Reservation.HEALTHY)
    deal = deal.announce(1, Announcement.RE_KONTRA)
    while not deal.is_finished:
        deal = deal.apply(deal.legal_actions[0])
    return deal


@pytest.mark.parametrize("text", ["NaN", "Infinity", "-Infinity", "1e400", "-2.5e999"])
def test_numbers_that_are_not_finite_are_refused(text: str, tmp_path: Path) -> None:
    record = json.dumps(deal_record(meta={"x": "@"})).replace('"@"', text)
    refused_everywhere(tmp_path, record, r"^record: the text holds .*(not a JSON number|too large)")


def test_floats_that_are_not_finite_in_values_are_refused() -> None:
    for value in (float("nan"), float("inf")):
        with pytest.raises(
            RecordError, match=r"^record: meta\['x'\]\[0\] holds (NaN|Infinity), which"
        ) as error:
            load_deal(deal_record(meta={"x": [value]}))
        assert isinstance(error.value.__cause__, TypeError)


# --- keys, text, surrogates ------------------------------------------------------------------


def test_a_key_twice_is_refused_anywhere(tmp_path: Path) -> None:
    text = json.dumps(deal_record(meta={"x": 1})).replace('"x": 1', '"x": 1, "x": 2')
    refused_everywhere(tmp_path, text, r'^record: the text has the key "x" twice in one object$')


def test_bytes_that_are_not_utf8_are_refused(tmp_path: Path) -> None:
    text = json.dumps(deal_record(meta={"x": "é"}), ensure_ascii=False)
    for data in (text.encode("latin-1"), text.encode("utf-16")):
        for reader in text_readers(tmp_path):
            with pytest.raises(RecordError, match=r"^record: the text is not UTF-8 text: byte 0x"):
                reader(data)
    assert loads_deal(b"\xef\xbb\xbf" + text.encode()) == finished(1)


@pytest.mark.parametrize(
    "fragment",
    ['"\\ud800"', '"\\udfff"', '"a\\udc00b"', '["\\ud83d"]', '{"\\ud800": 1}'],
)
def test_lone_surrogates_in_text_are_refused(fragment: str, tmp_path: Path) -> None:
    """Escaped in the JSON text; a raw one in a str (as bytes it is not UTF-8)."""
    text = json.dumps(deal_record(meta={"x": "@"})).replace('"@"', fragment)
    refused_everywhere(tmp_path, text, r"^record: the text holds a string with a lone surrogate")
    raw = json.dumps(deal_record(meta={"x": "@"})).replace('"@"', '"\ud800"')
    for reader in (loads_deal, loads_session):
        with pytest.raises(RecordError, match=r"^record: the text holds a string with a lone"):
            reader(raw)
        with pytest.raises(RecordError, match=r"^record: the text is not UTF-8 text: byte 0xed"):
            reader(raw.encode("utf-8", "surrogatepass"))
    escaped = '"\\ud83d\\ude00"'
    pair = json.dumps(deal_record(meta={"x": "@"})).replace('"@"', escaped)
    assert loads_deal(pair) == finished(1)


@pytest.mark.parametrize(
    ("meta", "message"),
    [
        ({"x": "\ud800"}, r"^record: meta\['x'\] holds a string with a lone surrogate \(U\+D800\)"),
        ({"x": ["a", "\udcff"]}, r"^record: meta\['x'\]\[1\] holds a string with a lone surrogate"),
        ({"\ud800": 1}, r"^record: meta has a key with a lone surrogate"),
    ],
)
def test_lone_surrogates_in_values_are_refused(meta: dict[str, Any], message: str) -> None:
    with pytest.raises(RecordError, match=message) as error:
        load_deal(deal_record(meta=meta))
    assert error.value.path == ("meta",)
    short(error)
    with pytest.raises(RecordError, match=message.replace("^record: ", "^")):
        dump_deal(finished(1), meta=meta)
    with pytest.raises(RecordError):
        dumps_session(2, [finished(3, 2)], meta=meta)


def test_surrogates_outside_meta_are_named_in_printable_messages() -> None:
    record = deal_record()
    record["hands"][0][0] = "\ud800"
    with pytest.raises(
        RecordError, match=r"^hand 0: card 0 must be a card .*not \"\\ud800\"$"
    ) as error:
        load_deal(record)
    short(error)
    record = deal_record()
    record["settlement"]["lines"][0]["reason"] = "\ud800" * 1000
    with pytest.raises(RecordError, match=r"^settlement line 0: the record says '\\ud800") as error:
        load_deal(record)
    short(error)


# --- size ----------------------------------------------------------------------------------------


def test_text_over_the_size_limit_is_refused_before_parsing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_parsing(*args: object, **kwargs: object) -> object:
        raise AssertionError("parsed")  # pragma: no cover - the test fails if it runs

    text = json.dumps(deal_record(meta={"x": "y" * MAX_BYTES}))
    monkeypatch.setattr(json, "loads", no_parsing)
    for reader in (loads_deal, loads_session):
        with pytest.raises(
            RecordError, match=r"^record: the text is 16,7\d\d,\d{3} characters long"
        ):
            reader(text)
        with pytest.raises(RecordError, match=r"^record: the text is 16,7\d\d,\d{3} bytes long"):
            reader(text.encode())
    path = tmp_path / "large.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RecordError, match=r"^record: the file is longer than 16,777,216 bytes"):
        load(path)


def test_writers_refuse_text_the_readers_would_refuse(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match=r"^record: the text would be 16,7\d\d,\d{3} characters"):
        dumps_deal(finished(1), meta={"x": "y" * MAX_BYTES})


def test_save_refuses_a_file_the_readers_would_refuse(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for module in ("_json", "records._writing", "records._files"):  # the same checks, on less text
        monkeypatch.setattr(f"doppelkopf.{module}.MAX_BYTES", 5000)
    path = tmp_path / "large.json"
    path.write_text("old", encoding="utf-8")
    with pytest.raises(RecordError, match=r"^record: the text would be 5,\d{3} characters"):
        dumps_session(0, [], meta={"x": "y" * 5000})
    with pytest.raises(RecordError, match=r"^record: the text would be \d+,\d{3} characters"):
        save(path, deal_record(meta={"x": "y" * 5000}))
    room = 5000 - len(json.dumps(deal_record(meta={"x": ""}), ensure_ascii=False)) - 1
    wide = {"x": "é" * room}  # as many characters as the limit allows, more bytes
    with pytest.raises(RecordError, match=r"^record: the file would be \d,\d{3} bytes long"):
        save(path, deal_record(meta=wide), indent=None)
    assert path.read_text(encoding="utf-8") == "old"
    assert sorted(tmp_path.iterdir()) == [path]
    save(path, deal_record(meta={"x": "é" * 100}), indent=None)
    assert load(path) == finished(1)


def test_a_deep_place_is_named_in_short() -> None:
    meta = {"a": {"b": [{"d": {"e" * 30: "\ud800"}}]}}
    with pytest.raises(
        RecordError,
        match=r"^record: meta\['a'\]\['b'\]\.\.\.\['eeeeeeeeeeeeeeeee\.\.\.'\] holds a string",
    ) as error:
        load_deal(deal_record(meta=meta))
    short(error)
    with pytest.raises(
        TypeError, match=r"^meta\['a'\]\['b'\]\[0\] has a key 1 that is not a string$"
    ):
        dump_deal(finished(1), meta={"a": {"b": [{1: 2}]}})
