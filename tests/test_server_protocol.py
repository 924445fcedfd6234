"""The table protocol through the Starlette app in-process: every message and every refusal."""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator  # type: ignore[import-untyped]
from referencing import Registry, Resource

import doppelkopf

with warnings.catch_warnings():
    # Starlette's test client asks for httpx2 where httpx is installed; both work.
    warnings.filterwarnings("ignore", "Using `httpx` with", UserWarning)
    from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from doppelkopf import Deal
from doppelkopf.server import MAX_MESSAGE_BYTES, SQLiteStorage, Table
from doppelkopf.server.app import MAX_REFUSALS, RATE_BURST, create_app
from doppelkopf.wire import dump_action, dumps_view

BOTS = {"1": "heuristic", "2": "heuristic", "3": "heuristic"}

_FOLDER = Path(doppelkopf.__file__).parent
_SCHEMA = json.loads((_FOLDER / "server.schema.json").read_text("utf-8"))
_REGISTRY: Registry[Any] = Registry().with_resource(
    "urn:doppelkopf:view:1",
    Resource.from_contents(json.loads((_FOLDER / "view.schema.json").read_text("utf-8"))),
)
_VALIDATOR = Draft202012Validator(_SCHEMA, registry=_REGISTRY)


def _valid(message: object, side: str) -> None:
    """``message`` fits the shipped schema's ``side`` (client or server)."""
    _VALIDATOR.validate(message)
    Draft202012Validator(
        {"$ref": f"urn:doppelkopf:server:1#/$defs/{side}"},
        registry=_REGISTRY.with_resource(
            "urn:doppelkopf:server:1", Resource.from_contents(_SCHEMA)
        ),
    ).validate(message)


@pytest.fixture
def store() -> SQLiteStorage:
    return SQLiteStorage(":memory:")


@pytest.fixture
def client(store: SQLiteStorage) -> Iterator[TestClient]:
    with TestClient(create_app(store)) as test_client:
        yield test_client


def _create(client: TestClient, **message: Any) -> str:
    answer = client.post("/tables", json={"type": "create", **message})
    assert answer.status_code == 201, answer.text
    body = answer.json()
    _valid({"type": "create", **message}, "client")
    _valid(body, "server")
    assert body["type"] == "created"
    assert body["page"] == f"/t/{body['table']}"
    name: str = body["table"]
    return name


def _until(socket: Any, kind: str, limit: int = 400) -> dict[str, Any]:
    for _ in range(limit):
        message: dict[str, Any] = socket.receive_json()
        _valid(message, "server")
        if message["type"] == kind:
            return message
    raise AssertionError(f"no {kind} message in {limit}")


def _error(socket: Any, message: object) -> dict[str, Any]:
    socket.send_text(message if isinstance(message, str) else json.dumps(message))
    answer = _until(socket, "error")
    assert set(answer) == {"type", "error", "message", "rule", "request"}
    return answer


def _table(client: TestClient, name: str) -> Table:
    table: Table = client.app.state.server.tables[name]  # type: ignore[attr-defined]
    return table


# --- create -----------------------------------------------------------------------


def test_create_answers_the_table_and_the_page_and_cards_are_served(client: TestClient) -> None:
    name = _create(client, seed="x", players=5, bots={"2": "search"})
    table = _table(client, name)
    assert table.rules.players == 5
    assert table.seats[2] is not None
    assert table.seats[2].kind == "bot"
    assert client.get(f"/t/{name}").status_code == 200
    assert "<html" in client.get("/").text
    cards = client.get("/cards.json").json()
    assert len(cards) == 24
    assert cards["CQ"].startswith("<svg")


@pytest.mark.parametrize(
    ("body", "error", "words"),
    [
        ("not json", "WireError", "the message"),
        ("[1, 2]", "ProtocolError", "JSON object"),
        ('{"type": "create", "colour": 1}', "ProtocolError", "no key"),
        ('{"type": "create", "rules": {"nonsense": 1}}', "InvalidRulesError", "unknown option"),
        ('{"type": "create", "rules": 4}', "ProtocolError", "rules must be an object"),
        ('{"type": "create", "players": 6}', "InvalidRulesError", "players"),
        ('{"type": "create", "seed": 7}', "ProtocolError", "seed"),
        ('{"type": "create", "bots": {"1": "genius"}}', "ProtocolError", "a bot is one of"),
        ('{"type": "create", "bots": {"9": "search"}}', "ProtocolError", "table seat"),
        ('{"type": "create", "bots": []}', "ProtocolError", "bots must be an object"),
    ],
)
def test_create_refuses_a_bad_message(
    client: TestClient, body: str, error: str, words: str
) -> None:
    answer = client.post("/tables", content=body)
    assert answer.status_code == 400
    assert answer.json()["error"] == error
    assert words in answer.json()["message"]


