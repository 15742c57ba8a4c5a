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
    for (const line of this.lines) this.show(line);
  }

  step(message) {
    const lines = Array.isArray(message.said) ? message.said : (message.events || []).map(short);
    for (const line of lines) this.add(line);
  }

  add(line) {
    this.lines.push(line);
    this.lines = this.lines.slice(-KEEP);
    sessionStorage.setItem(this.storage, JSON.stringify(this.lines));
    this.show(line);
  }

  show(line) {
    this.list.append(el("li", {}, line));
    while (this.list.children.length > KEEP) this.list.firstChild.remove();
    this.list.scrollTop = this.list.scrollHeight;
  }
}
