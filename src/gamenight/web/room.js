// A room: its lobby (invite link, QR code, seats, bots, start; drawn by room_lobby.js), then the
// match (the game's own table, whose turn, the clock, the last events in words), then the
// results and the rematch.
// Mode "player" connects with this browser's seat token (or watches when it has none); mode
// "table" is the table screen: the public board, large, for a laptop or TV in the room.

import { api, saved, socketUrl } from "./api.js";
import { Connection } from "./connection.js";
import { byId, h, redraw, s } from "./dom.js";
import { currentLanguage, loadGameStrings, t, translator } from "./i18n.js";
import * as kit from "./kit.js";
import { gameWords, seatName } from "./lobby.js";
import { lobbyMethods } from "./room_lobby.js";
import { pauseMethods } from "./room_pause.js";
import { reactionMethods } from "./room_reactions.js";
import { wordMethods } from "./room_words.js";
import { ALERTS_KEY, alertFor, alertsOn, markIcon, playAlert, waitingTitle } from "./alerts.js";
import { go, refusal, showNet, toast } from "./ui.js";

const LOG_SIZE = 40;
// Moves made this soon after a decision of mine gives way to another are dropped.
const NEW_DECISION_GUARD_MS = 200;
// How many refs of automatic actions are remembered (each answered at most once, by an error).
const AUTO_REFS_KEPT = 50;

export class RoomPage {
  constructor(code, mode) {
    this.code = code;
    this.mode = mode;
    this.room = null;
    this.seat = null;
    this.update = null;
    this.decision = null;
    this.decisionMine = false; // whether this browser's seat is asked in that decision
    this.guardUntil = 0;
    this.lastSent = null;
    this.over = null;
    this.log = [];
    this.game = null;
    this.module = null;
    this.table = null;
    this.conn = null;
    this.deadline = null;
    this.allowed = null;
    this.slow = null;
    this.error = null;
    this.refs = 0;
    // refs of the actions the page sent for the person (``act(action, true)``), newest last
    this.autoRefs = [];
    this.clock = null;
    // "Only my hand" is kept per room: a phone beside one table's screen is not one at the next.
    this.handOnlyKey = `gamenight:hand-only:${code}`;
    this.handOnly = localStorage.getItem(this.handOnlyKey) === "1";
    localStorage.removeItem("gamenight:hand-only"); // the one key for every room, before
    this.netTimer = null;
    this.botChoice = null;
    this.advice = null;
    this.coachAsked = null;
    // The lobby's methods this class calls (room_lobby.js, mixed into the prototype at the end
    // of this module), declared for the type check; these lines do nothing when run.
    /** @type {typeof lobbyMethods.noteRoomChange} */ this.noteRoomChange;
    /** @type {typeof lobbyMethods.drawLobby} */ this.drawLobby;
    /** @type {typeof lobbyMethods.hostToken} */ this.hostToken;
    /** @type {typeof lobbyMethods.leaveSeat} */ this.leaveSeat;
    /** @type {typeof lobbyMethods.makeHostButton} */ this.makeHostButton;
    /** @type {typeof lobbyMethods.rematch} */ this.rematch;
    // and the host's pause (room_pause.js): the time a paused clock had left, in ms
    /** @type {number | null} */ this.frozenLeft = null;
    /** @type {typeof pauseMethods.pauseButton} */ this.pauseButton;
    /** @type {typeof pauseMethods.drawPause} */ this.drawPause;
    /** @type {typeof pauseMethods.notePause} */ this.notePause;
    // and the reactions (room_reactions.js): what each seat sent last, shown for a moment
    /** @type {Record<number, { emoji: string, until: number }>} */ this.shownReactions = {};
    /** @type {typeof reactionMethods.reactionBar} */ this.reactionBar;
    /** @type {typeof reactionMethods.reactionTag} */ this.reactionTag;
    /** @type {typeof reactionMethods.onReaction} */ this.onReaction;
    // and what the page says (room_words.js): the status line and the log
    /** @type {typeof wordMethods.describeInto} */ this.describeInto;
    /** @type {typeof wordMethods.announce} */ this.announce;
    /** @type {typeof wordMethods.drawStatus} */ this.drawStatus;
    /** @type {typeof wordMethods.drawLog} */ this.drawLog;
    /** @type {typeof wordMethods.timeUpText} */ this.timeUpText;
  }

