// /friend-trip-confirmation: "Friend Trip request sent" (SPEC.md §8). Reached with ?request=<ref>
// for a free pack, or with ?ref=<payment ref> back from the card gateway: the payment is verified
// here (ADR 071's rules); still processing → the page refreshes itself every 3 s (no JavaScript
// needed); refused → /friend-trip-failed.
import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { findRequestByReference } from "~/services/friend-trip/friend-trip-requests.server";
import { verifyFriendTripPayment } from "~/services/friend-trip/friend-trip-payment.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { localizedPath, useLocalizedPath } from "~/utils/localized-path";

export const handle = { i18n: ["friend-trip"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const t = await getFixedT(await getLanguage(request), "friend-trip");
  const title = String(t("confirmation.title"));
  let reference = url.searchParams.get("request");
  const paymentRef = url.searchParams.get("ref");
  if (paymentRef) {
    const check = await verifyFriendTripPayment(paymentRef);
    if (!check) return { state: "missing" as const, request: null, title };
    if (check.status === "processing") return { state: "verifying" as const, request: null, title };
    if (check.status !== "success") throw redirect(`${localizedPath(request, "/friend-trip-failed")}?request=${check.requestReference}`);
    reference = check.requestReference;
  }
  const found = await findRequestByReference(reference);
  if (!found) return { state: "missing" as const, request: null, title };
  if (found.status === "awaiting_payment") throw redirect(`${localizedPath(request, "/friend-trip-failed")}?request=${found.reference}`);
  return { state: "sent" as const, request: { reference: found.reference, firstName: found.firstName, pack: found.pack }, title };
}

export default function FriendTripConfirmationPage() {
  const { state, request } = useLoaderData<typeof loader>();
  const { t } = useTranslation("friend-trip");
  const path = useLocalizedPath();
  return (
    <main className="friend-trip-result">
      {state === "verifying" ? <meta httpEquiv="refresh" content="3" /> : null}
      {state === "sent" && request ? (
        <>
          <h1>{t("confirmation.title")}</h1>
          <p data-testid="friend-trip-sent">{t("confirmation.body", { name: request.firstName, reference: request.reference, pack: t(`packs.${request.pack}.name`) })}</p>
        </>
      ) : state === "verifying" ? (
        <p role="status">{t("confirmation.verifying")}</p>
      ) : (
        <p>{t("confirmation.missing")}</p>
      )}
      <p>
        <Link to={path("/friend-trip")}>{t("confirmation.back")}</Link>
      </p>
    </main>
  );
}
