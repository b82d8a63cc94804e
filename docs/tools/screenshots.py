"""Screenshots of the built site in headless Chromium, at desktop and phone widths.

Run it by hand after ``mkdocs build`` (it is not a test: it needs Chromium and
Playwright, which ``make test`` does not install)::

    pip install playwright                      # the Python package; no browser download
    python docs/tools/screenshots.py            # site/ -> screenshots/*.png

It serves ``site/`` on a free localhost port under the path of ``site_url``
(``/hearts-core/``), as the published site will be, opens each page in
Chromium (``--chromium``, default ``/usr/bin/chromium``) at 1280 and 390 pixels
wide, and saves the top of each page (2400 pixels at most) in ``screenshots/`` (git ignores it). It
also prints, for each page and width, how far the page scrolls sideways (a
table or code block wider than a phone shows up here) and any table whose
columns are cut off, so a run can be checked without opening every image.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
BASE = "/hearts-core/"
PAGES = {
    "home": "index.html",
    "variant": "variants/black-maria.html",
    "variants": "variants/index.html",
    "api-state": "api/state.html",
    "rules": "rules.html",
    "strength": "strength.html",
    "records": "records.html",
    "how-to": "how-to/serve-remote-players.html",
    "game-flow": "game-flow.html",
    "not-found": "no/such/page.html",
}
WIDTHS = {"desktop": 1280, "phone": 390}
TALLEST = 2400  # pixels of a page's top kept in a screenshot
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
# Width of the page beyond the window, and tables whose content is wider than their box.
MEASURE = """() => ({
  overflow: document.documentElement.scrollWidth - window.innerWidth,
  tables: [...document.querySelectorAll('.md-typeset__table table')]
    .filter(t => t.scrollWidth > t.closest('.md-typeset__scrollwrap').clientWidth + 1)
    .map(t => t.querySelector('th') ? t.querySelector('th').textContent.trim() : '?'),
})"""


class _Handler(http.server.SimpleHTTPRequestHandler):
    """Serves site/ under BASE, and site/404.html for anything missing, as Pages does."""

    def translate_path(self, path: str) -> str:
        if path.startswith(BASE):
            path = "/" + path[len(BASE) :]
        return super().translate_path(path)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        page = Path(self.directory) / "404.html"
        if code != 404 or not page.is_file():
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--out", type=Path, default=ROOT / "screenshots")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    options = parser.parse_args()
    options.out.mkdir(exist_ok=True)
    handler = functools.partial(_Handler, directory=str(options.site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    root = f"http://127.0.0.1:{server.server_address[1]}{BASE}"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=options.chromium, args=ARGS)
        for width_name, width in WIDTHS.items():
            page = browser.new_page(viewport={"width": width, "height": 900})
            for name, path in PAGES.items():
                if name != "not-found" and not (options.site / path).is_file():
                    continue
                page.goto(root + path, wait_until="load")
                found = page.evaluate(MEASURE)
                shot = options.out / f"{name}-{width_name}.png"
                height = min(page.evaluate("document.documentElement.scrollHeight"), TALLEST)
                clip = {"x": 0, "y": 0, "width": width, "height": height}
                page.screenshot(path=str(shot), full_page=True, clip=clip)
                print(
                    f"{shot.name}: sideways overflow {found['overflow']} px, "
                    f"tables cut off: {found['tables'] or 'none'}"
                )
            page.close()
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
