// The replayer (replay.html?table=ID&coup=N&step=K): a past coup of a table, step by step
// (GET /api/tables/{id}/coups/{n}, docs/protocol.md). Each step's view is drawn by the
// game's own layout (js/drawing.js) with no options, so that nothing on it acts; beside it
// the lines said up to the step (the step's own marked), the choice made at the step with
// the value of every option (js/choice.js), and once the coup is settled, its result. A coup
// whose shoe is over shows every card, and names the shuffle it was dealt from and whether
// that verifies; one whose shoe is in play is shown as the person's seat saw it. Step 0 is
// the table as the coup began, step k the table after its k-th step; the address always
// names the step shown, so that any step can be linked to.
//
// A layout keeps in its `memory` what earlier views showed (a Monte deal's bets, a Banchek
// settlement kept): each step is drawn after every step before it, off the page when the
// step is jumped to, so that a step looks the same whichever way it was come to. The options
// of a choice are said in the layout's words as the table stood when it was made (the
// step before it is the last drawn when they are said).

import { get } from "./api.js";
import { choicePanel } from "./choice.js";
import { replayLink } from "./coups.js";
import { clear, el, seatName } from "./dom.js";
import { drawView, layoutOf } from "./drawing.js";
import { chips } from "./figures.js";
import { _, languageSwitch, translate } from "./i18n.js";
import { settlementPanel } from "./result.js";
import { learnRules } from "./rules.js";
import { Stepper } from "./stepper.js";

const query = new URLSearchParams(location.search);
const table = Number(query.get("table"));
const number = Number(query.get("coup"));
const invite = query.get("invite");

const page = {
  title: document.getElementById("title"),
  status: document.getElementById("status"),
  layout: document.getElementById("layout"),
  shownAs: document.getElementById("shown-as"),
  said: document.getElementById("said"),
  choice: document.getElementById("choice"),
  choices: document.querySelector("nav.choices"),
  ways: document.querySelector("nav.coup-ways"),
  steps: document.querySelector("section.steps"),
};

const state = {
  coup: null, // the API's answer
  frames: [], // step 0 (the start), then each step's frame
  layout: null,
  names: {},
  memory: {},
  drawn: -1, // the step last drawn on the page
  before: "null", // the settlement the table showed as the coup began (the last coup's)
  stepper: null,
};

function api(path) {
  return get(`/api/tables/${table}/${path}${invite ? `?${new URLSearchParams({ invite })}` : ""}`);
}

function name(seat) {
  return seatName(seat, state.names);
}

// Step `i` drawn into `container`, after its step is heard (as the table page hears each
// step before the view after it).
function drawFrame(i, container) {
  const frame = state.frames[i];
  if (i > 0 && state.layout.hear) state.layout.hear({ type: "step", seq: frame.step, events: frame.events || [], said: frame.said || [] }, state.memory);
  const message = { type: "view", seq: frame.step, seat: state.coup.seat, view: frame.view, closed: false, plans: {} };
  return drawView(state.layout, message, { container, names: state.names, memory: state.memory });
}

function drawStep(k) {
  if (k !== state.drawn + 1) {
    state.memory = {};
    const off = el("div");
    for (let i = 0; i < k; i += 1) drawFrame(i, off);
  }
  const frame = state.frames[k];
  const choice = frame.decision ? choicePanel(frame.decision, state.layout.label, name) : null;
  page.layout.dataset.step = k;
  page.layout.dataset.seq = frame.step ?? "";
  page.layout.dataset.phase = frame.view.phase ?? "";
  const { h } = drawFrame(k, page.layout);
  state.drawn = k;
  const last = frame.view.last ?? null;
  if (last && JSON.stringify(last) !== state.before) {
    page.layout.prepend(settlementPanel(last, state.coup.seat, state.layout, h, { onGoOn: null, title: _("The result"), label: _("the coup's result") }));
  }
  clear(page.choice).append(choice ?? el("p", { class: "note" }, k === 0 ? _("The coup is about to begin.") : _("No choice was made at this step.")));
  drawSaid(k);
  for (const button of page.choices.querySelectorAll("button")) {
    if (Number(button.dataset.step) === k) button.setAttribute("aria-current", "step");
    else button.removeAttribute("aria-current");
  }
  const address = new URLSearchParams({ table, coup: number, step: k });
  if (invite) address.set("invite", invite);
  history.replaceState(null, "", `${location.pathname}?${address}`);
}

// The frames, each with its whole view: a frame gives the fields of its view that changed
// since the frame before (docs/protocol.md), laid over that one's; a view of another kind
// (its `type` given) whole.
function wholeViews(start, frames) {
  let view = start;
  return frames.map((frame) => {
    view = "type" in frame.view ? frame.view : { ...view, ...frame.view };
    return { ...frame, view };
  });
}

