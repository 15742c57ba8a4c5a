"""A server table's provably fair shoes (docs/fairness.md): each shuffle's secret seed,
drawn and stored before its commitment is shown; the parts the seated people add to it;
the order derived from them (`croupier.fairness`); and the chain the server signs as each
shoe ends (`croupier.engine.seal`).

`Shoes` is a value: the table's book holds it and replaces it step by step, so that a
batch that is not stored leaves it as it was, and a table rebuilt from its steps and its
stored seeds comes back to the same one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from croupier.cards import Card
from croupier.engine.actions import Action, Shuffle
from croupier.engine.actors import CHANCE, Actor
from croupier.engine.seal import after_shuffle, after_step, message, opening
from croupier.fairness import FAIRNESS, Place, Proof, commitment, derived_order, house_cut

__all__ = ["Shoes"]


@dataclass(frozen=True, slots=True)
class Shoes:
    """Table `table`'s shuffles: `seeds`, each shuffle's secret seed in turn, those made and
    then the coming one's (when drawn); `parts`, each shuffle's parts by seat; `made`, the
    shuffles made; `chain`, the seal's chain so far; `fairness`, the version of the
    derivation (`croupier.fairness.FAIRNESS`)."""

    table: int
    seeds: tuple[bytes, ...]
    parts: tuple[Mapping[int, str], ...]
    made: int
    chain: bytes
    fairness: int

    @classmethod
    def opened(
        cls,
        table: int,
        game: str,
        rules: Any,
        buy_ins: Mapping[int, int],
        seeds: Sequence[bytes] = (),
        parts: Mapping[int, Mapping[int, str]] | None = None,
        fairness: int = FAIRNESS,
    ) -> Shoes:
        """A table's shoes before its first step, with the seeds and parts stored for it
        (`parts`: by shuffle number, from 1), of version `fairness`."""
        given = parts or {}
        return cls(
            table,
            tuple(seeds),
            tuple(dict(given.get(number, {})) for number in range(1, len(seeds) + 1)),
            0,
            opening(table, game, rules, buy_ins, fairness),
            fairness,
        )

    @property
    def coming(self) -> int:
        """The number of the coming shuffle (from 1)."""
        return self.made + 1

    @property
    def drawn(self) -> bool:
        """Whether the coming shuffle's seed is drawn (and so its commitment shown)."""
        return len(self.seeds) > self.made

    @property
    def commitment(self) -> str:
        """The coming shuffle's commitment."""
        return commitment(self.seeds[self.made])

    def given(self, seat: int) -> str | None:
        """The part `seat` has added to the coming shuffle, if any."""
        return self.parts[self.made].get(seat) if self.drawn else None

    def seats_given(self) -> list[int]:
        """The seats that have added a part to the coming shuffle."""
        return sorted(self.parts[self.made]) if self.drawn else []

    def with_seed(self, seed: bytes) -> Shoes:
        """The coming shuffle's seed drawn: its commitment may be shown from now."""
        assert not self.drawn, "the coming shuffle's seed is drawn already"
        return replace(self, seeds=(*self.seeds, seed), parts=(*self.parts, {}))

    def with_part(self, seat: int, text: str) -> Shoes:
        """`seat`'s part of the coming shuffle (it replaces one given before)."""
        parts = list(self.parts)
        parts[self.made] = {**parts[self.made], seat: text}
        return replace(self, parts=tuple(parts))

    def order(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        """The order the coming shuffle gives `cards`, fresh, top first."""
        return derived_order(
            self.seeds[self.made], self.parts[self.made], cards, self._place(self.coming)
        )

    def house_cut(self, low: int, high: int) -> int:
        """Where the house cuts the pack of the last shuffle made (`fairness.house_cut`)."""
        assert self.made, "no shuffle is made yet"
        seed, parts = self.seeds[self.made - 1], self.parts[self.made - 1]
        return house_cut(seed, parts, self._place(self.made), low, high)

    def _place(self, number: int) -> Place:
        """Where shuffle `number` is made, as its derivation binds it."""
        return (self.table, number) if self.fairness > 1 else None

    def after(
        self, actor: Actor, action: Action, fresh: Sequence[Card] = ()
    ) -> tuple[Shoes, tuple[int, bytes] | None]:
        """The shoes after a step, and the shoe that ends with it, with the message to sign,
        if one does: a shuffle (of the `fresh` pack) ends the shoe before it. A shuffle must
        be the one its seed and parts give (`ValueError`: a table's record that is not)."""
        if actor is not CHANCE:
            return replace(self, chain=after_step(self.chain, actor, action)), None
        if not isinstance(action, Shuffle):
            return self, None
        if not self.drawn:
            raise ValueError(f"table {self.table}: shuffle {self.coming} has no seed drawn")
        if action.order != self.order(fresh):
            raise ValueError(
                f"table {self.table}: shuffle {self.coming} is not the one its seed and parts give"
            )
        ended = self.ended()
        seed, parts = self.seeds[self.made], self.parts[self.made]
        chain = after_shuffle(self.chain, commitment(seed), parts)
        return replace(self, made=self.made + 1, chain=chain), ended

    def ended(self) -> tuple[int, bytes]:
        """The shoe in play, ending now, with the message the server signs of it."""
        seed = self.seeds[self.made - 1] if self.made else None
        return self.made, message(self.table, self.made, self.chain, seed)

    def proofs(self, count: int) -> tuple[Proof, ...]:
        """The first `count` shuffles' proofs, their seeds told (their shoes are over)."""
        return tuple(
            Proof(commitment(seed), seed.hex(), dict(parts))
            for seed, parts in zip(self.seeds[:count], self.parts[:count], strict=True)
        )
