// /dashboard/host-property-details/{id}?tab=details|photos|address|equipment: the host edits a
// listing (SPEC.md §2 listing edit tabs), switches it visible or hidden, pauses it for dates, or
// deletes it (soft delete). Only its host or an operator gets here (403 otherwise, 404 unknown),
// with a verified e-mail like the wizard (others are sent to verify).
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ListingErrorBoundary } from "~/components/listings/error-boundary";
import { ErrorList } from "~/components/ui/field";
import { PhotoManager, revalidateAfterPhotoButtons } from "~/components/listings/photo-manager";
import type { FormAnswerData } from "~/components/listings/wizard/step-form";
import { StepForm } from "~/components/listings/wizard/steps";
import { SubmitButton } from "~/components/ui/submit-button";
import { MAX_LISTING_PHOTOS, MIN_LISTING_PHOTOS } from "~/domain/listing";
import { dateInTunis } from "~/domain/stay-dates";
import { pauseSchema } from "~/schemas/listing-wizard";
import { addPause, removePause, setVisibility, softDeleteListing } from "~/services/listings/listing-pauses.server";
import { getListingForHost } from "~/services/listings/listing-view.server";
import { mapTiles } from "~/services/search/search-page.server";
import listingStyles from "~/styles/listings.css?url";
import { isAppError } from "~/utils/app-error";
import { requireVerifiedUser } from "~/utils/auth.server";
import { localizedPath, useLocalizedPath } from "~/utils/localized-path";
import { redirectWithToast } from "~/utils/toast.server";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  actorOf,
  isMultipart,
  isSimpleStep,
  orHttpError,
  parseId,
  photoButtonForm,
  saveStepForm,
  uploadForm,
  type FormAnswer,
} from "~/services/listings/listing-forms.server";
import { readFormData } from "~/utils/form-data.server";

