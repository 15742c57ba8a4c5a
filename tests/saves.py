"""Saved sessions for the tests, and the edits a person might make to one by hand."""

from __future__ import annotations

import copy
import json
from random import Random
from typing import Any

from croupier import games
from croupier.bots import RandomBot
from croupier.bots.random_play import pick
from croupier.engine import CHANCE, Action, Event, History, Leave, View, replay
from croupier.errors import HistoryMismatch
from croupier.randomness import RandomShuffler
from croupier.table import Croupier, Player, Table


class StayingBot(RandomBot):
    """Random legal play that keeps its seat while it has anything else to do."""

    def decide(self, view: View) -> Action | None:
        options = [o for o in view.legal if not isinstance(o, Leave)] or list(view.legal)
        return pick(self.rng, self.rng.choice(options)) if options else None


def recorded_table(
    name: str, seed: int, rounds: int = 4, *, seeded: bool = True, seen: list[Event] | None = None
) -> Table:
    """A whole session of `name` between three staying bots, closed after `rounds` coups;
    its shuffles come from `seed`, as its seed (`seeded`) or recorded orders (not). `seen`
    gets every event as a spectator saw it."""
    game = games.get(name)
    players = {
        seat: Player(f"bot {seat}", StayingBot(Random(f"{seed}/{seat}"))) for seat in range(3)
    }
    table = Table(
        game,
        game.config(),
        players,
        buy_ins={0: 1000, 1: 1200, 2: 1400},
        seed=seed if seeded else None,
        croupier=Croupier(rounds=rounds),
        shuffler=None if seeded else RandomShuffler(Random(seed)),
    )
    if seen is not None:
        table.watch(None, lambda actor, events: seen.extend(events))
    table.run()
    return table


def saved(name: str, *, seeded: bool = True) -> dict[str, Any]:
    """A session's history as its save holds it."""
    data: dict[str, Any] = json.loads(recorded_table(name, 5, seeded=seeded).history.to_json())
    return data


def replayed(name: str, data: dict[str, Any]) -> list[Any]:
    """Every step of the replay of `data`, checked if it has a record."""
    game = games.get(name)
    return [step for _, step in replay(game, History.from_json(json.dumps(data), game))]


def unchecked(data: dict[str, Any]) -> dict[str, Any]:
    """The history as an older croupier wrote it: no format, no record."""
    return {key: value for key, value in data.items() if key not in ("format", "record")}


def coup_of_action(name: str, data: dict[str, Any], number: int) -> int:
    """The coup in play when the history's action `number` (from 1) was taken."""
    game = games.get(name)
    history = History.from_json(json.dumps(data), game)
    acted, coup = 0, 1
    for state, step in replay(game, history):
        acted += step.actor is not CHANCE
        if acted == number:
            return coup
        coup = game.rounds(state) + 1
    raise AssertionError(f"the history has no action {number}")


def quietly_replays(name: str, data: dict[str, Any]) -> bool:
    """Whether the history, with its record taken away, replays to its end unchallenged:
    the edit is one only the record can find."""
    try:
        replayed(name, unchecked(data))
    except HistoryMismatch:
        return False
    return True


def stake_edited(name: str, data: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """The history with one stake changed by a chip, to one the rules still accept; and
    the number of the action edited."""
    for number, (_, action, *_) in enumerate(data["actions"], 1):
        if "amount" not in action or action["type"] in ("Cut", "Join"):
            continue
        for change in (1, -1):
            edited = copy.deepcopy(data)
            edited["actions"][number - 1][1]["amount"] += change
            if quietly_replays(name, edited):
                return edited, number
    raise AssertionError(f"no stake in this {name} history can be changed unnoticed")


def shuffle_edited(name: str, data: dict[str, Any]) -> dict[str, Any]:
    """The history with the top card of its first recorded shuffle swapped with the first
    other card for which the rules still accept every action."""
    order = data["shuffles"][0]
    for other in range(1, len(order)):
        if order[other] == order[0]:
            continue
        edited = copy.deepcopy(data)
        swapped = edited["shuffles"][0]
        swapped[0], swapped[other] = swapped[other], swapped[0]
        if quietly_replays(name, edited):
            return edited
    raise AssertionError(f"no swap in this {name} history goes unnoticed by the rules")
