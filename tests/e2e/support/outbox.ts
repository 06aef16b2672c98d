// The e2e server's outbox: with no SMTP_URL every e-mail is written to ${DATA_DIR}/outbox as a
// .eml and a .json (the .json last, so a reader that sees it can read the whole message).
import fs from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";

export interface OutboxMessage {
  to: string;
  template: string;
  subject: string;
  links: string[];
  createdAt: string;
}

/**
 * The newest e-mail of `template` sent to `to` since `after` (ms) that `match` accepts, waiting up
 * to `timeout` ms.
 */
export async function waitForEmail(
  to: string,
  template: string,
  after = 0,
  timeout = 10_000,
  match: (message: OutboxMessage) => boolean = () => true,
): Promise<OutboxMessage> {
  const directory = path.join(process.env.E2E_DATA_DIR!, "outbox");
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      () => {
        const files = fs.existsSync(directory) ? fs.readdirSync(directory).filter((file) => file.endsWith(".json")) : [];
        found = files
          .map((file) => JSON.parse(fs.readFileSync(path.join(directory, file), "utf8")) as OutboxMessage)
          .filter((message) => message.to === to && message.template === template && Date.parse(message.createdAt) >= after && match(message))
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
        return found !== undefined;
      },
      { timeout, message: `an e-mail "${template}" to ${to}` },
    )
    .toBe(true);
  return found!;
}
