import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { env } from "~/utils/env.server";
import { singleton } from "~/utils/singleton.server";

// Outgoing e-mail (ADR 033). With SMTP_URL, nodemailer sends through that server. Without it,
// every message is written to ${DATA_DIR}/outbox as a .eml (the real MIME message) and a .json
// (the same, readable: subject, text, links), so the demo and the tests can follow links and
// operators can read them at /outbox.

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What kind of message this is ("verify-email", "reset-password"…), for the outbox. */
  template: string;
  language: string;
}

export interface OutboxMessage extends OutgoingEmail {
  id: string;
  from: string;
  createdAt: string;
  /** Every http(s) link in the text body, in order. */
  links: string[];
}

export function mailFrom(): string {
  return env.mailFrom;
}

export function outboxDirectory(): string {
  return path.resolve(env.dataDir, "outbox");
}

function smtpTransport() {
  return singleton("smtp-transport", () => nodemailer.createTransport(env.smtpUrl!));
}

export function extractLinks(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"')]+/g)].map((match) => match[0]);
}

export async function sendEmail(email: OutgoingEmail, now: Date = new Date()): Promise<OutboxMessage> {
  const message = {
    from: mailFrom(),
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html,
    headers: { "Content-Language": email.language, "X-Darna-Template": email.template },
  };
  const id = `${now.toISOString().replace(/[:.]/g, "-")}-${crypto.randomBytes(4).toString("hex")}`;
  const record: OutboxMessage = { ...email, id, from: message.from, createdAt: now.toISOString(), links: extractLinks(email.text) };

  if (env.smtpUrl) {
    await smtpTransport().sendMail(message);
    return record;
  }

  const raw = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }).sendMail(message);
  const directory = outboxDirectory();
  await fs.mkdir(directory, { recursive: true });
  await fs.writeFile(path.join(directory, `${id}.eml`), raw.message as Buffer);
  // The .json is written last: a reader that sees it can read the whole message.
  await fs.writeFile(path.join(directory, `${id}.json.tmp`), JSON.stringify(record, null, 2));
  await fs.rename(path.join(directory, `${id}.json.tmp`), path.join(directory, `${id}.json`));
  return record;
}

/** Sends, but never lets a mail failure break the page that asked for it (the user can resend). */
export async function sendEmailSafely(email: OutgoingEmail, now?: Date): Promise<boolean> {
  try {
    await sendEmail(email, now);
    return true;
  } catch (error) {
    console.error(`email: could not send "${email.template}"`, error instanceof Error ? error.message : error);
    return false;
  }
}

/** The outbox, newest first. */
export async function listOutbox(limit = 100): Promise<OutboxMessage[]> {
  let files: string[];
  try {
    files = await fs.readdir(outboxDirectory());
  } catch {
    return [];
  }
  const names = files.filter((file) => file.endsWith(".json")).sort().reverse().slice(0, limit);
  const messages = await Promise.all(names.map((name) => readOutboxFile(name)));
  return messages.filter((message): message is OutboxMessage => message !== null);
}

export async function readOutboxMessage(id: string): Promise<OutboxMessage | null> {
  if (!/^[\w-]+$/.test(id)) return null;
  return readOutboxFile(`${id}.json`);
}

async function readOutboxFile(name: string): Promise<OutboxMessage | null> {
  try {
    return JSON.parse(await fs.readFile(path.join(outboxDirectory(), name), "utf8")) as OutboxMessage;
  } catch {
    return null;
  }
}
