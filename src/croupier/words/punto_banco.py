"""Punto Banco in words: its events, its rule set, a coup's result."""

from __future__ import annotations

from croupier.games.punto_banco.events import (
    BetsClosed,
    BetsOpen,
    BurnCardShown,
    CardsTurned,
    ChoiceStated,
    CommissionCollected,
    CoupResult,
    CutCardPlaced,
    Outcome,
    PuntoDecided,
    SeatJoined,
    SeatLeft,
    SessionEnded,
    Settled,
    ShoeCut,
    ShoeEnded,
    ShoePassed,
    ShoeShuffled,
    StakePlaced,
    StakeWithdrawn,
    ThirdCard,
    TurnDeclined,
    TurnOffered,
)
from croupier.games.punto_banco.rules import Bet, Hand, Rules, Tableau
from croupier.words import narration
from croupier.words.markup import card_markup, cards_markup, plural, signed
from croupier.words.narration import Names, Tellers

__all__ = ["ROUND", "Narrator", "coup_line", "header", "rules_line"]

ROUND = "coup"
"""What one round of the game is called."""


_WINNER = {
    Bet.PUNTO: "[bold]PUNTO[/] wins",
    Bet.BANCO: "[bold]BANCO[/] wins",
    Bet.EGALITE: "[bold]ÉGALITÉ[/]",
}


def coup_line(result: CoupResult) -> str:
    if result.winner is Bet.EGALITE:
        return f"{_WINNER[result.winner]} at {result.punto} ({result.rule})"
    high, low = sorted((result.punto, result.banco), reverse=True)
    return f"{_WINNER[result.winner]} {high} to {low} ({result.rule})"


def rules_line(rules: Rules) -> str:
    """The limits, the payouts and punto's part at 5, in one line."""
    commission = f"{float(rules.commission * 100):g}%"
    tableau = "punto chooses on 5" if rules.tableau is Tableau.TEXT else "punto always draws on 5"
    return (
        f"punto {rules.punto} · banco {rules.banco} · égalité {rules.egalite} · "
        f"banco pays 1:1 less {commission} · égalité {rules.egalite_pays}:1 · {tableau}"
    )


def header(rules: Rules) -> tuple[str, ...]:
    """What is played at a table of these rules, said once at the start."""
    return (
        f"[bold]Punto Banco[/] — {rules.table.value} table, {rules.decks} decks, "
        f"{rules.boxes} boxes.",
        f"[dim]{rules_line(rules)}[/]",
    )


class Narrator(narration.Narrator):
    """Tells Punto Banco's events."""

    def __init__(self, names: Names) -> None:
        super().__init__(names, _TELLERS)


def _shuffled(n: Narrator, e: ShoeShuffled) -> str:
    return f"[bold]Shoe {e.shoe}[/]: {e.cards} cards are shuffled."


def _cut(n: Narrator, e: ShoeCut) -> str:
    who = n.subject(e.by)
    return f"{who} cuts the shoe: {e.amount} cards from the top go to the bottom."


def _cut_card(n: Narrator, e: CutCardPlaced) -> str:
    return f"The red cut card goes in {e.from_bottom} cards from the bottom."


def _burn(n: Narrator, e: BurnCardShown) -> str:
    return f"Burn card {card_markup(e.card)}: {e.burns} more are burned unseen (PB-4)."


def _open(n: Narrator, e: BetsOpen) -> str:
    offered = "nobody" if e.holder is None else n.name(e.holder)
    return f"\n[bold]— Coup {e.coup} —[/] Bets are open. The shoe is offered to {offered}."


def _joined(n: Narrator, e: SeatJoined) -> str:
    return f"{n.subject(e.seat)} sits down with {e.chips} chips."


def _left(n: Narrator, e: SeatLeft) -> str:
    return f"{n.subject(e.seat)} gets up with {e.chips} chips."


