"""``--scheduler ADDRESS``: run ``dominoes arena`` or ``dominoes simulate`` on a running
Dask scheduler, through Dask's ``concurrent.futures`` executor (the ``dask`` extra)."""

from __future__ import annotations

import concurrent.futures
import contextlib
from collections.abc import Callable, Iterator
from typing import TypeVar

import click

__all__ = ["dask_executor", "executor_for", "scheduler_option"]

F = TypeVar("F", bound=Callable[..., object])


def scheduler_option(function: F) -> F:
    """The ``--scheduler ADDRESS`` option (the decorated function gets ``scheduler``)."""
    return click.option(
        "--scheduler",
        metavar="ADDRESS",
        default=None,
        help="Play on the running Dask scheduler at ADDRESS (tcp://host:8786) instead of "
        "local processes (needs the dask extra). The report is the same.",
    )(function)


@contextlib.contextmanager
def dask_executor(address: str) -> Iterator[tuple[concurrent.futures.Executor, int]]:
    """A Dask client of the scheduler at ``address``: its executor, and how many workers
    the cluster has (to cut the work into chunks for them)."""
    try:
        from distributed import Client  # noqa: PLC0415 - an optional extra
    except ImportError:
        raise click.UsageError(
            "--scheduler needs Dask: pip install 'dominoes-rules[dask]'"
        ) from None
    try:
        client = Client(address, timeout=10)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as error:
        raise click.UsageError(
            f"cannot reach the Dask scheduler at {address!r}: {' '.join(str(error).split())}"
        ) from None
    with client:
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        yield client.get_executor(), workers  # type: ignore[no-untyped-call]


@contextlib.contextmanager
def executor_for(
    scheduler: str | None, workers: int
) -> Iterator[tuple[concurrent.futures.Executor | None, int]]:
    """Where a run plays, from ``--scheduler`` and ``--workers``: the Dask cluster's
    executor and its number of workers (`dask_executor`), or, with no scheduler, no
    executor (local processes) and ``workers``.

    Raises:
        click.UsageError: both a scheduler and other than one worker are given, or Dask
            is not installed or the scheduler cannot be reached.
    """
    if scheduler is None:
        yield None, workers
        return
    if workers != 1:
        raise click.UsageError("give --workers or --scheduler, not both")
    with dask_executor(scheduler) as found:
        yield found
