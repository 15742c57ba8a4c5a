"""An independent verifier of a table server's signed histories (format 5, fairness 3 or 2).

Written from "The verifier's contract" (docs/fairness.md) alone, by a session that read no
other file of croupier, and kept here as written (but for four edits ruff asked for); every
§ below is a section of it.
It checks what a history proves without the games' rules: the shuffles' seeds and parts (§ 2),
the house's cuts (a bot's, the house's own and, at fairness 3, those the house made for a
person's seat, marked so, § 1) and, at fairness 3, the bots' calls to shuffle (§ 3), the record's
stretches (§ 4, which take the steps without their marks), the signatures that place every
shuffle (§ 5, whose chain takes them with their marks), the table's end (§ 6) and, at Punto Banco
and Chemin de Fer, the cards dealt (§ 7); and, given the server's published key or its
fingerprint, that the seal is by it or its successors (the contract's last paragraph). Which
failure it names first, when there are several, is its own (§ 1): § 1 and § 2 first, then § 5,
§ 3, § 4, § 6 and § 7.

    python verifier.py FILE [--key HEX]

prints "verified: ..." and exits 0, or prints "refused: REASON" and exits 1.
"""

from __future__ import annotations

import argparse
import bisect
import functools
import hashlib
import hmac
import json
import re
import struct
import sys

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

GAMES = ("punto-banco", "chemin-de-fer", "monte-bank", "private-monte", "banchek")
CARD_GAMES = ("punto-banco", "chemin-de-fer")
FILE_KEYS = {
    "format", "game", "fairness", "config", "buy_ins", "seed",
    "actions", "shuffles", "record", "proofs", "seal",
}  # fmt: skip
SEAL_KEYS = {
    "table", "key", "shoes", "signatures", "key_ids",
    "end", "end_key_id", "succession", "seeded",
}  # fmt: skip
PROOF_KEYS = {"commitment", "seed", "contributions", "sealed"}
SUCCESSION_KEYS = {"key", "since", "signature"}
CHECKPOINT_KEYS = {"type", "rounds", "steps", "holdings", "cards", "actions", "events"}
DECK = [rank + suit for rank in "23456789TJQKA" for suit in "SHDC"]
MONTE_PACK = [card for card in DECK if card[0] not in "89T"]
DECIMAL = re.compile(r"0|[1-9][0-9]*")
HEX = re.compile(r"(?:[0-9a-f]{2})*")
SURROGATE = re.compile("[\ud800-\udfff]")
U32 = 2**32
U64 = 2**64
FAIRNESS = (3, 2)  # today's, and that of a table opened before bots' calls were the house's (§ 1)
MOST_DECKS = 1000  # more Chemin de Fer decks may be refused (§ 2.5); this verifier refuses them
LARGEST = 2**53  # a number beyond it may be refused (Canonical JSON); this verifier refuses it
MOST_SHUFFLES = 8  # a stretch making more may be refused (§ 7.2); this verifier refuses it
MOST_CHANCE_STEPS = 1000  # and one of more chance steps (§ 7.2); this verifier refuses it
CALLS = 20  # a bot's house call is to shuffle one time in CALLS (§ 3)
NOTHING = hashlib.sha256(b"").hexdigest()  # the digest of nothing (§ 4)
END_SHOE = ["house", {"type": "EndShoe"}]  # exactly this step sets a shoe aside (§ 5.4)
END_SESSION = ["house", {"type": "EndSession"}]  # the last action, when there is one (§ 6.3)
MARK = "house"  # at fairness 3, `[seat, action, MARK]` is a step the house took for a person (§ 1)


class Refusal(Exception):
    """A check of the contract failed; the message names it in one line."""


def require(condition: bool, message: str) -> None:
    """Refuse the history with `message` unless `condition` holds."""
    if not condition:
        raise Refusal(message)


# --- Notation and canonical JSON --------------------------------------------------------------


def sha256(data: bytes) -> bytes:
    """H(b): SHA-256 (Notation)."""
    return hashlib.sha256(data).digest()


def u32(n: int) -> bytes:
    """u32(n): n as 4 bytes, big-endian (Notation)."""
    return n.to_bytes(4, "big")


def u64(n: int) -> bytes:
    """u64(n): n as 8 bytes, big-endian (Notation)."""
    return n.to_bytes(8, "big")


def utf8(text: str) -> bytes:
    """utf8(s) (Notation); a history's text has a UTF-8 form (`check_json_values`)."""
    return text.encode("utf-8")


def canonical(value: object) -> bytes:
    """C(v), the canonical JSON (Notation): sorted keys, no spaces, ASCII, then a newline."""
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return text.encode("ascii") + b"\n"


def is_hex(value: object, digits: int | None = None) -> bool:
    """Whether `value` is hex as the Notation has it: lowercase, two digits a byte."""
    return (
        isinstance(value, str)
        and HEX.fullmatch(value) is not None
        and (digits is None or len(value) == digits)
    )


def is_whole(value: object, low: int | None = None, high: int | None = None) -> bool:
    """Whether `value` is a whole number (not true/false), of either sign (Canonical JSON), from
    `low` and below `high` when they are given."""
    return type(value) is int and (low is None or value >= low) and (high is None or value < high)


