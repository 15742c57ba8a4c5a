// The lobby: sign up, log in and out, the account's balance, the tables (refreshed every
// few seconds), and opening a table with a game, its rules, bots and settings.

import { get, me, post } from "./api.js";
import { _, languageSwitch, ngettext, translate } from "./i18n.js";
import { clear, el } from "./dom.js";
import { freshPart, keepOpenersPart, sealOf } from "./fair.js";
import { learnRules, ruleInputs, ruleValues } from "./rules.js";

const REFRESH = 3000;
const find = (id) => document.getElementById(id);
let games = [];
let person = null;

function shown(id, yes) {
  find(id).hidden = !yes;
}

async function refreshPerson() {
  person = await me().catch(() => null);
  find("who").textContent = person
    ? ngettext("{name}: {n} chip", "{name}: {n} chips", person.chips, { name: person.name })
    : _("not logged in");
  shown("logout", person !== null);
  shown("entry", person === null);
  shown("open-section", person !== null);
}

function titleOf(name) {
  return games.find((game) => game.name === name)?.title || name;
}

function seatsOf(entry) {
  const taken = Object.entries(entry.taken || {}).sort((a, b) => Number(a[0]) - Number(b[0]));
  const who = taken.map(([seat, holder]) =>
    holder.bot ? _("{seat}: {name} (bot)", { seat: Number(seat) + 1, name: holder.name }) : `${Number(seat) + 1}: ${holder.name}`,
  );
  const count = _("{taken} of {seats} taken", { taken: taken.length, seats: entry.seats });
  return who.length ? `${count} — ${who.join(", ")}` : count;
}

// The stakes in words: "Stakes: punto 10 to 1000 · ... · égalité 10 to 200", a limit
// the rules do not set ("high": null) as "from 5"; and whether the table gives the odds.
// Each limit a whole message: its range, its lowest only, one amount.
const LIMITS = {
  punto: [_("punto {low} to {high}"), _("punto from {low}"), _("punto {low}")],
  banco: [_("banco {low} to {high}"), _("banco from {low}"), _("banco {low}")],
  egalite: [_("égalité {low} to {high}"), _("égalité from {low}"), _("égalité {low}")],
  bank: [_("bank {low} to {high}"), _("bank from {low}"), _("bank {low}")],
  stake: [_("stake {low} to {high}"), _("stake from {low}"), _("stake {low}")],
  monte: [_("monte {low} to {high}"), _("monte from {low}"), _("monte {low}")],
};

function limitWords(name, { low, high }) {
  const [range, from, one] = LIMITS[name] || ["{name} {low} to {high}", "{name} from {low}", "{name} {low}"];
  const text = high === null ? from : low === high ? one : range;
  return text.replace(/\{(\w+)\}/g, (whole, key) => String({ name, low, high }[key] ?? whole));
}

function stakesOf(entry) {
  const each = Object.entries(entry.stakes).map(([name, range]) => limitWords(name, range));
  if (entry.odds === false) each.push(_("no exact odds"));
  return _("Stakes: {stakes}", { stakes: each.join(" · ") });
}

function row(entry) {
  const link = (text, label, query = "") => el("a", { href: `table.html?table=${entry.id}${query}`, class: "button", "aria-label": label }, text);
  const state = entry.closed ? _("closed") : entry.here === false ? _("on another server process") : null;
  return el(
    "tr",
    { "data-table": entry.id },
    el("td", {}, String(entry.id)),
    el(
      "td",
      {},
      titleOf(entry.game),
      entry.private ? el("span", { class: "note private" }, ` · ${_("private")}`) : null,
      entry.described ? el("div", { class: "note described" }, entry.described) : null,
      entry.stakes ? el("div", { class: "note stakes" }, stakesOf(entry)) : null,
    ),
    el("td", {}, entry.taken ? seatsOf(entry) : ngettext("{n} seat", "{n} seats", entry.seats)),
    el(
      "td",
      {},
      state
        ? state
        : [
            person ? link(_("Sit down"), _("sit down at table {table}", { table: entry.id }), "&sit=1") : null,
            " ",
            link(_("Watch"), _("watch table {table}", { table: entry.id })),
          ],
    ),
  );
}

// A table's past coups where the person sat, with the evening in numbers (js/coups.js).
function lookBack(table) {
  return `table.html?${new URLSearchParams({ table, person: person.name })}#coups`;
}

