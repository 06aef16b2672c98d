import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/**", "build-*/**", "node_modules/**", "data/**", "test-results/**", "playwright-report/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/utils/misc*"], message: "One concern per file in app/utils." }] },
      ],
    },
  },
  {
    // The domain is pure: no database, no server modules.
    files: ["app/domain/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["~/db/*", "~/services/*", "*.server", "sequelize"], message: "app/domain stays pure." }] },
      ],
    },
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
