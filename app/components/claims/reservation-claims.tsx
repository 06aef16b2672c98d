// The claims part of a reservation page: each claim with its photos, the host's answer and the
// operator's decision; the traveler's form while the 24 hours after check-in last; the host's
// answer form while a claim is open. Plain forms: works without JavaScript.
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ClaimForm } from "~/components/claims/claim-form";
import { Money } from "~/components/money/money";
import type { ReservationClaims as ReservationClaimsData } from "~/services/money/claims.server";
import { formatStayDate } from "~/utils/stay-date";
import { useUserTime } from "~/utils/time-zone";

export interface ClaimActionResult {
  intent: string;
  formErrors: string[];
  fieldErrors: Record<string, string[]>;
  claimId?: number;
}

export function ReservationClaims({
  data,
  side,
  reservationId,
  language,
  result,
}: {
  data: ReservationClaimsData;
  side: "traveler" | "host" | "operator";
  reservationId: number;
  language: string;
  result?: ClaimActionResult;
}) {
  const { t } = useTranslation("claims");
  const at = useUserTime(language);
  const navigation = useNavigation();
  if (data.claims.length === 0 && !data.canOpen) return null;
  return (
    <section className="booking__card" aria-labelledby="claims-heading" data-testid="claims">
      <h2 id="claims-heading">{t("section")}</h2>
      {data.claims.map((claim) => (
        <article key={claim.id} className="claim" data-testid="claim" data-status={claim.status}>
          <h3>{t("claim.title", { kind: t(`kinds.${claim.kind}`), status: t(`statuses.${claim.status}`) })}</h3>
          <p className="hint">{t("claim.opened", { time: at(claim.createdAt) })}</p>
          <dl className="booking__facts">
            {claim.amenity ? (
              <>
                <dt>{t("claim.amenity")}</dt>
                <dd>{t(`amenities.${claim.amenity}`)}</dd>
              </>
            ) : null}
            {claim.affectedNights.length > 0 ? (
              <>
                <dt>{t("claim.nights")}</dt>
                <dd>{claim.affectedNights.map((night) => formatStayDate(language, night)).join(", ")}</dd>
              </>
            ) : null}
            <dt>{t("claim.text")}</dt>
            <dd data-testid="claim-text-shown">{claim.text}</dd>
            <dt>{t("claim.hostAnswer")}</dt>
            <dd data-testid="claim-host-answer">{claim.hostAnswer ?? t("claim.noAnswer")}</dd>
            {claim.status !== "open" ? (
              <>
                <dt>{t("claim.decision")}</dt>
                <dd data-testid="claim-decision">
                  {t("claim.granted")} <Money millimes={claim.decidedAmount ?? 0} />
                  {claim.decisionNote ? ` · ${claim.decisionNote}` : null}
                </dd>
              </>
            ) : null}
          </dl>
          {claim.photos.length > 0 ? (
            <ul className="claim__photos" role="list">
              {claim.photos.map((photo, index) => (
                <li key={photo.id}>
                  <a href={photo.url}>
                    <img src={photo.url} srcSet={photo.srcSet} sizes="160px" width={160} alt={t("claim.photo", { number: index + 1 })} loading="lazy" />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          {claim.status === "open" && side === "host" ? (
            <>
              <p role="status">{t("claim.withheld")}</p>
              <Form method="post" data-testid="claim-answer-form">
                <input type="hidden" name="intent" value="claim-answer" />
                <input type="hidden" name="claimId" value={claim.id} />
                <div className="field">
                  <label htmlFor={`claim-answer-${claim.id}`}>{t("answer.label")}</label>
                  <textarea id={`claim-answer-${claim.id}`} name="answer" rows={3} maxLength={2000} data-testid="claim-answer-input" />
                  {result && result.intent === "claim-answer" && result.claimId === claim.id ? (
                    <p className="field__errors" role="alert">
                      {[...(result.fieldErrors.answer ?? []), ...result.formErrors].map((key) => t(key)).join(" ")}
                    </p>
                  ) : null}
                </div>
                <button type="submit" className="button" disabled={navigation.state === "submitting"} data-testid="claim-answer-submit">
                  {t("answer.submit")}
                </button>
              </Form>
            </>
          ) : null}
        </article>
      ))}
      {data.canOpen ? (
        <>
          <h3>{t("open.title")}</h3>
          <ClaimForm reservationId={reservationId} language={language} closesAt={data.closesAt} nights={data.nights} amenities={data.amenities} maxPhotos={data.maxPhotos} />
        </>
      ) : null}
    </section>
  );
}
