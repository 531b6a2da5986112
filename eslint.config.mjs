// ESLint for the browser scripts in static/js (issue 30, part 4), run by scripts/lint.sh (make test).
// The scripts are plain ES5 loaded by <script> tags (no modules, no build step), so the parser is held
// to ES5: a newer construct is an error here, not a surprise in an older browser. Scripts share
// objects through window (window.CardBoard, window.DeckCharts), read as browser globals.
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["static/js/**/*.js"],
    languageOptions: {
      ecmaVersion: 5,
      sourceType: "script",
      // the browser's ES2015 objects the scripts use (fetch's Promise, crypto's Uint32Array); syntax stays ES5
      globals: { ...globals.browser, Promise: "readonly", Uint32Array: "readonly" },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      eqeqeq: ["error", "smart"],         // == only against null
      "no-implicit-globals": "error",     // every script keeps its names in its own function
      "no-unused-vars": ["error", { args: "none", caughtErrors: "none" }],  // ES5 has no catch without a name
      "no-throw-literal": "error",
      "no-self-compare": "error",
      "no-unmodified-loop-condition": "error",
      "no-loop-func": "error",
      "no-new-wrappers": "error",
      curly: ["error", "multi-line"],
    },
  },
];
