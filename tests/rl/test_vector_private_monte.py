"""N Private Monte tables at once against the engine, card by card on the packs they shuffled;
seeded play; refused actions; what the observations count; the flat bettor and the counter
against their exact figures (PM-3 .. PM-8)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest

from croupier.cards import Card, Suit, monte_pack
from croupier.engine import Event
from croupier.errors import InvalidConfig, InvalidInput
from croupier.games.monte_bank import Fate, KeepBank, Phase, Spot
from croupier.games.monte_bank.events import BetSettled, CardShown, TermServed
from croupier.games.private_monte import LayoutBet, Row
from croupier.odds.private_monte import backs, first_deal
from croupier.odds.private_monte_counter import counter
from croupier.rl import vector
from croupier.rl.vector.private_monte import PrivateMonteTables, layout_counts
from tests.games.monte_bank.stack import act, bets
from tests.sim.test_private_monte_kernel import GAME, stacked

PACK = monte_pack()
SPOTS = (Spot.TOP_LEFT, Spot.TOP_RIGHT, Spot.BOTTOM_LEFT, Spot.BOTTOM_RIGHT)
LEFT, TOP, BOTTOM, DEAL = slice(0, 4), slice(4, 8), slice(8, 12), 12


@dataclass(frozen=True)
class Deal:
    """One deal as the engine plays it, for the punter at seat 1."""

    layout: tuple[Card, ...]  # top-left, top-right, bottom-left, bottom-right
    left: list[int]  # unseen cards of each suit, as seat 1's view counts them
    gate: Card
    won: tuple[bool, bool]  # the top layout's bets, the bottom's
    net: int  # seat 1's chips after the deal less before
    last: bool  # the shuffle's last deal: the bank passes (PM-8)


def engine_shuffle(order: list[Card], deals: int, actions: list[int], stake: int) -> list[Deal]:
    """One shuffle of the pack `order` (top card first) through the engine: seat 1 makes the
    vector agent's bets, `stake` on the top layout for bit 1 of its action and on the bottom
    for bit 2; seat 2 backs both layouts every deal, to show whether each won."""
    state = stacked(order, deals)
    played = []
    for d, action in enumerate(actions):
        if d:
            state = act(state, 0, KeepBank(), game=GAME)  # the same pack, unshuffled (PM-7)
        assert state.phase is Phase.BETTING and state.layout is not None
        layout = tuple(state.layout.card(spot) for spot in SPOTS)
        seen = GAME.view(state, 1).seen
        left = [10 - sum(card.suit is suit for card in seen) for suit in Suit]
        placed = [(1, LayoutBet(row, stake)) for bit, row in ((1, Row.TOP), (2, Row.BOTTOM))]
        chosen = [bet for bit, bet in zip((1, 2), placed, strict=True) if action & bit]
        flat = [(2, LayoutBet(Row.TOP, 10)), (2, LayoutBet(Row.BOTTOM, 10))]
        before = state.chips(1)
        events: list[Event] = []
        state = bets(state, [*chosen, *flat], events, GAME)
        (gate,) = [e.card for e in events if isinstance(e, CardShown) and e.gate]
        fates = {e.number: e.fate for e in events if isinstance(e, BetSettled) and e.seat == 2}
        top, bottom = (fates[number] is Fate.WIN for number in sorted(fates))  # as placed
        won = (top, bottom)
        last = any(isinstance(e, TermServed) for e in events)
        played.append(Deal(layout, left, gate, won, state.chips(1) - before, last))
    return played


def make(num_envs: int, **options: Any) -> PrivateMonteTables:
    tables = vector.make("private-monte", num_envs, **options)
    assert isinstance(tables, PrivateMonteTables)
    return tables


def cards(numbers: np.ndarray) -> tuple[Card, ...]:
    return tuple(PACK[int(n)] for n in numbers)


@pytest.mark.parametrize(
    ("seed", "deals", "stake"), [(0, 6, 10), (1, 6, 25), (2, 4, 10), (3, 1, 500)]
)
def test_every_deal_is_the_engines(seed, deals, stake):  # PM-3, PM-5, PM-6, PM-7, PM-8
    """Each table's pack, dealt by the engine with the same bets, gives the same layouts card
    for card (two from the bottom, then two from the top, PM-3), the same gate (the bottom
    card, PM-5), the same payment (1 to 1, PM-6), the next deal from the same pack (PM-7) and
    the shuffle's end after the deals agreed (PM-8), for two shuffles running (the second
    begun by the autoreset)."""
    tables = make(3, deals_per_bank=deals, stake=stake)
    observations, _ = tables.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(2):
        packs = [list(tables.pack(t)) for t in range(3)]
        plan = rng.integers(0, 4, size=(deals, 3))
        engine = [engine_shuffle(packs[t], deals, plan[:, t].tolist(), stake) for t in range(3)]
        for d in range(deals):
            for t in range(3):
                deal = engine[t][d]
                assert cards(tables.layouts[t]) == deal.layout, (t, d)
                row = observations[t]
                assert row[LEFT].tolist() == deal.left
                for place, side in ((TOP, deal.layout[:2]), (BOTTOM, deal.layout[2:])):
                    assert row[place].tolist() == [float(s in {c.suit for c in side}) for s in Suit]
                assert row[DEAL] == d + 1
            observations, reward, terminated, truncated, _ = tables.step(plan[d])
            for t in range(3):
                deal = engine[t][d]
                assert cards(tables.gates[t : t + 1]) == (deal.gate,)
                assert tuple(tables.won[t].tolist()) == deal.won
                assert reward[t] == deal.net
                assert terminated[t] == deal.last == (d == deals - 1)
            assert not truncated.any()


def test_the_same_seed_plays_the_same():  # C-5
    rng = np.random.default_rng(4)
    plan = rng.integers(0, 4, size=(40, 8))

    def play(tables: PrivateMonteTables, seed: int) -> list[np.ndarray]:
        observations, info = tables.reset(seed=seed)
        out = [observations, info["action_mask"]]
        for actions in plan:
            out.extend(tables.step(actions)[:4])
        return out

    tables = make(8)
    first = play(tables, 11)
    assert all(np.array_equal(a, b) for a, b in zip(first, play(tables, 11), strict=True))
    again = play(make(8), 11)
    assert all(np.array_equal(a, b) for a, b in zip(first, again, strict=True))
    other = play(tables, 12)
    assert not all(np.array_equal(a, b) for a, b in zip(first, other, strict=True))
    assert len({tables.pack(t) for t in range(8)}) == 8  # each table its own shuffle


def test_a_refused_action_changes_nothing():
    """A refused step leaves every buffer, the packs and the generators as they were: the
    tables then play on exactly as twins that were never refused."""
    tables, twin = make(4), make(4)
    for each in (tables, twin):
        each.reset(seed=5)
        each.step(np.array([3, 2, 1, 0]))

    def arrays(each: PrivateMonteTables) -> list[np.ndarray]:
        return [each.obs, each.mask, each.reward, each.terminated, each.generators]

    before = [a.copy() for a in arrays(tables)]
    packs = [tables.pack(t) for t in range(4)]
    for actions, message in (
        (np.array([0, 4, 0, 0]), "table 1: no action 4"),
        (np.array([0, 0, -1, 0]), "table 2: no action -1"),
        (np.array([0, 0, 0]), "4 whole numbers"),
        (np.array([0.0, 1.0, 2.0, 3.0]), "4 whole numbers"),
    ):
        with pytest.raises(ValueError, match=message):
            tables.step(actions)
        assert all(np.array_equal(a, b) for a, b in zip(before, arrays(tables), strict=True))
        assert [tables.pack(t) for t in range(4)] == packs
    for legal in (np.array([1, 1, 2, 2]), np.array([0, 3, 3, 0])):
        ours, theirs = tables.step(legal), twin.step(legal)
        assert all(np.array_equal(a, b) for a, b in zip(ours[:4], theirs[:4], strict=True))
        assert np.array_equal(tables.gates, twin.gates)
    assert tables.legal(0) == ["neither", "top", "bottom", "both"]  # PM-4: either, or both


def test_the_observations_count_what_was_seen():  # PM-3, PM-5, PM-7, PM-8
    """The unseen counts are the pack less every layout and gate since the shuffle; the flags
    are the layouts' suits; a layout's chance `covered / unseen` is the count of its suits."""
    deals = 5
    tables = make(16, deals_per_bank=deals)
    observations, _ = tables.reset(seed=6)
    rng = np.random.default_rng(6)
    seen: list[list[Card]] = [[] for _ in range(16)]
    for step in range(3 * deals):
        covered, unseen = layout_counts(observations)
        for t in range(16):
            layout = cards(tables.layouts[t])
            seen[t].extend(layout)
            row = observations[t]
            assert row[LEFT].tolist() == [10 - sum(c.suit is s for c in seen[t]) for s in Suit]
            assert unseen[t] == 40 - 5 * (step % deals) - 4 == row[LEFT].sum()
            assert row[DEAL] == step % deals + 1
            for k, side in enumerate((layout[:2], layout[2:])):
                suits = {card.suit for card in side}
                assert covered[t, k] == sum(row[LEFT][list(Suit).index(s)] for s in suits)
        observations, _, terminated, _, _ = tables.step(rng.integers(0, 4, size=16))
        for t in range(16):
            seen[t] = [] if terminated[t] else [*seen[t], PACK[int(tables.gates[t])]]
        assert terminated.all() == ((step + 1) % deals == 0) == terminated.any()


def test_a_flat_bettor_loses_the_exact_edge():  # PM-5, PM-6
    stake, n, steps = 10, 1024, 300
    tables = make(n, stake=stake)
    tables.reset(seed=7)
    both = np.full(n, 3)
    total = 0.0
    rewards = set()
    for _ in range(steps):
        _, reward, _, _, _ = tables.step(both)
        total += reward.sum()
        rewards |= set(np.unique(reward).tolist())
    assert rewards == {-20.0, 0.0, 20.0}  # a win and a loss cancel; both pay 1 to 1 (PM-6)
    bets = 2 * n * steps
    edge = total / stake / bets
    exact = float(first_deal().edge)  # -43/247 on every deal, whatever was seen
    assert abs(edge - exact) < 4 * math.sqrt(1 / bets)


def test_the_counter_reading_the_observations_wins_the_exact_figures():  # PM-5, PM-8
    """Backing a layout when `backs` says so of the observation's counts gives, deal by deal,
    the exact expectation of `croupier.odds.private_monte_counter`."""
    n, shuffles = 1024, 60
    tables = make(n)
    observations, _ = tables.reset(seed=8)
    nets = np.zeros((shuffles, 6))
    for s in range(shuffles):
        for d in range(6):
            covered, unseen = layout_counts(observations)
            backed = backs(covered, unseen[:, None])  # type: ignore[arg-type]  # elementwise
            chosen = np.asarray(backed, dtype=np.int64) @ np.array([1, 2])
            observations, reward, _, _, _ = tables.step(chosen)
            nets[s, d] = reward.sum() / tables.stake
    for d, exact in enumerate(counter()):
        expected = float(2 * exact.wins - exact.bets)
        if d == 0:
            assert expected == 0 and not nets[:, 0].any()  # a fresh pack favours no layout
            continue
        per_table = nets[:, d] / n
        margin = 4 * per_table.std(ddof=1) / math.sqrt(shuffles)
        assert abs(per_table.mean() - expected) < margin, d
        assert expected > 0


def test_bad_options_are_refused():  # PM-4, PM-8
    with pytest.raises(InvalidInput, match=r"stake = 5 is not valid: .* cava, 10, .* 500 \(PM-4\)"):
        make(2, stake=5)
    with pytest.raises(InvalidConfig, match=r"stake=12.5 is not valid"):
        make(2, stake=12.5)
    with pytest.raises(InvalidConfig, match="deals_per_bank = 7 is not valid: 1 to 6"):
        make(2, deals_per_bank=7)
    with pytest.raises(InvalidConfig, match="unknown option 'decks'"):
        make(2, decks=2)
    tables = make(2, cava=5, limit=5)
    assert tables.stake == 5 and tables.deals == 6
    with pytest.raises(ValueError, match="table 2: there are tables 0 to 1"):
        tables.pack(2)
