"""The quicker ``_replace`` of a deal's setup gives what the named tuple's own method gives."""

from __future__ import annotations

import collections
import random
from typing import Any

import pytest

from doppelkopf import Deal, RandomPlayer, Rules
from doppelkopf.deal._replace import install
from doppelkopf.deal._state import _Setup
from doppelkopf.deal.procedures import Procedures
from doppelkopf.players import iter_deal


def test_replace_writes_the_named_fields_and_keeps_the_others() -> None:
    rng = random.Random(2)
    make: Any = collections.namedtuple
    setups = [
        step.deal._setup
        for number in range(6)
        for step in iter_deal(
            Deal.shuffled(seed=number, rules=Rules(armut=True)),
            [RandomPlayer(seed=number * 4 + s, reservation_rate=0.3) for s in range(4)],
        )
    ]
    for cls, values in ((_Setup, setups), (Procedures, [setup.extra for setup in setups])):
        plain = make("plain", cls._fields)
        for value in values[::5]:
            names = rng.sample(cls._fields, rng.randint(0, 4))
            changes: dict[str, Any] = {name: object() for name in names}
            given: Any = value
            fast = given._replace(**changes)
            assert type(fast) is cls
            assert tuple(fast) == tuple(plain(*value)._replace(**changes))
            assert fast == cls(*fast)


def test_replace_refuses_a_name_that_is_no_field_as_the_named_tuple_does() -> None:
    make: Any = collections.namedtuple
    point = make("point", "x y")
    with pytest.raises(ValueError, match="unexpected field names") as plain:
        point(1, 2)._replace(z=3, y=1)
    install(point)
    with pytest.raises(ValueError, match="unexpected field names") as fast:
        point(1, 2)._replace(z=3, y=1)
    assert str(fast.value) == str(plain.value)
    assert point(1, 2)._replace(y=5) == point(1, 5)
