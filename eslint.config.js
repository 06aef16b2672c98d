import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const IO_MODULES = ["fs", "net", "http", "https", "http2", "dgram", "dns", "tls", "child_process", "worker_threads", "cluster", "os"];

/** What app/domain may never import: anything that reaches the database, the disk or the network. */
const DOMAIN_FORBIDDEN = [
  "~/db/*",
  "~/db/**",
  "~/services/*",
  "~/services/**",
  "*.server",
  "**/*.server",
  "sequelize",
  "sqlite3",
  "mysql2",
  "ioredis",
  "nodemailer",
  "ws",
  "express",
  "sharp",
  ...IO_MODULES.flatMap((name) => [name, `${name}/*`, `node:${name}`, `node:${name}/*`]),
];

/** The rule's options: the project-wide pattern plus the layer's own. */
function restricted(layer) {
  return { patterns: [{ group: ["**/utils/misc*"], message: "One concern per file in app/utils." }, ...(layer ? [layer] : [])] };
}

export default tseslint.config(
  { ignores: ["build/**", "build-*/**", "node_modules/**", "data/**", "test-results/**", "playwright-report/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-restricted-imports": ["error", restricted()],
    },
  },
  // The layers (STYLE.md "The house"): data flows route → service → domain + models, and these
  // imports would cross it. tests/unit/lint-boundaries.test.ts proves each rule still fires.
  {
    files: ["app/routes/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        restricted({ group: ["~/db/*", "~/db/**", "**/db/*.server", "**/db/models/*", "sequelize"], message: "Routes call services; they never talk to the database." }),
      ],
    },
  },
  {
    // Type-only imports are erased at build (Remix's `typeof loader` pattern), so they are allowed.
    files: ["app/components/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        restricted({ group: ["*.server", "**/*.server", "~/db/*", "~/db/**", "sequelize"], message: "Components never import server modules.", allowTypeImports: true }),
      ],
    },
  },
  {
    files: ["app/utils/**/*.{ts,tsx}", "app/db/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        restricted({ group: ["~/services/*", "~/services/**", "**/services/**"], message: "app/utils and app/db sit below the services: they never import one." }),
      ],
    },
  },
  {
    // The domain is pure: no database, no services, no server modules, nothing with I/O.
    files: ["app/domain/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        restricted({ group: DOMAIN_FORBIDDEN, message: "app/domain stays pure: no I/O." }),
      ],
    },
  },
  {
    // ADR 237: the browser translates with ~/utils/translator (react-i18next's contract from
    // ~/utils/i18n-react); i18next itself, its loader and remix-i18next's client helpers stay on the
    // server. tests/unit/client-translator.test.ts proves the rule fires.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.{ts,tsx}", "app/entry.server.tsx", "app/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            ...["i18next", "i18next-resources-to-backend", "remix-i18next/client"].map((name) => ({
              name,
              message: "Browser code translates without i18next (ADR 237): use react-i18next's hooks, or a .server module.",
            })),
            // ADR 245's addendum: in the browser zod must be jitless before any schema is built.
            { name: "zod", message: "Import z from ~/schemas/zod (jitless in the browser: no CSP eval report), or use a .server module." },
          ],
        },
      ],
    },
  },
  {
    files: ["app/schemas/zod.ts"],
    rules: { "no-restricted-imports": "off" },
  },
  {
    // Forms are read one way (ADR 090): a body that does not parse is a 400, never a 500.
    files: ["app/routes/**/*.{ts,tsx}", "app/services/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='formData'][arguments.length=0]",
          message: "Use readFormData(request) from ~/utils/form-data.server (or readMultipart for uploads).",
        },
      ],
    },
  },
);
