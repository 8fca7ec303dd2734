// Words on the page: one catalogue per language for the shell (i18n/<lang>.js) and one per
// language for each game's table (/games/<id>/i18n/<lang>.js). The language comes from the
// browser's list of preferred languages, and the switch in the header keeps a choice.

export const LANGUAGES = { en: "English", es: "Español" };
const STORE = "gamenight:lang";

let lang = "en";
let shell = {};
let fallback = {};
const games = new Map(); // game id -> {lang: catalogue}
const gameWords = new Map(); // game id -> {lang: catalogue of words/<lang>.json}

/** The language to start in: the one chosen before, else the browser's first one we have. */
export function detectLanguage() {
  const saved = localStorage.getItem(STORE);
  if (saved && saved in LANGUAGES) return saved;
  for (const wanted of navigator.languages || [navigator.language || "en"]) {
    const base = String(wanted).toLowerCase().split("-")[0];
    if (base in LANGUAGES) return base;
  }
  return "en";
}

export function currentLanguage() {
  return lang;
}

async function loadCatalogue(url) {
  const module = await import(url);
  return module.default;
}

/** Switch to `next` (and remember it); every game catalogue loaded so far is loaded again. */
export async function setLanguage(next, remember = false) {
  if (!(next in LANGUAGES)) next = "en";
  if (!Object.keys(fallback).length) fallback = await loadCatalogue("/static/i18n/en.js");
  shell = next === "en" ? fallback : await loadCatalogue(`/static/i18n/${next}.js`);
  lang = next;
  document.documentElement.lang = next;
  if (remember) localStorage.setItem(STORE, next);
  for (const id of games.keys()) await loadGameStrings(id);
}

/** Load a game's words in the current language (and in English, the fallback): its table's
 * (i18n/<lang>.js) and its events' (words/<lang>.json, see words.js; {} for a game without). */
export async function loadGameStrings(id) {
  const known = games.get(id) || {};
  const said = gameWords.get(id) || {};
  for (const code of new Set(["en", lang])) {
    if (!known[code]) known[code] = await loadCatalogue(`/games/${encodeURIComponent(id)}/i18n/${code}.js`);
    if (!said[code]) {
      const response = await fetch(`/games/${encodeURIComponent(id)}/words/${code}.json`);
      said[code] = response.ok ? await response.json() : {};
    }
  }
  games.set(id, known);
  gameWords.set(id, said);
}

/** A game's catalogues of words for its events (words.js): the page's language, then English. */
export function wordCatalogues(id) {
  const said = gameWords.get(id) || {};
  return [said[lang], said.en].filter(Boolean);
}

/** The words of `key` in the first of `tables` that has them (`key_one`/`key_other` first when
 * a `count` is given). */
export function lookup(key, count, tables) {
  for (const table of tables) {
    if (!table) continue;
    if (count !== undefined) {
      const plural = table[`${key}_${count === 1 ? "one" : "other"}`];
      if (plural !== undefined) return plural;
    }
    if (table[key] !== undefined) return table[key];
  }
  return undefined;
}

/** `template` with each `{name}` replaced by `params.name` (left as it is when not given). */
export function format(template, params) {
  return template.replace(/\{(\w+)\}/g, (whole, name) =>
    params && params[name] !== undefined && params[name] !== null ? String(params[name]) : whole,
  );
}

/** A translator: the game's words first (when `gameId` is given), then the shell's.
 * `tr.maybe(key, params)` gives undefined instead of warning when there are no such words. */
export function translator(gameId) {
  const find = (key, params) => {
    const game = gameId ? games.get(gameId) || {} : {};
    const found = lookup(key, params && params.count, [game[lang], shell, game.en, fallback]);
    return found === undefined ? undefined : format(found, params);
  };
  const tr = (key, params) => {
    const found = find(key, params);
    if (found === undefined) {
      console.warn(`no words for "${key}"`);
      return key;
    }
    return found;
  };
  tr.maybe = find;
  return tr;
}

/** The shell's translator. */
export const t = translator(null);
