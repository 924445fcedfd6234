"""Search: playouts of many sampled positions at once (SPEC §5–§12)."""

from .playouts import POLICIES as POLICIES
from .playouts import PlayoutResult as PlayoutResult
from .playouts import playouts as playouts

__all__ = ["POLICIES", "PlayoutResult", "playouts"]
