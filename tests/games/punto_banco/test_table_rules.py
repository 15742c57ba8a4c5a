"""The table around the coup: sizes, shoe, burn, bets, pay, the shoe's holder, who turns
(RULES PB-1, PB-3 .. PB-8, PB-10)."""

from dataclasses import replace
from fractions import Fraction

import pytest

from croupier.cards import Card
from croupier.engine import (
    CHANCE,
    HOUSE,
    NOBODY,
    Cut,
    Done,
    EndSession,
    Event,
    Join,
    Leave,
    Shuffling,
    redact,
)
from croupier.errors import (
    ForbiddenAction,
    InsufficientChips,
    InvalidConfig,
    NotYourTurn,
    StakeOutOfRange,
)
from croupier.games.punto_banco import (
    Bet,
    CommissionTiming,
    DeclineTurn,
    Limits,
    OfferTurn,
    Outcome,
    PassReason,
    PassShoe,
    Phase,
    Rules,
    Stake,
    TableSize,
    TurnCards,
    Withdraw,
    burn_count,
)
from croupier.games.punto_banco.events import (
    BetsClosed,
    BetsOpen,
    BurnCardShown,
    CardBurned,
    CardsTurned,
    CommissionCollected,
    CutCardPlaced,
    SessionEnded,
    Settled,
    ShoeEnded,
    ShoePassed,
    TurnDeclined,
    TurnOffered,
)
from croupier.shoe import Shoe
from tests.games.punto_banco.stack import GAME, act, bet, close, table

PUNTO_WINS = "4S 2D 4D 5C"  # punto 8, banco 7
BANCO_WINS = "4S 2D 3D 6C"  # punto 7, banco 8
EGALITE = "9S 4D KD 5C"  # 9 all


def test_two_tables():  # PB-1
    large, small = Rules(), Rules(table=TableSize.SMALL)
    assert (large.decks, large.boxes) == (8, 16)
    assert (small.decks, small.boxes) == (6, 7)
    assert len(GAME.chance(GAME.start(small, {})).cards) == 312  # type: ignore[union-attr]
    with pytest.raises(InvalidConfig, match="box 7"):
        GAME.start(small, {7: 100})


def test_a_player_may_join_before_any_coup_but_not_during_one():  # PB-1
    state = table(PUNTO_WINS, buy_ins={0: 1000})
    state = act(state, 5, Join(300))
    assert GAME.seats(state) == {0, 5}
    assert GAME.chips(state).paid_in == 1300
    state = close(bet(state, {5: [(Bet.PUNTO, 10)]}))
    assert state.phase is Phase.TURN
    assert not GAME.legal_actions(state, 6)
    with pytest.raises(NotYourTurn):
        GAME.apply(state, 6, Join(300))
    with pytest.raises(ForbiddenAction, match="taken"):
        GAME.apply(table(buy_ins={0: 50}), 0, Join(300))


def test_cut_card_goes_ten_from_the_bottom_by_default():  # PB-3
    events: list[Event] = []
    state = table(events=events)
    assert [e.from_bottom for e in events if isinstance(e, CutCardPlaced)] == [10]
    assert state.shoe.cut_card == 10
    assert table(rules=Rules(cut_card=8)).shoe.cut_card == 8
    for bad in (7, 11):
        with pytest.raises(InvalidConfig, match="8 to 10"):
            Rules(cut_card=bad)


def test_the_cut_is_a_seats_action():  # PB-3, C-6
    state = GAME.start(Rules(), {3: 100})
    node = GAME.chance(state)
    assert isinstance(node, Shuffling)
    state = act(state, CHANCE, node.sample(_Fixed()))
    assert GAME.to_act(state) == {3}
    with pytest.raises(NotYourTurn):
        GAME.apply(state, HOUSE, Cut(5))
    with pytest.raises(StakeOutOfRange, match="between 1 and 415"):
        GAME.apply(state, 3, Cut(416))
    before = state.shoe.cards
    state, _ = GAME.apply(state, 3, Cut(100))
    assert state.shoe.cards == before[100:] + before[:100]


class _Fixed:
    def shuffle(self, cards):
        return tuple(cards)


