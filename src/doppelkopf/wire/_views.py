"""A seat's view as JSON (SPEC §6.1): what a server sends a player before each decision.

The form holds the fields of :class:`~doppelkopf.PlayerView`, each written
as plain JSON, and the seat's legal actions, which are derived from those
fields and checked against them when the form is read back.

A server writes a view before every decision, so :func:`dumps_view` writes
its text directly (:mod:`doppelkopf.wire._fast`) rather than encoding the
``dict`` of :func:`dump_view`; the two give the same bytes.
"""

from __future__ import annotations

from typing import Any, Final

from .._checks import excerpt
from ..announce import PartyAnnouncements
from ..cards import Hand
from ..deal import (
    Announced,
    Declare,
    Phase,
    PlayerView,
    Poverty,
    Reservation,
    SoloKind,
    VoidDeal,
)
from ..deal.outcome import VoidReason
from ..errors import DoppelkopfError, InvalidTypeError
from ..parties import Announcement
from ..rules import GameType, Rules
from ..tricks import Trick
from ._common import (
    CARD_NAMES,
    MAX_VIEW_TEXT,
    VIEW_FORMAT,
    WIRE_VERSION,
    Path,
    Reader,
    header,
    parse_text,
)
from ._fast import view_text
from ._forms import (
    PARTIES,
    RESERVATIONS,
    THROW_NAMES,
    action_body,
    announced_body,
    read_action,
    read_announced,
)

__all__ = ["dump_view", "dumps_view", "load_view", "loads_view"]

VIEW_KEYS: Final = (
    "format",
    "version",
    "rules",
    "seat",
    "dealer",
    "hand",
    "reservation",
    "throw_reason",
    "declared",
    "game_type",
    "declarer",
    "partner",
    "clarification_trick",
    "solo_kind",
    "known_parties",
    "schweine",
    "tricks",
    "current_trick",
    "announcements",
    "re_state",
    "kontra_state",
    "hand_sizes",
    "turn",
    "phase",
    "poverty",
    "void",
    "owing",
    "forced",
    "asked",
    "legal_actions",
)
"""The keys of a view's form, in the order they are written."""

# legal_actions may be left out by a writer; a version 1 form has no asked.
_REQUIRED: Final = VIEW_KEYS[:-2]
_POVERTY_KEYS: Final = (
    "poor",
    "passed",
    "answers",
    "acceptor",
    "returned",
    "returned_trumps",
    "cards_passed",
    "cards_returned",
)
_VOID_KEYS: Final = ("reason", "seat", "throw_reason", "shown")
_TRICK_KEYS: Final = ("leader", "cards")
_STATE_KEYS: Final = ("level", "timely")
_ANNOUNCED_KEYS: Final = ("type", "seat", "level", "party", "hand_size", "moment", "late_reply")

GAME_TYPES: Final = {game.value: game for game in GameType}
SOLO_KINDS: Final = {kind.value: kind for kind in SoloKind}
PHASES: Final = {phase.value: phase for phase in Phase}
VOID_REASONS: Final[dict[str, VoidReason]] = {
    "thrown": "thrown",
    "poverty_refused": "poverty_refused",
}

_READER: Final = Reader("view")


def _cards(cards: tuple[Any, ...] | None) -> list[str] | None:
    return None if cards is None else [CARD_NAMES[card.index] for card in cards]


def _state(state: PartyAnnouncements) -> dict[str, Any]:
    level = state.level
    return {"level": None if level is None else level.value, "timely": state.timely}


def _body(view: PlayerView) -> dict[str, Any]:
    """Every key of the form but the header and the rules, in the written order."""
    names = CARD_NAMES
    game = view.game_type
    reservation = view.reservation
    kind = view.solo_kind
    phase = view.phase
    poverty = view.poverty
    void = view.void
    current = view.current_trick
    return {
        "seat": view.seat,
        "dealer": view.dealer,
        "hand": [names[card.index] for card in view.hand],
        "reservation": None if reservation is None else reservation.value,
        "throw_reason": view.throw_reason,
        "declared": list(view.declared),
        "game_type": None if game is None else game.value,
        "declarer": view.declarer,
        "partner": view.partner,
        "clarification_trick": view.clarification_trick,
        "solo_kind": None if kind is None else kind.value,
        "known_parties": [None if party is None else party.value for party in view.known_parties],
        "schweine": view.schweine,
        "tricks": [
            {"leader": trick.leader, "cards": [names[card.index] for card in trick.cards]}
            for trick in view.tricks
        ],
        "current_trick": {
            "leader": current.leader,
            "cards": [names[card.index] for card in current.cards],
        },
        "announcements": [announced_body(event) for event in view.announcements],
        "re_state": _state(view.re_state),
        "kontra_state": _state(view.kontra_state),
        "hand_sizes": list(view.hand_sizes),
        "turn": view.turn,
        "phase": None if phase is None else phase.value,
        "poverty": None
        if poverty is None
        else {
            "poor": poverty.poor,
            "passed": _cards(poverty.passed),
            "answers": list(poverty.answers),
            "acceptor": poverty.acceptor,
            "returned": _cards(poverty.returned),
            "returned_trumps": poverty.returned_trumps,
            "cards_passed": poverty.cards_passed,
            "cards_returned": poverty.cards_returned,
        },
        "void": None
        if void is None
        else {
            "reason": void.reason,
            "seat": void.seat,
            "throw_reason": void.throw_reason,
            "shown": None if void.shown is None else [names[card.index] for card in void.shown],
        },
        "owing": sorted(view.owing),
        "forced": view.forced,
        "asked": [action_body(answer) for answer in view.asked],
        "legal_actions": [action_body(action) for action in view.legal_actions],
    }


