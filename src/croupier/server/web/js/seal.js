// A table server's seal on its histories, as croupier.engine.seal writes it
// (docs/fairness.md, "Signed histories"): the chain carried through the history, what the
// server's key signs as each shoe ends and as the table closes (its end marker), each
// naming the key's id, what a key signs of its successor, and the check of an Ed25519
// signature by the browser's own (crypto.subtle).

import { bigEndian, fromHex, joined, sha256, toHex, utf8 } from "./bytes.js";
import { canonical } from "./canonical.js";

const DOMAIN = utf8("croupier-seal-1");
const KEYED = utf8("croupier-seal-2");
const SUCCESSION = utf8("croupier-key-1");

// The id of the public key `hex`: the first 8 bytes of its SHA-256 (its fingerprint), in hex.
export async function keyId(hex) {
  return toHex(await sha256(fromHex(hex))).slice(0, 16);
}

// What a signature by the key whose id is `id` begins with; with none (null), one made
// before keys had ids.
function named(id) {
  return id === null ? DOMAIN : joined(KEYED, fromHex(id));
}

// The chain before the history's first step: SHA-256(domain ‖ [table, game, rule set,
// buy-ins, and {"fairness": n} for a table of fairness 2 or more, with "seeded": true for
// one dealt from a seed its server's operator chose], in canonical JSON).
export async function opening(table, game, config, buyIns, fairness, seeded = false) {
  const said = seeded ? { fairness, seeded: true } : { fairness };
  const opened = [table, game, config, buyIns, ...(fairness > 1 ? [said] : [])];
  return sha256(joined(DOMAIN, canonical(opened)));
}

// The chain after a step of a seat or of the house, [actor, action] in canonical JSON as
// `step` gives it (`canonical([actor, action])`).
export async function afterStep(chain, step) {
  return sha256(joined(chain, step));
}

// The chain after a shuffle with this commitment and these contributions ({seat: text}),
// and the seats' seals of them ({seat: SHA-256 hex}) where they were sealed first:
// [commitment, contributions] or [commitment, contributions, sealed], in canonical JSON.
export async function afterShuffle(chain, commitment, contributions, sealed) {
  return sha256(joined(chain, canonical([commitment, contributions, ...(sealed === undefined ? [] : [sealed])])));
}

// What the key whose id is `id` signs as shoe `shoe` of table `table` ends: the domain and
// the key's id, the table (8 bytes), the shoe (4 bytes), the chain and the shoe's seed (none
// for shoe 0); with no id (null), what was signed before keys had ids.
export function message(table, shoe, chain, seed, id) {
  return joined(named(id), bigEndian(table, 8), bigEndian(shoe, 4), chain, seed ?? new Uint8Array());
}

// What the key whose id is `id` signs as table `table` closes after `shoes` shoes (shoe 0
// among them), the chain then `chain`: the domain and the key's id, the table (8 bytes),
// `end`, the shoes (4 bytes) and the chain.
export function closing(table, shoes, chain, id) {
  return joined(named(id), bigEndian(table, 8), utf8("end"), bigEndian(shoes, 4), chain);
}

// What key `before` (hex) signs to name `key` (hex) its successor from `since` (Unix
// seconds).
export function succession(before, key, since) {
  return joined(SUCCESSION, fromHex(before), fromHex(key), bigEndian(since, 8));
}

// The Ed25519 public key `hex` (64 hexadecimal digits), to check signatures with.
export async function publicKey(hex) {
  return crypto.subtle.importKey("raw", fromHex(hex), { name: "Ed25519" }, false, ["verify"]);
}

// Whether `signature` (hex) is `key`'s of `signed`.
export async function holds(key, signature, signed) {
  try {
    return await crypto.subtle.verify({ name: "Ed25519" }, key, fromHex(signature), signed);
  } catch {
    return false;
  }
}
