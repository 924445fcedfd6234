"""Numbers for actions and tensors for views: the encoding both adapters share.

**Actions.**  Every action has one fixed number, the same under every rule set
(the ranges after 45 exist only where the Armut is played, V§6):

=============  =====================================================================
ids            action
=============  =====================================================================
0–23           :class:`~doppelkopf.Play` the card of that :attr:`~doppelkopf.Card.index`
               (♣9 ♣J ♣Q ♣K ♣10 ♣A, then ♠, ♥, ♦ in the same order; SPEC §5)
24–38          :class:`~doppelkopf.Declare`: healthy, marriage, the seven solos
               (♦ ♥ ♠ ♣ queens jacks fleshless), Armut, then Schmeißen for each
               throw reason in :data:`~doppelkopf.rules.THROW_REASONS` order
               (SPEC §3.2, V§6.1, V§7.2)
39–43          :class:`~doppelkopf.Announce` Re/Kontra, keine 90, keine 60,
               keine 30, schwarz (SPEC §8)
44–45          :class:`~doppelkopf.AnswerPoverty`: refuse, accept (V§6.3)
46–2621        three cards of the Armut exchange, a :class:`~doppelkopf.PassCards`
               in the pass step and a :class:`~doppelkopf.ReturnCards` in the
               return step (V§6.3): the 2,576 multisets of three card indices
               with no index thrice, in lexicographic order
2622–2623      the two-step reservation round (SPEC §3.2): the bare
               :attr:`~doppelkopf.Reservation.VORBEHALT`, then
               :attr:`~doppelkopf.Reservation.DECLINE`; only with ``two_step=True``
=============  =====================================================================

The two-step ids come after every other so that no id of the one-step round
changes: by default (``two_step=False``) :func:`num_actions` and
:func:`turn_actions` are what they were, the bare *Vorbehalt* is not offered
(the seat names its reservation at once, which reaches every contract the
two-step round reaches), and the observation's ``reservation`` piece keeps
its 11 one-step answers (a bare *Vorbehalt* sets no bit there; ``declared``
shows it).  With ``two_step=True`` the action space has 2,624 ids under every
rule set.  The tensors do not encode the questions of the second step.

Only the seat on turn acts.  The library accepts an announcement from any seat
at any moment; the adapters offer each seat its announcements when it is on
turn, before its card.  No deadline is lost by that: a deadline counts the
announcer's own cards (SPEC §8.2), which change only when it plays.

>>> from doppelkopf import Card, Play, Announce, Announcement, Phase
>>> encode_action(Play(2, Card.parse("♥10")))
16
>>> decode_action(16, seat=2, phase=Phase.PLAY) == Play(2, Card.parse("♥10"))
True
>>> encode_action(Announce(0, Announcement.NO_90)), num_actions(Rules.XIX)
(40, 2622)

**Tensors.**  A view (SPEC §6.1) becomes a flat tensor of zeros and ones, in
pieces of fixed shape under every rule set (a card count is two bits: at least
one copy, two copies).  The observation tensor holds the position now; the
information-state tensor appends the order of play, which the view keeps in its
tricks and announcements (perfect recall)::

    observation (734)                                  information state (2466)
    +--------------------------------------------+     +--------------------------+
    | seat 4 | dealer 4 | turn 4 | phase 7       |     | observation 734          |
    | hand 24x2                                  |     +--------------------------+
    | reservation 11 | declared 4x2              |     | sequence 48x24           |
    | game_type 12 | declarer 4 | partner 4      |     |  (k-th card played)      |
    | solo_kind 3 | parties 4x2                  |     +--------------------------+
    | announced 2x5 | late_reply 2 | schweine 4  |     | announcer 10x4           |
    | trick 4x24 | leader 4                      |     | level 10x5               |
    | played 4x24x2                              |     | moment 10x49             |
    | taken 4x24x2                               |     |  (k-th announcement)     |
    | poor 4 | acceptor 4 | refused 4            |     +--------------------------+
    | passed 24x2 | returned 24x2                |
    | returned_trumps 4 | owing 4 | forced 1     |
    +--------------------------------------------+

>>> [name for name, _ in OBSERVATION_PIECES][:4]
['seat', 'dealer', 'turn', 'phase']
>>> OBSERVATION_SIZE, INFORMATION_STATE_SIZE
(734, 2466)
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from math import prod
from typing import Final

from .. import _checks
from ..cards import DISTINCT_CARDS, Card, Hand
from ..deal import (
    Action,
    Announce,
    AnswerPoverty,
    Deal,
    Declare,
    PassCards,
    Phase,
    Play,
    PlayerView,
    Poverty,
    Reservation,
    ReturnCards,
    SoloKind,
)
from ..errors import InvalidValueError, WrongPhaseError
from ..parties import Announcement, Party
from ..rules import THROW_REASONS, GameType, Rules, ThrowReason

__all__ = [
    "ANNOUNCE_BASE",
    "ANSWER_BASE",
    "DECLARATIONS",
    "DECLARE_BASE",
    "EXCHANGES",
    "EXCHANGE_BASE",
    "INFORMATION_STATE_PIECES",
    "INFORMATION_STATE_SIZE",
    "NUM_ACTIONS",
    "NUM_ACTIONS_TWO_STEP",
    "OBSERVATION_PIECES",
    "OBSERVATION_SIZE",
    "PLAY_BASE",
    "TWO_STEP_BASE",
    "action_ids",
    "dealing_indices",
    "decode_action",
    "encode_action",
    "information_state_indices",
    "num_actions",
    "observation_indices",
    "offsets",
    "turn_actions",
]

PLAY_BASE: Final = 0
"""The id of :class:`~doppelkopf.Play` of the card of index 0 (SPEC §5)."""
DECLARE_BASE: Final = 24
"""The id of the first answer of the reservation round (SPEC §3.2)."""
_TWO_STEP: Final = (Reservation.VORBEHALT, Reservation.DECLINE)
_ONE_STEP: Final = tuple(member for member in Reservation if member not in _TWO_STEP)
DECLARATIONS: Final[tuple[tuple[Reservation, ThrowReason | None], ...]] = (
    *((member, None) for member in _ONE_STEP if member is not Reservation.THROW),
    *((Reservation.THROW, reason) for reason in THROW_REASONS),
)
"""The answers of ids 24–38 in order: reservation and throw reason (SPEC §3.2, V§7.2)."""
ANNOUNCE_BASE: Final = DECLARE_BASE + len(DECLARATIONS)
"""The id of the announcement Re/Kontra; keine 90 … schwarz follow (SPEC §8)."""
ANSWER_BASE: Final = ANNOUNCE_BASE + len(Announcement)
"""The id of refusing the Armut; accepting it is the next (V§6.3)."""
EXCHANGE_BASE: Final = ANSWER_BASE + 2
"""The id of the first three cards of the Armut exchange (V§6.3)."""
EXCHANGES: Final[tuple[tuple[int, int, int], ...]] = tuple(
    combo
    for combo in itertools.combinations_with_replacement(range(len(DISTINCT_CARDS)), 3)
    if combo[0] != combo[2]
)
"""The card indices of each exchange id after :data:`EXCHANGE_BASE`, sorted (V§6.3): the
2,576 triples ``(0, 0, 1)``, ``(0, 0, 2)`` … ``(22, 23, 23)``.

