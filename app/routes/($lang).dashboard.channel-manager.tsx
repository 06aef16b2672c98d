// /dashboard/channel-manager: save the channel-manager account token (checked with the provider),
// then link each listing with its property key, see each link's state, and unlink (which frees
// the nights the link had blocked). Plain forms told apart by `intent`; works without JavaScript.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatInstant } from "~/components/calendar-sync/format-instant";
import { ChannelLinkSchema, ChannelTokenSchema } from "~/schemas/calendar-sync";
import { getChannelManagerPage, linkListing, saveChannelToken, unlinkListing } from "~/services/channel-manager/links.server";
import bookingStyles from "~/styles/booking.css?url";
import { isAppError } from "~/utils/app-error";
import { requireHost } from "~/utils/auth.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { readFormData } from "~/utils/form-data.server";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["calendar-sync"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: bookingStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireHost(request);
  const language = await getLanguage(request);
  const t = await getFixedT(language, "calendar-sync");
  const page = await getChannelManagerPage(user);
  return {
    title: t("channel.title"),
    language,
    linked: page.linked,
    listings: page.listings.map((listing) => ({
      ...listing,
      link: listing.link ? { ...listing.link, lastExchangeAt: listing.link.lastExchangeAt?.toISOString() ?? null, lastAttemptAt: listing.link.lastAttemptAt?.toISOString() ?? null } : null,
    })),
  };
}

type ActionData = { error: string; listingId?: number };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireHost(request);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const back = new URL(request.url).pathname;
  try {
    if (intent === "save-token") {
      const submission = parseWithZod(formData, { schema: ChannelTokenSchema });
      if (submission.status !== "success") return data<ActionData>({ error: "calendar-sync:errors.tokenRequired" }, { status: 400 });
      await saveChannelToken(user, submission.value.token);
      return redirectWithToast(back, { type: "success", message: "calendar-sync:toast.accountLinked" });
    }
    if (intent === "link") {
      const submission = parseWithZod(formData, { schema: ChannelLinkSchema });
      const listingId = Number(formData.get("listingId")) || undefined;
      if (submission.status !== "success") return data<ActionData>({ error: "calendar-sync:errors.propertyKey", listingId }, { status: 400 });
      await linkListing(user, submission.value.listingId, submission.value.propertyKey);
      return redirectWithToast(back, { type: "success", message: "calendar-sync:toast.listingLinked" });
    }
    if (intent === "unlink") {
      await unlinkListing(user, Number(formData.get("listingId")));
      return redirectWithToast(back, { type: "success", message: "calendar-sync:toast.unsynced" });
    }
    return data<ActionData>({ error: "calendar-sync:errors.listing" }, { status: 400 });
  } catch (error) {
    if (!isAppError(error) || error.status === 403) throw error;
    const key = intent === "unlink" ? "calendar-sync:errors.unsyncFailed" : error.key;
    return data<ActionData>({ error: key, listingId: Number(formData.get("listingId")) || undefined }, { status: error.status });
  }
}

export default function ChannelManagerPage() {
  const { linked, listings, language } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation("calendar-sync");
  const pageError = result && !result.listingId ? result.error : null;
  return (
    <main className="channel-manager">
      <h1>{t("channel.title")}</h1>
      <p>{t("channel.intro")}</p>
      <p className={linked ? "notice notice--success" : "notice"} data-testid="channel-account-state">
        {linked ? t("channel.linked") : t("channel.notLinked")}
      </p>
      {pageError ? (
        <p className="form-errors" role="alert" data-testid="channel-error">
          {t(pageError)}
        </p>
      ) : null}
      <Form method="post" className="booking__card">
        <div className="field">
          <label htmlFor="channel-token">{t("channel.tokenLabel")}</label>
          <input id="channel-token" name="token" type="password" autoComplete="off" required minLength={8} maxLength={255} />
        </div>
        <button type="submit" name="intent" value="save-token" className="button" disabled={busy}>
          {t("channel.saveToken")}
        </button>
      </Form>

      {linked ? (
        <section aria-labelledby="channel-listings">
          <h2 id="channel-listings">{t("channel.listingsTitle")}</h2>
          {listings.length === 0 ? <p>{t("channel.noListings")}</p> : null}
          <ul className="channel-manager__listings">
            {listings.map((listing) => (
              <li key={listing.listingId} className="booking__card" data-testid={`channel-listing-${listing.listingId}`}>
                <h3>{listing.title}</h3>
                <p data-testid="channel-link-state">{listing.link ? t("channel.listingLinked") : t("channel.listingNotLinked")}</p>
                {result?.listingId === listing.listingId ? (
                  <p className="form-errors" role="alert">
                    {t(result.error)}
                  </p>
                ) : null}
                {listing.link ? (
                  <>
                    <p>
                      {t("channel.propertyKey")}: <code>{listing.link.propertyKey}</code>
                    </p>
                    <p>
                      {t("channel.lastExchange")}: {formatInstant(listing.link.lastExchangeAt, language, "—")}
                    </p>
                    {listing.link.error ? <p className="form-errors">{t(listing.link.error)}</p> : null}
                    <Form method="post">
                      <input type="hidden" name="listingId" value={listing.listingId} />
                      <button type="submit" name="intent" value="unlink" className="button button--ghost" disabled={busy}>
                        {t("channel.unlink")}
                      </button>
                    </Form>
                  </>
                ) : (
                  <Form method="post" className="channel-manager__link">
                    <input type="hidden" name="listingId" value={listing.listingId} />
                    <div className="field">
                      <label htmlFor={`property-key-${listing.listingId}`}>{t("channel.propertyKey")}</label>
                      <input id={`property-key-${listing.listingId}`} name="propertyKey" required maxLength={128} />
                    </div>
                    <button type="submit" name="intent" value="link" className="button" disabled={busy}>
                      {t("channel.link")}
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}
