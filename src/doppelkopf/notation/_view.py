"""A seat's view from its position string: the world rebuilt, then its view (SPEC §6.1).

:attr:`PlayerView.position <doppelkopf.PlayerView.position>` writes what the
seat knows: the rules, the table, its hand as dealt and its history, with
what it could not see concealed.  A view is a function of that alone, so
:func:`parse_view` reads it back by finding *one* deal that gives this
history — a *world* — and taking that deal's view of the seat.  It replays
the history event by event: the seat's own actions on the world it has, and
each other seat's on the first world in which it is legal, drawn among the
worlds of the view so far (:class:`~doppelkopf.search.WorldSampler`).  A
*Vorbehalt* whose wish stays hidden is replayed as a healthy answer and
marked as a *Vorbehalt* in the view at the end: a wish that lost changes
nothing else the seat can see (SPEC §3.3).  The view found is then checked
against the text, entry by entry.

The draws come from a generator seeded with a constant, so the same text
gives the same world every time.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Callable, Iterator
from typing import Final

import attrs

from .. import _checks
from ..cards import Hand
from ..deal import (
    Action,
    Announced,
    Concealed,
    Deal,
    Declare,
    Event,
    PassCards,
    Play,
    PlayerView,
    Reservation,
    ReturnCards,
)
from ..deal import _action_text as _grammar
from ..deal import _notation as _position
from ..errors import DoppelkopfError, NotationError
from ..parties import Party
from ..rules import Rules
from ..search.sampling import WorldSampler

__all__ = ["MAX_DRAWS", "parse_view"]

MAX_DRAWS: Final = 3000
"""The worlds :func:`parse_view` draws at most for one event before it gives up."""

_SEAT_FIELD: Final = re.compile(r"s([0-3]):(.*)\Z", re.DOTALL)
_SHOWN: Final = re.compile(r"\s*([0-3])\s*=(.*)\Z", re.DOTALL)
_CONCEALED: Final = re.compile(r"\?\s*(vorbehalt|pass|return\s*([0-3]))\s*\Z", re.IGNORECASE)
_SEED: Final = 0x5EED
_THROW_DRAWS: Final = 100
_TABLE: Final = re.compile(r"d([0-3])(?:o([0-3]{1,4}))?(f)?(?:x([0-3]))?\Z")
_FIELDS: Final = re.compile(r"\s+")


def _error(
    message: str, part: str, field: str, column: int | None = None, rule: str = ""
) -> NotationError:
    where = (
        f"view position, {field}" if column is None else f"view position, {field}, column {column}"
    )
    return NotationError(
        f"{where}: {message}", text=part[:20], column=column, field=field, rule=rule
    )


@attrs.frozen
class _Entry:
    """One entry of the history field: its seat (``None``: the seat to move), its
    text, the kind and trumps of a concealed entry, and where it stands."""

    field: str
    column: int
    text: str
    seat: int | None
    concealed: tuple[str, int | None] | None
    party: Party | None = None

    def error(self, message: str, rule: str = "") -> NotationError:
        return _error(message, self.text, self.field, self.column, rule)


def parse_view(text: str) -> PlayerView:
    """The view whose position string is ``text`` (:attr:`PlayerView.position
    <doppelkopf.PlayerView.position>`, :doc:`/notation`).

    >>> from doppelkopf import Deal, Reservation
    >>> from doppelkopf.notation import parse_view
    >>> deal = Deal.shuffled(seed=3).declare(0, Reservation.QUEENS_SOLO)
    >>> deal = deal.declare(1, Reservation.HEALTHY)
    >>> deal.view(2).position
    'ddv d3 s2:C9SJSQH9H9HJHQHQHADQD10DA ?vorbehalt;healthy'
    >>> parse_view(deal.view(2).position) == deal.view(2)
    True

    Raises:
        NotationError: the text is longer than 4,096 characters, a field
            does not read (naming the field and column), the seat's own
            action is not legal where it stands (naming it and the rule), or
            no deal gives the history (naming the first entry no deal allows).
        InvalidTypeError: ``text`` is no ``str``.
    """
    text = _position.check_size(text, _position.MAX_POSITION, "a view's position string")
    stripped = text.strip()
    fields = _FIELDS.split(stripped, maxsplit=3)
    if len(fields) < 3:
        raise _error(
            "a view's position has the fields rules, table and seat, then the history",
            text,
            ("rules", "table", "seat")[len(fields) if stripped else 0],
        )
    rules = _position.parse_rules(fields[0])
    table = _TABLE.match(fields[1])
    if table is None:
        raise _error(
            "expected d<dealer>[o<seats>][f][x<seat>] such as 'd3' or 'd0o13f', not "
            f"{_checks.excerpt(fields[1])}",
            fields[1],
            "table",
        )
    dealer = int(table.group(1))
    owing = frozenset(int(owed) for owed in table.group(2) or "")
    forced = table.group(3) is not None
    schweine = None if table.group(4) is None else int(table.group(4))
    match = _SEAT_FIELD.match(fields[2])
    if match is None:
        raise _error(
            f"expected s<seat>:<hand> such as 's0:CQCQ...', not {_checks.excerpt(fields[2])}",
            fields[2],
            "seat",
        )
    seat = int(match.group(1))
    own = _position.parse_hand(match.group(2), "seat")
    history = fields[3] if len(fields) == 4 else ""
    entries, shown = _entries(history, len(stripped) - len(history) + 1)
    rng = random.Random(_SEED)
    world = _first_world(own, seat, (dealer, owing, forced), rules, rng)
    replayer = _Replayer(seat, shown, schweine, set(), rng)
    for entry in entries:
        world = replayer.step(world, entry)
    view = world.view(seat)
    hidden = replayer.hidden
    if hidden:
        declared = tuple(True if s in hidden else said for s, said in enumerate(view.declared))
        view = attrs.evolve(view, declared=declared)
    _check(view, entries, shown)
    return view


def _entries(text: str, column: int) -> tuple[list[_Entry], tuple[int, Hand] | None]:
    """The entries of the history field starting at ``column``, and the hand shown."""
    entries: list[_Entry] = []
    shown: tuple[int, Hand] | None = None
    parts = text.split(";") if text.strip() else []
    for number, part in enumerate(parts, 1):
        start = column
        column += len(part) + 1
        field = f"history, event {number}"
        if shown is not None:
            raise _error("the hand a Schmeißen showed comes last (V§7.2)", part, field, start)
        found = _SHOWN.match(part)
        if found is not None:
            shown = (int(found.group(1)), _position.parse_hand(found.group(2).strip(), field))
            continue
        prefix = _position.SEAT_PREFIX.match(part)
        seat = None if prefix is None else int(prefix.group(1))
        body = (part if prefix is None else part[prefix.end() :]).strip()
        if not body:
            raise _error("an event is empty", part, field, start)
        if body.startswith("?"):
            concealed = _CONCEALED.match(body)
            if concealed is None:
                raise _error(
                    f"{_checks.excerpt(body)} is no concealed entry: ?vorbehalt, ?pass or "
                    "?return with its number of trumps 0-3",
                    body,
                    field,
                    start,
                )
            word = concealed.group(1).lower()
            kind = "return" if word.startswith("return") else word
            trumps = None if concealed.group(2) is None else int(concealed.group(2))
            entries.append(_Entry(field, start, body, seat, (kind, trumps)))
            continue
        try:
            _grammar.parse_action(body, 0 if seat is None else seat)
        except DoppelkopfError as error:
            raise _error(str(error), body, field, start) from None
        entries.append(_Entry(field, start, body, seat, None, _position.party_of(prefix)))
    return entries, shown


def _first_world(
    own: Hand,
    seat: int,
    table: tuple[int, frozenset[int], bool],
    rules: Rules,
    rng: random.Random,
    *,
    fixed: tuple[int, Hand] | None = None,
) -> Deal:
    """A deal in which ``seat`` holds ``own`` (and a thrower its ``fixed`` hand),
    the other cards dealt at random."""
    dealer, owing, forced = table
    cards = list(rules.deck)
    for card in (*own, *(() if fixed is None else fixed[1])):
        if card in cards:
            cards.remove(card)
    rng.shuffle(cards)
    size = rules.hand_size
    hands: list[Hand] = []
    for other in range(4):
        if other == seat:
            hands.append(own)
        elif fixed is not None and other == fixed[0]:
            hands.append(fixed[1])
        else:
            hands.append(Hand(cards[:size]))
            del cards[:size]
    try:
        return Deal.from_hands(hands, dealer=dealer, rules=rules, owing=owing, forced=forced)
    except DoppelkopfError as error:
        field = "seat" if fixed is None else "history"
        raise _error(
            f"the hands are no deal of the rules: {error}",
            str(own),
            field,
            None,
            str(getattr(error, "rule", "")),
        ) from None


def _worlds(world: Deal, seat: int, rng: random.Random) -> Iterator[Deal]:
    """``world``, then worlds of the same view of ``seat`` drawn at random."""
    yield world
    try:
        sampler = WorldSampler(world.view(seat))
    except DoppelkopfError:
        return
    yield from _draws(sampler, rng)


def _draws(sampler: WorldSampler, rng: random.Random) -> Iterator[Deal]:
    """At most :data:`MAX_DRAWS` worlds of ``sampler``, until it finds none."""
    for _ in range(MAX_DRAWS):
        try:
            yield sampler.sample(rng)
        except DoppelkopfError:
            return


class _CardSampler(WorldSampler):
    """The worlds of a view in which ``play`` is legal: its seat holds the card and, if
    the card does not follow the suit led, no card of that suit (SPEC §5.2).

    Drawn when the plain worlds of the view make the card too unlikely to meet
    within :data:`MAX_DRAWS` draws (a seat that turns out void in trumps, say):
    each world drawn here allows the card, so a card some world allows is
    found at once.
    """

    __slots__ = ("_play",)

    def __init__(self, view: PlayerView, play: Play) -> None:
        self._play = play
        super().__init__(view)

    def _add_facts(self, bound: Callable[..., None]) -> None:
        seat, card = self._play.seat, self._play.card
        bound(seat, card.index, low=1)
        order, led = self.view.card_order, self.view.current_trick.cards
        if order is None or not led:
            return
        follow = order.follow_bits[led[0]]
        if not (follow >> (2 * card.index)) & 3:
            for index in range(24):
                if (follow >> (2 * index)) & 3:
                    bound(seat, index, high=0)


def _worlds_to_play(world: Deal, viewer: int, play: Play, rng: random.Random) -> Iterator[Deal]:
    """Worlds of the view of ``viewer`` in which ``play`` is legal, drawn at random."""
    try:
        sampler = _CardSampler(world.view(viewer), play)
    except DoppelkopfError:  # no world of the view lets the seat play the card
        return
    yield from _draws(sampler, rng)


@attrs.frozen
class _Replayer:
    """What the replay of one view's history knows besides the world: the viewer, the
    hand a Schmeißen showed, the Schweine the view names, the seats whose
    *Vorbehalt* stayed hidden and the generator of the draws."""

    viewer: int
    shown: tuple[int, Hand] | None
    schweine: int | None
    hidden: set[int]
    rng: random.Random
    named: list[Declare] = attrs.field(factory=list)
    """The reservations the text named so far; a world drawn later must keep them."""

    def fits(self, after: Deal) -> bool:
        """Whether ``after`` shows the Schweine the view names, once there is a contract
        (V§2.3), and keeps every reservation the text named (SPEC §3.3).

        A world drawn from a view that shows a seat's *Vorbehalt* still to be
        resolved may give that seat another wish than the one the text names
        once it wins; such a world is passed over.
        """
        if after.game_type is not None and after.schweine != self.schweine:
            return False
        if self.named:
            said = {event for event in after.history if type(event) is Declare}
            return all(declare in said for declare in self.named)
        return True

    def step(self, world: Deal, entry: _Entry) -> Deal:  # noqa: PLR0912 - one branch per kind
        """``world`` after ``entry``, or a world of the same view in which it is legal."""
        seat = entry.seat if entry.seat is not None else world.turn
        if seat is None:
            raise entry.error(
                f"{_checks.excerpt(entry.text)}: nobody is to move, the deal is over", "§10"
            )
        viewer = self.viewer
        if entry.concealed is not None:
            if seat == viewer:
                raise entry.error(f"seat {viewer} sees its own actions: none of them is concealed")
            kind, trumps = entry.concealed
            for candidate in _worlds(world, viewer, self.rng):
                after = _concealed(candidate, seat, viewer, kind, trumps)
                if after is not None and self.fits(after):
                    if kind == "vorbehalt":
                        self.hidden.add(seat)
                    return after
            raise entry.error(f"no deal lets seat {seat} {kind} here unseen (SPEC §6.1, V§6.7)")
        action = _grammar.parse_action(entry.text, seat, (None, world.phase))
        shown = self.shown
        if shown is not None and shown[0] == seat and seat != viewer and _throws(action):
            return self.thrown(world, entry, action, shown)
        if seat == viewer:
            try:
                world.check(action)
            except DoppelkopfError as error:
                raise entry.error(
                    f"{_checks.excerpt(entry.text)} (seat {seat}) is not legal here: {error}",
                    str(getattr(error, "rule", "")),
                ) from None
        candidates = _worlds(world, viewer, self.rng)
        if type(action) is Play:
            candidates = itertools.chain(
                candidates, _worlds_to_play(world, viewer, action, self.rng)
            )
        for candidate in candidates:
            if candidate.can_apply(action):
                after = candidate.apply(action)
                if self.fits(after) and _named(entry, after, seat):
                    if type(action) is Declare and action.reservation is not Reservation.HEALTHY:
                        self.named.append(action)
                    return after
        try:
            world.check(action)
        except DoppelkopfError as error:
            raise entry.error(
                f"{_checks.excerpt(entry.text)} (seat {seat}): no deal that seat {viewer} "
                f"cannot tell from this one allows it: {error}",
                str(getattr(error, "rule", "")),
            ) from None
        raise entry.error(
            f"{_checks.excerpt(entry.text)} (seat {seat}): no deal that seat {viewer} cannot "
            "tell from this one allows it, with the parties and Schweine the text names "
            "(SPEC §6.1, §8.1, V§2.3)"
        )

    def thrown(self, world: Deal, entry: _Entry, action: Action, shown: tuple[int, Hand]) -> Deal:
        """The world in which the thrower holds the hand it showed (V§7.2), after its throw."""
        table = (world.dealer, world.owing, world.forced)
        own = world.dealt[self.viewer]
        before = [event.as_action() for event in world.history]
        failure: DoppelkopfError | None = None
        for _ in range(_THROW_DRAWS):
            candidate = _first_world(own, self.viewer, table, world.rules, self.rng, fixed=shown)
            try:
                return candidate.replay(before).apply(action)
            except DoppelkopfError as error:
                failure = error
        raise entry.error(
            f"{_checks.excerpt(entry.text)} (seat {shown[0]}) is not legal with the hand it "
            f"showed: {failure}",
            str(getattr(failure, "rule", "")),
        )


def _throws(action: Action) -> bool:
    return type(action) is Declare and action.reservation is Reservation.THROW


def _named(entry: _Entry, after: Deal, seat: int) -> bool:
    """Whether the party ``entry`` names (``re``, ``kontra``, ``2r:``) is the one ``seat``
    has in ``after``."""
    if entry.party is not None and after.parties[seat] is not entry.party:
        return False
    try:
        _grammar.parse_action(entry.text, seat, (after.parties[seat], after.phase))
    except DoppelkopfError:
        return False
    return True


def _concealed(world: Deal, seat: int, viewer: int, kind: str, trumps: int | None) -> Deal | None:
    """``world`` after ``seat``'s unseen step of ``kind``, or ``None`` if it has none."""
    if kind == "vorbehalt":
        healthy = Declare(seat, Reservation.HEALTHY)
        return world.apply(healthy) if world.can_apply(healthy) else None
    wanted = PassCards if kind == "pass" else ReturnCards
    for action in world.legal_actions:
        if type(action) is not wanted or action.seat != seat:
            continue
        after = world.apply(action)
        if kind == "pass":
            return after
        event = after.view(viewer).history[-1]
        if type(event) is Concealed and event.trumps == trumps:
            return after
    return None