@pytest.mark.parametrize(
    ("card", "burns"), [("AS", 1), ("7D", 7), ("9C", 9), ("TH", 10), ("KS", 10)]
)
def test_burn_count(card, burns):  # PB-4
    assert burn_count(Card.from_str(card)) == burns


def test_the_first_card_is_shown_and_burns_that_many_unseen():  # PB-4
    events: list[Event] = []
    state = table("2S", burn="7D 3C 3C 3C 3C 3C 3C 3C", events=events)
    (shown,) = [e for e in events if isinstance(e, BurnCardShown)]
    assert (str(shown.card), shown.burns) == ("7D", 7)
    burned = [e for e in events if isinstance(e, CardBurned)]
    assert len(burned) == 7
    assert all(e.audience == NOBODY for e in burned)
    assert all(redact(e, 0) == replace(e, card=None) for e in burned)
    assert len(state.shoe) == 416 - 8
    assert str(state.shoe.top) == "2S"


def _near_the_end(state, left):
    """The same table with only `left` cards in the shoe, the cut card 10 from the bottom."""
    return replace(state, shoe=Shoe(state.shoe.cards[:left], cut_card=10))


def test_shoe_ends_after_the_coup_in_which_the_cut_card_comes_out():  # PB-5
    events: list[Event] = []
    state = _near_the_end(table(PUNTO_WINS + " 5D 6D 7D 8D", buy_ins={0: 1000}), 14)
    state = close(bet(state, {0: [(Bet.BANCO, 10)]}), events)  # 4 cards: 10 left, not out
    assert state.phase is Phase.BETTING
    assert not state.shoe.cut_card_out
    state = close(state, events)  # the next card comes from behind the cut card
    assert [e.shoe for e in events if isinstance(e, ShoeEnded)] == [1]
    assert state.phase is Phase.SHUFFLE
    assert GAME.to_act(state) == {CHANCE}


def test_each_bet_has_its_own_range():  # PB-6
    state = table(buy_ins={0: 5000})
    limits = Rules().limits
    assert (limits(Bet.PUNTO), limits(Bet.EGALITE)) == (Limits(10, 1000), Limits(10, 200))
    with pytest.raises(StakeOutOfRange, match="égalité stake must total 10 to 200"):
        GAME.apply(state, 0, Stake(Bet.EGALITE, 300))
    with pytest.raises(StakeOutOfRange, match="punto stake must total 10 to 1000"):
        GAME.apply(state, 0, Stake(Bet.PUNTO, 5))
    state = act(state, 0, Stake(Bet.PUNTO, 10))
    state = act(state, 0, Stake(Bet.PUNTO, 1))  # adding to a stake: the total counts
    state = act(state, 0, Stake(Bet.BANCO, 990))  # several bets at once
    state = act(state, 0, Stake(Bet.EGALITE, 200))
    assert state.box(0).stakes.total == 11 + 990 + 200
    with pytest.raises(StakeOutOfRange, match="you have 11 on it"):
        GAME.apply(state, 0, Stake(Bet.PUNTO, 990))
    with pytest.raises(StakeOutOfRange):
        GAME.apply(state, 0, Stake(Bet.PUNTO, 0))


def test_no_more_chips_than_the_seat_has():  # PB-6
    state = table(buy_ins={0: 50})
    with pytest.raises(InsufficientChips, match="50 chips free"):
        GAME.apply(state, 0, Stake(Bet.PUNTO, 60))
    state = act(state, 0, Stake(Bet.PUNTO, 45))
    with pytest.raises(InsufficientChips, match="5 chips free"):
        GAME.apply(state, 0, Stake(Bet.EGALITE, 10))


def test_withdrawing_a_stake_while_bets_are_open():
    state = act(table(buy_ins={0: 100}), 0, Stake(Bet.PUNTO, 40))
    state = act(state, 0, Withdraw(Bet.PUNTO))
    assert (state.box(0).chips, state.box(0).stakes.total) == (100, 0)
    with pytest.raises(ForbiddenAction, match="no stake on punto"):
        GAME.apply(state, 0, Withdraw(Bet.PUNTO))


def settle(coup, stakes, rules=None, chips=1000):
    events: list[Event] = []
    state = table(coup, buy_ins=dict.fromkeys(stakes, chips), rules=rules)
    state = close(bet(state, stakes), events)
    if state.phase is Phase.TURN:
        (turner,) = GAME.to_act(state)
        state = act(state, turner, TurnCards(), events)
    return state, [e for e in events if isinstance(e, Settled)]


