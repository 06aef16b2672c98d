/** The pages whose menu entries carry the unseen-messages count. */
const messagesPaths = new Set(["/messages", "/dashboard/messages"]);

export function isMessagesPath(path: string): boolean {
  return messagesPaths.has(path);
}

/**
 * "n unread messages", the description (not the name) of the user menu's button and of the
 * "Messages" links: their names stay "Account menu of …" and "Messages".
 */
export const UNSEEN_DESCRIPTION_ID = "unseen-messages-description";

/** A small count bubble; the number itself is hidden from screen readers, who get the description. */
export function UnseenCount({ count, testId, description }: { count: number; testId: string; description?: string }) {
  return (
    <span className="unseen-count" data-testid={testId} data-count={count}>
      <span aria-hidden="true">{count > 99 ? "99+" : count}</span>
      {description ? (
        <span id={UNSEEN_DESCRIPTION_ID} className="visually-hidden">
          {description}
        </span>
      ) : null}
    </span>
  );
}
