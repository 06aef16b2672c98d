import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { clientTranslator } from "./scripts/client-translator-plugin";
import { precompressAssets } from "./scripts/precompress-plugin";
import { shellChunks } from "./scripts/shell-chunk";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

// BUILD_DIR lets several production builds live side by side (parallel e2e runs).
const buildDirectory = process.env.BUILD_DIR ?? "build";

export default defineConfig({
  server: { port: 3000 },
  build: { cssMinify: true, assetsInlineLimit: 2048 },
  plugins: [
    remix({
      buildDirectory,
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
    tsconfigPaths(),
    // ADR 237: the browser translates without i18next.
    clientTranslator(),
    // ADR 237: what root.tsx imports (loaded on every page) as two chunks, framework and shell.
    shellChunks(),
    precompressAssets(),
  ],
});
