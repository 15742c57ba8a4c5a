// The table page (table.html?table=ID): a thin view of the seat's view. It opens the
// table's websocket, draws each view it is sent, and offers exactly the legal actions the
// view carries; the server checks every one again.
//
// THE GAME-LAYOUT CONTRACT (js/games/README.md says the same, with an example)
//
// A game's layout is the module js/games/<game>.js, <game> the API's name of the game
// ("punto-banco", "chemin-de-fer", "monte-bank", "private-monte", "banchek"). Without
// one, js/games/generic.js shows the view's fields. The module exports:
//
//   render(view, seat, helpers)   required. Draw the table from `view` (the engine's view
//                                 for `seat`, encoded: its own cards, the public ones, a
//                                 hidden card as null) into helpers.container, emptied
//                                 before each call. `seat` is the seat held, or null.
//   label(action)                 optional. An action (or an Amounts template) in words,
//                                 or undefined for the generic words.
//   shownName, winnerWords, settledLines, placeName, resultTitle
//                                 optional. The words of the last settlement, which the
//                                 page draws above the layout from view.last (js/result.js).
//   roundWord                     optional. The game's word for a coup ("deal"), as in the
//                                 page's "Leave after this deal".
//   hear(step, memory)            optional. Each step message as it comes (its events,
//                                 redacted for this seat, and its `said` lines), to keep
//                                 in `memory` what views do not carry (the burn card).
//                                 `memory` is the module's own object, kept while the
//                                 page is open.
//   odds(odds, h)                 optional. The odds panel's contents from the server's
//                                 exact odds of the seat's view (GET /api/tables/{id}/odds,
//                                 its `odds`), as a list of elements; h: el, card, figure
//                                 (an exact figure's cell), grid (a captioned table). Without
//                                 it, js/odds.js shows the odds' fields.
//
// helpers (made by js/drawing.js, which the replayer of past coups draws with too):
//   container                 the element to draw into
//   el(tag, attrs, ...kids)   build an element (js/dom.js)
//   card(text), hand(cards, caption, attrs)
//                             a drawn card ("7D"; null: face down), a row of cards
//   options                   view.legal.options: what this seat may do now
//   find(test)                the options for which test(option) is true
//   control(option, {text, chips})
//                             the control for one option (a button, or number inputs and a
//                             button for an Amounts option; `chips`: quick amounts), to place
//                             on the layout (a Monte bet on its card). Every option not
//                             placed so is shown in the action bar under the layout, so
//                             each legal action is offered exactly once.
//   seatName(seat)            "seat 3 (ada)": seats count from 1 in words
//   names                     seat -> the name of who holds it
//   memory                    the object hear() fills
//   message                   the whole view message (waiting, closed, paid_out)
//
// A layout never decides what is legal and never shows a card its view does not carry.

import { get, me, post } from "./api.js";
import { _, languageSwitch, ngettext, translate } from "./i18n.js";
import { control, describe, focused, refocus } from "./controls.js";
import { CloseButton } from "./closing.js";
import { Chat } from "./chat.js";
import { clear, el, isBox, seatName } from "./dom.js";
import { drawView, layoutOf } from "./drawing.js";
import { Log } from "./log.js";
import { resultPanel } from "./result.js";
import { learnRules } from "./rules.js";
import { FairPanel } from "./fair.js";
import { AskingPanel } from "./asking.js";
import { Caller } from "./call.js";
import { InvitePanel } from "./invite.js";
import { HostPanel } from "./hosting.js";
import { EveningPanel } from "./evening.js";
import { CoupsPanel } from "./coups.js";
import { HistoryButton, OddsPanel } from "./odds.js";
import { seating } from "./seating.js";
import { NOT_SENT, TableLine } from "./socket.js";
import { Clock } from "./timer.js";
import * as generic from "./games/generic.js";

