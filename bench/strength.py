"""The strength ladder: every built-in bot measured by the arena, and docs/strength.md written.

Each pairing ``A/B`` is :func:`hearts_core.bots.arena.run_arena` with bot A
against bot B on the same duplicate deals (seed ``--seed``), in blocks of
``--block`` deals (from deal ``--first``, so that processes can share a
pairing). Every block's deal outcomes are appended to a cache file
(one JSON line per deal, under ``--cache``), so a long run can be stopped and
resumed, and the page can be written from whatever has been played
(``--report``). A block's deals are seeded by their index alone, so the
figures do not depend on the blocks, the workers or the backend. The page's prose
that no measurement rewrites (what moves the strength; the outside engine) is kept as
Markdown beside this script, in ``strength-findings.md`` and ``strength-outside.md``.

    python bench/strength.py [--deals 2000] [--seed 1] [--workers 2] [--backend local]
        [--pairing rule/random --pairing mc:24/rule ...] [--report] [--out docs/strength.md]
    python bench/strength.py --seed 11 --pairing 'ismcts:pass_playouts=12800/ismcts' --paired
    python bench/strength.py --speed [--rounds 5] [--hands 3]

A pairing's bots are specs (``hearts arena`` takes the same), so a pairing may hold
commas (``ismcts/ismcts:32,search=walk``); each ``--pairing`` names one, and without any
the ladder's are played. ``--paired`` screens a change: for each pairing ``A/B`` it
plays ``B/B`` too and prints A's payoff less the control's, deal by deal
(:func:`paired`). ``--speed`` measures decisions per second instead: each bot of
``SPEED`` plays every seat of the same few hands, in alternating rounds, and the median
over the rounds is printed with each bot's ratio to the old default's in the same rounds.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from hearts_core import Phase, Rules, apply, new_game, observe, random_deal
from hearts_core.bots import make_bot
from hearts_core.bots.arena import ArenaResult, DealOutcome, Speed, run_arena, summarize
from hearts_core.bots.command import Failure

ROOT = Path(__file__).resolve().parents[1]

OLD_DEFAULT = "ismcts:32,search=walk,pass_playouts=800"
"""``ismcts`` as it was before the kernel's batches: its budget and its tree walk."""

STRONG = "ismcts:strong"
"""The strong preset of ``ismcts``."""

PASS_SEARCH = "ismcts:pass_playouts=6400,pass_moon=yes"
"""``ismcts`` with twice the pass search, played out with the moon plans."""

PREVIOUS = "ismcts:pass_playouts=800"
"""``ismcts`` with the pass budget it had before its default went to 3,200 hands."""

NO_MOON = "ismcts:moon=no"
"""``ismcts`` weighing no moon attempt of its own."""

PAIRINGS = (
    "rule/random",
    "random/rule",
    "mc:24/rule",
    "ismcts/rule",
    "ismcts/mc:24",
    f"ismcts/{OLD_DEFAULT}",
    f"ismcts/{PREVIOUS}",
    f"{NO_MOON}/{OLD_DEFAULT}",
    f"{NO_MOON}/mc:24",
    f"{NO_MOON}/rule",
    f"{OLD_DEFAULT}/rule",
    f"{OLD_DEFAULT}/mc:24",
    f"{STRONG}/ismcts",
    f"{PASS_SEARCH}/{PREVIOUS}",
    f"{PASS_SEARCH}/{OLD_DEFAULT}",
    f"{PASS_SEARCH}/mc:24",
    f"{PASS_SEARCH}/rule",
)
"""Bot A / bot B, in the order of the ladder."""

SPEED = ("ismcts", OLD_DEFAULT, PREVIOUS, STRONG, "mc:24", PASS_SEARCH)
"""The bots ``--speed`` times, the old default among them (the ratios' peer)."""


def _cache_file(cache: Path, pairing: str, seed: int) -> Path:
    safe = pairing.replace("/", "_vs_").replace(":", "-").replace(",", "+").replace("=", "-")
    return cache / f"{safe}-seed{seed}.jsonl"


def _to_line(outcome: DealOutcome) -> str:
    return json.dumps(
        {
            "deal": outcome.deal,
            "scores": outcome.scores,
            "shooters": outcome.shooters,
            "failures": [[f.kind, f.detail, f.deal, f.rotation, f.seat, f.bot] for f in
                         outcome.failures],
            "speed_a": [outcome.speed_a.decisions, outcome.speed_a.seconds],
            "speed_b": [outcome.speed_b.decisions, outcome.speed_b.seconds],
        }
    )  # fmt: skip


