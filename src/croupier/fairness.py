"""Provably fair shuffles: commit, contribute, reveal (docs/fairness.md; C-5, C-6).

For each shuffle the dealer draws a secret *seed* (32 bytes) and publishes its
*commitment*, the SHA-256 of the seed, before anyone contributes. The seats that may
shuffle add *contributions* (any text). When the shuffle is due the order is derived,
deterministically, from the seed, the commitment and the contributions in seat order:

- key = HMAC-SHA256(seed, `croupier-fair-2` ‖ the table (8 bytes, big-endian; 0 at the
  terminal) ‖ the shuffle's number (4 bytes, from 1) ‖ commitment ‖ each contribution as
  its seat, its length and its UTF-8 bytes), so that one seed never gives the same order at
  two places (`croupier-fair-1`, from before, had neither the table nor the number, and its
  histories still verify);
- a stream of bytes: HMAC-SHA256(key, 0), HMAC-SHA256(key, 1), ... (the counter as
  8 bytes, big-endian);
- a whole number below n: the stream's next 4 bytes, big-endian, taken only if below the
  largest multiple of n under 2^32 (rejection sampling, so no number is favoured), then
  modulo n; else the next 4 bytes;
- Fisher–Yates over the fresh pack (the game's own order): for i from its last place down
  to 1, the card at i is swapped with the one at a number below i + 1.

The cut (C-6) stays the seat's action, applied to the derived order by the rules. Where no
person decides it (a bot's cut at a server, a seat whose time ran out, the house's cut at
an empty table) it is the *house cut*, drawn from the shuffle's own key under a domain of
its own (`house_cut`): fixed once the seed and the parts are, so the dealer has no choice
left, and derived again by anyone. Once the shoe or pack is over the seed is revealed, and
anyone can derive the order, and each house cut, again.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from croupier.cards import Card
from croupier.errors import InvalidInput
from croupier.i18n import _, ngettext
from croupier.randomness import stream

__all__ = [
    "CALLS",
    "CONTRIBUTION",
    "DERIVATION",
    "DOMAIN",
    "FAIRNESS",
    "HOUSE_CALL",
    "HOUSE_CUT",
    "SEED",
    "FairShuffler",
    "Place",
    "Proof",
    "ProvenShuffler",
    "checked_part",
    "commitment",
    "derived_order",
    "fair_numbers",
    "fisher_yates",
    "fresh_part",
    "house_calls",
    "house_cut",
    "seal_of",
    "seeds_of",
]

T = TypeVar("T")

DOMAIN = b"croupier-fair-2"
"""What the derivation's key is made for: a derivation of another version never agrees."""

FAIRNESS = 3
"""A table's fairness, the version of what its proofs bind: 3, as 2, and a bot's call to
shuffle is the house's (`house_calls`); 2 binds each order to its table and shuffle number
(`DOMAIN`), and every cut no person decides is the house cut (`house_cut`); 1,
`croupier-fair-1`, from before, did neither. A history says which it was made with."""

_DOMAIN_1 = b"croupier-fair-1"

Place = tuple[int, int] | None
"""Where a shuffle is made, (table, shuffle number from 1), bound into its key; None for a
shuffle of version 1, which bound neither."""

DERIVATION = 2
"""The newest derivation of an order (`DOMAIN`): tables of fairness 2 and 3 derive alike. A
session at the terminal, which no server signs, is of this fairness."""

HOUSE_CUT = b"croupier-house-cut-1"
"""What the house cut's key is made for (`house_cut`): never the order's stream again."""

HOUSE_CALL = b"croupier-house-call-1"
"""What the key of a bot's call to shuffle is made for (`house_calls`)."""

CALLS = 20
"""A bot asks to shuffle the pack one time in `CALLS` (MB-5; `house_calls`)."""

CONTRIBUTION = 200
"""The longest contribution a seat may give, in characters."""

_SPAN = 1 << 32

SEED = 32
"""The bytes of a shuffle's secret seed."""


def seeds_of(seed: int) -> Iterator[bytes]:
    """The secret seeds a fair session seeded with `seed` draws, in turn."""
    draw = stream(seed, "fair").randbytes
    while True:
        yield draw(SEED)


def commitment(seed: bytes) -> str:
    """The commitment to `seed`: its SHA-256, in hex."""
    return hashlib.sha256(seed).hexdigest()


def _key(seed: bytes, contributions: Mapping[int, str], place: Place) -> bytes:
    if place is None:
        message = bytearray(_DOMAIN_1)
    else:
        table, number = place
        message = bytearray(DOMAIN) + table.to_bytes(8, "big") + number.to_bytes(4, "big")
    message += commitment(seed).encode()
    for seat, text in sorted(contributions.items()):
        data = text.encode("utf-8")
        message += seat.to_bytes(4, "big") + len(data).to_bytes(4, "big") + data
    return hmac.digest(seed, bytes(message), "sha256")


def _stream(key: bytes) -> Iterator[int]:
    """The derivation's 4-byte words, big-endian."""
    counter = 0
    while True:
        block = hmac.digest(key, counter.to_bytes(8, "big"), "sha256")
        for at in range(0, len(block), 4):
            yield int.from_bytes(block[at : at + 4], "big")
        counter += 1


def fair_numbers(key: bytes) -> Callable[[int], int]:
    """A draw of whole numbers below n, each equally likely, from the stream of `key`."""
    words = _stream(key)

    def below(n: int) -> int:
        limit = _SPAN - _SPAN % n
        while True:
            word = next(words)
            if word < limit:
                return word % n

    return below


def fisher_yates(items: Sequence[T], below: Callable[[int], int]) -> tuple[T, ...]:
    """`items` shuffled by Fisher–Yates, `below(n)` giving each swap's place."""
    order = list(items)
    for i in range(len(order) - 1, 0, -1):
        j = below(i + 1)
        order[i], order[j] = order[j], order[i]
    return tuple(order)


def derived_order(
    seed: bytes, contributions: Mapping[int, str], cards: Sequence[Card], place: Place
) -> tuple[Card, ...]:
    """The order the derivation gives the fresh pack `cards` at `place`, top first."""
    return fisher_yates(cards, fair_numbers(_key(seed, contributions, place)))


def house_cut(
    seed: bytes, contributions: Mapping[int, str], place: Place, low: int, high: int
) -> int:
    """Where the house cuts the pack this shuffle gives (`low` to `high` cards, each place
    equally likely): the first number of the stream of HMAC-SHA256(key, `HOUSE_CUT`), the key
    being the shuffle's own (`derived_order`'s)."""
    key = hmac.digest(_key(seed, contributions, place), HOUSE_CUT, "sha256")
    return low + fair_numbers(key)(high - low + 1)


def house_calls(seed: bytes, contributions: Mapping[int, str], place: Place, seat: int) -> bool:
    """Whether the bot at `seat`, asked whether it would have the pack this shuffle gives
    shuffled again before the cut (MB-5), asks to: when the first number below `CALLS` of
    the stream of HMAC-SHA256(key, `HOUSE_CALL` ‖ the seat, 4 bytes big-endian) is 0, the
    key being the shuffle's own. The dealer, which knows the pack, so cannot keep or refuse
    it by a bot of its own."""
    called = HOUSE_CALL + seat.to_bytes(4, "big")
    key = hmac.digest(_key(seed, contributions, place), called, "sha256")
    return fair_numbers(key)(CALLS) == 0


@dataclass(frozen=True, slots=True)
class Proof:
    """One shuffle's commitment, its seed once revealed (None before), the seats'
    contributions, and, where they were sealed first (at a server: `seal_of`), each seat's
    seal, a seat that sealed and did not reveal being left out (`withheld`)."""

    commitment: str
    seed: str | None
    contributions: Mapping[int, str]
    sealed: Mapping[int, str] | None = None

    def check(self, cards: Sequence[Card], place: Place) -> tuple[Card, ...]:
        """The order this proof gives `cards` at `place`; `InvalidInput` if its seed is not
        revealed or is not the one committed to, or a contribution is not the one sealed."""
        seed = self._seed()
        if self.sealed is not None:
            for seat, text in sorted(self.contributions.items()):
                if self.sealed.get(seat) != seal_of(text):
                    said = _("seat {seat}'s part is not the one it sealed before the seals closed")
                    raise InvalidInput(said.format(seat=seat))
        return derived_order(seed, self.contributions, cards, place)

    @property
    def withheld(self) -> list[int]:
        """The seats that sealed a part and did not reveal it: left out of the order."""
        return sorted(set(self.sealed or {}) - set(self.contributions))

    def house_cut(self, place: Place, low: int, high: int) -> int:
        """Where the house cuts this shuffle's pack (`house_cut`); `InvalidInput` as `check`."""
        return house_cut(self._seed(), self.contributions, place, low, high)

    def house_calls(self, place: Place, seat: int) -> bool:
        """Whether the bot at `seat` asks to shuffle this shuffle's pack (`house_calls`);
        `InvalidInput` as `check`."""
        return house_calls(self._seed(), self.contributions, place, seat)

    def _seed(self) -> bytes:
        if self.seed is None:
            raise InvalidInput(_("its seed is not revealed"))
        try:
            seed = bytes.fromhex(self.seed)
        except ValueError:
            raise InvalidInput(_("its seed is not hexadecimal")) from None
        if commitment(seed) != self.commitment:
            raise InvalidInput(_("its seed is not the one its commitment was made to"))
        return seed


def seal_of(text: str) -> str:
    """A part's seal: the SHA-256 of its UTF-8 bytes, in hex. A seat gives the seal first and
    the part once every seal is in, so that no one, the dealer with seats of its own
    included, chooses a part knowing another's (docs/fairness.md, "Sealed parts")."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def fresh_part() -> str:
    """A part made at random (16 bytes from the system's strong source, in hex): a part must
    be new for each shuffle, since one the dealer could guess before it commits would let it
    try seeds until the order suited it."""
    return secrets.token_hex(16)


def checked_part(text: str) -> str:
    """`text` as a contribution; `InvalidInput` if it cannot be one."""
    if not text.isprintable() or len(text) > CONTRIBUTION:
        said = ngettext(
            "a part of the shuffle is up to {n} printable character",
            "a part of the shuffle is up to {n} printable characters",
            CONTRIBUTION,
        )
        raise InvalidInput(said.format(n=CONTRIBUTION))
    return text


class FairShuffler:
    """Shuffles by the derivation (a `Shuffler`). The coming shuffle's commitment is
    published (`commitment`) before contributions are taken (`contribute`, or `gather`,
    called with the commitment when the shuffle is due); each shuffle draws the next seed;
    `proofs` are the shuffles so far, the seed of the last one hidden until `reveal`. `draw`
    gives each seed (a strong source by default)."""

    @classmethod
    def seeded(
        cls, seed: int | None, gather: Callable[[str], Mapping[int, str]] | None = None
    ) -> FairShuffler:
        """Its secret seeds strong, or drawn from `seed` to replay a session exactly
        (`seeds_of`)."""
        return cls(stream(seed, "fair").randbytes, gather)

    def __init__(
        self,
        draw: Callable[[int], bytes] = secrets.token_bytes,
        gather: Callable[[str], Mapping[int, str]] | None = None,
    ) -> None:
        self._draw = draw
        self._gather = gather
        self._seed = draw(SEED)
        self._contributions: dict[int, str] = {}
        self._done: list[tuple[bytes, Mapping[int, str]]] = []
        self._revealed = 0

    @property
    def commitment(self) -> str:
        """The coming shuffle's commitment."""
        return commitment(self._seed)

    def contribute(self, seat: int, text: str) -> None:
        """`seat`'s contribution to the coming shuffle (a second one replaces the first)."""
        self._contributions[seat] = checked_part(text)

    def shuffle(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        if self._gather is not None:
            for seat, text in self._gather(self.commitment).items():
                self.contribute(seat, text)
        place = (0, len(self._done) + 1)  # no table at the terminal
        order = derived_order(self._seed, self._contributions, cards, place)
        self._done.append((self._seed, dict(self._contributions)))
        self._revealed = len(self._done) - 1  # the shoe before this one is over
        self._seed, self._contributions = self._draw(SEED), {}
        return order

    def reveal(self) -> None:
        """The session is over: every shuffle's seed may be told."""
        self._revealed = len(self._done)

    @property
    def proofs(self) -> tuple[Proof, ...]:
        """Every shuffle so far, the seeds told up to the last one revealed."""
        return tuple(
            Proof(commitment(seed), seed.hex() if n < self._revealed else None, given)
            for n, (seed, given) in enumerate(self._done)
        )


class ProvenShuffler:
    """Gives the orders that `proofs` derive, in turn, each checked against its commitment:
    a replay of a fair session from its proofs (`ValueError` names the first that fails).
    `table` is the table they were made at (0 at the terminal), or None for proofs of
    version 1 (`FAIRNESS`)."""

    def __init__(self, proofs: Sequence[Proof], table: int | None) -> None:
        self._proofs = list(proofs)
        self._table = table
        self.used = 0

    def shuffle(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        if self.used >= len(self._proofs):
            raise ValueError(_("the history has no more proofs of its shuffles"))
        proof = self._proofs[self.used]
        self.used += 1
        try:
            return proof.check(cards, None if self._table is None else (self._table, self.used))
        except InvalidInput as error:
            said = _("shuffle {number}: {error}").format(number=self.used, error=error)
            raise ValueError(said) from None
