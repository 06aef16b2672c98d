import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Choices, Field, FormErrors } from "~/components/ui/field";
import { IntentButton } from "~/components/ui/intent-button";
import { SubmitButton } from "~/components/ui/submit-button";
import { WEBHOOK_EVENT_TYPES } from "~/domain/webhooks";
import { WebhookActionSchema, WebhookEndpointSchema } from "~/schemas/webhooks";
import { createEndpoint, deleteEndpoint, listDeliveries, listEndpoints, replayDelivery, setEndpointEnabled } from "~/services/webhooks/webhook-endpoints.server";
import { fieldErrorsOf, isAppError } from "~/utils/app-error";
import { requireUser } from "~/utils/auth.server";
import { readFormData } from "~/utils/form-data.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { localizedPath, useLocalizedPath } from "~/utils/localized-path";
import developersStyles from "~/styles/developers.css?url";
import { useUserTime } from "~/utils/time-zone";
import { redirectWithToast } from "~/utils/toast.server";

// /profile/developers: a user's webhook endpoints (ADR 222): register one (its secret is shown in
// the answer to that POST only, never again), turn off/on, delete, see the recent deliveries with
// their response codes and attempts, send one again. The same service as /api/v1/webhooks/**.

export const handle = { i18n: ["profile", "developers"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: developersStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

const RECENT = 10;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const t = await getFixedT(await getLanguage(request), "developers");
  const endpoints = await listEndpoints(user.id);
  const withDeliveries = await Promise.all(
    endpoints.map(async (endpoint) => ({ ...endpoint, deliveries: (await listDeliveries(user.id, endpoint.id, { page: 1, pageSize: RECENT })).deliveries })),
  );
  return { endpoints: withDeliveries, title: t("profile.title") };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const here = localizedPath(request, "/profile/developers");
  const formData = await readFormData(request);

  if (formData.get("intent") === "create") {
    const submission = parseWithZod(formData, { schema: WebhookEndpointSchema });
    if (submission.status !== "success") return data({ reply: submission.reply(), secret: null }, { status: 400 });
    try {
      const created = await createEndpoint(user.id, submission.value);
      // Shown in this answer only (not through a redirect: a secret never goes in a URL or a cookie).
      return data({ reply: submission.reply({ resetForm: true }), secret: { url: created.url, value: created.secret } }, { status: 201 });
    } catch (error) {
      if (!isAppError(error)) throw error;
      const fieldErrors = fieldErrorsOf(error);
      const formErrors = error.fields ? [] : [error.key];
      return data({ reply: submission.reply({ fieldErrors, formErrors }), secret: null }, { status: error.status });
    }
  }

  const parsed = WebhookActionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) throw new Response("Bad Request", { status: 400 });
  const intent = parsed.data;
  try {
    if (intent.intent === "replay") {
      await replayDelivery(user.id, intent.delivery);
      return redirectWithToast(here, { type: "success", message: "developers:profile.replayed" });
    }
    if (intent.intent === "delete") {
      await deleteEndpoint(user.id, intent.endpoint);
      return redirectWithToast(here, { type: "success", message: "developers:profile.deleted" });
    }
    await setEndpointEnabled(user.id, intent.endpoint, intent.intent === "enable");
    return redirectWithToast(here, { type: "success", message: "developers:profile.updated" });
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw new Response("Not Found", { status: 404 });
    throw error;
  }
}

