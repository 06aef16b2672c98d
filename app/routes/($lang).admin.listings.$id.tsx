// /admin/listings/{id}: an operator reviews one submitted listing (photos, text, address on a map
// with a plain-address fallback) and approves it, asks for corrections (notes) or rejects it
// (reason). The host is told by e-mail and sees the notes on the dashboard.
import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { requireAdmin } from "~/services/admin/admin-guard.server";
import { ListingErrorBoundary } from "~/components/listings/error-boundary";
import { ErrorList, Field } from "~/components/ui/field";
import { formatTnd } from "~/components/listings/tnd-amounts";
import { SubmitButton } from "~/components/ui/submit-button";
import { useHydrated } from "~/components/ui/use-hydrated";
import { LiveListingActionSchema } from "~/schemas/console";
import { moderationSchema } from "~/schemas/listing-wizard";
import { actOnLiveListing } from "~/services/admin/live-listings.server";
import { getListingForReview, moderateListing } from "~/services/listings/listing-moderation.server";
import { mapTiles } from "~/services/search/search-page.server";
import listingStyles from "~/styles/listings.css?url";
import { isAppError } from "~/utils/app-error";
import { linkBaseUrl } from "~/utils/auth.server";
import { localizedPath, useLocalizedPath } from "~/utils/localized-path";
import { redirectWithToast } from "~/utils/toast.server";
import { actorOf, orHttpError, parseId } from "~/services/listings/listing-forms.server";
import { readFormData } from "~/utils/form-data.server";

const PinMap = lazy(() => import("~/components/listings/pin-map.client"));

