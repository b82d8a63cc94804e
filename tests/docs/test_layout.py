"""The package's layout rules, checked on its source, for every module of hearts_core.

* no module over 600 lines;
* no function over 60 lines without a reason beside it (``# long:`` on the
  line above or on the ``def`` line);
* no private name imported across modules: what two modules share is public
  in the lower one;
* every module says what it is for in its first docstring.

The cli subpackage has further rules of its own (tests/cli/test_cli_layout.py).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re
import subprocess
import sys
from pathlib import Path

import pytest

import hearts_core
from hearts_core import _moved

ROOT = Path(hearts_core.__file__).parent
SOURCES = sorted(ROOT.rglob("*.py"))
MAX_LINES = 600
MAX_FUNCTION = 60
REASON = "# long:"


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def test_every_subpackage_is_found() -> None:
    names = {_module_name(path) for path in SOURCES}
    expected = {"hearts_core.io", "hearts_core.bots", "hearts_core.cli", "hearts_core.engine"}
    assert expected <= names
    assert len(SOURCES) > 40


@pytest.mark.parametrize("path", SOURCES, ids=_module_name)
def test_module_size_and_long_functions(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= MAX_LINES, f"{_module_name(path)}: {len(lines)} lines"
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            assert node.end_lineno is not None
            length = node.end_lineno - node.lineno + 1
            beside = " ".join(lines[max(node.lineno - 2, 0) : node.lineno])
            assert length <= MAX_FUNCTION or REASON in beside, (
                f"{_module_name(path)}.{node.name} is {length} lines, with no '{REASON}' reason"
            )


@pytest.mark.parametrize("path", SOURCES, ids=_module_name)
def test_no_private_name_crosses_modules(path: Path) -> None:
    module = importlib.import_module(_module_name(path))
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.ImportFrom):
            private = [a.name for a in node.names if a.name.startswith("_")]
            assert not private, f"{_module_name(path)} imports {private} from {node.module}"
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            # module._name, for a module imported whole
            used = getattr(module, node.value.id, None)
            assert not (
                node.attr.startswith("_")
                and not node.attr.startswith("__")
                and inspect.ismodule(used)
                and used.__name__.startswith("hearts_core")
            ), f"{_module_name(path)} uses {node.value.id}.{node.attr}"


@pytest.mark.parametrize("path", SOURCES, ids=_module_name)
def test_every_module_says_what_it_is_for(path: Path) -> None:
    doc = ast.get_docstring(_tree(path))
    assert doc and len(doc.split()) >= 4, f"{_module_name(path)} has no docstring"


# --- The public face: the core at the top, the rest from its subpackage ------------------

LAZY = ("io", "bots", "adapters", "web", "cli", "svg", "playout", "belief", "claims")


def test_import_hearts_core_loads_the_core_only() -> None:
    assert len(hearts_core.__all__) <= 60
    assert len(set(hearts_core.__all__)) == len(hearts_core.__all__)
    program = (
        "import sys, types, hearts_core\n"
        f"lazy = {LAZY!r}\n"
        "print(sorted(m for m, v in sys.modules.items() if m.startswith('hearts_core.')\n"
        "             and m.split('.')[1] in lazy and type(v) is types.ModuleType))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.strip() == "[]"


def test_subpackages_load_on_first_use() -> None:
    program = "import hearts_core\nprint(hearts_core.io.replay.__module__)\n"
    out = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.strip() == "hearts_core.io.records"


@pytest.mark.parametrize("name", sorted(_moved.NAMES))
def test_a_moved_name_still_imports_and_says_where_it_went(name: str) -> None:
    home = _moved.NAMES[name]
    assert name not in hearts_core.__all__
    message = f"hearts_core.{name} moved: import it from {home}$"
    with pytest.warns(DeprecationWarning, match=message):
        found = getattr(hearts_core, name)
    assert found is getattr(importlib.import_module(home), name)
    assert name in importlib.import_module(home).__all__


@pytest.mark.parametrize("old", sorted(_moved.MODULES))
def test_a_moved_module_still_imports_and_says_where_it_went(old: str) -> None:
    new = importlib.import_module(_moved.MODULES[old])
    alias = importlib.import_module(old)
    assert alias is not new
    name = new.__all__[0]
    with pytest.warns(DeprecationWarning, match=f"{old} moved: import {name} from {new.__name__}$"):
        found = getattr(alias, name)
    assert found is getattr(new, name)


def _subclasses(cls: type) -> set[type]:
    found: set[type] = set(cls.__subclasses__())
    for sub in list(found):
        found |= _subclasses(sub)
    return found


def test_each_error_lives_in_its_layers_errors_module_and_face() -> None:
    for path in SOURCES:
        importlib.import_module(_module_name(path))
    errors = {c for c in _subclasses(hearts_core.HeartsError) if c.__module__.startswith("hearts")}
    assert len(errors) >= 15
    for error in errors:
        home = error.__module__
        assert home == "hearts_core.errors" or (
            home.startswith("hearts_core.") and home.endswith(".errors") and home.count(".") == 2
        ), f"{error.__name__} is defined in {home}"
        assert error.__name__ in importlib.import_module(home).__all__
        face = importlib.import_module(home.removesuffix(".errors"))
        if home == "hearts_core.errors":
            face = hearts_core
        assert error.__name__ in face.__all__, f"{error.__name__} not in {face.__name__}"


# the compiled rules' moon_amount is the ruleset's to read: everyone else asks Rules
_COMPILED_MOON = re.compile(r"(?:\btables\b|\btables\(\)|\bcontext\.tables)\.moon_amount\b")


@pytest.mark.parametrize("path", SOURCES, ids=_module_name)
def test_one_door_to_the_moons_amount_and_no_added_all(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    inside_rules = path.parent == ROOT / "rules"
    assert inside_rules or not _COMPILED_MOON.search(text), (
        f"{_module_name(path)} reads moon_amount off the compiled rules: read Rules.moon_amount"
    )
    for node in ast.walk(_tree(path)):
        assert not (
            isinstance(node, ast.AugAssign)
            and isinstance(node.target, ast.Name)
            and node.target.id == "__all__"
        ), f"{_module_name(path)} adds to __all__ at line {node.lineno}: list it once"


def test_the_moon_door_check_finds_the_old_reads() -> None:
    moon = "moon_amount"
    for old in (f"tables.{moon}", f"rules.tables().{moon}", f"s.context.tables.{moon}"):
        assert _COMPILED_MOON.search(old), old
    assert not _COMPILED_MOON.search("rules.moon_amount")


# --- The ruleset imports in one direction ------------------------------------------------

RULESET_ORDER = (
    "options", "fields", "restrictions", "compiled", "files", "ruleset", "variants", "rulebook",
)  # fmt: skip
RULESET = ROOT / "rules"


def _imports_outside_type_checking(tree: ast.AST) -> list[str]:
    """Every module imported in ``tree``, at any depth, but under ``if TYPE_CHECKING:``."""
    found: list[str] = []
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test) in (
            "TYPE_CHECKING", "typing.TYPE_CHECKING",
        ):  # fmt: skip
            for child in node.orelse:
                found += _imports_outside_type_checking(child)
            continue
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.append(node.module)
            found += [f"{node.module}.{alias.name}" for alias in node.names]
        found += _imports_outside_type_checking(node)
    return found


def test_the_ruleset_order_names_every_module() -> None:
    modules = {path.stem for path in RULESET.glob("*.py")} - {"__init__"}
    assert modules == set(RULESET_ORDER)


@pytest.mark.parametrize("name", RULESET_ORDER)
def test_the_ruleset_imports_only_to_its_left(name: str) -> None:
    tree = _tree(RULESET / f"{name}.py")
    left = set(RULESET_ORDER[: RULESET_ORDER.index(name)])
    for imported in _imports_outside_type_checking(tree):
        parts = imported.split(".")
        if parts[:2] == ["hearts_core", "rules"]:
            assert len(parts) > 2 and parts[2] in left, (
                f"hearts_core.rules.{name} imports {imported}: only modules to its left "
                f"({', '.join(sorted(left)) or 'none'})"
            )


def test_the_direction_check_sees_function_level_imports() -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from hearts_core.rules.ruleset import Rules\n"
        "def f():\n    from hearts_core.rules import variants\n"
    )
    found = _imports_outside_type_checking(ast.parse(source))
    assert "hearts_core.rules" in found and "hearts_core.rules.ruleset" not in found
