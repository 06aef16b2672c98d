import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { ContactHostSchema } from "~/schemas/messages";
import { startConversation } from "~/services/messaging/message-sending.server";
import { fieldErrorsOf, isAppError } from "~/utils/app-error";
import { requireUser } from "~/utils/auth.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { localizedPath } from "~/utils/localized-path";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormData } from "~/utils/form-data.server";

// /messages/new: "Contact host" (issue 7). The property page's form posts here with
// propertyId, checkIn, checkOut and message; dates are required. On success the traveler lands
// on the conversation; on a problem this page shows the form again with the errors.
export const handle = { i18n: ["messages", "limits"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const url = new URL(request.url);
  const t = await getFixedT(await getLanguage(request), "messages");
  return {
    title: String(t("contact.title")),
    defaults: {
      propertyId: url.searchParams.get("propertyId") ?? "",
      checkIn: url.searchParams.get("checkIn") ?? "",
      checkOut: url.searchParams.get("checkOut") ?? "",
      message: "",
    },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: ContactHostSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    const { conversationUID } = await startConversation(user, submission.value);
    return redirectWithToast(localizedPath(request, `/messages/${conversationUID}`), { type: "success", message: "messages:sent" });
  } catch (error) {
    if (!isAppError(error)) throw error;
    const fieldErrors = fieldErrorsOf(error);
    if (Object.keys(fieldErrors).length === 0) fieldErrors[""] = [error.key];
    return data(submission.reply({ fieldErrors }), { status: error.status });
  }
}

export default function ContactHost() {
  const { title, defaults } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation("messages");
  const [form, fields] = useForm({
    id: "contact-host",
    lastResult,
    defaultValue: defaults,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ContactHostSchema }),
    shouldValidate: "onSubmit",
  });
  const max = { max: "2000" };
  return (
    <section className="messages">
      <h1>{title}</h1>
      <Form method="post" {...getFormProps(form)} className="messages__form" noValidate>
        <ErrorList errors={form.errors} values={max} />
        <input {...getInputProps(fields.propertyId, { type: "hidden" })} />
        <ErrorList errors={fields.propertyId.errors} values={max} />
        <label htmlFor={fields.checkIn.id}>{t("contact.checkIn")}</label>
        <input {...getInputProps(fields.checkIn, { type: "date" })} />
        <ErrorList errors={fields.checkIn.errors} values={max} />
        <label htmlFor={fields.checkOut.id}>{t("contact.checkOut")}</label>
        <input {...getInputProps(fields.checkOut, { type: "date" })} />
        <ErrorList errors={fields.checkOut.errors} values={max} />
        <label htmlFor={fields.message.id}>{t("messageLabel")}</label>
        <textarea {...getTextareaProps(fields.message)} rows={4} maxLength={2000} />
        <ErrorList errors={fields.message.errors} values={max} />
        <SubmitButton>{t("contact.submit")}</SubmitButton>
      </Form>
    </section>
  );
}
