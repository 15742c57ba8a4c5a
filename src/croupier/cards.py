"""Cards, suits, ranks and the packs the games use (RULES C-1, C-2).

A card is a value that round-trips through text::

    >>> Card.from_str("7D")
    Card.from_str('7D')
    >>> str(Card.from_str("10h"))
    'TH'
    >>> Card.from_str("QS").pretty
    'Q♠'
    >>> Card.from_str("7♦").colour
    <Colour.RED: 'red'>
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from croupier.errors import InvalidCard, InvalidConfig
from croupier.i18n import _

__all__ = [
    "Card",
    "Colour",
    "Rank",
    "Suit",
    "full_pack",
    "monte_pack",
    "read_cards",
    "shoe_of",
]


class Colour(enum.Enum):
    """Card colour (C-1)."""

    BLACK = "black"
    RED = "red"


class Suit(enum.Enum):
    """The four suits; the value is the letter used in card text."""

    __hash__ = object.__hash__
    """Members are singletons, equal only to themselves: identity hashes them (Enum's own
    hash of the name runs in Python, once for every card a shoe's count looks at)."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def colour(self) -> Colour:
        """Spades and clubs are black, hearts and diamonds red (C-1)."""
        return Colour.BLACK if self in (Suit.SPADES, Suit.CLUBS) else Colour.RED


_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}


class Rank(enum.Enum):
    """The thirteen ranks, in the usual order 2..A; the value is the letter in card text.

    Each game sets its own order and values (baccarat points, Monte's ace
    low, Banchek's ace high), so ranks do not compare with `<`.
    """

    __hash__ = object.__hash__
    """Members are singletons, equal only to themselves: identity hashes them (Enum's own
    hash of the name runs in Python, once for every card a shoe's count looks at)."""

    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "T"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"

    @property
    def is_picture(self) -> bool:
        """Jack, queen or king."""
        return self in (Rank.JACK, Rank.QUEEN, Rank.KING)


_RANK_INDEX = {rank: index for index, rank in enumerate(Rank)}
_SUIT_INDEX = {suit: index for index, suit in enumerate(Suit)}
_SUIT_BY_TEXT = {suit.value: suit for suit in Suit} | {suit.symbol: suit for suit in Suit}
_RANK_BY_TEXT = {rank.value: rank for rank in Rank} | {"10": Rank.TEN}


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card."""

    rank: Rank
    suit: Suit

    @classmethod
    def from_str(cls, text: str) -> Card:
        """Parse `7D`, `TD` or `10D` (any case), or the pretty `7♦`."""
        if not isinstance(text, str):
            raise InvalidCard(_("card text must be a string, not {text!r}").format(text=text))
        cleaned = text.strip().upper()
        rank = _RANK_BY_TEXT.get(cleaned[:-1])
        suit = _SUIT_BY_TEXT.get(cleaned[-1:])
        if rank is None or suit is None:
            raise InvalidCard(
                _(
                    "{text!r} is not a card: write a rank (2-9, T or 10, J, Q, K, A) "
                    "then a suit (S, H, D, C or ♠ ♥ ♦ ♣), as in '7D', 'TS' or '10♥'"
                ).format(text=text)
            )
        return _card(rank, suit)

    def __str__(self) -> str:
        return f"{self.rank.value}{self.suit.value}"

    def __repr__(self) -> str:
        return f"Card.from_str({str(self)!r})"

    @property
    def pretty(self) -> str:
        """The card with its suit symbol, `10` written out: `7♦`, `10♥`."""
        rank = "10" if self.rank is Rank.TEN else self.rank.value
        return f"{rank}{self.suit.symbol}"

    @property
    def colour(self) -> Colour:
        return self.suit.colour

    @property
    def index(self) -> int:
        """Position 0..51 in a fresh pack ordered by rank, then suit: a stable sort key."""
        return _RANK_INDEX[self.rank] * 4 + _SUIT_INDEX[self.suit]


@cache
def _card(rank: Rank, suit: Suit) -> Card:
    return Card(rank, suit)


def full_pack() -> tuple[Card, ...]:
    """The 52-card pack (C-1), in a fixed order: by rank 2..A, then suit."""
    return tuple(_card(rank, suit) for rank in Rank for suit in Suit)


_MONTE_OMITTED = frozenset({Rank.EIGHT, Rank.NINE, Rank.TEN})


def monte_pack() -> tuple[Card, ...]:
    """The 40-card Monte pack: the 52 without the 8s, 9s and 10s (C-2)."""
    return tuple(card for card in full_pack() if card.rank not in _MONTE_OMITTED)


def read_cards(text: str) -> tuple[Card, ...]:
    """Cards written as text, separated by spaces or commas: "7D KC 5D"."""
    return tuple(Card.from_str(part) for part in text.replace(",", " ").split())


def shoe_of(decks: int, pack: Iterable[Card] | None = None) -> tuple[Card, ...]:
    """`decks` packs together, in a fixed (unshuffled) order."""
    if isinstance(decks, bool) or not isinstance(decks, int) or decks < 1:
        raise InvalidConfig(f"a shoe needs a whole number of decks, at least 1; got {decks!r}")
    one = tuple(pack) if pack is not None else full_pack()
    return one * decks
