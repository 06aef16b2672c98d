// ADR 240: the client folder's static middleware only sees requests for names the folder holds.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { afterAll, describe, expect, it, vi } from "vitest";
import { onlyUnderTopLevelEntries } from "./static-files.server";

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "darna-static-"));
fs.writeFileSync(path.join(folder, "favicon.svg"), "<svg/>");
fs.writeFileSync(path.join(folder, "my file.txt"), "x");
fs.mkdirSync(path.join(folder, "assets"));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

function call(handler: RequestHandler, pathname: string) {
  const next = vi.fn() as unknown as NextFunction;
  handler({ path: pathname } as Request, {} as Response, next);
  return next;
}

describe("onlyUnderTopLevelEntries", () => {
  it("hands files and folders of the client build to the static middleware", () => {
    const serve = vi.fn();
    const handler = onlyUnderTopLevelEntries(folder, serve);
    for (const pathname of ["/favicon.svg", "/assets/root-abc.js", "/assets", "/my%20file.txt"]) call(handler, pathname);
    expect(serve).toHaveBeenCalledTimes(4);
  });

  it("passes pages straight on, without touching the disk", () => {
    const serve = vi.fn();
    const handler = onlyUnderTopLevelEntries(folder, serve);
    const stat = vi.spyOn(fs, "stat");
    for (const pathname of ["/", "/property-details/64", "/fr/accommodation", "/favicon.svg.map", "/%E0%A4%A"]) {
      expect(call(handler, pathname)).toHaveBeenCalledOnce();
    }
    expect(serve).not.toHaveBeenCalled();
    expect(stat).not.toHaveBeenCalled();
    stat.mockRestore();
  });
});
