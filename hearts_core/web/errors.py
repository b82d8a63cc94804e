"""The web table's errors: a request a table refuses, and a lobby with no room."""

from __future__ import annotations

from hearts_core.errors import HeartsError

__all__ = ["TableError", "LobbyFullError"]


class TableError(HeartsError, ValueError):
    """A request the table refuses: starting twice, a new game before the end, too many tables.

    >>> str(TableError("the game has not ended"))
    'the game has not ended'
    """


class LobbyFullError(TableError):
    """No room for a new table: the lobby keeps its most tables, and a browser holds
    (or is joining) every one of them, so none may be replaced. ``POST /api/tables``
    answers it with HTTP 503.

    Attributes:
        max_tables: The most tables the lobby keeps.

    >>> error = LobbyFullError(2)
    >>> error.max_tables, str(error)
    (2, 'all 2 tables are in use (a browser is at each): try again when one is left')
    """

    max_tables: int

    def __init__(self, max_tables: int) -> None:
        super().__init__(
            f"all {max_tables} tables are in use (a browser is at each): "
            "try again when one is left"
        )
        self.max_tables = max_tables
