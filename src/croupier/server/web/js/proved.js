// The check of a history in the browser (docs/fairness.md, "The check in the browser"), as
// croupier.engine.history.proved makes it as far as the history tells without the games'
// rules: each seed against its commitment; each part against its seat's seal, where the
// parts were sealed first; each order derived from its seed and parts, bound to its table
// and number for a history of fairness 2 (croupier-fair-1 before); the record's account of
// the actions, coup by coup; the seal's chain and each shoe's Ed25519 signature; each house
// cut; where every card is drawn from the top, the cards dealt in each coup against the
// derived orders; and the shoes the seal says are over, with the table's end marker once
// it has closed. It stops at the first discrepancy and names it (`Refused`). Where each
// shuffle falls among the actions is not written in the history: the signature of the shoe
// it ends, found valid after that many actions, places it, or, after the house's EndShoe,
// that of the shoe it begins.

import { fromHex, joined, sha256, toHex } from "./bytes.js";
import { canonical } from "./canonical.js";
import { commitment as committedTo, derivedOrder, FAIRNESS, GAMES, houseCalls, houseCut, sealOf } from "./fairness.js";
import { _, ngettext } from "./i18n.js";
import { afterShuffle, afterStep, closing, holds, keyId, message, opening, publicKey, succession } from "./seal.js";

// A discrepancy, in words, found at one of the check's stages ("seeds", "sealed", "record",
// "signatures", "cuts", "cards", "end").
export class Refused extends Error {
  constructor(stage, reason) {
    super(reason);
    this.stage = stage;
  }
}

const NOTHING = toHex(await sha256(new Uint8Array()));

async function digest(lines) {
  return toHex(await sha256(joined(...lines)));
}

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function shape(history) {
  const fine =
    history !== null &&
    typeof history === "object" &&
    typeof history.game === "string" &&
    Array.isArray(history.actions) &&
    Array.isArray(history.proofs) &&
    Array.isArray(history.record ?? []) &&
    history.proofs.every((proof) => isObject(proof) && typeof proof.commitment === "string" && isObject(proof.contributions) && (proof.sealed === undefined || isObject(proof.sealed)));
  if (!fine) throw new Refused("seeds", _("it is not a history of a provably fair session: it holds no proofs of its shuffles"));
  if (!(history.game in GAMES)) throw new Refused("seeds", _("this page knows no game {game}", { game: JSON.stringify(history.game) }));
}

// The version of the history's derivation: a history of format 5 says it; those of
// formats 3 and 4 were of version 1.
function fairnessOf(history) {
  const version = history.format > 4 ? (history.fairness ?? null) : 1;
  if (!Number.isInteger(version) || version < 1 || version > FAIRNESS) {
    throw new Refused("seeds", _("its fairness is {value}, not a whole number from 1 to {newest}", { value: JSON.stringify(version), newest: FAIRNESS }));
  }
  if (version > 2 && !history.seal) throw new Refused("seeds", _("its fairness is {value}, a signed table's, and it has no seal", { value: version }));
  return version;
}

// Where shuffle `shuffle` was made, bound into its key: [table (0 at the terminal), shuffle],
// or null for version 1, which bound neither.
function placeOf(history, report, shuffle) {
  return report.fairness > 1 ? [history.seal ? history.seal.table : 0, shuffle] : null;
}

// Each proof: its commitment, its seed's SHA-256, its seed's bytes.
async function seeds(history, report) {
  for (const [index, proof] of history.proofs.entries()) {
    const shuffle = index + 1;
    let seed = null;
    try {
      seed = fromHex(proof.seed);
    } catch {
      // told as not the one committed to
    }
    const digest = seed ? await committedTo(seed) : null;
    report.proofs.push({ shuffle, commitment: proof.commitment, digest, seed, order: null });
    if (digest !== proof.commitment) {
      const error = _("its seed is not the one its commitment was made to");
      throw new Refused("seeds", _("shuffle {number}: {error}", { number: shuffle, error }));
    }
  }
  report.seeds = report.proofs.length;
}

