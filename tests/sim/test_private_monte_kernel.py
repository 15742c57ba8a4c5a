"""The Private Monte kernel against the engine deal by deal, against a plain loop that deals
packs by hand, and against the exact odds; its partly shuffled runs against whole packs
dealt from both ends; its runs seeded, whatever the workers; its sessions against
`play_packs` (PM-3, PM-5, PM-6, PM-7, PM-8)."""

import math
import random
from fractions import Fraction

import numpy as np
import pytest

from croupier.cards import Card, monte_pack
from croupier.engine import CHANCE, Cut, Event, Shuffle
from croupier.errors import InvalidInput
from croupier.games.monte_bank import Fate, KeepBank, Pass, Phase, PutUpBank
from croupier.games.monte_bank.events import BetSettled
from croupier.games.private_monte import (
    MOST_DEALS,
    LayoutBet,
    PrivateMonte,
    PrivateRules,
    Row,
    row_wins,
)
from croupier.odds.private_monte import first_deal, should_bet
from croupier.odds.private_monte_counter import counter
from croupier.sim.private_monte import (
    BETS,
    COLUMNS,
    COUNTER,
    DEALT,
    FLAT,
    PACK_SUITS,
    SHUFFLE,
    SLICES,
    STATS,
    filler,
    pack_suits,
    play_packs,
    positions,
    sessions,
    simulate,
    stat,
)
from croupier.sim.private_monte_results import Bettor, PrivateMonteResults, rules_json
from croupier.sim.rng import seeded, shuffle_prefix
from croupier.sim.runner import chunks, run
from croupier.sim.session_results import SessionResults
from croupier.sim.sessions import Plan
from tests.games.monte_bank.stack import act, bets

GAME = PrivateMonte()
ROWS = (Row.TOP, Row.BOTTOM)


def stacked(order: list[Card], deals: int):
    """Seat 0 banks (drawing the ace), every ritual passes, and the pack stands in `order`,
    top card first, for the first layout."""
    state = GAME.start(PrivateRules(deals_per_bank=deals), {0: 10**6, 1: 10**6, 2: 10**6})
    first = [Card.from_str(text) for text in ("AS", "KS", "KH")]
    rest = [card for card in monte_pack() if card not in first]
    state = act(state, CHANCE, Shuffle((*first, *rest)), game=GAME)
    state = act(state, 0, PutUpBank(10**5), game=GAME)
    while state.phase is Phase.SHUFFLES:
        (seat,) = GAME.to_act(state)
        state = act(state, seat, Pass(), game=GAME)
    state = act(state, CHANCE, Shuffle((order[-1], *order[:-1])), game=GAME)
    while state.phase is Phase.CUTS:  # the last cut moves the one card back: `order`
        (seat,) = GAME.to_act(state)
        last = state.speaker == len(state.order) - 1
        state = act(state, seat, Cut(1) if last else Pass(), game=GAME)
    return state


def engine_deals(order: list[Card], deals: int) -> tuple[list[list[bool]], list[list[bool]]]:
    """Every deal of one shuffle through the engine: seat 1 backs the top layout, seat 2 the
    bottom; for each deal and layout, whether a counter would back it (`should_bet` on what
    the engine shows the seat) and whether it won."""
    state = stacked(order, deals)
    backed, won = [], []
    for deal in range(deals):
        if deal:
            state = act(state, 0, KeepBank(), game=GAME)  # no shuffle, no cut (PM-7)
        assert state.phase is Phase.BETTING and state.layout is not None
        seen = GAME.view(state, 1).seen
        layouts = [[state.layout.card(spot) for spot in row.spots] for row in ROWS]
        backed.append([should_bet(cards, seen) for cards in layouts])
        events: list[Event] = []
        placed = [(1, LayoutBet(Row.TOP, 10)), (2, LayoutBet(Row.BOTTOM, 10))]
        state = bets(state, placed, events, GAME)
        fates = {e.number: e.fate for e in events if isinstance(e, BetSettled)}
        assert len(fates) == 2
        won.append([fates[number] is Fate.WIN for number in sorted(fates)])
    return backed, won


