// The exact figures of the odds panel (js/odds.js), and of each game's odds(odds, h) in its
// layout module (js/games/README.md): a figure as a percentage with its fraction, and a
// captioned table of them; and the replayer's values in chips of expectation (js/choice.js,
// js/numbers.js).

import { el } from "./dom.js";
import { _ } from "./i18n.js";

function percent(value, digits) {
  return `${(value * 100).toFixed(digits)}%`;
}

// One exact figure, {"value", "fraction"}: the percentage, the fraction in small text and
// in the title. `name` says which figure it is, for the tests (data-odds).
export function figure(exact, name, { signed = false, digits = 3 } = {}) {
  const shown = percent(exact.value, digits);
  return el(
    "td",
    { class: "figure", "data-odds": name, "data-value": exact.value, "data-fraction": exact.fraction, title: _("exactly {fraction}", { fraction: exact.fraction }) },
    el("span", { class: "percent" }, signed && exact.value > 0 ? `+${shown}` : shown),
    el("small", { class: "fraction" }, ...fractionParts(exact.fraction)),
  );
}

// An exact figure in chips of expectation, {"value", "fraction"}: to two decimals (a gain
// with its +, unless `signed` is false), the fraction in the title. `name` says which figure
// it is, for the tests (data-figure).
export function chips(exact, name, { signed = true, tag = "span" } = {}) {
  const shown = exact.value.toFixed(2);
  return el(
    tag,
    { class: "chips-figure", "data-figure": name, "data-value": exact.value, "data-fraction": exact.fraction, title: _("exactly {fraction}", { fraction: exact.fraction }) },
    signed && exact.value > 0 ? `+${shown}` : shown,
  );
}

// A share (a probability), {"value", "fraction"}: a percentage to one decimal, the fraction
// in the title.
export function share(exact, name) {
  return el(
    "span",
    { class: "share", "data-figure": name, "data-value": exact.value, "data-fraction": exact.fraction, title: _("exactly {fraction}", { fraction: exact.fraction }) },
    percent(exact.value, exact.value === 0 || exact.value === 1 ? 0 : 1),
  );
}

// "p/q", to break after the slash on a narrow screen.
function fractionParts(fraction) {
  const [top, bottom] = fraction.split("/");
  return bottom === undefined ? [fraction] : [`${top}/`, document.createElement("wbr"), bottom];
}

export function grid(caption, headers, rows) {
  return el(
    "table",
    { class: "odds-table" },
    el("caption", {}, caption),
    el("thead", {}, el("tr", {}, headers.map((words, index) => el("th", { scope: "col", class: index ? "figure" : null }, words)))),
    el("tbody", {}, rows),
  );
}
