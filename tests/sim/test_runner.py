"""The runner: chunks with their own seeds, the same totals however they are spread, and
Ctrl-C keeping what was done."""

import numpy as np
import pytest

from croupier.errors import InvalidInput
from croupier.games.punto_banco import Rules
from croupier.sim import punto_banco
from croupier.sim.runner import chunks, run

OPTIONS = {"rules": Rules()}


def test_chunks_and_their_seeds():
    pieces = chunks(10, seed=3, size=4)
    assert [c.hands for c in pieces] == [4, 4, 2]
    again = chunks(10, seed=3, size=4)
    assert [c.seed.generate_state(2).tolist() for c in pieces] == [
        c.seed.generate_state(2).tolist() for c in again
    ]
    with pytest.raises(InvalidInput, match="hands = 0 is not valid"):
        chunks(0, seed=1)


def test_the_same_totals_with_one_worker_two_workers_and_dask():
    pieces = chunks(600_000, seed=11, size=100_000)
    alone = run(punto_banco.simulate, pieces, OPTIONS).totals()
    two = run(punto_banco.simulate, pieces, OPTIONS, workers=2).totals()
    from distributed import Client, LocalCluster

    with (
        LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster,
        Client(cluster) as client,
    ):
        dask = run(punto_banco.simulate, pieces, OPTIONS, client=client).totals()
    assert alone.tolist() == two.tolist() == dask.tolist()
    assert alone[:3].sum() == 600_000
    other = run(punto_banco.simulate, chunks(600_000, seed=12, size=100_000), OPTIONS).totals()
    assert other.tolist() != alone.tolist()


def test_ctrl_c_keeps_what_was_done():
    calls: list[int] = []

    def kernel(state, hands):
        if len(calls) == 2:
            raise KeyboardInterrupt
        calls.append(hands)
        return np.ones((2, 3), dtype=np.int64)

    result = run(kernel, chunks(50, seed=1, size=10), {})
    assert result.interrupted and result.hands == 20
    assert result.totals().tolist() == [4, 4, 4]
    assert [n for n, _ in result.running()] == [5, 10, 15, 20]


def test_running_totals_follow_the_slices():
    result = run(punto_banco.simulate, chunks(32_000, seed=2, size=16_000), OPTIONS)
    running = list(result.running())
    assert len(running) == 2 * punto_banco.SLICES
    assert running[-1][0] == 32_000
    assert running[-1][1].tolist() == result.totals().tolist()
