"""The Banchek kernel against the engine hand by hand, against a plain loop that deals the
rules card by card bank by bank, and against the exact odds; its runs seeded, whatever the
workers (BN-4 .. BN-10)."""

import math
import random
from collections import deque
from fractions import Fraction

import numpy as np
import pytest

from croupier.cards import Card
from croupier.engine import Event
from croupier.errors import InvalidInput
from croupier.games.banchek import Phase, Rules, Stake, Wait, two_packs
from croupier.games.banchek.events import BankEnded, CardTurned, HandDealt, Settled, Why
from croupier.games.banchek.rules import HAND, MOST_PUNTERS, beats, cards
from croupier.games.banchek.rules import TRIPLED as FACTOR
from croupier.odds.banchek import (
    CARD_TYPES,
    bold_triples,
    hand_odds,
    period,
    random_hand,
)
from croupier.sim.banchek import (
    BANKS,
    BROKE,
    CHUNK,
    COUNTS,
    ENDLESS,
    FIRST_WON,
    HANDS,
    ROUNDS,
    SLICES,
    TRIPLED,
    WON,
    Ending,
    Policy,
    kinds,
    play_bank,
    play_banks,
    simulate,
)
from croupier.sim.banchek_results import BanchekResults, rules_json
from croupier.sim.rng import seeded
from croupier.sim.runner import chunks, run
from tests.games.banchek.stack import act, table

WHY = {Why.TRIPLED: Ending.TRIPLED, Why.BROKEN: Ending.BROKE}
WIDEST = Rules(seats=MOST_PUNTERS + 1)
"""A table that seats as many punters as a round of the pack allows (BN-1)."""
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
    rules = Rules(minimum=minimum, bank=bank)
    kernel = play_bank(kinds(order), punters, policy, rules, record=MOST_HANDS)
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
            rules = Rules(minimum=minimum, bank=bank)
            endings.add(play_bank(kinds(order), punters, policy, rules).ending)
    assert endings == set(Ending)
    order = list(two_packs())
    random.Random(1).shuffle(order)
    long = play_bank(kinds(order), 1, Policy.CHANCE, Rules(bank=60), record=60)
    assert len(set(long.stakes)) > 2  # stakes above the minimum, by his count


PACK = two_packs()


def shuffled(banks: int, seed: int) -> np.ndarray:
    """`banks` shuffles of the two packs as card kinds, top first, from numpy's generator."""
    return np.random.default_rng(seed).permuted(np.tile(kinds(PACK), (banks, 1)), axis=1)


def rules_bank(pack, punters, policy, bank=100, minimum=5):
    """One bank by the rules, card by card: how it ended, the rounds dealt and the hands
    played and won (None for a bank that never ends)."""
    pack = deque(pack)
    money, rounds, hands, won, drawn = bank, 0, 0, 0, 0
    seen: list[list[Card]] = [[] for _ in range(punters)]  # the chance punter's count
    states = set()
    while True:
        if drawn >= len(PACK):  # every decision now hangs on the cards and the bank alone
            state = (tuple(pack), money)
            if state in states:
                return Ending.ENDLESS, None, None, None
            states.add(state)
        rounds += 1
        dealt: list[list[Card]] = [[] for _ in range(punters)]
        for _ in range(HAND):  # one at a time (BN-4)
            for seat in range(punters):
                dealt[seat].append(pack.popleft())
                if drawn < len(PACK):
                    seen[seat].append(dealt[seat][-1])
                drawn += 1
        turned = []
        for seat, hand in enumerate(dealt):  # from the banker's left (BN-5, BN-7)
            if policy is Policy.FLAT:
                stake = min(minimum, money)
            elif policy is Policy.BANK:
                stake = money
            else:
                if drawn < len(PACK):
                    others = list(seen[seat])
                    for card in hand:
                        others.remove(card)
                    odds = hand_odds(hand, others)
                else:
                    odds = hand_odds(hand)
                more = math.floor(odds.edge * money) if odds.win > Fraction(1, 2) else 0
                stake = min(minimum + more, money)
            card = pack.popleft()
            if drawn < len(PACK):
                for count in seen:
                    count.append(card)
            drawn += 1
            turned.append(card)
            wins = beats(hand, card)
            money += -stake if wins else stake  # BN-6
            hands += 1
            won += wins
            if money <= 0 or money >= FACTOR * bank:  # BN-10
                return (Ending.TRIPLED if money > 0 else Ending.BROKE), rounds, hands, won
        pack.extend([card for hand in dealt for card in hand] + turned)  # BN-9


