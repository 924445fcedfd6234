"""Doppelkopf for reinforcement-learning frameworks: OpenSpiel and PettingZoo.

:mod:`doppelkopf.adapters.encoding` numbers every action and lays a view out
as a tensor; both adapters use it, so an agent trained through one reads the
same numbers through the other.  Importing this package imports neither
framework nor numpy: :mod:`doppelkopf.adapters.openspiel` needs the
``openspiel`` extra and :mod:`doppelkopf.adapters.pettingzoo` the
``pettingzoo`` extra, installed from a checkout of the project with
``pip install ".[openspiel]"`` and ``pip install ".[pettingzoo]"``.

>>> from doppelkopf.adapters import encoding
>>> encoding.NUM_ACTIONS, encoding.OBSERVATION_SIZE, encoding.INFORMATION_STATE_SIZE
(2622, 734, 2466)
"""
