"""How long OpenSpiel's CFR+ takes to solve a Chemin de Fer coup, beside croupier's solver.

    .venv/bin/python benchmarks/openspiel_cfr.py [--shoe "5S 5H KS KH 3S 2S 2H 6S"]

Machine: whatever runs it (printed first). Baseline: croupier's own solver
(`croupier.solve.chemin_de_fer`, the cards model, enumeration included) on the
same shoe, timed in the same run. Measured: OpenSpiel's Python CFR+ on
`python_croupier_chemin_de_fer_coup` until `nash_conv` <= 1e-3 (checked every 5
iterations, the checks included), its iterations a second (without the checks),
and the ratio of the two times.
"""

from __future__ import annotations

import argparse
import platform
import time

from croupier.rl.openspiel_check import run_cfr_plus, solver_value

SHOE = "5S 5H KS KH 3S 2S 2H 6S"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--shoe", default=SHOE, help="cards, space-separated (6 or more)")
    args = parser.parse_args()
    print(f"{platform.machine()}, Python {platform.python_version()}, shoe: {args.shoe}")
    start = time.perf_counter()
    croupier = solver_value(args.shoe)
    solver_seconds = time.perf_counter() - start
    bare = run_cfr_plus(args.shoe, target=0.0, every=10**9, limit=20)  # no checks
    run = run_cfr_plus(args.shoe, target=1e-3)
    print(f"  croupier's solver{solver_seconds * 1e3:16.1f} ms   value {croupier:+.6f}")
    print(
        f"  CFR+ to nash_conv 1e-3{run.seconds * 1e3:11.1f} ms   value {run.values[0]:+.6f}"
        f"   ({run.iterations} iterations, nash_conv {run.nash_conv:.2e})"
    )
    print(f"  CFR+ iterations a second{bare.iterations / bare.seconds:10.2f}")
    print(f"  ratio, CFR+ time / croupier's solver time: {run.seconds / solver_seconds:.0f}x")


if __name__ == "__main__":
    main()