def has_keys(value: object, names: set[str]) -> bool:
    """Whether `value` is an object with exactly the keys `names` (§ 1: every object the contract
    describes has its keys and no other)."""
    return isinstance(value, dict) and set(value) == names


def seat_of(text: object, where: str) -> int:
    """A seat as an object's key: decimal text below 2^32, no sign or leading zero (§ 1)."""
    require(
        isinstance(text, str) and DECIMAL.fullmatch(text) is not None and int(text) < U32,
        f"{where}: {text!r} is not a seat written in decimal",
    )
    return int(text)


def check_json_values(history: object) -> None:
    """Canonical JSON: only JSON's values; every number whole (no fraction, exponent or NaN)
    and, in this verifier, at most 2^53 either side of 0; no text with a lone surrogate."""
    pending = [history]
    while pending:
        value = pending.pop()
        if isinstance(value, dict):
            require(all(isinstance(key, str) for key in value), "an object has a key not text")
            pending.extend(value)
            pending.extend(value.values())
        elif isinstance(value, list):
            pending.extend(value)
        elif isinstance(value, str):
            require(not SURROGATE.search(value), "the history holds text with a lone surrogate")
        elif isinstance(value, int) and not isinstance(value, bool):
            require(abs(value) <= LARGEST, f"the history holds {value}, a number beyond 2^53")
        else:
            require(
                not isinstance(value, float),
                "the history holds a number with a fraction or an exponent, or NaN",
            )
            require(
                value is None or isinstance(value, bool),
                f"the history holds {type(value).__name__}, not a JSON value",
            )


# --- Fair numbers, packs, orders and house cuts (§ 2.4 to § 2.6, § 3) -----------------------


class FairNumbers:
    """§ 2.4: the fair numbers of key K, read from HMAC(K, u64(0)) ‖ HMAC(K, u64(1)) ‖ ..."""

    def __init__(self, key: bytes) -> None:
        self.key = key
        self.block = 0
        self.words: list[int] = []

    def word(self) -> int:
        """The stream's next 4 bytes as a big-endian word."""
        if not self.words:
            block = hmac.new(self.key, u64(self.block), hashlib.sha256).digest()
            self.words = list(reversed(struct.unpack(">8I", block)))
            self.block += 1
        return self.words.pop()

    def below(self, n: int) -> int:
        """The next number below n, words at or over 2^32 − (2^32 mod n) passed over."""
        limit = U32 - U32 % n
        while True:
            word = self.word()
            if word < limit:
                return word % n


def pack_of(game: str, config: dict) -> list[str]:
    """§ 2.5: the game's fresh pack, place 0 first."""
    if game == "punto-banco":
        decks = {"large": 8, "small": 6}.get(config.get("table"))
        require(decks is not None, 'config.table is neither "large" nor "small"')
        return DECK * decks
    if game == "chemin-de-fer":
        decks = config.get("decks")
        require(
            is_whole(decks, 3, MOST_DECKS + 1),
            f"config.decks is not a whole number from 3 to {MOST_DECKS} (more are not dealt here)",
        )
        return DECK * decks
    if game == "banchek":
        return DECK * 2
    return list(MONTE_PACK)


def shuffled(key: bytes, pack: list[str]) -> list[str]:
    """§ 2.6: the order of shuffle key K_k: from the last place down to 1, swap with below(i+1)."""
    cards = list(pack)
    below = FairNumbers(key).below
    for i in range(len(cards) - 1, 0, -1):
        j = below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def house_cut(key: bytes, pack_length: int) -> int:
    """§ 3: 1 + below(M − 1), from the stream of HMAC(K_k, utf8("croupier-house-cut-1"))."""
    cut_key = hmac.new(key, b"croupier-house-cut-1", hashlib.sha256).digest()
    return 1 + FairNumbers(cut_key).below(pack_length - 1)


def house_calls_shuffle(key: bytes, seat: int) -> bool:
    """§ 3: whether `seat`'s house call of shuffle key K_k is to shuffle: the first number below
    20 of the stream of HMAC(K_k, utf8("croupier-house-call-1") ‖ u32(seat)) is 0."""
    call_key = hmac.new(key, b"croupier-house-call-1" + u32(seat), hashlib.sha256).digest()
    return FairNumbers(call_key).below(CALLS) == 0


# --- Ed25519 ---------------------------------------------------------------------------------


@functools.lru_cache(maxsize=64)
def public_key(raw: bytes) -> Ed25519PublicKey | None:
    """The Ed25519 public key of 32 bytes, or None when they are not one."""
    try:
        return Ed25519PublicKey.from_public_bytes(raw)
    except ValueError:
        return None


def signed(raw_key: bytes, signature: bytes, message: bytes) -> bool:
    """Whether `signature` is a valid Ed25519 signature by `raw_key` of `message` (Notation)."""
    key = public_key(raw_key)
    if key is None:
        return False
    try:
        key.verify(signature, message)
    except (InvalidSignature, ValueError):
        return False
    return True


def fingerprint(raw_key: bytes) -> str:
    """A key's fingerprint, H(its 32 bytes) in hex (Notation)."""
    return sha256(raw_key).hex()


def key_id(raw_key: bytes) -> str:
    """A key's id, the first 16 digits of its fingerprint (Notation)."""
    return fingerprint(raw_key)[:16]


# --- Steps of the history -------------------------------------------------------------------


