// /reservation-details/{id}/claim: the traveler's claim on a stay (issue 14 point 5). The form is
// shown on the reservation page and posts here (multipart, photos included; works without
// JavaScript); a refusal is shown here with the form, success goes back to the reservation page.
// Only the stay's traveler may open one (anyone else: 403).
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ClaimForm } from "~/components/claims/claim-form";
import { reservationPagePath } from "~/services/booking/reservation-emails.server";
import { claimFormAction } from "~/services/money/claim-pages.server";
import { claimPage } from "~/services/money/claims.server";
import bookingStyles from "~/styles/booking.css?url";
import { isAppError } from "~/utils/app-error";
import { requireUser } from "~/utils/auth.server";
import { getLanguage } from "~/utils/i18n.server";
import { requireIdParam } from "~/utils/id-param";
import { localizedPath, useLocalizedPath } from "~/utils/localized-path";

export const handle = { i18n: ["claims", "listing", "reservation"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: bookingStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.reservation.reference} · Darna` : "Darna" },
  { name: "robots", content: "noindex" },
];

async function load(request: Request, id: string | undefined) {
  const user = await requireUser(request);
  const reservationId = requireIdParam(id);
  try {
    return { user, page: await claimPage(user, reservationId) };
  } catch (error) {
    if (isAppError(error) && (error.status === 403 || error.status === 404)) throw new Response(error.status === 403 ? "Forbidden" : "Not Found", { status: error.status });
    throw error;
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { page } = await load(request, params.id);
  return { ...page, language: await getLanguage(request), backPath: reservationPagePath(page.reservation, "traveler") };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, page } = await load(request, params.id);
  return claimFormAction(request, user, page.reservation.id, localizedPath(request, reservationPagePath(page.reservation, "traveler")));
}

export default function ClaimPage() {
  const { reservation, claims, language, backPath } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation(["claims", "reservation"]);
  const lp = useLocalizedPath();
  return (
    <main className="reservation" data-testid="claim-page">
      <p>
        <Link to={lp(backPath)}>← {t("reservation:title", { reference: reservation.reference })}</Link>
      </p>
      <h1>{t("claims:open.title")}</h1>
      {claims.canOpen || result ? (
        <ClaimForm
          reservationId={reservation.id}
          language={language}
          closesAt={claims.closesAt}
          nights={claims.nights}
          amenities={claims.amenities}
          maxPhotos={claims.maxPhotos}
          result={result ?? null}
        />
      ) : (
        <p role="alert">{t(claims.claims.some((claim) => claim.status === "open") ? "claims:errors.alreadyOpen" : "claims:errors.windowClosed")}</p>
      )}
    </main>
  );
}
