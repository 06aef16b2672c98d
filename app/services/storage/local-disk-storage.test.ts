import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createLocalDiskStorage } from "~/services/storage/local-disk-storage.server";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "darna-storage-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("local disk storage", () => {
  const storage = createLocalDiskStorage(root, "/uploads");

  it("puts, gets, gives a URL and deletes a file", async () => {
    await storage.put("listings/1/abc-320.webp", Buffer.from("data"), "image/webp");
    expect(fs.existsSync(path.join(root, "listings", "1", "abc-320.webp"))).toBe(true);
    expect((await storage.get("listings/1/abc-320.webp"))?.toString()).toBe("data");
    expect(storage.url("listings/1/abc-320.webp")).toBe("/uploads/listings/1/abc-320.webp");
    await storage.delete("listings/1/abc-320.webp");
    expect(await storage.get("listings/1/abc-320.webp")).toBeNull();
    await storage.delete("listings/1/abc-320.webp"); // deleting twice is fine
  });

  it.each(["../etc/passwd", "/abs/path", "a/../../b", "a//b", "", "a/./b", "space name.webp"])("refuses the key %j", async (key) => {
    await expect(storage.put(key, Buffer.from("x"), "text/plain")).rejects.toThrow(/invalid storage key/);
  });
});
