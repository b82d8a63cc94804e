"""One web table in one process, with no server and no network: the page that plays in
the browser.

The documentation site's play page runs the library in the browser with Pyodide.
Its script speaks to a :class:`LocalTable` as the served page speaks to
``hearts serve``: it hands over the same JSON messages (``join`` excepted: the
page's person always sits North) and gets back the same ``welcome``, ``update``,
``refused`` and ``error`` messages, built by the same
:class:`~hearts_core.web.tables.Table`. There is no event loop here: each call
answers with the messages and ``wait``, the seconds after which the page calls
:meth:`LocalTable.advance` for the bots' next move (``null`` while the table waits
for the person), the pauses ``hearts serve`` makes.

>>> from hearts_core.io.jsontext import loads
>>> table = LocalTable("standard", bots="random", seed=1, delay=0)
>>> [message["type"] for message in loads(table.open())["messages"]]
['welcome', 'update']
>>> answer = loads(table.receive('{"type": "start"}'))
>>> answer["wait"], answer["messages"][0]["started"]
(0.0, True)
>>> loads(table.advance())["messages"][0]["events"][0]["type"]
'hand-dealt'
"""

from __future__ import annotations

import math
import random
import secrets
from typing import Any, Final

from hearts_core.bots import Bot, RuleBot, make_bot
from hearts_core.events import Event
from hearts_core.io.jsontext import dumps
from hearts_core.rules.variants import variant_info, variant_names
from hearts_core.web.errors import TableError
from hearts_core.web.tables import HOST, Table, pause_after, variant_list

__all__ = ["LocalTable", "PAGE_BOTS", "DEFAULT_DELAY"]

PAGE_BOTS: Final = (
    ("rule", "Rule bots: rules of thumb"),
    ("random", "Random bots: any legal card"),
    ("mc", "Monte Carlo bots: they sample the hands they cannot see"),
)
"""The bots the play page offers: each one's spec (:func:`~hearts_core.bots.make_bot`) and
its label. ``mc`` (24 sampled deals a decision) answers within a second in the browser."""

DEFAULT_DELAY: Final = 0.7
"""Seconds between two bot moves, as ``hearts serve`` waits by default."""


class LocalTable:
    """A table where the person sits North and bots hold the other seats, answered in
    the calling process: the play page's game.

    Args:
        variant: A shipped variant's name or alias.
        bots: The bots' spec (:func:`~hearts_core.bots.make_bot`), one bot for each seat
            but North's.
        seed: The deals and the bots' random choices come from ``random.Random(seed)``
            (a fresh random seed if ``None``), as a served table's do.
        delay: Seconds between two bot moves (longer after a trick and a hand, see
            ``hearts_core.web.tables.pause_after``).

    Raises:
        InvalidRulesError: for a variant the library does not ship.
        UnknownNameError: for a bot the library does not know.
        BotError: for a bad bot spec.
        TableError: for a ``seed`` that is not a whole number, or a ``delay`` that is
            not a number from 0 to 60.

    >>> LocalTable("maria", bots="rule", seed=3).table.variant.name
    'black-maria'
    >>> LocalTable(delay=-1)
    Traceback (most recent call last):
    ...
    hearts_core.web.errors.TableError: delay must be a number of seconds from 0 to 60, not -1
    """

    def __init__(
        self,
        variant: str = "standard",
        *,
        bots: str = "rule",
        seed: int | None = None,
        delay: float = DEFAULT_DELAY,
    ) -> None:
        if isinstance(delay, bool) or not isinstance(delay, int | float) or not (
            math.isfinite(delay) and 0 <= delay <= 60
        ):
            raise TableError(f"delay must be a number of seconds from 0 to 60, not {delay!r}")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise TableError(f"seed must be a whole number or None, not {seed!r}")
        info = variant_info(variant)
        players = info.rules.players
        # North's bot never plays: the person holds the seat for as long as the page lives.
        seated: list[Bot] = [RuleBot(), *(make_bot(bots) for _ in range(1, players))]
        rng = random.Random(secrets.randbits(64) if seed is None else seed)
        self.table = Table("page", info, seated, rng)
        self.table.join(HOST)
        self.delay = float(delay)

    @staticmethod
    def offered(default: str = "standard") -> str:
        """The play page's lobby as JSON: the variants, the default one and the bots.

        >>> from hearts_core.io.jsontext import loads
        >>> lobby = loads(LocalTable.offered())
        >>> lobby["default"], lobby["bots"][0]["spec"]
        ('standard', 'rule')
        """
        variants = {name: variant_info(name) for name in variant_names()}
        bots = [{"spec": spec, "label": label} for spec, label in PAGE_BOTS]
        return dumps({"default": default, "variants": variant_list(variants), "bots": bots})

    def open(self) -> str:
        """The messages a browser gets on joining, ``welcome`` then ``update``, as JSON
        (``{"messages": [...], "wait": ...}``)."""
        welcome = self.table.welcome_for(HOST)
        welcome["invites"] = []  # no one else can reach a table in a page
        return self._answer([welcome, self.table.update_for(HOST, ())], ())

    def receive(self, text: str) -> str:
        """Answer one message from the page (``start``, ``act`` or ``new-game``, as
        ``hearts serve`` reads them): an ``update``, or the ``refused`` or ``error``
        message when it changes nothing; with ``wait``, as JSON."""
        outcome = self.table.handle(HOST, text)
        if isinstance(outcome, dict):
            return self._answer([outcome], None)
        return self._answer([self.table.update_for(HOST, outcome)], outcome)

    def advance(self) -> str:
        """Make the table's next move by itself (a deal, or a bot's action), if it has
        one: its ``update``, and ``wait``, as JSON."""
        job = self.table.automatic()
        if job is None:
            return self._answer([], None)
        if job == "deal":
            events: tuple[Event, ...] | None = self.table.deal()
        else:
            events = self.table.bot_act(job, self.table.bot_choice(job))
        if events is None:  # cannot happen in a page: no one else takes a seat
            return self._answer([], None)
        return self._answer([self.table.update_for(HOST, events)], events)

    def _answer(self, messages: list[dict[str, Any]], events: tuple[Event, ...] | None) -> str:
        """``messages`` with the seconds until the next automatic move: the pause after
        ``events`` (a fresh ``delay`` after a message that changed nothing), or ``None``
        when the table waits for the person."""
        wait = None
        if self.table.automatic() is not None:
            wait = self.delay if events is None else pause_after(events, self.delay)
        return dumps({"messages": messages, "wait": wait})