def is_type(step: list, kind: str) -> bool:
    """Whether the step `[actor, action]` (or `[seat, action, "house"]`, marked), by anyone, is of
    type `kind` (§ 1)."""
    return step[1]["type"] == kind


def is_end_shoe(step: list) -> bool:
    """Exactly `["house", {"type": "EndShoe"}]`, nothing else in it, no mark (§ 5.4)."""
    return step == END_SHOE


def is_cut(step: list) -> bool:
    """A `Cut` by anyone, marked or not (§ 3, § 5.4, § 7.1)."""
    return is_type(step, "Cut")


def is_marked(step: list) -> bool:
    """Whether the step is `[seat, action, "house"]`, one the house took for a person (§ 1)."""
    return len(step) == 3


@functools.lru_cache(maxsize=64)
def draw_line(card: str) -> bytes:
    """C of chance's step drawing `card` (§ 4, § 7.2)."""
    return canonical(["chance", {"type": "Draw", "card": card}])


class Shoe:
    """The cards of a shoe in play and how many were drawn from its top (§ 7)."""

    def __init__(self, cards: list[str]) -> None:
        self.cards = cards
        self.drawn = 0

    def left(self) -> list[str]:
        """The cards not yet drawn, top first."""
        return self.cards[self.drawn :]


class Verifier:
    """The contract's checks of one history, run in the order `run` gives."""

    def __init__(self, history: object, published: str | None) -> None:
        self.history = history
        self.published = published
        self.withheld: list[tuple[int, int]] = []
        self.places: list[int] = []
        self.cuts_checked = 0
        self.calls_checked = 0
        self.marked = 0
        self.cards_checked = False
        self.ended = False

    def run(self) -> None:
        """All checks: § 1, § 2, § 5 (it places the shuffles § 3 needs), § 3, § 4, § 6, § 7.
        The pack (§ 2.5) is made after § 5: a config the seal does not sign costs no cards."""
        self.check_file()
        self.check_proofs()
        self.check_keys()
        self.walk()
        self.pack = pack_of(self.game, self.config)
        self.check_house()
        stretches = self.check_record()
        self.check_end()
        if self.game in CARD_GAMES:
            self.check_cards(stretches)

    # § 1 -------------------------------------------------------------------------------------

    def check_file(self) -> None:
        """§ 1: one JSON object with the table's keys, values of the kinds it gives."""
        history = self.history
        require(isinstance(history, dict), "the history is not a JSON object")
        check_json_values(history)
        missing, other = sorted(FILE_KEYS - set(history)), sorted(set(history) - FILE_KEYS)
        require(not missing, f"the history has no {', '.join(missing)}")
        require(not other, f"the history has keys the contract does not give: {', '.join(other)}")
        require(history["format"] == 5, "the history's format is not 5")
        require(history["game"] in GAMES, f"the game {history['game']!r} is not one of the five")
        require(history["fairness"] in FAIRNESS, "the history's fairness is neither 3 nor 2")
        rules = "PrivateRules" if history["game"] == "private-monte" else "Rules"
        require(
            isinstance(history["config"], dict) and history["config"].get("type") == rules,
            f'config is not an object of type "{rules}"',
        )
        require(history["seed"] is None, "the history has a session seed")
        require(history["shuffles"] == [], "the history lists shuffles that are not proved")
        self.check_buy_ins(history["buy_ins"])
        self.check_actions(history["actions"], history["fairness"])
        require(isinstance(history["record"], list), "record is not a list")
        require(isinstance(history["proofs"], list), "proofs is not a list")
        self.check_seal_shape(history["seal"])
        self.game = history["game"]
        self.fairness = history["fairness"]
        self.config = history["config"]
        self.actions = history["actions"]
        self.lines = [canonical(step) for step in self.actions]  # L[i], the chain's (§ 5)
        self.record_lines = [  # R[i], the record's (§ 4): the step without its mark
            canonical(step[:2]) if is_marked(step) else line
            for step, line in zip(self.actions, self.lines, strict=True)
        ]
        self.marked = sum(1 for step in self.actions if is_marked(step))
        self.proofs = history["proofs"]

    def check_buy_ins(self, buy_ins: object) -> None:
        """§ 1: `{seat: chips}`, seats as decimal text, chips a whole number."""
        require(isinstance(buy_ins, dict), "buy_ins is not an object")
        for seat, chips in buy_ins.items():
            seat_of(seat, "buy_ins")
            require(is_whole(chips), f"buy_ins: seat {seat}'s chips are not a whole number")
        self.bots = {int(seat) for seat in buy_ins}

    @staticmethod
    def check_actions(actions: object, fairness: int) -> None:
        """§ 1: every step is `[actor, action]`, the actor a seat or "house", the action typed; or,
        at fairness 3 only, `[seat, action, "house"]`, marked the house's (the actor a seat)."""
        require(isinstance(actions, list), "actions is not a list")
        for i, step in enumerate(actions):
            require(
                isinstance(step, list) and len(step) in (2, 3),
                f'action {i} is neither [actor, action] nor [seat, action, "house"]',
            )
            actor, action = step[0], step[1]
            require(
                is_whole(actor, 0, U32) or actor == "house",
                f"action {i}: its actor is neither a seat below 2^32 nor the house",
            )
            require(
                isinstance(action, dict) and isinstance(action.get("type"), str),
                f"action {i}: it is not an object with a type",
            )
            if is_marked(step):
                require(fairness == 3, f"action {i} is marked, which only fairness 3 has")
                require(step[2] == MARK, f'action {i}: its mark {step[2]!r} is not "house"')
                require(actor != "house", f"action {i}: a step of the house is marked the house's")

    @staticmethod
    def check_seal_shape(seal: object) -> None:
        """§ 5: the seal has every one of its keys and no other, of the kinds it gives."""
        require(isinstance(seal, dict), "seal is not an object")
        require(has_keys(seal, SEAL_KEYS), "the seal's keys are not the contract's")
        require(is_whole(seal["table"], 0, U64), "seal.table is not a table number (a u64)")
        require(is_hex(seal["key"], 64), "seal.key is not 64 hex digits")
        require(is_whole(seal["shoes"]), "seal.shoes is not a whole number")
        require(isinstance(seal["signatures"], list), "seal.signatures is not a list")
        for k, signature in enumerate(seal["signatures"]):
            require(is_hex(signature, 128), f"shoe {k}: its signature is not 128 hex digits")
        require(isinstance(seal["key_ids"], list), "seal.key_ids is not a list")
        for k, shoe_key_id in enumerate(seal["key_ids"]):
            require(
                shoe_key_id is None or is_hex(shoe_key_id, 16),
                f"shoe {k}: its key id is neither null nor 16 hex digits",
            )
        require(seal["end"] is None or is_hex(seal["end"], 128), "seal.end is not a signature")
        require(
            seal["end_key_id"] is None or is_hex(seal["end_key_id"], 16),
            "seal.end_key_id is neither null nor 16 hex digits",
        )
        require(isinstance(seal["succession"], list), "seal.succession is not a list")
        require(isinstance(seal["seeded"], bool), "seal.seeded is not true or false")

    # § 2 -------------------------------------------------------------------------------------

    def check_proofs(self) -> None:
        """§ 2: each shuffle's seed, its sealed parts and its key K_k."""
        self.table = self.history["seal"]["table"]
        self.seeds: list[bytes] = []
        self.shuffle_keys: list[bytes] = []
        for k, proof in enumerate(self.proofs, 1):
            require(
                has_keys(proof, PROOF_KEYS),
                f"shuffle {k}: its proof's keys are not {', '.join(sorted(PROOF_KEYS))}",
            )
            seed = self.check_seed(k, proof)
            parts = self.check_parts(k, proof)
            self.seeds.append(seed)
            self.shuffle_keys.append(self.shuffle_key(k, seed, proof["commitment"], parts))

    @staticmethod
    def check_seed(k: int, proof: dict) -> bytes:
        """§ 2.1: the seed is 32 bytes, and H of them is the commitment."""
        require(is_hex(proof["seed"], 64), f"shuffle {k}: its seed is not 64 hex digits")
        seed = bytes.fromhex(proof["seed"])
        require(
            sha256(seed).hex() == proof["commitment"],
            f"shuffle {k}: its seed is not the one its commitment was made to",
        )
        return seed

    def check_parts(self, k: int, proof: dict) -> list[tuple[int, bytes]]:
        """§ 2.2: each part given is the one sealed; a sealed part not given is withheld, and in
        nothing after (not in K_k)."""
        contributions, sealed = proof["contributions"], proof["sealed"]
        require(isinstance(contributions, dict), f"shuffle {k}: its contributions are no object")
        require(isinstance(sealed, dict), f"shuffle {k}: its sealed parts are no object")
        for seat, seal in sealed.items():
            seat_of(seat, f"shuffle {k}'s sealed parts")
            require(is_hex(seal, 64), f"shuffle {k}: seat {seat}'s seal is not 64 hex digits")
        parts = []
        for seat, text in contributions.items():
            number = seat_of(seat, f"shuffle {k}'s contributions")
            require(isinstance(text, str), f"shuffle {k}: seat {seat}'s part is not text")
            require(seat in sealed, f"shuffle {k}: seat {seat}'s part was never sealed")
            part = utf8(text)
            require(
                sha256(part).hex() == sealed[seat],
                f"shuffle {k}: seat {seat}'s part is not the one it sealed",
            )
            parts.append((number, part))
        for seat in sorted(set(sealed) - set(contributions), key=int):
            self.withheld.append((k, int(seat)))
        return sorted(parts)

    def shuffle_key(self, k: int, seed: bytes, commitment: str, parts: list) -> bytes:
        """§ 2.3: K_k, from the seed, the table, k, the commitment and the parts in seat order."""
        message = b"croupier-fair-2" + u64(self.table) + u32(k) + commitment.encode("ascii")
        for seat, part in parts:
            message += u32(seat) + u32(len(part)) + part
        return hmac.new(seed, message, hashlib.sha256).digest()

    # § 5 -------------------------------------------------------------------------------------

    def check_keys(self) -> None:
        """§ 5.1: the succession of keys, no two with one id; given the published key, that it is
        one of them."""
        seal = self.history["seal"]
        self.chain_keys = [bytes.fromhex(seal["key"])]
        for j, entry in enumerate(seal["succession"], 1):
            self.chain_keys.append(self.check_successor(j, entry, self.chain_keys[-1]))
        self.keys_by_id: dict[str, bytes] = {}
        for raw in self.chain_keys:
            require(key_id(raw) not in self.keys_by_id, "two keys of the seal have one id")
            self.keys_by_id[key_id(raw)] = raw
        self.trusted = self.trusted_keys()
        self.check_shoe_signers()

    @staticmethod
    def check_successor(j: int, entry: object, before: bytes) -> bytes:
        """§ 5.1: succession entry j is signed by the key before it (its `since` unchecked)."""
        require(
            has_keys(entry, SUCCESSION_KEYS)
            and is_hex(entry["key"], 64)
            and is_whole(entry["since"], 0, U64)
            and is_hex(entry["signature"], 128),
            f"succession {j} is not {{key, since, signature}}",
        )
        key = bytes.fromhex(entry["key"])
        message = b"croupier-key-1" + before + key + u64(entry["since"])
        require(
            signed(before, bytes.fromhex(entry["signature"]), message),
            f"succession {j}: its signature by the key before it does not hold",
        )
        return key

    def trusted_keys(self) -> set[bytes]:
        """The keys that may sign shoes and the end (the contract's last paragraph): the given
        key, one of the seal's (§ 5.1) named by its 64 hex digits or its fingerprint, and the keys
        after it in the succession; every key of the seal when no key is given."""
        if self.published is None:
            return set(self.chain_keys)
        given = self.published.lower() if isinstance(self.published, str) else None
        require(is_hex(given, 64), "the given key is not 64 hex digits")
        for place, raw in enumerate(self.chain_keys):
            if given in (raw.hex(), fingerprint(raw)):
                return set(self.chain_keys[place:])
        raise Refusal("the given key is not one of the seal's keys")

    def check_shoe_signers(self) -> None:
        """§ 5.3: S signatures and key ids, each id a key of the seal (a trusted one)."""
        seal = self.history["seal"]
        self.shoe_count = len(self.proofs) + 1
        require(
            len(seal["signatures"]) == self.shoe_count and len(seal["key_ids"]) == self.shoe_count,
            f"the seal has not {self.shoe_count} signatures and key ids, one for each shoe",
        )
        self.shoe_messages = []
        for k, shoe_key_id in enumerate(seal["key_ids"]):
            signer = self.shoe_signer(k, shoe_key_id)
            require(signer in self.trusted, f"shoe {k} is signed by a key before the given one")
            self.shoe_messages.append(self.shoe_message_head(k, shoe_key_id))

    def shoe_signer(self, k: int, shoe_key_id: str | None) -> bytes:
        """§ 5.3: the key of shoe k's signature: `key` for a null id, else the id's."""
        if shoe_key_id is None:
            return self.chain_keys[0]
        require(
            shoe_key_id in self.keys_by_id,
            f"shoe {k}: its key id {shoe_key_id} is not the id of `key` or a successor",
        )
        return self.keys_by_id[shoe_key_id]

    def shoe_message_head(self, k: int, shoe_key_id: str | None) -> tuple[bytes, bytes, bytes]:
        """§ 5.3: shoe k's signer, the signed bytes before the chain c, and those after it."""
        after = self.seeds[k - 1] if k else b""
        if shoe_key_id is None:
            head = b"croupier-seal-1" + u64(self.table) + u32(k)
        else:
            head = b"croupier-seal-2" + bytes.fromhex(shoe_key_id) + u64(self.table) + u32(k)
        return self.shoe_signer(k, shoe_key_id), head, after

    def holds(self, k: int, chain: bytes) -> bool:
        """§ 5.3: whether shoe k's signature holds at chain c."""
        signer, head, after = self.shoe_messages[k]
        signature = bytes.fromhex(self.history["seal"]["signatures"][k])
        return signed(signer, signature, head + chain + after)

    def opening_chain(self) -> bytes:
        """§ 5.2: c = H(utf8("croupier-seal-1") ‖ C([T, game, config, buy_ins, opened]))."""
        seal = self.history["seal"]
        opened = {"fairness": self.fairness}
        if seal["seeded"]:
            opened["seeded"] = True
        head = [self.table, self.game, self.config, self.history["buy_ins"], opened]
        return sha256(b"croupier-seal-1" + canonical(head))

    def take_actions(self, chain: bytes, start: int, stop: int) -> bytes:
        """§ 5.2: the chain taken on by actions `start` to `stop` − 1: c = H(c ‖ L[i])."""
        for i in range(start, stop):
            chain = sha256(chain + self.lines[i])
        return chain

    def take_shuffle(self, chain: bytes, k: int) -> bytes:
        """§ 5.2: c = H(c ‖ C([commitment, contributions, sealed])) of shuffle k's proof."""
        proof = self.proofs[k - 1]
        return sha256(
            chain + canonical([proof["commitment"], proof["contributions"], proof["sealed"]])
        )

    def walk_shoe(self, k: int, at: int, chain: bytes) -> tuple[int, bytes, bool]:
        """§ 5.4: where shoe k, from action `at` with chain c, ends: (at, c, set aside)."""
        last = k == self.shoe_count - 1
        n = len(self.actions)
        while True:
            if (not last or at == n) and self.holds(k, chain):
                return at, chain, False
            require(at < n, f"shoe {k}: its signature holds nowhere")
            chain = sha256(chain + self.lines[at])
            at += 1
            if is_end_shoe(self.actions[at - 1]):
                require(
                    self.holds(k, chain),
                    f"shoe {k}: its signature does not hold at the EndShoe of action {at - 1}",
                )
                return at, chain, True

    def walk(self) -> None:
        """§ 5.4 and § 5.5: place every shuffle by where the signatures hold; the final chain."""
        at, chain, aside = self.walk_shoe(0, 0, self.opening_chain())
        for k in range(1, self.shoe_count):
            if aside:
                place, (at, chain, aside) = self.place_set_aside(k, at, chain)
            else:
                place = at
                at, chain, aside = self.walk_shoe(k, at, self.take_shuffle(chain, k))
            self.places.append(place)
        for i in range(at, len(self.actions)):
            require(
                not is_end_shoe(self.actions[i]),
                f"action {i}: the house's EndShoe ends a shoe with no signature",
            )
        self.chain_end = self.take_actions(chain, at, len(self.actions))

    def place_set_aside(self, k: int, at: int, chain: bytes) -> tuple[int, tuple]:
        """§ 5.4: shuffle k after a shoe set aside at `at`: its place p = g, g − 1, ..., at."""
        n = len(self.actions)
        g = next(
            (i for i in range(at, n) if is_cut(self.actions[i]) or is_end_shoe(self.actions[i])),
            n,
        )
        for place in range(g, at - 1, -1):
            start = self.take_shuffle(self.take_actions(chain, at, place), k)
            try:
                return place, self.walk_shoe(k, place, start)
            except Refusal:
                continue
        raise Refusal(
            f"shuffle {k}: no place from action {at} to {g} lets shoe {k}'s signature hold"
        )

    # § 3 -------------------------------------------------------------------------------------

    def check_house(self) -> None:
        """§ 3: every Cut's amount is from 1 to M − 1; one by the house or a bot (at that action),
        or marked the house's (§ 1), is the house cut of the shuffle it follows; at fairness 3,
        every action of a bot whose type is ShufflePack is its house call of that shuffle.
        And (§ 1) a marked step is one the house took for a person's seat: this verifier refuses
        one marked on a seat that is a bot at that action (a Join, marked or not, ends a bot)."""
        bots = set(self.bots)
        for i, step in enumerate(self.actions):
            actor, action = step[0], step[1]
            if is_type(step, "Join") and actor != "house":
                bots.discard(actor)
            require(
                not (is_marked(step) and actor in bots),
                f"action {i} is marked the house's, but seat {actor} is a bot's, not a person's",
            )
            if is_cut(step):
                amount = action.get("amount")
                require(
                    is_whole(amount, 1, len(self.pack)),
                    f"action {i}: the cut {amount!r} is not a whole number from 1 to "
                    f"{len(self.pack) - 1}",
                )
                if actor == "house" or actor in bots or is_marked(step):
                    k = self.shuffle_followed(i, "a house cut")
                    expected = house_cut(self.shuffle_keys[k - 1], len(self.pack))
                    require(
                        amount == expected,
                        f"action {i}: the cut {amount} is not shuffle {k}'s house cut ({expected})",
                    )
                    self.cuts_checked += 1
            elif is_type(step, "ShufflePack") and actor in bots and self.fairness == 3:
                k = self.shuffle_followed(i, "a bot's call to shuffle")
                require(
                    house_calls_shuffle(self.shuffle_keys[k - 1], actor),
                    f"action {i}: seat {actor}'s ShufflePack is not its house call of shuffle {k}",
                )
                self.calls_checked += 1

    def shuffle_followed(self, i: int, what: str) -> int:
        """§ 3: the k of the last shuffle made whose place is at most `i`; none is a failure."""
        k = bisect.bisect_right(self.places, i)
        require(k > 0, f"action {i}: {what} before any shuffle")
        return k

    # § 4 -------------------------------------------------------------------------------------

    def check_record(self) -> list[tuple[int, int, int, str]]:
        """§ 4: at least the seating, then each checkpoint's stretch of actions, returned as
        (from, to, m, cards); no action after the last."""
        record = self.history["record"]
        require(len(record) > 0, "the record has no seating checkpoint")
        for j, checkpoint in enumerate(record):
            self.check_checkpoint_shape(j, checkpoint)
        seating = record[0]
        require(
            seating["rounds"] == 0 and seating["steps"] == 0,
            "record[0], the seating, does not have 0 rounds and 0 steps",
        )
        require(
            seating["actions"] == NOTHING and seating["cards"] == NOTHING,
            "record[0], the seating: its actions and cards are not the digest of nothing",
        )
        require(
            seating["events"] == sha256(canonical(self.config)).hex(),
            "record[0], the seating: its events are not H(C(config))",
        )
        stretches, at = [], 0
        for j, checkpoint in enumerate(record[1:], 1):
            count = self.stretch_length(at, checkpoint)
            require(count is not None, f"record[{j}]: no count of the next actions is its actions")
            stretches.append((at, at + count, checkpoint["steps"] - count, checkpoint["cards"]))
            at += count
        require(at == len(self.actions), f"actions from {at} on come after the record")
        return stretches

    @staticmethod
    def check_checkpoint_shape(j: int, checkpoint: object) -> None:
        """§ 4: a checkpoint's keys and kinds; its holdings `{seat: chips}`, seats as in § 1."""
        require(
            has_keys(checkpoint, CHECKPOINT_KEYS) and checkpoint["type"] == "Checkpoint",
            f"record[{j}] is not a checkpoint with exactly a checkpoint's keys",
        )
        require(is_whole(checkpoint["rounds"]), f"record[{j}]: its rounds are not a number")
        require(is_whole(checkpoint["steps"]), f"record[{j}]: its steps are not a number")
        holdings = checkpoint["holdings"]
        require(isinstance(holdings, dict), f"record[{j}]: its holdings are not an object")
        for seat, chips in holdings.items():
            seat_of(seat, f"record[{j}]'s holdings")
            require(is_whole(chips), f"record[{j}]: seat {seat}'s chips are not a whole number")
        for name in ("cards", "actions", "events"):
            require(is_hex(checkpoint[name], 64), f"record[{j}]: its {name} is not a digest")

    def stretch_length(self, at: int, checkpoint: dict) -> int | None:
        """§ 4.2: the count a ≤ steps (and ≤ N − at) whose H(R[at] ‖ ...) is `actions`: the
        steps without their marks (§ 1)."""
        digest = hashlib.sha256()
        most = min(checkpoint["steps"], len(self.actions) - at)
        for count in range(most + 1):
            if digest.hexdigest() == checkpoint["actions"]:
                return count
            if count < most:
                digest.update(self.record_lines[at + count])
        return None

    # § 6 -------------------------------------------------------------------------------------

    def check_end(self) -> None:
        """§ 6: the number of shoes, EndSession only last, and the end marker against whether
        the session ended."""
        seal = self.history["seal"]
        require(
            seal["shoes"] <= self.shoe_count,
            f"seal.shoes is {seal['shoes']}: the history's last shoes are left out",
        )
        require(seal["shoes"] == self.shoe_count, f"seal.shoes is not {self.shoe_count}")
        end, end_id = seal["end"], seal["end_key_id"]
        require((end is None) == (end_id is None), "only one of end and end_key_id is null")
        marker_holds = end is not None and self.end_holds(end, end_id)
        for i, step in enumerate(self.actions[:-1]):
            require(step != END_SESSION, f"action {i}: the house's EndSession is not the last")
        closed = bool(self.actions) and self.actions[-1] == END_SESSION
        self.ended = closed or (self.game != "punto-banco" and marker_holds)
        require(not (self.ended and end is None), "the session ended but its end is not signed")
        require(
            not (end is not None and not self.ended), "an end is signed but the session is open"
        )
        if self.ended:
            require(marker_holds, "the session ended but its end marker does not hold")

    def end_holds(self, end: str, end_id: str) -> bool:
        """§ 6.2: the end marker's signature, by end_key_id's key (a trusted one)."""
        signer = self.keys_by_id.get(end_id)
        if signer is None:
            return False
        require(signer in self.trusted, "the end is signed by a key before the given one")
        message = (
            b"croupier-seal-2"
            + bytes.fromhex(end_id)
            + u64(self.table)
            + b"end"
            + u32(self.shoe_count)
            + self.chain_end
        )
        return signed(signer, bytes.fromhex(end), message)

    # § 7 -------------------------------------------------------------------------------------

    def check_cards(self, stretches: list[tuple[int, int, int, str]]) -> None:
        """§ 7: each checkpoint's `cards` follows from the orders, the cuts and one split."""
        shuffles = [self.shuffle_cards(k) for k in range(1, self.shoe_count)]
        in_play, made = Shoe([]), 0
        for j, (_start, stop, steps, cards) in enumerate(stretches, 1):
            made_by, drawn = self.stretch_split(j, in_play, shuffles, made, stop, steps, cards)
            require(made_by is not None, f"record[{j}]: no split of its chance steps is its cards")
            if made_by > made:
                in_play, made = Shoe(shuffles[made_by - 1][1]), made_by
            in_play.drawn += drawn
        require(made == len(shuffles), "shuffles were made after the record's last checkpoint")
        self.cards_checked = True

    def stretch_split(
        self, j: int, in_play: Shoe, shuffles: list, made: int, stop: int, steps: int, cards: str
    ) -> tuple[int | None, int]:
        """§ 7.2: how many shuffles are made once record[j]'s stretch, ending at `stop`, is done,
        and how many cards it drew from its last shoe; it must make the shuffles placed below
        `stop` and may make those placed at `stop`; one making more than 8 shuffles, or of more
        than 1,000 chance steps, is refused."""
        require(
            steps <= MOST_CHANCE_STEPS,
            f"record[{j}]: its stretch has more than {MOST_CHANCE_STEPS} chance steps, more than "
            "this verifier tries",
        )
        must = max(made, bisect.bisect_left(self.places, stop))
        may = min(bisect.bisect_right(self.places, stop), made + MOST_SHUFFLES)
        require(
            must - made <= MOST_SHUFFLES,
            f"record[{j}]: its stretch makes more than {MOST_SHUFFLES} shuffles, more than this "
            "verifier tries",
        )
        for made_by in range(must, may + 1):
            split = self.find_split(in_play, shuffles[made:made_by], steps, cards)
            if split is not None:
                return made_by, split[-1]
        return None, 0

    def shuffle_cards(self, k: int) -> tuple[bytes, list[str]]:
        """§ 7.1: shuffle k's line (its order before the cut) and its shoe (the order, cut by the
        sum of the Cuts from its place to the next shuffle's, whole numbers by § 3)."""
        order = shuffled(self.shuffle_keys[k - 1], self.pack)
        stop = self.places[k] if k < len(self.places) else len(self.actions)
        actions = self.actions[self.places[k - 1] : stop]
        cut = sum(step[1]["amount"] for step in actions if is_cut(step))
        cut %= len(order)
        line = canonical(["chance", {"type": "Shuffle", "order": order}])
        return line, order[cut:] + order[:cut]

    @staticmethod
    def find_split(
        in_play: Shoe, shuffles: list[tuple[bytes, list[str]]], steps: int, cards: str
    ) -> list[int] | None:
        """§ 7.2: the cards drawn before and after each shuffle made, whose digest is `cards`."""
        segments = [(b"", in_play.left()), *shuffles]

        def search(j: int, digest, left: int) -> list[int] | None:
            line, shoe = segments[j]
            digest = digest.copy()
            digest.update(line)
            left -= 1 if line else 0
            if left < 0:
                return None
            if j == len(segments) - 1:
                if left > len(shoe):
                    return None
                for card in shoe[:left]:
                    digest.update(draw_line(card))
                return [left] if digest.hexdigest() == cards else None
            for drawn in range(min(left, len(shoe)) + 1):
                rest = search(j + 1, digest, left - drawn)
                if rest is not None:
                    return [drawn, *rest]
                if drawn < len(shoe):
                    digest.update(draw_line(shoe[drawn]))
            return None

        return search(0, hashlib.sha256(), steps)


