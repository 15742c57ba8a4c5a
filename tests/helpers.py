"""Driving any game by hand in tests: apply an action, then draw the cards chance must."""

from __future__ import annotations

from typing import Any

from croupier.engine import CHANCE, Action, Actor, Drawing, Event, Game


def run_chance(game: Game[Any, Any, Any], state: Any, events: list[Event] | None = None) -> Any:
    """Draw the physical cards until someone other than chance must act (or a shuffle)."""
    while CHANCE in game.to_act(state):
        node = game.chance(state)
        if not isinstance(node, Drawing):
            break
        state, new = game.apply(state, CHANCE, node.sample())
        if events is not None:
            events.extend(new)
    return state


def act(
    game: Game[Any, Any, Any],
    state: Any,
    actor: Actor,
    action: Action,
    events: list[Event] | None = None,
) -> Any:
    """Apply the action, then let chance draw what it must."""
    state, new = game.apply(state, actor, action)
    if events is not None:
        events.extend(new)
    return run_chance(game, state, events)
