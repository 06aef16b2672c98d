// ADR 237: what root.tsx imports is loaded on every page, so it is written as two chunks rather
// than a dozen small ones: "framework" (React, React DOM, Remix, React Router: changes only with
// the packages, so it stays cached across the app's deploys) and "shell" (the app's own modules:
// header, footer, toasts, progress bar, preferences and their helpers). gzip compresses one file
// better than many (≈ 3.7 KB less on the home page) and the browser makes fewer requests. What only
// a route or a lazy chunk uses (the map, the realtime socket, forms' validation) is left to
// Rollup's splitting.
import path from "node:path";
import type { Plugin, Rollup } from "vite";

type ManualChunksOption = Rollup.ManualChunksOption;

type GetModuleInfo = Parameters<Extract<ManualChunksOption, (...args: never[]) => unknown>>[1]["getModuleInfo"];

export const SHELL_CHUNK = "shell";
export const FRAMEWORK_CHUNK = "framework";

/** The modules `entry` imports statically, directly or not (itself excluded). */
export function staticImportsOf(entry: string, getModuleInfo: GetModuleInfo): Set<string> {
  const found = new Set<string>();
  const stack = [entry];
  while (stack.length > 0) {
    const info = getModuleInfo(stack.pop()!);
    for (const imported of info?.importedIds ?? []) {
      if (found.has(imported) || imported === entry) continue;
      found.add(imported);
      stack.push(imported);
    }
  }
  return found;
}

/** A `manualChunks` that puts root.tsx's static imports into the framework and shell chunks. */
export function shellChunk(root = process.cwd()): ManualChunksOption {
  const rootModule = path.join(root, "app/root.tsx");
  const appFolder = path.join(root, "app") + path.sep;
  let shell: Set<string> | null = null;
  return (id, { getModuleInfo }) => {
    shell ??= getModuleInfo(rootModule) ? staticImportsOf(rootModule, getModuleInfo) : new Set();
    if (!shell.has(id)) return undefined;
    if (id.startsWith(appFolder) || id.includes("vite/preload-helper")) return SHELL_CHUNK;
    return id.includes(`${path.sep}node_modules${path.sep}`) ? FRAMEWORK_CHUNK : undefined;
  };
}

/** The Vite plugin: the client build only (the server build's chunks are left as they were). */
export function shellChunks(root = process.cwd()): Plugin {
  return {
    name: "darna-shell-chunks",
    apply: "build",
    config(_config, { isSsrBuild }) {
      if (isSsrBuild) return;
      return { build: { rollupOptions: { output: { manualChunks: shellChunk(root) } } } };
    },
  };
}
