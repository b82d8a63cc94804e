"""The arena: two bots compared on duplicate deals, the way Hearts bots publish their strength.

Each deal is played once per seat at an n-seat table: bot A takes seat 0,
then seat 1, and so on, and bot B every other seat, so that good and bad
cards fall to both bots alike. A deal is one hand, played from zero totals.

**The payoff** of a deal is, for bot A's seat, the mean of the other seats'
points less its own, averaged over the n rotations: positive means bot A
did better than bot B. Its standard error is taken over deals, and the 95%
interval is the mean ± 1.96 standard errors.

**Rank points** per hand: one point for each other seat that scored more than
bot A, half a point for each that scored the same. The best of n seats alone
gets n - 1, the worst 0, and equal bots average (n - 1) / 2.

**Reproducible.** Deal ``i`` is dealt from ``random.Random(f"hearts-arena:{seed}:{i}")``
and rotation ``r`` of it is played with the generator
``random.Random(f"hearts-arena:{seed}:{i}:{r}")``. Every decision draws one
64-bit seed from that generator and the bot chooses with ``random.Random(seed)``
(over the bot protocol, the seed travels with the request). Nothing depends
on which process plays a deal or when, so the same seed gives the same
figures with any backend, any number of workers, in process or over the
protocol. Bots with a budget in seconds break this by nature: their play
depends on the machine's speed. Decisions per second are measured, not
reproduced.

>>> result = run_arena("rule", "random", deals=4, seed=1)
>>> result.deals, result.payoff.mean > 0, result.failures
(4, True, ())
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, Final, Literal

import attrs

from hearts_core.actions import Action, random_deal
from hearts_core.bots.command import CommandBot, Failure
from hearts_core.bots.errors import BotError
from hearts_core.bots.loop import transitions
from hearts_core.bots.protocol import Bot
from hearts_core.bots.registry import make_bot
from hearts_core.engine import apply, new_game
from hearts_core.events import HandScored, MoonShot, SunShot
from hearts_core.observation import PlayerView
from hearts_core.rules import Rules
from hearts_core.state import Phase

__all__ = [
    "BotSpec",
    "Estimate",
    "Speed",
    "DealOutcome",
    "ArenaResult",
    "make_arena_bot",
    "play_deal",
    "play_deals",
    "summarize",
    "run_arena",
]

BotSpec = str | Bot
"""A bot for the arena: a spec (``rule``, ``mc:64``, ``ismcts``, ``cmd:COMMAND``) or an object."""

Z95: Final = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


@attrs.frozen
class Estimate:
    """A mean over deals with its standard error (``None`` for a single deal).

    >>> e = Estimate(1.5, 0.25)
    >>> round(e.low, 3), round(e.high, 3)
    (1.01, 1.99)
    >>> e.excludes_zero, Estimate(0.1, None).excludes_zero
    (True, False)
    """

    mean: float
    """The mean."""
    se: float | None
    """Its standard error over deals."""

    @property
    def low(self) -> float:
        """The lower end of the 95% interval (the mean when there is no standard error)."""
        return self.mean - Z95 * (self.se or 0.0)

    @property
    def high(self) -> float:
        """The upper end of the 95% interval."""
        return self.mean + Z95 * (self.se or 0.0)

    @property
    def excludes_zero(self) -> bool:
        """Whether the 95% interval lies wholly on one side of 0."""
        return self.se is not None and (self.low > 0 or self.high < 0)

    @classmethod
    def of(cls, values: Sequence[float]) -> Estimate:
        """The mean of ``values`` and its standard error.

        >>> Estimate.of([1.0, 2.0, 3.0])
        Estimate(mean=2.0, se=0.5773502691896257)
        """
        n = len(values)
        if not n:
            raise BotError("an estimate needs at least one value")
        mean = math.fsum(values) / n
        if n < 2:
            return cls(mean, None)
        variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
        return cls(mean, math.sqrt(variance / n))


@attrs.frozen
class Speed:
    """How many decisions a bot made and the seconds it took over them.

    >>> Speed(120, 3.0).per_second
    40.0
    """

    decisions: int
    """Decisions made (forced ones included)."""
    seconds: float
    """Seconds spent choosing, summed over workers."""

    @property
    def per_second(self) -> float:
        """Decisions per second (0 when none were timed)."""
        return self.decisions / self.seconds if self.seconds > 0 else 0.0

    def __add__(self, other: Speed) -> Speed:
        return Speed(self.decisions + other.decisions, self.seconds + other.seconds)


@attrs.frozen
class DealOutcome:
    """One deal played in every rotation: the hand scores and the shooters, rotation by rotation.

    In rotation ``r`` bot A sits in seat ``r``. Speeds are measurements, so
    they take no part in equality.

    >>> outcome = play_deal(make_bot("rule"), make_bot("random"), Rules(), seed=1, deal=0)
    >>> len(outcome.scores), outcome.payoff == sum(outcome.payoffs) / 4
    (4, True)
    """

    deal: int
    """The deal's index."""
    scores: tuple[tuple[int, ...], ...]
    """Each rotation's hand scores, by seat (after any moon or sun)."""
    shooters: tuple[int | None, ...]
    """Each rotation's moon or sun shooter, if any."""
    failures: tuple[Failure, ...] = ()
    """Protocol failures in this deal."""
    speed_a: Speed = attrs.field(default=Speed(0, 0.0), eq=False)
    """Bot A's decisions and time."""
    speed_b: Speed = attrs.field(default=Speed(0, 0.0), eq=False)
    """Bot B's decisions and time."""

    @property
    def payoffs(self) -> tuple[float, ...]:
        """Per rotation: the mean of the other seats' scores less bot A's."""
        found = []
        for seat, scores in enumerate(self.scores):
            others = (sum(scores) - scores[seat]) / (len(scores) - 1)
            found.append(others - scores[seat])
        return tuple(found)

    @property
    def payoff(self) -> float:
        """The deal's payoff: :attr:`payoffs` averaged over the rotations (worked out in
        whole numbers and divided once, so equal bots give exactly 0)."""
        n = len(self.scores)
        whole = sum(sum(s) - n * s[seat] for seat, s in enumerate(self.scores))
        return whole / (n * (n - 1))

    @property
    def rank_points(self) -> float:
        """Bot A's rank points averaged over the rotations."""
        total = 0.0
        for seat, scores in enumerate(self.scores):
            mine = scores[seat]
            total += sum(1.0 if s > mine else 0.5 if s == mine else 0.0 for s in scores)
            total -= 0.5  # its own seat counted as a tie
        return total / len(self.scores)


