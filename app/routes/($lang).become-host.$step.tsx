// /become-host/{step}?listing={id}: the listing wizard (SPEC.md §2), one step a page. Each step
// is a plain form post that validates, saves the draft and redirects to the next step; "back" is
// a link; the draft lives in the database, so the host can leave and resume it from the dashboard.
// The address step without ?listing starts a new draft.
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ListingErrorBoundary } from "~/components/listings/error-boundary";
import { PhotoManager, revalidateAfterPhotoButtons } from "~/components/listings/photo-manager";
import { GuesthouseRoomsEditor, RoomTypesEditor } from "~/components/listings/room-editors";
import { ExportLinks } from "~/components/calendar-sync/export-links";
import type { FormAnswerData } from "~/components/listings/wizard/step-form";
import { StepForm } from "~/components/listings/wizard/steps";
import { exportLinks } from "~/services/calendar-sync/export.server";
import { WizardProgress } from "~/components/listings/wizard-progress";
import { ErrorList } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import {
  isWizardStep,
  MAX_LISTING_PHOTOS,
  MIN_LISTING_PHOTOS,
  nextStepAfter,
  previousStepBefore,
  stepPosition,
  wizardStepsFor,
  type WizardStep,
} from "~/domain/listing";
import { getListingForHost } from "~/services/listings/listing-view.server";
import { markStepSaved } from "~/services/listings/listing-wizard.server";
import { submitListing } from "~/services/listings/listing-moderation.server";
import { mapTiles } from "~/services/search/search-page.server";
import listingStyles from "~/styles/listings.css?url";
import { isAppError } from "~/utils/app-error";
import { requireVerifiedUser } from "~/utils/auth.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { localizedPath, useLocalizedPath } from "~/utils/localized-path";
import { redirectWithToast } from "~/utils/toast.server";
import {
  actorOf,
  isMultipart,
  isSimpleStep,
  orHttpError,
  parseId,
  photoButtonForm,
  roomForm,
  saveStepForm,
  uploadForm,
  type FormAnswer,
} from "~/services/listings/listing-forms.server";
import { readFormData } from "~/utils/form-data.server";

export const handle = { i18n: ["listing", "calendar-sync"] };
export const shouldRevalidate = revalidateAfterPhotoButtons;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: listingStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

function stepUrl(request: Request, step: WizardStep, listingId: number | null): string {
  return localizedPath(request, `/become-host/${step}`) + (listingId ? `?listing=${listingId}` : "");
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(request);
  const step = params.step;
  if (!isWizardStep(step)) throw new Response("Not Found", { status: 404 });
  const listingId = parseId(new URL(request.url).searchParams.get("listing"));
  const t = await getFixedT(await getLanguage(request), "listing");

  if (listingId === null) {
    // Only the first step starts a new draft.
    if (step !== "address") throw redirect(localizedPath(request, "/become-host"));
    return {
      step,
      listing: null,
      exports: [],
      steps: wizardStepsFor(null),
      position: stepPosition(null, step),
      previous: null,
      tiles: mapTiles(),
      title: t("steps.address.title"),
    };
  }

  const listing = await orHttpError(request, getListingForHost(actorOf(user), listingId));
  const steps = wizardStepsFor(listing.propertyType);
  // Under review or decided: the wizard only shows where the listing stands.
  if (!["draft", "needs_corrections"].includes(listing.moderationState) && step !== "waiting") {
    throw redirect(stepUrl(request, "waiting", listing.id));
  }
  if (!steps.includes(step)) throw redirect(stepUrl(request, listing.nextStep ?? "address", listing.id));
  return {
    step,
    listing,
    // The sync step shows the listing's private export links beside the three import links.
    exports: step === "calendar-links" ? await exportLinks(actorOf(user), listing.id) : [],
    steps,
    position: stepPosition(listing.propertyType, step),
    previous: previousStepBefore(listing.propertyType, step),
    tiles: mapTiles(),
    title: t(`steps.${step}.title`),
  };
}