  /** Tell the person a decision of theirs opened (or they were too slow): sound and vibration
   * if this device's switch is on, and the tab's title and icon while it is in the background.
   * ``window.gamenightAlerts`` lists what was played (for the tests).
   * @param {import("./alerts.js").AlertKind | null} kind */
  alert(kind) {
    if (!kind || this.mode !== "player" || this.seat === null) return;
    const played = /** @type {any} */ (window).gamenightAlerts || [];
    Object.assign(window, { gamenightAlerts: played });
    if (alertsOn(localStorage)) {
      played.push(kind);
      playAlert(kind);
    }
    if (kind !== "slow" && document.hidden) {
      document.title = waitingTitle(`${this.title()} · gamenight`, t("your_turn"));
      markIcon(true);
      document.addEventListener("visibilitychange", () => {
        document.title = `${this.title()} · gamenight`;
        markIcon(false);
      }, { once: true });
    }
  }

  title() {
    const name = this.room ? translator(this.room.game).maybe("game_title") || this.room.title : "";
    return `${name} ${this.code}`.trim();
  }

  async start() {
    redraw(byId("main"), h("p", { class: "loading" }, t("loading")));
    try {
      this.room = await api.room(this.code);
      const games = await api.games();
      this.game = games.find((g) => g.id === this.room.game);
      await loadGameStrings(this.room.game);
      this.module = (await import(`/games/${encodeURIComponent(this.room.game)}/table.js`)).default;
      loadStyle(`/games/${encodeURIComponent(this.room.game)}/table.css`);
    } catch (err) {
      this.error = refusal(err);
      this.render();
      return;
    }
    this.tr = translator(this.room.game);
    this.build();
    this.connect();
    this.clock = setInterval(() => this.tick(), 250);
    window.dispatchEvent(new Event("gamenight:title"));
  }

  close() {
    if (this.conn) this.conn.close();
    clearInterval(this.clock);
    clearTimeout(this.netTimer);
  }

  // ---- the connection ------------------------------------------------------------------------
  connect() {
    if (this.conn) this.conn.close();
    const token = this.mode === "player" ? saved.get(this.code).token : null;
    this.conn = new Connection(socketUrl(this.code, token), {
      message: (m) => this.message(m),
      status: (status, info) => this.netStatus(status, info),
    });
    this.conn.connect();
    // gamenightConnection lets a test drop the line as a network would; gamenightRoom lets a
    // test act as the page does for the person
    Object.assign(window, { gamenightConnection: this.conn, gamenightRoom: this });
  }

  netStatus(status, info) {
    clearTimeout(this.netTimer);
    if (status === "refused") {
      if (info && info.code === 4403 && saved.get(this.code).token) {
        // This browser's seat is gone (a new room with the same code cannot happen; a cleared
        // seat can): watch instead.
        if (!this.room || this.room.status === "lobby") {
          // before the start, the host gave the seat back: a seat may be taken again
          this.seatGivenBack();
          return;
        }
        saved.update(this.code, { token: null, seat: null });
        toast(t("seat_lost"), "error");
        this.connect();
      } else {
        showNet("refused");
      }
      return;
    }
    showNet(status === "open" ? this.storageBanner() : status);
    if (status === "reconnected") {
      toast(t("net_back"), "info");
      this.netTimer = setTimeout(() => showNet(this.storageBanner()), 2500);
    }
  }

  /** "storage" while the room's match waits for the server's database (the room says so; the
   * match goes on by itself once it is back), else nothing. */
  storageBanner() {
    return this.room && this.room.storage === "reconnecting" ? "storage" : "";
  }

