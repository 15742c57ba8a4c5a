"""REINFORCE at Private Monte Bank: a punter learns which layout to back, on 1024 tables at once.

    python examples/private_monte_reinforce.py --seed 1 --plot reinforce.png

The tables are `croupier.rl.vector.make("private-monte", num_envs=1024)`: each step a deal,
the agent backs neither layout, the top, the bottom or both, the cava on each, and is paid 1
to 1 when the gate's suit is one of his layout's (RULES PM-4 .. PM-6); a shuffle gives six
deals (PM-8), so the cards seen in its earlier deals tell which suits are left.

The policy is a softmax over the four actions, linear in three features of the observation:
a constant and each layout's exact edge, `2 * covered / unseen - 1`, from the unseen counts of
its suits (`layout_counts`). The linear logits can express the best play, back a layout just
when its edge is positive (`croupier.odds.private_monte.backs`, the counter's rule): the
logit of `both` is the sum of those of `top` and `bottom`. It starts from zero, a uniformly
random punter, and learns by REINFORCE with Adam. A bet changes no card, so an action
changes only its own deal's reward: each action is credited with that reward (the later
deals', which it cannot change, are left out: the same expected gradient, less noise), less
the batch's mean reward as a baseline.

On the same deals the script follows the flat bettor (both layouts, every deal) and the
counter; it prints, and plots with `--plot`, the mean reward a deal of each, and the share
of the learner's bets (on deals whose layouts' chances differ) placed on the better layout:
the flat bettor's is one half.

numpy only, and matplotlib for `--plot`; one core.
"""

from __future__ import annotations

import argparse
import math
import time
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from croupier.odds.private_monte import backs, first_deal
from croupier.odds.private_monte_counter import counter
from croupier.rl import vector
from croupier.rl.vector.private_monte import PrivateMonteTables, layout_counts

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]
ACTIONS = np.array([[0, 0], [1, 0], [0, 1], [1, 1]])
"""Which layouts (top, bottom) each action backs."""
BETTORS = ("learner", "flat", "counter")


def features(observations: npt.NDArray[np.float32]) -> tuple[Floats, Floats, Ints]:
    """The policy's features (a constant, the top layout's edge, the bottom's), the two
    layouts' exact chances, and which of them the counter backs."""
    covered, unseen = layout_counts(observations)
    chance = covered / unseen[:, None]
    edge = 2 * chance - 1
    counted = backs(covered, unseen[:, None])  # type: ignore[arg-type]  # elementwise
    return np.column_stack([np.ones(len(edge)), edge]), chance, np.asarray(counted, np.int64)


def softmax(logits: Floats) -> Floats:
    shifted = np.exp(logits - logits.max(axis=1, keepdims=True))
    return shifted / shifted.sum(axis=1, keepdims=True)  # type: ignore[no-any-return]


@dataclass
class Adam:
    """Adam's steps for the weights (ascent)."""

    rate: float
    m: Floats
    v: Floats
    t: int = 0

    def step(self, gradient: Floats) -> Floats:
        self.t += 1
        self.m = 0.9 * self.m + 0.1 * gradient
        self.v = 0.999 * self.v + 0.001 * gradient**2
        m = self.m / (1 - 0.9**self.t)
        v = self.v / (1 - 0.999**self.t)
        return self.rate * m / (np.sqrt(v) + 1e-8)


@dataclass
class Tally:
    """Sums over deals: each bettor's chips, and the learner's bets on the better layout."""

    stake: int
    deals: int = 0
    chips: dict[str, float] = field(default_factory=lambda: dict.fromkeys(BETTORS, 0.0))
    better: int = 0
    graded: int = 0
    counter_better: int = 0
    counter_graded: int = 0

    def add(
        self, chance: Floats, backed: Ints, counter_backed: Ints, won: npt.NDArray[np.bool_]
    ) -> None:
        """One deal at each table: the chances, the layouts each backs, those that won."""
        stake = self.stake
        pays = 2 * won.astype(np.int64) - 1  # 1 to 1 (PM-6)
        self.deals += len(won)
        self.chips["learner"] += float(stake * (backed * pays).sum())
        self.chips["flat"] += float(stake * pays.sum())
        self.chips["counter"] += float(stake * (counter_backed * pays).sum())
        differ = chance[:, 0] != chance[:, 1]
        better = np.where(chance[:, 0] > chance[:, 1], 0, 1)
        rows = np.flatnonzero(differ)
        self.better += int(backed[rows, better[rows]].sum())
        self.graded += int(backed[rows].sum())
        self.counter_better += int(counter_backed[rows, better[rows]].sum())
        self.counter_graded += int(counter_backed[rows].sum())

    def mean(self, bettor: str) -> float:
        return self.chips[bettor] / self.deals

    def share(self) -> float:
        return self.better / self.graded if self.graded else math.nan

    def counter_share(self) -> float:
        return self.counter_better / self.counter_graded if self.counter_graded else math.nan


