"""Records at the edges: paths that are not paths, files that are not files, two-faced
mappings, integers past the bounds, and records at the size limit."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import textwrap
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from doppelkopf import (
    Announcement,
    Deal,
    InvalidTypeError,
    InvalidValueError,
    Reservation,
    Rules,
    Session,
    strategies,
)
from doppelkopf.errors import InvalidRulesError
from doppelkopf.records import (
    RecordError,
    RecordFileError,
    _common,
    _layout,
    dump_deal,
    dumps_deal,
    dumps_session,
    load,
    load_deal,
    loads_deal,
    loads_session,
    record_schema,
    save,
)
from doppelkopf.records._nodes import DEFS, Array, Integer, Nullable, Object, Raw, Ref, String
from doppelkopf.records._sessions import table_fields

OLD = b'{"old": "file"}\n'
SRC = str(Path(__file__).resolve().parent.parent / "src")


def finished(seed: int, rules: Rules = Rules.DDV) -> Deal:
    deal = Deal.shuffled(seed=seed, rules=rules)
    while not deal.is_finished:
        deal = deal.apply(deal.legal_actions[0])
    return deal


@pytest.fixture
def old_file(tmp_path: Path) -> Path:
    path = tmp_path / "record.json"
    path.write_bytes(OLD)
    return path


def run_python(code: str, cwd: Path, stdout: Any) -> subprocess.CompletedProcess[bytes]:
    environment = {**os.environ, "PYTHONPATH": SRC}
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        cwd=cwd,
        stdout=stdout,
        stderr=subprocess.PIPE,
        env=environment,
        check=False,
        timeout=120,
    )


# --- paths -------------------------------------------------------------------------------------

NOT_PATHS = [True, False, 1, 3, None, 1.5, b"p", ["x"]]


@pytest.mark.parametrize("path", NOT_PATHS, ids=repr)
def test_save_takes_a_str_or_a_path_like_only(path: object, old_file: Path) -> None:
    with pytest.raises(InvalidTypeError, match=r"^path must be a str or os\.PathLike, not "):
        save(path, finished(1))  # type: ignore[arg-type]
    assert old_file.read_bytes() == OLD


@pytest.mark.parametrize("path", [None, 1.5, b"p", ["x"]], ids=repr)
def test_load_takes_a_str_or_a_path_like_only(path: object) -> None:
    with pytest.raises(InvalidTypeError, match=r"^path must be a str or os\.PathLike, not "):
        load(path)  # type: ignore[arg-type]


def test_load_takes_no_int_for_a_file_descriptor(tmp_path: Path) -> None:
    path = tmp_path / "deal.json"
    save(path, finished(1))
    descriptor = os.open(path, os.O_RDONLY)
    try:
        with pytest.raises(InvalidTypeError, match=r"^path must be a str or os\.PathLike, not int"):
            load(descriptor)  # type: ignore[arg-type]
        os.fstat(descriptor)  # still open
    finally:
        os.close(descriptor)


def test_load_of_true_neither_reads_nor_closes_the_standard_output(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    save(out, finished(1))
    with out.open("ab") as stdout:
        result = run_python(
            """
            import sys
            from doppelkopf import InvalidTypeError
            from doppelkopf.records import load
            try:
                load(True)
            except InvalidTypeError as error:
                print("refused:", error, flush=True)
            """,
            tmp_path,
            stdout,
        )
    assert result.returncode == 0, result.stderr.decode()
    assert out.read_text(encoding="utf-8").endswith(
        "refused: path must be a str or os.PathLike, not bool True\n"
    )


class _Broken(os.PathLike[str]):
    def __fspath__(self) -> str:
        return 7  # type: ignore[return-value]


class _BytesPath(os.PathLike[bytes]):
    def __fspath__(self) -> bytes:
        return b"record.json"


def test_a_path_like_that_gives_no_str_and_a_nul_are_refused(old_file: Path) -> None:
    with pytest.raises(InvalidTypeError, match=r"^path must be a str or os\.PathLike of a str"):
        save(_BytesPath(), finished(1))  # type: ignore[arg-type]
    for broken in (_Broken(), _BytesPath()):
        with pytest.raises(InvalidTypeError, match=r"^path must be a str or os\.PathLike"):
            load(broken)  # type: ignore[arg-type]
        with pytest.raises(InvalidTypeError, match=r"^path must be a str or os\.PathLike"):
            save(broken, finished(1))  # type: ignore[arg-type]
    for reader in (load, lambda path: save(path, finished(1))):
        with pytest.raises(InvalidValueError, match=r"^path \"a\\u0000b\" holds a NUL character"):
            reader("a\0b")
    assert old_file.read_bytes() == OLD


@pytest.mark.skipif(sys.platform == "win32", reason="file names are UTF-16 there")
def test_a_path_the_system_cannot_encode_is_refused(tmp_path: Path) -> None:
    """A lone surrogate cannot be written as a file name: the library's error, no file."""
    for reader in (load, lambda path: save(path, finished(1))):
        with pytest.raises(InvalidValueError, match=r"^path .* cannot be written in this system"):
            reader(str(tmp_path / "a\ud800b"))
    assert list(tmp_path.iterdir()) == []


