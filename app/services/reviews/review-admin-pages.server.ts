// The operators' queues of the reviews area, /admin/reviews (reported reviews) and /admin/quality
// (quality checks), share one loader and one action: the team only (support reads and decides, ADR 170); the page lists the open
// items under a translated title; each item has its own decision form naming the item, and a bad
// or refused decision comes back with its translated key beside that item (400, or the service's
// AppError status), a good one redirects back with a toast.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import type { z } from "zod";
import { isAppError } from "~/utils/app-error";
import type { SessionUser } from "~/utils/auth.server";
import { requireAdmin } from "~/services/admin/admin-guard.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { localizedPath } from "~/utils/localized-path";
import { readFormData } from "~/utils/form-data.server";
import { redirectWithToast } from "~/utils/toast.server";

/** The queue's loader data: the open items and the page title (reviews:`titleKey`). */
export async function operatorQueueLoader<Item>(request: Request, titleKey: string, list: () => Promise<Item[]>) {
  await requireAdmin(request, "read");
  const t = await getFixedT(await getLanguage(request), "reviews");
  return { items: await list(), title: String(t(titleKey)) };
}

/** What a refused decision answers: the item it was about and the translation key of the error. */
export interface OperatorDecisionError {
  id: number;
  error: string;
}

/**
 * One decision on one item of a queue. `idField` names the form field holding the item's id;
 * `errorFields` the fields whose first error is shown (in this order); `decide` calls the service.
 */
export async function operatorDecisionAction<Schema extends z.ZodType<Record<string, unknown>>>(
  request: Request,
  options: {
    schema: Schema;
    idField: string;
    errorFields: string[];
    decide: (operator: SessionUser, value: z.output<Schema>) => Promise<unknown>;
    back: string;
  },
) {
  const operator = await requireAdmin(request, "moderate");
  const form = await readFormData(request);
  const id = Number(form.get(options.idField));
  const submission = parseWithZod(form, { schema: options.schema });
  if (submission.status !== "success") {
    const key = options.errorFields.map((field) => submission.error?.[field]?.[0]).find(Boolean) ?? "reviews:errors.generic";
    return data<OperatorDecisionError>({ id, error: key }, { status: 400 });
  }
  try {
    await options.decide(operator, submission.value);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data<OperatorDecisionError>({ id, error: error.key }, { status: error.status });
  }
  return redirectWithToast(localizedPath(request, options.back), { type: "success", message: "reviews:toast.decided" });
}
