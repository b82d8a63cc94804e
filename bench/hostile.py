"""Time and memory of the loaders on hostile documents, by size: they must grow linearly.

For each kind of hostile input (keys repeated in one object, many distinct
keys, deep nesting, a huge number, many wrong values in one document, a record
at the action limit, a document over the size limit) it builds documents of
growing size, loads each with the view or record loader, and reports the time
and the peak memory traced by ``tracemalloc``. Each row is the best of a few
runs. With ``--write`` it writes the table into ``docs/untrusted-input.md``
between the ``<!-- hostile-table -->`` markers.

    python bench/hostile.py [--write]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

from hearts_core import (
    Action,
    HeartsError,
    Phase,
    Rules,
    apply,
    legal_actions,
    new_game,
    random_deal,
)
from hearts_core.io import GameRecord, record_from_json, record_to_json, view_from_json
from hearts_core.io.limits import MAX_ACTIONS, MAX_DOCUMENT_CHARACTERS

DOCS = Path(__file__).resolve().parents[1] / "docs" / "untrusted-input.md"
MARK = "<!-- hostile-table -->"


def repeated_keys(n: int) -> str:
    return "{" + ",".join(f'"k{i}":1,"k{i}":2' for i in range(n)) + "}"


def distinct_keys(n: int) -> str:
    return "{" + ",".join(f'"k{i}":1' for i in range(2 * n)) + "}"


def deep(n: int) -> str:
    return "[" * n + "]" * n


def huge_number(n: int) -> str:
    return '{"format":"hearts-view/2","seat":' + "9" * n + "}"


def wrong_values(n: int) -> str:
    return json.dumps({"format": "hearts-view/2", **{f"x{i}": [i] for i in range(n)}})


def long_record(n: int) -> str:
    """A record of about ``n`` actions: whole random games of a long target."""
    rng = random.Random(n)
    rules = Rules(target_score=1_000_000)
    state = new_game(rules)
    actions: list[Action] = []
    while len(actions) < n:
        action = (
            random_deal(rules, rng)
            if state.phase is Phase.DEAL
            else rng.choice(legal_actions(state))
        )
        actions.append(action)
        state = apply(state, action)
    return record_to_json(GameRecord(rules, actions))


def oversized(n: int) -> str:
    return " " * n


CASES: list[tuple[str, Callable[[int], str], Callable[[str], object], list[int]]] = [
    ("keys repeated in one object", repeated_keys, view_from_json, [10_000, 20_000, 40_000]),
    ("distinct unknown keys", distinct_keys, view_from_json, [10_000, 20_000, 40_000]),
    ("nested arrays", deep, view_from_json, [1_000, 10_000, 100_000]),
    ("digits of one number", huge_number, view_from_json, [1_000, 5_000, 100_000]),
    ("wrong values in one view", wrong_values, view_from_json, [1_000, 10_000, 40_000]),
    ("actions in a record", long_record, record_from_json, [1_000, 5_000, MAX_ACTIONS]),
    ("characters, over the limit", oversized, view_from_json, [MAX_DOCUMENT_CHARACTERS + 1]),
]


def measure(load: Callable[[str], object], text: str) -> tuple[float, float, str]:
    """The best time of three loads, the peak traced memory, and the outcome."""
    best = float("inf")
    outcome = "loaded"
    for _ in range(3):
        start = time.perf_counter()
        try:
            load(text)
        except HeartsError as error:  # the expected refusal: note which
            outcome = type(error).__name__
        best = min(best, time.perf_counter() - start)
    tracemalloc.start()
    with contextlib.suppress(HeartsError):
        load(text)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return best, peak, outcome


def table() -> str:
    lines = [
        "| Input | Size | Document | Time | Peak memory | Result |",
        "| --- | ---: | ---: | ---: | ---: | --- |",
    ]
    for name, build, load, sizes in CASES:
        for size in sizes:
            text = build(size)
            seconds, peak, outcome = measure(load, text)
            lines.append(
                f"| {name} | {size:,} | {len(text) / 1e6:.2f} MB | {seconds * 1000:,.1f} ms "
                f"| {peak / 1e6:,.1f} MB | {outcome} |"
            )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--write", action="store_true", help=f"write the table into {DOCS.name}")
    args = parser.parse_args()
    text = table()
    print(text)
    if args.write:
        page = DOCS.read_text(encoding="utf-8")
        before, _, rest = page.partition(MARK)
        _, _, after = rest.partition(MARK)
        DOCS.write_text(f"{before}{MARK}\n{text}\n{MARK}{after}", encoding="utf-8")


if __name__ == "__main__":
    main()
