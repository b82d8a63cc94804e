"""What the kernel's source reads of Cython when Cython is not installed: only whether it is
compiled, which it is not.

>>> compiled
False
"""

compiled = False
"""Whether the module asking is compiled (never, where this module stands in for Cython)."""
