"""The runner on any executor: a thread pool, and a local Dask cluster of two worker
processes, give the same arena and simulation as the local process pool for one seed."""

from __future__ import annotations

import concurrent.futures
import functools
from collections.abc import Iterator

import pytest

from dominoes import Ruleset
from dominoes.agents import Agent, GreedyAgent, RandomAgent
from dominoes.arena import run_arena
from dominoes.simulation import Mode, run_chunks, simulate

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
def dask_executor() -> Iterator[concurrent.futures.Executor]:
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
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
