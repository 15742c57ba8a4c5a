"""croupier: the classic banking card games, played and analysed exactly as the old
rule books tell them."""

from croupier.cards import Card, Colour, Rank, Suit
from croupier.shoe import End, Shoe

__all__ = ["Card", "Colour", "End", "Rank", "Shoe", "Suit", "__version__"]

__version__ = "0.1.0"