# --- Interface ------------------------------------------------------------------------------


def report(history: object, key: str | None = None) -> dict:
    """Verify `history` (given the published `key`, when known) and say what it proved."""
    verifier = Verifier(history, key)
    try:
        verifier.run()
        refused = None
    except Refusal as refusal:
        refused = str(refusal)
    except Exception as error:  # a shape no check foresaw: a refusal, no raise
        refused = f"the history is malformed ({type(error).__name__})"
    record = history.get("record") if isinstance(history, dict) else None
    last = record[-1] if isinstance(record, list) and record else None
    return {
        "refused": refused,
        "game": getattr(verifier, "game", None),
        "table": getattr(verifier, "table", None),
        "withheld": verifier.withheld,
        "shuffles": len(verifier.places),
        "shoes": len(verifier.places) + 1 if refused is None else 0,
        "coups": last.get("rounds") if isinstance(last, dict) else None,
        "cuts_checked": verifier.cuts_checked,
        "calls_checked": verifier.calls_checked,
        "marked": verifier.marked,
        "cards_checked": verifier.cards_checked,
        "ended": verifier.ended,
    }


def verify(history: object, key: str | None = None) -> str | None:
    """None when `history` passes every check of the contract, else the first that failed."""
    return report(history, key)["refused"]


def withheld(history: object) -> list[tuple[int, int]]:
    """§ 2.2: the (shuffle, seat) of every part sealed but not given."""
    return report(history)["withheld"]


