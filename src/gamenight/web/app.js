// The page: the header (language, connection), the router (/, /join/<code>, /room/<code>,
// /table/<code>) and the keyboard. Each page is an object with render() and close().

import { byId, h } from "./dom.js";
import { LANGUAGES, currentLanguage, detectLanguage, setLanguage, t } from "./i18n.js";
import { HomePage, JoinPage } from "./lobby.js";
import { RoomPage } from "./room.js";
import { clearToast, go, showNet } from "./ui.js";

let page = null;

function route() {
  const parts = location.pathname.split("/").filter(Boolean);
  const code = parts[1] ? decodeURIComponent(parts[1]).toUpperCase() : "";
  if (parts[0] === "join" && code) return () => new JoinPage(code);
  if (parts[0] === "room" && code) return () => new RoomPage(code, "player");
  if (parts[0] === "table" && code) return () => new RoomPage(code, "table");
  return () => new HomePage();
}

function open() {
  if (page) page.close();
  document.body.className = "";
  showNet("");
  clearToast("error"); // an error of the page left behind is not about this one
  page = route()();
  page.start();
  labelChrome();
  byId("main").focus({ preventScroll: true });
}

function languageSwitch() {
  const select = /** @type {HTMLSelectElement} */ (byId("lang"));
  select.replaceChildren(...Object.entries(LANGUAGES).map(([code, name]) =>
    h("option", { value: code, selected: code === currentLanguage() }, name)));
  byId("lang-label").textContent = t("language");
  select.onchange = async () => {
    await setLanguage(select.value, true);
    labelChrome();
    if (page) page.render();
  };
}

function labelChrome() {
  byId("lang-label").textContent = t("language");
  document.querySelector(".skip").textContent = t("skip_to_game");
  document.title = page && page.title ? `${page.title()} · gamenight` : "gamenight";
}

document.addEventListener("click", (event) => {
  const target = /** @type {Element} */ (event.target);
  const link = /** @type {HTMLAnchorElement | null} */ (target.closest && target.closest("a[data-link]"));
  if (!link || event.ctrlKey || event.metaKey || event.shiftKey || link.target) return;
  event.preventDefault();
  go(link.getAttribute("href"));
});

document.addEventListener("keydown", (event) => {
  const target = /** @type {HTMLInputElement | null} */ (event.target);
  const tag = target && target.tagName;
  const typing = (tag === "INPUT" && target.type !== "checkbox") || tag === "SELECT" || tag === "TEXTAREA";
  if (typing || event.ctrlKey || event.metaKey || event.altKey) return; // a ticked box keeps the keys
  if (page && page.key && page.key(event)) event.preventDefault();
});

window.addEventListener("popstate", open);
window.addEventListener("gamenight:navigate", open);

async function boot() {
  await setLanguage(detectLanguage());
  languageSwitch();
  open();
  labelChrome();
}

window.addEventListener("gamenight:title", () => labelChrome());

boot();

// The service worker keeps the page's files on the device (sw.js). Browsers offer it only on a
// secure page (https, or the loopback address): on a phone at http://192.168.x.y the page loads
// from the server every time, as before.
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js").catch(() => {}); // without it the page works the same
}
