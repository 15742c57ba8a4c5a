// The host's panel, for the table's host and co-hosts (the view's `hosting.hosts`): pause
// and resume between coups, remove a seat with a reason, give chips from the evening's
// allowance, change the time limit and the stake limits from the next coup, seat a bot or
// send one away while the table stands paused, name a co-host (the host alone). Each is one message,
// POST /api/tables/{id}/host (docs/protocol.md "Hosting"); the server checks who may, and
// everyone at the table hears what was done (`hosted`, in the log).

import { ApiError, post } from "./api.js";
import { _ } from "./i18n.js";
import { clear, el } from "./dom.js";
import { ruleInputs, ruleValues } from "./rules.js";

export class HostPanel {
  constructor(section, table) {
    this.section = section;
    this.table = table;
    this.form = section.querySelector("form");
    this.note = section.querySelector("[role=status]");
    this.hold = section.querySelector(".hold");
    this.seats = this.form.elements.host_seat;
    this.places = this.form.elements.host_botseat;
    this.hold.addEventListener("click", () => this.send({ control: this.held ? "resume" : "pause" }));
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.submitted(event.submitter?.value);
    });
    this.held = false;
    this.limits = null;
    this.fields = this.form.querySelector(".limits .fields");
  }

  // The table's stake limits as they stand (its entry's `limits`), the fields to change them
  // made once the panel is shown (by then the rules' labels have come: js/rules.js).
  limited(entry) {
    const limits = entry.limits || {};
    if (JSON.stringify(limits) === JSON.stringify(this.limits)) return; // (what is typed stays)
    this.limits = limits;
    this.fields.dataset.made = "";
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
    const view = message.view || {};
    const places = Array.isArray(view.boxes) ? view.boxes : Array.isArray(view.seats) ? view.seats : [];
    const place = this.places.value;
    clear(this.places);
    places.forEach((held, seat) => {
      const who = held === null ? _("free") : names[seat] ?? _("taken");
      this.places.append(el("option", { value: String(seat) }, _("{n} ({who})", { n: seat + 1, who })));
    });
    if (place !== "" && Number(place) < places.length) this.places.value = place;
    if (this.limits && !this.fields.dataset.made && !this.section.hidden) {
      this.fields.replaceChildren(...ruleInputs(this.limits));
      this.fields.dataset.made = "yes";
    }
    this.form.querySelector(".limits").hidden = !this.limits || Object.keys(this.limits).length === 0;
  }

  submitted(how) {
    const fields = this.form.elements;
    const seat = Number(fields.host_seat.value);
    if (how === "remove") this.send({ control: "remove", seat, reason: fields.host_reason.value });
    else if (how === "give") this.send({ control: "give", seat, chips: Number(fields.host_chips.value) });
    else if (how === "time") this.send({ control: "settings", settings: { time_limit: Number(fields.host_time_limit.value) } });
    else if (how === "limits") this.setLimits();
    else if (how === "cohost") this.send({ control: "cohost", name: fields.host_cohost.value.trim() });
    else if (how === "bot" || how === "nobot") this.send({ control: "bot", seat: Number(fields.host_botseat.value), yes: how === "bot" });
  }

  setLimits() {
    const changed = ruleValues(this.fields, this.limits);
    if (Object.keys(changed).length === 0) this.note.textContent = _("Change a limit first: these are the table's now.");
    else this.send({ control: "limits", limits: changed });
  }

  async send(control) {
    try {
      const answer = await post(`/api/tables/${this.table}/host`, control);
      this.note.textContent = _("Done: everyone at the table is told.");
      if (control.control === "remove") this.form.elements.host_reason.value = "";
      if (control.control === "limits") Object.assign(this.limits, answer.limits);
    } catch (error) {
      this.note.textContent = error instanceof ApiError ? _("Not done: {reason}.", { reason: error.message }) : _("The server does not answer: is it running?");
    }
  }
}
