// The e-mails of reviews and quality (namespace `reviews`, in the recipient's language): a report
// decided (author and host), a suspension imposed or lifted, a quality warning. Queued as jobs in
// the transaction that makes the change, so a change that rolls back sends nothing; delivered by
// the one e-mail function (email.server.ts).
import type { Transaction } from "sequelize";
import { sendEmail } from "~/services/email/email.server";
import { renderAccountNotice } from "~/services/email/notice-email.server";
import { enqueueJob, registerJobHandler } from "~/services/jobs/jobs.server";

export const REVIEW_EMAIL_JOB = "reviews:email";
export const REVIEW_EMAIL_KINDS = ["reportKeptHost", "reportHiddenHost", "reportKeptAuthor", "reportHiddenAuthor", "suspended", "suspensionLifted", "qualityWarned"] as const;
export type ReviewEmailKind = (typeof REVIEW_EMAIL_KINDS)[number];

export interface ReviewEmailPayload {
  kind: ReviewEmailKind;
  userId: number;
  /** Where the e-mail's link goes (a local path, without language). */
  path: string;
  values?: Record<string, string | number>;
}

export async function queueReviewEmail(payload: ReviewEmailPayload, transaction: Transaction, uniqueKey: string): Promise<void> {
  await enqueueJob(REVIEW_EMAIL_JOB, payload, { transaction, uniqueKey: `reviews-email:${uniqueKey}:${payload.kind}:${payload.userId}` });
}

/** Renders one e-mail (exported for tests). */
export async function renderReviewEmail(payload: ReviewEmailPayload) {
  return renderAccountNotice({
    userId: payload.userId,
    namespace: "reviews",
    kind: payload.kind,
    path: payload.path,
    values: payload.values,
    template: `reviews-${payload.kind}`,
  });
}

registerJobHandler(REVIEW_EMAIL_JOB, async (payload, { now }) => {
  const email = await renderReviewEmail(payload as ReviewEmailPayload);
  if (email) await sendEmail(email, now);
});
