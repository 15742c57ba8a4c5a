"""`croupier odds`: exact odds at the terminal, as a table or as JSON."""

from __future__ import annotations

import re
from typing import Annotated, Any

import typer
from rich import box as boxes
from rich.console import Console
from rich.table import Table

from croupier.cards import Card
from croupier.cli._json_output import emit
from croupier.cli._library_words import Typer
from croupier.cli._options import (
    AsJson,
    SeedDefault,
    number,
)
from croupier.cli._options import seed as read_seed
from croupier.cli._usage import GameCommands, fail
from croupier.cli.rule_options import Given, with_rules
from croupier.cli.simulate.banchek import LEFT_OUT as BANCHEK_LEFT_OUT
from croupier.cli.simulate.banchek import table as banchek_table
from croupier.cli.simulate.common import Where, execute
from croupier.cli.simulate.monte_bank import LEFT_OUT as MONTE_LEFT_OUT
from croupier.cli.simulate.monte_bank import table as monte_table
from croupier.errors import InvalidConfig, InvalidInput
from croupier.estimate import Estimate, exact_json
from croupier.games.banchek import Rules as BanchekRules
from croupier.games.monte_bank import CutOn
from croupier.games.monte_bank.layout import Kind
from croupier.games.punto_banco import Bet
from croupier.i18n import N_, _, ngettext
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
from croupier.sim import banchek as banks_sim
from croupier.sim import private_monte as private_sim
from croupier.sim.banchek import Ending, Policy
from croupier.sim.banchek_results import BanchekResults
from croupier.sim.banchek_results import rules_json as banchek_rules
from croupier.sim.monte_bank_results import rules_json as monte_rules
from croupier.sim.private_monte_results import Bettor, PrivateMonteResults
from croupier.sim.private_monte_results import rules_json as private_rules
from croupier.sim.punto_banco_results import rules_json as punto_rules
from croupier.sim.runner import Run

__all__ = ["banchek_odds", "monte_bank", "odds_app", "private_monte", "punto_banco"]

odds_app = Typer(
    cls=GameCommands,
    help=N_("Exact odds and house edges, for a fresh shoe or the cards that remain."),
    no_args_is_help=True,
)

_VALUES = ("10/J/Q/K", "A", "2", "3", "4", "5", "6", "7", "8", "9")


def _parse_remaining(text: str) -> list[int]:
    parts = [part for part in re.split(r"[,\s]+", text.strip()) if part]
    try:
        return [int(part) for part in parts]
    except ValueError:
        said = _(
            "--remaining {text!r} is not ten whole numbers: write the counts of tens and "
            "pictures, then aces to nines, e.g. 128,32,32,32,32,32,32,32,32,32"
        )
        raise InvalidInput(said.format(text=text)) from None


@odds_app.command(
    "punto-banco",
    help=N_("The probability of punto, banco and égalité and each bet's house edge, exactly."),
    epilog=N_(
        "Examples: `croupier odds punto-banco --table small --at-5 best`; "
        "`croupier odds punto-banco --remaining 40,10,9,12,8,10,11,10,10,9 --json`."
    ),
)
@with_rules(
    "punto-banco",
    leave_out={
        "punto": "a stake's limits change no odds",
        "banco": "a stake's limits change no odds",
        "egalite": "a stake's limits change no odds",
        "cut_card": "the odds are of a fresh shoe, or of the cards --remaining",
        "tableau": "--at-5 says how punto plays on 5, the fixed tableau's draw among them",
        "commission_timing": "when the commission is taken changes no coup's odds",
    },
)
def punto_banco(
    given: Given,
    remaining: Annotated[
        str | None,
        typer.Option(
            metavar="COUNTS",
            help=N_(
                "The cards left instead: ten counts, tens and pictures first, then ace to "
                "nine (at most the --table's shoe holds)."
            ),
        ),
    ] = None,
    at_5: Annotated[
        str,
        typer.Option(
            "--at-5",
            metavar="PLAY",
            help=N_(
                "Punto's play on 5: draw, stand, or best (per two cards, what serves the "
                "punto bettor)."
            ),
        ),
    ] = "draw",
    as_json: AsJson = False,
    removal: Annotated[
        bool,
        typer.Option(
            "--removal",
            metavar="",
            help=N_("Also the effect of removing one card of each value from a full shoe."),
        ),
    ] = False,
) -> None:
    try:
        rules = given.table()
        decks = rules.decks
        at_five = _at_five(at_5)
        shoe = shoe_counts(decks) if remaining is None else None
        if remaining is not None:
            shoe = check_remaining(_parse_remaining(remaining), decks)
        assert shoe is not None
        odds = exact(shoe, rules, at_five)
        effects = effect_of_removal(decks, rules, at_five) if removal else None
    except InvalidInput as error:
        raise fail(error) from None
    if as_json:
        shown = punto_rules(rules, at_five, decks=decks)
        emit("odds", "punto-banco", shown, _punto_banco_json(odds, effects))
    else:
        _show(odds, decks, remaining is not None, effects)


