// The host landing's fixed sections around the estimate: why list on Darna, how it works, hosts'
// questions and the way into /become-host. Plain HTML (the FAQ folds with <details>, no script).
import type { ReactNode } from "react";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useLocalizedPath } from "~/utils/localized-path";

const REASONS = ["commission", "payouts", "booking", "calendar", "support"] as const;
const STEPS = ["describe", "price", "review", "host"] as const;
const QUESTIONS = ["cost", "payout", "decline", "cancel", "calendar", "types"] as const;

export function HostLandingSections({ commissionPercent, children }: { commissionPercent: number; children: ReactNode }) {
  const { t } = useTranslation("host-landing");
  const lp = useLocalizedPath();
  const percent = { percent: commissionPercent };
  return (
    <>
      <section className="host-landing__hero" aria-labelledby="host-landing-title">
        <h1 id="host-landing-title">{t("hero.title")}</h1>
        <p className="lead">{t("hero.intro")}</p>
        <p>
          <Link to={lp("/become-host")} className="button">
            {t("hero.cta")}
          </Link>
        </p>
      </section>

      <section aria-labelledby="host-why-title" data-testid="host-why">
        <h2 id="host-why-title">{t("why.title")}</h2>
        <ul className="host-landing__grid">
          {REASONS.map((reason) => (
            <li key={reason}>
              <h3>{t(`why.${reason}.title`, percent)}</h3>
              <p>{t(`why.${reason}.text`, percent)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="host-steps-title">
        <h2 id="host-steps-title">{t("steps.title")}</h2>
        <ol className="host-landing__grid host-landing__steps">
          {STEPS.map((step) => (
            <li key={step}>
              <h3>{t(`steps.${step}.title`)}</h3>
              <p>{t(`steps.${step}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      {children}

      <section className="host-faq" aria-labelledby="host-faq-title">
        <h2 id="host-faq-title">{t("faq.title")}</h2>
        {QUESTIONS.map((question) => (
          <details key={question}>
            <summary>{t(`faq.${question}.q`)}</summary>
            <p>{t(`faq.${question}.a`, percent)}</p>
          </details>
        ))}
      </section>

      <section aria-labelledby="host-cta-title">
        <h2 id="host-cta-title">{t("cta.title")}</h2>
        <p>
          <Link to={lp("/become-host")} className="button">
            {t("cta.button")}
          </Link>
        </p>
      </section>
    </>
  );
}