def _from_line(line: str) -> DealOutcome:
    data = json.loads(line)
    return DealOutcome(
        data["deal"],
        tuple(tuple(s) for s in data["scores"]),
        tuple(data["shooters"]),
        tuple(Failure(*f) for f in data["failures"]),
        Speed(*data["speed_a"]),
        Speed(*data["speed_b"]),
    )


def load(cache: Path, pairing: str, seed: int) -> list[DealOutcome]:
    """The outcomes cached for a pairing, one per deal, in deal order."""
    path = _cache_file(cache, pairing, seed)
    if not path.exists():
        return []
    found = {o.deal: o for o in map(_from_line, path.read_text().splitlines()) if o}
    return [found[d] for d in sorted(found)]


def measure(pairing: str, args: argparse.Namespace) -> ArenaResult | None:
    """Play the pairing's missing deals block by block (appending to its cache) and
    summarize every deal played so far."""
    bot_a, bot_b = pairing.split("/")  # a spec holds no "/"
    args.cache.mkdir(parents=True, exist_ok=True)
    path = _cache_file(args.cache, pairing, args.seed)
    outcomes = load(args.cache, pairing, args.seed)
    done = {o.deal for o in outcomes}
    while not args.report:
        missing = [d for d in range(args.first, args.deals) if d not in done]
        if not missing:
            break
        first = missing[0]
        count = min(args.block, args.deals - first)
        part = run_arena(
            bot_a, bot_b, deals=count, seed=args.seed, backend=args.backend,
            workers=args.workers, first_deal=first,
        )  # fmt: skip
        with path.open("a") as out:
            for outcome in part.outcomes:
                out.write(_to_line(outcome) + "\n")
        outcomes += part.outcomes
        done.update(o.deal for o in part.outcomes)
        so_far = summarize(bot_a, bot_b, args.seed, outcomes)
        print(f"{pairing:14} {line(so_far)}", flush=True)
    if not outcomes:
        return None
    return summarize(bot_a, bot_b, args.seed, outcomes)


def paired(
    measured: Sequence[DealOutcome], control: Sequence[DealOutcome]
) -> tuple[int, float, float]:
    """How much better bot A did than the control's bot A, deal by deal: the deals both
    played, the mean of the differences of their payoffs and its standard error.

    A screen plays ``X/B`` and the control ``B/B`` on the same seed: deal *i* is the same
    cards in both, so the luck of the cards cancels out of the difference.
    """
    theirs = {o.deal: o.payoff for o in control}
    diffs = [o.payoff - theirs[o.deal] for o in measured if o.deal in theirs]
    if len(diffs) < 2:
        raise ValueError(f"a paired figure needs two deals played by both, not {len(diffs)}")
    return len(diffs), statistics.fmean(diffs), statistics.stdev(diffs) / len(diffs) ** 0.5


def line(result: ArenaResult) -> str:
    """One result on one line, for the terminal."""
    p = result.payoff
    return (
        f"deals {result.deals:5}  payoff {p.mean:+.3f} ± {1.96 * (p.se or 0):.3f}  "
        f"A {result.points:.2f} B {result.opponent_points:.2f}  "
        f"moons {result.moons_shot}/{result.moons_suffered}  rank {result.rank_points:.3f}  "
        f"dps A {result.speed_a.per_second:.1f} B {result.speed_b.per_second:.1f}"
    )


def _row(result: ArenaResult) -> str:
    p = result.payoff
    se = p.se or 0.0
    verdict = "A better" if p.low > 0 else "B better" if p.high < 0 else "not told apart"
    per = 1000 / result.deals
    return (
        f"| `{result.bot_a}` | `{result.bot_b}` | {result.deals} | {p.mean:+.2f} | {se:.2f} "
        f"| {p.low:+.2f} to {p.high:+.2f} | {verdict} | {result.points:.2f} "
        f"| {result.opponent_points:.2f} | {result.moons_shot} ({result.moons_shot * per:.0f}) "
        f"| {result.moons_suffered} ({result.moons_suffered * per:.0f}) "
        f"| {result.rank_points:.2f} | {result.speed_a.per_second:.1f} "
        f"| {result.speed_b.per_second:.1f} |"
    )


