"""The layout rules of the cli subpackage (the ``hearts`` command), checked on its source.

* no module over 600 lines, no function over 60 without a reason beside it;
* no private name imported across modules: what two modules share is public
  in the lower one;
* every module says what it is for, and every name in a module's ``__all__``
  is documented, with a ``>>>`` example for functions and classes;
* every error raised is a :class:`~hearts_core.HeartsError`;
* the old single module is gone, and both ways in (the ``hearts`` script and
  ``python -m hearts_core``) reach :func:`hearts_core.cli.main`.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from pathlib import Path

import griffe
import pytest

import hearts_core
import hearts_core.__main__
import hearts_core.cli
from hearts_core.errors import HeartsError

PACKAGE = Path(hearts_core.cli.__file__).parent
SOURCES = sorted(PACKAGE.glob("*.py"))
MODULES = ["hearts_core.cli"] + [
    f"hearts_core.cli.{info.name}" for info in pkgutil.iter_modules(hearts_core.cli.__path__)
]
MAX_LINES = 600
MAX_FUNCTION = 60
REASON = "# long:"  # on the def line or the line above, says why a function may be longer


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


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_module_and_function_sizes(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= MAX_LINES, f"{path.name}: {len(lines)} lines"
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            assert node.end_lineno is not None
            length = node.end_lineno - node.lineno + 1
            beside = " ".join(lines[max(node.lineno - 2, 0) : node.lineno])
            assert length <= MAX_FUNCTION or REASON in beside, (
                f"{path.name}: {node.name} is {length} lines with no '{REASON}' reason"
            )


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_no_private_name_is_imported_across_modules(path: Path) -> None:
    module = importlib.import_module(_name_of(path))
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.ImportFrom):
            private = [a.name for a in node.names if a.name.startswith("_")]
            assert not private, f"{path.name} imports {private} from {node.module}"
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            # module._name, for a module imported whole
            assert not (
                node.attr.startswith("_")
                and not node.attr.startswith("__")
                and node.value.id not in ("self", "cls")
                and inspect.ismodule(getattr(module, node.value.id, None))
            ), f"{path.name}: {node.value.id}.{node.attr}"


@pytest.fixture(scope="module")
def package() -> griffe.Module:
    loaded = griffe.load("hearts_core", search_paths=[str(Path(hearts_core.__file__).parents[1])])
    assert isinstance(loaded, griffe.Module)
    return loaded


@pytest.mark.parametrize("name", MODULES)
def test_every_public_name_is_documented_with_an_example(
    name: str, package: griffe.Module
) -> None:
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
        else:  # a constant: documented by the string after it
            found = package[f"{name.removeprefix('hearts_core.')}.{attr}"]
            target = found.final_target if isinstance(found, griffe.Alias) else found
            assert target.docstring is not None, f"{name}.{attr}: no docstring after it"


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_every_error_raised_is_a_hearts_error(path: Path) -> None:
    module = importlib.import_module(_name_of(path))
    for node in ast.walk(_tree(path)):
        if not isinstance(node, ast.Raise) or node.exc is None:
            continue
        where = f"{path.name}:{node.lineno}"
        made = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
        assert isinstance(made, ast.Name), f"{where}: raise a named error class"
        value = getattr(module, made.id)
        assert inspect.isclass(value) and issubclass(value, HeartsError), f"{where}: {made.id}"


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