  /** The room (from a welcome or a room message) says whether it waits for the database. */
  noteStorage(before, room) {
    const was = Boolean(before && before.storage === "reconnecting");
    const now = room.storage === "reconnecting";
    if (was !== now && this.conn && this.conn.ws && this.conn.ws.readyState === WebSocket.OPEN) {
      clearTimeout(this.netTimer);
      showNet(this.storageBanner());
    }
  }

  /** The host gave this browser's seat back to the room: its token is void, and the invite page
   * asks for a name again. */
  seatGivenBack() {
    saved.update(this.code, { token: null, seat: null });
    go(`/join/${this.code}`);
    toast(t("seat_given_back"), "error"); // after: a new page takes the errors of the last away
  }

  message(m) {
    if (m.type === "welcome") {
      this.coachAsked = null; // (re)connected: an unanswered question may be asked again
      const before = this.room;
      this.room = m.room;
      this.noteStorage(before, m.room);
      this.seat = m.seat;
      if (this.seat !== null) saved.update(this.code, { seat: this.seat });
      this.render();
    } else if (m.type === "room") {
      const before = this.room;
      this.room = m.room;
      this.noteStorage(before, m.room);
      this.notePause(before, m.room);
      const held = this.seat !== null ? m.room.seats[this.seat] : null;
      if (held && held.kind !== "human" && m.room.status === "lobby") {
        this.seatGivenBack();
        return;
      }
      if (this.over && m.room.match_number > this.over.match_number) this.over = null;
      this.noteRoomChange(before, m.room);
      this.render(before && before.status === m.room.status ? "room" : "all");
    } else if (m.type === "update") {
      this.onUpdate(m);
    } else if (m.type === "over") {
      this.over = m;
      this.render();
    } else if (m.type === "error") {
      this.onError(m);
    } else if (m.type === "reaction") {
      this.onReaction(m);
    } else if (m.type === "advice") {
      this.advice = m;
      this.render("match");
    }
  }

  onUpdate(m) {
    if (this.update && m.match_number !== this.update.match_number) {
      this.log = [];
      this.over = null;
      this.advice = null;
      this.coachAsked = null;
    }
    const pending = m.view && m.view.pending;
    const decision = pending ? `${m.match_number}|${pending.kind}|${pending.window}|${pending.turn}` : null;
    const mine = Boolean(pending && pending.players.includes(this.seat));
    this.alert(alertFor({ key: this.decision, mine: this.decisionMine }, { key: decision, mine, kind: pending ? pending.kind : "terminal" }));
    if (decision !== this.decision || mine !== this.decisionMine) {
      // A key or tap just after a decision of mine gave way to another one of mine was meant
      // for the one before (a grab pressed as the scramble ended must not pick a card in the
      // next blind draw): moves are dropped for a moment.
      const wasMine = this.decision !== null && this.decisionMine;
      this.decision = decision;
      this.decisionMine = mine;
      this.guardUntil = wasMine ? performance.now() + NEW_DECISION_GUARD_MS : 0;
    }
    this.update = m;
    if (m.time_left !== null && m.time_left !== undefined) {
      this.deadline = performance.now() + m.time_left * 1000;
      this.allowed = Math.max(m.time_left, 0.001);
    } else {
      this.deadline = null;
    }
    const ctx = this.ctx();
    if (m.reason === "joined") {
      // joining, reloading or coming back: the server recaps the steps before, so the list
      // says what happened (and nothing twice after a reconnect)
      this.log = [];
      this.describeInto(m.earlier || [], m.version, ctx);
    }
    const known = this.log.length;
    this.describeInto(m.events || [], m.version, ctx);
    this.announce(this.log.slice(known));
    if (m.timed_out && m.reason === "step") {
      // the server made this step for me: said to me alone (the others' updates carry no
      // timed_out), in the log (drawn in the language of the moment) and as a toast
      const timeUp = { by: m.by, events: m.events || [] };
      this.log.push({ timeUp, version: m.version, kind: "time-up", standIns: [] });
      toast(this.timeUpText(timeUp, ctx), "slow");
    }
    if (this.log.length > LOG_SIZE) this.log.splice(0, this.log.length - LOG_SIZE);
    this.render("match");
  }

