// Which documented operation (app/openapi/<area>.ts) a request is: the scope check and the
// Idempotency-Key handling read the operation's `scope` and `idempotent` from here, so the
// document is the one place that says what each operation needs (ADR 220).
import { API_AREAS } from "~/openapi/document.server";
import type { ApiOperation } from "~/openapi/operation";

interface Matcher {
  operation: ApiOperation;
  pattern: RegExp;
  /** Templates with fewer parameters win: /a/webhook/{p} before /a/{reference}/… */
  params: number;
}

let matchers: Matcher[] | null = null;

function matchersOf(): Matcher[] {
  matchers ??= API_AREAS.flatMap((area) => area.operations)
    .map((operation) => {
      const parts = operation.path.split(/(\{[^}]+\})/);
      const source = parts.map((part) => (/^\{[^}]+\}$/.test(part) ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))).join("");
      return { operation, pattern: new RegExp(`^${source}/?$`), params: parts.filter((part) => /^\{[^}]+\}$/.test(part)).length };
    })
    .sort((a, b) => a.params - b.params);
  return matchers;
}

/** The documented operation answering this method and path, or null. */
export function operationOf(method: string, pathname: string): ApiOperation | null {
  const verb = method.toLowerCase() === "head" ? "get" : method.toLowerCase();
  let path = pathname;
  try {
    path = decodeURI(pathname);
  } catch {
    // a broken escape matches nothing documented
  }
  return matchersOf().find((matcher) => matcher.operation.method === verb && matcher.pattern.test(path))?.operation ?? null;
}

/** The documented operation of a request, or null. */
export function operationOfRequest(request: Request): ApiOperation | null {
  return operationOf(request.method, new URL(request.url).pathname);
}