def summary(result: dict) -> str:
    """One line saying what a verified history proved."""

    def plural(n: int, word: str) -> str:
        return f"{n} {word}{'' if n == 1 else 's'}"

    parts = [
        f"{result['game']} table {result['table']}",
        plural(result["shuffles"], "shuffle"),
        plural(result["shoes"], "shoe"),
        f"{plural(result['cuts_checked'], 'house cut')} checked",
        f"{plural(result['calls_checked'], 'house call')} checked",
        f"{plural(result['marked'], 'step')} marked the house's",
        "cards checked" if result["cards_checked"] else "cards left to croupier verify",
        "the table's end signed" if result["ended"] else "the table still open",
    ]
    if result["coups"] is not None:
        parts.append(f"{result['coups']} coups recorded")
    if result["withheld"]:
        held = ", ".join(f"shuffle {k} seat {seat}" for k, seat in result["withheld"])
        parts.append(f"withheld: {held}")
    return "; ".join(parts)


def load(path: str) -> object:
    """The JSON of the file at `path`; refused when it is not JSON (or repeats a key)."""

    def no_repeats(pairs: list) -> dict:
        keys = [key for key, _ in pairs]
        require(len(set(keys)) == len(keys), "the file repeats a key in an object")
        return dict(pairs)

    def no_constant(name: str) -> None:
        raise Refusal(f"the file holds {name}, which is not JSON")

    try:
        with open(path, "rb") as file:
            text = file.read().decode("utf-8")
        return json.loads(text, object_pairs_hook=no_repeats, parse_constant=no_constant)
    except OSError as error:
        raise Refusal(f"the file cannot be read ({error.strerror})") from None
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError, ValueError):
        raise Refusal("the file is not JSON") from None


def main(argv: list[str] | None = None) -> int:
    """The command line: verify FILE, print "verified: ..." (0) or "refused: ..." (1)."""
    parser = argparse.ArgumentParser(description="Verify a table server's signed history.")
    parser.add_argument("file", help="the history, a JSON file")
    parser.add_argument("--key", help="the server's published Ed25519 key, in hex")
    arguments = parser.parse_args(argv)
    try:
        history = load(arguments.file)
    except Refusal as refusal:
        print(f"refused: {refusal}")
        return 1
    result = report(history, arguments.key)
    if result["refused"] is not None:
        print(f"refused: {result['refused']}")
        return 1
    print(f"verified: {summary(result)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
