import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** Error messages are translation keys ("listing:errors.required"), shown translated. */
export function ErrorList({ id, errors, values }: { id?: string; errors?: string[] | null; values?: Record<string, string> }) {
  const { t } = useTranslation(["listing", "common"]);
  if (!errors || errors.length === 0) return null;
  return (
    <ul id={id} className="field__errors" role="alert">
      {errors.map((error) => (
        <li key={error}>{t(error, values)}</li>
      ))}
    </ul>
  );
}

export function Field({
  label,
  htmlFor,
  errorId,
  errors,
  hint,
  children,
}: {
  label: ReactNode;
  htmlFor: string;
  errorId?: string;
  errors?: string[] | null;
  hint?: ReactNode;
  children: ReactNode;
}) {
  const invalid = Boolean(errors && errors.length > 0);
  return (
    <div className={invalid ? "field field--invalid" : "field"}>
      <label htmlFor={htmlFor}>{label}</label>
      {children}
      {hint ? <p className="field__hint">{hint}</p> : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** A group of checkboxes or radios with one legend and one error list. */
export function Choices({
  legend,
  errorId,
  errors,
  children,
  hint,
}: {
  legend: ReactNode;
  errorId?: string;
  errors?: string[] | null;
  children: ReactNode;
  hint?: ReactNode;
}) {
  return (
    <fieldset className={errors && errors.length ? "choices field--invalid" : "choices"} aria-describedby={errors?.length ? errorId : undefined}>
      <legend>{legend}</legend>
      {hint ? <p className="field__hint">{hint}</p> : null}
      <div className="choices__options">{children}</div>
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  );
}

/** Integer millimes as the host types them in TND ("120", "85.5"). */
export function millimesToInput(millimes: number | null | undefined): string {
  if (millimes === null || millimes === undefined) return "";
  const dinars = Math.trunc(millimes / 1000);
  const rest = Math.abs(millimes % 1000);
  return rest === 0 ? String(dinars) : `${dinars}.${String(rest).padStart(3, "0").replace(/0+$/, "")}`;
}

/** Integer millimes shown as "120.500 DT". */
export function formatTnd(millimes: number | null | undefined): string {
  if (millimes === null || millimes === undefined) return "—";
  const dinars = Math.trunc(millimes / 1000);
  return `${dinars}.${String(Math.abs(millimes % 1000)).padStart(3, "0")} DT`;
}
