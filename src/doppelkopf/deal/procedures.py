"""The facts that the table procedures beyond the default rules add to a deal (V§6–§9).

Armut, Schmeißen and compulsory solos add a few facts to a deal: the throw
reasons named, the seats that owe a compulsory solo, whether the deal is
forced, the kind of its solo, the Armut exchange and why the deal is void.
:class:`Procedures` holds them in one slot of the deal's setup
(``doppelkopf.deal._state``), and every deal without them shares
:data:`NO_PROCEDURES`.  The rules of the procedures live in
:mod:`~doppelkopf.deal.poverty`, :mod:`~doppelkopf.deal.throwing` and
:mod:`~doppelkopf.deal.reservations`; the steps they add to a deal in
``doppelkopf.deal._round`` (the end of the reservation round) and
``doppelkopf.deal._exchange`` (the Armut exchange).
"""

from __future__ import annotations

from typing import Final, NamedTuple

from ..rules import ThrowReason
from ._replace import install as install_replace
from .actions import Declare
from .outcome import VoidDeal
from .poverty import Poverty
from .reservations import SoloKind

# The answers open to a seat were listed here before they joined the other
# rules of the reservation round; they are still found here by that name.
from .reservations import declare_choices as declare_choices  # noqa: PLC0414

__all__ = ["NO_PROCEDURES", "Procedures"]


class Procedures(NamedTuple):
    """The facts of a deal that the procedures of V§6–§9 add, one slot of its setup.

    ``reasons``: the throw reason each seat named (V§7.2); ``owing``: the
    seats that still owe a compulsory solo (V§9.1); ``forced``: whether the
    deal is forced (V§9.5); ``solo_kind``: the kind of its declared solo;
    ``poverty``: the Armut exchange (V§6.3); ``void``: why the deal is void
    (V§8); ``asked``: the answers given to the questions of the two-step
    round, in order (SPEC §3.2, :mod:`doppelkopf.deal.questions`).  Every deal
    without them shares :data:`NO_PROCEDURES`, so that a
    DDV deal carries one more slot and no more work.
    """

    reasons: tuple[ThrowReason | None, ...]
    owing: frozenset[int]
    forced: bool
    solo_kind: SoloKind | None
    poverty: Poverty | None
    void: VoidDeal | None
    asked: tuple[Declare, ...] = ()


install_replace(Procedures)

NO_PROCEDURES: Final = Procedures((None, None, None, None), frozenset(), False, None, None, None)
"""The procedures of a deal that has none yet."""