@pytest.mark.parametrize("seed", range(40))
def test_the_kernel_deals_every_pack_as_the_engine_does(seed):  # PM-3, PM-5, PM-7, PM-8
    rng = random.Random(seed)
    order = list(monte_pack())
    rng.shuffle(order)
    deals = 6 if seed % 3 else 1 + seed % 6
    bet, won = play_packs(pack_suits(order)[None, :], PrivateRules(deals_per_bank=deals))
    engine_backed, engine_won = engine_deals(order, deals)
    assert won[0].tolist() == engine_won
    assert bet[0].tolist() == engine_backed


def by_hand(pack: list[Card]) -> tuple[list[list[bool]], list[list[bool]]]:
    """Six deals from one pack, top card first, by hand: each deal two cards from the bottom
    (top layout), two from the top (bottom layout), the gate from the bottom (PM-3, PM-5,
    PM-7); for each deal and layout, whether the counter backs it (`should_bet` on every
    card seen so far) and whether it wins (`row_wins`)."""
    seen: list[Card] = []
    backed, won = [], []
    for k in range(MOST_DEALS):
        top = [pack[-1 - 3 * k], pack[-2 - 3 * k]]
        bottom = [pack[2 * k], pack[2 * k + 1]]
        gate = pack[-3 - 3 * k]
        seen += top + bottom
        backed.append([should_bet(layout, seen) for layout in (top, bottom)])
        won.append([row_wins(layout, gate) for layout in (top, bottom)])
        seen.append(gate)
    return backed, won


def test_the_kernel_deals_as_a_plain_loop_does():  # PM-3, PM-5, PM-7, PM-8
    """On shuffled packs dealt by hand, the kernel's counter bets exactly when `should_bet`
    says so, and wins exactly when `row_wins` does, with any number of deals."""
    rng = random.Random(5)
    packs = [rng.sample(monte_pack(), 40) for _ in range(300)]
    suits = np.array([pack_suits(pack) for pack in packs])
    expected = [by_hand(pack) for pack in packs]
    for deals in range(1, MOST_DEALS + 1):
        bet, won = play_packs(suits, PrivateRules(deals_per_bank=deals))
        assert bet.shape == won.shape == (len(packs), deals, 2)
        for p, (backed, wins) in enumerate(expected):
            assert bet[p].tolist() == backed[:deals], (deals, p)
            assert won[p].tolist() == wins[:deals], (deals, p)
    assert bet.any() and not bet.all()


def test_the_flat_bettor_agrees_with_the_exact_odds_on_every_deal():  # PM-5, PM-6, PM-8
    counts = simulate(seeded(np.random.SeedSequence(5)), 400_000).sum(axis=0)
    results = PrivateMonteResults.of(counts)
    assert results.shuffles == 400_000
    assert results.bets(Bettor.FLAT) == 2 * 6 * 400_000
    exact = first_deal().edge
    estimates = [*results.by_deal(Bettor.FLAT), results.edge(Bettor.FLAT)]
    for estimate in estimates:
        assert estimate is not None and estimate.exact == exact
        assert estimate.sigmas is not None and abs(estimate.sigmas) < 4
    # the margin is near the binomial one: the two layouts of a deal are almost independent
    per_deal = estimates[0]
    assert per_deal is not None
    binomial = 1.96 * math.sqrt((1 - float(exact) ** 2) / (2 * 400_000))
    assert 0.9 < per_deal.margin / binomial < 1.05


