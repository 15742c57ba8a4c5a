// The shuffle panel (docs/fairness.md; docs/protocol.md, "The shuffle"): the coming
// shuffle's commitment, shown before it is made; this seat's part of it, made in this
// browser (`partFor`) and sent with the seat's Join and then to each new commitment, or
// words of the person's own: sealed first (its SHA-256), and revealed once
// the view says the shuffle's seals are closed ("Sealed parts"); and, once a shoe is over,
// the link to check it
// (verify.html). What this browser was shown and gave is kept in its localStorage, so that
// the check can compare it with the history the server gives afterwards: the first
// commitment it was shown for each shuffle (another shown later is kept apart, and said
// loudly), the part it sent last, as it sent it, and the server's signed receipts of each
// commitment told and each part taken (docs/fairness.md, "Receipts").

import { joined, toHex, utf8 } from "./bytes.js";
import { clear, el, pieces, seatName } from "./dom.js";
import { _ } from "./i18n.js";

const LONGEST = 200; // croupier.fairness.CONTRIBUTION

// This page's secret, 16 random bytes drawn as it loads and never sent: each part the page
// gives is derived from it and the commitment it is for (`partFor`).
const SECRET = crypto.getRandomValues(new Uint8Array(16));

// A part of the shuffle made in this browser: 16 random bytes, in hex.
export function freshPart() {
  return toHex(crypto.getRandomValues(new Uint8Array(16)));
}

// This page's part of the shuffle committed to `commitment`: the first 16 bytes of
// SHA-256(`croupier-part-1` ‖ the page's secret ‖ the commitment), in hex; null where the
// browser gives no SHA-256 (see `sealOf`). Unknown to anyone before it is revealed, as a
// fresh one is, and always the same for the same shuffle, however often and however late
// the page gives one to it.
export async function partFor(commitment) {
  if (!globalThis.crypto?.subtle) return null;
  const made = joined(utf8("croupier-part-1"), SECRET, utf8(commitment));
  return toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", made))).slice(0, 32);
}

