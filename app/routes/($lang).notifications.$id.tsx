import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { openNotification } from "~/services/notifications/notification-reads.server";
import { isAppError } from "~/utils/app-error";
import { requireUser } from "~/utils/auth.server";
import { localizedPath } from "~/utils/localized-path";

// /notifications/{id}: opening a notification (a plain link, or a POST) marks it read and leads
// to its page. Only its owner may open it: anyone else gets 404.

async function open(request: Request, id: string | undefined) {
  const user = await requireUser(request);
  try {
    const link = await openNotification(user.id, id);
    return redirect(localizedPath(request, link));
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw new Response("Not Found", { status: 404 });
    throw error;
  }
}

export const loader = ({ request, params }: LoaderFunctionArgs) => open(request, params.id);
export const action = ({ request, params }: ActionFunctionArgs) => open(request, params.id);
