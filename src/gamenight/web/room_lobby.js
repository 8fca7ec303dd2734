// The room's lobby, before the first match: the invite (code, link, QR code), the seats and
// the host's tools (bots, removing a seat, start, rematch, handing the host role on, which the
// players list offers during the matches too), and joining from the room. Methods
// of RoomPage, kept apart from the match half (room.js mixes them in).

import { api, saved } from "./api.js";
import { h, redraw } from "./dom.js";
import { t } from "./i18n.js";
import * as kit from "./kit.js";
import { gameWords } from "./lobby.js";
import { clearToast, refusal, toast } from "./ui.js";

// Addresses only this computer can open: a phone scanning the code could not join.
const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

export const lobbyMethods = {
  drawLobby() {
    const room = this.room;
    const lobby = room.status === "lobby" && !this.update;
    this.el.lobby.hidden = !lobby;
    if (!lobby) return;
    const host = this.hostToken();
    const invite = `${location.origin}/join/${room.code}`;
    const seats = room.seats.map((seat) => this.seatRow(seat, host));
    const open = room.seats.filter((seat) => seat.kind === "open").length;
    const inviteBox = h("section", { class: "panel invite-box" },
        h("h2", {}, t("invite_title")),
        h("p", { class: "code-big", id: "room-code" }, room.code),
        h("img", { class: "qr", src: api.qrUrl(room.code), alt: t("qr_alt", { link: invite }), width: 180, height: 180 }),
        h("p", { class: "invite-link" },
          h("a", { href: invite, id: "invite-link" }, invite),
          navigator.clipboard ? h("button", { type: "button", class: "small", on: { click: () => navigator.clipboard.writeText(invite).then(() => toast(t("copied")), () => toast(invite)) } }, t("copy")) : null),
        h("p", { class: "help" }, t("invite_help")),
        LOOPBACK.has(location.hostname) ? h("p", { class: "help warn", id: "loopback-hint" }, t("loopback_hint")) : null);
    const seatsBox = h("section", { class: "panel seats-box" },
      h("h2", {}, t("seats_title", { count: room.seats.length })),
      h("ol", { class: "seat-list" }, seats),
      host ? this.hostTools(open, host) : h("p", { class: "help" }, t("host_starts")),
      this.mode === "player" && this.seat === null ? this.joinHere(open) : null);
    // The host invites, and the table screen shows the code to the room: the invite comes
    // first. A guest came by the invite: who is here and what the room waits for come first,
    // the invite after (smaller on a phone) for the next one to join.
    const guest = !host && this.mode === "player";
    this.el.lobby.classList.toggle("guest", guest);
    redraw(this.el.lobby, guest ? [seatsBox, inviteBox] : [inviteBox, seatsBox]);
  },

  seatRow(seat, host) {
    const room = this.room;
    const label = seat.kind === "open" ? t("open_seat") : this.name(seat.index);
    const tags = [];
    if (seat.kind === "bot") tags.push(h("span", { class: "tag" }, t("bot")));
    if (seat.index === this.seat) tags.push(h("span", { class: "tag me" }, t("you")));
    if (seat.index === room.host) tags.push(h("span", { class: "tag host" }, t("host_tag")));
    if (seat.kind === "human") tags.push(h("span", { class: ["tag", seat.connected ? "on" : "off"] }, seat.connected ? t("here") : t("away")));
    let tools = null;
    if (host && seat.kind === "open") {
      tools = h("button", { type: "button", class: "small", key: `bot-${seat.index}`, on: { click: () => this.addBot(seat.index, host) } }, t("add_bot"));
    } else if (host && seat.index !== this.seat) {
      tools = [this.makeHostButton(seat, host),
        h("button", { type: "button", class: "small", key: `clear-${seat.index}`, on: { click: () => this.clearSeat(seat.index, host) } }, t("remove"))];
    }
    return h("li", { class: ["seat", `seat-${seat.kind}`] },
      h("span", { class: "seat-no" }, String(seat.index + 1)),
      h("span", { class: "seat-name", style: { "--seat": kit.seatColour(seat.index) } }, label), tags, tools);
  },

  // The bots that can sit at this table (the room says which: a bot that plays only some
  // numbers of players or some options is not offered where it cannot play).
  botsHere() {
    const fit = this.room.bots;
    return fit ? this.game.bots.filter((b) => fit.includes(b.name)) : this.game.bots;
  },

  // The level chosen ("hold:20"), or the game's default, or the first that can sit here.
  botChosen() {
    const names = this.botsHere().map((b) => b.name);
    const current = this.botChoice || this.game.default_bot;
    if (names.includes(current.split(":")[0])) return current;
    return names.includes(this.game.default_bot) || !names.length ? this.game.default_bot : names[0];
  },

  hostTools(open, host) {
    const bots = this.botsHere();
    const words = gameWords(this.game);
    const current = this.botChosen();
    const select = h("select", { id: "bot-level", on: { change: (e) => { this.botChoice = e.target.value; this.render("room"); } } },
      bots.map((b) => h("option", { value: b.name, selected: b.name === current.split(":")[0], title: words.botHelp(b) },
        `${words.botLabel(b)}${b.name === this.game.default_bot ? ` (${t("default")})` : ""}`)));
    const chosen = bots.find((b) => b.name === current.split(":")[0]) || bots[0];
    const arg = chosen && chosen.arg
      ? h("input", { id: "bot-arg", type: "number", value: current.split(":")[1] || 20, "aria-label": words.botArg(chosen), class: "narrow", on: { change: (e) => { this.botChoice = `${chosen.name}:${e.target.value}`; } } })
      : null;
    return h("div", { class: "host-tools" },
      h("div", { class: "bot-pick" },
        h("label", { for: "bot-level" }, t("bot_level")), select, arg,
        h("small", { class: "help" }, chosen ? words.botHelp(chosen) : "")),
      h("div", { class: "buttons" },
        h("button", { type: "button", id: "fill-bots", disabled: open === 0, on: { click: () => this.fillBots(host) } }, t("fill_with_bots")),
        h("button", { type: "button", id: "start", class: "primary big", disabled: open > 0, on: { click: () => this.startMatch(host) } }, t("start"))),
      open > 0 ? h("p", { class: "help" }, t("open_seats_left", { count: open })) : null);
  },

  botSpec() {
    const current = this.botChosen();
    const name = current.split(":")[0];
    const info = this.game.bots.find((b) => b.name === name);
    if (info && info.arg) {
      const input = /** @type {HTMLInputElement | null} */ (document.getElementById("bot-arg"));
      return `${name}:${input ? input.value : current.split(":")[1] || 20}`;
    }
    return name;
  },

  async addBot(seat, host) {
    try {
      this.room = await api.setBot(this.code, seat, this.botSpec(), host);
      this.render("room");
    } catch (err) {
      toast(refusal(err), "error");
    }
  },

  async fillBots(host) {
    const spec = this.botSpec();
    try {
      for (const seat of this.room.seats.filter((s2) => s2.kind === "open")) {
        this.room = await api.setBot(this.code, seat.index, spec, host);
      }
      this.render("room");
    } catch (err) {
      toast(refusal(err), "error");
    }
  },

  async clearSeat(seat, host) {
    // a person's seat is asked about first (a bot is put back in a click)
    const held = this.room.seats[seat];
    if (held && held.kind === "human" && !window.confirm(t("remove_confirm", { name: this.name(seat) }))) return;
    try {
      this.room = await api.clearSeat(this.code, seat, host);
      this.render("room");
    } catch (err) {
      toast(refusal(err), "error");
    }
  },

  /** For the host, beside a person who holds a seat (not a bot, not one who left, not the host):
   * a button that hands them the host role, after a yes. Null for everyone else. */
  makeHostButton(seat, host) {
    const room = this.room;
    if (!host || this.mode !== "player" || seat.kind !== "human" || seat.left) return null;
    if (seat.index === room.host || seat.index === this.seat) return null;
    return h("button", { type: "button", class: "small make-host", key: `host-${seat.index}`, on: { click: () => this.handHost(seat.index, host) } }, t("make_host"));
  },

  async handHost(seat, host) {
    const name = this.name(seat);
    if (!window.confirm(t("make_host_confirm", { name }))) return;
    try {
      this.room = await api.handHost(this.code, seat, host);
      toast(t("host_handed", { name }), "info");
      this.render("room");
    } catch (err) {
      toast(refusal(err), "error");
    }
  },

  async startMatch(host) {
    // a double tap starts one match, not a match and a "started already"
    if (this.starting || this.room.status !== "lobby") return;
    this.starting = true;
    const button = /** @type {HTMLButtonElement | null} */ (document.getElementById("start"));
    if (button) button.disabled = true;
    try {
      this.room = await api.start(this.code, host);
      clearToast("error");
    } catch (err) {
      toast(refusal(err), "error");
      if (button) button.disabled = false;
    } finally {
      this.starting = false;
    }
  },

  async rematch(host) {
    // one rematch per match over, however often the button is tapped
    const after = this.over ? this.over.match_number : null;
    if (this.rematchAfter === after) return;
    this.rematchAfter = after;
    const button = /** @type {HTMLButtonElement | null} */ (document.getElementById("rematch"));
    if (button) button.disabled = true;
    try {
      this.room = await api.rematch(this.code, host);
      clearToast("error");
    } catch (err) {
      toast(refusal(err), "error");
      this.rematchAfter = undefined;
      if (button) button.disabled = false;
    }
  },

  /** The token that does the host's work from this browser, or null: the host's seat token
   * when the room names this browser's seat as the host's, else the host token while no seat
   * is (the host role moves with a seat; the old host token no longer works then). */
  hostToken() {
    const kept = saved.get(this.code);
    const seat = this.room ? this.room.host : null;
    if (seat === null || seat === undefined) return kept.host || null;
    return kept.seat === seat && kept.token ? kept.token : null;
  },

  /** Give up this browser's seat: in the lobby the seat opens again; during the matches (after
   * a yes) a bot plays it and this page watches. */
  async leaveSeat() {
    const playing = this.room.status !== "lobby";
    if (playing && !window.confirm(t("leave_confirm"))) return;
    this.leaving = this.seat; // the seat opening is this page's own doing: no word about it
    try {
      const left = await api.leave(this.code, saved.get(this.code).token);
      saved.update(this.code, { token: null, seat: null, ...(left.host_token ? { host: left.host_token } : {}) });
      this.seat = null;
      this.room = left.room;
      toast(t(playing ? "left_match" : "left_seat"), "info");
      this.connect();
    } catch (err) {
      toast(refusal(err), "error");
    }
  },

  /** What a new room message says to this page: a seat opened (someone left or was removed),
   * or the host role came to this browser. */
  noteRoomChange(before, after) {
    if (!before) return;
    for (const seat of before.seats) {
      const now = after.seats[seat.index];
      const mine = seat.index === this.seat || seat.index === this.leaving;
      if (seat.kind === "human" && now && now.kind === "open" && !mine) toast(t("seat_opened", { name: seat.name }), "info");
    }
    if (after.host !== before.host && after.host !== null && after.host === this.seat) toast(t("now_host"), "info");
  },

  joinHere(open) {
    if (open === 0) return h("p", { class: "help" }, t("room_full"));
    const name = h("input", { id: "name", maxlength: 24, value: saved.name(), autocomplete: "nickname" });
    let joining = false;
    const submit = async (event) => {
      event.preventDefault();
      if (joining) return; // a double tap takes one seat
      const typed = name.value.trim();
      if (!typed) {
        toast(t("need_name"), "error");
        return;
      }
      joining = true;
      try {
        const joined = await api.join(this.code, typed);
        saved.setName(typed);
        saved.update(this.code, { token: joined.token, seat: joined.seat, name: typed });
        clearToast("error");
        this.connect();
      } catch (err) {
        toast(refusal(err, { name: typed }), "error");
      } finally {
        joining = false;
      }
    };
    return h("form", { class: "join-form", on: { submit } },
      h("label", { for: "name" }, t("your_name")), name,
      h("button", { type: "submit", class: "primary", id: "join" }, t("take_seat")));
  },
};
