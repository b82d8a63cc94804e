"""The JSON Schemas of the formats, shipped in the package (``hearts_core/io/schemas``).

A front end in another language can validate a document with them before
sending it; the loaders check more than a schema can say (every card exactly
once, legal plays, derived fields).

>>> sorted(json_schema("view")["properties"])[:3]
['counting_down', 'current_trick', 'dealer']
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, Final

from hearts_core.errors import UnknownNameError
from hearts_core.io.reader import describe

__all__ = ["SCHEMA_NAMES", "json_schema"]

SCHEMA_NAMES: Final = ("record", "state", "view")
"""The formats that ship a JSON Schema: ``hearts_core/io/schemas/NAME.schema.json``."""


def json_schema(name: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a format, as shipped in the package.

    ``name`` is one of :data:`SCHEMA_NAMES`. A front end in another language can
    validate a document with it before sending; the loaders check more than a
    schema can say (every card exactly once, legal plays, derived fields).

    >>> schema = json_schema("record")
    >>> schema["$schema"], schema["properties"]["format"]["const"]
    ('https://json-schema.org/draft/2020-12/schema', 'hearts-record/2')
    """
    if name not in SCHEMA_NAMES:
        known = ", ".join(SCHEMA_NAMES)
        raise UnknownNameError(f"no schema named {describe(name)}; known: {known}")
    folder = resources.files("hearts_core.io").joinpath("schemas")
    text = folder.joinpath(f"{name}.schema.json").read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema
