import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Money } from "~/components/money/money";
import { SubmitButton } from "~/components/ui/submit-button";
import { displayStatusKeys } from "~/domain/reservation-state";
import type { messagesAction, messagesLoader } from "~/services/messaging/messaging-pages.server";
import { SendMessageSchema } from "~/schemas/messages";
import { useLocalizedPath } from "~/utils/localized-path";
import { useUserTime } from "~/utils/time-zone";
import { useRealtime, type LiveMessage } from "./realtime-context";
import { formatStayDate } from "~/utils/stay-date";

type LoaderData = Awaited<ReturnType<typeof messagesLoader>>;

/** The conversation list, the open thread with its reservation, and the reply form. */
export function MessagesPage() {
  const loaderData = useLoaderData<LoaderData>();
  const { side, userId, thread, senders } = loaderData;
  const { t, i18n } = useTranslation("messages");
  const lp = useLocalizedPath();
  const base = side === "traveler" ? "/messages" : "/dashboard/messages";
  const openUid = thread?.conversationUID ?? null;

  // Live state on top of the loader's, from the shell's realtime socket (one per page): messages
  // that arrived in the open thread, unseen counts of the other conversations. The shell plays
  // the chime, keeps the total and marks what the open thread shows as seen.
  const realtime = useRealtime();
  const [live, setLive] = useState<LiveMessage[]>([]);
  const [unseenByUid, setUnseenByUid] = useState<Record<string, number>>({});
  const [socketError, setSocketError] = useState<string | null>(null);
  const setRealtimeUnseen = useRef(realtime?.setUnseen);
  setRealtimeUnseen.current = realtime?.setUnseen;
  useEffect(() => {
    setLive([]);
    setUnseenByUid({});
    // Opening a conversation marked it seen: the loader's total is the fresher one.
    setRealtimeUnseen.current?.(loaderData.unseen);
  }, [loaderData]);

  const subscribe = realtime?.subscribe;
  useEffect(
    () =>
      subscribe?.({
        message(message) {
          if (message.conversationUID === openUid) {
            setLive((current) => (current.some((m) => m.id === message.id) ? current : [...current, message]));
            setSocketError(null);
            return true;
          }
          if (message.senderId !== userId) {
            setUnseenByUid((current) => ({ ...current, [message.conversationUID]: (current[message.conversationUID] ?? 0) + 1 }));
          }
          return false;
        },
        error: (text) => setSocketError(text),
      }),
    [subscribe, openUid, userId],
  );
  const status = realtime?.status ?? "connecting";
  const unseen = realtime?.unseen ?? loaderData.unseen;
  const send = realtime?.send ?? noSocket;

  const messages = useMemo(() => {
    const known = new Set(thread?.messages.map((m) => m.id));
    return [...(thread?.messages ?? []), ...live.filter((m) => !known.has(m.id))];
  }, [thread, live]);

  const time = useUserTime(i18n.language, { dateStyle: "short", timeStyle: "short" });
  const threadEnd = useRef<HTMLLIElement>(null);
  useEffect(() => {
    // Braces matter: newer browsers return a Promise from scrollIntoView, and an effect must not
    // return anything but a cleanup function.
    void threadEnd.current?.scrollIntoView?.({ block: "nearest" });
  }, [messages.length]);

  return (
    <main className="messages">
      <header className="messages__header">
        <h1>{loaderData.title}</h1>
        <span className="messages__badge" data-testid="unseen-badge" aria-live="polite" hidden={unseen === 0}>
          {t("unseen", { count: unseen })}
        </span>
        <span className="messages__status" data-testid="socket-status" data-status={status}>
          {status === "live" ? t("live") : status === "offline" ? t("offline") : ""}
        </span>
      </header>
      <div className="messages__layout">
        <nav className="messages__list" aria-label={loaderData.title}>
          {loaderData.conversations.length === 0 ? <p>{t("empty")}</p> : null}
          <ul>
            {loaderData.conversations.map((conversation) => {
              const count = conversation.unseen + (unseenByUid[conversation.conversationUID] ?? 0);
              return (
                <li key={conversation.conversationUID} aria-current={conversation.conversationUID === openUid ? "page" : undefined}>
                  <Link to={lp(`${base}/${conversation.conversationUID}`)} data-testid="conversation-link">
                    <strong>{conversation.listingTitle}</strong>
                    <span>{t("with", { name: conversation.otherName })}</span>
                    {conversation.lastMessage ? <span className="messages__preview">{conversation.lastMessage}</span> : null}
                    {count > 0 ? (
                      <span className="messages__count" data-testid="conversation-unseen">
                        {count}
                      </span>
                    ) : null}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        {thread ? (
          <section className="messages__thread" aria-labelledby="thread-title">
            <h2 id="thread-title">
              {thread.listingTitle} · {t("with", { name: thread.otherName })}
            </h2>
            {messages.length === 0 ? <p>{t("noMessages")}</p> : null}
            <ol className="messages__items" data-testid="thread">
              {messages.map((message) => (
                <li
                  key={message.id}
                  className={message.senderId === userId ? "message message--mine" : "message"}
                  data-testid="message"
                >
                  <p className="message__body">{message.body}</p>
                  <small>
                    {message.senderId === userId ? t("you") : (senders[message.senderId] ?? thread.otherName)} · {time(message.createdAt)}
                  </small>
                </li>
              ))}
              <li ref={threadEnd} aria-hidden="true" className="messages__end" />
            </ol>
            {thread.viewerRole !== "operator" ? (
              <ReplyForm uid={thread.conversationUID} send={send} socketError={socketError} clearSocketError={() => setSocketError(null)} />
            ) : null}
          </section>
        ) : (
          <p className="messages__pick">{t("pickConversation")}</p>
        )}
        {thread ? <ReservationPanel thread={thread} /> : null}
      </div>
    </main>
  );
}

/** Before the shell's socket is there, the reply form posts. */
const noSocket = () => false;

function ReplyForm({
  uid,
  send,
  socketError,
  clearSocketError,
}: {
  uid: string;
  send: (uid: string, message: string) => boolean;
  socketError: string | null;
  clearSocketError: () => void;
}) {
  const { t } = useTranslation("messages");
  const lastResult = useActionData<typeof messagesAction>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `reply-${uid}`,
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SendMessageSchema }),
    shouldValidate: "onSubmit",
    onSubmit(event, { formData, submission }) {
      if (submission?.status !== "success") return;
      // Live: send over the socket (same rules on the server); otherwise the form posts.
      if (send(uid, String(formData.get("message")))) {
        event.preventDefault();
        clearSocketError();
        (event.currentTarget as HTMLFormElement).reset();
      }
    },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="messages__form" noValidate>
      <label htmlFor={fields.message.id}>{t("messageLabel")}</label>
      <textarea {...getTextareaProps(fields.message)} rows={3} maxLength={2000} data-testid="message-input" />
      {/* Always there, so a socket error is announced (a live region, as role="alert" is not allowed on <ul>). */}
      <ul id={fields.message.errorId} className="field__errors" aria-live="assertive">
        {(fields.message.errors ?? []).map((error) => (
          <li key={error}>{t(error, { max: 2000 })}</li>
        ))}
        {socketError ? <li>{socketError}</li> : null}
      </ul>
      <SubmitButton>
        {t("send")}
      </SubmitButton>
    </Form>
  );
}

/** The conversation's latest reservation beside the thread, its state in words (rules:reservation.status.*). */
export function ReservationPanel({ thread }: { thread: Pick<NonNullable<LoaderData["thread"]>, "reservation" | "checkIn" | "checkOut"> }) {
  const { t, i18n } = useTranslation(["messages", "rules", "reviews"]);
  const lp = useLocalizedPath();
  const reservation = thread.reservation;
  const dates = (checkIn: string, checkOut: string) => t("dates", { checkIn: formatStayDate(i18n.language, checkIn), checkOut: formatStayDate(i18n.language, checkOut) });
  return (
    <aside className="messages__reservation" aria-labelledby="reservation-title" data-testid="reservation-panel">
      <h2 id="reservation-title">{t("reservation.title")}</h2>
      {reservation ? (
        <dl>
          <dt>{t("reservation.reference")}</dt>
          <dd>{reservation.reference}</dd>
          <dt>{t("reservation.status")}</dt>
          <dd data-testid="reservation-status" data-status={reservation.displayStatus}>
            {displayStatusKeys(reservation.displayStatus).map((key) => t(key)).join(" · ")}
          </dd>
          <dt>{t("reservation.stay")}</dt>
          <dd data-testid="reservation-dates">{dates(reservation.checkIn, reservation.checkOut)}</dd>
          <dt>{t("reservation.nights")}</dt>
          <dd>{reservation.nights}</dd>
          <dt>{t("reservation.guests")}</dt>
          <dd>{reservation.adults + reservation.children}</dd>
          <dt>{t("reservation.total")}</dt>
          <dd>
            <Money millimes={reservation.total} />
          </dd>
        </dl>
      ) : null}
      {reservation?.review ? (
        // "Leave a comment" (issue 13): the review form lives on the reservation's page.
        <p>
          <Link to={lp(reservation.review.path)} className="button button--small" data-testid="reservation-review-link">
            {t(reservation.review.reviewed ? "reviews:form.editTitle" : "reviews:form.title")}
          </Link>
        </p>
      ) : null}
      {reservation ? null : (
        <>
          <p>{t("reservation.none")}</p>
          {thread.checkIn && thread.checkOut ? (
            <p>
              {t("reservation.requested")}: {dates(thread.checkIn, thread.checkOut)}
            </p>
          ) : null}
        </>
      )}
    </aside>
  );
}
