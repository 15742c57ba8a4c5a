// A game's rule options as form fields, from its default rule set and its options' descriptions
// in /api/games (each one's label, a range's parts' too, and its help, in the page's language;
// the fallback layout, js/games/generic.js, names a table's rules by the same labels):
// one of its choices for an option that has them (a variant's name, a number of cards), a box to
// tick for yes or no, a number for a whole number, two numbers for a range (Limits low/high),
// text otherwise (a fraction such as "1/20", or empty for none). Only the options changed from
// the defaults are sent: the server refuses a bad one in words.

import { el } from "./dom.js";
import { _ } from "./i18n.js";

// The rules' labels in the page's language, by field (a range's parts too), as /api/games
// gives them (`learnRules`); an option no game the page has heard of has, as the API names it.
const LABELS = {};

export function learnRules(games) {
  for (const game of games) {
    for (const option of game.options || []) Object.assign(LABELS, { [option.name]: option.label }, option.parts || {});
  }
}

export function ruleName(name) {
  return LABELS[name] || name.replace(/_/g, " ");
}

function input(path, value, said, choices = null) {
  const name = path.join(".");
  const attributes = { name, "data-rule": name, "aria-label": said };
  if (choices) {
    const listed = choices.map((choice) => el("option", { value: String(choice), selected: choice === value }, String(choice)));
    return el("select", attributes, listed);
  }
  if (typeof value === "boolean") {
    return el("input", { ...attributes, type: "checkbox", checked: value });
  }
  if (typeof value === "number") {
    return el("input", { ...attributes, type: "number", step: Number.isInteger(value) ? 1 : "any", value, inputmode: "numeric" });
  }
  return el("input", { ...attributes, type: "text", value: value === null ? "" : String(value), placeholder: value === null ? _("none") : null });
}

export function ruleInputs(rules, options = []) {
  const help = Object.fromEntries(options.map((option) => [option.name, option.help]));
  const choices = Object.fromEntries(options.map((option) => [option.name, option.choices]));
  const made = [];
  for (const [field, value] of Object.entries(rules)) {
    if (field === "type") continue;
    const label = ruleName(field);
    const attributes = { class: "rule", title: help[field] || null };
    if (value && typeof value === "object") {
      const parts = Object.entries(value).filter(([part]) => part !== "type");
      made.push(
        el(
          "label",
          attributes,
          `${label} `,
          parts.map(([part, inner]) => [
            el("span", { class: "note" }, `${ruleName(part)} `),
            input([field, part], inner, _("{rule} {part}", { rule: label, part: ruleName(part) })),
            " ",
          ]),
        ),
      );
    } else {
      made.push(el("label", attributes, `${label} `, input([field], value, label, choices[field])));
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
    const value = inputElement.type === "checkbox" ? inputElement.checked : read(inputElement.value, before);
    if (value === before) continue;
    if (part) changed[field] = { ...(changed[field] || rules[field]), [part]: value };
    else changed[field] = value;
  }
  return changed;
}
