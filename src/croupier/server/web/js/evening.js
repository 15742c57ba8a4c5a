// The evening at this table (GET /api/tables/{id}/evening, docs/protocol.md "The evening"):
// for each person what they bought in, brought, took away and have at the table now, their
// net, what the house and the bots are up or down, and the fewest payments that settle
// the people among them; to download as CSV or JSON. Read when the page opens, again after
// the steps (soon when chips came or went), and once the table has closed.

import { get } from "./api.js";
import { clear, el } from "./dom.js";
import { _, pgettext } from "./i18n.js";

const SOON = 1000; // ms: after chips came to or left the table
const LATER = 5000; // ms: after any other step (the chips at the table change at every coup)
const MOVED = ["SeatJoined", "SeatLeft", "ChipsAdded"];

function signed(chips) {
  return chips > 0 ? `+${chips}` : String(chips);
}

export class EveningPanel {
  constructor(section, table) {
    this.section = section;
    this.table = table;
    this.body = section.querySelector(".evening-body");
    this.waiting = null; // the read to come, due at `due`
    this.due = 0;
    this.closed = false;
    const path = `/api/tables/${table}/evening`;
    section.querySelector("a.csv").href = `${path}?format=csv`;
    section.querySelector("a.csv").download = `croupier-table-${table}-evening.csv`;
    section.querySelector("a.json").href = path;
    section.querySelector("a.json").download = `croupier-table-${table}-evening.json`;
  }

  // A view of the table: the first one has the evening read; once the table has closed,
  // it is read a last time.
  viewed(message) {
    if (message.closed) this.ended();
    else if (this.due === 0) this.later(0);
  }

  // A step taken: the evening is read again soon if chips came or went, a little later if
  // not (at most once in that time).
  stepped(message) {
    if (this.closed) return;
    const moved = (message.events || []).some((event) => MOVED.includes(event.type));
    this.later(moved ? SOON : LATER);
  }

  // The table has closed: its evening is over, read once more.
  ended() {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.waiting);
    this.read();
  }

  later(wait) {
    if (this.waiting !== null && wait >= this.due - Date.now()) return;
    clearTimeout(this.waiting);
    this.due = Date.now() + wait;
    this.waiting = setTimeout(() => {
      this.waiting = null;
      this.read();
    }, wait);
  }

  async read() {
    try {
      this.draw(await get(`/api/tables/${this.table}/evening`));
    } catch {
      // the panel keeps what it last showed; the next change reads it again
    }
  }

  draw(evening) {
    this.section.hidden = evening.people.length === 0;
    const head = [_("Person"), _("Bought in"), pgettext("evening", "Brought"), pgettext("evening", "Given"), _("Took away"), _("At the table"), _("Net")];
    const rows = evening.people.map((p) =>
      el(
        "tr",
        { "data-person": p.name },
        el("th", { scope: "row" }, p.name),
        ...[p.bought_in, p.brought, p.given, p.took_away, p.at_table].map((n) => el("td", {}, String(n))),
        el("td", { class: p.net > 0 ? "up net" : p.net < 0 ? "down net" : "net" }, signed(p.net)),
      ),
    );
    const grid = el(
      "table",
      {},
      el("caption", {}, evening.closed ? _("The evening, settled: the table has closed.") : _("Tonight so far, in chips.")),
      el("thead", {}, el("tr", {}, ...head.map((words) => el("th", { scope: "col" }, words)))),
      el("tbody", {}, ...rows),
    );
    const house =
      evening.house > 0
        ? _("The house and the bots are up {chips} on the people.", { chips: evening.house })
        : evening.house < 0
          ? _("The house and the bots are down {chips} to the people.", { chips: -evening.house })
          : null;
    const payments = evening.payments.length
      ? el(
          "ul",
          { class: "payments", "aria-label": _("the fewest payments that settle the evening") },
          ...evening.payments.map((p) => el("li", {}, _("{payer} pays {payee} {chips}", p))),
        )
      : el("p", { class: "payments note" }, _("Nobody owes anybody."));
    const said = house ? el("p", { class: "house note" }, house) : null;
    clear(this.body).append(...[grid, said, payments].filter(Boolean));
  }
}
