"""A Griffe extension that lets mkdocstrings render hearts_core's docstrings as Markdown.

The docstrings are written for ``help()`` and doctest: Google-style sections,
doctest examples (``>>>``) in the text, and Sphinx roles such as
``:class:`~hearts_core.Rules```. Markdown would show an example as nested
quotes and a role as literal text, so before mkdocstrings parses a docstring
this extension:

* fences each doctest block as a ``pycon`` code block, without its doctest
  directives (``# doctest: +ELLIPSIS``): doctest still runs the original
  docstring, directives and all, since nothing in the package changes;
* turns each role into a cross-reference to the object it names, resolved the
  way Sphinx would (the object's class, then its module, then the package),
  or into plain code when it names nothing rendered (a private helper);
* gives an attrs class the ``__init__`` signature attrs generates, read from the
  imported class, so the reference shows how to build it; a field whose converter
  reads text shows what it accepts (``cards: CardSet | str | Iterable[Card]``),
  not only what it stores (``ACCEPTED``);
* labels properties (``property``), so that a computed value does not look like
  a stored field, and drops the labels that say no more than the heading does;
* gives each member of an enumeration whose members carry a ``summary`` (such
  as :class:`hearts_core.Rule`) that sentence as its docstring, so every member
  has an entry;
* drops the "value" of an attribute that ``__init__`` only copies from a
  parameter of the same name (``seat: int = seat`` says nothing).
"""

from __future__ import annotations

import ast
import enum
import importlib
import re
from typing import Any

import attrs
import griffe

_ROLE = re.compile(r":(?:class|func|meth|attr|mod|data|obj|exc):`(~?)([\w.]+)`")
# A doctest directive is for the test runner, not the reader: ``  # doctest: +ELLIPSIS``.
DIRECTIVE = re.compile(r"\s*#\s*doctest:\s*[-+]\w+(?:\s*,\s*[-+]\w+)*\s*$")


def _fence_doctests(text: str) -> str:
    """Wrap each run of unindented doctest lines (prompt to blank line) in a pycon fence."""
    out: list[str] = []
    in_block = False
    for line in text.splitlines():
        if not in_block and line.startswith(">>>"):
            if out and out[-1].strip():
                out.append("")
            out.append("```pycon")
            in_block = True
        elif in_block and not line.strip():
            out.append("```")
            in_block = False
        out.append(DIRECTIVE.sub("", line) if in_block else line)
    if in_block:
        out.append("```")
    return "\n".join(out)


_Found = griffe.Object | griffe.Alias

# What a field's converter accepts, by the type the field stores: an action or a
# ruleset built from text (``PassCards(0, "QS AS KS")``) shows that in its signature.
CARDS = "CardSet | str | Iterable[Card]"
ACCEPTED = {
    "CardSet": CARDS,
    "Card": "Card | str",
    "tuple[CardSet, ...]": f"Iterable[{CARDS}]",
    "tuple[PassDirection, ...]": "Iterable[PassDirection | str]",
    "tuple[tuple[Card, int], ...]": "Mapping[Card | str, int] | tuple[tuple[Card, int], ...]",
}
# Labels shown beside a member's name; the others (instance-attribute, dataclass, ...)
# repeat what the symbol badge and the heading already say.
SHOWN_LABELS = {"property", "cached", "classmethod", "staticmethod"}
_PRIVATE_NAME = re.compile(r"(?<![\w.])_[A-Za-z]")


def _lookup(scope: _Found, dotted: str) -> _Found | None:
    try:
        return scope[dotted]  # type: ignore[no-any-return]
    except (KeyError, ValueError, griffe.AliasResolutionError, griffe.CyclicAliasError):
        return None


def _resolve(obj: griffe.Object, name: str) -> _Found | None:
    """The object a role names, looked up from ``obj`` outwards, then from the package root."""
    scopes: list[_Found] = []
    current: griffe.Object | None = obj
    while current is not None:
        if current.is_class or current.is_module:
            scopes.append(current)
        current = current.parent
    root = obj.package
    head, _, rest = name.partition(".")
    if head == root.name:
        return _lookup(root, rest) if rest else root
    for scope in scopes:
        found = _lookup(scope, name)
        if found is not None:
            return found
    return None


def _public(path: str) -> bool:
    return not any(part.startswith("_") for part in path.split("."))


def _roles_to_links(obj: griffe.Object, text: str) -> str:
    def replace(match: re.Match[str]) -> str:
        short, name = match.group(1) == "~", match.group(2)
        label = name.rsplit(".", 1)[-1] if short else name
        target = _resolve(obj, name)
        if target is None:
            return f"`{label}`"
        path = target.path
        if isinstance(target, griffe.Alias):
            try:
                path = target.final_target.path  # autorefs knows every rendered object by it
            except (griffe.AliasResolutionError, griffe.CyclicAliasError):
                return f"`{label}`"
        if not _public(path):
            return f"`{label}`"
        return f"[`{label}`][{path}]"

    return _ROLE.sub(replace, text)


def _literal_blocks(text: str) -> str:
    """A reST ``::`` paragraph ending introduces an indented block: Markdown wants ``:``."""
    return re.sub(r"::\n\n", ":\n\n", text)


