// ADR 240: a page rendered on the server asks i18next for a few hundred translations (the
// calendar, the header's menus, every label), and each t() walks options, namespaces, fallbacks,
// nesting and interpolation: ~8 % of a property page's CPU. The rendering instances
// (entry.server.tsx) hold the bundled translations, which never change while the server runs, so
// a plain lookup — a key in a language and namespace, with no values, count, context or default
// — always gives the same string: those are remembered per instance. Calls with any other
// option go to i18next as before.
import type { i18n as I18n } from "i18next";

const MAX_ENTRIES = 20_000;
/** The options getFixedT adds by itself (an array or a string each). */
const FIXED_T_OPTIONS = new Set(["lng", "lngs", "ns", "keyPrefix"]);

const part = (value: unknown) => (Array.isArray(value) ? value.join(",") : value === undefined ? "" : String(value));

/**
 * The memo's key of a call, or null when the call is not remembered: a call is remembered when
 * every option besides getFixedT's is a string, number, boolean, null or undefined (ADR 247:
 * values, count and context too — the listing cards' "{{count}} guests" and hearts' titles —
 * since an instance whose resources and language never change answers them always alike).
 * An option holding an object or a function (interpolation settings, formatters) goes to i18next.
 */
function memoKeyOf(key: string, options: unknown): string | null {
  if (options === undefined) return `\u0000\u0000\u0000\u0000${key}`;
  if (typeof options !== "object" || options === null) return null;
  const fixed = options as { lng?: unknown; lngs?: unknown; ns?: unknown; keyPrefix?: unknown };
  let values = "";
  for (const name in options) {
    if (FIXED_T_OPTIONS.has(name)) continue;
    const value = (options as Record<string, unknown>)[name];
    if (value !== null && typeof value === "object") return null;
    if (typeof value === "function" || typeof value === "symbol" || typeof value === "bigint") return null;
    // The type is part of the key: a count of 1 and of "1" are not the same call for i18next.
    values += `\u0000${name}\u0001${typeof value}\u0001${String(value)}`;
  }
  return `${part(fixed.lng)}\u0000${part(fixed.lngs)}\u0000${part(fixed.ns)}\u0000${part(fixed.keyPrefix)}\u0000${key}${values}`;
}

/** Wraps `i18n.t` of an instance whose resources never change with a memo of its answers. */
export function memoizePlainTranslations(i18n: I18n): I18n {
  const translate = i18n.t.bind(i18n) as unknown as (key: unknown, options?: unknown, ...rest: unknown[]) => unknown;
  const memo = new Map<string, string>();
  const t = (key: unknown, options?: unknown, ...rest: unknown[]) => {
    const memoKey = typeof key === "string" && rest.length === 0 ? memoKeyOf(key, options) : null;
    if (memoKey === null) return translate(key, options, ...rest);
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
