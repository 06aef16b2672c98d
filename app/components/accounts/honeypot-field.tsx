import { useTranslation } from "react-i18next";
import { HONEYPOT_FIELD } from "~/schemas/account-fields";

/**
 * A field people never see or reach (off screen, out of the tab order, hidden from screen
 * readers). Robots that fill every input fill it too, and the server refuses the post.
 */
export function HoneypotField() {
  const { t } = useTranslation("auth");
  return (
    <div className="hp-field" aria-hidden="true">
      <label htmlFor={`${HONEYPOT_FIELD}-field`}>{t("honeypot")}</label>
      <input id={`${HONEYPOT_FIELD}-field`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
