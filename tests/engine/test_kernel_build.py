"""How the kernel's build is chosen at import: the compiled one where it was built, the pure
one when asked, and the pure one, with a warning, when the compiled one is broken or older
than its source. Each case imports the package in a child process."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import hearts_core
from hearts_core.kernel import KERNEL

ROOT = Path(hearts_core.__file__).resolve().parent
COMPILED = any(ROOT.glob("_kernel_c.*"))


def test_the_compiled_build_is_running_where_it_was_built() -> None:
    # CI builds the extension; a machine without a compiler runs pure (and then this
    # says so rather than passing silently).
    pure_asked = os.environ.get("HEARTS_CORE_PURE", "") not in ("", "0")
    if pure_asked:
        assert KERNEL == "pure"
    elif shutil.which("cc") or shutil.which("gcc"):
        assert KERNEL == "compiled", "a C compiler is here, but the kernel was not compiled"
    assert hearts_core.KERNEL == KERNEL


def run_python(code: str, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-W", "always", "-c", code],
        env={**os.environ, **env},
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_hearts_core_pure_forces_the_pure_build() -> None:
    done = run_python(
        "import hearts_core; print(hearts_core.KERNEL)", {"HEARTS_CORE_PURE": "1"}, ROOT.parent
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "pure"


@pytest.mark.skipif(
    not COMPILED and not (shutil.which("cc") or shutil.which("gcc")),
    reason="no C compiler here: only the pure build exists",
)
@pytest.mark.parametrize("damage", ["broken", "stale"])
def test_a_broken_or_stale_compiled_build_falls_back_to_pure_with_a_warning(
    tmp_path: Path, damage: str
) -> None:
    copy = tmp_path / "hearts_core"
    shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns("__pycache__"))
    built = next(copy.glob("_kernel_c.*.so"))
    if damage == "broken":
        built.write_bytes(b"not a shared object")
    else:
        with (copy / "_kernel.py").open("a") as source:
            source.write("\n# an edit after the build\n")
    done = run_python(
        "import hearts_core, random\n"
        "from hearts_core import Rules, apply, new_game, random_deal\n"
        "from hearts_core.playout import rollouts\n"
        "s = apply(new_game(), random_deal(Rules(), random.Random(1)))\n"
        "print(hearts_core.KERNEL, len(rollouts(s, 5, random.Random(2))))",
        {"HEARTS_CORE_PURE": "", "PYTHONPATH": str(tmp_path)},
        tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["pure", "5"]
    assert "RuntimeWarning" in done.stderr
    assert ("failed to import" if damage == "broken" else "older") in done.stderr