const page = {
  status: document.getElementById("status"),
  title: document.getElementById("title"),
  who: document.getElementById("who"),
  chips: document.getElementById("table-chips"),
  layout: document.getElementById("layout"),
  actions: document.getElementById("actions"),
  answer: document.getElementById("answer"),
  clock: document.getElementById("clock"),
  log: document.getElementById("log"),
  paused: document.getElementById("paused"),
};

const query = new URLSearchParams(location.search);
const table = Number(query.get("table"));
const invited = query.get("invite"); // a private table's invite, from the link its opener sent
// The lobby's "Sit down" (`sit=1`), or a place chosen while none could be taken: the wish to
// sit down, kept until the person sits, or drops it. `seat`: where (null: the first free),
// `chips`: the buy-in (null: 500 or what the account allows); `sent` once its Join is.
let wish = query.get("sit") === "1" ? { seat: null, chips: null, sent: false } : null;
const state = {
  game: null,
  layout: generic,
  memory: {},
  names: {},
  message: null,
  person: null,
  line: null,
  online: false,
  confirming: false, // "Get up" pressed: the page asks before it sends the Leave
  taken: null, // the last action this page sent that was taken: {action (its JSON), seq (its step)}
};

function say(where, words, kind = "note") {
  where.textContent = words;
  where.className = kind;
}

async function loadLayout(game) {
  state.layout = await layoutOf(game);
  state.odds.drawnBy(state.layout);
}

async function loadNames() {
  try {
    const entry = await get(`/api/tables/${table}${invited ? `?${new URLSearchParams({ invite: invited })}` : ""}`);
    state.invite.shown(entry);
    state.hosting.limited(entry);
    state.names = Object.fromEntries(Object.entries(entry.taken || {}).map(([seat, who]) => [Number(seat), who.name]));
    if (!state.game) state.game = entry.game;
  } catch {
    // a closed table has no entry: the seats stay unnamed
  }
}

async function loadTitle(game) {
  const found = await get("/api/games").catch(() => []);
  learnRules(found); // the fallback layout names the rules by their labels (js/rules.js)
  draw(); // a view drawn before the labels came is drawn again with them
  const title = found.find((g) => g.name === game)?.title || game;
  page.title.textContent = title;
  document.title = _("croupier: {game}, table {table}", { game: title, table });
  state.call.retitle(); // (a call made before the title came stays on it)
}

async function loadPerson() {
  state.person = await me().catch(() => null);
  page.who.textContent = state.person
    ? ngettext("{name}: {n} chip in your account", "{name}: {n} chips in your account", state.person.chips, { name: state.person.name })
    : _("not logged in");
}

function send(action, seat = null) {
  if (!state.online) {
    say(page.answer, NOT_SENT, "error");
    return;
  }
  say(page.answer, "");
  if (action.type === "Join") state.joining = { action, seat }; // asked again once the host says yes
  state.line.act(action, seat, action.type === "Join" ? state.fair.joining() : null);
}

// The chips this page's seat has at the table, from the view: a seat's, or a box's.
function tableChips(view, seat) {
  if (seat === null || seat === undefined) return null;
  if (Array.isArray(view.boxes)) return view.boxes[seat]?.chips ?? null;
  if (Array.isArray(view.seats)) return view.seats[seat] ?? null;
  return null;
}

// While the socket is down, or the table is paused (its database away), every control is
// disabled and the page says so. A table its host has paused says so too; what the server
// takes then (coming and going), the page still offers.
function online(up) {
  state.online = up;
  const paused = state.message?.paused || null;
  const halted = state.message?.hosting?.halted ? _("the host has paused the table: play goes on once they resume") : null;
  state.chat?.enabled(up && !paused); // a line said is stored before it is told
  document.body.classList.toggle("offline", !up);
  document.body.classList.toggle("paused", Boolean(paused));
  const banner = paused || halted;
  page.paused.hidden = !banner;
  page.paused.textContent = banner ? `${banner[0].toUpperCase()}${banner.slice(1)}.` : "";
  for (const control of document.querySelectorAll("#layout button, #layout input, #layout select, #actions button, #actions input, #actions select")) {
    control.disabled = !up || Boolean(paused);
  }
}