def exact(stake: int, deals: int) -> dict[str, float]:
    """The flat bettor's and the counter's exact mean reward a deal (`croupier.odds`)."""
    flat = 2 * stake * first_deal().edge
    counted = counter()[:deals]
    count = stake * sum((2 * d.wins - d.bets for d in counted), Fraction(0)) / deals
    return {"flat": float(flat), "counter": float(count)}


def act(phi: Floats, weights: Floats, rng: np.random.Generator) -> tuple[Floats, Ints]:
    """The policy at each table, and an action drawn from it."""
    policy = softmax(phi @ weights.T)
    actions = (rng.random(len(policy))[:, None] > policy.cumsum(axis=1)).sum(axis=1)
    return policy, np.minimum(actions, len(ACTIONS) - 1)


def train(args: argparse.Namespace) -> tuple[list[dict[str, float]], Floats]:
    made = vector.make("private-monte", num_envs=args.tables)
    assert isinstance(made, PrivateMonteTables)
    tables = made
    observations, _ = tables.reset(seed=args.seed)
    rng = np.random.default_rng(args.seed)
    weights = np.zeros((len(ACTIONS), 3))
    adam = Adam(args.rate, np.zeros_like(weights), np.zeros_like(weights))
    history: list[dict[str, float]] = []
    window = Tally(tables.stake)
    began = time.perf_counter()
    for update in range(1, args.updates + 1):
        gradient = np.zeros_like(weights)
        for _ in range(args.steps):
            phi, chance, counted = features(observations)
            policy, actions = act(phi, weights, rng)
            observations, reward, _, _, _ = tables.step(actions)
            advantage = (reward - reward.mean()) / tables.stake
            chosen = np.eye(len(ACTIONS))[actions] - policy  # d log pi / d logits
            gradient += (chosen * advantage[:, None]).T @ phi / len(reward)
            window.add(chance, ACTIONS[actions], counted, tables.won)
        weights += adam.step(gradient / args.steps)
        if update % args.every == 0 or update == args.updates:
            point = {
                "deals": float(update * args.steps * args.tables),
                **{bettor: window.mean(bettor) for bettor in BETTORS},
                "share": window.share(),
                "counter_share": window.counter_share(),
            }
            history.append(point)
            print(
                f"update {update:5d}  deals {point['deals'] / 1e6:6.2f}M  "
                f"reward a deal: learner {point['learner']:+.3f}  flat {point['flat']:+.3f}  "
                f"counter {point['counter']:+.3f}  better-layout share {point['share']:.3f}  "
                f"({time.perf_counter() - began:.1f}s)",
                flush=True,
            )
            window = Tally(tables.stake)
    return history, weights


def evaluate(
    args: argparse.Namespace, weights: Floats
) -> tuple[Tally, dict[str, Floats], dict[str, float]]:
    """The learned policy (sampled, as trained) on fresh tables, a new seed, against the
    flat bettor and the counter on the same deals; each table's mean a deal, for margins;
    and the exact figures for these tables."""
    made = vector.make("private-monte", num_envs=args.tables)
    assert isinstance(made, PrivateMonteTables)
    tables = made
    observations, _ = tables.reset(seed=args.seed + 10_000)
    rng = np.random.default_rng(args.seed + 10_000)
    tally = Tally(tables.stake)
    per_table = {bettor: np.zeros(args.tables) for bettor in BETTORS}
    for _ in range(args.evaluate):
        phi, chance, counted = features(observations)
        _, actions = act(phi, weights, rng)
        observations, reward, _, _, _ = tables.step(actions)
        tally.add(chance, ACTIONS[actions], counted, tables.won)
        pays = 2 * tables.won.astype(np.int64) - 1
        per_table["learner"] += reward
        per_table["flat"] += tables.stake * pays.sum(axis=1)
        per_table["counter"] += tables.stake * (counted * pays).sum(axis=1)
    means = {bettor: sums / args.evaluate for bettor, sums in per_table.items()}
    return tally, means, exact(tables.stake, tables.deals)


