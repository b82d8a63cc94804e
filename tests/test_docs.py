"""Every Python example in README.md and docs/ runs as written, so the docs cannot rot.

Sybil reads the Markdown files: a ```` ```python ```` block runs as code (or as a
doctest when it starts with ``>>>``), and a ```` ```pycon ```` block runs as a
doctest. The examples of one file run in order in one namespace, as a reader
would type them. The docstring examples rendered in the API reference are
run by pytest's ``--doctest-modules``, and the generated variant pages hold
no Python.
"""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest
from sybil import Sybil
from sybil.evaluators.python import PythonEvaluator
from sybil.parsers.markdown import CodeBlockParser, PythonCodeBlockParser, SkipParser

REPO = Path(__file__).resolve().parents[1]
DOCS = REPO / "docs"
FILES = [REPO / "README.md", *sorted(DOCS.rglob("*.md"))]

# Code fences in these languages are shown, not run; any other language would
# be silently skipped by Sybil, so it is refused below.
SHOWN_ONLY = {"sh", "console", "toml", "json", "text"}
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


WITH_EXAMPLES = [path for path in FILES if RUN & set(_fences(path))]


def test_the_docs_have_examples() -> None:
    names = {_name(path) for path in WITH_EXAMPLES}
    assert {"README.md", "docs/index.md", "docs/tutorial.md", "docs/rules.md"} <= names


@pytest.mark.parametrize("path", FILES, ids=_name)
def test_every_code_block_is_run_or_marked_as_shown_only(path: Path) -> None:
    unknown = [lang for lang in _fences(path) if lang not in RUN | SHOWN_ONLY]
    assert not unknown, f"{_name(path)}: code blocks in {unknown}: use python or pycon"


@pytest.mark.parametrize("path", WITH_EXAMPLES, ids=_name)
def test_examples_run(path: Path) -> None:
    document = SYBIL.parse(path)
    examples = list(document)
    assert examples, f"{_name(path)} has python blocks but Sybil found no example"
    for example in examples:
        example.evaluate()