def test_create_refuses_a_message_over_the_size_limit(client: TestClient) -> None:
    answer = client.post("/tables", content=b" " * (MAX_MESSAGE_BYTES + 1))
    assert answer.status_code == 400
    assert "at most" in answer.json()["message"]
    assert answer.json()["rule"] == "server protocol: limits"


# --- connecting, sitting, resuming --------------------------------------------------


def test_an_unknown_table_is_refused_and_closed(client: TestClient) -> None:
    with client.websocket_connect("/ws/nowhere") as socket:
        assert socket.receive_json()["rule"] == "server protocol: tables"
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    assert closed.value.code == 4404


def test_sit_resume_and_their_refusals(client: TestClient) -> None:
    name = _create(client, seed="sit")
    with client.websocket_connect(f"/ws/{name}") as socket:
        watching = socket.receive_json()
        assert watching["type"] == "state"
        assert watching["seat"] is None
        assert watching["view"] is None
        assert _error(socket, {"type": "sit", "seat": 0, "name": ""})["rule"] == (
            "server protocol: names"
        )
        assert (
            "printable" in _error(socket, {"type": "sit", "seat": 0, "name": "a\x00b"})["message"]
        )
        assert "1-24" in _error(socket, {"type": "sit", "seat": 0, "name": "x" * 25})["message"]
        assert "table seat" in _error(socket, {"type": "sit", "seat": 4, "name": "A"})["message"]
        assert "table seat" in _error(socket, {"type": "sit", "seat": True, "name": "A"})["message"]
        socket.send_json({"type": "sit", "name": "  Anna   Maria "})
        seated = _until(socket, "seated")
        assert seated["seat"] == 0
        token = seated["token"]
        state = _until(socket, "state")
        assert state["seats"][0] == {"kind": "human", "name": "Anna Maria"}
        assert "already" in _error(socket, {"type": "sit", "name": "B"})["message"]
        with client.websocket_connect(f"/ws/{name}") as other:
            other.receive_json()
            assert (
                "seat 0 is taken"
                in _error(other, {"type": "sit", "seat": 0, "name": "B"})["message"]
            )
            assert "no seat" in _error(other, {"type": "resume", "token": "wrong"})["message"]
            assert "token is ASCII text" in _error(other, {"type": "resume", "token": 5})["message"]
            other.send_json({"type": "resume", "token": token})
            resumed = _until(other, "seated")
            assert resumed == {"type": "seated", "table": name, "seat": 0}
            assert _until(other, "state")["view"]["seat"] == 0
        for seat in (1, 2, 3):
            socket.send_json({"type": "bot", "seat": seat, "bot": "heuristic"})
        # Each entry is committed before it is applied, so a connection made now
        # could sit before the last bot does: wait until the state shows them all.
        while None in _until(socket, "state")["seats"]:
            pass
        with client.websocket_connect(f"/ws/{name}") as late:
            late.receive_json()
            assert "every seat" in _error(late, {"type": "sit", "name": "C"})["message"]


def test_bot_and_its_refusals(client: TestClient) -> None:
    name = _create(client, seed="bot", bots={"1": "heuristic"})
    with client.websocket_connect(f"/ws/{name}") as socket:
        socket.receive_json()
        assert (
            "seat 1 is taken"
            in _error(socket, {"type": "bot", "seat": 1, "bot": "search"})["message"]
        )
        assert (
            "a bot is one of" in _error(socket, {"type": "bot", "seat": 2, "bot": "x"})["message"]
        )
        socket.send_json({"type": "bot", "seat": 2, "bot": "search"})
        state = _until(socket, "state")
        assert state["seats"][2] == {"kind": "bot", "name": "Search 2"}


# --- acting ----------------------------------------------------------------------


def _seated(client: TestClient, name: str, socket: Any, seat: int = 0) -> dict[str, Any]:
    socket.receive_json()
    socket.send_json({"type": "sit", "seat": seat, "name": "Anna"})
    return _until(socket, "seated")


