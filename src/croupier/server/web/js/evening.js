// The evening at this table (GET /api/tables/{id}/evening, docs/protocol.md "The evening"):
// for each person what they bought in, brought, took away and have at the table now, their
// net, what the house and the bots are up or down, and the fewest payments that settle
// the people among them; to download as CSV or JSON. Read again when the seats' chips
// change (at most once a second) and once the table has closed.

import { get } from "./api.js";
import { clear, el } from "./dom.js";
import { _ } from "./i18n.js";

const SETTLE = 1000; // ms: the chips change at every coup; the panel is read at most this often

function signed(chips) {
  return chips > 0 ? `+${chips}` : String(chips);
}

export class EveningPanel {
  constructor(section, table) {
    this.section = section;
    this.table = table;
    this.body = section.querySelector(".evening-body");
    this.seen = null; // the seats' chips the panel was last read for
    this.waiting = null;
    this.closed = false;
    const path = `/api/tables/${table}/evening`;
    section.querySelector("a.csv").href = `${path}?format=csv`;
    section.querySelector("a.csv").download = `croupier-table-${table}-evening.csv`;
    section.querySelector("a.json").href = path;
    section.querySelector("a.json").download = `croupier-table-${table}-evening.json`;
  }

  // A view of the table: read again if its seats' chips changed, or it has closed.
  viewed(message) {
    const seats = JSON.stringify(message.view?.seats ?? null);
    if (message.closed) this.ended();
    else if (seats !== this.seen) this.later(seats);
  }

  // The table has closed: its evening is over, read once more.
  ended() {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.waiting);
    this.read();
  }

  later(seats) {
    this.seen = seats;
    if (this.waiting === null) {
      this.waiting = setTimeout(() => {
        this.waiting = null;
        this.read();
      }, SETTLE);
    }
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
    const head = [_("Person"), _("Bought in"), _("Brought"), _("Took away"), _("At the table"), _("Net")];
    const rows = evening.people.map((p) =>
      el(
        "tr",
        { "data-person": p.name },
        el("th", { scope: "row" }, p.name),
        ...[p.bought_in, p.brought, p.took_away, p.at_table].map((n) => el("td", {}, String(n))),
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
