// Building elements: el("button", {class: "x", "aria-label": "..."}, "text", child).
// Attributes starting with "on" are listeners; `null`/`false` attributes are left out.

import { _ } from "./i18n.js";

export function el(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") {
      element.addEventListener(name.slice(2), value);
    } else if (name === "class") {
      element.className = value;
    } else {
      element.setAttribute(name, value === true ? "" : String(value));
    }
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : String(child));
  }
  return element;
}

export function clear(element) {
  while (element.firstChild) element.firstChild.remove();
  return element;
}

// The page's one word for a place at the table: a seat, or at Punto Banco a box (a game's
// layout says which, js/games/README.md: `place`).
let place = "seat";

export function usePlace(word) {
  place = word === "box" ? "box" : "seat";
}

export function isBox() {
  return place === "box";
}

// Seats and boxes are numbered from 0 in JSON and from 1 in words (docs/protocol.md).
export function seatName(seat, names = {}) {
  const name = names[seat];
  const number = seat + 1;
  if (isBox()) return name ? _("box {number} ({name})", { number, name }) : _("box {number}", { number });
  return name ? _("seat {number} ({name})", { number, name }) : _("seat {number}", { number });
}

// A sentence with elements in it, for el(): `text` (translated) holds {name} where
// `parts[name]` goes, as in _("Checked by {command}.") with a <code> for the command.
export function pieces(text, parts) {
  return text.split(/\{(\w+)\}/).map((piece, index) => (index % 2 ? (parts[piece] ?? `{${piece}}`) : piece));
}
