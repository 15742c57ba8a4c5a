"""How fast a session is looked back at (croupier.review): a table of many coups walked into
its coups, and one coup opened with every decision valued, beside replaying the session
alone.

    .venv/bin/python benchmarks/review_speed.py [--coups 1000] [--sample 40] [--seed 7]
        [--games punto-banco,chemin-de-fer,...]

For each game, a session of `--coups` coups between the game's bots is played and saved by
the real command (`croupier play GAME --auto --rounds N --seed S --save FILE`, not timed).
Then, in this process:

- the baseline: the session replayed (`croupier.engine.history.replay`), every step;
- the walk: the same replay walked into its coups (`croupier.review.session.coups`), which a
  table server does once a table and keeps; its ratio to the baseline;
- opening a coup: for `--sample` coups drawn at random (and the first and last), the coup's
  decisions valued (`decisions`) and every frame a page is sent made (the view after each
  step, encoded as the socket encodes it, and the lines told), the median, the 95th
  percentile and the slowest, beside the issue's goal of 200 ms. The calculators are
  imported and warmed on another coup before the clock starts.

With `--database URL`, the tables of a table server's database are timed as the server
answers for them (`croupier.server.coups`, as `GET /api/tables/{id}/coups` and
`/coups/{n}` run it, without the HTTP around it), each table a block: its first list of
coups (its steps walked, cold), then `--sample` coups opened for the person who opened the
table, each the first time (its decisions valued) and again (kept), after one coup opened
on a walk of its own (the calculators imported and warmed). Make such a database
with `benchmarks/fair_soak.py --coups 1000 --database URL`, which plays 1,000 coups of each
game there.

It prints one block a game (or table) and exits 1 if a game's session could not be made or
read.
`--quick` is its short form for the test suite (tests/review/test_benchmark.py): 30 coups,
5 sampled. The figures are in docs/benchmarks.md ("Looking back").
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier import games, words
from croupier.engine.codec import encode
from croupier.engine.events import redact
from croupier.engine.history import History, replay
from croupier.review.session import Coup, coups, decisions, open_view, replayed
from croupier.server.coups import Walk, coup_json, coups_json
from croupier.server.database import migrate, open_database
from croupier.server.keys import default_key_file
from croupier.server.schema import TableRecord
from croupier.server.succession import open_keys

GOAL_MS = 200
"""The issue's goal for opening a coup (issue 42)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        """A bad option: one readable line, exit 2."""
        self.exit(2, f"{self.prog}: {message}\n")


