"""The documentation site: its hooks, its how-to guides, and the built pages.

The hooks in ``docs/hooks/`` are tested as functions first (cheap); then one
``mkdocs build`` into a temporary folder (slow: ``make test`` runs it) checks
what a reader gets: the 404 page under the site's path, the API pages' fixes,
the shipped schema and sample files, the project pages.
"""

from __future__ import annotations

import html
import importlib.util
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import tomllib
import urllib.error
import urllib.request
from pathlib import Path
from types import ModuleType

import attrs
import pytest

pytest.importorskip("jsonschema", reason="needs jsonschema: install the dev extra")

import jsonschema

import hearts_core
from hearts_core import Card, ChooseMoon, Deal, PassCards, PlayCard, Rule, Rules, observe
from hearts_core.io import json_schema, record_from_json, state_from_json, view_from_json

REPO = Path(__file__).resolve().parents[2]
DOCS = REPO / "docs"
HOW_TO = DOCS / "how-to"
GUIDES = sorted(path for path in HOW_TO.glob("*.md") if path.name != "index.md")


def _load(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"docs_site_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _hook(name: str) -> ModuleType:
    """A module of docs/hooks/, loaded as MkDocs loads it."""
    return _load(DOCS / "hooks" / f"{name}.py")


# --- the how-to guides ---------------------------------------------------------------


def test_there_are_five_guides_and_test_docs_runs_each() -> None:
    run_by_test_docs = _load(REPO / "tests" / "docs" / "test_docs.py").WITH_EXAMPLES
    assert len(GUIDES) >= 5
    assert set(GUIDES) <= set(run_by_test_docs)


def test_the_how_to_index_links_every_guide_and_holds_no_placeholder() -> None:
    index = (HOW_TO / "index.md").read_text(encoding="utf-8")
    for guide in GUIDES:
        assert f"]({guide.name})" in index, guide.name
    assert not re.search(r"(?i)\b(todo|tbd|stub|lorem|coming soon)\b", index)
    navigation = (REPO / "mkdocs.yml").read_text(encoding="utf-8")
    for guide in [HOW_TO / "index.md", *GUIDES]:
        assert f"how-to/{guide.name}" in navigation, guide.name


# --- copy buttons and the version ------------------------------------------------------

# A session as pymdownx.highlight writes it, with an output line that looks like a prompt.
SESSION = (
    '<span class="gp">&gt;&gt;&gt; </span><span class="k">for</span> <span class="n">x</span>'
    ' <span class="ow">in</span> <span class="s2">&quot;ab&quot;</span>:\n'
    '<span class="gp">... </span>    <span class="nb">print</span>(x &lt; 1)\n'
    '<span class="go">... not code</span>\n'
    '<span class="go">b</span>\n'
    '<span class="gp">&gt;&gt;&gt; </span>x\n'
    "<span class=\"go\">'b'</span>\n"
)


def test_copy_text_keeps_the_code_without_prompts_or_output() -> None:
    project = _hook("project")
    assert project.copy_text(SESSION) == 'for x in "ab":\n    print(x < 1)\nx\n'


def test_every_session_of_a_page_gets_its_copy_text_and_nothing_else_changes() -> None:
    project = _hook("project")
    block = (
        '<div class="language-pycon highlight"><pre><span></span>'
        f"<code>{SESSION}</code></pre></div>"
    )
    other = '<div class="language-python highlight"><pre><code>x = 1\n</code></pre></div>'
    page = project.with_copy_text(block + other + block)
    assert page.count('data-copy="for x in &quot;ab&quot;:\n    print(x &lt; 1)\nx\n"') == 2
    assert (
        page.replace(' data-copy="for x in &quot;ab&quot;:\n    print(x &lt; 1)\nx\n"', "")
        == block + other + block
    )


def test_the_version_mark_becomes_the_package_version() -> None:
    project = _hook("project")
    page = project.on_page_markdown("Version <!-- version -->.", page=None, config=None)
    assert page == f"Version {hearts_core.__version__}."


# --- the API pages: what the Griffe extension changes ---------------------------------


def test_doctest_directives_are_hidden_from_rendered_examples() -> None:
    griffe_markdown = _hook("griffe_markdown")
    text = (
        "Text # doctest: +ELLIPSIS stays in prose.\n\n"
        ">>> main([])  # doctest: +ELLIPSIS, +NORMALIZE_WHITESPACE\n"
        "hearts ...\n"
        ">>> x = 1  # a comment stays\n"
    )
    fenced = griffe_markdown._fence_doctests(text)
    assert "+NORMALIZE_WHITESPACE" not in fenced and ">>> main([])\n" in fenced
    assert "Text # doctest: +ELLIPSIS stays in prose." in fenced
    assert ">>> x = 1  # a comment stays" in fenced


# Each converted field whose signature the reference widens, with a value of the
# widened kind that the constructor must accept, and what it must store.
WIDENED = {
    (Deal, "hands"): (["2C 3C", "4C 5C", "6C 7C", "8C 9C"], None),
    (PassCards, "cards"): ([Card.parse("QS"), Card.parse("AS"), Card.parse("KS")], "QS KS AS"),
    (PlayCard, "card"): ("QS", "QS"),
    (ChooseMoon, "option"): ("add-to-others", "add-to-others"),
    (Rules, "lowest_rank"): (7, "7"),
    (Rules, "removed_cards"): ("2D 3D 3C 4C", "3C 4C 2D 3D"),  # clubs first, low to high
    (Rules, "pass_cycle"): (["left", "hold"], None),
    (Rules, "first_lead"): ("any-club", "any-club"),
    (Rules, "heart_points"): ("one", "one"),
    (Rules, "card_values"): ({"QS": 13, "JD": -10}, None),
    (Rules, "moon"): ("shooter-chooses", "shooter-chooses"),
    (Rules, "moon_requires"): ("positive-cards", "positive-cards"),
    (Rules, "sun"): ("off", "off"),
    (Rules, "game_end"): ("count-down", "count-down"),
    (Rules, "tie"): ("shared-win", "shared-win"),
}


def _widened_fields() -> set[tuple[type, str]]:
    griffe_markdown = _hook("griffe_markdown")
    found: set[tuple[type, str]] = set()
    for cls in (Deal, PassCards, PlayCard, ChooseMoon, Rules):
        for field in attrs.fields(cls):
            if field.converter is not None and griffe_markdown.accepted(
                cls.__module__, str(field.type)
            ):
                found.add((cls, field.name))
    return found


def test_every_widened_signature_is_accepted_by_the_constructor() -> None:
    assert _widened_fields() == set(WIDENED)
    for (cls, name), (value, shown) in WIDENED.items():
        players = {"players": 6} if name == "removed_cards" else {}
        built: object
        if cls is Rules:
            built = Rules(**{name: value}, **players)
        elif cls is Deal:
            built = Deal(value)
        else:
            built = cls(0, value)
        stored = getattr(built, name)
        if shown is not None:
            text = stored.value if hasattr(stored, "value") else stored
            assert str(text) == shown, (cls.__name__, name, stored)


def test_signatures_name_what_is_accepted() -> None:
    griffe_markdown = _hook("griffe_markdown")
    assert griffe_markdown.accepted("hearts_core.actions", "CardSet") == (
        "CardSet | str | Iterable[Card]"
    )
    ruleset = "hearts_core.rules.ruleset"
    assert griffe_markdown.accepted(ruleset, "Rank") == "Rank | int"
    assert griffe_markdown.accepted(ruleset, "MoonScoring") == "MoonScoring | str"
    assert griffe_markdown.accepted(ruleset, "int") is None


# --- sample documents -----------------------------------------------------------------


def test_the_sample_documents_read_back_and_fit_their_schemas() -> None:
    samples = _hook("samples")
    documents = {name: text for name, (_, text) in samples.sample_documents().items()}
    assert set(documents) == {"record.json", "state.json", "view.json"}
    record = record_from_json(documents["record.json"])
    state = state_from_json(documents["state.json"])
    view = view_from_json(documents["view.json"])
    assert state == record.final and view == observe(state, view.seat)
    assert view.is_my_turn and len(state.tricks) == 1 and len(state.current_trick) == 1
    for name, text in documents.items():
        jsonschema.validate(json.loads(text), json_schema(name.removesuffix(".json")))


# --- the built site -------------------------------------------------------------------


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # No --quiet: it silences the warnings before MkDocs counts them, and --strict then
    # passes a build that `mkdocs serve` (make docs) aborts.
    folder = tmp_path_factory.mktemp("site")
    build = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(folder)],
        cwd=REPO,
        env={"NO_MKDOCS_2_WARNING": "1", "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
    )
    assert build.returncode == 0, build.stderr
    return folder


