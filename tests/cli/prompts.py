"""The person at each game's table, and the prompts random legal play brings him to."""

import functools
import io
import random
from typing import Any

from rich.console import Console

from croupier.bots.random_play import pick
from croupier.cli._seat import AskedSeat
from croupier.cli._terminal import Prompter
from croupier.cli.banchek._human import HumanSeat as BanchekSeat
from croupier.cli.chemin_de_fer._human import HumanSeat as CheminDeFerSeat
from croupier.cli.monte_bank.human import HumanSeat as MonteBankSeat
from croupier.cli.private_monte._human import PrivateSeat
from croupier.cli.punto_banco._human import HumanPunter
from croupier.engine import CHANCE, HOUSE, Drawing, EndSession, Game, Leave
from croupier.engine.actions import SitOut
from croupier.games import banchek, chemin_de_fer, monte_bank, private_monte, punto_banco
from croupier.randomness import RandomShuffler

GAMES: dict[str, tuple[Game[Any, Any, Any], Any, type[AskedSeat[Any]], dict[str, bool]]] = {
    "punto-banco": (punto_banco.PuntoBanco(), punto_banco.Rules(), HumanPunter, {}),
    "chemin-de-fer": (chemin_de_fer.CheminDeFer(), chemin_de_fer.Rules(), CheminDeFerSeat, {}),
    "monte-bank": (monte_bank.MonteBank(), monte_bank.Rules(), MonteBankSeat, {"rituals": True}),
    "private-monte": (
        private_monte.PrivateMonte(),
        private_monte.PrivateRules(),
        PrivateSeat,
        {"rituals": True},
    ),
    "banchek": (banchek.Banchek(), banchek.Rules(riders=True), BanchekSeat, {}),
}
"""Each game, a rule set, and its seat at the terminal with the options that ask everything."""


def scripted(answers, width=400):
    """A console that writes to the returned buffer, and a prompter that answers `answers`
    and then ends the input."""
    out = io.StringIO()
    console = Console(file=out, width=width, color_system=None)
    replies = iter(answers)

    def read(prompt):
        try:
            return next(replies)
        except StopIteration:
            raise EOFError from None

    return console, Prompter(console, read), out


def seat_for(name, *answers):
    """The person at a `name` table, answering `answers` and then ending the input; and
    what he is told."""
    _, _, kind, options = GAMES[name]
    console, prompter, out = scripted(answers)
    return kind(console, prompter, lambda seat: f"seat {seat + 1}", **options), out


@functools.cache
def prompts(name, seed=1, steps=20_000):
    """A view for each different prompt a seat is asked in random legal play: by phase and
    the words it knows."""
    game, config, _, _ = GAMES[name]
    rng, shuffler = random.Random(seed), RandomShuffler.seeded(seed)
    state = game.start(config, dict.fromkeys(range(4), 3000))
    seat, _ = seat_for(name)
    found: dict[tuple[Any, ...], Any] = {}
    for _ in range(steps):
        actors = game.to_act(state)
        if not actors:
            break
        if CHANCE in actors:
            node = game.chance(state)
            action = node.sample() if isinstance(node, Drawing) else node.sample(shuffler)
            state, _ = game.apply(state, CHANCE, action)
            continue
        for actor in actors - {HOUSE}:
            view = game.view(state, actor)
            if view.legal:
                known = tuple(w.form for w in seat.words(view).words)
                found.setdefault((view.phase, known), view)
        actor = rng.choice(sorted(actors, key=str))
        staying = (EndSession(), Leave(), SitOut())
        options = [o for o in game.legal_actions(state, actor) if o not in staying]
        if options:
            state, _ = game.apply(state, actor, pick(rng, rng.choice(options)))
    return tuple(found.values())


def view_at(name, phase, where=lambda view: True):
    """The first view random play gives at `phase` (and `where`)."""
    return next(v for v in prompts(name) if v.phase.value == phase and where(v))
