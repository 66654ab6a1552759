// ESLint 9 flat config for the web pages' ES modules (src/acreage/web/static/js); run by
// `make lint` through .ci/lint_js. The HTML pages load these modules by src= and hold no
// inline scripts of their own.
import js from "@eslint/js";
import globals from "globals";

export default [
  {
    ignores: ["node_modules/", ".venv/", "build/", "dist/"],
  },
  js.configs.recommended,
  {
    files: ["src/acreage/web/static/js/**/*.js"],
    languageOptions: {
      ecmaVersion: "latest",
      sourceType: "module",
      globals: { ...globals.browser },
    },
    linterOptions: {
      reportUnusedDisableDirectives: "error",
    },
    rules: {
      "no-unused-vars": [
        "error",
        {
          args: "after-used",
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrorsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
        },
      ],
      "no-undef": "error",
      eqeqeq: ["error", "smart"],
      "no-implicit-globals": "error",
      "prefer-const": "error",
    },
  },
];