export default function DevelopersProfilePage() {
  const { endpoints } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t, i18n } = useTranslation(["developers", "profile"]);
  const lp = useLocalizedPath();
  const dateTime = useUserTime(i18n.language);
  const [form, fields] = useForm({
    id: "webhook-endpoint",
    lastResult: answer?.reply,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: WebhookEndpointSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  // A refused form keeps the events ticked (without JavaScript the page is drawn again from the answer).
  const ticked = new Set([fields.events.initialValue ?? []].flat());
  return (
    <>
      <section aria-labelledby="webhooks-title">
        <h1 id="webhooks-title">{t("profile.title")}</h1>
        <p>{t("profile.intro")}</p>
        <p>
          <Link to={lp("/developers")}>{t("profile.docsLink")}</Link>
        </p>
        {answer?.secret ? (
          <div className="notice" role="status" data-testid="webhook-secret">
            <h2>{t("profile.secretTitle")}</h2>
            <p>{answer.secret.url}</p>
            <p>
              <code>{answer.secret.value}</code>
            </p>
            <p>{t("profile.secretNote")}</p>
          </div>
        ) : null}
      </section>

      <section aria-labelledby="webhook-new-title">
        <h2 id="webhook-new-title">{t("profile.newTitle")}</h2>
        <Form method="post" {...getFormProps(form)} noValidate className="account-form">
          <FormErrors id={form.errorId} errors={form.errors} />
          <Field label={t("profile.url")} htmlFor={fields.url.id} errorId={fields.url.errorId} errors={fields.url.errors} hint={t("profile.urlHint")}>
            <input {...getInputProps(fields.url, { type: "url" })} placeholder="https://" />
          </Field>
          <Choices legend={t("profile.events")} errorId={fields.events.errorId} errors={fields.events.errors}>
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <label key={type}>
                <input type="checkbox" name={fields.events.name} value={type} defaultChecked={ticked.has(type)} /> <code>{type}</code> {t(`eventTypes.${type}`)}
              </label>
            ))}
          </Choices>
          <SubmitButton name="intent" value="create">
            {t("profile.create")}
          </SubmitButton>
        </Form>
      </section>

      <section aria-labelledby="webhook-list-title">
        <h2 id="webhook-list-title">{t("profile.listTitle")}</h2>
        {endpoints.length === 0 ? <p className="empty-state">{t("profile.none")}</p> : null}
        {endpoints.map((endpoint) => (
          <article key={endpoint.id} className="webhook-endpoint" data-testid="webhook-endpoint" aria-labelledby={`endpoint-${endpoint.id}`}>
            <h3 id={`endpoint-${endpoint.id}`}>
              <code>{endpoint.url}</code>{" "}
              <span className="badge">
                {endpoint.enabled ? t("profile.enabled") : endpoint.disabledReason === "failing" ? t("profile.disabledFailing") : t("profile.disabledOwner")}
              </span>
            </h3>
            <p>{endpoint.events.map((type) => <code key={type}>{type} </code>)}</p>
            {endpoint.failingSince && endpoint.enabled ? <p>{t("profile.failingSince", { date: dateTime(endpoint.failingSince) })}</p> : null}
            <div className="webhook-endpoint__actions">
              <IntentButton intent={endpoint.enabled ? "disable" : "enable"} fields={{ endpoint: endpoint.id }}>
                {endpoint.enabled ? t("profile.disable") : t("profile.enable")}
              </IntentButton>
              <IntentButton intent="delete" fields={{ endpoint: endpoint.id }}>
                {t("profile.delete")}
              </IntentButton>
            </div>
            <h4>{t("profile.deliveriesTitle")}</h4>
            {endpoint.deliveries.length === 0 ? (
              <p className="empty-state">{t("profile.noDeliveries")}</p>
            ) : (
              <div className="webhook-endpoint__deliveries">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">{t("profile.event")}</th>
                      <th scope="col">{t("profile.time")}</th>
                      <th scope="col">{t("profile.status")}</th>
                      <th scope="col">{t("profile.responseCode")}</th>
                      <th scope="col">{t("profile.attempts")}</th>
                      <th scope="col">{t("profile.nextAttempt")}</th>
                      <th scope="col">
                        <span className="visually-hidden">{t("profile.replay")}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {endpoint.deliveries.map((delivery) => (
                      <tr key={delivery.id} data-testid="webhook-delivery">
                        <td>
                          <code>{delivery.type}</code>
                        </td>
                        <td>{dateTime(delivery.occurredAt)}</td>
                        <td>{t(`profile.statuses.${delivery.status}`)}</td>
                        <td>{delivery.lastResponseCode ?? delivery.lastError ?? "—"}</td>
                        <td>{delivery.attempts}</td>
                        <td>{delivery.nextAttemptAt ? dateTime(delivery.nextAttemptAt) : "—"}</td>
                        <td>
                          <IntentButton intent="replay" fields={{ delivery: delivery.id }}>
                            {t("profile.replay")}
                          </IntentButton>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </article>
        ))}
      </section>
    </>
  );
}
