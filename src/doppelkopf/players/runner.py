"""The player protocol and the runner that plays a deal to the end (SPEC §3.2, §5.1, §8.2).

A player is any object with an ``act`` method that takes a
:class:`~doppelkopf.PlayerView` and returns an action (see :class:`Player`).
:func:`play_deal` asks four players for their actions, applies them and
returns the finished deal; :func:`iter_deal` does the same one event at a
time.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import NamedTuple, Protocol, runtime_checkable

from .. import _checks
from ..deal import (
    Action,
    Announce,
    AnswerPoverty,
    Deal,
    Declare,
    Event,
    PassCards,
    Play,
    PlayerView,
    ReturnCards,
)
from ..deal.machine import announcing_seats
from ..errors import IllegalActionError, InvalidValueError

__all__ = ["Player", "Step", "iter_deal", "play_deal"]


@runtime_checkable
class Player(Protocol):
    """Anything that can take part in a deal: one method, :meth:`act`.

    The runner (:func:`play_deal`, :func:`iter_deal`) calls ``act`` with the
    view of the player's own seat (:meth:`Deal.view <doppelkopf.Deal.view>`),
    which shows only what that seat may know (SPEC §6.1).  Two kinds of call
    exist, told apart by ``view.turn``:

    - **On turn** (``view.turn == view.seat``): the player must return its
      next action for its own seat.  In the reservation round that is a
      :class:`~doppelkopf.Declare` (SPEC §3.2); in play it is a
      :class:`~doppelkopf.Play`, or an :class:`~doppelkopf.Announce`, after
      which the player is asked again at the same instant, until it plays a
      card.  ``None`` is an error.
    - **Off turn** (``view.turn != view.seat``): the player is offered the
      chance to announce out of turn (SPEC §8.2) and returns an
      :class:`~doppelkopf.Announce` or ``None`` to pass.

    Every action returned must be legal (``view.legal_actions`` lists the
    legal actions that change the deal) and must be for ``view.seat``.  An
    announcement must add something: repeating a level the party already holds
    is legal in the rules (SPEC §8.6a) but the runner treats it as an error,
    which bounds how often a player can announce at one instant (five levels
    at most).  The runner raises on any of these errors instead of ignoring
    them, so a bot's bug shows at once.

    A class with a matching ``act`` is a player; it need not inherit from this
    protocol.

    >>> class FirstCard:
    ...     def act(self, view):
    ...         return view.legal_actions[0] if view.turn == view.seat else None
    >>> isinstance(FirstCard(), Player)
    True
    """

    def act(self, view: PlayerView) -> Action | None:
        """The player's action on turn; an announcement or ``None`` off turn."""
        ...


class Step(NamedTuple):
    """One event of a deal played by :func:`iter_deal` and the deal right after it.

    ``event`` is the :class:`~doppelkopf.Declare` or :class:`~doppelkopf.Play`
    that was applied, or for an announcement the :class:`~doppelkopf.Announced`
    record with the announcer's party.

    >>> from doppelkopf import Deal, RandomPlayer
    >>> step = next(iter_deal(Deal.shuffled(seed=4), [RandomPlayer(seed=4)] * 4))
    >>> step.event.seat, step.deal.turn
    (0, 1)
    """

    event: Event
    deal: Deal


def _without_rule(error: IllegalActionError) -> str:
    message = str(error)
    suffix = f" ({error.rule})"
    if error.rule and message.endswith(suffix):
        return message[: -len(suffix)]
    return message