function draw() {
  const message = state.message;
  if (!message) return;
  const { view, seat } = message;
  if (view === null) { // the host lets nobody watch: the seats open, and no play
    clear(page.layout).append(el("p", { class: "note" }, _("The host lets nobody watch this table: sit down to see it.")));
    drawActions(message, [], 0);
    state.clock.set({}, seat, state.names);
    online(state.online);
    return;
  }
  const was = focused(document.body);
  const options = view.legal?.options || [];
  page.layout.dataset.seq = message.seq;
  page.layout.dataset.seat = seat ?? "";
  page.layout.dataset.phase = view.phase ?? "";
  const { h: helpers, placed } = drawView(state.layout, message, { container: page.layout, names: state.names, memory: state.memory, send });
  const shown = resultPanel(view, seat, state.layout, helpers, draw);
  if (shown) page.layout.prepend(shown);
  drawActions(message, options.filter((option) => !placed.has(option)), placed.size);
  state.clock.set(message.closed ? {} : message, seat, state.names, () => state.call.late());
  state.call.turn(!message.closed && seat !== null && (view.to_act || []).includes(seat));
  const chips = tableChips(view, seat);
  page.chips.textContent = chips === null ? "" : ngettext("{n} chip at this table", "{n} chips at this table", chips);
  online(state.online);
  refocus(document.body, was);
}

// The places free at the table now (a seat, or a box, that no one holds), from the view.
function freePlaces(view) {
  if (view === null) return Object.keys(state.message?.open_seats || {}).map(Number); // not watching
  const places = Array.isArray(view.boxes) ? view.boxes : Array.isArray(view.seats) ? view.seats : [];
  return places.flatMap((held, index) => (held === null ? [index] : []));
}

// The wish to sit down, done or dropped: a reload does not sit the person down again.
function forgetWish() {
  wish = null;
  const address = new URL(location.href);
  if (!address.searchParams.has("sit")) return;
  address.searchParams.delete("sit"); // (an invite stays)
  history.replaceState(null, "", `${address.pathname}${address.search}`);
}

// Sit the person down as they wished, as soon as the rules allow: at the place chosen (the
// first free one, for the lobby's "Sit down"), or the first open if someone took it, with
// the chips chosen, else 500 or what the seat and the account allow. Until a place opens
// (a coup under way), the seating panel says where they will sit (`seating`).
function sitDown(message) {
  if (!wish || message.closed || !state.online) return;
  if (message.seat !== null) {
    forgetWish();
    return;
  }
  const free = freePlaces(message.view);
  if (wish.seat === null || !free.includes(wish.seat)) {
    wish.seat = free[0] ?? null;
    if (wish.seat === null) {
      forgetWish(); // every place taken: the panel says so
      return;
    }
  }
  const seats = Object.keys(message.open_seats || {}).map(Number).sort((a, b) => a - b);
  if (wish.sent || !seats.length) return;
  const seat = seats.includes(wish.seat) ? wish.seat : seats[0];
  const option = message.open_seats[String(seat)];
  const balance = state.person?.chips ?? option.high;
  const chips = Math.min(wish.chips ?? 500, option.high, balance);
  if (chips < option.low) {
    forgetWish();
    say(
      page.answer,
      ngettext("Your account holds {n} chip: sitting down here takes at least {low}.", "Your account holds {n} chips: sitting down here takes at least {low}.", balance, { low: option.low }),
      "error",
    );
    draw();
    return;
  }
  wish.sent = true;
  send({ ...option.template, amount: Math.max(option.low, chips) }, seat);
}

