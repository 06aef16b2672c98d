import { Form, Link, useLocation } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/ui/field";
import { MESSAGE_MAX } from "~/schemas/message-limits";
import { useLocalizedPath } from "~/utils/localized-path";
import { formatStayDate } from "~/utils/stay-date";

/**
 * "Contact host" on a listing's page (issue 7): a plain form posting to /messages/new with the
 * listing, the dates chosen on the page (the quote's, else the query's) and the message. Without
 * dates the traveler is told to select them: here with JavaScript (client validation), on
 * /messages/new without it (same schema, the typed message kept). Signed-out visitors get a link
 * to sign in and come back; the host does not see the form on their own listing.
 * The check before sending is a few lines of its own, not Conform + zod: /messages/new validates
 * with the schema anyway, and the property page's JavaScript stays small (issue 18 point 3, ADR 233).
 */
export function ContactHostForm({
  propertyId,
  checkIn,
  checkOut,
  signedIn,
  isHost,
}: {
  propertyId: number;
  checkIn: string;
  checkOut: string;
  signedIn: boolean;
  isHost: boolean;
}) {
  const { t, i18n } = useTranslation("messages");
  const lp = useLocalizedPath();
  const { pathname, search } = useLocation();
  const [errors, setErrors] = useState<{ dates: string[]; message: string[] }>({ dates: [], message: [] });
  if (isHost) return null;

  const formId = "contact-host-from-listing";
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const found = contactHostErrors(new FormData(event.currentTarget));
    setErrors(found);
    if (found.dates.length > 0 || found.message.length > 0) event.preventDefault();
  };
  const dateErrors = errors.dates;
  const messageErrors = errors.message;
  const formatted = (iso: string) => formatStayDate(i18n.language, iso);

  return (
    <section className="property-section" id="contact-host" aria-labelledby="contact-host-title" data-testid="contact-host">
      <h2 id="contact-host-title">{t("contact.title")}</h2>
      {signedIn ? (
        <Form method="post" action={lp("/messages/new")} id={formId} onSubmit={onSubmit} className="messages__form contact-host" noValidate>
          <input type="hidden" name="propertyId" value={propertyId} />
          <input type="hidden" name="checkIn" value={checkIn} />
          <input type="hidden" name="checkOut" value={checkOut} />
          <p id={`${formId}-dates`} className="hint">
            {checkIn && checkOut ? t("contact.forDates", { checkIn: formatted(checkIn), checkOut: formatted(checkOut) }) : t("contact.pickDates")}
          </p>
          {dateErrors.length > 0 ? (
            <p className="field-error" role="alert" data-testid="contact-dates-error">
              {dateErrors.map((key) => t(key)).join(" ")}
            </p>
          ) : null}
          <label htmlFor={`${formId}-message`}>{t("messageLabel")}</label>
          <textarea
            id={`${formId}-message`}
            name="message"
            aria-invalid={messageErrors.length > 0 || undefined}
            aria-describedby={messageErrors.length > 0 ? `${formId}-dates ${formId}-message-errors` : `${formId}-dates`}
            rows={4}
            maxLength={MESSAGE_MAX}
            data-testid="contact-message"
          />
          <ErrorList id={`${formId}-message-errors`} errors={messageErrors} values={{ max: String(MESSAGE_MAX) }} />
          <button type="submit" className="button">
            {t("contact.submit")}
          </button>
        </Form>
      ) : (
        <p>
          <Link to={`${lp("/auth")}?${new URLSearchParams({ redirectTo: pathname + search })}`} data-testid="contact-sign-in">
            {t("contact.signIn")}
          </Link>
        </p>
      )}
    </section>
  );
}

/** What ContactHostSchema would refuse, as translation keys: the dates first, then the message. */
export function contactHostErrors(formData: FormData): { dates: string[]; message: string[] } {
  const isDay = (value: FormDataEntryValue | null) => typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value);
  const dates = isDay(formData.get("checkIn")) && isDay(formData.get("checkOut")) ? [] : ["messages:errors.selectDates"];
  const text = String(formData.get("message") ?? "").trim();
  const message = text.length === 0 ? ["messages:errors.empty"] : text.length > MESSAGE_MAX ? ["messages:errors.tooLong"] : [];
  return { dates, message };
}