// The entries of {seat: text}, in seat order.
function bySeat(given) {
  return Object.entries(given).sort(([a], [b]) => Number(a) - Number(b));
}

// Where the parts were sealed first (a proof's `sealed`, {seat: seal}), each part's seal is
// its seat's; a seat that sealed and did not reveal is withheld, its part left out.
async function parts(history, report) {
  let sealed = 0;
  for (const [index, proof] of history.proofs.entries()) {
    if (proof.sealed === undefined) continue;
    const number = index + 1;
    for (const [seat, text] of bySeat(proof.contributions)) {
      if ((await sealOf(text)) !== proof.sealed[seat]) {
        const error = _("seat {seat}'s part is not the one it sealed before the seals closed", { seat });
        throw new Refused("sealed", _("shuffle {number}: {error}", { number, error }));
      }
    }
    const withheld = bySeat(proof.sealed).filter(([seat]) => !(seat in proof.contributions));
    report.withheld.push(...withheld.map(([seat]) => ({ shuffle: number, seat: Number(seat) })));
    sealed += 1;
  }
  report.sealed = sealed;
}

async function orders(history, report) {
  const pack = GAMES[history.game].pack(history.config);
  for (const [index, proof] of report.proofs.entries()) {
    proof.order = await derivedOrder(proof.seed, history.proofs[index].contributions, pack, placeOf(history, report, index + 1));
  }
  report.orders = report.proofs.length;
}

// The record's stretches (the seating, then each coup), each with the number of actions
// in it: the one count whose actions' digest is the record's.
async function stretches(history, lines, report) {
  const record = history.record;
  const [seating, ...coups] = record;
  if (!seating || seating.steps !== 0 || seating.events !== toHex(await sha256(canonical(history.config)))) {
    throw new Refused("record", _("the rule set is not the one recorded"));
  }
  const found = [];
  let at = 0;
  for (const stretch of coups) {
    const coup = (found.at(-1)?.rounds ?? 0) + 1;
    let actions = null;
    for (let count = 0; count <= stretch.steps && at + count <= lines.length; count++) {
      const said = count ? await digest(lines.slice(at, at + count)) : NOTHING;
      if (said === stretch.actions) {
        actions = count;
        break;
      }
    }
    if (actions === null) throw new Refused("record", _("coup {coup}: the record's stakes and choices are not the history's actions", { coup }));
    found.push({ from: at, to: at + actions, chance: stretch.steps - actions, cards: stretch.cards, rounds: stretch.rounds, coup });
    at += actions;
  }
  if (at < lines.length) throw new Refused("record", _("the history goes on after its record ends, from action {number}", { number: at + 1 }));
  report.coups = found.at(-1)?.rounds ?? 0;
  return found;
}

// The seal's shape, as croupier.engine.history reads it: its table, key, shoes (how many
// are over; null at a table of fairness 1), signatures, each one's key id, end (the table's
// end marker, or null while it is open) and its key id, and succession; of a history of
// format 4, from before, its table, key and signatures.
function sealShape(seal, format, fairness) {
  const refused = (reason) => new Refused("signatures", `${_("its seal ('seal')")}: ${reason}`);
  if (format === 4) {
    if (!isObject(seal) || Object.keys(seal).sort().join() !== "key,signatures,table") {
      throw refused(_("expected its table, key and signatures"));
    }
    return;
  }
  if (!isObject(seal) || Object.keys(seal).sort().join() !== "end,end_key_id,key,key_ids,seeded,shoes,signatures,succession,table") {
    throw refused(_("expected its table, key, shoes, signatures, key_ids, end, end_key_id, succession and seeded"));
  }
  if (typeof seal.seeded !== "boolean") throw refused(_("its seeded is true or false"));
  const text = (value) => value === null || typeof value === "string";
  if (!(Number.isInteger(seal.shoes) || (seal.shoes === null && fairness === 1))) throw refused(_("its shoes are a whole number: how many shoes are over"));
  if (!text(seal.end) || !text(seal.end_key_id)) throw refused(_("its end and end_key_id are text (hexadecimal), or null while the table is open"));
  if ((seal.end === null) !== (seal.end_key_id === null) || (seal.shoes === null && seal.end !== null)) throw refused(_("its end and end_key_id are both given, or neither"));
  if (!Array.isArray(seal.key_ids) || !seal.key_ids.every(text)) throw refused(_("its key_ids are a list of text (hexadecimal) or null"));
  if (!Array.isArray(seal.succession)) throw refused(_("its succession is a list"));
  for (const step of seal.succession) {
    if (!isObject(step) || Object.keys(step).sort().join() !== "key,signature,since") throw refused(_("each succession has its key, since and signature"));
    if (typeof step.key !== "string" || !Number.isInteger(step.since) || typeof step.signature !== "string") {
      throw refused(_("a succession's key and signature are text (hexadecimal), its since a number"));
    }
  }
}

