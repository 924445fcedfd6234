"""Doppelkopf for reinforcement-learning frameworks: OpenSpiel, PettingZoo and Gymnasium.

:mod:`doppelkopf.adapters.encoding` numbers every action and lays a view out
as a tensor; every adapter uses it, so an agent trained through one reads the
same numbers through the others.  Importing this package imports no
framework nor numpy: :mod:`doppelkopf.adapters.openspiel` needs the
``openspiel`` extra, :mod:`doppelkopf.adapters.pettingzoo` the
``pettingzoo`` extra and :mod:`doppelkopf.adapters.gymnasium` (one learner
against three players) the ``gymnasium`` extra, installed from a checkout of
the project with ``pip install ".[openspiel]"`` and so on.

>>> from doppelkopf.adapters import encoding
>>> encoding.NUM_ACTIONS, encoding.OBSERVATION_SIZE, encoding.INFORMATION_STATE_SIZE
(2622, 734, 2466)
"""