def test_act_in_both_forms_and_every_refusal(client: TestClient) -> None:
    name = _create(client, seed="act", bots=BOTS)
    table = _table(client, name)
    with client.websocket_connect(f"/ws/{name}") as socket:
        socket.receive_json()
        assert "sit down first" in _error(socket, {"type": "act", "action": "gesund"})["message"]
        socket.send_json({"type": "sit", "seat": 0, "name": "Anna"})
        _until(socket, "seated")
        while table.deal.turn != 0:
            socket.send_json({"type": "state"})
            _until(socket, "state")
        other = table.deal_seat(0)
        assert other is not None
        wrong = _error(socket, {"type": "act", "action": {"format": "nothing"}})
        assert wrong["error"] == "WireError"
        assert "must be the wire form" in _error(socket, {"type": "act", "action": 5})["message"]
        assert _error(socket, {"type": "act", "action": "xyzzy"})["error"] == (
            "InvalidNotationError"
        )
        for_other = dict(dump_action(table.deal.legal_actions[0]), seat=(other + 1) % 4)
        assert (
            "acts for it alone" in _error(socket, {"type": "act", "action": for_other})["message"]
        )
        if table.deal.phase.name == "RESERVATIONS":
            refused = _error(socket, {"type": "act", "action": "♣Q"})
            assert refused["error"] == "WrongPhaseError"
            assert refused["rule"]
            socket.send_json({"type": "act", "action": dump_action(table.deal.legal_actions[0])})
            assert _until(socket, "accepted")["seq"] >= 3
        state = _until(socket, "state")
        assert state["seat"] == 0


def test_announcing_re_and_a_repeat_that_adds_nothing(client: TestClient) -> None:
    name = _create(client, seed="re3", bots=BOTS)
    table = _table(client, name)
    with client.websocket_connect(f"/ws/{name}") as socket:
        _seated(client, name, socket)
        for _ in range(200):
            state = _until(socket, "state")
            if state["turn"] == 0 and state["legal_text"]:
                break
        socket.send_json({"type": "act", "action": "gesund"})
        _until(socket, "accepted")
        for _ in range(400):
            state = _until(socket, "state")
            words = state["legal_text"]
            if "re" in words or "kontra" in words:
                break
        word = "re" if "re" in state["legal_text"] else "kontra"
        socket.send_json({"type": "act", "action": word})
        assert _until(socket, "accepted")["action"] == word
        refusal = _error(socket, {"type": "act", "action": word})
        assert refusal["error"] in {"ProtocolError", "AnnouncementError"}
        assert table.deal.announcements


def test_a_seat_sitting_out_cannot_act_and_sees_no_cards(client: TestClient) -> None:
    name = _create(client, seed="five", players=5)
    table = _table(client, name)
    out = next(seat for seat in range(5) if seat not in table.deal_seats)
    with client.websocket_connect(f"/ws/{name}") as socket:
        socket.receive_json()
        socket.send_json({"type": "sit", "seat": out, "name": "Eve"})
        _until(socket, "seated")
        assert _until(socket, "state")["view"] is None
        assert "sits out" in _error(socket, {"type": "act", "action": "gesund"})["message"]


def test_next_and_its_refusals_and_a_whole_deal_with_the_sheet(client: TestClient) -> None:
    name = _create(client, seed="whole", bots=BOTS)
    with client.websocket_connect(f"/ws/{name}") as socket:
        socket.receive_json()
        assert "sit down first" in _error(socket, {"type": "next"})["message"]
        socket.send_json({"type": "sit", "seat": 0, "name": "Anna"})
        _until(socket, "seated")
        assert "still being played" in _error(socket, {"type": "next"})["message"]
        # The states skipped while waiting for the error may have given seat 0 its turn.
        socket.send_json({"type": "state"})
        for _ in range(2000):
            state = _until(socket, "state")
            if state["finished"]:
                break
            if state["turn"] == 0:
                plays = [word for word in state["legal_text"] if not word[0].isalpha()]
                socket.send_json({"type": "act", "action": (plays or state["legal_text"])[0]})
        assert len(state["sheet"]["rows"]) == 1
        assert sum(state["sheet"]["totals"]) == 0
        assert "over" in _error(socket, {"type": "act", "action": "♣Q"})["message"]
        socket.send_json({"type": "next"})
        state = _until(socket, "state")
        assert state["deal_number"] == 1
        assert not state["finished"]