def _text(page: Path) -> str:
    return page.read_text(encoding="utf-8")


@pytest.mark.slow
def test_404_links_are_absolute_under_the_site_path(site: Path) -> None:
    page = _text(site / "404.html")
    links = re.findall(r'(?:href|src)="([^"#]+)"', page)
    local = [link for link in links if not link.startswith(("http://", "https://", "data:"))]
    assert local and all(link.startswith("/hearts-core/") for link in local), local
    for link in local:
        assert (site / link.removeprefix("/hearts-core/")).exists(), link


@pytest.mark.slow
def test_project_facts_are_on_the_site(site: Path) -> None:
    home = _text(site / "index.html")
    assert f"Version {hearts_core.__version__}" in home
    assert "http://127.0.0.1:8000" in home and 'href="http://127.0.0.1' not in home
    assert "MIT License" in _text(site / "license.html")
    assert "Keep a Changelog" in _text(site / "changelog.html")
    assert 'href="https://github.com/hearts-core/hearts-core/edit/main/docs/index.md"' in home


@pytest.mark.slow
def test_schemas_and_samples_are_downloadable(site: Path) -> None:
    records = _text(site / "records.html")
    for name in ("record", "state", "view"):
        schema = site / "schemas" / f"{name}.schema.json"
        assert json.loads(_text(schema)) == json_schema(name)
        assert f'href="schemas/{name}.schema.json"' in records
        assert f'href="samples/{name}.json"' in records
        assert (site / "samples" / f"{name}.json").is_file()
    assert records.count("<details") >= 6  # three schemas and three samples, closed


