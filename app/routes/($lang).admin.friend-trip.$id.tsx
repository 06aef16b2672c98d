// /admin/friend-trip/{id}: one request, its state moved on (new → contacted → planned → done, or
// cancelled) with the team's notes. The team reads it; support and operators move it (ADR 170).
import { getFormProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Money } from "~/components/money/money";
import { Field, FormErrors } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { nextStatuses } from "~/domain/friend-trip";
import { FriendTripStatusSchema } from "~/schemas/friend-trip";
import { requireAdmin } from "~/services/admin/admin-guard.server";
import { getFriendTripRequest, updateFriendTripRequest } from "~/services/friend-trip/friend-trip-requests.server";
import { isAppError } from "~/utils/app-error";
import { readFormData } from "~/utils/form-data.server";
import { parseIdParam } from "~/utils/id-param";
import { localizedPath, useLocalizedPath } from "~/utils/localized-path";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["friend-trip", "admin"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.request.reference} · Darna` : "Darna" }];

function idOf(params: Record<string, string | undefined>): number {
  const id = parseIdParam(params.id);
  if (id === null) throw new Response("Not found", { status: 404 });
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, "read");
  const found = await getFriendTripRequest(idOf(params)).catch((error: unknown) => {
    // An unknown request is a 404 page, not a crash.
    if (isAppError(error)) throw new Response(null, { status: error.status });
    throw error;
  });
  return { request: found, choices: [found.status, ...nextStatuses(found.status)] };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireAdmin(request, "moderate");
  const id = idOf(params);
  const submission = parseWithZod(await readFormData(request), { schema: FriendTripStatusSchema });
  if (submission.status !== "success") return data({ reply: submission.reply() }, { status: 400 });
  try {
    await updateFriendTripRequest(staff.id, id, { status: submission.value.status, notes: submission.value.notes ?? "" });
  } catch (error) {
    if (!isAppError(error)) throw error;
    const reply = submission.reply(error.fields ? { fieldErrors: { status: [error.key] } } : { formErrors: [error.key] });
    return data({ reply }, { status: error.status });
  }
  return redirectWithToast(localizedPath(request, `/admin/friend-trip/${id}`), { type: "success", message: "friend-trip:admin.saved" });
}

export default function AdminFriendTripRequestPage() {
  const { request, choices } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("friend-trip");
  const path = useLocalizedPath();
  const [form, fields] = useForm({
    id: `friend-trip-${request.id}-${request.status}`,
    lastResult: answer?.reply,
    defaultValue: { status: request.status, notes: request.notes ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: FriendTripStatusSchema }),
    shouldValidate: "onBlur",
  });
  return (
    <main className="friend-trip-admin">
      <p>
        <Link to={path("/admin/friend-trip")}>{t("admin.back")}</Link>
      </p>
      <h1>
        {request.reference} · {request.firstName} {request.lastName}
      </h1>
      <dl>
        <dt>{t("form.pack")}</dt>
        <dd>{t(`packs.${request.pack}.name`)}</dd>
        <dt>{t("admin.price")}</dt>
        <dd>{request.price === 0 ? t("free") : <Money millimes={request.price} />}</dd>
        <dt>{t("admin.travel")}</dt>
        <dd>
          {request.startDate} → {request.endDate} · {t(`purposes.${request.purpose}`)} · {request.nationality}
        </dd>
        <dt>{t("admin.contact")}</dt>
        <dd>
          {request.email} · WhatsApp {request.phone}
        </dd>
        <dt>{t("form.interests")}</dt>
        <dd>{request.interests.map((interest) => t(`interests.${interest}`)).join(", ") || "—"}</dd>
        <dt>{t("admin.created")}</dt>
        <dd>{request.createdAt.slice(0, 10)}</dd>
      </dl>
      <Form method="post" {...getFormProps(form)} noValidate>
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field label={t("admin.status")} htmlFor={fields.status.id} errorId={fields.status.errorId} errors={fields.status.errors}>
          <select {...getSelectProps(fields.status)}>
            {choices.map((status) => (
              <option key={status} value={status}>
                {t(`statuses.${status}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t("admin.notes")} htmlFor={fields.notes.id} errorId={fields.notes.errorId} errors={fields.notes.errors}>
          <textarea {...getTextareaProps(fields.notes)} rows={5} />
        </Field>
        <SubmitButton className="button">{t("admin.save")}</SubmitButton>
      </Form>
    </main>
  );
}
