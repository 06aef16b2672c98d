// ADR 237: root.tsx's static imports are written as two chunks, the packages ("framework") and the
// app's modules ("shell"); what only a route or a lazy import needs is left to Rollup.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FRAMEWORK_CHUNK, SHELL_CHUNK, shellChunk, shellChunks, staticImportsOf } from "../../scripts/shell-chunk";

const root = "/project";
const file = (name: string) => path.join(root, name);
const graph: Record<string, { importedIds: string[]; dynamicallyImportedIds: string[] }> = {
  [file("app/root.tsx")]: {
    importedIds: [file("app/components/shell/site-header.tsx"), file("node_modules/react/index.js"), "\0vite/preload-helper.js"],
    dynamicallyImportedIds: [file("app/components/messages/realtime-connection.tsx")],
  },
  [file("app/components/shell/site-header.tsx")]: { importedIds: [file("app/utils/i18n.ts"), file("node_modules/@remix-run/react/index.js")], dynamicallyImportedIds: [] },
  [file("app/utils/i18n.ts")]: { importedIds: [], dynamicallyImportedIds: [] },
  [file("node_modules/react/index.js")]: { importedIds: [], dynamicallyImportedIds: [] },
  [file("node_modules/@remix-run/react/index.js")]: { importedIds: [file("node_modules/react/index.js")], dynamicallyImportedIds: [] },
  [file("app/components/messages/realtime-connection.tsx")]: { importedIds: [file("app/utils/realtime.ts")], dynamicallyImportedIds: [] },
  [file("app/routes/($lang).property-details.($id).tsx")]: { importedIds: [file("app/components/discovery/map.tsx"), file("node_modules/leaflet/leaflet.js")], dynamicallyImportedIds: [] },
};
const getModuleInfo = ((id: string) => graph[id] ?? null) as never;

describe("shellChunk", () => {
  it("follows root.tsx's static imports, not its lazy ones", () => {
    expect([...staticImportsOf(file("app/root.tsx"), getModuleInfo)].sort()).toEqual(
      ["\0vite/preload-helper.js", file("app/components/shell/site-header.tsx"), file("app/utils/i18n.ts"), file("node_modules/@remix-run/react/index.js"), file("node_modules/react/index.js")].sort(),
    );
  });

  it.each([
    ["app/components/shell/site-header.tsx", SHELL_CHUNK],
    ["app/utils/i18n.ts", SHELL_CHUNK],
    ["node_modules/react/index.js", FRAMEWORK_CHUNK],
    ["node_modules/@remix-run/react/index.js", FRAMEWORK_CHUNK],
    ["app/components/messages/realtime-connection.tsx", undefined],
    ["app/utils/realtime.ts", undefined],
    ["app/components/discovery/map.tsx", undefined],
    ["node_modules/leaflet/leaflet.js", undefined],
    ["app/root.tsx", undefined],
  ])("puts %s in %s", (name, chunk) => {
    const manualChunks = shellChunk(root) as unknown as (id: string, api: { getModuleInfo: never }) => string | undefined;
    expect(manualChunks(file(name), { getModuleInfo })).toBe(chunk);
  });

  it("puts Vite's preload helper in the shell", () => {
    const manualChunks = shellChunk(root) as unknown as (id: string, api: { getModuleInfo: never }) => string | undefined;
    expect(manualChunks("\0vite/preload-helper.js", { getModuleInfo })).toBe(SHELL_CHUNK);
  });

  it("applies to the client build only", () => {
    const config = shellChunks(root).config as (config: object, env: { isSsrBuild?: boolean }) => unknown;
    expect(config.call({}, {}, { isSsrBuild: true })).toBeUndefined();
    expect(config.call({}, {}, { isSsrBuild: false })).toMatchObject({ build: { rollupOptions: { output: { manualChunks: expect.any(Function) } } } });
  });
});