def _same(entry: _Entry, event: Event) -> bool:
    """Whether ``entry`` names ``event``, with the party of an announcement (SPEC §8.1)."""
    if _grammar.parse_action(entry.text, event.seat) != event.as_action():
        return False
    if type(event) is not Announced:
        return True
    party = event.party
    if entry.party is not None and entry.party is not party:
        return False
    try:
        _grammar.parse_action(entry.text, event.seat, (party, None))
    except DoppelkopfError:
        return False
    return True


def _check(view: PlayerView, entries: list[_Entry], shown: tuple[int, Hand] | None) -> None:
    """Refuse a text whose view differs from what it wrote, naming the first difference."""
    history = view.history
    for index, entry in enumerate(entries):
        if index >= len(history):
            raise entry.error("the seat has seen nothing more by here")
        event = history[index]
        written = _position.write_event(event)
        if entry.concealed is not None:
            same = type(event) is Concealed and (event.kind, event.trumps) == entry.concealed
        else:
            same = type(event) is not Concealed and _same(entry, event)  # type: ignore[arg-type]
        if not same or (entry.seat is not None and entry.seat != event.seat):
            raise entry.error(
                f"seat {view.seat} sees {_checks.excerpt(written)} here, not "
                f"{_checks.excerpt(entry.text)} (SPEC §3.3, §6.1, V§6.7)"
            )
    if len(history) > len(entries):
        raise _error(
            f"the history ends early: seat {view.seat} has seen "
            f"{_checks.excerpt(_position.write_event(history[len(entries)]))} next",
            "",
            "history",
        )
    void = view.void
    expected = None if void is None or void.shown is None else (void.seat, void.shown)
    if shown != expected:
        raise _error(
            "a Schmeißen that ends the deal shows the thrower's hand, written last as "
            "seat=hand, and nothing else does (V§7.2)",
            "",
            "history",
        )
