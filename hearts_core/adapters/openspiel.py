"""OpenSpiel and hearts_core: OpenSpiel's Hearts as a ruleset, and hearts_core as an
OpenSpiel game.

OpenSpiel's ``hearts`` game takes eight boolean parameters and always plays
one hand. :func:`rules_from_openspiel` gives the :class:`~hearts_core.Rules`
that play exactly as it does (``tests/adapters/test_openspiel.py`` checks it move for
move). Importing this module does not need OpenSpiel installed.

>>> from hearts_core import Card
>>> rules = rules_from_openspiel({"jd_bonus": True})
>>> rules.single_hand, rules.card_values
(True, ((Card.parse('JD'), -10), (Card.parse('QS'), 13)))

:func:`register_game` goes the other way: it gives OpenSpiel a game named
``hearts_core`` that plays any shipped variant, one hand or a whole game, with
information-state and observation tensors and strings, so that OpenSpiel's
algorithms and RLlib's ``OpenSpielEnv`` run on it (OpenSpiel's C++ ``hearts``
has no observation tensor). With ``variant="openspiel"`` it is action for action
OpenSpiel's own game: the same chance outcomes, card ids, legal actions, players
to move and returns (``tests/adapters/test_adapters_openspiel.py`` checks it). It needs
the ``openspiel`` extra.

>>> register_game()
>>> import pyspiel
>>> game = pyspiel.load_game("hearts_core", {"variant": "three-player", "full_game": True})
>>> game.num_players(), game.get_type().provides_observation_tensor
(3, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from hearts_core.errors import InvalidRulesError
from hearts_core.rules import Rules
from hearts_core.rules.fields import shown
from hearts_core.rules.options import FirstLead, PassDirection

__all__ = ["OPENSPIEL_PARAMETERS", "rules_from_openspiel", "register_game", "GAME_PARAMETERS"]

GAME_PARAMETERS: Final[Mapping[str, object]] = {"variant": "standard", "full_game": False}
"""The parameters of the ``hearts_core`` game and their defaults: ``variant``, a shipped
variant's name, and ``full_game``, whether to play a whole game rather than one hand."""


def register_game() -> None:
    """Register the ``hearts_core`` game with OpenSpiel; later calls do nothing.

    See :mod:`hearts_core.adapters.openspiel_game` for the game's shape, its actions
    and its returns; the observation tensor is the encoding of
    :class:`~hearts_core.adapters.encoding.Encoder`.

    >>> register_game()
    >>> import pyspiel
    >>> state = pyspiel.load_game("hearts_core").new_initial_state()
    >>> state.is_chance_node(), len(state.chance_outcomes())  # the hand's place in the cycle
    (True, 4)
    """
    from hearts_core.adapters.openspiel_game import register

    register()

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
