"""The layout and what falls: Monte Bank's core, shared by the game and the calculator
(RULES MB-6, MB-7, MB-9, MB-10, MB-12).

A layout has four spots, as the banker sees them: the top layout (dealt from
the bottom of the pack) and the bottom layout (dealt from the top). A spot
holds one card, or (top layout only) a stack of two or three of one rank.

When a card is shown, a layout card of its rank *falls*. While a stack is
on the layout and has not fallen, the other layout cards fall only by
colour: with a pair, to a card of their rank in the other colour; with a
triple, in the same colour (MB-10a, b). A card of their rank that does not
make them fall is an *ordinary match*: it settles cross bets between two
plain cards, and nothing else (MB-10c).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field

from croupier.cards import Card, Colour, Rank

__all__ = [
    "BOTTOM",
    "GROUPS",
    "LEFT",
    "RIGHT",
    "TOP",
    "Circle",
    "Cross",
    "Doubler",
    "Extra",
    "Falls",
    "Fate",
    "Kind",
    "Layout",
    "Place",
    "RowWager",
    "Spot",
    "Wager",
    "falls",
    "fate",
    "opposite",
]


class Spot(enum.Enum):
    TOP_LEFT = "top-left"
    TOP_RIGHT = "top-right"
    BOTTOM_LEFT = "bottom-left"
    BOTTOM_RIGHT = "bottom-right"


TOP = frozenset({Spot.TOP_LEFT, Spot.TOP_RIGHT})
BOTTOM = frozenset({Spot.BOTTOM_LEFT, Spot.BOTTOM_RIGHT})
LEFT = frozenset({Spot.TOP_LEFT, Spot.BOTTOM_LEFT})
RIGHT = frozenset({Spot.TOP_RIGHT, Spot.BOTTOM_RIGHT})
GROUPS: Mapping[str, frozenset[Spot]] = {"top": TOP, "bottom": BOTTOM, "left": LEFT, "right": RIGHT}
"""The rows and columns a doubler backs (MB-9c), by name."""


def opposite(group: frozenset[Spot]) -> frozenset[Spot]:
    """The group a doubler on `group` plays against: the other row, or the other column."""
    return frozenset(Spot) - group


class Extra(enum.Enum):
    """The places of cards added to the layout in the Zecchinetta-style variant (MB-17)."""

    FIRST = "extra-1"
    SECOND = "extra-2"


Place = Spot | Extra
"""Where a layout card lies: one of the four spots, or an added card (MB-17)."""


class Kind(enum.Enum):
    """A layout by its stack (MB-7c)."""

    PLAIN = "plain"
    PAIR = "pair"
    TRIPLE = "triple"


@dataclass(frozen=True, slots=True)
class Layout:
    """The four spots, each holding a card or a stack of cards of one rank; and, in the
    variant of MB-17, single cards added beside them."""

    spots: Mapping[Spot, tuple[Card, ...]]
    extras: Mapping[Extra, Card] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if set(self.spots) != set(Spot):
            raise ValueError("a layout has four spots")
        if any(len({card.rank for card in cards}) != 1 for cards in self.spots.values()):
            raise ValueError("a stack holds cards of one rank")

    @classmethod
    def of(cls, top_left: str, top_right: str, bottom_left: str, bottom_right: str) -> Layout:
        """A layout from card text, a stack written with `+`: `Layout.of("7S+7C", "KH", ...)`."""
        texts = (top_left, top_right, bottom_left, bottom_right)
        return cls(
            {
                spot: tuple(Card.from_str(t) for t in text.split("+"))
                for spot, text in zip(Spot, texts, strict=True)
            }
        )

    @property
    def places(self) -> tuple[Place, ...]:
        """The four spots, then the added cards."""
        return (*Spot, *self.extras)

    def card(self, place: Place) -> Card:
        """The card that names a place: a stack by its first card."""
        return self.extras[place] if isinstance(place, Extra) else self.spots[place][0]

    def rank(self, place: Place) -> Rank:
        return self.card(place).rank

    @property
    def stack(self) -> Spot | None:
        """The spot holding a pair or triple, if any."""
        return next((spot for spot, cards in self.spots.items() if len(cards) > 1), None)

    @property
    def kind(self) -> Kind:
        stack = self.stack
        if stack is None:
            return Kind.PLAIN
        return Kind.PAIR if len(self.spots[stack]) == 2 else Kind.TRIPLE

    def spot_of(self, card: Card) -> Place | None:
        """The place where this card lies, if it is on the layout."""
        found = next((spot for spot, cards in self.spots.items() if card in cards), None)
        return found or next((extra for extra, on in self.extras.items() if on == card), None)

    @property
    def cards(self) -> tuple[Card, ...]:
        return (*(card for spot in Spot for card in self.spots[spot]), *self.extras.values())


@dataclass(frozen=True, slots=True)
class Falls:
    """What has fallen in a deal so far: `fallen` in order; `matched`, plain cards that met
    an ordinary match while a stack stood (they stay on the layout for all but plain
    crosses)."""

    fallen: tuple[Place, ...] = ()
    matched: frozenset[Place] = field(default_factory=frozenset)

    def show(self, layout: Layout, card: Card) -> tuple[Falls, Place | None, Place | None]:
        """The falls after `card` is shown, the place that falls at it (if any), and the place
        that meets only an ordinary match at it (if any) (MB-10, MB-12)."""
        for spot in layout.places:
            if spot in self.fallen or layout.rank(spot) is not card.rank:
                continue
            stack = layout.stack
            stacked = 1 if stack is None else len(layout.spots[stack])
            standing = stack is not None and stack not in self.fallen
            red, own_red = (c.colour is Colour.RED for c in (card, layout.card(spot)))
            if not falls(stacked, standing, spot == stack, red, own_red):
                return Falls(self.fallen, self.matched | {spot}), None, spot
            return Falls((*self.fallen, spot), self.matched), spot, None
        return self, None, None


def falls(stacked: int, standing: bool, at_stack: bool, red: bool, own_red: bool) -> bool:
    """Whether a layout card falls to a card of its rank shown, `red` or black (MB-10): a
    stack of `stacked` cards is on the layout (1: none), `standing` if it has not fallen,
    and the card is the stack (`at_stack`) or a plain card, `own_red` or black. While a
    pair stands, a plain card falls to its rank in the other colour; while a triple stands,
    in its own colour (MB-10a, b); any other card of its rank is an ordinary match
    (MB-10c). Plain logic, so that the simulation's kernel compiles this very function."""
    by_colour = standing and not at_stack and stacked > 1
    return not by_colour or (red != own_red) == (stacked == 2)


