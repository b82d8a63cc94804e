"""The layout rules of the cli subpackage (the ``hearts`` command), checked on its source.

* (sizes and private names: tests/docs/test_layout.py, for the whole package)
* every module says what it is for, and every name in a module's ``__all__``
  is documented, with a ``>>>`` example for functions and classes;
* every error raised is a :class:`~hearts_core.HeartsError`;
* the old single module is gone, and both ways in (the ``hearts`` script and
  ``python -m hearts_core``) reach :func:`hearts_core.cli.main`.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
from pathlib import Path

import pytest

pytest.importorskip("griffe", reason="needs griffe: install the dev extra (griffelib)")

import griffe
from helpers.layout_checks import assert_documented, assert_raises_hearts_errors, load_package

import hearts_core
import hearts_core.__main__
import hearts_core.cli

PACKAGE = Path(hearts_core.cli.__file__).parent
SOURCES = sorted(PACKAGE.glob("*.py"))
MODULES = ["hearts_core.cli"] + [
    f"hearts_core.cli.{info.name}" for info in pkgutil.iter_modules(hearts_core.cli.__path__)
]


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _name_of(path: Path) -> str:
    return "hearts_core.cli" if path.stem == "__init__" else f"hearts_core.cli.{path.stem}"


def test_the_modules_are_found() -> None:
    names = {path.stem for path in SOURCES}
    expected = {"__init__", "parser", "screen", "narration", "table", "play", "watch"}
    assert expected | {"simulate", "replay", "rulebooks"} <= names
    assert len(MODULES) == len(SOURCES)
    assert not (PACKAGE.parent / "cli.py").exists()
    assert hearts_core.__main__.main is hearts_core.cli.main


@pytest.fixture(scope="module")
def package() -> griffe.Module:
    return load_package()


@pytest.mark.parametrize("name", MODULES)
def test_every_public_name_is_documented_with_an_example(
    name: str, package: griffe.Module
) -> None:
    assert_documented(name, package)


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_every_error_raised_is_a_hearts_error(path: Path) -> None:
    assert_raises_hearts_errors(path, _name_of(path), builders=False)


def test_the_command_line_page_is_generated() -> None:
    """docs/hooks/optional_pages.py gives the package its API page (docs/api/cli.md)."""
    root = Path(hearts_core.__file__).parents[1]
    spec = importlib.util.spec_from_file_location(
        "optional_pages", root / "docs" / "hooks" / "optional_pages.py"
    )
    assert spec is not None and spec.loader is not None
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    assert ("Command line", "cli") in hook.present_modules()
