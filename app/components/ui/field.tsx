// The form primitives every form uses: a labelled field, a group of choices, and the translated
// error lists. Error messages are translation keys naming their namespace
// ("listing:errors.required", "auth:validation.required"), shown translated.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** The namespaces the keys name ("auth:validation.required" → "auth"), loaded before they show. */
function namespacesOf(errors: readonly string[] | null | undefined): string[] {
  const namespaces = new Set<string>(["common"]);
  for (const error of errors ?? []) {
    const separator = error.indexOf(":");
    if (separator > 0) namespaces.add(error.slice(0, separator));
  }
  return [...namespaces];
}

/** One translated message per error key; nothing when there is none. */
export function ErrorList({
  id,
  errors,
  values,
  className = "field__errors",
}: {
  id?: string;
  errors?: string[] | null;
  values?: Record<string, string>;
  className?: string;
}) {
  const { t } = useTranslation(namespacesOf(errors));
  if (!errors || errors.length === 0) return null;
  return (
    <ul id={id} className={className} role="alert">
      {errors.map((error) => (
        <li key={error}>{t(error, values)}</li>
      ))}
    </ul>
  );
}

/** A label, its control (given as children, with its own id and aria attributes), a hint and the errors. */
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

/** The form-level message (e.g. "Incorrect username or password."). */
export function FormErrors({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors || errors.length === 0) return null;
  return (
    <div className="form-errors">
      <ErrorList id={id} errors={errors} />
    </div>
  );
}
