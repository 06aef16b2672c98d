// /friend-trip-failed?request=<ref>: the card payment of a Friend Trip request did not go through;
// "try again" starts a new payment for the same request (a plain form post → the gateway).
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SubmitButton } from "~/components/ui/submit-button";
import { startFriendTripPayment } from "~/services/friend-trip/friend-trip-payment.server";
import { findRequestByReference } from "~/services/friend-trip/friend-trip-requests.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { localizedPath, useLocalizedPath } from "~/utils/localized-path";

export const handle = { i18n: ["friend-trip"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getFixedT(await getLanguage(request), "friend-trip");
  const found = await findRequestByReference(new URL(request.url).searchParams.get("request"));
  if (found && found.status !== "awaiting_payment") throw redirect(`${localizedPath(request, "/friend-trip-confirmation")}?request=${found.reference}`);
  return { reference: found?.reference ?? null, title: String(t("failed.title")) };
}

export async function action({ request }: ActionFunctionArgs) {
  const found = await findRequestByReference(new URL(request.url).searchParams.get("request"));
  if (!found || found.status !== "awaiting_payment") throw redirect(localizedPath(request, "/friend-trip"));
  const { redirectUrl } = await startFriendTripPayment(found.id, { language: await getLanguage(request) });
  return redirect(redirectUrl);
}

export default function FriendTripFailedPage() {
  const { reference } = useLoaderData<typeof loader>();
  const { t } = useTranslation("friend-trip");
  const path = useLocalizedPath();
  return (
    <main className="friend-trip-result">
      <h1>{t("failed.title")}</h1>
      {reference ? (
        <>
          <p>{t("failed.body", { reference })}</p>
          <Form method="post" action={`${path("/friend-trip-failed")}?request=${reference}`}>
            <SubmitButton className="button">{t("failed.retry")}</SubmitButton>
          </Form>
        </>
      ) : (
        <p>{t("failed.missing")}</p>
      )}
      <p>
        <Link to={path("/friend-trip")}>{t("confirmation.back")}</Link>
      </p>
    </main>
  );
}
