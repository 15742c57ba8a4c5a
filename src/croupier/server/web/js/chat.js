// Talk at the table (docs/protocol.md, "Talk at the table"): the lines said by the people
// seated and watching, shown as text (never markup) beside the log, a field to say one,
// and a mute for each person, kept in this browser (localStorage) for every table. What is
// typed stays in the field until the line comes back said: a line refused (too many too
// fast, or longer than a line may be) is still there to say again, and a paste longer than
// a line is kept whole, with a word of how much to cut.
//
//   const chat = new Chat(section, (text) => line.say(text), () => myName);
//   chat.heard(lines); chat.refused(reason); chat.enabled(online);

import { clear, el, seatName } from "./dom.js";
import { _ } from "./i18n.js";
import { NOT_SENT } from "./socket.js";

const LONGEST = 280; // the server's limit too (croupier.server._chat)
const MUTED = "croupier-muted";

// The line as the server keeps it (croupier.server._chat.tidy): control and direction
// characters dropped, runs of white space made one space, the ends trimmed.
function tidy(text) {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]/g, " ").replace(/\s+/g, " ").trim();
}

function tooLong(length) {
  return _("This line has {n} characters: a line is at most {most}. Shorten it to say it.", { n: length, most: LONGEST });
}

function muted() {
  try {
    return new Set(JSON.parse(localStorage.getItem(MUTED) || "[]"));
  } catch {
    return new Set();
  }
}

export class Chat {
  constructor(section, say, me = () => null) {
    this.lines = new Map(); // id -> line, in the order heard
    this.list = section.querySelector("#chat");
    this.answer = section.querySelector("#chat-answer");
    this.input = section.querySelector("#chat-text");
    this.button = section.querySelector("#chat-say");
    this.me = me;
    this.pending = null; // the line sent, kept in the field until it comes back said
    this.input.addEventListener("input", () => this.measure());
    section.querySelector("form").addEventListener("submit", (event) => {
      event.preventDefault();
      const text = tidy(this.input.value);
      if (!text) return;
      if (text.length > LONGEST) {
        this.refused(tooLong(text.length));
      } else if (say(text)) {
        this.pending = text;
        this.answer.textContent = "";
      } else {
        this.refused(NOT_SENT);
      }
    });
  }

  // A line longer than a line may be is kept whole, and said so at once.
  measure() {
    const length = tidy(this.input.value).length;
    const long = length > LONGEST;
    this.input.setAttribute("aria-invalid", long ? "true" : "false");
    if (long) this.answer.textContent = tooLong(length);
    else if (this.answer.dataset.long) this.answer.textContent = "";
    if (long) this.answer.dataset.long = "1";
    else delete this.answer.dataset.long;
  }

  heard(lines) {
    for (const line of lines) {
      this.lines.set(line.id, line);
      if (this.pending !== null && line.text === this.pending && line.name === this.me()) {
        if (tidy(this.input.value) === this.pending) this.input.value = ""; // said: it may go
        this.pending = null;
      }
    }
    this.draw();
  }

  refused(reason) {
    this.pending = null; // not said: what was typed stays to say again
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
