"""Punto Banco's vector tables against the engine, card by card on the tables' own shoes
(PB-4, PB-5, PB-7, PB-12, PB-13, PB-14), and as a gymnasium vector environment."""

import random

import numpy as np
import pytest

from croupier.engine import CHANCE, HOUSE, CloseBets, Cut, Event, Shuffle
from croupier.errors import InvalidConfig
from croupier.games.baccarat import AtFive, value
from croupier.games.punto_banco import (
    Bet,
    Choose,
    Decision,
    Phase,
    PuntoBanco,
    Stake,
    TurnCards,
)
from croupier.games.punto_banco.events import CoupResult, ShoeEnded
from croupier.rl import vector
from croupier.rl.vector.punto_banco import PuntoBancoTables
from tests import helpers

GAME = PuntoBanco()
RESULT = {Bet.PUNTO: 0, Bet.BANCO: 1, Bet.EGALITE: 2}
NONE = 3
UNSEEN, TO_CUT, COUP, LAST = slice(0, 10), 10, 11, slice(12, 16)
CHIPS = 10**7


class EngineTable:
    """One table of the engine, a punter in box 0 staking as a vector table's agent does,
    each shoe the vector table's own."""

    def __init__(self, tables: PuntoBancoTables, table: int, at_five: AtFive, cut: int):
        self.tables, self.table = tables, table
        self.cut = cut  # where the punter cuts each shoe (PB-3)
        self.decision = Decision.DRAW if at_five == AtFive.DRAW else Decision.STAND
        self.state = GAME.start(tables.rules, {0: CHIPS})

    def new_shoe(self):
        """The vector table's shoe into the engine: shuffled so that the punter's cut (PB-3)
        leaves it as the vector table deals it; then the burn (PB-4)."""
        assert self.state.phase is Phase.SHUFFLE
        shoe = self.tables.shoe(self.table)
        order = shoe[-self.cut :] + shoe[: -self.cut]
        self.state = helpers.act(GAME, self.state, CHANCE, Shuffle(order))
        (cutter,) = GAME.to_act(self.state)
        self.state = helpers.act(GAME, self.state, cutter, Cut(self.cut))
        assert self.state.phase is Phase.BETTING

    def coup(self, action: int) -> tuple[int, int, bool]:
        """The coup with the agent's `action` staked: its result, the chips the box won or
        lost over it, and whether the shoe ended after it."""
        before = self.state.box(0).chips
        bet, stake = self.tables.bets[action], self.tables.stakes[action]
        if bet is not None:
            self.state = helpers.act(GAME, self.state, 0, Stake(bet, stake))
        events: list[Event] = []
        self.state = helpers.act(GAME, self.state, HOUSE, CloseBets(), events)
        while self.state.phase in (Phase.TURN, Phase.CHOOSE):  # the agent's, PB-10, PB-13e
            turn = TurnCards() if self.state.phase is Phase.TURN else Choose(self.decision)
            self.state = helpers.act(GAME, self.state, 0, turn, events)
        (result,) = (RESULT[e.winner] for e in events if isinstance(e, CoupResult))
        ended = any(isinstance(e, ShoeEnded) for e in events)
        return result, self.state.box(0).chips - before, ended

    def check_view(self, row: np.ndarray, coup: int, last: int) -> None:
        """The observation is what the engine shows a seat at the table."""
        view = GAME.view(self.state, 0)
        assert row[UNSEEN].tolist() == list(view.unseen)
        assert row[TO_CUT] == view.cards_left - self.tables.rules.cut_card
        assert row[COUP] == coup
        assert row[LAST].tolist() == [float(r == last) for r in range(4)]


CASES = [
    (1, {}, "draw"),
    (2, {}, "stand"),  # PB-13e: the agent stands on 5 when it stakes punto, else punto draws
    (3, {"table": "small", "cut_card": 8}, "draw"),  # PB-1, PB-3
    (4, {"tableau": "fixed", "cut_card": 9}, "draw"),  # PB-14
    (5, {"commission_timing": "end-of-shoe", "banco": "25-500"}, "stand"),  # PB-7 variant
    (6, {"commission": "1/10", "egalite_pays": 9, "egalite": "5-100"}, "draw"),  # PB-7
]


