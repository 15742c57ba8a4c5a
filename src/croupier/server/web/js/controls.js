// The seat's legal options (view.legal.options) as controls. An exact action is a button;
// an Amounts option (template, low, high, fields, total) is a number input for each of its
// fields, within [low, high], and a button. Pressing one calls send(action). The page
// decides nothing: every control is an option the server sent, and the server checks again.

import { el } from "./dom.js";
import { _ } from "./i18n.js";

// What the person has typed in each amount field, kept across redraws: option key -> values.
const typed = new Map();

// An option's identity across views: its exact action, or its template's type and the
// fields that are not amounts (a Stake on punto stays the same control as its range moves).
export function optionKey(option) {
  if (option.type !== "Amounts") return JSON.stringify(option);
  const fixed = { ...option.template };
  for (const field of option.fields) delete fixed[field];
  return `amounts:${JSON.stringify(fixed)}`;
}

function words(name) {
  return name.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/_/g, " ").toLowerCase();
}

// i18n: an action's name on a control, where the game's layout gives none of its own
const KINDS = {
  AddToBank: _("Add to bank"),
  Banco: _("Banco"),
  Bid: _("Bid"),
  Choose: _("Choose"),
  CircleBet: _("Circle bet"),
  ClaimTurned: _("Claim turned"),
  CloseBets: _("Close bets"),
  CrossBet: _("Cross bet"),
  Cut: _("Cut"),
  DeclineBank: _("Decline bank"),
  DeclineTurn: _("Decline turn"),
  Done: _("Done"),
  DoublerBet: _("Doubler bet"),
  Draw: _("Draw"),
  DrawCard: _("Draw card"),
  EndSession: _("End session"),
  GiveUpBank: _("Give up bank"),
  Join: _("Join"),
  KeepBank: _("Keep bank"),
  LayoutBet: _("Layout bet"),
  Leave: _("Leave"),
  MonteCarloBet: _("Monte carlo bet"),
  OfferTurn: _("Offer turn"),
  OpenBank: _("Open bank"),
  Pass: _("Pass"),
  PassShoe: _("Pass shoe"),
  Peek: _("Peek"),
  PlayOn: _("Play on"),
  PutUpBank: _("Put up bank"),
  Rebuy: _("Bring chips"),
  RefuseRiders: _("Refuse riders"),
  Ride: _("Ride"),
  Shuffle: _("Shuffle"),
  ShufflePack: _("Shuffle pack"),
  Stake: _("Stake"),
  Stand: _("Stand"),
  TakeFromBank: _("Take from bank"),
  TurnCards: _("Turn cards"),
  TurnEarly: _("Turn early"),
  Wait: _("Wait"),
  Withdraw: _("Withdraw"),
};

// i18n: the name of an amount's field on a control (a Monte Carlo bet has three)
const FIELDS = { amount: _("amount"), circle: _("circle"), cross: _("cross"), doubler: _("doubler") };

function kindOf(type) {
  const kind = words(type);
  return KINDS[type] || `${kind[0].toUpperCase()}${kind.slice(1)}`;
}

// An amount's field in words: "circle", "amount".
export function fieldOf(field) {
  return FIELDS[field] || words(field);
}

// An action in words: "Stake: punto", "Offer turn: box 3", "Choose: draw". Seat and box
// numbers count from 1 as people say them. `label(action)` of a game says it better, in
// the page's language: the fields' values here ("draw", "punto") are the API's words.
export function describe(action, label = null) {
  const said = label ? label(action) : null;
  if (said) return said;
  const kind = kindOf(action.type);
  const parts = [];
  for (const [field, value] of Object.entries(action)) {
    if (field === "type" || field === "amount") continue;
    if (typeof value === "number" && field === "box") {
      parts.push(_("box {number}", { number: value + 1 }));
    } else if (typeof value === "number" && field === "seat") {
      parts.push(_("seat {number}", { number: value + 1 }));
    } else if (typeof value === "object" && value !== null) {
      parts.push(words(value.type || JSON.stringify(value)));
    } else {
      parts.push(`${words(field)} ${value}`.replace(/^(decision|bet|side|row) /, ""));
    }
  }
  return parts.length ? `${kind}: ${parts.join(", ")}` : kind;
}

