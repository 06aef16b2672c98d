import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { deferModuleScripts, DEFERRED_MODULE_TYPE } from "~/components/shell/scripts-after-paint";

// What Remix 2.17's <Scripts> returns (components.js): the module preloads, then a fragment of the
// context script and the module script.
const moduleCode = 'import * as route0 from "/assets/root.js";\nimport("/assets/entry.client.js");';
const remixScripts = (
  <>
    <link rel="modulepreload" href="/assets/entry.client.js" />
    {["/assets/framework.js", "/assets/root.js", "/assets/framework.js"].map((href, index) => (
      <link key={index} rel="modulepreload" href={href} />
    ))}
    <>
      <script nonce="n0nce" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "window.__remixContext = {};" }} />
      <script nonce="n0nce" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: moduleCode }} type="module" async />
    </>
  </>
);

describe("deferModuleScripts", () => {
  it("takes the module preloads out and writes the module script as an inert data block of the same code", () => {
    const { tree, preloads, deferred } = deferModuleScripts(remixScripts);
    expect(deferred).toBe(true);
    expect(preloads).toEqual(["/assets/entry.client.js", "/assets/framework.js", "/assets/root.js"]);
    const html = renderToStaticMarkup(<>{tree}</>);
    expect(html).not.toContain("modulepreload");
    expect(html).not.toContain('type="module"');
    // The context script runs at once, as before (the streamed loader data needs it).
    expect(html).toContain('<script nonce="n0nce">window.__remixContext = {};</script>');
    expect(html).toContain(`<script nonce="n0nce" type="${DEFERRED_MODULE_TYPE}">${moduleCode}</script>`);
  });

  it("leaves a tree without module script as it is (after hydration <Scripts> renders nothing)", () => {
    expect(deferModuleScripts(null)).toEqual({ tree: null, preloads: [], deferred: false });
  });
});
