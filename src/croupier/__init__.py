"""croupier: the classic banking card games, played and analysed exactly as the old
rule books tell them.

A map for those who import it (each layer depends only on the ones above it):

- `croupier.cards`, `croupier.shoe`: cards that round-trip through text
  (`Card.from_str("7D")`), packs, and the shoe as an immutable sequence. `Card`,
  `Rank`, `Suit`, `Colour`, `Shoe` and `End` are re-exported here.
- `croupier.randomness`: where chance comes from: `RandomShuffler` (strong by default,
  `RandomShuffler.seeded(7)` to replay), `RecordedShuffler` for recorded orders.
- `croupier.engine`: the protocol every game follows (docs/engine.md): `Game`, its
  actors (`CHANCE`, `HOUSE`, seat numbers), `Legal` options and `Amounts` ranges, the
  chance nodes `Shuffling` and `Drawing`, events and their redaction, `History` and
  `replay`.
- `croupier.errors`: the one error tree (`CroupierError`, `IllegalAction` and its
  kinds, `InvalidInput`, `InvalidConfig`, `InvalidCard`), drawn at the top of the module.
- `croupier.games`: the five games by name, `croupier.games.get("punto-banco")` and
  `croupier.games.names()`; one package a game, with its `Rules`, actions, events, views.
- `croupier.table`: a session run with seats, controllers, a croupier and a history.
- `croupier.bots`: seats that decide by themselves.
- `croupier.odds`: exact calculators; `croupier.solve`: equilibria; `croupier.sim`:
  fast Monte Carlo kernels, its seeded generator (`croupier.sim.rng`) and runner
  (`croupier.sim.runner`). These use numpy (and numba if installed), so they are
  imported only when asked for.
- `croupier.testing`: the conformance suite every game passes, for a new game's tests.
- `croupier.cli`: the `croupier` command, a thin adapter over the rest.

Importing `croupier` loads only the cards and the shoe.
"""

from croupier.cards import Card, Colour, Rank, Suit
from croupier.shoe import End, Shoe

__all__ = ["Card", "Colour", "End", "Rank", "Shoe", "Suit", "__version__"]

__version__ = "0.1.0"