function answerData(answer: FormAnswer, status: number) {
  return data<FormAnswerData>(answer, { status });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireVerifiedUser(request);
  const actor = actorOf(user);
  const step = params.step;
  if (!isWizardStep(step)) throw new Response("Not Found", { status: 404 });
  const listingId = parseId(new URL(request.url).searchParams.get("listing"));
  const here = stepUrl(request, step, listingId);

  if (listingId !== null && isMultipart(request)) {
    const outcome = await uploadForm(actor, listingId, request);
    if (!outcome.ok) return answerData(outcome.answer, outcome.status);
    return redirectWithToast(here, { type: "success", message: "listing:photos.uploaded" });
  }

  const formData = await readFormData(request);
  if (listingId !== null) {
    const buttons = (await photoButtonForm(actor, listingId, formData)) ?? (await roomForm(actor, listingId, formData));
    if (buttons) return buttons.ok ? redirect(here) : answerData(buttons.answer, buttons.status);
  }

  const listing = listingId === null ? null : await orHttpError(request, getListingForHost(actor, listingId));
  const intent = String(formData.get("intent") ?? "");

  if (isSimpleStep(step)) {
    const outcome = await saveStepForm(actor, listing, step, formData);
    if (!outcome.ok) return answerData(outcome.answer, outcome.status);
    const saved = await orHttpError(request, getListingForHost(actor, outcome.listingId));
    return redirect(stepUrl(request, nextStepAfter(saved.propertyType, step) ?? "verification", saved.id));
  }

  if (!listing) throw redirect(localizedPath(request, "/become-host"));
  const goNext = () => redirect(stepUrl(request, nextStepAfter(listing.propertyType, step) ?? "waiting", listing.id));

  if (step === "photos" && intent === "continue") {
    if (listing.photos.length < MIN_LISTING_PHOTOS) {
      return answerData({ form: "photos", reply: { status: "error", error: { photos: ["listing:photos.errors.atLeast"] } }, values: { min: String(MIN_LISTING_PHOTOS) } }, 400);
    }
    return goNext();
  }
  if ((step === "room-types" || step === "rooms") && intent === "continue") {
    const count = step === "room-types" ? (listing.hotel?.roomTypes.length ?? 0) : (listing.guesthouse?.rooms.length ?? 0);
    if (count === 0) {
      return answerData({ form: "continue", reply: { status: "error", error: { "": [step === "room-types" ? "listing:rooms.needRoomType" : "listing:rooms.needRoom"] } } }, 400);
    }
    await markStepSaved(actor, listing.id, step);
    return goNext();
  }
  if (step === "verification" && intent === "submit") {
    try {
      await submitListing(actor, listing.id);
    } catch (error) {
      if (!isAppError(error)) throw error;
      // The service names unfinished steps by slug ("hotel-info, room-types"); the host reads their titles.
      const t = await getFixedT(await getLanguage(request), "listing");
      const values = { ...(error.values as Record<string, string>) };
      if (values.steps) values.steps = values.steps.split(", ").map((slug) => String(t(`steps.${slug}.title`, { defaultValue: slug }))).join(", ");
      return answerData({ form: "submit", reply: { status: "error", error: { "": [error.key] } }, values }, error.status);
    }
    return redirectWithToast(stepUrl(request, "waiting", listing.id), { type: "success", message: "listing:wizard.submitted" });
  }
  return redirect(here);
}

