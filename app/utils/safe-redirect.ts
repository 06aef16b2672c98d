// Where a form may send the visitor back to: a path on this site, never another origin.

const PROBE_ORIGIN = "http://darna.invalid";

/**
 * True for a local path such as "/fr/accommodation?page=2": it starts with a single "/", and
 * browsers cannot read it as another host ("//evil.example", "/\evil.example", control characters).
 */
export function isLocalPath(value: unknown): value is string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return false;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return false;
  // Browsers drop tabs and newlines from URLs and treat "\" like "/": refuse them outright.
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || char === "\\") return false;
  }
  try {
    return new URL(value, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}

/** `value` when it is a local path, otherwise `fallback`. */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  return isLocalPath(value) ? value : fallback;
}
