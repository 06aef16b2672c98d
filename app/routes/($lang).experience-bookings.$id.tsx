// /experience-bookings/{id}: a booking as its traveler or its partner's account sees it (404 for
// anyone else): reference, experience, date, people, total, status; while it holds its places
// unpaid, until when and how to pay (card, bank transfer or deposit with its proof); its payments
// and refunds; cancelling it with the refund it gives (ADRs 182, 183); once the slot has ended,
// the traveler reviews it and the partner replies or reports, with the stays' review forms (ADR 184).
// No JavaScript needed.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BankPayment } from "~/components/booking/bank-payment";
import { SlotTime } from "~/components/experiences/slot-time";
import { Money, useMoney } from "~/components/money/money";
import { ReservationReview, type ReviewResult } from "~/components/reviews/reservation-review";
import { ErrorList } from "~/components/ui/field";
import { experienceBookingPageAction, experienceBookingPageLoader } from "~/services/experiences/experience-booking-page.server";
import { useLocalizedPath } from "~/utils/localized-path";

export const handle = { i18n: ["experiences", "experience-payments", "payment", "booking", "reviews"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.booking.reference} · Darna` : "Darna" }];

export const loader = (args: LoaderFunctionArgs) => experienceBookingPageLoader(args);
export const action = (args: ActionFunctionArgs) => experienceBookingPageAction(args);

const METHODS = ["card", "bank_transfer", "bank_deposit"] as const;

export default function ExperienceBookingPage() {
  const { booking, money, verification, openBank, bank, maxProofMegabytes, review, language } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation(["experiences", "experience-payments", "payment", "booking"]);
  const { format } = useMoney();
  const lp = useLocalizedPath();
  const errorOf = (intent: string) => (answer && "error" in answer && answer.intent === intent ? [answer.error] : null);
  return (
    <main className="experience-booking">
      <h1>{t("booking.title", { reference: booking.reference })}</h1>
      {verification ? (
        <p className={verification === "success" ? "notice notice--success" : "notice"} role="status" data-testid="experience-payment-state">
          {t(`experience-payments:state.${verification}`)}
        </p>
      ) : null}
      <dl>
        <dt>{t("booking.experience")}</dt>
        <dd>
          <Link to={lp(`/experiences/${booking.experience.id}`)}>{booking.experience.title}</Link> · {booking.experience.city}
        </dd>
        <dt>{t("booking.date")}</dt>
        <dd>
          <SlotTime at={booking.startsAt} full />
        </dd>
        <dt>{t("booking.people")}</dt>
        <dd>{booking.people}</dd>
        <dt>{t("booking.total")}</dt>
        <dd>
          <Money millimes={booking.total} />
        </dd>
        <dt>{t("booking.status")}</dt>
        <dd data-testid="experience-booking-status">{t(`bookingStatus.${booking.status}`)}</dd>
      </dl>
      {booking.status === "pending_payment" && booking.holdExpiresAt ? (
        <p className="notice">
          {t("booking.heldUntil")} <SlotTime at={booking.holdExpiresAt} />
        </p>
      ) : null}

      {booking.viewer === "traveler" && booking.status === "pending_payment" ? (
        <section aria-labelledby="pay-title">
          <h2 id="pay-title">{t("experience-payments:pay.title")}</h2>
          <Form method="post">
            <fieldset>
              <legend>{t("experience-payments:pay.method")}</legend>
              {METHODS.map((method, index) => (
                <label key={method}>
                  <input type="radio" name="method" value={method} defaultChecked={index === 0} /> {t(`experience-payments:pay.${method}`)}
                </label>
              ))}
            </fieldset>
            <ErrorList errors={errorOf("pay")} />
            <button type="submit" name="intent" value="pay" className="button" data-testid="experience-pay">
              {t("experience-payments:pay.submit", { amount: format(booking.total) })}
            </button>
          </Form>
        </section>
      ) : null}

      {bank
        ? openBank.map((payment) => (
            <section key={payment.id} className="bank-payment" data-testid="experience-bank-payment">
              <BankPayment payment={payment} bank={bank} maxProofMegabytes={maxProofMegabytes} errors={<ErrorList errors={errorOf("upload-proof")} />} />
            </section>
          ))
        : null}

      {money.payments.length > 0 ? (
        <section>
          <h2>{t("experience-payments:payments.title")}</h2>
          <ul data-testid="experience-payments">
            {money.payments.map((payment) => (
              <li key={payment.id}>
                {t("experience-payments:payments.row", {
                  reference: payment.reference,
                  method: t(`experience-payments:pay.${payment.method}`),
                  status: t(`payment:status.${payment.status}`),
                })}{" "}
                · <Money millimes={payment.amount} />
                {payment.reviewNote && payment.status === "failed" ? ` · ${payment.reviewNote}` : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {money.refunds.length > 0 ? (
        <section>
          <h2>{t("experience-payments:refunds.title")}</h2>
          <ul data-testid="experience-refunds">
            {money.refunds.map((refund) => (
              <li key={refund.id}>
                {t("experience-payments:refunds.row", { amount: format(refund.amount), date: refund.dueDate, status: t(`experience-payments:refundStatus.${refund.status}`) })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {money.cancellable ? (
        <section aria-labelledby="cancel-title">
          <h2 id="cancel-title">{t("experience-payments:cancel.title")}</h2>
          <p>
            {booking.status !== "confirmed"
              ? t("experience-payments:cancel.unpaid")
              : booking.viewer === "partner"
                ? t("experience-payments:cancel.partner", { amount: format(money.refundIfCancelled) })
                : money.refundIfCancelled > 0
                  ? t("experience-payments:cancel.full", { amount: format(money.refundIfCancelled) })
                  : t("experience-payments:cancel.none")}
          </p>
          <Form method="post">
            {booking.status === "confirmed" ? (
              <label>
                <input type="checkbox" name="confirm" value="yes" required /> {t("experience-payments:cancel.confirm")}
              </label>
            ) : null}
            <ErrorList errors={errorOf("cancel")} />
            <button type="submit" name="intent" value="cancel" className="button button--secondary" data-testid="experience-cancel">
              {booking.status === "confirmed" ? t("experience-payments:cancel.submit") : t("booking.cancel")}
            </button>
          </Form>
        </section>
      ) : null}
      {review ? (
        <ReservationReview
          data={review.data}
          side={booking.viewer === "partner" ? "host" : "traveler"}
          checkOut={review.endDate}
          language={language}
          result={answer && "formErrors" in answer ? (answer as ReviewResult) : undefined}
        />
      ) : null}
    </main>
  );
}