def _view(view: object) -> PlayerView:
    if not isinstance(view, PlayerView):
        from .._checks import type_error

        raise type_error(view, "view", "PlayerView", "Deal.view")
    return view


def dump_view(view: PlayerView) -> dict[str, Any]:
    """``view`` as a JSON-ready ``dict``: exactly what its seat may know (SPEC §6.1, V§6.7).

    The keys are the header (``format``, ``version``), ``rules`` as
    :meth:`Rules.as_dict <doppelkopf.Rules.as_dict>` writes them, the
    fields of :class:`~doppelkopf.PlayerView` in plain JSON, and
    ``legal_actions``: the bodies of :attr:`PlayerView.legal_actions` as
    :func:`~doppelkopf.wire.dump_action` writes them, derived from the other
    fields alone.  Nothing else of the deal is written, so two deals that
    give the seat the same view give the same form.

    >>> from doppelkopf import Deal
    >>> from doppelkopf.wire import dump_view
    >>> data = dump_view(Deal.shuffled(seed=3).view(0))
    >>> data["format"], data["seat"], data["hand_sizes"], data["legal_actions"][0]
    ('doppelkopf-view', 0, [12, 12, 12, 12],
     {'type': 'declare', 'seat': 0, 'reservation': 'healthy', 'reason': None})

    Raises:
        InvalidTypeError: ``view`` is no :class:`~doppelkopf.PlayerView`.
    """
    view = _view(view)
    return {
        "format": VIEW_FORMAT,
        "version": WIRE_VERSION,
        "rules": view.rules.as_dict(),
        **_body(view),
    }


def dumps_view(view: PlayerView) -> str:
    """``view`` as compact JSON text, the same bytes for equal views (see :func:`dump_view`).

    >>> from doppelkopf import Deal
    >>> from doppelkopf.wire import dumps_view
    >>> text = dumps_view(Deal.shuffled(seed=3).view(0))
    >>> text[:60]
    '{"format":"doppelkopf-view","version":2,"rules":{"nines":tru'

    Raises:
        InvalidTypeError: ``view`` is no :class:`~doppelkopf.PlayerView`.
    """
    return view_text(_view(view))


def load_view(data: object) -> PlayerView:
    """The view of a form written by :func:`dump_view`, built and checked as a new view.

    The view is built through :class:`~doppelkopf.PlayerView`'s constructor,
    which checks every field and the fields against each other (SPEC §6.1):
    a form that was altered or made up is refused unless it is a view some
    deal could give.  ``legal_actions`` may be left out; when given it must
    be the view's own.  The view read back can be acted on, sampled by
    :class:`~doppelkopf.search.WorldSampler` and written again.

    >>> from doppelkopf import Deal
    >>> from doppelkopf.wire import dump_view, load_view
    >>> view = Deal.shuffled(seed=3).view(2)
    >>> load_view(dump_view(view)) == view
    True
    >>> data = dump_view(view)
    >>> data["hand_sizes"][1] = 11
    >>> load_view(data)
    Traceback (most recent call last):
    ...
    doppelkopf.wire.WireError: view.hand_sizes: PlayerView.hand_sizes: seat 1 holds 11 cards after
    playing 0 (SPEC §2.2)

    Raises:
        WireError: ``data`` is not a view's form or not a view some deal
            gives; ``path`` locates the bad value.
    """
    reader = _READER
    header(reader, data, VIEW_FORMAT)
    fields = reader.fields(data, (), _REQUIRED, ("asked", "legal_actions"))
    if "asked" not in fields and data["version"] != 1:  # type: ignore[index]
        reader.fail((), "missing key 'asked' (a version 1 form may leave it out)")
    rules = reader.checked(("rules",), lambda: _rules(fields["rules"]))
    view = _build(reader, fields, rules)
    given = fields.get("legal_actions")
    if given is not None or "legal_actions" in fields:
        listed = reader.array(given, ("legal_actions",), 10_000)
        actions = tuple(
            read_action(reader, entry, ("legal_actions", index))
            for index, entry in enumerate(listed)
        )
        if actions != view.legal_actions:
            reader.fail(("legal_actions",), "is not the list of the view's own legal actions")
    return view


