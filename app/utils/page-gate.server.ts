// Pages rendered a few at a time per process, in their order of arrival (issue 19, ADR 258).
//
// A page's loaders and render take turns on the process's one JavaScript thread with every other
// page in flight: each statement a loader awaits lets the others' renders run first. Ten visitors
// at once on two processes meant five pages interleaved in each, and a page that sends seven
// statements (a price sort) waited behind the others' work seven times: under the search bench's
// load its p95 was 2.5 times the recommended order's for 1.7 times the CPU. Let in `slots` at a
// time and queued in order, each page runs nearly uninterrupted: the same pages per second, the
// slow ones no longer stretched by everyone else's (p95 of the bench's mix 197–235 → 145–151 ms,
// three runs of four, SQLite, 2 processes).
//
// Only GET and HEAD (page documents and their data): an action may wait on an outside system (a
// payment gateway, a calendar feed) and must not hold the pages up. A page that waits longer than
// `maxWaitMs` for its turn starts anyway, without a slot: a slow loader holding one costs the
// others that much at most, and under an overload the gate gives way to what it was without it.
import type { NextFunction, Request, RequestHandler, Response } from "express";

export interface PageGate {
  /** Runs `work` when a slot is free (or after `maxWaitMs` of waiting, without one). */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Pages running with a slot, and waiting for one (for tests and diagnostics). */
  state(): { running: number; waiting: number };
}

/** How long a page waits for its turn before it starts anyway (a page costs ~20 ms of CPU). */
export const PAGE_GATE_MAX_WAIT_MS = 400;

export function createPageGate(slots: number, maxWaitMs = PAGE_GATE_MAX_WAIT_MS): PageGate {
  let running = 0;
  const queue: Array<() => void> = [];
  // A finished page hands its slot to the first in line, or gives it back.
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else running -= 1;
  };
  const turn = () =>
    new Promise<boolean>((resolve) => {
      const start = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        queue.splice(queue.indexOf(start), 1);
        resolve(false);
      }, maxWaitMs);
      timer.unref();
      queue.push(start);
    });
  return {
    async run(work) {
      if (slots <= 0) return work();
      let holdsSlot = true;
      if (running < slots) running += 1;
      else holdsSlot = await turn();
      try {
        return await work();
      } finally {
        if (holdsSlot) release();
      }
    },
    state: () => ({ running, waiting: queue.length }),
  };
}

/** `handler` (Remix's) with its GET and HEAD requests through `gate`; other methods straight in. */
export function gatedPages(handler: RequestHandler, gate: PageGate): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return handler(req, res, next);
    // Remix's express handler resolves once the whole answer is written to `res` (not once the
    // visitor has read it): a slow connection does not hold a slot.
    return gate.run(async () => {
      await handler(req, res, next);
    });
  };
}
