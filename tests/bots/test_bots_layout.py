"""The layout rules of the bots subpackage, checked on its source.

* (sizes and private names: tests/docs/test_layout.py, for the whole package)
* every module says what it is for, and every name in a module's ``__all__``
  is documented, with a ``>>>`` example for functions and classes (the
  package-wide docstring test reaches only top-level modules);
* every error raised is a :class:`~hearts_core.HeartsError`.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("griffe", reason="needs griffe: install the dev extra (griffelib)")

import griffe
from helpers.layout_checks import assert_documented, assert_raises_hearts_errors, load_package

import hearts_core
import hearts_core.bots
import hearts_core.errors

PACKAGE = Path(hearts_core.bots.__file__).parent
SOURCES = sorted(PACKAGE.glob("*.py"))
MODULES = ["hearts_core.bots"] + [
    f"hearts_core.bots.{info.name}" for info in pkgutil.iter_modules(hearts_core.bots.__path__)
]


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _module(name: str) -> ModuleType:
    return importlib.import_module(name)


def test_the_modules_are_found() -> None:
    names = {path.stem for path in SOURCES}
    assert {"__init__", "protocol", "registry", "loop", "knowledge"} <= names
    assert len(MODULES) == len(SOURCES)
    assert not (PACKAGE.parent / "bots.py").exists()


def _name_of(path: Path) -> str:
    return "hearts_core.bots" if path.stem == "__init__" else f"hearts_core.bots.{path.stem}"


@pytest.fixture(scope="module")
def package() -> griffe.Module:
    return load_package()


@pytest.mark.parametrize("name", MODULES)
def test_every_public_name_is_documented_with_an_example(
    name: str, package: griffe.Module
) -> None:
    assert_documented(name, package)


def test_the_package_exports_the_public_api() -> None:
    expected = {
        "Bot",
        "RandomBot",
        "RuleBot",
        "SimpleBot",
        "MonteCarloBot",
        "BOTS",
        "make_bot",
        "play_game",
        "transitions",
        "Transition",
    }
    assert expected <= set(hearts_core.bots.__all__)
    for name in hearts_core.bots.__all__:
        value = getattr(hearts_core.bots, name)
        home = getattr(value, "__module__", None)
        assert home is None or home.startswith("hearts_core.bots."), (name, home)


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_every_error_raised_is_a_hearts_error(path: Path) -> None:
    assert_raises_hearts_errors(path, _name_of(path), builders=True)
