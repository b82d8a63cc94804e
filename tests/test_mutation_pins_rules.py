"""Pins for hearts_core.rules, found by mutation testing (docs/mutation.md).

Each test pins a behaviour of :class:`~hearts_core.Rules` that a mutant changed with no
other test noticing; each expected value is worked out from the field docstrings.
"""

from __future__ import annotations
