// ESLint (flat config) for the browser client: plain ES modules served as they are written
// (src/gamenight/web/, each game's web/ folder, the catalogues of words in i18n/), and the unit
// tests of their pure parts (tests/js, run by `node --test`). `make js` runs it.

import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/", ".venv/", ".venv-fast/", "build/", "dist/"] },
  js.configs.recommended,
  {
    files: ["src/gamenight/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser },
    },
    rules: {
      eqeqeq: ["error", "always"],
      "no-var": "error",
      "prefer-const": "error",
      "no-unused-vars": ["error", { args: "after-used", argsIgnorePattern: "^_", caughtErrors: "none" }],
      "no-shadow": ["error", { allow: ["_"] }],
      "no-implicit-globals": "error",
      "no-restricted-globals": ["error", "name", "event", "status"],
    },
  },
  {
    files: ["tests/js/**/*.js", "eslint.config.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.node },
    },
  },
];
