"""A wheel of this checkout, built as a user's ``python -m build --wheel`` builds it, for
the tests that install or open one."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def build_wheel(outdir: Path, env: dict[str, str]) -> Path:
    """Build the checkout's wheel into ``outdir`` with ``env`` and return its path."""
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(outdir),
         str(REPO)],
        cwd=outdir.parent, env=env, capture_output=True, check=True, timeout=300,
    )  # fmt: skip
    (wheel,) = outdir.glob("hearts_core-*.whl")
    return wheel
