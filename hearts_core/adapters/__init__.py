"""Conversions between hearts_core and other engines and frameworks.

Each module here depends on its peer only when imported, and on the core of
hearts_core (never the reverse):

* :mod:`hearts_core.adapters.openspiel`: OpenSpiel's Hearts parameters as
  :class:`~hearts_core.Rules`, and :func:`~hearts_core.adapters.openspiel.register_game`,
  which gives OpenSpiel a ``hearts_core`` game (:mod:`hearts_core.adapters.openspiel_game`);
* :mod:`hearts_core.adapters.pettingzoo`: a PettingZoo AEC environment, wrapped as
  PettingZoo's classic games are (:mod:`hearts_core.adapters.pettingzoo_wrappers`);
* :mod:`hearts_core.adapters.encoding` and :mod:`hearts_core.adapters.record`: the
  action ids and the observation encoding both learning adapters share.
"""
