// The lobby: the home page (join a room by its code, or open a new one: a game, its options and
// the number of seats) and the invite page /join/<code> (a name, and you are in).

import { api, saved } from "./api.js";
import { byId, h, redraw } from "./dom.js";
import { loadGameStrings, t, translator } from "./i18n.js";
import { go, refusal, toast } from "./ui.js";

// The room's time limits: the name, default, bounds, and the kinds of decision each is for
// (none: every game); a game is offered only the limits of the decisions it has.
const LIMITS = [
  ["turn_seconds", 60, 5, 3600, ["single", "simultaneous"]],
  ["reaction_seconds", 6, 1, 600, ["reaction"]],
  ["race_seconds", 10, 1, 600, ["race"]],
  ["grace_seconds", 30, 0, 3600, []],
];
// How quickly bots react in races and windows (the room's limits.bot_speed): offered only for a
// game that has races or windows.
const BOT_SPEEDS = ["relaxed", "normal", "quick"];
const BOT_SPEED_DEFAULT = "normal";

/** The words of a game, translated when its catalogue has them, else as the server gives them. */
export function gameWords(game) {
  const tr = translator(game.id);
  return {
    title: tr.maybe("game_title") || game.title,
    summary: tr.maybe("game_summary") || game.summary,
    optionLabel: (o) => tr.maybe(`option_${o.name}`) || o.name.replaceAll("_", " "),
    optionHelp: (o) => tr.maybe(`option_${o.name}_help`) || o.help,
    optionChoice: (o, value) => tr.maybe(`option_${o.name}_${value}`) || value,
    botLabel: (b) => tr.maybe(`bot_${b.name}`) || b.name,
    botHelp: (b) => tr.maybe(`bot_${b.name}_help`) || b.help,
    // what the bot's number is, for its box ("holds at (points)"), never its field name "T"
    botArg: (b) => tr.maybe(`bot_${b.name}_arg`) || t("bot_arg", { bot: tr.maybe(`bot_${b.name}`) || b.name }),
  };
}

/** A seat's name as every page (the room, the invite page) says it: a person's name, or a bot
 * by its seat and level (with its number), "Bot 2 (holds at 25)", in the page's language. */
export function seatName(room, seat) {
  const info = room && room.seats[seat];
  if (!info) return t("seat_n", { n: Number(seat) + 1 });
  if (info.kind === "bot" && info.bot) {
    const [level, arg] = info.bot.split(":");
    const label = gameWords({ id: room.game }).botLabel({ name: level });
    return t("bot_name", { bot: arg === undefined ? label : `${label} ${arg}`, n: seat + 1 });
  }
  return info.name || t("seat_n", { n: seat + 1 });
}

/** How an option is edited, read from its default: a switch, a number, a list or a word. */
function optionKind(option) {
  const text = option.default;
  if (text === "true" || text === "false") return "bool";
  if (/^-?\d+$/.test(text)) return "int";
  if (/^-?\d+(\.\d+)?$/.test(text)) return "float";
  if (text.includes(",")) return text.split(",").every((p) => /^-?\d+$/.test(p.trim())) ? "ints" : "words";
  return "word";
}

function optionValue(kind, text) {
  const parts = () => text.split(",").map((p) => p.trim()).filter(Boolean);
  if (kind === "int") return Number.parseInt(text, 10);
  if (kind === "float") return Number.parseFloat(text);
  if (kind === "ints") return parts().map((p) => Number.parseInt(p, 10));
  if (kind === "words") return parts();
  return text.trim();
}

/** A game option the server refused, said with the option's label (the person never saw its
 * field name, "action_die"), and its field pointed at: marked, in view, focused. */
