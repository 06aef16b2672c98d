// ADR 253: WEB_CONCURRENCY server processes under node:cluster — the first one prepares the
// database before the others start, all of them share the port, one that dies is replaced, and a
// SIGTERM stops every one before the primary exits.
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const harness = path.resolve("tests/support/worker-processes-harness.ts");
let child: ChildProcess | null = null;

afterEach(() => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  child = null;
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function until<T>(read: () => T | undefined, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** One request on a new connection (the primary hands connections out in turn). */
function ask(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.end("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"));
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("end", () => resolve(answer.split("\r\n\r\n")[1] ?? ""));
    socket.on("error", reject);
  });
}

describe("server processes (WEB_CONCURRENCY)", () => {
  it("starts the others once the first has the database ready, shares the port, replaces one that dies, and stops them all", { timeout: 60_000 }, async () => {
    const port = await freePort();
    child = spawn(process.execPath, ["--import", "tsx", harness], {
      env: { ...process.env, HARNESS_PROCESSES: "3", HARNESS_PORT: String(port) },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const events: string[] = [];
    let buffered = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split("\n");
      buffered = lines.pop()!;
      for (const line of lines) if (line.startsWith("event ")) events.push(line.slice("event ".length));
    });
    const started = (number: number) => events.find((event) => event.startsWith(`started ${number} `))?.split(" ")[2];

    await until(() => (started(2) && started(3) ? true : undefined), "three processes");
    const readyAt = events.indexOf("ready 1");
    expect(readyAt).toBeGreaterThan(events.findIndex((event) => event.startsWith("started 1 ")));
    for (const number of [2, 3]) expect(events.findIndex((event) => event.startsWith(`started ${number} `))).toBeGreaterThan(readyAt);

    // Every process answers on the one port.
    const answering = new Set<string>();
    for (let attempt = 0; attempt < 60 && answering.size < 3; attempt++) {
      const answer = await ask(port).catch(() => "");
      if (answer) answering.add(answer.split(" ")[0]!);
    }
    expect([...answering].sort()).toEqual(["1", "2", "3"]);

    // One dies: another takes its place.
    const dead = started(2)!;
    process.kill(Number(dead), "SIGKILL");
    const replacement = await until(() => started(4), "a replacement for process 2");
    expect(events.some((event) => event.includes("server process 2 ended (SIGKILL)"))).toBe(true);
    const pids = new Set<string>();
    for (let attempt = 0; attempt < 60 && !pids.has(replacement); attempt++) {
      const answer = await ask(port).catch(() => "");
      if (answer) pids.add(answer.split(" ")[1]!);
    }
    expect(pids.has(replacement)).toBe(true);
    expect(pids.has(dead)).toBe(false);

    // SIGTERM: every process stops, then the primary exits 0.
    const exited = new Promise<number | null>((resolve) => child!.once("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    for (const number of [1, 3, 4]) expect(events).toContain(`stopping ${number}`);
    expect(events.at(-1)).toBe("primary exits 0");
  });
});