def loads_view(text: str | bytes) -> PlayerView:
    """The view of JSON text written by :func:`dumps_view`, read within limits.

    See :func:`load_view` for the checks.

    >>> from doppelkopf import Deal
    >>> from doppelkopf.wire import dumps_view, loads_view
    >>> view = Deal.shuffled(seed=3).view(1)
    >>> loads_view(dumps_view(view)) == view
    True

    Raises:
        WireError: the text is longer than 1 MiB, is not JSON within the
            limits of the records (nesting 64 deep, no key twice), or is not
            a view's form.
        InvalidTypeError: ``text`` is neither str nor bytes.
    """
    return load_view(parse_text(text, "the view", MAX_VIEW_TEXT))


def _rules(value: object) -> Rules:
    if type(value) is not dict:
        raise InvalidTypeError(
            f"must be a JSON object of rule options, not {excerpt(value, notation='json')}",
            name="rules",
            expected="object",
            value=excerpt(value, notation="json"),
        )
    for key in value:
        # Rules.from_dict compares each key with the option names, and a key
        # that is no str may compare in any way; JSON keys are str.
        if type(key) is not str:
            raise InvalidTypeError(
                f"an option's name must be a str, not {excerpt(key, notation='json')}",
                name="rules",
                expected="object",
                value=excerpt(key, notation="json"),
            )
    return Rules.from_dict(value)


def _optional(reader: Reader, value: object, path: Path, table: dict[str, Any], what: str) -> Any:
    return None if value is None else reader.name(value, path, table, f"{what} or null")


def _trick(reader: Reader, value: object, path: Path) -> Trick:
    fields = reader.fields(value, path, _TRICK_KEYS)
    leader = reader.seat(fields["leader"], (*path, "leader"))
    cards = reader.cards(fields["cards"], (*path, "cards"), 4)
    return reader.checked(path, lambda: Trick(leader, cards))


def _hand(reader: Reader, value: object, path: Path, most: int) -> Hand:
    cards = reader.cards(value, path, most)
    return reader.checked(path, lambda: Hand(cards))


def _party_state(reader: Reader, value: object, path: Path) -> PartyAnnouncements:
    fields = reader.fields(value, path, _STATE_KEYS)
    level = fields["level"]
    if level is not None:
        level = Announcement(reader.integer(level, (*path, "level"), 0, 4, "a level 0-4 or null"))
    return PartyAnnouncements(level, reader.boolean(fields["timely"], (*path, "timely")))


def _per_seat(reader: Reader, value: object, path: Path) -> list[Any]:
    return reader.array(value, path, 4, 4)


def _poverty(reader: Reader, value: object) -> Poverty | None:
    if value is None:
        return None
    path: Path = ("poverty",)
    fields = reader.fields(value, path, _POVERTY_KEYS)

    def cards(key: str) -> tuple[Any, ...] | None:
        entry = fields[key]
        return None if entry is None else reader.cards(entry, (*path, key), 3, 3)

    answers = reader.array(fields["answers"], (*path, "answers"), 3)
    returned_trumps = fields["returned_trumps"]
    if returned_trumps is not None:
        reader.integer(returned_trumps, (*path, "returned_trumps"), 0, 3)
    return Poverty(
        reader.seat(fields["poor"], (*path, "poor")),
        cards("passed"),
        tuple(reader.boolean(answer, (*path, "answers", i)) for i, answer in enumerate(answers)),
        reader.optional_seat(fields["acceptor"], (*path, "acceptor")),
        cards("returned"),
        returned_trumps,
        reader.boolean(fields["cards_passed"], (*path, "cards_passed")),
        reader.boolean(fields["cards_returned"], (*path, "cards_returned")),
    )


def _void(reader: Reader, value: object) -> VoidDeal | None:
    if value is None:
        return None
    path: Path = ("void",)
    fields = reader.fields(value, path, _VOID_KEYS)
    shown = fields["shown"]
    return VoidDeal(
        reader.name(fields["reason"], (*path, "reason"), VOID_REASONS, "a void reason"),
        reader.seat(fields["seat"], (*path, "seat")),
        _optional(
            reader, fields["throw_reason"], (*path, "throw_reason"), THROW_NAMES, "a throw reason"
        ),
        None if shown is None else _hand(reader, shown, (*path, "shown"), 12),
    )