def whole_pack_edges(packs: int, seed: int):
    """The counter's edge per chip on each deal and over the shuffle, with its 95% margin,
    and his share of deals bet, from whole packs shuffled by numpy and dealt from both ends
    (`play_packs`), each pack one independent unit (a ratio estimate over packs)."""
    suits = np.random.default_rng(seed).permuted(np.tile(PACK_SUITS, (packs, 1)), axis=1)
    bet, won = play_packs(suits)
    y = bet.sum(axis=2)  # (packs, deals): layouts backed
    x = 2 * (bet & won).sum(axis=2) - y  # net result in stakes
    columns = [(x[:, d], y[:, d]) for d in range(MOST_DEALS)] + [(x.sum(1), y.sum(1))]
    edges: list[tuple[float, float] | None] = []
    for xs, ys in columns:
        if not ys.sum():
            edges.append(None)
            continue
        r = xs.sum() / ys.sum()
        residual = ((xs - r * ys) ** 2).sum() * packs / (packs - 1)
        edges.append((r, 1.96 * math.sqrt(residual) / ys.sum()))
    return edges, float(bet.any(axis=2).mean())


def test_partly_shuffled_runs_deal_as_whole_packs_do():  # PM-5, PM-8
    """`simulate` shuffles only the places it deals and deals them in turn; whole packs dealt
    from both ends, as the engine deals, give the counter the same edge on every deal."""
    counts = simulate(seeded(np.random.SeedSequence(6)), 400_000).sum(axis=0)
    results = PrivateMonteResults.of(counts)
    assert results.edge(Bettor.COUNTER, 1) is None  # a fresh pack favours no layout
    assert results.bets(Bettor.COUNTER, 1) == 0
    edges, share = whole_pack_edges(100_000, seed=2)
    assert edges[0] is None
    ours_by_deal = [results.edge(Bettor.COUNTER, d) for d in range(2, 7)]
    for ours, theirs in zip([*ours_by_deal, results.edge(Bettor.COUNTER)], edges[1:], strict=True):
        assert ours is not None and theirs is not None
        error = math.hypot(ours.margin, theirs[1]) / 1.96
        assert abs(ours.value - theirs[0]) < 4 * error
        assert ours.value - ours.margin > 0  # counting pays, from the second deal on
    ours_share = results.share_bet(Bettor.COUNTER)
    error = math.hypot(ours_share.margin, 1.96 * math.sqrt(share * (1 - share) / 100_000))
    assert abs(ours_share.value - share) < 4 * error / 1.96
    assert 0 < ours_share.value < 1
    # and both agree with the exact count of `croupier.odds.private_monte_counter`
    for ours, theirs in zip([*ours_by_deal, results.edge(Bettor.COUNTER)], edges[1:], strict=True):
        assert ours is not None and theirs is not None and ours.exact is not None
        assert ours.sigmas is not None and abs(ours.sigmas) < 4
        assert abs(theirs[0] - float(ours.exact)) < 4 * theirs[1] / 1.96
    for deal in (None, *range(1, 7)):
        bet = results.share_bet(Bettor.COUNTER, deal)
        assert bet.exact is not None and (bet.sigmas is None or abs(bet.sigmas) < 4)
    assert results.share_bet(Bettor.COUNTER, 1).exact == 0


def run_of(shuffles: int, seed: int, workers: int = 1, size: int = 20_000):
    """A seeded run of the kernel, in chunks, as the CLI runs it."""
    rules = PrivateRules()  # six deals a shuffle
    pieces = chunks(shuffles, seed, size, "shuffles")
    done = run(simulate, pieces, {"rules": rules}, workers=workers)
    return PrivateMonteResults.of(done.totals(), rules)


def test_a_seeded_run_is_the_same_on_one_worker_or_two():  # PM-8
    one = run_of(100_000, 3)
    assert one == run_of(100_000, 3) == run_of(100_000, 3, workers=2)
    other = run_of(100_000, 4)
    assert one != other
    exact = float(first_deal().edge)
    for deal in range(1, 7):
        flat = one.edge(Bettor.FLAT, deal)
        assert flat is not None and abs(flat.value - exact) < 2 * flat.margin  # 99.99%
        ours, theirs = one.edge(Bettor.COUNTER, deal), other.edge(Bettor.COUNTER, deal)
        if deal == 1:
            assert ours is None and theirs is None
            continue
        assert ours is not None and theirs is not None
        assert abs(ours.value - theirs.value) < 2 * math.hypot(ours.margin, theirs.margin)


