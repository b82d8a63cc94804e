"""The play page's payload: Python for the browser, and the library to run in it.

The site's play page runs the library in the browser with Pyodide, from the
site's own files. ``make play-page`` and ``make test-browser`` run this script
(it is not a MkDocs hook: ``docs/hooks/play.py`` is, and copies what this script
made into the site when it is there)::

    python docs/hooks/play_payload.py build/play

It writes into the folder given:

* ``pyodide/``: Pyodide's runtime from the npm package ``pyodide`` at
  :data:`PYODIDE_VERSION` (fetched with ``npm pack``; the tarball's digest must
  be :data:`PYODIDE_INTEGRITY`), only the files a browser loads;
* ``wheels/``: the library's pure wheel (``HEARTS_CORE_PURE=1 python -m build
  --wheel``, no compiled kernel) and attrs' wheel at the version installed here
  (``pip download``);
* ``manifest.json``: the wheels to install, in order, and every file's size, as
  is and gzipped.

Each step has a time limit; a failed step leaves the folder as it was.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import importlib.metadata
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PYODIDE_VERSION = "314.0.8"
"""The version of the npm package ``pyodide`` the page ships (Python 3.14)."""
PYODIDE_INTEGRITY = (
    "sha512-74Wq1kXOC+CCEzAfxuRAO701nAcCMLjf8NrwvWpu8S41dVMXwXmLQ05dYB+F4e46AdnGo0oq7YHSVUpHsoarLQ=="
)
"""The npm registry's digest of that version's tarball: a different tarball is refused."""
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "package.json",
)
"""What a browser loads of the package (``package.json`` names its version and licence)."""
SECONDS = 600
"""The time limit of each download or build."""


def run(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> None:
    """Run ``command``, with :data:`SECONDS` to finish; its output goes to ours."""
    print("+", " ".join(command), flush=True)
    subprocess.run(command, cwd=cwd, env=env, check=True, timeout=SECONDS, stdin=subprocess.DEVNULL)


def integrity(path: Path) -> str:
    """A file's digest as npm writes it (``sha512-`` and base64)."""
    digest = hashlib.sha512(path.read_bytes()).digest()
    return "sha512-" + base64.b64encode(digest).decode()


def fetch_pyodide(folder: Path) -> None:
    """Pyodide's runtime files into ``folder``, unless that version is there already."""
    stamp = folder / ".version"
    if stamp.is_file() and stamp.read_text().strip() == PYODIDE_VERSION:
        return
    if shutil.which("npm") is None:
        sys.exit("play_payload: npm is needed to fetch Pyodide (apt-get install npm)")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        run(["npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--silent"], cwd=work)
        (tarball,) = work.glob("pyodide-*.tgz")
        found = integrity(tarball)
        if found != PYODIDE_INTEGRITY:
            sys.exit(f"play_payload: {tarball.name} has digest {found}, not {PYODIDE_INTEGRITY}")
        fresh = work / "pyodide"
        fresh.mkdir()
        with tarfile.open(tarball) as archive:
            for name in PYODIDE_FILES:
                member = archive.getmember(f"package/{name}")
                source = archive.extractfile(member)
                if not member.isfile() or source is None:
                    sys.exit(f"play_payload: package/{name} is not a file in {tarball.name}")
                (fresh / name).write_bytes(source.read())
        (fresh / ".version").write_text(PYODIDE_VERSION + "\n")
        shutil.rmtree(folder, ignore_errors=True)
        shutil.copytree(fresh, folder)


def build_wheels(folder: Path) -> list[str]:
    """The library's pure wheel and attrs' into ``folder`` (emptied first); their names,
    attrs first (the library needs it)."""
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        env = {**os.environ, "HEARTS_CORE_PURE": "1"}
        python = sys.executable
        run([python, "-m", "build", "--wheel", "--no-isolation", "--outdir", tmp], ROOT, env)
        attrs = importlib.metadata.version("attrs")
        download = [python, "-m", "pip", "download", "--quiet", "--no-deps"]
        run([*download, "--only-binary=:all:", "--dest", tmp, f"attrs=={attrs}"], ROOT)
        wheels = sorted(work.glob("*.whl"), key=lambda path: not path.name.startswith("attrs"))
        names = [path.name for path in wheels]
        if len(names) != 2 or not all(name.endswith("-py3-none-any.whl") for name in names):
            sys.exit(f"play_payload: expected two pure wheels, got {names}")
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        for path in wheels:
            shutil.copy2(path, folder / path.name)
    return names


def sizes(folder: Path) -> dict[str, list[int]]:
    """Every file under ``folder`` but the stamps: its size as is and gzipped (level 9)."""
    found = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file() and not path.name.startswith(".") and path.name != "manifest.json":
            data = path.read_bytes()
            found[path.relative_to(folder).as_posix()] = [len(data), len(gzip.compress(data, 9))]
    return found


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python docs/hooks/play_payload.py FOLDER", file=sys.stderr)
        return 2
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    fetch_pyodide(out / "pyodide")
    wheels = build_wheels(out / "wheels")
    files = sizes(out)
    total = sum(size for size, _ in files.values())
    packed = sum(gzipped for _, gzipped in files.values())
    manifest = {
        "pyodide": PYODIDE_VERSION,
        "wheels": wheels,
        "files": files,
        "bytes": total,
        "gzip_bytes": packed,
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    mib = total / 2**20, packed / 2**20
    print(f"play_payload: {out}: {mib[0]:.1f} MiB, {mib[1]:.1f} MiB gzipped", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
