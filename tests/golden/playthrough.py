"""Golden playthroughs: for every game, a seeded session of random legal play, as each seat
and a spectator were told it.

A file is one session. Its first line names the game, the rule set, the buy-ins and the
seed. Then, for every step, one line says who could act (`to_act`), who acted and what
they did (for chance only `"chance"`: what chance did shows in the events, as each seat
may see it), and one line for each seat and for the spectator (`"viewer": null`) gives
the step's events as `redact` tells them to that viewer and its view afterwards.

A view is written as its changes: the fields that differ from the same viewer's view
after the step before (its first view is compared with the rule set alone, which never
changes and is in the first line). Nothing is lost, and a file stays small enough to
read a diff of.

The play is random, not a bot's, so that a change to a bot changes no golden file:
only a change to a game's rules, events or views does. The seats and the house choose
from one `random.Random` stream of the seed, the shoe is shuffled from another
(`RandomShuffler.seeded`), so a session is the same on every machine.
`scripts/regen_golden.py` writes the files; `tests/test_golden.py` checks them.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from croupier import games
from croupier.engine import (
    CHANCE,
    HOUSE,
    Action,
    Actor,
    Amounts,
    Drawing,
    EndSession,
    EndShoe,
    Game,
    Leave,
    Option,
    encode,
    redact,
)
from croupier.engine.actions import SitOut
from croupier.randomness import RandomShuffler, stream

__all__ = ["FOLDER", "GOLDEN", "SESSIONS", "Session", "record", "write_all"]

FOLDER = Path(__file__).parent

JSON = Any

CLOSING = 0.2
"""How likely the house is to close bets at a step where seats could still bet: often
enough that a betting round, and so a file, stays short."""


@dataclass(frozen=True, slots=True)
class Session:
    """A golden session: the game, its rule options, who sits down with what, the seed."""

    game: str
    """The registry name (`croupier.games.get`)."""
    buy_ins: Mapping[int, int]
    seed: int
    rounds: int
    """The house ends the session as soon as it may once this many coups are settled."""
    options: Mapping[str, Any] = field(default_factory=dict)
    """Options for `game.config`; the game's defaults where not given."""
    steps: int = 2000
    """A bound: a session not over by then is an error, not a longer file."""

    @property
    def file(self) -> str:
        return f"{self.game.replace('-', '_')}_seed{self.seed}.jsonl"


BUY_INS = {0: 600, 1: 400, 2: 800}

SESSIONS = (
    Session("punto-banco", BUY_INS, seed=7, rounds=6, options={"table": "small"}),
    Session("chemin-de-fer", BUY_INS, seed=7, rounds=6),
    Session("monte-bank", BUY_INS, seed=7, rounds=2),
    Session("private-monte", BUY_INS, seed=7, rounds=6),
    Session("banchek", BUY_INS, seed=7, rounds=5),
)


def record(session: Session) -> str:
    """The session played out, as the text of its golden file."""
    return "".join(line + "\n" for line in _lines(session))


def _lines(session: Session) -> Iterator[str]:
    game: Game[Any, Any, Any] = games.get(session.game)
    config = game.config(**session.options)
    rng = stream(session.seed, "golden")
    shuffler = RandomShuffler.seeded(session.seed)
    state = game.start(config, session.buy_ins)
    rules = encode(config)
    yield _dump(
        {
            "game": session.game,
            "rules": rules,
            "buy_ins": encode(session.buy_ins),
            "seed": session.seed,
        }
    )
    viewers: list[int | None] = [*sorted(session.buy_ins), None]
    before: dict[int | None, dict[str, JSON]] = {viewer: {"rules": rules} for viewer in viewers}
    step = 0
    while actors := game.to_act(state):
        if step == session.steps:
            raise AssertionError(f"{session.game}: the session is not over after {step} steps")
        actor, action = _choose(game, state, actors, shuffler, rng, session.rounds)
        state, events = game.apply(state, actor, action)
        step += 1
        yield _dump(
            {
                "step": step,
                "to_act": sorted(str(each) for each in actors),
                "actor": encode(actor),
                "action": "chance" if actor is CHANCE else encode(action),
            }
        )
        for viewer in viewers:
            view = _view(game, state, viewer)
            last = before[viewer]
            changed = {k: v for k, v in view.items() if k not in last or last[k] != v}
            before[viewer] = view
            told = [encode(redact(event, viewer)) for event in events]
            yield _dump({"step": step, "viewer": viewer, "events": told, "view": changed})


def _choose(
    game: Game[Any, Any, Any],
    state: Any,
    actors: frozenset[Actor],
    shuffler: RandomShuffler,
    rng: random.Random,
    rounds: int,
) -> tuple[Actor, Action]:
    """Who acts and what they do.

    Chance as the seeded shoe gives it. The house ends the session as soon as it may after
    `rounds` coups (as the table's croupier does: in Chemin de Fer the house is never among
    those to act, but it may end the session between coups); where it is to act it closes
    bets now and then (`CLOSING`), and at once when no seat is left to act. Otherwise a seat
    to act, at random, takes a random action (`_pick`); it leaves (or sits out) only if it
    can do nothing else, so that the few seats stay for the whole session.
    """
    if CHANCE in actors:
        node = game.chance(state)
        return CHANCE, node.sample() if isinstance(node, Drawing) else node.sample(shuffler)
    house = list(game.legal_actions(state, HOUSE))
    if EndSession() in house and game.rounds(state) >= rounds:
        return HOUSE, EndSession()
    ended = (EndSession(), EndShoe())  # the house's own decisions, never a random pick
    house = [option for option in house if option not in ended] if HOUSE in actors else []
    seats = sorted((each for each in actors if each is not HOUSE), key=str)
    if house and (not seats or rng.random() < CLOSING):
        return HOUSE, _pick(rng, house)
    seat = rng.choice(seats)
    options = list(game.legal_actions(state, seat))
    staying = [option for option in options if _kind(option) not in (Leave, SitOut)]
    return seat, _pick(rng, staying or options)


def _pick(rng: random.Random, options: list[Option]) -> Action:
    """A kind of action, then an option of that kind, then an amount, each at random.

    Choosing the kind first keeps a betting round short where there are many bets to
    place (Monte's layout offers an option for every card and pair of cards): `Done` is as
    likely as a bet of any one kind. Amounts lean to the low end of their range.
    """
    kinds = list(dict.fromkeys(_kind(option) for option in options))
    kind = rng.choice(kinds)
    option = rng.choice([option for option in options if _kind(option) is kind])
    if not isinstance(option, Amounts):
        return option
    reach = min(option.most - option.low, rng.choice((0, 10, 100)))
    return cast(Action, option.at(option.low + rng.randint(0, reach)))


def _kind(option: Option) -> type[Action]:
    return type(option.template if isinstance(option, Amounts) else option)


def _view(game: Game[Any, Any, Any], state: Any, viewer: int | None) -> dict[str, JSON]:
    """The viewer's view, encoded."""
    encoded = encode(game.view(state, viewer))
    assert isinstance(encoded, dict)
    return cast(dict[str, JSON], encoded)


def _dump(line: dict[str, JSON]) -> str:
    return json.dumps(line, ensure_ascii=False, separators=(",", ":"))


GOLDEN: dict[str, Callable[[], str]] = {
    session.file: functools.partial(record, session) for session in SESSIONS
}
"""Each golden file's name, and how to make its text."""


def write_all() -> None:
    for name, make in GOLDEN.items():
        (FOLDER / name).write_text(make(), encoding="utf-8")
