import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { deferModuleScripts, DEFERRED_MODULE_TYPE, startModulesAfterPaint } from "~/components/shell/scripts-after-paint";

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

describe("startModulesAfterPaint", () => {
  afterEach(() => vi.unstubAllGlobals());

  /**
   * A loaded, hidden page (a timer starts the modules) holding the data block, whose timers and
   * animation frames are tasks run one by one by `runTasks`; what it is given is recorded with the
   * number of the task that gave it.
   */
  function page() {
    type Node = { tag: string; rel?: string; href?: string; type?: string; nonce?: string; textContent?: string; task?: number };
    const appended: Node[] = [];
    const tasks: Array<() => void> = [];
    let task = 0;
    const append = (node: Node) => appended.push({ ...node, task });
    vi.stubGlobal("document", {
      readyState: "complete",
      visibilityState: "hidden",
      images: [],
      head: { appendChild: append },
      body: { appendChild: append },
      createElement: (tag: string) => ({ tag }),
      querySelector: (selector: string) => (selector === `script[type="${DEFERRED_MODULE_TYPE}"]` ? { textContent: moduleCode } : null),
    });
    const later = (callback: () => void) => tasks.push(callback);
    vi.stubGlobal("setTimeout", later);
    vi.stubGlobal("requestAnimationFrame", later);
    const settle = async () => {
      for (let index = 0; index < 20; index++) await Promise.resolve();
    };
    return {
      appended,
      currentTask: () => task,
      async runTasks() {
        await settle();
        while (tasks.length > 0) {
          task++;
          tasks.shift()!();
          await settle();
        }
      },
    };
  }

  const preloads = ["/assets/entry.client.js", "/assets/framework.js", "/assets/shell.js", "/assets/root.js"];

  it("imports the modules one at a time, each in a task of its own, in the preloads' order, then runs the module script; the entry is left to it", async () => {
    const { appended, currentTask, runTasks } = page();
    const loads: Array<{ href: string; task: number }> = [];
    startModulesAfterPaint({ nonce: "n0nce" } as HTMLScriptElement, preloads, DEFERRED_MODULE_TYPE, async (href) => {
      loads.push({ href, task: currentTask() });
    });
    await runTasks();
    expect(appended.filter((node) => node.rel === "modulepreload").map((node) => node.href)).toEqual(preloads);
    expect(loads.map((load) => load.href)).toEqual(["/assets/framework.js", "/assets/shell.js", "/assets/root.js"]);
    const loadTasks = loads.map((load) => load.task);
    expect(new Set(loadTasks).size).toBe(loadTasks.length);
    const scripts = appended.filter((node) => node.type === "module");
    expect(scripts).toEqual([{ tag: "script", type: "module", nonce: "n0nce", textContent: moduleCode, task: expect.any(Number) }]);
    expect(scripts[0]!.task).toBeGreaterThan(Math.max(...loadTasks));
  });

  it("runs the module script at once when a module fails to load (it reports the error itself)", async () => {
    const { appended, runTasks } = page();
    const loaded: string[] = [];
    startModulesAfterPaint({ nonce: "n0nce" } as HTMLScriptElement, preloads, DEFERRED_MODULE_TYPE, (href) => {
      loaded.push(href);
      return Promise.reject(new Error("offline"));
    });
    await runTasks();
    expect(loaded).toEqual(["/assets/framework.js"]);
    expect(appended.filter((node) => node.type === "module")).toHaveLength(1);
  });
});
