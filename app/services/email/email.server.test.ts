// Outgoing e-mail (issue 3, point 2): with SMTP_URL, nodemailer hands the message to that SMTP
// server and nothing goes to the outbox; without it, the outbox gets the .eml and the readable .json.
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { listOutbox, outboxDirectory, sendEmail, type OutgoingEmail } from "./email.server";

const email: OutgoingEmail = {
  to: "nour@example.tn",
  subject: "Confirmez votre adresse e-mail",
  text: "Bonjour Nour, confirmez ici : https://darna.tn/fr/verify/abc",
  html: "<p>Bonjour Nour</p>",
  template: "verify-email",
  language: "fr",
};

/** A minimal SMTP server that keeps every message's envelope and data. */
function startSmtpServer(): Promise<{ port: number; messages: Array<{ from: string; to: string[]; data: string }>; close: () => Promise<void> }> {
  const messages: Array<{ from: string; to: string[]; data: string }> = [];
  const server = net.createServer((socket) => {
    let buffer = "";
    let inData = false;
    let current = { from: "", to: [] as string[], data: "" };
    socket.write("220 test.smtp ESMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end === -1) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          messages.push(current);
          current = { from: "", to: [], data: "" };
          socket.write("250 queued\r\n");
          continue;
        }
        const lineEnd = buffer.indexOf("\r\n");
        if (lineEnd === -1) return;
        const line = buffer.slice(0, lineEnd);
        buffer = buffer.slice(lineEnd + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") {
          socket.write("250-test.smtp\r\n250 8BITMIME\r\n");
        } else if (verb === "DATA") {
          inData = true;
          socket.write("354 go ahead\r\n");
        } else if (verb === "QUIT") {
          socket.end("221 bye\r\n");
        } else {
          if (verb === "MAIL") current.from = line;
          if (verb === "RCPT") current.to.push(line);
          socket.write("250 ok\r\n");
        }
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      resolve({
        port: (server.address() as net.AddressInfo).port,
        messages,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

const saved = { SMTP_URL: process.env.SMTP_URL, DATA_DIR: process.env.DATA_DIR };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "darna-email-"));

beforeAll(() => {
  process.env.DATA_DIR = dataDir;
});

afterEach(() => {
  fs.rmSync(outboxDirectory(), { recursive: true, force: true });
});

afterAll(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("sendEmail", () => {
  it("without SMTP_URL, writes the message to the outbox (.eml and .json with its links)", async () => {
    delete process.env.SMTP_URL;
    const sent = await sendEmail(email);
    const files = fs.readdirSync(outboxDirectory()).sort();
    expect(files).toEqual([`${sent.id}.eml`, `${sent.id}.json`]);
    const [stored] = await listOutbox();
    expect(stored).toMatchObject({ to: email.to, subject: email.subject, language: "fr", links: ["https://darna.tn/fr/verify/abc"] });
    expect(fs.readFileSync(path.join(outboxDirectory(), `${sent.id}.eml`), "utf8")).toMatch(/^Content-Language: fr$/m);
  });

  it("with SMTP_URL, sends through that server and writes nothing to the outbox", async () => {
    const smtp = await startSmtpServer();
    try {
      process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
      await sendEmail(email);
      expect(smtp.messages).toHaveLength(1);
      const [message] = smtp.messages;
      expect(message!.to.join()).toContain("<nour@example.tn>");
      expect(message!.data).toMatch(/^Content-Language: fr$/m);
      expect(message!.data).toMatch(/^X-Darna-Template: verify-email$/m);
      expect(message!.data).toContain("Subject: Confirmez votre adresse e-mail");
      expect(fs.existsSync(outboxDirectory())).toBe(false);
    } finally {
      delete process.env.SMTP_URL;
      await smtp.close();
    }
  });
});
