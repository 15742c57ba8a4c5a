"""The Banchek kernel against the engine hand by hand, against the numpy simulation bank by
bank, and against the exact odds (BN-4 .. BN-10)."""

import math
import random

import numpy as np
import pytest

from croupier.cards import Card
from croupier.engine import Event
from croupier.errors import InvalidInput
from croupier.games.banchek import Phase, Rules, Stake, Wait, two_packs
from croupier.games.banchek.events import BankEnded, CardTurned, HandDealt, Settled, Why
from croupier.odds.banchek import (
    CARD_TYPES,
    Policy,
    hand_odds,
    outcomes,
    period,
    prospects,
    random_hand,
    shuffles,
)
from croupier.sim.banchek import (
    BANKS,
    BROKE,
    COUNTS,
    ENDLESS,
    HANDS,
    ROUNDS,
    SLICES,
    TRIPLED,
    Ending,
    kinds,
    play_bank,
    play_banks,
    simulate,
)
from croupier.sim.banchek_results import BanchekResults
from croupier.sim.rng import seeded
from tests.games.banchek.stack import act, table

WHY = {Why.TRIPLED: Ending.TRIPLED, Why.BROKEN: Ending.BROKE}
MOST_HANDS = 300
"""Hands followed in the engine: a bank may go on for ever."""


def chance_stake(hand, gone, fresh: bool, bank: int, minimum: int) -> int:
    """The odds module's chance punter: his exact chance from what he counts, which is his
    own hands and the cards turned while the card to turn is fresh, else his hand alone;
    the minimum, plus his edge times the bank when it is positive, within the bank (BN-5)."""
    edge = 2 * hand_odds(hand, gone if fresh else ()).win - 1
    extra = math.floor(edge * bank) if edge > 0 else 0
    return min(minimum + extra, bank)


def engine_bank(order: list[Card], punters: int, policy: Policy, bank: int, minimum: int):
    """One bank through the engine from the pack `order`, top card first, seat 0 banking:
    each hand's stake (by `policy`, from what the engine shows) and whether the punter won,
    for `MOST_HANDS` hands at most; how it ended (None: not yet); the rounds completed."""
    hands = [" ".join(str(order[s + punters * j]) for j in range(3)) for s in range(punters)]
    log: list[Event] = []
    state = table(
        hands,
        " ".join(str(card) for card in order[3 * punters :]),
        buy_ins=dict.fromkeys(range(punters + 1), 10**6),
        rules=Rules(minimum=minimum, bank=bank),
        events=log,
    )
    assert state.pack.cards == tuple(order[3 * punters :])  # the first hands are dealt
    played: list[tuple[int, bool]] = []
    while len(played) < MOST_HANDS:
        state = act(state, 0, Wait(), log)
        assert state.phase is Phase.STAKE
        seat = state.punter
        if policy is Policy.FLAT:
            stake = min(minimum, state.bank)
        elif policy is Policy.BANK:
            stake = state.bank
        else:
            own = [e.cards for e in log if isinstance(e, HandDealt) and e.seat == seat]
            turned = [e.card for e in log if isinstance(e, CardTurned)]
            gone = [card for cards in own[:-1] if cards for card in cards] + turned
            stake = chance_stake(state.hand, gone, state.fresh > 0, state.bank, minimum)
        events: list[Event] = []
        state = act(state, seat, Stake(stake), events)
        log += events
        (settled,) = [e for e in events if isinstance(e, Settled)]
        played.append((settled.stake, settled.won))
        ended = [WHY[e.why] for e in events if isinstance(e, BankEnded)]
        if ended:
            return played, ended[0], state.rounds
    return played, None, state.rounds


