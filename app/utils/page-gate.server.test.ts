import type { NextFunction, Request, RequestHandler, Response } from "express";
import { describe, expect, it } from "vitest";
import { createPageGate, gatedPages } from "~/utils/page-gate.server";

/** A piece of work that ends when told to, recording when it started. */
function pending(log: string[], name: string) {
  let finish: () => void = () => {};
  let fail: (error: Error) => void = () => {};
  const work = () => {
    log.push(`start ${name}`);
    return new Promise<string>((resolve, reject) => {
      finish = () => resolve(name);
      fail = reject;
    });
  };
  return { work, finish: () => finish(), fail: (error: Error) => fail(error) };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("the page gate", () => {
  it("runs one page at a time, the others in their order of arrival", async () => {
    const gate = createPageGate(1, 10_000);
    const log: string[] = [];
    const [a, b, c] = ["a", "b", "c"].map((name) => pending(log, name));
    const runs = [gate.run(a!.work), gate.run(b!.work), gate.run(c!.work)];
    await tick();
    expect(log).toEqual(["start a"]);
    expect(gate.state()).toEqual({ running: 1, waiting: 2 });
    a!.finish();
    await tick();
    expect(log).toEqual(["start a", "start b"]);
    b!.finish();
    await tick();
    c!.finish();
    expect(await Promise.all(runs)).toEqual(["a", "b", "c"]);
    expect(gate.state()).toEqual({ running: 0, waiting: 0 });
  });

  it("lets in as many as it has slots", async () => {
    const gate = createPageGate(2, 10_000);
    const log: string[] = [];
    const works = ["a", "b", "c"].map((name) => pending(log, name));
    const runs = works.map((entry) => gate.run(entry.work));
    await tick();
    expect(log).toEqual(["start a", "start b"]);
    works[1]!.finish();
    await tick();
    expect(log).toEqual(["start a", "start b", "start c"]);
    works[0]!.finish();
    works[2]!.finish();
    await Promise.all(runs);
    expect(gate.state()).toEqual({ running: 0, waiting: 0 });
  });

  it("gives the slot back when a page fails", async () => {
    const gate = createPageGate(1, 10_000);
    const log: string[] = [];
    const [a, b] = ["a", "b"].map((name) => pending(log, name));
    const first = gate.run(a!.work);
    const second = gate.run(b!.work);
    await tick();
    a!.fail(new Error("loader failed"));
    await expect(first).rejects.toThrow("loader failed");
    await tick();
    expect(log).toEqual(["start a", "start b"]);
    b!.finish();
    await expect(second).resolves.toBe("b");
    expect(gate.state()).toEqual({ running: 0, waiting: 0 });
  });

  it("starts a page that waited past the limit without a slot; the slow one does not hold it up", async () => {
    const gate = createPageGate(1, 30);
    const log: string[] = [];
    const [slow, next, last] = ["slow", "next", "last"].map((name) => pending(log, name));
    const slowRun = gate.run(slow!.work);
    const nextRun = gate.run(next!.work);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(log).toEqual(["start slow", "start next"]);
    expect(gate.state()).toEqual({ running: 1, waiting: 0 });
    // The page that went in without a slot gives none back: the slow one's slot is still taken.
    next!.finish();
    await nextRun;
    const lastRun = gate.run(last!.work);
    await tick();
    expect(log).toEqual(["start slow", "start next"]);
    slow!.finish();
    await slowRun;
    await tick();
    expect(log).toEqual(["start slow", "start next", "start last"]);
    last!.finish();
    await lastRun;
    expect(gate.state()).toEqual({ running: 0, waiting: 0 });
  });

  it("with no slots, lets every page in at once", async () => {
    const gate = createPageGate(0, 10_000);
    const log: string[] = [];
    const works = ["a", "b", "c"].map((name) => pending(log, name));
    const runs = works.map((entry) => gate.run(entry.work));
    await tick();
    expect(log).toEqual(["start a", "start b", "start c"]);
    for (const entry of works) entry.finish();
    await Promise.all(runs);
  });

  it("gates GET and HEAD requests only: an action goes straight in", async () => {
    const gate = createPageGate(1, 10_000);
    const log: string[] = [];
    const finishers: Array<() => void> = [];
    const handler: RequestHandler = (req) =>
      new Promise<void>((resolve) => {
        log.push(`${req.method} ${req.url}`);
        finishers.push(resolve);
      }) as unknown as void;
    const gated = gatedPages(handler, gate);
    const call = (method: string, url: string) => gated({ method, url } as Request, {} as Response, (() => {}) as NextFunction) as unknown as Promise<void>;
    const page = call("GET", "/accommodation");
    const head = call("HEAD", "/");
    const action = call("POST", "/book");
    await tick();
    expect(log).toEqual(["GET /accommodation", "POST /book"]);
    expect(gate.state()).toEqual({ running: 1, waiting: 1 });
    finishers[0]!();
    await page;
    await tick();
    expect(log).toEqual(["GET /accommodation", "POST /book", "HEAD /"]);
    finishers[1]!();
    finishers[2]!();
    await Promise.all([head, action]);
  });
});