:meta hide-value:
"""
NUM_ACTIONS: Final = EXCHANGE_BASE + len(EXCHANGES)
"""The number of action ids under a rule set with the Armut (V§6)."""
TWO_STEP_BASE: Final = NUM_ACTIONS
"""The id of the bare *Vorbehalt*; ``DECLINE`` is the next (SPEC §3.2)."""
NUM_ACTIONS_TWO_STEP: Final = TWO_STEP_BASE + len(_TWO_STEP)
"""The number of action ids with the two-step reservation round, under every rule set."""

_DECLARE_IDS: Final[dict[tuple[Reservation, ThrowReason | None], int]] = {
    **{answer: DECLARE_BASE + i for i, answer in enumerate(DECLARATIONS)},
    **{(member, None): TWO_STEP_BASE + i for i, member in enumerate(_TWO_STEP)},
}
_EXCHANGE_IDS: Final = {combo: EXCHANGE_BASE + i for i, combo in enumerate(EXCHANGES)}


def num_actions(rules: Rules, *, two_step: bool = False) -> int:
    """How many action ids a rule set uses: 2622 with the Armut, 46 without (V§6).

    With ``two_step`` 2624 under every rule set: the ids of the two-step
    reservation round come last (SPEC §3.2).

    >>> num_actions(Rules.DDV), num_actions(Rules(armut=True))
    (46, 2622)
    >>> num_actions(Rules.DDV, two_step=True)
    2624
    """
    if not isinstance(rules, Rules):
        raise _checks.type_error(rules, "rules", "Rules value")
    _checks.flag(two_step, "two_step")
    if two_step:
        return NUM_ACTIONS_TWO_STEP
    return NUM_ACTIONS if rules.armut else EXCHANGE_BASE


def encode_action(action: Action) -> int:
    """The id of ``action`` (see :mod:`doppelkopf.adapters.encoding`; SPEC §3.2, §5, §8, V§6.3).

    The seat is not part of the id: it is the seat on turn.

    >>> from doppelkopf import Declare, Reservation, AnswerPoverty, PassCards, Hand
    >>> encode_action(Declare(1, Reservation.HEALTHY)), encode_action(AnswerPoverty(3, True))
    (24, 45)
    >>> encode_action(Declare(0, Reservation.THROW, "kings5"))
    35
    >>> encode_action(PassCards(0, Hand.parse("♣9 ♣9 ♣J")))
    46
    >>> [encode_action(Declare(2, r)) for r in (Reservation.VORBEHALT, Reservation.DECLINE)]
    [2622, 2623]

    Raises:
        InvalidTypeError: ``action`` is no action of the library.
    """
    kind = type(action)
    if kind is Play:
        return PLAY_BASE + action.card.index  # type: ignore[union-attr]
    if kind is Announce:
        return ANNOUNCE_BASE + int(action.level)  # type: ignore[union-attr]
    if kind is Declare:
        return _DECLARE_IDS[action.reservation, action.reason]  # type: ignore[union-attr]
    if kind is AnswerPoverty:
        return ANSWER_BASE + int(action.accept)  # type: ignore[union-attr]
    if kind is PassCards or kind is ReturnCards:
        cards = action.cards  # type: ignore[union-attr]
        return _EXCHANGE_IDS[cards[0].index, cards[1].index, cards[2].index]
    raise _checks.type_error(action, "action", "action of the library")


def decode_action(  # noqa: PLR0911 - one return per range of ids
    action_id: int, seat: int, phase: Phase
) -> Action:
    """The action of id ``action_id`` by ``seat`` in ``phase`` (SPEC §3.2, §5, §8, V§6.3).

    ``phase`` tells three exchanged cards apart: a :class:`~doppelkopf.PassCards`
    in :attr:`~doppelkopf.Phase.POVERTY_PASS`, a :class:`~doppelkopf.ReturnCards`
    in :attr:`~doppelkopf.Phase.POVERTY_RETURN`.

    >>> print(decode_action(30, 1, Phase.RESERVATIONS))
    seat 1: SOLO_Q
    >>> print(decode_action(2621, 2, Phase.POVERTY_RETURN))
    seat 2: return ♦10 ♦A ♦A

    Raises:
        InvalidTypeError: ``action_id`` is not an ``int``, ``phase`` no
            :class:`~doppelkopf.Phase`.
        InvalidValueError: no action has that id, or three cards outside an exchange.
    """
    if type(action_id) is not int:
        raise _checks.type_error(action_id, "action_id", "int")
    if not isinstance(phase, Phase):
        raise _checks.type_error(phase, "phase", "Phase")
    if not 0 <= action_id < NUM_ACTIONS_TWO_STEP:
        raise InvalidValueError(
            f"action ids are 0-{NUM_ACTIONS_TWO_STEP - 1}, not {_checks.excerpt(action_id)}"
        )
    if action_id >= TWO_STEP_BASE:
        return Declare(seat, _TWO_STEP[action_id - TWO_STEP_BASE])
    if action_id < DECLARE_BASE:
        return Play(seat, DISTINCT_CARDS[action_id - PLAY_BASE])
    if action_id < ANNOUNCE_BASE:
        reservation, reason = DECLARATIONS[action_id - DECLARE_BASE]
        return Declare(seat, reservation, reason)
    if action_id < ANSWER_BASE:
        return Announce(seat, Announcement(action_id - ANNOUNCE_BASE))
    if action_id < EXCHANGE_BASE:
        return AnswerPoverty(seat, action_id == ANSWER_BASE + 1)
    cards = [DISTINCT_CARDS[index] for index in EXCHANGES[action_id - EXCHANGE_BASE]]
    if phase is Phase.POVERTY_PASS:
        return PassCards(seat, cards)
    if phase is Phase.POVERTY_RETURN:
        return ReturnCards(seat, cards)
    raise InvalidValueError(
        f"action id {action_id} moves three Armut cards, which the {phase.value} phase has no "
        "step for",
        rule="V§6.3",
    )


def turn_actions(deal: Deal, *, two_step: bool = False) -> tuple[Action, ...]:
    """The legal actions of the seat on turn, in the library's order (SPEC §3.2, §5.2, §8).

    Announcements of the other seats are left out (see the module), and the
    bare *Vorbehalt* unless ``two_step`` (the answers to a question of the
    two-step round are always offered, so a deal already in that step goes on).

    >>> deal = Deal.shuffled(seed=2)
    >>> [str(action) for action in turn_actions(deal)][:2]
    ['seat 0: healthy', 'seat 0: SOLO_D']

    Raises:
        InvalidTypeError: ``deal`` is no :class:`~doppelkopf.Deal`.
        WrongPhaseError: the deal is finished or void: nobody is on turn.
    """
    if not isinstance(deal, Deal):
        raise _checks.type_error(deal, "deal", "Deal")
    _checks.flag(two_step, "two_step")
    seat = deal.turn
    if seat is None:
        raise WrongPhaseError(f"nobody is on turn in the {deal.phase.value} phase", rule="§3.5")
    if two_step or deal.game_type is not None:
        return tuple(action for action in deal.legal_actions if action.seat == seat)
    return tuple(
        action
        for action in deal.legal_actions
        if action.seat == seat
        and not (type(action) is Declare and action.reservation is Reservation.VORBEHALT)
    )


def action_ids(actions: Iterable[Action]) -> list[int]:
    """The ids of ``actions``, sorted: the legal-action list of a framework (SPEC §5.2).

    >>> action_ids(turn_actions(Deal.shuffled(seed=2)))
    [24, 26, 27, 28, 29, 30, 31, 32]

    Raises:
        InvalidTypeError: ``actions`` is not iterable, or holds what is no action.
    """
    if not isinstance(actions, Iterable):
        raise _checks.type_error(actions, "actions", "iterable of actions")
    return sorted(encode_action(action) for action in actions)


# --- tensors ------------------------------------------------------------------

OBSERVATION_PIECES: Final[tuple[tuple[str, tuple[int, ...]], ...]] = (
    ("seat", (4,)),
    ("dealer", (4,)),
    ("turn", (4,)),
    ("phase", (len(Phase),)),
    ("hand", (24, 2)),
    ("reservation", (len(_ONE_STEP),)),
    ("declared", (4, 2)),
    ("game_type", (len(GameType),)),
    ("declarer", (4,)),
    ("partner", (4,)),
    ("solo_kind", (len(SoloKind),)),
    ("parties", (4, 2)),
    ("announced", (2, len(Announcement))),
    ("late_reply", (2,)),
    ("schweine", (4,)),
    ("trick", (4, 24)),
    ("leader", (4,)),
    ("played", (4, 24, 2)),
    ("taken", (4, 24, 2)),
    ("poor", (4,)),
    ("acceptor", (4,)),
    ("refused", (4,)),
    ("passed", (24, 2)),
    ("returned", (24, 2)),
    ("returned_trumps", (4,)),
    ("owing", (4,)),
    ("forced", (1,)),
)
"""The pieces of the observation tensor in order, each with its shape (SPEC §6.1)."""

_MOST_ANNOUNCEMENTS: Final = 2 * len(Announcement)
INFORMATION_STATE_PIECES: Final[tuple[tuple[str, tuple[int, ...]], ...]] = (
    *OBSERVATION_PIECES,
    ("sequence", (48, 24)),
    ("announcer", (_MOST_ANNOUNCEMENTS, 4)),
    ("level", (_MOST_ANNOUNCEMENTS, len(Announcement))),
    ("moment", (_MOST_ANNOUNCEMENTS, 49)),
)
"""The pieces of the information-state tensor: the observation, then the order of play."""


def offsets(pieces: Sequence[tuple[str, tuple[int, ...]]]) -> dict[str, int]:
    """Where each piece starts in the flat tensor of ``pieces`` (SPEC §6.1).

    >>> offsets(OBSERVATION_PIECES)["hand"], offsets(INFORMATION_STATE_PIECES)["sequence"]
    (19, 734)

    Raises:
        InvalidTypeError: ``pieces`` is not iterable, or a piece is no pair of a ``str``
            name and a ``tuple`` of ``int`` sizes.
    """
    if not isinstance(pieces, Iterable):
        raise _checks.type_error(pieces, "pieces", "iterable of pieces")
    starts: dict[str, int] = {}
    position = 0
    for piece in pieces:
        if (
            type(piece) is not tuple
            or len(piece) != 2
            or type(piece[0]) is not str
            or type(piece[1]) is not tuple
            or any(type(size) is not int or size < 0 for size in piece[1])
        ):
            raise _checks.type_error(piece, "a piece", "(name, shape) pair")
        name, shape = piece
        starts[name] = position
        position += prod(shape)
    return starts


_AT: Final = offsets(INFORMATION_STATE_PIECES)
OBSERVATION_SIZE: Final = sum(prod(shape) for _, shape in OBSERVATION_PIECES)
"""The length of the observation tensor."""
INFORMATION_STATE_SIZE: Final = sum(prod(shape) for _, shape in INFORMATION_STATE_PIECES)
"""The length of the information-state tensor."""

_PHASES: Final = {phase: i for i, phase in enumerate(Phase)}
_RESERVATIONS: Final = {member: i for i, member in enumerate(_ONE_STEP)}
_GAMES: Final = {game: i for i, game in enumerate(GameType)}
_SOLO_KINDS: Final = {kind: i for i, kind in enumerate(SoloKind)}
_PARTY_ROWS: Final = {Party.RE: 0, Party.KONTRA: 1}


def _cards(out: list[int], start: int, bits: int) -> None:
    """Append the two-bit counts of the card bits ``bits`` (two bits per card index)."""
    index = 0
    while bits:
        count = bits & 3
        if count:
            out.append(start + 2 * index)
            if count == 2:
                out.append(start + 2 * index + 1)
        bits >>= 2
        index += 1


def _seat(out: list[int], piece: str, seat: int | None) -> None:
    if seat is not None:
        out.append(_AT[piece] + seat)


def dealing_indices(seat: int, dealer: int, cards: Iterable[Card]) -> list[int]:
    """The ones of the observation of ``seat`` while the cards are dealt (SPEC §2.4).

    Only the seat, the dealer and the cards dealt to it so far are known.

    >>> dealing_indices(1, 3, [Card.parse("♣9")])
    [1, 7, 19]

    Raises:
        InvalidTypeError: ``seat`` or ``dealer`` is no ``int``, ``cards`` no cards.
        InvalidValueError: ``seat`` or ``dealer`` is no seat 0-3 (SPEC §2.1).
    """
    _checks.seat(seat)
    _checks.seat(dealer, "dealer")
    out = [_AT["seat"] + seat, _AT["dealer"] + dealer]
    _cards(out, _AT["hand"], Hand(cards).bits)
    return out


def observation_indices(view: PlayerView) -> list[int]:
    """The positions of the ones in the observation tensor of ``view`` (SPEC §6.1, V§6.7).

    Every other entry is zero.  See the module for the layout.

    >>> from doppelkopf import Deal
    >>> ones = observation_indices(Deal.shuffled(seed=1).view(0))
    >>> ones[:4], len(ones)
    ([0, 7, 8, 12], 17)

    Raises:
        InvalidTypeError: ``view`` is no :class:`~doppelkopf.PlayerView`.
    """
    if not isinstance(view, PlayerView):
        raise _checks.type_error(view, "view", "PlayerView")
    out: list[int] = []
    _seat(out, "seat", view.seat)
    _seat(out, "dealer", view.dealer)
    _seat(out, "turn", view.turn)
    if view.phase is not None:
        out.append(_AT["phase"] + _PHASES[view.phase])
    _cards(out, _AT["hand"], view.hand.bits)
    _contract(out, view)
    _play(out, view)
    if view.poverty is not None:
        _poverty(out, view.poverty)
    out.extend(_AT["owing"] + other for other in sorted(view.owing))
    if view.forced:
        out.append(_AT["forced"])
    return out


def _contract(out: list[int], view: PlayerView) -> None:
    """The reservation round, the contract, the parties and announcements (SPEC §3, §6, §8)."""
    # A bare Vorbehalt sets no bit here (see the module); declared shows it.
    if view.reservation is not None and view.reservation in _RESERVATIONS:
        out.append(_AT["reservation"] + _RESERVATIONS[view.reservation])
    for other, said in enumerate(view.declared):
        if said is not None:
            out.append(_AT["declared"] + 2 * other + int(said))
    if view.game_type is not None:
        out.append(_AT["game_type"] + _GAMES[view.game_type])
    _seat(out, "declarer", view.declarer)
    _seat(out, "partner", view.partner)
    if view.solo_kind is not None:
        out.append(_AT["solo_kind"] + _SOLO_KINDS[view.solo_kind])
    for other, party in enumerate(view.known_parties):
        if party is not None:
            out.append(_AT["parties"] + 2 * other + _PARTY_ROWS[party])
    for row, state in enumerate((view.re_state, view.kontra_state)):
        if state.level is not None:
            out.extend(_AT["announced"] + 5 * row + level for level in range(state.level + 1))
        if state.late_reply:
            out.append(_AT["late_reply"] + row)
    _seat(out, "schweine", view.schweine)


def _play(out: list[int], view: PlayerView) -> None:
    """The current trick, and the cards each seat played and took (SPEC §5)."""
    current = view.current_trick
    for position, card in enumerate(current.cards):
        out.append(_AT["trick"] + 24 * position + card.index)
    _seat(out, "leader", current.leader)
    played = [0, 0, 0, 0]
    taken = [0, 0, 0, 0]
    tricks = view.tricks
    for number, trick in enumerate(tricks):
        # A trick's winner leads the next one (SPEC §5.3).
        winner = tricks[number + 1].leader if number + 1 < len(tricks) else current.leader
        for player, card in trick:
            one = 1 << (2 * card.index)
            played[player] += one
            taken[winner] += one
    for player, card in current:
        played[player] += 1 << (2 * card.index)
    for other in range(4):
        _cards(out, _AT["played"] + 48 * other, played[other])
        _cards(out, _AT["taken"] + 48 * other, taken[other])


def _poverty(out: list[int], poverty: Poverty) -> None:
    """The Armut exchange as the viewer knows it (V§6.3, V§6.7)."""
    _seat(out, "poor", poverty.poor)
    _seat(out, "acceptor", poverty.acceptor)
    asked = poverty.poor
    for accept in poverty.answers:
        asked = (asked + 1) % 4
        if not accept:
            out.append(_AT["refused"] + asked)
    if poverty.passed is not None:
        _cards(out, _AT["passed"], Hand(poverty.passed).bits)
    if poverty.returned is not None:
        _cards(out, _AT["returned"], Hand(poverty.returned).bits)
    if poverty.returned_trumps is not None:
        out.append(_AT["returned_trumps"] + poverty.returned_trumps)


def information_state_indices(view: PlayerView) -> list[int]:
    """The ones of the information-state tensor of ``view``: the observation and the order of
    play, every card and every announcement in turn (SPEC §6.1, §8.10).

    >>> from doppelkopf import Deal
    >>> view = Deal.shuffled(seed=1).view(0)
    >>> information_state_indices(view) == observation_indices(view)
    True
    """
    out = observation_indices(view)
    sequence = _AT["sequence"]
    for number, card in enumerate(view.played_cards):
        out.append(sequence + 24 * number + card.index)
    for number, event in enumerate(view.announcements):
        out.append(_AT["announcer"] + 4 * number + event.seat)
        out.append(_AT["level"] + len(Announcement) * number + int(event.level))
        out.append(_AT["moment"] + 49 * number + event.moment)
    return out
