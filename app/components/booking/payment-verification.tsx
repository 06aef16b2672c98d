import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Money } from "~/components/money/money";
import { SubmitButton } from "~/components/ui/submit-button";
import type { verificationLoader } from "~/services/booking/booking-pages.server";
import { languageFromPath, withLanguage } from "~/utils/i18n";
import { formatStayDate } from "~/utils/stay-date";
import { useLocalizedPath } from "~/utils/localized-path";

type LoaderData = Awaited<ReturnType<typeof verificationLoader>>;

/** Seconds between two checks while the gateway has no result yet (the page reloads itself). */
export const VERIFYING_REFRESH_SECONDS = 3;

/** Seconds the success is shown before the page moves on to the reservation (SPEC.md §4). */
export const SUCCESS_REDIRECT_SECONDS = 8;

/**
 * The verification meta, with or without JavaScript: a "verifying" page refreshes itself; a
 * success moves on to the reservation by itself after a few seconds (its link goes there at once).
 */
export function verificationMeta(data: LoaderData | undefined, title: string, pathname: string) {
  const meta: Array<Record<string, string>> = [{ title }, { name: "robots", content: "noindex" }];
  if (data?.state === "processing") meta.push({ httpEquiv: "refresh", content: String(VERIFYING_REFRESH_SECONDS) });
  if (data?.state === "success" && data.reservation) {
    const target = withLanguage(data.reservation.path, languageFromPath(pathname));
    meta.push({ httpEquiv: "refresh", content: `${SUCCESS_REDIRECT_SECONDS};url=${target}` });
  }
  return meta;
}

/**
 * /reservation-verification and /verify-establishment-payment: where the gateway sends the
 * traveler back. States of SPEC.md §4: verifying, success (then the reservation), failed (retry),
 * missing reference; plus verification failed and "no longer available" (refunded).
 */
export function PaymentVerification() {
  const { state, payment, reservation } = useLoaderData<LoaderData>();
  const actionData = useActionData<{ error?: string }>();
  const { t, i18n } = useTranslation(["payment", "reservation", "rules"]);
  const lp = useLocalizedPath();
  const reservationLink = reservation ? (
    <Link className="button button--ghost" to={lp(reservation.path)} data-testid="view-reservation">
      {t("payment:verify.viewReservation")}
    </Link>
  ) : null;

  return (
    <main className={`verification verification--${state}`} data-testid="payment-verification" data-state={state}>
      {state === "missing_reference" ? (
        <>
          <h1>{t("payment:verify.missingReferenceTitle")}</h1>
          <p role="alert">{t("payment:errors.missingReference")}</p>
        </>
      ) : null}
      {state === "missing_payment" ? (
        <>
          <h1>{t("payment:verify.missingPaymentTitle")}</h1>
          <p role="alert">{t("payment:errors.missingPayment")}</p>
        </>
      ) : null}
      {state === "processing" ? (
        <>
          <h1>{t("payment:verify.verifyingTitle")}</h1>
          <p role="status" aria-live="polite">
            <span className="spinner" aria-hidden="true" /> {t("payment:verify.verifying")}
          </p>
          <p className="hint">{t("payment:verify.verifyingHint")}</p>
        </>
      ) : null}
      {state === "success" ? (
        <>
          <h1>{t("payment:verify.successTitle")}</h1>
          <p role="status">{t("payment:verify.success")}</p>
          {reservation ? <p className="hint">{t("payment:verify.movingOn")}</p> : null}
        </>
      ) : null}
      {state === "failed" ? (
        <>
          <h1>{t("payment:verify.failedTitle")}</h1>
          <p role="alert">{t("payment:errors.failed")}</p>
        </>
      ) : null}
      {state === "verification_failed" ? (
        <>
          <h1>{t("payment:verify.verificationFailedTitle")}</h1>
          <p role="alert">{t("payment:errors.verificationFailed")}</p>
        </>
      ) : null}
      {state === "late" ? (
        <>
          <h1>{t("payment:verify.lateTitle")}</h1>
          <p role="alert">{t("payment:errors.noLongerAvailable")}</p>
          {reservation && reservation.refunds.length > 0 ? (
            <p data-testid="late-refund">
              {t("payment:verify.refunded")} <Money millimes={reservation.refunds[0]!.amount} />
            </p>
          ) : null}
        </>
      ) : null}

      {reservation ? (
        <section className="verification__reservation" aria-label={t("payment:verify.reservation")}>
          <p>
            <strong>{reservation.title}</strong> · {t("payment:verify.reference", { reference: reservation.reference })}
          </p>
          <p>
            {formatStayDate(i18n.language, reservation.checkIn)} → {formatStayDate(i18n.language, reservation.checkOut)}
          </p>
          {payment ? (
            <p>
              {t("payment:verify.amount")} <Money millimes={payment.amount} /> · {t("payment:verify.paymentReference", { reference: payment.reference })}
            </p>
          ) : null}
        </section>
      ) : null}

      {actionData?.error ? (
        <p role="alert" className="form-errors">
          {t(actionData.error, { defaultValue: t("payment:errors.failed") })}
        </p>
      ) : null}

      <div className="verification__actions">
        {(state === "failed" || state === "verification_failed") && reservation?.canPay ? (
          <Form method="post">
            <input type="hidden" name="reservationId" value={reservation.id} />
            <SubmitButton data-testid="retry-payment">
              {t("payment:verify.retry")}
            </SubmitButton>
          </Form>
        ) : null}
        {(state === "verification_failed" || state === "processing") && payment ? (
          <a className="button button--ghost" href={`?${new URLSearchParams({ ref: payment.reference })}`}>
            {t("payment:verify.checkAgain")}
          </a>
        ) : null}
        {state === "late" && reservation ? (
          <Link className="button" to={lp(`/property-details/${reservation.listingId}`)}>
            {t("payment:verify.bookAgain")}
          </Link>
        ) : null}
        {reservationLink}
      </div>
    </main>
  );
}
