"""Versioned JSON game records: write a deal or a session down and read it back, verified.

A record is one JSON object.  A *deal record* holds everything needed to
replay the deal — the rules it is played under, the dealer, the cut, the four hands as dealt,
the tournament facts (who owes a compulsory solo, whether the deal is forced, V§9), the
reservations with a throw's reason, the steps of an Armut exchange (V§6.3) and every
announcement and card in order — together with what follows from them: the contract (or
why the deal is void, V§8), the party, hand size and moment of every announcement, and the
settlement.  A *session record* holds the first dealer
and the finished deals of a session (SPEC §2.2, §2.5), and states the
session's rules once.  Both carry ``"format": "doppelkopf-record"`` and
``"version": 2``; the rules are an object of every option by name
(:meth:`Rules.as_dict <doppelkopf.Rules.as_dict>`).  Version 1 records, which
state no rules, are read too, as deals of the DDV rules (V§0.5).  An optional ``"meta"``
object holds whatever else an application wants to keep (players, seed, date).

Reading a record replays it through :class:`~doppelkopf.Deal` under the rules
it states: every
reservation, announcement and card must be legal where it stands, and every
recorded fact that follows from the play must agree with the replay.  Anything
else raises :class:`RecordError`, naming the first bad entry.  Input is read
within limits — 16 MiB of text, 64 levels of nesting, integers of 20 digits,
finite numbers, no key twice in one object, no lone surrogate — so no input
makes a reader raise anything else (see :ref:`record-limits`).

>>> from doppelkopf import Deal
>>> from doppelkopf.records import RecordError, dump_deal, load_deal
>>> deal = Deal.shuffled(seed=7)
>>> while not deal.is_finished:
...     deal = deal.apply(deal.legal_actions[0])
>>> record = dump_deal(deal, meta={"players": ["Anna", "Ben", "Cem", "Dora"]})
>>> record["format"], record["version"], record["kind"], record["dealer"], record["cut"]
('doppelkopf-record', 2, 'deal', 3, 26)
>>> record["rules"]["nines"], record["rules"]["second_dulle"]
(True, 'never')
>>> record["hands"][0][:4], record["reservations"][0]
(['SQ', 'SJ', 'SJ', 'D9'], {'seat': 0, 'reservation': 'healthy'})
>>> record["contract"], record["events"][0]
({'game_type': 'NORMAL', 'declarer': None, 'partner': None, 'clarification_trick': None}, \
{'type': 'play', 'seat': 0, 'card': 'SQ'})
>>> record["settlement"]["winner"], record["settlement"]["scores"]
('re', [-2, 2, 2, -2])
>>> load_deal(record) == deal
True
>>> record["events"][1]["card"] = "SA"
>>> try:
...     load_deal(record)
... except RecordError as error:
...     print(error)
event 1 (play seat 1 ♠A): cannot play ♠A: it is not in the hand (§5.2)
"""

from __future__ import annotations

from typing import Final

from . import _common
from ._common import RecordError as RecordError
from ._common import RecordFileError as RecordFileError
from ._files import load as load
from ._files import loads_deal as loads_deal
from ._files import loads_session as loads_session
from ._files import record_schema as record_schema
from ._files import replay_file as replay_file
from ._files import replays_session as replays_session
from ._files import save as save
from ._files import save_text as save_text
from ._reading import load_deal as load_deal
from ._reading import load_session as load_session
from ._reading import replay_session as replay_session
from ._writing import dump_deal as dump_deal
from ._writing import dump_session as dump_session
from ._writing import dumps_deal as dumps_deal
from ._writing import dumps_session as dumps_session

__all__ = [
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "RecordError",
    "RecordFileError",
    "dump_deal",
    "dump_session",
    "dumps_deal",
    "dumps_session",
    "load",
    "load_deal",
    "load_session",
    "loads_deal",
    "loads_session",
    "record_schema",
    "replay_file",
    "replay_session",
    "replays_session",
    "save",
    "save_text",
]

RECORD_FORMAT: Final = _common.RECORD_FORMAT
"""The value of every record's ``"format"`` key."""

RECORD_VERSION: Final = _common.RECORD_VERSION
"""The record version this library writes; it reads versions 1, 2 and 3.

A record that holds a two-step reservation round (SPEC §3.2) is written as
version 3, which is version 2 with that round, so that an older reader refuses
it at the header; every other record stays version 2.
"""

# The public names live in the private modules by concern; they belong to this module,
# which is where messages, tracebacks and the documentation find them.
for _public in (
    RecordError,
    RecordFileError,
    dump_deal,
    dump_session,
    dumps_deal,
    dumps_session,
    load,
    load_deal,
    load_session,
    loads_deal,
    loads_session,
    record_schema,
    replay_file,
    replay_session,
    replays_session,
    save,
    save_text,
):
    _public.__module__ = __name__
del _public