def _docstrings(page: str) -> str:
    """A rendered API page without its source-code blocks."""
    return re.sub(r'<details class="mkdocstrings-source">.*?</details>', "", page, flags=re.DOTALL)


@pytest.mark.slow
def test_the_api_pages_fixes(site: Path) -> None:
    variants = _text(site / "api" / "variants.html")
    assert variants.count('id="hearts_core.rules.rulebook.describe_variant"') == 1
    assert 'id="hearts_core.rules.describe_variant"' not in variants
    for page in site.rglob("*.html"):
        assert 'html#hearts_core.rules.describe"' not in _text(page), page
    assert "doctest:" not in _docstrings(_text(site / "api" / "cli.html"))
    errors = _text(site / "api" / "errors.html")
    for rule in Rule:
        assert f'id="hearts_core.Rule.{rule.name}"' in errors
        assert rule.summary.split(",")[0] in errors, rule
    state = _text(site / "api" / "state.html")
    hands = state[state.index('id="hearts_core.GameState.hands"') :][:600]
    assert "doc-label-property" in hands
    phase = state[state.index('id="hearts_core.GameState.phase"') :][:600]
    assert "doc-label" not in phase
    game = re.sub(r"<[^>]+>", "", _text(site / "api" / "game.html"))
    assert "seat: int = seat" not in re.sub(r"\s+", " ", game)
    actions = re.sub(r"\s+", "", re.sub(r"<[^>]+>", "", _text(site / "api" / "actions.html")))
    assert "PassCards(seat:int,cards:CardSet|str|Iterable[Card])" in actions


@pytest.mark.slow
def test_page_titles_are_unique_and_search_splits_dotted_names(site: Path) -> None:
    titles = [
        re.search(r"<title>(.*?)</title>", _text(page)).group(1)  # type: ignore[union-attr]
        for page in site.rglob("*.html")
        if page.name != "404.html"
    ]
    assert len(titles) == len(set(titles))
    config = json.loads(_text(site / "search" / "search_index.json"))["config"]
    separator = re.compile(config["separator"])
    assert separator.split("Rules.evolve") == ["Rules", "evolve"]
    assert separator.split("hearts_core.legal_actions") == ["hearts_core", "legal_actions"]


@pytest.mark.slow
def test_every_rendered_object_can_be_linked_to(site: Path) -> None:
    # A module rendered without its heading or a table-of-contents entry has no anchor
    # of its own, and a docstring's link to it stops the strict build: such a module
    # gets a Markdown anchor, [](){#hearts_core.bots.wire}, on its API page.
    # hearts_core.rules.describe is the one exception: the function of that name owns links.
    missing = []
    for source in sorted((DOCS / "api").glob("*.md")):
        page = _text(site / "api" / f"{source.stem}.html")
        for name in re.findall(r"(?m)^::: (\S+)", _text(source)):
            if name != "hearts_core.rules.describe" and f'id="{name}"' not in page:
                missing.append(f"{source.name}: {name}")
    assert not missing, missing


# --- make docs: the server a reader starts ---------------------------------------------

MAKE_DOCS = "NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs serve $(ARGS)"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _home_page(url: str) -> str | None:
    """The page at ``url`` once the server answers 200, or None while it is not up."""
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            if response.status == 200:
                return str(response.read().decode("utf-8"))
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        pass
    return None