export default function WizardStepPage() {
  const { step, listing, steps, position, previous, tiles, exports } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as FormAnswerData | undefined;
  const { t } = useTranslation("listing");
  const lp = useLocalizedPath();
  const query = listing ? `?listing=${listing.id}` : "";
  const back = previous ? (
    <Link to={lp(`/become-host/${previous}`) + query} className="button button--ghost" rel="prev">
      {t("wizard.back")}
    </Link>
  ) : (
    <Link to={lp("/become-host")} className="button button--ghost">
      {t("wizard.back")}
    </Link>
  );
  const continueForm = (
    <Form method="post" className="form-actions">
      <input type="hidden" name="form" value="continue" />
      {back}
      <SubmitButton name="intent" value="continue">
        {t("wizard.continue")}
      </SubmitButton>
    </Form>
  );

  return (
    <main className="wizard">
      <header className="wizard__header">
        <p className="wizard__position" data-testid="step-position">
          {t("wizard.stepOf", { index: position.index, total: position.total })}
        </p>
        <h1>{t(`steps.${step}.title`)}</h1>
        <p className="wizard__intro">{t(`steps.${step}.intro`)}</p>
      </header>
      {listing?.moderationState === "needs_corrections" && listing.moderationNote ? (
        <div className="notice notice--warning" role="status">
          <strong>{t("moderation.correctionsAsked")}</strong>
          <p className="moderation-note">{listing.moderationNote}</p>
        </div>
      ) : null}
      <div className="wizard__layout">
        <WizardProgress steps={steps} current={step} listing={listing} />
        <div className="wizard__body">
          {exports.length > 0 ? <ExportLinks links={exports} /> : null}
          {isSimpleStepName(step) ? (
            <StepForm step={step} listing={listing} answer={answer} submitLabel={t("wizard.saveContinue")} footer={back} tiles={tiles} />
          ) : null}

          {step === "photos" && listing ? (
            <>
              <PhotoManager listingId={listing.id} photos={listing.photos} answer={answer} min={MIN_LISTING_PHOTOS} max={MAX_LISTING_PHOTOS} title={t("photos.listingPhotos")} />
              {continueForm}
            </>
          ) : null}

          {step === "room-types" && listing ? (
            <>
              <RoomTypesEditor listingId={listing.id} roomTypes={listing.hotel?.roomTypes ?? []} answer={answer} />
              {answer?.form === "continue" ? <ErrorList errors={answer.reply.error?.[""]} /> : null}
              {continueForm}
            </>
          ) : null}

          {step === "rooms" && listing ? (
            <>
              <GuesthouseRoomsEditor rooms={listing.guesthouse?.rooms ?? []} answer={answer} />
              {answer?.form === "continue" ? <ErrorList errors={answer.reply.error?.[""]} /> : null}
              {continueForm}
            </>
          ) : null}

          {step === "verification" && listing ? <Verification listing={listing} answer={answer} back={back} /> : null}
          {step === "waiting" && listing ? <Waiting listing={listing} /> : null}
        </div>
      </div>
    </main>
  );
}

function isSimpleStepName(step: string): boolean {
  return !["photos", "room-types", "rooms", "verification", "waiting"].includes(step);
}

type LoadedListing = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["listing"]>;

function Verification({ listing, answer, back }: { listing: LoadedListing; answer?: FormAnswerData; back: React.ReactNode }) {
  const { t } = useTranslation("listing");
  const lp = useLocalizedPath();
  const submitErrors = answer?.form === "submit" ? answer.reply.error?.[""] : undefined;
  return (
    <section className="verification" aria-labelledby="verification-title">
      <h2 id="verification-title">{listing.title ?? t("dashboard.untitled")}</h2>
      <dl className="summary">
        <dt>{t("fields.propertyType")}</dt>
        <dd>{listing.propertyType ? t(`types.${listing.propertyType}`) : "—"}</dd>
        <dt>{t("fields.address")}</dt>
        <dd>
          {[listing.street, listing.postalCode, listing.city, listing.delegation, listing.governorateName].filter(Boolean).join(", ")}
        </dd>
        <dt>{t("photos.listingPhotos")}</dt>
        <dd>{listing.photos.length}</dd>
      </dl>
      {listing.missingSteps.length ? (
        <div className="notice notice--warning" role="status">
          <p>{t("wizard.missingIntro")}</p>
          <ul>
            {listing.missingSteps.map((missing) => (
              <li key={missing}>
                <Link to={lp(`/become-host/${missing}?listing=${listing.id}`)}>{t(`steps.${missing}.title`)}</Link>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="notice notice--success">{t("wizard.readyToSubmit")}</p>
      )}
      <ErrorList errors={submitErrors} values={answer?.values} />
      <Form method="post" className="form-actions">
        <input type="hidden" name="form" value="submit" />
        {back}
        <SubmitButton name="intent" value="submit">
          {listing.moderationState === "needs_corrections" ? t("wizard.resubmit") : t("wizard.submit")}
        </SubmitButton>
      </Form>
    </section>
  );
}

function Waiting({ listing }: { listing: LoadedListing }) {
  const { t } = useTranslation("listing");
  const lp = useLocalizedPath();
  return (
    <section className="waiting" aria-live="polite">
      <p className="status-line">
        <span className={`badge badge--${listing.moderationState}`}>{t(`moderationStates.${listing.moderationState}`)}</span>
      </p>
      <p>{t(`waiting.${listing.moderationState}`)}</p>
      {listing.moderationNote ? <p className="moderation-note">{listing.moderationNote}</p> : null}
      <p className="form-actions">
        <Link to={lp("/dashboard/listings")} className="button">
          {t("waiting.toDashboard")}
        </Link>
        {listing.status === "visible" ? (
          <Link to={lp(`/property-details/${listing.id}`)} className="button button--ghost">
            {t("waiting.seeListing")}
          </Link>
        ) : null}
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  return <ListingErrorBoundary />;
}
