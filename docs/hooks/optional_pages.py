"""MkDocs hook: pages for parts of the library that may or may not be there yet.

Record formats, the command line and the bots' playing strength are written
alongside the rest of the library. Whatever of them exists when the site is
built gets its place, without editing mkdocs.yml:

* ``docs/records.md`` and ``docs/strength.md``, if present, join the navigation;
* each JSON Schema in ``hearts_core/io/schemas/*.schema.json`` is rendered in
  place of a ``<!-- schemas -->`` line in any page that has one, or, when the
  records page has no such line, on a generated page, ``schemas.md``: its title
  and description, a link to download the file (the site serves each one as
  ``schemas/NAME.schema.json``), and the schema in a block the reader opens;
* each module in ``API_MODULES`` that exists gets a generated API page
  (``api/<module>.md``) in the API reference, and a row in its overview.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "hearts_core"
SCHEMAS = PACKAGE / "io" / "schemas"
# Where the built site serves the schema files, for download.
SITE_SCHEMAS = "schemas"

# Hand-written pages: navigation title and file under docs/.
PAGES = [("Record formats", "records.md"), ("Playing strength", "strength.md")]
SCHEMA_PAGE = ("JSON Schemas", "schemas.md")
# Modules documented on a generated page: title and module name.
API_MODULES = [("Command line", "cli")]
API_SECTION = "API reference"
AFTER = "Variant catalogue"


def schema_files(folder: Path = SCHEMAS) -> list[Path]:
    """The schema files, in name order."""
    return sorted(folder.glob("*.schema.json")) if folder.is_dir() else []


def _indent(text: str) -> str:
    return "\n".join(f"    {line}" if line else "" for line in text.splitlines())


def render_schemas(files: list[Path], heading: str = "##", to_site: str = "") -> str:
    """Each schema as a section: its title, its description, a link to download it,
    and the schema itself in a block the reader opens (``pymdownx.details``).

    ``to_site`` is the path from the page to the site's root, where ``on_files``
    puts the schema files (``schemas/NAME.schema.json``).
    """
    parts: list[str] = []
    for path in files:
        text = path.read_text(encoding="utf-8")
        schema = json.loads(text)
        title = schema.get("title") if isinstance(schema, dict) else None
        description = schema.get("description") if isinstance(schema, dict) else None
        parts += [f"{heading} {title or path.name}", ""]
        if description:
            parts += [str(description), ""]
        parts += [
            f"In the package: `hearts_core/io/schemas/{path.name}`. "
            f"[Download {path.name}]({to_site}{SITE_SCHEMAS}/{path.name}){{: download }}.",
            "",
            f'??? abstract "The schema: {path.name}"',
            "",
            _indent("```json\n" + json.dumps(schema, indent=2, ensure_ascii=False) + "\n```"),
            "",
        ]
    return "\n".join(parts)


def schema_page(files: list[Path]) -> str:
    """The generated page of every schema."""
    return "\n".join(
        [
            f"# {SCHEMA_PAGE[0]}",
            "",
            "The JSON Schemas of the record formats, as shipped in the package "
            "(`hearts_core/io/schemas/`). This page is written from the files when the "
            "site is built.",
            "",
            render_schemas(files),
        ]
    )


def schemas_need_a_page(docs: Path) -> bool:
    """Whether there are schemas that the records page does not show itself."""
    records = docs / PAGES[0][1]
    inlined = records.is_file() and "<!-- schemas -->" in records.read_text(encoding="utf-8")
    return bool(schema_files()) and not inlined


def present_modules(package: Path = PACKAGE) -> list[tuple[str, str]]:
    """The optional modules that exist, as (title, module name)."""
    return [
        (title, name)
        for title, name in API_MODULES
        if (package / f"{name}.py").is_file() or (package / name / "__init__.py").is_file()
    ]


def api_page(title: str, module: str) -> str:
    options = "    options:\n      show_root_heading: false\n      show_root_toc_entry: false\n"
    return f"# {title}\n\n::: hearts_core.{module}\n{options}"


def on_config(config: MkDocsConfig, **kwargs: Any) -> MkDocsConfig:
    """Put the pages that exist into the navigation."""
    nav: list[Any] = config.nav or []
    docs = Path(config.docs_dir)
    extra: list[Any] = [{title: page} for title, page in PAGES if (docs / page).is_file()]
    if schemas_need_a_page(docs):
        schemas = {SCHEMA_PAGE[0]: SCHEMA_PAGE[1]}
        if extra and extra[0] == {PAGES[0][0]: PAGES[0][1]}:
            extra[0] = {"Records": [extra[0], schemas]}
        else:
            extra.insert(0, schemas)
    keys = [next(iter(item)) if isinstance(item, dict) else None for item in nav]
    at = keys.index(AFTER) + 1 if AFTER in keys else len(nav)
    nav[at:at] = extra
    for item in nav:
        if isinstance(item, dict) and isinstance(item.get(API_SECTION), list):
            item[API_SECTION] += [
                {title: f"api/{module}.md"} for title, module in present_modules()
            ]
    config.nav = nav
    return config


def on_files(files: Files, config: MkDocsConfig, **kwargs: Any) -> Files:
    """Add the generated pages, and the schema files themselves for download."""
    for path in schema_files():
        content = path.read_text(encoding="utf-8")
        files.append(File.generated(config, f"{SITE_SCHEMAS}/{path.name}", content=content))
    if schemas_need_a_page(Path(config.docs_dir)):
        files.append(File.generated(config, SCHEMA_PAGE[1], content=schema_page(schema_files())))
    for title, module in present_modules():
        files.append(File.generated(config, f"api/{module}.md", content=api_page(title, module)))
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, **kwargs: Any) -> str:
    """Fill ``<!-- schemas -->`` and the API overview's rows for the optional modules."""
    if "<!-- schemas -->" in markdown:
        to_site = "../" * page.file.src_uri.count("/")
        schemas = render_schemas(schema_files(), "###", to_site)
        markdown = markdown.replace("<!-- schemas -->", schemas)
    if "<!-- optional-api-rows -->" in markdown:
        rows = [
            f"| [{title}]({module}.md) | `hearts_core.{module}` |"
            for title, module in present_modules()
        ]
        markdown = markdown.replace("<!-- optional-api-rows -->", "\n".join(rows))
    return markdown
