import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { MessagesPage } from "~/components/messages/messages-page";
import { messagesAction, messagesLoader } from "~/services/messaging/messaging-pages.server";

// /dashboard/messages/{id?}: the host's side of the same conversations.
// unseenInData: the shell's unseen badge reads this loader's count (fresher than the root's).
export const handle = { i18n: ["messages", "rules", "limits"], unseenInData: true };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

export const loader = (args: LoaderFunctionArgs) => messagesLoader(args, "host");
export const action = (args: ActionFunctionArgs) => messagesAction(args, "host");

export default function HostMessages() {
  return <MessagesPage />;
}