function drawActions(message, offered, placed) {
  let rest = offered;
  clear(page.actions);
  if (message.closed) {
    const paid = Object.entries(message.paid_out || {}).map(([s, chips]) =>
      ngettext("{seat} got {n} chip back", "{seat} got {n} chips back", chips, { seat: seatName(Number(s), state.names) }),
    );
    page.actions.append(el("p", { class: "note" }, _("The table is closed. {paid}", { paid: paid.join("; ") })), ways(true));
    return;
  }
  if (message.seat === null) {
    const later = {
      free: freePlaces(message.view),
      wish: wish && wish.seat !== null ? wish : null,
      want: (seat, chips) => {
        wish = { seat, chips, sent: false };
        draw();
        sitDown(state.message);
      },
      cancel: () => {
        forgetWish();
        draw();
      },
    };
    page.actions.append(seating(message.open_seats || {}, state.person?.chips ?? null, (seat, action) => send(action, seat), state.names, later));
    return;
  }
  const leave = rest.find(isLeave);
  if (!leave) state.confirming = false;
  const rebuy = rest.find(isRebuy);
  page.actions.append(seatMenu(message, plans(message, leave), rebuy ? bringChips(rebuy) : null));
  rest = rest.filter((option) => !isRebuy(option) && !isLeave(option) && !SITTING.includes(option.type));
  const yours = message.view.to_act.includes(message.seat);
  page.actions.append(el("p", { class: "turn" }, turnWords(yours, placed > 0, rest.length > 0)));
  rest.forEach((option, index) => {
    const made = control(option, send, { label: state.layout.label });
    if (index < 9) {
      made.dataset.shortcut = String(index + 1);
      const button = made.tagName === "FORM" ? made.querySelector("button[type=submit]") : made;
      button.append(el("kbd", { "aria-hidden": "true" }, String(index + 1)));
    }
    page.actions.append(made);
  });
}

// Whose turn it is, and where the controls are: on the table (placed by the layout), here
// in the action bar (the rest), or both.
function turnWords(yours, placed, rest) {
  if (!placed && !rest) return _("Nothing to do just now.");
  if (yours) return placed ? (rest ? _("Your turn on the table, or here:") : _("Your turn on the table.")) : _("Your turn:");
  return placed ? (rest ? _("You may act on the table, or here:") : _("You may act on the table.")) : _("You may act:");
}

// Sitting out of the game and coming back (Banchek's SitOut, SitIn): the plans' "Sit out"
// toggle says them, and the table takes them at the moment the rules allow.
const SITTING = ["SitOut", "SitIn"];

function isRebuy(option) {
  return option.type === "Amounts" && option.template.type === "Rebuy";
}

function isLeave(option) {
  return option.type === "Leave";
}

// Where to go from a table the page is done with: back to the lobby, and from a closed
// table to its hand history (GET /api/tables/{id}/history, the whole session).
function ways(closed) {
  const history = closed
    ? el("a", { href: `/api/tables/${table}/history`, download: `croupier-table-${table}.json`, class: "history" }, _("The table's hand history"))
    : null;
  return el("p", { class: "ways" }, el("a", { href: "/" }, _("Back to the lobby")), history ? " · " : null, history);
}

// The socket has stopped for good (`code`, js/socket.js): the table is closed, or there is
// no such table, or this page may not open it. The page says so where its actions were,
// and shows the ways on.
function ended(code) {
  state.confirming = false;
  state.clock.set({}, null, state.names);
  const closed = code === 4410 || Boolean(state.message?.closed);
  const words = closed ? _("The table is closed.") : code === 4404 ? _("There is no table {table}.", { table }) : null;
  clear(page.actions).append(words ? el("p", { class: "note" }, words) : null, ways(closed));
  if (closed) {
    state.history.viewed({ closed: true });
    state.evening.ended();
    state.coups.ended();
    followOn(Boolean(state.message));
  }
}

// A bot table that has closed goes on at another of its game (`next` in its entry): a link
// to it followed later leads there at once; one who was at it when it closed is told where.
async function followOn(seen) {
  const entry = await get(`/api/tables/${table}`).catch(() => null);
  if (!entry?.next) return;
  const there = `table.html?table=${entry.next}`;
  if (!seen) {
    location.replace(there);
    return;
  }
  page.actions.append(el("p", { class: "ways next" }, _("Its game goes on at table {next}:", { next: entry.next }), " ", el("a", { href: there }, _("go there"))));
}

