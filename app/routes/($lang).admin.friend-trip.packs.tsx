// /admin/friend-trip/packs: operators set the three packs' prices (TND) and the launch promotion's
// dates (both empty: no promotion). The team reads it; only operators change it (money, ADR 170).
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field, FormErrors } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { PACK_CODES } from "~/domain/friend-trip";
import { FriendTripPacksSchema } from "~/schemas/friend-trip";
import { requireAdmin } from "~/services/admin/admin-guard.server";
import { readPackSettings, savePackSettings } from "~/services/friend-trip/friend-trip-packs.server";
import { readFormData } from "~/utils/form-data.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { localizedPath, useLocalizedPath } from "~/utils/localized-path";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["friend-trip", "admin"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "read");
  const t = await getFixedT(await getLanguage(request), "friend-trip");
  return { settings: await readPackSettings(), title: String(t("admin.packsTitle")) };
}

export async function action({ request }: ActionFunctionArgs) {
  const operator = await requireAdmin(request, "money");
  const submission = parseWithZod(await readFormData(request), { schema: FriendTripPacksSchema });
  if (submission.status !== "success") return data({ reply: submission.reply() }, { status: 400 });
  const value = submission.value;
  await savePackSettings(operator.id, {
    prices: { basic: value.basic, custom: value.custom, premium: value.premium },
    promotion: value.freeUntil && value.offerEndsOn ? { freeUntil: value.freeUntil, offerEndsOn: value.offerEndsOn } : null,
  });
  return redirectWithToast(localizedPath(request, "/admin/friend-trip/packs"), { type: "success", message: "friend-trip:admin.packsSaved" });
}

const dinars = (millimes: number) => String(millimes / 1000);

export default function AdminFriendTripPacksPage() {
  const { settings } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("friend-trip");
  const path = useLocalizedPath();
  const [form, fields] = useForm({
    id: "friend-trip-packs",
    lastResult: answer?.reply,
    defaultValue: {
      basic: dinars(settings.prices.basic),
      custom: dinars(settings.prices.custom),
      premium: dinars(settings.prices.premium),
      freeUntil: settings.promotion?.freeUntil ?? "",
      offerEndsOn: settings.promotion?.offerEndsOn ?? "",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: FriendTripPacksSchema }),
    shouldValidate: "onBlur",
  });
  return (
    <main className="friend-trip-admin">
      <p>
        <Link to={path("/admin/friend-trip")}>{t("admin.back")}</Link>
      </p>
      <h1>{t("admin.packsTitle")}</h1>
      <p>{t("admin.packsIntro")}</p>
      <Form method="post" {...getFormProps(form)} noValidate>
        <FormErrors id={form.errorId} errors={form.errors} />
        {PACK_CODES.map((code) => (
          <Field key={code} label={t("admin.basePrice", { pack: t(`packs.${code}.name`) })} htmlFor={fields[code].id} errorId={fields[code].errorId} errors={fields[code].errors}>
            <input {...getInputProps(fields[code], { type: "text" })} inputMode="decimal" autoComplete="off" />
          </Field>
        ))}
        <Field label={t("admin.freeUntil")} htmlFor={fields.freeUntil.id} errorId={fields.freeUntil.errorId} errors={fields.freeUntil.errors}>
          <input {...getInputProps(fields.freeUntil, { type: "date" })} />
        </Field>
        <Field label={t("admin.offerEndsOn")} htmlFor={fields.offerEndsOn.id} errorId={fields.offerEndsOn.errorId} errors={fields.offerEndsOn.errors}>
          <input {...getInputProps(fields.offerEndsOn, { type: "date" })} />
        </Field>
        <SubmitButton className="button">{t("admin.save")}</SubmitButton>
      </Form>
    </main>
  );
}