@pytest.mark.parametrize(
    ("punters", "policy", "banks", "bank", "minimum"),
    [(1, Policy.FLAT, 60, 100, 5), (2, Policy.FLAT, 30, 100, 5), (4, Policy.FLAT, 20, 100, 5),
     (2, Policy.FLAT, 40, 37, 3), (1, Policy.CHANCE, 40, 100, 5), (9, Policy.CHANCE, 12, 100, 5),
     (3, Policy.CHANCE, 20, 100, 5), (4, Policy.CHANCE, 30, 20, 5), (2, Policy.CHANCE, 30, 37, 3),
     (3, Policy.BANK, 50, 100, 5), (1, Policy.BANK, 50, 37, 3)],
)  # fmt: skip
def test_the_kernel_deals_as_the_rules_do(punters, policy, banks, bank, minimum):
    # BN-4 .. BN-10: every bank as the plain loop deals it, card by card, endless ones too
    packs = shuffled(banks, seed=punters * 10 + len(policy.value) + bank)
    ours = play_banks(packs, punters, policy, Rules(seats=10, minimum=minimum, bank=bank))
    for b, row in enumerate(packs):
        ending, rounds, hands, won = rules_bank([CARD_TYPES[i] for i in row], punters, policy,
                                                bank, minimum)  # fmt: skip
        kernel = (Ending.TRIPLED if ours.tripled[b] else Ending.ENDLESS if ours.endless[b]
                  else Ending.BROKE)  # fmt: skip
        assert kernel == ending, b
        if ending is not Ending.ENDLESS:
            assert (ours.rounds[b], ours.hands[b], ours.won[b]) == (rounds, hands, won), b
    # the kernel played on copies: the packs are as they were
    assert np.array_equal(packs, shuffled(banks, seed=punters * 10 + len(policy.value) + bank))


def test_the_rules_comparison_meets_endless_banks():  # BN-8, BN-10
    packs = shuffled(60, seed=1)
    ours = play_banks(packs, 1, Policy.CHANCE, Rules(minimum=5, bank=100))
    assert ours.endless.any() and ours.tripled.any() and ours.broke.any()
    assert (ours.rounds[ours.endless] % period(1) == 0).all()
    for b in np.flatnonzero(ours.endless)[:5]:
        ending, *_ = rules_bank([CARD_TYPES[i] for i in packs[b]], 1, Policy.CHANCE)
        assert ending is Ending.ENDLESS, b


def stacked(*text):
    """A pack with these cards on top, the rest below in a fixed order, as card kinds."""
    top = cards(" ".join(text))
    rest = list(PACK)
    for card in top:
        rest.remove(card)
    return kinds([*top, *rest])


def test_a_stacked_pack():  # BN-4, BN-6, BN-10
    # one punter stakes the whole bank: 7♦ K♣ 5♦ loses to 2♠ (the bank doubles), then to 8♦
    # (it holds four times what was put up: tripled) or beats 3♣ (it is broken)
    ended = play_banks([stacked("7D KC 5D 2S 7D KC 5D 8D"), stacked("7D KC 5D 2S 7D KC 5D 3C")],
                       punters=1, policy="bank")  # fmt: skip
    assert list(ended.tripled) == [True, False]
    assert list(ended.hands) == [2, 2] and list(ended.rounds) == [2, 2]
    # two punters: dealt one card at a time, 7♦ 2♠ K♣ 3♠ 5♦ 4♠ gives the first 7♦ K♣ 5♦; the
    # first card turned, 5♦, is his, and the second, A♠, beats the second punter's spades
    ended = play_banks([stacked("7D 2S KC 3S 5D 4S 5D AS")], punters=2, policy="bank")
    assert ended.hands[0] == 1 and not ended.tripled[0]  # broken at once
    ended = play_banks([stacked("7D 2S KC 3S 5D 4S 6H AS")], punters=2, policy="bank")
    assert ended.hands[0] == 2 and ended.tripled[0] and ended.rounds[0] == 1


def results_of(banks, seed, punters, policy, rules=None, workers=1, size=CHUNK):
    """A seeded run of the kernel, in chunks, as the CLI runs it."""
    options = {"punters": punters, "policy": policy, "rules": rules}
    done = run(simulate, chunks(banks, seed, size, "banks"), options, workers=workers)
    return BanchekResults.of(done.totals(), punters, policy, rules)


