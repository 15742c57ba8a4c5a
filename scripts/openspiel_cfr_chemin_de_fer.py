"""OpenSpiel's CFR+ on a single Chemin de Fer coup, beside croupier's own solver.

    .venv/bin/python scripts/openspiel_cfr_chemin_de_fer.py [--shoe "5S 5H KS KH 3S 2S 2H 6S"]
        [--target 1e-3]

Runs CFR+ on `python_croupier_chemin_de_fer_coup` dealt from the shoe until
`nash_conv` reaches the target, and prints it with the average policy's value to
the punter and croupier's equilibrium value on the same shoe (the cards model).
Python CFR+ walks the whole tree every iteration: keep the shoe to a few cards.
"""

from __future__ import annotations

import argparse

from croupier.rl.openspiel_check import run_cfr_plus, solver_value

SHOE = "5S 5H KS KH 3S 2S 2H 6S"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--shoe", default=SHOE, help="cards, space-separated (6 or more)")
    parser.add_argument("--target", type=float, default=1e-3, help="nash_conv to reach")
    args = parser.parse_args()
    croupier = solver_value(args.shoe)
    run = run_cfr_plus(args.shoe, target=args.target)
    print(f"shoe: {args.shoe}")
    print(f"CFR+: {run.iterations} iterations, {run.seconds:.1f} s, nash_conv {run.nash_conv:.2e}")
    print(f"value to the punter, CFR+ average policy: {run.values[0]:+.6f}")
    print(f"value to the punter, croupier's solver:   {croupier:+.6f}")
    print(f"difference: {abs(run.values[0] - croupier):.2e}")


if __name__ == "__main__":
    main()