export const handle = { i18n: ["listing", "dashboard", "console"] };
export const shouldRevalidate = revalidateAfterPhotoButtons;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: listingStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.listing.title ?? "Darna"} · Darna` : "Darna" }];

const TABS = ["details", "photos", "address", "equipment"] as const;
type Tab = (typeof TABS)[number];
const TAB_FORMS: Record<Tab, string[]> = {
  details: ["description", "property-type", "prices", "discounts", "cancellation", "house-rules", "calendar-links"],
  photos: [],
  address: ["address"],
  equipment: ["amenities", "travel-types"],
};

function tabOf(request: Request): Tab {
  const tab = new URL(request.url).searchParams.get("tab");
  return (TABS as readonly string[]).includes(tab ?? "") ? (tab as Tab) : "details";
}

function listingIdOf(params: { id?: string }): number {
  const id = parseId(params.id);
  if (id === null) throw new Response("Not Found", { status: 404 });
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(request);
  const listing = await orHttpError(request, getListingForHost(actorOf(user), listingIdOf(params)));
  return { listing, tab: tabOf(request), today: dateInTunis(new Date()), tiles: mapTiles() };
}

function answer(value: FormAnswer, status: number) {
  return data<FormAnswerData>(value, { status });
}

function formError(form: string, key: string, status: number, values?: Record<string, unknown>) {
  return answer(
    { form, reply: { status: "error", error: { "": [key] } }, values: values ? Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])) : undefined },
    status,
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireVerifiedUser(request);
  const actor = actorOf(user);
  const listingId = listingIdOf(params);
  const here = localizedPath(request, `/dashboard/host-property-details/${listingId}`) + `?tab=${tabOf(request)}`;

  if (isMultipart(request)) {
    const outcome = await uploadForm(actor, listingId, request);
    if (!outcome.ok) return answer(outcome.answer, outcome.status);
    return redirectWithToast(here, { type: "success", message: "listing:photos.uploaded" });
  }

  const formData = await readFormData(request);
  const form = String(formData.get("form") ?? "");
  const intent = String(formData.get("intent") ?? "");
  const buttons = await photoButtonForm(actor, listingId, formData);
  if (buttons) return buttons.ok ? redirect(here) : answer(buttons.answer, buttons.status);

  try {
    if (form === "visibility") {
      await setVisibility(actor, listingId, intent === "hide" ? "hidden" : "visible");
      return redirectWithToast(here, { type: "success", message: intent === "hide" ? "dashboard:property.hidden" : "dashboard:property.shown" });
    }
    if (form === "pause" && intent.startsWith("remove-pause:")) {
      await removePause(actor, listingId, parseId(intent.split(":")[1]) ?? 0);
      return redirectWithToast(here, { type: "success", message: "dashboard:property.pauseRemoved" });
    }
    if (form === "pause") {
      const submission = parseWithZod(formData, { schema: pauseSchema });
      if (submission.status !== "success") return answer({ form: "pause", reply: submission.reply() }, 400);
      await addPause(actor, listingId, submission.value, dateInTunis(new Date()));
      return redirectWithToast(here, { type: "success", message: "dashboard:property.paused" });
    }
    if (form === "delete") {
      if (formData.get("confirm") !== "on") return formError("delete", "dashboard:property.confirmDelete", 400);
      await softDeleteListing(actor, listingId);
      return redirectWithToast(localizedPath(request, "/dashboard/listings"), { type: "success", message: "dashboard:property.deleted" });
    }
  } catch (error) {
    if (!isAppError(error)) throw error;
    const field = error.fields ? Object.keys(error.fields)[0] : undefined;
    if (field) return answer({ form, reply: { status: "error", error: { [field]: [error.key] } } }, error.status);
    return formError(form, error.key, error.status, error.values);
  }

  if (isSimpleStep(form)) {
    const listing = await orHttpError(request, getListingForHost(actor, listingId));
    const outcome = await saveStepForm(actor, listing, form, formData);
    if (!outcome.ok) return answer(outcome.answer, outcome.status);
    return redirectWithToast(here, { type: "success", message: "dashboard:property.saved" });
  }
  return redirect(here);
}

export default function HostPropertyDetailsPage() {
  const { listing, tab, today, tiles } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as FormAnswerData | undefined;
  const { t } = useTranslation(["dashboard", "listing"]);
  const lp = useLocalizedPath();
  const base = `/dashboard/host-property-details/${listing.id}`;
  const establishment = listing.propertyType === "hotel" || listing.propertyType === "guesthouse";
  const locked = listing.moderationState === "pending_review";
  const pauseErrors = result?.form === "pause" ? result.reply.error : undefined;
  const deleteErrors = result?.form === "delete" ? result.reply.error?.[""] : undefined;
  const visibilityErrors = result?.form === "visibility" ? result.reply.error?.[""] : undefined;

  return (
    <main className="property-editor">
      <p>
        <Link to={lp("/dashboard/listings")}>← {t("listings.title")}</Link>
      </p>
      <header className="page-header">
        <h1>{listing.title ?? t("listing:dashboard.untitled")}</h1>
        <p className="status-line">
          <span className={`badge badge--${listing.status}`} data-testid="listing-status">
            {t(`listing:statuses.${listing.status}`)}
          </span>{" "}
          <span className={`badge badge--${listing.moderationState}`}>{t(`listing:moderationStates.${listing.moderationState}`)}</span>{" "}
          <span className={`badge badge--${listing.visibility}`} data-testid="listing-visibility">
            {t(`listing:visibilities.${listing.visibility}`)}
          </span>
        </p>
      </header>
      {listing.moderationState === "suspended" ? (
        <div className="notice notice--warning" role="status" data-testid="listing-suspended">
          <p>{t("console:listing.hostNotice", { reason: listing.moderationNote ?? "" })}</p>
          <Form method="post" action={lp(`/dashboard/listing-answer/${listing.id}`)}>
            <label htmlFor="suspension-answer">{t("console:listing.answerLabel")}</label>
            <textarea id="suspension-answer" name="answer" rows={3} maxLength={1000} required />
            <button type="submit" className="button button--small">
              {t("console:listing.answer")}
            </button>
          </Form>
        </div>
      ) : listing.moderationNote && listing.moderationState !== "approved" ? (
        <div className="notice notice--warning" role="status">
          <strong>{t(listing.moderationState === "rejected" ? "listing:moderation.rejectedReason" : "listing:moderation.correctionsAsked")}</strong>
          <p className="moderation-note">{listing.moderationNote}</p>
          {listing.moderationState === "needs_corrections" ? (
            <Link to={lp(`/become-host/verification?listing=${listing.id}`)} className="button button--small">
              {t("property.resubmit")}
            </Link>
          ) : null}
        </div>
      ) : null}
      {locked ? <p className="notice">{t("property.underReview")}</p> : null}
      {establishment ? (
        <p>
          <Link to={lp(`/host-establishment-details/${listing.id}`)}>{t(listing.propertyType === "hotel" ? "listings.manageHotel" : "listings.manageGuesthouse")}</Link>
        </p>
      ) : null}

      <nav className="tabs" aria-label={t("property.tabsLabel")}>
        <ul>
          {TABS.map((name) => (
            <li key={name}>
              <Link to={lp(`${base}?tab=${name}`)} aria-current={name === tab ? "page" : undefined} preventScrollReset>
                {t(`property.tabs.${name}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <div className="tab-panel">
        {tab === "photos" ? (
          <PhotoManager listingId={listing.id} photos={listing.photos} answer={result} min={MIN_LISTING_PHOTOS} max={MAX_LISTING_PHOTOS} title={t("listing:photos.listingPhotos")} />
        ) : (
          TAB_FORMS[tab].map((form) => (
            <section key={form} className="editor-section" aria-labelledby={`section-${form}`}>
              <h2 id={`section-${form}`}>{t(`listing:steps.${form}.title`)}</h2>
              <StepForm step={form} listing={listing} answer={result} submitLabel={t("property.save")} tiles={tiles} />
            </section>
          ))
        )}
      </div>

      <aside className="listing-controls" aria-labelledby="controls-title">
        <h2 id="controls-title">{t("property.controls")}</h2>
        <section aria-labelledby="visibility-title">
          <h3 id="visibility-title">{t("property.visibility")}</h3>
          <p>{t(listing.visibility === "visible" ? "property.visibleHint" : "property.hiddenHint")}</p>
          <Form method="post">
            <input type="hidden" name="form" value="visibility" />
            <ErrorList errors={visibilityErrors} />
            {listing.visibility === "visible" ? (
              <button type="submit" name="intent" value="hide" className="button button--ghost">
                {t("property.hide")}
              </button>
            ) : (
              <button type="submit" name="intent" value="show" className="button">
                {t("property.show")}
              </button>
            )}
          </Form>
        </section>
        <section aria-labelledby="pauses-title">
          <h3 id="pauses-title">{t("property.pauses")}</h3>
          <p className="field__hint">{t("property.pausesHint")}</p>
          {listing.pauses.length ? (
            <ul className="pause-list">
              {listing.pauses.map((pause) => (
                <li key={pause.id}>
                  {t("property.pauseRange", { start: pause.startDate, end: pause.endDate })}
                  <Form method="post" className="inline-form">
                    <input type="hidden" name="form" value="pause" />
                    <button type="submit" name="intent" value={`remove-pause:${pause.id}`} className="button button--small button--ghost">
                      {t("property.removePause")}
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          ) : null}
          <Form method="post" className="listing-form pause-form" noValidate>
            <input type="hidden" name="form" value="pause" />
            <ErrorList errors={pauseErrors?.[""]} />
            <div className="field-row">
              <div className={pauseErrors?.startDate ? "field field--invalid" : "field"}>
                <label htmlFor="pause-start">{t("property.pauseStart")}</label>
                <input id="pause-start" type="date" name="startDate" min={today} required />
                <ErrorList errors={pauseErrors?.startDate} />
              </div>
              <div className={pauseErrors?.endDate ? "field field--invalid" : "field"}>
                <label htmlFor="pause-end">{t("property.pauseEnd")}</label>
                <input id="pause-end" type="date" name="endDate" min={today} required />
                <ErrorList errors={pauseErrors?.endDate} />
              </div>
            </div>
            <SubmitButton name="intent" value="add" className="button button--ghost">
              {t("property.addPause")}
            </SubmitButton>
          </Form>
        </section>
        <section aria-labelledby="delete-title">
          <h3 id="delete-title">{t("property.delete")}</h3>
          <Form method="post" className="listing-form">
            <input type="hidden" name="form" value="delete" />
            <label className="choice">
              <input type="checkbox" name="confirm" />
              <span>{t("property.deleteConfirm")}</span>
            </label>
            <ErrorList errors={deleteErrors} />
            <button type="submit" name="intent" value="delete" className="button button--danger">
              {t("property.deleteButton")}
            </button>
          </Form>
        </section>
      </aside>
    </main>
  );
}

export function ErrorBoundary() {
  return <ListingErrorBoundary />;
}
