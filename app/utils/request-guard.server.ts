// server.ts's request guard (ADR 090): refuses what refusalFor (request-guard.ts) refuses before
// Remix sees it, and counts the bytes of bodies sent without a Content-Length so that a chunked
// body over 1 MB is cut off at 1 MB too. Refusals are JSON errors on /api/ and a translated line
// of text on pages; a refused body is never read, so the connection is closed after the answer
// instead of being left with unread bytes for the next request.
import type { NextFunction, Request, Response } from "express";
import { languageOfRawRequest, limitMessage, type LimitMessageKey } from "~/utils/limit-messages.server";
import { MAX_BODY_BYTES, mediaTypeOf, refusalFor } from "~/utils/request-guard";

/** Sends a refusal in the visitor's language: `{ error: { code, message } }` on the API, text on pages. */
export function sendRefusal(req: Request, res: Response, status: number, code: string, key: LimitMessageKey, headers: Record<string, string> = {}) {
  if (res.headersSent) return;
  const language = languageOfRawRequest(req.originalUrl, { cookie: req.headers.cookie, acceptLanguage: req.get("accept-language") });
  const message = limitMessage(language, key);
  res.status(status).set({ "Cache-Control": "no-store", ...headers });
  if (req.originalUrl.startsWith("/api/")) res.json({ error: { code, message } });
  else res.type("text/plain; charset=utf-8").send(message);
}

function closeAfterAnswer(req: Request, res: Response) {
  res.set("Connection", "close");
  res.on("finish", () => req.socket.destroySoon?.());
}

export function requestGuard() {
  return (req: Request, res: Response, next: NextFunction) => {
    const refusal = refusalFor({ method: req.method, url: req.originalUrl, header: (name) => req.get(name) });
    if (refusal) {
      if (refusal.status === 413 || refusal.status === 415) closeAfterAnswer(req, res);
      return sendRefusal(req, res, refusal.status, refusal.reason, `refused.${refusal.reason}`);
    }
    const chunked = req.get("content-length") === undefined && req.get("transfer-encoding") !== undefined;
    if (chunked && mediaTypeOf(req.get("content-type")) !== "multipart/form-data") {
      let received = 0;
      // Paused first: the listener then sees each chunk as Remix reads it, and none flows past
      // before Remix attaches its own reader (which resumes the stream when it wants data).
      req.pause();
      req.on("data", (chunk: Buffer) => {
        received += chunk.length;
        if (received <= MAX_BODY_BYTES || res.headersSent) return;
        closeAfterAnswer(req, res);
        sendRefusal(req, res, 413, "body_too_large", "refused.body_too_large");
        req.pause();
      });
    }
    next();
  };
}
