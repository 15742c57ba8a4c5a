"""`croupier odds`: exact odds at the terminal, as a table or as JSON."""

from __future__ import annotations

import json
import re
from typing import Annotated, Any

import typer
from rich import box as boxes
from rich.console import Console
from rich.table import Table

from croupier import games as registry
from croupier.cards import Card
from croupier.cli.usage import GameCommands, fail
from croupier.errors import InvalidConfig, InvalidInput
from croupier.games.monte_bank.layout import Kind
from croupier.games.punto_banco import Bet
from croupier.odds import banchek
from croupier.odds import monte_bank as monte
from croupier.odds import private_monte as private
from croupier.odds.punto_banco import (
    AtFive,
    Odds,
    check_remaining,
    effect_of_removal,
    exact,
    shoe_counts,
)

__all__ = ["odds_app"]

odds_app = typer.Typer(
    cls=GameCommands,
    help="Exact odds and house edges, for a fresh shoe or the cards that remain.",
    no_args_is_help=True,
)

_NAMES = {Bet.PUNTO: "punto", Bet.BANCO: "banco", Bet.EGALITE: "tie"}
_VALUES = ("10/J/Q/K", "A", "2", "3", "4", "5", "6", "7", "8", "9")


def _parse_remaining(text: str) -> list[int]:
    parts = [part for part in re.split(r"[,\s]+", text.strip()) if part]
    try:
        return [int(part) for part in parts]
    except ValueError:
        raise InvalidInput(
            f"--remaining {text!r} is not ten whole numbers: write the counts of tens and "
            "pictures, then aces to nines, e.g. 128,32,32,32,32,32,32,32,32,32"
        ) from None


@odds_app.command(
    "punto-banco",
    epilog="Examples: `croupier odds punto-banco --decks 6 --punto-at-5 best`; "
    "`croupier odds punto-banco --remaining 40,10,9,12,8,10,11,10,10,9 --json`.",
)
def punto_banco(
    decks: Annotated[int, typer.Option(min=1, help="A fresh shoe of this many decks.")] = 8,
    remaining: Annotated[
        str | None,
        typer.Option(
            help="The cards left instead: ten counts, tens and pictures first, then ace to "
            "nine (checked against --decks)."
        ),
    ] = None,
    punto_at_5: Annotated[
        str,
        typer.Option(
            "--punto-at-5",
            help="draw, stand, or best (per two cards, what serves the punto bettor).",
        ),
    ] = "draw",
    commission: Annotated[
        str, typer.Option(help="Taken from banco's wins: 5%, 0.05 or 1/20.")
    ] = "5%",
    tie_pays: Annotated[int, typer.Option(help="Égalité pays this many to one.")] = 8,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object instead.")] = False,
    removal: Annotated[
        bool,
        typer.Option(help="Also the effect of removing one card of each value from a full shoe."),
    ] = False,
) -> None:
    """The probability of punto, banco and égalité and each bet's house edge, exactly."""
    try:
        rules = registry.get("punto-banco").config(commission=commission, egalite_pays=tie_pays)
        at_five = _at_five(punto_at_5)
        shoe = shoe_counts(decks) if remaining is None else None
        if remaining is not None:
            shoe = check_remaining(_parse_remaining(remaining), decks)
        assert shoe is not None
        odds = exact(shoe, rules, at_five)
        effects = effect_of_removal(decks, rules, at_five) if removal else None
    except InvalidInput as error:
        raise fail(str(error)) from None
    if as_json:
        print(json.dumps(_as_json(odds, decks if remaining is None else None, effects), indent=2))
    else:
        _show(odds, decks, remaining is not None, effects)


def _at_five(text: str) -> AtFive:
    try:
        return AtFive(text.strip().lower())
    except ValueError:
        choices = ", ".join(choice.value for choice in AtFive)
        raise InvalidInput(f"--punto-at-5 {text!r} is not valid: choose from {choices}") from None