  onError(m) {
    const auto = m.ref ? this.autoRefs.indexOf(m.ref) : -1;
    if (auto >= 0) {
      // An action the page sent by itself (a quiet pass) came too late: the moment passed, and
      // the next update redraws the table. The person did nothing, so nothing is said.
      this.autoRefs.splice(auto, 1);
      return;
    }
    if (m.code === "stale_version") {
      this.slow = { text: m.message, until: performance.now() + 2500 };
      this.alert("slow");
      // what happened first, as the server says it: in English only (else the words alone)
      const first = currentLanguage() === "en" ? m.message.replace(/^too slow:?\s*/i, "") : "";
      toast(`${t("too_slow")} ${first}`.trim(), "slow");
      this.render("match");
    } else if (m.code === "illegal") {
      toast(m.rule ? `${m.message} (${m.rule})` : m.message, "error");
    } else {
      toast(refusal(m), "error"); // "not your turn", "slow down", ... in the page's language
    }
  }

  act(action, auto = false) {
    if (!this.update) return;
    // meant for the decision before (``auto``: the table answers for the person, not a key)
    if (!auto && performance.now() < this.guardUntil) return;

    const version = this.update.version;
    const json = JSON.stringify(action);
    const racing = this.update.view.pending.kind === "race";
    // A second click on the same move at the same version is the same move: not sent again
    // (in a race a second grab of the same kind of card is a second card, and is sent).
    if (!racing && this.lastSent && this.lastSent.version === version && this.lastSent.json === json) return;
    this.lastSent = { version, json };
    this.refs += 1;
    const ref = `a${this.refs}`;
    if (auto) {
      this.autoRefs.push(ref);
      if (this.autoRefs.length > AUTO_REFS_KEPT) this.autoRefs.shift();
    }
    const message = { type: "act", action, version, ref };
    // when the view this answers reached this device, and the tap: a race counts the person's
    // own reaction time, not their network (latency-fair races, docs/live.md)
    const seen = this.conn ? this.conn.seenAt(this.update.match_number, version) : undefined;
    if (seen !== undefined) Object.assign(message, { seen, tapped: performance.now() });
    const sent = this.conn && this.conn.send(message);
    if (!sent && !auto) toast(t("not_connected"), "error");
  }

  // Ask the game's coach about this seat's decision now (once per version; the answer is an
  // "advice" message, handed to the table as model.advice while it is for the current version).
  askCoach() {
    if (!this.update || this.seat === null || this.coachAsked === this.update.version) return;
    this.coachAsked = this.update.version;
    this.refs += 1;
    this.conn && this.conn.send({ type: "coach", ref: `c${this.refs}` });
  }

  // ---- what a table is given -----------------------------------------------------------------
  name(seat) {
    return seatName(this.room, seat); // the invite page says the same
  }

  ctx() {
    return {
      t: this.tr,
      kit,
      h,
      s,
      redraw,
      me: this.seat,
      mode: this.mode,
      gameId: this.room.game,
      config: this.room.config,
      name: (seat) => this.name(seat),
      act: (action, auto = false) => this.act(action, auto),
      coach: () => this.askCoach(),
    };
  }

  model() {
    const u = this.update;
    const view = u.view;
    return {
      view,
      state: view.state,
      legal: view.legal || [],
      pending: view.pending,
      version: u.version,
      matchNumber: u.match_number,
      deciding: u.deciding || [],
      events: u.events || [],
      reason: u.reason,
      actor: u.actor,
      by: u.by,
      controllers: u.controllers || [],
      me: this.seat,
      mode: this.mode,
      over: this.over && this.over.match_number === u.match_number ? this.over.outcome : null,
      slow: this.slow && this.slow.until > performance.now() ? this.slow.text : null,
      advice: this.advice && this.advice.version === u.version ? this.advice : null,
      timeLeft: () => (this.deadline === null ? null : Math.max(0, (this.deadline - performance.now()) / 1000)),
    };
  }

