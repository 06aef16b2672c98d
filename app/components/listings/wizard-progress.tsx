import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useLocalizedPath } from "~/utils/localized-path";

/** The wizard's steps: done ones are links (the host may go back to any of them), the rest plain text. */
export function WizardProgress({
  steps,
  current,
  listing,
}: {
  steps: string[];
  current: string;
  listing: { id: number; savedSteps: string[]; missingSteps: string[] } | null;
}) {
  const { t } = useTranslation("listing");
  const lp = useLocalizedPath();
  return (
    <nav className="wizard-progress" aria-label={t("wizard.stepsLabel")}>
      <ol>
        {steps.map((step) => {
          const saved = listing?.savedSteps.includes(step) ?? false;
          const complete = saved && !(listing?.missingSteps.includes(step) ?? true);
          const label = t(`steps.${step}.title`);
          const className = ["wizard-progress__step", complete ? "is-complete" : "", step === current ? "is-current" : ""].filter(Boolean).join(" ");
          return (
            <li key={step} className={className} aria-current={step === current ? "step" : undefined}>
              {listing && saved && step !== current ? <Link to={lp(`/become-host/${step}?listing=${listing.id}`)}>{label}</Link> : <span>{label}</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
