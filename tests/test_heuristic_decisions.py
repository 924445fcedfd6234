"""The heuristic player's decisions on seeded deals, pinned against a recorded file.

``tests/data/heuristic-decisions.json`` holds, for each rule set below and each of
75 seeded deals, the first 16 hex digits of the SHA-256 of the deal's history
(one ``repr`` of an event a line) when four :class:`HeuristicPlayer` play it.  A
change to how the player's code is laid out must leave every decision as it was;
a change to what it decides is made on purpose, and the file is then written
again with ``python tests/test_heuristic_decisions.py`` (with ``PYTHONPATH=src``).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

from doppelkopf import Deal, Rules
from doppelkopf.players import HeuristicPlayer, play_deal

DATA = Path(__file__).parent / "data" / "heuristic-decisions.json"
DEALS = 75
RULES = {
    "ddv": Rules.DDV,
    "tournament": Rules.TOURNAMENT,
    "variants": Rules(
        armut=True, schmeissen={"nines5", "kings5", "nines4_kings4", "trumps1"}, schweinchen=True
    ),
    "nonines": Rules(nines=False, armut=True),
}


def fingerprint(rules: Rules, seed: int) -> str:
    """The digest of the history of deal ``seed`` played by four heuristic players."""
    players = [HeuristicPlayer(seed=seed * 4 + seat) for seat in range(4)]
    deal = play_deal(Deal.shuffled(seed=seed, dealer=seed % 4, rules=rules), players)
    text = "\n".join(repr(event) for event in deal.history)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def fingerprints(rules: Rules) -> list[str]:
    return [fingerprint(rules, seed) for seed in range(DEALS)]


@pytest.mark.parametrize("name", sorted(RULES))
def test_the_heuristic_player_decides_as_recorded(name: str) -> None:
    """SPEC §3, §5, §8: every reservation, announcement and card is the recorded one."""
    recorded = json.loads(DATA.read_text(encoding="utf-8"))[name]
    played = fingerprints(RULES[name])
    assert len(recorded) == DEALS
    changed = [seed for seed in range(DEALS) if recorded[seed] != played[seed]]
    assert not changed, f"{name}: the decisions of deals {changed} changed"


if __name__ == "__main__":
    written = {name: fingerprints(rules) for name, rules in sorted(RULES.items())}
    DATA.write_text(json.dumps(written, indent=1) + "\n", encoding="utf-8")
    sys.exit(0)
