// Shared by the unit tests of the browser client (node --test): the catalogues of words and a
// table context built from them, as the room builds it, with no page around it.

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

import { format, lookup } from "../../src/gamenight/web/i18n.js";
import * as kit from "../../src/gamenight/web/kit.js";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const SHELL = "src/gamenight/web";
export const GAMES = {
  "toss-up": "src/gamenight/games/toss_up/web",
  "toss-your-cookies": "src/gamenight/games/toss_your_cookies/web",
  "paper-toss": "src/gamenight/games/paper_toss/web",
  "cover-your-cookies": "src/gamenight/games/cover_your_cookies/web",
};
export const LANGUAGES = ["en", "es"];

/** The catalogue of words of `folder` (the shell's or a game's web folder) in `lang`. */
export async function catalogue(folder, lang) {
  return (await import(new URL(`${folder}/i18n/${lang}.js`, `file://${ROOT}`).href)).default;
}

/** A game's catalogue of words for its events (words/<lang>.json beside its web folder). */
export function wordsOf(gameId, lang) {
  return JSON.parse(readFileSync(`${ROOT}${GAMES[gameId].replace(/\/web$/, "")}/words/${lang}.json`, "utf8"));
}

/** A file's text, by its path from the repository root. */
export function source(path) {
  return readFileSync(ROOT + path, "utf8");
}

/** The placeholders of a template: "{name} has {count}" -> ["count", "name"]. */
export function placeholders(text) {
  return [...new Set([...String(text).matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();
}

/** A table context for `gameId` in `lang` (room.js `ctx()`), naming seats `names`; a missing
 * word fails the test instead of showing its key. */
export async function context(gameId, lang = "en", names = ["Ann", "Bo", "Cy", "Di"]) {
  const tables = [
    await catalogue(GAMES[gameId], lang),
    await catalogue(SHELL, lang),
    await catalogue(GAMES[gameId], "en"),
    await catalogue(SHELL, "en"),
  ];
  const find = (key, params) => {
    const found = lookup(key, params && params.count, tables);
    return found === undefined ? undefined : format(found, params);
  };
  const t = (key, params) => {
    const found = find(key, params);
    if (found === undefined) throw new Error(`no words for "${key}"`);
    return found;
  };
  t.maybe = find;
  return {
    t,
    kit,
    me: 0,
    mode: "player",
    gameId,
    config: {},
    name: (seat) => names[seat],
    act: () => {},
    coach: () => {},
  };
}
