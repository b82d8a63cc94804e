"""Every Python example in README.md and docs/ runs as written, so the docs cannot rot.

Sybil reads the Markdown files: a ```` ```python ```` block runs as code (or as a
doctest when it starts with ``>>>``), and a ```` ```pycon ```` block runs as a
doctest. The examples of one file run in order in one namespace, as a reader
would type them. The docstring examples rendered in the API reference are
run by pytest's ``--doctest-modules``, and the generated variant pages hold
no Python.

Each block must also run when its copy button's text is pasted into the
interactive interpreter, which reads a paste line by line (see
``PastedInto`` below).
"""

from __future__ import annotations

import code
import doctest
import html
import importlib.util
import json
import pkgutil
import re
from pathlib import Path
from types import CodeType, ModuleType

import pytest

pytest.importorskip("markdown", reason="needs markdown: install the docs extra")

import markdown  # type: ignore[import-untyped]  # no stubs; MkDocs renders with it
from sybil import Document, Sybil
from sybil.evaluators.python import PythonEvaluator
from sybil.parsers.markdown import CodeBlockParser, PythonCodeBlockParser, SkipParser
from sybil.parsers.markdown.lexers import FencedCodeBlockLexer

import hearts_core
import hearts_core.rules
from hearts_core import variant_names
from hearts_core.rules import describe_variant, variant_info

REPO = Path(__file__).resolve().parents[2]
DOCS = REPO / "docs"
FILES = [REPO / "README.md", *sorted(DOCS.rglob("*.md"))]

# Code fences in these languages are shown, not run; any other language would
# be silently skipped by Sybil, so it is refused below.
SHOWN_ONLY = {"", "text", "sh", "bash", "shell", "console", "toml", "json"}
RUN = {"python", "pycon"}
FENCE = re.compile(r"^ {0,3}(?:```|~~~)\s*([\w-]*)", re.MULTILINE)
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


class PyconBlockParser(PythonCodeBlockParser):
    """```` ```pycon ```` blocks: interactive sessions, run as doctests."""

    def __init__(self) -> None:
        super().__init__(doctest_optionflags=FLAGS)
        self.codeblock_parser = CodeBlockParser("pycon", PythonEvaluator())


SYBIL = Sybil(
    parsers=[PythonCodeBlockParser(doctest_optionflags=FLAGS), PyconBlockParser(), SkipParser()],
)


def _name(path: Path) -> str:
    return str(path.relative_to(REPO))


def _fences(path: Path) -> list[str]:
    """The language of each fenced block that opens in the file."""
    languages = []
    opened = False
    for match in FENCE.finditer(path.read_text(encoding="utf-8")):
        if not opened:
            languages.append(match.group(1))
        opened = not opened
    return languages


# Pages whose examples need what `make test` does not install run in another test file
# (docs/rllib.md trains with RLlib and PyTorch: `make test-rllib` runs it).
ELSEWHERE = {"docs/rllib.md": "tests/adapters/test_adapters_rllib.py"}
WITH_EXAMPLES = [
    path for path in FILES if RUN & set(_fences(path)) and _name(path) not in ELSEWHERE
]


def test_pages_run_elsewhere_are_run_there() -> None:
    for page, test in ELSEWHERE.items():
        assert (REPO / page).is_file() and RUN & set(_fences(REPO / page)), page
        assert page in (REPO / test).read_text(encoding="utf-8"), f"{test} does not run {page}"


def test_the_docs_have_examples() -> None:
    names = {_name(path) for path in WITH_EXAMPLES}
    assert {"README.md", "docs/index.md", "docs/tutorial.md", "docs/rules.md"} <= names


@pytest.mark.parametrize("path", FILES, ids=_name)
def test_every_code_block_is_run_or_marked_as_shown_only(path: Path) -> None:
    unknown = [lang for lang in _fences(path) if lang not in RUN | SHOWN_ONLY]
    assert not unknown, f"{_name(path)}: code blocks in {unknown}: use python or pycon"


# The optional extras a page's examples import (directly, or through the module of the
# library that needs them): where one is missing, the page's examples skip, naming it.
_EXTRAS = {
    "numpy": "numpy", "gymnasium": "gymnasium", "pettingzoo": "pettingzoo",
    "pyspiel": "pyspiel", "shimmy": "shimmy", "starlette": "starlette", "uvicorn": "uvicorn",
    "rich": "rich", "ray": "ray", "torch": "torch",
    "hearts_core.adapters.pettingzoo": "pettingzoo", "hearts_core.adapters.gymnasium": "gymnasium",
    "hearts_core.adapters.vector": "gymnasium", "hearts_core.adapters.encoding": "numpy",
    "hearts_core.web": "starlette",
}  # fmt: skip
_IMPORT = re.compile(r"^(?:>>> |\.\.\. )?\s*(?:import|from) ([\w.]+)", re.M)


