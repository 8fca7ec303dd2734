// What the room page says in words: the status line (whose turn, who is deciding) and the
// log of what happened, with its live region for screen readers. Methods of RoomPage, kept
// apart from the rest of the match half (room.js mixes them in).

import { h, redraw } from "./dom.js";
import { t, wordCatalogues } from "./i18n.js";
import { timeUpWords } from "./time_up.js";
import { render as renderWords } from "./words.js";

export const wordMethods = {
  // An event in words: the words the server sent with it (a key of the game's catalogue and
  // its parameters, filled by words.js in the page's language; this screen's seat is "you",
  // the table screen's nobody), else the table's own describe; null: the event is not told.
  say(event, ctx) {
    if (event.words) return renderWords(event.words, { name: ctx.name, you: ctx.me, catalogues: wordCatalogues(this.room.game) });
    return this.module.describe ? this.module.describe(event, ctx) : null;
  },

  // The log keeps the events themselves (those the game puts in words): drawn again in the
  // language of the moment, a switch of language turns the lines already there too. With each
  // it keeps the seats a bot played then for a person who left or went away (drawLog marks a
  // line that names one).
  describeInto(events, version, ctx) {
    const standIns = this.room.seats.filter((seat) => seat.stand_in || seat.left).map((seat) => seat.index);
    for (const event of events) {
      const text = this.say(event, ctx);
      if (text) this.log.push({ event, version, kind: event.kind, standIns });
    }
  },

  // The new lines of the log, said by a screen reader: a polite live region, out of sight, that
  // gets only what just happened (the visible list is drawn anew at each update, newest first,
  // and would be read again whole). The last five stay in it.
  announce(lines) {
    if (!this.el || !lines.length) return;
    for (const line of lines) this.el.announce.append(h("p", {}, this.logLine(line, false).textContent));
    while (this.el.announce.childElementCount > 5) this.el.announce.firstElementChild.remove();
  },

  statusText() {
    const u = this.update;
    const model = this.model();
    const custom = this.module.status ? this.module.status(model, this.ctx()) : null;
    if (custom) return custom;
    const p = u.view.pending;
    const me = this.seat;
    const names = (seats) => seats.map((seat) => this.name(seat)).join(", ");
    const mine = me !== null && p.players.includes(me);
    switch (p.kind) {
      case "terminal":
        return t("status_over");
      case "chance":
        return t("status_chance");
      case "single":
        // "Your turn." above says it when the turn is mine
        if (mine) return p.turn === me ? "" : t("status_you_decide");
        return t("status_waiting_for", { names: names(p.players) });
      case "simultaneous":
        return me !== null && u.deciding.includes(me)
          ? t("status_choose_secret")
          : t("status_waiting_n", { count: u.deciding.length, names: names(u.deciding) });
      case "race":
        return mine ? t("status_race_you") : t("status_race");
      case "reaction":
        return mine ? t("status_react") : t("status_waiting_react", { count: p.players.length, names: names(p.players) });
      default:
        return "";
    }
  },

  drawStatus() {
    const u = this.update;
    const p = u.view.pending;
    const me = this.seat;
    const urgent = me !== null && (u.deciding || []).includes(me);
    this.el.status.className = ["status", urgent && "urgent", p.kind === "race" && "race"].filter(Boolean).join(" ");
    const text = this.statusText();
    let turn = p.turn !== null && p.turn !== undefined && p.kind !== "terminal" ? this.turnWords(p, urgent) : null;
    // said once: a game's line that starts with whose turn it is ("Your turn: the dice are
    // rolling…") needs no "Your turn." before it
    if (turn && typeof text === "string" && text.startsWith(turn.replace(/[.;:]$/, ""))) turn = null;
    redraw(this.el.status, turn ? h("span", { class: "status-turn" }, turn) : null, h("span", { class: "status-text" }, text));
    this.tick();
  },

  // Whose turn it is, and who must act now when that is someone else: "Your turn." only when
  // it is yours and you act (a family reads it as "I must do something").
  turnWords(p, urgent) {
    const me = this.seat;
    const others = (this.update.deciding || []).filter((seat) => seat !== me);
    if (me !== p.turn) {
      const name = this.name(p.turn);
      if (urgent) return t("turn_of_your_move", { name });
      // a seat a stand-in bot plays is said so, not as if its person were deciding
      const seat = this.room.seats[p.turn];
      return t(seat && (seat.stand_in || seat.left) ? "turn_of_stand_in" : "turn_of", { name });
    }
    if (urgent || !others.length || p.kind === "chance") return t("your_turn");
    return t("your_turn_others", { names: others.map((seat) => this.name(seat)).join(", ") });
  },

  drawLog() {
    // the heading too, in the language chosen now (the box is built once)
    this.el.logBox.setAttribute("aria-label", t("events"));
    this.el.log.setAttribute("aria-label", t("events"));
    this.el.logBox.querySelector(".zone-title").textContent = t("events");
    const shown = this.log.slice(this.mode === "table" ? -12 : -8).reverse();
    redraw(this.el.log, shown.map((line, i) => this.logLine(line, i === 0)));
  },

  /** A line of the log: the game's words, and after them, when the line names a seat a bot
   * played at the time for its person (who left or went away), a tag that says so: "Leo rolls…"
   * was the bot's roll. The words for the people who are there stay as the game says them. */
  logLine(line, newest) {
    const ctx = this.ctx();
    if (line.timeUp) return h("li", { class: [newest && "newest", "ev-time-up"] }, this.timeUpText(line.timeUp, ctx));
    const named = new Set();
    const text = this.say(line.event, { ...ctx, name: (seat) => { named.add(seat); return ctx.name(seat); } });
    const bots = (line.standIns || []).filter((seat) => named.has(seat));
    return h("li", { class: [newest && "newest", `ev-${line.kind}`, bots.length && "by-stand-in"] }, text,
      bots.length ? h("span", { class: "tag stand-in-mark" }, t("log_stand_in", { names: bots.map((seat) => this.name(seat)).join(", ") })) : null);
  },

  /** "Time's up: you passed." or "Time's up — chosen for you: …" (see time_up.js). */
  timeUpText(timeUp, ctx) {
    const lines = timeUp.events.map((event) => this.say(event, ctx));
    return timeUpWords(timeUp.by, lines, t);
  },
};
