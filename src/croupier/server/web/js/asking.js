// Asking to sit at a table whose host lets each person sit (the setting `approval`;
// docs/protocol.md "Asking to sit"): the host sees who asks, with the seat and the chips,
// and lets them sit or not (POST /api/tables/{id}/asking/{person}). The server checks who may.

import { ApiError, post } from "./api.js";
import { _, ngettext } from "./i18n.js";
import { clear, el } from "./dom.js";

export class AskingPanel {
  constructor(section, table, seatName) {
    this.section = section;
    this.table = table;
    this.seatName = seatName;
    this.list = section.querySelector("ul");
    this.note = section.querySelector("[role=status]");
  }

  // The host is told who is asking each time it changes (`asking`).
  heard(message) {
    const people = message.people || [];
    this.section.hidden = people.length === 0;
    clear(this.list);
    for (const asker of people) {
      const where = asker.seat === null ? _("a seat") : this.seatName(asker.seat);
      const answer = (yes) => el("button", { type: "button", onclick: () => this.answer(asker, yes) }, yes ? _("Let sit") : _("Refuse"));
      this.list.append(
        el("li", { "data-person": asker.person }, ngettext("{name} asks to sit at {seat} with {n} chip", "{name} asks to sit at {seat} with {n} chips", asker.chips ?? 0, { name: asker.name, seat: where }), " ", answer(true), " ", answer(false)),
      );
    }
  }

  async answer(asker, yes) {
    try {
      await post(`/api/tables/${this.table}/asking/${asker.person}`, { yes });
      this.note.textContent = yes ? _("{name} may sit.", { name: asker.name }) : _("{name} may not sit.", { name: asker.name });
    } catch (error) {
      this.note.textContent = error instanceof ApiError ? _("Not answered: {reason}.", { reason: error.message }) : _("The server does not answer: is it running?");
    }
  }
}
