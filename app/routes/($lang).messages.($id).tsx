import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { MessagesPage } from "~/components/messages/messages-page";
import { messagesAction, messagesLoader } from "~/services/messaging/messaging-pages.server";

// /messages/{id?}: the traveler's conversations, the open thread, its reservation, the reply form.
// unseenInData: the shell's unseen badge reads this loader's count (fresher than the root's).
export const handle = { i18n: ["messages", "rules", "limits", "reviews"], unseenInData: true };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

export const loader = (args: LoaderFunctionArgs) => messagesLoader(args, "traveler");
export const action = (args: ActionFunctionArgs) => messagesAction(args, "traveler");

export default function TravelerMessages() {
  return <MessagesPage />;
}
