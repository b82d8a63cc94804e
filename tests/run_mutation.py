"""Mutation-test one module of the core with mutmut: ``make mutation MODULE=scoring``.

``[tool.mutmut]`` in pyproject.toml names every core module, so a plain ``mutmut run``
instruments them all, and each instrumented call costs the tests time: the engine's hot
paths run about three times slower. This script instruments only the module named, runs
its mutants with one child process, and prints the counts (docs/mutation.md).

It starts from an empty ``mutants/``: mutmut drops the test statistics of modules it did
not instrument, so statistics kept from another module's run would leave this one's
mutants with no tests. Named mutants (``python tests/run_mutation.py scoring
hearts_core.scoring.x_score_hand__mutmut_27``) run again in the ``mutants/`` of the
module's last run, with any tests added since: how a new pin is shown to kill its mutant.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

from mutmut.configuration import config


def main(module: str, again: list[str]) -> int:
    """Run the mutants of ``hearts_core/<module>.py`` (only those in ``again``, if any, in
    the ``mutants/`` of the last run) and print their counts."""
    if not Path("hearts_core", f"{module}.py").is_file():
        print(f"no module hearts_core/{module}.py", file=sys.stderr)
        return 2
    if not again:
        shutil.rmtree("mutants", ignore_errors=True)
    config().only_mutate = [f"hearts_core/{module}.py"]
    from mutmut.__main__ import cli  # reads the configuration when imported

    cli.main(
        ["run", "--max-children", "1", *(again or [f"hearts_core.{module}.*"])],
        prog_name="mutmut",
        standalone_mode=False,
    )
    cli.main(["export-cicd-stats"], prog_name="mutmut", standalone_mode=False)
    counts = json.loads(Path("mutants", "mutmut-cicd-stats.json").read_text(encoding="utf-8"))
    print(json.dumps({"module": module, **counts}))
    cli.main(["results"], prog_name="mutmut", standalone_mode=False)
    return 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        print("usage: python tests/run_mutation.py MODULE [MUTANT ...]  (scoring, rules, ...)")
        sys.exit(2)
    sys.exit(main(sys.argv[1], sys.argv[2:]))