// The tables the person brought chips to, with their net at each (GET /api/me/tables):
// what they took away less what they brought, an open table's chips still on it aside.
async function refreshMine() {
  const mine = person ? await get("/api/me/tables").catch(() => []) : [];
  shown("mine-section", mine.length > 0);
  const body = clear(find("mine").tBodies[0]);
  for (const entry of mine) {
    const net = entry.net > 0 ? `+${entry.net}` : String(entry.net);
    body.append(
      el(
        "tr",
        { "data-mine": entry.table },
        el("td", {}, el("a", { href: `table.html?table=${entry.table}` }, String(entry.table))),
        el(
          "td",
          {},
          titleOf(entry.game),
          entry.closed ? null : el("span", { class: "note" }, ` · ${_("open")}`),
          " · ",
          el("a", { class: "look-back", href: lookBack(entry.table) }, _("your coups, replayed")),
        ),
        el("td", {}, new Date(entry.opened).toLocaleString(document.documentElement.lang || undefined, { dateStyle: "medium", timeStyle: "short" })),
        el("td", { class: entry.net > 0 ? "up" : entry.net < 0 ? "down" : null }, net),
      ),
    );
  }
}

async function refreshTables() {
  try {
    const entries = await get("/api/tables");
    const body = clear(find("tables").tBodies[0]);
    if (!entries.length) body.append(el("tr", {}, el("td", { colspan: 4 }, _("No table is open yet."))));
    for (const entry of [...entries].reverse()) body.append(row(entry));
    find("tables-error").textContent = "";
  } catch (error) {
    find("tables-error").textContent = error.message;
  }
}

function chooseGame() {
  const game = games.find((g) => g.name === find("open").elements.game.value);
  const bots = find("open").elements.bots;
  const fieldset = clear(find("rules"));
  fieldset.append(el("legend", {}, _("Rules")));
  if (!game) return;
  bots.max = Math.max(0, (game.rules.seats ?? 7) - 1);
  fieldset.append(...ruleInputs(game.rules, game.options));
}

async function enter(event) {
  event.preventDefault();
  const form = event.target;
  const how = event.submitter?.value || "login";
  const body = { name: form.elements.name.value, password: form.elements.password.value };
  try {
    await post(how === "register" ? "/api/register" : "/api/login", body);
    find("enter-error").textContent = "";
    form.reset();
    await refreshPerson();
    await refreshTables();
    await refreshMine();
  } catch (error) {
    find("enter-error").textContent = error.message;
  }
}

async function open(event) {
  event.preventDefault();
  const form = event.target;
  const game = games.find((g) => g.name === form.elements.game.value);
  try {
    const part = freshPart(); // the opener's part of the first shuffle (js/fair.js)
    const sealed = await sealOf(part);
    const body = {
      game: game.name,
      bots: Number(form.elements.bots.value || 0),
      rules: ruleValues(find("rules"), game.rules),
      settings: {
        time_limit: Number(form.elements.time_limit.value),
        time_bank: Number(form.elements.time_bank.value || 0),
        allowance: Number(form.elements.allowance.value || 0),
        bot_pause: Number(form.elements.bot_pause.value),
        odds: form.elements.odds.checked,
        approval: form.elements.approval.checked,
        watchers: form.elements.watchers.checked,
      },
      ...(sealed ? { sealed } : {}), // its seal: the part is revealed at the table
      private: form.elements.private.checked,
    };
    const entry = await post("/api/tables", body);
    if (sealed) keepOpenersPart(entry.id, part);
    find("open-error").textContent = "";
    location.href = `table.html?table=${entry.id}`;
  } catch (error) {
    find("open-error").textContent = error.message;
  }
}

async function start() {
  translate(document);
  document.querySelector("header").append(languageSwitch());
  find("enter").addEventListener("submit", enter);
  find("open").addEventListener("submit", open);
  find("logout").addEventListener("click", async () => {
    await post("/api/logout").catch(() => null);
    await refreshPerson();
    await refreshTables();
    await refreshMine();
  });
  try {
    games = await get("/api/games");
    learnRules(games);
  } catch (error) {
    find("open-error").textContent = error.message;
  }
  const select = find("open").elements.game;
  for (const game of games) select.append(el("option", { value: game.name }, game.title));
  select.addEventListener("change", chooseGame);
  chooseGame();
  await refreshPerson();
  await refreshTables();
  await refreshMine();
  setInterval(() => {
    refreshTables();
    if (person) refreshPerson();
  }, REFRESH);
}

start();
