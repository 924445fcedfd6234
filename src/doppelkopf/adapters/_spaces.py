"""What the Gymnasium-based environments share: spaces, action ids, tensors and the penalty.

The PettingZoo environment (:mod:`doppelkopf.adapters.pettingzoo`) and the
single-seat Gymnasium environment (:mod:`doppelkopf.adapters.gymnasium`) both
describe a seat's observation as Gymnasium spaces and take its actions as ids of
:mod:`~doppelkopf.adapters.encoding`; both build their arrays here, so that the
two read the same numbers.  It needs Gymnasium and numpy.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from .. import _checks
from ..deal import PlayerView
from ..errors import InvalidValueError
from . import encoding

__all__ = [
    "ILLEGAL_REWARD",
    "ActionIds",
    "action_id",
    "action_mask",
    "observation_space",
    "tensor",
]

ILLEGAL_REWARD: Final = -99.0
"""The reward of a seat whose illegal action ends the deal, the others getting 0: below
any score a deal can settle to (SPEC §12), so that no illegal action ever pays better
than playing on."""


class ActionIds(spaces.Discrete[np.int64]):
    """``Discrete(n)`` whose members are ``int`` and numpy integer ids, never a ``bool``.

    Gymnasium's ``Discrete`` counts ``True`` as the id 1; PettingZoo's
    ``TerminateIllegalWrapper`` would then index the action mask with a ``bool``.
    The range is compared in Python integers: Gymnasium 1.2 converts an ``int``
    of thousands of digits to numpy and raises ``OverflowError``.
    """

    def contains(self, x: Any) -> bool:
        if type(x) is not int and not isinstance(x, np.integer):
            return False
        start = int(self.start)
        return start <= int(x) < start + int(self.n)


def action_id(action: object, size: int) -> int:
    """``action`` as an id 0 to ``size`` - 1: an ``int`` or a numpy integer, no ``bool``."""
    if type(action) is not int and not isinstance(action, np.integer):
        raise _checks.type_error(action, "action", "int action id")
    number = int(action)
    if not 0 <= number < size:
        raise InvalidValueError(f"the action ids are 0-{size - 1}, not {_checks.excerpt(number)}")
    return number


def observation_space(size: int, actions: int) -> spaces.Dict:
    """The observation of a seat: its ``int8`` tensor and its ``int8`` action mask."""
    return spaces.Dict(
        {
            "observation": spaces.Box(0, 1, shape=(size,), dtype=np.int8),
            "action_mask": spaces.Box(0, 1, shape=(actions,), dtype=np.int8),
        }
    )


def tensor(view: PlayerView, information_state: bool, size: int) -> npt.NDArray[np.int8]:
    """The seat's tensor of ``view`` as zeros and ones (SPEC §6.1)."""
    ones = (
        encoding.information_state_indices(view)
        if information_state
        else encoding.observation_indices(view)
    )
    out = np.zeros(size, np.int8)
    out[ones] = 1
    return out


def action_mask(ids: list[int], actions: int) -> npt.NDArray[np.int8]:
    """One ``int8`` per action id, 1 for the ids in ``ids``."""
    mask = np.zeros(actions, np.int8)
    mask[ids] = 1
    return mask
