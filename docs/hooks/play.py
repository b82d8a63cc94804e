"""MkDocs hook: the play page, Hearts against the bots in the browser, with no server.

The page is the web table's own page (``hearts_core/web/static/index.html``,
its script and style sheet), written as ``play.html`` with the page's transport
(``local.js``, which runs the library in a worker with Pyodide) in place of the
WebSocket. Its files go under ``play/``:

* always: ``table.js``, ``table.css``, ``local.js`` and ``local-worker.js``,
  copied from the package, so the site's table is the served table;
* when ``build/play/`` holds the payload (``make play-page`` or ``make
  test-browser`` makes it with ``docs/hooks/play_payload.py``): Pyodide's
  runtime, the wheels and ``manifest.json``. Without it the site still builds
  (``make test`` needs no npm), and the page says how to add it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "hearts_core" / "web" / "static"
PAYLOAD = ROOT / "build" / "play"
PAGE = "play.html"
FOLDER = "play"
ASSETS = ("table.js", "table.css", "local.js", "local-worker.js")

# What changes from the served page to the play page: each text must occur exactly once.
EDITS = (
    ('href="/static/table.css"', f'href="{FOLDER}/table.css"'),
    ('src="/static/table.js"', f'src="{FOLDER}/table.js"'),
    ("<!-- transport -->", f'<script src="{FOLDER}/local.js" defer></script>'),
    ('<a id="home" hidden>', '<a id="home" href="index.html">'),
    ("<title>Hearts</title>", "<title>Hearts</title>"),
)


def play_page(served: str) -> str:
    """The play page's HTML from the served page's.

    Raises:
        ValueError: if the served page lacks a text to change, or has it twice.
    """
    page = served
    for old, new in EDITS:
        count = page.count(old)
        if count != 1:
            raise ValueError(f"{PAGE}: the web table's index.html has {old!r} {count} times")
        page = page.replace(old, new)
    return page


def payload_files(folder: Path = PAYLOAD) -> list[Path]:
    """The payload's files, or none if its manifest is missing (the payload is not built)."""
    if not (folder / "manifest.json").is_file():
        return []
    return sorted(
        path for path in folder.rglob("*") if path.is_file() and not path.name.startswith(".")
    )


def on_files(files: Files, config: MkDocsConfig, **kwargs: Any) -> Files:
    """Add the play page, its assets and, when built, the payload."""
    served = (STATIC / "index.html").read_text(encoding="utf-8")
    files.append(File.generated(config, PAGE, content=play_page(served)))
    for name in ASSETS:
        files.append(File.generated(config, f"{FOLDER}/{name}", abs_src_path=str(STATIC / name)))
    for path in payload_files():
        where = f"{FOLDER}/{path.relative_to(PAYLOAD).as_posix()}"
        files.append(File.generated(config, where, abs_src_path=str(path)))
    return files
