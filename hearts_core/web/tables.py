"""The tables a server keeps: each holds one game's state, its seats' tokens and its bots.

A :class:`Table` is the only place a game's :class:`~hearts_core.GameState`
lives; browsers see it through :meth:`Table.update_for`, which sends one seat
its view and the events it may see. Each seat has a token, 16 random bytes: a
browser that presents it acts for that seat, and only for it
(:func:`~hearts_core.step_as`). A seat that no browser holds is played by its
bot, so friends take seats by opening their links and the empty seats are bots.

The table is deterministic given its ``rng`` and the people's actions: the
deals and the bots' choices draw from it in the order of the game, never by
the clock.

>>> import random
>>> from hearts_core.rules import variant_info
>>> from hearts_core.bots import RuleBot
>>> table = Table("t1", variant_info("standard"), [RuleBot()] * 4, random.Random(1))
>>> table.seat_of(table.tokens[2]), table.seat_of("not a token")
(2, None)
>>> table.join(0); table.start(0); table.automatic()
'deal'
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Literal

from hearts_core.actions import Action, random_deal
from hearts_core.as_seat import step_as
from hearts_core.bots import Bot
from hearts_core.engine import new_game, step
from hearts_core.errors import HeartsError, IllegalActionError
from hearts_core.events import (
    CardPlayed,
    CardsPassed,
    Event,
    HandDealt,
    HandScored,
    TrickTaken,
    visible_events,
)
from hearts_core.io.errors import RecordError
from hearts_core.io.events import event_to_data
from hearts_core.io.values import cards_to_data
from hearts_core.io.views import view_to_data
from hearts_core.observation import observe
from hearts_core.rules.variants import Variant
from hearts_core.seat_names import name_seats, seat_names
from hearts_core.state import GameState, Phase, Trick
from hearts_core.svg import table as draw_table
from hearts_core.web.errors import LobbyFullError, TableError
from hearts_core.web.messages import Act, Join, NewGame, Start, error_message, read_message

__all__ = [
    "HOST",
    "Table",
    "Lobby",
    "pause_after",
    "variant_list",
]

HOST: Final = 0
"""The seat of the person who created the table: only the host deals the first hand."""


def pause_after(events: Sequence[Event], delay: float) -> float:
    """How long the bots wait after ``events``, so people can follow them: ``delay`` after
    a card, twice that after a trick (the page shows it complete, then takes it) or the
    pass, four times after a hand (the page shows the scores).

    >>> from hearts_core import Card
    >>> pause_after([CardPlayed(1, Card.parse("2C"))], 0.5), pause_after([], 0.5)
    (0.5, 0.0)
    """
    kinds = {type(event) for event in events}
    if HandScored in kinds:
        return 4 * delay
    if TrickTaken in kinds or CardsPassed in kinds:
        return 2 * delay
    return delay if CardPlayed in kinds else 0.0


def variant_list(variants: Mapping[str, Variant]) -> list[dict[str, Any]]:
    """The variants a page offers: each one's name, number of players and description.

    >>> from hearts_core.rules import variant_info
    >>> variant_list({"maria": variant_info("black-maria")})[0]["players"]
    3
    """
    return [
        {"name": name, "players": info.rules.players, "description": info.description}
        for name, info in variants.items()
    ]


class Table:
    """One game and its seats: the state, the seats' tokens, their bots and who holds them.

    Args:
        table_id: The table's name in links (unguessable: see :class:`Lobby`).
        info: The variant played.
        bots: One bot per seat, which plays the seat while no browser holds it.
        rng: The only source of chance: the deals and the bots' random picks.

    >>> import random
    >>> from hearts_core.rules import variant_info
    >>> from hearts_core.bots import RuleBot
    >>> table = Table("t1", variant_info("maria"), [RuleBot()] * 3, random.Random(1))
    >>> len(table.tokens), table.started, table.state.phase.value
    (3, False, 'deal')
    """

    def __init__(
        self, table_id: str, info: Variant, bots: Sequence[Bot], rng: random.Random
    ) -> None:
        players = info.rules.players
        if len(bots) != players:
            raise TableError(f"a table of {players} seats needs {players} bots, not {len(bots)}")
        self.id = table_id
        self.variant = info
        self.bots = tuple(bots)
        self.rng = rng
        self.tokens = tuple(secrets.token_urlsafe(16) for _ in range(players))
        self.names = seat_names(players)
        self.state = new_game(info.rules)
        self.started = False
        self.games = 1
        self.held = [0] * players
        self.sockets = 0
        self.last_active = time.monotonic()
        self.last_trick: Trick | None = None
        self.sheet: list[HandScored] = []

    def _moved(self, state: GameState, events: tuple[Event, ...]) -> tuple[Event, ...]:
        """The table moves to ``state``: its last trick and its score sheet follow
        ``events``, what got it there; the events, for the caller."""
        leader = self.state.leader
        for event in events:
            if isinstance(event, HandDealt):
                self.last_trick = None
            elif isinstance(event, TrickTaken):
                self.last_trick = Trick(leader, event.cards)
                leader = event.winner
            elif isinstance(event, HandScored):
                self.sheet.append(event)
        self.state = state
        return events

    def seat_of(self, token: str) -> int | None:
        """The seat whose token ``token`` is, or ``None`` (compared in constant time)."""
        found = None
        for seat, own in enumerate(self.tokens):
            if secrets.compare_digest(own.encode(), token.encode("utf-8", "replace")):
                found = seat
        return found

    def connect(self) -> None:
        """A browser opened a socket to the table (it has not joined a seat yet): from now
        until :meth:`disconnect`, the lobby never replaces the table (:attr:`in_use`)."""
        self.sockets += 1
        self.last_active = time.monotonic()

    def disconnect(self) -> None:
        """A socket opened with :meth:`connect` closed, whether or not it joined."""
        self.sockets = max(0, self.sockets - 1)
        self.last_active = time.monotonic()

    def join(self, seat: int) -> None:
        """A browser now holds ``seat`` (several may: each sees and acts for it)."""
        self.held[seat] += 1
        self.last_active = time.monotonic()

    def leave(self, seat: int) -> None:
        """A browser holding ``seat`` went away; with none left, the seat's bot plays it."""
        self.held[seat] = max(0, self.held[seat] - 1)
        self.last_active = time.monotonic()

    @property
    def present(self) -> bool:
        """Whether any browser holds a seat (with none, the table waits)."""
        return any(self.held)

    @property
    def in_use(self) -> bool:
        """Whether a browser holds a seat or has a socket open to the table, joined or
        still joining: a table in use is never replaced by a new one.

        >>> import random
        >>> from hearts_core.rules import variant_info
        >>> from hearts_core.bots import RuleBot
        >>> table = Table("t1", variant_info("standard"), [RuleBot()] * 4, random.Random(1))
        >>> table.connect(); table.in_use, table.present
        (True, False)
        >>> table.disconnect(); table.in_use
        False
        """
        return self.sockets > 0 or self.present

    def start(self, seat: int) -> None:
        """The host starts the game: the table deals the first hand.

        Raises:
            TableError: if ``seat`` is not the host's, or the game has started.
        """
        if seat != HOST:
            raise TableError(f"only the host ({self.names[HOST]}) starts the game")
        if self.started:
            raise TableError("the game has already started")
        self.started = True

    def restart(self) -> None:
        """A new game at the same table, once the game is over.

        Raises:
            TableError: if the game is not over.
        """
        if not self.state.is_over:
            raise TableError("a new game starts only when this one is over")
        self.state = new_game(self.variant.rules)
        self.games += 1
        self.started = True
        self.last_trick = None
        self.sheet = []

    def act(self, seat: int, action: Action) -> tuple[Event, ...]:
        """Apply a browser's ``action`` for ``seat``; the events it caused.

        Raises:
            IllegalActionError: with rule ``NOT_YOUR_SEAT`` for another seat's action or a
                deal (the game is not looked at), or the rule the action breaks.
            TableError: before the game has started.
        """
        if not self.started:
            raise TableError("the game has not started: the host deals the first hand")
        state, events = step_as(self.state, seat, action)
        self.last_active = time.monotonic()
        return self._moved(state, events)

    def handle(self, seat: int, text: str | bytes) -> tuple[Event, ...] | dict[str, Any]:
        """Act on one message from a browser at ``seat``: the events it caused, or, when
        it changes nothing, the answer for that browser alone (a ``refused`` or an
        ``error`` message). ``hearts serve`` and the page that plays in the browser both
        answer their messages here.

        >>> import random
        >>> from hearts_core.rules import variant_info
        >>> from hearts_core.bots import RuleBot
        >>> table = Table("t1", variant_info("standard"), [RuleBot()] * 4, random.Random(1))
        >>> table.handle(1, '{"type": "start"}')["message"]
        'only the host (North) starts the game'
        >>> table.handle(0, '{"type": "start"}')
        ()
        """
        try:
            message = read_message(text, self.variant.rules.players)
            if isinstance(message, Join):
                raise TableError("this browser has already joined")
            if isinstance(message, Start):
                self.start(seat)
                return ()
            if isinstance(message, NewGame):
                self.restart()
                return ()
            assert isinstance(message, Act)
            return self.act(seat, message.action)
        except IllegalActionError as error:
            refused = {
                "type": "refused",
                "rule": error.rule.value,
                "summary": error.rule.summary,
                "message": name_seats(str(error), self.names, you=seat),
            }
            return refused
        except RecordError as error:
            return error_message("the message was refused", error.problems)
        except HeartsError as error:
            return error_message(str(error))

    def automatic(self) -> Literal["deal"] | int | None:
        """What the table does next by itself: ``"deal"``, the seat whose bot acts next,
        or ``None`` while it waits (for a person, for the host to start, or for anyone
        to come back: a table with no browser stands still)."""
        state = self.state
        if not self.started or state.is_over or not self.present:
            return None
        if state.phase is Phase.DEAL:
            return "deal"
        for seat in state.to_act:
            if not self.held[seat]:
                return seat
        return None

    def deal(self) -> tuple[Event, ...]:
        """Deal the next hand from the table's ``rng``; the events."""
        state, events = step(self.state, random_deal(self.state.rules, self.rng))
        return self._moved(state, events)

    def bot_choice(self, seat: int) -> Action:
        """The action ``seat``'s bot chooses now (see :meth:`bot_act`)."""
        return self.bots[seat].choose(observe(self.state, seat), self.rng)

    def bot_act(self, seat: int, action: Action) -> tuple[Event, ...] | None:
        """Apply the bot's action if the seat may still take it; ``None`` if a person took
        the seat while the bot thought, or the game moved on without it."""
        if self.held[seat] or seat not in self.state.to_act:
            return None
        try:
            state, events = step_as(self.state, seat, action)
        except HeartsError:
            return None
        return self._moved(state, events)

    def seats(self) -> list[dict[str, Any]]:
        """Each seat's name and whether a person holds it, for the browsers."""
        return [
            {"seat": seat, "name": name, "person": bool(self.held[seat])}
            for seat, name in enumerate(self.names)
        ]

    def welcome_for(self, seat: int) -> dict[str, Any]:
        """The ``welcome`` message for a browser that took ``seat``: the table, the seat
        names, the variant (with its moon amount, for the page's words) and, for the
        host, the other seats' links."""
        invites = [
            {"seat": other, "name": self.names[other], "link": f"/table/{self.id}#{token}"}
            for other, token in enumerate(self.tokens)
            if other != seat
        ]
        rules = self.variant.rules
        return {
            "type": "welcome",
            "table": self.id,
            "seat": seat,
            "host": seat == HOST,
            "names": list(self.names),
            "variant": {
                "name": self.variant.name,
                "description": self.variant.description,
                "moon_amount": rules.moon_amount,
            },
            "invites": invites if seat == HOST else [],
        }

    def _trick_data(self, trick: Trick) -> dict[str, Any]:
        return {
            "leader": trick.leader,
            "winner": trick.winner,
            "cards": cards_to_data(trick.cards),
            "points": trick.points(self.variant.rules),
        }

    def update_for(self, seat: int, events: Sequence[Event]) -> dict[str, Any]:
        """The ``update`` message for ``seat``: its view, the events it may see
        (:func:`~hearts_core.visible_events`), the table drawn from its side
        (:func:`hearts_core.svg.table`, with the last trick complete), the last trick
        taken, the score sheet of every hand so far, and who sits where."""
        view = observe(self.state, seat)
        last = self.last_trick
        return {
            "type": "update",
            "started": self.started,
            "game": self.games,
            "seats": self.seats(),
            "view": view_to_data(view, self.variant.name),
            "events": [event_to_data(event) for event in visible_events(events, seat)],
            "svg": draw_table(view, last_trick=last),
            "last_trick": None if last is None else self._trick_data(last),
            "hands": [event_to_data(hand) for hand in self.sheet],
        }


