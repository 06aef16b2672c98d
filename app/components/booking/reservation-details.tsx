import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BankPayment } from "~/components/booking/bank-payment";
import { PriceBreakdown } from "~/components/booking/price-breakdown";
import { ReservationReceipts } from "~/components/receipts/reservation-receipts";
import { Money } from "~/components/money/money";
import { ReservationReview, type ReviewResult } from "~/components/reviews/reservation-review";
import { ReservationClaims, type ClaimActionResult } from "~/components/claims/reservation-claims";
import { HostActionList } from "~/components/cohosts/host-action-list";
import { PAYMENT_METHODS } from "~/schemas/booking";
import type { reservationPageLoader, ReservationActionResult } from "~/services/booking/reservation-pages.server";
import { useLocalizedPath } from "~/utils/localized-path";
import { bookingDateOf, displayStatusKeys, hostHiddenReason } from "~/domain/reservation-state";
import { formatStayDate, withStayDates } from "~/utils/stay-date";
import { useUserTime } from "~/utils/time-zone";

type LoaderData = Awaited<ReturnType<typeof reservationPageLoader>>;

export function useStayDate(language: string) {
  return (date: string) => formatStayDate(language, date);
}

/**
 * The cancel preview's lines, worded for who reads them: the traveler receives the refund and
 * any credit voucher; the host is told what the traveler receives, never offered a voucher.
 */
export function cancelPreviewKeys(side: "traveler" | "host" | "operator") {
  return side === "host"
    ? { net: "reservation:cancel.hostRefundNet", voucher: "reservation:cancel.hostVoucher" }
    : { net: "reservation:cancel.refundNet", voucher: "reservation:cancel.voucher" };
}

/** A domain key ("rules:…") with this page's own wording as the fallback. */
export function useRuleText() {
  const { t } = useTranslation(["reservation", "rules"]);
  return (key: string, values: Record<string, unknown> = {}) => {
    const suffix = key.replace(/^rules:/, "");
    return String(t(key, { ...values, defaultValue: String(t(`reservation:rules.${suffix}`, { ...values, defaultValue: t("reservation:errors.generic") })) }));
  };
}

function ErrorText({ result, intent, field, language }: { result: ReservationActionResult | undefined; intent: string; field?: string; language: string }) {
  const rule = useRuleText();
  if (!result || result.intent !== intent) return null;
  const keys = field ? (result.fieldErrors[field] ?? []) : result.formErrors;
  if (keys.length === 0) return null;
  return (
    <p className="field__errors" role="alert" data-testid={`error-${intent}${field ? `-${field}` : ""}`}>
      {keys.map((key) => rule(key, withStayDates(language, result.values))).join(" ")}
    </p>
  );
}