def _as_json(
    odds: Odds, decks: int | None, effects: dict[int, dict[Bet, Any]] | None
) -> dict[str, Any]:
    rules = odds.rules
    data: dict[str, Any] = {
        "game": "punto-banco",
        "decks": decks,
        "remaining": list(odds.remaining),
        "rules": {
            "commission": f"{rules.commission.numerator}/{rules.commission.denominator}",
            "tie_pays": rules.egalite_pays,
            "punto_at_5": odds.at_five.value,
        },
        "probability": {_NAMES[b]: float(p) for b, p in odds.probability.items()},
        "exact": {_NAMES[b]: f"{p.numerator}/{p.denominator}" for b, p in odds.probability.items()},
        "house_edge": {_NAMES[b]: float(e) for b, e in odds.house_edge.items()},
        "sequences": {_NAMES[b]: n for b, n in odds.sequences.items()},
        "total_sequences": odds.total,
        "punto_draws_on_5": sorted(list(pair) for pair in odds.draws_on_five),
    }
    if effects is not None:
        data["effect_of_removal"] = {
            str(v): {_NAMES[b]: float(e) for b, e in effect.items()}
            for v, effect in effects.items()
        }
    return data


def _show(odds: Odds, decks: int, partial: bool, effects: dict[int, dict[Bet, Any]] | None) -> None:
    console = Console(highlight=False)
    rules = odds.rules
    cards = sum(odds.remaining)
    shoe = f"{cards} cards left" if partial else f"{decks} decks ({cards} cards)"
    on_five = {
        "draw": "punto draws on 5",
        "stand": "punto stands on 5",
        "best": "punto plays 5 best",
    }
    table = Table(
        title=(
            f"Punto Banco: {shoe}, {on_five[odds.at_five.value]}, "
            f"banco pays less {float(rules.commission * 100):g}%, égalité {rules.egalite_pays}:1"
        ),
        box=boxes.SIMPLE_HEAD,
    )
    for column in ("Bet", "Probability", "Sequences of six cards", "House edge"):
        table.add_column(column, justify="left" if column == "Bet" else "right")
    for bet in Bet:
        table.add_row(
            bet.label,
            f"{float(odds.probability[bet]):.6f}",
            f"{odds.sequences[bet]:,}",
            f"{float(odds.house_edge[bet]) * 100:.4f}%",
        )
    table.add_row("all", "1", f"{odds.total:,}", "", end_section=True)
    console.print(table)
    exact_line = "  ".join(
        f"{bet.label} {p.numerator}/{p.denominator}" for bet, p in odds.probability.items()
    )
    console.print(f"[dim]Exactly: {exact_line}[/]")
    if odds.at_five is AtFive.BEST:
        pairs = ", ".join(f"{_VALUES[i]}-{_VALUES[j]}" for i, j in sorted(odds.draws_on_five))
        console.print(f"Punto draws on 5 holding: {pairs or 'none'}; stands otherwise.")
    if effects is not None:
        removal = Table(
            title=f"Effect of removing one card from {decks} decks (change in house edge, %)",
            box=boxes.SIMPLE_HEAD,
        )
        removal.add_column("Card")
        for bet in Bet:
            removal.add_column(bet.label, justify="right")
        for v in range(10):
            removal.add_row(_VALUES[v], *(f"{float(effects[v][bet]) * 100:+.5f}" for bet in Bet))
        console.print(removal)


@odds_app.command(
    "monte-bank",
    epilog="Examples: `croupier odds monte-bank`; "
    "`croupier odds monte-bank --cut first-fall --json`.",
)
def monte_bank(
    cut: Annotated[
        str,
        typer.Option(
            help="When the house takes 25% of a win: gate (a win on the first card shown) or "
            "first-fall (on the first card that makes a spot fall or meet an ordinary match)."
        ),
    ] = "gate",
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object instead.")] = False,
) -> None:
    """The chance of a void deal and of each layout, and every bet's odds and house edge,
    exactly, from a fresh 40-card pack (MB-7, MB-9, MB-10, MB-13)."""
    try:
        reading = _cut(cut)
    except InvalidInput as error:
        raise fail(str(error)) from None
    if as_json:
        print(json.dumps(monte.report(reading), indent=2))
    else:
        _show_monte(monte.bet_table(reading))


def _cut(text: str) -> monte.Cut:
    try:
        return monte.Cut(text.strip().lower())
    except ValueError:
        valid = ", ".join(repr(reading.value) for reading in monte.Cut)
        raise InvalidConfig(f"--cut {text!r} is not valid: choose from {valid}") from None


_MONTE_BETS = {
    monte.BetKind.CIRCLE: "circle",
    monte.BetKind.CROSS: "cross",
    monte.BetKind.CROSS_STACKED: "stack cross",
    monte.BetKind.DOUBLER: "doubler",
}