def _options(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = _Parser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--coups", type=int, default=1000, help="coups a session (default 1000)")
    parser.add_argument("--sample", type=int, default=40, help="coups opened a game (default 40)")
    parser.add_argument("--seed", type=int, default=7, help="the sessions' seed (default 7)")
    parser.add_argument("--games", default=",".join(games.names()), help="games, by name")
    parser.add_argument("--quick", action="store_true", help="the short form: 30 coups, 5 opened")
    parser.add_argument("--database", help="time a table server's tables in this database")
    options = parser.parse_args(argv)
    if options.quick:
        options.coups, options.sample = 30, 5
    unknown = [name for name in options.games.split(",") if name not in games.names()]
    if unknown:
        parser.error(f"--games: no game {unknown[0]!r}; the games: {', '.join(games.names())}")
    if options.coups < 2 or options.sample < 1:
        parser.error("--coups must be 2 or more and --sample 1 or more")
    return options


def _session(name: str, coups_wanted: int, seed: int, folder: Path) -> History:
    """A bots' session of `coups_wanted` coups, played and saved by `croupier play`."""
    path = folder / f"{name}.json"
    command = [sys.executable, "-m", "croupier", "play", name, "--auto"]
    command += ["--rounds", str(coups_wanted), "--seed", str(seed), "--chips", "1000000"]
    command += ["--save", str(path)]
    subprocess.run(command, check=True, capture_output=True, timeout=3600)
    text = path.read_text(encoding="utf-8")
    return History.from_json(text, games.get(name))


def _opened(game: Any, coup: Coup) -> int:
    """Open `coup` as a page is sent it: its decisions valued, and each frame's view encoded
    and lines told (a shoe that is over: every card face up, every line unredacted). The
    frames made."""
    decisions(game, coup)
    narrator = words.narrator(game.name, words.Names(words.place(game.name), numbered=True))
    frames = 0
    for _before, after, moment in replayed(game, coup):
        encode(open_view(game, after))
        for event in moment.events:
            narrator(redact(event, None))
        frames += 1
    return frames


def _game(name: str, options: argparse.Namespace, folder: Path) -> None:
    game = games.get(name)
    history = _session(name, options.coups, options.seed, folder)
    started = time.perf_counter()
    steps = sum(1 for _ in replay(game, history))
    replaying = time.perf_counter() - started
    started = time.perf_counter()
    played = [coup for coup in coups(game, history) if not coup.closing]
    walking = time.perf_counter() - started
    rng = random.Random(options.seed)
    _opened(game, played[len(played) // 2])  # the calculators imported and warmed
    chosen = {0, len(played) - 1, *rng.sample(range(len(played)), min(options.sample, len(played)))}
    times = []
    for number in sorted(chosen):
        started = time.perf_counter()
        _opened(game, played[number])
        times.append((time.perf_counter() - started) * 1000)
    times.sort()
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    print(f"{name}: {len(played)} coups, {steps} steps")
    print(f"  replay (baseline)  {replaying:7.2f} s  {replaying / steps * 1e6:6.1f} us a step")
    print(f"  walk into coups    {walking:7.2f} s  {walking / steps * 1e6:6.1f} us a step")
    print(f"  walk / replay      {walking / replaying:7.2f}")
    median = statistics.median(times)
    print(
        f"  open a coup        median {median:6.1f} ms  p95 {p95:6.1f} ms  slowest {times[-1]:6.1f}"
        f" ms  of {len(times)}; goal {GOAL_MS} ms: slowest / goal {times[-1] / GOAL_MS:.2f}"
    )


def _percentiles(times: list[float]) -> str:
    times = sorted(times)
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    return (
        f"median {statistics.median(times):6.1f} ms  p95 {p95:6.1f} ms  slowest {times[-1]:6.1f}"
        f" ms  of {len(times)}; slowest / goal {times[-1] / GOAL_MS:.2f}"
    )


def _served(url: str, options: argparse.Namespace) -> None:
    """The tables of the server's database at `url`, timed as the server answers for them
    (the database first brought up to this croupier's schema, as `croupier serve` does)."""
    migrate(url)
    engine = open_database(url)
    box = open_keys(engine, default_key_file(url)).box
    with Session(engine) as session:
        tables = session.execute(
            select(TableRecord.id, TableRecord.game, TableRecord.opened_by).order_by(TableRecord.id)
        ).all()
    rng = random.Random(options.seed)
    for table, game, opener in tables:
        walk = Walk(table)
        started = time.perf_counter()
        listed = coups_json(engine, walk)["coups"]
        walking = time.perf_counter() - started
        assert isinstance(listed, list)
        if not listed:
            continue
        wanted = sorted(rng.sample(range(1, len(listed) + 1), min(options.sample, len(listed))))
        coup_json(engine, box, Walk(table), len(listed) // 2 + 1, opener)  # imports, warmed
        first: list[float] = []
        again: list[float] = []
        for number in wanted:
            for kept in (first, again):
                started = time.perf_counter()
                coup_json(engine, box, walk, number, opener)
                kept.append((time.perf_counter() - started) * 1000)
        print(f"table {table} ({game}): {len(listed)} coups, {walk.seq} steps")
        a_step = walking / walk.seq * 1e6
        print(f"  the first list (walked)  {walking:7.2f} s  {a_step:6.1f} us a step")
        print(f"  open a coup, first time  {_percentiles(first)}")
        print(f"  open a coup, again       {_percentiles(again)}")
    engine.dispose()


def main(argv: Sequence[str] | None = None) -> int:
    options = _options(argv)
    print(f"review_speed on {platform.machine()}, Python {platform.python_version()}")
    if options.database:
        _served(options.database, options)
        return 0
    with tempfile.TemporaryDirectory() as folder:
        for name in options.games.split(","):
            try:
                _game(name, options, Path(folder))
            except (subprocess.SubprocessError, OSError) as error:
                print(f"{name}: the session could not be made: {error}", file=sys.stderr)
                return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
