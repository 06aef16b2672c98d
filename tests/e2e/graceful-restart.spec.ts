// Graceful restarts (issue 20 point 4, ADR 201): a production server of its own (the e2e build,
// its own SQLite in a temporary DATA_DIR) gets SIGTERM while a request is in flight and a WebSocket
// is open. New connections are refused at once, the request still gets its answer (with
// "Connection: close"), the socket is closed with 1012 "service restart" (the client's reconnect
// hint), and the process exits 0.
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { WebSocket } from "ws";
import { expect, test } from "./support/fixtures";
import { startExtraServer } from "./support/server";

async function until<T>(check: () => Promise<T | null> | T | null, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

test("SIGTERM refuses new connections, finishes the in-flight request, closes sockets with 1012 and exits 0", async ({ javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "no browser involved: runs once, in the js-on project");
  test.setTimeout(120_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "darna-graceful-"));
  const server = await startExtraServer({ DATA_DIR: dataDir, DATABASE_URL: "", SEED_DEMO: "false", RUN_JOBS: "true", JOB_INTERVAL_MS: "200" });
  try {
    const { baseURL } = server;
    await until(async () => ((await fetch(`${baseURL}/healthz`)).status === 200 ? true : null), 60_000);

    const socket = new WebSocket(`${baseURL.replace("http", "ws")}/ws`, { origin: baseURL });
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
    const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.once("close", (code, reason) => resolve({ code, reason: reason.toString() })));

    // A form post whose body arrives slowly: a part before SIGTERM, the rest after.
    const body = "email=nobody%40example.com&intent=send";
    const url = new URL(baseURL);
    const slow = net.connect(Number(url.port), url.hostname);
    await new Promise((resolve) => slow.once("connect", resolve));
    let answer = "";
    slow.on("data", (chunk) => (answer += chunk.toString()));
    const answered = new Promise<void>((resolve) => slow.once("end", resolve).once("close", resolve));
    slow.write(
      `POST /auth/forgot-password HTTP/1.1\r\nHost: ${url.host}\r\nOrigin: ${baseURL}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));

    const exited = new Promise<number | null>((resolve) => server.process.once("exit", (code) => resolve(code)));
    server.process.kill("SIGTERM");
    await until(() => (server.output().includes("SIGTERM received") ? true : null), 5_000);

    // New connections are refused while the request above is still open.
    await expect(fetch(`${baseURL}/healthz`)).rejects.toThrow();
    expect(await closed).toEqual({ code: 1012, reason: "service restart" });

    slow.write(body.slice(10));
    await answered;
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
    expect(status, answer || server.output()).toBeGreaterThanOrEqual(200);
    expect(status).toBeLessThan(500);
    expect(answer.toLowerCase()).toContain("connection: close");

    expect(await exited).toBe(0);
    expect(server.output()).toContain("darna: stopped");
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
