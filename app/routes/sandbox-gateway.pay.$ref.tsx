// /sandbox-gateway/pay/{ref}: the sandbox card gateway's hosted payment page. It stands in for a
// Tunisian gateway's page (which would be on the gateway's own domain): the amount in dinars, a
// card form with the test cards, then a redirect back to the return URL with `?ref=`.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { formatMoney, TND } from "~/domain/money";
import { SandboxCardSchema } from "~/schemas/booking";
import { cancelSandboxCharge, getSandboxCharge, SANDBOX_TEST_CARDS, sandboxDelaySeconds, submitSandboxCard } from "~/services/payments/payment-sandbox.server";
import bookingStyles from "~/styles/booking.css?url";
import { isAppError } from "~/utils/app-error";
import { getLanguage } from "~/utils/i18n.server";
import { readFormData } from "~/utils/form-data.server";

export const handle = { i18n: ["payment"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: bookingStyles }];
export const meta: MetaFunction = () => [{ title: "Sandbox gateway · Darna" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const charge = await getSandboxCharge(String(params.ref ?? ""));
  if (!charge) throw new Response("Not Found", { status: 404 });
  // A settled charge has nothing more to pay: back to the merchant.
  if (charge.status !== "created") throw redirect(charge.returnUrl);
  const language = await getLanguage(request);
  return {
    charge: { reference: charge.reference, description: charge.description, amount: formatMoney(charge.amount, TND, language), expiresAt: charge.expiresAt },
    cards: SANDBOX_TEST_CARDS,
    delaySeconds: sandboxDelaySeconds(),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const reference = String(params.ref ?? "");
  const submission = parseWithZod(await readFormData(request), { schema: SandboxCardSchema });
  if (submission.status !== "success") return data({ fields: {} as Record<string, string>, message: "payment:sandbox.checkCard" }, { status: 400 });
  try {
    if (submission.value.intent === "cancel") return redirect((await cancelSandboxCharge(reference)).redirectUrl);
    const result = await submitSandboxCard(reference, submission.value);
    return redirect(result.redirectUrl);
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (error.status === 404) throw new Response("Not Found", { status: 404 });
    return data({ fields: error.fields ?? {}, message: error.key }, { status: error.status });
  }
}

export default function SandboxGatewayPage() {
  const { charge, cards, delaySeconds } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("payment");
  const errors = (name: string) => (result?.fields?.[name] ? [result.fields[name]] : null);
  return (
    <main className="sandbox-gateway">
      <header className="sandbox-gateway__header">
        <p className="sandbox-gateway__badge">{t("sandbox.badge")}</p>
        <h1>{t("sandbox.title")}</h1>
      </header>
      <section className="sandbox-gateway__order" aria-label={t("sandbox.order")}>
        <p>{charge.description}</p>
        <p className="sandbox-gateway__amount" data-testid="gateway-amount">
          {charge.amount}
        </p>
        <p className="hint">{t("sandbox.reference", { reference: charge.reference })}</p>
      </section>
      {result?.message ? (
        <p className="form-errors" role="alert">
          {t(result.message)}
        </p>
      ) : null}
      <Form method="post" className="sandbox-gateway__form" noValidate>
        <Field label={t("sandbox.cardNumber")} htmlFor="cardNumber" errors={errors("cardNumber")}>
          <input id="cardNumber" name="cardNumber" inputMode="numeric" autoComplete="cc-number" placeholder="4242 4242 4242 4242" required />
        </Field>
        <div className="sandbox-gateway__row">
          <Field label={t("sandbox.expiry")} htmlFor="expiry" errors={errors("expiry")}>
            <input id="expiry" name="expiry" autoComplete="cc-exp" placeholder="MM/YY" required />
          </Field>
          <Field label={t("sandbox.cvc")} htmlFor="cvc" errors={errors("cvc")}>
            <input id="cvc" name="cvc" inputMode="numeric" autoComplete="cc-csc" placeholder="123" required />
          </Field>
        </div>
        <Field label={t("sandbox.holder")} htmlFor="holder" errors={errors("holder")}>
          <input id="holder" name="holder" autoComplete="cc-name" required />
        </Field>
        <div className="sandbox-gateway__actions">
          <SubmitButton name="intent" value="pay" data-testid="gateway-pay">
            {t("sandbox.pay", { amount: charge.amount })}
          </SubmitButton>
          <button type="submit" name="intent" value="cancel" className="button button--ghost" formNoValidate>
            {t("sandbox.cancel")}
          </button>
        </div>
      </Form>
      <section className="sandbox-gateway__cards" aria-labelledby="test-cards">
        <h2 id="test-cards">{t("sandbox.testCards")}</h2>
        <ul>
          <li>
            <code>{cards.success}</code> — {t("sandbox.cardSuccess")}
          </li>
          <li>
            <code>{cards.refused}</code> — {t("sandbox.cardRefused")}
          </li>
          <li>
            <code>{cards.delayed}</code> — {t("sandbox.cardDelayed", { seconds: delaySeconds })}
          </li>
        </ul>
        <p className="hint">{t("sandbox.anyExpiry")}</p>
      </section>
    </main>
  );
}
