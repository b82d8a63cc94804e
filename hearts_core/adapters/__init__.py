"""Conversions between hearts_core and other engines and frameworks.

Each module here depends on its peer only when imported, and on the core of
hearts_core (never the reverse):

* :mod:`hearts_core.adapters.openspiel`: OpenSpiel's Hearts parameters as
  :class:`~hearts_core.Rules`, and :func:`~hearts_core.adapters.openspiel.register_game`,
  which gives OpenSpiel a ``hearts_core`` game (:mod:`hearts_core.adapters.openspiel_game`);
* :mod:`hearts_core.adapters.pettingzoo`: a PettingZoo AEC environment, wrapped as
  PettingZoo's classic games are (:mod:`hearts_core.adapters.pettingzoo_wrappers`);
* :mod:`hearts_core.adapters.action_ids`: the action ids every learning adapter shares
  (cards as numbers, the ids a seat may take, a pass one card at a time), on the core
  alone;
* :mod:`hearts_core.adapters.encoding` and :mod:`hearts_core.adapters.record`: the
  observation encoding they share, and the hand's record it reads.
"""