def test_the_bold_punter():  # BN-5, BN-10
    """Staking the whole bank, the first hand breaks it or doubles it, and the second breaks
    it or takes it past three times: every bank ends by the second hand, in the first round
    when there are two punters or more; it triples when both hands lose, as often as
    `croupier.odds.banchek.bold_triples` says exactly."""
    exact = float(bold_triples())
    for punters in (1, 2, 8):
        ended = play_banks(shuffled(5_000, seed=punters), punters, "bank", WIDEST)
        assert set(ended.hands) == {1, 2} and not ended.endless.any()
        assert not ended.tripled[ended.hands == 1].any()
        assert (ended.rounds == (ended.hands if punters == 1 else 1)).all()
        results = results_of(20_000, 2, punters, Policy.BANK, WIDEST)
        counts = results.counts
        assert counts[ROUNDS] == (counts[HANDS] if punters == 1 else counts[BANKS])
        tripled = results.share(Ending.TRIPLED)
        assert tripled.exact == bold_triples()
        low, high = tripled.interval
        width = high - low
        assert low - width / 2 < exact < high + width / 2  # a 99.99% interval
        assert abs(tripled.value - exact) < 4 * tripled.margin / 1.96
        # broken on the first hand: the punter's chance
        first = 2 * counts[BANKS] - counts[HANDS]  # banks of one hand, of one or two
        assert first == counts[FIRST_WON]  # the first hand won breaks the bank at once
        p = float(random_hand().win)
        assert abs(first / counts[BANKS] - p) < 4 * math.sqrt(p * (1 - p) / counts[BANKS])


def test_flat_punters():  # BN-5, BN-10
    """Stakes of 5 move a bank of 100 by 5: it cannot break in fewer than 20 hands nor triple
    in fewer than 40; against four punters at the house's edge it all but always triples."""
    ended = play_banks(shuffled(3_000, seed=5), 4, "flat")
    assert ended.hands.min() >= 20
    assert ended.hands[ended.tripled].min() >= 40
    assert not ended.endless.any()
    # a tripled bank took 40 stakes more than it paid, a broken one paid 20 more than it took
    lost = ended.hands - ended.won
    assert ((lost - ended.won)[ended.tripled] == 40).all()
    assert ((ended.won - lost)[~ended.tripled] == 20).all()
    results = results_of(3_000, 5, 4, Policy.FLAT)
    assert results.share(Ending.TRIPLED).value > 0.99
    counts = results.counts
    # the same in the run's counts: the stakes the banks took, less those they paid
    assert counts[HANDS] - 2 * counts[WON] == 40 * counts[TRIPLED] - 20 * counts[BROKE]
    won = results.hands_won()
    assert won is not None and won.value == counts[WON] / counts[HANDS]


def test_endless_banks():  # BN-8, BN-10
    """With one punter the pack comes round unchanged every 26 rounds: a flat bank whose 26
    hands leave it as it was never ends, and counting punters hold many banks so."""
    flat = results_of(4_000, 3, 1, Policy.FLAT)
    endless = flat.banks_that(Ending.ENDLESS)
    assert 0 < endless < flat.banks
    assert sum(flat.banks_that(ending) for ending in Ending) == flat.banks
    assert flat.ended == flat.banks - endless
    chance = results_of(2_000, 3, 1, Policy.CHANCE)
    assert chance.banks_that(Ending.ENDLESS) > endless / 2
    low, high = flat.share(Ending.ENDLESS).interval
    assert 0 < low < endless / flat.banks < high < 1


def test_a_seeded_run_is_the_same_on_one_worker_or_two():  # BN-10
    one = results_of(3_000, 1, 2, Policy.FLAT, size=500)
    assert one == results_of(3_000, 1, 2, Policy.FLAT, size=500)
    assert one == results_of(3_000, 1, 2, Policy.FLAT, workers=2, size=500)
    two = results_of(3_000, 2, 2, Policy.FLAT, size=500)
    assert one != two
    (a, b), (c, d) = one.share(Ending.TRIPLED).interval, two.share(Ending.TRIPLED).interval
    assert a < d and c < b  # the intervals meet
    r1, r2 = one.rounds(), two.rounds()
    assert r1 is not None and r2 is not None
    assert abs(r1.value - r2.value) < r1.margin + r2.margin


