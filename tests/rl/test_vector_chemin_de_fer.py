"""The vector Chemin de Fer tables against the engine, card by card on the tables' own
shoes, and as an environment: seeded, refusing illegal actions, showing the punter what
he may see, and the banker mixing as his strategy says (CF-2, CF-4, CF-6, CF-9 .. CF-14,
CF-16)."""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from croupier.cards import Card
from croupier.engine import CHANCE, Action, Cut, Event, Shuffle
from croupier.errors import InvalidConfig
from croupier.games.baccarat import points, shoe_values, value
from croupier.games.chemin_de_fer import (
    Banco,
    BankerPlay,
    Bid,
    CheminDeFer,
    DrawCard,
    GiveUpBank,
    KeepBank,
    OpenBank,
    Pass,
    Phase,
    Rules,
    Stand,
    Winner,
)
from croupier.games.chemin_de_fer.events import (
    CardBurned,
    CoupResult,
    HandShown,
    Settled,
    ShoeEnded,
)
from croupier.rl import vector
from croupier.rl.vector.chemin_de_fer import ChemmyTables
from croupier.shoe import Shoe
from croupier.sim.chemin_de_fer import Strategy, strategy
from croupier.solve.chemin_de_fer import COLUMNS, solve
from tests import helpers

GAME = CheminDeFer()
CELLS = [(b, c) for b in range(8) for c in COLUMNS]
NAMES = ChemmyTables.observations
ON_FIVE, FIRST, SECOND = (NAMES.index(name) for name in ("on_five", "first_card", "second_card"))
UNSEEN = slice(NAMES.index("unseen_0"), NAMES.index("unseen_9") + 1)
BEFORE_CUT, COUP = NAMES.index("before_cut"), NAMES.index("coup")
PASS, BANCO, STAND, DRAW = (
    ChemmyTables.actions.index(a) for a in ("pass", "banco", "stand", "draw")
)
Row = npt.NDArray[np.float32]


def unseen(row: Row) -> Counter[int]:
    return Counter({v: int(n) for v, n in enumerate(row[UNSEEN])})


def by_value(cards: tuple[Card, ...] | list[Card]) -> Counter[int]:
    return Counter(value(card) for card in cards)


def random_pure(rng: random.Random) -> Strategy:
    """A pure strategy drawn at random: the other punter's play on 5, the banker's in each
    cell."""
    return Strategy.of("random", rng.random() < 0.5, {cell: rng.random() < 0.5 for cell in CELLS})