def _at_five(text: str) -> AtFive:
    try:
        play = AtFive.read(text)
    except InvalidConfig:
        play = None
    if play is None or not (play.pure or play == AtFive.BEST):
        said = _("--at-5 {text!r} is not valid: choose from draw, stand, best")
        raise InvalidInput(said.format(text=text))
    return play


def _punto_banco_json(odds: Odds, effects: dict[int, dict[Bet, Any]] | None) -> dict[str, Any]:
    """The exact figures for `--json`'s `results`, keyed as `simulate punto-banco` keys
    its own, and the counts behind them."""
    data: dict[str, Any] = {
        "remaining": list(odds.remaining),
        "probability": {b.value: exact_json(p) for b, p in odds.probability.items()},
        "house_edge": {b.value: exact_json(e) for b, e in odds.house_edge.items()},
        "sequences": {b.value: n for b, n in odds.sequences.items()},
        "total_sequences": odds.total,
        "punto_draws_on_5": sorted(list(pair) for pair in odds.draws_on_five),
    }
    if effects is not None:
        data["effect_of_removal"] = {
            str(v): {b.value: exact_json(e) for b, e in effect.items()}
            for v, effect in effects.items()
        }
    return data


_BET_NAMES = {Bet.PUNTO: N_("punto"), Bet.BANCO: N_("banco"), Bet.EGALITE: N_("égalité")}
"""The bets as the tables name them (PB-6)."""
_ON_FIVE = {
    "draw": N_("punto draws on 5"),
    "stand": N_("punto stands on 5"),
    "best": N_("punto plays 5 best"),
}


def _bet(bet: Bet) -> str:
    return _(_BET_NAMES[bet])


def _show(odds: Odds, decks: int, partial: bool, effects: dict[int, dict[Bet, Any]] | None) -> None:
    console = Console(highlight=False)
    rules = odds.rules
    cards = sum(odds.remaining)
    if partial:
        shoe = ngettext("{n} card left", "{n} cards left", cards).format(n=cards)
    else:
        shoe = ngettext("{decks} deck ({cards} cards)", "{decks} decks ({cards} cards)", decks)
        shoe = shoe.format(decks=decks, cards=cards)
    title = _(
        "Punto Banco: {shoe}, {on_five}, banco pays less {commission}%, égalité {pays}:1"
    ).format(
        shoe=shoe,
        on_five=_(_ON_FIVE[str(odds.at_five)]),
        commission=f"{float(rules.commission * 100):g}",
        pays=rules.egalite_pays,
    )
    table = Table(title=title, box=boxes.SIMPLE_HEAD)
    table.add_column(_("Bet"))
    for column in (N_("Probability"), N_("Sequences of six cards"), N_("House edge")):
        table.add_column(_(column), justify="right")
    for bet in Bet:
        table.add_row(
            _bet(bet),
            f"{float(odds.probability[bet]):.6f}",
            f"{odds.sequences[bet]:,}",
            f"{float(odds.house_edge[bet]) * 100:.4f}%",
        )
    table.add_row(_("all"), "1", f"{odds.total:,}", "", end_section=True)
    console.print(table)
    exact_line = "  ".join(
        f"{_bet(bet)} {p.numerator}/{p.denominator}" for bet, p in odds.probability.items()
    )
    console.print(_("[dim]Exactly: {figures}[/]").format(figures=exact_line))
    if odds.at_five == AtFive.BEST:
        pairs = ", ".join(f"{_VALUES[i]}-{_VALUES[j]}" for i, j in sorted(odds.draws_on_five))
        said = _("Punto draws on 5 holding: {pairs}; stands otherwise.")
        console.print(said.format(pairs=pairs or _("none")))
    if effects is not None:
        _show_removal(decks, effects, console)


