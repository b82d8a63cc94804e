"""The package's layout rules, checked on its source, for every module of hearts_core.

* no module over 600 lines;
* no function over 60 lines without a reason beside it (``# long:`` on the
  line above or on the ``def`` line);
* no private name imported across modules: what two modules share is public
  in the lower one;
* every module says what it is for in its first docstring.

The cli subpackage has further rules of its own (tests/test_cli_layout.py).
"""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import pytest

import hearts_core

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