def _skip_without_extras(path: Path) -> None:
    for name in _IMPORT.findall(path.read_text(encoding="utf-8")):
        for prefix, module in _EXTRAS.items():
            if name == prefix or name.startswith(f"{prefix}."):
                pytest.importorskip(module, reason=f"{_name(path)} imports {name}")


def test_a_page_that_imports_an_extra_is_found() -> None:
    assert _IMPORT.findall(">>> from hearts_core.web import create_app\nimport numpy as np\n") == [
        "hearts_core.web", "numpy",
    ]  # fmt: skip


@pytest.mark.parametrize("path", WITH_EXAMPLES, ids=_name)
def test_examples_run(path: Path) -> None:
    _skip_without_extras(path)
    document = SYBIL.parse(path)
    examples = list(document)
    assert examples, f"{_name(path)} has python blocks but Sybil found no example"
    for example in examples:
        example.evaluate()


def _hook(name: str) -> ModuleType:
    """A module of docs/hooks/, loaded as MkDocs loads it."""
    path = DOCS / "hooks" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"docs_hook_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_each_variant_page_is_its_rulebook_with_its_sources() -> None:
    hook = _hook("variants")
    for name in variant_names():
        info = variant_info(name)
        page = hook.variant_page(name)
        book = describe_variant(info)
        assert page.startswith(f"# {name}\n")
        assert all(source in page for source in info.sources)
        for line in book.splitlines():
            if line.startswith("## "):
                assert line in page
    index = hook.catalogue_page()
    assert all(f"]({name}.md)" in index for name in variant_names())


def test_schemas_are_rendered_from_their_files(tmp_path: Path) -> None:
    hook = _hook("optional_pages")
    schema = {"title": "Game record", "description": "A whole game.", "type": "object"}
    (tmp_path / "game.schema.json").write_text(json.dumps(schema), encoding="utf-8")
    files = hook.schema_files(tmp_path)
    page = hook.schema_page(files)
    assert "## Game record" in page and "A whole game." in page and '"type": "object"' in page
    for path in hook.schema_files():  # the shipped ones, once there are any
        assert isinstance(json.loads(path.read_text(encoding="utf-8")), dict)


def _is_module(name: str) -> bool:
    try:
        importlib.import_module(name)
    except ImportError:
        return False
    return True


def _rendered() -> tuple[set[str], set[str]]:
    """The objects the API pages render by name, and the modules rendered whole."""
    names = set(re.findall(r"(?m)^::: (\S+)", "".join(
        page.read_text(encoding="utf-8") for page in (DOCS / "api").glob("*.md")
    )))
    whole = {name for name in names if _is_module(name)}  # a module, at any depth
    generated = _hook("optional_pages").present_modules()
    whole |= {f"hearts_core.{module}" for _, module in generated}
    return names, whole


def test_the_api_reference_renders_every_public_name() -> None:
    names, whole = _rendered()
    missing = []
    modules = ["hearts_core"] + [
        f"hearts_core.{info.name}" for info in pkgutil.iter_modules(hearts_core.__path__)
    ]
    modules += [  # the ruleset's modules are core too
        f"hearts_core.rules.{info.name}"
        for info in pkgutil.iter_modules(hearts_core.rules.__path__)
    ]
    for module_name in modules:
        module = importlib.import_module(module_name)
        for name in getattr(module, "__all__", ()):
            value = getattr(module, name)
            home = getattr(value, "__module__", module_name)
            shown = {f"{module_name}.{name}", f"hearts_core.{name}", f"{home}.{name}"}
            if module_name.startswith("hearts_core.rules."):
                shown.add(f"hearts_core.rules.{name}")  # the ruleset's face
            if shown & names or module_name in whole or home in whole:
                continue
            if name not in getattr(hearts_core, "__all__", ()) and module_name.endswith("__main__"):
                continue  # python -m hearts_core: the command line's page covers it
            missing.append(f"{module_name}.{name}")
    assert not missing, f"add these to a page in docs/api/: {missing}"


# --- examples pasted into the interactive interpreter ----------------------------------
#
# A reader copies a block with its copy button and pastes it into `python`. The
# classic interpreter reads the paste line by line: a blank line ends an indented
# block (so none may stand inside a class or function body), and a statement after
# an indented block needs a blank line before it. A ``pycon`` block's copy button
# copies its code without prompts or output (docs/hooks/project.py).

MARKDOWN_EXTENSIONS = ["pymdownx.highlight", "pymdownx.superfences"]
MARKDOWN_CONFIG = {"pymdownx.highlight": {"pygments_lang_class": True}}
_CODE = re.compile(r"<code>(.*?)</code>", re.DOTALL)
_DATA_COPY = re.compile(r'data-copy="([^"]*)"')
_SKIP_NEXT = re.compile(r"<!--\s*skip:\s*next\b[^>]*-->\s*\Z")