def _apply(deal: Deal, seat: int, action: object) -> tuple[Deal, Event]:
    """Apply the action returned by the player at ``seat``, blaming that seat for any error."""
    if type(action) is Play and action.seat == seat:
        # The common case, a card of the seat's own, straight to Deal.play.
        try:
            return deal.play(seat, action.card), action
        except IllegalActionError as error:
            raise _blamed(seat, error) from error
    if not isinstance(action, Declare | Play | Announce | PassCards | AnswerPoverty | ReturnCards):
        wrong = _checks.type_error(
            action, "action", "Declare, Play, Announce, PassCards, AnswerPoverty or ReturnCards"
        )
        raise type(wrong)(
            f"seat {seat}: the player returned {_checks.excerpt(action)}, which is not an action",
            name=wrong.name,
            expected=wrong.expected,
            value=wrong.value,
        )
    if action.seat != seat:
        raise IllegalActionError(
            f"seat {seat}: the player returned an action for seat {action.seat}: {action}",
            seat=seat,
            action=str(action),
        )
    try:
        new = deal.apply(action)
    except IllegalActionError as error:
        raise _blamed(seat, error) from error
    if isinstance(action, Announce):
        if new is deal:
            raise IllegalActionError(
                f"seat {seat}: the party already holds {action.level.label_generic}; "
                "a player may only make announcements that add something",
                seat=seat,
                action=f"announce {action.level.label_generic}",
                rule="§8.6a, §8.8a",
            )
        # The announcement just made is the deal's last event.
        return new, new.announcements[-1]
    return new, action


def _blamed(seat: int, error: IllegalActionError) -> IllegalActionError:
    """``error`` again, its message naming ``seat`` as the one to blame."""
    return type(error)(
        f"seat {seat}: {_without_rule(error)}",
        seat=seat,
        action=error.action,
        rule=error.rule,
    )


def _checked_players(players: Iterable[Player]) -> tuple[Player, ...]:
    """``players`` as a tuple of four objects with an ``act`` method."""
    if isinstance(players, str | bytes | bytearray):
        raise _checks.type_error(players, "players", "sequence of four players")
    try:
        seated = tuple(players)
    except TypeError:
        raise _checks.type_error(players, "players", "sequence of four players") from None
    if len(seated) != 4:
        raise InvalidValueError(f"a deal needs four players, not {len(seated)}", rule="§2.1")
    for seat, player in enumerate(seated):
        if not callable(getattr(player, "act", None)):
            raise _checks.type_error(
                player, f"players[{seat}]", "player (an object with an act method)"
            )
    return seated


def iter_deal(deal: Deal, players: Sequence[Player]) -> Iterator[Step]:
    """Play ``deal`` to the end with ``players[seat]`` at each seat, one :class:`Step` per event.

    The order of asking is fixed:

    1. The seat on turn is asked (:meth:`Player.act`): in the reservation
       round for its answer, in play for a card, any number of announcements
       coming first.
    2. After each card, while the deal goes on, each seat other than the one
       that just played and the one now on turn is offered one announcement
       out of turn, in clockwise order starting left of the seat that just
       played.  A seat is offered only while it has a legal announcement that
       adds something.

    No seat ever misses a chance this way: a player's hand size, which decides
    its deadlines (SPEC §8.2), changes only when it plays, and it is asked
    right before that.  The steps of the Armut exchange (V§6.3) are asked of
    the seat on turn like answers.  The deal may be in any phase; a finished
    or void deal (V§8) yields nothing more.

    >>> from doppelkopf import Deal, Play, RandomPlayer
    >>> steps = list(iter_deal(Deal.shuffled(seed=2), [RandomPlayer(seed=5)] * 4))
    >>> sum(isinstance(step.event, Play) for step in steps), steps[-1].deal.is_finished
    (48, True)

    The arguments are checked when the function is called, before the first step.

    Raises:
        InvalidValueError: ``players`` does not hold four players.
        InvalidTypeError: ``deal`` is not a :class:`~doppelkopf.Deal`, ``players``
            is not a sequence of objects with an ``act`` method, or a player
            returned something that is not an action.
        IllegalActionError: a player's action is illegal, is for another
            seat, repeats an announcement, or is missing on its turn; the
            error's ``seat`` (and message) names the player's seat.
    """
    if type(deal) is not Deal:
        _checks.instance(deal, Deal, "deal")
    return _steps(deal, _checked_players(players))


