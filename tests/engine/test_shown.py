"""The last settlement each view holds (`view.last`, croupier.engine.shown), checked in
random sessions of every game against what the settling events said, worked out here
independently: the hands shown, the winner, and each seat's chips won or lost by it
(PB-7, CF-14, CF-16, BN-6, MB-4, MB-13, PM-6). And Private Monte's deals left agree with
the rule that refuses another deal (PM-8)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from croupier.engine.shown import Shown
from croupier.games.banchek import Banchek
from croupier.games.banchek import Rules as BanchekRules
from croupier.games.banchek import events as bn
from croupier.games.chemin_de_fer import CheminDeFer
from croupier.games.chemin_de_fer import Rules as ChemmyRules
from croupier.games.chemin_de_fer import events as cf
from croupier.games.monte_bank import MonteBank
from croupier.games.monte_bank import Rules as MonteRules
from croupier.games.monte_bank import events as mb
from croupier.games.monte_bank.layout import Fate
from croupier.games.monte_bank.state import Phase as MontePhase
from croupier.games.private_monte import PrivateMonte, PrivateRules
from croupier.games.punto_banco import PuntoBanco
from croupier.games.punto_banco import Rules as PuntoRules
from croupier.games.punto_banco import events as pb
from croupier.testing import Spec, play_randomly
from tests.games.banchek import test_conformance as banchek_spec
from tests.games.chemin_de_fer import test_conformance as chemmy_spec
from tests.games.monte_bank import test_conformance as monte_spec
from tests.games.private_monte import test_conformance as private_spec
from tests.games.punto_banco import test_conformance as punto_spec


def _spec(game: Any, rules: Any, seats: int, module: Any) -> Spec:
    return Spec(game, rules, dict.fromkeys(range(seats), 5000), module.scramble, module.candidates)


SPECS = {
    "punto-banco": _spec(PuntoBanco(), PuntoRules(), 4, punto_spec),
    "chemin-de-fer": _spec(CheminDeFer(), ChemmyRules(), 4, chemmy_spec),
    "banchek": _spec(Banchek(), BanchekRules(), 4, banchek_spec),
    "monte-bank": _spec(MonteBank(), MonteRules(), 4, monte_spec),
    "private-monte": _spec(PrivateMonte(), PrivateRules(), 4, private_spec),
}


def walked(spec: Spec, seed: int, rounds: int) -> Iterator[Any]:
    """Each state of a session of random play at which a step was taken."""
    session = play_randomly(spec, seed, rounds=rounds, checks=0)
    state = spec.game.start(spec.config, spec.buy_ins)
    for actor, action, _ in session.steps:
        yield state
        state, _ = spec.game.apply(state, actor, action)


def _summed(swings: list[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    total: Counter[int] = Counter()
    for seat, chips in swings:
        total[seat] += chips
    return tuple(sorted(total.items()))


def _expected(
    name: str, events: tuple[Any, ...], before: Any, after: Any, deal: list[Any]
) -> Shown | None:
    """The settlement these events told, or None if they told none."""
    kinds = {type(e).__name__: e for e in events}
    if name == "punto-banco" and "CoupResult" in kinds:
        result = kinds["CoupResult"]
        swings = [(e.box, e.net) for e in events if isinstance(e, pb.Settled)]
        winner = None if result.winner.value == "egalite" else result.winner.value
        assert after.last.hands[0].points == result.punto
        assert after.last.hands[1].points == result.banco
        return Shown(after.last.hands, winner, _summed(swings))
    if name == "chemin-de-fer" and "CoupResult" in kinds:
        shown = [e for e in events if isinstance(e, cf.HandShown)]
        assert [(h.name, h.cards, h.points) for h in after.last.hands] == [
            (e.hand.value, e.cards, e.points) for e in shown
        ]
        swings = [(e.seat, e.net) for e in events if isinstance(e, cf.Settled)]
        commission = after.house - before.house
        bank = (before.banker, -sum(chips for _, chips in swings) - commission)
        winner = {"punters": "punter", "banker": "banker"}.get(kinds["CoupResult"].winner.value)
        return Shown(after.last.hands, winner, _summed([*swings, bank]))
    if name == "banchek" and "Settled" in kinds:
        settled = [e for e in events if isinstance(e, bn.Settled)]
        turned = next(  # the card turned for the stake, or before it (BN-14)
            (e.card for e in reversed(events) if isinstance(e, bn.CardTurned)), before.early
        )
        hand = dict(before.shown).get(settled[0].hand) or next(
            e.cards for e in events if isinstance(e, bn.HandShown)
        )
        assert [h.cards for h in after.last.hands] == [hand, (turned,)]
        swings = [(e.seat, e.stake if e.won else -e.stake) for e in settled]
        bank = (before.banker, -sum(chips for _, chips in swings))
        return Shown(
            after.last.hands, "punter" if settled[0].won else "banker", _summed([*swings, bank])
        )
    if name in ("monte-bank", "private-monte"):
        deal.extend(events)
        if "DealEnded" not in kinds:
            return None
        told, deal[:] = list(deal), []
        drawn = tuple(e.card for e in told if isinstance(e, mb.CardShown))
        assert after.last.hands[-1].cards == drawn
        made: list[tuple[int, int]] = []
        for e in told:
            if isinstance(e, mb.BetSettled):
                lost = e.fate is Fate.LOSE
                made.append((e.seat, -e.stake if lost else e.paid - e.cut))
                made.append((before.banker, e.stake if lost else -e.paid))
        if any(isinstance(e, mb.BetSettled | mb.BetVoided) for e in told):
            made.append((before.banker, 0))  # the bank had stakes against it
        return Shown(after.last.hands, None, _summed(made))
    return None


@pytest.mark.parametrize("name", sorted(SPECS))
def test_the_view_holds_the_last_settlement_as_the_events_told_it(name: str):
    spec = SPECS[name]
    game = spec.game
    settled = 0
    for seed in range(4):
        session = play_randomly(spec, seed, rounds=25, checks=0)
        state = game.start(spec.config, spec.buy_ins)
        deal: list[Any] = []
        for actor, action, events in session.steps:
            before = game.view(state, None)
            state, _ = game.apply(state, actor, action)
            after = game.view(state, None)
            expected = _expected(name, events, before, after, deal)
            if expected is None:
                assert after.last == before.last, (actor, action)
                continue
            settled += 1
            assert after.last == expected, (seed, actor, action, events)
            for seat in range(len(spec.buy_ins)):  # every seat sees the same settlement
                assert game.view(state, seat).last == after.last
    assert settled >= 12, settled


def test_private_monte_deals_left_agree_with_the_rule_that_refuses_a_deal():
    """While a deal is on the table, the view's deals left is 0 exactly when the bank's
    term is served as it ends (PM-8: the agreed number, at least ten cards undealt), and
    more when the banker may deal again."""
    spec = SPECS["private-monte"]
    game = spec.game
    seen: Counter[bool] = Counter()
    for seed in range(6):
        session = play_randomly(spec, seed, rounds=40, checks=0)
        state = game.start(spec.config, spec.buy_ins)
        left = None
        for actor, action, events in session.steps:
            state, _ = game.apply(state, actor, action)
            if state.phase is MontePhase.BETTING:
                left = game.view(state, None).deals_left
            kinds = {type(e) for e in events}
            if mb.DealEnded not in kinds or mb.BankBroken in kinds:
                continue
            served = mb.TermServed in kinds
            assert (left == 0) == served, (seed, left, events)
            seen[served] += 1
    assert seen[True] and seen[False], seen
