"""Many deals stepped at once for learning: :class:`VectorDealEnv` (SPEC §2–§12).

It needs numpy (the ``fast`` extra; from a checkout, ``pip install ".[fast]"``).
Row ``r`` of the batch is a deal of its own, each at its own decision: the
reservation round, the Armut exchange where the rules have it, the
announcements and the cards.  The numbers are those of the adapters
(:mod:`doppelkopf.adapters.encoding`): the same action ids, the same
observation or information-state tensor of the seat on turn, the
announcements offered to the seat on turn before its card.

- ``reset(seed=...)`` returns ``(observations, info)``;
  ``step(actions)`` takes one action id per row and returns
  ``(observations, rewards, terminations, truncations, info)``.
- ``observations`` has shape ``(B, size)``, ``uint8`` zeros and ones: the
  tensor of the seat on turn in each row (``size`` 734, 2466 with
  ``observation="information_state"``, 0 with ``observation=None``).
- ``info["action_mask"]``, shape ``(B, num_actions)``, ``bool``: the legal ids
  of the seat on turn; ``info["seat"]``, shape ``(B,)``: that seat;
  ``info["deal"]``, shape ``(B,)``: the number of the deal the row is at.
- ``rewards`` has shape ``(B, 4)``, ``int64``, one column per seat: zero
  except in the step that ends a row's deal, where it holds
  ``settle(deal).scores`` (SPEC §12), zero for a void deal (V§6.5, V§7).
  ``terminations`` is true in that step; ``truncations`` is never true.

**Autoreset.**  The environment resets a finished row in the same step
(Gymnasium's ``AutoresetMode.SAME_STEP``, given in
``metadata["autoreset_mode"]``): the step that ends a deal returns its
rewards and ``terminations`` true together with the first observation of
the row's next deal.  ``info["final_obs"]`` holds, in an object array, the
finished deal's tensor of the seat that took its last action, and
``info["_final_obs"]`` says which rows have one.  No action is ever lost to
a reset.

**Backends.**  With ``backend="auto"`` (the default) every row is dealt
over numpy arrays; where the rules have the one-step reservation round
alone (no Armut, Schmeißen, Schweinchen or two-step round) the round is
arrays too (:mod:`doppelkopf.vector._front`), and under the other rules a
row holds its reservation round, the two-step round and the Armut exchange
as a checked :class:`~doppelkopf.Deal`.  From its first card on, the card
play of every row runs over numpy arrays, all rows at once
(:mod:`doppelkopf.vector._play`, :mod:`doppelkopf.vector._observe`).
``backend="exact"`` keeps a checked deal in every row to the end, and
``backend="jax"`` (the ``jax`` extra) runs the card play and its tensors on
JAX's default device.  All give the same arrays, which the
fidelity harness of the tests checks step by step under every preset.

**Seeds.**  Deal ``k`` of row ``r`` after ``reset(seed=s)`` is
``seeded_deal(deal_seed(s, r, k), rules=rules)`` under every backend: any
row's deal can be replayed alone as a checked deal.  Without a seed, ``s``
is drawn from the operating system and kept in :attr:`VectorDealEnv.seed`.
``reset()`` without a seed deals each row its next deal number, so no deal
repeats.

>>> import numpy as np
>>> from doppelkopf.vector import VectorDealEnv, sample_legal
>>> env = VectorDealEnv(3, seed=7)
>>> observations, info = env.reset()
>>> observations.shape, info["action_mask"].shape, info["seat"].tolist()
((3, 734), (3, 46), [0, 0, 0])
>>> rng = np.random.default_rng(1)
>>> finished = 0
>>> while finished < 5:
...     observations, rewards, terminated, truncated, info = env.step(
...         sample_legal(info["action_mask"], rng)
...     )
...     finished += int(terminated.sum())
...     assert (rewards.sum(axis=1) == 0).all()
>>> mode = env.metadata["autoreset_mode"]  # Gymnasium's enum, or its value without it
>>> getattr(mode, "value", mode)
'SameStep'
"""

from __future__ import annotations

from ._env import (
    AUTORESET_MODE,
    BACKENDS,
    MAX_ENVS,
    OBSERVATIONS,
    VectorDealEnv,
    deal_seed,
    sample_legal,
    seeded_deal,
)

__all__ = [
    "AUTORESET_MODE",
    "BACKENDS",
    "MAX_ENVS",
    "OBSERVATIONS",
    "VectorDealEnv",
    "deal_seed",
    "sample_legal",
    "seeded_deal",
]
