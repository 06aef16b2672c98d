import fs from "node:fs";
import { createInstance } from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { ReservationPanel } from "~/components/messages/messages-page";
import { TND } from "~/domain/money";
import type { DisplayStatus } from "~/domain/reservation-state";

// The reservation beside a thread shows its state in the reader's words, not the stored code.

const read = (language: string, namespace: string) => JSON.parse(fs.readFileSync(`locales/${language}/${namespace}.json`, "utf8")) as object;

async function render(
  language: "en" | "fr" | "es",
  status: string,
  displayStatus: DisplayStatus,
  review: { path: string; reviewed: boolean } | null = null,
  path = "/",
) {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    ns: ["messages", "rules", "currency", "reviews"],
    resources: {
      [language]: {
        messages: read(language, "messages"),
        rules: read(language, "rules"),
        currency: read(language, "currency"),
        reviews: read(language, "reviews"),
      },
    },
    interpolation: { escapeValue: false },
  });
  const thread = {
    checkIn: "2030-04-10",
    checkOut: "2030-04-14",
    reservation: { reference: "RABC123", status, displayStatus, checkIn: "2030-04-10", checkOut: "2030-04-14", nights: 4, total: 430_000, adults: 2, children: 0, review },
  };
  const rootData = { currency: TND, language };
  const router = createMemoryRouter([{ id: "root", path: "*", loader: () => rootData, element: <ReservationPanel thread={thread} /> }], {
    initialEntries: [path],
    hydrationData: { loaderData: { root: rootData } },
  });
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

function statusCell(html: string): string {
  const match = /data-testid="reservation-status"[^>]*>([^<]*)</.exec(html);
  if (!match) throw new Error(`no status in ${html}`);
  return match[1]!;
}

describe("the reservation panel beside a conversation", () => {
  it.each([
    ["en", "pending_host", "pending_host", "Pending host response"],
    ["en", "confirmed", "upcoming", "Confirmed · Upcoming"],
    ["fr", "confirmed", "ongoing", "Confirmée · En cours"],
    ["es", "cancelled", "cancelled", (read("es", "rules") as { reservation: { status: Record<string, string> } }).reservation.status.cancelled],
  ] as const)("in %s, a %s reservation shown as %s reads “%s”", async (language, status, displayStatus, label) => {
    const html = await render(language, status, displayStatus);
    expect(statusCell(html)).toBe(label);
    expect(statusCell(html)).not.toBe(status);
    expect(html).toContain("RABC123");
  });

  it.each([
    ["en", "Wed, Apr 10, 2030 → Sun, Apr 14, 2030"],
    ["fr", "mer. 10 avr. 2030 → dim. 14 avr. 2030"],
    ["es", "mié, 10 abr 2030 → dom, 14 abr 2030"],
  ] as const)("in %s, writes the stay's dates as the other pages do, never raw: %s", async (language, dates) => {
    const html = await render(language, "confirmed", "upcoming");
    expect(/data-testid="reservation-dates"[^>]*>([^<]*)</.exec(html)?.[1]).toBe(dates);
    expect(html).not.toContain("2030-04-10");
  });

  it("offers the traveler of a reviewable stay “Leave a comment”, and “Edit your comment” once reviewed, in the page's language", async () => {
    const leave = await render("en", "confirmed", "completed", { path: "/reservation-details/7#review", reviewed: false });
    expect(reviewLink(leave)).toEqual({ href: "/reservation-details/7#review", text: (read("en", "reviews") as { form: { title: string } }).form.title });
    const edit = await render("fr", "confirmed", "completed", { path: "/est-reservation-details/8#review", reviewed: true }, "/fr/messages/abc");
    expect(reviewLink(edit)).toEqual({ href: "/fr/est-reservation-details/8#review", text: (read("fr", "reviews") as { form: { editTitle: string } }).form.editTitle });
    expect(reviewLink(await render("en", "confirmed", "completed"))).toBeNull();
  });
});

function reviewLink(html: string): { href: string; text: string } | null {
  const match = /<a ([^>]*data-testid="reservation-review-link"[^>]*)>([^<]*)</.exec(html);
  return match ? { href: /href="([^"]*)"/.exec(match[1]!)![1]!, text: match[2]! } : null;
}
