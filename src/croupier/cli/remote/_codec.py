"""The server's JSON read back into the game's values: its views, options and events, and
a refusal as the rules' error of its kind."""

from __future__ import annotations

import typing
from typing import Any

from croupier import errors
from croupier.engine.actions import Action, Amounts
from croupier.engine.codec import decode
from croupier.engine.events import Event
from croupier.engine.game import Game
from croupier.errors import IllegalAction

__all__ = ["Codec", "refusal"]


class Codec:
    """Reads the game's views, options and events back from the server's JSON."""

    def __init__(self, game: Game[Any, Any, Any]) -> None:
        self.view_type = typing.get_type_hints(type(game).view)["return"]
        self.actions: dict[str, type] = {kind.__name__: kind for kind in (*game.actions, Amounts)}
        self.events = _event_types(game)

    def view(self, data: Any) -> Any:
        return decode(data, self.view_type, self.actions)

    def option(self, data: Any) -> Any:
        return decode(data, Amounts, self.actions)

    def step(self, data: list[Any]) -> tuple[Event, ...]:
        return tuple(decode(event, Event, self.events) for event in data)


def _event_types(game: Game[Any, Any, Any]) -> dict[str, type]:
    """The game's events by name, as its `events` names them (Private Monte's own before
    Monte Bank's, the engine's among them)."""
    found: dict[str, type] = {}
    for kind in game.events:
        found.setdefault(kind.__name__, kind)
    return found


def refusal(message: dict[str, Any], seat: int | None, action: Action) -> IllegalAction:
    """The server's refusal as the rules' error of its kind (`stake-out-of-range`:
    `StakeOutOfRange`), or a `ForbiddenAction` for the table's own refusals."""
    name = "".join(part.title() for part in str(message.get("error", "")).split("-"))
    kind = getattr(errors, name, None)
    if not (isinstance(kind, type) and issubclass(kind, IllegalAction)):
        kind = errors.ForbiddenAction
    return kind(seat, action, message["reason"])
