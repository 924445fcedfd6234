"""The exact backend of :class:`~doppelkopf.vector.VectorDealEnv`: one checked deal per row.

Each row holds a :class:`~doppelkopf.Deal` and steps it with
:meth:`~doppelkopf.Deal.apply`, so every rule of the library applies as it
is (SPEC §2–§12, every variant of V§0–§11).  The tensors are written by
:mod:`doppelkopf.adapters.encoding` itself, row by row: this backend is the
reference the vectorised one is tested against, and the path a row takes
where the rules have what the vectorised one does not cover.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from ..adapters import encoding
from ..deal import Action, Deal, Phase
from ..deal._legal import legal_actions_of
from ..rules import Rules
from ..scoring import settle

__all__ = ["ExactRows"]

_NO_SCORES: Final = (0, 0, 0, 0)
_KEPT: Final = 4096
"""How many answer tuples :meth:`ExactRows._legal` keeps the ids of before starting over."""


class ExactRows:
    """The deals of the rows, their legal ids and the tensors written from them."""

    __slots__ = ("_answers", "deals", "hand_over", "ids", "information_state", "rules", "two_step")

    def __init__(
        self, rules: Rules, *, two_step: bool, information_state: bool, hand_over: bool = False
    ) -> None:
        self.rules = rules
        self.two_step = two_step
        self.information_state = information_state
        self.hand_over = hand_over
        """Leave the ids of a deal that reaches its first card to the numpy play."""
        self.deals: list[Deal] = []
        self.ids: list[list[int]] = []
        self._answers: dict[int, tuple[Sequence[Action], list[int]]] = {}

    def start(self, deals: Sequence[Deal]) -> None:
        """Start ``deals``, as dealt, one in every row (SPEC §2.3, §2.4)."""
        self.deals = list(deals)
        self.ids = [self._legal(deal) for deal in self.deals]

    def restart(self, row: int, deal: Deal) -> None:
        """Start ``deal``, as dealt, as the next deal of ``row``."""
        self.deals[row] = deal
        self.ids[row] = self._legal(deal)

    def _legal(self, deal: Deal) -> list[int]:
        """The legal ids of the seat on turn, as :func:`~.encoding.turn_actions` lists them.

        In the reservation round the deal lists the answers of the seat on turn
        in one tuple, shared between deals where the answers are the same (see
        :mod:`doppelkopf.deal._interned`): their ids are kept by the tuple's
        identity, the tuple itself held so that no other takes its place.
        """
        if deal.phase is not Phase.RESERVATIONS:
            return encoding.action_ids(encoding.turn_actions(deal, two_step=self.two_step))
        actions = legal_actions_of(deal)
        known = self._answers.get(id(actions))
        if known is not None and known[0] is actions:
            return known[1]
        ids = encoding.action_ids(encoding.turn_actions(deal, two_step=self.two_step))
        if len(self._answers) >= _KEPT:
            self._answers.clear()
        self._answers[id(actions)] = (actions, ids)
        return ids

    def apply(self, row: int, action_id: int) -> tuple[int, int, int, int] | None:
        """Take action ``action_id`` in ``row``; the settled scores if the deal ended.

        The id must be one of :attr:`ids` of the row (the caller checks every
        row before it applies any).  A void deal scores zero for every seat
        (V§6.5, V§7), as the adapters reward it.
        """
        deal = self.deals[row]
        turn = deal.turn
        assert turn is not None
        deal = self.deals[row] = deal.apply(encoding.decode_action(action_id, turn, deal.phase))
        if deal.is_finished:
            self.ids[row] = []
            return settle(deal).scores if deal.phase is Phase.FINISHED else _NO_SCORES
        if self.hand_over and deal.phase is Phase.PLAY:
            self.ids[row] = []
        else:
            self.ids[row] = self._legal(deal)
        return None

    def seat(self, row: int) -> int:
        """The seat on turn in ``row``; the deal is running."""
        turn = self.deals[row].turn
        assert turn is not None
        return turn

    def ones(self, row: int, seat: int) -> list[int]:
        """The ones of the tensor of ``seat`` in the deal of ``row`` (SPEC §6.1)."""
        view = self.deals[row].view(seat)
        if self.information_state:
            return encoding.information_state_indices(view)
        return encoding.observation_indices(view)

    def write(self, row: int, out: npt.NDArray[np.uint8]) -> None:
        """Write the tensor of the seat on turn in ``row`` into ``out[row]``."""
        line = out[row]
        line[:] = 0
        line[self.ones(row, self.seat(row))] = 1
