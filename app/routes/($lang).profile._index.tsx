import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field, FormErrors } from "~/components/ui/field";
import { VoucherList } from "~/components/money/voucher-list";
import { BirthDateFields, CountryField, GenderField, NameFields, PhoneField } from "~/components/accounts/personal-fields";
import { SubmitButton } from "~/components/ui/submit-button";
import { calendarDateIn } from "~/schemas/birth-date";
import { ABOUT_MAX_LENGTH, createProfileSchema } from "~/schemas/profile-general";
import { getEditableProfile, updateProfile } from "~/services/accounts/user.server";
import { travelerVouchers } from "~/services/money/vouchers.server";
import { requireUser } from "~/utils/auth.server";
import { countryOptions } from "~/utils/countries";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { localizedPath } from "~/utils/localized-path";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormData } from "~/utils/form-data.server";

// /profile: general information (name, date of birth, gender, country, phone, nationality, about),
// and the traveler's vouchers (balance and expiry).

export const handle = { i18n: ["profile", "auth", "vouchers"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

const TIME_ZONE = "Africa/Tunis";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const language = await getLanguage(request);
  const t = await getFixedT(language, "profile");
  return {
    profile: await getEditableProfile(user.id),
    vouchers: await travelerVouchers(user.id),
    countries: countryOptions(language),
    today: calendarDateIn(TIME_ZONE),
    title: t("general.title"),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await readFormData(request), { schema: createProfileSchema(calendarDateIn(TIME_ZONE)) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  await updateProfile(user.id, submission.value);
  return redirectWithToast(localizedPath(request, "/profile"), { type: "success", message: "profile:general.saved" });
}

export default function GeneralInformationPage() {
  const { profile, countries, today, vouchers } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation(["profile", "auth"]);
  const [form, fields] = useForm({
    id: "profile-general",
    lastResult,
    defaultValue: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      birthDay: profile.birthDay?.toString(),
      birthMonth: profile.birthMonth?.toString(),
      birthYear: profile.birthYear?.toString(),
      gender: profile.gender,
      country: profile.country,
      phone: profile.phone,
      nationality: profile.nationality,
      about: profile.about,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createProfileSchema(today) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <section aria-labelledby="general-title">
      <h1 id="general-title">{t("general.title")}</h1>
      <p>
        {t("general.email")}: <strong>{profile.email}</strong>{" "}
        {profile.emailVerified ? <span className="badge badge--verified">{t("general.verified")}</span> : null}
      </p>
      <Form method="post" {...getFormProps(form)} noValidate className="account-form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <NameFields firstName={fields.firstName} lastName={fields.lastName} />
        <BirthDateFields day={fields.birthDay} month={fields.birthMonth} year={fields.birthYear} dateErrors={form.allErrors.birthDate} />
        <div className="field-row">
          <GenderField gender={fields.gender} />
          <PhoneField phone={fields.phone} />
        </div>
        <div className="field-row">
          <CountryField field={fields.country} label={t("auth:fields.country")} countries={countries} autoComplete="country" />
          <CountryField field={fields.nationality} label={t("auth:fields.nationality")} countries={countries} optional />
        </div>
        <Field
          label={t("general.about")}
          htmlFor={fields.about.id}
          errorId={fields.about.errorId}
          errors={fields.about.errors}
          hint={t("general.aboutHint", { max: ABOUT_MAX_LENGTH })}
        >
          <textarea {...getTextareaProps(fields.about)} rows={4} />
        </Field>
        <SubmitButton>
          {t("general.save")}
        </SubmitButton>
      </Form>
      <VoucherList balance={vouchers.balance} vouchers={vouchers.vouchers} />
    </section>
  );
}
