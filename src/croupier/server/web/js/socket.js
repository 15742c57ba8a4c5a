// A table's websocket (docs/protocol.md, "The websocket"): keeps the last step seen (seq),
// connects again after a drop with ?last_seq=N (the server holds the seat), sends each
// action once with a fresh key and again with the same key when its answer never came, and
// goes where a `moved` message sends it (the server process that runs the table; back to
// the page's own server if that one cannot be reached). A socket on which nothing at all
// comes, not even the server's heartbeat, for SILENCE of them is given up for another: the
// server is stopped, or cut off, and the browser would not say so for minutes.
//
//   const line = new TableLine(id, {onMessage, onState});
//   line.open(); line.act(action, seat, sealed); line.plan(leave, away);
//   line.part(commitment, {sealed} or {text}); line.say(text);
//
// onMessage(message, sent) gets every welcome, step, view, ack, refused, planned, given, chat
// and error in order (a heartbeat is the line's own); `sent`, with an ack or a refused, is
// the act it answers;
// onState(words, {final, up, code}) is told how the connection stands ("connected",
// "connecting again ..."); `up` is whether the table's socket is open and welcomed, so
// actions can go; `final` that the line has stopped for good, `code` the close code that
// stopped it (4410: the table is closed; 4404: there is no such table).

import { _, language } from "./i18n.js";

const FINAL = {
  4401: _("log in to sit at or watch a table"),
  4403: _("this page may not open the table"),
  4404: _("there is no such table"),
  4410: _("the table is closed"),
};

// A version 4 UUID from crypto.getRandomValues, which (unlike crypto.randomUUID) works on a
// page served over plain http from another machine of the room.
export function freshKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

// How many of the server's heartbeats may pass with nothing heard before the socket is
// given up, and a heartbeat's seconds until the welcome says (docs/protocol.md).
const SILENCE = 3;
const HEARTBEAT = 10;

// What the page says when something could not be sent because the socket is down.
export const NOT_SENT = _("Not sent: the connection is down and the page is reconnecting. Try again once it is back.");

export class TableLine {
  constructor(table, { onMessage, onState, lastSeq = null }) {
    this.table = table;
    this.onMessage = onMessage;
    this.onState = onState;
    this.seq = lastSeq; // the last step told to this page
    this.pending = new Map(); // key -> act message with no answer yet
    this.socket = null;
    this.tries = 0;
    this.stopped = false;
    this.at = null; // the table's socket at the process that runs it, once a `moved` said
    this.welcomed = false; // whether the socket open now has been welcomed
    this.heartbeat = HEARTBEAT; // seconds, as the last welcome said
    this.silence = null; // the timer that gives up a socket on which nothing comes
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = new URLSearchParams({ words: "1", lang: language }); // the steps told in the page's language
    if (this.seq !== null) query.set("last_seq", String(this.seq));
    const socket = this.at || `${scheme}://${location.host}/api/tables/${this.table}/socket`;
    return `${socket}?${query}`;
  }

  open() {
    this.onState(this.tries ? _("reconnecting …") : _("connecting …"), { final: false, up: false });
    const socket = new WebSocket(this.url());
    this.socket = socket;
    this.welcomed = false;
    socket.addEventListener("message", (event) => this.receive(socket, event.data));
    socket.addEventListener("close", (event) => this.closed(socket, event));
    this.listen(socket);
  }

  // Wait for the next frame on `socket`: if none comes for SILENCE heartbeats, give the
  // socket up (its own close event comes when it comes, and is not heeded) and connect
  // again, as after a drop.
  listen(socket) {
    clearTimeout(this.silence);
    const seconds = Math.round(SILENCE * this.heartbeat * 10) / 10;
    this.silence = setTimeout(() => {
      if (socket !== this.socket || this.stopped) return;
      socket.close(4000, "the server is silent");
      this.closed(socket, { code: 4000, reason: _("the server has said nothing for {seconds} s", { seconds }) });
    }, seconds * 1000);
  }