def _show_monte(table: monte.BetTable) -> None:
    console = Console(highlight=False)
    deal = table.deal
    layouts = Table(title="Monte Bank: the deal, from a fresh 40-card pack", box=boxes.SIMPLE_HEAD)
    for column in ("Deal", "Probability", "Exactly"):
        layouts.add_column(column, justify="left" if column == "Deal" else "right")
    layouts.add_row(
        "void (dealt again)", f"{float(deal.void):.6f}", str(deal.void), end_section=True
    )
    for kind in Kind:
        p = deal.given_valid(kind)
        layouts.add_row(f"{kind.value}, of valid deals", f"{float(p):.6f}", str(p))
    console.print(layouts)
    first_fall = table.cut is monte.Cut.FIRST_FALL
    when = "the first card that moves a spot" if first_fall else "the gate"
    bets = Table(
        title=f"Each bet: the house takes {float(monte.HOUSE_CUT):.0%} of a win on {when}",
        box=boxes.SIMPLE_HEAD,
    )
    columns = ["Bet", "Layout", "P(win)", "P(win, gate)"]
    columns += ["P(win, 1st fall)"] if first_fall else []
    for column in (*columns, "House edge"):
        bets.add_column(column, justify="left" if column in ("Bet", "Layout") else "right")
    for bet, by_kind in table.odds.items():
        every = len(by_kind) == len(Kind)
        rows = [(kind.value, odds) for kind, odds in by_kind.items()]
        rows.append(("all" if every else "pair/triple", table.overall(bet)))
        for n, (name, odds) in enumerate(rows):
            figures = [odds.win, odds.win_on_gate]
            figures += [odds.win_on_first_fall] if first_fall else []
            bets.add_row(
                f"{_MONTE_BETS[bet]} {odds.pays}:1" if n == 0 else "",
                name,
                *(f"{float(p):.5f}" for p in figures),
                f"{float(odds.edge) * 100:.4f}%",
                end_section=n == len(rows) - 1,
            )
    console.print(bets)
    console.print(
        "[dim]A cross is between two plain cards; a stack cross backs the stack or plays "
        "against it; 1st fall: the first card that moves a spot. Each figure is averaged "
        "over every layout of its kind and every wager of the kind on it; 'all' weighs "
        "the layouts by how often a valid deal makes them.[/]"
    )


