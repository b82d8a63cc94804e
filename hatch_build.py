"""Hatchling build hook: ship the top-level variants/*.toml inside the wheel.

A standard wheel gets each ``variants/NAME.toml`` as ``hearts_core/_variants/NAME.toml``,
where ``hearts_core.variants.variants_dir()`` looks first.

Editable wheels get nothing extra: hatchling copies force-included files into
editable wheels too, which would leave a stale ``hearts_core/_variants`` folder
in site-packages. An editable install reads ``<repo>/variants`` directly instead.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class VariantsHook(BuildHookInterface):  # type: ignore[type-arg]
    """Add the variant files to standard (non-editable) wheels."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version != "standard":
            return
        variants = Path(self.root) / "variants"
        files = sorted(variants.glob("*.toml"))
        if not files:
            raise RuntimeError(f"no variant files found in {variants}")
        for path in files:
            build_data["force_include"][str(path)] = f"hearts_core/_variants/{path.name}"
