"""What a Monte Bank simulation found: how often deals are void, each layout, and each kind
of bet wins, wins on the gate or on the first fall, and each bet's house edge, with 95%
confidence intervals beside the exact figures of `deal_odds` and `bet_table` (RULES MB-7,
MB-9, MB-13).

The kernel lays every wager on every layout, so the wagers of one deal go together (of the
four circles exactly one wins). Each figure is therefore a mean over deals of the deal's own
figure (its wagers of the kind averaged), and its interval comes from the spread of that
over deals, which the kernel's squared counts give. Averaged over layouts of every kind
(`None` below), each deal counts once, as `BetTable.overall` weighs them.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from croupier.errors import InvalidInput
from croupier.estimate import Z95, Estimate, bounded, estimate_json, exact_json, share
from croupier.games.monte_bank.layout import Circle, Cross, Doubler, Kind
from croupier.games.monte_bank.rules import CutOn, Rules
from croupier.odds.monte_bank import BetKind, WagerOdds, bet_table, check_rules, deal_odds
from croupier.sim.monte_bank import COLUMNS, VOID_RULES, Head, Tally, column

__all__ = ["PAYS", "Figure", "MonteBankResults", "Over", "rules_json"]

Over = Kind | None
"""Layouts of one kind, or (None) every layout, each deal weighed once."""

PAYS = {
    BetKind.CIRCLE: Circle.pays,
    BetKind.CROSS: Cross.pays,
    BetKind.CROSS_STACKED: Cross.pays,
    BetKind.DOUBLER: Doubler.pays,
}
"""What each kind of bet pays to one (MB-9): the wagers' own `pays`, as the engine pays them."""

_CUT_TALLY = {CutOn.GATE: Tally.GATE_WINS, CutOn.FIRST_FALL: Tally.FIRST_FALL_WINS}
_SQUARED = {
    Tally.WINS: Tally.WINS_SQUARED,
    Tally.GATE_WINS: Tally.GATE_WINS_SQUARED,
    Tally.FIRST_FALL_WINS: Tally.FIRST_FALL_WINS_SQUARED,
}
_TIMES_WINS = {
    Tally.GATE_WINS: Tally.WINS_TIMES_GATE_WINS,
    Tally.FIRST_FALL_WINS: Tally.WINS_TIMES_FIRST_FALL_WINS,
}
_ZERO, _ONE = Fraction(0), Fraction(1)
_LAYOUTS = {Kind.PLAIN: Head.PLAIN, Kind.PAIR: Head.PAIR, Kind.TRIPLE: Head.TRIPLE}


Figure = Callable[[BetKind, Over], Estimate | None]
"""A figure of a kind of bet over layouts of a kind, or None where no deal gives one."""


def rules_json(rules: Rules) -> dict[str, Any]:
    """The table's rules, for `--json`'s `rules`: when the house takes its cut, and how much
    (MB-13)."""
    return {"cut_on": rules.cut_on.value, "cut": exact_json(rules.cut)}