CASES = [
    (Policy.FLAT, 1, 30, 5),
    (Policy.FLAT, 2, 30, 5),
    (Policy.FLAT, 3, 40, 10),
    (Policy.CHANCE, 1, 60, 5),
    (Policy.CHANCE, 2, 40, 5),
    (Policy.BANK, 1, 100, 5),
    (Policy.BANK, 3, 100, 5),
]


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize(("policy", "punters", "bank", "minimum"), CASES)
def test_the_kernel_plays_every_bank_as_the_engine_does(seed, policy, punters, bank, minimum):
    # BN-4 (the deal), BN-5 (stakes), BN-6 (the turned card), BN-7 (in turn), BN-8 and BN-9
    # (the round under the pack, no shuffle), BN-10 (the bank ends after the hand)
    rng = random.Random(seed * 31 + punters)
    order = list(two_packs())
    rng.shuffle(order)
    played, ending, rounds = engine_bank(order, punters, policy, bank, minimum)
    kernel = play_bank(kinds(order), punters, policy, bank, minimum, record=MOST_HANDS)
    assert list(zip(kernel.stakes, kernel.results, strict=True)) == played
    assert kernel.won == sum(won for _, won in played) or kernel.hands > MOST_HANDS
    if ending is None:  # still going in the engine: endless, or longer than followed
        assert kernel.ending is Ending.ENDLESS or kernel.hands > MOST_HANDS
    else:
        assert (kernel.ending, kernel.hands, kernel.rounds) == (ending, len(played), rounds + 1)


def test_the_engine_comparison_covers_every_ending_and_both_counts():  # BN-10
    """The packs above reach every ending, and the chance punter stakes by his count."""
    endings = set()
    for seed in range(8):
        for policy, punters, bank, minimum in CASES:
            rng = random.Random(seed * 31 + punters)
            order = list(two_packs())
            rng.shuffle(order)
            endings.add(play_bank(kinds(order), punters, policy, bank, minimum).ending)
    assert endings == set(Ending)
    order = list(two_packs())
    random.Random(1).shuffle(order)
    long = play_bank(kinds(order), 1, Policy.CHANCE, 60, 5, record=60)
    assert len(set(long.stakes)) > 2  # stakes above the minimum, by his count


@pytest.mark.parametrize("policy", list(Policy))
@pytest.mark.parametrize(("punters", "bank", "minimum"), [(1, 100, 5), (2, 37, 3), (4, 20, 5)])
def test_the_kernel_agrees_with_the_numpy_simulation(policy, punters, bank, minimum):
    # BN-8, BN-9, BN-10: every bank as `outcomes` plays it, endless ones too
    packs = shuffles(400, seed=punters * 10 + len(policy.value))
    expected = outcomes(packs, punters, policy, bank, minimum)
    ours = play_banks(packs, punters, policy, bank, minimum)
    for field in ("tripled", "endless", "rounds", "hands", "won"):
        assert np.array_equal(getattr(ours, field), getattr(expected, field)), field
    assert np.array_equal(packs, shuffles(400, seed=punters * 10 + len(policy.value)))


def test_the_numpy_comparison_meets_endless_banks():  # BN-10
    packs = shuffles(400, seed=1)
    ours = play_banks(packs, 1, Policy.CHANCE, 100, 5)
    assert ours.endless.any() and ours.tripled.any() and ours.broke.any()
    assert (ours.rounds[ours.endless] % period(1) == 0).all()


def test_the_first_hand_and_the_bold_punter_agree_with_the_exact_odds():  # BN-6, BN-10
    win = float(random_hand().win)
    for policy, punters in ((Policy.FLAT, 2), (Policy.CHANCE, 1), (Policy.BANK, 3)):
        counts = simulate(seeded(np.random.SeedSequence(5)), 100_000, punters, policy)
        results = BanchekResults.of(counts.sum(axis=0), punters, policy)
        first = results.first_hand()
        assert first.exact == win
        assert first.sigmas is not None and abs(first.sigmas) < 4, policy
    # staking the whole bank: the first hand won breaks it, else the second ends it
    hands = results.hands()
    assert hands is not None and hands.exact == 2 - win
    assert hands.sigmas is not None and abs(hands.sigmas) < 4
    assert results.banks_that(Ending.ENDLESS) == 0


