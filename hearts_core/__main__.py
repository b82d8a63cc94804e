"""``python -m hearts_core``: the ``hearts`` command (see :mod:`hearts_core.cli`).

``python -m hearts_core play --seed 3`` is ``hearts play --seed 3``; with no
command it watches bots play a game (``hearts watch``).
"""

from __future__ import annotations

import sys

from hearts_core.cli import main

__all__ = ["main"]

if __name__ == "__main__":
    sys.exit(main())