def _show_removal(decks: int, effects: dict[int, dict[Bet, Any]], console: Console) -> None:
    title = ngettext(
        "Effect of removing one card from {decks} deck (change in house edge, %)",
        "Effect of removing one card from {decks} decks (change in house edge, %)",
        decks,
    )
    removal = Table(title=title.format(decks=decks), box=boxes.SIMPLE_HEAD)
    removal.add_column(_("Card"))
    for bet in Bet:
        removal.add_column(_bet(bet), justify="right")
    for v in range(10):
        removal.add_row(_VALUES[v], *(f"{float(effects[v][bet]) * 100:+.5f}" for bet in Bet))
    console.print(removal)


@odds_app.command(
    "monte-bank",
    help=N_(
        "The chance of a void deal and of each layout, and every bet's odds and house edge, "
        "exactly, from a fresh 40-card pack (MB-7, MB-9, MB-10, MB-13)."
    ),
    epilog=N_(
        "Examples: `croupier odds monte-bank`; "
        "`croupier odds monte-bank --cut-on first-fall --json`."
    ),
)
@with_rules("monte-bank", leave_out=MONTE_LEFT_OUT)
def monte_bank(given: Given, as_json: AsJson = False) -> None:
    try:
        rules = monte_table(given)
    except InvalidInput as error:
        raise fail(error) from None
    if as_json:
        emit("odds", "monte-bank", monte_rules(rules), monte.report(rules))
    else:
        _show_monte(monte.bet_table(rules))


_MONTE_BETS = {
    monte.BetKind.CIRCLE: N_("circle {pays}:1"),
    monte.BetKind.CROSS: N_("cross {pays}:1"),
    monte.BetKind.CROSS_STACKED: N_("stack cross {pays}:1"),
    monte.BetKind.DOUBLER: N_("doubler {pays}:1"),
}
"""The kinds of bet and what they pay, as the tables name them (MB-9)."""
_LAYOUTS = {Kind.PLAIN: N_("plain"), Kind.PAIR: N_("pair"), Kind.TRIPLE: N_("triple")}
"""The layouts by their stack, as the tables name them (MB-7c)."""


def _show_monte(table: monte.BetTable) -> None:
    console = Console(highlight=False)
    deal = table.deal
    title = _("Monte Bank: the deal, from a fresh 40-card pack")
    layouts = Table(title=title, box=boxes.SIMPLE_HEAD)
    layouts.add_column(_("Deal"))
    for column in (N_("Probability"), N_("Exactly")):
        layouts.add_column(_(column), justify="right")
    layouts.add_row(
        _("void (dealt again)"), f"{float(deal.void):.6f}", str(deal.void), end_section=True
    )
    for kind in Kind:
        p = deal.given_valid(kind)
        name = _("{layout}, of valid deals").format(layout=_(_LAYOUTS[kind]))
        layouts.add_row(name, f"{float(p):.6f}", str(p))
    console.print(layouts)
    first_fall = table.cut_on is CutOn.FIRST_FALL
    if first_fall:
        title = _("Each bet: the house takes {cut} of a win on the first card that moves a spot")
    else:
        title = _("Each bet: the house takes {cut} of a win on the gate")
    bets = Table(title=title.format(cut=f"{float(table.cut):.0%}"), box=boxes.SIMPLE_HEAD)
    for column in (N_("Bet"), N_("Layout")):
        bets.add_column(_(column))
    columns = [N_("P(win)"), N_("P(win, gate)")]
    columns += [N_("P(win, 1st fall)")] if first_fall else []
    for column in (*columns, N_("House edge")):
        bets.add_column(_(column), justify="right")
    for bet, by_kind in table.odds.items():
        every = len(by_kind) == len(Kind)
        rows = [(_(_LAYOUTS[kind]), odds) for kind, odds in by_kind.items()]
        rows.append((_("all") if every else _("pair/triple"), table.overall(bet)))
        for n, (name, odds) in enumerate(rows):
            figures = [odds.win, odds.win_on_gate]
            figures += [odds.win_on_first_fall] if first_fall else []
            bets.add_row(
                _(_MONTE_BETS[bet]).format(pays=odds.pays) if n == 0 else "",
                name,
                *(f"{float(p):.5f}" for p in figures),
                f"{float(odds.edge) * 100:.4f}%",
                end_section=n == len(rows) - 1,
            )
    console.print(bets)
    console.print(
        _(
            "[dim]A cross is between two plain cards; a stack cross backs the stack or plays "
            "against it; 1st fall: the first card that moves a spot. Each figure is averaged "
            "over every layout of its kind and every wager of the kind on it; 'all' weighs "
            "the layouts by how often a valid deal makes them.[/]"
        )
    )


