// The forms of the listing wizard's steps, shared by /become-host/{step} and the host's edit
// pages. Each is a plain <Form method="post"> that works without JavaScript; Conform adds
// client-side validation with the same zod schema when JavaScript runs. A hidden `form` field
// names the step, so a page may hold several of these forms.
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { lazy, Suspense, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { useHydrated } from "~/components/ui/use-hydrated";
import { AMENITIES, CANCELLATION_POLICIES, PROPERTY_TYPES, RESERVATION_METHODS, TRAVEL_TYPES } from "~/domain/listing";
import { findGovernorate, GOVERNORATES } from "~/domain/tunisia-places";
import type { AssistantResult } from "~/domain/writing-assistant";
import {
  addressSchema,
  amenitiesSchema,
  calendarLinksSchema,
  cancellationSchema,
  createPricesSchema,
  descriptionSchema,
  discountsSchema,
  guesthouseInfoSchema,
  hotelInfoSchema,
  houseRulesSchema,
  propertyTypeSchema,
  travelTypesSchema,
} from "~/schemas/listing-wizard";
import { Choices, ErrorList, Field, millimesToInput } from "./field";

const PinMap = lazy(() => import("./pin-map.client"));

/** What the listing forms need to know of the listing (a subset of the service's ListingView). */
export interface StepFormListing {
  id: number;
  propertyType: string | null;
  title: string | null;
  descriptionFr: string | null;
  descriptionEn: string | null;
  descriptionEs: string | null;
  maxGuests: number | null;
  bedrooms: number | null;
  beds: number | null;
  bathrooms: number | null;
  street: string | null;
  additionalAddress: string | null;
  city: string | null;
  governorate: string | null;
  delegation: string | null;
  postalCode: string | null;
  latitude: number | null;
  longitude: number | null;
  amenities: string[];
  travelTypes: string[];
  basePrice: number | null;
  cleaningFee: number;
  minNights: number;
  maxNights: number | null;
  weeklyDiscountPct: number;
  monthlyDiscountPct: number;
  cancellationPolicy: string | null;
  reservationMethod: string | null;
  petsAllowed: boolean;
  eventsAllowed: boolean;
  smokingAllowed: boolean;
  checkInTime: string | null;
  checkOutTime: string | null;
  calendarUrlAirbnb: string | null;
  calendarUrlBooking: string | null;
  calendarUrlChannelManager: string | null;
  hotel: {
    name: string;
    stars: number | null;
    category: string | null;
    totalRooms: number;
    descriptionFr: string | null;
    descriptionEn: string | null;
    descriptionEs: string | null;
    checkInTime: string | null;
    checkOutTime: string | null;
  } | null;
  guesthouse: {
    name: string;
    totalRooms: number;
    descriptionFr: string | null;
    descriptionEn: string | null;
    descriptionEs: string | null;
    checkInTime: string | null;
    checkOutTime: string | null;
  } | null;
}

/** The action's answer to a form that did not redirect (see app/services/listings/listing-forms.server.ts). */
export interface FormAnswerData {
  form: string;
  reply: SubmissionResult<string[]>;
  assistant?: AssistantResult;
  values?: Record<string, string>;
  governorate?: string;
}

interface StepFormProps {
  listing: StepFormListing | null;
  answer?: FormAnswerData | null;
  submitLabel: string;
  /** Extra content at the end of the form (e.g. the wizard's "back" link). */
  footer?: ReactNode;
  /** Map tiles for the address step's pin (MAP_TILE_URL, OpenStreetMap by default). */
  tiles?: { url: string; attribution: string };
}

function lastResultFor(answer: FormAnswerData | null | undefined, form: string) {
  return answer && answer.form === form ? answer.reply : undefined;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function useStepForm<Schema extends z.ZodType<any, Record<string, any>>>(
  name: string,
  schema: Schema,
  answer: FormAnswerData | null | undefined,
  defaultValue: Record<string, unknown>,
  version = "",
) {
  return useForm<z.input<Schema>, z.output<Schema>, string[]>({
    // A new id (version) starts a new form state, so new default values show (the assistant's drafts).
    id: `listing-${name}${version}`,
    lastResult: lastResultFor(answer, name),
    defaultValue: defaultValue as never,
    // The writing assistant's button posts whatever is typed, unvalidated (like formNoValidate).
    onValidate: ({ formData }) =>
      formData.get("intent") === "assist" ? (parseWithZod(formData, { schema: looseSchema }) as never) : parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
}

const looseSchema = z.looseObject({});

function SubmitRow({ label, footer, name = "intent", value = "save" }: { label: string; footer?: ReactNode; name?: string; value?: string }) {
  const navigation = useNavigation();
  return (
    <div className="form-actions">
      {footer}
      <button type="submit" name={name} value={value} className="button" disabled={navigation.state === "submitting"}>
        {label}
      </button>
    </div>
  );
}

function hashText(text: string): string {
  let hash = 0;
  for (let i = 0; i < text.length; i += 1) hash = (hash * 31 + text.charCodeAt(i)) | 0;
  return (hash >>> 0).toString(36);
}

const str = (value: number | null | undefined) => (value === null || value === undefined ? undefined : String(value));

// ————————————————————————————————————————————————————————————————————————————— address

export function AddressForm({ listing, answer, submitLabel, footer, tiles }: StepFormProps) {
  const { t } = useTranslation("listing");
  const hydrated = useHydrated();
  const chosen = answer?.form === "address" && answer.governorate !== undefined ? answer.governorate : listing?.governorate ?? "";
  const [governorateCode, setGovernorateCode] = useState(chosen);
  const [form, fields] = useStepForm("address", addressSchema, answer, {
    governorate: chosen,
    delegation: listing?.governorate === chosen ? listing?.delegation ?? "" : "",
    city: listing?.city ?? "",
    street: listing?.street ?? "",
    additionalAddress: listing?.additionalAddress ?? "",
    postalCode: listing?.postalCode ?? "",
  });
  const governorate = findGovernorate(governorateCode);
  const [delegationName, setDelegationName] = useState<string>(String(fields.delegation.initialValue ?? ""));
  const delegation = governorate?.delegations.find((d) => d.name === delegationName);
  const samePlace = listing && listing.governorate === governorateCode && listing.delegation === delegationName;
  const pin =
    samePlace && listing?.latitude !== null && listing?.longitude !== null
      ? { lat: listing!.latitude!, lng: listing!.longitude! }
      : delegation
        ? { lat: delegation.lat, lng: delegation.lng }
        : governorate
          ? { lat: governorate.lat, lng: governorate.lng }
          : null;
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="listing-form">
      <input type="hidden" name="form" value="address" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="field-row">
        <Field label={t("fields.governorate")} htmlFor={fields.governorate.id} errorId={fields.governorate.errorId} errors={fields.governorate.errors}>
          <select
            {...getSelectProps(fields.governorate)}
            onChange={(event) => {
              setGovernorateCode(event.target.value);
              setDelegationName("");
            }}
          >
            <option value="">{t("fields.chooseGovernorate")}</option>
            {GOVERNORATES.map((g) => (
              <option key={g.code} value={g.code}>
                {g.name}
              </option>
            ))}
          </select>
        </Field>
        {/* Without JavaScript this button posts the governorate and the page comes back with its delegations. */}
        {!hydrated ? (
          <button type="submit" name="intent" value="governorate" className="button button--ghost field-row__button" formNoValidate>
            {t("address.showDelegations")}
          </button>
        ) : null}
      </div>
      <Field
        label={t("fields.delegation")}
        htmlFor={fields.delegation.id}
        errorId={fields.delegation.errorId}
        errors={fields.delegation.errors}
        hint={governorate ? undefined : t("address.governorateFirst")}
      >
        <select {...getSelectProps(fields.delegation)} key={`delegation-${governorateCode}`} disabled={!governorate} onChange={(event) => setDelegationName(event.target.value)}>
          <option value="">{t("fields.chooseDelegation")}</option>
          {governorate?.delegations.map((d) => (
            <option key={d.name} value={d.name}>
              {d.name} ({d.postalCode})
            </option>
          ))}
        </select>
      </Field>
      <div className="field-row">
        <Field label={t("fields.city")} htmlFor={fields.city.id} errorId={fields.city.errorId} errors={fields.city.errors}>
          <input {...getInputProps(fields.city, { type: "text" })} autoComplete="address-level2" />
        </Field>
        <Field
          label={t("fields.postalCode")}
          htmlFor={fields.postalCode.id}
          errorId={fields.postalCode.errorId}
          errors={fields.postalCode.errors}
          hint={t("address.postalCodeHint")}
        >
          <input {...getInputProps(fields.postalCode, { type: "text" })} inputMode="numeric" autoComplete="postal-code" placeholder={delegation?.postalCode} />
        </Field>
      </div>
      <Field label={t("fields.street")} htmlFor={fields.street.id} errorId={fields.street.errorId} errors={fields.street.errors}>
        <input {...getInputProps(fields.street, { type: "text" })} autoComplete="address-line1" />
      </Field>
      <Field label={t("fields.additionalAddress")} htmlFor={fields.additionalAddress.id} errorId={fields.additionalAddress.errorId} errors={fields.additionalAddress.errors}>
        <input {...getInputProps(fields.additionalAddress, { type: "text" })} autoComplete="address-line2" />
      </Field>
      <p className="field__hint">{hydrated ? t("address.pinHint") : t("address.pinDefault")}</p>
      {hydrated && pin ? (
        <Suspense fallback={<p className="map-placeholder">{t("address.mapLoading")}</p>}>
          <PinMap key={`${governorateCode}/${delegationName}`} lat={pin.lat} lng={pin.lng} draggable label={t("address.mapLabel")} tileUrl={tiles?.url} attribution={tiles?.attribution} />
        </Suspense>
      ) : null}
      <ErrorList errors={fields.latitude.errors} />
      <SubmitRow label={submitLabel} footer={footer} />
    </Form>
  );
}

// ————————————————————————————————————————————————————————————————————————————— property type

export function PropertyTypeForm({ listing, answer, submitLabel, footer }: StepFormProps) {
  const { t } = useTranslation("listing");
  const [form, fields] = useStepForm("property-type", propertyTypeSchema, answer, {
    propertyType: listing?.propertyType ?? "",
    maxGuests: str(listing?.maxGuests),
    bedrooms: str(listing?.bedrooms),
    beds: str(listing?.beds),
    bathrooms: str(listing?.bathrooms),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="listing-form">
      <input type="hidden" name="form" value="property-type" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Choices legend={t("fields.propertyType")} errorId={fields.propertyType.errorId} errors={fields.propertyType.errors}>
        {PROPERTY_TYPES.map((type) => (
          <label key={type} className="choice choice--card">
            <input type="radio" name={fields.propertyType.name} value={type} defaultChecked={fields.propertyType.initialValue === type} />
            <span>
              <strong>{t(`types.${type}`)}</strong>
              <small>{t(`typeHints.${type}`)}</small>
            </span>
          </label>
        ))}
      </Choices>
      <fieldset className="capacity">
        <legend>{t("fields.capacity")}</legend>
        <p className="field__hint">{t("propertyType.capacityHint")}</p>
        <div className="field-row field-row--four">
          {(["maxGuests", "bedrooms", "beds", "bathrooms"] as const).map((name) => (
            <Field key={name} label={t(`fields.${name}`)} htmlFor={fields[name].id} errorId={fields[name].errorId} errors={fields[name].errors}>
              <input {...getInputProps(fields[name], { type: "number" })} min={name === "bedrooms" ? 0 : 1} />
            </Field>
          ))}
        </div>
      </fieldset>
      <SubmitRow label={submitLabel} footer={footer} />
    </Form>
  );
}

// ————————————————————————————————————————————————————————————————————————————— establishments

function DescriptionsFields({ fields }: { fields: Record<"descriptionFr" | "descriptionEn" | "descriptionEs", Parameters<typeof getTextareaProps>[0]> }) {
  const { t } = useTranslation("listing");
  return (
    <>
      {(["descriptionFr", "descriptionEn", "descriptionEs"] as const).map((name) => (
        <Field key={name} label={t(`fields.${name}`)} htmlFor={fields[name].id} errorId={fields[name].errorId} errors={fields[name].errors}>
          <textarea {...getTextareaProps(fields[name])} rows={5} />
        </Field>
      ))}
    </>
  );
}

function TimesFields({ checkIn, checkOut }: { checkIn: Parameters<typeof getInputProps>[0]; checkOut: Parameters<typeof getInputProps>[0] }) {
  const { t } = useTranslation("listing");
  return (
    <div className="field-row">
      <Field label={t("fields.checkInTime")} htmlFor={checkIn.id} errorId={checkIn.errorId} errors={checkIn.errors}>
        <input {...getInputProps(checkIn, { type: "time" })} />
      </Field>
      <Field label={t("fields.checkOutTime")} htmlFor={checkOut.id} errorId={checkOut.errorId} errors={checkOut.errors}>
        <input {...getInputProps(checkOut, { type: "time" })} />
      </Field>
    </div>
  );
}

export function HotelInfoForm({ listing, answer, submitLabel, footer }: StepFormProps) {
  const { t } = useTranslation("listing");
  const hotel = listing?.hotel;
  const [form, fields] = useStepForm("hotel-info", hotelInfoSchema, answer, {
    name: hotel?.name ?? listing?.title ?? "",
    stars: str(hotel?.stars),
    category: hotel?.category ?? "",
    totalRooms: str(hotel?.totalRooms),
    descriptionFr: hotel?.descriptionFr ?? "",
    descriptionEn: hotel?.descriptionEn ?? "",
    descriptionEs: hotel?.descriptionEs ?? "",
    checkInTime: hotel?.checkInTime ?? "14:00",
    checkOutTime: hotel?.checkOutTime ?? "12:00",
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="listing-form">
      <input type="hidden" name="form" value="hotel-info" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field label={t("fields.hotelName")} htmlFor={fields.name.id} errorId={fields.name.errorId} errors={fields.name.errors}>
        <input {...getInputProps(fields.name, { type: "text" })} />
      </Field>
      <div className="field-row">
        <Field label={t("fields.stars")} htmlFor={fields.stars.id} errorId={fields.stars.errorId} errors={fields.stars.errors}>
          <select {...getSelectProps(fields.stars)}>
            <option value="">{t("fields.unclassified")}</option>
            {[1, 2, 3, 4, 5].map((n) => (
              <option key={n} value={n}>
                {"★".repeat(n)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t("fields.category")} htmlFor={fields.category.id} errorId={fields.category.errorId} errors={fields.category.errors}>
          <input {...getInputProps(fields.category, { type: "text" })} />
        </Field>
        <Field label={t("fields.totalRooms")} htmlFor={fields.totalRooms.id} errorId={fields.totalRooms.errorId} errors={fields.totalRooms.errors}>
          <input {...getInputProps(fields.totalRooms, { type: "number" })} min={1} />
        </Field>
      </div>
      <DescriptionsFields fields={fields} />
      <TimesFields checkIn={fields.checkInTime} checkOut={fields.checkOutTime} />
      <SubmitRow label={submitLabel} footer={footer} />
    </Form>
  );
}

export function GuesthouseInfoForm({ listing, answer, submitLabel, footer }: StepFormProps) {
  const { t } = useTranslation("listing");
  const guesthouse = listing?.guesthouse;
  const [form, fields] = useStepForm("guesthouse-info", guesthouseInfoSchema, answer, {
    name: guesthouse?.name ?? listing?.title ?? "",
    totalRooms: str(guesthouse?.totalRooms),
    descriptionFr: guesthouse?.descriptionFr ?? "",
    descriptionEn: guesthouse?.descriptionEn ?? "",
    descriptionEs: guesthouse?.descriptionEs ?? "",
    checkInTime: guesthouse?.checkInTime ?? "15:00",
    checkOutTime: guesthouse?.checkOutTime ?? "11:00",
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="listing-form">
      <input type="hidden" name="form" value="guesthouse-info" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="field-row">
        <Field label={t("fields.guesthouseName")} htmlFor={fields.name.id} errorId={fields.name.errorId} errors={fields.name.errors}>
          <input {...getInputProps(fields.name, { type: "text" })} />
        </Field>
        <Field label={t("fields.totalRooms")} htmlFor={fields.totalRooms.id} errorId={fields.totalRooms.errorId} errors={fields.totalRooms.errors}>
          <input {...getInputProps(fields.totalRooms, { type: "number" })} min={1} />
        </Field>
      </div>
      <DescriptionsFields fields={fields} />
      <TimesFields checkIn={fields.checkInTime} checkOut={fields.checkOutTime} />
      <SubmitRow label={submitLabel} footer={footer} />
    </Form>
  );
}

// ————————————————————————————————————————————————————————————————————————————— description + assistant

export function DescriptionForm({ listing, answer, submitLabel, footer }: StepFormProps) {
  const { t } = useTranslation("listing");
  const navigation = useNavigation();
  const assisted = answer?.form === "description" && answer.values ? answer.values : null;
  const assistant = answer?.form === "description" ? answer.assistant : undefined;
  // After the assistant answers, the form is drawn again with the drafts as its values.
  const formKey = assistant ? `-a${hashText(JSON.stringify(assisted))}` : "";
  const [form, fields] = useStepForm(
    "description",
    descriptionSchema,
    answer?.assistant ? null : answer,
    {
      title: assisted?.title ?? listing?.title ?? "",
      descriptionFr: assisted?.descriptionFr ?? listing?.descriptionFr ?? "",
      descriptionEn: assisted?.descriptionEn ?? listing?.descriptionEn ?? "",
      descriptionEs: assisted?.descriptionEs ?? listing?.descriptionEs ?? "",
    },
    formKey,
  );
  return (
    <Form method="post" {...getFormProps(form)} key={`description${formKey}`} noValidate className="listing-form">
      <input type="hidden" name="form" value="description" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field label={t("fields.title")} htmlFor={fields.title.id} errorId={fields.title.errorId} errors={fields.title.errors}>
        <input {...getInputProps(fields.title, { type: "text" })} maxLength={120} />
      </Field>
      <p className="field__hint">{t("description.languagesHint")}</p>
      <DescriptionsFields fields={fields} />
      <div className="assistant" aria-live="polite">
        <button type="submit" name="intent" value="assist" className="button button--ghost" formNoValidate disabled={navigation.state === "submitting"}>
          {t("assistant.button")}
        </button>
        <p className="field__hint">{t("assistant.hint")}</p>
        {assistant && !assistant.ok ? (
          <div className="notice notice--warning" role="status">
            <p>{t("assistant.cannotYet")}</p>
            <ul>
              {assistant.missing.map((missing) => (
                <li key={missing}>{t(`assistant.missing.${missing}`)}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {assistant && assistant.ok ? (
          <p className="notice notice--success" role="status">
            {Object.keys(assistant.drafts).length
              ? t("assistant.drafted", { languages: Object.keys(assistant.drafts).map((l) => t(`languages.${l}`)).join(", ") })
              : t("assistant.nothingToDraft")}
          </p>
        ) : null}
      </div>
      <SubmitRow label={submitLabel} footer={footer} />
    </Form>
  );
}

// ————————————————————————————————————————————————————————————————————————————— amenities & travel types

export function AmenitiesForm({ listing, answer, submitLabel, footer }: StepFormProps) {
  const { t } = useTranslation("listing");
  const [form, fields] = useStepForm("amenities", amenitiesSchema, answer, { amenities: listing?.amenities ?? [] });
  const checked = new Set(listing?.amenities ?? []);
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="listing-form">
      <input type="hidden" name="form" value="amenities" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Choices legend={t("fields.amenities")} errorId={fields.amenities.errorId} errors={fields.amenities.errors} hint={t("amenities.hint")}>
        {AMENITIES.map((amenity) => (
          <label key={amenity} className="choice">
            <input type="checkbox" name="amenities" value={amenity} defaultChecked={checked.has(amenity)} />
            <span>{t(`amenities.${amenity}`)}</span>
          </label>
        ))}
      </Choices>
      <SubmitRow label={submitLabel} footer={footer} />
    </Form>
  );
}

export function TravelTypesForm({ listing, answer, submitLabel, footer }: StepFormProps) {
  const { t } = useTranslation("listing");
  const [form, fields] = useStepForm("travel-types", travelTypesSchema, answer, { travelTypes: listing?.travelTypes ?? [] });
  const checked = new Set(listing?.travelTypes ?? []);
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="listing-form">
      <input type="hidden" name="form" value="travel-types" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Choices legend={t("fields.travelTypes")} errorId={fields.travelTypes.errorId} errors={fields.travelTypes.errors} hint={t("travelTypes.hint")}>
        {TRAVEL_TYPES.map((type) => (
          <label key={type} className="choice choice--card">
            <input type="checkbox" name="travelTypes" value={type} defaultChecked={checked.has(type)} />
            <span>
              <strong>{t(`travelTypes.${type}`)}</strong>
            </span>
          </label>
        ))}
      </Choices>
      <SubmitRow label={submitLabel} footer={footer} />
    </Form>
  );
}

// ————————————————————————————————————————————————————————————————————————————— prices & discounts

export function PricesForm({ listing, answer, submitLabel, footer }: StepFormProps) {
  const { t } = useTranslation("listing");
  const establishment = listing?.propertyType === "hotel" || listing?.propertyType === "guesthouse";
  const [form, fields] = useStepForm("prices", createPricesSchema(establishment), answer, {
    basePrice: millimesToInput(listing?.basePrice),
    cleaningFee: millimesToInput(listing?.cleaningFee ?? 0),
    minNights: str(listing?.minNights ?? 1),
    maxNights: str(listing?.maxNights),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="listing-form">
      <input type="hidden" name="form" value="prices" />
      <ErrorList id={form.errorId} errors={form.errors} />
      {establishment ? (
        <p className="notice">{t("prices.establishmentHint")}</p>
      ) : (
        <Field label={t("fields.basePrice")} htmlFor={fields.basePrice.id} errorId={fields.basePrice.errorId} errors={fields.basePrice.errors} hint={t("prices.amountHint")}>
          <input {...getInputProps(fields.basePrice, { type: "text" })} inputMode="decimal" />
        </Field>
      )}
      <Field label={t("fields.cleaningFee")} htmlFor={fields.cleaningFee.id} errorId={fields.cleaningFee.errorId} errors={fields.cleaningFee.errors} hint={t("prices.amountHint")}>
        <input {...getInputProps(fields.cleaningFee, { type: "text" })} inputMode="decimal" />
      </Field>
      <div className="field-row">
        <Field label={t("fields.minNights")} htmlFor={fields.minNights.id} errorId={fields.minNights.errorId} errors={fields.minNights.errors}>
          <input {...getInputProps(fields.minNights, { type: "number" })} min={1} />
        </Field>
        <Field label={t("fields.maxNights")} htmlFor={fields.maxNights.id} errorId={fields.maxNights.errorId} errors={fields.maxNights.errors} hint={t("prices.maxNightsHint")}>
          <input {...getInputProps(fields.maxNights, { type: "number" })} min={1} />
        </Field>
      </div>
      <SubmitRow label={submitLabel} footer={footer} />
    </Form>
  );
}

export function DiscountsForm({ listing, answer, submitLabel, footer }: StepFormProps) {
  const { t } = useTranslation("listing");
  const [form, fields] = useStepForm("discounts", discountsSchema, answer, {
    weeklyDiscountPct: str(listing?.weeklyDiscountPct ?? 0),
    monthlyDiscountPct: str(listing?.monthlyDiscountPct ?? 0),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="listing-form">
      <input type="hidden" name="form" value="discounts" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="field-row">
        <Field label={t("fields.weeklyDiscountPct")} htmlFor={fields.weeklyDiscountPct.id} errorId={fields.weeklyDiscountPct.errorId} errors={fields.weeklyDiscountPct.errors} hint={t("discounts.weeklyHint")}>
          <input {...getInputProps(fields.weeklyDiscountPct, { type: "number" })} min={0} max={90} />
        </Field>
        <Field label={t("fields.monthlyDiscountPct")} htmlFor={fields.monthlyDiscountPct.id} errorId={fields.monthlyDiscountPct.errorId} errors={fields.monthlyDiscountPct.errors} hint={t("discounts.monthlyHint")}>
          <input {...getInputProps(fields.monthlyDiscountPct, { type: "number" })} min={0} max={90} />
        </Field>
      </div>
      <SubmitRow label={submitLabel} footer={footer} />
    </Form>
  );
}

// ————————————————————————————————————————————————————————————————————————————— cancellation & rules

export function CancellationForm({ listing, answer, submitLabel, footer }: StepFormProps) {
  const { t } = useTranslation("listing");
  const [form, fields] = useStepForm("cancellation", cancellationSchema, answer, {
    cancellationPolicy: listing?.cancellationPolicy ?? "",
    reservationMethod: listing?.reservationMethod ?? "",
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="listing-form">
      <input type="hidden" name="form" value="cancellation" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Choices legend={t("fields.cancellationPolicy")} errorId={fields.cancellationPolicy.errorId} errors={fields.cancellationPolicy.errors}>
        {CANCELLATION_POLICIES.map((policy) => (
          <label key={policy} className="choice choice--card">
            <input type="radio" name="cancellationPolicy" value={policy} defaultChecked={fields.cancellationPolicy.initialValue === policy} />
            <span>
              <strong>{t(`policies.${policy}.name`)}</strong>
              <small>{t(`policies.${policy}.description`)}</small>
            </span>
          </label>
        ))}
      </Choices>
      <Choices legend={t("fields.reservationMethod")} errorId={fields.reservationMethod.errorId} errors={fields.reservationMethod.errors}>
        {RESERVATION_METHODS.map((method) => (
          <label key={method} className="choice choice--card">
            <input type="radio" name="reservationMethod" value={method} defaultChecked={fields.reservationMethod.initialValue === method} />
            <span>
              <strong>{t(`methods.${method}.name`)}</strong>
              <small>{t(`methods.${method}.description`)}</small>
            </span>
          </label>
        ))}
      </Choices>
      <SubmitRow label={submitLabel} footer={footer} />
    </Form>
  );
}

export function HouseRulesForm({ listing, answer, submitLabel, footer }: StepFormProps) {
  const { t } = useTranslation("listing");
  const [form, fields] = useStepForm("house-rules", houseRulesSchema, answer, {
    petsAllowed: listing?.petsAllowed ? "on" : undefined,
    eventsAllowed: listing?.eventsAllowed ? "on" : undefined,
    smokingAllowed: listing?.smokingAllowed ? "on" : undefined,
    checkInTime: listing?.checkInTime ?? "15:00",
    checkOutTime: listing?.checkOutTime ?? "11:00",
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="listing-form">
      <input type="hidden" name="form" value="house-rules" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Choices legend={t("fields.houseRules")}>
        {(["petsAllowed", "eventsAllowed", "smokingAllowed"] as const).map((rule) => (
          <label key={rule} className="choice">
            <input type="checkbox" name={rule} defaultChecked={fields[rule].initialValue === "on"} />
            <span>{t(`fields.${rule}`)}</span>
          </label>
        ))}
      </Choices>
      <TimesFields checkIn={fields.checkInTime} checkOut={fields.checkOutTime} />
      <SubmitRow label={submitLabel} footer={footer} />
    </Form>
  );
}

// ————————————————————————————————————————————————————————————————————————————— calendar links

export function CalendarLinksForm({ listing, answer, submitLabel, footer }: StepFormProps) {
  const { t } = useTranslation("listing");
  const [form, fields] = useStepForm("calendar-links", calendarLinksSchema, answer, {
    calendarUrlAirbnb: listing?.calendarUrlAirbnb ?? "",
    calendarUrlBooking: listing?.calendarUrlBooking ?? "",
    calendarUrlChannelManager: listing?.calendarUrlChannelManager ?? "",
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="listing-form">
      <input type="hidden" name="form" value="calendar-links" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <p className="field__hint">{t("calendarLinks.hint")}</p>
      {(["calendarUrlAirbnb", "calendarUrlBooking", "calendarUrlChannelManager"] as const).map((name) => (
        <Field key={name} label={t(`fields.${name}`)} htmlFor={fields[name].id} errorId={fields[name].errorId} errors={fields[name].errors}>
          <input {...getInputProps(fields[name], { type: "url" })} placeholder="https://" />
        </Field>
      ))}
      <SubmitRow label={submitLabel} footer={footer} />
    </Form>
  );
}

/** The form of a simple step, by name. */
export function StepForm({ step, ...props }: StepFormProps & { step: string }) {
  switch (step) {
    case "address":
      return <AddressForm {...props} />;
    case "property-type":
      return <PropertyTypeForm {...props} />;
    case "hotel-info":
      return <HotelInfoForm {...props} />;
    case "guesthouse-info":
      return <GuesthouseInfoForm {...props} />;
    case "description":
      return <DescriptionForm {...props} />;
    case "amenities":
      return <AmenitiesForm {...props} />;
    case "travel-types":
      return <TravelTypesForm {...props} />;
    case "prices":
      return <PricesForm {...props} />;
    case "discounts":
      return <DiscountsForm {...props} />;
    case "cancellation":
      return <CancellationForm {...props} />;
    case "house-rules":
      return <HouseRulesForm {...props} />;
    case "calendar-links":
      return <CalendarLinksForm {...props} />;
    default:
      return null;
  }
}