export const handle = { i18n: ["admin", "listing", "property", "console"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: listingStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.listing.title ?? "Darna"} · Darna` : "Darna" }];

function idOf(params: { id?: string }): number {
  const id = parseId(params.id);
  if (id === null) throw new Response("Not Found", { status: 404 });
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const operator = await requireAdmin(request, "read");
  const listing = await orHttpError(request, getListingForReview(actorOf(operator), idOf(params)));
  return { listing, tiles: mapTiles() };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const operator = await requireAdmin(request, "moderate");
  const id = idOf(params);
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "");
  if (intent === "suspend" || intent === "reinstate" || intent === "remove") return liveAction(request, operator, id, formData, intent);
  const submission = parseWithZod(formData, { schema: moderationSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await moderateListing(actorOf(operator), id, submission.value, { baseUrl: linkBaseUrl(request) });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data(submission.reply({ formErrors: [error.key] }), { status: error.status });
  }
  const message = { approve: "admin:decision.approved", request_corrections: "admin:decision.correctionsRequested", reject: "admin:decision.rejected" }[submission.value.intent];
  return redirectWithToast(localizedPath(request, "/admin/listings"), { type: "success", message });
}

/** Suspend, reinstate or remove a live listing, with a reason (ADR 170). */
async function liveAction(request: Request, operator: Parameters<typeof actorOf>[0], id: number, formData: FormData, intent: string) {
  const submission = parseWithZod(formData, { schema: LiveListingActionSchema });
  if (submission.status !== "success") return data({ live: { intent, error: submission.error?.reason?.[0] ?? "console:errors.intent" } }, { status: 400 });
  try {
    await actOnLiveListing(actorOf(operator), id, submission.value);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ live: { intent, error: error.key } }, { status: error.status });
  }
  const message = { suspend: "console:actions.done.listingSuspend", reinstate: "console:actions.done.listingReinstate", remove: "console:actions.done.listingRemove" }[submission.value.intent];
  return redirectWithToast(localizedPath(request, `/admin/listings/${id}`), { type: "success", message });
}

function LiveListingForm({ intent, answer }: { intent: "suspend" | "reinstate" | "remove"; answer: { intent: string; error: string } | undefined }) {
  const { t } = useTranslation("console");
  const failed = answer?.intent === intent;
  return (
    <Form method="post" data-testid={`listing-${intent}`}>
      <input type="hidden" name="intent" value={intent} />
      <label htmlFor={`live-${intent}`}>{t("actions.reason")}</label>
      <textarea id={`live-${intent}`} name="reason" rows={2} maxLength={1000} required aria-describedby={failed ? `live-${intent}-error` : undefined} />
      {intent === "remove" ? <p className="hint">{t("listing.removeWarning")}</p> : null}
      {failed ? (
        <p id={`live-${intent}-error`} className="field__errors" role="alert">
          {t(answer.error)}
        </p>
      ) : null}
      <button type="submit" className={intent === "remove" ? "button button--danger" : "button"}>
        {t(`listing.${intent}`)}
      </button>
    </Form>
  );
}

export default function ReviewListingPage() {
  const { listing, tiles } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const live = answer && "live" in answer ? answer.live : undefined;
  const lastResult = answer && !("live" in answer) ? answer : undefined;
  const { t } = useTranslation(["admin", "listing", "property", "console"]);
  const lp = useLocalizedPath();
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: "moderation",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: moderationSchema }),
    shouldValidate: "onSubmit",
  });
  const address = [listing.street, listing.additionalAddress, listing.postalCode, listing.city, listing.delegation, listing.governorateName].filter(Boolean).join(", ");
  const reviewable = listing.moderationState === "pending_review";
  return (
    <main className="review">
      <p>
        <Link to={lp("/admin/listings")}>← {t("queue.title")}</Link>
      </p>
      <header className="page-header">
        <h1>{listing.title ?? t("listing:dashboard.untitled")}</h1>
        <p className="status-line">
          <span className={`badge badge--${listing.moderationState}`}>{t(`listing:moderationStates.${listing.moderationState}`)}</span>{" "}
          {listing.propertyType ? t(`listing:types.${listing.propertyType}`) : null} · {t("review.host", { name: listing.hostName, email: listing.hostEmail })}
        </p>
      </header>

      <section aria-labelledby="photos-title">
        <h2 id="photos-title">{t("review.photos", { count: listing.photos.length })}</h2>
        <ol className="photo-grid">
          {listing.photos.map((photo, index) => (
            <li key={photo.id} className="photo-grid__item">
              <img src={photo.url} srcSet={photo.srcSet} sizes="(min-width: 48rem) 12rem, 45vw" width={photo.width} height={photo.height} loading="lazy" alt={t("listing:photos.alt", { number: index + 1 })} />
              {photo.isCover ? <span className="badge">{t("listing:photos.cover")}</span> : null}
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="text-title">
        <h2 id="text-title">{t("review.text")}</h2>
        {(["descriptionFr", "descriptionEn", "descriptionEs"] as const).map((name) => (
          <div key={name}>
            <h3>{t(`listing:fields.${name}`)}</h3>
            <p className="description">{listing[name] ?? t("review.none")}</p>
          </div>
        ))}
        <dl className="summary">
          <dt>{t("listing:fields.capacity")}</dt>
          <dd>{(["guests", "bedrooms", "beds", "bathrooms"] as const).map((fact) => t(`property:facts.${fact}`, { count: listing[fact === "guests" ? "maxGuests" : fact] ?? 0 })).join(" · ")}</dd>
          <dt>{t("listing:fields.basePrice")}</dt>
          <dd>{formatTnd(listing.basePrice)}</dd>
          <dt>{t("listing:fields.amenities")}</dt>
          <dd>{listing.amenities.map((a) => t(`listing:amenities.${a}`)).join(", ") || "—"}</dd>
          <dt>{t("listing:fields.travelTypes")}</dt>
          <dd>{listing.travelTypes.map((a) => t(`listing:travelTypes.${a}`)).join(", ") || "—"}</dd>
          {listing.hotel ? (
            <>
              <dt>{t("listing:steps.room-types.title")}</dt>
              <dd>{listing.hotel.roomTypes.map((r) => `${r.name} (${r.quantity} × ${formatTnd(r.basePrice)})`).join("; ")}</dd>
            </>
          ) : null}
          {listing.guesthouse ? (
            <>
              <dt>{t("listing:steps.rooms.title")}</dt>
              <dd>{listing.guesthouse.rooms.map((r) => `${r.number} ${r.name} (${formatTnd(r.price)})`).join("; ")}</dd>
            </>
          ) : null}
        </dl>
      </section>

      <section aria-labelledby="address-title">
        <h2 id="address-title">{t("review.address")}</h2>
        <p data-testid="review-address">{address}</p>
        {listing.latitude !== null && listing.longitude !== null ? (
          <p className="field__hint">{t("review.position", { lat: String(listing.latitude), lng: String(listing.longitude) })}</p>
        ) : null}
        {hydrated && listing.latitude !== null && listing.longitude !== null ? (
          <Suspense fallback={<p className="map-placeholder">{t("listing:address.mapLoading")}</p>}>
            <PinMap lat={listing.latitude} lng={listing.longitude} label={t("review.mapLabel")} tileUrl={tiles.url} attribution={tiles.attribution} />
          </Suspense>
        ) : null}
      </section>

      {listing.history.length ? (
        <section aria-labelledby="history-title">
          <h2 id="history-title">{t("review.history")}</h2>
          <ol className="history">
            {listing.history.map((event, index) => (
              <li key={index}>
                {event.createdAt.slice(0, 16).replace("T", " ")} — {t(`console:listing.historyActions.${event.action}`)}
                {event.note ? <p className="moderation-note">{event.note}</p> : null}
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      {reviewable ? (
        <section aria-labelledby="decision-title" className="decision">
          <h2 id="decision-title">{t("decision.title")}</h2>
          <Form method="post" {...getFormProps(form)} noValidate className="listing-form">
            <ErrorList id={form.errorId} errors={form.errors} />
            <Field label={t("decision.note")} htmlFor={fields.note.id} errorId={fields.note.errorId} errors={fields.note.errors} hint={t("decision.noteHint")}>
              <textarea {...getTextareaProps(fields.note)} rows={4} />
            </Field>
            <div className="form-actions">
              <SubmitButton name="intent" value="approve">
                {t("decision.approve")}
              </SubmitButton>
              <SubmitButton name="intent" value="request_corrections" className="button button--ghost">
                {t("decision.requestCorrections")}
              </SubmitButton>
              <SubmitButton name="intent" value="reject" className="button button--danger">
                {t("decision.reject")}
              </SubmitButton>
            </div>
          </Form>
        </section>
      ) : listing.moderationState === "approved" || listing.moderationState === "suspended" ? (
        <section aria-labelledby="live-title" className="admin-actions">
          <h2 id="live-title">{t("console:listing.title")}</h2>
          <p data-testid="live-state">{t("console:listing.state", { state: t(`console:listing.states.${listing.moderationState}`) })}</p>
          {listing.moderationState === "approved" ? <LiveListingForm intent="suspend" answer={live} /> : <LiveListingForm intent="reinstate" answer={live} />}
          <LiveListingForm intent="remove" answer={live} />
        </section>
      ) : (
        <p className="notice">{t("review.notPending")}</p>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <ListingErrorBoundary />;
}
