// Page-wide pieces every page uses: going to another page, the connection line in the header,
// and short messages (toasts).

import { byId, h } from "./dom.js";
import { t } from "./i18n.js";

/** Go to a path of this site without reloading the page (app.js listens). */
export function go(path, replace = false) {
  if (replace) history.replaceState(null, "", path);
  else history.pushState(null, "", path);
  window.dispatchEvent(new Event("gamenight:navigate"));
}

/** The connection line in the header: "", "connecting", "reconnecting", "reconnected", ... */
export function showNet(status) {
  const net = byId("net");
  net.className = `net net-${status}`;
  net.textContent = status ? t(`net_${status}`) : "";
}

let toastTimer = null;
let toastKind = null; // the kind of the toast on screen, null when none is
/** A short message that goes away by itself (errors, "too slow"). */
export function toast(text, kind = "info") {
  const el = byId("toast");
  el.replaceChildren(h("span", { class: `toast-${kind}` }, text));
  el.classList.add("show");
  toastKind = kind;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => clearToast(), kind === "slow" ? 2500 : 4500);
}

/** Take the toast on screen away at once: any, or only one of ``kind`` (an error about an
 * action that then succeeded, or about a page left, says nothing true any more). */
export function clearToast(kind = null) {
  if (toastKind === null || (kind !== null && kind !== toastKind)) return;
  const el = byId("toast");
  if (el) el.classList.remove("show");
  toastKind = null;
  clearTimeout(toastTimer);
}

// The refusals a person commonly meets, said in the page's language: by the ``reason`` the
// server gives with its code (HTTP) or by the code alone (the WebSocket's errors).
const REFUSALS = {
  no_room: "refused_no_room",
  name_taken: "refused_name_taken",
  room_full: "refused_room_full",
  match_started: "refused_match_started",
  network: "refused_network",
  not_your_decision: "refused_not_your_turn",
  spectator: "refused_spectator",
  not_started: "refused_not_started",
  game_over: "refused_game_over",
  rate_limited: "slow_down",
  paused: "refused_paused",
  reactions_off: "refused_reactions_off",
  forged_tap: "refused_forged_tap",
};

/** What to tell the person of a refusal (an ApiError, or a WebSocket ``error`` message): in
 * their language when it is one of the common ones (``params``: what the words name, such as
 * the name that was taken), else the server's own sentence. */
export function refusal(err, params = {}) {
  const key = REFUSALS[err.reason] || REFUSALS[err.code];
  return key ? t(key, params) : err.message;
}