# --- what save replaces --------------------------------------------------------------------------


@pytest.mark.skipif(sys.platform == "win32", reason="named pipes")
def test_save_refuses_a_named_pipe(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    with pytest.raises(RecordFileError, match=r"^record: cannot save to .*: it is a named pipe"):
        save(pipe, finished(1))
    assert stat.S_ISFIFO(os.lstat(pipe).st_mode)
    assert sorted(tmp_path.iterdir()) == [pipe]


@pytest.mark.skipif(
    sys.platform == "win32" or os.geteuid() != 0, reason="making a device node takes root"
)
def test_save_refuses_a_device_node(tmp_path: Path) -> None:
    node = tmp_path / "null"
    os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    with pytest.raises(RecordFileError, match=r"it is a character device, not a regular file"):
        save(node, finished(1))
    assert stat.S_ISCHR(os.lstat(node).st_mode)
    assert sorted(tmp_path.iterdir()) == [node]


@pytest.mark.skipif(not Path("/dev/null").is_char_device(), reason="no /dev/null")
def test_save_refuses_dev_null_and_the_error_is_an_os_error_too() -> None:
    with pytest.raises(OSError, match=r"cannot save to \"/dev/null\": it is a character device"):
        save("/dev/null", finished(1))
    with pytest.raises(RecordError):
        save(Path("/dev/null"), finished(1))
    assert Path("/dev/null").is_char_device()


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="no /proc")
def test_save_to_dev_stdout_keeps_what_was_printed(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    with out.open("wb") as stdout:
        result = run_python(
            """
            from doppelkopf import Deal
            from doppelkopf.records import RecordFileError, save
            print("printed before", flush=True)
            try:
                save("/dev/stdout", Deal.shuffled(seed=1))
            except RecordFileError as error:
                print("refused:", error, flush=True)
            """,
            tmp_path,
            stdout,
        )
    assert result.returncode == 0, result.stderr.decode()
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "printed before"
    assert lines[1].startswith('refused: record: cannot save to "/dev/stdout": it leads through')
    assert sorted(tmp_path.iterdir()) == [out]


@pytest.mark.skipif(
    sys.platform == "win32" or os.geteuid() != 0, reason="giving a file away takes root"
)
def test_a_replaced_file_keeps_its_owner_and_group(old_file: Path) -> None:
    os.chown(old_file, 4321, 4322)
    old_file.chmod(0o604)
    save(old_file, finished(6))
    info = old_file.stat()
    assert (info.st_uid, info.st_gid, stat.S_IMODE(info.st_mode)) == (4321, 4322, 0o604)


def test_an_owner_that_may_not_be_set_leaves_the_group_tried(
    old_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[tuple[int, int]] = []
    info = old_file.stat()

    def chown(name: str, uid: int, gid: int) -> None:
        calls.append((uid, gid))
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(os, "chown", chown)
    real_stat = os.stat

    def other_owner(name: Any, *args: Any, **kwargs: Any) -> Any:
        result = real_stat(name, *args, **kwargs)
        if Path(name) == old_file:
            values = list(result)
            values[stat.ST_UID] = info.st_uid + 1
            return os.stat_result(values)
        return result

    monkeypatch.setattr(os, "stat", other_owner)
    save(old_file, finished(6))
    monkeypatch.undo()
    assert calls == [(info.st_uid + 1, info.st_gid), (-1, info.st_gid)]
    assert load(old_file) == finished(6)


@pytest.mark.skipif(sys.platform == "win32", reason="hard links")
def test_a_hard_link_keeps_the_old_text(old_file: Path) -> None:
    other = old_file.parent / "other.json"
    os.link(old_file, other)
    save(old_file, finished(8))
    assert load(old_file) == finished(8)
    assert other.read_bytes() == OLD
    assert old_file.stat().st_nlink == 1


@pytest.mark.skipif(sys.platform == "win32", reason="symbolic links")
def test_symbolic_links_are_followed_to_the_end_and_stay(tmp_path: Path) -> None:
    target = tmp_path / "deals" / "deal.json"
    target.parent.mkdir()
    first = tmp_path / "first.json"
    second = tmp_path / "second.json"
    second.symlink_to(target)
    first.symlink_to(second.name)
    save(first, finished(9))  # the target does not exist yet: it is created
    assert first.is_symlink()
    assert second.is_symlink()
    assert load(target) == finished(9)
    assert sorted(target.parent.iterdir()) == [target]
    loop = tmp_path / "loop.json"
    loop.symlink_to(loop.name)
    with pytest.raises(OSError, match="symbolic links"):
        save(loop, finished(9))


# --- mappings read once --------------------------------------------------------------------------


class TwoFaced(Mapping[str, Any]):
    """A mapping whose ``items()`` shows other values than ``[]`` and iteration."""

    def __init__(self, shown: dict[str, Any], listed: dict[str, Any]) -> None:
        self.shown = shown
        self.listed = listed

    def __getitem__(self, key: str) -> Any:
        return self.shown[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.shown)

    def __len__(self) -> int:
        return len(self.shown)

    def items(self) -> Any:
        return self.listed.items()


def tampered_record() -> tuple[dict[str, Any], dict[str, Any]]:
    good = dump_deal(finished(2))
    bad = json.loads(json.dumps(good))
    bad["settlement"]["value"] += 1
    return good, bad


def test_save_writes_what_it_checked_when_the_views_disagree(old_file: Path) -> None:
    good, bad = tampered_record()
    with pytest.raises(RecordError, match=r"^settlement: the record says value="):
        save(old_file, TwoFaced(good, bad))
    assert old_file.read_bytes() == OLD
    save(old_file, TwoFaced(bad, good))
    assert load(old_file) == finished(2)


def test_load_reads_each_object_once(old_file: Path) -> None:
    good = dump_deal(finished(2))
    event = good["events"][3]
    wrong = {**event, "card": "CQ" if event["card"] != "CQ" else "DA"}
    record = json.loads(json.dumps(good))
    record["events"][3] = TwoFaced(wrong, event)
    assert load_deal(record) == finished(2)
    record["events"][3] = TwoFaced(event, wrong)
    with pytest.raises(RecordError, match=r"^event \d+ \(play seat \d "):
        load_deal(record)
    record = json.loads(json.dumps(good))
    record["rules"] = TwoFaced({**good["rules"], "nines": "yes"}, good["rules"])
    assert load_deal(TwoFaced(good, record)) == finished(2)


# --- integers ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "number", [10**20, 10**25, -(10**20), 10**5000], ids=["21", "26", "-21", "5001"]
)
def test_an_option_past_the_integer_bound_is_refused_from_values(number: int) -> None:
    record = dump_deal(finished(1))
    record["rules"]["session_length"] = number
    with pytest.raises(
        RecordError, match=r"^rules: option 'session_length' is .*at most 20 digits"
    ):
        load_deal(record)


def test_a_rule_set_no_record_can_hold_is_not_written() -> None:
    try:
        rules = Rules(session_length=10**25)
    except InvalidRulesError:  # the rule set itself bounds the option
        return
    with pytest.raises(RecordError, match=r"^rules\['session_length'\] holds .* at most 20 digits"):
        dumps_deal(Deal.shuffled(seed=1, rules=rules))
    with pytest.raises(RecordError, match=r"^rules\['session_length'\] holds"):
        dumps_session(0, [], rules=rules)


LENGTHS = st.one_of(
    st.none(),
    st.integers(1, 40),
    st.integers(2**31, 2**70),
    st.sampled_from([2**63 - 1, 2**63, 2**64, 10**20 - 1, 10**20, 10**25]),
)


@settings(max_examples=60, deadline=None)
@given(rules=strategies.rules(), length=LENGTHS, seed=st.integers(0, 2**16))
def test_what_the_writers_write_the_readers_read(
    rules: Rules, length: int | None, seed: int
) -> None:
    try:
        rules = attrs.evolve(rules, session_length=length)
    except InvalidRulesError:
        assume(False)
    deal = Deal.shuffled(seed=seed, rules=rules)
    try:
        text = dumps_deal(deal)
    except RecordError:
        assert length is not None
        assert length >= _common.INTEGER_BOUND
        return
    assert loads_deal(text) == deal
    assert load_deal(json.loads(text)) == deal
    first, deals = loads_session(dumps_session(0, [], rules=rules))
    assert (first, deals) == (0, ())


def test_what_save_writes_load_reads_under_a_long_session(tmp_path: Path) -> None:
    rules = Rules(session_length=10_000)  # the longest session a rule set takes
    path = tmp_path / "deal.json"
    save(path, finished(3, rules))
    assert load(path) == finished(3, rules)


# --- size ----------------------------------------------------------------------------------------


def test_plain_values_are_not_copied_one_by_one(monkeypatch: pytest.MonkeyPatch) -> None:
    def one_by_one(*args: object) -> object:
        raise AssertionError("copied one value at a time")

    record = dump_deal(finished(1))
    record["meta"] = {
        "zeros": [0] * 200_000,
        "names": ["Anna", "Ben"] * 1000,
        "mixed": [1, 2.5, None, True, "x", [1, {"a": [2]}]] * 1000,
        "nested": {"a": {"b": [{"c": 1.5}]}},
    }
    monkeypatch.setattr(_common, "_careful_copy", one_by_one)
    assert load_deal(record) == finished(1)
    assert loads_deal(json.dumps(record)) == finished(1)
    assert dump_deal(finished(1), meta=record["meta"])["meta"] == record["meta"]


def test_a_value_shared_past_what_text_can_hold_is_refused_at_once() -> None:
    row = [0] * 1000
    meta = {"rows": [row] * 20_000}  # 20 million values, in a few kilobytes of memory
    with pytest.raises(RecordError, match=r"^record: meta holds more than 16,777,216 values"):
        load_deal({**dump_deal(finished(1)), "meta": meta})
    with pytest.raises(RecordError, match=r"^meta holds more than 16,777,216 values"):
        dump_deal(finished(1), meta=meta)


# --- one layout for the readers and the schema ---------------------------------------------------


def test_the_shipped_schema_is_what_the_layout_writes(tmp_path: Path) -> None:
    assert _layout.SCHEMA_PATH.read_text(encoding="utf-8") == _layout.schema_text()
    assert record_schema() == _layout.schema()
    written = tmp_path / "schema.json"
    _layout.write_schema(written)
    assert written.read_text(encoding="utf-8") == _layout.schema_text()


def test_the_keys_the_readers_name_are_the_layouts() -> None:
    assert _layout.obj("rules").keys == tuple(Rules.DDV.as_dict())
    record = _layout.obj("dealRecord2")
    assert _common.RULES_KEY in record.required
    assert tuple(key for key in record.optional if key != "meta") == _common.TOURNAMENT_KEYS
    assert _common.SOLO_KIND_KEY in _layout.obj("contract").optional
    assert _common.REASON_KEY in _layout.obj("reservation").optional
    assert set(_layout.obj("table").keys) == set(table_fields(_a_row()))


def _a_row() -> Any:
    session = Session.new(0)
    deal = session.next_deal(seed=1)
    while not deal.is_finished:
        deal = deal.apply(deal.legal_actions[0])
    return session.add(deal).rows[0]


def test_the_readers_check_what_the_layout_declares(monkeypatch: pytest.MonkeyPatch) -> None:
    """A change of the layout changes what the readers accept, with no other change."""
    deal = Deal.shuffled(seed=7)
    for seat in (0, 1, 2, 3):
        deal = deal.declare(seat, Reservation.HEALTHY)
    deal = deal.announce(1, Announcement.RE_KONTRA)
    record = dump_deal(deal)
    assert load_deal(record) == deal
    announce = _layout.obj("announceEvent")
    monkeypatch.setitem(announce.required, "level", Integer(1, 4, "a level 1-4"))
    with pytest.raises(RecordError, match=r"^event 0: 'level' must be a level 1-4, not 0$"):
        load_deal(record)
    monkeypatch.setitem(announce.optional, "note", String())
    record["events"][0]["note"] = "first"
    with pytest.raises(RecordError, match=r"^event 0: 'level' must be a level 1-4"):
        load_deal(record)
    monkeypatch.undo()
    with pytest.raises(RecordError, match=r'^event 0: unknown key "note"$'):
        load_deal(record)


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-6, 50)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from(["", "re", "CQ", "H10", "D9", "C1", "cq", "CQ\n", "throw", "SOLO_Q"])
    | st.sampled_from(["nines5", "compulsory", "thrown", "NORMAL", "never", "tie"])
    | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=2), inner),
    max_leaves=8,
)