def test_punto_pays_even_money():  # PB-7
    state, settled = settle(PUNTO_WINS, {0: [(Bet.PUNTO, 100), (Bet.BANCO, 50), (Bet.EGALITE, 10)]})
    assert [(e.bet, e.outcome, e.net) for e in settled] == [
        (Bet.PUNTO, Outcome.WIN, 100),
        (Bet.BANCO, Outcome.LOSE, -50),
        (Bet.EGALITE, Outcome.LOSE, -10),
    ]
    assert state.box(0).chips == 1000 + 100 - 50 - 10
    assert state.house == -40


@pytest.mark.parametrize(
    ("stake", "commission"), [(10, 1), (20, 1), (30, 2), (50, 3), (100, 5), (110, 6)]
)
def test_banco_pays_even_money_less_five_percent_rounded_half_up(stake, commission):  # PB-7
    state, (settled,) = settle(BANCO_WINS, {0: [(Bet.BANCO, stake)]})
    assert (settled.outcome, settled.commission, settled.net) == (
        Outcome.WIN,
        commission,
        stake - commission,
    )
    assert state.box(0).chips == 1000 + stake - commission
    assert Rules(commission=Fraction(1, 20)).commission_on(stake) == commission


def test_egalite_pays_eight_to_one_and_pushes_the_rest():  # PB-7
    state, settled = settle(EGALITE, {0: [(Bet.PUNTO, 100), (Bet.BANCO, 50), (Bet.EGALITE, 10)]})
    assert [(e.bet, e.outcome, e.net) for e in settled] == [
        (Bet.PUNTO, Outcome.PUSH, 0),
        (Bet.BANCO, Outcome.PUSH, 0),
        (Bet.EGALITE, Outcome.WIN, 80),
    ]
    assert state.box(0).chips == 1080
    _, (nine,) = settle(EGALITE, {0: [(Bet.EGALITE, 10)]}, rules=Rules(egalite_pays=9))
    assert nine.net == 90


def test_commission_may_be_owed_until_the_shoe_ends():  # PB-7 variant
    rules = Rules(commission_timing=CommissionTiming.END_OF_SHOE)
    state, (settled,) = settle(BANCO_WINS, {0: [(Bet.BANCO, 100)]}, rules=rules, chips=100)
    assert (settled.net, settled.commission) == (100, 5)
    box = state.box(0)
    assert (box.chips, box.owed, box.free) == (200, 5, 195)
    with pytest.raises(InsufficientChips, match="5 owed"):
        GAME.apply(state, 0, Stake(Bet.PUNTO, 196))
    events: list[Event] = []
    ended = act(state, HOUSE, EndSession(), events)
    assert [(e.box, e.amount) for e in events if isinstance(e, CommissionCollected)] == [(0, 5)]
    assert (ended.box(0).chips, ended.house) == (195, -95)
    left: list[Event] = []
    act(state, 0, Leave(), left)
    assert [e.amount for e in left if isinstance(e, CommissionCollected)] == [5]


def test_owed_commission_is_collected_when_the_shoe_ends():  # PB-7 variant, PB-5
    rules = Rules(commission_timing=CommissionTiming.END_OF_SHOE)
    events: list[Event] = []
    state = _near_the_end(table(BANCO_WINS, buy_ins={0: 100}, rules=rules), 11)
    state = close(bet(state, {0: [(Bet.BANCO, 100)]}), events)
    assert [e.amount for e in events if isinstance(e, CommissionCollected)] == [5]
    assert state.phase is Phase.SHUFFLE
    assert state.box(0).chips == 195


def test_the_shoe_starts_left_of_the_croupier_and_stays_with_a_winning_holder():  # PB-8
    events: list[Event] = []
    state = table(BANCO_WINS + " " + EGALITE, buy_ins={2: 100, 4: 100}, events=events)
    assert [e.holder for e in events if isinstance(e, BetsOpen)] == [2]
    state = close(bet(state, {2: [(Bet.BANCO, 10)]}), events)  # banco wins
    state = close(bet(state, {2: [(Bet.BANCO, 10)]}), events)  # égalité: a push
    closed = [e.dealer for e in events if isinstance(e, BetsClosed)]
    assert closed == [2, 2]
    assert [e.holder for e in events if isinstance(e, BetsOpen)] == [2, 2, 2]
    assert not [e for e in events if isinstance(e, ShoePassed)]