def test_wilson_intervals_are_sound_at_the_ends():  # BN-10
    """Against flat punters at four a bank all but never breaks: the normal margin of a
    share of 0 or 1 is nothing, the Wilson interval is not."""
    counts = [0] * COUNTS
    counts[BANKS] = counts[TRIPLED] = 200
    results = BanchekResults.of(counts, 4, Policy.FLAT)
    assert results.share(Ending.TRIPLED).margin == 0
    low, high = results.share(Ending.TRIPLED).interval
    assert 0.97 < low < 0.99 and high == 1.0
    low, high = results.share(Ending.BROKE).interval
    assert low == 0.0 and 0.01 < high < 0.03


def test_the_first_hand_and_the_bold_punter_agree_with_the_exact_odds():  # BN-6, BN-10
    win = random_hand().win
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
    rounds = results.rounds()  # three punters: both hands in the first round
    assert rounds is not None and rounds.exact == 1 == rounds.value


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
    bold = BanchekResults.of(total, 2, "bank")
    json = bold.as_json()
    assert json["banks"] == 10_001 and json["policy"] == "bank"
    assert rules_json(bold.rules) == {"bank": 100, "minimum": 5, "seats": 8}  # the default
    table = BanchekResults.of(total, 2, "bank", Rules(minimum=3, bank=37))
    assert (rules_json(table.rules)["bank"], rules_json(table.rules)["minimum"]) == (37, 3)
    assert json["tripled"]["exact"]["fraction"] == str(bold_triples())
    assert json["endless"]["exact"] == {"value": 0.0, "fraction": "0"}
    assert json["first_hand_won"]["exact"]["fraction"] == str(random_hand().win)
    flat = BanchekResults.of(total, 2, "flat").as_json()
    assert flat["tripled"]["exact"] is None  # banks of many hands from one pack: no odds


def test_the_same_state_gives_the_same_counts():
    first = simulate(seeded(np.random.SeedSequence(9)), 5_000, 2, "chance")
    again = simulate(seeded(np.random.SeedSequence(9)), 5_000, 2, "chance")
    other = simulate(seeded(np.random.SeedSequence(10)), 5_000, 2, "chance")
    assert (first == again).all() and not (first == other).all()


def test_bad_options_are_refused():  # BN-1, BN-2, BN-5, BN-15
    state = seeded(np.random.SeedSequence(1))
    with pytest.raises(InvalidInput, match="punters = 0 is not valid: at least 1"):
        simulate(state, 10, punters=0)
    # the table's seats bound the punters, one seat being the banker's (the default 8)
    with pytest.raises(InvalidInput, match="punters = 8 is not valid: 1 to 7, at a table of 8"):
        simulate(state, 10, punters=8)
    simulate(state, 10, punters=8, rules=Rules(seats=9))
    message = "punters = 27 is not valid: 1 to 26, so that a round fits the pack"
    with pytest.raises(InvalidInput, match=message):
        simulate(state, 10, punters=27, rules=WIDEST)
    with pytest.raises(InvalidInput, match="policy = 'martingale' is not valid"):
        simulate(state, 10, policy="martingale")
    with pytest.raises(InvalidInput, match="riders = True is not simulated"):
        simulate(state, 10, rules=Rules(riders=True))
    with pytest.raises(InvalidInput, match="banks = -1 is not valid"):
        simulate(state, -1)
    pack = kinds(two_packs())
    with pytest.raises(InvalidInput, match="pack 0 is not two of each card"):
        play_bank(np.zeros_like(pack), 1, "flat")
    with pytest.raises(InvalidInput, match=r"packs of shape \(103,\)"):
        play_bank(pack[:103], 1, "flat")
    with pytest.raises(InvalidInput, match=r"packs of shape \(104,\)"):
        play_banks(pack, 1, "flat")
    packs = shuffled(3, seed=1)
    packs[2, 0] = packs[2, 1]
    with pytest.raises(InvalidInput, match="pack 2 is not two of each card"):
        play_banks(packs, 4, "flat")


def test_card_kinds_are_the_odds_module_s():
    pack = kinds(two_packs())
    assert sorted(pack.tolist()) == sorted(list(range(len(CARD_TYPES))) * 2)
    assert CARD_TYPES[int(kinds([Card.from_str("7D")])[0])] == Card.from_str("7D")
