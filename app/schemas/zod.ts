// zod for code the browser runs (issue 18 point 1, ADR 245's addendum). In the browser zod is
// told to be "jitless" before any schema is built: otherwise its object schemas probe
// `new Function("")` once, which our CSP (script-src without 'unsafe-eval') blocks and Chromium
// reports as a Content Security Policy issue — a best-practices point lost on every page whose
// form validates in the browser. The server keeps zod's faster compiled parsers. Modules that
// reach the browser import `z` from here; the linter holds it (eslint.config.js).
import { z } from "zod";

if (typeof document !== "undefined") z.config({ jitless: true });

export { z };
