"""Mutation-test modules of the core with mutmut: ``make mutation MODULE=scoring`` (or
``MODULE=seat_names,as_seat`` for several in one run; ``MODULE=rules.fields`` for a
module of the ruleset).

``[tool.mutmut]`` in pyproject.toml names every core module, so a plain ``mutmut run``
instruments them all, and each instrumented call costs the tests time: the engine's hot
paths run about three times slower. This script instruments only the modules named, runs
their mutants with one child process, and prints the counts (docs/mutation.md).

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
from collections import Counter
from pathlib import Path

# mutmut is imported inside the functions: the test run imports this file for its
# doctests, on machines where mutmut is not installed.


def _path(module: str) -> Path:
    """The source of ``module``, dotted below hearts_core (``rules.fields``)."""
    return Path("hearts_core", *module.split(".")).with_suffix(".py")


def counts(module: str) -> dict[str, int]:
    """The mutants of ``module`` in ``mutants/`` by status, as mutmut names them."""
    from mutmut.stats import status_by_exit_code

    meta = Path("mutants", _path(module).with_suffix(".py.meta"))
    codes = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
    found = Counter(status_by_exit_code[code] for code in codes.values())
    return {"mutants": len(codes), **found}


def main(modules: list[str], again: list[str]) -> int:
    """Run the mutants of each ``hearts_core/<module>.py`` (only those in ``again``, if
    any, in the ``mutants/`` of the last run) and print their counts, module by module."""
    missing = [m for m in modules if not _path(m).is_file()]
    if missing:
        print(f"no module {_path(missing[0])}", file=sys.stderr)
        return 2
    if not again:
        shutil.rmtree("mutants", ignore_errors=True)
    from mutmut.configuration import config

    config().only_mutate = [_path(m).as_posix() for m in modules]
    from mutmut.__main__ import cli  # reads the configuration when imported

    cli.main(
        ["run", "--max-children", "1", *(again or [f"hearts_core.{m}.*" for m in modules])],
        prog_name="mutmut",
        standalone_mode=False,
    )
    for module in modules:
        print(json.dumps({"module": module, **counts(module)}))
    cli.main(["results"], prog_name="mutmut", standalone_mode=False)
    return 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        print("usage: python tests/run_mutation.py MODULE[,MODULE...] [MUTANT ...]")
        sys.exit(2)
    sys.exit(main(sys.argv[1].split(","), sys.argv[2:]))
