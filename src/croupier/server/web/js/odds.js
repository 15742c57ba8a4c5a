// The odds panel and the hand history on the table page (docs/protocol.md, "The odds and
// the hand history").
//
// OddsPanel: the exact odds for the cards this seat has not yet seen, from
// GET /api/tables/{id}/odds, asked for while the panel is open and again for each view with
// a new seq; one request at a time, and an answer for an older seq than the last view drawn
// is dropped (and asked again). A table opened with odds off answers 409 with the reason:
// the panel says so and asks no more. A game with none answers `odds: null` and a reason.
// The game's layout module draws its odds (its `odds(odds, h)`, js/games/README.md); a
// game without one, or a drawing that throws, has them as a table of their fields.
//
// HistoryButton: "Download the hand history", enabled once the view says the table has
// closed; it saves the /history JSON as croupier-table-<id>.json. The server refuses it
// (409) while the table is open, and the page says why beside the button.

import { get } from "./api.js";
import { card } from "./cards.js";
import { clear, el } from "./dom.js";
import { figure, grid } from "./figures.js";
import { _, language } from "./i18n.js";

// The server's words as a sentence: "this table gives no odds: ..." -> "This table ... ."
const sentence = (words) => `${words[0].toUpperCase()}${words.slice(1)}${/[.!?]$/.test(words) ? "" : "."}`;

const isExact = (value) => value && typeof value === "object" && "fraction" in value && "value" in value;

// Any other shape: its fields in a table, each exact figure as a percentage.
function generic(odds) {
  const rows = [];
  const walk = (value, path) => {
    if (isExact(value)) {
      rows.push(el("tr", {}, el("th", { scope: "row" }, path.join(" ")), figure(value, path.join("."))));
    } else if (value && typeof value === "object" && !Array.isArray(value)) {
      for (const [key, item] of Object.entries(value)) walk(item, [...path, key]);
    } else {
      const text = Array.isArray(value) ? value.join(" ") : String(value);
      rows.push(el("tr", {}, el("th", { scope: "row" }, path.join(" ")), el("td", {}, text)));
    }
  };
  walk(odds, []);
  return [grid(_("The exact odds"), [_("What"), _("Figure")], rows)];
}

export class OddsPanel {
  constructor(details, body, table) {
    this.details = details;
    this.body = body;
    this.table = table;
    this.layout = null; // the game's layout module, once loaded
    this.answer = null; // the last answer drawn
    this.seq = null; // the seq of the last view drawn
    this.shown = null; // the seq of the odds shown
    this.asking = null; // the seq a request in flight was made for
    this.off = false; // the table gives no odds: never ask again
    details.open = localStorage.getItem("croupier-odds-open") === "1";
    details.addEventListener("toggle", () => {
      localStorage.setItem("croupier-odds-open", details.open ? "1" : "0");
      this.ask();
    });
  }

  // The game's layout module is loaded: the odds shown are drawn again by it.
  drawnBy(layout) {
    this.layout = layout;
    if (this.answer) this.draw(this.answer);
  }

  // A view with this seq has been drawn.
  viewed(seq) {
    if (seq === this.seq) return;
    this.seq = seq;
    this.ask();
  }

  ask() {
    if (this.off || !this.details.open || this.seq === null || this.asking !== null) return;
    if (this.shown !== null && this.shown >= this.seq) return;
    const asked = this.seq;
    this.asking = asked;
    this.body.setAttribute("aria-busy", "true");
    get(`/api/tables/${this.table}/odds`)
      .then((answer) => {
        // An answer for an older seq than the last view drawn is dropped, and asked again.
        if (answer.seq < this.seq) return;
        this.shown = answer.seq;
        this.draw(answer);
      })
      .catch((error) => {
        if (error.status === 409) {
          this.off = true;
          this.say(sentence(error.message), "odds-off");
        } else {
          this.say(_("The odds could not be had: {reason}", { reason: error.message }), "error");
        }
        this.shown = asked; // asked again at the next view
      })
      .finally(() => {
        this.asking = null;
        this.body.removeAttribute("aria-busy");
        this.ask();
      });
  }

  say(words, kind) {
    clear(this.body).append(el("p", { class: kind }, words));
    this.body.dataset.seq = this.shown ?? "";
  }

  draw(answer) {
    this.answer = answer;
    this.body.dataset.seq = answer.seq;
    if (answer.odds === null) {
      this.say(answer.reason, "note odds-none");
      this.body.dataset.seq = answer.seq;
      return;
    }
    let made;
    try {
      made = this.layout?.odds ? this.layout.odds(answer.odds, { el, card, figure, grid }) : generic(answer.odds);
    } catch {
      made = generic(answer.odds);
    }
    clear(this.body).append(...made);
  }
}

const NOT_YET = _("The hand history is given once a shoe is over: a shoe's seed tells its cards.");

export class HistoryButton {
  constructor(button, reason, table) {
    this.button = button;
    this.reason = reason;
    this.table = table;
    this.closed = false;
    button.disabled = true;
    reason.textContent = NOT_YET;
    button.addEventListener("click", () => this.download());
  }

  // The history is given as far as the last shoe over (the whole session once the table
  // has closed; a table whose shuffles are not provably fair gives it only then).
  viewed(message) {
    if (this.closed) return;
    const over = message.fair?.revealed || 0;
    if (message.closed) {
      this.closed = true;
      this.button.disabled = false;
      this.reason.textContent = _("The table has closed: its hand history replays with croupier replay FILE, and croupier verify FILE checks every card.");
    } else if (over > 0) {
      this.button.disabled = false;
      this.reason.textContent =
        over === 1
          ? _("The hand history as far as the last shoe over (the shoes of shuffle 1): croupier verify FILE checks every card.")
          : _("The hand history as far as the last shoe over (the shoes of shuffles 1 to {last}): croupier verify FILE checks every card.", { last: over });
    } else {
      this.button.disabled = true;
      this.reason.textContent = NOT_YET;
    }
  }

  async download() {
    let response;
    try {
      response = await fetch(`/api/tables/${this.table}/history`, { credentials: "same-origin", headers: { "accept-language": language } });
    } catch {
      this.reason.textContent = _("The server does not answer: is it running?");
      return;
    }
    if (!response.ok) {
      const data = await response.json().catch(() => null);
      this.reason.textContent = data?.error ? sentence(data.error) : _("The server answered {status}.", { status: response.status });
      if (response.status === 409) this.button.disabled = true;
      return;
    }
    const url = URL.createObjectURL(new Blob([await response.text()], { type: "application/json" }));
    const link = el("a", { href: url, download: `croupier-table-${this.table}.json`, hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