/** The reservation page, for the traveler or the host (SPEC.md §3 Reservation). */
export function ReservationDetailsPage() {
  const { details, savedForOffline, bank, openBank, refusedBank, kept, language, maxProofBytes, review, claims, hostActions, byCohost } = useLoaderData<LoaderData>();
  const result = useActionData<ReservationActionResult>();
  const navigation = useNavigation();
  const { t } = useTranslation(["reservation", "booking", "payment", "rules", "claims"]);
  const rule = useRuleText();
  const lp = useLocalizedPath();
  const at = useUserTime(language);
  const day = useStayDate(language);
  const busy = navigation.state === "submitting";
  const traveler = details.side !== "host";
  const booked = bookingDateOf(details);
  const propertyPath = `${details.establishment ? "/establishment-details" : "/property-details"}/${details.listing.id}`;

  return (
    <main className="reservation" data-testid="reservation-page" data-status={details.status} data-display-status={details.displayStatus}>
      <p>
        <Link to={lp(details.side === "host" ? "/dashboard/reservations" : "/profile/trips")}>
          ← {details.side === "host" ? t("reservation:backHost") : t("reservation:backTraveler")}
        </Link>
      </p>
      <header className="reservation__header">
        <h1>{t("reservation:title", { reference: details.reference })}</h1>
        <p className={`status-badge status-badge--${details.displayStatus}`} data-testid="reservation-status">
          {displayStatusKeys(details.displayStatus).map((key) => rule(key)).join(" · ")}
        </p>
        <p className="hint" data-testid="booking-date">{t(`reservation:${booked.key}`, { date: at(booked.at) })}</p>
        {savedForOffline ? (
          // Hidden online; the service worker shows it when it serves this copy offline (ADR 234).
          <p className="hint offline-copy" data-offline-note="" data-testid="offline-note" hidden>
            {t("reservation:savedOffline", { date: at(savedForOffline) })}
          </p>
        ) : null}
      </header>

      {details.status === "pending_payment" && details.holdExpiresAt ? (
        <p className="reservation__deadline" role="status">
          {t(traveler ? "reservation:deadline.payTraveler" : "reservation:deadline.payHost", { time: at(details.holdExpiresAt) })}
        </p>
      ) : null}
      {details.status === "pending_host" && details.respondBy ? (
        <p className="reservation__deadline" role="status">
          {t(traveler ? "reservation:deadline.answerTraveler" : "reservation:deadline.answerHost", { time: at(details.respondBy) })}
        </p>
      ) : null}
      {details.declineReason ? (
        <p className="reservation__reason" data-testid="decline-reason">
          <strong>{t("reservation:declineReason")}</strong> {details.declineReason.startsWith("rules:") ? rule(details.declineReason) : details.declineReason}
        </p>
      ) : null}

      <div className="reservation__grid">
        <section className="booking__card" aria-labelledby="stay-heading">
          <h2 id="stay-heading">{t("reservation:stay")}</h2>
          <p>
            <Link to={lp(propertyPath)}>
              <strong>{details.listing.title}</strong>
            </Link>
            {details.listing.city ? ` · ${details.listing.city}` : null}
          </p>
          {details.unit ? <p data-testid="reservation-unit">{details.rooms > 1 ? t("booking:stay.rooms", { count: details.rooms, name: details.unit.name }) : details.unit.name}</p> : null}
          <dl className="booking__facts">
            <dt>{t("booking:stay.checkIn")}</dt>
            <dd data-testid="reservation-check-in">
              {day(details.checkIn)}
              {details.listing.checkInTime ? ` · ${t("booking:stay.from", { time: details.listing.checkInTime })}` : null}
            </dd>
            <dt>{t("booking:stay.checkOut")}</dt>
            <dd>
              {day(details.checkOut)}
              {details.listing.checkOutTime ? ` · ${t("booking:stay.until", { time: details.listing.checkOutTime })}` : null}
            </dd>
            <dt>{t("reservation:nights")}</dt>
            <dd>{details.nights}</dd>
            <dt>{t("booking:stay.travelers")}</dt>
            <dd data-testid="reservation-travelers">
              {[
                t("booking:guests.adults", { count: details.travelers.adults }),
                t("booking:guests.children", { count: details.travelers.children }),
                t("booking:guests.infants", { count: details.travelers.infants }),
                t("booking:guests.pets", { count: details.travelers.pets }),
              ].join(", ")}
            </dd>
            <dt>{t("reservation:reference")}</dt>
            <dd data-testid="reservation-reference">{details.reference}</dd>
          </dl>
        </section>

        <section className="booking__card" aria-labelledby="payment-heading">
          <h2 id="payment-heading">{t("reservation:paymentSummary")}</h2>
          <PriceBreakdown
            price={{
              nights: details.nights,
              rooms: details.rooms,
              nightsTotal: details.price.nightsTotal,
              discount: details.price.discount,
              discountKind: details.price.discountKind,
              discountPercent: details.price.discountPercent,
              cleaningFee: details.price.cleaningFee,
              serviceFee: details.price.serviceFee,
              total: details.price.total,
              voucher: details.price.voucherApplied,
              amountDue: details.price.amountDue,
            }}
            kept={kept}
          />
          {details.side !== "traveler" && !byCohost ? (
            <p data-testid="host-payout">
              {t("reservation:hostPayout")} <Money millimes={details.price.hostPayout} /> ({t("reservation:commission")}{" "}
              <Money millimes={details.price.hostCommission} />)
            </p>
          ) : null}
          {details.payments.length > 0 ? (
            <>
              <h3>{t("reservation:payments")}</h3>
              <ul className="reservation__payments" data-testid="payments">
                {details.payments.map((payment) => (
                  <li key={payment.id} data-status={payment.status}>
                    {t(`booking:method.${payment.method}`)} · <Money millimes={payment.amount} /> · {t(`payment:status.${payment.status}`)} ·{" "}
                    <small>{payment.reference}</small>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {details.refunds.length > 0 ? (
            <>
              <h3>{t("reservation:refunds")}</h3>
              <ul className="reservation__refunds" data-testid="refunds">
                {details.refunds.map((refund) => (
                  <li key={refund.id}>
                    {t(`reservation:refundReason.${refund.reason}`)}: <Money millimes={refund.grossAmount} />
                    {refund.bankFee > 0 ? (
                      <>
                        {" "}
                        − {t("reservation:bankFee")} <Money millimes={refund.bankFee} />
                      </>
                    ) : null}{" "}
                    = <strong data-testid="refund-amount"><Money millimes={refund.amount} /></strong> · {t("reservation:refundDue", { date: day(refund.dueDate) })} ·{" "}
                    <span data-testid="refund-status">
                      {refund.status === "paid" && refund.paidAt
                        ? t("claims:refund.paid", { date: at(refund.paidAt), reference: refund.paidReference ?? "" })
                        : t(`reservation:refundStatus.${refund.status}`)}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>

        {details.side !== "host" ? <ReservationReceipts reservationReference={details.reference} payments={details.payments} refunds={details.refunds} /> : null}

        {details.side === "traveler" ? (
          <section className="booking__card" aria-labelledby="host-heading">
            <h2 id="host-heading">{t("reservation:host")}</h2>
            {details.hostHidden ? (
              <p className="reservation__hidden" data-testid="host-hidden">
                {t(`reservation:hostHidden.${hostHiddenReason(details.status)}`)}
              </p>
            ) : (
              <dl className="booking__facts" data-testid="host-info">
                <dt>{t("reservation:name")}</dt>
                <dd>
                  {details.host.firstName} {details.host.lastName}
                </dd>
                {details.host.email ? (
                  <>
                    <dt>{t("reservation:emailLabel")}</dt>
                    <dd>
                      <a href={`mailto:${details.host.email}`}>{details.host.email}</a>
                    </dd>
                  </>
                ) : null}
                {details.host.phone ? (
                  <>
                    <dt>{t("reservation:phone")}</dt>
                    <dd>{details.host.phone}</dd>
                  </>
                ) : null}
                {details.host.address ? (
                  <>
                    <dt>{t("reservation:address")}</dt>
                    <dd>
                      {[details.host.address.street, details.host.address.additionalAddress, details.host.address.postalCode, details.host.address.city]
                        .filter(Boolean)
                        .join(", ")}
                    </dd>
                  </>
                ) : null}
              </dl>
            )}
          </section>
        ) : (
          <section className="booking__card" aria-labelledby="client-heading">
            <h2 id="client-heading">{t("reservation:client")}</h2>
            {details.client ? (
              <dl className="booking__facts" data-testid="client-info">
                <dt>{t("reservation:name")}</dt>
                <dd>
                  {details.client.firstName} {details.client.lastName}
                </dd>
                <dt>{t("reservation:emailLabel")}</dt>
                <dd>
                  <a href={`mailto:${details.client.email}`}>{details.client.email}</a>
                </dd>
                {details.client.phone ? (
                  <>
                    <dt>{t("reservation:phone")}</dt>
                    <dd>{details.client.phone}</dd>
                  </>
                ) : null}
                {details.client.country ? (
                  <>
                    <dt>{t("reservation:country")}</dt>
                    <dd>{details.client.country}</dd>
                  </>
                ) : null}
              </dl>
            ) : null}
          </section>
        )}
      </div>

      {details.actions.includes("pay") ? (
        <section className="booking__card reservation__pay" aria-labelledby="pay-heading">
          <h2 id="pay-heading">{t("reservation:pay.title")}</h2>
          {refusedBank ? (
            <div className="reservation__refused" role="alert" data-testid="bank-refused">
              <p>
                <strong>{t("payment:bank.refused", { reference: refusedBank.reference })}</strong>
              </p>
              {refusedBank.reviewNote ? (
                <p>
                  {t("payment:bank.refusedReason")} <span data-testid="bank-refused-reason">{refusedBank.reviewNote}</span>
                </p>
              ) : null}
              <p>{t("payment:bank.refusedNext")}</p>
            </div>
          ) : null}
          {openBank ? (
            <div className="reservation__bank" data-testid="bank-instructions">
              <BankPayment
                payment={openBank}
                bank={bank}
                maxProofMegabytes={Math.round(maxProofBytes / 1024 / 1024)}
                busy={busy}
                errors={
                  <>
                    <ErrorText language={language} result={result} intent="upload-proof" field="proof" />
                    <ErrorText language={language} result={result} intent="upload-proof" />
                  </>
                }
              />
            </div>
          ) : null}
          <Form method="post" className="reservation__methods">
            <input type="hidden" name="intent" value="pay" />
            <fieldset className="booking__methods">
              <legend>{openBank ? t("reservation:pay.other") : t("booking:method.title")}</legend>
              {PAYMENT_METHODS.map((method, index) => (
                <label key={method} className="booking__method">
                  <input type="radio" name="method" value={method} defaultChecked={index === 0} data-testid={`pay-method-${method}`} />
                  <span>
                    <strong>{t(`booking:method.${method}`)}</strong>
                    <small>{t(`booking:method.${method}Hint`)}</small>
                  </span>
                </label>
              ))}
            </fieldset>
            <ErrorText language={language} result={result} intent="pay" field="method" />
            <ErrorText language={language} result={result} intent="pay" />
            <button type="submit" className="button" disabled={busy} data-testid="pay-now">
              {t("reservation:pay.submit")}
            </button>
          </Form>
        </section>
      ) : null}

      {details.actions.includes("accept") || details.actions.includes("decline") ? (
        <section className="booking__card" aria-labelledby="answer-heading">
          <h2 id="answer-heading">{t("reservation:answer.title")}</h2>
          <ErrorText language={language} result={result} intent="accept" />
          {details.actions.includes("accept") ? (
            <Form method="post">
              <input type="hidden" name="intent" value="accept" />
              <button type="submit" className="button" disabled={busy} data-testid="accept-request">
                {t("reservation:answer.accept")}
              </button>
            </Form>
          ) : null}
          {details.actions.includes("decline") ? (
            <Form method="post" className="reservation__decline">
              <input type="hidden" name="intent" value="decline" />
              <div className="field">
                <label htmlFor="decline-reason">{t("reservation:answer.reason")}</label>
                <textarea id="decline-reason" name="reason" rows={3} maxLength={1000} required data-testid="decline-reason-input" />
                <ErrorText language={language} result={result} intent="decline" field="reason" />
                <ErrorText language={language} result={result} intent="decline" />
              </div>
              <button type="submit" className="button button--ghost" disabled={busy} data-testid="decline-request">
                {t("reservation:answer.decline")}
              </button>
            </Form>
          ) : null}
        </section>
      ) : null}

      {details.actions.includes("cancel") ? (
        <section className="booking__card reservation__cancel" aria-labelledby="cancel-heading">
          <details open={result?.intent === "cancel"}>
            <summary id="cancel-heading" data-testid="open-cancel">
              {t("reservation:cancel.title")}
            </summary>
            {details.cancellation?.refund ? (
              <div data-testid="refund-preview">
                <p>{rule(details.cancellation.refund.ruleKey, { percent: details.cancellation.refund.percent })}</p>
                <table className="price-breakdown">
                  <tbody>
                    <tr>
                      <th scope="row">{t("reservation:cancel.refundGross")}</th>
                      <td>
                        <Money millimes={details.cancellation.refund.gross} />
                      </td>
                    </tr>
                    {details.cancellation.refund.bankFee > 0 ? (
                      <tr>
                        <th scope="row">{t("reservation:bankFee")}</th>
                        <td>
                          −<Money millimes={details.cancellation.refund.bankFee} />
                        </td>
                      </tr>
                    ) : null}
                    <tr className="price-breakdown__total">
                      <th scope="row">{t(cancelPreviewKeys(details.side).net)}</th>
                      <td data-testid="refund-net">
                        <Money millimes={details.cancellation.refund.net} />
                      </td>
                    </tr>
                    {details.cancellation.refund.voucher > 0 ? (
                      <tr>
                        <th scope="row">{t(cancelPreviewKeys(details.side).voucher)}</th>
                        <td>
                          <Money millimes={details.cancellation.refund.voucher} />
                        </td>
                      </tr>
                    ) : null}
                  </tbody>
                </table>
                <p className="hint">{t("reservation:cancel.due", { date: day(details.cancellation.refund.dueDate) })}</p>
              </div>
            ) : (
              <p data-testid="refund-preview">{t("reservation:cancel.unpaid")}</p>
            )}
            <Form method="post">
              <input type="hidden" name="intent" value="cancel" />
              <label className="booking__terms">
                <input type="checkbox" name="confirm" value="yes" required data-testid="confirm-cancel" />
                <span>{t("reservation:cancel.confirm")}</span>
              </label>
              <ErrorText language={language} result={result} intent="cancel" field="confirm" />
              <ErrorText language={language} result={result} intent="cancel" />
              <button type="submit" className="button button--danger" disabled={busy} data-testid="cancel-reservation">
                {t("reservation:cancel.submit")}
              </button>
            </Form>
          </details>
        </section>
      ) : null}
      <ReservationClaims data={claims} side={details.side} reservationId={details.id} language={language} result={result as ClaimActionResult | undefined} />
      <HostActionList actions={hostActions} language={language} />
      <ReservationReview data={review} side={details.side} checkOut={details.checkOut} language={language} result={result as ReviewResult | undefined} />
    </main>
  );
}
