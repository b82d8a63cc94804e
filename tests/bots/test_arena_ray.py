"""The arena's Ray backend gives the local backend's figures on the same seed.

Ray is heavy: ``make test-rllib`` installs it (in .venv-rllib) and runs this file;
``make test`` leaves it out (``--ignore``), and elsewhere it skips where Ray is missing.
"""

from __future__ import annotations

import shlex
import sys

import pytest

pytest.importorskip(
    "ray", reason="needs Ray, the ray extra (not in dev): make test-rllib installs it"
)

import ray  # type: ignore[import-not-found,unused-ignore]

from hearts_core.bots.arena import run_arena
from hearts_core.bots.command import CommandBot


def test_ray_and_local_backends_give_identical_results() -> None:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        local = run_arena("mc:1", "rule", deals=6, seed=21, workers=2)
        remote = run_arena("mc:1", "rule", deals=6, seed=21, backend="ray", workers=3)
        assert remote == local
        assert remote.outcomes == local.outcomes
        assert remote.to_data()["payoff"] == local.to_data()["payoff"]
        # A protocol bot, run inside Ray tasks, still gives the same figures (a generous
        # time limit: starting Python on a busy machine is slow, and a timeout would
        # change the play).
        served = CommandBot(f"{shlex.quote(sys.executable)} -m hearts_core.bots.serve mc:1", 120)
        over = run_arena(served, "rule", deals=2, seed=21, backend="ray", workers=2)
        assert over.failures == ()
        assert over.outcomes == local.outcomes[:2]
    finally:
        ray.shutdown()
