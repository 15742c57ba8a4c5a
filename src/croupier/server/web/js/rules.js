// A game's rule options as form fields, from its default rule set in /api/games: a number
// for a whole number, two numbers for a range (Limits low/high), text otherwise (a fraction
// such as "1/20", a variant's name, or empty for none). Only the options changed from the
// defaults are sent: the server refuses a bad one in words.

import { el } from "./dom.js";
import { _, pgettext } from "./i18n.js";

// i18n: the name of a rule in the lobby's form to open a table (a field of a game's rule set)
const NAMES = {
  table: pgettext("rule", "table"),
  punto: pgettext("rule", "punto"),
  banco: pgettext("rule", "banco"),
  egalite: pgettext("rule", "egalite"),
  // i18n: a limit's lowest stake, as in "punto low 10"
  low: pgettext("rule", "low"),
  // i18n: a limit's highest stake, as in "punto high 1000"
  high: pgettext("rule", "high"),
  commission: pgettext("rule", "commission"),
  egalite_pays: pgettext("rule", "egalite pays"),
  cut_card: pgettext("rule", "cut card"),
  tableau: pgettext("rule", "tableau"),
  commission_timing: pgettext("rule", "commission timing"),
  decks: pgettext("rule", "decks"),
  seats: pgettext("rule", "seats"),
  burn: pgettext("rule", "burn"),
  minimum_bank: pgettext("rule", "minimum bank"),
  minimum_stake: pgettext("rule", "minimum stake"),
  banker_play: pgettext("rule", "banker play"),
  cava: pgettext("rule", "cava"),
  minimum_monte: pgettext("rule", "minimum monte"),
  cut: pgettext("rule", "cut"),
  cut_on: pgettext("rule", "cut on"),
  cap: pgettext("rule", "cap"),
  deals_per_bank: pgettext("rule", "deals per bank"),
  extra_cards: pgettext("rule", "extra cards"),
  limit: pgettext("rule", "limit"),
  minimum: pgettext("rule", "minimum"),
  bank: pgettext("rule", "bank"),
  riders: pgettext("rule", "riders"),
};

// A rule's name in the page's language (an option no game had when this was written, as
// the API names it).
export function ruleName(name) {
  return NAMES[name] || name.replace(/_/g, " ");
}

function input(path, value) {
  const name = path.join(".");
  const said = path.length > 1 ? _("{rule} {part}", { rule: ruleName(path[0]), part: ruleName(path[1]) }) : ruleName(path[0]);
  const attributes = { name, "data-rule": name, "aria-label": said };
  if (typeof value === "number") {
    return el("input", { ...attributes, type: "number", step: Number.isInteger(value) ? 1 : "any", value, inputmode: "numeric" });
  }
  return el("input", { ...attributes, type: "text", value: value === null ? "" : String(value), placeholder: value === null ? _("none") : null });
}

export function ruleInputs(rules) {
  const made = [];
  for (const [field, value] of Object.entries(rules)) {
    if (field === "type") continue;
    if (value && typeof value === "object") {
      const parts = Object.entries(value).filter(([part]) => part !== "type");
      made.push(
        el("label", { class: "rule" }, `${ruleName(field)} `, parts.map(([part, inner]) => [el("span", { class: "note" }, `${ruleName(part)} `), input([field, part], inner), " "])),
      );
    } else {
      made.push(el("label", { class: "rule" }, `${ruleName(field)} `, input([field], value)));
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