def test_the_counts_add_up():
    four = PrivateRules(deals_per_bank=4)
    out = simulate(seeded(np.random.SeedSequence(7)), 10_001, four)
    assert out.shape == (SLICES, STATS * COLUMNS)
    table = out.sum(axis=0).reshape(STATS, COLUMNS)
    assert table[DEALT, SHUFFLE] == 10_001
    assert table[DEALT, :4].tolist() == [10_001] * 4 and table[DEALT, 4:SHUFFLE].sum() == 0
    for bettor in (FLAT, COUNTER):
        assert table[stat(bettor, BETS), SHUFFLE] == table[stat(bettor, BETS), :SHUFFLE].sum()
    assert table[stat(FLAT, BETS), SHUFFLE] == 2 * 4 * 10_001
    assert [row[DEALT * COLUMNS + SHUFFLE] for row in out] == [
        10_001 * (k + 1) // SLICES - 10_001 * k // SLICES for k in range(SLICES)
    ]
    json = PrivateMonteResults.of(out.sum(axis=0), four).as_json()
    assert rules_json(four) == {"deals_per_bank": 4, "cava": 10, "limit": 500}
    assert len(json["counter"]["by_deal"]) == 4
    banker = -first_deal().edge  # the banker's edge, 43/247, against every flat bet
    assert json["flat"]["banker_edge"]["exact"] == {"value": float(banker), "fraction": "43/247"}
    counted = counter()[:4]  # four deals of the six, exactly
    edge = sum(d.bets - 2 * d.wins for d in counted) / sum(d.bets for d in counted)
    assert json["counter"]["banker_edge"]["exact"]["fraction"] == str(edge) and edge < 0
    assert json["counter"]["by_deal"][0]["banker_edge"] == {
        "value": None,
        "interval": None,
        "exact": None,
    }  # the first deal of a fresh pack: he never bets


def test_the_same_state_gives_the_same_counts():
    first = simulate(seeded(np.random.SeedSequence(9)), 50_000)
    again = simulate(seeded(np.random.SeedSequence(9)), 50_000)
    other = simulate(seeded(np.random.SeedSequence(10)), 50_000)
    assert (first == again).all() and not (first == other).all()


def test_bad_options_are_refused():  # PM-4, PM-8
    state = seeded(np.random.SeedSequence(1))
    with pytest.raises(InvalidInput, match="deals_per_bank = 7 is not valid: 1 to 6"):
        PrivateRules(deals_per_bank=7)  # the rule set's to refuse, once (PM-8)
    with pytest.raises(InvalidInput, match="deals_per_bank = 0 is not valid: 1 to 6"):
        PrivateRules(deals_per_bank=0)
    for stake in (9, 501):  # a stake on a layout: from the cava to the limit
        with pytest.raises(
            InvalidInput, match=f"stake = {stake} is not valid: .* cava, 10, .* 500"
        ):
            filler(Bettor.FLAT, stake)
    filler(Bettor.FLAT, 5, PrivateRules(cava=5, limit=5))
    with pytest.raises(
        InvalidInput, match="bettor = 'shark' is not valid: choose from 'flat', 'counter'"
    ):
        filler("shark", 20)
    assert callable(filler("counter", 20)) and Bettor.of(" Counter ") is Bettor.COUNTER
    with pytest.raises(InvalidInput, match="shuffles = -1 is not valid"):
        simulate(state, -1)
    with pytest.raises(InvalidInput, match=r"packs of shape \(39,\)"):
        play_packs(PACK_SUITS[:39])
    with pytest.raises(InvalidInput, match="pack 1 is not the 40-card pack"):
        play_packs(np.stack([PACK_SUITS, np.zeros(40, dtype=np.int8)]))
    with pytest.raises(ValueError, match="deal 7: the deals of a shuffle are 1 to 6"):
        PrivateMonteResults.of(simulate(state, 10).sum(axis=0)).edge(Bettor.FLAT, 7)


