// The server's HTTP API (docs/server.md), and what this browser keeps of each room it joined.

export class ApiError extends Error {
  // ``option``: the game option a new room was refused for, by name (the server says which);
  // ``reason``: which of the common refusals it is (no_room, name_taken, ...), else null
  constructor(status, code, message, option = null, reason = null) {
    super(message);
    this.status = status;
    this.code = code;
    this.option = option;
    this.reason = reason;
  }
}

async function call(method, path, body, bearer) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    throw new ApiError(0, "network", String(err && err.message ? err.message : err));
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const message = data && data.message ? data.message : `${response.status} ${response.statusText}`;
    throw new ApiError(response.status, data && data.error ? data.error : "http", message, (data && data.option) || null, (data && data.reason) || null);
  }
  return data;
}

const room = (code) => `/api/rooms/${encodeURIComponent(code)}`;

export const api = {
  // Only games that bring a browser table are offered (a game package may have none).
  games: () => call("GET", "/api/games").then((list) => list.filter((game) => game.web)),
  createRoom: (body) => call("POST", "/api/rooms", body),
  room: (code) => call("GET", room(code)),
  join: (code, name, seat) => call("POST", `${room(code)}/join`, seat === undefined ? { name } : { name, seat }),
  spectate: (code) => call("POST", `${room(code)}/spectate`, {}),
  leave: (code, token) => call("POST", `${room(code)}/leave`, undefined, token),
  setBot: (code, seat, bot, host) => call("PUT", `${room(code)}/seats/${seat}/bot`, { bot }, host),
  handHost: (code, seat, host) => call("POST", `${room(code)}/host`, { seat }, host),
  clearSeat: (code, seat, host) => call("DELETE", `${room(code)}/seats/${seat}`, undefined, host),
  start: (code, host) => call("POST", `${room(code)}/start`, undefined, host),
  rematch: (code, host) => call("POST", `${room(code)}/rematch`, undefined, host),
  reactions: (code, host, on) => call("PUT", `${room(code)}/reactions`, { on }, host),
  pause: (code, host) => call("POST", `${room(code)}/pause`, undefined, host),
  resume: (code, host) => call("POST", `${room(code)}/resume`, undefined, host),
  qrUrl: (code) => `${room(code)}/qr.svg`,
};

/** The prefix of the local storage key that holds what this browser keeps of each room. */
const ROOM_KEY = "gamenight:room:";

/** What this browser keeps of a room: its seat token and seat, the host token, the name. */
export const saved = {
  get(code) {
    try {
      return JSON.parse(localStorage.getItem(`${ROOM_KEY}${code}`) || "{}");
    } catch {
      return {};
    }
  },
  update(code, changes) {
    const next = { ...saved.get(code), ...changes, at: Date.now() };
    localStorage.setItem(`${ROOM_KEY}${code}`, JSON.stringify(next));
    return next;
  },
  /** The rooms this browser holds a seat or the host token of, the most recently used first. */
  rooms() {
    const out = [];
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (!key || !key.startsWith(ROOM_KEY)) continue;
      const code = key.slice(ROOM_KEY.length);
      const data = saved.get(code);
      if (data.token || data.host) out.push({ code, ...data });
    }
    return out.sort((a, b) => (b.at || 0) - (a.at || 0));
  },
  forget(code) {
    localStorage.removeItem(`${ROOM_KEY}${code}`);
  },
  name() {
    return localStorage.getItem("gamenight:name") || "";
  },
  setName(name) {
    localStorage.setItem("gamenight:name", name);
  },
};

/** The WebSocket address of a room (with a seat's token, or none to watch), on this server. */
export function socketUrl(code, token) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  return `${scheme}//${location.host}/ws/${encodeURIComponent(code)}${query}`;
}
