// Building elements: el("button", {class: "x", "aria-label": "..."}, "text", child).
// Attributes starting with "on" are listeners; `null`/`false` attributes are left out.

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

// Seats and boxes are numbered from 0 in JSON and from 1 in words (docs/protocol.md).
export function seatName(seat, names = {}) {
  const name = names[seat];
  return name ? `seat ${seat + 1} (${name})` : `seat ${seat + 1}`;
}