def plot(path: str, history: list[dict[str, float]], figures: dict[str, float]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    deals = np.array([point["deals"] for point in history]) / 1e6
    figure, (rewards, shares) = plt.subplots(2, 1, figsize=(8, 7), sharex=True)
    colours = {"learner": "C0", "flat": "C1", "counter": "C2"}
    for bettor, colour in colours.items():
        rewards.plot(deals, [point[bettor] for point in history], color=colour, label=bettor)
    rewards.axhline(figures["flat"], color="grey", ls=":", lw=1, label="exact: flat, counter")
    rewards.axhline(figures["counter"], color="grey", ls=":", lw=1)
    rewards.axhline(0, color="black", lw=0.5)
    rewards.set_ylabel("mean reward a deal (chips)")
    rewards.legend(loc="lower right")
    rewards.set_title("Private Monte: REINFORCE on 1024 tables, same deals for each bettor")
    shares.plot(deals, [point["share"] for point in history], color="C0", label="learner")
    shares.axhline(0.5, color="C1", label="flat")
    counted = [point["counter_share"] for point in history]
    shares.plot(deals, counted, color="C2", label="counter")
    shares.set_ylabel("share of bets on the better layout")
    shares.set_xlabel("deals played (millions)")
    shares.set_ylim(0.4, 1.02)
    shares.legend(loc="lower right")
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)


def _number(kind: type[int] | type[float], zero: bool = False) -> Any:
    """An argparse type: a number of `kind` above 0 (or from 0, with `zero`), else one line
    and exit status 2."""

    def read(text: str) -> int | float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a {kind.__name__}") from None
        if not (value >= 0 if zero else value > 0):
            raise argparse.ArgumentTypeError(f"{text} is not {'0 or more' if zero else 'above 0'}")
        return value

    return read


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    whole, real = _number(int), _number(float)
    parser.add_argument("--seed", type=_number(int, zero=True), default=0)
    parser.add_argument("--updates", type=whole, default=3000, help="policy updates")
    parser.add_argument("--steps", type=whole, default=4, help="vector steps (deals) an update")
    parser.add_argument("--tables", type=whole, default=1024, help="tables stepped at once")
    parser.add_argument("--rate", type=real, default=0.05, help="Adam's step size")
    parser.add_argument("--every", type=whole, default=100, help="updates between reports")
    parser.add_argument("--evaluate", type=whole, default=300, help="steps of the final test")
    parser.add_argument("--plot", metavar="PATH", help="write a PNG of the training")
    args = parser.parse_args()

    history, weights = train(args)
    tally, per_table, figures = evaluate(args, weights)
    print("\nweights (rows: neither, top, bottom, both; columns: 1, top edge, bottom edge):")
    print(np.array2string(weights, precision=2, suppress_small=True))
    print(f"final test, {tally.deals:,} deals, mean reward a deal (95% margin over tables):")
    for bettor in BETTORS:
        margin = 1.96 * per_table[bettor].std(ddof=1) / math.sqrt(args.tables)
        known = f"  (exact {figures[bettor]:+.3f})" if bettor in figures else ""
        print(f"  {bettor:8s} {tally.mean(bettor):+.3f} ± {margin:.3f}{known}")
    print(
        f"share of bets on the better layout: learner {tally.share():.3f}, "
        f"counter {tally.counter_share():.3f}, flat 0.500"
    )
    if args.plot:
        plot(args.plot, history, figures)
        print(f"plot: {args.plot}")


if __name__ == "__main__":
    main()
