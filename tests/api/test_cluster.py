"""The runner on any executor: a thread pool, and a local Dask cluster of two worker
processes, give the same arena and simulation as the local process pool for one seed; and
``scripts/hand_stats.py --scheduler`` writes on that cluster the page it writes locally."""

from __future__ import annotations

import concurrent.futures
import functools
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from dominoes import Ruleset
from dominoes.agents import Agent, GreedyAgent, RandomAgent
from dominoes.arena import run_arena
from dominoes.simulation import Mode, run_chunks, simulate
from stats_script import hand_stats_module

CHEAP: dict[str, Agent] = {"greedy": GreedyAgent(), "random": RandomAgent()}
SHORT = Ruleset.block(target=30)


def test_run_chunks_keeps_the_order_on_any_executor() -> None:
    tasks = [functools.partial(pow, 3, n) for n in range(12)]
    seen: list[tuple[int, int]] = []
    with concurrent.futures.ThreadPoolExecutor(3) as pool:
        assert run_chunks(tasks, executor=pool, progress=lambda d, t: seen.append((d, t))) == [
            3**n for n in range(12)
        ]
    assert (seen[0], seen[-1]) == ((0, 12), (12, 12))


def test_a_thread_pool_gives_the_same_reports() -> None:
    serial = run_arena(Ruleset.block(), CHEAP, hands=8, seed=3)
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        assert run_arena(Ruleset.block(), CHEAP, hands=8, seed=3, executor=pool) == serial


@pytest.fixture(scope="module")
def dask_cluster() -> Iterator[Any]:
    """A local Dask cluster: a scheduler and two worker processes."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None
    ) as cluster:
        yield cluster


@pytest.fixture(scope="module")
def dask_executor(dask_cluster: Any) -> Iterator[concurrent.futures.Executor]:
    distributed = pytest.importorskip("distributed")
    with distributed.Client(dask_cluster) as client:
        yield client.get_executor()


def test_the_arena_on_a_dask_cluster_is_the_local_pool_s(
    dask_executor: concurrent.futures.Executor,
) -> None:
    local = run_arena(Ruleset.block(), CHEAP, hands=12, seed=7, workers=2)
    remote = run_arena(Ruleset.block(), CHEAP, hands=12, seed=7, workers=2, executor=dask_executor)
    assert remote == local
    assert remote.records == local.records
    matches = run_arena(SHORT, CHEAP, matches=4, seed=2, executor=dask_executor)
    assert matches.match_records == run_arena(SHORT, CHEAP, matches=4, seed=2).match_records


def test_the_simulation_on_a_dask_cluster_is_the_local_pool_s(
    dask_executor: concurrent.futures.Executor,
) -> None:
    agents: list[Agent] = [GreedyAgent(), RandomAgent()]
    local = simulate(Ruleset.block(), agents, count=20, seed=5, workers=2)
    assert simulate(Ruleset.block(), agents, count=20, seed=5, executor=dask_executor) == local
    rules = Ruleset.block(target=30)
    one = simulate(rules, agents, count=4, seed=1, mode=Mode.MATCHES)
    assert (
        simulate(rules, agents, count=4, seed=1, mode=Mode.MATCHES, executor=dask_executor) == one
    )


@pytest.fixture(scope="module")
def hand_stats() -> Iterator[ModuleType]:
    """scripts/hand_stats.py as the module ``hand_stats`` (as the script runs itself),
    with a few train tables (`hand_stats_module`)."""
    with hand_stats_module() as module:
        yield module


def _page(hand_stats: ModuleType, out: Path, *options: str) -> dict[str, bytes]:
    assert hand_stats.main(["--hands", "4", "--seed", "3", "--out-dir", str(out), *options]) == 0
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


def test_the_statistics_script_on_a_dask_scheduler_writes_the_local_page(
    dask_cluster: Any, hand_stats: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--scheduler: the script ships itself to the workers (which were started without
    scripts/ on their path) and gets the tallies, so the page and plots are the same."""
    local = _page(hand_stats, tmp_path / "local")
    address = dask_cluster.scheduler_address
    assert _page(hand_stats, tmp_path / "dask", "--scheduler", address) == local
    assert f"2 Dask worker(s) at {address}" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--workers", "2", "--scheduler", "tcp://127.0.0.1:1"], "give --workers or --scheduler"),
        (["--scheduler", "nowhere"], "cannot reach the Dask scheduler at 'nowhere': "),
    ],
)
def test_the_statistics_script_refuses_a_bad_scheduler(
    hand_stats: ModuleType, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    pytest.importorskip("distributed")
    with pytest.raises(SystemExit) as exit_:
        hand_stats.main(["--hands", "2", *argv])
    assert exit_.value.code == 2
    assert message in capsys.readouterr().err
