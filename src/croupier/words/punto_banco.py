"""Punto Banco in words: its events, its rule set, a coup's result."""

from __future__ import annotations

from croupier.games.punto_banco import PuntoBanco
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
    PassReason,
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
from croupier.games.punto_banco.rules import Bet, Decision, Hand, Rules, Tableau, TableSize
from croupier.i18n import N_, _, ngettext
from croupier.words import narration
from croupier.words._registration import GameWords
from croupier.words.markup import card_markup, cards_markup, plural, signed
from croupier.words.narration import Names, Tellers

__all__ = [
    "ROUND",
    "WORDS",
    "Narrator",
    "bet_name",
    "coup_line",
    "header",
    "rules_line",
    "table_name",
]

ROUND = "coup"
"""What one round of the game is called."""

# PB-6: the three bets, as a line names them (`Bet.label`, which refusals translate too)
_BETS = {Bet.PUNTO: N_("punto"), Bet.BANCO: N_("banco"), Bet.EGALITE: N_("égalité")}
# PB-1: the two tables
_TABLES = {TableSize.LARGE: N_("large table"), TableSize.SMALL: N_("small table")}
_WINS = {
    Bet.PUNTO: N_("[bold]PUNTO[/] wins {high} to {low} ({rule})"),
    Bet.BANCO: N_("[bold]BANCO[/] wins {high} to {low} ({rule})"),
}
_PASSES = {
    PassReason.DECLINED: N_("declined to deal"),
    PassReason.NO_BANCO_BET: N_("did not bet on banco"),
    PassReason.BET_PUNTO: N_("bet on punto"),
    PassReason.BET_EGALITE: N_("bet on égalité"),
    PassReason.BANCO_LOST: N_("lost the banco bet"),
    PassReason.LEFT: N_("left the table"),
}
"""Why the shoe passes (PB-8), as the line says it after the box."""


def bet_name(bet: Bet) -> str:
    """`punto`, `banco` or `égalité`, in the context's language."""
    return _(_BETS[bet])


def table_name(table: TableSize) -> str:
    """`large table` or `small table` (PB-1)."""
    return _(_TABLES[table])


def coup_line(result: CoupResult) -> str:
    """`BANCO wins 6 to 1 (PB-13d)`, or égalité, as a line says a coup's result."""
    if result.winner is Bet.EGALITE:
        said = _("[bold]ÉGALITÉ[/] at {points} ({rule})")
        return said.format(points=result.punto, rule=result.rule)
    high, low = sorted((result.punto, result.banco), reverse=True)
    return _(_WINS[result.winner]).format(high=high, low=low, rule=result.rule)


def rules_line(rules: Rules) -> str:
    """The limits, the payouts and punto's part at 5, in one line."""
    if rules.tableau is Tableau.TEXT:
        tableau = _("punto chooses on 5")
    else:
        tableau = _("punto always draws on 5")
    return _(
        "punto {punto} · banco {banco} · égalité {egalite} · banco pays 1:1 less "
        "{commission} · égalité {pays}:1 · {tableau}"
    ).format(
        punto=rules.punto,
        banco=rules.banco,
        egalite=rules.egalite,
        commission=f"{float(rules.commission * 100):g}%",
        pays=rules.egalite_pays,
        tableau=tableau,
    )


def header(rules: Rules) -> tuple[str, ...]:
    """What is played at a table of these rules, said once at the start."""
    decks = ngettext("{n} deck", "{n} decks", rules.decks).format(n=rules.decks)
    boxes = ngettext("{n} box", "{n} boxes", rules.boxes).format(n=rules.boxes)
    said = _("[bold]Punto Banco[/] — {table}, {decks}, {boxes}.")
    return (
        said.format(table=table_name(rules.table), decks=decks, boxes=boxes),
        f"[dim]{rules_line(rules)}[/]",
    )


class Narrator(narration.Narrator):
    """Tells Punto Banco's events."""

    def __init__(self, names: Names) -> None:
        super().__init__(names, _TELLERS)


def _shuffled(n: Narrator, e: ShoeShuffled) -> str:
    said = ngettext(
        "[bold]Shoe {shoe}[/]: {cards} card is shuffled.",
        "[bold]Shoe {shoe}[/]: {cards} cards are shuffled.",
        e.cards,
    )
    return said.format(shoe=e.shoe, cards=e.cards)


def _cut(n: Narrator, e: ShoeCut) -> str:
    said = ngettext(
        "{who} cuts the shoe: {amount} card from the top goes to the bottom.",
        "{who} cuts the shoe: {amount} cards from the top go to the bottom.",
        e.amount,
    )
    return said.format(who=n.subject(e.by), amount=e.amount)


def _cut_card(n: Narrator, e: CutCardPlaced) -> str:
    said = ngettext(
        "The red cut card goes in {n} card from the bottom.",
        "The red cut card goes in {n} cards from the bottom.",
        e.from_bottom,
    )
    return said.format(n=e.from_bottom)


def _burn(n: Narrator, e: BurnCardShown) -> str:
    said = ngettext(
        "Burn card {card}: {burns} more is burned unseen (PB-4).",
        "Burn card {card}: {burns} more are burned unseen (PB-4).",
        e.burns,
    )
    return said.format(card=card_markup(e.card), burns=e.burns)


