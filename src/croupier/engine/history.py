"""A session's history, and replaying it.

A history is the game, its rule set, the seats' buy-ins, the seed, and
every action of the seats and the house, in order. Chance is not written
down: replay draws it again from the seed. A session without a seed (a
cryptographically strong shuffle) records the orders its shuffles gave
instead, so it too replays exactly.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from croupier.cards import Card
from croupier.engine.actions import Action
from croupier.engine.actors import CHANCE, Actor
from croupier.engine.codec import decode, encode
from croupier.engine.events import Event
from croupier.engine.game import Game, Shuffling
from croupier.randomness import RandomShuffler, RecordedShuffler, Shuffler

__all__ = ["History", "Step", "replay"]


@dataclass(frozen=True, slots=True)
class Step:
    """One action applied: who, what, and the events it caused."""

    actor: Actor
    action: Action
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class History:
    """Everything needed to replay a session event for event."""

    game: str
    config: Any
    buy_ins: Mapping[int, int]
    seed: int | None
    actions: tuple[tuple[Actor, Action], ...] = ()
    shuffles: tuple[tuple[Card, ...], ...] = field(default=(), repr=False)

    def shuffler(self) -> Shuffler:
        """The source of the session's shuffles: the recorded orders, or the seed."""
        if self.shuffles or self.seed is None:
            return RecordedShuffler(self.shuffles)
        return RandomShuffler.seeded(self.seed)

    def to_json(self) -> str:
        return json.dumps(
            {
                "game": self.game,
                "config": encode(self.config),
                "buy_ins": {str(seat): chips for seat, chips in self.buy_ins.items()},
                "seed": self.seed,
                "actions": [[encode(actor), encode(action)] for actor, action in self.actions],
                "shuffles": [[str(card) for card in order] for order in self.shuffles],
            },
            indent=1,
        )

    @classmethod
    def from_json(cls, text: str, game: Game[Any, Any, Any]) -> History:
        """Read a history written by `to_json` for this game."""
        data = json.loads(text)
        if data["game"] != game.name:
            raise ValueError(f"this history is of {data['game']!r}, not {game.name!r}")
        known = {kind.__name__: kind for kind in game.actions}
        return cls(
            game=game.name,
            config=decode(data["config"], game.config_type),
            buy_ins={int(seat): chips for seat, chips in data["buy_ins"].items()},
            seed=data["seed"],
            actions=tuple(
                (decode(actor, Actor), decode(action, Action, known))
                for actor, action in data["actions"]
            ),
            shuffles=tuple(tuple(Card.from_str(c) for c in order) for order in data["shuffles"]),
        )


def replay(game: Game[Any, Any, Any], history: History) -> Iterator[tuple[Any, Step]]:
    """Apply the history again; yields each step with the state after it.

    Chance steps come from the history's shuffler and the shoe, exactly as
    at a live table; the steps of the seats and the house come from the list.
    Replay stops when the list is used up and the next step is not chance's.
    """
    state = game.start(history.config, history.buy_ins)
    shuffler = history.shuffler()
    pending = iter(history.actions)
    while actors := game.to_act(state):
        if CHANCE in actors:
            node = game.chance(state)
            actor: Actor = CHANCE
            action: Action = node.sample(shuffler) if isinstance(node, Shuffling) else node.sample()
        else:
            try:
                actor, action = next(pending)
            except StopIteration:
                return
        state, events = game.apply(state, actor, action)
        yield state, Step(actor, action, events)
    if next(pending, None) is not None:
        raise ValueError("the history goes on after the session ended")