def _checked(node: Any) -> bool:
    """Whether the readers check values against ``node`` alone (not objects: key by key)."""
    if isinstance(node, Ref):
        return _checked(node.target)
    if isinstance(node, Nullable):
        return _checked(node.inner)
    if isinstance(node, Array):
        return node.items is None or _checked(node.items)
    return not isinstance(node, Object | Raw)


def _checked_nodes() -> list[tuple[str, Any]]:
    """Every node that a reader checks a value against: the fields of every object."""
    nodes: list[tuple[str, Any]] = []
    for name, node in DEFS.items():
        if isinstance(node, Object):
            nodes.extend(
                (f"{name}.{key}", node.field(key)) for key in node.keys if _checked(node.field(key))
            )
    return nodes


def _integral_float(value: object) -> bool:
    """Whether ``value`` holds a float like ``2.0``, which JSON Schema counts an integer and a
    record does not (the readers tell ``2.0`` from ``2``; the schema cannot)."""
    if isinstance(value, float):
        return value.is_integer()
    if isinstance(value, list):
        return any(map(_integral_float, value))
    if isinstance(value, dict):
        return any(map(_integral_float, value.values()))
    return False


@pytest.mark.parametrize(("name", "node"), _checked_nodes(), ids=[n for n, _ in _checked_nodes()])
@settings(max_examples=60, deadline=None)
@given(value=JSON_VALUES)
def test_a_value_the_readers_accept_is_one_the_schema_accepts(
    name: str, node: Any, value: object
) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    assume(not _integral_float(value))
    schema = {"$defs": _layout.schema()["$defs"], **node.schema()}
    valid = jsonschema.Draft202012Validator(schema).is_valid(value)
    assert node.accepts(value) == valid, (name, value)
