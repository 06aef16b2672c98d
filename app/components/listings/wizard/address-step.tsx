// The wizard's address step: governorate, delegation (posted without JavaScript), street and the map pin.
import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/components/ui/use-hydrated";
import { findGovernorate, GOVERNORATES } from "~/domain/tunisia-places";
import { addressSchema } from "~/schemas/listing-wizard";
import { ErrorList, Field } from "~/components/ui/field";
import { type StepFormProps, SubmitRow, useStepForm } from "./step-form";

const PinMap = lazy(() => import("../pin-map.client"));

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
