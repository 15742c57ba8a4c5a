// The shuffles' derivation, as croupier.fairness writes it (docs/fairness.md, "Derive"),
// with the browser's own HMAC-SHA256 (crypto.subtle), of both its versions; a part's seal;
// and each game's fresh pack.

import { bigEndian, joined, sha256, toHex, utf8 } from "./bytes.js";

// A table's newest fairness (croupier.fairness.FAIRNESS): 3, as 2, and a bot's call to
// shuffle is the house's; 2 binds each order to its table and shuffle number, and takes each
// cut no person decides from the shuffle's stream; 1 did neither.
export const FAIRNESS = 3;
const DOMAIN = { 1: utf8("croupier-fair-1"), 2: utf8("croupier-fair-2") };
const HOUSE_CUT = utf8("croupier-house-cut-1");
const HOUSE_CALL = utf8("croupier-house-call-1");
const CALLS = 20; // croupier.fairness.CALLS: a bot asks to shuffle one time in 20
const SPAN = 2 ** 32;

async function hmacKey(key) {
  return crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
}

async function hmac(key, data) {
  return new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKey(key), data));
}

// The commitment to `seed` (bytes): its SHA-256, in hex.
export async function commitment(seed) {
  return toHex(await sha256(seed));
}

// A part's seal (croupier.fairness.seal_of): the SHA-256 of its UTF-8 bytes, in hex.
export async function sealOf(text) {
  return toHex(await sha256(utf8(text)));
}

// The shuffle's key: HMAC-SHA256(seed, `croupier-fair-2` ‖ the table (8 bytes, big-endian)
// ‖ the shuffle's number (4 bytes) ‖ commitment ‖ each part in seat order as its seat, its
// length in UTF-8 bytes (4 bytes each) and its UTF-8 bytes). `contributions` is {seat:
// text}, as a history writes it; `place` is [table, shuffle number from 1] (table 0 at the
// terminal), or null for version 1, `croupier-fair-1`, which bound neither.
export async function shuffleKey(seed, contributions, place) {
  const parts = Object.entries(contributions)
    .map(([seat, text]) => [Number(seat), utf8(text)])
    .sort(([a], [b]) => a - b)
    .map(([seat, data]) => joined(bigEndian(seat, 4), bigEndian(data.length, 4), data));
  const bound = place === null ? [DOMAIN[1]] : [DOMAIN[2], bigEndian(place[0], 8), bigEndian(place[1], 4)];
  return hmac(seed, joined(...bound, utf8(await commitment(seed)), ...parts));
}

// A draw of whole numbers below n from the stream of `key`: HMAC-SHA256(key, counter as 8
// bytes) read 4 bytes at a time, big-endian; a word at or above the largest multiple of n
// under 2^32 is passed over (rejection sampling).
export async function fairNumbers(key) {
  const signing = await hmacKey(key);
  let counter = 0;
  let words = [];
  return async function below(n) {
    const limit = SPAN - (SPAN % n);
    for (;;) {
      if (!words.length) {
        const block = new DataView(await crypto.subtle.sign("HMAC", signing, bigEndian(counter++, 8)));
        words = Array.from({ length: 8 }, (_unused, at) => block.getUint32(at * 4));
      }
      const word = words.shift();
      if (word < limit) return word % n;
    }
  };
}

// `items` shuffled by Fisher–Yates: for i from the last place down to 1, the item at i
// swapped with the one at below(i + 1).
export async function fisherYates(items, below) {
  const order = [...items];
  for (let i = order.length - 1; i > 0; i--) {
    const j = await below(i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

// The order the derivation gives the fresh pack `cards` (card text) at `place`, top first.
export async function derivedOrder(seed, contributions, cards, place) {
  return fisherYates(cards, await fairNumbers(await shuffleKey(seed, contributions, place)));
}

// The house cut of the shuffle at `place` (fairness.house_cut): low + the first number
// below high - low + 1 of the stream of HMAC-SHA256(key, "croupier-house-cut-1").
export async function houseCut(seed, contributions, place, low, high) {
  const key = await hmac(await shuffleKey(seed, contributions, place), HOUSE_CUT);
  return low + (await (await fairNumbers(key))(high - low + 1));
}

// Whether the bot at `seat` asks to shuffle again the pack of the shuffle at `place`
// (fairness.house_calls): the first number below 20 of the stream of
// HMAC-SHA256(key, "croupier-house-call-1" ‖ the seat, 4 bytes) is 0.
export async function houseCalls(seed, contributions, place, seat) {
  const key = await hmac(await shuffleKey(seed, contributions, place), joined(HOUSE_CALL, bigEndian(seat, 4)));
  return (await (await fairNumbers(key))(CALLS)) === 0;
}

// The 52 cards in croupier.cards.full_pack's order: by rank 2 to ace, then by suit (C-1).
const FULL = [..."23456789TJQKA"].flatMap((rank) => [..."SHDC"].map((suit) => rank + suit));
// The 40-card Monte pack, the 52 without the 8s, 9s and 10s (C-2).
const MONTE = FULL.filter((card) => !"89T".includes(card[0]));

function times(pack, decks) {
  return Array.from({ length: decks }, () => pack).flat();
}

// Each game's fresh pack, as its rules shuffle it (`chance`'s Shuffling): the packs one
// after the other in that order; and whether every card is drawn from the top of the pack
// the shuffle and the cuts give (Monte's come from either end, as its deal goes, MB-6;
// Banchek's hands go back under the pack in the order its rules gather them, BN-8, BN-9);
// and whether its rules may end a session by themselves (at Punto Banco only the house's
// EndSession ends one).
export const GAMES = {
  "punto-banco": { pack: (config) => times(FULL, config.table === "small" ? 6 : 8), fromTop: true, endsItself: false }, // PB-1
  "chemin-de-fer": { pack: (config) => times(FULL, config.decks), fromTop: true, endsItself: true }, // CF-2
  "monte-bank": { pack: () => MONTE, fromTop: false, endsItself: true },
  "private-monte": { pack: () => MONTE, fromTop: false, endsItself: true },
  banchek: { pack: () => times(FULL, 2), fromTop: false, endsItself: true }, // BN-1
};
