"""Where the arena's deals are played: worker processes here, or Ray tasks anywhere.

Both backends cut the deals into chunks of consecutive deals, have
:func:`~hearts_core.bots.arena.play_deals` play each chunk, and hand back the
outcomes; the arena sorts them by deal. Since every deal is seeded from the
run's seed and its own index, neither the chunking nor the order in which
chunks finish changes a figure.

* ``local``: a :class:`~concurrent.futures.ProcessPoolExecutor` of
  ``workers`` processes (one worker plays in the calling process).
* ``ray``: one Ray task per chunk, at most ``workers`` in flight. Ray joins
  the cluster at ``address`` (or ``RAY_ADDRESS``), or starts a local one.
  Install it with the ``ray`` extra: ``pip install 'hearts-core[ray]'``.

>>> from hearts_core import Rules
>>> [len(c) for c in chunks(100, 2)]  # 100 // 16 = 6 deals a chunk, the rest last
[6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 4]
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from hearts_core.bots.arena import BotSpec, DealOutcome, play_deals
from hearts_core.bots.errors import BotError
from hearts_core.rules import Rules

__all__ = ["chunks", "run_local", "run_ray"]

Progress = Callable[[int, int], None] | None


def chunks(deals: int, workers: int, first: int = 0) -> list[range]:
    """Deals ``first`` to ``first + deals - 1`` cut into runs of consecutive deals: about
    eight per worker, at most 25 deals each, so that progress shows and the workers
    finish together.

    >>> chunks(5, 1, first=10)
    [range(10, 11), range(11, 12), range(12, 13), range(13, 14), range(14, 15)]
    """
    size = max(1, min(25, deals // (8 * workers)))
    end = first + deals
    return [range(start, min(start + size, end)) for start in range(first, end, size)]


def run_local(
    bot_a: BotSpec,
    bot_b: BotSpec,
    rules: Rules,
    seed: int,
    deals: int,
    workers: int,
    progress: Progress = None,
    first: int = 0,
) -> list[DealOutcome]:
    """The outcomes of deals ``first`` to ``first + deals - 1``, in deal order, played by
    ``workers`` local processes (1: in this process).

    >>> a = run_local("rule", "random", Rules(), 1, 4, 1)
    >>> a == run_local("rule", "random", Rules(), 1, 4, 2)
    True
    """
    parts = chunks(deals, workers, first)
    outcomes: list[DealOutcome] = []
    if workers == 1:
        for part in parts:
            outcomes += play_deals(bot_a, bot_b, rules, seed, part.start, len(part))
            if progress is not None:
                progress(len(outcomes), deals)
        return outcomes
    with ProcessPoolExecutor(max_workers=workers) as pool:
        pending: set[Future[list[DealOutcome]]] = {
            pool.submit(play_deals, bot_a, bot_b, rules, seed, part.start, len(part))
            for part in parts
        }
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                outcomes += future.result()
            if progress is not None:
                progress(len(outcomes), deals)
    return sorted(outcomes, key=lambda outcome: outcome.deal)


def run_ray(
    bot_a: BotSpec,
    bot_b: BotSpec,
    rules: Rules,
    seed: int,
    deals: int,
    workers: int,
    address: str | None = None,
    progress: Progress = None,
    first: int = 0,
) -> list[DealOutcome]:
    """The deals' outcomes, in deal order, played as Ray tasks, ``workers`` of them in flight
    at once.

    Ray is started (or joined, at ``address`` or ``RAY_ADDRESS``) if it is not
    running yet, and left running for the next call.

    Raises:
        BotError: if Ray is not installed.

    >>> import importlib.util
    >>> if importlib.util.find_spec("ray") is None:  # the message when Ray is missing
    ...     try:
    ...         run_ray("rule", "rule", Rules(), 1, 1, 1)
    ...     except BotError as error:
    ...         assert "pip install 'hearts-core[ray]'" in str(error)
    """
    try:
        import ray  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        raise BotError("the ray backend needs Ray: pip install 'hearts-core[ray]'") from None
    if not ray.is_initialized():
        target = address or os.environ.get("RAY_ADDRESS") or None
        ray.init(address=target, include_dashboard=False, log_to_driver=False)
    task: Any = ray.remote(num_cpus=1)(play_deals)
    parts = chunks(deals, workers, first)
    outcomes: list[DealOutcome] = []
    pending: list[Any] = []
    while parts or pending:
        while parts and len(pending) < workers:
            part = parts.pop(0)
            pending.append(task.remote(bot_a, bot_b, rules, seed, part.start, len(part)))
        done, pending = ray.wait(pending, num_returns=1)
        for ref in done:
            outcomes += ray.get(ref)
        if progress is not None:
            progress(len(outcomes), deals)
    return sorted(outcomes, key=lambda outcome: outcome.deal)
