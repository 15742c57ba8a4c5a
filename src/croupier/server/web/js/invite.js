// A private table's invite, for the person who opened it: the link to send to friends, to
// copy, and a new one on asking, after which the old link lets nobody new in (POST
// /api/tables/{id}/invite, docs/protocol.md "Private tables"). The server checks who may.

import { ApiError, post } from "./api.js";
import { _ } from "./i18n.js";

// The link that lets its bearer in to private table `table`.
export function inviteLink(table, invite) {
  return `${location.origin}/table.html?${new URLSearchParams({ table, invite })}`;
}

export class InvitePanel {
  constructor(section, table) {
    this.section = section;
    this.table = table;
    this.link = section.querySelector("input");
    this.note = section.querySelector("[role=status]");
    section.querySelector(".copy").addEventListener("click", () => this.copy());
    section.querySelector(".renew").addEventListener("click", () => this.renew());
  }

  // Shown when the table's entry carries its invite: only its opener is given it.
  shown(entry) {
    this.section.hidden = !entry?.invite;
    if (entry?.invite) this.link.value = inviteLink(this.table, entry.invite);
  }

  async copy() {
    this.link.select();
    try {
      await navigator.clipboard.writeText(this.link.value);
      this.note.textContent = _("The link is copied: send it to the friends you invite.");
    } catch {
      this.note.textContent = _("Copy the selected link and send it to the friends you invite.");
    }
  }

  async renew() {
    try {
      const { invite } = await post(`/api/tables/${this.table}/invite`);
      this.link.value = inviteLink(this.table, invite);
      this.note.textContent = _("A new link: the old one lets nobody new in; those already in stay.");
    } catch (error) {
      this.note.textContent = error instanceof ApiError ? _("Not renewed: {reason}.", { reason: error.message }) : _("The server does not answer: is it running?");
    }
  }
}