function optionRefused(err, words) {
  const label = words.optionLabel({ name: err.option });
  const field = document.getElementById(`opt-${err.option}`);
  if (field) {
    const more = field.closest("details");
    if (more) more.open = true;
    field.setAttribute("aria-invalid", "true");
    field.addEventListener("input", () => field.removeAttribute("aria-invalid"), { once: true });
    field.focus();
  }
  const named = new RegExp(`^(option )?${err.option}:?\\s*`);
  const problem = err.message.replace(named, "").replaceAll(err.option, label);
  return t("option_refused", { option: label, problem });
}

export class HomePage {
  constructor() {
    this.games = null;
    this.chosen = null;
    this.error = null;
  }

  title() {
    return t("home_title");
  }

  async start() {
    this.render();
    const mine = yourRooms(); // looked up while the games load
    try {
      this.games = await api.games();
      await Promise.all(this.games.map((g) => loadGameStrings(g.id).catch(() => null)));
      this.chosen = this.chosen || (this.games[0] && this.games[0].id);
    } catch (err) {
      this.error = refusal(err);
    }
    this.mine = await mine;
    this.render();
  }

  close() {}

  render() {
    const main = byId("main");
    redraw(main,
      h("div", { class: "home" },
        h("section", { class: "panel join-panel" },
          h("h1", {}, t("home_title")),
          h("p", { class: "lead" }, t("home_lead")),
          this.joinForm(),
          this.yourRoomsList()),
        h("section", { class: "panel new-panel" },
          h("h2", {}, t("new_room")),
          this.error ? h("p", { class: "error" }, this.error) : null,
          this.games ? this.newRoomForm() : h("p", { class: "loading" }, t("loading")))));
  }

  /** Back to a room this browser has a seat in (or hosts): a tab closed is not a seat lost. */
  yourRoomsList() {
    if (!this.mine || !this.mine.length) return null;
    return h("div", { class: "your-rooms" },
      h("h2", {}, t("your_rooms")),
      h("ul", {}, this.mine.map(({ code, room, name }) => {
        const title = translator(room.game).maybe("game_title") || room.title;
        const as = name ? t("your_room_as", { name }) : t("your_room_host");
        return h("li", {}, h("a", { href: `/room/${code}`, "data-link": true },
          t("your_room_line", { game: title, code, as, status: t(`room_status_${room.status}`) })));
      })));
  }

  joinForm() {
    // what was typed survives the page drawing itself again (the list of games arriving)
    const typed = this.typed || (this.typed = { code: "", name: saved.name() });
    const code = h("input", { id: "join-code", key: "join-code", name: "code", autocomplete: "off", autocapitalize: "characters", maxlength: 12, required: true, placeholder: "ABC234", class: "code-input", spellcheck: "false", value: typed.code, on: { input: (e) => { typed.code = e.target.value; } } });
    const name = h("input", { id: "join-name", key: "join-name", name: "name", maxlength: 24, autocomplete: "nickname", value: typed.name, on: { input: (e) => { typed.name = e.target.value; } } });
    const submit = async (event) => {
      event.preventDefault();
      const room = code.value.replace(/[\s-]+/g, "").toUpperCase(); // "xmc fjv" as read out
      if (!room) return;
      if (event.submitter && event.submitter.value === "watch") {
        go(`/table/${room}`);
        return;
      }
      await joinRoom(room, name.value);
    };
    return h("form", { class: "join-form", on: { submit } },
      h("h2", {}, t("join_room")),
      h("label", { for: "join-code" }, t("room_code")), code,
      h("label", { for: "join-name" }, t("your_name")), name,
      h("div", { class: "buttons" },
        h("button", { type: "submit", class: "primary", value: "join" }, t("join")),
        h("button", { type: "submit", value: "watch", formnovalidate: true }, t("watch"))));
  }

