"""Every public name is documented, and every public function and class shows an example.

The API reference on the documentation site is rendered from these
docstrings, and pytest's ``--doctest-modules`` runs their examples, so an
example here is both documentation and a test. Public means listed in a
module's ``__all__`` (``hearts_core.__all__`` re-exports most of them);
for a public class, its public methods and properties need a docstring too.
Constants and type aliases are documented by the string after them, which
Python does not keep at run time: Griffe, the tool that builds the API
reference, reads it from the source.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Mapping
from types import ModuleType

import pytest

pytest.importorskip("griffe", reason="needs griffe: install the dev extra (griffelib)")

import griffe

import hearts_core
import hearts_core.rules


def _modules() -> list[ModuleType]:
    names = ["hearts_core"] + [
        f"hearts_core.{info.name}" for info in pkgutil.iter_modules(hearts_core.__path__)
    ]
    names += [  # the ruleset package is core too
        f"hearts_core.rules.{info.name}"
        for info in pkgutil.iter_modules(hearts_core.rules.__path__)
    ]
    return [importlib.import_module(name) for name in sorted(names)]


def _is_code(value: object) -> bool:
    """A class or a function, written in Python or compiled (the kernel's compiled build)."""
    return inspect.isclass(value) or inspect.isroutine(value)


def _public() -> dict[str, object]:
    """Each public object by the path where it is defined.

    A name the package re-exports is found in its own module first; a constant
    or type alias (which has no ``__module__``) counts once, where it is defined.
    """
    found: dict[str, object] = {}
    modules = _modules()
    package = modules.pop(0)
    assert package is hearts_core
    for module in [*modules, package]:
        for name in getattr(module, "__all__", ()):
            value = getattr(module, name)
            home = getattr(value, "__module__", None)
            qualname = getattr(value, "__qualname__", None)
            if _is_code(value) and home and qualname:
                path = f"{home}.{qualname}"
            else:
                path = f"{module.__name__}.{name}"
                if module is package and any(
                    known.rsplit(".", 1)[-1] == name and other is value
                    for known, other in found.items()
                ):
                    continue
            found.setdefault(path, value)
    return found


PUBLIC = _public()
CALLABLES = {
    path: value
    for path, value in PUBLIC.items()
    if _is_code(value)
}
DATA = sorted(path for path in PUBLIC if path not in CALLABLES)


def _members() -> dict[str, object]:
    """Public methods and properties that public classes define themselves."""
    members: dict[str, object] = {}
    for path, value in CALLABLES.items():
        if not inspect.isclass(value):
            continue
        for name, member in vars(value).items():
            if name.startswith("_"):
                continue
            if isinstance(member, classmethod | staticmethod):
                member = member.__func__
            if isinstance(member, property) or inspect.isroutine(member):
                members[f"{path}.{name}"] = member
    return members


MEMBERS = _members()

# Names in modules other engineers own that lack an example for now; each is
# an expected failure, and a strict one: once it gets an example, the test
# says to take it off this list.
def _ids(paths: Mapping[str, object]) -> list[str]:
    return sorted(paths)


def test_the_public_api_is_found() -> None:
    expected = {
        "hearts_core.engine.apply",
        "hearts_core.rules.ruleset.Rules",
        "hearts_core.cards.CardSet",
    }
    assert expected <= set(PUBLIC)
    assert "hearts_core.cards.FULL_DECK" in DATA
    assert set(hearts_core.__all__) <= {path.rsplit(".", 1)[-1] for path in PUBLIC}
    assert "hearts_core.rules.ruleset.Rules.evolve" in MEMBERS
    assert "hearts_core.state.GameState.to_act" in MEMBERS


@pytest.mark.parametrize("path", _ids(CALLABLES))
def test_has_a_docstring_with_an_example(path: str) -> None:
    doc = inspect.getdoc(CALLABLES[path])
    assert doc, f"{path} has no docstring"
    assert ">>>" in doc, f"{path}: its docstring shows no example (a >>> doctest)"


@pytest.mark.parametrize("path", _ids(MEMBERS))
def test_public_method_or_property_has_a_docstring(path: str) -> None:
    member = MEMBERS[path]
    doc = member.__doc__ if isinstance(member, property) else inspect.getdoc(member)
    assert doc and doc.strip(), f"{path} has no docstring"


@pytest.fixture(scope="module")
def package() -> griffe.Module:
    loaded = griffe.load("hearts_core", search_paths=[hearts_core.__path__[0] + "/.."])
    assert isinstance(loaded, griffe.Module)
    return loaded


@pytest.mark.parametrize("path", DATA)
def test_constant_or_type_alias_has_a_docstring(path: str, package: griffe.Module) -> None:
    found = package[path.removeprefix("hearts_core.")]
    target = found.final_target if isinstance(found, griffe.Alias) else found
    assert target.docstring is not None and target.docstring.value.strip(), (
        f"{path} has no docstring (a string on the line after it)"
    )