// The seal's keys in succession, `key` first, each with its id ({hex, id, key}), every
// succession checked to be signed by the key before it, as croupier.engine.seal.Seal.broken
// checks them.
export async function sealKeys(seal) {
  const hexes = [seal.key, ...(seal.succession ?? []).map((step) => step.key)];
  const keys = [];
  for (const hex of hexes) {
    const key = await publicKey(hex).catch(() => {
      throw new Refused("signatures", _("its key is not an Ed25519 public key (64 hexadecimal digits)"));
    });
    keys.push({ hex, id: await keyId(hex), key });
  }
  for (const [index, step] of (seal.succession ?? []).entries()) {
    if (!(await holds(keys[index].key, step.signature, succession(keys[index].hex, step.key, step.since)))) {
      throw new Refused("signatures", _("its seal's succession {number} is not signed by the key before it", { number: index + 1 }));
    }
  }
  return keys;
}

// Whether `signature` (hex) is the signature of the key whose id is `id` (null: the seal's
// first key, before keys had ids) of what `signed(id)` gives.
export async function signedBy(keys, id, signature, signed) {
  const key = id === null ? keys[0] : keys.find((each) => each.id === id);
  return key !== undefined && holds(key.key, signature, signed(id));
}

// Whether action `index` is the house's EndShoe: the shoe in play ends with it, and the
// shuffle after it ends none.
function endsShoe(history, index) {
  const step = history.actions[index];
  return Array.isArray(step) && step[0] === "house" && step[1]?.type === "EndShoe";
}

// Whether action `index` is a cut: each shuffle is cut before anything is dealt from it
// (C-6), so the shuffle after an EndShoe comes before the first cut after it.
function isCut(history, index) {
  return history.actions[index]?.[1]?.type === "Cut";
}

// The refusal of shoe `shoe`'s signature, which holds nowhere in the history as it is.
function unsigned(shoe) {
  return new Refused(
    "signatures",
    shoe
      ? _("the seal's signature of shoe {shoe} is not its key's for the history as it is", { shoe })
      : _("the seal's signature of what came before the first shuffle is not its key's for the history as it is"),
  );
}

