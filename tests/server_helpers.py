"""A table server in a subprocess on 127.0.0.1, for the socket, crash and browser tests."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

SRC = str(Path(__file__).resolve().parent.parent / "src")
START_TIMEOUT = 30.0


def free_port() -> int:
    """A port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start(db: Path, port: int, *, bot_delay: float = 0.0) -> subprocess.Popen[bytes]:
    """``doppelkopf serve`` on 127.0.0.1:``port``, answering once it returns."""
    environment = dict(os.environ, PYTHONPATH=SRC)
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "doppelkopf",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--db",
            str(db),
            "--bot-delay",
            str(bot_delay),
        ],
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"the server ended: {process.stderr.read()!r}")  # type: ignore[union-attr]
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2):
                return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise AssertionError("the server did not answer in time")


def stop(process: subprocess.Popen[bytes]) -> None:
    """End the server (it was started by the test) and wait for it."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
    if process.stderr is not None:
        process.stderr.close()


@contextmanager
def server(db: Path, *, bot_delay: float = 0.0) -> Iterator[int]:
    """A running server on a free port; the port."""
    port = free_port()
    process = start(db, port, bot_delay=bot_delay)
    try:
        yield port
    finally:
        stop(process)


def create(port: int, **message: Any) -> str:
    """A new table's name, created with POST /tables."""
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/tables",
        data=json.dumps({"type": "create", **message}).encode(),
        headers={"content-type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        name: str = json.loads(answer.read())["table"]
        return name