  newRoomForm() {
    const game = this.games.find((g) => g.id === this.chosen) || this.games[0];
    const words = gameWords(game);
    const choices = h("div", { class: "game-list", role: "radiogroup", "aria-label": t("choose_game") },
      this.games.map((g) => {
        const w = gameWords(g);
        return h("label", { class: ["game-choice", g.id === game.id && "chosen"] },
          h("input", { type: "radio", name: "game", value: g.id, checked: g.id === game.id, on: { change: () => { this.chosen = g.id; this.render(); } } }),
          h("img", { src: `/games/${g.id}/icon.svg`, alt: "", width: 40, height: 40 }),
          h("span", { class: "game-title" }, w.title),
          h("span", { class: "game-summary" }, w.summary),
          h("span", { class: "game-players" }, t("players_range", { min: g.min_players, max: g.max_players })));
      }));
    const rules = h("a", { href: `/rules/${game.id}`, target: "_blank", rel: "noopener", class: "rules-link" },
      t("rules_of", { game: words.title }));
    // What the person chose survives the form drawn again (a switch of language); the name
    // also survives a change of game, the rest is the game's own.
    const before = this.draft || { game: game.id, values: {} };
    const draft = before.game === game.id ? before.values : { "host-name": before.values["host-name"] };
    this.draft = { game: game.id, values: draft };
    const kept = (id, value) => (draft[id] === undefined ? value : draft[id]);
    const seatsDefault = Number(kept("seats", Math.min(Math.max(game.min_players, 3), game.max_players)));
    const seats = h("select", { id: "seats", name: "seats" },
      Array.from({ length: game.max_players - game.min_players + 1 }, (_, i) => game.min_players + i)
        .map((n) => h("option", { value: n, selected: n === seatsDefault }, String(n))));
    const name = h("input", { id: "host-name", name: "name", maxlength: 24, value: kept("host-name", saved.name()), autocomplete: "nickname", placeholder: t("name_placeholder") });
    // Hosting without playing is said with a box, not by emptying a name the page filled in
    // (the name this browser used last): the name is then set aside, and no seat is taken.
    const hostOnly = h("input", { type: "checkbox", id: "host-only", checked: kept("host-only", false),
      on: { change: () => { name.disabled = hostOnly.checked; } } });
    name.disabled = hostOnly.checked;
    const plain = [];
    const lists = [];
    const inputs = [];
    for (const option of game.options) {
      const kind = optionKind(option);
      const id = `opt-${option.name}`;
      const help = h("small", { id: `${id}-help`, class: "help" }, words.optionHelp(option));
      let input;
      if (kind === "bool") {
        input = h("input", { id, type: "checkbox", checked: kept(id, option.default === "true"), "aria-describedby": `${id}-help` });
      } else if (option.name === "first_player" && kind === "int") {
        // a seat, numbered as the room shows seats (from 1; the value sent counts from 0): only
        // the seats of the room as chosen are offered, and a seat no longer there goes back to 1
        const pick = h("select", { id, "aria-describedby": `${id}-help` },
          Array.from({ length: game.max_players }, (_, i) => h("option", { value: String(i), selected: String(i) === kept(id, option.default) }, t("seat_n", { n: i + 1 }))));
        const fit = () => {
          const count = Number(seats.value);
          for (const choice of pick.options) choice.hidden = choice.disabled = Number(choice.value) >= count;
          if (Number(pick.value) >= count) pick.value = "0";
        };
        seats.addEventListener("change", fit);
        fit();
        input = pick;
      } else if (option.choices) {  // one of a few words: a list to pick from, nothing to mistype
        input = h("select", { id, "aria-describedby": `${id}-help` },
          option.choices.map((c) => h("option", { value: c, selected: c === kept(id, option.default) }, words.optionChoice(option, c))));
      } else {
        input = h("input", { id, type: kind === "int" || kind === "float" ? "number" : "text", value: kept(id, option.default), "aria-describedby": `${id}-help`, step: kind === "float" ? "any" : null, spellcheck: "false" });
      }
      inputs.push([option, kind, input]);
      const row = kind === "bool"
        ? h("div", { class: "option option-bool" }, h("label", { class: "check" }, input, words.optionLabel(option)), help)
        : h("div", { class: "option" }, h("label", { for: id }, words.optionLabel(option)), input, help);
      (kind === "words" || kind === "ints" ? lists : plain).push(row);
    }
    const applies = ([, , , , kinds]) => !kinds.length || !game.decisions || kinds.some((k) => game.decisions.includes(k));
    const limitInputs = LIMITS.filter(applies).map(([key, value, min, max]) => {
      const input = h("input", { id: `limit-${key}`, type: "number", min, max, value: kept(`limit-${key}`, value), step: "any" });
      return [key, value, input, h("div", { class: "option" }, h("label", { for: `limit-${key}` }, t(`limit_${key}`)), input)];
    });
    const quick = !game.decisions || game.decisions.includes("race") || game.decisions.includes("reaction");
    const botSpeed = quick
      ? h("select", { id: "limit-bot_speed", "aria-describedby": "limit-bot_speed-help" },
        BOT_SPEEDS.map((speed) => h("option", { value: speed, selected: speed === kept("limit-bot_speed", BOT_SPEED_DEFAULT) }, t(`bot_speed_${speed}`))))
      : null;
    const botSpeedRow = botSpeed
      ? h("div", { class: "option" }, h("label", { for: "limit-bot_speed" }, t("limit_bot_speed")), botSpeed, h("small", { id: "limit-bot_speed-help", class: "help" }, t("bot_speed_help")))
      : null;
    let creating = false;
    const submit = async (event) => {
      event.preventDefault();
      if (creating) return; // a double click makes one room, not two
      creating = true;
      const button = /** @type {HTMLButtonElement} */ (byId("create"));
      if (button) button.disabled = true;
      const options = {};
      for (const [option, kind, input] of inputs) {
        const text = kind === "bool" ? String(input.checked) : input.value.trim();
        if (text !== option.default) options[option.name] = kind === "bool" ? input.checked : optionValue(kind, text);
      }
      const limits = {};
      for (const [key, value, input] of limitInputs) {
        const number = Number.parseFloat(input.value);
        if (Number.isFinite(number) && number !== value) limits[key] = number;
      }
      if (botSpeed && botSpeed.value !== BOT_SPEED_DEFAULT) limits.bot_speed = botSpeed.value;
      const body = { game: game.id, seats: Number(seats.value), options, limits };
      if (name.value.trim() && !hostOnly.checked) body.name = name.value.trim();
      try {
        const made = await api.createRoom(body);
        if (body.name) saved.setName(body.name);
        saved.update(made.code, { host: made.host_token, token: made.token || null, seat: made.seat ?? null, name: body.name || null });
        go(`/room/${made.code}`);
      } catch (err) {
        toast(err.option ? optionRefused(err, words) : refusal(err), "error");
        creating = false;
        if (button) button.disabled = false;
      }
    };
    const remember = (event) => {
      const el = event.target;
      if (el.id) draft[el.id] = el.type === "checkbox" ? el.checked : el.value;
    };
    return h("form", { class: "new-form", on: { submit, input: remember, change: remember } },
      choices,
      h("p", { class: "rules-line" }, rules),
      h("div", { class: "form-grid" },
        h("div", { class: "option" }, h("label", { for: "host-name" }, t("your_name")), name,
          h("label", { class: "check" }, hostOnly, t("host_only")), h("small", { class: "help" }, t("host_name_help"))),
        h("div", { class: "option" }, h("label", { for: "seats" }, t("seats")), seats, h("small", { class: "help" }, t("seats_help")))),
      plain.length ? h("fieldset", { class: "options" }, h("legend", {}, t("options")), plain) : null,
      h("details", { class: "more", open: Boolean(draft.more), on: { toggle: (e) => { draft.more = e.target.open; } } },
        h("summary", {}, t("more_options")), lists, limitInputs.map((l) => l[3]), botSpeedRow),
      h("div", { class: "buttons" }, h("button", { type: "submit", class: "primary big", id: "create" }, t("create_room"))));
  }
}

