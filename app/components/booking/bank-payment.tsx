import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Money } from "~/components/money/money";

/** The account a transfer or deposit goes to (bankDetails() on the server). */
interface BankAccount {
  accountHolder: string;
  bankName: string;
  bankAddress: string;
  rib: string;
  iban: string;
  bic: string;
}

/** An open bank payment: a transfer or a deposit waiting for its money, and for its proof. */
interface OpenBankPayment {
  id: number;
  method: string;
  reference: string;
  amount: number;
  proofUploaded: boolean;
  proofName: string | null;
}

/**
 * How to pay an open transfer or deposit (the reference, the amount, the bank account) and the form
 * that sends its proof (`intent=upload-proof`), for a stay and for an experience booking alike.
 * `errors` shows the proof form's refusal, as the page reads it from its action.
 */
export function BankPayment({
  payment,
  bank,
  maxProofMegabytes,
  errors,
  busy = false,
}: {
  payment: OpenBankPayment;
  bank: BankAccount | null;
  maxProofMegabytes: number;
  errors: ReactNode;
  busy?: boolean;
}) {
  const { t } = useTranslation(["payment", "booking"]);
  const proofId = `proof-${payment.id}`;
  return (
    <>
      <p>{t(payment.method === "bank_deposit" ? "payment:bank.depositIntro" : "payment:bank.transferIntro", { reference: payment.reference })}</p>
      {bank ? (
        <dl className="booking__facts" data-testid="bank-details">
          <dt>{t("payment:bank.accountHolder")}</dt>
          <dd>{bank.accountHolder}</dd>
          <dt>{t("payment:bank.bankName")}</dt>
          <dd>{bank.bankName}</dd>
          <dt>{t("payment:bank.bankAddress")}</dt>
          <dd>{bank.bankAddress}</dd>
          <dt>{t("payment:bank.rib")}</dt>
          <dd>{bank.rib}</dd>
          <dt>{t("payment:bank.iban")}</dt>
          <dd>{bank.iban}</dd>
          <dt>{t("payment:bank.bic")}</dt>
          <dd>{bank.bic}</dd>
          <dt>{t("payment:bank.reference")}</dt>
          <dd>
            <strong data-testid="bank-reference">{payment.reference}</strong>
          </dd>
          <dt>{t("payment:bank.amount")}</dt>
          <dd>
            <Money millimes={payment.amount} /> ({t("booking:price.chargedInTndShort")})
          </dd>
        </dl>
      ) : null}
      {payment.proofUploaded ? (
        <p role="status" data-testid="proof-received">
          {t("payment:bank.proofUnderReview", { name: payment.proofName ?? "" })}
        </p>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="reservation__proof">
        <input type="hidden" name="intent" value="upload-proof" />
        <input type="hidden" name="paymentId" value={payment.id} />
        <div className="field">
          <label htmlFor={proofId}>{payment.proofUploaded ? t("payment:bank.replaceProof") : t("payment:bank.proof")}</label>
          <input id={proofId} name="proof" type="file" accept="application/pdf,image/jpeg,image/png,image/webp" required data-testid="proof-input" />
          <p className="field__hint">{t("payment:bank.proofHint", { size: maxProofMegabytes })}</p>
          {errors}
        </div>
        <button type="submit" className="button" disabled={busy} data-testid="upload-proof">
          {t("payment:bank.send")}
        </button>
      </Form>
    </>
  );
}
