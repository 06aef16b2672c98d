// Starts an extra production server for tests that need one of their own (for instance with an
// unreachable database). Uses the build that playwright.config.ts's webServer made (BUILD_DIR).
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";

export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ExtraServer {
  baseURL: string;
  process: ChildProcess;
  /** What the server printed on its standard output so far (the last 16 KB). */
  output: () => string;
  /** What the server printed on its standard error so far (the last 4 KB). */
  errorOutput: () => string;
  /** Stops this server (SIGTERM to its pid, SIGKILL if it lingers). */
  stop: () => Promise<void>;
}

/**
 * Spawns the compiled server (`node $BUILD_DIR/node/server.js`) with NODE_ENV=production and
 * `env`, or with NODE_ENV=development the sources as `npm run dev` does (tsx server.ts); waits
 * for /healthz to answer (any answer: 503 while starting).
 */
export async function startExtraServer(env: Record<string, string>, timeoutMs = 60_000): Promise<ExtraServer> {
  const port = await findFreePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const buildDir = env.BUILD_DIR ?? process.env.BUILD_DIR ?? "build-e2e";
  const entry = env.NODE_ENV === "development" ? ["--import", "tsx", "server.ts"] : [path.join(buildDir, "node", "server.js")];
  const child = spawn(process.execPath, entry, {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      APP_URL: baseURL,
      BUILD_DIR: buildDir,
      LOG_REQUESTS: "false",
      RUN_JOBS: "false",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout = (stdout + chunk.toString()).slice(-16_000);
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`extra server exited (${child.exitCode}):\n${stderr}`);
    try {
      await fetch(`${baseURL}/healthz`); // any answer (200 or 503) means it is listening
      return { baseURL, process: child, output: () => stdout, errorOutput: () => stderr, stop };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  await stop();
  throw new Error(`extra server did not answer within ${timeoutMs} ms:\n${stderr}`);
}
