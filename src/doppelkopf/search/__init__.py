"""Search: the worlds a player cannot tell apart, playouts and a search player.

:func:`sample_deal` and :class:`WorldSampler` draw full deals consistent with a
:class:`~doppelkopf.PlayerView`, exactly uniformly; :func:`deal_from_view`
builds the deal for given hands.
"""

from .bot import SearchPlayer as SearchPlayer
from .sampling import InconsistentViewError as InconsistentViewError
from .sampling import WorldSampler as WorldSampler
from .sampling import deal_from_view as deal_from_view
from .sampling import sample_deal as sample_deal

__all__ = [
    "InconsistentViewError",
    "SearchPlayer",
    "WorldSampler",
    "deal_from_view",
    "sample_deal",
]