class Fate(enum.Enum):
    WIN = "win"
    LOSE = "lose"


@dataclass(frozen=True, slots=True)
class Circle:
    """The card falls before any of the other three (MB-9a). Pays 3 to 1."""

    spot: Spot
    pays = 3

    @property
    def backs(self) -> frozenset[Spot]:
        return frozenset({self.spot})


@dataclass(frozen=True, slots=True)
class Cross:
    """The card falls before one other named card (MB-9b), an added card too (MB-17).
    Pays 1 to 1."""

    backed: Place
    against: Place
    pays = 1

    @property
    def backs(self) -> frozenset[Place]:
        return frozenset({self.backed})


@dataclass(frozen=True, slots=True)
class Doubler:
    """Either card of a row (or column) falls before either of the other (MB-9c). Pays 1 to 1."""

    group: frozenset[Spot]
    pays = 1

    @property
    def backs(self) -> frozenset[Spot]:
        return self.group


Wager = Circle | Cross | Doubler


@dataclass(frozen=True, slots=True)
class RowWager:
    """The private form's bet: a layout's suits meet the gate's (PM-4, PM-5). Pays 1 to 1."""

    row: frozenset[Spot]
    pays = 1


def fate(wager: Wager, layout: Layout, fell: Place | None, matched: Place | None) -> Fate | None:
    """What the card just shown does to an unsettled wager: the spot that fell at it and the
    spot that met only an ordinary match (MB-9, MB-10c). None: still unsettled."""
    if isinstance(wager, Cross):
        stack = layout.stack
        plain = stack not in (wager.backed, wager.against)
        moved = {fell, matched} if plain else {fell}  # plain crosses ignore colour (MB-10c)
        if wager.backed in moved:
            return Fate.WIN
        return Fate.LOSE if wager.against in moved else None
    if fell is None:
        return None
    if isinstance(wager, Circle):  # against the other three of the four (MB-9a)
        return Fate.WIN if fell is wager.spot else Fate.LOSE if isinstance(fell, Spot) else None
    if fell in wager.group:
        return Fate.WIN
    return Fate.LOSE if fell in opposite(wager.group) else None
