// ADR 237: the browser does without i18next.
// - In the client build (and the browser side of the dev server) `react-i18next` and
//   `remix-i18next/react` resolve to app/utils/i18n-react.tsx, the same contract over the small
//   translator of app/utils/translator.ts; server rendering and the tests keep the real packages
//   (the server still renders with i18next).
// - The translations are written as minified JSON under one content-hashed folder,
//   /assets/locales-<hash>/<language>/<namespace>.json (cached for good, by the service worker
//   too), and the browser knows only that folder (`__DARNA_LOCALES__`): no map of 117 file names
//   in the entry chunk. The dev server serves /locales/… from the project as they are.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/** The packages the client build replaces, and by what (relative to the project root). */
export const CLIENT_REPLACEMENTS: Readonly<Record<string, string>> = {
  "react-i18next": "app/utils/i18n-react.tsx",
  "remix-i18next/react": "app/utils/i18n-react.tsx",
};

interface LocaleFile {
  language: string;
  namespace: string;
  json: string;
}

/** Every locales/<language>/<namespace>.json, minified, in a stable order. */
export function readLocaleFiles(root: string): LocaleFile[] {
  const folder = path.join(root, "locales");
  return fs
    .readdirSync(folder)
    .filter((language) => fs.statSync(path.join(folder, language)).isDirectory())
    .sort()
    .flatMap((language) =>
      fs
        .readdirSync(path.join(folder, language))
        .filter((name) => name.endsWith(".json"))
        .sort()
        .map((name) => ({
          language,
          namespace: name.slice(0, -".json".length),
          json: JSON.stringify(JSON.parse(fs.readFileSync(path.join(folder, language, name), "utf8"))),
        })),
    );
}

/** The folder the build writes the translations to: its name changes with any of them. */
export function localesFolder(files: readonly LocaleFile[]): string {
  const hash = crypto.createHash("sha256");
  for (const file of files) hash.update(`${file.language}/${file.namespace}\n${file.json}\n`);
  return `assets/locales-${hash.digest("base64url").slice(0, 10)}`;
}

export function clientTranslator(root = process.cwd()): Plugin {
  let files: LocaleFile[] = [];
  let folder = "";
  let isServerBuild = false;
  return {
    name: "darna-client-translator",
    enforce: "pre",
    config(_config, { command }) {
      if (command === "build") {
        files = readLocaleFiles(root);
        folder = localesFolder(files);
      }
      return { define: { __DARNA_LOCALES__: JSON.stringify(command === "build" ? `/${folder}` : "/locales") } };
    },
    configResolved(config) {
      isServerBuild = Boolean(config.build.ssr);
    },
    resolveId(source, _importer, options) {
      if (options?.ssr) return null;
      const replacement = CLIENT_REPLACEMENTS[source];
      return replacement ? path.resolve(root, replacement) : null;
    },
    generateBundle() {
      if (isServerBuild) return;
      for (const file of files) {
        this.emitFile({ type: "asset", fileName: `${folder}/${file.language}/${file.namespace}.json`, source: file.json });
      }
    },
  };
}
