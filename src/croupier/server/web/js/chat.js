// Talk at the table (docs/protocol.md, "Talk at the table"): the lines said by the people
// seated and watching, shown as text (never markup) beside the log, a field to say one,
// and a mute for each person, kept in this browser (localStorage) for every table.
//
//   const chat = new Chat(section, (text) => line.say(text));
//   chat.heard(lines); chat.refused(reason); chat.enabled(online);

import { clear, el, seatName } from "./dom.js";
import { _ } from "./i18n.js";
import { NOT_SENT } from "./socket.js";

const LONGEST = 280; // the server's limit too (croupier.server._chat)
const MUTED = "croupier-muted";

function muted() {
  try {
    return new Set(JSON.parse(localStorage.getItem(MUTED) || "[]"));
  } catch {
    return new Set();
  }
}

export class Chat {
  constructor(section, say) {
    this.lines = new Map(); // id -> line, in the order heard
    this.list = section.querySelector("#chat");
    this.answer = section.querySelector("#chat-answer");
    this.input = section.querySelector("#chat-text");
    this.button = section.querySelector("#chat-say");
    this.input.maxLength = LONGEST;
    section.querySelector("form").addEventListener("submit", (event) => {
      event.preventDefault();
      const text = this.input.value.trim();
      if (!text) return;
      if (say(text)) {
        this.input.value = "";
        this.answer.textContent = "";
      } else {
        this.refused(NOT_SENT);
      }
    });
  }

  heard(lines) {
    for (const line of lines) this.lines.set(line.id, line);
    this.draw();
  }

  refused(reason) {
    this.answer.textContent = reason;
  }

  enabled(up) {
    this.input.disabled = !up;
    this.button.disabled = !up;
  }

  mute(name, on) {
    const names = muted();
    if (on) names.add(name.toLowerCase());
    else names.delete(name.toLowerCase());
    localStorage.setItem(MUTED, JSON.stringify([...names]));
    this.draw();
  }

  draw() {
    const names = muted();
    const atBottom = this.list.scrollTop + this.list.clientHeight >= this.list.scrollHeight - 4;
    clear(this.list);
    const hidden = new Set();
    for (const line of this.lines.values()) {
      const quiet = names.has(line.name.toLowerCase());
      if (quiet) {
        hidden.add(line.name);
        continue;
      }
      const where = line.seat === null ? _("watching") : seatName(line.seat);
      this.list.append(
        el(
          "li",
          { "data-chat-id": line.id },
          el("strong", { class: "chat-name" }, line.name),
          el("span", { class: "note" }, ` (${where})`),
          ": ",
          el("span", { class: "chat-text" }, line.text),
          " ",
          el("button", { type: "button", class: "mute", "aria-label": _("mute {name}", { name: line.name }), onclick: () => this.mute(line.name, true) }, _("mute")),
        ),
      );
    }
    for (const name of hidden) {
      this.list.append(
        el(
          "li",
          { class: "note" },
          _("{name} is muted.", { name }),
          " ",
          el("button", { type: "button", class: "mute", "aria-label": _("unmute {name}", { name }), onclick: () => this.mute(name, false) }, _("unmute")),
        ),
      );
    }
    if (atBottom) this.list.scrollTop = this.list.scrollHeight;
  }
}
