// The table's past coups on its page (GET /api/tables/{id}/coups, docs/protocol.md): each
// coup settled with its number, its shoe, who sat and what each won or lost, its biggest
// stake, and whether every card of it is shown (its shoe is over) or only what this seat saw;
// each opens in the replayer (replay.html). Only one person's coups, when one is chosen (or
// named by the address's `person`, as the lobby's "your coups" links do). Below
// them, the evening in numbers (js/numbers.js). Read when the panel is opened, again at each
// coup settled while it is open, and once the table has closed, when the panel opens itself.

import { get } from "./api.js";
import { clear, el } from "./dom.js";
import { _, ngettext } from "./i18n.js";
import { numbersTable } from "./numbers.js";

function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

// The replayer's address for coup `coup` of `table`, at its start.
export function replayLink(table, coup, invite = null) {
  const query = new URLSearchParams({ table, coup, step: 0 });
  if (invite) query.set("invite", invite);
  return `replay.html?${query}`;
}

export class CoupsPanel {
  constructor(details, table, invite = null) {
    this.details = details;
    this.body = details.querySelector(".coups-body");
    this.table = table;
    this.invite = invite;
    this.person = new URLSearchParams(location.search).get("person") || ""; // whose coups are listed ("": everyone's)
    this.people = new Set(this.person ? [this.person] : []); // the people's names seen at the table, to choose from
    this.last = undefined; // the last settlement drawn (its JSON)
    this.asked = 0; // the reads made: an answer to one older than the last is dropped
    this.closed = false;
    details.addEventListener("toggle", () => {
      if (details.open) this.read();
    });
    if (location.hash === `#${details.id}`) details.open = true;
  }

  // A view drawn: a coup newly settled (a new `last`) is read while the panel is open.
  viewed(message) {
    if (message.closed) {
      this.ended();
      return;
    }
    const last = JSON.stringify(message.view?.last ?? null);
    if (last === this.last) return;
    const first = this.last === undefined;
    this.last = last;
    if (!first && this.details.open) this.read();
  }

  // The table has closed: the evening is over, and its numbers are shown.
  ended() {
    if (this.closed) return;
    this.closed = true;
    if (this.details.open) this.read();
    else this.details.open = true; // (which reads)
  }

  path(what, extra = {}) {
    const query = new URLSearchParams(extra);
    if (this.invite) query.set("invite", this.invite);
    const said = query.toString();
    return `/api/tables/${this.table}/${what}${said ? `?${said}` : ""}`;
  }

  async read() {
    const asked = ++this.asked;
    this.body.setAttribute("aria-busy", "true");
    try {
      // the list first: the numbers value every coup, which the first time takes a while
      const counting = get(this.path("numbers")).catch(() => null);
      const coups = await get(this.path("coups", this.person ? { person: this.person } : {}));
      if (asked === this.asked) this.draw(coups, null);
      const numbers = await counting;
      if (asked === this.asked && numbers) this.draw(coups, numbers);
    } catch (error) {
      if (asked !== this.asked) return;
      if (error.status === 429) {
        setTimeout(() => asked === this.asked && this.read(), 1000); // too many reads at once: again
        return;
      }
      clear(this.body).append(el("p", { class: "error" }, _("The coups could not be had: {reason}", { reason: error.message })));
    } finally {
      if (asked === this.asked) this.body.removeAttribute("aria-busy");
    }
  }

  // Only the coups where `person` sat ("": every coup).
  choose(person) {
    this.person = person;
    this.read();
  }

  draw(answer, numbers) {
    for (const coup of answer.coups) for (const s of coup.seats) if (s.person) this.people.add(s.name);
    const items = answer.coups.map((coup) => this.item(coup));
    const none = this.person ? _("No coup settled yet with {person} at the table.", { person: this.person }) : _("No coup has been settled at this table yet.");
    const parts = [
      this.people.size ? this.filter() : null,
      items.length ? el("ul", { class: "coups-list" }, items.reverse()) : el("p", { class: "note" }, none),
      numbers ? el("h3", {}, _("The evening in numbers")) : null,
      numbers ? numbersTable(numbers) : null,
    ];
    clear(this.body).append(...parts.filter((part) => part !== null));
  }

  filter() {
    const select = el(
      "select",
      { name: "person", onchange: (event) => this.choose(event.target.value) },
      el("option", { value: "" }, _("everyone")),
      [...this.people].sort().map((name) => el("option", { value: name, selected: name === this.person }, name)),
    );
    return el("label", { class: "coups-filter" }, _("Coups of"), " ", select);
  }

  item(coup) {
    const nets = coup.nets || {};
    const seats = coup.seats.map((s) => `${s.name} ${signed(nets[String(s.seat)] ?? 0)}`).join(" · ");
    const ended = coup.at ? new Date(coup.at) : null; // when its last step was committed
    const facts = [
      ended ? el("time", { datetime: coup.at }, ended.toLocaleTimeString(document.documentElement.lang || undefined, { timeStyle: "short" })) : null,
      _("shoe {shoe}", { shoe: coup.shoe }),
      coup.biggest ? ngettext("biggest stake {n} chip", "biggest stake {n} chips", coup.biggest) : _("no stake"),
      coup.revealed ? _("every card shown") : _("its shoe in play: shown as you saw it"),
    ];
    return el(
      "li",
      { "data-coup": coup.coup, "data-revealed": coup.revealed ? "true" : "false" },
      el("a", { href: replayLink(this.table, coup.coup, this.invite) }, _("Coup {coup}", { coup: coup.coup })),
      " ",
      el("span", { class: "note" }, ...facts.filter((fact) => fact !== null).flatMap((fact, n) => (n ? [" · ", fact] : [fact]))),
      el("span", { class: "coup-nets" }, seats),
    );
  }
}
