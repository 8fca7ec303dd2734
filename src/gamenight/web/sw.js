// The service worker: the page's own files (the shell's and each game's table) come from the
// device after the first visit, and a page opened while offline says the table will come back.
// The server sends this file at /sw.js (so its scope is the whole site) with the line of BUILD
// below filled in: the release's version and a hash of its files, and the files to keep. A new
// release is a new version, so the browser installs it and drops the old cache.
// What is never kept: the API (/api/...), the live socket (/ws/...), the pages themselves
// (/, /room/<code>, ...: asked of the server each time, the offline page when it cannot answer),
// the rules pages, and anything from another site.

/** @type {{version: string, files: string[]}} */
const BUILD = { version: "dev", files: [] };

const CACHE = `gamenight-${BUILD.version}`;
const OFFLINE = "/static/offline.html";
/** @type {any} */
const sw = self;

function onInstall(event) {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(BUILD.files))
      .then(() => sw.skipWaiting()),
  );
}

function onActivate(event) {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(
        keys.filter((key) => key.startsWith("gamenight-") && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => sw.clients.claim()),
  );
}

/** A file of the page (the shell's, a game's table), never a room's data. */
function isAsset(url) {
  return url.origin === location.origin
    && (url.pathname.startsWith("/static/") || url.pathname.startsWith("/games/"));
}

async function fromCacheFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request, { ignoreSearch: true });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function pageOrOffline(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const offline = await caches.match(OFFLINE);
    if (offline) return offline;
    throw error;
  }
}

function onFetch(event) {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (request.mode === "navigate") {
    event.respondWith(pageOrOffline(request));
  } else if (isAsset(url)) {
    event.respondWith(fromCacheFirst(request));
  }
  // anything else (the API, the socket, the QR code) goes to the network as if there were no worker
}

sw.addEventListener("install", onInstall);
sw.addEventListener("activate", onActivate);
sw.addEventListener("fetch", onFetch);
