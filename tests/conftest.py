"""What every test run shares: the Hypothesis profiles, the helpers on the import path, and
the rule that a full run skips nothing.

``HYPOTHESIS_PROFILE=ci`` gives a fixed, derandomized example budget so a CI run is
reproducible and bounded in time; ``dev`` (the default) tries more examples and keeps
Hypothesis's example database so failures are replayed.

A test module of an optional extra starts with ``pytest.importorskip`` for each module
the extra brings, the extra to install as the reason, so that it skips where the extra
is missing. ``make test`` installs every extra and sets
``HEARTS_NO_SKIPS=1``: there a skipped test fails the run. The RLlib, Ray and browser
tests run under their own targets (``make test-rllib``, ``make test-browser``), which
install what they need; ``make test`` leaves them out with ``--ignore``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# tests/ on the path: the test modules import their shared code as ``helpers.*``,
# whatever import mode pytest runs in and whichever folder the test is in.
_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

# Games are long sequences of draws: their generation is slow by Hypothesis's
# standards and their simplest example is large. Both are expected here.
_SUPPRESSED = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example]

settings.register_profile(
    "ci",
    max_examples=60,
    derandomize=True,
    deadline=None,
    print_blob=True,
    database=None,
    suppress_health_check=_SUPPRESSED,
)
settings.register_profile(
    "dev",
    max_examples=300,
    deadline=None,
    print_blob=True,
    suppress_health_check=_SUPPRESSED,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """With ``HEARTS_NO_SKIPS=1`` (``make test``), any skipped test fails the run."""
    if os.environ.get("HEARTS_NO_SKIPS") != "1":
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if reporter is None:
        return
    skipped = reporter.stats.get("skipped", [])
    if skipped and session.exitstatus in (pytest.ExitCode.OK, pytest.ExitCode.NO_TESTS_COLLECTED):
        reporter.write_line(
            f"HEARTS_NO_SKIPS=1: {len(skipped)} skipped (reasons above, -rs): every test "
            "must run here",
            red=True,
        )
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