def _announced(reader: Reader, value: object, path: Path) -> Announced:
    fields = reader.fields(value, path, _ANNOUNCED_KEYS)
    kind = fields["type"]
    if type(kind) is not str or kind != "announced":
        reader.fail((*path, "type"), f"must be 'announced', not {excerpt(kind, notation='json')}")
    return read_announced(reader, fields, path)


def _answer(reader: Reader, value: object, path: Path) -> Declare:
    """An answer to a question of the two-step round: a declare action's body (SPEC §3.2)."""
    action = read_action(reader, value, path)
    if type(action) is not Declare:
        reader.fail(path, "an answer to a question of the reservation round is a declare")
    return action


def _build(reader: Reader, f: dict[str, Any], rules: Rules) -> PlayerView:
    """The view of the checked object ``f`` (its keys are checked, its values not yet)."""
    declared = _per_seat(reader, f["declared"], ("declared",))
    for seat, said in enumerate(declared):
        if said is not None:
            reader.boolean(said, ("declared", seat))
    parties = _per_seat(reader, f["known_parties"], ("known_parties",))
    sizes = _per_seat(reader, f["hand_sizes"], ("hand_sizes",))
    tricks = reader.array(f["tricks"], ("tricks",), 12)
    announcements = reader.array(f["announcements"], ("announcements",), 10)
    owing = reader.array(f["owing"], ("owing",), 4)
    asked = reader.array(f.get("asked", []), ("asked",), 20)
    reservation: Reservation | None = _optional(
        reader, f["reservation"], ("reservation",), RESERVATIONS, "a reservation"
    )
    fields: dict[str, Any] = {
        "seat": reader.seat(f["seat"], ("seat",)),
        "dealer": reader.seat(f["dealer"], ("dealer",)),
        "hand": _hand(reader, f["hand"], ("hand",), 15),
        "reservation": reservation,
        "declared": tuple(declared),
        "game_type": _optional(reader, f["game_type"], ("game_type",), GAME_TYPES, "a game type"),
        "declarer": reader.optional_seat(f["declarer"], ("declarer",)),
        "partner": reader.optional_seat(f["partner"], ("partner",)),
        "clarification_trick": None
        if f["clarification_trick"] is None
        else reader.integer(f["clarification_trick"], ("clarification_trick",), 1, 12),
        "known_parties": tuple(
            _optional(reader, party, ("known_parties", seat), PARTIES, "a party")
            for seat, party in enumerate(parties)
        ),
        "tricks": tuple(_trick(reader, trick, ("tricks", i)) for i, trick in enumerate(tricks)),
        "current_trick": _trick(reader, f["current_trick"], ("current_trick",)),
        "announcements": tuple(
            _announced(reader, entry, ("announcements", i)) for i, entry in enumerate(announcements)
        ),
        "hand_sizes": tuple(
            reader.integer(size, ("hand_sizes", seat), 0, 15) for seat, size in enumerate(sizes)
        ),
        "turn": reader.optional_seat(f["turn"], ("turn",)),
        "rules": rules,
        "schweine": reader.optional_seat(f["schweine"], ("schweine",)),
        "re_state": _party_state(reader, f["re_state"], ("re_state",)),
        "kontra_state": _party_state(reader, f["kontra_state"], ("kontra_state",)),
        "phase": _optional(reader, f["phase"], ("phase",), PHASES, "a phase"),
        "poverty": _poverty(reader, f["poverty"]),
        "void": _void(reader, f["void"]),
        "owing": frozenset(reader.seat(seat, ("owing", i)) for i, seat in enumerate(owing)),
        "forced": reader.boolean(f["forced"], ("forced",)),
        "solo_kind": _optional(reader, f["solo_kind"], ("solo_kind",), SOLO_KINDS, "a solo kind"),
        "throw_reason": _optional(
            reader, f["throw_reason"], ("throw_reason",), THROW_NAMES, "a throw reason"
        ),
        "asked": tuple(_answer(reader, entry, ("asked", i)) for i, entry in enumerate(asked)),
    }
    if len(fields["owing"]) != len(owing):
        reader.fail(("owing",), "names a seat twice")
    if owing and not rules.compulsory_solo:
        # The view's own checks leave this to the deal, which refuses it (V§9.1).
        reader.fail(
            ("owing",), "names seats that owe a solo at a table without compulsory solos (V§9.1)"
        )
    try:
        return PlayerView(**fields)
    except DoppelkopfError as error:
        message = str(error)
        path: Path = ()
        if message.startswith("PlayerView."):
            name = message[len("PlayerView.") :].split(":", 1)[0].split("[", 1)[0]
            first = name.split(".", 1)[0]
            if first in VIEW_KEYS:
                path = (first,)
        reader.fail(path, message, error)
