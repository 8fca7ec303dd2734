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
/** A short message that goes away by itself (errors, "too slow"). */
export function toast(text, kind = "info") {
  const el = byId("toast");
  el.replaceChildren(h("span", { class: `toast-${kind}` }, text));
  el.classList.add("show");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => el.classList.remove("show"), kind === "slow" ? 2500 : 4500);
}
