import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/ui/field";
import { ContactHostSchema, MESSAGE_MAX } from "~/schemas/messages";
import { useLocalizedPath } from "~/utils/localized-path";
import { formatStayDate } from "~/utils/stay-date";

/**
 * "Contact host" on a listing's page (issue 7): a plain form posting to /messages/new with the
 * listing, the dates chosen on the page (the quote's, else the query's) and the message. Without
 * dates the traveler is told to select them: here with JavaScript (client validation), on
 * /messages/new without it (same schema, the typed message kept). Signed-out visitors get a link
 * to sign in and come back; the host does not see the form on their own listing.
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
  const [form, fields] = useForm({
    id: "contact-host-from-listing",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ContactHostSchema }),
    shouldValidate: "onSubmit",
  });
  if (isHost) return null;

  const dateErrors = [...new Set([...(fields.checkIn.errors ?? []), ...(fields.checkOut.errors ?? []), ...(form.errors ?? [])])];
  const messageErrors = fields.message.errors ?? [];
  const formatted = (iso: string) => formatStayDate(i18n.language, iso);

  return (
    <section className="property-section" id="contact-host" aria-labelledby="contact-host-title" data-testid="contact-host">
      <h2 id="contact-host-title">{t("contact.title")}</h2>
      {signedIn ? (
        <Form method="post" action={lp("/messages/new")} {...getFormProps(form)} className="messages__form contact-host" noValidate>
          <input type="hidden" name={fields.propertyId.name} value={propertyId} />
          <input type="hidden" name={fields.checkIn.name} value={checkIn} />
          <input type="hidden" name={fields.checkOut.name} value={checkOut} />
          <p id={`${form.id}-dates`} className="hint">
            {checkIn && checkOut ? t("contact.forDates", { checkIn: formatted(checkIn), checkOut: formatted(checkOut) }) : t("contact.pickDates")}
          </p>
          {dateErrors.length > 0 ? (
            <p className="field-error" role="alert" data-testid="contact-dates-error">
              {dateErrors.map((key) => t(key)).join(" ")}
            </p>
          ) : null}
          <label htmlFor={fields.message.id}>{t("messageLabel")}</label>
          <textarea
            {...getTextareaProps(fields.message, { ariaDescribedBy: `${form.id}-dates` })}
            rows={4}
            maxLength={MESSAGE_MAX}
            data-testid="contact-message"
          />
          <ErrorList errors={messageErrors} values={{ max: String(MESSAGE_MAX) }} />
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
