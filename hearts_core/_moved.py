"""Where the names and modules that moved live now (the changelog lists them), so that old
imports keep working.

``from hearts_core import replay`` and ``import hearts_core.tables`` still work, with a
:class:`DeprecationWarning` naming the new place. Nothing is imported until a moved name
is asked for, so ``import hearts_core`` still loads the core only. (Type checkers see
only the new places.)

>>> import warnings
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     from hearts_core import replay
>>> replay.__module__, str(caught[0].message)
('hearts_core.io.records', 'hearts_core.replay moved: import it from hearts_core.io')
"""

from __future__ import annotations

import importlib
import sys
import types
import warnings
from typing import Any, Final

NAMES: Final = {
    **dict.fromkeys(
        (
            "GameRecord", "replay", "replay_steps", "record_to_json", "record_from_json",
            "state_to_json", "state_from_json", "view_to_json", "view_from_json",
            "format_hand", "parse_hand", "json_schema", "event_to_data", "event_from_data",
            "event_to_json", "event_from_json", "RecordError",
        ),
        "hearts_core.io",
    ),
    "BotError": "hearts_core.bots",
    **dict.fromkeys(
        (
            "PassDirection", "FirstLead", "HeartPoints", "MoonScoring", "MoonRequires",
            "SunScoring", "TieRule", "GameEnd", "Variant", "variant_info", "describe",
            "describe_variant",
        ),
        "hearts_core.rules",
    ),
    **dict.fromkeys(("rollout", "rollouts", "play_outs"), "hearts_core.playout"),
    **dict.fromkeys(("resample", "consistent_state"), "hearts_core.belief"),
    **dict.fromkeys(("Claim", "claim_cards", "claim_rest"), "hearts_core.claims"),
}  # fmt: skip
"""Each name that left ``hearts_core.__all__``, and the module that holds it now.

>>> NAMES["replay"], NAMES["MoonScoring"]
('hearts_core.io', 'hearts_core.rules')
"""

MODULES: Final = {
    "hearts_core.options": "hearts_core.rules.options",
    "hearts_core.fields": "hearts_core.rules.fields",
    "hearts_core.restrictions": "hearts_core.rules.restrictions",
    "hearts_core.tables": "hearts_core.rules.compiled",
    "hearts_core.variants": "hearts_core.rules.variants",
    "hearts_core.describe": "hearts_core.rules.rulebook",
    "hearts_core.seats": "hearts_core.seat_names",
    "hearts_core.seated": "hearts_core.as_seat",
    "hearts_core.adapters.seats": "hearts_core.adapters.opponents",
    "hearts_core.adapters.table": "hearts_core.adapters.vector_table",
}
"""Each module that moved, and its new name.

>>> MODULES["hearts_core.tables"]
'hearts_core.rules.compiled'
"""

SUBPACKAGES: Final = frozenset(
    {"io", "bots", "adapters", "web", "cli", "svg", "playout", "belief", "claims"}
)
"""The modules that ``hearts_core.NAME`` imports on first use, as ``import hearts_core.NAME``
does: ``import hearts_core`` itself does not load them.

>>> "io" in SUBPACKAGES
True
"""


def moved_name(module: str, name: str) -> Any:
    """``name``, which left ``module``, read from its new module, with a warning saying where.

    >>> import warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")
    ...     moved_name("hearts_core", "rollout").__module__
    'hearts_core.playout'
    """
    new = NAMES[name]
    warnings.warn(
        f"{module}.{name} moved: import it from {new}", DeprecationWarning, stacklevel=3
    )
    return getattr(importlib.import_module(new), name)


class _MovedModule(types.ModuleType):
    """An old module's name: each attribute read warns and reads the new module."""

    def __init__(self, old: str, new: str) -> None:
        super().__init__(old, f"Moved to {new}.")
        self.__dict__["_new"] = new

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        new = self.__dict__["_new"]
        warnings.warn(
            f"{self.__name__} moved: import {name} from {new}", DeprecationWarning, stacklevel=2
        )
        return getattr(importlib.import_module(new), name)


def install_modules() -> None:
    """Put each old module's name in ``sys.modules``, so that importing it finds the new one.

    >>> install_modules()
    >>> import warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")
    ...     from hearts_core.tables import RuleTables
    >>> RuleTables.__module__
    'hearts_core.rules.compiled'
    """
    for old, new in MODULES.items():
        sys.modules.setdefault(old, _MovedModule(old, new))
