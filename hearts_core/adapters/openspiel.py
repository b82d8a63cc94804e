"""OpenSpiel's Hearts, seen from hearts_core: its parameters as a ruleset.

OpenSpiel's ``hearts`` game takes eight boolean parameters and always plays
one hand. :func:`rules_from_openspiel` gives the :class:`~hearts_core.Rules`
that play exactly as it does (``tests/test_openspiel.py`` checks it move for
move). Importing this module does not need OpenSpiel installed.

>>> from hearts_core import Card
>>> rules = rules_from_openspiel({"jd_bonus": True})
>>> rules.single_hand, rules.card_values
(True, ((Card.parse('JD'), -10), (Card.parse('QS'), 13)))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from hearts_core.errors import InvalidRulesError
from hearts_core.fields import shown
from hearts_core.options import FirstLead, PassDirection
from hearts_core.rules import Rules

__all__ = ["OPENSPIEL_PARAMETERS", "rules_from_openspiel"]

OPENSPIEL_PARAMETERS: Final[Mapping[str, bool]] = {
    "pass_cards": True,
    "no_pts_on_first_trick": True,
    "can_lead_any_club": False,
    "jd_bonus": False,
    "avoid_all_tricks_bonus": False,
    "qs_breaks_hearts": True,
    "must_break_hearts": True,
    "can_lead_hearts_instead_of_qs": False,
}
"""OpenSpiel's Hearts parameters and their defaults."""

def rules_from_openspiel(params: Mapping[str, bool] | None = None) -> Rules:
    """The rules OpenSpiel's Hearts plays with ``params`` (its eight boolean parameters).

    One hand; passing left when ``pass_cards`` is on (OpenSpiel draws the
    direction by chance, uniformly among left, right, across and none); scored
    as OpenSpiel scores it.

    Raises:
        InvalidRulesError: for a parameter OpenSpiel does not have, or a value
            that is not ``True`` or ``False``.

    >>> rules_from_openspiel({"can_lead_any_club": True}).first_lead.value
    'any-club'
    >>> rules_from_openspiel({"jd_bonus": 1})
    Traceback (most recent call last):
    ...
    hearts_core.errors.InvalidRulesError: jd_bonus: must be true or false, not 1
    """
    values = dict(OPENSPIEL_PARAMETERS)
    if params is not None and not isinstance(params, Mapping):
        raise InvalidRulesError("(parameters)", f"must be a mapping, not {shown(params)}")
    for key, value in (params or {}).items():
        if key not in values:
            name = key if isinstance(key, str) else shown(key)
            raise InvalidRulesError(name, "not an OpenSpiel hearts parameter")
        if type(value) is not bool:
            raise InvalidRulesError(key, f"must be true or false, not {shown(value)}")
        values[key] = value
    card_values: dict[str, int] = {"QS": 13}
    if values["jd_bonus"]:
        card_values["JD"] = -10
    return Rules(
        pass_cycle=[PassDirection.LEFT if values["pass_cards"] else PassDirection.HOLD],
        first_lead=FirstLead.ANY_CLUB if values["can_lead_any_club"] else FirstLead.LOWEST_CLUB,
        points_on_first_trick=not values["no_pts_on_first_trick"],
        must_break_hearts=values["must_break_hearts"],
        queen_breaks_hearts=values["qs_breaks_hearts"],
        lead_hearts_instead_of_queen=values["can_lead_hearts_instead_of_qs"],
        card_values=card_values,
        no_tricks_bonus=-5 if values["avoid_all_tricks_bonus"] else 0,
        single_hand=True,
    )