// The lines said at each step up to `k`, the step's own marked, the latest in sight.
function drawSaid(k) {
  const lines = [];
  for (let i = 1; i <= k; i += 1) {
    for (const line of state.frames[i].said || []) lines.push(el("li", { class: i === k ? "now" : null, "data-step": i }, line));
  }
  clear(page.said).append(...lines);
  page.said.scrollTop = page.said.scrollHeight;
}

// Every choice of the coup, to go to: its step, whose it was, and what it cost.
function drawChoices() {
  const made = state.frames.flatMap((frame, i) => (frame.decision ? [[i, frame.decision]] : []));
  if (!made.length) return;
  page.choices.append(
    el("h3", {}, _("Every choice of the coup")),
    el(
      "ul",
      {},
      made.map(([i, decision]) =>
        el(
          "li",
          {},
          el(
            "button",
            { type: "button", class: decision.cost.value > 0 ? "costly" : null, "data-step": i, onclick: () => state.stepper.go(i) },
            _("Step {step}: {seat}", { step: i, seat: name(decision.seat) }),
            decision.cost.value > 0 ? [" · ", _("cost"), " ", chips(decision.cost, `cost-${i}`, { signed: false })] : null,
          ),
        ),
      ),
    ),
  );
}

// Where the cards come from: a shoe that is over, its shuffle (none before the first) and
// whether it verifies (null: a table whose shuffles are not provably fair); a shoe in
// play, seen from the person's seat.
function shownAs(coup) {
  const shuffle = coup.shuffle?.number;
  if (coup.revealed && coup.shuffle?.verified === true) {
    return [_("Every card shown: its shoe is over. It was dealt from shuffle {number}, which verifies: its seed is the one committed to before the deal, and it gives these cards.", { number: shuffle }), "verified"];
  }
  if (coup.revealed && coup.shuffle?.verified === false) {
    return [_("Every card shown: its shoe is over. It was dealt from shuffle {number}, which does NOT verify: its proof does not check.", { number: shuffle }), "unverified"];
  }
  if (coup.revealed && shuffle !== undefined) return [_("Every card shown: its shoe is over. It was dealt from shuffle {number}.", { number: shuffle }), "note"];
  if (coup.revealed) return [_("Every card shown: its shoe is over."), "note"];
  if (coup.seat === null) return [_("Its shoe is still in play: the coup is shown as a spectator saw it, and what no one showed stays hidden until the shoe is over."), "note"];
  return [_("Its shoe is still in play: the coup is shown as your seat, {seat}, saw it, and what it did not see stays hidden until the shoe is over.", { seat: name(coup.seat) }), "note"];
}

// The ways on: back to the table's coups, and the coups before and after this one.
async function drawWays() {
  const back = new URLSearchParams({ table });
  if (invite) back.set("invite", invite);
  page.ways.append(el("a", { href: `table.html?${back}#coups` }, _("Back to the table")));
  const listed = await api("coups").catch(() => null);
  const numbers = (listed?.coups || []).map((c) => c.coup);
  const before = Math.max(...numbers.filter((n) => n < number));
  const after = Math.min(...numbers.filter((n) => n > number));
  if (Number.isFinite(before)) page.ways.append(" · ", el("a", { href: replayLink(table, before, invite), rel: "prev" }, `← ${_("Coup {coup}", { coup: before })}`));
  if (Number.isFinite(after)) page.ways.append(" · ", el("a", { href: replayLink(table, after, invite), rel: "next" }, `${_("Coup {coup}", { coup: after })} →`));
}

async function start() {
  translate(document);
  document.querySelector("header").append(languageSwitch());
  if (!Number.isInteger(table) || table < 1 || !Number.isInteger(number) || number < 1) {
    page.status.textContent = _("No coup is named: open one from a table's past coups.");
    page.status.className = "error";
    return;
  }
  document.title = _("croupier: table {table}, coup {coup}", { table, coup: number });
  drawWays();
  let coup;
  try {
    coup = await api(`coups/${number}`);
  } catch (error) {
    page.status.textContent = error.message;
    page.status.className = "error";
    return;
  }
  const games = await get("/api/games").catch(() => []);
  learnRules(games); // the fallback layout names the rules by their labels (js/rules.js)
  const title = games.find((g) => g.name === coup.game)?.title || coup.game;
  page.title.textContent = _("{game}, table {table}: coup {coup}", { game: title, table, coup: number });
  state.coup = coup;
  state.names = Object.fromEntries(Object.entries(coup.names || {}).map(([seat, who]) => [Number(seat), who]));
  state.frames = [{ step: null, view: coup.start, said: [], decision: null }, ...wholeViews(coup.start, coup.frames)];
  state.before = JSON.stringify(coup.start?.last ?? null);
  state.layout = await layoutOf(coup.game);
  const [words, kind] = shownAs(coup);
  page.shownAs.textContent = words;
  page.shownAs.className = kind;
  drawChoices();
  const total = coup.frames.length;
  state.stepper = new Stepper(page.steps, total, drawStep);
  const asked = Number(query.get("step") ?? 0);
  state.stepper.go(Number.isInteger(asked) ? asked : 0);
}

start();
