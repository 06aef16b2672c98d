// /host-establishment-details/{id}: the host edits a hotel (information, room types with their
// photos) or a guesthouse (information, rooms). Only its host or an operator gets here, with a
// verified e-mail like the wizard.
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ListingErrorBoundary } from "~/components/listings/error-boundary";
import { revalidateAfterPhotoButtons } from "~/components/listings/photo-manager";
import { GuesthouseRoomsEditor, RoomTypesEditor } from "~/components/listings/room-editors";
import { EstablishmentInfoForm } from "~/components/listings/wizard/establishment-info-step";
import type { FormAnswerData } from "~/components/listings/wizard/step-form";
import { getListingForHost } from "~/services/listings/listing-view.server";
import listingStyles from "~/styles/listings.css?url";
import { requireVerifiedUser } from "~/utils/auth.server";
import { localizedPath, useLocalizedPath } from "~/utils/localized-path";
import { redirectWithToast } from "~/utils/toast.server";
import {
  actorOf,
  isMultipart,
  orHttpError,
  parseId,
  photoButtonForm,
  roomForm,
  saveStepForm,
  uploadForm,
  type FormAnswer,
} from "~/services/listings/listing-forms.server";
import { readFormData } from "~/utils/form-data.server";

export const handle = { i18n: ["listing", "dashboard"] };
export const shouldRevalidate = revalidateAfterPhotoButtons;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: listingStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.listing.title ?? "Darna"} · Darna` : "Darna" }];

function listingIdOf(params: { id?: string }): number {
  const id = parseId(params.id);
  if (id === null) throw new Response("Not Found", { status: 404 });
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(request);
  const listing = await orHttpError(request, getListingForHost(actorOf(user), listingIdOf(params)));
  if (listing.propertyType !== "hotel" && listing.propertyType !== "guesthouse") {
    throw redirect(localizedPath(request, `/dashboard/host-property-details/${listing.id}`));
  }
  return { listing };
}

function answer(value: FormAnswer, status: number) {
  return data<FormAnswerData>(value, { status });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireVerifiedUser(request);
  const actor = actorOf(user);
  const listingId = listingIdOf(params);
  const here = localizedPath(request, `/host-establishment-details/${listingId}`);

  if (isMultipart(request)) {
    const outcome = await uploadForm(actor, listingId, request);
    if (!outcome.ok) return answer(outcome.answer, outcome.status);
    return redirectWithToast(here, { type: "success", message: "listing:photos.uploaded" });
  }
  const formData = await readFormData(request);
  const buttons = (await photoButtonForm(actor, listingId, formData)) ?? (await roomForm(actor, listingId, formData));
  if (buttons) return buttons.ok ? redirectWithToast(here, { type: "success", message: "dashboard:property.saved" }) : answer(buttons.answer, buttons.status);

  const form = String(formData.get("form") ?? "");
  if (form === "hotel-info" || form === "guesthouse-info") {
    const listing = await orHttpError(request, getListingForHost(actor, listingId));
    const outcome = await saveStepForm(actor, listing, form, formData);
    if (!outcome.ok) return answer(outcome.answer, outcome.status);
    return redirectWithToast(here, { type: "success", message: "dashboard:property.saved" });
  }
  return redirect(here);
}

export default function HostEstablishmentPage() {
  const { listing } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as FormAnswerData | undefined;
  const { t } = useTranslation(["dashboard", "listing"]);
  const lp = useLocalizedPath();
  const hotel = listing.propertyType === "hotel";
  return (
    <main className="establishment-editor">
      <p>
        <Link to={lp(`/dashboard/host-property-details/${listing.id}`)}>← {listing.title ?? t("listing:dashboard.untitled")}</Link>
      </p>
      <h1>{t(hotel ? "establishment.hotelTitle" : "establishment.guesthouseTitle")}</h1>
      {listing.moderationState === "pending_review" ? <p className="notice">{t("property.underReview")}</p> : null}
      <section className="editor-section" aria-labelledby="info-title">
        <h2 id="info-title">{t(hotel ? "listing:steps.hotel-info.title" : "listing:steps.guesthouse-info.title")}</h2>
        <EstablishmentInfoForm kind={hotel ? "hotel" : "guesthouse"} listing={listing} answer={result} submitLabel={t("property.save")} />
      </section>
      <section className="editor-section" aria-labelledby="rooms-title">
        <h2 id="rooms-title">{t(hotel ? "listing:steps.room-types.title" : "listing:steps.rooms.title")}</h2>
        {hotel ? (
          <RoomTypesEditor listingId={listing.id} roomTypes={listing.hotel?.roomTypes ?? []} answer={result} />
        ) : (
          <GuesthouseRoomsEditor rooms={listing.guesthouse?.rooms ?? []} answer={result} />
        )}
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <ListingErrorBoundary />;
}