  key(event) {
    if (this.table && this.table.key && this.update) return this.table.key(event, this.model());
    return false;
  }

  // ---- drawing -------------------------------------------------------------------------------
  build() {
    document.body.classList.toggle("screen-table", this.mode === "table");
    const main = byId("main");
    this.el = {
      head: h("div", { class: "room-head" }),
      lobby: h("div", { class: "room-lobby" }),
      status: h("div", { class: "status", role: "status", "aria-live": "polite" }),
      clock: h("div", { class: "clock", "aria-hidden": "true" }, h("div", { class: "clock-bar" }), h("span", { class: "clock-text" })),
      table: h("div", { class: "table-root", id: "table", tabindex: "-1" }),
      result: h("div", { class: "result" }),
      players: h("div", { class: "players public" }),
      log: h("ol", { class: "log", "aria-label": t("events") }),
      announce: h("div", { class: "sr-only", id: "announce", role: "log", "aria-live": "polite" }),
      pause: h("div", { class: "paused-banner", id: "paused", role: "status", hidden: true }),
    };
    this.el.logBox = h("section", { class: "log-box public", "aria-label": t("events") }, h("h2", { class: "zone-title" }, t("events")), this.el.log);
    redraw(main, h("div", { class: "room" },
      this.el.head, this.el.lobby, this.el.announce,
      h("div", { class: "match" },
        h("div", { class: "match-main" }, h("div", { class: "status-row" }, this.el.status, this.el.clock), this.el.pause, this.el.result, this.el.table),
        h("aside", { class: "match-side" }, this.el.players, this.el.logBox))));
    this.table = this.module.create(this.el.table, this.ctx());
    this.render();
  }

  render(part = "all") {
    if (this.error) {
      redraw(byId("main"), h("section", { class: "panel" }, h("h1", {}, t("room_title", { code: this.code })), h("p", { class: "error" }, this.error), h("a", { href: "/", "data-link": true }, t("back_home"))));
      return;
    }
    if (!this.el) return;
    const focused = /** @type {HTMLElement | null} */ (document.activeElement);
    const hadFocus = focused && focused !== document.body && byId("main").contains(focused);
    document.body.classList.toggle("hand-only", this.handOnly && this.seat !== null && this.mode === "player");
    if (part === "all" || part === "room") {
      this.drawHead();
      this.drawPause();
      this.drawLobby();
      this.drawPlayers();
    }
    if (part === "all" || part === "match") {
      const playing = Boolean(this.update);
      /** @type {HTMLElement} */ (byId("main").querySelector(".match")).hidden = !playing;
      if (playing) {
        const view = this.update.view;
        const mine = this.seat !== null && view.pending.players.includes(this.seat);
        Object.assign(this.el.table.dataset, { version: this.update.version, phase: view.state.phase || view.pending.kind, mine: mine ? "1" : "0", guardUntil: String(this.guardUntil) });
        this.table.ctx = this.ctx();
        this.table.render(this.model());
        this.drawStatus();
        this.drawLog();
        this.drawPlayers();
      }
      this.drawResult();
      this.revealNew();
    }
    this.keepFocus(hadFocus);
    window.dispatchEvent(new Event("gamenight:title"));
  }

  /** The focus is never dropped to the page's body: when the element that had it is gone or
   * hidden (the lobby's "Start the game" once the match is on), it goes to the match's table
   * (the next Tab reaches its first control), or to the page. */
  keepFocus(hadFocus) {
    if (!hadFocus) return;
    const now = /** @type {HTMLElement | null} */ (document.activeElement);
    if (now && now !== document.body && byId("main").contains(now) && now.getClientRects().length) return;
    const match = /** @type {HTMLElement} */ (byId("main").querySelector(".match"));
    (match && !match.hidden ? this.el.table : byId("main")).focus({ preventScroll: true });
  }

