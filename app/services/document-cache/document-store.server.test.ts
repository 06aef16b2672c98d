import { describe, expect, it } from "vitest";
import { DocumentStore, type StoredDocument } from "~/services/document-cache/document-store.server";

// The document cache's memory (ADR 244): bounded by bytes, least recently used out first.
const page = (bytes: number): StoredDocument => ({
  version: 0,
  expiresAt: 0,
  headers: [],
  etag: null,
  identity: Buffer.alloc(bytes),
  gzip: Buffer.alloc(0),
  br: Buffer.alloc(0),
});

describe("DocumentStore", () => {
  it("never holds more than its bytes, dropping the least recently used", () => {
    const store = new DocumentStore(3_100);
    store.set("a", page(1_000));
    store.set("b", page(1_000));
    store.set("c", page(1_000));
    expect(store.get("a")).toBeDefined(); // a is now the most recent
    store.set("d", page(1_000));
    expect(store.bytes).toBeLessThanOrEqual(3_100);
    expect(store.get("b")).toBeUndefined();
    expect([store.get("a"), store.get("c"), store.get("d")].every(Boolean)).toBe(true);
  });

  it("counts a replaced entry once, and refuses one larger than the whole store", () => {
    const store = new DocumentStore(2_000);
    store.set("a", page(500));
    store.set("a", page(700));
    expect(store.size).toBe(1);
    expect(store.bytes).toBeLessThan(800);
    store.set("huge", page(5_000));
    expect(store.get("huge")).toBeUndefined();
    store.delete("a");
    expect(store.bytes).toBe(0);
  });
});
