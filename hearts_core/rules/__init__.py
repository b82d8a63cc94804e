"""The ruleset: the :class:`Rules` value, its options, the variants and the rulebooks.

The modules import in one direction, each only from those above it in this list:

* ``options``: the options a ruleset chooses between (:class:`MoonScoring`, ...);
* ``fields``: how each field is checked as it is assigned, and the limits on numbers;
* ``restrictions``: the restrictions on which card a seat may play, as one table;
* ``compiled``: a ruleset compiled for the engine (:class:`RuleTables`, ``rules.tables()``);
* ``files``: variant files as read and checked, before any rules are built from them;
* ``ruleset``: the :class:`Rules` value itself, and the rules of a file read;
* ``variants``: the named variants, read from TOML files (:func:`variant`);
* ``rulebook``: a ruleset written out as a rulebook (:func:`describe`).

``restrictions`` and ``compiled`` name :class:`Rules` in annotations only, under
``TYPE_CHECKING``: no such import runs.

>>> from hearts_core.rules import MoonScoring, Rules, variant
>>> variant("classic").moon is MoonScoring.SHOOTER_CHOOSES, Rules().players
(True, 4)
"""

from hearts_core.rules.compiled import RuleTables
from hearts_core.rules.fields import LIMITS, MAX_PLAYERS
from hearts_core.rules.options import (
    FirstLead,
    GameEnd,
    HeartPoints,
    MoonOption,
    MoonRequires,
    MoonScoring,
    PassDirection,
    SunScoring,
    TieRule,
)
from hearts_core.rules.rulebook import describe, describe_variant
from hearts_core.rules.ruleset import (
    FULL_POLISH_POINTS,
    HAND_SIZE,
    PLAYERS,
    RULE_FIELDS,
    Rules,
    is_seat,
)
from hearts_core.rules.variants import (
    Variant,
    load_variant,
    variant,
    variant_info,
    variant_names,
    variants_dir,
)

__all__ = [
    "Rules",
    "PassDirection",
    "FirstLead",
    "HeartPoints",
    "MoonScoring",
    "MoonOption",
    "MoonRequires",
    "SunScoring",
    "TieRule",
    "GameEnd",
    "RuleTables",
    "LIMITS",
    "PLAYERS",
    "HAND_SIZE",
    "MAX_PLAYERS",
    "FULL_POLISH_POINTS",
    "RULE_FIELDS",
    "is_seat",
    "Variant",
    "variant",
    "variant_info",
    "variant_names",
    "load_variant",
    "variants_dir",
    "describe",
    "describe_variant",
]
