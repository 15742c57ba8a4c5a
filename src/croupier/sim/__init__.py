"""Fast Monte Carlo: each game's coup, deal or bank played in a numba kernel (plain Python
when numba is not installed), held card for card equal to the engine by the tests.

Importing `croupier.sim` loads nothing; import the modules you need:

- `jit`: numba's `njit` (and its inlined and uncounted forms) when numba is installed,
  plain Python when not: how every kernel, here and in `croupier.rl.vector`, is compiled.
- `rng`: the kernels' seeded generator (xoshiro256**): `seeded(SeedSequence)` gives a
  state, `uniform`, `next_u64` and `shuffle_prefix` step it inside a kernel.
- `runner`: a run split into `chunks` with seeds spawned from one seed, played by `run`
  here, on local processes or on a Dask cluster, with the same totals for the same seed.
- `punto_banco`, `chemin_de_fer`, `monte_bank`, `private_monte`, `banchek`: the kernels.
- `*_results`: what a run found, each figure with its 95% interval beside the exact one.
- `sessions`, `session_results`: players with a bankroll, until ruin or the last hand.
- `slices`: a chunk's counts slice by slice, to follow a run as it adds up.

For example, a seeded generator and one uniform draw::

    >>> import numpy as np
    >>> from croupier.sim import rng
    >>> state = rng.seeded(np.random.SeedSequence(7))
    >>> 0.0 <= rng.uniform(state) < 1.0
    True
"""

__all__ = [
    "banchek",
    "banchek_results",
    "chemin_de_fer",
    "chemin_de_fer_results",
    "jit",
    "monte_bank",
    "monte_bank_results",
    "private_monte",
    "private_monte_results",
    "punto_banco",
    "punto_banco_results",
    "rng",
    "runner",
    "session_results",
    "sessions",
    "slices",
]
