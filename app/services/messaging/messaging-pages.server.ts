// Loader and action shared by the traveler's /messages/{id?} and the host's
// /dashboard/messages/{id?} (issue 7). Importing this module also registers the messaging
// protocol on the realtime socket (the server build loads every route module at start).
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { SendMessageSchema } from "~/schemas/messages";
import { registerMessagingRealtime } from "~/services/messaging/messaging-realtime.server";
import { listConversations, readThread, unseenCount } from "~/services/messaging/messaging.server";
import { sendMessage } from "~/services/messaging/message-sending.server";
import { isAppError } from "~/utils/app-error";
import { requireUser } from "~/utils/auth.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { localizedPath } from "~/utils/localized-path";
import { readFormData } from "~/utils/form-data.server";
import { senderLabels } from "~/services/cohosts/message-senders.server";

registerMessagingRealtime();

export type MessagesSide = "traveler" | "host";

export function basePath(side: MessagesSide) {
  return side === "traveler" ? "/messages" : "/dashboard/messages";
}

export async function messagesLoader({ request, params }: LoaderFunctionArgs, side: MessagesSide) {
  const user = await requireUser(request);
  const conversations = await listConversations(user.id, side);
  let thread = null;
  if (params.id) {
    try {
      thread = await readThread(user, params.id);
    } catch (error) {
      if (isAppError(error) && error.status === 404) throw new Response("Not Found", { status: 404 });
      throw error;
    }
    // Opening marks it seen: the list's count for it is now zero.
    for (const conversation of conversations) if (conversation.conversationUID === params.id) conversation.unseen = 0;
  }
  const language = await getLanguage(request);
  const t = await getFixedT(language, "messages");
  return {
    side,
    userId: user.id,
    conversations,
    thread,
    // Who wrote each message, a co-host marked as such (ADR 147).
    senders: thread ? await senderLabels(thread, user.id, language) : {},
    // Counted after the opened conversation was marked seen: the shell's badge takes this one
    // (the route's handle says `unseenInData`). The realtime socket is the shell's (root loader).
    unseen: await unseenCount(user.id),
    title: String(t(side === "traveler" ? "title" : "hostTitle")),
  };
}

export async function messagesAction({ request, params }: ActionFunctionArgs, side: MessagesSide) {
  const user = await requireUser(request);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: SendMessageSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await sendMessage(user, params.id, submission.value.message);
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (error.status === 404) throw new Response("Not Found", { status: 404 });
    return data(submission.reply({ fieldErrors: { message: [error.key] } }), { status: error.status });
  }
  // Post/redirect/get: the page shows the new message after the redirect.
  return redirect(localizedPath(request, `${basePath(side)}/${params.id}`), 303);
}
