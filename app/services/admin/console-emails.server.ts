// The e-mails of the operator console (namespace `console`, in the recipient's language): an
// account suspended or reinstated, a role given or taken away, the verification sent again, a
// listing suspended, reinstated or removed. Queued as jobs in the transaction of the action, so
// an action that rolls back sends nothing; delivered by the one e-mail function.
import type { Transaction } from "sequelize";
import { sendEmail } from "~/services/email/email.server";
import { renderAccountNotice } from "~/services/email/notice-email.server";
import { enqueueJob, registerJobHandler } from "~/services/jobs/jobs.server";
import type { OwnEmail } from "~/services/notifications/notify.server";

const CONSOLE_EMAIL_JOB = "console:email";
export type ConsoleEmailKind =
  | "suspended"
  | "reinstated"
  | "grant_role"
  | "revoke_role"
  | "resend_verification"
  | "listingSuspended"
  | "listingReinstated"
  | "listingRemoved";

export interface ConsoleEmailPayload {
  kind: ConsoleEmailKind;
  userId: number;
  /** Where the e-mail's link goes (a local path, without language). */
  path: string;
  values: Record<string, string | number>;
}

/** The e-mail as a job to queue: directly (queueConsoleEmail) or by notify() when the user's settings want it. */
export function consoleEmail(payload: ConsoleEmailPayload, uniqueKey: string): OwnEmail {
  return { job: CONSOLE_EMAIL_JOB, payload, uniqueKey: `console-email:${uniqueKey}:${payload.kind}:${payload.userId}` };
}

export async function queueConsoleEmail(payload: ConsoleEmailPayload, transaction: Transaction, uniqueKey: string): Promise<void> {
  const email = consoleEmail(payload, uniqueKey);
  await enqueueJob(email.job, email.payload, { transaction, uniqueKey: email.uniqueKey });
}

async function renderConsoleEmail(payload: ConsoleEmailPayload) {
  const { role } = payload.values;
  return renderAccountNotice({
    userId: payload.userId,
    namespace: "console",
    kind: payload.kind,
    path: payload.path,
    values: payload.values,
    template: `console-${payload.kind}`,
    translatedValues: (t): Record<string, string> => (typeof role === "string" ? { role: String(t(`roles.${role}`)) } : {}),
  });
}

registerJobHandler(CONSOLE_EMAIL_JOB, async (payload, { now }) => {
  const email = await renderConsoleEmail(payload as ConsoleEmailPayload);
  if (email) await sendEmail(email, now);
});