// The question asked (`on`) or put away, and the focus where the next press of the same
// key does no harm: on "No, stay", or back on "Get up".
function asked(on) {
  state.confirming = on;
  draw();
  page.actions.querySelector(on ? "[data-option='get-up:stay']" : "[data-option='get-up']")?.focus();
}

// Getting up now (the Leave the rules allow at this moment): beside the plans, never on a
// number key (the keys of the actions, which move as the actions change), and asked
// again before it is sent, so that a key or a click meant for another action never takes
// a person from the table.
function getUp(leave) {
  const name = describe(leave, state.layout.label);
  if (!state.confirming) {
    return el("button", { type: "button", class: "plan get-up", "data-option": "get-up", onclick: () => asked(true) }, name);
  }
  const answer = (option, words, then) =>
    el("button", { type: "button", class: `plan ${option}`, "data-option": `get-up:${option}`, onclick: then }, words);
  return el(
    "span",
    { class: "get-up-asked", role: "group", "aria-label": name },
    el("span", { class: "question" }, _("Get up from the table now, your chips back to your account?")),
    answer("stay", _("No, stay"), () => asked(false)),
    answer("yes", _("Yes, get up"), () => {
      state.confirming = false;
      send(leave);
    }),
  );
}

// Bringing more chips from the account (a Rebuy, offered when one may get up): up to what
// the account holds, beside the plans, so that the game's own keys 1-9 stay as they were;
// 500 to start with, as a buy-in, or what the account holds.
function bringChips(option) {
  const balance = state.person?.chips ?? option.high;
  const high = Math.min(option.high, balance);
  if (high < option.low) return el("p", { class: "note rebuy" }, _("Your account holds no chips to bring to the table."));
  const made = control({ ...option, high }, send, { text: _("Bring chips"), chips: [100, 500].filter((c) => c <= high), start: Math.min(500, high) });
  made.classList.add("rebuy");
  return made;
}

// The seat's own choices beside the game's: its plans and bringing chips, folded on a phone
// so that the action bar stays small (its summary says a plan made), open on a wide
// screen; as the person left it after that.
let seatOpen = null;

function seatMenu(message, ...parts) {
  const mine = (message.plans || {})[String(message.seat)] || {};
  const made = [...(mine.away ? [_("sitting out")] : []), ...(mine.leave ? [_("leaving")] : [])];
  const menu = el(
    "details",
    { class: "seat-menu", open: seatOpen ?? window.matchMedia("(min-width: 761px)").matches },
    el("summary", { "data-option": "seat-menu" }, isBox() ? _("Your box") : _("Your seat"), made.length ? el("span", { class: "made" }, ` · ${made.join(" · ")}`) : null),
    el("div", { class: "seat-choices" }, parts),
  );
  menu.addEventListener("toggle", () => {
    seatOpen = menu.open;
  });
  return menu;
}

// The seat's plans beside its actions: get up at the next moment the rules allow, and sit
// out (the table stops waiting; the seat is kept for a while), each a toggle; and getting
// up now, when the rules allow it now (`leave`, the option).
function plans(message, leave) {
  const mine = (message.plans || {})[String(message.seat)] || { leave: false, away: false };
  const toggle = (name, on, off, what) =>
    el(
      "button",
      {
        type: "button",
        class: `plan${mine[name] ? " on" : ""}`,
        "aria-pressed": mine[name] ? "true" : "false",
        "data-plan": name,
        "data-option": `plan-${name}`, // the focus stays on it across redraws (js/controls.js)
        onclick: () => {
          const wanted = { ...mine, [name]: !mine[name] };
          if (!state.online || !state.line.plan(wanted.leave, wanted.away)) say(page.answer, NOT_SENT, "error");
        },
        title: what,
      },
      mine[name] ? on : off,
    );
  return el(
    "div",
    { class: "plans", role: "group", "aria-label": _("coming and going") },
    toggle("leave", _("Leaving at the next moment allowed: stay after all"), leaveWords(state.layout.roundWord), _("get up at the next moment the rules allow")),
    toggle("away", _("Sitting out: I am back"), _("Sit out"), isBox() ? _("the table stops waiting for you; your box is kept for a while") : _("the table stops waiting for you; your seat is kept for a while")),
    leave ? getUp(leave) : null,
  );
}