  /** A new decision of this seat, or the result, is brought into view when it is off screen (on
   * a phone the buttons can be far below the table, the result far above the hand): once each,
   * not at every redraw, so the person may look elsewhere. A table marks its decision's
   * controls with data-reveal (a table that scrolls by itself marks none). */
  revealNew() {
    const result = this.el.result.hidden ? null : this.el.result;
    const key = result ? `over|${this.over.match_number}` : this.decisionMine ? this.decision : null;
    if (key === this.revealed) return;
    this.revealed = key;
    const el = result || (key && this.el.table.querySelector("[data-reveal]"));
    if (!el) return;
    const line = this.el.status.parentElement; // the sticky line with the status and the clock
    const box = el.getBoundingClientRect();
    if (box.top >= Math.max(0, line.getBoundingClientRect().bottom) && box.bottom <= window.innerHeight) return;
    // its top just under that line (the result; controls taller than the room left), or its
    // bottom at the screen's bottom, with what leads up to it above
    const room = window.innerHeight - line.offsetHeight;
    const by = result || box.height > room ? box.top - line.offsetHeight : box.bottom - window.innerHeight;
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollBy({ top: by, behavior: still ? "instant" : "smooth" });
  }

  drawHead() {
    const words = gameWords(this.game);
    const me = this.seat !== null ? this.name(this.seat) : null;
    const saving = saved.get(this.code);
    redraw(this.el.head,
      h("img", { src: `/games/${this.room.game}/icon.svg`, alt: "", width: 36, height: 36 }),
      h("h1", { class: "room-title" }, words.title),
      h("span", { class: "room-code", title: t("room_code") }, t("room_code_is", { code: this.room.code })),
      h("span", { class: "you-are" }, me ? t("you_are", { name: me }) : this.mode === "table" ? t("table_screen") : this.hostToken() ? t("hosting") : t("watching")),
      h("span", { class: "head-tools" },
        // the rules page links back to this page (the server accepts only a room or table here)
        h("a", { href: `/rules/${this.room.game}?back=${encodeURIComponent(location.pathname)}`, target: "_blank", rel: "noopener", class: "button small rules-link" }, t("rules")),
        // there is no hand before the first match
        this.mode === "player" && this.seat !== null && (this.room.status !== "lobby" || this.update)
          ? h("label", { class: "toggle", title: t("hand_only_help") },
            h("input", { type: "checkbox", id: "hand-only", checked: this.handOnly, on: { change: (e) => { this.handOnly = e.target.checked; if (this.handOnly) localStorage.setItem(this.handOnlyKey, "1"); else localStorage.removeItem(this.handOnlyKey); this.render(); } } }),
            t("hand_only"))
          : null,
        this.mode === "player" && this.seat !== null
          ? h("label", { class: "toggle", title: t("alerts_help") },
            h("input", { type: "checkbox", id: "alerts-on", checked: alertsOn(localStorage), on: { change: (e) => localStorage.setItem(ALERTS_KEY, e.target.checked ? "1" : "0") } }),
            t("alerts"))
          : null,
        this.mode === "player"
          ? h("a", { href: `/table/${this.room.code}`, target: "_blank", rel: "noopener", class: "button small" }, t("open_table_screen"))
          : (saving.token ? h("a", { href: `/room/${this.room.code}`, "data-link": true, class: "button small" }, t("back_to_seat")) : null),
        this.pauseButton(),
        this.mode === "player" && this.seat !== null
          ? h("button", { type: "button", class: "small", id: "leave-seat", on: { click: () => this.leaveSeat() } }, t("leave_seat"))
          : null));
  }