@pytest.mark.slow
def test_make_docs_serves_the_home_page(tmp_path: Path) -> None:
    recipe = re.search(r"(?m)^docs:.*\n\t(.+)$", _text(REPO / "Makefile"))
    assert recipe is not None and recipe.group(1) == MAKE_DOCS, "run what make docs runs"
    port = _free_port()
    log = tmp_path / "serve.log"
    with log.open("w", encoding="utf-8") as output:
        server = subprocess.Popen(
            [sys.executable, "-m", "mkdocs", "serve", "--no-livereload",
             "--dev-addr", f"127.0.0.1:{port}"],
            cwd=REPO,
            env={"NO_MKDOCS_2_WARNING": "1", "PATH": "/usr/bin:/bin"},
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group, ended below
        )
    try:
        page = None
        # Not a speed check: the limit only stops a server that never answers.
        deadline = time.monotonic() + 600
        while page is None and server.poll() is None and time.monotonic() < deadline:
            time.sleep(0.5)
            page = _home_page(f"http://127.0.0.1:{port}/")
        assert page is not None, f"mkdocs serve did not serve the site:\n{_text(log)}"
        assert "<title>hearts_core</title>" in page
        assert "Quick start" in page
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGTERM)
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait()


def test_strict_docs_builds_are_not_quiet() -> None:
    # `mkdocs build --strict --quiet` drops the warnings before they are counted and
    # passes; make test's docs check must fail on a warning as make docs does.
    makefile = _text(REPO / "Makefile")
    builds = re.findall(r"mkdocs build[^\n]*", makefile)
    assert builds and all("--strict" in line for line in builds), builds
    assert not [line for line in builds if re.search(r"--quiet|(?<!\S)-q\b", line)], builds


# --- what a new reader meets ------------------------------------------------------------


def test_the_home_page_lists_every_extra() -> None:
    project = tomllib.loads(_text(REPO / "pyproject.toml"))["project"]
    home = _text(DOCS / "index.md")
    missing = [
        extra for extra in project["optional-dependencies"] if f"| `{extra}` |" not in home
    ]
    assert not missing, f"docs/index.md's installation section lacks the extras {missing}"


def test_the_docs_extra_can_wrap_signatures() -> None:
    # mkdocstrings-python formats a separate signature with Black or Ruff, whichever is
    # installed, and leaves it one line long without either.
    docs = tomllib.loads(_text(REPO / "pyproject.toml"))["project"]["optional-dependencies"]
    names = {re.split(r"[\s<>=!~\[;]", requirement, maxsplit=1)[0] for requirement in docs["docs"]}
    assert names & {"black", "ruff"}, names
    options = _text(REPO / "mkdocs.yml")
    assert "separate_signature: true" in options and "show_signature_annotations: true" in options
    assert re.search(r"(?m)^\s+line_length: \d+$", options)


def _plain(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", fragment))


@pytest.mark.slow
def test_long_signatures_are_wrapped(site: Path) -> None:
    setting = re.search(r"line_length: (\d+)", _text(REPO / "mkdocs.yml"))
    assert setting is not None
    line_length = int(setting.group(1))
    page = _text(site / "api" / "rules.html")
    start = page.index('id="hearts_core.Rules"')
    block = re.search(r'doc-signature highlight"><pre>(.*?)</pre>', page[start:], re.DOTALL)
    assert block is not None
    lines = _plain(block.group(1)).strip().splitlines()
    assert lines[0] == "Rules(" and lines[-1] == ")"
    assert "    players: int = PLAYERS," in lines
    assert len(lines) > 20 and all(len(line) <= line_length for line in lines)


@pytest.mark.slow
def test_search_finds_the_pages_about_embedding(site: Path) -> None:
    # Material's search looks each word up as a prefix ("embed*") in the terms the
    # index's separator splits out, lower-cased; the index keeps words unstemmed.
    index = json.loads(_text(site / "search" / "search_index.json"))
    assert index["config"]["pipeline"] == ["stopWordFilter"]
    separator = re.compile(index["config"]["separator"])
    found = {
        entry["location"].split("#")[0]
        for entry in index["docs"]
        if any(
            term.startswith("embed")
            for term in separator.split(_plain(entry["title"] + " " + entry["text"]).lower())
        )
    }
    assert {"index.html", "how-to/serve-remote-players.html", "api/index.html"} <= found


@pytest.mark.slow
def test_code_in_tables_is_not_split_within_words(site: Path) -> None:
    strength = _text(site / "strength.html")
    assert "<td><code>random</code></td>" in strength
    assert 'href="stylesheets/extra.css"' in strength
    css = re.sub(r"/\*.*?\*/", "", _text(site / "stylesheets" / "extra.css"), flags=re.DOTALL)
    rules = re.findall(r"([^{}]+)\{([^{}]*)\}", css)
    unbroken = [
        selector
        for selector, body in rules
        if "word-break: normal" in body and "overflow-wrap: normal" in body
    ]
    assert any(".md-typeset td > code" in selector for selector in unbroken), rules


@pytest.mark.slow
def test_no_page_speaks_of_issues(site: Path) -> None:
    # Readers see features and rules, not the work items they came from.
    pages = [
        str(page.relative_to(site))
        for page in sorted(site.rglob("*.html"))
        if re.search(r"(?i)\bissues?\b", _plain(_text(page)))
    ]
    assert not pages, pages
