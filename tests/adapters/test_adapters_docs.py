"""Every public name of ``hearts_core.adapters`` is documented with an example.

``tests/docs/test_docstrings.py`` checks the top-level modules and packages; the
adapters' modules are one level down, so this file holds them to the same rule:
each class and function in a module's ``__all__`` has a docstring with a ``>>>``
example (pytest runs them), and each public method and property of those
classes has a docstring.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

pytest.importorskip("numpy", reason="needs numpy: install the rl extra")
pytest.importorskip("gymnasium", reason="needs gymnasium: install the rl extra")
pytest.importorskip("pettingzoo", reason="needs pettingzoo: install the rl extra")

import hearts_core.adapters

MODULES = [
    importlib.import_module(f"hearts_core.adapters.{info.name}")
    for info in pkgutil.iter_modules(hearts_core.adapters.__path__)
]
PUBLIC = {
    f"{module.__name__}.{name}": getattr(module, name)
    for module in MODULES
    for name in getattr(module, "__all__", ())
}
CALLABLES = {
    path: value
    for path, value in PUBLIC.items()
    if (inspect.isclass(value) or inspect.isfunction(value))
    and path.startswith(getattr(value, "__module__", ""))
}
MEMBERS = {
    f"{path}.{name}": member
    for path, value in CALLABLES.items()
    if inspect.isclass(value)
    for name, member in vars(value).items()
    if not name.startswith("_") and (isinstance(member, property) or inspect.isfunction(member))
}


def test_the_adapters_are_found() -> None:
    names = {module.__name__.rsplit(".", 1)[-1] for module in MODULES}
    assert {"encoding", "openspiel", "openspiel_game", "pettingzoo", "record"} <= names
    assert "hearts_core.adapters.pettingzoo.env" in CALLABLES
    assert "hearts_core.adapters.encoding.Encoder.observation" in MEMBERS


@pytest.mark.parametrize("path", sorted(CALLABLES))
def test_has_a_docstring_with_an_example(path: str) -> None:
    doc = inspect.getdoc(CALLABLES[path])
    assert doc and ">>>" in doc, f"{path}: no docstring with a >>> example"


@pytest.mark.parametrize("path", sorted(MEMBERS))
def test_public_method_or_property_has_a_docstring(path: str) -> None:
    member = MEMBERS[path]
    doc = member.__doc__ if isinstance(member, property) else inspect.getdoc(member)
    assert doc and doc.strip(), f"{path} has no docstring"