// The seal's chain along the history, and each shoe's signature, as
// croupier.engine.history.proved checks them: a shoe ends at the house's EndShoe, signed
// there; else at the next shuffle, or, the last, where the history ends. Where each shuffle
// falls among the actions (after how many) is not written in the history: one that ends a
// shoe falls where that shoe's signature holds; one after an EndShoe, which ends none, falls
// before the next cut, where the signature of the shoe it begins then holds. Each shoe's
// places and the chain at the end.
async function signatures(history, lines, report) {
  const seal = history.seal;
  sealShape(seal, history.format, report.fairness);
  const keys = await sealKeys(seal);
  const proofs = history.proofs;
  const shoes = proofs.length + 1;
  if (!Array.isArray(seal.signatures) || seal.signatures.length !== shoes) {
    const n = Array.isArray(seal.signatures) ? seal.signatures.length : 0;
    throw new Refused("signatures", ngettext("it has {n} signature for {shoes} shoes", "it has {n} signatures for {shoes} shoes", n, { shoes }));
  }
  const seedOf = (shoe) => (shoe ? report.proofs[shoe - 1].seed : null);
  const signs = (shoe, chain) => signedBy(keys, seal.key_ids?.[shoe] ?? null, seal.signatures[shoe], (id) => message(seal.table, shoe, chain, seedOf(shoe), id));
  // Where shoe `shoe`, its chain `chain` after `at` actions, ends: {at, chain, setAside}
  // (set aside: by an EndShoe), or null where its signature holds nowhere.
  const ending = async (shoe, chain, at) => {
    const last = shoe === proofs.length;
    for (;;) {
      if ((!last || at === lines.length) && (await signs(shoe, chain))) return { at, chain, setAside: false };
      if (at === lines.length) return null;
      chain = await afterStep(chain, lines[at]);
      at += 1;
      if (endsShoe(history, at - 1)) return (await signs(shoe, chain)) ? { at, chain, setAside: true } : null;
    }
  };
  const places = [];
  let shoe = 0;
  let end = await ending(0, await opening(seal.table, history.game, history.config, history.buy_ins, report.fairness, seal.seeded === true), 0);
  while (end !== null && shoe < proofs.length) {
    const proof = proofs[shoe];
    const shuffled = (chain) => afterShuffle(chain, proof.commitment, proof.contributions, proof.sealed);
    let next = null;
    if (!end.setAside) {
      places.push(end.at);
      next = await ending(shoe + 1, await shuffled(end.chain), end.at);
    } else {
      const gap = [end.chain]; // the chain after each action from the EndShoe to the next cut
      let at = end.at;
      while (at < lines.length && !isCut(history, at) && !endsShoe(history, at)) gap.push(await afterStep(gap.at(-1), lines[at++]));
      for (let place = at; next === null && place >= end.at; place--) {
        // most often just before the cut: the cutter acts first after a shuffle
        next = await ending(shoe + 1, await shuffled(gap[place - end.at]), place);
        if (next !== null) places.push(place);
      }
    }
    if (next === null) throw unsigned(shoe + 1);
    end = next;
    shoe += 1;
  }
  if (end === null) throw unsigned(shoe);
  let { at, chain } = end;
  for (; at < lines.length; at++) {
    // the last shoe set aside: an EndShoe after it would sign it again, which it cannot
    chain = await afterStep(chain, lines[at]);
    if (endsShoe(history, at)) throw unsigned(shoe);
  }
  report.signatures = shoes;
  return { places, chain, keys };
}

// The table's end, as croupier.engine.history._closed checks it: the seal says the
// history's shoes are over, all of them, and, once the session has ended, signs the table's
// end with them and the chain at the end (`closing`). The session has ended where its last
// action is the house's EndSession; in a game whose rules may end it by themselves (all
// but Punto Banco), where the end marker holds (that the rules did is croupier verify's).
async function closed(history, chain, keys, report) {
  const seal = history.seal;
  const shoes = history.proofs.length + 1;
  const signed = seal.end !== null && (await signedBy(keys, seal.end_key_id, seal.end, (id) => closing(seal.table, shoes, chain, id)));
  const step = history.actions.at(-1);
  const closedHere = Array.isArray(step) && step[0] === "house" && step[1]?.type === "EndSession";
  const ended = closedHere || (signed && GAMES[history.game].endsItself);
  let reason = null;
  if (seal.shoes !== shoes) {
    reason = _("the seal says {said} shoes are over, and the history holds {shoes}", { said: seal.shoes, shoes });
    if (seal.shoes > shoes) reason = _("{reason}: its last shoes are left out", { reason });
  } else if (ended && seal.end === null) {
    reason = _("the session ends, and the seal has no signature of the table's end");
  } else if (seal.end !== null && !ended) {
    reason = _("the seal signs the table's end, and the history stops before the session ends: its last shoes are left out");
  } else if (ended && !signed) {
    reason = _("the seal's signature of the table's end is not its key's for the history as it is");
  }
  if (reason !== null) throw new Refused("end", reason);
  report.end = { shoes, closed: ended };
}

