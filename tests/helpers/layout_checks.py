"""Checks the subpackages' layout tests share (tests/cli/test_cli_layout.py, test_bots_layout.py):
every public name documented, every error raised a HeartsError."""

from __future__ import annotations

import ast
import importlib
import inspect
import sys
from pathlib import Path

import griffe

import hearts_core
import hearts_core.errors
from hearts_core.errors import HeartsError


def load_package() -> griffe.Module:
    """hearts_core as the API pages read it (griffe), for the constants' docstrings."""
    loaded = griffe.load("hearts_core", search_paths=[str(Path(hearts_core.__file__).parents[1])])
    assert isinstance(loaded, griffe.Module)
    return loaded


def assert_documented(name: str, package: griffe.Module) -> None:
    """Module ``name`` says what it is for, and every name in its ``__all__`` is documented:
    functions and classes with a ``>>>`` example, their public members with a docstring,
    constants and type aliases with the string after them."""
    module = importlib.import_module(name)
    assert module.__doc__ and module.__doc__.strip(), f"{name} has no docstring"
    public = getattr(module, "__all__", None)
    assert public, f"{name} has no __all__"
    for attr in public:
        value = getattr(module, attr)
        if inspect.isclass(value) or inspect.isfunction(value):
            doc = inspect.getdoc(value)
            assert doc and ">>>" in doc, f"{name}.{attr}: no docstring with a >>> example"
            members = vars(value).items() if inspect.isclass(value) else ()
            for member, found in members:
                if not member.startswith("_") and (
                    inspect.isfunction(found) or isinstance(found, property)
                ):
                    assert found.__doc__ and found.__doc__.strip(), f"{attr}.{member}"
        else:  # a constant or type alias: documented by the string after it
            found = package[f"{name.removeprefix('hearts_core.')}.{attr}"]
            target = found.final_target if isinstance(found, griffe.Alias) else found
            assert target.docstring is not None, f"{name}.{attr}: no docstring after it"


def assert_raises_hearts_errors(path: Path, name: str, *, builders: bool) -> None:
    """Every ``raise`` in module ``name`` (source ``path``) raises a named HeartsError
    class, or, with ``builders``, a function of ``hearts_core.errors``'s making one."""
    module = importlib.import_module(name)
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Raise) or node.exc is None:
            continue
        where = f"{path.name}:{node.lineno}"
        made = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
        what = "a named error class or helper" if builders else "a named error class"
        assert isinstance(made, ast.Name), f"{where}: raise {what}"
        value = getattr(module, made.id)
        if builders and inspect.isfunction(value):  # a helper that builds the error
            # the error class it builds, as the builder's own module names it
            home = sys.modules[value.__module__]
            value = getattr(home, inspect.signature(value).return_annotation)
        assert inspect.isclass(value) and issubclass(value, HeartsError), f"{where}: {made.id}"
