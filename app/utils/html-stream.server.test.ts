// The document's HTML stream (entry.server.tsx): closing tags last, no NUL bytes, and what React
// writes in one turn leaves as one chunk (ADR 240) while later writes still stream.
import { describe, expect, it } from "vitest";
import { closingTagsLast } from "./html-stream.server";

function collect(stream: ReturnType<typeof closingTagsLast>) {
  const chunks: string[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString("utf8")));
  const ended = new Promise<void>((resolve) => stream.on("end", () => resolve()));
  return { chunks, ended };
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
});