def _steps(deal: Deal, players: tuple[Player, ...]) -> Iterator[Step]:
    """The steps of :func:`iter_deal`, its arguments checked.

    :func:`_play_to_end` is the same loop without the steps; a test pins the two together.
    """
    while (seat := deal.turn) is not None:
        while True:
            action = players[seat].act(deal.view(seat))
            if action is None:
                raise _no_action(deal, seat)
            deal, event = _apply(deal, seat, action)
            yield Step(event, deal)
            if not isinstance(action, Announce):
                break
        if isinstance(action, Play):
            for offered, event in _offers(deal, players, seat):
                yield Step(event, offered)
                deal = offered


def _play_to_end(deal: Deal, players: tuple[Player, ...]) -> Deal:
    """:func:`_steps` without the steps: the finished deal alone (for :func:`play_deal`)."""
    while (seat := deal.turn) is not None:
        while True:
            action = players[seat].act(deal.view(seat))
            if action is None:
                raise _no_action(deal, seat)
            deal, _ = _apply(deal, seat, action)
            if not isinstance(action, Announce):
                break
        if isinstance(action, Play):
            deal = _offered(deal, players, seat)
    return deal


def _offered(
    deal: Deal, players: Sequence[Player] | Mapping[int, Player], played: int, skip: int = -1
) -> Deal:
    """The deal after the announcements of :func:`_offers`."""
    for offered, _ in _offers(deal, players, played, skip):
        deal = offered
    return deal


def _offers(
    deal: Deal, players: Sequence[Player] | Mapping[int, Player], played: int, skip: int = -1
) -> Iterator[tuple[Deal, Event]]:
    """Offer an announcement to each seat but the one on turn after seat ``played``'s card
    (SPEC §8.2): the deal and the event after each one made.

    The seats are asked in turn from ``played``'s left, each only while it may
    announce; ``skip`` is a seat not asked (a learner that announces on its own
    turn).  A seat's player answers ``None`` to let the offer pass.
    """
    turn = deal.turn
    if turn is None:
        return
    offered_to = announcing_seats(deal)
    if not offered_to:
        return
    for offset in (1, 2, 3):
        other = (played + offset) & 3
        if other in (turn, skip) or not offered_to >> other & 1:
            continue
        offered = players[other].act(deal.view(other))
        if offered is not None:
            deal, event = _apply(deal, other, offered)
            yield deal, event
            turn = deal.turn


def _no_action(deal: Deal, seat: int) -> IllegalActionError:
    """The error for a player that returned nothing on its turn."""
    rule = "§3.2" if deal.game_type is None else "V§6.3" if deal.card_order is None else "§5.1"
    return IllegalActionError(
        f"seat {seat}: the player returned no action on its turn",
        seat=seat,
        action="act",
        rule=rule,
    )


def play_deal(deal: Deal, players: Sequence[Player]) -> Deal:
    """Play ``deal`` to the end with ``players[seat]`` at each seat and return the finished deal.

    The players are asked in the order that :func:`iter_deal` describes.  The
    bots keep their random state between deals, so a fresh set of seeded
    players gives the same deal again.

    >>> from doppelkopf import Deal, RandomPlayer
    >>> def players():
    ...     return [RandomPlayer(seed=seat) for seat in range(4)]
    >>> first = play_deal(Deal.shuffled(seed=8), players())
    >>> first.is_finished
    True
    >>> play_deal(Deal.shuffled(seed=8), players()).history == first.history
    True

    Raises:
        InvalidValueError, InvalidTypeError, IllegalActionError: see :func:`iter_deal`.
    """
    if type(deal) is not Deal:
        _checks.instance(deal, Deal, "deal")
    return _play_to_end(deal, _checked_players(players))