def test_a_lost_banco_bet_passes_the_shoe_left():  # PB-8
    events: list[Event] = []
    state = table(PUNTO_WINS, buy_ins={2: 100, 4: 100, 9: 100})
    state = close(bet(state, {2: [(Bet.BANCO, 10)], 4: [(Bet.PUNTO, 10)]}), events)
    state = act(state, 4, TurnCards(), events)
    passed = [(e.from_box, e.to_box, e.reason) for e in events if isinstance(e, ShoePassed)]
    assert passed == [(2, 4, PassReason.BANCO_LOST)]
    assert GAME.view(state, None).holder == 4


def test_a_holder_who_bets_punto_or_no_banco_passes_the_shoe():  # PB-8
    events: list[Event] = []
    state = table(BANCO_WINS, buy_ins={0: 100, 1: 100, 2: 100, 3: 100})
    stakes = {0: [(Bet.PUNTO, 10)], 1: [(Bet.EGALITE, 10)], 2: [], 3: [(Bet.BANCO, 10)]}
    close(bet(state, stakes), events)
    passed = [(e.from_box, e.to_box, e.reason) for e in events if isinstance(e, ShoePassed)]
    assert passed == [
        (0, 1, PassReason.BET_PUNTO),
        (1, 2, PassReason.BET_EGALITE),
        (2, 3, PassReason.NO_BANCO_BET),
    ]
    assert [e.dealer for e in events if isinstance(e, BetsClosed)] == [3]


@pytest.mark.parametrize("beside", [Bet.PUNTO, Bet.EGALITE])
def test_a_holder_who_bets_punto_or_egalite_beside_banco_passes_the_shoe(beside):  # PB-8
    # «Если же он хочет поставить на пунто или эгалите, сабо переходит к соседу слева.»
    events: list[Event] = []
    state = table(BANCO_WINS, buy_ins={0: 100, 1: 100})
    stakes = {0: [(Bet.BANCO, 10), (beside, 10)], 1: [(Bet.BANCO, 10)]}
    close(bet(state, stakes), events)
    reason = PassReason.BET_PUNTO if beside is Bet.PUNTO else PassReason.BET_EGALITE
    passed = [(e.from_box, e.to_box, e.reason) for e in events if isinstance(e, ShoePassed)]
    assert passed == [(0, 1, reason)]
    assert [e.dealer for e in events if isinstance(e, BetsClosed)] == [1]


def test_the_holder_may_decline_to_deal():  # PB-8
    events: list[Event] = []
    state = table(BANCO_WINS, buy_ins={0: 100, 1: 100})
    with pytest.raises(ForbiddenAction, match="box 1 holds it"):
        GAME.apply(state, 1, PassShoe())
    state = act(state, 0, PassShoe(), events)
    assert GAME.view(state, None).holder == 1
    state = close(bet(state, {0: [(Bet.BANCO, 10)], 1: [(Bet.BANCO, 10)]}), events)
    assert [e.dealer for e in events if isinstance(e, BetsClosed)] == [1]
    passed = [(e.from_box, e.to_box, e.reason) for e in events if isinstance(e, ShoePassed)]
    assert passed == [(0, 1, PassReason.DECLINED)]


def test_the_croupier_deals_when_nobody_bets_banco():  # PB-8
    events: list[Event] = []
    state = table(PUNTO_WINS, buy_ins={0: 100, 1: 100})
    close(bet(state, {0: [(Bet.PUNTO, 10)]}), events)
    assert [e.dealer for e in events if isinstance(e, BetsClosed)] == [None]
    passed = [(e.from_box, e.to_box) for e in events if isinstance(e, ShoePassed)]
    assert passed == [(0, 1), (1, None)]


def turning(stakes):
    state = table(PUNTO_WINS, buy_ins=dict.fromkeys(range(4), 1000))
    return close(bet(state, stakes))


