"""The runner: chunks of work, in order, in this process or on any executor."""

from __future__ import annotations

import concurrent.futures
import math
import multiprocessing
import pickle
from collections.abc import Callable, Sequence
from typing import TypeVar

from dominoes.errors import ArgumentTypeError, ArgumentValueError, shown
from dominoes.stats import check_count

ProgressCallback = Callable[[int, int], None]
"""A progress callback: ``callback(done, total)``, in the run's units (hands, or
matches), called as chunks finish; the library prints nothing itself."""

_R = TypeVar("_R")


def chunks(count: int, workers: int = 1) -> list[tuple[int, int]]:
    """Contiguous ranges ``(start, stop)`` covering ``0 .. count - 1``: about 8 per worker,
    at most 50 units each. Results are collected in this order, so how the chunks are
    spread over workers never changes them.

    >>> chunks(10, 1)
    [(0, 2), (2, 4), (4, 6), (6, 8), (8, 10)]

    Raises:
        ArgumentTypeError: an argument is not an int (a `TypeError`).
        ArgumentValueError: ``count`` is negative or ``workers`` below 1 (a `ValueError`).
    """
    check_count(count, "count", 0)
    check_count(workers, "workers", 1)
    size = max(1, min(50, math.ceil(count / (workers * 8))))
    return [(start, min(count, start + size)) for start in range(0, count, size)]


def check_picklable(value: object, name: str) -> None:
    """Refuse ``value`` unless it can be pickled (to be sent to worker processes).

    Raises:
        ArgumentTypeError: pickle refuses it (a `TypeError`).
    """
    try:
        pickle.dumps(value)
    except Exception as e:
        raise ArgumentTypeError(
            f"{name} must be picklable to run in worker processes ({type(e).__name__})",
            argument=name,
        ) from e


def check_executor(executor: object) -> None:
    """Refuse ``executor`` unless it is ``None`` or a `concurrent.futures.Executor`.

    Raises:
        ArgumentTypeError: it is neither (a `TypeError`).
    """
    if executor is not None and not isinstance(executor, concurrent.futures.Executor):
        raise ArgumentTypeError(
            f"executor must be a concurrent.futures.Executor or None, got {shown(executor)}",
            argument="executor",
        )


def run_chunks(
    tasks: Sequence[Callable[[], _R]],
    *,
    sizes: Sequence[int] | None = None,
    workers: int = 1,
    executor: concurrent.futures.Executor | None = None,
    progress: ProgressCallback | None = None,
) -> list[_R]:
    """Run every task and return their results in the order of ``tasks``.

    Where the tasks run: on ``executor`` when one is given (any
    `concurrent.futures.Executor`: a thread or process pool, or Dask's
    ``Client.get_executor()``; it is left open); else in ``workers`` processes of the
    standard library's process pool (the spawn context), when ``workers > 1``; else one
    after the other in this process. A task is a callable without arguments, such as a
    `functools.partial` of a top-level function, so that it pickles.

    Args:
        tasks: The chunks of work.
        sizes: The units each task counts for in ``progress`` (default: 1 each).
        workers: Processes of the default pool (1: none, this process).
        executor: Where to run the tasks instead.
        progress: Called with ``(0, total)`` first, then as each task finishes.

    Raises:
        ArgumentTypeError: ``executor`` is not an executor, or ``workers`` not an int.
        ArgumentValueError: ``workers`` is below 1, or ``sizes`` is not one per task.

    >>> import functools
    >>> run_chunks([functools.partial(pow, 2, n) for n in range(5)])
    [1, 2, 4, 8, 16]
    """
    check_count(workers, "workers", 1)
    check_executor(executor)
    sizes = [1] * len(tasks) if sizes is None else list(sizes)
    if len(sizes) != len(tasks):
        raise ArgumentValueError(
            f"sizes must hold one size per task ({len(tasks)}), got {len(sizes)}",
            argument="sizes",
        )
    total = sum(sizes)
    done = 0
    if progress is not None:
        progress(0, total)
    if executor is None and workers == 1:
        out = []
        for task, size in zip(tasks, sizes, strict=True):
            out.append(task())
            done += size
            if progress is not None:
                progress(done, total)
        return out
    if executor is not None:
        return _gather(executor, tasks, sizes, total, progress)
    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(workers, mp_context=context) as pool:
        return _gather(pool, tasks, sizes, total, progress)


def _gather(
    executor: concurrent.futures.Executor,
    tasks: Sequence[Callable[[], _R]],
    sizes: Sequence[int],
    total: int,
    progress: ProgressCallback | None,
) -> list[_R]:
    """Submit every task to ``executor``; the results in task order."""
    results: dict[int, _R] = {}
    done = 0
    futures = {executor.submit(task): n for n, task in enumerate(tasks)}
    try:
        for future in concurrent.futures.as_completed(futures):
            n = futures[future]
            results[n] = future.result()
            done += sizes[n]
            if progress is not None:
                progress(done, total)
    except BaseException:
        for future in futures:  # a task failed, or an interrupt: stop early
            future.cancel()
        raise
    return [results[n] for n in range(len(tasks))]