@odds_app.command(
    "private-monte",
    help=N_(
        "A layout bet's exact odds (PM-5, PM-6): on the first deal of a fresh pack, and given "
        "the cards seen. Then what counting the pack is worth (PM-8): a punter who backs a "
        "layout only when its exact chance is above one half, simulated over many shuffles, "
        "by deal, by the compiled kernel of `croupier simulate private-monte`."
    ),
    epilog=N_(
        "Examples: `croupier odds private-monte`; "
        '`croupier odds private-monte --seen "2S 5C AD 3H KH" --layout "7S 4S"`; '
        "`croupier odds private-monte --shuffles 1000000 --seed 9 --json`."
    ),
)
@with_rules(
    "private-monte",
    leave_out={
        **dict.fromkeys(
            ("seats", "cava", "minimum_monte", "limit", "cap", "cut_on"),
            "a stake's limits and the bank change no layout's chance",
        ),
        "cut": "the private form has no house cut",
        "extra_cards": "the private form adds no cards",
        "deals_per_bank": "the counter is followed over six deals, the most (PM-8)",
    },
)
def private_monte(
    given: Given,
    seen: Annotated[
        str,
        typer.Option(
            metavar="CARDS",
            help=N_('Cards seen since the shuffle, e.g. "2S 5C AD 3H KH" (no 8s to 10s).'),
        ),
    ] = "",
    layout: Annotated[
        str,
        typer.Option(
            metavar="CARDS",
            help=N_('A layout just dealt, e.g. "7S 4S": its exact odds given --seen.'),
        ),
    ] = "",
    shuffles: Annotated[
        int, number(N_("Shuffles to simulate the counter over (six deals each)."))
    ] = 100_000,
    seed: SeedDefault = 1,
    as_json: AsJson = False,
) -> None:
    try:
        seen_cards = private.cards(seen)
        layout_cards = private.cards(layout)
        known = _given(seen_cards, layout_cards)
        rules = given.table()  # six deals from a shuffle, the most (PM-8)
        options = {"rules": rules}
        run, __ = execute(
            private_sim.simulate, shuffles, "shuffles", seed, options, Where(1, None, None),
            as_json,
        )  # fmt: skip
        simulation = PrivateMonteResults.of(run.totals(), rules)
    except InvalidInput as error:
        raise fail(error) from None
    if as_json:
        report = private.report()
        if known:
            report["seen"] = [str(card) for card in seen_cards]
        if "next_layout" in known:
            report["next_layout"] = private.layout_json(known["next_layout"])
        if "layout" in known:
            cards = [str(card) for card in layout_cards]
            report["layout"] = {"cards": cards, **private.layout_json(known["layout"])}
        report["counter"] = simulation.bettor_json(Bettor.COUNTER)
        emit(
            "odds",
            "private-monte",
            private_rules(rules),
            report,
            seed=seed,
            counts={
                "shuffles": simulation.shuffles,
                "deals": simulation.shuffles * simulation.deals,
            },
            interrupted=run.interrupted,
        )
    else:
        _show_private(known, simulation, seed)
        if run.interrupted:
            Console(highlight=False).print(
                _("[yellow]Interrupted: the figures are for the shuffles dealt.[/]")
            )
    if run.interrupted:
        raise typer.Exit(130)  # as a shell reports Ctrl-C, once the partial result is out


def _given(seen: tuple[Card, ...], layout: tuple[Card, ...]) -> dict[str, private.LayoutOdds]:
    """The odds the options ask for beyond the first deal: the next layout's given the cards
    seen, and the layout's if one is named."""
    private.check_position(seen, layout)
    given: dict[str, private.LayoutOdds] = {}
    if seen:
        given["next_layout"] = private.next_layout_odds(seen)
    if layout:
        given["layout"] = private.layout_odds(layout, seen)
    return given


