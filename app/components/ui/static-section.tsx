// Parts of a page that need no JavaScript, left as the server wrote them on the first load
// (issue 18 point 1, ADR 248). React's hydration of a page costs main-thread time in proportion to
// its elements (~760 on the home page): render, commit and effects of every component, then again
// whenever a context they read changes (lazy route discovery patching the routes, for one).
// Lighthouse's mobile run multiplies that time by four and counts each task's time over 50 ms as
// blocking. A `StaticSection` is one element for React on the first load: the browser renders it
// with the server's own inner HTML (`dangerouslySetInnerHTML` of the element already in the
// document), so React neither walks nor hydrates what is inside. Its links and forms work as they
// do without JavaScript (a link loads its page, a form posts); nothing inside may need a handler.
// After the first client navigation, or when it mounts later (a client navigation to the page), it
// renders its children as any component does.
import { useLocation } from "@remix-run/react";
import { useState, type HTMLAttributes, type ReactNode } from "react";

let firstHydrationDone = false;

/** Called once the first hydration has committed (the root's effect): sections mounted afterwards render live. */
export function markFirstHydrationDone(): void {
  firstHydrationDone = true;
}

/**
 * The inner HTML the server wrote for the element `id`, while the first hydration is running in a
 * browser; null on the server, after the first hydration, or when the element is not there.
 */
export function serverHtmlOf(id: string, doc: Pick<Document, "getElementById"> | undefined = typeof document === "undefined" ? undefined : document): string | null {
  if (!doc || firstHydrationDone) return null;
  return doc.getElementById(id)?.innerHTML ?? null;
}

type StaticSectionProps = HTMLAttributes<HTMLElement> & {
  /** The element written around the children (its id is how the browser finds the server's HTML). */
  as?: "section" | "footer" | "div" | "aside" | "ul";
  id: string;
  children?: ReactNode;
};

/**
 * `children` inside `<as id>`: on the server and after the first client navigation, rendered as
 * usual; in the browser's first hydration, the server's inner HTML as it is (not hydrated).
 */
export function StaticSection({ as: Tag = "section", id, children, ...attributes }: StaticSectionProps) {
  // The location's key changes with every navigation (the first load's is "default"): the first
  // navigation (another page, another language of this one) renders the section live.
  const { key } = useLocation();
  const [first] = useState(() => ({ html: serverHtmlOf(id), key, live: false }));
  // Live for good once navigated (back to the first entry too: its key is "default" again).
  if (first.key !== key) first.live = true;
  if (first.html !== null && !first.live) {
    return <Tag key="static" id={id} {...attributes} dangerouslySetInnerHTML={{ __html: first.html }} suppressHydrationWarning />;
  }
  return (
    <Tag key="live" id={id} {...attributes}>
      {children}
    </Tag>
  );
}
