// Remix's <Scripts>, started once the page has loaded and painted (issue 18 point 1, ADR 245).
//
// <Scripts> writes a <link rel=modulepreload> per module of the page (~20 files, ~110 KB) and an
// inline module script that imports the route modules and then the entry: the browser fetches
// them all while it parses the HTML, before its first paint. Lighthouse's simulation (Lantern)
// puts every script that finished loading before the observed first paint (module scripts leave
// no EvaluateScript event to prove they ran later) on the first paint's path, at 700 Kbps: the
// first paint and the LCP waited for 110 KB of JavaScript on some runs and not on others. Here
// the server writes the same module code as an inert data block; a small inline script starts it
// (and the preloads) after the `load` event and two frames, so no script is fetched before the
// page is on screen, whatever the timing.
import { Scripts } from "@remix-run/react";
import { Children, cloneElement, Fragment, isValidElement, type ReactElement, type ReactNode } from "react";

/** The type that makes the browser keep the module code as data, not run it. */
export const DEFERRED_MODULE_TYPE = "text/x-darna-module";

type ScriptsProps = Parameters<typeof Scripts>[0];

/**
 * <Scripts> with its module preloads taken out and its module script written as data, plus the
 * starter. Everything else (the __remixContext script, the data streaming, the partial manifest
 * of lazy route discovery, `isHydrated`) stays Remix's: its component is called here as a
 * function, so its hooks are this component's and the same on the server and in the browser.
 */
export function ScriptsAfterPaint(props: ScriptsProps & { nonce: string }) {
  const rendered = Scripts(props);
  const { tree, preloads, deferred } = deferModuleScripts(rendered);
  if (!deferred) return tree;
  return (
    <>
      {tree}
      <script
        nonce={props.nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: `(${startModulesAfterPaint.toString()})(document.currentScript,${jsonForScript(preloads)},${jsonForScript(DEFERRED_MODULE_TYPE)})` }}
      />
    </>
  );
}

/**
 * `tree` (what <Scripts> renders) without its <link rel=modulepreload>s, whose hrefs it returns,
 * and with its module <script> turned into a data block of the same code.
 */
export function deferModuleScripts(tree: ReactNode): { tree: ReactNode; preloads: string[]; deferred: boolean } {
  const preloads: string[] = [];
  let deferred = false;
  const visit = (node: ReactNode): ReactNode => {
    if (!isValidElement(node)) return node;
    const element = node as ReactElement<Record<string, unknown>>;
    if (element.type === Fragment) {
      return <Fragment key={element.key}>{Children.map(element.props.children as ReactNode, visit)}</Fragment>;
    }
    if (element.type === "link" && element.props.rel === "modulepreload") {
      preloads.push(String(element.props.href));
      return null;
    }
    if (element.type === "script" && element.props.type === "module") {
      deferred = true;
      // A data block: no async, nothing fetched or run by the browser. It keeps the page's nonce,
      // as every <script> of the document does (the CSP journeys check each tag), though it runs nothing.
      return cloneElement(element, { type: DEFERRED_MODULE_TYPE, async: undefined });
    }
    return node;
  };
  return { tree: visit(tree), preloads: [...new Set(preloads)], deferred };
}

/** JSON that can sit in an inline <script> (no `</script>` or `<!--` inside). */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/**
 * Runs in the page, as the inline script's own code (serialised with toString(): it must use
 * nothing from outside itself). After the `load` event (the document and its eager images, the
 * LCP candidates, are in), their decoding and two animation frames (the frame that paints them
 * has been shown, as the browser's first-contentful-paint entry says), it adds the module preloads
 * and runs the module code <Scripts> wrote, with the starter's nonce (script-src allows it, and
 * nothing else). A hidden tab draws no frames: a timer starts it then.
 */
export function startModulesAfterPaint(
  starter: HTMLScriptElement | null,
  preloads: string[],
  dataType: string,
  // How a module is imported (the tests watch the order); the page uses import() itself.
  load: (href: string) => Promise<unknown> = (href) => import(/* @vite-ignore */ href),
) {
  const data = document.querySelector(`script[type="${dataType}"]`);
  if (!starter || !data) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of preloads) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.appendChild(link);
    }
    const run = () => {
      const script = document.createElement("script");
      script.type = "module";
      script.nonce = starter.nonce;
      script.textContent = data.textContent;
      document.body.appendChild(script);
    };
    // The modules one at a time, a task apart (ADR 248): the module script imports the whole graph
    // and the browser evaluates it in one task (framework, shell, routes); imported here first, in
    // the preloads' order (the entry's imports, then each route's), each module's evaluation is a
    // task of its own, and the module script then finds them all evaluated. Not the entry (the
    // module script's last import): it hydrates, so it must come after __remixRouteModules is set.
    const code = data.textContent ?? "";
    const entry = /import\(("[^"]+")\);?\s*$/.exec(code)?.[1];
    const steps = preloads.filter((href) => !entry || href !== JSON.parse(entry));
    const next = (index: number) => {
      if (index >= steps.length) return run();
      load(steps[index]!).then(
        () => setTimeout(() => next(index + 1), 0),
        // A module that fails here fails in the module script too: it reports the error as before.
        () => run(),
      );
    };
    next(0);
  };
  // The browser's own first-contentful-paint entry, which it records once the frame is shown (two
  // animation frames alone are not enough on a busy machine: the frame can be presented later).
  const whenPainted = (then: () => void) => {
    const painted = () => performance.getEntriesByName("first-contentful-paint").length > 0;
    if (typeof PerformanceObserver !== "function" || !(PerformanceObserver.supportedEntryTypes ?? []).includes("paint") || painted()) return then();
    const observer = new PerformanceObserver(() => {
      if (!painted()) return;
      observer.disconnect();
      then();
    });
    observer.observe({ type: "paint", buffered: true });
  };
  const afterPaint = () => {
    // The loaded pictures decoded (a decode can hold a picture's paint past `load`), the first
    // paint shown, then two frames (the pictures' own paint).
    const decoded = Array.from(document.images, (image) => (image.complete && image.naturalWidth > 0 ? image.decode().catch(() => undefined) : undefined));
    void Promise.all(decoded).then(() => whenPainted(() => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)))));
    // A hidden tab paints nothing and draws no frames: a timer starts it; a visible one waits longer for its paint.
    setTimeout(start, document.visibilityState === "hidden" ? 0 : 5000);
  };
  if (document.readyState === "complete") afterPaint();
  else window.addEventListener("load", afterPaint, { once: true });
}
