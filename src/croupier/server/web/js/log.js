// The running log of the coup in words: each step's `said` lines (the server tells the coup
// as the terminal does), else the step's events in short. Kept in sessionStorage for the
// table, so that a reload shows what was said before it.

import { el } from "./dom.js";

const KEEP = 300;

function short(event) {
  const fields = Object.entries(event)
    .filter(([name, value]) => name !== "type" && name !== "audience" && value !== null && typeof value !== "object")
    .map(([name, value]) => `${name} ${value}`);
  return `${event.type}${fields.length ? ` (${fields.join(", ")})` : ""}`;
}

export class Log {
  constructor(list, table) {
    this.list = list;
    this.storage = `croupier-log-${table}`;
    this.lines = JSON.parse(sessionStorage.getItem(this.storage) || "[]");
    this.show(this.lines);
  }

  step(message) {
    this.add(...(Array.isArray(message.said) ? message.said : (message.events || []).map(short)));
  }

  // A step's lines are kept and shown together: the list is stored, and scrolled to its end
  // (which lays the page out at once), once a step rather than once a line.
  add(...lines) {
    if (!lines.length) return;
    this.lines = this.lines.concat(lines).slice(-KEEP);
    sessionStorage.setItem(this.storage, JSON.stringify(this.lines));
    this.show(lines);
  }

  show(lines) {
    this.list.append(...lines.map((line) => el("li", {}, line)));
    while (this.list.children.length > KEEP) this.list.firstChild.remove();
    this.list.scrollTop = this.list.scrollHeight;
  }
}