@dataclass(frozen=True, slots=True)
class MonteBankResults:
    """The figures from `croupier.sim.monte_bank.simulate`'s counts, added over its rows, at
    the table `rules`: the house takes `rules.cut` of a winner's winnings, on the gate (the
    reading) or on the first fall (the variant), as `rules.cut_on` says (MB-13)."""

    counts: tuple[int, ...]
    rules: Rules

    @classmethod
    def of(cls, counts: Any, rules: Rules | None = None) -> MonteBankResults:
        """From the kernel's counts, added over its rows, at the table `rules` (by default
        the rules' readings); a rule the odds and the kernel do not follow is refused."""
        rules = check_rules(rules)
        values = tuple(int(c) for c in counts)
        if len(values) != COLUMNS or min(values) < 0:
            raise InvalidInput(
                f"counts of length {len(values)} are not valid: the {COLUMNS} counts, none "
                "negative, of croupier.sim.monte_bank.simulate, added over its rows"
            )
        if not values[Head.DEALS]:
            raise InvalidInput("counts with no deals are not valid: deal at least one")
        return cls(values, rules)

    @property
    def deals(self) -> int:
        """Valid deals, played to the end."""
        return self.counts[Head.DEALS]

    @property
    def void_deals(self) -> dict[str, int]:
        """Void deals by the rule that voided them (MB-7)."""
        return {rule: self.counts[Head.VOID_A + i] for i, rule in enumerate(VOID_RULES)}

    def void(self) -> Estimate:
        """The chance that a deal is void (MB-7)."""
        voids = sum(self.void_deals.values())
        return share(voids, voids + self.deals, deal_odds().void)

    def layouts(self) -> dict[Kind, Estimate]:
        """The chance of each layout, given that the deal is valid (MB-7c)."""
        odds = deal_odds()
        return {
            kind: share(self.counts[head], self.deals, odds.given_valid(kind))
            for kind, head in _LAYOUTS.items()
        }

    def cards_shown(self) -> float:
        """Cards shown in a deal's draw, the gate included, on average (MB-12)."""
        return self.counts[Head.SHOWN] / self.deals

    def wins(self) -> dict[BetKind, dict[Over, Estimate]]:
        """How often each kind of bet wins, on each kind of layout and on all (MB-9)."""
        return self._each(lambda bet, over: self._rate(bet, over, Tally.WINS, _win))

    def wins_on_gate(self) -> dict[BetKind, dict[Over, Estimate]]:
        """How often each kind of bet wins on the gate (MB-13)."""
        return self._each(lambda bet, over: self._rate(bet, over, Tally.GATE_WINS, _on_gate))

    def wins_on_first_fall(self) -> dict[BetKind, dict[Over, Estimate]]:
        """How often each kind of bet wins on the first fall (MB-13's variant)."""
        return self._each(
            lambda bet, over: self._rate(bet, over, Tally.FIRST_FALL_WINS, _on_first_fall)
        )

    def house_edges(self) -> dict[BetKind, dict[Over, Estimate]]:
        """Each kind of bet's edge for the house, per chip staked: a loss takes the stake, a
        win pays `PAYS` to one less the house's cut of the winnings, `rules.cut`, when it is
        due (MB-9, MB-13)."""
        return self._each(self._edge)

    def as_json(self) -> dict[str, Any]:
        """Every figure by name, for `--json`'s `results`: by bet kind, then by layout kind
        and "all"; a layout kind that no deal gave, or that has no such bets, is left out.
        The cards shown are a mean with no interval (the kernel keeps no squares of them)."""
        figures = {
            "win": self.wins(),
            "win_on_gate": self.wins_on_gate(),
            "win_on_first_fall": self.wins_on_first_fall(),
            "house_edge": self.house_edges(),
        }
        return {
            "void_deals": self.void_deals,
            "cards_shown": estimate_json(Estimate(self.cards_shown(), math.inf)),
            "void": estimate_json(self.void()),
            "layout": {kind.value: estimate_json(e) for kind, e in self.layouts().items()},
            **{
                name: {
                    bet.value: {_name(over): estimate_json(e) for over, e in by.items()}
                    for bet, by in estimates.items()
                }
                for name, estimates in figures.items()
            },
        }

    # -- the estimates --------------------------------------------------------------------

    def _each(self, figure: Figure) -> dict[BetKind, dict[Over, Estimate]]:
        out: dict[BetKind, dict[Over, Estimate]] = {}
        for bet in BetKind:
            by: dict[Over, Estimate] = {}
            for over in (*Kind, None):
                estimate = figure(bet, over)
                if estimate is not None:
                    by[over] = estimate
            out[bet] = by
        return out

    def _exact(self, bet: BetKind, over: Over) -> WagerOdds | None:
        table = bet_table(self.rules)
        if over is None:
            return table.overall(bet)
        return table.odds[bet].get(over)

    def _rate(
        self, bet: BetKind, over: Over, tally: Tally, exact: Callable[[WagerOdds], Fraction]
    ) -> Estimate | None:
        """A share of the wagers, its interval held to [0, 1]."""
        odds = self._exact(bet, over)
        rate = self._mean(bet, over, (_ZERO, _ZERO, _ONE), tally, exact(odds) if odds else None)
        return None if rate is None else bounded(rate)

    def _edge(self, bet: BetKind, over: Over) -> Estimate | None:
        """A wager's return to the house: its stake lost, or minus its winnings less the
        cut: per wager 1 - (1 + pays) win + pays * cut * win_cut (every wager settles)."""
        pays, rules = PAYS[bet], self.rules
        odds = self._exact(bet, over)
        weights = (_ONE, -(1 + pays) * _ONE, pays * rules.cut)
        tally = _CUT_TALLY[rules.cut_on]
        return self._mean(bet, over, weights, tally, odds.edge if odds else None)

    def _mean(
        self,
        bet: BetKind,
        over: Over,
        weights: tuple[Fraction, Fraction, Fraction],
        tally: Tally,
        exact: Fraction | None,
    ) -> Estimate | None:
        """The mean over deals (of kind `over`, with wagers of kind `bet`) of a deal's
        `a + (b * wins + c * counted) / wagers`, `weights` = (a, b, c), `counted` the deal's
        wins of `tally`; its 95% interval from the spread over deals. Worked in fractions,
        so that a figure the same in every deal comes out with no spread at all."""
        a, b, c = weights
        n = 0
        total = squares = _ZERO
        for kind in (over,) if over is not None else tuple(Kind):
            deals = self.counts[_LAYOUTS[kind]]
            wagers = self._count(bet, kind, Tally.WAGERS)
            if not deals or not wagers:
                continue
            m = Fraction(wagers, deals)  # the same on every layout of a kind
            wins, counted = self._count(bet, kind, Tally.WINS), self._count(bet, kind, tally)
            wins_squared = self._count(bet, kind, Tally.WINS_SQUARED)
            counted_squared = self._count(bet, kind, _SQUARED[tally])
            both = (
                wins_squared if tally is Tally.WINS else self._count(bet, kind, _TIMES_WINS[tally])
            )
            n += deals
            linear = (b * wins + c * counted) / m
            total += a * deals + linear
            squares += (
                a * a * deals
                + 2 * a * linear
                + (b * b * wins_squared + 2 * b * c * both + c * c * counted_squared) / (m * m)
            )
        if not n:
            return None
        mean = total / n
        variance = squares / n - mean * mean
        return Estimate(float(mean), Z95 * math.sqrt(variance / n), exact)

    def _count(self, bet: BetKind, kind: Kind, tally: Tally) -> int:
        return self.counts[column(bet, kind, tally)]


def _win(odds: WagerOdds) -> Fraction:
    return odds.win


def _on_gate(odds: WagerOdds) -> Fraction:
    return odds.win_on_gate


def _on_first_fall(odds: WagerOdds) -> Fraction:
    return odds.win_on_first_fall


def _name(over: Over) -> str:
    return "all" if over is None else over.value
