// server.ts's request guard over real HTTP (issue 12, points 1 and 2): malformed URLs are 400s,
// JSON or text posted to a page is a 415, bodies over 1 MB are 413s answered before the body is
// sent in full (declared or chunked), and an ignored body never breaks the next request on a
// kept-alive connection.
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_BODY_BYTES, refusalFor } from "~/utils/request-guard";
import { requestGuard } from "~/utils/request-guard.server";

let server: http.Server;
let port: number;
const bodiesRead: number[] = [];

beforeAll(async () => {
  const app = express();
  app.use(requestGuard());
  // Stands for Remix: reads the body of /read, ignores the body of anything else.
  app.all("*", (req, res) => {
    if (req.path !== "/read") return void res.send(`ok ${req.method} ${req.path}`);
    let size = 0;
    req.on("data", (chunk: Buffer) => (size += chunk.length));
    req.on("end", () => {
      bodiesRead.push(size);
      res.send(`read ${size}`);
    });
    req.resume(); // as Remix's body reader does when it wants data
  });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  socket: unknown;
}

function send(
  options: { method?: string; path: string; headers?: Record<string, string | number>; agent?: http.Agent },
  write: (request: http.ClientRequest) => void = (request) => request.end(),
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, method: options.method ?? "GET", path: options.path, headers: options.headers, agent: options.agent }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body, socket: request.socket }));
    });
    request.on("error", reject);
    write(request);
  });
}

describe("request guard", () => {
  it("refuses NUL bytes and broken escapes in the path or the query with 400 (JSON on the API, translated text on pages)", async () => {
    const page = await send({ path: "/accommodation?destination=%00", headers: { "Accept-Language": "fr" } });
    expect([page.status, page.body]).toEqual([400, "Cette adresse n'est pas valide."]);
    const api = await send({ path: "/api/v1/payments/%00" });
    expect(api.status).toBe(400);
    expect(JSON.parse(api.body)).toEqual({ error: { code: "malformed_url", message: "This address is not valid." } });
    expect((await send({ path: "/fr/accommodation?destination=%zz" })).status).toBe(400);
    expect((await send({ path: "/es/%E0%A4%A" })).body).toBe("Esta dirección no es válida.");
    expect((await send({ path: "/accommodation?destination=Djerba%20Houmt+Souk" })).status).toBe(200);
  });

  it("answers a JSON or text post to a page with 415 and lets forms and API JSON through", async () => {
    const json = JSON.stringify({ email: "a@b.tn" });
    const page = await send({ method: "POST", path: "/auth", headers: { "Content-Type": "application/json", "Content-Length": json.length } }, (r) => r.end(json));
    expect([page.status, page.body]).toEqual([415, "This page accepts forms only."]);
    const text = await send({ method: "POST", path: "/es/auth", headers: { "Content-Type": "text/plain", "Content-Length": 2 } }, (r) => r.end("hi"));
    expect([text.status, text.body]).toEqual([415, "Esta página solo acepta formularios."]);
    const form = await send({ method: "POST", path: "/read", headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": 3 } }, (r) => r.end("a=b"));
    expect([form.status, form.body]).toEqual([200, "read 3"]);
    expect(refusalFor({ method: "POST", url: "/api/v1/reservations", header: (name) => ({ "content-type": "application/json", "content-length": "2" })[name] })).toBeNull();
  });

  it("refuses a declared body over 1 MB with 413 before it is sent, and closes that connection", async () => {
    const answer = await send(
      { method: "POST", path: "/api/v1/reservations", headers: { "Content-Type": "application/json", "Content-Length": MAX_BODY_BYTES + 1 } },
      // Only the first bytes are ever written: the answer must come without the rest.
      (request) => request.write("{"),
    );
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe("close");
    expect(JSON.parse(answer.body).error.code).toBe("body_too_large");
    const page = await send({ method: "POST", path: "/fr/auth", headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": 5 * MAX_BODY_BYTES } }, (r) => r.write("a="));
    expect([page.status, page.body]).toEqual([413, "La requête est trop volumineuse (1 Mo au maximum)."]);
    // A multipart upload keeps its own, larger limit (checked by its route).
    expect(refusalFor({ method: "POST", url: "/listings/1/photos", header: (name) => ({ "content-type": "multipart/form-data; boundary=x", "content-length": String(20 * MAX_BODY_BYTES) })[name] })).toBeNull();
  });

  it("cuts off a chunked body at 1 MB with 413", async () => {
    const before = bodiesRead.length;
    const answer = await send({ method: "POST", path: "/read", headers: { "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked" } }, (request) => {
      const chunk = Buffer.alloc(64 * 1024, 97);
      let sent = 0;
      const pump = () => {
        while (sent < 2 * MAX_BODY_BYTES) {
          sent += chunk.length;
          if (!request.write(chunk)) return void request.once("drain", pump);
        }
        request.end();
      };
      request.on("error", () => {}); // the server may close before the last chunks
      pump();
    });
    expect(answer.status).toBe(413);
    expect(bodiesRead.length).toBe(before);
    const small = await send({ method: "POST", path: "/read", headers: { "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked" } }, (r) => {
      r.write("a=");
      r.end("b");
    });
    expect([small.status, small.body]).toEqual([200, "read 3"]);
  });

  it("keeps a kept-alive connection usable after a request whose body was ignored", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const body = "x=".padEnd(200_000, "y");
    const ignored = await send({ method: "POST", path: "/ignored", agent, headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": body.length } }, (r) => r.end(body));
    expect(ignored.status).toBe(200);
    const refused = await send({ method: "GET", path: "/a?b=%00", agent });
    expect(refused.status).toBe(400);
    const next = await send({ method: "GET", path: "/next", agent });
    expect([next.status, next.body]).toEqual([200, "ok GET /next"]);
    expect(next.socket).toBe(ignored.socket);
    agent.destroy();
  });
});
