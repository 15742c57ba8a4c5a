"""How fast the research environments step, on one core, beside OpenSpiel's own games.

    .venv/bin/python benchmarks/rl_speed.py [--seconds S] [--before DIR] [--markdown]

Every environment is played by random legal play for `--seconds` (default 2) and timed in
agent steps a second (a seat's choice; chance's draws and the house's steps are not
counted, but their time is):

- the PettingZoo AEC environments (`croupier.rl.pettingzoo`), every game;
- the OpenSpiel session games (`python_croupier_*`), every game, chance sampled from its
  `chance_outcomes` as any OpenSpiel sampler does;
- the vector tables (`croupier.rl.vector`) at N = 1, 64 and 1024, N agent steps a step
  (only `step` is timed: the random actions are drawn outside the clock);
- the baselines, measured in the same run with the same loop: OpenSpiel's Kuhn poker
  written in Python (`python_kuhn_poker`) and its C++ Leduc poker (`leduc_poker`).

The ratio column is each figure over `python_kuhn_poker`'s. The goals (issue 28): 20,000
agent steps a second for every AEC and OpenSpiel session environment, 2,000,000 for the
Punto Banco vector tables at N = 1024.

`--before DIR` also measures the AEC and OpenSpiel session environments of another
checkout of croupier (its `src` put first on the path, in a process of its own), for a
before-and-after ratio in the same run: `git worktree add /tmp/before <commit>`.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time

import numpy as np

GAMES = ("punto-banco", "chemin-de-fer", "monte-bank", "private-monte", "banchek")
VECTOR_GAMES = ("punto-banco", "chemin-de-fer", "private-monte")
TABLES = (1, 64, 1024)
SESSION_GOAL = 20_000
VECTOR_GOAL = 2_000_000


def aec(game: str, seconds: float) -> float:
    """Agent steps a second of the game's AEC environment, random legal play."""
    from croupier.rl.pettingzoo import env

    table = env(game)
    chooser = np.random.default_rng(0)
    steps, sessions = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        table.reset(seed=sessions)
        sessions += 1
        for _ in table.agent_iter():
            observation, _, terminated, truncated, _ = table.last()
            if terminated or truncated:
                table.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            table.step(int(legal[chooser.integers(len(legal))]))
            steps += 1
            if steps % 64 == 0 and time.perf_counter() - start >= seconds:
                break
    return steps / (time.perf_counter() - start)


def openspiel(name: str, seconds: float) -> float:
    """Agent steps a second of an OpenSpiel game, random legal play, chance sampled."""
    import pyspiel  # type: ignore[import-not-found]

    game = pyspiel.load_game(name)
    chooser = np.random.default_rng(0)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                actions, chances = zip(*outcomes, strict=True)
                state.apply_action(int(chooser.choice(actions, p=np.array(chances))))
            else:
                legal = state.legal_actions()
                state.apply_action(legal[chooser.integers(len(legal))])
                steps += 1
    return steps / (time.perf_counter() - start)


def vector(game: str, tables: int, seconds: float) -> float:
    """Agent steps a second of `tables` vector tables (only `step` timed)."""
    from croupier.rl.vector import make

    envs = make(game, num_envs=tables)
    _, info = envs.reset(seed=0)
    chooser = np.random.default_rng(0)
    spent, steps = 0.0, 0
    while spent < seconds:
        mask = info["action_mask"]
        actions = np.argmax(chooser.random(mask.shape) * mask, axis=1)
        begun = time.perf_counter()
        _, _, _, _, info = envs.step(actions)
        spent += time.perf_counter() - begun
        steps += tables
    return steps / spent


def sessions(seconds: float) -> dict[str, float]:
    """The AEC and OpenSpiel session environments of the croupier on the path."""
    from croupier.rl.openspiel import register

    register()
    found = {f"aec {game}": aec(game, seconds) for game in GAMES}
    for game in GAMES:
        found[f"openspiel {game}"] = openspiel("python_croupier_" + game.replace("-", "_"), seconds)
    return found


def before(checkout: str, seconds: float) -> dict[str, float]:
    """`sessions` of the croupier in `checkout`, measured in a process of its own."""
    path = os.pathsep.join([os.path.join(checkout, "src"), os.environ.get("PYTHONPATH", "")])
    done = subprocess.run(
        [sys.executable, __file__, "--sessions-only", "--seconds", str(seconds)],
        env={**os.environ, "PYTHONPATH": path},
        capture_output=True,
        text=True,
        check=True,
    )
    found: dict[str, float] = json.loads(done.stdout)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time each environment so long")
    parser.add_argument("--before", metavar="DIR", help="a checkout of croupier to compare with")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    parser.add_argument("--sessions-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.seconds <= 0:
        parser.error(f"--seconds {args.seconds}: a time above 0")
    if args.before and not os.path.isdir(os.path.join(args.before, "src", "croupier")):
        parser.error(f"--before {args.before}: no checkout of croupier there (no src/croupier)")
    if args.sessions_only:
        print(json.dumps(sessions(args.seconds)))
        return
    import open_spiel.python.games  # type: ignore[import-untyped]  # noqa: F401  (registers python_kuhn_poker)

    print(f"{platform.processor() or platform.machine()}, Python {platform.python_version()}")
    rows: list[tuple[str, float, float | None, float | None]] = []
    kuhn = openspiel("python_kuhn_poker", args.seconds)
    leduc = openspiel("leduc_poker", args.seconds)
    old = before(args.before, args.seconds) if args.before else {}
    found = sessions(args.seconds)
    for name, rate in found.items():
        rows.append((name, rate, SESSION_GOAL, old.get(name)))
    for game in VECTOR_GAMES:
        for tables in TABLES:
            goal = VECTOR_GOAL if game == "punto-banco" and tables == 1024 else None
            rows.append(
                (f"vector {game} N={tables}", vector(game, tables, args.seconds), goal, None)
            )
    rows += [
        ("python_kuhn_poker (baseline)", kuhn, None, None),
        ("leduc_poker (C++)", leduc, None, None),
    ]
    _print(rows, kuhn, bool(old), args.markdown)


def _print(
    rows: list[tuple[str, float, float | None, float | None]],
    kuhn: float,
    compared: bool,
    markdown: bool,
) -> None:
    head = ["environment", "agent steps/s", "x Kuhn", "goal", "met"] + (
        ["x before"] if compared else []
    )
    lines = [head]
    for name, rate, goal, old in rows:
        line = [
            name,
            f"{rate:,.0f}",
            f"{rate / kuhn:.2f}",
            "" if goal is None else f"{goal:,}",
            "" if goal is None else ("yes" if rate >= goal else f"{rate / goal:.0%}"),
        ]
        if compared:
            line.append("" if old is None else f"{rate / old:.1f}")
        lines.append(line)
    if markdown:
        print("| " + " | ".join(lines[0]) + " |")
        print("|" + "---|" * len(lines[0]))
        for line in lines[1:]:
            print("| " + " | ".join(line) + " |")
        return
    widths = [max(len(line[i]) for line in lines) for i in range(len(head))]
    for line in lines:
        print("  ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=True)))


if __name__ == "__main__":
    main()