  drawPlayers() {
    if (!this.update) {
      this.el.players.replaceChildren();
      return;
    }
    const deciding = new Set(this.update.deciding || []);
    const turn = this.update.view.pending ? this.update.view.pending.turn : null;
    const host = this.hostToken();
    redraw(this.el.players, h("h2", { class: "zone-title" }, t("players")),
      h("ul", { class: "player-list" }, this.room.seats.map((seat) => h("li", { class: ["player", deciding.has(seat.index) && "deciding", turn === seat.index && "turn"] },
        kit.seatLabel(this.ctx(), seat.index),
        this.reactionTag(seat.index),
        turn === seat.index ? h("span", { class: "tag turn" }, t("turn")) : null,
        deciding.has(seat.index) ? h("span", { class: "tag deciding" }, t("deciding")) : null,
        seat.kind === "bot" ? h("span", { class: "tag" }, t("bot")) : null,
        seat.index === this.room.host ? h("span", { class: "tag host" }, t("host_tag")) : null,
        seat.left ? h("span", { class: "tag off" }, t("left")) : null,
        seat.stand_in ? h("span", { class: "tag off" }, t("stand_in")) : null,
        seat.kind === "human" && !seat.connected && !seat.stand_in ? h("span", { class: "tag off" }, t("away")) : null,
        this.makeHostButton(seat, host)))),
      this.reactionBar());
  }

  tick() {
    if (!this.el || !this.update) return;
    const frozen = this.room && this.room.paused_by && this.frozenLeft !== null && this.frozenLeft !== undefined;
    const left = frozen ? this.frozenLeft / 1000 : this.deadline === null ? null : Math.max(0, (this.deadline - performance.now()) / 1000);
    const p = this.update.view.pending;
    const show = left !== null && p.kind !== "chance" && p.kind !== "terminal";
    this.el.clock.hidden = !show;
    if (!show) return;
    const me = this.seat;
    const mine = me !== null && (this.update.deciding || []).includes(me);
    this.el.clock.className = ["clock", mine && "mine", left < 5 && "low"].filter(Boolean).join(" ");
    this.el.clock.firstChild.style.width = `${Math.min(100, (left / this.allowed) * 100)}%`;
    this.el.clock.lastChild.textContent = t("seconds_left", { s: Math.ceil(left) });
    if (this.table && this.table.tick) this.table.tick(left);
  }

  drawResult() {
    const over = this.over && this.update && this.over.match_number === this.update.match_number ? this.over : null;
    this.el.result.hidden = !over;
    if (!over) {
      this.el.result.replaceChildren();
      return;
    }
    const outcome = over.outcome;
    const winners = outcome.winners || [];
    const host = this.hostToken();
    const lines = this.module.results ? this.module.results(outcome, this.model(), this.ctx()) : null;
    const order = this.room.seats.map((seat) => seat.index).sort((a, b) => (outcome.scores[b] ?? 0) - (outcome.scores[a] ?? 0));
    redraw(this.el.result, h("section", { class: "panel result-box", id: "result" },
      h("h2", {}, winners.length === 0 ? t("no_winner") : winners.includes(this.seat) ? t("you_win") : t("winner_is", { names: winners.map((w) => this.name(w)).join(" & ") })),
      lines || h("ol", { class: "scores" }, order.map((seat) => h("li", { class: winners.includes(seat) && "winner" },
        kit.seatLabel(this.ctx(), seat), " ", h("b", {}, String(outcome.scores[seat] ?? ""))))),
      h("div", { class: "buttons" },
        host ? h("button", { type: "button", class: "primary big", id: "rematch", on: { click: () => this.rematch(host) } }, t("rematch")) : h("p", { class: "help" }, t("rematch_wait")),
        h("a", { href: over.record_url, class: "button small", download: `gamenight-${this.code}-${over.match_number}.json` }, t("record")),
        h("a", { href: "/", "data-link": true, class: "button small" }, t("new_game")))));
  }
}

// The lobby half of the page (invite, seats, host's tools) lives in room_lobby.js.
Object.assign(RoomPage.prototype, lobbyMethods, pauseMethods, reactionMethods, wordMethods);

function loadStyle(href) {
  if (document.querySelector(`link[href="${href}"]`)) return;
  document.head.append(h("link", { rel: "stylesheet", href }));
}

