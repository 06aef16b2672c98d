import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** Error messages are translation keys ("auth:validation.required"); shown translated. */
export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  const { t } = useTranslation(["auth", "profile"]);
  if (!errors || errors.length === 0) return null;
  return (
    <ul id={id} className="field__errors" role="alert">
      {errors.map((error) => (
        <li key={error}>{t(error)}</li>
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

/** The form-level message (e.g. "Incorrect username or password."). */
export function FormErrors({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors || errors.length === 0) return null;
  return (
    <div className="form-errors">
      <ErrorList id={id} errors={errors} />
    </div>
  );
}