def command(result: ArenaResult, workers: int) -> str:
    """The ``hearts arena`` command that plays a result's pairing (its first deals: the
    arena plays deals from 0; the cache may hold others)."""
    return (
        f"hearts arena '{result.bot_a}' '{result.bot_b}' --deals {result.deals} "
        f"--seed {result.seed} --workers {workers}"
    )


def _ranges(result: ArenaResult) -> str:
    """The deals a result holds, as runs of consecutive indices: ``0-84, 1000-1059``."""
    runs: list[list[int]] = []
    for outcome in result.outcomes:
        if runs and outcome.deal == runs[-1][1] + 1:
            runs[-1][1] = outcome.deal
        else:
            runs.append([outcome.deal, outcome.deal])
    return ", ".join(f"{a}-{b}" if a != b else str(a) for a, b in runs)


def _text(name: str) -> list[str]:
    """The lines of one of the page's sections kept as Markdown beside this script: prose
    that no measurement here rewrites."""
    text = Path(__file__).with_name(name).read_text(encoding="utf-8")
    return [*text.rstrip("\n").split("\n"), ""]


def markdown(results: Sequence[ArenaResult], args: argparse.Namespace) -> str:
    """The docs page: the ladder, how it was measured, and outside figures as context."""
    short = [r for r in results if r.deals < args.deals]
    lines = [
        "# Playing strength: the ladder",
        "",
        "Every built-in bot, measured by the arena (`hearts arena`, see",
        "[the how-to](how-to/arena.md)): bot A plays each deal once from every seat against",
        "copies of bot B, and the **payoff** is the mean of the other seats' points less bot",
        "A's, per deal, averaged over the rotations. Positive means bot A is the better bot;",
        "the interval is 95% (1.96 standard errors over deals). Rank points run from 3 (best",
        "of four alone) to 0, ties shared; equal bots average 1.5. Decisions per second",
        "count every decision a bot made (passes and forced plays too), on the machine below,",
        "which other work shared (up to six other processes while these games ran: the",
        "section on decisions per second below, measured with little else running, gives",
        "each bot's speed).",
        "",
        "| bot A | bot B | deals | payoff | SE | 95% interval | verdict | A's points/hand "
        "| B's points/hand | A's moons (per 1,000 deals) | moons against A (per 1,000 deals) "
        "| rank points | A decisions/s | B decisions/s |",
        "|---|---|--:|--:|--:|--:|---|--:|--:|--:|--:|--:|--:|--:|",
        *(_row(r) for r in results),
        "",
        "A deal is played once from each seat, so 1,000 deals are 4,000 hands for bot A;",
        "moons against A count those of every seat of bot B.",
        "",
        "The command for each row (the cache below plays the same deals; each row is also",
        "one `hearts arena` command):",
        "",
        "```sh",
        *(command(r, args.workers) for r in results),
        "```",
        "",
    ]
    if short:
        names = ", ".join(
            f"`{r.bot_a}` against `{r.bot_b}` ({r.deals}: deals {_ranges(r)})" for r in short
        )
        lines += [
            f"Not every pairing reached {args.deals} deals in the time this page was made: "
            f"{names}. Their intervals are those of the deals played, no more; the command "
            "below plays the rest (it resumes from its cache).",
            "",
        ]
    lines += _speed_section(args.cache)
    lines += [
        "## The bots",
        "",
        "- `random`: a uniformly random legal action.",
        "- `rule`: rules of thumb for passing and play, with a moon defence.",
        "- `mc:24`: flat Monte Carlo, 24 sampled deals of the hidden cards a decision, each",
        "  card played out on every deal by the rules of thumb.",
        "- `ismcts`: search over 128 sampled deals of the hidden cards a decision, every",
        "  play played out on each deal in one batch of the hand kernel (a paired",
        "  comparison), each seat by the rules of thumb with moon plans: a moon attempt",
        "  played while one is possible and it beats the normal plan by 0.15 moon units",
        "  (4 points); a seat that alone holds three moon cards expected to go on shooting and",
        "  defended against (win a trick with points, feed it nothing, lead a sure point",
        "  winner, keep the high hearts as stoppers). A claim that settles the hand (every",
        "  trick for a moon, or none once no other seat can shoot) is played without a",
        "  search. It passes by search: a few dozen candidate passes (every three of eight",
        "  cards worth passing, and those that empty one or two short suits other than",
        "  spades) played out by the rules of thumb on the same sampled deals (3,200 hands a",
        "  pass), where `rule` and `mc` pass by the rules of thumb. A budget in deals is",
        "  reproducible; `ismcts:seconds=0.5` is a budget in time and is not.",
        f"- `{PREVIOUS}`: `ismcts` with the pass budget it had until this page's figures,",
        "  800 hands a pass.",
        f"- `{NO_MOON}`: `ismcts` weighing no moon attempt of its own: every play is",
        "  played out by the normal plan alone (it still defends against a rival's).",
        f"- `{PASS_SEARCH}`:",
        "  `ismcts` with twice the pass budget, each pass played out as its card",
        "  search plays (a threat plays on as a moon attempt, the others defend) rather",
        "  than by the rules of thumb alone.",
        f"- `{STRONG}`: the same search at 30,000 deals a decision and 20,000 hands a pass,",
        "  about a quarter of a second for a decision with a choice to make (the median; up",
        "  to two seconds early in a hand) on this machine with the compiled kernel.",
        f"- `{OLD_DEFAULT}`: `ismcts` as it was before the kernel's batches, kept by its",
        "  options: 32 sampled deals a decision, a tree of the plays below the root walked",
        "  one deal and one play-out at a time in Python (flat at this budget), its moon",
        "  plan defended from its first card and played at a lead of 0.05, no claims; the",
        "  searched pass at 800 hands, among the eight cards' passes only.",
        "",
    ]
    lines += _text("strength-findings.md")
    lines += [
        "## How it is measured",
        "",
        f"- Standard rules, four players, seed {args.seed}: deal *i* of every pairing is the",
        "  same cards, so the pairings are measured on the same deals.",
        "- The figures do not depend on the backend or the number of workers (the speeds",
        "  do): these were played by one or two worker processes, several runs at a time,",
        "  and a pairing may have been shared between processes (`--first`).",
        "- The rows of `ismcts` and `ismcts:pass_playouts=800` were played with the code of",
        "  this page: a rerun gives the same games. Those of",
        f"  `{NO_MOON}` and `{PASS_SEARCH}` were played with the",
        "  previous default's code (its attempt bar at 0.05, and none once begun; its pass",
        "  among the eight cards' passes only): a rerun gives other games.",
        f"- The games of `{STRONG}` were played with this page's code, by two processes",
        "  at once (one from deal 0, one from deal 1,000): a rerun gives the same games.",
        f"- Machine: {platform.python_implementation()} {platform.python_version()} on "
        f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs, shared with other",
        f"  work (load average {os.getloadavg()[0]:.1f} when this page was written): the",
        "  decisions per second are lower bounds, good for comparing bots with each other.",
        "",
        "Reproduce it (each pairing is also one `hearts arena` command, such as",
        f"`hearts arena ismcts mc:24 --deals {args.deals} --seed {args.seed} --workers 2`):",
        "",
        "```sh",
        f"python bench/strength.py --deals {args.deals} --seed {args.seed} "
        f"--workers {args.workers}",
        "```",
        "",
    ]
    lines += _text("strength-outside.md")
    return "\n".join(lines)