// A part's seal: the SHA-256 of its UTF-8 bytes, in hex (croupier.fairness.seal_of); null
// where the browser gives no SHA-256 (crypto.subtle: a page served from this machine or
// over https), and then no part is given.
export async function sealOf(text) {
  if (!globalThis.crypto?.subtle) return null;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

// What this browser saw at table `table` before each shuffle: {seen: {shuffle: commitment},
// the first it was shown; changed: {shuffle: commitment}, another shown after it, if any;
// parts: {shuffle: part}, the part this page last sent to it: the one that must be in it;
// receipts: {signature: receipt}, the server's signed receipts it was given}.
export function remembered(table) {
  try {
    const kept = JSON.parse(localStorage.getItem(`croupier-fair-${table}`) || "{}");
    return { seen: kept.seen || {}, changed: kept.changed || {}, parts: kept.parts || {}, receipts: kept.receipts || {} };
  } catch {
    return { seen: {}, changed: {}, parts: {}, receipts: {} };
  }
}

// Keep `receipt` (null: none) among `kept`'s receipts.
function keepReceipt(kept, receipt) {
  if (receipt) kept.receipts[receipt.signature] = receipt;
}

// The opener's part, sent with the opening (it goes into the table's first shuffle).
export function keepOpenersPart(table, part) {
  remember(table, (kept) => (kept.parts[1] = part));
}

// What `change` makes of what is kept for `table`, kept again; returned.
function remember(table, change) {
  const kept = remembered(table);
  change(kept);
  localStorage.setItem(`croupier-fair-${table}`, JSON.stringify(kept));
  return kept;
}

export class FairPanel {
  // `give(commitment, {sealed} or {text})` sends a part's seal, or the part revealed; false
  // if it could not go now.
  constructor(section, table, give) {
    this.section = section;
    this.table = table;
    this.give = give;
    this.fair = null;
    this.seat = null;
    this.sent = null; // the commitment this page last sent a seal to
    this.shown = null; // the commitment this page last revealed a part to
    this.ready = null; // a part made and sealed ahead, for a Join: {commitment, part, sealed}
    this.pending = new Map(); // each seal sent, to its part: kept once the server has taken it
    this.kept = remembered(table); // what this browser keeps of the shuffles (`remembered`)
    this.body = section.querySelector(".fair-body");
    this.answer = section.querySelector(".fair-answer");
    this.form = section.querySelector("form");
    this.input = this.form.querySelector("input");
    this.input.maxLength = LONGEST;
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = this.input.value.trim();
      if (!text || !this.fair?.commitment) return;
      this.send(text).then((sent) => sent && (this.input.value = ""));
    });
  }

  // Make and seal the part a Join sends to the shuffle committed to `commitment`.
  async prepare(commitment) {
    if (this.ready?.commitment === commitment) return;
    const part = await partFor(commitment);
    const sealed = part === null ? null : await sealOf(part);
    if (sealed !== null && this.fair?.commitment === commitment) this.ready = { commitment, part, sealed };
  }

  // The seal sent with a Join, of the part made here for the coming shuffle (null if none
  // is ready, or if this browser sealed one for it already: the opener's, with the opening).
  joining() {
    const ready = this.ready;
    const coming = this.fair?.commitment ? this.fair.shuffle : null;
    if (ready?.commitment !== this.fair?.commitment || coming === null) return null;
    if (this.kept.parts[coming] !== undefined) return null;
    this.pending.set(ready.sealed, ready.part);
    return ready.sealed;
  }

  // Seal `text` and send the seal to the shuffle committed to `commitment` (the coming one).
  async send(text, commitment = this.fair.commitment) {
    const sealed = await sealOf(text);
    if (sealed === null) {
      this.say(_("This browser cannot seal a part here (no SHA-256 on a page served over plain http): none is given."), "error");
      return false;
    }
    if (!this.give(commitment, { sealed })) {
      this.say(_("Not sent: the connection is down. Try again once it is back."), "error");
      return false;
    }
    this.sent = commitment;
    this.pending.set(sealed, text);
    return true;
  }

  // Reveal the part this page sealed, once the seals of its shuffle are closed.
  reveal(fair) {
    const text = this.kept.parts[fair.shuffle];
    if (!fair.revealing || !fair.part || fair.part.text !== null || text === undefined) return;
    if (this.shown === fair.commitment) return;
    if (this.give(fair.commitment, { text })) this.shown = fair.commitment;
  }

  // The part whose seal the server has taken for `shuffle` (the view says so, or its
  // `given`), kept as it was sent: the part this page reveals, and the check looks for.
  taken(shuffle, sealed) {
    const part = this.pending.get(sealed);
    if (part === undefined || shuffle === null || shuffle === undefined) return;
    this.pending.delete(sealed);
    this.kept = remember(this.table, (kept) => (kept.parts[shuffle] = part));
  }

  // Each view: its `fair`, and the seat this person holds (null: watching).
  viewed(message, names) {
    const fair = message.fair;
    this.fair = fair;
    this.seat = message.seat;
    this.kept = fair?.commitment
      ? remember(this.table, (kept) => {
          const first = kept.seen[fair.shuffle];
          if (first === undefined) kept.seen[fair.shuffle] = fair.commitment;
          else if (first !== fair.commitment) kept.changed[fair.shuffle] = fair.commitment;
          keepReceipt(kept, fair.receipt);
          keepReceipt(kept, fair.part?.receipt);
        })
      : remembered(this.table);
    if (fair?.part) this.taken(fair.shuffle, fair.part.sealed);
    const seated = fair?.commitment && message.seat !== null && !message.closed;
    const open = seated && !fair.revealing;
    if (open && fair.part === null && this.sent !== fair.commitment) {
      const commitment = (this.sent = fair.commitment); // (sealed, then sent: once)
      partFor(commitment)
        .then((part) => part !== null && this.send(part, commitment))
        .then((sent) => !sent && this.sent === commitment && (this.sent = null));
    }
    if (!seated && fair?.commitment && !fair.revealing) this.prepare(fair.commitment);
    if (fair?.commitment) this.reveal(fair);
    this.form.hidden = !open;
    this.draw(message, names);
  }

  given(message) {
    if (message.receipt) this.kept = remember(this.table, (kept) => keepReceipt(kept, message.receipt));
    if (message.sealed) this.taken(message.shuffle, message.sealed);
    const said =
      message.part === undefined
        ? _("Your part of shuffle {shuffle} is sealed, stored before its seals close.", { shuffle: message.shuffle })
        : _("Your part is in shuffle {shuffle}, revealed as it was sealed, before the shuffle is made.", { shuffle: message.shuffle });
    this.say(said, "note");
  }

  refused(reason) {
    this.say(`${reason[0].toUpperCase()}${reason.slice(1)}.`, "error");
  }

  say(words, kind) {
    this.answer.textContent = words;
    this.answer.className = `fair-answer ${kind}`;
  }

  draw(message, names) {
    const fair = this.fair;
    clear(this.body);
    if (fair === null || fair === undefined) {
      this.body.append(el("p", { class: "note" }, _("This table's shuffles are not provably fair: it was opened before they were.")));
      return;
    }
    const { seen, changed } = this.kept;
    for (const [shuffle, other] of Object.entries(changed)) {
      this.body.append(
        el(
          "p",
          { class: "warning changed", role: "alert" },
          _("Warning: this page was shown shuffle {shuffle} committed to {first}, then to {other}. A commitment that changes proves nothing: do not trust this table's shuffles.", {
            shuffle,
            first: `sha256 ${seen[shuffle].slice(0, 16)}…`,
            other: `sha256 ${other.slice(0, 16)}…`,
          }),
        ),
      );
    }
    if (fair.commitment) {
      this.body.append(
        el(
          "p",
          { class: "commitment" },
          pieces(_("Shuffle {shuffle} is committed to, before it is made: {commitment}", { shuffle: fair.shuffle }), {
            commitment: el("code", { title: fair.commitment, "data-commitment": fair.commitment }, `sha256 ${fair.commitment.slice(0, 16)}…`),
          }),
        ),
      );
      if (message.seat !== null) {
        const mine = this.kept.parts[fair.shuffle];
        const yours = fair.part === null ? _("none yet") : (fair.part.text ?? mine ?? `sha256 ${fair.part.sealed.slice(0, 16)}…`);
        this.body.append(el("p", { class: "part" }, pieces(_("Your part of it: {part}"), { part: el("code", { class: "your-part" }, yours) })));
      }
      const who = (seat) => (seat === message.seat ? _("you") : seatName(seat, names));
      const givers = fair.given.map(who);
      this.body.append(el("p", { class: "note given" }, givers.length ? _("Parts sealed: {givers}.", { givers: givers.join(", ") }) : _("No part given yet.")));
      if (fair.revealing) {
        const shown = fair.shown.map(who);
        this.body.append(
          el("p", { class: "note shown" }, shown.length ? _("Seals closed; parts revealed: {shown}.", { shown: shown.join(", ") }) : _("Seals closed; no part revealed yet.")),
        );
      }
    } else {
      this.body.append(el("p", { class: "note" }, _("The session is over: no shuffle is to come.")));
    }
    if (fair.revealed > 0) {
      const over =
        fair.revealed === 1
          ? _("The shoe of shuffle 1 is over: its seed is told.")
          : _("The shoes of shuffles 1 to {last} are over: their seeds are told.", { last: fair.revealed });
      this.body.append(
        el("p", { class: "verify" }, `${over} `, el("a", { href: `verify.html?table=${this.table}`, target: "_blank", rel: "noopener" }, _("Check them"))),
      );
    }
  }
}
