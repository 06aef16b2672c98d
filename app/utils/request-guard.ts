// The checks every request passes before Remix sees it (server.ts), so that no malformed request
// can reach a loader or action and end in a 500 (ADR 090):
// - a NUL byte or a broken %-escape in the path or the query → 400;
// - a JSON, form or text body declared over 1 MB → 413, answered before the body is read
//   (multipart uploads keep their own, larger limits in their routes);
// - a page action (not /api/) sent anything but a form (urlencoded or multipart) → 415.
// Pure: it sees the method, the URL and the headers only, and says what to refuse.

/** The largest JSON, form or text body a request may carry (uploads apart). */
export const MAX_BODY_BYTES = 1024 * 1024;

export type RequestRefusal = { status: 400 | 413 | 415; reason: "malformed_url" | "body_too_large" | "unsupported_media_type" };

export interface GuardedRequest {
  method: string;
  /** The path and query as received ("/accommodation?destination=%00"). */
  url: string;
  header: (name: string) => string | null | undefined;
}

const BODYLESS = new Set(["GET", "HEAD", "OPTIONS"]);
const PAGE_FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/** The media type of a Content-Type header, lower-cased without parameters ("" when absent). */
export function mediaTypeOf(contentType: string | null | undefined): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

/** True when the path or the query holds a NUL byte or an escape that does not decode. */
export function isMalformedUrl(url: string): boolean {
  const queryStart = url.indexOf("?");
  const pathname = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? "" : url.slice(queryStart + 1);
  try {
    if (decodeURIComponent(pathname).includes("\0")) return true;
    // Form-encoded queries use "+" for spaces; decoding each part strictly catches "%zz" and "%00".
    for (const part of query.split(/[&=]/)) if (decodeURIComponent(part.replace(/\+/g, " ")).includes("\0")) return true;
  } catch {
    return true;
  }
  return false;
}

function hasBody(request: GuardedRequest): boolean {
  const length = request.header("content-length");
  if (length !== null && length !== undefined && length !== "") return Number(length) > 0;
  return request.header("transfer-encoding") !== null && request.header("transfer-encoding") !== undefined;
}

/** What to refuse about this request, or null to let it through. */
export function refusalFor(request: GuardedRequest): RequestRefusal | null {
  if (isMalformedUrl(request.url)) return { status: 400, reason: "malformed_url" };
  if (BODYLESS.has(request.method.toUpperCase()) || !hasBody(request)) return null;
  const type = mediaTypeOf(request.header("content-type"));
  const declared = Number(request.header("content-length") ?? NaN);
  if (type !== "multipart/form-data" && declared > MAX_BODY_BYTES) return { status: 413, reason: "body_too_large" };
  const isApi = request.url.startsWith("/api/");
  if (!isApi && !PAGE_FORM_TYPES.has(type)) return { status: 415, reason: "unsupported_media_type" };
  return null;
}
