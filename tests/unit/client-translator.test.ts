// ADR 237: what keeps i18next out of the browser's JavaScript, checked without a build.
// - The Vite plugin (in vite.config.ts) resolves react-i18next and remix-i18next/react to
//   ~/utils/i18n-react for the client, and leaves them alone for server rendering.
// - The lint rule refuses i18next, its loader and remix-i18next/client in browser code.
// - The translations are written under one folder whose name follows their content.
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { CLIENT_REPLACEMENTS, clientTranslator, localesFolder, readLocaleFiles } from "../../scripts/client-translator-plugin";

const root = process.cwd();

function resolveWith(source: string, ssr: boolean): unknown {
  const plugin = clientTranslator(root);
  const hook = plugin.resolveId as (source: string, importer: string | undefined, options: { ssr?: boolean }) => unknown;
  return hook.call({}, source, path.join(root, "app/root.tsx"), { ssr });
}

describe("the client translator plugin", () => {
  it.each(["react-i18next", "remix-i18next/react"])("gives the browser ~/utils/i18n-react for %s, the server the package", (name) => {
    expect(resolveWith(name, false)).toBe(path.join(root, "app/utils/i18n-react.tsx"));
    expect(resolveWith(name, true)).toBeNull();
  });

  it("leaves every other import alone", () => {
    expect(resolveWith("react", false)).toBeNull();
    expect(resolveWith("i18next", false)).toBeNull();
    expect(Object.keys(CLIENT_REPLACEMENTS).sort()).toEqual(["react-i18next", "remix-i18next/react"]);
  });

  it("is one of vite.config.ts's plugins", async () => {
    const config = (await import("../../vite.config")).default as { plugins: unknown[] };
    const names = config.plugins.flat(3).map((plugin) => (plugin as { name?: string } | null)?.name);
    expect(names).toContain("darna-client-translator");
  });

  it("tells the browser the translations' folder: the project's in dev, the build's hashed one", () => {
    const plugin = clientTranslator(root);
    const config = plugin.config as (config: object, env: { command: "build" | "serve" }) => { define: Record<string, string> };
    expect(config.call({}, {}, { command: "serve" }).define.__DARNA_LOCALES__).toBe('"/locales"');
    const built = JSON.parse(config.call({}, {}, { command: "build" }).define.__DARNA_LOCALES__!) as string;
    expect(built).toMatch(/^\/assets\/locales-[\w-]{10}$/);
  });

  it("names the folder after the translations, minified", () => {
    const files = readLocaleFiles(root);
    expect(files.length).toBeGreaterThan(100);
    const common = files.find((file) => file.language === "fr" && file.namespace === "common")!;
    expect(common.json).not.toContain("\n");
    expect(JSON.parse(common.json)).toHaveProperty("appName");
    const changed = files.map((file) => (file === common ? { ...file, json: file.json.replace("Darna", "Darna!") } : file));
    expect(localesFolder(changed)).not.toBe(localesFolder(files));
    expect(localesFolder([...files])).toBe(localesFolder(files));
  });
});

describe("the lint rule", () => {
  const eslint = new ESLint({ cwd: root });
  async function refused(filePath: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath });
    return result!.messages.filter((message) => message.ruleId === "no-restricted-imports").map((message) => message.message);
  }

  it.each([
    ["app/entry.client.tsx", 'import i18next from "i18next";\nexport const x = i18next;\n'],
    ["app/root.tsx", 'import { createInstance } from "i18next";\nexport const x = createInstance;\n'],
    ["app/components/example/card.tsx", 'import backend from "i18next-resources-to-backend";\nexport const x = backend;\n'],
    ["app/routes/($lang).example.tsx", 'import { getInitialNamespaces } from "remix-i18next/client";\nexport const x = getInitialNamespaces;\n'],
  ])("refuses in %s: %s", async (filePath, code) => {
    expect(await refused(filePath, code)).toHaveLength(1);
  });

  it.each([
    ["app/entry.server.tsx", 'import { createInstance } from "i18next";\nexport const x = createInstance;\n'],
    ["app/utils/example.server.ts", 'import { createInstance } from "i18next";\nexport const x = createInstance;\n'],
    ["app/components/example/card.test.tsx", 'import { createInstance } from "i18next";\nexport const x = createInstance;\n'],
    ["app/components/example/card.tsx", 'import { useTranslation } from "react-i18next";\nexport const x = useTranslation;\n'],
  ])("allows in %s: %s", async (filePath, code) => {
    expect(await refused(filePath, code)).toEqual([]);
  });
});
