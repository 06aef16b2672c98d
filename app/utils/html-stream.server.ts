// The document's HTML on its way from React to the response (entry.server.tsx).
import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

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
  const decoder = new StringDecoder("utf8");
  let pending = "";
  let held = false;
  let ready = "";
  let scheduled = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = pending + decoder.write(chunk).replaceAll("\u0000", "");
      pending = "";
      let out: string;
      if (held) out = text;
      else {
        const at = text.indexOf(CLOSING_TAGS);
        if (at >= 0) {
          held = true;
          out = text.slice(0, at) + text.slice(at + CLOSING_TAGS.length);
        } else {
          // The tags may straddle two chunks: keep back what could be their beginning.
          const keep = Math.min(text.length, CLOSING_TAGS.length - 1);
          pending = text.slice(text.length - keep);
          out = text.slice(0, text.length - keep);
        }
      }
      ready += out;
      if (ready && !scheduled) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          const text = ready;
          ready = "";
          if (text) this.push(text);
        });
      }
      callback();
    },
    flush(callback) {
      const text = ready + pending + decoder.end() + (held ? CLOSING_TAGS : "");
      ready = "";
      callback(null, text || undefined);
    },
  });
}
