"""A bot that plays at a doppelkopf table server over WebSockets, with the JSON wire format only.

Run the server (``doppelkopf serve``), create a table on its page, then::

    python examples/bot_client.py ws://127.0.0.1:8000/ws/TABLE --name Robo

The bot sits down, plays the first legal card (or answers the first legal
answer) whenever its seat is on turn and starts the next deal when one is
over, until the session ends.  It needs nothing but ``websockets``.
"""

from __future__ import annotations

import argparse
import asyncio
import json

import websockets


def choose(state: dict) -> str | None:
    """The short text of the action to take, or None when the seat has nothing to do now."""
    view = state["view"]
    if view is None or state["turn"] != state["seat"]:
        return None
    for action, text in zip(view["legal_actions"], state["legal_text"], strict=True):
        if action["type"] != "announce":  # a card, a reservation or a step of the Armut
            return text
    return None


async def play(url: str, name: str, deals: int) -> int:
    async with websockets.connect(url) as socket:
        await socket.send(json.dumps({"type": "sit", "name": name}))
        played = 0
        acted_at = -1  # the state last acted on: two states may show the same turn
        async for frame in socket:
            message = json.loads(frame)
            if message["type"] == "error":
                print("refused:", message["message"])
            if message["type"] != "state" or message["seat"] is None:
                continue
            if message["finished"]:
                played = message["deal_number"] + 1
                if played >= deals or message["session_finished"]:
                    return played
                await socket.send(json.dumps({"type": "next"}))
            elif message["seq"] > acted_at and (text := choose(message)) is not None:
                acted_at = message["seq"]
                await socket.send(json.dumps({"type": "act", "action": text}))
    return played


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url", help="the table's WebSocket address, ws://HOST:PORT/ws/TABLE")
    parser.add_argument("--name", default="Robo")
    parser.add_argument("--deals", type=int, default=1, help="deals to play (default: 1)")
    args = parser.parse_args()
    print("deals played:", asyncio.run(play(args.url, args.name, args.deals)))
