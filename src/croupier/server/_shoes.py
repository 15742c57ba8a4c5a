"""A server table's provably fair shoes (docs/fairness.md): each shuffle's secret seed,
drawn and stored before its commitment is shown; the parts the seated people add to it,
sealed first and revealed once the seals are closed ("Sealed parts");
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
from croupier.engine.actions import Action, EndShoe, Shuffle
from croupier.engine.actors import CHANCE, Actor
from croupier.engine.seal import Ending, after_shuffle, after_step, opening
from croupier.fairness import (
    FAIRNESS,
    Place,
    Proof,
    commitment,
    derived_order,
    house_calls,
    house_cut,
    seal_of,
)

__all__ = ["Shoes"]


@dataclass(frozen=True, slots=True)
class Shoes:
    """Table `table`'s shuffles: `seeds`, each shuffle's secret seed in turn, those made and
    then the coming one's (when drawn); `seals`, each shuffle's seals by seat
    (`croupier.fairness.seal_of`), `sealers`, the person who gave each, and `parts`, the
    parts revealed to them; `closed`, the
    shuffles whose seals are closed (the coming one's once it is `coming`); `made`, the
    shuffles made; `chain`, the seal's chain so far; `fairness`, the version of the
    derivation (`croupier.fairness.FAIRNESS`); `set_aside`, whether the house has ended the
    shoe in play (`EndShoe`) before the next shuffle; `givers`, the people who have sealed
    a part of any of the table's shuffles (their clients give parts)."""

    table: int
    seeds: tuple[bytes, ...]
    seals: tuple[Mapping[int, str], ...]
    sealers: tuple[Mapping[int, int], ...]
    parts: tuple[Mapping[int, str], ...]
    closed: int
    made: int
    chain: bytes
    fairness: int
    set_aside: bool = False
    givers: frozenset[int] = frozenset()

    @classmethod
    def opened(
        cls,
        table: int,
        game: str,
        rules: Any,
        buy_ins: Mapping[int, int],
        seeds: Sequence[bytes] = (),
        seals: Mapping[int, Mapping[int, tuple[str, int]]] | None = None,
        parts: Mapping[int, Mapping[int, str]] | None = None,
        closed: int = 0,
        fairness: int = FAIRNESS,
        seeded: bool = False,
    ) -> Shoes:
        """A table's shoes before its first step, with the seeds, seals (each with the person
        who gave it) and parts stored for it (by shuffle number, from 1) and the shuffles
        whose seals are closed, of version `fairness`; `seeded`, dealt from a seed the
        operator chose (its chain says so)."""
        numbers = range(1, len(seeds) + 1)
        given = [(seals or {}).get(number, {}) for number in numbers]
        return cls(
            table,
            tuple(seeds),
            tuple({seat: sealed for seat, (sealed, _) in each.items()} for each in given),
            tuple({seat: person for seat, (_, person) in each.items()} for each in given),
            tuple(dict((parts or {}).get(number, {})) for number in numbers),
            closed,
            0,
            opening(table, game, rules, buy_ins, fairness, seeded),
            fairness,
            givers=frozenset(person for each in given for _, person in each.values()),
        )

    @property
    def coming(self) -> int:
        """The number of the coming shuffle (from 1)."""
        return self.made + 1

    @property
    def revealed(self) -> int:
        """How many shuffles' seeds an open table has told: those of every shoe over."""
        return max(self.made - 1 + self.set_aside, 0)

    @property
    def drawn(self) -> bool:
        """Whether the coming shuffle's seed is drawn (and so its commitment shown)."""
        return len(self.seeds) > self.made

    @property
    def commitment(self) -> str:
        """The coming shuffle's commitment."""
        return commitment(self.seeds[self.made])

    @property
    def revealing(self) -> bool:
        """Whether the coming shuffle's seals are closed: its parts are revealed now."""
        return self.drawn and self.closed == self.coming

    def sealed(self, seat: int) -> str | None:
        """The seal `seat` has given the coming shuffle, if any."""
        return self.seals[self.made].get(seat) if self.drawn else None

    def seat_sealed_by(self, person: int) -> int | None:
        """The seat whose part of the coming shuffle `person` sealed, if any (the one who
        opened a table seals one with the opening, under seat 0, before they sit down)."""
        if not self.drawn:
            return None
        return next((s for s, p in sorted(self.sealers[self.made].items()) if p == person), None)

    def shown(self, seat: int) -> str | None:
        """The part `seat` has revealed to the coming shuffle, if any."""
        return self.parts[self.made].get(seat) if self.drawn else None

    def seats_sealed(self) -> list[int]:
        """The seats that have sealed a part of the coming shuffle."""
        return sorted(self.seals[self.made]) if self.drawn else []

    def sealers_now(self) -> set[int]:
        """The people who have sealed a part of the coming shuffle (under a seat they hold,
        or, for the opener, seat 0)."""
        return set(self.sealers[self.made].values()) if self.drawn else set()

    def unsealed(self, people: set[int]) -> set[int]:
        """Those of `people` whose clients give parts (they have sealed one at this table)
        and who have not sealed a part of the coming shuffle yet."""
        return (people & self.givers) - self.sealers_now()

    def seats_shown(self) -> list[int]:
        """The seats that have revealed their part of the coming shuffle."""
        return sorted(self.parts[self.made]) if self.drawn else []

    def awaited(self) -> list[int]:
        """The seats that sealed a part of the coming shuffle and have not revealed it."""
        return sorted(set(self.seals[self.made]) - set(self.parts[self.made])) if self.drawn else []

    def with_seed(self, seed: bytes) -> Shoes:
        """The coming shuffle's seed drawn: its commitment may be shown from now."""
        assert not self.drawn, "the coming shuffle's seed is drawn already"
        return replace(
            self,
            seeds=(*self.seeds, seed),
            seals=(*self.seals, {}),
            sealers=(*self.sealers, {}),
            parts=(*self.parts, {}),
        )

    def with_seal(self, seat: int, sealed: str, person: int) -> Shoes:
        """`seat`'s seal of its part of the coming shuffle, given by `person` (it replaces
        one given before)."""
        assert self.drawn and not self.revealing, "the coming shuffle's seals are closed"
        seals, sealers = list(self.seals), list(self.sealers)
        seals[self.made] = {**seals[self.made], seat: sealed}
        sealers[self.made] = {**sealers[self.made], seat: person}
        givers = self.givers | {person}
        return replace(self, seals=tuple(seals), sealers=tuple(sealers), givers=givers)

    def with_closing(self) -> Shoes:
        """The coming shuffle's seals closed: no seal is taken from now, and parts are."""
        assert self.drawn and not self.revealing, "the coming shuffle's seals are closed"
        return replace(self, closed=self.coming)

    def with_part(self, seat: int, text: str) -> Shoes:
        """`seat`'s part of the coming shuffle, revealed (it must be the one it sealed)."""
        assert self.revealing and self.sealed(seat) == seal_of(text), "not the part sealed"
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
        return house_cut(*self._last_made(), low, high)

    def house_calls(self, seat: int) -> bool:
        """Whether the bot at `seat` asks to shuffle the pack of the last shuffle made
        (`fairness.house_calls`)."""
        return house_calls(*self._last_made(), seat)

    def _last_made(self) -> tuple[bytes, Mapping[int, str], Place]:
        """The last shuffle made's seed, parts and place."""
        assert self.made, "no shuffle is made yet"
        return self.seeds[self.made - 1], self.parts[self.made - 1], self._place(self.made)

    def _place(self, number: int) -> Place:
        """Where shuffle `number` is made, as its derivation binds it."""
        return (self.table, number) if self.fairness > 1 else None

    def after(
        self, actor: Actor, action: Action, fresh: Sequence[Card] = (), decided: bool = False
    ) -> tuple[Shoes, Ending | None]:
        """The shoes after a step (`decided`: one the house took for a person's seat, which a
        table of fairness 3 marks), and the shoe that ends with it, to sign, if one does: the
        house's `EndShoe` ends the shoe in play, and a shuffle (of the `fresh` pack) the shoe
        before it, unless the house has. A shuffle must be the one its seed and parts give
        (`ValueError`: a table's record that is not)."""
        if actor is not CHANCE:
            marked = decided and self.fairness > 2
            shoes = replace(self, chain=after_step(self.chain, actor, action, marked))
            if isinstance(action, EndShoe):
                return replace(shoes, set_aside=True), shoes.ended()
            return shoes, None
        if not isinstance(action, Shuffle):
            return self, None
        if not self.drawn:
            raise ValueError(f"table {self.table}: shuffle {self.coming} has no seed drawn")
        if action.order != self.order(fresh):
            raise ValueError(
                f"table {self.table}: shuffle {self.coming} is not the one its seed and parts give"
            )
        ended = None if self.set_aside else self.ended()
        seed, parts = self.seeds[self.made], self.parts[self.made]
        chain = after_shuffle(self.chain, commitment(seed), parts, self._sealed(self.made))
        return replace(self, made=self.made + 1, chain=chain, set_aside=False), ended

    def ended(self) -> Ending:
        """The shoe in play, ending now, to sign."""
        seed = self.seeds[self.made - 1] if self.made else None
        return Ending(self.table, self.made, self.chain, seed)

    def end_marker(self) -> Ending:
        """The table's end, once its last shoe has ended, to sign: kept under the number
        one past the last shoe's, so the number of shoes (`seal.closing`)."""
        return Ending(self.table, self.made + 1, self.chain, None, end=True)

    def proofs(self, count: int) -> tuple[Proof, ...]:
        """The first `count` shuffles' proofs, their seeds told (their shoes are over)."""
        return tuple(
            Proof(commitment(seed), seed.hex(), dict(parts), self._sealed(made))
            for made, (seed, parts) in enumerate(
                zip(self.seeds[:count], self.parts[:count], strict=True)
            )
        )

    def _sealed(self, made: int) -> Mapping[int, str] | None:
        """The seals of the shuffle after `made` made, as its proof holds them: none at a
        table of version 1, whose proofs held no seals."""
        return dict(self.seals[made]) if self.fairness > 1 else None