// The shuffle each action follows (0: none), by the places of the shuffles.
function shuffleOf(places, index) {
  return places.filter((place) => place <= index).length;
}

// Whether `step` is one the house took for a person's seat (their time ran out, they sat
// out), which a history of fairness 3 marks: [seat, action, "house"].
function takenBy(step) {
  return Array.isArray(step) && step.length === 3 && step[2] === "house";
}

// Each action is [actor, action], or, at fairness 3, a seat's marked the house's.
function actionShapes(history, report) {
  for (const [index, step] of history.actions.entries()) {
    const fine = Array.isArray(step) && (step.length === 2 || (takenBy(step) && report.fairness > 2 && Number.isInteger(step[0])));
    if (!fine) throw new Refused("record", _("action {number} is not [actor, action], nor a seat's marked the house's at a table of fairness 3", { number: index + 1 }));
  }
}

// What the house decided, at a table of fairness 2 or more: each cut no person made (the
// house's; a bot's: a seat seated at the opening, until a Join at it; one the house took
// for a person's seat, marked so) against its shuffle's house cut, the fewest and most cards
// one may cut being 1 and all the pack's but one; and, at fairness 3, each bot's call to
// shuffle (ShufflePack) against its shuffle's house call. That a bot that let the pack be
// was not due to call is the rules' (when it was asked is theirs): croupier verify's.
async function houseDecisions(history, places, report) {
  const bots = new Set(Object.keys(history.buy_ins).map(Number));
  const calling = report.fairness > 2;
  let cut = 0;
  let called = 0;
  for (const [index, [actor, action]] of history.actions.entries()) {
    if (action?.type === "Join") bots.delete(actor);
    const marked = takenBy(history.actions[index]);
    if (marked && bots.has(actor)) throw new Refused("cuts", _("action {number} is marked the house's, at a bot's seat", { number: index + 1 }));
    const isCut = action?.type === "Cut" && (actor === "house" || bots.has(actor) || marked);
    const isCall = calling && action?.type === "ShufflePack" && bots.has(actor);
    if (!isCut && !isCall) continue;
    const shuffle = shuffleOf(places, index);
    const proof = report.proofs[shuffle - 1];
    const [parts, place] = [history.proofs[shuffle - 1]?.contributions, placeOf(history, report, shuffle)];
    if (isCall) {
      if (!proof || !(await houseCalls(proof.seed, parts, place, actor))) {
        throw new Refused("cuts", _("seat {seat} (a bot) asked to shuffle the pack of shuffle {shuffle}, where its house call was to let it be: a bot's call to shuffle is drawn from its shuffle's stream", { seat: actor, shuffle }));
      }
      called += 1;
      continue;
    }
    if (!proof) throw new Refused("cuts", _("action {number} cuts before any shuffle", { number: index + 1 }));
    const due = await houseCut(proof.seed, parts, place, 1, proof.order.length - 1);
    if (action.amount !== due) {
      const who = actor === "house" ? _("the house") : bots.has(actor) ? _("seat {seat} (a bot)", { seat: actor }) : _("seat {seat} (cut for by the house)", { seat: actor });
      throw new Refused("cuts", _("{who} cut {made} cards, where the house cut of shuffle {shuffle} is {due}: a cut no person makes is drawn from its shuffle's stream", { who, made: action.amount, shuffle, due }));
    }
    cut += 1;
  }
  report.cuts = cut;
  if (calling) report.calls = called;
}

// Every way of putting `total` draws into `gaps` places, in order.
function* spread(total, gaps) {
  if (gaps === 1) {
    yield [total];
    return;
  }
  for (let first = 0; first <= total; first++) for (const rest of spread(total - first, gaps - 1)) yield [first, ...rest];
}

