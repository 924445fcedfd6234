"""What the drawn hands leave open, and the actions that replay a world (private).

A world's current hands fix most of its deal; what they leave open is
chosen here, uniformly when a generator is given:

- :func:`exchange_cards`: the Armut exchange's cards where the viewer did not
  see them, and the hands as dealt before it (V§6.3, V§6.7);
- :func:`resolves_as`: whether the answers of the reservation round give the
  contract the view shows, each hidden *Vorbehalt* a wish that loses to it
  (SPEC §3.3, V§6.2, V§9.2);
- :func:`observed_actions`: every action from the deal to the view's
  position, the hidden ones filled in, for :meth:`Deal.replay
  <doppelkopf.Deal.replay>`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final

from ..cards import Card, Hand
from ..deal import (
    Action,
    AnswerPoverty,
    Declare,
    PassCards,
    Play,
    PlayerView,
    Reservation,
    ReturnCards,
    resolve_round,
)
from ..deal.poverty import trump_bits
from ..deal.questions import next_question
from ..rules import GameType, Rules
from ._facts import Exchange, Stage, bits_of, cards_of, count, trumps_in

__all__ = ["exchange_cards", "observed_actions", "own_answer", "resolves_as"]

_HEALTHY: Final = Reservation.HEALTHY
_VORBEHALT: Final = Reservation.VORBEHALT


def exchange_cards(  # noqa: PLR0911 - one return per step of the exchange
    view: PlayerView,
    stage: Stage,
    current: list[int],
    held: list[int],
    rng: random.Random | None,
) -> tuple[list[int], list[int], Exchange | None] | None:
    """The current and dealt hands and the Armut exchange's cards for these hands (V§6.3).

    ``held`` are the current hands with the cards played added back; ``None``
    when the drawn choice breaks the Armut's limit of trumps.
    """
    assert view.poverty is not None
    step, passed, returned = stage
    poverty = view.poverty
    rules = view.rules
    trumps = trump_bits(rules)
    poor = poverty.poor
    pick = rng.sample if rng is not None else _first
    if step == "pass":
        return current, held, None
    now, dealt = list(current), list(held)
    if step == "void":
        if passed is None:
            passed = _all_trumps_and_more(current[poor], trumps, pick)
        return now, dealt, (passed, None)
    if step == "offer":
        if passed is None:
            # The merged hand: every trump on the table, and the rest drawn.
            passed = _all_trumps_and_more(current[poor], trumps, pick)
            now[poor] -= bits_of(passed)
        else:
            dealt[poor] += bits_of(passed)
        return now, dealt, (passed, None)
    acceptor = poverty.acceptor
    assert acceptor is not None
    if step == "return":
        if passed is None:
            passed = tuple(sorted(pick(cards_of(current[acceptor]), 3)))
            if trumps_in(bits_of(passed), trumps) > rules.armut_max_trumps:
                return None
        gone = bits_of(passed)
        dealt[poor] += gone
        dealt[acceptor] -= gone
        return now, dealt, (passed, None)
    if returned is None:
        # Every trump the poor player holds came back; the rest of the three
        # returned cards are among its other cards.
        returned = _all_trumps_and_more(held[poor], trumps, pick)
    if passed is None:
        pool = cards_of(held[acceptor] + bits_of(returned))
        passed = tuple(sorted(pick(pool, 3)))
        if trumps_in(bits_of(passed), trumps) > rules.armut_max_trumps:
            return None
    gone, back_bits = bits_of(passed), bits_of(returned)
    dealt[poor] += gone - back_bits
    dealt[acceptor] += back_bits - gone
    return now, dealt, (passed, returned)


def _all_trumps_and_more(
    bits: int, trumps: int, pick: Callable[[list[Card], int], list[Card]]
) -> tuple[Card, ...]:
    """Three cards of ``bits``: all its trumps, and others picked to make three (V§6.3)."""
    cards = cards_of(bits)
    chosen = [card for card in cards if count(trumps, card.index)]
    others = [card for card in cards if not count(trumps, card.index)]
    chosen += pick(others, 3 - len(chosen))
    return tuple(sorted(chosen))


def _first(cards: Sequence[Card], number: int) -> list[Card]:
    return list(cards[:number])


def own_answer(view: PlayerView) -> Declare:
    """The viewer's own answer, with the reason of its own *Schmeißen* (V§7.2)."""
    own = view.reservation
    assert own is not None
    return Declare(view.seat, own, view.throw_reason)


def resolves_as(
    view: PlayerView, answers: list[Declare | None], dealt: list[Hand], rules: Rules
) -> bool:
    """Whether ``answers`` give the contract the view shows (SPEC §3.3, V§6.2, V§9.2)."""
    if view.forced:
        return True
    declarations = [_HEALTHY if a is None else a.reservation for a in answers]
    if _VORBEHALT in declarations:
        # The two-step round: the questions the answers lead to must be the
        # view's, and the answer that wins them gives the contract (SPEC §3.2).
        found = next_question(view.dealer, declarations, view.asked, rules, view.owing)
        if type(found) is tuple:
            return found == (view.question, view.turn)
        if view.question is not None:
            return False
        assert isinstance(found, Declare)
        declarations = [_HEALTHY] * 4
        declarations[found.seat] = found.reservation
    elif view.question is not None or view.asked:
        return False
    result = resolve_round(declarations, view.dealer, dealt, rules, owing=view.owing)
    if view.void is not None:
        return result.declarer == view.void.seat and (
            result.is_void if view.void.reason == "thrown" else result.game_type is GameType.POVERTY
        )
    game = view.game_type
    if game is GameType.MARRIAGE_SOLO:
        game = GameType.MARRIAGE
    return result.game_type is game and result.declarer == view.declarer


def observed_actions(
    view: PlayerView,
    answers: list[Declare | None],
    exchange: Exchange | None,
) -> list[Action]:
    """The actions that lead to the view's position, with the hidden ones filled in."""
    actions: list[Action] = []
    dealer = view.dealer
    for offset in (1, 2, 3, 4):
        answer = answers[(dealer + offset) & 3]
        if answer is not None:
            actions.append(answer)
    actions.extend(view.asked)  # the answers to the two-step round's questions (SPEC §3.2)
    poverty = view.poverty
    if poverty is not None and poverty.cards_passed and exchange is not None:
        passed, returned = exchange
        poor = poverty.poor
        actions.append(PassCards(poor, passed))
        for offset, accept in enumerate(poverty.answers, 1):
            actions.append(AnswerPoverty((poor + offset) & 3, accept))
        if poverty.acceptor is not None and poverty.cards_returned and returned is not None:
            actions.append(ReturnCards(poverty.acceptor, returned))
    calls = view.announcements
    waiting = 0
    moment = 0
    for trick in (*view.tricks, view.current_trick):
        for player, card in trick:
            while waiting < len(calls) and calls[waiting].moment == moment:
                actions.append(calls[waiting].as_action())
                waiting += 1
            actions.append(Play(player, card))
            moment += 1
    actions.extend(call.as_action() for call in calls[waiting:])
    return actions