// "Leave after this coup", in the game's word for one (a layout's `roundWord`).
function leaveWords(round) {
  if (round === "deal") return _("Leave after this deal");
  if (round === "hand") return _("Leave after this hand");
  return _("Leave after this coup");
}

// What a plan means, said when the table has taken it; `outOfGame`: at a game where one
// sitting out leaves the game (Banchek, BN-11).
function planWords(planned, outOfGame) {
  if (planned.away && outOfGame) return _("You are sitting out: you are dealt no cards and never staked, and your seat and chips are kept for a while.");
  if (planned.away && isBox()) return _("You are sitting out: the table plays your turns as the plainest choice, and keeps your box for a while.");
  if (planned.away) return _("You are sitting out: the table plays your turns as the plainest choice, and keeps your seat for a while.");
  if (planned.leave) return _("You get up at the next moment the rules allow.");
  return "";
}

// Whether a refused act (`sent`) is the same action as the one this page had taken last,
// decided before that one was taken: a second click of a double click, which has been done.
function doneAlready(sent) {
  return Boolean(sent && state.taken && JSON.stringify(sent.action) === state.taken.action && sent.seq < state.taken.seq);
}

function receive(message, sent) {
  switch (message.type) {
    case "welcome":
      state.seat = message.seat;
      if (message.game !== state.game || state.layout === generic) {
        state.game = message.game;
        loadTitle(message.game);
        loadLayout(message.game).then(draw);
      }
      break;
    case "step":
      sessionStorage.setItem(`croupier-seq-${table}`, String(message.seq));
      state.log.step(message);
      state.evening.stepped(message);
      if (state.layout.hear) state.layout.hear(message, state.memory);
      if ((message.events || []).some((event) => event.type === "SeatJoined" || event.type === "SeatLeft")) {
        // the sit-down form: the account's chips now; the host's panel: who sits now
        Promise.all([loadNames(), loadPerson()]).then(() => {
          draw();
          if (state.message) state.hosting.viewed(state.message, state.person, state.names);
        });
      } else if ((message.events || []).some((event) => event.type === "ChipsAdded")) {
        loadPerson().then(draw);
      }
      break;
    case "view":
      sessionStorage.setItem(`croupier-seq-${table}`, String(message.seq));
      state.message = message;
      sitDown(message);
      draw();
      state.odds.viewed(message.seq);
      state.history.viewed(message);
      state.evening.viewed(message);
      state.coups.viewed(message);
      state.fair.viewed(message, state.names);
      state.closing.shown(state.person, message.hosting?.hosts || [], message.closed);
      state.hosting.viewed(message, state.person, state.names);
      break;
    case "refused":
      if (message.error === "asked") {
        say(page.answer, `${message.reason[0].toUpperCase()}${message.reason.slice(1)}.`);
        break;
      }
      if (!doneAlready(sent)) say(page.answer, _("Refused: {reason}", { reason: message.reason }), "error");
      if (wish?.sent) {
        forgetWish(); // the sit-down wished for was refused: the form is back
        draw();
      }
      break;
    case "chat":
      state.chat.heard(message.lines);
      break;
    case "asking":
      state.asking.heard(message);
      break;
    case "answered":
      say(page.answer, message.yes ? _("The host lets you sit.") : _("The host has not let you sit."), message.yes ? "note" : "error");
      if (message.yes && state.joining) send(state.joining.action, state.joining.seat);
      else if (!message.yes && wish) {
        forgetWish(); // not let sit: the wish is dropped, the form is back
        draw();
      }
      break;
    case "given":
      state.fair.given(message);
      break;
    case "hosted": // a gift changes an account: the person's own is read again
      state.log.add(message.said);
      say(page.answer, `${message.said[0].toUpperCase()}${message.said.slice(1)}.`);
      if (message.control === "give") loadPerson().then(draw);
      break;
    case "error":
      if (message.about === "say") state.chat.refused(message.reason);
      else if (message.about === "part") state.fair.refused(message.reason);
      else say(page.answer, message.reason, "error");
      break;
    case "ack":
      if (sent) state.taken = { action: JSON.stringify(sent.action), seq: message.seq };
      say(page.answer, "");
      break;
    case "planned":
      say(page.answer, planWords(message, Array.isArray(state.message?.view?.out)));
      break;
    default:
      break;
  }
}

