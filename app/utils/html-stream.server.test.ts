// The document's HTML stream (entry.server.tsx): closing tags last, no NUL bytes, and what React
// writes in one turn leaves as one chunk (ADR 240) while later writes still stream.
import { describe, expect, it } from "vitest";
import { closingTagsLast, withoutNulBytes } from "./html-stream.server";

function collect(stream: ReturnType<typeof closingTagsLast>) {
  const chunks: string[] = [];
  const raw: unknown[] = [];
  stream.on("data", (chunk: Buffer) => {
    raw.push(chunk);
    chunks.push(chunk.toString("utf8"));
  });
  const ended = new Promise<void>((resolve) => stream.on("end", () => resolve()));
  return { chunks, raw, ended };
}
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("closingTagsLast", () => {
  it("moves </body></html> to the end, even split across chunks, and drops NUL bytes", async () => {
    const stream = closingTagsLast();
    const { chunks, ended } = collect(stream);
    stream.write("<html><body><p>caf\u00e9\u0000\u0000</p></bo");
    stream.write("dy></html><script>late()</script>");
    stream.end();
    await ended;
    expect(chunks.join("")).toBe("<html><body><p>caf\u00e9</p><script>late()</script></body></html>");
  });

  it("passes bytes on as bytes, never decoded to a string (ADR 254)", async () => {
    const stream = closingTagsLast();
    const { raw, ended } = collect(stream);
    // React writes Uint8Arrays of UTF-8; a character may be split between two of them.
    const bytes = new TextEncoder().encode("<p>é ñ</p></body></html>");
    stream.write(bytes.subarray(0, 5));
    stream.write(bytes.subarray(5));
    stream.end();
    await ended;
    expect(raw.every((chunk) => Buffer.isBuffer(chunk))).toBe(true);
    expect(Buffer.concat(raw as Buffer[]).toString("utf8")).toBe("<p>é ñ</p></body></html>");
  });

  it("keeps a multi-byte character split between two chunks whole", async () => {
    const stream = closingTagsLast();
    const { chunks, ended } = collect(stream);
    const bytes = Buffer.from("<p>ñ</p>", "utf8");
    stream.write(bytes.subarray(0, 4));
    stream.write(bytes.subarray(4));
    stream.end();
    await ended;
    expect(chunks.join("")).toBe("<p>ñ</p>");
  });

  it("passes on what is written in one turn as one chunk, and a later write as its own", async () => {
    const stream = closingTagsLast();
    const { chunks, ended } = collect(stream);
    // React's shell: many 2 KB writes at once.
    const piece = "<div>" + "x".repeat(2_000) + "</div>";
    for (let i = 0; i < 30; i++) stream.write(piece);
    await nextTurn();
    await nextTurn();
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.length).toBeGreaterThan(29 * piece.length);
    // Deferred content streamed later is not held back until the end.
    stream.write("<script>deferred()</script>" + "y".repeat(20));
    await nextTurn();
    await nextTurn();
    expect(chunks).toHaveLength(2);
    expect(chunks[1]).toContain("deferred()");
    stream.end("</body></html>");
    await ended;
    expect(chunks.join("")).toBe(piece.repeat(30) + "<script>deferred()</script>" + "y".repeat(20) + "</body></html>");
  });

  it("keeps what a writer changes in its buffer after writing it out of the page", async () => {
    const stream = closingTagsLast();
    const { chunks, ended } = collect(stream);
    const buffer = Buffer.from("<p>one</p>", "utf8");
    stream.write(buffer);
    buffer.write("<p>two</p>");
    stream.end();
    await ended;
    expect(chunks.join("")).toBe("<p>one</p>");
  });
});

describe("withoutNulBytes", () => {
  it.each([
    ["", ""],
    ["abc", "abc"],
    ["\u0000", ""],
    ["a\u0000b\u0000\u0000c", "abc"],
    ["caf\u00e9\u0000\u0000\u0000", "caf\u00e9"],
    ["\u0000\u0000\u00f1", "\u00f1"],
  ])("%j → %j", (input, expected) => {
    expect(withoutNulBytes(Buffer.from(input, "utf8")).toString("utf8")).toBe(expected);
  });

  it("returns the same buffer when there is no NUL byte", () => {
    const bytes = Buffer.from("<p>plain</p>");
    expect(withoutNulBytes(bytes)).toBe(bytes);
  });
});