_GIVEN = {"next_layout": N_("a layout yet to come, given --seen"), "layout": N_("this --layout")}
"""The rows of `_given`'s odds."""


def _show_private(
    given: dict[str, private.LayoutOdds], simulation: PrivateMonteResults, seed: int
) -> None:
    console = Console(highlight=False)
    exact = Table(title=_("Private Monte Bank: a layout bet, exactly"), box=boxes.SIMPLE_HEAD)
    exact.add_column(_("When"))
    for column in (N_("P(win)"), N_("Exactly"), N_("Punter's edge")):
        exact.add_column(_(column), justify="right")
    rows = {_("first deal of a fresh pack"): private.first_deal()}
    rows.update({_(_GIVEN[name]): odds for name, odds in given.items()})
    for when, odds in rows.items():
        exact.add_row(when, f"{float(odds.win):.6f}", str(odds.win), f"{float(odds.edge):+.4%}")
    console.print(exact)
    console.print(_counting(simulation, seed))
    console.print(
        _(
            "The flat bettor backs both layouts on every deal: his edge is the first deal's on "
            "every deal. The counter backs a layout only when the cards seen give it better "
            "than even chances. The intervals allow for the bets of one shuffle sharing its pack."
        )
    )


def _counting(simulation: PrivateMonteResults, seed: int) -> Table:
    """The counter against the flat bettor, deal by deal, as simulated."""
    shuffles = ngettext("{n} shuffle", "{n} shuffles", simulation.shuffles)
    deals = ngettext("{n} deal", "{n} deals", simulation.deals)
    title = _("Counting the pack: {shuffles} of {deals} (seed {seed}), ± a 95% interval")
    by_deal = Table(
        title=title.format(
            shuffles=shuffles.format(n=f"{simulation.shuffles:,}"),
            deals=deals.format(n=simulation.deals),
            seed=seed,
        ),
        box=boxes.SIMPLE_HEAD,
    )
    columns = (
        N_("Deal"),
        N_("Flat bettor's edge"),
        N_("Counter bets on"),
        N_("Bets"),
        N_("Counter's edge"),
    )
    for column in columns:
        by_deal.add_column(_(column), justify="right")
    deals_shown: list[int | None] = [*range(1, simulation.deals + 1), None]
    for deal in deals_shown:
        share = f"{simulation.share_bet(Bettor.COUNTER, deal).value:.1%}"
        by_deal.add_row(
            _("all") if deal is None else str(deal),
            _plus_minus(simulation.edge(Bettor.FLAT, deal)),
            _("{share} of deals").format(share=share),
            f"{simulation.bets(Bettor.COUNTER, deal):,}",
            _plus_minus(simulation.edge(Bettor.COUNTER, deal)),
            end_section=deal == simulation.deals,
        )
    return by_deal


def _plus_minus(edge: Estimate | None) -> str:
    return _("no bets") if edge is None else f"{edge.value:+.2%} ± {edge.margin:.2%}"


