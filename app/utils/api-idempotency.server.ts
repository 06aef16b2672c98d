// Idempotency keys (issue 22 point 3, ADR 221). A creating POST (an operation documented with
// `idempotent: true`) sent with `Idempotency-Key: <key>`:
// - first time: a row (owner, key) is inserted `in_progress` — the unique index makes it the lock
//   across requests and server instances — the work runs, and its answer is stored;
// - same key, same method, path and body, within 24 hours: the stored answer (status and body)
//   is replayed with `Idempotent-Replayed: true`, and nothing runs again;
// - same key, another body: 422 `idempotency_key_reused`;
// - same key while the first is still running: wait for its answer (up to WAIT_MS), else 409
//   `idempotency_in_progress`.
// Answers of 500 and above are not kept (the row is deleted; the client may retry with the key).
// The key belongs to the bearer's user ("user:<id>"), or to the client address without a token.
import crypto from "node:crypto";
import { Op, UniqueConstraintError } from "sequelize";
import { IdempotencyKey } from "~/db/models/idempotency-key.server";
import { operationOfRequest } from "~/utils/api-operations.server";
import { requireApiPrincipal } from "~/utils/api-principal.server";
import { getBearerToken, type ApiHandlerArgs } from "~/utils/api.server";
import { AppError } from "~/utils/app-error";
import { clientIp } from "~/utils/auth.server";

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
/** How long a request waits for the first one holding its key. */
const WAIT_MS = 3_000;
const POLL_MS = 25;
/** A first request still `in_progress` after this is taken as crashed: its key is free again. */
const LOCK_MS = 60_000;
const KEY = /^[\x21-\x7e]{1,255}$/;
const REPLAYED_HEADERS = ["Content-Type", "Location"];

/** True when the request is a documented creating POST that carries an Idempotency-Key. */
export function wantsIdempotency(request: Request): boolean {
  return request.method === "POST" && request.headers.has("Idempotency-Key") && operationOfRequest(request)?.idempotent === true;
}

async function requestHash(request: Request): Promise<string> {
  const url = new URL(request.url);
  const body = Buffer.from(await request.clone().arrayBuffer());
  return crypto.createHash("sha256").update(`${request.method} ${url.pathname}\n`).update(body).digest("hex");
}

async function ownerOf(args: ApiHandlerArgs): Promise<string> {
  if (getBearerToken(args.request)) return `user:${(await requireApiPrincipal(args.request)).user.id}`;
  return `ip:${clientIp(args.context) ?? "unknown"}`;
}

function replay(row: IdempotencyKey): Response {
  const headers = new Headers(JSON.parse(row.responseHeaders ?? "{}") as Record<string, string>);
  headers.set("Idempotent-Replayed", "true");
  headers.set("Cache-Control", "no-store");
  const status = row.responseStatus ?? 200;
  return new Response(status === 204 ? null : (row.responseBody ?? ""), { status, headers });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `run` once per (owner, key) and body; see the top of this file. */
export async function withIdempotency(args: ApiHandlerArgs, run: () => Promise<Response>): Promise<Response> {
  const { request } = args;
  const key = request.headers.get("Idempotency-Key")!.trim();
  if (!KEY.test(key)) throw new AppError(400, "api:errors.invalid_idempotency_key", { code: "invalid_idempotency_key" });
  const owner = await ownerOf(args);
  const hash = await requestHash(request);

  let row: IdempotencyKey | null = null;
  const waitUntil = Date.now() + WAIT_MS;
  while (!row) {
    const now = new Date();
    try {
      row = await IdempotencyKey.create({
        owner,
        idemKey: key,
        requestHash: hash,
        state: "in_progress",
        lockedUntil: new Date(now.getTime() + LOCK_MS),
        createdAt: now,
        expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
      });
      break;
    } catch (error) {
      if (!(error instanceof UniqueConstraintError)) throw error;
    }
    const existing = await IdempotencyKey.findOne({ where: { owner, idemKey: key } });
    if (!existing) continue; // deleted meanwhile (expired, or a failed first run): try again
    const stale =
      existing.expiresAt.getTime() <= now.getTime() ||
      (existing.state === "in_progress" && (existing.lockedUntil?.getTime() ?? 0) <= now.getTime());
    if (stale) {
      await IdempotencyKey.destroy({ where: { id: existing.id, state: existing.state } });
      continue;
    }
    if (existing.requestHash !== hash) {
      throw new AppError(422, "api:errors.idempotency_key_reused", { code: "idempotency_key_reused" });
    }
    if (existing.state === "done") return replay(existing);
    if (Date.now() >= waitUntil) {
      throw new AppError(409, "api:errors.idempotency_in_progress", { code: "idempotency_in_progress" });
    }
    await sleep(POLL_MS);
  }

  let response: Response;
  try {
    response = await run();
  } catch (error) {
    await IdempotencyKey.destroy({ where: { id: row.id } });
    throw error;
  }
  if (response.status >= 500) {
    await IdempotencyKey.destroy({ where: { id: row.id } });
    return response;
  }
  const body = response.status === 204 ? "" : await response.text();
  const kept: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = response.headers.get(name);
    if (value) kept[name] = value;
  }
  await IdempotencyKey.update(
    { state: "done", lockedUntil: null, responseStatus: response.status, responseBody: body, responseHeaders: JSON.stringify(kept) },
    { where: { id: row.id } },
  );
  return new Response(response.status === 204 ? null : body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** Deletes the keys past their 24 hours. */
export async function pruneIdempotencyKeys(now: Date = new Date()): Promise<number> {
  return IdempotencyKey.destroy({ where: { expiresAt: { [Op.lte]: now } } });
}