function clamp(value, low, high) {
  return Math.min(high, Math.max(low, value));
}

// The most each field may take: the range, and the total shared out.
function most(option) {
  return option.total === null || option.total === undefined
    ? option.high
    : Math.min(option.high, Math.floor(option.total / option.fields.length));
}

// A control for one option. `text` overrides its words (a layout may say "Bet" on an area);
// `start`, the amount its fields hold before anything is typed (else the least).
export function control(option, send, { label = null, text = null, chips = [], start = null } = {}) {
  const key = optionKey(option);
  if (option.type !== "Amounts") {
    const name = text || describe(option, label);
    return el(
      "button",
      { type: "button", class: "act", "data-option": key, "aria-label": describe(option, label), onclick: () => send(option) },
      name,
    );
  }
  const high = most(option);
  const kept = typed.get(key) || {};
  const inputs = option.fields.map((field) => {
    const value = clamp(Number(kept[field] ?? start ?? option.low), option.low, high);
    const input = el("input", {
      type: "number",
      inputmode: "numeric",
      min: option.low,
      max: high,
      step: 1,
      value,
      required: true,
      name: field,
      "data-option": key,
      "data-field": field,
      "aria-label": _("{action}: {field}, {low} to {high}", { action: describe(option.template, label), field: fieldOf(field), low: option.low, high }),
      oninput: (event) => typed.set(key, { ...(typed.get(key) || {}), [field]: event.target.value }),
    });
    return el("label", { class: "amount" }, option.fields.length > 1 ? fieldOf(field) : null, input);
  });
  const form = el("form", { class: "amounts", "data-option": key });
  const buttons = chips
    .filter((chip) => chip >= option.low && chip <= high)
    .map((chip) =>
      el("button", {
        type: "button",
        class: "chip",
        "aria-label": _("set {amount}", { amount: chip }),
        onclick: () => {
          for (const input of form.querySelectorAll("input")) input.value = chip;
          typed.set(key, Object.fromEntries(option.fields.map((f) => [f, chip])));
        },
      }, String(chip)),
    );
  const name = text || describe(option.template, label);
  form.append(
    ...inputs,
    ...buttons,
    el("button", { type: "submit", class: "act", "data-option": key, "aria-label": _("{action} ({low} to {high})", { action: describe(option.template, label), low: option.low, high }) }, name),
    el("span", { class: "range" }, `${option.low}–${high}`),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const action = { ...option.template };
    for (const input of form.querySelectorAll("input[data-field]")) {
      action[input.dataset.field] = Math.trunc(Number(input.value));
    }
    send(action);
    typed.delete(key);
  });
  return form;
}

// Before a redraw: which control has the focus. After it: focus the same one again.
export function focused(root) {
  const active = document.activeElement;
  if (!active || !root.contains(active) || !active.dataset.option) return null;
  return { option: active.dataset.option, field: active.dataset.field || null, tag: active.tagName, element: active };
}

// An amount field that had the focus is put back itself in place of the one drawn anew
// (with the new one's range and words), so that a redraw never touches what is being typed
// there: not its text, not where the caret is, not what is selected.
export function refocus(root, was) {
  if (!was) return;
  for (const candidate of root.querySelectorAll("[data-option]")) {
    if (candidate.dataset.option === was.option && candidate.tagName === was.tag && (candidate.dataset.field || null) === was.field) {
      if (was.tag === "INPUT" && candidate !== was.element) {
        for (const name of ["min", "max", "aria-label"]) was.element.setAttribute(name, candidate.getAttribute(name));
        candidate.replaceWith(was.element);
        was.element.focus();
      } else {
        candidate.focus();
      }
      return;
    }
  }
}