@attrs.frozen
class ArenaResult:
    """What an arena run found: the payoff and the rest, over all its deals.

    Equal results mean the same games: the speeds, being measurements, are
    left out of equality.

    >>> result = run_arena("rule", "rule", deals=2, seed=3)
    >>> result.payoff.mean == 0.0, result.rank_points == 1.5
    (True, True)
    """

    bot_a: str
    """Bot A, as given."""
    bot_b: str
    """Bot B, as given."""
    seed: int
    """The seed of the deals."""
    deals: int
    """Deals played (each in every rotation)."""
    players: int
    """Seats at the table."""
    payoff: Estimate
    """Per deal: the mean of the other seats' points less bot A's (higher is better for A)."""
    points: float
    """Bot A's mean points per hand."""
    opponent_points: float
    """Bot B's mean points per hand and seat."""
    moons_shot: int
    """Hands in which bot A shot the moon or the sun."""
    moons_suffered: int
    """Hands in which a bot B seat shot the moon or the sun."""
    rank_points: float
    """Bot A's mean rank points per hand (n - 1 best, 0 worst, ties shared)."""
    rank: Estimate
    """The rank points per deal as an estimate, with its standard error."""
    failures: tuple[Failure, ...]
    """Every protocol failure, in deal order."""
    speed_a: Speed = attrs.field(eq=False)
    """Bot A's decisions and time."""
    speed_b: Speed = attrs.field(eq=False)
    """Bot B's decisions and time."""
    outcomes: tuple[DealOutcome, ...] = attrs.field(default=(), repr=False)
    """Every deal's outcome, in deal order: results of parts of a run combine with
    :func:`summarize` (``summarize(a, b, seed, one.outcomes + two.outcomes)``)."""

    def to_data(self) -> dict[str, Any]:
        """The result as plain JSON data; ``payoff`` holds ``mean``, ``se``, ``low``, ``high``.

        >>> data = run_arena("rule", "random", deals=2, seed=1).to_data()
        >>> sorted(data["payoff"]), data["deals"]
        (['high', 'low', 'mean', 'se'], 2)
        """

        def estimate(e: Estimate) -> dict[str, float | None]:
            return {"mean": e.mean, "se": e.se, "low": e.low, "high": e.high}

        def speed(s: Speed) -> dict[str, float | int]:
            return {"decisions": s.decisions, "seconds": s.seconds, "per_second": s.per_second}

        return {
            "bot_a": self.bot_a,
            "bot_b": self.bot_b,
            "seed": self.seed,
            "deals": self.deals,
            "players": self.players,
            "payoff": estimate(self.payoff),
            "points": self.points,
            "opponent_points": self.opponent_points,
            "moons_shot": self.moons_shot,
            "moons_suffered": self.moons_suffered,
            "rank_points": estimate(self.rank),
            "decisions": {"a": speed(self.speed_a), "b": speed(self.speed_b)},
            "failures": [attrs.asdict(f) for f in self.failures],
        }