class Lobby:
    """The tables of one server, by id, at most ``max_tables`` of them.

    Args:
        variants: The variants a table may play, by name.
        make_bots: The bots of a new table of so many seats.
        seed: Table ``k`` (counted from 0) deals from ``random.Random(seed + k)``; ``None``:
            a fresh random seed for each table.
        max_tables: The most tables kept (at least 1). When full, a new table replaces
            the one idle longest among those not :attr:`~Table.in_use` (no browser holds
            it or has a socket open to it); when every table is in use,
            :class:`LobbyFullError`, and no table is replaced.

    >>> import random
    >>> from hearts_core.rules import variant_info
    >>> from hearts_core.bots import RuleBot
    >>> lobby = Lobby({"standard": variant_info("standard")}, lambda n: [RuleBot()] * n, seed=3)
    >>> table = lobby.create("standard")
    >>> lobby.get(table.id) is table, lobby.get("nothing")
    (True, None)

    A table a browser is at is kept, however many tables are made after it:

    >>> small = Lobby({"standard": variant_info("standard")}, lambda n: [RuleBot()] * n,
    ...               max_tables=1)
    >>> held = small.create("standard"); held.connect()
    >>> small.create("standard")
    Traceback (most recent call last):
    ...
    hearts_core.web.errors.LobbyFullError: all 1 tables are in use (a browser is at each): \
try again when one is left
    >>> held.disconnect(); small.create("standard") is not held, small.get(held.id)
    (True, None)
    """

    def __init__(
        self,
        variants: dict[str, Variant],
        make_bots: Callable[[int], list[Bot]],
        seed: int | None = None,
        max_tables: int = 100,
    ) -> None:
        if isinstance(max_tables, bool) or not isinstance(max_tables, int) or max_tables < 1:
            raise TableError(f"max_tables must be an integer of at least 1, not {max_tables!r}")
        self.variants = dict(variants)
        self.make_bots = make_bots
        self.seed = seed
        self.max_tables = max_tables
        self.tables: dict[str, Table] = {}
        self.created = 0

    def create(self, name: str) -> Table:
        """A new table playing the variant ``name``.

        Raises:
            TableError: for a variant this server does not offer.
            LobbyFullError: when the lobby is full and every table is in use (nothing is
                replaced).
        """
        info = self.variants.get(name)
        if info is None:
            raise TableError(f"no variant named {name!r} here; offered: {', '.join(self.variants)}")
        if len(self.tables) >= self.max_tables:
            idle = [table for table in self.tables.values() if not table.in_use]
            if not idle:
                raise LobbyFullError(self.max_tables)
            del self.tables[min(idle, key=lambda table: table.last_active).id]
        seed = secrets.randbits(64) if self.seed is None else self.seed + self.created
        self.created += 1
        table = Table(
            secrets.token_urlsafe(12), info, self.make_bots(info.rules.players), random.Random(seed)
        )
        self.tables[table.id] = table
        return table

    def get(self, table_id: str) -> Table | None:
        """The table ``table_id``, or ``None``."""
        return self.tables.get(table_id)