def test_next_is_refused_once_the_session_is_over() -> None:
    table = Table.new("t", seed="long", bots=BOTS)
    table.apply(table.handle({"type": "sit", "seat": 0, "name": "A"}, None).entries[0])
    for _ in range(5000):
        if table.session.is_finished:
            break
        entry = table.bot_entry()
        if entry is None:
            message: dict[str, Any] = (
                {"type": "next"}
                if table.deal.is_finished
                else {"type": "act", "action": table.state(0)["legal_text"][-1]}
            )
            entry = table.handle(message, 0).entries[0]
        table.apply(entry)
    assert table.session.is_finished
    refused = table.handle({"type": "next"}, 0).messages[0]
    assert "session is over" in refused["message"]


# --- malformed and too many messages ------------------------------------------------


@pytest.mark.parametrize(
    ("frame", "words"),
    [
        ("{", "the message"),
        ('"text"', "JSON object"),
        ('{"type": "dance"}', "no message is of type"),
        ('{"kind": "state"}', "no message is of type"),
        ('{"type": 1}', "no message is of type"),
        ('{"a": 1, "a": 2}', "twice"),
        ("[" * 100 + "]" * 100, "deep"),
        (" " * (MAX_MESSAGE_BYTES + 1), "at most"),
    ],
)
def test_a_malformed_frame_gets_an_error_and_the_connection_stays(
    client: TestClient, frame: str, words: str
) -> None:
    name = _create(client, seed="bad")
    with client.websocket_connect(f"/ws/{name}") as socket:
        socket.receive_json()
        assert words in _error(socket, frame)["message"]
        socket.send_json({"type": "state"})
        assert _until(socket, "state")["seat"] is None


def test_bytes_frames_are_read_too(client: TestClient) -> None:
    name = _create(client, seed="bytes")
    with client.websocket_connect(f"/ws/{name}") as socket:
        socket.receive_json()
        socket.send_bytes(b'{"type": "state"}')
        assert _until(socket, "state")["table"] == name


def _drain(socket: Any, into: list[dict[str, Any]]) -> None:
    for _ in range(500):
        into.append(socket.receive_json())


def test_too_many_messages_are_refused_and_then_the_connection_closed(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The server's clock stands still, so no token comes back while the flood is
    # read, however slowly the machine reads it: exactly the burst passes.
    monkeypatch.setattr("doppelkopf.server.app._clock", lambda: 1000.0)
    name = _create(client, seed="flood")
    with client.websocket_connect(f"/ws/{name}") as socket:
        socket.receive_json()
        for _ in range(int(RATE_BURST) + MAX_REFUSALS + 5):
            socket.send_json({"type": "state"})
        answers: list[dict[str, Any]] = []
        with pytest.raises(WebSocketDisconnect) as closed:
            _drain(socket, answers)
    assert closed.value.code == 1008
    limited = [answer for answer in answers if answer["type"] == "error"]
    assert len(limited) == MAX_REFUSALS
    assert all(answer["rule"] == "server protocol: limits" for answer in limited)


# --- only the seat's own view -------------------------------------------------------


def test_every_state_holds_exactly_the_seats_own_view(
    client: TestClient, store: SQLiteStorage
) -> None:
    name = _create(client, seed="leak", bots=BOTS)
    seen: list[dict[str, Any]] = []
    with client.websocket_connect(f"/ws/{name}") as socket:
        socket.receive_json()
        socket.send_json({"type": "sit", "seat": 0, "name": "Anna"})
        _until(socket, "seated")
        for _ in range(2000):
            state = _until(socket, "state")
            seen.append(state)
            if state["finished"]:
                break
            if state["turn"] == 0:
                socket.send_json({"type": "act", "action": state["legal_text"][0]})
    assert seen[-1]["finished"]
    entries = store.entries(name)
    [(_, config)] = [pair for pair in store.tables() if pair[0] == name]
    for state in seen:
        then = Table.replay(name, config, entries[: state["seq"]])
        own = then.deal_seat(0)
        assert own is not None
        assert own == state["deal_seat"]
        assert isinstance(then.deal, Deal)
        assert state["view"] == json.loads(dumps_view(then.deal.view(own)))
