"""The protocol core of a live table: messages in, entries to store, messages out; no I/O.

A :class:`Table` holds a :class:`~doppelkopf.Session` and its current
:class:`~doppelkopf.Deal`.  :meth:`Table.handle` reads one message of a
connection (a JSON object already decoded) and answers with a
:class:`Reply`: the entries the server must store *before* it applies them
with :meth:`Table.apply` and answers the sender, the messages for the sender,
and the connection's new seat.  Every refusal is an ``error`` message naming
the :class:`~doppelkopf.DoppelkopfError`'s text and rule; the table is left
as it was.  :meth:`Table.state` is one seat's picture of the table: its own
:class:`~doppelkopf.PlayerView` in the wire form (:mod:`doppelkopf.wire`)
and public facts only.  :meth:`Table.bot_entry` asks the bots seated at the
table for their next action.

>>> table = Table.new("t", seed="doc")
>>> reply = table.handle({"type": "sit", "seat": 0, "name": "Anna"}, None)
>>> for entry in reply.entries:
...     table.apply(entry)
>>> reply.seat, reply.messages[0]["type"], len(reply.messages[0]["token"]) > 20
(0, 'seated', True)
>>> table.handle({"type": "act", "action": "gesund"}, None).messages[0]["message"]
'sit down first: only a seated player acts, for its own seat'
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import secrets
import unicodedata
from collections.abc import Callable
from typing import Any, ClassVar

import attrs

from .. import _checks
from ..deal import Action, Announce, Deal, Play, PlayerView
from ..deal.machine import announcing_seats
from ..errors import DoppelkopfError
from ..players import HeuristicPlayer, Player
from ..rules import Rules
from ..session import Session
from ..wire import dump_action, dump_view, dumps_view, format_action, load_action, parse_action

__all__ = [
    "BOT_KINDS",
    "MAX_MESSAGE_BYTES",
    "MAX_NAME",
    "ProtocolError",
    "RateLimit",
    "Reply",
    "Table",
    "error_message",
    "read_create",
]

#: The largest message a connection may send, in bytes of UTF-8 JSON.
MAX_MESSAGE_BYTES = 16 * 1024
#: The longest name a player may give, in characters.
MAX_NAME = 24
#: The bots a seat can be given: the library's heuristic and search players.
BOT_KINDS = ("heuristic", "search")

_SECTION = "server protocol"
_COMPACT = (",", ":")


class ProtocolError(DoppelkopfError, ValueError):
    """A message the table protocol refuses; ``rule`` names the part of the protocol.

    The parts are those of :doc:`/server` (``"server protocol: seats"``).
    """

    def __init__(self, message: str, *, rule: str) -> None:
        super().__init__(message)
        self.rule = rule


def _refuse(message: str, part: str) -> ProtocolError:
    return ProtocolError(message, rule=f"{_SECTION}: {part}")


def error_message(error: DoppelkopfError, request: object = None) -> dict[str, Any]:
    """The ``error`` message of a refusal: the error's class, text and rule.

    >>> error_message(ProtocolError("no", rule="x"), "act")
    {'type': 'error', 'error': 'ProtocolError', 'message': 'no', 'rule': 'x', 'request': 'act'}
    """
    rule = getattr(error, "rule", "")
    return {
        "type": "error",
        "error": type(error).__name__,
        "message": str(error),
        "rule": rule if type(rule) is str and rule else None,
        "request": request if type(request) is str and len(request) <= 16 else None,
    }


@attrs.frozen
class Reply:
    """What :meth:`Table.handle` answers.

    ``entries`` are to be stored (in one transaction) and then applied with
    :meth:`Table.apply`, before ``messages`` go to the sender; ``seat`` is the
    sender's table seat afterwards (``None``: a spectator); ``changed`` says
    every connection at the table should get a new :meth:`Table.state`.
    """

    entries: tuple[dict[str, Any], ...] = ()
    messages: tuple[dict[str, Any], ...] = ()
    seat: int | None = None
    changed: bool = False


class RateLimit:
    """A token bucket: ``rate`` messages a second on average, ``burst`` at once.

    The clock is the caller's (``now`` in seconds), so the bucket is pure.

    >>> bucket = RateLimit(rate=1, burst=2)
    >>> [bucket.allow(0.0) for _ in range(3)], bucket.allow(1.0)
    ([True, True, False], True)
    """

    def __init__(self, rate: float = 20.0, burst: float = 40.0) -> None:
        self.rate = rate
        self.burst = burst
        self._tokens = burst
        self._last: float | None = None

    def allow(self, now: float) -> bool:
        """Whether one more message at time ``now`` is within the limit (and count it)."""
        if self._last is not None:
            self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
        self._last = now
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        return False


@attrs.frozen
class _Seat:
    kind: str  # "human" or "bot"
    name: str
    token: str = ""  # the SHA-256 of a person's token, hex
    bot: str = ""


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _int_seed(*parts: object) -> int:
    text = "/".join(str(part) for part in parts)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def _make_bot(kind: str, seed: int) -> Player:
    if kind == "search":
        from ..search import SearchPlayer

        return SearchPlayer(worlds=12, seed=seed)
    return HeuristicPlayer(seed=seed)


def _field(message: dict[str, Any], key: str) -> object:
    return message.get(key)


def _seat_number(value: object, players: int, key: str = "seat") -> int:
    if type(value) is not int or not 0 <= value < players:
        raise _refuse(
            f"{key} must be a table seat 0-{players - 1}, not {_checks.excerpt(value)}", "seats"
        )
    return value


def _name(value: object) -> str:
    if type(value) is not str:
        raise _refuse(f"a name must be text, not {_checks.excerpt(value)}", "names")
    name = " ".join(value.split())
    if not 1 <= len(name) <= MAX_NAME or any(
        unicodedata.category(char).startswith("C") for char in name
    ):
        raise _refuse(
            f"a name must be 1-{MAX_NAME} printable characters, not {_checks.excerpt(value)}",
            "names",
        )
    return name


def read_create(message: object) -> dict[str, Any]:
    """A table's configuration from a ``create`` message, checked.

    ``rules`` is an object of rule options (:meth:`Rules.from_dict
    <doppelkopf.Rules.from_dict>`, default the DDV rules), ``players`` 4 or 5
    (V§10) overrides the option of that name, ``seed`` (text) fixes the
    shuffles, ``bots`` maps table seats to a bot kind.

    >>> config = read_create({"type": "create", "players": 5, "bots": {"1": "search"}})
    >>> config["rules"]["players"], config["bots"]
    (5, {'1': 'search'})
    """
    if type(message) is not dict:
        raise _refuse(f"a message must be a JSON object, not {_checks.excerpt(message)}", "form")
    unknown = set(message) - {"type", "rules", "players", "seed", "bots"}
    if unknown:
        raise _refuse(f"create has no key {_checks.excerpt(sorted(unknown)[0])}", "create")
    options = message.get("rules", {})
    if type(options) is not dict:
        raise _refuse(f"rules must be an object, not {_checks.excerpt(options)}", "create")
    options = dict(options)
    if "players" in message:
        options["players"] = message["players"]
    rules = Rules.from_dict(options)
    seed = message.get("seed")
    if seed is None:
        seed = secrets.token_hex(8)
    if type(seed) is not str or not 1 <= len(seed) <= 64:
        raise _refuse(
            f"seed must be 1-64 characters of text, not {_checks.excerpt(seed)}", "create"
        )
    bots = message.get("bots", {})
    if type(bots) is not dict:
        raise _refuse(f"bots must be an object, not {_checks.excerpt(bots)}", "create")
    checked: dict[str, str] = {}
    for key, kind in bots.items():
        if type(key) is not str:
            raise _refuse(f"a bot's seat is text, not {_checks.excerpt(key)}", "bots")
        seat = _seat_number(int(key) if key.isdigit() and len(key) < 3 else key, rules.players)
        if type(kind) is not str or kind not in BOT_KINDS:
            raise _refuse(
                f"a bot is one of {', '.join(BOT_KINDS)}, not {_checks.excerpt(kind)}", "bots"
            )
        checked[str(seat)] = kind
    return {"rules": rules.as_dict(), "seed": seed, "bots": checked}


class Table:
    """One live table: its seats, its session and the deal in play (see the module)."""

    def __init__(self, name: str, config: dict[str, Any]) -> None:
        self.name = name
        self.config = config
        self.rules = Rules.from_dict(config["rules"])
        self.seed: str = config["seed"]
        self.session = Session.new(rules=self.rules, seed=self.seed)
        self.deal_number = 0
        self.deal_seats = self.session.seats
        self.deal: Deal = self.session.next_deal(seed=f"{self.seed}/0")
        self.seats: list[_Seat | None] = [None] * self.rules.players
        self.bots: dict[int, Player] = {}
        self.offers: set[int] = set()
        self.seq = 0
        self._sheet_text: tuple[Session | None, str] = (None, "")
        #: The game of each row of the sheet (a GameType's value; None: void), so a
        #: client names the contract in its own language.
        self.games: list[str | None] = []

    @classmethod
    def new(cls, name: str, **create: Any) -> Table:
        """A table from the keys of a ``create`` message, with its bots seated (unstored)."""
        table = cls(name, read_create({"type": "create", **create}))
        for entry in table.initial_entries():
            table.apply(entry)
        return table

    def initial_entries(self) -> list[dict[str, Any]]:
        """The entries that seat the bots named at creation."""
        return [
            {"kind": "bot", "seat": int(seat), "bot": kind, "name": f"{kind.capitalize()} {seat}"}
            for seat, kind in sorted(self.config.get("bots", {}).items())
        ]

    @classmethod
    def replay(cls, name: str, config: dict[str, Any], entries: list[dict[str, Any]]) -> Table:
        """The table rebuilt from its configuration and stored entries, in order."""
        table = cls(name, config)
        for entry in entries:
            table.apply(entry)
        return table

    # --- seats --------------------------------------------------------------------

    def deal_seat(self, seat: int | None) -> int | None:
        """The deal seat (0-3) of table ``seat`` in the current deal; ``None`` sits out."""
        if seat is None or seat not in self.deal_seats:
            return None
        return self.deal_seats.index(seat)

    def table_seat(self, deal_seat: int | None) -> int | None:
        """The table seat that plays ``deal_seat`` in the current deal."""
        return None if deal_seat is None else self.deal_seats[deal_seat]

    # --- applying stored entries --------------------------------------------------

    def apply(self, entry: dict[str, Any]) -> None:
        """Apply one stored entry; the same entries always give the same table."""
        kind = entry["kind"]
        if kind == "sit":
            self.seats[entry["seat"]] = _Seat("human", entry["name"], token=entry["token"])
        elif kind == "bot":
            seat = entry["seat"]
            self.seats[seat] = _Seat("bot", entry["name"], bot=entry["bot"])
            self.bots[seat] = _make_bot(entry["bot"], _int_seed(self.seed, seat))
        elif kind == "act":
            self._check_deal(entry)
            self._act(load_action(entry["action"]))
        elif kind == "next":
            self._check_deal(entry, 1)
            self.deal_number += 1
            self.deal_seats = self.session.seats
            self.deal = self.session.next_deal(seed=f"{self.seed}/{self.deal_number}")
            self.offers.clear()
        else:
            raise _refuse(f"no entry is of kind {_checks.excerpt(kind)}", "storage")
        self.seq += 1

    def _check_deal(self, entry: dict[str, Any], ahead: int = 0) -> None:
        if entry.get("deal") != self.deal_number + ahead:
            raise _refuse(
                f"entry {self.seq} is for deal {_checks.excerpt(entry.get('deal'))}, "
                f"but the table is at deal {self.deal_number}",
                "storage",
            )

    def _act(self, action: Action) -> None:
        deal = self.deal.apply(action)
        self.deal = deal
        self.offers.discard(action.seat)
        if isinstance(action, Play):
            bits = announcing_seats(deal) if deal.turn is not None else 0
            self.offers = {
                other
                for other in range(4)
                if bits >> other & 1
                and other not in {action.seat, deal.turn}
                and self._is_bot(self.table_seat(other))
            }
        if deal.is_finished:
            self.session = self.session.add(deal)
            game = None if deal.is_void or deal.game_type is None else deal.game_type.value
            self.games.append(game)

    def _is_bot(self, seat: int | None) -> bool:
        return seat is not None and seat in self.bots

    # --- messages -----------------------------------------------------------------

    def handle(self, message: object, seat: int | None) -> Reply:
        """Answer one message of a connection sitting at ``seat`` (``None``: not seated)."""
        request = message.get("type") if type(message) is dict else None
        try:
            if type(message) is not dict:
                raise _refuse(
                    f"a message must be a JSON object, not {_checks.excerpt(message)}", "form"
                )
            handler = self._handlers.get(request) if type(request) is str else None
            if handler is None:
                raise _refuse(
                    f"no message is of type {_checks.excerpt(request)}; the types are "
                    + ", ".join(sorted(self._handlers)),
                    "form",
                )
            return handler(self, message, seat)
        except DoppelkopfError as error:
            return Reply(messages=(error_message(error, request),), seat=seat)

    def _state(self, message: dict[str, Any], seat: int | None) -> Reply:
        return Reply(messages=(self.state(seat),), seat=seat)

    def _sit(self, message: dict[str, Any], seat: int | None) -> Reply:
        if seat is not None:
            raise _refuse(f"this connection sits at seat {seat} already", "seats")
        wanted = _field(message, "seat")
        if wanted is None:
            free = [number for number, taken in enumerate(self.seats) if taken is None]
            if not free:
                raise _refuse("every seat at this table is taken", "seats")
            wanted = free[0]
        chosen = _seat_number(wanted, self.rules.players)
        if self.seats[chosen] is not None:
            raise _refuse(f"seat {chosen} is taken", "seats")
        name = _name(_field(message, "name"))
        token = secrets.token_urlsafe(24)
        entry = {"kind": "sit", "seat": chosen, "name": name, "token": _digest(token)}
        seated = {"type": "seated", "table": self.name, "seat": chosen, "token": token}
        return Reply(entries=(entry,), messages=(seated,), seat=chosen, changed=True)

    def _resume(self, message: dict[str, Any], seat: int | None) -> Reply:
        token = _field(message, "token")
        if type(token) is not str or len(token) > 100 or not token.isascii():
            raise _refuse(f"a token is ASCII text, not {_checks.excerpt(token)}", "seats")
        digest = _digest(token)
        for number, taken in enumerate(self.seats):
            if (
                taken is not None
                and taken.kind == "human"
                and secrets.compare_digest(taken.token, digest)
            ):
                if seat is not None and seat != number:
                    raise _refuse(f"this connection sits at seat {seat} already", "seats")
                seated = {"type": "seated", "table": self.name, "seat": number}
                return Reply(messages=(seated, self.state(number)), seat=number)
        raise _refuse("no seat at this table has that token", "seats")

    def _bot(self, message: dict[str, Any], seat: int | None) -> Reply:
        chosen = _seat_number(_field(message, "seat"), self.rules.players)
        if self.seats[chosen] is not None:
            raise _refuse(f"seat {chosen} is taken", "seats")
        kind = _field(message, "bot")
        if type(kind) is not str or kind not in BOT_KINDS:
            raise _refuse(
                f"a bot is one of {', '.join(BOT_KINDS)}, not {_checks.excerpt(kind)}", "bots"
            )
        entry = {
            "kind": "bot",
            "seat": chosen,
            "bot": kind,
            "name": f"{kind.capitalize()} {chosen}",
        }
        return Reply(entries=(entry,), seat=seat, changed=True)

    def _act_message(self, message: dict[str, Any], seat: int | None) -> Reply:
        if seat is None:
            raise _refuse("sit down first: only a seated player acts, for its own seat", "act")
        own = self.deal_seat(seat)
        if own is None or self.deal.is_finished:
            raise _refuse(
                f"seat {seat} has nothing to do in this deal "
                + ("(it is over)" if self.deal.is_finished else "(it sits out, V§10)"),
                "act",
            )
        given = _field(message, "action")
        if type(given) is str:
            action = parse_action(given, seat=own, context=self.deal.view(own))
        elif type(given) is dict:
            action = load_action(given)
        else:
            raise _refuse(
                f"action must be the wire form or its text, not {_checks.excerpt(given)}", "act"
            )
        if action.seat != own:
            raise _refuse(
                f"seat {seat} plays deal seat {own} and acts for it alone, "
                f"not for deal seat {action.seat}",
                "act",
            )
        text = format_action(action, context=self.deal.view(own))
        if self.deal.apply(action) is self.deal:
            raise _refuse(f"{text} adds nothing to what is announced", "act")
        entry = {"kind": "act", "deal": self.deal_number, "action": dump_action(action)}
        accepted = {"type": "accepted", "seq": self.seq, "action": text}
        return Reply(entries=(entry,), messages=(accepted,), seat=seat, changed=True)

    def _next(self, message: dict[str, Any], seat: int | None) -> Reply:
        if seat is None:
            raise _refuse("sit down first: only a seated player starts the next deal", "next")
        if not self.deal.is_finished:
            raise _refuse(f"deal {self.deal_number} is still being played", "next")
        if self.session.is_finished:
            raise _refuse("the session is over: no deal follows", "next")
        entry = {"kind": "next", "deal": self.deal_number + 1}
        return Reply(entries=(entry,), seat=seat, changed=True)

    _handlers: ClassVar[dict[str, Callable[[Table, dict[str, Any], int | None], Reply]]] = {
        "state": _state,
        "sit": _sit,
        "resume": _resume,
        "bot": _bot,
        "act": _act_message,
        "next": _next,
    }

    # --- bots ---------------------------------------------------------------------

    @property
    def bots_due(self) -> bool:
        """Whether a seated bot may have something to do: an announcement offered, or its turn.

        When it is false, :meth:`bot_entry` answers ``None``.  Cheap, so a
        server asks it after every action and wakes the bots (which may think
        for a while, off the event loop) only when it is true.

        >>> table = Table.new("t", seed="doc", bots={"0": "heuristic"})
        >>> table.bots_due == (table.deal.turn == 0)
        True
        """
        if self.deal.is_finished:
            return False
        return bool(self.offers) or self._is_bot(self.table_seat(self.deal.turn))

    def bot_entry(self) -> dict[str, Any] | None:
        """The next entry a seated bot makes, or ``None`` when no bot has anything to do.

        A bot offered an announcement after a card (as :func:`~doppelkopf.iter_deal`
        offers it) answers first; then the bot on turn acts.
        """
        deal = self.deal
        if deal.is_finished:
            return None
        while self.offers:
            other = min(self.offers)
            self.offers.discard(other)
            bot = self.bots.get(self.deal_seats[other])
            if bot is None:
                continue
            offered = self._ask(bot, deal.view(other))
            if isinstance(offered, Announce) and offered.seat == other:
                with contextlib.suppress(DoppelkopfError):
                    if deal.apply(offered) is not deal:
                        return self._entry(offered)
        turn = deal.turn
        table_seat = self.table_seat(turn)
        if turn is None or table_seat is None or table_seat not in self.bots:
            return None
        action = self._ask(self.bots[table_seat], deal.view(turn))
        if action is not None and action.seat == turn:
            with contextlib.suppress(DoppelkopfError):
                if deal.apply(action) is not deal:
                    return self._entry(action)
        fallback = next(
            candidate for candidate in deal.legal_actions if not isinstance(candidate, Announce)
        )
        return self._entry(fallback)

    @staticmethod
    def _ask(bot: Player, view: PlayerView) -> Action | None:
        try:
            return bot.act(view)
        except DoppelkopfError:
            return None

    def _entry(self, action: Action) -> dict[str, Any]:
        return {"kind": "act", "deal": self.deal_number, "action": dump_action(action)}

    # --- what a seat sees ---------------------------------------------------------

    def state(self, seat: int | None) -> dict[str, Any]:
        """Seat ``seat``'s picture of the table: its own view and public facts only."""
        own = self.deal_seat(seat)
        view = None if own is None else self.deal.view(own)
        return {
            **self._head(seat, own),
            "view": None if view is None else dump_view(view),
            "legal_text": self._legal_text(view),
            "sheet": self._sheet(),
        }

    def state_text(self, seat: int | None) -> str:
        """:meth:`state` as the compact JSON text a connection is sent.

        The same message as ``json.dumps(table.state(seat))`` reads back to,
        written faster: the view's text comes from
        :func:`~doppelkopf.wire.dumps_view` (which writes it directly instead
        of building and encoding a ``dict``), and the score sheet's text is
        kept until the session changes; a server writes this for every seat
        after every action.

        >>> import json
        >>> table = Table.new("t", seed="doc")
        >>> json.loads(table.state_text(0)) == table.state(0)
        True
        """
        own = self.deal_seat(seat)
        view = None if own is None else self.deal.view(own)
        head = json.dumps(self._head(seat, own), ensure_ascii=False, separators=_COMPACT)
        legal = json.dumps(self._legal_text(view), ensure_ascii=False, separators=_COMPACT)
        if self._sheet_text[0] is not self.session:
            sheet = json.dumps(self._sheet(), ensure_ascii=False, separators=_COMPACT)
            self._sheet_text = (self.session, sheet)
        view_text = "null" if view is None else dumps_view(view)
        return (
            f'{head[:-1]},"view":{view_text},"legal_text":{legal},"sheet":{self._sheet_text[1]}}}'
        )

    @staticmethod
    def _legal_text(view: PlayerView | None) -> list[str]:
        if view is None:
            return []
        return [format_action(action, context=view) for action in view.legal_actions]

    def _head(self, seat: int | None, own: int | None) -> dict[str, Any]:
        dealer = self.table_seat(self.deal.dealer)
        return {
            "type": "state",
            "table": self.name,
            "seq": self.seq,
            "players": self.rules.players,
            "deal_number": self.deal_number,
            "seat": seat,
            "deal_seat": own,
            "deal_seats": list(self.deal_seats),
            "dealer": dealer,
            "seats": [
                None if taken is None else {"kind": taken.kind, "name": taken.name}
                for taken in self.seats
            ],
            "turn": self.table_seat(self.deal.turn),
            "finished": self.deal.is_finished,
            "session_finished": self.session.is_finished,
        }

    def _sheet(self) -> dict[str, Any]:
        rows = [
            {
                "number": row.number,
                "dealer": row.dealer,
                "contract": row.contract,
                "game": game,
                "soloist": row.soloist,
                "scores": list(row.scores),
                "totals": list(row.totals),
                "void": row.void,
                "multiplier": row.multiplier,
            }
            for row, game in zip(self.session.rows, self.games, strict=True)
        ]
        return {
            "rows": rows,
            "totals": list(self.session.totals),
            "deals_left": self.session.deals_left,
        }
