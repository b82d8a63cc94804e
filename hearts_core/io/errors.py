"""The loaders' error: input that is not a valid record, state, view or hand
notation, with every problem found and where it is."""

from __future__ import annotations

from hearts_core.errors import HeartsError

__all__ = ["RecordError"]


class RecordError(HeartsError, ValueError):
    """Input that is not a valid game record, game state, player view or hand notation.

    Loading untrusted input either returns a complete, valid value or raises this
    error, which lists every problem found, each with where it is: a JSON path such
    as ``$.actions[3].card`` (``line 7`` in the hand notation). Nothing is built
    from input that has a problem.

    Attributes:
        problems: The problems found, in the order met (at least one; at most
            :data:`~hearts_core.errors.MAX_PROBLEMS`).
        more: How many more problems were found and not listed.

    >>> from hearts_core.io import record_from_json
    >>> record_from_json('{"format": "hearts-record/1", "rules": {"players": "4"}, "x": 1}')
    Traceback (most recent call last):
    ...
    hearts_core.io.errors.RecordError: 3 problems:
      $.x: unknown key
      $.actions: missing
      $.rules.players: must be an integer, not a string ("4")
    """

    class Problem:
        """One problem in the input: where it is (``path``) and what is wrong (``message``).

        >>> problem = RecordError.Problem("$.actions[3].card", "not a card")
        >>> problem.path, str(problem)
        ('$.actions[3].card', '$.actions[3].card: not a card')
        """

        __slots__ = ("path", "message")

        path: str
        """Where: a JSON path (``$.hands[2][0]``) or, in the hand notation, ``line N``."""
        message: str
        """What is wrong, for a person to read."""

        def __init__(self, path: str, message: str) -> None:
            object.__setattr__(self, "path", path)
            object.__setattr__(self, "message", message)

        def __setattr__(self, name: str, value: object) -> None:
            raise AttributeError("RecordError.Problem is immutable")

        def __eq__(self, other: object) -> bool:
            if not isinstance(other, RecordError.Problem):
                return NotImplemented
            return (self.path, self.message) == (other.path, other.message)

        def __hash__(self) -> int:
            return hash((self.path, self.message))

        def __repr__(self) -> str:
            return f"RecordError.Problem({self.path!r}, {self.message!r})"

        def __str__(self) -> str:
            return f"{self.path}: {self.message}"

    problems: tuple[RecordError.Problem, ...]
    more: int

    def __init__(
        self,
        problems: list[RecordError.Problem] | tuple[RecordError.Problem, ...],
        more: int = 0,
    ) -> None:
        found = tuple(problems)
        if not found:
            found = (RecordError.Problem("$", "refused"),)
        if len(found) == 1 and not more:
            text = str(found[0])
        else:
            total = len(found) + more
            text = f"{total} problems:\n" + "\n".join(f"  {p}" for p in found)
            if more:
                text += f"\n  ... and {more} more"
        super().__init__(text)
        self.problems = found
        self.more = more
