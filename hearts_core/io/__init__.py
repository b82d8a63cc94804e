"""Reading and writing games: JSON formats, the hand notation, and strict loaders.

Everything that crosses the library's edge as text lives here. Each format
has a writer that gives canonical output (the same value, the same bytes) and
a loader that trusts nothing: it refuses anything malformed, impossible or
too large with a :class:`~hearts_core.io.RecordError` listing every problem with
its path, in time linear in the input (see ``hearts_core.io.limits``).

* ``hearts_core.io.records``: a whole game as its actions (``hearts-record``).
* ``hearts_core.io.states``: one full game state (``hearts-state``).
* ``hearts_core.io.views``: what one seat may see (``hearts-view``).
* ``hearts_core.io.events``: one event as JSON, for a server to forward (``hearts-event``).
* ``hearts_core.io.notation``: one hand as text for terminals and bug reports.
* ``hearts_core.io.schemas``: the JSON Schemas of the formats.
* underneath: ``hearts_core.io.jsontext`` (strict JSON text),
  ``hearts_core.io.reader`` (typed reading with paths),
  ``hearts_core.io.values`` (cards, rules, actions as data),
  ``hearts_core.io.checks`` and ``hearts_core.io.position`` (the checks the
  loaders share, the position validator among them).

>>> from hearts_core import new_game
>>> state_from_json(state_to_json(new_game())) == new_game()
True
"""

from hearts_core.io.errors import RecordError
from hearts_core.io.events import (
    EVENT_FORMAT,
    event_from_data,
    event_from_json,
    event_to_data,
    event_to_json,
)
from hearts_core.io.notation import HAND_FORMAT, format_hand, parse_hand
from hearts_core.io.records import (
    RECORD_FORMAT,
    GameRecord,
    ReplayStep,
    record_from_data,
    record_from_json,
    record_to_data,
    record_to_json,
    replay,
    replay_steps,
)
from hearts_core.io.schemas import SCHEMA_NAMES, json_schema
from hearts_core.io.states import (
    STATE_FORMAT,
    state_from_data,
    state_from_json,
    state_to_data,
    state_to_json,
)
from hearts_core.io.views import (
    VIEW_FORMAT,
    view_from_data,
    view_from_json,
    view_to_data,
    view_to_json,
)

__all__ = [
    "RecordError",
    "GameRecord",
    "replay",
    "replay_steps",
    "ReplayStep",
    "RECORD_FORMAT",
    "record_to_data",
    "record_to_json",
    "record_from_data",
    "record_from_json",
    "STATE_FORMAT",
    "state_to_data",
    "state_to_json",
    "state_from_data",
    "state_from_json",
    "VIEW_FORMAT",
    "view_to_data",
    "view_to_json",
    "view_from_data",
    "view_from_json",
    "EVENT_FORMAT",
    "event_to_data",
    "event_to_json",
    "event_from_data",
    "event_from_json",
    "HAND_FORMAT",
    "format_hand",
    "parse_hand",
    "SCHEMA_NAMES",
    "json_schema",
]
