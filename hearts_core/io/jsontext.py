"""JSON text: the strict parser and the canonical writer every format uses.

:func:`loads` parses untrusted text: it refuses ``NaN`` and ``Infinity``, text
longer than :data:`~hearts_core.io.limits.MAX_DOCUMENT_CHARACTERS`, bytes that
are not UTF-8 and nesting too deep, each with a
:class:`~hearts_core.io.RecordError`; a key repeated in an object is noted, in time
linear in the object, for the :class:`~hearts_core.io.reader.Reader` to report
at its path. :func:`dumps` writes canonical JSON: the same value always gives
the same text.

>>> loads('{"seat": 1}')
{'seat': 1}
>>> dumps({"seat": 1, "card": "QS"})
'{"card":"QS","seat":1}'
"""

from __future__ import annotations

import json
from typing import Any, Final

from hearts_core.io.errors import RecordError
from hearts_core.io.limits import MAX_DOCUMENT_CHARACTERS
from hearts_core.io.reader import describe

__all__ = ["JsonObject", "loads", "dumps"]

_Problem = RecordError.Problem


class JsonObject(dict[str, Any]):
    """A parsed JSON object that remembers the keys it had more than once.

    >>> loads('{"a": 1, "a": 2}').duplicates
    ('a',)
    """

    duplicates: tuple[str, ...] = ()
    """The keys given more than once, each once, in the order first repeated."""


def _object_hook(pairs: list[tuple[str, Any]]) -> JsonObject:
    found = JsonObject()
    repeated: dict[str, None] = {}  # a dict: ordered, and each test in constant time
    for key, value in pairs:
        if key in found:
            repeated[key] = None
            continue
        found[key] = value
    if repeated:
        found.duplicates = tuple(repeated)
    return found


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _refused(message: str) -> RecordError:
    return RecordError([_Problem("$", message)])


def loads(text: str | bytes | bytearray) -> Any:
    """Parse JSON text strictly.

    Raises:
        RecordError: if ``text`` is not JSON, not UTF-8, too long, or nested too
            deeply (nothing else, whatever it holds).

    >>> loads('{"seat": NaN}')
    Traceback (most recent call last):
    ...
    hearts_core.io.errors.RecordError: $: not JSON: NaN is not a JSON number
    """
    if not isinstance(text, str | bytes | bytearray):
        raise _refused(f"expected JSON text, not {describe(text)}")
    if len(text) > MAX_DOCUMENT_CHARACTERS:
        raise _refused(
            f"longer than {MAX_DOCUMENT_CHARACTERS} characters ({len(text)}): "
            "no document of this library is"
        )
    if not isinstance(text, str):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise _refused(f"not UTF-8 text: {exc.reason} at byte {exc.start}") from None
    try:
        return json.loads(text, object_pairs_hook=_object_hook, parse_constant=_refuse_constant)
    except json.JSONDecodeError as exc:
        # exc.msg may end in "starting at": the place goes in parentheses, not after "at".
        place = f"line {exc.lineno}, column {exc.colno}"
        raise _refused(f"not JSON: {exc.msg} ({place})") from None
    except RecursionError:
        raise _refused("not JSON this library reads: nested too deeply") from None
    except ValueError as exc:  # a refused constant, or an integer with too many digits
        message = str(exc).split(";")[0][:100]
        raise _refused(f"not JSON: {message}") from None


def dumps(data: Any, *, pretty: bool = False) -> str:
    """Canonical JSON text: keys sorted, no spaces (``pretty``: indented, at most 100 columns).

    Both forms are deterministic, so the same value always gives the same text.

    >>> dumps({"seat": 1, "card": "QS"})
    '{"card":"QS","seat":1}'
    >>> print(dumps({"hands": [["2C", "3C"], ["4C"]], "type": "deal"}, pretty=True))
    {"hands": [["2C", "3C"], ["4C"]], "type": "deal"}
    """
    if not pretty:
        return json.dumps(
            data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
        )
    return _pretty(data, 0)


_WIDTH: Final = 100


def _pretty(data: Any, indent: int) -> str:
    flat = json.dumps(data, sort_keys=True, ensure_ascii=False, allow_nan=False)
    if indent + len(flat) <= _WIDTH or not isinstance(data, dict | list) or not data:
        return flat
    inner = " " * (indent + 2)
    if isinstance(data, dict):
        items = [
            f"{inner}{json.dumps(key, ensure_ascii=False)}: {_pretty(data[key], indent + 2)}"
            for key in sorted(data)
        ]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [inner + _pretty(item, indent + 2) for item in data]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"