@odds_app.command(
    "banchek",
    help=N_(
        "A punter's exact chance against the card turned (BN-6): a hand not yet dealt, a "
        "--hand, given the cards --gone, and the share of hands better than even. Then the "
        "banker's prospects (BN-10): how often his bank triples before it breaks, and how many "
        "rounds it lasts, simulated over many banks dealt as the rules deal them (BN-4 .. "
        "BN-9), by the compiled kernel of `croupier simulate banchek`."
    ),
    epilog=N_(
        "Examples: `croupier odds banchek`; "
        '`croupier odds banchek --hand "7D KC 5D"`; '
        '`croupier odds banchek --hand "2S 3H 4D" --gone "AS KS QS AH"`; '
        "`croupier odds banchek --punters 8 --policy chance --banks 100000 --seed 3`; "
        "`croupier odds banchek --punters 4 --json`."
    ),
)
@with_rules("banchek", leave_out=BANCHEK_LEFT_OUT)
def banchek_odds(
    given: Given,
    hand: Annotated[
        str,
        typer.Option(
            metavar="CARDS",
            help=N_('A three-card hand, e.g. "7D KC 5D": its exact chance and edge.'),
        ),
    ] = "",
    gone: Annotated[
        str,
        typer.Option(
            metavar="CARDS",
            help=N_('Cards known to be gone, e.g. "AS KS 2H" (each at most twice: two packs).'),
        ),
    ] = "",
    punters: Annotated[
        int | None,
        number(N_("The banker's prospects against this many punters; 4 if not given.")),
    ] = None,
    policy: Annotated[
        Policy | None,
        typer.Option(
            help=N_(
                "How the punters stake: flat (the minimum), chance (more when his exact "
                "chance is better than even), or bank (the whole bank); all three if not given."
            )
        ),
    ] = None,
    banks: Annotated[
        int | None,
        number(help=N_("Banks to simulate, each from a fresh shuffle; 20,000 if not given.")),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            parser=read_seed,
            metavar="SEED",
            help=N_("The simulation's seed, 1 if not given: the same figures again."),
        ),
    ] = None,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            metavar="",
            help=N_(
                "One JSON object instead; with the prospects only when a simulation option "
                "is given."
            ),
        ),
    ] = False,
) -> None:
    asked = (punters, policy, banks, seed)
    simulate = not as_json or any(option is not None for option in asked) or bool(given.chosen)
    seated = 4 if punters is None else punters
    try:
        rules = banchek_table(given, seated) if simulate else BanchekRules()
        table = _BanchekTable(
            seated, 20_000 if banks is None else banks, 1 if seed is None else seed, rules
        )
        gone_cards = banchek.cards(gone)
        hand_cards = banchek.cards(hand)
        known = banchek.hand_odds(hand_cards, gone_cards) if hand else None
        next_hand = banchek.random_hand(gone_cards) if gone else None
        policies = tuple(Policy) if policy is None else (policy,)
        simulated = table.prospects(policies if simulate else (), quiet=as_json)
    except InvalidInput as error:
        raise fail(error) from None
    interrupted = any(run.interrupted for __, run in simulated)
    if as_json:
        report = banchek.report()
        gone_shown = [str(card) for card in gone_cards]
        if known is not None:
            cards = [str(card) for card in hand_cards]
            report["hand"] = {"cards": cards, "gone": gone_shown, **banchek.hand_json(known)}
        if next_hand is not None:
            report["next_hand"] = {"gone": gone_shown, **banchek.hand_json(next_hand)}
        if simulate:
            report["prospects"] = [results.as_json() for results, _ in simulated]
        emit(
            "odds",
            "banchek",
            banchek_rules(rules),
            report,
            seed=table.seed if simulate else None,
            counts={"banks": sum(r.banks for r, __ in simulated)} if simulate else {},
            interrupted=interrupted,
        )
    else:
        _show_banchek(hand_cards, known, next_hand, table, [r for r, __ in simulated])
        if interrupted:
            Console(highlight=False).print(
                _("[yellow]Interrupted: the figures are for the banks played.[/]")
            )
    if interrupted:
        raise typer.Exit(130)  # as a shell reports Ctrl-C, once the partial result is out


class _BanchekTable:
    """The table the banker's prospects are simulated at, checked: `banks` banks from the
    seed `seed`, each put up at `rules.bank` against `punters` punters staking from
    `rules.minimum`."""

    def __init__(self, punters: int, banks: int, seed: int, rules: BanchekRules) -> None:
        self.punters, self.banks, self.seed, self.rules = punters, banks, seed, rules

    def prospects(
        self, policies: tuple[Policy, ...], quiet: bool
    ) -> list[tuple[BanchekResults, Run]]:
        """Each policy's banks, played by the kernel in chunks from the seed (the same seed,
        the same figures); the policies after a Ctrl-C are not played."""
        if not policies:
            return []
        banks_sim.check_table(self.punters, self.rules)
        if self.banks < 2:
            raise InvalidInput(
                _("--banks {banks} is not valid: at least 2").format(banks=self.banks)
            )
        if self.seed < 0:
            said = _("--seed {seed} is not valid: a whole number from 0 up")
            raise InvalidInput(said.format(seed=self.seed))
        played: list[tuple[BanchekResults, Run]] = []
        for policy in policies:
            options = {"punters": self.punters, "policy": policy, "rules": self.rules}
            result, __ = execute(
                banks_sim.simulate, self.banks, "banks", self.seed, options, Where(1, None, None),
                quiet, banks_sim.CHUNK,
            )  # fmt: skip
            counts = result.totals()
            played.append((BanchekResults.of(counts, self.punters, policy, self.rules), result))
            if result.interrupted:
                break
        return played


