// /friend-trip (issue 21 point 1): the concierge offer, its three packs with their prices in the
// visitor's currency and the launch promotion while it lasts; ?pack=<code>#request opens the
// request panel (a plain section without JavaScript). A free pack is sent at once and lands on
// /friend-trip-confirmation; a paid one goes to the card gateway first (ADR 180).
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FriendTripRequestForm } from "~/components/friend-trip/friend-trip-request-form";
import { Money } from "~/components/money/money";
import { PACK_CODES, type PackCode } from "~/domain/friend-trip";
import { dateInTunis } from "~/domain/stay-dates";
import { createFriendTripRequestSchema } from "~/schemas/friend-trip";
import { listPackOffers } from "~/services/friend-trip/friend-trip-packs.server";
import { createFriendTripRequest } from "~/services/friend-trip/friend-trip-requests.server";
import { isAppError } from "~/utils/app-error";
import { getOptionalUser } from "~/utils/auth.server";
import { readFormData } from "~/utils/form-data.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { localizedPath, useLocalizedPath } from "~/utils/localized-path";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["friend-trip", "auth"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.title} · Darna` : "Darna" },
  { name: "description", content: data?.description ?? "" },
];

function packOf(value: string | null): PackCode | null {
  return (PACK_CODES as readonly string[]).includes(value ?? "") ? (value as PackCode) : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const now = new Date();
  const t = await getFixedT(await getLanguage(request), "friend-trip");
  return {
    packs: await listPackOffers(now),
    today: dateInTunis(now),
    pack: packOf(new URL(request.url).searchParams.get("pack")),
    title: String(t("title")),
    description: String(t("intro")),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const now = new Date();
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: createFriendTripRequestSchema(dateInTunis(now)) });
  if (submission.status !== "success") return data({ reply: submission.reply() }, { status: 400 });
  const user = await getOptionalUser(request);
  try {
    const created = await createFriendTripRequest(submission.value, { now, language: await getLanguage(request), userId: user?.id ?? null });
    if (created.paymentUrl) return redirect(created.paymentUrl);
    return redirectWithToast(`${localizedPath(request, "/friend-trip-confirmation")}?request=${created.reference}`, {
      type: "success",
      message: "friend-trip:sent",
    });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ reply: submission.reply({ formErrors: [error.key] }) }, { status: error.status });
  }
}

export default function FriendTripPage() {
  const { packs, today, pack } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("friend-trip");
  const path = useLocalizedPath();
  const location = useLocation();
  const promotion = packs.find((offer) => offer.promotion)?.promotion ?? null;
  const chosen = pack ? packs.find((offer) => offer.code === pack)! : null;
  return (
    <main className="friend-trip">
      <h1>{t("title")}</h1>
      <p className="friend-trip__intro">{t("intro")}</p>
      {promotion ? (
        <p className="friend-trip__promotion" data-testid="friend-trip-promotion">
          {t("promotion", { freeUntil: promotion.freeUntil, offerEndsOn: promotion.offerEndsOn })}
        </p>
      ) : null}
      <ul className="friend-trip__packs" role="list">
        {packs.map((offer) => (
          <li key={offer.code} className="friend-trip__pack" data-testid={`pack-${offer.code}`}>
            <h2>{t(`packs.${offer.code}.name`)}</h2>
            <ul>
              <li>{t(`packs.${offer.code}.include1`)}</li>
              <li>{t(`packs.${offer.code}.include2`)}</li>
              <li>{t(`packs.${offer.code}.include3`)}</li>
            </ul>
            <p className="friend-trip__pack-price">
              {offer.price === 0 ? <strong>{t("free")}</strong> : <Money millimes={offer.price} />}
              {offer.price !== offer.basePrice ? (
                <s>
                  {" "}
                  <Money millimes={offer.basePrice} />
                </s>
              ) : null}
            </p>
            <Link className="button" to={`${path("/friend-trip")}?pack=${offer.code}#request`}>
              {t("choose")}
            </Link>
          </li>
        ))}
      </ul>
      {chosen ? (
        <FriendTripRequestForm
          key={chosen.code}
          pack={chosen.code}
          price={chosen.price}
          today={today}
          action={`${location.pathname}?pack=${chosen.code}`}
          closeHref={path("/friend-trip")}
          lastResult={answer?.reply}
        />
      ) : null}
      <section className="friend-trip__partner">
        <h2>{t("partner.title")}</h2>
        <p>{t("partner.body")}</p>
        <Link to={path("/partner-proposal")}>{t("partner.link")}</Link>
      </section>
    </main>
  );
}