// Chance's steps in each coup against the record's digest of them: each shuffle's order,
// then the cards off the top of the pack it gives, cut by the cuts made after it.
async function cards(history, found, places, report) {
  const drawn = new Map();
  const draw = (card) => drawn.get(card) ?? drawn.set(card, canonical(["chance", { type: "Draw", card }])).get(card);
  const shoes = report.proofs.map((proof, index) => {
    const after = history.actions.slice(places[index], places[index + 1] ?? history.actions.length);
    const cut = after.reduce((sum, [, action]) => sum + (action?.type === "Cut" ? action.amount : 0), 0) % proof.order.length;
    return { line: canonical(["chance", { type: "Shuffle", order: proof.order }]), cards: [...proof.order.slice(cut), ...proof.order.slice(0, cut)] };
  });
  let shoe = [];
  let next = 0;
  for (const stretch of found) {
    let must = next;
    while (must < places.length && places[must] < stretch.to) must += 1;
    let may = must;
    while (may < places.length && places[may] === stretch.to) may += 1;
    let matched = null;
    for (let made = must - next; made <= Math.min(may - next, stretch.chance) && matched === null; made++) {
      for (const counts of spread(stretch.chance - made, made + 1)) {
        const lines = [];
        let left = shoe;
        for (const [gap, count] of counts.entries()) {
          if (gap) {
            lines.push(shoes[next + gap - 1].line);
            left = shoes[next + gap - 1].cards;
          }
          if (count > left.length) break;
          lines.push(...left.slice(0, count).map(draw));
          left = left.slice(count);
        }
        if (lines.length === stretch.chance && (await digest(lines)) === stretch.cards) {
          matched = { made, left };
          break;
        }
      }
    }
    if (matched === null) throw new Refused("cards", _("coup {coup}: the cards dealt are not the ones the derived orders give", { coup: stretch.coup }));
    next += matched.made;
    shoe = matched.left;
  }
  if (next !== places.length) throw new Refused("cards", ngettext("it proves {n} shuffle, and the record's cards hold {made}", "it proves {n} shuffles, and the record's cards hold {made}", places.length, { made: next }));
  report.cards = report.coups;
}

// The check of `history` (a history as JSON reads it): a report of what was checked
// ({fairness, seeds, sealed, orders, coups, signatures, cuts, cards, end}: null where not
// checked; `sealed` the shuffles whose parts were sealed first; `end` {shoes, closed}, the
// shoes over and whether the table's end is signed), `withheld`, the seats that
// sealed a part and did not reveal it ({shuffle, seat}), and `refused`, the first
// discrepancy (a `Refused`), or null.
export async function proved(history) {
  const report = { fairness: null, proofs: [], seeds: null, sealed: null, withheld: [], orders: null, coups: null, signatures: null, cuts: null, calls: null, cards: null, end: null, refused: null };
  try {
    shape(history);
    report.fairness = fairnessOf(history);
    actionShapes(history, report);
    await seeds(history, report);
    await parts(history, report);
    await orders(history, report);
    // the chain takes each step as the history gives it, a step the house took for a
    // person's seat marked so ([seat, action, "house"]); the record as [actor, action]
    const chained = history.actions.map((step) => canonical(step));
    const lines = history.actions.map((step, at) => (takenBy(step) ? canonical(step.slice(0, 2)) : chained[at]));
    const found = history.record?.length ? await stretches(history, lines, report) : null;
    if (history.seal) {
      const { places, chain, keys } = await signatures(history, chained, report);
      if (report.fairness > 1) await houseDecisions(history, places, report);
      if (found && GAMES[history.game].fromTop) await cards(history, found, places, report);
      // a seal of format 4, or of a table of fairness 1, says neither its shoes nor its end
      if ((history.seal.shoes ?? null) !== null) await closed(history, chain, keys, report);
    }
  } catch (error) {
    report.refused = error instanceof Refused ? error : new Refused("seeds", String(error.message));
  }
  return report;
}