/** The rooms this browser has a seat in or hosts (up to five, the latest first) that the
 * server still has, with what it says of them; the others are forgotten. */
async function yourRooms() {
  const found = await Promise.all(saved.rooms().slice(0, 5).map(async (entry) => {
    try {
      return { ...entry, room: await api.room(entry.code) };
    } catch (err) {
      if (err.status === 404) saved.forget(entry.code);
      return null;
    }
  }));
  return found.filter(Boolean);
}

let joining = false; // a join under way (see joinRoom)

/** Take a seat in a room under a name, then open the room. */
async function joinRoom(code, rawName) {
  if (joining) return; // a double tap takes one seat, not a seat and a "name taken"
  joining = true;
  try {
    await joinOnce(code, rawName);
  } finally {
    joining = false;
  }
}

async function joinOnce(code, rawName) {
  const name = rawName.trim();
  const known = saved.get(code);
  if (known.token) {
    go(`/room/${code}`);
    return;
  }
  if (!name) {
    toast(t("need_name"), "error");
    return;
  }
  try {
    const joined = await api.join(code, name);
    saved.setName(name);
    saved.update(code, { token: joined.token, seat: joined.seat, name });
    go(`/room/${code}`); // (an error said before goes with the page)
  } catch (err) {
    toast(refusal(err, { name }), "error");
  }
}