def make_arena_bot(spec: BotSpec) -> Bot:
    """The bot a spec names: ``cmd:COMMAND`` runs a program over the bot protocol, any other
    text goes to :func:`~hearts_core.bots.make_bot`; an object is used as it is.

    >>> make_arena_bot("mc:8"), make_arena_bot("cmd:my-bot --fast")
    (MonteCarloBot(samples=8, rollout='rule'), CommandBot('my-bot --fast'))
    """
    if isinstance(spec, str):
        kind, colon, rest = spec.strip().partition(":")
        if colon and kind.strip().lower() == "cmd":
            return CommandBot(rest.strip())
        return make_bot(spec)
    if not isinstance(spec, Bot):
        raise BotError(f"a bot is a spec or has a choose(view, rng) method, not {spec!r}")
    return spec


class _Seat:
    """A bot as the arena seats it: reseeded for each decision, timed, and counted."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.decisions = 0
        self.seconds = 0.0

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        started = time.perf_counter()
        if isinstance(self.bot, CommandBot):  # it sends its own draw of rng with the request
            action = self.bot.choose(view, rng)
        else:
            action = self.bot.choose(view, random.Random(rng.getrandbits(64)))
        self.seconds += time.perf_counter() - started
        self.decisions += 1
        return action


def _hand_number(rules: Rules, deal: int) -> int:
    """The hand number deal ``deal`` is played as: every pass direction and dealer in turn."""
    return deal % (len(rules.pass_cycle) * rules.players)


def play_deal(bot_a: Bot, bot_b: Bot, rules: Rules, seed: int, deal: int) -> DealOutcome:
    """Deal ``deal`` of the run seeded ``seed``, played once with bot A in each seat.

    >>> from hearts_core.bots import RuleBot
    >>> a = play_deal(RuleBot(), RuleBot(), Rules(), seed=5, deal=2)
    >>> a == play_deal(RuleBot(), RuleBot(), Rules(), seed=5, deal=2), a.payoff
    (True, 0.0)
    """
    start = new_game(rules, hand_number=_hand_number(rules, deal))
    dealt = apply(start, random_deal(rules, random.Random(f"hearts-arena:{seed}:{deal}")))
    seat_a, seat_b = _Seat(bot_a), _Seat(bot_b)
    scores: list[tuple[int, ...]] = []
    shooters: list[int | None] = []
    failures: list[Failure] = []
    for rotation in range(rules.players):
        bots = [seat_a if s == rotation else seat_b for s in range(rules.players)]
        for bot in (bot_a, bot_b):
            if isinstance(bot, CommandBot):
                bot.new_hand()
        rng = random.Random(f"hearts-arena:{seed}:{deal}:{rotation}")
        shooter: int | None = None
        hand: tuple[int, ...] | None = None
        for move in transitions(bots, rules, rng, dealt):
            for event in move.events:
                if isinstance(event, MoonShot | SunShot):
                    shooter = event.seat
                elif isinstance(event, HandScored):
                    hand = event.scores
            if move.after.phase in (Phase.DEAL, Phase.GAME_OVER):
                break
        assert hand is not None
        scores.append(hand)
        shooters.append(shooter)
        for role, bot in (("a", bot_a), ("b", bot_b)):
            if isinstance(bot, CommandBot):
                failures += [
                    attrs.evolve(f, deal=deal, rotation=rotation, bot=role)
                    for f in bot.take_failures()
                ]
    return DealOutcome(
        deal,
        tuple(scores),
        tuple(shooters),
        tuple(failures),
        Speed(seat_a.decisions, seat_a.seconds),
        Speed(seat_b.decisions, seat_b.seconds),
    )


def play_deals(
    bot_a: BotSpec, bot_b: BotSpec, rules: Rules, seed: int, first: int, count: int
) -> list[DealOutcome]:
    """Deals ``first`` to ``first + count - 1``, with bots built afresh from their specs.

    This is what each worker of a backend runs; programs started for
    ``cmd:`` bots are stopped before it returns.

    >>> [o.deal for o in play_deals("rule", "random", Rules(), 1, 5, 2)]
    [5, 6]
    """
    a, b = make_arena_bot(bot_a), make_arena_bot(bot_b)
    try:
        return [play_deal(a, b, rules, seed, deal) for deal in range(first, first + count)]
    finally:
        for bot in (a, b):
            if isinstance(bot, CommandBot):
                bot.close()


def _name(spec: BotSpec) -> str:
    return spec.strip() if isinstance(spec, str) else repr(spec)


def summarize(
    bot_a: BotSpec, bot_b: BotSpec, seed: int, outcomes: Sequence[DealOutcome]
) -> ArenaResult:
    """The :class:`ArenaResult` of some deals' outcomes (taken in deal order).

    >>> outcomes = play_deals("rule", "random", Rules(), 1, 0, 3)
    >>> summarize("rule", "random", 1, outcomes) == run_arena("rule", "random", deals=3, seed=1)
    True
    """
    ordered = sorted(outcomes, key=lambda o: o.deal)
    if not ordered:
        raise BotError("an arena result needs at least one deal")
    players = len(ordered[0].scores)
    mine: list[int] = []
    theirs: list[int] = []
    shot = suffered = 0
    for outcome in ordered:
        for seat, (scores, shooter) in enumerate(
            zip(outcome.scores, outcome.shooters, strict=True)
        ):
            mine.append(scores[seat])
            theirs.extend(s for i, s in enumerate(scores) if i != seat)
            shot += shooter == seat
            suffered += shooter is not None and shooter != seat
    rank = Estimate.of([o.rank_points for o in ordered])
    speed_a = speed_b = Speed(0, 0.0)
    for outcome in ordered:
        speed_a += outcome.speed_a
        speed_b += outcome.speed_b
    return ArenaResult(
        bot_a=_name(bot_a),
        bot_b=_name(bot_b),
        seed=seed,
        deals=len(ordered),
        players=players,
        payoff=Estimate.of([o.payoff for o in ordered]),
        points=math.fsum(mine) / len(mine),
        opponent_points=math.fsum(theirs) / len(theirs),
        moons_shot=shot,
        moons_suffered=suffered,
        rank_points=rank.mean,
        rank=rank,
        failures=tuple(f for o in ordered for f in o.failures),
        speed_a=speed_a,
        speed_b=speed_b,
        outcomes=tuple(ordered),
    )


Backend = Literal["local", "ray"]
"""Where the deals are played: worker processes on this machine, or Ray tasks."""


def run_arena(
    bot_a: BotSpec,
    bot_b: BotSpec,
    *,
    deals: int = 100,
    seed: int = 0,
    rules: Rules | None = None,
    backend: Backend = "local",
    workers: int = 1,
    address: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    first_deal: int = 0,
) -> ArenaResult:
    """Play ``deals`` duplicate deals between bot A and bot B and measure bot A.

    Args:
        bot_a: The bot measured: a spec or a bot object.
        bot_b: Its opponent, in every other seat.
        deals: How many deals (each played once per seat).
        seed: Fixes the deals and every random choice of the bots.
        rules: The rules (standard when ``None``).
        backend: ``local`` (with ``workers`` processes; 1 plays in this
            process) or ``ray`` (Ray tasks; needs the ``ray`` extra).
        workers: Worker processes, or Ray tasks in flight at once.
        address: The Ray cluster to join (else ``RAY_ADDRESS``, else a local Ray).
        progress: Called with (deals done, deals) as deals finish.
        first_deal: The index of the first deal: a long run can be played in
            parts (deals 0 to 999, then 1000 to 1999) whose outcomes,
            summarized together, are those of one run.

    Raises:
        BotError: for a bad bot, count or backend.

    >>> one = run_arena("rule", "random", deals=6, seed=2)
    >>> one == run_arena("rule", "random", deals=6, seed=2, workers=2)
    True
    """
    from hearts_core.bots.backends import run_local, run_ray

    if type(deals) is not int or deals < 1:
        raise BotError(f"deals must be a whole number of at least 1, not {deals!r}")
    if type(workers) is not int or workers < 1:
        raise BotError(f"workers must be a whole number of at least 1, not {workers!r}")
    if type(seed) is not int:
        raise BotError(f"seed must be a whole number, not {seed!r}")
    if type(first_deal) is not int or first_deal < 0:
        raise BotError(f"first_deal must be a whole number of at least 0, not {first_deal!r}")
    rules = Rules() if rules is None else rules
    for spec in (bot_a, bot_b):
        make_arena_bot(spec)  # a bad spec is refused here, before any work starts
    if backend == "local":
        outcomes = run_local(bot_a, bot_b, rules, seed, deals, workers, progress, first_deal)
    elif backend == "ray":
        outcomes = run_ray(bot_a, bot_b, rules, seed, deals, workers, address, progress, first_deal)
    else:
        raise BotError(f"backend must be 'local' or 'ray', not {backend!r}")
    return summarize(bot_a, bot_b, seed, outcomes)
