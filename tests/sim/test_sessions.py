"""Sessions: the money walk against a plain recount of the paths, the results read from the
counts, and Punto Banco and Chemin de Fer sessions against their exact odds."""

import math
from fractions import Fraction

import numpy as np
import pytest

from croupier.errors import InvalidInput
from croupier.estimate import Z95
from croupier.games.banchek import Rules as BanchekRules
from croupier.games.chemin_de_fer import Rules as CfRules
from croupier.games.punto_banco import Bet, Rules
from croupier.odds.punto_banco import AtFive, exact
from croupier.sim import banchek, chemin_de_fer, punto_banco
from croupier.sim.chemin_de_fer_results import exact_take
from croupier.sim.rng import seeded
from croupier.sim.session_results import SessionResults
from croupier.sim.sessions import (
    AHEAD,
    BEHIND,
    COLUMNS,
    GAIN_PLAYED,
    GAIN_SQUARED,
    HISTOGRAM,
    MONEY,
    PLAYED,
    PLAYED_SQUARED,
    RUINED,
    Plan,
    paths,
    play,
)


def dice(state, out):
    """A made-up game for the walk: each hand wins 1 to 3 or loses 1 to 3 chips."""
    rng = np.random.default_rng(int(state[0]))
    state[0] += 1
    for row in out:
        row[:] = rng.choice([-3, -2, -1, 1, 2, 3], size=len(row))


