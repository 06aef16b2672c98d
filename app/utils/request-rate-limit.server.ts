// The global limit of requests per client address (RATE_LIMIT_PER_MINUTE): express-rate-limit,
// counted in Redis when REDIS_URL is set (rate-limit-redis, shared by every instance; ADR 201).
import type { Request, Response } from "express";
import { rateLimit, type Store } from "express-rate-limit";
import type { Redis } from "ioredis";
import { RedisStore, type RedisReply } from "rate-limit-redis";
import { plainApiError } from "~/utils/api-error-body";

/** Requests per minute per client address; `redis` null → counted in this process. */
export function requestRateLimit(options: { limit: number; redis: Redis | null; prefix: string; windowMs?: number }) {
  const store: Store | undefined = options.redis
    ? new RedisStore({
        sendCommand: (command: string, ...args: string[]) => options.redis!.call(command, ...args) as Promise<RedisReply>,
        prefix: `${options.prefix}requests:`,
      })
    : undefined;
  return rateLimit({
    windowMs: options.windowMs ?? 60_000,
    limit: options.limit,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    ...(store ? { store, passOnStoreError: true } : {}),
    skip: (req: Request) => req.path.startsWith("/assets/") || req.path.startsWith("/uploads/"),
    handler: (req: Request, res: Response, _next, limitOptions) => {
      if (req.path.startsWith("/api/")) {
        res.status(limitOptions.statusCode).json(plainApiError("too_many_requests", req.originalUrl, req.get("accept-language")));
      } else {
        res.status(limitOptions.statusCode).send(limitOptions.message);
      }
    },
  });
}
