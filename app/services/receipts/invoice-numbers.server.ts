// Invoice numbers: one gap-free sequence per year (migration 0170, invoice_sequences). The
// year's row is created on its own first (INSERT that ignores a duplicate, committed at once), so
// the issuing transaction only ever takes one lock, the UPDATE's: concurrent issuers queue on
// that row (MariaDB's row lock, SQLite's one writer) and never deadlock. The number is read back
// inside the same transaction; if the invoice is not written, the UPDATE rolls back with it.

import { QueryTypes, type Transaction } from "sequelize";
import { currentDialect, getSequelize } from "~/db/sequelize.server";

/** Prepares the year's sequence; call before the transaction that allocates from it. */
export async function prepareInvoiceYear(year: number): Promise<void> {
  const verb = currentDialect() === "sqlite" ? "INSERT OR IGNORE" : "INSERT IGNORE";
  await getSequelize().query(`${verb} INTO invoice_sequences (year, last_number) VALUES (:year, 0)`, { replacements: { year } });
}

/** The next number of `year`, taken inside `transaction` (which must write the invoice). */
export async function allocateInvoiceNumber(year: number, transaction: Transaction): Promise<number> {
  const sequelize = getSequelize();
  await sequelize.query("UPDATE invoice_sequences SET last_number = last_number + 1 WHERE year = :year", {
    replacements: { year },
    transaction,
  });
  const rows = await sequelize.query<{ last_number: number | string }>("SELECT last_number FROM invoice_sequences WHERE year = :year", {
    replacements: { year },
    type: QueryTypes.SELECT,
    transaction,
  });
  const number = Number(rows[0]?.last_number);
  if (!Number.isSafeInteger(number) || number < 1) throw new Error(`invoice_sequences has no row for ${year}`);
  return number;
}