def random_actions(mask: npt.NDArray[np.int8], rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """A legal action at each table, drawn at random."""
    return np.array([rng.choice(np.flatnonzero(row)) for row in mask], dtype=np.int64)


# -- the vector tables against the engine ---------------------------------------------------------


@dataclass
class Played:
    """One coup at a vector table, as its agent saw and chose it."""

    banco: bool
    before: Row  # at the call
    five: Row | None = None  # at the choice on 5
    draws: bool | None = None
    reward: float = 0.0
    after: Row | None = None  # at the next call; None when the coup ended the shoe


def first_shoes(tables: ChemmyTables, seed: int) -> tuple[list[Shoe], list[list[Played]]]:
    """Each table's first shoe, and its coups as the agent played them at random."""
    rng = np.random.default_rng(seed)
    observations, _ = tables.reset(seed=seed)
    n = tables.num_envs
    shoes = [tables.shoe(t) for t in range(n)]
    coups: list[list[Played]] = [[] for _ in range(n)]
    playing: list[Played | None] = [None] * n
    while any(playing[t] is not None or not coups[t] or coups[t][-1].after is not None
              for t in range(n)):  # fmt: skip
        mask = tables.mask.copy()
        chosen = np.where(
            mask[:, BANCO] == 1,
            np.where(rng.random(n) < 0.7, BANCO, PASS),
            np.where(rng.random(n) < 0.5, DRAW, STAND),
        )
        after, reward, terminated, truncated, info = tables.step(chosen)
        assert not truncated.any() and (info["action_mask"] == tables.mask).all()
        for t in range(n):
            if coups[t] and coups[t][-1].after is None and playing[t] is None:
                continue  # this table's first shoe is over
            coup = playing[t]
            if coup is None:
                coup = Played(banco=chosen[t] == BANCO, before=observations[t])
            else:
                coup.draws = chosen[t] == DRAW
            if chosen[t] == BANCO and after[t, ON_FIVE] == 1:  # CF-12: the choice is next
                assert reward[t] == 0 and not terminated[t]
                coup.five, playing[t] = after[t], coup
                continue
            coup.reward = float(reward[t])
            coup.after = None if terminated[t] else after[t]
            coups[t].append(coup)
            playing[t] = None
        observations = after
    return shoes, coups


@dataclass
class Dealt:
    """One coup in the engine."""

    asked: bool  # the agent chose on 5
    punter: tuple[Card, ...]
    banker: tuple[Card, ...]
    winner: Winner
    net: int  # what the agent's stake won or lost


def engine_shoe(
    shoe: Shoe, rules: Rules, play: Strategy, stake: int, coups: list[Played]
) -> tuple[list[Card], list[Dealt]]:
    """The shoe through the engine, three seats: the banker opens a bank of `stake` each
    coup (giving up a bank that grew, CF-14, CF-15); the first punter called is the agent,
    calling banco or passing as it did at its vector table; when it passes, the next calls
    banco and plays `play` on 5; the banker plays `play` when the rules leave him free. The
    burned cards, and each coup."""
    state = GAME.start(rules, {0: 10**7, 1: 10**7, 2: 10**7})
    opening: tuple[Action, ...] = (Bid(stake), Pass(), Pass())
    for seat, bid in enumerate(opening):  # CF-3
        state = helpers.act(GAME, state, seat, bid)
    events: list[Event] = []
    order = shoe.cards[-1:] + shoe.cards[:-1]  # cut by one card, the table's shoe (C-6)
    state = helpers.act(GAME, state, CHANCE, Shuffle(order), events)
    (cutter,) = GAME.to_act(state)
    state = helpers.act(GAME, state, cutter, Cut(1), events)  # then the burn (CF-4)
    burned = [e.card for e in events if isinstance(e, CardBurned)]
    found: list[Dealt] = []
    agent, asked = None, False
    while True:
        (actor,) = GAME.to_act(state)
        phase, coup = state.phase, state.coup
        assert len(found) < len(coups), "the engine deals a coup more than the vector table"
        played = coups[len(found)]
        action: Action
        if phase is Phase.CALLS and state.speaker == 0:  # the agent is called first (CF-6)
            agent = actor
            action = Banco() if played.banco else Pass()
        elif phase is Phase.CALLS:
            action = Banco()  # the next punter takes the bank the agent let go
        elif phase is Phase.PUNTER:  # CF-12: draws on 0-4, stands on 6-7, chooses on 5
            legal = GAME.options(state, actor)
            if DrawCard() in legal and Stand() in legal:
                asked = actor == agent
                draws = bool(played.draws) if asked else play.draws_at_5 == 1
                action = DrawCard() if draws else Stand()
            else:
                action = DrawCard() if DrawCard() in legal else Stand()
        elif phase is Phase.BANKER:  # CF-13: seeing the third card, or that he stood
            third = value(coup.punter_cards[2]) if len(coup.punter_cards) == 3 else None
            action = DrawCard() if play.draws(points(coup.banker_cards), third) else Stand()
        elif phase is Phase.KEEP:
            action = KeepBank() if state.bank == stake else GiveUpBank()
        else:
            assert phase is Phase.OFFER  # the punters won: the bank passes (CF-14)
            action = OpenBank(stake)
        new: list[Event] = []
        state = helpers.act(GAME, state, actor, action, new)
        for result in (e for e in new if isinstance(e, CoupResult)):
            punter, banker = (e.cards for e in new if isinstance(e, HandShown))
            net = sum(e.net for e in new if isinstance(e, Settled) and e.seat == agent)
            found.append(Dealt(asked, punter, banker, result.winner, net))
            asked = False
        if any(isinstance(e, ShoeEnded) for e in new):
            return burned, found


def _setting(seed: int) -> tuple[dict[str, object], Strategy, int]:
    """The rules, the banker and the bank for a seed."""
    rng = random.Random(seed)
    rules: dict[str, object] = {
        "decks": 6 if seed % 3 else rng.choice([3, 8]),  # CF-2
        "burn": rng.choice([3, 4]),  # CF-4
        "cut_card": rng.randint(6, 16),
    }
    if seed % 4 == 0:  # the tableau variant: the engine forces the banker (CF-13)
        rules["banker_play"] = BankerPlay.TABLEAU
        return rules, strategy("tableau"), 100
    if seed % 4 == 1:  # the commission is the banker's to pay (CF-16)
        rules["commission"] = Fraction(5, 100)
        return rules, strategy("tableau", at_five=0), 250
    return rules, random_pure(rng), rng.choice([100, 150])


@pytest.mark.parametrize("seed", range(8))
def test_the_tables_deal_every_shoe_as_the_engine_does(seed):  # CF-4, CF-9 .. CF-14
    options, play, stake = _setting(seed)
    banker = None if seed % 4 == 0 else play
    tables = ChemmyTables(3, banker=banker, stake=stake, **options)
    rules = tables.rules
    shoes, vector_coups = first_shoes(tables, seed)
    full = Counter(dict(enumerate(shoe_values(rules.decks))))
    for shoe, coups in zip(shoes, vector_coups, strict=True):
        assert shoe.counts() == Shoe.of(shoe.cards).counts()
        assert len(shoe) == 52 * rules.decks and shoe.cut_card == rules.cut_card  # CF-2
        burned, dealt = engine_shoe(shoe, rules, play, stake, coups)
        # the shoe ends at the same coup: the one that brought out the cut card (CF-4)
        assert len(dealt) == len(coups) > 25 * rules.decks / 3
        assert len(burned) == rules.burn  # the burned cards are shown (CF-4)
        assert unseen(coups[0].before) == full - by_value(burned)
        for k, (mine, theirs) in enumerate(zip(coups, dealt, strict=True)):
            cards = theirs.punter + theirs.banker
            assert mine.before[COUP] == k + 1 and mine.before[ON_FIVE] == 0
            # asked on 5 exactly when the engine asks: no natural on either side (CF-11, CF-12)
            assert (mine.five is not None) == theirs.asked
            if mine.five is not None:  # its own two cards, seen; the banker's, not (CF-9)
                assert (mine.five[FIRST], mine.five[SECOND]) == tuple(
                    value(c) for c in theirs.punter[:2]
                )
                assert points(theirs.punter[:2]) == 5
                assert unseen(mine.five) == unseen(mine.before) - by_value(theirs.punter[:2])
                assert len(theirs.punter) == 2 + bool(mine.draws)  # the agent's choice (CF-12)
            # the stake won or lost (CF-14); nothing when the agent let the bank go (CF-6)
            assert mine.reward == theirs.net
            if mine.banco:
                sign = {Winner.PUNTERS: 1, Winner.BANKER: -1, Winner.TIE: 0}[theirs.winner]
                assert theirs.net == sign * stake
            else:
                assert theirs.net == 0
            last = k == len(coups) - 1
            assert (len(cards) > mine.before[BEFORE_CUT]) == last  # the cut card came out
            if not last:  # every card of the coup is shown (CF-14)
                assert mine.after is not None
                assert unseen(mine.before) - unseen(mine.after) == by_value(cards)
                assert mine.before[BEFORE_CUT] - mine.after[BEFORE_CUT] == len(cards)
            else:
                assert mine.after is None


# -- the environment -----------------------------------------------------------------------------


Arrays = tuple[npt.NDArray[Any], ...]


def run(tables: ChemmyTables, seed: int, steps: int, policy: int = 0) -> list[Arrays]:
    """`steps` steps of random legal play, the actions drawn from `policy`."""
    rng = np.random.default_rng(policy)
    observations, info = tables.reset(seed=seed)
    out: list[Arrays] = [(observations, info["action_mask"])]
    for _ in range(steps):
        out.append(tables.step(random_actions(tables.mask, rng))[:4])
    return out


def same(a: list[Arrays], b: list[Arrays]) -> bool:
    return all(
        np.array_equal(x, y)
        for one, other in zip(a, b, strict=True)
        for x, y in zip(one, other, strict=True)
    )


def test_the_same_seed_gives_the_same_play():
    tables = ChemmyTables(4)  # the equilibrium: the banker mixes on 6 when the punter stood
    first = run(tables, 5, 300)
    assert same(first, run(ChemmyTables(4), 5, 300))
    assert same(first, run(tables, 5, 300))  # reset with the seed starts it all again
    assert not same(first, run(tables, 6, 300))
    assert any(step[2].any() for step in first[1:])  # some shoe ended in the run


def test_an_illegal_action_is_refused_and_changes_nothing():
    tables, twin = ChemmyTables(3, banker="tableau"), ChemmyTables(3, banker="tableau")
    tables.reset(seed=2)
    twin.reset(seed=2)
    rng = np.random.default_rng(0)
    refused = 0
    for _ in range(200):
        before: Arrays = (tables.obs.copy(), tables.mask.copy(), tables.generators.copy())
        on_five = tables.mask[:, STAND] == 1
        wrong = np.where(on_five, PASS, DRAW)  # banco is called, a 5 is played (CF-6, CF-12)
        with pytest.raises(ValueError, match=r"table 0: \w+ is not legal now \(legal: "):
            tables.step(wrong)
        with pytest.raises(ValueError, match="table 1: no action 4"):
            tables.step(np.array([0, 4, 0]))
        with pytest.raises(ValueError, match="3 whole numbers"):
            tables.step(np.array([0, 1]))
        refused += int(on_five.any())
        after: Arrays = (tables.obs, tables.mask, tables.generators)
        assert all(np.array_equal(x, y) for x, y in zip(before, after, strict=True))
        chosen = random_actions(tables.mask, rng)
        for one, other in zip(tables.step(chosen)[:4], twin.step(chosen)[:4], strict=True):
            assert np.array_equal(one, other)
    assert refused > 0


def test_what_the_punter_sees_adds_up():  # CF-4, CF-9, CF-12, CF-14
    stake, rules = 150, Rules(decks=6, burn=4, cut_card=14)
    tables = ChemmyTables(8, stake=stake, decks=6, burn=4, cut_card=14)
    observations, info = tables.reset(seed=3)
    rng = np.random.default_rng(3)
    n, full = 52 * rules.decks, np.array(shoe_values(rules.decks))
    calls = observations.copy()  # each table's last call
    for _ in range(600):
        chosen = random_actions(tables.mask, rng)
        was_five = tables.mask[:, STAND] == 1
        after, reward, terminated, _, info = tables.step(chosen)
        counts = after[:, UNSEEN]
        assert ((counts >= 0) & (counts <= full)).all()
        for t in range(tables.num_envs):
            row = after[t]
            if row[ON_FIVE]:  # its two cards make 5, and are all it has seen (CF-9, CF-12)
                assert list(info["action_mask"][t]) == [0, 0, 1, 1]
                assert (row[FIRST] + row[SECOND]) % 10 == 5 and reward[t] == 0
                assert counts[t].sum() == calls[t, UNSEEN].sum() - 2
                assert row[COUP] == calls[t, COUP]
                continue
            assert list(info["action_mask"][t]) == [1, 1, 0, 0]
            assert row[FIRST] == row[SECOND] == 0
            # what is not seen is what is not dealt: behind the cut card, and before it
            assert counts[t].sum() == row[BEFORE_CUT] + rules.cut_card
            if terminated[t]:  # the next shoe, burned (CF-4)
                assert row[COUP] == 1 and counts[t].sum() == n - rules.burn
            else:
                assert row[COUP] == calls[t, COUP] + 1
            played = chosen[t] == BANCO or was_five[t]
            assert reward[t] in ((-stake, 0, stake) if played else (0,))  # CF-6, CF-14
            calls[t] = row


def test_the_banker_mixes_as_his_strategy_says():  # CF-13
    """A banker who draws with chance 1/2 in every cell, against a punter who stands on 5:
    he draws in about half those coups (the coup then takes five cards, not four)."""
    half = Strategy.of("half", 0, dict.fromkeys(CELLS, Fraction(1, 2)))
    tables = ChemmyTables(64, banker=half)
    observations, _ = tables.reset(seed=4)
    draws = stands = 0
    for _ in range(1500):
        on_five = tables.mask[:, STAND] == 1
        after, _, terminated, _, _ = tables.step(np.where(on_five, STAND, BANCO))
        taken = observations[:, BEFORE_CUT] - after[:, BEFORE_CUT] + 4  # after the 4 dealt
        counted = on_five & ~terminated
        draws += int((taken[counted] == 5).sum())
        stands += int((taken[counted] == 4).sum())
        observations = after
    total = draws + stands
    assert total > 5000
    assert abs(draws / total - 0.5) < 4 * math.sqrt(0.25 / total)


def test_the_equilibrium_against_the_solvers_value():  # CF-12, CF-13, CF-14
    """The agent calling banco every coup and playing the solver's chance on 5, against the
    equilibrium banker: it loses the solver's value a chip staked, within 4 standard
    deviations (whole shoes and a fresh shoe's first coup differ by far less)."""
    solution = solve(6)
    x = float(solution.punter_draw_at_5)
    tables = ChemmyTables(1024, stake=100)
    tables.reset(seed=9)
    rng = np.random.default_rng(9)
    won, coups, squares = 0.0, 0, 0.0
    for _ in range(1000):
        on_five = tables.mask[:, STAND] == 1
        draws = rng.random(tables.num_envs) < x
        chosen = np.where(on_five, np.where(draws, DRAW, STAND), BANCO)
        _, reward, _, _, info = tables.step(chosen)
        ended = info["action_mask"][:, BANCO] == 1  # a coup ended: the next call is open
        won += float(reward.sum())
        squares += float((reward.astype(np.float64) ** 2).sum())
        coups += int(ended.sum())
    mean = won / coups / 100
    sigma = math.sqrt((squares / coups / 100**2 - mean**2) / coups)
    assert coups > 900_000
    assert abs(mean - float(solution.value)) < 4 * sigma


def test_make_and_the_options():  # CF-2, CF-13
    tables = vector.make("chemin-de-fer", 2, decks=8, burn="4", banker="draw", stake=500)
    assert isinstance(tables, ChemmyTables) and tables.rules == Rules(decks=8, burn=4)
    assert tables.stake == 500 and tables.observation_space.shape == (2, len(NAMES))
    observations, _ = tables.reset(seed=1)
    assert observations[0, UNSEEN].sum() == 52 * 8 - 4
    assert ChemmyTables(1, banker_play="tableau").stake == Rules().minimum_bank
    with pytest.raises(InvalidConfig, match="stake=50 is not valid"):
        ChemmyTables(1, stake=50)
    with pytest.raises(InvalidConfig, match="not valid at the banker tableau"):
        ChemmyTables(1, banker="equilibrium", banker_play="tableau")
    with pytest.raises(InvalidConfig, match="at least 3 full decks"):
        ChemmyTables(1, decks=2)
    with pytest.raises(InvalidConfig, match="unknown option 'tables'"):
        vector.make("chemin-de-fer", 1, tables=3)
    with pytest.raises(InvalidConfig, match="num_envs=0 is not valid"):
        ChemmyTables(0, banker="tableau")
