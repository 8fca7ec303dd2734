// The catalogues of words: every language says every key, with the placeholders the page fills,
// and every key a table or the shell asks for by name exists.

import assert from "node:assert/strict";
import { test } from "node:test";

import { GAMES, LANGUAGES, SHELL, catalogue, placeholders, source } from "./helpers.js";

const FOLDERS = { shell: SHELL, ...GAMES };

for (const [name, folder] of Object.entries(FOLDERS)) {
  test(`${name}: every language has the same keys as English`, async () => {
    const en = await catalogue(folder, "en");
    assert.ok(Object.keys(en).length > 20);
    for (const lang of LANGUAGES) {
      const words = await catalogue(folder, lang);
      assert.deepEqual(Object.keys(words).sort(), Object.keys(en).sort(), `${name} ${lang}`);
      for (const [key, text] of Object.entries(words)) {
        assert.equal(typeof text, "string", `${name} ${lang} ${key}`);
        assert.notEqual(text.trim(), "", `${name} ${lang} ${key} is empty`);
      }
    }
  });

  test(`${name}: a translation fills only the placeholders English is given`, async () => {
    const en = await catalogue(folder, "en");
    for (const lang of LANGUAGES) {
      const words = await catalogue(folder, lang);
      for (const [key, text] of Object.entries(words)) {
        const extra = placeholders(text).filter((p) => !placeholders(en[key]).includes(p) && !(p === "count" && /_(one|other)$/.test(key)));
        assert.deepEqual(extra, [], `${name} ${lang} ${key}: "${text}"`);
        // a placeholder English fills is left out only where a count says it in words ("un dado")
        const missing = placeholders(en[key]).filter((p) => !placeholders(text).includes(p) && p !== "count");
        assert.deepEqual(missing, [], `${name} ${lang} ${key}: "${text}"`);
      }
    }
  });

  test(`${name}: plural words come in pairs`, async () => {
    const en = await catalogue(folder, "en");
    let pairs = 0;
    for (const [key, text] of Object.entries(en)) {
      const m = key.match(/^(.*)_(one|other)$/);
      // "flip_one" (Paper Toss!'s Flip One) is a move's name, not a count's words
      if (!m || (m[2] === "one" && !text.includes("{count}") && !(`${m[1]}_other` in en))) continue;
      assert.ok(`${m[1]}_${m[2] === "one" ? "other" : "one"}` in en, `${name}: ${key} has no pair`);
      pairs += 1;
    }
    // a game's events are said from its catalogue of words (words/<lang>.json), whose plural
    // forms tests/test_words.py checks: a table may have no plural words of its own left
    if (name === "shell") assert.ok(pairs > 0, `${name}: no plural words at all`);
  });
}

for (const [gameId, folder] of Object.entries(GAMES)) {
  test(`${gameId}: every key the table asks for by name has words`, async () => {
    const game = await catalogue(folder, "en");
    const shell = await catalogue(SHELL, "en");
    const code = source(`${folder}/table.js`);
    const keys = [...code.matchAll(/\bt(?:\.maybe)?\(\s*"([a-z0-9_]+)"/g)].map((m) => m[1]);
    assert.ok(keys.length > 10, `${gameId}: only ${keys.length} keys found`);
    for (const key of new Set(keys)) {
      const known = [key, `${key}_one`, `${key}_other`].some((k) => k in game || k in shell);
      assert.ok(known, `${gameId}: no words for "${key}"`);
    }
  });
}
