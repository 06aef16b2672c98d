import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PriceBreakdown } from "~/components/booking/price-breakdown";
import { ErrorList } from "~/components/ui/field";
import { BookingFormSchema, PAYMENT_METHODS } from "~/schemas/booking";
import type { paymentPageLoader } from "~/services/booking/booking-pages.server";
import { useLocalizedPath } from "~/utils/localized-path";
import { formatStayDate, withStayDates } from "~/utils/stay-date";

type LoaderData = Awaited<ReturnType<typeof paymentPageLoader>>;


/** /payment and /establishment-payment: confirm the stay, see the price, choose how to pay. */
export function BookingPage() {
  const loaderData = useLoaderData<LoaderData>();
  const lastResult = useActionData<{ status?: string; error?: Record<string, string[] | null> | null; values?: Record<string, unknown> }>();
  const navigation = useNavigation();
  const { t } = useTranslation(["booking", "rules", "reservation"]);
  const lp = useLocalizedPath();
  const formatDate = (date: string) => formatStayDate(loaderData.language, date);
  const [form, fields] = useForm({
    id: "booking",
    lastResult: navigation.state === "idle" ? (lastResult as never) : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: BookingFormSchema }),
    shouldValidate: "onSubmit",
  });

  if (!loaderData.ok) {
    return (
      <main className="booking">
        <h1>{t("booking:missing.title")}</h1>
        <p role="alert">{t("booking:missing.text")}</p>
        <p>
          <Link className="button" to={lp("/accommodation")}>
            {t("booking:missing.search")}
          </Link>
        </p>
      </main>
    );
  }
  const { listing, stay, quote, issues, available, query } = loaderData;
  const direct = listing.method === "direct";
  const detailsPath = `${listing.establishment ? "/establishment-details" : "/property-details"}/${listing.id}?${new URLSearchParams({
    checkIn: query.checkIn ?? "",
    checkOut: query.checkOut ?? "",
    adults: query.adults ?? "1",
    children: query.children ?? "0",
    infants: query.infants ?? "0",
    pets: query.pets ?? "0",
  })}`;
  const submitting = navigation.state === "submitting";
  const formErrors = form.errors ?? [];

  return (
    <main className="booking">
      <p>
        <Link to={lp(detailsPath)}>← {t("booking:back")}</Link>
      </p>
      <h1>{direct ? t("booking:title.direct") : t("booking:title.request")}</h1>
      <div className="booking__layout">
        <section className="booking__card" aria-labelledby="stay-title">
          <h2 id="stay-title">{t("booking:stay.title")}</h2>
          <p className="booking__listing">
            <strong>{listing.title}</strong>
            {listing.city ? ` · ${listing.city}` : null}
          </p>
          {listing.unitName ? (
            <p data-testid="booking-unit">
              {stay && stay.rooms > 1 ? t("booking:stay.rooms", { count: stay.rooms, name: listing.unitName }) : listing.unitName}
            </p>
          ) : null}
          {stay ? (
            <dl className="booking__facts">
              <dt>{t("booking:stay.checkIn")}</dt>
              <dd data-testid="booking-check-in">
                {formatDate(stay.checkIn)}
                {listing.checkInTime ? ` · ${t("booking:stay.from", { time: listing.checkInTime })}` : null}
              </dd>
              <dt>{t("booking:stay.checkOut")}</dt>
              <dd data-testid="booking-check-out">
                {formatDate(stay.checkOut)}
                {listing.checkOutTime ? ` · ${t("booking:stay.until", { time: listing.checkOutTime })}` : null}
              </dd>
              <dt>{t("booking:stay.travelers")}</dt>
              <dd>
                {[
                  t("booking:guests.adults", { count: stay.adults }),
                  stay.children ? t("booking:guests.children", { count: stay.children }) : null,
                  stay.infants ? t("booking:guests.infants", { count: stay.infants }) : null,
                  stay.pets ? t("booking:guests.pets", { count: stay.pets }) : null,
                ]
                  .filter(Boolean)
                  .join(", ")}
              </dd>
            </dl>
          ) : null}
          <p className="booking__policy">
            <strong>{t("booking:stay.policy")}</strong> {t(listing.policyKey, { defaultValue: t(`booking:policy.${listing.policy}`) })}
          </p>
        </section>

        <section className="booking__card" aria-labelledby="price-title">
          <h2 id="price-title">{t("booking:price.title")}</h2>
          {quote ? <PriceBreakdown price={quote} /> : null}
        </section>
      </div>

      {issues.length > 0 || !available || listing.own ? (
        <div className="booking__refusal" role="alert" data-testid="booking-refusal">
          {listing.own ? <p>{t("booking:errors.ownListing")}</p> : null}
          {issues.map((issue) => (
            <p key={`${issue.field}-${issue.message}`}>{issue.message}</p>
          ))}
          {issues.length === 0 && !available && !listing.own ? <p>{t("booking:errors.datesBooked")}</p> : null}
          <p>
            <Link to={lp(detailsPath)}>{t("booking:changeDates")}</Link>
          </p>
        </div>
      ) : (
        <Form method="post" {...getFormProps(form)} noValidate className="booking__form">
          {formErrors.length > 0 ? (
            <div className="form-errors" role="alert" id={form.errorId} data-testid="booking-error">
              {formErrors.map((key) => (
                <p key={key}>{t(key, { ...withStayDates(loaderData.language, lastResult?.values), defaultValue: t("booking:errors.generic") })}</p>
              ))}
            </div>
          ) : null}
          {Object.entries(query).map(([name, value]) =>
            ["propertyId", "roomTypeId", "roomId", "rooms", "checkIn", "checkOut", "adults", "children", "infants", "pets"].includes(name) ? (
              <input key={name} type="hidden" name={name} value={value} />
            ) : null,
          )}
          {direct ? (
            <fieldset className="booking__methods" aria-describedby={fields.method.errorId}>
              <legend>{t("booking:method.title")}</legend>
              {PAYMENT_METHODS.map((method, index) => (
                <label key={method} className="booking__method">
                  <input
                    type="radio"
                    name="method"
                    value={method}
                    // After a refused post the choice is kept (Conform's initial value is what was sent).
                    defaultChecked={typeof fields.method.initialValue === "string" ? fields.method.initialValue === method : index === 0}
                    data-testid={`method-${method}`}
                  />
                  <span>
                    <strong>{t(`booking:method.${method}`)}</strong>
                    <small>{t(`booking:method.${method}Hint`)}</small>
                  </span>
                </label>
              ))}
              <ErrorList id={fields.method.errorId} errors={fields.method.errors} />
            </fieldset>
          ) : (
            <>
              <input type="hidden" name="method" value="card" />
              <p className="booking__note">{t("booking:request.note")}</p>
            </>
          )}
          <div className={fields.acceptTerms.errors ? "field field--invalid" : "field"}>
            <label className="booking__terms">
              <input type="checkbox" name="acceptTerms" id={fields.acceptTerms.id} aria-describedby={fields.acceptTerms.errorId} data-testid="accept-terms" />
              <span>
                {t("booking:terms.accept")}{" "}
                <Link to={lp("/terms-of-sale/travelers")} target="_blank">
                  {t("booking:terms.link")}
                </Link>
              </span>
            </label>
            <ErrorList id={fields.acceptTerms.errorId} errors={fields.acceptTerms.errors} />
          </div>
          <button type="submit" className="button" disabled={submitting} data-testid="confirm-booking">
            {direct ? t("booking:submit.direct") : t("booking:submit.request")}
          </button>
          <p className="booking__note">{direct ? t("booking:hold.note") : t("booking:request.deadline")}</p>
        </Form>
      )}
    </main>
  );
}
