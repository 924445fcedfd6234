"""A server and its clients speaking only the wire forms, to the end of whole deals.

The server (the test) holds the deal.  Before each decision it sends the
seat on turn its view as JSON text; the client — :func:`client`, which sees
nothing but the parsed JSON, plain dicts and lists — picks an action from
the legal actions listed there and answers with the action's short text;
the server reads it with :func:`~doppelkopf.wire.parse_action` and applies
it.  Every seat also receives its view after each step, as a real server
would push it.  At the end the deal is settled.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deal_helpers import armut_deal
from doppelkopf import Deal, Rules, settle
from doppelkopf.wire import dumps_view, parse_action
from wire_helpers import PRESETS

_LEVEL_WORDS = ("", "keine 90", "keine 60", "keine 30", "schwarz")
_SUITS = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}


def _card(name: str, symbols: bool) -> str:
    return _SUITS[name[0]] + name[1:] if symbols else name


def client(text: str, rng: random.Random) -> str:
    """A bot on the other end of the wire: JSON text in, an action's text out.

    It uses only :mod:`json` and the documented layout of the view's form.
    """
    view: dict[str, Any] = json.loads(text)
    assert view["format"] == "doppelkopf-view"
    assert view["version"] == 2
    actions: list[dict[str, Any]] = view["legal_actions"]
    procedures = [a for a in actions if a.get("reservation") in ("poverty", "throw")]
    if procedures and rng.random() < 0.8:  # try the Armut and Schmeißen where they are open
        action = rng.choice(procedures)
    else:
        action = actions[0] if rng.random() < 0.3 else rng.choice(actions)
    symbols = rng.random() < 0.5
    kind = action["type"]
    if kind == "play":
        return _card(action["card"], symbols)
    if kind == "announce":
        level = action["level"]
        if level == 0:
            party = view["known_parties"][view["seat"]]
            return "re/kontra" if party is None else party
        return _LEVEL_WORDS[level]
    if kind == "declare":
        reservation, reason = action["reservation"], action["reason"]
        return f"schmeissen {reason}" if reason is not None else reservation
    if kind == "answer":
        return rng.choice(("accept", "mitnehmen")) if action["accept"] else "refuse"
    word = "pass" if kind == "pass" else rng.choice(("return", "zurück"))
    return " ".join((word, *(_card(card, symbols) for card in action["cards"])))


def serve(
    deal: Deal, rng: random.Random, bot: Callable[[str, random.Random], str] = client
) -> Deal:
    """Play ``deal`` to its end through the wire; return the finished deal."""
    steps = 0
    while not deal.is_finished:
        for seat in range(4):
            json.loads(dumps_view(deal.view(seat)))  # pushed to every seat
        turn = deal.turn
        # Between the cards several seats may announce; ask one that can act.
        seat = turn if turn is not None else deal.legal_actions[0].seat
        reply = bot(dumps_view(deal.view(seat)), rng)
        action = parse_action(reply, seat=seat, context=deal)
        assert action in deal.legal_actions, (reply, action)
        deal = deal.apply(action)
        steps += 1
        assert steps < 200
    return deal


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(sorted(PRESETS)))
def test_whole_deals_are_played_through_the_wire(seed: int, name: str) -> None:
    rng = random.Random(seed)
    rules = PRESETS[name]
    deal = serve(Deal.shuffled(rng=rng, dealer=rng.randrange(4), rules=rules), rng)
    assert deal.is_finished
    if not deal.is_void:
        assert sum(settle(deal).scores) == 0


@pytest.mark.parametrize("seed", range(12))
def test_armut_exchanges_are_played_through_the_wire(seed: int) -> None:
    rules = PRESETS["armut and schmeissen"]
    dealt = armut_deal(seed).dealt
    replies: list[str] = []

    def armut_client(text: str, rng: random.Random) -> str:
        """Like :func:`client`, but the poor seat declares Armut and the others are healthy."""
        listed = json.loads(text)["legal_actions"]
        answers = {a["reservation"] for a in listed if a["type"] == "declare"}
        reply = "poverty" if "poverty" in answers else "gesund" if answers else client(text, rng)
        replies.append(reply)
        return reply

    deal = serve(Deal.from_hands(dealt, rules=rules), random.Random(seed), armut_client)
    assert deal.is_finished
    assert any(reply.split()[0] == "pass" for reply in replies)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_each_preset_plays_to_a_settlement(name: str) -> None:
    rules: Rules = PRESETS[name]
    settled = 0
    for seed in range(40):
        deal = serve(Deal.shuffled(seed=seed, rules=rules), random.Random(seed))
        if not deal.is_void:
            settle(deal)
            settled += 1
    assert settled > 0
