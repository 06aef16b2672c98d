// ADR 240: a page rendered on the server asks i18next for a few hundred translations (the
// calendar, the header's menus, every label), and each t() walks options, namespaces, fallbacks,
// nesting and interpolation: ~8 % of a property page's CPU. The rendering instances
// (entry.server.tsx) hold the bundled translations, which never change while the server runs, so
// a plain lookup — a key in a language and namespace, with no values, count, context or default
// — always gives the same string: those are remembered per instance. Calls with any other
// option go to i18next as before.
import type { i18n as I18n } from "i18next";

const MAX_ENTRIES = 20_000;
/** The options getFixedT adds by itself; any other means the answer depends on the call. */
const FIXED_T_OPTIONS = new Set(["lng", "lngs", "ns", "keyPrefix"]);

function isPlainLookup(options: unknown): options is { lng?: unknown; lngs?: unknown; ns?: unknown; keyPrefix?: unknown } {
  if (options === undefined) return true;
  if (typeof options !== "object" || options === null) return false;
  for (const key in options) if (!FIXED_T_OPTIONS.has(key)) return false;
  return true;
}

const part = (value: unknown) => (Array.isArray(value) ? value.join(",") : value === undefined ? "" : String(value));

/** Wraps `i18n.t` of an instance whose resources never change with a memo of plain lookups. */
export function memoizePlainTranslations(i18n: I18n): I18n {
  const translate = i18n.t.bind(i18n) as unknown as (key: unknown, options?: unknown, ...rest: unknown[]) => unknown;
  const memo = new Map<string, string>();
  const t = (key: unknown, options?: unknown, ...rest: unknown[]) => {
    if (typeof key !== "string" || rest.length > 0 || !isPlainLookup(options)) return translate(key, options, ...rest);
    const memoKey = options
      ? `${part(options.lng)}\u0000${part(options.lngs)}\u0000${part(options.ns)}\u0000${part(options.keyPrefix)}\u0000${key}`
      : `\u0000\u0000\u0000\u0000${key}`;
    const known = memo.get(memoKey);
    if (known !== undefined) return known;
    const value = translate(key, options);
    if (typeof value === "string") {
      if (memo.size >= MAX_ENTRIES) memo.clear();
      memo.set(memoKey, value);
    }
    return value;
  };
  (i18n as unknown as { t: typeof t }).t = t;
  return i18n;
}