def _show_banchek(
    hand: tuple[Card, ...],
    given: banchek.HandOdds | None,
    next_hand: banchek.HandOdds | None,
    table: _BanchekTable,
    simulated: list[BanchekResults],
) -> None:
    console = Console(highlight=False)
    exact = Table(
        title=_("Polish Banchek: a punter's hand against the card turned, exactly"),
        box=boxes.SIMPLE_HEAD,
    )
    exact.add_column(_("Hand"))
    for column in (N_("P(win)"), N_("Exactly"), N_("Punter's edge")):
        exact.add_column(_(column), justify="right")
    rows = {_("next hand, fresh pack"): banchek.random_hand()}
    if next_hand is not None:
        rows[_("next hand, --gone")] = next_hand
    if given is not None:
        shown = " ".join(card.pretty for card in hand)
        rows[f"{shown}{', --gone' if next_hand else ''}"] = given
    for name, odds in rows.items():
        exact.add_row(name, f"{float(odds.win):.6f}", str(odds.win), f"{float(odds.edge):+.4%}")
    console.print(exact)
    share = banchek.favourable_share()
    said = _(
        "Hands better than even: {percent} ({share}) of the hands dealt from a fresh pack. "
        "A stake is paid 1 to 1 (BN-6)."
    )
    console.print(said.format(percent=f"{float(share):.4%}", share=share))
    if simulated:
        console.print(_prospects(table, simulated))
        _explain_prospects(console, table, simulated)


_POLICY_NAMES = {Policy.FLAT: N_("flat"), Policy.CHANCE: N_("chance"), Policy.BANK: N_("bank")}
"""The punters' ways of staking (BN-5), as the table names them."""


def _prospects(table: _BanchekTable, simulated: list[BanchekResults]) -> Table:
    """How the banks ended against each way of staking."""
    title = ngettext(
        "The banker's prospects: {punters} punter, a bank of {bank}, stakes from {minimum}",
        "The banker's prospects: {punters} punters, a bank of {bank}, stakes from {minimum}",
        table.punters,
    ).format(punters=table.punters, bank=table.rules.bank, minimum=table.rules.minimum)
    banks = simulated[0].banks
    caption = ngettext(
        "{banks} bank simulated (seed {seed}), ± a 95% interval",
        "{banks} banks simulated (seed {seed}), ± a 95% interval",
        banks,
    ).format(banks=f"{banks:,}", seed=table.seed)
    prospects = Table(title=title, caption=caption, box=boxes.SIMPLE_HEAD)
    prospects.add_column(_("Punters stake"))
    for column in (N_("Bank triples"), N_("95% interval"), N_("Never ends"), N_("Rounds")):
        prospects.add_column(_(column), justify="right")
    for results in simulated:
        low, high = results.share(Ending.TRIPLED).interval
        rounds = results.rounds()
        prospects.add_row(
            _(_POLICY_NAMES[results.policy]),
            f"{results.share(Ending.TRIPLED).value:.2%}",
            _("{low} to {high}").format(low=f"{low:.2%}", high=f"{high:.2%}"),
            f"{results.share(Ending.ENDLESS).value:.2%}",
            "—" if rounds is None else f"{rounds.value:.2f} ± {rounds.margin:.2f}",
        )
    return prospects


_POLICIES = {
    Policy.FLAT: N_("flat: every punter stakes the minimum."),
    Policy.CHANCE: N_(
        "chance: he counts his hand and, until the pack comes round, the cards he has seen "
        "since the shuffle; better than even, he stakes the minimum plus his edge times the bank."
    ),
    Policy.BANK: N_("bank: he stakes the whole bank, every hand."),
}


def _explain_prospects(
    console: Console, table: _BanchekTable, simulated: list[BanchekResults]
) -> None:
    """What the prospects' rows and figures mean."""
    policies = "\n".join(_(_POLICIES[results.policy]) for results in simulated)
    said = _(
        "A bank ends when it has tripled or is broken, checked after every hand (BN-10). "
        "Without a shuffle the deal comes round every {period} rounds (BN-8, BN-9): a bank "
        "that holds what it held there before never ends. Rounds: those dealt to the banks "
        "that ended, the last counted."
    )
    console.print(policies + "\n" + said.format(period=f"{banchek.period(table.punters):,}"))