@pytest.mark.parametrize(("policy", "punters"), [(Policy.FLAT, 2), (Policy.CHANCE, 1)])
def test_the_kernel_agrees_with_the_prospects(policy, punters):  # BN-10
    banks = 10_000
    counts = simulate(seeded(np.random.SeedSequence(8)), 100_000, punters, policy)
    results = BanchekResults.of(counts.sum(axis=0), punters, policy)
    expected = prospects(punters, policy, banks=banks, seed=3)
    for ending, share in ((Ending.TRIPLED, expected.triple), (Ending.ENDLESS, None)):
        ours = results.share(ending)
        theirs = share if share is not None else expected.endless / banks
        error = math.sqrt((ours.margin / 1.96) ** 2 + theirs * (1 - theirs) / banks)
        assert abs(ours.value - theirs) < 4 * error, ending
    rounds = results.rounds()
    assert rounds is not None
    error = math.hypot(rounds.margin, expected.rounds_margin) / 1.96
    assert abs(rounds.value - expected.rounds) < 4 * error


def test_the_counts_add_up():
    out = simulate(seeded(np.random.SeedSequence(7)), 10_001, punters=2, policy="bank")
    assert out.shape == (SLICES, COUNTS)
    total = out.sum(axis=0)
    assert total[BANKS] == 10_001 == total[TRIPLED] + total[BROKE] + total[ENDLESS]
    assert total[ROUNDS] == 10_001  # two punters: the bold bank ends in the first round
    assert 10_001 < total[HANDS] <= 2 * 10_001
    assert out[:, BANKS].tolist() == [
        10_001 * (k + 1) // SLICES - 10_001 * k // SLICES for k in range(SLICES)
    ]
    json = BanchekResults.of(total, 2, "bank").as_json()
    assert json["banks"] == 10_001 and json["policy"] == "bank"
    assert json["tripled"]["exact"] is None  # the odds module gives no tripling chance
    assert json["first_hand_won"]["exact"] == float(random_hand().win)


def test_the_same_state_gives_the_same_counts():
    first = simulate(seeded(np.random.SeedSequence(9)), 5_000, 2, "chance")
    again = simulate(seeded(np.random.SeedSequence(9)), 5_000, 2, "chance")
    other = simulate(seeded(np.random.SeedSequence(10)), 5_000, 2, "chance")
    assert (first == again).all() and not (first == other).all()


def test_bad_options_are_refused():  # BN-1, BN-2, BN-5
    state = seeded(np.random.SeedSequence(1))
    with pytest.raises(InvalidInput, match="punters=0 is not valid: 1 to 26"):
        simulate(state, 10, punters=0)
    with pytest.raises(InvalidInput, match="punters=27 is not valid"):
        simulate(state, 10, punters=27)
    with pytest.raises(InvalidInput, match="policy='martingale' is not valid"):
        simulate(state, 10, policy="martingale")
    with pytest.raises(InvalidInput, match="minimum=0, bank=100"):
        simulate(state, 10, minimum=0)
    with pytest.raises(InvalidInput, match="minimum=5, bank=4"):
        simulate(state, 10, bank=4)
    with pytest.raises(InvalidInput, match="banks=-1 is not valid"):
        simulate(state, -1)
    pack = kinds(two_packs())
    with pytest.raises(InvalidInput, match="pack 0 is not two of each card"):
        play_bank(np.zeros_like(pack), 1, "flat")
    with pytest.raises(InvalidInput, match=r"packs of shape \(103,\)"):
        play_bank(pack[:103], 1, "flat")
    with pytest.raises(InvalidInput, match=r"packs of shape \(104,\)"):
        play_banks(pack, 1, "flat")


def test_card_kinds_are_the_odds_module_s():
    pack = kinds(two_packs())
    assert sorted(pack.tolist()) == sorted(list(range(len(CARD_TYPES))) * 2)
    assert CARD_TYPES[int(kinds([Card.from_str("7D")])[0])] == Card.from_str("7D")