def speed(rounds: int, hands: int, cache: Path) -> None:
    """Each bot of :data:`SPEED` plays every seat of the same ``hands`` hands (passes,
    forced plays and claims included, as the arena counts decisions), the bots taking
    turns round by round: the median decisions per second, and the median of each round's
    ratio to the old default's."""
    rules = Rules()
    rates: dict[str, list[float]] = {spec: [] for spec in SPEED}
    for round_number in range(rounds):
        for spec in SPEED:
            bot = make_bot(spec)
            rng = random.Random(round_number)
            decisions, seconds = 0, 0.0
            for number in range(hands):
                state = apply(new_game(rules, hand_number=number), random_deal(rules, rng))
                while state.phase in (Phase.PASS, Phase.PLAY, Phase.MOON):
                    view = observe(state, state.to_act[0])
                    start = time.perf_counter()
                    action = bot.choose(view, rng)
                    seconds += time.perf_counter() - start
                    decisions += 1
                    state = apply(state, action)
            rates[spec].append(decisions / seconds)
        print(f"round {round_number + 1}: " + ", ".join(
            f"{spec} {found[-1]:.1f}" for spec, found in rates.items()
        ), flush=True)  # fmt: skip
    load = os.getloadavg()[0]
    print(f"decisions per second, median of {rounds} rounds of {hands} hands (load {load:.1f}):")
    found_rates = {}
    for spec, found in rates.items():
        ratio = statistics.median(a / b for a, b in zip(found, rates[OLD_DEFAULT], strict=True))
        found_rates[spec] = (statistics.median(found), ratio)
        print(f"  {spec:42s} {found_rates[spec][0]:8.1f}  {ratio:6.2f}x the old default")
    cache.mkdir(parents=True, exist_ok=True)
    (cache / "speed.json").write_text(
        json.dumps({"rounds": rounds, "hands": hands, "load": load, "rates": found_rates})
    )


