"""Conversions between hearts_core and other engines and frameworks.

Each module here depends on its peer only when imported, and on the core of
hearts_core (never the reverse):

* :mod:`hearts_core.adapters.openspiel`: OpenSpiel's Hearts parameters as
  :class:`~hearts_core.Rules`.
"""
