"""The table server on a real socket: uvicorn in a subprocess on 127.0.0.1, the example bot."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import sys
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from doppelkopf.cli import main
from server_helpers import create, server

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "bot_client.py"
TIMEOUT = 120.0


def test_the_example_bot_plays_a_whole_deal_against_three_bots(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("bot_client", EXAMPLE)
    assert spec is not None
    assert spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    with server(tmp_path / "t.db") as port:
        name = create(port, seed="socket", bots={"1": "heuristic", "2": "heuristic", "3": "search"})
        url = f"ws://127.0.0.1:{port}/ws/{name}"
        played = asyncio.run(asyncio.wait_for(example.play(url, "Robo", 1), TIMEOUT))
        assert played == 1
        with connect(url, open_timeout=10) as socket:
            state = json.loads(socket.recv(timeout=10))
    assert state["finished"]
    assert state["seats"][0] == {"kind": "human", "name": "Robo"}
    [row] = state["sheet"]["rows"]
    assert sum(row["scores"]) == 0


def test_a_frame_over_the_limit_is_refused_by_the_socket(tmp_path: Path) -> None:
    with server(tmp_path / "t.db") as port:
        name = create(port, seed="big")
        with connect(f"ws://127.0.0.1:{port}/ws/{name}", open_timeout=10) as socket:
            socket.recv(timeout=10)
            socket.send(" " * (64 * 1024))
            with pytest.raises(ConnectionClosed) as closed:
                socket.recv(timeout=10)
    assert closed.value.rcvd is not None
    assert closed.value.rcvd.code == 1009  # the message is too big


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        (["--port", "70000"], "a port is 0-65535"),
        (["--port", "x"], "a port is 0-65535"),
        (["--bot-delay", "-1"], "a delay is 0-10 seconds"),
        (["--bot-delay", "nan"], "a delay is 0-10 seconds"),
    ],
)
def test_serve_refuses_a_bad_option(
    arguments: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", *arguments]) == 2
    assert words in capsys.readouterr().err


def test_serve_without_the_extra_says_which_package_is_missing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)
    assert main(["serve", "--port", "1"]) == 2
    assert "pip install 'doppelkopf[server]'" in capsys.readouterr().err
