"""The shipped variant files are found in all three ways hearts_core is used.

* a source checkout on PYTHONPATH reads ``<repo>/variants``;
* the editable install (``make test``'s .venv) reads ``<repo>/variants`` too,
  and leaves no stray ``hearts_core/_variants`` in site-packages;
* a wheel, built here and installed into a fresh venv, reads the copies it
  carries in ``hearts_core/_variants``.

Each case runs in a subprocess from a directory outside the repository. The
wheel case builds and installs offline (``build --no-isolation`` with the dev
tools already installed, ``pip install --no-index --no-deps``).
"""

from __future__ import annotations

import importlib.metadata
import json
import os
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import attrs
import pytest
from helpers.wheels import build_wheel

REPO = Path(__file__).resolve().parents[2]
VARIANT_FILES = sorted(p.name for p in (REPO / "variants").glob("*.toml"))

# Printed as JSON by the interpreter under test.
PROBE = """
import json, hearts_core, hearts_core.rules.variants as v
rules = hearts_core.variant("classic")
print(json.dumps({
    "package": hearts_core.__file__,
    "variants_dir": str(v.variants_dir()),
    "names": list(hearts_core.variant_names()),
    "classic": [rules.queen_breaks_hearts, rules.moon.value],
    "kernel": hearts_core.KERNEL,
}))
"""


def _probe(python: str | Path, cwd: Path, env: dict[str, str], *flags: str) -> dict[str, object]:
    result = subprocess.run(
        [str(python), *flags, "-c", PROBE],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    found: dict[str, object] = json.loads(result.stdout)
    assert found["classic"] == [True, "shooter-chooses"]
    names = found["names"]
    assert isinstance(names, list) and "classic" in names and "standard" in names
    return found


def _same(found: object, expected: Path) -> bool:
    return Path(str(found)).resolve() == expected.resolve()


def _clean_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def _attrs_only(into: Path) -> Path:
    """A folder holding just the ``attrs`` and ``attr`` packages (symlinks), for sys.path."""
    into.mkdir()
    for name in ("attrs", "attr"):
        package = Path(__import__(name).__file__ or "").parent
        (into / name).symlink_to(package, target_is_directory=True)
    return into


def test_variants_load_from_a_source_checkout(tmp_path: Path) -> None:
    # -S: no site-packages and no .pth files, so the editable install is out of
    # the picture and hearts_core can only come from PYTHONPATH.
    deps = _attrs_only(tmp_path / "deps")
    env = _clean_env()
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), str(deps)])
    work = tmp_path / "elsewhere"
    work.mkdir()
    found = _probe(sys.executable, work, env, "-S")
    assert _same(found["package"], REPO / "hearts_core" / "__init__.py")
    assert _same(found["variants_dir"], REPO / "variants")


def _is_editable_install() -> bool:
    try:
        text = importlib.metadata.distribution("hearts-core").read_text("direct_url.json")
    except importlib.metadata.PackageNotFoundError:
        return False
    return bool(text) and json.loads(text or "{}").get("dir_info", {}).get("editable", False)


def test_variants_load_from_the_editable_install(tmp_path: Path) -> None:
    # make test installs the project editable; anything else is a setup to fix, not to skip.
    assert _is_editable_install(), "hearts-core must be installed editable (make test does)"
    found = _probe(sys.executable, tmp_path, _clean_env())
    assert _same(found["package"], REPO / "hearts_core" / "__init__.py")
    assert _same(found["variants_dir"], REPO / "variants")
    # A force-include that also applied to editable wheels would leave this behind.
    site = Path(sysconfig.get_paths()["purelib"])
    assert not (site / "hearts_core").exists()


@pytest.mark.slow
@pytest.mark.parametrize("build", ["compiled", "pure"])
def test_variants_load_from_an_installed_wheel(tmp_path: Path, build: str) -> None:
    # A C compiler is at hand wherever the tests run (make test builds the kernel with it):
    # the default wheel carries the compiled kernel, and HEARTS_CORE_PURE=1 builds a pure one.
    dist = tmp_path / "dist"
    build_env = {**_clean_env(), "HEARTS_CORE_PURE": "1" if build == "pure" else ""}
    wheel = build_wheel(dist, build_env)
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    extensions = sorted(n for n in names if n.endswith(".so"))
    if build == "pure":
        assert wheel.name.endswith("-py3-none-any.whl") and extensions == []
    else:
        assert not wheel.name.endswith("-none-any.whl"), wheel.name
        modules = [name.split(".")[0] for name in extensions]
        kernel = [
            "_batch_c", "_deal_c", "_kernel_c", "_listing_c", "_scored_c", "_search_c",
            "_slots_c", "_thumb_c", "_transition_c",
        ]  # fmt: skip
        assert modules == [f"hearts_core/{name}" for name in kernel]
    shipped = sorted(
        n.removeprefix("hearts_core/_variants/")
        for n in names
        if n.startswith("hearts_core/_variants/")
    )
    assert shipped == VARIANT_FILES
    expected = {"hearts_core/py.typed", "hearts_core/bots/__init__.py", "hearts_core/__main__.py"}
    assert expected <= names
    # The learned bot's weights and the curve of their training, which it reads as data.
    assert {"hearts_core/bots/learned.npz", "hearts_core/bots/learned.csv"} <= names
    # The web table's page and assets, which hearts serve reads from the package.
    static = REPO / "hearts_core" / "web" / "static"
    assets = {f"hearts_core/web/static/{path.name}" for path in static.iterdir()}
    assert {"hearts_core/web/static/index.html", "hearts_core/web/static/table.js"} <= assets
    assert assets <= names
    assert not any(n.startswith(("tests/", "bench/", "variants/")) for n in names)

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--no-index", "--no-deps", str(wheel)],
        env=_clean_env(),
        capture_output=True,
        check=True,
        timeout=120,
    )
    # attrs, the one dependency, comes from this environment through a .pth file
    # (offline, and nothing else of this environment becomes importable).
    site = Path(
        subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            capture_output=True,
            text=True,
            check=True,
            timeout=60,
        ).stdout.strip()
    )
    deps = _attrs_only(tmp_path / "deps")
    (site / "attrs_from_test.pth").write_text(f"{deps}\n")

    work = tmp_path / "elsewhere"
    work.mkdir()
    found = _probe(python, work, _clean_env())
    assert _same(found["package"], site / "hearts_core" / "__init__.py")
    variants_dir = Path(str(found["variants_dir"]))
    assert _same(variants_dir, site / "hearts_core" / "_variants")
    assert "site-packages" in variants_dir.parts
    assert sorted(p.name for p in variants_dir.glob("*.toml")) == VARIANT_FILES
    assert found["kernel"] == build
    assert attrs.__version__  # the dependency the fresh venv borrowed
