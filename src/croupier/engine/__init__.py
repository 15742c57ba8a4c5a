"""The engine: the protocol every game follows, its events, views and errors.

See docs/engine.md for the design.
"""

from croupier.engine.actions import (
    MAX_BUY_IN,
    Action,
    Amounts,
    CloseBets,
    Cut,
    Done,
    Draw,
    EndSession,
    EndShoe,
    Join,
    Leave,
    Legal,
    Option,
    Rebuy,
    Shuffle,
)
from croupier.engine.actors import CHANCE, HOUSE, Actor, Party, actor_name
from croupier.engine.codec import decode, encode
from croupier.engine.drive import Driver
from croupier.engine.events import NOBODY, PUBLIC, Audience, Event, redact
from croupier.engine.game import ChanceNode, Chips, Drawing, Game, Shuffling, View
from croupier.engine.history import History, Step, replay

__all__ = [
    "CHANCE",
    "HOUSE",
    "MAX_BUY_IN",
    "NOBODY",
    "PUBLIC",
    "Action",
    "Actor",
    "Amounts",
    "Audience",
    "ChanceNode",
    "Chips",
    "CloseBets",
    "Cut",
    "Done",
    "Draw",
    "Drawing",
    "Driver",
    "EndSession",
    "EndShoe",
    "Event",
    "Game",
    "History",
    "Join",
    "Leave",
    "Legal",
    "Option",
    "Party",
    "Rebuy",
    "Shuffle",
    "Shuffling",
    "Step",
    "View",
    "actor_name",
    "decode",
    "encode",
    "redact",
    "replay",
]