@odds_app.command(
    "private-monte",
    epilog="Examples: `croupier odds private-monte`; "
    '`croupier odds private-monte --seen "2S 5C AD 3H KH" --layout "7S 4S"`; '
    "`croupier odds private-monte --shuffles 1000000 --seed 9 --json`.",
)
def private_monte(
    seen: Annotated[
        str,
        typer.Option(help='Cards seen since the shuffle, e.g. "2S 5C AD 3H KH" (no 8s to 10s).'),
    ] = "",
    layout: Annotated[
        str, typer.Option(help='A layout just dealt, e.g. "7S 4S": its exact odds given --seen.')
    ] = "",
    shuffles: Annotated[
        int, typer.Option(min=2, help="Shuffles to simulate the counter over (six deals each).")
    ] = 100_000,
    seed: Annotated[int, typer.Option(help="The simulation's seed: the same figures again.")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object instead.")] = False,
) -> None:
    """A layout bet's exact odds (PM-5, PM-6): on the first deal of a fresh pack, and given
    the cards seen. Then what counting the pack is worth (PM-8): a punter who backs a layout
    only when its exact chance is above one half, simulated over many shuffles, by deal."""
    try:
        seen_cards = private.cards(seen)
        layout_cards = private.cards(layout)
        given = _given(seen_cards, layout_cards)
        simulation = private.simulate(shuffles, seed)
    except InvalidInput as error:
        raise fail(str(error)) from None
    if as_json:
        report = private.report(simulation)
        if given:
            report["given"] = {
                "seen": [str(card) for card in seen_cards],
                **{name: {"win": str(o.win), "edge": float(o.edge)} for name, o in given.items()},
            }
        print(json.dumps(report, indent=2))
    else:
        _show_private(given, simulation)


def _given(seen: tuple[Card, ...], layout: tuple[Card, ...]) -> dict[str, private.LayoutOdds]:
    """The odds the options ask for beyond the first deal: the next layout's given the cards
    seen, and the layout's if one is named."""
    given: dict[str, private.LayoutOdds] = {}
    if seen:
        given["next_layout"] = private.next_layout_odds(seen)
    if layout:
        given["layout"] = private.layout_odds(layout, seen)
    return given


def _show_private(given: dict[str, private.LayoutOdds], simulation: private.Simulation) -> None:
    console = Console(highlight=False)
    exact = Table(title="Private Monte Bank: a layout bet, exactly", box=boxes.SIMPLE_HEAD)
    for column in ("When", "P(win)", "Exactly", "Punter's edge"):
        exact.add_column(column, justify="left" if column == "When" else "right")
    rows = {"first deal of a fresh pack": private.first_deal()}
    names = {"next_layout": "a layout yet to come, given --seen", "layout": "this --layout"}
    rows.update({names[name]: odds for name, odds in given.items()})
    for when, odds in rows.items():
        exact.add_row(when, f"{float(odds.win):.6f}", str(odds.win), f"{float(odds.edge):+.4%}")
    console.print(exact)
    by_deal = Table(
        title=f"Counting the pack: {simulation.shuffles:,} shuffles of {simulation.deals} deals "
        f"(seed {simulation.seed}), ± a 95% interval",
        box=boxes.SIMPLE_HEAD,
    )
    for column in ("Deal", "Flat bettor's edge", "Counter bets on", "Bets", "Counter's edge"):
        by_deal.add_column(column, justify="right")
    pairs = [*zip(simulation.flat, simulation.counter, strict=True)]
    overall = (private.Simulation.overall(simulation.flat), simulation.overall(simulation.counter))
    for n, (flat, counter) in enumerate([*pairs, overall], 1):
        by_deal.add_row(
            str(n) if n <= len(pairs) else "all",
            _plus_minus(flat),
            f"{counter.share_bet:.1%} of deals",
            f"{counter.bets:,}",
            _plus_minus(counter),
            end_section=n == len(pairs),
        )
    console.print(by_deal)
    console.print(
        "The flat bettor backs both layouts on every deal: his edge is the first deal's on "
        "every deal. The counter backs a layout only when the cards seen give it better than "
        "even chances."
    )


def _plus_minus(edge: private.Edge) -> str:
    return f"{edge.edge:+.2%} ± {edge.margin:.2%}" if edge.bets else "no bets"


@odds_app.command(
    "banchek",
    epilog="Examples: `croupier odds banchek`; "
    '`croupier odds banchek --hand "7D KC 5D"`; '
    '`croupier odds banchek --hand "2S 3H 4D" --gone "AS KS QS AH"`; '
    "`croupier odds banchek --punters 8 --policy chance --banks 100000 --seed 3`; "
    "`croupier odds banchek --punters 4 --json`.",
)
def banchek_odds(
    hand: Annotated[
        str,
        typer.Option(help='A three-card hand, e.g. "7D KC 5D": its exact chance and edge.'),
    ] = "",
    gone: Annotated[
        str,
        typer.Option(
            help='Cards known to be gone, e.g. "AS KS 2H" (each at most twice: two packs).'
        ),
    ] = "",
    punters: Annotated[
        int | None,
        typer.Option(
            help="The banker's prospects against this many punters; 4 if not given.",
        ),
    ] = None,
    policy: Annotated[
        str | None,
        typer.Option(
            help="How the punters stake: flat (the minimum), chance (more when his exact "
            "chance is better than even), or bank (the whole bank); all three if not given."
        ),
    ] = None,
    banks: Annotated[
        int | None,
        typer.Option(help="Banks to simulate, each from a fresh shuffle; 20,000 if not given."),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(help="The simulation's seed, 1 if not given: the same figures again."),
    ] = None,
    bank: Annotated[
        int | None, typer.Option(help="The bank put up (BN-2); 100 if not given.")
    ] = None,
    minimum: Annotated[
        int | None, typer.Option(help="The smallest stake (BN-5); 5 if not given.")
    ] = None,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help="One JSON object instead; with the prospects only when a simulation option "
            "is given.",
        ),
    ] = False,
) -> None:
    """A punter's exact chance against the card turned (BN-6): a hand not yet dealt, a
    --hand, given the cards --gone, and the share of hands better than even. Then the
    banker's prospects (BN-10): how often his bank triples before it breaks, and how many
    rounds it lasts, simulated over many banks dealt as the rules deal them (BN-4 .. BN-9)."""
    asked = (punters, policy, banks, seed, bank, minimum)
    simulate = not as_json or any(option is not None for option in asked)
    try:
        gone_cards = banchek.cards(gone)
        hand_cards = banchek.cards(hand)
        given = banchek.hand_odds(hand_cards, gone_cards) if hand else None
        next_hand = banchek.random_hand(gone_cards) if gone else None
        policies = tuple(banchek.Policy) if policy is None else (banchek.Policy.of(policy),)
        simulated = [
            banchek.prospects(
                4 if punters is None else punters,
                p,
                20_000 if banks is None else banks,
                1 if seed is None else seed,
                100 if bank is None else bank,
                5 if minimum is None else minimum,
            )
            for p in (policies if simulate else ())
        ]
    except InvalidInput as error:
        raise fail(str(error)) from None
    if as_json:
        report = banchek.report(simulated if simulate else None)
        if given is not None:
            report["hand"] = {
                "cards": [str(card) for card in hand_cards],
                "gone": [str(card) for card in gone_cards],
                "win": str(given.win),
                "edge": float(given.edge),
            }
        if next_hand is not None:
            report["next_hand"] = {
                "gone": [str(card) for card in gone_cards],
                "win": str(next_hand.win),
                "edge": float(next_hand.edge),
            }
        print(json.dumps(report, indent=2))
    else:
        _show_banchek(hand_cards, given, next_hand, simulated)


