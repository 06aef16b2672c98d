// The document's HTML on its way from React to the response (entry.server.tsx).
import { Transform } from "node:stream";

const CLOSING_TAGS = "</body></html>";

/**
 * The HTML as React writes it, with three changes.
 *
 * The document's closing `</body></html>` moves to the very end. With single fetch, RemixServer
 * renders the loader data's <script>s (StreamTransfer, in Suspense) beside the root <html>, so
 * React writes them after `</html>`: browsers put them back into <body> anyway, but the document
 * is invalid (2 Nu HTML checker errors on every page; issue 18 point 7). Holding the closing tags
 * back keeps the page streaming and puts the scripts (and any streamed Suspense content) inside
 * <body>, where the browser builds them. The tags cannot occur earlier in the output: React
 * escapes text and Remix escapes `<` in the data it inlines.
 *
 * NUL bytes are dropped: React 18's stream writer, when a multi-byte character (é, ñ) does not
 * fit at the end of its 2048-byte buffer, writes the whole buffer, unfilled zero bytes included
 * (react-dom-server.node, writeStringChunk), so a French or Spanish page could carry a U+0000 that
 * the Nu checker rejects ("Saw U+0000 in stream") and browsers show as �. HTML never needs one.
 *
 * What React writes in one turn of the event loop leaves as one chunk (ADR 240). React writes its
 * shell in 2 KB pieces, all at once; @remix-run/node's response writer flushes the compression
 * stream after every chunk it passes on, so each piece was deflated and flushed on its own: ~30
 * sync-flushed gzip blocks per page, costlier to make than one and a third to twice as large.
 * Content streamed later (deferred data, Suspense) still leaves as soon as React writes it.
 */
export function closingTagsLast(): Transform {
  // Bytes in, bytes out (ADR 254): React writes UTF-8 bytes and the compression stream reads
  // bytes, so nothing here decodes them to a string and encodes them again (that round trip was
  // 2–4 % of a search page's CPU). A NUL byte in UTF-8 is U+0000 and nothing else, and the
  // closing tags are ASCII, so both are found in the bytes as they are.
  let pending: Buffer = EMPTY;
  let held = false;
  let ready: Buffer[] = [];
  let scheduled = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const bytes = withoutNulBytes(pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk);
      pending = EMPTY;
      let out: Buffer;
      if (held) out = bytes;
      else {
        const at = bytes.indexOf(CLOSING_BYTES);
        if (at >= 0) {
          held = true;
          out = Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + CLOSING_BYTES.length)]);
        } else {
          // The tags may straddle two chunks: keep back what could be their beginning.
          const keep = Math.min(bytes.length, CLOSING_BYTES.length - 1);
          pending = Buffer.from(bytes.subarray(bytes.length - keep));
          out = bytes.subarray(0, bytes.length - keep);
        }
      }
      // Copied now: the writer may reuse its buffer once this call returns.
      if (out.length > 0) ready.push(Buffer.from(out));
      if (ready.length > 0 && !scheduled) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          const parts = ready;
          ready = [];
          if (parts.length > 0) this.push(parts.length === 1 ? parts[0] : Buffer.concat(parts));
        });
      }
      callback();
    },
    flush(callback) {
      const parts = [...ready, pending];
      if (held) parts.push(CLOSING_BYTES);
      ready = [];
      pending = EMPTY;
      const bytes = Buffer.concat(parts);
      callback(null, bytes.length > 0 ? bytes : undefined);
    },
  });
}

const EMPTY = Buffer.alloc(0);
const CLOSING_BYTES = Buffer.from(CLOSING_TAGS, "utf8");

/** The bytes without any NUL byte (the same buffer when it has none, the usual case). */
export function withoutNulBytes(bytes: Buffer): Buffer {
  let at = bytes.indexOf(0);
  if (at < 0) return bytes;
  const parts: Buffer[] = [];
  let from = 0;
  while (at >= 0) {
    if (at > from) parts.push(bytes.subarray(from, at));
    from = at + 1;
    at = bytes.indexOf(0, from);
  }
  if (from < bytes.length) parts.push(bytes.subarray(from));
  return Buffer.concat(parts);
}