def copied(language: str, source: str) -> str:
    """What a block's copy button copies, from the block as the site renders it."""

    page = markdown.markdown(
        f"```{language}\n{source}```\n",
        extensions=MARKDOWN_EXTENSIONS,
        extension_configs=MARKDOWN_CONFIG,
    )
    page = _hook("project").with_copy_text(page)
    attribute = _DATA_COPY.search(page)
    if attribute:
        return html.unescape(attribute.group(1))
    code = _CODE.search(page)
    assert code is not None, page
    return html.unescape(re.sub(r"<[^>]+>", "", code.group(1)))


def pasted_blocks(path: Path) -> list[tuple[int, str, str, str]]:
    """Each python and pycon block of a page a reader may copy: its line, its
    language, its source and what its copy button copies (blocks after
    ``<!-- skip: next -->`` are fragments, left out as Sybil leaves them out)."""
    text = path.read_text(encoding="utf-8")
    document = Document(text, str(path))
    blocks = []
    for region in FencedCodeBlockLexer("python|pycon")(document):
        if _SKIP_NEXT.search(text[: region.start]):
            continue
        language, source = region.lexemes["language"], str(region.lexemes["source"])
        line = text.count("\n", 0, region.start) + 1
        blocks.append((line, language, source, copied(language, source)))
    return blocks


class PastedInto(code.InteractiveConsole):
    """The classic interpreter, fed a paste line by line; each error it prints is kept."""

    def __init__(self, namespace: dict[str, object], run: bool = True) -> None:
        super().__init__(namespace, filename="<stdin>")
        self.errors: list[str] = []
        self.run = run

    def runcode(self, code: CodeType) -> None:
        if self.run:
            super().runcode(code)

    def write(self, data: str) -> None:
        self.errors.append(data)

    def paste(self, text: str) -> list[str]:
        """Paste ``text`` and press Enter once after it; the errors printed."""
        start = len(self.errors)
        more = False
        for line in text.split("\n"):
            more = self.push(line)
        if more:
            self.push("")
        return self.errors[start:]


def _expected_exceptions(source: str) -> list[str]:
    """The exception names a session's examples show (``Traceback ...`` output)."""
    parser = doctest.DocTestParser()
    return [
        example.exc_msg.split(":")[0].rsplit(".", 1)[-1]
        for example in parser.get_examples(source)
        if example.exc_msg is not None
    ]


def _raised(error: str) -> str:
    last = error.rstrip("\n").rsplit("\n", 1)[-1]
    return last.split(":")[0].rsplit(".", 1)[-1]


PASTED = [
    path for path in DOCS.rglob("*.md") if _name(path) not in ELSEWHERE and pasted_blocks(path)
]


def test_paste_check_catches_what_the_interpreter_refuses() -> None:
    bad = {
        "class A:\n    x = 1\n\n    def f(self):\n        return 1\n": "IndentationError",
        "def f():\n    return 1\nfor x in range(2):\n    f()\n": "SyntaxError",
        ">>> x = 1\n": "SyntaxError",
    }
    for text, error in bad.items():
        errors = PastedInto({}).paste(copied("python", text))
        assert errors and _raised(errors[0]) == error, (text, errors)
    good = (
        "class A:\n    x = 1\n    def f(self):\n        return 1\n"
        "\nfor x in range(2):\n    A().f()\n"
    )
    assert PastedInto({}).paste(copied("python", good)) == []
    session = (
        ">>> def f():\n...     return 1\n...\n>>> f()\n1\n>>> 1 / 0\n"
        "Traceback (most recent call last):\nZeroDivisionError: division by zero\n"
    )
    assert copied("pycon", session) == "def f():\n    return 1\n\nf()\n1 / 0\n"
    errors = PastedInto({}).paste(copied("pycon", session))
    assert [_raised(e) for e in errors] == _expected_exceptions(session) == ["ZeroDivisionError"]


@pytest.mark.parametrize("path", PASTED, ids=_name)
def test_examples_paste_into_the_interpreter(path: Path) -> None:
    _skip_without_extras(path)
    console = PastedInto({"__name__": "__main__"})
    failures = []
    for line, language, source, text in pasted_blocks(path):
        expected = _expected_exceptions(source) if language == "pycon" else []
        raised = [_raised(error) for error in console.paste(text)]
        if raised != expected:
            failures.append(f"{_name(path)}:{line} ({language}): {raised}")
    assert not failures, failures


@pytest.mark.parametrize("page", sorted(ELSEWHERE))
def test_examples_run_elsewhere_paste_without_syntax_errors(page: str) -> None:
    console = PastedInto({"__name__": "__main__"}, run=False)
    failures = []
    for line, _, _, text in pasted_blocks(REPO / page):
        errors = console.paste(text)
        if errors:
            failures.append(f"{page}:{line}: {errors}")
    assert not failures, failures