def _staked(n: Narrator, e: StakePlaced) -> str:
    more = f" ({e.total} in all)" if e.total != e.amount else ""
    return f"{n.subject(e.box)} stakes {e.amount} on {e.bet.label}{more}."


def _withdrawn(n: Narrator, e: StakeWithdrawn) -> str:
    return f"{n.subject(e.box)} takes back {e.amount} from {e.bet.label}."


def _passed(n: Narrator, e: ShoePassed) -> str:
    to = "the croupier" if e.to_box is None else n.name(e.to_box)
    return f"{n.subject(e.from_box)} {e.reason.value}: the shoe passes to {to} (PB-8)."


def _closed(n: Narrator, e: BetsClosed) -> str:
    if e.dealer is None:
        return "No more bets. Nobody holds the shoe with a banco bet: the croupier deals (PB-8)."
    return f"No more bets. {n.subject(e.dealer)} deals: punto, banco, punto, banco."


def _turned(n: Narrator, e: CardsTurned) -> str:
    if e.hand is Hand.PUNTO:
        who = "The croupier turns" if e.by is None else f"{n.subject(e.by)} turns"
        return f"{who} punto's cards: {cards_markup(e.cards)} — {e.points}."
    return f"The croupier opens banco: {cards_markup(e.cards)} — {e.points}."


def _offered(n: Narrator, e: TurnOffered) -> str:
    return f"{n.subject(e.from_box)} offers {n.name(e.to_box)} the punto cards to turn."


def _declined(n: Narrator, e: TurnDeclined) -> str:
    return f"{n.subject(e.box)} declines to turn them."


def _stated(n: Narrator, e: ChoiceStated) -> str:
    return f"{n.subject(e.box)} says: {e.decision.value}."


def _decided(n: Narrator, e: PuntoDecided) -> str:
    if e.by is None:
        why = "no one bet punto" if e.rule == "PB-13e" else "the fixed tableau"
        return f"Punto on 5 must draw: {why} ({e.rule})."
    return f"Punto on 5 will {e.decision.value}: {n.name(e.by)} decides (PB-13e)."


def _third(n: Narrator, e: ThirdCard) -> str:
    return f"{e.hand.value.title()} draws {card_markup(e.card)} — now {e.points}."


def _result(n: Narrator, e: CoupResult) -> str:
    return coup_line(e) + "."


def _settled(n: Narrator, e: Settled) -> str:
    what = f"{e.bet.label} {e.stake}"
    if e.outcome is Outcome.PUSH:
        return f"  {n.name(e.box)}: {what} is returned."
    fee = f", commission {e.commission}" if e.commission else ""
    return f"  {n.name(e.box)}: {what} {e.outcome.value}s {signed(e.net)}{fee}."


def _collected(n: Narrator, e: CommissionCollected) -> str:
    return f"The house collects {e.amount} commission from {n.name(e.box)} (PB-7)."


def _shoe_ended(n: Narrator, e: ShoeEnded) -> str:
    return f"[bold]The cut card is out: shoe {e.shoe} ends[/] (PB-5)."


def _session_ended(n: Narrator, e: SessionEnded) -> str:
    return f"\n[bold]The table closes after {plural(e.coups, 'coup')}.[/]"


_TELLERS: Tellers = {
    ShoeShuffled: _shuffled,
    ShoeCut: _cut,
    CutCardPlaced: _cut_card,
    BurnCardShown: _burn,
    BetsOpen: _open,
    SeatJoined: _joined,
    SeatLeft: _left,
    StakePlaced: _staked,
    StakeWithdrawn: _withdrawn,
    ShoePassed: _passed,
    BetsClosed: _closed,
    CardsTurned: _turned,
    TurnOffered: _offered,
    TurnDeclined: _declined,
    ChoiceStated: _stated,
    PuntoDecided: _decided,
    ThirdCard: _third,
    CoupResult: _result,
    Settled: _settled,
    CommissionCollected: _collected,
    ShoeEnded: _shoe_ended,
    SessionEnded: _session_ended,
}
