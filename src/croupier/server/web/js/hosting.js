// The host's panel, for the table's host and co-hosts (the view's `hosting.hosts`): pause
// and resume between coups, remove a seat with a reason, give chips from the evening's
// allowance, change the time limit, name a co-host (the host alone). Each is one message,
// POST /api/tables/{id}/host (docs/protocol.md "Hosting"); the server checks who may, and
// everyone at the table hears what was done (`hosted`, in the log).

import { ApiError, post } from "./api.js";
import { _ } from "./i18n.js";
import { clear, el } from "./dom.js";

export class HostPanel {
  constructor(section, table) {
    this.section = section;
    this.table = table;
    this.form = section.querySelector("form");
    this.note = section.querySelector("[role=status]");
    this.hold = section.querySelector(".hold");
    this.seats = this.form.elements.seat;
    this.hold.addEventListener("click", () => this.send({ control: this.held ? "resume" : "pause" }));
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.submitted(event.submitter?.value);
    });
    this.held = false;
  }

  // Shown to those who host the table, while it is open; `names`, seat to the name there.
  viewed(message, person, names) {
    const hosting = message.hosting || { hosts: [], held: false };
    const hosts = hosting.hosts || [];
    this.section.hidden = message.closed || person === null || !hosts.includes(person.id);
    this.form.querySelector(".cohosting").hidden = person === null || hosts[0] !== person.id;
    this.held = Boolean(hosting.held);
    this.hold.textContent = this.held ? _("Resume play") : _("Pause after this coup");
    const chosen = this.seats.value;
    clear(this.seats);
    for (const [seat, name] of Object.entries(names)) this.seats.append(el("option", { value: seat }, name));
    if (chosen in names) this.seats.value = chosen;
  }

  submitted(how) {
    const fields = this.form.elements;
    const seat = Number(fields.seat.value);
    if (how === "remove") this.send({ control: "remove", seat, reason: fields.reason.value });
    else if (how === "give") this.send({ control: "give", seat, chips: Number(fields.chips.value) });
    else if (how === "time") this.send({ control: "settings", settings: { time_limit: Number(fields.time_limit.value) } });
    else if (how === "cohost") this.send({ control: "cohost", name: fields.cohost.value.trim() });
  }

  async send(control) {
    try {
      await post(`/api/tables/${this.table}/host`, control);
      this.note.textContent = _("Done: everyone at the table is told.");
      if (control.control === "remove") this.form.elements.reason.value = "";
    } catch (error) {
      this.note.textContent = error instanceof ApiError ? _("Not done: {reason}.", { reason: error.message }) : _("The server does not answer: is it running?");
    }
  }
}
