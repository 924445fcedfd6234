"""Search: the worlds a player cannot tell apart, fast playouts and a search player.

:func:`sample_deal` and :class:`WorldSampler` draw full deals consistent with a
:class:`~doppelkopf.PlayerView`, exactly uniformly; :func:`deal_from_view`
builds the deal for given hands.  :func:`playouts` plays many positions to
their end at once and settles them exactly.  :class:`SearchPlayer` is the
reference search player built from the two.
"""

from .bot import SearchPlayer as SearchPlayer
from .playouts import POLICIES as POLICIES
from .playouts import PlayoutResult as PlayoutResult
from .playouts import playouts as playouts
from .sampling import InconsistentViewError as InconsistentViewError
from .sampling import WorldSampler as WorldSampler
from .sampling import deal_from_view as deal_from_view
from .sampling import sample_deal as sample_deal

__all__ = [
    "POLICIES",
    "InconsistentViewError",
    "PlayoutResult",
    "SearchPlayer",
    "WorldSampler",
    "deal_from_view",
    "playouts",
    "sample_deal",
]