def _open(n: Narrator, e: BetsOpen) -> str:
    if e.holder is None:
        said = _("\n[bold]— Coup {coup} —[/] Bets are open. The shoe is offered to nobody.")
    else:
        said = _("\n[bold]— Coup {coup} —[/] Bets are open. The shoe is offered to {who}.")
    return said.format(coup=e.coup, who=n.name(e.holder))


def _joined(n: Narrator, e: SeatJoined) -> str:
    said = ngettext(
        "{who} sits down with {chips} chip.", "{who} sits down with {chips} chips.", e.chips
    )
    return said.format(who=n.subject(e.seat), chips=e.chips)


def _left(n: Narrator, e: SeatLeft) -> str:
    said = ngettext(
        "{who} gets up with {chips} chip.", "{who} gets up with {chips} chips.", e.chips
    )
    return said.format(who=n.subject(e.seat), chips=e.chips)


def _staked(n: Narrator, e: StakePlaced) -> str:
    if e.total != e.amount:
        said = _("{who} stakes {amount} on {bet} ({total} in all).")
    else:
        said = _("{who} stakes {amount} on {bet}.")
    return said.format(who=n.subject(e.box), amount=e.amount, bet=bet_name(e.bet), total=e.total)


def _withdrawn(n: Narrator, e: StakeWithdrawn) -> str:
    said = _("{who} takes back {amount} from {bet}.")
    return said.format(who=n.subject(e.box), amount=e.amount, bet=bet_name(e.bet))


def _passed(n: Narrator, e: ShoePassed) -> str:
    if e.to_box is None:
        said = _("{who} {reason}: the shoe passes to the croupier (PB-8).")
    else:
        said = _("{who} {reason}: the shoe passes to {to} (PB-8).")
    reason = _(_PASSES[e.reason])
    return said.format(who=n.subject(e.from_box), reason=reason, to=n.name(e.to_box))


def _closed(n: Narrator, e: BetsClosed) -> str:
    if e.dealer is None:
        return _("No more bets. Nobody holds the shoe with a banco bet: the croupier deals (PB-8).")
    said = _("No more bets. {who} deals: punto, banco, punto, banco.")
    return said.format(who=n.subject(e.dealer))


def _turned(n: Narrator, e: CardsTurned) -> str:
    if e.hand is Hand.BANCO:
        said = _("The croupier opens banco: {cards} — {points}.")
    elif e.by is None:
        said = _("The croupier turns punto's cards: {cards} — {points}.")
    else:
        said = _("{who} turns punto's cards: {cards} — {points}.")
    who = None if e.by is None else n.subject(e.by)
    return said.format(who=who, cards=cards_markup(e.cards), points=e.points)


def _offered(n: Narrator, e: TurnOffered) -> str:
    said = _("{who} offers {to} the punto cards to turn.")
    return said.format(who=n.subject(e.from_box), to=n.name(e.to_box))


def _declined(n: Narrator, e: TurnDeclined) -> str:
    return _("{who} declines to turn them.").format(who=n.subject(e.box))


def _stated(n: Narrator, e: ChoiceStated) -> str:
    said = _("{who} says: draw.") if e.decision is Decision.DRAW else _("{who} says: stand.")
    return said.format(who=n.subject(e.box))


def _decided(n: Narrator, e: PuntoDecided) -> str:
    if e.by is not None:
        if e.decision is Decision.DRAW:
            said = _("Punto on 5 will draw: {who} decides (PB-13e).")
        else:
            said = _("Punto on 5 will stand: {who} decides (PB-13e).")
        return said.format(who=n.name(e.by))
    if e.rule == "PB-13e":
        said = _("Punto on 5 must draw: no one bet punto ({rule}).")
    else:
        said = _("Punto on 5 must draw: the fixed tableau ({rule}).")
    return said.format(rule=e.rule)


def _third(n: Narrator, e: ThirdCard) -> str:
    if e.hand is Hand.PUNTO:
        said = _("Punto draws {card} — now {points}.")
    else:
        said = _("Banco draws {card} — now {points}.")
    return said.format(card=card_markup(e.card), points=e.points)


def _result(n: Narrator, e: CoupResult) -> str:
    return coup_line(e) + "."


def _settled(n: Narrator, e: Settled) -> str:
    if e.outcome is Outcome.PUSH:
        said = _("  {who}: {bet} {stake} is returned.")
    elif e.outcome is Outcome.WIN:
        said = _("  {who}: {bet} {stake} wins {net}{fee}.")
    else:
        said = _("  {who}: {bet} {stake} loses {net}{fee}.")
    fee = _(", commission {amount}").format(amount=e.commission) if e.commission else ""
    return said.format(
        who=n.name(e.box), bet=bet_name(e.bet), stake=e.stake, net=signed(e.net), fee=fee
    )


def _collected(n: Narrator, e: CommissionCollected) -> str:
    said = _("The house collects {amount} commission from {who} (PB-7).")
    return said.format(amount=e.amount, who=n.name(e.box))


def _shoe_ended(n: Narrator, e: ShoeEnded) -> str:
    return _("[bold]The cut card is out: shoe {shoe} ends[/] (PB-5).").format(shoe=e.shoe)


def _session_ended(n: Narrator, e: SessionEnded) -> str:
    said = _("\n[bold]The table closes after {coups}.[/]")
    return said.format(coups=plural(e.coups, "coup"))


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

WORDS = GameWords(PuntoBanco.name, header, Narrator, ROUND, place="box")
"""This game's words, for `croupier.words`."""