/** /join/<code>: the invite link. A name and one button; or watch. */
export class JoinPage {
  constructor(code) {
    this.code = code;
    this.room = null;
    this.error = null;
  }

  title() {
    return t("join_title", { code: this.code });
  }

  async start() {
    if (saved.get(this.code).token) {
      go(`/room/${this.code}`, true);
      return;
    }
    this.render();
    try {
      this.room = await api.room(this.code);
      await loadGameStrings(this.room.game).catch(() => null);
    } catch (err) {
      this.error = refusal(err);
    }
    this.render();
  }

  close() {}

  render() {
    const main = byId("main");
    if (this.error) {
      redraw(main, h("section", { class: "panel" }, h("h1", {}, t("join_title", { code: this.code })), h("p", { class: "error" }, this.error), h("a", { href: "/", "data-link": true }, t("back_home"))));
      return;
    }
    if (!this.room) {
      redraw(main, h("p", { class: "loading" }, t("loading")));
      return;
    }
    const room = this.room;
    const title = translator(room.game).maybe("game_title") || room.title;
    const open = room.seats.filter((seat) => seat.kind === "open").length;
    const name = h("input", { id: "name", maxlength: 24, required: true, value: saved.name(), autocomplete: "nickname" });
    const canJoin = room.status === "lobby" && open > 0;
    const submit = async (event) => {
      event.preventDefault();
      await joinRoom(this.code, name.value);
    };
    redraw(main, h("section", { class: "panel invite" },
      h("img", { src: `/games/${room.game}/icon.svg`, alt: "", width: 56, height: 56 }),
      h("h1", {}, t("invited_to", { game: title })),
      h("p", { class: "code-big", "aria-label": t("room_code") }, room.code),
      h("p", {}, t("seated_now", { names: room.seats.filter((s) => s.kind !== "open").map((s) => seatName(room, s.index)).join(", ") || "—" })),
      canJoin
        ? h("form", { on: { submit }, class: "join-form" },
          h("label", { for: "name" }, t("your_name")), name,
          h("div", { class: "buttons" }, h("button", { type: "submit", class: "primary big", id: "join" }, t("take_seat")),
            h("a", { href: `/table/${room.code}`, "data-link": true, class: "button" }, t("watch"))))
        : h("div", {}, h("p", {}, room.status === "lobby" ? t("room_full") : t("match_started")),
          h("a", { href: `/table/${room.code}`, "data-link": true, class: "button primary" }, t("watch")))));
    if (canJoin && !name.value) name.focus();
  }
}