def dealt_packs(state, sessions: int, hands: int, deals: int) -> np.ndarray:
    """The packs the session filler deals from `state`, each as the whole pack that
    `play_packs` deals those cards from: a session's shuffles in turn, each shuffled only as
    far as its deals go, then its dealt places put where `positions` takes them."""
    pack, where = PACK_SUITS.copy(), positions(deals).ravel()
    rest = np.setdiff1d(np.arange(len(PACK_SUITS)), where)
    packs = []
    for _ in range(sessions * -(-hands // deals)):
        shuffle_prefix(state, pack, len(where))
        whole = np.empty_like(pack)
        whole[where], whole[rest] = pack[: len(where)], pack[len(where) :]
        packs.append(whole)
    return np.array(packs)


@pytest.mark.parametrize("deals", [6, 4, 1])
def test_the_session_filler_deals_as_play_packs(deals):  # PM-3, PM-5, PM-6, PM-7, PM-8
    sessions, hands, stake = 30, 17, 5
    state = seeded(np.random.SeedSequence(deals))
    again = state.copy()
    rules = PrivateRules(cava=5, deals_per_bank=deals)
    bet, won = play_packs(dealt_packs(again, sessions, hands, deals), rules)
    backed = {Bettor.FLAT: np.ones_like(bet), Bettor.COUNTER: bet}
    for bettor in Bettor:
        nets = np.zeros((sessions, hands), dtype=np.int64)
        filler(bettor, stake, rules)(state.copy(), nets)
        y = backed[bettor].sum(axis=2)
        wins = (backed[bettor] & won).sum(axis=2)
        expected = stake * (2 * wins - y)  # paid 1 to 1 on each layout backed (PM-6)
        assert np.array_equal(nets, expected.reshape(sessions, -1)[:, :hands]), bettor
        # a run fills its sessions a batch at a time: the rows are the same
        fill, parts = filler(bettor, stake, rules), state.copy()
        first, rest = np.zeros((12, hands), dtype=np.int64), np.zeros((18, hands), dtype=np.int64)
        fill(parts, first)
        fill(parts, rest)
        assert np.array_equal(np.vstack([first, rest]), nets), bettor
    filler(Bettor.FLAT, stake, rules)(state, np.zeros((sessions, hands), dtype=np.int64))
    assert np.array_equal(state, again)  # the filler draws just those shuffles


def test_the_flat_bettors_sessions_lose_the_exact_edge():  # PM-5, PM-6, PM-8
    hands, stake = 60, 20
    # a bankroll no session can lose, so every deal is staked, 2 * stake each
    plan = Plan(hands * 2 * stake + 2 * stake, 2 * stake, hands, 2 * stake)
    counts = sessions(seeded(np.random.SeedSequence(11)), 200_000, plan, Bettor.FLAT, stake)
    results = SessionResults.of(counts.sum(axis=0), plan)
    assert results.sessions == 200_000 and results.hands == 200_000 * hands
    assert results.ruined().value == 0
    edge = results.edge(-first_deal().edge)
    assert edge.exact == Fraction(43, 247)
    assert edge.sigmas is not None and abs(edge.sigmas) < 4
    assert edge.margin < 0.001


def test_the_counter_wins_where_the_flat_bettor_loses():  # PM-5, PM-8
    plan = Plan(1000, 40, 120, 40)
    state = seeded(np.random.SeedSequence(12))
    nets = np.zeros((1000, plan.hands), dtype=np.int64)
    filler(Bettor.COUNTER, 20)(state.copy(), nets)
    assert not nets[:, ::6].any()  # a fresh pack favours no layout: he sits the first out
    assert set(np.unique(nets)) <= {-40, -20, 0, 20, 40}
    edges = {}
    for bettor in Bettor:
        counts = sessions(state.copy(), 20_000, plan, bettor, 20)
        edges[bettor] = SessionResults.of(counts.sum(axis=0), plan).edge()
    flat, counter = edges[Bettor.FLAT], edges[Bettor.COUNTER]
    assert flat.value - flat.margin > 0.15  # the house takes some 17%
    assert counter.value + counter.margin < 0  # the counter takes from the bank
