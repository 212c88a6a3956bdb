"""``--scheduler ADDRESS``: run ``dominoes arena`` or ``dominoes simulate`` on a running
Dask scheduler, through Dask's ``concurrent.futures`` executor (the ``dask`` extra).
``scripts/hand_stats.py --scheduler`` uses `dask_executor` too."""

from __future__ import annotations

import concurrent.futures
import contextlib
import os
from collections.abc import Callable, Iterator, Sequence
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
def dask_executor(
    address: str, *, upload: Sequence[str | os.PathLike[str]] = ()
) -> Iterator[tuple[concurrent.futures.Executor, int]]:
    """A Dask client of the scheduler at ``address``: its executor, and how many workers
    the cluster has (to cut the work into chunks for them).

    ``upload`` lists Python files to ship to the cluster, for work that refers to a
    module the cluster does not have installed, such as a script's: each is copied to
    the scheduler (which unpickles the tasks, and imports the module when it first needs
    it) and to the workers (Dask's ``UploadFile`` plugin: imported there, or imported
    again if it was, on the workers that join later too). The scheduler does not import
    it on upload as ``Client.upload_file`` does by default: it may share this process (a
    ``LocalCluster``), where reloading the module would leave this process's objects of
    it (an enum member, a class) unlike the module's new ones.

    Raises:
        click.UsageError: Dask is not installed, the scheduler cannot be reached, or a
            file cannot be uploaded.
    """
    try:
        from distributed import Client  # noqa: PLC0415 - an optional extra
        from distributed.diagnostics.plugin import UploadFile  # noqa: PLC0415 - the same
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
        for path in upload:
            try:
                client.upload_file(os.fspath(path), load=False)
                plugin = UploadFile(os.fspath(path))
                client.register_plugin(plugin, name=f"dominoes-upload:{plugin.filename}")
            except Exception as error:  # a missing file, or a worker that cannot import it
                raise click.UsageError(
                    f"cannot ship {os.fspath(path)!r} to the Dask cluster: "
                    f"{' '.join(str(error).split())}"
                ) from None
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        yield client.get_executor(), workers  # type: ignore[no-untyped-call]


@contextlib.contextmanager
def executor_for(
    scheduler: str | None, workers: int, *, upload: Sequence[str | os.PathLike[str]] = ()
) -> Iterator[tuple[concurrent.futures.Executor | None, int]]:
    """Where a run plays, from ``--scheduler`` and ``--workers``: the Dask cluster's
    executor and its number of workers (`dask_executor`, which ships the files of
    ``upload`` there), or, with no scheduler, no executor (local processes) and
    ``workers``.

    Raises:
        click.UsageError: both a scheduler and other than one worker are given, or Dask
            is not installed or the scheduler cannot be reached.
    """
    if scheduler is None:
        yield None, workers
        return
    if workers != 1:
        raise click.UsageError("give --workers or --scheduler, not both")
    with dask_executor(scheduler, upload=upload) as found:
        yield found
