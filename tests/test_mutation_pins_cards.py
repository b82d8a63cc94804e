"""Pins for hearts_core.cards, found by mutation testing (docs/mutation.md).

Each test pins a behaviour of cards and card sets that a mutant changed with no other
test noticing; each expected value is worked out from the docstrings.
"""

from __future__ import annotations
