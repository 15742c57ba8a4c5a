// "Close the table", for the table's hosts (its opener and co-hosts): the table ends its session at the next
// moment the rules allow (between coups), gives every seat its chips back and closes
// (POST /api/tables/{id}/close, docs/protocol.md "Closing"). The server checks who may.

import { ApiError, post } from "./api.js";
import { _ } from "./i18n.js";

export class CloseButton {
  constructor(button, note, table) {
    this.button = button;
    this.note = note;
    this.table = table;
    button.hidden = true;
    button.addEventListener("click", () => this.close());
  }

  // Shown to the table's hosts (its opener and co-hosts) while the table is open.
  shown(person, hosts, closed) {
    this.button.hidden = closed || person === null || !hosts.includes(person.id);
  }

  async close() {
    this.button.disabled = true;
    try {
      await post(`/api/tables/${this.table}/close`);
      this.note.textContent = _("The table closes at the next moment the rules allow: everyone seated gets their chips back.");
    } catch (error) {
      this.note.textContent = error instanceof ApiError ? _("Not closed: {reason}.", { reason: error.message }) : _("The server does not answer: is it running?");
      this.button.disabled = false;
    }
  }
}