def _speed_section(cache: Path) -> list[str]:
    """The page's section on decisions per second, from the last ``--speed`` run."""
    path = cache / "speed.json"
    if not path.exists():
        return []
    data = json.loads(path.read_text())
    rows = [
        f"| `{spec}` | {rate:.1f} | {ratio:.2f}x |" for spec, (rate, ratio) in data["rates"].items()
    ]
    return [
        "## Decisions per second",
        "",
        f"Each bot played every seat of the same {data['hands']} hands a round, passes, forced",
        "plays and claims included (as the arena counts them), the bots taking turns over",
        f"{data['rounds']} rounds in one process; the median rate, and the median of each",
        "round's ratio to the old default's in the same round (load average",
        f"{data['load']:.1f} at the end: other work shared the machine).",
        "",
        "| bot | decisions/s | against the old default |",
        "|---|--:|--:|",
        *rows,
        "",
        "Command: `python bench/strength.py --speed`.",
        "",
    ]


def main(argv: Sequence[str] | None = None) -> int:
    """Measure the pairings (or report the cache) and write the page."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=2000, help="deals per pairing")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals")
    parser.add_argument("--workers", type=int, default=2, help="worker processes")
    parser.add_argument("--backend", choices=("local", "ray"), default="local")
    parser.add_argument("--block", type=int, default=50, help="deals between cache writes")
    parser.add_argument(
        "--first", type=int, default=0,
        help="play from this deal on (another process can share a pairing: --first 1000)",
    )  # fmt: skip
    parser.add_argument(
        "--pairing", action="append", dest="pairings", metavar="A/B",
        help="one pairing of bot specs (repeat for more; default: the ladder's)",
    )  # fmt: skip
    parser.add_argument(
        "--paired", action="store_true",
        help="also play B/B for each pairing A/B and print A's payoff less the control's, deal "
        "by deal (writes no page)",
    )  # fmt: skip
    parser.add_argument("--speed", action="store_true", help="time the bots of SPEED instead")
    parser.add_argument("--rounds", type=int, default=5, help="--speed: alternating rounds")
    parser.add_argument("--hands", type=int, default=3, help="--speed: hands a round")
    parser.add_argument("--cache", type=Path, default=ROOT / "bench" / ".strength-cache")
    parser.add_argument("--report", action="store_true", help="play nothing: report the cache")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "strength.md")
    args = parser.parse_args(argv)
    if args.speed:
        speed(args.rounds, args.hands, args.cache)
        return 0
    results = []
    started = time.perf_counter()
    for pairing in args.pairings or PAIRINGS:
        result = measure(pairing.strip(), args)
        if result is not None:
            results.append(result)
            print(f"{pairing:14} {line(result)}", flush=True)
        if args.paired and result is not None:
            bot_b = pairing.strip().split("/")[1]
            control = measure(f"{bot_b}/{bot_b}", args)
            assert control is not None  # it was just played
            deals, mean, se = paired(result.outcomes, control.outcomes)
            print(
                f"{pairing:14} paired with {bot_b}/{bot_b}: {mean:+.3f} (SE {se:.3f}, "
                f"{deals} deals)",
                flush=True,
            )
    print(f"{time.perf_counter() - started:.0f} s")
    if str(args.out) != "-" and not args.paired:  # a screen writes no page
        args.out.write_text(markdown(results, args), encoding="utf-8")
        print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