  // A frame holds one message, or a list of them in order.
  receive(socket, data) {
    if (socket !== this.socket) return; // a socket given up
    this.listen(socket);
    let parsed;
    try {
      parsed = JSON.parse(data);
    } catch {
      return;
    }
    for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
      if (this.socket !== socket || socket.readyState !== WebSocket.OPEN) return; // closed on a gap
      this.take(message);
    }
  }

  take(message) {
    if (message.type === "heartbeat") return; // the server is there: nothing more
    if (message.type === "moved") {
      this.at = message.to || null; // the server closes the socket (4409) next
      return;
    }
    if (message.type === "welcome") {
      this.tries = 0;
      this.welcomed = true;
      if (message.heartbeat > 0) this.heartbeat = message.heartbeat;
      this.listen(this.socket);
      if (!message.resumed) this.seq = message.seq;
      this.onState(_("connected"), { final: false, up: true });
      this.onMessage(message);
      for (const act of this.pending.values()) this.socket.send(JSON.stringify(act));
      return;
    }
    if (message.type === "step") {
      if (this.seq !== null && message.seq !== this.seq + 1) {
        this.socket.close(4000, "missed a step"); // connect again from the last one seen
        return;
      }
      this.seq = message.seq;
    } else if (message.type === "view") {
      this.seq = message.seq;
    } else if (message.type === "ack" || message.type === "refused") {
      const sent = this.pending.get(message.key);
      this.pending.delete(message.key);
      this.onMessage(message, sent);
      return;
    }
    this.onMessage(message);
  }

  closed(socket, event) {
    if (socket !== this.socket || this.stopped) return;
    clearTimeout(this.silence);
    this.socket = null; // (a later close event of this one is not heeded)
    if (FINAL[event.code]) {
      this.onState(event.reason || FINAL[event.code], { final: true, up: false, code: event.code });
      return;
    }
    if (event.code === 4409 && this.at) {
      setTimeout(() => this.open(), 50); // sent on to the process that runs the table
      return;
    }
    if (!this.welcomed) this.at = null; // the process it was sent to is not there: ask ours
    this.tries += 1;
    const wait = Math.min(8000, 400 * 2 ** Math.min(this.tries, 5));
    const why = event.reason || _("the connection dropped"); // 4409, 4408, 4429 say why
    this.onState(_("{why}: reconnecting in {seconds} s …", { why, seconds: Math.round(wait / 100) / 10 }), { final: false, up: false });
    setTimeout(() => this.open(), wait);
  }

  // Send an action decided at the last step seen; `seat` and `sealed` (the seal of a part
  // of the coming shuffle) only for a Join. The key.
  act(action, seat = null, sealed = null) {
    const message = { type: "act", seq: this.seq ?? 0, key: freshKey(), action };
    if (seat !== null) message.seat = seat;
    if (sealed !== null) message.sealed = sealed;
    this.pending.set(message.key, message);
    if (this.socket && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify(message));
    }
    return message.key;
  }

  // Say the seat's plans (docs/protocol.md, "Coming and going"): get up at the next moment
  // the rules allow, sit out. Not kept for a later connection: false if it could not go.
  plan(leave, away) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN || !this.welcomed) return false;
    this.socket.send(JSON.stringify({ type: "plan", leave, away }));
    return true;
  }

  // Give the coming shuffle, whose commitment the page was shown, a part's seal
  // ({sealed}) or the part sealed, revealed ({text}); false if it could not go now.
  part(commitment, given) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN || !this.welcomed) return false;
    this.socket.send(JSON.stringify({ type: "part", commitment, ...given }));
    return true;
  }

  // Say a line at the table; false if it could not go now.
  say(text) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN || !this.welcomed) return false;
    this.socket.send(JSON.stringify({ type: "say", text }));
    return true;
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.silence);
    if (this.socket) this.socket.close(1000, "the page is done");
  }
}
