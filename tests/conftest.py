"""Hypothesis profiles for the property tests.

``HYPOTHESIS_PROFILE=ci`` gives a fixed, derandomized example budget so a CI
run is reproducible and bounded in time; ``dev`` (the default) tries more
examples and keeps Hypothesis's example database so failures are replayed.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

# The test modules import the shared strategies as ``strategies``, whatever
# import mode pytest runs in.
_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

# tests/test_adapters_rllib.py needs RLlib and PyTorch, which only `make test-rllib`
# installs (in .venv-rllib, setting HEARTS_RLLIB=1): other runs leave it out.
# tests/test_arena_ray.py needs Ray: it runs there too.
collect_ignore = (
    [] if os.environ.get("HEARTS_RLLIB") == "1" else ["test_adapters_rllib.py", "test_arena_ray.py"]
)
# tests/test_web_browser.py needs Playwright and Chromium, which only `make test-browser`
# installs (setting HEARTS_BROWSER=1).
if os.environ.get("HEARTS_BROWSER") != "1":
    collect_ignore.append("test_web_browser.py")

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
