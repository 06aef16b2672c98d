// POST /dashboard/listing-answer/{id}: the host answers the team about their suspended listing
// (the form sits on the listing's dashboard page); the answer joins the moderation history the
// team reads on /admin/listings/{id}. Plain form post and redirect.
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs } from "@remix-run/node";
import { ListingAnswerSchema } from "~/schemas/console";
import { answerSuspension } from "~/services/admin/live-listings.server";
import { isAppError } from "~/utils/app-error";
import { requireVerifiedUser } from "~/utils/auth.server";
import { readFormData } from "~/utils/form-data.server";
import { requireIdParam } from "~/utils/id-param";
import { localizedPath } from "~/utils/localized-path";
import { redirectWithToast } from "~/utils/toast.server";

export async function action({ request, params }: ActionFunctionArgs) {
  const host = await requireVerifiedUser(request);
  const id = requireIdParam(params.id);
  const back = localizedPath(request, `/dashboard/host-property-details/${id}`);
  const submission = parseWithZod(await readFormData(request), { schema: ListingAnswerSchema });
  if (submission.status !== "success") return redirectWithToast(back, { type: "error", message: submission.error?.answer?.[0] ?? "console:errors.answerRequired" });
  try {
    await answerSuspension(host, id, submission.value.answer);
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw new Response("Not Found", { status: 404 });
    if (isAppError(error)) return redirectWithToast(back, { type: "error", message: error.key });
    throw error;
  }
  return redirectWithToast(back, { type: "success", message: "console:actions.done.answered" });
}