def recount(bankrolls, plan):
    """The counts at each point, read plainly from whole paths."""
    out = np.zeros((len(plan.at), COLUMNS), dtype=np.int64)
    for k, h in enumerate(plan.at):
        money = bankrolls[:, h]
        out[k, RUINED] = (money < plan.stake).sum()
        out[k, AHEAD] = (money > plan.bankroll).sum()
        out[k, BEHIND] = (money < plan.bankroll).sum()
        out[k, MONEY] = money.sum()
        # a hand is played while the bankroll before it covers the stake, short of a target
        before = bankrolls[:, :h]
        short = before < plan.target if plan.target else True
        played = ((before >= plan.stake) & short).sum(axis=1)
        gain = money - plan.bankroll
        out[k, PLAYED] = played.sum()
        out[k, PLAYED_SQUARED] = (played * played).sum()
        out[k, GAIN_SQUARED] = (gain * gain).sum()
        out[k, GAIN_PLAYED] = (gain * played).sum()
        bins = np.minimum((money + plan.shift) // plan.width, COLUMNS - HISTOGRAM - 1)
        np.add.at(out[k], HISTOGRAM + bins, 1)
    return out


@pytest.mark.parametrize(
    ("bankroll", "stake", "hands", "target"),
    [(20, 3, 250, 0), (6, 3, 37, 0), (50, 1, 5, 0), (20, 3, 250, 30), (21, 3, 2000, 0)],
)
def test_the_walk_counts_what_the_paths_show(bankroll, stake, hands, target):
    plan = Plan(bankroll, stake, hands, 3, target)
    counts = play(dice, np.array([7], dtype=np.uint64), 300, plan)
    bankrolls = paths(dice, np.array([7], dtype=np.uint64), 300, plan)
    assert counts.shape == (1, len(plan.at), COLUMNS)
    assert (counts[0] == recount(bankrolls, plan)).all()
    assert counts[0, -1, RUINED] > 0 or stake == 1  # small bankrolls do get ruined
    assert (bankrolls >= 0).all()
    assert SessionResults.of(counts[0], plan).quantile(0.5, 0) == bankroll  # bins start there
    if target:  # a session that reaches its target leaves: it never goes beyond it by more
        assert (bankrolls[:, -1] >= target).any() and (bankrolls < target + 3).all()


def test_sessions_are_dealt_in_batches_as_they_would_be_one_by_one():
    """So the plot's sessions, dealt again from the first chunk's seed, are the run's first."""
    plan = Plan(1000, 20, 300, 19)
    net = punto_banco.nets(Rules(), Bet.BANCO, 20)
    many = paths(punto_banco.filler(net), seeded(np.random.SeedSequence(3)), 12, plan)
    fill, state = punto_banco.filler(net), seeded(np.random.SeedSequence(3))
    one_by_one = [paths(fill, state, 1, plan)[0] for _ in range(12)]
    assert (many == np.array(one_by_one)).all()
    counts = punto_banco.sessions(seeded(np.random.SeedSequence(3)), 12, plan, net)
    assert (counts[0] == recount(many, plan)).all()


def test_a_plan_must_let_a_hand_be_played():
    for args, message in [
        ((0, 1, 5, 1), "Plan.bankroll = 0 is not valid"),
        ((10, 0, 5, 1), "Plan.stake = 0 is not valid"),
        ((10, 1, 0, 1), "Plan.hands = 0 is not valid"),
        ((10, 11, 5, 1), "stake = 11 is more than the bankroll = 10"),
    ]:
        with pytest.raises(InvalidInput, match=message):
            Plan(*args)


def test_results_read_from_the_counts():
    plan = Plan(10, 2, 4, 2)
    nets = np.array([[2, 2, 2, 2], [-2, -2, -2, -2], [2, -2, 0, 0]], dtype=np.int64)

    def fill(state, out):
        out[:] = nets[: len(out)]

    results = SessionResults.of(play(fill, np.zeros(1, dtype=np.uint64), 3, plan)[0], plan)
    assert results.sessions == 3 and results.hands == 4 + 4 + 4
    # 18 chips, 2 (still a stake: not ruined) and 10 (even)
    assert results.ruined().value == 0 and results.ahead().value == 1 / 3
    assert results.final().value == (18 + 2 + 10) / 3
    assert results.edge().value == pytest.approx((30 - 30) / (2 * 12))
    assert results.quantile(0.5) == 10 and results.quantile(0.95) == 18
    spread = results.spread()
    assert spread["hand"] == [0, 1, 2, 3, 4] and spread["50%"][0] == 10


def test_ruin_in_one_coup_is_punto_winning():  # PB-7
    """A banco stake of the whole bankroll is ruined by a punto win, pushed by a tie, and
    paid by banco less the commission rounded half up."""
    rules = Rules()
    assert punto_banco.nets(rules, Bet.BANCO, 10) == (-10, 9, 0)  # 0.5 rounds up to 1
    assert punto_banco.nets(rules, Bet.BANCO, 29) == (-29, 28, 0)  # 1.45 rounds to 1
    assert punto_banco.nets(rules, Bet.EGALITE, 20) == (-20, -20, 160)
    net = punto_banco.nets(rules, Bet.BANCO, 20)
    plan = Plan(20, 20, 1, max(net))
    n = 400_000
    counts = punto_banco.sessions(seeded(np.random.SeedSequence(2)), n, plan, net)
    results = SessionResults.of(counts[0], plan)
    chance = exact(8, at_five=AtFive.DRAW).probability
    for estimate, p in [
        (results.ruined(), chance[Bet.PUNTO]),
        (results.ahead(), chance[Bet.BANCO]),
    ]:
        sigma = math.sqrt(float(p * (1 - p)) / n)
        assert abs(estimate.value - float(p)) < 4 * sigma


def test_the_loss_per_chip_has_the_interval_of_a_ratio():
    """Sessions that are ruined stake less: the interval is that of lost over staked,
    computed here plainly from each session's path."""
    plan = Plan(60, 5, 400, 19)
    net = punto_banco.nets(Rules(), Bet.BANCO, 5)
    bankrolls = paths(punto_banco.filler(net), seeded(np.random.SeedSequence(9)), 4000, plan)
    counts = punto_banco.sessions(seeded(np.random.SeedSequence(9)), 4000, plan, net)[0]
    results = SessionResults.of(counts, plan)
    assert results.ruined().value > 0.3
    lost = plan.bankroll - bankrolls[:, -1]
    staked = plan.stake * (bankrolls[:, :-1] >= plan.stake).sum(axis=1)
    ratio = lost.sum() / staked.sum()
    margin = Z95 * np.std(lost - ratio * staked) / math.sqrt(4000) / staked.mean()
    assert results.edge().value == pytest.approx(ratio)
    assert results.edge().margin == pytest.approx(margin)
    final = bankrolls[:, -1]
    assert results.final().margin == pytest.approx(Z95 * np.std(final) / math.sqrt(4000))


@pytest.mark.parametrize("bet", [Bet.BANCO, Bet.EGALITE])
def test_punto_banco_sessions_lose_the_exact_edge(bet):  # PB-7, PB-13
    rules = Rules()
    net = punto_banco.nets(rules, bet, 20)
    plan = Plan(10**6, 20, 400, max(net))  # never ruined: every coup is played
    results = SessionResults.of(
        punto_banco.sessions(seeded(np.random.SeedSequence(4)), 5000, plan, net)[0], plan
    )
    assert results.hands == 5000 * 400 and results.ruined().value == 0
    p = exact(8, at_five=AtFive.DRAW).probability
    bets = (Bet.PUNTO, Bet.BANCO, Bet.EGALITE)
    won = sum((p[b] * x for b, x in zip(bets, net, strict=True)), Fraction(0))
    edge = -won / 20
    sigmas = results.edge(edge).sigmas
    assert sigmas is not None and abs(sigmas) < 4, sigmas


@pytest.mark.parametrize("side", ["punter", "banker"])
def test_chemin_de_fer_sessions_lose_the_games_value(side):  # CF-12, CF-14
    net = (20, -20, 0) if side == "punter" else (-20, 20, 0)
    plan = Plan(10**6, 20, 400, 20)
    play_ = chemin_de_fer.strategy("equilibrium", 6)
    counts = chemin_de_fer.sessions(seeded(np.random.SeedSequence(5)), 5000, plan, net)
    taken = SessionResults.of(counts[0], plan).edge(exact_take(CfRules(), play_, net, 20))
    assert taken.exact is not None and taken.sigmas is not None and abs(taken.sigmas) < 4, taken
    assert (taken.exact > 0) == (side == "punter")  # the bank has the edge


def test_chemin_de_fer_commission_is_paid_in_whole_chips():  # CF-16
    tableau = chemin_de_fer.strategy("tableau", 6)
    no_commission = exact_take(CfRules(), tableau, (-20, 20, 0), 20)
    with_commission = exact_take(CfRules(), tableau, (-20, 19, 0), 20)
    assert no_commission is not None and with_commission is not None
    assert with_commission - no_commission == pytest.approx(
        float(Fraction(1, 20) * chemin_de_fer_banker_wins(tableau))
    )


def chemin_de_fer_banker_wins(play):
    """The banker's exact chance of winning a coup of a fresh 6-deck shoe at the tableau."""
    x = play.draws_at_5
    draw = exact(6, at_five=AtFive.DRAW).probability[Bet.BANCO]
    stand = exact(6, at_five=AtFive.STAND).probability[Bet.BANCO]
    return x * draw + (1 - x) * stand


@pytest.mark.parametrize("policy", ["flat", "chance"])
def test_banchek_sessions_are_the_banks_the_simulation_plays(policy):  # BN-6, BN-10
    """From the same seed, the same banks: as many broken and tripled, as many hands."""
    plan = banchek.banker_plan(4000)
    assert plan == Plan(100, 1, 4000, 299, 300, flat=False)  # broken below a chip, passed on
    counts = banchek.sessions(seeded(np.random.SeedSequence(7)), 3000, plan, 2, policy)[0]
    banks = banchek.simulate(seeded(np.random.SeedSequence(7)), 3000, 2, policy).sum(axis=0)
    results = SessionResults.of(counts, plan)
    assert counts[-1, RUINED] == banks[banchek.BROKE] > 0
    tripled = counts[-1, HISTOGRAM + (300 + plan.shift) // plan.width :].sum()
    assert tripled == banks[banchek.TRIPLED] and results.sessions == 3000
    if banks[banchek.ENDLESS] == 0:
        assert results.hands == banks[banchek.HANDS]


def test_banchek_sessions_are_the_rules_bank():  # BN-2, BN-10
    """The banker's bankroll is the bank the rules put up: a plan of another is refused,
    and `banker_plan` makes the plan of any table."""
    table = BanchekRules(minimum=2, bank=40)
    plan = banchek.banker_plan(300, table)
    assert (plan.bankroll, plan.target, plan.most_won) == (40, 120, 119)
    state = seeded(np.random.SeedSequence(3))
    counts = banchek.sessions(state, 200, plan, 2, "flat", table)[0]
    assert SessionResults.of(counts, plan).sessions == 200
    with pytest.raises(
        InvalidInput, match=r"Plan\.bankroll = 40 is not valid: .* bank put up, 100"
    ):
        banchek.sessions(state, 10, plan)