def test_the_highest_punto_stake_turns_punto_cards():  # PB-10
    state = turning({1: [(Bet.PUNTO, 20)], 3: [(Bet.PUNTO, 50)], 0: [(Bet.BANCO, 10)]})
    assert GAME.to_act(state) == {3}
    assert GAME.view(state, 3).punto.cards == (None, None)
    with pytest.raises(NotYourTurn):
        GAME.apply(state, 1, TurnCards())
    events: list[Event] = []
    act(state, 3, TurnCards(), events)
    (turned, *_) = [e for e in events if isinstance(e, CardsTurned)]
    assert turned.by == 3


def test_equal_punto_stakes_the_first_from_the_croupiers_left_turns():  # PB-10
    state = turning({3: [(Bet.PUNTO, 50)], 1: [(Bet.PUNTO, 50)]})
    assert GAME.to_act(state) == {1}


def test_agreement_hands_the_right_to_another_punto_bettor():  # PB-10
    events: list[Event] = []
    state = turning(
        {1: [(Bet.PUNTO, 20)], 2: [(Bet.PUNTO, 50)], 3: [(Bet.PUNTO, 10)], 0: [(Bet.BANCO, 10)]}
    )
    assert set(GAME.legal_actions(state, 2)) == {TurnCards(), OfferTurn(1), OfferTurn(3)}
    with pytest.raises(ForbiddenAction, match="offered once to each other punto bettor"):
        GAME.apply(state, 2, OfferTurn(0))  # box 1 bet banco, not punto
    state = act(state, 2, OfferTurn(1), events)
    assert GAME.to_act(state) == {1}
    state = act(state, 1, DeclineTurn(), events)
    assert GAME.to_act(state) == {2}
    assert OfferTurn(1) not in GAME.legal_actions(state, 2)  # offered once
    with pytest.raises(ForbiddenAction, match="yours"):
        GAME.apply(state, 2, DeclineTurn())
    state = act(state, 2, OfferTurn(3), events)
    act(state, 3, TurnCards(), events)
    assert [(e.from_box, e.to_box) for e in events if isinstance(e, TurnOffered)] == [
        (2, 1),
        (2, 3),
    ]
    assert [e.box for e in events if isinstance(e, TurnDeclined)] == [1]
    assert next(e.by for e in events if isinstance(e, CardsTurned)) == 3


def test_with_no_punto_bets_the_croupier_turns():  # PB-10
    events: list[Event] = []
    state = table(PUNTO_WINS, buy_ins={0: 100}, events=events)
    close(bet(state, {0: [(Bet.BANCO, 10)]}), events)
    assert [e.by for e in events if isinstance(e, CardsTurned)] == [None, None]


def test_the_house_ends_the_session_only_between_coups():
    state = act(table(buy_ins={0: 100}), 0, Stake(Bet.PUNTO, 10))
    with pytest.raises(ForbiddenAction, match="stakes are on the table"):
        GAME.apply(state, HOUSE, EndSession())
    state = act(state, 0, Withdraw(Bet.PUNTO))
    events: list[Event] = []
    state = act(state, HOUSE, EndSession(), events)
    assert isinstance(events[-1], SessionEnded)
    assert GAME.is_over(state)


def test_a_seat_that_is_done_waits_for_the_next_coup():
    state = act(table(buy_ins={0: 100, 1: 100}), 0, Done())
    assert GAME.to_act(state) == {1, HOUSE}
    with pytest.raises(NotYourTurn, match="finished betting"):
        GAME.apply(state, 0, Stake(Bet.PUNTO, 10))
    state = act(state, 1, Done())
    assert GAME.to_act(state) == {HOUSE}


def test_an_unknown_bet_or_a_malformed_amount_is_refused():
    from croupier.errors import UnknownAction

    state = table(buy_ins={0: 100})
    with pytest.raises(
        UnknownAction, match="'baccarat' is not a bet: the choices are punto, banco"
    ):
        GAME.apply(state, 0, Stake("baccarat", 10))  # type: ignore[arg-type]
    with pytest.raises(UnknownAction, match="amount must be a whole number, not '10'"):
        GAME.apply(state, 0, Stake(Bet.PUNTO, "10"))  # type: ignore[arg-type]
    with pytest.raises(UnknownAction, match="Punto Banco has no such action"):
        GAME.apply(state, 0, "punto 10")  # type: ignore[arg-type]