@pytest.mark.parametrize(("seed", "rules", "at_five"), CASES)
def test_every_coup_is_the_engines_on_the_same_shoe(seed, rules, at_five):
    """PB-4 (the burn), PB-5 (the shoe ends after the coup that brings out the cut card),
    PB-7 (what each stake wins, commission included), PB-12 .. PB-14 (the coup): two shoes
    at each of two tables, each coup and observation as the engine deals and shows it."""
    tables = PuntoBancoTables(2, at_five=at_five, **rules)
    observations, _ = tables.reset(seed=seed)
    rng = random.Random(seed)
    engines = [
        EngineTable(tables, t, tables.at_five, rng.randint(1, len(tables.shoe(t)) - 1))
        for t in range(2)
    ]
    for engine in engines:
        engine.new_shoe()
    shoes, coups, lasts = [1, 1], [1, 1], [NONE, NONE]
    punto_on_five = 0
    while min(shoes) <= 2:
        actions = np.array([_action(rng), _action(rng)])
        for t, engine in enumerate(engines):
            if shoes[t] > 2:
                continue
            engine.check_view(observations[t], coups[t], lasts[t])
            punto_on_five += tables.bets[actions[t]] is Bet.PUNTO and _punto_five(engine)
        observations, rewards, terminated, truncated, info = tables.step(actions)
        assert not truncated.any() and info["action_mask"].all()
        for t, engine in enumerate(engines):
            if shoes[t] > 2:
                continue
            result, won, ended = engine.coup(int(actions[t]))
            assert rewards[t] == won, (t, coups[t])
            assert terminated[t] == ended, (t, coups[t])
            coups[t], lasts[t] = coups[t] + 1, result
            if ended:
                shoes[t], coups[t], lasts[t] = shoes[t] + 1, 1, NONE
                if shoes[t] <= 2:
                    engine.new_shoe()
    assert punto_on_five > 0
    for engine in engines:
        assert engine.state.shoes == 2


def _action(rng: random.Random) -> int:
    """A random action, punto staked often, so that the agent's play on 5 counts (PB-13e)."""
    return rng.choice((1, 2, 3, 4, 5)) if rng.random() < 0.4 else rng.randrange(16)


def _punto_five(engine: EngineTable) -> bool:
    """Whether punto's first two cards in the engine's shoe make 5."""
    top = engine.state.shoe.cards
    return (value(top[0]) + value(top[2])) % 10 == 5


def play(tables: PuntoBancoTables, seed: int, steps: int, actions_seed: int = 0):
    """Every observation, reward and end over `steps` steps of seeded random actions."""
    first, _ = tables.reset(seed=seed)
    rng = np.random.default_rng(actions_seed)
    out = [first]
    for _ in range(steps):
        observation, reward, terminated, truncated, _ = tables.step(
            rng.integers(0, len(tables.actions), tables.num_envs)
        )
        out += [observation, reward, terminated, truncated]
    return out


def test_the_same_seed_plays_the_same_and_another_seed_not():  # C-5
    tables = PuntoBancoTables(8)
    first = play(tables, 11, 200)
    again = play(tables, 11, 200)
    other = play(tables, 12, 200)
    assert all((a == b).all() for a, b in zip(first, again, strict=True))
    assert not all((a == b).all() for a, b in zip(first, other, strict=True))
    assert tables.shoe(0) != tables.shoe(1)  # each table its own generator


@pytest.mark.parametrize(
    "actions",
    [[0, 16, 0], [0, -1, 0], [0.0, 1.0, 2.0], [0, 1], [[0, 1, 2]]],
)
def test_an_illegal_action_is_refused_and_changes_nothing(actions):
    tables = PuntoBancoTables(3)
    twin = PuntoBancoTables(3)
    observations, info = tables.reset(seed=4)
    twin.reset(seed=4)
    assert info["action_mask"].all() and tables.legal(1) == list(tables.actions)
    with pytest.raises(ValueError, match=r"table 1: no action|whole numbers, one a table"):
        tables.step(np.array(actions))
    assert (tables.obs == observations).all()
    legal = np.array([1, 6, 11])
    after = tables.step(legal)
    same = twin.step(legal)
    assert all((a == b).all() for a, b in zip(after[:4], same[:4], strict=True))


