// The host landing's earnings estimate: a GET form (city, type, bedrooms) and, once sent, the
// range of nightly prices of comparable public listings with what the host keeps of it.
import { Form, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useMoney } from "~/components/money/money";
import type { EarningsEstimate } from "~/domain/earnings";
import { PROPERTY_TYPES } from "~/domain/listing";
import { MAX_ESTIMATE_BEDROOMS, type HostEstimateErrors, type HostEstimateQuestion } from "~/schemas/host-estimate";
import { Field } from "~/components/ui/field";
import { useLocalizedPath } from "~/utils/localized-path";

export function HostEstimate({
  cities,
  question,
  errors,
  estimate,
  commissionPercent,
}: {
  cities: string[];
  question: HostEstimateQuestion | null;
  errors: HostEstimateErrors | null;
  estimate: EarningsEstimate | null;
  commissionPercent: number;
}) {
  const { t } = useTranslation("host-landing");
  const { t: ts } = useTranslation("search");
  const lp = useLocalizedPath();
  const money = useMoney();
  const [params] = useSearchParams();
  const typed = (name: string) => params.get(name) ?? "";
  const errorsOf = (name: keyof HostEstimateErrors) => (errors?.[name] ? [errors[name]] : null);
  const invalid = (name: keyof HostEstimateErrors) =>
    errors?.[name] ? { "aria-invalid": true, "aria-describedby": `estimate-${name}-error` } : {};
  return (
    <section id="estimate" aria-labelledby="host-estimate-title" data-testid="host-estimate">
      <h2 id="host-estimate-title">{t("estimate.title")}</h2>
      <p>{t("estimate.intro")}</p>
      <Form method="get" action={lp("/host")} className="estimate-form" aria-labelledby="host-estimate-title" preventScrollReset>
        <Field label={t("estimate.city")} htmlFor="estimate-city" errorId="estimate-city-error" errors={errorsOf("city")}>
          <input
            id="estimate-city"
            name="city"
            type="text"
            list="estimate-cities"
            autoComplete="address-level2"
            maxLength={100}
            required
            defaultValue={typed("city")}
            {...invalid("city")}
          />
          <datalist id="estimate-cities">
            {cities.map((city) => (
              <option key={city} value={city} />
            ))}
          </datalist>
        </Field>
        <Field label={t("estimate.type")} htmlFor="estimate-type" errorId="estimate-type-error" errors={errorsOf("type")}>
          <select id="estimate-type" name="type" required defaultValue={typed("type")} {...invalid("type")}>
            <option value="">{t("estimate.chooseType")}</option>
            {PROPERTY_TYPES.map((type) => (
              <option key={type} value={type}>
                {ts(`types.${type}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t("estimate.bedrooms")} htmlFor="estimate-bedrooms" errorId="estimate-bedrooms-error" errors={errorsOf("bedrooms")}>
          <input
            id="estimate-bedrooms"
            name="bedrooms"
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_ESTIMATE_BEDROOMS}
            required
            defaultValue={typed("bedrooms")}
            {...invalid("bedrooms")}
          />
        </Field>
        <div>
          <button type="submit" className="button">
            {t("estimate.submit")}
          </button>
        </div>
      </Form>
      {question && estimate ? (
        <div className="estimate-result" role="status" data-testid="estimate-result">
          {estimate.range ? (
            <>
              <p className="estimate-result__range">
                {t("estimate.nightly", { low: money.format(estimate.range.nightlyLow), high: money.format(estimate.range.nightlyHigh) })}
              </p>
              <p>
                {t("estimate.payout", {
                  percent: commissionPercent,
                  low: money.format(estimate.range.payoutLow),
                  high: money.format(estimate.range.payoutHigh),
                })}
              </p>
              <p>{t(`estimate.basis.${estimate.basis}`, { count: estimate.range.comparables, city: question.city })}</p>
              <p className="estimate-result__note">{t("estimate.note")}</p>
            </>
          ) : (
            <p>{t("estimate.none")}</p>
          )}
        </div>
      ) : null}
    </section>
  );
}
