// A game's rule options as form fields, from its default rule set in /api/games: a number
// for a whole number, two numbers for a range (Limits low/high), text otherwise (a fraction
// such as "1/20", a variant's name, or empty for none). Only the options changed from the
// defaults are sent: the server refuses a bad one in words.

import { el } from "./dom.js";

function words(name) {
  return name.replace(/_/g, " ");
}

function input(path, value) {
  const name = path.join(".");
  const attributes = { name, "data-rule": name, "aria-label": words(path.join(" ")) };
  if (typeof value === "number") {
    return el("input", { ...attributes, type: "number", step: Number.isInteger(value) ? 1 : "any", value, inputmode: "numeric" });
  }
  return el("input", { ...attributes, type: "text", value: value === null ? "" : String(value), placeholder: value === null ? "none" : null });
}

export function ruleInputs(rules) {
  const made = [];
  for (const [field, value] of Object.entries(rules)) {
    if (field === "type") continue;
    if (value && typeof value === "object") {
      const parts = Object.entries(value).filter(([part]) => part !== "type");
      made.push(
        el("label", { class: "rule" }, `${words(field)} `, parts.map(([part, inner]) => [el("span", { class: "note" }, `${part} `), input([field, part], inner), " "])),
      );
    } else {
      made.push(el("label", { class: "rule" }, `${words(field)} `, input([field], value)));
    }
  }
  return made;
}

function read(text, before) {
  if (typeof before === "number") return text.trim() === "" ? null : Number(text);
  if (before === null) return text.trim() === "" ? null : /^\d+$/.test(text.trim()) ? Number(text) : text.trim();
  return text;
}

export function ruleValues(fieldset, rules) {
  const changed = {};
  for (const inputElement of fieldset.querySelectorAll("[data-rule]")) {
    const [field, part] = inputElement.dataset.rule.split(".");
    const before = part ? rules[field][part] : rules[field];
    const value = read(inputElement.value, before);
    if (value === before) continue;
    if (part) changed[field] = { ...(changed[field] || rules[field]), [part]: value };
    else changed[field] = value;
  }
  return changed;
}