def _show_banchek(
    hand: tuple[Card, ...],
    given: banchek.HandOdds | None,
    next_hand: banchek.HandOdds | None,
    simulated: list[banchek.Prospects],
) -> None:
    console = Console(highlight=False)
    exact = Table(
        title="Polish Banchek: a punter's hand against the card turned, exactly",
        box=boxes.SIMPLE_HEAD,
    )
    for column in ("Hand", "P(win)", "Exactly", "Punter's edge"):
        exact.add_column(column, justify="left" if column == "Hand" else "right")
    rows = {"next hand, fresh pack": banchek.random_hand()}
    if next_hand is not None:
        rows["next hand, --gone"] = next_hand
    if given is not None:
        shown = " ".join(card.pretty for card in hand)
        rows[f"{shown}{', --gone' if next_hand else ''}"] = given
    for name, odds in rows.items():
        exact.add_row(name, f"{float(odds.win):.6f}", str(odds.win), f"{float(odds.edge):+.4%}")
    console.print(exact)
    share = banchek.favourable_share()
    console.print(
        f"Hands better than even: {float(share):.4%} ({share}) of the hands dealt from a "
        "fresh pack. A stake is paid 1 to 1 (BN-6)."
    )
    if not simulated:
        return
    first = simulated[0]
    table = Table(
        title=f"The banker's prospects: {first.punters} "
        f"punter{'s' if first.punters > 1 else ''}, a bank of {first.bank}, stakes from "
        f"{first.minimum}",
        caption=f"{first.banks:,} banks simulated (seed {first.seed}), ± a 95% interval",
        box=boxes.SIMPLE_HEAD,
    )
    columns = ("Punters stake", "Bank triples", "95% interval", "Never ends", "Rounds")
    for column in columns:
        table.add_column(column, justify="left" if column == columns[0] else "right")
    for p in simulated:
        low, high = p.triple_interval
        table.add_row(
            p.policy.value,
            f"{p.triple:.2%}",
            f"{low:.2%} to {high:.2%}",
            f"{p.endless / p.banks:.2%}",
            f"{p.rounds:.2f} ± {p.rounds_margin:.2f}",
        )
    console.print(table)
    console.print(
        "\n".join(_POLICIES[p.policy] for p in simulated) + "\n"
        "A bank ends when it has tripled or is broken, checked after every hand (BN-10). "
        f"Without a shuffle the deal comes round every {banchek.period(first.punters):,} "
        "rounds (BN-8, BN-9): a bank that holds what it held there before never ends. "
        "Rounds: those dealt to the banks that ended, the last counted."
    )


_POLICIES = {
    banchek.Policy.FLAT: "flat: every punter stakes the minimum.",
    banchek.Policy.CHANCE: "chance: he counts his hand and, until the pack comes round, the "
    "cards he has seen since the shuffle; better than even, he stakes the minimum plus his "
    "edge times the bank.",
    banchek.Policy.BANK: "bank: he stakes the whole bank, every hand.",
}