def test_the_unseen_cards_and_the_seen_make_the_shoe():  # PB-4, PB-5
    """At a shoe's start every card is unseen but the first, which burns its value's worth
    of cards face down (tens and pictures ten); each coup shows the 4 to 6 cards it takes,
    and `before_cut` goes down by as many: the unseen cards are always those before the cut
    card, those behind it and those burned face down."""
    tables = PuntoBancoTables(16, table="small", cut_card=9)
    observations, _ = tables.reset(seed=3)
    full = np.array([96, *[24] * 9])
    size = full.sum()
    burned = np.zeros(16)
    rng = np.random.default_rng(3)
    starts = 0
    for _ in range(300):
        fresh = observations[:, COUP] == 1
        for t in np.flatnonzero(fresh):
            row = observations[t]
            (first,) = np.flatnonzero(full - row[UNSEEN])
            assert row[UNSEEN].sum() == size - 1
            burned[t] = 10 if first == 0 else first
            assert row[LAST].tolist() == [0, 0, 0, 1]
        starts += fresh.sum()
        unseen = observations[:, UNSEEN].sum(axis=1)
        assert (unseen == observations[:, TO_CUT] + 9 + burned).all()
        before = observations
        observations, _, terminated, _, _ = tables.step(rng.integers(0, 16, 16))
        going = ~terminated
        shown = (before[:, UNSEEN] - observations[:, UNSEEN])[going]
        assert (shown >= 0).all() and (observations[:, UNSEEN] >= 0).all()
        assert ((shown.sum(axis=1) >= 4) & (shown.sum(axis=1) <= 6)).all()
        assert (before[going, TO_CUT] - observations[going, TO_CUT] == shown.sum(axis=1)).all()
        assert (observations[going, COUP] == before[going, COUP] + 1).all()
    assert starts > 16 + 16


def test_max_coups_cuts_a_shoe_short():
    tables = vector.make("punto-banco", 3, max_coups=5)
    observations, _ = tables.reset(seed=2)
    for coup in range(1, 12):
        observations, _, terminated, truncated, _ = tables.step(np.zeros(3, dtype=np.int64))
        assert not terminated.any()
        assert truncated.all() == (coup % 5 == 0)
        assert (observations[:, COUP] == coup % 5 + 1).all()


def test_commission_owed_to_the_end_of_the_shoe_is_taken_when_it_ends():  # PB-7 variant
    """The same coups, banco staked each time: owed, the commission is taken all at once at
    the step that ends the shoe (cut short or not), and the totals are the same."""
    banco_most = PuntoBancoTables.actions.index("banco@1")
    now = PuntoBancoTables(4, max_coups=30)
    owed = PuntoBancoTables(4, max_coups=30, commission_timing="end-of-shoe")
    now.reset(seed=9)
    owed.reset(seed=9)
    actions = np.full(4, banco_most)
    total_now, total_owed = np.zeros(4), np.zeros(4)
    for _ in range(90):
        _, paid_now, _, _, _ = now.step(actions)
        _, paid_owed, terminated, truncated, _ = owed.step(actions)
        total_now += paid_now
        total_owed += paid_owed
        going = ~(terminated | truncated)
        assert (paid_owed[going] >= paid_now[going]).all()
        assert (paid_owed[going] - paid_now[going] <= 50).all()
        assert (total_now[~going] == total_owed[~going]).all()
    assert (total_now == total_owed).all()  # 90 coups: three shoes of 30


def test_the_stakes_are_the_grid_of_each_bets_range():  # PB-6
    tables = vector.make("punto-banco", 1, egalite="5-100")
    assert isinstance(tables, PuntoBancoTables)
    punto = banco = (10, 258, 505, 752, 1000)  # 10 + round(share * 990), to even on halves
    assert tables.stakes == (0, *punto, *banco, 5, 29, 53, 76, 100)
    assert tables.bets[0] is None and tables.bets[1] is Bet.PUNTO
    assert tables.actions[-1] == "egalite@1"


def test_the_rules_are_the_games_and_refused_as_its_are():  # PB-3, PB-14
    with pytest.raises(InvalidConfig, match="cut_card = 6 is not valid"):
        vector.make("punto-banco", 2, cut_card=6)
    with pytest.raises(InvalidConfig, match="unknown option 'decks'"):
        vector.make("punto-banco", 2, decks=4)
    with pytest.raises(InvalidConfig, match="at the fixed tableau: punto always draws on 5"):
        vector.make("punto-banco", 2, tableau="fixed", at_five="stand")
    with pytest.raises(InvalidConfig, match="the agent draws or stands on 5"):
        vector.make("punto-banco", 2, at_five="best")
    with pytest.raises(InvalidConfig, match="max_coups=0 is not valid"):
        vector.make("punto-banco", 2, max_coups=0)
    small = vector.make("punto-banco", 2, table="small")
    assert isinstance(small, PuntoBancoTables)
    assert len(small.shoe(0)) == 312