// Keys: 1 to 9 press the action bar's controls in order (when not typing in a field).
document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
  const found = page.actions.querySelector(`[data-shortcut="${event.key}"]`);
  if (!found) return;
  event.preventDefault();
  const button = found.tagName === "FORM" ? found.querySelector("input") : found;
  if (found.tagName === "FORM") button.focus();
  else button.click();
});

// Signing up or logging in on the table's own page (one who follows a private table's
// link may have no account yet): the page starts again, logged in, at the same link.
function enterHere() {
  const section = document.getElementById("entry");
  section.hidden = false;
  section.querySelector("form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = event.target;
    const how = event.submitter?.value || "register";
    const body = { name: form.elements.name.value, password: form.elements.password.value };
    try {
      await post(how === "register" ? "/api/register" : "/api/login", body);
      location.reload();
    } catch (error) {
      document.getElementById("enter-error").textContent = error.message;
    }
  });
}

async function start() {
  translate(document);
  document.querySelector("header").append(languageSwitch());
  if (!Number.isInteger(table) || table < 1) {
    say(page.status, _("No table is named: open one from the lobby."), "error");
    return;
  }
  document.title = _("croupier: table {table}", { table });
  state.clock = new Clock(page.clock);
  state.call = new Caller(document.getElementById("call-sound"));
  state.log = new Log(page.log, table);
  state.chat = new Chat(document.querySelector("section.talk"), (text) => state.line.say(text), () => state.person?.name ?? null);
  state.odds = new OddsPanel(document.getElementById("odds"), document.getElementById("odds-body"), table);
  state.history = new HistoryButton(document.getElementById("history"), document.getElementById("history-reason"), table);
  state.evening = new EveningPanel(document.querySelector("section.evening"), table);
  state.coups = new CoupsPanel(document.getElementById("coups"), table, invited);
  state.fair = new FairPanel(document.querySelector("section.fair"), table, (commitment, given) => state.line.part(commitment, given));
  state.closing = new CloseButton(document.getElementById("close-table"), document.getElementById("close-note"), table);
  state.invite = new InvitePanel(document.querySelector("section.invite"), table);
  state.hosting = new HostPanel(document.querySelector("section.hosting"), table);
  state.asking = new AskingPanel(document.querySelector("section.asking"), table, (seat) => seatName(seat, state.names));
  await loadPerson();
  await loadNames(); // (once the person is known: one who brings the invite is let in)
  if (!state.person) {
    say(page.status, _("Sign up or log in to sit at or watch this table."), "error");
    enterHere();
    return;
  }
  if (state.game) {
    loadTitle(state.game);
    await loadLayout(state.game);
  }
  const stored = sessionStorage.getItem(`croupier-seq-${table}`);
  state.line = new TableLine(table, {
    onMessage: receive,
    onState: (words, { final, up, code }) => {
      say(page.status, up || final ? words : _("{state} (the controls wait for the connection)", { state: words }), final ? "error" : up ? "note" : "offline");
      online(up);
      state.clock.paused(!up && !final);
      if (final) {
        document.body.classList.remove("offline"); // not coming back: nothing to wait for
        ended(code);
      }
    },
    lastSeq: stored === null ? null : Number(stored),
  });
  state.line.open();
}

start();