def _field_default(value: object) -> tuple[str | None, bool]:
    """The default an attrs field's source value gives: ``(expression, computed)``.

    ``attrs.field(default=X, converter=...)`` gives ``X``; a ``Factory`` (or no
    default) gives ``None``, with ``computed`` true for a Factory.
    """
    if value is None:
        return None, False
    text = str(value)
    try:
        node = ast.parse(text, mode="eval").body
    except SyntaxError:
        return text, False
    if isinstance(node, ast.Call) and ast.unparse(node.func) in ("attrs.field", "attr.ib"):
        for keyword in node.keywords:
            if keyword.arg == "default":
                node = keyword.value
                break
        else:
            factory = any(k.arg == "factory" for k in node.keywords)
            return None, factory
    if isinstance(node, ast.Call) and ast.unparse(node.func) in ("attrs.Factory", "Factory"):
        return None, True
    return ast.unparse(node), False


def _attrs_init(cls: griffe.Class) -> None:
    """Give an attrs class the signature of its generated ``__init__``.

    The parameters are the fields attrs puts in ``__init__`` (read from the
    imported class), typed and defaulted as the source declares them; a
    default computed by a ``Factory`` shows as ``...`` (the field's docstring
    says what it is). The fields' shown values become their plain defaults.
    """
    if "__init__" in cls.members:
        return
    runtime = _runtime(cls)
    if not (isinstance(runtime, type) and attrs.has(runtime)):
        return
    parameters = [griffe.Parameter("self", kind=griffe.ParameterKind.positional_or_keyword)]
    for field in attrs.fields(runtime):
        member = cls.members.get(field.name)
        attribute = member if isinstance(member, griffe.Attribute) else None
        default, computed = _field_default(attribute.value if attribute else None)
        if default is not None and _PRIVATE_NAME.search(default):
            default = repr(field.default)  # a private constant: show its value
        if attribute is not None:
            attribute.value = default
        if not field.init:
            continue
        parameters.append(
            griffe.Parameter(
                field.alias or field.name,
                annotation=_accepted(cls, field, attribute.annotation if attribute else None),
                kind=(
                    griffe.ParameterKind.keyword_only
                    if field.kw_only
                    else griffe.ParameterKind.positional_or_keyword
                ),
                default="..." if computed else default,
            )
        )
    init = griffe.Function("__init__", parameters=griffe.Parameters(*parameters), returns="None")
    init.parent = cls
    cls.set_member("__init__", init)


def accepted(module: str, stored: str) -> str | None:
    """What a converted field of a class in ``module``, storing ``stored``, accepts.

    ``None`` when the stored type is all it takes. A converted enumeration
    field also takes its members' values (a string, or an int for ``Rank``).
    """
    if stored in ACCEPTED:
        return ACCEPTED[stored]
    named = getattr(importlib.import_module(module), stored, None)
    if isinstance(named, type) and issubclass(named, enum.Enum):
        return f"{stored} | {type(next(iter(named)).value).__name__}"
    return None


def _accepted(
    cls: griffe.Class, field: attrs.Attribute[Any], annotation: str | griffe.Expr | None
) -> str | griffe.Expr | None:
    """The annotation to show for a field's ``__init__`` parameter: what its converter takes."""
    if field.converter is None or annotation is None:
        return annotation
    text = accepted(cls.module.path, str(annotation))
    if text is None:
        return annotation
    return griffe.safe_get_annotation(ast.parse(text, mode="eval").body, parent=cls) or text


def _runtime(cls: griffe.Class) -> object:
    try:
        return getattr(importlib.import_module(cls.module.path), cls.name)
    except (ImportError, AttributeError):
        return None


def _member_summaries(cls: griffe.Class, runtime: object) -> None:
    """Each enumeration member without a docstring gets its ``summary``, if it has one."""
    if not (isinstance(runtime, type) and issubclass(runtime, enum.Enum)):
        return
    for member in runtime:
        summary = getattr(member, "summary", None)
        attribute = cls.members.get(member.name)
        if isinstance(summary, str) and isinstance(attribute, griffe.Attribute) and (
            attribute.docstring is None
        ):
            attribute.docstring = griffe.Docstring(summary, parent=attribute)


def _tidy_members(cls: griffe.Class) -> None:
    """Labels that tell properties from fields; no copied-parameter "defaults"."""
    init = cls.members.get("__init__")
    parameters = (
        {parameter.name for parameter in init.parameters}
        if isinstance(init, griffe.Function)
        else set()
    )
    for member in cls.members.values():
        if member.is_alias or not isinstance(member, griffe.Object):
            continue
        member.labels &= SHOWN_LABELS
        if isinstance(member, griffe.Attribute) and str(member.value) in parameters:
            member.value = None


class MarkdownDocstrings(griffe.Extension):
    """Rewrite each docstring for Markdown once the whole package is loaded."""

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        self._walk(pkg, set())

    def _walk(self, obj: griffe.Object, seen: set[str]) -> None:
        if obj.path in seen:
            return
        seen.add(obj.path)
        if obj.docstring is not None:
            text = _fence_doctests(obj.docstring.value)
            text = _literal_blocks(_roles_to_links(obj, text))
            obj.docstring.value = text
        if isinstance(obj, griffe.Class):
            _member_summaries(obj, _runtime(obj))
            _tidy_members(obj)
            _attrs_init(obj)
        for member in list(obj.members.values()):
            if not member.is_alias and isinstance(member, griffe.Object):
                self._walk(member, seen)
